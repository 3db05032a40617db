"""The benchmark's figures for the computer players (ed.tools.bench): each decision's best run."""
from __future__ import annotations

import ed
from ed import ai
from ed.ai import accord, opponents, replies
from ed.engine import Seat
from ed.tools import bench


def test_each_decision_counts_its_best_run_of_those_every_run_made():
    runs = [({(0, 0, 0): 0.030, (0, 0, 1): 0.004, (0, 1, 0): 0.200}, 5, 0),
            ({(0, 0, 0): 0.020, (0, 0, 1): 0.009, (0, 1, 0): 0.010, (1, 0, 0): 0.5}, 3, 2),
            ({(0, 0, 0): 0.025, (0, 0, 1): 0.005, (0, 1, 0): 0.011}, 4, 1)]
    times, hurried, failed = bench._best_of(runs)
    # (1, 0, 0) was made in one run only: it is not a decision of every run
    assert sorted(times) == [0.004, 0.010, 0.020]
    assert hurried == 3 and failed == 2
    one, hurried, failed = bench._best_of(runs[:1])
    assert sorted(one) == [0.004, 0.030, 0.200] and (hurried, failed) == (5, 0)


def test_every_run_of_a_table_starts_from_players_that_remember_nothing(monkeypatch):
    seen = []

    def played(level, games, players, alone="", **variations):
        """A run that finds what it finds in the memos, and leaves a plan there."""
        seen.append((level, players, alone, len(accord.SHARED)))
        accord.SHARED[("a plan of", len(seen))] = None
        return {(0, s, i): 0.001 * (1 + len(seen)) for s in range(players) for i in range(24)}, 0, 0

    monkeypatch.setattr(bench, "_ai_times", played)
    monkeypatch.setattr(ai, "LEVELS", ("easy", "expert"))
    lines, failed = bench.bench_ai(1, players=4, repeat=2)
    ai.forget()
    assert failed == 0
    assert lines[0] == "computer players, each decision's best time of 2 runs:"
    # four tables (each level, the expert alone and at six seats), two runs each, each from
    # empty memos
    assert seen == [(level, players, alone, 0) for level, players, alone in (
        ("easy", 4, ""), ("expert", 4, ""), ("expert", 4, "hard"), ("expert", 6, ""))
        for _ in range(2)]
    assert [line.split(":")[0] for line in lines[1:]] == [
        "ai   easy", "ai expert", "ai expert (alone among 3 hard)",
        "ai expert (6 seats, variations I-III)"]
    # each table's line counts its decisions once, not once a run, at their best run's time
    assert lines[1] == ("ai   easy: 96 decisions, median 2.00 ms, 99th percentile 2.0 ms, "
                        "worst 2.0 ms, 0 fell back")
    assert lines[4].startswith("ai expert (6 seats, variations I-III): 144 decisions, median "
                               "8.00 ms")


def test_forgetting_empties_the_memos_and_changes_no_decision():
    seats = [Seat("computer", "expert") for _ in range(3)]
    game = ed.Game(ed.Rules(players=3), ["A", "B", "C"], seed=4, seats=seats)
    avatars = [ai.Avatar("expert", seed=40 + s) for s in range(3)]
    for _ in range(4):
        for seat, avatar in enumerate(avatars):
            game.submit(seat, avatar.decide(game.view(seat)))
        game.resolve()
    remembered = [ai.Avatar("expert", seed=40 + s).decide(game.view(s)) for s in range(3)]
    assert accord.SHARED and replies.SHARED and opponents.SHARED
    ai.forget()
    assert not accord.SHARED and not replies.SHARED and not opponents.SHARED
    assert [ai.Avatar("expert", seed=40 + s).decide(game.view(s)) for s in range(3)] == remembered
