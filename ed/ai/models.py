"""Forecasts of what the other seats will enter this phase, from public information.

What it knows: the view (prices, every seat's cash and stock, the revealed
history).  What it gives: an ``Outlook``, a small distribution of the others'
total units per commodity.  Imports the engine's pure modules and ``style``
(the level's ``Style`` is passed in).
"""
from __future__ import annotations

import math
from typing import List, Optional, Sequence, Tuple

from ..production import is_makeable
from ..rules import GOODS, GOOD_INDEXES, GRADE_INDEXES, Phase
from ..view import PlayerView
from .style import Style

Dist = Tuple[Tuple[int, float], ...]


def _spread(mean: float, var: float, scale: float) -> Dist:
    """A distribution of a whole-number total with this mean and variance.

    A single point when ``scale`` is 0 (or the spread is tiny); otherwise a
    discretised normal, cut at 0 and at most about 15 points wide.
    """
    if mean < 0:
        mean = 0.0
    sd = math.sqrt(var) * scale if var > 0 else 0.0
    if sd < 0.3:
        return ((int(mean + 0.5), 1.0),)
    lo = int(math.floor(mean - 2.2 * sd))
    lo = lo if lo > 0 else 0
    hi = int(math.ceil(mean + 2.2 * sd))
    step = 1 + (hi - lo) // 15
    points = []
    total = 0.0
    for t in range(lo, hi + 1, step):
        z = (t - mean) / sd
        w = math.exp(-0.5 * z * z)
        points.append((t, w))
        total += w
    return tuple((t, w / total) for t, w in points)


def _ewma(values: Sequence[float], prior: float, alpha: float) -> Tuple[float, float]:
    """Exponentially weighted mean and variance of ``values`` (oldest first) around ``prior``."""
    mean = prior
    var = 0.0
    weight = 1.0 - alpha
    for x in values:
        diff = x - mean
        mean += alpha * diff
        var = weight * (var + alpha * diff * diff)
    return mean, var


class History:
    """Each seat's past orders and offers, read from the public reports."""

    __slots__ = ("orders", "offers", "last_raw", "last_goods")

    def __init__(self, view: PlayerView) -> None:
        n = view.players
        self.orders: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
        self.offers: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
        self.last_raw: Optional[Tuple[int, ...]] = None     # others' totals, last purchasing
        self.last_goods: Optional[Tuple[int, ...]] = None   # others' totals, last selling
        me = view.seat
        for report in view.history:
            seats = report.seats
            totals = [c.units for c in report.commodities]
            if report.phase == Phase.PURCHASING:
                for j, s in enumerate(seats):
                    units = tuple(line.units for line in s.lines)
                    self.orders[j].append(units)  # type: ignore[arg-type]
                own = [line.units for line in seats[me].lines]
                self.last_raw = tuple(t - o for t, o in zip(totals, own))
            else:
                for j, s in enumerate(seats):
                    units = tuple(line.units if line.counted else 0 for line in s.lines)
                    self.offers[j].append(units)  # type: ignore[arg-type]
                own = [line.units if line.counted else 0 for line in seats[me].lines]
                self.last_goods = tuple(t - o for t, o in zip(totals, own))


def _natural_plan(recipes, stock: Sequence[int], prices, lean: Sequence[float] = (0, 0, 0)) -> List[int]:
    """A plausible offer from ``stock``: goods added one at a time, best margin first.

    Each unit already planned of a good makes it look $4 less attractive, so
    the plan spreads over the goods the way a sensible player spreads.
    """
    raw = (prices["xfine"], prices["fine"], prices["standard"])
    margin = []
    for i, good in enumerate(GOODS):
        r = recipes[good]
        margin.append(prices[good] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2]) + lean[i])
    units = [0, 0, 0]
    if sum(stock) < 3:
        return units
    while True:
        order = sorted(GOOD_INDEXES, key=lambda i: margin[i] - 4 * units[i], reverse=True)
        for i in order:
            units[i] += 1
            if is_makeable(recipes, units, stock):
                break
            units[i] -= 1
        else:
            return units


