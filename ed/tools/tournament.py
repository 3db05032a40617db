"""Headless games between computer players, to measure their strength.

    python3 executive_decision.py tournament --games 500 --seats hard,medium,medium,medium
    python3 -m ed.tournament --games 200 --seats hard,easy --variations loans --jobs 2

    python3 -m ed.tournament --games 200 --seats hard,g:margin,g:ev,g:ev

Each entry of ``--seats`` is a level of ``ed.ai.LEVELS`` (``easy``,
``medium``, ``hard``, ``expert``), optionally with a personality:
``hard:mabel``; or ``g:NAME``, a sparring partner of the gauntlet
(``ed.ai.gauntlet.STRATEGIES``: ``g:margin``, ``g:ev``, ``g:keeper``,
``g:hoarder``, ``g:flooder``, ``g:copycat``, ``g:exploit``, ``g:beginner``,
``g:saa``, ``g:lone``, ``g:ridge``, ``g:adapt``), written apart from the levels, or
a member of a family (``ed.ai.gauntlet.FAMILY``: ``g:ridge.1`` ... ``g:adapt.6``),
or a set of members (``ed.ai.gauntlet.SETS``: ``g:held-out``, ``g:tuning``,
``g:ridge.held-out``, ...) whose members take the seat in turn, game by
game (``members``), counted together.  ``hidden-LEVEL`` (as
``hidden-expert``) is that level in a seat the table takes for a person's:
the experts do not count it as one of them (``ed.ai.accord``), as if a
person ran this program's expert on the side.  The players swap seats from
game to game (game ``i`` seats player ``p`` at position ``(p + i) mod n``),
so no one keeps the first or last seat.  Prints, per player: wins (a shared
first place counts as a share of a win), the win rate with its 95% Wilson
interval, and the mean and median final cash; then how many decisions fell
back to an empty entry because a player failed (each is logged with its
traceback on stderr, the first in each process): a tournament with any is
not a valid result, says so and exits with status 1.  The same arguments and
seed give the same output (``--timing`` adds decision times, which vary).
"""
from __future__ import annotations

import argparse
import logging
import math
import statistics
import sys
import time
from collections import Counter
from contextlib import closing, contextmanager
from itertools import repeat
from typing import Iterator, List, NamedTuple, Optional, Sequence, Tuple

from .. import ai
from . import parallel
from .console import OutputFailed, output_closed, output_failed, say, start_command, write_lines
from .parser import Parser
from ..ai import gauntlet
from ..engine import Game, Seat, play_out, series_seed
from ..players import is_failure
from ..rules import MAX_MONTHS, MAX_PLAYERS, MIN_MONTHS, MIN_PLAYERS, Rules

VARIATION_NAMES = ("loans", "partial_fills", "partial_sales", "classic")
#: the most games one tournament plays (a million 12-month 4-seat games take days)
MAX_GAMES = 1_000_000
#: z for a two-sided 95% interval
Z95 = 1.959963984540054

Player = Tuple[str, Optional[str]]


class UsageError(ValueError):
    """A command-line argument the tournament cannot use; the message is one plain sentence."""


