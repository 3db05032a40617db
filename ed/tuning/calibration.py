"""How well a computer player foresees the others, and whether it knows how well.

    python3 -m ed.tuning.calibration --games 100 --seats expert,g:ev,g:ev,g:ev

Plays headless games like the tournament (the same seat syntax, seats
rotating from game to game) and follows the first player, which must be a
level that draws scenarios (``expert`` or ``hard``).  At every purchasing
phase from month 2 to the last, it compares the others' total order of each
grade, as the scenarios foresaw it (their mean), with what the others then
ordered.  It prints, per grade: the mean absolute error, the root mean
square error, the bias, the spread the scenarios stated (their standard
deviation, on average) and how often the truth fell within one stated
spread of the mean (about 68% when the spread is honest).  The same for the
others' goods offers at the selling phases.  Measures; asserts nothing.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from typing import Dict, List, Optional, Tuple

from ..engine import Game, play_out, series_seed
from ..report import PURCHASING, SELLING
from ..rules import ENTRY_INDEXES, Rules

Row = Tuple[float, float]   # (truth - forecast mean, stated spread)


def follow(rules: Rules, players, index: int, seed: int) -> Dict[str, List[List[Row]]]:
    """Play game ``index``; returns the first player's forecast errors by phase and commodity."""
    from ..tools.tournament import make_avatar, seat_for, seating
    n = len(players)
    game_seed = series_seed(seed, index)
    position_of, player_at = seating(n, index)
    game = Game(rules, [f"P{p + 1}" for p in player_at], game_seed,
                seats=[seat_for(players[p]) for p in player_at])
    avatars = [make_avatar(game_seed, position, players[p]) for position, p in enumerate(player_at)]
    me = position_of[0]
    rows: Dict[str, List[List[Row]]] = {PURCHASING: [[], [], []], SELLING: [[], [], []]}

    def compare(report) -> None:
        """The phase just resolved against the scenarios the first player decided it by."""
        sc = getattr(avatars[me], "last_scenarios", None)
        if sc is None or report.month < 2:
            return
        draws = sc.raw if report.phase == PURCHASING else sc.goods
        for c in ENTRY_INDEXES:
            truth = sum(line.units for s in report.seats if s.seat != me
                        for line in s.lines[c:c + 1] if line.counted)
            mean = statistics.mean(draws[c])
            rows[report.phase][c].append((truth - mean, statistics.pstdev(draws[c])))

    play_out(game, avatars, each=compare)
    return rows


def _chunk(args) -> Dict[str, List[List[Row]]]:
    rules, players, indices, seed = args
    total: Dict[str, List[List[Row]]] = {PURCHASING: [[], [], []], SELLING: [[], [], []]}
    for i in indices:
        rows = follow(rules, players, i, seed)
        for phase in total:
            for c in ENTRY_INDEXES:
                total[phase][c].extend(rows[phase][c])
    return total


def summary(rows: Dict[str, List[List[Row]]]) -> List[str]:
    """One line per phase and commodity."""
    lines = [f"{'':<22} {'MAE':>6} {'RMSE':>6} {'bias':>6} {'stated':>7} {'within':>7}"]
    names = {PURCHASING: ("X-Fine", "Fine", "Standard"), SELLING: ("A", "B", "C")}
    for phase in (PURCHASING, SELLING):
        for c in ENTRY_INDEXES:
            data = rows[phase][c]
            if not data:
                continue
            errors = [e for e, _ in data]
            spreads = [s for _, s in data]
            within = sum(abs(e) <= s for e, s in data) / len(data)
            label = f"{'orders' if phase == PURCHASING else 'offers'} {names[phase][c]}"
            lines.append(f"{label:<22} {statistics.mean(abs(e) for e in errors):>6.2f} "
                         f"{math.sqrt(statistics.mean(e * e for e in errors)):>6.2f} "
                         f"{statistics.mean(errors):>+6.2f} {statistics.mean(spreads):>7.2f} "
                         f"{within:>7.0%}")
    return lines


def main(argv: Optional[List[str]] = None) -> int:
    from ..tools.tournament import UsageError, parse_seats, parse_variations
    parser = argparse.ArgumentParser(prog="python3 -m ed.tuning.calibration",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", default="expert,g:ev,g:ev,g:ev")
    parser.add_argument("--months", type=int, default=12)
    parser.add_argument("--variations", default="none")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args(argv)
    try:
        players = parse_seats(options.seats)
        rules = Rules(players=len(players), months=options.months,
                      **parse_variations(options.variations))
    except (UsageError, ValueError) as error:
        parser.error(str(error))
    chunks = [(rules, players, list(range(s, min(options.games, s + 10))), options.seed)
              for s in range(0, options.games, 10)]
    total: Dict[str, List[List[Row]]] = {PURCHASING: [[], [], []], SELLING: [[], [], []]}
    if options.jobs > 1:
        from ..tools import parallel
        parts = list(parallel.ordered_map(_chunk, chunks, options.jobs))
    else:
        parts = [_chunk(c) for c in chunks]
    for part in parts:
        for phase in total:
            for c in ENTRY_INDEXES:
                total[phase][c].extend(part[phase][c])
    print(f"{options.games} games, seats {options.seats}, months 2-{options.months}, "
          f"forecasts of the other {len(players) - 1} seats' totals by the first seat")
    for line in summary(total):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
