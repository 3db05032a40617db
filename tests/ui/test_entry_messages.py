"""The live help says exactly what is wrong with what was typed, and what an offer can bring.

Each message is checked word for word: a number too large, a negative one,
one that is not whole; an ask above the highest useful ask with and without
Variation III; goods that together need more of a grade than the stock.
No display needed.
"""
from __future__ import annotations

import pytest

import ed
from ed.ui import presenter as P


def buying(players: int = 4):
    return ed.Game(ed.Rules(players=players), ["Ann", "Bob", "Cy", "Di"][:players]).view(0)


def selling(*, partial_sales: bool = False):
    """Ann holds 6 X-Fine and 8 Standard (RULES §7: Bob's January order)."""
    game = ed.Game(ed.Rules(players=2, partial_sales=partial_sales), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 50), "standard": (8, 30)})
    game.submit(1, {})
    game.resolve()
    return game.view(0)


# ------------------------------------------------------------- typed numbers

@pytest.mark.parametrize("typed, line, short, field", [
    (("99999999999", "40"),
     "99,999,999,999 units of X-Fine is more than the 9 units allowed in a month.",
     "over the 9-unit limit", "units"),
    (("9" * 50, "40"),
     "An absurdly large number of units of X-Fine is more than the 9 units allowed in a month.",
     "over the 9-unit limit", "units"),
    (("-3", "40"), "X-Fine units must be 0 or more, not -3.", "units must be 0 or more", "units"),
    (("-3", ""), "X-Fine units must be 0 or more, not -3.", "units must be 0 or more", "units"),
    (("4", "99999999999"),
     "X-Fine bid $99999999999 is over the highest price allowed, $10,000.",
     "bid at most $10,000", "price"),
    (("4", "9" * 50),
     "X-Fine bid an absurdly large price is over the highest price allowed, $10,000.",
     "bid at most $10,000", "price"),
    (("4", "-3"), "X-Fine bid -$3 is below the lowest price, $1.", "bid at least $1", "price"),
    (("4", "30"), "X-Fine bid $30 is below the minimum bid $34 (4 units at previous price $40).",
     "below the min $34", "price"),
    (("four", "40"), "X-Fine units must be a whole number such as 4, not “four”.",
     "not a whole number", "units"),
    (("4.5", "40"), "X-Fine units must be a whole number such as 4, not “4.5”.",
     "not a whole number", "units"),
    (("4", "35.50"),
     "The X-Fine bid must be a whole number of dollars such as 35, not “35.50”.",
     "not a whole number", "price"),
])
def test_a_typed_number_is_refused_saying_what_is_wrong(typed, line, short, field):
    help_ = P.entry_help(buying(), {"xfine": typed}, tried=True)
    assert help_.lines["xfine"] == P.Hint(line, "error", short)
    assert not help_.ok and help_.refusal == line
    assert help_.first_bad == "xfine" and help_.bad_field == field


def test_rewording_a_refusal_changes_no_field_and_no_short_line(monkeypatch):
    """The window finds the field at fault and its few words from the problem's kind and
    limit, never from the sentence: every refusal reworded, the same fields and lines."""
    import dataclasses

    from ed import entries
    cases = [buying(), buying(2), selling()]
    typed = [("4", "30"), ("4", "-3"), ("4", "99999999999"), ("-3", "40"), ("13", "40"),
             ("99999999999", "40"), ("5", "40")]

    def everything():
        seen = []
        for view in cases:
            for pair in typed:
                for tried in (False, True):
                    help_ = P.entry_help(view, {view.keys[0]: pair, view.keys[2]: ("6", "9")},
                                         tried=tried)
                    seen.append(([(h.level, h.short, h.field) for h in help_.lines.values()],
                                 (help_.total.level, help_.total.short), help_.ok,
                                 help_.first_bad, help_.bad_field))
        return seen

    before = everything()
    check = entries.check

    def reworded(*args):
        normal, found = check(*args)
        return normal, [dataclasses.replace(p, text=f"Nope, {p.text.upper()[::-1]}")
                        for p in found]

    monkeypatch.setattr(entries, "check", reworded)
    assert P.entry_help(buying(), {"xfine": ("4", "30")}).lines["xfine"].text.startswith("Nope")
    assert everything() == before


