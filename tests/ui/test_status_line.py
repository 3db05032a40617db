"""The status line: one line, always; the variations at its right in a few words, the whole
set-up on hover; a long message shortened at a word, whole on hover."""
from __future__ import annotations

import ed
from ed.ui import presenter as P
from ed.ui.widgets.tooltip import tip_of

from .test_table import begin, game_at, with_text_size


def test_the_variations_show_and_the_whole_set_up_is_a_hover_away(make_app):
    app = make_app()
    begin(app, game_at(4, 2, loans=True))
    label = app.layout.rules_label
    assert label.cget("text") == "loans"
    assert tip_of(label).text() == "4 players · 12 months · $450 each · 9 units a month · loans"


def test_the_plain_rules_leave_the_status_line_to_the_messages(make_app):
    app = make_app()
    begin(app, game_at(4, 2))
    assert app.layout.rules_label.cget("text") == ""
    assert tip_of(app.layout.rules_label).text().startswith("4 players · 12 months")


def test_every_variation_is_named():
    rules = ed.Rules(players=3, loans=True, partial_fills=True, partial_sales=True,
                     classic_recipes=True)
    assert P.variations_summary(rules) == \
        "loans · partial fills · partial sales · classic chart"


def test_a_long_message_keeps_to_one_line_and_the_sheet_keeps_its_room(make_app, data_dir):
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 9, "purchasing", loans=True))
    app.layout.rules_short = "loans · partial fills · partial sales · classic chart"
    app.show_message("Short.")
    app.update()
    status, sheet = app.layout.status, app.layout.tally
    height, sheet_height = status.winfo_height(), sheet.winfo_height()
    sales = sheet.heads.find_withtag("block:sales")[0]
    assert sheet.heads.itemcget(sales, "state") == "normal"
    long = ("The game could not be saved. There is no folder /home/ann/Documents/Games/"
            "Executive Decision/kept for later/2026; choose a folder that exists.")
    app.show_message(long, error=True)
    app.update()
    assert (status.winfo_height(), sheet.winfo_height()) == (height, sheet_height)
    assert sheet.heads.itemcget(sales, "state") == "normal"
    shown = app.layout.message.cget("text")
    assert shown.endswith("…") and long.startswith(shown[:-1].rstrip())
    assert app.layout.message_text == long == tip_of(app.layout.message).current_text()
    app.show_message("Short.")
    assert tip_of(app.layout.message).current_text() == ""      # nothing more to say on hover


def test_an_error_has_the_whole_line_and_keeps_every_word_that_fits(make_app, data_dir):
    """"The game could not be saved. …" hid why and what to do, with room to spare: an error
    takes the variations' room and is shortened at a word, not at its first sentence."""
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 9, "purchasing", loans=True))
    layout = app.layout
    layout.rules_short = "loans · partial fills · partial sales · classic chart"
    layout.status.event_generate("<Configure>")      # as when the window's width changes
    assert layout.rules_label.cget("text") == layout.rules_short
    long = ("The game could not be saved. There is no folder /tmp/no-such-dir-play2; choose a "
            "folder that exists, or another name for the file in the saves folder, which is "
            "kept for you alone and backed up before anything is written over.")
    app.show_message(long, error=True)
    app.update()
    shown = app.layout.message.cget("text")
    assert layout.rules_label.cget("text") == ""              # the variations wait
    assert shown.startswith("The game could not be saved. There is no folder /tmp/no-such-dir-"
                            "play2; choose a folder that exists")
    assert shown.endswith("…") and long.startswith(shown[:-1].rstrip())
    assert app.layout.message.winfo_reqwidth() <= app.layout.message.winfo_width()  # nothing cut off
    app.show_message("Saved.")
    app.update()
    assert layout.rules_label.cget("text") == layout.rules_short   # back once it has gone
