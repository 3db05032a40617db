"""The one writer of files for a person (``ed.saves.export``), tried the way a hostile tester
does: real FIFOs, sockets, links, hard links and devices, the data folder reached by
``..`` and by links, the names the game gives its own files in any case, another window's
locked save, files changed behind its back, and the system's errors planted in
``os.open``, ``os.write``, ``os.fsync``, ``os.link`` and ``os.replace``."""
from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import stat
from pathlib import Path

import pytest

import ed
from ed import save as _save
from ed.saves import export, paths
from ed.saves.store import SaveStore
from tests.conftest import device_node
from tests.ui.test_locks import answer, finish, holder, make_special, no_hang

SHEET = b"%!PS-Adobe-3.0\n% a tally sheet\n"


def a_game(names=("Cy", "Di"), phases: int = 2, seed: int = 3) -> ed.Game:
    """A game of people with ``phases`` phases of empty entries resolved."""
    game = ed.Game(ed.Rules(players=len(names), months=12), list(names), seed=seed)
    for _ in range(phases):
        for seat in range(game.players):
            game.submit(seat, {})
        game.resolve()
    return game


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A data folder with a game in its saves folder, its lock, settings and index; the
    platform's own data folder moved into the test's folder too."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ED_DATA_DIR", str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    store = SaveStore(folder)
    slot = store.new_slot(a_game(("Ann", "Bob")))
    store.write(a_game(("Ann", "Bob")), slot)
    (folder / "settings.json").write_text('{"first_run_done": true}')
    (folder / "statistics.json").write_text("{}")
    (folder / "errors.log").write_text("")
    store.listing()                                   # writes saves-index.json
    assert (folder / "saves-index.json").is_file()
    yield folder
    slot.release()


@pytest.fixture
def away(tmp_path) -> Path:
    folder = tmp_path / "away"
    folder.mkdir()
    return folder


def everything(folder: Path) -> dict:
    """Every file under ``folder`` (links as where they lead) -> its bytes or its kind."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            seen[path] = ("link", os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            seen[path] = path.read_bytes()
        else:
            seen[path] = stat.S_IFMT(info.st_mode)
    return seen


def refused(path, folders, kind=export.FILE) -> str:
    with pytest.raises(export.ExportError) as caught:
        export.write(export.check(path, folders=folders, kind=kind), SHEET)
    return str(caught.value)


# ------------------------------------------------------------------ new files

def test_a_new_file_is_written_whole_with_the_user_s_mask_and_nothing_beside_it(data, away):
    target = export.check(away / "tally-Ann.ps", folders=export.data_folders(data))
    assert target.found is None and target.question() == ""
    old = os.umask(0o027)
    try:
        assert export.write(target, SHEET) is None
    finally:
        os.umask(old)
    assert (away / "tally-Ann.ps").read_bytes() == SHEET
    assert stat.S_IMODE(os.stat(away / "tally-Ann.ps").st_mode) == 0o640
    assert os.listdir(away) == ["tally-Ann.ps"]


def test_a_new_save_is_for_its_user_alone(data, away):
    export.write(export.check(away / "copy.json", folders=[data], kind=export.SAVE), b"{}")
    assert stat.S_IMODE(os.stat(away / "copy.json").st_mode) == 0o600


# ------------------------------------------------------------ the data folder

def data_folder_paths(data: Path, tmp_path: Path):
    """The data folder's files, reached every way a path can reach them."""
    game = next((data / "saves").glob("*.json"))
    linked = tmp_path / "linked"
    linked.symlink_to(data)
    (tmp_path / "other").mkdir()
    to_settings = tmp_path / "to-settings.ps"
    to_settings.symlink_to(data / "settings.json")
    to_game = tmp_path / "to-game.ps"
    to_game.symlink_to(game)
    return [data / "settings.json", data / "statistics.json", data / "saves-index.json",
            data / "errors.log", game, data / "saves" / "a-new-name.ps", data / "new.ps",
            data / "saves", data, tmp_path / "other" / ".." / "data" / "settings.json",
            linked / "settings.json", linked / "saves" / game.name, linked / "new.csv",
            linked / ".." / "data" / "saves-index.json", to_settings, to_game]


