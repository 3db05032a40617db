"""The command ``python3 -m ed.tuning.characters``: how the characters play at one level.

Plays ``--games`` 12-month games of four computer players of one level
(``--level``, ``expert`` by default), each of a different character: game
``i`` seats four of the six, turned by ``i`` so that each plays in every
seat, with its own seed.  Prints

1. how often two seats of different characters enter the very same
   non-empty order or offer in one phase (units and prices alike);
2. whether the seed changes the game: the first table played again with
   ``--seeds`` different seeds, and how many of those games end with final
   cash that no other of them ends with;
3. each character's style, from its entries: units ordered a month,
   goods offered a month, the price paid for a unit against the market
   price (negative: below it), the share of the finer grade (X-Fine) in
   its orders and of A and of C in its offers, the cash in hand after
   buying (on average, and at its lowest in a game), the raw units kept
   after selling, its mean final cash and its wins (a shared first place
   counts as a share).

``--variations`` plays with ``loans,partial_fills,partial_sales,classic``.
Bad arguments get one sentence and status 2; output that cannot be written
ends with status 1, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import combinations
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

from ..tools.console import OutputFailed, output_failed, write_lines
from ..tools.parser import SentenceParser, count
from ..engine import Game, Seat, play_out, series_seed
from ..rules import Phase, Rules
from ..ai.characters import PERSONALITIES
from ..ai.levels import LEVELS, avatar_for

CHARACTERS = tuple(PERSONALITIES)
#: Seats at each table.
SEATS = 4
VARIATION_NAMES = ("loans", "partial_fills", "partial_sales", "classic")
#: The style figures, each a sum over a character's phases (see ``_style``).
FIGURES = ("buys", "units", "bought", "paid_gap", "xfine", "sells", "offered", "a_units",
           "c_units", "cash_after", "lowest", "kept", "final", "wins", "games")


def _variations(text: str) -> Tuple[str, ...]:
    text = text.strip().lower()
    if text in ("", "none"):
        return ()
    chosen = []
    for part in text.split(","):
        part = part.strip().replace("-", "_")
        if part not in VARIATION_NAMES:
            raise argparse.ArgumentTypeError(
                f"{part!r} is not a variation; choose from {', '.join(VARIATION_NAMES)} or none")
        chosen.append(part)
    return tuple(chosen)


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = SentenceParser(prog=prog, description="Measure how the computer characters "
                                                   "play: how often two enter the same, "
                                                   "whether the seed changes the game, and "
                                                   "each one's style.")
    parser.add_argument("--games", type=count(1, 5000), default=30,
                        help="games to play, 1 to 5,000 (default 30)")
    parser.add_argument("--seeds", type=count(2, 1000), default=10,
                        help="seeds the first table is played again with, 2 to 1,000 "
                             "(default 10)")
    parser.add_argument("--seed", type=count(0, 10 ** 9), default=1,
                        help="the first game's seed (default 1)")
    parser.add_argument("--level", choices=LEVELS, default="expert",
                        help="the level every seat plays (default expert)")
    parser.add_argument("--variations", type=_variations, default=(),
                        help="comma list from loans,partial_fills,partial_sales,classic, or "
                             "none (default none)")
    parser.add_argument("--jobs", type=count(1, 64), default=1,
                        help="worker processes (default 1)")
    return parser


# ----------------------------------------------------------------- the games

def cast(index: int) -> Tuple[str, ...]:
    """The characters of game ``index``, seat by seat: four of the six, turned by ``index``."""
    return tuple(CHARACTERS[(index + seat) % len(CHARACTERS)] for seat in range(SEATS))


def rules_for(variations: Sequence[str]) -> Rules:
    return Rules(players=SEATS, months=12, loans="loans" in variations,
                 partial_fills="partial_fills" in variations,
                 partial_sales="partial_sales" in variations,
                 classic_recipes="classic" in variations)


def play(level: str, characters: Sequence[str], game_seed: int,
         variations: Sequence[str]) -> Game:
    """One game of ``characters`` at ``level``, played to its end; each avatar seeded by the
    game's seed and its seat, as the window seeds them."""
    seats = [Seat("computer", level, c) for c in characters]
    game = Game(rules_for(variations), [PERSONALITIES[c].name for c in characters], game_seed,
                seats=seats)
    return play_out(game, [avatar_for(game_seed, seat, level, c)
                            for seat, c in enumerate(characters)])


