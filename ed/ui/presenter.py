"""What the widgets show, worked out without tkinter.

Every function here turns engine objects (a ``PlayerView``, ``PhaseReport``
or the hints of ``ed.hints``) into plain strings, flags and rows.  No rule
is computed here: the numbers come from the engine, its reports and its
hints; this module only chooses the words.  It is unit-tested without a
display (``tests/ui/test_presenter.py``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from .. import hints
from ..rules import GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP, NAMES, RAW, month_label

PURCHASING = "purchasing"
SELLING = "selling"
OVER = "over"

#: What each phase is called where a newcomer reads it.
PHASE_TITLES = {PURCHASING: "Buying raw materials", SELLING: "Selling finished goods",
                OVER: "Game over"}


# --------------------------------------------------------------- tally sheet

@dataclass(frozen=True)
class TallyRow:
    """One row of the tally sheet: its id, the block it is in and its labels."""

    id: str             # e.g. "xfine.units", "orders.total", "cash"
    block: str          # "orders", "sales" or "month"
    key: str            # commodity key, or "" for totals and month rows
    field: str          # "units", "price", "money", "total", "cash", "stock", "loan"
    label: str          # what the row heading says
    group: str          # the commodity name shown once per group, or ""


def tally_rows(*, loans: bool = False) -> Tuple[TallyRow, ...]:
    """The rows of the paper tally sheet: Orders, Sales, then the month's end."""
    rows: List[TallyRow] = []
    for block, keys, money in (("orders", RAW, "paid"), ("sales", GOODS, "received")):
        for key in keys:
            name = NAMES[key]
            rows.append(TallyRow(f"{key}.units", block, key, "units", "units", name))
            rows.append(TallyRow(f"{key}.price", block, key, "price", "price", ""))
            rows.append(TallyRow(f"{key}.money", block, key, "money", money, ""))
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
    tone: str = ""      # "", "total", "bad" (a cancelled total), "good"


def money(value: int) -> str:
    """``1234 -> "$1,234"``; negative amounts keep their sign in front."""
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def stock_text(stock: Mapping[str, int]) -> str:
    """Raw stock as ``"2 · 0 · 4"`` (X-Fine, Fine, Standard)."""
    return "·".join(str(stock[k]) for k in RAW)


def _units_text(units: int, done: int) -> str:
    return str(units) if done in (0, units) else f"{done}/{units}"


def report_cells(report, seat: int) -> Dict[str, Cell]:
    """The tally cells one resolved phase fills for ``seat``: row id -> ``Cell``.

    A line that bought or sold nothing is struck through; so is every line of
    a cancelled order and of an offer that could not be made.
    """
    result = report.seats[seat]
    block = "orders" if report.phase == PURCHASING else "sales"
    cells: Dict[str, Cell] = {}
    for line in result.lines:
        if not line.units:
            continue
        struck = result.cancelled or line.done == 0
        cells[f"{line.commodity}.units"] = Cell(_units_text(line.units, line.done), struck)
        cells[f"{line.commodity}.price"] = Cell(money(line.price), struck)
        cells[f"{line.commodity}.money"] = Cell(money(line.money) if line.money else "—", struck)
    if result.cancelled:
        cells[f"{block}.total"] = Cell("cancelled" if block == "orders" else "not made", False, "bad")
    elif any(line.units for line in result.lines):
        cells[f"{block}.total"] = Cell(money(result.money), False, "total")
    if report.phase == SELLING:
        cells["cash"] = Cell(money(result.cash_after), False, "total")
        cells["stock"] = Cell(stock_text(result.stock_after))
    if result.loan:
        cells["loan"] = Cell(money(result.loan), False, "bad")
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
    """The line above the sheet: whose it is, which month and what to do now."""
    if view.is_over:
        return f"{view.name}'s tally sheet — the game is over"
    doing = "buying" if view.phase == PURCHASING else "selling"
    return f"{view.name}'s tally sheet: {month_label(view.month)}, {doing}"


