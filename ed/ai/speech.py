"""What the computer characters say after a phase, and their last words on the game.

After each phase every computer seat with a character (``characters``)
looks at what the public report says happened to it: its orders or offers
(all, part or none of them, cancelled, outbid by a named player), what it
paid or received and how that stood against the market, the moves of the
prices it dealt in, its cash and stock, the loan it took, the standings by
cash (taking the lead, falling behind, a comeback) and the last month.
Each of these is a ``Moment`` that holds; a character has sentences for the
moments it notices (``lines.PHASE_LINES``) and says at most one:

- **only what is so**: a sentence is said only when its moment holds, and
  the facts its words claim beyond the moment (``FACTS``: nothing left, stock
  kept, not a penny over, the cushion holds, a month to come...) hold too;
  it carries them all (``Line.claims``, checked against the report by
  ``ed.ai.hearing``), and its numbers are the report's;
- **never twice**: a seat says each sentence at most once in a game of up to
  12 months, and not again within 12 phases in a longer one;
- **never two at once**: no two seats say the same sentence in one phase
  (two seats of one character included);
- **silence allowed**: the bigger the moment and the chattier the character,
  the likelier a line; a dull phase often passes in silence, the face alone
  reacting.

The same history always gives the same lines.  Pure: imports the rules'
tables, the report's shape and ``production.is_makeable``.
``python3 -m ed.tools.voices`` prints the measures.
"""
from __future__ import annotations

import re
import zlib
from itertools import combinations
from dataclasses import dataclass
from string import Formatter
from typing import Dict, List, Optional, Sequence, Set, Tuple

from ..production import is_makeable
from ..report import PURCHASING
from ..rules import NAMES, RAW, Rules
from ..words import money
from .lines import CARES, LAST_WORDS, OWN_MOODS, PHASE_LINES, TALK

Claim = Tuple[object, ...]

#: Each moment's fields (besides ``cash`` and ``stock``, which every moment has, and the
#: ``FACTS`` that hold); one starting "?" writes no words, only claims, and is there only
#: where it holds: "?outbid", someone else bought the good at a higher bid; "?outbid_by" and
#: "?undercut_by", the player named did (bought at a higher bid, sold at a lower ask);
#: "?most_of", nobody bought or sold as many units of the good.
FIELDS: Dict[str, Tuple[str, ...]] = {
    "bought_all": ("units", "money"), "bought_cheap": ("units", "money"),
    "paid_over": ("over", "units"), "bought_part": ("done", "units", "money"),
    "outbid": ("good", "?outbid"), "took_mine": ("other", "good", "?outbid_by"),
    "cancelled": (), "no_order": (),
    "bought_many": ("units",), "bought_most": ("units",), "bought_xfine": ("units", "?most_of"),
    "loan": ("loan",), "raw_up": ("good", "price"), "raw_down": ("good", "price"),
    "cash_low": (), "last_orders": (), "first_orders": (),
    "not_made": (), "sold_lot": ("money", "units"), "sold_all": ("money", "units"),
    "sold_dear": ("money", "units"), "sold_cheap": ("under", "money"),
    "sold_part": ("done", "units", "money"), "unsold": ("good",),
    "sold_instead": ("other", "good", "?undercut_by"), "keeping": (), "empty": (),
    "to_broker": (), "sold_a": ("units", "?most_of"), "sold_c": ("units", "?most_of"),
    "good_up": ("good", "price"),
    "good_down": ("good", "price"), "cash_up": ("money",), "last_sale": ("money",),
    "last_unsold": (),
    "lead_taken": (), "lead_kept": ("gap",), "lead_lost": ("other",),
    "comeback": ("rank", "was"), "last_place": (), "behind": ("other", "gap"),
}
COMMON_FIELDS = ("cash", "stock")

