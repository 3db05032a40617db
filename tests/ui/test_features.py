"""The features beyond the paper, driven through the real window under Xvfb.

Charts, ledger, game log, pacing, rules help, tooltips, guided first game,
text size, settings, statistics, replay and printing, each read back from
what the widgets show.
"""
from __future__ import annotations

import csv
import json
import random
import tkinter.font as tkfont

import ed
from ed.ai import randomplay
from ed.rules import month_label
from ed.ui.presenter import gamelog, ledger
from ed.saves import paths
from ed.ui.widgets.tooltip import tip_of

from .test_window import fill, keys, start_game, submit


# ------------------------------------------------------------------ helpers

KEYSYMS = {"$": "dollar"}


def press(app, *names):
    """Key events to whichever widget has the focus, as a person at the keyboard."""
    for name in names:
        widget = app.focus_get()
        assert widget is not None, "nothing has the keyboard focus"
        widget.event_generate(f"<{name}>")
        app.update()


def type_text(app, text):
    widget = app.focus_get()
    for char in text:
        widget.event_generate("<KeyPress>", keysym=KEYSYMS.get(char, char))
    app.update()


def play_phases(app, count, entries=None):
    """Submit ``count`` phases (empty entries unless given) and continue past each reveal."""
    done = 0
    while done < count and app.mode != "over":
        if app.mode == "cover":
            keys(app, app.layout.cover.ready_button, "Return")
        elif app.mode == "enter":
            if entries is not None:
                fill(app, entries(app))
            submit(app, app.layout.tally.entries[app.flow.view.keys[-1]][1])
        elif app.mode == "reveal":
            keys(app, app.layout.reveal.continue_button, "Return")
            done += 1
        else:
            raise AssertionError(f"unexpected mode {app.mode}")


def buy_some(app):
    """An order the seat can afford: 2 units of each grade at $10 over the market."""
    view = app.flow.view
    if view.phase != "purchasing":
        return randomplay.random_entry(view, random.Random(view.month), over_offer=0)
    return {"fine": (2, view.prices["fine"] + 10), "standard": (2, view.prices["standard"] + 10)}


def solo(app, months=None):
    """A solo game against three computers, started from the dialog with Enter."""
    if months is not None:
        app.dialog.months_var.set(str(months))
    keys(app, app.dialog.start_button, "Return")
    return app.session.game


# ------------------------------------------------------------ price chart

def test_price_chart_tab_draws_a_point_per_month_at_the_price(make_app):
    app = make_app()
    game = solo(app)
    play_phases(app, 6, buy_some)
    app.layout.drawer.open("chart")
    app.update()
    chart = app.layout.chart
    assert chart is not None and chart.winfo_ismapped()
    history = game.price_history()
    canvas = chart.canvas
    for key in ed.COMMODITIES:
        points = canvas.find_withtag(f"point&&c:{key}")
        assert len(points) == len(history)
        for index, prices in enumerate(history):
            item = canvas.find_withtag(f"point&&c:{key}&&m:{index}")
            assert len(item) == 1
            x0, y0, x1, y1 = canvas.bbox(item[0])
            per_pixel = abs(chart.value_at_y(1) - chart.value_at_y(0))
            assert abs(chart.value_at_y((y0 + y1) / 2) - prices[key]) < 2 * per_pixel
            assert f"v:{prices[key]}" in canvas.gettags(item[0])
    # View ▸ Price history opens the same chart in a window of its own.
    app.menus.view_menu.invoke("Price history")
    app.update()
    window = app.windows["prices"]
    assert len(window.chart.canvas.find_withtag("point&&c:xfine")) == len(history)
    # After another reveal both charts have one more month.
    play_phases(app, 2, buy_some)
    assert len(canvas.find_withtag("point&&c:A")) == len(game.price_history())
    assert len(window.chart.canvas.find_withtag("point&&c:A")) == len(game.price_history())


# ---------------------------------------------------------------- ledger

