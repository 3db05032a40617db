"""The saves folder (no display needed): names, listing, migration and faults while saving."""
from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import ed
from ed import save as _save
from ed.ui import locks, paths, store
from ed.ui.store import SaveFault, SaveStore
from tests.test_save import played
from tests.ui.test_locks import answer, finish, holder

#: 23 Nov 2026, 10:55 local time
NOON = time.mktime((2026, 11, 23, 10, 55, 30, 0, 0, -1))


@pytest.fixture
def folder(tmp_path) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    return data


def game_in(phases: int, months: int = 3, names=("Ann", "Mabel", "Rex")) -> ed.Game:
    game = played(months=months, players=len(names), upto=phases, seed=phases)
    return _save.loads(_save.dumps(game).replace('"Ann"', json.dumps(names[0]))
                       .replace('"Bob"', json.dumps(names[1])).replace('"Cy"', json.dumps(names[2])))


def saved(st: SaveStore, game: ed.Game, when: float) -> Path:
    slot = st.new_slot(game, now=when)
    st.write(game, slot)
    slot.release()
    os.utime(slot.path, (when, when))
    return slot.path


def test_each_game_gets_a_file_named_by_date_and_players(folder):
    st = SaveStore(folder)
    game = game_in(2)
    first = st.new_slot(game, now=NOON)
    second = st.new_slot(game, now=NOON)
    assert first.path == folder / "saves" / "2026-11-23_1055_Ann-Mabel-Rex.json"
    assert second.path.name == "2026-11-23_1055_Ann-Mabel-Rex_2.json"
    assert first.lock.held() and second.lock.held()
    first.release()
    second.release()


def test_names_in_file_names_are_plain(folder):
    assert store.save_stem(["Zoë / Ann", "Mabel 2", "../..", "x" * 40], NOON) == \
        "2026-11-23_1055_ZoëAnn-Mabel2-Player-xxxxxxxxxxxx"


def test_listing_is_newest_first_with_date_players_and_month(folder):
    st = SaveStore(folder)
    old = saved(st, game_in(3), NOON - 86400)
    finished = saved(st, game_in(6, months=3, names=("Dee", "Eve", "Flo")), NOON - 3600)
    newest = saved(st, game_in(0, names=("Gus", "Hal", "Ivy")), NOON)
    (folder / "saves" / "settings.json").write_text('{"text_scale": 1.2}')
    listing = st.listing()
    assert [info.path for info in listing] == [newest, finished, old]
    assert listing[0].names == ("Gus", "Hal", "Ivy") and not listing[0].finished
    assert (listing[0].month, listing[0].phase) == (1, "purchasing")
    assert (listing[2].month, listing[2].phase) == (2, "selling")
    assert listing[1].finished and listing[1].stage == "finished after 3 months"
    assert listing[2].describe() == "22 Nov 2026, 10:55 · Ann, Mabel, Rex · Feb, selling — month 2 of 3"
    assert [info.path for info in st.unfinished()] == [newest, old]
    slot = st.open_slot(old)
    st.write(game_in(1), slot)                     # a second write keeps a .bak beside it
    slot.release()
    assert (folder / "saves" / (old.name + ".bak")).exists()
    assert len(st.listing()) == 3 and st.listing()[0].path == old


def test_a_damaged_save_is_listed_as_such_and_not_offered(folder):
    st = SaveStore(folder)
    good = saved(st, game_in(1), NOON)
    bad = folder / "saves" / "2026-11-23_1100_Ann-Bob.json"
    bad.write_text('{"format": "executive-decision-save", "rules": ')
    listing = st.listing()
    assert [i.path for i in listing] == [bad, good]
    assert listing[0].problem and listing[0].stage == "cannot be read"
    assert [i.path for i in st.unfinished()] == [good]


def test_listing_says_which_game_another_process_has_open(folder):
    st = SaveStore(folder)
    mine = saved(st, game_in(1), NOON - 60)
    theirs = saved(st, game_in(2), NOON)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        listing = st.listing()
        assert listing[0].path == theirs and listing[0].open_elsewhere == other.pid
        assert listing[0].describe().endswith(" · open in another window")
        assert listing[1].open_elsewhere is None
        with pytest.raises(locks.Locked):
            st.open_slot(theirs)
        st.open_slot(mine).release()
    finally:
        finish(other)
    st.open_slot(theirs).release()


def test_old_autosave_and_previous_game_move_into_the_folder(folder):
    _save.save(game_in(3), folder / "autosave.json")
    _save.save(game_in(1, names=("Dee", "Eve", "Flo")), folder / "autosave.json")  # makes a .bak
    _save.save(game_in(2, names=("Gus", "Hal", "Ivy")), folder / "previous-game.json")
    os.utime(folder / "autosave.json", (NOON, NOON))
    os.utime(folder / "previous-game.json", (NOON - 60, NOON - 60))
    st = SaveStore(folder)
    assert st.migrate() == []
    assert not (folder / "autosave.json").exists() and not (folder / "previous-game.json").exists()
    listing = st.listing()
    assert [i.path.name for i in listing] == ["2026-11-23_1055_Dee-Eve-Flo.json",
                                             "2026-11-23_1054_Gus-Hal-Ivy.json"]
    assert (folder / "saves" / "2026-11-23_1055_Dee-Eve-Flo.json.bak").exists()
    assert st.migrate() == [] and len(st.listing()) == 2


