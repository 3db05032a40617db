"""The ledger: one seat's orders, offers, money and stock month by month (no tkinter).

- ``ledger_rows(history, seat, rules) -> list[LedgerRow]``: a "Start" row,
  one row per month with a resolved phase, and an "End" row for the
  settlement once the game is over.  Built from resolved reports only, so it
  holds public information only (RULES §4.3).
- ``COLUMNS``, ``row_values(row)``: the flat table behind the exports;
  ``to_csv(rows) -> str`` and ``to_tsv(rows) -> str`` (for the clipboard).
- ``display_values(row)``, ``DISPLAY_COLUMNS``, ``DISPLAY_TABS`` and
  ``CELL_HELP``: the table as the ledger window (``ed.ui.screens.ledger``)
  shows it.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Sequence, Tuple, Union

from ...entries import NO_LOT, Lot
from ...report import PURCHASING
from ...rules import GOODS, GOOD_INDEXES, GRADE_INDEXES, NAMES, RAW, Rules, month_label
from ...words import money as _money

if TYPE_CHECKING:  # pragma: no cover
    from ...report import PhaseReport



@dataclass(frozen=True)
class LedgerRow:
    """One line of a seat's ledger.

    ``kind`` is ``"start"``, ``"month"`` or ``"end"``.  Per grade (X-Fine,
    Fine, Standard) ``ordered`` holds (units, bid) and ``bought`` units; per
    good (A, B, C) ``offered`` holds (units, ask) and ``sold`` units.
    ``offered``/``sold`` are ``None`` while the month's selling is not yet
    resolved.  ``paid`` and ``received`` are whole dollars; in the "end" row
    ``received`` is the Broker's payment for materials and ``paid`` the loan
    repaid.  ``cash_after``/``stock_after`` are after the row's last phase.
    """

    kind: str
    month: int
    label: str
    ordered: Tuple[Lot, Lot, Lot] = (NO_LOT, NO_LOT, NO_LOT)
    bought: Tuple[int, int, int] = (0, 0, 0)
    paid: int = 0
    loan: int = 0
    offered: Optional[Tuple[Lot, Lot, Lot]] = None
    sold: Optional[Tuple[int, int, int]] = None
    received: int = 0
    cash_after: int = 0
    stock_after: Tuple[int, int, int] = (0, 0, 0)
    note: str = ""


def _triple(mapping: Any) -> Tuple[int, int, int]:
    return tuple(mapping[k] for k in RAW)  # type: ignore[return-value]


def ledger_rows(history: Iterable["PhaseReport"], seat: int, rules: Rules) -> List[LedgerRow]:
    """The ledger of ``seat`` from resolved reports: Start, each month, then End.

    Raises ``ValueError`` when ``seat`` is not a seat of the game.
    """
    if not 0 <= seat < rules.players:
        raise ValueError(f"There is no seat {seat}; seats are numbered 0 to {rules.players - 1}.")
    rows: List[LedgerRow] = [LedgerRow("start", 0, "Start", cash_after=rules.starting_cash,
                                       note="starting cash")]
    for report in history:
        mine = report.seats[seat]
        if report.phase == PURCHASING:
            notes = []
            if mine.cancelled:
                notes.append(f"purchases cancelled: {mine.reason}")
            if mine.loan:
                notes.append(f"borrowed ${mine.loan}")
            rows.append(LedgerRow(
                "month", report.month, month_label(report.month),
                ordered=tuple(Lot(line.units, line.price) for line in mine.lines),  # type: ignore
                bought=tuple(line.done for line in mine.lines),  # type: ignore[arg-type]
                paid=mine.money, loan=mine.loan, cash_after=mine.cash_after,
                stock_after=_triple(mine.stock_after), note="; ".join(notes)))
        else:
            last = rows[-1]
            note = last.note
            if mine.cancelled:
                extra = "offer could not be made from stock, nothing counted or sold"
                note = f"{note}; {extra}" if note else extra
            rows[-1] = LedgerRow(
                "month", last.month, last.label, last.ordered, last.bought, last.paid, last.loan,
                offered=tuple(Lot(line.units, line.price) for line in mine.lines),  # type: ignore
                sold=tuple(line.done for line in mine.lines),  # type: ignore[arg-type]
                received=mine.money, cash_after=mine.cash_after,
                stock_after=_triple(mine.stock_after), note=note)
        if report.settlement:
            end = report.settlement[seat]
            what = ", ".join(f"{n} {NAMES[k]}" for k, n in end.materials.items() if n)
            notes = [f"sold {what} to the Broker" if what else "no materials left"]
            if end.loan_repaid:
                notes.append(f"repaid ${end.loan_repaid} for ${end.borrowed} borrowed")
            notes.append(f"profit ${end.profit}, place {end.place}")
            rows.append(LedgerRow("end", report.month, "End", paid=end.loan_repaid,
                                  received=end.materials_value, cash_after=end.final_cash,
                                  note="; ".join(notes)))
    return rows


def _header() -> List[str]:
    cols = ["Month"]
    for key in RAW:
        cols += [f"{NAMES[key]} ordered", f"{NAMES[key]} bid", f"{NAMES[key]} bought"]
    cols += ["Paid", "Loan"]
    for key in GOODS:
        cols += [f"{key} offered", f"{key} ask", f"{key} sold"]
    cols += ["Received", "Cash after"]
    cols += [f"{NAMES[key]} after" for key in RAW]
    cols.append("Note")
    return cols


#: The columns of the CSV and clipboard exports, in order.
COLUMNS: Tuple[str, ...] = tuple(_header())


def row_values(row: LedgerRow) -> List[Union[int, str]]:
    """The row's cells in the order of ``COLUMNS``; "" where nothing applies."""
    blank = row.kind != "month"
    cells: List[Union[int, str]] = [row.label]
    for i in GRADE_INDEXES:
        units, bid = row.ordered[i]
        cells += ["", "", ""] if blank else [units, bid if units else "", row.bought[i]]
    start = row.kind == "start"
    cells += ["" if start else row.paid, "" if blank else row.loan]
    for i in GOOD_INDEXES:
        if blank or row.offered is None or row.sold is None:
            cells += ["", "", ""]
        else:
            units, ask = row.offered[i]
            cells += [units, ask if units else "", row.sold[i]]
    selling_pending = row.kind == "month" and row.offered is None
    cells += ["" if start or selling_pending else row.received, row.cash_after]
    cells += list(row.stock_after)
    cells.append(row.note)
    return cells


