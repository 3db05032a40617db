"""The menu bar, its keyboard shortcuts and the right-click menus.

``Menus(app)`` builds::

    menubar
    ├── Game: New game…, Open…, Save As…, Take back my entry, Replay a saved game…,
    │         Print tally sheet…, Preferences…, Quit
    ├── View: Last reveal, Price history, Game log, Ledger…,
    │         the drawer's pages (Prices, Chart, Price moves, Recipes, Log: Ctrl+1 to 5),
    │         Text size ▸ (Larger, Smaller, Reset), Reveal pacing ▸, Reduced motion
    ├── Help: Rules (F1), Guided first game, Quick guide, Statistics, About
    └── on macOS, the application menu: About, and Preferences and Quit
        where a Mac user looks for them

Every shortcut is bound on the whole application and does nothing while
the new-game dialog is open.  A pass-and-play cover does nothing but pass
the laptop: what shows the game (Print, the View windows and the drawer's
pages) does nothing while one is up, item or shortcut (Ctrl+E opened the
previous person's ledger over it).  Right-click menus: the tally sheet
(Ledger, Print, Price history, Game log) and every game log (Copy the whole
log).  Each item calls an action of another part through the hub
(``app.files``, ``app.flow``, ``app.extras``, ``app.prefs``); nothing here
decides anything.  Imports: tkinter and the window's modes.
"""
from __future__ import annotations

import tkinter as tk

from .modes import Mode


