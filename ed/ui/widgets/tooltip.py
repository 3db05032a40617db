"""A small tooltip for any Tk widget (Tk has none of its own).

``Tooltip(widget, text, delay_ms=500, wraplength=None, on_focus=True)``: ``text``
is a string or a callable returning one, evaluated each time the tip is shown
(an empty result shows nothing).  The tip appears when the pointer, moved onto
the widget, has rested there for ``delay_ms``, and at once when the widget gets
keyboard focus (unless not ``on_focus``: a field of a dialog, where Escape must
close the dialog).  A widget that comes up under a pointer at rest (a new screen
under a still mouse) shows no tip until the pointer moves: nobody pointed at it.
A tip shown by the pointer hides when the pointer leaves, even from a widget that
has the keyboard; one shown by focus hides when focus leaves.  A mouse button or
Escape hides either, until the pointer comes in again.  Long text wraps; the tip
is kept on the screen, and never covers the widget it explains (below it, or
above it where the screen ends; over a large table or chart, a line below the
pointer), nor comes up under the pointer (beside it then).

Attributes a test may read: ``tip`` (the Toplevel while shown, else
``None``), ``label``, ``waiting``; methods ``show()``, ``show_rested()``, ``hide()``,
``is_shown()``, ``current_text()``, ``destroy()``; ``tip_of(widget)`` finds the tip
``add_tooltip`` gave a widget.

``tree_tip(tree, describe)`` and ``canvas_tip(canvas, describe)`` give a
table or a canvas a tip whose text depends on the cell or item under the
pointer, and follow the pointer from one to the next.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from typing import Callable, List, Optional, Tuple, Union

TextSource = Union[str, Callable[[], str]]

#: pixels between the pointer and a tip beside it
POINTER_GAP = 12


class Tooltip:
    """A delayed hover and focus tip for ``widget``.  See the module docstring."""

    def __init__(self, widget: tk.Misc, text: TextSource, delay_ms: int = 500, *,
                 wraplength: Optional[int] = None, on_focus: bool = True) -> None:
        self.widget = widget
        self.text = text
        self.delay_ms = delay_ms
        self.wraplength = wraplength
        self.tip: Optional[tk.Toplevel] = None
        self.label: Optional[tk.Label] = None
        self._after: Optional[str] = None
        self._near_pointer = False   # being shown by hovering (beside the pointer)
        self._by_pointer = False     # the tip on show was brought by the pointer, not focus
        self._pointed = False        # the pointer came in by moving, and no click since
        self._bindings: List[Tuple[str, str]] = []
        for sequence, handler in (("<Enter>", self._on_enter), ("<Motion>", self._on_motion),
                                  ("<Leave>", self._on_leave),
                                  ("<FocusIn>", self._on_focus_in),
                                  ("<FocusOut>", self._on_hide_event),
                                  ("<ButtonPress>", self._on_press),
                                  ("<Escape>", self._on_escape),
                                  ("<Destroy>", self._on_destroy)):
            if sequence == "<FocusIn>" and not on_focus:
                continue
            self._bindings.append((sequence, widget.bind(sequence, handler, add="+")))

    def current_text(self) -> str:
        """The text the tip would show now."""
        text = self.text() if callable(self.text) else self.text
        return "" if text is None else str(text)

    def is_shown(self) -> bool:
        return self.tip is not None

    @property
    def waiting(self) -> bool:
        """Whether the tip is on its way: the pointer is resting, the delay not yet over."""
        return self._after is not None

    # ------------------------------------------------------------ events

    def _on_enter(self, _event: object = None) -> None:
        # Not yet: a widget mapped under a pointer at rest gets an Enter too, and no Motion.
        # A pointer moved in brings a Motion with its Enter, which starts the wait.
        self._cancel()
        self._pointed = True

    def _on_motion(self, _event: object = None) -> None:
        """The pointer moved on the widget: the tip once it has rested ``delay_ms``."""
        if self._pointed and self.tip is None:
            self.rest()

    def rest(self) -> None:
        """Show the tip once the pointer has rested ``delay_ms`` from now."""
        self._cancel()
        self._pointed = True
        self._after = self.widget.after(self.delay_ms, self.show_rested)

    def _on_leave(self, _event: object = None) -> None:
        self._cancel()
        self._pointed = False
        # a tip the pointer brought goes with it, even from a field being typed in; one
        # that focus brought stays while the focus does
        if self._by_pointer or focused(self.widget) is not self.widget:
            self.hide()

    def _on_focus_in(self, _event: object = None) -> None:
        self.show()

    def _on_hide_event(self, _event: object = None) -> None:
        self._cancel()
        self.hide()

    def _on_press(self, _event: object = None) -> None:
        """A click: the tip goes, and comes back only when the pointer comes in again."""
        self._pointed = False
        self._on_hide_event()

    def _on_escape(self, _event: object = None) -> Optional[str]:
        self._pointed = False
        self._cancel()
        if self.tip is not None:
            self.hide()
            return "break"   # Escape closed the tip; do not let it close a window too
        return None

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self.widget:
            self._cancel()
            self.hide()

    def show_rested(self) -> None:
        """What the pointer's rest of ``delay_ms`` ends in: the tip shown beside the pointer."""
        self._after = None
        self._near_pointer = True
        try:
            self.show()
        finally:
            self._near_pointer = False
        self._by_pointer = self.tip is not None

    def _cancel(self) -> None:
        self._after = cancel_after(self.widget, self._after)

    # ------------------------------------------------------------ showing

    def show(self) -> None:
        """Show the tip now (refreshing its text), below the widget and on screen."""
        self._cancel()
        self._by_pointer = False
        try:
            if not self.widget.winfo_exists() or not self.widget.winfo_viewable():
                return
        except tk.TclError:
            return
        text = self.current_text()
        if not text:
            self.hide()
            return
        if self.tip is None:
            self.tip = tk.Toplevel(self.widget)
            self.tip.withdraw()
            self.tip.wm_overrideredirect(True)
            try:  # a hint to window managers that honour it
                self.tip.wm_attributes("-type", "tooltip")
            except tk.TclError:
                pass
            self.label = tk.Label(self.tip, justify="left", relief="solid", borderwidth=1,
                                  background="#ffffe1", foreground="#000000",
                                  padx=6, pady=3, font="TkTooltipFont")
            self.label.pack()
        # About 45 characters a line in the tip's own font, so larger text wraps alike.
        wrap = self.wraplength or tkfont.Font(root=self.widget, name="TkTooltipFont",
                                              exists=True).measure("0") * 45
        assert self.label is not None
        self.label.configure(text=text, wraplength=wrap)
        self._place()
        self.tip.deiconify()
        self.tip.lift()

    def _place(self) -> None:
        assert self.tip is not None
        self.tip.update_idletasks()
        w, h = self.tip.winfo_reqwidth(), self.tip.winfo_reqheight()
        sw, sh = self.widget.winfo_screenwidth(), self.widget.winfo_screenheight()
        top, bottom = self.widget.winfo_rooty(), self.widget.winfo_rooty() + \
            self.widget.winfo_height()
        if self._near_pointer and bottom - top > sh // 4:
            # Hovering over a large table or chart: a line below the pointer (clear of the
            # row it points at), not at the far edge of the widget, covering its neighbour.
            px, py = self.widget.winfo_pointerxy()
            line = tkfont.Font(root=self.widget, name="TkDefaultFont", exists=True)
            below = max(20, line.metrics("linespace") + 8)
            x, y = px + POINTER_GAP, py + below
            if y + h > sh:
                y = py - h - 8
        elif self._near_pointer:
            # Hovering over something small: beside the pointer, but below (or above) the
            # whole widget, so that the tip never covers what it explains.
            x = self.widget.winfo_pointerx() + POINTER_GAP
            y = bottom + 4
            if y + h > sh:
                y = top - h - 4
        else:
            x = self.widget.winfo_rootx() + 8
            y = self.widget.winfo_rooty() + self.widget.winfo_height() + 4
            if y + h > sh:  # no room below: above the widget
                y = self.widget.winfo_rooty() - h - 4
        x = max(0, min(x, sw - w))
        y = max(0, min(y, sh - h))
        x = _clear_of(self.widget.winfo_pointerxy(), x, y, w, h, sw)
        self.tip.wm_geometry(f"+{x}+{y}")

    def hide(self) -> None:
        """Hide the tip (it is made afresh next time)."""
        tip, self.tip, self.label = self.tip, None, None
        if tip is not None:
            try:
                tip.destroy()
            except tk.TclError:
                pass

    def destroy(self) -> None:
        """Hide the tip and stop reacting to the widget's events."""
        self._cancel()
        self.hide()
        for sequence, funcid in self._bindings:
            unbind_one(self.widget, sequence, funcid)
        self._bindings = []


