"""Named fonts, colours and ttk styles of the window.

Sizes are in points and spacing is derived from the width of a "0" in the
body font (``em``), so a larger text size scales the whole layout.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

PAPER = "#fffdf4"
GRID = "#d9d4c3"
BLOCK_LINE = "#8a8470"
CURRENT = "#fff1b8"
INK = "#1f2933"
MUTED = "#5f6b76"
RED = "#b42318"
AMBER = "#9a5b00"
GREEN = "#1d7a43"
PANEL = "#eef1f4"
COVER = "#24384f"

FONT_SPECS = {
    # name: (size, weight, overstrike)
    "EDBody": (10, "normal", False),
    "EDSmall": (9, "normal", False),
    "EDBold": (10, "bold", False),
    "EDHeading": (13, "bold", False),
    "EDTitle": (22, "bold", False),
    "EDTally": (10, "normal", False),
    "EDTallyBold": (10, "bold", False),
    "EDTallyStrike": (10, "normal", True),
}


class Theme:
    """The fonts and styles, made once per root window."""

    def __init__(self, root: tk.Misc, *, scale: float = 1.0) -> None:
        self.root = root
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.fonts = {}
        for name, (size, weight, strike) in FONT_SPECS.items():
            size = max(6, round(size * scale))
            try:
                font = tkfont.Font(root=root, name=name, exists=True)
                font.configure(family=family, size=size, weight=weight, overstrike=strike)
            except tk.TclError:
                font = tkfont.Font(root=root, name=name, family=family, size=size,
                                   weight=weight, overstrike=strike)
            self.fonts[name] = font
        self.remeasure()

    def remeasure(self) -> None:
        """Measure the body font again (after a text-size change) and restyle."""
        body = self.fonts["EDBody"]
        self.em = max(6, body.measure("0"))
        self.line = body.metrics("linespace")
        self._styles()

    def pad(self, n: float = 1.0) -> int:
        """Padding of ``n`` em."""
        return max(1, round(self.em * n))

    def _styles(self) -> None:
        style = ttk.Style(self.root)
        if style.theme_use() in ("default", "alt", "classic"):
            try:
                style.theme_use("clam")
            except tk.TclError:
                pass
        em = self.em
        style.configure(".", font="EDBody")
        style.configure("TButton", padding=(em, em // 3))
        style.configure("Accent.TButton", font="EDBold")
        style.configure("Big.TButton", font="EDHeading", padding=(2 * em, em))
        style.configure("Title.TLabel", font="EDTitle")
        style.configure("Heading.TLabel", font="EDHeading")
        style.configure("Bold.TLabel", font="EDBold")
        style.configure("Muted.TLabel", foreground=MUTED)
        style.configure("Error.TLabel", foreground=RED)
        style.configure("Status.TLabel", foreground=MUTED, padding=(em, em // 4))
        style.configure("StatusError.TLabel", foreground=RED, padding=(em, em // 4), font="EDBold")
        for name, colour in (("Hint", INK), ("HintWarn", AMBER), ("HintError", RED)):
            style.configure(f"{name}.TLabel", background=CURRENT, foreground=colour,
                            font="EDSmall" if name == "Hint" else "EDBold", padding=(em // 2, 0))
        style.configure("Tally.TEntry", padding=(2, 0))
        style.configure("Cover.TFrame", background=COVER)
        style.configure("Cover.TLabel", background=COVER, foreground="#ffffff")
        style.configure("CoverTitle.TLabel", background=COVER, foreground="#ffffff", font="EDTitle")
        style.configure("Screen.TFrame", background=PANEL)
        style.configure("Screen.TLabel", background=PANEL)
        style.configure("ScreenTitle.TLabel", background=PANEL, font="EDTitle")
        style.configure("ScreenHeading.TLabel", background=PANEL, font="EDHeading")
        style.configure("Treeview", font="EDBody", rowheight=self.line + 4)
        style.configure("Treeview.Heading", font="EDBold")
        style.configure("TCheckbutton", padding=(0, 2))
