"""The ridge-regression bidder (g:ridge), the adaptive bidder (g:adapt) and their families:
registered, legal under every variation, reproducible, private, and better than a trivial
player."""
from __future__ import annotations

import collections
import itertools
import pathlib
import random

import pytest

import ed
from ed import hints, market
from ed.ai import gauntlet
from ed.ai.gauntlet import adapt, ridge
from ed.ai.gauntlet.base import Ledger
from ed.ai.gauntlet.ridge.draws import Scenarios
from ed.ai.gauntlet.ridge.fit import OrderModel, solve_ridge
from ed.ai.randomplay import random_entry
from ed.tools import tournament
from tests.test_gauntlet import play

KINDS = ("ridge", "adapt")
MEMBERS = tuple(gauntlet.FAMILY)
EVERY = KINDS + MEMBERS

#: the trivial player each must beat: the careful beginner (a person's first game)
TRIVIAL = "beginner"
OTHERS = ("ev", "margin", "keeper", "hoarder", "copycat", "beginner", "saa")


# ----------------------------------------------------------------- the surface


def test_both_kinds_are_registered_gauntlet_strategies():
    for name, cls in (("ridge", ridge.Ridge), ("adapt", adapt.Adaptive)):
        strategy = gauntlet.STRATEGIES[name]
        assert strategy.name == name and "\n" not in strategy.summary
        player = gauntlet.make(name, seed=4)
        assert type(player) is cls and player.name == name and player.fallbacks == 0
        assert set(player.parameters) == set(ridge.Ridge.PARAMETERS)
    assert gauntlet.make("ridge", seed=1).rivalry == 0.0
    assert gauntlet.make("adapt", seed=1).rivalry > 0.0


def test_each_family_has_six_members_made_with_their_own_knobs():
    assert MEMBERS == tuple(f"{kind}.{n}" for kind in KINDS for n in range(1, 7))
    for name in MEMBERS:
        kind, number = name.split(".")
        module = ridge if kind == "ridge" else adapt
        player = gauntlet.make(name, seed=3)
        assert player.name == name == gauntlet.FAMILY[name].name
        assert isinstance(player, ridge.Ridge) and (kind == "adapt") == isinstance(
            player, adapt.Adaptive)
        knobs = module.FAMILY[int(number)]
        for key in ridge.Knobs.__dataclass_fields__:
            spread = ridge.JITTER.get(key, 0.0)
            assert abs(getattr(player, key) - getattr(knobs, key)) <= spread + 1e-9, (name, key)
        assert gauntlet.make(name.upper(), seed=3).parameters == player.parameters
    # the members differ in what the brief of the family asks: memory, caution, count, worth,
    # and their answers to the variations
    for kind in KINDS:
        module = ridge if kind == "ridge" else adapt
        for key in ("window", "risk", "scenarios", "keep", "step", "borrow", "shade", "stretch"):
            assert len({getattr(k, key) for k in module.FAMILY.values()}) >= 3, (kind, key)
        assert all(32 <= k.scenarios <= 40 for k in module.FAMILY.values())


def test_the_family_is_split_once_into_a_tuning_half_and_a_held_out_half():
    assert set(gauntlet.TUNING) | set(gauntlet.HELD_OUT) == set(MEMBERS)
    assert not set(gauntlet.TUNING) & set(gauntlet.HELD_OUT)
    for half in (gauntlet.TUNING, gauntlet.HELD_OUT):
        assert sum(n.startswith("ridge.") for n in half) == 3
        assert sum(n.startswith("adapt.") for n in half) == 3
    sets = gauntlet.SETS
    assert sets["tuning"] == gauntlet.TUNING and sets["held-out"] == gauntlet.HELD_OUT
    for kind in KINDS:
        assert sorted(sets[f"{kind}.tuning"] + sets[f"{kind}.held-out"]) == [
            n for n in MEMBERS if n.startswith(kind + ".")]
        assert set(sets[f"{kind}.held-out"]) <= set(gauntlet.HELD_OUT)
    # the split is written where people look for it
    text = (pathlib.Path(__file__).parents[1] / "ed" / "ai" / "README.md").read_text("utf-8")
    assert "g:held-out" in text
    for name in gauntlet.HELD_OUT:
        assert f"`g:{name}`" in text, name


def test_an_unknown_member_is_refused_in_plain_words():
    with pytest.raises(ValueError, match=r"or a member of a family \(ridge\.1, ridge\.2"):
        gauntlet.make("ridge.7")


# ----------------------------------------------------------------- legality


