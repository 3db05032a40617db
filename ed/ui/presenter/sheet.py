"""The tally sheet: its rows, the cells a resolved phase fills, its title and instructions.

Also the questions asked before an entirely empty entry, or an order that could cost more
than the cash, is sent."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ... import hints
from ...rules import GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP, NAMES, RAW, month_label
from .common import PURCHASING, SELLING, money, stock_text


# --------------------------------------------------------------- tally sheet

@dataclass(frozen=True)
class TallyRow:
    """One row of the tally sheet: its id, the block it is in and its labels."""

    id: str             # e.g. "xfine.units", "orders.total", "cash"
    block: str          # "orders", "sales" or "month"
    key: str            # commodity key, or "" for totals and month rows
    field: str          # "units", "price", "money", "total", "cash", "stock", "loan"
    label: str          # what the row heading says on paper
    group: str          # the commodity name shown once per group, or ""
    brief: str = ""     # what it says on screen: the paper's labels that repeat on every
    #                     grade ("units", "price", "paid") said once a block, beside its
    #                     first grade (the window shows those of the block being entered)


def tally_rows(*, loans: bool = False) -> Tuple[TallyRow, ...]:
    """The rows of the paper tally sheet: Orders, Sales, then the month's end."""
    rows: List[TallyRow] = []
    for block, keys, label in (("orders", RAW, "paid"), ("sales", GOODS, "received")):
        for key in keys:
            name = NAMES[key]
            first = key == keys[0]
            rows.append(TallyRow(f"{key}.units", block, key, "units", "units", name,
                                 "units" if first else ""))
            rows.append(TallyRow(f"{key}.price", block, key, "price", "price", "",
                                 "price" if first else ""))
            rows.append(TallyRow(f"{key}.money", block, key, "money", label, "",
                                 label if first else ""))
        rows.append(TallyRow(f"{block}.total", block, "", "total",
                             "paid" if block == "orders" else "received", "Total"))
    rows.append(TallyRow("cash", "month", "", "cash", "at month end", "Cash"))
    rows.append(TallyRow("stock", "month", "", "stock", "X · F · S", "Stock"))
    if loans:
        rows.append(TallyRow("loan", "month", "", "loan", "borrowed", "Loans"))
    return tuple(rows)


@dataclass(frozen=True)
class Cell:
    """What one cell shows; ``struck`` draws it struck through (a failed bid or offer)."""

    text: str
    struck: bool = False
    tone: str = ""      # "", "total", "bad" (a cancelled total), "good", "draft" (pencilled:
    #                     what the entry being typed would come to, not yet so)


def _done_text(units: int, done: int) -> str:
    """Units entered, or ``"3 of 4"`` when only part was filled (not a fraction)."""
    return str(units) if done in (0, units) else f"{done} of {units}"


def report_cells(report, seat: int) -> Dict[str, Cell]:
    """The tally cells one resolved phase fills for ``seat``: row id -> ``Cell``.

    A line that bought or sold nothing is struck through; so is every line of
    a cancelled order and of an offer that could not be made.  Buying pencils
    in the cash and stock in hand for the month's selling.  The total of a
    month that paid or received nothing reads "—", whether nothing was
    entered or nothing came of it (the struck lines say which).
    """
    result = report.seats[seat]
    block = "orders" if report.phase == PURCHASING else "sales"
    cells: Dict[str, Cell] = {}
    for line in result.lines:
        if not line.units:
            continue
        struck = result.cancelled or line.done == 0
        cells[f"{line.commodity}.units"] = Cell(_done_text(line.units, line.done), struck)
        cells[f"{line.commodity}.price"] = Cell(money(line.price), struck)
        cells[f"{line.commodity}.money"] = Cell(money(line.money) if line.money else "—", struck)
    if result.cancelled:
        cells[f"{block}.total"] = Cell("cancelled" if block == "orders" else "not made", False, "bad")
    else:
        cells[f"{block}.total"] = Cell(money(result.money) if result.money else "—", False,
                                       "total")
    if report.phase == SELLING:
        cells["cash"] = Cell(money(result.cash_after), False, "total")
        cells["stock"] = Cell(stock_text(result.stock_after))
    else:   # in hand while selling, pencilled in until the month's selling writes them
        cells["cash"] = Cell(money(result.cash_after), tone="draft")
        cells["stock"] = Cell(stock_text(result.stock_after), tone="draft")
    if result.loan:
        cells["loan"] = Cell(money(result.loan), False, "bad")
    return cells


