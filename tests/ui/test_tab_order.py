"""Tab and Shift+Tab through the real window: a screen laid over the game (the pass-and-play
cover, the end) keeps the keyboard to itself, and a sheet being entered still goes from
field to field.
"""
from __future__ import annotations

from .test_end_screen import review_shown, settings, to_the_end
from .test_table import settling
from .test_window import fill, keys, start_game


def tab(app, *, back: bool = False) -> str:
    """One press of Tab (Shift+Tab with ``back``) where the keyboard is; where it goes."""
    app.update()
    focus = app.focus_get()
    assert focus is not None
    focus.event_generate("<KeyPress>", keysym="Tab", state=1 if back else 0)
    focus.event_generate("<KeyRelease>", keysym="Tab", state=1 if back else 0)
    app.update()
    return str(app.focus_get())


def within(path: str, widget) -> bool:
    name = str(widget)
    return path == name or path.startswith(name + ".")


def walk(app, presses: int = 40, *, back: bool = False) -> list:
    return [tab(app, back=back) for _ in range(presses)]


def test_tab_on_the_cover_never_reaches_the_sheet_beneath_it(make_app):
    """Ann has entered 2 Fine at $40; on Bob's cover Tab and Shift+Tab go round the
    cover's buttons and the status line, never to Ann's fields, the faces or the drawer
    hidden under it."""
    app = make_app()
    start_game(app)
    clock = settling(app)
    keys(app, app.layout.cover.ready_button, "Return")
    clock.later()
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "cover"
    body, cover = app.layout.body, app.layout.cover
    for back in (False, True):
        seen = walk(app, back=back)
        beneath = [path for path in seen if within(path, body) and not within(path, cover)]
        assert beneath == []
        assert str(cover.ready_button) in seen and str(cover.take_back_button) in seen
    assert app.mode == "cover"


def test_tab_on_the_end_screen_stays_on_it_and_reaches_the_review(make_app, data_dir):
    """On the final standings' Review, Tab goes to the three costliest decisions, the
    table, the chart and the buttons, and never into the last sheet's fields beneath."""
    settings(data_dir, 1.0)
    app = make_app()
    to_the_end(app, players=4)
    review = review_shown(app)
    ending = app.layout.ending
    review.tops[0].focus_set()
    seen = walk(app, 60)
    assert [path for path in seen if within(path, app.layout.body)
            and not within(path, ending)] == []
    for widget in (review.tops[0], review.tops[2], review.table, ending.new_button):
        assert str(widget) in seen


def test_tab_still_goes_from_field_to_field_on_a_sheet(make_app):
    app = make_app()
    start_game(app)
    clock = settling(app)
    keys(app, app.layout.cover.ready_button, "Return")
    clock.later()
    units, price = app.layout.tally.entries["xfine"]
    units.focus_set()
    assert tab(app) == str(price)
    assert tab(app, back=True) == str(units)
