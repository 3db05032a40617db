"""The reveal of a phase, played as the month's short scene.

For each commodity in turn, each seat's entry turns over in seat order, the
column's head adding up the units; then the price moves on the board beside
the table; then every row shows what came of its entry (✓ ◐ ✗).  Last, each
row settles: money, cash and stock, and a computer player's face reacts and
says one short line.  Enter (or the button) skips to the end; "all at once"
shows the end straight away.  What each part shows, and in what order, comes
from ``presenter.reveal`` and ``presenter.scene``; this module draws it.

    RevealScreen (Screen)
    ├── title                      "Aug: offers revealed"
    ├── note                       how to open a row's reasoning (gives way for lack of room)
    ├── continue_button            "Show all (Enter)" while playing, then "Continue (Enter)"
    ├── area (ScrolledFrame) ── table: corner, heads[c], money/cash/stock heads,
    │                            and per seat a RowWidgets (face, name, three
    │                            CellWidgets, money, cash, stock, line, detail)
    └── board (BoardCanvas)        the prices, moving as each column resolves

Each row's line (a computer player's words, a person's loan or cancellation)
shows under the row where the height allows every row its line, else beside
the row's money, cash and stock, on the row's second line; either way it is
shortened to its room at a sentence or a word, never inside one.  A row's
reasoning (a computer player's explanation, the notes) opens under it on a
click anywhere on the row, or on Enter where the row has the keyboard (Tab,
Up, Down).  With View ▸ Reduced motion the scene does not play: the reveal
shows whole at once, as with "all at once".
"""
from __future__ import annotations

import contextlib
import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Mapping, Optional, Sequence

from ...rules import ENTRY_INDEXES
from .. import presenter as P
from ..widgets import theme as T
from ..presenter import scene as S
from .covers import Screen

#: The face of a card still to turn, and of the one that just turned.
SEALED = "#e6dcc6"
FRESH = T.CURRENT
RESULT_COLOURS = {"done": T.GREEN, "part": T.AMBER, "failed": T.RED}
NOTE = "Click a row for the reasoning."
#: The board's least and most width beside the reveal, in ems: three tracks and a scale.
BOARD_EMS = (14, 30)


def _styles(root: tk.Misc) -> None:
    style = ttk.Style(root)
    for name, background in (("Cell", T.CARD), ("Sealed", SEALED), ("Fresh", FRESH)):
        style.configure(f"{name}.TFrame", background=background)
        style.configure(f"{name}.TLabel", background=background)
    style.configure("RowName.TLabel", background=T.CARD, font="EDBold")
    style.configure("ScreenMuted.TLabel", background=T.PANEL, foreground=T.MUTED)
    style.configure("Reveal.TButton", font="EDHeading")
    style.configure("RowNameFocus.TLabel", background=FRESH, font="EDBold")
    # a row's line: under the row in the body's size, beside its numbers a little smaller
    style.configure("RowLine.TLabel", background=T.CARD, foreground=T.MUTED, font="EDBody")
    style.configure("RowLineBeside.TLabel", background=T.CARD, foreground=T.MUTED,
                    font="EDSmall")


def _shortened(label: ttk.Label, line: str, room: int) -> str:
    """``line`` shortened to ``room`` pixels in ``label``'s font, a quote kept in its marks."""
    import tkinter.font as tkfont
    style = str(label.cget("style"))
    font = tkfont.Font(root=label, name=str(ttk.Style(label).lookup(style, "font")),
                       exists=True)
    quoted = line.startswith("“") and line.endswith("”")
    inner = line[1:-1] if quoted else line

    def fits(text: str) -> bool:
        return font.measure(f"“{text}”" if quoted else text) <= room

    short = P.shorten(inner, fits)
    return (f"“{short}”" if quoted else short) if short else ""


