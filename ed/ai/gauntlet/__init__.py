"""Sparring partners: opponent strategies written apart from the levels, to measure them.

Every strategy here is written from the rules alone.  None imports the
levels, their models, pricing or planner; each decides from a
``PlayerView`` (public information and its own entry) and may import only
the engine's pure modules and this package's ``base`` and ``forecast``.

The strategies, a module each: ``margin``, ``ev``, ``keeper``, ``hoarder``,
``flooder``, ``copycat``, ``exploit``, ``beginner`` and ``saa`` (a package: the
sample-average-approximation bidder, with models of the others from their
revealed play, many joint scenarios of their entries, and the whole entry
with the best average over them); ``lone`` is the exploiter's machinery
with the vector searched to win alone against three experts (searched by
``python3 -m ed.tuning.search``); ``ridge`` (a package: each other seat's
orders a ridge regression refitted every month, joint scenarios that share
one past month's errors, the whole entry best on average) and ``adapt`` (the
same machinery, learning each seat on a short memory and counting the
leader's gain against its own).  Nothing here imports a command.

``ridge`` and ``adapt`` each have a family of six settings, ``FAMILY`` here
(``ridge.1`` ... ``ridge.6``, ``adapt.1`` ... ``adapt.6``), made by ``make``
like the strategies and split once and for all into a half to tune on
(``TUNING``) and a half to report on (``HELD_OUT``); ``SETS`` names those
halves (``tuning``, ``held-out``, and each kind's: ``ridge.tuning``, ...).

The surface::

    from ed.ai import gauntlet
    gauntlet.STRATEGIES          # name -> Strategy(name, summary, factory), in this order
    player = gauntlet.make("ev", seed=3)   # or a member of a family: "ridge.4"
    gauntlet.FAMILY              # name -> Strategy for "ridge.1" ... "adapt.6"
    gauntlet.TUNING, gauntlet.HELD_OUT, gauntlet.SETS
    entry = player.decide(view)  # a legal entry for the view's phase
    player.explanation           # one short sentence about the last decision
    player.fallbacks             # decisions that fell back to an empty entry (should stay 0)
    player.last_error            # the error behind the last one (also logged on ``ed.ai``)

Each instance jitters its own parameters a little from its seed, so that
copies at one table do not move in lockstep; the same seed and the same
view always give the same decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Tuple

from . import adapt, beginner, copycat, ev, exploit, flooder, hoarder, keeper, margin, ridge, saa


@dataclass(frozen=True)
class Strategy:
    """A gauntlet strategy: its ``name``, a one-line ``summary`` and a ``factory(seed)``."""

    name: str
    summary: str
    factory: Callable[[Optional[int]], Any]

    def make(self, seed: Optional[int] = None) -> Any:
        return self.factory(seed)


def _strategy(module: Any, cls: Any) -> Strategy:
    return Strategy(cls.name, cls.summary, module.make)


STRATEGIES: Dict[str, Strategy] = {s.name: s for s in (
    _strategy(margin, margin.MarginTrader),
    _strategy(ev, ev.Trader),
    _strategy(keeper, keeper.StockKeeper),
    _strategy(hoarder, hoarder.Hoarder),
    _strategy(flooder, flooder.Flooder),
    _strategy(copycat, copycat.Copycat),
    _strategy(exploit, exploit.Exploiter),
    _strategy(beginner, beginner.Beginner),
    _strategy(saa, saa.SAA),
    Strategy(exploit.LoneExploiter.name, exploit.LoneExploiter.summary, exploit.make_lone),
    _strategy(ridge, ridge.Ridge),
    _strategy(adapt, adapt.Adaptive),
)}


def _family(module: Any, cls: Any) -> Dict[str, Strategy]:
    return {f"{cls.name}.{number}": Strategy(f"{cls.name}.{number}",
                                             f"{cls.summary} (setting {number})",
                                             module.member(number))
            for number in sorted(module.FAMILY)}


#: The families: ``ridge.1`` ... ``ridge.6`` and ``adapt.1`` ... ``adapt.6``, each a setting
#: of its kind's knobs (``ridge.FAMILY``, ``adapt.FAMILY``).
FAMILY: Dict[str, Strategy] = {**_family(ridge, ridge.Ridge), **_family(adapt, adapt.Adaptive)}

#: The half of each family to tune on, fixed once and for all ...
TUNING: Tuple[str, ...] = ("ridge.1", "ridge.3", "ridge.5", "adapt.1", "adapt.3", "adapt.5")
#: ... and the half to report on, never tuned on.
HELD_OUT: Tuple[str, ...] = ("ridge.2", "ridge.4", "ridge.6", "adapt.2", "adapt.4", "adapt.6")

#: Sets of the families a tournament seat can name (``g:held-out``): its members take the
#: seat in turn, game by game.
SETS: Dict[str, Tuple[str, ...]] = {
    "tuning": TUNING,
    "held-out": HELD_OUT,
    "ridge.tuning": tuple(n for n in TUNING if n.startswith("ridge.")),
    "ridge.held-out": tuple(n for n in HELD_OUT if n.startswith("ridge.")),
    "adapt.tuning": tuple(n for n in TUNING if n.startswith("adapt.")),
    "adapt.held-out": tuple(n for n in HELD_OUT if n.startswith("adapt.")),
}


def known(name: str) -> bool:
    """Whether ``name`` is a strategy or a member of a family."""
    return name in STRATEGIES or name in FAMILY


def make(name: str, seed: Optional[int] = None) -> Any:
    """A new player of the strategy or family member ``name``; raises ``ValueError`` naming
    the choices."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key in FAMILY:
        return FAMILY[key].make(seed)
    if key not in STRATEGIES:
        raise ValueError(f"Unknown gauntlet strategy {name!r}; choose one of "
                         f"{', '.join(STRATEGIES)}, or a member of a family "
                         f"({', '.join(FAMILY)}).")
    return STRATEGIES[key].make(seed)


__all__ = ["FAMILY", "HELD_OUT", "SETS", "STRATEGIES", "Strategy", "TUNING", "known", "make"]
