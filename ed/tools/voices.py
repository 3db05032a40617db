"""The command ``python3 -m ed.tools.voices``: the characters' lines measured over simulated games.

Plays ``--games`` 12-month games of computer players (2 to 6 seats, every
character, a person's silent seat in every other game, two seats of one
character now and then, every level, Variations I-III and the classic
production chart in every combination) and prints the five measures of the
characters' lines, taken from the lines the reveal shows:

1. repeats of a sentence by one seat in one game (numbers aside);
2. the same sentence from two seats in one reveal;
3. lines whose claims the report contradicts (``ed.ai.hearing``);
4. sentences shared between two characters' line sets;
5. the sentences each character can say (its templates).

``--transcript KEY`` prints instead every line one character says in one
game, phase by phase.  Bad arguments get one sentence and status 2; output
that cannot be written ends with status 1, in silence for a pipe its reader
closed (``| head -1``), in one sentence for a full disk, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import combinations
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

from .console import OutputFailed, output_failed, write_lines
from ..engine import Game, Seat, series_seed
from ..rules import Rules, month_label
from ..ai import hearing, speech
from ..ai.characters import PERSONALITIES
from ..ai.levels import LEVELS, avatar_for

USAGE_ERROR = 2
CHARACTERS = tuple(PERSONALITIES)


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake on the command line is one sentence and status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: {message[:1].upper()}{message[1:]}. "
                               f"See {self.prog} --help.\n")


def _count(low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Measure what the computer characters say over "
                                            "simulated 12-month games.")
    parser.add_argument("--games", type=_count(1, 5000), default=200,
                        help="games to play, 1 to 5,000 (default 200)")
    parser.add_argument("--seed", type=_count(0, 10 ** 9), default=1,
                        help="the first game's seed (default 1)")
    parser.add_argument("--jobs", type=_count(1, 64), default=1,
                        help="worker processes (default 1)")
    parser.add_argument("--transcript", metavar="KEY", choices=CHARACTERS,
                        help="print one game's lines of this character instead: "
                             + ", ".join(CHARACTERS))
    return parser


# ----------------------------------------------------------------- the games

def table(index: int) -> Tuple[Rules, Tuple[Seat, ...], Tuple[Optional[str], ...]]:
    """Game ``index``'s rules, seats and each seat's character (``None``: a person's seat)."""
    players = 2 + index % 5
    rules = Rules(players=players, months=12, loans=bool(index & 1),
                  partial_fills=bool(index & 2), partial_sales=bool(index & 4),
                  classic_recipes=bool(index & 8))
    characters: List[Optional[str]] = [CHARACTERS[(index + seat) % len(CHARACTERS)]
                                       for seat in range(players)]
    if index % 7 == 3:
        characters[-1] = characters[0]         # two seats of one character
    if index % 2:
        characters[0] = None                   # a person, who says nothing
    seats = tuple(Seat("computer", LEVELS[(index + seat) % len(LEVELS)], character)
                  if character else Seat("human") for seat, character in enumerate(characters))
    return rules, seats, tuple(characters)


def play(index: int, seed: int) -> Tuple[Game, Tuple[Optional[str], ...]]:
    """Game ``index`` played to its end by computer players (the person's seat too)."""
    rules, seats, characters = table(index)
    names = [PERSONALITIES[c].name if c else "Ann" for c in characters]
    names = [name if names.index(name) == seat else f"{name} 2"
             for seat, name in enumerate(names)]
    game_seed = series_seed(seed, index)
    game = Game(rules, names, game_seed, seats=seats)
    avatars = [avatar_for(game_seed, seat, s.level or "medium", s.personality)
               for seat, s in enumerate(seats)]
    while not game.is_over:
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    return game, characters


# ----------------------------------------------------------------- the measures

def measure_game(task: Tuple[int, int]) -> Dict[str, object]:
    """The measures of one game: counts, and the sentences each character said."""
    game, characters = play(*task)
    said = speech.phase_lines(game.history, characters, game.rules)
    found: Dict[str, object] = {"repeats": 0, "together": 0, "contradicted": [], "lines": 0,
                                "phases": 0, "spoken": 0, "heard": {},
                                "by_character": {key: [0, 0] for key in CHARACTERS}}
    heard: Dict[str, set] = found["heard"]           # type: ignore[assignment]
    seen: List[Counter] = [Counter() for _ in characters]
    for index, row in enumerate(said):
        keys = [speech.sentence_key(s.text) for s in row if s.line]
        found["together"] += len(keys) - len(set(keys))              # type: ignore[operator]
        for seat, s in enumerate(row):
            if characters[seat] is None:
                continue
            found["phases"] += 1                                     # type: ignore[operator]
            found["by_character"][characters[seat]][s.line is not None] += 1  # type: ignore
            if s.line is None:
                continue
            found["lines"] += 1                                      # type: ignore[operator]
            found["spoken"] += 1                                     # type: ignore[operator]
            key = speech.sentence_key(s.text)
            found["repeats"] += seen[seat][key] > 0                  # type: ignore[operator]
            seen[seat][key] += 1
            heard.setdefault(characters[seat], set()).add(key)
            wrong = hearing.contradictions(s.line, game.history, index, seat, game.rules)
            if wrong:
                found["contradicted"].append((s.text, wrong))       # type: ignore[union-attr]
    settlement = game.history[-1].settlement
    for seat, line in speech.last_words(settlement, characters).items():
        found["lines"] += 1                                          # type: ignore[operator]
        heard.setdefault(characters[seat], set()).add(speech.sentence_key(line.text))
        wrong = hearing.end_contradictions(line, settlement, seat)
        if wrong:
            found["contradicted"].append((line.text, wrong))         # type: ignore[union-attr]
    return found


def measure(games: int, seed: int, jobs: int = 1) -> Dict[str, object]:
    """The five measures over ``games`` games (see the module docstring)."""
    from .parallel import ordered_map
    total: Dict[str, object] = {"repeats": 0, "together": 0, "contradicted": [], "lines": 0,
                                "phases": 0, "spoken": 0,
                                "by_character": {key: [0, 0] for key in CHARACTERS}}
    heard: Dict[str, set] = {key: set() for key in CHARACTERS}
    for found in ordered_map(measure_game, ((i, seed) for i in range(games)), jobs):
        for name in ("repeats", "together", "lines", "phases", "spoken"):
            total[name] += found[name]                               # type: ignore[operator]
        total["contradicted"] += found["contradicted"]               # type: ignore[operator]
        for key, said in found["heard"].items():                     # type: ignore[union-attr]
            heard[key] |= said
        for key, (quiet, spoke) in found["by_character"].items():    # type: ignore[union-attr]
            total["by_character"][key][0] += quiet                   # type: ignore[index]
            total["by_character"][key][1] += spoke                   # type: ignore[index]
    total["shared_said"] = sum(len(heard[a] & heard[b]) for a, b in combinations(CHARACTERS, 2))
    total["shared"] = speech.shared_templates()
    total["templates"] = {key: len(set(speech.templates(key))) for key in CHARACTERS}
    return total


def report_lines(total: Dict[str, object], games: int) -> List[str]:
    counts: Dict[str, int] = total["templates"]                      # type: ignore[assignment]
    wrong: list = total["contradicted"]                              # type: ignore[assignment]
    lines = [f"The characters' lines over {games} simulated 12-month games (2-6 seats, every "
             f"character, every level, Variations I-III and the classic chart in every "
             f"combination), as the reveal and the end screen show them:",
             f"  repeats of a sentence by one seat in one game (numbers aside): "
             f"{total['repeats']}",
             f"  the same sentence from two seats in one reveal: {total['together']}",
             f"  lines whose claims the report contradicts: {len(wrong)} of "
             f"{total['lines']:,} checked",
             f"  sentences shared between two characters' line sets: {total['shared']} "
             f"(and {total['shared_said']} among the sentences said)",
             f"  sentences each character can say: fewest {min(counts.values())} ("
             + ", ".join(f"{PERSONALITIES[k].name} {n}" for k, n in counts.items()) + ")",
             f"  (a computer seat spoke after {total['spoken']:,} of its {total['phases']:,} "
             f"phases, {total['spoken'] / max(1, total['phases']):.0%})"]
    lines += [f"  contradicted: {text!r}: {'; '.join(why)}" for text, why in wrong[:10]]
    return lines


def transcript(key: str, seed: int) -> List[str]:
    """Every line ``key``'s seat says in one 4-seat game, phase by phase."""
    index = next(i for i in range(200) if table(i)[0].players == 4 and key in table(i)[2]
                 and None not in table(i)[2])
    game, characters = play(index, seed)
    seat = characters.index(key)
    said = speech.phase_lines(game.history, characters, game.rules)
    phase_word = {"purchasing": "buying", "selling": "selling"}
    lines = [f"{game.names[seat]} in a 12-month game with " +
             ", ".join(n for s, n in enumerate(game.names) if s != seat) +
             f" (game {index}, seed {seed}):"]
    for report, row in zip(game.history, said):
        text = f"“{row[seat].text}”" if row[seat].line else "(says nothing)"
        lines.append(f"  {month_label(report.month)} {phase_word[report.phase]:<8} "
                     f"[{row[seat].mood}] {text}")
    last = speech.last_words(game.history[-1].settlement, characters).get(seat)
    place = next(s.place for s in game.history[-1].settlement if s.seat == seat)
    lines.append(f"  Last word ({speech.ordinal(place)} place): "
                 + (f"“{last.text}”" if last else "(none)"))
    return lines


def main(argv: Optional[Sequence[str]] = None, *, prog: str = "python3 -m ed.tools.voices",
         out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the command; returns the exit status (1 when a measure is not met, or the output
    could not be written)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    options = build_parser(prog).parse_args(argv)
    if options.transcript:
        return _print(transcript(options.transcript, options.seed), prog, out, err) or 0
    total = measure(options.games, options.seed, options.jobs)
    failed = _print(report_lines(total, options.games), prog, out, err)
    counts: Dict[str, int] = total["templates"]                      # type: ignore[assignment]
    met = (total["repeats"] == total["together"] == total["shared"] == 0
           and not total["contradicted"] and min(counts.values()) >= 60)
    return failed or (0 if met else 1)


def _print(lines: List[str], prog: str, out: TextIO, err: TextIO) -> int:
    """Print ``lines``; 0, or 1 when the output could not be written (a closed pipe ends
    in silence, a full disk in a sentence)."""
    try:
        write_lines(lines, out)
    except OutputFailed as failed:
        return output_failed(prog, failed.error, out, err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
