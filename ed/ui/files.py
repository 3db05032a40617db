"""File actions: new game, open, save as, resume at start, quit, replay, print.

``Files(app)`` holds the Game menu's actions and the start of a session.
Every game is saved in a file of its own in the saves folder
(``store.SaveStore``), locked while a window plays it, so a new game never
writes over an unfinished one and a second window never writes to the
first window's game.

At start: the saves of earlier versions are moved into the folder, the save
named on the command line is opened, or the resume screen offers the
unfinished games that no other window has open (newest first, naming those
that are open elsewhere), or the new-game dialog opens.  Open… and Replay…
list the saves folder newest first (``chooser.SaveChooser``), with Tk's file
dialog for any other file.  A file that cannot be read or written gives a
plain sentence in the status bar, never a traceback, and the game in
progress goes on.

Imports: tkinter, ``ed.save``, the store and the chooser; other parts of the
window only through the hub (``app.flow`` begins a game, ``app.layout`` shows
the start screens, ``app.extras`` and ``app.prefs``).
"""
from __future__ import annotations

import os
import tkinter as tk
from pathlib import Path
from typing import Optional


class Files:
    """The file actions of the Game menu (see the module docstring)."""

    def __init__(self, app) -> None:
        from .store import SaveStore
        self.app = app
        self.first_run = not app.settings.first_run_done  # offer the guide once
        self.store = SaveStore(app.folder)
        self.chooser = None   # the Open or Replay list, while it is up

    # ------------------------------------------------------------- start

    def start(self) -> None:
        """Open the save given on the command line, offer to resume, or set up a game."""
        app, ui = self.app, self.app.layout
        problems = [p for p in [getattr(app, "folder_problem", None)] + self.store.migrate() if p]
        if problems:
            app.show_message(" ".join(problems), error=True)
            ui.welcome.message.configure(text=" ".join(problems))
        if self.first_run:
            # At the very first start the guide is offered on the first sheet shown, however
            # it comes: a new game, a save named on the command line, a game resumed.
            self.first_run = False
            app.extras.tour_waiting = True
        save = getattr(app.options, "save", None)
        if save and self.open_file(save):
            return
        self.show_start()

    def resume_offers(self):
        """The unfinished games: those this window may resume, and those open elsewhere."""
        unfinished = self.store.unfinished()
        free = [info for info in unfinished if info.open_elsewhere is None]
        return free, [info for info in unfinished if info.open_elsewhere is not None]

    def show_start(self) -> None:
        """The resume screen when there is a game to resume, else welcome and the new-game dialog."""
        from .screens import elsewhere_sentence
        ui = self.app.layout
        free, elsewhere = self.resume_offers()
        if free:
            ui.show_screen(ui.resume, "resume", read=(free, elsewhere))
            return
        ui.show_screen(ui.welcome, "welcome")
        if elsewhere:
            ui.welcome.message.configure(text=elsewhere_sentence(elsewhere))
        self.new_game()

    def resume_game(self) -> None:
        """Carry on with the game chosen on the resume screen."""
        ui = self.app.layout
        info = ui.resume.selected() if ui.resume.shown else None
        if info is None:
            ui.show_screen(ui.welcome, "welcome")
            return
        if self.open_file(str(info.path), quiet=True):
            self.app.show_message("Welcome back: the game goes on where it stopped.",
                                  until="entry")
        elif self.app.mode == "resume":
            ui.show_screen(ui.resume, "resume")   # read again: it may be open elsewhere now

    # ---------------------------------------------------------- new game

    def new_game(self) -> None:
        """Open the new-game dialog (the game in progress goes on if it is cancelled)."""
        app = self.app
        if app.dialog is not None:
            try:
                app.dialog.lift()
                app.dialog.focus_set()
            except tk.TclError:
                app.dialog = None
            return
        from .dialogs import NewGameDialog
        human = "Player"
        if app.session is not None:
            humans = app.session.humans
            if humans:
                human = app.session.game.names[humans[0]]
        app.dialog = NewGameDialog(app, app.theme, on_start=self._dialog_started,
                                   on_cancel=self._dialog_closed, human_name=human,
                                   remembered=app.settings.last_setup)

    def _dialog_closed(self) -> None:
        self.app.dialog = None
        if self.app.mode == "welcome":
            self.app.layout.welcome.new_button.focus_set()

    def _dialog_started(self, setup) -> None:
        from .dialogs import remember
        app = self.app
        app.dialog = None
        app.prefs.update_settings(last_setup=remember(setup))
        app.flow.begin(setup.game())   # in a new file: no other game is written over
        app.show_message("A new game has begun. Good luck!", until="entry")

    # ------------------------------------------------------- open, save

    def open_dialog(self) -> None:
        """Game ▸ Open…: the saves folder, newest first."""
        self._choose("Open a saved game", "Open", self.open_file, playable_only=True)

    def _choose(self, title: str, action: str, act, *, playable_only: bool):
        """The saves folder's list; ``act(path)`` opens or replays the game chosen in it
        or the file chosen with "Other file…"."""
        from .chooser import SaveChooser
        app = self.app
        if self.chooser is not None:
            try:
                self.chooser.destroy()
            except tk.TclError:
                pass
        session = app.session
        current = session.autosave_path if session is not None else None

        def closed() -> None:
            self.chooser = None

        def browse() -> None:
            path = self._browse(title)
            if path:
                act(path)

        self.chooser = SaveChooser(app, app.theme, title=title, action=action,
                                   folder=self.store.saves, saves=self.store.listing(),
                                   on_choose=lambda info: act(str(info.path)), on_browse=browse,
                                   current=current, playable_only=playable_only, on_close=closed)
        return self.chooser

    def _browse(self, title: str) -> str:
        from tkinter import filedialog
        folder = self.store.saves if self.store.saves.is_dir() else self.app.folder
        return filedialog.askopenfilename(
            parent=self.app, title=title, initialdir=str(folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])

    def open_file(self, path: str, *, quiet: bool = False) -> bool:
        """Play the saved game at ``path``; a file that cannot be played gives a plain message.

        A game of the saves folder is locked for this window (refused when
        another window has it); a file from elsewhere is left as it is and
        the game goes on in a new file of the saves folder.
        """
        from .. import save as _save
        from .store import Locked
        app = self.app
        session = app.session
        if session is not None and session.autosave_path is not None and \
                _same_file(session.autosave_path, path):
            app.show_message("That game is already open in this window.")
            return True
        slot = None
        if self.store.contains(path):
            try:
                slot = self.store.open_slot(path)
            except Locked as error:
                self._refuse_open(f"{error} Carry on with it in that window; Game ▸ Replay a "
                                  f"saved game… can show it here.")
                return False
        try:
            saved = _save.load_saved(path)
            game = saved.game
        except _save.SaveError as error:
            if slot is not None:
                slot.release()
            self._refuse_open(f"That game could not be opened. {error}")
            return False
        app.flow.begin(game, slot=slot, explanations=saved.explanations)
        if not quiet:
            # A finished game goes on nowhere: saying so would not be true.
            where = "" if slot is not None or game.is_over else \
                " (it goes on in a save of its own)"
            app.show_message(f"Opened {os.path.basename(path)}{where}.", until="entry")
        return True

    def _refuse_open(self, sentence: str) -> None:
        app = self.app
        app.show_message(sentence, error=True)
        if app.mode in ("welcome", "starting", "resume"):
            app.layout.welcome.message.configure(text=sentence)

    def save_as_dialog(self) -> None:
        app = self.app
        if app.session is None:
            app.show_message("There is no game to save yet.")
            return
        from tkinter import filedialog
        # Another place than the saves folder, where the game is saved anyway.
        path = filedialog.asksaveasfilename(
            parent=app, title="Save the game as", initialdir=str(Path.home()),
            initialfile=app.session.autosave_path.name if app.session.autosave_path else "",
            defaultextension=".json", filetypes=[("Saved games", "*.json")])
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Game ▸ Save As…: a copy of the game at ``path`` (play goes on in its own save)."""
        from .. import save as _save
        try:
            _save.save(self.app.session.game, path,
                       explanations=self.app.session.kept_explanations())
        except (_save.SaveError, OSError) as error:
            self.app.show_message(f"The game could not be saved. {error}", error=True)
            return False
        self.app.show_message(f"Saved to {path}.")
        return True

    def quit_app(self) -> None:
        """Close the window; the autosave already holds the game, and its lock is given up."""
        app = self.app
        if app.session is not None:
            if not app.session.game.is_over:
                app.session.autosave()
        app.destroy()          # which gives up the game's lock

    # ----------------------------------------------------- print, replay

    def print_dialog(self) -> None:
        """Game ▸ Print tally sheet…: choose the paper, then a PostScript file (``printing``)."""
        if self.app.session is None:
            self.app.show_message("There is no tally sheet to print yet.")
            return
        from .printing import PrintDialog
        PrintDialog.show(self.app)

    def print_to(self, path: str, *, paper: str = "", seat: Optional[int] = None) -> bool:
        """Write a tally sheet (revealed months only) to ``path`` as PostScript: ``seat``'s,
        or the one shown now."""
        from .printing import print_sheet
        return print_sheet(self.app, path, paper=paper, seat=seat)

    def replay_dialog(self) -> None:
        """Game ▸ Replay a saved game…: step through a save month by month."""
        self._choose("Replay a saved game", "Replay", self.replay_file, playable_only=False)

    def replay_file(self, path: str):
        from .. import save as _save
        from .replay import open_replay
        try:
            window = open_replay(self.app, path)
        except _save.SaveError as error:
            self.app.show_message(f"That game could not be replayed. {error}", error=True)
            return None
        self.app.windows["replay"] = window
        # The status line says so while it is open, and no longer.
        window.bind("<Destroy>", lambda e: e.widget is window and self._replay_closed(window),
                    add="+")
        self.app.extras.raise_window(window)
        self.app.layout.welcome.message.configure(text="")   # an earlier failure is past
        self.app.show_message(f"Replaying {os.path.basename(path)} in a window of its own.",
                              until="replay")
        return window

    def _replay_closed(self, window) -> None:
        if self.app.windows.get("replay") in (window, None):
            self.app.message_over("replay")


def _same_file(a: "os.PathLike[str] | str", b: "os.PathLike[str] | str") -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False