def _sweep():
    """Every player count with every combination of the variations, short games; every name
    of both kinds sits at tables of every size and meets every variation."""
    combinations = list(itertools.product((False, True), repeat=4))
    turn = itertools.cycle(EVERY)
    for index in range(40):
        players = 2 + index % 5
        flags = combinations[(index * 7) % 16]
        rules = ed.Rules(players=players, months=(2, 3, 4, 12)[index % 4] if index % 8 else 3,
                         loans=flags[0], partial_fills=flags[1], partial_sales=flags[2],
                         classic_recipes=flags[3])
        seats = [gauntlet.make(next(turn), seed=index * 10 + s) for s in range(players - 1)]
        if index % 3 == 0:  # a seat at random: over-offers, broke seats, odd stock
            seats.append(None)
        else:
            seats.append(gauntlet.make(OTHERS[index % len(OTHERS)], seed=index))
        yield rules, seats


def test_every_entry_is_legal_at_every_player_count_and_variation():
    rng = random.Random(7)
    decisions = collections.Counter()
    seen = collections.defaultdict(set)
    checked = collections.Counter()
    for index, (rules, seats) in enumerate(_sweep()):
        game = ed.Game(rules, [f"S{i}" for i in range(rules.players)], seed=index)
        while not game.is_over:
            for seat, player in enumerate(seats):
                view = game.view(seat)
                if player is None:
                    game.submit(seat, random_entry(view, rng, over_offer=0.3))
                    continue
                entry = player.decide(view)
                if player.name in EVERY:
                    decisions[player.name] += 1
                    seen[player.name].add((rules.players, rules.loans, rules.partial_fills,
                                           rules.partial_sales, rules.classic_recipes))
                    assert hints.problems(view, entry) == [], (player, entry)
                    if view.phase == "selling":
                        assert hints.is_makeable(view, entry), (player, entry, view.own_stock)
                        checked["offers made from stock"] += 1
                    elif rules.loans:
                        # never more than it is willing to borrow
                        assert hints.order_cost(entry) <= view.own_cash + player.borrow
                        checked["orders within its borrowing"] += 1
                    else:
                        assert hints.order_cost(entry) <= view.own_cash, (player, entry)
                        checked["orders paid in cash"] += 1
                    assert player.explanation and "\n" not in player.explanation
                game.submit(seat, entry)
            game.resolve()
        for player in seats:
            assert player is None or player.fallbacks == 0, (player, player.last_error)
    assert set(decisions) == set(EVERY)
    assert min(decisions.values()) >= 20, decisions
    for name in EVERY:
        flags = seen[name]
        assert any(f[1] for f in flags) and any(f[2] for f in flags), name
        assert any(f[3] for f in flags) and any(f[4] for f in flags), name
    assert {f[0] for name in EVERY for f in seen[name]} == {2, 3, 4, 5, 6}
    assert min(checked.values()) > 50 and len(checked) == 3, checked


@pytest.mark.parametrize("name", EVERY)
def test_a_broke_seat_orders_nothing_it_cannot_pay_for(name):
    game = ed.Game(ed.Rules(players=2, months=3), ["Ann", "Bob"])
    game.submit(0, {"standard": (12, 75)})
    game.submit(1, {})
    game.resolve()
    assert game.cash(0) == 0
    player = gauntlet.make(name, seed=3)
    entry = player.decide(game.view(0))
    assert entry == {} and player.fallbacks == 0  # Standard alone makes nothing
    game.submit(0, entry)
    game.submit(1, {})
    game.resolve()
    entry = player.decide(game.view(0))
    assert hints.problems(game.view(0), entry) == [] and hints.order_cost(entry) == 0
    assert player.fallbacks == 0


@pytest.mark.parametrize("name", ["ridge.1", "ridge.4", "adapt.5", "adapt.4"])
def test_under_loans_it_borrows_no_more_than_its_setting_allows(name):
    """Variation I: a seat with $30 left may order beyond its cash, but a member that will not
    borrow (ridge.4, adapt.4: borrow 0) orders no more than it can pay."""
    game = ed.Game(ed.Rules(players=3, months=4, loans=True), ["Ann", "Bob", "Cy"], seed=2)
    game.submit(0, {"xfine": (6, 95)})
    game.submit(1, {"fine": (4, 33)})
    game.submit(2, {"standard": (4, 22)})
    game.resolve()
    assert game.cash(0) == 30
    for seat in range(3):
        game.submit(seat, {})
    game.resolve()
    player = gauntlet.make(name, seed=5)
    view = game.view(0)
    entry = player.decide(view)
    assert hints.problems(view, entry) == [] and player.fallbacks == 0
    assert hints.order_cost(entry) <= view.own_cash + player.borrow
    if player.borrow == 0:
        assert hints.order_cost(entry) <= view.own_cash


