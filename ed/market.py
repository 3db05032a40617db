"""The market calculator (RULES.md §3) and the price limits built on it.

Pure functions of whole numbers; no state.
"""
from __future__ import annotations

#: RULES §3: raw materials move by ``units - 10``.
RAW_PIVOT = 10
#: RULES §3: finished goods move by ``11 - 2 * units``.
GOODS_BASE = 11
GOODS_STEP = 2


def raw_move(units: int) -> int:
    """RULES §3: a raw material's move for the total units ordered (extends past 24)."""
    return units - RAW_PIVOT


def goods_move(units: int) -> int:
    """RULES §3: a finished good's move for the total units validly offered (extends past 16)."""
    return GOODS_BASE - GOODS_STEP * units


def move(commodity: str, units: int) -> int:
    """RULES §3: the move of ``commodity`` for ``units`` involved this month."""
    return raw_move(units) if commodity in ("xfine", "fine", "standard") else goods_move(units)


def new_price(previous: int, change: int) -> int:
    """RULES §3: the new market price, never below $1."""
    price = previous + change
    return price if price > 1 else 1


def min_bid(previous: int, units: int) -> int:
    """RULES §4.1.2: the price the grade would move to if only this player ordered ``units``."""
    return new_price(previous, raw_move(units))


def highest_useful_ask(previous: int, units: int) -> int:
    """RULES §4.2.2: the price the good would move to if only this player offered ``units``.

    An ask above it can never sell in full (without Variation III, not at all).
    """
    return new_price(previous, goods_move(units))


def units_bought(units: int, bid: int, market: int, partial_fills: bool) -> int:
    """RULES §4.1.4 and Variation II: units of an order filled at this market price."""
    if bid >= market:
        return units
    if partial_fills:
        left = units - (market - bid)
        return left if left > 0 else 0
    return 0


def units_sold(units: int, ask: int, market: int, partial_sales: bool) -> int:
    """RULES §4.2.5 and Variation III: units of an offer sold at this market price.

    Under Variation III one unit fewer sells for each $2, or part of $2, that
    the ask is above the market price.
    """
    if ask <= market:
        return units
    if partial_sales:
        left = units - (ask - market + 1) // 2
        return left if left > 0 else 0
    return 0


def loan_for(shortfall: int, step: int = 100) -> int:
    """RULES §6, Variation I: the smallest multiple of ``step`` that covers ``shortfall``."""
    if shortfall <= 0:
        return 0
    return -(-shortfall // step) * step
