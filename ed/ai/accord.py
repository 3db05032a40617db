"""The experts' plan in the open: at a table of several experts, what each will enter.

What it knows: the view (the public record, and who plays each seat: which
seats the ``expert`` level plays is as public as the players panel that
shows it), the opponent models and the others' best replies.

Experts who each plan alone against a forecast of the others crowd one
another: they read the market alike, want the same grade in the same month
and bid its price up together, while a player who is not one of them buys
what they left.  So at a table with two or more experts every expert enters
the units of one plan that any of them can work out from public information
alone:

1. each expert seat starts from its best reply to the model players
   (``replies``);
2. in seat order, each expert seat's start is replaced by its best reply to
   the rest of the table: the other experts' units as planned so far, and
   the other seats drawn from their models (``opponents``).  While buying,
   the goods each expert plans to make stand for its offer in the selling
   phase that follows.

Each plan is a seat's own best reply; nobody gives anything up for another.
The plan is worked out with a fixed effort (the optimiser's whole search, over
16 scenarios) from a generator seeded by the phase, never by the time a
decision may take or by the seat that works it out, so every expert at the
table finds the same plan, and the memo ``SHARED`` (a pure cache) lets the
first to decide a phase work it out for all.  Nothing secret is used: anyone
with this program could work out the same plan from the same record.

So the plan is where each expert starts, not what it enters.  A plan
entered as it stands is one fixed point that the record gives away: a player
who worked it out (or learned the experts' habits) priced against it to the
dollar and won every game.  Each expert draws its entry from its part of the
plan and the entries one step from it, the better ones likelier, with its
own seed (``levels``, ``mixing``); the others therefore draw each other
expert within ``WOBBLE`` of its part of the plan, and the seats outside it
from their models.  What a unit costs the rivals (``optimiser.SPITE``)
counts only the seats outside the plan, the leader among them most
(``scenarios.threats``): the experts do not spend their units hurting one
another.

Imports the engine's pure modules, ``characters``, ``memo``, ``opponents``,
``optimiser``, ``planner``, ``randoms``, ``replies``, ``scenarios`` and ``worth``.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

from ..rules import ENTRY_INDEXES, Phase
from ..view import PlayerView
from . import scenarios, worth
from .characters import Temper, expert_temper
from .opponents import OpponentModels, Past, Position
from .optimiser import optimiser_for
from .memo import remember
from .planner import spending_room
from .randoms import normals
from .replies import Replies, view_at

Triple = Tuple[int, int, int]

#: The level whose seats plan in the open.
LEVEL = "expert"
#: Scenarios of the other seats each expert's part of the plan is worked out over.
PLAN_SCENARIOS = 16
#: Plans the memo keeps (``memo.remember`` then forgets the oldest quarter).
MEMO_SIZE = 1000
#: The plans of the phases played in this process, by what they depend on (public facts only).
SHARED: Dict[tuple, "Plan"] = {}


class Plan:
    """What the experts at one phase will enter: ``units`` per expert seat, and while buying
    the ``goods`` those units are meant to make (the offer itself when selling)."""

    __slots__ = ("seats", "units", "goods")

    def __init__(self, seats: Tuple[int, ...], units: Dict[int, Triple],
                 goods: Dict[int, Triple]) -> None:
        self.seats = seats
        self.units = units
        self.goods = goods

    def __repr__(self) -> str:
        return f"Plan({self.units!r}, goods={self.goods!r})"


def experts(view: PlayerView) -> Tuple[int, ...]:
    """The seats the ``expert`` level plays, as the table's set-up shows them."""
    return tuple(s for s, seat in enumerate(view.seats)
                 if seat.is_computer and seat.level == LEVEL)


def temper_of(view: PlayerView, seat: int) -> Temper:
    """An expert seat's temper (``characters.EXPERT_TEMPERS``), public like its name."""
    return expert_temper(view.seats[seat].personality, loans=view.rules.loans)


def plan(view: PlayerView, models: OpponentModels, replay: Tuple[Past, List[Position]],
         replies: Replies) -> Optional[Plan]:
    """The experts' plan for the view's phase; ``None`` unless two or more seats are experts.

    ``replay`` is ``opponents.positions(view)``; ``replies`` is bound to the
    view.  Equal for every seat's view of one phase.
    """
    seats = experts(view)
    if len(seats) < 2:
        return None
    key = (replies.history_key(), view.seats, view.phase)
    found = SHARED.get(key)
    if found is not None:
        return found
    found = _work_out(view, models, replay, replies, seats)
    return remember(SHARED, key, found, MEMO_SIZE)


