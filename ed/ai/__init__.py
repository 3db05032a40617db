"""Computer players ("AI avatars"): decide an entry from a ``PlayerView`` alone.

The surface the window and the tournament use, kept stable:

- ``LEVELS``: the levels, weakest first;
- ``PERSONALITIES``: key -> ``Personality`` (name, temperament, colours and
  a ``Portrait`` the window can draw);
- ``Avatar(level, personality=None, seed=None)``: ``decide(view)`` returns a
  legal entry for the view's phase and sets ``explanation``, one short
  sentence for the game log (``last_decision`` keeps the whole ``Decision``);
- ``avatar_for(game_seed, seat, level, personality)``: the avatar a seat of a
  game uses, seeded from the game's seed and the seat;
- ``forget()``: clear what the players of this process remember between
  decisions (a pure cache), for a benchmark's runs to each start afresh.

A decision that fails passes the phase rather than raise; it is counted in
the player's ``fallbacks`` and logged with its traceback on the ``ed.ai``
logger (``logging``), which has no handler of its own: the window writes it
to ``errors.log``, the tournament and the bench count it and print it.  They
all ask through ``ed.players.decide``, the guard that catches a failure at
the door too (``decide`` itself raising) and counts and logs it the same way.

The house, one module per idea; each opens with what it knows and imports:

- ``characters``: personalities, portraits and the temper behind them;
- ``style``: what each level knows how to do (its ``Style``);
- ``opponents``: a model of each other seat, learned during the game from
  what it revealed (``hard`` and ``expert``);
- ``replies``: each other seat's best reply to the rest of the table, one more
  model of it (``expert``);
- ``scenarios``: joint draws of the others' entries from those models;
- ``worth``: what a raw unit kept in stock is worth;
- ``optimiser``: the entry best on average over the scenarios (``expert``);
- ``models``, ``pricing``, ``planner``: the simpler forecasts and the
  expected-profit planning of ``easy``, ``medium`` and ``hard``;
- ``levels``: what each level knows, and the ``Avatar``;
- ``speech``, ``lines`` and ``hearing``: what the characters say after a phase and
  at the end of the game, their words, and the check that every line is so;
- ``gauntlet``: sparring partners written apart from the levels, to measure
  them against;
- ``randoms``: the standard generator's normal draws and shuffles, value for
  value, in less time;
- ``randomplay``: random entries, legal and otherwise, for the benchmarks and
  the randomised tests (a player with no aim).

Imports the game (``ed``'s pure modules) and nothing else of ``ed``.  The
offline commands that measure the players, learned the worth of stock and
searched the exploiter's parameters are in ``ed.tools`` (``voices``,
``learn``, ``calibration``, ``search``); see ``ed/ai/README.md``.
"""
from __future__ import annotations

import logging

from .characters import NEUTRAL, PERSONALITIES, TEMPERS, Personality, Portrait, Temper
from .levels import LEVELS, TIME_BUDGET, Avatar, Decision, avatar_for, forget
from .style import STYLES, Style

# Nothing is printed unless whoever runs the players says where failures go.
logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = ["LEVELS", "PERSONALITIES", "TEMPERS", "NEUTRAL", "STYLES", "Avatar", "Decision",
           "Personality", "Portrait", "Style", "Temper", "TIME_BUDGET", "avatar_for",
           "forget"]
