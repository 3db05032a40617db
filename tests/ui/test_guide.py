"""The guided first game: the very first start says how to win before anything else and
offers a quick start the guide walks through; a key pressed as a step comes up is not taken
for it; the guide covers nothing it frames and its buttons never move."""
from __future__ import annotations

import json

import pytest

import ed
from ed.ui import presenter as P
from ed.ui.shell.flow import Flow
from ed.ui.screens.tour import Tour, rect_of, steps
from ed.ui.widgets.tooltip import tip_of

from .test_sheet_words import begin
from .test_table import Clock, game_at, inside, with_text_size
from .test_window import focus_of, keys


def guide(app) -> Tour:
    """The guide over a sheet being entered (the new-game dialog started, if open)."""
    if app.dialog is not None:
        keys(app, app.dialog.start_button, "Return")
    app.extras.start_tour()
    app.update()
    assert app.extras.tour is not None and app.extras.tour.shown
    return app.extras.tour


def test_a_fast_second_enter_skips_no_step(make_app):
    app = make_app()
    tour = guide(app)
    clock = Clock()
    tour.clock, tour.settle_s = clock, Flow.SETTLE_S
    clock.later()
    keys(app, tour.next_button, "Return")
    assert tour.step_label.cget("text") == "Step 2 of 9"
    keys(app, tour.next_button, "Return")            # pressed as step 2 came up
    assert tour.step_label.cget("text") == "Step 2 of 9"
    keys(app, tour.next_button, "Right")
    assert tour.step_label.cget("text") == "Step 2 of 9"
    clock.later()
    keys(app, tour.next_button, "Return")
    assert tour.step_label.cget("text") == "Step 3 of 9"
    keys(app, tour.next_button, "Left")              # Back, too fast: not taken either
    assert tour.step_label.cget("text") == "Step 3 of 9"
    clock.later()
    keys(app, tour.next_button, "Escape")
    assert app.extras.tour is None


def test_enter_pressed_twice_on_the_last_step_closes_the_guide_and_nothing_more(make_app):
    """The second Enter, on its way as the guide closes, is not taken for the sheet's Enter:
    no "Submit no order this month?" comes up unasked."""
    app = make_app()
    tour = guide(app)
    clock = Clock()
    tour.clock, tour.settle_s = clock, Flow.SETTLE_S
    app.flow.clock, app.flow.settle_s = clock, Flow.SETTLE_S
    while tour.index < len(tour.steps) - 1:
        clock.later()
        keys(app, tour.next_button, "Return")
    clock.later()
    keys(app, tour.next_button, "Return")            # Finish
    assert app.extras.tour is None and app.mode == "enter"
    field = focus_of(app)
    assert field is not None and str(field).startswith(str(app.layout.tally))
    keys(app, field, "Return")                       # the same hand, a moment later
    assert app.mode == "enter"
    clock.later()
    keys(app, field, "Return")                       # meant for the sheet: asked first
    assert app.mode == "confirm"


def overlap(a, b) -> int:
    """The area two screen rectangles share."""
    across = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    down = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, across) * max(0, down)


@pytest.mark.parametrize("scale, players", [(1.0, 4), (1.5, 6)])
def test_the_guide_covers_nothing_it_frames_and_its_buttons_never_move(make_app, data_dir,
                                                                      scale, players):
    with_text_size(data_dir, scale)
    app = make_app()
    app.dialog.cancel()
    app.update()
    app.flow.begin(game_at(players, 1, "purchasing"))
    app.update()
    tour = guide(app)
    places = set()
    framed = 0
    for step in range(len(tour.steps)):
        app.update()
        strip = rect_of(tour.window)
        rect = rect_of(tour.target())
        if rect is not None:
            framed += 1
            assert overlap(strip, rect) == 0, (step, tour.title_label.cget("text"))
            assert inside(tour.target(), app), step       # in sight, scrolled to or not
            for frame in tour.frames:
                assert overlap(strip, rect_of(frame)) == 0, step
        places.add(tuple(rect_of(button) for button in (
            tour.back_button, tour.next_button, tour.skip_button)))
        if step < len(tour.steps) - 1:
            keys(app, tour.next_button, "Return")
    assert framed >= 7
    assert len(places) == 1             # the same place, every step: a second click never misses
    assert tour.next_button.cget("text") == "Finish"
    scrolled = tour.scrolled_areas
    keys(app, tour.next_button, "Return")
    assert app.extras.tour is None
    # an area the guide scrolled to show what it frames stands again where it stood (the
    # main window's parts all stand in sight at every size: none needs scrolling there)
    for area, top in scrolled.items():
        assert area.canvas.yview()[0] == top


