"""Per-opponent models, learned during the game from what each seat revealed.

What it knows: a ``PlayerView`` (prices, every seat's cash, stock and
borrowing, and the revealed history).  What it gives: for each other seat, a
small mixture of predictions of its units per commodity this phase, each
with a spread, blended by how well each prediction would have foretold that
seat's revealed entries so far.

The predictions come from a few *model players*: simple, readable ways of
deciding, each run in the opponent's own public position (its cash, stock
and limits, the prices it faced).  The history is replayed to rebuild those
positions; each model's prediction at every past decision is compared with
what the seat actually entered.  Recent months count more.  Before any
history (January), a prior weighs the models.

Imports the engine's pure modules and ``memo``.  About 600 lines: the model
players, the replay of their positions and the blend that scores them are
read side by side, one module, since each model is judged by that replay.
"""
from __future__ import annotations

import math
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..production import can_fill, places
from ..report import PhaseRecord
from ..rules import ENTRY_INDEXES, GOODS, GOOD_INDEXES, GRADE_INDEXES, OPENING_PRICES, Phase, Rules
from ..view import PlayerView
from .memo import remember

Triple = Tuple[float, float, float]
Recipes = Tuple[Tuple[int, int, int], Tuple[int, int, int], Tuple[int, int, int]]

#: How many past decisions of each phase a model is judged on (older ones weigh little).
WINDOW = 8
#: Each month back, a past error counts this much less.
FORGET = 0.75
#: Spread of a model's error (units, per commodity) assumed before any is seen.
PRIOR_SD = 1.6
#: How many decisions' worth of weight the prior spread carries.
PRIOR_COUNT = 1.5
#: Scale of the error that halves a model's weight, in squared units summed over a phase.
TEMPERATURE = 6.0
#: How many decisions' worth of "no bias" a seat's bias is shrunk towards, by phase.  Orders
#: swing from one plan to another month by month (last month's error foretells the opposite
#: error), so they keep no bias; offers drift steadily, so theirs is corrected.
BIAS_COUNT = {Phase.PURCHASING: float("inf"), Phase.SELLING: 1.0}
#: A model player offering all it can make adds a unit of a good while the good's margin,
#: less ``lean`` dollars per unit already planned, is above this: its stock is paid for,
#: so it sells below the materials' price, but not at any loss (a set figure, not fitted).
MARGIN_FLOOR = -30


class Position:
    """One seat's public position at one decision: what a model player decides from.

    ``prices`` are the six previous prices (raw then goods), ``stock`` the
    seat's raw units, ``orders``/``offers`` its earlier entries' units
    (counted units for offers), oldest first; ``shares`` the part of what it
    could make that it offered each month, ``bought`` the part of its
    ordered units it got; ``totals`` the whole table's units of each
    commodity at their last revealed phase.
    """

    __slots__ = ("seat", "month", "phase", "months_left", "cash", "stock", "borrowed",
                 "prices", "orders", "offers", "shares", "bought", "rules", "recipes", "totals",
                 "_key")

    def __init__(self, seat: int, month: int, phase: str, months_left: int, cash: int,
                 stock: Tuple[int, int, int], borrowed: int, prices: Tuple[int, ...],
                 orders: Tuple[Tuple[int, int, int], ...], offers: Tuple[Tuple[int, int, int], ...],
                 shares: Tuple[float, ...], bought: Tuple[float, ...], rules: Rules,
                 recipes: Recipes, totals: Tuple[int, ...] = (10, 10, 10, 5, 5, 5)) -> None:
        self.seat = seat
        self.month = month
        self.phase = phase
        self.months_left = months_left
        self.cash = cash
        self.stock = stock
        self.borrowed = borrowed
        self.prices = prices
        self.orders = orders
        self.offers = offers
        self.shares = shares
        self.bought = bought
        self.rules = rules
        self.recipes = recipes
        self.totals = totals
        self._key: Optional[tuple] = None

    def key(self) -> tuple:
        """Everything a model player reads: equal keys give equal predictions."""
        if self._key is None:
            # the rules and recipes too: a memo shared by the games of one process must never
            # give a game the prediction made for another game's recipes or table
            self._key = (self.seat, self.month, self.phase, self.months_left, self.cash,
                         self.stock, self.borrowed, self.prices, self.orders[-WINDOW:],
                         self.offers[-WINDOW:], self.shares[-WINDOW:], self.bought[-WINDOW:],
                         self.totals, self.rules, self.recipes)
        return self._key


