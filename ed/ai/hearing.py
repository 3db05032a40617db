"""Whether what a computer character said is so: each claim worked out again from the record.

A line's words are made from its claims (``speech.Line.claims``, each a
``claims.Claim``: who, what, which commodity, how many, compared with whom,
over which month and phase).  Here each claim is worked out again from the
game's record, the engine's own numbers (``PhaseReport.record``: each seat's
entry, the units it got, its money, loan, cash and stock after, and the
prices; the settlement after the last month): never from the words, never
from what ``speech`` worked out.

- ``contradictions(line, history, index, seat, rules)``: each claim the
  record does not bear out, and each claim about a phase after
  ``history[index]``, the one the line is said after (a promise);
- ``selective(line, history, index, seat, rules)``: each player the line
  names for something another player at the table did too (the line's claims
  about the one named hold for the other as well, in any quantity): "Nina got
  the Fine" where Rex bought Fine too;
- ``end_contradictions(line, settlement, seat)`` and ``end_selective(line,
  settlement, seat)`` do the same for a last word on the game.

Written apart from ``speech`` so that a mistake in one is caught by the
other; imports only the claims' kinds and the rules.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Sequence

from ..production import can_make
from ..rules import ENTRY_INDEXES, Phase, RAW, Rules
from .claims import END, MOST, ONLY, SHARED, START, Claim

PURCHASING, SELLING = Phase.PURCHASING, Phase.SELLING
#: The order of the phases of a month, the settlement after them all.
_ORDER = {PURCHASING: 0, SELLING: 1}

#: The kinds whose quantity is left open when a claim about one player is tried on another
#: (``selective``): what they did, in any amount.
RELAXED = ("done", "entered", "money", "ahead", "leads", "final", "profit", "loss")


class Record:
    """The game's record as the checker reads it: each phase's engine record by month and
    phase, and the settlement."""

    def __init__(self, history: Sequence, rules: Optional[Rules],
                 settlement: Optional[Sequence] = None) -> None:
        self.rules = rules
        self.phases = {(report.month, report.phase): report for report in history}
        last = history[-1].settlement if history else None
        self.settlement = settlement if settlement is not None else last

    # ------------------------------------------------------------- reading a phase

    def holds(self, claim: Claim) -> bool:
        """Whether the record bears ``claim`` out (a quantity of ``None``: any)."""
        if claim.phase == END:
            check = END_CHECKS.get(claim.kind)
            return bool(self.settlement) and check is not None and check(self, claim)
        check = CHECKS.get(claim.kind)
        if check is None:
            return False
        if claim.month == START and claim.phase == SELLING:
            return claim.kind in START_KINDS and check(_Start(self), claim)
        report = self.phases.get((claim.month, claim.phase))
        return report is not None and check(_Phase(report, self), claim)


class _Phase:
    """One resolved phase: the engine's record of it."""

    def __init__(self, report, record: Record) -> None:
        self.report = report
        self.rules = record.rules
        self.buying = report.phase == PURCHASING
        self.keys = RAW if self.buying else ("A", "B", "C")
        self.old, _, self.new, self.seats = report.record
        self.cash = [s.cash_after for s in self.seats]
        self.month = report.month

    def index(self, commodity: str) -> Optional[int]:
        return self.keys.index(commodity) if commodity in self.keys else None

    def got(self, seat: int, i: int) -> int:
        record = self.seats[seat]
        return 0 if record.cancelled else record.done[i]

    def each(self, seat: int, commodity: str, of: Callable[[int, int], int]) -> Optional[int]:
        """``of(seat, i)`` for the commodity, or summed over the phase's three; ``None`` for a
        commodity not of this phase."""
        if not commodity:
            return sum(of(seat, i) for i in ENTRY_INDEXES)
        i = self.index(commodity)
        return None if i is None else of(seat, i)

    def entered(self, seat: int, i: int) -> int:
        return self.seats[seat].entry[i][0]

    def price(self, seat: int, i: int) -> int:
        return self.seats[seat].entry[i][1]

    def missed(self, seat: int, i: int) -> bool:
        return (self.entered(seat, i) > 0 and self.got(seat, i) == 0
                and not self.seats[seat].cancelled)

    def beats(self, winner: int, loser: int, i: int) -> bool:
        """``winner`` bought at a higher bid (sold at a lower ask) where ``loser`` got none."""
        mine, theirs = self.price(loser, i), self.price(winner, i)
        better = theirs > mine if self.buying else theirs < mine
        return winner != loser and self.missed(loser, i) and self.got(winner, i) > 0 and better

    def filled(self, seat: int) -> List[int]:
        return [i for i in ENTRY_INDEXES if self.got(seat, i) > 0]

    def stock(self, seat: int) -> Sequence[int]:
        return self.seats[seat].stock_after


class _Start:
    """The start of the game: every seat's starting cash, before any phase."""

    def __init__(self, record: Record) -> None:
        players = record.rules.players if record.rules else 0
        cash = record.rules.starting_cash if record.rules else 0
        self.cash = [cash] * players


#: The kinds that may be claimed of the start of the game.
START_KINDS = ("cash", "leads", "not_leading", "rank", "ahead")


