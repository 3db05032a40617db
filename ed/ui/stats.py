"""The record of play: finished games, wins and best profits, kept in the data folder.

Pure functions on a plain JSON-ready dict (no tkinter until a
``StatisticsWindow`` is built):

- ``empty_stats()``; ``record_game(stats, game) -> stats`` (a new dict; a
  game already recorded is not counted twice);
- ``load_stats(folder) -> (stats, message)``: a file that will not parse or
  has the wrong shape is renamed to ``statistics.json.corrupt`` and a fresh
  record is returned, with a sentence saying so (``message`` is ``None``
  when all went well);
- ``save_stats(folder, stats)``: atomic; raises ``OSError``;
- ``record_finished_game(folder, game) -> (stats, message)``: load, record, save;
- ``player_rows(stats)``: what the window shows, one ``PlayerRow`` per person.

Per human name the record keeps games, wins (first place, shared or not),
best and total profit, and games and wins by the level of the computer
opponents (``"easy"``, ``"medium"``, ``"hard"``, ``"mixed"`` or
``"people only"``) and by the number of players.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from .paths import NotUsable, read_regular, set_aside, stats_path
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
    from ed import save
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


def validate(stats: Any) -> Optional[str]:
    """Why ``stats`` is not a record this app can use, or ``None`` when it is."""
    if not isinstance(stats, dict) or stats.get("format") != FORMAT:
        return "it is not a record of play"
    if type(stats.get("version")) is not int or stats["version"] > VERSION:
        return "it was written by another version"
    if not _is_count(stats.get("games_played")):
        return "the number of games is not a count"
    recorded = stats.get("recorded")
    if not isinstance(recorded, list) or not all(isinstance(m, str) for m in recorded):
        return "the list of recorded games is damaged"
    players = stats.get("players")
    if not isinstance(players, dict):
        return "the list of players is damaged"
    for name, entry in players.items():
        if not isinstance(entry, dict) or not _check_tally(entry):
            return f"the record of {name!r} is damaged"
        best = entry.get("best_profit")
        if best is not None and type(best) is not int:
            return f"the best profit of {name!r} is not a number"
        if type(entry.get("total_profit")) is not int:
            return f"the total profit of {name!r} is not a number"
        for table in ("by_level", "by_players"):
            part = entry.get(table)
            if not isinstance(part, dict) or not all(_check_tally(t) for t in part.values()):
                return f"the record of {name!r} is damaged"
    return None


def load_stats(folder: "os.PathLike[str] | str") -> Tuple[Stats, Optional[str]]:
    """The record of play from the data folder; a fresh one if there is none or it is damaged.

    Returns ``(stats, message)``.  Never raises for a bad file: it is renamed
    to ``statistics.json.corrupt`` and ``message`` says so.
    """
    path = stats_path(Path(folder))
    why: Optional[str]
    try:
        stats = json.loads(read_regular(path, MAX_BYTES).decode("utf-8"))
        why = validate(stats)
    except FileNotFoundError:
        return empty_stats(), None
    except NotUsable as error:      # a folder, a pipe, a device or far too large: not ours
        why = error.why
    except OSError as error:
        return empty_stats(), (f"The record of play could not be read "
                               f"({error.strerror or error}); it starts afresh for now.")
    except (ValueError, RecursionError):
        why = "it is damaged"
    if why is None:
        return stats, None
    aside = set_aside(path)
    kept = f" The old file was kept as {aside.name}." if aside else ""
    return empty_stats(), f"The record of play could not be used ({why}), so it starts afresh.{kept}"


def save_stats(folder: "os.PathLike[str] | str", stats: Stats) -> None:
    """Write the record of play atomically.  Raises ``OSError`` on failure."""
    write_json_atomic(stats_path(Path(folder)), stats)


def record_finished_game(folder: "os.PathLike[str] | str", game: Any) -> Tuple[Stats, Optional[str]]:
    """Load the record, count ``game`` in, save it; returns ``(stats, message)``.

    Raises ``OSError`` when the record cannot be written.
    """
    stats, message = load_stats(folder)
    stats = record_game(stats, game)
    save_stats(folder, stats)
    return stats, message


# ----------------------------------------------------------------- for display

@dataclass(frozen=True)
class PlayerRow:
    """One person's record, ready to show; ``details`` are (label, games, wins)."""

    name: str
    games: int
    wins: int
    best_profit: Optional[int]
    average_profit: Optional[int]
    details: Tuple[Tuple[str, int, int], ...]


_LEVEL_ORDER = ("easy", "medium", "hard", MIXED, PEOPLE_ONLY)


