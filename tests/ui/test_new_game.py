"""The new-game dialog asks only what a first game needs: the seats, the months and the
levels in sight, the seed and the rules' options under "More options" (closed at first,
remembered), a seat switched to a computer player gets a character not seated yet, and
its tick boxes grow with the text."""
from __future__ import annotations

import json
import re
import tkinter as tk
from tkinter import ttk

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
    assert len(words) <= 40
    for seen in ("Players:", "Months:", "medium", "Mabel:", "Person", "Start"):
        assert seen in words
    for unseen in ("Variation", "Seed:", "Classic", "X-Fine"):
        assert unseen not in words
    assert not dialog.more.winfo_viewable() and dialog.more_button.cget("text") == \
        "▸ More options"
    # the levels are described on demand
    assert "easy, a gentle first opponent" in dialog.seat_rows[1].level._ed_tooltip.current_text()


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
    welcome = app.welcome
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
    assert len(said) == len(dialog.options)
    for label in said:
        font = text_font(label)
        widths = [font.measure(line) for line in shown_lines(label)]
        assert min(widths) >= max(widths) // 2, shown_lines(label)
