"""What the computer players say, as the reveal and the end screen show it.

The words are the characters' own (``ed.ai.speech``, ``ed.ai.lines``): a
line after a phase now and then, never the same twice, never two seats the
same at once, no tic, and only what the record bears out (each claim as
data, ``ed.ai.claims``); a last word on the game for each place.  Here the window's seats (a ``Personality`` for each computer
seat, ``None`` for a person's) become the characters that speak, and a line
that must fit a narrow place is shortened at a word, never inside one.
"""
from __future__ import annotations

import re
from typing import Dict, Mapping, Optional, Sequence, Tuple

from ...rules import Rules

# ``ed.ai.speech`` is imported where it is used: ``ed.ai`` costs tens of milliseconds to
# import, which the window's start-up does not pay (the computer players come later).

#: What ends a shortened line.
ELLIPSIS = "…"


def characters(seats_info: Mapping[int, object], players: int) -> Tuple[Optional[str], ...]:
    """Each seat's character key: a computer seat's personality's, ``None`` for the rest."""
    from ...ai.speech import character_of
    return tuple(character_of(seats_info[seat]) if seat in seats_info else None
                 for seat in range(players))


def said_after(report, history: Optional[Sequence], seats_info: Mapping[int, object], *,
               rules: Optional[Rules] = None) -> tuple:
    """What each seat says after ``report``, the last phase resolved: its face and its line
    (``None`` for silence and for people).  ``history`` is the game's reports up to
    ``report`` (``report`` among them or not); ``rules`` the game's (by default a
    12-month game of the report's players)."""
    from ...ai.speech import phase_lines
    reports = _up_to(history or (), report)
    rules = rules or Rules(players=len(report.names))
    return phase_lines(reports, characters(seats_info, len(report.names)), rules)[-1]


def _up_to(history: Sequence, report) -> list:
    """The reports of ``history`` up to ``report`` (which is added if it is not among them)."""
    reports = []
    for earlier in history:
        if earlier is report or (earlier.month, earlier.phase) == (report.month, report.phase):
            break
        reports.append(earlier)
    return reports + [report]


def last_said(settlement, computers: Mapping[int, object]) -> Dict[int, object]:
    """Each computer seat's last word on the game (``computers``: seat -> personality), a
    ``Line`` with its words and face."""
    from ...ai.speech import last_words
    return last_words(settlement, characters(computers, len(settlement)))


def shorten(text: str, fits, *, by_sentence: bool = True) -> str:
    """``text`` as far as ``fits(words)`` allows: whole sentences dropped from the end first
    (unless not ``by_sentence``), then whole words, with an ellipsis; never a word cut.
    ``""`` when not even one word fits."""
    if fits(text):
        return text
    sentences = re.split(r"(?<=[.!?])\s+", text) if by_sentence else [text]
    for count in range(len(sentences) - 1, 0, -1):
        kept = " ".join(sentences[:count])
        if fits(kept):
            return kept
    words = text.split()
    for count in range(len(words) - 1, 0, -1):
        kept = " ".join(words[:count]).rstrip(",;:—-") + ELLIPSIS
        if fits(kept):
            return kept
    return ""
