"""Players, and the one guard around every decision a player makes.

A player is anything with ``decide(view)`` that returns an entry for the
view's phase: a computer player (``ed.ai.Avatar``), a sparring partner of the
gauntlet, the random player of the benchmarks.  ``decide(player, view)`` asks
it and never raises.  A decision that fails passes the phase with an empty
entry: the player raised, returned something that is not an entry, or an
entry the rules refuse (``hints.problems``, the very list ``Game.submit``
refuses for; the check is inside the guard, so a fault in it is a failed
decision too).

Every failed decision, whether caught here or by a player that passes on its
own (``failed``, which ``Avatar`` and the gauntlet call), is counted on the
player (``fallbacks``, the error in ``last_error``, ``explanation`` set to
``PASSES``) and logged as an error with its traceback, marked so that anyone
listening on the ``ed`` logger can tell it from other errors
(``is_failure(record)``): the window writes it to ``errors.log`` and says
so; the tournament, the bench and the review say their results are not
valid.  The window (``ui.shell.session``), ``engine.play_out`` (the
tournament, the bench, the AI's offline tools) and the review decide
through here.

Imports the game's ``hints``; nothing else of ``ed``.  Logs, never prints.
"""
from __future__ import annotations

import logging
from typing import Any, Dict, NamedTuple, Optional, Tuple

from . import hints
from .view import PlayerView

Entry = Dict[str, Tuple[int, int]]

#: what a player who could not decide does, in the words of its explanation
PASSES = "passes this phase"
#: the attribute that marks a log record as a failed decision (``is_failure``)
MARK = "failed_decision"

log = logging.getLogger(__name__)
# Nothing is printed unless whoever runs the players says where failures go.
log.addHandler(logging.NullHandler())


class Decided(NamedTuple):
    """A decision through the guard: the entry to submit, the player's sentence for it, and
    whether the decision failed (the entry is then empty and ``said`` is ``PASSES``)."""

    entry: Entry
    said: str
    failed: bool


def decide(player: Any, view: PlayerView) -> Decided:
    """``player``'s decision from ``view``; never raises (see the module docstring).

    Safe on a worker thread: it touches nothing but the player and the frozen view.
    """
    if view.is_over:                    # nothing to decide, and no entry is taken
        return Decided({}, "", False)
    before = fallbacks(player)
    try:
        entry = dict(player.decide(view))
        if fallbacks(player) > before:  # the player caught its own failure (counted) and passes
            return Decided({}, PASSES, True)
        refused = hints.problems(view, entry)
        if refused:
            raise ValueError(f"an entry the rules refuse, {entry}: {'; '.join(refused)}")
        said = str(getattr(player, "explanation", "") or "")
    except Exception as error:  # a player's bug must never stop the game: it passes instead
        failed(player, view, f"{type(error).__name__}: {error}", error, logger=log)
        return Decided({}, PASSES, True)
    return Decided(entry, said, False)


def failed(player: Any, view: PlayerView, why: str, error: Optional[BaseException] = None, *,
           logger: Optional[logging.Logger] = None) -> None:
    """Count a decision of ``player`` that failed and passes the phase, and log it (on
    ``logger``, the caller's own, or this module's) with ``error``'s traceback."""
    try:
        player.fallbacks = fallbacks(player) + 1
        player.last_error = why
        player.explanation = PASSES
    except AttributeError:              # a player that keeps no such attributes
        pass
    (logger or log).error("%r in seat %d, month %d %s, passes the phase: %s", player,
                          view.seat, view.month, view.phase, why, exc_info=error,
                          extra={MARK: True})


def fallbacks(player: Any) -> int:
    """How many of ``player``'s decisions have failed so far (0 for a player that keeps no
    count)."""
    count = getattr(player, "fallbacks", 0)
    return count if isinstance(count, int) else 0


def is_failure(record: logging.LogRecord) -> bool:
    """Whether ``record`` is a failed decision (logged by ``failed``)."""
    return bool(getattr(record, MARK, False))
