"""Choosing a saved game: the saves folder as a table, newest first.

Widget tree::

    SaveChooser (Toplevel)       Game ▸ Open… and Game ▸ Replay a saved game…
    ├── intro                    where the games are kept
    ├── table (Treeview)         Last played | Players | Month | State, with a scrollbar
    ├── note_label               why the selected game cannot be chosen, in red
    └── browse_button ("Other file…"), anyway_button (shown for a game open
        elsewhere), choose_button (default), cancel_button

Only games are listed (the app's settings and statistics are not saves); a
``.json`` there that cannot be replayed is listed as "cannot be read", with
the reason.  Enter chooses, Escape cancels, a double click chooses; the
arrow keys move in the table.  A game open in another window is listed but
cannot be opened for play (it can be replayed); "Open anyway (the other
window may be gone)…" asks ``on_anyway`` to open it all the same, after a
warning.  The chooser may open before the folder is read (``saves=None``):
``show_saves`` then fills it, a slice of rows at a time, so a long list never
freezes the window.  ``saves_table`` is shared with the resume screen.
"""
from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import ttk
from typing import Callable, Dict, List, Optional, Sequence

from ..widgets import theme as T
from ..widgets.tooltip import focused
from ...saves.store import SaveInfo

#: (column, heading, narrowest width in em); each column widens to its longest text
COLUMNS = (("when", "Last played", 10), ("players", "Players", 16),
           ("stage", "Month", 12), ("state", "", 8))
#: rows put in the table between two looks at the window's events
ROWS_PER_SLICE = 200
#: the longest texts of a column measured to fit it
MEASURED = 40
ANYWAY = "Open anyway (the other window may be gone)…"


def state_of(info: SaveInfo, current: Optional[Path] = None) -> str:
    """The last column: whether the game can be played here."""
    if current is not None and _same(info.path, current):
        return "this window"
    if info.problem:
        return "cannot be read"
    if info.open_elsewhere is not None:
        return "open in another window"
    return "finished" if info.finished else "unfinished"


def _same(a: Path, b: Path) -> bool:
    from ...saves.store import resolve
    try:
        return resolve(a) == resolve(b)
    except ValueError:       # a SaveError: a path that names no file is no other path
        return False


def saves_table(master: tk.Misc, theme: T.Theme, *, height: int,
                columns=COLUMNS) -> ttk.Treeview:
    """A table of saves sized to the text, one row per game."""
    em = theme.em
    tree = ttk.Treeview(master, columns=[c for c, _, _ in columns], show="headings",
                        height=height, selectmode="browse")
    for key, title, width in columns:
        tree.heading(key, text=title, anchor="w")
        tree.column(key, width=width * em, minwidth=4 * em, stretch=key == "players", anchor="w")
    return tree


def fit_columns(tree: ttk.Treeview, values: Sequence[tuple]) -> None:
    """Widen each column to its longest cell or heading in the table's fonts."""
    import tkinter.font as tkfont
    try:
        body = tkfont.Font(root=tree, name="EDBody", exists=True)
        head = tkfont.Font(root=tree, name="EDBold", exists=True)
    except tk.TclError:
        body = head = tkfont.Font(root=tree, name="TkDefaultFont", exists=True)
    em = body.measure("0")
    for index, (key, title, narrowest) in enumerate(c for c in COLUMNS
                                                    if c[0] in tree.cget("columns")):
        # The longest texts by count are the widest but for a few (measuring costs a call
        # to Tk each): a long list has only its longest measured.
        texts = sorted({str(v[index]) for v in values if len(v) > index}, key=len)[-MEASURED:]
        widest = max([body.measure(text) for text in texts]
                     + [head.measure(title), narrowest * em])
        tree.column(key, width=widest + 2 * em)


def fill_table(tree: ttk.Treeview, infos: Sequence[SaveInfo],
               current: Optional[Path] = None) -> Dict[str, SaveInfo]:
    """Show ``infos`` in ``tree``, the first selected; returns row id -> save."""
    tree.delete(*tree.get_children())
    rows: Dict[str, SaveInfo] = {}
    for info in infos:
        values = (info.when, info.players, info.stage, state_of(info, current))
        row = tree.insert("", "end", values=values[:len(tree.cget("columns"))])
        rows[row] = info
    fit_columns(tree, [tuple(tree.item(row, "values")) for row in rows])
    first = tree.get_children()[:1]
    if first:
        tree.selection_set(first)
        tree.focus(first[0])
        tree.see(first[0])
    return rows


