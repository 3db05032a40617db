"""What every part of the presenter shares: the phases and how money and stock read."""
from __future__ import annotations

from typing import Mapping

from ...rules import RAW

PURCHASING = "purchasing"
SELLING = "selling"
OVER = "over"

#: What each phase is called where a newcomer reads it.
PHASE_TITLES = {PURCHASING: "Buying raw materials", SELLING: "Selling finished goods",
                OVER: "Game over"}


def money(value: int) -> str:
    """``1234 -> "$1,234"``; negative amounts keep their sign in front."""
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def stock_text(stock: Mapping[str, int]) -> str:
    """Raw stock as ``"2 · 0 · 4"`` (X-Fine, Fine, Standard)."""
    return "·".join(str(stock[k]) for k in RAW)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def units_text(count: int) -> str:
    return f"{count} unit" if count == 1 else f"{count} units"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
