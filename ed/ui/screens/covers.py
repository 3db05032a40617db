"""Full-window screens laid over the game: welcome, resume and the pass-and-play
cover (the reveal and the end of the game have modules of their own, ``reveal``
and ``ending``).

Each screen is a frame placed over the whole body of the window, so nothing
beneath it can be read while it is up.  Widget trees::

    Welcome:  title, intro, [New game…] [Open a saved game…]; at the very first start:
              how to win, [Quick start: learn by playing] [Choose players and options…]
    Resume:   title, description, table of unfinished games (newest first),
              games open in another window, [Resume] [New game]
    Cover:    "Pass to <name>", explanation, [I am <name>: show my sheet],
              [<who submitted last>: take back my entry]
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Optional, Tuple

from .. import presenter as P
from ..widgets import theme as T


class Screen(ttk.Frame):
    """A frame that covers its master entirely while shown."""

    default_button: Optional[ttk.Button] = None

    def show(self) -> None:
        self.place(x=0, y=0, relwidth=1, relheight=1)
        self.lift()
        if self.default_button is not None:
            self.default_button.focus_set()

    def hide(self) -> None:
        self.place_forget()

    @property
    def shown(self) -> bool:
        return bool(self.place_info())

    def under_dialog(self, under: bool) -> None:
        """Put the card away while a dialog stands over the screen (its words and buttons
        peeked out beside the dialog), and back when the dialog is gone."""
        card = getattr(self, "card", None)
        if card is None:
            return
        if under:
            card.place_forget()
        else:
            card.place(relx=0.5, rely=0.4, anchor="center")

    def _card(self, theme: T.Theme, title: str, *, justify: str) -> Tuple[ttk.Frame, ttk.Label]:
        """A centred card with a big title and a wrapped text below it (rows 0 and 1)."""
        em = theme.em
        self.card = inner = ttk.Frame(self, style="Screen.TFrame")
        inner.place(relx=0.5, rely=0.4, anchor="center")
        ttk.Label(inner, text=title, style="ScreenTitle.TLabel").grid(
            row=0, column=0, columnspan=2, pady=(0, em))
        text = ttk.Label(inner, text="", style="Screen.TLabel", wraplength=em * 70,
                         justify=justify)
        text.grid(row=1, column=0, columnspan=2, pady=(0, em))
        return inner, text


INTRO = ("A business game by Sid Sackson for 2 to 6 players. Each month every player "
         "secretly orders raw materials (X-Fine, Fine, Standard) at a bid price, then "
         "secretly offers finished goods (A, B, C) made from them at an asking price. "
         "All entries are revealed together and the market prices move with the number of "
         "units involved. Whoever has the most cash at the end wins.")


#: The welcome's text is at most this many ems wide.
TEXT_EMS = 80
#: Under the quick start at the very first start: what it sets up.
QUICK_NOTE = "A 6-month game against Mabel (easy), with a guide to the screen."


class Welcome(Screen):
    """The game, and the ways to begin one.  At the very first start (``first_start()``)
    it says how to win and what a month is, and offers a quick start (a short game that
    teaches itself) before the new-game dialog's options."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_new: Callable[[], None],
                 on_open: Callable[[], None], on_quick: Optional[Callable[[], None]] = None,
                 first_start: Optional[Callable[[], bool]] = None) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(3))
        self.em = em = theme.em
        self.first_start = first_start or (lambda: False)
        inner, self.text = self._card(theme, "Executive Decision", justify="left")
        self.text.configure(text=INTRO)
        self.message = ttk.Label(inner, text="", style="Screen.TLabel", foreground=T.RED,
                                 wraplength=em * 70, justify="left")
        self.message.grid(row=2, column=0, columnspan=2)
        self.quick_button = ttk.Button(inner, text="Quick start: learn by playing",
                                       style="Big.TButton", command=on_quick or on_new)
        self.quick_note = ttk.Label(inner, text=QUICK_NOTE, style="Screen.TLabel",
                                    foreground=T.MUTED)
        self.new_button = ttk.Button(inner, text="New game…", style="Big.TButton", command=on_new)
        self.open_button = ttk.Button(inner, text="Open a saved game…", command=on_open)
        self.new_button.grid(row=3, column=0, padx=em, pady=em)
        self.open_button.grid(row=3, column=1, padx=em, pady=em)
        self.default_button = self.new_button

    def show(self) -> None:
        """The first start's goal and quick start, or the game in a paragraph."""
        em = self.em
        if self.first_start():
            self._say(P.GOAL_LINES)
            self.open_button.grid_remove()
            self.quick_button.grid(row=3, column=0, padx=em, pady=(em, 0))
            self.new_button.configure(text="Choose players and options…", style="TButton")
            self.new_button.grid(row=3, column=1, padx=em, pady=(em, 0))
            self.quick_note.grid(row=4, column=0, pady=(em // 2, 0))
            self.default_button = self.quick_button
        else:
            self._say((INTRO,))
            self.quick_button.grid_remove()
            self.quick_note.grid_remove()
            self.new_button.configure(text="New game…", style="Big.TButton")
            self.open_button.grid()
            self.default_button = self.new_button
        super().show()

    def _say(self, lines) -> None:
        """The text, each of ``lines`` whole where it fits the card, else broken evenly (a
        word left alone on a line read as an afterthought)."""
        room = self.em * TEXT_EMS
        self.text.configure(text=P.even_lines(lines, T.text_font(self.text).measure, room),
                            wraplength=room)


class Resume(Screen):
    """The unfinished games this window may resume, newest first.

    ``offers()`` gives ``(free, elsewhere)``: the games that can be resumed,
    and those open in another window (named in ``elsewhere_label``, never
    offered).  The list is read again each time the screen is shown.
    """

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_resume: Callable[[], None],
                 on_new: Callable[[], None],
                 offers: Optional[Callable[[], Tuple[list, list]]] = None) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(3))
        from .chooser import COLUMNS, saves_table
        em = theme.em
        self.offers = offers
        self.rows: dict = {}
        inner, self.text = self._card(theme, "Welcome back", justify="center")
        self.table = saves_table(inner, theme, height=3, columns=COLUMNS[:3])
        self.table.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.table.bind("<Double-1>", lambda e: on_resume() if self.table.identify_row(e.y) else None)
        self.elsewhere_label = ttk.Label(inner, text="", style="Screen.TLabel",
                                         wraplength=em * 70, justify="center")
        self.elsewhere_label.grid(row=3, column=0, columnspan=2, pady=(em, 0))
        self.resume_button = ttk.Button(inner, text="Resume the game", style="Big.TButton",
                                        command=on_resume)
        self.new_button = ttk.Button(inner, text="Start a new game", command=on_new)
        self.resume_button.grid(row=4, column=0, padx=em, pady=em)
        self.new_button.grid(row=4, column=1, padx=em, pady=em)
        self.default_button = self.resume_button

    def show(self, read: Optional[tuple] = None) -> None:
        """Show the games to resume: ``read`` (free, elsewhere) when the caller has just read
        the saves folder, else read afresh with ``offers()``."""
        if read is not None:
            self.offer(*read)
        elif self.offers is not None:
            self.offer(*self.offers())
        super().show()
        if self.rows:
            self.table.focus_set()   # the arrow keys choose, Enter resumes

    def offer(self, free: list, elsewhere: list) -> None:
        """List the games that can be resumed here and name those open elsewhere."""
        from .chooser import fill_table
        self.rows = fill_table(self.table, free)
        self.table.configure(height=max(1, min(6, len(free))))
        if len(free) == 1:
            self.text.configure(text="You have an unfinished game. Press Enter to carry on "
                                     "where you left off.")
        else:
            self.text.configure(text=f"You have {len(free)} unfinished games, the most recently "
                                     f"played first. Choose one with the arrow keys and press "
                                     f"Enter to carry on.")
        self.elsewhere_label.configure(text=elsewhere_sentence(elsewhere))

    def selected(self):
        """The save chosen in the list (``SaveInfo``), or ``None``."""
        chosen = self.table.selection()
        return self.rows.get(chosen[0]) if chosen else None


