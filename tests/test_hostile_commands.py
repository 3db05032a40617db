"""The command-line tools under hostile arguments: the one-file copy's --output, the
tournament's and the benchmark's --games and --jobs, a process limit and Ctrl+C.

Each ends in a sentence and an exit status, never a traceback, a device written
over, a run without end or a worker process left behind.
"""
from __future__ import annotations

import contextlib
import errno
import multiprocessing
import os
import select
import signal
import stat
import subprocess
import sys
import time
import zipfile

import pytest

from ed.tools import bench, parallel, pyz, tournament
from ed.rules import Rules
from tests.output import needs_shell, run_closed, run_unwritten

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")
needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"),
                                reason="finding a session's processes needs Linux's /proc")
#: Python 3.12 and later warn when a process with threads forks (the test runner has a
#: few); the pool never forks by default, and these cases fork on purpose
FORKS_WITH_THREADS = pytest.mark.filterwarnings(
    r"ignore:This process \(pid=\d+\) is multi-threaded, use of fork\(\) may lead to "
    r"deadlocks in the child\.:DeprecationWarning")
#: the start methods of worker processes; each platform has some of them
METHODS = [pytest.param(method, marks=[pytest.mark.skipif(
               method not in multiprocessing.get_all_start_methods(),
               reason=f"this platform cannot start processes by {method}")]
               + ([FORKS_WITH_THREADS] if method == "fork" else []))
           for method in ("fork", "forkserver", "spawn")]


def build(capsys, output):
    status = pyz.main(["--output", output])
    out, err = capsys.readouterr()
    return status, out, err


# ------------------------------------------------------------ the one-file copy

def test_an_empty_output_gets_a_sentence(capsys):
    status, out, err = build(capsys, "")
    assert status == 2 and out == ""
    assert err == ("The one-file copy was not built: --output needs the name of a file or a "
                   "folder, and it was empty.\n")


def test_an_output_naming_a_folder_writes_the_archive_inside_it(capsys, tmp_path):
    status, out, err = build(capsys, str(tmp_path))
    assert status == 0, err
    written = tmp_path / pyz.ARCHIVE_NAME
    assert out.startswith(f"Built {written} (")
    assert zipfile.is_zipfile(written) and written.stat().st_mode & stat.S_IXUSR


def test_an_output_ending_in_a_separator_is_a_folder_made_for_it(capsys, tmp_path):
    status, out, err = build(capsys, str(tmp_path / "newdir") + os.sep)
    assert status == 0, err
    assert (tmp_path / "newdir").is_dir()
    assert zipfile.is_zipfile(tmp_path / "newdir" / pyz.ARCHIVE_NAME)
    assert f", in the folder {tmp_path / 'newdir'} made for it). Run it with" in out


@pytest.mark.parametrize("output", ["missing/dir/x.pyz", "missing/dir/", "missing/x.pyz"])
def test_an_output_through_folders_that_do_not_exist_is_refused(capsys, tmp_path, output):
    """Nothing is made on the way (as root, ``--output /nonexistent/dir/x.pyz`` made
    ``/nonexistent/dir``)."""
    given = str(tmp_path / output)
    missing = os.path.dirname(os.path.join(given, pyz.ARCHIVE_NAME) if given.endswith(os.sep)
                              else given)
    status, out, err = build(capsys, given)
    assert (status, out) == (2, "") and not (tmp_path / "missing").exists()
    assert err == (f"The one-file copy was not built: The folder {missing} does not exist; "
                   f"make it first, or choose another place.\n")


def test_the_root_folder_gets_the_archive_inside_it():
    """``--output /`` named a folder whose own name is empty: it raised ValueError."""
    named, real = pyz.output_path(os.sep)
    assert named == real and str(named) == os.path.join(os.sep, pyz.ARCHIVE_NAME)


