"""Learn what stock is worth from self-play against the gauntlet (offline; not used in play).

    python3 -m ed.tuning.learn --games 200 --rounds 3 --jobs 2
    python3 -m ed.tuning.learn --games 300 --jobs 2 --scales 0.5,0.7,1.0 --against ev,exploit
    python3 -m ed.tuning.learn --games 200 --jobs 2 --scales 1,1.5,1.7,2 --against ev,saa --players 2

The ``expert`` level counts a unit kept in stock at its price plus a share of
the best margin it could earn (``ed.ai.worth``); the share depends on how
many months remain.  This command searches those shares: one entry of the
table at a time, it tries a few values up and down, plays the same games
(the same seeds: common random numbers) with each, and keeps the value under
which ``expert`` did best — its profit above the table's average, over
tables of gauntlet strategies and player counts that vary from game to game.
It prints the best table as a line ready for ``CARRY`` in ``ed/ai/worth.py``.
That lead rewards a bold stock that sometimes pays off big; ``--scales``
then plays today's table scaled up and down as a whole and prints how often
``expert`` wins with each scale, for choosing the scale that wins most
(``--players`` sets the table's size: the scale found for two players is
``worth.SCALE_BY_PLAYERS``).

The engine is quick, so a few thousand games take minutes; the learned table
is a constant of the program, never changed while a game is played.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from typing import List, Optional, Sequence, Tuple

from ..tools import parallel
from ..engine import Game, Seat, play_out, series_seed
from ..rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from ..ai import worth
from ..ai.levels import Avatar

#: The tables ``expert`` learns against: (opponents, by gauntlet name), rotated game by game.
TABLES: Tuple[Tuple[str, ...], ...] = (
    ("ev", "ev", "ev"),
    ("ev", "keeper", "margin"),
    ("ev",),
    ("ev", "ev", "ev", "ev", "ev"),
    ("keeper", "ev", "hoarder"),
    ("ev", "copycat", "flooder"),
)


def play(carry: Sequence[float], index: int, seed: int, months: int = 12) -> float:
    """Game ``index``: the expert's final cash less the average of the others'."""
    final, me = play_table(carry, TABLES[index % len(TABLES)], index, seed, months)
    rest = [c for i, c in enumerate(final) if i != me]
    return final[me] - sum(rest) / len(rest)


def play_table(carry: Sequence[float], table: Sequence[str], index: int, seed: int,
               months: int = 12) -> Tuple[List[int], int]:
    """Game ``index`` of expert against ``table``: every final cash, and the expert's seat."""
    from ..ai import gauntlet
    n = len(table) + 1
    game_seed = series_seed(seed, index)
    me = index % n
    names = [f"P{i}" for i in range(n)]
    rules = Rules(players=n, months=months)
    players = []
    seats = []
    others = iter(table)
    for position in range(n):
        if position == me:
            avatar = Avatar("expert", seed=game_seed * 10 + position)
            avatar.carry = tuple(carry)
            players.append(avatar)
            seats.append(Seat("computer", "expert"))
        else:
            name = next(others)
            players.append(gauntlet.make(name, seed=game_seed * 10 + position))
            seats.append(Seat("computer", f"g:{name}"))
    return play_out(Game(rules, names, game_seed, seats=seats), players).final_cash(), me


def win_share(final: Sequence[int], me: int) -> float:
    """The expert's share of the win: 1, a fraction for a shared first place, or 0."""
    best = max(final)
    return 1.0 / final.count(best) if final[me] == best else 0.0


def _wins_chunk(args) -> List[float]:
    carry, table, indices, seed = args
    return [win_share(*play_table(carry, table, i, seed)) for i in indices]


