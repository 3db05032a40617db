"""The rules help, written for this app in its own words (no tkinter here).

``SECTIONS`` is a tuple of ``Section(key, title, text)``.  In ``text``
paragraphs are separated by blank lines; a line that starts with two spaces
belongs to a table and is shown in a fixed-width font; a paragraph that
starts with ``OPEN_POINT`` ("The 1971 rules leave this open") is a decision
of this app on a point the original rules leave open, said in plain words
like the rest.

``full_text()`` gives everything as one string (titles included), for a
search or a plain-text copy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

#: How a paragraph begins that settles a point the original rules leave open.
OPEN_POINT = "The 1971 rules leave this open"


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    text: str


_OVERVIEW = """\
Executive Decision is Sid Sackson's trading game from 1971, for two to six players. Each of you runs a small factory. Month after month you buy raw materials at a shared market, turn them into finished goods and try to sell those goods for more than they cost you. Whoever has the most cash when the last month is over wins.

There are three grades of raw material, X-Fine, Fine and Standard, and three finished goods, A, B and C. Every finished unit takes three raw units. The computer plays the Broker, the bank everyone trades with.

Prices are never fixed. Each month every price goes up or down according to how much of it all the players together asked for (see "How prices move"). So the real game is guessing what the others will do.

All amounts are whole dollars and whole units."""

_SETUP = """\
Everybody starts with no materials and the same cash. The cash, and the number of raw units each player may order in one month, depend on the number of players:

  Players   Starting cash   Raw units a month
  2         $900            18 (at most 12 of one grade)
  3         $600            12
  4         $450             9
  5         $350             7
  6         $300             6

A game lasts 12 months unless you choose otherwise; any length from 1 to 36 months is possible. Month 1 is January, and month 13 is January of year 2.

The market opens at these prices:

  Raw materials        Finished goods
  X-Fine     $40       A    $140
  Fine       $30       B    $115
  Standard   $20       C     $90"""

_MONTH = """\
Every month has two phases: purchasing, then selling. Making goods is part of selling; there is no separate production step.

Purchasing. Each player secretly fills in an order: for each grade of raw material, a number of units and a bid, the price per unit they are willing to pay. When all orders are in they are shown together.

The limits on an order:
\u2022 All grades together may not exceed your monthly allowance (see "Set-up"). In a two-player game no grade may have more than 12 units.
\u2022 For each grade you order, the bid must be at least the minimum bid: the price that grade would reach if you alone ordered it, with the number of units you chose.
\u2022 A price typed next to 0 units means nothing and is not checked.
An order that breaks a limit is refused, with a message naming the limit. The app never quietly changes what you typed.

The 1971 rules leave this open: here a bid may not be more than $10,000. This only catches typing slips; no sensible bid comes anywhere near it.

After the reveal, the total units ordered of each grade by everyone set that grade's new price (see "How prices move"). All units count here, even those of an order that turns out to be cancelled for lack of cash.

Then, grade by grade: if your bid is at least the new price, you get every unit you ordered and pay your own bid for each. If your bid is below the new price, you get none of that grade.

Short of cash? Add up the cost of everything you won. If it comes to more than the cash you have, your purchases for the month are cancelled altogether, every grade of them, and you pay nothing.

What you buy joins your stock, which every player can see.

Selling. Each player secretly fills in an offer: for each finished good, a number of units and an ask, the price per unit they want. Again all offers are shown together.

For each good you offer, the ask must be at least $1. The original game sets no highest ask. The app shows a "highest useful ask": the price the good would reach if you alone offered that many units. An ask above it cannot sell, although its units still count towards the new price.

The 1971 rules leave this open: here an ask may not be more than $10,000, again only to catch typing slips.

After the reveal, the units validly offered of each good by everyone set its new price. If your ask is at or below the new price, all your units of that good sell, each at your own ask. If it is above, none of them sell.

You receive the money for what sold. Only goods that sell use up materials; for unsold goods nothing is used, and the materials wait in your stock for a later month.

Manufacturing and substitution. Goods are made only from materials you hold when you sell, following the production chart. Two substitutions are allowed: a unit of X-Fine may fill a place meant for Fine, and a unit of Fine may fill a place meant for Standard. Nothing else: X-Fine cannot fill a Standard place, and nothing can fill an X-Fine place.

The 1971 rules leave this open: here, when goods are sold, the grades the recipe asks for are used first and a substitute only when it has to be. Standard places take Standard while it lasts and then Fine; next, Fine places take the Fine that is left and then X-Fine; X-Fine places take X-Fine. This way as few units as possible are substituted.

