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
import signal
import stat
import subprocess
import sys
import zipfile

import pytest

from ed import bench, parallel, pyz, tournament
from ed.rules import Rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")
needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"),
                                reason="finding a session's processes needs Linux's /proc")


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
    status, _, err = build(capsys, str(tmp_path / "newdir") + os.sep)
    assert status == 0, err
    assert (tmp_path / "newdir").is_dir()
    assert zipfile.is_zipfile(tmp_path / "newdir" / pyz.ARCHIVE_NAME)


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


@pytest.mark.skipif(not (os.path.exists("/dev/null") and stat.S_ISCHR(os.stat("/dev/null").st_mode)),
                    reason="no /dev/null device here")
def test_a_device_is_never_written_over(capsys):
    """Run as root, ``--output /dev/null`` replaced the device with the archive."""
    before = os.stat("/dev/null")
    status, out, err = build(capsys, "/dev/null")
    assert status == 2 and out == "" and "/dev/null is not a regular file" in err
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


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
    real.write_text("an older copy")
    link = tmp_path / "link.pyz"
    link.symlink_to(real)
    status, out, err = build(capsys, str(link))
    assert status == 0, err
    assert out.startswith(f"Built {link} (")
    assert link.is_symlink() and zipfile.is_zipfile(real)
    assert sorted(os.listdir(tmp_path)) == ["link.pyz", "real.pyz"]


def test_a_folder_in_the_archives_place_gets_a_sentence(capsys, tmp_path):
    (tmp_path / pyz.ARCHIVE_NAME).mkdir()
    status, _, err = build(capsys, str(tmp_path) + os.sep)
    assert status == 2
    assert err == (f"The one-file copy was not built: {tmp_path / pyz.ARCHIVE_NAME} is a folder, "
                   f"so the archive cannot take its name; choose another place.\n")


def test_a_path_through_a_file_gets_a_sentence(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("notes")
    status, _, err = build(capsys, str(tmp_path / "notes.txt" / "x.pyz"))
    assert status in (1, 2) and "Traceback" not in err
    assert err.startswith("The one-file copy ") and "Not a directory" in err
    assert (tmp_path / "notes.txt").read_text() == "notes"


def test_the_module_says_it_in_a_sentence_without_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "ed.pyz", "--output", ""], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "it was empty" in done.stderr


# ------------------------------------------------------------------ tournament

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


def test_tasks_are_taken_only_as_workers_are_free():
    taken = []

    def tasks():
        for n in range(1000):
            taken.append(n)
            yield n

    with contextlib.closing(parallel.ordered_map(abs, tasks(), 2)) as results:
        first = next(results)
        assert first == 0 and len(taken) <= 2 * 2 + 1
        assert list(results) == list(range(1, 1000))
    assert multiprocessing.active_children() == []


def test_a_worker_that_cannot_be_started_stops_the_others(monkeypatch):
    started = []
    real_start = parallel._start

    def start(context, function):
        if len(started) == 2:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        worker = real_start(context, function)
        started.append(worker.process)
        return worker

    monkeypatch.setattr(parallel, "_start", start)
    with pytest.raises(parallel.WorkerError) as raised:
        list(parallel.ordered_map(abs, range(20), 4))
    assert str(raised.value) == ("Worker process 3 of 4 could not be started (Resource "
                                 "temporarily unavailable); try fewer processes.")
    assert len(started) == 2 and not any(p.is_alive() for p in started)
    assert multiprocessing.active_children() == []


def test_a_failing_task_stops_every_worker():
    with pytest.raises(parallel.WorkerError, match=r"^A worker process failed: ValueError: "):
        list(parallel.ordered_map(int, ["1", "2", "three", "4"], 2))
    assert multiprocessing.active_children() == []


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


@needs_proc
def test_ctrl_c_stops_the_tournament_and_every_worker():
    command = [sys.executable, "-m", "ed.tournament", "--games", "400", "--jobs", "3",
               "--months", "2"]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
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
    assert _session(child.pid) == []


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
    assert _session(child.pid) == []


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
    monkeypatch.setattr(bench, "bench_ai", lambda games: ([], 0))
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


def test_the_benchmarks_processes_side_by_side_leave_none_behind():
    lines = bench.bench_engine(games=4, repeat=1, jobs=2)
    assert lines[-1].startswith("  with 2 processes side by side: ")
    assert multiprocessing.active_children() == []