# ------------------------------------------------------------ model players


def margins(pos: Position) -> List[float]:
    """Each good's margin at the previous prices: its price less its recipe's raw cost."""
    p = pos.prices
    return [p[3 + h] - (r[0] * p[0] + r[1] * p[1] + r[2] * p[2])
            for h, r in enumerate(pos.recipes)]


def anticipated_margins(pos: Position) -> List[float]:
    """Each good's margin at the prices its last month's totals would bring again.

    A seat that looks ahead expects a good that few offered to climb (and a
    grade many ordered to stay dear), and plans for the margin after the move.
    """
    p, t = pos.prices, pos.totals
    raw = [max(1, p[g] + t[g] - 10) for g in GRADE_INDEXES]
    return [max(1, p[3 + h] + 11 - 2 * t[3 + h]) - (r[0] * raw[0] + r[1] * raw[1] + r[2] * raw[2])
            for h, r in enumerate(pos.recipes)]


def _greedy_goods(recipes: Recipes, stock: Sequence[int], score: Sequence[float],
                  lean: float = 4.0) -> List[int]:
    """Goods added one at a time, best score first, each unit planned making its good ``lean`` worse."""
    units = [0, 0, 0]
    if stock[0] + stock[1] + stock[2] < 3:
        return units
    while True:
        order = sorted(GOOD_INDEXES, key=lambda i: score[i] - lean * units[i], reverse=True)
        for i in order:
            if score[i] - lean * units[i] <= MARGIN_FLOOR:
                continue
            units[i] += 1
            if can_fill(places(_as_map(recipes), units), stock):
                break
            units[i] -= 1
        else:
            return units


def _as_map(recipes: Recipes) -> Dict[str, Tuple[int, int, int]]:
    return dict(zip(GOODS, recipes))


def _affordable(pos: Position, units: Sequence[float], spend: float = 1.0) -> Triple:
    """``units`` scaled down to what the seat's cash (and loans) can pay at about the minimum bids."""
    p = pos.prices
    cost = sum(u * (p[g] + max(0.0, u - 10) + 3) for g, u in enumerate(units))
    room = pos.cash * spend
    if pos.rules.loans:
        room += 3 * pos.rules.starting_cash
    if cost > room > 0:
        factor = room / cost
        return (units[0] * factor, units[1] * factor, units[2] * factor)
    if room <= 0:
        return (0.0, 0.0, 0.0)
    return (float(units[0]), float(units[1]), float(units[2]))


def _within_limits(pos: Position, units: Sequence[float]) -> List[float]:
    """Units capped by the grade limit and scaled into the monthly limit."""
    grade = pos.rules.grade_limit
    capped = [min(float(grade), max(0.0, u)) for u in units]
    total = sum(capped)
    limit = pos.rules.order_limit
    if total > limit:
        capped = [u * limit / total for u in capped]
    return capped


def _prior_order(pos: Position) -> List[float]:
    """What a seat with no past orders is assumed to order: most of its limit, Fine-heavy."""
    limit = pos.rules.order_limit
    return [0.3 * limit, 0.4 * limit, 0.25 * limit]


def order_repeat(pos: Position) -> Triple:
    """Orders what it ordered last month, as far as its cash goes."""
    last = pos.orders[-1] if pos.orders else _prior_order(pos)
    return _affordable(pos, _within_limits(pos, last))


