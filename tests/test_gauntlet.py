"""The gauntlet: legal, private, deterministic, documented sparring partners."""
from __future__ import annotations

import ast
import collections
import itertools
import pathlib
import random

import pytest

import ed
from ed import ai, hints, market
from ed.ai import gauntlet
from ed.ai.gauntlet import base, ev
from ed.tuning import search
from ed.production import can_fill, places
from ed.engine import series_seed
from ed.ai.randomplay import random_entry

NAMES = tuple(gauntlet.STRATEGIES)
#: the strategies the legality sweep below seats; g:ridge and g:adapt, with their families, are
#: swept under every variation and table size in tests/test_gauntlet_ridge.py
SWEPT = tuple(n for n in NAMES if n not in ("ridge", "adapt"))
PACKAGE = pathlib.Path(gauntlet.__file__).parent


def play(game, players, *, until=None):
    """Let every seat's player decide until the game is over (or ``until(game)`` is true)."""
    while not game.is_over and not (until and until(game)):
        for seat, player in enumerate(players):
            game.submit(seat, player.decide(game.view(seat)))
        game.resolve()
    return game


# ----------------------------------------------------------------- the surface


def test_at_least_the_eight_strategies_in_order():
    assert NAMES[:8] == ("margin", "ev", "keeper", "hoarder", "flooder", "copycat", "exploit",
                         "beginner")


def test_every_strategy_is_summed_up_in_one_line():
    for name, strategy in gauntlet.STRATEGIES.items():
        assert strategy.name == name
        assert strategy.summary and "\n" not in strategy.summary and len(strategy.summary) < 200
        player = strategy.make(seed=1)
        assert player.name == name and player.fallbacks == 0
        assert player.explanation == ""


def test_every_module_says_what_it_knows_and_imports():
    imports_above = told = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text("utf-8")))
        assert doc, path.name
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 2 + (path.parent != PACKAGE):
                module = node.module or ""
                # written apart from the levels: none of their modules is imported
                assert module.split(".")[0] not in ("levels", "models", "pricing", "planner",
                                                    "characters"), (path.name, module)
                imports_above += 1
        if path != PACKAGE / "__init__.py":
            assert "import" in doc.lower() and "knows" in doc.lower(), path.name
            told += 1
    # every strategy's module and base imports the engine's pure modules from above
    assert imports_above > 20 and told == len(list(PACKAGE.rglob("*.py"))) - 1


def test_make_refuses_an_unknown_name_in_plain_words():
    with pytest.raises(ValueError, match=r"Unknown gauntlet strategy 'zed'; choose one of "
                                         r"margin, ev, keeper, hoarder, flooder, copycat, exploit"):
        gauntlet.make("zed")
    assert gauntlet.make(" EV ", seed=1).name == "ev"


def test_the_game_over_gets_an_empty_entry():
    game = play(ed.Game(ed.Rules(players=2, months=1), ["A", "B"]),
                [gauntlet.make("ev", seed=1), gauntlet.make("margin", seed=2)])
    for name in NAMES:
        player = gauntlet.make(name, seed=1)
        assert player.decide(game.view(0)) == {}
        assert player.fallbacks == 0


def test_an_internal_error_passes_the_phase_is_counted_and_logged(ai_fallbacks):
    player = gauntlet.make("keeper", seed=1)
    player.order = lambda view, rng: 1 / 0
    game = ed.Game(ed.Rules(players=2), ["A", "B"])
    assert player.decide(game.view(0)) == {}
    assert player.fallbacks == 1 and player.explanation == "passes this phase"
    assert player.last_error == "ZeroDivisionError: division by zero"
    [record] = ai_fallbacks
    assert record.name == "ed.ai.gauntlet.base" and record.exc_info[0] is ZeroDivisionError
    assert "seat 0, month 1 purchasing, passes the phase" in record.getMessage()
    ai_fallbacks.clear()


