"""The expert's search: what makes it quicker never changes what it finds, and a decision
already late searches less around the plan."""
from __future__ import annotations

import random

import pytest

import ed
from ed import ai
from ed.ai import opponents, optimiser, scenarios, worth
from ed.ai.characters import NEUTRAL
from ed.ai.optimiser import Candidate, Optimiser
from ed.rules import DEFAULT_RECIPES

RECIPES = [DEFAULT_RECIPES[g] for g in "ABC"]


def _optimiser(month=5, seed=3, **variations):
    """An optimiser for seat 0 in the purchasing phase of ``month`` of a game of ``hard`` players."""
    game = ed.Game(ed.Rules(players=4, **variations), [f"P{i}" for i in range(4)], seed=seed)
    avatars = [ai.Avatar("hard", seed=s) for s in range(4)]
    while game.month < month:
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(seed), 16)
    values = worth.stock_values([view.prices[k] for k in ed.COMMODITIES], RECIPES, 7)
    return lambda: Optimiser(view, sc, values, NEUTRAL), view


@pytest.mark.parametrize("variations", [{}, {"partial_fills": True, "loans": True}])
def test_a_value_asked_again_is_the_one_worked_out_afresh(variations):
    """The optimiser keeps each value it has worked out; one asked again, in any order, is the
    value a fresh optimiser works out."""
    make, view = _optimiser(**variations)
    kept = make()
    rng = random.Random(5)
    asked = []
    for _ in range(60):
        units = tuple(rng.randrange(0, 4) for _ in range(3))
        goods = tuple(rng.randrange(0, 3) for _ in range(3))
        bids = [kept.first_bid(g, units[g]) + rng.randrange(-1, 6) if units[g] else 0
                for g in range(3)]
        asked.append((units, goods, bids))
    first = [kept.value(Candidate(goods, units), bids) for units, goods, bids in asked]
    again = [kept.value(Candidate(goods, units), bids) for units, goods, bids in reversed(asked)]
    assert again[::-1] == first
    for (units, goods, bids), value in zip(asked, first):
        assert make().value(Candidate(goods, units), bids) == value
    assert len({v for v in first}) > 10              # the candidates differ, and so do their values


def test_a_late_decision_tunes_the_plan_and_only_its_best_steps():
    """Hurried (the forecast used half the time budget), ``near`` tunes the plan and the
    ``HURRIED_NEAR`` orders one step from it that are best at their first bids."""
    make, view = _optimiser(month=4)
    limit, room = view.rules.order_limit, view.own_cash
    plan = make().best_order(limit, room)
    assert plan is not None and sum(plan.units) >= 2
    whole = make().near(Candidate(plan.goods, plan.units), limit, room)
    hurried = make()
    hurried.hurry()
    some = hurried.near(Candidate(plan.goods, plan.units), limit, room)
    assert len(whole) > 1 + optimiser.HURRIED_NEAR
    assert len(some) == 1 + optimiser.HURRIED_NEAR
    tuned = {(c.units, c.goods): c.value for c in whole}
    assert (plan.units, plan.goods) in {(c.units, c.goods) for c in some}
    for cand in some:                     # each tuned as the whole search tunes it
        assert cand.value == tuned[(cand.units, cand.goods)]
    assert [c.value for c in some] == sorted((c.value for c in some), reverse=True)
    # the steps kept are the best at their first bids
    opt = make()
    at_first = sorted(((opt.value(c, [opt.first_bid(g, c.units[g]) if c.units[g] else 0
                                      for g in range(3)]), (c.units, c.goods))
                       for c in whole if (c.units, c.goods) != (plan.units, plan.goods)),
                      reverse=True)
    kept = {(c.units, c.goods) for c in some} - {(plan.units, plan.goods)}
    assert kept == {key for _, key in at_first[:optimiser.HURRIED_NEAR]}


def test_an_order_with_extra_stock_asked_again_is_the_one_worked_out_afresh():
    make, view = _optimiser(month=6)
    kept = make()
    limit = view.rules.order_limit
    asked = [(x, f, s) for x in range(3) for f in range(3) for s in range(3)]
    first = [kept._with_extras(buy, limit) for buy in asked]
    assert [kept._with_extras(buy, limit) for buy in asked] == first
    assert [make()._with_extras(buy, limit) for buy in asked] == first
    assert any(sum(got) > sum(buy) for got, buy in zip(first, asked))   # extras were added
