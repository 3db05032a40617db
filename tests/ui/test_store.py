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
from ed.saves import locks, paths, store
from ed.saves.store import SaveFault, SaveStore
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
    assert listing[0].problem and listing[0].stage == "damaged"
    assert listing[0].describe().endswith(" · cannot be read (damaged)")
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
    code = ("import sys; from ed.saves.store import SaveStore; "
            "print(SaveStore(sys.argv[1]).migrate())")
    runs = [subprocess.Popen([sys.executable, "-c", code, str(folder)], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parents[2]) for _ in range(2)]
    outputs = [run.communicate(timeout=60)[0].strip() for run in runs]
    assert outputs == ["[]", "[]"]
    assert len(SaveStore(folder).listing()) == 1 and not (folder / "autosave.json").exists()


# ------------------------------------------------------------ hostile paths and files

def test_a_symlink_loop_is_one_sentence_where_path_resolve_raises(tmp_path):
    from tests.ui.test_locks import make_special
    loop = tmp_path / "loop.json"
    make_special(loop, "loop")
    with pytest.raises(_save.SaveError, match=r"loop\.json is a symbolic link that leads round "
                                              r"in a loop, so it names no file\."):
        store.resolve(loop)
    for name in ("", "a\x00b"):
        with pytest.raises(_save.SaveError, match="is not a file name"):
            store.resolve(name)
    assert store.resolve(tmp_path / "new.json") == tmp_path / "new.json"   # not made yet: fine
    assert not SaveStore(tmp_path).contains(loop)


def test_only_a_games_own_save_is_played_in_place(folder, tmp_path):
    from tests.ui.test_locks import make_special
    st = SaveStore(folder)
    own = saved(st, game_in(2), NOON)
    slot = st.open_slot(own)
    st.write(game_in(3), slot)                           # a .bak beside it
    slot.release()
    bak = own.with_name(own.name + ".bak")
    assert bak.exists() and st.own_save(own) and not st.own_save(bak)
    link_inside = folder / "saves" / "link.json"
    make_special(link_inside, "dangling")
    link_inside.unlink()
    os.symlink(own, link_inside)
    link_outside = tmp_path / "mine.json"
    os.symlink(own, link_outside)
    assert not st.own_save(link_inside) and not st.own_save(link_outside)
    linked_data = tmp_path / "linked-data"
    os.symlink(folder, linked_data)                      # the data folder reached by a link
    assert SaveStore(linked_data).own_save(linked_data / "saves" / own.name)
    assert not st.own_save(tmp_path / "elsewhere.json")


def test_save_as_never_writes_in_the_data_folder_over_a_locked_save_or_a_special_file(
        folder, tmp_path):
    from tests.ui.test_locks import make_special
    st = SaveStore(folder)
    mine = saved(st, game_in(2), NOON)
    assert "outside the app's data folder" in st.save_as_problem(mine)
    assert "outside the app's data folder" in st.save_as_problem(folder / "settings.json")
    away = tmp_path / "away"
    away.mkdir()
    theirs = away / "theirs.json"
    _save.save(game_in(1), theirs)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        assert st.save_as_problem(theirs) == ("theirs.json is the save of a game open in "
                                              "another window; choose another name.")
    finally:
        finish(other)
    assert st.save_as_problem(theirs) is None               # free again: a regular file
    assert st.save_as_problem(away / "new.json") is None
    assert st.save_as_problem(away) == f"{away} is a folder; choose a file name inside it."
    make_special(away / "pipe.json", "fifo")
    assert "not a regular file" in st.save_as_problem(away / "pipe.json")


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="this platform has no /dev/null")
def test_save_as_never_writes_over_a_device(folder):
    assert "not a regular file" in SaveStore(folder).save_as_problem(Path("/dev/null"))


def hostile_files(saves: Path) -> dict:
    """``*.json`` files of the saves folder that hold no game to replay, by the reason listed."""
    from tests.ui.test_locks import make_special
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "empty.json").write_bytes(b"")
    (saves / "binary.json").write_bytes(bytes(range(256)) * 4)
    with open(saves / "huge.json", "wb") as handle:
        handle.truncate(_save.MAX_BYTES + 1)          # a sparse file: large, yet no disk used
    (saves / "cut.json").write_text('{"format": "executive-decision-save", "rules": ')
    doc = json.loads(_save.dumps(game_in(2)))
    doc["log"][0][0] = {"fine": [1, 1]}               # a bid the rules refuse
    (saves / "illegal.json").write_text(json.dumps(doc))
    make_special(saves / "pipe.json", "fifo")
    return {"empty.json": "empty file", "binary.json": "not text", "huge.json": "too large",
            "cut.json": "damaged", "illegal.json": "damaged", "pipe.json": "not a regular file"}


