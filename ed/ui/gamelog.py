"""The game log: every resolved phase told in plain sentences, month by month.

``log_lines(history, names, explanations=None)`` is pure (no tkinter is
imported until a ``GameLogPanel`` is built), so it is tested without a
display.  It reads only resolved reports (``game.history`` or
``view.history``), so it can never tell an unrevealed entry: an entry is
secret until its phase is resolved (RULES §4.3).

``GameLogPanel(parent)`` is a ttk frame with a read-only, scrollable text::

    GameLogPanel (ttk.Frame)
    +-- text       tk.Text, read-only, takes keyboard focus
    +-- scrollbar  ttk.Scrollbar (vertical)

API: ``set_lines(lines)``, ``append(line_or_lines)``, ``get_text()``.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ed.rules import NAMES, month_label
from ed.words import and_list

if TYPE_CHECKING:  # pragma: no cover
    from ed.report import LineResult, PhaseReport, SettlementLine

#: (month, phase, seat) -> a computer player's one-line explanation.
Explanations = Mapping[Tuple[int, str, int], str]

#: Between a line's heading ("Jan buying") and its sentences.
SEPARATOR = " \u2014 "


def money(amount: int) -> str:
    """``1234 -> "$1,234"``, ``-16 -> "-$16"``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


def signed(amount: int) -> str:
    """``2 -> "+2"``, ``-6 -> "-6"``, ``0 -> "0"``."""
    return f"+{amount}" if amount > 0 else str(amount)


def units_text(units: int, what: str = "unit") -> str:
    """``1 -> "1 unit"``, ``6 -> "6 units"``."""
    return f"{units} {what}" if units == 1 else f"{units} {what}s"


def stock_text(stock: Mapping[str, int]) -> str:
    """``{"xfine": 1, "fine": 0, "standard": 4} -> "1 X-Fine and 4 Standard"``."""
    parts = [f"{n} {NAMES[k]}" for k, n in stock.items() if n]
    if not parts:
        return "no materials"
    return and_list(parts)


def heading(report: "PhaseReport") -> str:
    """``"Jan buying"``: the month and phase a report belongs to, in the sheet's words."""
    doing = "buying" if report.phase == "purchasing" else "selling"
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
    buying = report.phase == "purchasing"
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
    buying = report.phase == "purchasing"
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


_HEADING = re.compile(r"^(.*?)" + SEPARATOR)


def _build_panel():
    import tkinter as tk
    from tkinter import ttk

    class GameLogPanel(ttk.Frame):  # noqa: F811 - the real class
        """A read-only, scrollable game log that keyboard users can reach and scroll.

        ``set_lines(lines)`` replaces the text; ``append(line_or_lines)`` adds
        to the end (following the end if the reader was there);
        ``get_text()`` returns what is shown.  The heading of each line
        (``"Jan buying"``) is shown in bold.
        """

        def __init__(self, parent: tk.Misc, *, height: int = 12, width: int = 60) -> None:
            super().__init__(parent)
            self.text = tk.Text(self, height=height, width=width, wrap="word", takefocus=1,
                                font="TkTextFont",
                                state="disabled", relief="flat", padx=6, pady=4,
                                highlightthickness=1, cursor="arrow",
                                spacing1=1, spacing3=3)
            self.scrollbar = ttk.Scrollbar(self, orient="vertical", command=self.text.yview)
            self.text.configure(yscrollcommand=self.scrollbar.set)
            self.text.grid(row=0, column=0, sticky="nsew")
            self.scrollbar.grid(row=0, column=1, sticky="ns")
            self.columnconfigure(0, weight=1)
            self.rowconfigure(0, weight=1)
            # A named font, so that a change of text size reaches the log too.
            self.text.tag_configure("heading", font="TkHeadingFont")
            self.text.tag_configure("end_of_game", foreground="#1a5e1a")
            for key, how in (("<Prior>", (-1, "pages")), ("<Next>", (1, "pages")),
                             ("<Up>", (-1, "units")), ("<Down>", (1, "units"))):
                self.text.bind(key, lambda e, h=how: self._scroll(*h))
            self.text.bind("<Home>", lambda e: self._to(0.0))
            self.text.bind("<End>", lambda e: self._to(1.0))
            self.text.bind("<Control-Home>", lambda e: self._to(0.0))
            self.text.bind("<Control-End>", lambda e: self._to(1.0))
            self.text.bind("<Button-1>", lambda e: self.text.focus_set(), add="+")
            self._lines: List[str] = []

        def _scroll(self, amount: int, what: str) -> str:
            self.text.yview_scroll(amount, what)
            return "break"

        def _to(self, fraction: float) -> str:
            self.text.yview_moveto(fraction)
            return "break"

        def set_lines(self, lines: Iterable[str]) -> None:
            """Show exactly ``lines``, from the top."""
            self._lines = []
            self.text.configure(state="normal")
            self.text.delete("1.0", "end")
            self.text.configure(state="disabled")
            self._insert(list(lines))
            self.text.yview_moveto(0.0)

        def append(self, lines: Union[str, Iterable[str]]) -> None:
            """Add one line or several at the end; follows the end if the reader was there."""
            if isinstance(lines, str):
                lines = [lines]
            at_end = self.text.yview()[1] >= 0.999
            self._insert(list(lines))
            if at_end:
                self.text.see("end")

        def _insert(self, lines: List[str]) -> None:
            self.text.configure(state="normal")
            for line in lines:
                if self._lines:
                    self.text.insert("end", "\n")
                match = _HEADING.match(line)
                tags = ("end_of_game",) if line.startswith("End of game") else ()
                if match:
                    self.text.insert("end", match.group(1), ("heading",) + tags)
                    self.text.insert("end", line[match.end(1):], tags)
                else:
                    self.text.insert("end", line, tags)
                self._lines.append(line)
            self.text.configure(state="disabled")

        @property
        def lines(self) -> List[str]:
            """The lines shown, in order."""
            return list(self._lines)

        def get_text(self) -> str:
            """Everything the log shows, as one string."""
            return self.text.get("1.0", "end-1c")

    return GameLogPanel


def __getattr__(name: str):
    # The panel class is built on first use so that importing this module
    # (for log_lines) never imports tkinter.
    if name == "GameLogPanel":
        cls = _build_panel()
        globals()["GameLogPanel"] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
