"""The reveal as a short scene: what turns over when, worked out without tkinter.

A reveal is played as a list of ``Beat``s.  Each beat holds a ``Stage``, how
far the scene has gone (everything up to it is on show), and how long it
stays before the next:

1. for each commodity in turn, each seat's entry turns over in seat order
   (a blank entry quickly), the column's head adding up the units as they
   turn;
2. the price moves on the board;
3. each row shows what came of its entry (✓ ◐ ✗);
4. after the three commodities, each seat's row settles in turn: money,
   cash and stock, and a computer player's face and line.

The last beat is the whole reveal (``final_stage``), which is also what
"all at once" shows, and what Enter skips to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from .common import units_text

#: How long each kind of beat stays on screen, in milliseconds (the first: a breath
#: between the screen coming up and the first card turning).
START_MS = 200
TURN_MS = 230
BLANK_MS = 80
MOVE_MS = 620
RESULT_MS = 320
SETTLE_MS = 170


@dataclass(frozen=True)
class Stage:
    """How far a reveal's scene has gone.

    ``turned[c]``: rows whose entry for commodity ``c`` is face up;
    ``moved[c]``: its price has moved on the board; ``resulted[c]``: every
    row shows what came of its entry; ``settled``: rows showing their money,
    cash, stock, face and line.
    """

    turned: Tuple[int, ...]
    moved: Tuple[bool, ...]
    resulted: Tuple[bool, ...]
    settled: int


@dataclass(frozen=True)
class Beat:
    """One step of the scene: the ``stage`` it shows, for ``ms`` milliseconds.

    ``kind`` is "start", "turn", "move", "result" or "settle"; ``column`` and
    ``row`` say which cell, column or row the beat brought (-1 for none).
    """

    stage: Stage
    ms: int
    kind: str
    column: int = -1
    row: int = -1


def start_stage(columns: int) -> Stage:
    """Nothing turned over yet."""
    return Stage((0,) * columns, (False,) * columns, (False,) * columns, 0)


def final_stage(data) -> Stage:
    """The whole reveal of ``data`` (a ``Reveal``) on show."""
    columns, rows = len(data.columns), len(data.rows)
    return Stage((rows,) * columns, (True,) * columns, (True,) * columns, rows)


def scene(data) -> Tuple[Beat, ...]:
    """The beats of ``data``'s reveal, in order; the last one shows it whole."""
    columns, rows = len(data.columns), len(data.rows)
    turned, moved, resulted = [0] * columns, [False] * columns, [False] * columns
    beats = [Beat(start_stage(columns), START_MS, "start")]

    def add(ms: int, kind: str, column: int = -1, row: int = -1, settled: int = 0) -> None:
        stage = Stage(tuple(turned), tuple(moved), tuple(resulted), settled)
        beats.append(Beat(stage, ms, kind, column, row))

    for column in range(columns):
        for row in range(rows):
            turned[column] = row + 1
            blank = data.rows[row].cells[column].state == "none"
            add(BLANK_MS if blank else TURN_MS, "turn", column, row)
        moved[column] = True
        add(MOVE_MS, "move", column)
        resulted[column] = True
        add(RESULT_MS, "result", column)
    for row in range(rows):
        add(SETTLE_MS, "settle", row=row, settled=row + 1)
    return tuple(beats)


def length_ms(beats) -> int:
    """How long a scene lasts, from its first beat to the last shown."""
    return sum(beat.ms for beat in beats[:-1])


def running_total(data, stage: Stage, column: int) -> int:
    """The units that count towards ``column``'s price among the entries turned so far."""
    return sum(row.cells[column].counted for row in data.rows[:stage.turned[column]])


def head_units(data, stage: Stage, column: int) -> str:
    """The column head's count: "" before anything turned, then the units so far."""
    if not stage.turned[column]:
        return ""
    info = data.columns[column]
    return f"{units_text(running_total(data, stage, column))} {info.verb}".rstrip()


__all__ = ["BLANK_MS", "Beat", "MOVE_MS", "RESULT_MS", "SETTLE_MS", "START_MS", "Stage",
           "TURN_MS",
           "final_stage", "head_units", "length_ms", "running_total", "scene", "start_stage"]