def _level_label(level: str) -> str:
    if level == PEOPLE_ONLY:
        return "against people only"
    if level == MIXED:
        return "against mixed levels"
    return f"against {level} computer players"


def player_rows(stats: Stats) -> List[PlayerRow]:
    """Each person's record, most wins first, with breakdowns by level and player count."""
    rows = []
    for name, entry in stats["players"].items():
        details = []
        levels = sorted(entry["by_level"], key=lambda k: (
            _LEVEL_ORDER.index(k) if k in _LEVEL_ORDER else len(_LEVEL_ORDER), k))
        for level in levels:
            t = entry["by_level"][level]
            details.append((_level_label(level), t["games"], t["wins"]))
        for count in sorted(entry["by_players"], key=lambda k: (len(k), k)):
            t = entry["by_players"][count]
            details.append((f"{count}-player games", t["games"], t["wins"]))
        average = round(entry["total_profit"] / entry["games"]) if entry["games"] else None
        rows.append(PlayerRow(name, entry["games"], entry["wins"], entry["best_profit"],
                              average, tuple(details)))
    rows.sort(key=lambda r: (-r.wins, -r.games, r.name.casefold()))
    return rows


def money_or_dash(amount: Optional[int]) -> str:
    if amount is None:
        return "\u2014"
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _build_window():
    import tkinter as tk
    from tkinter import ttk

    class StatisticsWindow(tk.Toplevel):
        """The record of play in a table: one row per person, breakdowns beneath.

        ``StatisticsWindow(parent, stats)``; ``set_stats(stats)`` shows a new
        record.  Escape or Close shuts it.

            StatisticsWindow (tk.Toplevel)
            +-- summary (ttk.Label)    games played in all
            +-- tree (ttk.Treeview)    name / games / wins / best / average
            +-- button_close
        """

        COLUMNS = (("games", "Games", 70), ("wins", "Wins", 70), ("rate", "Won", 70),
                   ("best", "Best profit", 100), ("average", "Average profit", 110))

        def __init__(self, parent: tk.Misc, stats: Stats) -> None:
            super().__init__(parent)
            self.title("Record of play")
            frame = ttk.Frame(self, padding=10)
            frame.pack(fill="both", expand=True)
            self.summary = ttk.Label(frame, text="")
            self.summary.pack(anchor="w", pady=(0, 6))
            self.tree = ttk.Treeview(frame, columns=[c for c, _, _ in self.COLUMNS], height=10,
                                     selectmode="browse")
            self.tree.heading("#0", text="Player", anchor="w")
            self.tree.column("#0", width=230, minwidth=120, anchor="w")
            for key, text, width in self.COLUMNS:
                self.tree.heading(key, text=text, anchor="e")
                self.tree.column(key, width=width, minwidth=50, anchor="e", stretch=False)
            self.tree.pack(fill="both", expand=True)
            self.note = ttk.Label(frame, text="A win is a first place, shared or not. "
                                              "Profit is final cash minus starting cash.",
                                  foreground="#555555")
            self.note.pack(anchor="w", pady=(6, 0))
            self.button_close = ttk.Button(frame, text="Close", command=self.destroy)
            self.button_close.pack(anchor="e", pady=(8, 0))
            self.bind("<Escape>", lambda e: self.destroy())
            self.set_stats(stats)
            self.tree.focus_set()

        def set_stats(self, stats: Stats) -> None:
            """Show ``stats``."""
            played = stats.get("games_played", 0)
            if not played:
                self.summary.configure(text="No finished games yet. Finish a game and it "
                                            "will be counted here.")
            else:
                self.summary.configure(
                    text=f"Finished games: {played}" if played != 1 else "Finished games: 1")
            self.tree.delete(*self.tree.get_children())
            for row in player_rows(stats):
                iid = self.tree.insert("", "end", text=row.name, open=True, values=(
                    row.games, row.wins, _rate(row.games, row.wins),
                    money_or_dash(row.best_profit), money_or_dash(row.average_profit)))
                for label, games, wins in row.details:
                    self.tree.insert(iid, "end", text=label,
                                     values=(games, wins, _rate(games, wins), "", ""))
            from .ledger import fit_tree
            fit_tree(self.tree, "Statistics.Treeview")

    return StatisticsWindow


def _rate(games: int, wins: int) -> str:
    return f"{round(100 * wins / games)}%" if games else "\u2014"


def __getattr__(name: str):
    # Built on first use, so importing this module never imports tkinter.
    if name == "StatisticsWindow":
        cls = _build_window()
        globals()["StatisticsWindow"] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