def _count(claim: Claim, value: Optional[int], positive: bool = False) -> bool:
    """Whether ``value`` is the claim's quantity (any, positive where so, for ``None``)."""
    if value is None:
        return False
    if claim.quantity is None:
        return value > 0 if positive else True
    return value == claim.quantity and (value > 0 or not positive)


def _seat(p, claim: Claim) -> bool:
    return claim.seat is not None and 0 <= claim.seat < len(p.cash)


def _done(p: _Phase, c: Claim) -> bool:
    n = p.each(c.seat, c.commodity, p.got)
    if n is None or not _count(c, n, positive=c.quantity is None):
        return False
    others = [p.each(s, c.commodity, p.got) or 0 for s in range(len(p.seats)) if s != c.seat]
    if c.among == ONLY:
        return n > 0 and not any(others)
    if c.among == MOST:
        return n > 0 and all(o < n for o in others)
    return c.among == ""


def _missed(p: _Phase, c: Claim) -> bool:
    i = p.index(c.commodity)
    return i is not None and p.missed(c.seat, i)


def _outbid(p: _Phase, c: Claim) -> bool:
    i = p.index(c.commodity)
    if i is None:
        return False
    who = range(len(p.seats)) if c.other is None else [c.other]
    return any(p.beats(o, c.seat, i) for o in who if 0 <= o < len(p.seats))


def _over(p: _Phase, c: Claim, sign: int) -> int:
    """Money over (+1) or under (-1) the market on the units filled."""
    return sum(max(0, sign * (p.price(c.seat, i) - p.new[i])) * p.got(c.seat, i)
               for i in p.filled(c.seat))


def _sided(p: _Phase, c: Claim, fits: Callable[[int, int], bool]) -> bool:
    """Something filled, and every unit of it at a price that ``fits`` the market."""
    filled = p.filled(c.seat)
    return bool(filled) and not p.seats[c.seat].cancelled and all(
        fits(p.price(c.seat, i), p.new[i]) for i in filled)


def _moved(p: _Phase, c: Claim, up: bool) -> bool:
    i = p.index(c.commodity)
    return i is not None and (p.new[i] > p.old[i] if up else p.new[i] < p.old[i]) and \
        _count(c, p.new[i])


def _stock(p: _Phase, c: Claim) -> bool:
    stock = p.stock(c.seat)
    if not c.commodity:
        return _count(c, sum(stock))
    return c.commodity in RAW and _count(c, stock[RAW.index(c.commodity)])


def _to_broker(p: _Phase, c: Claim) -> bool:
    settlement = p.report.settlement
    return bool(settlement) and any(s.seat == c.seat and _count(c, sum(s.materials.values()),
                                                                positive=True)
                                    for s in settlement)


def _alone_first(cash: Sequence[int], seat: int) -> bool:
    return all(cash[seat] > other for s, other in enumerate(cash) if s != seat)


def _leads(p, c: Claim) -> bool:
    cash = p.cash
    return len(cash) > 1 and _alone_first(cash, c.seat) and _count(
        c, cash[c.seat] - max(x for s, x in enumerate(cash) if s != c.seat))


def _ahead(cash: Sequence[int], c: Claim) -> bool:
    return c.other is not None and 0 <= c.other < len(cash) and c.other != c.seat and \
        _count(c, cash[c.seat] - cash[c.other], positive=True)


#: claim kind -> whether one phase of the record bears the claim out
CHECKS: Dict[str, Callable[..., bool]] = {
    "entered": lambda p, c: _count(c, p.each(c.seat, c.commodity, p.entered)),
    "done": _done,
    "money": lambda p, c: _count(c, p.seats[c.seat].money),
    "cancelled": lambda p, c: p.seats[c.seat].cancelled,
    "missed": _missed,
    "outbid": _outbid,
    "over_market": lambda p, c: p.buying and not p.seats[c.seat].cancelled
    and _count(c, _over(p, c, +1), positive=True),
    "under_market": lambda p, c: not p.buying and _count(c, _over(p, c, -1), positive=True),
    "at_market": lambda p, c: _sided(p, c, lambda price, market: price == market),
    "not_over": lambda p, c: p.buying and _sided(p, c, lambda price, market: price <= market),
    "not_under": lambda p, c: not p.buying and _sided(p, c,
                                                      lambda price, market: price >= market),
    "partly": lambda p, c: not p.seats[c.seat].cancelled and any(
        0 < p.got(c.seat, i) < p.entered(c.seat, i) for i in ENTRY_INDEXES),
    "rose": lambda p, c: _moved(p, c, up=True),
    "fell": lambda p, c: _moved(p, c, up=False),
    "loan": lambda p, c: _count(c, p.seats[c.seat].loan, positive=True),
    "cash": lambda p, c: _count(c, p.cash[c.seat]),
    "cushion": lambda p, c: p.rules is not None and c.quantity == p.rules.starting_cash // 2
    <= p.cash[c.seat],
    "stock": _stock,
    "can_make": lambda p, c: p.rules is not None and can_make(p.rules.recipes, p.stock(c.seat)),
    "first_month": lambda p, c: p.month == 1,
    "last_month": lambda p, c: p.rules is not None and p.month == p.rules.months,
    "to_broker": _to_broker,
    "leads": _leads,
    "not_leading": lambda p, c: not _alone_first(p.cash, c.seat),
    "rank": lambda p, c: _count(c, 1 + sum(1 for x in p.cash if x > p.cash[c.seat])),
    "ahead": lambda p, c: _ahead(p.cash, c),
}

