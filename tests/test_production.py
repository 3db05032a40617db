"""RULES.md §1 and §4.2: makeability under substitution and which materials are used,
checked against brute force on every stock of up to 6 units per grade."""
from __future__ import annotations

import itertools

import pytest

from ed import production
from ed.rules import CLASSIC_RECIPES, DEFAULT_RECIPES

STOCKS = list(itertools.product(range(7), repeat=3))
#: every offer of at most 6 goods in all (18 raw units, more than any stock here)
OFFERS = [o for o in itertools.product(range(7), repeat=3) if sum(o) <= 6]


def brute_force_ways(need, stock):
    """Every way to fill the places: k X-Fine in Fine places, j Fine in Standard places.

    Returns {(xfine used, fine used, standard used): substitutions}.
    """
    nx, nf, ns = need
    x, f, s = stock
    ways = {}
    for k in range(nf + 1):          # Fine places filled with X-Fine
        for j in range(ns + 1):      # Standard places filled with Fine
            used = (nx + k, nf - k + j, ns - j)
            if used[0] <= x and used[1] <= f and used[2] <= s:
                ways[used] = k + j
    return ways


@pytest.mark.parametrize("recipes", [DEFAULT_RECIPES, CLASSIC_RECIPES], ids=["default", "classic"])
def test_makeability_matches_brute_force(recipes):
    checked = makeable = 0
    for stock in STOCKS:
        for offer in OFFERS:
            need = production.places(recipes, offer)
            expected = bool(brute_force_ways(need, stock))
            assert production.is_makeable(recipes, offer, stock) == expected, (stock, offer)
            assert (production.shortage(recipes, offer, stock) is None) == expected, (stock, offer)
            checked += 1
            makeable += expected
    assert checked == len(STOCKS) * len(OFFERS) == 343 * 84
    assert 0 < makeable < checked


@pytest.mark.parametrize("recipes", [DEFAULT_RECIPES, CLASSIC_RECIPES], ids=["default", "classic"])
def test_materials_used_are_the_fewest_substitutions_recipe_grades_first(recipes):
    for stock in STOCKS:
        for offer in OFFERS:
            need = production.places(recipes, offer)
            ways = brute_force_ways(need, stock)
            if not ways:
                continue
            used = production.materials_used(recipes, offer, stock)
            assert used in ways, (stock, offer, used)
            assert ways[used] == min(ways.values()), (stock, offer, used)
            # Standard places take Standard as far as it goes; Fine places take the Fine left.
            nx, nf, ns = need
            assert used[2] == min(ns, stock[2])
            fine_left = stock[1] - (ns - used[2])
            assert used[0] == nx + max(0, nf - fine_left)
            assert sum(used) == sum(need)


def test_worked_example_materials():
    # RULES §7: Bob (6 X-Fine, 8 Standard) sells 1 A and 2 C: uses 5 X-Fine and 4 Standard.
    assert production.materials_used(DEFAULT_RECIPES, (1, 0, 2), (6, 0, 8)) == (5, 0, 4)
    # Ann's C from 4 Fine uses 3 Fine, two of them standing in for Standard.
    assert production.materials_used(DEFAULT_RECIPES, (0, 0, 1), (0, 4, 0)) == (0, 3, 0)


def test_xfine_never_stands_in_for_standard():
    assert not production.is_makeable(DEFAULT_RECIPES, (0, 0, 1), (3, 0, 0))
    assert "only Fine stands in for Standard" in production.shortage(DEFAULT_RECIPES, (0, 0, 1), (3, 0, 0))


def test_nothing_stands_in_for_xfine():
    assert not production.is_makeable(DEFAULT_RECIPES, (1, 0, 0), (1, 5, 5))
    assert "nothing stands in for X-Fine" in production.shortage(DEFAULT_RECIPES, (1, 0, 0), (1, 5, 5))


@pytest.mark.parametrize("recipes", [DEFAULT_RECIPES, CLASSIC_RECIPES], ids=["default", "classic"])
def test_max_makeable_alone_and_together(recipes):
    beside = unmakeable = 0
    for stock in STOCKS[::7]:
        for good_index, good in enumerate("ABC"):
            for others in OFFERS[::5]:
                best = production.max_makeable(recipes, stock, good, others)
                trial = list(others)
                trial[good_index] = 0
                if not production.is_makeable(recipes, trial, stock):
                    assert best == 0
                    unmakeable += 1
                    continue
                trial[good_index] = best
                assert production.is_makeable(recipes, trial, stock)
                trial[good_index] = best + 1
                assert not production.is_makeable(recipes, trial, stock)
                beside += 1
    assert beside > 100 and unmakeable > 100       # both cases checked, many times


