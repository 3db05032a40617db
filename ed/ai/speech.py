"""What the computer characters say after a phase, and their last words on the game.

After each phase every computer seat with a character (``characters``)
looks at what the public report says happened to it: its orders or offers
(all, part or none of them, cancelled, taken by the one other player who
bought or sold that commodity), what it paid or received and how that stood
against the market, the moves of the prices it dealt in, its cash and
stock, the loan it took, the standings by cash (taking the lead, falling
behind, a comeback) and the last month.  Each of these is a ``Moment`` that
holds, with the facts it rests on as ``claims.Claim`` data; a character has
sentences for the moments it notices (``lines.PHASE_LINES``) and says at
most one:

- **only what is so**: a sentence is said only when its moment holds; every
  field it fills in is a claim (``{bought}`` the units bought, ``{stock}``
  the stock held, ``{other}`` a player named for what only they did...) and
  every fact it states beyond them is one too (``FACTS``: ``{?no_stock}``
  nothing left...), so the line carries every claim its words make
  (``Line.claims``), which ``ed.ai.hearing`` works out again from the
  record.  Nothing is said of a month to come;
- **nobody singled out**: another player is named only for what nobody else
  at the table did (the one buyer of a grade, the one leader);
- **never twice**: a seat says each sentence at most once in a game of up to
  12 months, and not again within 12 phases in a longer one;
- **no tics**: a phrase (the words between two stops, numbers and names
  aside: "Ha!", "# units!") at most twice a game from one seat (within any
  12 months of a longer game);
- **never two at once**: no two seats say the same sentence in one phase
  (two seats of one character included);
- **silence allowed**: the bigger the moment and the chattier the character,
  the likelier a line; a dull phase often passes in silence, the face alone
  reacting.

The same history always gives the same lines.  Pure: imports the rules'
tables and the report's shape.  ``python3 -m ed.tuning.voices`` prints the
measures.
"""
from __future__ import annotations

import re
import zlib
from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations
from string import Formatter
from typing import Dict, List, Optional, Sequence, Set, Tuple

from ..production import can_make
from ..report import PURCHASING
from ..rules import NAMES, Phase, RAW, Rules
from ..words import money
from .claims import END, MOST, ONLY, SHARED, START, Claim
from .lines import CARES, LAST_WORDS, OWN_MOODS, PHASE_LINES, TALK

#: Each moment's fields (besides ``cash`` and ``stock``, which every moment has, and the
#: ``FACTS`` that hold).  A field names what it counts: ``bought`` the units bought (of the
#: moment's grade, where it has one; a bare number in "{bought} of {ordered}"), ``ordered``
#: those ordered, ``sold`` and ``offered``
#: the same for goods, ``paid`` and ``received`` the money, ``over`` and ``under`` the sum
#: over or under the market, ``good`` the commodity, ``price`` its new price, ``other`` the
#: one other player the moment is about, ``gap`` a difference in cash, ``rank`` and ``was``
#: places by cash now and after the last selling phase.  A field starting "?" writes no
#: words, only a claim, and is there only where it holds: "?outbid", another player bought
#: the grade at a higher bid ("?undercut": sold the good at a lower ask); "?outbid_by" and
#: "?undercut_by", the player named did; "?most", nobody bought or sold as many of it;
#: "?only", nobody else bought or sold any.
FIELDS: Dict[str, Tuple[str, ...]] = {
    "bought_all": ("bought", "paid"), "bought_cheap": ("bought", "paid"),
    "paid_over": ("over", "bought"), "bought_part": ("bought", "ordered", "paid"),
    "outbid": ("good", "?outbid"), "took_mine": ("other", "good", "?outbid_by"),
    "cancelled": (), "no_order": (),
    "bought_many": ("bought",), "bought_most": ("bought",),
    "bought_xfine": ("bought", "?most", "?only"),
    "loan": ("loan",), "raw_up": ("good", "price"), "raw_down": ("good", "price"),
    "cash_low": (), "last_orders": ("ordered",), "first_orders": ("ordered",),
    "not_made": (), "sold_lot": ("received", "sold"), "sold_all": ("received", "sold"),
    "sold_dear": ("received", "sold"), "sold_cheap": ("under", "received"),
    "sold_part": ("sold", "offered", "received"), "unsold": ("good", "?undercut"),
    "sold_instead": ("other", "good", "?undercut_by"), "keeping": (), "empty": (),
    "to_broker": (), "sold_a": ("sold", "?most", "?only"),
    "sold_c": ("sold", "?most", "?only"),
    "good_up": ("good", "price"), "good_down": ("good", "price"),
    "cash_up": ("received",), "last_sale": ("received",), "last_unsold": (),
    "lead_taken": ("gap",), "lead_kept": ("gap",), "lead_lost": ("other",),
    "comeback": ("rank", "was"), "last_place": (), "behind": ("other", "gap"),
}
COMMON_FIELDS = ("cash", "stock")

