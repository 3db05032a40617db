"""What every sparring partner shares: the decide loop, the public record, small sums.

Knows the rules and the public history only.  Imports the engine's pure
modules (``ed.market``, ``ed.production``, ``ed.rules``, ``ed.hints``,
``ed.view``, ``ed.players``) and nothing of the levels: the gauntlet is
written from the rules alone so that it measures the levels from outside.

- ``Player``: the base class.  ``decide(view)`` seeds a generator from the
  player's seed, the seat, the month and the phase; calls ``order`` or
  ``offer``; checks the entry against the rules; and on any internal error
  or illegal entry passes the phase with an empty entry, counting it in
  ``fallbacks`` (which should stay 0), keeping it in ``last_error`` and
  logging it with its traceback on this module's logger
  (``ed.players.failed``).
- ``Ledger``: the revealed history turned into per-seat, per-month rows
  (orders, offers, cash and stock before each decision).
- ``fit_order`` and ``fit_offer``: bring an intended entry inside the limits
  (monthly limit, minimum bids, makeable from stock, within cash when
  there are no loans) so that every strategy ends with a legal entry.
- production sums: the purchase a set of recipe places needs, the plan a
  stock makes dearest good first (``production.max_makeable`` for each
  good in turn), goods values.
- ``Spread``: a whole-number distribution (normal, discretised) with its
  cumulative table, for the forecasting strategies.
"""
from __future__ import annotations

import logging
import math
import random
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ... import hints, market, players
from ...production import can_fill, max_makeable, places
from ...rules import GOODS, MAX_PRICE, NAMES, RAW
from ...view import PlayerView

Entry = Dict[str, Tuple[int, int]]
Triple = Tuple[int, int, int]

log = logging.getLogger(__name__)


# --------------------------------------------------------------- the decide loop


class Player:
    """A sparring partner: ``decide(view)`` returns a legal entry for the view's phase.

    Subclasses set ``name`` and ``summary`` and implement ``order(view, rng)``
    and ``offer(view, rng)``, each returning ``(entry, sentence)``.  The
    constructor takes ``seed``; ``jitter`` draws the instance's own parameters
    from it so that copies at one table differ a little.
    """

    name = "player"
    summary = ""
    #: the attributes drawn from the seed (see ``parameters``)
    PARAMETERS: Tuple[str, ...] = ()

    def __init__(self, seed: Optional[int] = None) -> None:
        self.seed = seed if seed is not None else random.getrandbits(48)
        self.explanation = ""
        #: decisions that fell back to an empty entry (should stay 0)
        self.fallbacks = 0
        #: the error behind the last fallback, for whoever investigates it
        self.last_error = ""
        self._params = random.Random(f"gauntlet:{self.name}:{self.seed}")

    def __repr__(self) -> str:
        return f"gauntlet.{type(self).__name__}(seed={self.seed})"

    @property
    def parameters(self) -> Dict[str, object]:
        """This instance's own parameters, as drawn from its seed."""
        return {name: getattr(self, name) for name in self.PARAMETERS}

    def jitter(self, value: float, spread: float) -> float:
        """``value`` moved by up to ``spread`` either way (drawn from the instance's seed)."""
        return value + self._params.uniform(-spread, spread)

    def decide(self, view: PlayerView) -> Entry:
        """A legal entry for the view's current phase, decided from the view alone."""
        if view.is_over:
            self.explanation = "the game is over"
            return {}
        rng = random.Random(f"{self.seed}:{view.seat}:{view.month}:{view.phase}")
        try:
            if view.phase == "purchasing":
                entry, sentence = self.order(view, rng)
            else:
                entry, sentence = self.offer(view, rng)
            if not is_legal(view, entry):
                raise ValueError(f"illegal entry {entry!r}")
        except Exception as error:  # never let a bug stop the game: pass this phase instead
            players.failed(self, view, f"{type(error).__name__}: {error}", error, logger=log)
            return {}
        self.explanation = sentence
        return entry

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        raise NotImplementedError

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        raise NotImplementedError


