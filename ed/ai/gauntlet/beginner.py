"""The careful beginner: plays as a newcomer does with the window's hints, and no forecast.

Knows the rules, the prices on the Price Level Board and its own cash and
stock; it is the fixed-margin trader (``margin``) with a beginner's bids and
asks, and imports that and the engine's pure modules, nothing of the levels.
It orders nothing when no good shows a margin.  It stands in for a person in a first game, to check that the
``easy`` level is a fair first opponent (``easy`` should lose to it).

Purchasing: the good with the best margin at the board's prices, as many
recipes of it as the monthly limit and the cash allow (its stock counts);
each grade bid a few dollars (2 to 4, fixed per seed) over the board's price,
and never under the minimum bid the sheet shows.  Selling: everything its
stock makes, dearest good first, each asked a couple of dollars under the
smaller of the board's price and the highest useful ask the sheet shows.
"""
from __future__ import annotations

from typing import Optional

from ... import market
from .margin import MarginTrader


class Beginner(MarginTrader):
    name = "beginner"
    summary = ("careful beginner: bids a few dollars over the board's prices for recipes of the "
               "best-margin good and asks a little under them; no forecast")
    PARAMETERS = ("over", "under")
    needs_margin = True

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.over = int(round(self.jitter(3.0, 1.0)))
        self.under = int(round(self.jitter(2.0, 1.0)))

    def bid(self, price: int, units: int) -> int:
        """A few dollars over the board's price, never under the minimum bid the sheet shows."""
        return max(market.min_bid(price, units), price + self.over)


def make(seed: Optional[int] = None) -> Beginner:
    return Beginner(seed)
