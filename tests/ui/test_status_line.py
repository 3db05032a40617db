"""The status line's right side: the variations in a few words, the whole set-up on hover."""
from __future__ import annotations

import ed
from ed.ui import presenter as P

from .test_table import begin, game_at


def test_the_variations_show_and_the_whole_set_up_is_a_hover_away(make_app):
    app = make_app()
    begin(app, game_at(4, 2, loans=True))
    label = app.layout.rules_label
    assert label.cget("text") == "loans"
    assert label._ed_tooltip.text() == "4 players · 12 months · $450 each · 9 units a month · loans"


def test_the_plain_rules_leave_the_status_line_to_the_messages(make_app):
    app = make_app()
    begin(app, game_at(4, 2))
    assert app.layout.rules_label.cget("text") == ""
    assert app.layout.rules_label._ed_tooltip.text().startswith("4 players · 12 months")


def test_every_variation_is_named():
    rules = ed.Rules(players=3, loans=True, partial_fills=True, partial_sales=True,
                     classic_recipes=True)
    assert P.variations_summary(rules) == \
        "loans · partial fills · partial sales · classic chart"
