"""The production plan of a month: which goods to make and the order they need.

What it knows: a ``Pricer`` (prices, values of stock, forecasts).  It tries
every plan of A, B and C within the order limits, buys what stock lacks,
and keeps the plan with the best expected profit; for the selling phase,
the most valuable offer makeable from stock.  Imports the engine's pure
modules and ``pricing``.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from ..market import loan_for
from ..production import can_fill, fill, is_makeable, places
from ..rules import GOOD_INDEXES, GRADE_INDEXES, LOAN_REPAY_PER_STEP, LOAN_STEP
from ..view import PlayerView
from .characters import Temper
from .pricing import Pricer

#: The most finished goods a month's purchase plan holds: every split of up to 8 is tried
#: (165 plans); the largest order makes 6 (18 raw units, two players), so 8 leaves room
#: for goods from stock and keeps the search small.
MOST_GOODS_PLANNED = 8
#: The most finished goods the offer search weighs: more than a month's plan, for stock
#: kept from earlier months; an offer of 10 alone already moves its good's price $9 down.
MOST_GOODS_OFFERED = 10


def _purchase_for(need: Tuple[int, int, int], stock: Sequence[int]) -> Tuple[int, int, int, int, int]:
    """The raw units to buy so that ``stock`` fills the places ``need``, cheapest grades first.

    Stock fills its own grade's places first and stands in (X-Fine for
    Fine, Fine for Standard) before anything is bought.  Returns the units
    to buy of each grade and the X-Fine and Fine that stand in.
    """
    nx, nf, ns = need
    x, f, s = stock
    bx = nx - x if nx > x else 0
    spare_x = x + bx - nx
    use_f = nf if nf < f else f
    rest = nf - use_f
    sub_x = rest if rest < spare_x else spare_x
    bf = rest - sub_x
    spare_f = f - use_f
    use_s = ns if ns < s else s
    rest = ns - use_s
    sub_f = rest if rest < spare_f else spare_f
    bs = rest - sub_f
    return bx, bf, bs, sub_x, sub_f


class _Plan:
    __slots__ = ("goods", "buy", "bids", "value")

    def __init__(self, goods: Tuple[int, int, int], buy: Tuple[int, int, int],
                 bids: List[int], value: float) -> None:
        self.goods = goods
        self.buy = buy
        self.bids = bids
        self.value = value


def _plan_value(pricer: Pricer, goods: Sequence[int], buy: Sequence[int],
                choice: Sequence[int], substitution: float, cash: int) -> Optional[float]:
    """The expected profit of making ``goods`` after buying ``buy`` at the candidate bids ``choice``.

    Bought units are worth what they would be worth in stock; the goods add
    their expected sale value only if every grade they need is bought.
    ``None`` when the order could not be paid for (RULES §4.1.5).
    """
    value = 0.0
    share = 1.0
    spend = 0
    for g in GRADE_INDEXES:
        units = buy[g]
        if units:
            bid, got, fill_share = pricer.bids(g, units)[choice[g]]
            spend += units * bid
            value += got * (pricer.values[g] - bid)
            # the goods are made only when every grade is bought; the grades' fortunes
            # move together (a busy month raises every price), so the chance is the
            # smallest of theirs, not their product
            share = fill_share if fill_share < share else share
    if spend > cash:
        if not pricer.rules.loans:
            return None
        loan = loan_for(spend - pricer.view.own_cash, LOAN_STEP)
        value -= loan * (LOAN_REPAY_PER_STEP - LOAN_STEP) / LOAN_STEP * share
    sales = 0.0
    for h in GOOD_INDEXES:
        if goods[h]:
            sales += pricer.sale(h, goods[h])[0]
    return value + share * (sales - substitution)


def spending_room(view: PlayerView, temper: Temper) -> int:
    """Cash the player is willing to spend: all of it but the personality's cushion."""
    cushion = int(temper.cushion * view.rules.starting_cash)
    room = view.own_cash - cushion
    if view.is_last_month:
        room = view.own_cash
    return room if room > 0 else 0


