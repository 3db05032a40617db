"""The sample-average-approximation bidder: many joint scenarios, one whole entry for them all.

Knows the rules and the public history only (RULES §4.3: every seat's past
orders and offers, cash and stock); imports the gauntlet's ``base`` and the
engine's pure modules (``ed.market``, ``ed.production``, ``ed.rules``,
``ed.view``), nothing of the levels.

- Opponent models, one per other seat, learned from its revealed play.
  Orders (``SeatOrders``): three model players (last month again, its
  recent average, its recent volume in the best-margin recipe) blended by
  their recent errors on that seat, plus one of the blend's own past misses
  (the same past month for every seat in a draw), never more than its cash
  pays for at its usual bids.  Offers (``SeatOffers``): its usual share of
  the most goods its stock makes, plus a past miss, in the goods it has
  chosen or in margin order (as each has matched it), at its usual asks.
- Scenarios: ``PURCHASE_SCENARIOS`` joint draws of every other seat's order
  (and, looking ahead, of its fills and then its offer from the stock it
  would have), or ``SALE_SCENARIOS`` draws of every other seat's offer from
  the stock it holds.  Only units move a price (RULES §3), so a scenario is
  priced exactly with the rules' own market functions.
- Worth of stock: a raw unit left after this month's sale is worth, in the
  last month, the final raw price it goes to the Broker at (RULES §5);
  before, the price it is expected to cost next month plus a share of the
  best margin it can still earn.  Entering a sale, a stock is worth that
  plus the best expected gain of the goods it makes (``StockValue``).  Cash
  up to what next month's order costs is worth a little more than itself
  (``Liquidity``): stock that cannot be sold is no use for buying.
- The others' gains count a little against its own (``_Rival``): their
  fills and sales that its units crowd out, and the worth its orders add to
  their stock.
- Purchasing: unit counts are screened by a certainty equivalent, then the
  best few are searched whole, bid levels and units grade by grade, each
  candidate scored by its average over the scenarios of: minus what it pays
  (the loan's cost under Variation I; RULES §4.1.5 is kept by never ordering
  more than the cash pays for), plus the worth of the stock it ends with,
  the raw part of that moving with the scenario's new raw price (in the last
  month exactly: units ordered raise the final price of the stock held).
  Partial fills enter as the units they buy.
- Selling: every makeable plan is scored by per-good tables of the best ask
  for each count; the best few plans are then scored whole over the
  scenarios (partial sales, materials used with substitutions, and what is
  left at its worth) and the best is offered.  It never over-offers.

Every draw comes from the generator ``decide`` seeds, so the same seed and
view give the same entry.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

from .... import market
from ....production import can_fill, fill, largest_plan, places, room_beside
from ....rules import GOODS, MAX_PRICE, NAMES, OPENING_PRICES, RAW
from ....view import PlayerView
from ..base import Entry, Ledger, Player, describe, margin_per_unit, purchase_for

Triple = Tuple[int, int, int]

#: Joint draws of the others' orders a purchasing decision averages over.
PURCHASE_SCENARIOS = 32
#: Joint draws of the others' offers a selling decision averages over.
SALE_SCENARIOS = 64
#: RULES §5 and §6: $125 repaid for every $100 borrowed.
LOAN_COST = 0.25
#: Unit counts kept after the screening, searched whole.
SHORTLIST = 5
#: Bid levels tried per grade and unit count (quantiles of the scenarios' prices).
BID_LEVELS = 6
#: Plans scored whole over the scenarios when selling.
PLANS_SCORED = 4


# --------------------------------------------------------------- small helpers


def _recency(count: int, decay: float) -> List[float]:
    """Cumulative weights for months ``0..count-1``, the newest weighing most."""
    cum, total = [], 0.0
    for age in range(count - 1, -1, -1):
        total += decay ** age
        cum.append(total)
    return cum


def _pick(rng: random.Random, cum: Sequence[float]) -> int:
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


# --------------------------------------------------------------- scenarios


class Scenarios:
    """The others' totals in ``n`` joint draws: units ordered per grade, offered per good.

    ``orders[g][s]`` is the others' total order of grade ``g`` in draw ``s``
    (purchasing only); ``offers[i][s]`` their total offer of good ``i``.  At
    purchasing time each other seat's fills are worked out from its drawn
    bids and the draw's new prices (with ``own`` as this seat's units), and
    its offer is drawn from the stock it would then hold.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, rng: random.Random, n: int,
                 decay: float, own: Sequence[int] = (0, 0, 0)) -> None:
        others = [j for j in range(view.players) if j != view.seat]
        offers = [SeatOffers(view, ledger, j, decay) for j in others]
        self.orders: List[List[int]] = [[], [], []]
        self.offers: List[List[int]] = [[], [], []]
        #: per grade or good, per draw: the others' (units, price) entries of it
        self.entries: List[List[List[Tuple[int, int]]]] = [[], [], []]
        if view.phase == "purchasing":
            models = [SeatOrders(view, ledger, j, decay) for j in others]
            self._purchasing(view, rng, n, others, models, offers, own, decay)
        else:
            cum = _recency(ledger.months_sold, decay)
            prev = [view.prices[g] for g in GOODS]
            for _ in range(n):
                month = _pick(rng, cum) if cum else 0
                total = [0, 0, 0]
                entries: List[List[Tuple[int, int]]] = [[], [], []]
                for j, model in zip(others, offers):
                    drawn = model.sample(rng, view.stock[j], month)
                    for i in range(3):
                        if drawn[i]:
                            total[i] += drawn[i]
                            entries[i].append((drawn[i], max(1, prev[i] + model.ask(i, month))))
                for i in range(3):
                    self.offers[i].append(total[i])
                    self.entries[i].append(entries[i])

    def _purchasing(self, view, rng, n, others, models, offers, own, decay) -> None:
        prev = [view.prices[k] for k in RAW]
        partial, loans = view.rules.partial_fills, view.rules.loans
        cum = _recency(len(models[0].misses), decay) if models else []
        cum_sold = _recency(len(offers[0].misses), decay) if offers else []
        for _ in range(n):
            month = _pick(rng, cum) if cum else 0
            sold = _pick(rng, cum_sold) if cum_sold else 0
            drawn = [model.sample(rng, month) for model in models]
            total = [sum(d[0][g] for d in drawn) for g in range(3)]
            new = [max(1, prev[g] + total[g] + own[g] - 10) for g in range(3)]
            goods = [0, 0, 0]
            for j, (units, offsets), model in zip(others, drawn, offers):
                got = [market.units_bought(units[g], prev[g] + offsets[g], new[g], partial)
                       if units[g] else 0 for g in range(3)]
                cost = sum(got[g] * (prev[g] + offsets[g]) for g in range(3))
                stock = view.stock[j]
                if loans or cost <= view.cash[j]:
                    stock = (stock[0] + got[0], stock[1] + got[1], stock[2] + got[2])
                drawn_offer = model.sample(rng, stock, sold)
                goods = [goods[i] + drawn_offer[i] for i in range(3)]
            for g in range(3):
                self.orders[g].append(total[g])
                self.offers[g].append(goods[g])
                self.entries[g].append([(d[0][g], prev[g] + d[1][g]) for d in drawn if d[0][g]])


