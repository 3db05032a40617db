"""Game ▸ Print tally sheet: a PostScript file that fits A4 and Letter, read back.

The file is written through the real window, then its header, its pages and
the words it draws are read back; the pages are also drawn on a canvas and
every item is checked to lie inside its page, no two words on each other.
"""
from __future__ import annotations

import itertools
import json
import os
import random
import re
import stat
from pathlib import Path

import pytest

import ed
from ed.ai.randomplay import random_entry
from ed.rules import month_label
from ed.ui import presenter as P
from ed.ui.screens import printing

from tests.conftest import device_node

from .test_window import focus_of, keys

GLYPHS = {"emdash": "—", "endash": "–", "periodcentered": "·", "edieresis": "ë"}
ROW_WORDS = ("ORDERS", "SALES", "Month", "X-Fine", "Fine", "Standard", "A", "B", "C", "Total",
             "Cash", "Stock", "units", "price", "paid", "received", "at month end", "X · F · S")


def game_at(month: int, *, players: int = 4, months: int = 12, names=None, **options):
    """Ann against computer players, played with random entries up to ``month`` (buying)."""
    names = names or ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"][:players]
    seats = [ed.Seat()] + [ed.Seat("computer", "easy", None)] * (players - 1)
    game = ed.Game(ed.Rules(players=players, months=months, **options), names, seed=month,
                   seats=seats)
    rng = random.Random(month)
    while not game.is_over and game.month < month:
        for seat in range(players):
            game.submit(seat, random_entry(game.view(seat), rng))
        game.resolve()
    return game


def open_app(make_app, tmp_path, game):
    path = tmp_path / "game.json"
    ed.save.save(game, str(path))
    return make_app(save=str(path))


def ps_texts(document: str):
    """Every text a PostScript page draws, as Tk writes them: ``[(Zo)/edieresis( )]``."""
    texts = []
    for line in document.splitlines():
        if not (line.startswith("[") and line.endswith("]")) or line.startswith("[{"):
            continue
        parts = re.findall(r"\((?:\\.|[^\\)])*\)|/\w+", line[1:-1])
        text = ""
        for part in parts:
            if part.startswith("/"):
                text += GLYPHS.get(part[1:], "?")
            else:
                text += re.sub(r"\\([0-7]{3}|.)",
                               lambda m: chr(int(m[1], 8)) if len(m[1]) == 3 else m[1],
                               part[1:-1])
        texts.append(text)
    return texts


def pages_of(document: str):
    return re.split(r"^%%Page: \d+ \d+$", document, flags=re.M)[1:]


