"""What the new-game dialog decides: the seats, the months, the variations and the seed.

``Setup(seats, months=12, ...)`` holds a ``SeatSetup`` per seat (a person's
name, or a computer player's level and character); ``Setup.game()`` makes
the ``ed.Game``, with a seed chosen when none was given.  Plain data, so the
dialog keeps its pending choices out of its widgets.  The dialog's words are
here too: ``whole_number`` (a number as typed, or ``None``), ``players_note``
(what the number of players sets, from the rules), ``kept_note`` (where the
game left behind is found).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Tuple

from ...engine import Game, Seat
from ...rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from ...words import and_list, money

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


#: The longest seed taken: 18 digits, so it is never refused by the save's 20.
SEED_DIGITS = 18


def whole_number(text: str, *, signed: bool = False) -> Optional[int]:
    """The whole number ``text`` is (spaces around it allowed), or ``None``: decimal digits of
    any script, as ``int`` reads them, after a minus sign where ``signed``; never "²", "①",
    "--5", "1_000" or "+3", which ``str.isdigit`` or ``int`` would let through or choke on."""
    text = text.strip()
    digits = text[1:] if signed and text.startswith("-") else text
    if not digits or not digits.isdecimal():
        return None
    return int(text)


def players_note(text: str) -> str:
    """What the number of players typed (``text``) sets, in the rules' own figures: ``"With 3
    players: $600 each to start; each orders up to 12 raw units a month in all."``; the
    range where ``text`` is not a number of players."""
    count = whole_number(text)
    if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
        return (f"{MIN_PLAYERS} to {MAX_PLAYERS} players; the number sets the starting cash "
                f"and the units a month.")
    rules = Rules(players=count)
    grade = f", {rules.grade_limit} of one grade" if rules.grade_limit < rules.order_limit \
        else ""
    return (f"With {count} players: {money(rules.starting_cash)} each to start; each orders up "
            f"to {rules.order_limit} raw units a month in all{grade}.")


def kept_note(game: Optional[Game]) -> str:
    """Where the game in progress is found again once a new one begins (it stays in its
    save): ``"Your game with Mabel is kept: Game ▸ Open…"``; "" for none or a finished one."""
    if game is None or game.is_over:
        return ""
    people = [seat for seat, info in enumerate(game.seats) if not info.is_computer]
    if len(people) == 1:
        others = [name for seat, name in enumerate(game.names) if seat != people[0]]
        return f"Your game with {and_list(others)} is kept: Game ▸ Open…"
    return f"The game of {and_list(list(game.names))} is kept: Game ▸ Open…"