def test_every_json_that_holds_no_game_to_replay_is_listed_with_its_reason(folder):
    from tests.ui.test_locks import no_hang
    st = SaveStore(folder)
    good = saved(st, game_in(1), NOON)
    reasons = hostile_files(folder / "saves")
    (folder / "saves" / "settings.json").write_text('{"text_scale": 1.2}')   # another kind
    with no_hang(20):
        listing = st.listing()
    found = {info.path.name: info for info in listing}
    assert set(found) == set(reasons) | {good.name}
    for name, reason in reasons.items():
        assert found[name].problem and found[name].stage == reason, name
        assert found[name].describe().endswith(f" · {name} · cannot be read ({reason})")
    assert "bid" in found["illegal.json"].problem and "empty" in found["empty.json"].problem
    assert [info.path for info in st.unfinished()] == [good]


def test_the_index_reads_only_new_or_changed_saves(folder, monkeypatch):
    st = SaveStore(folder)
    paths = [saved(st, game_in(phase), NOON - 60 * phase) for phase in range(4)]
    reads = []
    facts = store._facts
    monkeypatch.setattr(store, "_facts", lambda path, info, **kw: reads.append(path.name)
                        or facts(path, info, **kw))
    first = st.listing()
    assert sorted(reads) == sorted(p.name for p in paths) and st.index_path.is_file()
    reads.clear()
    assert st.listing() == first and reads == []                     # all from the index
    slot = st.open_slot(paths[1])
    st.write(game_in(5), slot)                                       # played on
    slot.release()
    paths[3].unlink()
    listing = st.listing()
    assert reads == [paths[1].name] and len(listing) == 3
    assert [i for i in listing if i.path == paths[1]][0].month == 3
    assert set(json.loads(st.index_path.read_text())["files"]) == {p.name for p in paths[:3]}
    reads.clear()
    st.index_path.write_text('{"version": 1, "files": {"x": [1, "2"]}, "oops"')   # damaged
    assert st.listing() == listing and len(reads) == 3               # read again, no error
    st.index_path.unlink()
    from tests.ui.test_locks import make_special, no_hang
    make_special(st.index_path, "fifo")
    with no_hang(20):
        assert st.listing() == listing                               # never waited on


def test_one_unexpected_failure_never_hides_a_save_and_is_logged(folder, monkeypatch):
    """``save.from_dict`` made to raise once: that listing says so, ``errors.log`` has the
    traceback, and the next listing reads the save again and offers it to resume."""
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    real = _save.from_dict
    planted = []

    def once(doc):
        if not planted:
            planted.append(doc)
            raise KeyError("planted fault")
        return real(doc)

    monkeypatch.setattr(_save, "from_dict", once)
    first = st.listing()
    assert [(i.path, i.reason) for i in first] == [(path, "could not be read")]
    assert first[0].problem == (f"The file {path.name} could not be read just now (an "
                                f"unexpected error, written to errors.log).")
    log = paths.error_log_path(folder).read_text()
    assert "Traceback" in log and "KeyError: 'planted fault'" in log
    monkeypatch.setattr(_save, "from_dict", real)
    again = st.listing()
    assert again[0].problem is None and again[0].month == 2
    assert [i.path for i in st.unfinished()] == [path]


def test_a_newer_version_s_save_is_said_so_and_read_again_after_an_upgrade(folder,
                                                                           monkeypatch):
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    doc = json.loads(path.read_text())
    doc["version"] = _save.VERSION + 1
    path.write_text(json.dumps(doc))
    os.utime(path, (NOON, NOON))
    info = st.listing()[0]
    assert (info.reason, info.stage) == ("saved by a newer version", "saved by a newer version")
    assert info.problem.startswith("This game was saved by a newer version of Executive "
                                   "Decision")
    assert st.unfinished() == []
    monkeypatch.setattr(_save, "VERSION", _save.VERSION + 1)   # the upgrade reads that format
    info = st.listing()[0]
    assert info.problem is None and info.month == 2 and st.unfinished() == [info]


def test_the_index_holds_for_one_version_of_the_program(folder, monkeypatch):
    """A verdict of a version with a fault (a save refused) goes with that version."""
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    real = _save.from_dict

    def refuse(doc):
        raise _save.SaveError("A fault of this version refuses it.")

    monkeypatch.setattr(_save, "from_dict", refuse)
    assert st.listing()[0].reason == "damaged"
    monkeypatch.setattr(_save, "from_dict", real)
    assert st.listing()[0].reason == "damaged"                  # remembered, for this version
    monkeypatch.setattr(ed, "__version__", ed.__version__ + ".1")
    assert st.listing()[0].problem is None and st.listing()[0].path == path


