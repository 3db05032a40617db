"""The game log: every resolved phase told in plain sentences, month by month.

``log_lines(history, names, explanations=None)`` is pure, so it is tested
without a display; ``ed.ui.screens.gamelog`` shows it.  It reads only
resolved reports (``game.history`` or ``view.history``), so it can never
tell an unrevealed entry: an entry is secret until its phase is resolved
(RULES §4.3).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable, List, Mapping, Optional, Sequence, Tuple

from ...rules import NAMES, month_label
from ...words import and_list, money
from .common import PURCHASING, signed, units_text

if TYPE_CHECKING:  # pragma: no cover
    from ...report import LineResult, PhaseReport, SettlementLine

#: (month, phase, seat) -> a computer player's one-line explanation.
Explanations = Mapping[Tuple[int, str, int], str]

#: Between a line's heading ("Jan buying") and its sentences.
SEPARATOR = " \u2014 "


def stock_text(stock: Mapping[str, int]) -> str:
    """``{"xfine": 1, "fine": 0, "standard": 4} -> "1 X-Fine and 4 Standard"``."""
    parts = [f"{n} {NAMES[k]}" for k, n in stock.items() if n]
    if not parts:
        return "no materials"
    return and_list(parts)


def heading(report: "PhaseReport") -> str:
    """``"Jan buying"``: the month and phase a report belongs to, in the sheet's words."""
    doing = "buying" if report.phase == PURCHASING else "selling"
    return f"{month_label(report.month)} {doing}"


def _line_sentence(name: str, buying: bool, line: "LineResult", cancelled: bool) -> str:
    """One seat's order or offer of one commodity, in a short sentence."""
    price = money(line.price)
    if buying:
        if cancelled:
            return f"{name} bid {price} for {line.units}: cancelled, short of cash."
        if line.done == line.units:
            return f"{name} bought {line.done} at {price}."
        if line.done:
            return f"{name} bought {line.done} of {line.units} at {price} (bid below the market)."
        return f"{name} bid {price} for {line.units}: too low."
    if not line.counted:
        return f"{name} offered {line.units} at {price}: not counted, the offer could not be made."
    if line.done == line.units:
        return f"{name} sold {line.done} at {price}."
    if line.done:
        return f"{name} sold {line.done} of {line.units} at {price} (ask above the market)."
    return f"{name} asked {price} for {line.units}: too high."


def _commodity_line(report: "PhaseReport", index: int, names: Sequence[str]) -> str:
    result = report.commodities[index]
    buying = report.phase == PURCHASING
    verb = "ordered" if buying else "offered"
    parts = [f"{NAMES[result.commodity]}: {units_text(result.units)} {verb}, "
             f"price moves {signed(result.move)} from {money(result.old_price)} "
             f"to {money(result.new_price)}"]
    if result.old_price + result.move < 1:
        parts[0] += " (a price never falls below $1)"
    parts[0] += "."
    for seat in report.seats:
        line = seat.lines[index]
        if line.units:
            parts.append(_line_sentence(_name(names, seat.seat), buying, line, seat.cancelled))
    return heading(report) + SEPARATOR + " ".join(parts)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _seat_notes(report: "PhaseReport", names: Sequence[str]) -> List[str]:
    """Cancellations, loans and money changing hands: one line for the phase, or none."""
    lines: List[str] = []
    buying = report.phase == PURCHASING
    for seat in report.seats:
        name = _name(names, seat.seat)
        notes = []
        if seat.cancelled and buying:
            notes.append(f"{name}'s purchases were all cancelled: {seat.reason}.")
        elif seat.cancelled:
            notes.append(f"{name}'s offer could not be made from stock, so none of it "
                         f"counted or sold.")
        if seat.loan:
            notes.append(f"{name} borrowed {money(seat.loan)} from the Broker.")
        if seat.money and buying:
            notes.append(f"{name} paid {money(seat.money)}.")
        elif seat.money:
            used = stock_text(seat.materials_used)
            notes.append(f"{name} received {money(seat.money)} and used {used}.")
        lines.extend(notes)
    return [heading(report) + SEPARATOR + " ".join(lines)] if lines else []


def _standing_line(report: "PhaseReport", names: Sequence[str]) -> str:
    parts = [f"{_name(names, s.seat)} {money(s.cash_after)} with {stock_text(s.stock_after)}"
             for s in report.seats]
    return heading(report) + SEPARATOR + "Afterwards: " + "; ".join(parts) + "."


def report_lines(report: "PhaseReport", names: Sequence[str],
                 explanations: Optional[Explanations] = None) -> List[str]:
    """The sentences for one resolved phase, then its settlement if it ended the game."""
    lines = []
    if explanations:
        for seat in range(len(report.seats)):
            said = explanations.get((report.month, report.phase, seat))
            if said:
                lines.append(heading(report) + SEPARATOR
                             + f"{_name(names, seat)} (computer): {said.strip()}")
    lines.extend(_commodity_line(report, i, names) for i in range(len(report.commodities)))
    lines.extend(_seat_notes(report, names))
    lines.append(_standing_line(report, names))
    if report.settlement:
        lines.extend(settlement_lines(report.settlement, names))
    return lines


def place_text(place: int) -> str:
    """``1 -> "1st"``, ``2 -> "2nd"``, ``11 -> "11th"``."""
    if 10 <= place % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def settlement_lines(settlement: Sequence["SettlementLine"], names: Sequence[str]) -> List[str]:
    """RULES §5 told per seat, then the winner or winners."""
    lines = []
    for line in settlement:
        name = _name(names, line.seat)
        parts = []
        if line.materials_value or any(line.materials.values()):
            parts.append(f"{name} sold {stock_text(line.materials)} to the Broker for "
                         f"{money(line.materials_value)}.")
        if line.loan_repaid:
            parts.append(f"{name} repaid {money(line.loan_repaid)} for {money(line.borrowed)} "
                         f"borrowed.")
        parts.append(f"{name} finishes with {money(line.final_cash)} "
                     f"(profit {money(line.profit)}), {place_text(line.place)} place.")
        lines.append("End of game" + SEPARATOR + " ".join(parts))
    winners = [_name(names, line.seat) for line in settlement if line.place == 1]
    if len(winners) == 1:
        lines.append("End of game" + SEPARATOR + f"{winners[0]} wins.")
    elif winners:
        lines.append("End of game" + SEPARATOR + f"{and_list(winners)} share first place.")
    return lines


def log_lines(history: Iterable["PhaseReport"], names: Sequence[str],
              explanations: Optional[Explanations] = None) -> List[str]:
    """Every resolved report in plain sentences, oldest first, with the settlement at the end.

    ``explanations`` maps ``(month, phase, seat)`` to a computer player's
    one-line explanation; only those of phases in ``history`` (resolved
    phases) are shown.
    """
    lines: List[str] = []
    for report in history:
        lines.extend(report_lines(report, names, explanations))
    return lines


def month_lines(history: Iterable["PhaseReport"], names: Sequence[str], month: int,
                explanations: Optional[Explanations] = None) -> List[str]:
    """The sentences of one month's resolved phases (and the settlement after the last)."""
    return log_lines([r for r in history if r.month == month], names, explanations)


#: a line's heading ("Jan buying"), shown in bold
HEADING = re.compile(r"^(.*?)" + SEPARATOR)
