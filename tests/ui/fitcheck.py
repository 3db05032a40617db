"""Walk a window's widgets and say where a text needs more room than it was given.

``problems(window, usable)`` returns one line per fault found among the
widgets on show (a notebook's every tab is looked at in turn):

- a label, button, check or radio button narrower or shorter than its text
  and padding ask for (Tk's own request, which counts the font's measure
  and any wrapping);
- an entry, combobox or spinbox whose text is wider than its field;
- a tree (table) column narrower than its heading or a cell, columns wider
  than the tree itself (a table needing to be scrolled sideways to show a
  column's head and values), or a row of the tree cut at its foot;
- a canvas text outside the canvas's visible area (on an axis it cannot
  scroll) or on top of another text;
- a notebook too narrow for its tabs;
- a widget reaching outside its parent (Tk cuts it there), unless the
  parent is a canvas that scrolls it;
- a window outside ``usable``, the part of the screen a window may use
  with its title bar: ``(left, top, right, bottom)`` in screen pixels.

Each line names the widget's path and class and its text, so that a
failure says where to look.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Iterator, List, Optional, Tuple

#: pixels of slack allowed for rounding
SLACK = 1
TEXT_CLASSES = {"TLabel", "Label", "TButton", "Button", "TCheckbutton", "Checkbutton",
                "TRadiobutton", "Radiobutton", "TMenubutton", "Menubutton", "Message"}
FIELD_CLASSES = {"TEntry", "Entry", "TCombobox", "TSpinbox", "Spinbox"}
#: a tree cell's text is drawn this far in from each side of its column
CELL_PAD = 4


def problems(window: tk.Misc, usable: Tuple[int, int, int, int]) -> List[str]:
    """Every fault found in ``window`` and its widgets on show (see the module docstring)."""
    window.update_idletasks()
    found: List[str] = []
    found.extend(_window_problems(window, usable))
    found.extend(_walk(window))
    return found


def _walk(widget: tk.Misc) -> List[str]:
    found: List[str] = []
    for child in _children(widget):
        if not _viewable(child):
            continue
        found.extend(_widget_problems(child))
        if child.winfo_class() == "TNotebook":
            found.extend(_each_tab(child))
        else:
            found.extend(_walk(child))
    return found


def _each_tab(notebook: ttk.Notebook) -> List[str]:
    """Look at every tab of ``notebook`` in turn, then put back the one selected."""
    found: List[str] = []
    chosen = notebook.select()
    for tab in notebook.tabs():
        if notebook.tab(tab, "state") != "normal":
            continue
        notebook.select(tab)
        notebook.update()
        page = notebook.nametowidget(tab)
        if _viewable(page):
            found.extend(_widget_problems(page))
            found.extend(_walk(page))
    if chosen:
        notebook.select(chosen)
        notebook.update()
    return found


def _children(widget: tk.Misc) -> Iterator[tk.Misc]:
    for child in widget.winfo_children():
        if isinstance(child, (tk.Toplevel, tk.Menu)):
            continue        # a window of its own is walked on its own
        yield child


def _viewable(widget: tk.Misc) -> bool:
    try:
        return bool(widget.winfo_viewable())
    except tk.TclError:
        return False


def _name(widget: tk.Misc) -> str:
    text = ""
    try:
        if widget.winfo_class() in TEXT_CLASSES:
            text = str(widget.cget("text"))
        elif widget.winfo_class() in FIELD_CLASSES:
            text = widget.get()
    except (tk.TclError, AttributeError):
        pass
    text = " ".join(text.split())
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{widget.winfo_class()} {widget} {text!r}"


# ------------------------------------------------------------ windows

def _window_problems(window: tk.Misc, usable: Tuple[int, int, int, int]) -> List[str]:
    left, top, right, bottom = usable
    x, y = window.winfo_rootx(), window.winfo_rooty()
    width, height = window.winfo_width(), window.winfo_height()
    menu_height = _menu_height(window)
    found = []
    if x < left or x + width > right + SLACK:
        found.append(f"window {window} ({width} px wide at x={x}) is outside the screen's "
                     f"usable width {left}..{right}")
    if y - menu_height < top or y + height > bottom + SLACK:
        found.append(f"window {window} (from y={y - menu_height} to {y + height}, menu bar "
                     f"included) is outside the screen's usable height {top}..{bottom}")
    return found


def _menu_height(window: tk.Misc) -> int:
    """The height of a window's menu bar where it sits above the window's own area (X11):
    Tk draws it through a clone of the menu, named with a "#"."""
    if not _option(window, "menu") or window.tk.call("tk", "windowingsystem") != "x11":
        return 0
    for child in window.tk.splitlist(window.tk.call("winfo", "children", str(window))):
        if "#" in str(child).rsplit(".", 1)[-1] \
                and window.tk.call("winfo", "class", child) == "Menu":
            return int(window.tk.call("winfo", "height", child))
    return 0


# ------------------------------------------------------------ widgets

def _widget_problems(widget: tk.Misc) -> List[str]:
    found = list(_outside_parent(widget))
    kind = widget.winfo_class()
    if kind in TEXT_CLASSES:
        found.extend(_text_problems(widget))
    elif kind in FIELD_CLASSES:
        found.extend(_field_problems(widget))
    elif kind == "Treeview":
        found.extend(_tree_problems(widget))
    elif kind == "Canvas":
        found.extend(_canvas_problems(widget))
    elif kind == "TNotebook":
        found.extend(_tab_problems(widget))
    return found


def _outside_parent(widget: tk.Misc) -> Iterator[str]:
    parent = widget.nametowidget(widget.winfo_parent())
    if parent.winfo_class() == "Canvas" or isinstance(parent, (tk.Tk, tk.Toplevel)):
        return
    x, y = widget.winfo_x(), widget.winfo_y()
    width, height = widget.winfo_width(), widget.winfo_height()
    if x < -SLACK or y < -SLACK or x + width > parent.winfo_width() + SLACK \
            or y + height > parent.winfo_height() + SLACK:
        yield (f"{_name(widget)} at {x},{y} size {width}x{height} reaches outside its parent "
               f"{parent} ({parent.winfo_width()}x{parent.winfo_height()})")


def _text_problems(widget: tk.Misc) -> Iterator[str]:
    if not str(widget.cget("text")).strip() and not str(_option(widget, "image")):
        return
    need_w, need_h = widget.winfo_reqwidth(), widget.winfo_reqheight()
    width, height = widget.winfo_width(), widget.winfo_height()
    if str(_option(widget, "width")) not in ("", "0"):
        # a width in characters asks for room whatever the text: measure the text itself
        need_w = _text_width(widget) + _padding_x(widget, need_w)
    if width + SLACK < need_w:
        yield f"{_name(widget)} is {width} px wide but its text needs {need_w}"
    if height + SLACK < need_h:
        yield f"{_name(widget)} is {height} px high but its text needs {need_h}"


def _option(widget: tk.Misc, name: str):
    try:
        return widget.cget(name)
    except tk.TclError:
        return ""


def _font(widget: tk.Misc, style_name: Optional[str] = None) -> tkfont.Font:
    name = _option(widget, "font")
    if not name:
        style = style_name or _option(widget, "style") or widget.winfo_class()
        name = ttk.Style(widget).lookup(style, "font") or "TkDefaultFont"
    try:
        return tkfont.Font(root=widget, name=str(name), exists=True)
    except tk.TclError:
        return tkfont.Font(root=widget, font=name)


def _text_width(widget: tk.Misc) -> int:
    """The width the text takes: its longest line, or the wrap length where it wraps."""
    font = _font(widget)
    widest = max((font.measure(line) for line in str(widget.cget("text")).split("\n")),
                 default=0)
    wrap = _pixels(widget, _option(widget, "wraplength"))
    return min(widest, wrap) if wrap > 0 else widest


def _pixels(widget: tk.Misc, value) -> int:
    try:
        return int(widget.winfo_fpixels(str(value or 0)))
    except (tk.TclError, ValueError):
        return 0


def _padding_x(widget: tk.Misc, need_w: int) -> int:
    """The room around a text-and-width widget's text: what its width in characters does
    not explain of its request (a fair estimate: the request minus the characters)."""
    chars = int(str(_option(widget, "width")) or 0)
    if chars <= 0:
        return 0
    zero = _font(widget).measure("0")
    return max(0, need_w - chars * zero)


def _field_problems(widget: tk.Misc) -> Iterator[str]:
    text = widget.get()
    if not text:
        return
    need = _font(widget).measure(text)
    room = _text_room(widget)
    if room + SLACK < need:
        yield f"{_name(widget)} has {room} px for its text but the text needs {need}"


def _text_room(widget: tk.Misc) -> int:
    """The width of a field's text area, found by asking which part lies under each pixel
    (ttk fields name it "textarea"; a classic entry is all text but its border)."""
    width, y = widget.winfo_width(), widget.winfo_height() // 2
    if not widget.winfo_class().startswith("T"):
        inset = int(float(str(_option(widget, "borderwidth") or 0))) \
            + int(float(str(_option(widget, "highlightthickness") or 0)))
        return width - 2 * inset
    inside = [x for x in range(width) if widget.identify(x, y).endswith("textarea")]
    return inside[-1] - inside[0] + 1 if inside else 0


def _tree_problems(tree: ttk.Treeview) -> Iterator[str]:
    columns = list(tree["displaycolumns"])
    if columns in (["#all"], ("#all",)):
        columns = list(tree["columns"])
    if "tree" in str(tree["show"]):
        columns.insert(0, "#0")
    body = _font(tree, "Treeview")
    head = _font(tree, "Treeview.Heading")
    total = 0
    for column in columns:
        width = int(tree.column(column, "width"))
        total += width
        need = 0
        if "headings" in str(tree["show"]):
            text = str(tree.heading(column, "text"))
            image = _image_name(tree.heading(column, "image"))
            need = max(head.measure(line) for line in text.split("\n")) + 2 * CELL_PAD
            if image:
                need += int(tree.tk.call("image", "width", image)) + CELL_PAD
            if width + SLACK < need:
                yield f"tree {tree} column {column} heading {text!r} needs {need} px, has {width}"
        for item in _items(tree):
            text = str(tree.item(item, "text") if column == "#0" else tree.set(item, column))
            font = _item_font(tree, item) or body
            cell = max((font.measure(line) for line in text.split("\n")), default=0) \
                + 2 * CELL_PAD
            if column == "#0":
                cell += _tree_indent(tree, item)
            if width + SLACK < cell:
                yield f"tree {tree} column {column} cell {text!r} needs {cell} px, has {width}"
                break
    if total > tree.winfo_width() + SLACK:
        yield (f"tree {tree} columns need {total} px but the tree is {tree.winfo_width()} wide"
               f" (it would have to be scrolled sideways)")
    yield from _rows_cut(tree)


def _rows_cut(tree: ttk.Treeview) -> Iterator[str]:
    """A row drawn only in part at the foot of the tree (Tk also gives a box to the row
    below the last in sight, starting on the tree's border: that one is not drawn)."""
    height = tree.winfo_height()
    for item in _items(tree):
        box = tree.bbox(item)
        if box and box[1] < height - 2 and box[1] + box[3] > height + SLACK:
            yield f"tree {tree} row {tree.item(item, 'values')[:1]} is cut at the tree's foot"
            break


def _image_name(value) -> str:
    """An image option's value as the image's name ("" for none)."""
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    return str(value or "")


def _items(tree: ttk.Treeview, parent: str = "") -> Iterator[str]:
    for item in tree.get_children(parent):
        yield item
        yield from _items(tree, item)


def _item_font(tree: ttk.Treeview, item: str) -> Optional[tkfont.Font]:
    for tag in tree.item(item, "tags") or ():
        name = tree.tag_configure(tag, "font")
        if name:
            try:
                return tkfont.Font(root=tree, name=str(name), exists=True)
            except tk.TclError:
                return tkfont.Font(root=tree, font=name)
    return None


def _tree_indent(tree: ttk.Treeview, item: str) -> int:
    depth, parent = 0, tree.parent(item)
    while parent:
        depth, parent = depth + 1, tree.parent(parent)
    return depth * 20


def _canvas_problems(canvas: tk.Canvas) -> Iterator[str]:
    width, height = canvas.winfo_width(), canvas.winfo_height()
    left, top = canvas.canvasx(0), canvas.canvasy(0)
    scrolls_x = bool(str(canvas.cget("xscrollcommand")))
    scrolls_y = bool(str(canvas.cget("yscrollcommand")))
    boxes = []
    for item in canvas.find_all():
        if canvas.type(item) != "text" or canvas.itemcget(item, "state") == "hidden":
            continue
        if not str(canvas.itemcget(item, "text")).strip():
            continue
        box = canvas.bbox(item)
        if box is None:
            continue
        text = " ".join(str(canvas.itemcget(item, "text")).split())[:40]
        x0, y0, x1, y1 = box
        if not scrolls_x and (x0 < left - SLACK or x1 > left + width + SLACK):
            yield f"canvas {canvas} text {text!r} spans x {x0}..{x1}, outside 0..{width}"
        if not scrolls_y and (y0 < top - SLACK or y1 > top + height + SLACK):
            yield f"canvas {canvas} text {text!r} spans y {y0}..{y1}, outside 0..{height}"
        boxes.append((text, _ink(canvas, item, box)))
    for index, (text, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1:]:
            if _overlap(box, other_box):
                yield f"canvas {canvas} texts {text!r} and {other!r} overlap"


def _ink(canvas: tk.Canvas, item: int, box: Tuple[int, int, int, int]) -> Tuple[int, ...]:
    """A text item's box without the blank lead of its font (Tk's box has a pixel or two)."""
    x0, y0, x1, y1 = box
    return (x0 + 1, y0 + 1, x1 - 1, y1 - 1)


def _overlap(a: Tuple[int, ...], b: Tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _tab_problems(notebook: ttk.Notebook) -> Iterator[str]:
    style = ttk.Style(notebook)
    font = _font(notebook, "TNotebook.Tab")
    padding = style.lookup("TNotebook.Tab", "padding") or (0,)
    pads = [int(float(str(p))) for p in (padding if isinstance(padding, (list, tuple))
                                         else str(padding).split())] or [0]
    pad_x = pads[0] + (pads[2] if len(pads) > 2 else pads[0])
    need = 0
    for tab in notebook.tabs():
        text = str(notebook.tab(tab, "text"))
        image = _image_name(notebook.tab(tab, "image"))
        need += font.measure(text) + pad_x + 4
        if image:
            need += int(notebook.tk.call("image", "width", image)) + 2
    if notebook.winfo_width() + SLACK < need:
        yield f"notebook {notebook} is {notebook.winfo_width()} px wide but its tabs need {need}"