def check_document(document: str, paper: str, game, seat: int = 0) -> None:
    """The header, the page size and the words of every page of a printed sheet."""
    width, height = printing.PAPERS[paper]
    assert document.startswith("%!PS-Adobe-3.0\n")
    assert f"%%DocumentMedia: {paper} {width} {height} 0 () ()" in document
    assert f"<< /PageSize [{width} {height}] >> setpagedevice" in document
    x1, y1, x2, y2 = map(int, re.search(r"^%%BoundingBox: (.*)$", document, re.M)[1].split())
    margin = printing.MARGIN
    assert margin - 2 <= x1 < x2 <= width - margin + 2, (x1, x2)
    assert margin - 2 <= y1 < y2 <= height - margin + 2, (y1, y2)
    pages = printing.page_months(game.rules.months)
    assert re.search(r"^%%Pages: (\d+)$", document, re.M)[1] == str(len(pages))
    assert len(pages_of(document)) == len(pages)
    assert document.rstrip().endswith("%%Trailer\nend\n%%EOF")
    for body, (first, last) in zip(pages_of(document), pages):
        texts = ps_texts(body)
        assert "Executive Decision — tally sheet" in texts
        assert f"Player: {game.names[seat]}" in texts
        for month in range(first, last + 1):
            assert month_label(month) in texts
        for word in ROW_WORDS:
            assert word in texts, word
        assert any(t.startswith(f"Months {month_label(first)}–{month_label(last)}, page ")
                   for t in texts)
    revealed = P.tally_columns(game.history, seat)
    for month, column in revealed.items():
        body = pages_of(document)[(month - 1) // printing.MONTHS_PER_PAGE]
        texts = ps_texts(body)
        for cell in column.values():
            if cell.text:
                assert cell.text in texts, (month, cell)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_a_four_player_sheet_in_month_nine(make_app, tmp_path, paper):
    game = game_at(9)
    app = open_app(make_app, tmp_path, game)
    assert app.mode == "enter" and game.month == 9
    target = tmp_path / "sheet.ps"
    assert app.files.print_to(str(target), paper=paper)
    assert app.layout.message.cget("text") == (
        f"Ann's tally sheet (1 {paper} page) was written to {target}; open or print it with "
        f"any PostScript viewer.")
    document = target.read_text(encoding="latin-1")
    check_document(document, paper, game)
    # Only what is revealed: nothing of September, whose orders are still secret.
    assert set(P.tally_columns(game.history, 0)) <= set(range(1, 9))
    texts = ps_texts(document)
    assert "Revealed up to Aug (month 8); now Sep, buying raw materials." in texts


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_a_36_month_game_a_year_to_a_page(make_app, tmp_path, paper):
    game = game_at(99, players=6, months=36)
    assert game.is_over
    app = open_app(make_app, tmp_path, game)
    target = tmp_path / "long.ps"
    assert app.files.print_to(str(target), paper=paper)
    document = target.read_text(encoding="latin-1")
    check_document(document, paper, game)
    assert [t for t in ps_texts(document) if t.startswith("Months ")] == [
        "Months Jan–Dec, page 1 of 3", "Months Jan Y2–Dec Y2, page 2 of 3",
        "Months Jan Y3–Dec Y3, page 3 of 3"]
    finals, places = game.final_cash(), game.places()
    assert (f"The game is over: final cash {P.money(finals[0])}, place {places[0]} of 6."
            in ps_texts(document))


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("paper, months, options", [
    ("A4", 12, {}), ("Letter", 12, {}), ("A4", 36, {"loans": True}),
    ("Letter", 30, {"loans": True, "partial_fills": True, "partial_sales": True,
                    "classic_recipes": True}),
    ("A4", 1, {}), ("Letter", 5, {"loans": True}),
])
def test_every_word_is_inside_its_page_and_clear_of_the_others(make_app, paper, months,
                                                                options):
    app = make_app()
    game = game_at(99, players=6, months=months, names=["Ann " + "W" * 36, "Bob", "Cy", "Di",
                                                        "Eve", "Fay"], **options)
    import tkinter as tk
    top = tk.Toplevel(app)
    canvas = tk.Canvas(top)
    pages = printing.SheetPages(canvas, printing.sheet_of(game, 0), paper)
    assert len(pages.pages) == len(printing.page_months(months))
    for page in pages.pages:
        region = (0, page.top, pages.width, page.top + pages.height)
        items = canvas.find_overlapping(*region)
        assert items
        for item in items:
            # Words by the box Tk gives them (a point wider all round than the letters);
            # lines and boxes by their own coordinates.
            if canvas.type(item) == "text":
                x1, y1, x2, y2 = (a + b for a, b in zip(canvas.bbox(item), (1, 1, -1, -1)))
            else:
                xs, ys = canvas.coords(item)[0::2], canvas.coords(item)[1::2]
                x1, y1, x2, y2 = min(xs), min(ys), max(xs), max(ys)
            assert (x1 >= 0 and y1 >= page.top and x2 <= pages.width
                    and y2 <= page.top + pages.height), (canvas.gettags(item), (x1, y1, x2, y2))
        texts = [i for i in items if canvas.type(i) == "text"]
        for a, b in itertools.combinations(texts, 2):
            assert not _overlap(canvas.bbox(a), canvas.bbox(b)), (
                canvas.itemcget(a, "text"), canvas.itemcget(b, "text"))
        for item in canvas.find_withtag("cell"):    # each number within its month's column
            x1, _, x2, _ = canvas.bbox(item)
            assert x2 - x1 <= pages.col_w
    top.destroy()


def test_the_paper_comes_from_the_locale():
    assert printing.default_paper({"LANG": "en_US.UTF-8"}) == "Letter"
    assert printing.default_paper({"LANG": "en_GB.UTF-8"}) == "A4"
    assert printing.default_paper({"LANG": "fr_FR.UTF-8", "LC_PAPER": "fr_CA.UTF-8"}) == "Letter"
    assert printing.default_paper({"LC_ALL": "de_DE", "LANG": "en_US"}) == "A4"
    assert printing.default_paper({"LANG": "English_United States.1252"}) == "Letter"
    assert printing.default_paper({"LANG": "C.UTF-8"}) == "A4"
    assert printing.default_paper({}) == "A4"


def test_a_year_to_a_page():
    assert printing.page_months(9) == [(1, 9)]
    assert printing.page_months(12) == [(1, 12)]
    assert printing.page_months(30) == [(1, 12), (13, 24), (25, 30)]
    assert printing.page_months(36) == [(1, 12), (13, 24), (25, 36)]


def test_print_dialog_chooses_the_paper_and_remembers_it(make_app, data_dir, tmp_path,
                                                        monkeypatch):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                        "paper": "Letter"}))
    target = tmp_path / "chosen.ps"
    monkeypatch.setattr(printing.PrintDialog, "_ask_path", lambda self: str(target))
    app = open_app(make_app, tmp_path, game_at(3))
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    dialog = app.windows["print"]
    assert dialog.winfo_viewable() and dialog.paper_var.get() == "Letter"
    assert dialog.about.cget("text") == (
        "Ann's tally sheet, the months revealed so far, as a PostScript file to print or to "
        "open in any PostScript viewer: 1 page, landscape.")
    # The keyboard starts on the paper chosen (when the dialog has the window manager's focus).
    assert dialog.focus_lastfor() is dialog.paper_buttons["Letter"]
    keys(app, dialog.paper_buttons["Letter"], "Down")
    assert dialog.paper_var.get() == "A4"
    keys(app, dialog.paper_buttons["A4"], "Return")
    assert not dialog.winfo_exists()
    assert "%%DocumentMedia: A4 595 842" in target.read_text(encoding="latin-1")
    assert json.loads((data_dir / "settings.json").read_text())["paper"] == "A4"
    # Escape closes the dialog and writes nothing.
    target.unlink()
    app.files.print_dialog()
    app.update()
    dialog = app.windows["print"]
    assert dialog.paper_var.get() == "A4"
    keys(app, dialog.paper_buttons["A4"], "Escape")
    assert not dialog.winfo_exists() and not target.exists()


