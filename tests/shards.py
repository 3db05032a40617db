"""The suite on every core: a second pytest process takes groups of tests from the same list.

``python3 -m pytest`` runs here as ever; where the machine has two cores or
more (``ED_TEST_JOBS`` sets how many processes, 1 turns this off), the run
starts one more pytest process per core with the same arguments.  Every
process collects the same tests and walks the same list of groups of tests
(``_units``), and *claims* each group before running it (an exclusive create
of a file named after it in a folder they share), so each test is run once,
by whichever process is free first.

The groups: a test file, so that its module fixtures are made once; but a
file that weighs more than ``1 / SPLIT`` of the whole run is split, so that
no one file decides how long the run takes: into its test functions, each
case of a parametrized one alone where the function is one of ``KNOWN_S``
and weighs more than ``1 / SPLIT`` itself, or as the module's own
``shard_group(item)`` names them (a name, or ``None`` for the rule above;
``tests/ui/test_fit.py`` keeps each screen's window in one process that
way).  A test weighs what ``KNOWN_S`` says it costs, else ``WINDOW_S`` if
it needs the display (a real window), else ``OTHER_S``.  The files come
heaviest first and a split file's groups together, heaviest first, so that
both processes share the heaviest files from the start and what is left for
the end is small.

The other processes write each test's reports to a file as they go
(pytest's own serialisation, ``pytest_report_to_serializable``); the first
process replays them through ``pytest_runtest_logreport`` once it has run
its own, so the summary, the failures shown and the exit status cover every
test.  A test that another process claimed and never reported (the process
died) fails with that process's last output.  Each of the other processes
takes its folder and report file out of its environment as it starts
(``_ROLE``), so that a pytest that a test starts is a run of its own.

Not used with ``-x``/``--maxfail``, ``--pdb``, ``--collect-only``, ``-p
no:terminal`` or fewer than ``MIN_TESTS`` tests.  Each process of the GUI
tests starts a virtual screen of its own when no display is set (the other
processes are given none even where one is, so keyboard focus is never
shared between two windows of two processes).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from typing import Dict, List, Optional

import pytest

#: the environment variable naming the folder the processes share (set in the others)
SHARED = "ED_TEST_SHARDS_DIR"
#: the environment variable naming the file where one of the others writes its reports
REPORTS = "ED_TEST_SHARD_REPORTS"
#: the environment variable that sets how many processes run the suite
JOBS = "ED_TEST_JOBS"
#: fewer tests than this are run in one process: a second one would cost more than it saves
MIN_TESTS = 40
#: a file heavier than this share of the run (1 / SPLIT) is split into groups of its tests
SPLIT = 16
#: seconds a test that needs the display (a real window) is guessed to cost
WINDOW_S = 0.45
#: seconds any other test is guessed to cost
OTHER_S = 0.05
#: What the heaviest tests cost, in seconds of one core of this project's 2-core machine
#: when idle (their X server's included), each case of a parametrized test
#: (``python3 -m pytest --durations=30 FILE``).  Measured, so that they are claimed first and
#: a file of them is split; a test missing here is guessed (``WINDOW_S``, ``OTHER_S``).
KNOWN_S = {
    "tests/test_ai.py::test_legality_sweep_submit_never_refuses_and_offers_are_makeable": 26.0,
    "tests/test_ai.py::test_a_planted_fault_fails_a_test_that_does_not_look_for_it": 5.0,
    "tests/test_ai.py::test_personalities_play_differently": 2.0,
    "tests/test_ai.py::test_styles_and_phase_records_name_their_fields": 1.3,
    "tests/test_gauntlet.py::test_legality_sweep_submit_never_refuses_and_offers_are_makeable":
        4.8,
    "tests/test_shards.py::test_two_processes_share_the_files_and_one_summary_counts_them_all":
        12.0,
    "tests/test_shards.py::test_a_test_in_a_process_that_dies_fails_with_its_last_words": 7.0,
    "tests/test_shards.py::test_one_process_when_asked": 6.0,
    "tests/ui/test_fit.py::test_no_text_is_cut_and_no_window_leaves_the_screen": 3.2,
    "tests/ui/test_fit.py::test_the_board_is_the_table_at_every_size": 0.8,
    "tests/ui/test_fit.py::test_a_sharp_screen_shows_what_the_screen_of_the_same_inches_shows":
        0.5,
    "tests/ui/test_reveal.py::test_every_line_shows_beside_its_row_at_every_size_and_seat_count":
        1.6,
    "tests/ui/test_table.py::test_at_every_size_offered_the_window_can_be_made_"
    "smaller_than_the_screen": 2.9,
    "tests/ui/test_table.py::test_no_key_on_the_next_person_s_sheet_touches_another_s_entry":
        2.0,
}

def _jobs(config) -> int:
    """How many processes should run this session's tests (1: this one alone)."""
    wanted = os.environ.get(JOBS, "")
    try:
        jobs = int(wanted) if wanted else min(os.cpu_count() or 1, 2)
    except ValueError:
        jobs = 1
    option = config.option
    if (getattr(option, "exitfirst", False) or getattr(option, "maxfail", 0)
            or getattr(option, "usepdb", False) or getattr(option, "collectonly", False)
            or config.pluginmanager.get_plugin("terminalreporter") is None):
        return 1
    return max(1, jobs)


