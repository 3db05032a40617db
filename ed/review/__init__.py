"""The review after the game: each of a person's entries beside the expert's, in dollars.

``review(game, seat)`` takes a finished game and, for every phase, replays it
from its recorded entries to the moment before that phase was resolved, asks
an ``expert`` computer player what it would have entered from the same public
information (the seat's own view), and resolves the phase again with that
entry in place of the person's and everyone else's exactly as they were.
Both results are counted the same way (``worth_words``): cash, plus the stock
at what it would fetch at the phase's closing prices, and with loans in play,
less what they will cost to repay.  The difference is what the decision cost
(or gained) against the expert's, that phase alone; the costliest three come
first, each told in a few words with the money and what it is
(``Decision.short``: at most 30 words and 6 numbers; "left on the table" only
where it is cash alone, otherwise "worth $N less than the expert's at closing
prices", since stock bought may yet sell for more than it is counted at), and
whole in a few short sentences (``Decision.sentence``: none over 25 words),
both made only from the two resolved reports.  Each entry in a table's few
words says what came to nothing or to part, and why, in the reveal's marks
(``Decision.entered_told``, ``suggested_told``: "2 Standard $19 ✗ under $20").

The expert is asked through the guard of every decision (``ed.players``): a
decision of its that fails is logged, and that phase is not compared
(``Decision.failed``, counted in ``Review.failed``), never compared with an
entry the expert did not make.

The parts, each a module:

- ``worth``      the worth of a position: ``Outcome``, ``outcome``, ``stock_worth``, ``WORTH``
- ``mistakes``   the finding of them: ``review``, ``review_seats``, ``people``, ``replay_with``
- ``sentences``  the words said: ``short_sentence``, ``decision_sentence``, ``told_entry``
- ``results``    what a review holds: ``Decision``, ``Review``
- ``__main__``   the command ``python3 -m ed.review SAVE`` (``ed.tools.review``)

This module is the review's one door: every name a caller needs is here.  Pure: no
tkinter, no printing, no files.  Imports the engine, its guard of decisions, the rules'
tables and ``ed.ai`` (for the expert); a package only so that the command keeps its name
with no circle of imports.
"""
from __future__ import annotations

from .mistakes import (LEVEL, Explanations, Progress, people, replay_with, review,
                       review_seats, review_seed)
from .results import Decision, Review
from .sentences import (ESTIMATE, NOT_DECIDED, brief_entry, decision_sentence,
                        difference_told, goods_clause, short_entry, short_sentence, told_entry)
from .worth import (WORTH, WORTH_PLAIN, Entry, Outcome, Triple, cash_alone, outcome,
                    stock_worth, worth_words)

__all__ = ["ESTIMATE", "LEVEL", "NOT_DECIDED", "WORTH", "WORTH_PLAIN", "Decision", "Entry",
           "Explanations", "Outcome", "Progress", "Review", "Triple", "brief_entry",
           "cash_alone", "decision_sentence", "difference_told", "goods_clause", "outcome",
           "people", "replay_with", "review", "review_seats", "review_seed", "short_entry",
           "short_sentence", "stock_worth", "told_entry", "worth_words"]
