"""The main window's layout: the sheet, the side panels, the screens and the status bar.

``MainWindow(app)`` builds, on the ``App`` (the Tk root), every widget of
the game window and switches the full-window screens.  It draws what it is
given (the rules set up, the public panels); it decides nothing about the
game.  Widget tree::

    App (Tk)
    ├── progress (ProgressStrip)   the months, played and to come, and the phase now
    ├── body (ttk.Frame)
    │   ├── main
    │   │   ├── sheet area: sheet_title, look_choice, standings_button, submit_button,
    │   │   │               instructions_row (instructions, instructions_button "Hide tips", while a
    │   │   │               newcomer needs them), tally (TallySheet),
    │   │   │               bar: refusal_label | question (no, yes) | waiting (take back)
    │   │   └── side: board (BoardCanvas: the Price Level Board, first in sight),
    │   │             seat_panel, price_tabs (Prices | Price chart),
    │   │             reference (Price moves | Production chart | Game log);
    │   │             where the window is short one notebook holds all five (``compact``)
    │   └── screens laid over everything: welcome, resume, cover, reveal, ending
    └── status: message, rules_label

The Price chart and Game log tabs are built the first time they are shown.
Callbacks go through the hub: the sheet and the screens call ``app.flow``
and ``app.files``, the lazily built tabs ``app.extras`` and ``app.menus``.
Imports: tkinter, the presenter, ``ed.ai`` (personality names) and the
widget modules (board, panels, tally, screens, charts, gamelog, tips); never
another part of the window.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Optional, Sequence

from .modes import Mode


def chart_tab_size(em: int):
    """The Price chart tab's chart, in pixels for a text size of ``em``."""
    return em * 46, em * 22


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
        app.rowconfigure(1, weight=1)
        from .progress import ProgressStrip
        self.progress = ProgressStrip(app, theme)
        self.progress.grid(row=0, column=0, sticky="ew")
        self.body = ttk.Frame(app)
        self.body.grid(row=1, column=0, sticky="nsew")
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
        head = ttk.Frame(sheet)
        head.grid(row=0, column=0, sticky="ew")
        head.columnconfigure(0, weight=1)
        self.sheet_title = ttk.Label(head, text="", style="Heading.TLabel", wraplength=pad(60))
        self.sheet_title.grid(row=0, column=0, sticky="ew")
        self.look_var = tk.StringVar(app)
        self.look_choice = ttk.Combobox(head, textvariable=self.look_var, state="readonly",
                                        width=16)
        self.look_choice.bind("<<ComboboxSelected>>", lambda e: app.flow.look_changed())
        self.standings_button = ttk.Button(head, text="Back to the final standings",
                                           command=app.flow.back_to_standings)
        self.submit_button = ttk.Button(head, text="Submit", style="Accent.TButton",
                                        command=app.flow.submit)
        self.submit_button.grid(row=0, column=3, sticky="e", padx=(pad(0.5), 0))
        self.instructions_row = ttk.Frame(sheet)
        self.instructions_row.columnconfigure(0, weight=1)
        self.instructions = ttk.Label(self.instructions_row, text="", justify="left",
                                      wraplength=pad(90), style="Muted.TLabel")
        self.instructions.grid(row=0, column=0, sticky="ew")
        self.instructions_button = ttk.Button(self.instructions_row, text="Hide tips",
                                              command=self.dismiss_instructions)
        self.instructions_button.grid(row=0, column=1, sticky="ne", padx=(pad(0.5), 0))
        for label in (self.sheet_title, self.instructions):
            wrap_to_width(label)
        from .tooltip import add_tooltip
        add_tooltip(self.instructions_button, INSTRUCTIONS_TIP, 400)
        self.tally = TallySheet(sheet, app.theme, on_change=app.flow.entry_changed,
                                on_submit=app.flow.submit,
                                on_typed=lambda: app.message_over("entry"))
        self.tally.grid(row=2, column=0, sticky="nsew")
        self._build_bar(sheet)

    def _build_bar(self, sheet: ttk.Frame) -> None:
        """Below the sheet, shown only when it has something to say: a refusal, the
        question before an empty entry, or the wait for computer players thinking."""
        app, pad = self.app, self.app.theme.pad
        bar = ttk.Frame(sheet, padding=(0, pad(0.3), 0, 0))
        bar.columnconfigure(0, weight=1)
        self.bar = bar
        self.refusal_label = ttk.Label(bar, text="", style="Error.TLabel", justify="left",
                                       wraplength=pad(80))
        wrap_to_width(self.refusal_label)
        self.question, self.question_label, (self.no_button, self.yes_button) = self._notice(
            bar, ("No, go back  (Enter)", app.flow.confirm_no),
            ("Yes, submit nothing", app.flow.confirm_yes))
        self.waiting, self.waiting_label, (self.takeback_button,) = self._notice(
            bar, ("Take back my entry", app.flow.take_back_last))

    def _notice(self, bar: ttk.Frame, *buttons) -> tuple:
        """A highlighted part of the bar: a sentence wrapped to the bar's width, and under
        it, at the right, its buttons (text, command), so neither ever cuts the other."""
        pad = self.app.theme.pad
        frame = ttk.Frame(bar, style="Ask.TFrame", padding=pad(0.4))
        frame.columnconfigure(0, weight=1)
        label = ttk.Label(frame, text="", style="Ask.TLabel", justify="left")
        label.grid(row=0, column=0, columnspan=len(buttons) + 1, sticky="ew")
        wrap_to_width(label)
        made = []
        for column, (text, command) in enumerate(buttons, 1):
            button = ttk.Button(frame, text=text, command=command)
            button.grid(row=1, column=column, padx=(pad(0.5), 0), pady=(pad(0.3), 0))
            made.append(button)
        return frame, label, tuple(made)

    def show_bar(self, part: Optional[str], text: str = "") -> None:
        """Show one part of the bar below the sheet ("refusal", "question", "waiting"),
        or hide the bar (``None``)."""
        parts = {"refusal": self.refusal_label, "question": self.question,
                 "waiting": self.waiting}
        for name, widget in parts.items():
            if name == part:
                widget.grid(row=0, column=0, sticky="ew")
            else:
                widget.grid_remove()
        if part == "refusal":
            self.refusal_label.configure(text=text)
        elif part == "question":
            self.question_label.configure(text=text)
        elif part == "waiting":
            self.waiting_label.configure(text=text)
        if part is None:
            self.refusal_label.configure(text="")
            self.bar.grid_remove()
        else:
            self.bar.grid(row=3, column=0, sticky="ew")

    def show_instructions(self, text: str) -> None:
        """The instructions above the sheet, or none (``""``): the sheet takes their room."""
        self.instructions.configure(text=text)
        if text:
            self.instructions_row.grid(row=1, column=0, sticky="ew",
                                       pady=(self.app.theme.pad(0.1), self.app.theme.pad(0.3)))
        else:
            self.instructions_row.grid_remove()

    def dismiss_instructions(self) -> None:
        """"Hide tips": the instructions go for good (remembered in the settings)."""
        self.show_instructions("")
        self.app.prefs.update_settings(instructions_dismissed=True)
        if self.app.mode == Mode.ENTER:
            self.app.flow.focus_entry()

    def show_look(self, on: bool) -> None:
        """The seat chooser and the way back to the standings, after the game."""
        pad = self.app.theme.pad
        if on:
            self.look_choice.grid(row=0, column=1, sticky="e", padx=(pad(0.5), 0))
            self.standings_button.grid(row=0, column=2, sticky="e", padx=(pad(0.5), 0))
        else:
            self.look_choice.grid_remove()
            self.standings_button.grid_remove()

    def _build_side(self, main: ttk.Frame) -> None:
        from .board import BoardCanvas
        from .panels import PriceBoard, Reference, SeatPanel
        from .scroll import ScrolledFrame
        app, theme = self.app, self.app.theme
        # The column scrolls where the window is too short for everything in it (large
        # text, six players); it never cuts anything, and the board, first, stays in sight.
        self.side_area = ScrolledFrame(main)
        self.side_area.grid(row=0, column=1, sticky="nsew")
        side = self.side_area.inner
        side.columnconfigure(0, weight=1)
        self.board = BoardCanvas(side, theme,
                                 reduced_motion=lambda: app.settings.reduced_motion)
        self.board.grid(row=0, column=0, sticky="nsew", pady=(0, theme.pad(0.4)))
        self.seat_panel = SeatPanel(side, theme)
        self.seat_panel.grid(row=1, column=0, sticky="new")
        # Where the side panel is too short for two notebooks one above the other (large
        # text), one notebook holds the five pages with shorter tab names.
        self.compact = self._side_too_short()
        side.rowconfigure(2, weight=1)
        side.rowconfigure(3, weight=1)
        titles = ("Prices", "Chart", "Price moves", "Recipes", "Log") if self.compact else \
            ("Prices", "Price chart", "Price moves", "Production chart", "Game log")
        self.price_tabs = ttk.Notebook(side)
        self.price_tabs.grid(row=2, column=0, sticky="nsew", pady=theme.pad(0.4),
                             rowspan=2 if self.compact else 1)
        self.price_board = PriceBoard(self.price_tabs, theme)
        self.price_tabs.add(self.price_board, text=titles[0])
        # The chart's page asks for a chart's height only while it is shown, so that the
        # board keeps its room the rest of the time (``tab_changed``).
        self.chart_tab = ttk.Frame(self.price_tabs, height=1)
        self.chart_tab.pack_propagate(False)
        self.price_tabs.add(self.chart_tab, text=titles[1])
        if self.compact:
            self.reference = self.price_tabs
        else:
            self.reference = ttk.Notebook(side)
            self.reference.grid(row=3, column=0, sticky="nsew")
        self.reference_pages = Reference(self.reference, theme, titles=titles[2:4],
                                         lines=self.TAB_LINES)
        self.log_tab = ttk.Frame(self.reference)
        self.reference.add(self.log_tab, text=titles[4])
        for notebook in {self.price_tabs, self.reference}:
            notebook.bind("<<NotebookTabChanged>>", lambda e: self.tab_changed())
            notebook.configure(takefocus=1)
            notebook.enable_traversal()
        self.chart = None
        self.log_panel = None
        # The board is as tall as the column allows once the players and the tabs have
        # their room (the taller, the finer its moves), whatever the window's size.
        for widget in (self.side_area.canvas, self.seat_panel):
            widget.bind("<Configure>", lambda e: self._fit_board(), add="+")

    #: The lines of text a page of the notebooks below the players asks for (it scrolls
    #: the rest, or shows as many months as fit).
    TAB_LINES = 5

    def _fit_board(self) -> None:
        """Give the board the side column's height less what the players and the tabs
        ask for, within the board's least and most useful heights."""
        room = self.side_area.canvas.winfo_height()
        if room <= 1:
            return
        pad = self.app.theme.pad(0.4)
        below = self.seat_panel.winfo_reqheight() + self.price_tabs.winfo_reqheight() + pad * 3
        if not self.compact:
            below += self.reference.winfo_reqheight()
        board = self.board
        height = max(board.min_height(), min(board.max_height(), room - below))
        if int(board.cget("height")) != height:
            board.configure(height=height)

    def _side_too_short(self) -> bool:
        """Whether the board, six players and two notebooks of a few lines each cannot
        stand one above the other in the window's height."""
        app, theme = self.app, self.app.theme
        line = theme.line
        height = min(app.winfo_screenheight() - 40, max(app.winfo_height(), 500))
        room = height - line * 4 - theme.pad(3)         # menu bar, strip and status line
        players = (line + 8) * 7 + theme.pad(1)
        notebook = line * (self.TAB_LINES + 3) + theme.pad(1.5)
        return self.board.min_height() + players + notebook * 2 > room

    def _build_status(self) -> None:
        app = self.app
        status = ttk.Frame(app)
        status.grid(row=2, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self.message = ttk.Label(status, text="", style="Status.TLabel")
        self.message.grid(row=0, column=0, sticky="w")
        self.rules_label = ttk.Label(status, text="", style="Status.TLabel")
        self.rules_label.grid(row=0, column=1, sticky="e")
        self.rules_text = ""
        from .tooltip import add_tooltip
        add_tooltip(self.rules_label, lambda: self.rules_text, 400)
        self.status = status
        # again when the rules summary changes width, or a long message runs under it
        status.bind("<Configure>", lambda e: self._wrap_message())
        self.rules_label.bind("<Configure>", lambda e: self._wrap_message())

    def _wrap_message(self) -> None:
        """Wrap the status line in the room the rules summary beside it leaves (never cut);
        the summary itself wraps within two fifths of the line."""
        width = self.status.winfo_width()
        if width <= 1:
            width = self.app.winfo_width()
        pad = self.app.theme.pad
        rules_wrap = max(100, width * 2 // 5 - pad(2))
        if int(str(self.rules_label.cget("wraplength")) or 0) != rules_wrap:
            self.rules_label.configure(wraplength=rules_wrap)
        room = width - self.rules_label.winfo_reqwidth() - pad(3)
        self.message.configure(wraplength=max(100, room))

    def build_screens(self) -> None:
        """The full-window screens, laid over the body."""
        from . import screens
        app, t = self.app, self.app.theme
        flow, files = app.flow, app.files
        self.welcome = screens.Welcome(self.body, t, on_new=files.new_game,
                                       on_open=files.open_dialog, on_quick=files.quick_start,
                                       first_start=files.is_first_start)
        self.resume = screens.Resume(self.body, t, on_resume=files.resume_game,
                                     on_new=files.new_game, offers=files.resume_offers)
        self.cover = screens.Cover(self.body, t, on_ready=flow.cover_ready,
                                   on_take_back=flow.take_back_last)
        from .reveal import RevealScreen
        self.reveal = RevealScreen(self.body, t, on_continue=flow.continue_after_reveal,
                                   reduced_motion=lambda: app.settings.reduced_motion)
        from .ending import Ending
        self.ending = Ending(self.body, t, on_new=files.new_game, on_quit=files.quit_app,
                             on_look=flow.look_at_sheets,
                             reduced_motion=lambda: app.settings.reduced_motion)
        self.screens = (self.welcome, self.resume, self.cover, self.reveal, self.ending)

    def rebuild(self) -> None:
        """Build everything again (new font sizes), keeping the tabs and the resume text."""
        resume_text = self.resume.text.cget("text")
        log_shown = self.log_panel is not None and self.reference.select() == str(self.log_tab)
        chart_shown = self.chart is not None and \
            self.price_tabs.select() == str(self.chart_tab)
        for widget in (self.progress, self.body, self.status):
            widget.destroy()
        self.build()
        self.build_screens()
        self.resume.text.configure(text=resume_text)
        if log_shown:
            self.reference.select(self.log_tab)
        if chart_shown:
            self.price_tabs.select(self.chart_tab)

    # ------------------------------------------------------------- showing

    def show_screen(self, screen, mode: Mode, **shown) -> None:
        """Enter ``mode`` and lay ``screen`` over the body (``None``: the sheet itself);
        ``shown`` goes to the screen's ``show``."""
        self.app.change_mode(mode)
        for other in self.screens:
            if other is not screen:
                other.hide()
        if screen is not None:
            screen.show(**shown)

    def show_setup(self, rules) -> None:
        """A game's rules: the sheet's months, the recipes, the summary in the status bar."""
        from . import presenter as P
        self.tally.setup(rules.months, loans=rules.loans)
        self.reference_pages.show_recipes(rules.recipes)
        # the variations in a few words; the whole set-up on hover
        self.rules_label.configure(text=P.variations_summary(rules))
        self.rules_text = P.setup_summary(rules)
        self._wrap_message()

    def show_public(self, game, current: Optional[int] = None, *,
                    thinking: Sequence[int] = ()) -> None:
        """Redraw what everyone may see: the players panel, the board (the latest prices,
        last month's as ghosts), the table of prices, the chart."""
        from . import presenter as P
        from .. import ai
        view = game.view(0 if current is None else current)
        rows = P.seat_rows(view, current=current, personalities=ai.PERSONALITIES,
                           thinking=thinking)
        self.seat_panel.show(rows, loans=game.rules.loans,
                             computers=[s.is_computer for s in game.seats],
                             personalities=[ai.PERSONALITIES.get(s.personality or "")
                                            for s in game.seats])
        history = game.price_history()
        self.board.show(history)
        board_current = None if game.is_over else game.month
        self.price_board.show(P.price_board_rows(history, game.rules.months),
                              current=board_current)
        self.progress.show(P.progress(game.rules.months, game.month, game.phase))
        if self.chart is not None:
            self.chart.set_history(history)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """A short line in the status bar (problems in red)."""
        if not hasattr(self, "message"):
            return          # said while the window is still being built
        self.message.configure(text=text, style="StatusError.TLabel" if error else "Status.TLabel")
        self._wrap_message()

    def tab_changed(self) -> None:
        """Build the Price chart and Game log tabs the first time they are shown; the
        chart's page has a chart's height while shown, the board the rest."""
        app = self.app
        try:
            price_tab = self.price_tabs.select()
            ref_tab = self.reference.select()
        except tk.TclError:
            return
        em = app.theme.em
        if self.chart is None and price_tab == str(self.chart_tab):
            from .charts import PriceChart
            width, height = chart_tab_size(em)
            self.chart = PriceChart(self.chart_tab, width=width, height=height,
                                    title="Market prices")
            self.chart.pack(fill="both", expand=True)
            if app.session is not None:
                self.chart.set_history(app.session.game.price_history())
        chart_height = chart_tab_size(em)[1] if price_tab == str(self.chart_tab) else 1
        if int(self.chart_tab.cget("height")) != chart_height:
            self.chart_tab.configure(height=chart_height)
            self.price_tabs.update_idletasks()
            self._fit_board()
            self.side_area.fits()       # the column's content asks for more, or less
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
        self.seat_panel.add_tips()
        self.board.add_tips()
        board = self.price_board.tree
        tips.tree_tip(board, lambda row, column: tips.price_tip(
            column, board.set(row, "month") if row else "Opening") if row else "")
        from .tooltip import add_tooltip
        reveal = self.reveal
        for head in reveal.heads:
            add_tooltip(head, tips.REVEAL_HEADS["commodity"], 400)
        for name in ("money", "cash", "stock"):
            add_tooltip(getattr(reveal, f"{name}_head"), tips.REVEAL_HEADS[name], 400)


#: What "Hide tips" does, on hover.
INSTRUCTIONS_TIP = ("Hides these tips above the sheet; the first months' tips do not come "
                    "back. Help ▸ Quick guide and Help ▸ Rules (F1) say it all.")


def wrap_to_width(label: ttk.Label) -> None:
    """Wrap ``label``'s text to the width its column gives it.

    The label asks for no width of its own (``width=1``): a label that asked
    for the width it wraps to would feed its own size back into the grid,
    and two columns sharing the window could trade a pixel back and forth
    for ever.
    """
    label.configure(width=1)
    label.bind("<Configure>", lambda e: e.widget.configure(
        wraplength=max(100, e.width - 4)), add="+")
