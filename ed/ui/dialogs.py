"""The new-game dialog.

Widget tree::

    NewGameDialog (Toplevel)
    ├── players_spin              how many seats (2 to 6)
    ├── seat_rows[i]              SeatRowWidgets: kind, name, personality, level
    ├── months_spin, seed_entry
    ├── options[flag]             Checkbuttons for Variations I-III and the classic chart
    ├── error_label               what is wrong, in red, instead of starting
    └── start_button (default), cancel_button

Enter starts the game from anywhere in the dialog, Escape cancels.  The
defaults make a solo game against three computer players.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Dict, List, Optional

from ..rules import MAX_MONTHS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_MONTHS, MIN_PLAYERS, RuleError
from . import theme as T
from .session import SeatSetup, Setup

HUMAN, COMPUTER = "Person", "Computer"

OPTIONS = (
    ("loans", "Variation I: loans",
     "If your purchases cost more than your cash, the Broker lends the shortfall in steps of "
     "$100 instead of cancelling them. Each $100 borrowed costs $125 at the end."),
    ("partial_fills", "Variation II: partial fills",
     "A bid below the market price still buys part of the order: one unit fewer for each "
     "dollar it is short."),
    ("partial_sales", "Variation III: partial sales",
     "An ask above the market price still sells part of the offer: one unit fewer for each $2 "
     "(or part of $2) it is over."),
    ("classic_recipes", "Classic production chart",
     "Make B from X-Fine + Fine + Standard, as printed with the 1971 game, instead of "
     "Fine + Fine + Standard."),
)


def _personalities():
    from .. import ai
    return ai.PERSONALITIES, ai.LEVELS


class SeatRowWidgets:
    """The widgets of one seat row."""

    def __init__(self, master: tk.Misc, index: int, theme: T.Theme, personalities, levels) -> None:
        em = theme.em
        self.personalities = personalities
        self.label = ttk.Label(master, text=f"Seat {index + 1}")
        self.kind = ttk.Combobox(master, values=(HUMAN, COMPUTER), state="readonly", width=10)
        self.name = ttk.Entry(master, width=22)
        self.personality = ttk.Combobox(
            master, state="readonly", width=40,
            values=[f"{p.name}: {p.temperament}" for p in personalities.values()])
        self.level = ttk.Combobox(master, values=list(levels), state="readonly", width=8)
        self.row = index + 1
        self.label.grid(row=self.row, column=0, sticky="w", padx=(0, em))
        self.kind.grid(row=self.row, column=1, sticky="w", pady=2)
        self.kind.bind("<<ComboboxSelected>>", lambda e: self.refresh())
        self.widgets = (self.label, self.kind, self.name, self.personality, self.level)

    def set(self, seat: SeatSetup) -> None:
        self.kind.set(COMPUTER if seat.computer else HUMAN)
        self.name.delete(0, "end")
        self.name.insert(0, seat.name if not seat.computer else "")
        keys = list(self.personalities)
        key = seat.personality if seat.personality in self.personalities else keys[0]
        self.personality.current(keys.index(key))
        self.level.set(seat.level or "medium")
        self.refresh()

    def refresh(self) -> None:
        """Show the name field for a person, personality and level for a computer."""
        if self.kind.get() == COMPUTER:
            self.name.grid_remove()
            self.personality.grid(row=self.row, column=2, sticky="w", padx=4)
            self.level.grid(row=self.row, column=3, sticky="w")
        else:
            self.personality.grid_remove()
            self.level.grid_remove()
            self.name.grid(row=self.row, column=2, sticky="w", padx=4)

    def hide(self) -> None:
        for widget in self.widgets:
            widget.grid_remove()

    def show(self) -> None:
        self.label.grid()
        self.kind.grid()
        self.refresh()

    def setup(self) -> SeatSetup:
        if self.kind.get() == COMPUTER:
            key = list(self.personalities)[max(0, self.personality.current())]
            return SeatSetup(self.personalities[key].name, True, self.level.get() or "medium", key)
        return SeatSetup(self.name.get().strip(), False)


class NewGameDialog(tk.Toplevel):
    """Choose the seats, the months and the options; ``on_start(setup)`` is called on Start."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_start: Callable[[Setup], None],
                 on_cancel: Optional[Callable[[], None]] = None,
                 human_name: str = "Player") -> None:
        super().__init__(master)
        self.withdraw()
        self.title("New game — Executive Decision")
        self.transient(master)
        self.on_start = on_start
        self.on_cancel = on_cancel
        self.theme = theme
        em = theme.em
        personalities, levels = _personalities()
        outer = ttk.Frame(self, padding=theme.pad(1.5))
        outer.grid(sticky="nsew")
        self.columnconfigure(0, weight=1)

        players = ttk.LabelFrame(outer, text="Players", padding=theme.pad(0.8))
        players.grid(row=0, column=0, sticky="ew")
        ttk.Label(players, text="Number of players:").grid(row=0, column=0, sticky="w")
        self.players_var = tk.StringVar(self, value="4")
        self.players_spin = ttk.Spinbox(players, from_=MIN_PLAYERS, to=MAX_PLAYERS, width=4,
                                        textvariable=self.players_var, state="readonly",
                                        command=self._players_changed)
        self.players_spin.grid(row=0, column=1, sticky="w", pady=(0, em // 2))
        ttk.Label(players, text="A person types a name; a computer player has a personality "
                  "and a level.", style="Muted.TLabel").grid(row=0, column=2, columnspan=2,
                                                             sticky="w", padx=em)
        self.seat_rows: List[SeatRowWidgets] = []
        keys = list(personalities)
        defaults = [SeatSetup(human_name)] + [
            SeatSetup(personalities[keys[i % len(keys)]].name, True, "medium", keys[i % len(keys)])
            for i in range(MAX_PLAYERS - 1)]
        for index in range(MAX_PLAYERS):
            row = SeatRowWidgets(players, index, theme, personalities, levels)
            row.label.grid_configure(row=index + 1)
            row.set(defaults[index])
            self.seat_rows.append(row)

        game = ttk.LabelFrame(outer, text="Game", padding=theme.pad(0.8))
        game.grid(row=1, column=0, sticky="ew", pady=(em, 0))
        ttk.Label(game, text="Months:").grid(row=0, column=0, sticky="w")
        self.months_var = tk.StringVar(self, value="12")
        self.months_spin = ttk.Spinbox(game, from_=MIN_MONTHS, to=MAX_MONTHS, width=4,
                                       textvariable=self.months_var)
        self.months_spin.grid(row=0, column=1, sticky="w")
        ttk.Label(game, text="12 is the usual game (January to December); 1 to 36 allowed.",
                  style="Muted.TLabel").grid(row=0, column=2, sticky="w", padx=em)
        ttk.Label(game, text="Seed (optional):").grid(row=1, column=0, sticky="w", pady=(em // 2, 0))
        self.seed_entry = ttk.Entry(game, width=12)
        self.seed_entry.grid(row=1, column=1, sticky="w", pady=(em // 2, 0))
        ttk.Label(game, text="The same seed gives the same computer players' choices; "
                  "leave it empty for a fresh game.", style="Muted.TLabel").grid(
            row=1, column=2, sticky="w", padx=em, pady=(em // 2, 0))

        rules = ttk.LabelFrame(outer, text="Rule options (all off is the standard game)",
                               padding=theme.pad(0.8))
        rules.grid(row=2, column=0, sticky="ew", pady=(em, 0))
        self.options: Dict[str, tk.BooleanVar] = {}
        self.option_buttons: Dict[str, ttk.Checkbutton] = {}
        for index, (flag, title, text) in enumerate(OPTIONS):
            var = tk.BooleanVar(self, value=False)
            button = ttk.Checkbutton(rules, text=title, variable=var)
            button.grid(row=index, column=0, sticky="nw")
            ttk.Label(rules, text=text, wraplength=em * 62, style="Muted.TLabel",
                      justify="left").grid(row=index, column=1, sticky="w", padx=em)
            self.options[flag] = var
            self.option_buttons[flag] = button

        self.error_label = ttk.Label(outer, text="", style="Error.TLabel", wraplength=em * 80)
        self.error_label.grid(row=3, column=0, sticky="w", pady=(em // 2, 0))
        buttons = ttk.Frame(outer)
        buttons.grid(row=4, column=0, sticky="e", pady=(em, 0))
        self.start_button = ttk.Button(buttons, text="Start game", style="Accent.TButton",
                                       default="active", command=self.start)
        self.cancel_button = ttk.Button(buttons, text="Cancel", command=self.cancel)
        self.start_button.grid(row=0, column=0, padx=(0, em))
        self.cancel_button.grid(row=0, column=1)

        self.bind("<Return>", self.start)
        self.bind("<KP_Enter>", self.start)
        self.bind("<Escape>", self.cancel)
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        self._players_changed()
        self._place_over(master)
        self.deiconify()
        first = self.seat_rows[0].name
        first.focus_set()
        first.select_range(0, "end")
        self.after_idle(self._grab)

    def _place_over(self, master: tk.Misc) -> None:
        self.update_idletasks()
        try:
            x = master.winfo_rootx() + max(0, (master.winfo_width() - self.winfo_reqwidth()) // 2)
            y = master.winfo_rooty() + max(0, (master.winfo_height() - self.winfo_reqheight()) // 3)
            self.geometry(f"+{x}+{y}")
        except tk.TclError:
            pass

    def _grab(self) -> None:
        try:
            if self.winfo_exists() and self.winfo_viewable():
                self.grab_set()
        except tk.TclError:
            pass  # another application holds the grab; the dialog still works

    def _players_changed(self) -> None:
        try:
            count = int(self.players_var.get())
        except ValueError:
            count = 4
        count = max(MIN_PLAYERS, min(MAX_PLAYERS, count))
        for index, row in enumerate(self.seat_rows):
            if index < count:
                row.show()
            else:
                row.hide()

    def setup(self) -> Setup:
        """The choices as a ``Setup``; raises ``RuleError`` with a plain sentence."""
        try:
            count = int(self.players_var.get())
        except ValueError:
            raise RuleError("Choose a number of players from 2 to 6.") from None
        seats = [row.setup() for row in self.seat_rows[:count]]
        counts: Dict[str, int] = {}
        named = []
        for index, seat in enumerate(seats):
            if not seat.computer and not seat.name:
                raise RuleError(f"Seat {index + 1} needs a name.")
            if len(seat.name) > MAX_NAME_LENGTH:
                raise RuleError(f"The name in seat {index + 1} is longer than "
                                f"{MAX_NAME_LENGTH} characters.")
            key = seat.name.casefold()
            counts[key] = counts.get(key, 0) + 1
            # Two computer players of one personality are told apart by a number.
            name = seat.name if counts[key] == 1 or not seat.computer else f"{seat.name} {counts[key]}"
            named.append(SeatSetup(name, seat.computer, seat.level, seat.personality))
        text = self.months_var.get().strip()
        if not text.isdigit() or not MIN_MONTHS <= int(text) <= MAX_MONTHS:
            raise RuleError(f"The number of months must be a whole number from {MIN_MONTHS} "
                            f"to {MAX_MONTHS}.")
        seed_text = self.seed_entry.get().strip()
        seed = None
        if seed_text:
            if not seed_text.lstrip("-").isdigit() or len(seed_text) > 18:
                raise RuleError("The seed must be a whole number, or left empty.")
            seed = int(seed_text)
        flags = {flag: var.get() for flag, var in self.options.items()}
        setup = Setup(tuple(named), months=int(text), seed=seed, **flags)
        setup.rules()
        return setup

    def start(self, _event=None) -> str:
        try:
            setup = self.setup()
            setup.game()   # names that clash are refused here, in the dialog
        except RuleError as error:
            self.error_label.configure(text=str(error))
            return "break"
        self._close()
        self.on_start(setup)
        return "break"

    def cancel(self, _event=None) -> str:
        self._close()
        if self.on_cancel is not None:
            self.on_cancel()
        return "break"

    def _close(self) -> None:
        try:
            self.grab_release()
        except tk.TclError:
            pass
        self.destroy()


class PreferencesWindow(tk.Toplevel):
    """Reveal pacing and text size, remembered between runs (non-modal).

        PreferencesWindow (tk.Toplevel)
        +-- pacing_all, pacing_step (ttk.Radiobutton on app.prefs.pacing_var)
        +-- size_label, smaller_button, larger_button, reset_button
        +-- close_button
    """

    def __init__(self, app) -> None:
        super().__init__(app)
        self.app = app
        self.title("Preferences")
        self.transient(app)
        em = app.theme.em
        outer = ttk.Frame(self, padding=em)
        outer.pack(fill="both", expand=True)
        ttk.Label(outer, text="How a reveal is shown", style="Bold.TLabel").grid(
            row=0, column=0, columnspan=4, sticky="w")
        prefs = app.prefs
        self.pacing_all = ttk.Radiobutton(outer, text="All at once", value="all",
                                          variable=prefs.pacing_var, command=prefs.pacing_changed)
        self.pacing_step = ttk.Radiobutton(outer, text="Step by step, one commodity at a time",
                                           value="step", variable=prefs.pacing_var,
                                           command=prefs.pacing_changed)
        self.pacing_all.grid(row=1, column=0, columnspan=4, sticky="w")
        self.pacing_step.grid(row=2, column=0, columnspan=4, sticky="w", pady=(0, em))
        ttk.Label(outer, text="Text size", style="Bold.TLabel").grid(
            row=3, column=0, columnspan=4, sticky="w")
        self.size_label = ttk.Label(outer, text="")
        self.size_label.grid(row=4, column=0, sticky="w", padx=(0, em))
        self.smaller_button = ttk.Button(outer, text="Smaller",
                                         command=lambda: self._size("smaller"))
        self.larger_button = ttk.Button(outer, text="Larger",
                                        command=lambda: self._size("larger"))
        self.reset_button = ttk.Button(outer, text="Reset", command=lambda: self._size("reset"))
        self.smaller_button.grid(row=4, column=1)
        self.larger_button.grid(row=4, column=2, padx=em // 2)
        self.reset_button.grid(row=4, column=3)
        self.close_button = ttk.Button(outer, text="Close", command=self.destroy)
        self.close_button.grid(row=5, column=3, sticky="e", pady=(em, 0))
        self.bind("<Escape>", lambda e: self.destroy())
        self.refresh()
        self.pacing_all.focus_set()

    def _size(self, how: str) -> None:
        self.app.prefs.change_text_size(how)
        self.refresh()

    def refresh(self) -> None:
        self.size_label.configure(
            text=f"{round(self.app.settings.text_scale * 100)}% of normal")
