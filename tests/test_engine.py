"""RULES.md §2, §4, §5 and §6 played through the Game façade, with exact numbers."""
from __future__ import annotations

import re

import pytest

import ed


def two_player(**options) -> ed.Game:
    return ed.Game(ed.Rules(players=2, **options), ["Ann", "Bob"])


def play(game: ed.Game, *entries) -> ed.PhaseReport:
    for seat, entry in enumerate(entries):
        game.submit(seat, entry)
    return game.resolve()


def pass_months(game: ed.Game) -> None:
    """Play empty entries until the game is over."""
    while not game.is_over:
        play(game, *([{}] * game.players))


# ------------------------------------------------------------------ set-up

def test_setup_gives_cash_and_no_materials():
    game = ed.Game(ed.Rules(players=5), ["A1", "B2", "C3", "D4", "E5"])
    assert [game.cash(s) for s in range(5)] == [350] * 5
    assert game.stock(3) == {"xfine": 0, "fine": 0, "standard": 0}
    assert (game.month, game.phase) == (1, "purchasing")
    assert game.prices == {"xfine": 40, "fine": 30, "standard": 20, "A": 140, "B": 115, "C": 90}


@pytest.mark.parametrize("names, words", [
    (["Ann"], "2 players but 1 names"),
    (["Ann", "ann "], "both called"),
    (["Ann", ""], "needs a name"),
    (["Ann", "x" * 41], "longer than 40"),
    ("AnnBob", "one name per seat"),
])
def test_bad_names_are_refused(names, words):
    with pytest.raises(ed.RuleError, match=words):
        ed.Game(ed.Rules(players=2), names)


@pytest.mark.parametrize("name, words", [
    ("A\x00nn", "holds an invisible character (U+0000)"),
    ("Ann\nBob", "holds a line break (U+000A)"),
    ("An\u2028n", "holds a line break (U+2028)"),
    ("An\tn", "holds a tab (U+0009)"),
    ("\u202eAnn", "holds a text-direction mark (U+202E)"),
    ("Ann\u200f", "holds a text-direction mark (U+200F)"),
    ("Ann\u200b", "holds an invisible character (U+200B)"),
    ("Ann\ue000", "holds an invisible character (U+E000)"),
    ("x" * 10_000, "longer than 40 characters"),
    ("   ", "needs a name"),
])
def test_names_are_printable_text_on_one_line(name, words):
    with pytest.raises(ed.RuleError, match=re.escape(words)) as caught:
        ed.Game(ed.Rules(players=2), ["Bob", name])
    message = str(caught.value)
    assert "\n" not in message and "\u202e" not in message and len(message) < 200


def test_names_are_trimmed_and_any_script_is_welcome():
    names = ["  Ann ", "Zoë", "山田　太郎", "דנה", "می\u200cخواهم", "\U0001F469\u200d\U0001F4BB"]
    game = ed.Game(ed.Rules(players=6), names)
    assert game.names == ("Ann", "Zoë", "山田　太郎", "דנה", "می\u200cخواهم",
                          "\U0001F469\u200d\U0001F4BB")


def test_seats_describe_players():
    seats = [ed.Seat(), ed.Seat("computer", "hard", "rex")]
    game = ed.Game(ed.Rules(players=2), ["Ann", "Rex"], seed=4, seats=seats)
    assert game.seats[1].is_computer and not game.seats[0].is_computer
    with pytest.raises(ed.RuleError, match="human' or 'computer"):
        ed.Seat("robot")


# --------------------------------------------------------- the worked example

