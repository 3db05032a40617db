"""Joint scenarios of what the other seats will enter, drawn from their models.

What it knows: the view and the per-opponent ``Prediction``s of
``opponents``.  What it gives: ``Scenarios``, N joint draws of the others'
total units per commodity for this phase and, while purchasing, for the
selling phase that follows (from each seat's expected stock once its order
is filled).

Each draw picks, for every other seat, one of its model players in
proportion to the model's weight, then adds that model's own error; so a
seat that might either buy A or buy C is never forecast to buy half of each.
The draws are stratified (evenly spread quantiles, shuffled) so that a few
dozen of them describe the spread well.  Imports the engine's pure modules,
``opponents`` and ``randoms``.
"""
from __future__ import annotations

import math
import random
from statistics import NormalDist
from typing import Dict, List, Optional, Sequence, Tuple

from ..production import is_makeable
from ..rules import ENTRY_INDEXES, GOOD_INDEXES, GRADE_INDEXES, Phase
from ..view import PlayerView
from .opponents import ExtraModel, OpponentModels, Past, Position, Prediction, positions
from .randoms import shuffle

_NORMAL = NormalDist()


class Scenarios:
    """``n`` joint draws of the others' totals.

    ``raw[g][s]`` (purchasing only) and ``goods[h][s]`` are the other seats'
    total units of grade ``g`` / good ``h`` in draw ``s``.  ``orders`` and
    ``offers`` keep each seat's ``Prediction`` for explanations and checks.
    """

    __slots__ = ("n", "raw", "goods", "orders", "offers", "rivals", "rival_raw", "rival_goods")

    def __init__(self, n: int, raw: List[List[int]], goods: List[List[int]],
                 orders: Dict[int, Prediction], offers: Dict[int, Prediction],
                 rivals: Optional[Tuple[int, Sequence[float], Sequence[float]]] = None) -> None:
        self.n = n
        self.raw = raw
        self.goods = goods
        self.orders = orders
        self.offers = offers
        if rivals is None:
            rivals = (len(orders) or len(offers), [sum(row) / n for row in raw],
                      [sum(row) / n for row in goods])
        #: the seats counted as rivals (``optimiser`` counts what its units cost them), and
        #: their mean units of each grade and good, summed over those seats
        self.rivals, self.rival_raw, self.rival_goods = rivals


_QUANTILES: Dict[int, List[float]] = {}


def _quantiles(n: int, rng: random.Random) -> List[float]:
    """``n`` standard normal quantiles at evenly spread probabilities, in random order."""
    base = _QUANTILES.get(n)
    if base is None:
        base = _QUANTILES[n] = [_NORMAL.inv_cdf((k + 0.5) / n) for k in range(n)]
    zs = list(base)
    shuffle(rng, zs)
    return zs


def _model_picks(weights: Sequence[float], n: int, rng: random.Random) -> List[int]:
    """``n`` model indices in proportion to ``weights`` (systematic sampling, shuffled)."""
    picks = []
    start = rng.random()
    cumulative = 0.0
    m = 0
    for k in range(n):
        u = (k + start) / n
        while m < len(weights) - 1 and cumulative + weights[m] < u:
            cumulative += weights[m]
            m += 1
        picks.append(m)
    shuffle(rng, picks)
    return picks


#: How much wider than their own record the others' orders are drawn (the calibration
#: command, ``python3 -m ed.tuning.calibration``, shows the stated spread against the errors).
ORDER_WIDEN = 1.15

#: Spread added to an error drawn from a seat's past, so that no draw repeats one exactly.
JITTER = 0.35


