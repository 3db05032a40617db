"""The progress strip along the top of the window: where the game stands.

    ProgressStrip (ttk.Frame)
    └── canvas  (tk.Canvas)   a cell per month, split into its buying and
                              selling halves

A phase already played is filled, the phase being played is dark with a
thick frame, a phase to come is left blank (the month's name is the yellow
column's heading on the sheet); the whole of it in words ("Sep: month 9 of
12, selling finished goods") is the strip's tooltip (``about``), so colour
is never the only cue.  Canvas items are tagged ``phase``, ``i:<index>``
and ``done``, ``current`` or ``todo``.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Optional

from . import theme as T

DONE = "#a9c7b0"


class ProgressStrip(ttk.Frame):
    """See the module docstring."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, style="Strip.TFrame")
        self.theme = theme
        self.canvas = tk.Canvas(self, height=theme.line + theme.pad(1.2), highlightthickness=0,
                                takefocus=0, background=T.PANEL, width=theme.em * 20)
        self.canvas.grid(row=0, column=0, sticky="ew")
        self.columnconfigure(0, weight=1)
        self.data = None
        self.canvas.bind("<Configure>", lambda e: self._draw())

    @property
    def about(self) -> str:
        """Where the game stands, in words (the strip's tooltip)."""
        return self.data.label if self.data is not None else ""

    def show(self, data) -> None:
        """Show a ``presenter.Progress``."""
        if data == self.data:
            return
        self.data = data
        self._draw()

    def _draw(self) -> None:
        """A bar of phases: buying then selling in each month."""
        c, data = self.canvas, self.data
        c.delete("all")
        if data is None:
            return
        width = max(1, c.winfo_width()) - 2
        height = int(c.cget("height"))
        count = len(data.months)
        cell = width / max(1, count)
        bar_top, bottom = height // 3, height * 5 // 6
        for index in range(count * 2):
            x0 = 1 + index * cell / 2
            x1 = x0 + cell / 2
            state = self._state(index, data)
            fill = {"done": DONE, "current": T.ACCENT, "todo": T.PAPER}[state]
            c.create_rectangle(x0, bar_top, x1, bottom, fill=fill, outline=T.CARD_LINE,
                               tags=("phase", f"i:{index}", state))
            if state == "current":
                c.create_rectangle(x0, bar_top - 2, x1, bottom, outline=T.INK, width=2,
                                   tags=("frame",))

    @staticmethod
    def _state(index: int, data) -> str:
        if data.current is not None and index == data.current:
            return "current"
        return "done" if index < data.done else "todo"

    def states(self) -> list:
        """Each phase's state as drawn (for tests)."""
        found = []
        for item in self.canvas.find_withtag("phase"):
            tags = self.canvas.gettags(item)
            found.append(next(t for t in tags if t in ("done", "current", "todo")))
        return found

    @property
    def current_index(self) -> Optional[int]:
        items = self.canvas.find_withtag("current")
        if not items:
            return None
        tag = next(t for t in self.canvas.gettags(items[0]) if t.startswith("i:"))
        return int(tag[2:])