def order_trend(pos: Position) -> Triple:
    """Orders its recent average (each month back counts half as much)."""
    if not pos.orders:
        return _affordable(pos, _prior_order(pos))
    mean = list(pos.orders[0])
    for units in pos.orders[1:]:
        for g in GRADE_INDEXES:
            mean[g] += 0.5 * (units[g] - mean[g])
    return _affordable(pos, _within_limits(pos, mean))


def _recipe_order(pos: Position, score: Sequence[float], use: float) -> Triple:
    """Buys what it lacks for the goods that score best, using ``use`` of its monthly limit."""
    limit = pos.rules.order_limit
    grade_limit = pos.rules.grade_limit
    budget = int(limit * use + 0.5)
    stock = pos.stock
    goods = [0, 0, 0]
    buy = [0, 0, 0]
    need = (0, 0, 0)
    while True:
        best = None
        for h in sorted(GOOD_INDEXES, key=lambda i: score[i] - 4.0 * goods[i], reverse=True):
            if score[h] - 4.0 * goods[h] <= 0:
                break
            goods[h] += 1
            trial_need = places(_as_map(pos.recipes), goods)
            trial = buy_for(trial_need, stock)
            goods[h] -= 1
            if sum(trial) <= budget and max(trial) <= grade_limit:
                best = (h, trial_need, trial)
                break
        if best is None:
            break
        goods[best[0]] += 1
        need, buy = best[1], list(best[2])
    total = sum(buy)
    spare = budget - total
    if spare > 0 and use >= 1.0:
        # a full-limit buyer spends what the recipes leave on the grades they use most
        weights = [need[g] + 0.5 for g in GRADE_INDEXES]
        whole = sum(weights)
        for g in GRADE_INDEXES:
            buy[g] += spare * weights[g] / whole
    return _affordable(pos, _within_limits(pos, buy))


def buy_for(need: Sequence[int], stock: Sequence[int]) -> Tuple[int, int, int]:
    """The raw units to buy so that ``stock`` fills the places ``need``.

    Stock fills its own grade's places first, then stands in (X-Fine for
    Fine, Fine for Standard) before anything is bought.
    """
    nx, nf, ns = need
    x, f, s = stock
    bx = nx - x if nx > x else 0
    spare_x = x - nx if x > nx else 0
    use_f = nf if nf < f else f
    rest = nf - use_f
    bf = rest - spare_x if rest > spare_x else 0
    spare_f = f - use_f
    use_s = ns if ns < s else s
    rest = ns - use_s
    bs = rest - spare_f if rest > spare_f else 0
    return (bx, bf, bs)


def order_margin(pos: Position) -> Triple:
    """Buys the recipes of the goods with the best margins, spreading over goods as it goes."""
    return _recipe_order(pos, margins(pos), 1.0)


def order_ahead(pos: Position) -> Triple:
    """Buys the recipes of the goods with the best margins once the market has moved as last month."""
    return _recipe_order(pos, anticipated_margins(pos), 1.0)


def order_lean(pos: Position) -> Triple:
    """Buys only what two thirds of its limit makes of the best-margin goods."""
    return _recipe_order(pos, margins(pos), 0.67)


def order_profile(pos: Position) -> Triple:
    """Keeps its habitual share of the limit and mix of grades, scaled to its cash now."""
    if not pos.orders:
        return _affordable(pos, _prior_order(pos))
    recent = pos.orders[-4:]
    total = [sum(o[g] for o in recent) / len(recent) for g in GRADE_INDEXES]
    return _affordable(pos, _within_limits(pos, total))


def offer_all(pos: Position) -> Triple:
    """Offers everything it can make, best margins first, spreading over the goods."""
    return tuple(float(u) for u in _greedy_goods(pos.recipes, pos.stock, margins(pos)))  # type: ignore[return-value]


def offer_ahead(pos: Position) -> Triple:
    """Offers everything it can make, the goods it expects to climb first."""
    return tuple(float(u) for u in _greedy_goods(pos.recipes, pos.stock,  # type: ignore[return-value]
                                                  anticipated_margins(pos)))


