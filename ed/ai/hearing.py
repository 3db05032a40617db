"""Whether what a computer character said is so: each line's claims checked against the report.

``contradictions(line, history, index, seat, rules)`` reads the phase report
``history[index]`` (and, for the standings, the selling phase before it),
never the values the line was made from, and lists in plain words:

- each claim (``speech.Line.claims``) the report contradicts;
- each number in the words that no claim stands for, and each other
  player named without a claim about that player;
- each word that says more than the claims (``WORDS``: "the lot" needs
  nothing left that could be made, "nothing left" no raw stock at all, "kept
  back" some; "cheap" a price at or under the market, "not a penny more"
  none over it, "at the market" every unit at it; "part filled" Variation
  II's part fill of a bid, "a part sale" Variation III's; "outbid" another
  player's higher bid that bought; "the cushion holds" at least half the
  starting cash in hand; "next month" a month to come...), and a sum over
  several units not called one (``TOTALS``: "$44 over the market in all").

``end_contradictions(line, settlement, seat)`` does the same for a last word.
Written apart from ``speech`` so that a mistake in one is caught by the
other; imports only the rules' tables and ``production.is_makeable``.
"""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Sequence

from ..production import is_makeable
from ..rules import RAW, Rules

#: Words that claim a fact, and the claims (any one of them) that must stand behind them.
WORDS = (
    (r"\bthe lot\b|\bnothing left to make\b", ("none_makeable",)),
    (r"\bnothing left\b(?! to make)|\bnothing left over\b|\bsold out\b|\bcleared out\b"
     r"|\bshelves clear\b|\bevery last unit\b|\bevery piece gone\b|\bwhole stock\b"
     r"|\bstock and all\b|\bnot a crumb\b|\bno risk left\b", ("no_stock",)),
    (r"\bkeeps\b|\bthe others keep\b|\bkept (some )?back\b|\bin reserve\b|\bheld back\b"
     r"|\bmore in the back\b|\bwhat I have\b|\bin the stock\b|\bsafe in stock\b",
     ("stock_kept",)),
    (r"\bevery bid\b|\ball my bids\b|\bfull order\b|\beverything I ordered\b",
     ("bought_all",)),
    (r"\ball (I )?offered\b|\bwhole offer\b|\bevery unit (I )?offered\b"
     r"|\beverything (I )?offered\b|(?<!not )\ball sold\b", ("sold_all",)),
    (r"\bcheap", ("paid_at_most_market", "under_market")),
    (r"\bnot a (penny|cent) more\b|\bbetter than overpaying\b",
     ("paid_at_most_market", "paid_market")),
    (r"\bat (the )?market\b|\bgoing rate\b|\bmarket's own price\b|\bmarket price for all\b",
     ("paid_market", "sold_market")),
    (r"\bpart(ial|ly)?[ -]fill", ("part_filled",)),
    (r"\bpart(ial)?[ -]sale\b", ("part_sold",)),
    (r"\boutbid\b|\bsomebody is getting bold\b|\bI would not have paid that\b",
     ("outbid", "outbid_by")),
    (r"\bundercut\b", ("undercut_by",)),
    (r"\bis mine\b", ("most_of",)),
    (r"\bnobody (at this table )?bought more\b|\b(biggest|largest|most) \w+ at the table\b"
     r"|\bmost units at the table\b", ("most_bought",)),
    (r"\bcushion (holds|is untouched|grows|is for)\b|\bkept my cushion\b|\bcomfortable\b"
     r"|\bsafe and sound\b|\bstays safe\b|\bkept \$[\d,]+ safe\b|\bI feel safe\b"
     r"|\bslow and safe\b",
     ("cushion",)),
    (r"\bnext (month|time|batch)\b|\bnot for long\b|\bfor now\b|\btemporarily\b"
     r"|\bI will be back\b|\bcoming\b|\bfor later\b|\blater\b|\bcan wait\b"
     r"|\bI (will|can) be patient\b|\bsaving up\b|\bbuilding up\b|\bwatch me\b"
     r"|\bI go bigger\b|\bPatience\.|\bthe rest keeps\b|\bthe others keep\b",
     ("not_last_month",)),
    (r"\bcancel", ("cancelled",)),
    (r"\bBroker\b", ("to_broker", "loan")),
)

#: Claims of a sum over several units, which the words that say the sum must call one
#: ("$44 over the market in all", not "$44 over the market": a bid $44 too high).
TOTALS = (("over_market", "under_market"), r"\bin all\b|\ball told\b")

