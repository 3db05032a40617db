"""What the computer players say: a line after each phase and a last word on the game.

Every line is drawn from what happened to the player's own entry in the
report (all, part or none of it bought or sold, an order cancelled, a loan,
stock kept, its cash, the moves of the prices it bid or asked on), never
from anything secret, and it says only what is true: nothing "for later" in
the last month, no sale where nothing sold.  The character (its ``key``)
adds lines in its own voice to the plain ones; which line is said turns
with the month, so a player does not say the same thing month after month.
The lines of a buying phase and of a selling phase never coincide, so no
one says the same line two phases running; given the game's ``history``,
``reaction`` also avoids the line said the month before.  The portrait's
face follows the outcome."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ...rules import NAMES, RAW
from ...words import and_list
from .common import PURCHASING, money, ordinal, units_text

# ---------------------------------------------------------------- the lines

#: The outcome of a phase for one player: its face, and its plain lines
#: (``{units}``, ``{done}``, ``{money}``, ``{names}`` filled in).
REACTIONS: Dict[str, Tuple[str, Tuple[str, ...]]] = {
    "bought": ("pleased", ("Bought all I bid for: {units}.", "Every bid came good.",
                           "{units} bought for {money}.")),
    "bought_some": ("neutral", ("{done} of the {units} came through.",
                                "Part of my order came through.",
                                "Some bought, some not: {done} of {units}.")),
    "outbid": ("glum", ("Outbid on {names}.", "My bids fell short of the market.",
                        "Not a unit bought this month.")),
    "cancelled": ("glum", ("Cancelled! I could not pay for it all.",
                           "Every purchase cancelled. Ouch.",
                           "Too big an order for my cash: all cancelled.")),
    "no_order": ("neutral", ("No orders from me this month.", "I bought nothing this month.",
                             "Sitting out the buying.")),
    "sold": ("pleased", ("Sold the lot: {money}.", "{money} in the till.",
                         "Every unit sold: {money}.")),
    "sold_some": ("pleased", ("{done} of the {units} sold: {money}.", "{money}. It will do.",
                              "Some of it sold: {money}.")),
    "unsold": ("glum", ("No buyers at my price.", "Asked too much and sold nothing.",
                        "Not one sale this month.")),
    "not_made": ("glum", ("My offer could not be made. Embarrassing.",
                          "Offered more than I could make.",
                          "Nothing sold: I could not make what I offered.")),
    "no_offer": ("neutral", ("Nothing offered this month.", "No sales from me this month.")),
}

#: Plain lines on the facts beside the outcome; each is said only when its fact holds.
FACTS: Dict[str, Tuple[str, ...]] = {
    "keep_later": ("Keeping my stock for later.", "My stock can wait for a better price."),
    "kept": ("{stock} left in stock.", "Still {stock} in stock."),
    "empty": ("Nothing in stock to sell.", "My shelves are bare."),
    "to_broker": ("The Broker takes my last {stock}.", "What is left goes to the Broker."),
    "cash_up": ("Cash up to {cash}.",),
    "cash_down": ("Cash down to {cash}.",),
    "loan": ("Borrowed {loan} from the Broker.",),
    "raw_up": ("{name} went up to {price}.",),
    "raw_down": ("{name} fell to {price}.",),
    "good_up": ("{name} rose to {price}.",),
    "good_down": ("{name} dropped to {price}.",),
}

#: Each character's own words: outcome or fact -> lines, said only when it holds.
PERSONAL: Dict[str, Dict[str, Tuple[str, ...]]] = {
    "mabel": {"bought": ("Cheap in: {units} for {money}.",),
              "outbid": ("Hmph. I will not overpay, all the same.",),
              "sold": ("Dear out: {money}. As ever.",),
              "unsold": ("Hmph. Nobody pays a fair price.",),
              "keep_later": ("My stock keeps. I can wait for my price.",)},
    "rex": {"bought": ("All of it in one go. Big and fast!",),
            "outbid": ("Bah! Outbid.",),
            "no_order": ("Even I sit one out now and then.",),
            "sold": ("Sold the lot, and fast!",),
            "unsold": ("Bah! No buyers this time.",)},
    "iris": {"bought": ("{units} bought. Steady does it.",),
             "outbid": ("No matter: the cash stays with me.",),
             "no_order": ("Better safe than broke.",),
             "sold": ("Steady does it: {money}.",),
             "cash_up": ("Cash up to {cash}. Safe and sound.",)},
    "otto": {"bought_xfine": ("X-Fine for fine goods. Ah, the finer things.",),
             "sold_a": ("My A sold. Ah, the finer things.",),
             "unsold": ("Even luxury has its off days.",)},
    "cora": {"bought_many": ("Pile it high: {units}!",),
             "sold": ("Pile it high, sell it cheap: {money}.",),
             "sold_c": ("My C sold. Volume wins.",),
             "unsold": ("Volume will win in the end.",)},
    "felix": {"bought": ("Middle of the road, right on course.",),
              "bought_some": ("Swings and roundabouts.",),
              "sold": ("Right on course: {money}.",),
              "sold_some": ("Some up, some down. Swings and roundabouts, again.",)},
}


@dataclass(frozen=True)
class _Said:
    """What one seat's phase gives to talk about: its outcome and the facts that hold."""

    outcome: str
    facts: Tuple[str, ...]
    values: Dict[str, str]


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