Secrets. Orders and offers stay hidden until their phase is revealed. From then on everything about that phase is public: what each player entered, what succeeded, and the money that changed hands. Cash and stock are always public."""

_CALCULATOR = """\
Every month each commodity's price moves from its price of the month before (the opening price in month 1). How far it moves depends only on the total units of it that all players involved that month.

Raw materials: the change is the units ordered minus 10.

  Units ordered    0    1    2  ...    9   10   11   12  ...   24
  Change         -10   -9   -8  ...   -1    0   +1   +2  ...  +14

Finished goods: the change is 11 minus twice the units validly offered.

  Units offered    0    1    2    3    4    5    6    7    8  ...   16
  Change         +11   +9   +7   +5   +3   +1   -1   -3   -5  ...  -21

The new price is the old price plus the change, but never below $1. A price that sits at $1 can rise or fall again the following month by the same tables.

The 1971 rules leave this open: with three or more players, more than 24 units of one grade can be ordered. The raw-material table then simply goes on, $1 higher for each extra unit. Likewise, past 16 units offered the goods table goes on falling by $2 for each extra unit.

The 1971 rules leave this open: here the $1 floor holds for finished goods as well as for raw materials."""

_CHART = """\
Each finished unit takes three raw units:

  Good   Default chart              Classic chart (an option)
  A      X-Fine, X-Fine, Fine       the same
  B      Fine, Fine, Standard       X-Fine, Fine, Standard
  C      Fine, Standard, Standard   the same

The default follows the rules summary this app was made from. The production chart printed with the 1971 game makes B from one unit of each grade; tick "classic production chart" when you set up a game to play with it.

Remember the substitutions: X-Fine can fill a Fine place and Fine can fill a Standard place."""

_OVER_OFFER = """\
Everything you offer in a month has to be makeable at once from your stock, using the production chart and the substitutions. If it is not, the whole offer fails: you sell nothing that month, and none of your offered units count towards the new prices.

The app warns you before you submit an offer like that, and tells you what is missing."""

_END = """\
The game ends after the selling phase of the last month. Then:

1. The Broker buys every raw unit still in stock, each grade at its final market price (the price set in the purchasing phase of the last month).
2. With Variation I, every loan is paid back: $125 for each $100 borrowed.
3. Your cash is now your final score. Your profit is the final score minus your starting cash.

The highest final score wins. Players with equal scores share the place."""

_VARIATIONS = """\
The three variations are off unless you switch them on when setting up a game, and any of them may be combined.

Variation I: loans. When your purchases cost more than your cash, they are not cancelled. The Broker lends you the shortfall rounded up to a whole multiple of $100 (a shortfall of $130 borrows $200; a shortfall of exactly $200 borrows $200), and the purchase goes ahead. At the end of the game you pay back $125 for each $100. There is no other way to borrow.

Variation II: partial fills. A bid below the new price still buys part of the order: one unit fewer for every dollar the bid is short, never fewer than none, each at your bid. The minimum bid still applies.

Variation III: partial sales, from the 1971 rulebook. An ask above the new price still sells part of the offer: one unit fewer for every $2 (or part of $2) that the ask is too high, never fewer than none, each at your ask. For example, asking $5 too much sells 3 units fewer."""

_EXAMPLE = """\
Two players, default rules, the first month. Ann and Bob each start with $900.

Purchasing. Ann orders 6 X-Fine with a bid of $40 and 4 Fine at $28. Bob orders 6 X-Fine at $44 and 8 Standard at $18. All four bids are allowed: the minimum bids were $36 for Ann's X-Fine and $24 for her Fine, $36 for Bob's X-Fine and $18 for his Standard.
\u2022 X-Fine: 6 + 6 = 12 units, a change of +2, so the price goes from $40 to $42. Bob's $44 is enough and he buys 6 for $264. Ann's $40 falls short and she gets none.
\u2022 Fine: Ann's 4 units alone, a change of -6, from $30 to $24. Her $28 buys all 4 for $112.
\u2022 Standard: Bob's 8 units, a change of -2, from $20 to $18. His bid equals the price, so he buys 8 for $144.
After purchasing, Ann has $788 and 4 Fine; Bob has $492, 6 X-Fine and 8 Standard.

