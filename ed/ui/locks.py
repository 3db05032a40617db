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
``GRACE_S`` seconds.  A stale lock is taken over: renamed aside (atomic, so of
two processes racing to take it over only one moves it), checked to be the
very stale file seen (by its nonce; a live lock moved by mistake is linked
back), deleted, and created afresh with ``O_EXCL`` as above.

Within one process, the locks it holds are known (``held_here``), so a second
window of the same process sees them as held too.
"""
from __future__ import annotations

import atexit
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Dict, Optional

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
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
    """The lock file of the save ``target``."""
    target = Path(target)
    return target.with_name(target.name + LOCK_SUFFIX)


class GameLock:
    """A lock this process holds on one save; ``release()`` gives it up."""

    def __init__(self, path: Path, fd: int, nonce: str) -> None:
        self.path = path
        self._fd: Optional[int] = fd
        self.nonce = nonce

    @property
    def target(self) -> Path:
        """The save this lock guards."""
        return self.path.with_name(self.path.name[:-len(LOCK_SUFFIX)])

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
    return os.path.normcase(os.path.abspath(path))


def _forget(lock: GameLock) -> None:
    if _HELD.get(_key(lock.path)) is lock:
        del _HELD[_key(lock.path)]


def held_here(target: "os.PathLike[str] | str") -> Optional[GameLock]:
    """The lock this process holds on ``target``, if any."""
    lock = _HELD.get(_key(lock_path(target)))
    return lock if lock is not None and lock.held() else None


# ------------------------------------------------------------- taking

def acquire(target: "os.PathLike[str] | str") -> GameLock:
    """Lock the save ``target`` for this process.

    Raises ``Locked`` when a live process holds it (this one included) and
    ``OSError`` when the lock file cannot be made (a read-only folder).
    """
    path = lock_path(target)
    for _ in range(_ATTEMPTS):
        try:
            return _create(path)
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


def _create(path: Path) -> GameLock:
    """Make the lock file with O_EXCL (raises ``FileExistsError`` if there is one)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
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
    lock = GameLock(path, fd, nonce)
    _HELD[_key(path)] = lock
    return lock


def read_lock(path: Path) -> Optional[Dict[str, str]]:
    """The lock file's fields (``{}`` while incomplete), or ``None`` when there is none."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(4096)
        modified = os.stat(path).st_mtime
    except FileNotFoundError:
        return None
    except OSError:
        return {"unreadable": "1"}
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
    return int(text) if text.isdigit() and 0 < int(text) < 2 ** 31 else None


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
        fd = os.open(path, os.O_RDONLY)
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
    """Remove the stale lock ``info`` read at ``path``, unless another process was quicker."""
    aside = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.stale")
    try:
        os.rename(path, aside)
    except OSError:
        return                  # gone already, or cannot be moved: acquire tries again
    moved = read_lock(aside)
    if moved is not None and moved.get("nonce") != info.get("nonce") and "nonce" in moved:
        # A racing process replaced the stale lock with its own, live one: put it back.
        try:
            os.link(aside, path)
        except OSError:
            if not path.exists():
                try:
                    os.rename(aside, path)
                    return
                except OSError:
                    pass
    try:
        os.unlink(aside)
    except OSError:
        pass


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