@pytest.mark.parametrize("units", ["99999999999", "10", "9" * 50])
def test_too_many_units_with_no_price_yet_say_only_the_monthly_limit(units):
    """Not "at least $100,000,000,029 (the minimum bid)": the units are the problem."""
    for tried in (False, True):
        help_ = P.entry_help(buying(), {"xfine": (units, "")}, tried=tried)
        line = help_.lines["xfine"]
        assert line.level == "error" and line.short == "over the 9-unit limit"
        assert line.text.endswith("of X-Fine is more than the 9 units allowed in a month.")
        assert "bid" not in line.text and "minimum" not in line.text
        assert not help_.ok and help_.bad_field == "units"


@pytest.mark.parametrize("newcomer", [False, True])
def test_a_grade_with_no_room_left_in_the_month_says_so(newcomer):
    """4 players may order 9 units a month (RULES §2): once 6 X-Fine and 3 Standard are
    typed, the line beside Fine says no Fine can be added, not last month's price."""
    help_ = P.entry_help(buying(), {"xfine": ("6", "50"), "standard": ("3", "30")},
                         newcomer=newcomer)
    assert help_.lines["fine"] == P.Hint(
        "The other grades take all 9 units a month allows: no Fine can be added unless you "
        "order fewer of them.", short="the 9-unit limit is reached")
    assert help_.ok                              # the order itself is fine as it is
    one_left = P.entry_help(buying(), {"xfine": ("6", "50"), "standard": ("2", "30")},
                            newcomer=newcomer).lines["fine"]
    assert one_left.short.startswith("price was $")


def test_too_many_units_of_one_grade_with_two_players_come_before_the_price():
    help_ = P.entry_help(buying(2), {"fine": ("13", "")})
    assert help_.lines["fine"] == P.Hint(
        "13 units of Fine is over the limit of 12 units of one grade with 2 players.", "error",
        "over 12 of one grade")


def test_too_many_units_name_the_monthly_limit_in_the_total_too():
    help_ = P.entry_help(buying(), {"xfine": ("99999999999", "40")})
    assert help_.total == P.Hint("The order totals 99999999999 units, over the monthly limit "
                                 "of 9 units with 4 players.", "error", "over the 9-unit limit")


def test_a_refused_field_is_not_added_up_in_the_total():
    help_ = P.entry_help(buying(), {"xfine": ("4", "-3")})
    assert help_.total == P.Hint("Fix the bid for X-Fine first: the red line beside it says "
                                 "what is wrong.", "error", "fix the bid for X-Fine first")


def test_the_total_names_the_field_to_put_right_not_a_red_field():
    """No field is red, only the line beside it: "fix the red field first" pointed at nothing
    (`abc` in the units, then Tab)."""
    help_ = P.entry_help(buying(), {"xfine": ("abc", "")})
    assert help_.lines["xfine"].level == "error"
    assert help_.total == P.Hint("Fix the units of X-Fine first: the red line beside it says "
                                 "what is wrong.", "error", "fix the units of X-Fine first")
    two = P.entry_help(buying(), {"xfine": ("4", "-3"), "standard": ("-1", "")})
    assert two.total.text == ("Fix the bid for X-Fine and the units of Standard first: the red "
                              "lines beside them say what is wrong.")
    assert two.total.short == "fix X-Fine and Standard first"
    assert P.entry_help(selling(), {"B": ("1", "x")}).total.short == "fix the ask for B first"


