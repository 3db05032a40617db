"""What each level knows how to do: its ``Style``, and the styles of the four levels.

Knows nothing of the rules or the view: a ``Style`` is a handful of switches
and numbers that ``models``, ``pricing``, ``planner`` and ``levels`` read.
Imports nothing from the rest of the AI, so every module that reads a style
imports this one and the imports run one way (``levels`` at the top).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict


@dataclass(frozen=True)
class Style:
    """What a level knows how to do.

    ``forecast``: ``"last"`` repeats last month's totals, ``"average"``
    averages each seat's recent entries, ``"opponents"`` runs the model
    players of ``opponents`` in each seat's position (cash, stock, prices).  ``spread`` scales the forecast's
    uncertainty (0: a single expected value); ``goods_spread`` that of the
    others' offers, ``partial_spread`` that of a phase with partial fills or
    sales.  ``optimise`` picks bids and
    asks by expected profit; otherwise they are the expected price plus
    ``bid_margin`` / minus ``ask_margin``, jittered by up to ``noise``.
    ``goods_per_plan`` caps how many different goods a plan mixes;
    ``endgame`` values leftovers at the final raw price in the last month;
    ``carry`` and ``keep`` say what a unit kept for later is worth: ``keep``
    is the share of the learned worth above its price (``worth``) the level
    counts, ``carry`` scales the whole (below 1: a beginner's undervaluing);
    ``fill`` is the share of the time a hard bid is first meant to succeed;
    ``jitter`` is the spread, in dollars, of the random doubt added to each
    plan's value, so that near-equal plans are chosen by chance and no two
    games are alike.  ``scenarios`` (``expert``) replaces all of that by
    per-opponent models and the best entry over that many joint scenarios.
    Written with keyword arguments, so that each number says what it is.
    """

    forecast: str
    spread: float
    optimise: bool
    bid_margin: int
    ask_margin: int
    noise: int
    goods_per_plan: int
    endgame: bool
    carry: float
    fill: float
    jitter: float
    goods_spread: float
    partial_spread: float
    keep: float = 0.0
    scenarios: int = 0


STYLES: Dict[str, Style] = {
    "easy": Style(forecast="last", spread=0.0, optimise=False, bid_margin=2, ask_margin=2,
                  noise=3, goods_per_plan=2, endgame=False, carry=0.85, fill=0.0, jitter=20.0,
                  goods_spread=0.0, partial_spread=0.0),
    "medium": Style(forecast="average", spread=0.6, optimise=True, bid_margin=0, ask_margin=0,
                    noise=1, goods_per_plan=3, endgame=True, carry=1.0, fill=0.7, jitter=8.0,
                    goods_spread=0.6, partial_spread=0.6, keep=0.71),
    "hard": Style(forecast="opponents", spread=1.0, optimise=True, bid_margin=0, ask_margin=0,
                  noise=0, goods_per_plan=3, endgame=True, carry=1.0, fill=0.8, jitter=3.0,
                  goods_spread=1.0, partial_spread=1.0, keep=1.0),
    "expert": Style(forecast="opponents", spread=1.0, optimise=True, bid_margin=0, ask_margin=0,
                    noise=0, goods_per_plan=3, endgame=True, carry=1.0, fill=0.8, jitter=0.0,
                    goods_spread=1.0, partial_spread=1.0, scenarios=48),
}