def is_legal(view: PlayerView, entry: Mapping[str, Tuple[int, int]]) -> bool:
    """Legal, makeable from stock, and (without loans) paid for if every grade is bought."""
    if hints.problems(view, entry):
        return False
    if view.phase == "selling":
        return hints.is_makeable(view, entry)
    return view.rules.loans or hints.order_cost(entry) <= view.own_cash


def describe(entry: Mapping[str, Tuple[int, int]], verb: str) -> str:
    """``"bids $41 for 3 X-Fine, $30 for 2 Fine"``."""
    parts = [f"${price} for {units} {NAMES[key]}" for key, (units, price) in entry.items() if units]
    return f"{verb} " + ", ".join(parts) if parts else ""


# --------------------------------------------------------------- fitting entries to the rules


def fit_order(view: PlayerView, wanted: Mapping[str, Tuple[int, int]], *,
              budget: Optional[int] = None) -> Entry:
    """``wanted`` brought inside RULES §4.1.2 and the cash.

    Units are clamped to the grade and monthly limits (cutting the last
    grades first), bids raised to the minimum bid and kept under the highest
    price, and, unless loans are on and no ``budget`` is given, units dropped
    one at a time from the dearest grade until the order is paid for even if
    every grade is bought.
    """
    rules = view.rules
    units = [max(0, int(wanted.get(k, (0, 0))[0])) for k in RAW]
    bids = [int(wanted.get(k, (0, 0))[1]) for k in RAW]
    left = rules.order_limit
    for i in range(3):
        units[i] = min(units[i], rules.grade_limit, left)
        left -= units[i]
    if budget is None and not rules.loans:
        budget = view.own_cash
    while True:
        order: Entry = {}
        cost = 0
        for i, key in enumerate(RAW):
            if units[i] > 0:
                floor = market.min_bid(view.prices[key], units[i])
                bid = min(MAX_PRICE, max(floor, bids[i]))
                order[key] = (units[i], bid)
                cost += units[i] * bid
        if budget is None or cost <= budget:
            return order
        dearest = max(order, key=lambda k: order[k][1])
        units[RAW.index(dearest)] -= 1


def fit_offer(view: PlayerView, wanted: Mapping[str, Tuple[int, int]]) -> Entry:
    """``wanted`` made makeable from stock (cutting the cheapest good first), asks from $1."""
    recipes = view.rules.recipes
    units = [max(0, int(wanted.get(g, (0, 0))[0])) for g in GOODS]
    asks = [min(MAX_PRICE, max(1, int(wanted.get(g, (0, 0))[1]))) for g in GOODS]
    stock = view.own_stock
    while sum(units) and not can_fill(places(recipes, units), stock):
        cheapest = min((i for i in range(3) if units[i]), key=lambda i: asks[i])
        units[cheapest] -= 1
    return {g: (units[i], asks[i]) for i, g in enumerate(GOODS) if units[i]}


# --------------------------------------------------------------- production sums


def purchase_for(need: Sequence[int], stock: Sequence[int]) -> Triple:
    """The fewest units of each grade to buy so that ``stock`` fills the places ``need``.

    Each shortage is bought in its own grade (the cheapest that fills it),
    following the substitution conditions of ``production.can_fill``.
    """
    nx, nf, ns = need
    x, f, s = stock
    bx = max(0, nx - x)
    bf = max(0, nx + nf - (x + bx + f))
    bs = max(0, ns - (f + bf + s), nx + nf + ns - (x + bx + f + bf + s))
    return (bx, bf, bs)


def natural_plan(recipes: Mapping[str, Triple], stock: Sequence[int],
                 values: Sequence[float]) -> List[int]:
    """A plan that makes as much as the stock allows, dearest good first.

    As many of the good with the highest ``values`` as the stock makes, then
    of the next beside them, then of the last: what a player who sells all
    it can, dearest first, would offer.
    """
    plan = [0, 0, 0]
    for i in sorted(range(3), key=lambda i: -values[i]):
        plan[i] = max_makeable(recipes, stock, GOODS[i], plan)
    return plan