def test_worked_example_purchasing():
    game = two_player()
    report = play(game, {"xfine": (6, 40), "fine": (4, 28)}, {"xfine": (6, 44), "standard": (8, 18)})
    rows = {c.commodity: (c.units, c.move, c.old_price, c.new_price) for c in report.commodities}
    assert rows == {"xfine": (12, 2, 40, 42), "fine": (4, -6, 30, 24), "standard": (8, -2, 20, 18)}
    ann, bob = report.seats
    assert [(l.done, l.money) for l in ann.lines] == [(0, 0), (4, 112), (0, 0)]
    assert [(l.done, l.money) for l in bob.lines] == [(6, 264), (0, 0), (8, 144)]
    assert ann.lines[0].outcome == "bid $40 is below the market price $42"
    assert (ann.money, bob.money) == (112, 408)
    assert (game.cash(0), game.cash(1)) == (788, 492)
    assert game.stock(0) == {"xfine": 0, "fine": 4, "standard": 0}
    assert game.stock(1) == {"xfine": 6, "fine": 0, "standard": 8}
    assert game.phase == "selling" and game.month == 1


def test_worked_example_selling():
    game = two_player()
    play(game, {"xfine": (6, 40), "fine": (4, 28)}, {"xfine": (6, 44), "standard": (8, 18)})
    report = play(game, {"C": (1, 97)}, {"A": (1, 149), "C": (2, 88)})
    rows = {c.commodity: (c.units, c.move, c.old_price, c.new_price) for c in report.commodities}
    assert rows == {"A": (1, 9, 140, 149), "B": (0, 11, 115, 126), "C": (3, 5, 90, 95)}
    ann, bob = report.seats
    assert bob.money == 325 and ann.money == 0
    assert bob.materials_used == {"xfine": 5, "fine": 0, "standard": 4}
    assert ann.lines[2].outcome == "ask $97 is above the market price $95"
    assert (game.cash(0), game.cash(1)) == (788, 817)
    assert game.stock(0) == {"xfine": 0, "fine": 4, "standard": 0}
    assert game.stock(1) == {"xfine": 1, "fine": 0, "standard": 4}
    assert (game.month, game.phase) == (2, "purchasing")
    assert game.prices == {"xfine": 42, "fine": 24, "standard": 18, "A": 149, "B": 126, "C": 95}


# ------------------------------------------------------------- refusals

@pytest.mark.parametrize("entry, words", [
    ({"xfine": (6, 35)}, "Ann: X-Fine bid $35 is below the minimum bid $36 (6 units at previous price $40)."),
    ({"xfine": (12, 50), "fine": (7, 40)}, "the order totals 19 units, over the monthly limit of 18 units with 2 players"),
    ({"fine": (13, 40)}, "13 units of Fine is over the limit of 12 units of one grade with 2 players"),
    ({"standard": (-1, 20)}, "Standard units must be 0 or more, not -1"),
    ({"fine": (2, 0)}, "Fine bid $0 is below the lowest price, $1"),
    ({"fine": (2, 10001)}, "Fine bid $10001 is over the highest price allowed, $10,000"),
    ({"A": (1, 100)}, "Good A belongs in an offer, and this is the purchasing phase"),
    ({"gold": (1, 100)}, "'gold' is not a commodity of the purchasing phase"),
    ({"fine": (1, 30, 2)}, "Fine must be a pair of whole numbers"),
    ({"fine": (True, 30)}, "Fine must be a pair of whole numbers"),
    ({"fine": (1.0, 30)}, "Fine must be a pair of whole numbers"),
    ({"fine": "1 at 30"}, "Fine must be a pair of whole numbers"),
    ([("fine", (1, 30))], "an entry must map commodities"),
])
def test_orders_breaking_a_limit_are_refused(entry, words):
    game = two_player()
    with pytest.raises(ed.RuleError) as caught:
        game.submit(0, entry)
    assert words in str(caught.value)
    assert str(caught.value).startswith("Ann: ")
    assert not game.submitted(0)


def test_order_limit_per_player_count():
    game = ed.Game(ed.Rules(players=6), list("ABCDEF"))
    game.submit(0, {"fine": (6, 30)})
    with pytest.raises(ed.RuleError, match="totals 7 units, over the monthly limit of 6 units with 6 players"):
        game.submit(0, {"fine": (4, 30), "standard": (3, 20)})


