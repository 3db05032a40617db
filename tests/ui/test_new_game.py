"""The new-game dialog asks only what a first game needs: the seats, the months and the
levels in sight, the seed and the rules' options under "More options" (closed at first,
remembered), a seat switched to a computer player gets a character not seated yet, and
its tick boxes grow with the text."""
from __future__ import annotations

import json
import re
import tkinter as tk
from tkinter import ttk

import pytest

import ed
from ed.ui.widgets.tooltip import tip_of

from .test_table import with_text_size
from .test_window import keys


def visible_words(window: tk.Misc) -> list:
    """The words a person reads in ``window``: tokens with a letter, in every widget in
    sight (labels, buttons, tick boxes, and what the fields and lists show)."""
    words = []
    stack = [window]
    while stack:
        widget = stack.pop()
        stack.extend(widget.winfo_children())
        if not widget.winfo_viewable():
            continue
        if isinstance(widget, (ttk.Entry, tk.Entry)):      # fields, spin boxes, lists
            text = widget.get()
        else:
            try:
                text = str(widget.cget("text"))
            except tk.TclError:
                continue
        words.extend(token for token in text.split() if re.search(r"[A-Za-z]", token))
    return words


def test_the_dialog_shows_the_seats_the_months_and_the_levels_in_few_words(make_app):
    app = make_app()
    dialog = app.dialog
    app.update()
    words = visible_words(dialog)
    print(f"\nnew-game dialog, 4 seats: {len(words)} words: {' '.join(words)}")
    assert len(words) <= 80
    for seen in ("Players:", "Months:", "medium", "Mabel:", "Person", "Start"):
        assert seen in words
    for unseen in ("Variation", "Seed:", "Classic", "X-Fine"):
        assert unseen not in words
    assert not dialog.more.winfo_viewable() and dialog.more_button.cget("text") == \
        "▸ More options"
    # the levels are described on demand
    assert "easy, a gentle first opponent" in tip_of(dialog.seat_rows[1].level).current_text()


def test_more_options_open_on_demand_say_what_they_do_and_are_remembered(make_app, data_dir):
    app = make_app()
    dialog = app.dialog
    keys(app, dialog.more_button, "space")
    assert dialog.more.winfo_viewable() and dialog.option_buttons["loans"].winfo_viewable()
    words = " ".join(visible_words(dialog))
    assert "Loans (Variation I)" in words and "Seed:" in words
    assert "Short of cash for what you bought? The Broker lends it" in words
    assert json.loads((data_dir / "settings.json").read_text())["more_options"] is True
    keys(app, dialog.cancel_button, "space")
    app.files.new_game()
    app.update()
    assert app.dialog.more.winfo_viewable()                   # remembered open
    keys(app, app.dialog.more_button, "space")
    assert not app.dialog.more.winfo_viewable()
    assert json.loads((data_dir / "settings.json").read_text())["more_options"] is False


def test_a_seat_switched_to_a_computer_gets_a_character_not_seated_yet(make_app):
    """Not "Mabel" and "Mabel 2": the first character no other computer seat has."""
    app = make_app()
    dialog = app.dialog
    first = dialog.seat_rows[0]
    first.kind.set("Computer")
    first.kind.event_generate("<<ComboboxSelected>>")
    app.update()
    seated = [row.personality_key for row in dialog.seat_rows[:4]]
    assert len(set(seated)) == 4 and seated[0] not in ("mabel", "rex", "iris")
    setup = dialog.setup()
    assert not any(seat.name.endswith(" 2") for seat in setup.seats)
    # a seat shown again by a larger number of players does not repeat a face either
    dialog.seat_rows[1].personality.current(list(dialog.seat_rows[1].personalities)
                                            .index("cora"))
    dialog.players_var.set("5")
    app.update()
    faces = [row.personality_key for row in dialog.seat_rows[:5]]
    assert len(set(faces)) == 5


def test_the_tick_boxes_grow_with_the_text(make_app, data_dir):
    sizes = []
    for scale in (1.0, 1.5):
        with_text_size(data_dir, scale)
        app = make_app()
        style = ttk.Style(app)
        sizes.append(int(style.lookup("TCheckbutton", "indicatorsize")))
        app.files.quit_app()
    assert sizes[0] >= 10 and sizes[1] >= sizes[0] * 1.4


