"""The live help: pure functions of a view, agreeing with what submit does."""
from __future__ import annotations

import ed
from ed import hints


def selling_view(order):
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, order)
    game.submit(1, {})
    game.resolve()
    return game, game.view(0)


def test_problems_are_what_submit_refuses():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    view = game.view(0)
    entry = {"xfine": (6, 35), "fine": (13, 50)}
    found = hints.problems(view, entry)
    assert found == [
        "X-Fine bid $35 is below the minimum bid $36 (6 units at previous price $40)",
        "13 units of Fine is over the limit of 12 units of one grade with 2 players",
        "the order totals 19 units, over the monthly limit of 18 units with 2 players",
    ]
    assert game.check(0, entry) == found
    assert hints.field_problems(view, entry)[None] == [found[2]]
    assert hints.problems(view, {"fine": (4, 30)}) == []


def test_each_problem_names_its_field_kind_and_limit():
    """The structured problems say, beside each sentence, where it is and what it names."""
    from ed import entries
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    found = hints.entry_problems(view, {"xfine": (6, 35), "fine": (13, 50), "standard": (-1, 9)})
    assert [(p.key, p.field, p.kind, p.limit) for p in found] == [
        ("xfine", "price", entries.BELOW_MIN_BID, 36),
        ("fine", "units", entries.OVER_GRADE_LIMIT, 12),
        ("standard", "units", entries.NEGATIVE_UNITS, 0),
        (None, "units", entries.OVER_MONTHLY_LIMIT, 18),
    ]
    assert [p.text for p in found] == hints.problems(view, {"xfine": (6, 35), "fine": (13, 50),
                                                             "standard": (-1, 9)})
    prices = hints.entry_problems(view, {"xfine": (1, 0), "fine": (1, 10001)})
    assert [(p.field, p.kind, p.limit) for p in prices] == [
        ("price", entries.PRICE_TOO_LOW, 1), ("price", entries.PRICE_TOO_HIGH, 10000)]
    shape = hints.entry_problems(view, {"A": (1, 100), "fine": "x"})
    assert [(p.key, p.field, p.kind) for p in shape] == [
        (None, "entry", entries.BAD_SHAPE), ("fine", "entry", entries.BAD_SHAPE)]


def test_order_hints():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    order = {"xfine": (6, 40), "fine": (4, 28)}
    assert hints.min_bid(view, "xfine", 6) == 36
    assert hints.order_cost(order) == 352
    assert hints.cash_left(view, order) == 548
    assert hints.units_left(view, order) == 8
    assert not hints.would_cancel(view, order)
    big = {"xfine": (12, 80)}
    assert hints.would_cancel(view, big) and hints.cash_left(view, big) == -60


def test_loan_hint():
    view = ed.Game(ed.Rules(players=6, loans=True), list("ABCDEF")).view(0)
    assert hints.loan_needed(view, {"xfine": (5, 100)}) == 200
    assert not hints.would_cancel(view, {"xfine": (5, 100)})


def test_offer_hints():
    _, view = selling_view({"xfine": (6, 50), "standard": (8, 30)})
    assert hints.highest_useful_ask(view, "A", 1) == 149
    assert hints.max_makeable(view, "A") == 2
    assert hints.max_makeable(view, "C", {"A": (1, 149)}) == 3
    assert hints.is_makeable(view, {"A": (1, 149), "C": (2, 88)})
    assert hints.materials_for(view, {"A": (1, 149), "C": (2, 88)}) == {"xfine": 5, "fine": 0, "standard": 4}
    assert hints.offer_shortage(view, {"B": (1, 100)}) is None
    why = hints.offer_shortage(view, {"A": (3, 100)})
    assert why == "the offer needs 9 X-Fine or Fine and you have 6 (only X-Fine stands in for Fine)"
    assert not hints.is_makeable(view, {"A": (3, 100)})


def test_hints_once_over():
    game = ed.Game(ed.Rules(players=2, months=1), ["Ann", "Bob"])
    for _ in range(2):
        game.submit(0, {})
        game.submit(1, {})
        game.resolve()
    assert hints.problems(game.view(0), {}) == ["the game is over; no more entries are taken"]
    assert [p.kind for p in hints.entry_problems(game.view(0), {})] == ["game over"]


def test_most_sold_is_what_sells_when_no_one_else_offers():
    # RULES §4.2.5: 2 A have a highest useful ask of $147; above it nothing sells...
    _, view = selling_view({"xfine": (6, 50), "standard": (8, 30)})
    assert hints.most_sold(view, "A", 2, 147) == 2
    assert hints.most_sold(view, "A", 2, 148) == 0
    assert hints.most_received(view, {"A": (2, 147), "C": (1, 200)}) == 294
    # ...and under Variation III one unit fewer sells for each $2, or part of $2, above it.
    game = ed.Game(ed.Rules(players=2, partial_sales=True), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 50), "standard": (8, 30)})
    game.submit(1, {})
    game.resolve()
    view = game.view(0)
    assert [hints.most_sold(view, "A", 2, ask) for ask in (147, 148, 149, 150)] == [2, 1, 1, 0]
    assert hints.most_received(view, {"A": (2, 148)}) == 148


def test_combination_shortage_names_the_goods():
    _, view = selling_view({"xfine": (6, 50), "standard": (8, 30)})
    assert hints.combination_shortage(view, "C", {"A": (2, 140)}) == \
        "2 A and 1 C together need 7 X-Fine or Fine and you have 6"
    assert hints.combination_shortage(view, "A", {}) is None


def test_one_short_is_the_fewest_units_more_checked_on_every_small_stock():
    """What one unit lacks, against brute force: the fewest raw units more that make one,
    and exactly the grades of which that many alone do (the recipe's own grade first)."""
    from itertools import product

    from ed import production
    from ed.rules import GOODS, RAW
    for classic in (False, True):
        for stock in product(range(4), repeat=3):
            game = ed.Game(ed.Rules(players=2, classic_recipes=classic), ["Ann", "Bob"])
            game.submit(0, {key: (n, 60) for key, n in zip(RAW, stock) if n})
            game.submit(1, {})
            game.resolve()
            view = game.view(0)
            assert tuple(view.own_stock) == stock
            for good in GOODS:
                one = [1 if key == good else 0 for key in GOODS]

                def makes(add):
                    return production.is_makeable(view.rules.recipes, one,
                                                  [a + b for a, b in zip(stock, add)])
                short = hints.one_short(view, good)
                if makes((0, 0, 0)):
                    assert short is None, (stock, good)
                    continue
                fewest = min(sum(add) for add in product(range(4), repeat=3) if makes(add))
                alone = tuple(RAW[i] for i in (2, 1, 0)
                              if makes(tuple(fewest if j == i else 0 for j in range(3))))
                assert (short.more, short.grades) == (fewest, alone), (classic, stock, good)
                assert short.needs == production.places(view.rules.recipes, one)