def test_the_first_start_says_how_to_win_first_and_a_quick_start_teaches_itself(make_app,
                                                                               data_dir):
    """An empty data folder: the first screen says how to win and what a month is; Enter
    starts a short game against an easy computer player, and the guide's first step says
    it again over the months."""
    assert not any(data_dir.iterdir())
    app = make_app(first_run=True)
    for _ in range(50):                 # the saves folder is read a slice at a time
        if app.mode == "welcome":
            break
        app.update()
    assert app.mode == "welcome" and app.dialog is None
    shown = app.layout.welcome.text.cget("text")
    assert shown.splitlines()[0] == "Whoever has the most cash after the last month wins."
    assert shown.splitlines() == list(P.GOAL_LINES)
    assert app.layout.welcome.quick_button.winfo_ismapped() and \
        focus_of(app) is app.layout.welcome.quick_button
    keys(app, app.layout.welcome.quick_button, "Return")
    assert app.mode == "enter"
    game = app.session.game
    assert game.rules.months == 6 and len(game.seats) == 2
    assert game.seats[1].is_computer and game.seats[1].level == "easy" \
        and game.names[1] == "Mabel"
    tour = app.extras.tour
    assert tour is not None and tour.shown
    assert tour.step_label.cget("text") == "Step 1 of 9"
    assert tour.title_label.cget("text") == "How to win"
    assert tour.text_label.cget("text").startswith(
        "Whoever has the most cash after the last month wins. Each month you buy raw "
        "materials, then sell goods made from them.")
    assert tour.target() is app.layout.progress and tour.highlighted()
    keys(app, tour.skip_button, "Escape")
    app.files.quit_app()
    again = make_app(first_run=True)
    for _ in range(50):
        if app.mode == "resume":
            break
        again.update()
    assert again.mode == "resume" and not again.layout.welcome.quick_button.winfo_ismapped()


def test_the_guided_first_game_from_the_first_screen_begins_the_quick_start(make_app):
    """Help ▸ Guided first game on the first screen, where there is no sheet: the quick
    start's game begins and the guide comes with its first sheet.  Before, the guide
    framed the empty strip of months and spoke of its cells, which were not there."""
    app = make_app()
    if app.dialog is not None:
        app.dialog.cancel()
    for _ in range(50):                 # the saves folder is read a slice at a time
        if app.mode == "welcome":
            break
        app.update()
    assert app.mode == "welcome" and app.extras.tour is None
    app.menus.help_menu.invoke("Guided first game")
    for _ in range(50):
        if app.extras.tour is not None:
            break
        app.update()
    assert app.mode == "enter"
    game = app.session.game
    assert game.rules.months == 6 and game.names[1] == "Mabel" and game.seats[1].is_computer
    tour = app.extras.tour
    assert tour is not None and tour.shown and tour.step_label.cget("text") == "Step 1 of 9"
    assert tour.target() is app.layout.progress and tour.highlighted()


def test_the_guided_first_game_waits_for_the_sheet_of_a_game_resumed(make_app, data_dir):
    """Where the first screen offers a game to resume, Help ▸ Guided first game begins no
    game of its own: it says the guide begins on the first sheet, and does."""
    first = make_app()
    begin(first, game_at(2, 2, "purchasing"))
    first.files.quit_app()
    app = make_app()
    for _ in range(50):
        if app.mode == "resume":
            break
        app.update()
    assert app.mode == "resume"
    app.menus.help_menu.invoke("Guided first game")
    app.update()
    assert app.mode == "resume" and app.extras.tour is None
    assert app.layout.message_text == "The guide begins on your first sheet."
    keys(app, app.layout.resume.resume_button, "Return")
    for _ in range(50):
        if app.extras.tour is not None:
            break
        app.update()
    assert app.mode == "enter" and app.extras.tour is not None and app.extras.tour.shown


