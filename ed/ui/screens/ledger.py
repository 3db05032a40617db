"""The ledger window: one seat's orders, offers, money and stock month by month.

``LedgerWindow(parent, source, seat=0)`` is a Toplevel with the ledger
(``ed.ui.presenter.ledger``) in three tables, each narrow enough to be read
without scrolling sideways at any text size offered (``DISPLAY_TABS``: the
orders, the offers with the month's cash and stock, the notes), a seat
chooser, "Copy" and "Export CSV…"::

    LedgerWindow (tk.Toplevel)
    +-- top: seat_label, seat_box (ttk.Combobox), button_copy, button_export
    +-- tabs (ttk.Notebook): trees["orders"], trees["offers"], trees["notes"]
    |                        (ttk.Treeview, each scrolling up and down)
    +-- status (ttk.Label)

``write_csv(rows, path)`` writes the ledger as CSV and ``export_postscript(canvas,
path)`` a canvas as a ``.ps`` file, both through the one writer of files for a
person (``ed.saves.export``: atomically, never in the data folder nor over a
save, a file of the game's own or anything but a regular file).  Export CSV…
opens its dialog outside the data folder and asks before replacing a file.
"""
from __future__ import annotations

import os
import tkinter as tk
from tkinter import ttk
from typing import Any, Callable, Iterable, List, Optional, Sequence

from ...saves import export
from ..presenter.ledger import (CELL_HELP, DISPLAY_COLUMNS, DISPLAY_TABS, LedgerRow,
                                cell_help, display_values, ledger_rows, to_csv, to_tsv)
from ..widgets.filebox import ask_save, write_for_person
from ..widgets.tables import fit_tree


def write_csv(rows: Iterable[LedgerRow], path: "os.PathLike[str] | str", *,
              folders: Optional[Sequence["os.PathLike[str] | str"]] = None,
              target: Optional[export.Target] = None) -> None:
    """Write the ledger to ``path`` (or where ``target`` says) as CSV, atomically, never in
    ``folders`` (by default the data folders).  Raises ``export.ExportError``."""
    # CSV files conventionally use CRLF line ends; spreadsheets read either.
    data = to_csv(rows).replace("\n", "\r\n").encode("utf-8")
    _write(path, data, folders, target)


def export_postscript(canvas: Any, path: "os.PathLike[str] | str", *,
                      folders: Optional[Sequence["os.PathLike[str] | str"]] = None) -> None:
    """Write a Tk canvas (e.g. a chart) as a PostScript file, atomically.

    Raises ``export.ExportError`` when the file may not or cannot be written.
    """
    canvas.update_idletasks()
    text = canvas.postscript(colormode="color", x=0, y=0,
                             width=canvas.winfo_width(), height=canvas.winfo_height())
    _write(path, text.encode("latin-1", "replace"), folders, None)


def _write(path: "os.PathLike[str] | str", data: bytes,
           folders: Optional[Sequence["os.PathLike[str] | str"]],
           target: Optional[export.Target]) -> None:
    if target is None:
        target = export.check(path, folders=export.data_folders() if folders is None
                              else folders, kind=export.FILE)
    export.write(target, data)


def _source_game(source: Any) -> Any:
    """A game or view from ``source``, which may be one or a callable returning one."""
    return source() if callable(source) and not hasattr(source, "history") else source


class LedgerWindow(tk.Toplevel):
    """A seat's ledger in a table, with a seat chooser, Copy and Export CSV….

    ``LedgerWindow(parent, source, seat=0)``: ``source`` is an
    ``ed.Game``, a ``PlayerView``, or a callable returning either (called
    on every ``refresh()``).  Methods: ``refresh()``, ``set_seat(seat)``,
    ``rows`` (the ``LedgerRow`` list shown), ``copy()`` (to the
    clipboard, returns the text) and ``export_csv(path)``.  ``folders``: the data
    folders no CSV goes in (by default the window's and the platform's);
    ``question``: the question asked before replacing a file, while it is up.
    """

    def __init__(self, parent: tk.Misc, source: Any, seat: int = 0, *,
                 ask_path: Optional[Callable[[], str]] = None,
                 folders: Optional[Sequence["os.PathLike[str] | str"]] = None) -> None:
        super().__init__(parent)
        self.title("Ledger")
        self.source = source
        self.seat = seat
        self.rows: List[LedgerRow] = []
        self._ask_path = ask_path
        self.folders = tuple(export.data_folders() if folders is None else folders)
        self.question: Any = None
        self.last_folder: Optional[str] = None
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
        from ..widgets.theme import field_chars
        self.seat_box.configure(values=names, width=field_chars(self.seat_box, names, least=20))
        if not 0 <= self.seat < len(names):
            self.seat = 0
        self.seat_var.set(names[self.seat])
        self.title(f"Ledger \u2014 {names[self.seat]}")
        self.rows = ledger_rows(game.history, self.seat, game.rules)
        self.help.configure(text=cell_help(self.rows))
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

    def export_csv(self, path: "os.PathLike[str] | str", *,
                   target: Optional[export.Target] = None) -> bool:
        """Write the ledger to ``path`` as CSV, over the file there (asked about already)
        or the one ``target`` found; says so, or why not, in the status line."""
        try:
            write_csv(self.rows, path, folders=self.folders, target=target)
        except export.ExportError as error:
            self._refused(str(error))
            return False
        self.last_folder = os.path.dirname(os.path.abspath(os.fspath(path)))
        self.status.configure(text=f"Saved {os.path.basename(os.fspath(path))}.")
        return True

    def _refused(self, sentence: str) -> None:
        self.status.configure(text=f"Could not save the file. {sentence}")

    def _on_export(self) -> None:
        if self._ask_path is not None:
            path = self._ask_path()
        else:
            name = self._game().names[self.seat]
            path = ask_save(
                self, title="Export the ledger", defaultextension=".csv",
                initialdir=str(export.start_folder(self.folders, self.last_folder)),
                initialfile=f"ledger-{name}.csv",
                filetypes=[("CSV files", "*.csv"), ("All files", "*")])
        if path:
            self.question = write_for_person(
                self, path, folders=self.folders, kind=export.FILE, refused=self._refused,
                write=lambda target: self.export_csv(path, target=target))
