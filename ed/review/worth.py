"""The worth of a position in the review: what a seat holds at a phase's end, in dollars.

``outcome(game, seat)`` counts a seat at the end of the phase just resolved, as
``worth_words`` says: cash, plus the stock at what it would fetch at the phase's closing
prices (``stock_worth``: made into the goods that pay most, the rest at the raw prices;
after the last month the Broker's price alone), less the loans' repayment where they are
played.  ``cash_alone`` tells whether two such counts differ in cash alone.

Pure; imports the engine, the rules' tables and the memo of the computer players
(``ed.ai.memo.remember``, under its lock), nothing else of the review.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Mapping, Sequence, Tuple

from ..ai.memo import remember
from ..engine import Game
from ..entries import Lot
from ..production import makeable_plans, materials_used
from ..rules import COMMODITIES, GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP

#: What the review counts, said plainly wherever its dollars are shown (``worth_words``).
WORTH_PLAIN = ("cash, plus stock at the new prices the phase set (made into the goods that "
               "pay most; after the last month, sold to the Broker)")
#: The same with Variation I, the loans, in play.
WORTH = WORTH_PLAIN + ", less loans at what they cost to repay"


def worth_words(loans: bool) -> str:
    """What the review's dollars count in a game with (``loans``) or without Variation I:
    a game without loans is never told of loans to repay."""
    return WORTH if loans else WORTH_PLAIN


#: The shapes every part of the review shares.
Triple = Tuple[int, int, int]
#: An entry as ``((commodity, Lot(units, price)), ...)`` for the phase's commodities entered.
Entry = Tuple[Tuple[str, Lot], ...]


@dataclass(frozen=True)
class Outcome:
    """One seat at the end of one phase: what an entry brought, counted as ``WORTH`` says.

    ``made`` is the units of A, B and C the stock was counted as (``stock_worth``);
    ``done`` the units bought or sold of each of the phase's three commodities;
    ``prices`` every commodity's market price at the phase's end (``COMMODITIES`` order);
    ``final`` whether this is after the last month (``worth`` is then the final cash).
    """

    cash: int
    stock: Triple
    stock_worth: int
    made: Triple
    owed: int                       # loans' repayment due at the end (Variation I)
    worth: int                      # cash + stock_worth - owed
    done: Triple
    money: int                      # paid (buying) or received (selling) this phase
    cancelled: bool
    prices: Tuple[int, ...]
    final: bool = False             # after the last month: the worth is the final cash


def cash_alone(got: Outcome, would: Outcome) -> bool:
    """Whether ``would`` and ``got`` differ in cash alone: after the last month (the stock
    sold to the Broker, the loans repaid: the final cash), or with the stock, counted at the
    closing prices, and the loans coming to the same."""
    return got.final or would.worth - would.cash == got.worth - got.cash


def outcome(game: Game, seat: int) -> Outcome:
    """``seat`` at the end of the phase ``game`` has just resolved, counted as ``WORTH``."""
    report = game.history[-1]
    result = report.seats[seat]
    stock = (result.stock_after["xfine"], result.stock_after["fine"],
             result.stock_after["standard"])
    prices = tuple(game.prices[k] for k in COMMODITIES)
    owed = game.borrowed(seat) // LOAN_STEP * LOAN_REPAY_PER_STEP
    if report.settlement is not None:          # RULES §5: the Broker buys what is left
        value, made = sum(n * p for n, p in zip(stock, prices[:3])), (0, 0, 0)
    else:
        value, made = stock_worth(stock, prices[:3], prices[3:], game.rules.recipes)
    done = tuple(line.done for line in result.lines)
    return Outcome(result.cash_after, stock, value, made, owed, result.cash_after + value - owed,
                   done, result.money, result.cancelled, prices,  # type: ignore[arg-type]
                   report.settlement is not None)


#: what a stock fetches at given prices, shared by the window's thread and the review's: read
#: freely, written only through ``remember`` (under its lock, forgetting the oldest quarter)
_WORTH_MEMO: Dict[tuple, Tuple[int, Triple]] = {}
_WORTH_MEMO_SIZE = 50_000


def stock_worth(stock: Sequence[int], raw: Sequence[int], goods: Sequence[int],
                recipes: Mapping[str, Triple]) -> Tuple[int, Triple]:
    """What ``stock`` would fetch at the market prices ``raw`` and ``goods``: made into the
    units of A, B and C that pay most (RULES §1 recipes and substitutions, §4.2.7 materials
    used), the rest at the raw prices.  Returns (dollars, units of A, B and C made)."""
    key = (tuple(stock), tuple(raw), tuple(goods), tuple(recipes[g] for g in GOODS))
    found = _WORTH_MEMO.get(key)
    if found is not None:
        return found
    best: Tuple[int, Triple] = (sum(n * p for n, p in zip(stock, raw)), (0, 0, 0))
    for units in makeable_plans(recipes, stock):
        used = materials_used(recipes, units, stock)
        value = sum(n * p for n, p in zip(units, goods)) + \
            sum((n - u) * p for n, u, p in zip(stock, used, raw))
        if value > best[0]:
            best = (value, units)
    return remember(_WORTH_MEMO, key, best, _WORTH_MEMO_SIZE)

