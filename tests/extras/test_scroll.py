"""The scrolled area: the wheel scrolls it while the pointer is over it, once per notch."""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ed.ui.widgets.scroll import ScrolledFrame

from .conftest import pump


def _area(root):
    top = tk.Toplevel(root)
    top.geometry("300x200+40+40")
    area = ScrolledFrame(top)
    area.pack(fill="both", expand=True)
    for index in range(80):
        ttk.Label(area.inner, text=f"line {index}").pack(anchor="w")
    pump(root)
    return top, area


def test_one_wheel_notch_scrolls_once_however_the_pointer_came_in(root):
    top, area = _area(root)
    kept = []
    top.bind("<Button-5>", lambda e: kept.append(e), add="+")     # the window's own handler
    area.canvas.event_generate("<Enter>")
    area.inner.event_generate("<Enter>")                            # no Leave between
    pump(root)
    assert area.yscroll.winfo_ismapped()
    area.canvas.yview_scroll(2, "units")                            # what one notch does
    once = area.canvas.canvasy(0)
    area.canvas.yview_moveto(0)
    before = area.canvas.canvasy(0)
    top.event_generate("<Button-5>")
    pump(root)
    assert once > 0 and area.canvas.canvasy(0) - before == once
    top.event_generate("<Button-5>")
    pump(root)
    assert area.canvas.canvasy(0) - before == 2 * once
    area.inner.event_generate("<Leave>")
    pump(root)
    moved = area.canvas.canvasy(0)
    top.event_generate("<Button-5>")
    pump(root)
    assert area.canvas.canvasy(0) == moved                          # the wheel is free again
    assert len(kept) == 3                                           # and the window's own stays
    top.destroy()
