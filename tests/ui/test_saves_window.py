"""The saves folder through the real window: resume, a second window, Open…, Replay…, faults."""
from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

import pytest

import ed
from ed import save as _save
from ed.saves import locks
from ed.saves.store import SaveStore
from ed.ui.widgets.tooltip import tip_of
from tests.test_save import played
from tests.ui.test_locks import answer, finish, holder, read_line

from .test_features import press
from .test_window import fill, focus_of, keys, start_game

ROOT = Path(__file__).resolve().parents[2]
NOW = time.time()


def put_save(data_dir: Path, game: ed.Game, age_minutes: float) -> Path:
    """A save in the saves folder as if last played ``age_minutes`` ago."""
    st = SaveStore(data_dir)
    when = NOW - 60 * age_minutes
    slot = st.new_slot(game, now=when)
    st.write(game, slot)
    slot.release()
    os.utime(slot.path, (when, when))
    return slot.path


def human_game(names, phases, months=3, seed=3) -> ed.Game:
    """A game of people only (so resuming it stops at a person's sheet)."""
    game = ed.Game(ed.Rules(players=len(names), months=months), list(names), seed=seed)
    from ed.ai.randomplay import random_entry
    import random
    rng = random.Random(seed)
    for _ in range(phases):
        for seat in range(game.players):
            game.submit(seat, random_entry(game.view(seat), rng))
        game.resolve()
    return game


def rows(table):
    return [tuple(table.item(row, "values")) for row in table.get_children()]


@pytest.fixture
def three_saves(data_dir):
    """Two unfinished games and a finished one; the newest unfinished one is open in
    another process (a window that is still running)."""
    older = put_save(data_dir, human_game(("Ann", "Bob"), 2), 90)
    finished = put_save(data_dir, played(months=2, players=2), 30)
    newest = put_save(data_dir, human_game(("Cy", "Di"), 3), 5)
    other = holder(newest)
    assert answer(other).startswith("locked ")
    bytes_before = newest.read_bytes()
    yield types.SimpleNamespace(older=older, finished=finished, newest=newest, other=other)
    assert newest.read_bytes() == bytes_before, "the other window's game was written to"
    assert locks.holder(newest) == other.pid
    finish(other)


# ------------------------------------------------------------- start-up

def test_start_offers_only_games_no_other_window_has_and_says_which(make_app, three_saves,
                                                                    monkeypatch):
    reads = []
    scan = SaveStore.scan
    monkeypatch.setattr(SaveStore, "scan", lambda self: reads.append(1) or scan(self))
    app = make_app()
    assert app.mode == "resume"
    assert len(reads) == 1                # the saves folder is read once at start
    shown = rows(app.layout.resume.table)
    assert len(shown) == 1 and shown[0][1] == "Ann, Bob" and shown[0][2].startswith("Feb, purchasing")
    said = app.layout.resume.elsewhere_label.cget("text")
    assert said.startswith("Your game with Cy, Di (Feb, selling — month 2 of 3) is open in "
                           "another window, so it is not offered here")
    keys(app, app.layout.resume.table, "Return")
    assert app.session.autosave_path == three_saves.older
    assert app.mode in ("cover", "enter") and app.session.game.names == ("Ann", "Bob")
    assert locks.holder(three_saves.older) == os.getpid()


def test_the_resume_list_is_newest_first_and_the_arrows_choose(make_app, data_dir):
    old = put_save(data_dir, human_game(("Ann", "Bob"), 1), 60)
    new = put_save(data_dir, human_game(("Eve", "Flo"), 2), 1)
    app = make_app()
    assert [r[1] for r in rows(app.layout.resume.table)] == ["Eve, Flo", "Ann, Bob"]
    assert app.layout.resume.elsewhere_label.cget("text") == ""
    assert focus_of(app) is app.layout.resume.table
    press(app, "Down")
    press(app, "Return")
    assert app.session.autosave_path == old and app.session.game.month == 1
    assert locks.holder(new) is None


