"""The Price Level Board in the real window: the game's prices as tokens on six tracks,
the slide to new prices (ended by ``finish()``, a click, or never begun with reduced
motion), the setting remembered, and the board whole at every size and text size."""
from __future__ import annotations

import json
import time

import pytest

import ed
from ed.ui import presenter as P

from . import fitcheck
from .test_table import begin, game_at, inside, play_to_reveal, with_text_size
from .test_window import keys

#: the screen's height kept for a title bar and a panel (as in test_fit)
TITLE_AND_PANEL = 80
#: a guard against a slide that never ends, not a measure of its speed
GUARD_S = 10.0


def latest(history):
    """Each commodity's latest price in a price history."""
    prices = {}
    for month in history:
        prices.update(month)
    return prices


def run_until(app, done) -> None:
    """Let Tk run its timers until ``done()`` (a hung slide fails instead of hanging)."""
    deadline = time.monotonic() + GUARD_S
    while not done():
        assert time.monotonic() < deadline, "the board's slide never got there"
        app.update()


def board_problems(app):
    """What the no-cut walk finds on the board itself."""
    usable = (0, 0, app.winfo_screenwidth(), app.winfo_screenheight() - TITLE_AND_PANEL)
    board = str(app.layout.board)
    return [line for line in fitcheck.problems(app, usable) if board in line]


def a_month_back(app, players, month):
    """The board of a game in ``month``, drawn a month back: ready to slide to the last."""
    game = begin(app, game_at(players, month, "purchasing"))
    board = app.layout.board
    history = game.price_history()
    board.show(history[:-1])
    return board, history


def view_item(app, label):
    """The index of a View menu item by its label."""
    menu = app.menus.view_menu
    for index in range(menu.index("end") + 1):
        if menu.type(index) not in ("separator", "tearoff") \
                and menu.entrycget(index, "label") == label:
            return index
    raise AssertionError(f"no {label!r} in the View menu")


def test_the_board_shows_the_games_prices_with_last_months_as_ghosts(make_app):
    app = make_app()
    game = begin(app, game_at(4, 9, "purchasing"))
    board = app.layout.board
    history = game.price_history()
    assert board.winfo_ismapped() and inside(board, app)
    for key in ed.COMMODITIES:
        assert board.token_price(key) == history[-1][key]
        assert board.tracks[key].ghost == history[-2][key]
        assert board.tracks[key].opening == history[0][key]
    # Higher on its track is dearer, on each scale.
    for keys_ in P.BOARD_GROUPS:
        by_price = sorted(keys_, key=lambda k: history[-1][k])
        ys = [board.token_y(k) for k in by_price]
        assert ys == sorted(ys, reverse=True)
    # The tooltip of a token is the whole sentence.
    item = board.drawn_items["fine"]["pill"]
    fine = history[-1]["fine"]
    assert board.describe(item) == (f"Fine: ${fine}, was ${history[-2]['fine']} in Jul; "
                                    f"opened at $30")
    assert hasattr(board, "_ed_tooltip")


def test_after_a_reveal_the_sheet_comes_back_with_the_new_prices_and_their_ghosts(make_app):
    app = make_app()
    begin(app, game_at(4, 3, "purchasing"))
    before = latest(app.session.game.price_history())
    play_to_reveal(app)
    app.flow.continue_after_reveal()
    app.update()
    assert app.mode in ("enter", "cover")
    board = app.layout.board
    history = app.session.game.price_history()
    assert set(history[-1]) == set(ed.rules.RAW)       # the orders of March revealed
    for key in ed.COMMODITIES:
        assert board.token_price(key) == latest(history)[key]
    for key in ed.rules.RAW:
        assert board.tracks[key].ghost == before[key]