def test_nothing_of_the_welcome_peeks_out_beside_the_dialog(make_app):
    """At the first start the dialog is narrower than the welcome's card: its "A 6-month
    game…" and the edge of its button showed beside it.  The card is put away while the
    dialog is up, and is back when it is cancelled."""
    app = make_app(first_run=True)
    for _ in range(50):                 # the saves folder is read a slice at a time
        if app.mode == "welcome":
            break
        app.update()
    welcome = app.layout.welcome
    assert app.mode == "welcome" and welcome.quick_note.winfo_viewable()
    keys(app, welcome.new_button, "space")
    assert app.dialog is not None and app.dialog.winfo_viewable()
    card = [welcome.text, welcome.quick_button, welcome.quick_note, welcome.new_button]
    assert not any(widget.winfo_viewable() for widget in card)
    keys(app, app.dialog.cancel_button, "space")
    assert app.dialog is None and all(widget.winfo_viewable() for widget in card)
    assert app.focus_get() is welcome.new_button


def test_more_options_centre_the_dialog_again_at_its_new_size(make_app):
    app = make_app()
    dialog = app.dialog
    app.update()

    def middle(window) -> int:
        return window.winfo_rootx() + window.winfo_width() // 2

    assert abs(middle(dialog) - middle(app)) <= 2
    narrow = dialog.winfo_width()
    keys(app, dialog.more_button, "space")
    app.update()
    assert dialog.winfo_width() > narrow                       # the options' lines are wide
    assert abs(middle(dialog) - middle(app)) <= 2
    assert dialog.winfo_rootx() + dialog.winfo_width() < app.winfo_screenwidth()


def test_modal_dialogs_are_of_the_size_the_window_gives_them(make_app):
    """A window that may be resized gets a resize handle from the window manager under it,
    which read as a second, faint bottom border under each modal dialog."""
    from ed.ui.widgets.question import Question
    app = make_app()
    dialog = app.dialog
    assert dialog.resizable() == (False, False)
    dialog.cancel()
    chooser = app.files.open_dialog() or app.files.chooser
    assert chooser.resizable() == (False, False)
    chooser.cancel()
    question = Question(app, app.theme, title="Quit", text="Quit?",
                        answers=[("Yes", None), ("No", None)])
    assert question.resizable() == (False, False)
    question.answer(1)


def test_each_option_s_words_break_evenly(make_app):
    """"A bid under the new price still buys some units: one fewer for each $1" and then
    "under." alone: a description that breaks breaks evenly."""
    from ed.ui.widgets.theme import text_font
    from .test_guide import shown_lines
    app = make_app()
    dialog = app.dialog
    keys(app, dialog.more_button, "space")
    said = [widget for widget in dialog.more.winfo_children()
            if isinstance(widget, ttk.Label) and str(widget.cget("style")) == "Muted.TLabel"]
    assert len(said) == len(dialog.options) + 1        # and the seed's
    for label in said:
        font = text_font(label)
        widths = [font.measure(line) for line in shown_lines(label)]
        assert min(widths) >= max(widths) // 2, shown_lines(label)


def test_partial_sales_are_said_as_the_rules_count_them(make_app):
    """RULES: one unit fewer for each $2, or part of $2, over the price; "one fewer for each
    $2 over" told a newcomer that an ask $1 over still sells every unit, and it sells one
    fewer (Mabel's single B at $1 over sold none)."""
    app = make_app()
    dialog = app.dialog
    keys(app, dialog.more_button, "space")
    row = dialog.option_buttons["partial_sales"].grid_info()["row"]
    said = [widget for widget in dialog.more.grid_slaves(row=row, column=2)
            if isinstance(widget, ttk.Label)]
    assert len(said) == 1
    text = " ".join(str(said[0].cget("text")).split())
    assert text == ("An ask over the new price still sells some units: one fewer for each "
                    "$2, or part of $2, over it."), text


# ------------------------------------------- what is wrong, and what the numbers set

