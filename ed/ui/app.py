"""The game window: one ``Tk`` subclass that holds the session and draws it.

Widget tree::

    App (Tk)
    ├── menu: Game (New, Open…, Save As…, Quit), View (Last reveal), Help (Quick guide, About)
    ├── body (ttk.Frame)
    │   ├── main
    │   │   ├── sheet area: sheet_title, instructions, tally (TallySheet),
    │   │   │               refusal_label, look_choice, submit_button
    │   │   └── side: seat_panel, price_board, reference (a notebook; a game log
    │   │             tab can join it later)
    │   └── screens laid over everything: welcome, resume, cover, reveal, ending
    └── status bar: message, rules_label

The window holds no rule.  A callback reads the fields, asks the presenter
or the session (which asks the engine) and redraws.  The first window is
shown before the heavy parts are built, so start-up feels instant.
"""
from __future__ import annotations

import os
import sys
import tkinter as tk
from typing import Optional

TITLE = "Executive Decision"


class App(tk.Tk):
    """The game window (see the module docstring for its parts)."""

    def __init__(self, options=None, *, show_early: bool = True) -> None:
        super().__init__(className="ExecutiveDecision")
        self.options = options
        self.title(TITLE)
        self.callback_errors: list = []
        self.session = None
        self.mode = "starting"
        self.dialog = None
        self._init_window()
        if os.environ.get("ED_BENCH_EXIT_ON_MAP"):
            self.bind("<Map>", self._bench_mapped, add="+")
        if show_early:
            # Map the window now; everything else is built while it is on screen.
            self.update()
        self._init_folder()
        self._init_theme()
        self._init_menu()
        self._init_layout()
        self._init_screens()
        self._init_bindings()

    # ------------------------------------------------------------ building

    def _bench_mapped(self, event) -> None:
        if event.widget is self and TITLE in self.title():
            sys.stdout.write("mapped\n")
            sys.stdout.flush()
            os._exit(0)

    def _init_window(self) -> None:
        width = min(1366, self.winfo_screenwidth())
        height = min(768, self.winfo_screenheight()) - 40
        self.geometry(f"{width}x{max(500, height)}")
        self.minsize(900, 560)
        self.protocol("WM_DELETE_WINDOW", self.quit_app)

    def _init_folder(self) -> None:
        from . import paths
        override = getattr(self.options, "data_dir", None)
        try:
            self.folder = paths.data_dir(override)
        except OSError:
            import tempfile
            from pathlib import Path
            self.folder = Path(tempfile.gettempdir()) / paths.XDG_FOLDER
            self.folder.mkdir(parents=True, exist_ok=True)
        self.error_log = paths.error_log_path(self.folder)

    def _init_theme(self) -> None:
        from . import theme
        self.theme = theme.Theme(self)
        self.option_add("*tearOff", False)

    def _init_menu(self) -> None:
        aqua = self.tk.call("tk", "windowingsystem") == "aqua"
        mod, shown = ("Command", "Cmd") if aqua else ("Control", "Ctrl")
        self.menubar = tk.Menu(self)
        self.game_menu = tk.Menu(self.menubar)
        self.view_menu = tk.Menu(self.menubar)
        self.help_menu = tk.Menu(self.menubar)
        self.menubar.add_cascade(label="Game", menu=self.game_menu, underline=0)
        self.menubar.add_cascade(label="View", menu=self.view_menu, underline=0)
        self.menubar.add_cascade(label="Help", menu=self.help_menu, underline=0)
        items = (("New game…", "n", self.new_game), ("Open…", "o", self.open_dialog),
                 ("Save As…", "s", self.save_as_dialog))
        for label, key, command in items:
            self.game_menu.add_command(label=label, command=command,
                                       accelerator=f"{shown}+{key.upper()}")
            self.bind_all(f"<{mod}-{key}>", lambda e, c=command: self._shortcut(c))
        self.bind_all(f"<{mod}-S>", lambda e: self._shortcut(self.save_as_dialog))
        self.game_menu.add_separator()
        self.game_menu.add_command(label="Quit", command=self.quit_app, accelerator=f"{shown}+Q")
        self.bind_all(f"<{mod}-q>", lambda e: self._shortcut(self.quit_app))
        self.view_menu.add_command(label="Last reveal", command=self.show_last_reveal,
                                   accelerator=f"{shown}+L")
        self.bind_all(f"<{mod}-l>", lambda e: self._shortcut(self.show_last_reveal))
        self.help_menu.add_command(label="Quick guide", command=self.show_guide)
        self.help_menu.add_command(label="About Executive Decision", command=self.show_about)
        self.configure(menu=self.menubar)

    def _shortcut(self, command) -> str:
        if self.dialog is None:
            command()
        return "break"

    def _init_layout(self) -> None:
        from tkinter import ttk
        from .panels import PriceBoard, Reference, SeatPanel
        from .tally import TallySheet
        pad = self.theme.pad
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.body = ttk.Frame(self)
        self.body.grid(row=0, column=0, sticky="nsew")
        self.body.columnconfigure(0, weight=1)
        self.body.rowconfigure(0, weight=1)
        main = ttk.Frame(self.body, padding=pad(0.6))
        main.grid(row=0, column=0, sticky="nsew")
        main.columnconfigure(0, weight=3)
        main.columnconfigure(1, weight=0)
        main.rowconfigure(0, weight=1)

        sheet = ttk.Frame(main)
        sheet.grid(row=0, column=0, sticky="nsew", padx=(0, pad(0.6)))
        sheet.columnconfigure(0, weight=1)
        sheet.rowconfigure(2, weight=1)
        self.sheet_title = ttk.Label(sheet, text="", style="Heading.TLabel", wraplength=pad(80))
        self.sheet_title.grid(row=0, column=0, sticky="ew")
        self.instructions = ttk.Label(sheet, text="", justify="left", wraplength=pad(90))
        self.instructions.grid(row=1, column=0, sticky="ew", pady=(pad(0.2), pad(0.4)))
        for label in (self.sheet_title, self.instructions):
            label.bind("<Configure>", lambda e: e.widget.configure(
                wraplength=max(200, e.width - 4)))
        self.tally = TallySheet(sheet, self.theme, on_change=self.entry_changed,
                                on_submit=self.submit)
        self.tally.grid(row=2, column=0, sticky="nsew")
        footer = ttk.Frame(sheet)
        footer.grid(row=3, column=0, sticky="ew", pady=(pad(0.4), 0))
        footer.columnconfigure(0, weight=1)
        self.refusal_label = ttk.Label(footer, text="", style="Error.TLabel", justify="left",
                                       wraplength=pad(80))
        self.refusal_label.grid(row=0, column=0, sticky="ew")
        self.refusal_label.bind("<Configure>", lambda e: e.widget.configure(
            wraplength=max(200, e.width - 4)))
        self.look_var = tk.StringVar(self)
        self.look_choice = ttk.Combobox(footer, textvariable=self.look_var, state="readonly",
                                        width=20)
        self.look_choice.bind("<<ComboboxSelected>>", lambda e: self._look_changed())
        self.submit_button = ttk.Button(footer, text="Submit", style="Accent.TButton",
                                        command=self.submit)
        self.submit_button.grid(row=0, column=2, sticky="e")

        side = ttk.Frame(main)
        side.grid(row=0, column=1, sticky="nsew")
        side.columnconfigure(0, weight=1)
        side.rowconfigure(1, weight=1)
        self.seat_panel = SeatPanel(side, self.theme)
        self.seat_panel.grid(row=0, column=0, sticky="new")
        self.price_board = PriceBoard(side, self.theme)
        self.price_board.grid(row=1, column=0, sticky="nsew", pady=pad(0.4))
        self.reference = Reference(side, self.theme)
        self.reference.grid(row=2, column=0, sticky="sew")

        status = ttk.Frame(self)
        status.grid(row=1, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self.message = ttk.Label(status, text="", style="Status.TLabel")
        self.message.grid(row=0, column=0, sticky="w")
        self.rules_label = ttk.Label(status, text="", style="Status.TLabel")
        self.rules_label.grid(row=0, column=1, sticky="e")

    def _init_screens(self) -> None:
        from . import screens
        t = self.theme
        self.welcome = screens.Welcome(self.body, t, on_new=self.new_game, on_open=self.open_dialog)
        self.resume = screens.Resume(self.body, t, on_resume=self.resume_game,
                                     on_new=self.new_game)
        self.cover = screens.Cover(self.body, t, on_ready=self.cover_ready)
        self.reveal = screens.Reveal(self.body, t, on_continue=self.continue_after_reveal)
        self.ending = screens.Ending(self.body, t, on_new=self.new_game, on_quit=self.quit_app,
                                     on_look=self.look_at_sheets)
        self.screens = (self.welcome, self.resume, self.cover, self.reveal, self.ending)

    def _init_bindings(self) -> None:
        for key in ("<Return>", "<KP_Enter>"):
            self.bind(key, self._on_return)
        self.bind("<Escape>", self._on_escape)

    # ------------------------------------------------------------- errors

    def report_callback_exception(self, exc, val, tb) -> None:
        """Log an unexpected error with its traceback and say so in the window; play on."""
        if issubclass(exc, (SystemExit, KeyboardInterrupt)):
            raise val
        self.callback_errors.append(val)
        where = self._log_error(exc, val, tb)
        text = str(val).strip().splitlines()[0] if str(val).strip() else exc.__name__
        if len(text) > 120:
            text = text[:117] + "..."
        self.show_message(f"Something went wrong ({text}). The details were written to {where}. "
                          f"Your game is safe: carry on, or reopen the window to resume.",
                          error=True)

    def _log_error(self, exc, val, tb) -> str:
        import datetime
        import traceback
        try:
            with open(self.error_log, "a", encoding="utf-8") as handle:
                handle.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')}\n")
                handle.write("".join(traceback.format_exception(exc, val, tb)))
            return str(self.error_log)
        except OSError:
            traceback.print_exception(exc, val, tb)
            return "the terminal"

    def show_message(self, text: str, *, error: bool = False) -> None:
        """A short line in the status bar (problems in red)."""
        self.message.configure(text=text, style="StatusError.TLabel" if error else "Status.TLabel")

    # ------------------------------------------------------------- start

    def start(self) -> None:
        """Open the save given on the command line, offer to resume, or set up a game."""
        from .session import read_autosave
        save = getattr(self.options, "save", None)
        if save and self.open_file(save):
            return
        game, problem = read_autosave(self.folder)
        if problem:
            self.show_message(problem, error=True)
            self.welcome.message.configure(text=problem)
        if game is not None:
            from .. import save as _save
            self._resumable = game
            self.resume.describe(_save.describe(game))
            self._show_screen(self.resume, "resume")
            return
        self._show_screen(self.welcome, "welcome")
        self.new_game()

    def resume_game(self) -> None:
        game = getattr(self, "_resumable", None)
        self._resumable = None
        if game is None:
            self._show_screen(self.welcome, "welcome")
            return
        self.begin(game)
        self.show_message("Welcome back: the game goes on where it stopped.")

    # ------------------------------------------------------------ screens

    def _show_screen(self, screen, mode: str) -> None:
        for other in self.screens:
            if other is not screen:
                other.hide()
        if screen is not None:
            screen.show()
        self.mode = mode

    def _on_return(self, event=None) -> str:
        from tkinter import ttk
        focus = self.focus_get()
        if isinstance(focus, (ttk.Button, tk.Button)):
            focus.invoke()
            return "break"
        actions = {"welcome": self.new_game, "resume": self.resume_game,
                   "cover": self.cover_ready, "reveal": self.continue_after_reveal,
                   "over": self.new_game, "enter": self.submit, "peek": self.continue_after_reveal}
        action = actions.get(self.mode)
        if action is not None:
            action()
        return "break"

    def _on_escape(self, event=None) -> str:
        if self.mode == "resume":
            self.resume_game()
        elif self.mode == "peek":
            self.continue_after_reveal()
        return "break"

    # --------------------------------------------------------------- game

    def new_game(self) -> None:
        """Open the new-game dialog (the game in progress goes on if it is cancelled)."""
        if self.dialog is not None:
            try:
                self.dialog.lift()
                self.dialog.focus_set()
            except tk.TclError:
                self.dialog = None
            return
        from .dialogs import NewGameDialog
        human = "Player"
        if self.session is not None:
            humans = self.session.humans
            if humans:
                human = self.session.game.names[humans[0]]
        self.dialog = NewGameDialog(self, self.theme, on_start=self._dialog_started,
                                    on_cancel=self._dialog_closed, human_name=human)

    def _dialog_closed(self) -> None:
        self.dialog = None
        if self.mode == "welcome":
            self.welcome.new_button.focus_set()

    def _dialog_started(self, setup) -> None:
        self.dialog = None
        self._keep_unfinished()
        self.begin(setup.game())
        self.show_message("A new game has begun. Good luck!")

    def _keep_unfinished(self) -> None:
        """Before another game replaces the autosave, keep an unfinished one aside."""
        from .session import keep_previous
        if self.session is None and getattr(self, "_resumable", None) is None:
            return
        kept = keep_previous(self.folder)
        self._resumable = None
        if kept is not None:
            self.after_idle(lambda: self.show_message(
                f"Your unfinished game was kept as {kept.name}; Game ▸ Open… brings it back."))

    def begin(self, game) -> None:
        """Play ``game`` in the window from where it stands."""
        from . import presenter as P
        from .session import Session
        self.session = Session(game, self.folder)
        rules = game.rules
        self.tally.setup(rules.months, loans=rules.loans)
        self.reference.show_recipes(rules.recipes)
        self.rules_label.configure(text=P.setup_summary(rules))
        self.refusal_label.configure(text="")
        self.look_choice.grid_remove()
        problem = self.session.autosave()
        if problem:
            self.show_message(problem, error=True)
        self.advance()

    def advance(self) -> None:
        """Ask the session what happens next and show it."""
        step = self.session.step()
        if self.session.save_problem:
            self.show_message(self.session.save_problem, error=True)
        self.refresh_public(step.seat if step.kind == "enter" else None)
        if step.kind == "reveal":
            self._show_reveal(step.report)
        elif step.kind == "over":
            self._show_ending()
        elif step.cover:
            self._show_cover(step.seat)
        else:
            self.show_sheet(step.seat)

    def refresh_public(self, current: Optional[int] = None) -> None:
        """Redraw what everyone may see: the players panel and the Price Level Board."""
        from . import presenter as P
        from .. import ai
        game = self.session.game
        view = game.view(0 if current is None else current)
        rows = P.seat_rows(view, current=current, personalities=ai.PERSONALITIES)
        self.seat_panel.show(rows, loans=game.rules.loans,
                             computers=[s.is_computer for s in game.seats])
        history = game.price_history()
        board_current = None if game.is_over else game.month
        self.price_board.show(P.price_board_rows(history, game.rules.months),
                              current=board_current)

    def _show_cover(self, seat: int) -> None:
        name = self.session.game.names[seat]
        self._cover_seat = seat
        self.tally.clear_entries()
        self.cover.set_name(name)
        self._show_screen(self.cover, "cover")
        self.title(f"{TITLE}: pass to {name}")

    def cover_ready(self) -> None:
        if self.mode != "cover":
            return
        self.show_sheet(self._cover_seat)

    def show_sheet(self, seat: int, *, entry: bool = True) -> None:
        """Draw ``seat``'s tally sheet; with ``entry``, open the current month's fields."""
        from . import presenter as P
        game = self.session.game
        self.mode = "busy"
        self.session.shown_seat = seat
        self.current_seat = seat
        view = game.view(seat)
        self._view = view
        entry = entry and not view.is_over
        block = ("orders" if view.phase == "purchasing" else "sales") if entry else None
        self.tally.clear_entries()
        self.tally.draw(P.tally_columns(game.history, seat),
                        month=view.month if entry else game.rules.months, entry_block=block)
        self.sheet_title.configure(text=P.sheet_title(view))
        self.instructions.configure(text=P.instructions(view) if entry else
                                    "The game is over: every sheet is public now.")
        self.refusal_label.configure(text="")
        self._tried = False
        if entry:
            self.submit_button.configure(text="Submit orders" if block == "orders"
                                         else "Submit offers", state="normal")
            self.submit_button.grid()
            self.title(f"{TITLE}: {view.name}, {P.month_heading(view.month)} "
                       f"({'buying' if block == 'orders' else 'selling'})")
            self._show_screen(None, "enter")
            self.refresh_public(seat)
            self.entry_changed()
            self.tally.focus_field(view.keys[0])
        else:
            self.submit_button.grid_remove()
            self.title(f"{TITLE}: game over")
            self._show_screen(None, "look")

    def entry_changed(self) -> None:
        """Live help as the fields are typed in."""
        if self.mode != "enter":
            return
        from . import presenter as P
        view = self._view
        keys = view.keys
        help_ = P.entry_help(view, self.tally.texts(keys), tried=self._tried)
        self.tally.show_help(help_, keys, "orders" if view.phase == "purchasing" else "sales")
        if self._tried and help_.ok:
            self.refusal_label.configure(text="")

    def submit(self) -> None:
        """Submit the current seat's entry, or refuse it with the reason next to the field."""
        if self.mode != "enter":
            return
        from . import presenter as P
        from ..rules import RuleError
        view = self._view
        keys = view.keys
        self._tried = True
        texts = self.tally.texts(keys)
        help_ = P.entry_help(view, texts, tried=True)
        block = "orders" if view.phase == "purchasing" else "sales"
        self.tally.show_help(help_, keys, block)
        if not help_.ok:
            self._refuse(help_.refusal, help_.first_bad, help_.bad_field == "price")
            return
        try:
            self.session.submit(view.seat, help_.entry)
        except RuleError as error:  # the engine has the last word
            self.tally.totals[block].configure(text=str(error), style="HintError.TLabel")
            self._refuse(str(error), None, False)
            return
        self.mode = "busy"
        self.tally.clear_entries()
        self.refusal_label.configure(text="")
        what = "orders are" if block == "orders" else "offers are"
        self.show_message(f"{view.name}'s {what} in." + (
            f" {self.session.save_problem}" if self.session.save_problem else ""),
            error=bool(self.session.save_problem))
        self.advance()

    def _refuse(self, text: str, key: Optional[str], price: bool) -> None:
        self.refusal_label.configure(text=f"Not submitted: {text}")
        if key is not None:
            self.tally.focus_field(key, price=price)

    def _show_reveal(self, report) -> None:
        from . import presenter as P
        self.tally.clear_entries()
        data = P.reveal(report, self.session.explanations)
        self.reveal.fill(data, buying=report.phase == "purchasing")
        self.reveal.continue_button.configure(text="Continue  (Enter)")
        self._show_screen(self.reveal, "reveal")
        self.title(f"{TITLE}: {data.title}")

    def continue_after_reveal(self) -> None:
        if self.mode == "peek":
            self.reveal.hide()
            self.mode = self._peek_return
            if self.mode == "enter":
                self.tally.focus_field(self._view.keys[0])
            elif self.mode == "over":
                self._show_screen(self.ending, "over")
            return
        if self.mode != "reveal":
            return
        self.reveal.hide()
        self.advance()

    def show_last_reveal(self) -> None:
        """Look again at the last phase's reveal (public), then come back."""
        from . import presenter as P
        if self.session is None or not self.session.game.history or \
                self.mode not in ("enter", "over", "look"):
            self.show_message("There is no reveal to show just now.")
            return
        report = self.session.game.history[-1]
        self.reveal.fill(P.reveal(report, self.session.explanations),
                         buying=report.phase == "purchasing")
        self.reveal.continue_button.configure(text="Back  (Enter)")
        self._peek_return = self.mode
        self._show_screen(self.reveal, "peek")

    def _show_ending(self) -> None:
        from . import presenter as P
        game = self.session.game
        report = game.history[-1]
        self.ending.fill(P.ending(report.settlement, loans=game.rules.loans))
        self._show_screen(self.ending, "over")
        self.title(f"{TITLE}: game over")

    def look_at_sheets(self) -> None:
        """After the game: every seat's sheet is public; choose whose to look at."""
        game = self.session.game
        self.look_choice.configure(values=list(game.names))
        self.look_choice.current(0)
        self.look_choice.grid(row=0, column=1, sticky="e", padx=self.theme.pad(0.5))
        self.show_sheet(0, entry=False)
        self.look_choice.focus_set()

    def _look_changed(self) -> None:
        if self.session is not None and self.session.game.is_over:
            self.show_sheet(max(0, self.look_choice.current()), entry=False)

    # -------------------------------------------------------------- files

    def open_dialog(self) -> None:
        from tkinter import filedialog
        path = filedialog.askopenfilename(
            parent=self, title="Open a saved game", initialdir=str(self.folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Open a saved game; a file that is not one gives a plain message."""
        from .. import save as _save
        try:
            game = _save.load(path)
        except _save.SaveError as error:
            self.show_message(f"That game could not be opened. {error}", error=True)
            if self.mode in ("welcome", "starting"):
                self.welcome.message.configure(text=str(error))
            return False
        self._keep_unfinished()
        self.begin(game)
        self.show_message(f"Opened {os.path.basename(path)}.")
        return True

    def save_as_dialog(self) -> None:
        if self.session is None:
            self.show_message("There is no game to save yet.")
            return
        from tkinter import filedialog
        path = filedialog.asksaveasfilename(
            parent=self, title="Save the game as", initialdir=str(self.folder),
            defaultextension=".json", filetypes=[("Saved games", "*.json")])
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        from .. import save as _save
        try:
            _save.save(self.session.game, path)
        except (_save.SaveError, OSError) as error:
            self.show_message(f"The game could not be saved. {error}", error=True)
            return False
        self.show_message(f"Saved to {path}.")
        return True

    def quit_app(self) -> None:
        """Close the window; the autosave already holds the game."""
        if self.session is not None and not self.session.game.is_over:
            self.session.autosave()
        self.destroy()

    # --------------------------------------------------------------- help

    def show_guide(self) -> None:
        from tkinter import messagebox
        from .screens import INTRO
        messagebox.showinfo(
            "Quick guide", INTRO + "\n\nType your entries in the yellow column of your tally "
            "sheet; the help beside each field shows the lowest bid, the cost, what you can "
            "make and anything the rules do not allow. Enter submits. The Price Level Board "
            "and the players panel on the right are public.", parent=self)

    def show_about(self) -> None:
        from tkinter import messagebox
        from .. import __version__
        messagebox.showinfo(
            "About Executive Decision",
            f"Executive Decision {__version__}\n\nAn unofficial fan implementation of Sid "
            f"Sackson's business game (3M, 1971). Games are saved automatically in\n"
            f"{self.folder}", parent=self)


def run(options) -> int:
    """Open the window and play until it is closed; returns the exit status."""
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
