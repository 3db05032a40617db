"""What one seat may see (RULES.md §4.3): public information plus its own entry.

A ``PlayerView`` is a frozen snapshot (``Game.view`` takes it).  It holds no reference to the ``Game``
and no other seat's unrevealed entry, so a computer player given a view
cannot peek, and the window can draw a view without leaking secrets.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Optional, Tuple

from . import entries as _entries
from .report import OVER, PhaseReport, prices_by_month
from .rules import RAW, Rules, Seat

Triple = Tuple[int, int, int]


@dataclass(frozen=True, eq=False)
class PlayerView:
    """A read-only snapshot of the game as ``seat`` may see it.

    ``prices`` maps every commodity to its current market price; ``cash``,
    ``stock`` (X-Fine, Fine, Standard triples) and ``borrowed`` are per seat
    and public; ``submitted`` says who has an entry in (not what it is);
    ``entry`` is this seat's own pending entry or ``None``; ``history`` holds
    the reports of every resolved phase.
    """

    seat: int
    names: Tuple[str, ...]
    seats: Tuple["Seat", ...]
    rules: Rules
    month: int
    phase: str
    prices: Mapping[str, int]
    cash: Tuple[int, ...]
    stock: Tuple[Triple, ...]
    borrowed: Tuple[int, ...]
    submitted: Tuple[bool, ...]
    entry: Optional[Mapping[str, _entries.Lot]]
    history: Tuple[PhaseReport, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def name(self) -> str:
        """This seat's name."""
        return self.names[self.seat]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def months_left(self) -> int:
        """Months still to play, the current one included (0 once over)."""
        return 0 if self.is_over else self.rules.months - self.month + 1

    @property
    def is_last_month(self) -> bool:
        return not self.is_over and self.month == self.rules.months

    @property
    def own_cash(self) -> int:
        return self.cash[self.seat]

    @property
    def own_stock(self) -> Triple:
        return self.stock[self.seat]

    def stock_of(self, seat: int) -> dict:
        """A seat's stock as the API's mapping."""
        return dict(zip(RAW, self.stock[seat]))

    @property
    def keys(self) -> Tuple[str, ...]:
        """The commodities entered in the current phase."""
        return _entries.keys_of(self.phase) if not self.is_over else ()

    def previous_prices(self) -> Tuple[int, int, int]:
        """The prices the current phase's three commodities move from."""
        return tuple(self.prices[k] for k in self.keys)  # type: ignore[return-value]

    def price_history(self) -> Tuple[Mapping[str, int], ...]:
        """Market prices month by month, index 0 the opening prices (see ``Game.price_history``)."""
        return tuple(MappingProxyType(r) for r in prices_by_month(self.history))
