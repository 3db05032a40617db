"""A line chart on a plain Tk canvas: several lines over shared x labels, read by pointer or keys.

Every part has its place worked out before anything is drawn (``_plan``):
the title and the readout above the plot, the y ticks to its left, the x
labels under it, the line labels in a column to its right and the legend at
the foot; when room is short the legend and title give way first.
"""
from __future__ import annotations

import math
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .chartkit import (HINT, LEGEND_SAMPLE, TOO_SMALL, Frame, Series, darker, draw_marker,
                       font, marker_radius, marker_reach, money, nice_ticks, spread)


class LineChart(ttk.Frame):
    """A line chart on a canvas: several ``Series`` over shared x labels.

    ``set_series(labels, series, title="")`` redraws; the chart redraws itself
    when resized.  ``value_at_y(y)`` and ``x_of(index)`` map canvas
    coordinates to data; ``cursor`` is ``(series key, index)`` or ``None``;
    ``readout_text()`` is the exact value shown for the cursor.
    """

    value_format = staticmethod(money)
    #: Whether the legend names every line (then the labels beside the lines may give way).
    legend_names_lines = False

    def __init__(self, parent: tk.Misc, *, width: int = 600, height: int = 320,
                 title: str = "") -> None:
        super().__init__(parent)
        self.canvas = tk.Canvas(self, width=width, height=height, background="white",
                                highlightthickness=2, takefocus=1, borderwidth=0)
        self.canvas.pack(fill="both", expand=True)
        self.title = title
        self.labels: List[str] = []
        self.series: List[Series] = []
        self.cursor: Optional[Tuple[str, int]] = None
        self._scale = (0.0, 1.0, 0.0, 1.0)   # y of top, y of bottom, value at top, at bottom
        self._xs: List[float] = []
        self._frame: Optional[Frame] = None
        self._measured: Dict[Tuple[str, str, int], Tuple[int, int]] = {}
        self.canvas.bind("<Configure>", lambda e: self.redraw())
        self.canvas.bind("<Left>", lambda e: self._move(-1))
        self.canvas.bind("<Right>", lambda e: self._move(1))
        self.canvas.bind("<Up>", lambda e: self._change_line(-1))
        self.canvas.bind("<Down>", lambda e: self._change_line(1))
        self.canvas.bind("<Home>", lambda e: self._jump(0))
        self.canvas.bind("<End>", lambda e: self._jump(-1))
        self.canvas.bind("<FocusIn>", self._on_focus_in)
        self.canvas.bind("<Button-1>", lambda e: self.canvas.focus_set())
        self.canvas.tag_bind("point", "<Enter>", self._on_point_enter)

    # ------------------------------------------------------------ data

    def set_series(self, labels: Sequence[str], series: Sequence[Series], *,
                   title: Optional[str] = None) -> None:
        """Show ``series`` over the x ``labels`` and redraw."""
        self.labels = list(labels)
        self.series = list(series)
        if title is not None:
            self.title = title
        if self.cursor is not None and not self._has_point(*self.cursor):
            self.cursor = None
        self.redraw()

    def plotted_values(self) -> List[int]:
        """Every value the series hold, in series order (the gaps left out)."""
        return [v for s in self.series for v in s.values if v is not None]

    def _has_point(self, key: str, index: int) -> bool:
        for s in self.series:
            if s.key == key:
                return 0 <= index < len(s.values) and s.values[index] is not None
        return False

    def value_at_y(self, y: float) -> float:
        """The value a canvas y coordinate stands for."""
        top, bottom, vtop, vbottom = self._scale
        return vtop + (y - top) * (vbottom - vtop) / (bottom - top)

    def y_of(self, value: float) -> float:
        top, bottom, vtop, vbottom = self._scale
        return top + (value - vtop) * (bottom - top) / (vbottom - vtop)

    def x_of(self, index: int) -> float:
        """The canvas x coordinate of x index ``index``."""
        return self._xs[index]

    # ------------------------------------------------------------ drawing

    def drawn_size(self) -> Tuple[int, int, int]:
        """(width, height, inset): the canvas size and the focus ring drawn inside it."""
        c = self.canvas
        inset = int(float(c.cget("highlightthickness"))) + int(float(c.cget("borderwidth")))
        width, height = c.winfo_width(), c.winfo_height()
        if width <= 1 or height <= 1:       # not laid out yet: the size asked for
            width = int(float(c.cget("width"))) + 2 * inset
            height = int(float(c.cget("height"))) + 2 * inset
        return width, height, inset

    def _fonts(self) -> Dict[str, tkfont.Font]:
        body = font(self, "TkDefaultFont")
        small = (font(self, "TkSmallCaptionFont") if "TkSmallCaptionFont" in tkfont.names(self)
                 else body)
        return {"body": body, "small": small, "heading": font(self, "TkHeadingFont")}

    def redraw(self) -> None:
        """Draw everything again at the canvas's current size.

        Every part has its own place, worked out before anything is drawn
        (``_plan``): the title and the readout above the plot, the y ticks to
        its left, the month labels under it, the line labels in a column to
        its right and the legend at the foot.  When the canvas is too small
        for all of it, the legend goes first, then the title; when even the
        plot cannot fit, a sentence says so.
        """
        c = self.canvas
        c.delete("all")
        self._measured = {}
        fonts = self._fonts()
        values = self.plotted_values()
        low, high = (min(values), max(values)) if values else (0, 100)
        frame = self._plan(fonts, low, high)
        if frame is None:
            width, height, inset = self.drawn_size()
            c.create_text(inset + 4, inset + 4, text=TOO_SMALL, anchor="nw", font=fonts["small"],
                          width=max(20, width - 2 * inset - 8), tags=("message",))
            self._xs = []
            return
        self._frame = frame
        self._scale = (frame.top, frame.bottom, frame.ticks[-1], frame.ticks[0])
        if frame.title_at is not None:
            c.create_text(*frame.title_at, text=self.title, anchor="nw", font=fonts["heading"],
                          tags=("title",))
        self._draw_axes(frame, fonts)
        if not values:
            c.create_text((frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2,
                          text="Nothing to show yet.", font=fonts["body"], tags=("message",))
        self._draw_lines(frame, fonts)
        if frame.legend is not None:
            self._draw_legend_rows(frame, fonts["body"])
        self._draw_cursor()

    def legend_entries(self) -> List[Tuple[str, str, str, bool, Tuple[int, ...]]]:
        """What the legend explains: (text, colour, marker, filled, dash) per sample."""
        return []

    def _readout_sample(self) -> str:
        """The longest readout the cursor could show, to reserve room for it."""
        labels = [s.label for s in self.series] or [""]
        values = self.plotted_values() or [0]
        longest = max(values, key=lambda v: len(self.value_format(v)))
        return (f"{max(labels, key=len)}, {max(self.labels or [''], key=len)}: "
                f"{self.value_format(longest)}")

    def _text_width(self, font: tkfont.Font, text: str) -> int:
        """The width of ``text`` in ``font`` (measured once per redraw: each asks Tk)."""
        key = (text, str(font), -1)
        if key not in self._measured:
            self._measured[key] = (font.measure(text), 0)
        return self._measured[key][0]

    def _line_height(self, font: tkfont.Font) -> int:
        """The height of a line of ``font``."""
        key = ("", str(font), -2)
        if key not in self._measured:
            self._measured[key] = (0, font.metrics("linespace"))
        return self._measured[key][1]

    def _text_size(self, text: str, font: tkfont.Font, wrap: float = 0) -> Tuple[int, int]:
        """(width, height) of ``text`` in ``font``, wrapped at ``wrap`` pixels when given."""
        key = (text, str(font), int(wrap))
        size = self._measured.get(key)
        if size is None:
            item = self.canvas.create_text(0, 0, text=text, anchor="nw", font=font,
                                           width=max(1, int(wrap)) if wrap else 0)
            x1, y1, x2, y2 = self.canvas.bbox(item)
            self.canvas.delete(item)
            size = self._measured[key] = (x2 - x1, y2 - y1)
        return size

    def _plan(self, fonts: Dict[str, tkfont.Font], low: float, high: float
              ) -> Optional["Frame"]:
        """Where each part goes at the current size: the fullest layout that fits, or None.

        The header (title and readout) spans the canvas when there is height
        to spare, or only the plot's width so the line labels may use the
        full height beside it.
        """
        variants = [(True, True, "body"), (True, False, "body"), (False, False, "body"),
                    (False, False, "small")]
        if self.legend_names_lines:     # the legend alone can tell the lines apart
            variants += [(True, True, ""), (False, True, "")]
        for title, legend, label_font in variants:
            for wide in (True, False):
                frame = self._try_plan(fonts, low, high, title=title and bool(self.title),
                                       legend=legend, label_font=label_font, wide=wide)
                if frame is not None:
                    return frame
        return None

    def _header(self, fonts: Dict[str, tkfont.Font], margin: int, usable: int, *, title: bool
                ) -> Tuple[Optional[Tuple[float, float]], Tuple[float, float, float], float]:
        """(title position, readout position and wrap width, bottom of the header)."""
        heading = fonts["heading"]
        readout_w = max(self._text_size(HINT, fonts["small"])[0],
                        self._text_size(self._readout_sample(), heading)[0])
        title_w = self._text_size(self.title, heading)[0] if title else 0
        gap = self._text_width(heading, "00")
        if title and title_w + gap + readout_w <= usable:      # one line for both
            x = margin + title_w + gap
            height = max(self._text_size(self.title, heading)[1],
                         self._text_size(HINT, fonts["small"])[1],
                         self._text_size(self._readout_sample(), heading)[1])
            return (margin, margin), (x, margin, margin + usable - x), margin + height
        y = margin
        title_at = None
        if title:
            title_at = (margin, margin)
            y += self._text_size(self.title, heading, usable)[1] + 2
        height = max(self._text_size(HINT, fonts["small"], usable)[1],
                     self._text_size(self._readout_sample(), heading, usable)[1])
        return title_at, (margin, y, usable), y + height

    def _legend_rows(self, font: tkfont.Font, usable: int) -> List[List[Tuple[float, tuple]]]:
        """The legend's samples flowed into rows: (x offset, entry) per sample."""
        rows: List[List[Tuple[float, tuple]]] = []
        x = 0.0
        for entry in self.legend_entries():
            width = LEGEND_SAMPLE + self._text_width(font, entry[0])
            if not rows or (x + width > usable and rows[-1]):
                rows.append([])
                x = 0.0
            rows[-1].append((x, entry))
            x += width + self._text_width(font, "00")
        return rows

    def _label_column(self, fonts: Dict[str, tkfont.Font], label_font: str, right: float
                      ) -> Tuple[float, float, float]:
        """(height of a line label, left edge of their column, gap before it); no column
        without a ``label_font``."""
        if not label_font:
            return 0, right, 0
        line = self._line_height(fonts[label_font]) + 2
        widest = max([self._text_width(fonts[label_font], s.label) for s in self.series] + [0])
        return line, right - widest, max(12, line)

    def _try_plan(self, fonts: Dict[str, tkfont.Font], low: float, high: float, *,
                  title: bool, legend: bool, label_font: str, wide: bool) -> Optional["Frame"]:
        width, height, inset = self.drawn_size()
        small, body = fonts["small"], fonts["body"]
        margin = inset + max(3, self._line_height(body) // 5)
        usable = width - 2 * margin
        label_line, labels_x, gap = self._label_column(fonts, label_font, width - margin)
        if labels_x - gap - margin < 100:
            return None
        title_at, readout_at, header_bottom = self._header(
            fonts, margin, usable if wide else labels_x - gap - margin, title=title)
        legend_rows = self._legend_rows(body, usable) if legend else []
        legend_h = len(legend_rows) * (self._line_height(body) + 2)
        foot = height - margin - legend_h - (4 if legend_rows else 0)
        small_line = self._line_height(small)
        reach = marker_reach(self._line_height(body))
        top = header_bottom + 4 + max(small_line / 2 + 1, reach)
        bottom = foot - small_line - reach - 3
        ticks = nice_ticks(low, high, max(1, min(5, int((bottom - top) // (small_line * 2)))))
        left = margin + max(self._text_width(small, self.value_format(t)) for t in ticks) + 6
        right = labels_x - gap
        zone = (header_bottom + 4 if wide else margin, foot)
        shown = sum(1 for s in self.series if any(v is not None for v in s.values))
        # Labels that would squeeze the plot give way to a legend that names the lines.
        narrowest = usable / 2 if label_font and self.legend_names_lines else 60
        if (right - left < narrowest or bottom - top < max(30, 2 * small_line)
                or zone[1] - zone[0] < shown * label_line):
            return None
        return Frame(left, right, top, bottom, tuple(ticks), title_at, readout_at, labels_x,
                      label_font, label_line, zone, (margin, foot + 4) if legend_rows else None,
                      legend_rows)

    def _draw_axes(self, frame: "Frame", fonts: Dict[str, tkfont.Font]) -> None:
        """Grid lines, y ticks (never closer than a line of text), the axes and month labels."""
        c, small = self.canvas, fonts["small"]
        ticks = frame.ticks
        spacing = (frame.bottom - frame.top) / max(1, len(ticks) - 1)
        every = max(1, math.ceil((self._line_height(small) + 2) / max(1.0, spacing)))
        for index, t in enumerate(ticks):
            y = self.y_of(t)
            c.create_line(frame.left, y, frame.right, y, fill="#e3e3e3", tags=("grid",))
            if index % every == 0:
                c.create_text(frame.left - 6, y, text=self.value_format(t), anchor="e",
                              font=small, fill="#333333", tags=("ytick",))
        c.create_line(frame.left, frame.top, frame.left, frame.bottom, frame.right, frame.bottom,
                      fill="#666666", tags=("axis",))
        self._draw_months(frame, fonts)

    def _draw_months(self, frame: "Frame", fonts: Dict[str, tkfont.Font]) -> None:
        """The x positions, and as many month labels under them as fit side by side.

        Points sit far enough inside the plot for a label centred under the
        first or last of them to stay within it.
        """
        small = fonts["small"]
        n = max(1, len(self.labels))
        widest = max([self._text_width(small, t) for t in self.labels] + [0])
        reach = marker_reach(self._line_height(fonts["body"]))
        inset = max(reach + 2, widest / 2 + 2)
        span = frame.right - frame.left - 2 * inset
        if n == 1:
            self._xs = [(frame.left + frame.right) / 2]
        else:
            self._xs = [frame.left + inset + i * span / (n - 1) for i in range(n)]
        step = span / (n - 1) if n > 1 else span
        every = max(1, math.ceil((widest + self._text_width(small, "0")) / max(1.0, step)))
        for i, text in enumerate(self.labels):
            if (n - 1 - i) % every == 0:   # counted from the end: the latest month always shows
                self.canvas.create_text(self._xs[i], frame.bottom + reach + 2, text=text,
                                        anchor="n", font=small, tags=("xtick", f"m:{i}"))

    def _draw_lines(self, frame: "Frame", fonts: Dict[str, tkfont.Font]) -> None:
        """Each series as a line with markers, labelled in the column right of the plot."""
        c = self.canvas
        n = len(self._xs)
        radius = marker_radius(self._line_height(fonts["body"]))
        ends = []
        for s in self.series:
            pts = [(i, self._xs[i], self.y_of(v), v) for i, v in enumerate(s.values)
                   if v is not None and i < n]
            if len(pts) > 1:
                c.create_line(*[coord for _, x, y, _ in pts for coord in (x, y)], fill=s.colour,
                              width=2, dash=s.dash or "", tags=("line", f"c:{s.key}"))
            for i, x, y, v in pts:
                draw_marker(c, x, y, s.marker, radius, s.colour, s.filled,
                            ("point", f"c:{s.key}", f"m:{i}", f"v:{v}"))
            if pts:
                ends.append((pts[-1][2], pts[-1][1], s))
        if not frame.label_font:
            return
        ends.sort(key=lambda e: e[0])
        ys = spread([e[0] for e in ends], frame.label_line, *frame.zone)
        for label_y, (y, x, s) in zip(ys, ends):
            if abs(label_y - y) > 2 or x < self._xs[-1] - 1:   # a leader from the last point
                c.create_line(x + radius + 2, y, frame.labels_x - 3, label_y, fill=s.colour,
                              dash=(2, 3), tags=("leader", f"c:{s.key}"))
            c.create_text(frame.labels_x, label_y, text=s.label, anchor="w",
                          font=fonts[frame.label_font], fill=darker(s.colour),
                          tags=("endlabel", f"c:{s.key}"))

    def _draw_legend_rows(self, frame: "Frame", font: tkfont.Font) -> None:
        """The legend's rows at the foot of the canvas."""
        x0, y = frame.legend  # type: ignore[misc]
        line = self._line_height(font) + 2
        for row in frame.legend_rows:
            for dx, (text, colour, marker, filled, dash) in row:
                self._legend_sample(x0 + dx, y + line / 2, text, colour, marker, filled, dash,
                                    font)
            y += line

    def _legend_sample(self, x: float, y: float, text: str, colour: str, marker: str,
                       filled: bool, dash: Tuple[int, ...], font: tkfont.Font) -> float:
        c = self.canvas
        c.create_line(x, y, x + 34, y, fill=colour, width=2, dash=dash or "", tags=("legend",))
        draw_marker(c, x + 17, y, marker, 4, colour, filled, ("legend",))
        item = c.create_text(x + LEGEND_SAMPLE, y, text=text, anchor="w", font=font,
                             tags=("legend",))
        return c.bbox(item)[2] + 18

    # ------------------------------------------------------------ cursor

    def readout_text(self) -> str:
        """The exact value at the cursor, e.g. ``"X-Fine, Mar: $42"``; "" without a cursor."""
        if self.cursor is None:
            return ""
        key, index = self.cursor
        for s in self.series:
            if s.key == key and 0 <= index < len(s.values) and s.values[index] is not None:
                return f"{s.label}, {self.labels[index]}: {self.value_format(s.values[index])}"
        return ""

    def _draw_cursor(self) -> None:
        c = self.canvas
        c.delete("cursor", "readout")
        text = self.readout_text()
        frame = self._frame
        if frame is None or not self._xs:
            return
        x0, y0, wrap = frame.readout_at
        if not text:
            c.create_text(x0, y0, text=HINT, anchor="nw", fill="#666666", width=int(wrap),
                          font=self._fonts()["small"], tags=("readout", "hint"))
            return
        key, index = self.cursor  # type: ignore[misc]
        s = next(s for s in self.series if s.key == key)
        x, y = self._xs[index], self.y_of(s.values[index])  # type: ignore[arg-type]
        r = 9
        c.create_oval(x - r, y - r, x + r, y + r, outline="#000000", width=2, tags=("cursor",))
        c.create_line(x, self._scale[0], x, self._scale[1], fill="#999999", dash=(2, 2),
                      tags=("cursor",))
        c.tag_lower("cursor", "point")
        c.create_text(x0, y0, text=text, anchor="nw", font=font(self, "TkHeadingFont"),
                      width=int(wrap), tags=("readout",))

    def set_cursor(self, key: str, index: int) -> None:
        """Put the cursor on a point (if that point exists) and show its value."""
        if self._has_point(key, index):
            self.cursor = (key, index)
            self._draw_cursor()

    def _on_point_enter(self, _event: Any) -> None:
        item = self.canvas.find_withtag("current")
        if not item:
            return
        tags = self.canvas.gettags(item[0])
        key = next(t[2:] for t in tags if t.startswith("c:"))
        index = int(next(t[2:] for t in tags if t.startswith("m:")))
        self.set_cursor(key, index)

    def _on_focus_in(self, _event: Any) -> None:
        if self.cursor is None:
            self._jump(-1)

    def _points_of(self, key: str) -> List[int]:
        s = next((s for s in self.series if s.key == key), None)
        return [] if s is None else [i for i, v in enumerate(s.values) if v is not None]

    def _move(self, step: int) -> str:
        if self.cursor is None:
            self._jump(-1)
            return "break"
        key, index = self.cursor
        points = self._points_of(key)
        later = [i for i in points if (i - index) * step > 0]
        if later:
            self.set_cursor(key, min(later, key=lambda i: abs(i - index)))
        return "break"

    def _change_line(self, step: int) -> str:
        keys = [s.key for s in self.series if any(v is not None for v in s.values)]
        if not keys:
            return "break"
        if self.cursor is None:
            self._jump(-1)
            return "break"
        key, index = self.cursor
        position = keys.index(key) if key in keys else 0
        for _ in keys:
            position = (position + step) % len(keys)
            points = self._points_of(keys[position])
            if points:
                nearest = min(points, key=lambda i: (abs(i - index), -i))
                self.set_cursor(keys[position], nearest)
                break
        return "break"

    def _jump(self, where: int) -> str:
        key = self.cursor[0] if self.cursor else None
        keys = [s.key for s in self.series if any(v is not None for v in s.values)]
        if not keys:
            return "break"
        if key not in keys:
            key = keys[0]
        points = self._points_of(key)
        self.set_cursor(key, points[where])
        return "break"