def test_new_game_never_writes_over_an_unfinished_one(make_app, data_dir):
    unfinished = put_save(data_dir, human_game(("Ann", "Bob"), 3), 10)
    before = unfinished.read_bytes()
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    start_game(app, humans=("Ann", "Bob"), computers=0)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (2, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert app.session.autosave_path != unfinished
    assert unfinished.read_bytes() == before
    assert sorted(i.path for i in SaveStore(data_dir).unfinished()) == sorted(
        [unfinished, app.session.autosave_path])
    # Game ▸ New again, from a game in progress: the one left keeps its file too.
    first = app.session.autosave_path
    app.files.new_game()
    start_game(app, humans=("Gus",), computers=1)
    assert app.session.autosave_path not in (first, unfinished)
    assert locks.holder(first) is None                      # given up, not deleted
    assert _save.load(first).names == ("Ann", "Bob") and unfinished.read_bytes() == before


SECOND_WINDOW = """\
import sys, types
from ed.ui.shell.app import App
app = App(types.SimpleNamespace(data_dir=sys.argv[1], save=None))
app.start()
app.update()
app.dialog.start()          # the new-game dialog's defaults: a solo game
app.update()
print(app.session.autosave_path, flush=True)
sys.stdin.readline()        # the window stays open until told
app.files.quit_app()
"""


def test_a_game_open_in_another_app_process_is_not_offered_until_it_closes(make_app, data_dir,
                                                                          display):
    from tests.ui.conftest import seen_first_run
    seen_first_run(data_dir)
    other = subprocess.Popen([sys.executable, "-c", SECOND_WINDOW, str(data_dir)], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, DISPLAY=display))
    try:
        theirs = Path(read_line(other).strip())
        assert theirs.parent == data_dir / "saves" and theirs.exists()
        before = theirs.read_bytes()
        app = make_app()
        assert app.mode == "welcome" and app.dialog is not None      # nothing to resume here
        assert "is open in another window" in app.layout.welcome.message.cget("text")
        assert "Player, " in app.layout.welcome.message.cget("text")
        assert not app.files.open_file(str(theirs))
        assert app.layout.message_text.startswith(
            f"That game is open in another window (process {other.pid}).")
        assert theirs.read_bytes() == before and app.session is None
    finally:
        finish(other)
    assert locks.holder(theirs) is None
    again = make_app()
    assert again.mode == "resume" and rows(again.layout.resume.table)[0][1].startswith("Player, ")


# ------------------------------------------------------------ Open…, Replay…