def test_three_players_have_no_grade_limit_beyond_the_monthly_one():
    game = ed.Game(ed.Rules(players=3), ["A", "B", "C"])
    game.submit(0, {"fine": (12, 40)})
    assert game.submitted(0)


def test_price_with_zero_units_is_not_checked():
    game = two_player()
    game.submit(0, {"xfine": (0, -5), "fine": (0, 10**6)})
    assert game.entry(0) == {"xfine": (0, -5), "fine": (0, 10**6)}


def test_refused_entry_keeps_the_earlier_one():
    game = two_player()
    game.submit(0, {"fine": (4, 30)})
    with pytest.raises(ed.RuleError):
        game.submit(0, {"fine": (4, 1)})
    assert game.entry(0) == {"fine": (4, 30)}


def test_entry_may_be_replaced_until_resolved():
    game = two_player()
    game.submit(0, {"fine": (4, 30)})
    game.submit(0, {"fine": (2, 40)})
    game.submit(1, {})
    report = game.resolve()
    assert report.seats[0].lines[1].units == 2 and game.stock(0)["fine"] == 2


@pytest.mark.parametrize("entry, words", [
    ({"A": (1, 0)}, "Good A's ask $0 is below the lowest price, $1"),
    ({"B": (1, 10001)}, "Good B's ask $10001 is over the highest price allowed"),
    ({"C": (-2, 50)}, "Good C's units must be 0 or more"),
    ({"fine": (1, 50)}, "Fine belongs in an order, and this is the selling phase"),
])
def test_offers_breaking_a_limit_are_refused(entry, words):
    game = two_player()
    play(game, {}, {})
    with pytest.raises(ed.RuleError) as caught:
        game.submit(0, entry)
    assert words in str(caught.value)


def test_offer_asks_have_no_maximum_but_the_guard():
    game = two_player()
    play(game, {}, {})
    game.submit(0, {"A": (1, 10_000)})  # far above the highest useful ask, still legal
    assert game.submitted(0)


def test_bad_seat_is_refused():
    game = two_player()
    for seat in (2, -1, "0", 1.0, True):
        with pytest.raises(ed.RuleError, match="no seat"):
            game.submit(seat, {})


def test_resolve_waits_for_every_seat_and_changes_nothing():
    game = two_player()
    game.submit(1, {"fine": (4, 40)})
    with pytest.raises(ed.RuleError, match="Ann has not submitted"):
        game.resolve()
    assert (game.phase, game.month, game.prices["fine"]) == ("purchasing", 1, 30)
    assert game.submitted(1) and game.waiting_for() == (0,)


def test_nothing_is_taken_once_over():
    game = ed.Game(ed.Rules(players=2, months=1), ["Ann", "Bob"])
    pass_months(game)
    with pytest.raises(ed.RuleError, match="over"):
        game.submit(0, {})
    with pytest.raises(ed.RuleError, match="over"):
        game.resolve()
    assert game.waiting_for() == ()


# ----------------------------------------------------------- purchasing

def test_bid_equal_to_market_buys_at_own_bid():
    game = two_player()
    report = play(game, {"fine": (10, 30)}, {"fine": (2, 45)})
    assert report.commodities[1].new_price == 32
    assert report.seats[0].lines[1].done == 0
    assert report.seats[1].lines[1].money == 90  # 2 at her own bid of 45


def test_short_of_cash_buys_nothing_at_all():
    game = ed.Game(ed.Rules(players=6), list("ABCDEF"))
    # A orders 6 X-Fine at $60 ($360 > $300 cash) and would also have bought nothing else.
    entries = [{"xfine": (3, 100), "fine": (3, 30)}] + [{}] * 5
    report = play(game, *entries)
    seat = report.seats[0]
    assert seat.cancelled and seat.money == 0
    assert seat.reason == "they would cost $390, more than the $300 cash on hand"
    assert [l.done for l in seat.lines] == [0, 0, 0]
    assert "all purchases were cancelled" in seat.lines[1].outcome
    assert game.cash(0) == 300 and game.stock(0) == {"xfine": 0, "fine": 0, "standard": 0}


