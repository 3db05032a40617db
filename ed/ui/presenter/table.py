"""What lies on the table around the sheet: the players, the table of prices, the reference
charts, the progress strip, the pass-and-play cover and the rules in one line."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Mapping, Optional, Sequence, Tuple

from ...rules import GOODS, NAMES, RAW, month_label
from .common import OVER, PURCHASING, SELLING, money, signed, stock_text


# -------------------------------------------------------------- table of prices

PRICE_COLUMNS: Tuple[str, ...] = tuple(NAMES[k] for k in RAW + GOODS)


def price_board_rows(price_history: Sequence[Mapping[str, int]], months: int
                     ) -> List[Tuple[str, Tuple[str, ...]]]:
    """The Prices tab: the opening prices, then every month's market prices.

    Months not yet played show empty cells, so the table has a row for each
    month of the game.
    """
    rows: List[Tuple[str, Tuple[str, ...]]] = []
    for index in range(months + 1):
        prices = price_history[index] if index < len(price_history) else {}
        label = "Opening" if index == 0 else month_label(index)
        rows.append((label, tuple(money(prices[k]) if k in prices else ""
                                  for k in RAW + GOODS)))
    return rows



# ---------------------------------------------------------------- seat panel

@dataclass(frozen=True)
class SeatRow:
    """Public facts about one seat for the players panel."""

    name: str
    who: str            # "you", "human", "computer: Mabel, medium"
    cash: str
    stock: str
    borrowed: str
    status: str         # "✓", "waiting", "thinking…" or "" once the game is over
    current: bool       # the seat whose sheet is shown
    plays: str = ""     # short: "person" or "computer, hard"
    mark: str = ""      # beside the cash: "✓" (entry in), "…" (thinking) or nothing
    about: str = ""     # the whole of it in a sentence, for the pointer resting on the face
    owes: str = ""      # beside the cash, what the seat owes: "loan $100", or nothing


def seat_rows(view, *, current: Optional[int] = None, personalities: Optional[Mapping] = None,
              thinking: Sequence[int] = ()) -> List[SeatRow]:
    """Every seat's cash, stock and whether it has submitted — and nothing more.

    ``thinking`` lists the computer seats deciding at this moment.
    """
    rows = []
    for seat, name in enumerate(view.names):
        info = view.seats[seat]
        if info.is_computer:
            person = (personalities or {}).get(info.personality)
            label = person.temperament if person is not None else "computer player"
            who = f"computer ({info.level or 'medium'}): {label}"
        else:
            who = "human"
        if view.is_over:
            status = ""
        elif view.submitted[seat]:
            status = "✓"
        else:
            status = "thinking…" if seat in thinking else "waiting"
        plays = f"computer, {info.level or 'medium'}" if info.is_computer else "person"
        row = SeatRow(name, who, money(view.cash[seat]), stock_text(view.stock_of(seat)),
                      money(view.borrowed[seat]) if view.borrowed[seat] else "",
                      status, seat == current, plays, SEAT_MARKS.get(status, ""))
        # once the game is over every loan has been repaid out of the final cash: the face
        # no longer says "loan" (the standings and the pointer say what was borrowed)
        owes = f"loan {row.borrowed}" if row.borrowed and not view.is_over else ""
        rows.append(replace(row, about=_seat_about(row), owes=owes))
    return rows


#: What a face shows beside the cash for each state of its entry (the word on hover).
SEAT_MARKS = {"✓": "✓", "thinking…": "…"}
#: A seat's state in the sentence about it.
_STATUS_WORDS = {"✓": "entry in", "waiting": "entry still to come",
                 "thinking…": "thinking about its entry"}


def _seat_about(row: SeatRow) -> str:
    """``"Mabel, computer (expert): the careful one. Cash $656, stock 0·0·1 (X-Fine · Fine ·
    Standard); entry in."``: everything about a seat, said on hover."""
    owes = f", borrowed {row.borrowed}" if row.borrowed else ""
    state = _STATUS_WORDS.get(row.status)
    who = "a person" if row.who == "human" else row.who
    return (f"{row.name}, {who}. Cash {row.cash}, stock {row.stock} (X-Fine · Fine · "
            f"Standard){owes}" + (f"; {state}." if state else "."))



