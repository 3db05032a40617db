"""What a resolved phase did, in a shape a reveal screen can show as it is.

``Game.resolve()`` records each phase as one compact ``PhaseRecord`` of
numbers, a named tuple with a ``SeatRecord`` per seat (it is on the hot path
of every game); a ``PhaseReport`` wraps that record and builds the detailed,
self-describing rows the first time they are asked for.
Every number and every sentence here comes from the engine's own decision;
nothing is recomputed by whoever reads it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from .entries import Lot
from .market import move
from .rules import GOODS, NAMES, OPENING_PRICES, RAW, Phase, month_label

Triple = Tuple[int, int, int]

PURCHASING = Phase.PURCHASING
SELLING = Phase.SELLING
OVER = Phase.OVER


class SeatRecord(NamedTuple):
    """One seat in a resolved phase, as ``Game.resolve()`` records it (per commodity of the
    phase, in ``PhaseReport.keys`` order; raw materials in X-Fine, Fine, Standard order)."""

    entry: Tuple[Lot, ...]  # units at a bid or an ask, per commodity
    done: Triple            # units bought or sold (what a cancelled order would have bought)
    money: int              # paid (purchasing) or received (selling)
    loan: int               # borrowed this phase (Variation I)
    cancelled: bool         # purchases cancelled, or offer not makeable
    used: Triple            # raw units the goods sold used up (selling)
    cash_after: int
    stock_after: Triple
    reason: str             # why, when cancelled; otherwise ""


class PhaseRecord(NamedTuple):
    """A resolved phase, as ``Game.resolve()`` records it: per commodity of the phase."""

    old: Triple             # the market prices before
    totals: Triple          # the units that counted towards the prices
    new: Triple             # the market prices after
    seats: Tuple[SeatRecord, ...]


@dataclass(frozen=True)
class CommodityResult:
    """One commodity in one phase: RULES §3 applied to the month's total."""

    commodity: str
    units: int          # total units that counted towards the price
    move: int
    old_price: int
    new_price: int


@dataclass(frozen=True)
class LineResult:
    """One seat's order or offer of one commodity and what became of it."""

    seat: int
    commodity: str
    units: int          # units ordered or offered
    price: int          # bid or ask per unit
    done: int           # units bought or sold
    money: int          # paid or received for them
    counted: bool       # whether the units counted towards the market price
    outcome: str        # the result in words, with its reason


@dataclass(frozen=True)
class SeatResult:
    """One seat's result for a phase."""

    seat: int
    name: str
    money: int                      # paid (purchasing) or received (selling)
    loan: int                       # borrowed this phase (Variation I)
    cancelled: bool                 # purchases cancelled, or offer not makeable
    reason: str                     # why, when cancelled; otherwise ""
    materials_used: Dict[str, int]  # raw units used by the goods sold (selling)
    cash_after: int
    stock_after: Dict[str, int]
    lines: Tuple[LineResult, ...]


@dataclass(frozen=True)
class SettlementLine:
    """RULES §5 for one seat: the end-of-game settlement."""

    seat: int
    name: str
    cash_before: int
    materials: Dict[str, int]   # raw units sold to the Broker
    materials_value: int
    borrowed: int
    loan_repaid: int
    final_cash: int
    profit: int
    place: int                  # 1 is the winner; equal scores share a place


def _stock_dict(triple: Triple) -> Dict[str, int]:
    return {"xfine": triple[0], "fine": triple[1], "standard": triple[2]}


