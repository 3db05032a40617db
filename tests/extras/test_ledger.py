"""The ledger: one seat's public record month by month, and its exports."""
from __future__ import annotations

import collections
import csv
import io
import os
import tkinter as tk
from pathlib import Path

import pytest

from ed.rules import GOODS, RAW
from ed.ui.presenter.ledger import COLUMNS, ledger_rows, to_csv, to_tsv
from ed.ui.screens import ledger
from ed.ui.screens.ledger import write_csv

from tests.conftest import device_node

from .conftest import play, pump, worked_example


def test_worked_example_ledger_of_bob():
    game = worked_example()
    start, jan, end = ledger_rows(game.history, 1, game.rules)
    assert (start.label, start.cash_after) == ("Start", 900)
    assert jan.ordered == ((6, 44), (0, 0), (8, 18))
    assert jan.bought == (6, 0, 8)
    assert jan.paid == 408
    assert jan.offered == ((1, 149), (0, 0), (2, 88))
    assert jan.sold == (1, 0, 2)
    assert jan.received == 325
    assert (jan.cash_after, jan.stock_after) == (817, (1, 0, 4))
    assert (end.label, end.received, end.cash_after) == ("End", 114, 931)


def test_month_with_selling_pending_has_no_offer():
    game = play(players=2, months=2, stop_before_end=True)
    game.submit(0, {"A": (0, 0)})        # a pending offer: not public, not in the ledger
    rows = ledger_rows(game.history, 0, game.rules)
    assert [r.label for r in rows] == ["Start", "Jan", "Feb"]
    assert rows[-1].offered is None and rows[-1].sold is None


def test_unknown_seat_is_refused():
    game = worked_example()
    with pytest.raises(ValueError, match="no seat 2"):
        ledger_rows(game.history, 2, game.rules)


def _parse(text: str, delimiter: str = ","):
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))


def test_csv_round_trips_the_engines_numbers(finished_game):
    game = finished_game
    checked = collections.Counter()
    for seat in range(game.players):
        table = _parse(to_csv(ledger_rows(game.history, seat, game.rules)))
        assert list(table[0]) == list(COLUMNS)
        assert table[0]["Cash after"] == str(game.rules.starting_cash)
        months = table[1:-1]
        assert len(months) == game.rules.months
        for report in game.history:
            row = months[report.month - 1]
            mine = report.seats[seat]
            for line in mine.lines:
                name = {"xfine": "X-Fine", "fine": "Fine", "standard": "Standard"}.get(
                    line.commodity, line.commodity)
                if line.commodity in RAW:
                    assert int(row[f"{name} ordered"]) == line.units
                    assert int(row[f"{name} bought"]) == line.done
                    checked["order lines"] += 1
                else:
                    assert int(row[f"{name} offered"]) == line.units
                    assert int(row[f"{name} sold"]) == line.done
                    checked["offer lines"] += 1
                price = row[f"{name} bid" if line.commodity in RAW else f"{name} ask"]
                assert price == (str(line.price) if line.units else "")
            if report.phase == "purchasing":
                assert int(row["Paid"]) == mine.money
                assert int(row["Loan"]) == mine.loan
            else:
                assert int(row["Received"]) == mine.money
                assert int(row["Cash after"]) == mine.cash_after
                assert [int(row[f"{n} after"]) for n in ("X-Fine", "Fine", "Standard")] == \
                    [mine.stock_after[k] for k in RAW]
            checked[report.phase] += 1
        end = table[-1]
        assert int(end["Cash after"]) == game.final_cash()[seat]
        assert int(end["Received"]) == game.history[-1].settlement[seat].materials_value
    months = game.players * game.rules.months       # every seat's every month, both phases
    assert checked == {"purchasing": months, "selling": months, "order lines": 3 * months,
                       "offer lines": 3 * months}


def test_tsv_has_the_same_cells():
    game = worked_example()
    rows = ledger_rows(game.history, 0, game.rules)
    assert _parse(to_tsv(rows), "\t") == _parse(to_csv(rows))


