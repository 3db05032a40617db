"""What stock is worth: goods at next month's expected prices, less for each further bundle.

Knows the rules' market and production and the public price record;
imports the engine's pure modules and the gauntlet's ``base``.

- ``trend``: each good's recent moves on the board, month by month.
- ``Carry``: a bundle of one good (the three raw units of its recipe) kept
  for later is worth the good's price expected next month (this month's
  price plus ``follow`` times its trend), times ``keep``, less ``step``
  dollars for each further bundle of the same good (each unit offered
  lowers the price by $2; the step is shared over the months left to sell
  in, up to three).  A raw unit that makes no bundle is worth ``raw``: its
  price, or in the last month exactly what the Broker pays (RULES §5).
- ``SaleTable``: one good's sale this month for each count offered: the ask
  with the best average over the scenarios of the others' offers (units
  unsold are kept, at a bundle's carried worth), RULES §4.2.5 and
  Variation III.
- ``StockWorth``: what a stock is worth entering this month's sale: for each
  good, the best split of its bundles between selling now and keeping;
  bundles are added a good at a time, the best gain first, while one is
  worth more than the raw units it uses up (substitutions as RULES §4.2.7
  makes them).
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .... import market
from ....production import fill
from ....rules import GOODS
from ..base import Ledger

Triple = Tuple[int, int, int]


def trend(ledger: Ledger, months: int = 3) -> List[float]:
    """Each good's mean move over its last ``months`` resolved selling phases (0 before)."""
    olds, news = ledger.goods_old[-months:], ledger.goods_new[-months:]
    if not olds:
        return [0.0, 0.0, 0.0]
    return [sum(n[i] - o[i] for o, n in zip(olds, news)) / len(olds) for i in range(3)]


class Carry:
    """What a bundle kept after this month's sale is worth, and a raw unit (module docstring)."""

    def __init__(self, recipes, raw: Sequence[float], moves: Sequence[float], months_after: int,
                 follow: float, keep: float, step: float) -> None:
        self.rows = [recipes[g] for g in GOODS]
        self.raw = list(raw)
        self.months_after = months_after
        self.ahead = [follow * m for m in moves]
        self.keep = keep
        self.step = step / max(1, min(months_after, 3))
        #: what a good's materials are worth as raw units
        self.materials = [sum(r * v for r, v in zip(row, self.raw)) for row in self.rows]
        #: ``kept`` by stock and prices: a decision asks the same many times over
        self._kept: Dict[tuple, float] = {}

    def bundle(self, i: int, k: int, price: float) -> float:
        """The ``k``-th bundle of good ``i`` kept (from 1), this month's price ``price``."""
        if self.months_after <= 0:
            return self.materials[i]
        worth = self.keep * (price + self.ahead[i]) - self.step * (k - 1)
        return worth if worth > self.materials[i] else self.materials[i]

    def kept(self, stock: Sequence[int], prices: Sequence[float]) -> float:
        """What ``stock`` left after the sale is worth, its bundles made greedily."""
        if self.months_after <= 0:
            return stock[0] * self.raw[0] + stock[1] * self.raw[1] + stock[2] * self.raw[2]
        key = (stock[0], stock[1], stock[2], prices[0], prices[1], prices[2])
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = greedy(self.rows, stock, self.raw,
                                             lambda i, k: self.bundle(i, k, prices[i]))[0]
        return found


def greedy(rows: Sequence[Triple], stock: Sequence[int], raw: Sequence[float],
           worth: Callable[[int, int], float],
           most: Optional[Sequence[int]] = None) -> Tuple[float, List[int]]:
    """``stock`` made into bundles a good at a time, the best gain over the raw units used
    first, while one gains: the worth and the bundles of each good.

    ``worth(i, k)`` is the ``k``-th bundle of good ``i``; ``most`` caps each good.
    """
    x, f, s = stock
    plan = [0, 0, 0]
    need = [0, 0, 0]
    used_worth = 0.0
    total = 0.0
    rx, rf, rs = raw
    while True:
        best, best_i, best_used = 0.0, -1, 0.0
        for i in range(3):
            if most is not None and plan[i] >= most[i]:
                continue
            ax, af, as_ = rows[i]
            nx, nf, ns = need[0] + ax, need[1] + af, need[2] + as_
            if nx > x or nx + nf > x + f or ns > f + s or nx + nf + ns > x + f + s:
                continue
            # RULES §4.2.7: the materials these places take
            std = ns if ns < s else s
            f_for_s = ns - std
            fine = nf if nf < f - f_for_s else f - f_for_s
            used = (nx + nf - fine) * rx + (f_for_s + fine) * rf + std * rs
            gain = worth(i, plan[i] + 1) - (used - used_worth)
            if gain > best:
                best, best_i, best_used = gain, i, used
        if best_i < 0:
            break
        row = rows[best_i]
        need = [need[0] + row[0], need[1] + row[1], need[2] + row[2]]
        plan[best_i] += 1
        total += best
        used_worth = best_used
    return total + x * rx + f * rf + s * rs, plan