def test_an_offer_of_negative_units_is_refused_by_name():
    help_ = P.entry_help(selling(), {"A": ("-3", "150")}, tried=True)
    assert help_.lines["A"] == P.Hint("Good A's units must be 0 or more, not -3.", "error",
                                      "units must be 0 or more")


@pytest.mark.parametrize("typed, line", [
    (("1", "9999999"), "Good A's ask $9999999 is over the highest price allowed, $10,000."),
    (("1", "0"), "Good A's ask $0 is below the lowest price, $1."),
    (("x", "9"), "Good A's units must be a whole number such as 4, not “x”."),
    (("1", "x"), "Good A's asking price must be a whole number of dollars such as 35, not “x”."),
])
def test_a_good_s_refusal_does_not_read_as_the_article(typed, line):
    """"A ask $9999999 is over …" read as "a ask"."""
    assert P.entry_help(selling(), {"A": typed}, tried=True).lines["A"].text == line


# ------------------------------------------------------------- asking too much

def test_an_ask_above_the_highest_useful_ask_cannot_sell_without_variation_three():
    help_ = P.entry_help(selling(), {"A": ("2", "150")})
    assert help_.ok
    assert help_.lines["A"] == P.Hint(
        "You can make 2. Highest useful ask for 2: $147. An ask of $150 is above it, so none "
        "of the 2 can sell.", "warn", "over max $147: no sale")
    assert help_.total == P.Hint(
        "Receives nothing: at these asking prices nothing offered can sell, and your stock "
        "6·0·8 (X-Fine · Fine · Standard) stays as it is.", "warn", "nothing can sell")
    one = P.entry_help(selling(), {"A": ("1", "200")})
    assert one.lines["A"].text.endswith("An ask of $200 is above it, so it cannot sell.")


def test_an_ask_just_above_sells_in_part_under_variation_three():
    help_ = P.entry_help(selling(partial_sales=True), {"A": ("2", "148")})
    assert help_.lines["A"] == P.Hint(
        "You can make 2. Highest useful ask for 2: $147. An ask of $148 is $1 above it, so at "
        "most 1 of the 2 can sell (Variation III).", "warn", "over max $147: 1 can sell")
    assert help_.total == P.Hint(
        "Receives at most $148, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): only 1 "
        "of the 2 A can sell at $148.", "warn", "at most $148")
    far = P.entry_help(selling(partial_sales=True), {"A": ("2", "150")})
    assert far.lines["A"].text.endswith(
        "An ask of $150 is above it, so none of the 2 can sell, even under Variation III.")


def test_the_total_counts_only_what_can_sell():
    help_ = P.entry_help(selling(), {"A": ("1", "149"), "C": ("2", "120")})
    assert help_.total == P.Hint(
        "Receives at most $149, using 3·0·0 of your 6·0·8 (X-Fine · Fine · Standard): Good C "
        "at $120 cannot sell.", "warn", "at most $149")
    fine = P.entry_help(selling(), {"A": ("2", "140")})
    assert fine.total == P.Hint("Receives $280 if all sells, using 6·0·0 of your 6·0·8 "
                                "(X-Fine · Fine · Standard).", short="$280 if all sells")
    assert fine.lines["A"].short == "max $147 · $280"


# ------------------------------------------------------------- the combination

def test_can_make_names_the_goods_and_the_grade_that_runs_short():
    help_ = P.entry_help(selling(), {"A": ("2", "140")})
    assert help_.lines["C"] == P.Hint(
        "You can make 4 alone, none beside the rest: 2 A and 1 C together "
        "need 7 X-Fine or Fine and you have 6. Market price was $90.",
        short="can make none (4 alone)")
    assert help_.lines["B"].text == (
        "You can make 3 alone, none beside the rest: 2 A and 1 B together "
        "need 8 X-Fine or Fine and you have 6. Market price was $115.")
    some = P.entry_help(selling(), {"A": ("1", "149")})
    assert some.lines["C"].text == (
        "You can make 4 alone, only 3 beside the rest: 1 A and 4 C together "
        "need 7 X-Fine or Fine and you have 6. Market price was $90.")
    assert some.lines["C"].short == "can make 3 (4 alone)"


