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
``python3 -m ed.tools.search``).  Nothing here imports a command.

The surface::

    from ed.ai import gauntlet
    gauntlet.STRATEGIES          # name -> Strategy(name, summary, factory), in this order
    player = gauntlet.make("ev", seed=3)
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
from typing import Any, Callable, Dict, Optional

from . import beginner, copycat, ev, exploit, flooder, hoarder, keeper, margin, saa


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
)}


def make(name: str, seed: Optional[int] = None) -> Any:
    """A new player of the strategy ``name``; raises ``ValueError`` naming the choices."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in STRATEGIES:
        raise ValueError(f"Unknown gauntlet strategy {name!r}; choose one of "
                         f"{', '.join(STRATEGIES)}.")
    return STRATEGIES[key].make(seed)


__all__ = ["STRATEGIES", "Strategy", "make"]
