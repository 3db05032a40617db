"""The command line: play (the default), tournament and bench.

Only ``play`` needs tkinter, and it is checked before anything of the window
is imported, so a Python without Tk gets one clear paragraph and exit status 1.
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import __version__

NO_TK = """\
Executive Decision needs Tkinter, the standard toolkit for Python windows,
and this Python does not have it ({error}). To add it:
  Debian or Ubuntu:  sudo apt install python3-tk
  Fedora:            sudo dnf install python3-tkinter
  macOS (Homebrew):  brew install python-tk
  Windows:           run the python.org installer again, choose "Modify" and
                     tick "tcl/tk and IDLE".
Then start the game again with: python3 executive_decision.py"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="executive_decision.py",
        description="Executive Decision: Sid Sackson's business game, for 2 to 6 players "
                    "on one computer, against computer opponents or each other.")
    parser.add_argument("--version", action="version", version=f"Executive Decision {__version__}")
    parser.add_argument("--data-dir", metavar="FOLDER",
                        help="where autosaves, settings and logs live "
                             "(default: the platform's data folder, or $ED_DATA_DIR)")
    parser.add_argument("save", nargs="?", metavar="SAVE_FILE",
                        help="a saved game to open")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command given in ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "tournament":
        from . import tournament
        return tournament.main(argv[1:])
    if argv and argv[0] == "bench":
        from . import bench
        return bench.main(argv[1:])
    options = build_parser().parse_args(argv)
    from .ui.tkcheck import tk_problem
    problem = tk_problem()
    if problem is not None:
        print(NO_TK.format(error=problem), file=sys.stderr)
        return 1
    from . import ui
    return ui.main(options)
