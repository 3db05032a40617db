"""The record of play: finished games, wins and best profits, kept in the data folder.

Pure functions on a plain JSON-ready dict (the window shows it with
``ed.ui.presenter.record`` and ``ed.ui.screens.stats``):

- ``empty_stats()``; ``record_game(stats, game) -> stats`` (a new dict; a
  game already recorded is not counted twice);
- ``load_stats(folder) -> (stats, message)``: a file that will not parse or
  has the wrong shape is renamed to ``statistics.json.corrupt`` and a fresh
  record is returned, with a sentence saying so (``message`` is ``None``
  when all went well);
- ``save_stats(folder, stats)``: atomic; raises ``OSError``;
- ``record_finished_game(folder, game) -> (stats, message)``: load, record, save.

Per human name the record keeps games, wins (first place, shared or not),
best and total profit, and games and wins by the level of the computer
opponents (``"easy"``, ``"medium"``, ``"hard"``, ``"mixed"`` or
``"people only"``) and by the number of players.
"""
from __future__ import annotations

import copy
import hashlib
import os
import re
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from ..rules import name_problem
from .paths import Damaged, NotUsable, parse_json, read_regular, set_aside, shown, stats_path
from .settings import write_json_atomic

FORMAT = "executive-decision-statistics"
VERSION = 1
MAX_BYTES = 2_000_000
#: How many finished games are remembered so that one is never counted twice.
REMEMBERED = 200
PEOPLE_ONLY = "people only"
MIXED = "mixed"

Stats = Dict[str, Any]


def empty_stats() -> Stats:
    """A record with no games in it."""
    return {"format": FORMAT, "version": VERSION, "games_played": 0, "recorded": [],
            "players": {}}


def _tally() -> Dict[str, int]:
    return {"games": 0, "wins": 0}


def _new_player() -> Dict[str, Any]:
    return {"games": 0, "wins": 0, "best_profit": None, "total_profit": 0,
            "by_level": {}, "by_players": {}}


def opponents_level(game: Any, seat: int) -> str:
    """The level of ``seat``'s computer opponents: one level, ``"mixed"`` or ``"people only"``."""
    levels = {s.level or "medium" for i, s in enumerate(game.seats)
              if i != seat and s.is_computer}
    if not levels:
        return PEOPLE_ONLY
    return levels.pop() if len(levels) == 1 else MIXED


def fingerprint(game: Any) -> str:
    """A short fingerprint of a finished game, to recognise it if recorded again."""
    from . import format as save
    return hashlib.sha1(save.dumps(game).encode("utf-8")).hexdigest()[:16]


def record_game(stats: Stats, game: Any) -> Stats:
    """A new record with ``game`` (finished) counted in.

    Raises ``ValueError`` when the game is not over.  A game recorded before
    (same fingerprint) leaves the record as it was.
    """
    if not game.is_over:
        raise ValueError("Only a finished game can be recorded.")
    stats = copy.deepcopy(stats)
    mark = fingerprint(game)
    if mark in stats["recorded"]:
        return stats
    stats["recorded"] = (stats["recorded"] + [mark])[-REMEMBERED:]
    stats["games_played"] += 1
    places = game.places()
    finals = game.final_cash()
    start = game.rules.starting_cash
    for seat, (name, who) in enumerate(zip(game.names, game.seats)):
        if who.is_computer:
            continue
        won = places[seat] == 1
        profit = finals[seat] - start
        entry = stats["players"].setdefault(name.strip(), _new_player())
        entry["games"] += 1
        entry["wins"] += int(won)
        entry["total_profit"] += profit
        if entry["best_profit"] is None or profit > entry["best_profit"]:
            entry["best_profit"] = profit
        for table, key in (("by_level", opponents_level(game, seat)),
                           ("by_players", str(game.players))):
            tally = entry[table].setdefault(key, _tally())
            tally["games"] += 1
            tally["wins"] += int(won)
    return stats


# ----------------------------------------------------------------- the file

def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _check_tally(tally: Any) -> bool:
    return (isinstance(tally, dict) and _is_count(tally.get("games"))
            and _is_count(tally.get("wins")) and tally["wins"] <= tally["games"])


