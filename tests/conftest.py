"""Fixtures shared by every GUI test (``tests/ui`` and ``tests/extras``).

``display`` (session): ``$DISPLAY`` when it is set, otherwise an ``Xvfb``
started on a free display number, waited for until it accepts connections
and stopped at the end.  Without any display the GUI tests are skipped,
unless ``ED_REQUIRE_GUI=1`` (set by ``.ci/run``): then they fail and say why.

``callback_errors``: a list that Tk callback errors are recorded in (give it
to a root's ``report_callback_exception``); the test fails if any is left in
it at the end.

``ai_fallbacks`` (every test): the decisions of players that failed and
passed the phase during the test, as logged anywhere under ``ed`` (the
records ``ed.players.is_failure`` marks: in the computer players, at the
guard's door, in the window); the test fails if any is left in the list at
its end (a test that plants a fault takes the fixture, checks what it caught
and clears it).

``device_node(folder)``: a real character device to write at, made like ``/dev/null``'s
(as root) so that a writer in the wrong replaces it and never the system's own.

``writes_refused(monkeypatch, path)``: every attempt to write at ``path`` or beside it
(opened for writing, a temporary file made in its folder, a rename onto it), recorded and
refused before anything is written: a test that a device is refused asserts the list is
empty, and a program in the wrong still writes nothing at the device.

``SmallDisk``: a real small file system (a tmpfs) mounted over a folder, to
fill or make read-only, where the platform allows it (Linux, as root or with
``sudo -n``); elsewhere the test is skipped with the reason, and under
``ED_REQUIRE_TMPFS=1`` (set by ``.ci/run`` where a tmpfs can be mounted) it
fails instead.

A test that runs longer than ``faulthandler_timeout`` (``pyproject.toml``)
prints every thread's stack and ends the run (``_a_hang_ends_the_run``):
pytest's own ``faulthandler_exit_on_timeout`` is newer than some of the
pytest versions the suite runs under.  ``under_ci()`` says whether the suite
runs under CI (``.ci/run`` sets ``CI``), where what a test needs must be
there: it fails rather than skips.

Ctrl+C reaches the tests' processes, and the commands they start, as it does from a
terminal, even where the suite was started with it ignored (``&`` in a script or a CI
runner, ``nohup``): what starts ignored stays ignored in every child, and the tests of
Ctrl+C would wait for a command that cannot hear it (``_ctrl_c_as_from_a_terminal``).
"""
from __future__ import annotations

import errno
import faulthandler
import logging
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest

XVFB_WAIT_S = 10.0


