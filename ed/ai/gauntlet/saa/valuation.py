"""What stock and cash are worth to the bidder: a good's best sale, a stock, ready cash.

Knows the rules' market and production only; imports the engine's pure
modules.

- ``SaleTable``: one good's best ask for each count offered, over the scenarios.
- ``StockValue``: a raw unit left after this month's sale is worth, in the
  last month, the final raw price it goes to the Broker at (RULES §5);
  before, the price it is expected to cost next month plus a share of the
  best margin it can still earn.  Entering a sale, a stock is worth that
  plus the best expected gain of the goods it makes.
- ``Liquidity``: cash up to what next month's order costs is worth a little
  more than itself: stock that cannot be sold is no use for buying.
"""
from __future__ import annotations

from typing import Dict, Sequence, Tuple

from .... import market
from ....production import places, room_beside
from ....rules import GOODS
from ....view import PlayerView
from .models import Triple


#: RULES §5 and §6: $125 repaid for every $100 borrowed.
LOAN_COST = 0.25


class SaleTable:
    """One good's sale, per count ``n`` offered: the best ask over the scenarios.

    ``gain[n]`` is the average over the scenarios of units sold times (ask
    less ``worth``, what the materials of one unit are worth unsold);
    ``ask[n]`` the ask that gets it, ``sold[n]`` the units it sells on
    average.  RULES §4.2.5 and Variation III.  ``top`` is the count with the
    best gain (more never pays: each unit offered lowers the price by $2).
    """

    def __init__(self, prev: int, others: Sequence[int], most: int, worth: float,
                 partial: bool) -> None:
        counts: Dict[int, int] = {}
        for q in others:
            counts[q] = counts.get(q, 0) + 1
        levels = sorted(counts.items())
        n_draws = float(len(others))
        self.gain, self.ask, self.sold, self.revenue = [0.0], [0], [0.0], [0.0]
        self.top = 0
        worse = 0
        for n in range(1, most + 1):
            asks = set()
            for q, _ in levels:
                top = prev + 11 - 2 * (q + n)
                top = top if top > 1 else 1
                asks.add(top)
                if partial:
                    asks.add(top + 1)
            best = (-1e18, 1, 0.0)
            for ask in asks:
                sold = 0
                for q, c in levels:
                    price = prev + 11 - 2 * (q + n)
                    sold += c * market.units_sold(n, ask, price if price > 1 else 1, partial)
                sold /= n_draws
                gain = sold * (ask - worth)
                if gain > best[0]:
                    best = (gain, ask, sold)
            self.gain.append(best[0])
            self.ask.append(best[1])
            self.sold.append(best[2])
            self.revenue.append(best[2] * best[1])
            if best[0] > self.gain[self.top]:
                self.top = n
            worse = worse + 1 if best[0] <= self.gain[n - 1] else 0
            if worse >= 2:
                break


