"""A table (``ttk.Treeview``) sized to its fonts and its content."""
from __future__ import annotations

import tkinter.font as tkfont
from tkinter import ttk
from typing import Any, Sequence


def fit_tree(tree: Any, style_name: str, *, tree_column_text: Sequence[str] = ()) -> None:
    """Size a Treeview's rows and columns to the current fonts and its content.

    Rows get the height of a text line (so larger text is not clipped) via
    the ttk style ``style_name``; every column gets the width of its widest
    cell or heading.
    """
    body = tkfont.Font(root=tree, name="TkDefaultFont", exists=True)
    head = tkfont.Font(root=tree, name="TkHeadingFont", exists=True)
    ttk.Style(tree).configure(style_name, rowheight=body.metrics("linespace") + 6)
    items = []
    stack = list(tree.get_children(""))
    while stack:
        iid = stack.pop()
        items.append(iid)
        stack.extend(tree.get_children(iid))
    pad = body.measure("0") * 2 + 8
    for index, column in enumerate(tree["columns"]):
        cells = [str(tree.item(i, "values")[index]) for i in items
                 if len(tree.item(i, "values")) > index]
        heading = head.measure(tree.heading(column, "text")) + pad // 2
        widest = max([body.measure(c) for c in cells] + [heading])
        # never narrower than its widest text: a narrow window scrolls the table sideways
        tree.column(column, width=widest + pad, minwidth=widest + pad)
    if "tree" in str(tree.cget("show")):
        texts = [tree.item(i, "text") for i in items] + list(tree_column_text)
        widest = max([body.measure(t) for t in texts] + [head.measure(tree.heading("#0", "text"))])
        tree.column("#0", width=widest + pad + 40, minwidth=widest + pad + 40)
    tree.configure(style=style_name)
    # a tree measures the room it asks for when its shown columns are set, not when a
    # column's width changes: set them again, so that it asks for all of its columns
    tree.configure(displaycolumns=tree.cget("displaycolumns"))