def test_can_make_names_the_rest_when_the_rest_alone_is_too_much():
    """Not "can make none (2 alone)": beside 5 C, which cannot be made, A's line says what is
    true of A, and the C line says what is wrong."""
    help_ = P.entry_help(selling(), {"C": ("5", "80")})
    assert help_.lines["A"] == P.Hint(
        "You can make 2 alone; the rest of this offer cannot be made as it is: 5 C need 10 "
        "Standard or Fine and you have 8. Market price was $140.", short="can make 2 alone")
    beside = P.entry_help(selling(), {"C": ("5", "80"), "A": ("1", "140")})
    assert beside.lines["A"] == P.Hint(
        "You can make 2 alone; the rest of this offer cannot be made as it is: 5 C need 10 "
        "Standard or Fine and you have 8. Highest useful ask for 1: $149.",
        short="max $149 · $140")
    too_many = P.entry_help(selling(), {"C": ("5", "80"), "A": ("3", "140")})
    assert too_many.lines["A"] == P.Hint(
        "Cannot make 3 A: you can make 2 from your stock (over-offering rule).", "error",
        "can make only 2")
    assert help_.lines["C"] == P.Hint("Cannot make 5 C: you can make 4 from your stock "
                                      "(over-offering rule).", "error", "can make only 4")


def test_cannot_make_beside_the_rest_names_the_goods():
    help_ = P.entry_help(selling(), {"A": ("2", "135"), "C": ("1", "50")}, tried=True)
    assert help_.lines["C"] == P.Hint(
        "Cannot make 1 C beside the rest: 2 A and 1 C together need 7 X-Fine or Fine and "
        "you have 6 (over-offering rule).", "error", "can make none (4 alone)")
    assert help_.lines["A"].text == (
        "Cannot make 2 A beside the rest: 2 A and 1 C together need 7 X-Fine or Fine and "
        "you have 6 (over-offering rule).")
    # 1 C alone could be made: the line beside it never says none can be
    assert P.entry_help(selling(), {"C": ("1", "50")}).lines["C"].level != "error"
    assert help_.lines["A"].short == "can make only 1 (2 alone)"


def test_a_price_still_to_type_is_a_reminder_not_a_refusal():
    """Units typed, the bid not yet: the total says what is missing, not "fix the red field"."""
    game = ed.Game(ed.Rules(players=4), ["Ann", "Bob", "Cy", "Di"])
    help_ = P.entry_help(game.view(0), {"xfine": ("4", "")})
    assert help_.lines["xfine"].level == "info"
    assert help_.total == P.Hint("Type a bid for each grade you order to see what the order "
                                 "costs.", "info", "type each bid to see the cost")
    assert help_.lines["xfine"].short == "bid at least $34"
    tried = P.entry_help(game.view(0), {"xfine": ("4", "")}, tried=True)
    assert tried.lines["xfine"].level == "error" and tried.total.level == "error"
    typed = P.entry_help(game.view(0), {"xfine": ("4", "40")})
    assert typed.total.text.startswith("Costs $160 if all bought")


# ------------------------------------------------------------- one short line

def test_one_more_unit_is_singular():
    help_ = P.entry_help(buying(), {"xfine": ("8", "40")})
    assert help_.total.text.endswith("1 more unit allowed this month.")
    assert help_.total.short == "$320 · $130 left · 1 more unit"
    full = P.entry_help(buying(), {"xfine": ("5", "40"), "fine": ("4", "30")})
    assert full.total.text.endswith("No more units allowed this month.")
    assert full.total.short.endswith("· no more units")
    none = P.entry_help(buying(), {})
    assert none.total.short == "cash $450 · 9 more units"


