"""The guided first game: the goal, then month 1 walked through, one framed area at a time.

``Tour(app)`` lays a strip along the foot of the game window, below
everything else, with a title, a sentence or two, "Step 2 of 9", and Back /
Next / Skip.  The area each step speaks of is framed by a thick border laid
over the game window (and named in the text, so colour is never the only
cue).  Nothing is forced: the player may type in the sheet, submit, or close
the guide at any moment.  Its first step says how to win and what a month is.

    Tour
    +-- window (ttk.Frame, the strip, in the game window's last row):
    |       title_label, text_label | step_label, back_button, next_button, skip_button
    +-- frames: four thin frames on the game window around the area

The strip lies beside the rest of the window, never over it, so it covers
nothing a step frames; it keeps one height from step to step (the tallest
step's) with its buttons at the right, so they never move: clicking the same
place twice never misses.  The steps find what they frame by the window's
named widgets (``app.layout.tally``, ``app.layout.board``…), whatever their place.

Keys on the guide's buttons: Enter or Right = Next, Left = Back, Escape = Skip.
A key pressed as a step comes up was meant for the step before and is not
taken for it (a fast second Enter skips nothing), as on the game's screens.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Tuple

HIGHLIGHT = "#d9480f"
BORDER = 4

Rect = Tuple[int, int, int, int]
Step = Tuple[str, str, Callable[[], object]]


def rect_of(widget) -> Optional[Rect]:
    """The part of ``widget`` in sight, in screen coordinates (within every widget around
    it, such as a column that scrolls), or ``None`` when none of it is shown."""
    try:
        if widget is None or not widget.winfo_viewable():
            return None
        left, top = widget.winfo_rootx(), widget.winfo_rooty()
        right, bottom = left + widget.winfo_width(), top + widget.winfo_height()
        outer = widget.master
        while outer is not None:
            left, top = max(left, outer.winfo_rootx()), max(top, outer.winfo_rooty())
            right = min(right, outer.winfo_rootx() + outer.winfo_width())
            bottom = min(bottom, outer.winfo_rooty() + outer.winfo_height())
            outer = outer.master
    except tk.TclError:
        return None
    if right <= left or bottom <= top:
        return None
    return (left, top, right - left, bottom - top)


def _bring_into_sight(widget, scrolled: dict) -> None:
    """Scroll every scrolling area around ``widget`` so that it is in sight, noting in
    ``scrolled`` where each area stood before the guide first scrolled it."""
    from ..widgets.scroll import ScrolledFrame
    outer = getattr(widget, "master", None)
    while outer is not None:
        if isinstance(outer, ScrolledFrame):
            scrolled.setdefault(outer, outer.canvas.yview()[0])
            outer.see(widget)
        outer = outer.master


def steps(app) -> List[Step]:
    """The guide's steps: (title, text, the widget it frames or ``None``)."""
    from .. import presenter as P
    layout = app.layout
    return [
        ("How to win", P.GOAL + " The strip along the top (framed) has two cells a month, "
         "buying and selling: filled once played, dark for the one being played.",
         lambda: layout.progress),
        ("Your tally sheet",
         "Your tally sheet, laid out like the paper one: a column per month, what you buy "
         "at the top, what you sell below.",
         lambda: layout.tally),
        ("This month's column",
         "Type this month's orders here: for each grade of raw material you want, how many "
         "units and your bid per unit. Leave a grade empty to buy none. Tab moves from box "
         "to box.",
         lambda: layout.tally.body),
        ("The line beside a box", P.line_guide(app.flow.view),
         lambda: layout.tally.hints.get("xfine") or layout.tally.body),
        ("The players",
         "Each player's cash, and a ✓ once their entry is in; point at a face for the "
         "player's stock. What they ordered stays secret until everyone has submitted.",
         lambda: layout.seat_panel),
        ("The Price Level Board",
         "A token per commodity at its market price. The more units everyone orders, the "
         "higher a raw material goes; the more goods offered, the lower a good goes. The "
         "faint arrow marks last month's price, the short bar the opening price.",
         lambda: layout.board),
        ("One click away",
         "The prices month by month, a chart of them, how far prices move, what each good "
         "is made of and the game log.",
         lambda: layout.reference),
        ("Submit",
         "When your orders are typed, press Enter or this button. When everyone is in, all "
         "entries are shown together and the prices move: the reveal.",
         lambda: layout.submit_button),
        ("Then selling",
         "Next you offer finished goods made from your stock, in the bottom block, the same "
         "way. Help ▸ Rules (F1) has the whole game; Help ▸ Guided first game shows this "
         "guide again. Enjoy the game!",
         lambda: None),
    ]