class StockValue:
    """What a stock is worth entering a selling phase: its raw worth plus the best sale's gain.

    ``carry`` is the worth of a raw unit left after the sale; a plan of goods
    gains its tables' gains, less the worth of dearer units standing in for
    cheaper ones (RULES §1 substitution, §4.2.7) as far as the goods sell.
    ``plans`` lists every plan worth offering with at most ``most`` goods,
    best first.  ``best`` tries every count of A and B the stock makes, with
    the best count of C that still fits; the result is kept per stock.
    """

    def __init__(self, recipes, tables: Sequence[SaleTable], carry: Sequence[float],
                 most: int) -> None:
        self.recipes, self.tables, self.carry = recipes, tables, list(carry)
        self.rows = [recipes[g] for g in GOODS]
        ta, tb, tc = tables
        plans = []
        for a in range(min(ta.top, most) + 1):
            for b in range(min(tb.top, most - a) + 1):
                for c in range(min(tc.top, most - a - b) + 1):
                    gain = ta.gain[a] + tb.gain[b] + tc.gain[c]
                    if gain > 0:
                        plans.append((gain, (a, b, c)))
        plans.sort(key=lambda p: -p[0])
        self.plans = plans
        # the best count of C up to each count, and the best any count of B or C can add
        self.best_c = []
        top = 0
        for c in range(tc.top + 1):
            if tc.gain[c] > tc.gain[top]:
                top = c
            self.best_c.append(top)
        self.max_b = max(tb.gain[:tb.top + 1])
        self.max_c = max(tc.gain[:tc.top + 1])
        self._cache: Dict[Triple, Tuple[float, Triple]] = {}

    def best(self, stock: Triple) -> Tuple[float, Triple]:
        """The best plan's gain over the raw worth of ``stock``, and the plan."""
        found = self._cache.get(stock)
        if found is not None:
            return found
        ta, tb, tc = self.tables
        (ax, af, as_), (bx, bf, bs), (cx_, cf_, cs_) = self.rows
        x, f, s = stock
        best = (0.0, (0, 0, 0))
        for a in range(ta.top + 1):
            if ta.gain[a] + self.max_b + self.max_c <= best[0]:
                continue
            nx, nf, ns = a * ax, a * af, a * as_
            if room_beside((0, 0, 0), (nx, nf, ns), stock) < 0:
                break
            for b in range(tb.top + 1):
                if ta.gain[a] + tb.gain[b] + self.max_c <= best[0]:
                    continue
                need = (nx + b * bx, nf + b * bf, ns + b * bs)
                room = room_beside((cx_, cf_, cs_), need, stock)
                if room < 0:
                    break
                c = self.best_c[min(room, tc.top)]
                gain = ta.gain[a] + tb.gain[b] + tc.gain[c]
                if gain <= best[0] or (a, b, c) == (0, 0, 0):
                    continue
                gain -= self._lost(need[0] + c * cx_, need[1] + c * cf_, need[2] + c * cs_,
                                   stock, a, b, c)
                if gain > best[0]:
                    best = (gain, (a, b, c))
        self._cache[stock] = best
        return best

    def penalty(self, plan: Sequence[int], stock: Sequence[int]) -> float:
        """The worth lost to dearer units standing in for cheaper ones, as far as the goods sell."""
        nx, nf, ns = places(self.recipes, plan)
        return self._lost(nx, nf, ns, stock, plan[0], plan[1], plan[2])

    def _lost(self, nx: int, nf: int, ns: int, stock: Sequence[int], a: int, b: int,
              c: int) -> float:
        """``penalty`` for the places (nx, nf, ns) of (a, b, c) goods; the materials used are
        ``production.fill``'s (RULES §4.2.7): Standard places take Standard first, Fine places
        the Fine left."""
        _, f, s = stock
        f_for_s = ns - s if ns > s else 0
        left = f - f_for_s
        x_for_f = nf - left if nf > left else 0
        if not x_for_f and not f_for_s:
            return 0.0
        ta, tb, tc = self.tables
        share = (ta.sold[a] + tb.sold[b] + tc.sold[c]) / (a + b + c)
        cx, cf, cs = self.carry
        return share * (x_for_f * (cx - cf) + f_for_s * (cf - cs))

    def revenue(self, stock: Triple) -> float:
        """What the best plan for ``stock`` is expected to bring in."""
        plan = self.best(stock)[1]
        ta, tb, tc = self.tables
        return ta.revenue[plan[0]] + tb.revenue[plan[1]] + tc.revenue[plan[2]]

    def __call__(self, stock: Triple) -> float:
        cx, cf, cs = self.carry
        return stock[0] * cx + stock[1] * cf + stock[2] * cs + self.best(stock)[0]


class Liquidity:
    """What cash on hand is worth beyond itself: the means to buy next month.

    Each dollar up to ``need`` (what next month's order limit costs at about
    today's prices) is worth ``rate`` more; none after the last purchase.
    Under Variation I a loan stands in for cash at its cost, so the rate is
    capped by it.
    """

    def __init__(self, view: PlayerView, rate: float, raw: Sequence[float],
                 purchases_left: int) -> None:
        if view.rules.loans:
            rate = min(rate, LOAN_COST / 2)
        self.rate = rate if purchases_left > 0 else 0.0
        self.need = view.rules.order_limit * sum(raw) / 3.0

    def __call__(self, cash: float) -> float:
        if cash <= 0 or not self.rate:
            return 0.0
        return self.rate * (cash if cash < self.need else self.need)
