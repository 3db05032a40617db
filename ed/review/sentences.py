"""The words the review says: each entry in short, and each decision in a few words and whole.

``short_sentence`` tells a decision in at most 30 words and 6 numbers (``Decision.short``),
``decision_sentence`` in a few short sentences, none over 25 words (``Decision.sentence``),
and ``short_entry``, ``brief_entry`` and ``told_entry`` an entry alone; every number comes
from the two resolved reports and their counts (``ed.review.worth``).

Pure; imports the rules' tables, the engine's reports, ``ed.words`` and the worth.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Sequence, Tuple

from ..entries import NO_LOT, Lot
from ..production import is_makeable
from ..report import PURCHASING, PhaseReport, SeatResult
from ..rules import COMMODITIES, GOODS, NAMES, Phase, RAW, month_label
from ..words import and_list, money as _money
from .worth import Entry, Outcome, Triple, cash_alone

#: What the review says in the expert's place for a phase it could not decide.
NOT_DECIDED = "could not decide"

#: What the second cash series is, said wherever it is shown.
ESTIMATE = ("an estimate: each phase's difference added up; it does not play out what a "
            "better entry would have changed")
#: A phase as the review says it.
PHASE_WORD = {Phase.PURCHASING: "buying", Phase.SELLING: "selling"}


def short_entry(entry: Entry) -> str:
    """``"4 Fine at $41, 2 Standard at $38"``, or ``"nothing"``."""
    if not entry:
        return "nothing"
    return ", ".join(f"{units} {NAMES[key]} at {_money(price)}" for key, (units, price) in entry)


def brief_entry(entry: Entry) -> str:
    """``"4 Fine $41, 2 Standard $38"`` (units, commodity, price), or ``"nothing"``."""
    if not entry:
        return "nothing"
    return ", ".join(f"{units} {NAMES[key]} {_money(price)}" for key, (units, price) in entry)


def told_entry(entry: Entry, outcome: Outcome, phase: str) -> str:
    """``brief_entry`` with what came of each line that was not all bought or sold, in the
    reveal's marks, against the market price the entry met (``outcome``'s): ``"2 Standard
    $19 ✗ under $20"``, ``"4 A $150 ◐ 2 of 4"``, ``"… ✗ cancelled"`` (over the cash),
    ``"… ✗ not made"`` (not makeable from the stock)."""
    if not entry:
        return "nothing"
    buying = phase == PURCHASING
    if outcome.cancelled:
        return f"{brief_entry(entry)} ✗ {'cancelled' if buying else 'not made'}"
    keys = RAW if buying else GOODS
    parts = []
    for key, (units, price) in entry:
        done = outcome.done[keys.index(key)]
        part = f"{units} {NAMES[key]} {_money(price)}"
        if not done:
            market = outcome.prices[COMMODITIES.index(key)]
            part += f" ✗ {'under' if buying else 'over'} {_money(market)}"
        elif done < units:
            part += f" ◐ {done} of {units}"
        parts.append(part)
    return ", ".join(parts)


def _entered(entry: Entry, buying: bool) -> str:
    """``"bid $41 for 4 Fine"`` / ``"asked $160 for 3 A"`` / ``"ordered nothing"``."""
    if not entry:
        return "ordered nothing" if buying else "offered nothing"
    verb = "bid" if buying else "asked"
    return f"{verb} " + and_list([f"{_money(p)} for {u} {NAMES[k]}" for k, (u, p) in entry])


def _result(result: SeatResult, buying: bool, entry: Entry) -> str:
    """What the entry did, from the seat's result: ``"bought none"``, ``"sold 3 A for $450"``."""
    if not entry:
        return "bought nothing" if buying else "sold nothing"
    if result.cancelled:
        if buying:
            return f"bought nothing: the purchases were cancelled ({result.reason})"
        return "sold nothing: the offer could not be made from stock"
    verb = "bought" if buying else "sold"
    got = [line for line in result.lines if line.units and line.done]
    missed = [line for line in result.lines if line.units and not line.done]
    if not got:
        return f"{verb} none"
    parts = [f"{line.done} {NAMES[line.commodity]}" for line in got]
    text = f"{verb} {and_list(parts)} for {_money(result.money)}"
    if missed:
        names = [NAMES[line.commodity] for line in missed]
        text += " and no " + (" or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1
                              else names[0])
    return text