def test_cancelled_orders_still_move_the_price():
    game = ed.Game(ed.Rules(players=6), list("ABCDEF"))
    report = play(game, {"xfine": (6, 100)}, {}, {}, {}, {}, {})
    assert report.seats[0].cancelled
    assert report.commodities[0].units == 6 and game.prices["xfine"] == 36


def test_cost_equal_to_cash_is_paid():
    game = ed.Game(ed.Rules(players=6), list("ABCDEF"))
    report = play(game, {"xfine": (6, 50)}, {}, {}, {}, {}, {})
    assert not report.seats[0].cancelled and game.cash(0) == 0


# -------------------------------------------------------------- selling

def setup_stock(game: ed.Game, order_ann, order_bob=None) -> None:
    play(game, order_ann, order_bob or {})


def test_over_offer_sells_nothing_and_does_not_count():
    game = two_player()
    setup_stock(game, {"fine": (3, 30)}, {"fine": (3, 30)})
    # Ann offers 2 C (needs 6 raw units) with 3 Fine: not makeable.  Bob's 1 C is fine.
    report = play(game, {"C": (2, 50)}, {"C": (1, 90)})
    ann, bob = report.seats
    assert ann.cancelled and ann.money == 0
    assert "cannot be made from stock" in ann.reason
    assert not ann.lines[2].counted and bob.lines[2].counted
    assert report.commodities[2].units == 1 and game.prices["C"] == 99
    assert bob.money == 90 and game.stock(0)["fine"] == 3


def test_unsold_offers_keep_their_materials():
    game = two_player()
    setup_stock(game, {"fine": (3, 30)})
    report = play(game, {"C": (1, 500)}, {})
    assert report.seats[0].lines[2].done == 0
    assert game.stock(0) == {"xfine": 0, "fine": 3, "standard": 0}


def test_classic_chart_needs_an_xfine_for_b():
    # Fine, Fine, Standard makes a B by default; the classic chart wants X-Fine, Fine, Standard.
    for classic in (False, True):
        game = two_player(classic_recipes=classic)
        setup_stock(game, {"fine": (2, 30), "standard": (1, 20)})
        report = play(game, {"B": (1, 100)}, {})
        assert report.seats[0].cancelled is classic
        assert report.commodities[1].units == (0 if classic else 1)


def test_goods_price_floor_is_one_dollar_and_moves_again():
    # Both hold 6 C worth of materials and offer them far too dear: 12 units count each
    # month (move -13) but never sell, so the stock stays.
    game = two_player()
    stock = {"fine": (6, 40), "standard": (12, 40)}
    play(game, stock, stock)
    prices = []
    for _ in range(8):
        play(game, {"C": (6, 10_000)}, {"C": (6, 10_000)})
        prices.append(game.prices["C"])
        play(game, {}, {})
    assert prices == [77, 64, 51, 38, 25, 12, 1, 1]
    assert game.stock(0) == {"xfine": 0, "fine": 6, "standard": 12}
    play(game, {}, {})
    assert game.prices["C"] == 12


# ----------------------------------------------------------- variations

def test_variation_one_lends_smallest_multiple_of_100():
    game = ed.Game(ed.Rules(players=6, loans=True), list("ABCDEF"))
    report = play(game, {"xfine": (5, 100)}, {}, {}, {}, {}, {})  # costs 500, cash 300
    seat = report.seats[0]
    assert (seat.cancelled, seat.loan, seat.money) == (False, 200, 500)
    assert game.cash(0) == 0 and game.borrowed(0) == 200 and game.stock(0)["xfine"] == 5


def test_variation_one_rounds_up_a_shortfall():
    game = ed.Game(ed.Rules(players=6, loans=True), list("ABCDEF"))
    report = play(game, {"xfine": (5, 61)}, {}, {}, {}, {}, {})  # costs 305, short by 5
    assert report.seats[0].loan == 100 and game.cash(0) == 95