def test_ledger_csv_export_from_the_window_round_trips_the_engine(make_app, tmp_path):
    app = make_app()
    game = solo(app)
    play_phases(app, 4, buy_some)
    app.menus.view_menu.invoke("Ledger…")
    app.update()
    window = app.windows["ledger"]
    target = tmp_path / "ledger.csv"
    window._ask_path = lambda: str(target)
    window.button_export.invoke()
    app.update()
    assert "Saved ledger.csv" in window.status.cget("text")
    with open(target, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0].keys()) == ledger.COLUMNS
    months = [r for r in rows if r["Month"] not in ("Start", "End")]
    assert len(months) == 2
    for month, row in zip((1, 2), months):
        buying = [r for r in game.history if r.month == month and r.phase == "purchasing"][0]
        selling = [r for r in game.history if r.month == month and r.phase == "selling"][0]
        seat_buy, seat_sell = buying.seats[0], selling.seats[0]
        assert int(row["Paid"]) == seat_buy.money
        assert int(row["Received"]) == seat_sell.money
        assert int(row["Cash after"]) == seat_sell.cash_after
        for line in seat_buy.lines:
            name = ed.rules.NAMES[line.commodity]
            assert int(row[f"{name} ordered"] or 0) == line.units
            assert int(row[f"{name} bought"] or 0) == line.done
        for key, name in (("xfine", "X-Fine"), ("fine", "Fine"), ("standard", "Standard")):
            assert int(row[f"{name} after"]) == seat_sell.stock_after[key]
    # Another seat: the seat chooser shows a computer's ledger, from revealed phases only.
    window.seat_box.current(2)
    window.seat_box.event_generate("<<ComboboxSelected>>")
    app.update()
    assert window.rows[-1].cash_after == game.cash(2)


def test_print_tally_sheet_writes_postscript(make_app, tmp_path):
    app = make_app()
    solo(app)
    play_phases(app, 2, buy_some)
    target = tmp_path / "sheet.ps"
    assert app.files.print_to(str(target))
    text = target.read_text(encoding="latin-1")
    assert text.startswith("%!PS") and "Jan" in text
    assert "written to" in app.layout.message.cget("text")


# -------------------------------------------------------------- game log

def _pending_heading(game):
    return f"{month_label(game.month)} {game.phase}{gamelog.SEPARATOR}"


def _check_log(app, text):
    """The log holds exactly the revealed phases: nothing of the phase still open."""
    game = app.session.game
    expected = gamelog.log_lines(game.history, game.names, app.session.revealed_explanations)
    assert text == "\n".join(expected or ["Nothing has been revealed yet."])
    if not game.is_over:
        assert _pending_heading(game) not in text
    for said in app.session.pending_explanations.values():
        if said:
            assert said not in text


def test_game_log_never_shows_an_unrevealed_entry_in_pass_and_play(make_app):
    app = make_app()
    game = start_game(app, months=3)
    keys(app, app.layout.cover.ready_button, "Return")     # a cover opens nothing: Ann's sheet
    app.layout.drawer.open("log")
    app.update()
    app.menus.view_menu.invoke("Game log")
    app.update()
    window = app.windows["log"]
    rng = random.Random(5)
    submits = reveals = explained = 0
    for _ in range(200):
        if app.mode == "over":
            break
        for text in (app.layout.log_panel.get_text(), window.panel.get_text()):
            _check_log(app, text)
        if app.mode == "cover":
            keys(app, app.layout.cover.ready_button, "Return")
        elif app.mode == "enter":
            fill(app, randomplay.random_entry(app.flow.view, rng, over_offer=0))
            submit(app, app.layout.tally.entries[app.flow.view.keys[-1]][1])
            submits += 1
        elif app.mode == "reveal":
            reveals += 1
            report = game.history[-1]
            text = app.layout.log_panel.get_text()
            assert gamelog.heading(report) in text
            for seat, said in app.session.explanations.items():
                if said:
                    assert f"{game.names[seat]} (computer): {said.strip()}" in text
                    explained += 1
            keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over" and submits == 12 and reveals == 6
    assert explained == 6           # the computer player's sentence, at every reveal
    _check_log(app, app.layout.log_panel.get_text())
    assert "End of game" in app.layout.log_panel.get_text()


# ----------------------------------------------------------------- pacing

# --------------------------------------------------------------- text size

def _size(app, name="EDBody"):
    return tkfont.Font(root=app, name=name, exists=True).cget("size")


def test_text_size_changes_the_named_fonts_and_survives_a_restart(make_app, data_dir):
    app = make_app()
    solo(app)
    assert _size(app) == 10
    before = _size(app, "TkDefaultFont")
    fill(app, {"xfine": (3, 44)})
    for _ in range(3):
        press(app, "Control-plus")
    assert _size(app) == 13 and abs(_size(app, "TkDefaultFont")) > abs(before)
    assert json.loads((data_dir / "settings.json").read_text())["text_scale"] == 1.3
    # The window was laid out again at the new size, the half-typed entry kept.
    assert app.mode == "enter" and app.layout.tally.vars["xfine"][1].get() == "44"
    assert app.theme.em == tkfont.Font(root=app, name="EDBody", exists=True).measure("0")
    app.files.quit_app()
    again = make_app()
    assert _size(again) == 13
    keys(again, again.layout.resume.resume_button, "Return")
    again.focus_force()
    press(again, "Control-0")
    assert _size(again) == 10
    assert json.loads((data_dir / "settings.json").read_text())["text_scale"] == 1.0