class _Parser(Parser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser(prog: str = "python3 -m ed.tournament") -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="Play headless games between computer players and compare them.")
    parser.add_argument("--games", type=int, default=100,
                        help=f"games to play, 1 to {MAX_GAMES:,} (default 100)")
    parser.add_argument("--seats", default="hard,medium,medium,medium",
                        help="comma list of levels, each optionally level:personality, "
                             "or g:NAME for a gauntlet strategy ("
                             + ", ".join(gauntlet.STRATEGIES) + "), a member of a family ("
                             + ", ".join(gauntlet.FAMILY) + ") or a set of them taking the "
                             "seat in turn (" + ", ".join(gauntlet.SETS) + "), or hidden-LEVEL "
                             "for a level in a seat the table takes for a person's "
                             "(default hard,medium,medium,medium)")
    parser.add_argument("--months", type=int, default=12, help="months per game (default 12)")
    parser.add_argument("--variations", default="none",
                        help="comma list from loans,partial_fills,partial_sales,classic, or none")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole tournament (default 1)")
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"processes to play in (default 1; at most {parallel.MAX_JOBS_PER_CORE} "
                             f"per core are used)")
    parser.add_argument("--timing", action="store_true",
                        help="also report how long decisions take (varies from run to run)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser


#: A seat written ``g:NAME`` is the gauntlet strategy NAME.
GAUNTLET_PREFIX = "g:"
#: A seat written ``hidden-LEVEL`` is that level, seated as a person would be.
HIDDEN_PREFIX = "hidden-"


def parse_seats(text: str) -> List[Player]:
    """``"hard,medium:iris,g:ev"`` -> ``[("hard", None), ("medium", "iris"), ("g:ev", None)]``.

    Raises ``UsageError`` for an unknown level, personality or strategy.
    """
    players: List[Player] = []
    for part in text.split(","):
        part = part.strip()
        if part.lower().startswith(GAUNTLET_PREFIX):
            name = part[len(GAUNTLET_PREFIX):].strip().lower()
            if not gauntlet.known(name) and name not in gauntlet.SETS:
                raise UsageError(f"{part!r} is not a gauntlet strategy; write g:NAME with NAME "
                                 f"one of {', '.join(gauntlet.STRATEGIES)}, a member of a "
                                 f"family ({', '.join(gauntlet.FAMILY)}) or a set of them "
                                 f"({', '.join(gauntlet.SETS)}).")
            players.append((GAUNTLET_PREFIX + name, None))
            continue
        level, _, personality = part.partition(":")
        level = level.strip().lower()
        personality = personality.strip().lower() or None
        hidden = level.startswith(HIDDEN_PREFIX)
        if hidden:
            level = level[len(HIDDEN_PREFIX):]
        if level not in ai.LEVELS:
            raise UsageError(f"{part!r} is not a level; the levels are {', '.join(ai.LEVELS)}. "
                             f"A gauntlet strategy is written g:NAME, NAME one of "
                             f"{', '.join(gauntlet.STRATEGIES)}.")
        if personality is not None and personality not in ai.PERSONALITIES:
            raise UsageError(f"{personality!r} is not a personality; choose from "
                             f"{', '.join(ai.PERSONALITIES)}.")
        players.append((HIDDEN_PREFIX + level if hidden else level, personality))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise UsageError(f"--seats needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {len(players)}.")
    return players


def parse_variations(text: str) -> dict:
    """``"loans,classic"`` -> the matching ``Rules`` keywords; raises ``UsageError``."""
    options = {"loans": False, "partial_fills": False, "partial_sales": False,
               "classic_recipes": False}
    text = text.strip().lower()
    if text in ("", "none"):
        return options
    for part in text.split(","):
        part = part.strip().replace("-", "_")
        if part not in VARIATION_NAMES:
            raise UsageError(f"{part!r} is not a variation; choose from "
                             f"{', '.join(VARIATION_NAMES)} or none.")
        options["classic_recipes" if part == "classic" else part] = True
    return options


class Played(NamedTuple):
    """One game's result, each list in player order."""

    final: List[int]            # final cash
    times: List[float]          # decision times (with ``timing``), every player's
    fallbacks: List[int]        # decisions that fell back to an empty entry
    error: str = ""             # the error behind the first of them


def play_game(rules: Rules, players: Sequence[Player], index: int, seed: int,
              timing: bool = False) -> Played:
    """Play game ``index``: each player's final cash, the decision times and the fallbacks."""
    n = len(players)
    players = members(players, index)
    game_seed = series_seed(seed, index)
    position_of, player_at = seating(n, index)
    seats = [seat_for(players[p]) for p in player_at]
    names = [f"P{p + 1}" for p in player_at]
    game = Game(rules, names, game_seed, seats=seats)
    avatars = [make_avatar(game_seed, position, players[p]) for position, p in enumerate(player_at)]
    times: Optional[List[List[float]]] = [[] for _ in range(n)] if timing else None
    final = play_out(game, avatars, times=times).final_cash()
    seated = [avatars[position_of[p]] for p in range(n)]
    errors = [a.last_error for a in seated if a.fallbacks]
    return Played([final[position_of[p]] for p in range(n)], sum(times or [], []),
                  [a.fallbacks for a in seated], errors[0] if errors else "")


def members(players: Sequence[Player], index: int) -> List[Player]:
    """``players`` with each seat written as a set of a family (``g:held-out``) played, in
    game ``index``, by one of its members: the ``k``-th seat naming a set plays member
    ``(index + k) mod size``, so each member takes the seat in turn."""
    out: List[Player] = []
    seen: Counter = Counter()
    for level, personality in players:
        name = level[len(GAUNTLET_PREFIX):] if level.startswith(GAUNTLET_PREFIX) else None
        if name in gauntlet.SETS:
            group = gauntlet.SETS[name]
            level = GAUNTLET_PREFIX + group[(index + seen[name]) % len(group)]
            seen[name] += 1
        out.append((level, personality))
    return out


def seat_for(player: Player) -> Seat:
    """The seat a player takes at the table: a computer player of its level (or ``g:NAME``)
    and personality, as the window's players panel would show it; a person's for
    ``hidden-LEVEL``."""
    if player[0].startswith(HIDDEN_PREFIX):
        return Seat("human")
    return Seat("computer", player[0], player[1])


def seating(n: int, index: int) -> Tuple[List[int], List[int]]:
    """Game ``index``'s seating: each player's position, and the player at each position.

    Player ``p`` sits at ``(p + index) mod n``, so no one keeps a seat.
    """
    position_of = [(p + index) % n for p in range(n)]
    player_at = [0] * n
    for p, position in enumerate(position_of):
        player_at[position] = p
    return position_of, player_at


def make_avatar(game_seed: int, position: int, player: Player):
    """The computer player for a seat: a level's avatar, or a gauntlet strategy for ``g:NAME``."""
    level, personality = player
    if level.startswith(HIDDEN_PREFIX):
        level = level[len(HIDDEN_PREFIX):]
    if level.startswith(GAUNTLET_PREFIX):
        return gauntlet.make(level[len(GAUNTLET_PREFIX):], seed=game_seed * 10 + position)
    # Without the window's time budget (off unless set): a busy machine cannot change a result.
    return ai.avatar_for(game_seed, position, level, personality)


def _play_chunk(args) -> List[Played]:
    rules, players, indices, seed, timing = args
    _first_failure_to_stderr_here()       # a worker process: its own first failure too
    return [play_game(rules, players, i, seed, timing) for i in indices]


def wilson(successes: float, trials: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class Tally:
    """The results so far, kept small however many games are played.

    Per player: wins (a shared first place counts as a share, added game by
    game in the order of the games), how many games ended with each final
    cash and how many decisions fell back to an empty entry (with the error
    behind the first); and how many decisions took each whole number of
    microseconds.
    """

    def __init__(self, players: int) -> None:
        self.games = 0
        self.wins = [0.0] * players
        self.cash: List[Counter] = [Counter() for _ in range(players)]
        self.times: Counter = Counter()
        self.fallbacks = [0] * players
        self.first_error = ""

    def add(self, final: Sequence[int], times: Sequence[float] = (),
            fallbacks: Sequence[int] = (), error: str = "") -> None:
        """Count one game: each player's final cash (player order), its decision times, and
        each player's fallbacks with the error behind the first."""
        self.games += 1
        for p, count in enumerate(fallbacks):
            self.fallbacks[p] += count
        self.first_error = self.first_error or error
        best = max(final)
        winners = [p for p in range(len(final)) if final[p] == best]
        for p in winners:
            self.wins[p] += 1 / len(winners)
        for p, cash in enumerate(final):
            self.cash[p][cash] += 1
        self.times.update(round(t * 1_000_000) for t in times)


def _each(counts: Counter) -> Iterator[int]:
    """Every value counted, in increasing order, as often as it was counted."""
    for value in sorted(counts):
        yield from repeat(value, counts[value])


def _nth(counts: Counter, index: int) -> int:
    """The value at ``index`` (from 0) of the counted values in increasing order."""
    for value in sorted(counts):
        index -= counts[value]
        if index < 0:
            return value
    raise IndexError(index)


def _median(counts: Counter) -> float:
    """``statistics.median`` of the counted values, without listing them."""
    n = sum(counts.values())
    if n % 2:
        return _nth(counts, n // 2)
    return (_nth(counts, n // 2 - 1) + _nth(counts, n // 2)) / 2


def _chunks(games: int, size: int) -> Iterator[List[int]]:
    for start in range(0, games, size):
        yield list(range(start, min(games, start + size)))


def run(rules: Rules, players: Sequence[Player], games: int, seed: int, jobs: int = 1,
        timing: bool = False, progress=None, *, into: Optional[Tally] = None) -> Tally:
    """Play ``games`` games and count them in a ``Tally`` (``into``, or a new one), in order.

    With ``jobs`` above 1, the games are played in up to that many worker
    processes (``ed.tools.parallel``).  Raises ``ed.tools.parallel.WorkerError`` when one
    cannot be started or fails; every worker is stopped first, on Ctrl+C too.
    """
    tally = Tally(len(players)) if into is None else into
    if jobs <= 1 or games < 4:
        for i in range(games):
            tally.add(*play_game(rules, players, i, seed, timing))
            if progress:
                progress(tally.games, games)
        return tally
    size = max(1, min(25, games // (jobs * 4)))
    tasks = ((rules, players, chunk, seed, timing) for chunk in _chunks(games, size))
    with closing(parallel.ordered_map(_play_chunk, tasks, jobs)) as chunks:
        for chunk in chunks:
            for played in chunk:
                tally.add(*played)
            if progress:
                progress(tally.games, games)
    return tally


def summary(players: Sequence[Player], results: "Tally | Sequence[Sequence[int]]",
            start: int) -> List[str]:
    """The result table, one line per player, from a ``Tally`` or a list of each game's final cash."""
    if not isinstance(results, Tally):
        tally = Tally(len(players))
        for final in results:
            tally.add(final)
        results = tally
    games = results.games
    labels = _labels(players)
    width = max([18] + [len(label) for label in labels])
    lines = [f"{'player':<{width}} {'wins':>7} {'win rate':>9} {'95% interval':>15} "
             f"{'mean cash':>10} {'median':>8} {'mean profit':>12} {'± 95%':>7}"]
    for p, label in enumerate(labels):
        cash = results.cash[p]
        wins = results.wins[p]
        low, high = wilson(wins, games)
        mean = statistics.mean(_each(cash)) if cash else 0.0
        median = _median(cash) if cash else 0.0
        # half the width of the mean's 95% interval (normal approximation)
        half = Z95 * statistics.stdev(_each(cash)) / math.sqrt(games) if games > 1 else 0.0
        lines.append(f"{label:<{width}} {wins:>7.1f} {wins / games:>8.1%} "
                     f"{f'{low:.1%}–{high:.1%}':>15} {mean:>10.1f} {median:>8.1f} "
                     f"{mean - start:>+12.1f} {half:>7.1f}")
    return lines


def _labels(players: Sequence[Player]) -> List[str]:
    return [f"P{p + 1} {level}" + (f":{personality}" if personality else "")
            for p, (level, personality) in enumerate(players)]


def fallback_line(players: Sequence[Player], tally: Tally) -> str:
    """How many decisions fell back to an empty entry, by player, with the first error."""
    total = sum(tally.fallbacks)
    if not total:
        return "fallbacks: none (no decision failed)"
    who = ", ".join(f"{label} {count}" for label, count in zip(_labels(players), tally.fallbacks)
                    if count)
    return f"fallbacks: {total} ({who}); the first: {tally.first_error}"


class _FirstFailure(logging.StreamHandler):
    """Prints the first failed decision logged under ``ed`` (``ed.players.is_failure``) on
    stderr, with its traceback, and no other (one traceback a process is enough)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self.seen = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not is_failure(record):
            return False
        first, self.seen = not self.seen, True
        return first and self.stream is not None     # stderr may be closed


@contextmanager
def first_failure_to_stderr() -> Iterator[None]:
    """For the ``with`` block: the first failed decision's log, with its traceback, on stderr."""
    handler = _FirstFailure()
    logger = logging.getLogger("ed")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


def _first_failure_to_stderr_here() -> None:
    """The same for the rest of a worker process's life, unless it has it already (a worker
    made by fork inherits its parent's)."""
    logger = logging.getLogger("ed")
    if not any(isinstance(handler, _FirstFailure) for handler in logger.handlers):
        logger.addHandler(_FirstFailure())


def timing_line(times: Counter) -> str:
    """The decision times counted in microseconds: how many, median, 99th percentile, worst."""
    count = sum(times.values())
    return (f"decisions: {count}, median {_median(times) / 1000:.2f} ms, "
            f"99th percentile {_nth(times, int(0.99 * (count - 1))) / 1000:.2f} ms, "
            f"worst {max(times) / 1000:.2f} ms")


def _progress():
    """A progress reporter: a line on stderr now and then (in place on a terminal)."""
    started = time.monotonic()
    shown = [0.0]
    tty = sys.stderr is not None and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - shown[0] < (0.5 if tty else 5.0):
            return
        shown[0] = now
        end = "\n" if (done == total or not tty) else ""
        say(f"\rplayed {done}/{total} games ({now - started:.0f} s)", end=end)

    return progress


def main(argv: Optional[List[str]] = None, *, prog: str = "python3 -m ed.tournament") -> int:
    """Run a tournament from command-line arguments; returns the exit status.

    ``prog`` is the command as the user typed it, for help and messages.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(prog)
    try:
        options = parser.parse_args(argv)
        players = parse_seats(options.seats)
        variations = parse_variations(options.variations)
        if options.games < 1:
            raise UsageError(f"--games must be 1 or more, not {options.games}.")
        if options.games > MAX_GAMES:
            raise UsageError(f"--games must be at most {MAX_GAMES:,}, not {options.games:,} "
                             f"(a million games already take days).")
        if not MIN_MONTHS <= options.months <= MAX_MONTHS:
            raise UsageError(f"--months must be from {MIN_MONTHS} to {MAX_MONTHS}, "
                             f"not {options.months}.")
        if options.jobs < 1:
            raise UsageError(f"--jobs must be 1 or more, not {options.jobs}.")
        rules = Rules(players=len(players), months=options.months, **variations)
    except UsageError as error:
        say(f"tournament: {error}")
        say(f"Try: {_typed(prog)} --help")
        return 2

    closed = output_closed()
    if closed is not None:              # nothing could show the results: play no game
        return output_failed(prog, closed, sys.stdout, sys.stderr)
    jobs, lowered = parallel.capped_jobs(options.jobs)
    if lowered:
        say(f"tournament: {lowered}")
    progress = _progress() if not options.quiet and options.games >= 20 else None
    tally = Tally(len(players))
    try:
        with first_failure_to_stderr():
            run(rules, players, options.games, options.seed, jobs, options.timing, progress,
                into=tally)
    except parallel.WorkerError as error:
        say(f"tournament: {error}")
        return 1
    except KeyboardInterrupt:
        say(f"\ntournament: stopped after {tally.games} of {options.games} games; "
            f"no results are printed for a part of a tournament.")
        return 130
    try:
        write_lines(result_lines(options, rules, players, tally))
    except OutputFailed as failed:
        return output_failed(prog, failed.error, sys.stdout, sys.stderr)
    if any(tally.fallbacks):
        count = sum(tally.fallbacks)
        say(f"tournament: {count} decision{'s' if count != 1 else ''} failed and passed the "
            f"phase, so these results are not valid.")
        return 1
    return 0


def result_lines(options: argparse.Namespace, rules: Rules, players: Sequence[Player],
                 tally: Tally) -> List[str]:
    """What a finished tournament prints: its set-up, the table, the times asked for and the
    fallbacks."""
    on = [name for name, flag in (("loans", rules.loans), ("partial fills", rules.partial_fills),
                                  ("partial sales", rules.partial_sales),
                                  ("classic chart", rules.classic_recipes)) if flag]
    lines = [f"{options.games} games, {len(players)} players, {rules.months} months, "
             f"variations: {', '.join(on) or 'none'}, seed {options.seed}"]
    lines += summary(players, tally, rules.starting_cash)
    if options.timing and tally.times:
        lines.append(timing_line(tally.times))
    return lines + [fallback_line(players, tally)]


def _typed(prog: str) -> str:
    """``prog`` as typed at a prompt (a script is run with python3)."""
    program, _, command = prog.partition(" ")
    return start_command(program) + (f" {command}" if command else "")


if __name__ == "__main__":
    sys.exit(main())