def offer_most(pos: Position) -> Triple:
    """Offers as many goods as its stock makes, each grade going first to the good that needs it most.

    X-Fine is good for little but A, so it makes A; then Fine and Standard
    make B or C, whichever has the better margin.
    """
    recipes = _as_map(pos.recipes)
    stock = pos.stock
    m = margins(pos)
    order = [0] + sorted((1, 2), key=lambda h: m[h], reverse=True)
    units = [0, 0, 0]
    for h in order:
        while True:
            units[h] += 1
            if not can_fill(places(recipes, units), stock):
                units[h] -= 1
                break
    return (float(units[0]), float(units[1]), float(units[2]))


def _scaled_offer(pos: Position, share: float) -> Triple:
    goods = _greedy_goods(pos.recipes, pos.stock, margins(pos))
    return (goods[0] * share, goods[1] * share, goods[2] * share)


def offer_habit(pos: Position) -> Triple:
    """Offers the share of what it could make that it offered lately, in the best-margin mix."""
    if not pos.offers:
        return _scaled_offer(pos, 0.9)
    recent = pos.shares[-4:]
    return _scaled_offer(pos, min(1.0, sum(recent) / len(recent)))


def offer_repeat(pos: Position) -> Triple:
    """Offers last month's mix of goods, as far as its stock now makes it."""
    if not pos.offers:
        return _scaled_offer(pos, 0.9)
    last = list(pos.offers[-1])
    recipes = _as_map(pos.recipes)
    while sum(last) and not can_fill(places(recipes, last), pos.stock):
        h = max(GOOD_INDEXES, key=lambda i: last[i])
        last[h] -= 1
    return (float(last[0]), float(last[1]), float(last[2]))


def offer_half(pos: Position) -> Triple:
    """Offers about half of what it could make and keeps the rest in stock."""
    return _scaled_offer(pos, 0.5)


ModelPlayer = Callable[[Position], Triple]

#: The model players of each phase and their prior weights.
ORDER_MODELS: Tuple[Tuple[str, ModelPlayer, float], ...] = (
    ("repeat", order_repeat, 1.0),
    ("trend", order_trend, 1.0),
    ("margin", order_margin, 1.0),
    ("ahead", order_ahead, 1.0),
    ("lean", order_lean, 0.7),
    ("profile", order_profile, 0.7),
)
OFFER_MODELS: Tuple[Tuple[str, ModelPlayer, float], ...] = (
    ("all", offer_all, 1.2),
    ("ahead", offer_ahead, 1.0),
    ("most", offer_most, 1.0),
    ("habit", offer_habit, 1.0),
    ("repeat", offer_repeat, 0.8),
    ("half", offer_half, 0.5),
)


# ------------------------------------------------------------ replaying the history


Past = List[Tuple[str, List[Position], PhaseRecord]]


#: The last replay: ``(history, rules, month, phase, is_over, (past, now))``.  Every seat's
#: view of one phase has the same history (the same reports) and the same replay, so the
#: computer players who decide a phase one after another replay it once.
_LAST_REPLAY: Optional[tuple] = None


def positions(view: PlayerView) -> Tuple[Past, List[Position]]:
    """Every seat's position before each revealed phase, with what it then entered.

    Returns ``(past, now)``: ``past`` holds, per revealed phase, its phase,
    the seats' positions before it and its record (``PhaseReport.record``);
    ``now`` holds each seat's position for the current phase.  Nothing in
    them depends on the view's seat, so the last replay is kept
    (``_LAST_REPLAY``) for the next view of the same phase, found by its very
    reports; its lists are given as copies, its positions as they are (no
    one changes a position).
    """
    global _LAST_REPLAY
    history = view.history
    last = _LAST_REPLAY
    if last is not None:
        seen, rules, month, phase, over, (past, now) = last
        if (month == view.month and phase == view.phase and over == view.is_over
                and len(seen) == len(history) and rules == view.rules
                and all(a is b for a, b in zip(seen, history))):
            return list(past), list(now)
    past, now = _replay(view)
    _LAST_REPLAY = (history, view.rules, view.month, view.phase, view.is_over, (past, now))
    return list(past), list(now)


