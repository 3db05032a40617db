"""The pure parts load without tkinter and without a display."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: the window's modules that hold no widget: the game in progress, what the window shows
TK_FREE_IN_THE_WINDOW = ("ed.ui.shell.session", "ed.ui.shell.modes", "ed.ui.shell.thinking")


def tk_free_modules():
    """Every module of ``ed`` but the window's widgets, screens and shell (and the ``__main__``
    modules, which would run their command)."""
    names = []
    for path in sorted((REPO / "ed").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if parts[-1] == "__main__" or (parts[1:2] == ("ui",) and len(parts) > 3
                                       and parts[2] != "presenter"):
            continue
        names.append(name)
    return names + list(TK_FREE_IN_THE_WINDOW)


def test_pure_modules_do_not_import_tkinter():
    modules = tk_free_modules()
    assert {"ed.saves.settings", "ed.saves.record", "ed.ui", "ed.ui.presenter.ledger",
            "ed.ui.presenter.gamelog", "ed.ui.presenter.tips", "ed.tools.cli"} <= set(modules)
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            "assert 'tkinter' not in sys.modules, sorted(m for m in sys.modules if 'tk' in m)\n"
            "print('ok')\n")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
