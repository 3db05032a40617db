"""The price chart in the window: its page in the drawer under the board and View ▸ Price
history, at 100% and 150% text (the largest offered), in month 9 of a 6-player game, every word whole and apart."""
from __future__ import annotations

import json

import pytest

import ed
from tests.extras.test_chart_layout import check_drawn

from .test_printing import game_at, open_app


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_price_chart_tab_and_window_fit_their_words(make_app, data_dir, tmp_path, scale):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                        "text_scale": scale}))
    game = game_at(9, players=6)
    app = open_app(make_app, tmp_path, game)
    assert app.settings.text_scale == scale
    app.layout.drawer.open("chart")
    app.update()
    chart = app.layout.chart
    assert chart is not None and chart.winfo_ismapped()
    history = game.price_history()
    assert len(history) == 9            # the opening prices, then January to August
    check_drawn(chart, history)
    # View ▸ Price history: the same chart in a window that fits the screen.
    app.extras.show_price_history()
    app.update()
    window = app.windows["prices"]
    assert window.winfo_reqwidth() <= 1366 and window.winfo_reqheight() <= 768
    check_drawn(window.chart, history)
    # After September's orders are revealed both charts show its raw material prices,
    # the goods' lines ending in August, every word still whole.
    for seat in range(6):
        if not app.session.game.submitted(seat):
            app.session.submit(seat, {})
    app.flow.advance()
    app.update()
    history = app.session.game.price_history()
    assert len(history) == 10 and "A" not in history[-1]
    check_drawn(chart, history)
    check_drawn(window.chart, history)


def test_check_drawn_finds_a_clipped_label(make_app):
    """The layout check itself: a label pushed off the canvas is reported."""
    import tkinter as tk
    from ed.ui.widgets import charts
    from tests.extras.test_chart_layout import layout_problems
    app = make_app()
    top = tk.Toplevel(app)
    chart = charts.PriceChart(top, ed.Game(ed.Rules(players=2), ["A", "B"]).price_history(),
                              width=400, height=240)
    chart.pack()
    app.update()
    assert layout_problems(chart) == []
    label = chart.canvas.find_withtag("endlabel")[0]
    chart.canvas.move(label, 200, 0)
    assert any("is not inside" in problem for problem in layout_problems(chart))
    top.destroy()


def test_the_price_chart_redraws_only_when_prices_change(make_app, tmp_path):
    game = game_at(4)
    app = open_app(make_app, tmp_path, game)
    app.layout.drawer.open("chart")
    app.update()
    chart = app.layout.chart
    drawn = chart.canvas.find_all()
    app.flow.refresh_public(0)                 # refreshed, the same prices: nothing redrawn
    app.update()
    assert chart.canvas.find_all() == drawn
    for seat in range(4):
        if not app.session.game.submitted(seat):
            app.session.submit(seat, {})
    app.flow.advance()                         # a reveal: new prices, drawn anew
    app.update()
    assert chart.canvas.find_all() != drawn
