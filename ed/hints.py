"""Live help while an entry is being typed: pure functions of a ``PlayerView``.

They answer the questions a player asks of the paper tally sheet — the
lowest bid the rules allow, what the order will cost, what can be made from
stock — and never suggest what to do.  ``problems`` is the very list that
``Game.submit`` refuses an entry for; ``entry_problems`` is the same list with
each limit's field, kind and number (``ed.entries.Problem``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import entries as _entries
from . import market, production
from .entries import Problem
from .rules import GOODS, GRADE_INDEXES, LOAN_STEP, RAW
from .view import PlayerView


def entry_problems(view: PlayerView, entry: Any) -> List[Problem]:
    """Every limit ``entry`` breaks for this seat now, each with its field, kind and limit.

    The structured form of ``problems``: the same limits in the same order.
    """
    if view.is_over:
        return [_entries.OVER]
    _, found = _entries.check(view.rules, view.phase, view.previous_prices(), entry)
    return found


def field_problems(view: PlayerView, entry: Any) -> Dict[Optional[str], List[str]]:
    """The limits ``entry`` breaks, grouped by commodity key (``None`` for the whole entry)."""
    grouped: Dict[Optional[str], List[str]] = {}
    for problem in entry_problems(view, entry):
        grouped.setdefault(problem.key, []).append(problem.text)
    return grouped


def problems(view: PlayerView, entry: Any) -> List[str]:
    """Every limit ``entry`` breaks for this seat now; empty when ``submit`` would take it."""
    return [text for texts in field_problems(view, entry).values() for text in texts]


def min_bid(view: PlayerView, grade: str, units: int) -> int:
    """RULES §4.1.2: the lowest bid allowed for ``units`` of ``grade`` this month."""
    return market.min_bid(view.prices[grade], units)


def highest_useful_ask(view: PlayerView, good: str, units: int) -> int:
    """RULES §4.2.2: the highest ask that can sell ``units`` of ``good`` in full this month."""
    return market.highest_useful_ask(view.prices[good], units)


def others_last_time(view: PlayerView, key: str) -> Optional[Tuple[int, int]]:
    """How far the other seats moved ``key``'s price the last time it was traded.

    Returns ``(units, dollars)``: the units the others ordered (or validly
    offered) in the last phase of this kind, and what those units added to
    the move (RULES §3: +$1 a raw unit, -$2 a good); ``None`` before any.
    The $1 floor is left aside: it is the others' share of the move.
    """
    for report in reversed(view.history):
        if report.phase != view.phase:
            continue
        index = report.keys.index(key)
        total = report.commodities[index].units
        line = report.seats[view.seat].lines[index]
        own = line.units if line.counted else 0
        others = total - own
        return others, market.move(key, total) - market.move(key, own)
    return None


def price_with_last_month(view: PlayerView, key: str, units: int) -> Optional[int]:
    """The price ``key`` would move to this month if the others ordered (or validly offered)
    as many units as they did the last time, beside this seat's ``units`` (RULES §3);
    ``None`` before any.  Not a forecast: what last month's numbers would make of it."""
    last = others_last_time(view, key)
    if last is None:
        return None
    return market.new_price(view.prices[key], market.move(key, max(0, units) + last[0]))


def most_sold(view: PlayerView, good: str, units: int, ask: int) -> int:
    """RULES §4.2.5 and Variation III: the most of ``units`` of ``good`` that can sell at ``ask``.

    That is what sells if no one else offers the good: the market price then
    moves to the highest useful ask, and other offers only lower it.
    """
    if units <= 0:
        return 0
    top = highest_useful_ask(view, good, units)
    return market.units_sold(units, ask, top, view.rules.partial_sales)