class CellWidgets:
    """One seat's entry for one commodity: face down, then what was entered, then its result."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        pad = theme.pad
        self.frame = ttk.Frame(master, style="Sealed.TFrame", padding=(pad(0.35), 0))
        self.entered = ttk.Label(self.frame, text="", style="Sealed.TLabel", anchor="w")
        self.result = ttk.Label(self.frame, text="", style="Sealed.TLabel", anchor="w")
        self.entered.grid(row=0, column=0, sticky="w")
        self.result.grid(row=1, column=0, sticky="w")
        self.frame.columnconfigure(0, weight=1)
        self.outcome = ""
        from ..widgets.tooltip import add_tooltip
        for widget in (self.frame, self.entered, self.result):
            add_tooltip(widget, lambda: self.outcome, 400)

    def draw(self, cell: P.RevealCell, *, turned: bool, resulted: bool, fresh: bool) -> None:
        if not turned:
            self._look("Sealed")
            self.entered.configure(text="?", font="EDBold", foreground=T.MUTED)
            self.result.configure(text=" ")       # a blank line keeps the card's height
            self.outcome = ""
            return
        self._look("Fresh" if fresh else "Cell")
        struck = resulted and cell.state == "failed"
        self.entered.configure(text=cell.entered, font="EDTallyStrike" if struck else "EDBold",
                               foreground=T.MUTED if struck or cell.state == "none" else T.INK)
        self.result.configure(text=cell.result if resulted and cell.result else " ",
                              foreground=RESULT_COLOURS.get(cell.state, T.MUTED))
        self.outcome = cell.outcome if resulted else ""

    def _look(self, name: str) -> None:
        if str(self.frame.cget("style")) != f"{name}.TFrame":
            self.frame.configure(style=f"{name}.TFrame")
            self.entered.configure(style=f"{name}.TLabel")
            self.result.configure(style=f"{name}.TLabel")


class RowWidgets:
    """One seat's row: face, name, three cells, money, cash, stock, its line and its detail."""

    def __init__(self, screen: "RevealScreen", index: int) -> None:
        from ..widgets.portraits import Badge
        master, theme = screen.table, screen.theme
        pad = theme.pad
        self.index = index
        self.badge = Badge(master, theme.line * 2 + 4, background=T.CARD)
        self.name = ttk.Label(master, text="", style="RowName.TLabel", anchor="w",
                              takefocus=1)
        self.cells = [CellWidgets(master, theme) for _ in ENTRY_INDEXES]
        self.money = ttk.Label(master, text="", style="CardBold.TLabel", anchor="e")
        self.cash = ttk.Label(master, text="", style="Card.TLabel", anchor="e")
        self.stock = ttk.Label(master, text="", style="Card.TLabel", anchor="e")
        # asks for no width of its own: its words are shortened to the room it is given
        self.line = ttk.Label(master, text="", style="RowLine.TLabel", anchor="w", width=1)
        self.detail = ttk.Label(master, text="", style="Card.TLabel", anchor="w",
                                justify="left", width=1)
        self.rule = ttk.Separator(master, orient="horizontal")
        top = 1 + index * 4
        self.rule.grid(row=top, column=0, columnspan=8, sticky="ew", pady=pad(0.1))
        self.badge.grid(row=top + 1, column=0, rowspan=2, sticky="n", padx=(pad(0.5), pad(0.4)))
        self.name.grid(row=top + 1, column=1, sticky="w", padx=(0, pad(0.6)))
        for number, cell in enumerate(self.cells):
            cell.frame.grid(row=top + 1, column=2 + number, sticky="ew", padx=1)
        self.top = top
        self._pad = pad
        for column, label in ((5, self.money), (6, self.cash), (7, self.stock)):
            label.grid(row=top + 1, column=column, sticky="ne", padx=(pad(0.5), pad(0.6)))
        self.beside = None
        self.put_line(beside=False)
        self.detail.grid(row=top + 3, column=1, columnspan=7, sticky="ew",
                         padx=(0, pad(0.6)), pady=(0, pad(0.3)))
        self.parts = [self.rule, self.badge, self.name, self.money, self.cash, self.stock,
                      self.line, self.detail] + [cell.frame for cell in self.cells]
        self.opened = False
        self.has_line = True
        #: the row's line as shown when settled, shortened to its room, and whole: the whole
        #: of a shortened line is on the pointer (and in the reasoning)
        self.line_shown = self.line_whole = ""
        from ..widgets.tooltip import add_tooltip
        add_tooltip(self.line, lambda: "" if self.line_whole == self.line_shown
                    else self.line_whole, 300)
        # a click anywhere on the row opens its reasoning
        for widget in [self.badge, self.name, self.line, self.detail, self.money, self.cash,
                       self.stock] + [w for cell in self.cells
                                      for w in (cell.frame, cell.entered, cell.result)]:
            widget.bind("<Button-1>", lambda e: screen.toggle(self.index), add="+")
        self.name.bind("<Return>", lambda e: self._key(screen.toggle))
        self.name.bind("<KP_Enter>", lambda e: self._key(screen.toggle))
        self.name.bind("<Up>", lambda e: self._key(lambda i: screen.focus_row(i - 1)))
        self.name.bind("<Down>", lambda e: self._key(lambda i: screen.focus_row(i + 1)))
        self.name.bind("<FocusIn>", lambda e: self.name.configure(style="RowNameFocus.TLabel"))
        self.name.bind("<FocusOut>", lambda e: self.name.configure(style="RowName.TLabel"))

    def _key(self, action: Callable[[int], None]) -> str:
        action(self.index)
        return "break"

    def put_line(self, *, beside: bool) -> None:
        """The line under the row (across it), or beside its money, cash and stock on the
        row's second line, where it takes no height of its own."""
        if beside == self.beside:
            return
        self.beside = beside
        pad = self._pad
        if beside:
            self.line.configure(style="RowLineBeside.TLabel")
            self.line.grid(row=self.top + 1, column=5, columnspan=3, sticky="sew",
                           padx=(pad(0.3), pad(0.3)))
        else:
            self.line.configure(style="RowLine.TLabel")
            self.line.grid(row=self.top + 2, column=1, columnspan=7, sticky="ew",
                           padx=(0, pad(0.6)))

    def say_detail(self, seat: P.RevealRow) -> None:
        """The reasoning under the row; the words of the line again only where the line
        shows them shortened."""
        text = seat.reasoning(line_whole=self.line_shown == seat.line)
        self.detail.configure(text=text or "Nothing more was said.")

    def set_visible(self, on: bool) -> None:
        for widget in self.parts:
            shown = on and (widget is not self.detail or self.opened) and \
                (widget is not self.line or self.has_line)
            widget.grid() if shown else widget.grid_remove()


