"""Search the exploiter's parameters to beat one target.

    python3 -m ed.tuning.search --target hard --games 40 --rounds 20 --jobs 2

Plays games of ``[target, X, X, X]`` (``--players`` seats; X is the
candidate exploiter, every other seat a copy of it with its own seed) and
searches the ``Knobs`` of ``ed.ai.gauntlet.exploit`` to *minimise* the
target's win rate.  With ``--alone`` the table is turned round,
``[X, target, target, target]``: one exploiter alone among copies of the
target (each with its own seed), and the target's win is the win of the
best of its copies, so the search makes X win as often as it can.  It is
a (1 + λ) evolution strategy: each round draws
``--population`` mutations of the best vector so far (a few knobs moved by
a normal step scaled to each knob's range), plays every one of them on the
same games (common random numbers: the same game seeds and the same target
seat in each, so two candidates differ only by their knobs), and keeps the
best if it beats the incumbent.  The step grows after a success and shrinks
after a failure.  Prints progress, then the best vector as a Python literal
to paste into ``exploit.KNOBS`` (``exploit.LONE_KNOBS`` with ``--alone``).

The target is a level of ``ed.ai.LEVELS`` (``hard``, ``expert``,
optionally ``level:personality``), made through ``ed.ai.Avatar``,
or a gauntlet strategy written ``g:NAME``.  Knows the engine's API and the
gauntlet; it reads nothing of the levels but their names.

The score (lower is better) is the target's win rate plus a tenth of its
mean lead over the best other seat (in starting-cash units, clipped to
±1), which breaks ties between candidates that win the same games.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from typing import Any, Callable, List, Optional, Sequence, Tuple

from .. import ai
from ..tools import parallel
from ..engine import Game, Seat, play_out, series_seed
from ..rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from ..ai.gauntlet import STRATEGIES, make
from ..ai.gauntlet.ev import STEPS, Knobs
from ..ai.gauntlet.exploit import KNOBS, LONE_KNOBS, Exploiter

GAUNTLET_PREFIX = "g:"
#: How an exploiter's seat is labelled at the table.
EXPLOITER = "g:exploit"


class UsageError(ValueError):
    """A command-line argument the search cannot use; the message is one plain sentence."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _target(text: str) -> Tuple[str, Optional[str]]:
    """``"hard"``, ``"hard:mabel"`` or ``"g:ev"`` -> ``(level or g:NAME, personality)``.

    Raises ``UsageError`` naming the choices for anything else.
    """
    text = text.strip().lower()
    if text.startswith(GAUNTLET_PREFIX):
        if text[len(GAUNTLET_PREFIX):] not in STRATEGIES:
            raise UsageError(f"{text!r} is not a gauntlet strategy; write g:NAME with NAME one of "
                             f"{', '.join(STRATEGIES)}.")
        return text, None
    level, _, personality = text.partition(":")
    if level not in ai.LEVELS:
        raise UsageError(f"{text!r} is not a level; the levels are {', '.join(ai.LEVELS)}, "
                         f"or g:NAME for a gauntlet strategy.")
    if personality and personality not in ai.PERSONALITIES:
        raise UsageError(f"{personality!r} is not a personality; choose from "
                         f"{', '.join(ai.PERSONALITIES)}.")
    return level, personality or None


def target_seat(text: str) -> Seat:
    """The seat the target takes at the table, as the window shows it (``target_factory``'s text)."""
    level, personality = _target(text)
    return Seat("computer", level, personality)


def target_factory(text: str) -> Callable[[int], Any]:
    """``"hard"``, ``"hard:mabel"`` or ``"g:ev"`` -> a function of a seed making that player.

    Raises ``UsageError`` naming the choices for anything else.
    """
    level, personality = _target(text)
    if level.startswith(GAUNTLET_PREFIX):
        return lambda seed: make(level[len(GAUNTLET_PREFIX):], seed=seed)
    return lambda seed: ai.Avatar(level, personality, seed=seed)