def _replay(view: PlayerView) -> Tuple[Past, List[Position]]:
    """``positions`` worked out from the view's history, phase by phase."""
    rules = view.rules
    recipes: Recipes = tuple(rules.recipes[g] for g in GOODS)  # type: ignore[assignment]
    n = view.players
    cash = [rules.starting_cash] * n
    stock = [(0, 0, 0)] * n
    borrowed = [0] * n
    prices = [OPENING_PRICES[k] for k in ("xfine", "fine", "standard", "A", "B", "C")]
    orders: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
    offers: List[List[Tuple[int, int, int]]] = [[] for _ in range(n)]
    shares: List[List[float]] = [[] for _ in range(n)]
    bought: List[List[float]] = [[] for _ in range(n)]
    months = rules.months
    totals = [10, 10, 10, 5, 5, 5]
    past: Past = []

    def snapshot(month: int, phase: str) -> List[Position]:
        return [Position(j, month, phase, months - month + 1, cash[j], stock[j], borrowed[j],
                         tuple(prices), tuple(orders[j]), tuple(offers[j]), tuple(shares[j]),
                         tuple(bought[j]), rules, recipes, tuple(totals)) for j in range(n)]

    for report in view.history:
        before = snapshot(report.month, report.phase)
        record = report.record
        past.append((report.phase, before, record))
        buying = report.phase == Phase.PURCHASING
        for j, seat in enumerate(record.seats):
            units = tuple(pair[0] for pair in seat.entry)
            if buying:
                orders[j].append(units)  # type: ignore[arg-type]
                borrowed[j] += seat.loan
                if sum(units):
                    bought[j].append(0.0 if seat.cancelled else sum(seat.done) / sum(units))
            else:
                counted = (0, 0, 0) if seat.cancelled else units
                offers[j].append(counted)  # type: ignore[arg-type]
                capacity = (stock[j][0] + stock[j][1] + stock[j][2]) // 3
                shares[j].append(min(1.0, sum(counted) / capacity) if capacity else 1.0)
            cash[j] = seat.cash_after
            stock[j] = seat.stock_after
        offset = 0 if buying else 3
        for i in ENTRY_INDEXES:
            prices[offset + i] = record.new[i]
            totals[offset + i] = record.totals[i]
    now = snapshot(view.month, view.phase) if not view.is_over else []
    return past, now


def actual_units(record: PhaseRecord, seat: int, buying: bool) -> Tuple[int, int, int]:
    """What a seat entered in a revealed phase: units ordered, or units counted when offering."""
    mine = record.seats[seat]
    if not buying and mine.cancelled:
        return (0, 0, 0)
    entry = mine.entry
    return (entry[0][0], entry[1][0], entry[2][0])


# ------------------------------------------------------------ the blend


class ExtraModel:
    """A model player that needs the whole table, not one seat's position (``replies``).

    ``guess(index, seat)`` is its prediction of ``seat``'s units at the
    revealed phase ``index`` of the history (``None``: the phase being
    decided); ``prior`` weighs it before any record, like ``ORDER_MODELS``.
    """

    name = "extra"
    prior = 1.0

    def guess(self, index: Optional[int], seat: int) -> Triple:
        raise NotImplementedError