def draft_cells(view, help_) -> Dict[str, Cell]:
    """The month being typed, pencilled in as on paper: row id -> ``Cell`` (tone "draft").

    Buying: each grade's paid (units × bid), the total paid and the cash left if
    all of it is bought.  Selling: each good's received (the most it can bring:
    the units that can sell at its ask × the ask), the total received and the
    most cash after the month's selling.  ``help_`` is the entry's
    ``EntryHelp``: a line it refuses, or whose price is still to be typed, stays
    empty, and so do the total and the cash while any line does or the total is
    refused; an order over the cash leaves the cash empty (its line says why).
    """
    buying = view.phase == PURCHASING
    cells: Dict[str, Cell] = {}
    complete = help_.total.level != "error"
    for key in view.keys:
        units, price = help_.entry.get(key, (0, 0))
        if units <= 0:
            continue
        if price <= 0 or help_.lines[key].level == "error":
            complete = False
            continue
        brings = units * price if buying else hints.most_sold(view, key, units, price) * price
        cells[f"{key}.money"] = Cell(money(brings), tone="draft")
    if not cells or not complete:
        return cells
    block = "orders" if buying else "sales"
    total = hints.order_cost(help_.entry) if buying else hints.most_received(view, help_.entry)
    cells[f"{block}.total"] = Cell(money(total), tone="draft")
    cash = view.own_cash - total if buying else view.own_cash + total
    if cash >= 0:
        cells["cash"] = Cell(money(cash), tone="draft")
    return cells


def tally_columns(history: Sequence, seat: int) -> Dict[int, Dict[str, Cell]]:
    """Every resolved month's cells for ``seat``: month -> row id -> ``Cell``."""
    months: Dict[int, Dict[str, Cell]] = {}
    for report in history:
        months.setdefault(report.month, {}).update(report_cells(report, seat))
    return months


def month_heading(month: int) -> str:
    """A column heading: ``"Jan"``, ``"Jan Y2"``."""
    return month_label(month)


def sheet_title(view) -> str:
    """The line above the sheet: nothing, while a seat's face stands out in the row of
    faces (the month is the yellow column's heading, the button beside it says what to do
    now); after the game, whose sheet it is."""
    return f"{view.name}'s tally sheet" if view.is_over else ""


#: How to win and what a month is, in three short lines: the first thing a newcomer reads
#: (the first start's welcome, the guide's first step).
GOAL_LINES = ("Whoever has the most cash after the last month wins.",
              "Each month you buy raw materials, then sell goods made from them.",
              "Raw materials left at the end are sold to the Broker, the bank, at their last "
              "price.")
GOAL = " ".join(GOAL_LINES)

#: The instructions above the sheet are shown while fewer games than this have been
#: finished on this computer ...
NEWCOMER_GAMES = 2
#: ... and only in the first months of a game.
NEWCOMER_MONTHS = 2


def is_newcomer(games_finished: int) -> bool:
    """Whether a player who has finished this many games still gets the newcomer's lines
    (the instructions above the sheet, the hints that say what a number means)."""
    return games_finished < NEWCOMER_GAMES


