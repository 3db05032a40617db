"""The extra windows beside the game: price history, game log, ledger,
statistics, rules, the guided first game, quick guide and About.

``ExtraWindows(app)`` opens each of them from the menus, brings forward the
one already open instead of opening it twice (``app.windows`` holds the
open ones by name: prices, log, ledger, statistics, rules, preferences,
guide, replay), and keeps the price, ledger and log windows current after every
reveal.  The windows themselves live in their own modules (charts,
gamelog, ledger, stats, rules_help, tour), imported on first use so
start-up stays quick.  Trees::

    prices (Toplevel): chart (PriceChart), a line on how to read it
    log (Toplevel):    panel (GameLogPanel)

The game log shows revealed phases only, never an entry still secret.
Imports: tkinter and those window modules; other parts of the window only
through the hub (``app.layout``, ``app.flow``, ``app.menus``).
"""
from __future__ import annotations

import tkinter as tk

from .modes import Mode


def fit_to_screen(window) -> None:
    """Keep a window within the screen's usable area at any text size (see ``placement``):
    no wider or taller than it, and long one-line labels wrapped to the width left
    (tables and texts scroll)."""
    from tkinter import ttk

    from ..widgets.placement import menu_height, usable_size
    try:
        window.update_idletasks()
        room_w, room_h = usable_size(window)
        most_w, most_h = room_w - 20, room_h - menu_height(window)
        width, height = window.winfo_reqwidth(), window.winfo_reqheight()
        if window.winfo_ismapped():
            width, height = max(width, window.winfo_width()), max(height, window.winfo_height())
        if width <= most_w and height <= most_h:
            return
        width, height = min(width, most_w), min(height, most_h)
        stack = list(window.winfo_children())
        while stack:
            widget = stack.pop()
            stack.extend(widget.winfo_children())
            if isinstance(widget, ttk.Label) and widget.winfo_reqwidth() > width - 40 \
                    and not int(str(widget.cget("wraplength") or 0) or 0):
                widget.configure(wraplength=width - 40)
        x = max(0, min(window.winfo_rootx(), room_w - width))
        y = max(0, min(window.winfo_rooty(), most_h - height))
        window.geometry(f"{width}x{height}+{x}+{y}")
    except tk.TclError:
        pass


