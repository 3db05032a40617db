"""Charts: every point drawn where its value says, readable by pointer and keyboard."""
from __future__ import annotations

import tkinter as tk

from ed.rules import COMMODITIES
from ed.ui.widgets import charts

from .conftest import play, pump, worked_example


def _points(chart, key):
    """(month index, value read from the tag, value read from the y coordinate) per point."""
    c = chart.canvas
    found = []
    for item in c.find_withtag(f"point&&c:{key}"):
        tags = c.gettags(item)
        month = int(next(t[2:] for t in tags if t.startswith("m:")))
        value = int(next(t[2:] for t in tags if t.startswith("v:")))
        x1, y1, x2, y2 = c.bbox(item)
        found.append((month, value, chart.value_at_y((y1 + y2) / 2), (x1 + x2) / 2))
    return sorted(found)


def _chart(root, cls, *args, **kw):
    top = tk.Toplevel(root)
    chart = cls(top, *args, **kw)
    chart.pack(fill="both", expand=True)
    pump(root)
    return chart


def test_price_chart_draws_each_month_at_its_price(root, finished_game):
    history = finished_game.price_history()
    chart = _chart(root, charts.PriceChart, history)
    for key in COMMODITIES:
        points = _points(chart, key)
        assert [p[0] for p in points] == list(range(len(history)))
        for month, tagged, drawn, x in points:
            assert tagged == history[month][key]
            per_pixel = abs(chart.value_at_y(1) - chart.value_at_y(0))
            assert abs(drawn - tagged) < 2 * per_pixel    # within two pixels of the value
            assert abs(x - chart.x_of(month)) < 1.5


def test_price_chart_current_month_may_lack_goods(root):
    game = play(players=2, months=3, stop_before_end=True)
    history = game.price_history()
    assert "A" not in history[-1]
    chart = _chart(root, charts.PriceChart, history)
    assert [p[0] for p in _points(chart, "xfine")] == [0, 1, 2, 3]
    assert [p[0] for p in _points(chart, "A")] == [0, 1, 2]


def test_raw_and_goods_differ_without_colour(root):
    chart = _chart(root, charts.PriceChart, worked_example().price_history())
    c = chart.canvas
    raw_line = c.find_withtag("line&&c:xfine")[0]
    good_line = c.find_withtag("line&&c:A")[0]
    assert c.itemcget(raw_line, "dash") == ""
    assert c.itemcget(good_line, "dash") != ""
    labels = {c.itemcget(i, "text") for i in c.find_withtag("endlabel")}
    assert labels == {"X-Fine", "Fine", "Standard", "Good A", "Good B", "Good C"}


def test_redraw_from_new_data(root):
    game = worked_example()
    chart = _chart(root, charts.PriceChart, game.price_history()[:1])
    assert len(_points(chart, "fine")) == 1
    chart.set_history(game.price_history())
    pump(root)
    assert [(m, v) for m, v, _, _ in _points(chart, "fine")] == [(0, 30), (1, 24)]


def test_keyboard_cursor_shows_exact_values(root):
    chart = _chart(root, charts.PriceChart, worked_example().price_history())
    chart.canvas.focus_force()
    pump(root)
    assert chart.cursor == ("xfine", 1)
    assert chart.readout_text() == "X-Fine, Jan: $42"
    readout = chart.canvas.find_withtag("readout")
    assert chart.canvas.itemcget(readout[0], "text") == "X-Fine, Jan: $42"
    chart.canvas.event_generate("<Left>")
    assert chart.readout_text() == "X-Fine, Start: $40"
    chart.canvas.event_generate("<Down>")
    assert chart.readout_text() == "Fine, Start: $30"
    chart.canvas.event_generate("<Right>")
    chart.canvas.event_generate("<Right>")        # already at the last point: stays
    assert chart.readout_text() == "Fine, Jan: $24"
    chart.canvas.event_generate("<Up>")
    chart.canvas.event_generate("<Up>")           # wraps round to the last line
    assert chart.readout_text() == "Good C, Jan: $95"


def test_hover_shows_the_value(root):
    chart = _chart(root, charts.PriceChart, worked_example().price_history())
    item = chart.canvas.find_withtag("point&&c:B&&m:1")[0]
    x1, y1, x2, y2 = chart.canvas.bbox(item)
    chart.canvas.event_generate("<Motion>", x=int((x1 + x2) / 2), y=int((y1 + y2) / 2))
    pump(root)
    assert chart.readout_text() == "Good B, Jan: $126"


def test_cash_chart_follows_cash_after_each_selling(root, finished_game):
    game = finished_game
    chart = _chart(root, charts.CashChart, game.history, game.names, game.rules.starting_cash)
    selling = [r for r in game.history if r.phase == "selling"]
    for seat in range(game.players):
        points = _points(chart, f"s{seat}")
        expected = [game.rules.starting_cash] + [r.seats[seat].cash_after for r in selling] \
            + [game.final_cash()[seat]]
        assert [p[1] for p in points] == expected
        per_pixel = abs(chart.value_at_y(1) - chart.value_at_y(0))
        assert all(abs(drawn - value) < 2 * per_pixel for _, value, drawn, _ in points)
    assert chart.labels[0] == "Start" and chart.labels[-1] == "End"


def test_standings_mark_the_winner(root, finished_game):
    game = finished_game
    bars = _chart(root, charts.StandingsBars, charts.standings_rows(game),
                  starting_cash=game.rules.starting_cash)
    c = bars.canvas
    finals, places = game.final_cash(), game.places()
    for seat in range(game.players):
        item = c.find_withtag(f"bar&&s:{seat}")[0]
        assert f"v:{finals[seat]}" in c.gettags(item)
        assert ("winner" in c.gettags(item)) == (places[seat] == 1)
    widths = {seat: c.bbox(c.find_withtag(f"bar&&s:{seat}")[0]) for seat in range(game.players)}
    best = max(range(game.players), key=lambda s: finals[s])
    assert all(widths[best][2] >= widths[s][2] for s in widths)
    texts = [c.itemcget(i, "text") for i in c.find_withtag("value")]
    assert sum("Winner" in t for t in texts) == places.count(1)


def test_standings_from_the_settlement_match_the_game():
    game = worked_example()
    assert charts.standings_from_settlement(game.history[-1].settlement) == \
        charts.standings_rows(game)


def test_nice_ticks_cover_the_range():
    ticks = charts.nice_ticks(1, 237)
    assert ticks[0] <= 1 and ticks[-1] >= 237 and len(ticks) <= 8
