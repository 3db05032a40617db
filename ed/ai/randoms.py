"""The standard generator's own draws, the very values, in less time.

The computer players draw thousands of normal steps and shuffle thousands
of short lists in a decision; ``random.Random.gauss`` and ``shuffle`` cost
a Python call for every value.  These give what those methods give, value
for value, and leave the generator where they would leave it, so a seed
plays the same game either way (``tests/test_ai_randoms.py`` holds them to
the standard library's own).  Imports only the standard library.
"""
from __future__ import annotations

import random
from math import cos, log, pi, sin, sqrt
from typing import List, MutableSequence, TypeVar

T = TypeVar("T")

_TWO_PI = 2.0 * pi


def normals(rng: random.Random, k: int) -> List[float]:
    """The next ``k`` values of ``rng.gauss(0.0, 1.0)``: the same pairs, the second of the last
    pair kept for the next call as ``gauss`` keeps it."""
    rand = rng.random
    out: List[float] = []
    kept = rng.gauss_next
    rng.gauss_next = None
    if kept is not None:
        out.append(kept)
    while len(out) < k:
        x2pi = rand() * _TWO_PI
        g2rad = sqrt(-2.0 * log(1.0 - rand()))
        out.append(cos(x2pi) * g2rad)
        out.append(sin(x2pi) * g2rad)
    if len(out) > k:
        rng.gauss_next = out.pop()
    return out


def shuffle(rng: random.Random, x: MutableSequence[T]) -> None:
    """Shuffle ``x`` in place as ``rng.shuffle(x)`` does, drawing the same bits."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
