"""The side panels: players (public facts only), the Price Level Board, the reference.

Widget tree::

    SeatPanel (ttk.LabelFrame)      tree: one row per seat — cash, stock, ✓/waiting
    PriceBoard (ttk.LabelFrame)     tree: opening prices, then a row per month
    Reference (ttk.Notebook)        "Market calculator", "Production chart";
                                    more tabs (a game log) can be added later
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import List, Optional

from . import presenter as P
from . import theme as T
from ..rules import DEFAULT_RECIPES


def _tree(master: tk.Misc, columns, widths, *, height: int, show: str = "headings") -> ttk.Treeview:
    tree = ttk.Treeview(master, columns=[c for c, _ in columns], show=show, height=height,
                        selectmode="none", takefocus=0)
    for (column, heading), width in zip(columns, widths):
        tree.heading(column, text=heading)
        tree.column(column, width=width, minwidth=width // 2, stretch=True,
                    anchor="w" if column in ("name", "who", "month", "good", "recipe") else "e")
    return tree


class SeatPanel(ttk.LabelFrame):
    """Every seat's cash and stock and whether it has submitted."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, text="Players", padding=theme.pad(0.5))
        em = theme.em
        columns = [("name", "Player"), ("cash", "Cash"), ("stock", "X · F · S"),
                   ("borrowed", "Borrowed"), ("status", "Entry")]
        self.tree = _tree(self, columns, [em * 12, em * 6, em * 7, em * 6, em * 6], height=6)
        self.tree.tag_configure("current", font="EDBold", background=T.CURRENT)
        self.tree.tag_configure("computer", foreground=T.MUTED)
        self.tree.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.note = ttk.Label(self, style="Muted.TLabel", text="Stock is raw materials on hand: "
                              "X-Fine · Fine · Standard. Entries stay secret until the reveal.",
                              wraplength=em * 40, justify="left")
        self.note.grid(row=1, column=0, sticky="w")
        self._loans = False

    def show(self, rows: List[P.SeatRow], *, loans: bool, computers: List[bool]) -> None:
        if loans != self._loans:
            self._loans = loans
        shown = ("name", "cash", "stock", "borrowed", "status") if loans else \
            ("name", "cash", "stock", "status")
        self.tree.configure(displaycolumns=shown, height=max(2, len(rows)))
        existing = self.tree.get_children()
        if len(existing) != len(rows):
            self.tree.delete(*existing)
            existing = [self.tree.insert("", "end") for _ in rows]
        for iid, row, computer in zip(existing, rows, computers):
            tags = (("current",) if row.current else ()) + (("computer",) if computer else ())
            name = row.name + (" (computer)" if computer else "")
            self.tree.item(iid, values=(name, row.cash, row.stock, row.borrowed, row.status),
                           tags=tags)

    def rows_shown(self) -> List[tuple]:
        """What each row shows (for tests)."""
        return [tuple(self.tree.item(i, "values")) for i in self.tree.get_children()]


