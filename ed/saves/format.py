"""Saved games: one JSON document, written atomically, loaded by replaying it.

A save holds the rules, the seats, the seed and every entry ever resolved,
plus the current phase's unrevealed entries.  Loading checks the document's
shape, then replays the entries through the engine, so a save edited into an
illegal game is refused like any illegal entry.  No pickle, no eval: a save
file is data, never code.

The current phase's unrevealed entries are needed to resume, so they are
kept, but not in plain sight: ``"pending"`` then holds the base64 of their
JSON (format version 2), so the next player does not read them at a glance in
a file viewer.  That is a courtesy, not security: anyone may decode them.  A
document with nothing pending is written in format 1, and plain pending lists
of version 1 saves load as always.

The computer players' explanations travel with the entries they explain
(``Explanations``): those of resolved phases plainly under
``"explanations"``, beside ``"log"``; those of the pending entries encoded
like them, under ``"pending_explanations"``.  Both are optional (older saves
have neither), and a damaged one is left out, never a reason to refuse a game.

Reading is defensive: only a regular file of at most ``MAX_BYTES`` is read
(never a folder, a FIFO or a device, which could block or never end), and the
JSON may not repeat a key, hold NaN or Infinity, numbers of more than
``MAX_DIGITS`` digits, or nest deeper than any save does.

Its callers decide where a save goes.  The module is longer than most: it is
the whole contract of a save file, each field of the document written and read
back with its checks, and its reading and writing speak a save's own words (a
backup kept only of a save, a file "too large to be a saved game"); the two
halves would each need the other.
"""
from __future__ import annotations

import base64
import binascii
import errno
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

from ..engine import Game, Seat
from ..report import OVER, PURCHASING, SELLING
from ..rules import MAX_PLAYERS, Rules, RuleError, month_label, name_problem

FORMAT = "executive-decision-save"
#: the newest format this module writes and reads: 2 encodes the pending entries
VERSION = 2
#: the format of a document whose pending entries are written plainly (none pending)
PLAIN_VERSION = 1
#: A save of the longest game is about 60 kB; anything near this is not ours.
MAX_BYTES = 1_000_000
#: The longest number a save holds is a seed below 2**63: 19 digits and a sign.
MAX_DIGITS = 20
_RULE_FIELDS = ("players", "months", "loans", "partial_fills", "partial_sales", "classic_recipes")
_SEED_LIMIT = 2 ** 63
#: the longest file name (in bytes) most file systems allow
NAME_MAX = 255
#: the longest text a draft's field keeps
DRAFT_TEXT = 20


class SaveError(ValueError):
    """A save that cannot be written or read; the message is one plain sentence."""


class NewerVersion(SaveError):
    """A save written by a newer version of the program, in a format this one cannot read."""


class Unreadable(SaveError):
    """A file the operating system would not let be read just now (``error``: its
    ``OSError``, permission denied or an input/output error): nothing is known of what
    it holds."""

    def __init__(self, message: str, error: OSError) -> None:
        super().__init__(message)
        self.error = error


@dataclass(frozen=True)
class Draft:
    """What one person had typed but not submitted when the game was saved.

    ``fields`` holds ``(commodity, units text, price text)`` as typed, which
    may not be a valid entry at all: a draft is put back in the fields on
    resume, never submitted.  ``month`` and ``phase`` say which sheet it
    belongs to.
    """

    seat: int
    month: int
    phase: str
    fields: Tuple[Tuple[str, str, str], ...]


def sibling_path(path: "os.PathLike[str] | str", suffix: str) -> str:
    """The file beside ``path`` named its name + ``suffix`` (``.bak``, ``.lock``).

    A name that would pass the file system's limit (``NAME_MAX`` bytes) is
    shortened, with a hash of the whole name, so it still names one file only.
    """
    path = os.fspath(path)
    folder, name = os.path.split(path)
    wanted = name + suffix
    if len(os.fsencode(wanted)) <= NAME_MAX:
        return os.path.join(folder, wanted)
    tag = "~" + hashlib.sha1(os.fsencode(name)).hexdigest()[:12]
    room = NAME_MAX - len(os.fsencode(tag + suffix))
    kept = name
    while len(os.fsencode(kept)) > room:
        kept = kept[:-1]
    return os.path.join(folder, kept + tag + suffix)


