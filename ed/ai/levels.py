"""The levels: what each knows how to do, and the ``Avatar`` that plays one.

``Avatar.decide(view)`` runs one loop at every level: forecast the others
(``models``), price every quantity (``pricing``), choose the plan and the
entry (``planner``), and say why in one sentence.  The levels differ in
their ``Style``; the personalities (``characters``) bend every level the
same way.  Imports every other module of the AI but the gauntlet.

A decision that fails (an error anywhere in it, its check of the entry
included, or an entry the rules refuse) passes the phase, as ``decide``
promises never to raise; it is counted in ``fallbacks`` and logged with its
traceback (``ed.players.failed``, on this module's logger), which the window
writes to ``errors.log`` and the tournament, the bench and the review count.
Whoever asks a player decides through ``ed.players.decide``, the guard that
also catches a failure at the door.
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from .. import hints, players
from ..production import places
from ..rules import GOODS, GRADE_INDEXES, NAMES, Phase, RAW
from ..view import PlayerView
from ..words import and_list
from . import accord, mixing
from . import opponents as _opponents
from . import replies as _replies
from . import scenarios as _scenarios
from . import worth
from .characters import NEUTRAL, PERSONALITIES, TEMPERS, expert_temper
from .memo import COLLECTOR_PAUSE
from .models import History, Outlook, forecast, outlook_of
from .opponents import OpponentModels, buy_for, positions
from .optimiser import Candidate, Optimiser, optimiser_for
from .planner import plan_purchases, plan_sales, spending_room
from .pricing import Pricer
from .replies import Replies
from .style import STYLES

LEVELS: Tuple[str, ...] = ("easy", "medium", "hard", "expert")

#: Seconds an ``expert`` decision should take at most in the window, where a person waits
#: (``avatar.time_budget = TIME_BUDGET``).  Off by default, so that a seed alone decides.
TIME_BUDGET = 0.040

#: Dollars of expected worth by which an ``expert`` weighs the good entries it draws from
#: (``mixing``): an entry that much worse than the best is drawn 1/e as often.
MIX_SPREAD = 3.0

#: The spread is this many times as wide while a seat outside the plan leads the table: the
#: plan may be read, so the experts' entries are drawn more widely from it (``_read``).
READ_SPREAD = 2.0

#: The same for the bid or ask of each grade or good, once the entry is drawn.
PRICE_SPREAD = 2.5

#: Scenarios ``hard`` draws from its opponent models (turned into one distribution per commodity).
HARD_SCENARIOS = 32

Entry = Dict[str, Tuple[int, int]]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Decision:
    """A decided entry with its sentence for the log and the prices it expected."""

    entry: Tuple[Tuple[str, Tuple[int, int]], ...]
    explanation: str
    expected: Tuple[Tuple[str, int], ...]
    #: units of A, B and C the entry is meant to make and sell this month
    plan: Tuple[int, int, int] = (0, 0, 0)

    def as_dict(self) -> Entry:
        return dict(self.entry)


def forget() -> None:
    """Forget what the computer players of this process have worked out (their memos of
    plans, replies and model predictions, the last replay of a history): pure caches, so no
    decision changes, but the next decisions work everything out again, as the first game
    of a process does."""
    accord.SHARED.clear()
    _replies.SHARED.clear()
    _opponents.forget()


def avatar_for(game_seed: Optional[int], seat: int, level: str,
               personality: Optional[str] = None) -> "Avatar":
    """The avatar for ``seat`` of a game with ``game_seed`` (deterministic when seeded)."""
    seed = None if game_seed is None else game_seed * 1009 + seat
    return Avatar(level, personality, seed=seed)


class Avatar:
    """A computer player.  ``decide(view)`` returns a legal entry for the view's phase.

    ``Avatar(level="medium", personality=None, seed=None)``; raises
    ``ValueError`` for a level or personality it does not know.  The same
    seed and the same view always give the same decision.
    """

    def __init__(self, level: str = "medium", personality: Optional[str] = None,
                 seed: Optional[int] = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        if personality is not None and personality not in PERSONALITIES:
            raise ValueError(f"Unknown personality {personality!r}; choose one of "
                             f"{', '.join(PERSONALITIES)}.")
        self.level = level
        self.personality = personality
        self.style = STYLES[level]
        self.temper = TEMPERS[personality] if personality else NEUTRAL
        if level == "expert":
            self.temper = expert_temper(personality)
        self.seed = seed if seed is not None else random.getrandbits(48)
        self.explanation = ""
        self.last_decision: Optional[Decision] = None
        #: decisions that fell back to an empty entry because planning failed (should stay 0)
        self.fallbacks = 0
        #: the scenarios of the others the last decision was made against (levels that draw them)
        self.last_scenarios: Optional[_scenarios.Scenarios] = None
        #: the error behind the last fallback, for whoever investigates it
        self.last_error = ""
        #: seconds a decision should take at most (``None``, the default: no limit, so the
        #: same seed and view always give the same decision); see ``_expert``
        self.time_budget: Optional[float] = None
        #: decisions that cut their search short to keep to the budget
        self.hurried = 0
        #: the share of the best margin a unit in stock is worth, by months left (``None``, the
        #: default: the learned table for the game's number of players, ``worth.carry_for``)
        self.carry: Optional[Tuple[float, ...]] = None
        #: what the opponent models learned, kept from one decision to the next (a pure cache)
        self._models = OpponentModels()
        #: the others' best replies (``expert``), kept from one decision to the next (a pure cache)
        self._replies = Replies()
        #: the spread of the draw among good entries in the decision being made (``mixing``)
        self._spread = MIX_SPREAD

    def __repr__(self) -> str:
        return f"Avatar({self.level!r}, {self.personality!r})"

    def decide(self, view: PlayerView) -> Entry:
        """A legal entry for the view's current phase, decided from the view alone.

        With a ``time_budget`` (a person is waiting) the collector of cyclic
        garbage waits for the end of the decision, its check of the entry
        included: a full sweep of the memos costs 20-70 ms once they have
        grown over a few games, and none of it is the decision's
        (``memo.COLLECTOR_PAUSE``, counted across threads).
        """
        if self.time_budget:
            with COLLECTOR_PAUSE:
                return self._decide(view)
        return self._decide(view)

    def _decide(self, view: PlayerView) -> Entry:
        """The decision, all of it inside the guard: the plan and the check of its entry."""
        try:
            if view.is_over:
                return self._done({}, "the game is over", ())
            entry, sentence, expected, plan = self._plan(view)
            refused = _refused(view, entry)
            if not refused:
                return self._done(entry, sentence, expected, plan)
        except Exception as error:  # never let a bug stop the game: pass this phase instead
            return self._fall_back(view, f"{type(error).__name__}: {error}", error)
        return self._fall_back(view, f"illegal entry {entry}: {'; '.join(refused)}")

    def _plan(self, view: PlayerView):
        """The entry, its sentence, the prices it expects and the goods it is for."""
        rng = random.Random(f"{self.seed}:{view.seat}:{view.month}:{view.phase}")
        if self.level == "expert":
            self.temper = expert_temper(self.personality, loans=view.rules.loans)
        if self.style.scenarios:
            return self._expert(view, rng)
        if self.style.forecast == "opponents":
            sc = _scenarios.draw(view, self._models, rng, HARD_SCENARIOS)
            self.last_scenarios = sc
            outlook = Outlook(outlook_of(sc.raw), outlook_of(sc.goods))
        else:
            outlook = forecast(view, self.style, History(view))
        pricer = Pricer(view, self.style, self.temper, rng, outlook)
        if view.phase == Phase.PURCHASING:
            return self._order(view, pricer)
        return self._offer(view, pricer)

    def _fall_back(self, view: PlayerView, why: str, error: Optional[Exception] = None) -> Entry:
        """Pass the phase after a failed decision: counted, kept in ``last_error`` and logged."""
        players.failed(self, view, why, error, logger=log)
        return self._done({}, players.PASSES, ())

    def _done(self, entry: Entry, sentence: str, expected, plan=(0, 0, 0)) -> Entry:
        self.explanation = sentence
        self.last_decision = Decision(tuple(entry.items()), sentence, tuple(expected), tuple(plan))
        return entry

    def _order(self, view: PlayerView, pricer: Pricer):
        plan = plan_purchases(view, pricer)
        if plan is None or not any(plan.buy):
            return _no_order(view, spending_room(view, self.temper), min(pricer.raw_prev),
                             view.is_last_month and pricer.style.endgame)
        bids = [pricer.bids(g, plan.buy[g])[plan.bids[g]][0] if plan.buy[g] else 0
                for g in GRADE_INDEXES]
        nears = [pricer.expected(pricer.raw_market(g, plan.buy[g])) if plan.buy[g] else 0
                 for g in GRADE_INDEXES]
        return _order_told(plan.buy, bids, nears, plan.goods)

    def _offer(self, view: PlayerView, pricer: Pricer):
        if sum(view.own_stock) < 3:
            return {}, "has nothing to sell", (), (0, 0, 0)
        goods, value = plan_sales(view, pricer)
        if not any(goods):
            nears = [f"{g} near ${pricer.sale(h, 0)[3]}" for h, g in enumerate(GOODS)]
            return {}, f"expects {and_list(nears)} and keeps the stock for now", (), (0, 0, 0)

        def priced(h: int, units: int):
            _, ask, _, near = pricer.sale(h, units)
            return ask, near

        return _offer_told(goods, priced)

    # ------------------------------------------------------------ expert

    def _expert(self, view: PlayerView, rng: random.Random):
        """Model each opponent, draw joint scenarios, and take the entry best on average.

        Among each opponent's models is its best reply to the rest of the
        table (``replies``), weighed by how well it foretold that seat.  At a
        table with other experts, all of them work out one plan in the open
        (``accord``), and each draws its entry from its part of the plan and
        the entries one step from it; an expert alone draws from the best
        few entries of its whole search.  The draw (``mixing``) weighs each
        entry by its worth, with the seat's own seed, and then each bid or
        ask from the prices near the best, leaning as its character does
        (``Temper.dear``); while a seat outside the plan leads the table, the
        plan may be read, and the draw is wider (``READ_SPREAD``).  The worth
        of an entry counts what its units cost the rivals (``optimiser.SPITE``).

        The decision keeps to ``time_budget``: when forecasting took more than
        half of it (the first expert to decide a phase also works out the
        others' best replies and the experts' plan, which the rest then
        share), the search that follows is cut short (``Optimiser.hurry``).  On this project's 2-core machine that happens
        to about 1 decision in 40 at 6 seats with every variation, fewer at 4
        seats (``python3 -m ed.bench``).  With a budget the collector of
        cyclic garbage also waits for the end of the decision (``decide``).
        """
        started = time.perf_counter()
        past, now = positions(view)
        replies = self._replies.bind(view, self._models, past, now)
        table = accord.plan(view, self._models, (past, now), replies)
        if table is not None:
            sc = accord.draw(view, self._models, rng, self.style.scenarios, (past, now), replies,
                             table)
        else:
            sc = _scenarios.draw(view, self._models, rng, self.style.scenarios, replay=(past, now),
                                 extra=replies)
        self.last_scenarios = sc
        carry = self.carry if self.carry is not None else worth.carry_for(view.players)
        opt = optimiser_for(view, sc, self.temper, carry)
        if self.time_budget and time.perf_counter() - started > self.time_budget / 2:
            opt.hurry()
            self.hurried += 1
        planned = table is not None and view.seat in table.units
        mix = random.Random(f"mix:{self.seed}:{view.seat}:{view.month}:{view.phase}")
        self._spread = MIX_SPREAD * (READ_SPREAD if table is not None and _read(view, table)
                                     else 1.0)
        if view.phase == Phase.PURCHASING:
            return self._expert_order(view, opt, view.is_last_month,
                                      table if planned else None, mix)
        return self._expert_offer(view, opt, table.units[view.seat] if planned else None, mix)

    def _expert_order(self, view: PlayerView, opt: Optimiser, final: bool,
                      table: Optional[accord.Plan] = None,
                      mix: Optional[random.Random] = None):
        """The order: one of the best candidates (the table's plan for this seat among them),
        drawn by ``mixing`` with the seat's own generator, bids tuned."""
        limit = max(1, int(view.rules.order_limit * self.temper.volume + 0.5))
        room = spending_room(view, self.temper)
        if table is not None:
            plan = Candidate(table.goods[view.seat], table.units[view.seat])
            ranked = opt.near(plan, limit, room)
        else:
            ranked = opt.ranked_orders(limit, room)
        cand: Optional[Candidate] = None
        if ranked:
            spread = self._spread if mix is not None else 0.0
            cand = ranked[mixing.pick([c.value for c in ranked], mix or random.Random(0), spread)]
        if cand is None or not any(cand.units):
            return _no_order(view, room, min(opt.raw_prev), final)
        if mix is not None:
            # each bid drawn from the levels near the tuned one, as the entry was drawn
            for g in GRADE_INDEXES:
                if cand.units[g]:
                    near = opt.bids_near(cand, g)
                    lean = self.temper.dear * min(2, cand.units[g])
                    chosen = near[mixing.pick([v - lean * (b - cand.bids[g]) for b, v in near],
                                              mix, PRICE_SPREAD)]
                    cand.bids[g] = chosen[0]
        nears = []
        for g in GRADE_INDEXES:
            markets = opt.raw_markets(g, cand.units[g])
            nears.append(int(sum(markets) / len(markets) + 0.5))
        needed = _buy_needed(opt, cand.goods)
        kept = [] if final else [(cand.units[g] - needed[g], g) for g in GRADE_INDEXES
                                 if cand.units[g] > needed[g]]
        return _order_told(cand.units, cand.bids, nears, cand.goods, kept)

    def _expert_offer(self, view: PlayerView, opt: Optimiser,
                      planned: Optional[Tuple[int, int, int]] = None,
                      mix: Optional[random.Random] = None):
        """The offer: one of the most valuable makeable offers (the table's plan for this seat
        and keeping everything among them), drawn by ``mixing``, asks of its own."""
        stock = view.own_stock
        if sum(stock) < 3:
            return {}, "has nothing to sell", (), (0, 0, 0)
        if planned is not None:
            options = opt.near_offers(planned, stock)
        else:
            options = opt.ranked_offers(stock)
            options.append(((0, 0, 0), 0.0))
        spread = self._spread if mix is not None else 0.0
        goods = options[mixing.pick([v for _, v in options], mix or random.Random(0), spread)][0]
        if not any(goods):
            nears = [f"{g} near ${int(opt.sale(h, 0).price + 0.5)}" for h, g in enumerate(GOODS)]
            return {}, (f"expects {and_list(nears)} and keeps the stock, worth more kept "
                        f"than sold at those prices"), (), (0, 0, 0)

        def priced(h: int, units: int):
            sale = opt.sale(h, units)
            ask = sale.ask
            if mix is not None:
                asks = opt.asks(h, units)
                lean = self.temper.dear * min(2, units)
                ask = asks[mixing.pick([v + lean * (a - sale.ask) for a, v in asks], mix,
                                       PRICE_SPREAD)][0]
            return ask, int(sale.price + 0.5)

        return _offer_told(goods, priced)


def _refused(view: PlayerView, entry: Entry) -> list:
    """Why the rules would refuse ``entry`` (``hints.problems``), or why an offer cannot be
    made from stock; empty for an entry to hand back."""
    refused = hints.problems(view, entry)
    if not refused and view.phase == Phase.SELLING and not hints.is_makeable(view, entry):
        refused = ["the offer cannot be made from stock"]
    return refused


def _read(view: PlayerView, table: accord.Plan) -> bool:
    """Whether the experts' plan may be read: from the third month on, the seat worth most
    (cash, stock at today's prices, loans to repay; public facts) is not one of the experts."""
    if view.month < 3:
        return False
    worth = [_scenarios.standing(view, s) for s in range(view.players)]
    leader = worth.index(max(worth))
    return leader not in table.units


def _no_order(view: PlayerView, room: int, cheapest: int, last: bool):
    """An empty order and the sentence that says why."""
    if room < cheapest and not view.rules.loans:
        sentence = "is short of cash and orders nothing this month"
    elif last:
        sentence = "buys nothing in the last month: leftovers only fetch the final raw price"
    else:
        sentence = "expects no profit in buying and orders nothing this month"
    return {}, sentence, (), (0, 0, 0)


def _offer_told(goods, priced):
    """The offer, and one sentence: the prices expected and the asks.

    ``priced(h, units)`` gives the ask for ``units`` of good ``h`` and the
    price expected; it is asked once for each good offered, in order.
    """
    entry: Entry = {}
    expects, asks, expected = [], [], []
    for h, good in enumerate(GOODS):
        units = goods[h]
        if not units:
            continue
        ask, near = priced(h, units)
        entry[good] = (units, int(ask))
        expected.append((good, near))
        expects.append(f"{good} near ${near}")
        asks.append(f"${ask} for {units} {good}")
    return entry, f"expects {and_list(expects)} — asks {and_list(asks)}", expected, tuple(goods)


def _order_told(units, bids, nears, goods, kept=()):
    """The order, and one sentence: the prices expected, the bids, and what they are for.

    ``kept`` lists ``(units, grade)`` bought beyond the goods, to keep as stock.
    """
    entry: Entry = {}
    expects, told, expected = [], [], []
    for g, key in enumerate(RAW):
        if not units[g]:
            continue
        entry[key] = (units[g], int(bids[g]))
        expected.append((key, nears[g]))
        expects.append(f"{NAMES[key]} {'near ' if not expects else ''}${nears[g]}")
        told.append(f"${int(bids[g])} for {units[g]} {NAMES[key]}")
    made = [f"{n} {GOODS[h]}" for h, n in enumerate(goods) if n]
    purpose = f" to make {and_list(made)}" if made else ""
    if kept:
        stock = and_list([f"{n} {NAMES[RAW[g]]}" for n, g in kept])
        purpose += f"{' and' if made else ''} to keep {stock}, worth more in stock"
    return entry, f"expects {and_list(expects)} — bids {and_list(told)}{purpose}", expected, goods


def _buy_needed(opt: Optimiser, goods) -> Tuple[int, int, int]:
    return buy_for(places(opt.recipes, goods), opt.stock)
