"""The window with its own files gone wrong: settings holding what it never writes, a save
the system would not let be read once, no folder where the saves go, a disk that turned
read-only, and the window's benchmark tidying up after itself."""
from __future__ import annotations

import errno
import json
import os
import tempfile

import pytest

from ed.saves import paths

from .test_saves_window import human_game, put_save, rows
from .test_store import plant_once
from .test_window import start_game


# ------------------------------------------------------------ settings

def test_a_text_size_of_400_digits_is_said_at_start_and_the_window_starts(make_app, data_dir):
    (data_dir / "settings.json").write_text('{"text_scale": ' + "9" * 400 + ', '
                                            '"first_run_done": true}')
    app = make_app()
    assert app.mode != "starting" and app.settings.text_scale == 1.0
    assert app.layout.message_text == (
        "Your settings file could not be used (it holds a number of 400 digits), so the "
        "defaults are used. The old file was kept as settings.json.corrupt.")
    assert (data_dir / "settings.json.corrupt").is_file()


def test_a_remembered_set_up_holding_what_no_dialog_writes_is_shown_as_its_defaults(
        make_app, data_dir):
    hostile = {"first_run_done": True, "paper": ["A4"], "last_setup": {
        "players": 10 ** 19, "months": True, "loans": "yes",
        "seats": [{"name": "Ann\n\u202eboB", "computer": False},
                  {"name": ["Rex"], "computer": True, "level": {"hard": 1},
                   "personality": ["rex"]},
                  7]}}
    (data_dir / "settings.json").write_text(json.dumps(hostile))
    app = make_app()
    assert app.layout.message_text == ""            # conveniences: dropped, not a fault
    if app.dialog is None:
        app.files.new_game()
        app.update()
    dialog = app.dialog
    assert dialog is not None
    assert dialog.players_var.get() == "4" and dialog.months_var.get() == "12"   # defaults
    first, second = dialog.seat_rows[:2]
    assert first.name.get() == "Player" and second.level.get() == "medium"
    assert "\u202e" not in first.name.get() and "\n" not in first.name.get()
    from ed.ui.screens.printing import remembered_paper
    assert remembered_paper(app.settings) in ("A4", "Letter")      # the print dialog's paper


# ----------------------------------------------- a save the system refused once

@pytest.mark.parametrize("call, code", [("read", errno.EIO), ("open", errno.EACCES)])
def test_a_save_the_system_would_not_let_be_read_is_offered_at_the_next_start(
        make_app, data_dir, monkeypatch, call, code):
    path = put_save(data_dir, human_game(("Ann", "Bob"), 2), 5)
    planted = plant_once(monkeypatch, path, call, code)
    first = make_app()
    monkeypatch.undo()
    assert planted and first.mode != "resume"           # nothing to resume, just now
    log = paths.error_log_path(data_dir).read_text()
    assert f"The save {path.name} could not be read just now: {os.strerror(code)}" in log
    first.destroy()
    again = make_app()                                  # the next start
    assert again.mode == "resume"
    assert [row[1] for row in rows(again.layout.resume.table)] == ["Ann, Bob"]


# ------------------------------------------------- no folder where the saves go

@pytest.mark.parametrize("kind, reason", [
    ("fifo", "it is a pipe, socket or device, not a folder"),
    ("loop", "it is a symbolic link that leads round in a loop"),
])
def test_a_pipe_or_a_link_loop_where_the_saves_go_is_said_truly(make_app, data_dir, kind,
                                                                reason):
    from tests.ui.test_locks import make_special
    make_special(data_dir / "saves", kind)
    app = make_app()
    start_game(app, humans=("Ann",), computers=1)
    assert app.layout.message_text == (
        f"The game could not be saved in {data_dir / 'saves'} ({reason}); play goes on, and "
        f"Game ▸ Save As… can keep it elsewhere.")


# ------------------------------------------------- a disk turned read-only

def test_quitting_a_game_nobody_has_played_on_a_read_only_disk_asks_nothing(
        small_data_disk, make_app, data_dir):
    """No move can be lost: the question that says moves are lost is not asked."""
    app = make_app()
    small_data_disk.read_only()
    game = start_game(app, humans=("Ann",), computers=1)
    assert "(read-only file system)" in app.layout.message_text
    assert app.mode == "enter" and not game.history
    app.files.quit_app()
    assert app.files.question is None
    with pytest.raises(Exception):
        app.winfo_exists()                                   # closed at once


def test_quitting_after_a_move_on_a_read_only_disk_still_asks(small_data_disk, make_app,
                                                              data_dir):
    from .test_window import fill, keys
    app = make_app()
    small_data_disk.read_only()
    start_game(app, humans=("Ann",), computers=1)
    fill(app, {"fine": (1, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")      # a move: not on disk
    app.files.quit_app()
    question = app.files.question
    assert question is not None and app.winfo_exists()
    assert "If you quit now, the moves since its last good save are lost." in \
        question.text_label.cget("text")


# ------------------------------------------------- the window's benchmark

def test_the_window_s_benchmark_leaves_nothing_in_the_temporary_folder(display, tmp_path,
                                                                       monkeypatch):
    from ed.ui.shell import bench_gui
    base = tmp_path / "tmp"
    base.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(base))
    assert bench_gui.startup(runs=1)["app_s"] > 0
    assert bench_gui.redraw(redraws=2)["count"] == 2
    assert bench_gui.reveal(phases=1)["reveals"] == 1
    assert os.listdir(base) == []


def test_settings_the_system_would_not_let_be_read_are_left_as_they_were(make_app, data_dir,
                                                                         monkeypatch):
    path = data_dir / "settings.json"
    path.write_text(json.dumps({"first_run_done": True, "text_scale": 1.2,
                                "reveal_pacing": "all"}))
    before = path.read_bytes()
    plant_once(monkeypatch, path, "open", errno.EACCES)
    app = make_app()
    monkeypatch.undo()
    assert app.layout.message_text.startswith(
        "Your settings could not be read (permission denied); the defaults are used until "
        "you close the window.")
    app.prefs.change_text_size("larger")                   # a change: it holds, unsaved
    assert app.settings.text_scale == 1.1
    assert app.layout.message_text == (
        "Your settings could not be saved (the file could not be read, so it is left as it "
        "was); they apply until you close the window.")
    assert path.read_bytes() == before
