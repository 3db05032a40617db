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

``COLLECTOR_PAUSE`` holds off the collector of cyclic garbage while a
decision a person waits for runs (see ``CollectorPause``).  Pure: no I/O.
"""
from __future__ import annotations

import gc
import threading
from itertools import islice
from typing import Dict, Hashable, TypeVar

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


class CollectorPause:
    """Holds off the collector of cyclic garbage for a ``with`` block, in any thread.

    A full sweep of the memos costs 20-70 ms once they have grown over a few
    games, and the collector runs it in whichever thread's allocation tips it
    over, holding every thread while it does: inside a decision it was the
    decision's worst time.  Measured with ``gc.callbacks`` over the bench's two
    expert tables (six games each, ``ed.tools.bench._ai_times``): without the
    pause two or three full sweeps a table fell inside decisions, 125-414 ms
    each on a busy two-core machine, and none with it; raising the threshold
    of the youngest generation instead would put them off only as long as a
    decision allocates less than it.  ``gc.disable`` acts on the whole
    process, so the pause is counted across threads rather than taken and
    given back by each decision on its own: the first decision to enter switches the collector
    off (only if it was on), the last to leave switches it back on, so a
    decision finishing on one thread never resumes it under another still
    running, and it is always on again once none runs.  The pause lasts only
    as long as decisions a person waits for (``Avatar.time_budget``, tens of
    milliseconds each); the other threads meanwhile allocate as usual and the
    collector catches up as soon as it resumes.

    A class rather than a generator: leaving the block allocates nothing once
    the collector is back on, so the sweep it put off runs after the decision
    returns, not at its end (through ``contextlib.contextmanager`` it ran
    inside the decision, and the bench's worst expert decision doubled).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders = 0
        self._resumes = False

    def __enter__(self) -> None:
        with self._lock:
            if self._holders == 0:
                self._resumes = gc.isenabled()
                gc.disable()
            self._holders += 1

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._holders -= 1
            if self._holders == 0 and self._resumes:
                gc.enable()


#: the one pause every timed decision shares
COLLECTOR_PAUSE = CollectorPause()