def test_corrupt_settings_file_does_not_stop_start_up(make_app, data_dir):
    (data_dir / "settings.json").write_text("{ not json at all")
    app = make_app()
    # the defaults: as at a first start, the goal and the quick start come first
    assert app.mode == "welcome" and app.layout.welcome.quick_button.winfo_ismapped()
    assert (data_dir / "settings.json.corrupt").exists()
    said = app.layout.message.cget("text")
    assert "settings" in said and "defaults" in said
    keys(app, app.layout.welcome.new_button, "Return")
    keys(app, app.dialog.start_button, "Return")
    assert app.mode in ("enter",)


# ------------------------------------------------------------- guided tour

def test_guided_first_game_is_offered_once_and_steps_with_next_and_ends_with_skip(make_app,
                                                                                 data_dir):
    app = make_app(first_run=True)
    keys(app, app.layout.welcome.new_button, "Return")       # "Choose players and options…"
    keys(app, app.dialog.start_button, "Return")
    app.update()
    tour = app.extras.tour
    assert tour is not None and tour.shown
    assert tour.step_label.cget("text") == "Step 1 of 9"
    assert tour.title_label.cget("text") == "How to win" and tour.highlighted()
    keys(app, tour.next_button, "Return")
    assert tour.step_label.cget("text") == "Step 2 of 9"
    keys(app, tour.next_button, "Right")
    assert tour.title_label.cget("text") == "This month's column" and tour.highlighted()
    # No forced moves: the game can be played with the guide open.
    assert app.mode == "enter"
    keys(app, tour.skip_button, "Escape")
    assert app.extras.tour is None and not tour.shown
    assert app.focus_get() is app.layout.tally.entries["xfine"][0]
    assert json.loads((data_dir / "settings.json").read_text())["first_run_done"] is True
    app.files.quit_app()
    again = make_app(first_run=True)
    keys(again, again.layout.resume.new_button, "Return")
    keys(again, again.dialog.start_button, "Return")
    assert again.extras.tour is None

    again.menus.help_menu.invoke("Guided first game")
    again.update()
    assert again.extras.tour is not None and again.extras.tour.shown


def test_guided_first_game_waits_for_the_first_sheet_behind_the_cover(make_app):
    app = make_app(first_run=True)
    keys(app, app.layout.welcome.new_button, "Return")
    start_game(app, humans=("Ann", "Bob"), computers=1)
    assert app.mode == "cover" and app.extras.tour is None
    keys(app, app.layout.cover.ready_button, "Return")
    app.update()
    assert app.mode == "enter" and app.extras.tour is not None and app.extras.tour.shown
    keys(app, app.extras.tour.skip_button, "Escape")
    app.update()
    assert app.extras.tour is None


# ---------------------------------------------------- end, statistics, replay

def test_end_of_game_charts_and_statistics_recorded_once(make_app, data_dir):
    app = make_app()
    game = solo(app, months=2)
    play_phases(app, 4, buy_some)
    assert app.mode == "over" and game.is_over
    cash = app.layout.ending.cash_chart.canvas
    for seat in range(game.players):
        assert cash.find_withtag(f"point&&c:s{seat}")
    bars = app.layout.ending.standings.canvas
    # the tab and the chart in it say the same words
    tab_title = app.layout.ending.tabs.tab(app.layout.ending.standings, "text")
    assert tab_title == "Final cash" and bars.itemcget("title", "text") == tab_title
    winners = [seat for seat, place in enumerate(game.places()) if place == 1]
    for seat in winners:
        assert set(bars.find_withtag(f"s:{seat}")) & set(bars.find_withtag("winner"))
    record = json.loads(paths.stats_path(data_dir).read_text())
    assert record["games_played"] == 1
    # Looking back at the reveal and returning does not count the game again,
    # nor does opening the finished game once more.
    app.layout.ending.look_button.invoke()
    app.update()
    app.flow.show_last_reveal()
    app.update()
    keys(app, app.layout.reveal.continue_button, "Return")
    saved = app.session.autosave_path
    assert app.files.open_file(str(saved))       # already here: nothing happens
    app.update()
    assert json.loads(paths.stats_path(data_dir).read_text())["games_played"] == 1
    app.menus.help_menu.invoke("Statistics")
    app.update()
    window = app.windows["statistics"]
    assert window.title() == "Statistics"               # as the menu names it
    assert window.summary.cget("text") == "Finished games: 1"
    assert window.tree.item(window.tree.get_children()[0], "text") == "Player"
    # Game ▸ Replay a saved game… steps through the same game month by month.
    replay = app.files.replay_file(str(saved))
    app.update()
    assert replay.last_month == 2 and replay.month == 1
    replay.event_generate("<Right>")
    app.update()
    assert replay.month == 2


