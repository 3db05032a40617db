"""The whole entry that does best on average over the scenarios (sample average approximation).

What it knows: the view, ``Scenarios`` of the others' totals, what a unit of
stock is worth (``worth``) and the personality's ``Temper``.  Every outcome is
priced with the rules' own market functions, its own units included: a raw
grade's market price in a scenario is ``previous + own units + others'
units - 10`` (never below $1), a good's ``previous + 11 - 2 * (own + others')``.

Selling: for each good and number of units, the ask with the best average
money less the worth of the materials; then the makeable offer of A, B and C
with the best sum.

Purchasing: candidate orders come from production plans (units of A, B and
C to make this month, buying what stock lacks) with or without extra units
kept as stock.  For each, every scenario says which grades are bought at
the chosen bids; the outcome is the money paid, the worth of the units
bought, and what the goods that can then be made will fetch.  RULES §4.1.5
(short of cash: nothing at all is bought) and Variations I-III are applied
inside each scenario.  The bids of the best candidates are then tuned one
grade at a time.

The game is won by the most cash, not by a profit of one's own: a unit
ordered raises its grade's price for every rival who buys it, a good offered
lowers its price for every rival who sells it (RULES §3), and those units
count whether or not they are bought or sold.  So the worth of an entry
adds, for each unit ordered or offered, ``SPITE`` times what it costs the
average rival (the leading rival weighing most, ``Scenarios.rival_raw``):
about a dollar for each unit a rival buys in full, and more under partial
fills (Variation II), where each dollar the price rises above a rival's bid
takes a unit from it.  Each unit's own price effect on this seat is counted
already; a player that counted only its own left the market to rivals that
ordered and offered more, and with partial fills lost most of its games
to them.

It is one search whose parts share one optimiser's memos (markets, bids,
sales, gains, values), so it stays one module though past 600 lines.

Imports the engine's pure modules, ``characters``,
``opponents`` (for ``buy_for``), ``scenarios`` and ``worth``.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

from .. import market
from ..market import loan_for, units_bought
from ..production import can_fill, fill, places
from ..rules import (GOODS, GOOD_INDEXES, GRADE_INDEXES, LOAN_REPAY_PER_STEP, LOAN_STEP, MAX_PRICE,
                     Phase)
from ..view import PlayerView
from . import worth
from .characters import Temper
from .opponents import buy_for
from .scenarios import Scenarios

Triple = Tuple[int, int, int]
#: This many candidate orders, the best if every grade were bought, are evaluated in full.
SCREENED = 24
#: Bids of this many candidate orders are tuned after the first screening.
TUNED = 5
#: In a hurried decision (``hurry``), the orders one step from the plan that ``near`` tunes:
#: the best at their first bids, beside the plan itself.
HURRIED_NEAR = 2
#: Share of the scenarios a first bid is meant to succeed in.
FIRST_FILL = 0.8
#: How much the average rival's loss counts against this seat's own gain (see above).  A lone
#: outsider of the gauntlet's tuning half against three experts, 100 games, no variation and
#: loans: at 1.0 it won up to 27.5%, at 1.6 up to 13.5%, at 3.2 at most 5% (ed/ai/README.md).
SPITE = 3.2
#: ``SPITE`` under partial fills: counted more, the experts order units at bids that fill in
#: part, only to push the price up, and the outsider buys anyway (with loans, a lone
#: adaptive outsider of the tuning half won 3.3% of 60 games at 1.6, 15% at 2.4, 18-27% at
#: 3.2; alone, the ridge outsider's lead grew $50 a game at 3.2).
SPITE_PARTIAL_FILLS = 1.6
#: Dollars a rival loses on each unit of a grade it buys when the price rises $1: about its
#: share bought in full; with partial fills a rival under the market loses a unit instead.
RAW_HURT = {False: 0.8, True: 2.0}
#: Dollars a rival loses on each unit it offers when a good's price falls $2.
GOODS_HURT = 1.7


def _count_bits(mask: int) -> int:
    return bin(mask).count("1")


#: the number of scenarios in a mask (``int.bit_count`` from Python 3.10, the same count)
_popcount = getattr(int, "bit_count", _count_bits)


class Sale:
    """The best way to offer ``units`` of one good: ask, worth, expected units sold and price."""

    __slots__ = ("units", "ask", "value", "sold", "price")

    def __init__(self, units: int, ask: int, value: float, sold: float, price: float) -> None:
        self.units = units
        self.ask = ask
        self.value = value
        self.sold = sold
        self.price = price


class Candidate:
    """An order to evaluate: the goods it is meant to make and the units of each grade."""

    __slots__ = ("goods", "units", "bids", "value", "patterns")

    def __init__(self, goods: Triple, units: Triple) -> None:
        self.goods = goods
        self.units = units
        self.bids: List[int] = [0, 0, 0]
        self.value = float("-inf")
        #: per pattern of grades bought: (pattern, units bought, their worth plus the sale's)
        self.patterns: Optional[List[Tuple[int, Triple, float]]] = None


def optimiser_for(view: PlayerView, scenarios: Scenarios, temper: Temper,
                  carry: Sequence[float] = worth.CARRY) -> "Optimiser":
    """The search for the view's seat, each unit of stock valued as ``worth`` says.

    In the last month a unit left is worth the final raw price (RULES §5):
    each scenario's own when buying, today's when selling.
    """
    prices = [view.prices[k] for k in ("xfine", "fine", "standard")] + [view.prices[g] for g in GOODS]
    buying = view.phase == Phase.PURCHASING
    months_after = view.months_left - 1
    if months_after == 0 and buying:
        values = [sum(max(1, prices[g] + t - 10) for t in scenarios.raw[g]) / scenarios.n
                  for g in GRADE_INDEXES]
    elif months_after == 0:
        values = prices[0:3]
    else:
        recipes = [view.rules.recipes[g] for g in GOODS]
        parts = worth.glut(view.own_stock, view.rules.order_limit)
        values = list(worth.stock_values(prices, recipes, months_after, carry, shift=temper.keep,
                                         parts=parts))
    return Optimiser(view, scenarios, values, temper, final=months_after == 0 and buying)


class Optimiser:
    """One decision's search.  ``values`` is what a unit of each grade is worth kept in stock.

    ``final`` (the last month only, purchasing) asks for every scenario's
    own final raw price to value the stock, instead of ``values``.
    """

    def __init__(self, view: PlayerView, scenarios: Scenarios, values: Sequence[float],
                 temper: Temper, *, final: bool = False) -> None:
        self.view = view
        self.rules = view.rules
        self.recipes = view.rules.recipes
        self.recipe_rows = [self.recipes[g] for g in GOODS]
        self.sc = scenarios
        self.n = scenarios.n
        self.values = list(values)
        self.temper = temper
        self.final = final
        prices = view.prices
        self.raw_prev = [prices["xfine"], prices["fine"], prices["standard"]]
        self.goods_prev = [prices[g] for g in GOODS]
        self.stock = view.own_stock
        self.cash = view.own_cash
        self.full = (1 << self.n) - 1
        self.material = []
        for h, good in enumerate(GOODS):
            r = self.recipe_rows[h]
            worth = r[0] * self.values[0] + r[1] * self.values[1] + r[2] * self.values[2]
            if temper.favourite == good:
                worth -= temper.favour
            self.material.append(worth - temper.bulk)
        # what a unit this seat orders or offers costs its rivals, counted at ``SPITE`` of the
        # average rival's loss: a raw unit raises the grade's price $1 for every unit they buy,
        # a good offered lowers the good's price $2 for every unit they sell
        rivals = max(1, scenarios.rivals)
        counted = SPITE_PARTIAL_FILLS if self.rules.partial_fills else SPITE
        spite = counted * temper.spite if scenarios.rivals else 0.0
        hurt = RAW_HURT[bool(self.rules.partial_fills)]
        raw = list(scenarios.rival_raw) or [0.0] * 3
        #: per raw unit ordered: what it costs the rivals, counted, and the personality's liking
        self.raw_spite = [spite * hurt * t / rivals + temper.order_bonus for t in raw]
        self.goods_spite = [spite * GOODS_HURT * t / rivals for t in scenarios.rival_goods] \
            or [0.0] * 3
        #: how many candidate orders are evaluated in full, and how many of them tuned
        self.screened = SCREENED
        self.tuned = TUNED
        #: orders one step from the plan that ``near`` tunes (``None``: all of them)
        self.nearest: Optional[int] = None
        self._sales: Dict[Tuple[int, int], Sale] = {}
        self._markets: Dict[Tuple[int, int], List[int]] = {}
        self._bid_masks: Dict[Tuple[int, int], List[Tuple[int, int]]] = {}
        self._mask_at: Dict[Tuple[int, int, int], int] = {}
        self._first: Dict[Tuple[int, int], int] = {}
        self._gains: Dict[Tuple[Triple, Triple], float] = {}
        self._bought: Dict[Tuple[int, int, int], List[int]] = {}
        self._values: Dict[tuple, float] = {}
        self._extras: Dict[Tuple[Triple, int], Triple] = {}
        self._likely: Dict[Tuple[int, int], int] = {}

    # ------------------------------------------------------------ selling

    def goods_markets(self, h: int, units: int) -> List[int]:
        prev = self.goods_prev[h]
        others = self.sc.goods[h]
        base = prev + 11 - 2 * units
        return [max(1, base - 2 * t) for t in others]

    def sale(self, h: int, units: int) -> Sale:
        """The ask for ``units`` of good ``h`` with the best average worth over the scenarios."""
        key = (h, units)
        found = self._sales.get(key)
        if found is not None:
            return found
        markets = sorted(self.goods_markets(h, units))
        n = self.n
        price = sum(markets) / n
        if units == 0:
            result = Sale(0, 0, 0.0, 0.0, price)
            self._sales[key] = result
            return result
        cost = self.material[h]
        partial = self.rules.partial_sales
        candidates = set(markets)
        if partial:
            candidates |= {m + d for m in markets for d in (1, 2)}
        sold_at = _Sold(markets, units, partial)
        best_value, best_ask = float("-inf"), markets[0]
        for ask in sorted(candidates):
            value = sold_at(ask) * (ask - cost) / n
            if value > best_value + 1e-9:
                best_value, best_ask = value, ask
        ask = min(MAX_PRICE, max(1, best_ask + self.temper.ask_shift))
        sold_units = sold_at(ask)
        value = sold_units * (ask - cost) / n + units * self.goods_spite[h]
        sold = sold_units / n
        result = Sale(units, ask, value, sold, price)
        self._sales[key] = result
        return result

    def asks(self, h: int, units: int) -> List[Tuple[int, float]]:
        """The asks worth considering for ``units`` of good ``h`` with the worth of each, the
        personality's shift added (the chosen ``sale`` ask among them)."""
        markets = sorted(self.goods_markets(h, units))
        cost = self.material[h]
        partial = self.rules.partial_sales
        candidates = set(markets)
        if partial:
            candidates |= {m + d for m in markets for d in (1, 2)}
        sold_at = _Sold(markets, units, partial)
        out = []
        for ask in sorted(candidates):
            shifted = min(MAX_PRICE, max(1, ask + self.temper.ask_shift))
            out.append((shifted, sold_at(shifted) * (shifted - cost) / self.n))
        return out

    def bids_near(self, cand: Candidate, g: int, reach: int = 2) -> List[Tuple[int, float]]:
        """The candidate's value with grade ``g``'s bid moved up to ``reach`` levels either way
        from its tuned bid (the others as tuned), lowest bid first."""
        units = cand.units
        levels = [level for level, _ in self.bid_choices(g, units[g])]
        floor = self.min_bid(g, units[g])
        bid = cand.bids[g]
        if bid not in levels:
            levels = sorted(set(levels) | {bid})
        i = levels.index(bid)
        out = []
        for level in levels[max(0, i - reach):i + reach + 1]:
            if level < floor:
                continue
            trial = list(cand.bids)
            trial[g] = level
            out.append((level, cand.value if level == bid else self.value(cand, trial)))
        return out

    def substitution(self, goods: Sequence[int], stock: Sequence[int]) -> float:
        """The worth lost when better grades stand in for lesser ones to make ``goods``."""
        need = places(self.recipes, goods)
        used = fill(need, stock)
        v = self.values
        return ((used[0] - need[0]) * v[0] + (used[1] - need[1]) * v[1] + (used[2] - need[2]) * v[2])

    def offer_gain(self, goods: Sequence[int], stock: Sequence[int]) -> float:
        """What offering ``goods`` (makeable from ``stock``) is worth over keeping the materials."""
        gain = 0.0
        for h in GOOD_INDEXES:
            if goods[h]:
                gain += self.sale(h, goods[h]).value
        return gain - self.substitution(goods, stock)

    def best_offer(self, stock: Sequence[int], cap: int = 10) -> Tuple[Triple, float]:
        """The makeable offer of A, B and C worth most, and its worth (0 for no offer)."""
        ranked = self.ranked_offers(stock, cap, 1)
        return ranked[0] if ranked else ((0, 0, 0), 0.0)

    def ranked_offers(self, stock: Sequence[int], cap: int = 10,
                      keep: int = 6) -> List[Tuple[Triple, float]]:
        """The ``keep`` makeable offers worth most (and worth more than no offer), best first.

        An offer worth as much as a better-placed one comes after it: of two
        offers of equal worth the one found first (fewer A, then fewer B) wins.
        """
        recipes = self.recipes
        found: List[Tuple[float, int, Triple]] = []
        top = min(cap, (stock[0] + stock[1] + stock[2]) // 3)
        order = 0
        for a in range(top + 1):
            if not can_fill(places(recipes, (a, 0, 0)), stock):
                break
            for b in range(top + 1 - a):
                if not can_fill(places(recipes, (a, b, 0)), stock):
                    break
                for c in range(top + 1 - a - b):
                    goods = (a, b, c)
                    if not can_fill(places(recipes, goods), stock):
                        break
                    if not (a or b or c):
                        continue
                    v = self.offer_gain(goods, stock)
                    if v > 1e-9:
                        found.append((v, order, goods))
                        order += 1
        # the best first; among equal worths (within a cent's rounding) the first found
        found.sort(key=lambda item: (-round(item[0], 6), item[1]))
        return [(goods, v) for v, _, goods in found[:keep]]

    # ------------------------------------------------------------ purchasing

    def raw_markets(self, g: int, units: int) -> List[int]:
        """The grade's market price in every scenario when this seat orders ``units``."""
        key = (g, units)
        found = self._markets.get(key)
        if found is None:
            base = self.raw_prev[g] + units - 10
            found = [max(1, base + t) for t in self.sc.raw[g]]
            self._markets[key] = found
        return found

    def min_bid(self, g: int, units: int) -> int:
        """RULES §4.1.2: the lowest bid allowed for ``units`` of grade ``g``."""
        return market.min_bid(self.raw_prev[g], units)

    def bid_choices(self, g: int, units: int) -> List[Tuple[int, int]]:
        """Candidate bids for ``units`` of grade ``g``, lowest first, each with its mask of scenarios filled."""
        key = (g, units)
        found = self._bid_masks.get(key)
        if found is not None:
            return found
        markets = self.raw_markets(g, units)
        floor = self.min_bid(g, units)
        levels = sorted({m if m > floor else floor for m in markets})
        choices = []
        for bid in levels:
            mask = 0
            for s, m in enumerate(markets):
                if m <= bid:
                    mask |= 1 << s
            choices.append((min(bid, MAX_PRICE), mask))
        self._bid_masks[key] = choices
        return choices

    def mask(self, g: int, units: int, bid: int) -> int:
        """The scenarios in which a bid of ``bid`` for ``units`` of grade ``g`` is filled."""
        key = (g, units, bid)
        found = self._mask_at.get(key)
        if found is None:
            found = 0
            for level, m in self.bid_choices(g, units):
                if level > bid:
                    break
                found = m
            self._mask_at[key] = found
        return found

    def first_bid(self, g: int, units: int) -> int:
        """The bid meant to succeed in a set share of the scenarios (the personality shifts the share)."""
        key = (g, units)
        found = self._first.get(key)
        if found is not None:
            return found
        choices = self.bid_choices(g, units)
        share = min(0.97, max(0.3, FIRST_FILL + self.temper.fill))
        need = share * self.n
        found = choices[-1][0]
        for level, mask in choices:
            if _popcount(mask) >= need:
                found = level
                break
        self._first[key] = found
        return found

    def reduced(self, goods: Triple, stock: Triple) -> Triple:
        """The plan cut down, one unit at a time (the least worth lost first), to what ``stock`` makes."""
        (ax, af, as_), (bx, bf, bs), (cx, cf, cs) = self.recipe_rows
        sx, sf, ss = stock
        sale = self.sale
        a, b, c = goods
        # RULES §1 substitution, as production.can_fill counts it for the places the plan needs
        while a or b or c:
            nx = ax * a + bx * b + cx * c
            nf = af * a + bf * b + cf * c
            ns = as_ * a + bs * b + cs * c
            if nx <= sx and nx + nf <= sx + sf and ns <= sf + ss and nx + nf + ns <= sx + sf + ss:
                break
            va, vb, vc = sale(0, a).value, sale(1, b).value, sale(2, c).value
            best_h, best_worth = -1, 0.0
            # the worth of the plan with one unit fewer of each good in turn, summed in order
            if a:
                best_h, best_worth = 0, sale(0, a - 1).value + vb + vc
            if b:
                worth = va + sale(1, b - 1).value + vc
                if best_h < 0 or worth > best_worth:
                    best_h, best_worth = 1, worth
            if c:
                worth = va + vb + sale(2, c - 1).value
                if best_h < 0 or worth > best_worth:
                    best_h = 2
            if best_h == 0:
                a -= 1
            elif best_h == 1:
                b -= 1
            else:
                c -= 1
        return (a, b, c)

    def gain(self, goods: Triple, bought: Triple) -> float:
        """The worth of what is then offered, once ``bought`` units are added to stock."""
        key = (goods, bought)
        found = self._gains.get(key)
        if found is None:
            s = self.stock
            stock = (s[0] + bought[0], s[1] + bought[1], s[2] + bought[2])
            plan = self.reduced(goods, stock)
            found = self.offer_gain(plan, stock) if any(plan) else 0.0
            self._gains[key] = found
        return found

    def _loan_cost(self, cost: int) -> Optional[float]:
        """What paying ``cost`` costs beyond itself: 0, the Broker's interest, or ``None`` (cancelled)."""
        if cost <= self.cash:
            return 0.0
        if not self.rules.loans:
            return None
        loan = loan_for(cost - self.cash, LOAN_STEP)
        return loan * (LOAN_REPAY_PER_STEP - LOAN_STEP) / LOAN_STEP

    def value(self, cand: Candidate, bids: Sequence[int]) -> float:
        """The candidate's average outcome over the scenarios at these bids, with what its
        units cost the rivals (``SPITE``)."""
        u = cand.units
        key = (u, cand.goods, bids[0], bids[1], bids[2])
        found = self._values.get(key)
        if found is None:
            spite = self.raw_spite
            hurt = u[0] * spite[0] + u[1] * spite[1] + u[2] * spite[2]
            if self.rules.partial_fills or self.final:
                found = self._value_each(cand, bids) + hurt
            else:
                found = self._value_patterns(cand, bids) + hurt
            self._values[key] = found
        return found

    def _patterns(self, cand: Candidate) -> List[Tuple[int, Triple, float]]:
        """Each pattern of the candidate's grades bought, with what it brings whatever the bids."""
        if cand.patterns is None:
            units = cand.units
            active = [g for g in GRADE_INDEXES if units[g]]
            v = self.values
            out = []
            for pattern in range(1 << len(active)):
                bought = [0, 0, 0]
                for i, g in enumerate(active):
                    if pattern >> i & 1:
                        bought[g] = units[g]
                got = (bought[0], bought[1], bought[2])
                worth = got[0] * v[0] + got[1] * v[1] + got[2] * v[2] + self.gain(cand.goods, got)
                out.append((pattern, got, worth))
            cand.patterns = out
        return cand.patterns

    def _value_patterns(self, cand: Candidate, bids: Sequence[int]) -> float:
        """Fast path: without partial fills a grade is bought in full or not at all, so the
        scenarios fall into at most eight patterns of grades bought, counted with bit masks."""
        units = cand.units
        active = [g for g in GRADE_INDEXES if units[g]]
        masks = [self.mask(g, units[g], bids[g]) for g in active]
        full = self.full
        total = 0.0
        nothing = None
        for pattern, got, value in self._patterns(cand):
            mask = full
            for i, m in enumerate(masks):
                mask = mask & m if pattern >> i & 1 else mask & ~m
            count = _popcount(mask)
            if not count:
                continue
            cost = got[0] * bids[0] + got[1] * bids[1] + got[2] * bids[2]
            extra = self._loan_cost(cost)
            if extra is None:  # RULES §4.1.5: short of cash, nothing at all is bought
                if nothing is None:
                    nothing = self.gain(cand.goods, (0, 0, 0))
                total += count * nothing
            else:
                total += count * (value - cost - extra)
        return total / self.n

    def bought(self, g: int, units: int, bid: int) -> List[int]:
        """Units of grade ``g`` bought in each scenario at this bid (RULES §4.1.4, Variation II)."""
        key = (g, units, bid)
        found = self._bought.get(key)
        if found is None:
            partial = self.rules.partial_fills
            if units:
                found = [units_bought(units, bid, m, partial) for m in self.raw_markets(g, units)]
            else:
                found = [0] * self.n
            self._bought[key] = found
        return found

    def final_prices(self, g: int, units: int) -> List[int]:
        """Each scenario's final raw price of grade ``g`` (the last month) when ordering ``units``."""
        return self.raw_markets(g, units)

    def _value_each(self, cand: Candidate, bids: Sequence[int]) -> float:
        """General path, one scenario at a time: partial fills, and the last month, where
        every unit left is worth that scenario's own final raw price."""
        units = cand.units
        goods = cand.goods
        bx, bf, bs = bids
        bought = self.bought
        qx, qf, qs = bought(0, units[0], bx), bought(1, units[1], bf), bought(2, units[2], bs)
        gain = self.gain
        loan_cost = self._loan_cost
        total = 0.0
        if self.final:
            stock = self.stock
            px, pf, ps = (self.final_prices(g, units[g]) for g in GRADE_INDEXES)
            for s in range(self.n):
                got = (qx[s], qf[s], qs[s])
                cost = got[0] * bx + got[1] * bf + got[2] * bs
                extra = loan_cost(cost)
                if extra is None:
                    got, cost, extra = (0, 0, 0), 0, 0.0
                # the Broker pays this scenario's own final price for every unit kept (RULES §5)
                total += (gain(goods, got) - cost - extra + (stock[0] + got[0]) * px[s]
                          + (stock[1] + got[1]) * pf[s] + (stock[2] + got[2]) * ps[s])
            return total / self.n
        vx, vf, vs = self.values
        cash = self.cash
        gains = self._gains
        # scenarios that buy the same units come out alike: each such pattern is priced once
        # (counted in order of first appearance, so the sum is taken in the same order)
        for got, count in Counter(zip(qx, qf, qs)).items():
            cost = got[0] * bx + got[1] * bf + got[2] * bs
            extra = 0.0 if cost <= cash else loan_cost(cost)
            if extra is None:
                total += count * gain(goods, (0, 0, 0))
            else:
                worth = gains.get((goods, got))
                if worth is None:
                    worth = gain(goods, got)
                total += count * (worth - cost - extra + got[0] * vx + got[1] * vf + got[2] * vs)
        return total / self.n

    def tune(self, cand: Candidate) -> None:
        """Local search over each grade's candidate bids in turn, from the first bids.

        A grade's bid moves one level up or down while that improves the
        average outcome (looking one level further across a flat stretch);
        the grades take turns until none moves.
        """
        units = cand.units
        bids = [self.first_bid(g, units[g]) if units[g] else 0 for g in GRADE_INDEXES]
        best = self.value(cand, bids)
        for _ in range(3):
            moved = False
            for g in GRADE_INDEXES:
                if not units[g]:
                    continue
                levels = [level for level, _ in self.bid_choices(g, units[g])]
                i = levels.index(bids[g]) if bids[g] in levels else 0
                for step in (1, -1):
                    while True:
                        found = None
                        for j in (i + step, i + 2 * step):
                            if not 0 <= j < len(levels):
                                break
                            trial = list(bids)
                            trial[g] = levels[j]
                            v = self.value(cand, trial)
                            if v > best + 1e-9:
                                found = (j, v, trial)
                                break
                        if found is None:
                            break
                        i, best, bids = found
                        moved = True
            if not moved:
                break
        shift = self.temper.bid_shift
        if shift:
            bids = [max(self.min_bid(g, units[g]), min(MAX_PRICE, bids[g] + shift)) if units[g] else 0
                    for g in GRADE_INDEXES]
            best = self.value(cand, bids)
        cand.bids = bids
        cand.value = best

    def candidates(self, limit: int, room: int) -> List[Candidate]:
        """Orders worth evaluating: each production plan's purchases, alone and with extra stock."""
        rules = self.rules
        grade_limit = rules.grade_limit
        stock = self.stock
        most = (stock[0] + stock[1] + stock[2] + limit) // 3
        cap = min(8, most)
        seen = set()
        out: List[Candidate] = []
        for a in range(cap + 1):
            for b in range(cap + 1 - a):
                for c in range(cap + 1 - a - b):
                    goods = (a, b, c)
                    buy = buy_for(places(self.recipes, goods), stock)
                    if sum(buy) > limit or max(buy) > grade_limit:
                        continue
                    for units in (buy, self._with_extras(buy, limit)):
                        if (units, goods) in seen:
                            continue
                        seen.add((units, goods))
                        if not rules.loans and self._full_cost(units) > room:
                            continue
                        out.append(Candidate(goods, units))
        return out

    def _full_cost(self, units: Triple) -> int:
        return sum(units[g] * self.first_bid(g, units[g]) for g in GRADE_INDEXES if units[g])

    def _with_extras(self, buy: Triple, limit: int) -> Triple:
        """``buy`` plus the extra units worth keeping as stock, the best-value grade first.

        An extra unit of a grade is worth its value in stock less what it
        would cost: the expected market price for one more unit, plus the
        dollar it adds to the price of every unit of that grade already
        ordered.
        """
        key = (buy, limit)
        found = self._extras.get(key)
        if found is not None:
            return found
        units = list(buy)
        grade_limit = self.rules.grade_limit
        spare = limit - sum(units)
        while spare > 0:
            best, best_gain = -1, 0.0
            for g in GRADE_INDEXES:
                if units[g] >= grade_limit:
                    continue
                gain = self.values[g] + self.raw_spite[g] - self._likely_price(g, units[g] + 1) \
                    - units[g]
                if gain > best_gain:
                    best, best_gain = g, gain
            if best < 0:
                break
            units[best] += 1
            spare -= 1
        found = self._extras[key] = (units[0], units[1], units[2])
        return found

    def _likely_price(self, g: int, units: int) -> int:
        """Grade ``g``'s market price met in ``FIRST_FILL`` of the scenarios when ordering ``units``."""
        key = (g, units)
        found = self._likely.get(key)
        if found is None:
            markets = self.raw_markets(g, units)
            found = self._likely[key] = sorted(markets)[int(FIRST_FILL * (len(markets) - 1))]
        return found

    def best_order(self, limit: int, room: int) -> Optional[Candidate]:
        """The candidate order with the best average outcome, its bids tuned; ``None`` if none fits."""
        ranked = self.ranked_orders(limit, room)
        return ranked[0] if ranked else None

    def ranked_orders(self, limit: int, room: int,
                      extra: Sequence[Candidate] = ()) -> List[Candidate]:
        """The best candidate orders, their bids tuned, best first (empty if none fits).

        ``extra`` candidates (the plan's, say) are tuned and ranked with them.
        """
        cands = self.candidates(limit, room)
        if not cands and not extra:
            return []
        v = self.values
        for cand in cands:
            units = cand.units
            cost = sum(units[g] * self.first_bid(g, units[g]) for g in GRADE_INDEXES if units[g])
            spite = self.raw_spite
            cand.value = (units[0] * (v[0] + spite[0]) + units[1] * (v[1] + spite[1])
                          + units[2] * (v[2] + spite[2]) - cost + self.gain(cand.goods, units))
        cands.sort(key=lambda c: c.value, reverse=True)
        cands = cands[:self.screened]
        for cand in cands:
            units = cand.units
            cand.bids = [self.first_bid(g, units[g]) if units[g] else 0 for g in GRADE_INDEXES]
            cand.value = self.value(cand, cand.bids)
        cands.sort(key=lambda c: c.value, reverse=True)
        tuned = cands[:max(1, self.tuned)]
        for cand in tuned:
            self.tune(cand)
        seen = {(c.units, c.goods) for c in tuned}
        for cand in extra:
            if (cand.units, cand.goods) in seen or not any(cand.units):
                continue
            seen.add((cand.units, cand.goods))
            self.tune(cand)
            tuned.append(cand)
        # stable: of equal values the one ranked first by the screening stays first
        tuned.sort(key=lambda c: c.value, reverse=True)
        return tuned

    def near(self, plan: Candidate, limit: int, room: int) -> List[Candidate]:
        """``plan`` and the orders one step from it, their bids tuned, best first.

        A step is one unit more or fewer of one grade, one unit moved from
        one grade to another, or one good more or fewer to make (buying what
        stock then lacks).  Every order is within the limits (and, without
        loans, within ``room`` at its first bids).  Hurried (``hurry``), only
        the plan and the ``HURRIED_NEAR`` steps best at their first bids are
        tuned, and only they are returned.
        """
        grade_limit = self.rules.grade_limit
        stock = self.stock
        seen = set()
        out: List[Candidate] = []

        def add(goods: Triple, units: Triple) -> None:
            if (units, goods) in seen or min(units) < 0 or min(goods) < 0:
                return
            seen.add((units, goods))
            if sum(units) > limit or max(units) > grade_limit:
                return
            if not self.rules.loans and self._full_cost(units) > room and out:
                return
            out.append(Candidate(goods, units))

        add(plan.goods, plan.units)
        u = plan.units
        for g in GRADE_INDEXES:
            for d in (1, -1):
                step = list(u)
                step[g] += d
                add(plan.goods, (step[0], step[1], step[2]))
            for h in GRADE_INDEXES:
                if h != g and u[g]:
                    step = list(u)
                    step[g] -= 1
                    step[h] += 1
                    add(plan.goods, (step[0], step[1], step[2]))
        for h in GOOD_INDEXES:
            for d in (1, -1):
                goods = list(plan.goods)
                goods[h] += d
                if goods[h] < 0:
                    continue
                made = (goods[0], goods[1], goods[2])
                add(made, buy_for(places(self.recipes, made), stock))
        if self.nearest is not None and len(out) > 1 + self.nearest:
            for cand in out[1:]:
                units = cand.units
                cand.value = self.value(cand, [self.first_bid(g, units[g]) if units[g] else 0
                                               for g in GRADE_INDEXES])
            steps = sorted(out[1:], key=lambda c: c.value, reverse=True)
            out = [out[0], *steps[:self.nearest]]
        for cand in out:
            self.tune(cand)
        out.sort(key=lambda c: c.value, reverse=True)
        return out

    def near_offers(self, plan: Triple, stock: Sequence[int]) -> List[Tuple[Triple, float]]:
        """``plan`` and the makeable offers one good more or fewer, or one moved, with their worths."""
        recipes = self.recipes
        seen = set()
        out: List[Tuple[Triple, float]] = []
        steps = [(0, 0, 0)]
        for h in GOOD_INDEXES:
            for d in (1, -1):
                step = [0, 0, 0]
                step[h] = d
                steps.append((step[0], step[1], step[2]))
                for k in GOOD_INDEXES:
                    if k != h and d == 1:
                        moved = [0, 0, 0]
                        moved[h] = 1
                        moved[k] = -1
                        steps.append((moved[0], moved[1], moved[2]))
        for step in steps:
            goods = (plan[0] + step[0], plan[1] + step[1], plan[2] + step[2])
            if goods in seen or min(goods) < 0:
                continue
            seen.add(goods)
            if not can_fill(places(recipes, goods), stock):
                continue
            out.append((goods, self.offer_gain(goods, stock) if any(goods) else 0.0))
        out.sort(key=lambda item: item[1], reverse=True)
        return out

    def hurry(self) -> None:
        """Search less: for a decision already late (the forecast took long on a slow machine)."""
        self.screened = 8
        self.tuned = 1
        self.nearest = HURRIED_NEAR



class _Sold:
    """The units an offer of ``units`` sells at an ask, added up over the scenarios' sorted
    ``markets`` (``market.units_sold`` in each), counted for any ask in a few steps.

    A market at or above the ask sells every unit. Under Variation III a
    market less than ``2 * units`` below it sells ``units - (ask - m + 1) // 2``
    (never below none there), so their sum comes from how many such markets
    there are, their sum and how many are odd: running totals made once for
    every ask of a sale.
    """

    __slots__ = ("markets", "units", "partial", "sums", "odds")

    def __init__(self, markets: List[int], units: int, partial: bool) -> None:
        self.markets = markets
        self.units = units
        self.partial = partial
        sums, odds = [0], [0]
        if partial:
            total = odd = 0
            for m in markets:
                total += m
                odd += m & 1
                sums.append(total)
                odds.append(odd)
        self.sums, self.odds = sums, odds

    def __call__(self, ask: int) -> int:
        markets, units = self.markets, self.units
        reach = bisect_left(markets, ask)
        sold = units * (len(markets) - reach)
        if self.partial:
            near = bisect_right(markets, ask - 2 * units)
            k = reach - near
            if k > 0:
                # each such market sells units - (ask + 1 - m) // 2; (ask + 1 - m) is odd
                # where m's parity differs from ask + 1's
                odd_m = self.odds[reach] - self.odds[near]
                odd_terms = k - odd_m if (ask + 1) & 1 else odd_m
                halves = k * (ask + 1) - (self.sums[reach] - self.sums[near]) - odd_terms
                sold += k * units - halves // 2
        return sold
