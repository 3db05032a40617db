"""Headless games between computer players, to measure their strength.

    python3 executive_decision.py tournament --games 500 --seats hard,medium,medium,medium
    python3 -m ed.tournament --games 200 --seats hard,easy --variations loans --jobs 2

    python3 -m ed.tournament --games 200 --seats hard,g:margin,g:ev,g:ev

Each entry of ``--seats`` is a level of ``ed.ai.LEVELS`` (``easy``,
``medium``, ``hard``, ``expert``), optionally with a personality:
``hard:mabel``; or ``g:NAME``, a sparring partner of the gauntlet
(``ed.ai.gauntlet.STRATEGIES``: ``g:margin``, ``g:ev``, ``g:keeper``,
``g:hoarder``, ``g:flooder``, ``g:copycat``, ``g:exploit``, ``g:beginner``,
``g:saa``), written apart from the levels.  The players swap seats from
game to game (game ``i`` seats player ``p`` at position ``(p + i) mod n``),
so no one keeps the first or last seat.  Prints, per player: wins (a shared
first place counts as a share of a win), the win rate with its 95% Wilson
interval, and the mean and median final cash.  The same arguments and seed
give the same output (``--timing`` adds decision times, which vary).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import List, Optional, Sequence, Tuple

from . import ai
from .ai import gauntlet
from .engine import Game, Seat
from .rules import MAX_MONTHS, MAX_PLAYERS, MIN_MONTHS, MIN_PLAYERS, Rules

VARIATION_NAMES = ("loans", "partial_fills", "partial_sales", "classic")
#: z for a two-sided 95% interval
Z95 = 1.959963984540054

Player = Tuple[str, Optional[str]]


class UsageError(ValueError):
    """A command-line argument the tournament cannot use; the message is one plain sentence."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser(prog: str = "python3 -m ed.tournament") -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="Play headless games between computer players and compare them.")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seats", default="hard,medium,medium,medium",
                        help="comma list of levels, each optionally level:personality, "
                             "or g:NAME for a gauntlet strategy ("
                             + ", ".join(gauntlet.STRATEGIES) + ") "
                             "(default hard,medium,medium,medium)")
    parser.add_argument("--months", type=int, default=12, help="months per game (default 12)")
    parser.add_argument("--variations", default="none",
                        help="comma list from loans,partial_fills,partial_sales,classic, or none")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole tournament (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.add_argument("--timing", action="store_true",
                        help="also report how long decisions take (varies from run to run)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser


#: A seat written ``g:NAME`` is the gauntlet strategy NAME.
GAUNTLET_PREFIX = "g:"


def parse_seats(text: str) -> List[Player]:
    """``"hard,medium:iris,g:ev"`` -> ``[("hard", None), ("medium", "iris"), ("g:ev", None)]``.

    Raises ``UsageError`` for an unknown level, personality or strategy.
    """
    players: List[Player] = []
    for part in text.split(","):
        part = part.strip()
        if part.lower().startswith(GAUNTLET_PREFIX):
            name = part[len(GAUNTLET_PREFIX):].strip().lower()
            if name not in gauntlet.STRATEGIES:
                raise UsageError(f"{part!r} is not a gauntlet strategy; write g:NAME with NAME "
                                 f"one of {', '.join(gauntlet.STRATEGIES)}.")
            players.append((GAUNTLET_PREFIX + name, None))
            continue
        level, _, personality = part.partition(":")
        level = level.strip().lower()
        personality = personality.strip().lower() or None
        if level not in ai.LEVELS:
            raise UsageError(f"{part!r} is not a level; the levels are {', '.join(ai.LEVELS)}. "
                             f"A gauntlet strategy is written g:NAME, NAME one of "
                             f"{', '.join(gauntlet.STRATEGIES)}.")
        if personality is not None and personality not in ai.PERSONALITIES:
            raise UsageError(f"{personality!r} is not a personality; choose from "
                             f"{', '.join(ai.PERSONALITIES)}.")
        players.append((level, personality))
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


def play_game(rules: Rules, players: Sequence[Player], index: int, seed: int,
              timing: bool = False) -> Tuple[List[int], List[float]]:
    """Play game ``index``; returns each player's final cash (in player order) and decision times."""
    n = len(players)
    game_seed = seed * 1_000_003 + index
    position_of, player_at = seating(n, index)
    seats = [Seat("computer", players[p][0], players[p][1]) for p in player_at]
    names = [f"P{p + 1}" for p in player_at]
    game = Game(rules, names, game_seed, seats=seats)
    avatars = [make_avatar(game_seed, position, players[p]) for position, p in enumerate(player_at)]
    times: List[float] = []
    clock = time.perf_counter
    while not game.is_over:
        for position in range(n):
            view = game.view(position)
            if timing:
                start = clock()
                entry = avatars[position].decide(view)
                times.append(clock() - start)
            else:
                entry = avatars[position].decide(view)
            game.submit(position, entry)
        game.resolve()
    final = game.final_cash()
    return [final[position_of[p]] for p in range(n)], times


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
    if level.startswith(GAUNTLET_PREFIX):
        return gauntlet.make(level[len(GAUNTLET_PREFIX):], seed=game_seed * 10 + position)
    # Without the window's time budget (off unless set): a busy machine cannot change a result.
    return ai.avatar_for(game_seed, position, level, personality)


def _play_chunk(args) -> List[Tuple[int, List[int], List[float]]]:
    rules, players, indices, seed, timing = args
    return [(i,) + play_game(rules, players, i, seed, timing) for i in indices]  # type: ignore[misc]


def wilson(successes: float, trials: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(rules: Rules, players: Sequence[Player], games: int, seed: int, jobs: int = 1,
        timing: bool = False, progress=None) -> Tuple[List[List[int]], List[float]]:
    """Play ``games`` games; returns final cash per game (player order) and all decision times."""
    results: List[Optional[List[int]]] = [None] * games
    times: List[float] = []
    done = 0
    if jobs <= 1 or games < 4:
        for i in range(games):
            final, t = play_game(rules, players, i, seed, timing)
            results[i] = final
            times.extend(t)
            done += 1
            if progress:
                progress(done, games)
    else:
        size = max(1, min(25, games // (jobs * 4)))
        chunks = [list(range(start, min(games, start + size))) for start in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for chunk in pool.map(_play_chunk, [(rules, players, c, seed, timing) for c in chunks]):
                for i, final, t in chunk:
                    results[i] = final
                    times.extend(t)
                done += len(chunk)
                if progress:
                    progress(done, games)
    return [r for r in results if r is not None], times


def summary(players: Sequence[Player], results: Sequence[Sequence[int]], start: int) -> List[str]:
    """The result table, one line per player."""
    n = len(players)
    games = len(results)
    wins = [0.0] * n
    for final in results:
        best = max(final)
        winners = [p for p in range(n) if final[p] == best]
        for p in winners:
            wins[p] += 1 / len(winners)
    lines = [f"{'player':<18} {'wins':>7} {'win rate':>9} {'95% interval':>15} "
             f"{'mean cash':>10} {'median':>8} {'mean profit':>12} {'± 95%':>7}"]
    for p, (level, personality) in enumerate(players):
        label = f"P{p + 1} {level}" + (f":{personality}" if personality else "")
        cash = [final[p] for final in results]
        low, high = wilson(wins[p], games)
        mean = statistics.mean(cash) if cash else 0.0
        median = statistics.median(cash) if cash else 0.0
        # half the width of the mean's 95% interval (normal approximation)
        half = Z95 * statistics.stdev(cash) / math.sqrt(len(cash)) if len(cash) > 1 else 0.0
        lines.append(f"{label:<18} {wins[p]:>7.1f} {wins[p] / games:>8.1%} "
                     f"{f'{low:.1%}–{high:.1%}':>15} {mean:>10.1f} {median:>8.1f} "
                     f"{mean - start:>+12.1f} {half:>7.1f}")
    return lines


def _progress():
    """A progress reporter: a line on stderr now and then (in place on a terminal)."""
    started = time.monotonic()
    shown = [0.0]
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - shown[0] < (0.5 if tty else 5.0):
            return
        shown[0] = now
        end = "\n" if (done == total or not tty) else ""
        print(f"\rplayed {done}/{total} games ({now - started:.0f} s)", end=end,
              file=sys.stderr, flush=True)

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
        if not MIN_MONTHS <= options.months <= MAX_MONTHS:
            raise UsageError(f"--months must be from {MIN_MONTHS} to {MAX_MONTHS}, "
                             f"not {options.months}.")
        if options.jobs < 1:
            raise UsageError(f"--jobs must be 1 or more, not {options.jobs}.")
        rules = Rules(players=len(players), months=options.months, **variations)
    except UsageError as error:
        print(f"tournament: {error}", file=sys.stderr)
        print(f"Try: {_typed(prog)} --help", file=sys.stderr)
        return 2

    progress = _progress() if not options.quiet and options.games >= 20 else None
    results, times = run(rules, players, options.games, options.seed, options.jobs,
                         options.timing, progress)
    on = [name for name, flag in (("loans", rules.loans), ("partial fills", rules.partial_fills),
                                  ("partial sales", rules.partial_sales),
                                  ("classic chart", rules.classic_recipes)) if flag]
    print(f"{options.games} games, {len(players)} players, {rules.months} months, "
          f"variations: {', '.join(on) or 'none'}, seed {options.seed}")
    for line in summary(players, results, rules.starting_cash):
        print(line)
    if options.timing and times:
        ordered = sorted(times)
        print(f"decisions: {len(times)}, median {statistics.median(ordered) * 1000:.2f} ms, "
              f"99th percentile {ordered[int(0.99 * (len(ordered) - 1))] * 1000:.2f} ms, "
              f"worst {ordered[-1] * 1000:.2f} ms")
    return 0


def _typed(prog: str) -> str:
    """``prog`` as typed at a prompt (a script is run with python3)."""
    from .cli import start_command
    program, _, command = prog.partition(" ")
    return start_command(program) + (f" {command}" if command else "")


if __name__ == "__main__":
    sys.exit(main())
