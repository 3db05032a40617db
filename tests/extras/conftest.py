"""Fixtures for the extra windows' tests: a Tk root, finished games.

The ``display`` and ``callback_errors`` fixtures are shared with
``tests/ui`` in ``tests/conftest.py``.  ``root`` gives a Tk root whose
``report_callback_exception`` records errors; a test fails if any Tk
callback raised during it.
"""
from __future__ import annotations

import random
from typing import List

import pytest

from tests.conftest import need_gui

import ed
from ed.ai.randomplay import random_entry

def _make_root():
    import tkinter as tk
    root = tk.Tk()
    root.withdraw()
    errors: List[BaseException] = []

    def report(exc, value, tb):  # noqa: ANN001 - Tk's signature
        root._ed_errors.append(value)

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
        need_gui(f"Tk cannot open the display {display}: {error}")
    yield root
    root.update_idletasks()
    root.destroy()


@pytest.fixture
def root(_module_root, callback_errors):
    """The module's Tk root, emptied after the test; fails the test if a callback raised."""
    _module_root._ed_errors = callback_errors
    yield _module_root
    _module_root.update()
    for child in list(_module_root.winfo_children()):
        child.destroy()
    _module_root.update()


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
