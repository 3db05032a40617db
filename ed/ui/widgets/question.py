"""A question with a few answers, asked in a small modal window.

Widget tree::

    Question (Toplevel)
    ├── text_label          the question, wrapped
    └── buttons             one per answer; ``default`` has the keyboard

Enter answers with the button that has the keyboard (the default one at
first; Tab moves it), Escape and the window's close box with the ``cancel``
answer.  It never waits: each answer calls its function after the window has
closed, so the game and the tests go on meanwhile.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Optional, Sequence, Tuple

from . import theme as T
from .tooltip import focused

Answer = Tuple[str, Optional[Callable[[], None]]]


class Question(tk.Toplevel):
    """Ask ``text`` with ``answers`` (label, function or ``None``), left to right."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *, title: str, text: str,
                 answers: Sequence[Answer], default: int = 0, cancel: int = -1) -> None:
        super().__init__(master)
        from .placement import as_dialog
        as_dialog(self, master, title)
        self.answers = list(answers)
        self.cancel_index = cancel % len(self.answers)
        em = theme.em
        outer = ttk.Frame(self, padding=theme.pad(1.5))
        outer.grid(sticky="nsew")
        self.text_label = ttk.Label(outer, text=text, wraplength=em * 48, justify="left")
        self.text_label.grid(row=0, column=0, sticky="w", pady=(0, em))
        row = ttk.Frame(outer)
        row.grid(row=1, column=0, sticky="e")
        self.buttons = []
        for index, (label, _) in enumerate(self.answers):
            button = ttk.Button(row, text=label, command=lambda i=index: self.answer(i),
                                style="Accent.TButton" if index == default else "TButton",
                                default="active" if index == default else "normal")
            button.grid(row=0, column=index, padx=(0 if index == 0 else em, 0))
            self.buttons.append(button)
        for key in ("<Return>", "<KP_Enter>"):
            self.bind(key, self._on_return)
        self.bind("<Escape>", lambda e: self.answer(self.cancel_index))
        self.protocol("WM_DELETE_WINDOW", lambda: self.answer(self.cancel_index))
        try:
            from .placement import place_over
            place_over(self, master)
        except tk.TclError:
            pass
        self.deiconify()
        self.buttons[default].focus_set()
        self.after_idle(self._grab)

    @property
    def labels(self) -> list:
        return [label for label, _ in self.answers]

    def _on_return(self, event=None) -> str:
        focus = focused(self)
        if focus in self.buttons:
            self.answer(self.buttons.index(focus))
        return "break"

    def answer(self, index: int) -> None:
        """Close, then do what the answer ``index`` says."""
        from .placement import close_modal
        act = self.answers[index][1]
        close_modal(self)
        if act is not None:
            act()

    def _grab(self) -> None:
        from .placement import grab_when_shown
        grab_when_shown(self)
