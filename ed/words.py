"""Words every part's sentences share: a list said as "a, b and c", a sum of money.

Pure, and imports nothing, so the engine, the computer players, the review
and the window's presenter all say a list, and a sum, the same way.
"""
from __future__ import annotations

from typing import Iterable


def and_list(words: Iterable[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``; one word alone; ``""`` for none."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def money(amount: int) -> str:
    """``1234`` -> ``"$1,234"``, ``-16`` -> ``"-$16"``."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def signed_money(amount: int) -> str:
    """``6`` -> ``"+$6"``, ``-45`` -> ``"-$45"``, ``0`` -> ``"$0"``."""
    return "+" + money(amount) if amount > 0 else money(amount)