def test_a_scan_reads_the_folder_a_slice_at_a_time(folder):
    st = SaveStore(folder)
    for phase in range(3):
        saved(st, game_in(phase), NOON - 60 * phase)
    scan = st.scan()
    steps = 0
    while not scan.step(0):           # no time at all: one file per slice
        steps += 1
        assert scan.seen == steps and scan.total == 3 and scan.saves[-1:]
    assert steps == 2 and scan.read == 3 and scan.saves == st.listing()


def test_a_save_with_a_very_long_name_is_free_and_keeps_its_backup(folder):
    st = SaveStore(folder)
    (folder / "saves").mkdir()
    long = folder / "saves" / ("2026-11-23_1055_" + "Ann" * 78 + ".json")
    assert len(long.name) == 255
    slot = st.open_slot(long)
    assert slot.lock is not None and slot.lock.held()
    st.write(game_in(1), slot)
    st.write(game_in(2), slot)                       # the previous one kept as a backup
    backups = [p for p in long.parent.iterdir() if p.name.endswith(".bak")]
    assert len(backups) == 1 and len(backups[0].name.encode()) <= 255
    assert _save.dumps(_save.load(backups[0])) == _save.dumps(game_in(1))
    assert st.listing()[0].open_elsewhere == os.getpid()       # this window has it
    slot.release()
    assert st.listing()[0].open_elsewhere is None and [i.path for i in st.unfinished()] == [long]


# ------------------------------------------- a read the operating system refused

def plant_once(monkeypatch, path: Path, call: str, code: int) -> list:
    """The first ``os.open`` (``call="open"``) or ``os.read`` (``"read"``) of the file
    ``path`` fails with the error ``code``, as the system gives it; returns the list of
    failures planted (one, once it has happened)."""
    real_open, real_read, real_close = os.open, os.read, os.close
    ours, planted = set(), []

    def opening(name, flags, *args, **kwargs):
        if os.path.abspath(os.fspath(name)) == str(path):
            if call == "open" and not planted:
                planted.append(name)
                raise OSError(code, os.strerror(code), str(name))
            fd = real_open(name, flags, *args, **kwargs)
            ours.add(fd)
            return fd
        return real_open(name, flags, *args, **kwargs)

    def reading(fd, size):
        if call == "read" and fd in ours and not planted:
            planted.append(fd)
            raise OSError(code, os.strerror(code))
        return real_read(fd, size)

    def closing(fd):
        ours.discard(fd)
        real_close(fd)

    monkeypatch.setattr(os, "open", opening)
    monkeypatch.setattr(os, "read", reading)
    monkeypatch.setattr(os, "close", closing)
    return planted


@pytest.mark.parametrize("call, code, words", [
    ("read", errno.EIO, "input/output error"),
    ("open", errno.EACCES, "permission denied"),
    ("open", errno.EIO, "input/output error"),
])
def test_a_read_the_system_refused_once_never_hides_a_save_and_is_logged(
        folder, monkeypatch, call, code, words):
    """The operating system refuses the read once (an input/output error from the disk,
    permission denied; planted where the system gives them, as root reads a file of mode
    000 all the same): that listing says so, ``errors.log`` has it, and the next start
    lists the save and offers it to resume.  Nothing of that verdict is remembered."""
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    planted = plant_once(monkeypatch, path, call, code)
    first = st.listing()
    monkeypatch.undo()
    assert planted
    assert [(i.path, i.reason) for i in first] == [(path, "could not be read")]
    assert first[0].problem == (f"The file {path.name} could not be read just now ({words}, "
                                f"written to errors.log); it is read again next time.")
    assert st.unfinished() != []                               # read again at once
    log = paths.error_log_path(folder).read_text()
    assert (f"The save {path.name} could not be read just now: {os.strerror(code)} "
            f"({errno.errorcode[code]}).") in log
    again = SaveStore(folder)                                  # the next start
    assert [(i.path, i.problem, i.month) for i in again.listing()] == [(path, None, 2)]
    assert [i.path for i in again.unfinished()] == [path]
    assert path.name in json.loads(st.index_path.read_text())["files"]    # now remembered


