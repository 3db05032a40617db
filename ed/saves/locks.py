"""Lock files: a game open in one window is never written by another.  No tkinter.

The lock of ``game.json`` is ``game.json.lock``, created with
``O_CREAT | O_EXCL``, so of two processes racing for it exactly one gets it.
It holds three lines::

    pid 12345
    start 8c1f0e2a-4410718
    nonce 5be3c2f09a1d7e44

``pid`` is the holder's process id, ``start`` says when that process started
(Linux: the boot and the start time in ``/proc``; Windows: the process's
creation time; ``-`` where neither is known) and ``nonce`` is random, so a
lock file is never mistaken for another.  Where the platform has ``flock``,
the holder also keeps the file open with an exclusive ``flock``, which the
kernel drops when the process ends.

A lock is **stale** (its holder gone) when its pid is not running, or is
running with another start (the pid was reused), or -- where the start is
unknown -- nobody holds its ``flock``.  A lock file not yet complete (its
creator is between creating and writing it) counts as held for
``GRACE_S`` seconds.  A stale lock is taken over by one process at a time
(holding the folder's guard, a hidden ``.ed-takeover`` file): read again,
removed only if it is still the very stale file seen (by its nonce), and
created afresh with ``O_EXCL`` as above, so of processes racing to take it
over exactly one gets it.

Within one process, the locks it holds are known (``held_here``), so a second
window of the same process sees them as held too.

A lock file is read without ever waiting: one that is not a regular file (a
folder, a FIFO, a symbolic link, a link loop) or cannot be read counts as
held, never as free, since who made it cannot be told.  ``acquire(target,
force=True)`` clears whatever is there and takes the lock all the same: the
window offers it, with a warning, as "Open anyway".  A lock's name is kept
within the file system's limit (``ed.save.sibling_path``), so a save with a
very long name still gets one.
"""
from __future__ import annotations

import atexit
import os
import secrets
import stat
import sys
import time
from pathlib import Path
from typing import Dict, Optional

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from .format import sibling_path

LOCK_SUFFIX = ".lock"
#: the hidden file beside the locks that guards taking a stale one over
GUARD_NAME = ".ed-takeover"
#: how long a lock file may stay incomplete before it counts as abandoned
GRACE_S = 5.0
_ATTEMPTS = 5

#: lock path -> the lock this process holds there
_HELD: Dict[str, "GameLock"] = {}


class Locked(Exception):
    """The game is open in another window; ``pid`` is that window's process (if known)."""

    def __init__(self, pid: Optional[int]) -> None:
        self.pid = pid
        where = "another window" if pid is None or pid == os.getpid() else \
            f"another window (process {pid})"
        super().__init__(f"That game is open in {where}.")


def lock_path(target: "os.PathLike[str] | str") -> Path:
    """The lock file of the save ``target`` (``<name>.lock``, shortened if too long)."""
    return Path(sibling_path(target, LOCK_SUFFIX))


class GameLock:
    """A lock this process holds on one save; ``release()`` gives it up."""

    def __init__(self, path: Path, fd: int, nonce: str, target: Path) -> None:
        self.path = path
        self._fd: Optional[int] = fd
        self.nonce = nonce
        #: the save this lock guards
        self.target = target

    def held(self) -> bool:
        """Whether the lock file on disk is still this one."""
        if self._fd is None:
            return False
        info = read_lock(self.path)
        return info is not None and info.get("nonce") == self.nonce

    def ensure(self) -> bool:
        """Hold the lock again if its file went away (say, with the data folder).

        Returns ``False`` when another live window holds the game now, or the
        lock file cannot be made (a read-only folder).
        """
        if self.held():
            return True
        if self._fd is not None and _HELD.get(_key(self.path)) is self:
            _forget(self)
        try:
            fresh = acquire(self.target)
        except (Locked, OSError):
            return False
        self._close()
        self._fd, self.nonce = fresh._fd, fresh.nonce
        fresh._fd = None
        _HELD[_key(self.path)] = self
        return True

    def release(self) -> None:
        """Delete the lock file (if it is still ours) and forget it; safe to repeat."""
        if self._fd is None:
            return
        ours = self.held()
        if os.name == "nt":
            self._close()       # Windows deletes no file that is still open
        if ours:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        _forget(self)
        self._close()

    def _close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def __repr__(self) -> str:
        return f"GameLock({str(self.path)!r}, held={self.held()})"


def _key(path: Path) -> str:
    """One spelling per file, however the path reached it (a linked folder included)."""
    try:
        return os.path.normcase(os.path.realpath(path))
    except (OSError, RuntimeError, ValueError):
        return os.path.normcase(os.path.abspath(path))


def _forget(lock: GameLock) -> None:
    if _HELD.get(_key(lock.path)) is lock:
        del _HELD[_key(lock.path)]