def instructions(view) -> str:
    """One or two sentences telling a newcomer what to do in this phase."""
    if view.is_over:
        return "The game is over. Start a new one from the Game menu."
    if view.phase == PURCHASING:
        limit = view.rules.order_limit
        extra = (f" (at most {view.rules.grade_limit} of one grade)"
                 if view.rules.players == 2 else "")
        return (f"For each grade you want, type the units (up to {limit} in all{extra}) and "
                f"your bid per unit in the yellow column; a bid at or above the new market "
                f"price buys. Enter submits.")
    return ("For each good you offer from your stock, type the units and your asking price; "
            "an ask at or below the new market price sells. Enter submits.")


# -------------------------------------------------------------- price board

PRICE_COLUMNS: Tuple[str, ...] = tuple(NAMES[k] for k in RAW + GOODS)


def price_board_rows(price_history: Sequence[Mapping[str, int]], months: int
                     ) -> List[Tuple[str, Tuple[str, ...]]]:
    """The Price Level Board: the opening prices, then every month's market prices.

    Months not yet played show empty cells, so the board has a row for each
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
        rows.append(SeatRow(name, who, money(view.cash[seat]), stock_text(view.stock_of(seat)),
                            money(view.borrowed[seat]) if view.borrowed[seat] else "",
                            status, seat == current, plays))
    return rows


# ------------------------------------------------------------- reference

def calculator_rows() -> Tuple[List[Tuple[str, str]], List[Tuple[str, str]]]:
    """The market calculator as two short tables: units involved -> price move."""
    from ..market import goods_move, raw_move
    raw = [(str(units), _signed(raw_move(units))) for units in range(0, 25, 2)]
    goods = [(str(units), _signed(goods_move(units))) for units in range(0, 13)]
    return raw, goods


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


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


# ------------------------------------------------------------------- entry

@dataclass(frozen=True)
class Hint:
    """One line of live help next to a field; ``level`` is "info", "warn" or "error"."""

    text: str
    level: str = "info"


@dataclass(frozen=True)
class EntryHelp:
    """Everything the live help shows for an entry being typed."""

    entry: Dict[str, Tuple[int, int]]   # what would be submitted
    lines: Dict[str, Hint]              # commodity key -> help next to its fields
    total: Hint                         # next to the total row
    ok: bool                            # whether Submit may send it
    first_bad: Optional[str]            # the commodity key to focus after a refusal
    refusal: str                        # a one-line summary when not ok
    bad_field: str = "units"            # which of its two fields: "units" or "price"


_WHOLE = re.compile(r"[+-]?[0-9]+")
#: More digits than this stand for an absurdly large number (the rules refuse it by name).
_MAX_DIGITS = 30


def parse_number(text: str) -> Optional[int]:
    """A whole number typed by a person (``"$1,200"``, ``"-3"``), or ``None`` if it is not one.

    Whether it is too large or negative is for the rules to say, by name;
    a number of more than 30 digits comes back as ``10**30`` (with its sign).
    """
    cleaned = text.strip().replace(",", "").replace("$", "").replace(" ", "")
    if not cleaned:
        return 0
    if not _WHOLE.fullmatch(cleaned):
        return None
    sign = -1 if cleaned.startswith("-") else 1
    digits = cleaned.lstrip("+-").lstrip("0") or "0"
    return sign * (10 ** _MAX_DIGITS if len(digits) > _MAX_DIGITS else int(digits))


def _parse(view, texts: Mapping[str, Tuple[str, str]]
           ) -> Tuple[Dict[str, Tuple[int, int]], Dict[str, str], Dict[str, bool]]:
    """Typed texts -> (entry, messages for fields that are not numbers, price missing)."""
    word = "bid" if view.phase == PURCHASING else "asking price"
    entry: Dict[str, Tuple[int, int]] = {}
    bad: Dict[str, str] = {}
    missing: Dict[str, bool] = {}
    for key in view.keys:
        units_text, price_text = texts.get(key, ("", ""))
        units, price = parse_number(units_text), parse_number(price_text)
        name = NAMES[key]
        if units is None:
            bad[key] = f"{name} units must be a whole number such as 4, not “{units_text.strip()}”."
            continue
        if price is None:
            bad[key] = f"The {name} {word} must be a whole number of dollars such as 35, not “{price_text.strip()}”."
            continue
        if units > 0 and not price_text.strip():
            missing[key] = True
        if units or price:
            entry[key] = (units, price)
    return entry, bad, missing


def entry_help(view, texts: Mapping[str, Tuple[str, str]], *, tried: bool = False) -> EntryHelp:
    """Live help for the entry typed so far: what each field allows and what is wrong.

    ``texts`` maps each commodity key of the phase to its (units, price)
    texts.  ``tried`` is true once the player has pressed Submit: a missing
    price is then an error rather than a reminder.
    """
    entry, bad, missing = _parse(view, texts)
    found = hints.field_problems(view, entry) if not bad else {}
    lines: Dict[str, Hint] = {}
    buying = view.phase == PURCHASING
    for key in view.keys:
        if key in bad:
            lines[key] = Hint(bad[key], "error")
            continue
        units, price = entry.get(key, (0, 0))
        if missing.get(key):
            lines[key] = Hint(_missing_price(view, key, units), "error" if tried else "info")
        elif found.get(key):
            lines[key] = Hint(_sentence("; ".join(found[key])), "error")
        else:
            lines[key] = (_order_line(view, key, units, price) if buying
                          else _offer_line(view, key, entry, units, price))
    total = _order_total(view, entry, found) if buying else _offer_total(view, entry, found)
    refused = any(found.get(key) and not missing.get(key) for key in view.keys)
    if bad or (not found.get(None) and refused):
        # The total of an entry with a refused field would add up numbers that mean nothing.
        total = Hint("Fix the field marked in red first.", "error")
    elif any(missing.values()):
        # a price still to be typed is not a mistake yet, and a total without it means nothing
        total = Hint("Type a bid for each grade you order to see what the order costs."
                     if buying else "Type an ask for each good you offer to see what it brings.",
                     "error" if tried else "info")
    problem_keys = [k for k in view.keys if lines[k].level == "error"
                    or (missing.get(k) and not tried)]
    refusal = ""
    ok = not problem_keys and total.level != "error"
    if problem_keys:
        refusal = lines[problem_keys[0]].text if lines[problem_keys[0]].level == "error" \
            else _missing_price(view, problem_keys[0], entry[problem_keys[0]][0])
    elif total.level == "error":
        refusal = total.text
    first_bad = problem_keys[0] if problem_keys else (
        _first_key(view, entry) if total.level == "error" else None)
    return EntryHelp(entry, lines, total, ok, first_bad, refusal,
                     _bad_field(lines[first_bad].text) if first_bad in lines else "units")


_PRICE_WORDS = (" bid $", " ask $", " bid -$", " ask -$", "absurdly large price",
                "absurdly negative price", "bid must", "asking price", "Type your")


def _bad_field(text: str) -> str:
    """Which field a problem is about, so the cursor can be put there."""
    return "price" if any(word in text for word in _PRICE_WORDS) else "units"


def _first_key(view, entry) -> Optional[str]:
    for key in view.keys:
        if entry.get(key, (0, 0))[0]:
            return key
    return view.keys[0] if view.keys else None


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _missing_price(view, key: str, units: int) -> str:
    if view.phase == PURCHASING:
        return (f"Type your bid for {units} {NAMES[key]}: at least "
                f"{money(hints.min_bid(view, key, units))} (the minimum bid).")
    return (f"Type your asking price for {units} {NAMES[key]}; above "
            f"{money(hints.highest_useful_ask(view, key, units))} it cannot sell.")


def _count(value: int) -> str:
    """A count for a sentence: ``99,999`` (absurd ones not spelled out)."""
    return f"{value:,}" if value < 10**15 else "an absurdly large number of"


def _order_line(view, key: str, units: int, price: int) -> Hint:
    previous = view.prices[key]
    if not units:
        return Hint(f"Market price was {money(previous)}. "
                    f"Type units to see the minimum bid.")
    if hints.units_left(view, {key: (units, price)}) < 0:
        return Hint(_sentence(f"{_count(units)} units of {NAMES[key]} is more than the "
                              f"{view.rules.order_limit} units allowed in a month"), "error")
    floor = hints.min_bid(view, key, units)
    return Hint(f"Minimum bid for {units} {NAMES[key]}: {money(floor)}. "
                f"Costs {money(units * price)} if bought.")


def _can_make(view, key: str, entry, units: int) -> Tuple[str, int]:
    """("You can make ...", the most of ``key`` makeable beside the rest of ``entry``).

    When the rest of the offer leaves room for fewer than ``key`` alone and
    that matters (nothing of ``key`` offered yet, or too many), the sentence
    names the goods that together need more of a grade than the stock.
    """
    alone = hints.max_makeable(view, key)
    beside = hints.max_makeable(view, key, entry)
    if beside == alone:
        return f"You can make {alone}", beside
    if 0 < units <= beside:
        return f"You can make {beside} beside the rest of this offer ({alone} alone)", beside
    why = hints.combination_shortage(view, key, entry)
    some = f"only {beside}" if beside else "none"
    return f"You can make {alone} alone, {some} beside the rest: {why}", beside


def _offer_line(view, key: str, entry, units: int, price: int) -> Hint:
    can, beside = _can_make(view, key, entry, units)
    if not units:
        return Hint(f"{can}. Market price was {money(view.prices[key])}.")
    if units > beside:
        why = hints.combination_shortage(view, key, entry)
        if why:
            return Hint(f"Cannot make {units} {NAMES[key]} beside the rest: {why} "
                        f"(over-offering rule).", "error")
        others = any(u > 0 for k, (u, _) in entry.items() if k != key)
        where = " beside the rest of this offer" if others else " from your stock"
        return Hint(f"Cannot make {units} {NAMES[key]}: you can make {beside or 'none'}{where} "
                    f"(over-offering rule).", "error")
    top = hints.highest_useful_ask(view, key, units)
    text = f"{can}. Highest useful ask for {units}: {money(top)}."
    if price <= top:
        return Hint(text)
    sold = hints.most_sold(view, key, units, price)
    if sold:
        text += (f" An ask of {money(price)} is {money(price - top)} above it, so at most "
                 f"{sold} of the {units} can sell (Variation III).")
    else:
        text += (f" An ask of {money(price)} is above it, so "
                 + ("it cannot sell" if units == 1 else f"none of the {units} can sell")
                 + (", even under Variation III." if view.rules.partial_sales else "."))
    return Hint(text, "warn")


def _order_total(view, entry, found) -> Hint:
    if found.get(None):
        return Hint(_sentence("; ".join(found[None])), "error")
    cost = hints.order_cost(entry)
    left = hints.cash_left(view, entry)
    units_left = hints.units_left(view, entry)
    text = (f"Costs {money(cost)} if all bought; cash left {money(left)} "
            f"of {money(view.own_cash)}. {units_left} more units allowed this month.")
    if hints.would_cancel(view, entry):
        return Hint(text + " Warning: if all of it is bought you cannot pay, and then every "
                    "purchase this month is cancelled (short-of-cash rule).", "warn")
    if view.rules.loans and hints.loan_needed(view, entry):
        return Hint(text + f" If all of it is bought the Broker lends "
                    f"{money(hints.loan_needed(view, entry))} (Variation I: repay "
                    f"${LOAN_REPAY_PER_STEP} per ${LOAN_STEP}).",
                    "warn")
    return Hint(text)


def _offer_total(view, entry, found) -> Hint:
    if found.get(None):
        return Hint(_sentence("; ".join(found[None])), "error")
    shortage = hints.offer_shortage(view, entry)
    if shortage:
        return Hint(f"Cannot submit: everything offered must be makeable together from your "
                    f"stock (over-offering rule), and {shortage}.", "error")
    income = sum(units * price for units, price in entry.values() if units > 0)
    stock = stock_text(view.stock_of(view.seat))
    if not income:
        return Hint(f"Stock {stock} (X-Fine · Fine · Standard). Nothing offered yet.")
    best = hints.most_received(view, entry)
    if best == income:
        used = hints.materials_for(view, entry)
        return Hint(f"Receives {money(income)} if all sells, using {stock_text(used)} "
                    f"of your {stock} (X-Fine · Fine · Standard).")
    if not best:
        return Hint(f"Receives nothing: at these asking prices nothing offered can sell, and "
                    f"your stock {stock} (X-Fine · Fine · Standard) stays as it is.", "warn")
    sellable, short = {}, []
    for key in view.keys:
        units, price = entry.get(key, (0, 0))
        sold = hints.most_sold(view, key, units, price)
        sellable[key] = (sold, price)
        if units > 0 and sold == 0:
            short.append(f"{NAMES[key]} at {money(price)} cannot sell")
        elif sold < units:
            short.append(f"only {sold} of the {units} {NAMES[key]} can sell at {money(price)}")
    used = hints.materials_for(view, sellable)
    return Hint(f"Receives at most {money(best)}, using {stock_text(used)} of your {stock} "
                f"(X-Fine · Fine · Standard): {'; '.join(short)}.", "warn")


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


@dataclass(frozen=True)
class RevealCell:
    """One seat's entry for one commodity: what was entered and what became of it.

    ``state`` is "done", "part", "failed" or "none"; ``result`` starts with a
    mark (✓, ◐, ✗) so the state never rests on colour alone; ``outcome`` is
    the engine's full sentence with its reason.
    """

    entered: str        # "4 at $45" or "—"
    result: str         # "✓ bought 4: $180", "✗ bid under $42"
    outcome: str
    state: str


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


@dataclass(frozen=True)
class Reveal:
    title: str
    blocks: Tuple[RevealBlock, ...]
    seats: Tuple[Tuple[str, str, str, str, str], ...]  # name, money, cash, stock, note
    thoughts: Tuple[str, ...] = ()      # the computer players' explanations, once revealed
    columns: Tuple[RevealColumn, ...] = ()
    rows: Tuple[RevealRow, ...] = ()


def reveal(report, explanations: Optional[Mapping[int, str]] = None, *,
           seats_info: Optional[Mapping[int, object]] = None) -> Reveal:
    """The reveal screen for one resolved phase, from the engine's report alone.

    ``explanations``: each computer seat's sentence, now public; ``seats_info``:
    each computer seat's ``Personality`` (or ``None``), for its reaction
    (people get none).
    """
    buying = report.phase == PURCHASING
    verb = "ordered" if buying else "offered"
    blocks = []
    for index, result in enumerate(report.commodities):
        move = _signed(result.move)
        summary = (f"{_units(result.units)} {verb} in all, so the price moves {move}: "
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
    title = (f"{month_label(report.month)} (month {report.month}): "
             f"{'orders' if buying else 'offers'} revealed")
    thoughts = tuple(f"{report.names[seat]}: {text}"
                     for seat, text in sorted((explanations or {}).items()) if text)
    columns = tuple(RevealColumn(result.commodity, NAMES[result.commodity],
                                 f"{_units(result.units)} {verb}",
                                 f"{_signed(result.move)}: {money(result.old_price)} → "
                                 f"{money(result.new_price)}")
                    for result in report.commodities)
    computers = seats_info or {}
    rows = tuple(_reveal_row(report, seat, (explanations or {}).get(seat.seat, ""),
                             seat.seat in computers, computers.get(seat.seat))
                 for seat in report.seats)
    return Reveal(title, tuple(blocks), tuple(seats), thoughts, columns, rows)


def _units(count: int) -> str:
    return f"{count} unit" if count == 1 else f"{count} units"


def _reveal_cell(line, buying: bool, cancelled: bool, market: int) -> RevealCell:
    """One seat's line of one commodity, short enough for a column of the reveal."""
    if not line.units:
        return RevealCell("—", "", line.outcome, "none")
    entered = f"{line.units} at {money(line.price)}"
    verb = "bought" if buying else "sold"
    if cancelled:
        return RevealCell(entered, "✗ cancelled" if buying else "✗ not made", line.outcome,
                          "failed")
    if line.done == line.units:
        return RevealCell(entered, f"✓ {verb} {line.done}: {money(line.money)}", line.outcome,
                          "done")
    if line.done:
        return RevealCell(entered, f"◐ {verb} {line.done} of {line.units}: {money(line.money)}",
                          line.outcome, "part")
    side = f"✗ bid under {money(market)}" if buying else f"✗ ask over {money(market)}"
    return RevealCell(entered, side, line.outcome, "failed")


