"""What a computer character's line states, as data: a ``Claim`` for each fact.

Every line a character says (``speech.Line``) carries each fact its words
state as a ``Claim``: who it is about, what they did (the ``kind``), which
commodity, how many, compared with whom, and over which month and phase.
The words are filled in from the claims (a number said is a claim's
quantity, a player named is a claim's seat), so what a line says is what
its claims say.  ``ed.ai.speech`` gives a sentence only claims that hold;
``ed.ai.hearing`` works each claim out again from the game's record,
never from the words.

A claim is about the past or the present, never the future: it names a
phase already resolved when the line is said (month 0 is the start of the
game, before anyone has bought or sold).  Pure data.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

#: ``Claim.among``: nobody else at the table did it (not one unit).
ONLY = "only"
#: ``Claim.among``: more than each other player, strictly.
MOST = "most"
#: ``Claim.among`` of a place: another player has the same place.
SHARED = "shared"

#: ``Claim.phase`` of a last word on the game: the settlement after the last month.
END = "end"
#: ``Claim.month`` of the start of the game: every player's starting cash, no stock.
START = 0

#: Each kind of claim and what it states (``q`` is the quantity, exact unless said).
KINDS: Dict[str, str] = {
    "entered": "the player ordered (or offered) q units of the commodity (all: in total)",
    "done": "the player bought (or sold) q units of the commodity (all: in total); "
            "among ONLY: nobody else any; among MOST: each other player fewer",
    "money": "the player paid (or received) q dollars in the phase",
    "cancelled": "the player's purchases were cancelled (or the offer could not be made)",
    "missed": "the player entered the commodity and got none of it (not cancelled)",
    "outbid": "``other`` (or, with no ``other``, another player) bought the commodity at a "
              "higher bid (or sold it at a lower ask) where the player got none of it",
    "over_market": "the player paid q dollars over the market price in all (q > 0)",
    "under_market": "the player sold q dollars under the market price in all (q > 0)",
    "at_market": "the player bought (or sold) some, every unit at the market price exactly",
    "not_over": "the player bought some, no unit over the market price",
    "not_under": "the player sold some, no unit under the market price",
    "partly": "one of the player's bids (offers) was filled in part: Variation II (III)",
    "rose": "the commodity's market price went up, to q",
    "fell": "the commodity's market price went down, to q",
    "loan": "the player borrowed q dollars in the phase (q > 0)",
    "cash": "the player's cash after the phase is q",
    "cushion": "the player's cash after the phase is at least q, half the starting cash",
    "stock": "the player's raw stock after the phase is q units of the grade (all: in total)",
    "can_make": "the player's raw stock after the phase could make at least one good by the "
                "game's recipes",
    "first_month": "the month is the game's first",
    "last_month": "the month is the game's last",
    "to_broker": "the player sold q raw units to the Broker at the end (q > 0)",
    "leads": "the player's cash after the phase is more than each other player's, by q over "
             "the next",
    "not_leading": "the player's cash after the phase is not more than each other player's",
    "rank": "the player's place by cash after the phase is q (1 + those with more cash)",
    "ahead": "the player's cash after the phase (at the end: final cash) is q more than "
             "``other``'s (q > 0)",
    "place": "the player's final place is q; among ONLY: nobody shares it; among SHARED: "
             "somebody does",
    "final": "the player's final cash is q",
    "profit": "the player's final cash is q more than the starting cash (q > 0)",
    "loss": "the player's final cash is q less than the starting cash (q > 0)",
}


@dataclass(frozen=True)
class Claim:
    """One fact a line states: ``kind`` (one of ``KINDS``) of player ``seat`` (``None``: the
    market's price), about ``commodity`` (``""``: the phase's commodities together), with
    ``quantity`` (units, dollars, a price or a place; ``None`` where the kind has none),
    compared with the table (``among``: ``ONLY``, ``MOST``, ``SHARED`` or ``""``) or with
    player ``other``, over ``month`` and ``phase`` (``"purchasing"`` or ``"selling"``; month
    ``START`` with ``"selling"``: the start of the game; month ``None`` with ``END``: the
    settlement after the last month)."""

    kind: str
    seat: Optional[int]
    month: Optional[int]
    phase: str
    commodity: str = ""
    quantity: Optional[int] = None
    among: str = ""
    other: Optional[int] = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not a kind of claim")
