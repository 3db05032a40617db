"""The one writer of the files the program writes for a person.  No tkinter.

The tally sheet printed, the ledger's CSV, Save As… and the one-file copy
all go through here, so one set of rules keeps the program from writing over
anything that is not the person's to replace:

- ``check(path, folders=..., kind=...)`` says where the bytes would go and
  what is there now (a ``Target``), or refuses with one sentence
  (``ExportError``): anything in a data folder (``folders``, or a folder that
  holds a ``saves`` folder and the files of one; reached however: through a
  link, a linked folder, ``..``, another case of the name where the file
  system ignores case, or a hard link of one of its files), a name the
  program gives its own files (a lock, a backup, a temporary file, one set
  aside), a saved game (Save As…, ``kind=SAVE``, may replace one that no
  window has open), a game another window has open, a file that cannot be
  read (what it holds cannot be told), a folder, a pipe, a socket or a device,
  a link that leads nowhere or round in a loop, and a folder that does not exist.  A link is followed to the file it names,
  which is then judged as if named itself.
- ``Target.question()``: the sentence to ask before a file is replaced.
- ``write(target, data)`` writes all at once: a temporary ``.ed-*.tmp`` beside
  the file, synced, then moved into place, only if the file is still the one
  checked (the one the person agreed to replace), and a new name only if
  nothing has taken it meanwhile.  With ``backup``, a save replaced is kept
  as ``.bak`` (``ed.save.keep_backup``: only over a backup this program wrote).
- ``data_folders(current)``, ``start_folder(folders)``: the data folders to
  keep out of, and a folder outside them for a file dialog to open in.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence, Tuple

from . import format as _save
from . import locks, paths

#: a file of the person's own: a tally sheet, a CSV, the one-file copy
FILE = "file"
#: Save As…: a saved game, which may replace another save no window has open
SAVE = "save"

#: the endings of the names the program gives its own files: a lock, a backup, one set aside
OWN_ENDINGS = (locks.LOCK_SUFFIX, ".bak", paths.CORRUPT_SUFFIX)

_SEPARATORS = tuple(s for s in (os.sep, os.altsep) if s)


class ExportError(ValueError):
    """A file that may not, or could not, be written; the message is one plain sentence."""


@dataclass(frozen=True)
class Found:
    """The file at a target when it was checked: which file it is, and its state."""

    device: int
    inode: int
    size: int
    modified_ns: int
    mode: int


@dataclass(frozen=True)
class Target:
    """Where a file for a person goes: ``path`` (its links followed) for the name
    ``given``; ``found`` is the file there now (``None``: a new file), ``holds`` says
    what that file is in a few words."""

    given: str
    path: Path
    kind: str
    folders: Tuple[Path, ...]
    found: Optional[Found] = None
    holds: str = ""

    def question(self) -> str:
        """What to ask before replacing the file found (``""`` for a new file)."""
        if self.found is None:
            return ""
        return f"{self.path.name} is already in {self.path.parent}: {self.holds}. Replace it?"


# ------------------------------------------------------------------ folders

def data_folders(current: "Optional[os.PathLike[str] | str]" = None) -> Tuple[Path, ...]:
    """The data folders no file for a person goes in: ``current`` (the window's), the
    one ``ED_DATA_DIR`` names, the platform's own, and the stand-in in the temporary
    folder (``ed.saves.paths``); those that cannot be found are left out."""
    found = [Path(current)] if current is not None else []
    without = {key: value for key, value in os.environ.items() if key != "ED_DATA_DIR"}
    for environ in (None, without):
        try:
            found.append(paths.wanted_data_dir(environ=environ))
        except (OSError, RuntimeError, KeyError, ValueError):   # no home folder
            pass
    try:
        uid = os.getuid() if hasattr(os, "getuid") else None
        found.append(Path(tempfile.gettempdir()) / (
            paths.XDG_FOLDER if uid is None else f"{paths.XDG_FOLDER}-{uid}"))
    except (OSError, ValueError):
        pass
    kept = []
    for folder in found:
        if folder not in kept:
            kept.append(folder)
    return tuple(kept)


def within(path: "os.PathLike[str] | str", folders: Iterable[Path]) -> Optional[Path]:
    """The folder of ``folders`` that ``path`` (a real path) is in or is, or ``None``.

    Folders are told by what they are (device and inode), not by their names,
    so a link to one, another case of its name or a name with ``..`` is the
    same folder."""
    known = {}
    for folder in folders:
        try:
            info = os.stat(folder)
        except (OSError, ValueError):
            continue
        if stat.S_ISDIR(info.st_mode):
            known.setdefault((info.st_dev, info.st_ino), folder)
    if not known:
        return None
    place = Path(path)
    while True:
        try:
            info = os.stat(place)
        except (OSError, ValueError):
            pass
        else:
            if (info.st_dev, info.st_ino) in known:
                return known[(info.st_dev, info.st_ino)]
        if place.parent == place:
            return None
        place = place.parent


def start_folder(folders: Sequence[Path], last: "Optional[os.PathLike[str] | str]" = None
                 ) -> Path:
    """A folder for a file dialog to open in, outside the data folders: ``last`` (the
    folder of the file written last), else the home folder, else the current one, else
    the temporary one."""
    choices = [Path(last)] if last else []
    try:
        choices.append(paths.home_folder())     # an empty HOME is no home, never "."
    except (RuntimeError, KeyError, OSError):
        pass
    choices += [Path(os.getcwd()) if _cwd_known() else None, Path(tempfile.gettempdir())]
    for folder in choices:
        if folder is not None and folder.is_dir() and within(os.path.realpath(folder),
                                                             folders) is None:
            return folder
    return Path(os.path.abspath(os.sep))


def _cwd_known() -> bool:
    try:
        os.getcwd()
    except OSError:       # the current folder was removed
        return False
    return True


# ------------------------------------------------------------------ checking

def own_name(name: str) -> bool:
    """Whether ``name`` is one the program gives its own files, in any case: a lock, a
    backup, a file set aside, a temporary file being written, the guard of the locks."""
    lower = name.lower()
    return lower.endswith(OWN_ENDINGS) or lower == locks.GUARD_NAME or (
        lower.startswith(paths.TEMPORARY_PREFIX) and lower.endswith(paths.TEMPORARY_SUFFIX))


def check(path: "os.PathLike[str] | str", *, folders: Sequence["os.PathLike[str] | str"],
          kind: str = FILE) -> Target:
    """Where a file for a person named ``path`` would be written, and what is there now.

    Raises ``ExportError`` with one sentence when nothing may be written
    there (see the module's docstring).
    """
    if kind not in (FILE, SAVE):
        raise ValueError(f"kind must be {FILE!r} or {SAVE!r}, not {kind!r}")
    given = os.fspath(path)
    folders = tuple(Path(folder) for folder in folders)
    if not given or "\x00" in given:
        raise ExportError(f"{given!r} is not a file name.")
    if given.endswith(_SEPARATORS) or os.path.basename(given) in (os.curdir, os.pardir):
        raise ExportError(f"{given} names a folder; choose a file name inside it.")
    real = _follow(given)
    for name in (os.path.basename(given), real.name):
        if own_name(name):
            ending = "a name ending in .json" if kind == SAVE else "another name"
            raise ExportError(f"{name} is a name this game gives its own files (a lock, a "
                              f"backup or a file being written); choose {ending}.")
    named = Path(os.path.realpath(os.path.dirname(given) or os.curdir),
                 os.path.basename(given))               # the name itself, not followed
    for place in (real, named):
        inside = within(place, folders) or _data_folder_around(place)
        if inside is not None:
            raise ExportError(_in_data_folder(real.name, inside, kind))
    _check_folder(real.parent)
    try:
        info = os.lstat(real)
    except FileNotFoundError:
        if os.path.lexists(given):
            raise ExportError(f"{given} is a link to {real}, which does not exist; choose the "
                              f"file itself or a new name.") from None
        return Target(given, real, kind, folders)
    except OSError as error:
        raise ExportError(f"{given} cannot be looked at ({_reason(error)}).") from None
    return Target(given, real, kind, folders, _found(info), _judge(given, real, info, kind,
                                                                    folders))


def _follow(given: str) -> Path:
    """The real path of ``given``, its links followed (a file that does not exist is fine)."""
    try:
        real = os.path.realpath(given)
        os.stat(real)
    except (RuntimeError, ValueError):
        raise ExportError(f"{given} cannot be followed to a file (a symbolic link that leads "
                          f"round in a loop, or a name the system refuses).") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ExportError(f"{given} is a symbolic link that leads round in a loop, so it "
                              f"names no file.") from None
        if error.errno == errno.ENAMETOOLONG:
            raise ExportError(f"The name {given[:60]}… is too long for the file "
                              f"system.") from None
    return Path(real)


#: the files a data folder of the game holds beside its saves folder
DATA_FILES = (paths.settings_path(Path()).name, paths.stats_path(Path()).name,
              "saves-index.json", paths.error_log_path(Path()).name)


def _data_folder_around(path: Path) -> Optional[Path]:
    """The data folder of the game (of another window, with a ``--data-dir`` of its own)
    that ``path`` is in, or in whose saves folder it is, or ``None``: a folder holding a
    ``saves`` folder and one of ``DATA_FILES``."""
    folders = [path.parent] + ([path.parent.parent] if path.parent.name == "saves" else [])
    for folder in folders:
        try:
            if (folder / "saves").is_dir() and any((folder / name).is_file()
                                                    for name in DATA_FILES):
                return folder
        except OSError:
            continue
    return None


def _in_data_folder(name: str, folder: Path, kind: str) -> str:
    if kind == SAVE:
        return (f"Save As… keeps a copy outside the app's data folder ({folder}), where this "
                f"game is saved already; choose another folder.")
    return f"{name} would be in the app's data folder ({folder}); choose another folder."


def _check_folder(folder: Path) -> None:
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise ExportError(f"There is no folder {folder}; choose a folder that exists.") from None
    except OSError as error:
        raise ExportError(f"The folder {folder} cannot be used ({_reason(error)}).") from None
    if not stat.S_ISDIR(info.st_mode):
        raise ExportError(f"{folder} is not a folder; choose a folder that exists.")


def _found(info: os.stat_result) -> Found:
    return Found(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns,
                 stat.S_IMODE(info.st_mode))


def _judge(given: str, real: Path, info: os.stat_result, kind: str,
           folders: Tuple[Path, ...]) -> str:
    """What the file found at ``real`` holds, in a few words, if it may be replaced;
    raises ``ExportError`` when it may not."""
    name = real.name
    if stat.S_ISDIR(info.st_mode):
        raise ExportError(f"{given} is a folder; choose a file name inside it.")
    if not stat.S_ISREG(info.st_mode):
        what = "the game cannot be saved over it" if kind == SAVE else \
            "nothing is written over it"
        raise ExportError(f"{given} is not a regular file (it is a pipe, socket or device), "
                          f"so {what}.")
    twin = _hard_link_in(info, folders) if info.st_nlink > 1 else None
    if twin is not None:
        raise ExportError(f"{name} is another name (a hard link) of {twin}, a file of the "
                          f"app's data folder; choose another name.")
    if locks.holder(real) is not None:
        raise ExportError(f"{name} is the save of a game open in another window; choose "
                          f"another name.")
    if not _is_save(real, given):
        kept = "a read-only file" if not info.st_mode & 0o222 else "a file"
        return f"{kept} of {_size(info.st_size)}, changed {_when(info.st_mtime)}" + (
            ", not a saved game" if kind == SAVE else "")
    if kind == FILE:
        raise ExportError(f"{name} is a saved game of Executive Decision; choose another name, "
                          f"so that no game is written over.")
    return _game_words(real)


def _is_save(real: Path, given: str) -> bool:
    """Whether the regular file ``real`` begins as a save of this program; raises
    ``ExportError`` when it cannot be read, since what it holds cannot then be told."""
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "it is not a regular file any more")
            head = os.read(fd, 512)
        finally:
            os.close(fd)
    except OSError as error:
        raise ExportError(f"{given} cannot be read ({_reason(error)}), so whether it holds a "
                          f"saved game cannot be told; choose another name.") from None
    return f'"{_save.FORMAT}"'.encode("ascii") in head


def _hard_link_in(info: os.stat_result, folders: Iterable[Path]) -> Optional[Path]:
    """The file of a data folder (or of its saves folder) that is the file ``info``."""
    for folder in folders:
        for place in (Path(folder), Path(folder) / "saves"):
            try:
                with os.scandir(place) as entries:
                    for entry in entries:
                        if entry.inode() == info.st_ino and \
                                entry.stat(follow_symlinks=False).st_dev == info.st_dev:
                            return Path(entry.path)
            except OSError:
                continue
    return None


def _game_words(path: Path) -> str:
    """``a saved game of Cy and Di (Mar, selling, month 3 of 12)``, or that it cannot be read."""
    from ..words import and_list
    from ..rules import month_label
    try:
        game = _save.load(path)
    except _save.SaveError:
        return "a saved game that cannot be read"
    if game.is_over:
        stage = f"finished after {game.rules.months} months"
    else:
        stage = f"{month_label(game.month)}, {game.phase}, month {game.month} of " \
                f"{game.rules.months}"
    return f"a saved game of {and_list(list(game.names))} ({stage})"


def _size(size: int) -> str:
    if size < 1000:
        return "1 byte" if size == 1 else f"{size} bytes"
    if size < 1_000_000:
        return f"{size / 1000:.0f} kB"
    return f"{size / 1_000_000:.1f} MB"


def _when(seconds: float) -> str:
    moment = time.localtime(seconds)
    return f"{moment.tm_mday} {time.strftime('%b %Y, %H:%M', moment)}"


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text[:1].lower() + text[1:]


# ------------------------------------------------------------------- writing

def write(target: Target, data: bytes, *, mode: Optional[int] = None,
          backup: bool = False) -> Optional[Path]:
    """Write ``data`` where ``target`` says, all at once; returns the backup kept, if any.

    ``target`` is checked again first: the file there must still be the one
    found (the one the person agreed to replace), or still none.  ``mode``:
    the new file's permissions (by default, over a file its own; a new file
    as the user's mask allows, a save for the user alone).  With ``backup``
    a save replaced is kept as ``.bak`` where ``ed.save.keep_backup`` allows.
    Raises ``ExportError`` with one sentence; the file is then as it was and
    no temporary file is left behind.
    """
    now = check(target.given, folders=target.folders, kind=target.kind)
    name = now.path.name
    if now.path != target.path or now.found != target.found:
        made = "made" if target.found is None else "changed"
        raise ExportError(f"{name} was {made} by something else meanwhile, so it was left as "
                          f"it is; choose it again.")
    folder = now.path.parent
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=paths.TEMPORARY_PREFIX,
                                   suffix=paths.TEMPORARY_SUFFIX)
    except OSError as error:
        raise _failed(now, error) from error
    kept = None
    try:
        try:
            _save._hold(fd)
            _save._write_all(fd, data)
            _give_mode(fd, tmp, _mode_of(now, mode))
            os.fsync(fd)
        finally:
            os.close(fd)
        if now.found is None:
            _place_new(tmp, now)
        else:
            _still_found(now)
            if backup:
                kept = _save.keep_backup(now.path)
                _still_found(now)
            os.replace(tmp, now.path)
    except OSError as error:
        _save._discard(tmp)
        raise _failed(now, error) from error
    except BaseException:
        _save._discard(tmp)
        raise
    _save._sync_folder(os.fspath(folder))
    return Path(kept) if kept else None


def _mode_of(target: Target, mode: Optional[int]) -> int:
    if mode is not None:
        return mode
    if target.found is not None:
        return target.found.mode
    if target.kind == SAVE:
        return paths.PRIVATE_FILE       # a save names who played: for the user alone
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _give_mode(fd: int, tmp: str, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:
        os.chmod(tmp, mode)


def _place_new(tmp: str, target: Target) -> None:
    """Give the temporary file the new name, never over a file made there meanwhile."""
    try:
        os.link(tmp, target.path)      # fails, rather than replaces, when the name is taken
    except FileExistsError:
        raise ExportError(f"{target.path.name} was made by something else meanwhile, so it "
                          f"was left as it is; choose it again.") from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EACCES, errno.EMLINK, errno.EXDEV,
                               errno.ENOSYS, getattr(errno, "ENOTSUP", -1),
                               getattr(errno, "EOPNOTSUPP", -1)):
            raise
        # A file system without hard links (FAT): look once more, then move it there.
        if os.path.lexists(target.path):
            raise ExportError(f"{target.path.name} was made by something else meanwhile, so "
                              f"it was left as it is; choose it again.") from None
        os.replace(tmp, target.path)
        return
    _save._discard(tmp)


def _still_found(target: Target) -> None:
    """Refuse (``ExportError``) when the file to replace is no longer the one checked."""
    try:
        now = _found(os.lstat(target.path))
    except OSError:
        now = None
    if now != target.found:
        raise ExportError(f"{target.path.name} was changed by something else meanwhile, so it "
                          f"was left as it is; choose it again.")


def _failed(target: Target, error: OSError) -> ExportError:
    return ExportError(f"{target.given} could not be written: {_reason(error)}.")