def test_write_csv_is_atomic_and_readable(tmp_path):
    game = worked_example()
    rows = ledger_rows(game.history, 0, game.rules)
    target = tmp_path / "ledger.csv"
    target.write_text("old")
    write_csv(rows, target)
    with open(target, newline="", encoding="utf-8") as handle:
        assert _parse(handle.read()) == _parse(to_csv(rows))
    assert sorted(os.listdir(tmp_path)) == ["ledger.csv"]


def test_write_csv_failure_leaves_nothing(tmp_path):
    game = worked_example()
    with pytest.raises(ValueError, match="There is no folder .*missing; choose a folder"):
        write_csv(ledger_rows(game.history, 0, game.rules), tmp_path / "missing" / "x.csv")
    assert os.listdir(tmp_path) == []


def test_ledger_module_has_goods_columns():
    for good in GOODS:
        assert f"{good} ask" in COLUMNS


def test_window_shows_rows_switches_seat_copies_and_exports(root, tmp_path):
    game = worked_example()
    window = ledger.LedgerWindow(root, game, seat=0, ask_path=lambda: str(tmp_path / "a.csv"))
    pump(root)
    tree = window.tree
    assert len(tree.get_children()) == 3
    jan = tree.item(tree.get_children()[1], "values")
    assert jan[0] == "Jan" and jan[1] == "6 at $40: none" and jan[2] == "4 at $28: 4"
    assert window.seat_var.get() == "Ann"
    window.seat_box.current(1)
    window.seat_box.event_generate("<<ComboboxSelected>>")
    pump(root)
    jan = tree.item(tree.get_children()[1], "values")
    offers = window.trees["offers"]
    cash = offers.item(offers.get_children()[1], "values")[5]
    assert window.seat == 1 and jan[1] == "6 at $44: 6" and cash == "$817"
    assert [window.tabs.tab(tab, "text") for tab in window.tabs.tabs()] == \
        ["Orders", "Offers", "Notes"]
    window.button_copy.invoke()
    assert root.clipboard_get() == to_tsv(window.rows)
    window.button_export.invoke()
    assert (tmp_path / "a.csv").exists()
    assert "Saved a.csv" in window.status.cget("text")
    window.export_csv(tmp_path / "no" / "such" / "folder.csv")
    assert window.status.cget("text").startswith("Could not save the file")


def test_the_note_says_when_a_month_s_cash_and_stock_are_as_its_buying_left_them(root):
    """While a month's selling is still to come, its cash and stock are as its buying left
    them, and the note under the table says so (it said "after the month" of every row)."""
    game = play(players=2, months=3, stop_before_end=True)
    window = ledger.LedgerWindow(root, game, seat=0)
    pump(root)
    offers = window.trees["offers"]
    march = offers.item(offers.get_children()[-1], "values")
    assert march[0] == "Mar" and march[5] == f"${game.cash(0)}"
    assert window.help.cget("text").endswith(
        "Stock is X-Fine / Fine / Standard after the month; in Mar, after its buying.")
    finished = worked_example()
    window.source = finished
    window.refresh()
    assert window.help.cget("text").endswith(
        "Stock is X-Fine / Fine / Standard after the month.")


def test_window_follows_a_provider(root):
    game = play(players=2, months=3, stop_before_end=True)
    current = {"game": worked_example()}
    window = ledger.LedgerWindow(root, lambda: current["game"].view(0))
    assert len(window.rows) == 3
    current["game"] = game
    window.refresh()
    assert [r.label for r in window.rows] == ["Start", "Jan", "Feb", "Mar"]


def test_export_postscript_writes_a_ps_file(root, tmp_path):
    top = tk.Toplevel(root)
    canvas = tk.Canvas(top, width=200, height=100)
    canvas.pack()
    canvas.create_line(0, 0, 200, 100)
    pump(root)
    target = tmp_path / "chart.ps"
    ledger.export_postscript(canvas, target)
    assert target.read_bytes().startswith(b"%!PS")
    assert sorted(os.listdir(tmp_path)) == ["chart.ps"]


# ------------------------------------------- Export CSV… never over the program's files