# ------------------------------------------------------------- reference

def calculator_rows() -> Tuple[List[Tuple[str, str]], List[Tuple[str, str]]]:
    """The market calculator as two short tables: units involved -> price move."""
    from ...market import goods_move, raw_move
    raw = [(str(units), signed(raw_move(units))) for units in range(0, 25, 2)]
    goods = [(str(units), signed(goods_move(units))) for units in range(0, 13)]
    return raw, goods


def production_rows(recipes: Mapping[str, Sequence[int]]) -> List[Tuple[str, str]]:
    """The production chart: each good and the three raw units that make it."""
    rows = []
    for good in GOODS:
        parts = []
        for key, count in zip(RAW, recipes[good]):
            parts.extend([NAMES[key]] * count)
        rows.append((good, " + ".join(parts)))
    return rows


SUBSTITUTION = ("X-Fine may stand in for Fine, and Fine for Standard; nothing else. "
                "Goods are made only when they sell.")



# ----------------------------------------------------------------- progress

@dataclass(frozen=True)
class Progress:
    """Where the game stands, for the strip along the top of the window.

    ``months`` are the column headings; ``done`` counts the phases resolved
    (two a month); ``current`` is the index of the phase being played
    (``(month - 1) * 2``, plus one when selling), ``None`` once the game is over.
    """

    label: str
    months: Tuple[str, ...]
    done: int
    current: Optional[int]


def progress(months: int, month: int, phase: str, *, revealed: bool = False) -> Progress:
    """The progress strip for a game of ``months`` months at ``month`` and ``phase``.

    With ``revealed``, that phase has just been resolved and its reveal is on show.
    """
    headings = tuple(month_label(m) for m in range(1, months + 1))
    if phase == OVER:
        return Progress(f"Game over after {months} month{'s' if months != 1 else ''}",
                        headings, months * 2, None)
    current = (month - 1) * 2 + (1 if phase == SELLING else 0)
    if revealed:
        what = "orders" if phase == PURCHASING else "offers"
        return Progress(f"{month_label(month)}: month {month} of {months}, {what} revealed",
                        headings, current + 1, current)
    step = "buying raw materials" if phase == PURCHASING else "selling finished goods"
    return Progress(f"{month_label(month)}: month {month} of {months}, {step}",
                    headings, current, current)




# ------------------------------------------------------------------- turns

def needs_cover(humans: Sequence[int]) -> bool:
    """Pass-and-play: a cover goes between turns when more than one person plays."""
    return len(humans) > 1


def cover_text(name: str) -> Tuple[str, str]:
    """The cover's headline and its explanation."""
    return (f"Pass to {name}",
            f"Only {name} should look at the screen now. The other players' entries stay "
            f"hidden until the reveal.")


def variations_summary(rules) -> str:
    """The variations in play, for the status line (the rest of the set-up shows on the
    sheet and the strip): ``"loans · partial fills"``, or ``""`` for the plain rules."""
    parts = [text for flag, text in (("loans", "loans"), ("partial_fills", "partial fills"),
                                     ("partial_sales", "partial sales"),
                                     ("classic_recipes", "classic chart"))
             if getattr(rules, flag)]
    return " · ".join(parts)


def setup_summary(rules) -> str:
    """The rules options in a few words, for the window's status line and the printed sheet:
    ``"4 players · 12 months · $450 each · 9 units a month · loans"``."""
    parts = [f"{rules.players} players", f"{rules.months} months",
             f"{money(rules.starting_cash)} each", f"{rules.order_limit} units a month"]
    for flag, text in (("loans", "loans"), ("partial_fills", "partial fills"),
                       ("partial_sales", "partial sales"),
                       ("classic_recipes", "classic chart")):
        if getattr(rules, flag):
            parts.append(text)
    return " · ".join(parts)