def _draw(prediction: Prediction, n: int, rng: random.Random, grade_cap: int,
          total_cap: int, widen: float = 1.0) -> List[Tuple[int, int, int]]:
    """``n`` draws of one seat's units per commodity from its mixture of models.

    A share ``trust`` of the draws add to the model's guess one of the
    errors it made with this seat before (recent ones likelier), which keeps
    their lopsidedness and how the commodities' errors go together; the rest
    add a normal error of the model's calibrated spread.  ``widen`` scales
    every error.
    """
    picks = _model_picks(prediction.weights, n, rng)
    zs = [_quantiles(n, rng) for _ in ENTRY_INDEXES]
    draws = []
    trust = prediction.trust
    weights = [sum(w for w, _ in errors) for errors in prediction.errors]
    spreads = [tuple(widen * x for x in sds) for sds in prediction.sds]
    for s in range(n):
        m = picks[s]
        errors = prediction.errors[m]
        if errors and rng.random() < trust:
            # the error drawn is taken about the model's average error, and added to its
            # calibrated mean, so the draws keep the bias the calibration chose
            centre = prediction.means[m]
            typical = prediction.typical[m]
            pick = rng.random() * weights[m]
            for w, miss in errors:
                pick -= w
                if pick <= 0:
                    break
            mean = tuple(centre[c] + widen * (miss[c] - typical[c])  # type: ignore[assignment]
                         for c in ENTRY_INDEXES)
            sd = (JITTER, JITTER, JITTER)
        else:
            mean = prediction.means[m]
            sd = spreads[m]  # type: ignore[assignment]
        units = []
        for c in ENTRY_INDEXES:
            u = int(mean[c] + sd[c] * zs[c][s] + 0.5)
            units.append(0 if u < 0 else (grade_cap if u > grade_cap else u))
        total = units[0] + units[1] + units[2]
        while total > total_cap:
            # trim where the draw ran furthest above its model's mean
            c = max(ENTRY_INDEXES,
                    key=lambda i: (units[i] - mean[i]) / (sd[i] + 0.5) if units[i] else -99)
            units[c] -= 1
            total -= 1
        draws.append((units[0], units[1], units[2]))
    return draws


def totals(draws: List[List[Tuple[int, int, int]]], n: int) -> List[List[int]]:
    """Per commodity, the seats' draws added up, scenario by scenario."""
    out = [[0] * n for _ in ENTRY_INDEXES]
    for seat_draws in draws:
        for s, units in enumerate(seat_draws):
            out[0][s] += units[0]
            out[1][s] += units[1]
            out[2][s] += units[2]
    return out


def after_purchase(pos: Position, order: Sequence[float]) -> Position:
    """A seat's expected position for the selling phase once its order is (partly) filled."""
    rate = sum(pos.bought[-4:]) / len(pos.bought[-4:]) if pos.bought else 0.8
    stock = tuple(pos.stock[g] + int(order[g] * rate + 0.5) for g in GRADE_INDEXES)
    return Position(pos.seat, pos.month, Phase.SELLING, pos.months_left, pos.cash, stock,  # type: ignore[arg-type]
                    pos.borrowed, pos.prices, pos.orders, pos.offers, pos.shares, pos.bought,
                    pos.rules, pos.recipes, pos.totals)


Draws = Dict[int, List[Tuple[int, int, int]]]


#: How far behind the leading rival (a share of the starting cash) a rival's units count
#: 1/e as much in what this seat's units cost the rivals (``threats``).
THREAT_SCALE = 0.15


