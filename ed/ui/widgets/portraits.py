"""The computer players' faces, drawn on a Tk canvas from their ``ed.ai.Portrait``.

``draw_portrait(canvas, portrait, x, y, size, colour=..., accent=..., mood=...)``
draws a head-and-shoulders picture in the square at (x, y): skin, hair in
its style, glasses, the accessory (tie, bow, pearls or hat) and a mouth for
the ``mood`` ("pleased", "neutral" or "glum").  ``draw_person`` draws a
person's seat: a plain silhouette with the initial of the name, so a
person and a computer player differ by shape and by words, never by
colour alone.  ``Badge`` is a small canvas holding one of them.

Every item is tagged ``portrait``; the parts are tagged for tests and the
curious: ``hair:<style>``, ``glasses``, ``acc:<accessory>``, ``mood:<mood>``,
``person``.
"""
from __future__ import annotations

import tkinter as tk
from typing import Optional, Tuple

from . import theme as T



def draw_portrait(canvas: tk.Canvas, portrait, x: float, y: float, size: float, *,
                  colour: str = "#2c7a7b", accent: str = "#b2f5ea", mood: str = "neutral",
                  tags: Tuple[str, ...] = ()) -> None:
    """A face in the square (x, y, size): see the module docstring."""
    s = size / 100.0
    base = ("portrait",) + tuple(tags)

    def box(*points: float) -> Tuple[float, ...]:
        """Points given in a 100 x 100 square, placed and scaled."""
        return tuple(p * s + (x if i % 2 == 0 else y) for i, p in enumerate(points))

    def tagged(*extra):
        return base + extra

    canvas.create_oval(*box(2, 2, 98, 98), fill=accent, outline=colour, width=max(1, s * 3),
                       tags=tagged("ring"))
    hair, style = portrait.hair, portrait.hair_style
    if style == "long":   # hair falling behind the shoulders
        canvas.create_oval(*box(24, 18, 76, 88), fill=hair, outline="", tags=tagged("hair:long"))
    # shoulders in the character's colour, then the neck
    canvas.create_arc(*box(14, 70, 86, 130), start=0, extent=180, fill=colour, outline="",
                      style="chord", tags=tagged("body"))
    canvas.create_rectangle(*box(44, 58, 56, 74), fill=portrait.skin, outline="",
                            tags=tagged("neck"))
    canvas.create_oval(*box(30, 20, 70, 68), fill=portrait.skin, outline="#8a6a50",
                       width=1, tags=tagged("head"))
    _hair(canvas, box, tagged, style, hair)
    _eyes(canvas, box, tagged, portrait.glasses)
    _mouth(canvas, box, tagged, mood, s)
    _accessory(canvas, box, tagged, portrait.accessory, hair)


def _hair(canvas, box, tagged, style: str, hair: str) -> None:
    tag = tagged(f"hair:{style}")
    if style in ("short", "long"):
        canvas.create_arc(*box(29, 16, 71, 50), start=0, extent=180, fill=hair, outline="",
                          style="chord", tags=tag)
    elif style == "bun":
        canvas.create_arc(*box(29, 17, 71, 48), start=0, extent=180, fill=hair, outline="",
                          style="chord", tags=tag)
        canvas.create_oval(*box(41, 6, 59, 22), fill=hair, outline="", tags=tag)
    elif style == "curly":
        for cx, cy in ((34, 30), (42, 22), (50, 20), (58, 22), (66, 30), (30, 40), (70, 40)):
            canvas.create_oval(*box(cx - 8, cy - 8, cx + 8, cy + 8), fill=hair, outline="",
                               tags=tag)
    else:  # bald: a fringe above the ears
        for x0 in (27, 65):
            canvas.create_oval(*box(x0, 34, x0 + 8, 48), fill=hair, outline="", tags=tag)


def _eyes(canvas, box, tagged, glasses: bool) -> None:
    for cx in (42, 58):
        canvas.create_oval(*box(cx - 2.5, 40, cx + 2.5, 45), fill=T.INK, outline="",
                           tags=tagged("eye"))
    if glasses:
        for cx in (42, 58):
            canvas.create_oval(*box(cx - 7, 36, cx + 7, 49), outline=T.INK, width=1.5,
                               tags=tagged("glasses"))
        canvas.create_line(*box(49, 42, 51, 42), fill=T.INK, width=1.5, tags=tagged("glasses"))


