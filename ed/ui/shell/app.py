"""The game window's hub: one ``Tk`` subclass that builds the parts and wires them.

``App`` holds what every part shares (the options, the data folder, the
settings, the theme, the game in progress as ``session``, what is on
screen as ``mode`` (a ``modes.Mode``, changed only by ``change_mode``), the
new-game ``dialog`` and the extra ``windows`` open)
and one object per part, each in a module of its own::

    App (Tk)
    ├── layout  layout.MainWindow     the widgets: faces, sheet, board, drawer, screens, status
    ├── flow    flow.Flow             cover, sheet, submit, reveal, ending; Enter, Escape
    ├── files   files.Files           start, resume, new, open, save, quit, replay, print
    ├── menus   menus.Menus           menu bar, shortcuts, right-click menus
    ├── extras  windows.ExtraWindows  price history, log, ledger, statistics, rules, guide
    └── prefs   prefs.Preferences     reveal pacing and text size

The parts call each other through the hub (``self.app.flow.begin(...)``)
and import none of each other, so the arrows point one way: app → parts →
presenter and session → engine.  The window holds no rule: a callback reads
the fields, asks the presenter or the session (which asks the engine) and
redraws.  The widgets are the layout's (``app.layout.tally``), the menus the
menus' (``app.menus.game_menu``): read them there.

Also here: the error report (a callback that raises is logged in the data
folder and said in the status bar; the game goes on; what the program logs
as an error, a computer player's failed decision among it, is written to the
same ``errors.log``) and ``run()``.  The
first window is shown before the heavy parts are built, and the parts and
the extra windows are imported on first use, so start-up feels instant.
"""
from __future__ import annotations

import os
import sys
import tkinter as tk
from typing import Optional

from ... import TITLE
from .modes import Mode, change