def _blank() -> Dict[str, float]:
    return {name: 0.0 for name in FIGURES}


def measure_game(task: Tuple[str, int, int, Tuple[str, ...]]) -> Dict[str, object]:
    """One game's measures: phases, phases with a shared entry, each character's figures and
    the final cash."""
    level, index, seed, variations = task
    characters = cast(index)
    game = play(level, characters, series_seed(seed, index), variations)
    style = {c: _blank() for c in characters}
    same = 0
    pairs: Counter = Counter()
    for report in game.history:
        record = report.record
        entries = [tuple(e for e in seat.entry) for seat in record.seats]
        shared = False
        for a, b in combinations(range(SEATS), 2):
            if any(units for units, _ in entries[a]) and entries[a] == entries[b]:
                shared = True
                pairs[tuple(sorted((characters[a], characters[b])))] += 1
        same += shared
        for seat, result in enumerate(record.seats):
            _style(style[characters[seat]], report.phase, record, result)
    for seat, c in enumerate(characters):
        style[c]["lowest"] += min(report.record.seats[seat].cash_after
                                  for report in game.history if report.phase == Phase.PURCHASING)
    final = game.final_cash()
    best = max(final)
    winners = [s for s in range(SEATS) if final[s] == best]
    for seat, c in enumerate(characters):
        style[c]["final"] += final[seat]
        style[c]["games"] += 1
        style[c]["wins"] += 1 / len(winners) if seat in winners else 0.0
    return {"phases": len(game.history), "same": same, "pairs": pairs, "style": style,
            "final": tuple(final)}


def _style(into: Dict[str, float], phase: str, record, result) -> None:
    """Add one seat's phase to its character's sums."""
    if phase == Phase.PURCHASING:
        into["buys"] += 1
        into["cash_after"] += result.cash_after
        for g, (units, bid) in enumerate(result.entry):
            into["units"] += units
            if g == 0:
                into["xfine"] += units
            got = 0 if result.cancelled else result.done[g]
            into["bought"] += got
            into["paid_gap"] += got * (bid - record.new[g])
    else:
        into["sells"] += 1
        into["kept"] += sum(result.stock_after)
        offered = (0, 0, 0) if result.cancelled else tuple(u for u, _ in result.entry)
        into["offered"] += sum(offered)
        into["a_units"] += offered[0]
        into["c_units"] += offered[2]


def measure(level: str, games: int, seeds: int, seed: int, variations: Tuple[str, ...],
            jobs: int = 1) -> Dict[str, object]:
    """The measures over ``games`` games, and the first table played with ``seeds`` seeds."""
    from ..tools.parallel import ordered_map
    total: Dict[str, object] = {"phases": 0, "same": 0, "pairs": Counter(),
                                "style": {c: _blank() for c in CHARACTERS}}
    for found in ordered_map(measure_game, ((level, i, seed, variations) for i in range(games)),
                             jobs):
        total["phases"] += found["phases"]                             # type: ignore[operator]
        total["same"] += found["same"]                                 # type: ignore[operator]
        total["pairs"].update(found["pairs"])                          # type: ignore[union-attr]
        for c, sums in found["style"].items():                         # type: ignore[union-attr]
            for name, value in sums.items():
                total["style"][c][name] += value                       # type: ignore[index]
    # the first table again, game 0's seats, with other seeds: does the seed change the game?
    finals = list(ordered_map(_final_with_seed, ((level, s, variations)
                                                 for s in _seeds(seed, seeds)), jobs))
    counts = Counter(finals)
    total["seeded"] = (len(finals), sum(1 for f in finals if counts[f] == 1), finals)
    return total


