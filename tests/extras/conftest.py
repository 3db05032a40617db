"""Fixtures for the extra windows' tests: a display, a Tk root, finished games.

The ``display`` fixture (session) uses ``$DISPLAY`` when it is set and
otherwise starts ``Xvfb`` on a free display number, waits until it accepts
connections and stops it at the end.  Without any display the GUI tests are
skipped, unless ``ED_REQUIRE_GUI=1``: then they fail and say why.

``root`` gives a Tk root whose ``report_callback_exception`` records errors;
a test fails if any Tk callback raised during it.
"""
from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import time
from typing import Iterator, List, Optional

import pytest

import ed
from ed.randomplay import random_entry

XVFB_WAIT_S = 10.0


def _need_gui(reason: str) -> None:
    if os.environ.get("ED_REQUIRE_GUI") == "1":
        pytest.fail(f"ED_REQUIRE_GUI=1 but the GUI tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def _display_free(number: int) -> bool:
    return not (os.path.exists(f"/tmp/.X{number}-lock")
                or os.path.exists(f"/tmp/.X11-unix/X{number}"))


def _accepts(number: int) -> bool:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(0.5)
        sock.connect(f"/tmp/.X11-unix/X{number}")
        return True
    except OSError:
        return False
    finally:
        sock.close()


def _start_xvfb() -> "tuple[Optional[subprocess.Popen], str]":
    """Start Xvfb on a free display; returns (process, display) or (None, why not)."""
    if shutil.which("Xvfb") is None:
        return None, "no DISPLAY is set and Xvfb is not installed (apt install xvfb)"
    for number in range(90 + os.getpid() % 50, 400):
        if not _display_free(number):
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1366x768x24",
                                 "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + XVFB_WAIT_S
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break           # lost a race for this number: try the next one
            if _accepts(number):
                return proc, f":{number}"
            time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            return None, f"Xvfb :{number} did not accept connections within {XVFB_WAIT_S:.0f} s"
    return None, "no free X display number was found for Xvfb"


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A usable X display for the session (started here if need be)."""
    existing = os.environ.get("DISPLAY")
    if existing:
        yield existing
        return
    proc, found = _start_xvfb()
    if proc is None:
        _need_gui(found)
    os.environ["DISPLAY"] = found
    try:
        yield found
    finally:
        os.environ.pop("DISPLAY", None)
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _make_root():
    import tkinter as tk
    root = tk.Tk()
    root.withdraw()
    errors: List[BaseException] = []

    def report(exc, value, tb):  # noqa: ANN001 - Tk's signature
        errors.append(value)

    root.report_callback_exception = report  # type: ignore[assignment]
    root._ed_errors = errors  # type: ignore[attr-defined]
    return root


@pytest.fixture(scope="module")
def _module_root(display: str):
    """One Tk root per test module (as IDLE's tests do)."""
    import tkinter as tk
    try:
        root = _make_root()
    except tk.TclError as error:
        _need_gui(f"Tk cannot open the display {display}: {error}")
    yield root
    root.update_idletasks()
    root.destroy()


@pytest.fixture
def root(_module_root):
    """The module's Tk root, emptied after the test; fails the test if a callback raised."""
    errors = _module_root._ed_errors
    errors.clear()
    yield _module_root
    _module_root.update()
    for child in list(_module_root.winfo_children()):
        child.destroy()
    _module_root.update()
    if errors:
        raise AssertionError(f"a Tk callback raised: {errors[0]!r}") from errors[0]


def pump(root, rounds: int = 5) -> None:
    """Let Tk handle pending events: a bounded number of update() rounds, no sleeping."""
    for _ in range(rounds):
        root.update()


def play(players: int = 3, months: int = 4, *, seed: int = 1, loans: bool = False,
         stop_before_end: bool = False) -> "ed.Game":
    """A game played with random legal entries (and some over-offers)."""
    rules = ed.Rules(players=players, months=months, loans=loans)
    names = ["Ann", "Bob", "Cy", "Dinah", "Eve", "Fay"][:players]
    game = ed.Game(rules, names, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if stop_before_end and game.month == months and game.phase == "selling":
            break
        for seat in range(players):
            game.submit(seat, random_entry(game.view(seat), rng))
        game.resolve()
    return game


@pytest.fixture(scope="session")
def finished_game() -> "ed.Game":
    return play(players=3, months=6, seed=11, loans=True)


def worked_example(months: int = 1) -> "ed.Game":
    """RULES §7: the worked example, January of a two-player game."""
    game = ed.Game(ed.Rules(players=2, months=months), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    game.resolve()
    game.submit(1, {"A": (1, 149), "C": (2, 88)})
    game.submit(0, {"C": (1, 97)})
    game.resolve()
    return game