# ---------------------------------------------------------------- writing

def to_dict(game: Game, *, draft: Optional[Draft] = None,
            explanations: Optional["Explanations"] = None) -> Dict[str, Any]:
    """The game as a JSON-ready document (pending entries encoded when there are any).

    ``draft`` (what a person had typed, not submitted) is kept encoded like the
    pending entries, under ``"draft"``; ``explanations`` (the computer players'
    sentences) as ``explanation_fields`` says.
    """
    pending = game.pending_entries()
    plain = [None if seat not in pending else _entry_json(pending[seat])
             for seat in range(game.players)]
    doc = {
        "format": FORMAT,
        "version": VERSION if pending else PLAIN_VERSION,
        "rules": game.rules.to_dict(),
        "seats": [{"name": name, "kind": seat.kind, "level": seat.level,
                   "personality": seat.personality}
                  for name, seat in zip(game.names, game.seats)],
        "seed": game.seed,
        "log": [[_entry_json(e) for e in phase] for phase in game.log()],
        "pending": encode_pending(plain) if pending else plain,
    }
    if draft is not None:
        doc["draft"] = encode_pending([draft.seat, draft.month, draft.phase,
                                       [list(field) for field in draft.fields]])
    if explanations is not None:
        doc.update(explanation_fields(game, explanations))
    return doc


def encode_pending(entries: List[Any]) -> str:
    """The pending entries as base64 of their JSON: unreadable at a glance, not secret."""
    text = json.dumps(entries, separators=(",", ":"))
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def decode_pending(value: Any) -> Any:
    """The pending entries from a document: a plain list, or ``encode_pending``'s text.

    Raises ``SaveError`` when the text is not what ``encode_pending`` writes.
    """
    if not isinstance(value, str):
        return value
    damaged = SaveError("The saved game's pending entries are damaged.")
    if len(value) > MAX_BYTES:
        raise damaged
    try:
        text = base64.b64decode(value.encode("ascii"), validate=True).decode("utf-8")
    except (UnicodeError, binascii.Error, ValueError):
        raise damaged from None
    try:
        return parse_json(text)
    except SaveError:
        raise damaged from None


def _entry_json(entry: Dict[str, Any]) -> Dict[str, List[int]]:
    return {key: [pair[0], pair[1]] for key, pair in entry.items()}


def dumps(game: Game, *, draft: Optional[Draft] = None,
          explanations: Optional["Explanations"] = None) -> str:
    """The save document as a string."""
    return json.dumps(to_dict(game, draft=draft, explanations=explanations),
                      ensure_ascii=False, separators=(",", ":"))


def save(game: Game, path: "os.PathLike[str] | str", *, draft: Optional[Draft] = None,
         explanations: Optional["Explanations"] = None, earlier_backups: bool = False) -> None:
    """Write the game to ``path`` atomically, keeping the previous save as ``path + ".bak"``
    (only a save of this program is kept so, and only over a backup this program wrote:
    ``keep_backup``; ``earlier_backups`` as it says).

    A failure at any step leaves the previous save as it was.  Raises
    ``SaveError`` with a plain sentence when the file cannot be written.
    """
    path = os.fspath(path)
    try:
        data = dumps(game, draft=draft, explanations=explanations).encode("utf-8")
        write_atomic(path, data, backup=True, earlier_backups=earlier_backups)
    except OSError as error:
        raise SaveError(f"The game could not be saved to {path}: "
                        f"{error.strerror or error}.") from error


def write_atomic(path: "os.PathLike[str] | str", data: bytes, *, backup: bool = False,
                 earlier_backups: bool = False) -> None:
    """Replace ``path`` with ``data`` all at once, never leaving half a file.

    The bytes go to a temporary file in the same folder, are flushed and
    synced to disk, and only then replace ``path`` (with ``backup``, the
    previous file is first kept as ``path + ".bak"`` by ``keep_backup``, a
    name shortened by ``sibling_path`` if it would be too long).  Raises
    ``OSError``; ``path`` is then as it was and no temporary file is left behind.
    """
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".ed-", suffix=".tmp")
    try:
        try:
            _hold(fd)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if backup and os.path.exists(path):
            keep_backup(path, earlier_backups=earlier_backups)
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise
    _sync_folder(folder)


