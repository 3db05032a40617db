"""The replay viewer: step through a finished game month by month.

``ReplayWindow(parent, game)`` shows one month at a time: that month's
reveals in plain sentences (the game log's own) and the price and cash
charts up to that month.  Prev / Next buttons, or the Left / Right keys
(Home / End for the first and last month), move between months.
``open_replay(parent, path)`` loads a save with ``ed.save.load_saved`` first
(raising ``ed.SaveError`` if it cannot), with the computer players' revealed
explanations kept in it.

    ReplayWindow (tk.Toplevel)
    +-- top: button_prev, month_label, button_next
    +-- notebook: price_chart (PriceChart), cash_chart (CashChart)
    +-- log (GameLogPanel)

Only resolved reports are shown (``game.history``), so even a game that is
not finished can be replayed without showing an unrevealed entry.
"""
from __future__ import annotations

import os
import tkinter as tk
from tkinter import ttk
from typing import Any, List, Optional

from ed.rules import month_label

from ..presenter import gamelog
from .gamelog import GameLogPanel
from ..widgets.charts import CashChart, PriceChart


class ReplayWindow(tk.Toplevel):
    """A finished (or part-played) game, one month at a time.  See the module docstring.

    ``month`` is the month shown (1 = January of year 1; 0 when nothing has
    been resolved); ``last_month`` the last one with a resolved phase.
    ``go_to(month)``, ``next_month()``, ``prev_month()``; ``lines`` are the
    sentences shown.
    """

    def __init__(self, parent: tk.Misc, game: Any, *, explanations: Optional[dict] = None,
                 title: str = "Replay") -> None:
        super().__init__(parent)
        self.game = game
        self.explanations = explanations
        self.history = tuple(game.history)
        self.last_month = self.history[-1].month if self.history else 0
        self.month = 0
        self.lines: List[str] = []
        self.title(title)
        self._init_top()
        self._init_body()
        for key, step in (("<Left>", -1), ("<Right>", 1)):
            self.bind(key, lambda e, s=step: self._step(s))
        self.bind("<Home>", lambda e: self.go_to(1))
        self.bind("<End>", lambda e: self.go_to(self.last_month))
        self.bind("<Escape>", lambda e: self.destroy())
        self.go_to(1 if self.last_month else 0)
        self.button_next.focus_set()

    def _init_top(self) -> None:
        top = ttk.Frame(self, padding=(8, 8, 8, 4))
        top.pack(fill="x")
        self.button_prev = ttk.Button(top, text="\u25c0 Previous month", command=self.prev_month)
        self.button_prev.pack(side="left")
        self.month_label = ttk.Label(top, text="", anchor="center", font="TkHeadingFont")
        self.month_label.pack(side="left", fill="x", expand=True, padx=8)
        self.button_next = ttk.Button(top, text="Next month \u25b6", command=self.next_month)
        self.button_next.pack(side="right")
        ttk.Label(self, text="Left and Right arrow keys step through the months; "
                             "Home and End jump to the first and last.",
                  foreground="#555555", padding=(8, 0)).pack(fill="x")

    def _init_body(self) -> None:
        body = ttk.PanedWindow(self, orient="vertical")
        body.pack(fill="both", expand=True, padx=8, pady=8)
        self.notebook = ttk.Notebook(body)
        from ..widgets.placement import px
        width, height = px(self, 620), px(self, 300)        # 620×300 at 96 dpi
        self.price_chart = PriceChart(self.notebook, width=width, height=height)
        self.cash_chart = CashChart(self.notebook, width=width, height=height)
        self.notebook.add(self.price_chart, text="Prices")
        self.notebook.add(self.cash_chart, text="Cash")
        body.add(self.notebook, weight=3)
        self.log = GameLogPanel(body, height=10)
        body.add(self.log, weight=2)

    # ------------------------------------------------------------ moving

    def _step(self, step: int) -> str:
        self.go_to(self.month + step)
        return "break"

    def next_month(self) -> None:
        """Show the next month (nothing happens at the last)."""
        self.go_to(self.month + 1)

    def prev_month(self) -> None:
        """Show the previous month (nothing happens at the first)."""
        self.go_to(self.month - 1)

    def go_to(self, month: int) -> None:
        """Show ``month`` (kept within the months that were played)."""
        month = max(min(1, self.last_month), min(self.last_month, month))
        self.month = month
        names = self.game.names
        upto = [r for r in self.history if r.month <= month]
        if month:
            total = self.game.rules.months
            self.month_label.configure(text=f"{month_label(month)}: month {month} of {total}")
        else:
            self.month_label.configure(text="Nothing has been played yet.")
        self.lines = gamelog.month_lines(self.history, names, month, self.explanations) \
            if month else []
        self.log.set_lines(self.lines or ["Nothing to show."])
        prices = self.game.price_history()[:month + 1]
        self.price_chart.set_history(prices)
        self.cash_chart.set_history(upto, names, self.game.rules.starting_cash)
        self.button_prev.state(["!disabled"] if month > 1 else ["disabled"])
        self.button_next.state(["!disabled"] if month < self.last_month else ["disabled"])


def open_replay(parent: tk.Misc, path: "os.PathLike[str] | str") -> ReplayWindow:
    """Load a saved game and open a replay of it.  Raises ``ed.SaveError`` if it cannot be read."""
    from ed.saves import format as save
    saved = save.load_saved(path)
    return ReplayWindow(parent, saved.game, explanations=saved.explanations.revealed_map(),
                        title=f"Replay \u2014 {os.path.basename(os.fspath(path))}")
