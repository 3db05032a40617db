"""The expert level's parts: what stock is worth, the opponent models, the scenarios, the optimiser."""
from __future__ import annotations

import gc
import random
import types

import pytest

import ed
from ed import ai, hints, market
from ed.ai import opponents, replies, scenarios, worth
from ed.ai.characters import NEUTRAL
from ed.ai.optimiser import Candidate, Optimiser, _Sold
from ed.engine import Seat
from ed.rules import DEFAULT_RECIPES

RECIPES = [DEFAULT_RECIPES[g] for g in "ABC"]
OPENING = [40, 30, 20, 140, 115, 90]


# ----------------------------------------------------------------- worth of stock


def test_margins_per_unit_at_the_opening_prices():
    # A: 140 - (2 * 40 + 30) = 30, B: 115 - (2 * 30 + 20) = 35, C: 90 - (30 + 2 * 20) = 20; per unit / 3
    assert worth.unit_margins(OPENING, RECIPES) == pytest.approx((10.0, 35 / 3, 20 / 3))


def test_a_grade_earns_the_best_margin_it_can_take_part_in():
    # X-Fine only goes into A (10 a unit) or stands in for Fine (35/3 less the $10 it gives up);
    # Fine goes into B (35/3); Standard into B or C, B being better.
    assert worth.best_margins(OPENING, RECIPES) == pytest.approx((10.0, 35 / 3, 35 / 3))


def test_stock_is_worth_its_price_plus_a_share_of_the_margin():
    share = worth.carry_share(5)
    assert worth.stock_values(OPENING, RECIPES, 5) == pytest.approx(
        (40 + share * 10, 30 + share * 35 / 3, 20 + share * 35 / 3))
    assert share > 0


def test_the_share_shrinks_towards_the_end():
    shares = [worth.carry_share(m) for m in range(0, 8)]
    assert shares[0] == 0.0
    assert shares == sorted(shares)
    assert len(set(shares)) > 2                   # it does shrink, it is not one number
    assert shares[:len(worth.CARRY)] == list(worth.CARRY)


def test_the_share_is_read_from_its_table_by_months_left():
    table = (0.0, 0.25, 0.5)
    assert [worth.carry_share(m, table) for m in (-1, 0, 1, 2, 3, 9)] == \
        [0.0, 0.0, 0.25, 0.5, 0.5, 0.5]


def test_a_grade_without_margin_is_worth_its_price():
    prices = [40, 30, 20, 60, 60, 40]   # every good below its recipe's cost
    assert worth.stock_values(prices, RECIPES, 6) == pytest.approx((40, 30, 20))


# ----------------------------------------------------------------- opponent models


def _scripted_game(switch_month: int, months: int = 10):
    """Seat 1 orders Standard until ``switch_month``, X-Fine after; seats 0 and 2 never order."""
    game = ed.Game(ed.Rules(players=3, months=months), ["Ann", "Bob", "Cy"], seed=1)

    def order(view):
        key = "standard" if view.month < switch_month else "xfine"
        return {key: (4, hints.min_bid(view, key, 4) + 1)}

    return game, order


def _play_to(game, order, month):
    while game.month < month:
        for seat in range(3):
            view = game.view(seat)
            if view.phase == "purchasing" and seat == 1:
                game.submit(seat, order(view))
            else:
                game.submit(seat, {})
        game.resolve()


def test_an_opponents_forecast_moves_after_its_behaviour_changes():
    game, order = _scripted_game(switch_month=5)
    models = opponents.OpponentModels()
    _play_to(game, order, 5)
    before = models.forecast(game.view(0))[1].mean
    assert before[2] > 3 and before[0] < 1       # it has always bought Standard
    _play_to(game, order, 9)
    after = models.forecast(game.view(0))[1].mean
    assert after[0] > 3 and after[2] < 1         # four months of X-Fine since


