"""Full-window screens laid over the game: welcome, resume, pass-and-play cover
and reveal (the end of the game has a module of its own, ``ending``).

Each screen is a frame placed over the whole body of the window, so nothing
beneath it can be read while it is up.  Widget trees::

    Welcome:  title, intro, [New game…] [Open a saved game…]
    Resume:   title, description, table of unfinished games (newest first),
              games open in another window, [Resume] [New game]
    Cover:    "Pass to <name>", explanation, [I am <name>: show my sheet],
              [<who submitted last>: take back my entry]
    Reveal:   title, a column per commodity and a row per seat, [Continue]
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Sequence, Tuple

from . import presenter as P
from . import theme as T


class Screen(ttk.Frame):
    """A frame that covers its master entirely while shown."""

    default_button: Optional[ttk.Button] = None

    def show(self) -> None:
        self.place(x=0, y=0, relwidth=1, relheight=1)
        self.lift()
        if self.default_button is not None:
            self.default_button.focus_set()

    def hide(self) -> None:
        self.place_forget()

    @property
    def shown(self) -> bool:
        return bool(self.place_info())

    def _card(self, theme: T.Theme, title: str, *, justify: str) -> Tuple[ttk.Frame, ttk.Label]:
        """A centred card with a big title and a wrapped text below it (rows 0 and 1)."""
        em = theme.em
        inner = ttk.Frame(self, style="Screen.TFrame")
        inner.place(relx=0.5, rely=0.4, anchor="center")
        ttk.Label(inner, text=title, style="ScreenTitle.TLabel").grid(
            row=0, column=0, columnspan=2, pady=(0, em))
        text = ttk.Label(inner, text="", style="Screen.TLabel", wraplength=em * 70,
                         justify=justify)
        text.grid(row=1, column=0, columnspan=2, pady=(0, em))
        return inner, text


INTRO = ("A business game by Sid Sackson for 2 to 6 players. Each month every player "
         "secretly orders raw materials (X-Fine, Fine, Standard) at a bid price, then "
         "secretly offers finished goods (A, B, C) made from them at an asking price. "
         "All entries are revealed together and the market prices move with the number of "
         "units involved. Whoever has the most cash at the end wins.")


class Welcome(Screen):
    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_new: Callable[[], None],
                 on_open: Callable[[], None]) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(3))
        em = theme.em
        inner, self.text = self._card(theme, "Executive Decision", justify="left")
        self.text.configure(text=INTRO)
        self.message = ttk.Label(inner, text="", style="Screen.TLabel", foreground=T.RED,
                                 wraplength=em * 70, justify="left")
        self.message.grid(row=2, column=0, columnspan=2)
        self.new_button = ttk.Button(inner, text="New game…", style="Big.TButton", command=on_new)
        self.open_button = ttk.Button(inner, text="Open a saved game…", command=on_open)
        self.new_button.grid(row=3, column=0, padx=em, pady=em)
        self.open_button.grid(row=3, column=1, padx=em, pady=em)
        self.default_button = self.new_button


class Resume(Screen):
    """The unfinished games this window may resume, newest first.

    ``offers()`` gives ``(free, elsewhere)``: the games that can be resumed,
    and those open in another window (named in ``elsewhere_label``, never
    offered).  The list is read again each time the screen is shown.
    """

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_resume: Callable[[], None],
                 on_new: Callable[[], None],
                 offers: Optional[Callable[[], Tuple[list, list]]] = None) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(3))
        from .chooser import COLUMNS, saves_table
        em = theme.em
        self.offers = offers
        self.rows: dict = {}
        inner, self.text = self._card(theme, "Welcome back", justify="center")
        self.table = saves_table(inner, theme, height=3, columns=COLUMNS[:3])
        self.table.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.table.bind("<Double-1>", lambda e: on_resume() if self.table.identify_row(e.y) else None)
        self.elsewhere_label = ttk.Label(inner, text="", style="Screen.TLabel",
                                         wraplength=em * 70, justify="center")
        self.elsewhere_label.grid(row=3, column=0, columnspan=2, pady=(em, 0))
        self.resume_button = ttk.Button(inner, text="Resume the game", style="Big.TButton",
                                        command=on_resume)
        self.new_button = ttk.Button(inner, text="Start a new game", command=on_new)
        self.resume_button.grid(row=4, column=0, padx=em, pady=em)
        self.new_button.grid(row=4, column=1, padx=em, pady=em)
        self.default_button = self.resume_button

    def show(self, read: Optional[tuple] = None) -> None:
        """Show the games to resume: ``read`` (free, elsewhere) when the caller has just read
        the saves folder, else read afresh with ``offers()``."""
        if read is not None:
            self.offer(*read)
        elif self.offers is not None:
            self.offer(*self.offers())
        super().show()
        if self.rows:
            self.table.focus_set()   # the arrow keys choose, Enter resumes

    def offer(self, free: list, elsewhere: list) -> None:
        """List the games that can be resumed here and name those open elsewhere."""
        from .chooser import fill_table
        self.rows = fill_table(self.table, free)
        self.table.configure(height=max(1, min(6, len(free))))
        if len(free) == 1:
            self.text.configure(text="You have an unfinished game. Press Enter to carry on "
                                     "where you left off.")
        else:
            self.text.configure(text=f"You have {len(free)} unfinished games, the most recently "
                                     f"played first. Choose one with the arrow keys and press "
                                     f"Enter to carry on.")
        self.elsewhere_label.configure(text=elsewhere_sentence(elsewhere))

    def selected(self):
        """The save chosen in the list (``SaveInfo``), or ``None``."""
        chosen = self.table.selection()
        return self.rows.get(chosen[0]) if chosen else None


def elsewhere_sentence(elsewhere: list) -> str:
    """One sentence naming the unfinished games open in another window ("" for none)."""
    if not elsewhere:
        return ""
    games = "; ".join(f"{info.players} ({info.stage})" for info in elsewhere[:3])
    more = f" and {len(elsewhere) - 3} more" if len(elsewhere) > 3 else ""
    if len(elsewhere) == 1:
        return (f"Your game with {games} is open in another window, so it is not offered "
                f"here; carry on with it in that window.")
    return (f"Your games with {games}{more} are open in other windows, so they are not "
            f"offered here; carry on with them there.")


class Cover(Screen):
    """Pass-and-play: hides everything until the named person is ready."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_ready: Callable[[], None],
                 on_take_back: Optional[Callable[[], None]] = None) -> None:
        super().__init__(master, style="Cover.TFrame")
        em = theme.em
        inner = ttk.Frame(self, style="Cover.TFrame")
        inner.place(relx=0.5, rely=0.45, anchor="center")
        self.title = ttk.Label(inner, text="", style="CoverTitle.TLabel")
        self.title.grid(row=0, column=0, pady=em)
        self.text = ttk.Label(inner, text="", style="Cover.TLabel", wraplength=em * 60,
                              justify="center")
        self.text.grid(row=1, column=0, pady=em)
        self.ready_button = ttk.Button(inner, text="", style="Big.TButton", command=on_ready)
        self.ready_button.grid(row=2, column=0, pady=em)
        # Whoever has just submitted may still take the entry back (until the last seat is in).
        self.take_back_button = ttk.Button(inner, text="", command=on_take_back)
        self.take_back_button.grid(row=3, column=0, pady=(em, 0))
        self.default_button = self.ready_button

    def set_name(self, name: str, *, take_back: Optional[str] = None) -> None:
        """Ask for ``name``; ``take_back`` names who may still take an entry back."""
        title, text = P.cover_text(name)
        self.title.configure(text=title)
        self.text.configure(text=text + "\n\nPress Enter or the button when you are ready.")
        self.ready_button.configure(text=f"I am {name}: show my sheet")
        if take_back:
            self.take_back_button.configure(text=f"{take_back}: take back my entry")
            self.take_back_button.grid()
        else:
            self.take_back_button.grid_remove()


