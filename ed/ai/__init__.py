"""Computer players ("AI avatars"): decide an entry from a ``PlayerView`` alone.

The surface the window and the tournament use, kept stable:

- ``LEVELS``: the levels, weakest first;
- ``PERSONALITIES``: key -> ``Personality`` (name, temperament, colours and
  a ``Portrait`` the window can draw);
- ``Avatar(level, personality=None, seed=None)``: ``decide(view)`` returns a
  legal entry for the view's phase and sets ``explanation``, one short
  sentence for the game log (``last_decision`` keeps the whole ``Decision``);
- ``avatar_for(game_seed, seat, level, personality)``: the avatar a seat of a
  game uses, seeded from the game's seed and the seat.

The house, one module per idea; each opens with what it knows and imports:

- ``characters``: personalities, portraits and the temper behind them;
- ``models``: forecasts of the other seats from public information;
- ``pricing``: what each quantity would cost or fetch under a forecast;
- ``planner``: the month's production plan and the entry it needs;
- ``levels``: what each level knows, and the ``Avatar``;
- ``gauntlet``: sparring partners written apart from the levels, to measure
  them against.
"""
from __future__ import annotations

from .characters import NEUTRAL, PERSONALITIES, TEMPERS, Personality, Portrait, Temper
from .levels import LEVELS, STYLES, Avatar, Decision, Style, avatar_for

__all__ = ["LEVELS", "PERSONALITIES", "TEMPERS", "NEUTRAL", "STYLES", "Avatar", "Decision",
           "Personality", "Portrait", "Style", "Temper", "avatar_for"]
