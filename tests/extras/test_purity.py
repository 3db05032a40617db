"""The pure parts load without tkinter and without a display."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_pure_modules_do_not_import_tkinter():
    code = ("import sys\n"
            "import ed.ui.presenter.ledger, ed.ui.presenter.gamelog, ed.saves.settings, ed.saves.record, ed.ui.presenter.rules_text\n"
            "import ed.ui.presenter, ed.ui.shell.session, ed.saves.store\n"
            "assert 'tkinter' not in sys.modules, sorted(m for m in sys.modules if 'tk' in m)\n"
            "print('ok')\n")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