def write_text_atomic(path: "os.PathLike[str] | str", text: str, *,
                      encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` all at once (``write_atomic``), line ends as given.

    Raises ``OSError`` when the file cannot be written; ``path`` is then as it was.
    """
    write_atomic(path, text.encode(encoding))


def _hold(fd: int) -> None:
    """Lock a temporary file while it is written, where the platform can: a window
    removing what a crash left (``ed.saves.paths.remove_stale_temporaries``) passes it by."""
    try:
        import fcntl
    except ImportError:       # Windows: a file open for writing cannot be removed anyway
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pass                  # a lock is a courtesy; the write goes on without one


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte (``os.write`` may write fewer than asked); raises ``OSError``."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


#: the key a backup this program writes carries: the name of the save it is the backup of
BACKUP_KEY = "backup_of"


def keep_backup(path: "os.PathLike[str] | str", *, earlier_backups: bool = False
                ) -> Optional[str]:
    """Keep the save at ``path`` as ``path + ".bak"``, itself atomically; returns the
    backup's path, or ``None`` when none was kept.

    Only a save of this program is kept, and only over nothing or over a
    backup this program wrote of that very name: each backup is the save's
    document with ``"backup_of": <the save's name>`` after its format, so a
    file of the user's own by that name (even a copy of another game) is left
    as it is, and no backup is made.  With ``earlier_backups`` (the saves
    folder, whose backups earlier versions wrote without the mark) a backup
    without one is replaced too when it holds the same game.  A save that
    cannot be read as one is not kept.  Raises ``OSError``.
    """
    path = os.fspath(path)
    backup = sibling_path(path, ".bak")
    name = os.path.basename(path)
    if not is_save_file(path):
        return None
    doc = _document(path)
    if doc is None:
        return None
    if os.path.lexists(backup) and not _ours(backup, name, doc if earlier_backups else None):
        return None
    marked = {"format": doc["format"], BACKUP_KEY: name}
    marked.update((key, value) for key, value in doc.items() if key != BACKUP_KEY)
    data = json.dumps(marked, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".ed-bak-",
                               suffix=".tmp")
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, backup)
    except BaseException:
        _discard(tmp)
        raise
    return backup


def is_backup_of(backup: "os.PathLike[str] | str", name: str) -> bool:
    """Whether ``backup`` is a backup this program wrote of the save named ``name``."""
    return _ours(backup, name, None)


def _ours(backup: "os.PathLike[str] | str", name: str, same_game: Optional[Dict[str, Any]]
          ) -> bool:
    """Whether this program wrote ``backup`` for the save ``name``: marked so, or, given
    ``same_game`` (a save's document), unmarked and holding the same game as it."""
    if not is_save_file(backup):
        return False
    doc = _document(backup)
    if doc is None:
        return False
    if BACKUP_KEY in doc:
        return doc[BACKUP_KEY] == name
    return same_game is not None and all(doc.get(key) == same_game.get(key)
                                         for key in ("rules", "seats", "seed"))


def _document(path: "os.PathLike[str] | str") -> Optional[Dict[str, Any]]:
    """The save document at ``path`` (parsed, not replayed), or ``None``."""
    try:
        doc = parse_json(read_text(path))
    except SaveError:
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == FORMAT else None


#: how far into a file its format is looked for (it is a save's first key)
_HEAD_BYTES = 512


def is_save_file(path: "os.PathLike[str] | str") -> bool:
    """Whether ``path`` is a regular file (not a link) that begins as a save of this program.

    Only its first bytes are read, and only once it is known to be a regular file, so
    a pipe or a device in its place never makes this wait."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        with open(path, "rb") as handle:
            head = handle.read(_HEAD_BYTES)
    except OSError:
        return False
    return f'"{FORMAT}"'.encode("ascii") in head


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
    return loads(read_text(path))


def read_bytes(path: "os.PathLike[str] | str", *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refused if it is larger than ``limit``.

    Never blocks or reads without end: the file is opened without waiting
    (a FIFO opens at once, with no writer) and refused unless it is a regular
    file, and its size is checked before a byte is read.  Raises ``SaveError``.
    """
    path = os.fspath(path)
    try:
        before = os.stat(path)
    except OSError as error:
        raise _unopened(path, error) from None
    _check_regular(path, before, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise _unopened(path, error) from None
    try:
        _check_regular(path, os.fstat(fd), limit)   # it may have been swapped since os.stat
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise _unopened(path, error) from None
    finally:
        os.close(fd)
    if size > limit:
        raise SaveError(f"The file {path} is too large to be a saved game.")
    return b"".join(chunks)


def read_text(path: "os.PathLike[str] | str", *, limit: int = MAX_BYTES) -> str:
    """``read_bytes`` decoded from UTF-8; raises ``SaveError`` for anything that is not text."""
    data = read_bytes(path, limit=limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"The file {path} is not a saved game of Executive Decision "
                        f"(it is not text).") from None


def _check_regular(path: str, info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(f"{path} is a folder, not a saved game; choose a file inside it.")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"{path} is not a regular file (it is a pipe, socket or device), "
                        f"so it cannot be a saved game.")
    if info.st_size > limit:
        raise SaveError(f"The file {path} is too large to be a saved game.")


def _unopened(path: str, error: OSError) -> SaveError:
    """The error for a file that could not be opened or read: ``Unreadable`` (a fault of
    the moment) unless the name itself names no file (a link loop, a name too long)."""
    sentence = f"The file {path} could not be opened: {error.strerror or error}."
    if error.errno in NAMES_NO_FILE:
        return SaveError(sentence)
    return Unreadable(sentence, error)


#: errors that say what a name is (a link loop, a link to nothing), not how reading went
NAMES_NO_FILE = (errno.ELOOP, errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG)


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; becomes a ``SaveError``."""


def _no_duplicates(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {json.dumps(key)[:40]} appears twice in one place")
            seen.add(key)
    return doc


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"it holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _no_fraction(text: str) -> Any:
    raise _Refused("it holds a number with a fraction or an exponent")


def _no_constant(text: str) -> Any:
    raise _Refused(f"it holds {text}, which is not a number")


def parse_json(text: str) -> Any:
    """Parse a save's JSON strictly.  Raises ``SaveError`` for anything a save never holds.

    Refused: invalid JSON, a key twice in one object, NaN and Infinity,
    fractions, numbers of more than ``MAX_DIGITS`` digits (Python's own limit
    is thousands, and converting them takes time), and nesting too deep for
    the parser.  A byte-order mark in front (some editors write one) is skipped.
    """
    def refused(why: str) -> SaveError:
        return SaveError(f"This file is not a saved game of Executive Decision ({why}).")

    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_short_int,
                          parse_float=_no_fraction, parse_constant=_no_constant)
    except _Refused as why:
        raise refused(str(why)) from None
    except RecursionError:
        raise refused("it is nested too deeply") from None
    except ValueError:
        raise refused("it is damaged or of another kind") from None


def parse_save(text: str) -> Any:
    """``parse_json`` for a save: a document that JSON parses but this version refuses
    (a fraction, a number of more than ``MAX_DIGITS`` digits, NaN), written by a newer
    version of the program as its ``format`` and ``version`` say, raises ``NewerVersion``:
    that version may write what this one never does."""
    try:
        return parse_json(text)
    except SaveError as refused:
        newer = _newer_version(text)
        if newer is not None:
            raise newer from None
        raise refused from None


def _newer_version(text: str) -> Optional[NewerVersion]:
    """``NewerVersion`` when ``text``, read leniently, is a save of a newer format; else
    ``None``."""
    doc = parse_lenient(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return None
    version = doc.get("version")
    if type(version) is not int or version <= VERSION:
        return None
    return _newer(version)


def parse_lenient(text: str) -> Any:
    """``text`` as JSON with every number it holds left unread (``None``) but whole numbers
    of at most ``MAX_DIGITS`` digits, so that none costs time or memory; ``None`` too when
    it is no JSON at all.  For telling what a file is (a save of a newer version, JSON of
    another kind), never for reading a game."""
    def unread(number: str) -> None:
        return None

    def short(number: str) -> Optional[int]:
        return int(number) if len(number) <= MAX_DIGITS else None

    try:
        return json.loads(text[1:] if text.startswith("\ufeff") else text,
                          parse_int=short, parse_float=unread, parse_constant=unread)
    except (ValueError, RecursionError):
        return None


def _newer(version: int) -> NewerVersion:
    return NewerVersion(f"This game was saved by a newer version of Executive Decision "
                        f"(save format {version}); update the app to open it.")


def loads(text: str) -> Game:
    """Rebuild a game from a save document.  Raises ``SaveError`` when it cannot."""
    return loads_with_draft(text)[0]


def load_with_draft(path: "os.PathLike[str] | str") -> "tuple[Game, Optional[Draft]]":
    """``load``, and the entry a person had typed but not submitted (``None``: none)."""
    return loads_with_draft(read_text(os.fspath(path)))


def loads_with_draft(text: str) -> "tuple[Game, Optional[Draft]]":
    """``loads``, and the save's draft; a draft that does not fit the game is left out."""
    saved = loads_saved(text)
    return saved.game, saved.draft


def draft_of(doc: Any, game: Game) -> Optional[Draft]:
    """The draft a document holds for ``game`` as it stands, or ``None``.

    Never raises: a damaged draft, or one for another phase, a computer seat
    or a seat that has submitted, is simply not put back.
    """
    if not isinstance(doc, dict) or "draft" not in doc or game.is_over:
        return None
    try:
        seat, month, phase, fields = decode_pending(doc["draft"])
    except (SaveError, TypeError, ValueError):
        return None
    if type(seat) is not int or not 0 <= seat < game.players or \
            game.seats[seat].is_computer or game.submitted(seat) or \
            (month, phase) != (game.month, game.phase) or not isinstance(fields, list):
        return None
    keys = game.view(seat).keys
    kept = []
    for field in fields[:len(keys)]:
        if not (isinstance(field, list) and len(field) == 3 and field[0] in keys
                and all(isinstance(t, str) and len(t) <= DRAFT_TEXT and t.isprintable()
                        for t in field[1:])):
            return None
        kept.append((field[0], field[1], field[2]))
    return Draft(seat, month, phase, tuple(kept)) if kept else None


def from_dict(doc: Any) -> Game:
    """Rebuild a game from a parsed save document, replaying every entry."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError("This file is not a saved game of Executive Decision.")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("This saved game has no valid format version.")
    if version > VERSION:
        raise _newer(version)
    rules = _rules(doc.get("rules"))
    names, seats = _seats(doc.get("seats"), rules)
    seed = doc.get("seed")
    if seed is not None and (type(seed) is not int or not -_SEED_LIMIT < seed < _SEED_LIMIT):
        raise SaveError("The saved game's seed is not a whole number.")
    log = _list(doc.get("log"), "log", 2 * rules.months)
    pending = _list(decode_pending(doc.get("pending")), "pending", rules.players)
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
        problem = name_problem(name)
        if problem is not None:
            raise SaveError(f"The saved game's seats are not valid: {problem}")
        try:
            seat = Seat(kind=item.get("kind", "human"), level=item.get("level"),
                        personality=item.get("personality"))
        except RuleError as error:
            raise SaveError(f"The saved game's seats are not valid: {error}") from None
        names.append(name)
        seats.append(seat)
    return names, seats


# ------------------------------------------------- the computer players' sentences

#: The longest explanation kept; a computer player's sentence is a line, not a page.
EXPLANATION_TEXT = 500


@dataclass(frozen=True)
class Explanations:
    """The computer players' sentences saying why they entered what they did.

    ``revealed``: ``((month, phase, seat), sentence)`` for entries of resolved
    phases (public); ``pending``: ``(seat, sentence)`` for the current phase's
    entries, secret until the phase is revealed.
    """

    revealed: Tuple[Tuple[Tuple[int, str, int], str], ...] = ()
    pending: Tuple[Tuple[int, str], ...] = ()

    @classmethod
    def of(cls, revealed: Optional[Mapping[Tuple[int, str, int], str]] = None,
           pending: Optional[Mapping[int, str]] = None) -> "Explanations":
        """From the mappings the window keeps."""
        return cls(tuple(sorted((revealed or {}).items())), tuple(sorted((pending or {}).items())))

    def revealed_map(self) -> Dict[Tuple[int, str, int], str]:
        return dict(self.revealed)

    def pending_map(self) -> Dict[int, str]:
        return dict(self.pending)


def explanation_fields(game: Game, explanations: Explanations) -> Dict[str, Any]:
    """The document's fields for ``explanations`` (none when there is nothing to keep).

    ``"explanations"`` runs beside ``"log"``: for each resolved phase, a
    sentence or ``null`` per seat (``null`` for a phase without any).
    ``"pending_explanations"``, one per seat whose entry is pending, is
    encoded like ``"pending"`` (``encode_pending``).  Sentences are cut to
    ``EXPLANATION_TEXT`` characters.
    """
    fields: Dict[str, Any] = {}
    said = explanations.revealed_map()
    rows: List[Any] = []
    for index in range(len(game.log())):
        month, phase = index // 2 + 1, PURCHASING if index % 2 == 0 else SELLING
        row = [_cut(said.get((month, phase, seat))) for seat in range(game.players)]
        rows.append(row if any(row) else None)
    while rows and rows[-1] is None:
        rows.pop()
    if rows:
        fields["explanations"] = rows
    pending = game.pending_entries()
    secret = [_cut(text) if seat in pending else None
              for seat, text in ((s, explanations.pending_map().get(s))
                                 for s in range(game.players))]
    if any(secret):
        fields["pending_explanations"] = encode_pending(secret)
    return fields


def _cut(text: Optional[str]) -> Optional[str]:
    if not isinstance(text, str) or not text:
        return None
    return text[:EXPLANATION_TEXT]


def explanations_of(doc: Any, game: Game) -> Explanations:
    """The explanations a document holds for ``game`` (loaded from it).

    Never raises: the sentences only tell why, so a damaged field (wrong
    types, a sentence too long, not printable or on several lines, one for a
    person's seat or a phase not played) is left out, sentence by sentence,
    and the game loads as it would without it.
    """
    if not isinstance(doc, dict):
        return Explanations()
    revealed = {}
    rows = doc.get("explanations")
    if isinstance(rows, list):
        for index, row in enumerate(rows[:len(game.log())]):
            month, phase = index // 2 + 1, PURCHASING if index % 2 == 0 else SELLING
            for seat, text in _sentences(row, game):
                revealed[(month, phase, seat)] = text
    pending = {}
    if "pending_explanations" in doc and not game.is_over:
        try:
            row = decode_pending(doc["pending_explanations"])
        except SaveError:
            row = None
        pending = {seat: text for seat, text in _sentences(row, game) if game.submitted(seat)}
    return Explanations.of(revealed, pending)


def _sentences(row: Any, game: Game) -> List[Tuple[int, str]]:
    """The (seat, sentence) pairs of a row that a computer seat may have said."""
    if not isinstance(row, list):
        return []
    return [(seat, text) for seat, text in enumerate(row[:game.players])
            if isinstance(text, str) and 0 < len(text) <= EXPLANATION_TEXT
            and text.isprintable() and game.seats[seat].is_computer]


@dataclass(frozen=True)
class Saved:
    """Everything a save holds to go on with: the game, a person's draft, the explanations."""

    game: Game
    draft: Optional[Draft]
    explanations: Explanations


def load_saved(path: "os.PathLike[str] | str") -> Saved:
    """``load``, with the draft and the explanations.  Raises ``SaveError`` like ``load``."""
    return loads_saved(read_text(os.fspath(path)))


def loads_saved(text: str) -> Saved:
    """``loads``, with the draft and the explanations (damaged ones are left out)."""
    if not isinstance(text, str):
        raise SaveError("A saved game is text, and this is not.")
    if len(text) > MAX_BYTES:
        raise SaveError("This file is too large to be a saved game.")
    doc = parse_save(text)
    game = from_dict(doc)
    return Saved(game, draft_of(doc, game), explanations_of(doc, game))


def describe(game: Game) -> str:
    """One line naming a saved game, for a 'resume?' question or a file list."""
    who = ", ".join(game.names)
    if game.phase == OVER:
        return f"{who}: finished after {game.rules.months} months"
    return f"{who}: {month_label(game.month)} ({game.phase}), month {game.month} of {game.rules.months}"

