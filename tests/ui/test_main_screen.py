"""The main screen as a table: the board at the centre, the drawer of tables closed until
asked for, the sheet's labels said once, the fields and their help in agreement, and only
the text sizes that fit offered."""
from __future__ import annotations

import json

import pytest

import ed
from ed.saves import settings
from ed.ui.screens.drawer import PAGES

from . import fitcheck
from .test_table import begin, game_at, inside, with_text_size
from .test_window import keys


def _box_overlap(a, b) -> bool:
    """Whether two canvas items' boxes share ink (Tk pads a box by a pixel each side)."""
    a, b = (a[0] + 1, a[1] + 1, a[2] - 1, a[3] - 1), (b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1)
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ------------------------------------------------------------------ the drawer

def test_the_drawer_is_closed_at_first_and_one_key_opens_each_page(make_app):
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    drawer = app.layout.drawer
    assert drawer.shown == "" and not drawer.holder.winfo_ismapped()
    assert [drawer.tabs[name].cget("text") for name, _ in PAGES] == \
        ["Prices", "Chart", "Price moves", "Recipes", "Log"]
    board_height = app.layout.board.winfo_height()
    for name, _ in PAGES:
        tab = drawer.tabs[name]
        assert tab.cget("takefocus") and inside(tab, app)
        keys(app, tab, "space")                     # a tab opens its page ...
        assert drawer.shown == name and drawer.page(name).winfo_ismapped()
        assert inside(drawer.page(name), app)
    assert app.layout.board.winfo_height() < board_height
    keys(app, drawer.tabs["log"], "space")          # ... and closes it again
    assert drawer.shown == "" and not drawer.holder.winfo_ismapped()
    app.update()
    assert app.layout.board.winfo_height() == board_height


def click(app, widget) -> None:
    """A click of the mouse's first button in the middle of ``widget``, as Tk gets one."""
    x, y = widget.winfo_width() // 2, widget.winfo_height() // 2
    widget.event_generate("<Enter>", x=x, y=y)
    widget.event_generate("<ButtonPress-1>", x=x, y=y)
    widget.event_generate("<ButtonRelease-1>", x=x, y=y)
    app.update()


def test_a_click_on_a_drawer_tab_leaves_the_keyboard_in_the_sheet(make_app):
    """A look at a page in the middle of typing an order: the digits typed next go on into
    the field that had them, and Enter is the sheet's, not a tab's."""
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    drawer = app.layout.drawer
    field = app.layout.tally.entries["xfine"][0]
    keys(app, field, "Key-3")
    for name in ("calculator", "prices", "prices"):      # open one, another, then close it
        click(app, drawer.tabs[name])
        assert app.focus_get() is field, name
        field.event_generate("<Key-4>")
        app.update()
    assert drawer.shown == ""
    assert field.get() == "3444"
    keys(app, drawer.tabs["chart"], "space")              # from the keyboard, the tab keeps it
    assert drawer.shown == "chart" and app.focus_get() is drawer.tabs["chart"]


def _elements(layout) -> list:
    """The names of the elements a ttk layout draws, the nested ones too."""
    names = []
    for name, options in layout:
        names.append(name)
        names.extend(_elements(options.get("children", [])))
    return names


def test_tab_from_the_sheet_s_last_field_lands_on_a_tab_that_shows_it(make_app):
    """Tab from the last field goes on to the drawer's tabs under the board: each draws the
    dotted ring of every other button while it has the keyboard (the theme's tool buttons
    draw none, and the keyboard seemed to have gone nowhere); Space there opens its page."""
    from tkinter import ttk
    app = make_app()
    begin(app, game_at(4, 1, "selling"))
    drawer = app.layout.drawer
    keys(app, app.layout.tally.entries["C"][1], "Tab")
    assert app.focus_get() is drawer.tabs["prices"]
    style = ttk.Style(app)
    for name, _ in PAGES:
        tab = drawer.tabs[name]
        assert any(element.endswith(".focus") for element in
                   _elements(style.layout(tab.cget("style") or tab.winfo_class()))), name
    keys(app, drawer.tabs["prices"], "Tab")
    assert app.focus_get() is drawer.tabs["chart"]
    keys(app, drawer.tabs["chart"], "space")
    assert drawer.shown == "chart"


