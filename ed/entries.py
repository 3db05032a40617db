"""Orders and offers: their shape and their limits (RULES.md §4.1.2 and §4.2.2).

One function, ``check``, both normalises an entry and lists every limit it
breaks.  ``Game.submit`` raises on that list; the window's live hints show the
same list next to the fields, so a rule is written once.  Each ``Problem``
names its field, its kind and its limit beside the sentence, so that the
window finds the field at fault and says it in a few words without reading
the sentence.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple

from .rules import GOODS, GOOD_INDEXES, GRADE_INDEXES, MAX_PRICE, NAMES, RAW, Phase, Rules


class Lot(NamedTuple):
    """One line of an entry: so many ``units`` at a ``price`` each (the bid per raw unit of an
    order, the ask per good of an offer).  A tuple, so ``(units, price)`` as the API gives it
    and a ``Lot`` are equal, hash alike and are saved alike."""

    units: int
    price: int


#: An entry as the engine keeps it: a ``Lot`` for each of the phase's three commodities.
Triple = Tuple[Lot, Lot, Lot]
#: a line with no units
NO_LOT = Lot(0, 0)
#: a ``Lot`` made from a pair of ints without the keyword handling of ``Lot(...)``
_lot = tuple.__new__

# What kind of limit a problem breaks (``Problem.kind``).
#: the entry is not a mapping, names something that is not a commodity of the phase,
#: or a value is not a pair of whole numbers
BAD_SHAPE = "bad shape"
#: units below 0 (the limit is 0)
NEGATIVE_UNITS = "negative units"
#: a price below $1 (the limit is 1)
PRICE_TOO_LOW = "price too low"
#: a price over the highest price allowed (the limit is ``MAX_PRICE``)
PRICE_TOO_HIGH = "price too high"
#: more units of one grade than 2 players may order (the limit is the grade limit)
OVER_GRADE_LIMIT = "over the grade limit"
#: a bid below the minimum bid (the limit is the minimum bid)
BELOW_MIN_BID = "below the minimum bid"
#: more units in all than a month allows (the limit is the monthly limit)
OVER_MONTHLY_LIMIT = "over the monthly limit"
#: the game is over: no entry is taken
GAME_OVER = "game over"


@dataclass(frozen=True)
class Problem:
    """One limit an entry breaks: where, what kind, the number it names, and the sentence.

    ``key`` is the commodity (``None`` for the entry as a whole); ``field`` is
    ``"units"``, ``"price"`` or ``"entry"``; ``kind`` is one of the kinds above;
    ``limit`` is the number the limit names (``None`` where there is none);
    ``text`` says it all to a person.
    """

    key: Optional[str]
    field: str
    kind: str
    limit: Optional[int]
    text: str


#: The game is over: the one problem of any entry then.
OVER = Problem(None, "entry", GAME_OVER, None, "the game is over; no more entries are taken")

EMPTY: Triple = (NO_LOT, NO_LOT, NO_LOT)
_INDEX = {
    Phase.PURCHASING: {"xfine": 0, "fine": 1, "standard": 2},
    Phase.SELLING: {"A": 0, "B": 1, "C": 2},
}
_OTHER_PHASE = {Phase.PURCHASING: Phase.SELLING, Phase.SELLING: Phase.PURCHASING}
_WORD = {Phase.PURCHASING: ("order", "bid"), Phase.SELLING: ("offer", "ask")}
_PURCHASING = Phase.PURCHASING


def keys_of(phase: str) -> Tuple[str, ...]:
    """The three commodity keys entered in ``phase``."""
    return RAW if phase == _PURCHASING else GOODS


def _name(key: str) -> str:
    """A commodity as the subject of a sentence: "X-Fine", but "Good A", which would read as
    the article alone ("A ask $0 is ...")."""
    return NAMES[key] if key in RAW else f"Good {NAMES[key]}"


#: the same, for the window's sentences
subject = _name


def _whose(key: str) -> str:
    """A commodity's, before what belongs to it: "X-Fine units", "Good A's ask"."""
    return NAMES[key] if key in RAW else f"Good {NAMES[key]}'s"


def _n(value: int) -> str:
    """A whole number for a message; absurdly long ones are not spelled out."""
    if -10**15 < value < 10**15:
        return str(value)
    return "an absurdly large number" if value > 0 else "an absurdly large negative number"


def _units(value: int) -> str:
    """``"19 units"``; absurd counts are not spelled out."""
    return f"{value} units" if value < 10**15 else "an absurdly large number of units"


def _money(value: int) -> str:
    """A price for a message, ``$35`` or ``-$3``; absurd ones are not spelled out."""
    if 0 <= value < 10**15:
        return f"${value}"
    if -10**15 < value < 0:
        return f"-${-value}"
    return "an absurdly large price" if value > 0 else "an absurdly negative price"


