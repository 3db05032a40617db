"""The fixed-margin trader: bids its own minimum bid plus a few dollars, asks the market price.

Knows the rules and the current prices only (no history); imports the
gauntlet's ``base`` and the engine's pure modules, nothing of the levels.

Purchasing: the good with the best margin at the current prices (its price
less what its recipe costs at the raw prices), and as many recipes of it as
the monthly limit and the cash allow (what its stock already holds counts);
each grade is bid at its own minimum bid plus a few dollars (2 to 5, fixed
per seed).  Selling: everything its stock makes, dearest good first, each at
the smaller of the market price and the highest useful ask.
"""
from __future__ import annotations

import random
from typing import Optional, Tuple

from ... import market
from ...production import places
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import (Entry, Player, describe, fit_offer, fit_order, natural_plan, purchase_for,
                   recipe_cost)


class MarginTrader(Player):
    name = "margin"
    summary = ("fixed-margin trader: its own minimum bid plus a few dollars for as many recipes "
               "of the best-margin good as it can afford; offers all it makes at the market price")
    PARAMETERS = ("extra",)
    #: dollars asked under the smaller of the market price and the highest useful ask
    under = 0
    #: whether it orders nothing when no good has a margin at the current prices
    needs_margin = False

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.extra = int(round(self.jitter(3.5, 1.5)))

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        rules = view.rules
        recipes = rules.recipes
        raw = [view.prices[k] for k in RAW]
        margins = [view.prices[g] - recipe_cost(recipes, g, raw) for g in GOODS]
        best = max(range(3), key=lambda i: margins[i])
        if self.needs_margin and margins[best] <= 0:
            return {}, "sees no margin at these prices and orders nothing"
        good = GOODS[best]
        for count in range(rules.order_limit, 0, -1):
            plan = [0, 0, 0]
            plan[best] = count
            need = purchase_for(places(recipes, plan), view.own_stock)
            if sum(need) > rules.order_limit or max(need) > rules.grade_limit:
                continue
            order = {key: (need[i], self.bid(raw[i], need[i]))
                     for i, key in enumerate(RAW) if need[i]}
            if sum(u * p for u, p in order.values()) <= view.own_cash:
                entry = fit_order(view, order)
                return entry, f"{describe(entry, 'bids')} to make {count} {good}"
        return {}, f"cannot afford a recipe of {good}"

    def bid(self, price: int, units: int) -> int:
        """The bid for ``units`` of a grade whose price was ``price``: its minimum bid plus a few."""
        return market.min_bid(price, units) + self.extra

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        recipes = view.rules.recipes
        raw = [view.prices[k] for k in RAW]
        margins = [view.prices[g] - recipe_cost(recipes, g, raw) for g in GOODS]
        plan = natural_plan(recipes, view.own_stock, margins)
        offer = {}
        for i, good in enumerate(GOODS):
            if plan[i]:
                price = view.prices[good]
                top = min(price, market.highest_useful_ask(price, plan[i]))
                offer[good] = (plan[i], top - self.under)
        entry = fit_offer(view, offer)
        return entry, describe(entry, "asks") or "has nothing to sell"


def make(seed: Optional[int] = None) -> MarginTrader:
    return MarginTrader(seed)
