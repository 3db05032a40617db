"""The saves folder: every game in a file of its own, listed newest first.  No tkinter.

``<data folder>/saves/`` holds one save per game, finished or not, named by
when it began and who plays, e.g. ``2026-11-23_1055_Ann-Mabel-Rex.json`` (a
second game of the same minute gets ``_2``).  Each save is the JSON document
of ``ed.save`` (its previous version beside it as ``.bak``), and a game open
in a window is locked (``ed.saves.locks``: ``<save>.lock`` holding the process
id), so another window never writes to it.

- ``SaveStore(folder).listing()``: every save, newest first, as ``SaveInfo``
  (date, players, month and phase, finished or not, open in another window);
  a ``*.json`` file that is no save to replay (empty, not text, too large,
  not a regular file, damaged, breaking the rules) is listed as one that
  cannot be read, with the reason.  ``scan()`` does the same a slice at a
  time (``Scan.step``), so a window never waits long on a large folder, and
  ``saves-index.json`` in the data folder remembers what each file held (by
  name, size, modification time and inode), so only new or changed saves
  are read again.  The index belongs to one version of the program and of
  the save format: another version reads every save afresh (a save "from a
  newer version" may be readable after an upgrade).  A file that failed to
  be read for an unexpected reason (a fault of the program, logged in
  ``errors.log``) is never remembered, so one bad read never hides a save.
- ``resolve(path)`` follows a path the user gave once, safely (a link loop
  is a sentence, never an exception); ``own_save(path)`` tells a game of this
  folder (its own ``.json``, not a link, not a ``.bak``) from an outside
  file; ``save_as_problem(path)`` why Save As… must not write there (the data
  folder, a save another window has open, the name of a lock, a backup or a
  temporary file, a folder, a FIFO, a device).
- ``new_slot(game)`` reserves a new file for a new game; ``open_slot(path)``
  locks an existing one (``Locked`` if another window has it; ``force``
  clears the lock and takes it all the same).
- ``write(game, slot)`` saves, making the folder again if it went away;
  ``SaveFault`` says where and why it could not (disk full, read-only folder).
- ``migrate()`` moves the single ``autosave.json`` and ``previous-game.json``
  of earlier versions into the folder.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import format as _save
from ..report import OVER, PURCHASING, SELLING
from ..rules import (MAX_MONTHS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_MONTHS, MIN_PLAYERS,
                     month_label)
from . import locks, paths
from .locks import GameLock, Locked  # noqa: F401  (re-exported for the window)

SAVES_FOLDER = "saves"
SUFFIX = ".json"
#: the saves of earlier versions, in the data folder itself
OLD_SAVES = ("autosave.json", "previous-game.json")
_NAME_PART = 12
_PLAYERS_PART = 48
#: what the listing remembers of each save, in the data folder
INDEX_NAME = "saves-index.json"
INDEX_VERSION = 1
#: a verdict that must not be remembered: an unexpected fault, not what the file holds
_NOT_REMEMBERED = "not_remembered"
#: an index of many thousand saves stays well below this
INDEX_LIMIT = 16_000_000


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
    #: the same in a few words for the list ("empty file"), when there is a problem
    reason: str = ""
    #: the process id of the window playing it now (0: unknown), ``None`` when free
    open_elsewhere: Optional[int] = None

    @property
    def finished(self) -> bool:
        return self.phase == OVER

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
            return self.reason or "cannot be read"
        if self.finished:
            return f"finished after {self.months} months"
        return f"{month_label(self.month)}, {self.phase} — month {self.month} of {self.months}"

    def describe(self) -> str:
        """One line: date, players, month, and whether another window has it."""
        stage = f"cannot be read ({self.stage})" if self.problem else self.stage
        line = f"{self.when} · {self.players} · {stage}"
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
        return self.scan().finish()

    def scan(self) -> "Scan":
        """A reading of the folder to do a slice at a time (see ``Scan``)."""
        return Scan(self)

    @property
    def index_path(self) -> Path:
        return self.folder / INDEX_NAME

    def unfinished(self) -> List[SaveInfo]:
        """The games that can be resumed, newest first (open elsewhere ones included)."""
        return [info for info in self.listing() if not info.finished and not info.problem]

    def contains(self, path: "os.PathLike[str] | str") -> bool:
        """Whether ``path`` is in this saves folder (its links followed)."""
        try:
            return resolve(path).parent == resolve(self.saves)
        except _save.SaveError:
            return False

    def own_save(self, path: "os.PathLike[str] | str") -> bool:
        """Whether ``path`` is a game's own save here: a ``.json`` of the saves folder that
        is not itself a link.  Anything else (a ``.bak``, a link, a file from elsewhere)
        is an outside file: its game goes on in a save of its own."""
        name = os.path.basename(os.fspath(path))
        if not name.endswith(SUFFIX) or name.startswith(".") or not self.contains(path):
            return False
        try:
            return not stat.S_ISLNK(os.lstat(path).st_mode)
        except (OSError, ValueError):
            return False

    def save_as_problem(self, path: "os.PathLike[str] | str") -> Optional[str]:
        """Why Save As… must not write ``path``, or ``None`` when it may (``ed.saves.export``).

        Never in the data folder (every game there has its own save, and the
        settings are not to be written over), never over a save another
        window has open, and only as a new file or over a regular one.
        """
        from .export import SAVE, ExportError, check, data_folders
        try:
            check(path, folders=data_folders(self.folder), kind=SAVE)
        except ExportError as error:
            return str(error)
        return None

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

    def open_slot(self, path: "os.PathLike[str] | str", *, force: bool = False) -> Slot:
        """Lock the save ``path`` for this window.

        Raises ``Locked`` when another window has it (unless ``force``: the
        lock is then cleared and taken).  When no lock can be made (a
        read-only folder) the slot has none, and saving will say why.
        """
        path = Path(path)
        try:
            return Slot(path, locks.acquire(path, force=force))
        except OSError:
            return Slot(path, None)

    # -------------------------------------------------------------- write

    def write(self, game: Any, slot: Slot, *, draft: Optional[_save.Draft] = None,
              explanations: Optional[_save.Explanations] = None) -> None:
        """Save ``game`` (and ``draft``, an entry typed but not submitted, and the computer
        players' ``explanations``) in ``slot``, making the folder again if it was removed.

        Raises ``SaveFault``: the previous save is then as it was.  A slot
        whose lock another window has taken meanwhile is not written.
        """
        self._make_folder()
        if slot.lock is not None and not slot.lock.ensure():
            if locks.holder(slot.path) is not None:
                raise SaveFault(slot.path, "it is open in another window now")
        try:
            _save.save(game, slot.path, draft=draft, explanations=explanations,
                       earlier_backups=True)     # earlier versions' backups here are ours
        except _save.SaveError as error:
            cause = error.__cause__
            raise SaveFault(slot.path.parent, _reason(cause) if isinstance(cause, OSError)
                            else str(error)) from None

    def _make_folder(self) -> None:
        try:
            paths.private_folder(self.saves)     # its names say who played, and when
        except OSError as error:
            # "file exists" for a pipe or a link loop in its place: say what is there
            raise SaveFault(self.saves, paths.not_a_folder(self.saves) or _reason(error)) \
                from None
        if not self.saves.is_dir():
            raise SaveFault(self.saves, paths.not_a_folder(self.saves) or "it is not a folder")

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


def resolve(path: "os.PathLike[str] | str") -> Path:
    """The real path of ``path``, its links followed once, safely.

    Raises ``SaveError`` with one sentence for a name that names no file at
    all (empty, holding a NUL, a link that leads round in a loop); a file
    that does not exist yet is fine (Save As… makes it).
    """
    text = os.fspath(path)
    if not text or "\x00" in text:
        raise _save.SaveError(f"{text!r} is not a file name.")
    try:
        real = os.path.realpath(text)
        os.stat(real)
    except (RuntimeError, ValueError):
        raise _save.SaveError(f"{text} cannot be followed to a file (a symbolic link that "
                              f"leads round in a loop, or a name the system refuses).") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _save.SaveError(f"{text} is a symbolic link that leads round in a loop, so it "
                                  f"names no file.") from None
        if error.errno == errno.ENAMETOOLONG:
            raise _save.SaveError(f"The name {text[:60]}… is too long for the file "
                                  f"system.") from None
    return Path(real)


class Scan:
    """One reading of the saves folder, a slice at a time.

    ``step(seconds)`` reads on until ``seconds`` have passed (``None``: to the
    end) and returns whether the reading is done; ``saves`` is then the
    listing, newest first.  A save listed before and unchanged since (same
    size, modification time and inode) is taken from the index; only new or
    changed files are read and replayed, and the index is written again when
    anything changed.  ``read`` counts the files read, ``seen`` and ``total``
    the progress.
    """

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.saves: List[SaveInfo] = []
        self.done = False
        self.read = 0
        self.seen = 0
        self.total = 0
        self._names: Optional[List[str]] = None
        self._folder = ""
        self._lock_names: set = set()
        self._index: Dict[str, list] = {}
        self._fresh: Dict[str, list] = {}

    def step(self, seconds: Optional[float] = None) -> bool:
        started = time.perf_counter()
        if self._names is None:
            self._begin()
        names = self._names or []
        while self.seen < len(names):
            self._one(names[self.seen])
            self.seen += 1
            if seconds is not None and time.perf_counter() - started >= seconds:
                break
        if self.seen >= len(names) and not self.done:
            self._end()
        return self.done

    def finish(self) -> List[SaveInfo]:
        """Read to the end; returns the listing."""
        self.step(None)
        return self.saves

    def _begin(self) -> None:
        try:
            with os.scandir(self.store.saves) as found:
                names = [entry.name for entry in found]
        except OSError:
            names = []
        self._folder = os.fspath(self.store.saves)
        self._lock_names = {name for name in names if name.endswith(locks.LOCK_SUFFIX)}
        self._names = sorted(n for n in names if n.endswith(SUFFIX) and not n.startswith("."))
        self.total = len(self._names)
        self._index = _read_index(self.store.index_path) if self._names else {}

    def _one(self, name: str) -> None:
        path = self.store.saves / name
        try:
            info = os.stat(os.path.join(self._folder, name))
        except OSError as error:     # a link that leads nowhere or round in a loop
            if error.errno not in _save.NAMES_NO_FILE:     # a fault of the moment
                _log_unread(paths.error_log_path(self.store.folder), name, error)
            facts = _problem(f"The file {name} could not be opened: "
                             f"{error.strerror or error}.", "cannot be opened")
            self._add(path, _modified(path), facts)
            return
        if stat.S_ISDIR(info.st_mode):
            return
        key = [info.st_size, info.st_mtime_ns, info.st_ino]
        known = self._index.get(name)
        if known is not None and known[:3] == key:
            facts = known[3]
        else:
            facts = _facts(path, info, log=paths.error_log_path(self.store.folder))
            self.read += 1
        # Remembered: a game, or what is wrong with the file.  A file of another kind
        # is read again each time (rare, and no index can then hide a save from the list).
        if facts is not None and not facts.get(_NOT_REMEMBERED):
            self._fresh[name] = key + [facts]
        if facts is not None:
            self._add(path, info.st_mtime, facts)

    def _add(self, path: Path, modified: float, facts: Dict[str, Any]) -> None:
        holder = None
        if _save.sibling_path(path.name, locks.LOCK_SUFFIX) in self._lock_names:
            holder = locks.holder(path)
        elif os.path.islink(path):     # a link: the game it leads to may be open elsewhere
            try:
                holder = locks.holder(resolve(path))
            except _save.SaveError:
                pass
        self.saves.append(SaveInfo(path, modified, tuple(facts.get("names", ())),
                                   facts.get("month", 0), facts.get("months", 0),
                                   facts.get("phase", ""), facts.get("problem"),
                                   facts.get("reason", ""), open_elsewhere=holder))

    def _end(self) -> None:
        self.saves.sort(key=lambda info: (info.modified, info.path.name), reverse=True)
        self.done = True
        if self._fresh != self._index and (self._fresh or self._index):
            _write_index(self.store.index_path, self._fresh)


def _modified(path: Path) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return 0.0


def _problem(sentence: str, reason: str) -> Dict[str, Any]:
    return {"problem": sentence, "reason": reason}


def _facts(path: Path, info: os.stat_result, *, log: Optional[Path] = None
           ) -> Optional[Dict[str, Any]]:
    """What the list shows of the file ``path``, read and replayed.

    ``None`` for a JSON document of another kind (settings, statistics): it
    is not a game at all.  Anything else that is no game to replay gets a
    problem: a sentence, and a few words for the list.  An unexpected error
    (a fault of the program, not of the file) is written to the log ``log``
    and marked not to be remembered.
    """
    name = path.name
    if not stat.S_ISREG(info.st_mode):
        return _problem(f"{name} is not a regular file (it is a pipe, socket or device).",
                        "not a regular file")
    if info.st_size > _save.MAX_BYTES:
        return _problem(f"The file {name} is too large to be a saved game.", "too large")
    try:
        data = _save.read_bytes(path)
    except _save.Unreadable as error:
        # What the operating system said of the moment (permission denied, an input/output
        # error), not what the file holds: logged, said, and never remembered.
        logged = log is not None and _log_unread(log, name, error.error)
        facts = _problem(f"The file {name} could not be read just now "
                         f"({_reason(error.error)}{', written to ' + log.name if logged else ''}"
                         f"); it is read again next time.", "could not be read")
        facts[_NOT_REMEMBERED] = True
        return facts
    except _save.SaveError as error:         # swapped since it was looked at: next time
        facts = _problem(str(error), "cannot be read")
        facts[_NOT_REMEMBERED] = True
        return facts
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _problem(f"The file {name} is not a saved game of Executive Decision (it is "
                        f"not text).", "not text")
    if not text.strip():
        return _problem(f"The file {name} is empty: it holds no game.", "empty file")
    try:
        doc = _save.parse_save(text)
    except _save.NewerVersion as error:
        return _problem(str(error), "saved by a newer version")
    except _save.SaveError as error:
        if _of_another_kind(text):
            return None
        return _problem(str(error), "damaged")
    if not isinstance(doc, dict) or doc.get("format") != _save.FORMAT:
        return None         # JSON of another kind (settings, statistics): no game at all
    try:
        game = _save.from_dict(doc)
    except _save.NewerVersion as error:
        return _problem(str(error), "saved by a newer version")
    except _save.SaveError as error:
        return _problem(str(error), "damaged")
    except Exception as error:  # a listing never fails for one odd file, nor hides it for good
        logged = log is not None and paths.log_error(log, type(error), error, error.__traceback__)
        facts = _problem(f"The file {name} could not be read just now (an unexpected error"
                         f"{f', written to {log.name}' if logged else ''}).", "could not be read")
        facts[_NOT_REMEMBERED] = True
        return facts
    return {"names": list(game.names), "month": game.month, "months": game.rules.months,
            "phase": game.phase, "problem": None, "reason": ""}


def _of_another_kind(text: str) -> bool:
    """Whether ``text``, which a save's strict reading refused, is JSON all the same, and
    not a save (no ``"format"`` of a save at its top): a file of another kind."""
    if not text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
        return False
    doc = _save.parse_lenient(text)
    if doc is None:
        return False
    return not isinstance(doc, dict) or doc.get("format") != _save.FORMAT


def _log_unread(log: Path, name: str, error: OSError) -> bool:
    """Write to the log that the save ``name`` could not be read and why; returns whether
    it could be written."""
    import datetime
    moment = datetime.datetime.now().isoformat(timespec="seconds")
    code = errno.errorcode.get(error.errno, str(error.errno)) if error.errno else "no code"
    return paths.log_text(log, f"--- {moment}\nThe save {name} could not be read just now: "
                               f"{error.strerror or error} ({code}).\n")


def _written_by() -> List[Any]:
    """The program's version and the newest save format it reads: what the index's
    verdicts hold for (another version may read a save this one cannot, or the reverse)."""
    from .. import __version__
    return [__version__, _save.VERSION]


def _read_index(path: Path) -> Dict[str, list]:
    """The index's entries that are well formed; anything else counts as not known.

    The index is only a memory of what the saves hold: one that cannot be read or
    holds what this program never writes (NaN, numbers of hundreds of digits,
    nesting ever deeper, names no game gives) is read as knowing nothing, and the
    saves are read again; it is written afresh at the end of the listing.
    """
    try:
        doc = paths.parse_json(paths.read_regular(path, INDEX_LIMIT), max_depth=None)
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(doc, dict) or doc.get("version") != INDEX_VERSION or \
            doc.get("written_by") != _written_by() or not isinstance(doc.get("files"), dict):
        return {}
    return {name: entry[:3] + [{key: entry[3][key] for key in _FACTS if key in entry[3]}]
            for name, entry in doc["files"].items() if _well_formed(entry)}


#: what the index holds of a save (``_facts``); anything else found there is left out
_FACTS = ("names", "month", "months", "phase", "problem", "reason")


#: the longest sentence and the longest few words the index may hold for a save
_SENTENCE, _WORDS = 1000, 40


def _well_formed(entry: Any) -> bool:
    """Whether ``entry`` is one ``Scan`` writes: the file's size, time and inode, and the
    facts of ``_facts`` (a game's players, month and phase; or a problem)."""
    if not (isinstance(entry, list) and len(entry) == 4
            and all(type(n) is int and n >= 0 for n in entry[:3])):
        return False
    facts = entry[3]
    if not isinstance(facts, dict):
        return False
    if facts.get("problem") is not None:
        return (_line(facts["problem"], _SENTENCE) and _line(facts.get("reason"), _WORDS)
                and not facts.get("names") and not facts.get(_NOT_REMEMBERED))
    names, month, months = facts.get("names"), facts.get("month"), facts.get("months")
    return (facts.get("reason", "") == "" and not facts.get(_NOT_REMEMBERED)
            and isinstance(names, list) and MIN_PLAYERS <= len(names) <= MAX_PLAYERS
            and all(_line(name, MAX_NAME_LENGTH) for name in names)
            and type(months) is int and MIN_MONTHS <= months <= MAX_MONTHS
            and type(month) is int and 1 <= month <= months
            and facts.get("phase") in (PURCHASING, SELLING, OVER))


def _line(text: Any, longest: int) -> bool:
    """Whether ``text`` is printable text on one line, 1 to ``longest`` characters."""
    return isinstance(text, str) and 0 < len(text) <= longest and text.isprintable()


def _write_index(path: Path, files: Dict[str, list]) -> None:
    """Write the index all at once (a new file renamed over the old one).

    Not synced to disk: it is only a memory of what the saves hold, and a
    damaged or missing one means reading them again.  A folder that cannot
    take it means the same.
    """
    data = json.dumps({"version": INDEX_VERSION, "written_by": _written_by(), "files": files},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".ed-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
