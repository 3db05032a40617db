"""The data folder under hostile conditions: a folder that cannot be used, the stand-in
in the temporary folder, pipes where settings, statistics and errors.log should be,
and temporary files a crash left behind.

Most tests need no display; those that build the window use the fixtures of
``tests/ui/conftest.py``.  A test that would hang on a pipe without its fix runs the
call in a thread and, if it has not returned after ``HANG_S``, opens the pipe from the
other side so the thread ends, and fails.
"""
from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
import threading
import time
import types
from pathlib import Path

import pytest

from ed.saves import paths, settings, record as stats

ROOT = Path(__file__).resolve().parent.parent.parent
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")
needs_uid = pytest.mark.skipif(not hasattr(os, "getuid"), reason="this platform has no user ids")
#: a call still waiting after this long is waiting on the pipe for good
HANG_S = 20.0


def no_hang(call, fifo: Path):
    """``call()``'s result, failing the test (after unblocking it) if it waits on ``fifo``."""
    outcome = {}

    def target():
        try:
            outcome["value"] = call()
        except BaseException as error:       # handed to the test below
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(HANG_S)
    if thread.is_alive():
        fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)   # both ends: whoever waits goes on
        thread.join(HANG_S)
        os.close(fd)
        pytest.fail(f"it waited on the pipe {fifo.name}")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture
def temp_base(tmp_path, monkeypatch):
    """The temporary folder, moved into the test's own folder."""
    base = tmp_path / "tmp"
    base.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(base))
    return base


def own_fallback(base: Path) -> Path:
    return base / f"{paths.XDG_FOLDER}-{os.getuid()}"


# ------------------------------------------------- a data folder that cannot be used

def test_a_name_too_long_for_the_file_system_falls_back(tmp_path, temp_base):
    wanted = tmp_path / ("x" * 300)
    folder, said = paths.usable_data_dir(str(wanted))
    assert folder.is_dir() and folder.parent == temp_base
    assert said == (f"Games cannot be kept in {wanted} (file name too long), so they are kept "
                    f"in {folder} for now.")


def test_a_home_folder_that_cannot_be_found_falls_back(temp_base):
    folder, said = paths.usable_data_dir("~no-such-user-of-this-computer/games")
    assert folder.parent == temp_base
    assert said == (f"Games cannot be kept in ~no-such-user-of-this-computer/games (no home "
                    f"folder can be found for it), so they are kept in {folder} for now.")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may enter any folder")
def test_a_folder_that_may_not_be_entered_falls_back(tmp_path, temp_base):
    closed = tmp_path / "closed"
    closed.mkdir()
    closed.chmod(0)
    try:
        folder, said = paths.usable_data_dir(environ={"ED_DATA_DIR": str(closed / "data")})
    finally:
        closed.chmod(0o700)
    assert folder.parent == temp_base
    assert said == (f"Games cannot be kept in {closed / 'data'} (permission denied), so they "
                    f"are kept in {folder} for now.")