@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A data folder (``ED_DATA_DIR``) with a game's save, its lock, settings and index."""
    from ed import save as _save
    from ed.saves import locks
    folder = tmp_path / "data"
    (folder / "saves").mkdir(parents=True)
    monkeypatch.setenv("ED_DATA_DIR", str(folder))
    _save.save(worked_example(), folder / "saves" / "g.json")
    lock = locks.acquire(folder / "saves" / "g.json")
    (folder / "settings.json").write_text('{"first_run_done": true}')
    (folder / "saves-index.json").write_text("{}")
    yield folder
    lock.release()


def every_file(*folders: Path) -> dict:
    return {p: (os.lstat(p).st_ino, os.lstat(p).st_mode, p.read_bytes() if p.is_file() else None)
            for folder in folders for p in folder.rglob("*")}


@pytest.mark.parametrize("what, said", [
    ("a save of the folder", "would be in the app's data folder"),
    ("its lock", "is a name this game gives its own files"),
    ("the settings", "would be in the app's data folder"),
    ("the index", "would be in the app's data folder"),
    ("a save elsewhere", "is a saved game of Executive Decision"),
    ("a backup elsewhere", "is a name this game gives its own files"),
    ("a link to a save", "would be in the app's data folder"),
    ("a FIFO", "is not a regular file (it is a pipe, socket or device)"),
    ("a device", "is not a regular file (it is a pipe, socket or device)"),
])
def test_export_csv_never_writes_over_the_program_s_files(root, data, tmp_path, what, said):
    from ed import save as _save
    from tests.ui.test_locks import make_special, no_hang
    away = tmp_path / "away"
    away.mkdir()
    _save.save(worked_example(), away / "kept.json")
    _save.save(worked_example(), away / "kept.json")              # and its .bak
    (away / "link.csv").symlink_to(data / "saves" / "g.json")
    make_special(away / "pipe.csv", "fifo")
    target = {"a save of the folder": data / "saves" / "g.json",
              "its lock": data / "saves" / "g.json.lock",
              "the settings": data / "settings.json", "the index": data / "saves-index.json",
              "a save elsewhere": away / "kept.json", "a backup elsewhere": away / "kept.json.bak",
              "a link to a save": away / "link.csv", "a FIFO": away / "pipe.csv",
              "a device": device_node(away) if what == "a device" else None}[what]
    before = every_file(data, away)
    window = ledger.LedgerWindow(root, worked_example(), ask_path=lambda: str(target))
    with no_hang(20):
        window.button_export.invoke()
        pump(root)
    status = window.status.cget("text")
    assert status.startswith("Could not save the file. ") and said in status, status
    assert every_file(data, away) == before and window.question is None


def test_export_csv_asks_before_replacing_a_file(root, data, tmp_path):
    target = tmp_path / "ledger-Ann.csv"
    target.write_text("my own sums")
    window = ledger.LedgerWindow(root, worked_example(), ask_path=lambda: str(target))
    window.button_export.invoke()
    pump(root)
    question = window.question
    assert question.labels == ["Replace", "Cancel"]
    text = question.text_label.cget("text")
    assert text.startswith(f"ledger-Ann.csv is already in {tmp_path}: a file of 11 bytes, "
                           f"changed ") and text.endswith(". Replace it?")
    question.event_generate("<Escape>")
    pump(root)
    assert target.read_text() == "my own sums" and window.status.cget("text") == ""
    window.button_export.invoke()
    pump(root)
    window.question.buttons[0].invoke()                         # Replace
    pump(root)
    assert window.status.cget("text") == "Saved ledger-Ann.csv."
    with open(target, newline="", encoding="utf-8") as handle:
        assert _parse(handle.read()) == _parse(to_csv(window.rows))


def test_export_csv_opens_its_dialog_outside_the_data_folder(root, data, tmp_path, monkeypatch):
    from tkinter import filedialog
    asked = []
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **kw: asked.append(kw) or "")
    monkeypatch.chdir(data)
    for home in (data, tmp_path):                     # a home that is the data folder, or not
        monkeypatch.setenv("HOME", str(home))
        ledger.LedgerWindow(root, worked_example()).button_export.invoke()
        opens = Path(os.path.realpath(asked[-1]["initialdir"]))
        assert opens != data and data not in opens.parents and opens.is_dir()
        assert asked[-1]["confirmoverwrite"] is False
    assert opens == tmp_path
