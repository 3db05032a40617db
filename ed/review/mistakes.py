"""The finding of mistakes: every phase of a person's played again with the expert's entry.

``review_seats`` replays a finished game once from its recorded entries; before each
phase it asks the expert (``LEVEL``, seeded by ``review_seed``) what it would enter from
the seat's own view, through the guard of every decision (``ed.players``), resolves the
phase again with that entry in place of the person's (``replay_with``) and counts both
(``ed.review.worth``).  A phase the expert could not decide is not compared.

Pure; imports the engine, its guard of decisions, the rules' tables, ``ed.ai`` (for the
expert) and the review's worth, sentences and results.
"""
from __future__ import annotations

import zlib
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .. import players
from ..engine import Game
from ..entries import NO_LOT, Lot
from ..report import PURCHASING, PhaseReport
from ..rules import GOODS, RAW, month_label
from .results import Decision, Review
from .sentences import PHASE_WORD, decision_sentence, short_sentence
from .worth import Entry, outcome, worth_words

#: The level whose entries the review compares with.
LEVEL = "expert"

Progress = Callable[[int, int], None]
#: (month, phase, seat) -> a computer player's one-line explanation, once revealed.
Explanations = Mapping[Tuple[int, str, int], str]

def people(game: Game) -> List[int]:
    """The seats played by people, in seat order."""
    return [seat for seat, info in enumerate(game.seats) if not info.is_computer]


def review(game: Game, seat: int, *, progress: Optional[Progress] = None,
           explanations: Optional[Explanations] = None) -> Review:
    """The review of ``seat``'s entries in the finished ``game``.

    ``progress(done, total)`` is called after each phase reviewed;
    ``explanations`` are the computer players' revealed sentences (a save's),
    kept beside each phase.  Raises ``ValueError`` with one plain sentence
    for a game not over or a seat that is not a person's.
    """
    return review_seats(game, [seat], progress=progress, explanations=explanations)[0]


def review_seats(game: Game, seats: Sequence[int], *, progress: Optional[Progress] = None,
                 explanations: Optional[Explanations] = None) -> List[Review]:
    """The reviews of several seats, replaying the game once (see ``review``)."""
    _check(game, seats)
    log = game.log()
    total, done = len(log) * len(seats), 0
    expert = _expert()
    found: Dict[int, List[Decision]] = {seat: [] for seat in seats}
    walk = _blank(game)
    for index, entries in enumerate(log):
        month, phase = walk.month, walk.phase
        suggested = {}
        for seat in seats:
            # One avatar with a seed of its own for each decision: its opponent models are
            # a pure cache, kept from one decision to the next only to save time.
            expert.seed = review_seed(game.seed, month, phase, seat)
            suggested[seat] = players.decide(expert, walk.view(seat))
        _play(walk, entries)
        for seat in seats:
            decided = suggested[seat]
            if decided.failed:
                found[seat].append(_not_decided(walk, entries, seat))
            else:
                found[seat].append(_decide(game, log[:index], walk, entries, seat,
                                           _normal(decided.entry), decided.said,
                                           explanations or {}))
            done += 1
            if progress is not None:
                progress(done, total)
    return [_review(game, seat, found[seat]) for seat in seats]


def _check(game: Game, seats: Sequence[int]) -> None:
    if not isinstance(game, Game):
        raise ValueError("A review needs a game (ed.Game).")
    if not game.is_over:
        raise ValueError("The game is not over yet; its review comes after the last month.")
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise ValueError(f"There is no seat {seat!r}; seats are numbered 0 to "
                             f"{game.players - 1}.")
        if game.seats[seat].is_computer:
            raise ValueError(f"{game.names[seat]} is a computer player; the review is for "
                             f"the people at the table.")


def _expert():
    from ..ai import Avatar
    return Avatar(LEVEL)


def review_seed(game_seed: Optional[int], month: int, phase: str, seat: int) -> int:
    """The expert's seed for one decision: fixed by the game's seed, month, phase and seat."""
    return zlib.crc32(f"review:{game_seed}:{month}:{phase}:{seat}".encode("ascii"))


def _blank(game: Game) -> Game:
    return Game(game.rules, game.names, game.seed, seats=game.seats)


def _play(game: Game, entries: Sequence[Mapping[str, Lot]]) -> PhaseReport:
    for seat, entry in enumerate(entries):
        game.submit(seat, dict(entry))
    return game.resolve()


def replay_with(game: Game, log: Sequence[Sequence[Mapping[str, Lot]]], seat: int,
                entry: Mapping[str, Lot]) -> Game:
    """``game`` replayed through ``log`` (phases resolved before), then the next phase
    resolved with ``seat``'s entry swapped for ``entry`` and every other seat's as played."""
    copy = _blank(game)
    for entries in log:
        _play(copy, entries)
    swapped = [dict(e) for e in game.log()[len(log)]]
    swapped[seat] = dict(entry)
    _play(copy, swapped)
    return copy


def _decide(game: Game, before: Sequence[Sequence[Mapping[str, Lot]]], actual: Game,
            entries: Sequence[Mapping[str, Lot]], seat: int, theirs: Entry, reason: str,
            explanations: Explanations) -> Decision:
    """One phase of one seat: the phase resolved again with the expert's entry, the difference."""
    report = actual.history[-1]
    month, phase = report.month, report.phase
    mine = _normal(entries[seat])
    got = outcome(actual, seat)
    if theirs == mine:
        other, would = report, got
    else:
        counterfactual = replay_with(game, before, seat, dict(theirs))
        other, would = counterfactual.history[-1], outcome(counterfactual, seat)
    talk = tuple((game.names[s], explanations[(month, phase, s)])
                 for s in range(game.players)
                 if game.seats[s].is_computer and explanations.get((month, phase, s)))
    text = decision_sentence(report, other, seat, mine, theirs, got, would,
                             recipes=game.rules.recipes)
    return Decision(month, phase, mine, theirs, reason, got, would, would.worth - got.worth,
                    text, talk, short_sentence(report, other, seat, mine, theirs, got, would))


def _not_decided(actual: Game, entries: Sequence[Mapping[str, Lot]], seat: int) -> Decision:
    """A phase the expert could not decide: the person's entry and what it brought, not
    compared with anything."""
    report = actual.history[-1]
    got = outcome(actual, seat)
    sentence = (f"{month_label(report.month)}, {PHASE_WORD[report.phase]}: the expert could "
                f"not decide here, so this phase is not compared.")
    return Decision(report.month, report.phase, _normal(entries[seat]), (), "", got, got, 0,
                    sentence, (), sentence, failed=True)


def _normal(entry: Mapping[str, Lot]) -> Entry:
    """An entry without its empty lines, in the rules' order of commodities."""
    lines = []
    for key in RAW + GOODS:
        units, price = entry.get(key, NO_LOT)
        if units > 0:
            lines.append((key, Lot(int(units), int(price))))
    return tuple(lines)


def _review(game: Game, seat: int, decisions: List[Decision]) -> Review:
    ranked = sorted((d for d in decisions if d.difference > 0),
                    key=lambda d: (-d.difference, d.month, d.phase != PURCHASING))
    start = game.rules.starting_cash
    labels, actual, estimate = ["Start"], [start], [start]
    gained = 0
    for decision in decisions:
        gained += decision.difference
        if decision.phase != PURCHASING:
            labels.append(month_label(decision.month))
            actual.append(decision.actual.worth)
            estimate.append(decision.actual.worth + gained)
    return Review(seat, game.names[seat], tuple(decisions), tuple(ranked[:3]), tuple(labels),
                  tuple(actual), tuple(estimate), worth_words(game.rules.loans))