def play(rules: Rules, target: str, knobs: Knobs, index: int, seed: int,
         alone: bool = False) -> Tuple[int, int]:
    """Game ``index``: the target's final cash and the best of the others'.

    The target sits at position ``index mod players``; the exploiters fill the
    other seats, each seeded by the game and its position.  ``alone`` turns
    the table round: the exploiter sits there, copies of the target fill the
    other seats, and the target's cash is the best of theirs.
    """
    n = rules.players
    game_seed = series_seed(seed, index)
    where = index % n
    make_target = target_factory(target)
    seat_of_target = target_seat(target)
    players = []
    seats = []
    for position in range(n):
        player_seed = game_seed * 10 + position
        if (position == where) != alone:
            players.append(make_target(player_seed))
            seats.append(seat_of_target)
        else:
            players.append(Exploiter(player_seed, knobs=knobs))
            seats.append(Seat("computer", EXPLOITER))
    game = Game(rules, [f"P{i + 1}" for i in range(n)], game_seed, seats=seats)
    final = play_out(game, players).final_cash()
    rest = max(c for i, c in enumerate(final) if i != where)
    return (rest, final[where]) if alone else (final[where], rest)


def _play_chunk(args) -> List[Tuple[int, int]]:
    rules, target, knobs, indices, seed, alone = args
    return [play(rules, target, knobs, i, seed, alone) for i in indices]


def score(results: Sequence[Tuple[int, int]], start: int) -> Tuple[float, float, float]:
    """(score, target's win rate, target's mean lead over the best other in starting cash)."""
    wins = lead = 0.0
    for mine, best in results:
        wins += 1.0 if mine > best else (0.5 if mine == best else 0.0)
        lead += max(-1.0, min(1.0, (mine - best) / start))
    games = len(results) or 1
    rate, lead = wins / games, lead / games
    return rate + 0.1 * lead, rate, lead


