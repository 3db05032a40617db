"""Few words on the sheet: the newcomer's instructions come and go, the status line
holds one current message, read back from the real window's widgets."""
from __future__ import annotations

import json

import ed
from ed.saves import paths

from ed.ui.presenter.setup import SeatSetup, Setup

from .test_table import game_at, play_to_reveal
from .test_window import fill, keys, submit


def begin(app, game):
    """Play ``game`` in the window (the new-game dialog, if open, cancelled)."""
    if app.dialog is not None:
        app.dialog.cancel()
        app.update()
    app.flow.begin(game)
    app.update()
    return game


def instructions_shown(app) -> str:
    """The instructions above the sheet if they are on screen, else ""."""
    ui = app.layout
    app.update()
    return ui.instructions.cget("text") if ui.instructions.winfo_ismapped() else ""


def finished_games(data_dir, count: int) -> None:
    """A record of play with ``count`` games finished on this computer."""
    record = {"format": "executive-decision-statistics", "version": 1,
              "games_played": count, "recorded": [], "players": {}}
    paths.stats_path(data_dir).write_text(json.dumps(record))


# ------------------------------------------------------------- instructions

def test_instructions_show_in_the_first_two_months_then_give_the_sheet_their_room(make_app):
    app = make_app()
    begin(app, game_at(4, 2, "purchasing"))
    assert instructions_shown(app).startswith("For each grade you want, type the units")
    height = app.layout.tally.winfo_height()
    begin(app, game_at(4, 3, "purchasing"))
    assert instructions_shown(app) == ""
    app.update()
    assert app.layout.tally.winfo_height() > height        # the sheet has their room


def test_instructions_go_for_good_with_got_it(make_app, data_dir):
    app = make_app()
    begin(app, game_at(4, 1, "selling"))
    assert instructions_shown(app).startswith("For each good you offer")
    field = app.layout.tally.entries["B"][1]
    place = (field.winfo_rootx(), field.winfo_rooty())
    keys(app, field, "Tab")                      # the person was in C's units
    keys(app, app.layout.instructions_button, "space")
    assert instructions_shown(app) == ""
    assert app.focus_get() is app.layout.tally.entries["C"][0]
    # an entry being typed keeps its fields where they were: the tips' room goes with it
    assert (field.winfo_rootx(), field.winfo_rooty()) == place
    assert app.layout.instructions_row.winfo_ismapped()
    submit(app, app.layout.tally.entries["C"][0])
    if app.mode == "reveal":
        keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "enter" and not app.layout.instructions_row.winfo_ismapped()
    assert json.loads((data_dir / "settings.json").read_text())["instructions_dismissed"]
    again = make_app()
    begin(again, game_at(4, 1, "purchasing"))
    assert instructions_shown(again) == ""


def test_instructions_are_not_shown_after_two_finished_games(make_app, data_dir):
    finished_games(data_dir, 1)
    app = make_app()
    begin(app, game_at(4, 1, "purchasing"))
    assert instructions_shown(app) != ""
    app.files.quit_app()
    finished_games(data_dir, 2)
    again = make_app()
    begin(again, game_at(4, 1, "purchasing"))
    assert instructions_shown(again) == ""


def test_a_game_finished_here_counts_at_once(make_app, data_dir):
    finished_games(data_dir, 1)
    app = make_app()
    game = game_at(2, 1, "purchasing", months=1)
    begin(app, game)
    assert instructions_shown(app) != ""
    rng_entries = [{"fine": (2, 40)}, {}]
    for entry in rng_entries:
        fill(app, entry)
        submit(app, app.layout.tally.entries[app.flow.view.keys[-1]][1])
        while app.mode == "reveal":
            keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over" and app.games_finished() == 2
    begin(app, game_at(2, 1, "purchasing"))
    assert instructions_shown(app) == ""


def hint_shown(app, key: str) -> str:
    app.update()
    return app.layout.tally.hints[key].cget("text")


def test_a_newcomer_reads_what_the_minimum_bid_is_until_two_games_are_finished(make_app,
                                                                               data_dir):
    """The line beside a bid says the lowest bid and the price last month's orders would make;
    after two finished games it is the short line again, and the last month's reminder goes."""
    finished_games(data_dir, 1)
    app = make_app()
    game = begin(app, game_at(4, 2, "purchasing", months=2))
    last = game.history[-2]
    others = last.commodities[0].units - last.seats[0].lines[0].units
    fill(app, {"xfine": (3, "")})
    floor = game.view(0).prices["xfine"] - 7
    assert hint_shown(app, "xfine") == (f"bid at least ${floor}; with last month's orders: "
                                        f"${floor + others}; more orders raise it")
    assert instructions_shown(app).endswith(
        "Last month: the raw units you still hold after selling go to the Broker at the prices "
        "this month's orders set.")
    app.files.quit_app()
    finished_games(data_dir, 2)
    again = make_app()
    begin(again, game_at(4, 2, "purchasing", months=2))
    fill(again, {"xfine": (3, "")})
    assert hint_shown(again, "xfine") == f"bid at least ${floor}"
    assert instructions_shown(again) == ""