class SaleTable:
    """One good's sale this month, per count ``n`` offered (module docstring).

    ``value[n]`` is the average over the scenarios of the money the sale
    brings plus the carried worth of the bundles left unsold, less
    ``against(n)`` (the others' gain counted against this seat's, if any);
    ``ask[n]`` the ask that gets it and ``revenue[n]`` the money alone.
    """

    def __init__(self, prev: int, others: Sequence[int], most: int, unsold: float,
                 partial: bool, stretch: int, against: Callable[[int], float]) -> None:
        counts: Dict[int, int] = {}
        for q in others:
            counts[q] = counts.get(q, 0) + 1
        levels = sorted(counts.items())
        draws = float(len(others))
        self.value, self.ask, self.revenue, self.sold = [0.0], [0], [0.0], [0.0]
        self.value[0] -= against(0)
        for n in range(1, most + 1):
            asks = set()
            for q, _ in levels:
                top = prev + 11 - 2 * (q + n)
                top = top if top > 1 else 1
                asks.add(top)
                if partial:
                    for extra in range(1, stretch + 1):
                        asks.add(top + extra)
            best = (-1e18, 1, 0.0, 0.0)
            for ask in asks:
                sold = 0
                for q, c in levels:
                    price = prev + 11 - 2 * (q + n)
                    sold += c * market.units_sold(n, ask, price if price > 1 else 1, partial)
                sold /= draws
                v = sold * ask + (n - sold) * unsold
                if v > best[0]:
                    best = (v, ask, sold * ask, sold)
            self.value.append(best[0] - against(n))
            self.ask.append(best[1])
            self.revenue.append(best[2])
            self.sold.append(best[3])


class StockWorth:
    """What a stock is worth entering this month's sale (module docstring).

    ``tables`` are the three goods' ``SaleTable``; ``carry`` the worth of
    what is kept.  ``split[i][t]`` is, for ``t`` bundles of good ``i``, the
    best worth of selling some now and keeping the rest, and ``sell[i][t]``
    how many of them are sold.  ``__call__(stock)`` returns the worth, the
    money the sale is expected to bring in and the raw units no bundle uses;
    all three are kept per stock.
    """

    def __init__(self, recipes, tables: Sequence[SaleTable], carry: Carry,
                 expected: Sequence[Sequence[float]], most: int) -> None:
        self.rows = [recipes[g] for g in GOODS]
        self.tables, self.carry = tables, carry
        self.split: List[List[float]] = []
        self.sell: List[List[int]] = []
        for i, table in enumerate(tables):
            top = len(table.value) - 1
            values, sells = [], []
            for t in range(most + 1):
                best, best_n = -1e18, 0
                for n in range(min(t, top) + 1):
                    kept = 0.0
                    price = expected[i][n]
                    for k in range(1, t - n + 1):
                        kept += carry.bundle(i, k, price)
                    v = table.value[n] + kept
                    if v > best:
                        best, best_n = v, n
                values.append(best)
                sells.append(best_n)
            self.split.append(values)
            self.sell.append(sells)
        self.most = [most] * 3
        self._cache: Dict[Triple, Tuple[float, float, Triple]] = {}

    def __call__(self, stock: Triple) -> Tuple[float, float, Triple]:
        found = self._cache.get(stock)
        if found is None:
            split = self.split
            worth, plan = greedy(self.rows, stock, self.carry.raw,
                                 lambda i, k: split[i][k] - split[i][k - 1], self.most)
            worth += split[0][0] + split[1][0] + split[2][0]
            revenue = sum(self.tables[i].revenue[self.sell[i][plan[i]]] for i in range(3))
            found = (worth, revenue, leftover(self.rows, plan, stock))
            self._cache[stock] = found
        return found


def leftover(rows: Sequence[Triple], plan: Sequence[int], stock: Triple) -> Triple:
    """What is left of ``stock`` once ``plan`` is made (RULES §4.2.7)."""
    need = tuple(sum(rows[i][k] * plan[i] for i in range(3)) for k in range(3))
    used = fill(need, stock)
    return (stock[0] - used[0], stock[1] - used[1], stock[2] - used[2])
