"""The experts' plan in the open (ed.ai.accord): one plan that every expert at a table works out alike."""
from __future__ import annotations

import random

import pytest

import ed
from ed import ai, hints
from ed.ai import accord, opponents, replies
from ed.engine import Seat


def _table(levels, seed=3, **variations):
    """A game whose seats are played (and labelled) by these levels, with their avatars."""
    players = len(levels)
    seats = [Seat("computer", level) for level in levels]
    game = ed.Game(ed.Rules(players=players, **variations), [f"P{i}" for i in range(players)],
                   seed=seed, seats=seats)
    return game, [ai.Avatar(level, seed=seed * 10 + s) for s, level in enumerate(levels)]


def _play_to(game, avatars, month, phase="purchasing"):
    while (game.month, game.phase) != (month, phase):
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()


def _forget():
    """What the computer players of this process remember, forgotten (it is a pure cache)."""
    accord.SHARED.clear()
    replies.SHARED.clear()
    opponents.SHARED.clear()


def _plan_of(view):
    models = opponents.OpponentModels()
    past, now = opponents.positions(view)
    return accord.plan(view, models, (past, now), replies.Replies().bind(view, models, past, now))


def _units(entry, keys):
    return tuple(entry.get(key, (0, 0))[0] for key in keys)


def test_the_experts_are_the_seats_the_setup_gives_to_the_expert_level():
    game, _ = _table(["expert", "hard", "expert", "expert"])
    assert accord.experts(game.view(1)) == (0, 2, 3)
    unlabelled = ed.Game(ed.Rules(players=4), ["A", "B", "C", "D"], seed=1)
    assert accord.experts(unlabelled.view(0)) == ()


def test_no_plan_unless_two_seats_are_experts():
    game, _ = _table(["expert", "hard", "hard", "hard"])
    assert _plan_of(game.view(0)) is None
    game, _ = _table(["expert", "hard", "expert"])
    assert _plan_of(game.view(1)).seats == (0, 2)


def test_an_experts_taste_goes_into_its_part_of_the_plan():
    seats = [Seat("computer", "expert", "otto"), Seat("computer", "expert"), Seat("human")]
    game = ed.Game(ed.Rules(players=3), ["Otto", "E", "Ann"], seed=1, seats=seats)
    view = game.view(2)
    assert accord.temper_of(view, 0) == ai.characters.EXPERT_TEMPERS["otto"]
    assert accord.temper_of(view, 0).favourite == "A"
    assert accord.temper_of(view, 1) == ai.characters.NEUTRAL


@pytest.mark.parametrize("phase", ["purchasing", "selling"])
def test_every_seat_works_out_the_same_plan_from_what_it_may_see(phase):
    game, avatars = _table(["expert", "hard", "expert", "expert"])
    _play_to(game, avatars, 4, phase)
    plans = []
    for seat in range(4):
        _forget()
        plans.append(_plan_of(game.view(seat)))
    assert all((p.units, p.goods) == (plans[0].units, plans[0].goods) for p in plans)
    assert sorted(plans[0].units) == [0, 2, 3]


def test_the_plan_reads_no_entry_that_is_not_revealed():
    game, avatars = _table(["expert", "hard", "expert", "expert"])
    _play_to(game, avatars, 3, "selling")
    before = _plan_of(game.view(0))
    for seat in (1, 2):
        game.submit(seat, avatars[seat].decide(game.view(seat)))
    _forget()
    after = _plan_of(game.view(2))     # a seat whose own entry is in, like another's
    assert game.view(2).entry is not None and game.view(0).submitted[1]
    assert (after.units, after.goods) == (before.units, before.goods)


