"""The real window, driven through its widgets under Xvfb."""
from __future__ import annotations

import random

import ed
from ed.ai import randomplay
from ed.saves import paths

pytestmark = []


# ------------------------------------------------------------------ helpers

def keys(app, widget, *names):
    """Press keys on a widget, the way a person would, and let Tk catch up."""
    for name in names:
        widget.focus_force()
        app.update()
        widget.event_generate(f"<{name}>")
        app.update()


def focus_of(app, seconds: float = 3.0):
    """The widget holding the keyboard once the window just opened has it: the X server
    hands the focus over a moment after the window maps, later on a loaded machine."""
    import time
    deadline = time.monotonic() + seconds
    app.update()
    while app.focus_get() is None and time.monotonic() < deadline:
        time.sleep(0.01)
        app.update()
    return app.focus_get()


def typed(app, widget, text):
    """Type ``text`` into an entry one key at a time."""
    widget.focus_force()
    widget.delete(0, "end")
    for char in text:
        widget.event_generate("<KeyPress>", keysym=char if char.isalnum() else {"$": "dollar"}.get(char, char))
    app.update()


def submit(app, widget):
    """Press Enter in a field; an empty entry is asked about first: answer Yes (with a key)."""
    keys(app, widget, "Return")
    if app.mode == "confirm":
        assert app.focus_get() is app.layout.no_button
        keys(app, app.layout.yes_button, "space")


def fill(app, entry):
    """Put an entry's numbers into the current fields (insert text, as a paste would)."""
    tally = app.layout.tally
    for key in app.flow.view.keys:
        units, price = entry.get(key, (0, 0))
        for widget, value in zip(tally.entries[key], (units, price)):
            widget.delete(0, "end")
            if units:
                widget.insert(0, str(value))
    app.update()


def start_game(app, humans=("Ann", "Bob"), computers=1, seed="7", months=None):
    """Set up a game in the new-game dialog, through its widgets, and press Enter."""
    dialog = app.dialog
    assert dialog is not None
    count = len(humans) + computers
    dialog.players_var.set(str(count))              # its trace lays out the seats
    for index, row in enumerate(dialog.seat_rows[:count]):
        if index < len(humans):
            row.kind.set("Person")
            row.kind.event_generate("<<ComboboxSelected>>")
            row.name.delete(0, "end")
            row.name.insert(0, humans[index])
        else:
            row.kind.set("Computer")
            row.kind.event_generate("<<ComboboxSelected>>")
    if months is not None:
        dialog.months_var.set(str(months))
    dialog.seed_entry.insert(0, seed)
    app.update()
    keys(app, dialog.seat_rows[0].kind, "Return")
    assert app.dialog is None
    return app.session.game


def money_value(text):
    return int(text.replace("$", "").replace(",", ""))


def check_sheet(app, seat):
    """The cells of the shown sheet are the engine's numbers, failed lines struck through."""
    game = app.session.game
    tally = app.layout.tally
    for report in game.history:
        result = report.seats[seat]
        for line in result.lines:
            units_item = tally.cell(report.month, f"{line.commodity}.units")
            price_item = tally.cell(report.month, f"{line.commodity}.price")
            units_text = tally.body.itemcget(units_item, "text")
            price_text = tally.body.itemcget(price_item, "text")
            if not line.units:
                assert units_text == "" and price_text == ""
                continue
            shown = units_text.split(" of ")
            assert int(shown[-1]) == line.units
            assert money_value(price_text) == line.price
            struck = tally.body.itemcget(units_item, "font") == "EDTallyStrike"
            assert struck == (result.cancelled or line.done == 0)
        if report.phase == "selling":
            cash_text = tally.body.itemcget(tally.cell(report.month, "cash"), "text")
            assert money_value(cash_text) == result.cash_after


def check_price_board(app):
    """The board shows the opening row, then months up to the newest, at the engine's prices."""
    game = app.session.game
    if app.layout.price_board is None:
        app.layout.drawer.open("prices")
        app.update()
    shown = app.layout.price_board.rows_shown()
    history = game.price_history()
    assert shown[0][0] == "Opening"
    labels = ["Opening"] + [ed.rules.month_label(m) for m in range(1, game.rules.months + 1)]
    months = [labels.index(row[0]) for row in shown]
    assert months == [0] + list(range(months[1], months[-1] + 1))   # no gap after the opening
    # The newest is in view: the month being played (its prices as they come), or the last.
    assert months[-1] == (len(history) - 1 if game.is_over else game.month)
    for row, index in zip(shown, months):
        prices = history[index] if index < len(history) else {}
        for column, key in enumerate(ed.COMMODITIES):
            if key in prices:
                assert money_value(row[column + 1]) == prices[key]
            else:
                assert row[column + 1] == ""


