"""The game log's panel: the log (``ed.ui.presenter.gamelog``) in a read-only text.

``GameLogPanel(parent)`` is a ttk frame with a read-only, scrollable text::

    GameLogPanel (ttk.Frame)
    +-- text       tk.Text, read-only, takes keyboard focus
    +-- scrollbar  ttk.Scrollbar (vertical)

API: ``set_lines(lines)``, ``append(line_or_lines)``, ``get_text()``.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Iterable, List, Union

from ..presenter.gamelog import HEADING


class GameLogPanel(ttk.Frame):
    """A read-only, scrollable game log that keyboard users can reach and scroll.

    ``set_lines(lines)`` replaces the text; ``append(line_or_lines)`` adds
    to the end (following the end if the reader was there);
    ``get_text()`` returns what is shown.  The heading of each line
    (``"Jan buying"``) is shown in bold.
    """

    def __init__(self, parent: tk.Misc, *, height: int = 12, width: int = 60) -> None:
        super().__init__(parent)
        self.text = tk.Text(self, height=height, width=width, wrap="word", takefocus=1,
                            font="TkTextFont",
                            state="disabled", relief="flat", padx=6, pady=4,
                            highlightthickness=1, cursor="arrow",
                            spacing1=1, spacing3=3)
        self.scrollbar = ttk.Scrollbar(self, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=self.scrollbar.set)
        self.text.grid(row=0, column=0, sticky="nsew")
        self.scrollbar.grid(row=0, column=1, sticky="ns")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        # A named font, so that a change of text size reaches the log too.
        self.text.tag_configure("heading", font="TkHeadingFont")
        self.text.tag_configure("end_of_game", foreground="#1a5e1a")
        for key, how in (("<Prior>", (-1, "pages")), ("<Next>", (1, "pages")),
                         ("<Up>", (-1, "units")), ("<Down>", (1, "units"))):
            self.text.bind(key, lambda e, h=how: self._scroll(*h))
        self.text.bind("<Home>", lambda e: self._to(0.0))
        self.text.bind("<End>", lambda e: self._to(1.0))
        self.text.bind("<Control-Home>", lambda e: self._to(0.0))
        self.text.bind("<Control-End>", lambda e: self._to(1.0))
        self.text.bind("<Button-1>", lambda e: self.text.focus_set(), add="+")
        # shown or resized at its end (the drawer's page opened, a new height): the top
        # line whole again
        self.text.bind("<Configure>", lambda e: self.after_idle(self._whole_top), add="+")
        self._lines: List[str] = []

    def _scroll(self, amount: int, what: str) -> str:
        self.text.yview_scroll(amount, what)
        return "break"

    def _to(self, fraction: float) -> str:
        self.text.yview_moveto(fraction)
        return "break"

    def set_lines(self, lines: Iterable[str]) -> None:
        """Show exactly ``lines``, from the top."""
        self._lines = []
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        self.text.configure(state="disabled")
        self._insert(list(lines))
        self.text.yview_moveto(0.0)

    def append(self, lines: Union[str, Iterable[str]]) -> None:
        """Add one line or several at the end; follows the end if the reader was there."""
        if isinstance(lines, str):
            lines = [lines]
        at_end = self.text.yview()[1] >= 0.999
        self.text.tag_remove("tail", "1.0", "end")      # no longer the newest line
        self._insert(list(lines))
        if at_end:
            self.show_end()

    def show_end(self) -> None:
        """Scroll to the newest line with the line at the top shown whole (scrolled to its
        end, a text shows the lower half of a line cut by its top edge): the newest line
        takes the few pixels more under it that put the next line at the top."""
        self.text.tag_remove("tail", "1.0", "end")
        self.text.see("end")
        self._whole_top()

    def _whole_top(self) -> None:
        text = self.text
        if not text.winfo_ismapped() or text.yview()[1] < 0.999:
            return
        text.tag_remove("tail", "1.0", "end")
        text.see("end")
        text.update_idletasks()
        top = text.dlineinfo("@0,0")
        inset = sum(int(text.cget(option)) for option in ("borderwidth", "highlightthickness",
                                                           "pady"))
        if top is None or top[1] >= inset or text.yview()[0] <= 0.0:
            return
        shown = top[1] + top[3] - inset          # the part of the cut line in sight
        text.tag_configure("tail", spacing3=int(text.cget("spacing3")) + shown)
        text.tag_add("tail", "end - 1 chars linestart", "end")
        text.see("end")

    def _insert(self, lines: List[str]) -> None:
        self.text.configure(state="normal")
        for line in lines:
            if self._lines:
                self.text.insert("end", "\n")
            match = HEADING.match(line)
            tags = ("end_of_game",) if line.startswith("End of game") else ()
            if match:
                self.text.insert("end", match.group(1), ("heading",) + tags)
                self.text.insert("end", line[match.end(1):], tags)
            else:
                self.text.insert("end", line, tags)
            self._lines.append(line)
        self.text.configure(state="disabled")

    @property
    def lines(self) -> List[str]:
        """The lines shown, in order."""
        return list(self._lines)

    def get_text(self) -> str:
        """Everything the log shows, as one string."""
        return self.text.get("1.0", "end-1c")
