"""The expected-value bidder: forecast the others, then price every unit by its worth.

Knows the rules and the public history only; imports the gauntlet's
``base`` and ``forecast`` and the engine's pure modules, nothing of the
levels.

Each month it forecasts the others' total order of each grade and total
offer of each good (``forecast``), as whole-number distributions.  It values
a raw unit kept in stock at its forecast price plus a share of the best
margin it could earn (in the last month, at the final raw price, RULES §5),
and a good by what it is expected to fetch.  Purchasing: a greedy plan adds
one recipe to sell, or one unit to keep, at a time while the gain over its
expected cost is positive (within the monthly limit and, RULES §4.1.5,
within the cash: an order over the cash buys nothing at all); then each
grade's bid maximises P(filled) × (value − bid).  Selling: every plan the
stock makes is scored with, per good, the ask that maximises P(sold) ×
(ask − value of the materials).  Partial fills and sales enter as expected
units; loans as a cost on the borrowed part.  In the last month it may
order units it does not need at the minimum bid, to raise the final price
of the stock it holds (units of every order count towards the price).

The ``Trader`` takes a ``Knobs`` vector; ``ev`` uses the defaults below, the
exploiter a searched vector.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Dict, List, Optional, Sequence, Tuple

from ... import market
from ...production import fill, max_makeable, places
from ...rules import GOODS, MAX_PRICE, NAMES, RAW
from ...view import PlayerView
from .base import (Entry, Ledger, Player, Spread, describe, fit_offer, fit_order,
                   margin_per_unit, purchase_for)
from .forecast import OfferForecast, OrderForecast

LOAN_COST = 0.25  # RULES §5 and §6: $125 repaid for every $100 borrowed


@dataclass(frozen=True)
class Knobs:
    """What a ``Trader`` believes and how bold it is.

    ``carry_margin``: share of the best margin per raw unit added to a kept
    unit's value; ``carry_markup``: multiplier on the forecast raw price for
    it; ``endgame``: ``carry_margin`` is multiplied by this in the month
    before the last; ``bid_z``: planning premium over the forecast market
    price, in standard deviations; ``bid_shift``/``ask_shift``: dollars added
    to every bid/ask after optimising; ``spread_scale``: multiplier on the
    forecast spreads; ``limit_use``/``cash_use``: shares of the order limit
    and the cash it will use; ``prefer_a/b/c``: dollars per unit of liking
    for a good; ``pump``: in the last month, units ordered at the minimum
    bid on a held grade (0 to 1, of what is left of the limit); ``deny``:
    units ordered at the minimum bid on grades it does not buy, every month
    (raises the others' prices); ``flood``: extra units offered beyond the
    best plan, at the lowest ask; ``sell_share``: share of the best plan
    offered; ``loan_weight``: how heavily a loan's cost counts.
    """

    carry_margin: float = 0.5
    carry_markup: float = 1.0
    endgame: float = 0.6
    bid_z: float = 1.0
    bid_shift: float = 0.0
    ask_shift: float = 0.0
    spread_scale: float = 1.0
    limit_use: float = 1.0
    cash_use: float = 1.0
    prefer_a: float = 0.0
    prefer_b: float = 0.0
    prefer_c: float = 0.0
    pump: float = 1.0
    deny: float = 0.0
    flood: float = 0.0
    sell_share: float = 1.0
    loan_weight: float = 1.0

    @classmethod
    def names(cls) -> Tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def clipped(self) -> "Knobs":
        """The same knobs inside their sensible ranges (``BOUNDS``)."""
        return replace(self, **{n: min(BOUNDS[n][1], max(BOUNDS[n][0], getattr(self, n)))
                                for n in self.names()})


#: Range and search step of every knob.
BOUNDS: Dict[str, Tuple[float, float]] = {
    "carry_margin": (0.0, 1.2), "carry_markup": (0.8, 1.3), "endgame": (0.0, 1.2),
    "bid_z": (-0.5, 3.0), "bid_shift": (-4.0, 8.0), "ask_shift": (-10.0, 6.0),
    "spread_scale": (0.5, 2.0), "limit_use": (0.3, 1.0), "cash_use": (0.3, 1.0),
    "prefer_a": (-15.0, 15.0), "prefer_b": (-15.0, 15.0), "prefer_c": (-15.0, 15.0),
    "pump": (0.0, 1.0), "deny": (0.0, 6.0), "flood": (0.0, 4.0), "sell_share": (0.3, 1.0),
    "loan_weight": (0.3, 3.0),
}
STEPS: Dict[str, float] = {
    "carry_margin": 0.15, "carry_markup": 0.05, "endgame": 0.2, "bid_z": 0.4, "bid_shift": 1.5,
    "ask_shift": 2.0, "spread_scale": 0.2, "limit_use": 0.1, "cash_use": 0.1, "prefer_a": 4.0,
    "prefer_b": 4.0, "prefer_c": 4.0, "pump": 0.3, "deny": 1.0, "flood": 1.0, "sell_share": 0.1,
    "loan_weight": 0.3,
}


class Trader(Player):
    """An expected-value trader driven by ``knobs``; ``wobble`` jitters them per seed."""

    name = "ev"
    summary = ("expected-value bidder: forecasts the others' totals from the revealed history "
               "and bids and asks for the best expected gain")

    def __init__(self, seed: Optional[int] = None, *, knobs: Knobs = Knobs(),
                 wobble: float = 1.0) -> None:
        super().__init__(seed)
        w = wobble
        self.knobs = replace(
            knobs,
            carry_margin=self.jitter(knobs.carry_margin, 0.08 * w),
            bid_z=self.jitter(knobs.bid_z, 0.15 * w),
            ask_shift=self.jitter(knobs.ask_shift, 0.8 * w),
            spread_scale=self.jitter(knobs.spread_scale, 0.08 * w),
        ).clipped() if w else knobs

    @property
    def parameters(self) -> Dict[str, object]:
        """The knobs after this instance's jitter."""
        return {name: getattr(self.knobs, name) for name in Knobs.names()}

    # ----------------------------------------------------------- values

    def _carry(self, view: PlayerView, raw: Sequence[float], goods: Sequence[float],
               months_left: int) -> List[float]:
        """What a raw unit still in stock after this month's sale is worth to it.

        In the last month: the final raw price (RULES §5).  Before: the
        forecast price (times ``carry_markup``) plus ``carry_margin`` of the
        best margin per raw unit of a good it goes into.
        """
        if months_left <= 1:
            return [max(1.0, r) for r in raw]
        k = self.knobs
        share = k.carry_margin * (k.endgame if months_left == 2 else 1.0)
        best = margin_per_unit(view.rules.recipes, raw, goods)
        return [max(1.0, raw[g] * k.carry_markup + share * best[g]) for g in range(3)]

    def _sell_tables(self, view: PlayerView, spreads: Sequence[Spread], worth: Sequence[float],
                     most: Sequence[int]) -> List[List[Tuple[float, int]]]:
        """Per good, per units ``n``: (expected gain over the materials' worth, best ask).

        A table stops where offering one more unit has stopped paying twice
        running (the gain is concave in the units: each one offered lowers
        the market price of all of them by $2).
        """
        partial = view.rules.partial_sales
        prefer = (self.knobs.prefer_a, self.knobs.prefer_b, self.knobs.prefer_c)
        tables = []
        for gi, good in enumerate(GOODS):
            prev = view.prices[good]
            spread = spreads[gi]
            low, high = _likely(spread)
            w = worth[gi] - prefer[gi]
            row = [(0.0, 0)]
            worse = 0
            for n in range(1, most[gi] + 1):
                best = (-1e9, 0)
                # the ask that sells in full exactly when the others offer at most k units
                for k in range(low, high + 1):
                    top = prev + 11 - 2 * (k + n)
                    for ask in ((top, top + 1) if partial else (top,)):
                        if ask < 1:
                            continue
                        gain = _expected_sold(spread, n, ask, prev, partial) * (ask - w)
                        if gain > best[0]:
                            best = (gain, ask)
                if best[0] <= 0:
                    best = (min(0.0, best[0]), best[1])
                worse = worse + 1 if best[0] <= row[-1][0] else 0
                row.append(best)
                if worse >= 2:
                    break
            tables.append(row)
        return tables

    # ----------------------------------------------------------- purchasing

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        k = self.knobs
        outlook = self._order_outlook(view)
        limit = max(0, int(view.rules.order_limit * k.limit_use + 1e-9))
        purchase = _Purchase(view, outlook, k, limit)
        purchase.run()
        wanted: Entry = {}
        for g, key in enumerate(RAW):
            units = purchase.buy[g]
            if units:
                bid, units = self._best_bid(view, outlook.orders.spreads[g], outlook.raw_prev[g],
                                            units, purchase.value[g] / units, outlook.carry[g],
                                            limit - sum(purchase.buy) + units)
                if units:
                    wanted[key] = (units, int(round(bid + k.bid_shift)))
        wanted = self._extra_units(view, wanted, view.own_stock, purchase.plan, limit)
        budget = None if view.rules.loans else int(min(view.own_cash, max(0.0, purchase.cash)))
        entry = fit_order(view, wanted, budget=budget)
        hats = ", ".join(f"{NAMES[g]} ${int(round(outlook.raw_hat[i]))}" for i, g in enumerate(RAW))
        if not entry:
            return entry, f"expects {hats}; nothing is worth its price"
        return entry, f"expects {hats}; {describe(entry, 'bids')}"

    def _order_outlook(self, view: PlayerView) -> "_Outlook":
        """The forecasts and values a purchasing decision rests on."""
        k = self.knobs
        rules = view.rules
        ledger = Ledger(view)
        orders = OrderForecast(view, ledger, spread_scale=k.spread_scale)
        raw_prev = [view.prices[g] for g in RAW]
        typical = rules.order_limit / 3.0
        raw_hat = [max(1.0, raw_prev[g] + orders.mean[g] + typical - 10) for g in range(3)]
        # the others' stocks after their expected orders, for their offers
        stocks = []
        for seat in range(view.players):
            st = view.stock[seat]
            add = orders.seat_mean[seat]
            stocks.append(tuple(st[g] + int(round(0.8 * add[g])) for g in range(3)))
        offers = OfferForecast(view, ledger, stocks=stocks, extra_var=1.0,
                               spread_scale=k.spread_scale)
        goods_hat = [max(1.0, view.prices[g] + 11 - 2 * (offers.mean[i] + 2))
                     for i, g in enumerate(GOODS)]
        carry = self._carry(view, raw_hat, goods_hat, view.months_left)
        worth = [sum(r * c for r, c in zip(rules.recipes[g], carry)) for g in GOODS]
        limit = max(0, int(rules.order_limit * k.limit_use + 1e-9))
        most_goods = (sum(view.own_stock) + limit) // 3 + 1
        tables = self._sell_tables(view, offers.spreads, worth, (most_goods,) * 3)
        return _Outlook(orders, raw_prev, raw_hat, carry, tables)

    def _best_bid(self, view: PlayerView, spread: Spread, prev: int, units: int,
                  unit_value: float, carry: float, room: int) -> Tuple[int, int]:
        """The bid (and, under partial fills, the units) with the best expected gain."""
        partial = view.rules.partial_fills
        best = (-1e18, market.min_bid(prev, units), units)
        most = min(room, view.rules.grade_limit, units + 3)
        choices = range(units, most + 1) if partial else (units,)
        for u in choices:
            floor = market.min_bid(prev, u)
            likely_low, likely_high = _likely(spread)
            for k in range(likely_low, likely_high + 2):
                bid = prev + k + u - 10  # fills in full when the others order at most k
                if bid < floor:
                    continue
                if bid > MAX_PRICE:
                    break
                if partial:  # P(at least i units filled) = P(others <= k + u - i)
                    got = spread.sum_at_most(k, k + u - 1)
                    wanted = spread.sum_at_most(k + u - units, k + u - 1)
                    gain = wanted * unit_value + (got - wanted) * carry - got * bid
                else:
                    gain = spread.at_most(k) * units * (unit_value - bid)
                if gain > best[0]:
                    best = (gain, bid, u)
        if best[0] <= 0:
            return best[1], 0
        return best[1], best[2]

    def _extra_units(self, view: PlayerView, wanted: Entry, stock: Sequence[int],
                     plan: Sequence[int], limit: int) -> Entry:
        """Units ordered at the minimum bid to move a price: ``pump`` and ``deny``."""
        k = self.knobs
        rules = view.rules
        room = limit - sum(u for u, _ in wanted.values())
        if room <= 0:
            return wanted
        out = dict(wanted)
        if view.months_left == 1 and k.pump > 0:
            used = places(rules.recipes, plan)
            left = [stock[g] + wanted.get(RAW[g], (0, 0))[0] - used[g] for g in range(3)]
            others = [sum(view.stock[s][g] for s in range(view.players) if s != view.seat)
                      / max(1, view.players - 1) for g in range(3)]
            candidates = [g for g in range(3) if RAW[g] not in out and left[g] > others[g]]
            if candidates:
                g = max(candidates, key=lambda i: left[i] - others[i])
                units = min(int(room * k.pump), rules.grade_limit)
                if units > 0:
                    out[RAW[g]] = (units, market.min_bid(view.prices[RAW[g]], units))
                    room -= units
        if k.deny >= 1 and room > 0:
            for g in range(3):
                key = RAW[g]
                if key in out:
                    continue
                units = min(int(k.deny), room, rules.grade_limit)
                if units > 0:
                    out[key] = (units, market.min_bid(view.prices[key], units))
                    room -= units
        return out

    # ----------------------------------------------------------- selling

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        k = self.knobs
        rules = view.rules
        stock = view.own_stock
        if sum(stock) < 3:
            return {}, "has nothing to sell"
        ledger = Ledger(view)
        offers = OfferForecast(view, ledger, spread_scale=k.spread_scale)
        months_left = view.months_left
        raw = [view.prices[g] for g in RAW]
        goods_hat = [max(1.0, view.prices[g] + 11 - 2 * (offers.mean[i] + 2))
                     for i, g in enumerate(GOODS)]
        carry = self._carry(view, raw, goods_hat, months_left)
        recipes = rules.recipes
        worth = [sum(r * c for r, c in zip(recipes[g], carry)) for g in GOODS]
        most = [max_makeable(recipes, stock, GOODS[i]) for i in range(3)]
        tables = self._sell_tables(view, offers.spreads, worth, most)
        best = _best_plan(recipes, stock, tables, carry)
        plan = list(best)
        if k.sell_share < 1.0:
            plan = [int(n * k.sell_share + 0.5) for n in plan]
        wanted: Entry = {}
        for gi, good in enumerate(GOODS):
            if plan[gi]:
                ask = tables[gi][plan[gi]][1] + k.ask_shift
                wanted[good] = (plan[gi], int(round(max(1, ask))))
        if k.flood >= 1:
            wanted = self._flood(view, wanted, int(k.flood))
        entry = fit_offer(view, wanted)
        if not entry:
            return entry, "keeps its stock: no sale beats the worth of its materials"
        hats = ", ".join(f"{g} ${int(round(goods_hat[i]))}" for i, g in enumerate(GOODS))
        return entry, f"expects {hats}; {describe(entry, 'asks')}"

    def _flood(self, view: PlayerView, wanted: Entry, extra: int) -> Entry:
        """Up to ``extra`` more units of the good offered most, at the lowest ask offered."""
        if not wanted:
            return wanted
        good = max(wanted, key=lambda g: wanted[g][0])
        units, ask = wanted[good]
        index = GOODS.index(good)
        planned = [wanted.get(g, (0, 0))[0] for g in GOODS]
        most = max_makeable(view.rules.recipes, view.own_stock, GOODS[index], planned)
        more = min(extra, max(0, most - units))
        if more:
            out = dict(wanted)
            out[good] = (units + more, max(1, ask - 2 * more))
            return out
        return wanted


class _Outlook:
    """What a purchasing decision expects: the others' orders, raw prices, values, sale tables."""

    __slots__ = ("orders", "raw_prev", "raw_hat", "carry", "tables")

    def __init__(self, orders: OrderForecast, raw_prev: List[int], raw_hat: List[float],
                 carry: List[float], tables: List[List[Tuple[float, int]]]) -> None:
        self.orders, self.raw_prev, self.raw_hat = orders, raw_prev, raw_hat
        self.carry, self.tables = carry, tables


class _Purchase:
    """The greedy purchase plan: one recipe to sell, or one unit to keep, at a time.

    Each step takes the move with the best gain over its cost: a recipe
    gains what selling one more unit of its good is expected to add (over
    the worth of its materials) and the worth of the units it buys; a kept
    unit gains its worth.  The cost of ``u`` units of a grade is ``u`` times
    the bid that expects to fill them (forecast market price plus a premium;
    each unit ordered raises it by $1).  Over the cash it is impossible
    (RULES §4.1.5), or under loans dearer by the loan's cost.  ``value``
    accumulates, per grade, the worth of the units bought.
    """

    def __init__(self, view: PlayerView, outlook: _Outlook, knobs: Knobs, limit: int) -> None:
        self.view, self.outlook, self.knobs, self.limit = view, outlook, knobs, limit
        self.recipes = view.rules.recipes
        self.cash = view.own_cash * knobs.cash_use
        self.premium = [knobs.bid_z * outlook.orders.sd[g] for g in range(3)]
        self.buy = [0, 0, 0]
        self.plan = [0, 0, 0]
        self.value = [0.0, 0.0, 0.0]
        self.spent = 0.0

    def bid_for(self, g: int, units: int) -> int:
        prev = self.outlook.raw_prev[g]
        want = prev + self.outlook.orders.mean[g] + units - 10 + self.premium[g]
        return max(market.min_bid(prev, units), int(want + 0.999))

    def cost_of(self, buy: Sequence[int]) -> float:
        total = 0
        for g in range(3):
            if buy[g]:
                total += buy[g] * self.bid_for(g, buy[g])
        if total > self.cash:
            view = self.view
            if not view.rules.loans:
                return float("inf")
            weight = self.knobs.loan_weight * (0.5 if view.months_left >= 3 else 1.0)
            total += LOAN_COST * weight * market.loan_for(int(total - view.own_cash) + 1)
        return total

    def run(self) -> None:
        for _ in range(3 * self.limit + 12):
            move = self._best_move()
            if move is None:
                return
            self._take(*move)

    def _best_move(self):
        tables, carry, buy = self.outlook.tables, self.outlook.carry, self.buy
        grade_limit = self.view.rules.grade_limit
        best_gain, best_move = 0.5, None
        for gi in range(3):
            n = self.plan[gi]
            if n + 1 >= len(tables[gi]):
                continue
            trial = list(self.plan)
            trial[gi] += 1
            need = purchase_for(places(self.recipes, trial), self.view.own_stock)
            new = [max(buy[g], need[g]) for g in range(3)]
            if not _within(new, self.limit, grade_limit):
                continue
            cost = self.cost_of(new)
            extra = sum((new[g] - buy[g]) * carry[g] for g in range(3))
            gain = tables[gi][n + 1][0] - tables[gi][n][0] + extra - (cost - self.spent)
            if gain > best_gain:
                best_gain, best_move = gain, ("make", gi, new, cost)
        for g in range(3):
            new = list(buy)
            new[g] += 1
            if not _within(new, self.limit, grade_limit):
                continue
            cost = self.cost_of(new)
            gain = carry[g] - (cost - self.spent)
            if gain > best_gain:
                best_gain, best_move = gain, ("keep", g, new, cost)
        return None if best_move is None else best_move + (best_gain,)

    def _take(self, kind: str, index: int, new: List[int], cost: float, gain: float) -> None:
        carry = self.outlook.carry
        added = [new[g] - self.buy[g] for g in range(3)]
        if kind == "make":
            # the sale's gain is shared by the units bought for it
            sale = gain + (cost - self.spent) - sum(a * carry[h] for h, a in enumerate(added))
            share = sale / (sum(added) or 1)
            self.plan[index] += 1
        else:
            share = 0.0
        for g in range(3):
            self.value[g] += added[g] * (carry[g] + share)
        self.buy, self.spent = new, cost


def _best_plan(recipes, stock: Sequence[int], tables: Sequence[Sequence[Tuple[float, int]]],
               carry: Sequence[float]) -> Tuple[int, int, int]:
    """The units of A, B and C to offer: the makeable plan with the best expected gain.

    Every count of A and B is tried, with C either as many as still fit or
    the best count up to that; materials used in a dearer grade's place
    (X-Fine for Fine, Fine for Standard) count against the plan at their
    worth, as far as the goods are expected to sell.
    """
    best_c = []  # the best count of C up to each count
    top = 0
    for c in range(len(tables[2])):
        if tables[2][c][0] > tables[2][top][0]:
            top = c
        best_c.append(top)
    best = (0.0, (0, 0, 0))
    top_a, top_b, top_c = (len(t) - 1 for t in tables)
    for a in range(min(max_makeable(recipes, stock, GOODS[0]), top_a) + 1):
        for b in range(min(max_makeable(recipes, stock, GOODS[1], (a, 0, 0)), top_b) + 1):
            cmax = min(max_makeable(recipes, stock, GOODS[2], (a, b, 0)), top_c)
            for c in {cmax, best_c[cmax]}:
                gain = tables[0][a][0] + tables[1][b][0] + tables[2][c][0]
                if gain <= best[0] or (a, b, c) == (0, 0, 0):
                    continue
                need = places(recipes, (a, b, c))
                used = fill(need, stock)
                gain -= 0.8 * sum((used[g] - need[g]) * carry[g] for g in range(3))
                if gain > best[0]:
                    best = (gain, (a, b, c))
    return best[1]


def _likely(spread: Spread) -> Tuple[int, int]:
    """The others' totals worth trying a price for: all but the far tails of ``spread``."""
    half = 0.3 * (spread.high - spread.low)  # the support spans about 7 standard deviations
    return (max(spread.low, int(spread.mean - half)), min(spread.high, int(spread.mean + half) + 1))


def _within(buy: Sequence[int], limit: int, grade_limit: int) -> bool:
    return sum(buy) <= limit and max(buy) <= grade_limit


def _expected_sold(spread: Spread, n: int, ask: int, prev: int, partial: bool) -> float:
    """Expected units sold of ``n`` at ``ask`` when the others' total follows ``spread``.

    RULES §4.2.5: all sell when the ask is at most the market price
    ``prev + 11 - 2 * (others + n)``; under Variation III one fewer per $2
    (or part) above it, which is one fewer for each unit the others offer
    past the last count that sells in full.
    """
    if ask <= 1:
        return float(n)
    k = (prev + 11 - 2 * n - ask) // 2  # sells in full when the others offer at most k
    if not partial:
        return n * spread.at_most(k)
    return spread.sum_at_most(k, k + n - 1)


def make(seed: Optional[int] = None) -> Trader:
    """The ``ev`` strategy."""
    return Trader(seed)