def test_a_slide_moves_the_tokens_over_time_and_finish_ends_it_at_once(make_app):
    app = make_app()
    board, history = a_month_back(app, 4, 9)
    old, new = history[-2], history[-1]
    key = max(ed.COMMODITIES, key=lambda k: abs(new[k] - old[k]))
    assert abs(new[key] - old[key]) >= 3, "the test game's last month hardly moved a price"
    start_y = board.token_y(key)
    done = []
    board.slide(new, on_done=lambda: done.append(True))
    assert board.animating and done == []
    # A frame on the way: the token shows a price between the two, and has moved.
    between = lambda price: min(old[key], new[key]) < price < max(old[key], new[key])
    run_until(app, lambda: between(board.token_price(key)) or not board.animating)
    assert board.animating and between(board.token_price(key))
    on_the_way = board.token_y(key)
    board.finish()
    assert not board.animating and done == [True]
    end_y = board.token_y(key)
    assert min(start_y, end_y) < on_the_way < max(start_y, end_y)
    for k in ed.COMMODITIES:
        assert board.token_price(k) == new[k]
        assert board.tracks[k].ghost == old[k]               # the place it left
    # The slide ends where drawing the new month at once puts the tokens.
    ends = {k: board.token_y(k) for k in ed.COMMODITIES}
    board.show(history)
    assert {k: board.token_y(k) for k in ed.COMMODITIES} == ends
    app.update()
    assert done == [True]                                    # run once only


def test_a_slide_left_alone_ends_at_the_new_prices(make_app):
    app = make_app()
    board, history = a_month_back(app, 2, 5)
    done = []
    board.slide({"fine": history[-1]["fine"]}, keys=["fine"], on_done=lambda: done.append(1))
    run_until(app, lambda: not board.animating)
    assert done == [1] and board.token_price("fine") == history[-1]["fine"]
    assert board.token_price("xfine") == history[-2]["xfine"]      # not in keys: stays
    # The same history shown again after a slide is drawn again; shown twice, drawn once.
    board.show(history[:-1])
    assert board.token_price("fine") == history[-2]["fine"]
    items = board.find_all()
    board.show(history[:-1])
    assert board.find_all() == items


def test_a_click_on_the_board_finishes_a_slide(make_app):
    app = make_app()
    board, history = a_month_back(app, 4, 9)
    done = []
    board.slide(history[-1], on_done=lambda: done.append(1))
    assert board.animating
    board.event_generate("<ButtonPress-1>", x=board.winfo_width() // 2, y=5)
    assert not board.animating and done == [1]
    assert [board.token_price(k) for k in ed.COMMODITIES] == \
        [history[-1][k] for k in ed.COMMODITIES]


def test_a_price_off_the_scale_refits_it_before_the_slide(make_app):
    app = make_app()
    begin(app, game_at(2, 2, "purchasing"))
    board = app.layout.board
    raw = board.scales[0]
    board.slide({"xfine": raw.high + 30})
    assert board.scales[0].covers(raw.high + 30) and board.scales[0] != raw
    board.finish()
    assert board.token_price("xfine") == raw.high + 30
    assert 0 <= board.token_y("xfine") <= board.winfo_height()


def test_a_board_destroyed_during_a_slide_stops_cleanly(make_app):
    import tkinter as tk
    from ed.ui.screens.board import BoardCanvas
    app = make_app()
    game = begin(app, game_at(2, 4, "purchasing"))
    window = tk.Toplevel(app)
    board = BoardCanvas(window, app.theme)
    board.pack(fill="both", expand=True)
    history = game.price_history()
    board.show(history[:-1])
    app.update()
    board.slide(history[-1])
    app.update()
    window.destroy()
    later = time.monotonic() + 0.1
    run_until(app, lambda: time.monotonic() > later)        # frames due meanwhile: none run


def test_reduced_motion_draws_the_final_state_at_once_and_is_remembered(make_app, data_dir):
    app = make_app()
    board, history = a_month_back(app, 4, 9)
    app.menus.view_menu.invoke(view_item(app, "Reduced motion"))
    app.update()
    assert app.settings.reduced_motion and app.prefs.motion_var.get()
    assert json.loads((data_dir / "settings.json").read_text())["reduced_motion"] is True
    done = []
    board.slide(history[-1], on_done=lambda: done.append(1))
    assert not board.animating and done == [1]
    assert [board.token_price(k) for k in ed.COMMODITIES] == \
        [history[-1][k] for k in ed.COMMODITIES]
    app.destroy()
    again = make_app()
    assert again.settings.reduced_motion and again.prefs.motion_var.get()
    again.menus.view_menu.invoke(view_item(again, "Reduced motion"))
    assert not again.settings.reduced_motion


def test_the_board_is_whole_at_the_minimum_size_at_150_percent_with_six_players(make_app,
                                                                                data_dir):
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 9, "purchasing", humans=2, loans=True))
    least = app.wm_minsize()
    app.geometry(f"{least[0]}x{least[1]}")
    for _ in range(3):
        app.update()
    board = app.layout.board
    assert board.winfo_ismapped() and inside(board, app)
    assert board.winfo_height() >= board.min_height()
    names = [board.itemcget(i, "text") for i in board.find_withtag("name")]
    assert names[:2] == ["X-Fine", "Fine"] and names[3:] == ["A", "B", "C"]
    assert names[2] in ("Standard", "Std")
    assert len(board.find_withtag("tick")) >= 2 * 2          # a few rungs on each scale
    assert board_problems(app) == []


