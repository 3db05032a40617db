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