def held_here(target: "os.PathLike[str] | str") -> Optional[GameLock]:
    """The lock this process holds on ``target``, if any."""
    lock = _HELD.get(_key(lock_path(target)))
    return lock if lock is not None and lock.held() else None


# ------------------------------------------------------------- taking

def acquire(target: "os.PathLike[str] | str", *, force: bool = False) -> GameLock:
    """Lock the save ``target`` for this process.

    Raises ``Locked`` when a live process holds it (this one included) and
    ``OSError`` when the lock file cannot be made (a read-only folder).  With
    ``force``, whatever lock is there is cleared first, held or not (another
    window that still plays the game would then write over this one's moves).
    """
    target = Path(target)
    path = lock_path(target)
    if force:
        _clear(path)
    for _ in range(_ATTEMPTS):
        try:
            return _create(path, target)
        except FileExistsError:
            pass
        info = read_lock(path)
        if info is None:
            continue            # it went away meanwhile: try again
        if _alive(path, info):
            raise Locked(_pid(info))
        _take_over(path, info)
    raise Locked(None)          # lost every race: someone else is taking it


def holder(target: "os.PathLike[str] | str") -> Optional[int]:
    """The pid of the live process holding ``target`` (0 if unknown), or ``None`` if free."""
    path = lock_path(target)
    info = read_lock(path)
    if info is None or not _alive(path, info):
        return None
    return _pid(info) or 0


def _create(path: Path, target: Path) -> GameLock:
    """Make the lock file with O_EXCL (raises ``FileExistsError`` if there is one)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                pass   # a file system without flock: the pid and start still tell
        nonce = secrets.token_hex(8)
        start = process_start(os.getpid()) or "-"
        os.write(fd, f"pid {os.getpid()}\nstart {start}\nnonce {nonce}\n".encode("ascii"))
    except BaseException:
        os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass
        raise
    lock = GameLock(path, fd, nonce, target)
    _HELD[_key(path)] = lock
    return lock


def _clear(path: Path) -> None:
    """Remove whatever is at the lock path: a file, a link, a FIFO or an empty folder.

    It is first renamed aside (atomic), so a lock made meanwhile by another
    window is never the one removed; a folder that is not empty stays aside.
    """
    mine = _HELD.get(_key(path))
    if mine is not None:
        _forget(mine)
        mine._close()
    aside = _aside(path)
    try:
        os.rename(path, aside)
    except OSError:
        return                  # nothing there, or it cannot be moved: acquire will say
    try:
        if stat.S_ISDIR(os.lstat(aside).st_mode):
            os.rmdir(aside)
        else:
            os.unlink(aside)
    except OSError:
        pass


def _aside(path: Path) -> Path:
    """A new name beside ``path`` for a lock being removed (within the name limit)."""
    return path.with_name(f"{path.name[:200]}.{os.getpid()}.{secrets.token_hex(4)}.stale")


def _open_regular(path: Path) -> int:
    """A descriptor of the regular file at ``path``, opened without ever waiting.

    Raises ``FileNotFoundError`` when there is none and ``OSError`` for
    anything else, a link, a FIFO or a folder included.
    """
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(f"{path} is not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) \
        | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):   # swapped since the lstat
            raise OSError(f"{path} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_lock(path: Path) -> Optional[Dict[str, str]]:
    """The lock file's fields (``{}`` while incomplete), or ``None`` when there is none."""
    try:
        fd = _open_regular(path)
    except FileNotFoundError:
        return None
    except OSError:
        return {"unreadable": "1"}
    try:
        data = os.read(fd, 4096)
        modified = os.fstat(fd).st_mtime
    except OSError:
        return {"unreadable": "1"}
    finally:
        os.close(fd)
    fields: Dict[str, str] = {"_mtime": repr(modified)}
    try:
        lines = data.decode("ascii").splitlines()
    except UnicodeDecodeError:
        return fields
    for line in lines:
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
    if "nonce" not in fields:   # half-written: not a complete lock yet
        fields.pop("pid", None)
    return fields


def _pid(info: Dict[str, str]) -> Optional[int]:
    text = info.get("pid", "")
    # only ASCII digits: "²" or "①" pass isdigit() and int() refuses them
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) < 2 ** 31 else None


def _alive(path: Path, info: Dict[str, str]) -> bool:
    """Whether the lock described by ``info`` is held by a running process."""
    if "unreadable" in info:
        return True            # cannot tell: never write over it
    pid = _pid(info)
    if pid is None or "nonce" not in info:
        age = time.time() - float(info.get("_mtime", "0"))
        return age < GRACE_S   # being written now, or abandoned half-made
    if pid == os.getpid():
        mine = _HELD.get(_key(path))
        return mine is not None and mine.nonce == info.get("nonce")
    if not pid_running(pid):
        return False
    start, now = info.get("start", "-"), process_start(pid)
    if start != "-" and now is not None:
        return start == now    # another start: the pid was reused
    return not _flock_free(path)


