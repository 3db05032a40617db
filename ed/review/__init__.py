"""The review after the game: each of a person's entries beside the expert's, in dollars.

``review(game, seat)`` takes a finished game and, for every phase, replays it
from its recorded entries to the moment before that phase was resolved, asks
an ``expert`` computer player what it would have entered from the same public
information (the seat's own view), and resolves the phase again with that
entry in place of the person's and everyone else's exactly as they were.
Both results are counted the same way (``worth_words``): cash, plus the stock
at what it would fetch at the phase's closing prices, and with loans in play,
less what they will cost to repay.  The difference is what the decision cost
(or gained) against the expert's, that phase alone; the costliest three come
first, each told in a few words with the money and what it is
(``Decision.short``: at most 30 words and 6 numbers; "left on the table" only
where it is cash alone, otherwise "worth $N less than the expert's at closing
prices", since stock bought may yet sell for more than it is counted at), and
whole in a few short sentences (``Decision.sentence``: none over 25 words),
both made only from the two resolved reports.  Each entry in a table's few
words says what came to nothing or to part, and why, in the reveal's marks
(``Decision.entered_told``, ``suggested_told``: "2 Standard $19 ✗ under $20").

The expert is asked through the guard of every decision (``ed.players``): a
decision of its that fails is logged, and that phase is not compared
(``Decision.failed``, counted in ``Review.failed``), never compared with an
entry the expert did not make.

Pure: no tkinter, no printing, no files (``ed.tools.review`` is the command
``python3 -m ed.review SAVE``, which ``__main__`` here runs).  Imports the
engine, its guard of decisions, the rules' tables and ``ed.ai`` (for the
expert); a package only so that the command keeps its name with no circle of
imports.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .. import players
from ..ai.memo import remember
from ..engine import Game
from ..production import is_makeable, makeable_plans, materials_used
from ..report import PURCHASING, PhaseReport, SeatResult
from ..rules import COMMODITIES, GOODS, LOAN_REPAY_PER_STEP, LOAN_STEP, NAMES, RAW, month_label
from ..words import and_list, money as _money

#: The level whose entries the review compares with.
LEVEL = "expert"

#: What the review counts, said plainly wherever its dollars are shown (``worth_words``).
WORTH_PLAIN = ("cash, plus stock at the phase's closing prices (made into the goods that pay "
               "most; after the last month, sold to the Broker)")
#: The same with Variation I, the loans, in play.
WORTH = WORTH_PLAIN + ", less loans at what they cost to repay"

#: What the review says in the expert's place for a phase it could not decide.
NOT_DECIDED = "could not decide"

#: What the second cash series is, said wherever it is shown.
ESTIMATE = ("an estimate: each phase's difference added up; it does not play out what a "
            "better entry would have changed")


def worth_words(loans: bool) -> str:
    """What the review's dollars count in a game with (``loans``) or without Variation I:
    a game without loans is never told of loans to repay."""
    return WORTH if loans else WORTH_PLAIN

Pair = Tuple[int, int]
Triple = Tuple[int, int, int]
#: An entry as ``((commodity, (units, price)), ...)`` for the phase's commodities entered.
Entry = Tuple[Tuple[str, Pair], ...]
Progress = Callable[[int, int], None]
#: (month, phase, seat) -> a computer player's one-line explanation, once revealed.
Explanations = Mapping[Tuple[int, str, int], str]


@dataclass(frozen=True)
class Outcome:
    """One seat at the end of one phase: what an entry brought, counted as ``WORTH`` says.

    ``made`` is the units of A, B and C the stock was counted as (``stock_worth``);
    ``done`` the units bought or sold of each of the phase's three commodities;
    ``prices`` every commodity's market price at the phase's end (``COMMODITIES`` order);
    ``final`` whether this is after the last month (``worth`` is then the final cash).
    """

    cash: int
    stock: Triple
    stock_worth: int
    made: Triple
    owed: int                       # loans' repayment due at the end (Variation I)
    worth: int                      # cash + stock_worth - owed
    done: Triple
    money: int                      # paid (buying) or received (selling) this phase
    cancelled: bool
    prices: Tuple[int, ...]
    final: bool = False             # after the last month: the worth is the final cash


@dataclass(frozen=True)
class Decision:
    """One of a person's entries beside the expert's, and what each brought that phase.

    ``difference`` is ``review.worth - actual.worth``: positive when the
    expert's entry would have done better.  ``sentence`` tells it in words;
    ``table_talk`` holds the computer players' explanations for that phase,
    once revealed, as (name, sentence).  ``failed``: the expert could not
    decide (the failure is logged, ``ed.players``), so the phase is not
    compared: nothing is suggested and the difference is 0.
    """

    month: int
    phase: str
    entered: Entry
    suggested: Entry
    reason: str                     # the expert's own sentence for its entry
    actual: Outcome
    review: Outcome
    difference: int
    sentence: str
    table_talk: Tuple[Tuple[str, str], ...] = ()
    short: str = ""                 # the decision in a few words, the money at the end
    failed: bool = False            # the expert could not decide: the phase is not compared

    @property
    def cash_alone(self) -> bool:
        """Whether the difference is in cash alone: after the last month (the final cash), or
        with the stock, counted at the closing prices, and the loans the same either way."""
        return _cash_alone(self.actual, self.review)

    @property
    def label(self) -> str:
        """``"May, buying"``."""
        return f"{month_label(self.month)}, {_PHASE_WORD[self.phase]}"

    @property
    def entered_text(self) -> str:
        """The person's entry in short: ``"4 Fine at $41"``."""
        return short_entry(self.entered)

    @property
    def same(self) -> bool:
        """Whether the expert would have entered the same."""
        return not self.failed and self.suggested == self.entered

    @property
    def suggested_text(self) -> str:
        """The expert's entry in short."""
        return NOT_DECIDED if self.failed else short_entry(self.suggested)

    @property
    def entered_brief(self) -> str:
        """The person's entry in a table's few words: ``"4 Fine $41, 2 Standard $38"``."""
        return brief_entry(self.entered)

    @property
    def suggested_brief(self) -> str:
        """The expert's entry in a table's few words."""
        return NOT_DECIDED if self.failed else brief_entry(self.suggested)

    @property
    def entered_told(self) -> str:
        """The person's entry in a table's few words, a line that bought or sold nothing or
        part saying so and why: ``"4 Fine $41, 2 Standard $19 ✗ under $20"``."""
        return told_entry(self.entered, self.actual, self.phase)

    @property
    def suggested_told(self) -> str:
        """The expert's entry so, at the prices its own entry would have made."""
        if self.failed:
            return NOT_DECIDED
        return told_entry(self.suggested, self.review, self.phase)


