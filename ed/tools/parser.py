"""``Parser``: argparse for the commands, whose help and messages go only to a stream that
is open (a module of its own, so that the window's start does not wait for argparse)."""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Optional, TextIO


class Parser(argparse.ArgumentParser):
    """argparse, writing help and messages only where the stream is open: with standard
    output closed, ``--help`` ends quietly (never on standard error instead); with standard
    error closed, a mistake ends with its exit status alone (its usage never on standard
    output instead)."""

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        if sys.stderr is not None:
            self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    def _print_message(self, message: str, file: Optional[TextIO] = None) -> None:
        if message and file is not None:
            try:
                file.write(message)
                file.flush()
            except (OSError, ValueError):
                pass
