"""A quiet main screen: the words it shows in month 6, counted from the real window.

The game is the one ``../shared/tools/screen-words`` reads from a screenshot
(4 seats: a person, Ann, against the experts Mabel, Rex and Iris, played by
the experts to month 6's buying) at 100% text on a 1366×768 screen; here
every widget on show and every canvas text in sight is read back
(``screenwords``), the menu bar included.  The count and the words are
printed.
"""
from __future__ import annotations

import pytest

import ed
from ed.engine import Seat

from . import screenwords

#: The most words the main screen may show in the middle of a game.
MOST_WORDS = 45
SEED = 20261127


@pytest.fixture(scope="module")
def month_six():
    """The game of ``screen-words`` at the start of month 6's buying."""
    seats = [Seat("human")] + [Seat("computer", "expert", p) for p in ("mabel", "rex", "iris")]
    game = ed.Game(ed.Rules(players=4, months=12), names=["Ann", "Mabel", "Rex", "Iris"],
                   seed=SEED, seats=seats)
    avatars = [ed.ai.avatar_for(SEED, s, "expert", None if s == 0 else seats[s].personality)
               for s in range(4)]
    while game.month < 6:
        for seat in range(4):
            game.submit(seat, avatars[seat].decide(game.view(seat)))
        game.resolve()
    return game


def test_month_six_of_a_four_seat_game_shows_at_most_45_words(make_app, month_six, capsys):
    app = make_app()
    app.flow.begin(month_six)
    for _ in range(3):
        app.update()
    assert app.mode == "enter" and app.flow.view.month == 6
    found = screenwords.words(app)
    with capsys.disabled():
        print(f"\nmain screen, month 6, 4 seats, 100%: {len(found)} words: {' '.join(found)}")
    assert len(found) <= MOST_WORDS, found
    # what each part says, so that a word added anywhere is seen at once
    assert found[:3] == ["Game", "View", "Help"]
    for name in ("Ann", "Mabel", "Rex", "Iris"):
        assert name in found
    assert found.count("Jun") == 1 and "Submit" in found        # the month, said once


def test_one_line_of_help_at_a_time(make_app, month_six):
    """The field with the focus has its line; a refused value keeps its red line; the
    other fields are quiet."""
    from .test_window import keys, typed
    app = make_app()
    app.flow.begin(month_six)
    app.update()
    tally = app.layout.tally
    assert tally.shown_hints() == ("xfine",)
    keys(app, tally.entries["fine"][0], "Tab")          # the focus moves to Fine's price
    assert tally.shown_hints() == ("fine",)
    typed(app, tally.entries["fine"][0], "99")          # over the month's limit: refused
    keys(app, tally.entries["standard"][0], "Tab")
    assert tally.shown_hints() == ("fine", "standard", "orders")
    assert tally.hints["fine"].cget("style") == "HintError.TLabel"
    shown = [name for name in ("xfine", "fine", "standard")
             if tally.body.itemcget(tally.hint_item(name), "state") == "normal"]
    assert shown == ["fine", "standard"]
    typed(app, tally.entries["fine"][0], "2")           # put right, and left: quiet again
    assert tally.shown_hints() == ("fine",)
    keys(app, tally.entries["standard"][0], "Tab")
    assert tally.shown_hints() == ("standard",)