#: The fields that write no words (``"?kept"``): what a sentence states beyond its moment's
#: fields.  A sentence with one is said only where its fact holds ("…and kept some
#: back.{?kept}").  Each moment may have these, where they hold, besides those of its own
#: in ``FIELDS``.
FACTS: Dict[str, str] = {
    "?no_stock": "no raw stock at all is left",
    "?kept": "some raw stock is left (the claim: exactly how much)",
    "?cushion": "the cash in hand is at least half the starting cash",
    "?at_market": "every unit bought or sold was at the market price exactly",
    "?not_over": "no unit bought was over the market price",
    "?partly": "one bid (offer) was filled in part: Variation II (III)",
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
#: A phrase is said at most this many times by a seat in a game of up to 12 months (and
#: within any ``TIC_PHASES`` phases of a longer one).
TIC_LIMIT = 2
TIC_PHASES = 2 * WHOLE_GAME_MONTHS


@dataclass(frozen=True)
class Line:
    """One sentence said: its words, the face it puts on, which of the character's
    sentences it is (``"mabel:sold_lot:1"``) and every fact its words state, as ``Claim``
    data that ``ed.ai.hearing`` checks against the record."""

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
    """Something that holds for a seat after a phase, with the claims it rests on
    (``claims``: said by every sentence for it) and the words to fill in: ``values`` is
    (field, text, claim), the claim being what that field's words state."""

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


#: What ends a phrase: a stop, a question or exclamation mark, a colon, semicolon, comma or
#: dash.
_STOPS = re.compile(r"[.!?:;,\u2014\u2026]+")
_NUMBER = re.compile(r"\$?\d[\d,]*(st|nd|rd|th)?\b")
_COMMODITY = re.compile(r"(?<![\w-])(X-Fine|Fine|Standard|A|B|C)(?![\w-])")
_SILENT = re.compile(r"\{\?\w+\}")
_FIELD = re.compile(r"\{(\w+)\}")
#: The fields whose words are a count of units ("9 units"); the rest are a number or a name.
UNIT_FIELDS = ("bought", "ordered", "sold", "offered", "stock")


def phrases(text: str, names: Sequence[str] = ()) -> List[str]:
    """The phrases of ``text``: the words between two stops, in lower case, with each
    number, player's name and commodity as "#"; a phrase of nothing else ("$40") is left
    out.  "Ha! 9 units!" -> ["ha", "# units"]."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "#", text)
    text = re.sub(r"# units?\b", "# units", _COMMODITY.sub("#", _NUMBER.sub("#", text)))
    found = []
    for part in _STOPS.split(text):
        part = " ".join(part.split()).lower()
        if part.replace("#", "").strip():
            found.append(part)
    return found


def template_phrases(template: str) -> List[str]:
    """The phrases of a template's words as they are said: a count of units as "# units",
    any other field as "#"."""
    words = _FIELD.sub(lambda m: "# units" if m.group(1) in UNIT_FIELDS else "#",
                       _SILENT.sub("", template))
    return phrases(words)


def templates(key: str) -> List[str]:
    """Every sentence a character can say, its last words included."""
    return [t for lines in (PHASE_LINES[key], LAST_WORDS[key]) for group in lines.values()
            for t in group]


def shared_templates() -> int:
    """Sentences (numbers and names aside) found in two characters' line sets."""
    sets = {key: {sentence_key(t) for t in templates(key)} for key in PHASE_LINES}
    return sum(len(sets[a] & sets[b]) for a, b in combinations(PHASE_LINES, 2))


#: A phrase of this many words or more (numbers, names and counts of units aside) is a
#: character's own: no other character says it.
OWN_PHRASE_WORDS = 3


def phrase_words(phrase: str) -> int:
    """The words of a phrase, its numbers, names and counts of units aside."""
    return len(phrase.replace("# units", "#").replace("#", " ").split())


def shared_phrases() -> List[Tuple[str, str, str]]:
    """Phrases of ``OWN_PHRASE_WORDS`` words or more found in two characters' line sets:
    (phrase, one character, the other)."""
    sets = {key: {p for t in templates(key) for p in template_phrases(t)
                  if phrase_words(p) >= OWN_PHRASE_WORDS} for key in PHASE_LINES}
    return [(p, a, b) for a, b in combinations(PHASE_LINES, 2) for p in sorted(sets[a] & sets[b])]


def template_fields(template: str) -> Tuple[str, ...]:
    """The ``{fields}`` a template fills in."""
    return tuple(field for _, field, _, _ in Formatter().parse(template) if field)


# ----------------------------------------------------------------- moments

class _Facts:
    """One seat's claims about one phase, made the same way (its month and phase)."""

    def __init__(self, report, seat: int) -> None:
        self.report = report
        self.seat = seat

    def __call__(self, kind: str, seat: Optional[int] = -1, **rest) -> Claim:
        return Claim(kind, self.seat if seat == -1 else seat, self.report.month,
                     self.report.phase, **rest)

    def before(self, kind: str, seat: Optional[int] = -1, **rest) -> Claim:
        """A claim about the selling phase before (the start of the game before month 1)."""
        return Claim(kind, self.seat if seat == -1 else seat, max(START, self.report.month - 1),
                     Phase.SELLING, **rest)


def _entered(result) -> list:
    return [line for line in result.lines if line.units]


def _stock(result) -> int:
    return sum(result.stock_after[key] for key in RAW)


def _only(report, key: str) -> Optional[int]:
    """The one seat that bought (or sold) any of ``key``, or ``None``."""
    index = report.keys.index(key)
    who = [r.seat for r in report.seats if r.lines[index].done]
    return who[0] if len(who) == 1 else None


def _most(report, key: str, seat: int) -> bool:
    """Whether ``seat`` bought (or sold) more of ``key`` than each other seat."""
    index = report.keys.index(key)
    mine = report.seats[seat].lines[index].done
    return mine > 0 and all(r.lines[index].done < mine for r in report.seats if r.seat != seat)


def _beats(report, winner: int, loser: int, key: str) -> bool:
    """Whether ``winner`` bought ``key`` at a higher bid (sold it at a lower ask) where
    ``loser`` entered it and got none."""
    index = report.keys.index(key)
    mine, theirs = report.seats[loser].lines[index], report.seats[winner].lines[index]
    if winner == loser or not mine.units or mine.done or report.seats[loser].cancelled:
        return False
    better = theirs.price > mine.price if report.phase == PURCHASING else theirs.price < mine.price
    return bool(theirs.done) and better


def _outcome(report, seat: int, buying: bool) -> List[Moment]:
    """All, part or none of the entry, cancelled, or nothing entered."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    entered = _entered(result)
    done, asked = sum(line.done for line in entered), sum(line.units for line in entered)
    verb, entry = ("bought", "ordered") if buying else ("sold", "offered")
    if not entered:
        return [Moment("no_order", (claim("entered", quantity=0),))] if buying else []
    if result.cancelled:
        return [Moment("cancelled" if buying else "not_made", (claim("cancelled"),))]
    amount = claim("money", quantity=result.money)
    got, wanted = claim("done", quantity=done), claim("entered", quantity=asked)
    money_field = ("paid" if buying else "received", money(result.money), amount)
    if done == asked:
        return [Moment(f"{verb}_all", (wanted, got),
                       ((verb, units(done), got), money_field))]
    if done:        # "4 of 7 units": the part said as a bare number before the whole
        return [Moment(f"{verb}_part", (wanted, got),
                       ((verb, str(done), got), (entry, units(asked), wanted), money_field))]
    beaten = {line.commodity: any(_beats(report, r.seat, seat, line.commodity)
                                  for r in report.seats) for line in entered}
    missed = max(entered, key=lambda line: (beaten[line.commodity], line.units,
                                            -report.keys.index(line.commodity))).commodity
    lost = claim("missed", commodity=missed)
    values = (("good", NAMES[missed], lost),)
    if beaten[missed]:
        values += (("?outbid" if buying else "?undercut", "",
                    claim("outbid", commodity=missed)),)
    return [Moment("outbid" if buying else "unsold", (wanted, got), values)]


def _against_market(report, seat: int, buying: bool) -> List[Moment]:
    """Paid at or under the market, or over it; sold at or over it, or under it."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    filled = [line for line in result.lines if line.done]
    if not filled or result.cancelled:
        return []
    market = report.prices
    done = sum(line.done for line in filled)
    under = sum((market[line.commodity] - line.price) * line.done for line in filled
                if line.price < market[line.commodity])
    over = sum((line.price - market[line.commodity]) * line.done for line in filled
               if line.price > market[line.commodity])
    amount = claim("money", quantity=result.money)
    got = claim("done", quantity=done)
    if buying:
        count, paid = ("bought", units(done), got), ("paid", money(result.money), amount)
        if over:
            gap = claim("over_market", quantity=over)
            return [Moment("paid_over", (gap,), (("over", money(over), gap), count))]
        return [Moment("bought_cheap", (claim("not_over"),), (count, paid))]
    count, received = ("sold", units(done), got), ("received", money(result.money), amount)
    if under:
        gap = claim("under_market", quantity=under)
        return [Moment("sold_cheap", (gap,), (("under", money(under), gap), received))]
    return [Moment("sold_dear", (claim("not_under"),), (received, count))]


def _against_others(report, seat: int, buying: bool) -> List[Moment]:
    """The one other player who bought (sold) what this seat missed; the most bought."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    found = []
    if not result.cancelled:
        for index, line in enumerate(result.lines):
            if not line.units or line.done:
                continue
            other = _only(report, line.commodity)
            if other is None:
                continue
            theirs = claim("done", other, commodity=line.commodity, among=ONLY,
                           quantity=report.seats[other].lines[index].done)
            lost = claim("missed", commodity=line.commodity)
            values = (("other", report.names[other], theirs),
                      ("good", NAMES[line.commodity], lost))
            if _beats(report, other, seat, line.commodity):
                values += (("?outbid_by" if buying else "?undercut_by", "",
                            claim("outbid", commodity=line.commodity, other=other)),)
            found.append(Moment("took_mine" if buying else "sold_instead", (lost, theirs),
                                values))
    done = sum(line.done for line in result.lines)
    if buying and done:
        if all(sum(l.done for l in r.lines) < done for r in report.seats if r.seat != seat):
            most = claim("done", quantity=done, among=MOST)
            found.append(Moment("bought_most", (most,), (("bought", units(done), most),)))
        if done >= MANY_UNITS:
            got = claim("done", quantity=done)
            found.append(Moment("bought_many", (got,), (("bought", units(done), got),)))
    return found


def _goods(report, seat: int, buying: bool) -> List[Moment]:
    """X-Fine bought; A or C sold: what Otto and Cora care for."""
    claim = _Facts(report, seat)
    found = []
    for line in report.seats[seat].lines:
        name = {"xfine": "bought_xfine", "A": "sold_a", "C": "sold_c"}.get(line.commodity)
        if name and line.done:
            got = claim("done", commodity=line.commodity, quantity=line.done)
            values = (("bought" if buying else "sold", units(line.done), got),)
            if _most(report, line.commodity, seat):
                values += (("?most", "", replace(got, among=MOST)),)
            if _only(report, line.commodity) == seat:
                values += (("?only", "", replace(got, among=ONLY)),)
            found.append(Moment(name, (got,), values))
    return found


def _prices(report, seat: int, buying: bool) -> List[Moment]:
    """The price of each commodity the seat entered, where it moved."""
    claim = _Facts(report, seat)
    found = []
    for change, line in zip(report.commodities, report.seats[seat].lines):
        if line.units and change.new_price != change.old_price:
            way = "up" if change.new_price > change.old_price else "down"
            moved = claim("rose" if way == "up" else "fell", None, commodity=change.commodity,
                          quantity=change.new_price)
            found.append(Moment(("raw_" if buying else "good_") + way, (moved,),
                                (("good", NAMES[change.commodity], moved),
                                 ("price", money(change.new_price), moved))))
    return found


def _money_and_time(report, seat: int, buying: bool, rules: Rules) -> List[Moment]:
    """A loan, low cash, cash up; the first and last orders; stock kept, sold off or none."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    found = []
    if result.loan:
        loan = claim("loan", quantity=result.loan)
        found.append(Moment("loan", (loan,), (("loan", money(result.loan), loan),)))
    last = report.month == rules.months
    entered = _entered(result)
    if buying:
        if result.cash_after < rules.starting_cash // 4:
            found.append(Moment("cash_low", (claim("cash", quantity=result.cash_after),)))
        asked = claim("entered", quantity=sum(line.units for line in entered))
        ordered = (("ordered", units(asked.quantity or 0), asked),)
        if last and entered:
            found.append(Moment("last_orders", (claim("last_month"), asked), ordered))
        elif report.month == 1 and entered:
            found.append(Moment("first_orders", (claim("first_month"), asked), ordered))
        return found
    amount = claim("money", quantity=result.money)
    received = (("received", money(result.money), amount),)
    if result.money:
        found.append(Moment("cash_up", (amount,), received))
    if last:
        found.append(Moment("last_sale" if result.money else "last_unsold",
                            (claim("last_month"), amount), received if result.money else ()))
    stock = claim("stock", quantity=_stock(result))
    if last and stock.quantity:
        found.append(Moment("to_broker", (claim("last_month"), stock,
                                          claim("to_broker", quantity=stock.quantity))))
    elif not entered and not stock.quantity:
        found.append(Moment("empty", (claim("entered", quantity=0), stock)))
    elif not entered and can_make(rules.recipes, [result.stock_after[key] for key in RAW]):
        # stock kept back is stock that could have been made into a good and offered; too
        # little to make one is not kept back, and nothing is said of it
        found.append(Moment("keeping", (claim("entered", quantity=0), stock,
                                        claim("can_make"))))
    return found


def _the_lot(report, seat: int) -> List[Moment]:
    """Every unit offered sold and no raw stock at all left: "the lot"."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    entered = _entered(result)
    if not entered or result.cancelled or any(l.done != l.units for l in entered) or \
            _stock(result):
        return []
    done = sum(line.done for line in entered)
    got, amount = claim("done", quantity=done), claim("money", quantity=result.money)
    return [Moment("sold_lot", (claim("entered", quantity=done), got,
                                claim("stock", quantity=0)),
                   (("received", money(result.money), amount), ("sold", units(done), got)))]


def standings(cash: Sequence[int], seat: int) -> Tuple[int, bool, Optional[int]]:
    """(place by cash, whether alone in first, the one seat alone in first or ``None``)."""
    rank = 1 + sum(1 for other in cash if other > cash[seat])
    top = max(cash)
    leaders = [s for s, c in enumerate(cash) if c == top]
    alone = leaders[0] if len(leaders) == 1 else None
    return rank, alone == seat, alone


def _lead(cash: Sequence[int], seat: int) -> int:
    return cash[seat] - max(c for s, c in enumerate(cash) if s != seat)


def _standing(report, seat: int, before: Sequence[int]) -> List[Moment]:
    """After a selling phase, by cash: the lead taken, kept or lost, a comeback, last place,
    who leads and by how much.  ``before``: everyone's cash after the last selling phase
    (the starting cash before the first)."""
    claim = _Facts(report, seat)
    now = [r.cash_after for r in report.seats]
    rank, first, leader = standings(now, seat)
    was, was_first, _ = standings(before, seat)
    found = []
    if first:
        leads = claim("leads", quantity=_lead(now, seat))
        gap = (("gap", money(leads.quantity or 0), leads),)
        if was_first:
            found.append(Moment("lead_kept", (leads, claim.before(
                "leads", quantity=_lead(before, seat))), gap))
        else:
            found.append(Moment("lead_taken", (leads, claim.before("not_leading")), gap))
    elif leader is not None:
        leads = claim("leads", leader, quantity=_lead(now, leader))
        who = (("other", report.names[leader], leads),)
        if was_first:
            found.append(Moment("lead_lost", (claim.before(
                "leads", quantity=_lead(before, seat)), leads), who))
        ahead = claim("ahead", leader, quantity=now[leader] - now[seat], other=seat)
        found.append(Moment("behind", (leads, ahead),
                            who + (("gap", money(ahead.quantity or 0), ahead),)))
    if was - rank >= 2:
        now_rank, then = claim("rank", quantity=rank), claim.before("rank", quantity=was)
        found.append(Moment("comeback", (now_rank, then),
                            (("rank", ordinal(rank), now_rank), ("was", ordinal(was), then))))
    if len(now) >= 3 and rank == len(now):
        found.append(Moment("last_place", (claim("rank", quantity=rank),)))
    return found


def moments(report, seat: int, rules: Rules, before: Sequence[int]) -> List[Moment]:
    """Every moment that holds for ``seat`` after ``report``, with ``cash`` and ``stock``
    among its words and the ``FACTS`` that hold.  ``before``: each seat's cash after the
    previous selling phase (the starting cash before the first)."""
    buying = report.phase == PURCHASING
    found = (_outcome(report, seat, buying) + _against_market(report, seat, buying)
             + _against_others(report, seat, buying) + _goods(report, seat, buying)
             + _prices(report, seat, buying) + _money_and_time(report, seat, buying, rules))
    if not buying:
        found += _the_lot(report, seat) + _standing(report, seat, before)
    claim = _Facts(report, seat)
    result = report.seats[seat]
    cash, stock = claim("cash", quantity=result.cash_after), claim("stock", quantity=_stock(
        result))
    common = (("cash", money(result.cash_after), cash),
              ("stock", units(_stock(result)), stock)) + facts(report, seat, rules)
    return [Moment(m.name, m.claims, m.values + common) for m in found]


def facts(report, seat: int, rules: Rules) -> Tuple[Tuple[str, str, Claim], ...]:
    """The ``FACTS`` that hold for ``seat`` after ``report``, as silent fields: (field, "",
    claim)."""
    claim = _Facts(report, seat)
    result = report.seats[seat]
    buying = report.phase == PURCHASING
    half = rules.starting_cash // 2
    stock = _stock(result)
    found = [("?no_stock", claim("stock", quantity=0)) if not stock
             else ("?kept", claim("stock", quantity=stock))]
    if result.cash_after >= half:
        found.append(("?cushion", claim("cushion", quantity=half)))
    filled = [line for line in result.lines if line.done]
    market = report.prices
    if filled and not result.cancelled:
        if all(line.price == market[line.commodity] for line in filled):
            found.append(("?at_market", claim("at_market")))
        if buying and all(line.price <= market[line.commodity] for line in filled):
            found.append(("?not_over", claim("not_over")))
        if any(line.done < line.units for line in filled):
            found.append(("?partly", claim("partly")))
    return tuple((field, "", fact) for field, fact in found)


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
    """The template's words with the moment's values, and the claims they make: the
    moment's own and each field's.

    Raises ``KeyError`` for a field the moment does not have."""
    values = {field: (text, claim) for field, text, claim in moment.values}
    used = template_fields(template)
    text = template.format(**{field: values[field][0] for field in used})
    claims = moment.claims + tuple(values[field][1] for field in used)
    return text, tuple(dict.fromkeys(claims))


def sayable(character: str, moment: Moment) -> List[Tuple[int, str]]:
    """The character's sentences for ``moment`` (with their places in its list) whose
    claims all hold: every field of each, its silent ``FACTS`` too, is among the moment's."""
    held = {field for field, _, _ in moment.values}
    return [(i, t) for i, t in enumerate(PHASE_LINES[character][moment.name])
            if set(template_fields(t)) <= held]


class _Memory:
    """What each seat has said: the sentences, to keep it from saying one again too soon,
    and the phrases, to keep it from saying one more than ``TIC_LIMIT`` times."""

    def __init__(self, players: int, months: int) -> None:
        self.said: List[Dict[str, int]] = [{} for _ in range(players)]   # template -> phase
        self.phrases: List[List[Tuple[int, str]]] = [[] for _ in range(players)]
        self.whole_game = months <= WHOLE_GAME_MONTHS

    def free(self, seat: int, template: str, phase: int) -> bool:
        when = self.said[seat].get(template)
        return when is None or (not self.whole_game and phase - when >= REPEAT_PHASES)

    def fresh(self, seat: int, said: Sequence[str], phase: int) -> bool:
        """Whether ``said`` (a sentence's phrases) keeps every phrase within the limit."""
        recent = Counter(p for when, p in self.phrases[seat]
                         if self.whole_game or phase - when < TIC_PHASES)
        recent.update(said)
        return all(recent[p] <= TIC_LIMIT for p in said)

    def note(self, seat: int, template: str, said: Sequence[str], phase: int) -> None:
        self.said[seat][template] = phase
        self.phrases[seat].extend((phase, p) for p in said)


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
        fresh = []
        for index, template in sayable(character, moment):
            key = f"{character}:{moment.name}:{index}"
            text = fill(template, moment)[0]
            if memory.free(seat, key, phase) and key not in taken and \
                    sentence_key(text) not in taken and \
                    memory.fresh(seat, phrases(text, report.names), phase):
                fresh.append((index, template))
        if not fresh:
            continue
        chance = 1.0 if score >= 4 else TALK[character] * CHANCE[score]
        roll = _roll(character, seat, report.month, report.phase, "|".join(report.names))
        if roll >= chance:
            return None
        index, template = fresh[int(_roll(roll, moment.name) * len(fresh))]
        text, claims = fill(template, moment)
        mood = OWN_MOODS[character].get(moment.name) or MOODS.get(moment.name, "neutral")
        return Line(text, mood, f"{character}:{moment.name}:{index}", claims)
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
                self.memory.note(seat, line.template, phrases(line.text, report.names), phase)
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


def _end_claim(kind: str, seat: int, **rest) -> Claim:
    return Claim(kind, seat, None, END, **rest)


def _end_values(settlement, line) -> Dict[str, Tuple[str, Tuple[Claim, ...]]]:
    """The words a last word may use, each with the claims it makes, where they hold: a
    sum behind the winner claims who won, one ahead of the runner-up who came second."""
    seat = line.seat
    values: Dict[str, Tuple[str, Tuple[Claim, ...]]] = {
        "final": (money(line.final_cash), (_end_claim("final", seat, quantity=line.final_cash),))}
    if line.profit > 0:
        values["profit"] = (money(line.profit),
                            (_end_claim("profit", seat, quantity=line.profit),))
    if line.profit < 0:
        values["loss"] = (money(-line.profit), (_end_claim("loss", seat, quantity=-line.profit),))
    firsts = [s for s in settlement if s.place == 1]
    seconds = [s for s in settlement if s.place == 2]
    if line.place > 1 and len(firsts) == 1:
        winner = firsts[0]
        won = _end_claim("place", winner.seat, quantity=1, among=ONLY)
        values["winner"] = (winner.name, (won,))
        gap = winner.final_cash - line.final_cash
        values["behind"] = (money(gap), (won, _end_claim("ahead", winner.seat, quantity=gap,
                                                         other=seat)))
    if line.place == 1 and len(firsts) == 1 and len(seconds) == 1:
        runner = seconds[0]
        second = _end_claim("place", runner.seat, quantity=2, among=ONLY)
        values["runner"] = (runner.name, (second,))
        gap = line.final_cash - runner.final_cash
        values["ahead"] = (money(gap), (second, _end_claim("ahead", seat, quantity=gap,
                                                           other=runner.seat)))
    return values


def last_words(settlement, characters: Sequence[Optional[str]]) -> Dict[int, Line]:
    """Each computer seat's last word on the game, from its place and its final cash:
    each place its own words, and no two seats the same sentence."""
    taken: Set[str] = set()
    found: Dict[int, Line] = {}
    players = len(settlement)
    shared = sum(1 for s in settlement if s.place == 1) > 1
    for line in sorted(settlement, key=lambda s: s.seat):
        character = characters[line.seat] if line.seat < len(characters) else None
        if character is None:
            continue
        key = place_key(line.place, players, shared and line.place == 1)
        values = _end_values(settlement, line)
        choices = [(i, t) for i, t in enumerate(LAST_WORDS[character][key])
                   if all(f in values for f in template_fields(t))
                   and f"{character}:{key}:{i}" not in taken]
        if not choices:
            continue
        index, template = choices[int(_roll(character, line.seat, line.final_cash) * len(choices))]
        used = template_fields(template)
        text = template.format(**{f: values[f][0] for f in used})
        among = {"won": ONLY, "shared": SHARED}.get(key, "")
        place = _end_claim("place", line.seat, quantity=line.place, among=among)
        claims = tuple(dict.fromkeys((place,) + tuple(c for f in used for c in values[f][1])))
        mood = "pleased" if line.place == 1 else "glum" if key == "last" else "neutral"
        found[line.seat] = Line(text, mood, f"{character}:{key}:{index}", claims)
        taken.add(found[line.seat].template)
    return found


def character_of(personality) -> Optional[str]:
    """A ``Personality``'s key when it has sentences of its own, else ``None``."""
    key = getattr(personality, "key", None)
    return key if key in PHASE_LINES else None
