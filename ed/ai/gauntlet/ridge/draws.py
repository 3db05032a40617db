"""Joint scenarios of every other seat's entry this month, drawn from the seat models.

Knows the public view and the models of ``fit``; imports those, the
engine's ``market`` and the gauntlet's ``base``.  In a scenario one past
month is drawn for the whole table, and every seat's model adds its own
error of that month, so the swings the seats shared stay together.  While
buying, each other seat's fills follow from its drawn units and bids at the
scenario's prices, and its offer in the selling phase after is drawn from
the stock it would then hold.  Only units move a price (RULES §3), so each
scenario's prices follow exactly from its units.
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

from .... import market
from ....rules import GOODS, RAW
from ....view import PlayerView
from ..base import Ledger
from .fit import OfferModel, OrderModel

#: (seat, units, bid or ask) of one other seat's entry for one commodity
Line = Tuple[int, int, int]


def _pick(rng: random.Random, months: Sequence[int], decay: float) -> Optional[int]:
    """A past month for the whole table, the recent ones likelier."""
    if not months:
        return None
    weights = [decay ** (months[-1] - m) for m in months]
    x = rng.random() * sum(weights)
    for m, w in zip(months, weights):
        x -= w
        if x < 0:
            return m
    return months[-1]


class Scenarios:
    """``n`` joint draws of the other seats' entries (see the module docstring).

    ``raw[g][s]`` is the others' total order of grade ``g`` in draw ``s``
    (purchasing only) and ``raw_lines[g][s]`` their orders of it;
    ``goods[i][s]`` and ``goods_lines[i][s]`` the same for their offers of
    good ``i`` (while buying: in the selling phase that follows).
    ``own_units`` are the units this seat is taken to order when the
    others' fills are worked out (its last order).
    """

    def __init__(self, view: PlayerView, ledger: Ledger, rng: random.Random, n: int, *,
                 window: int, strength: float, forget: float, noise: float = 0.0,
                 widen: float = 1.0, own_units: Sequence[int] = (0, 0, 0)) -> None:
        self.n = n
        self.others = [j for j in range(view.players) if j != view.seat]
        self.offer_models = {j: OfferModel(view, ledger, j, window, forget) for j in self.others}
        self.raw: List[List[int]] = [[], [], []]
        self.raw_lines: List[List[List[Line]]] = [[], [], []]
        self.goods: List[List[int]] = [[], [], []]
        self.goods_lines: List[List[List[Line]]] = [[], [], []]
        sold_months = sorted(set(m for model in self.offer_models.values() for m in model.misses))
        if view.phase == "purchasing":
            self.order_models = {j: OrderModel(view, ledger, j, window, strength, forget, noise,
                                                    widen)
                                 for j in self.others}
            self._buying(view, rng, own_units, sold_months)
        else:
            self.order_models = {}
            self._selling(view, rng, sold_months)

    def _buying(self, view: PlayerView, rng: random.Random, own: Sequence[int],
                sold_months: List[int]) -> None:
        prev = [view.prices[k] for k in RAW]
        months = sorted(set(m for model in self.order_models.values() for m in model.errors))
        drawn = []
        for _ in range(self.n):
            month = _pick(rng, months, 0.8)
            drawn.append({j: self.order_models[j].sample(rng, month) for j in self.others})
        # the others bid against the price they expect: the mean of the draws' prices
        expected = [prev[g] + own[g] - 10 + sum(sum(d[j][g] for j in self.others)
                                                for d in drawn) / self.n for g in range(3)]
        bids = {j: [self.order_models[j].bid(g, expected[g]) for g in range(3)]
                for j in self.others}
        partial, loans = view.rules.partial_fills, view.rules.loans
        goods_prev = [view.prices[g] for g in GOODS]
        offers_drawn = []
        for draw in drawn:
            totals = [sum(draw[j][g] for j in self.others) for g in range(3)]
            new = [max(1, prev[g] + totals[g] + own[g] - 10) for g in range(3)]
            for g in range(3):
                self.raw[g].append(totals[g])
                self.raw_lines[g].append([(j, draw[j][g], bids[j][g]) for j in self.others
                                          if draw[j][g]])
            month = _pick(rng, sold_months, 0.8)
            offers = {}
            for j in self.others:
                got = [market.units_bought(draw[j][g], bids[j][g], new[g], partial)
                       if draw[j][g] else 0 for g in range(3)]
                stock = view.stock[j]
                if loans or sum(got[g] * bids[j][g] for g in range(3)) <= view.cash[j]:
                    stock = (stock[0] + got[0], stock[1] + got[1], stock[2] + got[2])
                offers[j] = self.offer_models[j].sample(rng, stock, month)
            offers_drawn.append(offers)
        self._offers(goods_prev, offers_drawn)

    def _selling(self, view: PlayerView, rng: random.Random, sold_months: List[int]) -> None:
        goods_prev = [view.prices[g] for g in GOODS]
        offers_drawn = []
        for _ in range(self.n):
            month = _pick(rng, sold_months, 0.8)
            offers_drawn.append({j: self.offer_models[j].sample(rng, view.stock[j], month)
                                 for j in self.others})
        self._offers(goods_prev, offers_drawn)

    def _offers(self, prev: Sequence[int], offers_drawn) -> None:
        """The others' offers of every draw, each ask against the price they expect."""
        expected = [prev[i] + 11 - 2 * sum(sum(d[j][i] for j in self.others)
                                           for d in offers_drawn) / self.n for i in range(3)]
        asks = {j: [self.offer_models[j].ask(i, expected[i]) for i in range(3)]
                for j in self.others}
        for draw in offers_drawn:
            for i in range(3):
                self.goods[i].append(sum(draw[j][i] for j in self.others))
                self.goods_lines[i].append([(j, draw[j][i], asks[j][i]) for j in self.others
                                            if draw[j][i]])