class Menus:
    """The menu bar and the context menus (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.aqua = app.tk.call("tk", "windowingsystem") == "aqua"
        # The modifier as Tk names it, and as the menus show it.
        self.mod, self.shown = ("Command", "Cmd") if self.aqua else ("Control", "Ctrl")

    def build(self) -> None:
        app = self.app
        self.menubar = tk.Menu(app)
        if self.aqua:
            self.app_menu = tk.Menu(self.menubar, name="apple")
            self.menubar.add_cascade(menu=self.app_menu)
            self.app_menu.add_command(label="About Executive Decision",
                                      command=app.extras.show_about)
            self.app_menu.add_separator()
            app.createcommand("tk::mac::ShowPreferences", app.prefs.show_preferences)
            app.createcommand("tk::mac::Quit", app.files.quit_app)
        self.game_menu = tk.Menu(self.menubar)
        self.view_menu = tk.Menu(self.menubar)
        self.help_menu = tk.Menu(self.menubar, name="help")
        self.menubar.add_cascade(label="Game", menu=self.game_menu, underline=0)
        self.menubar.add_cascade(label="View", menu=self.view_menu, underline=0)
        self.menubar.add_cascade(label="Help", menu=self.help_menu, underline=0)
        self._build_game()
        self._build_view()
        self._build_help()
        app.configure(menu=self.menubar)

    def _item(self, menu, label, command, key=None, shown_key=None, keys=()) -> None:
        """A menu item, with its accelerator shown and its shortcuts bound."""
        accelerator = f"{self.shown}+{shown_key or key.upper()}" if key else ""
        menu.add_command(label=label, command=command, accelerator=accelerator)
        for sequence in ((f"<{self.mod}-{key}>",) if key else ()) + tuple(keys):
            self.app.bind_all(sequence, lambda e, c=command: self._shortcut(c))

    def _build_game(self) -> None:
        files, item, menu = self.app.files, self._item, self.game_menu
        item(menu, "New game…", files.new_game, "n")
        item(menu, "Open…", files.open_dialog, "o")
        item(menu, "Save As…", files.save_as_dialog, "s", keys=(f"<{self.mod}-S>",))
        menu.add_separator()
        # No shortcut: Ctrl+Z is the fields' undo key, pressed out of habit while typing.
        item(menu, "Take back my entry", self.app.flow.take_back_last)
        menu.add_separator()
        item(menu, "Replay a saved game…", files.replay_dialog)
        item(menu, "Print tally sheet…", self._off_cover(files.print_dialog), "p")
        if not self.aqua:
            menu.add_separator()
            item(menu, "Preferences…", self.app.prefs.show_preferences)
        menu.add_separator()
        item(menu, "Quit", files.quit_app, "q")

    def _build_view(self) -> None:
        app, item, mod = self.app, self._item, self.mod
        extras, prefs = app.extras, app.prefs
        off_cover = self._off_cover
        item(self.view_menu, "Last reveal", off_cover(app.flow.show_last_reveal), "l")
        item(self.view_menu, "Price history", off_cover(extras.show_price_history), "h")
        item(self.view_menu, "Game log", off_cover(extras.show_game_log), "g")
        item(self.view_menu, "Ledger…", off_cover(extras.show_ledger), "e")
        self.view_menu.add_separator()
        self._build_drawer_items()
        self.view_menu.add_separator()
        self.size_menu = tk.Menu(self.view_menu)
        self.view_menu.add_cascade(label="Text size", menu=self.size_menu, underline=0)
        item(self.size_menu, "Larger", lambda: prefs.change_text_size("larger"), "plus", "+",
             keys=(f"<{mod}-equal>", f"<{mod}-KP_Add>"))
        item(self.size_menu, "Smaller", lambda: prefs.change_text_size("smaller"), "minus", "−",
             keys=(f"<{mod}-KP_Subtract>",))
        item(self.size_menu, "Reset", lambda: prefs.change_text_size("reset"), "0", "0",
             keys=(f"<{mod}-KP_0>",))
        self.pacing_menu = tk.Menu(self.view_menu)
        self.view_menu.add_cascade(label="Reveal pacing", menu=self.pacing_menu, underline=0)
        self.pacing_menu.add_radiobutton(label="Entry by entry", value="scene",
                                         variable=prefs.pacing_var, command=prefs.pacing_changed)
        self.pacing_menu.add_radiobutton(label="All at once", value="all",
                                         variable=prefs.pacing_var, command=prefs.pacing_changed)
        self.view_menu.add_checkbutton(label="Reduced motion", variable=prefs.motion_var,
                                       command=prefs.motion_changed, underline=8)

    def _build_drawer_items(self) -> None:
        """The drawer's pages, each opened or closed again by its item or Ctrl+1 to Ctrl+5
        (the drawer is built anew with a new text size: the items ask for it each time)."""
        from ..screens.drawer import PAGES
        app = self.app
        self.drawer_var = tk.StringVar(app, value=app.settings.drawer)
        for number, (name, word) in enumerate(PAGES, 1):
            toggle = self._off_cover(lambda n=name: self.app.layout.drawer.toggle(n),
                                     undo=self._drawer_shown)
            self.view_menu.add_radiobutton(
                label=word, value=name, variable=self.drawer_var,
                accelerator=f"{self.shown}+{number}", command=toggle)
            app.bind_all(f"<{self.mod}-Key-{number}>",
                         lambda e, t=toggle: self._shortcut(t))

    def _drawer_shown(self) -> None:
        """The drawer's item back at the page open (a radio item marks itself when chosen)."""
        self.drawer_var.set(self.app.layout.drawer.shown)

    def _build_help(self) -> None:
        extras, item, menu = self.app.extras, self._item, self.help_menu
        item(menu, "Rules", extras.show_rules, keys=("<F1>",))
        menu.entryconfigure("end", accelerator="F1")
        item(menu, "Guided first game", extras.start_tour)
        item(menu, "Quick guide", extras.show_guide)
        item(menu, "Statistics", extras.show_statistics)
        if not self.aqua:
            menu.add_separator()
            item(menu, "About Executive Decision", extras.show_about)

    def _off_cover(self, command, *, undo=None):
        """``command``, doing nothing while a pass-and-play cover is up (``undo`` puts back
        what choosing the item changed by itself)."""
        def guarded() -> None:
            if self.app.mode == Mode.COVER:
                if undo is not None:
                    undo()
                return
            command()
        return guarded

    def _shortcut(self, command) -> str:
        """Run a menu's shortcut, unless a dialog is open (modal or not: the new-game
        dialog, the saves chooser and any window holding the grab)."""
        if self.app.dialog is None and self.app.grab_current() is None:
            command()
        return "break"

    # ------------------------------------------------------ context menus

    def bind_context(self, widget, build) -> None:
        """A right-click menu on ``widget``: Button-3 (Tk 8.6 and 9 on X11 and Windows),
        and on macOS Button-2 (Tk 8.6), Button-3 (Tk 9) and Control-click.
        ``build(menu)`` fills a fresh menu each time."""
        def popup(event) -> str:
            menu = tk.Menu(self.app)
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

    def bind_contexts(self) -> None:
        """The tally sheet's right-click menu (again after the sheet is built anew)."""
        extras, files = self.app.extras, self.app.files

        def sheet_menu(menu) -> None:
            menu.add_command(label="Ledger…", command=extras.show_ledger)
            menu.add_command(label="Print tally sheet…", command=files.print_dialog)
            menu.add_command(label="Price history", command=extras.show_price_history)
            menu.add_command(label="Game log", command=extras.show_game_log)
        tally = self.app.layout.tally
        for widget in (tally.body, tally.heads):
            self.bind_context(widget, sheet_menu)

    def log_menu(self, panel):
        """The right-click menu of a game log ``panel``."""
        def build(menu) -> None:
            menu.add_command(label="Copy the whole log", command=lambda: self.copy(
                panel.get_text(), "The game log was copied."))
        return build

    def copy(self, text: str, said: str) -> None:
        self.app.clipboard_clear()
        self.app.clipboard_append(text)
        self.app.show_message(said)