# ----------------------------------------------------------------- the variations' arithmetic


def _order_choice(monkeypatch, rules, seed=4):
    """The order search the ridge bidder runs in month 3 of a game among g:ev players."""
    game = ed.Game(rules, ["Ann", "Bob", "Cy"], seed=seed)
    cast = [gauntlet.make("ev", seed=s) for s in range(3)]
    play(game, cast, until=lambda g: (g.month, g.phase) == (3, "purchasing"))
    captured = {}
    real = ridge.OrderChoice.run

    def run(choice):
        captured["choice"] = choice
        return real(choice)

    monkeypatch.setattr(ridge.OrderChoice, "run", run)
    gauntlet.make("ridge", seed=1).decide(game.view(0))
    return captured["choice"]


@pytest.mark.parametrize("partial", [False, True])
def test_a_bid_fills_as_the_rules_say_in_every_scenario(monkeypatch, partial):
    """RULES §4.1.4 and Variation II: units bought at each scenario's price."""
    choice = _order_choice(monkeypatch, ed.Rules(players=3, months=6, partial_fills=partial))
    for g, units in itertools.product(range(3), (1, 4, 7)):
        prices = choice.prices(g, units)
        assert prices == [max(1, choice.prev[g] + units + o - 10) for o in choice.others[g]]
        for bid in choice.levels(g, units):
            assert bid >= market.min_bid(choice.prev[g], units)
            fills = choice.fills(g, units, bid)
            assert fills == [market.units_bought(units, bid, p, partial) for p in prices]
    if partial:  # a bid under every price still buys part of the order
        g, units = 0, 7
        low = min(choice.prices(g, units)) - 2
        assert any(0 < f < units for f in choice.fills(g, units, low))


def test_a_loan_costs_its_quarter_and_cash_buys_without_one():
    """RULES §6: a shortfall of $1 to $100 borrows $100, repaid as $125."""
    paid = ridge.OrderChoice._paid
    assert paid(300, 300) == 300
    assert paid(301, 300) == 301 + 25
    assert paid(500, 300) == 500 + 50
    assert paid(501, 300) == 501 + 75


@pytest.mark.parametrize("partial", [False, True])
def test_an_ask_sells_as_the_rules_say_in_every_scenario(partial):
    """RULES §4.2.5 and Variation III: units sold at each scenario's price, and the ask that
    cannot sell sells nothing even in part."""
    game = ed.Game(ed.Rules(players=3, months=6, partial_sales=partial), ["A", "B", "C"],
                   seed=6)
    cast = [gauntlet.make("keeper", seed=s) for s in range(3)]
    play(game, cast, until=lambda g: (g.month, g.phase) == (3, "selling"))
    view = game.view(0)
    scen = Scenarios(view, Ledger(view), random.Random(1), 32, window=6, strength=5.0,
                     forget=0.85)
    choice = ridge.OfferChoice(view, scen, None, None, risk=0.0, stretch=2)
    for i, units in itertools.product(range(3), (1, 3)):
        prices = choice.prices(i, units)
        base = view.prices[ed.rules.GOODS[i]] + 11 - 2 * units
        assert prices == [max(1, base - 2 * q) for q in scen.goods[i]]
        for ask in choice.asks(i, units):
            assert choice.sold(i, units, ask) == [market.units_sold(units, ask, p, partial)
                                                  for p in prices]
        assert choice.sold(i, units, choice.dead_ask(i, units)) == [0] * 32


def _last_month_sale(**options):
    """Two players, one month: Ann bought 2 X-Fine at $32 and 1 Fine at $21; Bob nothing."""
    game = ed.Game(ed.Rules(players=2, months=1, **options), ["Ann", "Bob"])
    game.submit(0, {"xfine": (2, 32), "fine": (1, 21)})
    game.submit(1, {})
    game.resolve()
    return game


@pytest.mark.parametrize("name", ["ridge", "adapt"])
@pytest.mark.parametrize("options", [{}, {"partial_sales": True}, {"classic_recipes": True}])
def test_last_month_offer_takes_the_one_ask_that_sells_dearest(name, options):
    """Bob can offer nothing, so one A alone moves A from $140 to $149: asking $149 sells it
    (more sells nothing; under Variation III one unit fewer per $2 over).  The stock makes
    one B instead, at most $124; kept, it is worth $85 to the Broker."""
    game = _last_month_sale(**options)
    player = gauntlet.make(name, seed=1)
    assert player.decide(game.view(0)) == {"A": (1, 149)}