class SaveChooser(tk.Toplevel):
    """Pick a game of the saves folder; ``on_choose(info)`` is called with it.

    ``on_close`` is called whenever the chooser closes (chosen, browsed or cancelled).
    """

    def __init__(self, master: tk.Misc, theme: T.Theme, *, title: str, action: str,
                 folder: Path, saves: Optional[Sequence[SaveInfo]],
                 on_choose: Callable[[SaveInfo], None],
                 on_browse: Callable[[], None], current: Optional[Path] = None,
                 playable_only: bool = True, on_close: Optional[Callable[[], None]] = None,
                 on_anyway: Optional[Callable[[SaveInfo], None]] = None) -> None:
        super().__init__(master)
        from ..widgets.placement import as_dialog
        as_dialog(self, master, title)
        self.on_choose, self.on_browse, self.on_close = on_choose, on_browse, on_close
        self.on_anyway = on_anyway
        self.current = current
        self.playable_only = playable_only
        self.folder = folder
        self.rows: Dict[str, SaveInfo] = {}
        self._pending: Optional[str] = None
        #: whether the list is complete (the folder read and every row shown)
        self.ready = False
        em = theme.em
        outer = ttk.Frame(self, padding=theme.pad(1.5))
        outer.grid(sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        outer.columnconfigure(0, weight=1)
        outer.rowconfigure(1, weight=1)
        self.intro = ttk.Label(outer, text=f"Reading the saves folder {folder}…",
                               wraplength=em * 70, justify="left")
        self.intro.grid(row=0, column=0, columnspan=2, sticky="w", pady=(0, em))
        self.table = saves_table(outer, theme, height=12 if saves is None else
                                 min(12, max(4, len(saves))))
        scroll = ttk.Scrollbar(outer, orient="vertical", command=self.table.yview)
        self.table.configure(yscrollcommand=scroll.set)
        self.table.grid(row=1, column=0, sticky="nsew")
        scroll.grid(row=1, column=1, sticky="ns")
        self.note_label = ttk.Label(outer, text="", style="Error.TLabel", wraplength=em * 70)
        self.note_label.grid(row=2, column=0, columnspan=2, sticky="w", pady=(em // 2, 0))
        buttons = ttk.Frame(outer)
        buttons.grid(row=3, column=0, columnspan=2, sticky="ew", pady=(em, 0))
        buttons.columnconfigure(1, weight=1)
        self.browse_button = ttk.Button(buttons, text="Other file…", command=self.browse)
        self.browse_button.grid(row=0, column=0, sticky="w")
        self.anyway_button = ttk.Button(buttons, text=ANYWAY, command=self.anyway)
        self.anyway_button.grid(row=0, column=1, sticky="w", padx=(em, em))
        self.anyway_button.grid_remove()
        self.choose_button = ttk.Button(buttons, text=action, style="Accent.TButton",
                                        default="active", command=self.choose)
        self.cancel_button = ttk.Button(buttons, text="Cancel", command=self.cancel)
        self.choose_button.grid(row=0, column=2, padx=(0, em))
        self.cancel_button.grid(row=0, column=3)
        self.choose_button.state(["disabled"])
        self.table.bind("<<TreeviewSelect>>", self._selection_changed)
        self.table.bind("<Double-1>", self._double_click)
        for key in ("<Return>", "<KP_Enter>"):
            self.bind(key, self._on_return)
        self.bind("<Escape>", self.cancel)
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        self._place_over(master)
        self.deiconify()
        self.table.focus_set()
        self.after_idle(self._grab)
        if saves is not None:
            self.show_saves(saves)

    def show_saves(self, saves: Sequence[SaveInfo]) -> None:
        """List ``saves``, ``ROWS_PER_SLICE`` rows at a time, then choose the newest game
        that can be chosen here."""
        saves = list(saves)
        self.table.delete(*self.table.get_children())
        self.rows = {}
        self.table.configure(height=min(12, max(4, len(saves))))
        self._fill(saves, 0)

    def _fill(self, saves: List[SaveInfo], start: int) -> None:
        columns = len(self.table.cget("columns"))
        if start == 0:
            self._values: List[tuple] = []
        for info in saves[start:start + ROWS_PER_SLICE]:
            values = (info.when, info.players, info.stage, state_of(info, self.current))[:columns]
            self.rows[self.table.insert("", "end", values=values)] = info
            self._values.append(values)
        if start + ROWS_PER_SLICE < len(saves):
            self._pending = self.after(1, self._fill, saves, start + ROWS_PER_SLICE)
            return
        self._pending = None
        fit_columns(self.table, self._values)
        folder = self.folder
        self.intro.configure(text=f"Your games, the most recently played first. They are kept "
                                  f"in {folder}." if saves else
                             f"There are no saved games in {folder} yet.")
        if saves:
            self.choose_button.state(["!disabled"])
            playable = [i for i, row in enumerate(self.table.get_children())
                        if self.why_not(self.rows[row]) is None]
            self.select(playable[0] if playable else 0)   # the newest that can be chosen here
        else:
            self.browse_button.focus_set()
        self.ready = True
        self._place_over(self.master)       # as wide as the columns have grown

    # ------------------------------------------------------------ reading

    def selected(self) -> Optional[SaveInfo]:
        chosen = self.table.selection()
        return self.rows.get(chosen[0]) if chosen else None

    def shown_rows(self) -> List[tuple]:
        """What the table shows, row by row (for tests and the curious)."""
        return [tuple(self.table.item(row, "values")) for row in self.table.get_children()]

    def select(self, index: int) -> None:
        row = self.table.get_children()[index]
        self.table.selection_set(row)
        self.table.focus(row)
        self.table.see(row)
        self._selection_changed()

    def _selection_changed(self, _event=None) -> None:
        """The note goes; "Open anyway" is offered for a game open elsewhere."""
        self.note_label.configure(text="")
        info = self.selected()
        offered = self.on_anyway is not None and self.playable_only and info is not None and \
            not info.problem and info.open_elsewhere is not None and not self._is_current(info)
        if offered == bool(self.anyway_button.winfo_manager()):
            return
        if offered:
            self.anyway_button.grid()
        else:
            self.anyway_button.grid_remove()
        if self.ready:
            self._place_over(self.master, move=False)   # room for the button, or less

    # ------------------------------------------------------------ actions

    def _is_current(self, info: SaveInfo) -> bool:
        """Whether ``info`` is the game this window plays (its lock is this window's own)."""
        return self.current is not None and _same(info.path, self.current)

    def why_not(self, info: SaveInfo) -> Optional[str]:
        """Why ``info`` cannot be chosen here, or ``None``."""
        if info.problem:
            return f"{info.path.name} cannot be read: {info.problem}"
        if self.playable_only and self._is_current(info):
            return "That is the game in this window already."
        if self.playable_only and info.open_elsewhere is not None:
            return ("That game is open in another window; play it there "
                    "(Game ▸ Replay a saved game… can show it here). If that window is gone, "
                    "or its lock was left damaged, choose Open anyway.")
        return None

    def choose(self, _event=None) -> str:
        info = self.selected()
        if not self.ready:
            self.note_label.configure(text="The saves folder is still being read: a moment.")
            return "break"
        if info is None:
            self.note_label.configure(text="Choose a game in the list first.")
            return "break"
        problem = self.why_not(info)
        if problem:
            self.note_label.configure(text=problem)
            return "break"
        self._close()
        self.on_choose(info)
        return "break"

    def browse(self) -> None:
        self._close()
        self.on_browse()

    def anyway(self) -> None:
        """Open the selected game although it looks open elsewhere (``on_anyway`` warns first)."""
        info = self.selected()
        if info is None or info.open_elsewhere is None or self.on_anyway is None or \
                self._is_current(info):
            return
        self._close()
        self.on_anyway(info)

    def cancel(self, _event=None) -> str:
        self._close()
        return "break"

    def _on_return(self, event=None) -> str:
        focus = focused(self)
        if isinstance(focus, ttk.Button):
            focus.invoke()
            return "break"
        return self.choose()

    def _double_click(self, event) -> str:
        row = self.table.identify_row(event.y)
        if row:
            self.table.selection_set(row)
            return self.choose()
        return "break"

    # ------------------------------------------------------------ window

    def _place_over(self, master, *, move: bool = True) -> None:
        """Centred over the main window, within the usable screen, as the other dialogs are
        (without ``move``, only resized to what it asks for now)."""
        from ..widgets.placement import place_over
        try:
            place_over(self, master, move=move)
        except tk.TclError:
            pass

    def _grab(self) -> None:
        from ..widgets.placement import grab_when_shown
        grab_when_shown(self)

    def _close(self) -> None:
        try:
            if self._pending is not None:
                self.after_cancel(self._pending)
        except tk.TclError:
            pass
        from ..widgets.placement import close_modal
        close_modal(self)
        if self.on_close is not None:
            self.on_close()
