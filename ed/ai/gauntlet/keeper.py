"""The stock keeper: values raw stock above its price and holds it for later months.

Knows the rules and the revealed history; imports the gauntlet's ``base``
and ``forecast`` and the engine's pure modules, nothing of the levels.

Purchasing: every month but the last it fills most of its order limit
(a share fixed per seed), in the proportions of the best-margin recipe
(topping up the grades its stock lacks), bidding the price it expects (the
others' forecast total plus its own units) and a premium, but never more
than its own worth of a unit: the expected price times a markup of about
1.3.  In the last month it buys
nothing.  Selling: before the last two months it offers only part of what
its stock makes (holding back about half), and only goods whose price beats
the marked-up worth of their materials; in the month before the last it
holds back less; in the last month it sells all that beats the final raw
price of the materials.  Asks sit a little under the price it expects
after the others' forecast offers and its own.
"""
from __future__ import annotations

import random
from typing import Optional, Tuple

from ... import market
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import Entry, Ledger, Player, describe, fit_offer, fit_order, natural_plan, recipe_cost
from .forecast import OfferForecast, OrderForecast


class StockKeeper(Player):
    name = "keeper"
    summary = ("stock keeper: values raw stock above its price, buys steadily and sells only "
               "part of what it makes, holding the rest for later months")
    PARAMETERS = ("markup", "premium", "volume", "hold", "undercut")

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
        forecast = OrderForecast(view, Ledger(view))
        raw = [view.prices[k] for k in RAW]
        expect = [raw[i] + forecast.mean[i] - 10 for i in range(3)]
        margins = [view.prices[g] - recipe_cost(recipes, g, expect) for g in GOODS]
        recipe = recipes[GOODS[max(range(3), key=lambda i: margins[i])]]
        total = int(rules.order_limit * self.volume)
        stock = view.own_stock
        # aim at a stock in the recipe's proportions after the purchase
        goal = [(sum(stock) + total) * r / 3.0 - stock[i] for i, r in enumerate(recipe)]
        weights = [max(0.0, g) for g in goal]
        spread = sum(weights) or 1.0
        units = [int(total * w / spread) for w in weights]
        units[max(range(3), key=lambda i: weights[i])] += total - sum(units)
        order = {}
        for i, key in enumerate(RAW):
            if units[i] <= 0:
                continue
            price = expect[i] + units[i]
            bid = min(int(price + self.premium * forecast.sd[i] / 2 + 1), int(price * self.markup))
            order[key] = (units[i], max(bid, market.min_bid(raw[i], units[i])))
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
        others = OfferForecast(view, Ledger(view))
        offer = {}
        for i, good in enumerate(GOODS):
            n = int(round(plan[i] * (1 - hold)))
            if n <= 0:
                continue
            price = view.prices[good]
            expect = market.new_price(price, market.goods_move(int(round(others.mean[i])) + n))
            ask = max(int(expect - self.undercut - others.sd[i]), int(worth[i]) + 1)
            if ask <= market.highest_useful_ask(price, n):
                offer[good] = (n, ask)
        entry = fit_offer(view, offer)
        return entry, describe(entry, "asks") or "keeps all its stock for later"


def make(seed: Optional[int] = None) -> StockKeeper:
    return StockKeeper(seed)