#: The kinds about a market price rather than a player.
MARKET_KINDS = ("rose", "fell")


def _end_line(record: Record, seat: Optional[int]):
    return next((s for s in record.settlement or () if s.seat == seat), None)


def _place(record: Record, c: Claim) -> bool:
    me = _end_line(record, c.seat)
    if me is None or not _count(c, me.place):
        return False
    sharing = sum(1 for s in record.settlement if s.place == me.place) > 1
    return {ONLY: not sharing, SHARED: sharing, "": True}.get(c.among, False)


def _end_ahead(record: Record, c: Claim) -> bool:
    me, other = _end_line(record, c.seat), _end_line(record, c.other)
    return me is not None and other is not None and me.seat != other.seat and _count(
        c, me.final_cash - other.final_cash, positive=True)


#: claim kind -> whether the settlement bears out a claim about the game's end
END_CHECKS: Dict[str, Callable[[Record, Claim], bool]] = {
    "place": _place,
    "final": lambda r, c: _end_line(r, c.seat) is not None and _count(
        c, _end_line(r, c.seat).final_cash),
    "profit": lambda r, c: _end_line(r, c.seat) is not None and _count(
        c, _end_line(r, c.seat).profit, positive=True),
    "loss": lambda r, c: _end_line(r, c.seat) is not None and _count(
        c, -_end_line(r, c.seat).profit, positive=True),
    "ahead": _end_ahead,
}


def _well_formed(claim: Claim, players: int) -> bool:
    """A player where the kind needs one (none for a market price), within the table."""
    if claim.kind in MARKET_KINDS:
        return claim.seat is None
    return claim.seat is not None and 0 <= claim.seat < players and (
        claim.other is None or 0 <= claim.other < players)


def _false(record: Record, claims: Sequence[Claim], players: int) -> List[str]:
    return [f"{claim} is not so" for claim in claims
            if not _well_formed(claim, players) or not record.holds(claim)]


def _later(claims: Sequence[Claim], month: int, phase: str) -> List[str]:
    """Claims about a phase after (``month``, ``phase``): what has not happened yet."""
    now = (month, _ORDER.get(phase, 2))
    return [f"{claim} is about a phase to come" for claim in claims
            if claim.phase == END or claim.month is None
            or (claim.month, _ORDER.get(claim.phase, 2)) > now]


def _selective(record: Record, claims: Sequence[Claim], speaker: int,
               players: int) -> List[str]:
    """Each player named (a claim's seat or other, not the speaker) whose claims hold as
    well for another player at the table, in any quantity and not alone."""
    problems = []
    named = sorted({who for c in claims for who in (c.seat, c.other)
                    if who is not None and who != speaker})
    for one in named:
        about = [c for c in claims if one in (c.seat, c.other)]
        for other in range(players):
            if other in (one, speaker):
                continue
            tried = [replace(c, seat=other if c.seat == one else c.seat,
                             other=other if c.other == one else c.other,
                             quantity=None if c.kind in RELAXED else c.quantity,
                             among="" if c.among == ONLY else c.among) for c in about]
            if all(record.holds(c) for c in tried):
                problems.append(f"seat {one} is named for what seat {other} did too: "
                                + "; ".join(str(c) for c in about))
                break
    return problems


def contradictions(line, history: Sequence, index: int, seat: int, rules: Rules) -> List[str]:
    """What the record contradicts in ``line``, said by ``seat`` after ``history[index]``:
    each claim it does not bear out, and each about a phase after that one (empty when
    every claim is so)."""
    report = history[index]
    record = Record(history, rules)
    players = len(report.names)
    problems = _false(record, line.claims, players)
    problems += _later(line.claims, report.month, report.phase)
    if not line.claims:
        problems.append("the line claims nothing")
    return problems


def selective(line, history: Sequence, index: int, seat: int, rules: Rules) -> List[str]:
    """Each player ``line`` names for what another player did too (empty when it singles
    nobody out)."""
    record = Record(history, rules)
    return _selective(record, line.claims, seat, len(history[index].names))


def end_contradictions(line, settlement, seat: int) -> List[str]:
    """What the settlement contradicts in ``seat``'s last word ``line``."""
    record = Record((), None, settlement)
    problems = _false(record, line.claims, len(settlement))
    problems += [f"{claim} is not about the end of the game" for claim in line.claims
                 if claim.phase != END]
    if not line.claims:
        problems.append("the line claims nothing")
    return problems


def end_selective(line, settlement, seat: int) -> List[str]:
    """Each player ``seat``'s last word names for what another player did too."""
    return _selective(Record((), None, settlement), line.claims, seat, len(settlement))