def test_the_other_experts_are_priced_about_their_planned_units():
    """Each expert draws its entry near its part of the plan (``mixing``), so the others are
    drawn within ``accord.WOBBLE`` of it: about the plan on average, never exactly."""
    game, avatars = _table(["expert"] * 4)
    _play_to(game, avatars, 3)
    phases = []
    for _ in range(2):          # purchasing, then selling
        phases.append(game.phase)
        view = game.view(0)
        avatars[0].decide(view)
        table = _plan_of(view)
        sc = avatars[0].last_scenarios
        if game.phase == "purchasing":
            others = [sum(table.units[s][g] for s in (1, 2, 3)) for g in range(3)]
            assert all(abs(sum(sc.raw[g]) / sc.n - others[g]) <= 1.0 for g in range(3))
            # the selling phase after: each other expert offers about the goods its plan makes
            made = [sum(table.goods[s][h] for s in (1, 2, 3)) for h in range(3)]
            assert all(abs(sum(sc.goods[h]) / sc.n - made[h]) <= 1.0 for h in range(3))
        else:
            offered = [sum(table.units[s][h] for s in (1, 2, 3)) for h in range(3)]
            assert all(abs(sum(sc.goods[h]) / sc.n - offered[h]) <= 1.0 for h in range(3))
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    assert phases == ["purchasing", "selling"]


def test_a_seat_that_is_not_an_expert_is_still_drawn_from_its_models():
    game, avatars = _table(["expert", "hard", "expert", "expert"])
    _play_to(game, avatars, 5)
    avatars[0].decide(game.view(0))
    sc = avatars[0].last_scenarios
    assert sorted(sc.orders) == [1]          # the one seat forecast is the one not planned
    assert any(len(set(row)) > 1 for row in sc.raw)


def test_a_time_budget_never_changes_what_an_expert_enters_of_the_plan():
    game, avatars = _table(["expert", "hard", "expert", "expert"], seed=8)
    _play_to(game, avatars, 6)
    hurried = ai.Avatar("expert", seed=1)
    hurried.time_budget = 1e-9      # every search cut short
    for _ in range(2):
        view = game.view(2)
        entry = hurried.decide(view)
        assert hurried.hurried
        # the entry is drawn from the plan's neighbourhood, which a hurried search keeps whole
        assert entry == ai.Avatar("expert", seed=1).decide(view)
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()


def test_an_expert_in_a_seat_not_labelled_expert_plans_for_itself_around_the_plan():
    """The review's expert, deciding for a person, is not part of the plan but prices it."""
    seats = [Seat("human"), Seat("computer", "expert"), Seat("computer", "expert")]
    game = ed.Game(ed.Rules(players=3), ["Ann", "E1", "E2"], seed=2, seats=seats)
    avatars = [ai.Avatar("expert", seed=s) for s in range(3)]
    _play_to(game, avatars, 3)
    view = game.view(0)
    table = _plan_of(view)
    assert 0 not in table.units
    avatars[0].decide(view)
    sc = avatars[0].last_scenarios
    others = [table.units[1][g] + table.units[2][g] for g in range(3)]
    assert all(abs(sum(sc.raw[g]) / sc.n - others[g]) <= 1.0 for g in range(3))


def test_replies_asked_one_seat_at_a_time_are_those_worked_out_together():
    game, avatars = _table(["hard"] * 4)
    _play_to(game, avatars, 3)
    view = game.view(0)
    models = opponents.OpponentModels()
    replay = opponents.positions(view)
    together = replies.best_replies(view, models, replay, random.Random(4))
    phase = replies.PhaseReplies(view, models, replay, random.Random(4))
    assert {seat: phase.reply(seat) for seat in (3, 1, 2, 0)} == together


# ----------------------------------------------------------------- the tools seat players as the window does


def _levels_seen(monkeypatch):
    """Every set-up an expert planned at, as (level, personality) per seat."""
    seen = []
    plan = accord.plan

    def spy(view, *args):
        seen.append(tuple((seat.level, seat.personality) for seat in view.seats))
        return plan(view, *args)

    monkeypatch.setattr(accord, "plan", spy)
    return seen


def test_a_tournament_seats_each_player_as_the_level_that_plays_it(monkeypatch):
    from ed.tools import tournament
    seen = _levels_seen(monkeypatch)
    players = tournament.parse_seats("expert:iris,g:ev,expert")
    tournament.play_game(ed.Rules(players=3, months=1), players, 0, seed=1)
    assert seen and all(sorted(s, key=str) == sorted([("expert", "iris"), ("g:ev", None),
                                                      ("expert", None)], key=str) for s in seen)


