"""Lock files (no display needed): one window per game, tried with real processes."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import List

import pytest

from ed.saves import locks

ROOT = Path(__file__).resolve().parent.parent.parent

#: a window's process holding a lock: says "locked <pid>" or "refused <pid>", then waits
HOLDER = """\
import sys
from ed.saves import locks
sys.stdout.write("ready\\n"); sys.stdout.flush()
if sys.argv[2] == "wait":
    sys.stdin.readline()          # every racer starts at once
try:
    lock = locks.acquire(sys.argv[1])
except locks.Locked as error:
    sys.stdout.write("refused %s\\n" % error.pid)
else:
    sys.stdout.write("locked %s\\n" % lock.nonce)
sys.stdout.flush()
sys.stdin.readline()              # hold it until told
"""


def read_line(process: subprocess.Popen, seconds: float = 60) -> str:
    """The next line the other process writes; a process that hangs fails the test, not the run."""
    lines: list = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    if not lines:
        process.kill()
        pytest.fail(f"the other process wrote nothing for {seconds} s")
    return lines[0]


def holder(target: Path, *, wait: bool = False) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(target), "wait" if wait else "go"],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert read_line(process) == "ready\n"
    return process


def answer(process: subprocess.Popen) -> str:
    return read_line(process).strip()


def finish(process: subprocess.Popen) -> None:
    if process.poll() is None:
        try:
            process.stdin.write("\n")
            process.stdin.flush()
        except OSError:
            pass
    process.wait(timeout=30)
    process.stdout.close()
    process.stdin.close()


def dead_pid() -> int:
    """The pid of a process that has just ended (and been reaped)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.fixture
def target(tmp_path) -> Path:
    return tmp_path / "2026-11-23_1055_Ann-Bob.json"


def test_lock_file_names_the_process_and_goes_away_on_release(target):
    lock = locks.acquire(target)
    fields = locks.read_lock(locks.lock_path(target))
    assert fields["pid"] == str(os.getpid()) and fields["nonce"] == lock.nonce
    assert fields["start"] == locks.process_start(os.getpid()) != "-"
    assert lock.held() and locks.held_here(target) is lock
    lock.release()
    assert not locks.lock_path(target).exists() and not lock.held()
    lock.release()   # twice is harmless


def test_a_second_window_of_the_same_process_is_refused(target):
    lock = locks.acquire(target)
    with pytest.raises(locks.Locked, match="open in another window"):
        locks.acquire(target)
    lock.release()
    locks.acquire(target).release()


def test_a_game_locked_by_another_process_is_refused_until_released(target):
    other = holder(target)
    try:
        assert answer(other).startswith("locked ")
        with pytest.raises(locks.Locked) as caught:
            locks.acquire(target)
        assert caught.value.pid == other.pid
        assert str(caught.value) == f"That game is open in another window (process {other.pid})."
        assert locks.holder(target) == other.pid
    finally:
        finish(other)          # its normal exit releases the lock
    assert locks.holder(target) is None and not locks.lock_path(target).exists()
    locks.acquire(target).release()


def test_the_lock_of_a_killed_process_is_taken_over(target):
    other = holder(target)
    assert answer(other).startswith("locked ")
    other.send_signal(signal.SIGKILL)
    finish(other)
    assert locks.lock_path(target).exists()            # left behind by the crash
    assert locks.holder(target) is None
    lock = locks.acquire(target)
    assert locks.read_lock(lock.path)["pid"] == str(os.getpid())
    lock.release()