#: The fields that write no words (``"?kept"``): what a sentence claims beyond its moment.
#: A sentence with one is said only where its fact holds ("…and kept some back.{?kept}").
#: Each moment may have these, where they hold, besides those of its own in ``FIELDS``.
FACTS: Dict[str, str] = {
    "?no_stock": "no raw stock at all is left",
    "?kept": "some raw stock is left",
    "?cushion": "the cash in hand is at least half the starting cash",
    "?later": "the game has a month after this one",
    "?at_market": "every unit bought or sold was at the market price exactly",
    "?not_over": "no unit bought was over the market price",
    "?part_fill": "one bid was filled in part (Variation II)",
    "?part_sale": "one offer was sold in part (Variation III)",
}

#: The places of the last words, and the fields each may use when they hold.
PLACES = ("won", "shared", "2nd", "3rd", "4th", "5th", "last")
END_FIELDS = ("final", "profit", "loss", "winner", "behind", "runner", "ahead")

#: How much a moment is worth saying: 3 always, 2 often, 1 now and then.
INTEREST: Dict[str, int] = {
    "cancelled": 3, "took_mine": 3, "loan": 3, "not_made": 3, "sold_lot": 3,
    "sold_instead": 3, "last_sale": 3, "last_unsold": 3, "lead_taken": 3, "lead_lost": 3,
    "comeback": 3,
    "bought_all": 2, "bought_cheap": 2, "paid_over": 2, "bought_part": 2, "outbid": 2,
    "bought_many": 2, "bought_most": 2, "bought_xfine": 2, "last_orders": 2, "sold_all": 2,
    "sold_dear": 2, "sold_cheap": 2, "sold_part": 2, "unsold": 2, "to_broker": 2,
    "sold_a": 2, "sold_c": 2, "lead_kept": 2, "last_place": 2,
    "no_order": 1, "raw_up": 1, "raw_down": 1, "cash_low": 1, "first_orders": 1,
    "keeping": 1, "empty": 1, "good_up": 1, "good_down": 1, "cash_up": 1, "behind": 1,
}

#: The face a moment puts on (the outcome's when the seat says nothing).
MOODS: Dict[str, str] = {
    **{name: "pleased" for name in (
        "bought_all", "bought_cheap", "bought_many", "bought_most", "bought_xfine",
        "raw_down", "sold_lot", "sold_all", "sold_dear", "sold_part", "sold_a", "sold_c",
        "good_up", "cash_up", "last_sale", "lead_taken", "lead_kept", "comeback")},
    **{name: "glum" for name in (
        "outbid", "took_mine", "cancelled", "not_made", "unsold", "sold_instead",
        "to_broker", "good_down", "last_unsold", "lead_lost", "last_place", "cash_low")},
}

#: How much likelier than its ``TALK`` a character speaks of a moment worth 3, 2 or 1 (one
#: worth 4, a big moment it cares about, is always said).
CHANCE = {3: 1.15, 2: 0.6, 1: 0.2}

#: Units bought in one phase that count as a big order.
MANY_UNITS = 8
#: A sentence is not said again by a seat within this many phases of a longer game.
REPEAT_PHASES = 12
#: Games of up to this many months never hear a seat say a sentence twice.
WHOLE_GAME_MONTHS = 12


@dataclass(frozen=True)
class Line:
    """One sentence said: its words, the face it puts on, which of the character's
    sentences it is (``"mabel:sold_lot:1"``) and the facts it claims, as
    ``(kind, value...)`` tuples that ``ed.ai.hearing`` checks against the report."""

    text: str
    mood: str
    template: str
    claims: Tuple[Claim, ...]


@dataclass(frozen=True)
class Said:
    """One seat after one phase: its face, and its line or ``None`` (silence)."""

    mood: str
    line: Optional[Line] = None

    @property
    def text(self) -> str:
        return self.line.text if self.line is not None else ""


@dataclass(frozen=True)
class Moment:
    """Something that holds for a seat after a phase, with the facts it rests on
    (``claims``) and the words to fill in: ``values`` is (field, text, claim)."""

    name: str
    claims: Tuple[Claim, ...]
    values: Tuple[Tuple[str, str, Claim], ...] = ()


