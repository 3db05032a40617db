"""Where windows go: inside the part of the screen a window may use, title bar included.

A window manager puts a title bar above each window and may keep a panel
(a task bar, a top bar) on the screen, and Tk cannot ask how tall they are
before a window is shown.  So no window is given more than the screen's
height less ``RESERVE`` (room for a title bar and a panel), its menu bar
counted; and where the screen is small, the main window also asks to be
maximised, which a window manager does within exactly the usable area.

Every size here is given as it would be on a screen of 96 dots per inch
and taken in the screen's own units (``tk scaling``, which follows the
screen's dpi): a sharp 1920×1080 laptop screen at 144 dpi is, in inches,
a 1280×720 one at 96 dpi, and the window opens on it as it would there.

- ``screen_scale(widget)``: the screen's pixels for one pixel at 96 dpi.
- ``px(widget, pixels)``: a size given at 96 dpi, in the screen's pixels.
- ``screen_inches(widget) -> (width, height)``: the screen's size in
  pixels at 96 dpi (1920×1080 at 144 dpi is 1280×720).
- ``usable_size(widget) -> (width, height)``: the most a window's own area
  and menu bar may take.
- ``main_size(app) -> (width, height)``: the main window's size at start.
- ``least_size(app, width, height) -> (width, height)``: a minimum size kept
  within the usable area, the window manager's frame at the sides counted.
- ``maximise_if_small(app)``: ask to be maximised on a small screen.
- ``place_over(window, master, width=None, height=None)``: centre a window
  over another, its size (the size asked, else its request) kept within
  the usable area; returns the size given.
- ``as_dialog(window, master, title)``: a modal dialog's frame, before it is shown.
- ``grab_when_shown(window)``: make a dialog modal once it is on the screen.
- ``close_modal(window)``: close a modal dialog, the keyboard handed back to the
  window it stood over if the dialog held it.
"""
from __future__ import annotations

import tkinter as tk
from typing import Optional, Tuple

#: Pixels (at 96 dpi) of the screen's height kept for a window's title bar and a panel.
RESERVE = 80
#: Pixels (at 96 dpi) of the screen's width kept for the window manager's frame at the sides.
FRAME_SIDES = 16
#: The main window's size on a large screen (pixels at 96 dpi).
DESIGN_SIZE = (1366, 768)
#: Screens this small or smaller (pixels at 96 dpi) get the main window maximised.
SMALL_SCREEN = (1600, 900)
#: Tk's scaling (pixels per point) on a screen of 96 dots per inch.
POINTS_AT_96_DPI = 96 / 72


def screen_scale(widget: tk.Misc) -> float:
    """How many of the screen's pixels make one pixel of a 96-dpi screen (1.5 at 144 dpi).

    Taken from ``tk scaling``, which Tk sets from the screen's dpi and uses for
    every size in points (fonts included); a screen near 96 dpi counts as 96,
    so that ordinary screens keep their sizes to the pixel."""
    try:
        scale = float(widget.tk.call("tk", "scaling")) / POINTS_AT_96_DPI
    except (tk.TclError, ValueError):
        return 1.0
    return 1.0 if abs(scale - 1.0) < 0.1 else scale


def px(widget: tk.Misc, pixels: float) -> int:
    """``pixels`` at 96 dpi, in the pixels of ``widget``'s screen."""
    return int(round(pixels * screen_scale(widget)))


def screen_inches(widget: tk.Misc) -> Tuple[int, int]:
    """The screen's size in pixels at 96 dpi: what a 96-dpi screen of the same inches has."""
    scale = screen_scale(widget)
    return (int(round(widget.winfo_screenwidth() / scale)),
            int(round(widget.winfo_screenheight() / scale)))


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
    return (widget.winfo_screenwidth(),
            max(px(widget, 200), widget.winfo_screenheight() - px(widget, RESERVE)))


def main_size(app: tk.Misc) -> Tuple[int, int]:
    """The main window's area at start: the design size, or the usable screen if smaller."""
    room_w, room_h = usable_size(app)
    return (min(px(app, DESIGN_SIZE[0]), room_w),
            min(px(app, DESIGN_SIZE[1]), room_h) - menu_height(app))


def least_size(app: tk.Misc, width: int, height: int) -> Tuple[int, int]:
    """``width`` × ``height`` as the main window's minimum size: no more than its size at
    start, less the frame a window manager draws at its sides (a minimum as wide as the
    screen put the frame's right edge off it and kept the window from being narrowed)."""
    most_w, most_h = main_size(app)
    return min(width, most_w - px(app, FRAME_SIDES)), min(height, most_h)


def is_small_screen(widget: tk.Misc) -> bool:
    """Whether the screen is, in inches, no larger than ``SMALL_SCREEN`` at 96 dpi."""
    width, height = screen_inches(widget)
    return width <= SMALL_SCREEN[0] or height <= SMALL_SCREEN[1]


def maximise_if_small(app: tk.Misc) -> bool:
    """Ask the window manager to maximise the main window on a small screen.

    It then fills exactly the usable area, title bar and panels allowed for;
    without a window manager nothing happens and the size given stands.
    """
    if not is_small_screen(app):
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


def as_dialog(window: tk.Toplevel, master: tk.Misc, title: str) -> None:
    """Make ``window`` a modal dialog of ``master``, before it is shown: withdrawn until
    placed, titled, kept above ``master``, and of the size the program gives it (a
    window manager draws a resize handle under a window that may be resized: openbox's
    looked like a second, faint bottom border)."""
    window.withdraw()
    window.title(f"{title} — Executive Decision")
    window.transient(master)
    window.resizable(False, False)


def grab_when_shown(window: tk.Toplevel) -> None:
    """Make ``window`` modal once it is on the screen (a grab before that fails)."""
    try:
        if window.winfo_exists() and window.winfo_viewable():
            window.grab_set()
    except tk.TclError:
        pass  # another application holds the grab; the dialog still works


def close_modal(window: tk.Toplevel) -> None:
    """Close the modal dialog ``window``: its grab released and, if it held the keyboard,
    the keyboard handed to the window it stood over, to the field last in use there.

    Asked for, not left to the window manager: with none (and with some) the keyboard
    went to the screen's root as the dialog closed, and the next keys went nowhere
    until the pointer left the main window and came back.
    """
    try:
        window.grab_release()
    except tk.TclError:
        pass
    try:
        focus = window.focus_get()
        if focus is not None and focus.winfo_toplevel() is window:
            under = window.master.winfo_toplevel()
            (under.focus_lastfor() or under).focus_force()
    except (KeyError, tk.TclError):
        pass    # the keyboard is in a window Tk made that tkinter cannot name: left there
    window.destroy()