def wins(carry: Sequence[float], table: Sequence[str], games: int, seed: int, jobs: int) -> float:
    """The expert's win rate against ``table`` with this table of shares."""
    size = max(1, games // (max(1, jobs) * 4))
    chunks = [(tuple(carry), tuple(table), list(range(s, min(games, s + size))), seed)
              for s in range(0, games, size)]
    if jobs <= 1:
        results = [x for chunk in chunks for x in _wins_chunk(chunk)]
    else:
        results = [x for part in parallel.ordered_map(_wins_chunk, chunks, jobs) for x in part]
    return sum(results) / len(results)


def _chunk(args) -> List[float]:
    carry, indices, seed = args
    return [play(carry, i, seed) for i in indices]


def score(carry: Sequence[float], games: int, seed: int, jobs: int) -> float:
    """The expert's mean lead over the others with this table, over ``games`` games."""
    if jobs <= 1:
        return statistics.mean(play(carry, i, seed) for i in range(games))
    size = max(1, games // (jobs * 4))
    chunks = [(tuple(carry), list(range(s, min(games, s + size))), seed) for s in range(0, games, size)]
    results = [x for part in parallel.ordered_map(_chunk, chunks, jobs) for x in part]
    return statistics.mean(results)


def search(start: Sequence[float], games: int, rounds: int, seed: int, jobs: int,
           step: float = 0.15, report=print) -> Tuple[float, ...]:
    """Coordinate search over the table's entries; returns the best table found."""
    best = list(start)
    seen = {tuple(best): score(best, games, seed, jobs)}
    best_score = seen[tuple(best)]
    report(f"start {tuple(round(x, 3) for x in best)}: lead {best_score:+.1f}")
    for r in range(rounds):
        # entry 0 is the last month, where stock is worth the final raw price, not a share
        for i in range(1, len(best)):
            for delta in (-step, step):
                trial = list(best)
                trial[i] = max(0.0, round(trial[i] + delta, 3))
                if tuple(trial) in seen:
                    continue
                s = seen[tuple(trial)] = score(trial, games, seed, jobs)
                report(f"round {r + 1}, entry {i}: {tuple(trial)} lead {s:+.1f}")
                if s > best_score:
                    best, best_score = trial, s
        step /= 2
        report(f"after round {r + 1}: {tuple(best)} lead {best_score:+.1f}")
    return tuple(best)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m ed.tuning.learn", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per evaluation (default 200)")
    parser.add_argument("--rounds", type=int, default=2, help="passes over the table (default 2)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the games (default 11)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--step", type=float, default=0.15,
                        help="first change tried on each entry (default 0.15; halved each round)")
    parser.add_argument("--scales", default="",
                        help="instead of searching, scale today's table by each of these factors "
                             "(e.g. 0.5,0.7,1.0) and print expert's win rate against three of "
                             "each strategy of --against")
    parser.add_argument("--against", default="ev,exploit",
                        help="gauntlet strategies for --scales (default ev,exploit)")
    parser.add_argument("--players", type=int, default=4,
                        help="players at each --scales table: expert and the rest of one "
                             "strategy (default 4)")
    options = parser.parse_args(argv)
    if min(options.games, options.rounds, options.jobs) < 1:
        parser.error("--games, --rounds and --jobs take whole numbers from 1")
    if not MIN_PLAYERS <= options.players <= MAX_PLAYERS:
        parser.error(f"--players takes a number from {MIN_PLAYERS} to {MAX_PLAYERS}")
    if options.scales:
        from ..ai import gauntlet
        try:
            factors = [float(x) for x in options.scales.split(",")]
        except ValueError:
            parser.error("--scales takes numbers separated by commas, such as 0.5,0.7,1.0")
        against = [x.strip() for x in options.against.split(",") if x.strip()]
        unknown = [x for x in against if x not in gauntlet.STRATEGIES]
        if unknown or not against:
            parser.error(f"--against takes gauntlet names: {', '.join(gauntlet.STRATEGIES)}")
        for factor in factors:
            carry = tuple(round(c * factor, 4) for c in worth.CARRY)
            rest = options.players - 1
            count = ("one", "two", "three", "four", "five")[rest - 1]
            rates = [f"{name} {100 * wins(carry, (name,) * rest, options.games, options.seed, options.jobs):.1f}%"
                     for name in against]
            print(f"scale {factor:g} {carry}: expert wins against {count} of " + ", ".join(rates),
                  flush=True)
        return 0
    best = search(worth.CARRY, options.games, options.rounds, options.seed, options.jobs,
                  options.step)
    print(f"CARRY: Tuple[float, ...] = {best}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
