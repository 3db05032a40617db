"""Random entries, legal and otherwise, for the benchmark and the randomised tests.

Not a computer opponent: it plays without any aim, to reach the odd corners
of the rules (broke seats, over-offers, prices at the $1 floor).
"""
from __future__ import annotations

import random
from typing import Dict, Tuple

from .. import market
from ..rules import GOOD_INDEXES, Phase
from ..view import PlayerView

Entry = Dict[str, Tuple[int, int]]


def random_order(view: PlayerView, rng: random.Random) -> Entry:
    """A legal order: random units within the limits, bids from the minimum up."""
    rules = view.rules
    left = rules.order_limit
    order: Entry = {}
    for key in rng.sample(("xfine", "fine", "standard"), 3):
        most = min(left, rules.grade_limit)
        units = rng.randint(0, most) if rng.random() < 0.7 else 0
        if units:
            floor = market.min_bid(view.prices[key], units)
            order[key] = (units, floor + rng.randint(0, 25))
            left -= units
    return order


def random_offer(view: PlayerView, rng: random.Random, *, over_offer: float = 0.1) -> Entry:
    """A random offer, makeable except for a share ``over_offer`` of the time."""
    from ..production import max_makeable
    recipes = view.rules.recipes
    stock = view.own_stock
    planned = [0, 0, 0]
    offer: Entry = {}
    for index in rng.sample(GOOD_INDEXES, 3):
        good = "ABC"[index]
        most = max_makeable(recipes, stock, good, planned)
        if rng.random() < over_offer:
            most += rng.randint(1, 3)
        units = rng.randint(0, most) if most else 0
        if units:
            planned[index] = units
            top = market.highest_useful_ask(view.prices[good], units)
            offer[good] = (units, max(1, top + rng.randint(-30, 8)))
    return offer


def random_entry(view: PlayerView, rng: random.Random, *, over_offer: float = 0.1) -> Entry:
    """A random entry for the view's current phase."""
    if view.phase == Phase.PURCHASING:
        return random_order(view, rng)
    return random_offer(view, rng, over_offer=over_offer)


class RandomPlayer:
    """A player for ``engine.play_out`` that enters ``random_entry`` drawn from ``rng``."""

    def __init__(self, rng: random.Random, *, over_offer: float = 0.1) -> None:
        self.rng = rng
        self.over_offer = over_offer

    def decide(self, view: PlayerView) -> Entry:
        return random_entry(view, self.rng, over_offer=self.over_offer)