def test_nothing_is_written_in_the_data_folder_however_it_is_reached(data, tmp_path):
    before = everything(data)
    folders = export.data_folders(data)
    for path in data_folder_paths(data, tmp_path):
        for kind in (export.FILE, export.SAVE):
            said = refused(path, folders, kind)
            if kind == export.FILE:
                assert said.endswith(f" would be in the app's data folder ({data}); choose "
                                     f"another folder."), said
            else:
                assert said == (f"Save As… keeps a copy outside the app's data folder ({data}), "
                                f"where this game is saved already; choose another folder.")
    assert everything(data) == before
    assert not list(tmp_path.glob("**/.ed-*.tmp"))


def test_the_platform_s_data_folder_is_kept_out_of_too(data, tmp_path, monkeypatch):
    """The window plays in ``--data-dir``; the platform's own data folder still holds
    games (of other windows), and is written in no more than this one."""
    platform = tmp_path / "xdg" / paths.XDG_FOLDER / "saves"
    platform.mkdir(parents=True)
    _save.save(a_game(), platform / "theirs.json")
    before = everything(platform)
    monkeypatch.delenv("ED_DATA_DIR")
    said = refused(platform / "theirs.json", export.data_folders(data))
    assert f"would be in the app's data folder ({platform.parent})" in said
    assert everything(platform) == before


def test_a_hard_link_of_a_data_folder_file_is_refused(data, away):
    for name in ("settings.json", "saves-index.json"):
        link = away / f"hard-{name}"
        os.link(data / name, link)
        said = refused(link, export.data_folders(data))
        assert said == (f"{link.name} is another name (a hard link) of {data / name}, a file of "
                        f"the app's data folder; choose another name.")
    assert (data / "settings.json").read_text() == '{"first_run_done": true}'


def test_the_dialog_opens_outside_the_data_folder(data, tmp_path, monkeypatch):
    folders = export.data_folders(data)
    monkeypatch.setenv("HOME", str(data))            # a home that is the data folder itself
    monkeypatch.chdir(data / "saves")
    chosen = export.start_folder(folders, last=data / "saves")
    assert chosen.is_dir() and export.within(os.path.realpath(chosen), folders) is None
    monkeypatch.setenv("HOME", str(tmp_path))
    assert export.start_folder(folders) == tmp_path
    assert export.start_folder(folders, last=tmp_path / "away") == tmp_path   # gone: home
    (tmp_path / "away").mkdir()
    assert export.start_folder(folders, last=tmp_path / "away") == tmp_path / "away"


def test_another_window_s_data_folder_is_kept_out_of_too(data, tmp_path):
    """A window started with ``--data-dir`` of its own: its folder is not known here, but
    it is told by what it holds (a saves folder, and settings, statistics, an index or a
    log beside it)."""
    other = tmp_path / "other-data"
    (other / "saves").mkdir(parents=True)
    (other / "statistics.json").write_text("{}")
    (other / "saves" / "notes.txt").write_text("a file of the folder")
    link = other / "link.ps"
    link.symlink_to(tmp_path / "outside.ps")                   # leads out of it
    (tmp_path / "outside.ps").write_text("outside")
    before = everything(other)
    for path in (other / "statistics.json", other / "new.ps", other / "saves" / "new.ps",
                 other / "saves" / "notes.txt", link):
        assert refused(path, export.data_folders(data)).endswith(
            f" would be in the app's data folder ({other}); choose another folder.")
    assert everything(other) == before
    (other / "statistics.json").unlink()               # a folder with a "saves" folder alone
    export.write(export.check(other / "new.ps", folders=[data]), SHEET)
    assert (other / "new.ps").read_bytes() == SHEET