# --------------------------------------------------------------- what stock is worth


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


# --------------------------------------------------------------- the player


class SAA(Player):
    """The sample-average-approximation bidder (see the module docstring)."""

    name = "saa"
    summary = ("sample-average-approximation bidder: draws the others' entries from models of "
               "their revealed play and picks the whole entry with the best average outcome")
    PARAMETERS = ("markup", "share", "endgame", "drift", "follow", "decay", "screen", "thrift",
                  "rivalry")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        #: a unit kept is worth its expected price next month times this
        self.markup = self.jitter(1.0, 0.03)
        #: plus this share of the best margin per raw unit it can still earn
        self.share = self.jitter(0.4, 0.05)
        #: the share is multiplied by this in the month before the last
        self.endgame = self.jitter(0.6, 0.1)
        #: share of the table's recent excess demand expected to move prices next month
        self.drift = self.jitter(0.25, 0.1)
        #: how far a kept unit's worth follows a scenario's new raw price
        self.follow = self.jitter(0.5, 0.1)
        #: weight of a month in the opponent models per month of age
        self.decay = self.jitter(0.6, 0.05)
        #: quantile of the scenarios' prices a unit count is screened at
        self.screen = self.jitter(0.7, 0.05)
        #: what a dollar of cash up to next month's purchases is worth beyond itself
        self.thrift = self.jitter(0.15, 0.03)
        #: how much the others' gain counts against its own (shared among them)
        self.rivalry = self.jitter(0.4, 0.1)

    # ----------------------------------------------------------- worth

    def carry(self, view: PlayerView, ledger: Ledger, raw: Sequence[float],
              goods: Sequence[float], months_after: int) -> List[float]:
        """What a raw unit left after this month's sale is worth.

        After the last month: ``raw``, the final raw prices (RULES §5).
        Before: the price expected next month (``raw`` moved by part of the
        table's recent excess demand) times ``markup``, plus ``share`` of
        the best margin per raw unit of a good it can go into at ``goods``.
        """
        if months_after <= 0:
            return [max(1.0, r) for r in raw]
        totals = ledger.raw_totals[-3:]
        drift = [0.0, 0.0, 0.0]
        if totals:
            drift = [self.drift * (sum(t[g] for t in totals) / len(totals) - 10) for g in range(3)]
        ahead = [max(1.0, raw[g] + drift[g]) for g in range(3)]
        best = margin_per_unit(view.rules.recipes, ahead, goods)
        share = self.share * (self.endgame if months_after == 1 else 1.0)
        return [max(1.0, ahead[g] * self.markup + share * best[g]) for g in range(3)]

    def _tables(self, view: PlayerView, offers: Sequence[Sequence[int]], carry: Sequence[float],
                most: int) -> List[SaleTable]:
        recipes = view.rules.recipes
        tables = []
        for i, good in enumerate(GOODS):
            r = recipes[good]
            worth = r[0] * carry[0] + r[1] * carry[1] + r[2] * carry[2]
            tables.append(SaleTable(view.prices[good], offers[i], most, worth,
                                    view.rules.partial_sales))
        return tables

    # ----------------------------------------------------------- purchasing

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        ledger = Ledger(view)
        rules = view.rules
        own = ledger.orders[view.seat][-1][0] if ledger.months_bought else (0, 0, 0)
        scen = Scenarios(view, ledger, rng, PURCHASE_SCENARIOS, self.decay, own)
        prev = [view.prices[k] for k in RAW]
        n = len(scen.orders[0])
        ref = [max(1.0, prev[g] + sum(scen.orders[g]) / n + own[g] - 10) for g in range(3)]
        goods = [max(1.0, view.prices[good] + 11 - 2 * (sum(scen.offers[i]) / n + 1))
                 for i, good in enumerate(GOODS)]
        months_after = view.months_left - 1
        carry = self.carry(view, ledger, ref, goods, months_after)
        follow = 1.0 if months_after <= 0 else self.follow
        most = min(12, (sum(view.own_stock) + rules.order_limit) // 3 + 1)
        tables = self._tables(view, scen.offers, carry, most)
        value = StockValue(rules.recipes, tables, carry, most)
        liquid = Liquidity(view, self.thrift, ref, months_after)
        margins = margin_per_unit(rules.recipes, ref, goods)
        rival = _Rival(self.rivalry / (view.players - 1),
                       [ref[g] + margins[g] for g in range(3)],
                       [sum(view.stock[j][g] for j in range(view.players) if j != view.seat)
                        for g in range(3)])
        search = _OrderSearch(view, scen, value, ref, follow, self.screen, liquid, rival)
        entry = search.run()
        hats = ", ".join(f"{NAMES[k]} ${int(round(ref[g]))}" for g, k in enumerate(RAW))
        if not entry:
            return entry, f"expects {hats} over {n} scenarios; nothing is worth its price"
        return entry, f"expects {hats} over {n} scenarios; {describe(entry, 'bids')}"

    # ----------------------------------------------------------- selling

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        stock = view.own_stock
        if sum(stock) < 3:
            return {}, "has nothing to sell"
        ledger = Ledger(view)
        rules = view.rules
        scen = Scenarios(view, ledger, rng, SALE_SCENARIOS, self.decay)
        n = len(scen.offers[0])
        raw = [float(view.prices[k]) for k in RAW]
        goods = [max(1.0, view.prices[good] + 11 - 2 * (sum(scen.offers[i]) / n + 1))
                 for i, good in enumerate(GOODS)]
        carry = self.carry(view, ledger, raw, goods, view.months_left - 1)
        most = min(12, sum(stock) // 3)
        tables = self._tables(view, scen.offers, carry, most)
        value = StockValue(rules.recipes, tables, carry, most)
        liquid = Liquidity(view, self.thrift, raw, view.months_left - 1)
        worth = [sum(r * c for r, c in zip(rules.recipes[g], carry)) for g in GOODS]
        rival = _Rival(self.rivalry / (view.players - 1), worth, (0, 0, 0))
        plan, asks = _best_offer(view, scen, value, tables, carry, liquid, rival)
        entry: Entry = {good: (plan[i], asks[i]) for i, good in enumerate(GOODS) if plan[i]}
        if not entry:
            return entry, "keeps its stock: no sale beats the worth of its materials"
        return entry, f"over {n} scenarios {describe(entry, 'asks')}"


class _Rival:
    """How the others' gains count against this seat's: ``weight`` times their sum.

    ``worth`` is what a unit of each commodity of the phase is worth to the
    seat that gets it (so a fill or a sale gains worth less price for a
    buyer, price less worth for a seller); ``stock`` the others' raw stock,
    whose worth moves with the raw prices as this seat's does.
    """

    def __init__(self, weight: float, worth: Sequence[float], stock: Sequence[int]) -> None:
        self.weight, self.worth, self.stock = weight, list(worth), list(stock)


# --------------------------------------------------------------- the purchase search


class _OrderSearch:
    """The whole order with the best average over the scenarios.

    A candidate is three (units, bid) pairs.  Its value in a scenario is the
    worth of the stock it ends with (``StockValue``, the raw part moved by
    ``follow`` times the scenario's new raw price less ``ref``, the mean one),
    less what it pays, less the loan's cost (Variation I).  Without loans a
    candidate never costs more than the cash, so RULES §4.1.5 never cancels it.
    """

    def __init__(self, view: PlayerView, scen: Scenarios, value: StockValue,
                 ref: Sequence[float], follow: float, screen: float, liquid: Liquidity,
                 rival: _Rival) -> None:
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


def _best_offer(view: PlayerView, scen: Scenarios, value: StockValue, tables: Sequence[SaleTable],
                carry: Sequence[float], liquid: Liquidity,
                rival: _Rival) -> Tuple[List[int], List[int]]:
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


def _rival_sales(view: PlayerView, scen: Scenarios, rival: _Rival, plan: Sequence[int],
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


def make(seed: Optional[int] = None) -> SAA:
    """The ``saa`` strategy."""
    return SAA(seed)
