"""Named fonts, colours and ttk styles of the window.

Sizes are in points and spacing is derived from the width of a "0" in the
body font (``em``), so a larger text size scales the whole layout.  ``em``
is that width as a 96-dpi screen draws it, times the screen's scale
(``placement.screen_scale``): a font is not drawn exactly in proportion at
every pixel size, and a layout measured in whole pixels of it would come out
a few per cent larger or smaller on a sharp screen than on a 96-dpi screen
of the same inches.

One palette serves the whole game: ``COMMODITY_COLOURS`` gives each raw
material and good the colour it has on the Price Level Board, the tally
sheet, the reveal and the charts (Okabe-Ito colours, told apart by most
colour-blind readers; a name or a mark always goes with them, so colour is
never the only cue).  The tally sheet is drawn like ruled ledger paper.

``text_font(label)`` is the font a label draws in.  ``apply_text_scale(root, scale)`` scales every named font from the size it
had the first time it was seen, so steps of the text size never drift.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Any, Dict

from ...saves.settings import clamp_scale
from .placement import POINTS_AT_96_DPI, screen_scale

PAPER = "#fffdf4"          # the tally sheet and the cards: cream ledger paper
RULE = "#c8dccb"           # the sheet's pale green rules
MARGIN = "#d98b80"         # the red double rule beside the row labels
HEAD = "#eef2e2"           # the sheet's month headings band
GRID = RULE
BLOCK_LINE = "#8a8470"
CURRENT = "#fff1b8"        # the month being entered, the seat shown, the winner
INK = "#1f2933"
MUTED = "#5f6b76"
PENCIL = "#4d6a8a"         # the sheet's figures of an entry still being typed
RED = "#b42318"
AMBER = "#9a5b00"
GREEN = "#1d7a43"
PANEL = "#efe9dc"          # the desk the screens lie on
CARD = PAPER
CARD_LINE = "#cfc6b0"
COVER = "#24384f"
ACCENT = "#8c3b1f"         # titles and the progress strip's marker
DRAWER = "#ddd4c1"         # the drawer under the board, and its open tab

#: Each commodity's colour everywhere in the window (see the module docstring).
COMMODITY_COLOURS = {
    "xfine": "#0072B2", "fine": "#009E73", "standard": "#56B4E9",
    "A": "#D55E00", "B": "#CC79A7", "C": "#E69F00",
}

FONT_SPECS = {
    # name: (size, weight, overstrike[, slant])
    "EDBody": (10, "normal", False),
    "EDSmall": (9, "normal", False),
    "EDBold": (10, "bold", False),
    "EDHeading": (13, "bold", False),
    "EDTitle": (22, "bold", False),
    "EDTally": (10, "normal", False),
    "EDTallyBold": (10, "bold", False),
    "EDTallyStrike": (10, "normal", True),
    "EDTallyDraft": (10, "normal", False, "italic"),
}


def text_font(label: ttk.Label) -> tkfont.Font:
    """The font ``label`` draws its text in (its own, else its style's)."""
    name = str(label.cget("font")) or \
        ttk.Style(label).lookup(str(label.cget("style")) or "TLabel", "font") or "TkDefaultFont"
    try:
        return tkfont.nametofont(name)
    except tk.TclError:
        return tkfont.Font(root=label, font=name)


def field_chars(field: tk.Misc, texts, *, least: int = 12) -> int:
    """The width, in characters as Tk counts a field's (each a "0" of its font), that shows
    each of ``texts`` whole in ``field`` (an entry or a list to choose from); at least
    ``least``.  A name of 40 wide letters needs more than 40 "0"s."""
    name = str(field.cget("font")) or ttk.Style(field).lookup(
        str(field.cget("style")) or field.winfo_class(), "font") or "TkTextFont"
    try:
        font = tkfont.nametofont(name)
    except tk.TclError:
        font = tkfont.Font(root=field, font=name)
    zero = max(1, font.measure("0"))
    need = max([0] + [font.measure(text) for text in texts])
    return max(least, -(-need // zero) + 1)


def zero_at_96_dpi(root: tk.Misc, font: tkfont.Font) -> float:
    """The width of a "0" in ``font`` as a 96-dpi screen draws it (to a twentieth of a
    pixel: the width of twenty)."""
    pixels = -max(1, round(abs(float(font.actual("size"))) * POINTS_AT_96_DPI))
    drawn = tkfont.Font(root=root, family=font.actual("family"), size=pixels,
                        weight=font.actual("weight"))
    return drawn.measure("0" * 20) / 20


class Theme:
    """The fonts and styles, made once per root window."""

    def __init__(self, root: tk.Misc, *, scale: float = 1.0) -> None:
        self.root = root
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.fonts = {}
        for name, (size, weight, strike, *slant) in FONT_SPECS.items():
            look = dict(family=family, size=max(6, round(size * scale)), weight=weight,
                        overstrike=strike, slant=slant[0] if slant else "roman")
            try:
                font = tkfont.Font(root=root, name=name, exists=True)
                font.configure(**look)
            except tk.TclError:
                font = tkfont.Font(root=root, name=name, **look)
            self.fonts[name] = font
        self.remeasure()

    def remeasure(self) -> None:
        """Measure the body font again (after a text-size change) and restyle."""
        body = self.fonts["EDBody"]
        self.em = max(6, round(zero_at_96_dpi(self.root, body) * screen_scale(self.root)))
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
        style.configure(".", font="EDBody", background=PANEL)
        style.map(".", background=[("disabled", PANEL)])
        style.configure("TEntry", fieldbackground="#ffffff")
        style.configure("TButton", background="#e4dccb")
        style.map("TButton", background=[("active", "#efe6d2"), ("pressed", "#d6ccb6")])
        style.configure("TNotebook.Tab", background="#ddd4c1", padding=(em, em // 4))
        style.map("TNotebook.Tab", background=[("selected", PANEL)])
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
            # the same in the small font, for a hint too long for its rows
            style.configure(f"{name}Compact.TLabel", background=CURRENT, foreground=colour,
                            font="EDSmall", padding=(em // 2, 0))
        style.configure("Tally.TEntry", padding=(2, 0))
        style.configure("Cover.TFrame", background=COVER)
        style.configure("Cover.TLabel", background=COVER, foreground="#ffffff")
        style.configure("CoverTitle.TLabel", background=COVER, foreground="#ffffff", font="EDTitle")
        style.configure("Screen.TFrame", background=PANEL)
        style.configure("Screen.TLabel", background=PANEL)
        style.configure("ScreenTitle.TLabel", background=PANEL, font="EDTitle")
        style.configure("ScreenHeading.TLabel", background=PANEL, font="EDHeading")
        style.configure("RevealTitle.TLabel", background=PANEL, font="EDHeading",
                        foreground=ACCENT)
        style.configure("Treeview", font="EDBody", rowheight=self.line + 4,
                        background=PAPER, fieldbackground=PAPER)
        # the players' faces, each a card of its own (its loan on it, not between two faces);
        # the seat whose sheet is shown on the yellow of the sheet
        for state, back in (("", CARD), ("Current", CURRENT)):
            style.configure(f"Seat{state}.TFrame", background=back)
            style.configure(f"Seat{state}.TLabel", background=back, font="EDBody")
            style.configure(f"Seat{state}Name.TLabel", background=back, font="EDBold")
            style.configure(f"Seat{state}Owes.TLabel", background=back, foreground=RED,
                            font="EDSmall")
        style.configure("Ask.TFrame", background=CURRENT)
        style.configure("Ask.TLabel", background=CURRENT, font="EDBold")
        style.configure("Cheer.TLabel", background=PANEL, font="EDHeading", foreground=ACCENT)
        style.configure("Strip.TFrame", background=PANEL)
        # the drawer's tabs under the board: flat until chosen, then like an open tab
        style.configure("Drawer.Toolbutton", padding=(em, em // 4), background="#e4dccb",
                        relief="raised", borderwidth=1)
        style.map("Drawer.Toolbutton", background=[("selected", DRAWER), ("active", "#efe6d2")],
                  relief=[("selected", "sunken")])
        # ... with the dotted ring of every other button while it has the keyboard (Tab from
        # the sheet's last field comes here): the theme's tool buttons draw none
        style.layout("Drawer.Toolbutton", [("Toolbutton.border", {"sticky": "nswe", "children": [
            ("Toolbutton.focus", {"sticky": "nswe", "children": [
                ("Toolbutton.padding", {"sticky": "nswe", "children": [
                    ("Toolbutton.label", {"sticky": "nswe"})]})]})]})])
        style.configure("Drawer.TFrame", background=DRAWER)
        style.configure("Strip.TLabel", background=PANEL, font="EDBold", foreground=ACCENT)
        style.configure("Card.TFrame", background=CARD, relief="solid", borderwidth=1)
        style.configure("Card.TLabel", background=CARD)
        style.configure("CardMuted.TLabel", background=CARD, foreground=MUTED)
        style.configure("CardBold.TLabel", background=CARD, font="EDBold")
        style.configure("CardHeading.TLabel", background=CARD, font="EDHeading")
        style.configure("Treeview.Heading", font="EDBold")
        # The tick boxes and round buttons grow with the text (their own size is fixed pixels).
        mark = max(10, round(self.line * 0.7))
        style.configure("TCheckbutton", padding=(0, 2), indicatorsize=mark)
        style.configure("TRadiobutton", indicatorsize=mark)
        # drawn parts at the screen's scale: a scrollbar as wide as on a 96-dpi screen of the
        # same inches
        from .placement import px, screen_scale
        if screen_scale(self.root) != 1.0:     # (the theme's own sizes are for 96 dpi)
            style.configure("TScrollbar", arrowsize=px(self.root, 14))
            style.configure("TSpinbox", arrowsize=px(self.root, 10))


_BASES = "_ed_font_base_sizes"


def apply_text_scale(root: Any, scale: float) -> float:
    """Scale every named font of ``root`` to ``scale`` times its base size; returns the scale.

    The base size of a font is remembered the first time this sees it, so
    repeated calls (larger, smaller, reset with 1.0) never drift.  Pixel
    sizes (negative in Tk) stay pixel sizes.
    """
    scale = clamp_scale(scale)
    bases: Dict[str, int] = getattr(root, _BASES, None) or {}
    for name in tkfont.names(root):
        try:
            font = tkfont.Font(root=root, name=name, exists=True)
        except Exception:  # a font deleted meanwhile
            continue
        base = bases.get(name)
        if base is None:
            base = int(font.cget("size"))
            if base == 0:  # "the platform default": take the size it really has
                base = int(font.actual("size")) or 10
            bases[name] = base
        size = round(abs(base) * scale) or 1
        font.configure(size=size if base > 0 else -size)
    setattr(root, _BASES, bases)
    return scale