def test_a_file_that_cannot_be_read_is_never_replaced(data, away, monkeypatch):
    """What a file holds is read before it is replaced (is it a save?); one that cannot be
    read (``chmod 000`` for a user who is not root) is left as it is."""
    theirs = away / "theirs.ps"
    _save.save(a_game(), theirs)
    before = theirs.read_bytes()
    real_open = os.open

    def unreadable(path, flags, *args, **kwargs):
        if str(path) == str(theirs):
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", unreadable)
    for kind in (export.FILE, export.SAVE):
        assert refused(theirs, export.data_folders(data), kind) == (
            f"{theirs} cannot be read (permission denied), so whether it holds a saved game "
            f"cannot be told; choose another name.")
    monkeypatch.undo()
    assert theirs.read_bytes() == before and os.listdir(away) == ["theirs.ps"]


# ------------------------------------------------------- the game's own names

@pytest.mark.parametrize("name", ["theirs.json.lock", "THEIRS.JSON.LOCK", "theirs.json.bak",
                                  "copy.json.Bak", "settings.json.corrupt", ".ed-4f2a.tmp",
                                  ".ED-4F2A.TMP", ".ed-takeover", ".Ed-Takeover"])
def test_names_the_game_gives_its_own_files_are_refused_in_any_case(data, away, name):
    (away / "theirs.json").write_text("{}")
    for kind, choose in ((export.FILE, "another name"), (export.SAVE, "a name ending in .json")):
        assert refused(away / name, export.data_folders(data), kind) == (
            f"{name} is a name this game gives its own files (a lock, a backup or a file being "
            f"written); choose {choose}.")
    link = away / "innocent.ps"
    link.symlink_to(away / name)                       # a link to such a name is no better
    assert refused(link, [data]).startswith(f"{name} is a name this game gives its own files")
    assert sorted(os.listdir(away)) == ["innocent.ps", "theirs.json"]


# ----------------------------------------------------------------- saves

def test_a_saved_game_is_never_written_over_by_a_file_for_a_person(data, away):
    theirs = away / "theirs.json"
    _save.save(a_game(), theirs)
    before = theirs.read_bytes()
    link, hard = away / "link.ps", away / "hard.ps"
    link.symlink_to(theirs)
    os.link(theirs, hard)
    for path in (theirs, link, hard):
        said = refused(path, export.data_folders(data))
        assert said == (f"{os.path.realpath(path).rsplit(os.sep, 1)[-1]} is a saved game of "
                        f"Executive Decision; choose another name, so that no game is written "
                        f"over.")
    assert theirs.read_bytes() == before and link.is_symlink()
    assert sorted(os.listdir(away)) == ["hard.ps", "link.ps", "theirs.json"]


def test_a_game_open_in_another_window_is_never_written_over(data, tmp_path):
    """Another window, with a data folder of its own, plays ``theirs.json``."""
    theirs = tmp_path / "other-data" / "saves" / "theirs.json"
    theirs.parent.mkdir(parents=True)
    _save.save(a_game(), theirs)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        before = everything(theirs.parent)
        for kind in (export.FILE, export.SAVE):
            assert refused(theirs, export.data_folders(data), kind) == (
                "theirs.json is the save of a game open in another window; choose another name.")
        assert everything(theirs.parent) == before
    finally:
        finish(other)


def test_save_as_may_replace_a_save_no_window_has_and_says_whose_it_is(data, away):
    theirs = away / "k.json"
    _save.save(a_game(("Cy", "Di"), phases=3), theirs)
    target = export.check(theirs, folders=export.data_folders(data), kind=export.SAVE)
    assert target.question() == (f"k.json is already in {away}: a saved game of Cy and Di (Feb, "
                                 f"selling, month 2 of 12). Replace it?")
    mine = _save.dumps(a_game(("Ann", "Bob"), phases=1)).encode("utf-8")
    kept = export.write(target, mine, backup=True)
    assert kept == away / "k.json.bak" and theirs.read_bytes() == mine
    assert _save.load(kept).names == ("Cy", "Di") and _save.is_backup_of(kept, "k.json")
    letter = away / "letter.json"
    letter.write_text("Dear Ann")
    assert export.check(letter, folders=[data], kind=export.SAVE).holds.endswith(
        ", not a saved game")


