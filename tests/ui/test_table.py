"""The table at a glance: the main window's layout read back from its widgets.

Each test drives the real window under Xvfb (1366 x 768, as the conftest
starts it) and reads what the widgets show: no key press lost or doubled,
no number cut in half, the newest prices in view, the whole reveal without
scrolling, every window inside the screen at text sizes up to 150%.
"""
from __future__ import annotations

import json
import random
import re
import threading
import tkinter as tk
import time

import pytest

import ed
from ed.ai import randomplay
from ed.ui.shell.flow import Flow
from ed.ui.presenter.setup import SeatSetup, Setup
from ed.ui.presenter import tips
from ed.saves.store import SaveStore
from ed.ui.widgets.tooltip import tip_of

from .test_window import fill, focus_of, keys, start_game, submit, typed

SCREEN_W, SCREEN_H = 1366, 768


# ------------------------------------------------------------------ helpers

class Clock:
    """A clock the test moves by hand, so the pause after a screen change needs no sleep."""

    def __init__(self) -> None:
        self.now = time.monotonic() + 1000.0   # later than any screen change so far

    def __call__(self) -> float:
        return self.now

    def later(self, seconds: float = 1.0) -> None:
        self.now += seconds


def settling(app) -> Clock:
    """Give the window its real pause after a screen change, on a hand-moved clock."""
    clock = Clock()
    app.flow.clock = clock
    app.flow.settle_s = Flow.SETTLE_S
    return clock


def with_text_size(data_dir, scale: float) -> None:
    path = data_dir / "settings.json"
    settings = json.loads(path.read_text()) if path.exists() else {}
    settings.update(first_run_done=True, text_scale=scale)
    path.write_text(json.dumps(settings))


def game_at(players: int, month: int, phase: str = "selling", *, months: int = 12,
            humans: int = 1, seed: int = 5, loans: bool = False) -> "ed.Game":
    """A game played with random legal entries up to ``month`` and ``phase``."""
    keys_ = ["mabel", "rex", "iris", "otto", "cora", "felix"]
    names = ["Ann", "Bob", "Cy"]
    seats = tuple(SeatSetup(names[i]) if i < humans else
                  SeatSetup(ed.ai.PERSONALITIES[keys_[i - 1]].name, True, "hard", keys_[i - 1])
                  for i in range(players))
    game = Setup(seats, months=months, seed=seed, loans=loans).game()
    rng = random.Random(seed)
    while not game.is_over and (game.month, game.phase) != (month, phase):
        for seat in range(players):
            game.submit(seat, randomplay.random_entry(game.view(seat), rng, over_offer=0))
        game.resolve()
    return game


def begin(app, game):
    app.dialog.cancel()
    app.update()
    app.flow.begin(game)
    app.update()
    return game


def inside(widget, outer) -> bool:
    """Whether ``widget`` lies wholly within ``outer`` on the screen."""
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    ox, oy = outer.winfo_rootx(), outer.winfo_rooty()
    return (x >= ox and y >= oy and x + widget.winfo_width() <= ox + outer.winfo_width()
            and y + widget.winfo_height() <= oy + outer.winfo_height())


def on_screen(widget) -> bool:
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    return (x >= 0 and y >= 0 and x + widget.winfo_width() <= SCREEN_W
            and y + widget.winfo_height() <= SCREEN_H)


def play_to_reveal(app, rng=None):
    """Submit random entries for the people until a reveal is on screen."""
    rng = rng or random.Random(2)
    for _ in range(20):
        if app.mode == "reveal":
            return
        if app.mode == "cover":
            keys(app, app.layout.cover.ready_button, "Return")
        elif app.mode == "enter":
            fill(app, randomplay.random_entry(app.flow.view, rng, over_offer=0))
            submit(app, app.layout.tally.entries[app.flow.view.keys[-1]][1])
    raise AssertionError(f"no reveal, mode {app.mode}")


# ------------------------------------------- 1. Enter twice never loses a turn

def test_enter_twice_on_the_cover_leaves_the_next_seat_empty_and_unsubmitted(make_app):
    app = make_app()
    game = start_game(app)
    clock = settling(app)
    keys(app, app.layout.cover.ready_button, "Return")          # Ann opens her sheet
    clock.later()
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")   # Ann submits ...
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Bob"
    keys(app, app.layout.cover.ready_button, "Return")  # ... and her second Enter is swallowed
    assert app.mode == "cover" and not game.submitted(1)
    clock.later()
    keys(app, app.layout.cover.ready_button, "Return")          # Bob, a moment later
    keys(app, app.focus_get(), "Return")                 # a doubled press
    assert app.mode == "enter" and app.flow.current_seat == 1
    assert not game.submitted(1)
    assert all(u.get() == "" and p.get() == "" for u, p in app.layout.tally.vars.values())


