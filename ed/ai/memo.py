"""Bounded memos: the computer players' caches of pure results, kept to a size.

A full memo forgets its oldest quarter (a dict keeps the order in which its
keys came), not everything at once: the entries of the game in progress are
the newest, so after many games in one window no single decision has to work
out again the whole past of the game being played (clearing everything cost
that decision 25-45 ms at six seats).  Pure: no I/O.
"""
from __future__ import annotations

from itertools import islice
from typing import Dict, Hashable, TypeVar

V = TypeVar("V")


def remember(memo: Dict[Hashable, V], key: Hashable, value: V, size: int) -> V:
    """Store ``value`` under ``key``, first forgetting the oldest quarter of a memo of ``size``."""
    if len(memo) >= size and key not in memo:
        for old in list(islice(memo, max(1, size // 4))):
            del memo[old]
    memo[key] = value
    return value