def test_a_seat_that_never_orders_is_forecast_to_order_nothing():
    game, order = _scripted_game(switch_month=99)
    _play_to(game, order, 5)
    prediction = opponents.OpponentModels().forecast(game.view(0))[2]
    assert sum(prediction.mean) < 1.0


def test_the_forecast_weighs_the_models_by_their_record():
    game, order = _scripted_game(switch_month=99)
    _play_to(game, order, 6)
    prediction = opponents.OpponentModels().forecast(game.view(0))[1]
    assert sum(prediction.weights) == pytest.approx(1.0)
    # "repeat" foretold every month exactly; a model buying for recipes never did
    assert prediction.weights[prediction.names.index("repeat")] > 0.3
    assert prediction.weights[prediction.names.index("margin")] < 0.05


def test_positions_rebuild_each_seats_public_state():
    game, order = _scripted_game(switch_month=99)
    _play_to(game, order, 3)
    past, now = opponents.positions(game.view(0))
    assert [kind for kind, _, _ in past] == ["purchasing", "selling"] * 2
    for pos in now:
        assert pos.cash == game.cash(pos.seat)
        assert pos.stock == tuple(game.stock(pos.seat).values())
    assert now[1].orders == ((0, 0, 4), (0, 0, 4))


def test_every_seat_of_a_phase_is_given_one_replay_and_each_its_own_lists(monkeypatch):
    """The last replay is kept for the next view of the same phase: the seats deciding a
    phase one after another replay it once, and get the very positions a fresh replay gives,
    in lists of their own; a phase later, or a game read back from its save (the same
    record in new reports), is replayed again, to the same positions."""
    game, order = _scripted_game(switch_month=99)
    _play_to(game, order, 3)
    replays = []
    real = opponents._replay
    monkeypatch.setattr(opponents, "_replay", lambda view: replays.append(view) or real(view))
    opponents.forget()
    given = [opponents.positions(game.view(seat)) for seat in range(game.players)]
    assert len(replays) == 1
    fresh = real(game.view(2))
    for past, now in given:
        assert [p.key() for p in now] == [p.key() for p in fresh[1]]
        assert [(k, [p.key() for p in b], r) for k, b, r in past] == \
            [(k, [p.key() for p in b], r) for k, b, r in fresh[0]]
    given[0][0].clear()                 # a caller's list is its own
    assert len(opponents.positions(game.view(1))[0]) == len(fresh[0])
    copy = ed.save.loads(ed.save.dumps(game))
    again = opponents.positions(copy.view(0))
    assert len(replays) == 2 and [p.key() for p in again[1]] == [p.key() for p in fresh[1]]
    for seat in range(game.players):
        game.submit(seat, order(game.view(seat)) if seat == 1 else {})
    game.resolve()                      # month 3's purchasing
    opponents.positions(game.view(0))
    assert len(replays) == 3


def test_the_memo_never_changes_a_forecast():
    game, order = _scripted_game(switch_month=4)
    _play_to(game, order, 7)
    view = game.view(0)
    shared = opponents.OpponentModels()
    shared.forecast(view)                       # fills the memo
    warm = shared.forecast(view)
    cold = opponents.OpponentModels({}).forecast(view)
    for seat in warm:
        assert warm[seat].mean == cold[seat].mean and warm[seat].weights == cold[seat].weights


# ----------------------------------------------------------------- scenarios and the optimiser


def _midgame(players=4, month=5, **rules):
    game = ed.Game(ed.Rules(players=players, **rules), [f"P{i}" for i in range(players)], seed=3)
    avatars = [ai.Avatar("hard", seed=s) for s in range(players)]
    while game.month < month:
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    return game


def test_scenarios_are_whole_totals_within_the_limits():
    game = _midgame()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(1), 40)
    assert sc.n == 40 and len(sc.raw) == 3 and len(sc.goods) == 3
    others = view.players - 1
    for g in range(3):
        assert all(0 <= t <= others * view.rules.grade_limit for t in sc.raw[g])
    assert all(sum(sc.raw[g][s] for g in range(3)) <= others * view.rules.order_limit
               for s in range(40))


