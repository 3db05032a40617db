"""Where the app keeps its files: the saves folder, settings, statistics and error logs.

Linux ``$XDG_DATA_HOME/executive-decision`` (or ``~/.local/share/...``, and so
when ``$XDG_DATA_HOME`` is not an absolute path, as the XDG specification
says), macOS ``~/Library/Application Support/Executive Decision``, Windows
``%APPDATA%\\Executive Decision``; ``$ED_DATA_DIR`` or ``--data-dir`` overrides
them all.  No tkinter here, so it is tested without a display.

What the app keeps is for its user alone, like the saves: a data folder it
makes is closed to others (0700), and so is the platform's own one when an
earlier version left it open; ``errors.log`` is 0600 (``private_folder``).

A folder that cannot be used gives way to a stand-in of the user's own in the
temporary folder (``usable_data_dir``, which never raises).  The files of the
data folder are read and added to only when they are regular files
(``read_regular``, ``append_text``), so a pipe or a device in their place
never makes the window wait; and the temporary files a crash left behind are
removed at start (``remove_stale_temporaries``).
"""
from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, List, Mapping, Optional, Tuple

CORRUPT_SUFFIX = ".corrupt"

APP_FOLDER = "Executive Decision"
XDG_FOLDER = "executive-decision"


def data_dir(override: Optional[str] = None, *, environ: Optional[Mapping[str, str]] = None,
             platform: Optional[str] = None) -> Path:
    """The data folder, created if needed.  ``override`` wins, then ``$ED_DATA_DIR``.

    Raises ``OSError`` when it cannot be made (say, ``$ED_DATA_DIR`` names a file).
    """
    folder = wanted_data_dir(override, environ=environ, platform=platform)
    private_folder(folder, tighten=False)
    if not folder.is_dir():
        raise NotADirectoryError(20, "it is a file, not a folder", str(folder))
    return folder


def wanted_data_dir(override: Optional[str] = None, *, environ: Optional[Mapping[str, str]] = None,
                    platform: Optional[str] = None) -> Path:
    """Where the data folder should be (nothing is created).

    Raises ``KeyError`` when it is under the home folder and no home folder
    can be found (``home_folder``).
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if override:
        return expand_home(override, environ=env, platform=plat)
    if env.get("ED_DATA_DIR"):
        return expand_home(env["ED_DATA_DIR"], environ=env, platform=plat)
    if plat.startswith("win"):
        base = env.get("APPDATA") or str(home_folder(env, plat) / "AppData" / "Roaming")
        return Path(base) / APP_FOLDER
    if plat == "darwin":
        return home_folder(env, plat) / "Library" / "Application Support" / APP_FOLDER
    xdg = env.get("XDG_DATA_HOME") or ""
    base = xdg if os.path.isabs(xdg) else str(home_folder(env, plat) / ".local" / "share")
    return Path(base) / XDG_FOLDER


def home_folder(environ: Optional[Mapping[str, str]] = None,
                platform: Optional[str] = None) -> Path:
    """The user's home folder: ``$HOME`` when it names a folder by its whole path, else
    (``$HOME`` unset, empty or relative: no home) the one the system's user list gives.

    An empty ``$HOME`` is no home, never the current folder.  Raises ``KeyError``
    when no home folder can be found.
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if plat.startswith("win"):
        found = env.get("USERPROFILE") or ""
        if not os.path.isabs(found):
            drive, rest = env.get("HOMEDRIVE") or "", env.get("HOMEPATH") or ""
            found = drive + rest if drive and rest else ""
    else:
        found = env.get("HOME") or ""
        if not os.path.isabs(found):
            found = _listed_home()
    if not found or not os.path.isabs(found):
        raise KeyError("no home folder can be found")
    return Path(found)


def _listed_home() -> str:
    """The home folder the system's user list gives this user, or ``""``."""
    try:
        import pwd
        return pwd.getpwuid(os.getuid()).pw_dir or ""
    except (ImportError, KeyError, OSError):
        return ""