def test_the_line_beside_a_field_is_the_minimum_bid_and_the_cost():
    help_ = P.entry_help(buying(), {"xfine": ("4", "44")})
    assert help_.lines["xfine"] == P.Hint("Minimum bid for 4 X-Fine: $34. Costs $176 if bought.",
                                          short="min $34 · $176")
    assert help_.lines["fine"] == P.Hint("Market price was $30. Type units to see the minimum "
                                         "bid.", short="price was $30")
    assert help_.lines["xfine"].line == "min $34 · $176"


def test_every_line_beside_a_field_is_one_short_line():
    """Whatever is typed, the sheet shows a few words; the sentence is kept for the tooltip."""
    typed = ["", "0", "1", "4", "9", "10", "-3", "x", "99999999999"]
    prices = ["", "1", "40", "150", "99999", "-2", "4.5"]
    for view in (buying(), buying(2), selling(), selling(partial_sales=True)):
        for units in typed:
            for price in prices:
                for tried in (False, True):
                    first, second = view.keys[0], view.keys[2]
                    help_ = P.entry_help(view, {first: (units, price), second: ("2", "40")},
                                         tried=tried)
                    for hint in list(help_.lines.values()) + [help_.total]:
                        assert hint.short, hint
                        assert "." not in hint.short.replace("·", ""), hint
                    for hint in help_.lines.values():
                        assert len(hint.short) <= 28, hint
                    assert len(help_.total.short) <= 36, help_.total


# ------------------------------------------------------------- a newcomer's lines

def months_of(players: int = 2, months: int = 2):
    """A game where Ann holds 6 X-Fine and 8 Standard after January's buying and Bob
    ordered 4 X-Fine and 3 Fine."""
    game = ed.Game(ed.Rules(players=players, months=months), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 50), "standard": (8, 30)})
    game.submit(1, {"xfine": (4, 50), "fine": (3, 40)})
    game.resolve()
    return game


def test_the_minimum_bid_is_said_as_the_lowest_bid_not_the_price():
    """"$26 if only you order; … others ordered 6 last month: +$6" read as the price, and
    "last month" as a forecast: both bids failed.  The line says the lowest bid allowed,
    what last month's orders would make the price, and that more orders raise it."""
    first = P.entry_help(buying(2), {"xfine": ("4", "44")}, newcomer=True)
    assert first.lines["xfine"] == P.Hint(
        "Bid at least $34: the lowest bid allowed, and the price only if no one else orders "
        "X-Fine. Each unit the others order adds $1 to the price. A bid below the new price "
        "buys nothing, and you pay what you bid. Costs $176 if bought.",
        short="bid at least $34; each unit others order adds $1")
    game = months_of()
    game.submit(0, {})
    game.submit(1, {"A": (1, 150)})
    game.resolve()
    february = P.entry_help(game.view(0), {"xfine": ("4", "")}, newcomer=True)
    # the others ordered 4 X-Fine in January: 4 + 4 units move $40 by -$2
    assert february.lines["xfine"] == P.Hint(
        "Type your bid for 4 X-Fine. Bid at least $34: the lowest bid allowed, and the price "
        "only if no one else orders X-Fine. Each unit the others order adds $1 to the price: "
        "as many as the others ordered last month (4 X-Fine) would make it $38, and more "
        "orders raise it. A bid below the new price buys nothing, and you pay what you bid.",
        "info", "bid at least $34; with last month's orders: $38; more orders raise it")
    # before any units are typed, what the others did last month is there already
    assert february.lines["fine"] == P.Hint(
        "Market price was $23; the others ordered 3 Fine last month. Type units to see the "
        "minimum bid.", short="price was $23 · others ordered 3 last month")
    assert february.lines["standard"].short == "price was $18 · others ordered none last month"
    none = P.entry_help(game.view(0), {"standard": ("2", "12")}, newcomer=True).lines["standard"]
    assert none.short == "bid at least $10; with last month's orders: $10; more orders raise it"
    assert "the others ordered none last month, which would leave it at $10, and more " \
        "orders raise it." in none.text
    # a player who has finished two games reads the short line of old
    assert P.entry_help(game.view(0), {"xfine": ("4", "")}).lines["xfine"].short == \
        "bid at least $34"