def _reveal_row(report, seat, explanation: str, computer: bool, personality) -> RevealRow:
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
    line, mood = reaction(report, seat.seat, personality) if computer else ("", "neutral")
    return RevealRow(seat.seat, seat.name, cells, money(seat.money), money(seat.cash_after),
                     stock_text(seat.stock_after), " ".join(notes), explanation, line, mood)


# ---------------------------------------------------------------- reactions

#: What a computer player says after a phase, by what happened to its entry:
#: (the face it makes, the lines it chooses from).  ``{money}`` is filled in.
REACTIONS: Dict[str, Tuple[str, Tuple[str, ...]]] = {
    "bought": ("pleased", ("Just what I wanted.", "Bought at my price.",
                           "Good materials at a fair price.")),
    "bought_some": ("neutral", ("Part of it, at least.", "Some of it came through.")),
    "outbid": ("glum", ("Outbid! The market ran away from me.", "Priced out this month.",
                        "Too careful by a dollar or two.")),
    "cancelled": ("glum", ("Cancelled! I could not pay for it all.",
                           "Every purchase cancelled. Ouch.")),
    "no_order": ("neutral", ("Sitting this one out.", "Nothing for me this month.")),
    "sold": ("pleased", ("A fine sale: {money}.", "{money} in the till.", "Sold! {money}.")),
    "sold_some": ("pleased", ("Some of it sold: {money}.", "{money}. It will do.")),
    "unsold": ("glum", ("No buyers at my price.", "Asked too much and sold nothing.")),
    "not_made": ("glum", ("My offer could not be made. Embarrassing.",
                          "Offered more than I could make. Never again.")),
    "no_offer": ("neutral", ("Keeping my stock for later.", "Nothing to sell yet.")),
}

