"""The three grades' colour chips above a stock's counts ("0·0·3": X-Fine, Fine, Standard).

A stock is written as its three counts, "2·0·4"; a chip in each grade's colour (the
colour of its name on the sheet and of its track on the board) stands above each
count, so the figures say which grade they count without a word.

- ``count_spans(font, text)``: where each count of ``text`` stands, in pixels leftwards
  from the text's right end (the sheet and the reveal set their figures flush right).
- ``chips_image(master, font, width, height)``: the chips of the sample ``"0·0·0"`` at
  the right of an image ``width`` pixels wide, to head a column of stocks.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from typing import List, Tuple

from ...rules import RAW
from . import theme as T

#: How a stock is written, and the sample a column of them is headed by.
SEPARATOR = "·"
SAMPLE = SEPARATOR.join("0" for _ in RAW)


def count_spans(font: tkfont.Font, text: str) -> List[Tuple[int, int]]:
    """Each grade's count in ``text`` (``"12·0·3"``) as (left, right), in pixels leftwards
    from the text's right end, X-Fine first; empty when ``text`` is not a stock."""
    parts = text.split(SEPARATOR)
    if len(parts) != len(RAW) or not all(part.isdigit() for part in parts):
        return []
    spans = []
    for index, part in enumerate(parts):
        after = SEPARATOR.join([""] + parts[index + 1:]) if index + 1 < len(parts) else ""
        right = font.measure(after)
        spans.append((right + font.measure(part), right))
    return spans


def chips_image(master: tk.Misc, font: tkfont.Font, width: int, height: int) -> tk.PhotoImage:
    """The grades' chips above the counts of ``"0·0·0"`` set flush right in ``font``, on an
    image ``width`` by ``height`` (keep a reference to it while it is shown)."""
    image = tk.PhotoImage(master=master, width=width, height=height)
    for key, (left, right) in zip(RAW, count_spans(font, SAMPLE)):
        image.put(T.COMMODITY_COLOURS[key], to=(width - left, 0, width - right, height))
    return image
