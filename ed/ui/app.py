"""The game window: one ``Tk`` subclass that holds the session and draws it.

Widget tree::

    App (Tk)
    ├── menu: Game (New, Open…, Save As…, Replay a saved game…, Print tally sheet…,
    │         Preferences…, Quit), View (Last reveal, Price history, Game log, Ledger…,
    │         Text size ▸, Reveal pacing ▸), Help (Rules, Guided first game, Quick guide,
    │         Statistics, About); on macOS About and Preferences in the app menu
    ├── body (ttk.Frame)
    │   ├── main
    │   │   ├── sheet area: sheet_title, instructions, tally (TallySheet),
    │   │   │               refusal_label, look_choice, submit_button
    │   │   └── side: seat_panel, price_tabs (Price Level Board | Price chart),
    │   │             reference (Market calculator | Production chart | Game log)
    │   └── screens laid over everything: welcome, resume, cover, reveal, ending
    └── status bar: message, rules_label

The window holds no rule.  A callback reads the fields, asks the presenter
or the session (which asks the engine) and redraws.  The first window is
shown before the heavy parts are built, and the extra windows (charts,
ledger, log, rules, statistics, replay) are imported on first use, so
start-up feels instant.  Settings (text size, reveal pacing, whether the
guided first game was offered) live in ``settings.json`` in the data folder.
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
        self.tour = None
        self._tour_waiting = False  # the guide waits for the first sheet on screen
        self.windows: dict = {}        # the extra windows open now, by name
        self.chart = None              # the Price chart tab's chart, once built
        self.log_panel = None          # the Game log tab's panel, once built
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
        from . import settings
        self.settings, self._settings_problem = settings.load_settings(self.folder)
        self._first_run = not self.settings.first_run_done

    def _init_theme(self) -> None:
        from . import theme
        self.theme = theme.Theme(self)
        self.option_add("*tearOff", False)
        if self.settings.text_scale != 1.0:
            self._apply_text_scale(self.settings.text_scale)
        self.pacing_var = tk.StringVar(self, value=self.settings.reveal_pacing)

    def _init_menu(self) -> None:
        self.aqua = aqua = self.tk.call("tk", "windowingsystem") == "aqua"
        self._mod, self._shown = mod, shown = ("Command", "Cmd") if aqua else ("Control", "Ctrl")
        self.menubar = tk.Menu(self)
        if aqua:
            # The application menu: About and Preferences where a Mac user looks for them.
            self.app_menu = tk.Menu(self.menubar, name="apple")
            self.menubar.add_cascade(menu=self.app_menu)
            self.app_menu.add_command(label="About Executive Decision", command=self.show_about)
            self.app_menu.add_separator()
            self.createcommand("tk::mac::ShowPreferences", self.show_preferences)
            self.createcommand("tk::mac::Quit", self.quit_app)
        self.game_menu = tk.Menu(self.menubar)
        self.view_menu = tk.Menu(self.menubar)
        self.help_menu = tk.Menu(self.menubar, name="help")
        self.menubar.add_cascade(label="Game", menu=self.game_menu, underline=0)
        self.menubar.add_cascade(label="View", menu=self.view_menu, underline=0)
        self.menubar.add_cascade(label="Help", menu=self.help_menu, underline=0)

        def item(menu, label, command, key=None, shown_key=None, keys=()):
            accelerator = f"{shown}+{shown_key or key.upper()}" if key else ""
            menu.add_command(label=label, command=command, accelerator=accelerator)
            for sequence in ((f"<{mod}-{key}>",) if key else ()) + tuple(keys):
                self.bind_all(sequence, lambda e, c=command: self._shortcut(c))

        item(self.game_menu, "New game…", self.new_game, "n")
        item(self.game_menu, "Open…", self.open_dialog, "o")
        item(self.game_menu, "Save As…", self.save_as_dialog, "s", keys=(f"<{mod}-S>",))
        self.game_menu.add_separator()
        item(self.game_menu, "Replay a saved game…", self.replay_dialog)
        item(self.game_menu, "Print tally sheet…", self.print_dialog, "p")
        if not aqua:
            self.game_menu.add_separator()
            item(self.game_menu, "Preferences…", self.show_preferences)
        self.game_menu.add_separator()
        item(self.game_menu, "Quit", self.quit_app, "q")

        item(self.view_menu, "Last reveal", self.show_last_reveal, "l")
        item(self.view_menu, "Price history", self.show_price_history, "h")
        item(self.view_menu, "Game log", self.show_game_log, "g")
        item(self.view_menu, "Ledger…", self.show_ledger, "e")
        self.view_menu.add_separator()
        self.size_menu = tk.Menu(self.view_menu)
        self.view_menu.add_cascade(label="Text size", menu=self.size_menu, underline=0)
        item(self.size_menu, "Larger", lambda: self.change_text_size("larger"), "plus", "+",
             keys=(f"<{mod}-equal>", f"<{mod}-KP_Add>"))
        item(self.size_menu, "Smaller", lambda: self.change_text_size("smaller"), "minus", "−",
             keys=(f"<{mod}-KP_Subtract>",))
        item(self.size_menu, "Reset", lambda: self.change_text_size("reset"), "0", "0",
             keys=(f"<{mod}-KP_0>",))
        self.pacing_menu = tk.Menu(self.view_menu)
        self.view_menu.add_cascade(label="Reveal pacing", menu=self.pacing_menu, underline=0)
        self.pacing_menu.add_radiobutton(label="All at once", value="all",
                                         variable=self.pacing_var, command=self.pacing_changed)
        self.pacing_menu.add_radiobutton(label="Step by step, one commodity at a time",
                                         value="step", variable=self.pacing_var,
                                         command=self.pacing_changed)

        item(self.help_menu, "Rules", self.show_rules, keys=("<F1>",))
        self.help_menu.entryconfigure("end", accelerator="F1")
        item(self.help_menu, "Guided first game", self.start_tour)
        item(self.help_menu, "Quick guide", self.show_guide)
        item(self.help_menu, "Statistics", self.show_statistics)
        if not aqua:
            self.help_menu.add_separator()
            item(self.help_menu, "About Executive Decision", self.show_about)
        self.configure(menu=self.menubar)

    def _shortcut(self, command) -> str:
        if self.dialog is None:
            command()
        return "break"

    def bind_context(self, widget, build) -> None:
        """A right-click menu on ``widget``: Button-3 (Tk 8.6 and 9 on X11 and Windows),
        and on macOS Button-2 (Tk 8.6), Button-3 (Tk 9) and Control-click.
        ``build(menu)`` fills a fresh menu each time."""
        def popup(event) -> str:
            menu = tk.Menu(self)
            build(menu)
            try:
                menu.tk_popup(event.x_root, event.y_root)
            finally:
                menu.grab_release()
            return "break"
        sequences = ["<Button-3>"]
        if self.aqua:
            sequences += ["<Button-2>", "<Control-Button-1>"]
        for sequence in sequences:
            widget.bind(sequence, popup, add="+")

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
        # Fixed shares, so that at a large text size the side panel cannot squeeze the sheet.
        main.columnconfigure(0, weight=7, uniform="main")
        main.columnconfigure(1, weight=5, uniform="main")
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
        side.rowconfigure(1, weight=1, minsize=self.theme.line * 9)
        self.seat_panel = SeatPanel(side, self.theme)
        self.seat_panel.grid(row=0, column=0, sticky="new")
        self.price_tabs = ttk.Notebook(side)
        self.price_tabs.grid(row=1, column=0, sticky="nsew", pady=pad(0.4))
        self.price_board = PriceBoard(self.price_tabs, self.theme)
        self.price_board.configure(text="")
        self.price_tabs.add(self.price_board, text="Price Level Board")
        self.chart_tab = ttk.Frame(self.price_tabs)
        self.price_tabs.add(self.chart_tab, text="Price chart")
        self.price_tabs.bind("<<NotebookTabChanged>>", lambda e: self._tab_changed())
        self.reference = Reference(side, self.theme)
        self.reference.grid(row=2, column=0, sticky="sew")
        self.log_tab = ttk.Frame(self.reference)
        self.reference.add(self.log_tab, text="Game log")
        self.reference.bind("<<NotebookTabChanged>>", lambda e: self._tab_changed())
        for notebook in (self.price_tabs, self.reference):
            notebook.configure(takefocus=1)
            notebook.enable_traversal()
        self.chart = None
        self.log_panel = None

        status = ttk.Frame(self)
        status.grid(row=1, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self.message = ttk.Label(status, text="", style="Status.TLabel")
        self.message.grid(row=0, column=0, sticky="w")
        self.rules_label = ttk.Label(status, text="", style="Status.TLabel")
        self.rules_label.grid(row=0, column=1, sticky="e")
        self.status = status
        status.bind("<Configure>", lambda e: self.message.configure(
            wraplength=max(200, e.width - self.rules_label.winfo_reqwidth() - self.theme.pad(3))))
        self.after_idle(self._add_tips)

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
        self._bind_contexts()

    def _bind_contexts(self) -> None:
        def sheet_menu(menu) -> None:
            menu.add_command(label="Ledger…", command=self.show_ledger)
            menu.add_command(label="Print tally sheet…", command=self.print_dialog)
            menu.add_command(label="Price history", command=self.show_price_history)
            menu.add_command(label="Game log", command=self.show_game_log)
        for widget in (self.tally.body, self.tally.heads):
            self.bind_context(widget, sheet_menu)

    def _add_tips(self) -> None:
        """Tooltips on every number and field (after the window is up, so start-up stays quick)."""
        from . import tips
        try:
            self.tally.add_tips()
        except tk.TclError:
            return
        seat_tree = self.seat_panel.tree
        tips.tree_tip(seat_tree, lambda row, column: tips.SEAT_COLUMNS.get(
            self._displayed_column(seat_tree, column), "") if row else
            tips.SEAT_COLUMNS.get(self._displayed_column(seat_tree, column), ""))
        board = self.price_board.tree
        tips.tree_tip(board, lambda row, column: tips.price_tip(
            column, board.set(row, "month") if row else "Opening") if row else "")
        market = self.reveal.market
        tips.tree_tip(market, lambda row, column: tips.REVEAL_MARKET.get(column, ""))
        seats = self.reveal.seats
        tips.tree_tip(seats, lambda row, column: tips.REVEAL_SEATS.get(column, ""))

    @staticmethod
    def _displayed_column(tree, column: str) -> str:
        """``#n`` of the displayed columns as ``#n`` of all columns (for hidden ones)."""
        shown = tree.cget("displaycolumns")
        if isinstance(shown, str):
            shown = shown.split()
        names = list(tree.cget("columns"))
        try:
            name = list(shown)[int(column[1:]) - 1]
        except (ValueError, IndexError):
            return column
        if name == "#all":
            return column
        return f"#{names.index(name) + 1}" if name in names else column

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
        if self._settings_problem:
            self.show_message(self._settings_problem, error=True)
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
        if self._first_run:
            self._first_run = False
            self._update_settings(first_run_done=True)
            # Offered on the first sheet shown: at once in a solo game, after the
            # "Pass to …" cover when people share the screen.
            self._tour_waiting = True
            self._offer_tour()

    def _offer_tour(self) -> None:
        if self._tour_waiting and self.mode == "enter":
            self._tour_waiting = False
            self.after_idle(self.start_tour)

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
        self._refresh_log()
        self.advance()

    def advance(self) -> None:
        """Ask the session what happens next and show it."""
        step = self.session.step()
        if self.session.save_problem:
            self.show_message(self.session.save_problem, error=True)
        self.refresh_public(step.seat if step.kind == "enter" else None)
        if step.kind == "reveal":
            self._refresh_log()
            self._refresh_windows()
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
        if self.chart is not None:
            self.chart.set_history(history)

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
            self._offer_tour()
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
        self.reveal.fill(data, buying=report.phase == "purchasing",
                         step=self.settings.reveal_pacing == "step")
        self._show_screen(self.reveal, "reveal")
        self.title(f"{TITLE}: {data.title}")

    def continue_after_reveal(self) -> None:
        if self.mode in ("reveal", "peek") and self.reveal.more:
            self.reveal.show_next()      # pacing "step": the next commodity
            return
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
                         buying=report.phase == "purchasing", continue_text="Back  (Enter)")
        self._peek_return = self.mode
        self._show_screen(self.reveal, "peek")

    def _show_ending(self) -> None:
        from . import presenter as P
        game = self.session.game
        report = game.history[-1]
        self.ending.fill(P.ending(report.settlement, loans=game.rules.loans), game)
        self._show_screen(self.ending, "over")
        self.title(f"{TITLE}: game over")
        self.show_message("The game is over: New game (Enter), look at the sheets, or quit.")
        self._record_statistics(game)  # may replace the line with a problem to report

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

    # ------------------------------------------------- charts, log, ledger

    def _tab_changed(self) -> None:
        """Build the Price chart and Game log tabs the first time they are shown."""
        try:
            price_tab = self.price_tabs.select()
            ref_tab = self.reference.select()
        except tk.TclError:
            return
        if self.chart is None and price_tab == str(self.chart_tab):
            from .charts import PriceChart
            em = self.theme.em
            self.chart = PriceChart(self.chart_tab, width=em * 46, height=em * 22,
                                    title="Market prices")
            self.chart.pack(fill="both", expand=True)
            if self.session is not None:
                self.chart.set_history(self.session.game.price_history())
        if self.log_panel is None and ref_tab == str(self.log_tab):
            from .gamelog import GameLogPanel
            self.log_panel = GameLogPanel(self.log_tab, height=8, width=40)
            self.log_panel.pack(fill="both", expand=True)
            self.bind_context(self.log_panel.text, self._log_menu(self.log_panel))
            self._refresh_log()

    def _log_menu(self, panel):
        def build(menu) -> None:
            menu.add_command(label="Copy the whole log", command=lambda: self._copy(
                panel.get_text(), "The game log was copied."))
        return build

    def _copy(self, text: str, said: str) -> None:
        self.clipboard_clear()
        self.clipboard_append(text)
        self.show_message(said)

    def log_lines(self) -> list:
        """The game log: every revealed phase in sentences (never an unrevealed entry)."""
        if self.session is None:
            return []
        from .gamelog import log_lines
        game = self.session.game
        return log_lines(game.history, game.names, self.session.revealed_explanations)

    def _log_panels(self) -> list:
        panels = [self.log_panel] if self.log_panel is not None else []
        window = self._open_window("log")
        if window is not None:
            panels.append(window.panel)
        return panels

    def _refresh_log(self) -> None:
        panels = self._log_panels()
        if not panels:
            return
        lines = self.log_lines() or ["Nothing has been revealed yet."]
        for panel in panels:
            if panel.lines != lines:
                panel.set_lines(lines)
                panel.text.see("end")

    def _open_window(self, name: str):
        window = self.windows.get(name)
        try:
            if window is not None and window.winfo_exists():
                return window
        except tk.TclError:
            pass
        self.windows.pop(name, None)
        return None

    def _raise(self, window) -> None:
        window.deiconify()
        window.lift()
        window.focus_set()

    def _refresh_windows(self) -> None:
        """After a reveal: the open price, ledger and log windows show it too."""
        prices = self._open_window("prices")
        if prices is not None and self.session is not None:
            prices.chart.set_history(self.session.game.price_history())
        ledger = self._open_window("ledger")
        if ledger is not None:
            ledger.refresh()

    def show_price_history(self) -> None:
        """View ▸ Price history: the six market prices month by month in a window."""
        window = self._open_window("prices")
        if window is None:
            from tkinter import ttk
            from .charts import PriceChart
            window = tk.Toplevel(self)
            window.title("Price history")
            em = self.theme.em
            window.chart = PriceChart(window, width=em * 80, height=em * 40)
            window.chart.pack(fill="both", expand=True, padx=em, pady=(em, 0))
            ttk.Label(window, style="Muted.TLabel", wraplength=em * 78, justify="left",
                      text="Raw materials: solid lines, filled markers. Finished goods: dashed "
                           "lines, hollow markers. Point at a marker, or use the arrow keys "
                           "in the chart, for the exact price. Escape closes.").pack(
                fill="x", padx=em, pady=em)
            window.bind("<Escape>", lambda e: window.destroy())
            self.windows["prices"] = window
        window.chart.set_history(self.session.game.price_history() if self.session else [])
        self._raise(window)
        window.chart.canvas.focus_set()

    def show_game_log(self) -> None:
        """View ▸ Game log: the log in a window of its own, reachable at any moment."""
        window = self._open_window("log")
        if window is None:
            from .gamelog import GameLogPanel
            window = tk.Toplevel(self)
            window.title("Game log")
            em = self.theme.em
            window.geometry(f"{em * 80}x{em * 40}")
            window.panel = GameLogPanel(window, height=20, width=70)
            window.panel.pack(fill="both", expand=True, padx=em, pady=em)
            self.bind_context(window.panel.text, self._log_menu(window.panel))
            window.bind("<Escape>", lambda e: window.destroy())
            self.windows["log"] = window
        self._refresh_log()
        self._raise(window)
        window.panel.text.focus_set()

    def show_ledger(self) -> None:
        """View ▸ Ledger…: any seat's month-by-month ledger from revealed phases."""
        if self.session is None:
            self.show_message("There is no game yet: the ledger opens once one has begun.")
            return
        window = self._open_window("ledger")
        if window is None:
            from .ledger import LedgerWindow
            seat = getattr(self, "current_seat", 0) or 0
            window = LedgerWindow(self, lambda: self.session.game, seat)
            self.bind_context(window.tree, lambda menu: menu.add_command(
                label="Copy", command=window.copy))
            self.windows["ledger"] = window
        else:
            window.refresh()
        self._raise(window)
        window.tree.focus_set()

    def print_dialog(self) -> None:
        """Game ▸ Print tally sheet…: the sheet shown now as a PostScript file."""
        if self.session is None:
            self.show_message("There is no tally sheet to print yet.")
            return
        from tkinter import filedialog
        name = self.session.game.names[getattr(self, "current_seat", 0) or 0]
        path = filedialog.asksaveasfilename(
            parent=self, title="Print the tally sheet to a PostScript file",
            initialdir=str(self.folder), initialfile=f"tally-{name}.ps",
            defaultextension=".ps", filetypes=[("PostScript", "*.ps")])
        if path:
            self.print_to(path)

    def print_to(self, path: str) -> bool:
        """Write the tally sheet shown now (revealed months only) to ``path`` as PostScript."""
        from .ledger import write_text_atomic
        canvas = self.tally.print_canvas()
        try:
            width, height = int(canvas.cget("width")), int(canvas.cget("height"))
            # A sheet is wider than tall: landscape, scaled to the page.
            text = canvas.postscript(colormode="color", x=0, y=0, width=width, height=height,
                                     rotate=width > height, pagewidth="10i")
            write_text_atomic(path, text, encoding="latin-1")
        except (OSError, tk.TclError) as error:
            self.show_message(f"The tally sheet could not be printed: {error}", error=True)
            return False
        finally:
            canvas.winfo_toplevel().destroy()
        self.show_message(f"The tally sheet was written to {path}; open or print it with "
                          f"any PostScript viewer.")
        return True

    def replay_dialog(self) -> None:
        """Game ▸ Replay a saved game…: step through a save month by month."""
        from tkinter import filedialog
        path = filedialog.askopenfilename(
            parent=self, title="Replay a saved game", initialdir=str(self.folder),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])
        if path:
            self.replay_file(path)

    def replay_file(self, path: str):
        from .. import save as _save
        from .replay import open_replay
        try:
            window = open_replay(self, path)
        except _save.SaveError as error:
            self.show_message(f"That game could not be replayed. {error}", error=True)
            return None
        self.windows["replay"] = window
        return window

    def _record_statistics(self, game) -> None:
        """Count a finished game in the record of play (once: a game is recognised again)."""
        from . import stats
        try:
            _, problem = stats.record_finished_game(self.folder, game)
        except OSError as error:
            problem = f"The record of play could not be saved: {error}"
        if problem:
            self.show_message(problem, error=True)

    def show_statistics(self) -> None:
        """Help ▸ Statistics: games played, wins by level and player count, best profit."""
        from . import stats
        record, problem = stats.load_stats(self.folder)
        if problem:
            self.show_message(problem, error=True)
        window = self._open_window("statistics")
        if window is None:
            window = stats.StatisticsWindow(self, record)
            self.windows["statistics"] = window
        else:
            window.set_stats(record)
        self._raise(window)

    def show_rules(self) -> None:
        """Help ▸ Rules (F1): the rules, searchable, in a window beside the game."""
        from . import rules_help
        self.windows["rules"] = rules_help.show(self)

    def start_tour(self) -> None:
        """Help ▸ Guided first game: month 1 walked through, with Next and Skip."""
        if self.tour is not None and self.tour.shown:
            self._raise(self.tour.window)
            return
        from .tour import Tour
        if self.mode not in ("enter", "look"):
            self.show_message("The guide frames the parts of your tally sheet; it is clearest "
                              "while you are entering a month.")
        self.tour = Tour(self, on_close=self._tour_closed)

    def _tour_closed(self) -> None:
        self.tour = None
        # The guide's own window had the keyboard; without this the focus may go
        # nowhere (some window managers, and none at all, do not hand it back).
        self.focus_force()
        if self.mode == "enter":
            self.tally.focus_field(self._view.keys[0])

    # ------------------------------------------------------------ settings

    def _update_settings(self, **changes) -> None:
        from . import settings
        self.settings = self.settings.replace(**changes)
        try:
            settings.save_settings(self.folder, self.settings)
        except OSError as error:
            self.show_message(f"Your settings could not be saved ({error}); they apply until "
                              f"you close the window.", error=True)

    def show_preferences(self) -> None:
        """Preferences: reveal pacing and text size."""
        window = self._open_window("preferences")
        if window is None:
            from .dialogs import PreferencesWindow
            window = PreferencesWindow(self)
            self.windows["preferences"] = window
        self._raise(window)

    def pacing_changed(self) -> None:
        pacing = self.pacing_var.get()
        if pacing not in ("all", "step"):
            return
        self._update_settings(reveal_pacing=pacing)
        self.show_message("Reveals are shown all at once." if pacing == "all" else
                          "Reveals are shown one commodity at a time: Enter shows the next.")

    def _apply_text_scale(self, scale: float) -> None:
        from . import settings
        settings.apply_text_scale(self, scale)
        self.theme.remeasure()

    def change_text_size(self, how: str) -> None:
        """View ▸ Text size: larger, smaller or reset; remembered, and the window re-laid out."""
        from . import settings
        old = self.settings.text_scale
        scale = (settings.larger(old) if how == "larger" else
                 settings.smaller(old) if how == "smaller" else settings.TEXT_SCALE_DEFAULT)
        if scale == old:
            self.show_message(f"The text is already at {round(old * 100)}%.")
            return
        self._apply_text_scale(scale)
        self._update_settings(text_scale=scale)
        self._rebuild()
        prefs = self._open_window("preferences")
        if prefs is not None:
            prefs.refresh()
        self.show_message(f"Text size {round(scale * 100)}% (View ▸ Text size; "
                          f"{self._shown}+0 resets it).")

    def _rebuild(self) -> None:
        """Lay the window out again for new font sizes, showing the same moment of the game."""
        from ..rules import GOODS, RAW
        mode = self.mode
        texts = self.tally.texts(RAW + GOODS) if mode == "enter" else None
        look = self.look_choice.current() if mode == "look" else 0
        peek_return = getattr(self, "_peek_return", None)
        resume_text = self.resume.text.cget("text")
        log_shown = self.log_panel is not None and self.reference.select() == str(self.log_tab)
        chart_shown = self.chart is not None and \
            self.price_tabs.select() == str(self.chart_tab)
        for widget in (self.body, self.status):
            widget.destroy()
        self._init_layout()
        self._init_screens()
        self._bind_contexts()
        if log_shown:
            self.reference.select(self.log_tab)
        if chart_shown:
            self.price_tabs.select(self.chart_tab)
        self.update_idletasks()
        if self.session is None:
            if mode == "resume":
                self.resume.text.configure(text=resume_text)
                self._show_screen(self.resume, "resume")
            else:
                self._show_screen(self.welcome, "welcome")
            return
        game = self.session.game
        self.tally.setup(game.rules.months, loans=game.rules.loans)
        self.reference.show_recipes(game.rules.recipes)
        from . import presenter as P
        self.rules_label.configure(text=P.setup_summary(game.rules))
        self.look_choice.grid_remove()
        if mode == "peek":
            mode = peek_return
        if mode in ("enter", "cover", "busy"):
            self.advance()
            if texts is not None and self.mode == "enter":
                for key, (units, price) in texts.items():
                    self.tally.vars[key][0].set(units)
                    self.tally.vars[key][1].set(price)
        elif mode == "reveal":
            self.refresh_public()
            self._show_reveal(game.history[-1])
        elif mode == "look":
            self.refresh_public()
            self.look_at_sheets()
            self.look_choice.current(look)
            self._look_changed()
        else:
            self.refresh_public()
            self._show_ending()

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
