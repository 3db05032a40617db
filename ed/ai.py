"""Computer players ("AI avatars"): decide an entry from a ``PlayerView`` alone.

Public surface (kept stable for the window and the tournament):

- ``LEVELS``: ``("easy", "medium", "hard")``, weakest first;
- ``PERSONALITIES``: an ordered mapping of key -> ``Personality`` (name,
  temperament, colours and a ``Portrait`` the window can draw);
- ``Avatar(level, personality=None, seed=None)``: ``decide(view)`` returns a
  legal entry for the view's phase and sets ``explanation``, one short
  sentence for the game log;
- ``avatar_for(game_seed, seat, level, personality)``: the avatar a seat of a
  game uses, seeded from the game's seed and the seat.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from . import market
from .production import max_makeable
from .view import PlayerView

LEVELS: Tuple[str, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Portrait:
    """A simple face the window draws on a canvas: colours are ``#rrggbb``."""

    skin: str
    hair: str
    hair_style: str     # "short", "long", "bald", "bun", "curly"
    glasses: bool
    accessory: str      # "none", "tie", "bow", "pearls", "hat"


@dataclass(frozen=True)
class Personality:
    """A named computer player with a temperament and its colours."""

    key: str
    name: str
    temperament: str    # one line, e.g. "buys cheap, sells dear"
    colour: str         # main colour, ``#rrggbb``
    accent: str         # second colour, ``#rrggbb``
    portrait: Portrait


PERSONALITIES: Dict[str, Personality] = {p.key: p for p in (
    Personality("mabel", "Mabel", "buys cheap, sells dear", "#2b6cb0", "#bee3f8",
                Portrait("#f1c27d", "#6b4226", "bun", True, "pearls")),
    Personality("rex", "Rex", "bold: big orders, quick sales", "#c53030", "#fed7d7",
                Portrait("#e0ac69", "#222222", "short", False, "tie")),
    Personality("iris", "Iris", "careful: keeps a fat cash cushion", "#2f855a", "#c6f6d5",
                Portrait("#ffdbac", "#b7410e", "long", False, "none")),
    Personality("otto", "Otto", "loves the luxury good A", "#6b46c1", "#e9d8fd",
                Portrait("#c68642", "#777777", "bald", True, "bow")),
    Personality("cora", "Cora", "trades in volume: cheap goods, many of them", "#b7791f", "#fefcbf",
                Portrait("#8d5524", "#111111", "curly", False, "none")),
    Personality("felix", "Felix", "steady middle-of-the-road trader", "#2c7a7b", "#b2f5ea",
                Portrait("#f1c27d", "#d4a017", "short", True, "hat")),
)}


def avatar_for(game_seed: Optional[int], seat: int, level: str,
               personality: Optional[str] = None) -> "Avatar":
    """The avatar for ``seat`` of a game with ``game_seed`` (deterministic when seeded)."""
    seed = None if game_seed is None else game_seed * 1009 + seat
    return Avatar(level, personality, seed=seed)


class Avatar:
    """A computer player.  ``decide(view)`` returns a legal entry for the view's phase."""

    def __init__(self, level: str = "medium", personality: Optional[str] = None,
                 seed: Optional[int] = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        if personality is not None and personality not in PERSONALITIES:
            raise ValueError(f"Unknown personality {personality!r}.")
        self.level = level
        self.personality = personality
        self.rng = random.Random(seed)
        self.explanation = ""

    def decide(self, view: PlayerView) -> Dict[str, Tuple[int, int]]:
        if view.phase == "purchasing":
            units = min(3, view.rules.order_limit)
            bid = market.min_bid(view.prices["fine"], units) + 2
            if units * bid > view.own_cash:
                self.explanation = "keeps its cash this month"
                return {}
            self.explanation = f"bids ${bid} for {units} Fine"
            return {"fine": (units, bid)}
        most = max_makeable(view.rules.recipes, view.own_stock, "C")
        if not most:
            self.explanation = "has nothing to sell"
            return {}
        ask = market.highest_useful_ask(view.prices["C"], most)
        self.explanation = f"offers {most} C at ${ask}"
        return {"C": (most, ask)}