def _seeds(first: int, count: int) -> List[int]:
    """``count`` game seeds: ``first`` and the ones after it, far apart."""
    return [first + 7919 * k for k in range(count)]


def _final_with_seed(task: Tuple[str, int, Tuple[str, ...]]) -> Tuple[int, ...]:
    level, game_seed, variations = task
    return tuple(play(level, cast(0), game_seed, variations).final_cash())


def report_lines(total: Dict[str, object], level: str, games: int,
                 variations: Sequence[str], seed: int) -> List[str]:
    phases = int(total["phases"])                                      # type: ignore[arg-type]
    same = int(total["same"])                                          # type: ignore[arg-type]
    pairs: Counter = total["pairs"]                                    # type: ignore[assignment]
    played, distinct, finals = total["seeded"]                         # type: ignore[misc]
    rules = ", ".join(variations) if variations else "no variations"
    lines = [f"{games} games of four {level} players of different characters (12 months, "
             f"{rules}, seed {seed}):",
             f"  phases in which two of them entered the very same non-empty entry: {same} of "
             f"{phases} ({same / max(1, phases):.1%})"]
    if pairs:
        lines.append("    by pair: " + ", ".join(
            f"{PERSONALITIES[a].name} and {PERSONALITIES[b].name} {n}"
            for (a, b), n in pairs.most_common()))
    names = ", ".join(PERSONALITIES[c].name for c in cast(0))
    lines.append(f"  the first table ({names}) played with {played} seeds: {distinct} of "
                 f"{played} games ({distinct / played:.0%}) end with final cash no other ends "
                 f"with")
    lines.append("    final cash: " + "; ".join(" ".join(str(c) for c in f) for f in finals[:5])
                 + (" ..." if len(finals) > 5 else ""))
    lines.append("  each character's style (a month: units ordered, goods offered; price paid a "
                 "unit against the market; X-Fine share of the units ordered; A and C shares of "
                 "the goods offered; cash after buying, on average and at its lowest in a game; "
                 "raw units kept after selling; final cash; wins):")
    lines.append(f"    {'':<6} {'units':>6} {'goods':>6} {'paid':>6} {'X-Fine':>7} {'A':>5} "
                 f"{'C':>5} {'cash':>6} {'lowest':>7} {'kept':>5} {'final':>6} {'wins':>6}")
    style: Dict[str, Dict[str, float]] = total["style"]                # type: ignore[assignment]
    for c in CHARACTERS:
        s = style[c]
        if not s["games"]:
            continue
        buys, sells = max(1.0, s["buys"]), max(1.0, s["sells"])
        lines.append(
            f"    {PERSONALITIES[c].name:<6} {s['units'] / buys:>6.1f} "
            f"{s['offered'] / sells:>6.2f} {s['paid_gap'] / max(1.0, s['bought']):>+6.2f} "
            f"{s['xfine'] / max(1.0, s['units']):>7.0%} "
            f"{s['a_units'] / max(1.0, s['offered']):>5.0%} "
            f"{s['c_units'] / max(1.0, s['offered']):>5.0%} "
            f"{s['cash_after'] / buys:>6.0f} {s['lowest'] / s['games']:>7.0f} "
            f"{s['kept'] / sells:>5.1f} "
            f"{s['final'] / s['games']:>6.0f} {s['wins'] / s['games']:>6.0%}")
    return lines


def main(argv: Optional[Sequence[str]] = None, *, prog: str = "python3 -m ed.tuning.characters",
         out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the command; returns the exit status (1 when the output could not be written)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    options = build_parser(prog).parse_args(argv)
    total = measure(options.level, options.games, options.seeds, options.seed,
                    options.variations, options.jobs)
    lines = report_lines(total, options.level, options.games, options.variations, options.seed)
    try:
        write_lines(lines, out)
    except OutputFailed as failed:
        return output_failed(prog, failed.error, out, err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
