"""Each other seat's best reply to the rest of the table: a model of a seat that plans as expert does.

What it knows: the view and the opponent models.  A seat's best reply at a
phase is the entry the optimiser finds for that seat's public position (its
cash, stock and limits, the prices it faces), over scenarios of everyone
else, the expert itself included, drawn from the simple model players of
``opponents``: one round of best response among the model players.

``Replies`` hands those replies to the blend of ``opponents`` as one more
model player, weighed by its record with each seat like the others.  A seat
that plans the way expert does (another expert) is then expected to plan
that way, so that a table of experts expects one another's plans instead of
crowding one grade in lockstep; a seat that plays otherwise soon gives the
model little weight.  A reply is a pure function of the public history, so
the memo of replies, like the opponent models' memo, only saves time (and
is shared by the computer players of one process, ``SHARED``).

Imports the engine's pure modules, ``characters``, ``memo``, ``opponents``,
``scenarios``, ``optimiser`` and ``planner`` (for the cash a seat spends).
"""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import Dict, List, Optional, Sequence, Tuple

from ..rules import COMMODITIES, Phase
from ..view import PlayerView
from . import scenarios
from .characters import NEUTRAL
from .opponents import ExtraModel, OpponentModels, Past, Position
from .memo import remember
from .optimiser import optimiser_for
from .planner import spending_room

Triple = Tuple[float, float, float]

#: Scenarios a reply is planned over: a forecast of another seat, not a decision of one's own.
REPLY_SCENARIOS = 16
#: Phases whose replies the memo keeps (``memo.remember`` then forgets the oldest quarter).
MEMO_SIZE = 1000
#: The replies at each phase of the games played in this process.  Replies depend on public
#: information alone, so the computer players at one table share them: the first to decide
#: a phase works them out, and the others find them here.
SHARED: Dict[tuple, "PhaseReplies"] = {}


def view_at(view: PlayerView, index: int, before: Sequence[Position], seat: int) -> PlayerView:
    """What ``seat`` saw before the revealed phase ``index`` (``before``: every seat's position then)."""
    first = before[0]
    n = len(before)
    return PlayerView(
        seat=seat, names=view.names, seats=view.seats, rules=view.rules, month=first.month,
        phase=first.phase, prices=MappingProxyType(dict(zip(COMMODITIES, first.prices))),
        cash=tuple(p.cash for p in before), stock=tuple(p.stock for p in before),
        borrowed=tuple(p.borrowed for p in before), submitted=(False,) * n, entry=None,
        history=view.history[:index])


def best_replies(view: PlayerView, models: OpponentModels, replay: Tuple[Past, List[Position]],
                 rng: random.Random, n: int = REPLY_SCENARIOS) -> Dict[int, Triple]:
    """The units each seat would enter if it planned as expert does, with a neutral temper.

    Every seat is drawn once from the model players; each seat's reply is
    then planned over the draws of all the other seats added up.  Public
    information only: the view's own seat is a seat like the others.
    """
    phase = PhaseReplies(view, models, replay, rng, n)
    return {seat: phase.reply(seat) for seat in range(view.players)}


class PhaseReplies:
    """The best replies at one phase, each seat's worked out the first time it is asked for.

    The draws of every seat are made at once, as ``best_replies`` makes
    them, so a reply is the same whichever seats are asked for and in what
    order; a table that needs only some seats' replies pays for those alone.
    """

    __slots__ = ("view", "now", "n", "buying", "draws", "found")

    def __init__(self, view: PlayerView, models: OpponentModels,
                 replay: Tuple[Past, List[Position]], rng: random.Random,
                 n: int = REPLY_SCENARIOS) -> None:
        self.view = view
        # the seats' positions at this phase, all a reply reads later; the replayed past
        # is not kept, so that a memo of phases does not hold every phase's past again
        # (the collector's full sweeps walked them: two thirds of their time)
        self.now = replay[1]
        self.n = n
        self.buying = view.phase == Phase.PURCHASING
        # each seat's units drawn; the forecasts they were drawn from are not kept either
        _, raw, _, goods = scenarios.seat_draws(view, models, rng, n, replay=replay,
                                                seats=range(view.players))
        self.draws = (raw, goods)
        self.found: Dict[int, Triple] = {}

    def reply(self, seat: int) -> Triple:
        """``seat``'s best reply to the draws of all the other seats."""
        found = self.found.get(seat)
        if found is None:
            raw, goods = self.draws
            n = self.n
            rest = [s for s in range(self.view.players) if s != seat]
            sc = scenarios.Scenarios(
                n, scenarios.totals([raw[s] for s in rest], n) if self.buying else [],
                scenarios.totals([goods[s] for s in rest], n), {}, {}, (0, [], []))
            found = _reply(view_at(self.view, len(self.view.history), self.now, seat), sc)
            self.found[seat] = found
        return found


def _reply(view: PlayerView, sc: scenarios.Scenarios) -> Triple:
    """The entry the optimiser, hurried, finds for the view's seat over ``sc``, as units."""
    opt = optimiser_for(view, sc, NEUTRAL)
    opt.hurry()
    if view.phase == Phase.PURCHASING:
        cand = opt.best_order(view.rules.order_limit, spending_room(view, NEUTRAL))
        units = cand.units if cand is not None else (0, 0, 0)
    elif sum(view.own_stock) < 3:
        units = (0, 0, 0)
    else:
        units = opt.best_offer(view.own_stock)[0]
    return (float(units[0]), float(units[1]), float(units[2]))


class Replies(ExtraModel):
    """The ``ExtraModel`` of best replies for one decision (``bind``), with a memo kept between decisions."""

    name = "reply"
    prior = 1.0

    def __init__(self, memo: Optional[Dict[tuple, "PhaseReplies"]] = None) -> None:
        self.memo: Dict[tuple, PhaseReplies] = SHARED if memo is None else memo
        self._view: Optional[PlayerView] = None
        self._models: Optional[OpponentModels] = None
        self._past: Past = []
        self._now: List[Position] = []
        self._prefix: List[int] = []

    def bind(self, view: PlayerView, models: OpponentModels, past: Past,
             now: List[Position]) -> "Replies":
        """Serve the decision on ``view``, whose replayed history is ``past`` and ``now``."""
        self._view, self._models, self._past, self._now = view, models, past, now
        # a hash of each prefix of the history, so that a reply is found by what it depends on
        chain = hash((view.rules, view.names))
        self._prefix = [chain]
        for report in view.history:
            chain = hash((chain, report.record))
            self._prefix.append(chain)
        return self

    def history_key(self) -> int:
        """A hash of the whole public history of the bound view (with its rules and names)."""
        return self._prefix[-1]

    def guess(self, index: Optional[int], seat: int) -> Triple:
        view = self._view
        assert view is not None and self._models is not None
        if index is None:
            index, before = len(view.history), self._now
        else:
            before = self._past[index][1]
        key = (index, self._prefix[index])
        found = self.memo.get(key)
        if found is None:
            seen = view_at(view, index, before, 0)
            rng = random.Random(f"replies:{index}")
            found = PhaseReplies(seen, self._models, (self._past[:index], list(before)), rng)
            remember(self.memo, key, found, MEMO_SIZE)
        return found.reply(seat)