class Tour:
    """The guided first game over ``app`` (see the module docstring)."""

    #: The game window's grid row the strip takes: below the status line.
    ROW = 3

    def __init__(self, app, *, on_close: Optional[Callable[[], None]] = None) -> None:
        self.app = app
        self.on_close = on_close
        self.index = 0
        self.steps = steps(app)
        # Keys pressed within this long of a step coming up are not for it (as ``Flow``).
        self.settle_s = app.flow.settle_s
        self.clock = app.flow.clock
        self._shown_at = float("-inf")
        self._measured: Optional[Tuple[int, int]] = None   # (wrap, em) the height is for
        self._scrolled: dict = {}   # the scrolling areas moved for a step: where they stood
        self.frames = [tk.Frame(app, background=HIGHLIGHT, takefocus=0) for _ in range(4)]
        self._build()
        self.show(0)
        self.next_button.focus_set()

    @property
    def scrolled_areas(self) -> dict:
        """The scrolling areas moved to show a step, each with where it stood (a copy)."""
        return dict(self._scrolled)

    def _build(self) -> None:
        from ..widgets.theme import CURRENT
        app, em = self.app, self.app.theme.em
        style = ttk.Style(app)
        style.configure("Guide.TFrame", background=CURRENT)
        style.configure("Guide.TLabel", background=CURRENT)
        style.configure("GuideTitle.TLabel", background=CURRENT, font="EDHeading")
        self.window = ttk.Frame(app, style="Guide.TFrame", padding=(em, em // 2))
        self.window.columnconfigure(0, weight=1)
        self.title_label = ttk.Label(self.window, text="", style="GuideTitle.TLabel")
        self.title_label.grid(row=0, column=0, sticky="nw")
        self.text_label = ttk.Label(self.window, text="", style="Guide.TLabel",
                                    justify="left")
        self.text_label.grid(row=1, column=0, sticky="nw")
        self.side = side = ttk.Frame(self.window, style="Guide.TFrame")
        side.grid(row=0, column=1, rowspan=2, sticky="ne", padx=(em, 0))
        self.step_label = ttk.Label(side, text="", style="Guide.TLabel")
        self.step_label.grid(row=0, column=0, columnspan=3, sticky="e")
        # Each as wide as its widest word, so that no button moves when a word changes.
        self.back_button = ttk.Button(side, text="Back", command=self.back, width=0)
        self.next_button = ttk.Button(side, text="Next", style="Accent.TButton",
                                      command=self.next, width=len("Finish"))
        self.skip_button = ttk.Button(side, text="Skip the guide", command=self.close,
                                      width=0)
        for column, button in enumerate((self.back_button, self.next_button,
                                         self.skip_button)):
            button.grid(row=1, column=column, padx=(0 if column == 0 else em // 2, 0),
                        pady=(em // 3, 0))
            for key in ("<Return>", "<KP_Enter>", "<Right>"):
                button.bind(key, lambda e: self._key(self.next))
            button.bind("<Left>", lambda e: self._key(self.back))
            button.bind("<Escape>", lambda e: self._key(self.close))
        self.window.grid(row=self.ROW, column=0, sticky="ew")
        self.window.grid_propagate(False)
        # again when the window's width or the text size changes
        for widget in (self.window, self.text_label):
            widget.bind("<Configure>", lambda e: self._fit(), add="+")

    # ------------------------------------------------------------ steps

    def show(self, index: int) -> None:
        """Show step ``index`` (kept within the steps)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        self._say(self.index)
        self.back_button.state(["disabled"] if self.index == 0 else ["!disabled"])
        self._fit()
        self._place_highlight()
        self._shown_at = self.clock()

    def _say(self, index: int) -> None:
        title, text, _ = self.steps[index]
        self.title_label.configure(text=title)
        self.text_label.configure(text=text)
        self.step_label.configure(text=f"Step {index + 1} of {len(self.steps)}")
        self.next_button.configure(text="Finish" if index == len(self.steps) - 1 else "Next")

    def next(self) -> None:
        if self.index >= len(self.steps) - 1:
            self.close()
        else:
            self.show(self.index + 1)

    def back(self) -> None:
        self.show(self.index - 1)

    def _key(self, action: Callable[[], None]) -> str:
        if self.clock() - self._shown_at >= self.settle_s:
            action()
        return "break"

    def target(self):
        """The widget the current step frames (``None`` for none)."""
        try:
            return self.steps[self.index][2]()
        except (AttributeError, tk.TclError):
            return None

    # ---------------------------------------------------------- drawing

    def _fit(self) -> None:
        """Wrap the words to the strip's width and keep the tallest step's height, so that
        the strip, and its buttons, stay put from step to step."""
        try:
            width = self.window.winfo_width()
        except tk.TclError:
            return
        if width <= 1:
            width = self.app.winfo_width()
        em = self.app.theme.em
        wrap = max(em * 20, width - self.side.winfo_reqwidth() - em * 4)
        if self._measured == (wrap, em):
            return
        self._measured = (wrap, em)
        self.text_label.configure(wraplength=wrap)
        self.title_label.configure(wraplength=wrap)
        height = 0
        for index in range(len(self.steps)):
            self._say(index)
            self.window.update_idletasks()
            height = max(height, self.title_label.winfo_reqheight()
                         + self.text_label.winfo_reqheight())
        self._say(self.index)
        self.window.configure(height=max(height, self.side.winfo_reqheight()) + em)

    def _place_highlight(self) -> None:
        target = self.target()
        try:
            _bring_into_sight(target, self._scrolled)
        except tk.TclError:
            pass
        self.app.update_idletasks()
        rect = rect_of(target)
        if rect is None:
            for frame in self.frames:
                frame.place_forget()
            return
        x, y, w, h = rect
        b = BORDER
        # within the game window, so that an area at its edge (the months along the top)
        # is framed on every side
        x = max(b, x - self.app.winfo_rootx())
        y = max(b, y - self.app.winfo_rooty())
        w = min(w, self.app.winfo_width() - x - b)
        for frame, (fx, fy, fw, fh) in zip(self.frames, (
                (x - b, y - b, w + 2 * b, b), (x - b, y + h, w + 2 * b, b),
                (x - b, y, b, h), (x + w, y, b, h))):
            frame.place(x=fx, y=fy, width=fw, height=fh)
            frame.lift()

    @property
    def shown(self) -> bool:
        try:
            return bool(self.window.winfo_exists())
        except tk.TclError:
            return False

    def highlighted(self) -> bool:
        """Whether an area is framed now (for tests)."""
        return any(frame.winfo_ismapped() for frame in self.frames)

    def focus(self) -> None:
        """The keyboard to the guide (Help ▸ Guided first game while it is open)."""
        self.next_button.focus_set()

    def close(self) -> None:
        """End the guide; the game goes on as it was, the strip's room back to it and each
        area it scrolled where it stood."""
        for area, top in self._scrolled.items():
            try:
                area.canvas.yview_moveto(top)
            except tk.TclError:
                pass            # rebuilt meanwhile (a new text size)
        for widget in self.frames + [self.window]:
            try:
                widget.destroy()
            except tk.TclError:
                pass
        if self.on_close is not None:
            self.on_close()
