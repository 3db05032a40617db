"""The end of the game: the final table of RULES §5, who won, and the last words."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

from ...rules import LOAN_REPAY_PER_STEP, LOAN_STEP
from ...words import and_list
from .common import money, ordinal
from ...rules import NAMES
from .voices import last_said


# -------------------------------------------------------------- end of game

@dataclass(frozen=True)
class Quote:
    """A computer player's last word on the end screen."""

    seat: int
    name: str
    text: str
    mood: str


@dataclass(frozen=True)
class Ending:
    headline: str
    rows: Tuple[Tuple[str, ...], ...]   # place, name, cash, materials, loans, final, profit
    text: str = ""                      # how the final cash was worked out (RULES §5)
    winners: Tuple[int, ...] = ()       # the seats in first place
    quotes: Tuple[Quote, ...] = ()      # the computer players' last words
    seats: Tuple[int, ...] = ()         # the seat of each row
    columns: Tuple[str, ...] = ()       # the table's headings (no loans column without loans)


def ending(settlement, *, loans: bool = False, computers: Optional[Mapping[int, object]] = None
           ) -> Ending:
    """The end-of-game table (RULES §5) and who won, from the settlement lines.

    ``computers`` maps each computer seat to its ``Personality`` (or ``None``),
    for their last words.
    """
    lines = sorted(settlement, key=lambda s: (s.place, s.seat))
    winners = [s.name for s in lines if s.place == 1]
    if len(winners) == 1:
        headline = f"{winners[0]} wins with {money(lines[0].final_cash)}!"
    else:
        headline = f"{and_list(winners)} share first place with {money(lines[0].final_cash)}!"
    rows = []
    for s in lines:
        mats = (f"{materials_words(s.materials)} for {money(s.materials_value)}"
                if any(s.materials.values()) else "—")
        repaid = f"-{money(s.loan_repaid)} (borrowed {money(s.borrowed)})" if s.loan_repaid else "—"
        rows.append((ordinal(s.place), s.name, money(s.cash_before), mats,
                     repaid if loans or s.loan_repaid else "—",
                     money(s.final_cash), money(s.profit) if s.profit < 0 else "+" + money(s.profit)))
    borrowed = loans or any(s.loan_repaid for s in lines)
    columns = ENDING_COLUMNS
    if not borrowed:    # a game without loans says nothing of them
        columns = columns[:4] + columns[5:]
        rows = [row[:4] + row[5:] for row in rows]
    text = ("Raw materials left in stock were sold to the Broker at the last market prices"
            + (f", and loans were repaid at ${LOAN_REPAY_PER_STEP} for each ${LOAN_STEP}."
               if borrowed else ".")
            + " The most cash wins.")
    first = tuple(s.seat for s in lines if s.place == 1)
    said = last_said(settlement, computers or {})
    quotes = [Quote(s.seat, s.name, said[s.seat].text, said[s.seat].mood)
              for s in sorted(lines, key=lambda s: s.seat) if s.seat in said]
    return Ending(headline, tuple(rows), text, first, tuple(quotes),
                  tuple(s.seat for s in lines), columns)


def materials_words(stock: Mapping[str, int]) -> str:
    """The grades left, named: ``"2 X-Fine, 3 Standard"`` (no digits without a name)."""
    return ", ".join(f"{count} {NAMES[key]}" for key, count in stock.items() if count)


ENDING_COLUMNS = ("Place", "Player", "Cash in hand", "Materials to the Broker",
                  "Loans repaid", "Final cash", "Profit")
