"""The copycat: does what the table did last month, scaled to its own means.

Knows the rules and the last month's revealed entries; imports the
gauntlet's ``base`` and the engine's pure modules, nothing of the levels.

Purchasing: the other seats' average order last month, grade by grade
(units, and the bid as an offset from that month's previous price),
applied to today's prices and scaled to its own limit and cash.  Selling:
as many goods as the others offered on average last month, of the goods
they chose as far as its own stock makes them, each ask the others' average
offset from the previous price.  With nothing to copy yet (month 1) it
orders a third of its limit of each grade at the minimum bid plus a little,
and offers all it makes at the market price.  Each seed scales and nudges
a little differently.
"""
from __future__ import annotations

import random
from typing import List, Optional, Tuple

from ... import market
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import Entry, Player, describe, fit_offer, fit_order, natural_plan


class Copycat(Player):
    name = "copycat"
    summary = ("copycat: does what the table did last month, scaled to its own cash, stock "
               "and limits")
    PARAMETERS = ("scale", "nudge")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.scale = self.jitter(1.0, 0.1)
        self.nudge = self.jitter(0.0, 1.5)

    def _last(self, view: PlayerView, phase: str) -> Optional[List[Tuple[float, float]]]:
        """The others' average (units, price offset) per commodity, last time in ``phase``."""
        for report in reversed(view.history):
            if report.phase != phase:
                continue
            old = report.record.old
            others = [rec.entry for seat, rec in enumerate(report.record.seats)
                      if seat != view.seat]
            rows = []
            for i in range(3):
                units = [entry[i][0] for entry in others]
                offsets = [entry[i][1] - old[i] for entry in others if entry[i][0] > 0]
                rows.append((sum(units) / len(others),
                             sum(offsets) / len(offsets) if offsets else 0.0))
            return rows
        return None

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        rules = view.rules
        last = self._last(view, "purchasing")
        if last is None:
            last = [(rules.order_limit / 3.0, -10 + rules.order_limit / 3.0 + 2)] * 3
        order = {}
        for i, key in enumerate(RAW):
            units = int(last[i][0] * self.scale + 0.5)
            if units > 0:
                price = view.prices[key]
                bid = max(market.min_bid(price, units), int(round(price + last[i][1] + self.nudge)))
                order[key] = (units, bid)
        entry = fit_order(view, order)
        return entry, describe(entry, "bids as the table did") or "copies an empty order"

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        recipes = view.rules.recipes
        stock = view.own_stock
        last = self._last(view, "selling")
        if last is None:
            last = [(99.0, 0.0)] * 3
        # the table's choice of goods, as far as its own stock makes them
        liking = [last[i][0] * 1000 + view.prices[g] for i, g in enumerate(GOODS)]
        plan = natural_plan(recipes, stock, liking)
        room = int(sum(u for u, _ in last) * self.scale + 0.5)
        for i in sorted(range(3), key=lambda i: liking[i]):
            cut = min(plan[i], max(0, sum(plan) - room))
            plan[i] -= cut
        offer = {}
        for i, good in enumerate(GOODS):
            if plan[i] > 0:
                offer[good] = (plan[i], int(round(view.prices[good] + last[i][1] + self.nudge)))
        entry = fit_offer(view, offer)
        return entry, describe(entry, "asks as the table did") or "has nothing to sell"


def make(seed: Optional[int] = None) -> Copycat:
    return Copycat(seed)
