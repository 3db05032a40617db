"""Tk's own file dialog, driven through the real window: typed names, tooltips beside it."""
from __future__ import annotations

import tkinter as tk

import pytest

from ed.ui.widgets.tooltip import tip_of

from .test_window import keys, start_game

DIALOG = ".__tk_filedialog"
ENTRY = DIALOG + ".contents.f2.ent"
BOX = DIALOG + ".__tk__messagebox"


class FileBox:
    """Types a name into Tk's file dialog once it is up, as a person would, and presses
    its Open or Save button.  Tk's own message box, if one comes, is read, dismissed, and the dialog
    cancelled (``boxes`` keeps what each said), so a test never hangs on it.
    ``while_open(app)`` runs with the focus in the dialog's field, before the typing."""

    def __init__(self, app, typed: str, while_open=None) -> None:
        self.app, self.typed, self.while_open = app, typed, while_open
        self.boxes = []
        self.polls = 0
        self.returned = False               # the dialog's button has been handled
        app.after(50, self._poll)

    def _exists(self, path: str) -> bool:
        return bool(int(self.app.tk.call("winfo", "exists", path)))

    def _waiting(self) -> bool:
        """Whether a message box may still come: the button not handled yet, or a folder's
        listing that the dialog left for idle time (``after idle``) still to run."""
        tcl = self.app.tk
        return not self.returned or any(
            "::tk::dialog::file::" in str(tcl.call("after", "info", handler))
            for handler in tcl.splitlist(tcl.call("after", "info")))

    def _give_up(self) -> None:
        """Cancel the dialog if it is still up, showing no box, with nothing more to come.
        Run when idle, not in the poll that saw it so: a poll due at the moment the one
        that typed ends runs after the dialog took the name but before it is put away."""
        if self._exists(BOX) or (self._waiting() and self.polls < 1200):
            self._poll()
        elif self._exists(DIALOG) and int(self.app.tk.call("winfo", "viewable", DIALOG)):
            self.app.tk.call(DIALOG + ".contents.f2.cancel", "invoke")

    def _poll(self) -> None:
        tcl, self.polls = self.app.tk, self.polls + 1
        if self._exists(BOX):
            self.boxes.append(tcl.call(BOX + ".msg", "cget", "-text"))
            # "OK", or "No" where the box asks (Tk's own "Overwrite?")
            button = next(BOX + name for name in (".ok", ".no", ".cancel")
                          if self._exists(BOX + name))
            tcl.call(button, "invoke")
            tcl.call(DIALOG + ".contents.f2.cancel", "invoke")
            return
        if not self._exists(DIALOG) or not int(tcl.call("winfo", "viewable", DIALOG)):
            if self.polls < 200:
                self.app.after(50, self._poll)
            return
        if self.typed is None:
            if self._waiting() and self.polls < 1200:
                self.app.after(50, self._poll)      # a message box may come
            else:
                self.app.after_idle(self._give_up)
            return
        tcl.call("focus", "-force", ENTRY)
        if str(tcl.call("focus")) != ENTRY and self.polls < 200:
            # Tk has the focus once the X server says so: a key sent before it is lost
            self.app.after(50, self._poll)
            return
        if self.while_open is not None:
            self.while_open(self.app)
        tcl.call(ENTRY, "delete", 0, "end")
        tcl.call(ENTRY, "insert", 0, self.typed)
        self.typed, self.polls = None, 1000
        # Tk's message box waits inside the button's handler: the next look is due first
        self.app.after(50, self._poll)
        # The dialog's own button, as a click on it: an Enter generated on the field was
        # not always taken (a display without a window manager, a busy machine).
        tcl.call(DIALOG + ".contents.f2.ok", "invoke")
        self.returned = True                # the button's handler has run to its end


def leave_a_tooltip(app) -> None:
    """The pointer leaves a widget with a tooltip while Tk's dialog has the focus.  (Tk
    sends that Leave itself as the dialog takes its grab; one sent from here while the
    grab is held would be dropped before any handler, so the grab is let go for it.)"""
    label = app.layout.rules_label
    assert tip_of(label) is not None
    assert str(app.tk.call("focus")) == ENTRY
    app.tk.call("grab", "release", DIALOG)
    try:
        label.event_generate("<Leave>")
    finally:
        app.tk.call("grab", "set", DIALOG)