# ----------------------------------------------------------------- words

def units(count: int) -> str:
    return f"{count} unit" if count == 1 else f"{count} units"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def sentence_key(text: str) -> str:
    """A sentence with its numbers aside: what "the same sentence" means."""
    return re.sub(r"\$?\d[\d,]*(st|nd|rd|th)?\b", "#", text)


def templates(key: str) -> List[str]:
    """Every sentence a character can say, its last words included."""
    return [t for lines in (PHASE_LINES[key], LAST_WORDS[key]) for group in lines.values()
            for t in group]


def shared_templates() -> int:
    """Sentences (numbers and names aside) found in two characters' line sets."""
    sets = {key: {sentence_key(t) for t in templates(key)} for key in PHASE_LINES}
    return sum(len(sets[a] & sets[b]) for a, b in combinations(PHASE_LINES, 2))


def template_fields(template: str) -> Tuple[str, ...]:
    """The ``{fields}`` a template fills in."""
    return tuple(field for _, field, _, _ in Formatter().parse(template) if field)


# ----------------------------------------------------------------- moments

def _entered(result) -> list:
    return [line for line in result.lines if line.units]


def _stock(result) -> int:
    return sum(result.stock_after[key] for key in RAW)


def _most(report, key: str, seat: Optional[int]) -> Optional[int]:
    """The one seat other than ``seat`` that bought or sold the most of ``key`` (``None``:
    none, a tie or ``seat`` itself; ``seat`` ``None``: whichever seat it is)."""
    done = [(r.lines[report.keys.index(key)].done, r.seat) for r in report.seats]
    best = max(n for n, _ in done)
    who = [s for n, s in done if n == best]
    return who[0] if best > 0 and len(who) == 1 and who[0] != seat else None


def _beaten(report, seat: int, key: str, other: Optional[int] = None) -> Optional[int]:
    """The seat (``other``, or the first) that bought ``key`` at a higher bid, or sold it at a
    lower ask, where ``seat`` entered it and got none; ``None`` when nobody did."""
    index = report.keys.index(key)
    mine = report.seats[seat].lines[index]
    if not mine.units or mine.done or report.seats[seat].cancelled:
        return None
    buying = report.phase == PURCHASING
    for result in report.seats:
        theirs = result.lines[index]
        better = theirs.price > mine.price if buying else theirs.price < mine.price
        if result.seat != seat and other in (None, result.seat) and theirs.done and better:
            return result.seat
    return None


def _outcome(report, seat: int, buying: bool) -> List[Moment]:
    """All, part or none of the entry, cancelled, or nothing entered."""
    result = report.seats[seat]
    entered = _entered(result)
    done, asked = sum(line.done for line in entered), sum(line.units for line in entered)
    verb = "bought" if buying else "sold"
    if not entered:
        return [Moment("no_order", (("ordered_nothing",),))] if buying else []
    if result.cancelled:
        return [Moment("cancelled" if buying else "not_made", (("cancelled",),))]
    amount = ("paid" if buying else "received", result.money)
    filled = (f"units_{verb}", done)
    if done == asked:
        return [Moment(f"{verb}_all", ((f"{verb}_all",),),
                       (("units", units(done), filled), ("money", money(result.money), amount)))]
    if done:
        kept = () if buying else (("stock_kept",),)
        return [Moment(f"{verb}_part", ((f"{verb}_part",),) + kept,
                       (("done", str(done), filled),
                        ("units", units(asked), ("units_ordered" if buying else "units_offered",
                                                 asked)),
                        ("money", money(result.money), amount)))]
    beaten = {line.commodity: _beaten(report, seat, line.commodity) for line in entered}
    missed = max(entered, key=lambda line: (beaten[line.commodity] is not None, line.units,
                                            -report.keys.index(line.commodity))).commodity
    values = (("good", NAMES[missed], ("missed", missed)),)
    if buying and beaten[missed] is not None:
        values += (("?outbid", "", ("outbid", missed)),)
    claims = ((f"{verb}_none",), ("missed", missed)) + (() if buying else (("stock_kept",),))
    return [Moment("outbid" if buying else "unsold", claims, values)]


