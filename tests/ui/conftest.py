"""Fixtures for the window's tests: a fresh app per test in a temporary data
folder.  The display and the check that no Tk callback raised are shared with
``tests/extras`` in ``tests/conftest.py``.
"""
from __future__ import annotations

import json
import types

import pytest

from tests.conftest import small_disk


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A temporary data folder: never the real home."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("ED_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def small_data_disk(data_dir):
    """The data folder on a real 200 kB disk, to fill or make read-only (see ``SmallDisk``)."""
    disk = small_disk(data_dir)
    yield disk
    disk.unmount()


def options(folder, save=None):
    return types.SimpleNamespace(data_dir=str(folder), save=save)


def seen_first_run(folder):
    """Settings saying the guided first game was offered already (most tests skip it), with
    reveals shown all at once (the scene that turns them over has tests of its own)."""
    path = folder / "settings.json"
    if not path.exists():
        path.write_text(json.dumps({"first_run_done": True, "reveal_pacing": "all"}))


@pytest.fixture
def make_app(display, data_dir, callback_errors):
    """Build apps in the test's data folder; the test fails when a Tk callback raised.

    ``first_run=True`` leaves the settings alone, so a fresh folder is a first start.
    """
    from ed.ui.shell.app import App
    apps = []

    def make(save=None, *, start=True, first_run=False):
        if not first_run:
            seen_first_run(data_dir)
        app = App(options(data_dir, save))
        app.callback_errors = callback_errors
        # The tests press keys faster than any hand, screen after screen; the pause
        # after a screen change that swallows a doubled key press has tests of its own.
        app.flow.settle_s = 0
        apps.append(app)
        if start:
            app.start()
        app.update()
        return app

    yield make
    for app in apps:
        try:
            app.update_idletasks()
            app.destroy()
        except Exception:
            pass