def expand_home(text: str, *, environ: Optional[Mapping[str, str]] = None,
                platform: Optional[str] = None) -> Path:
    """``text`` as a path, a leading ``~`` (this user's home, ``home_folder``) or ``~name``
    (another user's) expanded.  Raises ``KeyError`` when that home cannot be found."""
    if text != "~" and not text.startswith(("~/", "~" + os.sep)):
        return Path(text).expanduser()      # ~name: from the system's list, never $HOME
    return home_folder(environ, platform) / text[2:]


def usable_data_dir(override: Optional[str] = None, *,
                    environ: Optional[Mapping[str, str]] = None) -> Tuple[Path, Optional[str]]:
    """The data folder and ``None``; or, when it cannot be made, a stand-in and a sentence.

    The stand-in is a folder of the temporary directory that only this user
    may enter (``private_fallback``), so games are still saved somewhere; the
    sentence says where they could not be kept, why, and where they are kept
    instead.  When no stand-in can be made either, the folder asked for comes
    back (saving there fails and says so each time) with a sentence saying
    that games are not kept at all.  Never raises.
    """
    try:
        wanted: Optional[Path] = wanted_data_dir(override, environ=environ)
    except (OSError, RuntimeError, KeyError, ValueError):   # no home folder can be found
        wanted, reason = None, "no home folder can be found for it"
    else:
        env = os.environ if environ is None else environ
        reason = _make_folder(wanted, tighten=not override and not env.get("ED_DATA_DIR"))
        if reason is None:
            return wanted, None
    env = os.environ if environ is None else environ
    where = wanted or override or env.get("ED_DATA_DIR") or "the data folder"
    fallback, why_not = private_fallback()
    if fallback is not None:
        return fallback, f"Games cannot be kept in {where} ({reason}), so they are kept in " \
                         f"{fallback} for now."
    return (wanted or Path(os.devnull) / XDG_FOLDER,
            f"Games cannot be kept in {where} ({reason}), nor in the temporary folder "
            f"({why_not}), so this game is not "
            f"saved as it goes: use Save As\u2026 to keep it, or start again with --data-dir "
            f"naming a folder you may write to.")


def _make_folder(folder: Path, *, tighten: bool = False) -> Optional[str]:
    """Make ``folder`` if need be (closed to others); ``None`` when it is a folder now, else
    why it cannot be.  With ``tighten`` a folder found open to others is closed too."""
    try:
        private_folder(folder, tighten=tighten)
        if os.path.isdir(folder):
            return None
    except (OSError, ValueError) as error:
        return not_a_folder(folder) or _reason(error)
    return not_a_folder(folder) or "it is not a folder"


def not_a_folder(folder: "os.PathLike[str] | str") -> Optional[str]:
    """Why what is at ``folder`` is no folder, for the middle of a sentence ("it is a
    file, not a folder"), or ``None`` when it is one or nothing is there (or it cannot be
    looked at: the error that came then says why)."""
    try:
        info = os.lstat(folder)
    except (OSError, ValueError):
        return None
    if stat.S_ISLNK(info.st_mode):
        try:
            info = os.stat(folder)
        except OSError as error:
            if error.errno == errno.ELOOP:
                return "it is a symbolic link that leads round in a loop"
            if error.errno in (errno.ENOENT, errno.ENOTDIR):
                return "it is a symbolic link to nothing"
            return None
        except ValueError:
            return None
    if stat.S_ISDIR(info.st_mode):
        return None
    if stat.S_ISREG(info.st_mode):
        return "it is a file, not a folder"
    return "it is a pipe, socket or device, not a folder"


#: the mode of a folder of the app's own: for its user alone
PRIVATE_FOLDER = 0o700
#: the mode of a file of the app's own (the saves are written so by ``tempfile``)
PRIVATE_FILE = 0o600


