"""The data folder's small files: a settings file with a byte-order mark, a log that grows."""
from __future__ import annotations

import json
import os

import pytest

from ed.saves import paths
from ed.saves.settings import load_settings


def test_settings_written_with_a_byte_order_mark_are_read(tmp_path):
    (tmp_path / "settings.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"text_scale": 1.3, "first_run_done": True}).encode())
    settings, message = load_settings(tmp_path)
    assert message is None and settings.text_scale == 1.3 and settings.first_run_done


def test_a_log_past_its_limit_becomes_the_older_one_and_begins_anew(tmp_path):
    log = tmp_path / "errors.log"
    log.write_text("x" * 50)
    (tmp_path / "errors.log.1").write_text("the oldest")
    paths.keep_small(log, limit=40)
    assert not log.exists() and (tmp_path / "errors.log.1").read_text() == "x" * 50
    paths.append_text(log, "new\n")
    assert log.read_text() == "new\n"


def test_a_log_within_its_limit_is_left_alone(tmp_path):
    log = tmp_path / "errors.log"
    log.write_text("x" * 40)
    paths.keep_small(log, limit=40)
    assert log.read_text() == "x" * 40 and not (tmp_path / "errors.log.1").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no named pipes")
def test_nothing_but_a_regular_file_is_moved_or_written_over(tmp_path):
    log = tmp_path / "errors.log"
    log.write_text("x" * 50)
    os.mkfifo(tmp_path / "errors.log.1")
    paths.keep_small(log, limit=40)
    assert log.read_text() == "x" * 50                      # the pipe is not written over
    pipe_log = tmp_path / "pipe.log"
    os.mkfifo(pipe_log)
    paths.keep_small(pipe_log, limit=0)                     # never waits on a pipe
    assert not (tmp_path / "pipe.log.1").exists()
