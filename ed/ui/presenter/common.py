"""What every part of the presenter shares: the phases and how money and stock read."""
from __future__ import annotations

from typing import Callable, Dict, List, Mapping, Sequence

from ...report import OVER, PURCHASING, SELLING  # noqa: F401  (the presenter takes them here)
from ...rules import RAW
from ...words import money  # noqa: F401  (the presenter's modules take it from here)

#: What each phase is called where a newcomer reads it.
PHASE_TITLES = {PURCHASING: "Buying raw materials", SELLING: "Selling finished goods",
                OVER: "Game over"}


def stock_text(stock: Mapping[str, int]) -> str:
    """Raw stock as ``"2 · 0 · 4"`` (X-Fine, Fine, Standard)."""
    return "·".join(str(stock[k]) for k in RAW)


def signed(value: int) -> str:
    """``2 -> "+2"``, ``-6 -> "-6"``, ``0 -> "0"``."""
    return f"+{value}" if value > 0 else str(value)


def units_text(count: int, what: str = "unit") -> str:
    """``1 -> "1 unit"``, ``6 -> "6 units"``."""
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def even_lines(lines: Sequence[str], measure: Callable[[str], int], room: int) -> str:
    """``lines`` as shown in ``room`` pixels (``measure`` gives a text's width): each line
    whole where it fits, else broken into as few lines as it needs, as even as they can
    be, so that no word is left alone on the last; joined by newlines.

    Each text is measured once: the search for the narrowest even width measures the same
    first words again and again, and a measure is a call into Tk."""
    measured: Dict[str, int] = {}

    def once(text: str) -> int:
        width = measured.get(text)
        if width is None:
            width = measured[text] = measure(text)
        return width

    return "\n".join(piece for line in lines for piece in _even(line.split(), once, room))


def _even(words: List[str], measure: Callable[[str], int], room: int) -> List[str]:
    pieces = _greedy(words, measure, room)
    if len(pieces) < 2:
        return pieces
    low, high = measure(" ".join(words)) // len(pieces), room
    while low < high:       # the narrowest width that takes no more lines
        middle = (low + high) // 2
        if len(_greedy(words, measure, middle)) <= len(pieces):
            high = middle
        else:
            low = middle + 1
    return _greedy(words, measure, high)


def _greedy(words: List[str], measure: Callable[[str], int], width: int) -> List[str]:
    """``words`` in lines of at most ``width`` (a word wider than that on a line alone)."""
    pieces: List[str] = []
    current = ""
    for word in words:
        longer = f"{current} {word}" if current else word
        if current and measure(longer) > width:
            pieces.append(current)
            current = word
        else:
            current = longer
    return pieces + [current] if current else pieces
