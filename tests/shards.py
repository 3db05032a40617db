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
import re
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
#: a frame of pytest's or its plugins' own in a hang report's stacks (left out of its tail)
_RUNNER_FRAME = re.compile(r"[/\\](_pytest|pluggy|runpy\.py)|<frozen runpy>")
#: fewer tests than this are run in one process: a second one would cost more than it saves
MIN_TESTS = 40
#: a file heavier than this share of the run (1 / SPLIT) is split into groups of its tests
SPLIT = 16
#: seconds a test that needs the display (a real window) is guessed to cost
WINDOW_S = 0.45
#: seconds any other test is guessed to cost
OTHER_S = 0.05
#: What the heaviest tests cost: file -> test function -> seconds of one case of it (setup,
#: call and teardown).  Measured (``python3 -m pytest --durations=250``, the suite's own two
#: processes on this project's 2-core machine, shared, scaled by 1 / 2.5), so that they are
#: claimed first and a file of them is split; a test missing here is guessed (``WINDOW_S``,
#: ``OTHER_S``).  Only their proportions matter.
KNOWN_S: Dict[str, Dict[str, float]] = {
    "tests/test_ai.py": {
        "test_legality_sweep_submit_never_refuses_and_offers_are_makeable": 38.5,
        "test_personalities_play_differently": 3.2,
        "test_a_planted_fault_fails_a_test_that_does_not_look_for_it": 3.2,
        "test_styles_and_phase_records_name_their_fields": 2.9,
        "test_every_personality_plays_at_every_level": 1.2,
        "test_the_careful_one_keeps_her_cushion": 1.0,
        "test_a_broke_seat_orders_nothing_it_cannot_pay_for": 0.9,
    },
    "tests/test_ai_accord.py": {
        "test_each_expert_enters_its_planned_units_with_prices_of_its_own_all_game": 1.5,
        "test_every_seat_works_out_the_same_plan_from_what_it_may_see": 1.3,
    },
    "tests/test_ai_expert.py": {
        "test_the_learning_command_counts_wins_for_each_scale": 3.4,
        "test_what_an_avatar_remembers_never_changes_a_decision": 1.6,
        "test_the_replies_are_one_more_model_weighed_by_its_record": 0.9,
    },
    "tests/test_ai_voices.py": {
        "test_the_measures_over_simulated_games": 10.1,
        "test_the_transcript_file_is_never_written_over_what_the_command_did_not_write": 6.0,
        "test_no_tic_more_than_twice_a_game": 5.3,
        "test_last_words_are_true_and_name_the_winner_only_where_so": 4.9,
        "test_every_sentence_s_words_have_the_claims_behind_them": 4.4,
        "test_the_command_writes_one_game_s_lines_with_their_claims": 3.3,
        "test_the_command_prints_the_measures": 2.4,
        "test_a_phase_s_lines_depend_only_on_the_phases_before_it": 1.8,
        "test_the_checker_of_last_words_reads_the_settlement": 1.7,
        "test_a_transcript_file_that_cannot_be_written_is_a_sentence_and_leaves_nothing": 1.6,
        "test_output_that_cannot_be_written_ends_in_a_sentence_or_in_silence": 1.5,
        "test_the_transcript_follows_one_character_through_a_whole_game": 0.8,
    },
    "tests/test_cli.py": {
        "test_a_tournament_mistake_points_at_its_help_as_typed": 1.1,
        "test_installed_command_help_names_the_command": 1.0,
    },
    "tests/test_gauntlet.py": {
        "test_legality_sweep_submit_never_refuses_and_offers_are_makeable": 8.6,
        "test_same_seed_same_view_same_decision": 1.3,
        "test_three_copies_do_not_move_in_lockstep": 1.2,
    },
    "tests/test_gauntlet_ridge.py": {
        "test_every_entry_is_legal_at_every_player_count_and_variation": 27.3,
        "test_it_beats_a_trivial_player": 1.1,
        "test_same_seed_same_view_same_entry": 1.1,
    },
    "tests/test_gauntlet_saa.py": {
        "test_every_entry_is_legal_at_every_player_count_and_variation": 7.0,
        "test_stock_value_finds_the_best_plan": 0.8,
    },
    "tests/test_hostile_commands.py": {
        "test_a_benchmark_with_standard_error_closed_prints_its_figures": 6.1,
        "test_the_benchmark_counts_failed_decisions_and_says_its_figures_are_not_valid": 4.1,
        "test_a_tournament_stopped_by_a_signal_leaves_no_worker_and_no_folder": 4.0,
        "test_ctrl_c_stops_the_tournament_and_every_worker": 3.8,
        "test_a_tournament_with_a_stream_closed_ends_in_one_sentence_or_none": 2.7,
        "test_too_many_jobs_are_capped_with_a_sentence": 2.6,
        "test_a_failing_task_stops_every_worker": 2.2,
        "test_a_worker_that_cannot_be_started_stops_the_others": 2.2,
        "test_a_benchmark_with_a_stream_closed_ends_in_one_sentence_or_none": 1.6,
        "test_results_are_counted_as_they_come": 1.4,
        "test_output_that_cannot_be_written_ends_in_silence_or_one_sentence": 1.2,
    },
    "tests/test_hostile_own_files.py": {
        "test_every_file_of_the_program_s_own_holding_a_hostile_value_gives_the_defaults": 2.1,
    },
    "tests/test_layers.py": {
        "test_no_two_modules_import_each_other": 1.9,
        "test_every_import_runs_with_the_layers": 1.8,
    },
    "tests/test_project.py": {
        "test_every_module_uses_postponed_annotations": 5.0,
        "test_every_module_parses_as_python_3_9": 3.8,
        "test_engine_modules_do_not_import_tkinter": 1.4,
    },
    "tests/test_pyz.py": {
        "test_the_package_reads_nothing_beside_its_own_files": 3.3,
        "test_tournament_runs_from_the_archive": 1.0,
    },
    "tests/test_random_games.py": {
        "test_random_games_keep_every_invariant": 1.6,
        "test_random_games_reach_the_odd_corners": 1.5,
    },
    "tests/test_review.py": {
        "test_the_review_of_every_person_in_50_random_games_runs": 11.1,
        "test_a_review_with_a_stream_closed_ends_in_one_sentence_or_none": 3.2,
        "test_the_command_prints_the_review": 1.7,
        "test_output_that_cannot_be_written_ends_in_silence_or_one_sentence": 1.6,
        "test_stock_is_worth_the_best_mix_of_goods_and_the_rest_at_raw_prices": 1.2,
        "test_a_game_without_loans_is_never_told_of_loans": 1.0,
    },
    "tests/test_shards.py": {
        "test_two_processes_share_the_files_and_one_summary_counts_them_all": 5.5,
        "test_a_test_in_a_process_that_dies_fails_with_its_last_words": 3.0,
        "test_one_process_when_asked": 3.0,
    },
    "tests/test_tournament.py": {
        "test_a_tournament_counts_the_failed_decisions_of_its_worker_processes": 1.4,
        "test_gauntlet_seats_play_beside_levels": 1.3,
        "test_runs_as_a_module_and_from_the_launcher": 1.2,
        "test_jobs_do_not_change_the_result": 0.9,
    },
    "tests/ui/test_end_screen.py": {
        "test_a_new_text_size_keeps_the_review_tab_and_the_scroll": 3.1,
        "test_the_longest_materials_and_loans_fit_at_the_largest_size": 2.9,
        "test_every_column_of_the_review_is_whole_without_sideways_scrolling": 2.5,
    },
    "tests/ui/test_features.py": {
        "test_text_size_changes_the_named_fonts_and_survives_a_restart": 6.3,
        "test_rules_help_and_preferences_open_from_the_menus": 2.0,
    },
    "tests/ui/test_fit.py": {
        "test_no_text_is_cut_and_no_window_leaves_the_screen": 3.2,
        "test_the_board_is_the_table_at_every_size": 0.8,
        "test_a_sharp_screen_shows_what_the_screen_of_the_same_inches_shows": 0.5,
    },
    "tests/ui/test_guide.py": {
        "test_the_welcome_s_lines_fit_or_break_evenly_at_every_size": 10.3,
    },
    "tests/ui/test_locks.py": {
        "test_of_processes_racing_to_take_over_a_stale_lock_exactly_one_wins": 1.8,
        "test_of_processes_racing_for_a_free_lock_exactly_one_wins": 1.3,
    },
    "tests/ui/test_main_screen.py": {
        "test_the_page_open_is_remembered_and_stays_through_a_new_text_size": 3.5,
    },
    "tests/ui/test_review_tab.py": {
        "test_the_review_tab_shows_the_top_sentence_once_its_thread_ends": 4.2,
        "test_a_point_opens_short_sentences_true_of_the_game": 2.1,
    },
    "tests/ui/test_saves_hostile.py": {
        "test_two_thousand_saves_are_listed_a_slice_at_a_time": 4.0,
    },
    "tests/ui/test_saves_window.py": {
        "test_a_game_open_in_another_app_process_is_not_offered_until_it_closes": 2.1,
    },
    "tests/ui/test_table.py": {
        "test_at_every_size_offered_the_window_can_be_made_smaller_than_the_screen": 7.1,
        "test_no_key_on_the_next_person_s_sheet_touches_another_s_entry": 6.3,
        "test_a_40_letter_name_is_whole_on_the_cover_the_review_and_the_ledger": 2.2,
    },
    "tests/ui/test_window.py": {
        "test_full_game_two_people_and_a_computer": 5.0,
    },
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
    name, _, function = _function_of(item).partition("::")
    known = KNOWN_S.get(name, {}).get(function)
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
        alone = function.partition("::")[2] in KNOWN_S.get(name, {}) and _total(cases) > limit
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
        """The process's last ``lines`` lines; where it ended on a hang, the stacks the hang
        report printed instead, each without pytest's own frames (the innermost, where it
        hung, come first and are what a person needs)."""
        try:
            with open(self.output, encoding="utf-8", errors="replace") as handle:
                text = handle.readlines()
        except OSError:
            return "(its output could not be read)"
        hung = [i for i, line in enumerate(text) if "Timeout (" in line]   # after dots
        if hung:
            first = text[hung[-1]]
            text = [first[first.index("Timeout ("):]] + [
                line for line in text[hung[-1] + 1:] if not _RUNNER_FRAME.search(line)]
            return "".join(text[:2 * lines])
        return "".join(text[-lines:])

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