def test_the_view_menu_and_its_keys_open_and_close_the_drawer(make_app):
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    menu = app.menus.view_menu
    labels = {menu.entrycget(i, "label"): i for i in range(menu.index("end") + 1)
              if menu.type(i) == "radiobutton"}
    assert list(labels) == [word for _, word in PAGES]
    menu.invoke(labels["Recipes"])
    assert app.layout.drawer.shown == "recipes" and app.menus.drawer_var.get() == "recipes"
    menu.invoke(labels["Recipes"])
    assert app.layout.drawer.shown == "" and app.menus.drawer_var.get() == ""
    keys(app, app.layout.tally.entries["xfine"][0], "Control-Key-5")
    assert app.layout.drawer.shown == "log"
    keys(app, app.layout.drawer.tabs["log"], "Escape")      # Escape in the drawer closes it
    assert app.layout.drawer.shown == "" and app.mode == "enter"


def test_the_page_open_is_remembered_and_stays_through_a_new_text_size(make_app, data_dir):
    app = make_app()
    begin(app, game_at(4, 9, "purchasing"))
    app.layout.drawer.open("log")
    app.update()
    assert json.loads((data_dir / "settings.json").read_text())["drawer"] == "log"
    text = app.layout.log_panel.text
    text.yview_moveto(0.0)                          # scrolled back to January
    app.update()
    app.menus.size_menu.invoke(0)                   # View ▸ Text size ▸ Larger
    app.update()
    assert app.layout.drawer.shown == "log" and app.layout.log_panel.text is not text
    top, bottom = app.layout.log_panel.text.yview()
    assert top == 0.0 and bottom < 1.0
    app.layout.drawer.open("prices")
    board = app.layout.price_board
    board.scrolled("scroll", -2, "units")          # two months back
    newest = board.rows_shown()[-1]
    assert newest[0] == "Jul"
    app.menus.size_menu.invoke(1)                   # Smaller: more rows, the same newest
    app.update()
    assert app.layout.drawer.shown == "prices" and app.layout.price_board.rows_shown()[-1] == newest
    again = make_app()
    begin(again, game_at(4, 9, "purchasing"))
    assert again.layout.drawer.shown == "prices"


# ------------------------------------------------------------------ the board

def test_the_board_is_the_largest_thing_on_the_screen(make_app):
    app = make_app()
    begin(app, game_at(6, 9, "purchasing", humans=2, loans=True))
    board = app.layout.board
    area = board.winfo_width() * board.winfo_height()
    window = app.winfo_width() * app.winfo_height()
    assert area >= window / 3
    for part in (app.layout.tally, app.layout.seat_panel, app.layout.drawer, app.layout.progress):
        assert area > part.winfo_width() * part.winfo_height(), part
    # beside the sheet, with the faces above it and the drawer's tabs below
    assert board.winfo_rootx() > app.layout.tally.winfo_rootx() + app.layout.tally.winfo_width() - 1
    assert board.winfo_rooty() > app.layout.seat_panel.winfo_rooty()
    assert app.layout.drawer.winfo_rooty() >= board.winfo_rooty() + board.winfo_height()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_no_token_ever_hides_last_month_s_place_or_the_opening_price(make_app, data_dir,
                                                                       scale):
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(4, 2, "purchasing"))
    board = app.layout.board
    opening = dict(ed.rules.OPENING_PRICES)
    # every token where it was last month and at its opening price, neighbours close by
    for latest in (dict(opening), {"xfine": 41, "fine": 40, "standard": 41,
                                   "A": 141, "B": 140, "C": 139}):
        board.show([opening, latest, latest])
        app.update()
        pills = [board.bbox(items["pill"]) for items in board.drawn_items.values()]
        for key, items in board.drawn_items.items():
            for mark in ("ghost", "notch"):
                box = board.bbox(items[mark])
                assert board.itemcget(items[mark], "state") != "hidden", (key, mark)
                assert not any(_box_overlap(box, pill) for pill in pills), (key, mark, box)
                assert 0 <= box[0] and box[2] <= board.winfo_width()


