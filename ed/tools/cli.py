"""The command line: play (the default), tournament, bench and review, each run from here.

Only ``play`` needs tkinter, and it is checked before anything of the window
is imported, so a Python without Tk gets one clear paragraph and exit status 1.
Help and messages name the program the way it was started: ``executive-decision``
(installed), ``executive_decision.py`` (the launcher), ``executive_decision.pyz``
(the one-file copy) or ``python3 -m ed``.
"""
from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    import argparse

from .. import TITLE, __version__
from .console import program_name, say, start_command

NO_TK = """\
Executive Decision needs Tkinter, the standard toolkit for Python windows,
and this Python does not have it ({error}). To add it:
  Debian or Ubuntu:  sudo apt install python3-tk
  Fedora:            sudo dnf install python3-tkinter
  macOS (Homebrew):  brew install python-tk
  Windows:           run the python.org installer again, choose "Modify" and
                     tick "tcl/tk and IDLE".
Then start the game again with: {command}"""

#: the commands besides play, with their one-line summaries (shown by --help)
COMMANDS = (
    ("tournament", "computer players against each other, without a window: win rates"),
    ("bench", "measures the speed of the engine, saves and computer players"),
    ("review", "a finished game's review: each entry beside the expert's"),
)


def build_parser(prog: Optional[str] = None) -> "argparse.ArgumentParser":
    import argparse
    from .parser import Parser
    prog = prog or program_name()
    typed = start_command(prog)
    commands = "\n".join(f"  {name:<12} {summary}" for name, summary in COMMANDS)
    parser = Parser(
        prog=prog,
        usage="\n".join([f"{prog} [-h] [--version] [--data-dir FOLDER] [SAVE_FILE]"]
                         + [f"       {prog} {name} [options]" for name, _ in COMMANDS]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Executive Decision: Sid Sackson's business game for 2 to 6 players on one\n"
                    "computer, against computer opponents or each other. Without a command it\n"
                    "opens the window.\n\n"
                    f"commands:\n{commands}\n"
                    f"  (each has its own help: {prog} tournament --help)",
        epilog=f"examples:\n"
               f"  {typed}\n"
               f"  {typed} my-game.json\n"
               f"  {typed} tournament --games 200 --seats hard,medium,easy\n\n"
               f"Saved games, settings and statistics are kept in the data folder; --data-dir\n"
               f"or the ED_DATA_DIR environment variable chooses another one.")
    parser.add_argument("--version", action="version", version=f"{TITLE} {__version__}")
    parser.add_argument("--data-dir", metavar="FOLDER",
                        help="where saved games, settings and logs live "
                             "(default: the platform's data folder, or $ED_DATA_DIR)")
    parser.add_argument("save", nargs="?", metavar="SAVE_FILE",
                        help="a saved game to open")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command given in ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = program_name()
    if argv and argv[0] == "tournament":
        from . import tournament
        return tournament.main(argv[1:], prog=f"{prog} tournament")
    if argv and argv[0] == "bench":
        from . import bench
        return bench.main(argv[1:], prog=f"{prog} bench")
    if argv and argv[0] == "review":
        from . import review
        return review.main(argv[1:], prog=f"{prog} review")
    if argv:
        options = build_parser(prog).parse_args(argv)
    else:   # the window at once: argparse (and the locale it looks up) is not waited for
        options = SimpleNamespace(data_dir=None, save=None)
    from .. import ui
    problem = ui.tk_problem()
    if problem is not None:
        say(NO_TK.format(error=problem, command=start_command(prog)))
        return 1
    return ui.main(options)


if __name__ == "__main__":
    sys.exit(main())