def as_someone_else(work):
    """``work()``'s result, computed by a user for whom permissions bind: this process when
    it is not root; as root, a child forked with the ids of ``nobody`` (and the files of
    ``work`` made theirs first).  Skipped only where neither can be."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return work()
    if not hasattr(os, "fork"):
        pytest.skip("root, and no child can be forked to run as another user")
    import pwd
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("root, and this system has no user 'nobody' to run as")
    import traceback
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # the child: never returns to pytest
        os.close(reading)
        try:
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            text = json.dumps({"result": work()})
        except BaseException:
            text = json.dumps({"error": traceback.format_exc()})
        os.write(writing, text.encode("utf-8"))
        os._exit(0)
    os.close(writing)
    chunks = []
    while True:
        chunk = os.read(reading, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(reading)
    os.waitpid(pid, 0)
    answer = json.loads(b"".join(chunks).decode("utf-8"))
    assert "error" not in answer, answer.get("error")
    return answer["result"]


def test_a_save_closed_by_chmod_and_opened_again_is_listed_again(tmp_path):
    """A real ``chmod 000``, by a user it binds (``nobody`` when the tests run as root),
    then ``chmod 600`` and a new start: the save is listed and offered again although the
    file itself did not change (its size, time and inode are those the index knows)."""
    import shutil
    import datetime  # noqa: F401  (imported before the child gives up root's files)
    import traceback  # noqa: F401
    base = Path(tempfile.mkdtemp(prefix="ed-chmod-"))
    try:
        folder = base / "data"
        folder.mkdir()
        path = saved(SaveStore(folder), game_in(2), NOON)
        if os.geteuid() == 0:
            import pwd
            try:
                nobody = pwd.getpwnam("nobody")
            except KeyError:
                pytest.skip("root, and this system has no user 'nobody' to run as")
            for where, _, names in os.walk(base):
                for name in [where] + [os.path.join(where, n) for n in names]:
                    os.chown(name, nobody.pw_uid, nobody.pw_gid)
            base.chmod(0o755)

        def work():
            os.chmod(path, 0)
            first = [(i.path.name, i.reason) for i in SaveStore(folder).listing()]
            os.chmod(path, 0o600)
            later = SaveStore(folder)                  # a new start
            return {"first": first,
                    "later": [(i.path.name, i.problem) for i in later.listing()],
                    "offered": [i.path.name for i in later.unfinished()]}

        seen = as_someone_else(work)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert seen["first"] == [[path.name, "could not be read"]]
    assert seen["later"] == [[path.name, None]] and seen["offered"] == [path.name]


# ------------------------------------------------------ saves of a newer version

@pytest.mark.parametrize("number", ["0.5", "1e3", "12345678901234567890123", "NaN"])
def test_a_newer_version_s_save_holding_numbers_this_one_never_writes_is_said_so(
        folder, number):
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    doc = json.loads(path.read_text())
    doc["version"] = _save.VERSION + 1
    doc["price_of_tea"] = 1234
    path.write_text(json.dumps(doc).replace("1234", number))
    info = st.listing()[0]
    assert (info.reason, info.problem) == (
        "saved by a newer version", f"This game was saved by a newer version of Executive "
                                    f"Decision (save format {_save.VERSION + 1}); update the "
                                    f"app to open it.")
    with pytest.raises(_save.NewerVersion):
        _save.load(path)                             # Open… says the same
    doc["version"] = _save.VERSION                   # this version's save: damaged, as ever
    path.write_text(json.dumps(doc).replace("1234", number))
    assert st.listing()[0].reason == "damaged"


def test_a_save_whose_format_comes_late_in_the_file_is_listed(folder):
    st = SaveStore(folder)
    path = saved(st, game_in(2), NOON)
    doc = json.loads(path.read_text())
    late = {"note": "x" * 300}
    late.update(doc)                                 # "format" after 300 characters
    path.write_text(json.dumps(late))
    os.utime(path, (NOON, NOON))
    assert json.dumps(late).index('"format"') > 300
    assert [(i.path, i.problem, i.month) for i in st.listing()] == [(path, None, 2)]
    assert [i.path for i in st.unfinished()] == [path]


# ------------------------------------------------- no folder where the saves go

@pytest.mark.parametrize("kind, reason", [
    ("fifo", "it is a pipe, socket or device, not a folder"),
    ("loop", "it is a symbolic link that leads round in a loop"),
    ("dangling", "it is a symbolic link to nothing"),
    ("file", "it is a file, not a folder"),
])
def test_what_stands_where_the_saves_folder_goes_is_said_truly(folder, kind, reason):
    from tests.ui.test_locks import make_special
    saves = folder / "saves"
    if kind == "file":
        saves.write_text("notes")
    else:
        make_special(saves, kind)
    st = SaveStore(folder)
    with pytest.raises(SaveFault) as caught:
        st.new_slot(game_in(1))
    assert caught.value.reason == reason
    assert str(caught.value) == f"The game could not be saved in {saves} ({reason})."