def test_variation_one_repays_125_per_100_at_the_end():
    game = ed.Game(ed.Rules(players=6, months=1, loans=True), list("ABCDEF"))
    play(game, {"xfine": (5, 100)}, {}, {}, {}, {}, {})
    report = play(game, {}, {}, {}, {}, {}, {})
    line = report.settlement[0]
    # 5 X-Fine sold at the final X-Fine price 35 (5 units: 40 - 5); loan 200 repaid with 250.
    assert (line.materials_value, line.loan_repaid, line.final_cash) == (175, 250, 0 + 175 - 250)
    assert game.cash(0) == -75 and game.borrowed(0) == 200 and line.profit == -375


def test_variation_two_partial_fill():
    game = two_player(partial_fills=True)
    # Fine: 10 + 4 = 14 units -> market 34.  Ann bids 32 for 10: $2 below -> 8 units.
    report = play(game, {"fine": (10, 32)}, {"fine": (4, 40)})
    assert game.prices["fine"] == 34
    assert report.seats[0].lines[1].done == 8 and report.seats[0].money == 256
    assert "bought 8 of 10" in report.seats[0].lines[1].outcome
    assert game.stock(0)["fine"] == 8


def test_variation_two_keeps_the_minimum_bid():
    game = two_player(partial_fills=True)
    with pytest.raises(ed.RuleError, match="minimum bid"):
        game.submit(0, {"fine": (4, 20)})


def test_variation_two_never_below_zero_units():
    game = two_player(partial_fills=True)
    report = play(game, {"fine": (4, 24)}, {"fine": (12, 40)})  # market 36, $12 below
    assert report.seats[0].lines[1].done == 0


def test_variation_three_partial_sale():
    game = two_player(partial_sales=True)
    setup_stock(game, {"fine": (12, 40)})
    # 4 C offered at 90 - ... : market for C with 4 units: 90 + 3 = 93.  Ask 96 is $3 above: 2 fewer.
    report = play(game, {"C": (4, 96)}, {})
    assert game.prices["C"] == 93
    assert report.seats[0].lines[2].done == 2 and report.seats[0].money == 192
    assert report.seats[0].materials_used == {"xfine": 0, "fine": 6, "standard": 0}
    assert game.stock(0)["fine"] == 6


def test_variations_combined_partial_fill_with_loan():
    game = ed.Game(ed.Rules(players=6, loans=True, partial_fills=True, partial_sales=True),
                   list("ABCDEF"))
    # X-Fine: 6 + 6 = 12 units -> market 42.  A bids 80 for 6 (all), B bids 40 for 6 (4 units).
    report = play(game, {"xfine": (6, 80)}, {"xfine": (6, 40)}, {}, {}, {}, {})
    assert report.seats[0].loan == 200 and game.cash(0) == 300 + 200 - 480
    assert report.seats[1].lines[0].done == 4 and game.cash(1) == 140


# ------------------------------------------------------------------ end

def test_end_of_game_sells_materials_at_final_raw_price():
    game = ed.Game(ed.Rules(players=2, months=2), ["Ann", "Bob"])
    play(game, {"fine": (4, 30)}, {"standard": (8, 20)})
    play(game, {}, {})
    play(game, {"fine": (2, 30)}, {})   # month 2: Fine 2 units -> 24 - 8 = 16; Standard 0 -> 8
    report = play(game, {}, {})
    assert game.phase == "over" and game.month == 2
    ann, bob = report.settlement
    assert ann.materials == {"xfine": 0, "fine": 6, "standard": 0}
    assert ann.materials_value == 6 * 16 and bob.materials_value == 8 * 8
    assert game.final_cash() == [900 - 120 - 60 + 96, 900 - 160 + 64]
    assert game.cash(0) == ann.final_cash and game.stock(0) == {"xfine": 0, "fine": 0, "standard": 0}
    assert (ann.place, bob.place) == (1, 2) and ann.profit == ann.final_cash - 900