def _clear_of(pointer: Tuple[int, int], x: int, y: int, width: int, height: int,
              screen: int) -> int:
    """Where a tip ``width`` wide at ``x`` goes across so that it is not under the pointer.

    A tip that comes up under a still pointer (one a key brought: focus) draws the
    pointer into its own window.  Where no window manager holds the focus, Tk then
    gives the focus to the tip, which hides it (the widget lost the focus); the
    pointer is back over the widget, which gets the focus back and shows the tip
    again, without end: the window stopped answering.  A tip beside the pointer
    leaves it where it is; the tip keeps its height (below or above what it explains)."""
    px, py = pointer
    if not (x <= px < x + width and y <= py < y + height):
        return x
    right = px + POINTER_GAP
    return right if right + width <= screen else max(0, px - POINTER_GAP - width)


def focused(widget: tk.Misc) -> Optional[tk.Misc]:
    """The widget of ``widget``'s application that has the keyboard focus, or ``None``.

    ``None`` too when the focus is in a window Tk made that tkinter cannot name (Tk's
    own file dialog and message boxes): ``focus_get`` raises ``KeyError`` there.
    """
    try:
        return widget.focus_get()
    except (KeyError, tk.TclError):
        return None


def unbind_one(widget: tk.Misc, sequence: str, funcid: str) -> None:
    """Remove one handler added with ``add="+"``, leaving the widget's others in place.

    (``Misc.unbind`` before Python 3.13 drops every handler of the sequence.)
    """
    try:
        script = widget.bind(sequence)
        kept = "\n".join(line for line in script.split("\n") if funcid not in line)
        widget.bind(sequence, kept)
        widget.deletecommand(funcid)
    except tk.TclError:
        pass


