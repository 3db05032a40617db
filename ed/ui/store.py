"""The saves folder: every game in a file of its own, listed newest first.  No tkinter.

``<data folder>/saves/`` holds one save per game, finished or not, named by
when it began and who plays, e.g. ``2026-11-23_1055_Ann-Mabel-Rex.json`` (a
second game of the same minute gets ``_2``).  Each save is the JSON document
of ``ed.save`` (its previous version beside it as ``.bak``), and a game open
in a window is locked (``ed.ui.locks``: ``<save>.lock`` holding the process
id), so another window never writes to it.

- ``SaveStore(folder).listing()``: every save, newest first, as ``SaveInfo``
  (date, players, month and phase, finished or not, open in another window).
- ``new_slot(game)`` reserves a new file for a new game; ``open_slot(path)``
  locks an existing one (``Locked`` if another window has it).
- ``write(game, slot)`` saves, making the folder again if it went away;
  ``SaveFault`` says where and why it could not (disk full, read-only folder).
- ``migrate()`` moves the single ``autosave.json`` and ``previous-game.json``
  of earlier versions into the folder.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, List, Optional, Sequence, Tuple

from .. import save as _save
from ..rules import month_label, name_problem
from . import locks, paths
from .locks import GameLock, Locked  # noqa: F401  (re-exported for the window)

SAVES_FOLDER = "saves"
SUFFIX = ".json"
#: the saves of earlier versions, in the data folder itself
OLD_SAVES = ("autosave.json", "previous-game.json")
_NAME_PART = 12
_PLAYERS_PART = 48


class SaveFault(_save.SaveError):
    """A save that could not be written: ``where`` (a folder or file) and ``reason``."""

    def __init__(self, where: Path, reason: str) -> None:
        self.where = Path(where)
        self.reason = reason
        super().__init__(f"The game could not be saved in {where} ({reason}).")


@dataclass
class Slot:
    """Where one game is saved, and the lock this window holds on it (``None``: none could be made)."""

    path: Path
    lock: Optional[GameLock] = None

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


@dataclass(frozen=True)
class SaveInfo:
    """One save of the folder as the Open list shows it."""

    path: Path
    modified: float
    names: Tuple[str, ...] = ()
    month: int = 0
    months: int = 0
    phase: str = ""
    #: why the file could not be read, or ``None``
    problem: Optional[str] = None
    #: the process id of the window playing it now (0: unknown), ``None`` when free
    open_elsewhere: Optional[int] = None

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def when(self) -> str:
        """The last save's date and time, e.g. ``23 Nov 2026, 10:55``."""
        moment = time.localtime(self.modified)
        return f"{moment.tm_mday} {time.strftime('%b %Y, %H:%M', moment)}"

    @property
    def players(self) -> str:
        return ", ".join(self.names) if self.names else self.path.name

    @property
    def stage(self) -> str:
        """``Mar, selling — month 3 of 12``, ``finished after 12 months`` or the problem."""
        if self.problem:
            return "cannot be read"
        if self.finished:
            return f"finished after {self.months} months"
        return f"{month_label(self.month)}, {self.phase} — month {self.month} of {self.months}"

    def describe(self) -> str:
        """One line: date, players, month, and whether another window has it."""
        line = f"{self.when} · {self.players} · {self.stage}"
        if self.open_elsewhere is not None:
            line += " · open in another window"
        return line


