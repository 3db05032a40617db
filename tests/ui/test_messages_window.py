"""The live help in the real window says what is wrong, word for word, next to the field.

A number too large or negative, an ask that cannot sell with and without
Variation III, and goods that together need more of a grade than the stock,
typed into the sheet's fields and read back from the labels beside them: a
few words on the label, the whole sentence in its tooltip.
"""
from __future__ import annotations

import ed
from ed.ui.widgets.tooltip import tip_of

from .test_sheet_words import finished_games
from .test_window import keys


def _open(make_app, tmp_path, game):
    path = tmp_path / "game.json"
    ed.save.save(game, str(path))
    app = make_app(save=str(path))
    assert app.mode == "enter" and app.flow.current_seat == 0
    return app


def solo_game(players=4, **options):
    """Ann against computers, month 1, buying."""
    seats = [ed.Seat()] + [ed.Seat("computer", "easy", None)] * (players - 1)
    return ed.Game(ed.Rules(players=players, **options), ["Ann", "Bob", "Cy", "Di"][:players],
                   seed=5, seats=seats)


def selling_game(**options):
    """Ann holds 6 X-Fine and 8 Standard and is to offer goods (RULES §7: Bob's order)."""
    game = solo_game(players=2, **options)
    game.submit(0, {"xfine": (6, 50), "standard": (8, 30)})
    game.submit(1, {})
    game.resolve()
    return game


def put(app, key, units, price):
    """Type into a commodity's two fields (as a paste would) and let the help catch up."""
    for widget, text in zip(app.layout.tally.entries[key], (units, price)):
        widget.delete(0, "end")
        widget.insert(0, text)
    app.update()


def hint(app, key):
    """(the line shown beside the field, its style, the sentence its tooltip shows)."""
    label = app.layout.tally.hints[key]
    return label.cget("text"), str(label.cget("style")), tip_of(label).current_text()


def total(app, block):
    """(the line shown beside the total, the sentence its tooltip shows)."""
    label = app.layout.tally.totals[block]
    return label.cget("text"), tip_of(label).current_text()


def test_numbers_too_large_or_negative_are_named(make_app, tmp_path, data_dir):
    finished_games(data_dir, 2)          # the short lines of a player who knows the game
    app = _open(make_app, tmp_path, solo_game())
    game = app.session.game
    app.layout.tally.add_tips()
    put(app, "xfine", "99999999999", "40")       # a field holds what it shows: 7 digits
    assert app.layout.tally.entries["xfine"][0].get() == "9999999"
    assert hint(app, "xfine") == (
        "over the 9-unit limit", "HintError.TLabel",
        "9,999,999 units of X-Fine is more than the 9 units allowed in a month.")
    assert total(app, "orders") == (
        "over the 9-unit limit",
        "The order totals 9999999 units, over the monthly limit of 9 units with 4 players.")
    keys(app, app.layout.tally.entries["xfine"][1], "Return")
    assert not game.submitted(0)
    assert app.layout.refusal_label.cget("text") == (
        "Not submitted. 9,999,999 units of X-Fine is more than the 9 units allowed in "
        "a month.")
    assert app.focus_get() is app.layout.tally.entries["xfine"][0]
    put(app, "xfine", "-3", "40")
    assert hint(app, "xfine") == ("units must be 0 or more", "HintError.TLabel",
                                  "X-Fine units must be 0 or more, not -3.")
    put(app, "xfine", "4", "99999999999")
    assert hint(app, "xfine")[::2] == (
        "bid at most $10,000", "X-Fine bid $9999999 is over the highest price allowed, "
        "$10,000.")
    assert total(app, "orders") == ("fix the bid for X-Fine first",
                                    "Fix the bid for X-Fine first: the red line beside it "
                                    "says what is wrong.")
    put(app, "xfine", "4", "-3")
    assert hint(app, "xfine")[::2] == ("bid at least $1",
                                       "X-Fine bid -$3 is below the lowest price, $1.")
    keys(app, app.layout.tally.entries["xfine"][1], "Return")
    assert app.focus_get() is app.layout.tally.entries["xfine"][1]  # the price field is at fault
    put(app, "xfine", "4", "40")
    assert hint(app, "xfine") == ("min $34 · $160", "Hint.TLabel",
                                  "Minimum bid for 4 X-Fine: $34. Costs $160 if bought.")
    # The field's own tooltip says the same sentence, then what the field is for.
    field_tip = tip_of(app.layout.tally.entries["xfine"][1]).current_text()
    assert field_tip.startswith("Minimum bid for 4 X-Fine: $34. Costs $160 if bought.\n\n"
                                "Your bid per unit of X-Fine")