def private_folder(folder: Path, *, tighten: bool = True) -> None:
    """Make ``folder`` (and any missing parent) if need be, itself closed to others; with
    ``tighten``, close it to others when it was found open (it is the app's own).  Raises
    ``OSError`` when it cannot be made; a mode that cannot be changed is left as it is."""
    made = not os.path.lexists(folder)
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    if made or tighten:
        _close_to_others(folder, PRIVATE_FOLDER)


def _close_to_others(path: "os.PathLike[str] | str", mode: int, fd: Optional[int] = None) -> None:
    """Give ``path`` (or the open ``fd``) ``mode`` if it is open to others and this user's
    own (never a link's target, never another user's file)."""
    try:
        info = os.fstat(fd) if fd is not None else os.lstat(path)
        if stat.S_ISLNK(info.st_mode) or not info.st_mode & 0o077 or \
                (hasattr(os, "getuid") and info.st_uid != os.getuid()):
            return
        if fd is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:
            os.chmod(path, mode)
    except OSError:
        pass


def _reason(error: BaseException) -> str:
    """An error's reason in lower case, for the middle of a sentence."""
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[:1].lower() + text[1:]


def private_fallback() -> Tuple[Optional[Path], Optional[str]]:
    """A folder of the temporary directory for this user alone: ``(folder, None)`` or ``(None, why)``.

    ``executive-decision-<user id>`` is used when it is a real folder (not a
    link), owned by this user and closed to everyone else (mode 0700); it is
    made so if missing.  Anything else found under that name (another user's
    folder, a link someone planted, a folder open to others) is left alone,
    and a new folder is made with ``tempfile.mkdtemp`` instead.  Never raises.
    """
    try:
        base = tempfile.gettempdir()
    except (OSError, ValueError) as error:      # no temporary folder can be written to
        return None, _reason(error)
    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = Path(base) / (XDG_FOLDER if uid is None else f"{XDG_FOLDER}-{uid}")
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        pass                                    # mkdtemp below says why, if it fails too
    if _is_private(folder, uid):
        return folder, None
    try:
        return Path(tempfile.mkdtemp(prefix=f"{XDG_FOLDER}-", dir=base)), None
    except (OSError, ValueError) as error:
        return None, _reason(error)


def _is_private(folder: Path, uid: Optional[int]) -> bool:
    """Whether ``folder`` is a real folder (not a link) that this user alone may use."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode):
        return False
    if uid is None:                     # Windows: the temporary folder is the user's own
        return True
    return info.st_uid == uid and stat.S_IMODE(info.st_mode) & 0o777 == 0o700


def settings_path(folder: Path) -> Path:
    return folder / "settings.json"


def stats_path(folder: Path) -> Path:
    return folder / "statistics.json"


def error_log_path(folder: Path) -> Path:
    return folder / "errors.log"


def set_aside(path: Path) -> Optional[Path]:
    """Rename a file that cannot be used to ``<name>.corrupt``, replacing an older one.

    The file is neither lost nor read again.  Returns the new path, or
    ``None`` when it could not be renamed.
    """
    aside = path.with_name(path.name + CORRUPT_SUFFIX)
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


class NotUsable(OSError):
    """A file of the data folder that is there but cannot be one of ours; ``why`` says why."""

    def __init__(self, path: "os.PathLike[str] | str", why: str) -> None:
        super().__init__(f"{os.fspath(path)}: {why}")
        self.why = why


def _check_regular(path: "os.PathLike[str] | str", info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise NotUsable(path, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise NotUsable(path, "it is not a regular file but a pipe, socket or device")
    if info.st_size > limit:
        raise NotUsable(path, "it is far too large")


#: the longest number the program's own small files hold (a count, a profit, a text size)
MAX_DIGITS = 20
#: deeper than any of the program's own small files nests (the record of play: 5)
MAX_DEPTH = 32


class Damaged(ValueError):
    """A file of the data folder that holds what the program never writes; its text says
    why, for the middle of a sentence ("it holds NaN, which is not a number")."""


def parse_json(data: "bytes | str", *, max_depth: Optional[int] = MAX_DEPTH) -> Any:
    """The JSON of one of the program's own small files (settings, the record of play, the
    saves' index), read strictly: raises ``Damaged`` saying why for what none of them
    holds: text that is not UTF-8 or not JSON, NaN or Infinity, a number of more than
    ``MAX_DIGITS`` digits (or too large for a number with a fraction), or nesting deeper
    than ``max_depth`` (``None``: as deep as the parser goes, for a caller that takes only
    the parts it knows).  A byte-order mark in front (some editors write one) is skipped."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise Damaged("it is not text") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = json.loads(text, parse_int=_short_int, parse_float=_short_float,
                           parse_constant=_no_constant)
    except Damaged:
        raise
    except RecursionError:
        raise Damaged("it is nested too deeply") from None
    except ValueError:
        raise Damaged("it is damaged") from None
    if max_depth is not None and _depth(value) > max_depth:
        raise Damaged("it is nested too deeply")
    return value


