"""Full-window screens laid over the game: welcome, resume, pass-and-play cover,
reveal and end of game.

Each screen is a frame placed over the whole body of the window, so nothing
beneath it can be read while it is up.  Widget trees::

    Welcome:  title, intro, [New game…] [Open a saved game…]
    Resume:   title, description, table of unfinished games (newest first),
              games open in another window, [Resume] [New game]
    Cover:    "Pass to <name>", explanation, [I am <name>: show my sheet]
    Reveal:   title, commodities tree, seats tree, [Continue]
    Ending:   headline, results tree, [New game] [Quit]
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Optional, Tuple

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

    def show(self) -> None:
        if self.offers is not None:
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

    def describe(self, text: str) -> None:
        self.text.configure(text=text)


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

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_ready: Callable[[], None]) -> None:
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
        self.default_button = self.ready_button

    def set_name(self, name: str) -> None:
        title, text = P.cover_text(name)
        self.title.configure(text=title)
        self.text.configure(text=text + "\n\nPress Enter or the button when you are ready.")
        self.ready_button.configure(text=f"I am {name}: show my sheet")


class Reveal(Screen):
    """Every seat's entry for the phase just resolved, and what became of it."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_continue: Callable[[], None]) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(1.5))
        em = theme.em
        self.title = ttk.Label(self, text="", style="ScreenTitle.TLabel")
        self.title.grid(row=0, column=0, sticky="w")
        self.subtitle = ttk.Label(self, text="Everyone may look: the entries are public now.",
                                  style="Screen.TLabel")
        self.subtitle.grid(row=1, column=0, sticky="w", pady=(0, em // 2))
        self.market = ttk.Treeview(self, columns=("name", "units", "price", "result"),
                                   show="tree headings", selectmode="none", takefocus=0, height=12)
        self.market.heading("#0", text="Commodity")
        self.market.column("#0", width=em * 12, stretch=False)
        for column, text, width, anchor in (("name", "Player", 12, "w"), ("units", "Units", 6, "e"),
                                            ("price", "Price", 7, "e"), ("result", "Result", 70, "w")):
            self.market.heading(column, text=text, anchor=anchor)
            self.market.column(column, width=em * width, anchor=anchor,
                               stretch=column == "result")
        self.market.tag_configure("head", font="EDBold", background=T.CURRENT)
        self.market.tag_configure("fail", foreground=T.MUTED)
        self.market.grid(row=2, column=0, sticky="nsew")
        self.market_scroll = ttk.Scrollbar(self, orient="vertical", command=self.market.yview)
        self.market.configure(yscrollcommand=self.market_scroll.set)
        self.market_scroll.grid(row=2, column=1, sticky="ns")
        self.seats_heading = ttk.Label(self, text="Each player's result",
                                       style="ScreenHeading.TLabel")
        self.seats_heading.grid(row=3, column=0, sticky="w", pady=(em, 0))
        self.seats = ttk.Treeview(self, columns=("name", "money", "cash", "stock", "note"),
                                  show="headings", selectmode="none", takefocus=0, height=6)
        for column, text, width, anchor in (("name", "Player", 12, "w"), ("money", "Paid", 12, "e"),
                                            ("cash", "Cash now", 11, "e"),
                                            ("stock", "Stock X·F·S", 13, "e"),
                                            ("note", "What happened", 60, "w")):
            self.seats.heading(column, text=text, anchor=anchor)
            self.seats.column(column, width=em * width, anchor=anchor, stretch=column == "note")
        self.seats.grid(row=4, column=0, sticky="nsew")
        self.seats_scroll = ttk.Scrollbar(self, orient="vertical", command=self.seats.yview)
        self.seats.configure(yscrollcommand=self.seats_scroll.set)
        self.seats_scroll.grid(row=4, column=1, sticky="ns")
        self.thoughts = ttk.Label(self, text="", style="Screen.TLabel", justify="left",
                                  foreground=T.MUTED, wraplength=em * 120)
        self.thoughts.grid(row=6, column=0, sticky="ew", pady=(em // 2, 0))
        self.thoughts.bind("<Configure>", lambda e: e.widget.configure(
            wraplength=max(200, e.width - 4)))
        self.continue_button = ttk.Button(self, text="Continue  (Enter)", style="Big.TButton",
                                          command=on_continue)
        self.continue_button.grid(row=7, column=0, columnspan=2, sticky="e", pady=(em, 0))
        self.default_button = self.continue_button
        self.columnconfigure(0, weight=1)
        # The commodities scroll when space is short; every seat's result stays in full.
        self.rowconfigure(2, weight=1)
        self.rowconfigure(4, weight=0)
        self._data: Optional[P.Reveal] = None
        self._shown_blocks = 0
        self._continue_text = "Continue  (Enter)"

    def fill(self, data: P.Reveal, *, buying: bool, step: bool = False,
             continue_text: str = "Continue  (Enter)") -> None:
        """Show a reveal; with ``step``, one commodity at a time (``show_next`` adds the next)."""
        self._data = data
        self._continue_text = continue_text
        self.title.configure(text=data.title)
        self.market.delete(*self.market.get_children())
        self.seats.heading("money", text="Paid" if buying else "Received")
        self.seats.delete(*self.seats.get_children())
        for row in data.seats:
            self.seats.insert("", "end", values=row)
        rows = sum(1 + len(b.rows) for b in data.blocks)
        self.market.configure(height=max(4, min(rows, 16)))
        self.seats.configure(height=max(2, len(data.seats)))
        self._shown_blocks = 0
        for _ in range(1 if step else len(data.blocks)):
            self._add_block()
        self.market.yview_moveto(0)
        self._show_rest()

    def _add_block(self) -> None:
        block = self._data.blocks[self._shown_blocks]
        parent = self.market.insert("", "end", text=block.name, open=True,
                                    values=("", "", "", block.summary), tags=("head",))
        for row, failed in zip(block.rows, block.failed):
            self.market.insert(parent, "end", text="", values=row,
                               tags=("fail",) if failed else ())
        self._shown_blocks += 1
        self.market.see(parent)

    @property
    def more(self) -> bool:
        """Whether commodities are still to be shown (pacing "step")."""
        return self._data is not None and self._shown_blocks < len(self._data.blocks)

    def show_next(self) -> None:
        """Reveal the next commodity (and, after the last, every seat's result)."""
        if self.more:
            self._add_block()
            self._show_rest()

    def _show_rest(self) -> None:
        data = self._data
        done = not self.more
        for widget in (self.seats_heading, self.seats, self.seats_scroll, self.thoughts):
            if done:
                widget.grid()
            else:
                widget.grid_remove()
        self.thoughts.configure(text=("The computer players' thinking: " +
                                      "  ·  ".join(data.thoughts)) if data.thoughts and done
                                else "")
        if done:
            self.continue_button.configure(text=self._continue_text)
        else:
            name = data.blocks[self._shown_blocks].name
            self.continue_button.configure(text=f"Next: {name}  (Enter)")


class Ending(Screen):
    """The end of the game: the settlement and the winner."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_new: Callable[[], None],
                 on_quit: Callable[[], None], on_look: Callable[[], None]) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(2))
        em = theme.em
        ttk.Label(self, text="The game is over", style="ScreenTitle.TLabel").grid(
            row=0, column=0, columnspan=3, sticky="w")
        self.headline = ttk.Label(self, text="", style="ScreenHeading.TLabel")
        self.headline.grid(row=1, column=0, columnspan=3, sticky="w", pady=em)
        self.text = ttk.Label(self, style="Screen.TLabel", wraplength=em * 110, justify="left",
                              text="Raw materials left in stock were sold to the Broker at the "
                                   "last market prices, and loans were repaid at $125 for each "
                                   "$100. The most cash wins.")
        self.text.grid(row=2, column=0, columnspan=3, sticky="w")
        self.table = ttk.Treeview(self, columns=P.ENDING_COLUMNS, show="headings",
                                  selectmode="none", takefocus=0, height=6)
        widths = (6, 12, 14, 22, 18, 10, 10)
        for column, width in zip(P.ENDING_COLUMNS, widths):
            self.table.heading(column, text=column)
            self.table.column(column, width=em * width, anchor="w" if column == "Player" else "e",
                              stretch=True)
        self.table.tag_configure("winner", font="EDBold", background=T.CURRENT)
        self.table.grid(row=3, column=0, columnspan=3, sticky="nsew", pady=em)
        self.charts = ttk.Frame(self, style="Screen.TFrame")
        self.charts.grid(row=4, column=0, columnspan=3, sticky="nsew", pady=(0, em))
        self.charts.columnconfigure(0, weight=3, uniform="chart")
        self.charts.columnconfigure(1, weight=2, uniform="chart")
        self.charts.rowconfigure(0, weight=1)
        self.cash_chart = None
        self.standings = None
        self.new_button = ttk.Button(self, text="New game", style="Big.TButton", command=on_new)
        self.look_button = ttk.Button(self, text="Look at the sheets", command=on_look)
        self.quit_button = ttk.Button(self, text="Quit", command=on_quit)
        self.new_button.grid(row=5, column=0, sticky="w")
        self.look_button.grid(row=5, column=1, sticky="w", padx=em)
        self.quit_button.grid(row=5, column=2, sticky="e")
        self.default_button = self.new_button
        self.columnconfigure(2, weight=1)
        self.rowconfigure(4, weight=1)
        self._em = em

    def fill(self, data: P.Ending, game=None) -> None:
        self.headline.configure(text=data.headline)
        self.table.delete(*self.table.get_children())
        for row in data.rows:
            self.table.insert("", "end", values=row, tags=("winner",) if row[0] == "1st" else ())
        self.table.configure(height=len(data.rows))
        if game is not None:
            self.show_charts(game)

    def show_charts(self, game) -> None:
        """Each seat's cash month by month, and the final standings as bars (winner marked)."""
        from . import charts
        em = self._em
        if self.cash_chart is None:
            self.cash_chart = charts.CashChart(self.charts, width=em * 60, height=em * 22,
                                               title="Cash month by month")
            self.cash_chart.grid(row=0, column=0, sticky="nsew", padx=(0, em))
            self.standings = charts.StandingsBars(self.charts, width=em * 44,
                                                  title="Final standings")
            self.standings.grid(row=0, column=1, sticky="nsew")
        start = game.rules.starting_cash
        self.cash_chart.set_history(game.history, game.names, start)
        self.standings.set_rows(charts.standings_rows(game), starting_cash=start)
