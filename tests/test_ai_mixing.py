"""The expert's entries are no fixed point: drawn among good ones by each seat's own seed,
counting what its units cost the rivals, with each character's own temper."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ed
from ed import ai, hints
from ed.ai import accord, characters, mixing, opponents, replies, scenarios, worth
from ed.ai.characters import NEUTRAL, Temper
from ed.ai.optimiser import Candidate, Optimiser, optimiser_for
from ed.engine import Seat
from ed.rules import DEFAULT_RECIPES

RECIPES = [DEFAULT_RECIPES[g] for g in "ABC"]


def _table(levels, seed=3, personalities=None, **variations):
    players = len(levels)
    personalities = personalities or [None] * players
    seats = [Seat("computer", level, p) for level, p in zip(levels, personalities)]
    game = ed.Game(ed.Rules(players=players, **variations), [f"P{i}" for i in range(players)],
                   seed=seed, seats=seats)
    avatars = [ai.Avatar(level, p, seed=seed * 10 + s)
               for s, (level, p) in enumerate(zip(levels, personalities))]
    return game, avatars


def _play_to(game, avatars, month, phase="purchasing"):
    while (game.month, game.phase) != (month, phase):
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()


def _plan_of(view):
    models = opponents.OpponentModels()
    past, now = opponents.positions(view)
    return accord.plan(view, models, (past, now), replies.Replies().bind(view, models, past, now))


# ----------------------------------------------------------------- drawing among good entries


def test_without_a_spread_the_draw_is_the_first_best():
    assert mixing.pick([3.0, 5.0, 5.0, 1.0], random.Random(1), 0.0) == 1


def test_the_draw_favours_the_better_entries_and_never_reaches_far_below_the_best():
    rng = random.Random(2)
    worths = [10.0, 9.0, 7.0, 10.0 - 3.5 * 2.0]
    drawn = Counter(mixing.pick(worths, rng, 2.0) for _ in range(4000))
    assert drawn[3] == 0                         # 3.5 spreads below the best: never drawn
    assert drawn[0] > drawn[1] > drawn[2] > 0
    # weights exp(0), exp(-1/2), exp(-3/2)
    assert drawn[0] / 4000 == pytest.approx(1 / (1 + 0.6065 + 0.2231), abs=0.03)


def test_one_seat_with_one_seed_always_decides_the_same():
    game, avatars = _table(["expert"] * 4)
    _play_to(game, avatars, 3)
    view = game.view(2)
    entries = {tuple(sorted(ai.Avatar("expert", seed=77).decide(view).items())) for _ in range(3)}
    assert len(entries) == 1


def test_seats_with_other_seeds_enter_other_entries_from_the_same_view():
    """A plan shared in the open is not one fixed point: the record alone does not give the
    entry away, each seat's own seed draws it (prices as well as units)."""
    game, avatars = _table(["expert"] * 4)
    _play_to(game, avatars, 4)
    for _ in range(2):          # purchasing, then selling
        view = game.view(1)
        entries = {tuple(sorted(ai.Avatar("expert", seed=s).decide(view).items()))
                   for s in range(10)}
        assert len(entries) >= 3, entries
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()


def test_an_expert_draws_its_units_from_its_part_of_the_plan_or_one_step_from_it():
    game, avatars = _table(["expert", "hard", "expert", "expert"], seed=5)
    moved = same = 0
    while not game.is_over:
        table = _plan_of(game.view(1))
        keys = ed.RAW if game.phase == "purchasing" else ed.GOODS
        for seat, avatar in enumerate(avatars):
            view = game.view(seat)
            entry = avatar.decide(view)
            assert not hints.problems(view, entry)
            if seat in table.units:
                units = tuple(entry.get(key, (0, 0))[0] for key in keys)
                planned = table.units[seat]
                steps = sum(abs(a - b) for a, b in zip(units, planned))
                if game.phase == "purchasing":
                    # a unit more or fewer, one moved, or one good more or fewer to make
                    assert steps <= 3, (game.month, seat, units, planned)
                else:
                    assert steps <= 2, (game.month, seat, units, planned)
                same += steps == 0
                moved += steps > 0
            game.submit(seat, entry)
        game.resolve()
    assert same > moved > 0
    assert sum(a.fallbacks for a in avatars) == 0


def test_the_other_experts_are_drawn_about_their_part_of_the_plan():
    game, avatars = _table(["expert"] * 4)
    _play_to(game, avatars, 3)
    view = game.view(0)
    avatars[0].decide(view)
    table = _plan_of(view)
    sc = avatars[0].last_scenarios
    for g in range(3):
        planned = sum(table.units[s][g] for s in (1, 2, 3))
        assert sum(sc.raw[g]) / sc.n == pytest.approx(planned, abs=1.0)
        assert len(set(sc.raw[g])) > 1            # no longer known to the unit
    assert sc.rivals == 0                         # no seat outside the plan to count against


# ----------------------------------------------------------------- what its units cost the rivals


def _midgame(month=5, **rules):
    game = ed.Game(ed.Rules(players=4, **rules), [f"P{i}" for i in range(4)], seed=3)
    avatars = [ai.Avatar("hard", seed=s) for s in range(4)]
    while game.month < month:
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    return game