PLAYERS_WRONG = "The number of players must be a whole number from 2 to 6."
MONTHS_WRONG = "The number of months must be a whole number from 1 to 36."
SEED_WRONG = "The seed must be a whole number of at most 18 digits, or left empty."


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_each_field_s_mistake_is_its_own_whole_sentence(make_app, data_dir, scale):
    """"…a whole number fr" at 100%, "…each needs its ow" at 150%: the sentence beside the
    buttons was cut and the range it gives never read.  And "²" or "①" (digits to
    ``str.isdigit``, not to ``int``) and "--5" were a ValueError: "Something went wrong".
    Each mistake now gets its field's own sentence, whole, in a dialog on the screen."""
    from . import fitcheck
    with_text_size(data_dir, scale)
    app = make_app()
    dialog = app.dialog
    keys(app, dialog.more_button, "space")             # the seed's field in sight
    fields = {"players": (dialog.players_spin, "4"), "months": (dialog.months_spin, "12"),
              "seed": (dialog.seed_entry, "")}
    for field, text, sentence in [("players", "9", PLAYERS_WRONG), ("players", "²", PLAYERS_WRONG),
                                  ("players", "①", PLAYERS_WRONG), ("months", "²", MONTHS_WRONG),
                                  ("months", "0", MONTHS_WRONG), ("seed", "--5", SEED_WRONG),
                                  ("seed", "²", SEED_WRONG)]:
        widget, kept = fields[field]
        widget.delete(0, "end")
        widget.insert(0, text)                         # typed or pasted
        app.update()
        keys(app, widget, "Return")
        assert app.dialog is dialog and app.session is None, (field, text)
        assert dialog.error_label.cget("text") == sentence, (field, text)
        assert fitcheck.problems(dialog, (0, 0, 1366, 768)) == [], (field, text)
        widget.delete(0, "end")
        widget.insert(0, kept)
        app.update()
    second = dialog.seat_rows[1]                       # two people of one name
    second.kind.set("Person")
    second.kind.event_generate("<<ComboboxSelected>>")
    second.name.delete(0, "end")
    second.name.insert(0, "Player")
    keys(app, second.name, "Return")
    assert dialog.error_label.cget("text") == \
        "Two seats are both called 'Player'; each needs its own name."
    assert fitcheck.problems(dialog, (0, 0, 1366, 768)) == []
    second.name.delete(0, "end")
    second.name.insert(0, "Bob")
    dialog.seed_entry.insert(0, "-5")                  # a negative seed is a seed
    keys(app, second.name, "Return")
    assert app.dialog is None and app.session.game.seed == -5


def test_a_mistake_puts_the_keyboard_in_the_field_it_names(make_app):
    """A seat switched to a person has no name yet: Enter says "Seat 2 needs a name." and
    the keys go to that name's field, where the name is typed next, not stay on the seat's
    kind where Enter only says it again; so for the months, their text chosen to type over."""
    app = make_app()
    dialog = app.dialog
    second = dialog.seat_rows[1]
    second.kind.set("Person")
    second.kind.event_generate("<<ComboboxSelected>>")
    second.name.delete(0, "end")
    keys(app, second.kind, "Return")
    assert dialog.error_label.cget("text") == "Seat 2 needs a name."
    assert app.focus_get() is second.name
    for char in "Bob":
        second.name.event_generate("<KeyPress>", keysym=char)
    dialog.months_var.set("0")
    keys(app, second.name, "Return")
    assert dialog.error_label.cget("text") == MONTHS_WRONG
    assert app.focus_get() is dialog.months_spin and dialog.months_spin.selection_present()
    dialog.months_spin.event_generate("<KeyPress>", keysym="3")    # over the "0"
    keys(app, dialog.months_spin, "Return")
    assert app.dialog is None and app.session.game.names[1] == "Bob"
    assert app.session.game.rules.months == 3


def test_the_number_of_players_says_what_it_sets_in_the_rules_figures(make_app):
    """The starting cash and the units a month change with the number of players; the
    dialog says so beside the number, from the rules (RULES §2), as it changes."""
    from ed.rules import Rules
    app = make_app()
    dialog = app.dialog

    def note() -> str:
        return " ".join(dialog.players_note.cget("text").split())

    for count, cash, units in ((3, "$600", 12), (4, "$450", 9), (6, "$300", 6)):
        rules = Rules(players=count)
        assert (f"${rules.starting_cash}", rules.order_limit) == (cash, units)
        dialog.players_var.set(str(count))
        app.update()
        assert dialog.players_note.winfo_viewable()
        assert note() == (f"With {count} players: {cash} each to start; each orders up to "
                          f"{units} raw units a month in all.")
    dialog.players_var.set("2")
    app.update()
    assert note() == ("With 2 players: $900 each to start; each orders up to 18 raw units a "
                      "month in all, 12 of one grade.")
    dialog.players_var.set("²")
    app.update()
    assert note().startswith("2 to 6 players;")
    assert dialog.error_label.cget("text") == PLAYERS_WRONG


def test_the_levels_and_the_seed_are_said_on_the_dialog_not_only_on_the_pointer(make_app):
    app = make_app()
    dialog = app.dialog
    app.update()
    words = " ".join(" ".join(str(dialog.levels_label.cget("text")).split()).split())
    assert dialog.levels_label.winfo_viewable()
    assert words == ("Levels: easy leaves much to chance; medium prices from recent months; "
                     "hard reads each rival; expert weighs many months.")
    assert " ".join(dialog.months_note.cget("text").split()).startswith("1 to 36")
    keys(app, dialog.more_button, "space")
    assert dialog.seed_note.winfo_viewable()
    assert " ".join(dialog.seed_note.cget("text").split()) == (
        "The same seed, the same choices by the computer players; empty for a fresh game.")