def check(rules: Rules, phase: str, prices: Sequence[int], entry: Any) -> Tuple[Triple, List[Problem]]:
    """Normalise ``entry`` for ``phase`` and list every rule it breaks.

    ``prices`` are the previous market prices of the phase's three
    commodities.  Returns the entry as three ``Lot``s in the order of
    ``keys_of(phase)`` (``NO_LOT`` where a key is missing) and the
    problems (``Problem``); the entry is legal exactly when the list is empty.
    """
    problems: List[Problem] = []
    if type(entry) is not dict and not isinstance(entry, Mapping):
        return EMPTY, [Problem(None, "entry", BAD_SHAPE, None,
                               f"an entry must map commodities to (units, price) pairs, "
                               f"not {type(entry).__name__}")]
    index = _INDEX[phase]
    pairs = [NO_LOT, NO_LOT, NO_LOT]
    for key, value in entry.items():
        i = index.get(key)
        if i is None:
            problems.append(Problem(None, "entry", BAD_SHAPE, None, _unknown_key(phase, key)))
            continue
        kind = type(value)
        if ((kind is not tuple and kind is not Lot and kind is not list) or len(value) != 2
                or type(value[0]) is not int or type(value[1]) is not int):
            problems.append(Problem(key, "entry", BAD_SHAPE, None,
                                    f"{_name(key)} must be a pair of whole numbers "
                                    f"(units, price), not {_short(value)}"))
            continue
        # a line of the record entered again (a replay, a review) is a Lot already
        pairs[i] = value if kind is Lot else _lot(Lot, value)
    normal: Triple = (pairs[0], pairs[1], pairs[2])
    if phase == _PURCHASING:
        _check_order(rules, prices, RAW, normal, problems)
    else:
        _check_offer(prices, GOODS, normal, problems)
    return normal, problems


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # an unprintable object, or an int too long for repr
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _unknown_key(phase: str, key: Any) -> str:
    if key in _INDEX[_OTHER_PHASE[phase]]:
        other = _WORD[_OTHER_PHASE[phase]][0]
        return (f"{_name(key)} belongs in an {other}, and this is the {phase} phase "
                f"({', '.join(NAMES[k] for k in keys_of(phase))})")
    return f"{_short(key)} is not a commodity of the {phase} phase"


def _check_units_and_price(key: str, units: int, price: int, word: str,
                           problems: List[Problem]) -> bool:
    """Units ≥ 0; a price with units must be $1 to $10,000.  Returns whether to go on."""
    name = _whose(key)
    if units < 0:
        problems.append(Problem(key, "units", NEGATIVE_UNITS, 0,
                                f"{name} units must be 0 or more, not {_n(units)}"))
        return False
    if units == 0:
        return False  # RULES §4.1.2: a price given with 0 units is not checked
    if price < 1:
        problems.append(Problem(key, "price", PRICE_TOO_LOW, 1,
                                f"{name} {word} {_money(price)} is below the lowest price, $1"))
        return False
    if price > MAX_PRICE:
        problems.append(Problem(key, "price", PRICE_TOO_HIGH, MAX_PRICE,
                                f"{name} {word} {_money(price)} is over the highest price "
                                f"allowed, ${MAX_PRICE:,}"))
        return False
    return True


def _check_order(rules: Rules, prices: Sequence[int], keys: Tuple[str, ...], order: Triple,
                 problems: List[Problem]) -> None:
    """RULES §4.1.2: the limits on an order."""
    total = 0
    limit = rules.order_limit
    two_players = rules.players == 2
    grade_limit = rules.grade_limit if two_players else limit
    for i in GRADE_INDEXES:
        units, price = order[i]
        if units > 0:
            total += units
            if not 1 <= price <= MAX_PRICE:
                _check_units_and_price(keys[i], units, price, "bid", problems)
                continue
        elif units == 0:
            continue  # RULES §4.1.2: a price given with 0 units is not checked
        else:
            _check_units_and_price(keys[i], units, price, "bid", problems)
            continue
        if two_players and units > grade_limit:
            key = keys[i]
            problems.append(Problem(key, "units", OVER_GRADE_LIMIT, grade_limit,
                                    f"{_units(units)} of {NAMES[key]} is over the limit of "
                                    f"{grade_limit} units of one grade with 2 players"))
        if units > limit:
            continue  # the monthly limit below says all there is to say
        floor = prices[i] + units - 10     # the minimum bid; the price is $1 or more here
        if price < floor:
            key = keys[i]
            problems.append(Problem(key, "price", BELOW_MIN_BID, floor,
                                    f"{NAMES[key]} bid ${price} is below the minimum bid "
                                    f"${floor} ({units} units at previous price ${prices[i]})"))
    if total > limit:
        problems.append(Problem(None, "units", OVER_MONTHLY_LIMIT, limit,
                                f"the order totals {_units(total)}, over the monthly limit "
                                f"of {limit} units with {rules.players} players"))


def _check_offer(prices: Sequence[int], keys: Tuple[str, ...], offer: Triple,
                 problems: List[Problem]) -> None:
    """RULES §4.2.2: the limits on an offer (makeability is judged at the reveal)."""
    for i in GOOD_INDEXES:
        units, price = offer[i]
        if units and not (units > 0 and 1 <= price <= MAX_PRICE):
            _check_units_and_price(keys[i], units, price, "ask", problems)


def as_dict(phase: str, entry: Triple) -> dict:
    """An engine entry back as the API's mapping, keeping every non-empty pair."""
    return {key: pair for key, pair in zip(keys_of(phase), entry) if pair != (0, 0)}
