"""The Price Level Board drawn as the 1971 board: what each track shows, and on what scale.

Six tracks side by side, a token on each at the commodity's latest market
price, last month's place as a ghost, the opening price marked.  Raw
materials (tens of dollars) and finished goods (a hundred and more) have a
scale each, so that a move of a few dollars shows on both.  Everything here
is pure: the widget (``ed.ui.screens.board``) measures the text and draws.

- ``board_tracks(history)``: each commodity's ``Track`` (its price, its ghost, its
  opening price) from the prices by month (``Game.price_history()``).
- ``Scale``, ``fit_scale(prices, current=None)``: the dollars a track spans;
  a scale is kept while it covers every price, and fitted anew (with a
  margin) when a price would leave it.
- ``scale_ticks(scale, room, gap)``: round dollar values for the rungs;
  ``ruled_scale(scale, room, gap)`` the scale widened to its outer rungs (and those
  rungs), so that every price stands between two labelled rungs.
- ``track_names(short)``, ``names_fit(...)``, ``spread_labels(...)``: the
  names and the tokens' labels, never cut and never on top of each other.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from ...rules import GOODS, NAMES, RAW, month_label
from .common import money

#: The two scales of the board: raw materials, then finished goods.
BOARD_GROUPS: Tuple[Tuple[str, ...], Tuple[str, ...]] = (RAW, GOODS)
#: The names said where the whole name does not fit under its track.
SHORT_NAMES: Dict[str, str] = {"standard": "Std"}
#: A scale spans at least this many dollars, so that a new game's few prices are not
#: stretched over the whole track.
MIN_SPAN = 20
#: The room left above the highest price and below the lowest: this share of their
#: spread, at least ``MIN_MARGIN`` dollars, so that the next moves stay on the scale.
MARGIN = 0.12
MIN_MARGIN = 4
#: Rung spacings in dollars, smallest first.
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000)


# ------------------------------------------------------------------ tracks

@dataclass(frozen=True)
class Track:
    """One commodity's track: where its token, its ghost and its opening mark stand.

    ``month`` is the index in the price history of ``price`` (0: the opening);
    ``ghost`` is the price before it (last month's place), ``None`` at the opening.
    """

    key: str
    price: int
    month: int
    ghost: Optional[int]
    ghost_month: Optional[int]
    opening: int

    @property
    def name(self) -> str:
        return NAMES[self.key]

    @property
    def label(self) -> str:
        """What the token shows: ``"$44"``."""
        return token_label(self.price)

    @property
    def tip(self) -> str:
        """The token's tooltip: ``"Fine: $33, was $30 in Aug; opened at $30"``."""
        head = f"{self.name}: {money(self.price)}"
        if self.ghost is None or self.ghost_month is None:
            return f"{head}, the opening price"
        was = f"{head}, was {money(self.ghost)} {when(self.ghost_month)}"
        return was if self.ghost_month == 0 else f"{was}; opened at {money(self.opening)}"

    @property
    def ghost_tip(self) -> str:
        if self.ghost is None or self.ghost_month is None:
            return ""
        return f"{self.name} was {money(self.ghost)} {when(self.ghost_month)}."

    @property
    def opening_tip(self) -> str:
        return f"{self.name} opened at {money(self.opening)}."

    def moved(self, price: int) -> "Track":
        """The track once its token has gone on to next month's ``price``: the place it
        leaves becomes the ghost."""
        return replace(self, price=price, month=self.month + 1, ghost=self.price,
                       ghost_month=self.month)


def when(index: int) -> str:
    """A month of the price history in words: ``"at the opening"``, ``"in Aug"``."""
    return "at the opening" if index == 0 else f"in {month_label(index)}"


def token_label(price: float) -> str:
    """A token's label: the price in whole dollars, ``"$44"``."""
    return money(int(round(price)))


def board_tracks(history: Sequence[Mapping[str, int]]) -> Tuple[Track, ...]:
    """Every commodity's track from the prices by month (index 0 the opening prices).

    A commodity's token stands at its latest price; its ghost at the price before
    (a month whose selling is not yet resolved has only raw prices, so the goods'
    tokens stay at the month before).  Raises ``ValueError`` on an empty history.
    """
    if not history:
        raise ValueError("the price history is empty: it starts with the opening prices")
    made = []
    for key in RAW + GOODS:
        series = [(index, prices[key]) for index, prices in enumerate(history) if key in prices]
        month, price = series[-1]
        ghost_month, ghost = series[-2] if len(series) > 1 else (None, None)
        made.append(Track(key, price, month, ghost, ghost_month, series[0][1]))
    return tuple(made)


def continues_history(old: Sequence[Mapping[str, int]], new: Sequence[Mapping[str, int]]) -> bool:
    """Whether ``new`` is ``old`` played further (the same game): every price of ``old``
    is in ``new`` at the same month."""
    if len(new) < len(old):
        return False
    return all(new[index].get(key) == price
               for index, prices in enumerate(old) for key, price in prices.items())


def group_prices(history: Sequence[Mapping[str, int]], keys: Sequence[str]) -> List[int]:
    """Every price of ``keys`` seen in ``history``."""
    return [prices[key] for prices in history for key in keys if key in prices]


# ------------------------------------------------------------------ scales

@dataclass(frozen=True)
class Scale:
    """The dollars a track spans, from ``low`` at its foot to ``high`` at its head."""

    low: int
    high: int

    def covers(self, price: float) -> bool:
        return self.low <= price <= self.high

    def fraction(self, price: float) -> float:
        """How far up the track ``price`` stands: 0 at the foot, 1 at the head."""
        return (price - self.low) / max(1, self.high - self.low)


def fit_scale(prices: Iterable[int], *, current: Optional[Scale] = None) -> Scale:
    """A scale covering every one of ``prices`` with a margin above and below.

    ``current`` is kept while it covers them all, so the board does not jump
    while prices stay on it; a price that would leave it has the scale fitted
    anew.  Scales start at $0 or more and span at least ``MIN_SPAN`` dollars;
    their ends are round (multiples of 5, or of 10 and more for a wide spread).
    Raises ``ValueError`` when there are no prices.
    """
    prices = list(prices)
    if not prices:
        raise ValueError("a scale needs at least one price")
    if current is not None and all(current.covers(price) for price in prices):
        return current
    lowest, highest = min(prices), max(prices)
    margin = max(MIN_MARGIN, math.ceil((highest - lowest) * MARGIN))
    low, high = lowest - margin, highest + margin
    if high - low < MIN_SPAN:
        extra = MIN_SPAN - (high - low)
        low, high = low - extra // 2, high + extra - extra // 2
    if low < 0:                         # no price is below $1: the span is kept above $0
        low, high = 0, high - low
    unit = _round_unit(high - low)
    return Scale(math.floor(low / unit) * unit, math.ceil(high / unit) * unit)


def _round_unit(span: int) -> int:
    """What a scale's ends are rounded to, for a spread of ``span`` dollars."""
    for limit, unit in ((100, 5), (300, 10), (600, 25)):
        if span <= limit:
            return unit
    return 50


def scale_ticks(scale: Scale, room: float, gap: float) -> Tuple[int, ...]:
    """Round dollar values on ``scale`` for rungs at least ``gap`` pixels apart on a track
    ``room`` pixels tall (an empty tuple when not even two would fit)."""
    step = _tick_step(scale, room, gap)
    if step is None:
        return ()
    first = math.ceil(scale.low / step) * step
    return tuple(range(first, scale.high + 1, step))


def ruled_scale(scale: Scale, room: float, gap: float) -> Tuple[Scale, Tuple[int, ...]]:
    """``scale`` widened to rungs at both ends, and its rungs, on a track ``room`` pixels
    tall with rungs at least ``gap`` pixels apart: a scale of $15 to $55 ruled every $2
    is drawn from $14 to $56, so no price stands above the highest labelled rung or
    below the lowest.  A scale too short for two rungs is kept, with none."""
    step = _tick_step(scale, room, gap)
    while step is not None and step <= scale.high - scale.low:
        ruled = Scale(math.floor(scale.low / step) * step, math.ceil(scale.high / step) * step)
        wider = _tick_step(ruled, room, gap)      # the wider span may want sparser rungs
        if wider is None or wider <= step:
            return ruled, tuple(range(ruled.low, ruled.high + 1, step))
        step = wider
    return scale, ()


def _tick_step(scale: Scale, room: float, gap: float) -> Optional[int]:
    """The smallest of ``TICK_STEPS`` whose rungs stand ``gap`` pixels apart on ``scale``."""
    if room <= 0:
        return None
    per_dollar = room / max(1, scale.high - scale.low)
    return next((s for s in TICK_STEPS if s * per_dollar >= gap), None)


# ------------------------------------------------------------------ words

def track_names(short: bool) -> Dict[str, str]:
    """The tracks' names, whole or (``short``) with "Standard" said "Std"."""
    return {key: SHORT_NAMES.get(key, NAMES[key]) if short else NAMES[key]
            for key in RAW + GOODS}


def names_fit(xs: Sequence[float], widths: Sequence[float], left: float, right: float,
              gap: float, *, lines: int = 1) -> bool:
    """Whether names ``widths`` wide, centred at ``xs`` (left to right), stand between
    ``left`` and ``right`` with at least ``gap`` between neighbours on a line; on
    ``lines`` lines the names take them in turn (the first, third, fifth on the first)."""
    for line in range(lines):
        spans = [(x - width / 2, x + width / 2)
                 for x, width in zip(xs[line::lines], widths[line::lines])]
        if spans and (spans[0][0] < left or spans[-1][1] > right):
            return False
        if any(first[1] + gap > second[0] for first, second in zip(spans, spans[1:])):
            return False
    return True


def spread_labels(xs: Sequence[float], ys: Sequence[float], width: float, height: float,
                  top: float, bottom: float) -> List[float]:
    """Where the labels of one scale's tokens go: each centred on its token (``xs``, ``ys``)
    unless it would cover a label already placed; then as near its token as is clear.

    Labels are ``width`` by ``height``, placed from the highest token down, their
    centres between ``top + height / 2`` and ``bottom - height / 2``.  Labels side by
    side with room between them never move.  Returns the centres on the vertical
    (growing downwards, as on a canvas).
    """
    low, high = top + height / 2, bottom - height / 2
    clear = height + 1
    placed: Dict[int, float] = {}
    for index in sorted(range(len(ys)), key=lambda i: (ys[i], xs[i])):
        wish = min(max(ys[index], low), high)
        near = [y for other, y in placed.items() if abs(xs[index] - xs[other]) < width]
        spots = [wish] + [y + clear for y in near] + [y - clear for y in near]
        free = [spot for spot in spots if low <= spot <= high
                and all(abs(spot - y) >= clear - 1e-9 for y in near)]
        placed[index] = min(free, key=lambda spot: (abs(spot - wish), spot)) if free else wish
    return [placed[index] for index in range(len(ys))]
