"""The command ``python3 -m ed.tuning.voices``: the characters' lines measured over simulated games.

Plays ``--games`` 12-month games of computer players (2 to 6 seats, every
character, a person's silent seat in every other game, two seats of one
character now and then, every level, Variations I-III and the classic
production chart in every combination) and prints the measures of the
characters' lines, taken from the lines the reveal and the end screen show:

1. repeats of a sentence by one seat in one game (numbers aside);
2. the same sentence from two seats in one reveal;
3. the claims (``ed.ai.claims``) the record does not bear out, or that are
   about a phase to come, and the players named for what another player did
   too (``ed.ai.hearing``, from the engine's record, never from the words);
4. tics: a phrase (numbers and names aside) said more than twice by one seat
   in one game, its last word included;
5. sentences, and phrases of three words or more, shared between two
   characters' line sets;
6. the sentences each character can say (its templates);
7. how often a computer seat speaks after a phase.

``--transcript-file FILE`` also writes every line of one 6-seat game, each
with its claims as data and what the record says of them, to FILE (a new
file, or one this command wrote before).  ``--transcript KEY`` prints
instead every line one character says in one game, phase by phase.  Bad
arguments get one sentence and status 2; output that cannot be written ends
with status 1, in silence for a pipe its reader closed (``| head -1``), in
one sentence for a full disk, never a traceback.
"""
from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from collections import Counter
from itertools import combinations
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

from ..tools.console import OutputFailed, output_failed, write_lines
from ..tools.parser import SentenceParser, count
from ..engine import Game, Seat, play_out, series_seed
from ..rules import NAMES, Phase, Rules, month_label
from ..ai import hearing, speech
from ..ai.claims import Claim
from ..ai.characters import PERSONALITIES
from ..ai.levels import LEVELS, avatar_for

CHARACTERS = tuple(PERSONALITIES)


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = SentenceParser(prog=prog, description="Measure what the computer characters "
                                                   "say over simulated 12-month games.")
    parser.add_argument("--games", type=count(1, 5000), default=200,
                        help="games to play, 1 to 5,000 (default 200)")
    parser.add_argument("--seed", type=count(0, 10 ** 9), default=1,
                        help="the first game's seed (default 1)")
    parser.add_argument("--jobs", type=count(1, 64), default=1,
                        help="worker processes (default 1)")
    parser.add_argument("--transcript", metavar="KEY", choices=CHARACTERS,
                        help="print one game's lines of this character instead: "
                             + ", ".join(CHARACTERS))
    parser.add_argument("--transcript-file", metavar="FILE",
                        help="also write every line of one 6-seat game, with its claims, to "
                             "FILE (a new file, or one this command wrote)")
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
    play_out(game, avatars)     # each decision through the guard, a failure logged on ed
    return game, characters


# ----------------------------------------------------------------- the measures

def _blank() -> Dict[str, object]:
    return {"repeats": 0, "together": 0, "false": [], "selective": [], "tics": [],
            "lines": 0, "claims": 0, "phases": 0, "spoken": 0,
            "by_character": {key: [0, 0] for key in CHARACTERS}}


def _check(found: Dict[str, object], text: str, claims: int, false: List[str],
           selective: List[str]) -> None:
    found["lines"] += 1                                              # type: ignore[operator]
    found["claims"] += claims                                        # type: ignore[operator]
    if false:
        found["false"].append((text, false))                        # type: ignore[union-attr]
    if selective:
        found["selective"].append((text, selective))                # type: ignore[union-attr]


def measure_game(task: Tuple[int, int]) -> Dict[str, object]:
    """The measures of one game: counts, and the sentences each character said."""
    game, characters = play(*task)
    said = speech.phase_lines(game.history, characters, game.rules)
    found = _blank()
    heard: Dict[str, set] = {}
    found["heard"] = heard
    seen: List[Counter] = [Counter() for _ in characters]
    phrases: List[Counter] = [Counter() for _ in characters]
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
            found["spoken"] += 1                                     # type: ignore[operator]
            key = speech.sentence_key(s.text)
            found["repeats"] += seen[seat][key] > 0                  # type: ignore[operator]
            seen[seat][key] += 1
            phrases[seat].update(speech.phrases(s.text, game.names))
            heard.setdefault(characters[seat], set()).add(key)
            _check(found, s.text, len(s.line.claims),
                   hearing.contradictions(s.line, game.history, index, seat, game.rules),
                   hearing.selective(s.line, game.history, index, seat, game.rules))
    settlement = game.history[-1].settlement
    for seat, line in speech.last_words(settlement, characters).items():
        heard.setdefault(characters[seat], set()).add(speech.sentence_key(line.text))
        phrases[seat].update(speech.phrases(line.text, game.names))
        _check(found, line.text, len(line.claims),
               hearing.end_contradictions(line, settlement, seat),
               hearing.end_selective(line, settlement, seat))
    found["tics"] = [(game.names[seat], phrase, times) for seat, counted in enumerate(phrases)
                     for phrase, times in counted.items() if times > speech.TIC_LIMIT]
    return found