def test_the_board_speaks_only_where_the_pointer_points_at_something(make_app):
    from ed.ui.presenter import tips
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    board = app.layout.board
    assert board.describe(board.find_withtag("tick")[0]) == tips.BOARD_SCALES
    assert board.describe(board.find_withtag("rung")[0]) == ""       # crossing the board
    assert board.describe(board.drawn_items["fine"]["ghost"]).startswith("Fine was $")
    assert board.describe(board.drawn_items["fine"]["notch"]) == "Fine opened at $30."


# ------------------------------------------------------------------ the sheet

@pytest.mark.parametrize("phase, first, money, other", [("purchasing", "X-Fine", "paid", "received"),
                                                       ("selling", "A", "received", "paid")])
def test_the_labels_repeated_on_every_grade_are_said_once(make_app, phase, first, money,
                                                          other):
    """Said once, beside the first grade of the block being entered: while selling the
    orders may be scrolled out of sight, and the goods' fields had no label in view."""
    app = make_app()
    begin(app, game_at(4, 6, phase))
    heads = app.layout.tally.heads
    shown = [item for item in heads.find_all()
             if heads.type(item) == "text" and heads.itemcget(item, "state") != "hidden"]
    said = [heads.itemcget(item, "text") for item in shown]
    for label in ("units", "price", money):
        assert said.count(label) == 1, label
        item = next(i for i in shown if heads.itemcget(i, "text") == label)
        beside = [heads.itemcget(i, "text") for i in heads.find_overlapping(
            0, heads.bbox(item)[1] + 2, heads.bbox(item)[0], heads.bbox(item)[3] - 2)
            if heads.type(i) == "text"]
        if label == "units":
            assert first in beside, beside                # on the first grade's own line
    assert other not in said and "at month end" not in said
    assert said.count("Total") == 2 and "X-Fine" in said and "C" in said


@pytest.mark.parametrize("phase, hidden", [("purchasing", "sales"), ("selling", "orders")])
def test_the_other_block_s_labels_stay_hidden_as_the_sheet_scrolls(make_app, data_dir, phase,
                                                                   hidden):
    """At 150% the sheet scrolls, and a row half in sight is hidden and shown again: the
    labels of the block not being entered stay hidden all the while."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(4, 6, phase))
    tally = app.layout.tally
    for where in (0.0, 0.5, 0.25, 1.0, 0.75, 0.0):
        tally.body.yview_moveto(where)
        app.update()
        states = {tally.heads.itemcget(item, "state")
                  for item in tally.heads.find_withtag(f"brief:{hidden}")}
        assert states == {"hidden"}, where


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_while_selling_the_stock_to_sell_is_in_sight_under_the_sales(make_app, data_dir,
                                                                      scale):
    """Six seats with loans at 150% on 1366x768: the sheet shows the Sales block from its
    first field down to the cash, the stock and the loans (they were under its foot, and
    what there is to sell had to be scrolled to)."""
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(6, 9, "selling", humans=2, loans=True))
    if app.mode == "cover":
        app.flow.cover_ready()
        app.update()
    tally = app.layout.tally
    app.update()
    top, shown = tally.body.canvasy(0), tally.body.winfo_height()
    assert app.focus_get() is tally.entries["A"][0]
    for row in ("A.units", "sales.total", "cash", "stock", "loan"):
        y = tally.row_y[row]
        assert top <= y and y + tally.row_h <= top + shown, (row, y, top, shown)


@pytest.mark.parametrize("part", ["refusal", "question"])
def test_the_bar_below_the_sheet_comes_up_at_its_height_and_moves_no_field(make_app,
                                                                           data_dir, part):
    """At 150% with six seats, a refused offer (or the question before an empty one) takes
    its room under the sheet at once: its sentence, wrapped a moment at the one pixel its
    label asks for, stood as a column many lines tall, the sheet shrank to a few rows for
    that moment, and the field with the keyboard was scrolled into them, where it stayed."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 9, "selling", humans=2, loans=True))
    if app.mode == "cover":
        app.flow.cover_ready()
        app.update()
    tally = app.layout.tally
    field = tally.entries["A"][0]
    if part == "refusal":
        keys(app, field, "Key-9", "Key-9")             # 99 A: more than the stock makes
    before = tally.body.canvasy(0), field.winfo_rooty()
    heights = []
    tally.body.bind("<Configure>", lambda e: heights.append(e.height), add="+")
    keys(app, app.focus_get(), "Return")
    shown = (app.layout.refusal_label if part == "refusal" else app.layout.question)
    assert shown.winfo_viewable() and app.mode == ("enter" if part == "refusal" else "confirm")
    assert heights and min(heights) == tally.body.winfo_height(), heights   # one step, no dip
    assert (tally.body.canvasy(0), field.winfo_rooty()) == before