# ------------------------------------------------------ anything but a file

def test_only_a_regular_file_is_replaced(data, away):
    folders = export.data_folders(data)
    make_special(away / "pipe.ps", "fifo")
    (away / "tally.ps").mkdir()                        # a folder named like the file
    (away / "to-pipe.ps").symlink_to(away / "pipe.ps")
    make_special(away / "gone.ps", "dangling")
    make_special(away / "loop.ps", "loop")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(away / "socket.ps"))
    try:
        before = everything(away)
        with no_hang(20):
            for name in ("pipe.ps", "to-pipe.ps", "socket.ps"):
                assert refused(away / name, folders) == (
                    f"{away / name} is not a regular file (it is a pipe, socket or device), so "
                    f"nothing is written over it.")
            assert refused(away / "pipe.ps", folders, export.SAVE).endswith(
                "so the game cannot be saved over it.")
        assert refused(away / "tally.ps", folders) == \
            f"{away / 'tally.ps'} is a folder; choose a file name inside it."
        for name in (str(away / "new") + os.sep, os.path.join(str(away / "new"), "."),
                     os.path.join(str(away / "new"), ".."),
                     os.path.join(str(away / "tally.ps"), ".")):
            assert refused(name, folders) == \
                f"{name} names a folder; choose a file name inside it."
        assert refused(away / "gone.ps", folders) == (
            f"{away / 'gone.ps'} is a link to {away / 'gone.ps.gone'}, which does not exist; "
            f"choose the file itself or a new name.")
        assert refused(away / "loop.ps", folders) == (
            f"{away / 'loop.ps'} is a symbolic link that leads round in a loop, so it names no "
            f"file.")
        assert refused("", folders) == "'' is not a file name."
        assert refused("a\x00b", folders) == "'a\\x00b' is not a file name."
        assert everything(away) == before
    finally:
        sock.close()


def test_a_device_is_never_replaced(data, away):
    """As root, a rename over ``/dev/null`` replaced the device itself."""
    node = device_node(away)
    before = os.stat(node)
    link = away / "null.ps"
    link.symlink_to(node)
    for path in (node, link):
        for kind in (export.FILE, export.SAVE):
            assert "is not a regular file (it is a pipe, socket or device)" in \
                refused(path, export.data_folders(data), kind)
    after = os.stat(node)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == \
        (before.st_ino, before.st_rdev)
    assert sorted(p.name for p in node.parent.iterdir()) == sorted(
        ["null", "null.ps"] if node.parent == away else os.listdir(node.parent))
    with pytest.raises(export.ExportError, match="/dev/null is not a regular file"):
        export.check("/dev/null", folders=[data])          # only looked at, never written


def test_a_link_is_followed_and_the_file_it_names_replaced(data, away):
    real = away / "real.csv"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = away / "link.csv"
    link.symlink_to(real)
    target = export.check(link, folders=export.data_folders(data))
    assert target.path == real and target.question().startswith(
        f"real.csv is already in {away}: a file of 3 bytes, changed ")
    export.write(target, SHEET)
    assert link.is_symlink() and real.read_bytes() == SHEET
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640      # its permissions kept
    assert sorted(os.listdir(away)) == ["link.csv", "real.csv"]