def recipe_cost(recipes: Mapping[str, Triple], good: str, raw_prices: Sequence[float]) -> float:
    """What the three raw units of ``good``'s recipe cost at ``raw_prices``."""
    rx, rf, rs = recipes[good]
    return rx * raw_prices[0] + rf * raw_prices[1] + rs * raw_prices[2]


def margin_per_unit(recipes: Mapping[str, Triple], raw: Sequence[float],
                    goods: Sequence[float]) -> List[float]:
    """Per grade, the best margin per raw unit of a good it can go into (never below 0).

    A good's margin is its price in ``goods`` less its recipe at ``raw``,
    shared over its three units; a grade takes the best margin of a recipe
    with a place of it, and, since X-Fine stands in for Fine and Fine for
    Standard (RULES §1), X-Fine at least Fine's and Fine at least Standard's.
    """
    best = [0.0, 0.0, 0.0]
    for gi, good in enumerate(GOODS):
        r = recipes[good]
        margin = (goods[gi] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2])) / 3.0
        for g in range(3):
            if r[g] and margin > best[g]:
                best[g] = margin
    best[1] = max(best[1], best[2])  # Fine stands in for Standard
    best[0] = max(best[0], best[1])  # and X-Fine for Fine
    return best


def raw_prices(view: PlayerView) -> Triple:
    return (view.prices["xfine"], view.prices["fine"], view.prices["standard"])


# --------------------------------------------------------------- the public record


def last_totals(view: PlayerView, phase: str) -> Tuple[Triple, Triple]:
    """The units of the last resolved ``phase``: the whole table's and this seat's.

    ``((0, 0, 0), (0, 0, 0))`` before any such phase was resolved.
    """
    for report in reversed(view.history):
        if report.phase == phase:
            own = report.record.seats[view.seat]
            mine = (own.entry[0][0], own.entry[1][0], own.entry[2][0])
            if phase == "selling" and own.cancelled:
                mine = (0, 0, 0)  # an over-offer counted for nothing
            return report.record.totals, mine
    return (0, 0, 0), (0, 0, 0)


def others_last(view: PlayerView, phase: str) -> List[float]:
    """What the other seats put in together last time in ``phase`` (a guess in month 1)."""
    totals, mine = last_totals(view, phase)
    if not any(r.phase == phase for r in view.history):
        others = view.players - 1
        if phase == "purchasing":
            return [others * view.rules.order_limit * s for s in (0.33, 0.33, 0.22)]
        return [others * 0.8] * 3
    return [t - m for t, m in zip(totals, mine)]


class Ledger:
    """The revealed history, seat by seat and month by month (RULES §4.3).

    ``orders[seat]`` and ``offers[seat]`` list, for each resolved month,
    ``(units, prices)`` triples; ``cash_before[seat][m]`` is the cash a seat
    had when it ordered in month ``m + 1``; ``stock_before_sale[seat][m]`` its
    stock when it offered.  ``raw_old``/``raw_totals`` and ``goods_old``/
    ``goods_totals`` hold the market's previous prices and the totals.
    """

    __slots__ = ("orders", "offers", "cash_before", "stock_before_buy", "stock_before_sale",
                 "offer_valid", "raw_old", "raw_totals", "raw_new", "goods_old",
                 "goods_totals", "goods_new")

    def __init__(self, view: PlayerView) -> None:
        n = view.players
        start = view.rules.starting_cash
        self.orders: List[List[Tuple[Triple, Triple]]] = [[] for _ in range(n)]
        self.offers: List[List[Tuple[Triple, Triple]]] = [[] for _ in range(n)]
        self.cash_before: List[List[int]] = [[] for _ in range(n)]
        self.stock_before_buy: List[List[Triple]] = [[] for _ in range(n)]
        self.stock_before_sale: List[List[Triple]] = [[] for _ in range(n)]
        self.offer_valid: List[List[bool]] = [[] for _ in range(n)]
        self.raw_old: List[Triple] = []
        self.raw_totals: List[Triple] = []
        self.raw_new: List[Triple] = []
        self.goods_old: List[Triple] = []
        self.goods_totals: List[Triple] = []
        self.goods_new: List[Triple] = []
        cash = [start] * n
        stock: List[Triple] = [(0, 0, 0)] * n
        for report in view.history:
            old, totals, new, records = report.record
            buying = report.phase == "purchasing"
            (self.raw_old if buying else self.goods_old).append(old)
            (self.raw_totals if buying else self.goods_totals).append(totals)
            (self.raw_new if buying else self.goods_new).append(new)
            for seat, rec in enumerate(records):
                e = rec.entry
                row = ((e[0][0], e[1][0], e[2][0]), (e[0][1], e[1][1], e[2][1]))
                if buying:
                    self.orders[seat].append(row)
                    self.cash_before[seat].append(cash[seat])
                    self.stock_before_buy[seat].append(stock[seat])
                else:
                    self.offers[seat].append(row)
                    self.stock_before_sale[seat].append(stock[seat])
                    self.offer_valid[seat].append(not rec.cancelled)
                cash[seat] = rec.cash_after
                stock[seat] = rec.stock_after

    @property
    def months_bought(self) -> int:
        return len(self.raw_totals)

    @property
    def months_sold(self) -> int:
        return len(self.goods_totals)