class ExtraWindows:
    """The windows opened from the View and Help menus (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.tour = None            # the guided first game, while it is open
        self.tour_waiting = False   # the guide waits for the first sheet on screen

    def open_window(self, name: str):
        """The extra window ``name`` if it is open, else ``None``."""
        window = self.app.windows.get(name)
        try:
            if window is not None and window.winfo_exists():
                return window
        except tk.TclError:
            pass
        self.app.windows.pop(name, None)
        return None

    @staticmethod
    def raise_window(window) -> None:
        fit_to_screen(window)
        window.deiconify()
        window.lift()
        window.focus_set()

    def refresh_windows(self) -> None:
        """After a reveal: the open price, ledger and log windows show it too."""
        prices = self.open_window("prices")
        if prices is not None and self.app.session is not None:
            prices.chart.set_history(self.app.session.game.price_history())
        ledger = self.open_window("ledger")
        if ledger is not None:
            ledger.refresh()

    # ------------------------------------------------ prices, log, ledger

    def show_price_history(self) -> None:
        """View ▸ Price history: the six market prices month by month in a window."""
        app = self.app
        window = self.open_window("prices")
        if window is None:
            from tkinter import ttk
            from ..widgets.charts import PriceChart
            window = tk.Toplevel(app)
            window.title("Price history")
            em = app.theme.em
            width, height = price_history_size(em, app.theme.line, app.winfo_screenwidth(),
                                               app.winfo_screenheight())
            window.chart = PriceChart(window, width=width, height=height)
            window.chart.pack(fill="both", expand=True, padx=em, pady=(em, 0))
            ttk.Label(window, style="Muted.TLabel", wraplength=width, justify="left",
                      text="Raw materials: solid lines, filled markers. Finished goods: dashed "
                           "lines, hollow markers. Point at a marker, or use the arrow keys "
                           "in the chart, for the exact price. Escape closes.").pack(
                fill="x", padx=em, pady=em)
            window.bind("<Escape>", lambda e: window.destroy())
            app.windows["prices"] = window
        window.chart.set_history(app.session.game.price_history() if app.session else [])
        self.raise_window(window)
        window.chart.canvas.focus_set()

    def show_game_log(self) -> None:
        """View ▸ Game log: the log in a window of its own, reachable at any moment."""
        app = self.app
        window = self.open_window("log")
        if window is None:
            from ..screens.gamelog import GameLogPanel
            window = tk.Toplevel(app)
            window.title("Game log")
            em = app.theme.em
            window.geometry(f"{em * 80}x{em * 40}")
            window.panel = GameLogPanel(window, height=20, width=70)
            window.panel.pack(fill="both", expand=True, padx=em, pady=em)
            app.menus.bind_context(window.panel.text, app.menus.log_menu(window.panel))
            window.bind("<Escape>", lambda e: window.destroy())
            app.windows["log"] = window
        self.refresh_log()
        self.raise_window(window)
        window.panel.text.focus_set()

    def log_lines(self) -> list:
        """The game log: every revealed phase in sentences (never an unrevealed entry)."""
        session = self.app.session
        if session is None:
            return []
        from ..presenter.gamelog import log_lines
        game = session.game
        return log_lines(game.history, game.names, session.revealed_explanations)

    def _log_panels(self) -> list:
        panel = self.app.layout.log_panel
        panels = [panel] if panel is not None else []
        window = self.open_window("log")
        if window is not None:
            panels.append(window.panel)
        return panels

    def refresh_log(self) -> None:
        """The Game log tab and window, if built, show every phase revealed so far."""
        panels = self._log_panels()
        if not panels:
            return
        lines = self.log_lines() or ["Nothing has been revealed yet."]
        for panel in panels:
            if panel.lines != lines:
                panel.set_lines(lines)
                panel.show_end()

    def show_ledger(self) -> None:
        """View ▸ Ledger…: any seat's month-by-month ledger from revealed phases."""
        app = self.app
        if app.session is None:
            app.show_message("There is no game yet: the ledger opens once one has begun.")
            return
        window = self.open_window("ledger")
        if window is None:
            from ..screens.ledger import LedgerWindow
            seat = app.flow.current_seat or 0
            window = LedgerWindow(app, lambda: app.session.game, seat,
                                  folders=app.files.folders())
            app.menus.bind_context(window.tree, lambda menu: menu.add_command(
                label="Copy", command=window.copy))
            app.windows["ledger"] = window
        else:
            window.refresh()
        self.raise_window(window)
        window.tree.focus_set()

    # --------------------------------------------------------- statistics

    def record_statistics(self, game) -> None:
        """Count a finished game in the record of play (once: a game is recognised again),
        and say what could not be kept: the game's own save first, when it failed."""
        from ...saves import record as stats
        session = self.app.session
        unsaved = session.save_problem if session is not None else None
        try:
            record, problem = stats.record_finished_game(self.app.folder, game)
            self.app.note_games_finished(record["games_played"])
        except OSError as error:
            reason = (error.strerror or "the disk refused it").rstrip(".")
            kept = " either." if unsaved else "; the game itself is kept in its save."
            problem = f"The record of play could not be saved ({reason.lower()}){kept}"
        said = " ".join(sentence for sentence in (unsaved, problem) if sentence)
        if said:
            self.app.show_message(said, error=True)

    def show_statistics(self) -> None:
        """Help ▸ Statistics: games played, wins by level and player count, best profit."""
        from ...saves import record as stats
        app = self.app
        record, problem = stats.load_stats(app.folder)
        if problem:
            app.show_message(problem, error=True)
        window = self.open_window("statistics")
        if window is None:
            from ..screens.stats import StatisticsWindow
            window = StatisticsWindow(app, record)
            app.windows["statistics"] = window
        else:
            window.set_stats(record)
        self.raise_window(window)

    # --------------------------------------------------------------- help

    def show_rules(self) -> None:
        """Help ▸ Rules (F1): the rules, searchable, in a window beside the game."""
        from ..screens import rules_help
        self.app.windows["rules"] = rules_help.show(self.app)

    def offer_tour(self) -> None:
        """Start the guide if it waits for a sheet and one is being entered now (at once in
        a solo game, after the "Pass to …" cover when people share the screen); it is
        offered once, at the first start."""
        if self.tour_waiting and self.app.mode == Mode.ENTER:
            self.tour_waiting = False
            # the tips it holds back go with the sheet's first drawing, not under the keys
            self.app.layout.hold_tips(True, now=True)
            if not self.app.settings.first_run_done:
                self.app.prefs.update_settings(first_run_done=True)
            self.app.after_idle(self.start_tour)

    def start_tour(self) -> None:
        """Help ▸ Guided first game: month 1 walked through, with Next and Skip."""
        if self.tour is not None and self.tour.shown:
            self.tour.focus()
            return
        from ..screens.tour import Tour
        if self.app.mode in (Mode.WELCOME, Mode.RESUME):
            # no sheet yet, nothing of one to frame: the guide comes with the first sheet,
            # and from the first screen that is the quick start's, a game begun for it
            self.tour_waiting = True
            if self.app.mode == Mode.WELCOME and self.app.dialog is None:
                self.app.files.quick_start()
            else:
                self.app.show_message("The guide begins on your first sheet.", until="tour")
            return
        if self.app.mode not in (Mode.ENTER, Mode.LOOK):
            self.app.show_message("The guide frames the parts of your tally sheet; it is "
                                  "clearest while you are entering a month.", until="tour")
        self.app.layout.hold_tips(True)
        self.tour = Tour(self.app, on_close=self._tour_closed)

    def _tour_closed(self) -> None:
        self.tour = None
        self.app.layout.hold_tips(False)
        self.app.message_over("tour")
        # The guide's own window had the keyboard; without this the focus may go
        # nowhere (some window managers, and none at all, do not hand it back).
        self.app.focus_force()
        if self.app.mode == Mode.ENTER:
            self.app.flow.focus_entry()
        # an Enter pressed twice on Finish: the second is not for the sheet beneath
        self.app.flow.screen_changed()

    def show_guide(self) -> None:
        """Help ▸ Quick guide: the game on one page, in a window of its own."""
        self._show_closable("guide", GuideWindow)

    def show_about(self) -> None:
        """Help ▸ About: the game's name, version, origin and licence in a small window."""
        self._show_closable("about", AboutWindow)

    def _show_closable(self, name: str, make) -> None:
        """The window ``name`` brought forward (made with ``make(app)`` if it is not open),
        its Close button holding the keyboard (asked for, so taken even where the window
        manager, or none, would leave the keyboard with the main window)."""
        window = self.open_window(name)
        if window is None:
            window = make(self.app)
            self.app.windows[name] = window
        self.raise_window(window)
        window.close_button.focus_force()


