"""Saved games: one JSON document, written atomically, loaded by replaying it.

A save holds the rules, the seats, the seed and every entry ever resolved,
plus the current phase's unrevealed entries.  Loading checks the document's
shape, then replays the entries through the engine, so a save edited into an
illegal game is refused like any illegal entry.  No pickle, no eval: a save
file is data, never code.

The only module of ``ed`` outside ``ed.ui`` that touches files; its callers
decide where.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from typing import Any, Dict, List

from .engine import Game, Seat
from .report import OVER
from .rules import MAX_NAME_LENGTH, MAX_PLAYERS, Rules, RuleError, month_label

FORMAT = "executive-decision-save"
VERSION = 1
#: A save of the longest game is about 60 kB; anything near this is not ours.
MAX_BYTES = 1_000_000
_RULE_FIELDS = ("players", "months", "loans", "partial_fills", "partial_sales", "classic_recipes")
_SEED_LIMIT = 2 ** 63


class SaveError(ValueError):
    """A save that cannot be written or read; the message is one plain sentence."""


# ---------------------------------------------------------------- writing

def to_dict(game: Game) -> Dict[str, Any]:
    """The game as a JSON-ready document."""
    pending = game.pending_entries()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "seats": [{"name": name, "kind": seat.kind, "level": seat.level,
                   "personality": seat.personality}
                  for name, seat in zip(game.names, game.seats)],
        "seed": game.seed,
        "log": [[_entry_json(e) for e in phase] for phase in game.log()],
        "pending": [None if seat not in pending else _entry_json(pending[seat])
                    for seat in range(game.players)],
    }


def _entry_json(entry: Dict[str, Any]) -> Dict[str, List[int]]:
    return {key: [pair[0], pair[1]] for key, pair in entry.items()}


def dumps(game: Game) -> str:
    """The save document as a string."""
    return json.dumps(to_dict(game), ensure_ascii=False, separators=(",", ":"))


def save(game: Game, path: "os.PathLike[str] | str") -> None:
    """Write the game to ``path`` atomically, keeping the previous file as ``path + ".bak"``.

    A failure at any step leaves the previous save as it was.  Raises
    ``SaveError`` with a plain sentence when the file cannot be written.
    """
    path = os.fspath(path)
    try:
        write_atomic(path, dumps(game).encode("utf-8"), backup=True)
    except OSError as error:
        raise SaveError(f"The game could not be saved to {path}: "
                        f"{error.strerror or error}.") from error


def write_atomic(path: "os.PathLike[str] | str", data: bytes, *, backup: bool = False) -> None:
    """Replace ``path`` with ``data`` all at once, never leaving half a file.

    The bytes go to a temporary file in the same folder, are flushed and
    synced to disk, and only then replace ``path`` (with ``backup``, the
    previous file is first copied to ``path + ".bak"``).  Raises ``OSError``;
    ``path`` is then as it was and no temporary file is left behind.
    """
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".ed-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and os.path.exists(path):
            _keep_backup(path, folder)
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise
    _sync_folder(folder)


def _keep_backup(path: str, folder: str) -> None:
    """Copy the current file to ``path + ".bak"``, itself atomically."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".ed-bak-", suffix=".tmp")
    os.close(fd)
    try:
        shutil.copyfile(path, tmp)
        os.replace(tmp, path + ".bak")
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: str) -> None:
    """Remove a temporary file left by a failed write, if it is still there."""
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------------------- reading