def test_each_unit_ordered_counts_what_it_costs_the_rivals():
    """A raw unit raises its grade's price $1 for every unit the rivals buy (RULES §3): the
    optimiser counts a share of that for each unit it orders, more under partial fills,
    where a rival under the market loses a unit for each dollar (Variation II)."""
    game = _midgame()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(3), 32)
    values = worth.stock_values([view.prices[k] for k in ed.COMMODITIES], RECIPES, 7)
    opt = Optimiser(view, sc, values, NEUTRAL)
    mean = [sum(row) / sc.n for row in sc.raw]
    assert sc.rivals == 3
    for g in range(3):
        weighed = sc.rival_raw[g]
        assert opt.raw_spite[g] == pytest.approx(
            opt_spite() * ai.optimiser.RAW_HURT[False] * weighed / 3)
        assert weighed > 0 and mean[g] > 0
    cand = Candidate((0, 0, 0), (0, 2, 0))
    spiteless = Optimiser(view, sc, values, Temper(spite=0.0))
    assert opt.value(cand, [0, 60, 0]) == pytest.approx(spiteless.value(cand, [0, 60, 0])
                                                        + 2 * opt.raw_spite[1])
    partial = _midgame(partial_fills=True).view(0)
    sc = scenarios.draw(partial, opponents.OpponentModels(), random.Random(3), 32)
    opt = Optimiser(partial, sc, values, NEUTRAL)
    assert opt.raw_spite[0] == pytest.approx(     # counted less under partial fills
        ai.optimiser.SPITE_PARTIAL_FILLS * ai.optimiser.RAW_HURT[True] * sc.rival_raw[0] / 3)
    assert ai.optimiser.SPITE_PARTIAL_FILLS < ai.optimiser.SPITE
    assert ai.optimiser.RAW_HURT[True] > ai.optimiser.RAW_HURT[False]


def opt_spite():
    return ai.optimiser.SPITE


def test_the_leading_rival_counts_most():
    game = _midgame()
    view = game.view(0)
    worths = {s: scenarios.standing(view, s) for s in (1, 2, 3)}
    weights = scenarios.threats(view, (1, 2, 3))
    assert sum(weights.values()) == pytest.approx(3)
    order = sorted(worths, key=worths.get)
    assert [weights[s] for s in order] == sorted(weights.values())
    stock, prices = view.stock[1], view.prices
    assert worths[1] == (view.cash[1] + stock[0] * prices["xfine"] + stock[1] * prices["fine"]
                         + stock[2] * prices["standard"] - view.borrowed[1] * 5 // 4)


def test_experts_at_one_table_count_only_the_seats_outside_the_plan_as_rivals():
    game, avatars = _table(["expert", "hard", "expert", "expert"])
    _play_to(game, avatars, 4)
    view = game.view(0)
    avatars[0].decide(view)
    sc = avatars[0].last_scenarios
    assert sc.rivals == 1
    hard = sc.orders[1].mean
    assert sc.rival_raw == pytest.approx(hard, abs=1.0)


def test_a_grade_piled_far_beyond_a_months_trade_earns_less_of_the_margin():
    limit = ed.Rules(players=2).order_limit
    parts = worth.glut((2, 9, 40), limit)
    assert parts[0] == 1.0 and parts[2] == 0.0 and 0.0 < parts[1] <= 1.0
    values = worth.stock_values([40, 30, 20, 140, 115, 90], RECIPES, 5, parts=(1.0, 1.0, 0.0))
    assert values[2] == 20 and values[0] > 40


# ----------------------------------------------------------------- the characters


def test_each_character_plays_its_own_temper_at_the_expert_level():
    tempers = {key: ai.Avatar("expert", key).temper for key in ai.PERSONALITIES}
    assert tempers == characters.EXPERT_TEMPERS
    assert tempers["iris"].cushion > 0                                   # keeps a cushion
    assert tempers["rex"].order_bonus > 0 and tempers["rex"].dear < 0    # big orders, quick sales
    assert tempers["mabel"].dear > 0                                     # never overpays
    assert tempers["otto"].favourite == "A" and tempers["cora"].favourite == "C"
    assert tempers["felix"] == NEUTRAL
    assert len({t for t in tempers.values()}) == 6
    assert ai.Avatar("hard", "iris").temper == ai.TEMPERS["iris"]        # the other levels: in full


def test_with_loans_cora_keeps_only_her_liking_for_c_and_the_table_counts_her_so():
    """Borrowing to make many goods cost her more than it earned: with loans on, her liking
    for C alone, in her own decisions and in the table's plan; without, her whole temper."""
    lean = characters.EXPERT_TEMPERS_WITH_LOANS["cora"]
    assert lean == Temper(favourite="C", favour=characters.EXPERT_TEMPERS["cora"].favour)
    for loans, temper in ((True, lean), (False, characters.EXPERT_TEMPERS["cora"])):
        game, avatars = _table(["expert"] * 3, personalities=["cora", "rex", None], loans=loans)
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        assert avatars[0].temper == temper and accord.temper_of(game.view(1), 0) == temper
        assert avatars[1].temper == characters.EXPERT_TEMPERS["rex"]     # the others as ever
        assert accord.temper_of(game.view(0), 2) == NEUTRAL


def test_iris_never_spends_her_cushion_before_the_last_month():
    game, avatars = _table(["expert"] * 4, seed=6, personalities=["iris", "rex", "mabel", "otto"])
    cushion = int(characters.EXPERT_TEMPERS["iris"].cushion * game.rules.starting_cash)
    while not game.is_over:
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        report = game.resolve()
        if report.phase == "purchasing" and report.month < game.rules.months:
            iris = report.record.seats[0]
            assert iris.cash_after >= cushion or not sum(iris.done), report.month
