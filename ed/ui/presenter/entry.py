"""Live help for the entry being typed: parse the fields, say what each allows and what is wrong.

Every number comes from ``ed.hints`` (the very checks ``submit`` refuses for);
this module only chooses the words: a short line to sit beside each field
("min $44 · $176", "over the 9-unit limit") and the full sentence behind it,
shown on hover and in the field's tooltip."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Tuple

from ... import entries, hints
from ...rules import GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP, NAMES, RAW
from ...words import and_list
from ...entries import subject
from .common import PURCHASING, money, sentence, stock_text, units_text


# ------------------------------------------------------------------- entry

@dataclass(frozen=True)
class Hint:
    """The live help of a field: ``short`` is the one line shown beside it, ``text`` the
    full sentence (on hover and in the tooltip); ``level`` is "info", "warn" or "error"."""

    text: str
    level: str = "info"
    short: str = ""
    #: which of the commodity's two fields it is about ("units" or "price"), so the cursor
    #: can be put there; where to go is not part of what is said, so not compared
    field: str = field(default="units", compare=False)

    @property
    def line(self) -> str:
        """What the sheet shows beside the field: the short line (the sentence if none)."""
        return self.short or self.text


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
           ) -> Tuple[Dict[str, Tuple[int, int]], Dict[str, Hint], Dict[str, bool]]:
    """Typed texts -> (entry, the help of fields that are not numbers, price missing)."""
    word = "bid" if view.phase == PURCHASING else "asking price"
    entry: Dict[str, Tuple[int, int]] = {}
    bad: Dict[str, Hint] = {}
    missing: Dict[str, bool] = {}
    for key in view.keys:
        units_text, price_text = texts.get(key, ("", ""))
        units, price = parse_number(units_text), parse_number(price_text)
        # "A units", "The A asking price" read as the article: a good is "Good A's"
        whose, the = (NAMES[key], f"The {NAMES[key]}") if key in RAW else \
            (f"Good {key}'s",) * 2
        if units is None:
            bad[key] = Hint(f"{whose} units must be a whole number such as 4, not "
                            f"“{units_text.strip()}”.", "error", _NOT_WHOLE, "units")
            continue
        if price is None:
            bad[key] = Hint(f"{the} {word} must be a whole number of dollars such as 35, "
                            f"not “{price_text.strip()}”.", "error", _NOT_WHOLE, "price")
            continue
        if units > 0 and not price_text.strip():
            missing[key] = True
        if units or price:
            entry[key] = (units, price)
    return entry, bad, missing


def entry_help(view, texts: Mapping[str, Tuple[str, str]], *, tried: bool = False,
               newcomer: bool = False) -> EntryHelp:
    """Live help for the entry typed so far: what each field allows and what is wrong.

    ``texts`` maps each commodity key of the phase to its (units, price)
    texts.  ``tried`` is true once the player has pressed Submit: a missing
    price is then an error rather than a reminder.  A field with more units
    than a month allows says so first, and only that: its price does not
    matter yet.  For a ``newcomer`` the lines say what the numbers mean (the
    minimum bid as the price if only this player orders, how far the others
    moved it last time, what a purchase over the cash or goods sharing stock
    lead to); the lines of a player who knows the game stay short.
    """
    entry, bad, missing = _parse(view, texts)
    found = _problems_by_key(view, entry) if not bad else {}
    lines = _field_lines(view, entry, bad, missing, found, tried, newcomer)
    buying = view.phase == PURCHASING
    total = (_order_total(view, entry, found, newcomer) if buying
             else _offer_total(view, entry, found))
    refused = any(found.get(key) and not missing.get(key) for key in view.keys)
    if bad or (not found.get(None) and refused):
        # The total of an entry with a refused field would add up numbers that mean nothing.
        total = _fix_first(view, lines)
    elif any(missing.values()):
        # a price still to be typed is not a mistake yet, and a total without it means nothing
        total = Hint("Type a bid for each grade you order to see what the order costs."
                     if buying else "Type an ask for each good you offer to see what it brings.",
                     "error" if tried else "info",
                     "type each bid to see the cost" if buying else
                     "type each ask to see the takings")
    problem_keys = [k for k in view.keys if lines[k].level == "error"
                    or (missing.get(k) and not tried)]
    refusal = ""
    ok = not problem_keys and total.level != "error"
    if problem_keys:
        first = problem_keys[0]
        # a price still to type is refused in its one sentence: a newcomer's line beside the
        # field (and its tip) says what the price means, the refusal only what to type
        refusal = _missing_price(view, first, entry[first][0], "error").text \
            if missing.get(first) else lines[first].text
    elif total.level == "error":
        refusal = total.text
    first_bad = problem_keys[0] if problem_keys else (
        _first_key(view, entry) if total.level == "error" else None)
    return EntryHelp(entry, lines, total, ok, first_bad, refusal,
                     lines[first_bad].field if first_bad in lines else "units")


def _fix_first(view, lines: Mapping[str, Hint]) -> Hint:
    """The total while a field is refused: which field to put right first, by name (the
    fields themselves are not coloured: the line beside them is, in red)."""
    word = "bid" if view.phase == PURCHASING else "ask"
    wrong = [(key, lines[key].field) for key in view.keys if lines[key].level == "error"]
    fields = [f"the units of {NAMES[key]}" if part == "units" else f"the {word} for {NAMES[key]}"
              for key, part in wrong]
    if len(fields) == 1:
        return Hint(f"Fix {fields[0]} first: the red line beside it says what is wrong.",
                    "error", f"fix {fields[0]} first")
    return Hint(f"Fix {and_list(fields)} first: the red lines beside them say what is wrong.",
                "error", f"fix {and_list([NAMES[key] for key, _ in wrong])} first")


def _field_lines(view, entry, bad, missing, found, tried: bool,
                 newcomer: bool) -> Dict[str, Hint]:
    """The line beside each commodity's fields: what is wrong with them first, else what
    they allow.  A price still to type is forgotten where the units alone are refused."""
    over = {key: _over_limit(view, key, entry, found) for key in view.keys if key not in bad}
    for key in [k for k, hint in over.items() if hint is not None]:
        missing.pop(key, None)
    lines: Dict[str, Hint] = {}
    for key in view.keys:
        units, price = entry.get(key, (0, 0))
        if key in bad:
            lines[key] = bad[key]
        elif over[key] is not None:
            lines[key] = over[key]
        elif missing.get(key):
            lines[key] = _missing_price(view, key, units, "error" if tried else "info",
                                        newcomer=newcomer)
        elif found.get(key):
            lines[key] = _problem_hint(found[key][0])
        elif view.phase == PURCHASING:
            lines[key] = _order_line(view, key, entry, newcomer)
        else:
            lines[key] = _offer_line(view, key, entry, units, price, newcomer)
    return lines


#: The short line of a number that is not a whole number.
_NOT_WHOLE = "not a whole number"

#: The rules' refusals (``ed.entries.Problem``) in a few words, by kind: ``{word}`` is
#: "bid" or "ask", ``{limit}`` the number the limit names.  A kind not listed here is
#: shown as its whole sentence.
_SHORT_PROBLEMS = {
    entries.NEGATIVE_UNITS: "units must be 0 or more",
    entries.PRICE_TOO_LOW: "{word} at least {limit}",
    entries.PRICE_TOO_HIGH: "{word} at most {limit}",
    entries.OVER_GRADE_LIMIT: "over {count} of one grade",
    entries.BELOW_MIN_BID: "below the min {limit}",
    entries.OVER_MONTHLY_LIMIT: "over the {count}-unit limit",
    entries.GAME_OVER: "the game is over",
}


def _problems_by_key(view, entry) -> Dict[Optional[str], List[entries.Problem]]:
    """The limits ``entry`` breaks (``hints.entry_problems``), by commodity key."""
    grouped: Dict[Optional[str], List[entries.Problem]] = {}
    for problem in hints.entry_problems(view, entry):
        grouped.setdefault(problem.key, []).append(problem)
    return grouped


def short_problem(problem: entries.Problem) -> str:
    """A refusal of the rules in a few words ("below the min $36"), or its sentence."""
    short = _SHORT_PROBLEMS.get(problem.kind)
    if short is None:
        return sentence(problem.text)
    word = "bid" if problem.key in RAW else "ask"
    limit = problem.limit if problem.limit is not None else 0
    return short.format(word=word, limit=money(limit), count=limit)


def _problem_hint(problem: entries.Problem) -> Hint:
    """The first thing the rules refuse in a field, in red: the sentence and its short line."""
    return Hint(sentence(problem.text), "error", short_problem(problem),
                "price" if problem.field == "price" else "units")


def _first_key(view, entry) -> Optional[str]:
    for key in view.keys:
        if entry.get(key, (0, 0))[0]:
            return key
    return view.keys[0] if view.keys else None


def _over_limit(view, key: str, entry, found) -> Optional[Hint]:
    """The field's units alone break a limit on units (the month's, or one grade's with
    2 players, or below 0): said before anything about its price, or ``None``."""
    units = entry.get(key, (0, 0))[0]
    rules = view.rules
    if view.phase == PURCHASING and hints.units_left(view, {key: (units, 0)}) < 0:
        return Hint(sentence(f"{_count_units(units)} of {NAMES[key]} is more than the "
                             f"{rules.order_limit} units allowed in a month"), "error",
                    f"over the {rules.order_limit}-unit limit")
    if view.phase == PURCHASING and units > rules.grade_limit:
        return Hint(f"{_count_units(units)} of {NAMES[key]} is over the limit of "
                    f"{rules.grade_limit} units of one grade with {rules.players} players.",
                    "error", f"over {rules.grade_limit} of one grade")
    for problem in found.get(key, ()):
        if problem.field != "price":
            return _problem_hint(problem)
    return None


def _missing_price(view, key: str, units: int, level: str, *, newcomer: bool = False) -> Hint:
    if newcomer:
        text, short = _if_alone(view, key, units)
        return Hint(f"Type your {'bid' if view.phase == PURCHASING else 'asking price'} for "
                    f"{units} {NAMES[key]}. {text}", level, short, "price")
    if view.phase == PURCHASING:
        floor = money(hints.min_bid(view, key, units))
        return Hint(f"Type your bid for {units} {NAMES[key]}: at least {floor} "
                    f"(the minimum bid).", level, f"bid at least {floor}", "price")
    top = money(hints.highest_useful_ask(view, key, units))
    return Hint(f"Type your asking price for {units} {NAMES[key]}; above {top} "
                f"{_above_the_top(view, key, units)}.", level, f"ask up to {top}", "price")


def _above_the_top(view, key: str, units: int) -> str:
    """What an ask above the highest useful ask comes to: nothing sells, or under Variation
    III, where an ask a little above it still sells part of the offer, not all of it."""
    top = hints.highest_useful_ask(view, key, units)
    return "not all can sell" if hints.most_sold(view, key, units, top + 1) else "it cannot sell"


def _if_alone(view, key: str, units: int) -> Tuple[str, str]:
    """The minimum bid (or the highest useful ask) said as what it is, for a newcomer: the
    lowest bid allowed (the highest ask that can sell), which is the price only if no one
    else orders (offers); what the others' units of last month would make the price, and
    that more of them raise (lower) it.  Returns (the sentence, its short line); it
    suggests no price."""
    buying = view.phase == PURCHASING
    name = NAMES[key]
    if buying:
        floor = money(hints.min_bid(view, key, units))
        first = f"bid at least {floor}"
        said = (f"Bid at least {floor}: the lowest bid allowed, and the price only if no one "
                f"else orders {name}.")
        step, verb, did, more = ("Each unit the others order adds $1 to the price", "order",
                                 "ordered", "more orders raise it")
        what = ("A bid below the new price buys one unit fewer for each $1 under it "
                "(Variation II), and you pay what you bid." if view.rules.partial_fills else
                "A bid below the new price buys nothing, and you pay what you bid.")
    else:
        top = money(hints.highest_useful_ask(view, key, units))
        above = _above_the_top(view, key, units)
        first = f"above {top} {above}"
        said = (f"Above {top} {above}: that is the price only if no one else offers "
                f"{name}.")
        step, verb, did, more = ("Each unit the others offer takes $2 off the price", "offer",
                                 "offered", "more offers lower it")
        what = ("An ask above the new price sells one unit fewer for each $2, or part of $2, "
                "over it (Variation III)." if view.rules.partial_sales else
                "An ask above the new price sells nothing.")
    with_last = hints.price_with_last_month(view, key, units)
    if with_last is None:
        return (f"{said} {step}. {what}",
                f"{first}; each unit others {verb} "
                + ("adds $1" if buying else "takes $2 off"))
    count = hints.others_last_time(view, key)[0]
    said_last = (f"as many as the others {did} last month ({count} {name}) would make it "
                 f"{money(with_last)}" if count else
                 f"the others {did} none last month, which would leave it at "
                 f"{money(with_last)}")
    return (f"{said} {step}: {said_last}, and {more}. {what}",
            f"{first}; with last month's {verb}s: {money(with_last)}; {more}")


def _signed_money(value: int) -> str:
    """``+$4``, ``-$4``, ``$0``."""
    return f"+${value:,}" if value > 0 else money(value)


def _count_units(value: int) -> str:
    """Units for a sentence: ``1 unit``, ``99,999 units`` (absurd ones not spelled out)."""
    if value >= 10**15:
        return "an absurdly large number of units"
    return units_text(value) if value < 1000 else f"{value:,} units"


def _limit_reached(view, key: str, entry) -> Optional[Hint]:
    """Beside a grade with no units, once the other grades take every unit the month allows
    (RULES §2): none of it can be ordered."""
    limit = view.rules.order_limit
    if sum(units for other, (units, _) in entry.items() if other != key) < limit:
        return None
    return Hint(f"The other grades take all {limit} units a month allows: no {NAMES[key]} can "
                f"be added unless you order fewer of them.",
                short=f"the {limit}-unit limit is reached")


def _order_line(view, key: str, entry, newcomer: bool) -> Hint:
    units, price = entry.get(key, (0, 0))
    if not units:
        return _limit_reached(view, key, entry) or _before_units(view, key, newcomer)
    floor = money(hints.min_bid(view, key, units))
    cost = money(units * price)
    if newcomer:
        text, short = _if_alone(view, key, units)
        return Hint(f"{text} Costs {cost} if bought.", short=short)
    return Hint(f"Minimum bid for {units} {NAMES[key]}: {floor}. Costs {cost} if bought.",
                short=f"min {floor} · {cost}")


def _before_units(view, key: str, newcomer: bool) -> Hint:
    """The line beside a grade with no units typed: last month's price; for a newcomer, also
    how many the others ordered then, which moved it."""
    previous = money(view.prices[key])
    last = hints.others_last_time(view, key) if newcomer else None
    if last is None:
        return Hint(f"Market price was {previous}. Type units to see the minimum bid.",
                    short=f"price was {previous}")
    count = last[0] or "none"
    return Hint(f"Market price was {previous}; the others ordered {count} {NAMES[key]} last "
                f"month. Type units to see the minimum bid.",
                short=f"price was {previous} · others ordered {count} last month")


def _can_make(view, key: str, entry, units: int) -> Tuple[str, str, int]:
    """("You can make ...", its short line, the most of ``key`` makeable beside the rest).

    When the rest of the offer leaves room for fewer than ``key`` alone and
    that matters (nothing of ``key`` offered yet, or too many), the sentence
    names the goods that together need more of a grade than the stock.  When
    the rest cannot be made at all, the line speaks of ``key`` alone (the
    rest's own line says what is wrong with it).
    """
    alone = hints.max_makeable(view, key)
    if not hints.rest_is_makeable(view, key, entry):
        why = hints.combination_shortage(view, key, entry)
        return (f"You can make {alone} alone; the rest of this offer cannot be made as it is: "
                f"{why}", f"can make {alone} alone", alone)
    beside = hints.max_makeable(view, key, entry)
    if beside == alone:
        return f"You can make {alone}", f"can make {alone}", beside
    short = f"can make {beside or 'none'} ({alone} alone)"
    if 0 < units <= beside:
        return (f"You can make {beside} beside the rest of this offer ({alone} alone)",
                short, beside)
    why = hints.combination_shortage(view, key, entry)
    some = f"only {beside}" if beside else "none"
    return f"You can make {alone} alone, {some} beside the rest: {why}", short, beside


def _sharing(view, key: str, entry) -> Optional[Hint]:
    """For a newcomer, nothing of ``key`` offered yet: when the most of it that can be made
    leaves fewer of another good, the line says that they share the stock."""
    most = hints.max_makeable(view, key, entry)
    shared = hints.competing(view, key, entry) if most else {}
    if not shared:
        return None
    name = NAMES[key]
    others = and_list([NAMES[other] for other in shared])
    together = and_list([NAMES[good] for good in GOODS if good == key or good in shared])
    left = and_list([f"only {n} {NAMES[other]}" if n else f"no {NAMES[other]}"
                      for other, n in shared.items()])
    return Hint(f"You can make {most} {name}, but {together} are made from the same "
                f"stock: {most} {name} {'leaves' if most == 1 else 'leave'} enough for {left}. Market price was "
                f"{money(view.prices[key])}.", short=f"can make {most} · shares stock with {others}")


def _lacking(view, key: str) -> Optional[Hint]:
    """For a newcomer holding stock that makes no ``key``: what one of it needs, and how
    many more raw units, of which grade, would make one."""
    short = hints.one_short(view, key) if any(view.own_stock) else None
    if short is None:
        return None
    name = NAMES[key]
    recipe = and_list([f"{n} {NAMES[grade]}" for grade, n in zip(RAW, short.needs) if n])
    held = and_list([f"{n} {NAMES[grade]}" for grade, n in zip(RAW, view.own_stock) if n])
    which = (" or ".join(NAMES[grade] for grade in short.grades) if short.grades
             else "raw unit" if short.more == 1 else "raw units")
    return Hint(f"You can make no {name}: one {name} needs {recipe}, and you have {held}; "
                f"{short.more} more {which} would make one ({_RECIPE_NOTE}). Market price was "
                f"{money(view.prices[key])}.",
                short=f"can make 0 · needs {short.more} more {_grades_short(short)}")


def _grades_short(short) -> str:
    """The grades that would make one, as few words as say them: "Standard or finer" where
    every grade from one up to X-Fine would do (finer raw stands in for coarser)."""
    grades = short.grades
    if not grades:
        return "raw unit" if short.more == 1 else "raw units"
    if len(grades) > 1 and tuple(grades) == RAW[::-1][-len(grades):]:
        return f"{NAMES[grades[0]]} or finer"
    return " or ".join(NAMES[grade] for grade in grades)


#: How the recipes and the substitutions read in a newcomer's sentence.
_RECIPE_NOTE = "X-Fine may stand in for Fine, and Fine for Standard"


def _offer_line(view, key: str, entry, units: int, price: int, newcomer: bool) -> Hint:
    can, can_short, beside = _can_make(view, key, entry, units)
    if not units:
        said = None
        if newcomer and can_short == f"can make {beside}":
            said = _sharing(view, key, entry) if beside else _lacking(view, key)
        return said or Hint(f"{can}. Market price was {money(view.prices[key])}.",
                            short=can_short)
    if units > beside:
        short = f"can make only {beside}" if beside else "can make none"
        rest_ok = hints.rest_is_makeable(view, key, entry)
        why = hints.combination_shortage(view, key, entry) if rest_ok else None
        if why:
            # more of the good alone may well be makeable: the line says how many, as it does
            # before any is offered ("can make none (4 alone)")
            alone = hints.max_makeable(view, key)
            if alone > beside:
                short = f"can make {f'only {beside}' if beside else 'none'} ({alone} alone)"
            return Hint(f"Cannot make {units} {NAMES[key]} beside the rest: {why} "
                        f"(over-offering rule).", "error", short)
        others = rest_ok and any(u > 0 for k, (u, _) in entry.items() if k != key)
        where = " beside the rest of this offer" if others else " from your stock"
        return Hint(f"Cannot make {units} {NAMES[key]}: you can make {beside or 'none'}{where} "
                    f"(over-offering rule).", "error", short)
    top = hints.highest_useful_ask(view, key, units)
    text = f"{can}. Highest useful ask for {units}: {money(top)}."
    if price <= top:
        if newcomer:
            said, short = _if_alone(view, key, units)
            return Hint(f"{can}. {said}", short=short)
        return Hint(text, short=f"max {money(top)} · {money(units * price)}")
    sold = hints.most_sold(view, key, units, price)
    if sold:
        text += (f" An ask of {money(price)} is {money(price - top)} above it, so at most "
                 f"{sold} of the {units} can sell (Variation III).")
        short = f"over max {money(top)}: {sold} can sell"
    else:
        text += (f" An ask of {money(price)} is above it, so "
                 + ("it cannot sell" if units == 1 else f"none of the {units} can sell")
                 + (", even under Variation III." if view.rules.partial_sales else "."))
        short = f"over max {money(top)}: no sale"
    return Hint(text, "warn", short)


def _whole_entry_problem(found) -> Optional[Hint]:
    """A refusal of the entry as a whole (the month's limit, the game over), or ``None``."""
    if not found.get(None):
        return None
    return Hint(sentence("; ".join(problem.text for problem in found[None])), "error",
                short_problem(found[None][0]))


def _order_total(view, entry, found, newcomer: bool = False) -> Hint:
    refused = _whole_entry_problem(found)
    if refused is not None:
        return refused
    cost = hints.order_cost(entry)
    left = hints.cash_left(view, entry)
    units_left = hints.units_left(view, entry)
    still = (f"{units_left} more unit" if units_left == 1 else
             f"{units_left} more units" if units_left else "no more units")
    text = (f"Costs {money(cost)} if all bought; cash left {money(left)} "
            f"of {money(view.own_cash)}. {still[0].upper() + still[1:]} allowed this month.")
    if hints.would_cancel(view, entry):
        return Hint(text + " Warning: if all of it is bought you cannot pay, and then every "
                    "purchase this month is cancelled (short-of-cash rule); if less is "
                    "bought, it goes ahead when you can pay for it.", "warn",
                    f"if all is bought: {money(cost)}, more than your {money(view.own_cash)}, "
                    f"and every purchase is cancelled" if newcomer else
                    f"{money(cost)}: more than your {money(view.own_cash)}")
    if view.rules.loans and hints.loan_needed(view, entry):
        loan = money(hints.loan_needed(view, entry))
        return Hint(text + f" If all of it is bought the Broker lends {loan} (Variation I: "
                    f"repay ${LOAN_REPAY_PER_STEP} per ${LOAN_STEP}).", "warn",
                    f"{money(cost)} · a loan of {loan}")
    return Hint(text, short=(f"{money(cost)} · {money(left)} left · {still}" if cost
                             else f"cash {money(view.own_cash)} · {still}"))


def _offer_total(view, entry, found) -> Hint:
    refused = _whole_entry_problem(found)
    if refused is not None:
        return refused
    shortage = hints.offer_shortage(view, entry)
    if shortage:
        return Hint(f"Cannot submit: everything offered must be makeable together from your "
                    f"stock (over-offering rule), and {shortage}.", "error",
                    "cannot make it all together")
    income = sum(units * price for units, price in entry.values() if units > 0)
    stock = stock_text(view.stock_of(view.seat))
    if not income:
        return Hint(f"Stock {stock} (X-Fine · Fine · Standard). Nothing offered yet.",
                    short=f"stock {stock}")
    best = hints.most_received(view, entry)
    if best == income:
        used = hints.materials_for(view, entry)
        return Hint(f"Receives {money(income)} if all sells, using {stock_text(used)} "
                    f"of your {stock} (X-Fine · Fine · Standard).",
                    short=f"{money(income)} if all sells")
    if not best:
        return Hint(f"Receives nothing: at these asking prices nothing offered can sell, and "
                    f"your stock {stock} (X-Fine · Fine · Standard) stays as it is.", "warn",
                    "nothing can sell")
    sellable, short = {}, []
    for key in view.keys:
        units, price = entry.get(key, (0, 0))
        sold = hints.most_sold(view, key, units, price)
        sellable[key] = (sold, price)
        if units > 0 and sold == 0:
            short.append(f"{subject(key)} at {money(price)} cannot sell")  # not "A at"
        elif sold < units:
            short.append(f"only {sold} of the {units} {NAMES[key]} can sell at {money(price)}")
    used = hints.materials_for(view, sellable)
    return Hint(f"Receives at most {money(best)}, using {stock_text(used)} of your {stock} "
                f"(X-Fine · Fine · Standard): {'; '.join(short)}.", "warn",
                f"at most {money(best)}")