#: A character's own words when things go well (first) or badly (second).
PERSONAL: Dict[str, Tuple[str, str]] = {
    "mabel": ("Cheap in, dear out. As ever.", "Hmph. I will not overpay, all the same."),
    "rex": ("Big and fast, that is the way!", "Bah! Next month I go bigger."),
    "iris": ("Steady does it.", "Better safe than broke."),
    "otto": ("Ah, the finer things.", "Even luxury has its off days."),
    "cora": ("Pile it high, sell it cheap!", "Volume will win in the end."),
    "felix": ("Middle of the road, right on course.", "Swings and roundabouts."),
}


def _what_happened(report, seat: int) -> str:
    result = report.seats[seat]
    entered = [line for line in result.lines if line.units]
    done = sum(line.done for line in entered)
    # (nothing entered, cancelled, nothing done, all done, part done) in each phase
    words = (("no_order", "cancelled", "outbid", "bought", "bought_some")
             if report.phase == PURCHASING else
             ("no_offer", "not_made", "unsold", "sold", "sold_some"))
    if not entered:
        return words[0]
    if result.cancelled:
        return words[1]
    if not done:
        return words[2]
    return words[3] if all(line.done == line.units for line in entered) else words[4]


def reaction(report, seat: int, personality=None) -> Tuple[str, str]:
    """A computer player's line after a phase, and its mood, from what happened to it.

    Pleased with a sale, grumbling at a cancelled order: the words follow
    the report; the character (``personality``, with a ``key``) adds its own
    now and then.  The same report always gives the same line.
    """
    what = _what_happened(report, seat)
    mood, lines = REACTIONS[what]
    turn = report.month * 2 + seat + (report.phase == SELLING)
    text = lines[turn % len(lines)].format(money=money(report.seats[seat].money))
    own = PERSONAL.get(getattr(personality, "key", None) or "")
    if own is not None and mood != "neutral" and turn % 3 == 0:
        text = own[0] if mood == "pleased" else own[1]
    return text, mood