def decision_sentence(report: PhaseReport, other: PhaseReport, seat: int, mine: Entry,
                      theirs: Entry, got: Outcome, would: Outcome, *,
                      recipes: Mapping[str, Triple]) -> str:
    """The decision whole, in a few short sentences (none over 25 words): the month and what
    was entered, where the market went and what that did, the expert's entry and what it
    would have done (and the prices it would have made), and the difference in worth
    (``worth_words``).  Every number comes from the two resolved reports."""
    buying = report.phase == PURCHASING
    month = month_label(report.month)
    told = [f"{month}, {PHASE_WORD[report.phase]}: you {_entered(mine, buying)}."]
    keys = [k for k, _ in mine]
    if keys:
        told.append(f"{_closed(report, keys)}.")
        told.append(f"You {_result(report.seats[seat], buying, mine)}.")
    if theirs == mine:
        return " ".join(told + ["The expert would have entered the same."])
    told.append(f"The expert would have {_entered(theirs, buying)}.")
    if theirs:
        told.append(f"That would have {_result(other.seats[seat], buying, theirs)}.")
    moved = [k for k, _ in theirs if other.prices[k] != report.prices[k] or k not in keys]
    if moved:
        told.append(f"With it, {_closed(other, moved, would=True)}.")
    if buying:
        told.append(goods_clause(got, would, recipes))
    difference = would.worth - got.worth
    worth = f"worth {_money(abs(difference))} {'more' if difference > 0 else 'less'}" \
        if difference else "worth no more and no less"
    told.append(f"The expert's entry: {worth} at the end of {month}'s "
                f"{PHASE_WORD[report.phase]}.")
    return " ".join(sentence for sentence in told if sentence)


def _closed(report: PhaseReport, keys: Sequence[str], *, would: bool = False) -> str:
    """Where ``keys`` closed, from the report's own prices: ``"Fine rose to $45"`` for one,
    ``"X-Fine closed at $44, Fine at $40 and Standard at $21"`` for several (``would``:
    ``"would have risen to"``, ``"would have closed at"``)."""
    results = [r for r in report.commodities if r.commodity in keys]
    first = results[0]
    if len(results) == 1:
        rose, fell = first.new_price > first.old_price, first.new_price < first.old_price
        if would:
            verb = "would have risen to" if rose else "would have fallen to" if fell else \
                "would have stayed at"
        else:
            verb = "rose to" if rose else "fell to" if fell else "stayed at"
        return f"{NAMES[first.commodity]} {verb} {_money(first.new_price)}"
    verb = "would have closed at" if would else "closed at"
    rest = and_list([f"{NAMES[r.commodity]} at {_money(r.new_price)}" for r in results[1:]])
    joint = " and " if len(results) == 2 else ", "
    return f"{NAMES[first.commodity]} {verb} {_money(first.new_price)}{joint}{rest}"


def short_sentence(report: PhaseReport, other: PhaseReport, seat: int, mine: Entry,
                   theirs: Entry, got: Outcome, would: Outcome) -> str:
    """The decision in at most 30 words and 6 numbers: the month, the one part of the entry
    that cost (or gained) the most, and the money: ``"Sep, selling: you asked $17 for an A
    that fetched $179 — $412 left on the table."``  Every number is the reports'.

    "Left on the table" only where the difference is cash alone (the stock, counted at the
    closing prices, and the loans come to the same both ways); otherwise the money is said as
    what it is, a difference in ``WORTH`` ("worth $221 less than the expert's, stock at the new
    prices": the prices the phase set, as the reveal calls them), since stock bought may yet
    sell for more than it is counted at."""
    head = f"{month_label(report.month)}, {PHASE_WORD[report.phase]}: "
    return f"{head}{_what_told(report, other, seat, mine, theirs)} — " \
           f"{difference_told(got, would)}."


def difference_told(got: Outcome, would: Outcome) -> str:
    """``"$412 left on the table"``, ``"$6 better than the expert"`` (cash alone), or ``"worth
    $221 less than the expert's, stock at the new prices"`` (stock or loans too)."""
    difference = would.worth - got.worth
    if not difference:
        return "no more and no less than the expert's"
    if cash_alone(got, would):
        return f"{_money(difference)} left on the table" if difference > 0 else \
            f"{_money(-difference)} better than the expert"
    return f"worth {_money(abs(difference))} {'less' if difference > 0 else 'more'} than " \
           f"the expert's, stock at the new prices"


