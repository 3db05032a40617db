"""The whole order and the whole offer with the best average over the scenarios.

Knows the view, the scenarios (``draws``) and the worth of stock
(``worth``); imports those, the engine's pure modules and the gauntlet's
``base``.

- ``OrderChoice``: a candidate order is three (units, bid) pairs; in each
  scenario it buys what RULES §4.1.4 (and Variation II) gives at that
  scenario's prices, pays for it (under Variation I borrowing the shortfall
  in $100 steps and counting the $25 in every $100 it costs, up to what the
  player is willing to borrow; without loans never ordering more than the
  cash pays for, so RULES §4.1.5 never cancels it), and ends with a stock
  worth ``worth.StockWorth``.  In the last month the raw units left go to
  the Broker at the scenario's own prices, which its units move.  Searched
  from a few starts (nothing, each good's recipes up to the limit, last
  month's order) a grade at a time, units then bids.
- ``OfferChoice``: every plan the stock makes is ranked by the goods'
  ``SaleTable``s; the best few are scored whole in every scenario (partial
  sales, the materials RULES §4.2.7 uses, the rest kept at its worth at the
  scenario's prices) and their asks improved a good at a time, an ask that
  cannot sell among them (its units still move the price).
- A score is the average less ``risk`` times the spread over the scenarios,
  less what an ``against`` function counts for the others (the adaptive
  player's leader).
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .... import market
from ....production import fill, makeable_plans, places
from ....rules import GOODS, MAX_PRICE, RAW
from ....view import PlayerView
from ..base import Entry, purchase_for
from .draws import Scenarios
from .worth import Carry, SaleTable, StockWorth

Triple = Tuple[int, int, int]

#: RULES §5 and §6: $125 repaid for every $100 borrowed.
LOAN_COST = 0.25
#: quantiles of the scenarios' prices tried as bids
QUANTILES = (0.25, 0.5, 0.7, 0.85, 0.93, 1.0)
#: plans scored whole when selling
PLANS_SCORED = 6


def spread_score(total: float, squares: float, n: int, risk: float) -> float:
    """The mean less ``risk`` times the standard deviation, from the sum and sum of squares."""
    mean = total / n
    if not risk:
        return mean
    var = squares / n - mean * mean
    return mean - risk * (var if var > 0 else 0.0) ** 0.5


class Liquidity:
    """Cash up to what next month's order costs is worth ``rate`` more than itself (none
    after the last purchase; under Variation I a loan stands in for it at a price)."""

    def __init__(self, view: PlayerView, rate: float, months_after: int) -> None:
        if view.rules.loans:
            rate = min(rate, LOAN_COST / 2)
        self.rate = rate if months_after > 0 else 0.0
        self.need = view.rules.order_limit * sum(view.prices[k] for k in RAW) / 3.0

    def __call__(self, cash: float) -> float:
        if cash <= 0 or not self.rate:
            return 0.0
        return self.rate * (cash if cash < self.need else self.need)


# --------------------------------------------------------------- buying


class OrderChoice:
    """The whole order with the best score (module docstring)."""

    def __init__(self, view: PlayerView, scen: Scenarios, worth: StockWorth,
                 liquid: Liquidity, *, risk: float, borrow: int, shade: int,
                 last_month: bool, ref: Sequence[float],
                 against: Optional[Callable[[int, int, List[int]], float]] = None) -> None:
        rules = view.rules
        self.view, self.worth, self.liquid = view, worth, liquid
        self.risk, self.borrow, self.shade = risk, borrow, shade
        self.limit, self.grade_limit = rules.order_limit, rules.grade_limit
        self.partial, self.loans = rules.partial_fills, rules.loans
        self.cash = view.own_cash
        self.stock = view.own_stock
        self.prev = [view.prices[k] for k in RAW]
        self.others = scen.raw
        self.n = scen.n
        self.last_month = last_month
        self.ref = list(ref)
        self.against = against
        self._prices: Dict[Tuple[int, int], List[int]] = {}
        self._levels: Dict[Tuple[int, int], List[int]] = {}
        self._fills: Dict[Tuple[int, int, int], List[int]] = {}
        self._against: Dict[Tuple[int, int], float] = {}
        self._zero = [0] * self.n
        self.evaluated = 0

    def prices(self, g: int, units: int) -> List[int]:
        """Per scenario, grade ``g``'s new price when this seat orders ``units`` of it."""
        key = (g, units)
        found = self._prices.get(key)
        if found is None:
            base = self.prev[g] + units - 10
            found = [base + o if base + o > 1 else 1 for o in self.others[g]]
            self._prices[key] = found
        return found

    def levels(self, g: int, units: int) -> List[int]:
        """The bids worth trying: the minimum bid (it buys only if nobody else orders the
        grade, yet its units move the price) and quantiles of the scenarios' prices."""
        key = (g, units)
        found = self._levels.get(key)
        if found is None:
            floor = market.min_bid(self.prev[g], units)
            ps = sorted(self.prices(g, units))
            chosen = {floor}
            for q in QUANTILES:
                chosen.add(ps[min(len(ps) - 1, int(q * len(ps)))])
            chosen.add(ps[-1] + 1)
            if self.partial:
                mid = ps[len(ps) // 2]
                for d in range(1, self.shade + 1):
                    chosen.add(mid - d)
            found = sorted(min(MAX_PRICE, max(floor, b)) for b in chosen)
            found = sorted(set(found))
            self._levels[key] = found
        return found

    def fills(self, g: int, units: int, bid: int) -> List[int]:
        key = (g, units, bid)
        found = self._fills.get(key)
        if found is None:
            partial = self.partial
            found = [market.units_bought(units, bid, p, partial) for p in self.prices(g, units)]
            self._fills[key] = found
        return found

    def counted(self, g: int, units: int) -> float:
        key = (g, units)
        found = self._against.get(key)
        if found is None:
            found = self.against(g, units, self.prices(g, units)) if self.against else 0.0
            self._against[key] = found
        return found

    def allowed(self, units: Sequence[int], bids: Sequence[int]) -> bool:
        most = sum(u * b for u, b in zip(units, bids))
        if self.loans:
            return most <= self.cash + self.borrow
        return most <= self.cash

    def score(self, units: Sequence[int], bids: Sequence[int]) -> float:
        """The candidate's score: per scenario, the worth of the stock it ends with less what
        it pays, any loan's cost and (the last month) the Broker's prices moved; scenarios
        that fill alike are worked out once."""
        self.evaluated += 1
        zero = self._zero
        fx = self.fills(0, units[0], bids[0]) if units[0] else zero
        ff = self.fills(1, units[1], bids[1]) if units[1] else zero
        fs = self.fills(2, units[2], bids[2]) if units[2] else zero
        s0, s1, s2 = self.stock
        b0, b1, b2 = bids
        cash, worth, liquid = self.cash, self.worth, self.liquid
        total = squares = 0.0
        if self.last_month:
            rx, rf, rs = self.ref
            for a, b, c, qx, qf, qs in zip(fx, ff, fs, *(self.prices(g, units[g])
                                                          for g in range(3))):
                value, income, left = worth((s0 + a, s1 + b, s2 + c))
                v = value - self._paid(a * b0 + b * b1 + c * b2, cash) \
                    + left[0] * (qx - rx) + left[1] * (qf - rf) + left[2] * (qs - rs)
                total += v
                squares += v * v
        else:
            for (a, b, c), count in Counter(zip(fx, ff, fs)).items():
                value, income, left = worth((s0 + a, s1 + b, s2 + c))
                cost = a * b0 + b * b1 + c * b2
                v = value - self._paid(cost, cash) + liquid(cash - cost + income)
                total += count * v
                squares += count * v * v
        result = spread_score(total, squares, self.n, self.risk)
        if self.against:
            result -= self.counted(0, units[0]) + self.counted(1, units[1]) \
                + self.counted(2, units[2])
        return result

    @staticmethod
    def _paid(cost: int, cash: int) -> float:
        """What a purchase costs: its price, and under Variation I the Broker's loan of the
        shortfall in steps of $100 at $25 in every $100 (RULES §6)."""
        if cost <= cash:
            return cost
        return cost + LOAN_COST * market.loan_for(cost - cash)

    # the search

    def starts(self) -> List[Tuple[List[int], List[int]]]:
        recipes = self.view.rules.recipes
        found = []
        top = min(self.grade_limit, self.limit)
        for good in GOODS:
            plan = [0, 0, 0]
            best = None
            for t in range(1, self.limit + 1):
                plan[GOODS.index(good)] = t
                units = list(purchase_for(places(recipes, plan), self.stock))
                if sum(units) > self.limit or max(units) > top:
                    break
                best = units
            if best and sum(best):
                found.append(best)
        history = self.view.history
        for report in reversed(history):
            if report.phase == "purchasing":
                last = [line[0] for line in report.record.seats[self.view.seat].entry]
                if sum(last):
                    found.append(last)
                break
        starts = []
        seen = set()
        for units in found:
            key = tuple(units)
            if key in seen:
                continue
            seen.add(key)
            fitted = self.start_bids(units)
            if fitted is not None:
                starts.append(fitted)
        return starts

    def start_bids(self, wanted: Sequence[int]) -> Optional[Tuple[List[int], List[int]]]:
        """Bids near the 70% quantile of the scenarios' prices; units cut, the dearest grade
        first, until the order is allowed."""
        units = list(wanted)
        bids = []
        for g, u in enumerate(units):
            if not u:
                bids.append(0)
                continue
            levels = self.levels(g, u)
            ps = sorted(self.prices(g, u))
            aim = ps[min(len(ps) - 1, int(0.7 * len(ps)))]
            bids.append(min(levels, key=lambda b: abs(b - aim)))
        while not self.allowed(units, bids):
            g = max(range(3), key=lambda i: units[i] * bids[i])
            units[g] -= 1
            if not units[g]:
                bids[g] = 0
            elif bids[g] < market.min_bid(self.prev[g], units[g]):
                bids[g] = market.min_bid(self.prev[g], units[g])
            if not sum(units):
                return None
        return units, bids

    def improve(self, units: List[int], bids: List[int], best: float) -> float:
        """Each grade in turn: every unit count with a few bids, then every bid level."""
        for g in range(3):
            room = min(self.grade_limit, self.limit - sum(units) + units[g])
            for u in range(room + 1):
                trial_units = list(units)
                trial_units[g] = u
                if u:
                    levels = self.levels(g, u)
                    tries = {levels[0], levels[len(levels) // 2], levels[-1],
                             levels[(3 * len(levels)) // 4]}
                else:
                    tries = {0}
                for level in tries:
                    if u == units[g] and level == bids[g]:
                        continue
                    trial = list(bids)
                    trial[g] = level
                    if not self.allowed(trial_units, trial):
                        continue
                    v = self.score(trial_units, trial)
                    if v > best:
                        best = v
                        units[g], bids[g] = u, level
            if units[g]:
                for level in self.levels(g, units[g]):
                    if level == bids[g]:
                        continue
                    trial = list(bids)
                    trial[g] = level
                    if not self.allowed(units, trial):
                        continue
                    v = self.score(units, trial)
                    if v > best:
                        best, bids[g] = v, level
        return best

    def run(self) -> Entry:
        scored = [(self.score((0, 0, 0), (0, 0, 0)), [0, 0, 0], [0, 0, 0])]
        for units, bids in self.starts():
            scored.append((self.score(units, bids), units, bids))
        scored.sort(key=lambda t: -t[0])
        best_value, best_units, best_bids = -1e18, [0, 0, 0], [0, 0, 0]
        for value, units, bids in scored[:2]:
            units, bids = list(units), list(bids)
            for _ in range(2):
                before = value
                value = self.improve(units, bids, value)
                if value <= before + 1e-9:
                    break
            if value > best_value:
                best_value, best_units, best_bids = value, units, bids
        return {k: (best_units[g], best_bids[g]) for g, k in enumerate(RAW) if best_units[g]}


# --------------------------------------------------------------- selling


class OfferChoice:
    """The whole offer with the best score (module docstring)."""

    def __init__(self, view: PlayerView, scen: Scenarios, carry: Carry, liquid: Liquidity, *,
                 risk: float, stretch: int,
                 against: Optional[Callable[[int, int, List[int]], float]] = None) -> None:
        self.view, self.carry, self.liquid = view, carry, liquid
        self.risk, self.stretch = risk, stretch
        self.partial = view.rules.partial_sales
        self.recipes = view.rules.recipes
        self.rows = [self.recipes[g] for g in GOODS]
        self.stock = view.own_stock
        self.cash = view.own_cash
        self.prev = [view.prices[g] for g in GOODS]
        self.others = scen.goods
        self.n = scen.n
        self.against = against
        self._prices: Dict[Tuple[int, int], List[int]] = {}
        self._sold: Dict[Tuple[int, int, int], List[int]] = {}
        self._against: Dict[Tuple[int, int], float] = {}

    def prices(self, i: int, units: int) -> List[int]:
        key = (i, units)
        found = self._prices.get(key)
        if found is None:
            base = self.prev[i] + 11 - 2 * units
            found = [base - 2 * q if base - 2 * q > 1 else 1 for q in self.others[i]]
            self._prices[key] = found
        return found

    def counted(self, i: int, units: int) -> float:
        key = (i, units)
        found = self._against.get(key)
        if found is None:
            found = self.against(i, units, self.prices(i, units)) if self.against else 0.0
            self._against[key] = found
        return found

    def sold(self, i: int, units: int, ask: int) -> List[int]:
        key = (i, units, ask)
        found = self._sold.get(key)
        if found is None:
            partial = self.partial
            found = [market.units_sold(units, ask, p, partial) for p in self.prices(i, units)]
            self._sold[key] = found
        return found

    def asks(self, i: int, units: int) -> List[int]:
        """Asks worth trying: quantiles of the scenarios' prices, a little above them under
        Variation III, and one that cannot sell (its units only move the price)."""
        ps = sorted(set(self.prices(i, units)))
        chosen = set()
        for q in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
            chosen.add(ps[min(len(ps) - 1, int(q * len(ps)))])
        if self.partial:
            for p in list(chosen):
                for d in range(1, self.stretch + 1):
                    chosen.add(p + d)
        chosen.add(self.dead_ask(i, units))
        return sorted(min(MAX_PRICE, max(1, a)) for a in chosen)

    def dead_ask(self, i: int, units: int) -> int:
        """An ask above anything the good can reach with these units offered, even partly
        (Variation III sells one unit fewer per $2 over)."""
        return min(MAX_PRICE, market.highest_useful_ask(self.prev[i], units) + 2 * units + 2)

    def score(self, plan: Sequence[int], asks: Sequence[int]) -> float:
        zero = [0] * self.n
        lists = [self.sold(i, plan[i], asks[i]) if plan[i] else zero for i in range(3)]
        prices = [self.prices(i, plan[i]) for i in range(3)]
        stock = self.stock
        rows = self.rows
        carry, liquid, cash = self.carry, self.liquid, self.cash
        a0, a1, a2 = asks
        kept: Dict[Tuple[int, int, int, int, int, int], float] = {}
        total = squares = 0.0
        for sa, sb, sc, pa, pb, pc in zip(lists[0], lists[1], lists[2], prices[0], prices[1],
                                          prices[2]):
            income = sa * a0 + sb * a1 + sc * a2
            key = (sa, sb, sc, pa, pb, pc)
            worth = kept.get(key)
            if worth is None:
                if sa or sb or sc:
                    need = (rows[0][0] * sa + rows[1][0] * sb + rows[2][0] * sc,
                            rows[0][1] * sa + rows[1][1] * sb + rows[2][1] * sc,
                            rows[0][2] * sa + rows[1][2] * sb + rows[2][2] * sc)
                    used = fill(need, stock)
                    left = (stock[0] - used[0], stock[1] - used[1], stock[2] - used[2])
                else:
                    left = stock
                worth = carry.kept(left, (pa, pb, pc))
                kept[key] = worth
            v = income + worth + liquid(cash + income)
            total += v
            squares += v * v
        result = spread_score(total, squares, self.n, self.risk)
        if self.against:
            result -= self.counted(0, plan[0]) + self.counted(1, plan[1]) \
                + self.counted(2, plan[2])
        return result

    def run(self) -> Entry:
        stock = self.stock
        plans = list(makeable_plans(self.recipes, stock))
        most = [max(p[i] for p in plans) for i in range(3)]
        tables = []
        for i in range(3):
            ps = self.prices(i, 1)
            unsold = self.carry.bundle(i, 1, sum(ps) / len(ps))
            tables.append(SaleTable(self.prev[i], self.others[i], most[i], unsold,
                                    self.partial, self.stretch,
                                    lambda n, i=i: self.counted(i, n)))
        mean_price = [[sum(self.prices(i, n)) / self.n for n in range(most[i] + 1)]
                      for i in range(3)]
        ranked = []
        for plan in plans:
            value = tables[0].value[plan[0]] + tables[1].value[plan[1]] + tables[2].value[plan[2]]
            need = places(self.recipes, plan)
            used = fill(need, stock)
            left = (stock[0] - used[0], stock[1] - used[1], stock[2] - used[2])
            value += self.carry.kept(left, [mean_price[i][plan[i]] for i in range(3)])
            ranked.append((value, plan))
        ranked.sort(key=lambda t: -t[0])
        chosen = [p for _, p in ranked[:PLANS_SCORED]]
        if (0, 0, 0) not in chosen:
            chosen.append((0, 0, 0))
        best = (-1e18, (0, 0, 0), [0, 0, 0])
        for plan in chosen:
            asks = [tables[i].ask[plan[i]] if plan[i] else 0 for i in range(3)]
            value = self.score(plan, asks)
            for i in range(3):
                if not plan[i]:
                    continue
                for ask in self.asks(i, plan[i]):
                    if ask == asks[i]:
                        continue
                    trial = list(asks)
                    trial[i] = ask
                    v = self.score(plan, trial)
                    if v > value:
                        value, asks = v, trial
            if value > best[0]:
                best = (value, plan, asks)
        _, plan, asks = best
        return {good: (plan[i], asks[i]) for i, good in enumerate(GOODS) if plan[i]}
