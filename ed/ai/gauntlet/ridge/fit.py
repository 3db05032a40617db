"""Models of each other seat, refitted every month from its own revealed entries.

Knows the public record only (``base.Ledger``: every seat's past orders and
offers, cash and stock); imports the engine's pure modules and the
gauntlet's ``base``.

- ``solve_ridge``: a ridge regression with a prior, solved in plain Python
  (a dozen features, a dozen months), with each month's leave-one-out error.
- ``OrderModel``: a seat's units of each grade as a ridge regression on its
  own last two orders, the other seats' last totals and its stock, fitted
  on its last ``window`` months (the newest weighing most when ``forget`` is
  below 1).  Its leave-one-out errors, month by month, are what a scenario
  adds to every seat at once (the same past month for all), so that swings
  the whole table shared stay in the spread.  Its bids: what it usually bid
  above the price the grade went to.
- ``OfferModel``: a seat's offer as the share of the goods its stock makes
  that it usually offers, in its usual mix (or, as far as it has chosen
  so, the goods that bring the most over the worth of the materials they
  use), with that share's past misses; its asks: what it usually asked
  against the price the good went to.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

from ....production import fill, largest_plan, makeable_plans, places
from ....rules import GOODS, RAW
from ....view import PlayerView
from ..base import Ledger

Triple = Tuple[int, int, int]

#: features of the order regression: a constant, the last two orders, the others' last
#: totals and the stock (three of each)
FEATURES = 13
#: the prior's weights of the last order and the one before (the rest: the recent average)
LAST_WEIGHT, BEFORE_WEIGHT = 0.33, 0.2


# --------------------------------------------------------------- the regression


def _cholesky(matrix: List[List[float]]) -> List[List[float]]:
    """The lower triangular ``L`` with ``L L^T = matrix`` (symmetric positive definite)."""
    n = len(matrix)
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        row = low[i]
        for j in range(i + 1):
            other = low[j]
            total = matrix[i][j] - sum(row[k] * other[k] for k in range(j))
            if i == j:
                row[i] = total ** 0.5 if total > 1e-12 else 1e-6
            else:
                row[j] = total / other[j]
    return low


def _forward(low: List[List[float]], b: Sequence[float]) -> List[float]:
    """``L^-1 b``."""
    out: List[float] = []
    for i, row in enumerate(low):
        out.append((b[i] - sum(row[k] * out[k] for k in range(i))) / row[i])
    return out


def _backward(low: List[List[float]], z: Sequence[float]) -> List[float]:
    """``L^-T z``."""
    n = len(low)
    out = [0.0] * n
    for i in range(n - 1, -1, -1):
        out[i] = (z[i] - sum(low[k][i] * out[k] for k in range(i + 1, n))) / low[i][i]
    return out


def solve_ridge(xs: Sequence[Sequence[float]], ys: Sequence[Sequence[float]],
                weights: Sequence[float], penalty: Sequence[float],
                prior: Sequence[Sequence[float]]) -> Tuple[List[List[float]], List[List[float]]]:
    """Weighted ridge regression shrunk towards ``prior``, for several targets at once.

    Minimises, for each target ``t``, ``sum_m w_m (y_mt - x_m . b_t)^2 +
    sum_k penalty_k (b_tk - prior_tk)^2``.  Returns the coefficients (one
    list per target) and, per month, the leave-one-out error of each target
    (``e / (1 - w h)``, ``h`` the month's leverage).
    """
    k = len(penalty)
    targets = len(prior)
    gram = [[0.0] * k for _ in range(k)]
    right = [[penalty[i] * prior[t][i] for i in range(k)] for t in range(targets)]
    for x, y, w in zip(xs, ys, weights):
        for i in range(k):
            xi = x[i] * w
            if xi:
                row = gram[i]
                for j in range(i + 1):
                    row[j] += xi * x[j]
                for t in range(targets):
                    right[t][i] += xi * y[t]
    for i in range(k):
        gram[i][i] += penalty[i]
        for j in range(i):
            gram[j][i] = gram[i][j]
    low = _cholesky(gram)
    coef = [_backward(low, _forward(low, right[t])) for t in range(targets)]
    errors = []
    for x, y, w in zip(xs, ys, weights):
        z = _forward(low, x)
        leverage = w * sum(v * v for v in z)
        scale = 1.0 / max(0.15, 1.0 - leverage)
        errors.append([(y[t] - sum(c * v for c, v in zip(coef[t], x))) * scale
                       for t in range(targets)])
    return coef, errors


# --------------------------------------------------------------- small helpers


def demand(recipes, raw: Sequence[float], goods: Sequence[float], volume: float) -> List[float]:
    """``volume`` raw units shared over the grades as the recipes need them, each good
    weighed by its margin at these prices (RULES §1): where a maker of the best goods buys."""
    margins = []
    for gi, good in enumerate(GOODS):
        r = recipes[good]
        margins.append(max(1.0, goods[gi] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2])))
    total = 3.0 * sum(margins)
    return [volume * sum(recipes[good][k] * m for good, m in zip(GOODS, margins)) / total
            for k in range(3)]


def median(values: Sequence[float], default: float) -> float:
    if not values:
        return default
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2.0


def draw_round(x: float, rng: random.Random) -> int:
    """``x`` rounded up with probability its fraction (never below 0)."""
    if x <= 0:
        return 0
    whole = int(x)
    return whole + (1 if rng.random() < x - whole else 0)


# --------------------------------------------------------------- orders


class OrderModel:
    """One other seat's order this month, from its own revealed orders (module docstring).

    ``mean`` is the fitted units per grade; ``errors[m]`` the leave-one-out
    error of the fit in the ``m``-th resolved purchasing month (0-based)
    times ``widen`` (a month ahead is harder to foretell than a month left
    out); ``premium[g]`` what it usually bid above the price grade ``g`` went
    to.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, seat: int, window: int,
                 strength: float, forget: float, noise: float = 0.0,
                 widen: float = 1.0) -> None:
        rules = view.rules
        self.noise = noise
        self.limit, self.grade_limit = rules.order_limit, rules.grade_limit
        self.loans = rules.loans
        self.cash = view.cash[seat]
        self.prev = [view.prices[k] for k in RAW]
        self.recipes = rules.recipes
        rows = ledger.orders[seat]
        done = len(rows)
        self.known = done
        self.errors: Dict[int, List[float]] = {}
        premiums: List[List[float]] = [[], [], []]
        for m in range(max(0, done - window), done):
            units, bids = rows[m]
            for g in range(3):
                if units[g]:
                    premiums[g].append(bids[g] - ledger.raw_new[m][g])
        self.premium = [median(p, 1.0) for p in premiums]
        goods = [view.prices[g] for g in GOODS]
        if done == 0:  # nothing seen yet: nearly its whole limit, where the margins are
            self.mean = demand(self.recipes, self.prev, goods, 0.95 * self.limit)
            return
        if done == 1:  # one month seen: half that month, half where the margins are now
            last = rows[0][0]
            split = demand(self.recipes, self.prev, goods, float(sum(last)))
            self.mean = [0.5 * u + 0.5 * d for u, d in zip(last, split)]
            return
        scale = 1.0 / self.limit
        others_scale = 1.0 / (self.limit * max(1, view.players - 1))
        totals = ledger.raw_totals

        def features(m: int, stock: Sequence[int]) -> List[float]:
            last = rows[m - 1][0] if m >= 1 else (0, 0, 0)
            before = rows[m - 2][0] if m >= 2 else (0, 0, 0)
            others = ([totals[m - 1][g] - last[g] for g in range(3)] if m >= 1 else [0, 0, 0])
            return ([1.0] + [u * scale for u in last] + [u * scale for u in before]
                    + [o * others_scale for o in others] + [s * scale for s in stock])

        months = list(range(max(1, done - window), done))
        xs = [features(m, ledger.stock_before_buy[seat][m]) for m in months]
        ys = [[u * scale for u in rows[m][0]] for m in months]
        ws = [forget ** (done - 1 - m) for m in months]
        # shrunk towards its recent habit: a third of last month, a fifth of the month
        # before, and the rest its average over the months fitted on
        recent = [sum(rows[m][0][g] for m in months) / len(months) * scale for g in range(3)]
        prior = []
        for g in range(3):
            b = [0.0] * FEATURES
            b[1 + g] = LAST_WEIGHT
            b[4 + g] = BEFORE_WEIGHT
            b[0] = (1.0 - LAST_WEIGHT - BEFORE_WEIGHT) * recent[g]
            prior.append(b)
        penalty = [strength] * FEATURES
        coef, errors = solve_ridge(xs, ys, ws, penalty, prior)
        now = features(done, view.stock[seat])
        self.mean = [max(0.0, sum(c * v for c, v in zip(coef[g], now)) / scale) for g in range(3)]
        for m, err in zip(months, errors):
            self.errors[m] = [widen * e / scale for e in err]

    def sample(self, rng: random.Random, month: Optional[int]) -> List[int]:
        """One draw of its units: the fit plus its error of past ``month`` (drawn for the
        whole table), or a normal error as wide as its errors when it has none for it, and
        a normal error of ``noise`` units of its own (what a dozen months cannot show)."""
        err = self.errors.get(month) if month is not None else None
        if err is None:
            spread = self._spread()
            err = [rng.gauss(0.0, spread) for _ in range(3)]
        noise = self.noise
        if noise:
            units = [draw_round(self.mean[g] + err[g] + rng.gauss(0.0, noise), rng)
                     for g in range(3)]
        else:
            units = [draw_round(self.mean[g] + err[g], rng) for g in range(3)]
        return self._fit(units)

    def _spread(self) -> float:
        """How wide an error to draw when it has none of the month drawn: as wide as its
        errors so far, with a tenth of its limit counted as one more."""
        errs = [e for err in self.errors.values() for e in err]
        wide = (0.1 * self.limit) ** 2
        return ((sum(e * e for e in errs) + wide) / (len(errs) + 1.0)) ** 0.5

    def bid(self, g: int, expected: float) -> int:
        """Its bid for grade ``g`` when the price is expected at ``expected``."""
        return max(1, int(round(expected + self.premium[g])))

    def _fit(self, units: List[int]) -> List[int]:
        units = [min(u, self.grade_limit) for u in units]
        while sum(units) > self.limit:
            units[units.index(max(units))] -= 1
        if self.loans:
            return units
        # RULES §4.1.5: what its cash pays for at about the prices it faces
        while sum(units) and sum(u * p for u, p in zip(units, self.prev)) > self.cash * 1.1:
            units[units.index(max(units))] -= 1
        return units