@dataclass(frozen=True)
class Review:
    """One person's review of a finished game.

    ``decisions`` is every phase in order; ``costliest`` the (at most) three
    with the largest positive difference, largest first.  ``labels``,
    ``actual`` and ``estimate`` are the chart's series: the start and the end
    of each month, the person's worth (``WORTH``; the last is the final cash)
    beside it plus every difference so far (``ESTIMATE``).
    """

    seat: int
    name: str
    decisions: Tuple[Decision, ...]
    costliest: Tuple[Decision, ...]
    labels: Tuple[str, ...]
    actual: Tuple[int, ...]
    estimate: Tuple[int, ...]
    worth: str = WORTH            # what the dollars count in this game (``worth_words``)

    @property
    def failed(self) -> int:
        """How many phases the expert could not decide, so that they are not compared."""
        return sum(d.failed for d in self.decisions)

    @property
    def total(self) -> int:
        """The sum of every phase's difference."""
        return sum(d.difference for d in self.decisions)

    @property
    def total_text(self) -> str:
        """What the sum of the differences is, in words: ``"$434 left on the table against
        the expert's entries"``, ``"$6 better than the expert"`` where every difference is
        cash alone; ``"worth $94 less than the expert's entries"``, ``"worth $6 more…"``
        where stock counted at closing prices is in it too; ``"nothing compared"`` where the
        expert could decide no phase (``not_compared`` says so)."""
        if self.failed and self.failed == len(self.decisions):
            return "nothing compared"
        if not self.total:
            return "the same as the expert's entries, in all"
        if all(d.cash_alone for d in self.decisions if d.difference):
            return f"{_money(self.total)} left on the table against the expert's entries" \
                if self.total > 0 else f"{_money(-self.total)} better than the expert"
        return f"worth {_money(abs(self.total))} {'less' if self.total > 0 else 'more'} than " \
               f"the expert's entries"

    @property
    def summary(self) -> str:
        """The top sentences, or one saying there were none."""
        if self.failed and self.failed == len(self.decisions):
            return "No decision was compared."
        if not self.costliest:
            return (f"No entry of {self.name}'s did worse than the expert's would have, "
                    f"phase by phase{', in the phases compared' if self.failed else ''}.")
        return " ".join(d.sentence for d in self.costliest)

    @property
    def not_compared(self) -> str:
        """The sentence that says how many phases the expert could not decide, so that they
        are not compared; empty when it decided every one."""
        if not self.failed:
            return ""
        if self.failed == len(self.decisions):
            return (f"The expert could not decide any of the {self.failed} phases, so none "
                    f"is compared.")
        if self.failed == 1:
            return (f"The expert could not decide 1 of the {len(self.decisions)} phases, so it "
                    f"is not compared.")
        return (f"The expert could not decide {self.failed} of the {len(self.decisions)} "
                f"phases, so they are not compared.")


