"""Forecasts of the other seats' totals, from the revealed history alone (RULES §4.3).

Knows what a ``PlayerView`` shows: every seat's past orders and offers (all
units count towards prices, filled or not), cash and stock.  Imports the
gauntlet's ``base`` and the engine's pure modules, nothing of the levels.

- Orders: each other seat's units per grade are predicted by five simple
  model players (``MODELS``: last month again, the recent average, the
  recipes of the best-margin good, a mix of the goods weighted by margin,
  and the best-margin good at the prices the trend points to), blended by how well each has
  predicted that seat so far, and scaled down when the seat's cash could
  not pay for it.  The spread is the root of the pooled squared errors of
  those predictions (with a prior for the first months).
- Offers: each other seat is expected to offer a steady share of what its
  stock makes (the share learned from its past offers, the goods chosen
  dearest first); at purchasing time its stock is first topped up with the
  order it is expected to place.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from ...rules import GOODS
from ...view import PlayerView
from .base import Ledger, Spread, natural_plan

#: Month 1 guesses: share of the monthly order limit a seat orders of each grade.
PRIOR_ORDER_SHARE = (0.33, 0.33, 0.22)
#: Month 1 guess: share of what its stock makes that a seat offers.
PRIOR_OFFER_SHARE = 0.85
#: Moving-average weight of the newest month.
ALPHA = 0.5


def _afford(pred: Sequence[float], cash: float, prices: Sequence[int]) -> Sequence[float]:
    """``pred`` scaled down so that it costs no more than ``cash`` at a little over ``prices``."""
    cost = pred[0] * (prices[0] + 3) + pred[1] * (prices[1] + 3) + pred[2] * (prices[2] + 3)
    if cost <= cash:
        return pred
    if cash <= 0:
        return (0.0, 0.0, 0.0)
    f = cash / cost
    return (pred[0] * f, pred[1] * f, pred[2] * f)


def _goods_before(ledger: Ledger, month: int) -> Sequence[int]:
    """The goods prices a seat saw when it ordered in month ``month + 1`` (0-based ``month``)."""
    return ledger.goods_new[month - 1] if month >= 1 else (140, 115, 90)


def _shares(recipes, raw: Sequence[int], goods: Sequence[int]) -> Tuple[List[float], List[float]]:
    """Raw units per unit of volume: for the best-margin good, and for a margin-weighted mix."""
    margins = []
    for gi, good in enumerate(GOODS):
        r = recipes[good]
        margins.append(goods[gi] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2]))
    top = max(range(3), key=lambda i: margins[i])
    best = [r / 3.0 for r in recipes[GOODS[top]]]
    weights = [max(0.0, m) ** 2 for m in margins]
    total = sum(weights)
    if total <= 0:
        return best, [1 / 3.0] * 3
    mix = [sum(weights[gi] * recipes[GOODS[gi]][g] for gi in range(3)) / (3.0 * total)
           for g in range(3)]
    return best, mix


#: The model players an opponent's order is predicted by (see the module docstring).
MODELS = ("last", "average", "best margin", "margin mix", "best margin ahead")
#: Their squared errors before any month is seen, in units of the prior variance.
PRIOR_ERRORS = (2.8, 2.4, 2.0, 1.8, 2.0)


#: Months of the past the models are scored on (older ones have faded from the blend).
WINDOW = 8


class OrderForecast:
    """Per other seat, per grade: predicted units and the pooled spread.

    ``mean[g]`` and ``sd[g]`` are for the others' total (the spread from the
    errors of the same forecast of that total in past months); ``seat_mean[j]``
    the prediction for seat ``j`` (zeros for this seat).
    """

    def __init__(self, view: PlayerView, ledger: Ledger, *, spread_scale: float = 1.0) -> None:
        rules = view.rules
        recipes = rules.recipes
        limit = rules.order_limit
        prior = [limit * s for s in PRIOR_ORDER_SHARE]
        prior_var = (0.3 * limit) ** 2 + 1.0
        months = ledger.months_bought
        first = max(0, months - WINDOW)
        now_raw = (view.prices["xfine"], view.prices["fine"], view.prices["standard"])
        now_goods = (view.prices["A"], view.prices["B"], view.prices["C"])
        # per month scored (and now): raw prices, and the models' shares per unit of volume
        seen = []
        for m in range(first, months + 1):
            raw, goods = (ledger.raw_old[m], _goods_before(ledger, m)) if m < months else (
                now_raw, now_goods)
            best, mix = _shares(recipes, raw, goods)
            ahead, _ = _shares(recipes, *_trend(ledger, m, raw, goods))
            seen.append((raw, best, mix, ahead))
        self.seat_mean: List[List[float]] = []
        # the others' total, predicted month by month, against what they ordered
        past = [[0.0, 0.0, 0.0] for _ in range(months - first)]
        actual = [[0, 0, 0] for _ in range(months - first)]
        for seat in range(view.players):
            if seat == view.seat:
                self.seat_mean.append([0.0, 0.0, 0.0])
                continue
            orders = ledger.orders[seat]
            avg = tuple(prior)
            last = tuple(prior)
            volume = sum(prior)
            errors = [f * prior_var for f in PRIOR_ERRORS]
            for m in range(months):
                units = orders[m][0]
                ux, uy, uz = units
                if m >= first:
                    cash = ledger.cash_before[seat][m]
                    guesses = _guesses(avg, last, volume, cash, seen[m - first])
                    bx, by, bz = _blend(guesses, errors)
                    row, done = past[m - first], actual[m - first]
                    row[0] += bx
                    row[1] += by
                    row[2] += bz
                    done[0] += ux
                    done[1] += uy
                    done[2] += uz
                    errors = [0.5 * e + 0.5 * ((ux - gx) ** 2 + (uy - gy) ** 2 + (uz - gz) ** 2)
                              for e, (gx, gy, gz) in zip(errors, guesses)]
                avg = (ALPHA * ux + (1 - ALPHA) * avg[0], ALPHA * uy + (1 - ALPHA) * avg[1],
                       ALPHA * uz + (1 - ALPHA) * avg[2])
                last = units
                volume = ALPHA * (ux + uy + uz) + (1 - ALPHA) * volume
            cash_now = view.cash[seat] + (limit * 200 if rules.loans else 0)
            guesses = _guesses(avg, last, volume, cash_now, seen[-1])
            self.seat_mean.append(list(_blend(guesses, errors)))
        self.mean = [sum(m[g] for m in self.seat_mean) for g in range(3)]
        others = view.players - 1
        k0 = 4.0
        squares = sum((a[g] - b[g]) ** 2 for a, b in zip(actual, past) for g in range(3))
        var = (squares + k0 * others * prior_var) / (3 * len(past) + k0)
        self.sd = [spread_scale * var ** 0.5] * 3
        top = limit * others
        self.spreads = [Spread.normal(self.mean[g], self.sd[g], 0, top) for g in range(3)]


def _guesses(avg, last, volume, cash, seen) -> List[Sequence[float]]:
    """What each model player would order, scaled down to what ``cash`` pays for."""
    raw, best, mix, ahead = seen
    return [_afford(last, cash, raw), _afford(avg, cash, raw),
            _afford((volume * best[0], volume * best[1], volume * best[2]), cash, raw),
            _afford((volume * mix[0], volume * mix[1], volume * mix[2]), cash, raw),
            _afford((volume * ahead[0], volume * ahead[1], volume * ahead[2]), cash, raw)]


def _trend(ledger: Ledger, month: int, raw: Sequence[int], goods: Sequence[int]):
    """Prices as they would move if every seat did as it did the month before."""
    if month < 1:
        return raw, goods
    raw_totals = ledger.raw_totals[month - 1]
    goods_totals = ledger.goods_totals[month - 1]
    return ([max(1, p + t - 10) for p, t in zip(raw, raw_totals)],
            [max(1, p + 11 - 2 * t) for p, t in zip(goods, goods_totals)])


def _blend(guesses: Sequence[Sequence[float]],
           errors: Sequence[float]) -> Tuple[float, float, float]:
    """The models' guesses blended: the smaller a model's recent error, the more it counts."""
    x = y = z = total = 0.0
    for (gx, gy, gz), e in zip(guesses, errors):
        w = 1.0 / (e + 0.5) ** 4
        total += w
        x += w * gx
        y += w * gy
        z += w * gz
    return (x / total, y / total, z / total)


class OfferForecast:
    """Per good: the others' total units offered, ``mean``, ``sd`` and ``spreads``.

    ``stocks`` overrides the seats' stocks (used at purchasing time, with the
    orders they are expected to fill added); ``extra_var`` widens the spread
    for that added doubt.  The spread comes from the errors of the same
    forecast of the total in the last months (with a prior).
    """

    def __init__(self, view: PlayerView, ledger: Ledger, *,
                 stocks: Sequence[Tuple[int, int, int]] = (), extra_var: float = 0.0,
                 spread_scale: float = 1.0) -> None:
        recipes = view.rules.recipes
        values = (view.prices["A"], view.prices["B"], view.prices["C"])
        stocks = stocks or view.stock
        months = ledger.months_sold
        first = max(0, months - 4)
        past = [[0.0, 0.0, 0.0] for _ in range(months)]
        actual = [[0, 0, 0] for _ in range(months)]
        self.mean = [0.0, 0.0, 0.0]
        others = 0
        for seat in range(view.players):
            if seat == view.seat:
                continue
            others += 1
            share = PRIOR_OFFER_SHARE
            history = ledger.offers[seat]
            for m in range(first, months):
                made = natural_plan(recipes, ledger.stock_before_sale[seat][m], ledger.goods_old[m])
                offered = history[m][0] if ledger.offer_valid[seat][m] else (0, 0, 0)
                for g in range(3):
                    past[m][g] += share * made[g]
                    actual[m][g] += offered[g]
                can = sum(made)
                if can:
                    share = 0.5 * min(1.5, sum(offered) / can) + 0.5 * share
            plan = natural_plan(recipes, stocks[seat], values)
            for g in range(3):
                self.mean[g] += share * plan[g]
        k0 = 3.0
        squares = sum((actual[m][g] - past[m][g]) ** 2
                      for m in range(first, months) for g in range(3))
        var = (squares + k0 * others * 2.5) / (3 * (months - first) + k0) + others * extra_var
        # the past errors understate the next one: the share and the plan are guesses too
        self.sd = [1.3 * spread_scale * var ** 0.5] * 3
        self.spreads = [Spread.normal(self.mean[g], self.sd[g], 0) for g in range(3)]
