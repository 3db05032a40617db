"""The price chart's layout: every word whole, inside the canvas and clear of the others.

Drawn through the real ``PriceChart`` widget at every text size from 100% to
200%, for games of 1 to 36 months and 2 to 6 players, at the sizes the
window gives it (the Price chart tab and View ▸ Price history), and read back
from the canvas items' bounding boxes.
"""
from __future__ import annotations

import itertools
import tkinter as tk

import pytest

import ed
from ed.rules import COMMODITIES
from ed.ui.widgets import charts
from ed.ui.widgets.theme import apply_text_scale
from ed.ui.shell.layout import chart_tab_size
from ed.ui.shell.windows import PRICE_HISTORY_LEAST_EM, price_history_size

from .conftest import play, pump

SCALES = [round(1.0 + step / 10, 1) for step in range(11)]     # 100% .. 200%
NAMES = {"X-Fine", "Fine", "Standard", "Good A", "Good B", "Good C"}


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _describe(canvas, item) -> str:
    text = canvas.itemcget(item, "text") if canvas.type(item) == "text" else canvas.type(item)
    return f"{text!r} {canvas.gettags(item)} at {canvas.bbox(item)}"


def layout_problems(chart) -> list:
    """Everything wrong with the drawn chart: words cut off, words on words, words on points."""
    c = chart.canvas
    width, height, inset = chart.drawn_size()
    texts = [i for i in c.find_all() if c.type(i) == "text"]
    boxes = {i: c.bbox(i) for i in texts}
    problems = []
    for item, (x1, y1, x2, y2) in boxes.items():
        if x1 < inset or y1 < inset or x2 > width - inset or y2 > height - inset:
            problems.append(f"{_describe(c, item)} is not inside the {width}x{height} canvas")
    for a, b in itertools.combinations(texts, 2):
        if _overlap(boxes[a], boxes[b]):
            problems.append(f"{_describe(c, a)} overlaps {_describe(c, b)}")
    for point in c.find_withtag("point"):
        box = c.bbox(point)
        for item in texts:
            if _overlap(box, boxes[item]):
                problems.append(f"the point {c.gettags(point)} is under {_describe(c, item)}")
    if c.find_withtag("message") and chart.plotted_values():
        problems.append(f"not drawn: {c.itemcget(c.find_withtag('message')[0], 'text')!r}")
    return problems


def check_drawn(chart, history) -> None:
    """The chart shows ``history`` whole: every label in place and nothing clipped."""
    c = chart.canvas
    problems = layout_problems(chart)
    assert not problems, "\n".join(problems[:8])
    labels = {c.itemcget(i, "text") for i in c.find_withtag("endlabel")}
    assert labels == NAMES
    months = [c.itemcget(i, "text") for i in c.find_withtag("xtick")]
    assert months[-1] == charts.price_labels(len(history))[-1]     # the latest month shows
    for key in COMMODITIES:
        shown = sum(1 for row in history if key in row)
        assert len(c.find_withtag(f"point&&c:{key}")) == shown


@pytest.fixture
def scaled(root):
    """Set the text size of the test's root; back to 100% afterwards."""
    def scale(value: float) -> int:
        apply_text_scale(root, value)
        return charts.font(root, "TkDefaultFont").measure("0")
    yield scale
    apply_text_scale(root, 1.0)


def _histories():
    """(label, price history) for games of 1 to 36 months and 2 to 6 players.

    Odd month counts stop before the last selling phase, so the newest month
    has raw material prices only, as during a month's purchasing.
    """
    found = []
    for months in range(1, 37):
        players = 2 + months % 5
        game = play(players=players, months=months, seed=months,
                    stop_before_end=months % 2 == 1)
        found.append((f"{players} players, {months} months", game.price_history()))
    opening = ed.Game(ed.Rules(players=4), ["A", "B", "C", "D"]).price_history()
    found.append(("the opening prices alone", opening))
    return found


HISTORIES = _histories()


