"""What the new-game dialog decides: the seats, the months, the variations and the seed.

``Setup(seats, months=12, ...)`` holds a ``SeatSetup`` per seat (a person's
name, or a computer player's level and character); ``Setup.game()`` makes
the ``ed.Game``, with a seed chosen when none was given.  Plain data, so the
dialog keeps its pending choices out of its widgets.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Tuple

from ...engine import Game, Seat
from ...rules import Rules

#: the level a computer seat plays when none is named (and when a save names one unknown)
DEFAULT_LEVEL = "medium"


@dataclass(frozen=True)
class SeatSetup:
    """One seat of the new-game dialog: a person's name, or a computer player."""

    name: str
    computer: bool = False
    level: Optional[str] = None
    personality: Optional[str] = None

    def seat(self) -> Seat:
        if self.computer:
            return Seat("computer", self.level or DEFAULT_LEVEL, self.personality)
        return Seat("human")


@dataclass(frozen=True)
class Setup:
    """What the new-game dialog decided."""

    seats: Tuple[SeatSetup, ...]
    months: int = 12
    loans: bool = False
    partial_fills: bool = False
    partial_sales: bool = False
    classic_recipes: bool = False
    seed: Optional[int] = None

    def rules(self) -> Rules:
        return Rules(players=len(self.seats), months=self.months, loans=self.loans,
                     partial_fills=self.partial_fills, partial_sales=self.partial_sales,
                     classic_recipes=self.classic_recipes)

    def game(self) -> Game:
        """A new game; a seed is chosen when none was given, so saves replay the same."""
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
        return Game(self.rules(), [s.name.strip() for s in self.seats], seed,
                    seats=[s.seat() for s in self.seats])
