"""Tooltips: on hover after a delay, at once on keyboard focus; hidden on leave, Escape, click."""
from __future__ import annotations

import time
import tkinter as tk
from tkinter import ttk

from ed.ui.widgets.tooltip import Tooltip

from .conftest import pump


def _setup(root, text="Your cash after this order", **kw):
    top = tk.Toplevel(root)
    top.geometry("+40+40")
    entry = ttk.Entry(top)
    entry.pack(padx=20, pady=20)
    other = ttk.Entry(top)
    other.pack(padx=20, pady=20)
    tip = Tooltip(entry, text, **kw)
    pump(root)
    return top, entry, other, tip


def _until(root, condition, limit_s=2.0):
    """Bounded update loop: True once ``condition()`` holds."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        root.update()
        if condition():
            return True
    return False


def test_tip_appears_on_focus_and_hides_on_focus_out(root):
    top, entry, other, tip = _setup(root)
    entry.focus_force()
    assert _until(root, tip.is_shown)
    assert tip.label.cget("text") == "Your cash after this order"
    assert tip.tip.winfo_ismapped()
    other.focus_force()
    assert _until(root, lambda: not tip.is_shown())


def test_escape_and_click_hide_the_tip(root):
    top, entry, other, tip = _setup(root)
    entry.focus_force()
    assert _until(root, tip.is_shown)
    entry.event_generate("<Escape>")
    assert not tip.is_shown()
    tip.show()
    entry.event_generate("<ButtonPress-1>", x=2, y=2)
    assert not tip.is_shown()


def test_hover_shows_after_the_delay_and_leave_hides(root):
    top, entry, other, tip = _setup(root, delay_ms=30)
    entry.event_generate("<Enter>", x=3, y=3)      # a pointer moved in: Enter, then Motion
    entry.event_generate("<Motion>", x=3, y=3)
    assert not tip.is_shown()                      # not at once
    assert _until(root, tip.is_shown)
    entry.event_generate("<Leave>")
    assert not tip.is_shown()


def test_a_widget_that_comes_up_under_a_pointer_at_rest_shows_no_tip(root):
    """A new screen under a still mouse: the widget under it gets an Enter and no Motion
    (nobody pointed at it), so no tip is on its way; once the pointer moves, it comes."""
    px, py = root.winfo_pointerxy()               # the pointer stays where it is
    top = tk.Toplevel(root)
    top.geometry(f"300x200+{max(0, px - 100)}+{max(0, py - 80)}")
    pump(root)
    label = ttk.Label(top, text="a cell of the reveal")
    tip = Tooltip(label, "What came of the entry", 10)
    label.place(x=20, y=20, width=200, height=100)               # the screen comes up under it
    pump(root)
    assert root.winfo_containing(px, py) is label
    assert not tip.waiting and not tip.is_shown()
    label.event_generate("<Motion>", x=45, y=35)                 # the pointer moves
    assert _until(root, tip.is_shown)
    top.destroy()


def test_a_tip_the_pointer_brought_goes_with_it_from_a_field_with_the_keyboard(root):
    """A dialog's field (no tip on focus) being typed in: the tip shown by hovering went
    nowhere when the pointer left, since the field still had the keyboard."""
    top, entry, other, tip = _setup(root, delay_ms=10, on_focus=False)
    entry.focus_force()
    pump(root)
    assert root.focus_get() is entry and not tip.is_shown()
    entry.event_generate("<Enter>", x=3, y=3)
    entry.event_generate("<Motion>", x=3, y=3)
    assert _until(root, tip.is_shown)
    entry.event_generate("<Leave>")
    assert not tip.is_shown() and root.focus_get() is entry
    top.destroy()
    # a tip that focus brought stays while the field has the keyboard
    top, entry, other, tip = _setup(root)
    entry.focus_force()
    assert _until(root, tip.is_shown)
    entry.event_generate("<Leave>")
    assert tip.is_shown()
    top.destroy()


def test_hover_tip_opens_beside_the_pointer_and_never_on_the_widget(root):
    """A tip hovered on something small sits beside the pointer but below the whole widget
    (on the widget it would cover what it explains); a focus tip sits below it too."""
    top, entry, other, tip = _setup(root, delay_ms=10)
    entry.focus_force()
    root.update()
    assert tip.is_shown()
    tip.tip.update_idletasks()
    bottom = entry.winfo_rooty() + entry.winfo_height()
    assert tip.tip.winfo_rooty() >= bottom
    tip.hide()
    # Put the pointer at a known spot on the field, then hover.
    entry.event_generate("<Motion>", warp=True, x=10, y=3)
    root.update()
    px, py = entry.winfo_rootx() + 10, entry.winfo_rooty() + 3
    assert tip.widget.winfo_pointerxy() == (px, py)
    tip.show_rested()
    tip.tip.update_idletasks()
    assert (tip.tip.winfo_rootx(), tip.tip.winfo_rooty()) == (px + 12, bottom + 4)


def test_a_tip_over_a_large_table_opens_a_line_below_the_pointer(root):
    """Over a table or chart taller than a quarter of the screen the tip follows the pointer,
    a line below it, clear of the row pointed at."""
    import tkinter.font as tkfont
    top = tk.Toplevel(root)
    top.geometry("+40+40")
    tall = tk.Canvas(top, width=300, height=top.winfo_screenheight() // 3)
    tall.pack()
    tip = Tooltip(tall, "a cell", 10)
    pump(root)
    tall.event_generate("<Motion>", warp=True, x=30, y=40)
    root.update()
    px, py = tall.winfo_rootx() + 30, tall.winfo_rooty() + 40
    tip.show_rested()
    tip.tip.update_idletasks()
    line = tkfont.Font(root=root, name="TkDefaultFont", exists=True).metrics("linespace")
    assert (tip.tip.winfo_rootx(), tip.tip.winfo_rooty()) == (px + 12, py + max(20, line + 8))
    top.destroy()


def test_callable_text_is_read_when_shown(root):
    value = {"n": 1}
    top, entry, other, tip = _setup(root, text=lambda: f"{value['n']} units")
    tip.show()
    assert tip.label.cget("text") == "1 units"
    tip.hide()
    value["n"] = 5
    tip.show()
    assert tip.label.cget("text") == "5 units"
    value["n"] = 0
    tip.text = lambda: ""
    tip.show()
    assert not tip.is_shown()                      # nothing to say: no tip


def test_long_text_wraps_and_stays_on_screen(root):
    top = tk.Toplevel(root)
    sw, sh = top.winfo_screenwidth(), top.winfo_screenheight()
    top.geometry(f"+{sw - 120}+{sh - 60}")
    button = ttk.Button(top, text="Corner")
    button.pack()
    tip = Tooltip(button, "A long explanation " * 30, wraplength=300)
    pump(root)
    tip.show()
    pump(root)
    x, y = tip.tip.winfo_rootx(), tip.tip.winfo_rooty()
    w, h = tip.tip.winfo_width(), tip.tip.winfo_height()
    assert 0 <= x and x + w <= sw and 0 <= y and y + h <= sh
    assert w <= 300 + 40 and h > 3 * tip.label.winfo_reqheight() // 4


def test_destroy_stops_it(root):
    top, entry, other, tip = _setup(root)
    tip.destroy()
    entry.focus_force()
    pump(root)
    assert not tip.is_shown()