def load(path: "os.PathLike[str] | str") -> Game:
    """Read a saved game.  Raises ``SaveError`` with one plain sentence when it cannot."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise SaveError(f"The file {path} could not be opened: {error.strerror or error}.") from error
    if len(data) > MAX_BYTES:
        raise SaveError(f"The file {path} is too large to be a saved game.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"The file {path} is not a saved game of Executive Decision "
                        f"(it is not text).") from None
    return loads(text)


def loads(text: str) -> Game:
    """Rebuild a game from a save document.  Raises ``SaveError`` when it cannot."""
    if not isinstance(text, str):
        raise SaveError("A saved game is text, and this is not.")
    if len(text) > MAX_BYTES:
        raise SaveError("This file is too large to be a saved game.")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("This file is not a saved game of Executive Decision "
                        "(it is damaged or of another kind).") from None
    return from_dict(doc)


def from_dict(doc: Any) -> Game:
    """Rebuild a game from a parsed save document, replaying every entry."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError("This file is not a saved game of Executive Decision.")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("This saved game has no valid format version.")
    if version > VERSION:
        raise SaveError(f"This game was saved by a newer version of Executive Decision "
                        f"(save format {version}); update the app to open it.")
    rules = _rules(doc.get("rules"))
    names, seats = _seats(doc.get("seats"), rules)
    seed = doc.get("seed")
    if seed is not None and (type(seed) is not int or not -_SEED_LIMIT < seed < _SEED_LIMIT):
        raise SaveError("The saved game's seed is not a whole number.")
    log = _list(doc.get("log"), "log", 2 * rules.months)
    pending = _list(doc.get("pending"), "pending", rules.players)
    try:
        game = Game(rules, names, seed, seats=seats)
    except RuleError as error:
        raise SaveError(f"The saved game's seats are not valid: {error}") from None
    for phase_entries in log:
        phase_entries = _list(phase_entries, "log", rules.players)
        if len(phase_entries) != rules.players:
            raise SaveError("The saved game's log does not have one entry per seat.")
        where = f"{game.phase} phase of {month_label(game.month)}"
        for seat, entry in enumerate(phase_entries):
            _submit(game, seat, entry, where)
        game.resolve()
    if pending and len(pending) != rules.players:
        raise SaveError("The saved game's pending entries do not have one place per seat.")
    for seat, entry in enumerate(pending):
        if entry is not None:
            if game.phase == OVER:
                raise SaveError("The saved game is over but still holds entries.")
            _submit(game, seat, entry, f"{game.phase} phase of {month_label(game.month)}")
    return game


def _submit(game: Game, seat: int, entry: Any, where: str) -> None:
    if not isinstance(entry, dict):
        raise SaveError(f"The saved game holds a damaged entry in the {where}.")
    try:
        game.submit(seat, entry)
    except RuleError as error:
        raise SaveError(f"The saved game holds an entry the rules do not allow in the "
                        f"{where}: {error}") from None


def _list(value: Any, what: str, most: int) -> List[Any]:
    if not isinstance(value, list):
        raise SaveError(f"The saved game's {what} is missing or damaged.")
    if len(value) > most:
        raise SaveError(f"The saved game's {what} is longer than the rules allow.")
    return value


def _rules(value: Any) -> Rules:
    if not isinstance(value, dict) or set(value) != set(_RULE_FIELDS):
        raise SaveError("The saved game's rules are missing or damaged.")
    try:
        return Rules(**value)
    except RuleError as error:
        raise SaveError(f"The saved game's rules are not valid: {error}") from None


def _seats(value: Any, rules: Rules) -> "tuple[list[str], list[Seat]]":
    if not isinstance(value, list) or not value:
        raise SaveError("The saved game's seats are missing or damaged.")
    if len(value) > MAX_PLAYERS or len(value) != rules.players:
        raise SaveError(f"The saved game should have {rules.players} seats, "
                        f"not {min(len(value), 99)}.")
    names, seats = [], []
    for item in value:
        if not isinstance(item, dict):
            raise SaveError("The saved game's seats are missing or damaged.")
        name = item.get("name")
        if type(name) is not str or not name.strip() or len(name) > MAX_NAME_LENGTH:
            raise SaveError(f"Each seat's name must be 1 to {MAX_NAME_LENGTH} characters.")
        try:
            seat = Seat(kind=item.get("kind", "human"), level=item.get("level"),
                        personality=item.get("personality"))
        except RuleError as error:
            raise SaveError(f"The saved game's seats are not valid: {error}") from None
        names.append(name)
        seats.append(seat)
    return names, seats


def describe(game: Game) -> str:
    """One line naming a saved game, for a 'resume?' question or a file list."""
    who = ", ".join(game.names)
    if game.phase == OVER:
        return f"{who}: finished after {game.rules.months} months"
    return f"{who}: {month_label(game.month)} ({game.phase}), month {game.month} of {game.rules.months}"

