"""Models of each other seat, learned from its revealed play: what it may order or offer.

Knows the public history only (``base.Ledger``: every seat's past orders and
offers, cash and stock); imports the engine's pure modules and the gauntlet's
``base``.

- Orders (``SeatOrders``): three model players (last month again, its recent
  average, its recent volume in the best-margin recipe) blended by their
  recent errors on that seat, plus one of the blend's own past misses (the
  same past month for every seat in a draw), never more than its cash pays
  for at its usual bids.
- Offers (``SeatOffers``): its usual share of the most goods its stock makes,
  plus a past miss, in the goods it has chosen or in margin order (as each
  has matched it), at its usual asks.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

from ....production import largest_plan
from ....rules import GOODS, OPENING_PRICES, RAW
from ....view import PlayerView
from ..base import Ledger

Triple = Tuple[int, int, int]


# --------------------------------------------------------------- small helpers


def recency(count: int, decay: float) -> List[float]:
    """Cumulative weights for months ``0..count-1``, the newest weighing most."""
    cum, total = [], 0.0
    for age in range(count - 1, -1, -1):
        total += decay ** age
        cum.append(total)
    return cum


def pick(rng: random.Random, cum: Sequence[float]) -> int:
    """An index drawn with the cumulative weights ``cum``."""
    x = rng.random() * cum[-1]
    for i, c in enumerate(cum):
        if x < c:
            return i
    return len(cum) - 1


def _round(x: float, rng: random.Random) -> int:
    """``x`` rounded up with probability its fraction (never below 0)."""
    if x <= 0:
        return 0
    whole = int(x)
    return whole + (1 if rng.random() < x - whole else 0)


def _best_recipe(recipes, raw: Sequence[float], goods: Sequence[float]) -> Triple:
    """The recipe of the good with the best margin at these prices."""
    best, top = None, -1e18
    for gi, good in enumerate(GOODS):
        r = recipes[good]
        margin = goods[gi] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2])
        if margin > top:
            best, top = r, margin
    return best


def _goods_before(ledger: Ledger, month: int) -> Sequence[int]:
    """The goods prices a seat saw when it ordered in month ``month + 1`` (0-based)."""
    return ledger.goods_new[month - 1] if month >= 1 else tuple(OPENING_PRICES[g] for g in GOODS)


# --------------------------------------------------------------- opponent models


class SeatOrders:
    """What one other seat may order this month, learned from its revealed orders.

    Three model players predict its units: "last" (last month again),
    "average" (its recent months, the newest weighing most) and "margin"
    (its recent volume in the recipe of the best-margin good at the prices
    it sees).  They are blended by their recent squared errors on this seat;
    a draw is the blend plus one of the blend's own past misses (drawn by
    recency), so the draws spread as widely as the seat has surprised; now
    and then (often while few misses are known) a normal miss as wide as the
    misses so far and a prior of a fifth of the limit.
    ``sample`` returns units and bids as offsets from the previous prices.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, seat: int, decay: float) -> None:
        rules = view.rules
        self.limit, self.grade_limit = rules.order_limit, rules.grade_limit
        self.players = view.players
        self.loans = rules.loans
        self.cash = view.cash[seat]
        self.prev = [view.prices[k] for k in RAW]
        self.recipes = rules.recipes
        rows = ledger.orders[seat]
        self.units = [row[0] for row in rows]
        self.offsets = [tuple(row[1][g] - ledger.raw_old[m][g] if row[0][g] else None
                              for g in range(3)) for m, row in enumerate(rows)]
        typical = [[o[g] for o in self.offsets if o[g] is not None] for g in range(3)]
        self.typical = [sorted(t)[len(t) // 2] if t else None for t in typical]
        self.misses: List[List[float]] = []
        self.mean = self._learn(ledger, decay, [view.prices[g] for g in GOODS])
        self.squares = sum(m * m for miss in self.misses for m in miss) / 3.0

    def _learn(self, ledger: Ledger, decay: float, goods_now: Sequence[int]) -> List[float]:
        """Score the models month by month, keep the blend's misses; the blend for now."""
        errors = [6.0, 6.0, 6.0]
        avg = [0.0, 0.0, 0.0]
        weight = volume = 0.0
        for m, units in enumerate(self.units):
            if m >= 1:
                guesses = self._guesses(avg, weight, volume, m, ledger.raw_old[m],
                                        _goods_before(ledger, m))
                blend = _blend(guesses, errors)
                self.misses.append([units[g] - blend[g] for g in range(3)])
                errors = [0.6 * e + 0.4 * sum((units[g] - guess[g]) ** 2 for g in range(3))
                          for e, guess in zip(errors, guesses)]
            avg = [decay * avg[g] + units[g] for g in range(3)]
            weight = decay * weight + 1.0
            volume = decay * volume + sum(units)
        if not self.units:
            return [0.0, 0.0, 0.0]
        guesses = self._guesses(avg, weight, volume, len(self.units), self.prev, goods_now)
        return _blend(guesses, errors)

    def _guesses(self, avg, weight, volume, m, raw, goods) -> List[List[float]]:
        last = [float(u) for u in self.units[m - 1]]
        recipe = _best_recipe(self.recipes, raw, goods)
        v = volume / weight
        return [last, [a / weight for a in avg], [v * r / 3.0 for r in recipe]]

    def sample(self, rng: random.Random, month: int) -> Tuple[List[int], List[int]]:
        """One draw of this seat's order: units per grade, bid offsets per grade.

        ``month`` picks the past miss added (the same for every seat in one
        scenario, so that seats that misjudge together stay together).
        """
        if not self.units:
            return self._prior(rng)
        known = len(self.misses)
        if known and rng.random() < known / (known + 1.0):
            miss = self.misses[month]
        else:
            sd = ((self.squares + (0.2 * self.limit) ** 2) / (known + 1.0)) ** 0.5
            miss = [rng.gauss(0.0, sd) for _ in range(3)]
        units = [_round(self.mean[g] + miss[g], rng) for g in range(3)]
        last = self.offsets[-1]
        offsets = []
        for g in range(3):
            off = last[g] if last[g] is not None else self.typical[g]
            offsets.append(off if off is not None else units[g] - 6)
        return self._fit(units, offsets), offsets

    def _prior(self, rng: random.Random) -> Tuple[List[int], List[int]]:
        """Month 1: most of the limit, in a recipe's proportions or spread evenly."""
        volume = _round(self.limit * rng.uniform(0.6, 1.0), rng)
        if rng.random() < 0.5:
            shares = [r / 3.0 for r in self.recipes[rng.choice(GOODS)]]
        else:
            shares = [1 / 3.0] * 3
        units = [_round(volume * s, rng) for s in shares]
        table = self.players * 0.25 * self.limit
        offsets = [int(table + u - 10) + rng.randint(-1, 5) for u in units]
        return self._fit(units, offsets), offsets

    def _fit(self, units: List[int], offsets: Sequence[int]) -> List[int]:
        """Within the limits and (without loans) what its cash pays for at its bids.

        Short of cash (RULES §4.1.5) the grades are cut in proportion, then
        units are given back, the largest remainder first, while cash lasts.
        """
        units = [min(u, self.grade_limit) if u > 0 else 0 for u in units]
        while sum(units) > self.limit:
            units[units.index(max(units))] -= 1
        if self.loans:
            return units
        bids = [max(1, self.prev[g] + offsets[g]) for g in range(3)]
        cost = sum(u * b for u, b in zip(units, bids))
        if cost <= self.cash:
            return units
        share = max(0, self.cash) / cost
        exact = [u * share for u in units]
        cut = [int(x) for x in exact]
        left = self.cash - sum(u * b for u, b in zip(cut, bids))
        for g in sorted(range(3), key=lambda i: cut[i] - exact[i]):
            if cut[g] < units[g] and bids[g] <= left:
                cut[g] += 1
                left -= bids[g]
        return cut


def _blend(guesses: Sequence[Sequence[float]], errors: Sequence[float]) -> List[float]:
    """The guesses weighted by the inverse square of their recent errors."""
    weights = [1.0 / (e + 1.0) ** 2 for e in errors]
    total = sum(weights)
    return [sum(w * guess[g] for w, guess in zip(weights, guesses)) / total for g in range(3)]


class SeatOffers:
    """What one other seat may offer, learned from its revealed offers.

    It is expected to offer its usual share (its recent months, the newest
    weighing most) of the goods its stock makes.  Which goods: by "habit"
    (the goods it has chosen, the same weighting) or by "margin" (dearest
    margin first at the month's prices), drawn as often as each has matched
    its choices.  A draw adds one of the count's past misses (now and then a
    normal miss as wide as those and a prior) and makes the goods from the
    stock it holds as far as the stock goes.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, seat: int, decay: float) -> None:
        self.recipes = view.rules.recipes
        self._cache: Dict[Triple, List[int]] = {}
        share, weight = 0.75, 1.0
        liking = [0.0, 0.0, 0.0]
        errors = [2.0, 2.0]
        self.misses: List[Optional[float]] = []
        #: per month sold, the asks as offsets from the previous prices (None: not offered)
        self.asks = [tuple(row[1][i] - ledger.goods_old[m][i] if row[0][i] else None
                           for i in range(3)) for m, row in enumerate(ledger.offers[seat])]
        for m in range(ledger.months_sold):
            stock = ledger.stock_before_sale[seat][m]
            can = sum(self._most(stock))
            if not can:
                self.misses.append(None)
                continue
            offered = ledger.offers[seat][m][0] if ledger.offer_valid[seat][m] else (0, 0, 0)
            count = sum(offered)
            self.misses.append(count - share / weight * can)
            if count:
                margins = _margins(self.recipes, ledger.raw_new[m], ledger.goods_old[m])
                for k, liked in enumerate((liking, margins)):
                    guess = _shaped(self.recipes, stock, count, liked, None)
                    miss = sum((guess[i] - offered[i]) ** 2 for i in range(3))
                    errors[k] = 0.6 * errors[k] + 0.4 * miss
            share = decay * share + min(1.5, count / can)
            weight = decay * weight + 1.0
            liking = [decay * liking[i] + offered[i] for i in range(3)]
        self.share = share / weight
        self.liking = liking
        self.margins = _margins(self.recipes, [view.prices[k] for k in RAW],
                                [view.prices[g] for g in GOODS])
        habit, margin = (1.0 / (e + 0.5) ** 2 for e in errors)
        self.p_margin = margin / (habit + margin) if sum(liking) > 0 else 1.0
        self.known = sum(1 for miss in self.misses if miss is not None)
        self.squares = sum(miss * miss for miss in self.misses if miss is not None)

    def _most(self, stock: Triple) -> List[int]:
        plan = self._cache.get(stock)
        if plan is None:
            plan = list(largest_plan(self.recipes, stock))
            self._cache[stock] = plan
        return plan

    def ask(self, good: int, month: int) -> int:
        """The ask offset from the previous price this seat used for ``good``: in ``month``
        if it offered the good then, else its latest, else a guess of $2 under."""
        if month < len(self.asks) and self.asks[month][good] is not None:
            return self.asks[month][good]
        for row in reversed(self.asks):
            if row[good] is not None:
                return row[good]
        return -2

    def sample(self, rng: random.Random, stock: Triple, month: int) -> List[int]:
        """One draw of this seat's offer (units of A, B, C), makeable from ``stock``.

        ``month`` picks the past miss added (the same for every seat in one scenario).
        """
        can = sum(self._most(stock))
        if not can:
            return [0, 0, 0]
        miss = self.misses[month] if month < len(self.misses) else None
        if miss is None or rng.random() >= self.known / (self.known + 1.0):
            prior = (0.2 * can + 0.5) ** 2
            miss = rng.gauss(0.0, ((self.squares + prior) / (self.known + 1.0)) ** 0.5)
        wanted = _round(self.share * can + miss, rng)
        liking = self.margins if rng.random() < self.p_margin else self.liking
        return _shaped(self.recipes, stock, wanted, liking, rng)


def _margins(recipes, raw: Sequence[float], goods: Sequence[float]) -> List[float]:
    """Each good's price less what its recipe costs, squared, as a liking (never quite 0)."""
    out = []
    for gi, good in enumerate(GOODS):
        r = recipes[good]
        margin = goods[gi] - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2])
        out.append(max(0.1, margin) ** 2)
    return out


