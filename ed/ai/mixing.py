"""Choosing among good entries by chance, so that an expert's entry is no fixed point.

What it knows: a list of entries' worths.  An expert that always entered
the one entry its search found best would enter what anyone running the
same search on the same public record finds: a player who did that could
price against it exactly.  So the expert draws its entry from the good
ones, each weighed by how near it comes to the best (a softmax, in
dollars), with a generator seeded by its own seed and the phase: the same
seat with the same seed decides the same, and a seat's seed is its own
(as a person's private thoughts are).  An entry more than ``REACH`` spreads
worse than the best is never drawn.  Imports nothing from the rest of the AI.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

#: An entry this many spreads below the best is never drawn.
REACH = 3.0


def pick(worths: Sequence[float], rng: random.Random, spread: float) -> int:
    """The index of the entry drawn: entry ``i`` weighs ``exp((worth_i - best) / spread)``.

    ``spread`` is in dollars of expected worth; 0 (or less) always takes the
    first of the best.  ``worths`` must not be empty.
    """
    best = max(worths)
    first = worths.index(best)
    if spread <= 0 or len(worths) == 1:
        return first
    weights = [math.exp((w - best) / spread) if best - w <= REACH * spread else 0.0
               for w in worths]
    u = rng.random() * sum(weights)
    for i, weight in enumerate(weights):
        u -= weight
        if u < 0 and weight > 0:
            return i
    return first