# ----------------------------------------------------------------- the review

def people(game: Game) -> List[int]:
    """The seats played by people, in seat order."""
    return [seat for seat, info in enumerate(game.seats) if not info.is_computer]


def review(game: Game, seat: int, *, progress: Optional[Progress] = None,
           explanations: Optional[Explanations] = None) -> Review:
    """The review of ``seat``'s entries in the finished ``game``.

    ``progress(done, total)`` is called after each phase reviewed;
    ``explanations`` are the computer players' revealed sentences (a save's),
    kept beside each phase.  Raises ``ValueError`` with one plain sentence
    for a game not over or a seat that is not a person's.
    """
    return review_seats(game, [seat], progress=progress, explanations=explanations)[0]


def review_seats(game: Game, seats: Sequence[int], *, progress: Optional[Progress] = None,
                 explanations: Optional[Explanations] = None) -> List[Review]:
    """The reviews of several seats, replaying the game once (see ``review``)."""
    _check(game, seats)
    log = game.log()
    total, done = len(log) * len(seats), 0
    expert = _expert()
    found: Dict[int, List[Decision]] = {seat: [] for seat in seats}
    walk = _blank(game)
    for index, entries in enumerate(log):
        month, phase = walk.month, walk.phase
        suggested = {}
        for seat in seats:
            # One avatar with a seed of its own for each decision: its opponent models are
            # a pure cache, kept from one decision to the next only to save time.
            expert.seed = review_seed(game.seed, month, phase, seat)
            suggested[seat] = players.decide(expert, walk.view(seat))
        _play(walk, entries)
        for seat in seats:
            decided = suggested[seat]
            if decided.failed:
                found[seat].append(_not_decided(walk, entries, seat))
            else:
                found[seat].append(_decide(game, log[:index], walk, entries, seat,
                                           _normal(decided.entry), decided.said,
                                           explanations or {}))
            done += 1
            if progress is not None:
                progress(done, total)
    return [_review(game, seat, found[seat]) for seat in seats]


def _check(game: Game, seats: Sequence[int]) -> None:
    if not isinstance(game, Game):
        raise ValueError("A review needs a game (ed.Game).")
    if not game.is_over:
        raise ValueError("The game is not over yet; its review comes after the last month.")
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise ValueError(f"There is no seat {seat!r}; seats are numbered 0 to "
                             f"{game.players - 1}.")
        if game.seats[seat].is_computer:
            raise ValueError(f"{game.names[seat]} is a computer player; the review is for "
                             f"the people at the table.")


def _expert():
    from ..ai import Avatar
    return Avatar(LEVEL)


def review_seed(game_seed: Optional[int], month: int, phase: str, seat: int) -> int:
    """The expert's seed for one decision: fixed by the game's seed, month, phase and seat."""
    return zlib.crc32(f"review:{game_seed}:{month}:{phase}:{seat}".encode("ascii"))


def _blank(game: Game) -> Game:
    return Game(game.rules, game.names, game.seed, seats=game.seats)


def _play(game: Game, entries: Sequence[Mapping[str, Pair]]) -> PhaseReport:
    for seat, entry in enumerate(entries):
        game.submit(seat, dict(entry))
    return game.resolve()


def replay_with(game: Game, log: Sequence[Sequence[Mapping[str, Pair]]], seat: int,
                entry: Mapping[str, Pair]) -> Game:
    """``game`` replayed through ``log`` (phases resolved before), then the next phase
    resolved with ``seat``'s entry swapped for ``entry`` and every other seat's as played."""
    copy = _blank(game)
    for entries in log:
        _play(copy, entries)
    swapped = [dict(e) for e in game.log()[len(log)]]
    swapped[seat] = dict(entry)
    _play(copy, swapped)
    return copy


