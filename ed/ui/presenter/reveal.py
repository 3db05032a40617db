"""The reveal of a resolved phase: a column per commodity, a row per seat, from the report alone."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence, Tuple

from ...rules import NAMES, month_label
from .common import PURCHASING, money, signed, stock_text, units_text
from .voices import said_after


# ------------------------------------------------------------------- reveal

@dataclass(frozen=True)
class RevealBlock:
    """One commodity in the reveal: its headline and every seat's line."""

    key: str
    name: str
    summary: str                                    # units in all, move, old → new price
    rows: Tuple[Tuple[str, str, str, str], ...]    # seat name, units, price, result
    failed: Tuple[bool, ...]                        # per row: an entry that came to nothing

    @property
    def heading(self) -> str:
        return f"{self.name}: {self.summary}"


@dataclass(frozen=True)
class RevealColumn:
    """One commodity's heading in the reveal: how many units, the move, the new price."""

    key: str
    name: str
    units: str          # "14 units ordered"
    move: str           # "+4: $38 → $42"
    total: int = 0      # the units that counted towards the price
    verb: str = ""      # "ordered" or "offered"
    old_price: int = 0
    new_price: int = 0


@dataclass(frozen=True)
class RevealCell:
    """One seat's entry for one commodity: what was entered and what became of it.

    ``state`` is "done", "part", "failed" or "none"; ``result`` starts with a
    mark (✓, ◐, ✗) so the state never rests on colour alone; ``outcome`` is
    the engine's full sentence with its reason.
    """

    entered: str        # "4 at $45" or "—"
    result: str         # "✓ 4 for $180", "◐ 2 of 4 for $90", "✗ bid under $42"
    outcome: str
    state: str
    counted: int = 0    # the units that counted towards the market price


@dataclass(frozen=True)
class RevealRow:
    """One seat across the reveal: its cells, its money, and a computer's words."""

    seat: int
    name: str
    cells: Tuple[RevealCell, ...]
    money: str          # paid or received this phase
    cash: str
    stock: str
    note: str           # cancellation, loan, materials used
    thought: str        # a computer player's explanation, now public
    reaction: str       # a computer player's reaction to what happened
    mood: str           # "pleased", "neutral" or "glum" (its portrait's face)
    short: str = ""     # the note in a few words, for a person's one line

    @property
    def line(self) -> str:
        """The one short line shown under the row: a computer player's words, or what
        matters most of a person's note (a cancelled purchase, a loan)."""
        return f"“{self.reaction}”" if self.reaction else self.short

    @property
    def detail(self) -> str:
        """Everything said of the row, opened on demand: its words, the reasoning, the notes."""
        return self.reasoning(line_whole=False)

    def reasoning(self, *, line_whole: bool) -> str:
        """What opens under the row: a computer player's words (unless ``line_whole``: the
        whole line is on show just above it), the reasoning, then the notes."""
        words = []
        if self.reaction and not line_whole:
            words.append(f"“{self.reaction}”")
        if self.thought:
            words.append(f"Thinking: {self.thought.rstrip('.')}.")
        if self.note:
            words.append(self.note)
        return "  ".join(words)


@dataclass(frozen=True)
class Reveal:
    title: str
    blocks: Tuple[RevealBlock, ...]
    seats: Tuple[Tuple[str, str, str, str, str], ...]  # name, money, cash, stock, note
    thoughts: Tuple[str, ...] = ()      # the computer players' explanations, once revealed
    columns: Tuple[RevealColumn, ...] = ()
    rows: Tuple[RevealRow, ...] = ()


