"""The adaptive bidder: the ridge machinery, scoring its own gain less the leader's.

Knows the rules and the public record only (every seat's cash, stock,
loans and revealed entries); imports the gauntlet's ``ridge`` package and
``base`` and the engine's pure modules, nothing of the levels.

It learns each other seat as the game goes (the ridge bidder's models,
fitted on a short memory with the newest months weighing most), finds the
leader (the richest other seat by cash and stock at the board's prices,
less what it owes) and counts ``rivalry`` times the leader's expected gain
against its own:

- buying: what the leader's fills bring it (each unit's worth to a maker,
  its price plus half the best margin it goes into, less the bid), so
  units that push the price past the leader's usual bid are worth something
  even when they do not fill (units that fail still count towards the
  price, RULES §4.1.3), and in the last month the leader's stock moving
  with the final prices;
- selling: what the leader's sales bring it over keeping the goods, so
  offering a good the others are about to sell (at an ask that may not
  sell: the units still move the price, RULES §4.2.4) is worth something.

``FAMILY`` names six settings, played as ``g:adapt.1`` to ``g:adapt.6``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional

from ... import market
from ...rules import GOODS, RAW
from ...view import PlayerView
from .base import Ledger, margin_per_unit
from . import ridge
from .ridge import Against, Knobs, Ridge
from .ridge.draws import Scenarios

#: the adaptive player's own setting: the newest months weigh more, the leader's gain
#: counted twice
DEFAULT = replace(ridge.DEFAULT, forget=0.7, rivalry=2.0)

#: The family: six settings of memory, caution, worth and rivalry, in pairs as the ridge
#: bidder's (one of each pair in the tuning half).
FAMILY: Dict[int, Knobs] = {
    1: replace(DEFAULT, window=4, forget=0.65, risk=0.0, scenarios=32, rivalry=2.5, step=2.0,
               keep=0.96, borrow=400, shade=3, stretch=3),
    2: replace(DEFAULT, window=5, forget=0.7, risk=0.01, scenarios=36, rivalry=2.2, step=2.2,
               keep=0.955, borrow=300, shade=2, stretch=3),
    3: replace(DEFAULT, window=8, forget=0.8, risk=0.08, scenarios=40, rivalry=1.5,
               follow=0.6, keep=0.93, step=3.5, borrow=100, shade=1, stretch=1),
    4: replace(DEFAULT, window=12, forget=0.85, risk=0.1, scenarios=36, rivalry=1.2,
               follow=0.6, keep=0.92, step=4.0, borrow=0, shade=1, stretch=2),
    5: replace(DEFAULT, window=3, forget=0.6, strength=3.0, scenarios=40, rivalry=3.0,
               follow=1.0, keep=0.97, step=1.5, raw_keep=0.97, thrift=0.02, borrow=800,
               shade=4, stretch=4),
    6: replace(DEFAULT, window=6, forget=0.7, risk=0.04, scenarios=32, rivalry=1.8,
               follow=0.9, keep=0.96, step=2.0, raw_keep=0.9, thrift=0.1, borrow=200,
               shade=0, stretch=0),
}


def leader(view: PlayerView) -> int:
    """The richest other seat: cash plus raw stock at the board's prices, less 1.25 times
    what it has borrowed (RULES §6)."""
    prices = [view.prices[k] for k in RAW]

    def wealth(seat: int) -> float:
        stock = view.stock[seat]
        return (view.cash[seat] + sum(s * p for s, p in zip(stock, prices)) * 1.2
                - 1.25 * view.borrowed[seat])

    return max((j for j in range(view.players) if j != view.seat), key=lambda j: (wealth(j), -j))


class Adaptive(Ridge):
    """The adaptive bidder (see the module docstring)."""

    name = "adapt"
    summary = ("adaptive bidder: learns each seat as the game goes and picks the whole entry "
               "best for its own gain less the leader's, spoiling the leader's bids and sales")

    def __init__(self, seed: Optional[int] = None, knobs: Optional[Knobs] = None,
                 name: Optional[str] = None) -> None:
        super().__init__(seed, knobs if knobs is not None else DEFAULT, name)

    def against_orders(self, view: PlayerView, ledger: Ledger, scen: Scenarios,
                       ref: List[float]) -> Optional[Against]:
        if not self.rivalry or view.players < 2:
            return None
        top = leader(view)
        goods = [view.prices[g] for g in GOODS]
        margins = margin_per_unit(view.rules.recipes, ref, goods)
        worth = [ref[g] + 0.5 * margins[g] for g in range(3)]
        partial = view.rules.partial_fills
        last = view.months_left <= 1
        held = view.stock[top]
        weight = self.rivalry
        lines = scen.raw_lines

        def against(g: int, units: int, prices: List[int]) -> float:
            total = 0.0
            for price, entries in zip(prices, lines[g]):
                for seat, want, bid in entries:
                    if seat == top:
                        got = market.units_bought(want, bid, price, partial)
                        total += got * (worth[g] - bid)
                        if last:
                            total += got * (price - ref[g])
                if last:
                    total += held[g] * (price - ref[g])
            return weight * total / len(prices)

        return against

    def against_offers(self, view: PlayerView, ledger: Ledger,
                       scen: Scenarios) -> Optional[Against]:
        if not self.rivalry or view.players < 2:
            return None
        top = leader(view)
        raw = [view.prices[k] for k in RAW]
        recipes = view.rules.recipes
        materials = [sum(r * p for r, p in zip(recipes[g], raw)) for g in GOODS]
        partial = view.rules.partial_sales
        keeps = view.months_left > 1
        weight = self.rivalry
        lines = scen.goods_lines

        def against(i: int, units: int, prices: List[int]) -> float:
            total = 0.0
            for price, entries in zip(prices, lines[i]):
                for seat, want, ask in entries:
                    if seat == top:
                        sold = market.units_sold(want, ask, price, partial)
                        # unsold, a good is kept: worth about half way from its materials
                        # to its price while months are left, its materials at the end
                        kept = (materials[i] + price) / 2.0 if keeps else materials[i]
                        total += sold * (ask - kept)
            return weight * total / len(prices)

        return against


def make(seed: Optional[int] = None) -> Adaptive:
    """The ``adapt`` strategy."""
    return Adaptive(seed)


def member(number: int) -> Callable[[Optional[int]], Adaptive]:
    """The factory of ``adapt.NUMBER`` of the family."""
    knobs = FAMILY[number]

    def factory(seed: Optional[int] = None) -> Adaptive:
        return Adaptive(seed, knobs, name=f"adapt.{number}")

    return factory