class Evaluator:
    """Plays a candidate's games, in ``jobs`` processes, on the same seeds every time."""

    def __init__(self, rules: Rules, target: str, games: int, seed: int, jobs: int,
                 alone: bool = False) -> None:
        self.rules, self.target, self.games, self.seed, self.jobs = rules, target, games, seed, jobs
        self.alone = alone
        self.pool = parallel.Pool(jobs) if jobs > 1 else None
        self.played = 0

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def many(self, candidates: Sequence[Knobs]) -> List[Tuple[float, float, float]]:
        """The score of each candidate."""
        indices = list(range(self.games))
        size = max(1, -(-self.games // max(1, self.jobs * 2)))
        chunks = [indices[i:i + size] for i in range(0, self.games, size)]
        tasks = [(self.rules, self.target, knobs, chunk, self.seed, self.alone)
                 for knobs in candidates for chunk in chunks]
        if self.pool is None:
            outcomes = [_play_chunk(t) for t in tasks]
        else:
            outcomes = self.pool.map(_play_chunk, tasks)
        self.played += self.games * len(candidates)
        scores = []
        for c in range(len(candidates)):
            mine = outcomes[c * len(chunks):(c + 1) * len(chunks)]
            results = [r for chunk in mine for r in chunk]
            scores.append(score(results, self.rules.starting_cash))
        return scores


def mutate(knobs: Knobs, rng: random.Random, step: float) -> Knobs:
    """A few knobs of ``knobs`` moved by a normal step of ``step`` times their scale."""
    names = Knobs.names()
    chosen = [n for n in names if rng.random() < 0.35] or [rng.choice(names)]
    changes = {n: getattr(knobs, n) + rng.gauss(0.0, step * STEPS[n]) for n in chosen}
    return replace(knobs, **changes).clipped()


def literal(knobs: Knobs, name: str = "KNOBS") -> str:
    """``KNOBS = Knobs(carry_margin=0.5, ...)``: the vector as Python to paste into ``exploit``."""
    parts = [f"{n}={round(getattr(knobs, n), 3)!r}" for n in Knobs.names()]
    lines, line = [], f"{name} = Knobs("
    for part in parts:
        if len(line) + len(part) + 2 > 95:
            lines.append(line.rstrip())
            line = " " * (len(name) + 9)
        line += part + ", "
    lines.append(line.rstrip(", ") + ")")
    return "\n".join(lines)


def search(rules: Rules, target: str, *, games: int, rounds: int, population: int, seed: int,
           jobs: int, start: Knobs, step: float = 1.0, out=print, alone: bool = False) -> Knobs:
    """Run the evolution strategy; returns the best knobs found."""
    rng = random.Random(seed)
    evaluator = Evaluator(rules, target, games, seed, jobs, alone)
    began = time.monotonic()
    try:
        best = start
        best_score = evaluator.many([best])[0]
        out(f"start: target win rate {best_score[1]:.1%}, lead {best_score[2]:+.3f}, "
            f"score {best_score[0]:.4f}")
        for round_ in range(1, rounds + 1):
            candidates = [mutate(best, rng, step) for _ in range(population)]
            scores = evaluator.many(candidates)
            i = min(range(population), key=lambda k: scores[k][0])
            improved = scores[i][0] < best_score[0]
            if improved:
                best, best_score = candidates[i], scores[i]
            step = min(3.0, step * 1.25) if improved else max(0.2, step * 0.85)
            out(f"round {round_}/{rounds}: {'better' if improved else 'no gain'}; best target win "
                f"rate {best_score[1]:.1%}, lead {best_score[2]:+.3f}, score {best_score[0]:.4f}; "
                f"step {step:.2f}; {evaluator.played} games, {time.monotonic() - began:.0f} s")
    finally:
        evaluator.close()
    return best


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python3 -m ed.tuning.search",
                     description="Search the exploiter's parameters to minimise a target's "
                                 "win rate in games of [target, X, X, X].")
    parser.add_argument("--target", default="hard",
                        help="a level (optionally level:personality) or g:NAME (default hard)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--games", type=int, default=40, help="games per candidate (default 40)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds of the search (default 20)")
    parser.add_argument("--population", type=int, default=6,
                        help="candidates tried each round (default 6)")
    parser.add_argument("--months", type=int, default=12, help="months per game (default 12)")
    parser.add_argument("--variations", default="none",
                        help="comma list from loans,partial_fills,partial_sales,classic, or none")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the search")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.add_argument("--from-defaults", action="store_true",
                        help="start from the expected-value bidder's knobs, not exploit.KNOBS")
    parser.add_argument("--alone", action="store_true",
                        help="seat one exploiter alone among copies of the target and make it "
                             "win (starts from exploit.LONE_KNOBS)")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    from ..tools.tournament import UsageError as TournamentUsage, parse_variations
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        options = build_parser().parse_args(argv)
        target_factory(options.target)
        if not MIN_PLAYERS <= options.players <= MAX_PLAYERS:
            raise UsageError(f"--players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, "
                             f"not {options.players}.")
        for name in ("games", "rounds", "population", "jobs"):
            if getattr(options, name) < 1:
                raise UsageError(f"--{name} must be 1 or more, not {getattr(options, name)}.")
        try:
            variations = parse_variations(options.variations)
            rules = Rules(players=options.players, months=options.months, **variations)
        except (TournamentUsage, ValueError) as error:
            raise UsageError(str(error)) from None
    except UsageError as error:
        print(f"search: {error}", file=sys.stderr)
        print("Try: python3 -m ed.tuning.search --help", file=sys.stderr)
        return 2
    start = Knobs() if options.from_defaults else (LONE_KNOBS if options.alone else KNOBS)
    table = (f"alone against {options.players - 1} of {options.target}" if options.alone
             else f"against {options.target}")
    print(f"searching {table}: {options.players} players, {options.months} "
          f"months, {options.games} games per candidate, {options.population} candidates a round, "
          f"{options.rounds} rounds, seed {options.seed}", flush=True)
    best = search(rules, options.target.strip().lower(), games=options.games,
                  rounds=options.rounds, population=options.population, seed=options.seed,
                  jobs=options.jobs, start=start, out=lambda line: print(line, flush=True),
                  alone=options.alone)
    print("best knobs, for ed/ai/gauntlet/exploit.py:")
    print(literal(best, "LONE_KNOBS" if options.alone else "KNOBS"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
