"""What the computer players say: a line after each phase and a last word on the game.

Drawn from what happened to their entries (never from anything secret); the
portrait's face follows the same mood."""
from __future__ import annotations

from typing import Dict, Tuple

from .common import PURCHASING, SELLING, money, ordinal


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
    return f"{ordinal(line.place)} place and {money(line.profit)} up. Respectable.", "neutral"