def _mouth(canvas, box, tagged, mood: str, s: float) -> None:
    tag = tagged(f"mood:{mood}", "mouth")
    width = max(1.0, s * 2.5)
    if mood == "pleased":
        canvas.create_arc(*box(41, 46, 59, 60), start=200, extent=140, style="arc",
                          outline="#7a2e2e", width=width, tags=tag)
    elif mood == "glum":
        canvas.create_arc(*box(42, 55, 58, 65), start=20, extent=140, style="arc",
                          outline="#7a2e2e", width=width, tags=tag)
    else:
        canvas.create_line(*box(44, 57, 56, 57), fill="#7a2e2e", width=width, tags=tag)


def _accessory(canvas, box, tagged, accessory: str, hair: str) -> None:
    tag = tagged(f"acc:{accessory}")
    if accessory == "tie":
        canvas.create_polygon(*box(47, 72, 53, 72, 55, 90, 50, 96, 45, 90), fill="#7b1e1e",
                              outline="", tags=tag)
    elif accessory == "bow":
        canvas.create_polygon(*box(40, 70, 50, 75, 40, 80), fill="#1f2933", outline="", tags=tag)
        canvas.create_polygon(*box(60, 70, 50, 75, 60, 80), fill="#1f2933", outline="", tags=tag)
    elif accessory == "pearls":
        for cx, cy in ((38, 72), (44, 76), (50, 78), (56, 76), (62, 72)):
            canvas.create_oval(*box(cx - 2.5, cy - 2.5, cx + 2.5, cy + 2.5), fill="#fdfdf5",
                               outline="#9c9c90", tags=tag)
    elif accessory == "hat":
        canvas.create_rectangle(*box(34, 8, 66, 26), fill="#3b3b3b", outline="", tags=tag)
        canvas.create_rectangle(*box(24, 24, 76, 30), fill="#3b3b3b", outline="", tags=tag)


def draw_person(canvas: tk.Canvas, initial: str, x: float, y: float, size: float, *,
                tags: Tuple[str, ...] = ()) -> None:
    """A person's seat: a plain silhouette with the name's initial on it."""
    s = size / 100.0
    tag = ("portrait", "person") + tuple(tags)
    canvas.create_oval(x + 2 * s, y + 2 * s, x + 98 * s, y + 98 * s, fill="#e9edf1",
                       outline=T.MUTED, width=max(1, s * 3), tags=tag)
    canvas.create_oval(x + 34 * s, y + 18 * s, x + 66 * s, y + 52 * s, fill="#9aa5b1",
                       outline="", tags=tag)
    canvas.create_arc(x + 16 * s, y + 58 * s, x + 84 * s, y + 126 * s, start=0, extent=180,
                      fill="#9aa5b1", outline="", style="chord", tags=tag)
    if size >= 24:      # the letter in pixels, a share of the face whatever the screen's dpi
        canvas.create_text(x + 50 * s, y + 78 * s, text=initial[:1].upper(), fill="#ffffff",
                           font=("TkDefaultFont", -max(8, round(size * 0.22)), "bold"),
                           tags=tag)


class Badge(tk.Canvas):
    """A small square canvas with one seat's picture; ``show`` draws another."""

    def __init__(self, master: tk.Misc, size: int, *, background: str = T.PAPER) -> None:
        super().__init__(master, width=size, height=size, highlightthickness=0,
                         background=background, takefocus=0)
        self.size = size
        self.drawn: Optional[tuple] = None

    def show(self, personality=None, *, initial: str = "", mood: str = "neutral") -> None:
        """Draw ``personality``'s portrait, or a person's silhouette when it is ``None``."""
        key = (getattr(personality, "key", None), initial, mood)
        if key == self.drawn:
            return
        self.drawn = key
        self.delete("all")
        if personality is None:
            draw_person(self, initial, 0, 0, self.size)
        else:
            draw_portrait(self, personality.portrait, 0, 0, self.size, colour=personality.colour,
                          accent=personality.accent, mood=mood)
