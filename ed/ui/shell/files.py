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
dialog for any other file.  The folder is read a slice at a time
(``store.Scan``, ``SLICE_S`` each), so a large one never freezes the window.
A file that cannot be read or written gives a plain sentence in the status
bar, never a traceback, and the game in progress goes on.

A path the user gives is followed once, safely (``store.resolve``).  Only a
game's own save in the saves folder is played in place, locked at its real
path; anything else (a file from elsewhere, a ``.bak``, a link) is left as
it is and the game goes on in a save of its own.

Every file written for a person (Save As…, the tally sheet printed) goes
through the one writer, ``ed.saves.export``: never in the data folder, over a
save another window has open, a name the game gives its own files or anything
but a regular file (and, but for Save As…, never over a save); a file there
already is asked about first, and each dialog opens outside the data folder.
Quitting, opening another game or starting a new one while
saves fail asks first (``question.Question``), offering Save As…, whether the
game is over or not; what is typed but not submitted is kept with the save.

Imports: tkinter, ``ed.save``, the store and the chooser; other parts of the
window only through the hub (``app.flow`` begins a game, ``app.layout`` shows
the start screens, ``app.extras`` and ``app.prefs``).
"""
from __future__ import annotations

import os
import tkinter as tk
from typing import Optional

from .modes import Mode


class Files:
    """The file actions of the Game menu (see the module docstring)."""

    #: the longest one slice of reading the saves folder keeps the window busy
    SLICE_S = 0.04

    def __init__(self, app) -> None:
        from ...saves.store import SaveStore
        self.app = app
        self.first_run = not app.settings.first_run_done  # offer the guide once
        self.store = SaveStore(app.folder)
        self.chooser = None   # the Open or Replay list, while it is up
        self.question = None  # a question asked (quit unsaved, open anyway), while it is up
        self.scan = None      # the reading of the saves folder under way, if any
        self.last_folder = None   # where a file for a person was written last

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
            app.extras.tour_waiting = self.is_first_start()
        save = getattr(app.options, "save", None)
        if save and self.open_file(save):
            return
        self.show_start()

    def resume_offers(self, saves=None):
        """The unfinished games (of ``saves``, or of the folder read now): those this window
        may resume, and those open elsewhere.  A save that cannot be replayed is neither."""
        if saves is None:
            saves = self.store.listing()
        unfinished = [info for info in saves if not info.finished and not info.problem]
        free = [info for info in unfinished if info.open_elsewhere is None]
        return free, [info for info in unfinished if info.open_elsewhere is not None]

    def read_saves(self, done, *, progress=None, wanted=None):
        """Read the saves folder a slice at a time, the first one now; then ``done(saves)``.

        Between slices the window handles its events; ``progress(scan)`` is
        called after each slice but the last, and the reading stops when
        ``wanted()`` turns false (say, its window was closed).
        """
        app = self.app
        scan = self.store.scan()

        def go() -> None:
            if wanted is not None and not wanted():
                return
            if scan.step(self.SLICE_S):
                if self.scan is scan:
                    self.scan = None
                done(scan.saves)
                return
            if progress is not None:
                progress(scan)
            app.after(1, go)

        self.scan = scan
        go()
        return scan

    def show_start(self) -> None:
        """The resume screen when there is a game to resume, else welcome and the new-game
        dialog.  A large saves folder is read while the welcome screen says so."""
        app = self.app
        said = []

        def progress(scan) -> None:
            if not said:
                app.layout.show_screen(app.layout.welcome, Mode.WELCOME)
            said[:] = [f"Looking for your saved games: {scan.seen:,} of {scan.total:,} "
                       f"files read…"]
            app.show_message(said[0])

        def done(saves) -> None:
            if said and app.layout.message.cget("text") == said[0]:
                app.show_message("")
            if app.session is None:      # no game was begun meanwhile
                self._show_start(saves)

        self.read_saves(done, progress=progress)

    def _show_start(self, saves) -> None:
        from ..screens.covers import elsewhere_sentence
        ui = self.app.layout
        free, elsewhere = self.resume_offers(saves)
        if free:
            ui.show_screen(ui.resume, Mode.RESUME, read=(free, elsewhere))
            return
        ui.show_screen(ui.welcome, Mode.WELCOME)
        if elsewhere:
            ui.welcome.message.configure(text=elsewhere_sentence(elsewhere))
        if self.is_first_start():
            return      # the very first start: the goal and a quick start come first
        self.new_game()

    def is_first_start(self) -> bool:
        """The very first start of someone new to the game: the guide not offered yet, and
        fewer than two games finished here (a player who knows the game, whose settings were
        lost, is not taught again)."""
        from ..presenter import is_newcomer
        app = self.app
        return not app.settings.first_run_done and is_newcomer(app.games_finished())

    def resume_game(self) -> None:
        """Carry on with the game chosen on the resume screen."""
        ui = self.app.layout
        info = ui.resume.selected() if ui.resume.shown else None
        if info is None:
            ui.show_screen(ui.welcome, Mode.WELCOME)
            return
        if self.open_file(str(info.path), quiet=True):
            self.app.show_message("Welcome back: the game goes on where it stopped."
                                  + self._draft_note(), until="entry")
        elif self.app.mode == Mode.RESUME:
            ui.show_screen(ui.resume, Mode.RESUME)   # read again: it may be open elsewhere now

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
        from ..screens.dialogs import NewGameDialog
        from ..presenter.setup import kept_note
        human = "Player"
        session = app.session
        if session is not None:
            humans = session.humans
            if humans:
                human = session.game.names[humans[0]]
        # said only where it is true: the game has a save of its own and its last save held
        kept = kept_note(session.game) if session is not None and session.store is not None \
            and session.autosave_path is not None and not session.save_problem else ""
        app.dialog = NewGameDialog(app, app.theme, on_start=self._dialog_started,
                                   on_cancel=self._dialog_closed, human_name=human,
                                   remembered=app.settings.last_setup,
                                   more_open=app.settings.more_options,
                                   on_more=lambda shown: app.prefs.update_settings(
                                       more_options=shown), kept=kept)
        self._under_dialog(True)

    def _under_dialog(self, under: bool) -> None:
        """The welcome's and the resume's cards put away while the new-game dialog stands
        over them (``under``), back after."""
        for screen in (self.app.layout.welcome, self.app.layout.resume):
            screen.under_dialog(under)

    def quick_start(self) -> None:
        """Quick start: a short game against an easy computer player, which the guide
        walks through (at the very first start, before any option is asked)."""
        from ..screens.dialogs import quick_start_setup
        self._dialog_started(quick_start_setup())

    def _dialog_closed(self) -> None:
        self.app.dialog = None
        self._under_dialog(False)
        if self.app.mode == Mode.WELCOME:
            self.app.layout.welcome.new_button.focus_set()

    def _dialog_started(self, setup) -> None:
        from ..screens.dialogs import remember
        app = self.app
        app.dialog = None
        self._under_dialog(False)
        app.prefs.update_settings(last_setup=remember(setup))

        def begin() -> None:
            app.flow.begin(setup.game())   # in a new file: no other game is written over
            if app.session.save_problem is None:    # else that is said, and stays said
                app.show_message("A new game has begun. Good luck!", until="entry")

        self.leave_then("new", begin)

    # ------------------------------------------------------- open, save

    def open_dialog(self) -> None:
        """Game ▸ Open…: the saves folder, newest first."""
        self._choose("Open a saved game", "Open", self.open_chosen, playable_only=True)

    def open_chosen(self, path: str, *, force: bool = False) -> None:
        """Open… (the list or Other file…): play ``path`` once the game in progress is saved,
        or, when it cannot be, once the question about its unsaved moves is answered."""
        session = self.app.session
        if session is not None and session.autosave_path is not None and \
                _same_file(session.autosave_path, path):
            self.open_file(path)      # says it is open here already
            return
        if force:
            self.leave_then("open", lambda: self._open_anyway_now(path))
        else:
            self.leave_then("open", lambda: self.open_file(path))

    def _choose(self, title: str, action: str, act, *, playable_only: bool):
        """The saves folder's list; ``act(path)`` opens or replays the game chosen in it
        or the file chosen with "Other file…"."""
        from ..screens.chooser import SaveChooser
        app = self.app
        if self.chooser is not None:
            try:
                self.chooser.destroy()
            except tk.TclError:
                pass
        session = app.session
        current = session.autosave_path if session is not None else None

        def closed() -> None:
            if self.chooser is chooser:
                self.chooser = None

        def browse() -> None:
            path = self._browse(title)
            if path:
                act(path)

        folder = self.store.saves
        chooser = SaveChooser(app, app.theme, title=title, action=action, folder=folder,
                              saves=None, on_choose=lambda info: act(str(info.path)),
                              on_browse=browse, current=current, playable_only=playable_only,
                              on_close=closed,
                              on_anyway=self.open_anyway if playable_only else None)
        self.chooser = chooser

        def progress(scan) -> None:
            chooser.intro.configure(text=f"Reading the saves folder {folder}: {scan.seen:,} of "
                                         f"{scan.total:,} files…")

        self.read_saves(chooser.show_saves, progress=progress,
                        wanted=lambda: self.chooser is chooser and bool(chooser.winfo_exists()))
        return chooser

    def _browse(self, title: str) -> str:
        from ..widgets.filebox import ask_open
        folder = self.store.saves if self.store.saves.is_dir() else self.app.folder
        return ask_open(
            self.app, title=title, initialdir=str(folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])

    def open_file(self, path: str, *, quiet: bool = False, force: bool = False) -> bool:
        """Play the saved game at ``path``; a file that cannot be played gives a plain message.

        A game's own save in the saves folder is locked for this window at
        its real path (refused when another window has it, unless ``force``);
        anything else (a file from elsewhere, a ``.bak``, a link) is left as
        it is and the game goes on in a new file of the saves folder.
        """
        from ...saves import format as _save
        from ...saves.store import Locked, resolve
        app = self.app
        try:
            real = resolve(path)
        except _save.SaveError as error:
            self._refuse_open(f"That game could not be opened. {error}")
            return False
        session = app.session
        if session is not None and session.autosave_path is not None and \
                _same_file(session.autosave_path, real):
            app.show_message("That game is already open in this window.")
            return True
        slot = None
        if self.store.own_save(path):
            try:
                slot = self.store.open_slot(real, force=force)
            except Locked as error:
                self._refuse_open(f"{error} Carry on with it in that window; if that window is "
                                  f"gone, Game ▸ Open… offers to open it anyway, and Game ▸ "
                                  f"Replay a saved game… can show it here.")
                return False
        try:
            saved = _save.load_saved(real)
            game, draft = saved.game, saved.draft
        except _save.SaveError as error:
            if slot is not None:
                slot.release()
            self._refuse_open(f"That game could not be opened. {error}")
            return False
        app.flow.begin(game, slot=slot, draft=draft, explanations=saved.explanations)
        if not quiet:
            # A finished game goes on nowhere: saying so would not be true.
            where = "" if slot is not None or game.is_over else \
                " (left unchanged)"
            app.show_message(f"Opened {os.path.basename(path)}{where}." + self._draft_note(),
                             until="entry")
        return True

    def _draft_note(self) -> str:
        """A sentence about an entry typed before the window closed, put back in its fields."""
        session = self.app.session
        draft = session.draft if session is not None else None
        if draft is None:
            return ""
        return (f" {session.game.names[draft.seat]}'s entry, typed but not submitted, is back "
                f"in the fields.")

    def open_anyway(self, info) -> None:
        """Open a game that looks open in another window, once the warning is answered yes."""
        from ...saves.locks import lock_path
        # this process is never named as the other one (a second window of the same process)
        who = "another window" if info.open_elsewhere in (None, 0, os.getpid()) else \
            f"another window (process {info.open_elsewhere})"
        text = (f"The game of {info.players} looks open in {who}, or its lock file "
                f"{lock_path(info.path).name} was left damaged.\n\n"
                f"Open it here only if that window is gone. If it is still running, both "
                f"windows will save this game and each will write over the other's moves.\n\n"
                f"Open it anyway?")
        self.ask("Open anyway?", text,
                 [("Open anyway", lambda: self.open_chosen(str(info.path), force=True)),
                  ("Cancel", None)],
                 default=1, cancel=1)

    def _open_anyway_now(self, path: str) -> None:
        if self.open_file(path, force=True, quiet=True):
            self.app.show_message(f"Opened {os.path.basename(path)} anyway: if another window "
                                  f"still has it, close that one without playing on."
                                  + self._draft_note())

    def ask(self, title: str, text: str, answers, *, default: int = 0, cancel: int = -1):
        """Ask a question in a small modal window (one at a time); returns it."""
        from ..widgets.question import Question
        if self.question is not None:
            try:
                self.question.destroy()
            except tk.TclError:
                pass

        def answered(act):
            def run() -> None:
                self.question = None
                if act is not None:
                    act()
            return run

        self.question = Question(self.app, self.app.theme, title=title, text=text,
                                 answers=[(label, answered(act)) for label, act in answers],
                                 default=default, cancel=cancel)
        return self.question

    def _refuse_open(self, sentence: str) -> None:
        app = self.app
        app.show_message(sentence, error=True)
        if app.mode in (Mode.WELCOME, Mode.STARTING, Mode.RESUME):
            app.layout.welcome.message.configure(text=sentence)

    # ------------------------------------------------- files for a person

    def folders(self):
        """The data folders no file for a person goes in (``ed.saves.export``)."""
        from ...saves.export import data_folders
        return data_folders(self.app.folder)

    def start_folder(self) -> str:
        """Where a dialog for a file for a person opens: the folder written in last, or
        home, never the data folder."""
        from ...saves.export import start_folder
        return str(start_folder(self.folders(), self.last_folder))

    def write_for_person(self, path: str, kind: str, write, refused) -> None:
        """Check ``path`` with the one writer; ``refused(sentence)``, or ask before a file
        is replaced, then ``write(target)`` (``widgets.filebox.write_for_person``)."""
        from ..widgets.filebox import write_for_person
        question = write_for_person(self.app, path, folders=self.folders(), kind=kind,
                                    write=write, refused=refused, theme=self.app.theme)
        if question is not None:
            if self.question is not None:
                try:
                    self.question.destroy()
                except tk.TclError:
                    pass
            self.question = question

    def remember_folder(self, path: str) -> None:
        """Remember the folder of a file written for a person: the next dialog opens there."""
        self.last_folder = os.path.dirname(os.path.abspath(path))

    def save_as_dialog(self, then=None) -> None:
        """Game ▸ Save As…: ask where, ask before replacing a file, save a copy there, then
        ``then()`` once it is saved."""
        app = self.app
        if app.session is None:
            app.show_message("There is no game to save yet.")
            return
        from ..widgets.filebox import ask_save
        # Another place than the saves folder, where the game is saved anyway.
        path = ask_save(
            app, title="Save the game as", initialdir=self.start_folder(),
            initialfile=app.session.autosave_path.name if app.session.autosave_path else "",
            defaultextension=".json", filetypes=[("Saved games", "*.json")])
        if not path:
            return
        from ...saves.export import SAVE

        def write(target) -> None:
            if self.save_to(path, target=target) and then is not None:
                then()

        self.write_for_person(path, SAVE, write, self._not_saved)

    def _not_saved(self, sentence: str) -> None:
        self.app.show_message(f"The game could not be saved. {sentence}", error=True)

    def save_to(self, path: str, *, target=None) -> bool:
        """A copy of the game at ``path`` (play goes on in its own save), replacing the
        file there (asked about already), or the file ``target`` found (``ed.saves.export``).

        Refused with a sentence: a path that names no file, one in the data
        folder (the saves folder included), the save of a game open in
        another window, a name the game gives its own files, a folder, a
        FIFO or a device.  A save replaced is kept as ``.bak`` where that name
        is free or holds a backup this program wrote.
        """
        from ...saves import export
        from ...saves import format as _save
        session = self.app.session
        try:
            if target is None:
                target = export.check(path, folders=self.folders(), kind=export.SAVE)
            data = _save.dumps(session.game, draft=session.current_draft(),
                               explanations=session.kept_explanations()).encode("utf-8")
            kept = export.write(target, data, backup=True)
        except export.ExportError as error:
            self._not_saved(str(error))
            return False
        self.remember_folder(path)
        note = f" What it held before is kept in {kept.name}." if kept else ""
        self.app.show_message(f"Saved to {path}.{note}")
        return True

    def quit_app(self) -> None:
        """Close the window once the game (and any entry typed, not submitted) is saved; its
        lock is given up.  When it cannot be saved, ask first, offering Save As…."""
        self.leave_then("quit", self.app.destroy)   # destroy gives up the game's lock

    #: what leaving the game in progress is called, for the question asked when it is unsaved
    LEAVING = {"quit": ("Quit", "quit now"), "open": ("Open", "open another game now"),
               "new": ("Start", "start a new game now")}

    def leave_then(self, leaving: str, act) -> None:
        """``act()`` once the game in progress, over or not, is saved with any entry typed
        (``leaving`` is "quit", "open" or "new").  When its last state cannot be saved,
        ask first, offering Save As…, so no move is dropped without a word."""
        session = self.app.session
        if session is None:
            act()
            return
        seat, texts = self.app.flow.draft()
        if session.keep_draft(seat, texts) and not session.loses_nothing():
            self._warn_unsaved(session, leaving, act)
            return
        act()

    def _warn_unsaved(self, session, leaving: str, act) -> None:
        """Saves are failing: leaving would lose the moves since the last good save."""
        verb, doing = self.LEAVING[leaving]
        fault = session.save_fault
        where = f" in {fault.where} ({fault.reason})" if fault is not None else ""
        typed = " and the entry being typed" if session.draft is not None else ""
        lost = ("the end of the game is lost (its save holds the game before it)"
                if session.game.is_over else f"the moves since its last good save{typed} are lost")
        text = (f"The game could not be saved{where}. If you {doing}, {lost}.\n\nSave As… "
                f"keeps the game in another place first.")

        def save_then_act() -> None:
            self.save_as_dialog(then=act)

        self.ask(f"{verb} without saving?", text,
                 [("Save As…", save_then_act), (f"{verb} anyway", act), ("Cancel", None)],
                 default=0, cancel=2)

    # ----------------------------------------------------- print, replay

    def print_dialog(self) -> None:
        """Game ▸ Print tally sheet…: choose the paper, then a PostScript file (``printing``)."""
        if self.app.session is None:
            self.app.show_message("There is no tally sheet to print yet.")
            return
        from ..screens.printing import PrintDialog
        PrintDialog.show(self.app)

    def print_to(self, path: str, *, paper: str = "", seat: Optional[int] = None,
                 target=None) -> bool:
        """Write a tally sheet (revealed months only) to ``path`` as PostScript: ``seat``'s,
        or the one shown now; over the file there (asked about already) or the one
        ``target`` found."""
        from ..screens.printing import print_sheet
        if print_sheet(self.app, path, paper=paper, seat=seat, target=target,
                       folders=self.folders()):
            self.remember_folder(path)
            return True
        return False

    def print_chosen(self, path: str, *, paper: str = "", seat: Optional[int] = None) -> None:
        """The print dialog's file: refused with a sentence, or asked about when it would
        replace a file, then written."""
        from ...saves.export import FILE
        self.write_for_person(
            path, FILE, lambda target: self.print_to(path, paper=paper, seat=seat,
                                                     target=target),
            lambda sentence: self.app.show_message(
                f"The tally sheet could not be printed. {sentence}", error=True))

    def replay_dialog(self) -> None:
        """Game ▸ Replay a saved game…: step through a save month by month."""
        self._choose("Replay a saved game", "Replay", self.replay_file, playable_only=False)

    def replay_file(self, path: str):
        from ...saves import format as _save
        from ..screens.replay import open_replay
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
    from ...saves.store import resolve
    try:
        return resolve(a) == resolve(b)
    except ValueError:       # a SaveError: a path that names no file is no other file
        return False
