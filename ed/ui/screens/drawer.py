"""The drawer under the board: the tables one click away, closed until asked for.

``Drawer(master, theme, pages, on_change)`` is a row of tabs, one per page
(Prices, Chart, Price moves, Recipes, Log); a tab opens its page below it,
and the open page's tab (or Escape within the drawer) closes it again.  A
page is built by its builder the first time it opens, in a holder of a
fixed height, so the board above keeps the rest of the column and never
jumps as pages change; where the column is too short for both (``fit``),
the page gives up lines first.  The tabs are in the keyboard's Tab order and the
View menu opens the same pages (``toggle``).  Widget tree::

    Drawer (ttk.Frame)
    ├── strip (ttk.Frame)   tabs[name] (ttk.Radiobutton on ``var``)
    └── holder (ttk.Frame)  the open page (removed while the drawer is closed)

``open(name)``, ``close()``, ``toggle(name)``; ``shown`` is the open page's
name, or "" when closed; ``page(name)`` the page, once built.
``on_change(shown)`` is called after every change.  A tab clicked with the mouse
hands the keyboard back to the widget that had it (``give_back(widget)``): a look at a
page in the middle of an order leaves the typing where it was.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Dict, Mapping, Optional, Sequence, Tuple

from ..widgets import theme as T

#: The pages, in the order of their tabs: (name, the tab's word).
PAGES: Tuple[Tuple[str, str], ...] = (("prices", "Prices"), ("chart", "Chart"),
                                      ("calculator", "Price moves"), ("recipes", "Recipes"),
                                      ("log", "Log"))


class Drawer(ttk.Frame):
    """See the module docstring."""

    #: The height of an open page, in lines of text.
    PAGE_LINES = 9
    #: The fewest lines a page keeps where the column is short (``fit``).
    LEAST_LINES = 4

    def __init__(self, master: tk.Misc, theme: T.Theme,
                 builders: Mapping[str, Callable[[ttk.Frame], tk.Misc]], *,
                 on_change: Callable[[str], None] = lambda shown: None,
                 give_back: Callable[[tk.Misc], None] = lambda widget: widget.focus_set(),
                 pages: Sequence[Tuple[str, str]] = PAGES) -> None:
        super().__init__(master)
        self.theme = theme
        self.builders = dict(builders)
        self.on_change = on_change
        self.give_back = give_back
        self.var = tk.StringVar(self, value="")
        self.shown = ""
        self.pages: Dict[str, tk.Misc] = {}
        self.strip = ttk.Frame(self)
        self.strip.grid(row=0, column=0, sticky="w")
        self.tabs: Dict[str, ttk.Radiobutton] = {}
        for column, (name, word) in enumerate(pages):
            tab = ttk.Radiobutton(self.strip, text=word, value=name, variable=self.var,
                                  style="Drawer.Toolbutton", takefocus=1,
                                  command=lambda n=name: self._clicked(n))
            tab.grid(row=0, column=column, padx=(0, theme.pad(0.2)))
            tab.bind("<Escape>", self._escape)
            tab.bind("<ButtonPress-1>", self._pressed, add="+")
            tab.bind("<ButtonRelease-1>", self._released, add="+")
            self.tabs[name] = tab
        #: the widget that had the keyboard when a tab was pressed with the mouse
        self._typing_in: Optional[tk.Misc] = None
        self.holder = ttk.Frame(self, height=self.page_height(), style="Drawer.TFrame",
                                padding=theme.pad(0.3))
        self.holder.grid_propagate(False)
        self.holder.pack_propagate(False)
        self.holder.columnconfigure(0, weight=1)
        self.holder.rowconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)

    def page_height(self) -> int:
        """The height of an open page: ``PAGE_LINES`` lines and the holder's padding."""
        return self.theme.line * self.PAGE_LINES + self.theme.pad(0.6)

    def fit(self, room: int) -> None:
        """Give an open page at most ``room`` pixels (never fewer than ``LEAST_LINES`` lines,
        never more than ``page_height``): where the column is short (large text and the
        guide's strip on a small screen), the page gives up lines before the board above
        is squeezed; with the room back, it has its height back."""
        least = self.theme.line * self.LEAST_LINES + self.theme.pad(0.6)
        height = max(least, min(self.page_height(), int(room)))
        if int(str(self.holder.cget("height"))) != height:
            self.holder.configure(height=height)

    # ------------------------------------------------------------ opening

    def _pressed(self, _event) -> None:
        """A tab pressed with the mouse: note what had the keyboard (a field of the sheet,
        half-way through an order), which the tab's own press takes."""
        held = self.focus_get()
        self._typing_in = held if held not in self.tabs.values() else None

    def _released(self, _event) -> None:
        """The click done (the page opened or closed by then): the keyboard goes back to the
        field it was in, so that the digits typed next go on into it and Enter is the
        sheet's.  From the keyboard (Tab, Space) a tab keeps it."""
        held, self._typing_in = self._typing_in, None
        if held is not None:
            self.after_idle(lambda: held.winfo_exists() and self.give_back(held))

    def _clicked(self, name: str) -> None:
        """A tab was chosen: its page opens, or closes if it was the one open."""
        self.toggle(name, was=self.shown)

    def toggle(self, name: str, *, was: Optional[str] = None) -> None:
        """Open ``name``'s page, or close the drawer if that page is the one open."""
        if (self.shown if was is None else was) == name:
            self.close()
        else:
            self.open(name)

    def open(self, name: str) -> None:
        """Show ``name``'s page (built the first time) below the tabs."""
        if name not in self.builders:
            raise ValueError(f"the drawer has no page {name!r}")
        page = self.pages.get(name)
        if page is None:
            page = self.pages[name] = self.builders[name](self.holder)
        for other in self.pages.values():
            if other is not page:
                other.grid_remove()
        page.grid(row=0, column=0, sticky="nsew")
        self.holder.grid(row=1, column=0, sticky="ew")
        self.var.set(name)
        self.shown = name
        self.on_change(name)

    def close(self) -> None:
        """Put the page away: only the tabs stay, and the board has the room."""
        self.holder.grid_remove()
        self.var.set("")
        self.shown = ""
        self.on_change("")

    def page(self, name: str) -> Optional[tk.Misc]:
        """``name``'s page if it has been built."""
        return self.pages.get(name)

    def _escape(self, _event=None) -> str:
        if self.shown:
            tab = self.tabs[self.shown]
            self.close()
            tab.focus_set()
        return "break"

    def bind_escape(self, widget: tk.Misc) -> None:
        """Escape in ``widget`` (a part of a page) closes the drawer."""
        widget.bind("<Escape>", self._escape, add="+")