def test_open_lists_the_saves_folder_newest_first_and_never_settings(make_app, data_dir,
                                                                    three_saves):
    (data_dir / "saves" / "statistics.json").write_text('{"games_played": 3}')
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    keys(app, app.dialog.start_button, "Return")
    app.menus.game_menu.invoke("Open…")
    app.update()
    chooser = app.files.chooser
    assert chooser is not None and chooser.title().startswith("Open a saved game")
    shown = chooser.shown_rows()
    assert [r[1] for r in shown] == ["Player, Mabel, Rex, Iris", "Cy, Di", "Ann, Bob", "Ann, Bob"]
    assert shown[0][3] == "this window"
    assert shown[1][2] == "Feb, selling — month 2 of 3" and shown[1][3] == "open in another window"
    assert shown[2][2] == "finished after 2 months" and shown[2][3] == "finished"
    assert shown[3][3] == "unfinished"
    played_at = time.localtime(os.stat(three_saves.newest).st_mtime)
    assert shown[1][0] == f"{played_at.tm_mday} {time.strftime('%b %Y, %H:%M', played_at)}"
    assert all(re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d", r[0]) for r in shown)
    assert not any("settings" in " ".join(r) or "statistics" in " ".join(r) for r in shown)
    # The game open elsewhere is refused in the list itself; the window stays open.
    chooser.select(1)
    keys(app, chooser.table, "Return")
    assert chooser.winfo_exists() and "open in another window" in chooser.note_label.cget("text")
    chooser.select(3)
    keys(app, chooser.table, "Return")
    assert app.files.chooser is None and app.session.autosave_path == three_saves.older
    assert app.layout.message_text == f"Opened {three_saves.older.name}."


def test_open_other_file_keeps_it_and_plays_on_in_a_save_of_its_own(make_app, data_dir,
                                                                   tmp_path, monkeypatch):
    outside = tmp_path / "from-a-friend.json"
    _save.save(human_game(("Ann", "Bob"), 2), outside)
    before = outside.read_bytes()
    app = make_app()
    keys(app, app.dialog.cancel_button, "Escape")            # no game yet: the welcome screen
    from tkinter import filedialog
    asked = {}
    monkeypatch.setattr(filedialog, "askopenfilename",
                        lambda **kw: asked.update(kw) or str(outside))
    app.menus.game_menu.invoke("Open…")
    app.update()
    assert app.files.chooser.shown_rows() == []
    assert "no saved games" in app.files.chooser.intro.cget("text")
    keys(app, app.files.chooser.browse_button, "Return")
    assert asked["initialdir"] == str(data_dir)              # no saves folder yet
    assert app.session.game.names == ("Ann", "Bob")
    assert app.session.autosave_path.parent == data_dir / "saves"
    assert outside.read_bytes() == before
    assert "(left unchanged)" in app.layout.message_text


def test_replay_lists_every_game_even_one_open_elsewhere(make_app, three_saves):
    app = make_app()
    app.menus.game_menu.invoke("Replay a saved game…")
    app.update()
    chooser = app.files.chooser
    assert chooser.title().startswith("Replay a saved game")
    assert [r[1] for r in chooser.shown_rows()] == ["Cy, Di", "Ann, Bob", "Ann, Bob"]
    keys(app, chooser.table, "Return")                       # the newest: open elsewhere
    replay = app.windows["replay"]
    assert replay.last_month == 2 and app.mode == "resume"   # this window still offers its own
    assert app.files.chooser is None
    app.menus.game_menu.invoke("Replay a saved game…")
    app.update()
    keys(app, app.files.chooser.table, "Escape")
    assert app.files.chooser is None


# ------------------------------------------------------------- faults

def doom_saves_in(folder: Path, monkeypatch, error: int) -> dict:
    """Make every save into ``folder`` fail as it would on a full disk (at fsync) or a
    read-only one (at creating the file); other places still work."""
    real_mkstemp, real_fsync = tempfile.mkstemp, os.fsync
    doomed = set()
    state = {"failures": 0}

    def mkstemp(*args, **kwargs):
        inside = str(kwargs.get("dir", "")).startswith(str(folder))
        if inside and error == errno.EROFS:
            state["failures"] += 1
            raise OSError(error, os.strerror(error))
        fd, name = real_mkstemp(*args, **kwargs)
        if inside:
            doomed.add(fd)
        return fd, name

    def fsync(fd):
        if fd in doomed:
            doomed.discard(fd)
            state["failures"] += 1
            raise OSError(error, os.strerror(error))
        return real_fsync(fd)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fsync", fsync)
    return state


@pytest.mark.parametrize("error, reason", [(errno.ENOSPC, "no space left on device"),
                                           (errno.EROFS, "read-only file system")])
def test_a_save_fault_is_one_sentence_play_goes_on_and_save_as_works(
        make_app, data_dir, tmp_path, monkeypatch, error, reason):
    app = make_app()
    start_game(app, humans=("Ann", "Bob"), computers=1)
    app.files.new_game()          # a second game, with a longer rules summary beside the status
    for flag in ("loans", "partial_fills", "partial_sales"):
        app.dialog.options[flag].set(True)
    game = start_game(app, humans=("Ann", "Bob"), computers=1)
    mine = app.session.autosave_path
    before = mine.read_bytes()
    state = doom_saves_in(data_dir, monkeypatch, error)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (4, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    said = app.layout.message_text
    assert state["failures"] >= 1
    assert f"The game could not be saved in {data_dir / 'saves'} ({reason}); play goes on, " \
           f"and Game ▸ Save As… can keep it elsewhere." in said
    assert str(app.layout.message.cget("style")) == "StatusError.TLabel"
    app.update()     # one line beside the rules summary, shortened if need be, whole on hover
    assert tip_of(app.layout.message).current_text() in ("", said)
    assert app.layout.message.winfo_reqwidth() <= app.layout.message.winfo_width()
    message = app.layout.message
    assert message.winfo_rootx() + message.winfo_width() <= app.layout.rules_label.winfo_rootx()
    assert mine.read_bytes() == before and game.submitted(0)     # in memory, old save intact
    assert app.mode == "cover"                                   # play goes on: Bob's turn
    elsewhere = tmp_path / "usb" / "ann-and-bob.json"
    elsewhere.parent.mkdir()
    assert app.files.save_to(str(elsewhere))
    assert app.layout.message_text == f"Saved to {elsewhere}."
    assert _save.dumps(_save.load(elsewhere)) == _save.dumps(game)
    monkeypatch.undo()
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"standard": (1, 25)})
    keys(app, app.layout.tally.entries["standard"][1], "Return")
    assert app.mode == "reveal" and "could not be saved" not in app.layout.message_text
    assert _save.dumps(_save.load(mine)) == _save.dumps(game)


