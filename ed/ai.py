"""Computer players ("AI avatars"): decide an entry from a ``PlayerView`` alone."""
from __future__ import annotations

import random
from typing import Dict, Optional, Tuple

from . import market
from .production import max_makeable
from .view import PlayerView

LEVELS: Tuple[str, ...] = ("easy", "medium", "hard")


class Avatar:
    """A computer player.  ``decide(view)`` returns a legal entry for the view's phase."""

    def __init__(self, level: str = "medium", personality: Optional[str] = None,
                 seed: Optional[int] = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        self.level = level
        self.personality = personality
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Dict[str, Tuple[int, int]]:
        if view.phase == "purchasing":
            units = min(3, view.rules.order_limit)
            bid = market.min_bid(view.prices["fine"], units) + 2
            if units * bid > view.own_cash:
                return {}
            return {"fine": (units, bid)}
        most = max_makeable(view.rules.recipes, view.own_stock, "C")
        if not most:
            return {}
        return {"C": (most, market.highest_useful_ask(view.prices["C"], most))}