def test_last_month_keeps_stock_the_broker_pays_more_for():
    """Six players, one month: 33 X-Fine ordered drive X-Fine to $63 and Ann bought 3; they
    make one A (an X-Fine in the Fine place), at most $149, and the Broker pays $189."""
    game = ed.Game(ed.Rules(players=6, months=1), [f"P{i}" for i in range(6)])
    game.submit(0, {"xfine": (3, 63)})
    for seat in range(1, 6):
        game.submit(seat, {"xfine": (6, 36)})
    game.resolve()
    for name in KINDS:
        player = gauntlet.make(name, seed=1)
        assert player.decide(game.view(0)) == {}, name
        assert player.explanation.startswith("keeps its stock")


# ----------------------------------------------------------------- the models


def test_the_ridge_fit_solves_its_normal_equations_and_leaves_one_out_exactly():
    rng = random.Random(1)
    xs = [[1.0] + [rng.random() for _ in range(4)] for _ in range(8)]
    ys = [[rng.random(), rng.random()] for _ in range(8)]
    ws = [rng.random() + 0.5 for _ in range(8)]
    penalty, prior = [0.3] * 5, [[0.1] * 5, [0.2] * 5]
    coef, errors = solve_ridge(xs, ys, ws, penalty, prior)
    for t in range(2):
        for i in range(5):  # the gradient of the penalised weighted squares is zero
            grad = sum(w * (y[t] - sum(c * v for c, v in zip(coef[t], x))) * x[i]
                       for x, y, w in zip(xs, ys, ws)) - penalty[i] * (coef[t][i] - prior[t][i])
            assert grad == pytest.approx(0.0, abs=1e-9)
    for m in range(8):  # each month's error is that of the fit made without it
        rest = [k for k in range(8) if k != m]
        without, _ = solve_ridge([xs[k] for k in rest], [ys[k] for k in rest],
                                 [ws[k] for k in rest], penalty, prior)
        for t in range(2):
            assert errors[m][t] == pytest.approx(
                ys[m][t] - sum(c * v for c, v in zip(without[t], xs[m])))


def test_a_seat_that_repeats_itself_is_foretold_and_its_errors_are_shared_by_the_month():
    """Bob orders 4 X-Fine and 2 Fine every month: the fit says so; a scenario adds the same
    past month's errors to every seat."""
    game = ed.Game(ed.Rules(players=3, months=8), ["Ann", "Bob", "Cy"], seed=1)
    rng = random.Random(3)
    for month in range(6):
        game.submit(0, {})
        game.submit(1, {"xfine": (4, 60), "fine": (2, 50)})
        game.submit(2, random_entry(game.view(2), rng))
        game.resolve()
        for seat in range(3):
            game.submit(seat, {})
        game.resolve()
    view = game.view(0)
    ledger = Ledger(view)
    model = OrderModel(view, ledger, 1, window=6, strength=5.0, forget=0.85)
    assert model.mean == pytest.approx([4.0, 2.0, 0.0], abs=0.6)
    other = OrderModel(view, ledger, 2, window=6, strength=5.0, forget=0.85)
    assert set(model.errors) == set(other.errors) == set(range(1, 6))
    draws = [model.sample(random.Random(s), 5) for s in range(20)]
    assert all(d[0] in (3, 4, 5) and d[1] in (1, 2, 3) for d in draws)


# ----------------------------------------------------------------- determinism and privacy


def _midgame(players=4, month=5, phase="purchasing", seed=3, **options):
    game = ed.Game(ed.Rules(players=players, months=8, **options),
                   [f"P{i}" for i in range(players)], seed=seed)
    cast = [gauntlet.make(OTHERS[(seed + s) % len(OTHERS)], seed=s) for s in range(players)]
    return play(game, cast, until=lambda g: (g.month, g.phase) == (month, phase))


@pytest.mark.parametrize("phase", ["purchasing", "selling"])
def test_same_seed_same_view_same_entry(phase):
    game = _midgame(phase=phase, loans=True, partial_fills=True, partial_sales=True)
    for name in EVERY:
        view = game.view(1)
        one, two = gauntlet.make(name, seed=11), gauntlet.make(name, seed=11)
        first = one.decide(view)
        assert two.decide(view) == first and one.explanation == two.explanation
        assert one.decide(view) == first  # asking again changes nothing
    for name in KINDS:
        drawn = {repr(gauntlet.make(name, seed=s).parameters) for s in range(4)}
        assert len(drawn) == 4, name


