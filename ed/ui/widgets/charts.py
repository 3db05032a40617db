"""Charts drawn on a plain Tk canvas: prices, cash and the final standings.

Everything shown is public (RULES §4.3): market prices from
``price_history()``, cash from resolved reports, standings from the
settlement.  Nothing here suggests a bid.

- ``PriceChart(parent, price_history=None)``: the six market prices month by
  month; ``set_history(price_history)`` redraws.  Raw materials are solid
  lines with filled markers, finished goods dashed lines with hollow markers,
  each line labelled at its end, so colour is never needed.
- ``CashChart(parent, history=None, names=(), starting_cash=0)``: each seat's
  cash after each month's selling; ``set_history(history, names,
  starting_cash)`` redraws.
- ``StandingsBars(parent, rows=None)``: final cash as bars, winner marked;
  ``set_rows(rows)`` with rows from ``standings_rows(game)`` or
  ``standings_from_settlement(settlement)``.

Reading a chart back (for tests and for the curious): every point is a canvas
item tagged ``point``, ``c:<key>`` (commodity key or ``s<seat>``),
``m:<index>`` (0 is the start, then month 1, 2, ...) and ``v:<value>``; its
centre maps back to the value with ``chart.value_at_y(y)``.  Bars are tagged
``bar``, ``s:<seat>``, ``v:<final cash>`` and ``winner`` for first places.

The drawing lives beside this module: ``linechart.py`` (the line chart
both charts are), ``bars.py`` (the standings) and ``chartkit.py`` (what they
share); their names are gathered here.

Keyboard: the line charts take focus; Left/Right move a cursor along a line,
Up/Down change line, Home/End jump; the exact value is shown above the plot
(item ``readout``), as it is when the pointer rests on a point.
"""
from __future__ import annotations

import tkinter as tk
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ed.report import SELLING
from ed.rules import COMMODITIES, NAMES, RAW, month_label
from ed.ui.widgets.theme import COMMODITY_COLOURS

from .bars import Standing, StandingsBars, standings_from_settlement, standings_rows
from .chartkit import TOO_SMALL, Series, draw_marker, font, money, nice_ticks, spread
from .linechart import LineChart

__all__ = ["PALETTE", "PRICE_STYLE", "SEAT_MARKERS", "SEAT_DASHES", "Series", "LineChart",
           "PriceChart", "CashChart", "StandingsBars", "Standing", "price_series",
           "price_labels", "cash_by_month", "cash_series", "standings_from_settlement",
           "standings_rows", "nice_ticks", "money", "draw_marker", "spread", "font",
           "TOO_SMALL"]

# Okabe-Ito colours: told apart by most colour-blind readers, though the
# charts never rely on colour alone.  The commodities keep the colours they
# have everywhere else in the window (``theme.COMMODITY_COLOURS``).
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
PRICE_STYLE: Dict[str, Tuple[str, str, bool, Tuple[int, ...]]] = {
    # key: (colour, marker, filled, dash)
    "xfine": (COMMODITY_COLOURS["xfine"], "circle", True, ()),
    "fine": (COMMODITY_COLOURS["fine"], "triangle", True, ()),
    "standard": (COMMODITY_COLOURS["standard"], "square", True, ()),
    "A": (COMMODITY_COLOURS["A"], "circle", False, (6, 3)),
    "B": (COMMODITY_COLOURS["B"], "triangle", False, (6, 3)),
    "C": (COMMODITY_COLOURS["C"], "square", False, (6, 3)),
}
SEAT_MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
SEAT_DASHES: Tuple[Tuple[int, ...], ...] = ((), (6, 3), (2, 3), (8, 3, 2, 3), (4, 4), (10, 2))

# ----------------------------------------------------------------- pure data

def price_series(price_history: Sequence[Mapping[str, int]]) -> List[Series]:
    """The six price lines from ``price_history()`` (index 0 the opening prices)."""
    series = []
    for key in COMMODITIES:
        colour, marker, filled, dash = PRICE_STYLE[key]
        values = tuple(row.get(key) for row in price_history)
        label = NAMES[key] if key in RAW else f"Good {key}"
        series.append(Series(key, label, values, colour, marker, filled, dash))
    return series