@pytest.mark.parametrize("recipes", [DEFAULT_RECIPES, CLASSIC_RECIPES], ids=["default", "classic"])
def test_makeable_plans_and_the_largest_are_every_plan_the_stock_makes(recipes):
    for stock in STOCKS:
        every = [plan for plan in itertools.product(range(7), repeat=3)
                 if production.is_makeable(recipes, plan, stock)]
        assert list(production.makeable_plans(recipes, stock)) == every, stock
        largest = production.largest_plan(recipes, stock)
        most = max(sum(plan) for plan in every)
        assert largest == min(plan for plan in every if sum(plan) == most), stock
    assert production.largest_plan(recipes, (0, 0, 0)) == (0, 0, 0)


def test_room_beside_is_what_each_condition_of_substitution_leaves():
    a = DEFAULT_RECIPES["A"]
    assert production.room_beside(a, (0, 0, 0), (6, 6, 6)) == max(
        n for n in range(10) if production.can_fill(tuple(n * r for r in a), (6, 6, 6)))
    assert production.room_beside(a, (7, 0, 0), (6, 6, 6)) == -1       # the need alone is short
    assert production.room_beside((0, 0, 0), (1, 1, 1), (6, 6, 6)) == production.UNLIMITED


def test_max_makeable_examples():
    assert production.max_makeable(DEFAULT_RECIPES, (6, 0, 8), "A") == 2
    assert production.max_makeable(DEFAULT_RECIPES, (6, 0, 8), "C") == 4
    assert production.max_makeable(DEFAULT_RECIPES, (6, 0, 8), "C", (1, 0, 0)) == 3
    assert production.max_makeable(DEFAULT_RECIPES, (0, 0, 0), "B") == 0


def test_goods_in_words():
    assert production.goods_text((2, 0, 1)) == "2 A and 1 C"
    assert production.goods_text((1, 1, 2)) == "1 A, 1 B and 2 C"
    assert production.goods_text((0, 3, 0)) == "3 B"
    assert production.goods_text((0, 0, 0)) == "nothing"


def test_combination_shortage_examples():
    # 4 X-Fine, 2 Fine, 6 Standard: 4 C alone, none beside 2 A (the Fine places run short).
    assert production.combination_shortage(DEFAULT_RECIPES, (4, 2, 6), "C", (2, 0, 0)) == \
        "2 A and 1 C together need 7 X-Fine or Fine and you have 6"
    # The rest alone cannot be made: it is named by itself.
    assert production.combination_shortage(DEFAULT_RECIPES, (4, 2, 6), "C", (3, 0, 0)) == \
        "3 A need 6 X-Fine and you have 4"
    assert production.combination_shortage(DEFAULT_RECIPES, (1, 3, 3), "B", (1, 0, 0)) == \
        "1 A needs 2 X-Fine and you have 1"
    # As many beside the rest as alone: nothing to explain.
    assert production.combination_shortage(DEFAULT_RECIPES, (6, 0, 8), "A", (0, 0, 0)) is None


@pytest.mark.parametrize("recipes", [DEFAULT_RECIPES, CLASSIC_RECIPES], ids=["default", "classic"])
def test_combination_shortage_names_a_combination_that_cannot_be_made(recipes):
    """Whenever fewer can be made beside the rest than alone, the goods named cannot be made
    together, and the numbers given are the places and the stock of the grades named."""
    for stock in STOCKS[::5]:
        for good_index, good in enumerate("ABC"):
            for others in OFFERS[::3]:
                why = production.combination_shortage(recipes, stock, good, others)
                alone = production.max_makeable(recipes, stock, good)
                beside = production.max_makeable(recipes, stock, good, others)
                assert (why is None) == (beside >= alone), (stock, good, others)
                if why is None:
                    continue
                combination = list(others)
                combination[good_index] = 0
                if production.is_makeable(recipes, combination, stock):
                    combination[good_index] = beside + 1
                assert not production.is_makeable(recipes, combination, stock)
                assert why.startswith(production.goods_text(combination) + " ")
                needed, have = [int(w) for w in why.split() if w.isdigit()][-2:]
                assert needed > have
