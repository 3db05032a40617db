"""The careful beginner: plays as a newcomer does with the window's hints, and no forecast.

Knows the rules, the prices on the Price Level Board and its own cash and
stock; imports the gauntlet's ``base`` and the engine's pure modules, nothing
of the levels.  It stands in for a person in a first game, to check that the
``easy`` level is a fair first opponent (``easy`` should lose to it).

Purchasing: the good with the best margin at the board's prices, as many
recipes of it as the monthly limit and the cash allow (its stock counts);
each grade bid a few dollars (2 to 4, fixed per seed) over the board's price,
and never under the minimum bid the sheet shows.  Selling: everything its
stock makes, dearest good first, each asked a couple of dollars under the
smaller of the board's price and the highest useful ask the sheet shows.
In the last month it buys only what it can sell at once.
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


class Beginner(Player):
    name = "beginner"
    summary = ("careful beginner: bids a few dollars over the board's prices for recipes of the "
               "best-margin good and asks a little under them; no forecast")
    PARAMETERS = ("over", "under")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.over = int(round(self.jitter(3.0, 1.0)))
        self.under = int(round(self.jitter(2.0, 1.0)))

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        rules = view.rules
        recipes = rules.recipes
        raw = [view.prices[k] for k in RAW]
        margins = [view.prices[g] - recipe_cost(recipes, g, raw) for g in GOODS]
        best = max(range(3), key=lambda i: margins[i])
        if margins[best] <= 0:
            return {}, "sees no margin on the board and orders nothing"
        good = GOODS[best]
        for count in range(rules.order_limit, 0, -1):
            plan = [0, 0, 0]
            plan[best] = count
            need = purchase_for(places(recipes, plan), view.own_stock)
            if sum(need) > rules.order_limit or max(need) > rules.grade_limit:
                continue
            order = {key: (need[i], max(market.min_bid(raw[i], need[i]), raw[i] + self.over))
                     for i, key in enumerate(RAW) if need[i]}
            if sum(u * p for u, p in order.values()) <= view.own_cash:
                entry = fit_order(view, order)
                if not entry:
                    break
                return entry, f"{describe(entry, 'bids')} to make {count} {good}"
        return {}, f"cannot afford a recipe of {good}"

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


def make(seed: Optional[int] = None) -> Beginner:
    return Beginner(seed)