def price_labels(count: int) -> List[str]:
    """x labels for a price history of ``count`` rows: "Start", "Jan", "Feb", ..."""
    return ["Start"] + [month_label(m) for m in range(1, count)]


def cash_by_month(history: Sequence[Any], players: int, starting_cash: int
                  ) -> Tuple[List[str], List[List[int]]]:
    """(x labels, cash per seat): the start, after each resolved selling phase, and the end.

    The end point (labelled "End") is the final cash after the settlement.
    """
    labels = ["Start"]
    cash = [[starting_cash] for _ in range(players)]
    for report in history:
        if report.phase != SELLING:
            continue
        labels.append(month_label(report.month))
        for seat in report.seats:
            cash[seat.seat].append(seat.cash_after)
        if report.settlement:
            labels.append("End")
            for line in report.settlement:
                cash[line.seat].append(line.final_cash)
    return labels, cash


def cash_series(history: Sequence[Any], names: Sequence[str], starting_cash: int
                ) -> Tuple[List[str], List[Series]]:
    """(x labels, one line per seat) for the cash chart."""
    labels, cash = cash_by_month(history, len(names), starting_cash)
    series = [Series(f"s{seat}", name, tuple(cash[seat]), PALETTE[seat % len(PALETTE)],
                     SEAT_MARKERS[seat % len(SEAT_MARKERS)], seat < 3,
                     SEAT_DASHES[seat % len(SEAT_DASHES)])
              for seat, name in enumerate(names)]
    return labels, series


class PriceChart(LineChart):
    """The six market prices month by month.  ``set_history(price_history)`` redraws.

    ``price_history`` is ``game.price_history()`` or ``view.price_history()``:
    index 0 the opening prices, then a dict per month (the current month may
    lack the goods until its selling is resolved).
    """

    def __init__(self, parent: tk.Misc, price_history: Optional[Sequence[Mapping[str, int]]] = None,
                 *, width: int = 640, height: int = 340, title: str = "Market prices") -> None:
        super().__init__(parent, width=width, height=height, title=title)
        self.set_history(price_history or [])

    def set_history(self, price_history: Sequence[Mapping[str, int]]) -> None:
        """Redraw from a price history; the same history again draws nothing (prices change
        only at a reveal, and the window refreshes what is public more often)."""
        rows = [dict(row) for row in price_history]
        if rows == getattr(self, "_rows", None):
            return
        self._rows = rows
        self.set_series(price_labels(len(rows)), price_series(rows) if rows else [])

    def legend_entries(self) -> List[Tuple[str, str, str, bool, Tuple[int, ...]]]:
        return [("raw materials (solid)", "#444444", "circle", True, ()),
                ("finished goods (dashed)", "#444444", "circle", False, (6, 3))]


class CashChart(LineChart):
    """Each seat's cash month by month: the start, after each selling phase, and the end.

    ``set_history(history, names, starting_cash)`` redraws from resolved reports.
    """

    def __init__(self, parent: tk.Misc, history: Sequence[Any] = (), names: Sequence[str] = (),
                 starting_cash: int = 0, *, width: int = 640, height: int = 320,
                 title: str = "Cash after each month") -> None:
        super().__init__(parent, width=width, height=height, title=title)
        self.set_history(history, names, starting_cash)

    def set_history(self, history: Sequence[Any], names: Sequence[str],
                    starting_cash: int) -> None:
        """Redraw from resolved reports."""
        labels, series = cash_series(list(history), list(names), starting_cash)
        self.set_series(labels, series)

    legend_names_lines = True

    def legend_entries(self) -> List[Tuple[str, str, str, bool, Tuple[int, ...]]]:
        return [(s.label, s.colour, s.marker, s.filled, s.dash) for s in self.series]