def _against_market(report, seat: int, buying: bool) -> List[Moment]:
    """Paid at or under the market, or over it; sold at or over it, or under it."""
    result = report.seats[seat]
    sold = [line for line in result.lines if line.done]
    if not sold or result.cancelled:
        return []
    market = report.prices
    done = sum(line.done for line in sold)
    under = sum((market[line.commodity] - line.price) * line.done for line in sold
                if line.price < market[line.commodity])
    over = sum((line.price - market[line.commodity]) * line.done for line in sold
               if line.price > market[line.commodity])
    verb = "bought" if buying else "sold"
    amount = ("money", money(result.money), ("paid" if buying else "received", result.money))
    count = ("units", units(done), (f"units_{verb}", done))
    found = []
    if buying and not over:
        found.append(Moment("bought_cheap", (("paid_at_most_market",),), (count, amount)))
    if buying and over:
        found.append(Moment("paid_over", (("over_market", over),),
                            (("over", money(over), ("over_market", over)), count)))
    if not buying and not under:
        found.append(Moment("sold_dear", (("sold_at_least_market",),), (amount, count)))
    if not buying and under:
        found.append(Moment("sold_cheap", (("under_market", under),),
                            (("under", money(under), ("under_market", under)), amount)))
    return found


def _against_others(report, seat: int, buying: bool) -> List[Moment]:
    """Another player took what this seat missed; this seat bought the most at the table."""
    result = report.seats[seat]
    found = []
    if not result.cancelled:
        for line in result.lines:
            if line.units and not line.done:
                other = _most(report, line.commodity, seat)
                if other is not None:
                    kind = "took" if buying else "sold_instead"
                    claim = (kind, other, line.commodity)
                    values = (("other", report.names[other], claim),
                              ("good", NAMES[line.commodity], claim))
                    if _beaten(report, seat, line.commodity, other) is not None:
                        fact = ("?outbid_by" if buying else "?undercut_by", "",
                                ("outbid_by" if buying else "undercut_by", other, line.commodity))
                        values += (fact,)
                    found.append(Moment("took_mine" if buying else "sold_instead", (claim,),
                                        values))
    done = sum(line.done for line in result.lines)
    if buying and done:
        count = ("units", units(done), ("units_bought", done))
        if all(sum(l.done for l in r.lines) < done for r in report.seats if r.seat != seat):
            found.append(Moment("bought_most", (("most_bought",),), (count,)))
        if done >= MANY_UNITS:
            found.append(Moment("bought_many", (("bought_at_least", MANY_UNITS),), (count,)))
    return found


def _goods(report, seat: int, buying: bool) -> List[Moment]:
    """X-Fine bought; A or C sold: what Otto and Cora care for."""
    found = []
    for line in report.seats[seat].lines:
        name = {"xfine": "bought_xfine", "A": "sold_a", "C": "sold_c"}.get(line.commodity)
        if name and line.done:
            claim = ("bought" if buying else "sold", line.commodity, line.done)
            values = (("units", units(line.done), claim),)
            if _most(report, line.commodity, None) == seat:
                values += (("?most_of", "", ("most_of", line.commodity)),)
            found.append(Moment(name, (claim,), values))
    return found


def _prices(report, seat: int, buying: bool) -> List[Moment]:
    """The price of each commodity the seat entered, where it moved."""
    found = []
    for change, line in zip(report.commodities, report.seats[seat].lines):
        if line.units and change.new_price != change.old_price:
            way = "up" if change.new_price > change.old_price else "down"
            claim = ("price", change.commodity, change.new_price, way)
            found.append(Moment(("raw_" if buying else "good_") + way, (claim,),
                                (("good", NAMES[change.commodity], claim),
                                 ("price", money(change.new_price), claim))))
    return found