def standing(view: PlayerView, seat: int) -> float:
    """A seat's worth now, from public facts: cash, raw stock at today's prices, less what
    repaying its loans will cost (RULES §5)."""
    prices = (view.prices["xfine"], view.prices["fine"], view.prices["standard"])
    stock = view.stock[seat]
    return (view.cash[seat] + stock[0] * prices[0] + stock[1] * prices[1] + stock[2] * prices[2]
            - view.borrowed[seat] * 5 // 4)


def threats(view: PlayerView, seats: Sequence[int]) -> Dict[int, float]:
    """How much each rival counts when this seat's units hurt the rivals: the leader most.

    A seat that plays to win hurts the rival nearest to beating it, not all
    alike: each rival weighs ``exp((its worth - the best rival's) / scale)``,
    the weights scaled to add up to the number of rivals (all 1 when level).
    """
    if not seats:
        return {}
    worth = {s: standing(view, s) for s in seats}
    best = max(worth.values())
    scale = max(1.0, THREAT_SCALE * view.rules.starting_cash)
    raw = {s: math.exp((w - best) / scale) for s, w in worth.items()}
    total = sum(raw.values())
    return {s: len(seats) * w / total for s, w in raw.items()}


def rival_means(n: int, seats: Sequence[int], raw: Draws, goods: Draws,
                weights: Optional[Dict[int, float]] = None
                ) -> Tuple[int, List[float], List[float]]:
    """``Scenarios.rivals`` for these seats: how many, and their mean units summed over them,
    each seat's weighed by ``weights`` (``threats``; 1 for a seat not in it)."""
    raw_mean = [0.0, 0.0, 0.0]
    goods_mean = [0.0, 0.0, 0.0]
    for seat in seats:
        w = weights.get(seat, 1.0) if weights else 1.0
        for table, mean in ((raw, raw_mean), (goods, goods_mean)):
            for units in table.get(seat, ()):
                for c in ENTRY_INDEXES:
                    mean[c] += w * units[c] / n
    return len(seats), raw_mean, goods_mean


def draw(view: PlayerView, models: OpponentModels, rng: random.Random, n: int, *,
         replay: Optional[Tuple[Past, List[Position]]] = None,
         extra: Optional[ExtraModel] = None) -> Scenarios:
    """``n`` joint scenarios of the others' entries for the view's phase (and the selling after).

    ``replay`` is ``positions(view)`` when the caller has it already;
    ``extra`` adds a model of the others for the phase being decided.
    """
    orders, raw, offers, goods = seat_draws(view, models, rng, n, replay=replay, extra=extra)
    rivals = [s for s in range(view.players) if s != view.seat]
    return Scenarios(n, totals(list(raw.values()), n) if raw else [],
                     totals(list(goods.values()), n), orders, offers,
                     rival_means(n, rivals, raw, goods, threats(view, rivals)))


def seat_draws(view: PlayerView, models: OpponentModels, rng: random.Random, n: int, *,
               replay: Optional[Tuple[Past, List[Position]]] = None,
               extra: Optional[ExtraModel] = None, seats: Optional[Sequence[int]] = None
               ) -> Tuple[Dict[int, Prediction], Draws, Dict[int, Prediction], Draws]:
    """Each seat's ``n`` draws, before they are added up: ``(orders, their draws, offers, theirs)``.

    ``seats`` are the seats to draw (default: all but the view's own); the
    orders are empty when the view is selling.
    """
    past, now = positions(view) if replay is None else replay
    rules = view.rules
    buying = view.phase == Phase.PURCHASING
    raw: Draws = {}
    orders: Dict[int, Prediction] = {}
    if buying:
        orders = models.forecast(view, Phase.PURCHASING, now, past, extra, seats=seats)
        raw = {seat: _draw(p, n, rng, rules.grade_limit, rules.order_limit, ORDER_WIDEN)
               for seat, p in orders.items()}
        selling_now = [after_purchase(pos, orders[pos.seat].mean) if pos.seat in orders else pos
                       for pos in now]
    else:
        selling_now = now
    offers = models.forecast(view, Phase.SELLING, selling_now, past, None if buying else extra,
                             seats=seats)
    recipes = rules.recipes
    goods: Draws = {}
    for seat, prediction in offers.items():
        stock = selling_now[seat].stock
        capacity = (stock[0] + stock[1] + stock[2]) // 3
        drawn = _draw(prediction, n, rng, capacity, capacity)
        if not buying:
            # the seat's stock is known now: an offer it cannot make would not count
            drawn = [_cut_to_stock(recipes, units, stock) for units in drawn]
            drawn = _matched(drawn, prediction.mean, recipes, stock, rng)
        goods[seat] = drawn
    return orders, raw, offers, goods


def _matched(draws: List[Tuple[int, int, int]], mean: Sequence[float], recipes, stock,
             rng: random.Random) -> List[Tuple[int, int, int]]:
    """The draws with units added back until each good's average is the forecast's mean again.

    Cutting draws down to what the stock makes (and to no fewer than none)
    lowers their average below the forecast; a unit is added to randomly
    chosen draws that can still make it, as far as that restores the mean.
    """
    n = len(draws)
    out = [list(d) for d in draws]
    for h in GOOD_INDEXES:
        short = int(mean[h] * n - sum(d[h] for d in out) + 0.5)
        order = list(range(n))
        shuffle(rng, order)
        for s in order:
            if short <= 0:
                break
            out[s][h] += 1
            if is_makeable(recipes, out[s], stock):
                short -= 1
            else:
                out[s][h] -= 1
    return [(d[0], d[1], d[2]) for d in out]


def _cut_to_stock(recipes, units: Tuple[int, int, int], stock) -> Tuple[int, int, int]:
    """``units`` cut down, largest good first, until they can be made from ``stock``."""
    trial = list(units)
    while sum(trial) and not is_makeable(recipes, trial, stock):
        h = max(GOOD_INDEXES, key=lambda i: trial[i])
        trial[h] -= 1
    return (trial[0], trial[1], trial[2])

