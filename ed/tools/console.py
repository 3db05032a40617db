"""What every command shares at the terminal: its name as the user typed it, and its output.

- ``program_name(argv0)``: the program as started (``executive-decision``,
  ``executive_decision.py``, ``executive_decision.pyz`` or ``python3 -m ed``);
  ``start_command(prog)``: how to start it again at a prompt.
- ``write_lines(lines, out)``: print and flush, raising ``OutputFailed`` when the
  output cannot be written (standard output closed, ``>&-``, too);
  ``output_failed(prog, error, out, err)`` ends the command then, with exit
  status 1: in silence for a pipe its reader closed (``| head -1``), else in
  one sentence (``> /dev/full``) where standard error is open;
  ``output_closed(out)`` says beforehand that nothing can be written.
- ``say(message, err)``: one sentence on standard error, where it is open and
  can be written, and nowhere else (never on standard output in its place).
- ``Parser``: argparse, whose help and messages go only to a stream that is open.

Python leaves ``sys.stdout`` or ``sys.stderr`` at ``None`` when the command was
started with that stream closed; every command writes through here, so it
ends as it would otherwise, with the same exit status, never a traceback.

Imports nothing of ``ed``, so the commands and the command line (``cli``, which
runs them) import it without importing one another.
"""
from __future__ import annotations

import errno
import os
import sys
from typing import TYPE_CHECKING, Iterable, Optional, TextIO

if TYPE_CHECKING:
    from .parser import Parser  # noqa: F401


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
        import zipfile      # only here: the window's start does not wait for it
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


def __getattr__(name: str):
    """``Parser`` is read from ``parser.py`` when first asked for: the window's start needs
    no argument parser."""
    if name == "Parser":
        from .parser import Parser
        return Parser
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class OutputFailed(Exception):
    """A command's output could not be written; ``error`` says why (an ``OSError``)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def say(message: str, err: Optional[TextIO] = None, *, end: str = "\n") -> None:
    """Print ``message`` on ``err`` (standard error), unless it is closed or cannot be
    written: a command's last sentence is never worth a traceback."""
    err = sys.stderr if err is None else err
    if err is None:
        return
    try:
        print(message, file=err, end=end, flush=True)
    except (OSError, ValueError):
        pass


def output_closed(out: Optional[TextIO] = None) -> Optional[OSError]:
    """Why nothing can be written on ``out`` (standard output): it was closed when the
    command started (``>&-``); ``None`` when it is open."""
    out = sys.stdout if out is None else out
    if out is None:
        return OSError(errno.EBADF, "Standard output is closed")
    return None


def write_lines(lines: Iterable[str], out: Optional[TextIO] = None) -> None:
    """Print each of ``lines`` on ``out`` (standard output) and flush, so a figure shows as
    it comes; raises ``OutputFailed`` when the output cannot be written (closed, a closed
    pipe, a full disk)."""
    closed = output_closed(out)
    if closed is not None:
        raise OutputFailed(closed)
    out = sys.stdout if out is None else out
    try:
        for line in lines:
            print(line, file=out)
        out.flush()
    except OSError as error:
        raise OutputFailed(error) from error


def output_failed(prog: str, error: OSError, out: Optional[TextIO],
                  err: Optional[TextIO]) -> int:
    """A command whose output could not be written ends here, with exit status 1: silently
    for a pipe closed by its reader (``| head -1``), else in one sentence (``> /dev/full``,
    ``>&-``) where standard error (``err``) is open."""
    if not isinstance(error, BrokenPipeError):
        reason = error.strerror or str(error) or type(error).__name__
        say(f"{prog}: the output could not be written ({reason[:1].lower()}{reason[1:]}).",
            err)
    if out is not None:
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