def test_the_print_dialog_prints_the_sheet_it_named(make_app, tmp_path, monkeypatch):
    """The dialog is not modal: if another sheet comes up meanwhile, it still prints the
    sheet its words named."""
    target = tmp_path / "named.ps"
    monkeypatch.setattr(printing.PrintDialog, "_ask_path", lambda self: str(target))
    app = open_app(make_app, tmp_path, game_at(3, names=["Ann", "Bob", "Cy", "Di"]))
    app.files.print_dialog()
    app.update()
    dialog = app.windows["print"]
    assert dialog.about.cget("text").startswith("Ann's tally sheet")
    app.flow.current_seat = 2                     # another seat's sheet is up now
    keys(app, dialog.paper_buttons[dialog.paper_var.get()], "Return")
    assert "Ann" in app.layout.message.cget("text") and "Cy" not in app.layout.message.cget("text")
    assert any("Ann" in text for text in ps_texts(target.read_text(encoding="latin-1")))


# ------------------------------------------------- never over the program's own files

def print_from_the_dialog(app, monkeypatch, path) -> None:
    """Ctrl+P, the file named ``path`` (as if typed in the file dialog), Enter."""
    monkeypatch.setattr(printing.PrintDialog, "_ask_path", lambda self: str(path))
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    dialog = app.windows["print"]
    keys(app, dialog.paper_buttons[dialog.paper_var.get()], "Return")
    assert not dialog.winfo_exists()


def hostile_target(data_dir, tmp_path, app, what: str):
    """What Ctrl+P was found to write over, by name: another game's save in the saves
    folder, this game's own save and its lock, the settings, the index, a FIFO, a link to
    a save (it was replaced, not followed) and a device."""
    from ed.saves import locks
    from .test_locks import make_special
    other = next(p for p in (data_dir / "saves").glob("*.json") if p != app.session.autosave_path)
    make_special(tmp_path / "pipe.ps", "fifo")
    (tmp_path / "link.ps").symlink_to(other)
    own = app.session.autosave_path
    device = device_node(tmp_path) if what == "a device" else None
    return {"another game's save": other, "this game's save": own,
            "its lock": locks.lock_path(own), "settings": data_dir / "settings.json",
            "the index": data_dir / "saves-index.json", "a FIFO": tmp_path / "pipe.ps",
            "a link to a save": tmp_path / "link.ps", "a device": device}[what]


