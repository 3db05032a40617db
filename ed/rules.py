"""The fixed tables of the rules (RULES.md sections 1 to 3) and the Rules value.

Everything here is data: commodity keys, opening prices, recipes, the set-up
table and the limits.  ``Rules`` is the frozen choice of options a game is
played with, and ``Seat`` who plays each seat; both validate themselves on
construction.
"""
from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass
from typing import Dict, Optional, Tuple


class RuleError(ValueError):
    """An entry, a setting or a call that the rules do not allow.

    The message is one plain sentence naming the limit and the value.
    """


RAW: Tuple[str, ...] = ("xfine", "fine", "standard")
GOODS: Tuple[str, ...] = ("A", "B", "C")
COMMODITIES: Tuple[str, ...] = RAW + GOODS
#: A raw grade by index, in the order of ``RAW``: 0 X-Fine, 1 Fine, 2 Standard.
GRADE_INDEXES: range = range(len(RAW))
#: A good by index, in the order of ``GOODS``: 0 A, 1 B, 2 C.
GOOD_INDEXES: range = range(len(GOODS))
#: An entry's line by index where one piece of code serves both phases: the grades of an
#: order (purchasing), the goods of an offer (selling); there are as many of each.
ENTRY_INDEXES: range = range(len(RAW))


class Phase(str, enum.Enum):
    """RULES §4: the phase a game is in.  A ``str``, so that it reads, compares, hashes and
    is saved as its value (``Phase.PURCHASING == "purchasing"``), as API.md has it."""

    PURCHASING = "purchasing"
    SELLING = "selling"
    OVER = "over"

    __str__ = str.__str__          # "purchasing", not "Phase.PURCHASING", in every Python
    __format__ = str.__format__

#: Display names, used in messages meant for people.
NAMES: Dict[str, str] = {
    "xfine": "X-Fine", "fine": "Fine", "standard": "Standard",
    "A": "A", "B": "B", "C": "C",
}

#: RULES §1: opening prices.
OPENING_PRICES: Dict[str, int] = {
    "xfine": 40, "fine": 30, "standard": 20, "A": 140, "B": 115, "C": 90,
}

#: RULES §1: recipes as (X-Fine places, Fine places, Standard places).
DEFAULT_RECIPES: Dict[str, Tuple[int, int, int]] = {
    "A": (2, 1, 0),
    "B": (0, 2, 1),
    "C": (0, 1, 2),
}
#: RULES §1: the production chart printed with the 1971 game.
CLASSIC_RECIPES: Dict[str, Tuple[int, int, int]] = {
    "A": (2, 1, 0),
    "B": (1, 1, 1),
    "C": (0, 1, 2),
}

#: RULES §2: players -> (starting cash, raw units a player may order a month).
SETUP: Dict[int, Tuple[int, int]] = {
    2: (900, 18),
    3: (600, 12),
    4: (450, 9),
    5: (350, 7),
    6: (300, 6),
}
#: RULES §2: with two players, at most this many units of any one grade.
TWO_PLAYER_GRADE_LIMIT = 12

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MIN_MONTHS = 1
MAX_MONTHS = 36
DEFAULT_MONTHS = 12

#: RULES §4.1.2 and §4.2.2 (interpretation): the highest price anyone may enter.
MAX_PRICE = 10_000

#: RULES §5 and §6 (Variation I): borrowing is in steps of this, repaid at 125 per 100.
LOAN_STEP = 100
LOAN_REPAY_PER_STEP = 125

#: Longest player name accepted (saves and the window rely on it).
MAX_NAME_LENGTH = 40

#: Unicode categories a name may not hold: controls (NUL, tab, newline), invisible
#: format characters (right-to-left marks and overrides), line and paragraph
#: separators, lone surrogates and private-use characters.
_NAME_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})
#: format characters that are part of ordinary writing: the zero-width
#: non-joiner (Persian, Indic scripts) and joiner (emoji sequences)
_NAME_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d"})
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
_DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                             "\u2066\u2067\u2068\u2069")

VARIATIONS: Tuple[str, ...] = ("loans", "partial_fills", "partial_sales")


