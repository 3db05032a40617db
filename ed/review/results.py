"""What a review holds: a ``Decision`` for each phase of a person's, the ``Review`` of them all.

Frozen records with what they say in words as properties; made by ``ed.review.mistakes``.
Pure; imports the rules' tables, ``ed.words``, the worth and the review's sentences.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from ..rules import month_label
from ..words import money as _money
from .sentences import NOT_DECIDED, PHASE_WORD, brief_entry, short_entry, told_entry
from .worth import WORTH, Entry, Outcome, cash_alone

@dataclass(frozen=True)
class Decision:
    """One of a person's entries beside the expert's, and what each brought that phase.

    ``difference`` is ``review.worth - actual.worth``: positive when the
    expert's entry would have done better.  ``sentence`` tells it in words;
    ``table_talk`` holds the computer players' explanations for that phase,
    once revealed, as (name, sentence).  ``failed``: the expert could not
    decide (the failure is logged, ``ed.players``), so the phase is not
    compared: nothing is suggested and the difference is 0.
    """

    month: int
    phase: str
    entered: Entry
    suggested: Entry
    reason: str                     # the expert's own sentence for its entry
    actual: Outcome
    review: Outcome
    difference: int
    sentence: str
    table_talk: Tuple[Tuple[str, str], ...] = ()
    short: str = ""                 # the decision in a few words, the money at the end
    failed: bool = False            # the expert could not decide: the phase is not compared

    @property
    def cash_alone(self) -> bool:
        """Whether the difference is in cash alone: after the last month (the final cash), or
        with the stock, counted at the closing prices, and the loans the same either way."""
        return cash_alone(self.actual, self.review)

    @property
    def label(self) -> str:
        """``"May, buying"``."""
        return f"{month_label(self.month)}, {PHASE_WORD[self.phase]}"

    @property
    def entered_text(self) -> str:
        """The person's entry in short: ``"4 Fine at $41"``."""
        return short_entry(self.entered)

    @property
    def same(self) -> bool:
        """Whether the expert would have entered the same."""
        return not self.failed and self.suggested == self.entered

    @property
    def suggested_text(self) -> str:
        """The expert's entry in short."""
        return NOT_DECIDED if self.failed else short_entry(self.suggested)

    @property
    def entered_brief(self) -> str:
        """The person's entry in a table's few words: ``"4 Fine $41, 2 Standard $38"``."""
        return brief_entry(self.entered)

    @property
    def suggested_brief(self) -> str:
        """The expert's entry in a table's few words."""
        return NOT_DECIDED if self.failed else brief_entry(self.suggested)

    @property
    def entered_told(self) -> str:
        """The person's entry in a table's few words, a line that bought or sold nothing or
        part saying so and why: ``"4 Fine $41, 2 Standard $19 ✗ under $20"``."""
        return told_entry(self.entered, self.actual, self.phase)

    @property
    def suggested_told(self) -> str:
        """The expert's entry so, at the prices its own entry would have made."""
        if self.failed:
            return NOT_DECIDED
        return told_entry(self.suggested, self.review, self.phase)


@dataclass(frozen=True)
class Review:
    """One person's review of a finished game.

    ``decisions`` is every phase in order; ``costliest`` the (at most) three
    with the largest positive difference, largest first.  ``labels``,
    ``actual`` and ``estimate`` are the chart's series: the start and the end
    of each month, the person's worth (``WORTH``; the last is the final cash)
    beside it plus every difference so far (``ESTIMATE``).
    """

    seat: int
    name: str
    decisions: Tuple[Decision, ...]
    costliest: Tuple[Decision, ...]
    labels: Tuple[str, ...]
    actual: Tuple[int, ...]
    estimate: Tuple[int, ...]
    worth: str = WORTH            # what the dollars count in this game (``worth_words``)

    @property
    def failed(self) -> int:
        """How many phases the expert could not decide, so that they are not compared."""
        return sum(d.failed for d in self.decisions)

    @property
    def total(self) -> int:
        """The sum of every phase's difference."""
        return sum(d.difference for d in self.decisions)

    @property
    def total_text(self) -> str:
        """What the sum of the differences is, in words: ``"$434 left on the table against
        the expert's entries"``, ``"$6 better than the expert"`` where every difference is
        cash alone; ``"worth $94 less than the expert's entries"``, ``"worth $6 more…"``
        where stock counted at closing prices is in it too; ``"nothing compared"`` where the
        expert could decide no phase (``not_compared`` says so)."""
        if self.failed and self.failed == len(self.decisions):
            return "nothing compared"
        if not self.total:
            return "the same as the expert's entries, in all"
        if all(d.cash_alone for d in self.decisions if d.difference):
            return f"{_money(self.total)} left on the table against the expert's entries" \
                if self.total > 0 else f"{_money(-self.total)} better than the expert"
        return f"worth {_money(abs(self.total))} {'less' if self.total > 0 else 'more'} than " \
               f"the expert's entries"

    @property
    def summary(self) -> str:
        """The top sentences, or one saying there were none."""
        if self.failed and self.failed == len(self.decisions):
            return "No decision was compared."
        if not self.costliest:
            return (f"No entry of {self.name}'s did worse than the expert's would have, "
                    f"phase by phase{', in the phases compared' if self.failed else ''}.")
        return " ".join(d.sentence for d in self.costliest)

    @property
    def not_compared(self) -> str:
        """The sentence that says how many phases the expert could not decide, so that they
        are not compared; empty when it decided every one."""
        if not self.failed:
            return ""
        if self.failed == len(self.decisions):
            return (f"The expert could not decide any of the {self.failed} phases, so none "
                    f"is compared.")
        if self.failed == 1:
            return (f"The expert could not decide 1 of the {len(self.decisions)} phases, so it "
                    f"is not compared.")
        return (f"The expert could not decide {self.failed} of the {len(self.decisions)} "
                f"phases, so they are not compared.")

