"""The end of the game: the winner celebrated, the settlement, the last words, the charts.

    Ending (Screen)
    ├── area (ScrolledFrame: scrolls only when the text is too large to fit)
    │   ├── celebration (Celebration)   trophy, the winner's picture, confetti
    │   ├── headline                    who won, between stars (the rules of the final
    │   │                               cash on the table's pointer: ``rules_text``)
    │   ├── quotes                      each computer player's face and last word
    │   └── tabs (Notebook): "Final standings": table (Treeview: place, player,
    │                        cash, materials, (loans), final, profit) over
    │                        cash_chart (cash month by month) where the screen
    │                        has room for it, else "Cash by month": cash_chart;
    │                        "Final cash": standings (the final cash as bars);
    │                        "Review": review_tab (reviewtab.ReviewTab: each
    │                        person's entries beside the expert's)
    └── new_button, look_button, quit_button

At every text size offered, with six players on a 1366×768 screen, the
headline, the whole table and the last words fit without scrolling; the
cash chart is under the table where there is room, else a tab away.  A long
name (up to 40 letters) breaks the headline and its table cell onto two
lines rather than make the notebook, and every tab with it, wider than the
window.
``where()`` and ``go_back(where)`` keep the tab and the scroll position
across the window being built again (a new text size).

The celebration is a short burst of confetti over a trophy (about two
seconds, then it rests; at once with reduced motion); the winner is named in
words beside it ("Winner"), so it never rests on colour.  Canvas items are
tagged ``trophy``, ``winner``, ``confetti`` and ``portrait``.
"""
from __future__ import annotations

import random
import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Sequence

from .. import presenter as P
from ..widgets import theme as T
from .covers import Screen

CONFETTI = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#8c3b1f")


class Celebration(tk.Canvas):
    """A trophy with the winner's picture, and confetti falling for a moment."""

    FRAMES = 50
    FRAME_MS = 40

    def __init__(self, master: tk.Misc, theme: T.Theme, *,
                 reduced_motion: Callable[[], bool] = lambda: False) -> None:
        self.size = theme.line * 7 // 2
        self.reduced_motion = reduced_motion
        super().__init__(master, width=self.size * 2, height=self.size, highlightthickness=0,
                         background=T.PANEL, takefocus=0)
        self.frame = self.FRAMES
        self._after: Optional[str] = None
        self._pieces: list = []

    def show(self, winners: Sequence[tuple]) -> None:
        """``winners``: (name, personality or ``None``) for each seat in first place."""
        from ..widgets.portraits import draw_person, draw_portrait
        self.stop()
        self.delete("all")
        size = self.size
        width = size * 2
        cup = "#d4a017"
        # The cup: bowl, handles, stem and base.
        self.create_arc(width * 0.28, -size * 0.35, width * 0.72, size * 0.75, start=180,
                        extent=180, fill=cup, outline="#8a6a10", width=2, style="chord",
                        tags=("trophy",))
        for x0 in (0.2, 0.68):
            self.create_oval(width * x0, size * 0.08, width * (x0 + 0.12), size * 0.42,
                             outline="#8a6a10", width=3, tags=("trophy",))
        self.create_rectangle(width * 0.47, size * 0.74, width * 0.53, size * 0.86, fill=cup,
                              outline="#8a6a10", tags=("trophy",))
        self.create_rectangle(width * 0.36, size * 0.86, width * 0.64, size * 0.97, fill=cup,
                              outline="#8a6a10", tags=("trophy",))
        face = size * 0.5
        count = max(1, len(winners))
        for index, (name, personality) in enumerate(winners[:3]):
            x = width / 2 - face * count / 2 + index * face
            y = size * 0.08
            if personality is None:
                draw_person(self, name, x, y, face, tags=("winner",))
            else:
                draw_portrait(self, personality.portrait, x, y, face, colour=personality.colour,
                              accent=personality.accent, mood="pleased", tags=("winner",))
        rng = random.Random(len(winners))
        self._pieces = []
        for _ in range(80):
            # Confetti falls behind the trophy and comes to rest on the floor around it.
            x = rng.uniform(0, width)
            fall = rng.uniform(size * 0.86, size * 0.98)
            drift = rng.uniform(-size * 0.2, size * 0.2)
            item = self.create_rectangle(x, -6, x + 5, -1, fill=rng.choice(CONFETTI),
                                         outline="", tags=("confetti",))
            self._pieces.append((item, x, fall, drift, rng.uniform(-0.8, 0.3)))
        self.tag_lower("confetti")
        self.frame = 0
        if self.reduced_motion():
            self.finish()           # the confetti at rest at once
        else:
            self._step()

    def _step(self) -> None:
        self._after = None
        self.frame = min(self.FRAMES, self.frame + 1)
        share = self.frame / self.FRAMES
        for item, x, fall, drift, start in self._pieces:
            t = max(0.0, min(1.0, (share - start) / (1 - start)))
            t = 1 - (1 - t) ** 2        # slowing as it lands
            y = -6 + fall * t
            dx = drift * t
            self.coords(item, x + dx, y, x + dx + 5, y + 5)
        if self.frame < self.FRAMES:
            self._after = self.after(self.FRAME_MS, self._step)

    def finish(self) -> None:
        """Jump to the end of the burst (the confetti at rest)."""
        self.stop()
        self.frame = self.FRAMES - 1
        self._step()

    def stop(self) -> None:
        from ..widgets.tooltip import cancel_after
        self._after = cancel_after(self, self._after)

    @property
    def running(self) -> bool:
        return self._after is not None