def with_variations_in(phase: str) -> "ed.Game":
    """Ann against Mabel with partial fills and partial sales, in January's ``phase``; for
    selling Ann holds 4 X-Fine and 2 Fine (two A), and Mabel bought nothing."""
    seats = (SeatSetup("Ann"), SeatSetup("Mabel", True, "easy", "mabel"))
    game = Setup(seats, seed=5, partial_fills=True, partial_sales=True).game()
    if phase == "selling":
        game.submit(0, {"xfine": (4, 60), "fine": (2, 50)})
        game.submit(1, {})
        game.resolve()
        assert game.view(0).stock_of(0) == {"xfine": 4, "fine": 2, "standard": 0}
    return game


def test_a_newcomer_reads_what_an_ask_above_the_top_sells_under_variation_three(make_app):
    """Under Variation III an ask a little above the highest useful ask still sells part of
    the offer: the line says "not all can sell" there, not "it cannot sell", and the whole
    sentence how many fewer; a single unit above it cannot sell, as the line says."""
    app = make_app()
    begin(app, with_variations_in("selling"))
    fill(app, {"A": (2, "")})
    # alone, 2 A move the price from $140 by 11 - 2 x 2: $147
    assert hint_shown(app, "A") == ("above $147 not all can sell; each unit others offer "
                                    "takes $2 off")
    assert app.layout.tally.hints["A"].full_text == (
        "Type your asking price for 2 A. Above $147 not all can sell: that is the price only "
        "if no one else offers A. Each unit the others offer takes $2 off the price. An ask "
        "above the new price sells one unit fewer for each $2, or part of $2, over it "
        "(Variation III).")
    fill(app, {"A": (2, "148")})                 # and so it is: one of the two can sell
    assert hint_shown(app, "A") == "over max $147: 1 can sell"
    fill(app, {"A": (1, "")})                    # 1 A: $140 + 9 = $149, and $150 sells none
    assert hint_shown(app, "A") == "above $149 it cannot sell; each unit others offer takes $2 off"


def test_a_newcomer_reads_what_a_bid_below_the_price_buys_under_variation_two(make_app):
    app = make_app()
    begin(app, with_variations_in("purchasing"))
    fill(app, {"xfine": (4, "")})
    assert app.layout.tally.hints["xfine"].full_text.endswith(
        "A bid below the new price buys one unit fewer for each $1 under it (Variation II), "
        "and you pay what you bid.")


def test_a_newcomer_s_missing_bid_is_refused_in_one_sentence(make_app):
    """Enter with units but no bid: the red line under the sheet says in one sentence what to
    type; the whole explanation of the minimum bid stays on the line beside the field."""
    app = make_app()
    game = begin(app, game_at(4, 1, "purchasing"))
    fill(app, {"xfine": (4, "")})
    keys(app, app.layout.tally.entries["xfine"][0], "Return")
    assert app.mode == "enter"
    floor = game.view(0).prices["xfine"] - 6          # alone, 4 units move it by 4 - 10
    assert app.layout.refusal_label.cget("text") == (
        f"Not submitted. Type your bid for 4 X-Fine: at least ${floor} (the minimum bid).")
    assert app.layout.tally.hints["xfine"].full_text.startswith(
        f"Type your bid for 4 X-Fine. Bid at least ${floor}: the lowest bid allowed")
    assert app.focus_get() is app.layout.tally.entries["xfine"][1]   # the bid to type


def test_going_back_from_the_empty_entry_question_leaves_reminders_not_refusals(make_app):
    """Enter on an empty sheet asks first; after "No, go back" nothing was refused, so units
    typed without a bid yet get their reminder, not a red line."""
    app = make_app()
    begin(app, game_at(4, 1, "purchasing"))
    keys(app, app.layout.tally.entries["xfine"][0], "Return")
    assert app.mode == "confirm"
    keys(app, app.layout.no_button, "Return")
    assert app.mode == "enter"
    fill(app, {"xfine": (3, "")})
    assert str(app.layout.tally.hints["xfine"].cget("style")) == "Hint.TLabel"
    assert hint_shown(app, "xfine") == "bid at least $33; each unit others order adds $1"


# ------------------------------------------------------------- the status line

def status(app) -> str:
    app.update()
    return app.layout.message.cget("text")


def type_key(app, widget, char: str) -> None:
    """One key pressed in a field, as a person types it."""
    widget.focus_force()
    app.update()
    widget.event_generate("<KeyPress>", keysym=char)
    app.update()


