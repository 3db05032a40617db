"""The ledger: one seat's orders, offers, money and stock month by month.

The pure part needs no tkinter (and no display):

- ``ledger_rows(history, seat, rules) -> list[LedgerRow]``: a "Start" row,
  one row per month with a resolved phase, and an "End" row for the
  settlement once the game is over.  Built from resolved reports only, so it
  holds public information only (RULES §4.3).
- ``COLUMNS``, ``row_values(row)``: the flat table behind the exports.
- ``to_csv(rows) -> str``, ``to_tsv(rows) -> str`` (for the clipboard),
  ``write_csv(rows, path)`` (atomic) and ``write_text_atomic(path, text)``.
- ``export_postscript(canvas, path)``: a canvas as a ``.ps`` file, atomically.

``LedgerWindow(parent, source, seat=0)`` (tkinter imported on first use) is a
Toplevel with the ledger in three tables, each narrow enough to be read
without scrolling sideways at any text size offered (``DISPLAY_TABS``: the
orders, the offers with the month's cash and stock, the notes), a seat
chooser, "Copy" and "Export CSV…"::

    LedgerWindow (tk.Toplevel)
    +-- top: seat_label, seat_box (ttk.Combobox), button_copy, button_export
    +-- tabs (ttk.Notebook): trees["orders"], trees["offers"], trees["notes"]
    |                        (ttk.Treeview, each scrolling up and down)
    +-- status (ttk.Label)
"""
from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, Tuple, Union

from ed.rules import GOODS, NAMES, RAW, Rules, month_label

if TYPE_CHECKING:  # pragma: no cover
    from ed.report import PhaseReport

Pair = Tuple[int, int]


@dataclass(frozen=True)
class LedgerRow:
    """One line of a seat's ledger.

    ``kind`` is ``"start"``, ``"month"`` or ``"end"``.  Per grade (X-Fine,
    Fine, Standard) ``ordered`` holds (units, bid) and ``bought`` units; per
    good (A, B, C) ``offered`` holds (units, ask) and ``sold`` units.
    ``offered``/``sold`` are ``None`` while the month's selling is not yet
    resolved.  ``paid`` and ``received`` are whole dollars; in the "end" row
    ``received`` is the Broker's payment for materials and ``paid`` the loan
    repaid.  ``cash_after``/``stock_after`` are after the row's last phase.
    """

    kind: str
    month: int
    label: str
    ordered: Tuple[Pair, Pair, Pair] = ((0, 0), (0, 0), (0, 0))
    bought: Tuple[int, int, int] = (0, 0, 0)
    paid: int = 0
    loan: int = 0
    offered: Optional[Tuple[Pair, Pair, Pair]] = None
    sold: Optional[Tuple[int, int, int]] = None
    received: int = 0
    cash_after: int = 0
    stock_after: Tuple[int, int, int] = (0, 0, 0)
    note: str = ""


def _triple(mapping: Any) -> Tuple[int, int, int]:
    return tuple(mapping[k] for k in RAW)  # type: ignore[return-value]


def ledger_rows(history: Iterable["PhaseReport"], seat: int, rules: Rules) -> List[LedgerRow]:
    """The ledger of ``seat`` from resolved reports: Start, each month, then End.

    Raises ``ValueError`` when ``seat`` is not a seat of the game.
    """
    if not 0 <= seat < rules.players:
        raise ValueError(f"There is no seat {seat}; seats are numbered 0 to {rules.players - 1}.")
    rows: List[LedgerRow] = [LedgerRow("start", 0, "Start", cash_after=rules.starting_cash,
                                       note="starting cash")]
    for report in history:
        mine = report.seats[seat]
        if report.phase == "purchasing":
            notes = []
            if mine.cancelled:
                notes.append(f"purchases cancelled: {mine.reason}")
            if mine.loan:
                notes.append(f"borrowed ${mine.loan}")
            rows.append(LedgerRow(
                "month", report.month, month_label(report.month),
                ordered=tuple((line.units, line.price) for line in mine.lines),  # type: ignore
                bought=tuple(line.done for line in mine.lines),  # type: ignore[arg-type]
                paid=mine.money, loan=mine.loan, cash_after=mine.cash_after,
                stock_after=_triple(mine.stock_after), note="; ".join(notes)))
        else:
            last = rows[-1]
            note = last.note
            if mine.cancelled:
                extra = "offer could not be made from stock, nothing counted or sold"
                note = f"{note}; {extra}" if note else extra
            rows[-1] = LedgerRow(
                "month", last.month, last.label, last.ordered, last.bought, last.paid, last.loan,
                offered=tuple((line.units, line.price) for line in mine.lines),  # type: ignore
                sold=tuple(line.done for line in mine.lines),  # type: ignore[arg-type]
                received=mine.money, cash_after=mine.cash_after,
                stock_after=_triple(mine.stock_after), note=note)
        if report.settlement:
            end = report.settlement[seat]
            what = ", ".join(f"{n} {NAMES[k]}" for k, n in end.materials.items() if n)
            notes = [f"sold {what} to the Broker" if what else "no materials left"]
            if end.loan_repaid:
                notes.append(f"repaid ${end.loan_repaid} for ${end.borrowed} borrowed")
            notes.append(f"profit ${end.profit}, place {end.place}")
            rows.append(LedgerRow("end", report.month, "End", paid=end.loan_repaid,
                                  received=end.materials_value, cash_after=end.final_cash,
                                  note="; ".join(notes)))
    return rows