def _money_and_time(report, seat: int, buying: bool, rules: Rules) -> List[Moment]:
    """A loan, low cash, cash up; the first and last orders; stock kept, sold off or none."""
    result = report.seats[seat]
    found = []
    if result.loan:
        claim = ("loan", result.loan)
        found.append(Moment("loan", (claim,), (("loan", money(result.loan), claim),)))
    limit = rules.starting_cash // 4
    last = report.month == rules.months
    if buying:
        if result.cash_after < limit:
            found.append(Moment("cash_low", (("cash_under", limit),)))
        if last and _entered(result):
            found.append(Moment("last_orders", (("month", report.month), ("last_month",),
                                                ("ordered",))))
        elif report.month == 1 and _entered(result):
            found.append(Moment("first_orders", (("month", 1),)))
        return found
    if result.money:
        found.append(Moment("cash_up", (("received", result.money),),
                            (("money", money(result.money), ("received", result.money)),)))
    if last:
        kind = "last_sale" if result.money else "last_unsold"
        amount = ("received", result.money)
        found.append(Moment(kind, (("last_month",), amount),
                            (("money", money(result.money), amount),)))
    stock, entered = _stock(result), _entered(result)
    if last and stock:
        found.append(Moment("to_broker", (("to_broker", stock), ("last_month",))))
    elif not entered:
        found.append(Moment("keeping", (("offered_nothing",), ("not_last_month",),
                                        ("stock_kept",)))
                     if stock else Moment("empty", (("offered_nothing",), ("stock", 0))))
    return found


def _the_lot(report, seat: int, rules: Rules) -> List[Moment]:
    """Every unit offered sold and nothing left that could be made: "the lot" (a sentence
    saying that nothing at all is left has ``?no_stock`` too)."""
    result = report.seats[seat]
    entered = _entered(result)
    if not entered or result.cancelled or any(l.done != l.units for l in entered):
        return []
    stock = tuple(result.stock_after[key] for key in RAW)
    if any(is_makeable(rules.recipes, one, stock) for one in ((1, 0, 0), (0, 1, 0), (0, 0, 1))):
        return []
    done = sum(line.done for line in entered)
    return [Moment("sold_lot", (("sold_all",), ("none_makeable",)),
                   (("money", money(result.money), ("received", result.money)),
                    ("units", units(done), ("units_sold", done))))]


def standings(cash: Sequence[int], seat: int) -> Tuple[int, bool, Optional[int]]:
    """(place by cash, whether alone in first, the one seat alone in first or ``None``)."""
    rank = 1 + sum(1 for other in cash if other > cash[seat])
    top = max(cash)
    leaders = [s for s, c in enumerate(cash) if c == top]
    alone = leaders[0] if len(leaders) == 1 else None
    return rank, alone == seat, alone


def _standing(report, seat: int, before: Sequence[int]) -> List[Moment]:
    """After a selling phase, by cash: the lead taken, kept or lost, a comeback, last place,
    who leads and by how much.  ``before``: everyone's cash after the last selling phase."""
    now = [r.cash_after for r in report.seats]
    rank, first, leader = standings(now, seat)
    was, was_first, _ = standings(before, seat)
    found = []
    if first:
        gap = now[seat] - max(c for s, c in enumerate(now) if s != seat)
        if was_first:
            found.append(Moment("lead_kept", (("leads",), ("led_before", 1)),
                                (("gap", money(gap), ("lead_by", gap)),)))
        else:
            found.append(Moment("lead_taken", (("leads",), ("led_before", 0))))
    elif leader is not None:
        who = ("leader", leader)
        gap = now[leader] - now[seat]
        if was_first:
            found.append(Moment("lead_lost", (("led_before", 1), who),
                                (("other", report.names[leader], who),)))
        found.append(Moment("behind", (who, ("behind_by", gap)),
                            (("other", report.names[leader], who),
                             ("gap", money(gap), ("behind_by", gap)))))
    if was - rank >= 2:
        found.append(Moment("comeback", (("rank", rank), ("rank_before", was)),
                            (("rank", ordinal(rank), ("rank", rank)),
                             ("was", ordinal(was), ("rank_before", was)))))
    if len(now) >= 3 and all(c > now[seat] for s, c in enumerate(now) if s != seat):
        found.append(Moment("last_place", (("sole_last",),)))
    return found