def most_received(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> int:
    """The most an offer can bring in this month: each good's ``most_sold`` at its ask."""
    total = 0
    for key in GOODS:
        units, ask = entry.get(key, (0, 0))
        total += most_sold(view, key, units, ask) * ask
    return total


def _units(entry: Mapping[str, Sequence[int]], keys: Sequence[str]) -> List[int]:
    out = []
    for key in keys:
        pair = entry.get(key, (0, 0))
        out.append(pair[0] if pair[0] > 0 else 0)
    return out


def order_cost(entry: Mapping[str, Sequence[int]]) -> int:
    """What an order costs if every grade of it is bought in full."""
    total = 0
    for key in RAW:
        units, price = entry.get(key, (0, 0))
        if units > 0:
            total += units * price
    return total


def cash_left(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> int:
    """The seat's cash after the order if all of it succeeds (negative: short of cash)."""
    return view.own_cash - order_cost(entry)


def loan_needed(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> int:
    """Variation I: what the Broker would lend if all of the order succeeds (0 if none)."""
    return market.loan_for(-cash_left(view, entry), LOAN_STEP)


def would_cancel(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> bool:
    """RULES §4.1.5: whether the order, if all of it succeeds, costs more than the cash.

    Without loans every purchase would then be cancelled (a partial success
    might still be affordable).
    """
    return not view.rules.loans and cash_left(view, entry) < 0


def units_left(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> int:
    """Raw units that may still be ordered this month under the monthly limit."""
    return view.rules.order_limit - sum(_units(entry, RAW))


def offer_units(entry: Mapping[str, Sequence[int]]) -> List[int]:
    """Units of A, B and C in an offer (negative counts as none)."""
    return _units(entry, GOODS)


def is_makeable(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> bool:
    """RULES §4.2.3: whether the offer can all be made together from the seat's stock."""
    return production.is_makeable(view.rules.recipes, offer_units(entry), view.own_stock)


def offer_shortage(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> Optional[str]:
    """Why the offer cannot be made from stock, or ``None`` when it can."""
    return production.shortage(view.rules.recipes, offer_units(entry), view.own_stock)


def max_makeable(view: PlayerView, good: str,
                 entry: Optional[Mapping[str, Sequence[int]]] = None) -> int:
    """The most of ``good`` makeable from stock: alone, or beside the rest of ``entry``."""
    others = offer_units(entry) if entry else [0, 0, 0]
    return production.max_makeable(view.rules.recipes, view.own_stock, good, others)


def combination_shortage(view: PlayerView, good: str,
                         entry: Mapping[str, Sequence[int]]) -> Optional[str]:
    """Why fewer of ``good`` can be made beside the rest of ``entry`` than alone, or ``None``.

    Names the goods that together need more of a grade than the stock holds
    (see ``production.combination_shortage``).
    """
    return production.combination_shortage(view.rules.recipes, view.own_stock, good,
                                           offer_units(entry))


@dataclass(frozen=True)
class OneShort:
    """What one unit of a good lacks from a stock (``one_short``)."""

    needs: Tuple[int, int, int]     # its recipe's places: X-Fine, Fine, Standard
    more: int                       # the fewest raw units more that would make one
    grades: Tuple[str, ...]         # each grade of which ``more`` units alone would do it,
    #                                 the recipe's own grade before the one that stands in
    #                                 for it (none where only a mix of grades would)


def one_short(view: PlayerView, good: str) -> Optional[OneShort]:
    """What one unit of ``good`` lacks from the seat's stock (RULES §1 with its
    substitutions), or ``None`` when one can be made."""
    needs = production.places(view.rules.recipes, [1 if key == good else 0 for key in GOODS])
    stock = list(view.own_stock)
    if production.can_fill(needs, stock):
        return None
    for more in range(1, sum(needs) + 1):
        added = [[more if i == j else 0 for i in GRADE_INDEXES] for j in reversed(GRADE_INDEXES)]
        grades = tuple(RAW[2 - j] for j, add in enumerate(added)
                       if production.can_fill(needs, [a + b for a, b in zip(stock, add)]))
        mixed = any(production.can_fill(needs, [stock[0] + x, stock[1] + f,
                                                stock[2] + more - x - f])
                    for x in range(more + 1) for f in range(more + 1 - x))
        if grades or mixed:
            return OneShort(needs, more, grades)
    return OneShort(needs, sum(needs), ())      # not reached: its own recipe always makes one


def rest_is_makeable(view: PlayerView, good: str, entry: Mapping[str, Sequence[int]]) -> bool:
    """Whether the rest of the offer (every good but ``good``) can be made from stock."""
    units = offer_units(entry)
    units[GOODS.index(good)] = 0
    return production.is_makeable(view.rules.recipes, units, view.own_stock)


def competing(view: PlayerView, good: str,
              entry: Optional[Mapping[str, Sequence[int]]] = None) -> Dict[str, int]:
    """The goods that share stock with ``good``: fewer of each can be made beside the most
    of ``good`` (beside the rest of ``entry``).  Maps each such good to how many of it
    can still be made then.
    """
    units = dict(zip(GOODS, offer_units(entry) if entry else [0, 0, 0]))
    units[good] = max_makeable(view, good, entry)
    found: Dict[str, int] = {}
    for other in GOODS:
        if other == good or units[other]:
            continue
        rest = {key: (n, 0) for key, n in units.items() if key != good}
        alone = max_makeable(view, other, rest)
        beside = max_makeable(view, other, {key: (n, 0) for key, n in units.items()})
        if beside < alone:
            found[other] = beside
    return found


def materials_for(view: PlayerView, entry: Mapping[str, Sequence[int]]) -> Dict[str, int]:
    """RULES §4.2.7: the raw units the offer would use if all of it sells."""
    used = production.materials_used(view.rules.recipes, offer_units(entry), view.own_stock)
    return dict(zip(RAW, used))