def _header() -> List[str]:
    cols = ["Month"]
    for key in RAW:
        cols += [f"{NAMES[key]} ordered", f"{NAMES[key]} bid", f"{NAMES[key]} bought"]
    cols += ["Paid", "Loan"]
    for key in GOODS:
        cols += [f"{key} offered", f"{key} ask", f"{key} sold"]
    cols += ["Received", "Cash after"]
    cols += [f"{NAMES[key]} after" for key in RAW]
    cols.append("Note")
    return cols


#: The columns of the CSV and clipboard exports, in order.
COLUMNS: Tuple[str, ...] = tuple(_header())


def row_values(row: LedgerRow) -> List[Union[int, str]]:
    """The row's cells in the order of ``COLUMNS``; "" where nothing applies."""
    blank = row.kind != "month"
    cells: List[Union[int, str]] = [row.label]
    for i in range(3):
        units, bid = row.ordered[i]
        cells += ["", "", ""] if blank else [units, bid if units else "", row.bought[i]]
    start = row.kind == "start"
    cells += ["" if start else row.paid, "" if blank else row.loan]
    for i in range(3):
        if blank or row.offered is None or row.sold is None:
            cells += ["", "", ""]
        else:
            units, ask = row.offered[i]
            cells += [units, ask if units else "", row.sold[i]]
    selling_pending = row.kind == "month" and row.offered is None
    cells += ["" if start or selling_pending else row.received, row.cash_after]
    cells += list(row.stock_after)
    cells.append(row.note)
    return cells


