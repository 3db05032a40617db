"""The stock keeper: values raw stock above its price and holds it for later months.

Knows the rules, the current prices and the last month's totals; imports the
gauntlet's ``base`` and the engine's pure modules, nothing of the levels.

Purchasing: every month but the last it fills most of its order limit
(a share fixed per seed), in the proportions of the best-margin recipe,
bidding the price it expects (last month's total for the others, plus its
own units) and a few dollars, but never more than its own worth of a unit:
the raw price times a markup of about 1.3.  In the last month it buys
nothing.  Selling: before the last two months it offers only part of what
its stock makes (holding back about half), and only goods whose price beats
the marked-up worth of their materials; in the month before the last it
holds back less; in the last month it sells all that beats the final raw
price of the materials.  Asks sit a little under the price it expects.
"""
from __future__ import annotations

import random
from typing import Optional, Tuple

from ... import market
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import (Entry, Player, describe, fit_offer, fit_order, natural_plan, others_last,
                   recipe_cost)


class StockKeeper(Player):
    name = "keeper"
    summary = ("stock keeper: values raw stock above its price, buys steadily and sells only "
               "part of what it makes, holding the rest for later months")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.markup = self.jitter(1.3, 0.08)
        self.premium = self.jitter(3.0, 1.0)
        self.volume = self.jitter(0.9, 0.08)
        self.hold = self.jitter(0.5, 0.12)
        self.undercut = self.jitter(3.0, 1.0)

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        if view.months_left <= 1:
            return {}, "keeps its cash in the last month"
        rules = view.rules
        recipes = rules.recipes
        raw = [view.prices[k] for k in RAW]
        margins = [view.prices[g] - recipe_cost(recipes, g, raw) for g in GOODS]
        best = GOODS[max(range(3), key=lambda i: margins[i])]
        recipe = recipes[best]
        total = int(rules.order_limit * self.volume)
        units = [total * r // 3 for r in recipe]
        units[max(range(3), key=lambda i: recipe[i])] += total - sum(units)
        others = others_last(view, "purchasing")
        order = {}
        for i, key in enumerate(RAW):
            if units[i] <= 0:
                continue
            expect = raw[i] + others[i] + units[i] - 10
            bid = min(int(expect + self.premium), int(raw[i] * self.markup))
            if bid >= market.min_bid(raw[i], units[i]):
                order[key] = (units[i], bid)
        entry = fit_order(view, order)
        return entry, describe(entry, "bids") or "finds no grade worth its price"

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        recipes = view.rules.recipes
        stock = view.own_stock
        raw = [view.prices[k] for k in RAW]
        left = view.months_left
        markup = 1.0 if left <= 1 else self.markup
        hold = 0.0 if left <= 1 else (self.hold / 2 if left == 2 else self.hold)
        worth = [recipe_cost(recipes, g, raw) * markup for g in GOODS]
        values = [view.prices[g] - worth[i] for i, g in enumerate(GOODS)]
        plan = natural_plan(recipes, stock, values)
        others = others_last(view, "selling")
        offer = {}
        for i, good in enumerate(GOODS):
            n = int(round(plan[i] * (1 - hold)))
            if n <= 0:
                continue
            price = view.prices[good]
            expect = market.new_price(price, market.goods_move(int(others[i]) + n))
            ask = max(int(expect - self.undercut), int(worth[i]) + 1)
            if ask <= market.highest_useful_ask(price, n):
                offer[good] = (n, ask)
        entry = fit_offer(view, offer)
        return entry, describe(entry, "asks") or "keeps all its stock for later"


def make(seed: Optional[int] = None) -> StockKeeper:
    return StockKeeper(seed)