def _shaped(recipes, stock: Triple, wanted: int, liking: Sequence[float],
            rng: Optional[random.Random]) -> List[int]:
    """About ``wanted`` goods in the proportions of ``liking``, makeable from ``stock``.

    Counts are rounded at random with ``rng``, to the nearest without it.
    """
    total = sum(liking)
    if wanted <= 0 or total <= 0:
        return [0, 0, 0]
    if rng is None:
        plan = [int(wanted * w / total + 0.5) for w in liking]
    else:
        plan = [_round(wanted * w / total, rng) for w in liking]
    rows = (recipes["A"], recipes["B"], recipes["C"])
    while sum(plan) and not _fits(rows, plan, stock):
        plan[max(range(3), key=lambda i: (plan[i], -liking[i]))] -= 1
    order = sorted(range(3), key=lambda i: -liking[i])
    while sum(plan) < wanted:
        for i in order:
            plan[i] += 1
            if _fits(rows, plan, stock):
                break
            plan[i] -= 1
        else:
            break
    return plan


def _fits(rows: Sequence[Triple], plan: Sequence[int], stock: Sequence[int]) -> bool:
    """``production.can_fill(places(recipes, plan), stock)``, with the recipes as rows."""
    (ax, af, as_), (bx, bf, bs), (cx, cf, cs) = rows
    a, b, c = plan
    nx = ax * a + bx * b + cx * c
    nf = af * a + bf * b + cf * c
    ns = as_ * a + bs * b + cs * c
    x, f, s = stock
    return nx <= x and nx + nf <= x + f and ns <= f + s and nx + nf + ns <= x + f + s
