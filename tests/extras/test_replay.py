"""The replay: a finished game, month by month, with its reveals and charts."""
from __future__ import annotations

from ed import save
from ed.ui.presenter import gamelog
from ed.ui.screens import replay

from .conftest import pump


def _raw_points(window):
    return len(window.price_chart.canvas.find_withtag("point&&c:xfine"))


def test_steps_forward_and_back(root, finished_game):
    game = finished_game
    window = replay.ReplayWindow(root, game)
    pump(root)
    assert window.month == 1
    assert window.lines == gamelog.month_lines(game.history, game.names, 1)
    assert window.log.lines == window.lines
    assert _raw_points(window) == 2
    assert window.button_prev.instate(["disabled"])
    window.button_next.invoke()
    window.button_next.invoke()
    pump(root)
    assert window.month == 3 and _raw_points(window) == 4
    assert window.month_label.cget("text") == "Mar: month 3 of 6"
    assert all(line.startswith("Mar") for line in window.log.lines)
    window.button_prev.invoke()
    assert window.month == 2


def test_keys_step_and_stop_at_the_ends(root, finished_game):
    window = replay.ReplayWindow(root, finished_game)
    window.button_next.focus_force()
    pump(root)
    widget = window.focus_get()
    widget.event_generate("<Right>")
    pump(root)
    assert window.month == 2
    widget.event_generate("<Left>")
    widget.event_generate("<Left>")
    pump(root)
    assert window.month == 1
    widget.event_generate("<End>")
    pump(root)
    assert window.month == 6 and window.button_next.instate(["disabled"])
    assert window.log.lines[-1].startswith("End of game")
    window.next_month()
    assert window.month == 6


def test_open_replay_from_a_save(root, finished_game, tmp_path):
    path = tmp_path / "game.json"
    save.save(finished_game, path)
    window = replay.open_replay(root, path)
    pump(root)
    assert window.last_month == 6
    assert "game.json" in window.title()


def test_an_unplayed_game_shows_nothing(root):
    import ed
    window = replay.ReplayWindow(root, ed.Game(ed.Rules(players=2), ["Ann", "Bob"]))
    pump(root)
    assert window.month == 0 and window.log.lines == ["Nothing to show."]
    window.next_month()
    assert window.month == 0