def plan_purchases(view: PlayerView, pricer: Pricer) -> Optional[_Plan]:
    """The best production plan for the month and the order it needs."""
    rules = view.rules
    style, temper = pricer.style, pricer.temper
    stock = view.own_stock
    limit = max(1, int(rules.order_limit * temper.volume + 0.5))
    grade_limit = rules.grade_limit
    room = spending_room(view, temper)
    if rules.loans and view.borrowed[view.seat] < 2 * rules.starting_cash:
        room_for_loans = room + 2 * rules.starting_cash - view.borrowed[view.seat]
    else:
        room_for_loans = room
    values = pricer.values
    most = (sum(stock) + limit) // 3
    cap = MOST_GOODS_PLANNED if most > MOST_GOODS_PLANNED else most
    recipes = pricer.recipes
    plans: List[_Plan] = []
    zero = [0, 0, 0]
    jitter = style.jitter
    gauss = pricer.rng.gauss
    for a in range(cap + 1):
        for b in range(cap + 1 - a):
            for c in range(cap + 1 - a - b):
                goods = (a, b, c)
                kinds = (a > 0) + (b > 0) + (c > 0)
                if kinds > style.goods_per_plan:
                    continue
                need = places(recipes, goods)
                bx, bf, bs, sub_x, sub_f = _purchase_for(need, stock)
                if bx > grade_limit or bf > grade_limit or bs > grade_limit or bx + bf + bs > limit:
                    continue
                substitution = sub_x * (values[0] - values[1]) + sub_f * (values[1] - values[2])
                buy = (bx, bf, bs)
                v = _plan_value(pricer, goods, buy, zero, substitution, room if not rules.loans
                                else room_for_loans)
                if v is None:
                    continue
                if jitter:
                    v += gauss(0.0, jitter)
                plans.append(_Plan(goods, buy, [0, 0, 0], v - 0.01 * (bx + bf + bs)))
    if not plans:
        return None
    plans.sort(key=lambda p: p.value, reverse=True)
    if style.optimise:
        cash = room if not rules.loans else room_for_loans
        for plan in plans[:4]:
            _tune_bids(pricer, plan, cash)
        plans.sort(key=lambda p: p.value, reverse=True)
    return plans[0]


def _tune_bids(pricer: Pricer, plan: _Plan, cash: int) -> None:
    """Coordinate ascent over each grade's candidate bids for the best expected profit."""
    values = pricer.values
    stock = pricer.view.own_stock
    _, _, _, sub_x, sub_f = _purchase_for(places(pricer.recipes, plan.goods), stock)
    substitution = sub_x * (values[0] - values[1]) + sub_f * (values[1] - values[2])
    choice = list(plan.bids)
    best = _plan_value(pricer, plan.goods, plan.buy, choice, substitution, cash)
    if best is None:
        return
    for _ in range(2):
        improved = False
        for g in GRADE_INDEXES:
            if not plan.buy[g]:
                continue
            for i in range(len(pricer.bids(g, plan.buy[g]))):
                if i == choice[g]:
                    continue
                trial = list(choice)
                trial[g] = i
                v = _plan_value(pricer, plan.goods, plan.buy, trial, substitution, cash)
                if v is not None and v > best + 1e-9:
                    best, choice, improved = v, trial, True
        if not improved:
            break
    plan.bids = choice
    plan.value = best - 0.01 * sum(plan.buy)


def plan_sales(view: PlayerView, pricer: Pricer) -> Tuple[Tuple[int, int, int], float]:
    """The most valuable offer makeable from stock, and its expected value."""
    recipes = pricer.recipes
    stock = view.own_stock
    values = pricer.values
    best: Tuple[float, Tuple[int, int, int]] = (0.0, (0, 0, 0))
    jitter = pricer.style.jitter
    gauss = pricer.rng.gauss
    top = sum(stock) // 3
    cap = MOST_GOODS_OFFERED if top > MOST_GOODS_OFFERED else top
    for a in range(cap + 1):
        if not is_makeable(recipes, (a, 0, 0), stock):
            break
        for b in range(cap + 1 - a):
            if not is_makeable(recipes, (a, b, 0), stock):
                break
            for c in range(cap + 1 - a - b):
                goods = (a, b, c)
                need = places(recipes, goods)
                if not can_fill(need, stock):
                    break
                used = fill(need, stock)
                substitution = sum((used[g] - need[g]) * values[g] for g in GRADE_INDEXES)
                v = (pricer.sale(0, a)[0] + pricer.sale(1, b)[0] + pricer.sale(2, c)[0]
                     - substitution)
                if jitter and any(goods):
                    v += gauss(0.0, jitter)
                if v > best[0] + 1e-9:
                    best = (v, goods)
    return best[1], best[0]