def test_a_folder_refused_by_the_system_falls_back(tmp_path, temp_base, monkeypatch):
    """As a folder that may not be entered does for a user other than root: the check
    of what is there raises too (it raised PermissionError from ``is_file``)."""
    closed = tmp_path / "closed"
    real_mkdir, real_stat = Path.mkdir, os.stat

    def refuse(path, *args, **kwargs):
        if str(path).startswith(str(closed)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return (real_mkdir if isinstance(path, Path) else real_stat)(path, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refuse)
    monkeypatch.setattr(os, "stat", refuse)
    folder, said = paths.usable_data_dir(str(closed / "data"))
    monkeypatch.undo()
    assert folder.parent == temp_base
    assert said.startswith(f"Games cannot be kept in {closed / 'data'} (permission denied), ")


def test_the_launcher_falls_back_in_the_window(display, tmp_path, temp_base, callback_errors):
    from ed.ui.shell.app import App
    wanted = tmp_path / ("y" * 300)
    app = App(types.SimpleNamespace(data_dir=str(wanted), save=None))
    try:
        app.callback_errors = callback_errors
        app.start()
        app.update()
        assert app.folder.parent == temp_base and app.mode != "starting"
        assert app.layout.message_text.startswith(
            f"Games cannot be kept in {wanted} (file name too long), so they are kept in "
            f"{app.folder} for now.")
    finally:
        app.update_idletasks()
        app.destroy()


# --------------------------------------------------- the stand-in: the user's alone

@needs_uid
def test_the_stand_in_is_the_users_own(tmp_path, temp_base):
    notes = tmp_path / "notes.txt"
    notes.write_text("notes")
    folder, _ = paths.usable_data_dir(str(notes))
    info = os.lstat(folder)
    assert folder == own_fallback(temp_base)
    assert stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
    assert stat.S_IMODE(info.st_mode) == 0o700
    assert paths.usable_data_dir(str(notes))[0] == folder     # the same one next time


@needs_uid
def test_a_link_planted_in_the_stand_ins_place_is_not_followed(tmp_path, temp_base):
    elsewhere = tmp_path / "someone-elses"
    elsewhere.mkdir()
    own_fallback(temp_base).symlink_to(elsewhere)
    notes = tmp_path / "notes.txt"
    notes.write_text("notes")
    folder, said = paths.usable_data_dir(str(notes))
    assert folder != own_fallback(temp_base) and folder.parent == temp_base
    assert not folder.is_symlink() and stat.S_IMODE(os.lstat(folder).st_mode) == 0o700
    assert said.endswith(f"so they are kept in {folder} for now.")
    assert os.listdir(elsewhere) == []


@needs_uid
def test_a_stand_in_open_to_others_is_not_used(tmp_path, temp_base):
    planted = own_fallback(temp_base)
    planted.mkdir()
    planted.chmod(0o777)
    folder, _ = paths.private_fallback()
    assert folder is not None and folder != planted
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root can give a folder to another user")
def test_another_users_folder_in_the_stand_ins_place_is_not_used(temp_base):
    planted = own_fallback(temp_base)
    planted.mkdir(mode=0o700)
    os.chown(planted, 65534, 65534)
    folder, _ = paths.private_fallback()
    assert folder is not None and folder != planted and os.lstat(folder).st_uid == os.getuid()


def test_when_no_stand_in_can_be_made_the_window_says_games_are_not_kept(tmp_path, monkeypatch):
    notes = tmp_path / "notes.txt"
    notes.write_text("notes")
    monkeypatch.setattr(tempfile, "tempdir", str(notes))      # no folder can be made in it
    folder, said = paths.usable_data_dir(str(notes))
    assert folder == notes
    assert said == (f"Games cannot be kept in {notes} (it is a file, not a folder), nor in the "
                    f"temporary folder (not a directory), so this game is not saved as it "
                    f"goes: use Save As\u2026 to keep it, or start again with --data-dir naming "
                    f"a folder you may write to.")
    assert "kept in" not in said.replace("cannot be kept in", "")
    assert notes.read_text() == "notes"


# ------------------------------------- pipes where the data folder's files should be

PIPE = "it is not a regular file but a pipe, socket or device"
FILES = {
    "settings": (paths.settings_path, settings.load_settings, settings.save_settings,
                 settings.Settings(), f"Your settings file could not be used ({PIPE}), so the "
                                      f"defaults are used. The old file was kept as "
                                      f"settings.json.corrupt."),
    "statistics": (paths.stats_path, stats.load_stats, stats.save_stats, stats.empty_stats(),
                   f"The record of play could not be used ({PIPE}), so it starts afresh. The "
                   f"old file was kept as statistics.json.corrupt."),
}


@needs_fifo
@pytest.mark.parametrize("name", list(FILES))
def test_a_pipe_in_place_of_a_file_is_set_aside_with_a_sentence(tmp_path, name):
    path_of, load, save, fresh, sentence = FILES[name]
    fifo = path_of(tmp_path)
    os.mkfifo(fifo)
    loaded, said = no_hang(lambda: load(tmp_path), fifo)
    assert loaded == fresh and said == sentence
    assert stat.S_ISFIFO(os.lstat(fifo.with_name(fifo.name + ".corrupt")).st_mode)
    save(tmp_path, loaded)                    # and written afresh next time
    assert load(tmp_path) == (fresh, None)


def test_a_folder_for_settings_is_set_aside(tmp_path):
    paths.settings_path(tmp_path).mkdir()
    loaded, said = settings.load_settings(tmp_path)
    assert loaded == settings.Settings() and "(it is a folder)" in said
    assert (tmp_path / "settings.json.corrupt").is_dir()


@needs_fifo
def test_a_device_for_the_record_of_play_is_not_read(tmp_path):
    paths.stats_path(tmp_path).symlink_to(os.devnull)
    record, said = stats.load_stats(tmp_path)
    assert record == stats.empty_stats() and "not a regular file" in said
    assert os.path.exists(os.devnull) and not stat.S_ISREG(os.stat(os.devnull).st_mode)


def _log_into(path: Path) -> str:
    from ed.ui.shell.app import App
    try:
        raise ValueError("a callback went wrong")
    except ValueError as error:
        return App._log_error(types.SimpleNamespace(error_log=path), ValueError, error,
                              error.__traceback__)


@needs_fifo
def test_a_pipe_for_errors_log_is_set_aside_and_the_error_logged(tmp_path):
    log = paths.error_log_path(tmp_path)
    os.mkfifo(log)
    where = no_hang(lambda: _log_into(log), log)
    assert where == str(log)
    assert "ValueError: a callback went wrong" in log.read_text()
    assert stat.S_ISFIFO(os.lstat(tmp_path / "errors.log.corrupt").st_mode)


@needs_fifo
def test_a_pipe_with_a_reader_for_errors_log_is_not_written(tmp_path):
    log = paths.error_log_path(tmp_path)
    os.mkfifo(log)
    reader = os.open(log, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with pytest.raises(paths.NotUsable):
            paths.append_text(log, "text")
        assert os.read(reader, 100) == b""
    finally:
        os.close(reader)


def test_a_callback_error_is_still_reported_in_the_window(make_app, data_dir):
    app = make_app()
    log = paths.error_log_path(data_dir)
    log.mkdir()                                   # not a file: set aside, then logged
    app.callback_errors = []
    app.report_callback_exception(ValueError, ValueError("boom"), None)
    assert log.is_file() and "ValueError: boom" in log.read_text()
    assert (data_dir / "errors.log.corrupt").is_dir()
    assert f"The details were written to {log}." in app.layout.message_text


def test_reading_refuses_what_is_too_large(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"x" * 11)
    assert paths.read_regular(big, 11) == b"x" * 11
    with pytest.raises(paths.NotUsable, match="far too large"):
        paths.read_regular(big, 10)


# ------------------------------------------------ what a crash left: .ed-*.tmp files

def _aged(path: Path, seconds: float) -> Path:
    moment = time.time() - seconds
    os.utime(path, (moment, moment), follow_symlinks=False)
    return path


def test_stale_temporaries_are_removed_and_nothing_else(tmp_path):
    for name, age in ((".ed-abc123.tmp", 120), (".ed-bak-xyz.tmp", 3600), (".ed-fresh.tmp", 0),
                      ("game.json.tmp", 120)):
        (tmp_path / name).write_bytes(b"half a save")
        _aged(tmp_path / name, age)
    (tmp_path / ".ed-folder.tmp").mkdir()
    _aged(tmp_path / ".ed-folder.tmp", 120)
    removed = paths.remove_stale_temporaries(tmp_path)
    assert sorted(p.name for p in removed) == [".ed-abc123.tmp", ".ed-bak-xyz.tmp"]
    assert sorted(os.listdir(tmp_path)) == [".ed-folder.tmp", ".ed-fresh.tmp", "game.json.tmp"]


def test_a_link_named_like_a_temporary_is_left_with_its_target(tmp_path):
    target = tmp_path / "precious.json"
    target.write_text("keep me")
    _aged(target, 120)
    link = tmp_path / ".ed-link.tmp"
    link.symlink_to(target)
    _aged(link, 120)
    assert paths.remove_stale_temporaries(tmp_path) == []
    assert link.is_symlink() and target.read_text() == "keep me"


def test_a_temporary_locked_by_a_window_writing_it_is_left(tmp_path):
    fcntl = pytest.importorskip("fcntl", reason="files are locked with fcntl where it exists")
    busy = tmp_path / ".ed-busy.tmp"
    busy.write_bytes(b"slow disk")
    _aged(busy, 120)
    fd = os.open(busy, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert paths.remove_stale_temporaries(tmp_path) == []
        assert busy.exists()
    finally:
        os.close(fd)
    assert paths.remove_stale_temporaries(tmp_path) == [busy]


def test_a_save_being_written_holds_its_temporary_locked(tmp_path, monkeypatch):
    pytest.importorskip("fcntl", reason="files are locked with fcntl where it exists")
    from ed import save
    held = []
    real_write_all = save._write_all

    def write_all(fd, data):
        temporary = [p for p in tmp_path.iterdir() if p.name.startswith(".ed-")]
        _aged(temporary[0], 120)
        held.append(paths.remove_stale_temporaries(tmp_path))
        real_write_all(fd, data)

    monkeypatch.setattr(save, "_write_all", write_all)
    save.write_atomic(tmp_path / "game.json", b"{}")
    assert held == [[]]
    assert os.listdir(tmp_path) == ["game.json"]


def test_the_window_removes_stale_temporaries_at_start(make_app, data_dir):
    saves = data_dir / "saves"
    saves.mkdir()
    left = []
    for folder in (data_dir, saves):
        path = folder / ".ed-k2j3h4.tmp"
        path.write_bytes(b"{")
        left.append(_aged(path, 600))
    fresh = saves / ".ed-now.tmp"
    fresh.write_bytes(b"{")
    make_app()
    assert not any(path.exists() for path in left) and fresh.exists()


# ------------------------------------------------- private to its user

@pytest.fixture
def usual_umask():
    """The usual umask (022), under which a folder made with no mode is open to all."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@needs_uid
def test_the_data_folder_saves_and_error_log_are_for_their_user_alone(tmp_path, usual_umask):
    from ed import save as _save
    from ed.saves.store import SaveStore
    from tests.test_save import played
    folder, said = paths.usable_data_dir(str(tmp_path / "new" / "data"))
    assert said is None and mode(folder) == 0o700
    slot = SaveStore(folder).new_slot(played(months=2, players=2))
    slot.release()
    assert mode(folder / "saves") == 0o700
    log = paths.error_log_path(folder)
    assert paths.log_error(log, ValueError, ValueError("boom"), None)
    assert mode(log) == 0o600 and "ValueError: boom" in log.read_text()
    log.chmod(0o644)                          # an earlier version's log, open to all
    (folder / "saves").chmod(0o755)
    assert paths.log_error(log, ValueError, ValueError("again"), None)
    SaveStore(folder).write(played(months=2, players=2), slot)
    assert mode(log) == 0o600 and mode(folder / "saves") == 0o700
    assert mode(slot.path) == 0o600 and _save.load(slot.path)


@needs_uid
@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the platform's data folder is under XDG_DATA_HOME on Linux only")
def test_the_platform_s_data_folder_is_closed_to_others_a_chosen_one_is_left_alone(
        tmp_path, usual_umask):
    share = tmp_path / "share"
    old = share / paths.XDG_FOLDER
    old.mkdir(parents=True)
    old.chmod(0o755)                          # made by an earlier version
    assert paths.usable_data_dir(environ={"XDG_DATA_HOME": str(share)}) == (old, None)
    assert mode(old) == 0o700
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    chosen.chmod(0o755)
    assert paths.usable_data_dir(str(chosen)) == (chosen, None)
    assert mode(chosen) == 0o755               # the user's own folder: as they made it


def test_a_relative_xdg_data_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    home = Path.home()
    for relative in ("data", "./share", "../elsewhere"):
        assert paths.wanted_data_dir(environ={"XDG_DATA_HOME": relative}, platform="linux") == \
            home / ".local" / "share" / paths.XDG_FOLDER
    absolute = tmp_path / "share"
    assert paths.wanted_data_dir(environ={"XDG_DATA_HOME": str(absolute)}, platform="linux") == \
        absolute / paths.XDG_FOLDER


# ------------------------------------------------- an empty HOME is no HOME

def test_an_empty_home_is_no_home_and_never_the_current_folder(tmp_path):
    """The real variable, in a child started with ``HOME=""`` in a folder of its own: the
    data folder is under the home the system's user list gives, never relative (which
    made ``/.local/share/executive-decision`` when started from ``/``)."""
    import pwd
    listed = pwd.getpwuid(os.getuid()).pw_dir
    here = tmp_path / "here"
    here.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("ED_DATA_DIR", "XDG_DATA_HOME")}
    env.update(HOME="", PYTHONPATH=str(ROOT))
    found = subprocess.run([sys.executable, "-c",
                            "from ed.saves import paths; print(paths.wanted_data_dir()); "
                            "print(paths.expand_home('~/games'))"],
                           cwd=here, env=env, capture_output=True, text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    assert found.stdout.splitlines() == [
        str(Path(listed) / ".local" / "share" / paths.XDG_FOLDER), str(Path(listed) / "games")]
    assert os.listdir(here) == []


@pytest.mark.parametrize("home", ["", "relative/home"])
def test_with_no_home_at_all_the_stand_in_is_used_with_a_sentence(temp_base, monkeypatch,
                                                                   tmp_path, home):
    import pwd
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", home)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("ED_DATA_DIR", raising=False)

    def unlisted(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", unlisted)
    folder, said = paths.usable_data_dir()
    assert folder == own_fallback(temp_base)
    assert said == (f"Games cannot be kept in the data folder (no home folder can be found "
                    f"for it), so they are kept in {folder} for now.")
    assert os.listdir(tmp_path) == ["tmp"]              # nothing made in the current folder
    with pytest.raises(KeyError):
        paths.expand_home("~/games")


# ------------------------------------------------- errors.log: never through a link

@needs_uid
def test_a_link_in_place_of_errors_log_is_set_aside_and_its_target_left_alone(tmp_path):
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    precious.chmod(0o644)
    log = paths.error_log_path(tmp_path / "data")
    log.parent.mkdir()
    log.symlink_to(precious)
    assert _log_into(log) == str(log)
    assert precious.read_text() == "keep me" and mode(precious) == 0o644
    aside = tmp_path / "data" / "errors.log.corrupt"
    assert aside.is_symlink() and os.readlink(aside) == str(precious)
    assert not log.is_symlink() and mode(log) == 0o600
    assert "ValueError: a callback went wrong" in log.read_text()


@needs_uid
def test_a_link_put_in_place_of_errors_log_after_the_check_is_not_followed(tmp_path,
                                                                           monkeypatch):
    """The name is opened without following a link, so a link put there between the
    check and the opening is refused too (as if the check had missed it)."""
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    log = paths.error_log_path(tmp_path)
    log.symlink_to(precious)
    real_lstat = os.lstat
    monkeypatch.setattr(os, "lstat", lambda path, *a, **k: real_lstat(precious)
                        if os.fspath(path) == str(log) else real_lstat(path, *a, **k))
    with pytest.raises(paths.NotUsable, match="symbolic link"):
        paths.append_text(log, "text")
    monkeypatch.undo()
    assert precious.read_text() == "keep me" and log.is_symlink()


@needs_uid
def test_errors_log_with_another_name_is_not_written(tmp_path):
    """A hard link: the log is also another file of the user's, which it must not grow."""
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    log = paths.error_log_path(tmp_path / "data")
    log.parent.mkdir()
    os.link(precious, log)
    assert _log_into(log) == str(log)
    assert precious.read_text() == "keep me"
    assert (tmp_path / "data" / "errors.log.corrupt").read_text() == "keep me"
    assert "ValueError: a callback went wrong" in log.read_text() and mode(log) == 0o600


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root can give a file to another user")
def test_errors_log_of_another_user_is_not_written(tmp_path):
    log = paths.error_log_path(tmp_path)
    log.write_text("theirs")
    os.chown(log, 65534, 65534)
    with pytest.raises(paths.NotUsable, match="another user"):
        paths.append_text(log, "text")
    assert log.read_text() == "theirs"


# ------------------------------------------ no folder where the data folder goes

@pytest.mark.parametrize("kind, reason", [
    ("fifo", "it is a pipe, socket or device, not a folder"),
    ("loop", "it is a symbolic link that leads round in a loop"),
    ("dangling", "it is a symbolic link to nothing"),
])
def test_what_stands_where_the_data_folder_goes_is_said_truly(tmp_path, temp_base, kind,
                                                              reason):
    from tests.ui.test_locks import make_special
    wanted = tmp_path / "data"
    make_special(wanted, kind)
    folder, said = paths.usable_data_dir(str(wanted))
    assert folder.parent == temp_base
    assert said == f"Games cannot be kept in {wanted} ({reason}), so they are kept in {folder} for now."


# ------------------------- settings and the record of play the system would not let be read

@pytest.mark.parametrize("call, code", [("open", errno.EACCES), ("read", errno.EIO)])
def test_settings_the_system_would_not_let_be_read_are_never_written_over(tmp_path,
                                                                          monkeypatch, call,
                                                                          code):
    from tests.ui.test_store import plant_once
    path = paths.settings_path(tmp_path)
    settings.save_settings(tmp_path, settings.Settings(text_scale=1.3, first_run_done=True))
    before = path.read_bytes()
    plant_once(monkeypatch, path, call, code)
    loaded, said = settings.load_settings(tmp_path)
    monkeypatch.undo()
    assert loaded == settings.Settings()
    assert said == (f"Your settings could not be read ({os.strerror(code).lower()}); the "
                    f"defaults are used until you close the window.")
    with pytest.raises(OSError, match="the file could not be read, so it is left as it was"):
        settings.save_settings(tmp_path, loaded.replace(text_scale=0.9))
    assert path.read_bytes() == before and not (tmp_path / "settings.json.corrupt").exists()
    assert settings.load_settings(tmp_path)[0].text_scale == 1.3      # there next time


@pytest.mark.parametrize("call, code", [("open", errno.EACCES), ("read", errno.EIO)])
def test_a_record_of_play_the_system_would_not_let_be_read_is_never_written_over(
        tmp_path, monkeypatch, call, code):
    from tests.test_save import played
    from tests.ui.test_store import plant_once
    path = paths.stats_path(tmp_path)
    first = played(months=1, players=2, upto=2, seed=1)
    stats.record_finished_game(tmp_path, first)
    before = path.read_bytes()
    plant_once(monkeypatch, path, call, code)
    with pytest.raises(OSError) as caught:
        stats.record_finished_game(tmp_path, played(months=1, players=2, upto=2, seed=2))
    monkeypatch.undo()
    assert caught.value.errno == code
    assert path.read_bytes() == before                    # one game never replaces them all
    assert stats.load_stats(tmp_path)[0]["games_played"] == 1


def test_a_link_loop_for_settings_is_set_aside_with_a_sentence(tmp_path):
    from tests.ui.test_locks import make_special
    make_special(paths.settings_path(tmp_path), "loop")
    loaded, said = settings.load_settings(tmp_path)
    assert loaded == settings.Settings() and said == (
        "Your settings file could not be used (it is a symbolic link that leads round in a "
        "loop), so the defaults are used. The old file was kept as settings.json.corrupt.")
    assert (tmp_path / "settings.json.corrupt").is_symlink()
    assert settings.load_settings(tmp_path) == (settings.Settings(), None)