def _file_of(item) -> str:
    return item.nodeid.split("::", 1)[0]


def _function_of(item) -> str:
    return item.nodeid.split("[", 1)[0]


def _weight(item) -> float:
    """A test's cost in seconds: measured (``KNOWN_S``) or guessed."""
    known = KNOWN_S.get(_function_of(item))
    if known is not None:
        return known
    return WINDOW_S if "display" in getattr(item, "fixturenames", ()) else OTHER_S


def _total(items) -> float:
    return sum(_weight(item) for item in items)


def _split(name: str, tests: list, limit: float) -> Dict[str, list]:
    """The groups of a file too heavy to be claimed whole (see the module's docstring)."""
    by_function: Dict[str, list] = {}
    for item in tests:
        by_function.setdefault(_function_of(item), []).append(item)
    grouped = getattr(getattr(tests[0], "module", None), "shard_group", None)
    groups: Dict[str, list] = {}
    for function, cases in by_function.items():
        alone = function in KNOWN_S and _total(cases) > limit
        for item in cases:
            named = grouped(item) if callable(grouped) else None
            key = f"{name}::{named}" if named else item.nodeid if alone else function
            groups.setdefault(key, []).append(item)
    order = list(groups)
    return {key: groups[key] for key in sorted(
        order, key=lambda key: (-_total(groups[key]), order.index(key)))}


def _units(items) -> Dict[str, list]:
    """The tests grouped as the processes claim them, in the order they are claimed: the
    files heaviest first, a file too heavy to be claimed whole split into groups, which
    follow one another, heaviest first (see the module's docstring)."""
    by_file: Dict[str, list] = {}
    for item in items:
        by_file.setdefault(_file_of(item), []).append(item)
    limit = _total(items) / SPLIT
    order = list(by_file)
    units: Dict[str, list] = {}
    for name in sorted(order, key=lambda name: (-_total(by_file[name]), order.index(name))):
        tests = by_file[name]
        if _total(tests) > limit:
            units.update(_split(name, tests, limit))
        else:
            units[name] = tests
    return units


def _claim(folder: str, name: str) -> bool:
    """Whether this process is the first to claim test file ``name``."""
    path = os.path.join(folder, "claim-" + "".join(
        c if c.isalnum() or c in "._-" else "_" for c in name)[:150] + "-"
        + format(zlib.crc32(name.encode("utf-8")), "08x"))
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        return True
    except FileExistsError:
        return False


def _run_claimed(session, folder: str) -> None:
    """Run every test of each group (``_units``) this process claims."""
    units = _units(session.items)
    names = iter(units)

    def next_claimed() -> Optional[str]:
        for name in names:
            if _claim(folder, name):
                _write({"claimed": name})
                return name
        return None

    current = next_claimed()
    while current is not None:
        items = units[current]
        following = None
        for index, item in enumerate(items):
            if index + 1 < len(items):
                nextitem = items[index + 1]
            else:
                following = next_claimed()
                nextitem = units[following][0] if following is not None else None
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            if session.shouldfail or session.shouldstop:
                return
        current = following