def test_the_highest_useful_ask_is_said_as_the_most_that_can_sell_not_the_price():
    game = months_of()
    january = P.entry_help(game.view(0), {"A": ("2", "140")}, newcomer=True)
    assert january.lines["A"] == P.Hint(
        "You can make 2. Above $147 it cannot sell: that is the price only if no one else "
        "offers A. Each unit the others offer takes $2 off the price. An ask above the new "
        "price sells nothing.",
        short="above $147 it cannot sell; each unit others offer takes $2 off")
    game.submit(0, {})
    game.submit(1, {"A": (1, 150)})
    game.resolve()
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    february = P.entry_help(game.view(0), {"A": ("1", "")}, newcomer=True)
    # Bob offered 1 A in January: 1 + 1 units move $149 by +$7
    assert february.lines["A"] == P.Hint(
        "Type your asking price for 1 A. Above $158 it cannot sell: that is the price only if "
        "no one else offers A. Each unit the others offer takes $2 off the price: as many as "
        "the others offered last month (1 A) would make it $156, and more offers lower it. An "
        "ask above the new price sells nothing.", "info",
        "above $158 it cannot sell; with last month's offers: $156; more offers lower it")


def test_an_order_over_the_cash_says_what_happens_if_all_of_it_is_bought():
    """"all this month's purchases would be cancelled", and then Fine was bought, because a
    bid failed: the line says when it is so."""
    help_ = P.entry_help(buying(2), {"xfine": ("12", "80"), "fine": ("6", "30")}, newcomer=True)
    assert help_.total == P.Hint(
        "Costs $1,140 if all bought; cash left -$240 of $900. No more units allowed this month. "
        "Warning: if all of it is bought you cannot pay, and then every purchase this month is "
        "cancelled (short-of-cash rule); if less is bought, it goes ahead when you can pay for "
        "it.", "warn",
        "if all is bought: $1,140, more than your $900, and every purchase is cancelled")


def test_an_order_over_the_cash_is_asked_about_saying_what_is_so_in_each_case():
    """RULES §4.1.5 and Variation I: cancelled if every bid buys, bought if less is bought
    and the cash covers it; with loans, the Broker lends instead."""
    view = buying()                         # 4 players: $450
    order = {"xfine": (9, 100)}
    assert P.over_cash_question(view, order) == (
        "Submit an order that could cost more than your cash? If every bid buys all its "
        "units, the order costs $900, more than your $450, and every purchase this month is "
        "cancelled: you buy nothing. If less is bought, it goes ahead when it costs $450 or "
        "less.")
    assert P.over_cash_question(view, {"xfine": (4, 100)}) is None
    loans = ed.Game(ed.Rules(players=4, loans=True), ["Ann", "Bob", "Cy", "Di"]).view(0)
    assert P.over_cash_question(loans, order) == (
        "Submit an order that could cost more than your cash? If every bid buys all its "
        "units, the order costs $900, more than your $450: the Broker lends you $500 "
        "(Variation I), and you repay $625 after the last month. If less is bought, you borrow "
        "at most that, or nothing.")


def test_can_make_says_when_goods_share_the_same_stock():
    """"can make 3" beside "can make 4" are each true alone, not together: a newcomer reads so."""
    help_ = P.entry_help(months_of().view(0), {}, newcomer=True)
    assert help_.lines["B"] == P.Hint(
        "You can make 3 B, but A, B and C are made from the same stock: 3 B leave enough for "
        "no A and no C. Market price was $115.", short="can make 3 · shares stock with A and C")
    assert help_.lines["C"].short == "can make 4 · shares stock with A and B"
    assert P.entry_help(months_of().view(0), {}).lines["B"].short == "can make 3"
    game = ed.Game(ed.Rules(players=2, months=2), ["Ann", "Bob"])
    game.submit(0, {"xfine": (3, 50), "fine": (1, 40), "standard": (4, 30)})
    game.submit(1, {})
    game.resolve()
    assert P.entry_help(game.view(0), {}, newcomer=True).lines["A"].text == (
        "You can make 1 A, but A, B and C are made from the same stock: 1 A leaves enough for "
        "no B and only 1 C. Market price was $140.")