def test_an_ask_that_cannot_sell_says_so_without_variation_three(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game())
    app.layout.tally.add_tips()
    put(app, "A", "2", "150")
    assert hint(app, "A") == (
        "over max $147: no sale", "HintWarn.TLabel",
        "You can make 2. Highest useful ask for 2: $147. An ask of $150 is above it, so none "
        "of the 2 can sell.")
    assert total(app, "sales") == (
        "nothing can sell",
        "Receives nothing: at these asking prices nothing offered can sell, and your stock "
        "6·0·8 (X-Fine · Fine · Standard) stays as it is.")
    put(app, "A", "1", "149")
    put(app, "C", "2", "120")
    assert total(app, "sales") == (
        "at most $149",
        "Receives at most $149, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): Good C "
        "at $120 cannot sell.")


def test_an_ask_just_above_sells_in_part_under_variation_three(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game(partial_sales=True))
    app.layout.tally.add_tips()
    put(app, "A", "2", "148")
    assert hint(app, "A") == (
        "over max $147: 1 can sell", "HintWarn.TLabel",
        "You can make 2. Highest useful ask for 2: $147. An ask of $148 is $1 above it, so at "
        "most 1 of the 2 can sell (Variation III).")
    assert total(app, "sales") == (
        "at most $148",
        "Receives at most $148, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): only 1 "
        "of the 2 A can sell at $148.")


def test_can_make_names_the_goods_that_together_exceed_the_stock(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game())
    app.layout.tally.add_tips()
    put(app, "A", "2", "140")
    assert hint(app, "C") == (
        "can make none (4 alone)", "Hint.TLabel",
        "You can make 4 alone, none beside the rest: 2 A and 1 C together "
        "need 7 X-Fine or Fine and you have 6. Market price was $90.")
    put(app, "C", "1", "90")
    assert hint(app, "C") == (     # 4 C alone could be made: not "can make none"
        "can make none (4 alone)", "HintError.TLabel",
        "Cannot make 1 C beside the rest: 2 A and 1 C together need 7 X-Fine or Fine and "
        "you have 6 (over-offering rule).")


def test_resting_the_pointer_on_the_help_shows_the_whole_sentence(make_app, tmp_path,
                                                                 data_dir):
    finished_games(data_dir, 2)          # the short lines of a player who knows the game
    app = _open(make_app, tmp_path, solo_game())
    app.layout.tally.add_tips()
    put(app, "fine", "3", "25")
    app.layout.tally.focus_field("fine", price=True)       # the line shown is the focused field's
    app.update()
    label = app.layout.tally.hints["fine"]
    assert label.cget("text") == "min $23 · $75" and label.winfo_ismapped()
    tip = tip_of(label)
    tip.delay_ms = 0                 # the pointer has rested long enough
    label.event_generate("<Enter>")
    label.event_generate("<Motion>", x=2, y=2)      # moved in, as a pointer comes
    app.update()
    assert tip.is_shown()
    assert tip.label.cget("text") == "Minimum bid for 3 Fine: $23. Costs $75 if bought."
    label.event_generate("<Leave>")
    app.update()
    assert not tip.is_shown()


def test_a_refusal_reads_as_two_sentences_never_a_capital_after_a_colon(make_app, tmp_path,
                                                                        data_dir):
    finished_games(data_dir, 2)
    app = _open(make_app, tmp_path, solo_game())
    put(app, "xfine", "4", "60")
    put(app, "fine", "4", "60")
    put(app, "standard", "4", "60")
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    assert not app.session.game.submitted(0)
    assert app.layout.refusal_label.cget("text") == (
        "Not submitted. The order totals 12 units, over the monthly limit of 9 units with "
        "4 players.")


def cell(app, row_id, month=1):
    """(the text of a cell of the sheet, its font)."""
    item = app.layout.tally.cell(month, row_id)
    body = app.layout.tally.body
    return body.itemcget(item, "text"), body.itemcget(item, "font")


def test_the_cost_is_pencilled_into_the_sheet_as_it_is_typed(make_app, tmp_path):
    app = _open(make_app, tmp_path, solo_game())             # Ann, $450
    put(app, "xfine", "3", "40")
    assert cell(app, "xfine.money") == ("$120", "EDTallyDraft")
    assert cell(app, "orders.total") == ("$120", "EDTallyDraft")
    assert cell(app, "cash") == ("$330", "EDTallyDraft")
    put(app, "fine", "2", "")                                 # a bid still to type
    assert cell(app, "fine.money")[0] == "" and cell(app, "orders.total")[0] == ""
    put(app, "fine", "2", "31")
    assert [cell(app, row)[0] for row in ("fine.money", "orders.total", "cash")] == \
        ["$62", "$182", "$268"]
    assert app.layout.tally.pencilled("orders.total")
    put(app, "xfine", "", "")
    assert cell(app, "xfine.money")[0] == "" and cell(app, "orders.total")[0] == "$62"
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.mode != "enter" and app.layout.refusal_label.cget("text") == ""      # submitted
    assert [cell(app, row)[0] for row in ("fine.money", "orders.total", "cash")] == ["", "", ""]