@needs_fifo
def test_a_pipe_is_never_written_over(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    status, out, err = build(capsys, str(fifo))
    assert status == 2 and out == ""
    assert err == (f"The one-file copy was not built: {fifo} is not a regular file (it is a "
                   f"device, a pipe or a socket), so the archive is not written over it; give a "
                   f"new file's name, a file to replace or a folder.\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]          # no temporary file left either


def test_a_device_is_never_written_over(capsys, tmp_path, monkeypatch):
    """Run as root, ``--output /dev/null`` replaced the device with the archive.  A device
    is refused before anything is opened for writing at it or beside it (here one the test
    made, like /dev/null, where that is allowed)."""
    from tests.conftest import device_node, writes_refused
    device = device_node(tmp_path)
    before = os.stat(device)
    tried = writes_refused(monkeypatch, device)
    status, out, err = build(capsys, str(device))
    assert status == 2 and out == "" and f"{device} is not a regular file" in err
    assert tried == []
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == \
        (before.st_ino, before.st_rdev)


@needs_fifo
def test_a_link_to_a_pipe_is_refused_and_left_as_it_was(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link.pyz"
    link.symlink_to(fifo)
    status, _, err = build(capsys, str(link))
    assert status == 2 and "is not a regular file" in err
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(link).st_mode)


def test_a_link_to_a_file_replaces_the_file_and_keeps_the_link(capsys, tmp_path):
    real = tmp_path / "real.pyz"
    assert build(capsys, str(real))[0] == 0
    fresh = real.read_bytes()
    with open(real, "ab") as older:          # an older copy: still one, but not these bytes
        older.write(b"older")
    link = tmp_path / "link.pyz"
    link.symlink_to(real)
    status, out, err = build(capsys, str(link))
    assert status == 0, err
    assert out.startswith(f"Built {link} (")
    assert link.is_symlink() and zipfile.is_zipfile(real) and pyz.is_archive(real)
    assert real.read_bytes() == fresh
    assert sorted(os.listdir(tmp_path)) == ["link.pyz", "real.pyz"]


def test_a_file_that_is_no_one_file_copy_is_replaced_only_when_the_person_says_so(
        capsys, tmp_path, monkeypatch):
    """Any regular file was replaced without a word; now only an earlier one-file copy is,
    and anything else when the person answers yes at the terminal (never without one)."""
    notes = tmp_path / "notes.pyz"
    notes.write_text("my notes")
    status, out, err = build(capsys, str(notes))           # no terminal: no one to ask
    assert (status, out) == (2, "") and notes.read_text() == "my notes"
    assert err.startswith(f"The one-file copy was not built: {notes} is already there (a file "
                          f"of 8 bytes, changed ")
    assert err.endswith(") and is not a one-file copy, so it is left as it is; remove it first "
                        "or choose another name.\n")
    asked = []
    monkeypatch.setattr(pyz.sys.stdin, "isatty", lambda: True, raising=False)
    for answer in ("", "y"):
        monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or answer)
        status, out, err = build(capsys, str(notes))
        assert asked[-1].startswith(f"notes.pyz is already in {tmp_path}: a file of 8 bytes")
        assert asked[-1].endswith(". Replace it? [y/N] ")
    assert status == 0 and pyz.is_archive(notes) and len(asked) == 2
    assert sorted(os.listdir(tmp_path)) == ["notes.pyz"]


def test_the_one_file_copy_never_goes_in_the_data_folder_nor_over_a_save(capsys, tmp_path,
                                                                         monkeypatch):
    from ed import save as _save
    from tests.test_save import played
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    monkeypatch.setenv("ED_DATA_DIR", str(data))
    game = data / "saves" / "game.json"
    _save.save(played(upto=2), game)
    before = game.read_bytes()
    linked = tmp_path / "linked"
    linked.symlink_to(data)
    for output in (game, data, linked / "saves" / "new.pyz", data / "dist" / "",
                   tmp_path / "linked" / ".." / "linked" / "saves" / "x.pyz"):
        given = str(output) + (os.sep if str(output).endswith("dist") else "")
        status, out, err = build(capsys, given)
        assert (status, out) == (2, ""), err
        assert f"would be in the game's data folder ({data})" in err
    outside = tmp_path / "copy.json"
    outside.write_bytes(before)                              # a save kept by hand elsewhere
    status, out, err = build(capsys, str(outside))
    assert status == 2 and err == ("The one-file copy was not built: copy.json is a saved game "
                                   "of Executive Decision; choose another name, so that no "
                                   "game is written over.\n")
    assert game.read_bytes() == before == outside.read_bytes()
    assert not (data / "dist").exists() and sorted(os.listdir(data / "saves")) == ["game.json"]


def test_a_folder_in_the_archives_place_gets_a_sentence(capsys, tmp_path):
    (tmp_path / pyz.ARCHIVE_NAME).mkdir()
    status, _, err = build(capsys, str(tmp_path) + os.sep)
    assert status == 2
    assert err == (f"The one-file copy was not built: {tmp_path / pyz.ARCHIVE_NAME} is a folder, "
                   f"so the archive cannot take its name; choose another place.\n")


def test_a_path_through_a_file_gets_a_sentence(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("notes")
    status, _, err = build(capsys, str(tmp_path / "notes.txt" / "x.pyz"))
    assert status == 2 and err == (f"The one-file copy was not built: {tmp_path / 'notes.txt'} "
                                   f"is not a folder, so the archive cannot be written in it; "
                                   f"choose another place.\n")
    assert (tmp_path / "notes.txt").read_text() == "notes"


def test_the_module_says_it_in_a_sentence_without_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "ed.tools.pyz", "--output", ""], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "it was empty" in done.stderr


# ------------------------------------------------------------------ tournament

@pytest.mark.parametrize("command", [["ed.tournament", "--games", "2", "--seats", "easy,easy",
                                      "--months", "2", "--quiet"],
                                     ["ed.bench", "--quick"]], ids=["tournament", "bench"])
def test_output_that_cannot_be_written_ends_in_silence_or_one_sentence(command):
    """A reader that has gone (``| head -1``) gets silence, a full disk one sentence; both
    exit with status 1, never a traceback."""
    closed, full = run_unwritten([sys.executable, "-m"] + command)
    assert (closed.returncode, closed.stderr) == (1, "")
    if full is None:
        pytest.skip("this platform has no /dev/full to make a full disk of")
    assert (full.returncode, full.stderr) == (1, f"python3 -m {command[0]}: the output could "
                                                 f"not be written (no space left on device).\n")


UNWRITTEN = "the output could not be written (standard output is closed).\n"
TWENTY_GAMES = ["--games", "20", "--seats", "easy,easy", "--months", "1"]   # progress shown


@needs_shell
@pytest.mark.parametrize("command, prog", [
    ([sys.executable, "-m", "ed.tools.tournament"], "python3 -m ed.tournament"),
    ([sys.executable, "executive_decision.py", "tournament"], "executive_decision.py tournament")],
    ids=["module", "launcher"])
def test_a_tournament_with_a_stream_closed_ends_in_one_sentence_or_none(command, prog):
    """Standard output closed (``>&-``) raised AttributeError on flush; standard error closed,
    the progress raised it and a mistake's sentence went to standard output."""
    closed = run_closed(command + TWENTY_GAMES, "stdout")
    assert (closed.returncode, closed.stderr) == (1, f"{prog}: {UNWRITTEN}")
    quiet = run_closed(command + TWENTY_GAMES, "stderr")
    assert quiet.returncode == 0
    assert quiet.stdout.startswith("20 games, 2 players, 1 months, variations: none, seed 1\n")
    assert quiet.stdout.endswith("\nfallbacks: none (no decision failed)\n")
    assert "played" not in quiet.stdout
    both = run_closed(command + TWENTY_GAMES, "both")
    assert (both.returncode, both.stdout, both.stderr) == (1, "", "")
    mistake = run_closed(command + ["--games", "0"], "stderr")
    assert (mistake.returncode, mistake.stdout) == (2, "")
    helped = run_closed(command + ["--help"], "stdout")
    assert (helped.returncode, helped.stderr) == (0, "")


@needs_shell
@pytest.mark.parametrize("command, prog", [
    ([sys.executable, "-m", "ed.bench"], "python3 -m ed.bench"),
    ([sys.executable, "-m", "ed", "bench"], "python3 -m ed bench")], ids=["module", "launcher"])
def test_a_benchmark_with_a_stream_closed_ends_in_one_sentence_or_none(command, prog):
    closed = run_closed(command + ["--quick"], "stdout")
    assert (closed.returncode, closed.stderr) == (1, f"{prog}: {UNWRITTEN}")
    both = run_closed(command + ["--quick"], "both")
    assert (both.returncode, both.stdout, both.stderr) == (1, "", "")
    mistake = run_closed(command + ["--games", "0"], "stderr")
    assert (mistake.returncode, mistake.stdout) == (2, "")


@needs_shell
def test_a_benchmark_with_standard_error_closed_prints_its_figures():
    done = run_closed([sys.executable, "-m", "ed.bench", "--quick"], "stderr", timeout=300)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Python ") and "complete 12-month 6-player games" in lines[1]
    assert lines[-1].startswith("ai expert (6 seats, variations I-III): ")


def run(capsys, *args):
    status = tournament.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_too_many_jobs_are_capped_with_a_sentence(capsys):
    args = ("--games", "8", "--seats", "medium,easy", "--months", "2", "--seed", "3")
    alone = run(capsys, *args)[1]
    status, out, err = run(capsys, *args, "--jobs", "100000")
    cores = os.cpu_count() or 1
    assert status == 0 and out == alone
    assert err == (f"tournament: --jobs 100000 is more than this computer can use ({cores} "
                   f"core{'s' if cores != 1 else ''}), so {4 * cores} processes are used.\n")


def test_a_trillion_games_are_refused_in_a_sentence(capsys):
    status, out, err = run(capsys, "--games", "1000000000000")
    assert status == 2 and out == ""
    assert err.startswith("tournament: --games must be at most 1,000,000, not "
                          "1,000,000,000,000 (a million games already take days).\n")


def test_results_are_counted_as_they_come(capsys):
    """No list of every game: a tally of wins and of each final cash, the same table."""
    rules = Rules(players=3, months=2)
    players = [("medium", None), ("easy", None), ("g:margin", None)]
    tally = tournament.run(rules, players, 30, seed=5, jobs=2)
    finals = [tournament.play_game(rules, players, i, 5)[0] for i in range(30)]
    assert isinstance(tally, tournament.Tally) and tally.games == 30
    assert [sum(counts.values()) for counts in tally.cash] == [30, 30, 30]
    assert len(tally.cash[0]) == len(set(f[0] for f in finals))
    start = rules.starting_cash
    assert tournament.summary(players, tally, start) == tournament.summary(players, finals, start)


@pytest.mark.parametrize("method", METHODS)
def test_tasks_are_taken_only_as_workers_are_free(method):
    taken = []

    def tasks():
        for n in range(1000):
            taken.append(n)
            yield n

    with contextlib.closing(parallel.ordered_map(abs, tasks(), 2, method=method)) as results:
        first = next(results)
        assert first == 0 and len(taken) <= 2 * 2 + 1
        assert list(results) == list(range(1, 1000))
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("method", METHODS)
def test_a_pool_keeps_its_workers_from_one_map_to_the_next(method):
    with parallel.Pool(2, method=method) as pool:
        assert pool.map(abs, range(-6, 0)) == [6, 5, 4, 3, 2, 1]
        workers = [w.process.pid for w in pool.workers]
        assert pool.map(str, [7, 8, 9]) == ["7", "8", "9"]
        assert [w.process.pid for w in pool.workers] == workers and len(workers) == 2
        with pytest.raises(parallel.WorkerError, match=r"^A worker process failed: ValueError"):
            pool.map(int, ["1", "x"])
        assert pool.workers == [] and multiprocessing.active_children() == []
        assert pool.map(abs, [-1]) == [1]                # workers started again
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("method", METHODS)
def test_a_worker_that_cannot_be_started_stops_the_others(monkeypatch, method):
    started = []
    real_start = parallel._start

    def start(pool):
        if len(started) == 2:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        worker = real_start(pool)
        started.append(worker.process)
        return worker

    monkeypatch.setattr(parallel, "_start", start)
    with pytest.raises(parallel.WorkerError) as raised:
        list(parallel.ordered_map(abs, range(20), 4, method=method))
    assert str(raised.value) == ("Worker process 3 of 4 could not be started (Resource "
                                 "temporarily unavailable); try fewer processes.")
    assert len(started) == 2 and not any(p.is_alive() for p in started)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("method", METHODS)
def test_a_failing_task_stops_every_worker(method):
    with pytest.raises(parallel.WorkerError, match=r"^A worker process failed: ValueError: "):
        list(parallel.ordered_map(int, ["1", "2", "three", "4"], 2, method=method))
    assert multiprocessing.active_children() == []


def test_the_pool_never_forks_by_default():
    """A process with threads (a window, a test runner) is never forked: forking one can
    deadlock the child, and Python 3.12 and later warn about it."""
    assert parallel.default_method() in ("forkserver", "spawn")
    assert parallel.Pool(1).context.get_start_method() == parallel.default_method()


def _family(pid: int) -> set:
    """``pid`` and every process descended from it, from /proc."""
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as handle:
                    parents[int(name)] = int(handle.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    family, grown = {pid}, True
    while grown:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grown = bool(more)
    return family


def _lines_until(pipe, enough, seconds: float = 60.0) -> str:
    """Read ``pipe`` until ``enough(text so far)`` or its end; fails after ``seconds``."""
    deadline, text = time.monotonic() + seconds, b""
    while not enough(text.decode()):
        ready, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"nothing more within {seconds:.0f} s; so far: {text.decode()!r}"
        chunk = os.read(pipe.fileno(), 4096)
        if not chunk:
            break
        text += chunk
    return text.decode()


def _still_running(pids, seconds: float = 10.0) -> list:
    """The processes of ``pids`` that have not ended within ``seconds`` (each waited on as
    an event with a pidfd where the system has them, else looked at once)."""
    deadline, left = time.monotonic() + seconds, []
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        except (AttributeError, OSError):       # no pidfd: is it there, and not a zombie?
            if _state(pid) not in (None, "Z", "X"):
                left.append(pid)
            continue
        try:
            if not _ends_within(fd, deadline):
                left.append(pid)
        finally:
            os.close(fd)
    return left


def _ends_within(pidfd: int, deadline: float) -> bool:
    return bool(select.select([pidfd], [], [], max(0.0, deadline - time.monotonic()))[0])


def _state(pid: int):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def _in_temporary(folder) -> dict:
    """The environment of a child whose temporary folder is ``folder`` (the test's own, so
    what the child leaves there is seen, and never left in the machine's)."""
    return dict(os.environ, TMPDIR=str(folder))


def _ending_status(signum: int) -> int:
    """How a parent of workers ends on ``signum``: SIGTERM and SIGHUP as an exit with status
    128 + the signal (its cleanup done), SIGKILL killed outright."""
    return -signum if signum == signal.SIGKILL else 128 + signum


def _killed_leaves_no_process(command, started, signum, temporary) -> str:
    """Start ``command`` with the temporary folder ``temporary``, read its stderr until
    ``started(text)``, kill it with ``signum``, and check that every process it started
    ends too, and (unless it was SIGKILL, which no process can tidy up after) that it
    leaves nothing in ``temporary``; returns what it said.  ``command`` starts with
    ``signum`` at the system's default, as from a terminal, even where the suite runs under
    ``nohup`` (an ignored signal is handed down, and the command rightly leaves it so)."""
    def as_from_a_terminal() -> None:
        if signum != signal.SIGKILL:
            signal.signal(signum, signal.SIG_DFL)

    parent = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env=_in_temporary(temporary),
                              preexec_fn=as_from_a_terminal)
    held = {}             # a pidfd for each process it started: never another's by mistake
    try:
        said = _lines_until(parent.stderr, started)
        assert "Traceback" not in said, said
        family = _family(parent.pid) - {parent.pid}
        held = {pid: os.pidfd_open(pid) for pid in family} if hasattr(os, "pidfd_open") else {}
        os.kill(parent.pid, signum)
        assert parent.wait(timeout=30) == _ending_status(signum)
        # Every worker (and helper) holds the parent's stderr: its end means all are gone.
        _lines_until(parent.stderr, lambda text: False, seconds=30)
        deadline = time.monotonic() + 10
        assert [pid for pid, fd in held.items() if not _ends_within(fd, deadline)] == []
        assert held or _still_running(family) == []
        if signum != signal.SIGKILL:        # no pymp-… folder of the forkserver's left
            assert os.listdir(temporary) == []
        return said
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        parent.stderr.close()
        for fd in held.values():                # a failure leaves no process behind either
            if not _ends_within(fd, 0):
                signal.pidfd_send_signal(fd, signal.SIGKILL)
            os.close(fd)


def _workers_seen(text: str) -> set:
    return {line.split()[1] for line in text.splitlines() if line.count(" ") == 1}


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["SIGTERM", "SIGHUP", "SIGKILL"])
@pytest.mark.parametrize("method", METHODS)
def test_workers_end_when_their_parent_is_killed(method, signum, tmp_path):
    """One worker at full CPU, two waiting for work; the parent killed: none is left (nor
    the helper processes of the start method), nor, but after SIGKILL, anything in the
    temporary folder."""
    code = "import sys; from tests.parallel_parent import run; run(sys.argv[1])"
    said = _killed_leaves_no_process([sys.executable, "-c", code, method],
                                     lambda text: len(_workers_seen(text)) == 3, signum,
                                     tmp_path)
    assert said.startswith("busy ") or "\nbusy " in said


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="this platform has no SIGHUP")
def test_a_hang_up_ignored_from_the_start_stays_ignored():
    """Started under ``nohup``, a command keeps running when the terminal goes; SIGTERM,
    still at the system's default, ends it tidily."""
    kept = {signum: signal.getsignal(signum) for signum in (signal.SIGHUP, signal.SIGTERM)}
    try:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        parallel.end_tidily_on_signals()
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN)
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_tournament_stopped_by_a_signal_leaves_no_worker_and_no_folder(signum, tmp_path):
    command = [sys.executable, "-m", "ed.tournament", "--games", "100000", "--jobs", "2",
               "--seats", "easy,easy"]
    said = _killed_leaves_no_process(command, lambda text: "played" in text, signum, tmp_path)
    assert "Traceback" not in said