class Ending(Screen):
    """The end of the game: the settlement and the winner (see the module docstring)."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_new: Callable[[], None],
                 on_quit: Callable[[], None], on_look: Callable[[], None],
                 reduced_motion: Callable[[], bool] = lambda: False) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(1.2))
        from ..widgets.scroll import ScrolledFrame
        # the last words a size smaller than the table, so that they take two lines, not three
        ttk.Style(self).configure("Quote.TLabel", background=T.CARD, font="EDSmall")
        em = theme.em
        self.theme = theme
        self._em = em
        self.area = ScrolledFrame(self, style="Screen.TFrame", background=T.PANEL)
        self.area.grid(row=0, column=0, columnspan=3, sticky="nsew")
        inner = self.area.inner
        inner.columnconfigure(2, weight=1)
        self.celebration = Celebration(inner, theme, reduced_motion=reduced_motion)
        self.celebration.grid(row=0, column=0, rowspan=4, sticky="nw", padx=(0, em * 2))
        # who won, between stars (never colour alone): the strip above and the status line
        # say that the game is over
        self.headline = ttk.Label(inner, text="", style="ScreenTitle.TLabel")
        self.headline.grid(row=0, column=1, rowspan=4, sticky="w")   # level with the trophy
        #: how the final cash was worked out (RULES §5), on the standings' pointer
        self.rules_text = ""
        # The computer players' last words, beside the headline.
        self.quotes = ttk.Frame(inner, style="Screen.TFrame")
        self.quotes.grid(row=0, column=2, rowspan=4, sticky="new", padx=(em * 2, 0))
        self.quote_widgets: List[tuple] = []
        # beside the headline or below the standings, as the width allows (again on resize)
        self.area.canvas.bind("<Configure>", lambda e: self._resized(), add="+")
        # The settlement, the cash month by month, the final cash and the review, a tab each.
        self.tabs = ttk.Notebook(inner)
        self.tabs.grid(row=4, column=0, columnspan=3, sticky="nsew", pady=(em // 2, 0))
        # as tall as the tab shown, not the tallest: the standings take no room of the review's
        self.tabs.bind("<<NotebookTabChanged>>", lambda e: self._tab_changed(), add="+")
        self.standings_tab = ttk.Frame(self.tabs, style="Screen.TFrame")
        self.standings_tab.columnconfigure(0, weight=1)
        ttk.Style(self).configure("Ending.Treeview", rowheight=theme.line + 4)
        self.table = ttk.Treeview(self.standings_tab, columns=P.ENDING_COLUMNS,
                                  show="headings", selectmode="none", takefocus=0, height=6,
                                  style="Ending.Treeview")
        self.table.tag_configure("winner", font="EDBold", background=T.CURRENT)
        self.table.grid(row=0, column=0, sticky="ew")
        from ..widgets.tooltip import tree_tip
        tree_tip(self.table, lambda row, column: self.rules_text)
        self.tabs.add(self.standings_tab, text="Final standings")
        self.cash_chart = None
        self._chart_under: Optional[bool] = None   # the cash chart under the table, or a tab
        self._chart_pending: Optional[str] = None  # its placing, asked for once layout is done
        self._quotes_height: Optional[int] = None  # the last words' height it was placed for
        self.standings = None
        self.review_tab = None     # the Review tab (reviewtab.ReviewTab), made with the charts
        self.new_button = ttk.Button(self, text="New game", style="Big.TButton", command=on_new)
        self.look_button = ttk.Button(self, text="Look at the sheets", command=on_look)
        self.quit_button = ttk.Button(self, text="Quit", command=on_quit)
        self.new_button.grid(row=1, column=0, sticky="w", pady=(em, 0))
        self.look_button.grid(row=1, column=1, sticky="w", padx=em, pady=(em, 0))
        self.quit_button.grid(row=1, column=2, sticky="e", pady=(em, 0))
        self.default_button = self.new_button
        self.columnconfigure(2, weight=1)
        self.rowconfigure(0, weight=1)

    def fill(self, data: P.Ending, game=None, *, personalities: Sequence = (),
             explanations=None) -> None:
        """Show the settlement ``data``; with ``game``, the charts and the review (beside the
        computer players' revealed ``explanations``); ``personalities[seat]`` draws the
        computer players' faces."""
        people = list(personalities)
        import tkinter.font as tkfont
        em = self._em
        room = self._room()
        title = tkfont.nametofont(ttk.Style(self).lookup("ScreenTitle.TLabel", "font"))
        self.headline.configure(text=P.even_lines(
            (f"★ {data.headline} ★",), title.measure,
            max(em * 30, room - self.celebration.winfo_reqwidth() - em * 4)), justify="left")
        self.rules_text = data.text
        columns = data.columns or P.ENDING_COLUMNS
        self.table.configure(columns=columns, displaycolumns=columns)
        bold = tkfont.Font(root=self, name="EDBold", exists=True)
        rows = self._names_broken(data.rows, columns, bold.measure, room)
        for index, column in enumerate(columns):
            self.table.heading(column, text=column)
            # as wide as its heading or its widest cell (the winner's, in bold), no wider
            texts = [column] + [line for row in rows for line in str(row[index]).split("\n")]
            width = max(bold.measure(text) for text in texts) + em
            self.table.column(column, width=width, minwidth=width,
                              anchor="w" if column == "Player" else "e", stretch=True)
        lines = max([1] + [str(row[1]).count("\n") + 1 for row in rows])
        ttk.Style(self).configure("Ending.Treeview", rowheight=lines * self.theme.line + 4)
        self.table.delete(*self.table.get_children())
        for row in rows:
            self.table.insert("", "end", values=row, tags=("winner",) if row[0] == "1st" else ())
        self.table.configure(height=len(data.rows))
        names = {seat: row[1] for seat, row in zip(data.seats, data.rows)}
        winners = [(names.get(seat, ""), people[seat] if seat < len(people) else None)
                   for seat in data.winners]
        self._show_quotes(data.quotes, people)
        self._place_quotes()
        if game is not None:
            self.show_charts(game)
            if self.review_tab is None:
                from .reviewtab import ReviewTab
                self.review_tab = ReviewTab(self.tabs, self.theme)
                self.review_tab.bind("<<Grown>>", lambda e: self._fit_tabs(), add="+")
                self.tabs.add(self.review_tab, text="Review")
            self.review_tab.show(game, explanations=explanations)
        self.celebration.show(winners)
        self.tabs.select(self.standings_tab)
        self._place_cash_chart()
        self._fit_tabs()
        self.area.scroll_to_top()

    def _room(self) -> int:
        """The width the screen's content may take: the window's, less the margins and the
        scroll bar (the screen's own grows with what it holds)."""
        window = self.winfo_toplevel().winfo_width()
        if window <= 1:
            window = self.winfo_screenwidth()
        return window - self._em * 4

    def _names_broken(self, rows, columns, measure, room: int) -> list:
        """The table's rows, the players' names broken onto two lines, evenly, where the
        whole table would be wider than ``room`` (a 40-letter name at the largest size)."""
        em = self._em
        widths = [max(measure(str(text)) for text in [column] + [row[i] for row in rows]) + em
                  for i, column in enumerate(columns)]
        over = sum(widths) - room
        if over <= 0 or "Player" not in columns:
            return list(rows)
        at = list(columns).index("Player")
        share = max(measure("Player"), widths[at] - em - over)
        return [tuple(P.even_lines((str(value),), measure, share) if i == at else value
                      for i, value in enumerate(row)) for row in rows]

    def _resized(self) -> None:
        self._place_quotes()
        self._place_cash_chart()

    def _tab_changed(self) -> None:
        self._fit_tabs()
        if self.tabs.select() == str(self.standings_tab):
            self._place_cash_chart_later()   # the window may have changed meanwhile

    def _fit_tabs(self) -> None:
        """The notebook as tall as the tab it shows, the scrolled area told of it."""
        chosen = self.tabs.select()
        if not chosen:
            return
        page = self.nametowidget(chosen)
        page.update_idletasks()
        if page is self.review_tab:
            self._fill_height(page)
        self.tabs.configure(height=max(1, page.winfo_reqheight()))
        self.area.refit()

    def _fill_height(self, review) -> None:
        """The review's table given the height the screen leaves under it, whole rows, so
        that its phases are read without scrolling a small box over an empty screen (and
        back to its fewest rows where the screen has no height to spare)."""
        canvas = self.area.canvas
        if canvas.winfo_height() <= 1:
            return
        self.tabs.configure(height=max(1, review.winfo_reqheight()))
        self.update_idletasks()
        review.take_height(canvas.winfo_height() - self.area.inner.winfo_reqheight())
        review.update_idletasks()

    def _pages(self) -> dict:
        """Each page of the notebook by what it shows."""
        return {"standings": self.standings_tab, "chart": self.cash_chart,
                "bars": self.standings, "review": self.review_tab}

    def where(self) -> dict:
        """The tab shown, the scroll position and the review worked out so far, for
        ``go_back`` in the window built again."""
        chosen = self.tabs.select()
        page = next((key for key, widget in self._pages().items()
                     if widget is not None and str(widget) == chosen), "standings")
        return {"tab": page, "scroll": self.area.canvas.yview()[0],
                "review": self.review_tab.where() if self.review_tab is not None else None}

    def go_back(self, where: dict) -> None:
        """Show the tab and scroll position of ``where`` (from ``where()``); the cash chart,
        shown under the standings at this size, stands for its tab."""
        if where.get("review") and self.review_tab is not None:
            self.review_tab.go_back(where["review"])
        page = self._pages().get(where.get("tab", "standings"))
        if page is not None and str(page) in self.tabs.tabs():
            self.tabs.select(page)
        self._fit_tabs()
        self.update_idletasks()
        self.area.fits()
        self.area.canvas.yview_moveto(where.get("scroll", 0.0))

    def _show_quotes(self, quotes: Sequence[P.Quote], people: Sequence) -> None:
        from ..widgets.portraits import Badge
        pad = self.theme.pad
        for widgets in self.quote_widgets:
            for widget in widgets:
                widget.destroy()
        self.quote_widgets = []
        self._quote_labels = []
        for quote in quotes:
            card = ttk.Frame(self.quotes, style="Card.TFrame", padding=pad(0.3))
            badge = Badge(card, self.theme.line * 2, background=T.CARD)
            person = people[quote.seat] if quote.seat < len(people) else None
            badge.show(person, initial=quote.name, mood=quote.mood)
            badge.grid(row=0, column=0, rowspan=2, padx=(0, pad(0.5)))
            name = ttk.Label(card, text=quote.name, style="CardBold.TLabel")
            name.grid(row=0, column=1, sticky="w")
            said = ttk.Label(card, text=f"“{quote.text}”", style="Quote.TLabel",
                             wraplength=self.theme.em * 24, justify="left")
            said.grid(row=1, column=1, sticky="w")
            self.quote_widgets.append((card,))
            self._quote_labels.append(said)
        self.quotes.bind("<Configure>", self._quotes_resized)
        self._quotes_at = None
        self._per_row = 0

    def _place_quotes(self) -> None:
        """The last words beside the headline when there is room for them, three a row;
        else below the standings (which come first: the result matters more than the words),
        as many a row as the width allows, so that they take few lines."""
        em, line = self.theme.em, self.theme.line
        cards = [card for (card,) in self.quote_widgets]
        if not cards:
            return
        width = self.area.canvas.winfo_width()
        if width <= 1:
            width = self.winfo_screenwidth()
        card_w = em * 22 + line * 2
        title = self.headline.winfo_reqwidth() + em * 2
        beside_per_row = min(3, len(cards))
        beside = self.celebration.winfo_reqwidth() + max(title, em * 48) + em * 2 + \
            beside_per_row * card_w
        where = "beside" if beside <= width else "below"
        per_row = beside_per_row if where == "beside" else \
            max(1, min(len(cards), width // (em * 16 + line * 2)))
        if (where, per_row) == (self._quotes_at, self._per_row):
            return
        self._quotes_at, self._per_row = where, per_row
        pad = self.theme.pad
        for column in range(max(6, len(cards))):
            self.quotes.columnconfigure(column, weight=1 if column < per_row else 0,
                                        uniform="quote" if column < per_row else "")
        for index, card in enumerate(cards):
            card.grid(row=index // per_row, column=index % per_row, sticky="nsew",
                      padx=(0, pad(0.5)), pady=(0, pad(0.4)))
        if where == "beside":
            self.quotes.grid(row=0, column=2, rowspan=4, columnspan=1, sticky="new",
                             padx=(em * 2, 0), pady=0)
        else:
            self.quotes.grid(row=5, column=0, rowspan=1, columnspan=3, sticky="new",
                             padx=0, pady=(em // 2, 0))

    def _quotes_resized(self, event) -> None:
        self._wrap_quotes(event.width)
        # the words wrapped anew change the screen's height, and so the chart's room (a move
        # of the words, below a taller tab, changes nothing)
        if event.height != self._quotes_height:
            self._quotes_height = event.height
            self._place_cash_chart_later()

    def _wrap_quotes(self, width: int) -> None:
        """Wrap each last word within its card (the cards share the width of a row)."""
        per_row = max(1, self._per_row)
        room = width // per_row - self.theme.line * 2 - self.theme.pad(2)
        for label in getattr(self, "_quote_labels", ()):
            label.configure(wraplength=max(80, room))

    def quotes_shown(self) -> List[str]:
        """Each computer player's last word as shown (for tests)."""
        found = []
        for (card,) in self.quote_widgets:
            labels = [w for w in card.winfo_children() if isinstance(w, ttk.Label)]
            found.append(": ".join(label.cget("text") for label in labels))
        return found

    def show_charts(self, game) -> None:
        """Each seat's cash month by month, and the final standings as bars (winner marked)."""
        from ..widgets import charts
        em = self._em
        if self.cash_chart is None:
            self.cash_chart = charts.CashChart(self.tabs, width=em * 60, height=em * 20,
                                               title="Cash month by month")
            self.standings = charts.StandingsBars(self.tabs, width=em * 44, title="Final cash")
            self.tabs.add(self.standings, text="Final cash")
        start = game.rules.starting_cash
        self.cash_chart.set_history(game.history, game.names, start)
        self.standings.set_rows(charts.standings_rows(game), starting_cash=start)

    def _place_cash_chart(self) -> None:
        """The cash chart under the standings, as tall as the screen has room for, where
        that is enough to read it; else in a tab of its own ("Cash by month"), so that the
        standings and the last words never need scrolling.

        Under the standings it leaves a line of the screen empty below it: filled to the
        pixel, a scroll bar shown for a pixel's rounding narrows the content, its heights
        change with its width, and the screen never settled."""
        chart = self.cash_chart
        if chart is None or not self.area.canvas.winfo_height() > 1:
            return
        if self.tabs.select() != str(self.standings_tab):
            return          # the room is the standings tab's: worked out when it is shown
        self.update_idletasks()
        em = self._em
        without = self.area.inner.winfo_reqheight() - (
            chart.winfo_reqheight() + em // 2 if self._chart_under else 0)
        room = self.area.canvas.winfo_height() - without - em // 2 - self.theme.line
        # the chart's title and key take their own lines above and below its canvas
        room -= chart.winfo_reqheight() - chart.canvas.winfo_reqheight()
        under = room >= em * 12
        height = room if under else em * 20
        if int(chart.canvas.cget("height")) != height:
            chart.canvas.configure(height=height)
        if under != self._chart_under:
            self._move_cash_chart(under)
        self._fit_tabs()

    def _place_cash_chart_later(self) -> None:
        """``_place_cash_chart`` once the layout under way is done (once, however often asked)."""
        if self._chart_pending is None:
            self._chart_pending = self.after_idle(self._place_cash_chart_now)

    def _place_cash_chart_now(self) -> None:
        self._chart_pending = None
        self._place_cash_chart()

    def _move_cash_chart(self, under: bool) -> None:
        chart, chosen = self.cash_chart, self.tabs.select()
        if self._chart_under is False:
            self.tabs.forget(chart)
        if under:
            chart.grid(in_=self.standings_tab, row=1, column=0, sticky="nsew",
                       pady=(self._em // 2, 0))
        else:
            chart.grid_forget()
            self.tabs.insert(1, chart, text="Cash by month")
        self._chart_under = under
        if chosen and chosen != str(chart):
            self.tabs.select(chosen)

    def hide(self) -> None:
        self.celebration.finish()
        super().hide()
