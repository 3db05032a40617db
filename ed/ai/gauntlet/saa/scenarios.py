"""Joint draws of every other seat's entry (``Scenarios``), priced with the rules' own functions.

Knows the public view and the models of ``models``; imports those, the
engine's ``market`` and the gauntlet's ``base``.  ``PURCHASE_SCENARIOS``
joint draws of every other seat's order (and, looking ahead, of its fills
and then its offer from the stock it would have), or ``SALE_SCENARIOS`` draws
of every other seat's offer from the stock it holds.  Only units move a price
(RULES §3), so a scenario is priced exactly.
"""
from __future__ import annotations

import random
from typing import List, Sequence, Tuple

from .... import market
from ....rules import GOODS, RAW
from ....view import PlayerView
from ..base import Ledger
from .models import SeatOffers, SeatOrders, pick, recency


class Scenarios:
    """The others' totals in ``n`` joint draws: units ordered per grade, offered per good.

    ``orders[g][s]`` is the others' total order of grade ``g`` in draw ``s``
    (purchasing only); ``offers[i][s]`` their total offer of good ``i``.  At
    purchasing time each other seat's fills are worked out from its drawn
    bids and the draw's new prices (with ``own`` as this seat's units), and
    its offer is drawn from the stock it would then hold.
    """

    def __init__(self, view: PlayerView, ledger: Ledger, rng: random.Random, n: int,
                 decay: float, own: Sequence[int] = (0, 0, 0)) -> None:
        others = [j for j in range(view.players) if j != view.seat]
        offers = [SeatOffers(view, ledger, j, decay) for j in others]
        self.orders: List[List[int]] = [[], [], []]
        self.offers: List[List[int]] = [[], [], []]
        #: per grade or good, per draw: the others' (units, price) entries of it
        self.entries: List[List[List[Tuple[int, int]]]] = [[], [], []]
        if view.phase == "purchasing":
            models = [SeatOrders(view, ledger, j, decay) for j in others]
            self._purchasing(view, rng, n, others, models, offers, own, decay)
        else:
            cum = recency(ledger.months_sold, decay)
            prev = [view.prices[g] for g in GOODS]
            for _ in range(n):
                month = pick(rng, cum) if cum else 0
                total = [0, 0, 0]
                entries: List[List[Tuple[int, int]]] = [[], [], []]
                for j, model in zip(others, offers):
                    drawn = model.sample(rng, view.stock[j], month)
                    for i in range(3):
                        if drawn[i]:
                            total[i] += drawn[i]
                            entries[i].append((drawn[i], max(1, prev[i] + model.ask(i, month))))
                for i in range(3):
                    self.offers[i].append(total[i])
                    self.entries[i].append(entries[i])

    def _purchasing(self, view, rng, n, others, models, offers, own, decay) -> None:
        prev = [view.prices[k] for k in RAW]
        partial, loans = view.rules.partial_fills, view.rules.loans
        cum = recency(len(models[0].misses), decay) if models else []
        cum_sold = recency(len(offers[0].misses), decay) if offers else []
        for _ in range(n):
            month = pick(rng, cum) if cum else 0
            sold = pick(rng, cum_sold) if cum_sold else 0
            drawn = [model.sample(rng, month) for model in models]
            total = [sum(d[0][g] for d in drawn) for g in range(3)]
            new = [max(1, prev[g] + total[g] + own[g] - 10) for g in range(3)]
            goods = [0, 0, 0]
            for j, (units, offsets), model in zip(others, drawn, offers):
                got = [market.units_bought(units[g], prev[g] + offsets[g], new[g], partial)
                       if units[g] else 0 for g in range(3)]
                cost = sum(got[g] * (prev[g] + offsets[g]) for g in range(3))
                stock = view.stock[j]
                if loans or cost <= view.cash[j]:
                    stock = (stock[0] + got[0], stock[1] + got[1], stock[2] + got[2])
                drawn_offer = model.sample(rng, stock, sold)
                goods = [goods[i] + drawn_offer[i] for i in range(3)]
            for g in range(3):
                self.orders[g].append(total[g])
                self.offers[g].append(goods[g])
                self.entries[g].append([(d[0][g], prev[g] + d[1][g]) for d in drawn if d[0][g]])
