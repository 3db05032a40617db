"""The progress strip along the top of the window: where the game stands.

    ProgressStrip (ttk.Frame)
    ├── label   (ttk.Label)   "Sep: month 9 of 12, selling finished goods"
    └── canvas  (tk.Canvas)   a cell per month, split into its buying and
                              selling halves

A phase already played is filled, the phase being played is dark with a
thick frame and a marker above it, a phase to come is left blank; the
label says the same in words, so colour is never the only cue.  Canvas
items are tagged ``phase``, ``i:<index>`` and ``done``, ``current`` or
``todo``; month headings ``month``.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Optional

from . import theme as T

DONE = "#a9c7b0"


class ProgressStrip(ttk.Frame):
    """See the module docstring."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, style="Strip.TFrame", padding=(theme.pad(0.6), theme.pad(0.2)))
        self.theme = theme
        self.label = ttk.Label(self, text="", style="Strip.TLabel")
        self.label.grid(row=0, column=0, sticky="w", padx=(0, theme.pad(1)))
        self.canvas = tk.Canvas(self, height=theme.line + 12, highlightthickness=0, takefocus=0,
                                background=T.PANEL)
        self.canvas.grid(row=0, column=1, sticky="ew")
        self.columnconfigure(1, weight=1)
        self.data = None
        self.canvas.bind("<Configure>", lambda e: self._draw())

    def show(self, data) -> None:
        """Show a ``presenter.Progress``."""
        if data == self.data:
            return
        self.data = data
        self.label.configure(text=data.label)
        self._draw()

    def _draw(self) -> None:
        """Month names above a bar of phases: buying then selling in each month."""
        c, data = self.canvas, self.data
        c.delete("all")
        if data is None:
            return
        width = max(1, c.winfo_width()) - 2
        height = int(c.cget("height"))
        count = len(data.months)
        cell = width / max(1, count)
        font = tkfont.Font(root=self, name="EDSmall", exists=True)
        names = font.measure("Sep Y2") + 6 <= cell and "long" or \
            font.measure("Sep") + 4 <= cell and "short" or ""
        bar_top, bottom = height - max(7, height // 3), height - 1
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
        playing = data.current // 2 if data.current is not None else None
        for month, heading in enumerate(data.months):
            if not names:
                break
            text = heading if names == "long" else heading[:3]
            c.create_text(1 + (month + 0.5) * cell, bar_top / 2, text=text,
                          font="EDBold" if month == playing else "EDSmall",
                          fill=T.INK if month == playing else T.MUTED, tags=("month",))

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
