"""Read back the words a window shows: every widget on show and every canvas text in sight.

``words(window)`` returns the words in the order found: the menu bar's
labels, then each widget on show (a label's, button's or tab's text, what
a field holds, a table's headings and the cells of its rows in sight, the
lines of a text box in sight) and each canvas text item that is neither
hidden nor scrolled out of the canvas's view.  A word is a token (split
at white space) with a letter in it: "X-Fine", "A" and "Jun" are words,
"$44", "0·0·0" and "✓" are not.  Tooltips and windows of their own are
not the window's words.
"""
from __future__ import annotations

import tkinter as tk
from typing import Iterator, List

#: widgets whose ``text`` option is what they show
TEXT_CLASSES = {"TLabel", "Label", "TButton", "Button", "TCheckbutton", "Checkbutton",
                "TRadiobutton", "Radiobutton", "TMenubutton", "Menubutton", "Message"}
FIELD_CLASSES = {"TEntry", "Entry", "TCombobox", "TSpinbox", "Spinbox"}


def is_word(token: str) -> bool:
    return any(char.isalpha() for char in token)


def words(window: tk.Misc) -> List[str]:
    """Every word ``window`` shows now (see the module docstring)."""
    window.update_idletasks()
    texts = list(_menu_bar(window)) + list(_texts(window))
    return [token for text in texts for token in text.split() if is_word(token)]


def _menu_bar(window: tk.Misc) -> Iterator[str]:
    name = str(window.cget("menu")) if "menu" in window.keys() else ""
    if not name:
        return
    menu = window.nametowidget(name)
    last = menu.index("end")
    for index in range(0 if last is None else last + 1):
        if menu.type(index) in ("cascade", "command", "checkbutton", "radiobutton"):
            yield str(menu.entrycget(index, "label"))


def _texts(widget: tk.Misc) -> Iterator[str]:
    for child in widget.winfo_children():
        if isinstance(child, (tk.Toplevel, tk.Menu)):
            continue
        try:
            if not child.winfo_viewable():
                continue
        except tk.TclError:
            continue
        yield from _shown_by(child)
        yield from _texts(child)


def _shown_by(widget: tk.Misc) -> Iterator[str]:
    kind = widget.winfo_class()
    if kind in TEXT_CLASSES:
        yield str(widget.cget("text"))
    elif kind in FIELD_CLASSES:
        yield widget.get()
    elif kind == "Treeview":
        yield from _tree_texts(widget)
    elif kind == "TNotebook":
        for tab in widget.tabs():
            yield str(widget.tab(tab, "text"))
    elif kind == "Text":
        yield from _text_box(widget)
    elif kind == "Canvas":
        yield from _canvas_texts(widget)


def _tree_texts(tree) -> Iterator[str]:
    columns = list(tree["columns"])
    if "headings" in str(tree["show"]):
        for column in columns:
            yield str(tree.heading(column, "text"))
    for item in tree.get_children():
        if tree.bbox(item):
            yield from (str(value) for value in tree.item(item, "values"))


def _text_box(text: tk.Text) -> Iterator[str]:
    first = text.index("@0,0")
    last = text.index(f"@{text.winfo_width()},{text.winfo_height()}")
    yield text.get(first, f"{last} lineend")


def _canvas_texts(canvas: tk.Canvas) -> Iterator[str]:
    left, top = canvas.canvasx(0), canvas.canvasy(0)
    right, bottom = left + canvas.winfo_width(), top + canvas.winfo_height()
    for item in canvas.find_all():
        if canvas.type(item) != "text" or canvas.itemcget(item, "state") == "hidden":
            continue
        box = canvas.bbox(item)
        if box is None or box[2] <= left or box[0] >= right or box[3] <= top \
                or box[1] >= bottom:
            continue
        yield str(canvas.itemcget(item, "text"))
