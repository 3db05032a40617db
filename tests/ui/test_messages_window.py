"""The live help in the real window says what is wrong, word for word, next to the field.

A number too large or negative, an ask that cannot sell with and without
Variation III, and goods that together need more of a grade than the stock,
typed into the sheet's fields and read back from the labels beside them.
"""
from __future__ import annotations

import ed

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
    for widget, text in zip(app.tally.entries[key], (units, price)):
        widget.delete(0, "end")
        widget.insert(0, text)
    app.update()


def hint(app, key):
    return app.tally.hints[key].cget("text"), str(app.tally.hints[key].cget("style"))


def test_numbers_too_large_or_negative_are_named(make_app, tmp_path):
    app = _open(make_app, tmp_path, solo_game())
    game = app.session.game
    put(app, "xfine", "99999999999", "40")
    assert hint(app, "xfine") == (
        "99,999,999,999 units of X-Fine is more than the 9 units allowed in a month.",
        "HintError.TLabel")
    assert app.tally.totals["orders"].cget("text") == (
        "The order totals 99999999999 units, over the monthly limit of 9 units with 4 players.")
    keys(app, app.tally.entries["xfine"][1], "Return")
    assert not game.submitted(0)
    assert app.refusal_label.cget("text") == (
        "Not submitted: 99,999,999,999 units of X-Fine is more than the 9 units allowed in "
        "a month.")
    assert app.focus_get() is app.tally.entries["xfine"][0]
    put(app, "xfine", "-3", "40")
    assert hint(app, "xfine") == ("X-Fine units must be 0 or more, not -3.", "HintError.TLabel")
    put(app, "xfine", "4", "99999999999")
    assert hint(app, "xfine")[0] == (
        "X-Fine bid $99999999999 is over the highest price allowed, $10,000.")
    assert app.tally.totals["orders"].cget("text") == "Fix the field marked in red first."
    put(app, "xfine", "4", "-3")
    assert hint(app, "xfine")[0] == "X-Fine bid -$3 is below the lowest price, $1."
    keys(app, app.tally.entries["xfine"][1], "Return")
    assert app.focus_get() is app.tally.entries["xfine"][1]      # the price field is at fault
    put(app, "xfine", "4", "40")
    assert hint(app, "xfine") == ("Minimum bid for 4 X-Fine: $34. Costs $160 if bought.",
                                  "Hint.TLabel")


def test_an_ask_that_cannot_sell_says_so_without_variation_three(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game())
    put(app, "A", "2", "150")
    assert hint(app, "A") == (
        "You can make 2. Highest useful ask for 2: $147. An ask of $150 is above it, so none "
        "of the 2 can sell.", "HintWarn.TLabel")
    assert app.tally.totals["sales"].cget("text") == (
        "Receives nothing: at these asking prices nothing offered can sell, and your stock "
        "6·0·8 (X-Fine · Fine · Standard) stays as it is.")
    put(app, "A", "1", "149")
    put(app, "C", "2", "120")
    assert app.tally.totals["sales"].cget("text") == (
        "Receives at most $149, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): C at "
        "$120 cannot sell.")


def test_an_ask_just_above_sells_in_part_under_variation_three(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game(partial_sales=True))
    put(app, "A", "2", "148")
    assert hint(app, "A") == (
        "You can make 2. Highest useful ask for 2: $147. An ask of $148 is $1 above it, so at "
        "most 1 of the 2 can sell (Variation III).", "HintWarn.TLabel")
    assert app.tally.totals["sales"].cget("text") == (
        "Receives at most $148, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): only 1 "
        "of the 2 A can sell at $148.")


def test_can_make_names_the_goods_that_together_exceed_the_stock(make_app, tmp_path):
    app = _open(make_app, tmp_path, selling_game())
    put(app, "A", "2", "140")
    assert hint(app, "C") == (
        "You can make 4 alone, none beside the rest: 2 A and 1 C together "
        "need 7 X-Fine or Fine and you have 6. Market price was $90.", "Hint.TLabel")
    put(app, "C", "1", "90")
    assert hint(app, "C") == (
        "Cannot make 1 C beside the rest: 2 A and 1 C together need 7 X-Fine or Fine and "
        "you have 6 (over-offering rule).", "HintError.TLabel")
