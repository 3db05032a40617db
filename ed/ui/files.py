"""File actions: new game, open, save as, resume at start, quit, replay, print.

``Files(app)`` holds the Game menu's actions and the start of a session:
open the save named on the command line, offer to resume the autosave, or
open the new-game dialog; keep an unfinished game aside before another
replaces the autosave; open, save, replay and print through the standard
file dialogs; quit with the autosave written.  A file that cannot be read
or written gives a plain sentence in the status bar, never a traceback,
and the game in progress goes on.

It draws no window of its own (the dialogs are ``dialogs.NewGameDialog``,
``replay.ReplayWindow`` and Tk's file dialogs).
Imports: tkinter, ``ed.save``, the session's autosave helpers; other parts
of the window only through the hub (``app.flow`` begins a game,
``app.layout`` shows the start screens, ``app.extras`` and ``app.prefs``).
"""
from __future__ import annotations

import os
import tkinter as tk


class Files:
    """The file actions of the Game menu (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.first_run = not app.settings.first_run_done  # offer the guide once
        self.resumable = None  # the autosaved game the resume screen offers

    # ------------------------------------------------------------- start

    def start(self) -> None:
        """Open the save given on the command line, offer to resume, or set up a game."""
        from .session import read_autosave
        app, ui = self.app, self.app.layout
        save = getattr(app.options, "save", None)
        if save and self.open_file(save):
            return
        game, problem = read_autosave(app.folder)
        if problem:
            app.show_message(problem, error=True)
            ui.welcome.message.configure(text=problem)
        if game is not None:
            from .. import save as _save
            self.resumable = game
            ui.resume.describe(_save.describe(game))
            ui.show_screen(ui.resume, "resume")
            return
        ui.show_screen(ui.welcome, "welcome")
        self.new_game()

    def resume_game(self) -> None:
        game = self.resumable
        self.resumable = None
        if game is None:
            self.app.layout.show_screen(self.app.layout.welcome, "welcome")
            return
        self.app.flow.begin(game)
        self.app.show_message("Welcome back: the game goes on where it stopped.")

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
        self._keep_unfinished()
        app.flow.begin(setup.game())
        app.show_message("A new game has begun. Good luck!")
        if self.first_run:
            self.first_run = False
            app.prefs.update_settings(first_run_done=True)
            # Offered on the first sheet shown: at once in a solo game, after the
            # "Pass to …" cover when people share the screen.
            app.extras.tour_waiting = True
            app.extras.offer_tour()

    def _keep_unfinished(self) -> None:
        """Before another game replaces the autosave, keep an unfinished one aside."""
        from .session import keep_previous
        app = self.app
        if app.session is None and self.resumable is None:
            return
        kept = keep_previous(app.folder)
        self.resumable = None
        if kept is not None:
            app.after_idle(lambda: app.show_message(
                f"Your unfinished game was kept as {kept.name}; Game ▸ Open… brings it back."))

    # ------------------------------------------------------- open, save

    def open_dialog(self) -> None:
        from tkinter import filedialog
        path = filedialog.askopenfilename(
            parent=self.app, title="Open a saved game", initialdir=str(self.app.folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open a saved game; a file that is not one gives a plain message."""
        from .. import save as _save
        app = self.app
        try:
            game = _save.load(path)
        except _save.SaveError as error:
            app.show_message(f"That game could not be opened. {error}", error=True)
            if app.mode in ("welcome", "starting"):
                app.layout.welcome.message.configure(text=str(error))
            return False
        self._keep_unfinished()
        app.flow.begin(game)
        app.show_message(f"Opened {os.path.basename(path)}.")
        return True

    def save_as_dialog(self) -> None:
        app = self.app
        if app.session is None:
            app.show_message("There is no game to save yet.")
            return
        from tkinter import filedialog
        path = filedialog.asksaveasfilename(
            parent=app, title="Save the game as", initialdir=str(app.folder),
            defaultextension=".json", filetypes=[("Saved games", "*.json")])
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        from .. import save as _save
        try:
            _save.save(self.app.session.game, path)
        except (_save.SaveError, OSError) as error:
            self.app.show_message(f"The game could not be saved. {error}", error=True)
            return False
        self.app.show_message(f"Saved to {path}.")
        return True

    def quit_app(self) -> None:
        """Close the window; the autosave already holds the game."""
        app = self.app
        if app.session is not None and not app.session.game.is_over:
            app.session.autosave()
        app.destroy()

    # ----------------------------------------------------- print, replay

    def print_dialog(self) -> None:
        """Game ▸ Print tally sheet…: the sheet shown now as a PostScript file."""
        app = self.app
        if app.session is None:
            app.show_message("There is no tally sheet to print yet.")
            return
        from tkinter import filedialog
        name = app.session.game.names[app.flow.current_seat or 0]
        path = filedialog.asksaveasfilename(
            parent=app, title="Print the tally sheet to a PostScript file",
            initialdir=str(app.folder), initialfile=f"tally-{name}.ps",
            defaultextension=".ps", filetypes=[("PostScript", "*.ps")])
        if path:
            self.print_to(path)

    def print_to(self, path: str) -> bool:
        """Write the tally sheet shown now (revealed months only) to ``path`` as PostScript."""
        from .ledger import write_text_atomic
        app = self.app
        canvas = app.layout.tally.print_canvas()
        try:
            width, height = int(canvas.cget("width")), int(canvas.cget("height"))
            # A sheet is wider than tall: landscape, scaled to the page.
            text = canvas.postscript(colormode="color", x=0, y=0, width=width, height=height,
                                     rotate=width > height, pagewidth="10i")
            write_text_atomic(path, text, encoding="latin-1")
        except (OSError, tk.TclError) as error:
            app.show_message(f"The tally sheet could not be printed: {error}", error=True)
            return False
        finally:
            canvas.winfo_toplevel().destroy()
        app.show_message(f"The tally sheet was written to {path}; open or print it with "
                         f"any PostScript viewer.")
        return True

    def replay_dialog(self) -> None:
        """Game ▸ Replay a saved game…: step through a save month by month."""
        from tkinter import filedialog
        path = filedialog.askopenfilename(
            parent=self.app, title="Replay a saved game", initialdir=str(self.app.folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])
        if path:
            self.replay_file(path)

    def replay_file(self, path: str):
        from .. import save as _save
        from .replay import open_replay
        try:
            window = open_replay(self.app, path)
        except _save.SaveError as error:
            self.app.show_message(f"That game could not be replayed. {error}", error=True)
            return None
        self.app.windows["replay"] = window
        self.app.layout.welcome.message.configure(text="")   # an earlier failure is past
        self.app.show_message(f"Replaying {os.path.basename(path)} in a window of its own.")
        return window