def _flock_free(path: Path) -> bool:
    """Whether nobody holds the lock file's flock (``False`` when that cannot be told)."""
    if fcntl is None:
        return False
    try:
        fd = _open_regular(path)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True
    finally:
        os.close(fd)


def _take_over(path: Path, info: Dict[str, str]) -> None:
    """Remove the stale lock ``info`` read at ``path``, unless another process was quicker.

    One process at a time does it, holding the lock's guard: it reads the
    lock again and removes it only if it is still the very stale one seen.
    Nothing else removes a stale lock, so between that reading and the
    removal no other process can have put a live lock of its own there.  (The
    lock is the one seen when it reads the same, its time of writing included.)
    """
    guard = _guard(path)
    if guard is None:
        return                  # another process is taking it over: acquire tries again
    try:
        now = read_lock(path)
        if now is None or now != info or _alive(path, now):
            return              # gone, or changed since it was read: not the one seen
        try:
            os.unlink(path)
        except OSError:
            pass
    finally:
        _unguard(guard)


def _guard_path(path: Path) -> Path:
    """One guard for the folder's locks (taking over a stale lock is rare and quick)."""
    return path.with_name(GUARD_NAME)


def _guard(path: Path):
    """Take the right to remove a stale lock at ``path``, or ``None`` if another has it.

    With ``flock`` the guard is a lock on a small hidden file beside the lock
    (kept, so that no two processes ever lock two different files of that name),
    which the kernel drops if its holder dies; elsewhere it is the file
    itself, made with ``O_EXCL`` and thought abandoned after ``GRACE_S``.
    """
    guard = _guard_path(path)
    if fcntl is not None:
        try:
            fd = os.open(guard, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError("the guard is not a regular file")
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        return fd
    try:
        return os.open(guard, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                       0o600)
    except FileExistsError:
        try:
            if time.time() - os.lstat(guard).st_mtime > GRACE_S:
                os.unlink(guard)        # left by a window that crashed while taking over
        except OSError:
            pass
        return None
    except OSError:
        return None


def _unguard(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------- processes

def pid_running(pid: int) -> bool:
    """Whether a process with this pid exists now (a zombie counts as ended)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_running(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True            # someone else's process
    except OSError:
        return False
    state = _linux_stat(pid)
    return state is None or state[0] not in ("Z", "X")


def process_start(pid: int) -> Optional[str]:
    """A token that changes when ``pid`` is reused, or ``None`` where it cannot be told."""
    if sys.platform == "win32":
        return _windows_start(pid)
    state = _linux_stat(pid)
    if state is None:
        return None
    return f"{_boot_id()}-{state[1]}"


def _linux_stat(pid: int) -> Optional[tuple]:
    """(state, start time in clock ticks since boot) from /proc, or ``None``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = text[text.rfind(")") + 2:].split()
    if len(fields) < 20:
        return None
    return fields[0], fields[19]


_BOOT: Optional[str] = None


def _boot_id() -> str:
    global _BOOT
    if _BOOT is None:
        try:
            with open("/proc/sys/kernel/random/boot_id", "rb") as handle:
                _BOOT = handle.read().decode("ascii", "replace").strip()[:8] or "boot"
        except OSError:
            _BOOT = "boot"
    return _BOOT


def _windows_handle(pid: int):
    import ctypes
    process_query_limited_information = 0x1000
    return ctypes.windll.kernel32.OpenProcess(process_query_limited_information, False, pid)


def _windows_running(pid: int) -> bool:
    try:
        import ctypes
        handle = _windows_handle(pid)
        if not handle:
            return ctypes.GetLastError() == 5          # access denied: it exists
        try:
            code = ctypes.c_ulong()
            if not ctypes.windll.kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259                   # STILL_ACTIVE
        finally:
            ctypes.windll.kernel32.CloseHandle(handle)
    except Exception:  # no ctypes or an unusual Windows: assume it runs, never overwrite
        return True


def _windows_start(pid: int) -> Optional[str]:
    try:
        import ctypes
        handle = _windows_handle(pid)
        if not handle:
            return None
        try:
            times = [ctypes.c_ulonglong() for _ in range(4)]
            if not ctypes.windll.kernel32.GetProcessTimes(handle, *map(ctypes.byref, times)):
                return None
            return str(times[0].value)
        finally:
            ctypes.windll.kernel32.CloseHandle(handle)
    except Exception:
        return None


@atexit.register
def _release_all() -> None:
    """A window closed normally leaves no lock behind, even without its quit handler."""
    for lock in list(_HELD.values()):
        lock.release()
