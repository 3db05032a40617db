"""Words every part's sentences share: a list said as "a, b and c".

Pure, and imports nothing, so the engine, the computer players, the review
and the window's presenter all say a list the same way.
"""
from __future__ import annotations

from typing import Iterable


def and_list(words: Iterable[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``; one word alone; ``""`` for none."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