def name_problem(name: object) -> Optional[str]:
    """Why ``name`` cannot name a seat, or ``None`` when it can.

    A name is printable text on one line, 1 to ``MAX_NAME_LENGTH`` characters
    once trimmed of spaces at either end.  The sentence quotes the name with
    its invisible characters spelled out.
    """
    if type(name) is not str or not name.strip():
        return f"Every seat needs a name; {name!r} is not one."
    name = name.strip()
    if len(name) > MAX_NAME_LENGTH:
        return (f"The name {name[:MAX_NAME_LENGTH]!r}... is longer than "
                f"{MAX_NAME_LENGTH} characters.")
    for char in name:
        if unicodedata.category(char) not in _NAME_REFUSED_CATEGORIES or char in _NAME_ALLOWED_FORMAT:
            continue
        if char in _LINE_BREAKS:
            what = "a line break"
        elif char == "\t":
            what = "a tab"
        elif char in _DIRECTION_MARKS:
            what = "a text-direction mark"
        else:
            what = "an invisible character"
        return (f"The name {name!r} holds {what} (U+{ord(char):04X}); "
                f"a name is printable text on one line.")
    return None


def month_label(month: int) -> str:
    """``1 -> "Jan"``, ``13 -> "Jan Y2"``: RULES §2, month 1 is January."""
    names = ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    year, index = divmod(month - 1, 12)
    return names[index] if year == 0 else f"{names[index]} Y{year + 1}"


@dataclass(frozen=True)
class Rules:
    """The options a game is played with (RULES.md §2 and §6).

    Raises ``RuleError`` when the number of players or months is outside the
    rules, or when an option is not a plain ``True``/``False``.
    """

    players: int = 4
    months: int = DEFAULT_MONTHS
    loans: bool = False
    partial_fills: bool = False
    partial_sales: bool = False
    classic_recipes: bool = False

    def __post_init__(self) -> None:
        for name, low, high in (("players", MIN_PLAYERS, MAX_PLAYERS),
                                ("months", MIN_MONTHS, MAX_MONTHS)):
            value = getattr(self, name)
            if type(value) is not int:
                raise RuleError(f"The number of {name} must be a whole number, not {value!r}.")
            if not low <= value <= high:
                raise RuleError(f"The number of {name} must be from {low} to {high}, not {value}.")
        for name in VARIATIONS + ("classic_recipes",):
            value = getattr(self, name)
            if type(value) is not bool:
                raise RuleError(f"The option {name} must be true or false, not {value!r}.")

    @property
    def starting_cash(self) -> int:
        """RULES §2: each player's cash at the start."""
        return SETUP[self.players][0]

    @property
    def order_limit(self) -> int:
        """RULES §2: raw units a player may order in one month, all grades together."""
        return SETUP[self.players][1]

    @property
    def grade_limit(self) -> int:
        """RULES §2: units of any one grade a player may order in one month."""
        if self.players == 2:
            return TWO_PLAYER_GRADE_LIMIT
        return self.order_limit

    @property
    def recipes(self) -> Dict[str, Tuple[int, int, int]]:
        """RULES §1: places per good as (X-Fine, Fine, Standard)."""
        return dict(CLASSIC_RECIPES if self.classic_recipes else DEFAULT_RECIPES)

    def to_dict(self) -> Dict[str, object]:
        """The rules as plain JSON-ready data."""
        return {"players": self.players, "months": self.months, "loans": self.loans,
                "partial_fills": self.partial_fills, "partial_sales": self.partial_sales,
                "classic_recipes": self.classic_recipes}


SEAT_KINDS = ("human", "computer")


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a person, or a computer player with its level and personality.

    Raises ``RuleError`` for an unknown kind.  The level and personality are
    names that ``ed.ai`` understands; the engine only carries them.
    """

    kind: str = "human"
    level: Optional[str] = None
    personality: Optional[str] = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise RuleError(f"A seat is 'human' or 'computer', not {self.kind!r}.")
        for name in ("level", "personality"):
            value = getattr(self, name)
            if value is not None and (type(value) is not str or not 0 < len(value) <= MAX_NAME_LENGTH):
                raise RuleError(f"A seat's {name} must be a short name, not {value!r}.")

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"
