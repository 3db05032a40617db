"""The window: the only package of ``ed`` that imports tkinter."""
from __future__ import annotations

#: The window's title; the screens add what is on show ("Executive Decision: pass to Ann").
TITLE = "Executive Decision"


def main(options) -> int:
    """Open the game window; returns the exit status."""
    from .app import run
    return run(options)
