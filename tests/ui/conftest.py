"""Fixtures for the window's tests: a display (Xvfb when none is set), a fresh
app per test in a temporary data folder, and a check that no Tk callback raised.

With ``ED_REQUIRE_GUI=1`` (set by ``.ci/run``) a missing display fails the
GUI tests instead of skipping them.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import types

import pytest


def _display_free(number: int) -> bool:
    return not os.path.exists(f"/tmp/.X11-unix/X{number}") and \
        not os.path.exists(f"/tmp/.X{number}-lock")


def _accepts(number: int) -> bool:
    path = f"/tmp/.X11-unix/X{number}"
    if not os.path.exists(path):
        return False
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        return True
    except OSError:
        return False
    finally:
        sock.close()


def _start_xvfb():
    """Start Xvfb on a free display; returns (process, display) or (None, reason)."""
    if shutil.which("Xvfb") is None:
        return None, "Xvfb is not installed"
    for number in range(71, 171):
        if not _display_free(number):
            continue
        process = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            if _accepts(number):
                return process, f":{number}"
            time.sleep(0.02)
        if process.poll() is None:
            process.terminate()
            process.wait(5)
    return None, "Xvfb did not start"


@pytest.fixture(scope="session")
def display():
    """A display to open windows on: the user's, or an Xvfb started for the tests."""
    process = None
    reason = None
    if not os.environ.get("DISPLAY"):
        process, found = _start_xvfb()
        if process is None:
            reason = found
        else:
            os.environ["DISPLAY"] = found
    if reason is None:
        try:
            import tkinter
            root = tkinter.Tk()
            root.destroy()
        except Exception as error:  # no tkinter, or the display refuses us
            reason = f"no usable display ({error})"
    if reason is not None:
        if os.environ.get("ED_REQUIRE_GUI") == "1":
            pytest.fail(f"ED_REQUIRE_GUI=1 but the GUI tests cannot run: {reason}. "
                        f"Install Xvfb (apt-get install xvfb) or set DISPLAY.")
        pytest.skip(f"GUI tests skipped: {reason}")
    yield os.environ["DISPLAY"]
    if process is not None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
        os.environ.pop("DISPLAY", None)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A temporary data folder: never the real home."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("ED_DATA_DIR", str(folder))
    return folder


def options(folder, save=None):
    return types.SimpleNamespace(data_dir=str(folder), save=save)


@pytest.fixture
def make_app(display, data_dir):
    """Build apps in the test's data folder; fails the test when a Tk callback raised."""
    from ed.ui.app import App
    apps = []

    def make(save=None, *, start=True):
        app = App(options(data_dir, save))
        apps.append(app)
        if start:
            app.start()
        app.update()
        return app

    yield make
    errors = []
    for app in apps:
        errors.extend(getattr(app, "callback_errors", []))
        try:
            app.update_idletasks()
            app.destroy()
        except Exception:
            pass
    if errors:
        pytest.fail(f"a Tk callback raised: {errors[0]!r}")