def check_reveal(app, report):
    """Every seat and every commodity of the phase on the reveal, as the engine resolved them."""
    heads = app.layout.reveal.heads
    for head, result in zip(heads, report.commodities):
        assert head.name.cget("text").strip() == ed.rules.NAMES[result.commodity]
        assert f"{result.units} unit" in head.units.cget("text")
        assert f"${result.new_price:,}" in head.move.cget("text")
    rows = app.layout.reveal.rows_shown()
    assert [r[0] for r in rows] == [s.name for s in report.seats]
    for row, seat in zip(rows, report.seats):
        for (entered, result), line in zip(row[1:4], seat.lines):
            if not line.units:
                assert entered == "—"
                continue
            assert entered == f"{line.units} at ${line.price:,}"
            if line.done == line.units and not seat.cancelled:
                assert result.startswith("✓") and f"${line.money:,}" in result
            elif not line.done:
                assert result.startswith("✗")
        assert money_value(row[4]) == seat.money and money_value(row[5]) == seat.cash_after


def nothing_secret_drawn(app):
    """No entry field holds text and no current-month cell shows an entry."""
    for units_var, price_var in app.layout.tally.vars.values():
        assert units_var.get() == "" and price_var.get() == ""


# ------------------------------------------------------------------- tests

def test_enter_in_new_game_dialog_starts_solo_game_against_three_computers(make_app):
    app = make_app()
    assert app.dialog is not None
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    assert game.players == 4
    assert [s.is_computer for s in game.seats] == [False, True, True, True]
    assert game.rules.months == 12 and not game.rules.loans
    assert game.seed is not None
    assert app.mode == "enter" and not app.layout.cover.shown
    # Computer seats decided at once; only the person is awaited.
    assert game.waiting_for() == (0,)
    assert app.focus_get() is app.layout.tally.entries["xfine"][0]
    assert app.session.autosave_path.exists()
    assert app.session.autosave_path.parent == app.folder / "saves"


def test_escape_cancels_the_new_game_dialog(make_app):
    app = make_app()
    keys(app, app.dialog.months_spin, "Escape")
    assert app.dialog is None and app.mode == "welcome" and app.session is None


def test_full_game_two_people_and_a_computer(make_app):
    app = make_app()
    game = start_game(app)
    rng = random.Random(11)
    covers = reveals = 0
    last_person = None
    for _ in range(400):
        if app.mode == "over":
            break
        if app.mode == "cover":
            covers += 1
            seat = app.flow.cover_seat
            assert app.layout.cover.title.cget("text") == f"Pass to {game.names[seat]}"
            assert app.layout.cover.winfo_ismapped()
            nothing_secret_drawn(app)
            if covers % 2:
                keys(app, app.layout.cover.ready_button, "Return")
            else:
                app.layout.cover.ready_button.invoke()
                app.update()
            assert app.mode == "enter" and app.flow.current_seat == seat
        elif app.mode == "enter":
            seat = app.flow.current_seat
            assert not game.seats[seat].is_computer
            check_sheet(app, seat)
            nothing_secret_drawn(app)
            entry = randomplay.random_entry(game.view(seat), rng, over_offer=0)
            fill(app, entry)
            last_field = app.layout.tally.entries[app.flow.view.keys[-1]][1]
            submit(app, last_field)
            assert game.submitted(seat) or app.mode != "enter" or app.flow.current_seat != seat, \
                app.layout.refusal_label.cget("text")
            last_person = seat
        elif app.mode == "reveal":
            reveals += 1
            check_reveal(app, game.history[-1])
            check_price_board(app)
            keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over"
    assert app.layout.message.cget("text").startswith("The game is over")
    assert reveals == 24 and covers == 48 and last_person is not None
    assert game.is_over
    places = game.places()
    winners = [game.names[i] for i, p in enumerate(places) if p == 1]
    assert any(name in app.layout.ending.headline.cget("text") for name in winners)
    table = app.layout.ending.table
    rows = [table.item(i, "values") for i in table.get_children()]
    finals = game.final_cash()
    final = list(app.layout.ending.table.cget("columns")).index("Final cash")
    assert sorted(money_value(r[final]) for r in rows) == sorted(finals)
    assert "Loans repaid" not in app.layout.ending.table.cget("columns")   # a game without loans
    check_price_board(app)
    # After the game every sheet is public.
    app.layout.ending.look_button.invoke()
    app.update()
    for seat in range(game.players):
        app.layout.look_choice.current(seat)
        app.layout.look_choice.event_generate("<<ComboboxSelected>>")
        app.update()
        check_sheet(app, seat)