def test_replay_of_a_bad_file_is_a_plain_message(make_app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("nonsense")
    app = make_app()
    assert app.files.replay_file(str(bad)) is None
    assert "could not be replayed" in app.layout.message.cget("text")


# ------------------------------------------------------- help and tooltips

def test_rules_help_and_preferences_open_from_the_menus(make_app):
    app = make_app()
    solo(app)
    app.menus.help_menu.invoke("Rules")
    app.update()
    rules = app.windows["rules"]
    assert rules.winfo_ismapped()
    rules.search_var.set("Broker")
    app.update()
    assert rules.matches
    app.menus.game_menu.invoke("Preferences…")
    app.update()
    prefs = app.windows["preferences"]
    prefs.pacing_step.invoke()
    assert app.settings.reveal_pacing == "scene"
    prefs.larger_button.invoke()
    app.update()
    assert "110%" in prefs.size_label.cget("text") and _size(app) == 11
    assert prefs.larger_button.instate(["!disabled"]) and prefs.smaller_button.instate(["!disabled"])
    # at the largest size this screen offers, Larger has no step to take: it is not offered,
    # rather than refused in the main window's status line behind the dialog
    for _ in range(10):
        if prefs.larger_button.instate(["disabled"]):
            break
        prefs.larger_button.invoke()
        app.update()
    assert prefs.larger_button.instate(["disabled"])
    assert round(app.prefs.text_scale(), 2) == round(app.prefs.largest_scale(), 2)
    assert prefs.smaller_button.instate(["!disabled"])
    prefs.reset_button.invoke()
    app.update()
    for _ in range(10):
        if prefs.smaller_button.instate(["disabled"]):
            break
        prefs.smaller_button.invoke()
        app.update()
    assert prefs.smaller_button.instate(["disabled"]) and prefs.larger_button.instate(["!disabled"]) and "80%" in prefs.size_label.cget("text")


def test_the_keyboard_stays_in_preferences_when_the_text_size_changes(make_app):
    """Space on Larger lays the main window out again behind the dialog: the keys stay in
    the dialog, so a second Space is a second step, not a press of whatever the main window
    had the keyboard on (on the first screen, Quick start began a game), and Escape closes
    the dialog."""
    app = make_app()
    app.dialog.cancel()                      # the first screen, with its Quick start button
    app.update()
    app.menus.game_menu.invoke("Preferences…")
    app.update()
    prefs = app.windows["preferences"]
    # it opens with the keyboard on the way reveals are shown now, not on nothing at all
    assert app.focus_get() is (prefs.pacing_all if app.settings.reveal_pacing == "all"
                               else prefs.pacing_step)
    for how in ("larger", "larger", "smaller", "reset"):
        keys(app, getattr(prefs, f"{how}_button"), "space")
        assert app.focus_get() is not None and app.focus_get().winfo_toplevel() is prefs, how
        assert app.session is None and app.mode == "welcome"      # nothing began behind it
        assert "%" in prefs.size_label.cget("text")
    assert "100%" in prefs.size_label.cget("text")
    app.focus_get().event_generate("<Escape>")
    app.update()
    assert not prefs.winfo_exists()


def _through_preferences(app, change: bool) -> None:
    """Preferences opened from the Game menu, Larger pressed in it if ``change``, and
    closed with Escape, as a person would."""
    app.menus.game_menu.invoke("Preferences…")
    app.update()
    prefs = app.windows["preferences"]
    if change:
        keys(app, prefs.larger_button, "space")
    app.focus_get().event_generate("<Escape>")
    app.update()
    assert not prefs.winfo_exists()


def test_closing_preferences_gives_the_keyboard_back_where_the_person_was(make_app):
    """Escape in Preferences: the keys go back to the main window, to the field last in use
    on the sheet, or after a new text size (every widget built again) to the sheet's first
    field; on the first screen to its default button, so Enter means what it meant before,
    not the keyboard left on nothing or on the window itself (Enter then opened the new-game
    dialog, not the Quick start its big button offers)."""
    from .test_sheet_words import begin
    from .test_table import game_at
    app = make_app()
    welcome = app.layout.welcome
    app.dialog.cancel()
    app.update()
    assert app.focus_get() is welcome.default_button
    for change in (False, True):
        _through_preferences(app, change)
        assert app.focus_get() is app.layout.welcome.default_button, change
    app.prefs.set_text_size(1.0)
    begin(app, game_at(4, 1, "selling"))
    field = app.layout.tally.entries["B"][0]
    field.focus_force()
    app.update()
    type_text(app, "1")
    app.layout.tally.vars["A"][0].set("3")
    for change, back_to in ((False, ("B", 0)), (True, ("A", 0))):
        _through_preferences(app, change)
        key, which = back_to
        assert app.focus_get() is app.layout.tally.entries[key][which], change
    type_text(app, "2")                      # and the keys typed land there, over its text
    assert app.layout.tally.vars["A"][0].get() == "2"
    assert app.layout.tally.vars["B"][0].get() == "1"


def test_every_field_and_number_has_a_tooltip(make_app):
    app = make_app()
    solo(app)
    play_phases(app, 2, buy_some)
    tally = app.layout.tally
    for key, (units, price) in tally.entries.items():
        assert "How many units" in tip_of(units).current_text()
        assert "per unit" in tip_of(price).current_text()
    assert "price" in tip_of(tally.entries["xfine"][1]).current_text()
    for widget in (app.layout.seat_panel.cells[1]["cash"], app.layout.reveal.heads[0],
                   app.layout.reveal.money_head, app.layout.seat_panel.cells[1]["name"],
                   app.layout.progress.canvas):
        assert tip_of(widget).current_text()
    app.layout.drawer.open("prices")                   # the table of prices, once its page is open
    app.update()
    assert tip_of(app.layout.price_board.tree) is not None
    assert "computer" in tip_of(app.layout.seat_panel.cells[1]["name"]).current_text()
    # A past cell explains itself: the cash at the end of January.
    item = tally.cell(1, "cash")
    assert tally.body.itemcget(item, "text")
    from ed.ui.presenter import tips
    assert "cash" in tips.tally_cell_tip("cash", "Jan").lower()
    assert "Market price of X-Fine after Jan" in tips.price_tip("#2", "Jan")
    # Right-click menus are bound (Button-3 everywhere; Button-2 and Control-click on macOS).
    assert tally.body.bind("<Button-3>")


# ------------------------------------------------------------ keyboard only

def test_a_whole_game_can_be_played_with_key_events_only(make_app):
    app = make_app()
    dialog = app.dialog
    dialog.months_spin.focus_force()
    app.update()
    press(app, "End", "BackSpace", "BackSpace")
    type_text(app, "2")
    press(app, "Return")
    game = app.session.game
    assert app.dialog is None and game.rules.months == 2
    rng = random.Random(3)
    entered = revealed = 0
    for _ in range(40):
        if app.mode == "over":
            break
        if app.mode == "enter":
            entered += 1
            view = app.flow.view
            entry = randomplay.random_entry(view, rng, over_offer=0)
            assert app.focus_get() is app.layout.tally.entries[view.keys[0]][0]
            for key in view.keys:
                units, price = entry.get(key, (0, 0))
                for value in (units, price):
                    if units:
                        type_text(app, str(value))
                    press(app, "Tab")
            press(app, "Return")
            assert game.submitted(0) or app.mode != "enter", app.layout.refusal_label.cget("text")
        elif app.mode == "reveal":
            assert app.focus_get() is app.layout.reveal.continue_button
            press(app, "Return")
            revealed += 1
    assert app.mode == "over" and game.is_over
    assert entered >= 4 and revealed == 4       # two months, both phases, by key alone
    assert app.focus_get() is app.layout.ending.new_button
    # The menus' shortcuts work from the keyboard too: the log and the ledger.
    press(app, "Control-g")
    assert app.windows["log"].panel.get_text().count("End of game") >= 2
    app.focus_force()
    app.layout.ending.new_button.focus_force()
    press(app, "Control-e")
    assert app.windows["ledger"].rows[-1].kind == "end"