def write_lock(target: Path, text: str, age: float = 0.0) -> Path:
    path = locks.lock_path(target)
    path.write_text(text)
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def test_a_lock_of_a_reused_pid_is_stale(target):
    """A live process now has the pid, but it started later than the lock's holder."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                               stdin=subprocess.PIPE)
    try:
        write_lock(target, f"pid {sleeper.pid}\nstart someboot-1\nnonce 0123456789abcdef\n")
        assert locks.holder(target) is None
        locks.acquire(target).release()
        # Where the start cannot be told, nobody holding the file's flock says the same.
        write_lock(target, f"pid {sleeper.pid}\nstart -\nnonce 0123456789abcdef\n")
        assert locks.holder(target) is None
        # With its own start, the same live process does hold it.
        real = locks.process_start(sleeper.pid)
        write_lock(target, f"pid {sleeper.pid}\nstart {real}\nnonce 0123456789abcdef\n")
        assert locks.holder(target) == sleeper.pid
        with pytest.raises(locks.Locked):
            locks.acquire(target)
    finally:
        sleeper.stdin.close()
        sleeper.wait(timeout=30)


def test_a_lock_of_a_dead_pid_is_stale(target):
    write_lock(target, f"pid {dead_pid()}\nstart -\nnonce 0123456789abcdef\n")
    assert locks.holder(target) is None
    locks.acquire(target).release()


@pytest.mark.parametrize("text", ["", "pid 4", "pid 0\nstart -\nnonce 1\n", "pid ²\nstart -\nnonce 1\n",
                                  "pid ①\nstart -\nnonce 1\n",
                                  "pid -1\nstart -\nnonce 1\n", "\x00\xff garbage"])
def test_a_half_written_or_odd_lock_is_held_briefly_then_stale(target, text, monkeypatch):
    calls: List[int] = []
    real_kill = os.kill
    monkeypatch.setattr(os, "kill", lambda pid, sig: calls.append(pid) or real_kill(pid, sig))
    write_lock(target, text)
    with pytest.raises(locks.Locked):
        locks.acquire(target)          # its maker may be writing it right now
    write_lock(target, text, age=locks.GRACE_S + 60)
    locks.acquire(target).release()
    assert all(pid > 0 for pid in calls)   # never kill(0) or kill(-1)


def race(target: Path, racers: int = 4) -> List[str]:
    processes = [holder(target, wait=True) for _ in range(racers)]
    try:
        for process in processes:
            process.stdin.write("go\n")
        for process in processes:
            process.stdin.flush()
        return [answer(process) for process in processes]
    finally:
        for process in processes:
            finish(process)


@pytest.mark.parametrize("round_", range(3))
def test_of_processes_racing_for_a_free_lock_exactly_one_wins(tmp_path, round_):
    target = tmp_path / "game.json"
    answers = race(target)
    assert sum(a.startswith("locked ") for a in answers) == 1, answers
    assert sum(a.startswith("refused ") for a in answers) == len(answers) - 1


@pytest.mark.parametrize("round_", range(3))
def test_of_processes_racing_to_take_over_a_stale_lock_exactly_one_wins(tmp_path, round_):
    target = tmp_path / "game.json"
    write_lock(target, f"pid {dead_pid()}\nstart -\nnonce 0123456789abcdef\n")
    answers = race(target)
    assert sum(a.startswith("locked ") for a in answers) == 1, answers
    assert not list(tmp_path.glob("*.stale"))


def test_a_lock_lost_with_its_folder_is_made_again(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    lock = locks.acquire(folder / "game.json")
    locks.lock_path(folder / "game.json").unlink()
    assert not lock.held()
    assert lock.ensure() and lock.held() and locks.lock_path(folder / "game.json").exists()
    lock.release()


def test_a_lock_taken_meanwhile_by_another_window_is_not_taken_back(target):
    lock = locks.acquire(target)
    locks.lock_path(target).unlink()
    other = holder(target)
    try:
        assert answer(other).startswith("locked ")
        assert not lock.ensure() and not lock.held()
        lock.release()                 # leaves the other window's lock alone
        assert locks.holder(target) == other.pid
    finally:
        finish(other)


# ------------------------------------------------------- hostile lock files

class Hung(Exception):
    """What ``no_hang`` raises in code that blocks (not an ``OSError``, so never taken for one)."""


@contextlib.contextmanager
def no_hang(seconds: int = 30):
    """Fail the test, instead of hanging the run, when what it wraps blocks (needs SIGALRM).

    The alarm comes again every second after the first, so a second block is
    broken too (and the test fails on the first).
    """
    if not hasattr(signal, "setitimer"):
        yield
        return

    def hung(signum, frame):
        raise Hung(f"blocked for more than {seconds} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def make_special(path: Path, kind: str) -> None:
    """A FIFO, a folder, a link loop or a dangling link at ``path`` (skipped where there are none)."""
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("this platform has no FIFOs")
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        try:
            if kind == "loop":
                os.symlink(path.name, path)
            else:
                os.symlink(path.name + ".gone", path)
        except (OSError, NotImplementedError) as error:
            pytest.skip(f"symbolic links cannot be made here ({error})")


@pytest.mark.parametrize("kind", ["fifo", "folder", "loop", "dangling"])
def test_a_lock_that_is_not_a_file_counts_as_held_and_is_never_waited_on(target, kind):
    make_special(locks.lock_path(target), kind)
    with no_hang(20):
        assert locks.holder(target) == 0             # held by an unknown window
        with pytest.raises(locks.Locked, match="open in another window"):
            locks.acquire(target)


@pytest.mark.parametrize("kind", ["fifo", "folder", "loop", "dangling"])
def test_open_anyway_clears_a_lock_that_is_not_a_file(target, kind):
    make_special(locks.lock_path(target), kind)
    with no_hang(20):
        lock = locks.acquire(target, force=True)
    assert lock.held() and locks.read_lock(lock.path)["pid"] == str(os.getpid())
    assert locks.lock_path(target).is_file() and not locks.lock_path(target).is_symlink()
    lock.release()
    assert not os.path.lexists(locks.lock_path(target))
    assert [p.name for p in target.parent.iterdir()] == []   # nothing left aside


def test_open_anyway_takes_a_lock_forged_with_a_living_process(target):
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                               stdin=subprocess.PIPE)
    try:
        real = locks.process_start(sleeper.pid)
        write_lock(target, f"pid {sleeper.pid}\nstart {real}\nnonce 0123456789abcdef\n")
        assert locks.holder(target) == sleeper.pid
        with pytest.raises(locks.Locked):
            locks.acquire(target)
        lock = locks.acquire(target, force=True)
        assert locks.holder(target) == os.getpid() and lock.held()
        lock.release()
    finally:
        sleeper.stdin.close()
        sleeper.wait(timeout=30)


def test_a_save_with_a_very_long_name_gets_a_lock_within_the_name_limit(tmp_path):
    first = tmp_path / ("x" * 250 + ".json")        # 255 bytes: the most a name may have
    second = tmp_path / ("x" * 249 + "y.json")
    lock = locks.acquire(first)
    assert len(lock.path.name.encode()) <= 255 and lock.path.name.endswith(".lock")
    assert lock.target == first and lock.held() and locks.holder(first) == os.getpid()
    assert locks.lock_path(second) != lock.path
    with pytest.raises(locks.Locked):
        locks.acquire(first)
    other = locks.acquire(second)
    lock.release()
    other.release()
    assert locks.holder(first) is None and locks.holder(second) is None
    assert list(tmp_path.iterdir()) == []
