"""The new-game dialog.

Widget tree::

    NewGameDialog (Toplevel)
    ├── kept_label                where the game in progress is found again (mid-game only)
    ├── players_spin, players_note how many seats (2 to 6), and what the number sets: each
    │                             one's starting cash and units a month, the rules' figures
    ├── seat_rows[i]              SeatRowWidgets: kind, name, personality, level
    ├── levels_label              what each level is like, in a few words
    ├── months_spin, months_note  the months, and how many may be played
    ├── more_button               "More options" (closed by default, remembered) opens
    │   └── more: seed_entry and seed_note, options[flag] (Checkbuttons: loans, partial
    │             fills, partial sales, the classic chart), each in a few plain words
    ├── error_label               what is wrong, in red, instead of starting: the whole
    │                             sentence, wrapped to the dialog's width
    └── start_button (default), cancel_button

Enter starts the game from anywhere in the dialog, Escape cancels.  The
defaults make a solo game against three computer players.  A seat switched
to a computer player gets a character not seated yet.  A number is read with
``presenter.setup.whole_number``: "²" or "--5" get the field's own sentence.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Any, Callable, Dict, List, Mapping, Optional

from ...rules import (MAX_MONTHS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_MONTHS, MIN_PLAYERS,
                      RuleError, name_problem)
from ..widgets import theme as T
from ..presenter.common import even_lines
from ..presenter.setup import SEED_DIGITS, SeatSetup, Setup, players_note, whole_number

HUMAN, COMPUTER = "Person", "Computer"
PLAYERS_ERROR = (f"The number of players must be a whole number from {MIN_PLAYERS} to "
                 f"{MAX_PLAYERS}.")

OPTIONS = (
    ("loans", "Loans (Variation I)",
     "Short of cash for what you bought? The Broker lends it in $100 steps instead of "
     "cancelling it; you repay $125 for each $100 at the end."),
    ("partial_fills", "Partial fills (Variation II)",
     "A bid under the new price still buys some units: one fewer for each $1 under."),
    ("partial_sales", "Partial sales (Variation III)",
     "An ask over the new price still sells some units: one fewer for each $2, or part "
     "of $2, over it."),
    ("classic_recipes", "Classic production chart",
     "B is made of X-Fine + Fine + Standard, as in the 1971 game, not Fine + Fine + Standard."),
)


#: What each level of computer player is like, for the dialog.  A level the AI
#: adds later and this list lacks is shown by its name alone.
LEVEL_TEXTS = {
    "easy": "a gentle first opponent that leaves much to chance",
    "medium": "prices by expected profit from the last few months",
    "hard": "models each opponent from its cash, stock and record",
    "expert": "weighs dozens of possible months at once, to win",
}


def _personalities():
    from ... import ai
    return ai.PERSONALITIES, ai.LEVELS


#: Each level in a few words, for the line under the seats (the whole on the pointer).
LEVEL_WORDS = {
    "easy": "leaves much to chance",
    "medium": "prices from recent months",
    "hard": "reads each rival",
    "expert": "weighs many months",
}


def level_legend(levels) -> str:
    """The levels in words, weakest first, for the level's tip."""
    return "Levels: " + "; ".join(
        f"{level}, {LEVEL_TEXTS[level]}" if level in LEVEL_TEXTS else level for level in levels) + "."


def level_line(levels) -> str:
    """The levels in a few words, weakest first, for the line under the seats."""
    return "Levels: " + "; ".join(
        f"{level} {LEVEL_WORDS[level]}" if level in LEVEL_WORDS else level
        for level in levels) + "."

#: What the seed does, beside its field.
SEED_NOTE = "The same seed, the same choices by the computer players; empty for a fresh game."


