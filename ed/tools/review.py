"""The command ``python3 -m ed.review SAVE [--seat NAME]``: a finished game's review in a terminal.

Prints, for each person at the table (or the one named), what the entries
came to against the expert's in all, the three costliest decisions in a few
words each and then whole, then every phase (what was entered, what the
expert would have entered, the difference in dollars), then the two worth
series as a small table (``ed.review``).  Bad input (a missing file, not a save, a
game not over, an unknown seat) gets one plain sentence on stderr and exit
status 2, never a traceback; output that cannot be written (standard output
closed too) gets one sentence (none for a pipe closed by its reader, ``| head``)
and exit status 1.  A phase the expert could not decide is not compared: the
review says so on stderr and exits with status 1.
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from typing import List, Optional, Sequence, TextIO

from .. import review as _review
from ..words import money as _money, signed_money
from ..saves import format as _save
from .console import OutputFailed, output_failed, say, write_lines
from .parser import Parser

USAGE_ERROR = 2


class _Parser(Parser):
    """argparse, but a mistake on the command line is one sentence and status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: {message[:1].upper()}{message[1:]}. "
                               f"See {self.prog} --help.\n")


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="The review of a finished game: each of a person's entries beside what "
                    "the expert computer player would have entered in the same position, "
                    "and what that would have brought, in dollars.")
    parser.add_argument("save", metavar="SAVE", help="a saved game, finished")
    parser.add_argument("--seat", metavar="NAME",
                        help="the person to review (default: every person at the table)")
    return parser


def main(argv: Optional[Sequence[str]] = None, *, prog: str = "python3 -m ed.review",
         out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Print the review of the save named in ``argv``; returns the exit status."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    options = build_parser(prog).parse_args(argv)
    try:
        saved = _save.load_saved(options.save)
        seats = _chosen(saved.game, options.seat)
        reviews = _review.review_seats(saved.game, seats,
                                       explanations=saved.explanations.revealed_map())
    except ValueError as error:         # SaveError and the review's refusals alike
        say(f"{prog}: {error}", err)
        return USAGE_ERROR
    lines: List[str] = []
    for found in reviews:
        lines += ([""] if lines else []) + review_lines(found)
    try:
        write_lines(lines, out)
    except OutputFailed as failed:      # closed, a closed pipe, a full disk
        return output_failed(prog, failed.error, out, err)
    if any(found.failed for found in reviews):
        say(f"{prog}: the expert computer player failed to decide some phases, so this "
            f"review is not complete.", err)
        return 1
    return 0


def _chosen(game, name: Optional[str]) -> List[int]:
    """The seats to review: the one called ``name``, or every person's.  Raises ``ValueError``."""
    people = _review.people(game)
    names = ", ".join(game.names[s] for s in people)
    if not game.is_over:
        raise ValueError(f"This game is not over yet ({_save.describe(game)}); its review "
                         f"comes after the last month.")
    if name is None:
        if not people:
            raise ValueError("Every seat of this game was a computer player, so there is no "
                             "person's game to review.")
        return people
    wanted = name.strip().casefold()
    for seat, seat_name in enumerate(game.names):
        if seat_name.casefold() == wanted:
            if game.seats[seat].is_computer:
                raise ValueError(f"{seat_name} is a computer player; the review is for the "
                                 f"people at the table ({names or 'none here'}).")
            return [seat]
    raise ValueError(f"Nobody called {name!r} played this game; its players are "
                     f"{', '.join(game.names)}.")


def review_lines(found: "_review.Review", width: int = 79) -> List[str]:
    """The review as plain lines of text: the top three, the months, the two series."""
    def para(text: str, indent: str = "", first: str = "") -> List[str]:
        return textwrap.wrap(text, width, initial_indent=first or indent,
                             subsequent_indent=indent)

    lines = [f"Review of {found.name}'s game against the expert computer player", ""]
    lines += para(f"Dollars count {found.worth}.") + [""]
    lines += para(f"In all: {found.total_text}.") + [""]
    if found.failed:
        lines += para(found.not_compared) + [""]
    lines.append("The costliest decisions")
    if found.costliest:
        for n, decision in enumerate(found.costliest, 1):
            lines += para(decision.short, "   ", f"{n}. ")
            lines += para(decision.sentence, "      ")
    else:
        lines += para(found.summary)
    lines += ["", "Month by month (the difference: what your entry brought against the",
              "expert's, more or less)"]
    for decision in found.decisions:
        lines.append(f"  {decision.label:<18}{signed_money(-decision.difference):>10}")
        lines += para(decision.entered_told, " " * 15, "      you      ")
        lines += para("the same" if decision.same else decision.suggested_told, " " * 15,
                      "      expert   ")
        for name, said in decision.table_talk:
            lines += para(f"{name} thought: {said}", " " * 8, "      ")
    lines += [f"  {'In all':<18}{signed_money(-found.total):>10}", "",
              "Worth month by month, yours and with the expert's entries"]
    lines += para(f"(the second is {_review.ESTIMATE})")
    lines.append(f"  {'':<8}{'yours':>10}{'expert':>10}")
    for label, mine, theirs in zip(found.labels, found.actual, found.estimate):
        lines.append(f"  {label:<8}{_money(mine):>10}{_money(theirs):>10}")
    return lines


if __name__ == "__main__":
    sys.exit(main())