# --------------------------------------------------------------- distributions


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / 1.4142135623730951))


class Spread:
    """A distribution over whole numbers ``low..high``: ``pmf`` and ``cdf`` lists.

    ``Spread.normal(mean, sd, low, high)`` discretises a normal distribution
    (half-unit continuity correction) and folds the tails into the ends.
    """

    __slots__ = ("low", "high", "pmf", "cdf", "mean", "_sums")

    def __init__(self, low: int, pmf: Sequence[float]) -> None:
        self.low = low
        self.high = low + len(pmf) - 1
        total = sum(pmf) or 1.0
        self.pmf = [p / total for p in pmf]
        running = 0.0
        self.cdf = []
        for p in self.pmf:
            running += p
            self.cdf.append(running)
        self.cdf[-1] = 1.0
        self.mean = sum((low + i) * p for i, p in enumerate(self.pmf))
        self._sums = [0.0]
        for c in self.cdf:
            self._sums.append(self._sums[-1] + c)

    @classmethod
    def normal(cls, mean: float, sd: float, low: int = 0, high: Optional[int] = None) -> "Spread":
        sd = max(sd, 0.35)
        lo = max(low, int(math.floor(mean - 3.5 * sd)))
        hi = int(math.ceil(mean + 3.5 * sd))
        if high is not None:
            hi = min(hi, high)
            lo = min(lo, hi)
        hi = max(hi, lo)
        pmf = []
        lower = 0.0  # the low tail folds into the lowest value, the high tail into the highest
        for k in range(lo, hi + 1):
            upper = 1.0 if k == hi else normal_cdf((k + 0.5 - mean) / sd)
            pmf.append(max(0.0, upper - lower))
            lower = upper
        return cls(lo, pmf)

    def at_most(self, value: int) -> float:
        """P(X <= value)."""
        if value < self.low:
            return 0.0
        if value >= self.high:
            return 1.0
        return self.cdf[value - self.low]

    def sum_at_most(self, first: int, last: int) -> float:
        """``P(X <= first) + ... + P(X <= last)`` in constant time."""
        if last < first:
            return 0.0
        return self._prefix(last) - self._prefix(first - 1)

    def _prefix(self, value: int) -> float:
        """``P(X <= low) + ... + P(X <= value)`` (zero terms below ``low``, ones above ``high``)."""
        if value < self.low:
            return 0.0
        if value > self.high:
            return self._sums[-1] + (value - self.high)
        return self._sums[value - self.low + 1]

    def prob(self, value: int) -> float:
        """P(X == value)."""
        if value < self.low or value > self.high:
            return 0.0
        return self.pmf[value - self.low]