def test_enter_twice_on_a_reveal_does_not_submit_for_the_next_seat(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    clock = settling(app)
    fill(app, {"fine": (2, 40)})
    clock.later()
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "reveal"
    clock.later()
    keys(app, app.layout.reveal.continue_button, "Return")
    keys(app, app.focus_get(), "Return")
    assert app.mode == "enter" and game.phase == "selling" and not game.submitted(0)


def test_an_empty_entry_is_asked_about_and_enter_means_no(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    keys(app, app.layout.tally.entries["xfine"][0], "Return")
    ui = app.layout
    assert app.mode == "confirm" and ui.question.winfo_ismapped()
    assert ui.question_label.cget("text").startswith("Submit no order this month?")
    assert app.focus_get() is ui.no_button
    keys(app, ui.no_button, "Return")                    # Enter = No
    assert app.mode == "enter" and not game.submitted(0) and not ui.question.winfo_ismapped()
    assert app.focus_get() is app.layout.tally.entries["xfine"][0]
    keys(app, app.layout.tally.entries["xfine"][0], "Return")
    keys(app, ui.no_button, "Escape")                    # Escape = No too
    assert app.mode == "enter" and not game.submitted(0)
    keys(app, app.layout.tally.entries["xfine"][0], "Return")
    ui.yes_button.invoke()
    app.update()
    assert app.mode == "reveal" and game.history[-1].seats[0].lines[0].units == 0
    keys(app, app.layout.reveal.continue_button, "Return")
    # Selling with nothing in stock: there is nothing to lose, so no question.
    keys(app, app.layout.tally.entries["A"][0], "Return")
    assert app.mode == "reveal" and game.history[-1].phase == "selling"


# ------------------------------------------- 1b. keys land in the field they were typed in

def press(app, keysym: str) -> None:
    """One key pressed by a person: to whichever widget has the keyboard's focus."""
    app.update()
    focus = app.focus_get()
    assert focus is not None
    focus.event_generate("<KeyPress>", keysym=keysym)
    focus.event_generate("<KeyRelease>", keysym=keysym)
    app.update()


def click(app, widget) -> None:
    """A click inside ``widget``, near its left edge."""
    app.update()
    widget.event_generate("<ButtonPress-1>", x=4, y=widget.winfo_height() // 2)
    widget.event_generate("<ButtonRelease-1>", x=4, y=widget.winfo_height() // 2)
    app.update()


def layout_of(app) -> tuple:
    """Where every field of the sheet stands on the screen, and whether the tips show."""
    app.update()
    tally = app.layout.tally
    return (tuple((w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height())
                  for key in app.flow.view.keys for w in tally.entries[key]),
            app.layout.instructions_row.winfo_ismapped())


def type_fields(app, texts, *, between=None, still=None) -> None:
    """Type ``texts`` (one per field, in Tab order) key by key, Tab after each; call
    ``between`` after the first half; after every key the layout must equal ``still``."""
    for index, text in enumerate(texts):
        if index == len(texts) // 2 and between is not None:
            between()
            assert layout_of(app) == still, "the sheet moved when the guide closed"
        for char in text:
            press(app, char)
            assert layout_of(app) == still, (index, char)
        press(app, "Tab")
        assert layout_of(app) == still, (index, "Tab")


def saved_first_start(data_dir, tmp_path, game, scale: float) -> str:
    """``game`` saved, and a data folder of a first start at ``scale`` (the guide due)."""
    path = tmp_path / "game.json"
    ed.save.save(game, str(path))
    (data_dir / "settings.json").write_text(json.dumps({"text_scale": scale,
                                                        "reveal_pacing": "all"}))
    return str(path)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_month_typed_key_by_key_lands_in_its_own_fields_when_the_tips_are_due(
        make_app, data_dir, tmp_path, scale, players):
    """The guide on the first sheet holds the tips back.  Closed half-way through the
    entry, it brought them in above the sheet (every field moved down under the pointer)
    and gave the keyboard to the first field, so the next bid went into X-Fine's units
    ("over the 18-unit limit").  Nothing above or beside the fields moves until the entry
    is in; the keys go on where they were; the tips come with the next sheet."""
    path = saved_first_start(data_dir, tmp_path, game_at(players, 1, "purchasing"), scale)
    app = make_app(save=path, first_run=True)
    app.update()
    tour, tally = app.extras.tour, app.layout.tally
    assert app.mode == "enter" and tour is not None and tour.shown
    entry = ({"xfine": ("6", "45"), "fine": ("5", "35"), "standard": ("4", "25")}
             if players == 2 else
             {"xfine": ("2", "41"), "fine": ("2", "31"), "standard": ("2", "21")})
    texts = [text for key in ("xfine", "fine", "standard") for text in entry[key]]
    click(app, tally.entries["xfine"][0])
    assert app.focus_get() is tally.entries["xfine"][0]
    still = layout_of(app)
    assert not still[1]                          # the guide says what the tips say

    def close_the_guide():
        keys(app, tour.skip_button, "Escape")     # the keyboard goes to the guide, and back
        assert app.extras.tour is None and app.layout.instructions.cget("text")   # tips due

    type_fields(app, texts, between=close_the_guide, still=still)
    for key, (units, price) in entry.items():
        assert (tally.vars[key][0].get(), tally.vars[key][1].get()) == (units, price), key
    keys(app, tally.entries["standard"][1], "Return")
    game = app.session.game
    assert app.mode == "reveal" and [(line.units, line.price) for line in
                                     game.history[-1].seats[0].lines] == \
        [(int(units), int(price)) for units, price in entry.values()]
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "enter" and app.layout.instructions_row.winfo_ismapped()


def selling_with_stock(players: int) -> "ed.Game":
    """December's selling, the person holding raw units enough to make goods."""
    game = game_at(players, 12, "purchasing")
    rng = random.Random(1)
    prices, cash = game.prices, game.cash(0)
    units = 1
    while units < game.rules.order_limit // 3 and \
            (units + 1) * sum(prices[key] + 10 for key in ("xfine", "fine", "standard")) <= cash:
        units += 1
    game.submit(0, {key: (units, prices[key] + 10) for key in ("xfine", "fine", "standard")})
    for seat in range(1, players):
        game.submit(seat, randomplay.random_entry(game.view(seat), rng, over_offer=0))
    game.resolve()
    assert game.phase == "selling" and all(game.stock(0).values())
    return game


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_after_the_empty_entry_question_the_keys_go_on_where_they_were(make_app, data_dir,
                                                                       scale, players):
    """Enter on an empty sheet asks first; the question below the sheet scrolled it (six
    seats at 150%), and "No" gave the keyboard to A's units: the next keys went into the
    wrong row.  The sheet stands still and the keys go back to the field they left."""
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, selling_with_stock(players))
    tally, ui = app.layout.tally, app.layout
    click(app, tally.entries["C"][0])
    still = layout_of(app)
    press(app, "Return")
    assert app.mode == "confirm" and app.focus_get() is ui.no_button
    assert layout_of(app)[0] == still[0]
    press(app, "Return")                          # Enter means No
    assert layout_of(app) == still
    assert app.mode == "enter" and app.focus_get() is tally.entries["C"][0]
    type_fields(app, ["1", "90"], still=still)
    assert [(tally.vars[key][0].get(), tally.vars[key][1].get()) for key in ("A", "B", "C")] \
        == [("", ""), ("", ""), ("1", "90")]
    # Tab after the last field leaves the sheet: no line of help takes the keyboard
    assert app.focus_get() not in list(tally.hints.values()) + list(tally.totals.values())


def test_an_order_over_the_cash_is_asked_about_and_enter_means_no(make_app):
    """9 X-Fine at $100 with $450 went in on Enter with only an orange line beside the total,
    and every purchase of the month was cancelled: it is asked about first, as an empty
    entry is, and the question says what is so if every bid buys and if less is bought."""
    from ed.ui import presenter as P
    app = make_app()
    game = begin(app, game_at(4, 1, "purchasing"))
    tally, ui = app.layout.tally, app.layout
    assert game.cash(0) == 450
    fill(app, {"xfine": (9, 100)})
    keys(app, tally.entries["xfine"][1], "Return")
    assert app.mode == "confirm" and app.focus_get() is ui.no_button
    assert ui.question_label.cget("text") == P.over_cash_question(app.flow.view,
                                                                  {"xfine": (9, 100)})
    assert ui.question_label.cget("text").startswith(
        "Submit an order that could cost more than your cash? If every bid buys all its "
        "units, the order costs $900, more than your $450, and every purchase this month is "
        "cancelled")
    assert ui.yes_button.cget("text") == "Yes, submit it"
    keys(app, ui.no_button, "Return")                        # Enter means No
    assert app.mode == "enter" and not game.submitted(0)
    assert app.focus_get() is tally.entries["xfine"][1]
    fill(app, {"xfine": (4, 100)})                            # within the cash: no question
    fill(app, {})
    keys(app, tally.entries["xfine"][0], "Return")           # and the empty one says its own
    assert app.mode == "confirm" and ui.yes_button.cget("text") == "Yes, submit nothing"
    keys(app, ui.no_button, "Escape")
    fill(app, {"xfine": (9, 100)})
    keys(app, tally.entries["xfine"][1], "Return")
    keys(app, ui.yes_button, "space")
    assert app.mode == "reveal" and game.history[-1].seats[0].cancelled


def test_ctrl_l_never_says_there_is_no_reveal_while_it_shows_one(make_app):
    """Ctrl+L again on the last reveal said "There is no reveal to show just now" under it;
    said on a cover, it stayed on the status line while the sheet's Ctrl+L showed it.  A
    cover now does nothing for Ctrl+L, and the sheet's shows the reveal with no word."""
    app = make_app()
    begin(app, game_at(3, 1, "selling", humans=2))
    assert app.mode == "cover"
    keys(app, app.layout.cover.ready_button, "Control-l")          # a cover only passes the laptop:
    assert app.mode == "cover" and app.layout.message.cget("text") == ""  # shows, says nothing
    keys(app, app.layout.cover.ready_button, "Return")
    assert app.mode == "enter"
    field = app.layout.tally.entries["B"][1]
    keys(app, field, "Control-l")
    assert app.mode == "peek" and app.layout.message.cget("text") == ""
    keys(app, app.focus_get(), "Control-l")
    assert app.mode == "peek" and app.layout.message.cget("text") == ""
    keys(app, app.focus_get(), "Return")
    assert app.mode == "enter" and app.focus_get() is field
    first = make_app()
    begin(first, game_at(2, 1, "purchasing"))
    keys(first, first.layout.tally.entries["xfine"][0], "Control-l")
    assert first.mode == "enter" and first.layout.message.cget("text") == (
        "There is no reveal yet: the first comes once everyone's January orders are in.")


def test_a_person_takes_an_entry_back_until_the_last_seat_is_in(make_app):
    app = make_app()
    game = start_game(app)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (3, 41)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert game.submitted(0) and app.mode == "cover"
    button = app.layout.cover.take_back_button
    assert button.winfo_ismapped() and button.cget("text") == "Ann: take back my entry"
    keys(app, button, "Return")
    answer_take_back(app, "Ann", take_it=True)
    # Ann's entry comes back behind her own cover, empty: Bob may hold the laptop already.
    assert not game.submitted(0) and app.mode == "cover"
    assert app.layout.cover.title.cget("text") == "Pass to Ann"
    assert not app.layout.cover.take_back_button.winfo_ismapped()
    keys(app, app.layout.cover.ready_button, "Return")
    assert app.flow.current_seat == 0 and app.layout.tally.vars["fine"][0].get() == ""
    assert app.layout.tally.vars["fine"][1].get() == ""
    fill(app, {"fine": (3, 41)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"standard": (2, 30)})
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    assert app.mode == "reveal"                          # the last seat in: too late
    assert app.layout.message.cget("text") == "Ann's entry was taken back on Bob's cover and " \
                                       "entered again."
    app.menus.game_menu.invoke("Take back my entry")
    app.update()
    assert app.mode == "reveal" and "no entry to take back" in app.layout.message.cget("text")
    assert game.history[-1].seats[0].lines[1].units == 3


def test_take_back_with_no_game_or_a_game_over_says_so(make_app):
    """Game ▸ Take back my entry where there is no game, and after the last month: the status
    line says why there is nothing to take back, not that a phase was revealed."""
    app = make_app()
    app.dialog.cancel()
    app.update()
    app.menus.game_menu.invoke("Take back my entry")
    app.update()
    assert app.layout.message.cget("text") == ("There is no entry to take back: no game is "
                                               "being played.")
    game = game_at(2, 1, "purchasing", months=1)
    app.flow.begin(game)
    app.update()
    play_to_the_end(app)
    assert app.mode == "over"
    app.menus.game_menu.invoke("Take back my entry")
    app.update()
    assert app.mode == "over" and app.layout.message.cget("text") == (
        "There is no entry to take back: the game is over.")


def play_to_the_end(app):
    """Empty entries, each asked about and answered Yes, and Continue after each reveal."""
    while app.mode != "over":
        if app.mode == "enter":
            submit(app, app.layout.tally.entries[app.flow.view.keys[0]][0])
        else:
            assert app.mode == "reveal", app.mode
            keys(app, app.layout.reveal.continue_button, "Return")


def answer_take_back(app, name, *, take_it):
    """The question the cover's take-back button asks: the default (Enter) keeps the entry."""
    question = app.files.question
    assert question is not None and question.winfo_viewable()
    assert question.title().startswith(f"Take back {name}'s entry?")
    assert focus_of(app) is question.buttons[1]         # "Keep it" has the keyboard
    if take_it:
        keys(app, question.buttons[0], "space")
    else:
        keys(app, question.buttons[1], "Return")
    assert app.files.question is None


def test_ctrl_z_on_the_next_person_s_sheet_never_takes_back_another_s_entry(make_app):
    """Six seats, three people: Tess submits; on his own sheet Ben types an order and
    presses Ctrl+Z, then chooses Game ▸ Take back my entry.  Tess's entry stays in and
    Ben's typing stays put; an entry is taken back only on the cover that names its
    owner, after one question."""
    app = make_app()
    game = start_game(app, humans=("Tess", "Ben", "Cy"), computers=3)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Ben"
    keys(app, app.layout.cover.ready_button, "Return")
    units, price = app.layout.tally.entries["xfine"]
    typed(app, units, "3")
    typed(app, price, "41")
    keys(app, price, "Control-z")
    bens_sheet = ("enter", 1, True, ("3", "41"))

    def shown():
        xfine = app.layout.tally.vars["xfine"]
        return app.mode, app.flow.current_seat, game.submitted(0), (xfine[0].get(), xfine[1].get())

    assert shown() == bens_sheet
    app.menus.game_menu.invoke("Take back my entry")
    app.update()
    assert shown() == bens_sheet
    assert "Ben has not submitted yet" in app.layout.message.cget("text")
    keys(app, price, "Return")                           # Ben submits: the cover for Cy
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Cy"
    button = app.layout.cover.take_back_button
    assert button.cget("text") == "Ben: take back my entry"
    keys(app, button, "Return")
    answer_take_back(app, "Ben", take_it=False)
    assert app.mode == "cover" and game.submitted(1) and game.submitted(0)
    assert app.focus_get() is app.layout.cover.ready_button       # Enter now means Cy's sheet
    keys(app, button, "Return")
    answer_take_back(app, "Ben", take_it=True)
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Ben"
    assert not game.submitted(1) and game.submitted(0)
    keys(app, app.layout.cover.ready_button, "Return")
    assert shown() == ("enter", 1, True, ("", ""))      # to enter again: Cy may hold it


# --------------------------------------- 2. the tally sheet never cuts a number

def check_sheet_whole(app, *, played_in_view: bool = True):
    """No label or number of the sheet is cut; returns how many numbers are shown.  With
    ``played_in_view`` the month being played is wholly in view too."""
    tally = app.layout.tally
    heads = tally.heads
    labels = [heads.itemcget(i, "text") for i in heads.find_all() if heads.type(i) == "text"]
    assert "Cash" in labels and not any(re.search(r"\d", text) for text in labels)
    seen_top = heads.canvasy(0)
    for item in heads.find_all():        # no label, ORDERS and SALES included, is cut
        if heads.type(item) == "text" and heads.itemcget(item, "state") != "hidden":
            _, y0, _, y1 = heads.bbox(item)
            assert seen_top - 1 <= y0 and y1 <= seen_top + heads.winfo_height() + 1, \
                heads.itemcget(item, "text")
    body = tally.body
    left, right = tally.shown_span()
    top, bottom = body.canvasy(0), body.canvasy(0) + body.winfo_height()
    shown = 0
    for item in body.find_all():
        if body.type(item) != "text" or body.itemcget(item, "state") == "hidden":
            continue
        if not body.itemcget(item, "text"):
            continue
        x0, y0, x1, y1 = body.bbox(item)
        assert left - 1 <= x0 and x1 <= right + 1, body.itemcget(item, "text")
        assert top - 1 <= y0 and y1 <= bottom + 1, body.itemcget(item, "text")
        shown += 1
    month = app.session.game.month
    assert month in tally.whole_months() or not played_in_view  # the month played, in view
    for m in tally.whole_months():                       # and its heading with it
        item = tally.top.find_withtag(f"m{m}")[0]
        x0, _, x1, _ = tally.top.bbox(item)
        assert left - 1 <= x0 and x1 <= right + 1
    return shown


@pytest.mark.parametrize("scale", [1.0, 1.1, 1.5])
def test_the_sheet_shows_every_number_whole_in_month_9(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    game = begin(app, game_at(6, 9))
    assert app.mode == "enter" and game.month == 9
    app.update()
    assert check_sheet_whole(app) > 0
    # Scrolled back by hand, still nothing cut: a part-shown month shows no number at all.
    app.layout.tally.body.xview_scroll(-1, "units")
    app.update()
    assert check_sheet_whole(app, played_in_view=False) > 0
    tally = app.layout.tally
    left, right = tally.shown_span()
    part_shown = 0
    for m in range(1, 10):
        whole = (m - 1) * tally.col_w >= left - 1 and m * tally.col_w <= right + 1
        assert (m in tally.whole_months()) == whole
        states = {tally.body.itemcget(i, "state") for i in tally.body.find_withtag(f"c{m}")}
        if not whole:
            assert states == {"hidden"}
            part_shown += 1
    assert part_shown > 0           # some months are out of view or cut at an edge


# ------------------------------------- 3. the board shows the newest prices

@pytest.mark.parametrize("month, scale", [(4, 1.0), (9, 1.0), (12, 1.0), (9, 1.5)])
def test_the_prices_tab_shows_the_opening_row_and_the_newest_months(make_app, data_dir,
                                                                     month, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    game = begin(app, game_at(6, month))
    assert app.layout.price_board is None                       # the drawer is closed at first
    keys(app, app.layout.drawer.tabs["prices"], "space")        # one key (or click) opens it
    assert app.layout.drawer.shown == "prices"
    board = app.layout.price_board
    rows = board.rows_shown()
    assert rows[0][0] == "Opening"
    labels = [row[0] for row in rows[1:]]
    # The newest months up to the one being played, as many as the page has room for.
    newest = [ed.rules.month_label(m) for m in range(1, month + 1)]
    assert len(labels) >= 2 and labels == newest[-len(labels):]
    tree = board.tree
    for item in tree.get_children():                     # every row shown is wholly in sight
        box = tree.bbox(item)
        assert box and box[1] + box[3] <= tree.winfo_height()
    assert inside(tree, board)                           # (at 150% the last was cut in half)
    last = tree.get_children()[-1]
    assert tree.set(last, "month") == ed.rules.month_label(game.month)
    box = tree.bbox(last, "c5")                          # the last column is not cut
    assert box and box[0] + box[2] <= tree.winfo_width()
    # Scrolled back, the opening stays first; a new month brings the newest back.
    board.scrolled("scroll", -3, "units")
    app.update()
    assert board.rows_shown()[0][0] == "Opening"


# (the reveal's own tests: test_reveal.py)


# ---------------------------------------------------- 7. typing the players

def test_the_number_of_players_can_be_typed(make_app):
    app = make_app()
    dialog = app.dialog
    spin = dialog.players_spin
    spin.focus_force()
    app.update()
    keys(app, spin, "Control-a")
    assert spin.selection_present() and spin.selection_get() == "4"
    spin.event_generate("<KeyPress>", keysym="5")
    app.update()
    assert dialog.players_var.get() == "5"
    assert [row.label.winfo_ismapped() for row in dialog.seat_rows] == [True] * 5 + [False]
    keys(app, spin, "BackSpace")
    spin.event_generate("<KeyPress>", keysym="9")
    app.update()
    assert "from 2 to 6" in dialog.error_label.cget("text")
    keys(app, spin, "Return")
    assert app.dialog is dialog and app.session is None   # refused, in plain words
    keys(app, spin, "BackSpace")
    spin.event_generate("<KeyPress>", keysym="3")
    app.update()
    keys(app, spin, "Return")
    assert app.session.game.players == 3


# ------------------------------------------- 8. every window fits the screen

@pytest.mark.parametrize("scale", [1.0, 1.3, 1.5])
def test_the_new_game_dialog_fits_the_screen_with_six_seats(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    dialog = app.dialog
    dialog.players_var.set("6")
    app.update()
    if scale == 1.0:        # it grows with its seats, and needs no scrolling at all
        assert dialog.area.fits()
    assert dialog.winfo_height() <= SCREEN_H and dialog.winfo_width() <= SCREEN_W
    for button in (dialog.start_button, dialog.cancel_button):
        assert button.winfo_viewable() and on_screen(button)
    last = dialog.seat_rows[5].level
    dialog.area.see(last)
    app.update()
    assert inside(last, dialog.area) and "expert" in tip_of(last).current_text()


@pytest.mark.parametrize("scale", [1.1, 1.5])
def test_side_panels_and_status_are_never_cut(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(6, 9, loans=True))
    assert app.winfo_width() <= SCREEN_W and app.winfo_height() <= SCREEN_H
    panel = app.layout.seat_panel
    for cells in panel.cells:
        for name in ("name", "cash", "borrowed", "status"):
            label = cells[name]
            if label.winfo_ismapped():
                assert label.winfo_width() >= label.winfo_reqwidth(), label.cget("text")
                assert inside(label, app)
    app.layout.drawer.open("prices")
    app.update()
    tree = app.layout.price_board.tree
    last = tree.get_children()[-1]
    box = tree.bbox(last, "c5")
    assert box and box[0] + box[2] <= tree.winfo_width()
    app.show_message("That game could not be opened. The file is damaged (it is damaged "
                     "beyond repair); choose another one, or start a new game from the menu.")
    app.update()
    message, rules = app.layout.message, app.layout.rules_label
    assert message.winfo_x() + message.winfo_width() <= rules.winfo_x()
    assert inside(message, app) and inside(rules, app)


def test_every_extra_window_fits_the_screen_at_150_percent(make_app, data_dir):
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(4, 3))
    for menu, item in ((app.menus.view_menu, "Price history"), (app.menus.view_menu, "Game log"),
                       (app.menus.view_menu, "Ledger…"), (app.menus.help_menu, "Statistics"),
                       (app.menus.help_menu, "Rules"), (app.menus.help_menu, "Quick guide"),
                       (app.menus.game_menu, "Preferences…")):
        menu.invoke(item)
        app.update()
    for name, window in app.windows.items():
        window.update_idletasks()
        assert window.winfo_width() <= SCREEN_W and window.winfo_height() <= SCREEN_H, name
    assert app.winfo_width() <= SCREEN_W
    width, height = app.minsize()
    assert width <= SCREEN_W and height <= SCREEN_H


# ------------------------------------------ 10. back from the sheets, at the end

def test_from_the_sheets_after_the_end_back_to_the_final_standings(make_app):
    app = make_app()
    begin(app, game_at(4, 2, months=2))
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over"
    app.layout.ending.look_button.invoke()
    app.update()
    button = app.layout.standings_button
    assert app.mode == "look" and button.winfo_ismapped()
    keys(app, button, "Return")
    assert app.mode == "over" and app.layout.ending.winfo_ismapped()
    app.layout.ending.look_button.invoke()
    app.update()
    keys(app, app.layout.look_choice, "Escape")
    assert app.mode == "over" and not button.winfo_ismapped()


# ------------------------------------------------------- 11. no stale messages

def test_messages_of_a_phase_go_with_it(make_app, tmp_path):
    app = make_app()
    start_game(app)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.layout.message.cget("text") == "Ann's orders are in."
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "reveal" and "orders are in" not in app.layout.message.cget("text")
    keys(app, app.layout.reveal.continue_button, "Return")
    keys(app, app.layout.cover.ready_button, "Return")
    # A refusal goes as soon as the field it is about is changed.
    fill(app, {"A": (2, 150)})
    keys(app, app.layout.tally.entries["A"][1], "Return")
    assert app.layout.refusal_label.cget("text").startswith("Not submitted. ")
    assert app.layout.refusal_label.winfo_ismapped()
    app.layout.tally.entries["A"][0].delete(0, "end")
    app.update()
    refusal = app.layout.refusal_label
    assert not refusal.winfo_ismapped() and not refusal.cget("text")
    # A failed open, then a replay that works: the failure is not left on show.
    bad = tmp_path / "bad.json"
    bad.write_text("nonsense")
    assert not app.files.open_file(str(bad))
    assert "could not be opened" in app.layout.message.cget("text")
    app.files.save_to(str(tmp_path / "good.json"))
    assert app.files.replay_file(str(tmp_path / "good.json")) is not None
    assert "could not be opened" not in app.layout.message.cget("text")


def test_a_failed_open_on_the_welcome_screen_goes_after_a_replay(make_app, tmp_path):
    finished = game_at(3, 1, "purchasing", months=1)
    good = tmp_path / "good.json"
    ed.save.save(finished, good)
    bad = tmp_path / "bad.json"
    bad.write_text("{ not a game")
    app = make_app()
    keys(app, app.dialog.cancel_button, "Escape")
    assert app.mode == "welcome"
    assert not app.files.open_file(str(bad))
    welcome = app.layout.welcome.message
    assert welcome.cget("text") and "could not be opened" in app.layout.message.cget("text")
    assert app.files.replay_file(str(good)) is not None
    assert welcome.cget("text") == ""
    assert "could not be opened" not in app.layout.message.cget("text")
    assert int(str(welcome.cget("wraplength"))) > 0          # long sentences wrap, not cut


# ------------------------------------------------------------- 12. wording

def test_wording_one_unit_no_loans_and_a_quick_guide_window(make_app):
    app = make_app()
    game = begin(app, game_at(4, 1, "purchasing", months=1))
    fill(app, {"standard": (1, 30)})
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    report = game.history[-1]
    units = {r.commodity: r.units for r in report.commodities}
    for head, key in zip(app.layout.reveal.heads, ("xfine", "fine", "standard")):
        text = head.units.cget("text")
        assert text == (f"{units[key]} unit ordered" if units[key] == 1
                        else f"{units[key]} units ordered")
    keys(app, app.layout.reveal.continue_button, "Return")
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over"
    assert "loan" not in app.layout.ending.rules_text.lower()
    assert "Loans repaid" not in app.layout.ending.table.cget("columns")
    app.menus.help_menu.invoke("Quick guide")
    app.update()
    guide = app.windows["guide"]
    text = guide.get_text()
    assert "Each month" in text and "Your tally sheet" in text
    assert guide.text.tag_ranges("title") and guide.text.tag_ranges("para")
    assert guide.text.cget("font") == "EDBody"             # not all bold
    keys(app, guide.close_button, "Escape")
    assert "guide" not in app.windows or not app.windows["guide"].winfo_exists()


# -------------------------------------------------------- 13. remembered setup

def test_the_new_game_dialog_remembers_the_last_setup(make_app, data_dir):
    app = make_app()
    dialog = app.dialog
    dialog.players_var.set("5")
    app.update()
    row = dialog.seat_rows[0]
    row.name.delete(0, "end")
    row.name.insert(0, "Zoe")
    second = dialog.seat_rows[1]
    second.level.set("expert")
    dialog.months_var.set("6")
    dialog.option_buttons["loans"].invoke()
    keys(app, dialog.start_button, "Return")
    assert app.session.game.names[0] == "Zoe"
    app.files.quit_app()
    again = make_app()
    keys(again, again.layout.resume.new_button, "Return")
    dialog = again.dialog
    assert dialog.players_var.get() == "5" and dialog.months_var.get() == "6"
    assert dialog.seat_rows[0].name.get() == "Zoe" and dialog.seat_rows[1].level.get() == "expert"
    assert dialog.options["loans"].get() is True
    assert [r.label.winfo_ismapped() for r in dialog.seat_rows] == [True] * 5 + [False]
    assert dialog.seed_entry.get() == ""                   # a fresh game each time


def test_a_damaged_remembered_setup_is_ignored(make_app, data_dir):
    (data_dir / "settings.json").write_text(json.dumps(
        {"first_run_done": True, "last_setup": {"players": 99, "seats": [7, {"level": "x"}],
                                                "months": "twelve"}}))
    app = make_app()
    dialog = app.dialog
    assert dialog.players_var.get() == "4" and dialog.months_var.get() == "12"
    assert "settings" not in app.layout.message.cget("text")


# ---------------------------------------------------- 16. fields, hints, size

def test_ctrl_a_selects_a_whole_field(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    field = app.layout.tally.entries["fine"][1]
    field.insert(0, "123")
    field.icursor(1)
    field.selection_clear()
    keys(app, field, "Control-a")
    assert field.selection_present() and field.selection_get() == "123"


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_hints_stay_within_their_rows(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(4, 3))
    tally = app.layout.tally
    fill(app, {"A": (2, 150), "B": (3, 99999), "C": (1, 40)})     # long refusals
    keys(app, app.layout.tally.entries["C"][1], "Return")
    body = tally.body
    for key in ("A", "B", "C"):
        item = tally.hint_item(key)
        if key not in tally.shown_hints():          # quiet: neither focused nor refused
            assert body.itemcget(item, "state") == "hidden"
            continue
        x0, y0, x1, y1 = body.bbox(item)
        top, bottom = tally.hint_band(key)
        assert top <= y0 and y1 <= bottom + 1, (key, tally.hints[key].cget("text"))
        assert tally.hints[key].winfo_reqheight() <= y1 - y0 + 1
    # The total's help may run on below its row, where nothing else is written (the sheet
    # scrolled to its foot, as a person would to read it: the bar below it stands over the
    # cash and the stock at 150%, and a row half in sight is left blank).
    body.yview_moveto(1.0)
    app.update()
    x0, y0, x1, y1 = body.bbox(tally.hint_item("sales"))
    written = 0
    for month in range(1, 13):
        for row in ("cash", "stock"):
            item = tally.cell(month, row)
            if body.itemcget(item, "text") and body.itemcget(item, "state") != "hidden":
                bx0, by0, bx1, by1 = body.bbox(item)
                assert bx1 <= x0 or by1 <= y0 or by0 >= y1
                written += 1
    assert written > 0              # the cash and stock of months played, where in view


def test_what_one_unit_lacks_is_said_whole_beside_its_good_at_150_percent(make_app, data_dir):
    """At 150%, six seats (two people, loans) in September, holding 2 Fine, C's line says what one C lacks in words that
    fit its rows: never cut short with "…"."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    game = game_at(6, 1, "purchasing", humans=2, loans=True)
    while (game.month, game.phase) != (9, "selling"):     # Ann holds nothing till September
        for seat in range(6):
            game.submit(seat, {"fine": (2, 90)} if (seat, game.month) == (0, 9) else {})
        game.resolve()
    assert game.phase == "selling" and game.view(0).own_stock == (0, 2, 0)
    begin(app, game)
    keys(app, app.layout.cover.ready_button, "Return")      # Ann's turn at the table
    tally = app.layout.tally
    tally.focus_field("C")
    app.update()
    label = tally.hints["C"]
    assert "C" in tally.shown_hints()
    assert label.short_text == "can make 0 · needs 1 more Standard or finer"
    assert label.cget("text") == label.short_text, label.cget("text")


def test_a_line_beside_the_last_grade_is_never_cut_for_the_total_s(make_app, data_dir):
    """At 150% with six seats the newcomer's line beside Standard takes four lines; the
    total's warning that comes up with it stands below it, so the line keeps its "+$N"."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 6, "purchasing"))
    tally = app.layout.tally
    fill(app, {"xfine": (3, 300), "fine": (3, 300), "standard": (1, 300)})
    typed(app, tally.entries["standard"][0], "3")
    assert tally.shown_hints() == ("standard", "orders")   # over the unit limit: it warns
    label = tally.hints["standard"]
    assert re.search(r"with last month's orders: \$\d+; more orders raise it$", label.short_text)
    assert label.cget("text") == label.short_text, label.cget("text")
    body = tally.body
    line = body.bbox(tally.hint_item("standard"))
    total = body.bbox(tally.hint_item("orders"))
    assert label.winfo_reqheight() <= line[3] - line[1] + 1
    assert total[1] >= line[3] - 1 and tally.totals["orders"].cget("text") == \
        "over the 6-unit limit"


def test_the_window_has_a_sensible_minimum_size(make_app):
    app = make_app()
    width, height = app.minsize()
    assert 700 <= width <= SCREEN_W and 450 <= height <= SCREEN_H


def test_at_every_size_offered_the_window_can_be_made_smaller_than_the_screen(make_app):
    """With six seats, asked for 400×300, the window takes its minimum size: narrower than
    the screen by a window manager's frame at least (at 150% it was the screen's width,
    and openbox's frame put its right edge 2 pixels off the screen), within the usable
    height."""
    from ed.saves import settings
    frame, title_and_panel = 16, 80
    app = make_app()
    begin(app, game_at(6, 6, "purchasing", humans=2, loans=True))
    for scale in settings.offered_scales(app.prefs.largest_scale()):
        app.prefs.set_text_size(scale)
        app.update()
        app.geometry("400x300")
        app.update()
        width, height = app.winfo_width(), app.winfo_height()
        assert (width, height) == app.wm_minsize(), scale
        assert width + frame <= SCREEN_W, scale
        assert height <= SCREEN_H - title_and_panel, scale


# -------------------------------------------------------------- the look

def test_players_panel_draws_each_computer_player_s_portrait(make_app):
    app = make_app()
    game = begin(app, game_at(6, 2))
    drawn = []
    for seat, cells in enumerate(app.layout.seat_panel.cells):
        badge = cells["badge"]
        tags = {t for item in badge.find_all() for t in badge.gettags(item)}
        info = game.seats[seat]
        if info.is_computer:
            person = ed.ai.PERSONALITIES[info.personality]
            assert f"hair:{person.portrait.hair_style}" in tags
            assert f"acc:{person.portrait.accessory}" in tags or person.portrait.accessory == "none"
            assert ("glasses" in tags) == person.portrait.glasses
        else:
            assert "person" in tags
        # the level and the character on hover, not in words
        assert cells["row"].about.startswith(f"{game.names[seat]}, " + (
            f"computer (hard): {person.temperament}" if info.is_computer else "a person"))
        drawn.append(info.is_computer)
    assert drawn == [False] + [True] * 5        # one person, five computer players


def test_the_end_celebrates_the_winner(make_app):
    app = make_app()
    game = begin(app, game_at(4, 2, months=2))
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    ending = app.layout.ending
    celebration = ending.celebration
    assert celebration.find_withtag("trophy") and celebration.find_withtag("winner")
    assert len(celebration.find_withtag("confetti")) > 20
    celebration.finish()
    height = int(celebration.cget("height"))
    for item in celebration.find_withtag("confetti"):       # at rest on the floor
        assert 0 <= celebration.coords(item)[1] <= height
    assert not celebration.running
    winners = [game.names[s] for s, place in enumerate(game.places()) if place == 1]
    assert all(name in ending.headline.cget("text") for name in winners)
    assert "★" in ending.headline.cget("text")              # not colour alone
    quotes = ending.quotes_shown()
    assert len(quotes) == sum(s.is_computer for s in game.seats)
    for quote in quotes:
        assert "“" in quote


def test_the_progress_strip_says_where_the_game_stands(make_app):
    app = make_app()
    game = begin(app, game_at(4, 3, "purchasing"))
    strip = app.layout.progress
    assert strip.about == "Mar: month 3 of 12, buying raw materials"     # in its tooltip
    states = strip.states()
    assert len(states) == 24 and states[:4] == ["done"] * 4
    assert strip.current_index == 4 and states[5:] == ["todo"] * 19
    assert strip.canvas.find_withtag("frame")              # a frame, not colour alone
    play_to_reveal(app)
    assert strip.about == "Mar: month 3 of 12, orders revealed"
    assert game.phase == "selling"


def test_one_palette_for_board_sheet_reveal_and_charts(make_app):
    from ed.ui.widgets import charts, theme
    app = make_app()
    begin(app, game_at(4, 2))
    for key, colour in theme.COMMODITY_COLOURS.items():
        assert charts.PRICE_STYLE[key][0] == colour
    heads = app.layout.tally.heads
    swatches = {heads.itemcget(i, "fill") for i in heads.find_all()
                if heads.type(i) == "rectangle"}
    assert set(theme.COMMODITY_COLOURS.values()) <= swatches
    app.layout.drawer.open("prices")
    tree = app.layout.price_board.tree
    assert all(tree.heading(f"c{i}", "image") for i in range(6))


# ------------------------------------------------ computer players thinking

class Gate:
    """Holds every expert decision until the test opens it."""

    def __init__(self, monkeypatch) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        original = ed.ai.Avatar.decide

        def decide(avatar, view):
            if avatar.level == "expert":
                self.started.set()
                assert self.open.wait(10), "the gate was never opened"
            return original(avatar, view)

        monkeypatch.setattr(ed.ai.Avatar, "decide", decide)


def expert_game(app):
    app.dialog.cancel()
    app.update()
    seats = (SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel"),
             SeatSetup("Rex", True, "hard", "rex"))
    app.flow.begin(Setup(seats, months=2, seed=4).game())
    app.update()
    return app.session.game


def test_a_slow_computer_player_thinks_off_the_window_s_thread(make_app, monkeypatch):
    gate = Gate(monkeypatch)
    app = make_app()
    game = expert_game(app)
    clock = settling(app)
    assert gate.started.wait(5)
    assert app.mode == "enter"                            # the window was not held up
    statuses = [row[-1] for row in app.layout.seat_panel.rows_shown()]
    assert statuses == ["", "…", "✓"]
    assert app.layout.seat_panel.cells[1]["row"].about.endswith("; thinking about its entry.")
    clock.later()
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "wait" and app.layout.waiting.winfo_ismapped()
    assert "Mabel" in app.layout.waiting_label.cget("text")
    keys(app, app.layout.tally.entries["fine"][1], "Return")  # nothing to act on as she thinks
    assert app.mode == "wait" and not game.history
    gate.open.set()
    app.flow.thinker.wait(10)
    app.flow.thinker.deliver()            # what the poll does every few milliseconds
    app.update()
    assert app.mode == "reveal" and game.history
    assert app.session.explanations[1]                    # her sentence, now public
    keys(app, app.layout.reveal.continue_button, "Return")       # pressed as the reveal came up
    assert app.mode == "reveal"
    clock.later()
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode in ("enter", "wait")


def test_a_look_back_while_waiting_goes_on_once_the_computer_player_has_decided(make_app,
                                                                             monkeypatch):
    gate = Gate(monkeypatch)
    app = make_app()
    game = expert_game(app)
    gate.open.set()
    app.flow.thinker.wait(10)
    app.flow.thinker.deliver()
    gate.open.clear()
    gate.started.clear()
    fill(app, {"fine": (2, 40)})
    app.flow.submit()
    app.update()
    assert app.mode == "reveal"
    app.flow.continue_after_reveal()
    app.update()
    assert gate.started.wait(5) and app.mode == "enter"      # selling; Mabel thinks
    app.flow.submit(confirmed=True)                           # Ann offers nothing
    app.update()
    assert app.mode == "wait"
    app.flow.show_last_reveal()                               # Ctrl+L: the last reveal again
    app.update()
    assert app.mode == "peek"
    gate.open.set()
    app.flow.thinker.wait(10)
    app.flow.thinker.deliver()                                # she decides during the look
    app.update()
    assert app.mode == "peek" and len(game.history) == 1      # the look is not cut short
    app.flow.continue_after_reveal()                          # Back: the month goes on
    app.update()
    assert app.mode == "reveal" and len(game.history) == 2


def test_an_entry_can_be_taken_back_while_a_computer_player_thinks(make_app, monkeypatch):
    gate = Gate(monkeypatch)
    app = make_app()
    game = expert_game(app)
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "wait"
    keys(app, app.layout.takeback_button, "Return")
    assert app.mode == "enter" and not game.submitted(0)
    assert app.layout.tally.vars["fine"][1].get() == "40"
    gate.open.set()


def test_a_new_game_drops_the_old_game_s_late_answer(make_app, monkeypatch):
    gate = Gate(monkeypatch)
    app = make_app()
    old = expert_game(app)
    assert gate.started.wait(5)
    thinker = app.flow.thinker
    worker = thinker.job.thread
    new = begin_again = Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "hard", "rex")),
                              seed=9).game()
    app.flow.begin(begin_again)
    app.update()
    gate.open.set()
    worker.join(10)
    thinker.deliver()                     # the old game's answer arrives, and is dropped
    app.update()
    assert not old.submitted(1) or old is not app.session.game
    assert app.session.game is new and new.waiting_for() == (0,)
    assert [row[-1] for row in app.layout.seat_panel.rows_shown()] == ["", "✓"]


class Gates:
    """Holds the expert decisions at gates of their own, in the order they are asked, until
    the test opens each; decisions past the last gate go through at once."""

    def __init__(self, monkeypatch, count: int) -> None:
        self.open = [threading.Event() for _ in range(count)]
        self.started = [threading.Event() for _ in range(count)]
        self._next = iter(range(count))
        lock = threading.Lock()
        original = ed.ai.Avatar.decide

        def decide(avatar, view):
            if avatar.level == "expert":
                with lock:
                    gate = next(self._next, None)
                if gate is not None:
                    self.started[gate].set()
                    assert self.open[gate].wait(30), "the gate was never opened"
            return original(avatar, view)

        monkeypatch.setattr(ed.ai.Avatar, "decide", decide)

    def open_all(self) -> None:
        for gate in self.open:
            gate.set()


def test_the_old_game_s_late_answer_never_lands_in_the_new_game_s_same_seat(make_app,
                                                                              monkeypatch):
    """The thinker's token: the new game's expert sits in the same seat and still thinks
    when the old game's answer comes; the answer is dropped, and the seat waits for its own."""
    gates = Gates(monkeypatch, 2)
    seats = (SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel"))
    app = make_app()
    app.dialog.cancel()
    try:
        app.flow.begin(Setup(seats, months=2, seed=4).game())
        assert gates.started[0].wait(10)
        thinker = app.flow.thinker
        old, old_worker = app.session, thinker.job.thread
        app.flow.begin(Setup(seats, months=2, seed=9).game())      # Mabel thinks again
        assert gates.started[1].wait(10)
        new = app.session
        assert new is not old and thinker.seats == (1,)
        gates.open[0].set()
        old_worker.join(30)
        assert not old_worker.is_alive()
        thinker.deliver()                       # the old game's answer arrives, and is dropped
        app.update()
        assert not new.game.submitted(1) and thinker.seats == (1,)
        assert not old.game.submitted(1)
        assert [row[-1] for row in app.layout.seat_panel.rows_shown()] == ["", "…"]
        gates.open[1].set()
        thinker.wait(30)
        thinker.deliver()                       # the new game's own answer
        app.update()
        assert new.game.submitted(1) and thinker.seats == ()
        assert [row[-1] for row in app.layout.seat_panel.rows_shown()] == ["", "✓"]
    finally:
        gates.open_all()


def test_an_answer_for_a_game_no_longer_played_is_dropped_at_the_flow_s_door(make_app,
                                                                              monkeypatch):
    """The flow's check of the session: the old game's answer, handed over as the thinker
    hands every answer, after a new game began, changes neither game."""
    gates = Gates(monkeypatch, 1)
    app = make_app()
    app.dialog.cancel()
    try:
        app.flow.begin(Setup((SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel")),
                             months=2, seed=4).game())
        assert gates.started[0].wait(10)
        thinker = app.flow.thinker
        old, old_worker = app.session, thinker.job.thread
        app.flow.begin(Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "hard", "rex")),
                             months=2, seed=9).game())
        new = app.session
        gates.open[0].set()
        old_worker.join(30)
        token, seat, entry, said, failed = thinker.courier.answers.get(timeout=30)
        assert seat == 1 and not failed
        thinker.on_decided(old, seat, entry, said, failed)   # past the thinker, at the flow
        app.update()
        assert not old.game.submitted(1)                     # the old game is left as it was
        assert app.session is new and new.game.waiting_for() == (0,)
        assert app.mode == "enter" and app.flow.current_seat == 0
    finally:
        gates.open_all()


def test_closing_while_a_computer_player_thinks_loses_nothing(make_app, monkeypatch, data_dir):
    gate = Gate(monkeypatch)
    app = make_app()
    game = expert_game(app)
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "wait"
    app.files.quit_app()
    gate.open.set()
    [info] = SaveStore(data_dir).unfinished()
    saved = ed.save.load(info.path)
    assert saved.entry(0) == {"fine": (2, 40)} and not saved.submitted(1)
    again = make_app()
    keys(again, again.layout.resume.resume_button, "Return")
    again.flow.thinker.wait(10)
    again.flow.thinker.deliver()
    again.update()
    assert again.mode == "reveal"
    assert again.session.game.history[0].seats[0].lines[1].units == 2
    assert game is not again.session.game


def test_a_hint_too_long_for_its_rows_keeps_the_whole_sentence_at_hand(make_app, data_dir):
    with_text_size(data_dir, 2.0)
    app = make_app()
    begin(app, game_at(4, 3))
    fill(app, {"A": (2, 150), "B": (3, 99999), "C": (1, 40)})
    keys(app, app.layout.tally.entries["A"][1], "Return")
    label = app.layout.tally.hints["A"]
    app.layout.tally.add_tips()
    # A few words beside the field, whole even at 200%; the sentence in the tooltip.
    assert label.cget("text") == "can make none"
    assert label.full_text.startswith("Cannot make 2 A: you can make none from your stock")
    assert tip_of(label).current_text() == label.full_text
    top, bottom = app.layout.tally.hint_band("A")
    x0, y0, x1, y1 = app.layout.tally.body.bbox(app.layout.tally.hint_item("A"))
    assert top <= y0 and y1 <= bottom + 1


LONG_NAME = "Alexandra Wilhelmina Featherstonehaugh"
FIVE = ["mabel", "rex", "iris", "otto", "cora"]


def six_seats():
    """A person with a very long name and five computer players."""
    return (SeatSetup(LONG_NAME),) + tuple(
        SeatSetup(ed.ai.PERSONALITIES[key].name, True, "hard", key) for key in FIVE)


def six_in_debt():
    """Six seats (``six_seats``) with loans, each in debt after ordering far beyond its cash."""
    game = Setup(six_seats(), seed=3, loans=True).game()
    for seat in range(6):
        game.submit(seat, {"xfine": (3, 250), "fine": (3, 250)})
    game.resolve()
    return game


def test_a_loan_beside_the_cash_says_it_is_a_loan(make_app, data_dir):
    """A red "$900" beside a player's cash said nothing of what it was (only the pointer
    said "borrowed"): it reads "loan $900", and six faces, each with its loan, still stand
    whole beside the progress strip at 150%."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    game = six_in_debt()
    begin(app, game)
    app.update()
    panel = app.layout.seat_panel
    owed = [game.borrowed(seat) for seat in range(6)]
    assert min(owed) >= 1000
    assert [row[2] for row in panel.rows_shown()] == [f"loan ${n:,}" for n in owed]
    for cells in panel.cells[:6]:
        assert tip_of(cells["borrowed"]).current_text() == cells["row"].about
        for name in ("name", "cash", "borrowed", "status"):
            label = cells[name]
            if label.winfo_ismapped():
                assert label.winfo_reqwidth() <= label.winfo_width() + 1, label.cget("text")
                assert inside(label, app)
    progress = app.layout.progress
    assert inside(progress, app) and progress.winfo_width() >= app.theme.em * 10


def test_a_loan_beside_a_face_leaves_its_short_name_whole(make_app):
    """At 100% six faces have room to spare: a loan beside a face takes room of its own, so
    "Mabel" with her loan beside her reads "Mabel" (a cap on a name's room, less the loan,
    cut it to "Ma…"); only the very long name is shortened."""
    app = make_app()
    game = six_in_debt()
    begin(app, game)
    app.update()
    shown = app.layout.seat_panel.rows_shown()
    assert all(row[2].startswith("loan $") for row in shown)
    assert [row[0] for row in shown[1:]] == [ed.ai.PERSONALITIES[k].name for k in FIVE]
    assert shown[0][0].endswith("…") and LONG_NAME.startswith(shown[0][0][:-1])
    progress = app.layout.progress
    assert inside(progress, app) and progress.winfo_width() >= app.theme.em * 10


def test_each_face_is_a_card_of_its_own_and_its_loan_is_on_it(make_app):
    """Beside one face and before the next, a loan read as either's: each face stands on a
    card of its own colour, apart from the strip it lies on, the loan within its card."""
    from tkinter import ttk
    app = make_app()
    begin(app, six_in_debt())
    app.update()
    panel = app.layout.seat_panel
    style = ttk.Style(app)
    strip = style.lookup(panel.cget("style"), "background")
    cards = panel.cells[:6]
    for left, right in zip(cards, cards[1:]):
        assert left["card"].winfo_rootx() + left["card"].winfo_width() < \
            right["card"].winfo_rootx(), "the strip shows between two cards"
    for cells in cards:
        card, loan = cells["card"], cells["borrowed"]
        back = style.lookup(card.cget("style"), "background")
        assert back != strip
        assert style.lookup(loan.cget("style"), "background") == back
        assert inside(loan, card)


def test_the_faces_never_cut_a_name(make_app, data_dir):
    """At 150% six faces stand in a row beside the progress strip; a name too long for its
    room ends in "…" (the whole of it on hover), never cut through a letter."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    long_name, keys_ = LONG_NAME, FIVE
    begin(app, Setup(six_seats(), seed=3).game())
    app.update()
    panel = app.layout.seat_panel
    shown = panel.rows_shown()
    assert len(shown) == 6 and shown[0][0].endswith("…")
    assert long_name.startswith(shown[0][0][:-1]) and len(shown[0][0]) > 4
    assert [row[0] for row in shown[1:]] == [ed.ai.PERSONALITIES[k].name for k in keys_]
    assert panel.cells[0]["row"].about.startswith(long_name + ", a person.")
    for cells in panel.cells[:6]:
        for name in ("name", "cash", "status"):
            label = cells[name]
            if label.winfo_ismapped():
                assert label.winfo_reqwidth() <= label.winfo_width() + 1, label.cget("text")
                assert inside(label, app)
    progress = app.layout.progress
    assert inside(progress, app) and progress.winfo_width() >= app.theme.em * 10


def test_a_field_s_tip_goes_when_the_pointer_leaves_the_field_being_typed_in(make_app):
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    app.layout.tally.add_tips()
    field = app.layout.tally.entries["standard"][1]
    typed(app, field, "30")
    assert app.focus_get() is field
    tip = tip_of(field)
    field.event_generate("<Enter>", x=2, y=2)
    tip.show_rested()                       # the pointer rested on the field
    assert tip.is_shown()
    field.event_generate("<Leave>", x=-5, y=-5)
    app.update()
    assert not tip.is_shown() and app.focus_get() is field


def test_the_stock_counts_wear_their_grades_colours(make_app):
    """"Stock 0·0·3" said nothing of which count was which grade: a chip in each grade's
    colour stands above each count, on the sheet and over the reveal's stock column."""
    import tkinter.font as tkfont
    from tkinter import ttk
    from ed.ui.widgets import theme as T
    from ed.ui.widgets.chips import count_spans
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    tally = app.layout.tally
    colours = [T.COMMODITY_COLOURS[key] for key in ed.RAW]
    font = tkfont.Font(root=app, name="EDTally", exists=True)
    for month in (4, 5):
        text = tally.body.itemcget(tally.cell(month, "stock"), "text")
        assert re.fullmatch(r"\d+·\d+·\d+", text)
        chips = tally.chips_shown(month)
        assert [colour for colour, _ in chips] == colours
        x0, _, x1, _ = tally.body.bbox(tally.cell(month, "stock"))
        text_y = tally.body.bbox(tally.cell(month, "stock"))[1]
        right = month * tally.col_w - app.theme.pad(0.4)
        for (_, (left, top, end, bottom)), (from_left, from_right) in zip(
                chips, count_spans(font, text)):
            assert (left, end) == (right - from_left, right - from_right)   # over its count
            assert x0 - 1 <= left < end <= x1 + 1 and bottom <= text_y + font.metrics("ascent") / 3
    assert tally.chips_shown(6) == []                 # nothing counted yet, no chips
    play_to_reveal(app)
    head, picture = app.layout.reveal.stock_head, app.layout.reveal.stock_chips
    assert head.winfo_ismapped() and head.cget("text") == "Stock"
    assert str(picture) in str(head.cget("image"))
    figures = tkfont.nametofont(ttk.Style(app).lookup("Card.TLabel", "font") or "TkDefaultFont")
    for colour, (from_left, from_right) in zip(colours, count_spans(figures, "0·0·0")):
        middle = picture.width() - (from_left + from_right) // 2
        assert "#%02x%02x%02x" % tuple(picture.get(middle, 0)) == colour.lower()


def test_while_selling_the_month_shows_the_stock_and_cash_in_hand(make_app):
    """The stock the goods are made from was only on the pointer while selling: the month's
    column pencils in the stock and cash in hand, under the stock's chips, and they stay
    while an offer is typed and put away again."""
    app = make_app()
    game = game_at(4, 6, "selling")
    begin(app, game)
    tally, view = app.layout.tally, game.view(0)
    stock_text = "·".join(str(n) for n in view.own_stock)

    def shown(row):
        return tally.body.itemcget(tally.cell(6, row), "text")

    assert shown("stock") == stock_text and shown("cash") == f"${view.own_cash:,}"
    assert tally.pencilled("stock") and tally.pencilled("cash")
    assert len(tally.chips_shown(6)) == 3
    assert tips.draft_cell_tip("stock", "sales").startswith("In hand to make this month's goods")
    field = tally.entries["C"][0]
    typed(app, field, "1")
    typed(app, tally.entries["C"][1], "1")
    assert shown("stock") == stock_text and shown("cash") != ""
    typed(app, field, "")
    typed(app, tally.entries["C"][1], "")
    assert shown("cash") == f"${view.own_cash:,}"


#: Shortcuts that open a window of their own to ask something (a file box, the new-game
#: dialog, printing, quitting): pressed, they wait for an answer, so they are tried elsewhere.
ASKING = ("n", "o", "s", "S", "p", "q")


def test_no_key_on_the_next_person_s_sheet_touches_another_s_entry(make_app):
    """Tess submits; on Ben's sheet every shortcut the window binds, and the keys a person
    presses out of habit (undo, redo, Escape, Delete…), leave Tess's entry in as it was."""
    app = make_app()
    game = start_game(app, humans=("Tess", "Ben"), computers=1)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    tess = game.entry(0)
    assert tess is not None
    keys(app, app.layout.cover.ready_button, "Return")
    typed(app, app.layout.tally.entries["xfine"][1], "41")
    bound = [sequence.strip("<>") for sequence in app.bind_all()
             if "Key" in sequence or "-" in sequence]
    habits = ["Control-z", "Control-Z", "Control-y", "Control-Shift-z", "Escape", "BackSpace",
              "Delete", "Control-BackSpace", "Control-a", "Control-x", "Control-v",
              "Alt-BackSpace", "Control-u", "Control-k", "F2", "F5"]
    pressed = 0
    for name in habits + bound:
        if name.rsplit("-", 1)[-1] in ASKING and "Control" in name:
            continue
        keys(app, app.layout.tally.entries["xfine"][1], name)   # built anew by a new text size
        pressed += 1
        for window in app.winfo_children():
            if isinstance(window, tk.Toplevel):
                window.destroy()            # a window a shortcut opened
        app.update()
        assert game.entry(0) == tess, name
        if app.mode != "enter" or app.flow.current_seat != 1:
            break
    assert pressed > 20, pressed
    assert app.mode == "enter" and app.flow.current_seat == 1 and game.submitted(0)


def press_each(app, *names):
    """Press keys as a person at the keyboard does: each goes to whatever has the focus."""
    for name in names:
        widget = app.focus_get()
        assert widget is not None, name
        widget.event_generate(f"<{name}>")
        app.update()


def test_the_next_person_cannot_read_the_entry_before_with_the_keyboard(make_app):
    """On Cat's cover, Tab, Enter, Shift+Tab, Enter, Enter showed Ben's whole entry (his
    "take back my entry", then "I am Ben"); one more Enter sent it again unseen, and Ben's
    cover then offered Ann's, back and back.  Taken back on the next person's cover the
    entry comes back empty, a cover after a take-back offers nobody's, and the reveal tells
    the table."""
    app = make_app()
    game = start_game(app, humans=("Ann", "Ben", "Cat"), computers=0)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    keys(app, app.layout.cover.ready_button, "Return")                 # Ben
    fill(app, {"xfine": (3, 41)})
    keys(app, app.layout.tally.entries["xfine"][1], "Return")
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Cat"
    assert app.layout.cover.take_back_button.cget("text") == "Ben: take back my entry"  # just in
    bens = game.entry(1)
    assert app.focus_get() is app.layout.cover.ready_button
    press_each(app, "Tab", "Return", "Shift-Tab", "Return")          # Cat, at the keyboard
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Ben"
    assert not game.submitted(1)
    assert not app.layout.cover.take_back_button.winfo_ismapped()     # not Ann's: no chain back
    press_each(app, "Return")                                        # "I am Ben"
    assert (app.mode, app.flow.current_seat) == ("enter", 1)
    typed_in = {key: (units.get(), price.get())
                for key, (units, price) in app.layout.tally.vars.items()}
    assert set(typed_in.values()) == {("", "")}                # nothing of Ben's to read
    assert "Ben's entry was taken back on Cat's cover" in app.layout.message.cget("text")
    press_each(app, "Return")                                        # asked, not sent unseen
    assert app.mode == "confirm" and not game.submitted(1)
    press_each(app, "Return")                                        # Enter means No
    assert app.mode == "enter"
    fill(app, bens and {"xfine": (3, 41)})
    keys(app, app.layout.tally.entries["xfine"][1], "Return")
    assert game.entry(1) == bens
    keys(app, app.layout.cover.ready_button, "Return")                 # Cat
    fill(app, {"standard": (2, 30)})
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    assert app.mode == "reveal"
    assert app.layout.message.cget("text") == "Ben's entry was taken back on Cat's cover and " \
                                       "entered again."


def test_a_cover_does_nothing_but_pass_the_laptop(make_app):
    """Ctrl+E and Ctrl+P on a cover opened the previous person's ledger and sheet: nothing
    secret, but a cover is only for passing the laptop.  Every view of the game waits."""
    app = make_app()
    start_game(app, humans=("Tess", "Ben"), computers=1)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Ben"
    drawer = app.layout.drawer.shown
    before = set(app.winfo_children())
    for shortcut in ("Control-e", "Control-p", "Control-h", "Control-g", "Control-l",
                     "Control-Key-1", "Control-Key-5"):
        keys(app, app.layout.cover.ready_button, shortcut)
        assert app.mode == "cover", shortcut
        assert set(app.winfo_children()) == before, shortcut        # no window opened
        assert app.layout.drawer.shown == drawer, shortcut
    app.menus.view_menu.invoke("Ledger…")                                 # nor from the menu
    app.update()
    assert set(app.winfo_children()) == before
    assert app.menus.drawer_var.get() == drawer
    keys(app, app.layout.cover.ready_button, "Return")                     # Ben's sheet: they work
    keys(app, app.layout.tally.entries["xfine"][1], "Control-e")
    assert app.windows.get("ledger") is not None and app.windows["ledger"].winfo_exists()


def test_a_reveal_that_comes_up_under_a_still_pointer_shows_no_tip(make_app):
    """The last entry sent with Enter, the mouse at rest over the window: the reveal comes
    up under it, and a tip nobody asked for covered its cells."""
    app = make_app()
    begin(app, game_at(4, 9, "purchasing"))
    play_to_reveal(app)
    cell = app.layout.reveal.rows[0].cells[1].entered
    x, y = cell.winfo_rootx() + 4, cell.winfo_rooty() + cell.winfo_height() // 2
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "enter"
    # the pointer comes to rest over the sheet, where that cell will be
    app.event_generate("<Motion>", warp=True, x=x - app.winfo_rootx(), y=y - app.winfo_rooty())
    app.update()
    assert app.winfo_pointerxy() == (x, y)
    play_to_reveal(app)
    app.update()
    under = app.winfo_containing(x, y)
    tipped = []
    while under is not None:
        if hasattr(under, "_ed_tooltip"):
            tipped.append(tip_of(under))
        under = under.master
    assert tipped                                       # a cell with a tip is under it
    assert all(not tip.waiting and not tip.is_shown() for tip in tipped)
    tipped[0].widget.event_generate("<Motion>", x=5, y=3)   # the pointer moves on the cell
    assert tipped[0].waiting                 # now its tip is on its way


LONGEST = "Maximiliano Wolfgang Montgomery-Whitmore"      # 40 letters, the most a name has


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_40_letter_name_is_whole_on_the_cover_the_review_and_the_ledger(make_app, data_dir,
                                                                         scale):
    from . import fitcheck
    from ed.rules import MAX_NAME_LENGTH
    assert len(LONGEST) == MAX_NAME_LENGTH
    (data_dir / "settings.json").write_text(json.dumps(
        {"first_run_done": True, "text_scale": scale, "reveal_pacing": "all"}))
    app = make_app()
    seats = (SeatSetup("Ann"), SeatSetup(LONGEST), SeatSetup("Mabel", True, "easy", "mabel"))
    game = Setup(seats, months=2, seed=4).game()
    rng = random.Random(4)
    while (game.month, game.phase) != (2, "selling"):
        for seat in range(3):
            game.submit(seat, randomplay.random_entry(game.view(seat), rng, over_offer=0))
        game.resolve()
    begin(app, game)
    screen = (0, 0, SCREEN_W, SCREEN_H)
    keys(app, app.layout.cover.ready_button, "Return")                 # Ann
    fill(app, {"A": (0, 0)})
    submit(app, app.layout.tally.entries["A"][1])
    assert app.mode == "cover" and LONGEST in " ".join(app.layout.cover.title.cget("text").split())
    assert fitcheck.problems(app, screen) == []                   # "Pass to …", "I am …"
    keys(app, app.layout.cover.ready_button, "Return")
    app.extras.show_ledger()
    app.update()
    ledger = app.windows["ledger"]
    assert ledger.seat_box.get() == LONGEST
    assert fitcheck.problems(ledger, screen) == []
    ledger.destroy()
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    tab = app.layout.ending.review_tab
    app.layout.ending.tabs.select(tab)
    app.update()
    tab.whose_var.set(LONGEST)
    tab.whose.event_generate("<<ComboboxSelected>>")
    app.update()
    for _ in range(3):                  # the first person's review may be worked out first
        tab.wait(60)
        tab.deliver()
        app.update()
    assert tab.shown.name == LONGEST and tab.status.cget("text").startswith(LONGEST + ": ")
    # the tab may be taller than the screen (the end screen scrolls), never cut; nor are
    # the headline and the standings, whose width every tab shares
    for shown in (tab, app.layout.ending):
        assert [problem for problem in fitcheck.problems(shown, screen)
                if "usable height" not in problem] == []


# ------------------------------------------------ 12. a repaid loan, after the end

def test_after_the_end_no_face_says_loan_for_a_loan_repaid(make_app):
    """Every loan is repaid out of the final cash: the faces show that cash with no red
    "loan" beside it, and the pointer still tells what was borrowed."""
    game = game_at(6, 1, "purchasing", months=1, loans=True)
    game.submit(0, {"xfine": (6, 60)})              # $360 against $300: the Broker lends
    for seat in range(1, 6):
        game.submit(seat, {})
    game.resolve()
    assert game.borrowed(0) == 100
    for seat in range(6):
        game.submit(seat, {})
    game.resolve()
    assert game.is_over
    app = make_app()
    begin(app, game)
    app.layout.ending.look_button.invoke()
    app.update()
    assert app.mode == "look"
    ann = app.layout.seat_panel.rows_shown()[0]
    # $300 - $360 + $100 lent, then 6 X-Fine to the Broker at $36, then $125 repaid
    assert ann[0] == "Ann" and ann[1] == "$131"
    assert not any("loan" in str(value) for value in ann), ann
    cells = app.layout.seat_panel.cells[0]
    assert "borrowed $100" in tip_of(cells["cash"]).current_text()


def test_the_take_back_question_asks_in_its_own_words_before_anything_is_taken_back(make_app):
    """The question is in the window, not only in its title (which a narrow window's title
    bar cuts short), and it says nothing is taken back before the answer: kept, it is not."""
    app = make_app()
    game = start_game(app)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (3, 41)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    keys(app, app.layout.cover.take_back_button, "Return")
    text = app.files.question.text_label.cget("text")
    assert text.startswith("Take back Ann's entry") and "?" in text, text
    assert "is taken back" not in text
    answer_take_back(app, "Ann", take_it=False)
    assert game.submitted(0) and app.mode == "cover"
