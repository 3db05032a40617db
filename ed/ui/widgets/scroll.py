"""A frame whose content scrolls when, and only when, it does not fit.

``ScrolledFrame(master)`` holds ``inner`` (put the content there) inside a
canvas; a scrollbar appears on each side where the content is larger than
the space given, and goes away when it fits again, so nothing is ever cut
off and no scrollbar is shown for nothing.  The mouse wheel scrolls it
while the pointer is over it.  ``fits()`` says whether everything is in
sight; ``see(widget)`` scrolls a widget of the content into view.

    ScrolledFrame (ttk.Frame)
    ├── canvas  ── inner (ttk.Frame): the content
    ├── yscroll (shown when needed)
    └── xscroll (shown when needed; only with ``sideways=True``)
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Optional

from .tooltip import unbind_one


class ScrolledFrame(ttk.Frame):
    """See the module docstring."""

    def __init__(self, master: tk.Misc, *, style: Optional[str] = None, background: str = "",
                 sideways: bool = False, fill_width: bool = True, **options) -> None:
        super().__init__(master, **options)
        self.canvas = tk.Canvas(self, highlightthickness=0, borderwidth=0, takefocus=0,
                                width=1, height=1)
        if background:
            self.canvas.configure(background=background)
        self.inner = ttk.Frame(self.canvas, style=style) if style else ttk.Frame(self.canvas)
        self._window = self.canvas.create_window(0, 0, window=self.inner, anchor="nw")
        self.yscroll = ttk.Scrollbar(self, orient="vertical", command=self.canvas.yview)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self.canvas.xview)
        self.canvas.configure(yscrollcommand=self.yscroll.set, xscrollcommand=self.xscroll.set)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.sideways = sideways
        self.fill_width = fill_width
        self._pending: Optional[str] = None
        self._heard: set = set()
        self._wheel_ids: dict = {}
        self.inner.bind("<Configure>", lambda e: self._later())
        self.canvas.bind("<Configure>", lambda e: self._later())
        self.bind("<Map>", lambda e: self._later(), add="+")
        for widget in (self.canvas, self.inner):
            widget.bind("<Enter>", lambda e: self._wheel_on(True), add="+")
            widget.bind("<Leave>", lambda e: self._wheel_on(False), add="+")

    def refit(self) -> None:
        """Fit again once the content is laid out: call it when what the content holds may
        have grown (the content's size is set here, so a larger request of its own goes
        unheard, and its parts' requests reach it one idle pass after another)."""
        if self._pending is None:
            self._pending = self.after_idle(self._settled_refit)

    def _settled_refit(self) -> None:
        self._pending = None
        try:
            self.update_idletasks()
        except tk.TclError:
            return
        self._refit()

    def _later(self) -> None:
        """Refit once the geometry managers are done: a scrollbar shown or hidden from
        inside their own <Configure> would be laid out too late, or not at all."""
        if self._pending is None:
            self._pending = self.after_idle(self._refit)

    def _refit(self) -> None:
        """Size the content to the space and show the scrollbars it needs.

        The scrollbars are placed over the canvas's edges rather than gridded
        beside it: a grid changed from inside its own resizing is not always
        laid out again, which left the content unmapped.
        """
        self._pending = None
        c = self.canvas
        if not c.winfo_exists():
            return
        width, height = c.winfo_width(), c.winfo_height()
        need_w, need_h = self.inner.winfo_reqwidth(), self.inner.winfo_reqheight()
        bar = self.yscroll.winfo_reqwidth()
        tall = need_h > height + 1
        wide = self.sideways and need_w > width - (bar if tall else 0) + 1
        if wide and not tall:
            tall = need_h > height - self.xscroll.winfo_reqheight() + 1
        room_w = width - (bar if tall else 0)
        room_h = height - (self.xscroll.winfo_reqheight() if wide else 0)
        inner_w = max(need_w, room_w) if self.sideways else room_w
        if not self.fill_width:
            inner_w = min(need_w, room_w) if not self.sideways else need_w
        # Larger than the room, the content keeps its own requested size (0: no size set),
        # so that when a part of it grows later the content grows with it and says so
        # (<Configure>); smaller, it is stretched to the room.
        c.itemconfigure(self._window, width=0 if inner_w > room_w else max(1, inner_w),
                        height=0 if need_h > room_h else max(1, room_h))
        # The content's own size is set here, so it hears of nothing when what it holds
        # grows; its parts do (the grid lays them out again): listen to them.
        for child in self.inner.winfo_children():
            if child not in self._heard:
                self._heard.add(child)
                child.bind("<Configure>", lambda e: self._later(), add="+")
        c.configure(scrollregion=(0, 0, inner_w, max(need_h, room_h)))
        if tall:
            self.yscroll.place(relx=1.0, rely=0, anchor="ne", relheight=1.0,
                               height=-(self.xscroll.winfo_reqheight() if wide else 0))
        else:
            self.yscroll.place_forget()
            c.yview_moveto(0)
        if wide:
            self.xscroll.place(relx=0, rely=1.0, anchor="sw", relwidth=1.0,
                               width=-(bar if tall else 0))
        else:
            self.xscroll.place_forget()
            c.xview_moveto(0)
        self.yscroll.lift()
        self.xscroll.lift()

    def fits(self) -> bool:
        """Whether all of the content is in sight (no scrollbar needed)."""
        self.update_idletasks()
        self._refit()
        c = self.canvas
        return (self.inner.winfo_reqheight() <= c.winfo_height() + 1
                and (not self.sideways or self.inner.winfo_reqwidth() <= c.winfo_width() + 1))

    def see(self, widget: tk.Misc) -> None:
        """Scroll so that ``widget`` (inside the content) is in sight."""
        self.update_idletasks()
        c = self.canvas
        total = max(1, self.inner.winfo_height())
        top = widget.winfo_rooty() - self.inner.winfo_rooty()
        bottom = top + widget.winfo_height()
        shown_top = c.canvasy(0)
        if top < shown_top:
            c.yview_moveto(top / total)
        elif bottom > shown_top + c.winfo_height():
            c.yview_moveto(max(0, bottom - c.winfo_height()) / total)

    def scroll_to_top(self) -> None:
        self.canvas.yview_moveto(0)
        self.canvas.xview_moveto(0)

    # --------------------------------------------------------- the wheel

    def _wheel_on(self, on: bool) -> None:
        """While the pointer is over the area, the wheel scrolls it: one handler per
        sequence on the window, added once and removed alone (others stay)."""
        top = self.winfo_toplevel()
        if on and not self._wheel_ids:
            self._wheel_ids = {sequence: top.bind(sequence, self._wheel, add="+")
                               for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>")}
        elif not on:
            for sequence, funcid in self._wheel_ids.items():
                unbind_one(top, sequence, funcid)
            self._wheel_ids = {}

    def _wheel(self, event) -> None:
        if not self.yscroll.winfo_ismapped():
            return
        up = getattr(event, "num", 0) == 4 or getattr(event, "delta", 0) > 0
        self.canvas.yview_scroll(-2 if up else 2, "units")
