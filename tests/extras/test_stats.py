"""The record of play: counted once per finished game, robust to a damaged file."""
from __future__ import annotations

import json

import pytest

import ed
from ed.saves import record as stats
from ed.saves.paths import stats_path
from ed.ui.screens.stats import StatisticsWindow

from .conftest import pump


def _finished(levels, *, seed=5, players=None):
    """A finished 1-month game: seat 0 is "Ann" (human), the others computers of ``levels``."""
    players = players or 1 + len(levels)
    seats = [ed.Seat("human")] + [ed.Seat("computer", level) for level in levels]
    seats += [ed.Seat("human")] * (players - len(seats))
    names = ["Ann", "Rex", "Iris", "Otto", "Cora", "Felix"][:players]
    game = ed.Game(ed.Rules(players=players, months=1), names, seed=seed, seats=seats)
    for _ in range(2):
        for seat in range(players):
            game.submit(seat, {})
        game.resolve()
    return game


def test_a_game_is_recorded_by_level_and_player_count():
    game = _finished(["hard", "hard"])
    record = stats.record_game(stats.empty_stats(), game)
    ann = record["players"]["Ann"]
    assert record["games_played"] == 1
    assert ann["games"] == 1 and ann["wins"] == 1    # nobody traded: all share first place
    assert ann["best_profit"] == 0
    assert ann["by_level"] == {"hard": {"games": 1, "wins": 1}}
    assert ann["by_players"] == {"3": {"games": 1, "wins": 1}}
    assert "Rex" not in record["players"]          # computer players are not people


def test_levels_mixed_and_people_only():
    mixed = _finished(["easy", "hard"])
    people = _finished([], players=2, seed=6)
    record = stats.record_game(stats.record_game(stats.empty_stats(), mixed), people)
    assert set(record["players"]["Ann"]["by_level"]) == {"mixed", "people only"}
    assert stats.opponents_level(people, 0) == "people only"


def test_the_same_game_is_not_counted_twice():
    game = _finished(["easy"])
    once = stats.record_game(stats.empty_stats(), game)
    assert stats.record_game(once, game) == once


def test_best_profit_is_kept(finished_game):
    record = stats.record_game(stats.empty_stats(), finished_game)
    for seat, name in enumerate(finished_game.names):
        profit = finished_game.final_cash()[seat] - finished_game.rules.starting_cash
        assert record["players"][name]["best_profit"] == profit
        assert record["players"][name]["wins"] == int(finished_game.places()[seat] == 1)


def test_unfinished_game_is_refused():
    game = ed.Game(ed.Rules(players=2, months=1), ["Ann", "Bob"])
    with pytest.raises(ValueError, match="finished"):
        stats.record_game(stats.empty_stats(), game)


def test_file_round_trip(tmp_path):
    game = _finished(["medium"])
    saved, message = stats.record_finished_game(tmp_path, game)
    assert message is None
    assert stats.load_stats(tmp_path) == (saved, None)
    again, _ = stats.record_finished_game(tmp_path, game)
    assert again["games_played"] == 1                  # the same game again: not counted
    other, _ = stats.record_finished_game(tmp_path, _finished(["medium"], seed=9))
    assert other["games_played"] == 2 and other["players"]["Ann"]["games"] == 2


@pytest.mark.parametrize("content", [
    "{broken", "[]", json.dumps({"format": "executive-decision-statistics", "version": 1,
                                 "games_played": -1, "recorded": [], "players": {}}),
    json.dumps(dict(stats.empty_stats(), players={"Ann": {"games": 1, "wins": 2}}))])
def test_damaged_file_is_set_aside(tmp_path, content):
    stats_path(tmp_path).write_text(content)
    record, message = stats.load_stats(tmp_path)
    assert record == stats.empty_stats()
    assert "starts afresh" in message
    assert (tmp_path / "statistics.json.corrupt").read_text() == content
    assert not stats_path(tmp_path).exists()


def test_window_shows_each_person(root, finished_game):
    record = stats.record_game(stats.empty_stats(), finished_game)
    window = StatisticsWindow(root, record)
    pump(root)
    rows = window.tree.get_children()
    assert sorted(window.tree.item(r, "text") for r in rows) == sorted(finished_game.names)
    winner = finished_game.names[finished_game.places().index(1)]
    first = window.tree.item(rows[0])
    assert first["text"] == winner
    assert [str(v) for v in first["values"][:3]] == ["1", "1", "100%"]
    details = [window.tree.item(c, "text") for c in window.tree.get_children(rows[0])]
    assert details == ["against people only", "3-player games"]
    assert "Finished games: 1" in window.summary.cget("text")
    window.tree.focus_force()
    pump(root)
    window.tree.event_generate("<Escape>")
    pump(root)
    assert not window.winfo_exists()


def test_empty_window_says_so(root):
    window = StatisticsWindow(root, stats.empty_stats())
    assert "No finished games yet" in window.summary.cget("text")