def test_the_last_month_says_what_becomes_of_the_stock_left_over():
    game = months_of()
    assert P.newcomer_instructions(game.view(0), games_finished=0, dismissed=True) == ""
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    view = game.view(0)
    assert view.is_last_month and view.phase == "purchasing"
    assert P.newcomer_instructions(view, games_finished=1, dismissed=True) == (
        "Last month: the raw units you still hold after selling go to the Broker at the prices "
        "this month's orders set.")
    game.submit(0, {"fine": (2, 30)})
    game.submit(1, {})
    game.resolve()
    assert P.newcomer_instructions(game.view(0), games_finished=1, dismissed=True) == (
        "Last month: the raw units you still hold after this sale go to the Broker at "
        "X-Fine $30, Fine $15, Standard $8 a unit.")
    assert P.newcomer_instructions(game.view(0), games_finished=2, dismissed=False) == ""


def holding(**stock) -> "ed.PlayerView":
    """Ann's view at January's selling, holding ``stock`` (grade -> units)."""
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {key: (units, 60) for key, units in stock.items()})
    game.submit(1, {})
    game.resolve()
    return game.view(0)


def test_a_stock_that_makes_nothing_says_what_one_unit_lacks():
    """6 Standard alone make nothing: "can make 0" says what one of each good needs, and how
    many more of which grade would make one."""
    view = holding(standard=6)
    help_ = P.entry_help(view, {}, newcomer=True)
    assert help_.lines["C"] == P.Hint(
        "You can make no C: one C needs 1 Fine and 2 Standard, and you have 6 Standard; 1 more "
        "Fine or X-Fine would make one (X-Fine may stand in for Fine, and Fine for Standard). "
        "Market price was $90.", short="can make 0 · needs 1 more Fine or finer")
    assert help_.lines["A"].short == "can make 0 · needs 3 more X-Fine"
    assert P.entry_help(view, {}).lines["A"].short == "can make 0"
    empty = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    empty.submit(0, {})
    empty.submit(1, {})
    empty.resolve()
    assert P.entry_help(empty.view(0), {}, newcomer=True).lines["A"].short == "can make 0"


def test_what_one_unit_lacks_counts_the_stock_held():
    """Holding 2 X-Fine, "one needs 3 X-Fine or Fine" read as three more: one A lacks one
    Fine (or one more X-Fine, standing in for it)."""
    help_ = P.entry_help(holding(xfine=2), {}, newcomer=True)
    assert help_.lines["A"] == P.Hint(
        "You can make no A: one A needs 2 X-Fine and 1 Fine, and you have 2 X-Fine; 1 more "
        "Fine or X-Fine would make one (X-Fine may stand in for Fine, and Fine for Standard). "
        "Market price was $140.", short="can make 0 · needs 1 more Fine or finer")
    assert help_.lines["C"].short == "can make 0 · needs 2 more Standard or Fine"
    assert P.entry_help(holding(standard=1), {}, newcomer=True).lines["C"].short == \
        "can make 0 · needs 2 more Fine"
    # 2 Fine: one stands in for a Standard, so one more of any grade makes a C (an X-Fine
    # standing in for the Fine frees a Fine for the Standard)
    two_fine = P.entry_help(holding(fine=2), {}, newcomer=True).lines["C"]
    assert "1 more Standard or Fine or X-Fine would make one" in two_fine.text
    assert two_fine.short == "can make 0 · needs 1 more Standard or finer"