def test_the_fast_and_the_general_evaluation_agree():
    game = _midgame()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(2), 32)
    values = worth.stock_values([view.prices[k] for k in ed.COMMODITIES], RECIPES, 7)
    opt = Optimiser(view, sc, values, NEUTRAL)
    checked = 0
    for cand in opt.candidates(view.rules.order_limit, view.own_cash)[:40]:
        bids = [opt.first_bid(g, cand.units[g]) if cand.units[g] else 0 for g in range(3)]
        fast = opt._value_patterns(cand, bids)
        cand.patterns = None
        assert opt._value_each(cand, bids) == pytest.approx(fast)
        checked += 1
    assert checked >= 10


def test_short_of_cash_the_outcome_is_what_stock_alone_makes():
    """RULES §4.1.5 inside the optimiser: an order over cash buys nothing in every scenario;
    its units still move the price (§4.1.3), so they still cost the rivals what they count."""
    game = _midgame()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(3), 16)
    values = worth.stock_values([view.prices[k] for k in ed.COMMODITIES], RECIPES, 7)
    opt = Optimiser(view, sc, values, NEUTRAL)
    cand = Candidate((0, 0, 0), (0, 0, 9))
    dear = opt.min_bid(2, 9) + view.own_cash      # nine units at this bid cost far more than the cash
    assert opt.value(cand, [0, 0, dear]) == pytest.approx(opt.gain((0, 0, 0), (0, 0, 0))
                                                          + 9 * opt.raw_spite[2])


def test_the_best_offer_is_makeable_and_worth_more_than_nothing():
    game = _midgame()
    game.submit(0, ai.Avatar("expert", seed=1).decide(game.view(0)))
    for seat in range(1, 4):
        game.submit(seat, {})
    game.resolve()
    view = game.view(0)
    sc = scenarios.draw(view, opponents.OpponentModels(), random.Random(4), 32)
    values = worth.stock_values([view.prices[k] for k in ed.COMMODITIES], RECIPES, 7)
    goods, value = Optimiser(view, sc, values, NEUTRAL).best_offer(view.own_stock)
    offer = {g: (goods[h], 1) for h, g in enumerate("ABC") if goods[h]}
    assert hints.is_makeable(view, offer)
    assert value >= 0


# ----------------------------------------------------------------- the others' best replies


def _views_of(seat, players=4, months=12, until=6, level="expert"):
    """Play a game of ``level`` to month ``until``; every view of ``seat`` on the way, oldest first."""
    game = ed.Game(ed.Rules(players=players, months=months), [f"P{i}" for i in range(players)],
                   seed=4)
    avatars = [ai.Avatar(level, seed=s) for s in range(players)]
    views = []
    while game.month < until:
        for s, avatar in enumerate(avatars):
            view = game.view(s)
            if s == seat:
                views.append(view)
            game.submit(s, avatar.decide(view))
        game.resolve()
    views.append(game.view(seat))
    return game, views


def test_a_view_of_the_past_is_what_the_seat_saw_then():
    game, views = _views_of(2, level="hard", until=4)
    now = game.view(0)
    past, _ = opponents.positions(now)
    for index, then in enumerate(views[:-1]):
        seen = replies.view_at(now, index, past[index][1], 2)
        assert (seen.month, seen.phase, seen.seat) == (then.month, then.phase, 2)
        assert dict(seen.prices) == dict(then.prices)
        assert (seen.cash, seen.stock, seen.borrowed) == (then.cash, then.stock, then.borrowed)
        assert seen.history == then.history and seen.entry is None