def _chart(root, width, height):
    top = tk.Toplevel(root)
    top.geometry(f"{width}x{height}+0+0")
    chart = charts.PriceChart(top, width=width, height=height)
    chart.pack(fill="both", expand=True)
    pump(root)
    return chart


def _sizes(em: int, line: int):
    """The sizes the window gives the chart, as the window works them out: the drawer's
    Chart page (and the page squeezed to the least height the chart is given anywhere),
    and View ▸ Price history on the 1366x768 screen of the GUI tests."""
    width, height = chart_tab_size(em, line)
    return [(width, em * PRICE_HISTORY_LEAST_EM), (width, height),
            price_history_size(em, line, 1366, 768)]


@pytest.mark.parametrize("scale", SCALES)
def test_price_chart_fits_at_every_text_size(root, scaled, scale):
    em = scaled(scale)
    line = charts.font(root, "TkDefaultFont").metrics("linespace")
    every_month = scale in (1.0, 2.0)      # the sizes between: a sample of the games
    for width, height in _sizes(em, line):
        chart = _chart(root, width, height)
        for index, (label, history) in enumerate(HISTORIES):
            if not every_month and index % 5 and index != len(HISTORIES) - 1:
                continue
            chart.set_history(history)
            try:
                check_drawn(chart, history)
            except AssertionError as error:
                raise AssertionError(f"{label} at {round(scale * 100)}% text in "
                                     f"{width}x{height}: {error}") from None
        chart.winfo_toplevel().destroy()


def test_first_month_goods_labels_stay_clear_of_the_caption(root, scaled):
    """In January only the opening prices of the goods exist: their labels stay in their column."""
    scaled(1.0)
    game = play(players=4, months=1, stop_before_end=True)
    chart = _chart(root, 520, 200)
    history = game.price_history()
    chart.set_history(history)
    check_drawn(chart, history)
    c = chart.canvas
    column = min(c.bbox(i)[0] for i in c.find_withtag("endlabel"))
    assert all(c.bbox(i)[2] < column for i in c.find_withtag("point"))
    caption = c.bbox(c.find_withtag("readout")[0])
    assert all(c.bbox(i)[1] >= caption[3] or c.bbox(i)[0] >= caption[2]
               for i in c.find_withtag("endlabel"))
    # Each goods label is joined to its only point by a leader line.
    for key in ("A", "B", "C"):
        assert c.find_withtag(f"leader&&c:{key}")


def test_cursor_readout_stays_in_its_place(root, scaled):
    scaled(2.0)
    history = HISTORIES[35][1]
    chart = _chart(root, 800, 420)
    chart.set_history(history)
    chart.canvas.focus_force()
    pump(root)
    for _ in range(3):
        chart.canvas.event_generate("<Left>")
        chart.canvas.event_generate("<Up>")
    pump(root)
    assert chart.cursor is not None
    check_drawn(chart, history)


def test_too_small_a_canvas_says_so_instead_of_clipping(root, scaled):
    scaled(1.0)
    chart = _chart(root, 120, 90)
    chart.set_history(HISTORIES[5][1])
    c = chart.canvas
    assert c.itemcget(c.find_withtag("message")[0], "text") == charts.TOO_SMALL
    assert not c.find_withtag("point")


def test_cash_chart_names_long_names_in_its_legend(root, scaled):
    """Names too long for a column beside the plot are named in the legend, whole."""
    scaled(1.0)
    game = play(players=4, months=6, seed=2)
    names = ["Ann " + "W" * 36, "Bob", "Cy", "Dinah"]
    top = tk.Toplevel(root)
    chart = charts.CashChart(top, game.history, names, game.rules.starting_cash,
                             width=600, height=300)
    chart.pack()
    pump(root)
    c = chart.canvas
    assert not c.find_withtag("endlabel")
    assert {c.itemcget(i, "text") for i in c.find_withtag("legend")
            if c.type(i) == "text"} == set(names)
    problems = layout_problems(chart)
    assert not problems, problems
    assert len(c.find_withtag("point&&c:s0")) == len(chart.labels)
