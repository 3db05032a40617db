"""The computer players' characters: who they are and how their temperament bends a plan.

Knows nothing of the rules.  ``Personality`` and ``Portrait`` are what the
window draws; ``Temper`` is the handful of numbers a personality shifts at
every level (risk, stock value, favourite goods, cash cushion).  Imports
nothing from the rest of the AI.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional


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
    Personality("cora", "Cora", "trades in volume: many cheap goods", "#b7791f", "#fefcbf",
                Portrait("#8d5524", "#111111", "curly", False, "none")),
    Personality("felix", "Felix", "steady middle-of-the-road trader", "#2c7a7b", "#b2f5ea",
                Portrait("#f1c27d", "#d4a017", "short", True, "hat")),
)}


@dataclass(frozen=True)
class Temper:
    """How a personality bends the plan: the numbers behind its temperament.

    ``bid_shift``/``ask_shift`` are dollars added to every bid/ask (a bold
    buyer bids over the odds to be sure of its materials, a dear seller asks
    more and sells less often); ``fill`` shifts the share of the time a bid
    is meant to succeed; ``cushion`` is the share of the starting cash never
    spent; ``volume`` the share of the monthly order limit used at most;
    ``favourite`` a good it values ``favour`` dollars a unit above the rest;
    ``bulk`` dollars of liking for every unit it makes; ``keep`` shifts the
    share of the best margin a unit kept in stock is worth (a patient trader
    keeps more, a quick one sells sooner); ``spite`` scales what its units are counted
    to cost its rivals (``optimiser.SPITE``); ``order_bonus`` is dollars of liking for every
    unit ordered; ``dear`` leans its draw among near-equal prices (``levels``): positive
    bids lower and asks higher, negative the other way.
    """

    bid_shift: int = 0
    ask_shift: int = 0
    fill: float = 0.0
    cushion: float = 0.0
    volume: float = 1.0
    favourite: str = ""
    favour: int = 0
    bulk: int = 0
    keep: float = 0.0
    spite: float = 1.0
    order_bonus: float = 0.0
    dear: float = 0.0


NEUTRAL = Temper()

TEMPERS: Dict[str, Temper] = {
    "mabel": Temper(bid_shift=-1, ask_shift=2, fill=-0.15, keep=0.1),
    "rex": Temper(bid_shift=1, ask_shift=-1, fill=0.1, bulk=2, keep=-0.15),
    "iris": Temper(fill=0.05, cushion=0.3, volume=0.85),
    "otto": Temper(favourite="A", favour=12),
    "cora": Temper(favourite="C", favour=10, bulk=2),
    "felix": NEUTRAL,
}


#: The characters at the ``expert`` level: each shows its temperament in its entries while
#: keeping the expert's strength.  Rex orders to the limit (a liking for every unit ordered
#: and made), and of near-equal prices bids the higher and asks the lower, to be sure of his
#: materials and to sell sooner; Mabel of near-equal prices bids the lower and asks the
#: higher, and keeps stock longer; Iris keeps three tenths of the starting cash unspent;
#: Otto leans to A, and so to X-Fine; Cora to C and to making many goods; Felix in between.
EXPERT_TEMPERS: Dict[str, Temper] = {
    "mabel": Temper(keep=0.05, dear=1.0),
    "rex": Temper(keep=-0.08, spite=1.1, order_bonus=1.0, dear=-1.0),
    "iris": Temper(fill=0.05, cushion=0.3, keep=0.05, dear=0.4),
    "otto": Temper(favourite="A", favour=8, dear=0.4),
    "cora": Temper(favourite="C", favour=3, bulk=1, order_bonus=1.0, dear=-0.6),
    "felix": NEUTRAL,
}


#: The characters whose expert temper changes when loans are on.  Borrowing to make many
#: goods, and of near-equal prices bidding the higher, cost Cora more than it earned her:
#: with loans she keeps only her liking for C.
EXPERT_TEMPERS_WITH_LOANS: Dict[str, Temper] = {
    "cora": Temper(favourite="C", favour=3),
}


def expert_temper(key: Optional[str], *, loans: bool = False) -> Temper:
    """The temper a character plays with at the ``expert`` level (``NEUTRAL`` for none);
    ``loans``: in a game with loans on."""
    if not key:
        return NEUTRAL
    if loans and key in EXPERT_TEMPERS_WITH_LOANS:
        return EXPERT_TEMPERS_WITH_LOANS[key]
    return EXPERT_TEMPERS.get(key, NEUTRAL)