def newcomer_instructions(view, *, games_finished: int, dismissed: bool) -> str:
    """The instructions above the sheet for a newcomer, or "" once they are not needed.

    Shown in the first ``NEWCOMER_MONTHS`` months of the first ``NEWCOMER_GAMES``
    games finished on this computer, until put away ("Hide tips"); then the
    sheet has the room.  In the last month of those games they say what becomes
    of the stock left over, whatever was put away before: it is the moment it
    matters.
    """
    if not is_newcomer(games_finished) or view.is_over:
        return ""
    said = [] if dismissed or view.month > NEWCOMER_MONTHS else [instructions(view)]
    if view.is_last_month:
        said.append(last_month_reminder(view))
    return " ".join(said)


def last_month_reminder(view) -> str:
    """What becomes of the stock left over after the last month (RULES §5.1), said in it."""
    if view.phase == PURCHASING:
        return ("Last month: the raw units you still hold after selling go to the Broker at "
                "the prices this month's orders set.")
    prices = ", ".join(f"{NAMES[key]} {money(view.prices[key])}" for key in RAW)
    return (f"Last month: the raw units you still hold after this sale go to the Broker at "
            f"{prices} a unit.")


def instructions(view) -> str:
    """One or two sentences telling a newcomer what to do in this phase."""
    if view.is_over:
        return "The game is over. Start a new one from the Game menu."
    if view.phase == PURCHASING:
        limit = view.rules.order_limit
        extra = (f", at most {view.rules.grade_limit} of one grade"
                 if view.rules.players == 2 else "")
        return (f"For each grade you want, type the units (up to {limit} in all{extra}) and "
                f"your bid per unit in this month's column; a bid at or above the new market "
                f"price buys, and you pay what you bid. Enter submits.")
    return ("For each good you offer from your stock, type the units and your asking price; "
            "an ask at or below the new market price sells, at what you ask. Enter submits.")


def line_guide(view) -> str:
    """What the guide says of the line beside a box, true of the month it is shown in: in
    January no one has ordered yet, so the line gives the price alone."""
    earlier = view is not None and not view.is_over and \
        hints.others_last_time(view, view.keys[0]) is not None
    before = ("last month's price and how many the others ordered" if earlier else
              "the grade's price (from February, also how many the others ordered the "
              "month before)")
    then = ("what the others' orders of last month would make the price; more orders raise it"
            if earlier else "each unit the others order raises the price $1")
    return (f"It says what a number means and, in red, what the rules refuse. Before you type "
            f"units: {before}. Then the lowest bid allowed, the price only if no one else "
            f"orders, and {then}. It never tells you what to bid.")


def empty_entry_question(view) -> Optional[str]:
    """The question to ask before an entirely empty entry is sent, or ``None``.

    Asked while the seat could act: it has cash to order with, or goods it
    could make to offer.
    """
    if view.phase == PURCHASING:
        if view.own_cash <= 0:
            return None
        return "Submit no order this month? You would buy no raw materials."
    if not any(hints.max_makeable(view, key) for key in view.keys):
        return None
    return "Submit no offer this month? You would sell nothing."


def over_cash_question(view, entry) -> Optional[str]:
    """The question to ask before an order that costs more than the cash if all of it is
    bought, or ``None``.

    RULES §4.1.5: what is bought is paid for only if the cash covers it, else every
    purchase of the month is cancelled; under Variation I the Broker lends instead.
    Whether every bid buys is not known until the reveal, so both sides are said.
    """
    if view.phase != PURCHASING or hints.cash_left(view, entry) >= 0:
        return None
    cost, cash = money(hints.order_cost(entry)), money(view.own_cash)
    start = (f"Submit an order that could cost more than your cash? If every bid buys all "
             f"its units, the order costs {cost}, more than your {cash}")
    if view.rules.loans:
        loan = hints.loan_needed(view, entry)
        repay = loan // LOAN_STEP * LOAN_REPAY_PER_STEP
        return (f"{start}: the Broker lends you {money(loan)} (Variation I), and you repay "
                f"{money(repay)} after the last month. If less is bought, you borrow at most "
                f"that, or nothing.")
    return (f"{start}, and every purchase this month is cancelled: you buy nothing. If less "
            f"is bought, it goes ahead when it costs {cash} or less.")
