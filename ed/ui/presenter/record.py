"""The record of play (``ed.saves.record``) as the statistics window shows it: a row a person."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from ...saves.record import MIXED, PEOPLE_ONLY, Stats
from ...words import money


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
    return money(amount)


def rate(games: int, wins: int) -> str:
    """The share of ``games`` won, in whole percent ("—" before any game)."""
    return f"{round(100 * wins / games)}%" if games else "\u2014"
