"""The flooder: over-supplies one good to crash its price.

Knows the rules and the revealed history; imports the gauntlet's ``base``
and ``forecast`` and the engine's pure modules, nothing of the levels.

It picks the good with the highest price, where the others' margins are
(each seed leans a little towards one good, so copies do not always pick
the same), buys raw for as many recipes of it as its limit and cash allow,
bidding a generous premium over the price it expects so that it is rarely
left out, and offers everything it can make of it at an ask well under the
price it expects after its own flood (every unit offered lowers the price
by $2).  Anything else its stock makes it offers at the market price.
"""
from __future__ import annotations

import random
from typing import Optional, Tuple

from ... import market
from ...production import max_makeable, places
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import (Entry, Ledger, Player, describe, fit_offer, fit_order, natural_plan,
                   others_last, purchase_for)
from .forecast import OrderForecast


class Flooder(Player):
    name = "flooder"
    summary = "flooder: over-supplies the dearest good, asking low, to crash its price"
    PARAMETERS = ("lean", "premium", "undercut")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.lean = [self.jitter(0.0, 15.0) for _ in GOODS]
        self.premium = self.jitter(5.0, 1.5)
        self.undercut = self.jitter(8.0, 3.0)

    def _target(self, view: PlayerView) -> int:
        return max(range(3), key=lambda i: view.prices[GOODS[i]] + self.lean[i])

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        rules = view.rules
        recipes = rules.recipes
        target = self._target(view)
        raw = [view.prices[k] for k in RAW]
        others = OrderForecast(view, Ledger(view)).mean
        for count in range(rules.order_limit, 0, -1):
            plan = [0, 0, 0]
            plan[target] = count + max_makeable(recipes, view.own_stock, GOODS[target])
            need = purchase_for(places(recipes, plan), view.own_stock)
            if sum(need) > rules.order_limit or max(need) > rules.grade_limit:
                continue
            order = {}
            for i, key in enumerate(RAW):
                if need[i]:
                    expect = raw[i] + others[i] + need[i] - 10
                    order[key] = (need[i], max(market.min_bid(raw[i], need[i]),
                                               int(expect + self.premium)))
            if sum(u * p for u, p in order.values()) <= view.own_cash:
                entry = fit_order(view, order)
                return entry, f"{describe(entry, 'bids')} to flood {GOODS[target]}"
        return {}, f"cannot afford a recipe of {GOODS[target]}"

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        recipes = view.rules.recipes
        stock = view.own_stock
        target = self._target(view)
        n = max_makeable(recipes, stock, GOODS[target])
        others = others_last(view, "selling")
        offer = {}
        good = GOODS[target]
        if n:
            price = view.prices[good]
            expect = market.new_price(price, market.goods_move(int(others[target]) + n))
            offer[good] = (n, max(1, int(expect - self.undercut)))
        planned = [0, 0, 0]
        planned[target] = n
        rest = natural_plan(recipes, stock, [view.prices[g] for g in GOODS])
        for i, other in enumerate(GOODS):
            if i == target:
                continue
            m = min(rest[i], max_makeable(recipes, stock, GOODS[i], planned))
            if m:
                planned[i] = m
                price = view.prices[other]
                offer[other] = (m, min(price, market.highest_useful_ask(price, m)))
        entry = fit_offer(view, offer)
        return entry, describe(entry, "floods with") or "has nothing to sell"


def make(seed: Optional[int] = None) -> Flooder:
    return Flooder(seed)