def test_welcome_back_goes_once_the_entry_is_begun(make_app):
    first = make_app()
    keys(first, first.dialog.start_button, "Return")
    first.files.quit_app()
    app = make_app()
    for _ in range(50):                 # the saves folder is read a slice at a time
        if app.mode == "resume":
            break
        app.update()
    keys(app, app.layout.resume.resume_button, "Return")
    assert app.mode == "enter"
    assert status(app).startswith("Welcome back: the game goes on where it stopped.")
    field = app.layout.tally.entries["xfine"][0]
    keys(app, field, "Tab")                         # moving between fields is not typing
    assert status(app).startswith("Welcome back")
    type_key(app, app.layout.tally.entries["fine"][0], "3")
    assert status(app) == ""


def test_opened_goes_once_the_entry_is_begun_and_other_lines_stay(make_app, tmp_path):
    path = tmp_path / "game.json"
    ed.save.save(game_at(4, 2, "purchasing"), str(path))
    app = make_app(save=str(path))
    assert status(app).startswith("Opened game.json")
    type_key(app, app.layout.tally.entries["xfine"][0], "4")
    assert status(app) == ""
    app.show_message("The game log was copied.")     # true for as long as the phase
    said = status(app)
    type_key(app, app.layout.tally.entries["xfine"][1], "4")
    assert status(app) == said != ""               # still true: it stays


def test_replaying_goes_when_the_replay_window_closes(make_app, tmp_path):
    path = tmp_path / "old.json"
    ed.save.save(game_at(4, 3, "purchasing"), str(path))
    app = make_app()
    window = app.files.replay_file(str(path))
    assert status(app) == "Replaying old.json in a window of its own."
    window.destroy()
    assert status(app) == ""
    # A replay still open when the game's window closes goes with it, quietly.
    app.files.replay_file(str(path))
    app.update()
    app.destroy()


def test_the_guides_note_goes_with_the_guide(make_app):
    """Over a screen with no sheet to fill in (a reveal), the guide says where it is
    clearest, and the note goes with it (on the first screen it begins a game instead)."""
    app = make_app()
    begin(app, game_at(4, 2, "purchasing"))
    play_to_reveal(app)
    app.extras.start_tour()
    assert status(app).startswith("The guide frames the parts of your tally sheet")
    keys(app, app.extras.tour.skip_button, "Escape")
    assert app.extras.tour is None and status(app) == ""


def test_opening_a_finished_game_does_not_say_it_goes_on(make_app, tmp_path):
    path = tmp_path / "over.json"
    ed.save.save(game_at(2, 99, months=1), str(path))
    app = make_app(save=str(path))
    assert app.mode == "over"
    assert status(app) == "Opened over.json."


# ------------------------------------------------------------- nothing cut

def test_the_help_column_is_never_cut_at_large_text_with_six_players(make_app, data_dir):
    """At 150% text, six players and every variation, whatever is typed: the short lines,
    the totals and the instructions all fit the room they are given."""
    from .fitcheck import problems
    from .test_fit import _game
    from .test_table import with_text_size
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, _game(6, until_month=2))      # Ann and Alexandra share the screen
    if app.mode == "cover":
        keys(app, app.layout.cover.ready_button, "Return")
    assert app.mode == "enter"
    usable = (0, 0, app.winfo_screenwidth(), app.winfo_screenheight() - 80)
    typed = [{}, {"xfine": (3, 41), "fine": (2, 33)}, {"xfine": (99999999999, "")},
             {"fine": ("x", "")}, {"standard": (4, 1)}, {"xfine": (2, 90), "fine": (4, 90)}]
    for entry in typed:
        fill_texts(app, entry)
        assert instructions_shown(app) != ""
        found = problems(app.layout.tally, usable) + problems(app.layout.instructions_row, usable)
        # (a field scrolls the number typed in it, however long: that is not the help)
        assert [line for line in found if not line.startswith("TEntry")] == [], (entry, found)
        for key in app.flow.view.keys:                 # one short line each
            label = app.layout.tally.hints[key]
            assert "\n" not in label.cget("text") and not label.cget("text").endswith("…")
    begin(app, game_at(6, 2, "selling", loans=True))
    for entry in [{}, {"A": (1, 150)}, {"A": (9, 999), "B": (1, 1)}, {"C": ("-2", "x")}]:
        fill_texts(app, entry)
        found = problems(app.layout.tally, usable) + problems(app.layout.instructions_row, usable)
        assert [line for line in found if not line.startswith("TEntry")] == [], (entry, found)


def fill_texts(app, entry) -> None:
    """Type texts (numbers or not) into the current fields, as a paste would."""
    for key in app.flow.view.keys:
        units, price = entry.get(key, ("", ""))
        for widget, value in zip(app.layout.tally.entries[key], (units, price)):
            widget.delete(0, "end")
            widget.insert(0, str(value))
    app.update()