def test_a_tooltip_left_while_tk_s_file_dialog_has_the_focus_raises_nothing(
        make_app, callback_errors):
    app = make_app()
    keys(app, app.dialog.cancel_button, "Escape")
    app.menus.game_menu.invoke("Open…")
    app.update()
    box = FileBox(app, "", while_open=leave_a_tooltip)
    keys(app, app.files.chooser.browse_button, "Return")
    assert box.polls >= 1000                  # the dialog came and the tooltip was left
    assert callback_errors == []
    assert "Something went wrong" not in app.layout.message.cget("text")


@pytest.mark.parametrize("typed, said", [
    ("/etc/passwd", "not a saved game"),
    ("/etc/no-such-save-here", "/etc/no-such-save-here could not be opened"),
])
def test_open_takes_a_typed_name_as_typed_and_says_what_is_wrong_with_it(
        make_app, typed, said):
    app = make_app()
    keys(app, app.dialog.cancel_button, "Escape")
    app.menus.game_menu.invoke("Open…")
    app.update()
    box = FileBox(app, typed)
    keys(app, app.files.chooser.browse_button, "Return")
    assert box.boxes == []                    # no "File "/etc/passwd.json" does not exist."
    assert said in app.layout.message.cget("text")
    assert ".json" not in app.layout.message.cget("text")


def test_open_still_finds_a_save_named_without_its_extension(make_app, tmp_path):
    from ed import save as _save
    from .test_saves_window import human_game
    _save.save(human_game(("Ann", "Bob"), 2), tmp_path / "friend.json")
    app = make_app()
    keys(app, app.dialog.cancel_button, "Escape")
    app.menus.game_menu.invoke("Open…")
    app.update()
    box = FileBox(app, str(tmp_path / "friend"))
    keys(app, app.files.chooser.browse_button, "Return")
    assert box.boxes == []
    assert app.session is not None and app.session.game.names == ("Ann", "Bob")


def test_save_as_into_a_folder_that_does_not_exist_is_said_whole_by_the_program(
        make_app, tmp_path):
    app = make_app()
    start_game(app, humans=("Ann",), computers=1)
    missing = tmp_path / "a-folder-that-was-never-made"
    box = FileBox(app, str(missing / "copy"))
    app.menus.game_menu.invoke("Save As…")
    app.update()
    assert box.boxes == []                    # not Tk's "Directory … does not exist."
    assert app.layout.message_text == (f"The game could not be saved. There is no folder "
                                       f"{missing}; choose a folder that exists.")
    assert not missing.exists()


def test_printing_over_a_save_typed_in_tk_s_dialog_is_refused_in_the_program_s_words(
        make_app, data_dir):
    """Ctrl+P, another game's save in the saves folder typed in the dialog, Enter: it was
    written over, then listed "damaged", with no backup."""
    from ed.saves.store import SaveStore
    from .test_saves_window import human_game, put_save
    other = put_save(data_dir, human_game(("Cy", "Di"), 3), 5)
    before = other.read_bytes()
    app = make_app()
    keys(app, app.layout.resume.new_button, "Return")
    start_game(app, humans=("Ann",), computers=1)
    box = FileBox(app, str(other))
    keys(app, app.layout.tally.entries["xfine"][0], "Control-p")
    keys(app, app.windows["print"].save_button, "Return")
    assert box.polls >= 1000                  # the dialog came and the name was typed
    assert box.boxes == []                    # not Tk's "File … already exists. Overwrite?"
    assert app.layout.message_text == (
        f"The tally sheet could not be printed. {other.name} would be in the app's data "
        f"folder ({data_dir}); choose another folder.")
    assert other.read_bytes() == before and not other.with_name(other.name + ".bak").exists()
    listed = {info.path: info.problem for info in SaveStore(data_dir).listing()}
    assert listed[other] is None