class RevealCellWidgets:
    """One seat's entry for one commodity on the reveal: what was entered, what came of it."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        self.frame = ttk.Frame(master, style="Card.TFrame", padding=(theme.pad(0.5), 1))
        self.frame.configure(borderwidth=0)
        self.entered = ttk.Label(self.frame, text="", style="CardBold.TLabel", anchor="w")
        self.result = ttk.Label(self.frame, text="", style="Card.TLabel", anchor="w")
        self.entered.grid(row=0, column=0, sticky="w")
        self.result.grid(row=1, column=0, sticky="w")
        self.outcome = ""
        from .tooltip import add_tooltip
        for widget in (self.frame, self.entered, self.result):
            add_tooltip(widget, lambda: self.outcome, 400)

    def show(self, cell: Optional[P.RevealCell]) -> None:
        """Show ``cell``, or a sealed "?" while its commodity is still to be revealed."""
        if cell is None:
            self.entered.configure(text="?", font="EDBold", foreground=T.MUTED)
            self.result.configure(text="", foreground=T.MUTED)
            self.outcome = ""
            return
        struck = cell.state == "failed"
        self.entered.configure(text=cell.entered, font="EDTallyStrike" if struck else "EDBold",
                               foreground=T.MUTED if cell.state in ("failed", "none") else T.INK)
        colour = {"done": T.GREEN, "part": T.AMBER, "failed": T.RED}.get(cell.state, T.MUTED)
        self.result.configure(text=cell.result, foreground=colour)
        self.outcome = cell.outcome


class RevealSeatWidgets:
    """One seat's row on the reveal: picture, name, three cells, money, cash, stock, words."""

    def __init__(self, master: tk.Misc, theme: T.Theme, row: int) -> None:
        from .portraits import Badge
        pad = theme.pad
        self.badge = Badge(master, theme.line * 2 + 4, background=T.CARD)
        self.name = ttk.Label(master, text="", style="CardBold.TLabel", anchor="w")
        self.cells = [RevealCellWidgets(master, theme) for _ in range(3)]
        self.money = ttk.Label(master, text="", style="CardBold.TLabel", anchor="e")
        self.cash = ttk.Label(master, text="", style="Card.TLabel", anchor="e")
        self.stock = ttk.Label(master, text="", style="Card.TLabel", anchor="e")
        self.words = ttk.Label(master, text="", style="CardMuted.TLabel", anchor="w",
                               justify="left")
        #: the words below the row, also at hand by pointing at the name or the face
        self.said = ""
        from .tooltip import add_tooltip
        for widget in (self.badge, self.name):
            add_tooltip(widget, lambda: self.said, 400)
        self.rule = ttk.Separator(master, orient="horizontal")
        top = row * 3
        self.rule.grid(row=top, column=0, columnspan=8, sticky="ew", pady=(pad(0.2), pad(0.2)))
        self.badge.grid(row=top + 1, column=0, rowspan=2, sticky="n", padx=(pad(0.5), pad(0.4)))
        self.name.grid(row=top + 1, column=1, sticky="w", padx=(0, pad(0.6)))
        for index, cell in enumerate(self.cells):
            cell.frame.grid(row=top + 1, column=2 + index, sticky="ew")
        for column, label in ((5, self.money), (6, self.cash), (7, self.stock)):
            label.grid(row=top + 1, column=column, sticky="e", padx=(pad(0.5), pad(0.6)))
        self.words.grid(row=top + 2, column=1, columnspan=7, sticky="ew", padx=(0, pad(0.6)))
        self.widgets = [self.rule, self.badge, self.name, self.money, self.cash, self.stock,
                        self.words] + [c.frame for c in self.cells]

    def set_visible(self, on: bool, *, words: bool = True) -> None:
        for widget in self.widgets:
            shown = on and (words or widget is not self.words)
            widget.grid() if shown else widget.grid_remove()