#: a finished game's fingerprint (``fingerprint``), as the list of recorded games holds it
_FINGERPRINT = re.compile(r"[0-9a-f]{1,64}\Z")


def _short_key(key: str) -> bool:
    """A level of the record (``"easy"``, ``"mixed"``, ``"people only"``) or a number of
    players: a few printable characters."""
    return 0 < len(key) <= 20 and key.isprintable() and not name_problem(key)


def validate(stats: Any) -> Optional[str]:
    """Why ``stats`` is not a record this app can use, or ``None`` when it is."""
    if not isinstance(stats, dict) or stats.get("format") != FORMAT:
        return "it is not a record of play"
    if type(stats.get("version")) is not int or not 1 <= stats["version"] <= VERSION:
        return "it was written by another version"
    if not _is_count(stats.get("games_played")):
        return "the number of games is not a count"
    recorded = stats.get("recorded")
    if not isinstance(recorded, list) or not all(isinstance(m, str) and _FINGERPRINT.match(m)
                                                 for m in recorded):
        return "the list of recorded games is damaged"
    players = stats.get("players")
    if not isinstance(players, dict):
        return "the list of players is damaged"
    for name, entry in players.items():
        if name_problem(name):
            return f"a player's name, {shown(name)}, is not one a game gives"
        if not isinstance(entry, dict) or not _check_tally(entry):
            return f"the record of {shown(name)} is damaged"
        best = entry.get("best_profit")
        if best is not None and type(best) is not int:
            return f"the best profit of {shown(name)} is not a number"
        if type(entry.get("total_profit")) is not int:
            return f"the total profit of {shown(name)} is not a number"
        for table in ("by_level", "by_players"):
            part = entry.get(table)
            if not isinstance(part, dict) or not all(_check_tally(t) for t in part.values()) \
                    or not all(_short_key(key) for key in part):
                return f"the record of {shown(name)} is damaged"
    return None


def load_stats(folder: "os.PathLike[str] | str") -> Tuple[Stats, Optional[str]]:
    """The record of play from the data folder; a fresh one if there is none or it is damaged.

    Returns ``(stats, message)``.  Never raises for a bad file: it is renamed
    to ``statistics.json.corrupt`` and ``message`` says so.  A file the system
    would not let be read just now is left as it is (``message`` says so).
    """
    stats, message, _ = _load(folder)
    return stats, message


def _load(folder: "os.PathLike[str] | str") -> Tuple[Stats, Optional[str], Optional[OSError]]:
    """``load_stats``, and the error of a file the system would not let be read."""
    path = stats_path(Path(folder))
    why: Optional[str]
    try:
        stats = parse_json(read_regular(path, MAX_BYTES))
        why = validate(stats)
    except FileNotFoundError:
        return empty_stats(), None, None
    except NotUsable as error:      # a folder, a pipe, a device or far too large: not ours
        why = error.why
    except OSError as error:
        reason = error.strerror or str(error)
        return empty_stats(), (f"The record of play could not be read "
                               f"({reason[:1].lower() + reason[1:]}); it is left as it is, "
                               f"and shown empty for now."), error
    except Damaged as error:        # NaN, a number of hundreds of digits, nesting ever deeper
        why = str(error)
    except (ValueError, RecursionError):
        why = "it is damaged"
    if why is None:
        return stats, None, None
    aside = set_aside(path)
    kept = f" The old file was kept as {aside.name}." if aside else ""
    return (empty_stats(), f"The record of play could not be used ({why}), so it starts "
                           f"afresh.{kept}", None)


def save_stats(folder: "os.PathLike[str] | str", stats: Stats) -> None:
    """Write the record of play atomically.  Raises ``OSError`` on failure."""
    write_json_atomic(stats_path(Path(folder)), stats)


def record_finished_game(folder: "os.PathLike[str] | str", game: Any) -> Tuple[Stats, Optional[str]]:
    """Load the record, count ``game`` in, save it; returns ``(stats, message)``.

    Raises ``OSError`` when the record cannot be written, or could not be read
    just now (the system refused it): a record of one game is never written
    over the player's whole record.
    """
    stats, message, unread = _load(folder)
    if unread is not None:
        raise unread
    stats = record_game(stats, game)
    save_stats(folder, stats)
    return stats, message