def test_every_reply_is_an_entry_the_seat_could_make():
    game, _ = _views_of(0, level="hard", until=5)
    models = opponents.OpponentModels()
    phases = []
    for _ in range(2):      # purchasing, then selling
        view = game.view(0)
        phases.append(view.phase)
        found = replies.best_replies(view, models, opponents.positions(view), random.Random(1))
        assert sorted(found) == [0, 1, 2, 3]     # public information: every seat alike
        for seat, units in found.items():
            assert all(u == int(u) >= 0 for u in units)
            if view.phase == "purchasing":
                assert sum(units) <= view.rules.order_limit
            else:
                offer = {g: (int(units[h]), 1) for h, g in enumerate("ABC") if units[h]}
                assert hints.is_makeable(game.view(seat), offer), (seat, units)
        for seat in range(4):
            game.submit(seat, ai.Avatar("hard", seed=seat).decide(game.view(seat)))
        game.resolve()
    assert phases == ["purchasing", "selling"]


def test_the_replies_are_one_more_model_weighed_by_its_record():
    game, _ = _views_of(0, until=7)
    view = game.view(0)
    avatar = ai.Avatar("expert", seed=9)
    avatar.decide(view)
    for prediction in avatar.last_scenarios.orders.values():
        assert prediction.names[-1] == "reply"
        assert sum(prediction.weights) == pytest.approx(1.0)
        assert len(prediction.errors[-1]) == len(prediction.errors[0]) > 0


def test_what_an_avatar_remembers_never_changes_a_decision():
    game, views = _views_of(1, until=7)
    warm = ai.Avatar("expert", "iris", seed=5)
    for view in views[:-1]:
        warm.decide(view)           # fills its memos along the way
    for _ in range(2):
        view = game.view(1)
        decided = warm.decide(view)
        opponents.SHARED.clear()    # what the players of this process remember, forgotten
        replies.SHARED.clear()
        cold = ai.Avatar("expert", "iris", seed=5)
        assert decided == cold.decide(view)
        assert warm.explanation == cold.explanation
        for seat in range(4):
            game.submit(seat, ai.Avatar("expert", seed=seat).decide(game.view(seat)))
        game.resolve()


# ----------------------------------------------------------------- the level


def test_expert_explains_what_it_expects_and_why():
    game = ed.Game(ed.Rules(players=4), ["A", "B", "C", "D"], seed=2)
    avatar = ai.Avatar("expert", seed=1)
    entry = avatar.decide(game.view(0))
    assert entry
    sentence = avatar.explanation
    assert sentence.startswith("expects ") and " — bids $" in sentence
    assert " to make " in sentence or " to keep " in sentence
    for key, (units, price) in entry.items():
        assert f"${price} for {units} {ed.rules.NAMES[key]}" in sentence


def test_expert_buys_nothing_to_keep_in_the_last_month():
    """In the last month a unit kept fetches only the final raw price, never more than its bid."""
    from ed.ai.opponents import buy_for
    from ed.production import places
    for seed in range(6):
        game = _midgame(month=1, months=1)
        avatar = ai.Avatar("expert", seed=seed)
        view = game.view(0)
        entry = avatar.decide(view)
        needed = buy_for(places(view.rules.recipes, avatar.last_decision.plan), view.own_stock)
        for g, key in enumerate(ed.RAW):
            assert entry.get(key, (0, 0))[0] <= needed[g], (entry, avatar.last_decision.plan)
        assert "to keep" not in avatar.explanation


def test_a_broke_expert_borrows_to_make_goods_when_it_pays():
    """Variation I: with no cash but Standard in stock, borrowing for the Fine that turns it
    into C costs $25 a $100 and earns far more."""
    game = ed.Game(ed.Rules(players=2, months=3, loans=True), ["Ann", "Bob"])
    game.submit(0, {"standard": (12, 75)})
    game.submit(1, {})
    game.resolve()
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    view = game.view(0)
    assert view.own_cash == 0 and view.own_stock == (0, 0, 12)
    entry = ai.Avatar("expert", seed=1).decide(view)
    assert hints.problems(view, entry) == []
    assert entry.get("fine", (0, 0))[0] > 0
    assert hints.loan_needed(view, entry) > 0