def measure(games: int, seed: int, jobs: int = 1) -> Dict[str, object]:
    """The measures over ``games`` games (see the module docstring)."""
    from ..tools.parallel import ordered_map
    total = _blank()
    heard: Dict[str, set] = {key: set() for key in CHARACTERS}
    for found in ordered_map(measure_game, ((i, seed) for i in range(games)), jobs):
        for name in ("repeats", "together", "lines", "claims", "phases", "spoken"):
            total[name] += found[name]                               # type: ignore[operator]
        for name in ("false", "selective", "tics"):
            total[name] += found[name]                               # type: ignore[operator]
        for key, said in found["heard"].items():                     # type: ignore[union-attr]
            heard[key] |= said
        for key, (quiet, spoke) in found["by_character"].items():    # type: ignore[union-attr]
            total["by_character"][key][0] += quiet                   # type: ignore[index]
            total["by_character"][key][1] += spoke                   # type: ignore[index]
    total["shared_said"] = sum(len(heard[a] & heard[b]) for a, b in combinations(CHARACTERS, 2))
    total["shared"] = speech.shared_templates()
    total["shared_phrases"] = speech.shared_phrases()
    total["templates"] = {key: len(set(speech.templates(key))) for key in CHARACTERS}
    return total


#: The fewest sentences a character may have, its last words included.
FEWEST_TEMPLATES = 100


def met(total: Dict[str, object]) -> bool:
    """Whether every measure is as it must be."""
    counts: Dict[str, int] = total["templates"]                      # type: ignore[assignment]
    return (total["repeats"] == total["together"] == total["shared"] == 0
            and not total["false"] and not total["selective"] and not total["tics"]
            and not total["shared_phrases"] and min(counts.values()) >= FEWEST_TEMPLATES)


def report_lines(total: Dict[str, object], games: int) -> List[str]:
    counts: Dict[str, int] = total["templates"]                      # type: ignore[assignment]
    false: list = total["false"]                                     # type: ignore[assignment]
    selective: list = total["selective"]                             # type: ignore[assignment]
    tics: list = total["tics"]                                       # type: ignore[assignment]
    shared_phrases: list = total["shared_phrases"]                   # type: ignore[assignment]
    lines = [f"The characters' lines over {games} simulated 12-month games (2-6 seats, every "
             f"character, every level, Variations I-III and the classic chart in every "
             f"combination), as the reveal and the end screen show them:",
             f"  repeats of a sentence by one seat in one game (numbers aside): "
             f"{total['repeats']}",
             f"  the same sentence from two seats in one reveal: {total['together']}",
             f"  false claims (not so in the record, or about a phase to come): in "
             f"{len(false)} of {total['lines']:,} lines ({total['claims']:,} claims checked)",
             f"  selective claims (a player named for what another did too): in "
             f"{len(selective)} of {total['lines']:,} lines",
             f"  tics (a phrase said more than {speech.TIC_LIMIT} times by one seat in one "
             f"game): {len(tics)}",
             f"  sentences shared between two characters' line sets: {total['shared']} "
             f"(and {total['shared_said']} among the sentences said)",
             f"  phrases of {speech.OWN_PHRASE_WORDS} words or more shared between two "
             f"characters' line sets: {len(shared_phrases)}",
             f"  sentences each character can say: fewest {min(counts.values())} ("
             + ", ".join(f"{PERSONALITIES[k].name} {n}" for k, n in counts.items()) + ")",
             f"  (a computer seat spoke after {total['spoken']:,} of its {total['phases']:,} "
             f"phases, {total['spoken'] / max(1, total['phases']):.0%})"]
    lines += [f"  false: {text!r}: {'; '.join(why)}" for text, why in false[:10]]
    lines += [f"  selective: {text!r}: {'; '.join(why)}" for text, why in selective[:10]]
    lines += [f"  tic: {name} said {phrase!r} {times} times" for name, phrase, times in tics[:10]]
    lines += [f"  shared phrase: {phrase!r} ({a} and {b})" for phrase, a, b in shared_phrases[:10]]
    return lines


# ----------------------------------------------------------------- transcripts

def transcript(key: str, seed: int) -> List[str]:
    """Every line ``key``'s seat says in one 4-seat game, phase by phase."""
    index = next(i for i in range(200) if table(i)[0].players == 4 and key in table(i)[2]
                 and None not in table(i)[2])
    game, characters = play(index, seed)
    seat = characters.index(key)
    said = speech.phase_lines(game.history, characters, game.rules)
    phase_word = {Phase.PURCHASING: "buying", Phase.SELLING: "selling"}
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


#: The first words of a transcript file: a file that starts otherwise was not written by
#: this command, and is never written over.
TRANSCRIPT_HEADER = ("The characters' lines in one game, with their claims "
                     "(python3 -m ed.tuning.voices)")