class Reveal(Screen):
    """Every seat's entry for the phase just resolved, and what became of it.

    One column per commodity (its units in all, the price move and the new
    price at the head), one row per seat with its picture, its money, cash
    and stock, and a computer player's explanation and reaction below.  It
    fills the window; when every row with its words would not fit (large
    text, many players), the words leave the rows for a line of their own
    at hand by pointing at a name, and only if even that does not fit does
    it scroll.

        Reveal
        ├── title, subtitle
        ├── area (ScrolledFrame) ── table: heads[i] per commodity, seat rows
        └── continue_button
    """

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_continue: Callable[[], None]) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(1.2))
        from .scroll import ScrolledFrame
        self.theme = theme
        em = theme.em
        # The title, and the button to go on, share a line: the table gets the height.
        head = ttk.Frame(self, style="Screen.TFrame")
        head.grid(row=0, column=0, sticky="ew")
        self.title = ttk.Label(head, text="", style="RevealTitle.TLabel")
        self.title.grid(row=0, column=0, sticky="sw")
        self.subtitle = ttk.Label(head, text="Everyone may look: the entries are public now.",
                                  style="Screen.TLabel")
        self.subtitle.grid(row=0, column=1, sticky="sw", padx=em, pady=(0, em // 4))
        self.continue_button = ttk.Button(self, text="Continue  (Enter)", style="Big.TButton",
                                          command=on_continue)
        self.continue_button.grid(row=0, column=1, sticky="e", pady=(0, em // 2))
        self.area = ScrolledFrame(self, style="Card.TFrame", background=T.CARD, sideways=True)
        self.area.grid(row=2, column=0, columnspan=2, sticky="nsew")
        self.table = self.area.inner
        self.pointer_note = ttk.Label(self, text="Point at a player's name or face for what "
                                      "they thought and said.", style="Screen.TLabel")
        self.pointer_note.grid(row=3, column=0, columnspan=2, sticky="w", pady=(em // 4, 0))
        self.pointer_note.grid_remove()
        self._build_heads()
        self.rows: list = []
        self.default_button = self.continue_button
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)
        self._data: Optional[P.Reveal] = None
        self._shown_blocks = 0
        self._continue_text = "Continue  (Enter)"
        self.table.bind("<Configure>", lambda e: self._wrap_words(e.width))
        #: whether the rows are shown without their words, to fit the window
        self.compact = False
        self.area.bind("<Configure>", lambda e: self.after_idle(self._fit), add="+")
        head.bind("<Configure>", lambda e: self._fit_head(), add="+")
        self._head = head

    def _build_heads(self) -> None:
        from .panels import swatch
        t, pad = self.table, self.theme.pad
        for column in range(2, 5):
            t.columnconfigure(column, weight=1, uniform="commodity")
        self.corner = ttk.Label(t, text="Player", style="CardMuted.TLabel", anchor="sw")
        self.corner.grid(row=0, column=1, sticky="sw", pady=(pad(0.4), 0))
        self.heads = []
        self._swatches = {}
        for index in range(3):
            head = ttk.Frame(t, style="Card.TFrame", padding=(pad(0.5), pad(0.3)))
            head.grid(row=0, column=2 + index, sticky="nsew", padx=1, pady=(pad(0.3), 0))
            head.name = ttk.Label(head, text="", style="CardHeading.TLabel", compound="left")
            head.units = ttk.Label(head, text="", style="Card.TLabel")
            head.move = ttk.Label(head, text="", style="CardBold.TLabel")
            head.name.grid(row=0, column=0, sticky="w")
            head.units.grid(row=1, column=0, sticky="w")
            head.move.grid(row=2, column=0, sticky="w")
            self.heads.append(head)
        size = max(10, self.theme.line - 2)
        for key, colour in T.COMMODITY_COLOURS.items():
            self._swatches[key] = swatch(self, colour, size)
        self.money_head = ttk.Label(t, text="Paid", style="CardMuted.TLabel", anchor="se")
        self.cash_head = ttk.Label(t, text="Cash now", style="CardMuted.TLabel", anchor="se")
        self.stock_head = ttk.Label(t, text="Stock\nX·F·S", style="CardMuted.TLabel",
                                    anchor="se", justify="right")
        for column, label in ((5, self.money_head), (6, self.cash_head), (7, self.stock_head)):
            label.grid(row=0, column=column, sticky="se", padx=(pad(0.5), pad(0.6)))

    def _row(self, index: int) -> RevealSeatWidgets:
        while len(self.rows) <= index:
            self.rows.append(RevealSeatWidgets(self.table, self.theme, len(self.rows) + 1))
        return self.rows[index]

    def _wrap_words(self, width: int) -> None:
        wrap = max(200, width - self.theme.pad(8))
        for row in self.rows:
            row.words.configure(wraplength=wrap)

    def fill(self, data: P.Reveal, *, buying: bool, step: bool = False,
             continue_text: str = "Continue  (Enter)",
             personalities: Sequence = ()) -> None:
        """Show a reveal; with ``step``, one commodity at a time (``show_next`` adds the next).

        ``personalities[seat]`` draws a computer seat's face (``None``: a person).
        """
        self._data = data
        self._continue_text = continue_text
        self._personalities = list(personalities)
        self.title.configure(text=data.title)
        self.money_head.configure(text="Paid" if buying else "Received")
        self.compact = False
        for index, row in enumerate(self.rows):
            row.set_visible(index < len(data.rows))
        for index, seat in enumerate(data.rows):
            widgets = self._row(index)
            widgets.set_visible(True)
            person = self._personalities[seat.seat] if seat.seat < len(self._personalities) \
                else None
            widgets.badge.show(person, initial=seat.name, mood=seat.mood)
            widgets.name.configure(text=seat.name)
        self._shown_blocks = 1 if step else len(data.columns)
        self._draw()
        self._fit()
        self.area.scroll_to_top()

    def _fit(self) -> None:
        """Show the rows' words when everything fits the area in sight; else the rows alone."""
        if self._data is None:
            return
        room = self.area.canvas.winfo_height()
        if room <= 1:
            return
        rows = self.rows[:len(self._data.rows)]
        for row in rows:
            row.set_visible(True)
        self.table.update_idletasks()
        compact = self.table.winfo_reqheight() > room
        if compact:
            for row in rows:
                row.set_visible(True, words=False)
        if compact and any(row.said for row in rows):
            self.pointer_note.grid()
        else:
            self.pointer_note.grid_remove()
        self.compact = compact

    def _fit_head(self) -> None:
        """The subtitle goes when the title, it and the button do not fit on one line."""
        # the screen's own padding on both sides, and the subtitle's on both of its sides
        room = (self.winfo_width() - 2 * self.theme.pad(1.2)
                - self.continue_button.winfo_reqwidth())
        need = self.title.winfo_reqwidth() + self.subtitle.winfo_reqwidth() + 2 * self.theme.em
        if need > room:
            self.subtitle.grid_remove()
        else:
            self.subtitle.grid()

    def _draw(self) -> None:
        data = self._data
        done = not self.more
        for index, head in enumerate(self.heads):
            column = data.columns[index] if index < len(data.columns) else None
            if column is None:
                continue
            head.name.configure(text=f" {column.name}", image=self._swatches[column.key])
            shown = index < self._shown_blocks
            head.units.configure(text=column.units if shown else "to be revealed")
            head.move.configure(text=column.move if shown else "")
        for index, seat in enumerate(data.rows):
            widgets = self.rows[index]
            for number, cell in enumerate(widgets.cells):
                cell.show(seat.cells[number] if number < self._shown_blocks else None)
            widgets.money.configure(text=seat.money if done else "")
            widgets.cash.configure(text=seat.cash if done else "")
            widgets.stock.configure(text=seat.stock if done else "")
            words = []
            if seat.reaction:
                words.append(f"“{seat.reaction}”")
            if seat.thought:
                words.append(f"Thinking: {seat.thought}.".replace("..", "."))
            if seat.note:
                words.append(seat.note)
            widgets.said = "   ".join(words) if done else ""
            widgets.words.configure(text=widgets.said)
            if seat.seat < len(self._personalities) and self._personalities[seat.seat]:
                widgets.badge.show(self._personalities[seat.seat], initial=seat.name,
                                   mood=seat.mood if done else "neutral")
        if done:
            self.continue_button.configure(text=self._continue_text)
        else:
            name = data.columns[self._shown_blocks].name
            self.continue_button.configure(text=f"Next: {name}  (Enter)")

    @property
    def more(self) -> bool:
        """Whether commodities are still to be shown (pacing "step")."""
        return self._data is not None and self._shown_blocks < len(self._data.columns)

    def show_next(self) -> None:
        """Reveal the next commodity (and, after the last, every seat's result)."""
        if self.more:
            self._shown_blocks += 1
            self._draw()

    def shown_columns(self) -> List[str]:
        """The commodities revealed so far (for tests)."""
        return [self._data.columns[i].name for i in range(self._shown_blocks)] \
            if self._data else []

    def rows_shown(self) -> List[tuple]:
        """Per seat: name, then (entered, result) per commodity, money, cash, stock, words."""
        found = []
        for row in self.rows:
            if not row.name.winfo_manager():
                continue
            cells = tuple((c.entered.cget("text"), c.result.cget("text")) for c in row.cells)
            found.append((row.name.cget("text"),) + cells + (
                row.money.cget("text"), row.cash.cget("text"), row.stock.cget("text"),
                row.words.cget("text")))
        return found