def _work_out(view: PlayerView, models: OpponentModels, replay: Tuple[Past, List[Position]],
              replies: Replies, seats: Tuple[int, ...]) -> Plan:
    """Each expert seat's best reply in turn, the others' units as planned so far (see above)."""
    n = view.players
    size = PLAN_SCENARIOS
    buying = view.phase == Phase.PURCHASING
    rng = random.Random(f"accord:{len(view.history)}:{view.phase}")
    # every seat is drawn while buying (an expert's offer is drawn until its goods are planned);
    # when selling, the experts' offers are all planned from the start
    drawn = range(n) if buying else [s for s in range(n) if s not in seats]
    orders, raw, offers, goods = scenarios.seat_draws(view, models, rng, size, replay=replay,
                                                      extra=replies, seats=drawn)
    units: Dict[int, Triple] = {}
    for seat in seats:
        start = replies.guess(None, seat)
        units[seat] = (int(start[0]), int(start[1]), int(start[2]))
    made: Dict[int, Triple] = {}
    outsiders = [s for s in range(n) if s not in seats]
    rivals = scenarios.rival_means(size, outsiders, raw, goods,
                                   scenarios.threats(view, outsiders))
    for seat in seats:
        rest = [s for s in range(n) if s != seat]
        if buying:
            sc = scenarios.Scenarios(size, _totals(rest, size, units, raw),
                                     _totals(rest, size, made, goods), orders, offers, rivals)
        else:
            sc = scenarios.Scenarios(size, [], _totals(rest, size, units, goods), orders, offers,
                                     rivals)
        units[seat], made[seat] = _reply(view_at(view, len(view.history), replay[1], seat),
                                         sc, temper_of(view, seat))
    return Plan(seats, units, made)


def _reply(own: PlayerView, sc: scenarios.Scenarios, temper: Temper) -> Tuple[Triple, Triple]:
    """A seat's best reply over ``sc``, found with a fixed effort: its units and the goods they make."""
    opt = optimiser_for(own, sc, temper, worth.carry_for(own.players))
    if own.phase == Phase.PURCHASING:
        limit = max(1, int(own.rules.order_limit * temper.volume + 0.5))
        cand = opt.best_order(limit, spending_room(own, temper))
        if cand is None or not any(cand.units):
            return (0, 0, 0), (0, 0, 0)
        return cand.units, cand.goods
    offer = opt.best_offer(own.own_stock)[0] if sum(own.own_stock) >= 3 else (0, 0, 0)
    return offer, offer


def _totals(seats: Sequence[int], size: int, fixed: Dict[int, Triple],
            draws: Dict[int, List[Triple]]) -> List[List[int]]:
    """Per commodity and scenario, the units of ``seats``: planned ones as planned, the rest drawn."""
    out = [[0] * size for _ in ENTRY_INDEXES]
    for seat in seats:
        planned = fixed.get(seat)
        if planned is not None:
            for c in ENTRY_INDEXES:
                if planned[c]:
                    row = out[c]
                    for s in range(size):
                        row[s] += planned[c]
            continue
        for s, units in enumerate(draws[seat]):
            out[0][s] += units[0]
            out[1][s] += units[1]
            out[2][s] += units[2]
    return out


#: How far (units, one standard deviation per commodity) another expert's entry is drawn
#: from its part of the plan: each expert draws its own entry from the good ones
#: (``mixing``), so the plan foretells it only about so well.
WOBBLE = {Phase.PURCHASING: 0.8, Phase.SELLING: 0.5}


def draw(view: PlayerView, models: OpponentModels, rng: random.Random, n: int,
         replay: Tuple[Past, List[Position]], replies: Replies, table: Plan
         ) -> scenarios.Scenarios:
    """``n`` scenarios of the others for the view's seat: the experts about as planned (within
    ``WOBBLE``), the rest drawn from their models.

    While buying, an expert's offer in the selling phase that follows is the
    goods its plan makes.
    """
    me = view.seat
    others = [s for s in range(view.players) if s != me]
    drawn = [s for s in others if s not in table.units]
    orders, raw, offers, goods = scenarios.seat_draws(view, models, rng, n, replay=replay,
                                                      extra=replies, seats=drawn)
    planned = [s for s in others if s in table.units]
    rivals = scenarios.rival_means(n, drawn, raw, goods, scenarios.threats(view, drawn))
    rules = view.rules
    if view.phase == Phase.PURCHASING:
        for s in planned:
            raw[s] = _wobbled(table.units[s], n, rng, WOBBLE[Phase.PURCHASING], rules.grade_limit,
                              rules.order_limit)
            goods[s] = _wobbled(table.goods[s], n, rng, WOBBLE[Phase.SELLING], 99, 99)
        return scenarios.Scenarios(n, _totals(others, n, {}, raw), _totals(others, n, {}, goods),
                                   orders, offers, rivals)
    for s in planned:
        made = table.units[s]
        goods[s] = _wobbled(made, n, rng, WOBBLE[Phase.SELLING], 99, sum(made))
    return scenarios.Scenarios(n, [], _totals(others, n, {}, goods), orders, offers, rivals)


def _wobbled(units: Triple, n: int, rng: random.Random, sd: float, cap: int,
             total_cap: int) -> List[Triple]:
    """``n`` draws about ``units``: a normal step of ``sd`` on each commodity, whole and within
    the caps (the largest trimmed first)."""
    steps = normals(rng, 3 * n)
    u0, u1, u2 = units
    out = []
    for i in range(0, 3 * n, 3):
        a = round(u0 + steps[i] * sd)
        b = round(u1 + steps[i + 1] * sd)
        c = round(u2 + steps[i + 2] * sd)
        a = cap if a > cap else (a if a > 0 else 0)
        b = cap if b > cap else (b if b > 0 else 0)
        c = cap if c > cap else (c if c > 0 else 0)
        if a + b + c > total_cap:
            drawn = [a, b, c]
            while sum(drawn) > total_cap:
                drawn[drawn.index(max(drawn))] -= 1
            a, b, c = drawn
        out.append((a, b, c))
    return out