def describe(claim: Claim, names: Sequence[str]) -> str:
    """A claim as data in words: ``done: Rex, Fine, 4, only; Mar buying``."""
    who = names[claim.seat] if claim.seat is not None and claim.seat < len(names) else "market"
    parts = [who]
    if claim.commodity:
        parts.append(NAMES.get(claim.commodity, claim.commodity))
    elif claim.kind in ("entered", "done", "stock"):
        parts.append("all")
    if claim.quantity is not None:
        parts.append(str(claim.quantity))
    if claim.among:
        parts.append(claim.among)
    if claim.other is not None:
        parts.append(f"than {names[claim.other]}" if claim.kind == "ahead"
                     else f"by {names[claim.other]}")
    when = ("end of the game" if claim.month is None else "start of the game"
            if claim.month == 0 else f"{month_label(claim.month)} "
            f"{'buying' if claim.phase == Phase.PURCHASING else 'selling'}")
    return f"{claim.kind}: {', '.join(parts)}; {when}"


#: The 6-seat game whose lines a transcript file holds (every character, no person).
TRANSCRIPT_GAME = 4


def game_transcript(seed: int) -> List[str]:
    """Every line of one 6-seat game (``TRANSCRIPT_GAME``), phase by phase, each with its
    claims as data and what the record says of them."""
    game, characters = play(TRANSCRIPT_GAME, seed)
    said = speech.phase_lines(game.history, characters, game.rules)
    phase_word = {Phase.PURCHASING: "buying", Phase.SELLING: "selling"}
    lines = [f"{TRANSCRIPT_HEADER}: game {TRANSCRIPT_GAME}, seed {seed}, "
             + ", ".join(game.names) + f", {game.rules.months} months."]
    verdicts = Counter()                                  # type: Counter

    def show(name: str, line, false: List[str], selective: List[str]) -> None:
        verdict = "so" if not false and not selective else "NOT SO: " + "; ".join(
            false + selective)
        verdicts[verdict == "so"] += 1
        lines.append(f"  {name} [{line.mood}]: “{line.text}”")
        lines.extend(f"      {describe(claim, game.names)}" for claim in line.claims)
        lines.append(f"      record: {verdict}")

    for index, (report, row) in enumerate(zip(game.history, said)):
        lines.append(f"{month_label(report.month)} {phase_word[report.phase]}")
        for seat, s in enumerate(row):
            if s.line is None:
                lines.append(f"  {game.names[seat]} [{s.mood}]: (says nothing)")
                continue
            show(game.names[seat], s.line,
                 hearing.contradictions(s.line, game.history, index, seat, game.rules),
                 hearing.selective(s.line, game.history, index, seat, game.rules))
    settlement = game.history[-1].settlement
    lines.append("Last words")
    places = {s.seat: s.place for s in settlement}
    for seat, line in sorted(speech.last_words(settlement, characters).items()):
        show(f"{game.names[seat]} ({speech.ordinal(places[seat])})",
             line, hearing.end_contradictions(line, settlement, seat),
             hearing.end_selective(line, settlement, seat))
    lines.append(f"{verdicts[True]} of {verdicts[True] + verdicts[False]} lines borne out by "
                 f"the record in every claim.")
    return lines


class TranscriptRefused(Exception):
    """The transcript may not be written where asked: the sentence says why."""


def write_transcript(path: str, lines: Sequence[str]) -> None:
    """Write ``lines`` to ``path``: a new file, or a regular file this command wrote before
    (it starts with ``TRANSCRIPT_HEADER``); anything else is left as it is and refused
    (``TranscriptRefused``).  The file is written beside its place and then put there, so
    a failed write leaves the old one whole.  Raises ``OSError`` when it cannot be written."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise TranscriptRefused(f"the folder {folder} does not exist; make it first, or "
                                f"choose another place")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise TranscriptRefused(f"{path} is not a regular file, so it is not written "
                                    f"over; give a new file's name")
        with open(path, "rb") as old:
            start = old.read(len(TRANSCRIPT_HEADER.encode("utf-8")))
        if start != TRANSCRIPT_HEADER.encode("utf-8"):
            raise TranscriptRefused(f"{path} was not written by this command, so it is not "
                                    f"written over; give a new file's name")
    fd, partial = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.",
                                   suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        os.replace(partial, path)
    except BaseException:
        if os.path.lexists(partial):
            os.unlink(partial)
        raise


def main(argv: Optional[Sequence[str]] = None, *, prog: str = "python3 -m ed.tuning.voices",
         out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the command; returns the exit status (1 when a measure is not met, or the output
    could not be written)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    options = build_parser(prog).parse_args(argv)
    if options.transcript:
        return _print(transcript(options.transcript, options.seed), prog, out, err) or 0
    total = measure(options.games, options.seed, options.jobs)
    lines = report_lines(total, options.games)
    if options.transcript_file:
        try:
            write_transcript(options.transcript_file, game_transcript(options.seed))
            lines.append(f"One game's lines, with their claims: {options.transcript_file}")
        except TranscriptRefused as refused:
            lines.append(f"The transcript was not written: {refused}.")
            return _print(lines, prog, out, err) or 1
        except OSError as error:
            lines.append(f"The transcript could not be written ({error.strerror or error}).")
            return _print(lines, prog, out, err) or 1
    failed = _print(lines, prog, out, err)
    return failed or (0 if met(total) else 1)


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