def _digits(text: str) -> int:
    return sum(char.isdigit() for char in text)


def _short_int(text: str) -> int:
    # JSON writes a whole number as its digits, perhaps after a minus sign
    if len(text) > MAX_DIGITS and len(text.lstrip("-")) > MAX_DIGITS:
        raise Damaged(f"it holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _short_float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise Damaged(f"it holds a number of {_digits(text)} digits")
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise Damaged(f"it holds {text}, a number too large")
    return number


def _no_constant(text: str) -> Any:
    raise Damaged(f"it holds {text}, which is not a number")


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (a plain number or text: 0)."""
    deepest, level = 0, [(value, 1)]
    while level:
        item, depth = level.pop()
        inner = item.values() if isinstance(item, dict) else item
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            level.extend([(each, depth + 1) for each in inner if isinstance(each, (dict, list))])
    return deepest


def shown(value: Any, room: int = 24) -> str:
    """``value`` as JSON writes it, for a sentence: cut to about ``room`` characters (a
    hostile file may hold a number of hundreds of digits or a text of a hundred thousand)
    and with any invisible character (a line break, a direction mark) spelled out."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    if len(text) > room:
        text = text[:room - 1] + "\u2026"
    return "".join(char if char.isprintable() else f"\\u{ord(char):04x}" for char in text)


_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_regular(path: "os.PathLike[str] | str", limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Nothing can make this wait: the file is opened without blocking (a pipe
    with no writer opens at once) and refused before a byte is read unless it
    is a regular file.  Raises ``FileNotFoundError`` when there is no file,
    ``NotUsable`` (saying why) for a folder, a pipe, a device, a symbolic link
    that leads round in a loop or a file larger than ``limit``, and ``OSError``
    when the system would not let it be read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    except OSError as error:
        if error.errno == errno.ELOOP:      # what is there, not how reading went
            raise NotUsable(path, "it is a symbolic link that leads round in a loop") from None
        raise
    try:
        _check_regular(path, os.fstat(fd), limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise NotUsable(path, "it is far too large")
    return b"".join(chunks)


def append_text(path: "os.PathLike[str] | str", text: str) -> None:
    """Add ``text`` (UTF-8) at the end of the regular file ``path``, made if missing, and
    kept for this user alone (it is a log of tracebacks, naming players and saves).

    Only a file of the program's own is added to: never a symbolic link's target
    (the name is opened without following a link), never a file of another user
    or one with other names (hard links), and never a pipe or a device, so
    nothing ever waits on it.  Raises ``NotUsable`` for anything else found at
    ``path``, and ``OSError`` when it cannot be written.
    """
    try:
        _check_own(path, os.lstat(path))
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NO_WAIT | _NO_FOLLOW
    try:
        fd = os.open(path, flags, PRIVATE_FILE)
    except OSError as error:                    # a link put there since it was looked at
        if _NO_FOLLOW and error.errno in (errno.ELOOP, errno.EMLINK):
            raise NotUsable(path, "it is a symbolic link") from None
        raise
    try:
        _check_own(path, os.fstat(fd))          # it may have been swapped meanwhile
        _close_to_others(path, PRIVATE_FILE, fd)
        data = memoryview(text.encode("utf-8"))
        while data:
            data = data[os.write(fd, data):]
    finally:
        os.close(fd)


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _check_own(path: "os.PathLike[str] | str", info: os.stat_result) -> None:
    """Raise ``NotUsable`` unless ``info`` (not following a link) is a regular file of this
    user with no other name."""
    if stat.S_ISLNK(info.st_mode):
        raise NotUsable(path, "it is a symbolic link")
    _check_regular(path, info, float("inf"))
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise NotUsable(path, "it belongs to another user")
    if info.st_nlink > 1:
        raise NotUsable(path, "it has other names (hard links)")


#: ``errors.log`` grows to about this size, then becomes ``errors.log.1`` and begins anew
LOG_LIMIT = 1_000_000


def log_error(path: "os.PathLike[str] | str", kind, error: BaseException, tb) -> bool:
    """Add ``error`` with its traceback and the time to the log at ``path``; returns whether
    it could be written.  A log that is not a regular file (a pipe, a device) is set aside,
    so nothing ever waits on it, and a new one begun."""
    import datetime
    import traceback
    return log_text(path, f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n"
                          + "".join(traceback.format_exception(kind, error, tb)))


def log_text(path: "os.PathLike[str] | str", text: str) -> bool:
    """Add ``text`` to the log at ``path`` (from any thread); returns whether it could be
    written.  A log that is not a regular file of this user's own (a link, a pipe, a
    file with another name) is set aside and a new one begun."""
    keep_small(path)
    for _ in range(2):
        try:
            append_text(path, text)
            return True
        except NotUsable:
            if set_aside(Path(path)) is None:
                return False
        except OSError:
            return False
    return False


def keep_small(path: "os.PathLike[str] | str", limit: int = LOG_LIMIT) -> None:
    """When the log at ``path`` has grown past ``limit`` bytes, it becomes ``path.1`` (an
    older one of that name replaced) and a new one begins.  Only a regular file is moved,
    and only over a regular file or nothing; anything else is left as it is."""
    path = Path(path)
    older = path.with_name(path.name + ".1")
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size <= limit:
            return
        if os.path.lexists(older) and not stat.S_ISREG(os.lstat(older).st_mode):
            return
        os.replace(path, older)
    except OSError:
        pass


#: the temporary files of ``ed.save.write_atomic``, which a crash can leave behind
TEMPORARY_PREFIX = ".ed-"
TEMPORARY_SUFFIX = ".tmp"
#: a temporary file this much older than its last write is no one's any more
STALE_AFTER_S = 60.0


def remove_stale_temporaries(folder: "os.PathLike[str] | str", *,
                             now: Optional[float] = None) -> List[Path]:
    """Remove the ``.ed-*.tmp`` files a crash left in ``folder``; returns those removed.

    Only regular files (never a link or a folder) last written more than
    ``STALE_AFTER_S`` ago, and not locked by a window writing them now, are
    removed.  Never raises: what cannot be looked at or removed is left.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(TEMPORARY_PREFIX) and entry.name.endswith(TEMPORARY_SUFFIX)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < STALE_AFTER_S:
                continue
            if _being_written(entry.path):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def _being_written(path: str) -> bool:
    """Whether a process holds the lock ``ed.save.write_atomic`` takes on a file it writes."""
    try:
        import fcntl
    except ImportError:         # Windows: a file open for writing cannot be removed anyway
        return False
    fd = os.open(path, os.O_RDONLY | _NO_WAIT | getattr(os, "O_NOFOLLOW", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False
