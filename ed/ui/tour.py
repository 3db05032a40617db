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
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Tuple

HIGHLIGHT = "#d9480f"
BORDER = 4

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
        em = app.theme.em
        self.frames = [tk.Frame(app, background=HIGHLIGHT, takefocus=0) for _ in range(4)]
        self.window = tk.Toplevel(app)
        self.window.title("Guided first game")
        self.window.transient(app)
        self.window.resizable(False, False)
        outer = ttk.Frame(self.window, padding=em)
        outer.pack(fill="both", expand=True)
        self.title_label = ttk.Label(outer, text="", style="Heading.TLabel")
        self.title_label.grid(row=0, column=0, columnspan=4, sticky="w")
        self.text_label = ttk.Label(outer, text="", wraplength=em * 44, justify="left")
        self.text_label.grid(row=1, column=0, columnspan=4, sticky="w", pady=(em // 2, em))
        self.step_label = ttk.Label(outer, text="", style="Muted.TLabel")
        self.step_label.grid(row=2, column=0, sticky="w")
        self.back_button = ttk.Button(outer, text="Back", command=self.back)
        self.next_button = ttk.Button(outer, text="Next", style="Accent.TButton",
                                      command=self.next)
        self.skip_button = ttk.Button(outer, text="Skip the guide", command=self.close)
        self.back_button.grid(row=2, column=1, padx=(em, 0))
        self.next_button.grid(row=2, column=2, padx=(em // 2, 0))
        self.skip_button.grid(row=2, column=3, padx=(em // 2, 0))
        outer.columnconfigure(0, weight=1)
        for key in ("<Return>", "<KP_Enter>", "<Right>"):
            self.window.bind(key, lambda e: self._key(self.next))
        self.window.bind("<Left>", lambda e: self._key(self.back))
        self.window.bind("<Escape>", lambda e: self._key(self.close))
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        self.show(0)
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
             "The market prices before the first month and after each one. The Price chart "
             "tab draws the same prices as lines.",
             lambda: app.price_tabs),
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

    def next(self) -> None:
        if self.index >= len(self.steps) - 1:
            self.close()
        else:
            self.show(self.index + 1)

    def back(self) -> None:
        self.show(self.index - 1)

    def _key(self, action: Callable[[], None]) -> str:
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

    def _place_window(self) -> None:
        """Keep the guide away from the framed area: on the other half of the window."""
        app = self.app
        self.window.update_idletasks()
        rect = _rect_of(self.target())
        w, h = self.window.winfo_reqwidth(), self.window.winfo_reqheight()
        left, top = app.winfo_rootx(), app.winfo_rooty()
        width, height = app.winfo_width(), app.winfo_height()
        if rect is not None and rect[0] + rect[2] // 2 < left + width // 2:
            x = left + width - w - 24
        else:
            x = left + 24
        y = top + height - h - 48
        if rect is not None and rect[1] + rect[3] > y and rect[1] > top + h + 48:
            y = top + 48
        self.window.geometry(f"+{max(0, x)}+{max(0, y)}")

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