def test_a_read_only_file_is_said_to_be_so_before_it_is_replaced(data, away):
    sheet = away / "tally.ps"
    sheet.write_text("kept on purpose")
    os.chmod(sheet, 0o444)
    target = export.check(sheet, folders=[data])
    assert target.question().startswith(f"tally.ps is already in {away}: a read-only file of "
                                         f"15 bytes, changed ")
    export.write(target, SHEET)                        # the person said yes
    assert sheet.read_bytes() == SHEET and stat.S_IMODE(os.stat(sheet).st_mode) == 0o444


def test_a_path_through_a_missing_folder_or_a_file_is_refused(data, away):
    (away / "notes.txt").write_text("mine")
    assert refused(away / "no" / "such" / "x.ps", [data]) == \
        f"There is no folder {away / 'no' / 'such'}; choose a folder that exists."
    assert refused(away / "notes.txt" / "x.ps", [data]) == \
        f"{away / 'notes.txt'} is not a folder; choose a folder that exists."
    assert sorted(os.listdir(away)) == ["notes.txt"]


# ------------------------------------------------------ behind the writer's back

def test_a_file_changed_after_it_was_checked_is_left_as_it_is(data, away):
    sheet = away / "tally.ps"
    sheet.write_text("the one asked about")
    target = export.check(sheet, folders=export.data_folders(data))
    sheet.write_text("someone else's newer words")                  # changed meanwhile
    with pytest.raises(export.ExportError, match="^tally.ps was changed by something else "
                                                  "meanwhile, so it was left as it is; choose "
                                                  "it again.$"):
        export.write(target, SHEET)
    target = export.check(sheet, folders=[data])
    _save.save(a_game(), sheet)                                     # a save now
    saved = sheet.read_bytes()
    with pytest.raises(export.ExportError, match="is a saved game"):
        export.write(target, SHEET)
    new = export.check(away / "new.ps", folders=[data])
    (away / "new.ps").write_text("made meanwhile")
    with pytest.raises(export.ExportError, match="^new.ps was made by something else"):
        export.write(new, SHEET)
    assert sheet.read_bytes() == saved and (away / "new.ps").read_text() == "made meanwhile"
    assert sorted(os.listdir(away)) == ["new.ps", "tally.ps"]


def test_a_name_taken_at_the_last_moment_is_never_replaced(data, away, monkeypatch):
    """Between the last look and the move into place another program makes the file: the
    new name is given with ``os.link``, which fails rather than replace it."""
    target = export.check(away / "race.ps", folders=[data])
    real_link = os.link

    def link(src, dst, *args, **kwargs):
        Path(dst).write_text("theirs")
        return real_link(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "link", link)
    with pytest.raises(export.ExportError, match="^race.ps was made by something else"):
        export.write(target, SHEET)
    assert (away / "race.ps").read_text() == "theirs" and os.listdir(away) == ["race.ps"]


def test_without_hard_links_a_new_file_is_still_placed(data, away, monkeypatch):
    """A file system without hard links (FAT) refuses ``os.link`` with EPERM."""
    def no_link(src, dst, *args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", no_link)
    export.write(export.check(away / "fat.ps", folders=[data]), SHEET)
    assert (away / "fat.ps").read_bytes() == SHEET and os.listdir(away) == ["fat.ps"]


@pytest.mark.parametrize("call, code, existing", [
    ("open", errno.EACCES, True), ("open", errno.EROFS, False),
    ("write", errno.ENOSPC, True), ("write", errno.EDQUOT, False),
    ("fsync", errno.EIO, True), ("replace", errno.EIO, True), ("link", errno.EIO, False),
])
def test_the_system_s_errors_leave_the_file_as_it_was_and_nothing_beside_it(
        data, away, monkeypatch, call, code, existing):
    sheet = away / "tally.ps"
    if existing:
        sheet.write_text("last week's sheet")
    target = export.check(sheet, folders=export.data_folders(data))
    real = getattr(os, call)

    def broken(*args, **kwargs):
        if call == "open" and not (str(args[0]).startswith(str(away)) and
                                   args[1] & os.O_CREAT):       # only the file made to write
            return real(*args, **kwargs)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, call, broken)
    with pytest.raises(export.ExportError) as caught:
        export.write(target, SHEET)
    monkeypatch.undo()
    reason = os.strerror(code)
    assert str(caught.value) == f"{sheet} could not be written: {reason[0].lower()}{reason[1:]}."
    assert isinstance(caught.value.__cause__, OSError)
    assert os.listdir(away) == (["tally.ps"] if existing else [])
    if existing:
        assert sheet.read_text() == "last week's sheet"