class SaveStore:
    """The saves folder under the data folder ``folder``."""

    def __init__(self, folder: "os.PathLike[str] | str") -> None:
        self.folder = Path(folder)
        self.saves = self.folder / SAVES_FOLDER

    # ------------------------------------------------------------ listing

    def listing(self) -> List[SaveInfo]:
        """Every save in the folder, the most recently played first."""
        try:
            entries = list(os.scandir(self.saves))
        except OSError:
            return []
        found = []
        for entry in entries:
            if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
                continue
            try:
                if not entry.is_file():
                    continue
                modified = entry.stat().st_mtime
            except OSError:
                continue
            path = Path(entry.path)
            info = _peek(path, modified, locks.holder(path))
            if info is not None:
                found.append(info)
        found.sort(key=lambda info: (info.modified, info.path.name), reverse=True)
        return found

    def unfinished(self) -> List[SaveInfo]:
        """The games that can be resumed, newest first (open elsewhere ones included)."""
        return [info for info in self.listing() if not info.finished and not info.problem]

    def contains(self, path: "os.PathLike[str] | str") -> bool:
        """Whether ``path`` is a save of this folder."""
        try:
            return Path(path).resolve().parent == self.saves.resolve()
        except OSError:
            return False

    # -------------------------------------------------------------- slots

    def new_slot(self, game: Any, *, now: Optional[float] = None) -> Slot:
        """A new, locked file name for ``game``; raises ``SaveFault`` when the folder is unusable."""
        self._make_folder()
        stem = save_stem(game.names, time.time() if now is None else now)
        for number in range(1, 1000):
            path = self.saves / (stem + ("" if number == 1 else f"_{number}") + SUFFIX)
            if path.exists():
                continue
            try:
                lock = locks.acquire(path)
            except Locked:
                continue       # another window is reserving this very name
            except OSError as error:
                raise SaveFault(self.saves, _reason(error)) from None
            if path.exists():  # saved by another window between the check and the lock
                lock.release()
                continue
            return Slot(path, lock)
        raise SaveFault(self.saves, "it holds too many games begun in the same minute")

    def open_slot(self, path: "os.PathLike[str] | str") -> Slot:
        """Lock the save ``path`` for this window.

        Raises ``Locked`` when another window has it.  When no lock can be
        made (a read-only folder) the slot has none, and saving will say why.
        """
        path = Path(path)
        try:
            return Slot(path, locks.acquire(path))
        except OSError:
            return Slot(path, None)

    # -------------------------------------------------------------- write

    def write(self, game: Any, slot: Slot, *,
              explanations: Optional[_save.Explanations] = None) -> None:
        """Save ``game`` (and the computer players' ``explanations``) in ``slot``, making the
        folder again if it was removed.

        Raises ``SaveFault``: the previous save is then as it was.  A slot
        whose lock another window has taken meanwhile is not written.
        """
        self._make_folder()
        if slot.lock is not None and not slot.lock.ensure():
            if locks.holder(slot.path) is not None:
                raise SaveFault(slot.path, "it is open in another window now")
        try:
            _save.save(game, slot.path, explanations=explanations)
        except _save.SaveError as error:
            cause = error.__cause__
            raise SaveFault(slot.path.parent, _reason(cause) if isinstance(cause, OSError)
                            else str(error)) from None

    def _make_folder(self) -> None:
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveFault(self.saves, _reason(error)) from None
        if not self.saves.is_dir():
            raise SaveFault(self.saves, "it is a file, not a folder")

    # ---------------------------------------------------------- migration

    def migrate(self) -> List[str]:
        """Move the saves of earlier versions into the folder; returns sentences about problems.

        A damaged one is set aside as ``.corrupt`` (as it always was), one
        locked by a window still running is left alone.
        """
        problems = []
        for name in OLD_SAVES:
            old = self.folder / name
            if not old.is_file():
                continue
            try:
                modified = old.stat().st_mtime
                game = _save.load(old)
            except _save.SaveError as error:
                aside = paths.set_aside(old)
                kept = f"was set aside as {aside.name}" if aside else "was left where it is"
                problems.append(f"The earlier saved game {name} could not be read and {kept}. "
                                f"({error})")
                continue
            except OSError:
                continue
            try:
                self._make_folder()
                target = self._free_name(save_stem(game.names, modified))
                os.rename(old, target)
            except (OSError, SaveFault):
                continue       # moved by another window starting now, or not movable: next time
            backup = old.with_name(old.name + ".bak")
            try:
                if backup.is_file():
                    os.rename(backup, target.with_name(target.name + ".bak"))
            except OSError:
                pass
        return problems

    def _free_name(self, stem: str) -> Path:
        for number in range(1, 1000):
            path = self.saves / (stem + ("" if number == 1 else f"_{number}") + SUFFIX)
            if not path.exists() and not locks.lock_path(path).exists():
                return path
        raise SaveFault(self.saves, "it holds too many games begun in the same minute")


def save_stem(names: Sequence[str], when: float) -> str:
    """``2026-11-23_1055_Ann-Mabel-Rex``: sorts by date, tells whose game it is."""
    parts = []
    for name in names:
        kept = re.sub(r"[^\w]+", "", name.replace(" ", ""), flags=re.UNICODE)[:_NAME_PART]
        parts.append(kept or "Player")
    players = "-".join(parts)[:_PLAYERS_PART].strip("-")
    return f"{time.strftime('%Y-%m-%d_%H%M', time.localtime(when))}_{players}"


def _reason(error: Optional[BaseException]) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error) or "it could not be written"


def _peek(path: Path, modified: float, holder: Optional[int]) -> Optional[SaveInfo]:
    """What the Open list shows of ``path``, read without replaying the game.

    ``None`` for a JSON file of another kind (settings, statistics): it is not
    a game at all.  A damaged save is listed with its ``problem``.
    """
    try:
        text = _save.read_text(path)
    except _save.SaveError:
        text = ""
    if f'"{_save.FORMAT}"' not in text[:200]:
        return None    # the format is the document's first key: a file of another kind
    try:
        doc = _save.parse_json(text)
        if not isinstance(doc, dict) or doc.get("format") != _save.FORMAT:
            raise ValueError
        rules, seats, log = doc["rules"], doc["seats"], doc["log"]
        months, names = rules["months"], tuple(seat["name"] for seat in seats)
        if type(months) is not int or not isinstance(log, list) or any(name_problem(n) for n in names):
            raise ValueError
    except (_save.SaveError, ValueError, KeyError, TypeError):
        return SaveInfo(path, modified, problem="This file is not a saved game that can be read.",
                        open_elsewhere=holder)
    phases = len(log)
    if phases >= 2 * months:
        return SaveInfo(path, modified, names, months, months, "over", open_elsewhere=holder)
    return SaveInfo(path, modified, names, phases // 2 + 1, months,
                    "purchasing" if phases % 2 == 0 else "selling", open_elsewhere=holder)
