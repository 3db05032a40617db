"""Prices of one decision: what each quantity would fetch or cost, given a forecast.

What it knows: the view, the level's ``Style``, the personality's
``Temper`` and the ``Outlook`` of the others.  Its own units move the
market (+$1 a raw unit, -$2 a good offered), so the market price for ``u``
own units is the forecast shifted by ``u``.  Imports the engine's pure
modules, ``characters``, ``models``, ``style`` and ``worth``.
"""
from __future__ import annotations

import bisect
import itertools
import random
from typing import Dict, List, Tuple

from ..market import units_bought, units_sold
from ..rules import GOODS, GRADE_INDEXES, MAX_PRICE, Phase, RAW
from ..view import PlayerView
from .characters import Temper
from .models import Outlook
from .style import Style
from .worth import stock_values


class Pricer:
    """The numbers one decision is made from: prices, values of stock and the forecasts."""

    def __init__(self, view: PlayerView, style: Style, temper: Temper, rng: random.Random,
                 outlook: Outlook) -> None:
        self.view = view
        self.style = style
        self.temper = temper
        self.rng = rng
        self.outlook = outlook
        rules = view.rules
        self.rules = rules
        self.recipes = rules.recipes
        self.buying = view.phase == Phase.PURCHASING
        prices = view.prices
        self.raw_prev = [prices[k] for k in RAW]
        self.goods_prev = [prices[k] for k in GOODS]
        self.last = view.is_last_month
        self.values = self._stock_values()
        self.material = []
        for good in GOODS:
            r = self.recipes[good]
            self.material.append(r[0] * self.values[0] + r[1] * self.values[1]
                                 + r[2] * self.values[2])
        self._sales: Dict[Tuple[int, int], Tuple[float, int, float, int]] = {}
        self._bids: Dict[Tuple[int, int], List[Tuple[int, float, float]]] = {}

    def _stock_values(self) -> List[float]:
        """What a raw unit left in stock after this month is worth to this player.

        In the last month it fetches the final raw price (RULES §5): known
        when selling, forecast when buying.  Before that it saves buying one
        next month and is a claim on a future margin (``worth``): the level
        counts a share ``keep`` of that margin, and ``carry`` of the whole.
        """
        if self.last and self.style.endgame:
            if not self.buying:
                return [float(p) for p in self.raw_prev]
            values = []
            for g in GRADE_INDEXES:
                values.append(sum(p * max(1, self.raw_prev[g] + t - 10)
                                  for t, p in self.outlook.raw[g]))
            return values
        style = self.style
        prices = [self.view.prices[k] for k in RAW + GOODS]
        if style.keep:
            recipes = [self.recipes[g] for g in GOODS]
            worth = stock_values(prices, recipes, self.view.months_left - 1,
                                 shift=self.temper.keep)
            kept = [prices[g] + style.keep * (worth[g] - prices[g]) for g in GRADE_INDEXES]
        else:
            kept = [float(p) for p in prices[0:3]]
        return [style.carry * v for v in kept]

    def raw_market(self, g: int, units: int) -> List[Tuple[int, float]]:
        prev = self.raw_prev[g]
        return [(max(1, prev + units + t - 10), p) for t, p in self.outlook.raw[g]]

    def goods_market(self, h: int, units: int) -> List[Tuple[int, float]]:
        prev = self.goods_prev[h]
        return [(max(1, prev + 11 - 2 * (units + t)), p) for t, p in self.outlook.goods[h]]

    def expected(self, market: List[Tuple[int, float]]) -> int:
        return int(sum(m * p for m, p in market) + 0.5)

    def bids(self, g: int, units: int) -> List[Tuple[int, float, float]]:
        """Candidate bids for ``units`` of grade ``g``: ``(bid, expected units got, fill share)``.

        The first candidate is the level's default bid.
        """
        key = (g, units)
        found = self._bids.get(key)
        if found is not None:
            return found
        market = self.raw_market(g, units)
        floor = max(1, self.raw_prev[g] + units - 10)
        partial = self.rules.partial_fills
        style, temper = self.style, self.temper

        ordered = sorted(market)
        if partial:
            def outcome(bid: int) -> Tuple[int, float, float]:
                got = sum(p * units_bought(units, bid, m, True) for m, p in market)
                return (bid, got, got / units)
        else:
            levels = [m for m, _ in ordered]
            below = list(itertools.accumulate(p for _, p in ordered))

            def outcome(bid: int) -> Tuple[int, float, float]:
                i = bisect.bisect_right(levels, bid)  # RULES §4.1.4: bought when bid >= market
                share = below[i - 1] if i else 0.0
                return (bid, units * share, share)

        if style.optimise:
            # Under Variation II a bid a little short still buys most of the units.
            target = style.fill + temper.fill - (0.1 if partial else 0.0)
            target = min(0.97, max(0.3, target))
            cumulative = 0.0
            default = ordered[-1][0]
            for m, p in ordered:
                cumulative += p
                if cumulative >= target - 1e-9:
                    default = m
                    break
            candidates = sorted({max(floor, m) for m, _ in ordered} | {default})
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            default = min(MAX_PRICE, max(floor, default + temper.bid_shift + jitter))
        else:
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            default = self.expected(market) + style.bid_margin + temper.bid_shift + jitter
            default = min(MAX_PRICE, max(floor, default))
            candidates = []
        result = [outcome(default)] + [outcome(b) for b in candidates if b != default]
        self._bids[key] = result
        return result

    def sale(self, h: int, units: int) -> Tuple[float, int, float, int]:
        """The best way to offer ``units`` of good ``h``: (value, ask, expected sold, expected price).

        The value is the expected money for the units sold less the worth
        of the materials they use, plus the personality's liking for them.
        """
        key = (h, units)
        found = self._sales.get(key)
        if found is not None:
            return found
        if units == 0:
            result = (0.0, 0, 0.0, self.expected(self.goods_market(h, 0)))
            self._sales[key] = result
            return result
        market = self.goods_market(h, units)
        temper, style = self.temper, self.style
        cost = self.material[h] - temper.bulk
        if temper.favourite == GOODS[h]:
            cost -= temper.favour
        partial = self.rules.partial_sales
        expected_price = self.expected(market)

        def value(ask: int) -> Tuple[float, float]:
            sold = 0.0
            for m, p in market:
                sold += p * units_sold(units, ask, m, partial)
            return sold * (ask - cost), sold

        if style.optimise:
            candidates = {m for m, _ in market}
            if partial:
                candidates |= {m + 1 for m, _ in market} | {m + 2 for m, _ in market}
            best = None
            for ask in sorted(candidates):
                v, _ = value(ask)
                if best is None or v > best[0]:
                    best = (v, ask)
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            ask = best[1] + temper.ask_shift + jitter  # type: ignore[index]
        else:
            jitter = self.rng.randint(-style.noise, style.noise) if style.noise else 0
            ask = expected_price - style.ask_margin + temper.ask_shift + jitter
        ask = min(MAX_PRICE, max(1, ask))
        v, sold = value(ask)
        result = (v, ask, sold, expected_price)
        self._sales[key] = result
        return result
