"""What every number and field of the window is, and how it is worked out.

The texts are plain data; ``ed.ui.widgets.tooltip``'s ``canvas_tip`` and
``tree_tip`` put them on a canvas or a tree, cell by cell.  Nothing here
suggests a bid: a tip says what a number is, never what to enter.
"""
from __future__ import annotations

from ...rules import NAMES
from .table import PRICE_COLUMNS

RAW_KEYS = ("xfine", "fine", "standard")

TALLY_FIELDS = {
    "units": "How many units of {name} to {verb} this month. Leave it empty for none.",
    "price": ("Your {what} per unit of {name}, in dollars. {rule}"),
}
BID_RULE = ("A bid at or above the new market price buys; the new price is the old one moved "
            "by everyone's orders (see Price moves).")
ASK_RULE = ("An ask at or below the new market price sells; the new price is the old one moved "
            "by everyone's offers (see Price moves).")

TALLY_ROWS = {
    "units": ("Units of {name} {verb}. Struck through: the {entry} came to nothing. "
              "“3 of 4”: only 3 of the 4 units were {done}."),
    "price": "Your {what} per unit of {name} that month.",
    "money": ("Money {moved} for {name}: units {done} × your price. Nothing when the {entry} "
              "failed."),
    "total": ("Total money {moved} that month: the sum of the three lines above. "
              "—: nothing, whether nothing was entered or nothing came of it."),
    "cash": "Your cash after the month's selling: cash before, minus paid, plus received.",
    "stock": ("Raw materials in stock after the month (X-Fine · Fine · Standard): bought "
              "units added, materials used to make the goods sold taken away."),
    "loan": "Money borrowed from the Broker that month (Variation I); repaid at $125 per $100.",
}


#: The tip of a cell pencilled in while the entry is typed (``sheet.draft_cells``), by
#: phase ("orders" buying, "sales" selling) and row field.
DRAFT_ROWS = {
    ("orders", "money"): "If bought: {units} {name} × your bid. Nothing is paid yet.",
    ("sales", "money"): ("The most this can bring: the units that can sell at your ask × the "
                         "ask ({units} {name} × the ask when all can sell). Only an ask at or "
                         "below the new price sells."),
    ("orders", "total"): "Total paid if all of this order is bought. Nothing is paid yet.",
    ("sales", "total"): "The most this offer can bring in all. Nothing is sold yet.",
    ("orders", "cash"): ("Cash left if all of this order is bought; what you sell this month "
                         "comes on top."),
    ("sales", "cash"): "The most your cash can be after this month's selling.",
    ("sales", "stock"): ("In hand to make this month's goods from: X-Fine · Fine · Standard. "
                         "What is left is written after the selling."),
}


def draft_cell_tip(row_id: str, block: str, units: str = "") -> str:
    """The tip of a pencilled cell of the month being typed (``block``: "orders" or
    "sales"; ``units`` as typed in the row's commodity)."""
    key, _, field = row_id.partition(".")
    if not field:
        field, key = key, ""
    if key == block:
        field = "total"
    return DRAFT_ROWS.get((block, field), "").format(units=units, name=NAMES.get(key, ""))


def field_tip(key: str, what: str) -> str:
    """The tip of one entry field of the tally sheet (``what`` is "units" or "price")."""
    raw = key in RAW_KEYS
    name = NAMES[key]
    if what == "units":
        return TALLY_FIELDS["units"].format(name=name, verb="order" if raw else "offer")
    return TALLY_FIELDS["price"].format(name=name, what="bid" if raw else "asking price",
                                        rule=BID_RULE if raw else ASK_RULE)


def tally_cell_tip(row_id: str, month_text: str) -> str:
    """The tip of a past cell of the tally sheet: what the number is and how it is worked out."""
    key, _, field = row_id.partition(".")
    if not field:
        field, key = key, ""
    if key in ("orders", "sales"):
        moved = "paid" if key == "orders" else "received"
        return f"{month_text}: " + TALLY_ROWS["total"].format(moved=moved)
    raw = key in RAW_KEYS
    text = TALLY_ROWS.get(field, "")
    if not text:
        return ""
    return f"{month_text}: " + text.format(
        name=NAMES.get(key, ""), verb="ordered" if raw else "offered",
        entry="bid" if raw else "offer", what="bid" if raw else "asking price",
        moved="paid" if raw else "received", done="bought" if raw else "sold")


PRICE_COLUMN = ("Market price of {name} {when}: the previous price moved by the total units "
                "{verb} by all players (see Price moves). A price never falls "
                "below $1.")
PRICE_MONTH = "The month. Opening: the prices before the first month; later rows are after it."

BOARD_SCALES = ("Market prices in dollars: raw materials on the scale at the left, finished "
                "goods on the one at the right. Point at a token for its price, last month's "
                "and the opening one.")

REVEAL_HEADS = {
    "commodity": ("The units entered by all players for this commodity, the price move they "
                  "make (see Price moves) and the new market price."),
    "money": "Money paid or received in this phase: units filled × the player's price.",
    "cash": "Cash after this phase.",
    "stock": "Raw materials in stock after this phase: X-Fine · Fine · Standard.",
}


def price_tip(column: str, month_label: str) -> str:
    """The tip of a cell of the table of prices (``column`` as ``identify_column`` says)."""
    if column == "#1":
        return PRICE_MONTH
    try:
        index = int(column[1:]) - 2
        name = PRICE_COLUMNS[index]
    except (ValueError, IndexError):
        return ""
    raw = index < 3
    when = "at the opening" if month_label == "Opening" else f"after {month_label}"
    return PRICE_COLUMN.format(name=name, when=when, verb="ordered" if raw else "offered")
