"""The end screen through the real window: it fits at every text size offered with six
players, keeps its tab and scroll position when the text size changes, names its tabs as
their contents, and the Review tab's table never needs sideways scrolling.
"""
from __future__ import annotations

import json
import tkinter.font as tkfont
from tkinter import ttk

import pytest

from . import fitcheck
from .test_reveal import OFFERED
from .test_table import SCREEN_H, SCREEN_W, game_at, inside, keys, play_to_reveal


def settings(data_dir, scale: float, **more) -> None:
    (data_dir / "settings.json").write_text(json.dumps(
        {"first_run_done": True, "reveal_pacing": "all", "text_scale": scale, **more}))


def to_the_end(app, players: int = 6, humans: int = 1):
    """A game played to its last reveal, and on to the end screen."""
    app.dialog.cancel()
    game = game_at(players, 12, months=12, humans=humans)
    app.flow.begin(game)
    app.update()
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over" and game.is_over
    return game


def review_shown(app):
    ending = app.layout.ending
    ending.tabs.select(ending.review_tab)
    app.update()
    ending.review_tab.wait(60)
    ending.review_tab.deliver()
    app.update()
    return ending.review_tab


@pytest.mark.parametrize("scale, players, under", [(1.0, 4, True), (1.0, 6, True),
                                                   (1.5, 6, False)])
def test_the_tabs_are_named_as_what_they_show(make_app, data_dir, scale, players, under):
    """The cash chart sits under the standings where the screen has room for it, as tall as
    that room (a line of it left empty), and is a tab of its own where it has not."""
    settings(data_dir, scale)
    app = make_app()
    to_the_end(app, players=players)
    ending = app.layout.ending
    tabs = ending.tabs
    names = [tabs.tab(t, "text") for t in tabs.tabs()]
    assert names == ["Final standings"] + ([] if under else ["Cash by month"]) + [
        "Final cash", "Review"]
    assert ending.standings.title == "Final cash"               # not "Final standings"
    assert ending.cash_chart.title == "Cash month by month"
    chart = ending.cash_chart
    assert (chart.winfo_manager() == "grid") == under
    if under:
        app.update()
        assert inside(chart, ending) and ending.area.fits()
        assert not ending.area.yscroll.winfo_ismapped()
        # the room under the chart: a line or two, not a third of the screen
        left = ending.area.canvas.winfo_height() - ending.area.inner.winfo_reqheight()
        assert 0 <= left <= 2 * app.theme.line, left


def test_with_reduced_motion_the_confetti_is_at_rest_at_once(make_app, data_dir):
    settings(data_dir, 1.0, reduced_motion=True)
    app = make_app()
    to_the_end(app, players=3)
    assert not app.layout.ending.celebration.running
    assert app.layout.ending.celebration.frame == app.layout.ending.celebration.FRAMES


@pytest.mark.parametrize("scale", OFFERED)
def test_the_end_screen_fits_with_six_players_at_every_size(make_app, data_dir, scale):
    """The headline, every row and column of the standings whole, each computer player's
    last word and the buttons, all in sight without scrolling, at 1366×768."""
    settings(data_dir, scale)
    app = make_app()
    game = to_the_end(app, players=6)
    ending = app.layout.ending
    app.update()
    assert not ending.area.yscroll.winfo_ismapped() and ending.area.fits()
    table = ending.table
    assert len(table.get_children()) == 6 and int(table.cget("height")) == 6
    assert fitcheck.problems(ending, (0, 0, SCREEN_W, SCREEN_H)) == []
    for widget in [ending.headline, table, ending.new_button, ending.quit_button] + \
            [card for (card,) in ending.quote_widgets]:
        assert widget.winfo_ismapped() and inside(widget, ending), widget
    assert len(ending.quote_widgets) == sum(1 for s in game.seats if s.is_computer)
    heading = tkfont.Font(root=app, name="EDBold", exists=True)
    for column in table.cget("columns"):
        assert int(table.column(column, "width")) >= heading.measure(column)


def test_a_new_text_size_keeps_the_review_tab_and_the_scroll(make_app, data_dir):
    settings(data_dir, 1.3)
    app = make_app()
    to_the_end(app, players=4, humans=2)
    tab = review_shown(app)
    tab.whose_var.set(app.session.game.names[1])
    tab.whose.event_generate("<<ComboboxSelected>>")
    app.update()
    tab.wait(60)
    tab.deliver()
    app.update()
    tab.open_top(0)
    app.update()
    chosen, detail = tab.table.selection(), tab.detail.cget("text")
    ending = app.layout.ending
    ending.area.canvas.yview_moveto(1.0)
    app.update()
    scrolled = ending.area.canvas.yview()[0]
    assert scrolled > 0
    app.prefs.change_text_size("larger")
    app.update()
    again = app.layout.ending
    assert app.mode == "over" and again is not ending         # built again
    assert again.tabs.select() == str(again.review_tab)
    assert again.review_tab.seat == 1 and again.review_tab.shown is not None
    assert again.review_tab.table.selection() == chosen
    assert again.review_tab.detail.cget("text") == detail
    assert again.area.canvas.yview()[0] == pytest.approx(scrolled, abs=0.05)


