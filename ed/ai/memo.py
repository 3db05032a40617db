"""Bounded memos: the computer players' caches of pure results, kept to a size.

A full memo forgets its oldest quarter (a dict keeps the order in which its
keys came), not everything at once: the entries of the game in progress are
the newest, so after many games in one window no single decision has to work
out again the whole past of the game being played (clearing everything cost
that decision 25-45 ms at six seats).

The window's thread, the thread its computer players think on and the
review's share these memos, so ``remember`` holds one lock while it evicts
and stores: two evictions at once would otherwise list the same oldest keys
and the second ``del`` would raise.  Reading (``memo.get``) needs no lock.

``collector_paused()`` holds off the collector of cyclic garbage while a
decision a person waits for runs (see its docstring).  Pure: no I/O.
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from itertools import islice
from typing import Dict, Hashable, Iterator, TypeVar

V = TypeVar("V")

_MEMO_LOCK = threading.Lock()


def remember(memo: Dict[Hashable, V], key: Hashable, value: V, size: int) -> V:
    """Store ``value`` under ``key``, first forgetting the oldest quarter of a memo of ``size``."""
    with _MEMO_LOCK:
        if len(memo) >= size and key not in memo:
            for old in list(islice(memo, max(1, size // 4))):
                del memo[old]
        memo[key] = value
    return value


class _Pause:
    """How many decisions hold the collector off now, and whether it was on before them."""

    lock = threading.Lock()
    holders = 0
    resumes = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector of cyclic garbage held off for the ``with`` block, in any thread.

    A full sweep of the memos costs 20-70 ms once they have grown over a few
    games, and the collector runs it in whichever thread's allocation tips it
    over, holding every thread while it does: inside a decision it was the
    decision's worst time.  ``gc.disable`` acts on the whole process, so the
    pause is counted across threads rather than taken and given back by each
    decision on its own: the first decision to enter switches the collector
    off (only if it was on), the last to leave switches it back on, so a
    decision finishing on one thread never resumes it under another still
    running, and it is always on again once none runs.  The pause lasts only
    as long as decisions a person waits for (``Avatar.time_budget``, tens of
    milliseconds each); the other threads meanwhile allocate as usual and the
    collector catches up as soon as it resumes.
    """
    with _Pause.lock:
        if _Pause.holders == 0:
            _Pause.resumes = gc.isenabled()
            gc.disable()
        _Pause.holders += 1
    try:
        yield
    finally:
        with _Pause.lock:
            _Pause.holders -= 1
            if _Pause.holders == 0 and _Pause.resumes:
                gc.enable()
