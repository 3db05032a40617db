"""The command line: play (the default), tournament, bench and review.

Only ``play`` needs tkinter, and it is checked before anything of the window
is imported, so a Python without Tk gets one clear paragraph and exit status 1.
Help and messages name the program the way it was started: ``executive-decision``
(installed), ``executive_decision.py`` (the launcher), ``executive_decision.pyz``
(the one-file copy) or ``python3 -m ed``.
"""
from __future__ import annotations

import argparse
import os
import sys
import zipfile
from typing import Iterable, List, Optional, TextIO

from .. import __version__

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


def program_name(argv0: Optional[str] = None) -> str:
    """The program as the user started it, for help and messages.

    ``executive-decision`` from the installed command, ``executive_decision.py``
    from the launcher, the archive's name from the one-file copy, and
    ``python3 -m ed`` for the package run as a module.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    base = os.path.basename(argv0)
    if not base or base in ("-c", "-m"):
        return "python3 -m ed"
    if base == "__main__.py":
        folder = os.path.dirname(argv0)
        if folder and zipfile.is_zipfile(folder):
            return os.path.basename(folder)
        return "python3 -m ed"
    if base.lower().endswith(".exe"):
        base = base[:-4]
    return base


def start_command(prog: str) -> str:
    """How to start the game again, as typed at a prompt."""
    if prog.endswith((".py", ".pyz")):
        return f"python3 {prog}"
    return prog


def build_parser(prog: Optional[str] = None) -> argparse.ArgumentParser:
    prog = prog or program_name()
    typed = start_command(prog)
    commands = "\n".join(f"  {name:<12} {summary}" for name, summary in COMMANDS)
    parser = argparse.ArgumentParser(
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
    parser.add_argument("--version", action="version", version=f"Executive Decision {__version__}")
    parser.add_argument("--data-dir", metavar="FOLDER",
                        help="where saved games, settings and logs live "
                             "(default: the platform's data folder, or $ED_DATA_DIR)")
    parser.add_argument("save", nargs="?", metavar="SAVE_FILE",
                        help="a saved game to open")
    return parser


class OutputFailed(Exception):
    """A command's output could not be written; ``error`` says why (an ``OSError``)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def write_lines(lines: Iterable[str], out: Optional[TextIO] = None) -> None:
    """Print each of ``lines`` on ``out`` (standard output) and flush, so a figure shows as
    it comes; raises ``OutputFailed`` when the output cannot be written (a closed pipe, a
    full disk)."""
    out = sys.stdout if out is None else out
    try:
        for line in lines:
            print(line, file=out)
        out.flush()
    except OSError as error:
        raise OutputFailed(error) from error


def output_failed(prog: str, error: OSError, out: TextIO, err: TextIO) -> int:
    """A command whose output could not be written ends here, with exit status 1: silently
    for a pipe closed by its reader (``| head -1``), else in one sentence (``> /dev/full``)."""
    if not isinstance(error, BrokenPipeError):
        reason = error.strerror or str(error) or type(error).__name__
        try:
            print(f"{prog}: the output could not be written ({reason[:1].lower()}"
                  f"{reason[1:]}).", file=err)
        except OSError:
            pass
    _silence(out)
    return 1


def _silence(out: TextIO) -> None:
    """Send what ``out`` still holds to the null device, so that flushing it as Python exits
    raises nothing more."""
    try:
        fd = out.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):   # not a file (a test's StringIO)
        return
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


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
        from . import review as review_cli
        return review_cli.main(argv[1:], prog=f"{prog} review")
    options = build_parser(prog).parse_args(argv)
    from .. import ui
    problem = ui.tk_problem()
    if problem is not None:
        print(NO_TK.format(error=problem, command=start_command(prog)), file=sys.stderr)
        return 1
    return ui.main(options)