# -------------------------------------------------------------- backups

def test_a_backup_this_program_wrote_is_marked_and_replaced_and_no_other(away):
    k, kept = away / "k.json", away / "k.json.bak"
    _save.save(a_game(("Ann", "Bob"), phases=1), k)
    _save.save(a_game(("Ann", "Bob"), phases=2), k)                # a backup of its own
    assert _save.load(kept).month == 1 and _save.is_backup_of(kept, "k.json")
    _save.save(a_game(("Ann", "Bob"), phases=3), k)                # and that one is replaced
    assert _save.load(kept).month == 2
    other = away / "other.json"
    _save.save(a_game(("Gus", "Hal")), other)
    _save.save(a_game(("Gus", "Hal"), phases=2), other)
    shutil.copyfile(away / "other.json.bak", kept)                 # another save's backup
    copied = kept.read_bytes()
    assert not _save.is_backup_of(kept, "k.json")
    _save.save(a_game(("Ann", "Bob"), phases=4), k)
    assert kept.read_bytes() == copied                             # is not k.json's
    assert not list(away.glob(".ed-*"))


def test_in_the_saves_folder_an_earlier_version_s_backup_of_the_same_game_is_replaced(tmp_path):
    """Earlier versions wrote backups without the mark: in the saves folder, one that holds
    the same game is taken as this program's; a copy of another game by that name is not."""
    saves = tmp_path / "saves"
    saves.mkdir()
    path, bak = saves / "g.json", saves / "g.json.bak"
    _save.save(a_game(("Ann", "Bob"), phases=1), path)
    bak.write_text(_save.dumps(a_game(("Ann", "Bob"), phases=0)))     # unmarked, same game
    _save.save(a_game(("Ann", "Bob"), phases=2), path, earlier_backups=True)
    assert _save.load(bak).month == 1 and _save.is_backup_of(bak, "g.json")
    bak.write_text(_save.dumps(a_game(("Cy", "Di"), phases=3)))       # unmarked, another game
    third = bak.read_bytes()
    _save.save(a_game(("Ann", "Bob"), phases=3), path, earlier_backups=True)
    assert bak.read_bytes() == third
    _save.save(a_game(("Ann", "Bob"), phases=4), path)             # elsewhere: mark only
    assert bak.read_bytes() == third


def test_a_marked_backup_reads_as_the_game_it_keeps(away):
    path = away / "g.json"
    first = a_game(("Ann", "Bob"), phases=1)
    _save.save(first, path)
    _save.save(a_game(("Ann", "Bob"), phases=3), path)
    doc = json.loads((away / "g.json.bak").read_text(encoding="utf-8"))
    assert list(doc)[:2] == ["format", "backup_of"] and doc.pop("backup_of") == "g.json"
    assert doc == json.loads(_save.dumps(first))
    assert _save.dumps(_save.load(away / "g.json.bak")) == _save.dumps(first)


def test_with_an_empty_home_the_dialog_never_opens_in_the_current_folder(tmp_path, monkeypatch):
    """An empty HOME is no home (it named the current folder through Path.home())."""
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    monkeypatch.chdir(data)                      # the current folder is the data folder
    monkeypatch.setenv("HOME", "")
    monkeypatch.setattr(paths, "_listed_home", lambda: str(tmp_path))
    assert export.start_folder([data]) == tmp_path
