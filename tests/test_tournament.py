"""The tournament command: headless games, fair seating, plain errors, repeatable output."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ed.tools import tournament
from ed.rules import Rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(capsys, *args):
    status = tournament.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_short_tournament_prints_one_line_per_seat(capsys):
    status, out, err = run(capsys, "--games", "6", "--seats", "hard,medium,easy", "--months", "3",
                           "--seed", "4")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "6 games, 3 players, 3 months, variations: none, seed 4"
    assert lines[1].split()[:4] == ["player", "wins", "win", "rate"]
    assert [line.split()[:2] for line in lines[2:-1]] == [["P1", "hard"], ["P2", "medium"],
                                                          ["P3", "easy"]]
    wins = sum(float(line.split()[2]) for line in lines[2:-1])
    assert wins == pytest.approx(6.0)
    assert lines[-1] == "fallbacks: none (no decision failed)"
    assert err == ""  # no progress lines for a handful of games


def test_same_seed_same_output(capsys):
    args = ("--games", "4", "--seats", "hard,easy", "--months", "4", "--seed", "9",
            "--variations", "loans,partial_sales")
    first = run(capsys, *args)[1]
    assert run(capsys, *args)[1] == first
    assert "variations: loans, partial sales" in first


def test_jobs_do_not_change_the_result(capsys):
    args = ("--games", "8", "--seats", "medium,easy", "--months", "2", "--seed", "3")
    alone = run(capsys, *args, "--jobs", "1")[1]
    assert run(capsys, *args, "--jobs", "2")[1] == alone


def test_personalities_in_seats(capsys):
    status, out, _ = run(capsys, "--games", "2", "--seats", "hard:mabel,easy:rex", "--months", "1")
    assert status == 0
    assert "P1 hard:mabel" in out and "P2 easy:rex" in out


def test_gauntlet_seats_play_beside_levels(capsys):
    args = ("--games", "4", "--seats", "hard,g:margin,g:ev,g:EV", "--months", "3", "--seed", "2")
    status, out, err = run(capsys, *args)
    assert status == 0, err
    lines = out.splitlines()
    assert [line.split()[:2] for line in lines[2:-1]] == [["P1", "hard"], ["P2", "g:margin"],
                                                          ["P3", "g:ev"], ["P4", "g:ev"]]
    assert sum(float(line.split()[2]) for line in lines[2:-1]) == pytest.approx(4.0)
    assert lines[-1] == "fallbacks: none (no decision failed)"
    assert run(capsys, *args)[1] == out
    assert run(capsys, *args, "--jobs", "2")[1] == out


def test_every_gauntlet_strategy_takes_a_seat():
    from ed.ai import gauntlet
    names = list(gauntlet.STRATEGIES)
    assert len(names) >= 8
    for table in (names[:6], names[6:]):
        players = tournament.parse_seats(",".join(f"g:{name}" for name in table))
        assert [level for level, _ in players] == [f"g:{name}" for name in table]
        played = tournament.play_game(Rules(players=len(table), months=2), players, 0, seed=1)
        assert len(played.final) == len(table) and all(cash >= 0 for cash in played.final)
        assert played.fallbacks == [0] * len(table) and played.error == ""


def test_players_take_turns_in_every_seat():
    rules = Rules(players=3, months=1)
    players = [("easy", None)] * 3
    # game i seats player p at position (p + i) mod 3, so finals come back in player order
    finals = [tournament.play_game(rules, players, i, seed=1)[0] for i in range(3)]
    assert all(len(f) == 3 for f in finals)


@pytest.mark.parametrize("args, message", [
    (["--seats", "hard"], "--seats needs 2 to 6 players, not 1."),
    (["--seats", "hard,wizard"], "'wizard' is not a level; the levels are easy, medium, hard, expert."),
    (["--seats", "hard,easy:zed"], "'zed' is not a personality"),
    (["--seats", "hard,g:zed"], "'g:zed' is not a gauntlet strategy; write g:NAME with NAME one of "
                                "margin, ev, keeper, hoarder, flooder, copycat, exploit, beginner"),
    (["--seats", "hard,nobody"], "A gauntlet strategy is written g:NAME"),
    (["--variations", "loans,bribes"], "'bribes' is not a variation"),
    (["--games", "0"], "--games must be 1 or more, not 0."),
    (["--months", "40"], "--months must be from 1 to 36, not 40."),
    (["--jobs", "0"], "--jobs must be 1 or more, not 0."),
    (["--games", "many"], "invalid int value: 'many'"),
    (["--colour", "red"], "unrecognized arguments: --colour red"),
])
def test_bad_arguments_get_a_plain_message(capsys, args, message):
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_wilson_interval():
    low, high = tournament.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert tournament.wilson(0, 10)[0] == 0.0
    assert tournament.wilson(10, 10)[1] == pytest.approx(1.0)


def test_shared_first_place_shares_the_win():
    lines = tournament.summary([("easy", None), ("easy", None)], [[500, 500], [600, 400]], 450)
    assert lines[1].split()[2] == "1.5" and lines[2].split()[2] == "0.5"


PLANTED = '''
"""Every order of a level in month 2 and every g:ev offer raise."""
from ed.ai import levels
from ed.ai.gauntlet import ev

order = levels.Avatar._order


def failing(avatar, view, pricer):
    if view.month == 2:
        raise ZeroDivisionError("planted")
    return order(avatar, view, pricer)


def failing_offer(player, view, rng):
    raise KeyError("planted")


levels.Avatar._order = failing
ev.Trader.offer = failing_offer
'''
TOURNAMENT_WITH_FAULTS = ["--games", "4", "--seats", "hard,easy,g:ev", "--months", "2"]


def _said_not_valid(status, out, err):
    assert status == 1
    # 4 games: hard and easy order once in month 2 of each, g:ev offers twice
    assert out.splitlines()[-1] == ("fallbacks: 16 (P1 hard 4, P2 easy 4, P3 g:ev 8); the first: "
                                    "ZeroDivisionError: planted")
    assert err.endswith("tournament: 16 decisions failed and passed the phase, so these results "
                        "are not valid.\n")
    assert "Traceback" in err and "passes the phase" in err


def test_a_tournament_with_failed_decisions_counts_them_and_is_not_a_result(
        capsys, monkeypatch, ai_fallbacks):
    from ed.ai import levels
    from ed.ai.gauntlet import ev
    monkeypatch.setattr(levels.Avatar, "_order", levels.Avatar._order)   # put back afterwards
    monkeypatch.setattr(ev.Trader, "offer", ev.Trader.offer)
    exec(PLANTED, {})
    _said_not_valid(*run(capsys, *TOURNAMENT_WITH_FAULTS, "--jobs", "1"))
    ai_fallbacks.clear()       # the planted faults, logged here in the games played


def test_a_tournament_counts_the_failed_decisions_of_its_worker_processes(tmp_path):
    # the fault planted in every process, the workers included, however they are started
    (tmp_path / "sitecustomize.py").write_text(PLANTED)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), ROOT]))
    done = subprocess.run([sys.executable, "-m", "ed.tournament", *TOURNAMENT_WITH_FAULTS,
                           "--jobs", "2"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    _said_not_valid(done.returncode, done.stdout, done.stderr)


#: faults planted where the guard of every decision must catch them: ``Avatar.decide``
#: itself raising (the door), and ``ed.hints.problems``, the check of every entry
PLANTED_AT_THE_DOOR = '''
from ed.ai import levels


def failing(avatar, view):
    raise ZeroDivisionError("planted at the door")


levels.Avatar.decide = failing
'''
PLANTED_IN_THE_CHECK = '''
import ed.hints


def failing(view, entry):
    raise ZeroDivisionError("planted in the check")


ed.hints.problems = failing
'''


def test_a_tournament_whose_players_raise_at_the_door_counts_them_and_is_not_a_result(
        capsys, monkeypatch, ai_fallbacks):
    """``Avatar.decide`` raising killed the tournament with a traceback."""
    from ed.ai import levels

    def failing(avatar, view):
        raise ZeroDivisionError("planted at the door")

    monkeypatch.setattr(levels.Avatar, "decide", failing)
    status, out, err = run(capsys, "--games", "2", "--seats", "easy,g:ev", "--months", "1")
    assert status == 1
    # 2 games of 1 month: easy orders and offers in each
    assert out.splitlines()[-1] == ("fallbacks: 4 (P1 easy 4); the first: ZeroDivisionError: "
                                    "planted at the door")
    assert err.endswith("tournament: 4 decisions failed and passed the phase, so these results "
                        "are not valid.\n")
    assert err.count("Traceback") == 1 and err.count("passes the phase") == 1   # the first
    assert len(ai_fallbacks) == 4
    ai_fallbacks.clear()


@pytest.mark.parametrize("plant, first", [
    (PLANTED_AT_THE_DOOR, "ZeroDivisionError: planted at the door"),
    (PLANTED_IN_THE_CHECK, "ZeroDivisionError: planted in the check")],
    ids=["at the door", "in the check"])
def test_the_tournament_command_counts_a_planted_fault_and_is_not_a_result(tmp_path, plant,
                                                                            first):
    (tmp_path / "sitecustomize.py").write_text(plant)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), ROOT]))
    done = subprocess.run([sys.executable, "-m", "ed.tools.tournament", "--games", "2",
                           "--seats", "hard,g:ev", "--months", "1"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    # at the door only the level's decisions fail; in the check the gauntlet's too
    counts = "P1 hard 4" if "door" in first else "P1 hard 4, P2 g:ev 4"
    total = 4 if "door" in first else 8
    assert done.stdout.splitlines()[-1] == f"fallbacks: {total} ({counts}); the first: {first}"
    assert done.stderr.endswith(f"tournament: {total} decisions failed and passed the phase, "
                                f"so these results are not valid.\n")
    assert done.stderr.count("Traceback") == 1


def test_runs_as_a_module_and_from_the_launcher():
    for command in ([sys.executable, "-m", "ed.tournament"],
                    [sys.executable, "executive_decision.py", "tournament"]):
        done = subprocess.run(command + ["--games", "2", "--seats", "easy,easy", "--months", "1"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "P1 easy" in done.stdout
