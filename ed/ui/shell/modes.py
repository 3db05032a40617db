"""What the main window shows, one moment at a time, and which moment may follow which.

``Mode`` names the moments; the app holds the one in force (``app.mode``)
and changes it only through ``app.change_mode``, which asks ``change`` here
whether the window may go from one to the other.  A change the window never
makes (a sheet's question with no sheet open, the welcome screen over a game
in progress) raises ``ModeError``: a fault of the program, logged and said
like any other, never a screen left half drawn without a word.

A ``Mode`` is a string too (``Mode.ENTER == "enter"``), as it was before it
had a type.  No tkinter.
"""
from __future__ import annotations

import enum
from typing import Dict, FrozenSet


class Mode(str, enum.Enum):
    """A moment of the main window."""

    STARTING = "starting"   # the window is being built
    WELCOME = "welcome"     # the welcome screen (no game yet)
    RESUME = "resume"       # the unfinished games offered at start
    COVER = "cover"         # pass and play: "Pass to …"
    BUSY = "busy"           # between two screens (a sheet being drawn, an entry sent)
    ENTER = "enter"         # a seat's sheet, its fields open
    CONFIRM = "confirm"     # the question before an empty entry
    WAIT = "wait"           # computer players thinking
    REVEAL = "reveal"       # a phase revealed
    PEEK = "peek"           # the last reveal looked at again
    OVER = "over"           # the final standings
    LOOK = "look"           # the sheets looked at after the game


class ModeError(RuntimeError):
    """A change of mode the window never makes."""


#: where a game begun or going on can be shown from any moment (a game opened, or the flow
#: going on): a cover, a sheet (busy while it is drawn), the wait, a reveal, the end
_PLAY = frozenset({Mode.COVER, Mode.BUSY, Mode.WAIT, Mode.REVEAL, Mode.OVER})
#: the start screens, shown only before a game is begun
_START = frozenset({Mode.WELCOME, Mode.RESUME})

#: the moments each moment may give way to (besides itself)
ALLOWED: Dict[Mode, FrozenSet[Mode]] = {
    Mode.STARTING: _START | _PLAY,
    Mode.WELCOME: _START | _PLAY,
    Mode.RESUME: _START | _PLAY,
    Mode.COVER: _PLAY,
    Mode.BUSY: _PLAY | {Mode.ENTER, Mode.LOOK},
    Mode.ENTER: _PLAY | {Mode.CONFIRM, Mode.PEEK},
    Mode.CONFIRM: _PLAY | {Mode.ENTER},
    Mode.WAIT: _PLAY | {Mode.PEEK},
    Mode.REVEAL: _PLAY,
    Mode.PEEK: _PLAY | {Mode.ENTER, Mode.WAIT, Mode.LOOK},   # back where the look began
    Mode.OVER: _PLAY | {Mode.PEEK},
    Mode.LOOK: _PLAY | {Mode.PEEK},
}


def change(old: Mode, new: Mode) -> Mode:
    """``new``, when the window may go from ``old`` to it; else raises ``ModeError``."""
    new = Mode(new)
    if new is not old and new not in ALLOWED[old]:
        raise ModeError(f"the window never goes from {old.value} to {new.value}")
    return new
