"""The hoarder: buys raw materials on dips, sells little, counts on the final raw price.

Knows the rules and the revealed history; imports the gauntlet's ``base``
and ``forecast`` and the engine's pure modules, nothing of the levels.

Purchasing: a grade is on a dip when its price is under its average so far
(by a margin fixed per seed); it buys dipped grades heavily (the deeper the
dip, the more), other grades lightly, bidding the price it expects plus a
few dollars, and keeps a share of its cash.  In the last month it orders
the rest of its limit at the minimum bid in the grade it holds most of:
every unit ordered counts towards the final raw price its stock is sold at
(RULES §4.1.3 and §5).  Selling: a small share of what its stock makes, at
a high ask, unless cash runs low; in the last month it sells only goods
that fetch more than their materials will at the final raw price.
"""
from __future__ import annotations

import random
from typing import List, Optional, Tuple

from ... import market
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import (Entry, Ledger, Player, describe, fit_offer, fit_order, natural_plan, others_last,
                   recipe_cost)
from .forecast import OrderForecast


class Hoarder(Player):
    name = "hoarder"
    summary = ("hoarder: buys raw materials on dips, sells little, and counts on the final raw "
               "price (which it pushes up in the last month)")
    PARAMETERS = ("dip", "premium", "keep_cash", "sell_share", "ask_over")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.dip = self.jitter(0.97, 0.03)
        self.premium = self.jitter(3.0, 1.0)
        self.keep_cash = self.jitter(0.3, 0.08)
        self.sell_share = self.jitter(0.3, 0.1)
        self.ask_over = self.jitter(3.0, 2.0)

    def _averages(self, view: PlayerView) -> List[float]:
        rows = [row for row in view.price_history() if "xfine" in row]
        return [sum(row[k] for row in rows) / len(rows) for k in RAW]

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        rules = view.rules
        raw = [view.prices[k] for k in RAW]
        stock = view.own_stock
        if view.months_left <= 1:
            return self._pump(view, stock)
        averages = self._averages(view)
        depth = [max(0.0, 1.0 - raw[i] / (averages[i] * self.dip)) for i in range(3)]
        weights = [0.15 + 6.0 * d for d in depth]
        total = sum(weights)
        limit = rules.order_limit
        units = [min(rules.grade_limit, int(limit * w / total + 0.5)) for w in weights]
        others = OrderForecast(view, Ledger(view)).mean
        order = {}
        for i, key in enumerate(RAW):
            if units[i]:
                expect = raw[i] + others[i] + units[i] - 10
                order[key] = (units[i], int(expect + self.premium))
        budget = int(view.own_cash * (1 - self.keep_cash))
        entry = fit_order(view, order, budget=budget)
        return entry, describe(entry, "bids") or "waits for a dip"

    def _pump(self, view: PlayerView, stock) -> Tuple[Entry, str]:
        """Units at the minimum bid in the grade it holds most of: they raise the final price."""
        rules = view.rules
        grade = max(range(3), key=lambda i: stock[i])
        if stock[grade] == 0:
            return {}, "has no stock to raise the price of"
        key = RAW[grade]
        units = min(rules.order_limit, rules.grade_limit)
        while units > 0 and units * market.min_bid(view.prices[key], units) > view.own_cash:
            units -= 1
        if units <= 0:
            return {}, "cannot afford to order in the last month"
        entry = fit_order(view, {key: (units, market.min_bid(view.prices[key], units))})
        return entry, f"{describe(entry, 'bids')} to raise the final price of its stock"

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        recipes = view.rules.recipes
        stock = view.own_stock
        raw = [view.prices[k] for k in RAW]
        worth = [recipe_cost(recipes, g, raw) for g in GOODS]
        values = [view.prices[g] - worth[i] for i, g in enumerate(GOODS)]
        plan = natural_plan(recipes, stock, values)
        last = view.months_left <= 1
        short = view.own_cash < 0.25 * view.rules.starting_cash
        share = 1.0 if last else (0.8 if short else self.sell_share)
        others = others_last(view, "selling")
        offer = {}
        for i, good in enumerate(GOODS):
            n = int(plan[i] * share + 0.5)
            if n <= 0:
                continue
            price = view.prices[good]
            expect = market.new_price(price, market.goods_move(int(others[i]) + n))
            ask = int(expect + (0 if last or short else self.ask_over))
            if ask > worth[i] * (1.0 if last else 1.15):
                offer[good] = (n, ask)
        entry = fit_offer(view, offer)
        return entry, describe(entry, "asks") or "holds its stock"


def make(seed: Optional[int] = None) -> Hoarder:
    return Hoarder(seed)
