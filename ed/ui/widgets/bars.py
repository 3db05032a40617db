"""The final standings: each seat's final cash as a bar, best first, the winner marked."""
from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from tkinter import ttk
from typing import Any, List, Optional, Sequence

from .chartkit import font as named_font, money


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    final_cash: int
    profit: int
    place: int


def standings_from_settlement(settlement: Sequence[Any]) -> List[Standing]:
    """Standings from ``report.settlement`` (the last report of a finished game)."""
    return [Standing(line.seat, line.name, line.final_cash, line.profit, line.place)
            for line in settlement]


def standings_rows(game: Any) -> List[Standing]:
    """Standings of a finished ``ed.Game`` (``final_cash()`` and ``places()``)."""
    finals, places = game.final_cash(), game.places()
    start = game.rules.starting_cash
    return [Standing(seat, name, finals[seat], finals[seat] - start, places[seat])
            for seat, name in enumerate(game.names)]


class StandingsBars(ttk.Frame):
    """Final cash as horizontal bars, best first, with the winner (or winners) marked.

    ``StandingsBars(parent, rows=None, starting_cash=None)``; ``set_rows(rows,
    starting_cash=None)`` redraws.  ``rows`` are ``Standing`` values (see
    ``standings_rows(game)`` and ``standings_from_settlement``).  With
    ``starting_cash`` a dashed line marks where profit begins.
    """

    def __init__(self, parent: tk.Misc, rows: Optional[Sequence[Standing]] = None, *,
                 starting_cash: Optional[int] = None, width: int = 560,
                 title: str = "Final standings") -> None:
        super().__init__(parent)
        self.title = title
        self.rows: List[Standing] = []
        self.starting_cash = starting_cash
        self.canvas = tk.Canvas(self, width=width, height=120, background="white",
                                highlightthickness=0, borderwidth=0)
        self.canvas.pack(fill="both", expand=True)
        # Drawn again at the size it is given, and when its tab comes up (a tab not on
        # show is sized too, but never mapped, so the width it was made with is no guide).
        self.canvas.bind("<Configure>", lambda e: self.redraw())
        self.canvas.bind("<Map>", lambda e: self.redraw())
        self.set_rows(rows or [], starting_cash=starting_cash)

    def set_rows(self, rows: Sequence[Standing], *, starting_cash: Optional[int] = None) -> None:
        """Show ``rows`` (any order; drawn best first)."""
        self.rows = sorted(rows, key=lambda r: (r.place, -r.final_cash, r.seat))
        if starting_cash is not None:
            self.starting_cash = starting_cash
        line_h = named_font(self, "TkDefaultFont").metrics("linespace")
        self.canvas.configure(height=len(self.rows) * (2 * line_h + 13) + 3 * line_h + 24)
        self.redraw()

    def redraw(self) -> None:
        """Draw the bars again at the canvas's current size: words above each bar."""
        c = self.canvas
        c.delete("all")
        font = named_font(self, "TkDefaultFont")
        bold = named_font(self, "TkHeadingFont")
        line_h = font.metrics("linespace")
        bar_h = max(10, line_h)
        shown = c.winfo_width()
        width = max(shown if shown > 1 else int(c.cget("width")), 200)
        c.create_text(10, 6, text=self.title, anchor="nw", font=bold, tags=("title",))
        if not self.rows:
            c.create_text(10, line_h + 16, text="The game is not over yet.", anchor="nw",
                          font=font, tags=("message",))
            return
        left, right = 12, width - 16
        top_value = max([r.final_cash for r in self.rows] + [self.starting_cash or 0, 1])
        scale = max(10, right - left) / top_value
        y = line_h + 18
        start_x = left + (self.starting_cash or 0) * scale
        for r in self.rows:
            won = r.place == 1
            c.create_text(left, y, text=f"{r.name}: {_bar_text(r)}", anchor="nw",
                          font=bold if won else font, tags=("value", f"s:{r.seat}"))
            y += line_h + 3
            tags = ("bar", f"s:{r.seat}", f"v:{r.final_cash}") + (("winner",) if won else ())
            c.create_rectangle(left, y, left + max(0, r.final_cash) * scale, y + bar_h,
                               fill="#2b6cb0" if won else "#a0aec0",
                               outline="#000000" if won else "#4a5568",
                               width=3 if won else 1, tags=tags)
            if self.starting_cash:   # where profit begins, across the bar only
                c.create_line(start_x, y - 3, start_x, y + bar_h + 3, dash=(4, 3),
                              fill="#222222", width=2, tags=("start",))
            y += bar_h + 10
        if self.starting_cash:
            anchor = "ne" if start_x > width / 2 else "nw"
            c.create_text(start_x, y - 4, text=f"\u2191 starting cash {money(self.starting_cash)}",
                          anchor=anchor, font=font, fill="#444444", tags=("start",))


def _bar_text(row: Standing) -> str:
    """``"$931 (profit +$31)  \u2605 Winner"``: the words beside a bar."""
    sign = "+" if row.profit > 0 else ""
    text = f"{money(row.final_cash)} (profit {sign}{money(row.profit)})"
    return text + "  \u2605 Winner" if row.place == 1 else text