def _facts(report, seat: int, outcome: str) -> Tuple[Tuple[str, ...], Dict[str, str]]:
    """The facts beside the outcome that hold for ``seat``, and the words to fill in."""
    result = report.seats[seat]
    buying = report.phase == PURCHASING
    last = report.settlement is not None         # the game's last selling phase
    entered = [line for line in result.lines if line.units]
    stock = sum(result.stock_after[key] for key in RAW)
    units = sum(line.units for line in entered)
    values = {"units": units_text(units), "done": str(sum(line.done for line in entered)),
              "money": money(result.money), "cash": money(result.cash_after),
              "loan": money(result.loan), "stock": units_text(stock),
              "names": and_list(NAMES[line.commodity] for line in entered)}
    facts: List[str] = []
    if result.loan:
        facts.append("loan")
    if result.money:
        facts.append("cash_down" if buying else "cash_up")
    if not buying:
        if last:
            facts.append("to_broker" if stock else "")
        elif stock:
            facts.append("keep_later" if not entered else "kept")
        elif not entered:
            facts.append("empty")
        sold = {line.commodity for line in result.lines if line.done}
        facts += [fact for good, fact in (("A", "sold_a"), ("C", "sold_c")) if good in sold]
    else:
        if any(line.commodity == "xfine" and line.done for line in result.lines):
            facts.append("bought_xfine")
        if outcome == "bought" and units >= 5:
            facts.append("bought_many")
    moves = {c.commodity: c for c in report.commodities}
    for line in entered:
        change = moves[line.commodity]
        if change.new_price != change.old_price:
            kind = ("raw_" if buying else "good_") + (
                "up" if change.new_price > change.old_price else "down")
            facts.append(f"{kind}:{line.commodity}")
            values[f"price:{line.commodity}"] = money(change.new_price)
    return tuple(fact for fact in facts if fact), values


def _lines(report, seat: int, personality) -> Tuple[List[str], List[str], str]:
    """(the outcome's lines, plain then the character's own; the facts' lines; the face)."""
    outcome = _what_happened(report, seat)
    mood, plain = REACTIONS[outcome]
    facts, values = _facts(report, seat, outcome)
    own = PERSONAL.get(getattr(personality, "key", None) or "", {})
    first: List[str] = [text.format(**values) for text in plain]
    for kind in (outcome,) + facts:
        first += [text.format(**values) for text in own.get(kind, ())]
    beside: List[str] = []
    for fact in facts:
        kind, _, key = fact.partition(":")
        filled = dict(values, name=NAMES.get(key, ""), price=values.get(f"price:{key}", ""))
        beside += [text.format(**filled) for text in FACTS.get(kind, ())]
    first = list(dict.fromkeys(first))
    return first, [line for line in dict.fromkeys(beside) if line not in first], mood


def candidates(report, seat: int, personality=None) -> Tuple[Tuple[str, str], ...]:
    """Every true line a computer player might say after this phase, with its face.

    The plain lines of the outcome come first, then the character's own
    (``personality``, with a ``key``), then those on the facts beside it.
    """
    first, beside, mood = _lines(report, seat, personality)
    return tuple((line, mood) for line in first + beside)


def _rotation(report, seat: int, personality) -> List[Tuple[str, str]]:
    """The lines in the order they come round, from this month's: the outcome's lines
    twice as often as the facts' (the plain facts, such as the cash, are the dullest)."""
    first, beside, mood = _lines(report, seat, personality)
    wheel = first + first + beside
    turn = report.month + seat * 3 + (report.phase != PURCHASING)
    return [(wheel[(turn + step) % len(wheel)], mood) for step in range(len(wheel))]


def reaction(report, seat: int, personality=None, *,
             history: Optional[Sequence] = None) -> Tuple[str, str]:
    """A computer player's line after a phase, and its mood, from what happened to it.

    Pleased with a sale, grumbling at a cancelled order: the words follow
    the report, now and then in the character's own voice.  The same report
    always gives the same line.  With ``history`` (the game's reports, this
    one among them or not) the line also differs from the one the player
    said the month before in the same phase, whenever there is another to say.
    """
    if history is not None:
        said = reactions(_up_to(history, report), seat, personality)
        if said:
            return said[-1]
    return _rotation(report, seat, personality)[0]


def _up_to(history: Sequence, report) -> List:
    """The reports of ``history`` up to ``report`` (which is added if it is not among them)."""
    reports = []
    for earlier in history:
        reports.append(earlier)
        if earlier is report or (earlier.month, earlier.phase) == (report.month, report.phase):
            return reports[:-1] + [report]
    return reports + [report]


def reactions(history: Sequence, seat: int, personality=None) -> List[Tuple[str, str]]:
    """The line and mood a computer player says after each report of ``history``: never
    the line it said the phase before nor the one before that, when it has another."""
    said: List[Tuple[str, str]] = []
    for report in history:
        order = _rotation(report, seat, personality)
        recent = {line for line, _ in said[-2:]}
        said.append(next((pair for pair in order if pair[0] not in recent), order[0]))
    return said


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
    return f"{ordinal(line.place)} place and {money(line.profit)} up. Respectable.", "neutral"