def reveal(report, explanations: Optional[Mapping[int, str]] = None, *,
           seats_info: Optional[Mapping[int, object]] = None,
           history: Optional[Sequence] = None, rules=None) -> Reveal:
    """The reveal screen for one resolved phase, from the engine's report alone.

    ``explanations``: each computer seat's sentence, now public; ``seats_info``:
    each computer seat's ``Personality`` (or ``None``), for its face and its line
    (people get none); ``history``: the game's reports, so that no computer player
    says again what it said before; ``rules``: the game's (its months and recipes).
    """
    buying = report.phase == PURCHASING
    verb = "ordered" if buying else "offered"
    blocks = []
    for index, result in enumerate(report.commodities):
        move = signed(result.move)
        summary = (f"{units_text(result.units)} {verb} in all, so the price moves {move}: "
                   f"{money(result.old_price)} → {money(result.new_price)}")
        rows, failed = [], []
        for seat in report.seats:
            line = seat.lines[index]
            failed.append(bool(line.units) and line.done == 0)
            if not line.units:
                rows.append((seat.name, "—", "", line.outcome))
                continue
            rows.append((seat.name, str(line.units), money(line.price), line.outcome))
        blocks.append(RevealBlock(result.commodity, NAMES[result.commodity], summary,
                                  tuple(rows), tuple(failed)))
    seats = []
    for seat in report.seats:
        note_parts = []
        if seat.cancelled:
            note_parts.append(("purchases cancelled: " if buying else "offer not makeable: ")
                              + seat.reason)
        if seat.loan:
            note_parts.append(f"borrowed {money(seat.loan)} from the Broker")
        if not buying and any(seat.materials_used.values()):
            note_parts.append(f"used {stock_text(seat.materials_used)} to make the goods sold")
        paid = money(seat.money)
        seats.append((seat.name, paid, money(seat.cash_after), stock_text(seat.stock_after),
                      "; ".join(note_parts)))
    title = f"{month_label(report.month)}: {'orders' if buying else 'offers'} revealed"
    thoughts = tuple(f"{report.names[seat]}: {text}"
                     for seat, text in sorted((explanations or {}).items()) if text)
    columns = tuple(RevealColumn(result.commodity, NAMES[result.commodity],
                                 f"{units_text(result.units)} {verb}",
                                 f"{signed(result.move)}: {money(result.old_price)} → "
                                 f"{money(result.new_price)}", result.units, verb,
                                 result.old_price, result.new_price)
                    for result in report.commodities)
    computers = seats_info or {}
    said = said_after(report, history, computers, rules=rules)
    rows = tuple(_reveal_row(report, seat, (explanations or {}).get(seat.seat, ""),
                             said[seat.seat] if seat.seat in computers else None)
                 for seat in report.seats)
    return Reveal(title, tuple(blocks), tuple(seats), thoughts, columns, rows)


def _reveal_cell(line, buying: bool, cancelled: bool, market: int) -> RevealCell:
    """One seat's line of one commodity, short enough for a column of the reveal."""
    if not line.units:
        return RevealCell("—", "", line.outcome, "none")
    entered = f"{line.units} at {money(line.price)}"
    counted = line.units if line.counted else 0
    if cancelled:
        return RevealCell(entered, "✗ cancelled" if buying else "✗ not made", line.outcome,
                          "failed", counted)
    if line.done == line.units:
        return RevealCell(entered, f"✓ {line.done} for {money(line.money)}", line.outcome,
                          "done", counted)
    if line.done:
        return RevealCell(entered, f"◐ {line.done} of {line.units} for {money(line.money)}",
                          line.outcome, "part", counted)
    side = f"✗ bid under {money(market)}" if buying else f"✗ ask over {money(market)}"
    return RevealCell(entered, side, line.outcome, "failed", counted)


def _reveal_row(report, seat, explanation: str, said) -> RevealRow:
    """One seat's row; ``said``: a computer seat's face and line (``None`` for a person)."""
    buying = report.phase == PURCHASING
    markets = [c.new_price for c in report.commodities]
    cells = tuple(_reveal_cell(line, buying, seat.cancelled, market)
                  for line, market in zip(seat.lines, markets))
    notes = []
    if seat.cancelled:
        notes.append(("Purchases cancelled: " if buying else "Offer not makeable: ") +
                     seat.reason)
    if seat.loan:
        notes.append(f"Borrowed {money(seat.loan)} from the Broker.")
    if not buying and any(seat.materials_used.values()):
        notes.append(f"Used {stock_text(seat.materials_used)} to make the goods sold.")
    line, mood = (said.text, said.mood) if said is not None else ("", "neutral")
    short = ""
    if seat.cancelled:
        short = "Purchases cancelled: not enough cash." if buying else \
            "Offer could not be made from stock."
    elif seat.loan:
        short = f"Borrowed {money(seat.loan)}."
    return RevealRow(seat.seat, seat.name, cells, money(seat.money), money(seat.cash_after),
                     stock_text(seat.stock_after), " ".join(notes), explanation, line, mood,
                     short)