@pytest.mark.parametrize("scale", [1.0, 1.3, 1.5])
def test_nothing_on_the_board_is_cut_or_covered(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(6, 9, "purchasing", humans=2, loans=True))
    found = board_problems(app)
    shown = app.winfo_width(), app.winfo_height()
    least = app.wm_minsize()
    app.geometry(f"{least[0]}x{least[1]}")
    for _ in range(3):
        app.update()
    found += board_problems(app)
    assert found == []
    # Labels of one scale never cover each other, whatever the prices.
    board = app.layout.board
    board.show([dict(ed.rules.OPENING_PRICES),
                {"xfine": 31, "fine": 30, "standard": 30, "A": 120, "B": 121, "C": 119}])
    app.update()
    boxes = board.label_boxes()
    for group in P.BOARD_GROUPS:
        for a, b in zip(group, group[1:]):
            (_, ay0, ax1, ay1), (bx0, by0, _, by1) = boxes[a], boxes[b]
            assert ax1 <= bx0 or ay1 <= by0 or by1 <= ay0, (a, b)
    assert board_problems(app) == []
    app.geometry(f"{shown[0]}x{shown[1]}")


@pytest.mark.parametrize("width", [260, 300])
def test_a_narrow_board_takes_its_names_in_turns_on_two_lines_and_nothing_overlaps(
        make_app, width):
    import tkinter as tk
    from ed.ui.screens.board import BoardCanvas
    app = make_app()
    game = begin(app, game_at(6, 9, "purchasing", humans=2))
    window = tk.Toplevel(app)
    board = BoardCanvas(window, app.theme)
    board.configure(width=width, height=board.min_height() + 40)
    board.pack()
    board.show(game.price_history())
    app.update()
    assert board.plan.name_lines == 2
    names = {board.itemcget(i, "text"): board.coords(i)[1] for i in board.find_withtag("name")}
    assert names["X-Fine"] == names["Std"] == names["B"] != names["Fine"] == names["A"]
    usable = (0, 0, app.winfo_screenwidth(), app.winfo_screenheight())
    assert [line for line in fitcheck.problems(window, usable) if str(board) in line] == []
    window.destroy()


def test_the_guide_frames_the_board(make_app):
    app = make_app()
    begin(app, game_at(4, 2, "purchasing"))
    app.extras.start_tour()
    app.update()
    tour = app.extras.tour
    index = next(i for i, step in enumerate(tour.steps) if step[0] == "The Price Level Board")
    tour.show(index)
    app.update()
    assert tour.target() is app.layout.board and tour.highlighted()
    keys(app, tour.skip_button, "Escape")


# ------------------------------------------------ tokens and marks clear of the scales

def covers(board):
    """Where a token or a mark beside it leaves the tracks' area or covers a scale's price:
    a pill nearer the canvas's top than two paddings, a pill, ghost or notch lower than the
    names' top, or one whose box meets a price's box."""
    ticks = [(board.itemcget(item, "text"), board.bbox(item))
             for item in board.find_withtag("tick")]
    names_top = min(board.bbox(item)[1] for item in board.find_withtag("name"))
    rim = board.theme.pad(0.4) * 2
    found = []
    for key, items in board.drawn_items.items():
        for part in ("pill", "ghost", "notch"):
            if board.itemcget(items[part], "state") == "hidden":
                continue
            x0, y0, x1, y1 = board.bbox(items[part])
            if part == "pill" and min(board.coords(items[part])[1::2]) < rim or y1 > names_top:
                found.append(f"{key} {part} spans y {y0}..{y1}, outside {rim}..{names_top}")
            for text, (a0, b0, a1, b1) in ticks:
                if x0 <= a1 and a0 <= x1 and y0 < b1 and b0 < y1:
                    found.append(f"{key} {part} {(x0, y0, x1, y1)} covers {text}")
    return found