def _table(rows: Iterable[LedgerRow], delimiter: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(row_values(row))
    return out.getvalue()


def to_csv(rows: Iterable[LedgerRow]) -> str:
    """The ledger as CSV text with a header line."""
    return _table(rows, ",")


def to_tsv(rows: Iterable[LedgerRow]) -> str:
    """The ledger as tab-separated text, which spreadsheets accept from the clipboard."""
    return _table(rows, "\t")


def write_text_atomic(path: "os.PathLike[str] | str", text: str, *,
                      encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` all at once (``ed.save.write_atomic``), line ends as given.

    Raises ``OSError`` when the file cannot be written; ``path`` is then as it was.
    """
    from ed.saves.format import write_atomic  # on first use: the engine is not needed at start-up
    write_atomic(path, text.encode(encoding))


def write_csv(rows: Iterable[LedgerRow], path: "os.PathLike[str] | str") -> None:
    """Write the ledger to ``path`` as CSV, atomically.  Raises ``OSError`` on failure."""
    # CSV files conventionally use CRLF line ends; spreadsheets read either.
    write_text_atomic(path, to_csv(rows).replace("\n", "\r\n"))


def export_postscript(canvas: Any, path: "os.PathLike[str] | str") -> None:
    """Write a Tk canvas (e.g. a chart) as a PostScript file, atomically.

    Raises ``OSError`` when the file cannot be written.
    """
    canvas.update_idletasks()
    text = canvas.postscript(colormode="color", x=0, y=0,
                             width=canvas.winfo_width(), height=canvas.winfo_height())
    write_text_atomic(path, text, encoding="latin-1")


# ----------------------------------------------------------------- the window

def _money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _cell_order(pair: Pair, done: int) -> str:
    units, price = pair
    if not units:
        return "\u2014"
    return f"{units} at {_money(price)}: {done if done else 'none'}"


def _total(amount: int) -> str:
    """Paid or received in a month: "—" for nothing, as on the tally sheet (whether nothing
    was entered or nothing came of it; the cells beside it say which)."""
    return _money(amount) if amount else "\u2014"


def display_values(row: LedgerRow) -> List[str]:
    """The row as the window's table shows it (one cell per commodity)."""
    if row.kind != "month":
        cells = [row.label, "", "", "", _money(row.paid) if row.paid else "", "", "", "",
                 _money(row.received) if row.received else ""]
    else:
        cells = [row.label]
        cells += [_cell_order(row.ordered[i], row.bought[i]) for i in range(3)]
        cells.append(_total(row.paid) + (f" (loan {_money(row.loan)})" if row.loan else ""))
        if row.offered is None or row.sold is None:
            cells += ["(not yet)"] * 3 + [""]
        else:
            cells += [_cell_order(row.offered[i], row.sold[i]) for i in range(3)]
            cells.append(_total(row.received))
    cells.append(_money(row.cash_after))
    cells.append(" / ".join(str(n) for n in row.stock_after))
    cells.append(row.note)
    return cells


DISPLAY_COLUMNS: Tuple[Tuple[str, int], ...] = (
    ("Month", 70), ("X-Fine order", 110), ("Fine order", 110), ("Standard order", 110),
    ("Paid", 80), ("A offer", 110), ("B offer", 110), ("C offer", 110), ("Received", 80),
    ("Cash", 70), ("Stock X/F/S", 90), ("Note", 260))
#: The window's tables: (name, the tab's title, the columns of ``DISPLAY_COLUMNS`` shown).
DISPLAY_TABS: Tuple[Tuple[str, str, Tuple[str, ...]], ...] = (
    ("orders", "Orders", ("Month", "X-Fine order", "Fine order", "Standard order", "Paid")),
    ("offers", "Offers", ("Month", "A offer", "B offer", "C offer", "Received", "Cash",
                          "Stock X/F/S")),
    ("notes", "Notes", ("Month", "Note")))
#: What an order or offer cell says: "6 at $40: 4" is 6 units at $40 each, 4 bought or sold.
CELL_HELP = ("Each order or offer reads \u201cunits at price: how many were bought or sold\u201d. "
             "Stock is X-Fine / Fine / Standard after the month.")


def fit_tree(tree: Any, style_name: str, *, tree_column_text: Sequence[str] = ()) -> None:
    """Size a Treeview's rows and columns to the current fonts and its content.

    Rows get the height of a text line (so larger text is not clipped) via
    the ttk style ``style_name``; every column gets the width of its widest
    cell or heading.
    """
    import tkinter.font as tkfont
    from tkinter import ttk
    body = tkfont.Font(root=tree, name="TkDefaultFont", exists=True)
    head = tkfont.Font(root=tree, name="TkHeadingFont", exists=True)
    ttk.Style(tree).configure(style_name, rowheight=body.metrics("linespace") + 6)
    items = []
    stack = list(tree.get_children(""))
    while stack:
        iid = stack.pop()
        items.append(iid)
        stack.extend(tree.get_children(iid))
    pad = body.measure("0") * 2 + 8
    for index, column in enumerate(tree["columns"]):
        cells = [str(tree.item(i, "values")[index]) for i in items
                 if len(tree.item(i, "values")) > index]
        heading = head.measure(tree.heading(column, "text")) + pad // 2
        widest = max([body.measure(c) for c in cells] + [heading])
        # never narrower than its widest text: a narrow window scrolls the table sideways
        tree.column(column, width=widest + pad, minwidth=widest + pad)
    if "tree" in str(tree.cget("show")):
        texts = [tree.item(i, "text") for i in items] + list(tree_column_text)
        widest = max([body.measure(t) for t in texts] + [head.measure(tree.heading("#0", "text"))])
        tree.column("#0", width=widest + pad + 40, minwidth=widest + pad + 40)
    tree.configure(style=style_name)
    # a tree measures the room it asks for when its shown columns are set, not when a
    # column's width changes: set them again, so that it asks for all of its columns
    tree.configure(displaycolumns=tree.cget("displaycolumns"))


def _source_game(source: Any) -> Any:
    """A game or view from ``source``, which may be one or a callable returning one."""
    return source() if callable(source) and not hasattr(source, "history") else source


def _build_window():
    import tkinter as tk
    from tkinter import filedialog, ttk

    class LedgerWindow(tk.Toplevel):
        """A seat's ledger in a table, with a seat chooser, Copy and Export CSV….

        ``LedgerWindow(parent, source, seat=0)``: ``source`` is an
        ``ed.Game``, a ``PlayerView``, or a callable returning either (called
        on every ``refresh()``).  Methods: ``refresh()``, ``set_seat(seat)``,
        ``rows`` (the ``LedgerRow`` list shown), ``copy()`` (to the
        clipboard, returns the text) and ``export_csv(path)``.
        """

        def __init__(self, parent: tk.Misc, source: Any, seat: int = 0, *,
                     ask_path: Optional[Callable[[], str]] = None) -> None:
            super().__init__(parent)
            self.title("Ledger")
            self.source = source
            self.seat = seat
            self.rows: List[LedgerRow] = []
            self._ask_path = ask_path
            top = ttk.Frame(self, padding=(8, 8, 8, 4))
            top.grid(row=0, column=0, sticky="ew")
            self.seat_label = ttk.Label(top, text="Player:")
            self.seat_label.pack(side="left")
            self.seat_var = tk.StringVar(self)
            self.seat_box = ttk.Combobox(top, textvariable=self.seat_var, state="readonly",
                                         width=20)
            self.seat_box.pack(side="left", padx=(4, 12))
            self.seat_box.bind("<<ComboboxSelected>>", self._on_seat)
            self.button_export = ttk.Button(top, text="Export CSV\u2026", command=self._on_export)
            self.button_export.pack(side="right")
            self.button_copy = ttk.Button(top, text="Copy", command=self.copy)
            self.button_copy.pack(side="right", padx=(0, 6))
            self.tabs = ttk.Notebook(self, padding=(8, 0, 8, 0))
            self.tabs.grid(row=1, column=0, sticky="nsew")
            self.trees = {name: self._table(title, columns)
                          for name, title, columns in DISPLAY_TABS}
            self.tree = self.trees["orders"]
            self.help = ttk.Label(self, text=CELL_HELP, padding=(8, 4, 8, 0),
                                  foreground="#555555")
            self.help.grid(row=2, column=0, sticky="ew")
            self.status = ttk.Label(self, text="", padding=(8, 4, 8, 8))
            self.status.grid(row=3, column=0, sticky="ew")
            self.columnconfigure(0, weight=1)
            self.rowconfigure(1, weight=1)
            self.bind("<Escape>", lambda e: self.destroy())
            self.bind("<Control-c>", lambda e: self.copy())
            self.refresh()
            self.tree.focus_set()

        def _table(self, title: str, columns: Sequence[str]) -> ttk.Treeview:
            """A tab with a table of ``columns`` that scrolls up and down."""
            page = ttk.Frame(self.tabs)
            tree = ttk.Treeview(page, columns=list(columns), show="headings", height=14,
                                selectmode="browse")
            for name in columns:
                anchor = "e" if name in ("Paid", "Received", "Cash") else "w"
                tree.heading(name, text=name, anchor=anchor)
                tree.column(name, anchor=anchor, stretch=name == "Note")
            scroll = ttk.Scrollbar(page, orient="vertical", command=tree.yview)
            tree.configure(yscrollcommand=scroll.set)
            tree.grid(row=0, column=0, sticky="nsew")
            scroll.grid(row=0, column=1, sticky="ns")
            page.columnconfigure(0, weight=1)
            page.rowconfigure(0, weight=1)
            self.tabs.add(page, text=title)
            return tree

        def _game(self) -> Any:
            return _source_game(self.source)

        def refresh(self) -> None:
            """Re-read the game and show the chosen seat's ledger."""
            game = self._game()
            names = list(game.names)
            self.seat_box.configure(values=names)
            if not 0 <= self.seat < len(names):
                self.seat = 0
            self.seat_var.set(names[self.seat])
            self.title(f"Ledger \u2014 {names[self.seat]}")
            self.rows = ledger_rows(game.history, self.seat, game.rules)
            names = [name for name, _ in DISPLAY_COLUMNS]
            for (_, _, columns), tree in zip(DISPLAY_TABS, self.trees.values()):
                tree.delete(*tree.get_children())
                shown = [names.index(column) for column in columns]
                for index, row in enumerate(self.rows):
                    values = display_values(row)
                    tree.insert("", "end", iid=str(index), values=[values[i] for i in shown])
                fit_tree(tree, "Ledger.Treeview")

        def set_seat(self, seat: int) -> None:
            """Show another seat's ledger."""
            self.seat = seat
            self.refresh()

        def _on_seat(self, _event: Any = None) -> None:
            self.set_seat(self.seat_box.current())

        def copy(self) -> str:
            """Put the ledger on the clipboard as tab-separated text; returns the text."""
            text = to_tsv(self.rows)
            self.clipboard_clear()
            self.clipboard_append(text)
            self.status.configure(text="Copied. Paste it into a spreadsheet or a text file.")
            return text

        def export_csv(self, path: "os.PathLike[str] | str") -> bool:
            """Write the ledger to ``path`` as CSV; says so, or why not, in the status line."""
            try:
                write_csv(self.rows, path)
            except OSError as error:
                self.status.configure(text=f"Could not save the file: {error.strerror or error}.")
                return False
            self.status.configure(text=f"Saved {os.path.basename(os.fspath(path))}.")
            return True

        def _on_export(self) -> None:
            if self._ask_path is not None:
                path = self._ask_path()
            else:
                name = self._game().names[self.seat]
                path = filedialog.asksaveasfilename(
                    parent=self, title="Export the ledger", defaultextension=".csv",
                    initialfile=f"ledger-{name}.csv",
                    filetypes=[("CSV files", "*.csv"), ("All files", "*")])
            if path:
                self.export_csv(path)

    return LedgerWindow


def __getattr__(name: str):
    # Built on first use, so importing this module never imports tkinter.
    if name == "LedgerWindow":
        cls = _build_window()
        globals()["LedgerWindow"] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