def test_cover_hides_the_previous_seats_entries(make_app):
    app = make_app()
    game = start_game(app)
    keys(app, app.layout.cover.ready_button, "Return")
    assert app.flow.current_seat == 0
    fill(app, {"xfine": (5, 77), "fine": (2, 31)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert game.submitted(0)
    assert app.mode == "cover" and app.layout.cover.title.cget("text") == "Pass to Bob"
    # The cover lies over the whole window body.
    assert app.layout.cover.winfo_width() == app.layout.body.winfo_width()
    assert app.layout.cover.winfo_height() == app.layout.body.winfo_height()
    nothing_secret_drawn(app)
    for widget in app.layout.tally.hints.values():
        assert "77" not in widget.cget("text")
    assert "77" not in app.title() and "77" not in app.layout.message.cget("text")
    assert [r[-1] for r in app.layout.seat_panel.rows_shown()] == ["✓", "", "✓"]
    keys(app, app.layout.cover.ready_button, "Return")
    assert app.flow.current_seat == 1
    nothing_secret_drawn(app)


def test_impossible_offer_is_refused_with_its_message(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    fill(app, {"fine": (3, 80)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode == "reveal"
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "enter" and game.phase == "selling"
    assert game.stock(0)["xfine"] == 0
    fill(app, {"A": (2, 150)})
    keys(app, app.layout.tally.entries["A"][1], "Return")
    assert not game.submitted(0)
    assert app.layout.tally.hints["A"].cget("text") == "can make none"
    assert "Cannot make 2 A" in app.layout.tally.hints["A"].full_text
    assert "over-offering rule" in app.layout.tally.totals["sales"].full_text
    assert str(app.layout.tally.hints["A"].cget("style")) == "HintError.TLabel"
    assert app.layout.refusal_label.cget("text").startswith("Not submitted. ")
    # A field that is not a number is named next to it.
    typed(app, app.layout.tally.entries["B"][0], "x")
    assert app.layout.tally.hints["B"].cget("text") == "not a whole number"
    assert "whole number such as 4" in app.layout.tally.hints["B"].full_text
    # An offer the stock can make goes in at once: the refusals above held nothing back.
    app.layout.tally.entries["B"][0].delete(0, "end")
    fill(app, {"C": (1, 95)})
    keys(app, app.layout.tally.entries["C"][1], "Return")
    assert app.mode == "reveal", app.layout.refusal_label.cget("text")
    offered = game.history[-1].seats[0].lines
    assert game.history[-1].phase == "selling"
    assert [(line.units, line.price) for line in offered] == [(0, 0), (0, 0), (1, 95)]


def test_bid_below_minimum_is_refused_next_to_the_field(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    fill(app, {"xfine": (6, 30)})
    keys(app, app.layout.tally.entries["xfine"][1], "Return")
    text = app.layout.tally.hints["xfine"].full_text
    assert "minimum bid $36" in text
    assert app.layout.tally.hints["xfine"].cget("text") == "below the min $36"
    assert not app.session.game.submitted(0)
    assert app.focus_get() is app.layout.tally.entries["xfine"][1]


def test_keyboard_only_submission(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    first = app.layout.tally.entries["xfine"][0]
    assert app.focus_get() is first
    for char in "4":
        first.event_generate("<KeyPress>", keysym=char)
    first.event_generate("<Tab>")
    app.update()
    price = app.focus_get()
    assert price is app.layout.tally.entries["xfine"][1]
    for char in "45":
        price.event_generate("<KeyPress>", keysym=char)
    app.update()
    typed_units, typed_price = app.layout.tally.vars["xfine"]
    assert typed_units.get() == "4" and typed_price.get() == "45"
    # a newcomer's line: the minimum bid said as what it is
    assert app.layout.tally.hints["xfine"].cget("text") == \
        "bid at least $34; each unit others order adds $1"
    assert "Bid at least $34: the lowest bid allowed, and the price only if no one else " \
        "orders X-Fine." in app.layout.tally.hints["xfine"].full_text
    price.event_generate("<Return>")
    app.update()
    game = app.session.game
    assert game.history and game.history[-1].seats[0].lines[0].units == 4
    assert app.mode == "reveal"


def test_save_quit_resume_continues_the_same_game(make_app, tmp_path):
    app = make_app()
    game = start_game(app)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (4, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"standard": (3, 25)})
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    assert app.mode == "reveal"
    keys(app, app.layout.reveal.continue_button, "Return")
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {})
    submit(app, app.layout.tally.entries["C"][1])   # Ann offers nothing
    assert app.mode == "cover"                         # mid-phase, Bob to play
    saved = tmp_path / "mine.json"
    assert app.files.save_to(str(saved))
    before = ed.save.dumps(game)
    app.files.quit_app()

    again = make_app()
    assert again.mode == "resume"
    row = again.layout.resume.table.get_children()[0]
    assert again.layout.resume.table.item(row, "values")[1].startswith("Ann, Bob")
    keys(again, again.layout.resume.resume_button, "Return")
    assert ed.save.dumps(again.session.game) == before
    # A game opened mid-phase opens behind the cover.
    assert again.mode == "cover" and again.layout.cover.title.cget("text") == "Pass to Bob"
    keys(again, again.layout.cover.ready_button, "Return")
    fill(again, {})
    submit(again, again.layout.tally.entries["C"][1])
    assert again.mode == "reveal" and again.session.game.phase == "purchasing"
    assert again.session.game.month == 2
    # Save As… wrote the same game; opening it works.
    assert ed.save.dumps(ed.save.load(saved)) == before


def test_bad_save_file_gives_a_plain_message(make_app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not a game")
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    assert not app.files.open_file(str(bad))
    assert "could not be opened" in app.layout.message.cget("text")
    assert "Traceback" not in app.layout.message.cget("text")
    assert app.session.game is game and app.mode == "enter"


def test_corrupt_autosave_is_set_aside(make_app, data_dir):
    (data_dir / "autosave.json").write_text("garbage")       # an earlier version's autosave
    app = make_app()
    assert (data_dir / "autosave.json.corrupt").exists()
    assert "set aside" in app.layout.message.cget("text")
    assert app.dialog is not None


def test_a_computer_player_s_failed_decision_is_written_to_errors_log(make_app, monkeypatch,
                                                                     ai_fallbacks):
    import logging
    from ed.ai import levels
    from ed.ui.presenter.setup import SeatSetup, Setup

    def failing(avatar, view, *args):
        raise ZeroDivisionError(f"planted in the {avatar.level} player")

    monkeypatch.setattr(levels.Avatar, "_order", failing)      # medium: on the window's thread
    monkeypatch.setattr(levels.Avatar, "_expert", failing)     # expert: on the worker thread
    app = make_app()
    app.dialog.cancel()
    seats = (SeatSetup("Ann"), SeatSetup("Rex", True, "medium", "rex"),
             SeatSetup("Mabel", True, "expert", "mabel"))
    app.flow.begin(Setup(seats, months=2, seed=4).game())
    app.flow.thinker.wait(30)
    app.flow.thinker.deliver()
    game = app.session.game
    assert game.submitted(1) and game.submitted(2)            # both passed the phase
    log = paths.error_log_path(app.folder).read_text()
    for level in ("medium", "expert"):
        assert f"passes the phase: ZeroDivisionError: planted in the {level} player" in log
    assert log.count("Traceback (most recent call last)") == 2 and "ed.ai.levels" in log
    assert len(ai_fallbacks) == 2
    ai_fallbacks.clear()
    app.destroy()           # the window's log goes with it
    assert not [h for h in logging.getLogger("ed").handlers if getattr(h, "app", None) is app]


def test_a_computer_player_that_raises_at_the_door_is_counted_said_and_logged(
        make_app, monkeypatch, ai_fallbacks):
    """``Avatar.decide`` itself raised: the window said so and wrote it to errors.log, but
    counted nothing (the player's ``fallbacks`` stayed 0, the log was not a failed
    decision's).  Both the quick player, on the window's thread, and the expert, on the
    worker, now fail through the one guard, counted and logged as a failed decision."""
    from ed.ai import levels
    from ed.ui.presenter.setup import SeatSetup, Setup

    def failing(avatar, view):
        raise ZeroDivisionError(f"planted at the door of the {avatar.level} player")

    monkeypatch.setattr(levels.Avatar, "decide", failing)
    app = make_app()
    app.dialog.cancel()
    seats = (SeatSetup("Ann"), SeatSetup("Rex", True, "medium", "rex"),
             SeatSetup("Mabel", True, "expert", "mabel"))
    app.flow.begin(Setup(seats, months=2, seed=4).game())
    app.flow.thinker.wait(30)
    app.flow.thinker.deliver()
    session = app.session
    assert session.game.submitted(1) and session.game.submitted(2)   # both passed the phase
    assert session.game.entry(1) == {} and session.game.entry(2) == {}
    assert [session.avatar(seat).fallbacks for seat in (1, 2)] == [1, 1]
    assert session.avatar(2).last_error == ("ZeroDivisionError: planted at the door of the "
                                            "expert player")
    assert session.failures == [(1, "purchasing", 1), (1, "purchasing", 2)]
    assert app.layout.message.cget("text") == ("Rex and Mabel could not decide and pass this phase; "
                                        "the details are in errors.log.")
    log = paths.error_log_path(app.folder).read_text()
    for level in ("medium", "expert"):
        assert f"passes the phase: ZeroDivisionError: planted at the door of the {level}" in log
    assert log.count("Traceback (most recent call last)") == 2
    assert [(record.name, record.exc_info[0]) for record in ai_fallbacks] == \
        [("ed.players", ZeroDivisionError)] * 2
    ai_fallbacks.clear()


def test_a_computer_player_s_failed_decision_is_said_in_the_status_line_for_its_phase(
        make_app, monkeypatch, ai_fallbacks):
    """The window said nothing when a decision failed (the game log said the player passed,
    errors.log why): one sentence now says so while that phase is played and revealed."""
    import threading
    from ed.ai import levels
    from ed.ui.presenter.setup import SeatSetup, Setup

    gate = threading.Event()            # the expert fails when the test lets it

    def failing(avatar, view, *args):
        if avatar.level == "expert":
            assert gate.wait(30)
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(levels.Avatar, "_order", failing)      # medium orders: at once
    monkeypatch.setattr(levels.Avatar, "_expert", failing)     # expert: on the worker thread
    app = make_app()
    app.dialog.cancel()
    seats = (SeatSetup("Ann"), SeatSetup("Rex", True, "medium", "rex"),
             SeatSetup("Mabel", True, "expert", "mabel"))
    said = app.layout.message.cget
    try:
        app.flow.begin(Setup(seats, months=2, seed=4).game())
        assert (app.mode, said("text")) == ("enter", "Rex could not decide and passes this "
                                                     "phase; the details are in errors.log.")
        gate.set()
        app.flow.thinker.wait(30)
        app.flow.thinker.deliver()                             # Mabel fails while Ann types
        assert said("text") == ("Rex and Mabel could not decide and pass this phase; the "
                                "details are in errors.log.")
        gate.clear()
        submit(app, app.layout.tally.entries["xfine"][0])
        assert (app.mode, said("text")) == ("reveal", "")     # that phase is over
        while app.mode == "reveal":                            # whole, then on to selling
            keys(app, app.layout.reveal, "Return")
        assert (app.mode, said("text")) == ("enter", "")      # Rex sells; Mabel thinks
        submit(app, app.layout.tally.entries["A"][0])
        assert app.mode == "wait"
        gate.set()
        app.flow.thinker.wait(30)
        app.flow.thinker.deliver()                             # she fails: the phase resolves
        assert (app.mode, said("text")) == ("reveal", "Mabel could not decide and passes this "
                                                      "phase; the details are in errors.log.")
    finally:
        gate.set()
    passed = [record.getMessage().split(", passes")[0] for record in ai_fallbacks]
    assert passed[:3] == ["Avatar('medium', 'rex') in seat 1, month 1 purchasing",
                          "Avatar('expert', 'mabel') in seat 2, month 1 purchasing",
                          "Avatar('expert', 'mabel') in seat 2, month 1 selling"]
    ai_fallbacks.clear()                # (she may have failed month 2's buying too by now)


def test_callback_exception_is_reported_logged_and_game_kept(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    original = app.session.submit

    def broken(seat, entry):
        raise RuntimeError("disk on fire")

    app.session.submit = broken
    fill(app, {"fine": (2, 35)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert len(app.callback_errors) == 1
    assert "Something went wrong (disk on fire)" in app.layout.message.cget("text")
    log = paths.error_log_path(app.folder).read_text()
    assert "RuntimeError: disk on fire" in log and "Traceback" in log
    assert app.session.game is game and not game.submitted(0)
    app.callback_errors.clear()
    app.session.submit = original
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert game.history and app.mode == "reveal"


def test_the_window_keeps_no_callback_error_unless_a_test_asks(display, data_dir):
    """A window played for hours keeps none of the errors it reported (they are in the
    log); only a test's list (the ``callback_errors`` fixture) is given them."""
    import gc
    import types
    import weakref
    from ed.ui.shell.app import App

    class Planted(Exception):
        pass

    app = App(types.SimpleNamespace(data_dir=str(data_dir), save=None))
    try:
        assert app.callback_errors is None
        error = Planted("planted")
        kept = weakref.ref(error)
        app.report_callback_exception(Planted, error, None)
        assert "Something went wrong (planted)" in app.layout.message.cget("text")
        del error
        gc.collect()
        assert kept() is None
        seen = []
        app.callback_errors = seen
        app.report_callback_exception(Planted, Planted("seen"), None)
        assert [str(e) for e in seen] == ["seen"]
    finally:
        app.destroy()


def test_window_fits_1366_by_768(make_app):
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    app.update()
    assert app.winfo_width() <= 1366 and app.winfo_height() <= 768
    assert app.layout.submit_button.winfo_ismapped()
    bottom = app.layout.submit_button.winfo_rooty() + app.layout.submit_button.winfo_height()
    assert bottom <= app.winfo_rooty() + app.winfo_height()


def test_closing_the_window_cancels_its_pending_timers(make_app, capfd):
    import tkinter
    app = make_app()
    fired = []
    for delay in (1, 50, 5000):
        app.after(delay, lambda: fired.append(delay))
    assert len(app.tk.splitlist(app.tk.call("after", "info"))) >= 3
    app.destroy()
    assert not app.tk.splitlist(app.tk.call("after", "info"))
    later = tkinter.Tk()              # a window opened afterwards runs none of them
    try:
        later.after(120, later.quit)
        later.mainloop()
    finally:
        later.destroy()
    assert fired == []
    assert "invalid command name" not in capfd.readouterr().err


# ------------------------------------------------- a closed window, a player still thinking

_CLOSED_WHILE_THINKING = """
import gc, sys, threading, types
from ed.ui.shell import app as shell
shell.App.mainloop = lambda self: self.destroy()     # the window is closed at once
status = shell.run(types.SimpleNamespace(data_dir=sys.argv[1], save=None))
# a computer player's thread, still deciding as the program ends, sets off the collector
worker = threading.Thread(target=gc.collect)
worker.start()
worker.join()
print("closed", status)
"""


def test_a_window_closed_while_a_player_thinks_ends_the_program_cleanly(display, tmp_path):
    """Tcl aborts the whole process when a window's interpreter is freed on a thread other
    than its own; a window closed while a computer player still decides must never be
    left to the collector on that player's thread."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _CLOSED_WHILE_THINKING, str(tmp_path)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, "closed 0\n"), done.stderr
    assert "Tcl_AsyncDelete" not in done.stderr


def test_the_suite_frees_a_root_on_its_own_thread_whatever_thread_collects_it(display):
    """A root the tests let go of, tied up in a cycle and collected on another thread (a
    computer player's, in a later test), would abort the whole run; the suite keeps each
    interpreter (tests/conftest.py ``_tk_kept``) and frees it on its own thread."""
    import gc
    import sys
    import threading
    import tkinter
    from tests import conftest
    root = tkinter.Tk()
    root.cycle = root
    interpreter = root.tk
    root.destroy()
    del root
    worker = threading.Thread(target=gc.collect)
    worker.start()
    worker.join()                       # the root is freed there: the interpreter is not
    assert sys.getrefcount(interpreter) == 3 and interpreter in conftest._TK_KEPT
    del interpreter
    conftest.let_go_of_tk()
    assert not conftest._TK_KEPT or all(sys.getrefcount(kept) > 3 for kept in conftest._TK_KEPT)
