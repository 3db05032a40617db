"""The main window's layout: the sheet, the side panels, the screens and the status bar.

``MainWindow(app)`` builds, on the ``App`` (the Tk root), every widget of
the game window and switches the full-window screens.  It draws what it is
given (the rules set up, the public panels); it decides nothing about the
game.  Widget tree::

    App (Tk)
    ├── body (ttk.Frame)
    │   ├── main
    │   │   ├── sheet area: sheet_title, instructions, tally (TallySheet),
    │   │   │               footer: refusal_label, look_choice, submit_button
    │   │   └── side: seat_panel, price_tabs (Price Level Board | Price chart),
    │   │             reference (Market calculator | Production chart | Game log)
    │   └── screens laid over everything: welcome, resume, cover, reveal, ending
    └── status: message, rules_label

The Price chart and Game log tabs are built the first time they are shown.
Callbacks go through the hub: the sheet and the screens call ``app.flow``
and ``app.files``, the lazily built tabs ``app.extras`` and ``app.menus``.
Imports: tkinter, the presenter, ``ed.ai`` (personality names) and the
widget modules (panels, tally, screens, charts, gamelog, tips); never
another part of the window.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Optional


class MainWindow:
    """The game window's widgets (see the module docstring for the tree)."""

    def __init__(self, app) -> None:
        self.app = app
        self.chart = None        # the Price chart tab's chart, once built
        self.log_panel = None    # the Game log tab's panel, once built

    # ------------------------------------------------------------ building

    def build(self) -> None:
        """The body (sheet and side panels) and the status bar."""
        app, theme = self.app, self.app.theme
        pad = theme.pad
        app.columnconfigure(0, weight=1)
        app.rowconfigure(0, weight=1)
        self.body = ttk.Frame(app)
        self.body.grid(row=0, column=0, sticky="nsew")
        self.body.columnconfigure(0, weight=1)
        self.body.rowconfigure(0, weight=1)
        main = ttk.Frame(self.body, padding=pad(0.6))
        main.grid(row=0, column=0, sticky="nsew")
        # Fixed shares, so that at a large text size the side panel cannot squeeze the sheet.
        main.columnconfigure(0, weight=7, uniform="main")
        main.columnconfigure(1, weight=5, uniform="main")
        main.rowconfigure(0, weight=1)
        self._build_sheet(main)
        self._build_side(main)
        self._build_status()
        app.after_idle(self.add_tips)

    def _build_sheet(self, main: ttk.Frame) -> None:
        from .tally import TallySheet
        app, pad = self.app, self.app.theme.pad
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
        self.tally = TallySheet(sheet, app.theme, on_change=app.flow.entry_changed,
                                on_submit=app.flow.submit)
        self.tally.grid(row=2, column=0, sticky="nsew")
        footer = ttk.Frame(sheet)
        footer.grid(row=3, column=0, sticky="ew", pady=(pad(0.4), 0))
        footer.columnconfigure(0, weight=1)
        self.refusal_label = ttk.Label(footer, text="", style="Error.TLabel", justify="left",
                                       wraplength=pad(80))
        self.refusal_label.grid(row=0, column=0, sticky="ew")
        self.refusal_label.bind("<Configure>", lambda e: e.widget.configure(
            wraplength=max(200, e.width - 4)))
        self.look_var = tk.StringVar(app)
        self.look_choice = ttk.Combobox(footer, textvariable=self.look_var, state="readonly",
                                        width=20)
        self.look_choice.bind("<<ComboboxSelected>>", lambda e: app.flow.look_changed())
        self.submit_button = ttk.Button(footer, text="Submit", style="Accent.TButton",
                                        command=app.flow.submit)
        self.submit_button.grid(row=0, column=2, sticky="e")

    def _build_side(self, main: ttk.Frame) -> None:
        from .panels import PriceBoard, Reference, SeatPanel
        theme = self.app.theme
        side = ttk.Frame(main)
        side.grid(row=0, column=1, sticky="nsew")
        side.columnconfigure(0, weight=1)
        side.rowconfigure(1, weight=1, minsize=theme.line * 9)
        self.seat_panel = SeatPanel(side, theme)
        self.seat_panel.grid(row=0, column=0, sticky="new")
        self.price_tabs = ttk.Notebook(side)
        self.price_tabs.grid(row=1, column=0, sticky="nsew", pady=theme.pad(0.4))
        self.price_board = PriceBoard(self.price_tabs, theme)
        self.price_board.configure(text="")
        self.price_tabs.add(self.price_board, text="Price Level Board")
        self.chart_tab = ttk.Frame(self.price_tabs)
        self.price_tabs.add(self.chart_tab, text="Price chart")
        self.price_tabs.bind("<<NotebookTabChanged>>", lambda e: self.tab_changed())
        self.reference = Reference(side, theme)
        self.reference.grid(row=2, column=0, sticky="sew")
        self.log_tab = ttk.Frame(self.reference)
        self.reference.add(self.log_tab, text="Game log")
        self.reference.bind("<<NotebookTabChanged>>", lambda e: self.tab_changed())
        for notebook in (self.price_tabs, self.reference):
            notebook.configure(takefocus=1)
            notebook.enable_traversal()
        self.chart = None
        self.log_panel = None

    def _build_status(self) -> None:
        app = self.app
        status = ttk.Frame(app)
        status.grid(row=1, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self.message = ttk.Label(status, text="", style="Status.TLabel")
        self.message.grid(row=0, column=0, sticky="w")
        self.rules_label = ttk.Label(status, text="", style="Status.TLabel")
        self.rules_label.grid(row=0, column=1, sticky="e")
        self.status = status
        def wrap(_event=None) -> None:
            # Again when the rules summary changes width, or a long message runs under it.
            self.message.configure(wraplength=max(200, status.winfo_width()
                                                  - self.rules_label.winfo_reqwidth()
                                                  - app.theme.pad(3)))

        status.bind("<Configure>", wrap)
        self.rules_label.bind("<Configure>", wrap)

    def build_screens(self) -> None:
        """The full-window screens, laid over the body."""
        from . import screens
        app, t = self.app, self.app.theme
        flow, files = app.flow, app.files
        self.welcome = screens.Welcome(self.body, t, on_new=files.new_game,
                                       on_open=files.open_dialog)
        self.resume = screens.Resume(self.body, t, on_resume=files.resume_game,
                                     on_new=files.new_game, offers=files.resume_offers)
        self.cover = screens.Cover(self.body, t, on_ready=flow.cover_ready)
        self.reveal = screens.Reveal(self.body, t, on_continue=flow.continue_after_reveal)
        self.ending = screens.Ending(self.body, t, on_new=files.new_game, on_quit=files.quit_app,
                                     on_look=flow.look_at_sheets)
        self.screens = (self.welcome, self.resume, self.cover, self.reveal, self.ending)

    def rebuild(self) -> None:
        """Build everything again (new font sizes), keeping the tabs and the resume text."""
        resume_text = self.resume.text.cget("text")
        log_shown = self.log_panel is not None and self.reference.select() == str(self.log_tab)
        chart_shown = self.chart is not None and \
            self.price_tabs.select() == str(self.chart_tab)
        for widget in (self.body, self.status):
            widget.destroy()
        self.build()
        self.build_screens()
        self.resume.text.configure(text=resume_text)
        if log_shown:
            self.reference.select(self.log_tab)
        if chart_shown:
            self.price_tabs.select(self.chart_tab)

    # ------------------------------------------------------------- showing

    def show_screen(self, screen, mode: str) -> None:
        """Lay ``screen`` over the body (``None``: the sheet itself) and enter ``mode``."""
        for other in self.screens:
            if other is not screen:
                other.hide()
        if screen is not None:
            screen.show()
        self.app.mode = mode

    def show_setup(self, rules) -> None:
        """A game's rules: the sheet's months, the recipes, the summary in the status bar."""
        from . import presenter as P
        self.tally.setup(rules.months, loans=rules.loans)
        self.reference.show_recipes(rules.recipes)
        self.rules_label.configure(text=P.setup_summary(rules))

    def show_public(self, game, current: Optional[int] = None) -> None:
        """Redraw what everyone may see: the players panel, the Price Level Board, the chart."""
        from . import presenter as P
        from .. import ai
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

    def show_message(self, text: str, *, error: bool = False) -> None:
        """A short line in the status bar (problems in red)."""
        self.message.configure(text=text, style="StatusError.TLabel" if error else "Status.TLabel")

    def tab_changed(self) -> None:
        """Build the Price chart and Game log tabs the first time they are shown."""
        app = self.app
        try:
            price_tab = self.price_tabs.select()
            ref_tab = self.reference.select()
        except tk.TclError:
            return
        if self.chart is None and price_tab == str(self.chart_tab):
            from .charts import PriceChart
            em = app.theme.em
            self.chart = PriceChart(self.chart_tab, width=em * 46, height=em * 22,
                                    title="Market prices")
            self.chart.pack(fill="both", expand=True)
            if app.session is not None:
                self.chart.set_history(app.session.game.price_history())
        if self.log_panel is None and ref_tab == str(self.log_tab):
            from .gamelog import GameLogPanel
            self.log_panel = GameLogPanel(self.log_tab, height=8, width=40)
            self.log_panel.pack(fill="both", expand=True)
            app.menus.bind_context(self.log_panel.text, app.menus.log_menu(self.log_panel))
            app.extras.refresh_log()

    # ------------------------------------------------------------ tooltips

    def add_tips(self) -> None:
        """Tooltips on every number and field (after the window is up, so start-up stays quick)."""
        from . import tips
        try:
            self.tally.add_tips()
        except tk.TclError:
            return
        seat_tree = self.seat_panel.tree
        tips.tree_tip(seat_tree, lambda row, column: tips.SEAT_COLUMNS.get(
            displayed_column(seat_tree, column), "") if row else
            tips.SEAT_COLUMNS.get(displayed_column(seat_tree, column), ""))
        board = self.price_board.tree
        tips.tree_tip(board, lambda row, column: tips.price_tip(
            column, board.set(row, "month") if row else "Opening") if row else "")
        market = self.reveal.market
        tips.tree_tip(market, lambda row, column: tips.REVEAL_MARKET.get(column, ""))
        seats = self.reveal.seats
        tips.tree_tip(seats, lambda row, column: tips.REVEAL_SEATS.get(column, ""))


def displayed_column(tree, column: str) -> str:
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