def _decide(game: Game, before: Sequence[Sequence[Mapping[str, Pair]]], actual: Game,
            entries: Sequence[Mapping[str, Pair]], seat: int, theirs: Entry, reason: str,
            explanations: Explanations) -> Decision:
    """One phase of one seat: the phase resolved again with the expert's entry, the difference."""
    report = actual.history[-1]
    month, phase = report.month, report.phase
    mine = _normal(entries[seat])
    got = _outcome(actual, seat)
    if theirs == mine:
        other, would = report, got
    else:
        counterfactual = replay_with(game, before, seat, dict(theirs))
        other, would = counterfactual.history[-1], _outcome(counterfactual, seat)
    talk = tuple((game.names[s], explanations[(month, phase, s)])
                 for s in range(game.players)
                 if game.seats[s].is_computer and explanations.get((month, phase, s)))
    text = decision_sentence(report, other, seat, mine, theirs, got, would,
                             recipes=game.rules.recipes)
    return Decision(month, phase, mine, theirs, reason, got, would, would.worth - got.worth,
                    text, talk, short_sentence(report, other, seat, mine, theirs, got, would))


def _not_decided(actual: Game, entries: Sequence[Mapping[str, Pair]], seat: int) -> Decision:
    """A phase the expert could not decide: the person's entry and what it brought, not
    compared with anything."""
    report = actual.history[-1]
    got = _outcome(actual, seat)
    sentence = (f"{month_label(report.month)}, {_PHASE_WORD[report.phase]}: the expert could "
                f"not decide here, so this phase is not compared.")
    return Decision(report.month, report.phase, _normal(entries[seat]), (), "", got, got, 0,
                    sentence, (), sentence, failed=True)


def _normal(entry: Mapping[str, Pair]) -> Entry:
    """An entry without its empty lines, in the rules' order of commodities."""
    return tuple((key, (int(entry[key][0]), int(entry[key][1])))
                 for key in RAW + GOODS if key in entry and entry[key][0] > 0)


def _review(game: Game, seat: int, decisions: List[Decision]) -> Review:
    ranked = sorted((d for d in decisions if d.difference > 0),
                    key=lambda d: (-d.difference, d.month, d.phase != PURCHASING))
    start = game.rules.starting_cash
    labels, actual, estimate = ["Start"], [start], [start]
    gained = 0
    for decision in decisions:
        gained += decision.difference
        if decision.phase != PURCHASING:
            labels.append(month_label(decision.month))
            actual.append(decision.actual.worth)
            estimate.append(decision.actual.worth + gained)
    return Review(seat, game.names[seat], tuple(decisions), tuple(ranked[:3]), tuple(labels),
                  tuple(actual), tuple(estimate), worth_words(game.rules.loans))


# ----------------------------------------------------------------- worth

def _outcome(game: Game, seat: int) -> Outcome:
    """``seat`` at the end of the phase ``game`` has just resolved, counted as ``WORTH``."""
    report = game.history[-1]
    result = report.seats[seat]
    stock = (result.stock_after["xfine"], result.stock_after["fine"],
             result.stock_after["standard"])
    prices = tuple(game.prices[k] for k in COMMODITIES)
    owed = game.borrowed(seat) // LOAN_STEP * LOAN_REPAY_PER_STEP
    if report.settlement is not None:          # RULES §5: the Broker buys what is left
        value, made = sum(n * p for n, p in zip(stock, prices[:3])), (0, 0, 0)
    else:
        value, made = stock_worth(stock, prices[:3], prices[3:], game.rules.recipes)
    done = tuple(line.done for line in result.lines)
    return Outcome(result.cash_after, stock, value, made, owed, result.cash_after + value - owed,
                   done, result.money, result.cancelled, prices,  # type: ignore[arg-type]
                   report.settlement is not None)


#: what a stock fetches at given prices, shared by the window's thread and the review's: read
#: freely, written only through ``remember`` (under its lock, forgetting the oldest quarter)
_WORTH_MEMO: Dict[tuple, Tuple[int, Triple]] = {}
_WORTH_MEMO_SIZE = 50_000