def test_the_very_first_start_offers_the_guide_whatever_opens_first(make_app, data_dir,
                                                                   tmp_path):
    """No settings file, and a save named on the command line: the guide is offered on
    its sheet (not only after the new-game dialog's Start), once."""
    path = tmp_path / "game.json"
    ed.save.save(game_at(4, 2, "purchasing"), str(path))
    assert not (data_dir / "settings.json").exists()
    app = make_app(save=str(path), first_run=True)
    app.update()
    assert app.mode == "enter" and app.extras.tour is not None and app.extras.tour.shown
    assert app.extras.tour.text_label.cget("text").startswith(P.GOAL)
    assert json.loads((data_dir / "settings.json").read_text())["first_run_done"] is True
    keys(app, app.extras.tour.skip_button, "Escape")
    app.files.quit_app()
    again = make_app(save=str(path), first_run=True)
    again.update()
    assert again.extras.tour is None


def test_the_guide_keeps_its_words_whole_when_the_text_grows(make_app):
    app = make_app()
    tour = guide(app)
    before = tour.window.winfo_height()
    app.prefs.change_text_size("larger")
    app.update()
    assert app.extras.tour is tour and tour.shown
    need = tour.title_label.winfo_reqheight() + tour.text_label.winfo_reqheight()
    assert tour.window.winfo_height() >= need and tour.window.winfo_height() > before


def test_a_player_who_has_finished_two_games_is_not_taught_again(make_app, data_dir):
    """Settings lost, but the record of play counts two finished games: no goal lines, no
    quick start, no guide; the new-game dialog as for anyone who knows the game."""
    from .test_sheet_words import finished_games
    finished_games(data_dir, 2)
    app = make_app(first_run=True)
    for _ in range(50):
        if app.dialog is not None:
            break
        app.update()
    assert app.mode == "welcome" and app.dialog is not None
    assert not app.layout.welcome.quick_button.winfo_ismapped()
    assert P.GOAL_LINES[0] not in app.layout.welcome.text.cget("text")
    keys(app, app.dialog.start_button, "Return")
    assert app.mode == "enter" and app.extras.tour is None


def test_the_step_on_the_players_says_what_their_faces_show(make_app):
    """A face shows the player's cash and ✓, the stock only on the pointer: the step said
    "Everyone's cash and stock" as if the stock were in sight."""
    app = make_app()
    guide(app)
    panel = app.layout.seat_panel
    title, text, _ = next(step for step in steps(app) if step[2]() is panel)
    shown = [cells[part].cget("text") for cells in panel.cells
             for part in ("name", "cash", "borrowed", "status") if cells[part].winfo_ismapped()]
    game = app.session.game
    assert shown[:2] == [game.names[0], f"${game.cash(0):,}"]
    assert not any("·" in words or "X-Fine" in words for words in shown)   # no stock in sight
    assert "stock" not in title.lower() and "cash" in text and "✓" in text
    assert "point at a face for the player's stock" in text
    assert "stock" in tip_of(panel.cells[0]["badge"]).current_text()


def test_the_first_step_says_what_the_strip_of_months_shows(make_app):
    """The strip names no month: the step said "The months are along the top"."""
    app = make_app()
    guide(app)
    strip = app.layout.progress
    title, text, _ = next(step for step in steps(app) if step[2]() is strip)
    canvas = strip.canvas
    assert [item for item in canvas.find_all() if canvas.type(item) == "text"] == []
    months = app.session.game.rules.months
    assert len(strip.states()) == 2 * months and strip.states()[0] == "current"
    assert title == "How to win" and text.startswith(P.GOAL)
    assert "two cells a month, buying and selling" in text and "dark for the one being played" in text


def test_the_step_on_the_line_beside_a_box_says_what_the_line_says(make_app):
    """Before units the newcomer's line gives the price (from February, also the others'
    orders); with units, the lowest bid and what the others' orders do to the price: the
    step says so, in the line's words, and in January promises no count of the others'
    orders (the line there gave "price was $40" alone)."""
    app = make_app()
    guide(app)
    tally = app.layout.tally
    _, text, _ = next(step for step in steps(app) if step[0] == "The line beside a box")
    line = tally.hints["xfine"].cget("text")
    assert line == "price was $40" and "ordered" not in line
    assert "Before you type units: the grade's price (from February, also how many the " \
        "others ordered the month before)." in text
    assert "Before you type units: last month's price" not in text
    tally.entries["xfine"][0].insert(0, "3")
    app.update()
    assert tally.hints["xfine"].cget("text") == "bid at least $33; each unit others order adds $1"
    assert "Then the lowest bid allowed, the price only if no one else orders, and each unit " \
        "the others order raises the price $1." in text
    app.extras.tour.close()
    app.files.quit_app()
    later = make_app()
    begin(later, game_at(2, 2, "purchasing"))
    guide(later)
    _, text, _ = next(step for step in steps(later) if step[0] == "The line beside a box")
    line = later.layout.tally.hints["xfine"].cget("text")
    assert line.startswith("price was $") and "others ordered" in line
    assert "Before you type units: last month's price and how many the others ordered." in text
    later.layout.tally.entries["xfine"][0].insert(0, "3")
    later.update()
    assert "with last month's orders" in later.layout.tally.hints["xfine"].cget("text")
    assert "what the others' orders of last month would make the price; more orders raise " \
        "it." in text


