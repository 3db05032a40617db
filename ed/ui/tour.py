"""The guided first game: month 1 walked through, one highlighted area at a time.

``Tour(app)`` opens a small non-modal window with a title, a sentence or
two, "Step 2 of 8", and Back / Next / Skip.  The area each step speaks of is
framed by a thick border laid over the game window (and named in the text,
so colour is never the only cue).  Nothing is forced: the player may type in
the sheet, submit, or close the guide at any moment.

    Tour
    +-- window (tk.Toplevel): title_label, text_label, step_label,
    |                         back_button, next_button, skip_button
    +-- frames: four thin frames on the game window around the area

Keys in the guide's window: Enter or Right = Next, Left = Back, Escape = Skip.
A key pressed as a step comes up was meant for the step before and is not
taken for it (a fast second Enter skips nothing), as on the game's screens.

The guide's window keeps one size and one place from step to step; it moves
(gliding) only when it would cover the area a step frames, to the nearest
corner of the game window where it covers nothing of it.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Tuple

HIGHLIGHT = "#d9480f"
BORDER = 4
#: How far from the game window's edges the guide stands, and its glide's frames.
MARGIN = 24
GLIDE_FRAMES = 8
GLIDE_MS = 15

Rect = Tuple[int, int, int, int]


def _rect_of(widget) -> Optional[Rect]:
    """``widget``'s rectangle in screen coordinates, or ``None`` when it is not shown."""
    try:
        if widget is None or not widget.winfo_viewable():
            return None
        return (widget.winfo_rootx(), widget.winfo_rooty(),
                widget.winfo_width(), widget.winfo_height())
    except tk.TclError:
        return None