@pytest.mark.parametrize("what, said", [
    ("another game's save", "would be in the app's data folder"),
    ("this game's save", "would be in the app's data folder"),
    ("its lock", "is a name this game gives its own files"),
    ("settings", "would be in the app's data folder"),
    ("the index", "would be in the app's data folder"),
    ("a FIFO", "is not a regular file (it is a pipe, socket or device)"),
    ("a link to a save", "would be in the app's data folder"),
    ("a device", "is not a regular file (it is a pipe, socket or device)"),
])
def test_printing_never_writes_over_the_program_s_own_files(make_app, data_dir, tmp_path,
                                                            monkeypatch, what, said):
    """Ctrl+P, ``saves/<another game>.json`` typed, confirmed: the other game's save was
    written over (then listed "damaged", with no backup); so were the settings, the index,
    a lock, a FIFO, a link and, as root, /dev/null itself (here a node made like it)."""
    from ed.saves.store import SaveStore
    from .test_locks import no_hang
    from .test_saves_window import human_game, put_save
    put_save(data_dir, human_game(("Cy", "Di"), 3), 5)
    app = open_app(make_app, tmp_path, game_at(3))
    SaveStore(data_dir).listing()                              # the index is written
    paper = printing.remembered_paper(app.settings)            # the dialog keeps its paper
    app.prefs.update_settings(extra={**app.settings.extra, printing.SETTING: paper})
    target = hostile_target(data_dir, tmp_path, app, what)
    looked_at = [*data_dir.rglob("*"), *tmp_path.glob("*.ps"), tmp_path / "null"]
    before = {p: (os.lstat(p).st_ino, os.lstat(p).st_mode, p.read_bytes() if p.is_file()
                  else None) for p in looked_at if os.path.lexists(p)}
    with no_hang(20):
        print_from_the_dialog(app, monkeypatch, target)
    message = app.layout.message_text
    assert message.startswith("The tally sheet could not be printed. ") and said in message, \
        message
    after = {p: (os.lstat(p).st_ino, os.lstat(p).st_mode, p.read_bytes() if p.is_file()
                 else None) for p in looked_at if os.path.lexists(p)}
    assert after == before                    # nothing written, no .bak, no node replaced
    assert os.path.islink(tmp_path / "link.ps") and \
        stat.S_ISFIFO(os.lstat(tmp_path / "pipe.ps").st_mode)
    listed = SaveStore(data_dir).listing()
    assert all(info.problem is None for info in listed) and len(listed) == 2


def test_the_print_dialog_opens_outside_the_data_folder_and_asks_before_replacing(
        make_app, data_dir, tmp_path, monkeypatch):
    from tkinter import filedialog
    asked = []
    sheet = tmp_path / "tally-Ann.ps"
    sheet.write_text("last week")
    monkeypatch.setattr(filedialog, "asksaveasfilename",
                        lambda **kw: asked.append(kw) or str(sheet))
    app = open_app(make_app, tmp_path, game_at(3))
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    keys(app, app.windows["print"].save_button, "Return")
    options = asked[-1]
    opens = Path(os.path.realpath(options["initialdir"]))
    assert opens != data_dir and data_dir not in opens.parents    # not in the data folder
    assert options["initialdir"] == str(Path.home()) and options["confirmoverwrite"] is False
    question = app.files.question
    assert question.title() == "Replace the file? — Executive Decision"
    assert question.labels == ["Replace", "Cancel"] and focus_of(app) is question.buttons[1]
    text = question.text_label.cget("text")
    assert text.startswith(f"tally-Ann.ps is already in {tmp_path}: a file of 9 bytes, changed ")
    assert text.endswith(". Replace it?")
    keys(app, question.buttons[1], "Return")                   # Enter: Cancel
    assert sheet.read_text() == "last week" and "written to" not in app.layout.message_text
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    keys(app, app.windows["print"].save_button, "Return")
    keys(app, app.files.question.buttons[1], "Escape")          # Escape: Cancel
    assert sheet.read_text() == "last week"
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    keys(app, app.windows["print"].save_button, "Return")
    app.files.question.buttons[0].invoke()                      # Replace
    app.update()
    assert sheet.read_text(encoding="latin-1").startswith("%!PS-Adobe-3.0")
    assert app.layout.message_text.startswith("Ann's tally sheet (1 A4 page) was written to") \
        or app.layout.message_text.startswith("Ann's tally sheet (1 Letter page) was written")
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    keys(app, app.windows["print"].save_button, "Return")
    assert asked[-1]["initialdir"] == str(tmp_path)             # where it was written last
    app.files.question.buttons[1].invoke()
