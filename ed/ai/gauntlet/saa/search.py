"""The bidder's two searches: the whole order, and the whole offer, best over the scenarios.

Knows the view, the scenarios and the worth of stock (``scenarios``,
``valuation``); imports those, the engine's pure modules and the gauntlet's
``base``.

- Purchasing (``OrderSearch``): unit counts are screened by a certainty
  equivalent, then the best few are searched whole, bid levels and units
  grade by grade, each candidate scored by its average over the scenarios
  of: minus what it pays (the loan's cost under Variation I; RULES §4.1.5 is
  kept by never ordering more than the cash pays for), plus the worth of the
  stock it ends with, the raw part of that moving with the scenario's new
  raw price (in the last month exactly: units ordered raise the final price
  of the stock held).  Partial fills enter as the units they buy.
- Selling (``best_offer``): every makeable plan is scored by per-good tables
  of the best ask for each count; the best few plans are then scored whole
  over the scenarios (partial sales, materials used with substitutions, and
  what is left at its worth) and the best is offered.  It never over-offers.
- The others' gains count a little against its own (``Rival``): their fills
  and sales that its units crowd out, and the worth its orders add to their
  stock.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from .... import market
from ....production import can_fill, fill, places
from ....rules import GOODS, MAX_PRICE, RAW
from ....view import PlayerView
from ..base import Entry, purchase_for
from .models import Triple
from .scenarios import Scenarios
from .valuation import LOAN_COST, Liquidity, SaleTable, StockValue


#: Unit counts kept after the screening, searched whole.
SHORTLIST = 5
#: Bid levels tried per grade and unit count (quantiles of the scenarios' prices).
BID_LEVELS = 6
#: Plans scored whole over the scenarios when selling.
PLANS_SCORED = 4


class Rival:
    """How the others' gains count against this seat's: ``weight`` times their sum.

    ``worth`` is what a unit of each commodity of the phase is worth to the
    seat that gets it (so a fill or a sale gains worth less price for a
    buyer, price less worth for a seller); ``stock`` the others' raw stock,
    whose worth moves with the raw prices as this seat's does.
    """

    def __init__(self, weight: float, worth: Sequence[float], stock: Sequence[int]) -> None:
        self.weight, self.worth, self.stock = weight, list(worth), list(stock)


# --------------------------------------------------------------- the purchase search


class OrderSearch:
    """The whole order with the best average over the scenarios.

    A candidate is three (units, bid) pairs.  Its value in a scenario is the
    worth of the stock it ends with (``StockValue``, the raw part moved by
    ``follow`` times the scenario's new raw price less ``ref``, the mean one),
    less what it pays, less the loan's cost (Variation I).  Without loans a
    candidate never costs more than the cash, so RULES §4.1.5 never cancels it.
    """

    def __init__(self, view: PlayerView, scen: Scenarios, value: StockValue,
                 ref: Sequence[float], follow: float, screen: float, liquid: Liquidity,
                 rival: Rival) -> None:
        rules = view.rules
        self.liquid, self.rival = liquid, rival
        self.entries = scen.entries
        self._rivals: Dict[Tuple[int, int], float] = {}
        self.view, self.value, self.ref, self.follow = view, value, list(ref), follow
        self.limit, self.grade_limit = rules.order_limit, rules.grade_limit
        self.partial, self.loans = rules.partial_fills, rules.loans
        self.cash = view.own_cash
        self.stock = view.own_stock
        self.prev = [view.prices[k] for k in RAW]
        self.others = scen.orders
        self.n = len(scen.orders[0])
        self.screen = screen
        self._levels: Dict[Tuple[int, int], List[int]] = {}
        self._prices: Dict[Tuple[int, int], List[int]] = {}
        self._fills: Dict[Tuple[int, int, int], Tuple[List[int], List[float]]] = {}
        self._shift: Dict[Tuple[int, int], List[float]] = {}
        self._worths: Dict[Triple, Tuple[float, float]] = {}
        self._zero = [0] * self.n

    # per grade and unit count: the scenarios' prices, bid levels, fills

    def prices(self, g: int, units: int) -> List[int]:
        """Per scenario: the grade's new price when this seat orders ``units`` of it."""
        key = (g, units)
        found = self._prices.get(key)
        if found is None:
            base = self.prev[g] + units - 10
            found = [max(1, base + o) for o in self.others[g]]
            self._prices[key] = found
        return found

    def levels(self, g: int, units: int) -> List[int]:
        """Bids worth trying: the minimum bid and quantiles of the scenarios' prices."""
        key = (g, units)
        found = self._levels.get(key)
        if found is None:
            floor = market.min_bid(self.prev[g], units)
            seen = sorted(set(p for p in self.prices(g, units) if p > floor))
            if len(seen) > BID_LEVELS - 1:
                step = (len(seen) - 1) / (BID_LEVELS - 2)
                seen = sorted(set(seen[int(round(i * step))] for i in range(BID_LEVELS - 1)))
            found = [min(MAX_PRICE, b) for b in [floor] + seen]
            self._levels[key] = found
        return found

    def shift(self, g: int, units: int) -> List[float]:
        """Per scenario: ``follow`` times the new price less the reference worth's price."""
        key = (g, units)
        found = self._shift.get(key)
        if found is None:
            ref = self.ref[g]
            found = [self.follow * (p - ref) for p in self.prices(g, units)]
            self._shift[key] = found
        return found

    def rivals(self, g: int, units: int) -> float:
        """The others' gain on grade ``g``, weighted and summed over the scenarios, when this
        seat orders ``units`` of it: their fills times worth less bid, and their stock's
        worth moved as this seat's is."""
        key = (g, units)
        found = self._rivals.get(key)
        if found is None:
            weight, worth, partial = self.rival.weight, self.rival.worth[g], self.partial
            found = self.rival.stock[g] * sum(self.shift(g, units))
            for price, entries in zip(self.prices(g, units), self.entries[g]):
                for u, bid in entries:
                    got = market.units_bought(u, bid, price, partial)
                    if got:
                        found += got * (worth - bid)
            found *= weight
            self._rivals[key] = found
        return found

    def fills(self, g: int, units: int, bid: int) -> List[int]:
        key = (g, units, bid)
        found = self._fills.get(key)
        if found is None:
            partial = self.partial
            found = [market.units_bought(units, bid, p, partial) for p in self.prices(g, units)]
            self._fills[key] = found
        return found

    # scoring

    def score(self, units: Sequence[int], bids: Sequence[int]) -> float:
        """The candidate's average value over the scenarios.

        Per scenario: the worth of the stock it ends with (its raw part moved
        with the scenario's prices), less what it pays and any loan's cost,
        plus what the cash left after this month's expected sales is worth
        beyond itself.  The candidate must be ``affordable``.
        """
        zero = self._zero
        fx = self.fills(0, units[0], bids[0]) if units[0] else zero
        ff = self.fills(1, units[1], bids[1]) if units[1] else zero
        fs = self.fills(2, units[2], bids[2]) if units[2] else zero
        sx, sf, ss = (self.shift(g, units[g]) for g in range(3))
        s0, s1, s2 = self.stock
        # the others' gains on their fills and on their stock's worth count against its own
        total = -sum(self.rivals(g, units[g]) for g in range(3)) if self.rival.weight else 0.0
        worths = self._worths
        bx, bf, bs = bids
        cash, rate, need = self.cash, self.liquid.rate, self.liquid.need
        for a, b, c, dx, df, ds in zip(fx, ff, fs, sx, sf, ss):
            found = worths.get((a, b, c))
            if found is None:
                after = (s0 + a, s1 + b, s2 + c)
                found = (self.value(after), self.value.revenue(after))
                worths[(a, b, c)] = found
            worth, income = found
            cost = a * bx + b * bf + c * bs
            left = cash - cost
            if left < 0:  # Variation I: the Broker lends the shortfall in steps of $100
                loan = market.loan_for(-left)
                worth -= LOAN_COST * loan
                left += loan
            if rate:
                left += income
                if left > 0:
                    worth += rate * (left if left < need else need)
            total += worth - cost + (s0 + a) * dx + (s1 + b) * df + (s2 + c) * ds
        return total / self.n

    def _nothing(self) -> float:
        return self.score((0, 0, 0), (0, 0, 0))

    # the search

    def affordable(self, units: Sequence[int], bids: Sequence[int]) -> bool:
        if self.loans:
            return True
        return sum(u * b for u, b in zip(units, bids)) <= self.cash

    def screened(self) -> List[Tuple[int, int, int]]:
        """Unit counts worth searching: for every plan worth selling, the fewest units it needs
        topped up with units worth keeping, scored with each grade bought at a quantile of the
        scenarios' prices (a lower bound on the worth: the plan may not be the stock's best)."""
        top = min(self.grade_limit, self.limit)
        price = [[0] + [self.quantile(g, u) for u in range(1, top + 1)] for g in range(3)]
        carry = self.value.carry
        recipes = self.view.rules.recipes
        stock = self.stock
        scored: Dict[Tuple[int, int, int], float] = {}
        for gain, plan in [(0.0, (0, 0, 0))] + self.value.plans:
            units = list(purchase_for(places(recipes, plan), stock))
            if sum(units) > self.limit or max(units) > top:
                continue
            while sum(units) < self.limit:  # units worth keeping, the best first
                extra = [carry[g] - ((units[g] + 1) * price[g][units[g] + 1]
                                     - units[g] * price[g][units[g]]) if units[g] < top else -1.0
                         for g in range(3)]
                g = max(range(3), key=lambda i: extra[i])
                if extra[g] <= 0:
                    break
                units[g] += 1
            cost = sum(units[g] * price[g][units[g]] for g in range(3))
            while cost > self.cash and not self.loans and sum(units):
                g = max(range(3), key=lambda i: price[i][units[i]] if units[i] else -1)
                units[g] -= 1
                cost = sum(units[g] * price[g][units[g]] for g in range(3))
            after = (stock[0] + units[0], stock[1] + units[1], stock[2] + units[2])
            if plan != (0, 0, 0) and not can_fill(places(recipes, plan), after):
                continue
            v = (gain - (self.value.penalty(plan, after) if plan != (0, 0, 0) else 0.0)
                 + sum(after[g] * carry[g] for g in range(3)) - cost)
            if cost > self.cash:
                v -= LOAN_COST * market.loan_for(cost - self.cash)
            key = (units[0], units[1], units[2])
            if v > scored.get(key, -1e18):
                scored[key] = v
        ranked = sorted(scored, key=lambda k: -scored[k])
        return ranked[:SHORTLIST]

    def quantile(self, g: int, units: int) -> int:
        """The ``screen`` quantile of the scenarios' prices for ``units`` of grade ``g``."""
        ps = sorted(self.prices(g, units))
        q = ps[min(len(ps) - 1, int(self.screen * len(ps)))]
        return max(q, market.min_bid(self.prev[g], units))

    def improve_bids(self, units: List[int], bids: List[int], best: float) -> float:
        """Each grade's bid in turn set to the level with the best score."""
        for g in range(3):
            if not units[g]:
                continue
            for level in self.levels(g, units[g]):
                if level == bids[g]:
                    continue
                trial = list(bids)
                trial[g] = level
                if not self.affordable(units, trial):
                    continue
                v = self.score(units, trial)
                if v > best:
                    best, bids[g] = v, level
        return best

    def improve_units(self, units: List[int], bids: List[int], best: float) -> float:
        """Each grade's units in turn set to the best, each count tried with the bids of
        ``near``."""
        for g in range(3):
            room = min(self.grade_limit, self.limit - sum(units) + units[g])
            for u in range(room + 1):
                if u == units[g]:
                    continue
                trial_units = list(units)
                trial_units[g] = u
                for level in (self.near(g, u) if u else (0,)):
                    trial = list(bids)
                    trial[g] = level
                    if not self.affordable(trial_units, trial):
                        continue
                    v = self.score(trial_units, trial)
                    if v > best:
                        best = v
                        units[g], bids[g] = u, level
        return best

    def near(self, g: int, units: int) -> List[int]:
        """The minimum bid, and the bid level nearest the screening quantile with its
        neighbours."""
        levels = self.levels(g, units)
        aim = self.quantile(g, units)
        i = min(range(len(levels)), key=lambda k: abs(levels[k] - aim))
        return levels[:1] + levels[max(1, i - 1):i + 2]

    def start_bids(self, units: Sequence[int]) -> List[int]:
        bids = []
        for g, u in enumerate(units):
            if not u:
                bids.append(0)
                continue
            levels = self.levels(g, u)
            bids.append(levels[min(len(levels) - 1, len(levels) // 2)])
        while not self.affordable(units, bids):
            g = max(range(3), key=lambda i: bids[i] if units[i] else -1)
            levels = self.levels(g, units[g])
            lower = [b for b in levels if b < bids[g]]
            if not lower:
                return []
            bids[g] = lower[-1]
        return bids

    def run(self) -> Entry:
        best_units, best_bids = [0, 0, 0], [0, 0, 0]
        best = self._nothing()
        for units in self.screened():
            units = list(units)
            bids = self.start_bids(units)
            if not bids:
                continue
            v = self.score(units, bids) if self.affordable(units, bids) else -1e18
            v = self.improve_bids(units, bids, v)
            if v > best:
                best, best_units, best_bids = v, units, bids
        best = self.improve_units(best_units, best_bids, best)
        best = self.improve_bids(best_units, best_bids, best)
        return {k: (best_units[g], best_bids[g]) for g, k in enumerate(RAW) if best_units[g]}


# --------------------------------------------------------------- the offer search


def best_offer(view: PlayerView, scen: Scenarios, value: StockValue, tables: Sequence[SaleTable],
                carry: Sequence[float], liquid: Liquidity,
                rival: Rival) -> Tuple[List[int], List[int]]:
    """The plan and asks with the best average over the scenarios (see the module docstring)."""
    recipes = view.rules.recipes
    stock = view.own_stock
    candidates = []
    for _, plan in value.plans:
        if can_fill(places(recipes, plan), stock):
            candidates.append(plan)
            if len(candidates) >= PLANS_SCORED:
                break
    sold: Dict[Tuple[int, int, int], List[int]] = {}
    rivals: Dict[Tuple[int, int], float] = {}
    nothing = liquid(view.own_cash) - _rival_sales(view, scen, rival, (0, 0, 0), rivals)
    best = (nothing, [0, 0, 0], [0, 0, 0])
    for plan in candidates:
        asks = [tables[i].ask[plan[i]] for i in range(3)]
        against = _rival_sales(view, scen, rival, plan, rivals)
        v = _sale_score(view, scen, plan, asks, carry, liquid, sold) - against
        for i in range(3):
            if not plan[i]:
                continue
            for delta in (-2, -1, 1, 2):
                trial = list(asks)
                trial[i] = max(1, asks[i] + delta)
                t = _sale_score(view, scen, plan, trial, carry, liquid, sold) - against
                if t > v:
                    v, asks = t, trial
        if v > best[0]:
            best = (v, list(plan), asks)
    return best[1], best[2]


def _rival_sales(view: PlayerView, scen: Scenarios, rival: Rival, plan: Sequence[int],
                 cache: Dict[Tuple[int, int], float]) -> float:
    """The others' average gain on their sales (price less worth), weighted, beside ``plan``."""
    if not rival.weight:
        return 0.0
    partial = view.rules.partial_sales
    total = 0.0
    for i, good in enumerate(GOODS):
        key = (i, plan[i])
        found = cache.get(key)
        if found is None:
            base = view.prices[good] + 11 - 2 * plan[i]
            worth = rival.worth[i]
            found = 0.0
            for q, entries in zip(scen.offers[i], scen.entries[i]):
                price = max(1, base - 2 * q)
                for units, ask in entries:
                    found += market.units_sold(units, ask, price, partial) * (ask - worth)
            found *= rival.weight / len(scen.offers[i])
            cache[key] = found
        total += found
    return total


def _sale_score(view: PlayerView, scen: Scenarios, plan: Sequence[int], asks: Sequence[int],
                carry: Sequence[float], liquid: Liquidity,
                sold_by: Dict[Tuple[int, int, int], List[int]]) -> float:
    """Average over the scenarios of what the offer brings in less the worth of what it uses
    (and plus what the cash it brings is worth beyond itself)."""
    recipes = view.rules.recipes
    partial = view.rules.partial_sales
    stock = view.own_stock
    prev = [view.prices[g] for g in GOODS]
    sold_lists = []
    for i in range(3):
        key = (i, plan[i], asks[i] if plan[i] else 0)
        found = sold_by.get(key)
        if found is None:
            base = prev[i] + 11 - 2 * plan[i]
            found = [market.units_sold(plan[i], asks[i], max(1, base - 2 * q), partial)
                     if plan[i] else 0 for q in scen.offers[i]]
            sold_by[key] = found
        sold_lists.append(found)
    cache: Dict[Triple, float] = {}
    total = 0.0
    for sold in zip(*sold_lists):
        v = cache.get(sold)
        if v is None:
            used = fill(places(recipes, sold), stock)
            income = sold[0] * asks[0] + sold[1] * asks[1] + sold[2] * asks[2]
            v = (income + liquid(view.own_cash + income)
                 - used[0] * carry[0] - used[1] * carry[1] - used[2] * carry[2])
            cache[sold] = v
        total += v
    return total / len(scen.offers[0])
