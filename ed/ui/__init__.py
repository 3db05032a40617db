"""The window: the only package of ``ed`` that imports tkinter."""
from __future__ import annotations


def main(options) -> int:
    """Open the game window; returns the exit status."""
    from .app import run
    return run(options)
