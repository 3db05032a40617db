"""What the sheet, the ledger and the printed sheet write in a cell: part fills read
"3 of 4", and a month with nothing paid or received reads "—" however it came about.
No display needed."""
from __future__ import annotations

import ed
from ed.ui.presenter import ledger, tips
from ed.ui import presenter as P


def worked_example(**variations):
    """RULES §7: Ann and Bob, month 1 (Ann's X-Fine bid is $2 under the market)."""
    game = ed.Game(ed.Rules(players=2, **variations), ["Ann", "Bob"], seed=1)
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    game.resolve()
    return game


def test_a_part_fill_reads_three_of_four_not_a_fraction():
    game = worked_example(partial_fills=True)     # Variation II: $2 under, 2 units fewer
    ann = P.tally_columns(game.history, 0)[1]
    assert ann["xfine.units"] == P.Cell("4 of 6", False)
    assert ann["xfine.money"].text == "$160"
    assert "“3 of 4”: only 3 of the 4 units were bought" in tips.tally_cell_tip("xfine.units",
                                                                             "Jan")


def test_a_sale_that_failed_and_no_offer_read_the_same():
    game = worked_example()
    game.submit(0, {"B": (1, 500)})      # Ann asks far too much: nothing sells
    game.submit(1, {})                   # Bob offers nothing
    game.resolve()
    ann, bob = (P.tally_columns(game.history, seat)[1] for seat in (0, 1))
    assert ann["B.units"].struck and ann["sales.total"] == P.Cell("—", False, "total")
    assert "B.units" not in bob and bob["sales.total"] == P.Cell("—", False, "total")
    assert ann["orders.total"].text == "$112"


def test_the_ledger_shows_nothing_paid_or_received_as_on_the_sheet():
    game = worked_example()
    game.submit(0, {"B": (1, 500)})
    game.submit(1, {})
    game.resolve()
    rows = {seat: ledger.ledger_rows(game.history, seat, game.rules)[1] for seat in (0, 1)}
    columns = [name for name, _ in ledger.DISPLAY_COLUMNS]
    received = columns.index("Received")
    ann, bob = (ledger.display_values(rows[seat]) for seat in (0, 1))
    assert ann[received] == bob[received] == "—"
    assert ann[columns.index("B offer")] == "1 at $500: none"
    assert ann[columns.index("Paid")] == "$112"
    assert ledger.row_values(rows[1])[ledger.COLUMNS.index("Received")] == 0   # the CSV: a number


def _draft(game, seat, texts):
    view = game.view(seat)
    return P.draft_cells(view, P.entry_help(view, texts))


def test_an_order_is_pencilled_in_as_it_is_typed():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"], seed=1)      # $900 each
    empty = ("", "")
    pencil = "draft"
    assert _draft(game, 0, {"xfine": ("3", "40"), "fine": ("2", "50"), "standard": empty}) == {
        "xfine.money": P.Cell("$120", tone=pencil), "fine.money": P.Cell("$100", tone=pencil),
        "orders.total": P.Cell("$220", tone=pencil), "cash": P.Cell("$680", tone=pencil)}
    # a bid still to type: its line and the total wait for it
    assert _draft(game, 0, {"xfine": ("3", "40"), "fine": ("2", ""), "standard": empty}) == {
        "xfine.money": P.Cell("$120", tone=pencil)}
    # over the cash: the total, and no cash (its line says all would be cancelled)
    over = _draft(game, 0, {"xfine": ("5", "100"), "fine": ("4", "110"), "standard": empty})
    assert over["orders.total"] == P.Cell("$940", tone=pencil) and "cash" not in over
    # a refused line is not pencilled, nor the total
    assert _draft(game, 0, {"xfine": ("3", "1"), "fine": ("2", "50"), "standard": empty}) == {
        "fine.money": P.Cell("$100", tone=pencil)}


def test_an_offer_is_pencilled_in_at_the_most_it_can_bring():
    game = worked_example()      # Bob holds 6 X-Fine and 8 Standard, $492
    cells = _draft(game, 1, {"A": ("", ""), "B": ("2", "120"), "C": ("1", "200")})
    assert cells == {"B.money": P.Cell("$240", tone="draft"),
                     "C.money": P.Cell("$0", tone="draft"),         # over $99: cannot sell
                     "sales.total": P.Cell("$240", tone="draft"),
                     "cash": P.Cell("$732", tone="draft")}
    assert tips.draft_cell_tip("B.money", "sales", "2") == (
        "The most this can bring: the units that can sell at your ask × the ask (2 B × the "
        "ask when all can sell). Only an ask at or below the new price sells.")
    assert tips.draft_cell_tip("orders.total", "orders") == (
        "Total paid if all of this order is bought. Nothing is paid yet.")