def moments(report, seat: int, rules: Rules, before: Sequence[int]) -> List[Moment]:
    """Every moment that holds for ``seat`` after ``report``, with ``cash`` and ``stock``
    among its words.  ``before``: each seat's cash after the previous selling phase
    (the starting cash before the first)."""
    buying = report.phase == PURCHASING
    found = (_outcome(report, seat, buying) + _against_market(report, seat, buying)
             + _against_others(report, seat, buying) + _goods(report, seat, buying)
             + _prices(report, seat, buying) + _money_and_time(report, seat, buying, rules))
    if not buying:
        found += _the_lot(report, seat, rules) + _standing(report, seat, before)
    result = report.seats[seat]
    common = (("cash", money(result.cash_after), ("cash", result.cash_after)),
              ("stock", units(_stock(result)), ("stock", _stock(result))))
    common += facts(report, seat, rules)
    return [Moment(m.name, m.claims, m.values + common) for m in found]


def facts(report, seat: int, rules: Rules) -> Tuple[Tuple[str, str, Claim], ...]:
    """The ``FACTS`` that hold for ``seat`` after ``report``, as silent fields: (field, "",
    claim)."""
    result = report.seats[seat]
    buying = report.phase == PURCHASING
    limit = rules.starting_cash // 2
    found = [("?no_stock", ("no_stock",)) if not _stock(result) else ("?kept", ("stock_kept",))]
    if result.cash_after >= limit:
        found.append(("?cushion", ("cushion", limit)))
    if report.month < rules.months:
        found.append(("?later", ("not_last_month",)))
    filled = [line for line in result.lines if line.done]
    market = report.prices
    if filled and not result.cancelled:
        if all(line.price == market[line.commodity] for line in filled):
            found.append(("?at_market", ("paid_market" if buying else "sold_market",)))
        if buying and all(line.price <= market[line.commodity] for line in filled):
            found.append(("?not_over", ("paid_at_most_market",)))
        if any(line.done < line.units for line in filled):
            found.append(("?part_fill", ("part_filled",)) if buying
                         else ("?part_sale", ("part_sold",)))
    return tuple((field, "", claim) for field, claim in found)


def outcome_mood(report, seat: int) -> str:
    """The face for the phase's outcome alone (a seat that says nothing still reacts)."""
    result = report.seats[seat]
    entered = _entered(result)
    if not entered:
        return "neutral"
    if result.cancelled or not result.money:
        return "glum"
    if all(line.done == line.units for line in entered):
        return "pleased"
    return "neutral" if report.phase == PURCHASING else "pleased"


# ----------------------------------------------------------------- the choice

def _roll(*parts: object) -> float:
    """A number in [0, 1) fixed by ``parts``: the same phase always gives the same choice."""
    return zlib.crc32(":".join(str(p) for p in parts).encode("utf-8")) / 2 ** 32


def fill(template: str, moment: Moment) -> Tuple[str, Tuple[Claim, ...]]:
    """The template's words with the moment's values, and the claims they make.

    Raises ``KeyError`` for a field the moment does not have."""
    values = {field: (text, claim) for field, text, claim in moment.values}
    used = template_fields(template)
    text = template.format(**{field: values[field][0] for field in used})
    claims = moment.claims + tuple(values[field][1] for field in used)
    return text, tuple(dict.fromkeys(claims))