@pytest.mark.parametrize("phase, key", [("purchasing", "xfine"), ("selling", "A")])
def test_a_twenty_digit_count_shows_as_the_help_quotes_it(make_app, phase, key):
    app = make_app()
    begin(app, game_at(4, 3, phase))
    tally = app.layout.tally
    field = tally.entries[key][0]
    field.focus_force()
    field.insert(0, "9" * 20)                      # pasted
    app.update()
    shown = field.get()
    assert shown == "9" * tally.field_chars
    usable = (0, 0, app.winfo_screenwidth(), app.winfo_screenheight())
    assert [line for line in fitcheck.problems(app, usable) if str(field) in line] == []
    sentence = tally.hints[key].full_text
    assert f"{int(shown):,}" in sentence or shown in sentence, sentence
    assert "9" * (len(shown) + 1) not in sentence


# ------------------------------------------------------------------ text sizes

def test_only_the_sizes_that_fit_are_offered(make_app, data_dir):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                        "text_scale": 2.0}))
    app = make_app()
    begin(app, game_at(4, 6, "purchasing"))
    assert app.settings.text_scale == settings.TEXT_SCALE_MAX == 1.5
    assert app.prefs.largest_scale() == 1.5            # 1366×768 offers every size
    keys(app, app.layout.tally.entries["xfine"][0], "Control-plus")
    assert app.settings.text_scale == 1.5
    assert app.layout.message.cget("text") == \
        "The text is already at 150% (the largest that fits this screen)."
    assert settings.offered_scales() == (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5)
    # a screen of fewer inches offers fewer sizes
    assert settings.largest_scale(1280, 720) == 1.4
    assert settings.largest_scale(1024, 600) == 1.1


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_log_opened_at_its_end_shows_its_top_line_whole(make_app, data_dir, scale):
    """The Log page opens at the newest phase; the line at its top is shown whole, never
    the lower half of a line cut by the page's edge, and the newest line stays whole too."""
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(6, 9, "purchasing"))
    app.layout.drawer.open("log")
    app.update()
    text = app.layout.log_panel.text
    inset = sum(int(text.cget(option)) for option in ("borderwidth", "highlightthickness",
                                                       "pady"))
    assert text.yview()[0] > 0.0 and text.yview()[1] == 1.0     # scrolled to the end
    top, newest = text.dlineinfo("@0,0"), text.dlineinfo("end - 1 chars")
    assert top is not None and top[1] >= inset
    assert newest is not None and newest[1] + newest[3] <= text.winfo_height() - inset


@pytest.mark.parametrize("built_first", [False, True])
def test_the_reveal_s_heads_say_what_their_columns_hold_however_early_it_is_built(
        make_app, built_first):
    """The reveal is built the first time it is asked for, before or after the window's tips
    go on: either way its Stock head says the three figures are X-Fine · Fine · Standard."""
    from ed.ui.widgets.tooltip import tip_of
    app = make_app(start=False)
    if built_first:
        app.layout.reveal                               # asked for before the tips go on
    app.update()
    app.start()
    begin(app, game_at(4, 2, "purchasing"))
    reveal = app.layout.reveal
    assert "X-Fine · Fine · Standard" in tip_of(reveal.stock_head).current_text()
    for head in reveal.heads:
        assert "price move" in tip_of(head).current_text()
