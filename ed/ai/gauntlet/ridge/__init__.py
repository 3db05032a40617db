"""The ridge-regression scenario bidder: the others fitted month by month, one whole entry.

Knows the rules and the public record only (RULES §4.3: every seat's past
orders and offers, cash and stock, the set-up of the table); imports the
gauntlet's ``base`` and the engine's pure modules, nothing of the levels.
``Ridge`` here decides; its parts:

- ``fit``: each other seat's orders as a ridge regression on its own last
  two orders, the others' last totals and its stock, refitted each month;
  its offers as the share of what its stock makes that it usually offers,
  in its usual mix;
- ``draws``: joint scenarios of the others' entries, one past month's
  errors added to every seat at once;
- ``worth``: stock at next month's expected goods prices (the board's
  trend), less for each further bundle of one good;
- ``choose``: the whole order and the whole offer with the best average
  over the scenarios (less a share of their spread).

``Knobs`` holds what a player of this kind may vary: the months of history
it fits, the regression's pull towards its prior, the scenarios drawn, its
risk aversion, how it values stock, and how it answers the variations (the
most it borrows under loans, how far under the expected price it bids under
partial fills, how far over it asks under partial sales).  ``FAMILY`` names
six settings, played as ``g:ridge.1`` to ``g:ridge.6``.

Every draw comes from the generator ``decide`` seeds, so the same seed and
view give the same entry.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Callable, Dict, List, Optional, Tuple

from ....rules import GOODS, NAMES, RAW
from ....view import PlayerView
from ..base import Entry, Ledger, Player, describe
from .choose import Liquidity, OfferChoice, OrderChoice
from .draws import Scenarios
from .worth import Carry, SaleTable, StockWorth, trend

#: a function counting the others' gain against this seat's: (commodity index, own units,
#: the scenarios' prices) -> the average to subtract
Against = Callable[[int, int, List[int]], float]


@dataclass(frozen=True)
class Knobs:
    """What one player of this kind plays by (see the module docstring)."""

    #: months of each seat's history its models are fitted on
    window: int = 6
    #: the regression's pull towards "about as much as the last two months"
    strength: float = 5.0
    #: weight of a month in the fits per month of age (1: all alike)
    forget: float = 0.85
    #: joint scenarios a decision averages over
    scenarios: int = 36
    #: the fit's past errors are drawn this many times as wide
    widen: float = 1.0
    #: units of a normal error of its own added to each seat's drawn order of each grade
    noise: float = 0.5
    #: its score is the average less this many standard deviations over the scenarios
    risk: float = 0.03
    #: share of a good's recent moves it expects to continue next month
    follow: float = 0.8
    #: a bundle kept is worth this share of the good's price expected next month
    keep: float = 0.95
    #: dollars less for each further bundle of one good kept
    step: float = 2.5
    #: a raw unit no bundle uses is worth this share of its price (all of it at the end)
    raw_keep: float = 0.95
    #: what a dollar of cash, up to next month's purchases, is worth beyond itself
    thrift: float = 0.05
    #: Variation I: the most it will borrow in a month
    borrow: int = 300
    #: Variation II: dollars under the expected price it also tries to bid
    shade: int = 2
    #: Variation III: dollars over the price it also tries to ask
    stretch: int = 2
    #: how much the leader's gain counts against its own (the adaptive player)
    rivalry: float = 0.0


#: The kind's own setting, played as ``g:ridge``.
DEFAULT = Knobs()

#: The family: six settings, in three pairs of a kind (short memories and a bold purse;
#: long memories and caution; stock held dear), one of each pair in the tuning half.
FAMILY: Dict[int, Knobs] = {
    1: replace(DEFAULT, window=4, risk=0.0, scenarios=32, step=2.0, keep=0.96, borrow=400,
               shade=3, stretch=3),
    2: replace(DEFAULT, window=5, risk=0.01, scenarios=36, step=2.2, keep=0.955, borrow=300,
               shade=2, stretch=3),
    3: replace(DEFAULT, window=8, risk=0.08, scenarios=40, follow=0.6, keep=0.93, step=3.5,
               borrow=100, shade=1, stretch=1),
    4: replace(DEFAULT, window=12, risk=0.1, scenarios=36, follow=0.6, keep=0.92, step=4.0,
               borrow=0, shade=1, stretch=2),
    5: replace(DEFAULT, window=3, strength=3.0, scenarios=40, follow=1.0, keep=0.97,
               step=1.5, raw_keep=0.97, thrift=0.02, borrow=800, shade=4, stretch=4),
    6: replace(DEFAULT, window=6, risk=0.04, scenarios=32, follow=0.9, keep=0.96, step=2.0,
               raw_keep=0.9, thrift=0.1, borrow=200, shade=0, stretch=0),
}

#: the knobs each instance jitters from its seed, and by how much either way
JITTER = {"follow": 0.05, "keep": 0.01, "step": 0.3, "thrift": 0.02, "risk": 0.01}


class Ridge(Player):
    """The ridge-regression scenario bidder (see the module docstring)."""

    name = "ridge"
    summary = ("ridge-regression scenario bidder: fits each seat's orders to its last two, the "
               "table's totals and its stock, and picks the whole entry best on average")
    PARAMETERS = tuple(f.name for f in fields(Knobs))

    def __init__(self, seed: Optional[int] = None, knobs: Optional[Knobs] = None,
                 name: Optional[str] = None) -> None:
        if name is not None:
            self.name = name
        super().__init__(seed)
        base = knobs if knobs is not None else DEFAULT
        changes = {}
        for key in sorted(JITTER):
            value = getattr(base, key)
            changes[key] = max(0.0, self.jitter(value, JITTER[key]))
        self.knobs = replace(base, **changes)
        for f in fields(Knobs):
            setattr(self, f.name, getattr(self.knobs, f.name))

    def __repr__(self) -> str:
        return f"gauntlet.{type(self).__name__}({self.name!r}, seed={self.seed})"

    # ----------------------------------------------------------- the others' gain

    def against_orders(self, view: PlayerView, ledger: Ledger, scen: Scenarios,
                       ref: List[float]) -> Optional[Against]:
        """What the others' gain on their orders counts against this seat's (none here)."""
        return None

    def against_offers(self, view: PlayerView, ledger: Ledger,
                       scen: Scenarios) -> Optional[Against]:
        """What the others' gain on their offers counts against this seat's (none here)."""
        return None

    # ----------------------------------------------------------- purchasing

    def _scenarios(self, view: PlayerView, ledger: Ledger, rng: random.Random,
                   own: Tuple[int, int, int] = (0, 0, 0)) -> Scenarios:
        k = self.knobs
        return Scenarios(view, ledger, rng, k.scenarios, window=k.window, strength=k.strength,
                         forget=k.forget, noise=k.noise, widen=k.widen, own_units=own)

    def order(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        k = self.knobs
        rules = view.rules
        ledger = Ledger(view)
        own = ledger.orders[view.seat][-1][0] if ledger.months_bought else (0, 0, 0)
        scen = self._scenarios(view, ledger, rng, own)
        n = scen.n
        prev = [view.prices[key] for key in RAW]
        ref = [max(1.0, prev[g] + sum(scen.raw[g]) / n + own[g] - 10) for g in range(3)]
        months_after = view.months_left - 1
        raw = ref if months_after <= 0 else [r * k.raw_keep for r in ref]
        carry = Carry(rules.recipes, raw, trend(ledger), months_after, k.follow, k.keep, k.step)
        most = min(12, (sum(view.own_stock) + rules.order_limit) // 3 + 1)
        against = self.against_offers(view, ledger, scen)
        counted = (lambda i: lambda units: against(i, units, _goods_prices(view, scen, i, units))
                   ) if against else (lambda i: lambda units: 0.0)
        expected = [[sum(_goods_prices(view, scen, i, units)) / n for units in range(most + 1)]
                    for i in range(3)]
        tables = [SaleTable(view.prices[good], scen.goods[i], most,
                            carry.bundle(i, 1, expected[i][1]), rules.partial_sales, k.stretch,
                            counted(i))
                  for i, good in enumerate(GOODS)]
        worth = StockWorth(rules.recipes, tables, carry, expected, most)
        liquid = Liquidity(view, k.thrift, months_after)
        choice = OrderChoice(view, scen, worth, liquid, risk=k.risk, borrow=k.borrow,
                             shade=k.shade, last_month=months_after <= 0, ref=ref,
                             against=self.against_orders(view, ledger, scen, ref))
        entry = choice.run()
        hats = ", ".join(f"{NAMES[key]} ${int(round(ref[g]))}" for g, key in enumerate(RAW))
        if not entry:
            return entry, f"expects {hats} over {n} scenarios; nothing is worth its price"
        return entry, f"expects {hats} over {n} scenarios; {describe(entry, 'bids')}"

    # ----------------------------------------------------------- selling

    def offer(self, view: PlayerView, rng: random.Random) -> Tuple[Entry, str]:
        k = self.knobs
        if sum(view.own_stock) < 3:
            return {}, "has nothing to sell"
        ledger = Ledger(view)
        scen = self._scenarios(view, ledger, rng)
        months_after = view.months_left - 1
        prices = [float(view.prices[key]) for key in RAW]
        raw = prices if months_after <= 0 else [r * k.raw_keep for r in prices]
        carry = Carry(view.rules.recipes, raw, trend(ledger), months_after, k.follow, k.keep,
                      k.step)
        liquid = Liquidity(view, k.thrift, months_after)
        choice = OfferChoice(view, scen, carry, liquid, risk=k.risk, stretch=k.stretch,
                             against=self.against_offers(view, ledger, scen))
        entry = choice.run()
        if not entry:
            return entry, "keeps its stock: no sale beats what it is worth kept"
        return entry, f"over {scen.n} scenarios {describe(entry, 'asks')}"


def _goods_prices(view: PlayerView, scen: Scenarios, i: int, units: int) -> List[int]:
    """Per scenario, good ``i``'s new price when this seat offers ``units`` of it."""
    base = view.prices[GOODS[i]] + 11 - 2 * units
    return [base - 2 * q if base - 2 * q > 1 else 1 for q in scen.goods[i]]


def make(seed: Optional[int] = None) -> Ridge:
    """The ``ridge`` strategy."""
    return Ridge(seed)


def member(number: int) -> Callable[[Optional[int]], Ridge]:
    """The factory of ``ridge.NUMBER`` of the family."""
    knobs = FAMILY[number]

    def factory(seed: Optional[int] = None) -> Ridge:
        return Ridge(seed, knobs, name=f"ridge.{number}")

    return factory