def sayable(character: str, moment: Moment) -> List[Tuple[int, str]]:
    """The character's sentences for ``moment`` (with their places in its list) that say
    only what holds: every field of each, its silent ``FACTS`` too, is among the moment's."""
    held = {field for field, _, _ in moment.values}
    return [(i, t) for i, t in enumerate(PHASE_LINES[character][moment.name])
            if set(template_fields(t)) <= held]


class _Memory:
    """What each seat has said, to keep it from saying a sentence again too soon."""

    def __init__(self, players: int, months: int) -> None:
        self.said: List[Dict[str, int]] = [{} for _ in range(players)]   # template -> phase
        self.whole_game = months <= WHOLE_GAME_MONTHS

    def free(self, seat: int, template: str, phase: int) -> bool:
        when = self.said[seat].get(template)
        return when is None or (not self.whole_game and phase - when >= REPEAT_PHASES)

    def note(self, seat: int, template: str, phase: int) -> None:
        self.said[seat][template] = phase


def _choose(report, seat: int, character: str, found: List[Moment], memory: _Memory,
            phase: int, taken: Set[str]) -> Optional[Line]:
    """The character's line for the best moment it still has a fresh sentence for, or
    ``None`` when it has none or stays quiet this time."""
    own = PHASE_LINES[character]
    cares = CARES[character]
    ranked = sorted(((INTEREST[m.name] + (m.name in cares), -order, m)
                     for order, m in enumerate(found) if m.name in own), key=lambda t: t[:2],
                    reverse=True)
    for score, _, moment in ranked:
        fresh = [(i, t) for i, t in sayable(character, moment)
                 if memory.free(seat, f"{character}:{moment.name}:{i}", phase)]
        fresh = [(i, t) for i, t in fresh if f"{character}:{moment.name}:{i}" not in taken
                 and sentence_key(fill(t, moment)[0]) not in taken]
        if not fresh:
            continue
        chance = 1.0 if score >= 4 else TALK[character] * CHANCE[score]
        roll = _roll(character, seat, report.month, report.phase, "|".join(report.names))
        if roll >= chance:
            return None
        index, template = fresh[int(_roll(roll, moment.name) * len(fresh))]
        text, claims = fill(template, moment)
        mood = OWN_MOODS[character].get(moment.name) or MOODS.get(moment.name, "neutral")
        return Line(text, mood,
                    f"{character}:{moment.name}:{index}", claims)
    return None


class _Run:
    """The lines of one game so far, kept to go on from when the game goes on."""

    def __init__(self, characters: Tuple[Optional[str], ...], rules: Rules) -> None:
        self.characters = characters
        self.rules = rules
        self.memory = _Memory(len(characters), rules.months)
        self.before = [rules.starting_cash] * len(characters)
        self.reports: List = []
        self.said: List[Tuple[Said, ...]] = []

    def agrees(self, history: Sequence, characters, rules: Rules) -> bool:
        """Whether ``history`` is this run's game, the same phases as far as both go."""
        return (tuple(characters) == self.characters and rules == self.rules
                and all(a is b for a, b in zip(self.reports, history)))

    def add(self, report) -> None:
        phase, taken, row = len(self.reports), set(), []     # type: ignore[var-annotated]
        for seat, character in enumerate(self.characters):
            line = None
            if character is not None:
                found = moments(report, seat, self.rules, self.before)
                line = _choose(report, seat, character, found, self.memory, phase, taken)
            if line is not None:
                self.memory.note(seat, line.template, phase)
                taken.update((line.template, sentence_key(line.text)))
            row.append(Said(line.mood if line else outcome_mood(report, seat), line))
        self.reports.append(report)
        self.said.append(tuple(row))
        if report.phase != PURCHASING:
            self.before = [r.cash_after for r in report.seats]


_last_run: List[_Run] = []      # the game asked about last, to go on from (the window's)