class _Helper:
    """One more pytest process, started with this run's own arguments."""

    def __init__(self, config, folder: str, number: int) -> None:
        self.results = os.path.join(folder, f"reports-{number}.jsonl")
        self.output = os.path.join(folder, f"output-{number}.txt")
        env = dict(os.environ, **{SHARED: folder, REPORTS: self.results})
        if shutil.which("Xvfb"):
            env.pop("DISPLAY", None)      # a virtual screen of its own
        args = [sys.executable, "-m", "pytest", *config.invocation_params.args,
                "-p", "no:cacheprovider"]
        with open(self.output, "wb") as out:
            self.process = subprocess.Popen(args, cwd=str(config.invocation_params.dir),
                                            env=env, stdin=subprocess.DEVNULL, stdout=out,
                                            stderr=subprocess.STDOUT)

    def wait(self) -> int:
        return self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def tail(self, lines: int = 40) -> str:
        try:
            with open(self.output, encoding="utf-8", errors="replace") as handle:
                return "".join(handle.readlines()[-lines:])
        except OSError:
            return "(its output could not be read)"

    def lines(self) -> List[dict]:
        """What the process wrote: ``{"claimed": file}`` as it claimed a file, and each
        report serialised."""
        found = []
        try:
            with open(self.results, encoding="utf-8") as handle:
                for line in handle:
                    try:
                        found.append(json.loads(line))
                    except ValueError:       # a line cut short as the process died
                        pass
        except OSError:
            pass
        return found


def _replay(session, helper: _Helper) -> None:
    """Report the helper's tests here, as if run here; a test of a file it claimed and never
    reported fails, with the helper's last output."""
    hook = session.config.hook
    claimed, started, finished = set(), set(), set()
    for data in helper.lines():
        if "claimed" in data:
            claimed.add(data["claimed"])
            continue
        report = hook.pytest_report_from_serializable(config=session.config, data=data)
        if report is None:
            continue
        if isinstance(report.longrepr, list):     # a skip's (file, line, reason): JSON made
            report.longrepr = tuple(report.longrepr)   # the tuple a list
        if report.nodeid not in started:
            started.add(report.nodeid)
            hook.pytest_runtest_logstart(nodeid=report.nodeid, location=report.location)
        hook.pytest_runtest_logreport(report=report)
        if report.when == "teardown":
            finished.add(report.nodeid)
            hook.pytest_runtest_logfinish(nodeid=report.nodeid, location=report.location)
    units = _units(session.items)
    lost = [item for name in sorted(claimed) for item in units.get(name, [])
            if item.nodeid not in finished]
    why = (f"Another test process (exit status {helper.process.returncode}) ended before "
           f"this test reported. Its last output:\n{helper.tail()}")
    for item in lost:
        if item.nodeid not in started:
            hook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        report = pytest.TestReport(item.nodeid, item.location, {}, "failed", why, "call")
        hook.pytest_runtest_logreport(report=report)
        hook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    """Run the tests on every core (see the module's docstring); ``None`` lets pytest run
    them itself where that is not wanted."""
    config = session.config
    folder = _ROLE.get(SHARED)
    if folder:                                   # one of the other processes
        if session.testsfailed and not config.option.continue_on_collection_errors:
            raise session.Interrupted(f"{session.testsfailed} errors during collection")
        _run_claimed(session, folder)
        return True
    jobs = _jobs(config)
    if jobs < 2 or len(session.items) < MIN_TESTS or session.testsfailed:
        return None
    folder = tempfile.mkdtemp(prefix="ed-tests-")
    helpers: List[_Helper] = []
    try:
        helpers = [_Helper(config, folder, n) for n in range(1, jobs)]
        _run_claimed(session, folder)
        for helper in helpers:
            helper.wait()
            _replay(session, helper)
    finally:
        for helper in helpers:
            helper.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return True


def _write(data: dict) -> None:
    """In another process: one line for the first process to read back."""
    path = _ROLE.get(REPORTS)
    if path and _ROLE.get(SHARED):
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(data) + "\n")


def pytest_runtest_logreport(report) -> None:
    """In another process: each report is written as it comes, for the first to replay."""
    if not _ROLE.get(SHARED) or not _CONFIG:
        return
    config = _CONFIG[0]
    _write(config.hook.pytest_report_to_serializable(config=config, report=report))


_CONFIG: list = []
#: this process's part, taken out of the environment as it starts (``SHARED``, ``REPORTS``):
#: a pytest that a test starts in turn is a run of its own, never one of these processes
_ROLE: Dict[str, str] = {}


def pytest_configure(config) -> None:
    _CONFIG.append(config)
    for name in (SHARED, REPORTS):
        value = os.environ.pop(name, None)
        if value:
            _ROLE[name] = value


def pytest_unconfigure(config) -> None:
    if config in _CONFIG:
        _CONFIG.remove(config)

