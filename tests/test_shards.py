"""The suite on every core (tests/shards.py): every test is run once, by one process, and the
first process's summary and exit status cover the tests the other ran, a failure, an error
and a process that died among them."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import textwrap

HERE = pathlib.Path(__file__).resolve().parent

CONFTEST = f"""
import importlib.util, os, sys
spec = importlib.util.spec_from_file_location("shards", {str(HERE / "shards.py")!r})
shards = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shards)
sys.modules["shards"] = shards

def pytest_configure(config):
    config.pluginmanager.register(shards, "shards")
    config.hang_fd = os.dup(sys.__stderr__.fileno())   # as tests/conftest.py keeps it
"""

# The slow tests are claimed first (the heaviest group), and hold the first process till the
# second has come to the other file's last test: each process then runs one file.  A process
# alone (ED_TEST_JOBS=1) has no other to wait for.
SLOW = """
import os, pathlib, time, pytest
@pytest.mark.parametrize("n", range(40))
def test_slow(n, tmp_path_factory):
    # a pytest a test starts is a run of its own: no process's part is handed down
    assert not [name for name in os.environ if name.startswith("ED_TEST_SHARD")]
    if n == 0 and os.environ.get("ED_TEST_JOBS") != "1":
        marks = pathlib.Path(os.environ["MARKS"])
        deadline = time.monotonic() + 60
        while not any(marks.glob("last-*")) and time.monotonic() < deadline:
            time.sleep(0.05)
    (pathlib.Path(os.environ["MARKS"]) / f"slow-{os.getpid()}-{n}").touch()
"""
OTHER = """
import os, pathlib, sys, pytest
@pytest.fixture
def broken():
    raise RuntimeError("the fixture broke")
def test_fails():
    print("said on the way")
    assert 1 == 2
def test_error(broken):
    pass
@pytest.mark.parametrize("n", range(10))
def test_passes(n):
    assert not [name for name in os.environ if name.startswith("ED_TEST_SHARD")]
    (pathlib.Path(os.environ["MARKS"]) / f"other-{os.getpid()}-{n}").touch()
def test_skipped():
    pytest.skip("not here")
def test_zz_dies_where_told(request):
    (pathlib.Path(os.environ["MARKS"]) / f"last-{os.getpid()}").touch()
    if sys.modules["shards"]._ROLE and os.environ.get("DIE") == "hang":
        deeper(12, request.config.hang_fd)
    if sys.modules["shards"]._ROLE and os.environ.get("DIE"):
        os._exit(3)
def deeper(n, fd):
    if n:
        return deeper(n - 1, fd)
    import faulthandler, time
    faulthandler.dump_traceback_later(0.05, exit=True, file=fd)
    where_it_hung = time.sleep
    where_it_hung(30)
"""


def _run(tmp_path: pathlib.Path, **env: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_a_slow.py").write_text(textwrap.dedent(SLOW))
    (tmp_path / "test_b_other.py").write_text(textwrap.dedent(OTHER))
    marks = tmp_path / "marks"
    marks.mkdir()
    environ = {k: v for k, v in os.environ.items() if not k.startswith("ED_TEST_")}
    environ.update(MARKS=str(marks), ED_TEST_JOBS="2", PYTHONDONTWRITEBYTECODE="1")
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA"],
                          cwd=tmp_path, env=environ, capture_output=True, text=True,
                          timeout=240)


def _pids(tmp_path: pathlib.Path, prefix: str) -> set:
    return {p.name.split("-")[1] for p in (tmp_path / "marks").glob(prefix + "-*")}


def test_two_processes_share_the_files_and_one_summary_counts_them_all(tmp_path):
    result = _run(tmp_path)
    out = result.stdout
    assert result.returncode == 1, out + result.stderr
    assert re.search(r"\b1 failed, 51 passed, 1 skipped, 1 error\b", out), out
    assert "said on the way" in out and "the fixture broke" in out
    slow, other = _pids(tmp_path, "slow"), _pids(tmp_path, "other")
    assert len(slow) == 1 and len(other) == 1 and slow != other     # two processes, a file each
    assert len(list((tmp_path / "marks").glob("[so]*"))) == 50      # each test run once


def test_a_test_in_a_process_that_dies_fails_with_its_last_words(tmp_path):
    result = _run(tmp_path, DIE="1")
    out = result.stdout
    assert result.returncode == 1
    assert re.search(r"\b2 failed, 50 passed, 1 skipped, 1 error\b", out), out
    assert "ended before this test reported" in out and "exit status 3" in out


def test_a_process_that_hangs_shows_where_though_pytest_s_frames_run_deep(tmp_path):
    """The hang report's innermost frames (where it hung) are shown, not cut off above
    the forty lines of pytest's own frames under them."""
    result = _run(tmp_path, DIE="hang")
    out = result.stdout
    assert result.returncode == 1
    assert "ended before this test reported" in out and "exit status 1" in out
    assert "Timeout (" in out and out.count("in deeper") >= 13, out
    assert "pluggy" not in out.split("ended before this test reported")[1], out


def test_one_process_when_asked(tmp_path):
    result = _run(tmp_path, ED_TEST_JOBS="1")
    assert re.search(r"\b1 failed, 51 passed, 1 skipped, 1 error\b", result.stdout)
    assert len(_pids(tmp_path, "slow") | _pids(tmp_path, "other")) == 1


class _Test:
    """A stand-in for a collected test: what ``shards._units`` reads of one."""

    def __init__(self, nodeid, module=None, window=False):
        self.nodeid, self.module = nodeid, module
        self.name = nodeid.split("::")[-1]
        self.fixturenames = ["display"] if window else []


def test_the_heaviest_files_come_first_and_a_heavy_file_in_groups(monkeypatch):
    """Files by their weight; a file over 1/SPLIT of the run split into its test functions,
    a known heavy function into its cases, or into the groups its module names."""
    from tests import shards
    monkeypatch.setattr(shards, "KNOWN_S", {"b.py": {"test_sweep": 20.0}})
    grouping = type("Module", (), {"shard_group": staticmethod(
        lambda item: "the screen" if "screen" in item.nodeid else None)})
    items = ([_Test(f"a.py::test_{n}", window=True) for n in range(3)]
             + [_Test(f"b.py::test_sweep[{n}]") for n in range(2)]
             + [_Test(f"b.py::test_small[{n}]") for n in range(2)]
             + [_Test(f"c.py::test_{n}") for n in range(60)]
             + [_Test(f"d.py::test_screen[{n}]", grouping, window=True) for n in range(50)]
             + [_Test("d.py::test_walk", grouping, window=True)])
    units = shards._units(items)
    assert list(units) == ["b.py::test_sweep[0]", "b.py::test_sweep[1]", "b.py::test_small",
                           "d.py::the screen", "d.py::test_walk", "c.py", "a.py"]
    assert [len(tests) for tests in units.values()] == [1, 1, 2, 50, 1, 60, 3]