def stock_worth(stock: Sequence[int], raw: Sequence[int], goods: Sequence[int],
                recipes: Mapping[str, Triple]) -> Tuple[int, Triple]:
    """What ``stock`` would fetch at the market prices ``raw`` and ``goods``: made into the
    units of A, B and C that pay most (RULES §1 recipes and substitutions, §4.2.7 materials
    used), the rest at the raw prices.  Returns (dollars, units of A, B and C made)."""
    key = (tuple(stock), tuple(raw), tuple(goods), tuple(recipes[g] for g in GOODS))
    found = _WORTH_MEMO.get(key)
    if found is not None:
        return found
    best: Tuple[int, Triple] = (sum(n * p for n, p in zip(stock, raw)), (0, 0, 0))
    for units in makeable_plans(recipes, stock):
        used = materials_used(recipes, units, stock)
        value = sum(n * p for n, p in zip(units, goods)) + \
            sum((n - u) * p for n, u, p in zip(stock, used, raw))
        if value > best[0]:
            best = (value, units)
    return remember(_WORTH_MEMO, key, best, _WORTH_MEMO_SIZE)


# ----------------------------------------------------------------- words

_PHASE_WORD = {"purchasing": "buying", "selling": "selling"}


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
    told = [f"{month}, {_PHASE_WORD[report.phase]}: you {_entered(mine, buying)}."]
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
        told.append(_goods_clause(got, would, recipes))
    difference = would.worth - got.worth
    worth = f"worth {_money(abs(difference))} {'more' if difference > 0 else 'less'}" \
        if difference else "worth no more and no less"
    told.append(f"The expert's entry: {worth} at the end of {month}'s "
                f"{_PHASE_WORD[report.phase]}.")
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
    what it is, a difference in ``WORTH`` ("worth $221 less than the expert's at closing
    prices"), since stock bought may yet sell for more than it is counted at."""
    head = f"{month_label(report.month)}, {_PHASE_WORD[report.phase]}: "
    return f"{head}{_what_told(report, other, seat, mine, theirs)} — " \
           f"{_difference_told(got, would)}."


def _cash_alone(got: Outcome, would: Outcome) -> bool:
    """Whether ``would`` and ``got`` differ in cash alone: after the last month (the stock
    sold to the Broker, the loans repaid: the final cash), or with the stock, counted at the
    closing prices, and the loans coming to the same."""
    return got.final or would.worth - would.cash == got.worth - got.cash


def _difference_told(got: Outcome, would: Outcome) -> str:
    """``"$412 left on the table"``, ``"$6 better than the expert"`` (cash alone), or ``"worth
    $221 less than the expert's at closing prices"`` (stock or loans too)."""
    difference = would.worth - got.worth
    if not difference:
        return "no more and no less than the expert's"
    if _cash_alone(got, would):
        return f"{_money(difference)} left on the table" if difference > 0 else \
            f"{_money(-difference)} better than the expert"
    return f"worth {_money(abs(difference))} {'less' if difference > 0 else 'more'} than " \
           f"the expert's at closing prices"


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


def _stories(report: PhaseReport, other: PhaseReport, seat: int, mine: Dict[str, Pair],
             theirs: Dict[str, Pair], key: str) -> List[Tuple[int, str]]:
    """What one commodity's line did against the expert's, each with the dollars at stake."""
    buying = report.phase == PURCHASING
    units, price = mine.get(key, (0, 0))
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
        their_price = theirs[key][1]
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
    key, (units, price) = max(entry, key=lambda line: line[1][0] * line[1][1])
    return f"{'bid' if buying else 'asked'} {_money(price)} for {units} {NAMES[key]}"


def _goods_clause(got: Outcome, would: Outcome, recipes: Mapping[str, Triple]) -> str:
    """``"That is enough for 2 more B (B at $150)."`` where the expert's stock makes more
    goods at the phase's closing prices than the person's (as the worth counts them), else
    nothing; ``"With the rest of your stock, that is enough for …"`` where the expert's
    purchase alone would not make every good it was counted as (the stock held before the
    phase is needed too)."""
    more = [(n - m, g, p) for n, m, g, p in zip(would.made, got.made, GOODS, would.prices[3:])
            if n > m]
    if not more:
        return ""
    made = and_list([f"{n} more {g}" for n, g, _ in more])
    stood = and_list([f"{g} at {_money(p)}" for _, g, p in more])
    alone = is_makeable(recipes, would.made, would.done)
    head = "That is" if alone else "With the rest of your stock, that is"
    return f"{head} enough for {made} ({stood})."