def test_an_illegal_intention_is_never_handed_back(ai_fallbacks):
    player = gauntlet.make("margin", seed=1)
    player.order = lambda view, rng: ({"xfine": (3, 1)}, "bids below the minimum")
    game = ed.Game(ed.Rules(players=2), ["A", "B"])
    assert player.decide(game.view(0)) == {}
    assert player.fallbacks == 1 and player.last_error.startswith("ValueError: illegal entry")
    assert len(ai_fallbacks) == 1
    ai_fallbacks.clear()


# ----------------------------------------------------------------- legality


def _sweep_games():
    """Every player count with every month count, every combination of variations."""
    rng = random.Random(2025)
    months_choices = (1, 2, 3, 12, 36)
    combinations = list(itertools.product((False, True), repeat=4))
    # the strategies take the seats in turn, in a turn of their own at each size of table
    turns = {n: itertools.cycle(SWEPT[n:] + SWEPT[:n]) for n in range(2, 7)}
    for index in range(40):
        players = 2 + index % 5
        months = months_choices[(index // 5 + index) % 5]
        flags = combinations[index % 16]
        rules = ed.Rules(players=players, months=months, loans=flags[0], partial_fills=flags[1],
                         partial_sales=flags[2], classic_recipes=flags[3])
        random_seat = index % 3 == 0  # a seat at random: over-offers, broke seats, odd stock
        seats = [gauntlet.make(next(turns[players]), seed=index * 10 + seat)
                 for seat in range(players - random_seat)]
        yield rules, seats + [None] * random_seat, rng


def test_legality_sweep_submit_never_refuses_and_offers_are_makeable():
    decisions = collections.Counter()
    checked = collections.Counter()
    counts = collections.defaultdict(set)
    for rules, seats, rng in _sweep_games():
        game = ed.Game(rules, [f"S{i}" for i in range(rules.players)], seed=sum(decisions.values()))
        while not game.is_over:
            for seat, player in enumerate(seats):
                view = game.view(seat)
                if player is None:
                    game.submit(seat, random_entry(view, rng, over_offer=0.3))
                    continue
                entry = player.decide(view)
                decisions[player.name] += 1
                counts[player.name].add(rules.players)
                assert hints.problems(view, entry) == [], (entry, player)
                if view.phase == "selling":
                    assert hints.is_makeable(view, entry), (entry, view.own_stock, player)
                    checked["offers made from stock"] += 1
                    if sum(view.own_stock) < 3:
                        assert entry == {}
                        checked["nothing to sell"] += 1
                elif not rules.loans:
                    assert hints.order_cost(entry) <= view.own_cash, (entry, player)
                    checked["orders paid in cash"] += 1
                assert player.explanation and "\n" not in player.explanation
                game.submit(seat, entry)
            game.resolve()
        for player in seats:
            assert player is None or player.fallbacks == 0, player
    assert sum(decisions.values()) > 3000
    assert set(decisions) == set(SWEPT)
    assert all(n > 200 for n in decisions.values()), decisions
    assert all(counts[name] == {2, 3, 4, 5, 6} for name in SWEPT), counts
    assert min(checked.values()) > 100 and len(checked) == 3, checked


def _broke_game(loans=False):
    """Two players; seat 0 spends every dollar in January on materials that make nothing."""
    game = ed.Game(ed.Rules(players=2, months=3, loans=loans), ["Ann", "Bob"])
    game.submit(0, {"standard": (12, 75)})
    game.submit(1, {})
    game.resolve()
    assert game.cash(0) == 0
    return game


@pytest.mark.parametrize("name", NAMES)
def test_a_broke_seat_orders_nothing_it_cannot_pay_for(name):
    game = _broke_game()
    assert gauntlet.make(name, seed=3).decide(game.view(0)) == {}  # Standard alone makes nothing
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    player = gauntlet.make(name, seed=3)
    entry = player.decide(game.view(0))
    assert hints.problems(game.view(0), entry) == []
    assert hints.order_cost(entry) <= game.cash(0) == 0
    assert player.fallbacks == 0


@pytest.mark.parametrize("name", NAMES)
def test_a_broke_seat_plays_legally_under_loans(name):
    game = _broke_game(loans=True)
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    player = gauntlet.make(name, seed=3)
    entry = player.decide(game.view(0))
    assert hints.problems(game.view(0), entry) == [] and player.fallbacks == 0
    game.submit(0, entry)


def test_empty_stock_offers_nothing():
    game = ed.Game(ed.Rules(players=3), ["A", "B", "C"])
    for seat in range(3):
        game.submit(seat, {})
    game.resolve()
    for name in NAMES:
        player = gauntlet.make(name, seed=1)
        assert player.decide(game.view(0)) == {}
        assert player.explanation and player.fallbacks == 0


# ----------------------------------------------------------------- determinism and privacy


def _midgame(seed=5, players=4, month=4):
    game = ed.Game(ed.Rules(players=players, months=6), [f"P{i}" for i in range(players)],
                   seed=seed)
    cast = [gauntlet.make(NAMES[(seed + s) % len(NAMES)], seed=s) for s in range(players)]
    return play(game, cast, until=lambda g: g.month == month)


def test_same_seed_same_view_same_decision():
    game = _midgame()
    for phase in range(2):
        for seat in range(4):
            view = game.view(seat)
            for name in NAMES:
                one, two = gauntlet.make(name, seed=11), gauntlet.make(name, seed=11)
                assert one.decide(view) == two.decide(view)
                assert one.explanation == two.explanation
                assert one.decide(view) == two.decide(view)  # asking twice changes nothing
        for seat in range(4):
            game.submit(seat, {})
        game.resolve()


def test_different_seeds_draw_different_parameters():
    for name in NAMES:
        drawn = [gauntlet.make(name, seed=s).parameters for s in range(5)]
        assert drawn[0] == gauntlet.make(name, seed=0).parameters
        assert drawn[0], name
        assert len({repr(p) for p in drawn}) >= 3, name


def test_three_copies_do_not_move_in_lockstep():
    for name in NAMES:
        game = ed.Game(ed.Rules(players=4, months=4), ["A", "B", "C", "D"], seed=3)
        cast = [gauntlet.make("ev", seed=9)] + [gauntlet.make(name, seed=s) for s in (1, 2, 3)]
        differ = False
        while not game.is_over:
            entries = []
            for seat, player in enumerate(cast):
                entries.append(player.decide(game.view(seat)))
                game.submit(seat, entries[-1])
            differ = differ or len({repr(sorted(e.items())) for e in entries[1:]}) > 1
            game.resolve()
        assert differ, name


@pytest.mark.parametrize("month, phase", [(1, "purchasing"), (1, "selling"), (3, "purchasing"),
                                          (5, "selling")])
def test_another_seats_unrevealed_entry_never_changes_a_decision(month, phase):
    game = ed.Game(ed.Rules(players=3, months=6), ["A", "B", "C"], seed=9)
    cast = [gauntlet.make("ev", seed=1), gauntlet.make("keeper", seed=2),
            gauntlet.make("copycat", seed=3)]
    play(game, cast, until=lambda g: (g.month, g.phase) == (month, phase))
    rng = random.Random(1)
    seen = set()
    for trial in range(6):
        for seat in (1, 2):
            if trial % 3 == 2:
                game.withdraw(seat)
            else:
                game.submit(seat, random_entry(game.view(seat), rng, over_offer=0.0))
        for name in NAMES:
            player = gauntlet.make(name, seed=4)
            entry = player.decide(game.view(0))
            seen.add((name, tuple(sorted(entry.items())), player.explanation))
    assert len(seen) == len(NAMES)


# ----------------------------------------------------------------- the sums they rest on


def test_purchase_for_buys_the_fewest_units_that_fill_the_places():
    for need in itertools.product(range(3), repeat=3):
        for stock in itertools.product(range(3), repeat=3):
            bought = base.purchase_for(need, stock)
            total = tuple(s + b for s, b in zip(stock, bought))
            assert can_fill(need, total), (need, stock, bought)
            fewest = min(sum(b) for b in itertools.product(range(5), repeat=3)
                         if can_fill(need, tuple(s + x for s, x in zip(stock, b))))
            assert sum(bought) == fewest, (need, stock, bought)


def test_expected_units_sold_match_the_rules_under_every_outcome():
    spread = base.Spread.normal(4.2, 1.7, 0, 20)
    for partial in (False, True):
        for n, ask in itertools.product(range(1, 6), range(100, 140)):
            exact = sum(spread.prob(k) * market.units_sold(
                n, ask, market.new_price(120, market.goods_move(k + n)), partial)
                for k in range(spread.low, spread.high + 1))
            assert ev._expected_sold(spread, n, ask, 120, partial) == pytest.approx(exact)


def test_a_spread_sums_its_cumulative_table():
    spread = base.Spread.normal(5.3, 2.0, 0, 20)
    assert sum(spread.pmf) == pytest.approx(1.0)
    assert spread.mean == pytest.approx(5.3, abs=0.05)
    for first, last in ((3, 7), (-3, 2), (10, 25), (0, 0), (14, 16)):
        assert spread.sum_at_most(first, last) == pytest.approx(
            sum(spread.at_most(k) for k in range(first, last + 1)))


# ----------------------------------------------------------------- the search


def _pasted(out: str, name: str):
    """The vector the search printed as ``name = Knobs(...)``, run as the line to paste."""
    namespace = {"Knobs": ev.Knobs}
    exec(out[out.index(f"{name} = "):].strip(), namespace)
    return namespace[name]


def test_search_smoke_prints_a_vector_to_paste(capsys):
    status = search.main(["--target", "hard", "--games", "2", "--rounds", "1", "--population",
                          "1", "--months", "2", "--players", "3"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "round 1/1" in out
    assert isinstance(_pasted(out, "KNOBS"), ev.Knobs)


def test_search_alone_seats_one_exploiter_among_copies_of_the_target(capsys):
    status = search.main(["--target", "easy", "--alone", "--games", "2", "--rounds", "1",
                          "--population", "1", "--months", "2", "--players", "3"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "searching alone against 2 of easy" in out
    assert isinstance(_pasted(out, "LONE_KNOBS"), ev.Knobs)


def test_the_table_turned_round_scores_the_best_copy_of_the_target():
    rules = ed.Rules(players=3, months=2)
    for index in range(3):
        table, exploiter = search.play(rules, "easy", search.KNOBS, index, seed=2, alone=True)
        game = ed.Game(rules, ["P1", "P2", "P3"], series_seed(2, index))
        seed = game.seed * 10
        players = [search.Exploiter(seed + p, knobs=search.KNOBS) if p == index % 3
                   else ai.Avatar("easy", seed=seed + p) for p in range(3)]
        final = play(game, players).final_cash()
        assert exploiter == final[index % 3]
        assert table == max(c for p, c in enumerate(final) if p != index % 3)


@pytest.mark.parametrize("args, message", [
    (["--target", "zed"], "'zed' is not a level; the levels are easy, medium, hard"),
    (["--target", "g:zed"], "'g:zed' is not a gauntlet strategy"),
    (["--players", "7"], "--players must be from 2 to 6, not 7."),
    (["--games", "0"], "--games must be 1 or more, not 0."),
])
def test_search_refuses_bad_arguments_in_plain_words(capsys, args, message):
    assert search.main(args) == 2
    out, err = capsys.readouterr()
    assert message in err and "Traceback" not in err and out == ""


def test_search_takes_gauntlet_targets_and_levels_by_name():
    for target in ("hard", "easy:rex", "g:ev", "g:keeper"):
        player = search.target_factory(target)(5)
        game = ed.Game(ed.Rules(players=2), ["A", "B"])
        view = game.view(0)
        entry = player.decide(view)
        assert hints.problems(view, entry) == []
        game.submit(0, entry)