def cancel_after(widget: tk.Misc, after_id: Optional[str]) -> None:
    """Cancel ``widget``'s pending ``after`` callback ``after_id``, if any, quietly (the
    window may be going).  Returns ``None``, to store back: ``self._after = cancel_after(...)``."""
    if after_id is not None:
        try:
            widget.after_cancel(after_id)
        except tk.TclError:
            pass
    return None


def add_tooltip(widget: tk.Misc, text: TextSource, delay_ms: int = 500, *,
                on_focus: bool = True) -> Tooltip:
    """``Tooltip(widget, text, delay_ms, on_focus=...)``, kept alive on the widget."""
    tip = Tooltip(widget, text, delay_ms, on_focus=on_focus)
    widget._ed_tooltip = tip  # type: ignore[attr-defined]
    return tip


def tip_of(widget: tk.Misc) -> Optional[Tooltip]:
    """The tip ``add_tooltip`` gave ``widget``, or ``None``."""
    return getattr(widget, "_ed_tooltip", None)


# -------------------------------------------------------------- a tip a cell

def _pointer_in(widget) -> Optional[tuple]:
    x, y = widget.winfo_pointerxy()
    return x - widget.winfo_rootx(), y - widget.winfo_rooty()


def _follow(widget, tip, where: Callable[[], object]) -> None:
    """Re-time the tip when the pointer moves to another cell of ``widget``."""
    state = {"cell": None}

    def moved(_event=None) -> None:
        cell = where()
        if cell != state["cell"]:
            state["cell"] = cell
            tip.hide()
            tip.rest()

    widget.bind("<Motion>", moved, add="+")


def tree_tip(tree, describe: Callable[[str, str], str]):
    """A tooltip on a ``ttk.Treeview``: ``describe(row_iid, column)`` for the cell under the pointer."""

    def where():
        x, y = _pointer_in(tree)
        return tree.identify_row(y), tree.identify_column(x)

    def text() -> str:
        row, column = where()
        if not column:
            return ""
        return describe(row, column)

    tip = add_tooltip(tree, text, delay_ms=400)
    _follow(tree, tip, where)
    return tip


def canvas_tip(canvas, describe: Callable[[int], str]):
    """A tooltip on a canvas: ``describe(item)`` for the topmost item under the pointer."""

    def where():
        x, y = _pointer_in(canvas)
        found = canvas.find_overlapping(canvas.canvasx(x) - 1, canvas.canvasy(y) - 1,
                                        canvas.canvasx(x) + 1, canvas.canvasy(y) + 1)
        return found[-1] if found else None

    def text() -> str:
        item = where()
        return describe(item) if item is not None else ""

    tip = add_tooltip(canvas, text, delay_ms=400)
    _follow(canvas, tip, where)
    return tip
