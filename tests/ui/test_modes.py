"""The window's moments (``ed.ui.shell.modes``): one type, one owner, one way to change it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ed.ui.shell import modes
from ed.ui.shell.modes import Mode, ModeError

UI = Path(__file__).resolve().parents[2] / "ed" / "ui"


def test_a_mode_is_still_the_word_it_was():
    assert Mode.ENTER == "enter" and Mode("peek") is Mode.PEEK
    assert {m.value for m in Mode} == {"starting", "welcome", "resume", "cover", "busy", "enter",
                                       "confirm", "wait", "reveal", "peek", "over", "look"}
    assert set(modes.ALLOWED) == set(Mode)


@pytest.mark.parametrize("old, new", [
    (Mode.BUSY, Mode.ENTER), (Mode.ENTER, Mode.CONFIRM), (Mode.CONFIRM, Mode.ENTER),
    (Mode.PEEK, Mode.WAIT), (Mode.OVER, Mode.BUSY), (Mode.BUSY, Mode.LOOK),
    (Mode.REVEAL, Mode.COVER), (Mode.STARTING, Mode.RESUME), (Mode.WAIT, Mode.WAIT)])
def test_the_changes_the_window_makes_are_allowed(old, new):
    assert modes.change(old, new) is new


@pytest.mark.parametrize("old, new", [
    (Mode.COVER, Mode.ENTER),          # a sheet opens only once it is drawn (busy)
    (Mode.REVEAL, Mode.CONFIRM),       # the empty-entry question needs a sheet being entered
    (Mode.ENTER, Mode.WELCOME),        # the start screens never cover a game in progress
    (Mode.OVER, Mode.RESUME), (Mode.REVEAL, Mode.PEEK), (Mode.WAIT, Mode.LOOK)])
def test_a_change_the_window_never_makes_is_refused(old, new):
    with pytest.raises(ModeError, match=f"never goes from {old.value} to {new.value}"):
        modes.change(old, new)


def test_only_the_app_changes_the_mode_and_only_through_change_mode(make_app):
    app = make_app()
    assert app.mode is Mode.WELCOME and app.dialog is not None
    with pytest.raises(AttributeError):
        app.mode = Mode.ENTER
    with pytest.raises(ModeError):
        app.change_mode(Mode.CONFIRM)
    assert app.mode is Mode.WELCOME
    for path in UI.rglob("*.py"):                 # no module sets it by hand
        assert not re.search(r"\b(app|self)\.mode\s*=[^=]", path.read_text()), path.name
