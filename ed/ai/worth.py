"""What a raw unit kept in stock is worth to its owner.

What it knows: the prices now, the recipes and how many months are left.
Imports the engine's rules only.

A unit of stock is not a loss waiting to happen: in these games goods prices
climb while raw prices stay about flat, so a unit on hand is a claim on a
future margin.  It is worth its price now plus a share of the best margin a
unit of its grade could earn at today's prices (through a good that uses it,
or one it stands in for).  The share shrinks as the end comes near, because
fewer months remain to use the unit; in the last month a unit is worth
exactly what the Broker pays for it (RULES §5), the final raw price.

The shares in ``CARRY`` were learned offline from self-play against the
sparring gauntlet, in two steps.  ``python3 -m ed.tuning.learn`` found the shape
of the table (how the share falls as the end nears) by the expert's mean lead
in cash: (0, 0.175, 0.4, 0.65, 0.725).  A mean lead rewards a bold stock
that sometimes pays off big, so ``python3 -m ed.tuning.learn --scales ...``
then scaled the table as a whole and counted the expert's wins against three
expected-value bidders and three exploiters: 0.7 of it won most often, and
is the table below.

A two-player game is another market: the two players' own orders are all
that move the prices, and a unit the rival does not get is a unit of margin
it does not earn.  There the table counts more (``SCALE_BY_PLAYERS``), the
scale chosen by expert's wins in 100 head-to-head games per scale against an
expected-value bidder and against the gauntlet's sample-average bidder (the
comparison ``python3 -m ed.tuning.learn --players 2 --scales ...`` plays).
"""
from __future__ import annotations

from typing import Dict, Sequence, Tuple

from ..rules import GRADE_INDEXES

#: Share of the best margin a unit in stock is worth, by months left after this one
#: (index 0: this is the last month; the last entry serves every longer horizon).
CARRY: Tuple[float, ...] = (0.0, 0.1225, 0.28, 0.455, 0.5075)

#: ``CARRY`` scaled for a table of this many players (any other size: as it is).
SCALE_BY_PLAYERS: Dict[int, float] = {2: 1.7}


def carry_for(players: int, carry: Sequence[float] = CARRY) -> Tuple[float, ...]:
    """The table of shares for a game of ``players`` (``carry`` scaled by ``SCALE_BY_PLAYERS``)."""
    scale = SCALE_BY_PLAYERS.get(players, 1.0)
    return tuple(round(share * scale, 6) for share in carry)


def unit_margins(prices: Sequence[int], recipes: Sequence[Sequence[int]]) -> Tuple[float, float, float]:
    """The margin per raw unit of each good at these prices (its price less its recipe's cost, over 3)."""
    raw = prices[0:3]
    out = []
    for h, recipe in enumerate(recipes):
        cost = recipe[0] * raw[0] + recipe[1] * raw[1] + recipe[2] * raw[2]
        out.append((prices[3 + h] - cost) / 3.0)
    return (out[0], out[1], out[2])


def best_margins(prices: Sequence[int], recipes: Sequence[Sequence[int]]) -> Tuple[float, float, float]:
    """The best margin per unit that a unit of each grade can take part in (never below 0).

    A grade earns the margin of any good whose recipe uses it; X-Fine may
    also stand in for Fine and Fine for Standard (RULES §1), giving up the
    difference in price.
    """
    per_unit = unit_margins(prices, recipes)
    direct = []
    for g in GRADE_INDEXES:
        uses = [per_unit[h] for h, recipe in enumerate(recipes) if recipe[g]]
        direct.append(max(uses) if uses else 0.0)
    x = max(direct[0], direct[1] - (prices[0] - prices[1]))
    f = max(direct[1], direct[2] - (prices[1] - prices[2]))
    return (max(0.0, x), max(0.0, f), max(0.0, direct[2]))


def carry_share(months_after: int, carry: Sequence[float] = CARRY) -> float:
    """The share of the margin a unit kept now is worth, with ``months_after`` months still to come."""
    if months_after < 0:
        return 0.0
    return carry[months_after] if months_after < len(carry) else carry[-1]


#: A grade's stock up to this share of the monthly order limit earns its full share of the
#: margin; beyond it the share falls, to nothing at ``GLUT`` times as much (see ``glut``).
NORMAL = 0.55
GLUT = 3.0


def glut(stock: Sequence[int], order_limit: int) -> Tuple[float, float, float]:
    """The part of the margin's share a further unit of each grade still earns, given the stock.

    A unit is a claim on a future margin only if it will be made into a good
    and sold: a seat sells a few goods a month (each good offered lowers its
    price $2), so a pile of one grade far beyond what a month's trade uses
    waits months, and its last units end with the Broker at the raw price.
    """
    normal = max(1.0, NORMAL * order_limit)
    out = []
    for units in stock:
        over = (units - normal) / ((GLUT - 1.0) * normal)
        out.append(1.0 if over <= 0 else (0.0 if over >= 1 else 1.0 - over))
    return (out[0], out[1], out[2])


def stock_values(prices: Sequence[int], recipes: Sequence[Sequence[int]], months_after: int,
                 carry: Sequence[float] = CARRY, shift: float = 0.0,
                 parts: Sequence[float] = (1.0, 1.0, 1.0)) -> Tuple[float, float, float]:
    """What a unit of each grade kept to the end of this month is worth, before the last month.

    ``months_after`` counts the months still to be played after this one
    (at least 1 here: the last month's values are the final raw prices);
    ``shift`` adds a personality's liking (positive) or doubt (negative) as a
    share of the margin; ``parts`` scales each grade's share (``glut``).
    """
    share = max(0.0, carry_share(months_after, carry) + shift)
    best = best_margins(prices, recipes)
    return tuple(prices[g] + share * parts[g] * best[g]  # type: ignore[return-value]
                 for g in GRADE_INDEXES)
