"""The sample-average-approximation bidder: many joint scenarios, one whole entry for them all.

Knows the rules and the public history only (RULES §4.3: every seat's past
orders and offers, cash and stock); imports the gauntlet's ``base`` and the
engine's pure modules (``ed.market``, ``ed.production``, ``ed.rules``,
``ed.view``), nothing of the levels.  ``SAA`` here decides; its parts:

- ``models``: a model of each other seat, learned from its revealed orders
  and offers;
- ``scenarios``: joint draws of the others' entries from those models;
- ``valuation``: what a good's sale, a stock and ready cash are worth;
- ``search``: the whole order and the whole offer with the best average over
  the scenarios.

Every draw comes from the generator ``decide`` seeds, so the same seed and
view give the same entry.
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

from ....rules import GOODS, NAMES, RAW
from ....view import PlayerView
from ..base import Entry, Ledger, Player, describe, margin_per_unit
from .scenarios import Scenarios
from .search import OrderSearch, Rival, best_offer
from .valuation import Liquidity, SaleTable, StockValue


#: Joint draws of the others' orders a purchasing decision averages over.
PURCHASE_SCENARIOS = 32
#: Joint draws of the others' offers a selling decision averages over.
SALE_SCENARIOS = 64


class SAA(Player):
    """The sample-average-approximation bidder (see the module docstring)."""

    name = "saa"
    summary = ("sample-average-approximation bidder: draws the others' entries from models of "
               "their revealed play and picks the whole entry with the best average outcome")
    PARAMETERS = ("markup", "share", "endgame", "drift", "follow", "decay", "screen", "thrift",
                  "rivalry")

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        #: a unit kept is worth its expected price next month times this
        self.markup = self.jitter(1.0, 0.03)
        #: plus this share of the best margin per raw unit it can still earn
        self.share = self.jitter(0.4, 0.05)
        #: the share is multiplied by this in the month before the last
        self.endgame = self.jitter(0.6, 0.1)
        #: share of the table's recent excess demand expected to move prices next month
        self.drift = self.jitter(0.25, 0.1)
        #: how far a kept unit's worth follows a scenario's new raw price
        self.follow = self.jitter(0.5, 0.1)
        #: weight of a month in the opponent models per month of age
        self.decay = self.jitter(0.6, 0.05)
        #: quantile of the scenarios' prices a unit count is screened at
        self.screen = self.jitter(0.7, 0.05)
        #: what a dollar of cash up to next month's purchases is worth beyond itself
        self.thrift = self.jitter(0.15, 0.03)
        #: how much the others' gain counts against its own (shared among them)
        self.rivalry = self.jitter(0.4, 0.1)

    # ----------------------------------------------------------- worth

    def carry(self, view: PlayerView, ledger: Ledger, raw: Sequence[float],
              goods: Sequence[float], months_after: int) -> List[float]:
        """What a raw unit left after this month's sale is worth.

        After the last month: ``raw``, the final raw prices (RULES §5).
        Before: the price expected next month (``raw`` moved by part of the
        table's recent excess demand) times ``markup``, plus ``share`` of
        the best margin per raw unit of a good it can go into at ``goods``.
        """
        if months_after <= 0:
            return [max(1.0, r) for r in raw]
        totals = ledger.raw_totals[-3:]
        drift = [0.0, 0.0, 0.0]
        if totals:
            drift = [self.drift * (sum(t[g] for t in totals) / len(totals) - 10) for g in range(3)]
        ahead = [max(1.0, raw[g] + drift[g]) for g in range(3)]
        best = margin_per_unit(view.rules.recipes, ahead, goods)
        share = self.share * (self.endgame if months_after == 1 else 1.0)
        return [max(1.0, ahead[g] * self.markup + share * best[g]) for g in range(3)]

    def _tables(self, view: PlayerView, offers: Sequence[Sequence[int]], carry: Sequence[float],
                most: int) -> List[SaleTable]:
        recipes = view.rules.recipes
        tables = []
        for i, good in enumerate(GOODS):
            r = recipes[good]
            worth = r[0] * carry[0] + r[1] * carry[1] + r[2] * carry[2]
            tables.append(SaleTable(view.prices[good], offers[i], most, worth,
                                    view.rules.partial_sales))
        return tables

    # ----------------------------------------------------------- purchasing

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        ledger = Ledger(view)
        rules = view.rules
        own = ledger.orders[view.seat][-1][0] if ledger.months_bought else (0, 0, 0)
        scen = Scenarios(view, ledger, rng, PURCHASE_SCENARIOS, self.decay, own)
        prev = [view.prices[k] for k in RAW]
        n = len(scen.orders[0])
        ref = [max(1.0, prev[g] + sum(scen.orders[g]) / n + own[g] - 10) for g in range(3)]
        goods = [max(1.0, view.prices[good] + 11 - 2 * (sum(scen.offers[i]) / n + 1))
                 for i, good in enumerate(GOODS)]
        months_after = view.months_left - 1
        carry = self.carry(view, ledger, ref, goods, months_after)
        follow = 1.0 if months_after <= 0 else self.follow
        most = min(12, (sum(view.own_stock) + rules.order_limit) // 3 + 1)
        tables = self._tables(view, scen.offers, carry, most)
        value = StockValue(rules.recipes, tables, carry, most)
        liquid = Liquidity(view, self.thrift, ref, months_after)
        margins = margin_per_unit(rules.recipes, ref, goods)
        rival = Rival(self.rivalry / (view.players - 1),
                       [ref[g] + margins[g] for g in range(3)],
                       [sum(view.stock[j][g] for j in range(view.players) if j != view.seat)
                        for g in range(3)])
        search = OrderSearch(view, scen, value, ref, follow, self.screen, liquid, rival)
        entry = search.run()
        hats = ", ".join(f"{NAMES[k]} ${int(round(ref[g]))}" for g, k in enumerate(RAW))
        if not entry:
            return entry, f"expects {hats} over {n} scenarios; nothing is worth its price"
        return entry, f"expects {hats} over {n} scenarios; {describe(entry, 'bids')}"

    # ----------------------------------------------------------- selling

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        stock = view.own_stock
        if sum(stock) < 3:
            return {}, "has nothing to sell"
        ledger = Ledger(view)
        rules = view.rules
        scen = Scenarios(view, ledger, rng, SALE_SCENARIOS, self.decay)
        n = len(scen.offers[0])
        raw = [float(view.prices[k]) for k in RAW]
        goods = [max(1.0, view.prices[good] + 11 - 2 * (sum(scen.offers[i]) / n + 1))
                 for i, good in enumerate(GOODS)]
        carry = self.carry(view, ledger, raw, goods, view.months_left - 1)
        most = min(12, sum(stock) // 3)
        tables = self._tables(view, scen.offers, carry, most)
        value = StockValue(rules.recipes, tables, carry, most)
        liquid = Liquidity(view, self.thrift, raw, view.months_left - 1)
        worth = [sum(r * c for r, c in zip(rules.recipes[g], carry)) for g in GOODS]
        rival = Rival(self.rivalry / (view.players - 1), worth, (0, 0, 0))
        plan, asks = best_offer(view, scen, value, tables, carry, liquid, rival)
        entry: Entry = {good: (plan[i], asks[i]) for i, good in enumerate(GOODS) if plan[i]}
        if not entry:
            return entry, "keeps its stock: no sale beats the worth of its materials"
        return entry, f"over {n} scenarios {describe(entry, 'asks')}"


def make(seed: Optional[int] = None) -> SAA:
    """The ``saa`` strategy."""
    return SAA(seed)