def phase_lines(history: Sequence, characters: Sequence[Optional[str]],
                rules: Rules) -> List[Tuple[Said, ...]]:
    """What every seat says after each report of ``history``, in order.

    ``characters[seat]`` is a computer seat's character key, or ``None`` for a
    seat that says nothing (a person's, or a computer player without a
    character).  The lines of a phase depend only on the phases up to it, so
    the game asked about last is kept and a longer history of it costs only
    its new phases.  Raises ``KeyError`` for an unknown character."""
    run = _last_run[0] if _last_run else None
    if run is None or not run.agrees(history, characters, rules):
        run = _Run(tuple(characters), rules)
        _last_run[:] = [run]
    for report in history[len(run.reports):]:
        run.add(report)
    return run.said[:len(history)]


# ----------------------------------------------------------------- last words

def place_key(place: int, players: int, shared: bool) -> str:
    """The place's words: "won", "shared", "2nd"... "5th", or "last"."""
    if place == 1:
        return "shared" if shared else "won"
    return "last" if place == players else ordinal(place)


def _end_values(settlement, line) -> Dict[str, Tuple[str, Claim]]:
    """The words a last word may use, each with the fact it claims, where it holds."""
    values: Dict[str, Tuple[str, Claim]] = {"final": (money(line.final_cash),
                                                      ("final", line.final_cash))}
    if line.profit > 0:
        values["profit"] = (money(line.profit), ("profit", line.profit))
    if line.profit < 0:
        values["loss"] = (money(-line.profit), ("loss", -line.profit))
    firsts = [s for s in settlement if s.place == 1]
    seconds = [s for s in settlement if s.place == 2]
    if line.place > 1 and len(firsts) == 1:
        gap = firsts[0].final_cash - line.final_cash
        values["winner"] = (firsts[0].name, ("winner", firsts[0].seat))
        values["behind"] = (money(gap), ("behind_by", gap))
    if line.place == 1 and len(firsts) == 1 and len(seconds) == 1:
        gap = line.final_cash - seconds[0].final_cash
        values["runner"] = (seconds[0].name, ("runner_up", seconds[0].seat))
        values["ahead"] = (money(gap), ("ahead_by", gap))
    return values


def last_words(settlement, characters: Sequence[Optional[str]]) -> Dict[int, Line]:
    """Each computer seat's last word on the game, from its place and its final cash:
    each place its own words, and no two seats the same sentence."""
    taken: Set[str] = set()
    found: Dict[int, Line] = {}
    players = len(settlement)
    for line in sorted(settlement, key=lambda s: s.seat):
        character = characters[line.seat] if line.seat < len(characters) else None
        if character is None:
            continue
        shared = sum(1 for s in settlement if s.place == 1) > 1
        key = place_key(line.place, players, shared)
        values = _end_values(settlement, line)
        choices = [(i, t) for i, t in enumerate(LAST_WORDS[character][key])
                   if all(f in values for f in template_fields(t))
                   and f"{character}:{key}:{i}" not in taken]
        if not choices:
            continue
        index, template = choices[int(_roll(character, line.seat, line.final_cash) * len(choices))]
        used = template_fields(template)
        text = template.format(**{f: values[f][0] for f in used})
        claims = (("place", line.place),) + tuple(dict.fromkeys(values[f][1] for f in used))
        claims += {"won": (("won_alone",),), "shared": (("shared",),),
                   "last": (("came_last",),)}.get(key, ())
        mood = "pleased" if line.place == 1 else "glum" if key == "last" else "neutral"
        found[line.seat] = Line(text, mood, f"{character}:{key}:{index}", claims)
        taken.add(found[line.seat].template)
    return found


def character_of(personality) -> Optional[str]:
    """A ``Personality``'s key when it has sentences of its own, else ``None``."""
    key = getattr(personality, "key", None)
    return key if key in PHASE_LINES else None