def off_the_rungs(board):
    """The tokens standing above the highest labelled rung of their scale or below the
    lowest."""
    values = {}
    for item in board.find_withtag("tick"):
        group = 0 if board.coords(item)[0] < board.plan.xs[board.shown_keys()[0]] else 1
        values.setdefault(group, []).append(int(board.itemcget(item, "text")[1:].replace(",", "")))
    found = []
    for key in board.shown_keys():
        group = 0 if key in P.BOARD_GROUPS[0] else 1
        rungs = values.get(group if len(board.groups) > 1 else 0, [])
        if rungs and not min(rungs) <= board.token_price(key) <= max(rungs):
            found.append(f"{key} at ${board.token_price(key)}, rungs ${min(rungs)}-${max(rungs)}")
    return found


@pytest.mark.parametrize("scale", [1.0, 1.3, 1.5])
def test_tokens_and_marks_never_cover_the_scales_prices_on_the_board_or_in_the_reveal(
        make_app, data_dir, scale):
    """At 150% the reveal of a selling phase drew A's ghost over the goods' prices ("$14▶"
    for "$140") and its token over "$220": the board beside the reveal is narrower than
    a token and its marks, and they took their room from the scale's."""
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(6, 9, "selling", humans=2, loans=True, seed=3))
    board = app.layout.board
    found = covers(board)
    least = app.wm_minsize()
    app.geometry(f"{least[0]}x{least[1]}")
    for _ in range(3):
        app.update()
    found += covers(board)
    play_to_reveal(app)
    for _ in range(3):
        app.update()
    reveal_board = app.layout.reveal.board
    assert reveal_board.groups == (1,) and reveal_board.winfo_ismapped()
    found += covers(reveal_board)
    assert found == []


@pytest.mark.parametrize("height", range(260, 720, 40))
def test_every_token_stands_between_labelled_rungs(make_app, height):
    """A scale of $15 to $55 ruled every $2 ended at the $54 rung, and Fine's token at $55
    stood above the highest price written on the board."""
    import tkinter as tk
    from ed.ui.screens.board import BoardCanvas
    app = make_app()
    window = tk.Toplevel(app)
    board = BoardCanvas(window, app.theme, reduced_motion=lambda: True)
    board.configure(width=600, height=height)
    board.pack()
    opening = dict(ed.rules.OPENING_PRICES)
    board.show([opening, dict(opening, xfine=24, fine=47, standard=21, A=150, B=121, C=90)])
    app.update()
    kept = board.scales
    board.slide({"xfine": kept[0].low, "fine": kept[0].high, "standard": 30,
                 "A": kept[1].high, "B": kept[1].low, "C": 100})
    app.update()
    assert board.scales == kept                   # the prices at the scales' very ends
    assert off_the_rungs(board) == [] and covers(board) == []
    window.destroy()


@pytest.mark.parametrize("page", ["prices", "log"])
def test_the_board_keeps_its_names_whole_with_the_guide_and_a_drawer_page_open(make_app,
                                                                               data_dir, page):
    """At 150% on 1366 x 768 the guide takes its strip at the foot of the window; with a
    page of the drawer open too, the page gives up lines so the board keeps the height its
    names need, and has it back when the guide goes."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 3, "purchasing"))
    app.layout.drawer.open(page)
    app.update()
    board, holder = app.layout.board, app.layout.drawer.holder
    full = holder.winfo_height()
    app.extras.start_tour()
    for _ in range(3):
        app.update()
    assert app.extras.tour is not None and app.extras.tour.shown
    assert board.winfo_height() >= board.min_height()
    assert board_problems(app) == []
    assert holder.winfo_ismapped() and holder.winfo_height() < full
    app.extras.tour.close()
    for _ in range(3):
        app.update()
    assert holder.winfo_height() == full
