"""The window's error log: what the program logs as an error (on the ``ed`` logger, from
any thread) is written to the data folder's ``errors.log``.

Its own module so that the window's first frame does not wait for ``logging``."""
from __future__ import annotations

import logging
import sys


class ToErrorLog(logging.Handler):
    """Writes what the program logs as an error (on the ``ed`` logger, from any thread) to
    the window's ``errors.log``."""

    def __init__(self, app) -> None:
        """``app`` is the window (``App``): its ``error_log`` is the file written."""
        super().__init__(logging.ERROR)
        self.app = app
        self.setFormatter(logging.Formatter("--- %(asctime)s %(name)s\n%(message)s",
                                            "%Y-%m-%dT%H:%M:%S"))

    def emit(self, record: logging.LogRecord) -> None:
        from ...saves import paths
        try:
            text = self.format(record) + "\n"
            if not paths.log_text(self.app.error_log, text):
                sys.stderr.write(text)
        except Exception:       # logging must never stop the game
            self.handleError(record)
