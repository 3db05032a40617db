"""Benchmarks: ``python3 -m ed.bench [--games N] [--jobs N] [--gui] [--quick]``.

Measures, never asserts:

- engine: complete 12-month 6-player games per second, the entries made
  beforehand so that only ``submit`` and ``resolve`` are timed, and
  microseconds per ``submit`` and per ``resolve()``;
- saves: milliseconds to write and read back a finished 12-month 6-player
  game (in memory, and through a file with its fsync);
- computer players: milliseconds per decision for each level, median, 99th
  percentile and worst (and for ``expert`` at its slowest table: six seats
  with Variations I-III), each decision's best time over the runs (so that
  the machine's other work is not counted as the players'), with how many
  decisions the time cap cut short
  and how many fell back to an empty entry because the player failed (a
  figure with any is not valid: the bench says so and exits with status 1);
- with ``--review``: seconds to review every person of a finished 12-month
  6-player game with 3 and with 6 people (``ed.review``), its failed
  decisions counted as the computer players' are;
- with ``--gui``: the window's start-up time and tally-sheet redraw time.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import closing
from typing import Dict, List, Optional, Sequence, Tuple

from . import parallel
from ..saves import format as save
from .console import OutputFailed, output_failed, say, write_lines
from .parser import Parser
from ..engine import Game, play_out
from ..ai.randomplay import RandomPlayer
from ..rules import Rules

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
#: the most games for the engine figure: their entries are held in memory (about 36 kB a
#: game) and are made at about 40 games a second, so this many take two minutes
MAX_GAMES = 5_000
#: the most runs of the engine figure
MAX_REPEAT = 100
Log = List[Tuple[dict, ...]]


def make_logs(count: int, seed: int = 1, players: int = 6, months: int = 12) -> List[Log]:
    """Entries for ``count`` complete games with random legal entries (over-offers included)."""
    player = RandomPlayer(random.Random(seed))
    rules = Rules(players=players, months=months)
    return [play_out(Game(rules, NAMES[:players]), [player] * players).log()
            for _ in range(count)]


def replay(logs: Sequence[Log], players: int = 6, months: int = 12) -> float:
    """Play every logged game through ``submit`` and ``resolve``; returns the seconds taken."""
    rules = Rules(players=players, months=months)
    names = NAMES[:players]
    start = time.perf_counter()
    for log in logs:
        game = Game(rules, names)
        submit, resolve = game.submit, game.resolve
        for entries in log:
            for seat, entry in enumerate(entries):
                submit(seat, entry)
            resolve()
    return time.perf_counter() - start


def _replay_chunk(args: Tuple[int, int]) -> Tuple[int, float]:
    count, seed = args
    logs = make_logs(count, seed)
    return count, replay(logs)


def per_call(logs: Sequence[Log]) -> Tuple[List[float], List[float]]:
    """Microseconds of each ``submit`` and each ``resolve`` call."""
    rules = Rules(players=6, months=12)
    submits, resolves = [], []
    clock = time.perf_counter_ns
    for log in logs:
        game = Game(rules, NAMES)
        for entries in log:
            for seat, entry in enumerate(entries):
                t0 = clock()
                game.submit(seat, entry)
                submits.append((clock() - t0) / 1000)
            t0 = clock()
            game.resolve()
            resolves.append((clock() - t0) / 1000)
    return submits, resolves


def bench_engine(games: int, repeat: int, jobs: int) -> List[str]:
    logs = make_logs(games)
    best = min(replay(logs) for _ in range(repeat))
    submits, resolves = per_call(logs[: max(1, games // 5)])
    lines = [
        f"engine: {games / best:,.0f} complete 12-month 6-player games per second "
        f"(one process, best of {repeat} runs of {games} games)",
        f"  submit: median {statistics.median(submits):.1f} us;  "
        f"resolve(): median {statistics.median(resolves):.1f} us, "
        f"worst {max(resolves):.0f} us",
    ]
    if jobs > 1:
        # Each process makes its own entries, then times its replay; the rates add up
        # because the replays run side by side.
        chunk = max(1, games // jobs)
        tasks = [(chunk, 10 + j) for j in range(jobs)]
        with closing(parallel.ordered_map(_replay_chunk, tasks, jobs)) as replays:
            results = list(replays)
        rate = sum(count / seconds for count, seconds in results)
        lines.append(f"  with {jobs} processes side by side: {rate:,.0f} games per second in all")
    return lines


def bench_saves(repeat: int = 30) -> List[str]:
    logs = make_logs(1, seed=7)
    game = Game(Rules(players=6, months=12), NAMES)
    for entries in logs[0]:
        for seat, entry in enumerate(entries):
            game.submit(seat, entry)
        game.resolve()
    dumps, loads, writes, reads = [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.json")
        for _ in range(repeat):
            t0 = time.perf_counter()
            text = save.dumps(game)
            t1 = time.perf_counter()
            save.loads(text)
            t2 = time.perf_counter()
            save.save(game, path)
            t3 = time.perf_counter()
            save.load(path)
            t4 = time.perf_counter()
            dumps.append(t1 - t0)
            loads.append(t2 - t1)
            writes.append(t3 - t2)
            reads.append(t4 - t3)
        size = os.path.getsize(path)
    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    return [
        f"saves (finished 12-month 6-player game, {size:,} bytes): "
        f"dumps+loads {ms(dumps) + ms(loads):.2f} ms "
        f"(dumps {ms(dumps):.2f}, loads with replay {ms(loads):.2f})",
        f"  to a file: save+load {ms(writes) + ms(reads):.2f} ms "
        f"(save with fsync {ms(writes):.2f}, load {ms(reads):.2f})",
    ]


Timed = Dict[Tuple[int, int, int], float]


def _ai_times(level: str, games: int, players: int, alone: str = "",
              **variations) -> Tuple[Timed, int, int]:
    """Decision times of one level playing every seat (or one seat, the others ``alone``'s
    level), by game, seat and decision; how many of its decisions hurried, and how many of
    all fell back."""
    from .. import ai
    from ..engine import Seat
    times: Timed = {}
    hurried = fallbacks = 0
    names = list(ai.PERSONALITIES)
    for g in range(games):
        rules = Rules(players=players, months=12, **variations)
        levels = [level if not alone or s == g % players else alone for s in range(players)]
        personalities = [names[(g + s) % len(names)] for s in range(players)]
        # seats labelled as the window labels them: experts know one another (ed.ai.accord)
        seats = [Seat("computer", lv, p) for lv, p in zip(levels, personalities)]
        game = Game(rules, NAMES[:players], seed=g, seats=seats)
        avatars = [ai.Avatar(lv, p, seed=g * 10 + s)
                   for s, (lv, p) in enumerate(zip(levels, personalities))]
        for avatar in avatars:
            avatar.time_budget = ai.TIME_BUDGET    # as in the window
        seat_times: List[List[float]] = [[] for _ in avatars]
        play_out(game, avatars, times=seat_times)
        for s, (avatar, taken) in enumerate(zip(avatars, seat_times)):
            if avatar.level == level:
                times.update(((g, s, i), t) for i, t in enumerate(taken))
        hurried += sum(a.hurried for a in avatars if a.level == level)
        fallbacks += sum(a.fallbacks for a in avatars)
    return times, hurried, fallbacks


def _best_of(runs: Sequence[Tuple[Timed, int, int]]) -> Tuple[List[float], int, int]:
    """Each decision's best time over the runs (those every run made), the fewest decisions
    any run cut short, and the most that fell back in any run."""
    common = set(runs[0][0]).intersection(*(timed for timed, _, _ in runs[1:]))
    return ([min(timed[key] for timed, _, _ in runs) for key in common],
            min(hurried for _, hurried, _ in runs), max(failed for _, _, failed in runs))


def bench_ai(games: int = 6, players: int = 4, repeat: int = 1) -> Tuple[List[str], int]:
    """A line per table of computer players, and how many decisions fell back in all.

    Each table is played ``repeat`` times, every run from players who remember
    nothing (``ai.forget``), and each decision counts its best time: a
    decision that the machine's other work held up in one run is timed as the
    others ran it, as the engine's figure is the best of its runs.
    """
    from .. import ai
    lines = [f"computer players, each decision's best time of {repeat} runs:" if repeat > 1
             else "computer players, one run:"]
    failed = 0
    tables = [(level, players, "", {}) for level in ai.LEVELS]
    # the expert alone among others plans for itself, with no other expert to plan with
    tables.append(("expert", players, "hard", {}))
    # the slowest table for the top level: six seats, partial fills and sales, loans
    tables.append(("expert", 6, "", {"loans": True, "partial_fills": True, "partial_sales": True}))
    for level, seats, alone, variations in tables:
        runs = []
        for _ in range(repeat):
            ai.forget()
            runs.append(_ai_times(level, games, seats, alone, **variations))
        times, hurried, fallbacks = _best_of(runs)
        failed += fallbacks
        label = f"ai {level:>6}"
        if alone:
            label += f" (alone among {seats - 1} {alone})"
        elif variations:
            label += f" ({seats} seats, variations I-III)"
        ordered = sorted(times)
        lines.append(f"{label}: {len(times)} decisions, median "
                     f"{statistics.median(ordered) * 1000:.2f} ms, 99th percentile "
                     f"{ordered[int(0.99 * (len(ordered) - 1))] * 1000:.1f} ms, "
                     f"worst {ordered[-1] * 1000:.1f} ms"
                     + (f", {hurried} cut short by the time cap" if level == "expert" else "")
                     + f", {fallbacks} fell back")
    return lines, failed


def review_game(people: int, players: int = 6, seed: int = 5) -> Tuple[Game, int]:
    """A finished 12-month game whose first ``people`` seats are people (played here by
    computer players of several levels) and the others experts, for the review's figure;
    and how many of its decisions fell back."""
    from .. import ai
    from ..engine import Seat
    levels = ("medium", "hard", "easy", "expert")
    seats = [Seat("human") if s < people else Seat("computer", "expert") for s in range(players)]
    game = Game(Rules(players=players, months=12), NAMES[:players], seed=seed, seats=seats)
    avatars = [ai.Avatar(levels[s % len(levels)] if s < people else "expert", seed=seed * 10 + s)
               for s in range(players)]
    return play_out(game, avatars), sum(a.fallbacks for a in avatars)


def bench_review(people_counts: Sequence[int] = (3, 6)) -> Tuple[List[str], int]:
    """Seconds to review every person of a finished 12-month 6-player game (``ed.review``),
    and how many decisions fell back in all (the games' and the expert's in the review)."""
    from .. import review
    lines = []
    failed = 0
    for people in people_counts:
        game, fallbacks = review_game(people)
        t0 = time.perf_counter()
        reviews = review.review_seats(game, review.people(game))
        seconds = time.perf_counter() - t0
        failed += fallbacks + sum(found.failed for found in reviews)
        lines.append(f"review of a 12-month 6-player game with {people} people: {seconds:.2f} s "
                     f"({seconds / people:.2f} s a person, {seconds / people / 24 * 1000:.0f} ms "
                     f"a phase)")
    return lines, failed


def main(argv: Optional[Sequence[str]] = None, *, prog: str = "python3 -m ed.bench") -> int:
    """Measure and print; ``prog`` is the command as the user typed it, for --help."""
    parser = Parser(
        prog=prog, description="Measure the engine's speed, saves and the computer players' "
                               "decision times (and with --gui the window's); asserts nothing.")
    parser.add_argument("--games", type=int, default=1000,
                        help=f"games for the engine figure, 1 to {MAX_GAMES:,} (default 1000)")
    parser.add_argument("--repeat", type=int, default=3,
                        help=f"runs, the best one counts, 1 to {MAX_REPEAT} (default 3)")
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"also measure with N processes (at most {parallel.MAX_JOBS_PER_CORE} "
                             f"per core are used)")
    parser.add_argument("--gui", action="store_true", help="also measure the window")
    parser.add_argument("--review", action="store_true",
                        help="also measure the review of a finished game")
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    options = parser.parse_args(argv)
    if options.games < 1 or options.repeat < 1 or options.jobs < 1:
        parser.error("--games, --repeat and --jobs take whole numbers from 1")
    if options.games > MAX_GAMES:
        parser.error(f"--games must be at most {MAX_GAMES:,}, not {options.games:,} "
                     f"(their entries are held in memory)")
    if options.repeat > MAX_REPEAT:
        parser.error(f"--repeat must be at most {MAX_REPEAT}, not {options.repeat:,}")
    jobs, lowered = parallel.capped_jobs(options.jobs)
    if lowered:
        say(f"{prog}: {lowered}")
    from .tournament import first_failure_to_stderr
    try:
        with first_failure_to_stderr():
            return _measure(options, jobs, prog)
    except OutputFailed as failed:
        return output_failed(prog, failed.error, sys.stdout, sys.stderr)
    except parallel.WorkerError as error:
        say(f"{prog}: {error}")
        return 1
    except KeyboardInterrupt:
        say(f"\n{prog}: stopped.")
        return 130


def _measure(options: argparse.Namespace, jobs: int, prog: str) -> int:
    """Measure what ``options`` ask for and print each figure as it comes."""
    games = 50 if options.quick else options.games
    write_lines([f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores"])
    write_lines(bench_engine(games, 1 if options.quick else options.repeat, jobs))
    write_lines(bench_saves(5 if options.quick else 30))
    lines, failed = bench_ai(1 if options.quick else 6,
                             repeat=1 if options.quick else options.repeat)
    write_lines(lines)
    if not failed and options.review:
        lines, failed = bench_review()
        write_lines(lines)
    if failed:
        say(f"{prog}: {failed} decision{'s' if failed != 1 else ''} of computer players "
            f"failed and passed the phase, so these figures are not valid.")
        return 1
    if options.gui:
        from .. import ui
        return ui.bench(["--quick"] if options.quick else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