class App(tk.Tk):
    """The game window (see the module docstring for its parts)."""

    def __init__(self, options=None, *, show_early: bool = True) -> None:
        super().__init__(className="ExecutiveDecision")
        self.options = options
        self.title(TITLE)
        #: a test's list that every Tk callback error is added to; nothing is kept without one
        self.callback_errors: Optional[list] = None
        self.session = None
        self._mode = Mode.STARTING
        self.dialog = None
        self.windows: dict = {}        # the extra windows open now, by name
        self._games_finished = None    # the record of play's count, once read
        self._message_until = None     # the moment the status line stops being true
        self._init_window()
        if os.environ.get("ED_BENCH_EXIT_ON_MAP"):
            self.bind("<Map>", self._bench_mapped, add="+")
        if show_early:
            # Map the window now; everything else is built while it is on screen.
            self.update()
        self._init_folder()
        import logging      # after the window is up: its start does not wait for logging
        from .errorlog import ToErrorLog
        self._to_error_log = ToErrorLog(self)
        logging.getLogger("ed").addHandler(self._to_error_log)
        self._init_parts()
        self._init_theme()
        self.menus.build()
        self.fit_to_screen()
        self.fit_min_size()
        self.layout.build()
        self.layout.build_screens()
        self._init_bindings()

    # ------------------------------------------------------------ the moment

    @property
    def mode(self) -> Mode:
        """What the window shows now (``modes.Mode``); changed only by ``change_mode``."""
        return self._mode

    def change_mode(self, mode: Mode) -> None:
        """Show ``mode`` from now on; raises ``modes.ModeError`` for a change the window
        never makes (see ``modes.ALLOWED``)."""
        self._mode = change(self._mode, mode)

    # ------------------------------------------------------------ building

    def _bench_mapped(self, event) -> None:
        if event.widget is self and TITLE in self.title():
            sys.stdout.write("mapped\n")
            sys.stdout.flush()
            os._exit(0)

    def _init_window(self) -> None:
        from ..widgets.placement import least_size, main_size, px
        width, height = main_size(self)
        self.geometry(f"{width}x{height}")
        self.minsize(*least_size(self, px(self, 760), px(self, 520)))

    def fit_to_screen(self) -> None:
        """The window's size within the screen's usable area, its menu bar counted (once the
        menu bar is built), and maximised on a small screen."""
        from ..widgets.placement import main_size, maximise_if_small
        self.update_idletasks()      # the menu bar measured once it is laid out
        width, height = main_size(self)
        self.geometry(f"{width}x{height}")
        maximise_if_small(self)

    def _keep_on_screen(self) -> None:
        """Shrink the window back within the usable area if a larger menu bar pushed it out."""
        from ..widgets.placement import main_size
        width, height = main_size(self)
        if self.winfo_width() > width or self.winfo_height() > height:
            self.geometry(f"{min(width, self.winfo_width())}x{min(height, self.winfo_height())}")

    def fit_min_size(self) -> None:
        """A minimum size that keeps a month of the sheet, its help, the board and the
        drawer's tabs in sight at the text size chosen, within the usable screen."""
        from ..widgets.placement import least_size
        theme = self.theme
        self.minsize(*least_size(self, theme.em * 120, theme.line * 36))

    def _init_folder(self) -> None:
        from ...saves import paths
        # A folder that cannot be used gives a stand-in and a sentence said at start.
        self.folder, self.folder_problem = paths.usable_data_dir(
            getattr(self.options, "data_dir", None))
        self.error_log = paths.error_log_path(self.folder)
        from ...saves.store import SAVES_FOLDER
        for folder in (self.folder, self.folder / SAVES_FOLDER):   # what a crash left
            paths.remove_stale_temporaries(folder)
        from ...saves import settings
        self.settings, self._settings_problem = settings.load_settings(self.folder)

    def _init_parts(self) -> None:
        """One object per part; none builds a widget yet, so each may name the others."""
        from .files import Files
        from .flow import Flow
        from .layout import MainWindow
        from .menus import Menus
        from .prefs import Preferences
        from .windows import ExtraWindows
        self.layout = MainWindow(self)
        self.flow = Flow(self)
        self.files = Files(self)
        self.menus = Menus(self)
        self.extras = ExtraWindows(self)
        self.prefs = Preferences(self)

    def _init_theme(self) -> None:
        from ..widgets import theme
        self.theme = theme.Theme(self)
        self.option_add("*tearOff", False)
        scale = self.prefs.text_scale()
        if scale != 1.0:
            self.prefs.apply_text_scale(scale)

    def _init_bindings(self) -> None:
        self.protocol("WM_DELETE_WINDOW", self.files.quit_app)
        self.flow.bind_keys()
        self.menus.bind_contexts()

    def rebuild(self) -> None:
        """Lay the window out again for new font sizes, showing the same moment of the game."""
        moment = self.flow.moment()
        self.update_idletasks()      # the menu bar measured in its new font
        self.fit_min_size()
        self._keep_on_screen()
        self.layout.rebuild()
        self.menus.bind_contexts()
        self.update_idletasks()
        self.flow.restore(moment)
        self.layout.restore_scrolling()

    def destroy(self) -> None:
        """Close the window: answers of computer players still thinking are dropped, and
        the game's lock goes with the window, however it goes (its save stays)."""
        flow = getattr(self, "flow", None)
        if flow is not None:
            flow.thinker.cancel()
        session = getattr(self, "session", None)
        if session is not None:
            session.close()
        # timers still pending (a reveal's next beat, a message's fading) go with the window:
        # their callbacks are deleted with it, and a later window must not be left to run them
        for pending in self.tk.splitlist(self.tk.call("after", "info")):
            self.tk.call("after", "cancel", pending)
        import logging
        logging.getLogger("ed").removeHandler(getattr(self, "_to_error_log", None))
        super().destroy()

    def games_finished(self) -> int:
        """How many games have been finished on this computer (the record of play, read
        once; ``note_games_finished`` keeps it current)."""
        if self._games_finished is None:
            from ...saves import record as stats
            record, problem = stats.load_stats(self.folder)
            if problem:
                self.show_message(problem, error=True)
            self._games_finished = record["games_played"]
        return self._games_finished

    def note_games_finished(self, count: int) -> None:
        self._games_finished = count

    # ------------------------------------------------------------- start

    def start(self) -> None:
        """Say if the settings were damaged, then open, resume or set up a game."""
        if self._settings_problem:
            self.show_message(self._settings_problem, error=True, until="entry")
        self.files.start()

    # ------------------------------------------------------------- errors

    def show_message(self, text: str, *, error: bool = False, until: str = "phase") -> None:
        """One short line in the status bar (problems in red), until it stops being true:
        it goes when the phase changes, and sooner when ``until`` names an earlier moment
        (``message_over``): "entry" (the player starts typing an entry), "replay" or "tour"
        (that window closes), "reveal" (a reveal is shown)."""
        self.layout.show_message(text, error=error)
        self.flow.message_said()
        self._message_until = until if text else None

    def message_over(self, moment: str) -> None:
        """``moment`` has passed ("entry", "replay", "tour", "reveal"): a status line said
        to last until then goes."""
        if self._message_until == moment:
            self._message_until = None
            try:
                self.layout.show_message("")
            except tk.TclError:
                pass            # the window itself is closing (a replay goes with it)

    def report_callback_exception(self, exc, val, tb) -> None:
        """Log an unexpected error with its traceback and say so in the window; play on."""
        if issubclass(exc, (SystemExit, KeyboardInterrupt)):
            raise val
        if self.callback_errors is not None:
            self.callback_errors.append(val)
        where = self._log_error(exc, val, tb)
        text = str(val).strip().splitlines()[0] if str(val).strip() else exc.__name__
        if len(text) > 120:
            text = text[:117] + "..."
        self.show_message(f"Something went wrong ({text}). The details were written to {where}. "
                          f"Your game is safe: carry on, or reopen the window to resume.",
                          error=True)

    def _log_error(self, exc, val, tb) -> str:
        """Add the error to ``errors.log``; returns where it went.  A log that is not a
        regular file (a pipe, a device) is set aside, so the window never waits on it."""
        import traceback
        from ...saves import paths
        if paths.log_error(self.error_log, exc, val, tb):
            return str(self.error_log)
        traceback.print_exception(exc, val, tb)
        return "the terminal"


def declare_dpi_awareness() -> None:
    """On Windows, tell the system the window draws itself at the screen's real DPI,
    so text is sharp rather than scaled up blurred.  Must come before the first Tk()."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(1)   # per-monitor aware (8.1+)
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()        # Vista to Windows 8
    except Exception:  # an old or unusual Windows: the window still works, a little blurred
        pass


def run(options) -> int:
    """Open the window and play until it is closed; returns the exit status."""
    declare_dpi_awareness()
    try:
        app = App(options)
    except tk.TclError as error:
        print(f"Executive Decision could not open its window ({error}); it needs a graphical "
              f"desktop session.", file=sys.stderr)
        return 1
    app.after_idle(app.start)
    try:
        app.mainloop()
    except KeyboardInterrupt:
        pass
    return 0