class SeatRowWidgets:
    """The widgets of one seat row."""

    def __init__(self, master: tk.Misc, index: int, theme: T.Theme, personalities, levels,
                 on_kind: Optional[Callable[["SeatRowWidgets"], None]] = None) -> None:
        em = theme.em
        self.personalities = personalities
        self.on_kind = on_kind
        self.label = ttk.Label(master, text=f"Seat {index + 1}")
        self.kind = ttk.Combobox(master, values=(HUMAN, COMPUTER), state="readonly", width=10)
        self.name = ttk.Entry(master, width=22)
        self.personality = ttk.Combobox(
            master, state="readonly", width=40,
            values=[f"{p.name}: {p.temperament}" for p in personalities.values()])
        self.level = ttk.Combobox(master, values=list(levels), state="readonly", width=8)
        from ..widgets.tooltip import add_tooltip
        add_tooltip(self.level, level_legend(levels), 400, on_focus=False)
        self.row = index + 1
        self.label.grid(row=self.row, column=0, sticky="w", padx=(0, em))
        self.kind.grid(row=self.row, column=1, sticky="w", pady=2)
        self.kind.bind("<<ComboboxSelected>>", lambda e: self._kind_chosen())
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

    def _kind_chosen(self) -> None:
        if self.on_kind is not None:
            self.on_kind(self)
        self.refresh()

    @property
    def personality_key(self) -> str:
        """The character chosen in this row (its key in ``ai.PERSONALITIES``)."""
        return list(self.personalities)[max(0, self.personality.current())]

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
            key = self.personality_key
            return SeatSetup(self.personalities[key].name, True, self.level.get() or "medium", key)
        return SeatSetup(self.name.get().strip(), False)