def test_equal_scores_share_a_place():
    game = ed.Game(ed.Rules(players=3, months=1), ["A", "B", "C"])
    play(game, {"fine": (1, 40)}, {}, {})
    play(game, {}, {}, {})
    assert game.places() == [3, 1, 1]


def test_final_cash_only_when_over():
    with pytest.raises(ed.RuleError, match="not over"):
        two_player().final_cash()


def test_thirty_six_months():
    game = ed.Game(ed.Rules(players=2, months=36), ["Ann", "Bob"])
    pass_months(game)
    assert game.month == 36 and len(game.history) == 72
    # 36 months of nothing: raw prices fall by 10 a month to the floor, goods rise by 11.
    assert game.prices == {"xfine": 1, "fine": 1, "standard": 1,
                           "A": 140 + 36 * 11, "B": 115 + 36 * 11, "C": 90 + 36 * 11}
    assert len(game.price_history()) == 37


def test_price_history_rows():
    game = two_player()
    play(game, {"fine": (4, 30)}, {})
    rows = game.price_history()
    assert rows[0]["fine"] == 30 and rows[1] == {"xfine": 30, "fine": 24, "standard": 10}
    play(game, {}, {})
    assert game.price_history()[1]["C"] == 101


def test_a_negative_price_is_written_as_negative_dollars():
    game = two_player()
    assert game.check(0, {"fine": (2, -3)}) == ["Fine bid -$3 is below the lowest price, $1"]


def test_absurd_numbers_get_a_readable_refusal():
    game = two_player()
    with pytest.raises(ed.RuleError) as caught:
        game.submit(0, {"fine": (10**5000, 3)})
    assert str(caught.value) == (
        "Ann: an absurdly large number of units of Fine is over the limit of 12 units of one grade "
        "with 2 players; the order totals an absurdly large number of units, over the monthly "
        "limit of 18 units with 2 players.")
    with pytest.raises(ed.RuleError, match="Fine bid an absurdly large price is over the highest"):
        game.submit(0, {"fine": (3, 10**5000)})


# ----------------------------------------------------------------- a line of an entry, by name


def test_each_line_of_an_entry_is_a_lot_by_name_and_equal_to_its_pair():
    """The engine keeps each (units, price) as a ``Lot``: read by name, and still the pair the
    API speaks of, equal to it, hashed and saved alike."""
    import json

    from ed.entries import NO_LOT, Lot
    game = ed.Game(ed.Rules(players=3), ["A", "B", "C"])
    game.submit(0, {"xfine": (2, 40), "standard": [1, 20]})
    game.submit(1, {})
    game.submit(2, {"fine": (3, 35)})
    assert game.entry(0) == {"xfine": (2, 40), "standard": (1, 20)}
    kept = game.entry(0)["standard"]
    assert type(kept) is Lot and (kept.units, kept.price) == (1, 20)
    assert hash(kept) == hash((1, 20)) and json.dumps(kept) == "[1, 20]"
    report = game.resolve()
    lines = report.record.seats[2].entry
    assert [type(line) for line in lines] == [Lot, Lot, Lot]
    assert lines == (NO_LOT, Lot(units=3, price=35), NO_LOT)
    assert [line.units for line in report.record.seats[0].entry] == [2, 0, 1]
    # a line of the record entered again is taken as it is; a Lot of anything else is not
    game.submit(0, {"A": Lot(0, 0)})
    with pytest.raises(ed.RuleError, match="pair of whole numbers"):
        game.submit(1, {"A": Lot("1", 30)})
    with pytest.raises(ed.RuleError, match="pair of whole numbers"):
        game.submit(1, {"A": Lot(1.0, 30)})
    from ed.saves import format as saves
    log = json.loads(saves.dumps(game))["log"]
    assert log[0][2] == {"fine": [3, 35]}            # saved as the pair it always was
    again = saves.loads(saves.dumps(game))
    assert again.log() == game.log() and type(again.log()[0][2]["fine"]) is Lot