def _compiled_once() -> None:
    """Where Python is told to write no bytecode (``PYTHONDONTWRITEBYTECODE``), this
    process keeps the modules it compiles (the tests as pytest rewrites their asserts, and
    the program's) in a folder of its own user's under the system's temporary folder, never
    in the checkout: every pytest process of a run compiled all of them again (12 s of a
    core to collect the suite, 3.5 s with them kept).  The processes that tests start are
    left as they were told."""
    import tempfile
    if not sys.dont_write_bytecode or sys.pycache_prefix or not hasattr(os, "getuid"):
        return
    folder = os.path.join(tempfile.gettempdir(), f"ed-tests-bytecode-{os.getuid()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        held = os.lstat(folder)
    except OSError:
        return
    # only a real folder of this user's, that no one else may write into
    if stat.S_ISDIR(held.st_mode) and held.st_uid == os.getuid() \
            and not held.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        sys.pycache_prefix = folder
        sys.dont_write_bytecode = False


_compiled_once()

#: where a hung test's stacks are written: the terminal's stderr, kept before any capture
_HANG_REPORT: List[int] = []


def under_ci() -> bool:
    """Whether the suite runs under CI (``CI`` set, as ``.ci/run`` and CI services do, or
    ``ED_REQUIRE_GUI=1``)."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false") \
        or os.environ.get("ED_REQUIRE_GUI") == "1"


def _ctrl_c_as_from_a_terminal() -> None:
    """SIGINT raises ``KeyboardInterrupt`` here (Python's own handler) where the suite was
    started with it ignored; a child then starts with the system's default, as from a
    terminal."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config) -> None:
    _ctrl_c_as_from_a_terminal()
    _HANG_REPORT.append(os.dup(sys.__stderr__.fileno()))
    from . import shards      # the suite on every core (tests/shards.py)
    if not config.pluginmanager.is_registered(shards):
        config.pluginmanager.register(shards, "ed-test-shards")


#: The collector of cyclic garbage's thresholds in a test process (Python's are 700, 10,
#: 10): the tests keep far more alive than a game does (every window's widgets, the
#: computer players' memos, a whole sweep's games), and each full sweep walked all of it:
#: the AI's legality sweep spent 10 s of its 44 in them, 2 s with these.
GC_THRESHOLDS = (10000, 50, 100)


def pytest_collection_finish(session) -> None:
    """What collecting made (the tests' modules, their items, the program's modules) lives
    to the end of the run: put aside from the collector of cyclic garbage (``gc.freeze``),
    so that none of its sweeps during the tests walks through it again; and the collector
    sweeps less often (``GC_THRESHOLDS``).  No test depends on when it sweeps: one that
    needs garbage gone calls ``gc.collect()``."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_unconfigure(config) -> None:
    while _HANG_REPORT:
        os.close(_HANG_REPORT.pop())


class _Caught(logging.Handler):
    """Keeps every failed decision logged (from any thread)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: List[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        from ed.players import is_failure
        if is_failure(record):
            self.records.append(record)


@pytest.fixture(autouse=True)
def ai_fallbacks() -> Iterator[List[logging.LogRecord]]:
    """The computer players' failed decisions logged during this test; it fails if any is
    left in the list at the end."""
    caught = _Caught()
    logger = logging.getLogger("ed")
    logger.addHandler(caught)
    try:
        yield caught.records
    finally:
        logger.removeHandler(caught)
    if caught.records:
        first = caught.records[0]
        trace = logging.Formatter().formatException(first.exc_info) if first.exc_info else ""
        pytest.fail(f"{len(caught.records)} decision(s) of computer players failed and passed "
                    f"the phase; the first: {first.getMessage()}\n{trace}", pytrace=False)


@pytest.fixture(autouse=True)
def _a_hang_ends_the_run(request) -> Iterator[None]:
    """After ``faulthandler_timeout`` seconds in one test: every thread's stack, then exit."""
    timeout = float(request.config.getini("faulthandler_timeout") or 0)
    if timeout > 0 and _HANG_REPORT:
        faulthandler.dump_traceback_later(timeout, exit=True, file=_HANG_REPORT[0])
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


#: every Tk interpreter the tests made and have not let go of on this thread (``_tk_kept``)
_TK_KEPT: list = []
#: how many interpreters are made before those no longer used are let go of
TK_KEPT_MOST = 24
#: how many were kept when ``let_go_of_tk`` last ran (a window's own commands can hold it
#: for good: its interpreter holds the window that holds the interpreter)
_TK_STILL = [0]


def _tk_kept() -> None:
    """Each Tk root's interpreter is kept until it can be let go of on this thread.

    A root is tied up in cycles with its widgets, so it is freed only by the collector of
    cyclic garbage, on whichever thread's allocation sets it off: a computer player's, in a
    later test.  Tcl aborts the whole process when an interpreter is deleted on a thread
    other than its own ("Tcl_AsyncDelete: async handler deleted by the wrong thread").  A
    game has one root for its whole life and never meets this; the tests make hundreds.
    ``_tk_let_go`` frees the interpreters no longer used, on this thread, every
    ``TK_KEPT_MOST`` of them (a full collection after every test that made one cost a
    minute of the run; keeping every one to the end, 230 MB).
    """
    try:
        import tkinter
    except ImportError:
        return
    made = tkinter.Tk.__init__

    def kept(self, *args, **kwargs):
        made(self, *args, **kwargs)
        _TK_KEPT.append(self.tk)

    tkinter.Tk.__init__ = kept


_tk_kept()


@pytest.fixture(autouse=True)
def _tk_let_go() -> Iterator[None]:
    """After a test, once ``TK_KEPT_MOST`` more interpreters are kept, ``let_go_of_tk``."""
    yield
    if len(_TK_KEPT) - _TK_STILL[0] >= TK_KEPT_MOST:
        let_go_of_tk()


def let_go_of_tk() -> None:
    """The garbage collected, then each kept interpreter nothing else holds freed here, on
    the thread that made it."""
    import gc
    gc.collect()
    still = []
    while _TK_KEPT:
        interpreter = _TK_KEPT.pop()
        if sys.getrefcount(interpreter) > 2:    # more than this name and the call's own
            still.append(interpreter)
        del interpreter                         # the last hold: freed here
    _TK_KEPT.extend(still)
    _TK_STILL[0] = len(still)


def need_gui(reason: str) -> None:
    """Skip a GUI test for ``reason``, or fail it under ``ED_REQUIRE_GUI=1``."""
    if os.environ.get("ED_REQUIRE_GUI") == "1":
        pytest.fail(f"ED_REQUIRE_GUI=1 but the GUI tests cannot run: {reason}. "
                    f"Install Xvfb (apt-get install xvfb) or set DISPLAY.", pytrace=False)
    pytest.skip(f"GUI tests skipped: {reason}")


def _display_free(number: int) -> bool:
    return not (os.path.exists(f"/tmp/.X{number}-lock")
                or os.path.exists(f"/tmp/.X11-unix/X{number}"))


def _accepts(number: int) -> bool:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(0.5)
        sock.connect(f"/tmp/.X11-unix/X{number}")
        return True
    except OSError:
        return False
    finally:
        sock.close()


def start_xvfb(size: str = "1366x768",
                dpi: Optional[int] = None) -> Tuple[Optional[subprocess.Popen], str]:
    """Start Xvfb on a free display, its screen ``size`` pixels (and ``dpi`` dots per inch,
    if given); returns (process, display) or (None, why not)."""
    if shutil.which("Xvfb") is None:
        return None, "no DISPLAY is set and Xvfb is not installed"
    for number in range(90 + os.getpid() % 50, 400):
        if not _display_free(number):
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{size}x24",
                                 "-nolisten", "tcp"] + (["-dpi", str(dpi)] if dpi else []),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + XVFB_WAIT_S
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break           # lost a race for this number: try the next one
            if _accepts(number):
                return proc, f":{number}"
            time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            return None, f"Xvfb :{number} did not accept connections within {XVFB_WAIT_S:.0f} s"
    return None, "no free X display number was found for Xvfb"


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A usable X display for the session (started here if need be)."""
    proc = None
    if not os.environ.get("DISPLAY"):
        proc, found = start_xvfb()
        if proc is None:
            need_gui(found)
        os.environ["DISPLAY"] = found
    try:
        try:
            import tkinter
            tkinter.Tk().destroy()
        except Exception as error:  # no tkinter, or the display refuses us
            need_gui(f"no usable display ({error})")
        yield os.environ["DISPLAY"]
    finally:
        if proc is not None:
            os.environ.pop("DISPLAY", None)
            stop_xvfb(proc)


def stop_xvfb(proc: subprocess.Popen) -> None:
    """Stop an Xvfb started by ``start_xvfb`` (killed if it will not end)."""
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture
def callback_errors() -> Iterator[List[BaseException]]:
    """Tk callback errors of this test; it fails if any was recorded."""
    errors: List[BaseException] = []
    yield errors
    if errors:
        raise AssertionError(f"a Tk callback raised: {errors[0]!r}") from errors[0]


class SmallDisk:
    """A tmpfs of ``size`` mounted over ``folder`` (which it hides while mounted).

    ``fill()`` takes every free byte (``free()`` gives them back);
    ``read_only()`` lays a read-only view over it (``writable()`` takes it
    away), so files already open for writing stay writable, as on a disk
    that was remounted under a running program.
    """

    def __init__(self, folder: Path, size: str = "200k") -> None:
        self.folder = Path(folder)
        self.filler = self.folder / "filler.bin"
        self.mounts = 0
        self.sudo: List[str] = [] if os.geteuid() == 0 else ["sudo", "-n"]
        self._mount(["-t", "tmpfs", "-o", f"size={size},mode=0700,uid={os.getuid()},"
                                           f"gid={os.getgid()}", "tmpfs"])

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(self.sudo + list(args), capture_output=True, text=True)

    def _mount(self, options: List[str]) -> None:
        done = self._run("mount", *options, str(self.folder))
        if done.returncode != 0:
            raise OSError(done.stderr.strip() or f"mount exited with {done.returncode}")
        self.mounts += 1

    def fill(self) -> None:
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
        finally:
            os.close(fd)

    def free(self) -> None:
        self.filler.unlink()

    def read_only(self) -> None:
        self._mount(["--bind", str(self.folder)])
        done = self._run("mount", "-o", "remount,bind,ro", str(self.folder))
        assert done.returncode == 0, done.stderr

    def writable(self) -> None:
        self._unmount_one()

    def _unmount_one(self) -> None:
        done = self._run("umount", str(self.folder))
        if done.returncode != 0:      # still in use: detached now, gone once released
            done = self._run("umount", "-l", str(self.folder))
        assert done.returncode == 0, done.stderr
        self.mounts -= 1

    def unmount(self) -> None:
        while self.mounts:
            self._unmount_one()


def small_disk(folder: Path) -> SmallDisk:
    """Mount a small tmpfs over ``folder``, or skip (fail under ``ED_REQUIRE_TMPFS=1``)."""
    if not sys.platform.startswith("linux"):
        why = "a full disk is made with a tmpfs, which only Linux has"
    elif os.geteuid() != 0 and shutil.which("sudo") is None:
        why = "a tmpfs can be mounted only as root or with sudo, and sudo is not installed"
    else:
        try:
            return SmallDisk(folder)
        except OSError as error:
            why = f"a full disk is made with a tmpfs, and mounting one failed ({error})"
    if os.environ.get("ED_REQUIRE_TMPFS") == "1":
        pytest.fail(f"ED_REQUIRE_TMPFS=1 but {why}", pytrace=False)
    pytest.skip(why)



def writes_refused(monkeypatch, path) -> List[str]:
    """Every attempt, while the test runs, to write at ``path`` or in its folder: opened for
    writing (``open``, ``os.open``, and so a temporary file made there), or a rename onto
    it; each is recorded and refused with ``PermissionError`` before anything is written."""
    import builtins
    import io
    watched = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(watched)
    tried: List[str] = []
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def refuse(target, how: str) -> None:
        if isinstance(target, int):
            return                      # a descriptor already open: opened elsewhere
        full = os.path.abspath(os.fsdecode(os.fspath(target)))
        if full == watched or os.path.dirname(full) == folder:
            tried.append(f"{how} {full}")
            raise PermissionError(errno.EACCES, "a test refuses writing here", full)

    real_os_open, real_open = os.open, builtins.open
    real_replace, real_rename = os.replace, os.rename

    def os_open(target, flags, *args, **kwargs):
        if flags & writing:
            refuse(target, "os.open")
        return real_os_open(target, flags, *args, **kwargs)

    def open_(target, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            refuse(target, f"open({mode!r})")
        return real_open(target, mode, *args, **kwargs)

    def replace(src, dst, *args, **kwargs):
        refuse(dst, "os.replace onto")
        return real_replace(src, dst, *args, **kwargs)

    def rename(src, dst, *args, **kwargs):
        refuse(dst, "os.rename onto")
        return real_rename(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(io, "open", open_)           # pathlib's door
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "rename", rename)
    return tried

def device_node(folder: Path) -> Path:
    """A real character device to write at: as root, a node made like ``/dev/null``'s in
    ``folder`` (so a writer that is wrong replaces that node, never the system's); else
    ``/dev/null`` itself, which a user who is not root cannot replace.  Skipped where
    there is neither."""
    null = Path("/dev/null")
    if not (null.exists() and stat.S_ISCHR(os.stat(null).st_mode)):
        pytest.skip("no /dev/null device here")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        node = folder / "null"
        os.mknod(node, stat.S_IFCHR | 0o666, os.stat(null).st_rdev)
        return node
    return null