class PhaseReport:
    """The public account of one resolved phase (RULES §4.3).

    Attributes: ``month``, ``phase`` (``"purchasing"`` or ``"selling"``),
    ``commodities`` (a ``CommodityResult`` each), ``seats`` (a ``SeatResult``
    each, with its ``lines``) and ``settlement`` (a ``SettlementLine`` per
    seat after the last month, otherwise ``None``).
    """

    __slots__ = ("month", "phase", "names", "record", "settlement", "_built")

    def __init__(self, month: int, phase: str, names: Tuple[str, ...], record: PhaseRecord,
                 settlement: Optional[Tuple[SettlementLine, ...]] = None) -> None:
        self.month = month
        self.phase = phase
        self.names = names
        self.record = record
        self.settlement = settlement
        self._built: Optional[tuple] = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhaseReport):
            return NotImplemented
        return (self.month, self.phase, self.names, self.record, self.settlement) == (
            other.month, other.phase, other.names, other.record, other.settlement)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PhaseReport {month_label(self.month)} {self.phase}>"

    @property
    def keys(self) -> Tuple[str, ...]:
        """The three commodities of this phase."""
        return RAW if self.phase == PURCHASING else GOODS

    @property
    def prices(self) -> Dict[str, int]:
        """The new market price of each commodity of this phase."""
        return dict(zip(self.keys, self.record.new))

    @property
    def commodities(self) -> Tuple[CommodityResult, ...]:
        """Per commodity: total units counted, the move, old and new price."""
        return self._build()[0]

    @property
    def seats(self) -> Tuple[SeatResult, ...]:
        """Per seat: money, loan, cancellation and reason, materials used, lines."""
        return self._build()[1]

    def _build(self) -> tuple:
        if self._built is None:
            old, totals, new, seat_records = self.record
            commodities = tuple(
                CommodityResult(key, totals[i], move(key, totals[i]), old[i], new[i])
                for i, key in enumerate(self.keys))
            seats = tuple(self._seat_result(seat, rec, new)
                          for seat, rec in enumerate(seat_records))
            self._built = (commodities, seats)
        return self._built

    def _seat_result(self, seat: int, rec: SeatRecord, market: Triple) -> SeatResult:
        buying = self.phase == PURCHASING
        cancelled, reason = rec.cancelled, rec.reason
        lines = []
        for i, key in enumerate(self.keys):
            units, price = rec.entry[i]
            # A cancelled order records what it would have bought, to say so.
            done = rec.done[i]
            outcome = _outcome(buying, key, units, price, done, market[i], cancelled, reason)
            got = 0 if cancelled else done
            counted = units > 0 and (buying or not cancelled)
            lines.append(LineResult(seat, key, units, price, got, got * price, counted, outcome))
        return SeatResult(seat, self.names[seat], rec.money, rec.loan, cancelled, reason,
                          _stock_dict(rec.used), rec.cash_after, _stock_dict(rec.stock_after),
                          tuple(lines))


def _outcome(buying: bool, key: str, units: int, price: int, done: int, market: int,
             cancelled: bool, reason: str) -> str:
    """The result of one line in words, with its reason."""
    name = NAMES[key]
    if units == 0:
        return "no order" if buying else "no offer"
    if buying:
        if cancelled:
            if done:
                return f"would have bought {done} at ${price}, but all purchases were cancelled: {reason}"
            return f"bid ${price} is below the market price ${market}"
        if done == units:
            return f"bought {units} at ${price} (bid ${price} is at or above the market price ${market})"
        if done:
            return (f"bought {done} of {units} at ${price}: the bid is ${market - price} "
                    f"below the market price ${market}, one unit fewer per dollar")
        return f"bid ${price} is below the market price ${market}"
    if cancelled:
        return f"not counted: {reason}"
    if done == units:
        return f"sold {units} {name} at ${price} (ask ${price} is at or below the market price ${market})"
    if done:
        return (f"sold {done} of {units} at ${price}: the ask is ${price - market} above the "
                f"market price ${market}, one unit fewer per $2 or part of $2")
    return f"ask ${price} is above the market price ${market}"


def prices_by_month(reports: Sequence[PhaseReport]) -> List[Dict[str, int]]:
    """Market prices month by month from the reports: index 0 the opening prices.

    A month whose selling phase is not yet resolved has only the raw materials.
    """
    rows: List[Dict[str, int]] = [dict(OPENING_PRICES)]
    for report in reports:
        if report.phase == PURCHASING:
            rows.append({})
        rows[-1].update(report.prices)
    return rows