class AboutWindow(tk.Toplevel):
    """Help ▸ About: a few lines and a Close button; Enter and Escape close it.

        AboutWindow (tk.Toplevel)
        +-- name_label, version_label, origin_label, licence_label
        +-- close_button
    """

    ORIGIN = ("Sid Sackson's business game Executive Decision, published by 3M in 1971. "
              "This is an unofficial fan version, not affiliated with or endorsed by 3M or "
              "any later publisher.")
    LICENCE = "Free software under the MIT licence (see the LICENSE file)."

    def __init__(self, app) -> None:
        from tkinter import ttk

        from ... import __version__
        super().__init__(app)
        self.title("About Executive Decision")
        self.transient(app)
        self.resizable(False, False)
        em = app.theme.em
        frame = ttk.Frame(self, padding=(em * 2, em * 3 // 2))
        frame.pack(fill="both", expand=True)
        wrap = em * 36
        self.name_label = ttk.Label(frame, text="Executive Decision", style="Title.TLabel")
        self.version_label = ttk.Label(frame, text=f"Version {__version__}",
                                       style="Muted.TLabel")
        self.origin_label = ttk.Label(frame, text=self.ORIGIN, wraplength=wrap, justify="left")
        self.licence_label = ttk.Label(frame, text=self.LICENCE, wraplength=wrap,
                                       justify="left", style="Muted.TLabel")
        self.close_button = ttk.Button(frame, text="Close", command=self.destroy)
        self.name_label.grid(row=0, column=0, sticky="w")
        self.version_label.grid(row=1, column=0, sticky="w")
        self.origin_label.grid(row=2, column=0, sticky="w", pady=(em, em // 2))
        self.licence_label.grid(row=3, column=0, sticky="w")
        self.close_button.grid(row=4, column=0, sticky="e", pady=(em * 3 // 2, 0))
        for key in ("<Return>", "<KP_Enter>", "<Escape>"):
            self.bind(key, lambda e: self.destroy())

    def texts(self) -> list:
        """What the window says, line by line (for tests)."""
        return [label.cget("text") for label in (self.name_label, self.version_label,
                                                 self.origin_label, self.licence_label)]


#: The quick guide: (heading, paragraph) pairs.
#: the least height of View ▸ Price history's chart, in ems
PRICE_HISTORY_LEAST_EM = 16


def price_history_size(em: int, line: int, screen_width: int, screen_height: int):
    """View ▸ Price history's chart: as large as the screen allows beside the words below
    it, at any text size (``em`` and ``line`` in pixels)."""
    width = min(em * 80, screen_width - 4 * em)
    height = min(em * 40, screen_height - 10 * line)
    return width, max(em * PRICE_HISTORY_LEAST_EM, height)


GUIDE = (
    ("The game", None),
    ("", "A business game by Sid Sackson for 2 to 6 players. Whoever has the most cash after "
         "the last month wins. Raw materials still in stock then are sold to the Broker at "
         "their last price."),
    ("Each month", None),
    ("Buying", "Every player secretly orders raw materials (X-Fine, Fine, Standard): how many "
               "units and a bid per unit. When all orders are in they are revealed together; "
               "each grade's price moves with the units everyone ordered, and a bid at or above "
               "the new price buys."),
    ("Selling", "Every player secretly offers finished goods (A, B, C) made from the stock: how "
                "many units and an asking price. An ask at or below the new price sells, and "
                "only goods sold use up materials."),
    ("Your tally sheet", None),
    ("", "Type your entry in this month's column; what it would pay or bring and the cash "
         "left are pencilled in below as you type. The help beside the fields shows the "
         "minimum bid (the price if only you ordered), what you can "
         "make and the highest useful ask, and in red anything the rules do not allow. Enter "
         "submits. Until the last player is in, the button on the next cover (or on the wait) "
         "takes your entry back. An empty entry is asked about first."),
    ("Around it", None),
    ("", "Along the top, each player's face with their cash (point at it for the stock), "
         "and a strip of two cells a month, buying and selling, the one being played dark. On "
         "the right: the Price Level Board (a token per commodity at its price, last month's "
         "place faint behind it), and, a click away, the prices month by month, a chart "
         "of them, how far prices move, the production chart and the game log. All of it is "
         "public."),
    ("The reveal", None),
    ("", "After each phase every entry turns over, commodity by commodity: the units add up, "
         "the price moves on the board, and each row shows what came of it. Enter shows it "
         "all at once, then goes on; a click on a row tells what that player thought. "
         "Ctrl+L shows the last reveal again."),
    ("Keys", None),
    ("", "Enter: go on or submit. Escape: back. Tab: the next field. Ctrl+A: select a field. "
         "Ctrl+plus and Ctrl+minus: larger or smaller text. F1: the rules."),
)


class GuideWindow(tk.Toplevel):
    """The quick guide, formatted, scrolling, closed with Escape or its button.

        GuideWindow (tk.Toplevel)
        +-- text (tk.Text, read-only), scroll
        +-- close_button
    """

    def __init__(self, app) -> None:
        from tkinter import ttk
        super().__init__(app)
        self.title("Quick guide")
        self.transient(app)
        em = app.theme.em
        frame = ttk.Frame(self, padding=em)
        frame.pack(fill="both", expand=True)
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        lines = min(26, max(12, (app.winfo_screenheight() - 160) // max(1, app.theme.line)))
        self.text = tk.Text(frame, wrap="word", width=66, height=lines, font="EDBody",
                            relief="flat", padx=em, pady=em, background="#fffdf4",
                            highlightthickness=0, cursor="arrow")
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set)
        self.text.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        self.text.tag_configure("title", font="EDHeading", spacing1=em // 2, spacing3=em // 2)
        self.text.tag_configure("lead", font="EDBold")
        self.text.tag_configure("para", spacing3=em // 2)
        for heading, paragraph in GUIDE:
            if paragraph is None:
                self.text.insert("end", heading + "\n", ("title",))
                continue
            if heading:
                self.text.insert("end", heading + ": ", ("lead", "para"))
            self.text.insert("end", paragraph + "\n", ("para",))
        self.text.configure(state="disabled")
        self.close_button = ttk.Button(frame, text="Close", command=self.destroy)
        self.close_button.grid(row=1, column=0, columnspan=2, sticky="e", pady=(em, 0))
        self.bind("<Escape>", lambda e: self.destroy())
        self.bind("<Return>", lambda e: self.destroy())

    def get_text(self) -> str:
        return self.text.get("1.0", "end-1c")