def _session(sid: int):
    """The processes of session ``sid`` still alive (zombies aside), from /proc."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(name))
    return found


def test_the_suite_hears_ctrl_c_though_started_with_it_ignored():
    """A suite started in the background (``&`` in a script, where Ctrl+C comes ignored)
    gives its commands Ctrl+C as a terminal does: ignored, it stayed ignored in each
    tournament started below, which then never stopped (tests/conftest.py)."""
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    ignored = subprocess.run(
        ["bash", "-c", f"trap '' INT; exec {sys.executable} -c 'import signal; "
         "print(signal.getsignal(signal.SIGINT) == signal.SIG_IGN)'"],
        capture_output=True, text=True, timeout=60)
    assert ignored.stdout.strip() == "True"        # what such a start hands down


@needs_proc
def test_ctrl_c_stops_the_tournament_and_every_worker(tmp_path):
    """As many games as a tournament may have: on no machine, however fast or busy, are
    they over before Ctrl+C (which comes once the first game is counted)."""
    command = [sys.executable, "-m", "ed.tournament", "--games", str(tournament.MAX_GAMES),
               "--jobs", "3", "--months", "2"]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True, env=_in_temporary(tmp_path))
    try:
        seen = ""
        while "played" not in seen:          # workers are busy once a game is counted
            line = child.stderr.readline()
            assert line, f"the tournament ended before playing a game: {child.stderr.read()}"
            seen += line
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130 and out == ""
    assert "tournament: stopped after " in err and "Traceback" not in err
    assert _still_running(_session(child.pid)) == []
    assert os.listdir(tmp_path) == []


@needs_proc
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root is not held to a process limit")
def test_a_process_limit_ends_in_a_sentence_with_no_worker_left():
    import resource
    mine = sum(1 for name in os.listdir("/proc") if name.isdigit()
               and os.path.exists(f"/proc/{name}") and _owner(name) == os.getuid())

    def limit():
        resource.setrlimit(resource.RLIMIT_NPROC, (mine + 3, mine + 3))

    child = subprocess.Popen([sys.executable, "-m", "ed.tournament", "--games", "40", "--jobs", "8",
                              "--months", "1", "--seats", "easy,easy", "--quiet"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=limit, start_new_session=True)
    try:
        out, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "Traceback" not in err
    assert child.returncode in (0, 1), err
    if child.returncode == 1:
        assert "could not be started" in err and "try fewer processes" in err
    else:       # the limit let every worker start after all
        assert out.startswith("40 games")
    assert _still_running(_session(child.pid)) == []


def _owner(pid: str) -> int:
    try:
        return os.stat(f"/proc/{pid}").st_uid
    except OSError:
        return -1


# ------------------------------------------------------------------- benchmark

@pytest.mark.parametrize("args, message", [
    (["--games", "1000000000"], "--games must be at most 5,000, not 1,000,000,000"),
    (["--repeat", "1000000"], "--repeat must be at most 100, not 1,000,000"),
])
def test_the_benchmark_is_bounded(capsys, args, message):
    with pytest.raises(SystemExit) as stopped:
        bench.main(args)
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_the_benchmark_caps_its_processes_too(capsys, monkeypatch):
    asked = []
    monkeypatch.setattr(bench, "bench_engine", lambda games, repeat, jobs: asked.append(jobs) or [])
    monkeypatch.setattr(bench, "bench_saves", lambda repeat: [])
    monkeypatch.setattr(bench, "bench_ai", lambda games, repeat: ([], 0))
    assert bench.main(["--jobs", "100000", "--quick"]) == 0
    assert asked == [parallel.most_jobs()]
    assert capsys.readouterr().err.startswith("python3 -m ed.bench: --jobs 100000 is more than "
                                              "this computer can use")


def test_the_benchmark_counts_failed_decisions_and_says_its_figures_are_not_valid(
        capsys, monkeypatch, ai_fallbacks):
    from ed.ai import levels

    def failing(avatar, view, *args):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(bench, "bench_engine", lambda games, repeat, jobs: [])
    monkeypatch.setattr(bench, "bench_saves", lambda repeat: [])
    monkeypatch.setattr(levels.Avatar, "_offer", failing)      # easy, medium and hard sell
    assert bench.main(["--quick"]) == 1
    out, err = capsys.readouterr()
    ai_lines = [line for line in out.splitlines() if line.startswith("ai ")]
    assert len(ai_lines) == 6
    failed = [int(line.rsplit(", ", 1)[1].split()[0]) for line in ai_lines]
    # every table counts the fallbacks of all its seats: the experts plan otherwise, but the
    # three hard players beside the lone expert fail as the easy, medium and hard tables do
    assert failed[3] == failed[5] == 0 and min(failed[:3] + failed[4:5]) > 0
    assert all(line.endswith(f", {n} fell back") for line, n in zip(ai_lines, failed))
    assert err.startswith("Avatar(") and "ZeroDivisionError: planted" in err   # the first one
    assert err.endswith(f"python3 -m ed.bench: {sum(failed)} decisions of computer players "
                        f"failed and passed the phase, so these figures are not valid.\n")
    ai_fallbacks.clear()


def test_the_benchmark_counts_players_that_raise_at_the_door(capsys, monkeypatch, ai_fallbacks):
    """``Avatar.decide`` raising stopped the benchmark with a traceback."""
    from ed.ai import levels

    def failing(avatar, view):
        raise ZeroDivisionError("planted at the door")

    monkeypatch.setattr(bench, "bench_engine", lambda games, repeat, jobs: [])
    monkeypatch.setattr(bench, "bench_saves", lambda repeat: [])
    monkeypatch.setattr(levels.Avatar, "decide", failing)
    assert bench.main(["--quick"]) == 1
    out, err = capsys.readouterr()
    ai_lines = [line for line in out.splitlines() if line.startswith("ai ")]
    # one 12-month game a table, every seat failing both phases of every month
    assert [line.rsplit(", ", 1)[1] for line in ai_lines] == \
        [f"{seats * 24} fell back" for seats in (4, 4, 4, 4, 4, 6)]
    assert err.count("Traceback") == 1 and "ZeroDivisionError: planted at the door" in err
    assert err.endswith(f"python3 -m ed.bench: {5 * 96 + 144} decisions of computer players "
                        f"failed and passed the phase, so these figures are not valid.\n")
    ai_fallbacks.clear()


def test_the_review_figure_counts_the_expert_s_failed_decisions(monkeypatch, ai_fallbacks):
    from ed.ai import levels

    def failing(avatar, view):
        raise ZeroDivisionError("planted at the door")

    monkeypatch.setattr(levels.Avatar, "decide", failing)
    lines, failed = bench.bench_review((3,))
    assert lines[0].startswith("review of a 12-month 6-player game with 3 people: ")
    # the game's 6 seats and the expert's review of 3 people, each for 24 phases
    assert failed == 6 * 24 + 3 * 24 == len(ai_fallbacks)
    ai_fallbacks.clear()


def test_the_benchmarks_processes_side_by_side_leave_none_behind():
    lines = bench.bench_engine(games=4, repeat=1, jobs=2)
    assert lines[-1].startswith("  with 2 processes side by side: ")
    assert multiprocessing.active_children() == []
