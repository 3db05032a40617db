"""The window: the only package of ``ed`` that imports tkinter.

- ``shell/``      the ``App`` hub and the parts it wires: the window, menus, the game's
                  flow, files, the game in progress
- ``screens/``    what a player looks at, a module a screen (sheet, board, reveal, end…)
- ``widgets/``    reusable Tk pieces (tooltip, scroll, charts, portraits, theme)
- ``presenter/``  no tkinter: views and reports into rows and words

The arrows run one way: shell → screens → widgets → presenter → the game
(``ed``), and any of them → the saves (``ed.saves``) and the computer players
(``ed.ai``).  The commands reach the window through this module alone:
``main(options)`` opens it, ``tk_problem()`` says why it cannot (before
anything of it is imported) and ``bench(argv)`` measures it.
"""
from __future__ import annotations

import importlib
from typing import List, Optional


def tk_problem() -> Optional[str]:
    """Why tkinter cannot be used here, or ``None`` when it can be imported (asked before
    anything of the window is loaded)."""
    try:
        importlib.import_module("tkinter")
    except ImportError as error:
        return str(error) or "tkinter is missing"
    return None


def main(options) -> int:
    """Open the game window; returns the exit status."""
    from .shell.app import run
    return run(options)


def bench(argv: List[str]) -> int:
    """Measure the window (``python3 -m ed.ui.shell.bench_gui``); returns the exit status."""
    from .shell.bench_gui import main as measure
    return measure(argv)
