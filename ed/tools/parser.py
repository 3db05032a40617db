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


class SentenceParser(Parser):
    """A measuring command's parser: a mistake on the command line is one sentence, "See
    PROG --help.", and exit status 2."""

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message[:1].upper()}{message[1:]}. "
                     f"See {self.prog} --help.\n")


def count(low: int, high: int):
    """An argparse ``type``: a whole number from ``low`` to ``high``, or one sentence why not."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse
