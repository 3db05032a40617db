"""Saves failing on a real full or read-only disk: nothing is dropped without a question.

The data folder is a 200 kB tmpfs (``small_data_disk``), filled to its last
byte or laid over with a read-only view while the window plays, as happens
when a disk fills up or is remounted under a running program.
"""
from __future__ import annotations

import random

import pytest

from ed.ai import randomplay
from ed import save as _save

from .test_saves_hostile import open_list, row_of
from .test_saves_window import human_game, put_save
from .test_table import begin, game_at
from .test_window import fill, keys, submit

REASONS = {"full": "no space left on device", "read-only": "read-only file system"}


def spoil(disk, kind: str) -> None:
    disk.fill() if kind == "full" else disk.read_only()


def mend(disk, kind: str) -> None:
    disk.free() if kind == "full" else disk.writable()


def enter_for_whoever_is_asked(app, rng) -> None:
    """The cover's person opens their sheet and submits a legal entry."""
    if app.mode == "cover":
        keys(app, app.layout.cover.ready_button, "Return")
    assert app.mode == "enter", app.mode
    fill(app, randomplay.random_entry(app.flow.view, rng, over_offer=0))
    submit(app, app.layout.tally.entries[app.flow.view.keys[-1]][1])


def question_asked(app, title: str):
    question = app.files.question
    assert question is not None and app.winfo_exists()
    assert question.title() == f"{title} — Executive Decision"
    return question


@pytest.mark.parametrize("kind", ["full", "read-only"])
def test_the_end_of_a_game_is_not_lost_when_its_save_fails(small_data_disk, make_app, data_dir,
                                                           kind):
    app = make_app()
    game = begin(app, game_at(3, 2, "selling", months=2, humans=2))
    mine = app.session.autosave_path
    rng = random.Random(4)
    enter_for_whoever_is_asked(app, rng)                 # Ann; Bob is the last seat
    spoil(small_data_disk, kind)
    enter_for_whoever_is_asked(app, rng)
    assert app.mode == "reveal" and game.is_over
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over"
    said = app.layout.message_text
    assert said == (f"The finished game could not be saved in {data_dir / 'saves'} "
                    f"({REASONS[kind]}); Game ▸ Save As… can keep it elsewhere. The record of "
                    f"play could not be saved ({REASONS[kind]}) either.")
    assert "kept in its save" not in said
    assert not _save.load(mine).is_over                  # on disk: the game before its end
    keys(app, app.layout.ending.quit_button, "Return")           # Quit: asked, not closed
    question = question_asked(app, "Quit without saving?")
    assert question.labels == ["Save As…", "Quit anyway", "Cancel"]
    assert question.text_label.cget("text").startswith(
        f"The game could not be saved in {data_dir / 'saves'} ({REASONS[kind]}). If you quit "
        f"now, the end of the game is lost (its save holds the game before it).")
    keys(app, question.buttons[0], "Escape")
    assert app.files.question is None and app.winfo_exists()
    mend(small_data_disk, kind)
    app.files.quit_app()                                 # saved now: closed at once
    assert app.files.question is None
    with pytest.raises(Exception):
        app.winfo_exists()
    assert _save.dumps(_save.load(mine)) == _save.dumps(game)


def test_opening_another_game_while_saves_fail_asks_first(small_data_disk, make_app, data_dir,
                                                          tmp_path, monkeypatch):
    other = put_save(data_dir, human_game(("Cy", "Di"), 3), 5)
    outside = tmp_path / "outside.json"
    _save.save(human_game(("Eve", "Fay"), 2), outside)
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    game = begin(app, game_at(4, 1, "purchasing", humans=3))
    enter_for_whoever_is_asked(app, random.Random(1))
    small_data_disk.fill()
    enter_for_whoever_is_asked(app, random.Random(2))    # Bob's entry: not on disk
    assert "could not be saved" in app.layout.message_text and game.submitted(1)
    chooser = open_list(app)                             # Open…'s list
    chooser.select(row_of(chooser, other.name)[0])
    keys(app, chooser.table, "Return")
    question = question_asked(app, "Open without saving?")
    assert question.labels == ["Save As…", "Open anyway", "Cancel"]
    assert "If you open another game now, the moves since its last good save are lost." in \
        question.text_label.cget("text")
    keys(app, question.buttons[0], "Escape")             # Cancel: the game goes on
    assert app.session.game is game and game.submitted(1)
    from tkinter import filedialog
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **kw: str(outside))
    kept = tmp_path / "kept.json"
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **kw: str(kept))
    chooser = open_list(app)
    keys(app, chooser.browse_button, "Return")           # Other file…: asked too
    question = question_asked(app, "Open without saving?")
    keys(app, question.buttons[0], "Return")             # Save As…, then open
    assert _save.dumps(_save.load(kept)) == _save.dumps(game)
    assert app.session.game is not game and app.session.game.names == ("Eve", "Fay")