class PriceBoard(ttk.LabelFrame):
    """The Price Level Board: opening prices and every month's market prices."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, text="Price Level Board", padding=theme.pad(0.5))
        em = theme.em
        columns = [("month", "Month")] + [(f"c{i}", name) for i, name in enumerate(P.PRICE_COLUMNS)]
        self.tree = _tree(self, columns, [em * 5] + [em * 7] * 6, height=8)
        # "Opening" in bold (the current row's font) must never be clipped.
        import tkinter.font as tkfont
        bold = tkfont.Font(root=self, name="EDBold", exists=True)
        month_w = max(bold.measure("Opening"),
                      bold.measure("Jan Y2")) + em * 2
        self.tree.column("month", width=month_w, minwidth=month_w, stretch=False)
        # Price columns may narrow to a three-figure price at large text sizes; past
        # that the board scrolls sideways rather than hiding a column.
        narrow = bold.measure("$888") + em
        for index, name in enumerate(P.PRICE_COLUMNS):
            width = max(em * 6, bold.measure(name) + em * 2)
            self.tree.column(f"c{index}", width=width, minwidth=narrow)
        self.tree.tag_configure("current", background=T.CURRENT, font="EDBold")
        self.tree.tag_configure("future", foreground=T.MUTED)
        self.scroll = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self.tree.xview)
        self.tree.configure(yscrollcommand=self.scroll.set, xscrollcommand=self.xscroll.set)
        self.tree.grid(row=0, column=0, sticky="nsew")
        self.scroll.grid(row=0, column=1, sticky="ns")
        self.xscroll.grid(row=1, column=0, sticky="ew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self._shown: List[tuple] = []

    def show(self, rows, *, current: Optional[int]) -> None:
        """``rows`` from ``presenter.price_board_rows``; ``current`` is the month played now."""
        tree = self.tree
        items = tree.get_children()
        if len(items) != len(rows):
            tree.delete(*items)
            items = [tree.insert("", "end") for _ in rows]
            self._shown = [None] * len(rows)
        for index, (iid, (label, cells)) in enumerate(zip(items, rows)):
            tag = ("current",) if index == current else ()
            shown = (label,) + tuple(cells)
            if self._shown[index] != (shown, tag):
                tree.item(iid, values=shown, tags=tag)
                self._shown[index] = (shown, tag)
        if current is not None and current < len(items):
            # Keep the few months before the current one (and the opening prices) in sight.
            tree.yview_moveto(max(0, current - 5) / max(1, len(items)))

    def rows_shown(self) -> List[tuple]:
        return [tuple(self.tree.item(i, "values")) for i in self.tree.get_children()]


class Reference(ttk.Notebook):
    """The market calculator and the production chart, for reference."""

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, takefocus=0)
        self.theme = theme
        em = theme.em
        calc = ttk.Frame(self, padding=theme.pad(0.5))
        raw, goods = P.calculator_rows()
        ttk.Label(calc, text="Price move for the total units of all players:",
                  style="Muted.TLabel").grid(row=0, column=0, columnspan=2, sticky="w")
        self.raw_text = self._table(calc, "Raw materials (units ordered)", raw, 1)
        self.goods_text = self._table(calc, "Finished goods (units offered)", goods, 3)
        ttk.Label(calc, text="Raw: move = units − 10.  Goods: move = 11 − 2 × units.  "
                  "A price never falls below $1.", style="Muted.TLabel",
                  wraplength=em * 40).grid(row=5, column=0, sticky="w")
        self.add(calc, text="Market calculator")
        chart = ttk.Frame(self, padding=theme.pad(0.5))
        self.chart_label = ttk.Label(chart, justify="left", font="EDBody")
        self.chart_label.grid(row=0, column=0, sticky="w")
        ttk.Label(chart, text=P.SUBSTITUTION, wraplength=em * 40, style="Muted.TLabel",
                  justify="left").grid(row=1, column=0, sticky="w", pady=(theme.pad(0.5), 0))
        self.add(chart, text="Production chart")
        self.show_recipes(DEFAULT_RECIPES)

    def _table(self, master, title, rows, row) -> ttk.Label:
        ttk.Label(master, text=title, style="Bold.TLabel").grid(row=row, column=0, sticky="w")
        # Two halves, one above the other, so the table fits the side panel at any text size.
        half = (len(rows) + 1) // 2
        lines = []
        for part in (rows[:half], rows[half:]):
            lines.append("units " + " ".join(f"{u:>3}" for u, _ in part))
            lines.append("move  " + " ".join(f"{m:>3}" for _, m in part))
        text = "\n".join(lines)
        label = ttk.Label(master, text=text, font="TkFixedFont", justify="left")
        label.grid(row=row + 1, column=0, sticky="w")
        return label

    def show_recipes(self, recipes) -> None:
        lines = [f"{good}  =  {parts}" for good, parts in P.production_rows(recipes)]
        self.chart_label.configure(text="\n".join(lines))