#: Claims whose value is a threshold, not a number said in the words.
THRESHOLDS = ("cushion", "cash_under", "bought_at_least")


class _Phase:
    """One seat's view of one resolved phase, for checking claims: read from the report."""

    def __init__(self, history: Sequence, index: int, seat: int, rules: Rules) -> None:
        self.report = history[index]
        self.seat = seat
        self.rules = rules
        self.me = self.report.seats[seat]
        self.buying = self.report.phase == "purchasing"
        earlier = [r for r in history[:index] if r.phase != "purchasing"]
        self.before = ([r.cash_after for r in earlier[-1].seats] if earlier
                       else [rules.starting_cash] * len(self.report.seats))
        self.now = [r.cash_after for r in self.report.seats]

    def line(self, key: str, seat: Optional[int] = None):
        result = self.me if seat is None else self.report.seats[seat]
        return next(line for line in result.lines if line.commodity == key)

    def done(self, seat: Optional[int] = None) -> int:
        result = self.me if seat is None else self.report.seats[seat]
        return sum(line.done for line in result.lines)

    def asked(self) -> int:
        return sum(line.units for line in self.me.lines)

    def market(self, key: str) -> int:
        return next(c.new_price for c in self.report.commodities if c.commodity == key)

    def missed(self, key: str) -> bool:
        line = self.line(key)
        return line.units > 0 and line.done == 0 and not self.me.cancelled

    def most_of(self, key: str, other: int) -> bool:
        mine = self.line(key, other).done
        return mine > 0 and all(self.line(key, s).done < mine
                                for s in range(len(self.now)) if s != other)

    def gap(self, sign: int) -> int:
        """Money over (+1) or under (-1) the market in the units filled."""
        return sum(max(0, sign * (line.price - self.market(line.commodity))) * line.done
                   for line in self.me.lines if line.done)

    def at_market(self) -> bool:
        """Whether something was filled, every unit of it at the market price exactly."""
        done = [line for line in self.me.lines if line.done]
        return bool(done) and not self.me.cancelled and all(
            line.price == self.market(line.commodity) for line in done)

    def part_done(self) -> bool:
        """Whether one order or offer was filled in part (Variation II or III)."""
        return not self.me.cancelled and any(0 < line.done < line.units
                                             for line in self.me.lines)

    def beaten_by(self, other: int, key: str) -> bool:
        """Whether ``other`` bought ``key`` at a higher bid, or sold it at a lower ask, where
        this seat got none of it."""
        mine, theirs = self.line(key), self.line(key, other)
        higher = theirs.price > mine.price if self.buying else theirs.price < mine.price
        return other != self.seat and self.missed(key) and theirs.done > 0 and higher

    def stock(self) -> int:
        return sum(self.me.stock_after.values())


def _first_alone(cash: Sequence[int], seat: int) -> bool:
    return all(cash[seat] > c for s, c in enumerate(cash) if s != seat)


def _rank(cash: Sequence[int], seat: int) -> int:
    return 1 + sum(1 for c in cash if c > cash[seat])


def _none_makeable(p: _Phase) -> bool:
    stock = tuple(p.me.stock_after[key] for key in RAW)
    return not any(is_makeable(p.rules.recipes, one, stock)
                   for one in ((1, 0, 0), (0, 1, 0), (0, 0, 1)))


def _all_done(p: _Phase) -> bool:
    return p.asked() > 0 and not p.me.cancelled and all(
        line.done == line.units for line in p.me.lines)


