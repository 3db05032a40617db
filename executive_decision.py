#!/usr/bin/env python3
"""Executive Decision: start the game, or one of its commands.

    python3 executive_decision.py                  play (opens the window)
    python3 executive_decision.py tournament ...   computer players against each other
    python3 executive_decision.py --help           everything else

This file checks the Python version with syntax that even an old Python can
read, so the person gets a sentence instead of a traceback.
"""
import sys

if sys.version_info < (3, 9):
    sys.stderr.write(
        "Executive Decision needs Python 3.9 or newer; this is Python %d.%d.\n"
        "Install a newer Python from python.org (or your package manager) and run\n"
        "    python3 executive_decision.py\n" % sys.version_info[:2])
    sys.exit(1)

from ed.tools.cli import main  # noqa: E402  (after the version check on purpose)

if __name__ == "__main__":
    sys.exit(main())