# --------------------------------------------------------------- offers


class OfferModel:
    """One other seat's offer, from its own revealed offers (module docstring).

    ``share`` is the part of the most goods its stock makes that it usually
    offers (the newest months weighing most); ``mix`` its usual goods;
    ``misses[m]`` how far the share missed in the ``m``-th selling month;
    ``premium[i]`` what it usually asked against the price good ``i`` went to.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, seat: int, window: int,
                 forget: float) -> None:
        self.recipes = view.rules.recipes
        self._most: Dict[Triple, Triple] = {}
        self._dearest: Dict[tuple, Triple] = {}
        done = ledger.months_sold
        first = max(0, done - window)
        offered_sum = can_sum = 0.0
        mix = [0.0, 0.0, 0.0]
        premiums: List[List[float]] = [[], [], []]
        counts: List[Tuple[int, float]] = []
        hits_margin = hits_habit = 0.5
        for m in range(first, done):
            w = forget ** (done - 1 - m)
            stock = ledger.stock_before_sale[seat][m]
            can = sum(self.most(stock))
            units, asks = ledger.offers[seat][m]
            offered = units if ledger.offer_valid[seat][m] else (0, 0, 0)
            for i in range(3):
                if offered[i]:
                    premiums[i].append(asks[i] - ledger.goods_new[m][i])
            if not can:
                continue
            count = sum(offered)
            counts.append((m, min(count, can) / can))
            offered_sum += w * min(count, can)
            can_sum += w * can
            if count:
                # which explains its choice better: its habit so far, or the dearest use of
                # its stock at the month's prices
                best = self.dearest(stock, count, ledger.raw_new[m], ledger.goods_old[m])
                habit = mix if sum(mix) else [1.0, 1.0, 1.0]
                fav = shaped(self.recipes, stock, count, habit, None)
                hits_margin += 1.0 - sum(abs(a - b) for a, b in zip(best, offered)) / (2 * count)
                hits_habit += 1.0 - sum(abs(a - b) for a, b in zip(fav, offered)) / (2 * count)
            mix = [mix[i] + w * offered[i] for i in range(3)]
        self.share = offered_sum / can_sum if can_sum else 0.7
        self.misses = {m: s - self.share for m, s in counts}
        self.mix = mix if sum(mix) else [1.0, 1.0, 1.0]
        self.raw_now = [view.prices[k] for k in RAW]
        self.goods_now = [view.prices[g] for g in GOODS]
        self.p_margin = hits_margin / (hits_margin + hits_habit)
        self.premium = [median(p, -2.0) for p in premiums]
        self.spread = (sum(v * v for v in self.misses.values()) + 0.04) / (len(self.misses) + 1.0)
        self.spread **= 0.5

    def most(self, stock: Triple) -> Triple:
        found = self._most.get(stock)
        if found is None:
            found = largest_plan(self.recipes, stock)
            self._most[stock] = found
        return found

    def sample(self, rng: random.Random, stock: Triple, month: Optional[int]) -> List[int]:
        """One draw of its offer (units of A, B, C), makeable from ``stock``; ``month`` picks
        the past miss of its share added (the same month for every seat in a draw)."""
        can = sum(self.most(stock))
        if not can:
            return [0, 0, 0]
        miss = self.misses.get(month) if month is not None else None
        if miss is None:
            miss = rng.gauss(0.0, self.spread)
        share = min(1.0, max(0.0, self.share + miss))
        wanted = draw_round(share * can, rng)
        if rng.random() < self.p_margin:
            return list(self.dearest(stock, wanted, self.raw_now, self.goods_now))
        return shaped(self.recipes, stock, wanted, self.mix, rng)

    def dearest(self, stock: Triple, wanted: int, raw: Sequence[float],
                goods: Sequence[float]) -> Triple:
        """The plan of ``wanted`` goods (or as many as the stock makes) that brings the most
        over the worth of the materials it uses at these prices (RULES §4.2.7), each unit
        of a good offered taking $2 off its price."""
        key = (stock, wanted, tuple(raw), tuple(goods))
        found = self._dearest.get(key)
        if found is None:
            most = sum(self.most(stock))
            wanted = min(wanted, most)
            found, top = (0, 0, 0), -1e18
            if wanted > 0:
                for plan in makeable_plans(self.recipes, stock):
                    if sum(plan) != wanted:
                        continue
                    used = fill(places(self.recipes, plan), stock)
                    v = (sum(n * (p - 2 * n) for n, p in zip(plan, goods))
                         - sum(u * r for u, r in zip(used, raw)))
                    if v > top:
                        found, top = plan, v
            self._dearest[key] = found
        return found

    def ask(self, i: int, expected: float) -> int:
        """Its ask for good ``i`` when the price is expected at ``expected``."""
        return max(1, int(round(expected + self.premium[i])))


def fits(rows: Sequence[Triple], plan: Sequence[int], stock: Sequence[int]) -> bool:
    """``production.can_fill(places(recipes, plan), stock)`` with the recipes as rows."""
    (ax, af, as_), (bx, bf, bs), (cx, cf, cs) = rows
    a, b, c = plan
    nx = ax * a + bx * b + cx * c
    nf = af * a + bf * b + cf * c
    ns = as_ * a + bs * b + cs * c
    x, f, s = stock
    return nx <= x and nx + nf <= x + f and ns <= f + s and nx + nf + ns <= x + f + s


def shaped(recipes, stock: Triple, wanted: int, liking: Sequence[float],
           rng: Optional[random.Random]) -> List[int]:
    """About ``wanted`` goods in the proportions of ``liking``, makeable from ``stock``
    (rounded at random with ``rng``, to the nearest without)."""
    total = sum(liking)
    if wanted <= 0 or total <= 0:
        return [0, 0, 0]
    if rng is None:
        plan = [int(wanted * w / total + 0.5) for w in liking]
    else:
        plan = [draw_round(wanted * w / total, rng) for w in liking]
    rows = (recipes["A"], recipes["B"], recipes["C"])
    while sum(plan) and not fits(rows, plan, stock):
        plan[max(range(3), key=lambda i: (plan[i], -liking[i]))] -= 1
    order = sorted(range(3), key=lambda i: -liking[i])
    while sum(plan) < wanted:
        for i in order:
            plan[i] += 1
            if fits(rows, plan, stock):
                break
            plan[i] -= 1
        else:
            break
    return plan