def shown_lines(label) -> list:
    """The lines ``label`` shows: its text's lines, each wrapped as Tk wraps it (at a space,
    where the next word would pass the wrap length)."""
    from ed.ui.widgets.theme import text_font
    font, wrap = text_font(label), int(str(label.cget("wraplength")) or 0)
    lines = []
    for line in str(label.cget("text")).split("\n"):
        current = ""
        for word in line.split():
            longer = f"{current} {word}" if current else word
            if current and wrap and font.measure(longer) > wrap:
                lines.append(current)
                current = word
            else:
                current = longer
        lines.append(current)
    return lines


def test_the_welcome_s_lines_fit_or_break_evenly_at_every_size(make_app, data_dir):
    """At 100% the third line left "price." alone; a line that breaks breaks evenly."""
    from ed.saves import settings
    from ed.ui.widgets.theme import text_font
    app = make_app(first_run=True)
    for scale in settings.offered_scales(app.prefs.largest_scale()):
        app.prefs.set_text_size(scale)
        app.update()
        label = app.layout.welcome.text
        lines = shown_lines(label)
        if scale == 1.0:
            assert lines == list(P.GOAL_LINES)
        font = text_font(label)
        assert " ".join(lines) == " ".join(P.GOAL_LINES), scale
        for sentence in P.GOAL_LINES:            # the lines each sentence is shown in
            pieces = [line for line in lines if line in sentence]
            widths = [font.measure(piece) for piece in pieces]
            assert min(widths) >= max(widths) // 2, (scale, pieces)


def test_the_tips_wait_while_the_guide_says_the_same_a_step_at_a_time(make_app, data_dir):
    """The guide and the tips above the sheet said the same twice, and at 150% left the sheet
    two rows: while the guide is open the tips wait.  Closed over a sheet being typed they
    come back with the next sheet, not above the fields being typed in."""
    app = make_app(first_run=True)
    for _ in range(50):
        if app.mode == "welcome":
            break
        app.update()
    keys(app, app.layout.welcome.quick_button, "Return")
    tour, layout = app.extras.tour, app.layout
    assert tour is not None and tour.shown
    app.update()
    tips = str(layout.instructions.cget("text"))
    assert tips.startswith("For each grade you want, type the units")
    assert not layout.instructions_row.winfo_ismapped()
    keys(app, tour.skip_button, "Escape")
    app.update()
    assert app.extras.tour is None
    assert not layout.instructions_row.winfo_ismapped()
    assert app.focus_get() is app.layout.tally.entries["xfine"][0]
    keys(app, app.layout.tally.entries["xfine"][0], "Return")   # nothing typed: asked first
    keys(app, layout.yes_button, "space")
    for _ in range(2):                  # the reveal played entry by entry: Enter shows it all
        if app.mode == "reveal":
            keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "enter" and app.session.game.phase == "selling"
    assert layout.instructions_row.winfo_ismapped()
    assert layout.instructions.cget("text").startswith("For each good you offer")


def test_the_step_on_the_board_names_each_mark_it_draws(make_app):
    """The board draws a token, a faint arrow at last month's price and a short bar at the
    opening price; the step named only the first two, and not which way units move a price."""
    app = make_app()
    guide(app)
    board = app.layout.board
    _, text, _ = next(step for step in steps(app) if step[2]() is board)
    canvas = board.canvas if hasattr(board, "canvas") else board
    for tag in ("token", "ghost", "notch"):
        assert canvas.find_withtag(tag), tag
    assert "faint arrow marks last month's price" in text
    assert "short bar the opening price" in text
    assert "the more units everyone orders, the higher a raw material goes" in text.lower()