def test_the_search_and_the_calibration_seat_the_target_as_its_level(monkeypatch):
    from ed.tuning import calibration
    from ed.tuning import search
    from ed.tools import tournament
    seen = _levels_seen(monkeypatch)
    search.play(ed.Rules(players=3, months=1), "expert:rex", search.KNOBS, 0, seed=1, alone=True)
    assert seen and all(sorted(s, key=str) == sorted([("expert", "rex"), ("expert", "rex"),
                                                      ("g:exploit", None)], key=str) for s in seen)
    seen.clear()
    calibration.follow(ed.Rules(players=3, months=1),
                       tournament.parse_seats("expert,expert,g:saa"), 0, seed=1)
    assert seen and all(sorted(s, key=str) == sorted([("expert", None), ("expert", None),
                                                      ("g:saa", None)], key=str) for s in seen)


def test_the_learning_command_seats_the_gauntlet_as_itself(monkeypatch):
    from ed.tuning import learn
    seen = _levels_seen(monkeypatch)
    learn.play_table(ai.worth.CARRY, ("ev", "keeper"), 0, seed=1, months=1)
    assert seen and all(sorted(s, key=str) == sorted([("expert", None), ("g:ev", None),
                                                      ("g:keeper", None)], key=str) for s in seen)


def test_memos_kept_small_forget_their_oldest_and_change_no_decision(monkeypatch):
    def play():
        _forget()
        game, avatars = _table(["expert", "expert", "hard", "expert"], seed=8)
        entries = []
        while game.month < 4:
            for seat, avatar in enumerate(avatars):
                entries.append(avatar.decide(game.view(seat)))
                game.submit(seat, entries[-1])
            game.resolve()
        return entries

    roomy = play()
    for module, size in ((accord, 2), (replies, 3), (opponents, 200)):
        monkeypatch.setattr(module, "MEMO_SIZE", size)
    assert play() == roomy
    assert len(accord.SHARED) <= 2 and len(replies.SHARED) <= 3 and len(opponents.SHARED) <= 200


def test_a_hidden_level_takes_a_seat_the_table_takes_for_a_persons(monkeypatch):
    from ed.tools import tournament
    seen = _levels_seen(monkeypatch)
    players = tournament.parse_seats("Hidden-Expert:rex,expert,expert")
    assert players == [("hidden-expert", "rex"), ("expert", None), ("expert", None)]
    assert tournament.seat_for(players[0]) == Seat("human")
    assert type(tournament.make_avatar(1, 0, players[0])).__name__ == "Avatar"
    assert tournament.make_avatar(1, 0, players[0]).level == "expert"
    tournament.play_game(ed.Rules(players=3, months=1), players, 0, seed=1)
    # the experts plan between the two of them; the hidden one is not counted among them
    assert seen and all(sorted(s, key=str) == sorted([(None, None), ("expert", None),
                                                      ("expert", None)], key=str) for s in seen)
    with pytest.raises(tournament.UsageError, match="'hidden-zed' is not a level"):
        tournament.parse_seats("hidden-zed,expert")


def test_the_wobble_is_a_normal_step_on_each_unit_whole_and_within_the_caps():
    """``_wobbled`` as its definition reads: ``round(unit + gauss(0, sd))`` within 0..cap,
    the largest trimmed first while the total is over its cap."""
    def plain(units, n, rng, sd, cap, total_cap):
        out = []
        for _ in range(n):
            drawn = [min(cap, max(0, round(u + rng.gauss(0.0, sd)))) for u in units]
            while sum(drawn) > total_cap:
                drawn[drawn.index(max(drawn))] -= 1
            out.append(tuple(drawn))
        return out

    for seed in range(200):
        pick = random.Random(seed)
        units = tuple(pick.randrange(9) for _ in range(3))
        n, sd = pick.randrange(1, 50), pick.choice([0.5, 0.8, 3.0])
        cap, total_cap = pick.choice([3, 8, 99]), pick.choice([4, 12, sum(units), 99])
        ours, theirs = random.Random(seed), random.Random(seed)
        drawn = accord._wobbled(units, n, ours, sd, cap, total_cap)
        assert drawn == plain(units, n, theirs, sd, cap, total_cap)
        assert all(0 <= u <= cap for t in drawn for u in t)
        assert all(sum(t) <= max(total_cap, 0) for t in drawn)
        assert ours.random() == theirs.random()