class Outlook:
    """What the others will put in this phase: a distribution of their total per commodity.

    ``raw[g]`` (purchasing only) and ``goods[h]`` are distributions of the
    others' total units, as ``(units, probability)`` pairs.
    """

    __slots__ = ("raw", "goods")

    def __init__(self, raw: List[Dist], goods: List[Dist]) -> None:
        self.raw = raw
        self.goods = goods


#: What a seat with no history is assumed to order, as shares of its monthly limit.
PRIOR_ORDER = (0.3, 0.4, 0.25)


def outlook_of(totals: Sequence[Sequence[int]]) -> List[Dist]:
    """Each commodity's scenarios of the others' total, as a distribution (``Outlook`` form)."""
    out = []
    for draws in totals:
        counts: dict = {}
        for t in draws:
            counts[t] = counts.get(t, 0) + 1
        n = len(draws)
        out.append(tuple((t, c / n) for t, c in sorted(counts.items())))
    return out


def forecast(view: PlayerView, style: Style, history: History) -> Outlook:
    """Forecast the other seats' totals for the current phase from public information."""
    rules = view.rules
    me = view.seat
    others = [j for j in range(view.players) if j != me]
    limit = rules.order_limit
    prices = view.prices
    recipes = rules.recipes
    buying = view.phase == Phase.PURCHASING
    raw_mean = [0.0, 0.0, 0.0]
    raw_var = [0.0, 0.0, 0.0]
    expected_stock = {}
    for j in others:
        past = history.orders[j]
        if style.forecast == "last" and history.last_raw is not None:
            break
        means = []
        for g in GRADE_INDEXES:
            prior = PRIOR_ORDER[g] * limit
            if past:
                m, v = _ewma([o[g] for o in past], prior, 0.5)
                v += 0.6 + 0.15 * m
            else:
                m, v = prior, 2.0 + 0.4 * prior
            means.append(m)
            raw_var[g] += v
        for g in GRADE_INDEXES:
            raw_mean[g] += means[g]
        st = view.stock[j]
        expected_stock[j] = tuple(int(st[g] + 0.8 * means[g] + 0.5) for g in GRADE_INDEXES)
    if style.forecast == "last" and history.last_raw is not None:
        raw_mean = [float(t) for t in history.last_raw]
        raw_var = [0.0, 0.0, 0.0]
        for j in others:
            expected_stock[j] = tuple(view.stock[j][g] + history.orders[j][-1][g] // 2
                                      for g in GRADE_INDEXES)
    scale = style.partial_spread if rules.partial_fills else style.spread
    raw = [_spread(raw_mean[g], raw_var[g], scale) for g in GRADE_INDEXES] if buying else []

    goods_mean = [0.0, 0.0, 0.0]
    goods_var = [0.0, 0.0, 0.0]
    if style.forecast == "last" and history.last_goods is not None:
        goods_mean = [float(t) for t in history.last_goods]
    else:
        for j in others:
            stock = view.stock[j] if not buying else expected_stock[j]
            natural = _natural_plan(recipes, stock, prices)
            offers = history.offers[j]
            if offers and style.forecast == "average":
                for h in GOOD_INDEXES:
                    m = _ewma([o[h] for o in offers], natural[h], 0.5)[0]
                    if not buying:
                        m = min(m, natural[h] + 1.0) if sum(natural) else 0.0
                    goods_mean[h] += m
            else:
                for h in GOOD_INDEXES:
                    m = 0.9 * natural[h]
                    goods_mean[h] += m
                    goods_var[h] += (0.8 + 0.3 * m) ** 2 * (2.0 if buying else 1.0)
    scale = style.partial_spread if rules.partial_sales else style.goods_spread
    goods = [_spread(goods_mean[h], goods_var[h], scale) for h in GOOD_INDEXES]
    return Outlook(raw, goods)