def end_reaction(line, players: int, winners: int) -> Tuple[str, str]:
    """A computer player's last word on the game, from its place and profit."""
    if line.place == 1:
        if winners > 1:
            return "Shared honours. I will take it.", "pleased"
        return f"{money(line.final_cash)} and first place. Thank you, thank you!", "pleased"
    if line.profit < 0:
        return "I lost money. Back to the drawing board.", "glum"
    if line.place == players:
        return "Last place. Next game, the market is mine.", "glum"
    return f"{_ordinal(line.place)} place and {money(line.profit)} up. Respectable.", "neutral"


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
    cheer: str = ""                     # the celebration's line
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
        headline = (f"{', '.join(winners[:-1])} and {winners[-1]} share first place with "
                    f"{money(lines[0].final_cash)}!")
    rows = []
    for s in lines:
        mats = f"{stock_text(s.materials)} sold for {money(s.materials_value)}"
        repaid = f"-{money(s.loan_repaid)} (borrowed {money(s.borrowed)})" if s.loan_repaid else "—"
        rows.append((_ordinal(s.place), s.name, money(s.cash_before), mats,
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
    cheer = f"Congratulations, {_and([s.name for s in lines if s.place == 1])}!"
    quotes = []
    for s in sorted(lines, key=lambda s: s.seat):
        if computers is not None and s.seat in computers:
            said, mood = end_reaction(s, len(lines), len(first))
            quotes.append(Quote(s.seat, s.name, said, mood))
    return Ending(headline, tuple(rows), text, first, cheer, tuple(quotes),
                  tuple(s.seat for s in lines), columns)


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


ENDING_COLUMNS = ("Place", "Player", "Cash after last month", "Materials to the Broker",
                  "Loans repaid", "Final cash", "Profit")


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


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


# ------------------------------------------------------------------- turns

def needs_cover(humans: Sequence[int]) -> bool:
    """Pass-and-play: a cover goes between turns when more than one person plays."""
    return len(humans) > 1


def cover_text(name: str) -> Tuple[str, str]:
    """The cover's headline and its explanation."""
    return (f"Pass to {name}",
            f"Only {name} should look at the screen now. The other players' entries stay "
            f"hidden until the reveal.")


def setup_summary(rules) -> str:
    """The rules options in words, for the window's status line."""
    parts = [f"{rules.players} players", f"{rules.months} months",
             f"start with {money(rules.starting_cash)}",
             f"order up to {rules.order_limit} units a month"]
    for flag, text in (("loans", "Variation I (loans)"), ("partial_fills", "Variation II (partial fills)"),
                       ("partial_sales", "Variation III (partial sales)"),
                       ("classic_recipes", "classic production chart")):
        if getattr(rules, flag):
            parts.append(text)
    return ", ".join(parts)
