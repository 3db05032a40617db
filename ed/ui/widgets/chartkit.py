"""What the charts share: their lines, markers, ticks, label spreading and fonts.

Pure helpers and ``draw_marker``; ``LineChart`` (``linechart.py``) and the
bars (``bars.py``) draw with them.
"""
from __future__ import annotations

import math
import tkinter as tk
import tkinter.font as tkfont
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple

from ... import words


@dataclass(frozen=True)
class Series:
    """One line: its key (used in tags), label, values by x index (``None`` = no point) and look."""

    key: str
    label: str
    values: Tuple[Optional[int], ...]
    colour: str = "#000000"
    marker: str = "circle"
    filled: bool = True
    dash: Tuple[int, ...] = ()


def nice_ticks(low: float, high: float, count: int = 5) -> List[float]:
    """Round tick values covering ``low``..``high`` (about ``count`` of them)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value <= high + step * 1e-9:
        ticks.append(round(value, 6))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 6))
    return ticks


def money(value: float) -> str:
    """A chart's value, rounded to the dollar: ``-15.6 -> "-$16"``."""
    return words.money(int(round(value)))


def draw_marker(canvas: tk.Canvas, x: float, y: float, shape: str, r: float, colour: str,
                filled: bool, tags: Tuple[str, ...]) -> int:
    """A point marker centred on (x, y); returns the canvas item."""
    fill = colour if filled else "white"
    if shape == "circle":
        return canvas.create_oval(x - r, y - r, x + r, y + r, fill=fill, outline=colour,
                                  width=2, tags=tags)
    if shape == "square":
        r *= 0.9
        return canvas.create_rectangle(x - r, y - r, x + r, y + r, fill=fill, outline=colour,
                                       width=2, tags=tags)
    if shape == "cross":
        r *= 1.1
        pts = [x - r, y - r / 3, x - r / 3, y - r / 3, x - r / 3, y - r, x + r / 3, y - r,
               x + r / 3, y - r / 3, x + r, y - r / 3, x + r, y + r / 3, x + r / 3, y + r / 3,
               x + r / 3, y + r, x - r / 3, y + r, x - r / 3, y + r / 3, x - r, y + r / 3]
    elif shape == "diamond":
        r *= 1.2
        pts = [x, y - r, x + r, y, x, y + r, x - r, y]
    elif shape == "down":
        r *= 1.2
        pts = [x - r, y - r * 0.7, x + r, y - r * 0.7, x, y + r]
    else:  # triangle
        r *= 1.2
        pts = [x, y - r, x + r, y + r * 0.7, x - r, y + r * 0.7]
    return canvas.create_polygon(pts, fill=fill, outline=colour, width=2, tags=tags)


HINT = "Point at a dot, or use the arrow keys, to read its value."
TOO_SMALL = ("Too little room to draw the chart here: make the window larger or the text "
             "smaller (View ▸ Text size).")
LEGEND_SAMPLE = 40      # pixels from a legend sample's start to its words


@dataclass(frozen=True)
class Frame:
    """Where the parts of a line chart go, in canvas coordinates (see ``LineChart._plan``)."""

    left: float                 # the plot: value axis at left, month axis at bottom
    right: float
    top: float
    bottom: float
    ticks: Tuple[float, ...]    # y tick values, lowest first
    title_at: Optional[Tuple[float, float]]     # None: no room for the title
    readout_at: Tuple[float, float, float]      # x, y and wrap width of the readout
    labels_x: float             # left edge of the column of line labels
    label_font: str             # "body" or "small"; "" when the legend names the lines
    label_line: float           # height given to each line label
    zone: Tuple[float, float]   # top and bottom of the band the line labels may use
    legend: Optional[Tuple[float, float]]       # top left of the legend; None: no legend
    legend_rows: Any = ()


def spread(ys: Sequence[float], line: float, low: float, high: float) -> List[float]:
    """Centres for labels wanted at the sorted ``ys``, at least ``line`` apart, within low..high.

    Each label stays as near its wish as the others allow; the band must
    have room for them all (``len(ys) * line``).
    """
    out: List[float] = []
    for y in ys:
        floor = out[-1] + line if out else low + line / 2
        out.append(max(y, floor))
    ceiling = high - line / 2
    for i in range(len(out) - 1, -1, -1):
        out[i] = min(out[i], ceiling)
        ceiling = out[i] - line
    return out


def font(widget: tk.Misc, name: str) -> tkfont.Font:
    """A named font of ``widget``'s interpreter (``nametofont`` lacks ``root`` before 3.10)."""
    return tkfont.Font(root=widget, name=name, exists=True)


def marker_radius(line: float) -> float:
    """A point marker's radius for text ``line`` pixels high: larger with larger text."""
    return max(3.5, line / 4)


def marker_reach(line: float) -> float:
    """How far a marker (the widest shape and its outline) reaches from its centre."""
    return marker_radius(line) * 1.2 + 2


def darker(colour: str) -> str:
    """A darker shade of ``#rrggbb`` so labels read well on white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % (int(r * 0.7), int(g * 0.7), int(b * 0.7))