#: claim kind -> whether the report bears it out, given the claim's values
CHECKS: Dict[str, Callable[..., bool]] = {
    "ordered_nothing": lambda p: p.buying and p.asked() == 0,
    "offered_nothing": lambda p: not p.buying and p.asked() == 0,
    "cancelled": lambda p: p.me.cancelled,
    "bought_all": lambda p: p.buying and _all_done(p),
    "sold_all": lambda p: not p.buying and _all_done(p),
    "bought_part": lambda p: p.buying and not p.me.cancelled and 0 < p.done() < p.asked(),
    "sold_part": lambda p: not p.buying and not p.me.cancelled and 0 < p.done() < p.asked(),
    "bought_none": lambda p: p.buying and p.asked() > 0 and not p.me.cancelled
    and p.done() == 0,
    "sold_none": lambda p: not p.buying and p.asked() > 0 and not p.me.cancelled
    and p.done() == 0,
    "units_bought": lambda p, n: p.buying and p.done() == n > 0,
    "units_sold": lambda p, n: not p.buying and p.done() == n > 0,
    "units_ordered": lambda p, n: p.buying and p.asked() == n,
    "units_offered": lambda p, n: not p.buying and p.asked() == n,
    "paid": lambda p, m: p.buying and p.me.money == m,
    "received": lambda p, m: not p.buying and p.me.money == m,
    "missed": lambda p, key: p.missed(key),
    "took": lambda p, other, key: p.buying and other != p.seat and p.missed(key)
    and p.most_of(key, other),
    "sold_instead": lambda p, other, key: not p.buying and other != p.seat and p.missed(key)
    and p.most_of(key, other),
    "most_bought": lambda p: p.buying and p.done() > 0 and all(
        p.done(s) < p.done() for s in range(len(p.now)) if s != p.seat),
    "bought_at_least": lambda p, n: p.buying and p.done() >= n,
    "bought": lambda p, key, n: p.buying and p.line(key).done == n > 0,
    "sold": lambda p, key, n: not p.buying and p.line(key).done == n > 0,
    "paid_at_most_market": lambda p: p.buying and p.done() > 0 and not p.me.cancelled
    and p.gap(+1) == 0,
    "over_market": lambda p, d: p.buying and not p.me.cancelled and p.gap(+1) == d > 0,
    "sold_at_least_market": lambda p: not p.buying and p.done() > 0 and p.gap(-1) == 0,
    "under_market": lambda p, d: not p.buying and p.gap(-1) == d > 0,
    "price": lambda p, key, new, way: p.line(key).units > 0 and any(
        c.commodity == key and c.new_price == new
        and (c.new_price > c.old_price if way == "up" else c.new_price < c.old_price)
        for c in p.report.commodities),
    "loan": lambda p, m: p.me.loan == m > 0,
    "cash": lambda p, c: p.me.cash_after == c,
    "cash_under": lambda p, limit: p.me.cash_after < limit <= p.rules.starting_cash // 4,
    "stock": lambda p, n: sum(p.me.stock_after.values()) == n,
    "to_broker": lambda p, n: p.report.settlement is not None and any(
        s.seat == p.seat and sum(s.materials.values()) == n > 0 for s in p.report.settlement),
    "none_makeable": lambda p: not p.buying and _none_makeable(p),
    "no_stock": lambda p: p.stock() == 0,
    "stock_kept": lambda p: p.stock() > 0,
    "paid_market": lambda p: p.buying and p.at_market(),
    "sold_market": lambda p: not p.buying and p.at_market(),
    "part_filled": lambda p: p.buying and p.part_done(),
    "part_sold": lambda p: not p.buying and p.part_done(),
    "outbid": lambda p, key: p.buying and any(p.beaten_by(s, key) for s in range(len(p.now))),
    "outbid_by": lambda p, other, key: p.buying and p.beaten_by(other, key),
    "undercut_by": lambda p, other, key: not p.buying and p.beaten_by(other, key),
    "most_of": lambda p, key: p.most_of(key, p.seat),
    "cushion": lambda p, limit: limit == p.rules.starting_cash // 2 <= p.me.cash_after,
    "ordered": lambda p: p.buying and p.asked() > 0,
    "last_month": lambda p: p.report.month == p.rules.months,
    "not_last_month": lambda p: p.report.month < p.rules.months,
    "month": lambda p, m: p.report.month == m,
    "leads": lambda p: not p.buying and _first_alone(p.now, p.seat),
    "led_before": lambda p, was: not p.buying and _first_alone(p.before, p.seat) == bool(was),
    "lead_by": lambda p, d: not p.buying and _first_alone(p.now, p.seat) and d == p.now[
        p.seat] - max(c for s, c in enumerate(p.now) if s != p.seat),
    "leader": lambda p, j: not p.buying and j != p.seat and _first_alone(p.now, j),
    "behind_by": lambda p, d: not p.buying and any(
        _first_alone(p.now, j) and p.now[j] - p.now[p.seat] == d
        for j in range(len(p.now)) if j != p.seat),
    "rank": lambda p, r: not p.buying and _rank(p.now, p.seat) == r,
    "rank_before": lambda p, r: not p.buying and _rank(p.before, p.seat) == r,
    "sole_last": lambda p: not p.buying and len(p.now) >= 3 and all(
        c > p.now[p.seat] for s, c in enumerate(p.now) if s != p.seat),
}


def _numbers(text: str) -> List[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text)]


def _claimed(claims) -> set:
    return {v for claim in claims if claim[0] not in THRESHOLDS for v in claim[1:]
            if type(v) is int}