def test_without_loans_a_broke_expert_orders_nothing():
    game = ed.Game(ed.Rules(players=2, months=3), ["Ann", "Bob"])
    game.submit(0, {"standard": (12, 75)})
    game.submit(1, {})
    game.resolve()
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    avatar = ai.Avatar("expert", seed=1)
    assert avatar.decide(game.view(0)) == {}
    assert avatar.explanation == "is short of cash and orders nothing this month"


def test_a_decision_past_its_time_budget_searches_less_and_stays_legal():
    game = _midgame(month=4)
    view = game.view(0)
    hurried = ai.Avatar("expert", seed=2)
    hurried.time_budget = 1e-9                # every decision is already late
    entry = hurried.decide(view)
    assert hurried.hurried == 1
    assert hints.problems(view, entry) == [] and hurried.fallbacks == 0
    unhurried = ai.Avatar("expert", seed=2)
    unhurried.time_budget = None
    unhurried.decide(view)
    assert unhurried.hurried == 0


def test_the_tournament_plays_without_the_time_budget():
    from ed.tools.tournament import make_avatar
    assert make_avatar(1, 0, ("expert", None)).time_budget is None
    assert ai.Avatar("expert", seed=1).time_budget is None     # off unless asked for


def test_the_calibration_command_compares_forecasts_with_what_came(capsys):
    from ed.tuning import calibration
    assert calibration.main(["--games", "2", "--seats", "expert,g:ev,g:ev", "--months", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2 games, seats expert,g:ev,g:ev")
    rows = {line[:22].strip(): line.split()[-5:] for line in out[2:]}
    assert set(rows) == {"orders X-Fine", "orders Fine", "orders Standard", "offers A",
                         "offers B", "offers C"}
    for mae, rmse, bias, stated, within in rows.values():
        assert 0 <= float(mae) <= float(rmse) and float(stated) >= 0 and within.endswith("%")


def test_the_learning_command_scores_a_table_by_the_experts_lead():
    from ed.tuning import learn
    lead = learn.play(worth.CARRY, 2, seed=1, months=2)
    assert isinstance(lead, float)
    assert learn.play(worth.CARRY, 2, seed=1, months=2) == lead      # the same games each time


def test_a_win_is_shared_among_equal_first_places():
    from ed.tuning import learn
    assert learn.win_share([900, 700, 900], 0) == 0.5
    assert learn.win_share([900, 700, 800], 0) == 1.0
    assert learn.win_share([900, 700, 800], 2) == 0.0


def test_the_learning_command_counts_wins_for_each_scale(capsys):
    from ed.tuning import learn
    assert learn.main(["--games", "2", "--scales", "0.5,1", "--against", "margin"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in lines] == ["0.5", "1"]
    assert all("against three of margin" in line and line.endswith("%") for line in lines)
    assert learn.main(["--games", "2", "--scales", "1", "--against", "margin",
                       "--players", "2"]) == 0
    assert "expert wins against one of margin" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        learn.main(["--scales", "half"])
    with pytest.raises(SystemExit):
        learn.main(["--scales", "1", "--against", "nobody"])


def test_a_head_to_head_game_counts_stock_at_its_own_scale():
    scale = worth.SCALE_BY_PLAYERS[2]
    assert scale > 1
    assert worth.carry_for(2) == tuple(round(c * scale, 6) for c in worth.CARRY)
    assert worth.carry_for(4) == worth.CARRY == worth.carry_for(6)
    avatar = ai.Avatar("expert", seed=1)
    assert avatar.carry is None             # the table for the game's size, chosen as it plays


def test_with_a_budget_the_collector_waits_for_the_end_of_the_decision(monkeypatch):
    import gc
    from ed.ai import levels
    seen = []
    real = levels.optimiser_for

    def watching(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    checked = []
    real_check = levels.hints.problems

    def checking(*args, **kwargs):
        checked.append(gc.isenabled())
        return real_check(*args, **kwargs)

    monkeypatch.setattr(levels, "optimiser_for", watching)
    monkeypatch.setattr(levels.hints, "problems", checking)
    game = ed.Game(ed.Rules(players=4), ["A", "B", "C", "D"], seed=3)
    timed, free = ai.Avatar("expert", seed=1), ai.Avatar("expert", seed=2)
    timed.time_budget = ai.TIME_BUDGET
    assert gc.isenabled()
    timed.decide(game.view(0))
    free.decide(game.view(1))
    assert seen == [False, True] and gc.isenabled()    # paused for the person's wait only
    # the check of the entry is part of the decision: the sweep waits for it too
    assert checked[0] is False and checked[-1] is True


def test_a_prediction_remembered_for_other_rules_or_recipes_is_never_used():
    """The predictions memo is shared by every game of a process (a window plays one game
    after another, the tests many): two positions alike but for the table's rules, the
    recipes or the part of past orders bought are never the same position to it."""
    game = ed.Game(ed.Rules(players=4), ["A", "B", "C", "D"], seed=2)
    classic = ed.Game(ed.Rules(players=4, classic_recipes=True), ["A", "B", "C", "D"], seed=2)
    loans = ed.Game(ed.Rules(players=4, loans=True), ["A", "B", "C", "D"], seed=2)
    keys = [opponents.positions(g.view(0))[1][1].key() for g in (game, classic, loans)]
    assert len(set(keys)) == 3
    pos = opponents.positions(game.view(0))[1][1]
    other = opponents.Position(pos.seat, pos.month, pos.phase, pos.months_left, pos.cash,
                               pos.stock, pos.borrowed, pos.prices, pos.orders, pos.offers,
                               pos.shares, pos.bought + (0.5,), pos.rules, pos.recipes,
                               pos.totals)
    assert other.key() != pos.key()


def test_an_ask_sells_over_the_scenarios_what_the_market_rules_sell_in_each():
    """``optimiser._Sold`` counts from running totals what ``market.units_sold`` sells in
    every scenario, with and without Variation III (RULES §4.2.5), at every ask."""
    pick = random.Random(11)
    for _ in range(1500):
        markets = sorted(pick.randrange(1, 60) for _ in range(pick.choice([1, 2, 5, 16, 48])))
        units = pick.randrange(0, 11)
        for partial in (False, True):
            sold_at = _Sold(markets, units, partial)
            for ask in range(1, 72):
                assert sold_at(ask) == sum(market.units_sold(units, ask, m, partial)
                                           for m in markets), (markets, units, ask, partial)


def test_the_memo_of_replies_keeps_each_phase_s_own_positions_and_no_replayed_past():
    """A phase's best replies keep what a reply still to be worked out reads: the seats'
    positions at that phase and their draws.  The memo once kept every phase's whole
    replayed past too (thousands of positions after a game), and the collector's full
    sweeps, walking them, took two thirds of their time."""
    seats = [Seat("computer", "expert") for _ in range(3)]
    game = ed.Game(ed.Rules(players=3), ["A", "B", "C"], seed=5, seats=seats)
    avatars = [ai.Avatar("expert", seed=50 + s) for s in range(3)]
    ai.forget()
    for _ in range(10):
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    assert len(replies.SHARED) >= 10
    skip = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
            types.MethodType)
    for phase in replies.SHARED.values():
        seen, todo, found = {id(phase)}, [phase], []
        while todo:
            for ref in gc.get_referents(todo.pop()):
                if id(ref) in seen or isinstance(ref, skip):
                    continue
                seen.add(id(ref))
                if isinstance(ref, opponents.Position):
                    found.append(ref)
                todo.append(ref)
        assert 0 < len(found) <= 3, len(found)
