"""Where windows go: inside the part of the screen a window may use, title bar included.

A window manager puts a title bar above each window and may keep a panel
(a task bar, a top bar) on the screen, and Tk cannot ask how tall they are
before a window is shown.  So no window is given more than the screen's
height less ``RESERVE`` (room for a title bar and a panel), its menu bar
counted; and where the screen is small, the main window also asks to be
maximised, which a window manager does within exactly the usable area.

- ``usable_size(widget) -> (width, height)``: the most a window's own area
  and menu bar may take.
- ``main_size(app) -> (width, height)``: the main window's size at start.
- ``maximise_if_small(app)``: ask to be maximised on a small screen.
- ``place_over(window, master, width=None, height=None)``: centre a window
  over another, its size (the size asked, else its request) kept within
  the usable area; returns the size given.
"""
from __future__ import annotations

import tkinter as tk
from typing import Optional, Tuple

#: Pixels of the screen's height kept for a window's title bar and a panel.
RESERVE = 80
#: The main window's size on a large screen.
DESIGN_SIZE = (1366, 768)
#: Screens this small or smaller get the main window maximised.
SMALL_SCREEN = (1600, 900)


def menu_height(window: tk.Misc) -> int:
    """The height of ``window``'s menu bar where it stands above the window's area (X11)."""
    try:
        if not window.cget("menu") or window.tk.call("tk", "windowingsystem") != "x11":
            return 0
        # Tk shows a menu bar through a clone of the menu, named with a "#" in the window
        for child in window.tk.splitlist(window.tk.call("winfo", "children", window._w)):
            if "#" in str(child).rsplit(".", 1)[-1] \
                    and window.tk.call("winfo", "class", child) == "Menu":
                return int(window.tk.call("winfo", "reqheight", child))
    except tk.TclError:
        pass
    return 0


def usable_size(widget: tk.Misc) -> Tuple[int, int]:
    """(width, height) a window's area and menu bar may take on ``widget``'s screen."""
    return widget.winfo_screenwidth(), max(200, widget.winfo_screenheight() - RESERVE)


def main_size(app: tk.Misc) -> Tuple[int, int]:
    """The main window's area at start: the design size, or the usable screen if smaller."""
    room_w, room_h = usable_size(app)
    return min(DESIGN_SIZE[0], room_w), min(DESIGN_SIZE[1], room_h) - menu_height(app)


def maximise_if_small(app: tk.Misc) -> bool:
    """Ask the window manager to maximise the main window on a small screen.

    It then fills exactly the usable area, title bar and panels allowed for;
    without a window manager nothing happens and the size given stands.
    """
    if app.winfo_screenwidth() > SMALL_SCREEN[0] and app.winfo_screenheight() > SMALL_SCREEN[1]:
        return False
    try:
        if app.tk.call("tk", "windowingsystem") == "x11":
            app.attributes("-zoomed", True)
        else:
            app.state("zoomed")
    except tk.TclError:
        return False
    return True


def place_over(window: tk.Misc, master: tk.Misc, width: Optional[int] = None,
               height: Optional[int] = None, *, move: bool = True) -> Tuple[int, int]:
    """Centre ``window`` over ``master`` within the usable area; returns its (width, height).

    The size is the one asked for, else the window's request, never more
    than the usable area (the window's content scrolls or wraps within it).
    Without ``move`` the window stays where it is, moved only as far as its
    new size needs to stay within the usable area.
    """
    window.update_idletasks()
    room_w, room_h = usable_size(window)
    room_h -= menu_height(window)
    width = min(room_w, width or window.winfo_reqwidth())
    height = min(room_h, height or window.winfo_reqheight())
    try:
        if move:
            x = master.winfo_rootx() + max(0, (master.winfo_width() - width) // 2)
            y = master.winfo_rooty() + max(0, (master.winfo_height() - height) // 3)
        else:
            x, y = window.winfo_x(), window.winfo_y()
    except tk.TclError:
        x = y = 0
    x = max(0, min(x, window.winfo_screenwidth() - width))
    y = max(0, min(y, room_h - height))
    window.geometry(f"{width}x{height}+{x}+{y}")
    return width, height