def _table(rows: Iterable[LedgerRow], delimiter: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(row_values(row))
    return out.getvalue()


def to_csv(rows: Iterable[LedgerRow]) -> str:
    """The ledger as CSV text with a header line."""
    return _table(rows, ",")


def to_tsv(rows: Iterable[LedgerRow]) -> str:
    """The ledger as tab-separated text, which spreadsheets accept from the clipboard."""
    return _table(rows, "\t")


# ----------------------------------------------------------------- as the window shows it

def _cell_order(pair: Lot, done: int) -> str:
    units, price = pair
    if not units:
        return "\u2014"
    return f"{units} at {_money(price)}: {done if done else 'none'}"


def _total(amount: int) -> str:
    """Paid or received in a month: "—" for nothing, as on the tally sheet (whether nothing
    was entered or nothing came of it; the cells beside it say which)."""
    return _money(amount) if amount else "\u2014"


def display_values(row: LedgerRow) -> List[str]:
    """The row as the window's table shows it (one cell per commodity)."""
    if row.kind != "month":
        cells = [row.label, "", "", "", _money(row.paid) if row.paid else "", "", "", "",
                 _money(row.received) if row.received else ""]
    else:
        cells = [row.label]
        cells += [_cell_order(row.ordered[i], row.bought[i]) for i in GRADE_INDEXES]
        cells.append(_total(row.paid) + (f" (loan {_money(row.loan)})" if row.loan else ""))
        if row.offered is None or row.sold is None:
            cells += ["(not yet)"] * 3 + [""]
        else:
            cells += [_cell_order(row.offered[i], row.sold[i]) for i in GOOD_INDEXES]
            cells.append(_total(row.received))
    cells.append(_money(row.cash_after))
    cells.append(" / ".join(str(n) for n in row.stock_after))
    cells.append(row.note)
    return cells


DISPLAY_COLUMNS: Tuple[Tuple[str, int], ...] = (
    ("Month", 70), ("X-Fine order", 110), ("Fine order", 110), ("Standard order", 110),
    ("Paid", 80), ("A offer", 110), ("B offer", 110), ("C offer", 110), ("Received", 80),
    ("Cash", 70), ("Stock X/F/S", 90), ("Note", 260))
#: The window's tables: (name, the tab's title, the columns of ``DISPLAY_COLUMNS`` shown).
DISPLAY_TABS: Tuple[Tuple[str, str, Tuple[str, ...]], ...] = (
    ("orders", "Orders", ("Month", "X-Fine order", "Fine order", "Standard order", "Paid")),
    ("offers", "Offers", ("Month", "A offer", "B offer", "C offer", "Received", "Cash",
                          "Stock X/F/S")),
    ("notes", "Notes", ("Month", "Note")))
#: What an order or offer cell says: "6 at $40: 4" is 6 units at $40 each, 4 bought or sold.
CELL_HELP = ("Each order or offer reads \u201cunits at price: how many were bought or sold\u201d. "
             "Stock is X-Fine / Fine / Standard after the month.")


def cell_help(rows: Sequence[LedgerRow]) -> str:
    """The note under the ledger: ``CELL_HELP``, and where the last month's selling is still
    to come, that its cash and stock are as its buying left them."""
    last = rows[-1] if rows else None
    if last is not None and last.kind == "month" and last.offered is None:
        return CELL_HELP[:-1] + f"; in {last.label}, after its buying."
    return CELL_HELP