class RevealScreen(Screen):
    """Every seat's entry for the phase just resolved, turned over as a scene (see above)."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_continue: Callable[[], None],
                 reduced_motion: Callable[[], bool] = lambda: False) -> None:
        super().__init__(master, style="Screen.TFrame", padding=(theme.pad(1.2), theme.pad(0.6)))
        self._warmed = False
        self.reduced_motion = reduced_motion
        from .board import BoardCanvas
        from ..widgets.scroll import ScrolledFrame
        _styles(self)
        self.theme = theme
        em = theme.em
        # The title, a note and the button share a line: the table gets the height.
        head = ttk.Frame(self, style="Screen.TFrame")
        head.grid(row=0, column=0, columnspan=2, sticky="ew", pady=(0, em // 2))
        head.columnconfigure(1, weight=1)
        self.title = ttk.Label(head, text="", style="RevealTitle.TLabel")
        self.title.grid(row=0, column=0, sticky="w")
        self.note = ttk.Label(head, text="", style="ScreenMuted.TLabel")
        self.note.grid(row=0, column=1, sticky="w", padx=em)
        self.continue_button = ttk.Button(head, text="Continue  (Enter)",
                                          style="Reveal.TButton", command=on_continue)
        self.continue_button.grid(row=0, column=2, sticky="e")
        self.area = ScrolledFrame(self, style="Card.TFrame", background=T.CARD, sideways=True)
        self.area.grid(row=1, column=0, sticky="nsew")
        self.table = self.area.inner
        # the board of the phase's three commodities only: the table keeps the width
        self.board = BoardCanvas(self, theme, reduced_motion=reduced_motion)
        self.board.configure(width=em * BOARD_EMS[0])
        self.board.grid(row=1, column=1, sticky="ns", padx=(em, 0))
        self.columnconfigure(0, weight=1)
        self.rowconfigure(1, weight=1)
        head.bind("<Configure>", lambda e: self._fit_head(), add="+")
        self._head = head
        self._build_heads()
        # Down from the button (or from a column's head, where Tab goes first for its tip)
        # to the first name, as Up from the first name goes to the button
        for widget in [self.continue_button] + self.heads:
            widget.bind("<Down>", lambda e: self._down_to_rows(), add="+")
        self.rows: List[RowWidgets] = []
        self._line_probe = ttk.Label(self.table, text="“x”", style="RowLine.TLabel")
        self.default_button = self.continue_button
        self.data: Optional[P.Reveal] = None
        self.beats: tuple = ()
        self.beat = 0
        self._after: Optional[str] = None
        self._continue_text = "Continue  (Enter)"
        self._people: list = []
        self._after_prices: Mapping[str, int] = {}
        #: whether the rows' lines give way for lack of height (their words stay at hand)
        self.compact = False
        #: the reveal last shown as it came, and where its lines stood (``compact``): a look
        #: again at it puts them in the same place, whatever the window's size since
        self._as_played: tuple = (None, False)
        self._again = False
        self._laid_out = False      # measured since filled (only on screen can it be)
        self._backstage = False     # on the display out of sight (``_offstage``), not seen
        self.area.bind("<Configure>", lambda e: self.after_idle(self._fit), add="+")
        self.table.bind("<Configure>", lambda e: self._wrap_details(e.width), add="+")
        self.bind("<Destroy>", lambda e: self._cancel() if e.widget is self else None, add="+")

    def _build_heads(self) -> None:
        from .panels import swatch
        t, pad = self.table, self.theme.pad
        for column in range(2, 5):
            t.columnconfigure(column, weight=1, uniform="commodity")
        self.corner = ttk.Label(t, text="", style="CardMuted.TLabel")
        self.corner.grid(row=0, column=1, sticky="sw")
        self.heads = []
        for index in ENTRY_INDEXES:
            head = ttk.Frame(t, style="Card.TFrame", padding=(pad(0.35), pad(0.3)))
            head.grid(row=0, column=2 + index, sticky="nsew", padx=1, pady=(pad(0.3), 0))
            head.name = ttk.Label(head, text="", style="CardHeading.TLabel", compound="left")
            head.units = ttk.Label(head, text="", style="Card.TLabel")
            head.move = ttk.Label(head, text="", style="CardBold.TLabel")
            head.name.grid(row=0, column=0, sticky="w")
            head.units.grid(row=1, column=0, sticky="w")
            head.move.grid(row=2, column=0, sticky="w")
            self.heads.append(head)
        size = max(10, self.theme.line - 2)
        self._swatches = {key: swatch(self, colour, size)
                          for key, colour in T.COMMODITY_COLOURS.items()}
        self.money_head = ttk.Label(t, text="Paid", style="CardMuted.TLabel", anchor="se")
        self.cash_head = ttk.Label(t, text="Cash", style="CardMuted.TLabel", anchor="se")
        # the grades' colours above the counts below, as on the sheet
        self.stock_chips = self._stock_chips()   # the Stock head's picture
        self.stock_head = ttk.Label(t, text="Stock", style="CardMuted.TLabel", anchor="se",
                                    image=self.stock_chips, compound="bottom")
        for column, label in ((5, self.money_head), (6, self.cash_head), (7, self.stock_head)):
            label.grid(row=0, column=column, sticky="se", padx=(pad(0.5), pad(0.6)))

    def _stock_chips(self) -> tk.PhotoImage:
        """The chips above the stock column's counts: as wide as its head, flush right."""
        import tkinter.font as tkfont
        from ..widgets.chips import SAMPLE, chips_image
        style = ttk.Style(self)
        figures = tkfont.nametofont(style.lookup("Card.TLabel", "font") or "TkDefaultFont")
        head = tkfont.nametofont(style.lookup("CardMuted.TLabel", "font") or "TkDefaultFont")
        width = max(head.measure("Stock"), figures.measure(SAMPLE))
        return chips_image(self, figures, width, max(2, self.theme.em // 3))

    # ------------------------------------------------------------ filling

    def fill(self, data: P.Reveal, *, buying: bool, before: Sequence[Mapping[str, int]],
             after: Sequence[Mapping[str, int]], continue_text: str = "Continue  (Enter)",
             personalities: Sequence = (), again: bool = False) -> None:
        """Set out ``data`` face down: prices by month ``before`` the phase on the board,
        ``after`` it once the scene is over.  ``play`` turns it over; ``finish`` shows it
        whole.  ``personalities[seat]`` draws a computer seat's face (``None``: a person).
        ``again``: a look again, whose lines stand where they stood when it was played."""
        self._cancel()
        self.data = data
        self._again = again
        self._continue_text = continue_text
        self._people = list(personalities)
        self._before, self._after_history = list(before), list(after)
        self._after_prices = after[-1] if after else {}
        self.title.configure(text=data.title)
        self.money_head.configure(text="Paid" if buying else "Received")
        for index, column in enumerate(data.columns[:3]):
            self.heads[index].name.configure(text=f" {column.name}",
                                             image=self._swatches[column.key])
        while len(self.rows) < len(data.rows):
            self.rows.append(RowWidgets(self, len(self.rows)))
        for index, row in enumerate(self.rows):
            row.opened = False
            row.has_line = index < len(data.rows) and bool(data.rows[index].line)
            row.set_visible(index < len(data.rows))
        for index, seat in enumerate(data.rows):
            widgets = self.rows[index]
            widgets.name.configure(text=seat.name)
            widgets.line_shown = widgets.line_whole = seat.line   # shortened once laid out
            widgets.say_detail(seat)
        self.beats = S.scene(data)
        self.board.set_groups((0,) if buying else (1,))
        self.beat = 0
        self.board.show(self._before)
        self._draw()
        self._laid_out = False
        if self.shown:
            self._lay_out()
        self.area.scroll_to_top()

    def show(self) -> None:
        if not self._laid_out:
            # measured out of sight: laying out draws the whole reveal for a moment, which
            # on screen showed as a frame of half-drawn heads before the first card
            with self._offstage():
                self._lay_out()
        super().show()
        if not self._again and self.data is not None:
            # where its lines stand as it comes up is where a look again puts them, whether
            # or not a layout pass ran while it was on show (``_fit`` notes any later one)
            self._as_played = (self.data, self.compact)

    @contextlib.contextmanager
    def _offstage(self):
        """Put the screen on the display, full size but off to the side and below the rest,
        for as long as the block lasts (Tk lays out and measures only what is shown)."""
        self.place(x=-4 * max(1, self.master.winfo_width()), y=0, relwidth=1, relheight=1)
        self.lower()
        self._backstage = True
        try:
            self.update_idletasks()
            yield
        finally:
            self.place_forget()
            self._backstage = False

    def warm(self, seats: int) -> None:
        """Make the rows of ``seats`` and put the screen on the display once, out of sight,
        so that the first reveal of a game costs no more than the others (Tk makes a
        widget's window the first time it is shown: over a hundred here; and the
        characters' words are read from their module)."""
        if self.shown or len(self.rows) >= seats and self._warmed:
            return
        from ...ai import speech  # noqa: F401  (the characters' words, loaded here, not at Enter)
        while len(self.rows) < seats:
            self.rows.append(RowWidgets(self, len(self.rows)))
        for row in self.rows:
            row.set_visible(True)
        with self._offstage():          # never seen, even for a moment
            pass
        self._warmed = True

    def _lay_out(self) -> None:
        """Measure the table on screen (hidden, Tk does not lay it out): drawn whole first,
        so the board takes what the finished table leaves, then the rows' lines kept or
        put away as the height allows."""
        self._laid_out = True
        beat = self.beat
        self.beat = len(self.beats) - 1
        self._draw()
        self._fit_board()
        self._fit()
        self.beat = beat
        self._draw()

    def _fit_board(self) -> None:
        """The board as wide as the room the whole table leaves, within its least and most."""
        em = self.theme.em
        self.table.update_idletasks()
        room = self.winfo_width() - 2 * self.theme.pad(1.2) - em
        if room <= 1:
            room = self.winfo_toplevel().winfo_width() - 2 * self.theme.pad(1.2) - em
        left = room - self.table.winfo_reqwidth() - self.area.yscroll.winfo_reqwidth()
        width = max(em * BOARD_EMS[0], min(em * BOARD_EMS[1], left))
        if int(self.board.cget("width")) != width:
            self.board.configure(width=width)

    # ------------------------------------------------------------ playing

    @property
    def playing(self) -> bool:
        """Whether the scene is still turning (Enter then skips to its end)."""
        return self.data is not None and self.beat < len(self.beats) - 1

    @property
    def stage(self) -> Optional[S.Stage]:
        return self.beats[self.beat].stage if self.beats else None

    def play(self) -> None:
        """Turn the reveal over beat by beat from where it stands; with reduced motion,
        show it whole at once."""
        self._cancel()
        if self.reduced_motion():
            self.finish()
        elif self.playing:
            self._after = self.after(self.beats[self.beat].ms, self._next)

    def _next(self) -> None:
        self._after = None
        if not self.playing or not self.winfo_exists():
            return
        self.beat += 1
        beat = self.beats[self.beat]
        if beat.kind == "move":
            key = self.data.columns[beat.column].key
            self.board.slide({key: self._after_prices[key]}, keys=[key])
        self._draw()
        self.play()

    def rewind(self) -> None:
        """Back to the start of the scene, every card face down (``play`` turns them again)."""
        self._cancel()
        if self.data is None:
            return
        self.beat = 0
        self.board.finish()
        self.board.show(self._before)
        self._draw()

    def finish(self) -> None:
        """Skip to the end of the scene: the whole reveal, the board at the new prices."""
        self._cancel()
        if self.data is None:
            return
        self.beat = len(self.beats) - 1
        self.board.finish()
        self.board.show(self._after_history)
        self._draw()

    def step(self) -> None:
        """Turn the next beat now and wait there: the scene played by hand, a beat at a time."""
        self._cancel()
        self._next()
        self._cancel()

    @property
    def waiting(self) -> bool:
        """Whether the next beat is on its way (the scene plays by itself)."""
        return self._after is not None

    @property
    def warmed(self) -> bool:
        """Whether ``warm`` has put the screen on the display once, out of sight."""
        return self._warmed

    def _cancel(self) -> None:
        from ..widgets.tooltip import cancel_after
        self._after = cancel_after(self, self._after)

    # ------------------------------------------------------------ drawing

    def _draw(self) -> None:
        data, stage = self.data, self.stage
        beat = self.beats[self.beat]
        for index, head in enumerate(self.heads[:len(data.columns)]):
            column = data.columns[index]
            head.units.configure(text=S.head_units(data, stage, index) or " ")
            head.move.configure(text=column.move if stage.moved[index] else " ")
        for index, seat in enumerate(data.rows):
            widgets = self.rows[index]
            for number, cell in enumerate(widgets.cells):
                fresh = beat.kind == "turn" and beat.column == number and beat.row == index
                cell.draw(seat.cells[number], turned=index < stage.turned[number],
                          resulted=stage.resulted[number], fresh=fresh)
            settled = index < stage.settled
            widgets.money.configure(text=seat.money if settled else "")
            widgets.cash.configure(text=seat.cash if settled else "")
            widgets.stock.configure(text=seat.stock if settled else "")
            # a line not yet said is a blank one: the rows keep their height all along
            widgets.line.configure(text=widgets.line_shown if settled else " ")
            person = self._people[seat.seat] if seat.seat < len(self._people) else None
            widgets.badge.show(person, initial=seat.name,
                               mood=seat.mood if settled else "neutral")
        self.continue_button.configure(
            text="Show all  (Enter)" if self.playing else self._continue_text)
        self.area.refit()
        note = NOTE if any(r.thought for r in data.rows) else ""
        if self.note.cget("text") != note:
            self.note.configure(text=note)
            self._fit_head()

    def toggle(self, index: int) -> None:
        """Open or close the reasoning under row ``index``."""
        if self.data is None or index >= len(self.data.rows):
            return
        row = self.rows[index]
        row.opened = not row.opened
        row.set_visible(True)
        if row.opened:
            self.after_idle(lambda: self.area.see(row.detail))

    def focus_row(self, index: int) -> None:
        """Give the keyboard to row ``index`` (the button before the first)."""
        if self.data is None:
            return
        if index < 0:
            self.continue_button.focus_set()
        elif index < len(self.data.rows):
            self.rows[index].name.focus_set()
            self.area.see(self.rows[index].name)

    def _down_to_rows(self) -> str:
        self.focus_row(0)
        return "break"

    def _fit_head(self) -> None:
        """The note gives way where the title, it and the button do not fit on one line."""
        room = self._head.winfo_width() - self.continue_button.winfo_reqwidth()
        need = self.title.winfo_reqwidth() + self.note.winfo_reqwidth() + 2 * self.theme.em
        shown = bool(self.note.winfo_manager())
        if need > room and shown:
            self.note.grid_remove()
        elif need <= room and not shown:
            self.note.grid()

    def _wrap_details(self, width: int) -> None:
        wrap = max(200, width - self.theme.pad(8))
        for row in self.rows:
            if int(str(row.detail.cget("wraplength")) or 0) != wrap:
                row.detail.configure(wraplength=wrap)

    def _fit(self) -> None:
        """The rows' lines under the rows when every row with its line fits the height;
        else beside each row's numbers (``compact``), taking no height; only then a
        scrollbar.  Each line is then shortened to its room.

        Worked out from the table as it stands and the height of a line, so that
        nothing needs laying out twice to know it.
        """
        if self.data is None:
            return
        room = self.area.canvas.winfo_height()
        if room <= 1:
            return
        rows = self.rows[:len(self.data.rows)]
        lines = [bool(seat.line) for seat in self.data.rows]
        self.table.update_idletasks()
        under = [row for row in rows if row.line.winfo_manager() and not row.beside]
        line_h = self._line_probe.winfo_reqheight()        # a line under a row, mapped or not
        bare = self.table.winfo_reqheight() - len(under) * line_h
        played, compact = self._as_played
        if self._again and played == self.data:
            self.compact = compact
        else:
            self.compact = bare + sum(lines) * line_h > room
            if not self._again and self.winfo_viewable() and not self._backstage:
                # as a person saw it (not as measured out of sight)
                self._as_played = (self.data, self.compact)
        for row, line in zip(rows, lines):
            row.put_line(beside=self.compact)
            row.has_line = line
            row.set_visible(True)
        self._shorten_lines()

    def _shorten_lines(self) -> None:
        """Each row's line as much as its room shows: at a sentence or a word, never cut."""
        self.table.update_idletasks()
        for row, seat in zip(self.rows, self.data.rows if self.data else ()):
            first, last, pads = (5, 7, 0.6) if row.beside else (1, 7, 1.1)
            x0, _, _, _ = self.table.grid_bbox(first, row.top + 1)
            x1, _, w1, _ = self.table.grid_bbox(last, row.top + 1)
            room = x1 + w1 - x0 - self.theme.pad(pads)
            row.line_shown = _shortened(row.line, seat.line, room)
            if str(row.line.cget("text")).strip():
                row.line.configure(text=row.line_shown)
            row.say_detail(seat)

    # ------------------------------------------------------------ reading back (tests)

    def rows_shown(self) -> List[tuple]:
        """Per seat: name, then (entered, result) per commodity, money, cash, stock, line."""
        found = []
        for row in self.rows[:len(self.data.rows) if self.data else 0]:
            cells = tuple((c.entered.cget("text").strip(), c.result.cget("text").strip())
                          for c in row.cells)
            found.append((row.name.cget("text"),) + cells + (
                row.money.cget("text"), row.cash.cget("text"), row.stock.cget("text"),
                row.line.cget("text").strip()))
        return found