class Prediction:
    """One seat's forecast for a phase: a mixture of model predictions.

    ``means[m]`` is model ``m``'s units per commodity, ``sds[m]`` its spread
    per commodity, ``weights[m]`` its share (summing to 1); ``mean`` and
    ``sd`` describe the whole mixture.  ``guesses[m]`` is the model's own
    prediction and ``errors[m]`` its past errors with this seat, as
    ``(weight, error per commodity)``, for drawing errors like those seen;
    ``trust`` is the share of draws that do (the rest use the spread).
    """

    __slots__ = ("seat", "names", "means", "sds", "weights", "mean", "sd", "guesses", "errors",
                 "trust", "typical")

    def __init__(self, seat: int, names: Sequence[str], means: List[Triple],
                 sds: List[Triple], weights: List[float],
                 guesses: Optional[List[Triple]] = None,
                 errors: Optional[List[List[Tuple[float, Triple]]]] = None,
                 trust: float = 0.0) -> None:
        self.seat = seat
        self.names = tuple(names)
        self.means = means
        self.sds = sds
        self.weights = weights
        self.guesses = guesses if guesses is not None else means
        self.errors = errors if errors is not None else [[] for _ in means]
        self.trust = trust
        #: each model's average past error with this seat
        self.typical: List[Triple] = []
        for seen in self.errors:
            total = sum(w for w, _ in seen) or 1.0
            self.typical.append(tuple(sum(w * miss[c] for w, miss in seen) / total  # type: ignore[misc]
                                      for c in ENTRY_INDEXES))
        mean = [sum(w * m[c] for w, m in zip(weights, means)) for c in ENTRY_INDEXES]
        var = [sum(w * (s[c] ** 2 + (m[c] - mean[c]) ** 2) for w, m, s in zip(weights, means, sds))
               for c in ENTRY_INDEXES]
        self.mean: Triple = (mean[0], mean[1], mean[2])
        self.sd: Triple = (math.sqrt(var[0]), math.sqrt(var[1]), math.sqrt(var[2]))


#: Model predictions the memo keeps (``memo.remember`` then forgets the oldest quarter).
MEMO_SIZE = 20000
#: Model predictions by position, shared by the computer players of this process (see below).
SHARED: Dict[tuple, Triple] = {}


def forget() -> None:
    """Forget the memo of model predictions and the last replay (both pure caches)."""
    global _LAST_REPLAY
    SHARED.clear()
    _LAST_REPLAY = None


