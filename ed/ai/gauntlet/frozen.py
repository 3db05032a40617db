"""The old top level, frozen: ``frozen_hard.Avatar`` behind the gauntlet's surface.

Knows what ``frozen_hard`` knows (the view alone); imports only that module.
It is kept so that every new level is measured against the same old
opponent, whatever later changes make of the levels.
"""
from __future__ import annotations

from typing import Optional

from ...view import PlayerView
from .base import Entry, is_legal
from .frozen_hard import Avatar


class Frozen:
    """``frozen_hard.Avatar`` with the gauntlet's ``name``, ``summary`` and ``fallbacks``."""

    name = "frozen"
    summary = "the old hard level, frozen as it stood before the expert level"

    def __init__(self, seed: Optional[int] = None) -> None:
        self.avatar = Avatar(seed=seed)
        self.seed = self.avatar.seed
        self._fallbacks = 0
        self._passed = False

    def __repr__(self) -> str:
        return f"gauntlet.Frozen(seed={self.seed})"

    @property
    def parameters(self) -> dict:
        """None of its own: the frozen level is seeded, never tuned."""
        return {}

    @property
    def explanation(self) -> str:
        return "passes this phase" if self._passed else self.avatar.explanation

    @property
    def fallbacks(self) -> int:
        return self.avatar.fallbacks + self._fallbacks

    def decide(self, view: PlayerView) -> Entry:
        """The frozen level's entry; an empty one (counted) should it ever be illegal."""
        self._passed = False
        try:
            entry = self.avatar.decide(view)
            if view.is_over or is_legal(view, entry):
                return entry
        except Exception:
            pass
        self._fallbacks += 1
        self._passed = True
        return {}


def make(seed: Optional[int] = None) -> Frozen:
    return Frozen(seed)