#: The claims that are about another player, the player's seat their first value.
ABOUT_PLAYERS = ("took", "sold_instead", "outbid_by", "undercut_by", "leader", "winner",
                 "runner_up")


def _named(text: str, names: Sequence[str], seat: int) -> List[str]:
    """Players named in ``text`` (the speaker aside)."""
    return [f"{name} is named with no claim about them" for other, name in enumerate(names)
            if other != seat and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)]


def _words_and_numbers(line, names: Sequence[str], seat: int) -> List[str]:
    """Numbers and players in the words with no claim behind them (the players a claim is
    about are taken out of the words first: a name may hold a number, "Cora 2")."""
    text = line.text
    about = sorted({claim[1] for claim in line.claims if claim[0] in ABOUT_PLAYERS},
                   key=lambda other: -len(names[other]))
    for other in about:
        text = text.replace(names[other], " ")
    problems = [f"the number {n} stands for no claim" for n in _numbers(text)
                if n not in _claimed(line.claims)]
    problems += _named(text, names, seat)
    if not line.claims:
        problems.append("the line claims nothing")
    return problems


def contradictions(line, history: Sequence, index: int, seat: int, rules: Rules) -> List[str]:
    """What the report ``history[index]`` contradicts in ``line``, said by ``seat`` (empty
    when everything it says is so)."""
    phase = _Phase(history, index, seat, rules)
    problems = []
    for claim in line.claims:
        check = CHECKS.get(str(claim[0]))
        if check is None or not check(phase, *claim[1:]):
            problems.append(f"{claim!r} is not so")
    return problems + _words(line) + _words_and_numbers(line, phase.report.names, seat)


def _words(line) -> List[str]:
    """Words that say more than the claims: each of ``WORDS`` with no claim behind it, and a
    sum (``TOTALS``) not called one."""
    kinds = {claim[0] for claim in line.claims}
    problems = [f"{pattern!r} needs one of {needs}" for pattern, needs in WORDS
                if re.search(pattern, line.text, re.IGNORECASE) and not kinds & set(needs)]
    sums, said = TOTALS
    numbers = _numbers(line.text)
    if any(claim[0] in sums and claim[1] in numbers for claim in line.claims) and \
            not re.search(said, line.text, re.IGNORECASE):
        problems.append(f"a sum over the units ({' or '.join(sums)}) needs {said!r}")
    return problems


def _end_checks(settlement, me) -> Dict[str, Callable[..., bool]]:
    firsts = [s for s in settlement if s.place == 1]
    seconds = [s for s in settlement if s.place == 2]
    by_seat = {s.seat: s for s in settlement}
    return {
        "place": lambda p: me.place == p,
        "final": lambda c: me.final_cash == c,
        "profit": lambda d: me.profit == d > 0,
        "loss": lambda d: me.profit == -d < 0,
        "winner": lambda j: len(firsts) == 1 and firsts[0].seat == j != me.seat,
        "behind_by": lambda d: len(firsts) == 1 and firsts[0].final_cash - me.final_cash == d,
        "runner_up": lambda j: me.place == 1 and len(firsts) == 1 and len(seconds) == 1
        and seconds[0].seat == j,
        "ahead_by": lambda d: len(seconds) == 1 and me.final_cash - seconds[0].final_cash == d,
        "shared": lambda: me.place == 1 and len(firsts) > 1 and me.seat in by_seat,
        "won_alone": lambda: me.place == 1 and len(firsts) == 1,
        "came_last": lambda: me.place == len(settlement) > 1,
    }


#: The words of a place in a last word, and the place each says.
PLACE_WORDS = {"First": 1, "Second": 2, "Third": 3, "Fourth": 4, "Fifth": 5}


def end_contradictions(line, settlement, seat: int) -> List[str]:
    """What the settlement contradicts in ``seat``'s last word ``line``."""
    me = next(s for s in settlement if s.seat == seat)
    checks = _end_checks(settlement, me)
    problems = [f"{claim!r} is not so" for claim in line.claims
                if claim[0] not in checks or not checks[str(claim[0])](*claim[1:])]
    problems += [f"{word!r} but the place was {me.place}" for word, place in PLACE_WORDS.items()
                 if re.search(rf"\b{word}\b", line.text, re.IGNORECASE) and me.place != place]
    if re.search(r"\blast\b", line.text, re.IGNORECASE) and me.place != len(settlement):
        problems.append(f"'last' but the place was {me.place} of {len(settlement)}")
    names = [s.name for s in sorted(settlement, key=lambda s: s.seat)]
    return problems + _words_and_numbers(line, names, seat)