class OpponentModels:
    """Learns, per seat and phase, how far to trust each model player.

    ``memo`` caches model predictions by position; the predictions are pure
    functions of the position, so a shared memo (``SHARED``, the default)
    never changes a forecast, it only saves time from one decision to the
    next and from one player to the next.
    """

    def __init__(self, memo: Optional[Dict[tuple, Triple]] = None) -> None:
        self.memo: Dict[tuple, Triple] = memo if memo is not None else SHARED

    def _predict(self, name: str, model: ModelPlayer, pos: Position) -> Triple:
        key = (name, pos.key())
        found = self.memo.get(key)
        if found is None:
            found = model(pos)
            remember(self.memo, key, found, MEMO_SIZE)
        return found

    def forecast(self, view: PlayerView, phase: Optional[str] = None,
                 now: Optional[Sequence[Position]] = None,
                 past: Optional[Past] = None, extra: Optional["ExtraModel"] = None,
                 seats: Optional[Sequence[int]] = None) -> Dict[int, Prediction]:
        """Each other seat's ``Prediction`` for ``phase`` (default: the view's phase).

        ``now`` may give the positions to predict from (for instance each
        seat's expected stock after this month's purchasing); by default
        they are the seats' positions in the view.  ``extra`` adds a model
        that needs more than a seat's own position (``ExtraModel``).
        ``seats`` are the seats to forecast, by default every seat but the view's.
        """
        phase = phase or view.phase
        if past is None or now is None:
            replay_past, replay_now = positions(view)
            past = replay_past if past is None else past
            now = replay_now if now is None else now
        buying = phase == Phase.PURCHASING
        models = ORDER_MODELS if buying else OFFER_MODELS
        relevant = [(i, before, record) for i, (kind, before, record) in enumerate(past)
                    if kind == phase][-WINDOW:]
        out: Dict[int, Prediction] = {}
        wanted = set(seats) if seats is not None else set(range(len(now))) - {view.seat}
        for pos in now:
            j = pos.seat
            if j in wanted:
                out[j] = self._blend(j, pos, relevant, models, buying, extra)
        return out

    def _blend(self, j: int, pos: Position, relevant: list, models, buying: bool,
               extra: Optional["ExtraModel"] = None) -> Prediction:
        """Weigh each model by its record with seat ``j``; take the spread from the blend's own errors."""
        history = []   # per past decision: (forget, what the seat entered, each model's guess)
        predict = self._predict
        for age, (i, before, record) in enumerate(reversed(relevant)):
            guesses = [predict(name, model, before[j]) for name, model, _ in models]
            if extra is not None:
                guesses.append(extra.guess(i, j))
            history.append((FORGET ** age, actual_units(record, j, buying), guesses))
        current = [predict(name, model, pos) for name, model, _ in models]
        priors = [(name, prior) for name, _, prior in models]
        if extra is not None:
            current.append(extra.guess(None, j))
            priors.append((extra.name, extra.prior))
        names, means, sds, logw, errors = [], [], [], [], []
        weight_sum = sum(forget for forget, _, _ in history)
        for m, (name, prior) in enumerate(priors):
            score = 0.0
            sq = [0.0, 0.0, 0.0]
            seen = []
            for forget, real, guesses in history:
                miss = (real[0] - guesses[m][0], real[1] - guesses[m][1], real[2] - guesses[m][2])
                seen.append((forget, miss))
                for c in ENTRY_INDEXES:
                    sq[c] += forget * miss[c] * miss[c]
                    score += forget * miss[c] * miss[c]
            errors.append(seen)
            guess = current[m]
            base = [PRIOR_SD ** 2 * (1.0 + 0.1 * guess[c]) for c in ENTRY_INDEXES]
            sd = tuple(math.sqrt((PRIOR_COUNT * base[c] + sq[c]) / (PRIOR_COUNT + weight_sum))
                       for c in ENTRY_INDEXES)
            names.append(name)
            means.append(guess)
            sds.append(sd)
            logw.append(math.log(prior) - score / TEMPERATURE)
        top = max(logw)
        raw = [math.exp(w - top) for w in logw]
        total = sum(raw)
        weights = [w / total for w in raw]
        guesses = means
        if history:
            means, sds = _calibrated(history, weights, means, sds, weight_sum,
                                     BIAS_COUNT[Phase.PURCHASING if buying else Phase.SELLING])
        trust = weight_sum / (weight_sum + PRIOR_COUNT)
        return Prediction(j, names, means, sds, weights, guesses, errors, trust)


def _calibrated(history: list, weights: List[float], means: List[Triple], sds: List[Triple],
                weight_sum: float, bias_count: float) -> Tuple[List[Triple], List[Triple]]:
    """Shift and widen the models so the blend's bias and spread match its own past errors.

    The blend of the models, weighted as now, is replayed over the seat's
    past decisions: its mean error (shrunk towards none) is added to every
    model, and if its errors were wider than the mixture says, every model's
    spread grows by the difference.
    """
    bias = [0.0, 0.0, 0.0]
    square = [0.0, 0.0, 0.0]
    for forget, real, guesses in history:
        for c in ENTRY_INDEXES:
            blended = sum(w * g[c] for w, g in zip(weights, guesses))
            d = real[c] - blended
            bias[c] += forget * d
            square[c] += forget * d * d
    new_means, new_sds = [], []
    extra = []
    for c in ENTRY_INDEXES:
        b = bias[c] / (bias_count + weight_sum)
        bias[c] = b
        centre = sum(w * m[c] for w, m in zip(weights, means))
        mixture = sum(w * (s[c] ** 2 + (m[c] - centre) ** 2) for w, m, s in zip(weights, means, sds))
        seen = (PRIOR_COUNT * PRIOR_SD ** 2 + square[c]) / (PRIOR_COUNT + weight_sum)
        extra.append(max(0.0, seen - mixture))
    for m, s in zip(means, sds):
        new_means.append(tuple(max(0.0, m[c] + bias[c]) for c in ENTRY_INDEXES))
        new_sds.append(tuple(math.sqrt(s[c] ** 2 + extra[c]) for c in ENTRY_INDEXES))
    return new_means, new_sds  # type: ignore[return-value]