def test_a_damaged_old_autosave_is_set_aside_with_a_sentence(folder):
    (folder / "autosave.json").write_text("{")
    problems = SaveStore(folder).migrate()
    assert len(problems) == 1 and "set aside as autosave.json.corrupt" in problems[0]
    assert (folder / "autosave.json.corrupt").exists() and SaveStore(folder).listing() == []


# ------------------------------------------------------------ faults

def assert_intact(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("call", ["write", "fsync"])
def test_disk_full_keeps_the_previous_save_and_says_where(folder, monkeypatch, call):
    st = SaveStore(folder)
    game = game_in(2)
    slot = st.new_slot(game)
    st.write(game, slot)
    before = slot.path.read_bytes()
    later = game_in(5)

    def full(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, call, full)
    with pytest.raises(SaveFault) as caught:
        st.write(later, slot)
    monkeypatch.undo()
    fault = caught.value
    assert fault.where == folder / "saves" and fault.reason == "no space left on device"
    assert str(fault) == f"The game could not be saved in {folder / 'saves'} (no space left on device)."
    assert_intact(slot.path, before)
    st.write(later, slot)                          # space again: saved at last
    assert _save.dumps(_save.load(slot.path)) == _save.dumps(later)
    slot.release()


def test_a_read_only_data_folder_is_said_plainly(folder, monkeypatch):
    st = SaveStore(folder)
    game = game_in(2)
    slot = st.new_slot(game)
    st.write(game, slot)
    before = slot.path.read_bytes()

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    with pytest.raises(SaveFault, match=r"\(read-only file system\)"):
        st.write(game_in(4), slot)
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, flags, *a: read_only() if flags & os.O_CREAT
                        else real_open(path, flags, *a))
    with pytest.raises(SaveFault, match="could not be saved in .*saves"):
        st.new_slot(game)
    monkeypatch.undo()
    assert_intact(slot.path, before)
    slot.release()


def test_a_folder_without_write_permission_is_said_plainly(folder):
    """For real where permissions bind (not as root), else by the error the system gives."""
    st = SaveStore(folder)
    game = game_in(1)
    slot = st.new_slot(game)
    st.write(game, slot)
    before = slot.path.read_bytes()
    os.chmod(folder / "saves", 0o555)
    try:
        if os.geteuid() == 0:          # root writes anywhere: give the error a user would get
            real = tempfile.mkstemp

            def denied(*args, **kwargs):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            tempfile.mkstemp = denied
        try:
            with pytest.raises(SaveFault, match=r"\(permission denied\)"):
                st.write(game_in(3), slot)
        finally:
            if os.geteuid() == 0:
                tempfile.mkstemp = real
    finally:
        os.chmod(folder / "saves", 0o755)
    assert_intact(slot.path, before)
    slot.release()


def test_a_data_folder_deleted_mid_game_is_made_again(folder):
    st = SaveStore(folder)
    game = game_in(2)
    slot = st.new_slot(game)
    st.write(game, slot)
    shutil.rmtree(folder)
    later = game_in(4)
    st.write(later, slot)
    assert _save.dumps(_save.load(slot.path)) == _save.dumps(later)
    assert slot.lock.held() and locks.lock_path(slot.path).exists()
    slot.release()


def test_a_game_another_window_took_meanwhile_is_not_written(folder):
    st = SaveStore(folder)
    game = game_in(2)
    slot = st.new_slot(game)
    st.write(game, slot)
    before = slot.path.read_bytes()
    locks.lock_path(slot.path).unlink()            # say, removed by hand
    other = holder(slot.path)
    try:
        assert answer(other).startswith("locked ")
        with pytest.raises(SaveFault, match="open in another window now"):
            st.write(game_in(4), slot)
        assert slot.path.read_bytes() == before
    finally:
        finish(other)
    slot.release()


def test_ed_data_dir_naming_a_file_gives_a_stand_in_and_a_sentence(tmp_path):
    file = tmp_path / "notes.txt"
    file.write_text("my notes")
    folder, problem = paths.usable_data_dir(environ={"ED_DATA_DIR": str(file)})
    assert folder.is_dir() and folder != file
    assert problem == (f"Games cannot be kept in {file} (it is a file, not a folder), so they "
                       f"are kept in {folder} for now.")
    assert file.read_text() == "my notes"
    inside, problem = paths.usable_data_dir(environ={"ED_DATA_DIR": str(file / "sub")})
    assert inside == folder and str(file / "sub") in problem
    good, none = paths.usable_data_dir(environ={"ED_DATA_DIR": str(tmp_path / "data")})
    assert good == tmp_path / "data" and none is None


def test_two_processes_starting_at_once_migrate_the_old_autosave_once(folder):
    _save.save(game_in(3), folder / "autosave.json")
    code = ("import sys; from ed.ui.store import SaveStore; "
            "print(SaveStore(sys.argv[1]).migrate())")
    runs = [subprocess.Popen([sys.executable, "-c", code, str(folder)], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parents[2]) for _ in range(2)]
    outputs = [run.communicate(timeout=60)[0].strip() for run in runs]
    assert outputs == ["[]", "[]"]
    assert len(SaveStore(folder).listing()) == 1 and not (folder / "autosave.json").exists()
