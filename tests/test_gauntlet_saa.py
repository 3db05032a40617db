"""The sample-average-approximation bidder (g:saa): legal, private, deterministic, and right
where the best entry is known by hand."""
from __future__ import annotations

import collections
import itertools
import random

import pytest

import ed
from ed import hints
from ed.ai import gauntlet
from ed.ai.gauntlet import saa
from ed.ai.gauntlet.base import Ledger
from ed.production import can_fill, fill, largest_plan, places
from ed.ai.randomplay import random_entry
from tests.test_gauntlet import play

OTHERS = ("ev", "margin", "keeper", "hoarder", "flooder", "copycat", "beginner", "saa")


# ----------------------------------------------------------------- the surface


def test_it_is_a_registered_gauntlet_strategy():
    strategy = gauntlet.STRATEGIES["saa"]
    assert strategy.name == "saa" and "\n" not in strategy.summary
    player = gauntlet.make("saa", seed=4)
    assert isinstance(player, saa.SAA) and player.fallbacks == 0
    assert set(player.parameters) == set(saa.SAA.PARAMETERS)


def test_the_tournament_takes_a_saa_seat(capsys):
    from ed.tools import tournament
    assert tournament.main(["--games", "1", "--months", "2", "--seats", "g:saa,g:ev",
                            "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "P1 g:saa" in out and "P2 g:ev" in out


# ----------------------------------------------------------------- legality


def _sweep():
    """Every player count with every combination of the variations, short games."""
    combinations = list(itertools.product((False, True), repeat=4))
    for index in range(32):
        players = 2 + index % 5
        flags = combinations[index % 16]
        rules = ed.Rules(players=players, months=(2, 3, 5, 12)[index % 4], loans=flags[0],
                         partial_fills=flags[1], partial_sales=flags[2],
                         classic_recipes=flags[3])
        seats = [gauntlet.make("saa", seed=index)]
        for seat in range(1, players):
            seats.append(gauntlet.make(OTHERS[(index + seat) % len(OTHERS)],
                                       seed=100 * index + seat))
        if index % 2:  # a seat at random: over-offers, broke seats, odd stock
            seats[-1] = None
        yield rules, seats


def test_every_entry_is_legal_at_every_player_count_and_variation():
    rng = random.Random(7)
    decisions = 0
    checked = collections.Counter()
    seen = set()
    for rules, seats in _sweep():
        game = ed.Game(rules, [f"S{i}" for i in range(rules.players)], seed=decisions)
        while not game.is_over:
            for seat, player in enumerate(seats):
                view = game.view(seat)
                if player is None:
                    game.submit(seat, random_entry(view, rng, over_offer=0.3))
                    continue
                entry = player.decide(view)
                if player.name == "saa":
                    decisions += 1
                    seen.add((rules.players, rules.loans, rules.partial_fills,
                              rules.partial_sales, rules.classic_recipes))
                    assert hints.problems(view, entry) == [], entry
                    if view.phase == "selling":
                        assert hints.is_makeable(view, entry), (entry, view.own_stock)
                        checked["offers made from stock"] += 1
                    elif not rules.loans:
                        assert hints.order_cost(entry) <= view.own_cash, entry
                        checked["orders paid in cash"] += 1
                    assert player.explanation and "\n" not in player.explanation
                game.submit(seat, entry)
            game.resolve()
        for player in seats:
            assert player is None or player.fallbacks == 0, player
    assert decisions > 400 and min(checked.values()) > 100 and len(checked) == 2, checked
    assert {key[0] for key in seen} == {2, 3, 4, 5, 6}
    assert {key[1:] for key in seen} == set(itertools.product((False, True), repeat=4))


def test_a_broke_seat_orders_nothing_it_cannot_pay_for():
    game = ed.Game(ed.Rules(players=2, months=3), ["Ann", "Bob"])
    game.submit(0, {"standard": (12, 75)})
    game.submit(1, {})
    game.resolve()
    assert game.cash(0) == 0
    player = gauntlet.make("saa", seed=3)
    assert player.decide(game.view(0)) == {}  # Standard alone makes nothing
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    assert player.decide(game.view(0)) == {} and player.fallbacks == 0


# ----------------------------------------------------------------- determinism and privacy


def _midgame(players=4, month=5, phase="purchasing", seed=3):
    game = ed.Game(ed.Rules(players=players, months=8), [f"P{i}" for i in range(players)],
                   seed=seed)
    cast = [gauntlet.make(OTHERS[(seed + s) % len(OTHERS)], seed=s) for s in range(players)]
    return play(game, cast, until=lambda g: (g.month, g.phase) == (month, phase))


@pytest.mark.parametrize("phase", ["purchasing", "selling"])
def test_same_seed_same_view_same_entry(phase):
    game = _midgame(phase=phase)
    for seat in range(4):
        view = game.view(seat)
        one, two = gauntlet.make("saa", seed=11), gauntlet.make("saa", seed=11)
        first = one.decide(view)
        assert two.decide(view) == first and one.explanation == two.explanation
        assert one.decide(view) == first  # asking again changes nothing
    assert gauntlet.make("saa", seed=1).parameters != gauntlet.make("saa", seed=2).parameters


@pytest.mark.parametrize("phase", ["purchasing", "selling"])
def test_it_decides_from_the_view_alone(phase):
    """Whatever the other seats have entered (or not yet), the decision is the same."""
    game = _midgame(players=3, month=4, phase=phase)
    rng = random.Random(2)
    seen = set()
    for trial in range(5):
        for seat in (1, 2):
            if trial % 2:
                game.withdraw(seat)
            else:
                game.submit(seat, random_entry(game.view(seat), rng, over_offer=0.0))
        view = game.view(0)
        assert view.entry is None and not hasattr(view, "game")
        player = gauntlet.make("saa", seed=5)
        seen.add(tuple(sorted(player.decide(view).items())))
    assert len(seen) == 1


# ----------------------------------------------------------------- positions known by hand


def _last_month_sale(**options):
    """Two players, one month: Ann bought 2 X-Fine at $32 and 1 Fine at $21; Bob nothing."""
    game = ed.Game(ed.Rules(players=2, months=1, **options), ["Ann", "Bob"])
    game.submit(0, {"xfine": (2, 32), "fine": (1, 21)})
    game.submit(1, {})
    game.resolve()
    assert game.stock(0) == {"xfine": 2, "fine": 1, "standard": 0}
    assert game.stock(1) == {"xfine": 0, "fine": 0, "standard": 0}
    return game


@pytest.mark.parametrize("options", [{}, {"partial_sales": True}, {"classic_recipes": True}])
def test_last_month_offer_takes_the_one_ask_that_sells_dearest(options):
    """Bob can offer nothing, so one A alone moves A from $140 to $149: asking $149 sells it,
    and more sells nothing (RULES §4.2.5; under Variation III one unit fewer per $2 over).
    The same stock makes one B instead, at most $124; kept, it is worth $85 to the Broker."""
    game = _last_month_sale(**options)
    player = gauntlet.make("saa", seed=1)
    assert player.decide(game.view(0)) == {"A": (1, 149)}
    game.submit(0, {"A": (1, 149)})
    game.submit(1, {})
    game.resolve()
    assert game.final_cash() == [900 - 85 + 149, 900]


def test_last_month_keeps_stock_the_broker_pays_more_for():
    """Six players, one month: 33 X-Fine ordered drive X-Fine to $63, and Ann bought 3 of
    them.  They make one A (an X-Fine stands in for the Fine), which fetches at most $149;
    the Broker pays 3 x $63 = $189 for them (RULES §5).  Nobody else holds anything."""
    game = ed.Game(ed.Rules(players=6, months=1), [f"P{i}" for i in range(6)])
    game.submit(0, {"xfine": (3, 63)})
    for seat in range(1, 6):
        game.submit(seat, {"xfine": (6, 36)})
    game.resolve()
    assert game.prices["xfine"] == 63 and game.stock(0)["xfine"] == 3
    player = gauntlet.make("saa", seed=1)
    assert player.decide(game.view(0)) == {}
    assert player.explanation.startswith("keeps its stock")


# ----------------------------------------------------------------- the sums it rests on


def test_sale_table_is_the_best_ask_over_the_scenarios():
    others = [0, 0, 1, 1, 1, 2, 3, 5]
    for partial in (False, True):
        table = saa.SaleTable(120, others, 5, 60.0, partial)
        for n in range(1, len(table.gain)):
            def gain(ask):
                sold = sum(ed.market.units_sold(n, ask, max(1, 120 + 11 - 2 * (q + n)), partial)
                           for q in others) / len(others)
                return sold * (ask - 60.0)
            best = max(gain(ask) for ask in range(1, 200))
            assert table.gain[n] == pytest.approx(best)
            assert gain(table.ask[n]) == pytest.approx(best)


def test_stock_value_finds_the_best_plan():
    """``StockValue.best`` against every makeable plan, on small stocks: exact when a
    substitution costs nothing (every grade worth the same), never above the best otherwise."""
    recipes = ed.Rules().recipes
    rng = random.Random(4)
    plans = 0
    for trial in range(6):
        if trial % 2:
            carry = [rng.uniform(30, 60), rng.uniform(20, 45), rng.uniform(5, 30)]
        else:
            carry = [30.0] * 3
        tables = [saa.SaleTable(price, [rng.randint(0, 4) for _ in range(16)], 6,
                                sum(r * c for r, c in zip(recipes[g], carry)), False)
                  for price, g in ((150, "A"), (125, "B"), (100, "C"))]
        value = saa.StockValue(recipes, tables, carry, 18)
        for stock in itertools.product(range(0, 9, 2), repeat=3):
            def lost(plan):  # X-Fine in Fine places and Fine in Standard places, as sold
                need = places(recipes, plan)
                used = fill(need, stock)
                share = sum(t.sold[n] for t, n in zip(tables, plan)) / sum(plan)
                return share * ((used[0] - need[0]) * (carry[0] - carry[1])
                                + (need[2] - used[2]) * (carry[1] - carry[2]))

            best = 0.0
            for plan in itertools.product(*(range(t.top + 1) for t in tables)):
                if sum(plan) and can_fill(places(recipes, plan), stock):
                    gain = sum(t.gain[n] for t, n in zip(tables, plan))
                    assert value.penalty(plan, stock) == pytest.approx(lost(plan))
                    best = max(best, gain - lost(plan))
            found, plan = value.best(stock)
            if trial % 2:
                assert found <= best + 1e-9
            else:
                assert found == pytest.approx(best), (stock, plan)
            if plan != (0, 0, 0):
                assert can_fill(places(recipes, plan), stock)
                gain = sum(t.gain[n] for t, n in zip(tables, plan))
                assert found == pytest.approx(gain - lost(plan))
                plans += 1
            else:
                assert found == 0.0
    assert plans > 300          # most stocks make a plan worth offering


def test_scenarios_draw_only_what_the_others_could_do():
    game = _midgame(players=4, month=6, phase="selling")
    view = game.view(0)
    scen = saa.Scenarios(view, Ledger(view), random.Random(1), 40, 0.6)
    recipes = view.rules.recipes
    most = [sum(largest_plan(recipes, view.stock[j])) for j in (1, 2, 3)]
    for s in range(40):
        total = sum(scen.offers[i][s] for i in range(3))
        assert 0 <= total <= sum(most)
    game.submit(0, {})
    for seat in (1, 2, 3):
        game.submit(seat, {})
    game.resolve()
    view = game.view(0)
    scen = saa.Scenarios(view, Ledger(view), random.Random(1), 40, 0.6)
    for g in range(3):
        assert all(0 <= n <= 3 * view.rules.order_limit for n in scen.orders[g])