Selling. Bob offers 1 A at $149 and 2 C at $88; Ann offers 1 C at $97. Both offers can be made. Bob's A takes 2 X-Fine for its X-Fine places; it and his two Cs have three Fine places between them, all filled by X-Fine, and the Cs' 4 Standard places take his Standard. Ann's C is made of 3 Fine, two of them in Standard places. The highest useful asks were $149 for Bob's 1 A, $97 for his 2 C and $99 for Ann's 1 C.
\u2022 A: 1 unit offered, a change of +9, from $140 to $149. Bob asked exactly $149 and sells it for $149.
\u2022 B: nothing offered, a change of +11, from $115 to $126.
\u2022 C: 3 units offered, a change of +5, from $90 to $95. Bob's $88 sells both units for $176. Ann's $97 is above $95, so she sells nothing and keeps her 4 Fine.
Bob takes in $325 and uses 5 X-Fine and 4 Standard. He ends January with $817, 1 X-Fine and 4 Standard; Ann ends it with $788 and 4 Fine."""

_COMPUTER = """\
What they can see. A computer player knows only what anyone at the table could know: the market prices, every player's cash and stock, and the orders and offers of phases that have already been revealed. It never sees an order or offer before its reveal, neither yours nor another computer player's. It decides from that public information and its own entries alone.

Its explanations. In the game log a computer player may say in one line why it chose its entry. That line appears only after the phase has been revealed.

The levels, in general terms. Every computer player forecasts what the others will order or offer, works out which goods it could make and sell at a profit, and enters what seems best. The levels differ in how well they forecast and how carefully they choose their prices:
\u2022 Easy assumes the others will do what they did last month, adds a fixed margin to the price it expects, undervalues materials kept in stock and leaves a fair amount to chance. It does not plan for the final sale to the Broker. A gentle first opponent that a careful beginner can beat.
\u2022 Medium expects each player to repeat their recent average, picks the bids and asks that promise the best expected profit, counts materials in stock as worth something more than their price, and in the last month counts what leftovers will fetch from the Broker.
\u2022 Hard keeps a small model of each opponent: a few simple ways of playing, tried in that player's own position (its cash, its stock, the prices), and trusted as far as each has foretold that player's revealed entries so far. It prices by expected profit from that forecast.
\u2022 Expert uses the same opponent models to imagine dozens of possible months at once, every player's entries together, and chooses its whole entry, every grade and good with its price, to do best on average over all of them, the rule that an order over cash buys nothing and the variations included. Among its ways of foretelling a player is that player's best answer to the rest of the table, worked out as it works out its own. When two or more Experts share a table, they do not each guess at the others: every Expert orders and offers the quantities of one plan that anyone could work out from the public record, each Expert's part being its own best answer to the rest, and then picks its own prices. So the Experts do not all chase the same grade in the same month. It reckons a unit kept in stock at its price plus part of the margin it could earn later (less as the end comes near; in the last month, exactly what the Broker will pay). It sees no more than anyone else at the table, and says in one line what it expects and why.

Each computer player also has a personality (bold, careful, patient, fond of one good, and so on). Up to Hard it nudges every choice: how far it bids over the price it expects, how much it asks, how much cash it keeps, how much it values stock and which goods it likes to make. An Expert keeps only the taste, at half strength: its favourite good and its patience with stock. So three Experts at one table still differ, but none plays below its level.

None of the app's screens suggest a bid or an ask: the charts, the ledger and the log only show what has already happened."""

SECTIONS: Tuple[Section, ...] = (
    Section("overview", "Overview", _OVERVIEW),
    Section("setup", "Set-up", _SETUP),
    Section("month", "A month, step by step", _MONTH),
    Section("calculator", "How prices move", _CALCULATOR),
    Section("chart", "The production chart", _CHART),
    Section("over_offer", "Over-offering", _OVER_OFFER),
    Section("end", "End of the game", _END),
    Section("variations", "The three variations", _VARIATIONS),
    Section("example", "A worked example", _EXAMPLE),
    Section("computer", "The computer players", _COMPUTER),
)


def section(key: str) -> Section:
    """The section with ``key``.  Raises ``KeyError`` for an unknown key."""
    for item in SECTIONS:
        if item.key == key:
            return item
    raise KeyError(key)


def full_text() -> str:
    """All sections as plain text, each under its title."""
    return "\n\n".join(f"{s.title}\n\n{s.text}" for s in SECTIONS)


def interpretations() -> Tuple[str, ...]:
    """Every paragraph that settles a point the original rules leave open."""
    return tuple(p for s in SECTIONS for p in s.text.split("\n\n")
                 if p.startswith(OPEN_POINT))