class NewGameDialog(tk.Toplevel):
    """Choose the seats and the months (the options under "More options"); ``on_start(setup)``
    is called on Start.

    ``remembered`` is the last setup (``remember(setup)``), shown again;
    ``more_open`` whether "More options" starts open, and ``on_more(open)`` is
    told when it is opened or closed; ``kept`` says where the game in progress
    is found again (``presenter.setup.kept_note``), shown first.  The settings
    scroll when the text is too large for the screen; the Start and Cancel
    buttons stay in sight.
    """

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_start: Callable[[Setup], None],
                 on_cancel: Optional[Callable[[], None]] = None,
                 human_name: str = "Player", remembered: Optional[Mapping] = None,
                 more_open: bool = False,
                 on_more: Optional[Callable[[bool], None]] = None, kept: str = "") -> None:
        super().__init__(master)
        from ..widgets.placement import as_dialog
        as_dialog(self, master, "New game")
        self.on_start = on_start
        self.on_cancel = on_cancel
        self.on_more = on_more
        self.theme = theme
        from ..widgets.scroll import ScrolledFrame
        self.area = ScrolledFrame(self)
        self.area.grid(row=0, column=0, sticky="nsew")
        outer = self.area.inner
        outer.configure(padding=theme.pad(1.2))
        outer.columnconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.kept_label = ttk.Label(outer, text=kept, style="Muted.TLabel", justify="left")
        if kept:
            self.kept_label.grid(row=0, column=0, sticky="w", pady=(0, theme.em // 2))
        self._build_players(outer, human_name)
        self._build_months(outer)
        self._build_more(outer)
        self._build_foot()
        self.players_var.trace_add("write", lambda *a: self._players_changed())
        self.bind("<Return>", self.start)
        self.bind("<KP_Enter>", self.start)
        self.bind("<Escape>", self.cancel)
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        if remembered:
            self.apply(remembered, human_name=human_name)
        self.show_more(more_open, tell=False)
        self._players_changed()
        self._place_over(master)
        self.deiconify()
        first = self.seat_rows[0].name
        first.focus_set()
        first.select_range(0, "end")
        self.after_idle(self._grab)

    def _build_players(self, outer: ttk.Frame, human_name: str) -> None:
        em, theme = self.theme.em, self.theme
        personalities, levels = _personalities()
        self.levels = tuple(levels)
        head = ttk.Frame(outer)
        head.grid(row=1, column=0, sticky="ew", pady=(0, em // 2))
        ttk.Label(head, text="Players:").grid(row=0, column=0, sticky="w", padx=(0, em // 2))
        self.players_var = tk.StringVar(self, value="4")
        # typed or stepped with the arrows, the number reaches _players_changed through
        # the variable (traced below)
        self.players_spin = ttk.Spinbox(head, from_=MIN_PLAYERS, to=MAX_PLAYERS, width=4,
                                        textvariable=self.players_var)
        self.players_spin.grid(row=0, column=1, sticky="w")
        # what the number sets, said beside it (wrapped to the seats' width in _place_over)
        self.players_note = ttk.Label(head, text="", style="Muted.TLabel", justify="left")
        self.players_note.grid(row=0, column=2, sticky="w", padx=(em, 0))
        players = self.seats_frame = ttk.Frame(outer)
        players.grid(row=2, column=0, sticky="ew")
        self.seat_rows: List[SeatRowWidgets] = []
        keys = list(personalities)
        defaults = [SeatSetup(human_name)] + [
            SeatSetup(personalities[keys[i % len(keys)]].name, True, "medium", keys[i % len(keys)])
            for i in range(MAX_PLAYERS - 1)]
        for index in range(MAX_PLAYERS):
            row = SeatRowWidgets(players, index, theme, personalities, levels,
                                 on_kind=self._kind_changed)
            row.label.grid_configure(row=index + 1)
            row.set(defaults[index])
            self.seat_rows.append(row)
        self.levels_label = ttk.Label(outer, text=level_line(self.levels), style="Muted.TLabel",
                                      justify="left")
        self.levels_label.grid(row=3, column=0, sticky="w", pady=(em // 2, 0))

    def _build_months(self, outer: ttk.Frame) -> None:
        em = self.theme.em
        game = ttk.Frame(outer)
        game.grid(row=4, column=0, sticky="ew", pady=(em, 0))
        ttk.Label(game, text="Months:").grid(row=0, column=0, sticky="w")
        self.months_var = tk.StringVar(self, value="12")
        self.months_spin = ttk.Spinbox(game, from_=MIN_MONTHS, to=MAX_MONTHS, width=4,
                                       textvariable=self.months_var)
        self.months_spin.grid(row=0, column=1, sticky="w", padx=(em // 2, 0))
        self.months_note = ttk.Label(
            game, style="Muted.TLabel",
            text=f"{MIN_MONTHS} to {MAX_MONTHS} (12 is a year, the usual game)")
        self.months_note.grid(row=0, column=2, sticky="w", padx=(em, 0))

    def _build_more(self, outer: ttk.Frame) -> None:
        """"More options": the seed and the rules' options, closed until asked for."""
        em = self.theme.em
        self.more_button = ttk.Button(outer, text="",
                                      command=lambda: self.show_more(not self.more_shown))
        self.more_button.grid(row=5, column=0, sticky="w", pady=(em, 0))
        self.more = more = ttk.Frame(outer, padding=(em, em // 2, 0, 0))
        self.more.columnconfigure(1, weight=1)
        ttk.Label(more, text="Seed:").grid(row=0, column=0, sticky="w")
        self.seed_entry = ttk.Entry(more, width=12)
        self.seed_entry.grid(row=0, column=1, sticky="w", padx=em // 2)
        self.seed_note = ttk.Label(more, style="Muted.TLabel", justify="left")
        self.seed_note.configure(text=even_lines((SEED_NOTE,), T.text_font(self.seed_note).measure,
                                                 em * 64))
        self.seed_note.grid(row=0, column=2, sticky="w", padx=(em, 0))
        self.options: Dict[str, tk.BooleanVar] = {}
        self.option_buttons: Dict[str, ttk.Checkbutton] = {}
        for index, (flag, title, text) in enumerate(OPTIONS, start=1):
            var = tk.BooleanVar(self, value=False)
            button = ttk.Checkbutton(more, text=title, variable=var)
            button.grid(row=index, column=0, columnspan=2, sticky="nw", pady=(em // 2, 0))
            said = ttk.Label(more, wraplength=em * 64, style="Muted.TLabel", justify="left")
            # broken evenly: a word alone on a last line ("under.") read as an afterthought
            said.configure(text=even_lines((text,), T.text_font(said).measure, em * 64))
            said.grid(row=index, column=2, sticky="w", padx=(em, 0), pady=(em // 2, 0))
            self.options[flag] = var
            self.option_buttons[flag] = button
        self.more_shown = False

    def _build_foot(self) -> None:
        theme, em = self.theme, self.theme.em
        self.foot = ttk.Frame(self, padding=(theme.pad(1.2), theme.pad(0.5), theme.pad(1.2),
                                             theme.pad(1)))
        self.foot.grid(row=1, column=0, sticky="ew")
        self.foot.columnconfigure(0, weight=1)
        # On a line of its own, as wide as the dialog: beside the buttons a sentence was cut
        # ("…a whole number fr"), the range it gave never read.
        self.error_label = ttk.Label(self.foot, text="", style="Error.TLabel", justify="left")
        self.error_label.grid(row=0, column=0, columnspan=3, sticky="w")
        self.start_button = ttk.Button(self.foot, text="Start game", style="Accent.TButton",
                                       default="active", command=self.start)
        self.cancel_button = ttk.Button(self.foot, text="Cancel", command=self.cancel)
        self.start_button.grid(row=1, column=1, padx=(em, em))
        self.cancel_button.grid(row=1, column=2)

    def say(self, text: str) -> None:
        """What is wrong ("" for nothing), whole, the dialog grown to hold it."""
        if self.error_label.cget("text") == text:
            return
        self.error_label.configure(text=text)
        self.error_label.grid() if text else self.error_label.grid_remove()
        if self.winfo_ismapped():
            self._place_over(self.master, move=False)

    def show_more(self, shown: bool, *, tell: bool = True) -> None:
        """Open or close "More options" (``on_more`` remembers it, unless not ``tell``)."""
        self.more_shown = shown
        self.more_button.configure(text=("▾ Fewer options" if shown else "▸ More options"))
        if shown:
            self.more.grid(row=6, column=0, sticky="ew")
        else:
            self.more.grid_remove()
        if self.winfo_ismapped():
            self._place_over(self.master)       # centred again at its new size
            if shown:                           # the options opened are in sight, the last whole
                self.area.see(self.more)
        if tell and self.on_more is not None:
            self.on_more(shown)

    def _kind_changed(self, row: SeatRowWidgets) -> None:
        """A seat switched to a computer player gets a character not seated yet."""
        if row.kind.get() == COMPUTER:
            self._seat_someone_new(row)

    def _seat_someone_new(self, row: SeatRowWidgets) -> None:
        """Give ``row`` the first character no other computer seat shown has (if its own is
        taken and one is free)."""
        taken = {other.personality_key for other in self._shown_rows()
                 if other is not row and other.kind.get() == COMPUTER}
        if row.personality_key not in taken:
            return
        keys = list(row.personalities)
        free = [key for key in keys if key not in taken]
        if free:
            row.personality.current(keys.index(free[0]))

    def _shown_rows(self) -> List[SeatRowWidgets]:
        count = whole_number(self.players_var.get()) or 0
        return self.seat_rows[:max(MIN_PLAYERS, min(MAX_PLAYERS, count))]

    def _place_over(self, master: tk.Misc, *, move: bool = True) -> None:
        """Centre the dialog over the window, within the usable screen (it scrolls then);
        without ``move``, only fit its size to what it holds now.  The notes and the error
        wrap to the width the seats and options take, so none ever widens the dialog or is
        cut by its edge."""
        from ..widgets.placement import place_over, usable_size
        try:
            self._wrap_notes()
            self.update_idletasks()
            width = min(usable_size(self)[0],
                        self.area.inner.winfo_reqwidth() + self.theme.pad(2))
            self.error_label.configure(wraplength=max(self.theme.em * 10,
                                                      width - self.theme.pad(2.4)))
            self.update_idletasks()
            height = self.area.inner.winfo_reqheight() + self.foot.winfo_reqheight() + 4
            place_over(self, master, width, height, move=move)
        except tk.TclError:
            pass

    def _wrap_notes(self) -> None:
        """The notes beside and under the fields within the widest of the seats and the
        options (each broken evenly: a word alone on a last line reads as an afterthought)."""
        em = self.theme.em
        self.update_idletasks()
        room = max(em * 30, max(widget.winfo_reqwidth() for widget in self._wide_parts()))
        self.levels_label.configure(text=even_lines(
            (level_line(self.levels),), T.text_font(self.levels_label).measure, room))
        self.kept_label.configure(wraplength=room)
        beside = room - self.players_note.master.winfo_reqwidth() + \
            self.players_note.winfo_reqwidth() - em
        self.players_note.configure(text=even_lines(
            (players_note(self.players_var.get()),), T.text_font(self.players_note).measure,
            max(em * 16, beside)))

    def _wide_parts(self) -> List[tk.Misc]:
        """What sets the dialog's width: the seats and, when open, the options."""
        parts: List[tk.Misc] = [self.seats_frame]
        if self.more_shown:
            parts.append(self.more)
        return parts

    def apply(self, data: Mapping, *, human_name: str = "Player") -> None:
        """Show a remembered setup again; anything out of place in it is left at its default."""
        count = data.get("players")
        if type(count) is int and MIN_PLAYERS <= count <= MAX_PLAYERS:
            self.players_var.set(str(count))
        seats = data.get("seats")
        if isinstance(seats, list):
            for row, seat in zip(self.seat_rows, seats):
                if not isinstance(seat, dict):
                    continue
                computer = seat.get("computer") is True
                name = seat.get("name")
                name = name.strip() if name_problem(name) is None else ""   # printable, one line
                level = seat.get("level")
                level = level if isinstance(level, str) and level in self.levels else "medium"
                personality = seat.get("personality")
                if not isinstance(personality, str) or personality not in row.personalities:
                    personality = None          # a list or an object cannot even be looked up
                row.set(SeatSetup(name or (human_name if not computer else ""), computer,
                                  level, personality))
        months = data.get("months")
        if type(months) is int and MIN_MONTHS <= months <= MAX_MONTHS:
            self.months_var.set(str(months))
        for flag, var in self.options.items():
            if isinstance(data.get(flag), bool):
                var.set(data[flag])

    def _grab(self) -> None:
        from ..widgets.placement import grab_when_shown
        grab_when_shown(self)

    def _players_changed(self) -> None:
        """Show as many seat rows as the number typed or chosen (2 to 6), and what it sets."""
        text = self.players_var.get().strip()
        count = whole_number(text)
        self.players_note.configure(text=players_note(text))
        if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            if text:
                self.say(PLAYERS_ERROR)
            elif self.winfo_ismapped():
                self._place_over(self.master, move=False)
            return
        if self.error_label.cget("text") == PLAYERS_ERROR:
            self.say("")
        for index, row in enumerate(self.seat_rows):
            if index < count:
                if not row.label.grid_info() and row.kind.get() == COMPUTER:
                    self._seat_someone_new(row)     # a seat shown again, its face not taken
                row.show()
            else:
                row.hide()
        if self.winfo_ismapped():
            self._place_over(self.master)       # centred again at its new size

    def setup(self) -> Setup:
        """The choices as a ``Setup``; raises ``RuleError`` with a plain sentence, and
        ``wrong_field`` is then the field it names (or ``None``)."""
        self.wrong_field = None
        count = whole_number(self.players_var.get())
        if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise self._refused(PLAYERS_ERROR, self.players_spin)
        seats = [row.setup() for row in self.seat_rows[:count]]
        counts: Dict[str, int] = {}
        named = []
        for index, seat in enumerate(seats):
            if not seat.computer and not seat.name:
                raise self._refused(f"Seat {index + 1} needs a name.",
                                    self.seat_rows[index].name)
            if len(seat.name) > MAX_NAME_LENGTH:
                raise self._refused(f"The name in seat {index + 1} is longer than "
                                    f"{MAX_NAME_LENGTH} characters.", self.seat_rows[index].name)
            key = seat.name.casefold()
            counts[key] = counts.get(key, 0) + 1
            # Two computer players of one personality are told apart by a number.
            name = seat.name if counts[key] == 1 or not seat.computer else f"{seat.name} {counts[key]}"
            named.append(SeatSetup(name, seat.computer, seat.level, seat.personality))
        months = whole_number(self.months_var.get())
        if months is None or not MIN_MONTHS <= months <= MAX_MONTHS:
            raise self._refused(f"The number of months must be a whole number from "
                                f"{MIN_MONTHS} to {MAX_MONTHS}.", self.months_spin)
        seed_text = self.seed_entry.get().strip()
        seed = None
        if seed_text:
            seed = whole_number(seed_text, signed=True)
            if seed is None or len(str(abs(seed))) > SEED_DIGITS:
                raise self._refused(f"The seed must be a whole number of at most "
                                    f"{SEED_DIGITS} digits, or left empty.", self.seed_entry)
        flags = {flag: var.get() for flag, var in self.options.items()}
        setup = Setup(tuple(named), months=months, seed=seed, **flags)
        setup.rules()
        return setup

    def _refused(self, text: str, field) -> RuleError:
        self.wrong_field = field
        return RuleError(text)

    def start(self, _event=None) -> str:
        try:
            setup = self.setup()
            setup.game()   # names that clash are refused here, in the dialog
        except RuleError as error:
            self.say(str(error))
            # the keyboard goes to the field the sentence names, its text chosen to type over
            field = getattr(self, "wrong_field", None)
            if field is not None and field.winfo_viewable():
                field.focus_set()
                field.selection_range(0, "end")
                field.icursor("end")
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
        from ..widgets.placement import close_modal
        close_modal(self)


def quick_start_setup(name: str = "Player") -> Setup:
    """The quick start's game: a person against Mabel at the easy level, for 6 months."""
    personalities, _ = _personalities()
    return Setup((SeatSetup(name), SeatSetup(personalities["mabel"].name, True, "easy", "mabel")),
                 months=6)


def remember(setup: Setup) -> Dict[str, Any]:
    """A setup as plain data for the settings file (the seed is not kept: a fresh game)."""
    data: Dict[str, Any] = {"players": len(setup.seats), "months": setup.months,
                            "seats": [{"name": "" if s.computer else s.name,
                                       "computer": s.computer, "level": s.level,
                                       "personality": s.personality} for s in setup.seats]}
    for flag, _, _ in OPTIONS:
        data[flag] = bool(getattr(setup, flag))
    return data


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
        self.pacing_step = ttk.Radiobutton(outer, text="Entry by entry", value="scene",
                                           variable=prefs.pacing_var,
                                           command=prefs.pacing_changed)
        self.pacing_all = ttk.Radiobutton(outer, text="All at once", value="all",
                                          variable=prefs.pacing_var, command=prefs.pacing_changed)
        self.pacing_step.grid(row=1, column=0, columnspan=4, sticky="w")
        self.pacing_all.grid(row=2, column=0, columnspan=4, sticky="w", pady=(0, em))
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
        self.close_button = ttk.Button(outer, text="Close", command=self.close)
        self.close_button.grid(row=5, column=3, sticky="e", pady=(em, 0))
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.refresh()
        self.focus_first()

    def close(self) -> None:
        """Close, the keyboard back in the main window where the person was."""
        self.destroy()
        self.app.flow.keys_back()

    def focus_first(self) -> None:
        """The keyboard on the way reveals are shown now (Space, the arrows change it)."""
        chosen = self.app.prefs.pacing_var.get()
        (self.pacing_all if chosen == "all" else self.pacing_step).focus_set()

    def _size(self, how: str) -> None:
        self.app.prefs.change_text_size(how)
        self.refresh()
        # the main window, laid out again behind this one, took the keyboard: it comes back
        # to the button pressed (or, where that has no step left, the other way), so the
        # next key is this window's, never one for the screen behind it
        button = {"larger": self.larger_button, "smaller": self.smaller_button}.get(
            how, self.reset_button)
        if button.instate(["disabled"]):
            button = self.smaller_button if button is self.larger_button else self.larger_button
        (self.reset_button if button.instate(["disabled"]) else button).focus_force()

    def refresh(self) -> None:
        """The size shown, and Larger and Smaller offered only where there is a step to take
        (the largest size is the largest that fits this screen)."""
        prefs = self.app.prefs
        now = prefs.text_scale()
        self.size_label.configure(text=f"{round(now * 100)}% of normal")
        for how, button in (("larger", self.larger_button), ("smaller", self.smaller_button)):
            button.state(["disabled"] if prefs.next_text_size(how) == now else ["!disabled"])