def test_the_costliest_decisions_open_whole_on_a_click_or_enter(make_app, data_dir):
    settings(data_dir, 1.0)
    app = make_app()
    to_the_end(app, players=4)
    tab = review_shown(app)
    found = tab.shown
    assert found.costliest
    for number, label in enumerate(tab.tops[:len(found.costliest)]):
        decision = found.costliest[number]
        assert label.cget("text") == f"{number + 1}. {decision.short}"
        if number % 2:
            label.focus_set()
            keys(app, label, "Return")
        else:
            label.event_generate("<Button-1>", x=2, y=2)
            app.update()
        assert tab.table.selection() == (str(found.decisions.index(decision)),)
        assert tab.detail.cget("text").split("\n")[0] == decision.sentence


@pytest.mark.parametrize("scale", OFFERED)
def test_every_column_of_the_review_is_whole_without_sideways_scrolling(make_app, data_dir,
                                                                        scale):
    settings(data_dir, scale)
    app = make_app()
    to_the_end(app, players=6)
    tab = review_shown(app)
    assert tab.table.get_children()
    assert tab.columns_width() <= tab.table.winfo_width() + tab.table_scroll.winfo_width()
    # the tab may be taller than the screen (the end screen scrolls to its chart), no wider
    assert [p for p in fitcheck.problems(tab, (0, 0, SCREEN_W, SCREEN_H))
            if "usable height" not in p] == []
    body = tkfont.Font(root=app, name="EDBody", exists=True)
    for index, column in enumerate(tab.table.cget("columns")):
        width = int(tab.table.column(column, "width"))
        for row in tab.table.get_children():       # an entry too long is on two lines
            assert max(body.measure(line) for line in
                       str(tab.table.item(row, "values")[index]).split("\n")) <= width


def test_the_longest_materials_and_loans_fit_at_the_largest_size(make_app, data_dir):
    """The materials are said in words ("9 X-Fine, …"): with every grade left and a loan
    on every row, six rows still fit whole at the largest text size offered."""
    from dataclasses import replace
    from ed.ui import presenter as P
    settings(data_dir, max(OFFERED))
    app = make_app()
    game = to_the_end(app, players=6)
    settlement = tuple(replace(line, materials={"xfine": 9, "fine": 9, "standard": 9},
                               materials_value=999, borrowed=600, loan_repaid=750)
                       for line in game.history[-1].settlement)
    data = P.ending(settlement, loans=True)
    assert data.rows[0][3] == "9 X-Fine, 9 Fine, 9 Standard for $999"
    ending = app.layout.ending
    ending.fill(data, game)
    app.update()
    assert ending.area.fits() and not ending.area.yscroll.winfo_ismapped()
    assert fitcheck.problems(ending, (0, 0, SCREEN_W, SCREEN_H)) == []


def test_the_review_table_takes_the_height_the_screen_leaves(make_app, data_dir):
    """At 100% on a 1366×768 screen with four players the review's table shows as many
    phases as the room under it allows (it stood at six rows over an empty third of the
    screen), and the screen still needs no scrolling."""
    settings(data_dir, 1.0)
    app = make_app()
    to_the_end(app, players=4)
    tab = review_shown(app)
    ending = app.layout.ending
    app.update()
    rows = int(tab.table.cget("height"))
    phases = len(tab.table.get_children())
    assert phases == 24
    assert rows > 6
    assert ending.area.fits()
    rowheight = int(ttk.Style(tab).lookup("Review.Treeview", "rowheight"))
    spare = ending.area.canvas.winfo_height() - ending.area.inner.winfo_reqheight()
    assert rows == phases or 0 <= spare < rowheight + detail_room(tab)
    for number in range(3):             # choosing a decision moves nothing, and shows its row
        tab.open_top(number)
        app.update()
        assert int(tab.table.cget("height")) == rows
        assert tab.table.bbox(tab.table.selection()[0])
        assert ending.area.fits()


def detail_room(tab) -> int:
    """The room kept under the review's table beyond what its lines take now."""
    return max(0, tab.DETAIL_LINES * tab.theme.line - tab.detail.winfo_reqheight())
