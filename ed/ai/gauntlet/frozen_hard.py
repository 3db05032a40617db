"""A frozen copy of the ``hard`` level as it stood before ``expert`` (version 0.1).

Kept verbatim (its characters aside) so the gauntlet always holds the old
top level, whatever later changes make of ``ed.ai.levels``: a new level must
beat it, and its numbers must not drift.  Do not tune it.  It imports only
the engine's pure modules.

Original description follows.

Computer players ("AI avatars"): decide an entry from a ``PlayerView`` alone.

How a computer player thinks, at every level, is one loop:

1. *Forecast* what the other seats will order or offer this phase, from
   what is public: their past entries, their cash and their stock.  Each
   forecast is a small distribution of the others' total units.
2. *Price* every quantity it might enter: its own units move the market
   (+$1 per raw unit, -$2 per good offered), so the market price for ``u``
   own units is the forecast shifted by ``u``.
3. *Plan*: try every production plan (units of A, B and C), buy what the plan
   lacks, and keep the plan with the best expected profit, counting the
   value of materials kept for later and, in the last month, the final raw
   price they would fetch.
4. *Price the entry*: bid and ask where the expected profit is best (hard),
   or at the expected price plus a fixed margin (easy and medium).

The levels differ in how well they forecast and how they choose prices; the
personalities shift risk, favourite goods and cash cushion on top of that.
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ... import hints
from ...market import loan_for, units_bought, units_sold
from ...production import can_fill, fill, is_makeable, places
from ...rules import GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP, MAX_PRICE, NAMES, RAW
from ...view import PlayerView

Entry = Dict[str, Tuple[int, int]]
Dist = Tuple[Tuple[int, float], ...]


# --------------------------------------------------------------- characters


@dataclass(frozen=True)
class Temper:
    """How a personality bends the plan: the numbers behind its temperament.

    ``bid_shift``/``ask_shift`` are dollars added to every bid/ask (a bold
    buyer bids over the odds to be sure of its materials, a dear seller asks
    more and sells less often); ``fill`` shifts the share of the time a bid
    is meant to succeed; ``cushion`` is the share of the starting cash never
    spent; ``volume`` the share of the monthly order limit used at most;
    ``favourite`` a good it values ``favour`` dollars a unit above the rest;
    ``bulk`` dollars of liking for every unit it makes.
    """

    bid_shift: int = 0
    ask_shift: int = 0
    fill: float = 0.0
    cushion: float = 0.0
    volume: float = 1.0
    favourite: str = ""
    favour: int = 0
    bulk: int = 0


NEUTRAL = Temper()

TEMPERS: Dict[str, Temper] = {
    "mabel": Temper(bid_shift=-1, ask_shift=2, fill=-0.15),
    "rex": Temper(bid_shift=1, ask_shift=-1, fill=0.1, bulk=2),
    "iris": Temper(fill=0.05, cushion=0.3, volume=0.85),
    "otto": Temper(favourite="A", favour=6),
    "cora": Temper(favourite="C", favour=5, bulk=2),
    "felix": NEUTRAL,
}


@dataclass(frozen=True)
class Style:
    """What a level knows how to do.

    ``forecast``: ``"last"`` repeats last month's totals, ``"average"``
    averages each seat's recent entries, ``"model"`` also weighs each seat's
    cash, stock and how much it varies.  ``spread`` scales the forecast's
    uncertainty (0: a single expected value).  ``optimise`` picks bids and
    asks by expected profit; otherwise they are the expected price plus
    ``bid_margin`` / minus ``ask_margin``, jittered by up to ``noise``.
    ``goods_per_plan`` caps how many different goods a plan mixes;
    ``endgame`` values leftovers at the final raw price in the last month;
    ``carry`` is what a unit kept for later is worth, as a share of its price;
    ``fill`` is the share of the time a hard bid is first meant to succeed;
    ``jitter`` is the spread, in dollars, of the random doubt added to each
    plan's value, so that near-equal plans are chosen by chance and no two
    games are alike.
    """

    forecast: str
    spread: float
    optimise: bool
    bid_margin: int
    ask_margin: int
    noise: int
    goods_per_plan: int
    endgame: bool
    carry: float
    fill: float
    jitter: float
    goods_spread: float
    partial_spread: float


STYLES: Dict[str, Style] = {
    "easy": Style("last", 0.0, False, 3, 3, 2, 2, False, 0.9, 0.0, 15.0, 0.0, 0.0),
    "medium": Style("average", 0.6, True, 0, 0, 1, 3, True, 0.85, 0.7, 8.0, 0.6, 0.6),
    "hard": Style("model", 1.8, True, 0, 0, 0, 3, True, 0.8, 0.8, 3.0, 1.3, 0.6),
}


@dataclass(frozen=True)
class Decision:
    """A decided entry with its sentence for the log and the prices it expected."""

    entry: Tuple[Tuple[str, Tuple[int, int]], ...]
    explanation: str
    expected: Tuple[Tuple[str, int], ...]

    def as_dict(self) -> Entry:
        return dict(self.entry)


# --------------------------------------------------------------- forecasts


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

    __slots__ = ("orders", "fills", "offers", "capacity", "last_raw", "last_goods")

    def __init__(self, view: PlayerView) -> None:
        n = view.players
        self.orders: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
        self.fills: List[List[float]] = [[] for _ in range(n)]
        self.offers: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
        self.capacity: List[List[int]] = [[] for _ in range(n)]
        self.last_raw: Optional[Tuple[int, ...]] = None     # others' totals, last purchasing
        self.last_goods: Optional[Tuple[int, ...]] = None   # others' totals, last selling
        me = view.seat
        stock_before = [(0, 0, 0)] * n
        for report in view.history:
            seats = report.seats
            totals = [c.units for c in report.commodities]
            if report.phase == "purchasing":
                for j, s in enumerate(seats):
                    units = tuple(line.units for line in s.lines)
                    self.orders[j].append(units)  # type: ignore[arg-type]
                    asked = sum(units)
                    if asked:
                        self.fills[j].append(sum(line.done for line in s.lines) / asked)
                    st = s.stock_after
                    stock_before[j] = (st["xfine"], st["fine"], st["standard"])
                own = [line.units for line in seats[me].lines]
                self.last_raw = tuple(t - o for t, o in zip(totals, own))
            else:
                for j, s in enumerate(seats):
                    units = tuple(line.units if line.counted else 0 for line in s.lines)
                    self.offers[j].append(units)  # type: ignore[arg-type]
                    self.capacity[j].append(sum(stock_before[j]) // 3)
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
        order = sorted(range(3), key=lambda i: margin[i] - 4 * units[i], reverse=True)
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


def _forecast(view: PlayerView, style: Style, history: History) -> Outlook:
    """Forecast the other seats' totals for the current phase from public information."""
    rules = view.rules
    me = view.seat
    others = [j for j in range(view.players) if j != me]
    limit = rules.order_limit
    prices = view.prices
    recipes = rules.recipes
    buying = view.phase == "purchasing"
    raw_mean = [0.0, 0.0, 0.0]
    raw_var = [0.0, 0.0, 0.0]
    expected_stock = {}
    for j in others:
        past = history.orders[j]
        if style.forecast == "last" and history.last_raw is not None:
            break
        means = []
        for g in range(3):
            prior = PRIOR_ORDER[g] * limit
            if past:
                m, v = _ewma([o[g] for o in past], prior, 0.5)
                v += 0.6 + 0.15 * m
            else:
                m, v = prior, 2.0 + 0.4 * prior
            means.append(m)
            raw_var[g] += v
        if style.forecast == "model":
            cost = sum(m * prices[k] for m, k in zip(means, RAW))
            cash = view.cash[j] + (LOAN_STEP * 3 if rules.loans else 0)
            if cost > cash > 0:
                means = [m * cash / cost for m in means]
            elif cash <= 0:
                means = [0.0, 0.0, 0.0]
        for g in range(3):
            raw_mean[g] += means[g]
        fill_rate = _ewma(history.fills[j], 0.8, 0.4)[0] if style.forecast == "model" else 0.8
        st = view.stock[j]
        expected_stock[j] = tuple(int(st[g] + fill_rate * means[g] + 0.5) for g in range(3))
    if style.forecast == "last" and history.last_raw is not None:
        raw_mean = [float(t) for t in history.last_raw]
        raw_var = [0.0, 0.0, 0.0]
        for j in others:
            expected_stock[j] = tuple(view.stock[j][g] + history.orders[j][-1][g] // 2 for g in range(3))
    scale = style.partial_spread if rules.partial_fills else style.spread
    raw = [_spread(raw_mean[g], raw_var[g], scale) for g in range(3)] if buying else []

    goods_mean = [0.0, 0.0, 0.0]
    goods_var = [0.0, 0.0, 0.0]
    if style.forecast == "last" and history.last_goods is not None:
        goods_mean = [float(t) for t in history.last_goods]
    else:
        for j in others:
            stock = view.stock[j] if not buying else expected_stock[j]
            natural = _natural_plan(recipes, stock, prices)
            offers = history.offers[j]
            if style.forecast == "model" and offers:
                used = [c for c in history.capacity[j] if c]
                frac = _ewma([sum(o) / c for o, c in zip(offers, history.capacity[j]) if c],
                             0.9, 0.5)[0] if used else 0.9
                frac = min(1.0, frac)
                mix_total = [sum(o[h] for o in offers[-4:]) for h in range(3)]
                whole = sum(mix_total)
                nat_total = sum(natural)
                for h in range(3):
                    share = mix_total[h] / whole if whole else 1 / 3
                    m = frac * (0.5 * natural[h] + 0.5 * share * nat_total)
                    goods_mean[h] += m
                    goods_var[h] += (0.6 + 0.3 * m) ** 2 * (2.0 if buying else 1.0)
            elif offers and style.forecast == "average":
                for h in range(3):
                    m = _ewma([o[h] for o in offers], natural[h], 0.5)[0]
                    if not buying:
                        m = min(m, natural[h] + 1.0) if sum(natural) else 0.0
                    goods_mean[h] += m
            else:
                for h in range(3):
                    m = 0.9 * natural[h]
                    goods_mean[h] += m
                    goods_var[h] += (0.8 + 0.3 * m) ** 2 * (2.0 if buying else 1.0)
    scale = style.partial_spread if rules.partial_sales else style.goods_spread
    goods = [_spread(goods_mean[h], goods_var[h], scale) for h in range(3)]
    return Outlook(raw, goods)


# --------------------------------------------------------------- pricing


class _Pricer:
    """The numbers one decision is made from: prices, values of stock and the forecasts."""

    def __init__(self, view: PlayerView, style: Style, temper: Temper, rng: random.Random,
                 outlook: Outlook) -> None:
        self.view = view
        self.style = style
        self.temper = temper
        self.rng = rng
        self.outlook = outlook
        rules = view.rules
        self.rules = rules
        self.recipes = rules.recipes
        self.buying = view.phase == "purchasing"
        prices = view.prices
        self.raw_prev = [prices[k] for k in RAW]
        self.goods_prev = [prices[k] for k in GOODS]
        self.last = view.is_last_month
        self.values = self._stock_values()
        self.material = []
        for good in GOODS:
            r = self.recipes[good]
            self.material.append(r[0] * self.values[0] + r[1] * self.values[1]
                                 + r[2] * self.values[2])
        self._sales: Dict[Tuple[int, int], Tuple[float, int, float, int]] = {}
        self._bids: Dict[Tuple[int, int], List[Tuple[int, float, float]]] = {}

    def _stock_values(self) -> List[float]:
        """What a raw unit left in stock after this month is worth to this player.

        In the last month it fetches the final raw price (RULES §5): known
        when selling, forecast when buying.  Before that it saves buying one
        next month, worth a share ``carry`` of today's price.
        """
        if self.last and self.style.endgame:
            if not self.buying:
                return [float(p) for p in self.raw_prev]
            values = []
            for g in range(3):
                values.append(sum(p * max(1, self.raw_prev[g] + t - 10)
                                  for t, p in self.outlook.raw[g]))
            return values
        carry = self.style.carry
        if self.view.months_left == 2 and self.style.endgame:
            carry -= 0.05
        return [carry * p for p in self.raw_prev]

    def raw_market(self, g: int, units: int) -> List[Tuple[int, float]]:
        prev = self.raw_prev[g]
        return [(max(1, prev + units + t - 10), p) for t, p in self.outlook.raw[g]]

    def goods_market(self, h: int, units: int) -> List[Tuple[int, float]]:
        prev = self.goods_prev[h]
        return [(max(1, prev + 11 - 2 * (units + t)), p) for t, p in self.outlook.goods[h]]

    def expected(self, market: List[Tuple[int, float]]) -> int:
        return int(sum(m * p for m, p in market) + 0.5)

    def bids(self, g: int, units: int) -> List[Tuple[int, float, float]]:
        """Candidate bids for ``units`` of grade ``g``: ``(bid, expected units got, fill share)``.

        The first candidate is the level's default bid.
        """
        key = (g, units)
        found = self._bids.get(key)
        if found is not None:
            return found
        market = self.raw_market(g, units)
        floor = max(1, self.raw_prev[g] + units - 10)
        partial = self.rules.partial_fills
        style, temper = self.style, self.temper

        ordered = sorted(market)
        if partial:
            def outcome(bid: int) -> Tuple[int, float, float]:
                got = sum(p * units_bought(units, bid, m, True) for m, p in market)
                return (bid, got, got / units)
        else:
            levels = [m for m, _ in ordered]
            below = list(itertools.accumulate(p for _, p in ordered))

            def outcome(bid: int) -> Tuple[int, float, float]:
                i = bisect.bisect_right(levels, bid)  # RULES §4.1.4: bought when bid >= market
                share = below[i - 1] if i else 0.0
                return (bid, units * share, share)

        if style.optimise:
            # Under Variation II a bid a little short still buys most of the units.
            target = style.fill + temper.fill - (0.1 if partial else 0.0)
            target = min(0.97, max(0.3, target))
            cumulative = 0.0
            default = ordered[-1][0]
            for m, p in ordered:
                cumulative += p
                if cumulative >= target - 1e-9:
                    default = m
                    break
            candidates = sorted({max(floor, m) for m, _ in ordered} | {default})
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            default = min(MAX_PRICE, max(floor, default + temper.bid_shift + jitter))
        else:
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            default = self.expected(market) + style.bid_margin + temper.bid_shift + jitter
            default = min(MAX_PRICE, max(floor, default))
            candidates = []
        result = [outcome(default)] + [outcome(b) for b in candidates if b != default]
        self._bids[key] = result
        return result

    def sale(self, h: int, units: int) -> Tuple[float, int, float, int]:
        """The best way to offer ``units`` of good ``h``: (value, ask, expected sold, expected price).

        The value is the expected money for the units sold less the worth
        of the materials they use, plus the personality's liking for them.
        """
        key = (h, units)
        found = self._sales.get(key)
        if found is not None:
            return found
        if units == 0:
            result = (0.0, 0, 0.0, self.expected(self.goods_market(h, 0)))
            self._sales[key] = result
            return result
        market = self.goods_market(h, units)
        temper, style = self.temper, self.style
        cost = self.material[h] - temper.bulk
        if temper.favourite == GOODS[h]:
            cost -= temper.favour
        partial = self.rules.partial_sales
        expected_price = self.expected(market)

        def value(ask: int) -> Tuple[float, float]:
            sold = 0.0
            for m, p in market:
                sold += p * units_sold(units, ask, m, partial)
            return sold * (ask - cost), sold

        if style.optimise:
            candidates = {m for m, _ in market}
            if partial:
                candidates |= {m + 1 for m, _ in market} | {m + 2 for m, _ in market}
            best = None
            for ask in sorted(candidates):
                v, _ = value(ask)
                if best is None or v > best[0]:
                    best = (v, ask)
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            ask = best[1] + temper.ask_shift + jitter  # type: ignore[index]
        else:
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            ask = expected_price - style.ask_margin + temper.ask_shift + jitter
        ask = min(MAX_PRICE, max(1, ask))
        v, sold = value(ask)
        result = (v, ask, sold, expected_price)
        self._sales[key] = result
        return result


# --------------------------------------------------------------- plans


def _purchase_for(need: Tuple[int, int, int], stock: Sequence[int]) -> Tuple[int, int, int, int, int]:
    """The raw units to buy so that ``stock`` fills the places ``need``, cheapest grades first.

    Stock fills its own grade's places first and stands in (X-Fine for
    Fine, Fine for Standard) before anything is bought.  Returns the units
    to buy of each grade and the X-Fine and Fine that stand in.
    """
    nx, nf, ns = need
    x, f, s = stock
    bx = nx - x if nx > x else 0
    spare_x = x + bx - nx
    use_f = nf if nf < f else f
    rest = nf - use_f
    sub_x = rest if rest < spare_x else spare_x
    bf = rest - sub_x
    spare_f = f - use_f
    use_s = ns if ns < s else s
    rest = ns - use_s
    sub_f = rest if rest < spare_f else spare_f
    bs = rest - sub_f
    return bx, bf, bs, sub_x, sub_f


class _Plan:
    __slots__ = ("goods", "buy", "bids", "value")

    def __init__(self, goods: Tuple[int, int, int], buy: Tuple[int, int, int],
                 bids: List[int], value: float) -> None:
        self.goods = goods
        self.buy = buy
        self.bids = bids
        self.value = value


def _plan_value(pricer: _Pricer, goods: Sequence[int], buy: Sequence[int],
                choice: Sequence[int], substitution: float, cash: int) -> Optional[float]:
    """The expected profit of making ``goods`` after buying ``buy`` at the candidate bids ``choice``.

    Bought units are worth what they would be worth in stock; the goods add
    their expected sale value only if every grade they need is bought.
    ``None`` when the order could not be paid for (RULES §4.1.5).
    """
    value = 0.0
    share = 1.0
    spend = 0
    partial = pricer.rules.partial_fills
    for g in range(3):
        units = buy[g]
        if units:
            bid, got, fill_share = pricer.bids(g, units)[choice[g]]
            spend += units * bid
            value += got * (pricer.values[g] - bid)
            if partial:
                share = fill_share if fill_share < share else share
            else:
                share *= fill_share
    if spend > cash:
        if not pricer.rules.loans:
            return None
        loan = loan_for(spend - pricer.view.own_cash, LOAN_STEP)
        value -= loan * (LOAN_REPAY_PER_STEP - LOAN_STEP) / LOAN_STEP * share
    sales = 0.0
    for h in range(3):
        if goods[h]:
            sales += pricer.sale(h, goods[h])[0]
    return value + share * (sales - substitution)


def _spending_room(view: PlayerView, temper: Temper) -> int:
    """Cash the player is willing to spend: all of it but the personality's cushion."""
    cushion = int(temper.cushion * view.rules.starting_cash)
    room = view.own_cash - cushion
    if view.is_last_month:
        room = view.own_cash
    return room if room > 0 else 0


def _plan_purchases(view: PlayerView, pricer: _Pricer) -> Optional[_Plan]:
    """The best production plan for the month and the order it needs."""
    rules = view.rules
    style, temper = pricer.style, pricer.temper
    stock = view.own_stock
    limit = max(1, int(rules.order_limit * temper.volume + 0.5))
    grade_limit = rules.grade_limit
    room = _spending_room(view, temper)
    if rules.loans and view.borrowed[view.seat] < 2 * rules.starting_cash:
        room_for_loans = room + 2 * rules.starting_cash - view.borrowed[view.seat]
    else:
        room_for_loans = room
    values = pricer.values
    most = (sum(stock) + limit) // 3
    cap = 8 if most > 8 else most
    recipes = pricer.recipes
    plans: List[_Plan] = []
    zero = [0, 0, 0]
    jitter = style.jitter
    gauss = pricer.rng.gauss
    for a in range(cap + 1):
        for b in range(cap + 1 - a):
            for c in range(cap + 1 - a - b):
                goods = (a, b, c)
                kinds = (a > 0) + (b > 0) + (c > 0)
                if kinds > style.goods_per_plan:
                    continue
                need = places(recipes, goods)
                bx, bf, bs, sub_x, sub_f = _purchase_for(need, stock)
                if bx > grade_limit or bf > grade_limit or bs > grade_limit or bx + bf + bs > limit:
                    continue
                substitution = sub_x * (values[0] - values[1]) + sub_f * (values[1] - values[2])
                buy = (bx, bf, bs)
                v = _plan_value(pricer, goods, buy, zero, substitution, room if not rules.loans
                                else room_for_loans)
                if v is None:
                    continue
                if jitter:
                    v += gauss(0.0, jitter)
                plans.append(_Plan(goods, buy, [0, 0, 0], v - 0.01 * (bx + bf + bs)))
    if not plans:
        return None
    plans.sort(key=lambda p: p.value, reverse=True)
    if style.optimise:
        cash = room if not rules.loans else room_for_loans
        for plan in plans[:4]:
            _tune_bids(pricer, plan, cash)
        plans.sort(key=lambda p: p.value, reverse=True)
    return plans[0]


def _tune_bids(pricer: _Pricer, plan: _Plan, cash: int) -> None:
    """Coordinate ascent over each grade's candidate bids for the best expected profit."""
    values = pricer.values
    stock = pricer.view.own_stock
    _, _, _, sub_x, sub_f = _purchase_for(places(pricer.recipes, plan.goods), stock)
    substitution = sub_x * (values[0] - values[1]) + sub_f * (values[1] - values[2])
    choice = list(plan.bids)
    best = _plan_value(pricer, plan.goods, plan.buy, choice, substitution, cash)
    if best is None:
        return
    for _ in range(2):
        improved = False
        for g in range(3):
            if not plan.buy[g]:
                continue
            for i in range(len(pricer.bids(g, plan.buy[g]))):
                if i == choice[g]:
                    continue
                trial = list(choice)
                trial[g] = i
                v = _plan_value(pricer, plan.goods, plan.buy, trial, substitution, cash)
                if v is not None and v > best + 1e-9:
                    best, choice, improved = v, trial, True
        if not improved:
            break
    plan.bids = choice
    plan.value = best - 0.01 * sum(plan.buy)


def _plan_sales(view: PlayerView, pricer: _Pricer) -> Tuple[Tuple[int, int, int], float]:
    """The most valuable offer makeable from stock, and its expected value."""
    recipes = pricer.recipes
    stock = view.own_stock
    values = pricer.values
    best: Tuple[float, Tuple[int, int, int]] = (0.0, (0, 0, 0))
    jitter = pricer.style.jitter
    gauss = pricer.rng.gauss
    top = sum(stock) // 3
    cap = 10 if top > 10 else top
    for a in range(cap + 1):
        if not is_makeable(recipes, (a, 0, 0), stock):
            break
        for b in range(cap + 1 - a):
            if not is_makeable(recipes, (a, b, 0), stock):
                break
            for c in range(cap + 1 - a - b):
                goods = (a, b, c)
                need = places(recipes, goods)
                if not can_fill(need, stock):
                    break
                used = fill(need, stock)
                substitution = sum((used[g] - need[g]) * values[g] for g in range(3))
                v = (pricer.sale(0, a)[0] + pricer.sale(1, b)[0] + pricer.sale(2, c)[0]
                     - substitution)
                if jitter and any(goods):
                    v += gauss(0.0, jitter)
                if v > best[0] + 1e-9:
                    best = (v, goods)
    return best[1], best[0]


# --------------------------------------------------------------- the player


def _names(items: List[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Avatar:
    """The frozen ``hard`` player.  ``decide(view)`` returns a legal entry for the view's phase.

    ``Avatar(seed=None)``; the same seed and the same view always give the
    same decision.
    """

    level = "hard"
    personality = None

    def __init__(self, seed: Optional[int] = None) -> None:
        self.style = STYLES["hard"]
        self.temper = NEUTRAL
        self.seed = seed if seed is not None else random.getrandbits(48)
        self.explanation = ""
        self.last_decision: Optional[Decision] = None
        #: decisions that fell back to an empty entry because planning failed (should stay 0)
        self.fallbacks = 0

    def __repr__(self) -> str:
        return "FrozenHard()"

    def decide(self, view: PlayerView) -> Entry:
        """A legal entry for the view's current phase, decided from the view alone."""
        if view.is_over:
            return self._done({}, "the game is over", ())
        rng = random.Random(f"{self.seed}:{view.seat}:{view.month}:{view.phase}")
        try:
            history = History(view)
            outlook = _forecast(view, self.style, history)
            pricer = _Pricer(view, self.style, self.temper, rng, outlook)
            if view.phase == "purchasing":
                entry, sentence, expected = self._order(view, pricer)
            else:
                entry, sentence, expected = self._offer(view, pricer)
        except Exception:  # never let a bug stop the game: pass this phase instead
            self.fallbacks += 1
            return self._done({}, "passes this phase", ())
        if hints.problems(view, entry) or (view.phase == "selling" and not hints.is_makeable(view, entry)):
            self.fallbacks += 1
            return self._done({}, "passes this phase", ())
        return self._done(entry, sentence, expected)

    def _done(self, entry: Entry, sentence: str, expected) -> Entry:
        self.explanation = sentence
        self.last_decision = Decision(tuple(entry.items()), sentence, tuple(expected))
        return entry

    def _order(self, view: PlayerView, pricer: _Pricer):
        plan = _plan_purchases(view, pricer)
        if plan is None or not any(plan.buy):
            if _spending_room(view, self.temper) < min(pricer.raw_prev) and not view.rules.loans:
                return {}, "is short of cash and orders nothing this month", ()
            if view.is_last_month and pricer.style.endgame:
                return {}, "buys nothing in the last month: leftovers only fetch the final raw price", ()
            return {}, "expects no profit in buying and orders nothing this month", ()
        entry: Entry = {}
        expects, bids, expected = [], [], []
        for g, key in enumerate(RAW):
            units = plan.buy[g]
            if not units:
                continue
            bid = pricer.bids(g, units)[plan.bids[g]][0]
            entry[key] = (units, int(bid))
            near = pricer.expected(pricer.raw_market(g, units))
            expected.append((key, near))
            expects.append(f"{NAMES[key]} near ${near}")
            bids.append(f"${bid} for {units} {NAMES[key]}")
        made = [f"{n} {GOODS[h]}" for h, n in enumerate(plan.goods) if n]
        purpose = f" to make {_names(made)}" if made else ""
        return entry, f"expects {_names(expects)} — bids {_names(bids)}{purpose}", expected

    def _offer(self, view: PlayerView, pricer: _Pricer):
        if sum(view.own_stock) < 3:
            return {}, "has nothing to sell", ()
        goods, value = _plan_sales(view, pricer)
        if not any(goods):
            nears = [f"{g} near ${pricer.sale(h, 0)[3]}" for h, g in enumerate(GOODS)]
            return {}, f"expects {_names(nears)} and keeps its stock for now", ()
        entry: Entry = {}
        expects, asks, expected = [], [], []
        for h, good in enumerate(GOODS):
            units = goods[h]
            if not units:
                continue
            _, ask, _, near = pricer.sale(h, units)
            entry[good] = (units, int(ask))
            expected.append((good, near))
            expects.append(f"{good} near ${near}")
            asks.append(f"${ask} for {units} {good}")
        return entry, f"expects {_names(expects)} — asks {_names(asks)}", expected