class Tour:
    """The guided first game over ``app`` (see the module docstring)."""

    def __init__(self, app, *, on_close: Optional[Callable[[], None]] = None) -> None:
        self.app = app
        self.on_close = on_close
        self.index = 0
        self.steps = self._steps()
        # Keys pressed within this long of a step coming up are not for it (as ``Flow``).
        self.settle_s = app.flow.settle_s
        self.clock = app.flow.clock
        self._shown_at = float("-inf")
        self.size: Optional[Tuple[int, int]] = None       # the window's one size
        self.position: Optional[Tuple[int, int]] = None   # where it stands (screen), or glides to
        self._glide: Optional[str] = None
        self.glide_frames = GLIDE_FRAMES
        em = app.theme.em
        self.frames = [tk.Frame(app, background=HIGHLIGHT, takefocus=0) for _ in range(4)]
        self.window = tk.Toplevel(app)
        self.window.withdraw()          # shown once it has its size and place
        self.window.title("Guided first game")
        self.window.transient(app)
        self.window.resizable(False, False)
        outer = ttk.Frame(self.window, padding=em)
        outer.pack(fill="both", expand=True)
        # No wider than the side panels beside the sheet, so that it can stand beside
        # whatever it frames.
        wrap = max(em * 22, min(em * 40, app.winfo_width() * 5 // 12 - em * 4 - 2 * MARGIN))
        head = ttk.Frame(outer)
        head.grid(row=0, column=0, sticky="ew")
        head.columnconfigure(0, weight=1)
        self.title_label = ttk.Label(head, text="", style="Heading.TLabel",
                                     wraplength=wrap - em * 8)
        self.title_label.grid(row=0, column=0, sticky="w")
        self.step_label = ttk.Label(head, text="", style="Muted.TLabel")
        self.step_label.grid(row=0, column=1, sticky="ne", padx=(em, 0))
        self.text_label = ttk.Label(outer, text="", wraplength=wrap, justify="left")
        self.text_label.grid(row=1, column=0, sticky="w", pady=(em // 2, em))
        # As wide as their words (not the theme's eleven characters), so the guide stays
        # narrow enough to stand beside what it frames.
        buttons = ttk.Frame(outer)
        buttons.grid(row=2, column=0, sticky="e")
        self.back_button = ttk.Button(buttons, text="Back", command=self.back, width=0)
        self.next_button = ttk.Button(buttons, text="Next", style="Accent.TButton",
                                      command=self.next, width=len("Finish"))
        self.skip_button = ttk.Button(buttons, text="Skip the guide", command=self.close,
                                      width=0)
        self.back_button.grid(row=0, column=0)
        self.next_button.grid(row=0, column=1, padx=(em // 2, 0))
        self.skip_button.grid(row=0, column=2, padx=(em // 2, 0))
        outer.columnconfigure(0, weight=1)
        for key in ("<Return>", "<KP_Enter>", "<Right>"):
            self.window.bind(key, lambda e: self._key(self.next))
        self.window.bind("<Left>", lambda e: self._key(self.back))
        self.window.bind("<Escape>", lambda e: self._key(self.close))
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        self.show(0)
        self.window.deiconify()
        self.next_button.focus_set()

    # ------------------------------------------------------------ steps

    def _steps(self) -> List[Tuple[str, str, Callable[[], object]]]:
        app = self.app
        return [
            ("Your tally sheet",
             "This is your tally sheet, laid out like the paper one: one column per month. "
             "Orders of raw materials go in the top block, sales of finished goods in the "
             "bottom block. It is framed now.",
             lambda: app.tally),
            ("This month's column",
             "Type this month's orders in the yellow column (framed): for each grade of raw "
             "material you want, how many units and your bid per unit. Leave a grade empty "
             "to order none. Tab moves from field to field.",
             lambda: app.tally.body),
            ("The help beside each field",
             "Beside the fields the app works out the lowest bid the rules allow, what an "
             "order costs, the cash you would have left and anything the rules refuse (in "
             "words, not only in red). It never tells you what to bid.",
             lambda: app.tally.hints.get("xfine")),
            ("Everyone's public facts",
             "The players panel (framed) shows each player's cash and stock, and a tick once "
             "their entry is in. Entries themselves stay secret until the reveal.",
             lambda: app.seat_panel),
            ("The Price Level Board",
             "A token for each commodity stands at its market price and moves up or down "
             "each month; the faint one is where it was last month, the short bar the "
             "opening price. The Prices tab lists every month; Price chart draws them as "
             "lines.",
             lambda: app.layout.board),
            ("Calculator, production chart and game log",
             "How much a price moves for the units ordered or offered in all, what each "
             "finished good is made of, and the game log: every reveal told in sentences.",
             lambda: app.reference),
            ("Submit",
             "When your orders are typed, press Enter or this button (framed). When everyone "
             "has submitted, all entries are revealed together and the prices move.",
             lambda: app.submit_button),
            ("Then selling, month after month",
             "After the reveal you offer finished goods made from your stock, in the bottom "
             "block, the same way. Help ▸ Rules has the whole game in plain words; Help ▸ "
             "Guided first game shows this guide again. Enjoy the game!",
             lambda: None),
        ]

    def show(self, index: int) -> None:
        """Show step ``index`` (kept within the steps)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        title, text, _ = self.steps[self.index]
        self.title_label.configure(text=title)
        self.text_label.configure(text=text)
        self.step_label.configure(text=f"Step {self.index + 1} of {len(self.steps)}")
        last = self.index == len(self.steps) - 1
        self.next_button.configure(text="Finish" if last else "Next")
        self.back_button.state(["disabled"] if self.index == 0 else ["!disabled"])
        self._place_highlight()
        self._place_window()
        self._shown_at = self.clock()

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

    def _place_highlight(self) -> None:
        self.app.update_idletasks()
        rect = _rect_of(self.target())
        if rect is None:
            for frame in self.frames:
                frame.place_forget()
            return
        x, y, w, h = rect
        x -= self.app.winfo_rootx()
        y -= self.app.winfo_rooty()
        b = BORDER
        for frame, (fx, fy, fw, fh) in zip(self.frames, (
                (x - b, y - b, w + 2 * b, b), (x - b, y + h, w + 2 * b, b),
                (x - b, y, b, h), (x + w, y, b, h))):
            frame.place(x=fx, y=fy, width=fw, height=fh)
            frame.lift()

    def _fixed_size(self) -> Tuple[int, int]:
        """The size that holds every step's words: the window keeps it throughout."""
        if self.size is None:
            shown = self.index
            width = height = 0
            for index, (title, text, _) in enumerate(self.steps):
                self.title_label.configure(text=title)
                self.text_label.configure(text=text)
                self.step_label.configure(text=f"Step {index + 1} of {len(self.steps)}")
                self.next_button.configure(text="Finish" if index == len(self.steps) - 1
                                           else "Next")
                self.window.update_idletasks()
                width = max(width, self.window.winfo_reqwidth())
                height = max(height, self.window.winfo_reqheight())
            self.size = (width, height)
            title, text, _ = self.steps[shown]
            self.title_label.configure(text=title)
            self.text_label.configure(text=text)
            self.step_label.configure(text=f"Step {shown + 1} of {len(self.steps)}")
            self.next_button.configure(text="Finish" if shown == len(self.steps) - 1
                                       else "Next")
        return self.size

    def _corners(self, w: int, h: int) -> List[Tuple[int, int]]:
        """The places the guide may stand: the game window's corners, bottom right first."""
        app = self.app
        left, top = app.winfo_rootx(), app.winfo_rooty()
        right = left + app.winfo_width() - w - MARGIN
        bottom = top + app.winfo_height() - h - 2 * MARGIN
        return [(max(0, x), max(0, y)) for x, y in (
            (right, bottom), (left + MARGIN, bottom), (right, top + 2 * MARGIN),
            (left + MARGIN, top + 2 * MARGIN))]

    def _step_rect(self, index: int) -> Optional[Rect]:
        """The screen rectangle step ``index`` frames, or ``None``."""
        try:
            return _rect_of(self.steps[index][2]())
        except (AttributeError, tk.TclError):
            return None

    def covers(self, position: Tuple[int, int], rect: Optional[Rect]) -> int:
        """How much of ``rect`` (and its frame) the guide would cover at ``position``."""
        if rect is None or self.size is None:
            return 0
        w, h = self.size
        x, y = position
        rx, ry, rw, rh = rect
        b = BORDER
        across = min(x + w, rx + rw + b) - max(x, rx - b)
        down = min(y + h, ry + rh + b) - max(y, ry - b)
        return max(0, across) * max(0, down)

    def _place_window(self) -> None:
        """Keep the guide where it is, unless it would cover the framed area: then it
        glides to the corner that covers none of it (or the least) and stays clear of the
        most steps to come, the nearest of those."""
        w, h = self._fixed_size()
        rects = [self._step_rect(index) for index in range(len(self.steps))]
        rect = rects[self.index]
        here = self.position
        if here is not None and not self.covers(here, rect):
            return
        corners = self._corners(w, h)
        start = here if here is not None else corners[0]

        def clear_ahead(corner: Tuple[int, int]) -> int:
            ahead = 0
            for later in rects[self.index + 1:]:
                if self.covers(corner, later):
                    break
                ahead += 1
            return ahead

        best = min(corners, key=lambda c: (self.covers(c, rect), -clear_ahead(c),
                                           abs(c[0] - start[0]) + abs(c[1] - start[1])))
        self.position = best
        if here is None or not self.window.winfo_ismapped():
            self.window.geometry(f"{w}x{h}+{best[0]}+{best[1]}")
        else:
            self._glide_from(here, 1)

    def _glide_from(self, start: Tuple[int, int], frame: int) -> None:
        """One frame of the glide from ``start`` to ``position``."""
        self._glide = None
        if self.position is None or self.size is None or not self.shown:
            return
        w, h = self.size
        share = min(1.0, frame / max(1, self.glide_frames))
        x = round(start[0] + (self.position[0] - start[0]) * share)
        y = round(start[1] + (self.position[1] - start[1]) * share)
        self.window.geometry(f"{w}x{h}+{x}+{y}")
        if share < 1.0:
            self._glide = self.window.after(GLIDE_MS, self._glide_from, start, frame + 1)

    @property
    def shown(self) -> bool:
        try:
            return bool(self.window.winfo_exists())
        except tk.TclError:
            return False

    def highlighted(self) -> bool:
        """Whether an area is framed now (for tests)."""
        return any(frame.winfo_ismapped() for frame in self.frames)

    def close(self) -> None:
        """End the guide; the game goes on as it was."""
        from .tooltip import cancel_after
        self._glide = cancel_after(self.window, self._glide)
        for frame in self.frames:
            try:
                frame.destroy()
            except tk.TclError:
                pass
        try:
            self.window.destroy()
        except tk.TclError:
            pass
        if self.on_close is not None:
            self.on_close()
