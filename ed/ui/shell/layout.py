"""The main window's layout: the faces, the sheet, the board, the drawer and the status bar.

``MainWindow(app)`` builds, on the ``App`` (the Tk root), every widget of
the game window and switches the full-window screens.  It draws what it is
given (the rules set up, the public panels); it decides nothing about the
game.  The Price Level Board is the table: the largest thing on the screen,
beside the sheet, with the players as a row of faces above and the tables
one click away in a drawer below it.  Widget tree::

    App (Tk)
    ├── body (ttk.Frame)
    │   ├── top
    │   │   ├── seat_panel (SeatPanel)     the players: face, name, cash and ✓
    │   │   └── progress (ProgressStrip)   the months, played and to come
    │   ├── main
    │   │   ├── sheet (as wide as whole months): sheet_title, look_choice,
    │   │   │         standings_button, submit_button, instructions_row
    │   │   │         (instructions, instructions_button "Hide tips", while a newcomer
    │   │   │         needs them), tally (TallySheet), bar: refusal_label | question
    │   │   │         (no, yes) | waiting (take back)
    │   │   └── table: board (BoardCanvas: the Price Level Board, all the room left),
    │   │              drawer (Drawer: Prices | Chart | Price moves | Recipes | Log,
    │   │              closed until a tab is chosen; the page open is remembered)
    │   └── screens laid over everything: welcome, resume, cover, reveal, ending
    └── status: message, rules_label

Each named widget is an attribute of the ``MainWindow`` (``app.layout.tally``,
``app.layout.reveal``): the guide and the tests find them there.

The sheet takes as many whole months as fit in ``SHEET_SHARE`` of the
window's width (one at least, the month being played, and at most three)
and the board the rest.  The drawer's pages are built the first time they open, the reveal
the first time it is asked for.  Callbacks
go through the hub: the sheet and the screens call ``app.flow`` and
``app.files``, the drawer's pages ``app.extras``, ``app.menus`` and
``app.prefs``.  Imports: tkinter, the presenter, ``ed.ai`` (personality
names) and the widget modules (board, drawer, panels, tally, screens,
charts, gamelog, tips); never another part of the window.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Optional, Sequence

from ..widgets.theme import text_font
from .modes import Mode


def chart_tab_size(em: int, line: int):
    """The drawer's price chart, in pixels for a text size of ``em`` and lines of ``line``
    pixels: as wide as ``em * 46`` at first (then the drawer's width), as tall as the
    drawer's page inside its padding."""
    from ..screens.drawer import Drawer
    return em * 46, line * Drawer.PAGE_LINES


class MainWindow:
    """The game window's widgets (see the module docstring for the tree)."""

    #: The padding round a question or a wait in the bar below the sheet, in ems.
    NOTICE_PAD = 0.4

    def __init__(self, app) -> None:
        self.app = app
        self.chart = None        # the Price chart tab's chart, once built
        self.log_panel = None    # the Game log tab's panel, once built
        self.tips_held = False   # the guide is open: it says what the tips say

    # ------------------------------------------------------------ building

    def build(self) -> None:
        """The faces and the progress, the body (sheet, board, drawer) and the status bar."""
        app, theme = self.app, self.app.theme
        pad = theme.pad
        app.columnconfigure(0, weight=1)
        app.rowconfigure(1, weight=1)
        self.body = ttk.Frame(app)
        self.body.grid(row=1, column=0, sticky="nsew")
        self.body.columnconfigure(0, weight=1)
        self.body.rowconfigure(1, weight=1)
        self._build_top()
        main = ttk.Frame(self.body, padding=(pad(0.6), pad(0.3), pad(0.6), pad(0.4)))
        main.grid(row=1, column=0, sticky="nsew")
        main.columnconfigure(1, weight=1)
        main.rowconfigure(0, weight=1)
        self.main = main
        self._build_sheet(main)
        self._build_table(main)
        self._build_status()
        main.bind("<Configure>", lambda e: self._fit_sheet(), add="+")
        app.after_idle(self.add_tips)

    def _build_top(self) -> None:
        """The players' faces at the left, the months' progress in the rest of the line."""
        from ..screens.panels import SeatPanel
        from ..widgets.progress import ProgressStrip
        app, pad = self.app, self.app.theme.pad
        self.top = ttk.Frame(self.body, style="Strip.TFrame", padding=(pad(0.6), pad(0.3)))
        self.top.grid(row=0, column=0, sticky="ew")
        self.top.columnconfigure(1, weight=1)
        self.seat_panel = SeatPanel(self.top, app.theme)
        self.seat_panel.grid(row=0, column=0, sticky="w")
        self.progress = ProgressStrip(self.top, app.theme)
        self.progress.grid(row=0, column=1, sticky="ew", padx=(pad(0.6), 0))
        # the faces leave the progress strip at least a seventh of the line
        self.top.bind("<Configure>", lambda e: self.seat_panel.fit(
            e.width * 6 // 7 - pad(1.8)), add="+")

    def _build_sheet(self, main: ttk.Frame) -> None:
        from ..screens.tally import TallySheet
        app, pad = self.app, self.app.theme.pad
        sheet = ttk.Frame(main)
        sheet.grid(row=0, column=0, sticky="nsew", padx=(0, pad(self.SHEET_GAP)))
        self.sheet = sheet
        sheet.columnconfigure(0, weight=1)
        sheet.rowconfigure(2, weight=1)
        head = ttk.Frame(sheet)
        head.grid(row=0, column=0, sticky="ew")
        head.columnconfigure(0, weight=1)
        self.sheet_title = ttk.Label(head, text="", style="Heading.TLabel", wraplength=pad(60))
        self.sheet_title.grid(row=0, column=0, sticky="ew")
        self.look_var = tk.StringVar(app)
        # after the game, under the title (the sheet may be only a month wide)
        self.look_row = ttk.Frame(head)
        self.look_choice = ttk.Combobox(self.look_row, textvariable=self.look_var,
                                        state="readonly", width=12)
        self.look_choice.bind("<<ComboboxSelected>>", lambda e: app.flow.look_changed())
        self.look_choice.grid(row=0, column=0, padx=(0, pad(0.5)))
        self.standings_button = ttk.Button(self.look_row, text="Final standings",
                                           command=app.flow.back_to_standings)
        self.standings_button.grid(row=0, column=1)
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
        from ..widgets.tooltip import add_tooltip
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
        frame = ttk.Frame(bar, style="Ask.TFrame", padding=pad(self.NOTICE_PAD))
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
        if part is not None:
            self._wrap_bar_now(part)
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

    def _wrap_bar_now(self, part: str) -> None:
        """Wrap the words of ``part`` of the bar to the width it will have before it is
        shown (``wrap_to_width`` wraps them only once it is laid out): wrapped at a width
        of before, a sentence stood a moment as a tall column, the sheet above squeezed
        for that moment to a few rows, and the field with the keyboard scrolled into them."""
        room = self.bar.master.winfo_width()
        if room <= 1:
            return
        notice = self.app.theme.pad(self.NOTICE_PAD)
        label, inset = {"refusal": (self.refusal_label, 0),
                        "question": (self.question_label, notice),
                        "waiting": (self.waiting_label, notice)}[part]
        label.configure(wraplength=wrap_for(room - 2 * inset))

    def show_instructions(self, text: str) -> None:
        """The instructions above the sheet, or none (``""``): the sheet takes their room.

        Said as a sheet is shown, and left as they are until its entry is in: nothing
        above the fields appears, goes or changes size while a person types.  While the
        guide is open they are kept back (``hold_tips``): it says the same, a step at a
        time, and the sheet it frames keeps the room.
        """
        row = self.instructions_row
        if not row.grid_propagate():        # the room kept after "Hide tips" goes now
            row.grid_propagate(True)
            row.configure(width=0, height=0)
            self.instructions.grid()
            self.instructions_button.grid()
        self.instructions.configure(text=text)
        if text and not self.tips_held:
            row.grid(row=1, column=0, sticky="ew",
                     pady=(self.app.theme.pad(0.1), self.app.theme.pad(0.3)))
        else:
            row.grid_remove()

    def _typing(self) -> bool:
        """Whether a sheet's entry is being typed (or waits behind a question or a look at
        the last reveal): then nothing above its fields may move."""
        return self.app.mode in (Mode.ENTER, Mode.CONFIRM, Mode.PEEK)

    def hold_tips(self, held: bool, *, now: bool = False) -> None:
        """Keep the instructions back while the guide is open, and show them again after.

        While an entry is being typed the sheet stays as it is: the tips come back (or go)
        with the next sheet, unless ``now`` (the sheet is being shown this moment, before
        any key can reach it).
        """
        self.tips_held = held
        if now or not self._typing():
            self.show_instructions(str(self.instructions.cget("text")))

    def dismiss_instructions(self) -> None:
        """"Hide tips": the instructions go for good (remembered in the settings).  While an
        entry is being typed their words go and their room stays until the entry is in, so
        the fields stay where they are."""
        row = self.instructions_row
        if self._typing() and row.winfo_ismapped():
            row.configure(width=row.winfo_width(), height=row.winfo_height())
            row.grid_propagate(False)
            self.instructions.grid_remove()
            self.instructions_button.grid_remove()
        else:
            self.show_instructions("")
        self.app.prefs.update_settings(instructions_dismissed=True)
        if self.app.mode == Mode.ENTER:
            self.app.flow.focus_entry()

    def show_look(self, on: bool) -> None:
        """The seat chooser and the way back to the standings, after the game."""
        pad = self.app.theme.pad
        if on:
            self.look_row.grid(row=1, column=0, columnspan=4, sticky="w", pady=(pad(0.3), 0))
        else:
            self.look_row.grid_remove()

    def _build_table(self, main: ttk.Frame) -> None:
        """The board in all the room the sheet leaves, the drawer of tables below it."""
        from ..screens.board import BoardCanvas
        from ..screens.drawer import Drawer
        from ..screens.panels import Reference
        app, theme = self.app, self.app.theme
        table = ttk.Frame(main)
        table.grid(row=0, column=1, sticky="nsew")
        table.columnconfigure(0, weight=1)
        table.rowconfigure(0, weight=1)
        self.board = BoardCanvas(table, theme, reduced_motion=lambda: app.settings.reduced_motion)
        self.board.grid(row=0, column=0, sticky="nsew", pady=(0, theme.pad(0.3)))
        self.reference_pages = Reference(theme)
        self.drawer = Drawer(table, theme, {
            "prices": self._prices_page, "chart": self._chart_page,
            "calculator": self.reference_pages.calculator,
            "recipes": self.reference_pages.recipes_page, "log": self._log_page},
            on_change=self.drawer_changed, give_back=self._keys_back_from_drawer)
        self.drawer.grid(row=1, column=0, sticky="ew")
        # the board keeps the height its names and tokens need: the page gives up lines
        table.bind("<Configure>", lambda e: self._fit_drawer(e.height), add="+")
        self.reference = self.drawer        # what the guide frames for the reference pages
        self.price_board = None
        self.chart_tab = self.chart = None
        self.log_tab = self.log_panel = None
        shown = app.settings.drawer
        if shown:
            self.drawer.open(shown)

    def _fit_drawer(self, height: int) -> None:
        """The drawer's page in what the column's ``height`` leaves below the board."""
        board = self.board.min_height() + self.app.theme.pad(0.3)
        self.drawer.fit(height - board - self.drawer.strip.winfo_reqheight())

    #: The most of the window's width the sheet takes (in whole months), and the most
    #: months it shows (the month played and the two before it: the sheet scrolls back
    #: to earlier ones); the board has the rest.
    SHEET_SHARE = 0.46
    SHEET_MONTHS = 3
    #: The most the line of help beside the sheet widens (in widths of "0") where the
    #: sheet's share leaves room beside its months.
    HELP_MORE = 9

    def _fit_sheet(self) -> None:
        """Give the sheet as many whole months as fit in its share of the width (one at
        least, the month being played), and the board the rest."""
        tally = self.tally
        room = self.main.winfo_width()
        if room <= 1:
            return
        fixed = tally.width_for(0) + self.app.theme.pad(self.SHEET_GAP)
        share = room * self.SHEET_SHARE
        months = max(1, min(self.SHEET_MONTHS, int((share - fixed) // tally.col_w)))
        if tally.months:
            months = min(months, tally.months)
        # what the share leaves beside the months widens the line of help, up to a point
        more = max(0, min(int(share - fixed - months * tally.col_w),
                          self.app.theme.em * self.HELP_MORE))
        tally.room_for_help(tally.hint_least + more)
        width = fixed + months * tally.col_w + more
        if self.main.grid_columnconfigure(0, "minsize") != width:
            self.main.columnconfigure(0, minsize=width)

    #: The gap between the sheet and the board, in widths of "0".
    SHEET_GAP = 0.6

    # ------------------------------------------------------------ the drawer

    def _prices_page(self, master: ttk.Frame):
        from ..screens.panels import PriceBoard
        self.price_board = PriceBoard(master, self.app.theme)
        if self.app.session is not None:
            self.show_prices(self.app.session.game)
        if getattr(self, "_tips_on", False):
            self._tip_prices()
        return self.price_board

    def _chart_page(self, master: ttk.Frame):
        from ..widgets.charts import PriceChart
        app = self.app
        self.chart_tab = ttk.Frame(master)
        width, height = chart_tab_size(app.theme.em, app.theme.line)
        self.chart = PriceChart(self.chart_tab, width=width, height=height,
                                title="Market prices")
        self.chart.pack(fill="both", expand=True)
        if app.session is not None:
            self.chart.set_history(app.session.game.price_history())
        return self.chart_tab

    def _log_page(self, master: ttk.Frame):
        from ..screens.gamelog import GameLogPanel
        app = self.app
        self.log_tab = ttk.Frame(master)
        self.log_panel = GameLogPanel(self.log_tab, height=self.drawer.PAGE_LINES - 1, width=40)
        self.log_panel.pack(fill="both", expand=True)
        app.menus.bind_context(self.log_panel.text, app.menus.log_menu(self.log_panel))
        self.drawer.bind_escape(self.log_panel.text)
        app.extras.refresh_log()
        return self.log_tab

    def drawer_changed(self, shown: str) -> None:
        """A page opened (or the drawer closed): the View menu says so, and it is
        remembered for the next time."""
        app = self.app
        app.menus.drawer_var.set(shown)
        if app.settings.drawer != shown:
            app.prefs.update_settings(drawer=shown)

    def show_prices(self, game) -> None:
        """The table of prices, if its page has been built."""
        from .. import presenter as P
        if self.price_board is not None:
            self.price_board.show(P.price_board_rows(game.price_history(), game.rules.months),
                                  current=None if game.is_over else game.month)

    def _build_status(self) -> None:
        app = self.app
        status = ttk.Frame(app)
        status.grid(row=2, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self.message = ttk.Label(status, text="", style="Status.TLabel")
        self.message.grid(row=0, column=0, sticky="w")
        self.message_text = ""         # the whole message; the line may show it shortened
        self.message_is_error = False
        self.rules_label = ttk.Label(status, text="", style="Status.TLabel")
        self.rules_label.grid(row=0, column=1, sticky="e")
        self.rules_text = ""
        self.rules_short = ""          # the variations in a few words, before any shortening
        from ..widgets.tooltip import add_tooltip
        add_tooltip(self.rules_label, lambda: self.rules_text, 400)
        add_tooltip(self.message, lambda: self.message_text
                    if self.message.cget("text") != self.message_text else "", 400)
        self.status = status
        # again when the window changes width
        status.bind("<Configure>", lambda e: self._fit_status())

    def _fit_status(self) -> None:
        """One line, always: the variations within two fifths of it, the message in the
        room they leave, each shortened at a word where it must be (whole on hover).  A
        status line of two lines would take its room from the sheet.  An error has the
        whole line (the variations wait) and keeps every word that fits, so that what to
        do is read without hovering as far as the line allows."""
        width = self.status.winfo_width()
        if width <= 1:
            width = self.app.winfo_width()
        pad = self.app.theme.pad
        error = self.message_is_error and bool(self.message_text)
        rules = one_line(self.rules_label, "" if error else self.rules_short,
                         max(100, width * 2 // 5 - pad(2)))
        beside = self._text_width(self.rules_label, rules) if rules else \
            self.rules_label.winfo_reqwidth()          # an empty label keeps its padding
        edges = self.message.winfo_reqwidth() - text_font(self.message).measure(
            self.message.cget("text"))                 # the message label's own padding
        room = width - beside - max(0, edges) - pad(3)
        one_line(self.message, self.message_text, max(100, room), by_sentence=not error)

    def _text_width(self, label: ttk.Label, text: str) -> int:
        return text_font(label).measure(text) + 2 * self.app.theme.em

    def _keys_back_from_drawer(self, widget: tk.Misc) -> None:
        """A drawer tab clicked: the keyboard back to ``widget``, a field of the sheet with
        its text and cursor as they were."""
        if widget in self.tally.fields():
            self.tally.give_back(widget)
        else:
            widget.focus_set()

    def build_screens(self) -> None:
        """The full-window screens, laid over the body."""
        from ..screens import covers as screens
        app, t = self.app, self.app.theme
        flow, files = app.flow, app.files
        self.welcome = screens.Welcome(self.body, t, on_new=files.new_game,
                                       on_open=files.open_dialog, on_quick=files.quick_start,
                                       first_start=files.is_first_start)
        self.resume = screens.Resume(self.body, t, on_resume=files.resume_game,
                                     on_new=files.new_game, offers=files.resume_offers)
        self.cover = screens.Cover(self.body, t, on_ready=flow.cover_ready,
                                   on_take_back=flow.take_back_last)
        from ..screens.ending import Ending
        self.ending = Ending(self.body, t, on_new=files.new_game, on_quit=files.quit_app,
                             on_look=flow.look_at_sheets,
                             reduced_motion=lambda: app.settings.reduced_motion)
        self._screens = [self.welcome, self.resume, self.cover, self.ending]
        self._reveal = None     # built the first time it is asked for (``reveal``)

    @property
    def screens(self) -> tuple:
        """The full-window screens built so far."""
        return tuple(self._screens)

    @property
    def reveal(self):
        """The reveal screen, built the first time it is asked for: a game's first phase
        makes it ready out of sight (``Flow.warm_reveal``), and a window that never
        shows one (a dialog, the welcome screen, a game opened at its end) never builds it."""
        if self._reveal is None:
            from ..screens.reveal import RevealScreen
            app = self.app
            self._reveal = RevealScreen(self.body, app.theme,
                                        on_continue=app.flow.continue_after_reveal,
                                        reduced_motion=lambda: app.settings.reduced_motion)
            self._screens.append(self._reveal)
            if getattr(self, "_tips_on", False):
                self._tip_reveal()
        return self._reveal

    def rebuild(self) -> None:
        """Build everything again (new font sizes), keeping the resume text, the drawer's
        page and where each scrolling part was scrolled to."""
        resume_text = self.resume.text.cget("text")
        self._kept = self._scrolled_to()
        for widget in (self.body, self.status):
            widget.destroy()
        # the old widgets' images and variables are let go here, on the window's thread:
        # left to the collector, they could be freed on a computer player's thread, which
        # may not call Tk
        import gc
        gc.collect()
        self.build()
        self.build_screens()
        self.resume.text.configure(text=resume_text)

    def _scrolled_to(self) -> dict:
        """Where the sheet and the drawer's pages are scrolled to now."""
        kept = {"sheet": self.tally.body.yview()[0]}
        if self.price_board is not None:
            kept["prices"] = (self.price_board.last, self.price_board.newest)
        if self.log_panel is not None:
            kept["log"] = self.log_panel.text.yview()[0]
        kept["pages"] = [page.canvas.yview()[0] for page in self.reference_pages.pages]
        return kept

    def restore_scrolling(self) -> None:
        """After the moment of the game is shown again in rebuilt widgets: every part
        scrolled as it was before the text size changed."""
        kept, self._kept = getattr(self, "_kept", None), None
        if not kept:
            return
        self.app.update_idletasks()
        self.tally.body.yview_moveto(kept["sheet"])
        if self.price_board is not None and "prices" in kept:
            last, newest = kept["prices"]
            if newest == self.price_board.newest:
                self.price_board.last = last
                self.price_board.scrolled("scroll", 0, "units")
        if self.log_panel is not None and "log" in kept:
            self.log_panel.text.yview_moveto(kept["log"])
        for page, where in zip(self.reference_pages.pages, kept["pages"]):
            page.canvas.yview_moveto(where)

    # ------------------------------------------------------------- showing

    def keyboard_reaches(self, path: str) -> bool:
        """Whether Tab may take the keyboard to the widget ``path``: anywhere, save the
        game beneath a screen on show (only the screen itself, and what lies outside the
        body, the status line and the guide, stay in reach)."""
        body = str(self.body)
        if not path.startswith(body + "."):
            return True
        for screen in getattr(self, "screens", ()):
            if screen.shown:
                name = str(screen)
                return path == name or path.startswith(name + ".")
        return True

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
        from .. import presenter as P
        self.tally.setup(rules.months, loans=rules.loans)
        self._fit_sheet()
        self.reference_pages.show_recipes(rules.recipes)
        # the variations in a few words; the whole set-up on hover
        self.rules_short = P.variations_summary(rules)
        self.rules_text = P.setup_summary(rules)
        self._fit_status()

    def show_public(self, game, current: Optional[int] = None, *,
                    thinking: Sequence[int] = ()) -> None:
        """Redraw what everyone may see: the players panel, the board (the latest prices,
        last month's as ghosts), the table of prices, the chart."""
        from .. import presenter as P
        from ... import ai
        view = game.view(0 if current is None else current)
        rows = P.seat_rows(view, current=current, personalities=ai.PERSONALITIES,
                           thinking=thinking)
        self.seat_panel.show(rows, loans=game.rules.loans,
                             computers=[s.is_computer for s in game.seats],
                             personalities=[ai.PERSONALITIES.get(s.personality or "")
                                            for s in game.seats])
        history = game.price_history()
        self.board.show(history)
        self.show_prices(game)
        self.progress.show(P.progress(game.rules.months, game.month, game.phase))
        if self.chart is not None:
            self.chart.set_history(history)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """A short line in the status bar (problems in red)."""
        if not hasattr(self, "message"):
            return          # said while the window is still being built
        self.message_text = text
        self.message_is_error = error
        self.message.configure(style="StatusError.TLabel" if error else "Status.TLabel")
        self._fit_status()

    # ------------------------------------------------------------ tooltips

    def add_tips(self) -> None:
        """Tooltips on every number and field (after the window is up, so start-up stays quick)."""
        try:
            self.tally.add_tips()
        except tk.TclError:
            return
        self.seat_panel.add_tips()
        self.board.add_tips()
        self._tips_on = True
        if self.price_board is not None:
            self._tip_prices()
        from ..widgets.tooltip import add_tooltip
        add_tooltip(self.progress.canvas, lambda: self.progress.about, 400)
        if self._reveal is not None:
            self._tip_reveal()

    def _tip_reveal(self) -> None:
        from ..presenter import tips
        from ..widgets.tooltip import add_tooltip
        reveal = self._reveal
        for head in reveal.heads:
            add_tooltip(head, tips.REVEAL_HEADS["commodity"], 400)
        for name in ("money", "cash", "stock"):
            add_tooltip(getattr(reveal, f"{name}_head"), tips.REVEAL_HEADS[name], 400)


    def _tip_prices(self) -> None:
        from ..presenter import tips
        from ..widgets.tooltip import tree_tip
        board = self.price_board.tree
        tree_tip(board, lambda row, column: tips.price_tip(
            column, board.set(row, "month") if row else "Opening") if row else "")


#: What "Hide tips" does, on hover.
INSTRUCTIONS_TIP = ("Hides these tips above the sheet; the first months' tips do not come "
                    "back. Help ▸ Quick guide and Help ▸ Rules (F1) say it all.")


def one_line(label: ttk.Label, text: str, room: int, *, by_sentence: bool = True) -> str:
    """Show ``text`` on ``label`` in one line of at most ``room`` pixels: whole sentences
    (unless not ``by_sentence``), then whole words dropped from its end (an ellipsis says
    so); returns what is shown."""
    from ..presenter.voices import ELLIPSIS, shorten
    font = text_font(label)
    shown = text
    if font.measure(text) > room:    # shortened, and an ellipsis says so even after a sentence
        shown = shorten(text, lambda t: font.measure(
            t if t.endswith(ELLIPSIS) else t + " " + ELLIPSIS) <= room, by_sentence=by_sentence)
        if shown and not shown.endswith(ELLIPSIS):
            shown += " " + ELLIPSIS
    if text and not shown:           # not even one word fits: its start, cut
        shown = text
        while len(shown) > 1 and font.measure(shown + "…") > room:
            shown = shown[:-1]
        shown += "…"
    if label.cget("text") != shown:
        label.configure(text=shown)
    return shown


def wrap_to_width(label: ttk.Label) -> None:
    """Wrap ``label``'s text to the width its column gives it.

    The label asks for no width of its own (``width=1``): a label that asked
    for the width it wraps to would feed its own size back into the grid,
    and two columns sharing the window could trade a pixel back and forth
    for ever.
    """
    label.configure(width=1)
    # one pixel wide is the width it asks for, before its column gives it its own: wrapped
    # to that, a sentence would stand for a moment as a column many lines tall
    label.bind("<Configure>", lambda e: e.width > 1 and e.widget.configure(
        wraplength=wrap_for(e.width)), add="+")


def wrap_for(width: int) -> int:
    """The wrap length of a label ``width`` pixels wide (``wrap_to_width``)."""
    return max(100, width - 4)