def test_a_level_s_tip_goes_when_the_pointer_leaves_though_the_level_has_the_keyboard(
        make_app):
    """A tip stayed on the screen after the pointer left: the list had the keyboard."""
    app = make_app()
    level = app.dialog.seat_rows[1].level
    keys(app, level, "Tab")                              # the keyboard on a level
    level.focus_force()
    app.update()
    assert app.focus_get() is level
    tip = tip_of(level)
    level.event_generate("<Enter>", x=3, y=3)
    level.event_generate("<Motion>", x=3, y=3)
    tip.show_rested()                                  # the pointer rested on it
    assert tip.is_shown()
    level.event_generate("<Leave>", x=-5, y=-5)
    app.update()
    assert not tip.is_shown() and app.focus_get() is level


def test_a_new_game_mid_game_says_where_the_game_left_behind_is_kept(make_app):
    """"New game" mid-game read as throwing the game away; it stays in its save, and the
    dialog says where to find it."""
    from .test_table import begin, game_at
    app = make_app()
    assert not app.dialog.kept_label.winfo_ismapped()          # no game yet: nothing kept
    game = begin(app, game_at(2, 3, "purchasing"))             # Ann against Mabel
    kept_at = app.session.autosave_path
    app.files.new_game()
    app.update()
    dialog = app.dialog
    assert dialog.kept_label.winfo_viewable()
    assert dialog.kept_label.cget("text") == "Your game with Mabel is kept: Game ▸ Open…"
    keys(app, dialog.start_button, "space")
    assert app.session.game is not game
    again = ed.save.load(kept_at)                             # true: there to open again
    assert (again.names, again.month, again.phase) == (game.names, 3, "purchasing")


@pytest.mark.parametrize("key", ["Return", "Escape"])
def test_as_the_dialog_closes_the_keyboard_comes_back_wherever_the_pointer_rests(make_app,
                                                                                 key, request):
    """With no window manager the keyboard went to the screen's root as the dialog closed:
    with the pointer resting on the main window beside the dialog, Enter (Start) or Escape
    (Cancel) closed it and the next keys went nowhere, a click in a field not bringing them
    back.  The dialog hands the keyboard back: to the sheet's first field, or to New game."""
    from .test_window import focus_of
    rest = tk.Tk()                                   # the pointer comes to rest first
    rest.geometry("+0+0")
    rest.update()
    was = rest.winfo_pointerxy()
    rest.event_generate("<Motion>", warp=True, x=20, y=200)
    rest.update()
    rest.destroy()
    app = make_app()
    request.addfinalizer(lambda: app.event_generate(            # back where it was
        "<Motion>", warp=True, x=was[0] - app.winfo_rootx(), y=was[1] - app.winfo_rooty()))
    dialog = app.dialog
    x, y = app.winfo_pointerxy()
    assert (x, y) == (20, 200) and app.winfo_containing(x, y).winfo_toplevel() is app
    assert focus_of(app).winfo_toplevel() is dialog          # its first field
    app.focus_get().event_generate(f"<{key}>")               # the person's key, where it goes
    app.update()
    if key == "Return":
        assert app.mode.value == "enter"
        assert focus_of(app) is app.layout.tally.entries[app.flow.view.keys[0]][0]
    else:
        assert app.mode.value == "welcome"
        assert focus_of(app) is app.layout.welcome.new_button


def test_more_options_opened_where_the_dialog_scrolls_are_in_sight_to_the_last(make_app,
                                                                               data_dir):
    """At 150% with six seats on 1366×768 the dialog scrolls: the options just opened are
    scrolled into sight, the last of them whole, not left half under the fold."""
    (data_dir / "settings.json").write_text(json.dumps(
        {"first_run_done": True, "reveal_pacing": "all", "text_scale": 1.5}))
    app = make_app()
    dialog = app.dialog
    dialog.players_var.set("6")
    app.update()
    keys(app, dialog.more_button, "space")
    app.update()
    assert not dialog.area.fits()                   # the case at hand: the dialog scrolls
    canvas = dialog.area.canvas
    last = dialog.option_buttons["classic_recipes"]
    assert last.winfo_rooty() >= canvas.winfo_rooty()
    assert last.winfo_rooty() + last.winfo_height() <= canvas.winfo_rooty() + canvas.winfo_height()
    assert dialog.more_button.winfo_rooty() >= canvas.winfo_rooty()   # and what closes them