def _what_told(report: PhaseReport, other: PhaseReport, seat: int, mine: Entry,
               theirs: Entry) -> str:
    """The part of the entry that made the difference, in a few words."""
    buying = report.phase == PURCHASING
    if mine == theirs:
        return "you entered what the expert would have"
    if report.seats[seat].cancelled:
        return ("your orders came to more than your cash and were all cancelled" if buying
                else "your offer could not be made from your stock")
    told = [story for key in report.keys
            for story in _stories(report, other, seat, dict(mine), dict(theirs), key)]
    if told:
        return max(told, key=lambda story: story[0])[1]
    return f"you {_one_line(mine, buying)}; the expert would have {_one_line(theirs, buying)}"


def _stories(report: PhaseReport, other: PhaseReport, seat: int, mine: Dict[str, Lot],
             theirs: Dict[str, Lot], key: str) -> List[Tuple[int, str]]:
    """What one commodity's line did against the expert's, each with the dollars at stake."""
    buying = report.phase == PURCHASING
    units, price = mine.get(key, NO_LOT)
    index = report.keys.index(key)
    done = report.seats[seat].lines[index].done
    their_done = other.seats[seat].lines[index].done
    market, name = report.prices[key], NAMES[key]
    told = []
    if done and (price > market if buying else price < market):
        what = f"you paid {_money(price)}{' each' if done > 1 else ''} for {done} {name} " \
            f"that closed at {_money(market)}" \
            if buying else f"you asked {_money(price)} for {_some(done, key)} that fetched " \
            f"{_money(market)}" + (" each" if done > 1 else "")
        told.append((abs(price - market) * done, what))
    if units and done < units and their_done > done:
        got = "" if not done else f" and {'got' if buying else 'sold'} {done}"
        told.append(((their_done - done) * market,
                     f"you {'bid' if buying else 'asked'} {_money(price)} for {units} {name}"
                     f"{got}; it closed at {_money(market)}" if got else
                     f"you {'bid' if buying else 'asked'} {_money(price)} for {units} {name}, "
                     f"which closed at {_money(market)}"))
    if not units and their_done:
        _, their_price = theirs[key]
        told.append((their_done * their_price,
                     f"you {'ordered' if buying else 'offered'} no {name}; the expert would "
                     f"have {'bought' if buying else 'sold'} {their_done} at "
                     f"{_money(their_price)}"))
    if done > their_done:
        told.append(((done - their_done) * price,
                     f"you {'bought' if buying else 'sold'} {done} {name} at {_money(price)}; "
                     f"the expert would have {'bought' if buying else 'sold'} {their_done}"))
    return told


def _some(units: int, key: str) -> str:
    """``"an A"``, ``"a B"``, ``"3 C"``."""
    if units == 1 and key in GOODS:
        return f"{'an' if key == 'A' else 'a'} {NAMES[key]}"
    return f"{units} {NAMES[key]}"


def _one_line(entry: Entry, buying: bool) -> str:
    """The largest line of an entry: ``"bid $41 for 4 Fine"``, or ``"ordered nothing"``."""
    if not entry:
        return "ordered nothing" if buying else "offered nothing"
    key, (units, price) = max(entry, key=lambda line: line[1].units * line[1].price)
    return f"{'bid' if buying else 'asked'} {_money(price)} for {units} {NAMES[key]}"


def goods_clause(got: Outcome, would: Outcome, recipes: Mapping[str, Triple]) -> str:
    """``"That is enough for 2 more B (B $150)."`` where the expert's stock makes more
    goods at the phase's closing prices than the person's (as the worth counts them), else
    nothing; ``"With your other stock, that is enough for …"`` where the expert's
    purchase alone would not make every good it was counted as (the stock held before the
    phase is needed too)."""
    more = [(n - m, g, p) for n, m, g, p in zip(would.made, got.made, GOODS, would.prices[3:])
            if n > m]
    if not more:
        return ""
    made = and_list([f"{n} more {g}" for n, g, _ in more])
    stood = ", ".join(f"{g} {_money(p)}" for _, g, p in more)    # 24 words at most
    alone = is_makeable(recipes, would.made, would.done)
    head = "That is" if alone else "With your other stock, that is"
    return f"{head} enough for {made} ({stood})."