def test_a_whole_game_replays_from_its_seeds():
    def final(seed):
        game = ed.Game(ed.Rules(players=4, months=5, partial_fills=True), list("ABCD"), seed=seed)
        cast = [gauntlet.make(n, seed=seed * 10 + s)
                for s, n in enumerate(("ridge", "adapt", "ridge.2", "adapt.6"))]
        return play(game, cast).final_cash()

    assert final(3) == final(3)


@pytest.mark.parametrize("phase", ["purchasing", "selling"])
def test_it_decides_from_the_view_alone(phase):
    """Whatever the other seats have entered (or not yet), the decision is the same."""
    game = _midgame(players=3, month=4, phase=phase)
    rng = random.Random(2)
    seen = collections.defaultdict(set)
    for trial in range(4):
        for seat in (1, 2):
            if trial % 2:
                game.withdraw(seat)
            else:
                game.submit(seat, random_entry(game.view(seat), rng, over_offer=0.0))
        view = game.view(0)
        assert view.entry is None and not hasattr(view, "game")
        for name in ("ridge", "adapt", "ridge.5", "adapt.3"):
            player = gauntlet.make(name, seed=5)
            seen[name].add(tuple(sorted(player.decide(view).items())))
    assert all(len(entries) == 1 for entries in seen.values()), seen


# ----------------------------------------------------------------- the tournament


def test_a_set_of_the_family_takes_a_seat_in_turn():
    players = [("g:held-out", None), ("expert", None), ("g:held-out", None)]
    size = len(gauntlet.HELD_OUT)
    seen = collections.Counter()
    for index in range(2 * size):
        first, expert, third = tournament.members(players, index)
        assert expert == ("expert", None)
        assert first[0] == "g:" + gauntlet.HELD_OUT[index % size]
        assert third[0] == "g:" + gauntlet.HELD_OUT[(index + 1) % size]
        seen[first[0]] += 1
    assert set(seen) == {"g:" + n for n in gauntlet.HELD_OUT} and set(seen.values()) == {2}


def test_the_tournament_plays_members_and_sets(capsys):
    assert tournament.main(["--games", "2", "--months", "2", "--seats",
                            "g:ridge.held-out,g:adapt.2,expert", "--quiet",
                            "--variations", "loans,partial_fills,partial_sales"]) == 0
    out = capsys.readouterr().out
    assert "P1 g:ridge.held-out" in out and "P2 g:adapt.2" in out and "P3 expert" in out
    assert "fallbacks: none" in out
    assert tournament.main(["--games", "1", "--seats", "g:ridge.9,expert"]) == 2
    assert "'g:ridge.9' is not a gauntlet strategy" in capsys.readouterr().err


def test_the_tournament_seats_experts_as_the_window_does():
    """The window's set-up makes a computer seat of each expert with its character, and a
    person's seat for the player: an outside player's seat is not an expert's either, so the
    experts plan in the open among themselves as they would in the window."""
    from ed.ui.presenter.setup import SeatSetup
    for personality in ("mabel", "rex", "iris", None):
        window = SeatSetup("Mabel", True, "expert", personality).seat()
        assert tournament.seat_for(("expert", personality)) == window
    person = SeatSetup("Ann").seat()
    for outsider in ("g:ridge", "g:adapt.3"):
        seat = tournament.seat_for((outsider, None))
        assert seat.level != "expert" and person.level != "expert"


# ----------------------------------------------------------------- strength


@pytest.mark.parametrize("name", EVERY)
def test_it_beats_a_trivial_player(name):
    """Alone among three g:beginner over three games of the usual twelve months, in a
    different seat in each: more cash in all than any of them."""
    totals = [0, 0, 0, 0]  # its own, then each beginner's in the order they were made
    for seed in range(3):
        game = ed.Game(ed.Rules(players=4), list("ABCD"), seed=seed)
        cast = [gauntlet.make(name, seed=seed)] + [gauntlet.make(TRIVIAL, seed=seed * 10 + k)
                                                   for k in range(1, 4)]
        order = cast[seed:] + cast[:seed]   # first, then fourth, then third
        final = play(game, order).final_cash()
        for position, player in enumerate(order):
            totals[cast.index(player)] += final[position]
    assert totals[0] > max(totals[1:]), (name, totals)
