"""Hostile files given as saves: each refused with one sentence, soon, and in little memory.

Every case is loaded by ``ed.save.load`` in a child process whose address
space is limited to ``MEMORY_LIMIT`` (where ``resource`` exists) and which
must answer within ``TIME_LIMIT`` seconds; a refusal that hangs, crashes or
runs out of memory fails the test.  The child also reports how long the
refusal took and its peak memory (printed with ``pytest -s``, never asserted).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict

import pytest

from ed import save
from tests.test_save import played

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 200 * 1024 * 1024
#: generous: the refusals take milliseconds; this only catches a hang
TIME_LIMIT = 20

CHILD = """\
import json, sys, time
try:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
except (ImportError, ValueError, OSError):
    resource = None
import ed.save
started = time.perf_counter()
try:
    ed.save.load(sys.argv[1])
    outcome = {{"loaded": True}}
except ed.SaveError as error:
    outcome = {{"refused": str(error)}}
except BaseException as error:
    outcome = {{"crashed": repr(error)[:300]}}
outcome["seconds"] = time.perf_counter() - started
if resource is not None:
    outcome["peak_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(outcome))
""".format(limit=MEMORY_LIMIT)


def refusal(path: Path) -> Dict:
    """What loading ``path`` did in a limited child process."""
    try:
        result = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT,
                                capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"loading {path.name} did not end within {TIME_LIMIT} s")
    assert result.returncode == 0, result.stderr[-2000:]
    outcome = json.loads(result.stdout)
    print(f"{path.name}: {outcome.get('seconds', 0) * 1000:.1f} ms, "
          f"peak {outcome.get('peak_kb', 0) / 1024:.0f} MB")
    return outcome


def a_doc() -> dict:
    return save.to_dict(played(months=3, players=3, upto=3))


def with_seed(text: str) -> Callable[[Path], Path]:
    """A real save whose seed is written as ``text`` (JSON the json module would not write)."""
    def make(folder: Path) -> Path:
        doc = a_doc()
        doc["seed"] = 424242
        path = folder / "seed.json"
        path.write_text(json.dumps(doc).replace("424242", text), "utf-8")
        return path
    return make


def with_name(name: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        doc = a_doc()
        doc["seats"][1]["name"] = name
        path = folder / "name.json"
        path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
        return path
    return make


def text_file(text: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "text.json"
        path.write_text(text, "utf-8")
        return path
    return make


def duplicate_key(folder: Path) -> Path:
    text = json.dumps(a_doc())
    path = folder / "twice.json"
    path.write_text(text[:-1] + ',"log":[]}', "utf-8")
    return path


def a_folder(folder: Path) -> Path:
    (folder / "saves").mkdir()
    return folder / "saves"


def a_fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe.json")
    return folder / "pipe.json"


def a_symlink_loop(folder: Path) -> Path:
    os.symlink(folder / "b.json", folder / "a.json")
    os.symlink(folder / "a.json", folder / "b.json")
    return folder / "a.json"


def a_sparse_gigabyte(folder: Path) -> Path:
    path = folder / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(1 << 30)
    return path


def a_device(folder: Path) -> Path:
    return Path("/dev/zero")


CASES = {
    "nested 100,000 arrays deep": (text_file("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    "nested 100,000 objects deep": (text_file('{"a":' * 100_000 + "1" + "}" * 100_000),
                                    "nested too deeply"),
    "an integer of 100,000 digits": (with_seed("9" * 100_000), "a number of 100000 digits"),
    "a negative integer of 100,000 digits": (with_seed("-" + "9" * 100_000), "100000 digits"),
    "NaN": (with_seed("NaN"), "holds NaN, which is not a number"),
    "Infinity": (with_seed("Infinity"), "holds Infinity, which is not a number"),
    "-Infinity": (with_seed("-Infinity"), "holds -Infinity, which is not a number"),
    "a fraction": (with_seed("1e400"), "a fraction or an exponent"),
    "a duplicate key": (duplicate_key, 'the key "log" appears twice'),
    "a name with NUL": (with_name("A\x00n"), "invisible character (U+0000)"),
    "a name with a bell": (with_name("Bob\x07"), "invisible character (U+0007)"),
    "a name with a newline": (with_name("Bob\nAnn"), "line break (U+000A)"),
    "a name with a right-to-left override": (with_name("\u202eboB"), "text-direction mark (U+202E)"),
    "a name with a right-to-left mark": (with_name("Bo\u200fb"), "text-direction mark (U+200F)"),
    "a name of 10,000 characters": (with_name("B" * 10_000), "longer than 40 characters"),
    "a directory": (a_folder, "is a folder, not a saved game"),
    "a FIFO": (a_fifo, "is not a regular file"),
    "a device": (a_device, "is not a regular file"),
    "a symlink loop": (a_symlink_loop, "could not be opened: Too many levels of symbolic links"),
    "a sparse 1 GB file": (a_sparse_gigabyte, "too large to be a saved game"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_file_is_refused_soon_in_little_memory(case, tmp_path):
    make, words = CASES[case]
    path = make(tmp_path)
    outcome = refusal(path)
    message = outcome.get("refused")
    assert message is not None, outcome
    assert words in message
    assert message.endswith(".") and len(message) < 300
    assert message.isprintable(), repr(message)   # no newline, NUL or direction mark in it


def test_the_same_cases_as_text_are_refused_in_process(tmp_path):
    """loads() on the text cases (no file involved) gives the same sentences."""
    for case, (make, words) in CASES.items():
        if make in (a_folder, a_fifo, a_symlink_loop, a_sparse_gigabyte, a_device):
            continue
        text = make(tmp_path).read_text("utf-8")
        with pytest.raises(save.SaveError, match=None) as caught:
            save.loads(text)
        assert words in str(caught.value), case


def test_a_file_swapped_for_a_fifo_after_the_check_is_still_refused(tmp_path, monkeypatch):
    """The type is checked again on the open file, so a swap between the two cannot block."""
    real = tmp_path / "real.json"
    real.write_text(save.dumps(played(months=2, players=2, upto=1)), "utf-8")
    fifo = a_fifo(tmp_path)
    real_stat = os.stat(real)
    monkeypatch.setattr(save.os, "stat", lambda path, *a, **k: real_stat)
    with pytest.raises(save.SaveError, match="is not a regular file"):
        save.load(fifo)
