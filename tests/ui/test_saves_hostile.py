"""The saves folder under hostile conditions, through the real window: FIFOs, link loops,
links and backups, Save As… onto a save, quitting while saves fail, a typed entry kept,
long names, files that hold no game, locks that are not files, thousands of saves."""
from __future__ import annotations

import errno
import json
import os
import stat
import time
from pathlib import Path

import pytest

from ed import save as _save
from ed.saves import locks
from ed.saves.store import SaveStore
from tests.ui.test_locks import answer, finish, holder, make_special, no_hang
from tests.ui.test_store import hostile_files

from .test_saves_window import doom_saves_in, human_game, put_save, rows
from .test_window import fill, focus_of, keys, start_game


def open_list(app):
    """Game ▸ Open…, the list read to its end."""
    app.menus.game_menu.invoke("Open…")
    app.update()
    chooser = app.files.chooser
    while not chooser.ready:
        app.update()
    return chooser


def enter_a_bid(app) -> None:
    """A legal order on the sheet shown (one unit of fine at the lowest bid), submitted."""
    from ed import hints
    fill(app, {"fine": (1, hints.min_bid(app.flow.view, "fine", 1))})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.session.game.submitted(app.flow.view.seat), app.layout.message_text


def backup_of(path: Path, name: str) -> dict:
    """The save document a backup holds, once checked to be marked as the backup of ``name``
    (the mark taken out)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert list(doc)[:2] == ["format", "backup_of"] and doc.pop("backup_of") == name
    return doc


def row_of(chooser, name: str) -> tuple:
    for index, row in enumerate(chooser.table.get_children()):
        if chooser.rows[row].path.name == name:
            return index, tuple(chooser.table.item(row, "values"))
    raise AssertionError(f"{name} is not listed")


# ------------------------------------------------------------ 1. FIFOs

def test_fifos_where_the_window_reads_are_refused_and_never_hang_it(make_app, data_dir, tmp_path,
                                                                   monkeypatch):
    game = put_save(data_dir, human_game(("Ann", "Bob"), 2), 5)
    make_special(locks.lock_path(game), "fifo")                # a save's lock
    make_special(data_dir / "saves" / "pipe.json", "fifo")     # a "save" of the folder
    outside = tmp_path / "outside.json"
    make_special(outside, "fifo")                              # chosen with Other file…
    from tkinter import filedialog
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **kw: str(outside))
    with no_hang(20):
        app = make_app()
        assert app.mode == "welcome"             # the only game is locked, by a lock unread
        assert "is open in another window" in app.layout.welcome.message.cget("text")
        keys(app, app.dialog.cancel_button, "Escape")
        chooser = open_list(app)
        assert row_of(chooser, "pipe.json")[1][2:] == ("not a regular file", "cannot be read")
        assert row_of(chooser, game.name)[1][3] == "open in another window"
        keys(app, chooser.browse_button, "Return")
    assert app.session is None and app.mode == "welcome"
    assert app.layout.message_text == (f"That game could not be opened. {outside} is not a "
                                        f"regular file (it is a pipe, socket or device), so it "
                                        f"cannot be a saved game.")


# ------------------------------------------------------------ 2. link loops

def test_a_symlink_loop_given_as_a_save_is_one_sentence(make_app, data_dir, tmp_path,
                                                        monkeypatch):
    loop = tmp_path / "loop.json"
    make_special(loop, "loop")
    app = make_app(save=str(loop))              # on the command line
    sentence = (f"That game could not be opened. {loop} is a symbolic link that leads round "
                f"in a loop, so it names no file.")
    assert app.mode == "welcome" and app.dialog is not None       # not left "starting"
    assert app.layout.message_text == sentence
    assert app.layout.welcome.message.cget("text") == sentence
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    from tkinter import filedialog
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **kw: str(loop))
    chooser = open_list(app)
    keys(app, chooser.browse_button, "Return")  # Open… ▸ Other file…
    assert app.layout.message_text == sentence and app.session.game is game


# ------------------------------------------------------------ 6. Save As…

def test_save_as_never_writes_over_a_save_of_the_folder_or_one_open_elsewhere(
        make_app, data_dir, tmp_path):
    theirs = put_save(data_dir, human_game(("Cy", "Di"), 3), 5)
    resting = put_save(data_dir, human_game(("Eve", "Flo"), 1), 50)
    away = tmp_path / "away"
    away.mkdir()
    link = away / "link.json"
    os.symlink(theirs, link)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        before = {p: p.read_bytes() for p in (theirs, resting)}
        app = make_app()
        keys(app, app.layout.resume.new_button, "Return")
        keys(app, app.dialog.start_button, "Return")
        for target in (theirs, link, resting, app.session.autosave_path):
            assert not app.files.save_to(str(target))
            said = app.layout.message_text
            assert said.startswith("The game could not be saved. Save As… keeps a copy outside "
                                   f"the app's data folder ({data_dir})"), said
        assert {p: p.read_bytes() for p in before} == before
        assert link.is_symlink() and not list(data_dir.glob("saves/*.bak.bak"))
        assert locks.holder(theirs) == other.pid
        assert app.files.save_to(str(away / "copy.json"))
        assert _save.load(away / "copy.json").names == app.session.game.names
    finally:
        finish(other)


def test_save_as_refuses_a_save_open_elsewhere_outside_the_folder(
        make_app, tmp_path):
    away = tmp_path / "away"
    away.mkdir()
    theirs = away / "theirs.json"
    _save.save(human_game(("Cy", "Di"), 1), theirs)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        before = theirs.read_bytes()
        app = make_app()
        keys(app, app.dialog.start_button, "Return")
        assert not app.files.save_to(str(theirs))
        assert app.layout.message_text == ("The game could not be saved. theirs.json is the save "
                                            "of a game open in another window; choose another "
                                            "name.")
        assert theirs.read_bytes() == before
    finally:
        finish(other)


def test_save_as_refuses_a_device(make_app, tmp_path, monkeypatch):
    """Save As… onto a character device is refused before anything is opened for writing
    there (the device is one the test made, like /dev/null, where that is allowed)."""
    from tests.conftest import device_node, writes_refused
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    device = device_node(tmp_path)
    before = os.stat(device)
    tried = writes_refused(monkeypatch, device)
    assert not app.files.save_to(str(device))
    assert "not a regular file" in app.layout.message_text
    assert tried == []
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == \
        (before.st_ino, before.st_rdev)


def test_save_as_refuses_another_window_s_lock_backup_and_files_being_written(make_app,
                                                                              tmp_path):
    """Another window (with a data folder of its own) has ``theirs.json`` open: Save As…
    onto its lock, its backup or a temporary file beside it is refused, and that window
    keeps its lock and can still save."""
    away = tmp_path / "other-data" / "saves"
    away.mkdir(parents=True)
    theirs = away / "theirs.json"
    _save.save(human_game(("Cy", "Di"), 1), theirs)
    _save.save(human_game(("Cy", "Di"), 2), theirs)            # the first kept as the .bak
    (away / ".ed-4f2a.tmp").write_bytes(b"")
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        lock = locks.lock_path(theirs)
        before = {p: p.read_bytes() for p in away.iterdir()}
        app = make_app()
        keys(app, app.dialog.start_button, "Return")
        for name in ("theirs.json.lock", "theirs.json.bak", ".ed-4f2a.tmp", ".ed-takeover"):
            assert not app.files.save_to(str(away / name))
            assert app.layout.message_text == (
                f"The game could not be saved. {name} is a name this game gives its own files "
                f"(a lock, a backup or a file being written); choose a name ending in .json.")
        assert {p: p.read_bytes() for p in away.iterdir()} == before
        assert locks.holder(theirs) == other.pid and lock.is_file()
        assert app.files.save_to(str(away / "mine.json"))        # beside them, a name of its own
    finally:
        finish(other)


def test_save_as_keeps_a_backup_only_of_a_save_and_never_over_the_user_s_own(make_app,
                                                                             tmp_path):
    away = tmp_path / "away"
    away.mkdir()
    notes, notes_bak = away / "notes.json", away / "notes.json.bak"
    notes.write_text('{"shopping": ["milk"]}')
    notes_bak.write_text("my own backup of my notes")
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    game = app.session.game
    assert app.files.save_to(str(notes))                      # replacing it was confirmed
    assert notes_bak.read_text() == "my own backup of my notes"
    assert _save.dumps(_save.load(notes)) == _save.dumps(game)
    assert app.files.save_to(str(notes))                      # a save of ours now: still not
    assert notes_bak.read_text() == "my own backup of my notes"   # over the user's .bak
    copy, copy_bak = away / "copy.json", away / "copy.json.bak"
    copy.write_text("a letter, not a save")
    assert app.files.save_to(str(copy)) and not copy_bak.exists()   # not ours: no backup
    first = copy.read_bytes()
    fill(app, {"fine": (2, 40)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.files.save_to(str(copy))
    assert backup_of(copy_bak, "copy.json") == json.loads(first)   # ours, over nothing: kept
    assert app.layout.message_text == f"Saved to {copy}. What it held before is kept in " \
                                      f"copy.json.bak."


def test_save_as_over_another_game_leaves_a_backup_kept_by_hand_as_it_was(make_app, tmp_path):
    """Save As… over another game's ``k.json`` replaced ``k.json.bak``, which was a copy of a
    third game the person kept by hand."""
    import shutil
    away = tmp_path / "away"
    away.mkdir()
    k, kept = away / "k.json", away / "k.json.bak"
    _save.save(human_game(("Cy", "Di"), 1), k)
    third = tmp_path / "third.json"
    _save.save(human_game(("Eve", "Flo"), 4), third)
    shutil.copyfile(third, kept)
    by_hand = kept.read_bytes()
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    assert app.files.save_to(str(k))                          # replacing it was confirmed
    assert kept.read_bytes() == by_hand
    assert _save.dumps(_save.load(k)) == _save.dumps(app.session.game)
    assert app.layout.message_text == f"Saved to {k}."
    assert sorted(os.listdir(away)) == ["k.json", "k.json.bak"]


def save_as_from_the_menu(app) -> None:
    app.menus.game_menu.invoke("Save As…")
    app.update()


def test_save_as_asks_before_replacing_a_save_and_opens_outside_the_data_folder(
        make_app, data_dir, tmp_path, monkeypatch):
    from tkinter import filedialog
    from .test_full_disk import question_asked
    away = tmp_path / "away"
    away.mkdir()
    k = away / "k.json"
    _save.save(human_game(("Cy", "Di"), 1), k)
    theirs = k.read_bytes()
    asked = []
    monkeypatch.setattr(filedialog, "asksaveasfilename",
                        lambda **kw: asked.append(kw) or str(k))
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    save_as_from_the_menu(app)
    opens = Path(os.path.realpath(asked[-1]["initialdir"]))
    assert opens != data_dir and data_dir not in opens.parents
    assert asked[-1]["confirmoverwrite"] is False
    question = question_asked(app, "Replace the file?")
    assert question.text_label.cget("text") == (
        f"k.json is already in {away}: a saved game of Cy and Di (Jan, selling, month 1 of 3). "
        f"Replace it?")
    assert focus_of(app) is question.buttons[1]
    keys(app, question.buttons[1], "Return")                  # Enter: Cancel
    assert k.read_bytes() == theirs and not (away / "k.json.bak").exists()
    save_as_from_the_menu(app)
    question = question_asked(app, "Replace the file?")
    question.buttons[0].invoke()                              # Replace
    app.update()
    assert _save.dumps(_save.load(k)) == _save.dumps(app.session.game)
    assert backup_of(away / "k.json.bak", "k.json") == json.loads(theirs)
    assert app.layout.message_text == (f"Saved to {k}. What it held before is kept in "
                                        f"k.json.bak.")
    save_as_from_the_menu(app)
    assert asked[-1]["initialdir"] == str(away)               # where it was saved last
    app.files.question.buttons[1].invoke()


def test_quitting_while_saves_fail_asks_before_save_as_replaces_a_file(
        make_app, data_dir, tmp_path, monkeypatch):
    from tkinter import filedialog
    from .test_full_disk import question_asked
    app = make_app()
    game = start_game(app, humans=("Ann",), computers=1)
    doom_saves_in(data_dir, monkeypatch, errno.ENOSPC)
    fill(app, {"fine": (4, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert "could not be saved" in app.layout.message_text
    copy = tmp_path / "kept.json"
    copy.write_text("an older copy of my own")
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **kw: str(copy))
    app.files.quit_app()
    app.update()
    keys(app, question_asked(app, "Quit without saving?").buttons[0], "Return")  # Save As…
    question = question_asked(app, "Replace the file?")
    keys(app, question.buttons[1], "Escape")                  # not replaced: no quitting
    assert app.winfo_exists() and copy.read_text() == "an older copy of my own"
    app.files.quit_app()
    app.update()
    keys(app, question_asked(app, "Quit without saving?").buttons[0], "Return")
    question_asked(app, "Replace the file?").buttons[0].invoke()
    assert _save.dumps(_save.load(copy)) == _save.dumps(game)
    with pytest.raises(Exception):
        app.winfo_exists()                                    # saved, then quit


# ------------------------------------------------------------ 7., 8. backups and links

def test_a_backup_opened_goes_on_in_a_save_of_its_own(make_app, data_dir):
    game = human_game(("Ann", "Bob"), 4)
    st = SaveStore(data_dir)
    slot = st.new_slot(game)
    st.write(human_game(("Ann", "Bob"), 2), slot)
    st.write(game, slot)                          # the first save is kept as the .bak
    slot.release()
    bak = slot.path.with_name(slot.path.name + ".bak")
    before = bak.read_bytes()
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    keys(app, app.dialog.cancel_button, "Escape")
    assert app.files.open_file(str(bak))
    mine = app.session.autosave_path
    assert mine.parent == data_dir / "saves" and mine.suffix == ".json" and mine != slot.path
    assert "(left unchanged)" in app.layout.message_text
    keys(app, app.layout.cover.ready_button, "Return")
    enter_a_bid(app)
    assert bak.read_bytes() == before and not list((data_dir / "saves").glob("*.bak.bak"))
    assert _save.load(mine).submitted(0) and locks.holder(slot.path) is None
    listed = [info.path for info in SaveStore(data_dir).listing()]
    assert mine in listed and bak not in listed


@pytest.mark.parametrize("where", ["outside", "inside"])
def test_a_link_to_a_save_open_elsewhere_is_an_outside_file(make_app, data_dir, tmp_path, where):
    theirs = put_save(data_dir, human_game(("Cy", "Di"), 2), 5)
    link = (tmp_path if where == "outside" else data_dir / "saves") / "link.json"
    os.symlink(theirs, link)
    other = holder(theirs)
    try:
        assert answer(other).startswith("locked ")
        before = theirs.read_bytes()
        app = make_app()
        keys(app, app.dialog.cancel_button, "Escape")
        assert app.files.open_file(str(link))
        mine = app.session.autosave_path
        assert mine not in (theirs, link) and not mine.is_symlink()
        keys(app, app.layout.cover.ready_button, "Return")
        enter_a_bid(app)
        assert theirs.read_bytes() == before and link.is_symlink()
        assert locks.holder(theirs) == other.pid and locks.holder(mine) == os.getpid()
    finally:
        finish(other)


def test_the_save_in_a_linked_data_folder_is_locked_at_its_real_path(make_app, data_dir,
                                                                    tmp_path, monkeypatch):
    game = put_save(data_dir, human_game(("Ann", "Bob"), 2), 5)
    linked = tmp_path / "linked-data"
    os.symlink(data_dir, linked)
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    keys(app, app.dialog.cancel_button, "Escape")
    assert app.files.open_file(str(linked / "saves" / game.name))
    assert app.session.autosave_path == game and locks.holder(game) == os.getpid()
    assert not app.files.open_file(str(game)) or app.session.autosave_path == game


# ------------------------------------------------------------ 10. quitting

def test_quitting_while_saves_fail_asks_first_and_offers_save_as(make_app, data_dir, tmp_path,
                                                                 monkeypatch):
    app = make_app()
    game = start_game(app, humans=("Ann",), computers=1)
    mine = app.session.autosave_path
    before = mine.read_bytes()
    doom_saves_in(data_dir, monkeypatch, errno.ENOSPC)
    fill(app, {"fine": (4, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")          # submitted; not saved
    assert "could not be saved" in app.layout.message_text
    fill(app, {"fine": (6, 36)}) if app.mode == "enter" else None
    app.files.quit_app()                                         # as the close box does
    app.update()
    question = app.files.question
    assert question is not None and app.winfo_exists()
    assert question.labels == ["Save As…", "Quit anyway", "Cancel"]
    text = question.text_label.cget("text")
    assert text.startswith(f"The game could not be saved in {data_dir / 'saves'} (no space left "
                           f"on device). If you quit now, the moves since its last good save")
    assert focus_of(app) is question.buttons[0]
    keys(app, question.buttons[0], "Escape")                     # Escape: stay
    assert app.files.question is None and app.winfo_exists() and mine.read_bytes() == before
    copy = tmp_path / "kept.json"
    from tkinter import filedialog
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **kw: str(copy))
    app.files.quit_app()
    app.update()
    keys(app, app.files.question.buttons[0], "Return")           # Enter: Save As…, then quit
    kept = _save.load(copy)
    assert _save.dumps(kept) == _save.dumps(game)
    with pytest.raises(Exception):
        app.winfo_exists()                                       # the window is gone


def test_quit_anyway_closes_and_gives_up_the_lock(make_app, data_dir, monkeypatch):
    app = make_app()
    start_game(app, humans=("Ann",), computers=1)
    mine = app.session.autosave_path
    doom_saves_in(data_dir, monkeypatch, errno.EROFS)
    fill(app, {"fine": (4, 33)})
    app.files.quit_app()
    app.update()
    question = app.files.question
    assert "and the entry being typed are lost" in question.text_label.cget("text")
    question.buttons[1].focus_force()
    keys(app, question.buttons[1], "Return")
    assert locks.holder(mine) is None


def test_a_typed_entry_is_kept_when_the_window_closes_and_typed_in_again(make_app, data_dir):
    app = make_app()
    start_game(app, humans=("Ann", "Bob"), computers=1)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (6, 36)})                                  # typed, not submitted
    mine = app.session.autosave_path
    app.tk.call(app.protocol("WM_DELETE_WINDOW"))                 # the close box
    doc = json.loads(mine.read_text())
    assert "draft" in doc and "36" not in json.dumps(doc["draft"])
    game, draft = _save.load_with_draft(mine)
    assert not game.submitted(0) and draft.seat == 0
    assert ("fine", "6", "36") in draft.fields
    again = make_app()
    keys(again, again.layout.resume.table, "Return")
    assert again.mode == "cover"                                  # Ann's sheet is hers alone
    assert "Ann's entry, typed but not submitted, is back in the fields." in \
        again.layout.message.cget("text")
    keys(again, again.layout.cover.ready_button, "Return")
    typed_units, typed_price = again.layout.tally.vars["fine"]
    assert typed_units.get() == "6" and typed_price.get() == "36"
    assert not again.session.game.submitted(0) and again.mode == "enter"
    keys(again, again.layout.tally.entries["fine"][1], "Return")       # now it is submitted
    assert again.session.game.submitted(0)
    assert _save.load_with_draft(mine)[1] is None


def test_a_draft_with_only_a_price_typed_comes_back_as_typed(make_app, data_dir):
    app = make_app()
    start_game(app, humans=("Ann", "Bob"), computers=1)
    keys(app, app.layout.cover.ready_button, "Return")
    app.layout.tally.vars["fine"][1].set("36")                           # a price, no units yet
    app.layout.tally.vars["standard"][0].set("2")                         # units, no price yet
    mine = app.session.autosave_path
    app.tk.call(app.protocol("WM_DELETE_WINDOW"))
    again = make_app()
    keys(again, again.layout.resume.table, "Return")
    keys(again, again.layout.cover.ready_button, "Return")
    vars_ = again.layout.tally.vars
    assert (vars_["fine"][0].get(), vars_["fine"][1].get()) == ("", "36")
    assert (vars_["standard"][0].get(), vars_["standard"][1].get()) == ("2", "")
    assert not again.session.game.submitted(0)
    again.files.quit_app()
    assert mine.exists()


# ------------------------------------------------------------ 13. long names

def test_a_save_with_a_very_long_name_is_resumed_not_open_elsewhere_for_ever(make_app, data_dir):
    game = human_game(("Ann", "Bob"), 2)
    (data_dir / "saves").mkdir()
    long = data_dir / "saves" / ("2026-11-23_1055_" + "Ann" * 78 + ".json")
    _save.save(game, long)
    app = make_app()
    assert app.mode == "resume" and app.layout.resume.elsewhere_label.cget("text") == ""
    keys(app, app.layout.resume.table, "Return")
    assert app.session.autosave_path == long and locks.holder(long) == os.getpid()
    keys(app, app.layout.cover.ready_button, "Return")
    enter_a_bid(app)
    assert "could not be saved" not in app.layout.message_text
    assert _save.load(long).submitted(0)
    app.files.quit_app()
    assert locks.holder(long) is None


# ------------------------------------------------------------ 15. files that hold no game

def test_files_that_hold_no_game_are_listed_with_the_reason_and_never_offered(make_app,
                                                                             data_dir):
    reasons = hostile_files(data_dir / "saves")
    with no_hang(20):
        app = make_app()
    assert app.mode == "welcome" and app.dialog is not None      # nothing to resume
    keys(app, app.dialog.cancel_button, "Escape")
    chooser = open_list(app)
    for name, reason in reasons.items():
        index, values = row_of(chooser, name)
        assert values[1:] == (name, reason, "cannot be read")
        chooser.select(index)
        keys(app, chooser.table, "Return")
        assert chooser.note_label.cget("text").startswith(f"{name} cannot be read: ")
    assert chooser.winfo_exists() and app.session is None


# ------------------------------------------------------------ 16. open anyway

@pytest.mark.parametrize("kind", ["folder", "loop", "forged"])
def test_open_anyway_after_a_warning_and_a_second_yes(make_app, data_dir, kind):
    import subprocess
    import sys
    game = put_save(data_dir, human_game(("Ann", "Bob"), 2), 5)
    free = put_save(data_dir, human_game(("Cy", "Di"), 2), 50)
    sleeper = None
    if kind == "forged":
        sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                                   stdin=subprocess.PIPE)
        locks.lock_path(game).write_text(f"pid {sleeper.pid}\n"
                                         f"start {locks.process_start(sleeper.pid)}\n"
                                         f"nonce 0123456789abcdef\n")
    else:
        make_special(locks.lock_path(game), kind)
    try:
        app = make_app()
        assert app.mode == "resume" and [r[1] for r in rows(app.layout.resume.table)] == ["Cy, Di"]
        chooser = open_list(app)
        assert chooser.selected().path == free and not chooser.anyway_button.winfo_ismapped()
        index, values = row_of(chooser, game.name)
        chooser.select(index)
        app.update()
        assert values[3] == "open in another window" and chooser.anyway_button.winfo_ismapped()
        assert chooser.anyway_button.cget("text") == "Open anyway (the other window may be gone)…"
        keys(app, chooser.anyway_button, "Return")
        question = app.files.question
        assert question.labels == ["Open anyway", "Cancel"]
        assert focus_of(app) is question.buttons[1]               # the safe answer first
        assert "each will write over the other's moves" in question.text_label.cget("text")
        keys(app, question.buttons[1], "Return")                 # Cancel: nothing opened
        assert app.session is None and app.files.question is None
        chooser = open_list(app)
        chooser.select(row_of(chooser, game.name)[0])
        keys(app, chooser.anyway_button, "Return")
        question = app.files.question
        keys(app, question.buttons[0], "Return")                 # the second yes
        assert app.session.autosave_path == game and locks.holder(game) == os.getpid()
        assert app.layout.message_text.startswith(f"Opened {game.name} anyway")
    finally:
        if sleeper is not None:
            sleeper.stdin.close()
            sleeper.wait(timeout=30)


def test_the_game_in_this_window_is_never_offered_to_open_anyway(make_app, data_dir):
    game = put_save(data_dir, human_game(("Ann", "Bob"), 2), 5)
    app = make_app()
    keys(app, app.layout.resume.table, "Return")                        # this window plays it now
    assert app.session.autosave_path == game and locks.holder(game) == os.getpid()
    chooser = open_list(app)
    index, values = row_of(chooser, game.name)
    chooser.select(index)
    app.update()
    assert values[3] == "this window" and not chooser.anyway_button.winfo_ismapped()
    keys(app, chooser.anyway_button, "Return")                   # even if it were pressed
    assert app.files.question is None
    keys(app, chooser.table, "Return")
    assert chooser.note_label.cget("text") == "That is the game in this window already."
    second = make_app(start=False)                               # another window, same process
    second.files.open_anyway(chooser.rows[chooser.table.get_children()[index]])
    text = second.files.question.text_label.cget("text")
    assert "looks open in another window, or" in text and str(os.getpid()) not in text


# ------------------------------------------------------------ 17. thousands of saves

def test_two_thousand_saves_are_listed_a_slice_at_a_time(make_app, data_dir, capsys):
    """Measured, not asserted: how long the listing took and the longest the window was
    kept from its events (printed with ``pytest -s``)."""
    saves = data_dir / "saves"
    saves.mkdir()
    texts = [_save.dumps(human_game(("Ann", "Bob", "Cy"), phases, months=12)).encode()
             for phases in (1, 12, 24)]
    now = time.time()
    for number in range(2000):
        path = saves / f"2025-01-01_{number:04d}_Ann-Bob-Cy.json"
        path.write_bytes(texts[number % 3])
        os.utime(path, (now - 60 * number, now - 60 * number))
    app = make_app(start=False)
    keys(app, app.dialog.cancel_button, "Escape") if app.dialog else None
    figures = {}
    for label in ("first (no index)", "again (index)"):
        ticks = []

        def tick():
            ticks.append(time.perf_counter())
            if not chooser.ready:
                app.after(1, tick)

        started = time.perf_counter()
        app.menus.game_menu.invoke("Open…")
        chooser = app.files.chooser
        assert not chooser.ready or label.startswith("again")
        ticks.append(time.perf_counter())
        app.after(1, tick)
        while not chooser.ready:
            app.update()
        ticks.append(time.perf_counter())
        gaps = [b - a for a, b in zip(ticks, ticks[1:])]
        figures[label] = (time.perf_counter() - started, max(gaps), len(ticks))
        assert len(chooser.table.get_children()) == 2000
        assert chooser.shown_rows()[0][1] == "Ann, Bob, Cy"
        keys(app, chooser.table, "Escape")
    assert figures["first (no index)"][2] > 3          # the window saw its events meanwhile
    with capsys.disabled():
        for label, (total, gap, count) in figures.items():
            print(f"\n2,000 saves, {label}: listed in {total * 1000:.0f} ms, the window kept "
                  f"from its events at most {gap * 1000:.0f} ms at a time")