def test_the_data_folder_deleted_mid_game_is_made_again(make_app, data_dir):
    app = make_app()
    game = start_game(app, humans=("Ann", "Bob"), computers=1)
    shutil.rmtree(data_dir)
    keys(app, app.layout.cover.ready_button, "Return")
    fill(app, {"fine": (4, 33)})
    keys(app, app.layout.tally.entries["fine"][1], "Return")
    assert "could not be saved" not in app.layout.message_text
    saved = app.session.autosave_path
    assert saved.parent == data_dir / "saves"
    assert _save.dumps(_save.load(saved)) == _save.dumps(game)
    assert locks.holder(saved) == os.getpid()


def test_ed_data_dir_naming_a_file_says_so_and_saves_in_a_stand_in(display, tmp_path,
                                                                  monkeypatch, callback_errors):
    from ed.ui.shell.app import App
    notes = tmp_path / "notes.txt"
    notes.write_text("not a folder")
    monkeypatch.setenv("ED_DATA_DIR", str(notes))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    app = App(types.SimpleNamespace(data_dir=None, save=None))
    try:
        app.callback_errors = callback_errors
        app.start()
        app.update()
        stand_in = app.folder         # the user's own folder in the temporary folder
        assert stand_in.parent == tmp_path / "tmp"
        said = app.layout.message_text
        assert said.startswith(f"Games cannot be kept in {notes} (it is a file, not a folder), "
                               f"so they are kept in {stand_in} for now.")
        assert said in app.layout.welcome.message.cget("text")
        keys(app, app.layout.welcome.quick_button, "Return")       # a first start in the stand-in
        assert app.session.autosave_path.parent == stand_in / "saves"
        assert notes.read_text() == "not a folder"
        app.files.quit_app()
    except BaseException:
        app.destroy()
        raise


def test_a_long_status_sentence_is_shortened_beside_the_rules_summary(make_app):
    """Set after the rules summary grew, a sentence a little wider than the room left
    is shortened at a word instead of running under the summary."""
    import tkinter.font as tkfont
    app = make_app()
    keys(app, app.dialog.start_button, "Return")
    app.update()
    layout = app.layout
    room = layout.status.winfo_width() - layout.rules_label.winfo_reqwidth()
    font = tkfont.Font(root=app, font=app.layout.message.cget("font") or "EDBold")
    words = "could not be saved"
    while font.measure(words) < room + 100:
        words += " could not be saved"
    app.show_message(words + ".", error=True)
    app.update()
    assert app.layout.message.winfo_reqwidth() <= app.layout.message.winfo_width()
    assert app.layout.message.winfo_rootx() + app.layout.message.winfo_width() <= \
        layout.rules_label.winfo_rootx()


def test_the_menus_shortcuts_wait_while_the_saves_list_is_open(make_app, three_saves):
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    keys(app, app.dialog.start_button, "Return")
    app.menus.game_menu.invoke("Open…")
    app.update()
    chooser = app.files.chooser
    assert app.grab_current() is chooser                 # it is modal
    for shortcut in ("<Control-n>", "<Control-o>"):
        chooser.table.event_generate(shortcut)
        app.update()
    assert app.dialog is None and app.files.chooser is chooser and chooser.winfo_exists()
    keys(app, chooser.table, "Escape")
    assert app.files.chooser is None
    app.focus_force()
    app.layout.tally.entries["fine"][0].event_generate("<Control-n>")
    app.update()
    assert app.dialog is not None                        # and work again once it is closed