def elsewhere_sentence(elsewhere: list) -> str:
    """One sentence naming the unfinished games open in another window ("" for none)."""
    if not elsewhere:
        return ""
    games = "; ".join(f"{info.players} ({info.stage})" for info in elsewhere[:3])
    more = f" and {len(elsewhere) - 3} more" if len(elsewhere) > 3 else ""
    if len(elsewhere) == 1:
        return (f"Your game with {games} is open in another window, so it is not offered "
                f"here; carry on with it in that window.")
    return (f"Your games with {games}{more} are open in other windows, so they are not "
            f"offered here; carry on with them there.")


class Cover(Screen):
    """Pass-and-play: hides everything until the named person is ready."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, on_ready: Callable[[], None],
                 on_take_back: Optional[Callable[[], None]] = None) -> None:
        super().__init__(master, style="Cover.TFrame")
        self.em = em = theme.em
        inner = ttk.Frame(self, style="Cover.TFrame")
        inner.place(relx=0.5, rely=0.45, anchor="center")
        self.title = ttk.Label(inner, text="", style="CoverTitle.TLabel")
        self.title.grid(row=0, column=0, pady=em)
        self.text = ttk.Label(inner, text="", style="Cover.TLabel", wraplength=em * 60,
                              justify="center")
        self.text.grid(row=1, column=0, pady=em)
        # a long name's two lines centred, as the title's
        ttk.Style(self).configure("Cover.Big.TButton", justify="center")
        ttk.Style(self).configure("Cover.TButton", justify="center")
        self.ready_button = ttk.Button(inner, text="", style="Cover.Big.TButton",
                                       command=on_ready)
        self.ready_button.grid(row=2, column=0, pady=em)
        # Whoever has just submitted may still take the entry back (until the last seat is in).
        self.take_back_button = ttk.Button(inner, text="", style="Cover.TButton",
                                           command=on_take_back)
        self.take_back_button.grid(row=3, column=0, pady=(em, 0))
        self.default_button = self.ready_button

    def set_name(self, name: str, *, take_back: Optional[str] = None) -> None:
        """Ask for ``name``; ``take_back`` names who may still take an entry back.  A long name
        (up to 40 letters) breaks the title and the buttons' words onto more lines, evenly,
        where one line would be wider than the cover's text."""
        import tkinter.font as tkfont
        title, text = P.cover_text(name)
        room = self.em * 60
        wide = self.winfo_toplevel().winfo_width() - self.em * 8
        heading = tkfont.nametofont(ttk.Style(self).lookup("CoverTitle.TLabel", "font"))
        self.title.configure(text=P.even_lines((title,), heading.measure, max(room, wide)),
                             justify="center")
        self.text.configure(text=text + "\n\nPress Enter or the button when you are ready.")
        self.ready_button.configure(text=self._lines(self.ready_button,
                                                     f"I am {name}: show my sheet", room))
        if take_back:
            self.take_back_button.configure(text=self._lines(
                self.take_back_button, f"{take_back}: take back my entry", room))
            self.take_back_button.grid()
        else:
            self.take_back_button.grid_remove()

    def _lines(self, button: ttk.Button, text: str, room: int) -> str:
        """``text`` broken evenly into lines that fit ``room`` less the button's padding."""
        import tkinter.font as tkfont
        style = str(button.cget("style")) or "TButton"
        font = tkfont.nametofont(ttk.Style(button).lookup(style, "font") or "TkDefaultFont")
        return P.even_lines((text,), font.measure, room - self.em * 4)
