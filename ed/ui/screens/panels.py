"""The side panels: players (public facts only), the table of prices, the reference.

Widget tree::

    SeatPanel (ttk.Frame)           the players as a row of faces: name (and loan), cash,
                                    ✓ or … (thinking); who, stock and the rest on hover
    PriceBoard (ttk.Frame)          the Prices tab, the board's exact history (the board
                                    itself is ``board.BoardCanvas``); tree: the opening
                                    prices, always first, then the latest months up to
                                    the one being played
    Reference                       the market calculator and the production chart, pages
                                    of the drawer (each scrolls when the text is too large)
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import List, Optional, Sequence, Tuple

from .. import presenter as P
from ..widgets import theme as T
from ...rules import COMMODITIES, DEFAULT_RECIPES


def _tree(master: tk.Misc, columns, widths, *, height: int, show: str = "headings") -> ttk.Treeview:
    tree = ttk.Treeview(master, columns=[c for c, _ in columns], show=show, height=height,
                        selectmode="none", takefocus=0)
    for (column, heading), width in zip(columns, widths):
        tree.heading(column, text=heading)
        tree.column(column, width=width, minwidth=width // 2, stretch=True,
                    anchor="w" if column in ("name", "who", "month", "good", "recipe") else "e")
    return tree


def swatch(master: tk.Misc, colour: str, size: int) -> tk.PhotoImage:
    """A small square of ``colour`` (keep a reference to it while it is shown)."""
    image = tk.PhotoImage(master=master, width=size, height=size)
    image.put(T.INK, to=(0, 0, size, size))
    image.put(colour, to=(1, 1, size - 1, size - 1))
    return image


#: The board's headings where the side panel is narrow.
SHORT_PRICE_COLUMNS = ("X-Fine", "Fine", "Std", "A", "B", "C")


class SeatPanel(ttk.Frame):
    """The players as a row of faces, each with its name, cash and ✓ once its entry is in.

    A computer player's level and character, a seat's stock and what it borrowed
    are said when the pointer rests on its face (``SeatRow.about``); the seat
    whose sheet is shown stands out.  A loan is said at the face's right in small
    red print, "loan" over the sum, the name taking the room it leaves.  Names too long for
    the room are shortened with "…" (the whole name on hover).  ``cells[i]`` holds
    seat i's widgets: card, badge, name, borrowed (the loan), cash, status (the mark).
    """

    #: the most room a name takes, in widths of "0" (a longer one is shortened); a loan
    #: beside it takes room of its own, from the face's share of the line
    NAME_EMS = 10

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, style="Strip.TFrame")
        self.theme = theme
        self.cells: List[dict] = []
        self._names: List[str] = []
        #: each face's share of the line for its name and its loan (until the line is known:
        #: a name's most room)
        self._share = theme.em * self.NAME_EMS

    def _card(self, index: int) -> dict:
        from ..widgets.portraits import Badge
        pad = self.theme.pad
        card = ttk.Frame(self, style="Seat.TFrame", padding=(pad(0.3), pad(0.15)))
        card.grid(row=0, column=index, sticky="ns", padx=(0, pad(0.4)))
        size = self.theme.line * 2
        cells = {"card": card, "badge": Badge(card, size, background=T.CARD)}
        cells["badge"].grid(row=0, column=0, rowspan=2, padx=(0, pad(0.3)))
        cells["name"] = ttk.Label(card, text="", style="SeatName.TLabel")
        cells["name"].grid(row=0, column=1, columnspan=2, sticky="w")
        cells["borrowed"] = ttk.Label(card, text="", style="SeatOwes.TLabel", justify="right")
        cells["borrowed"].grid(row=0, column=3, rowspan=2, sticky="e", padx=(pad(0.3), 0))
        for column, name in enumerate(("cash", "status"), 1):
            cells[name] = ttk.Label(card, text="", style="Seat.TLabel")
            cells[name].grid(row=1, column=column, sticky="w", padx=(0, pad(0.3)))
        return cells

    def show(self, rows: List[P.SeatRow], *, loans: bool, computers: List[bool],
             personalities: Sequence = ()) -> None:
        """Show ``rows`` (``presenter.seat_rows``); ``personalities[i]`` draws seat i's face."""
        while len(self.cells) < len(rows):
            self.cells.append(self._card(len(self.cells)))
            self._tip_card(self.cells[-1])
        for index, cells in enumerate(self.cells):
            if index >= len(rows):
                cells["card"].grid_remove()
                continue
            row, cells["row"] = rows[index], rows[index]
            person = personalities[index] if index < len(personalities) else None
            cells["card"].grid()
            # a person's face without the initial: the name stands beside it
            cells["badge"].show(person if computers[index] else None)
            current = "Current" if row.current else ""
            cells["card"].configure(style=f"Seat{current}.TFrame")
            cells["badge"].configure(background=T.CURRENT if row.current else T.CARD)
            # "loan" over the sum: two short lines beside the name and the cash
            owes = row.owes.replace(" ", "\n", 1) if loans else ""
            for name, text in (("cash", row.cash), ("borrowed", owes),
                               ("status", row.mark)):
                label = cells[name]
                label.configure(text=text, style=f"Seat{current}"
                                f"{'Owes' if name == 'borrowed' else ''}.TLabel")
                label.grid() if text else label.grid_remove()
            cells["name"].configure(style=f"Seat{current}Name.TLabel")
        self._names = [row.name for row in rows]
        self._fit_names()

    def fit(self, width: int) -> None:
        """Shorten the names so that every face stands within ``width`` pixels."""
        count = max(1, len(self._names))
        em = self.theme.em
        fixed = self.theme.line * 2 + self.theme.pad(1.3)        # face, paddings and gaps
        share = max(em * 4, (width - fixed * count) // count)
        if share != self._share:
            self._share = share
            self._fit_names()

    def _fit_names(self) -> None:
        """Each name in the room its face has less its loan's, at most ``NAME_EMS`` wide."""
        import tkinter.font as tkfont
        bold = tkfont.Font(root=self, name="EDBold", exists=True)
        small = tkfont.Font(root=self, name="EDSmall", exists=True)
        for cells, name in zip(self.cells, self._names):
            loan = cells["borrowed"].cget("text") if cells["borrowed"].winfo_manager() else ""
            room = self._share - (max(small.measure(line) for line in loan.split("\n"))
                                  + self.theme.pad(0.3) if loan else 0)
            room = min(self.theme.em * self.NAME_EMS, room)
            cells["name"].configure(text=shorten(name, bold, max(self.theme.em * 2, room)))

    def add_tips(self) -> None:
        """Who each player is, their stock and their entry, on the face and the name."""
        self._tips = True
        for cells in self.cells:
            self._tip_card(cells)

    def _tip_card(self, cells: dict) -> None:
        from ..widgets.tooltip import add_tooltip, tip_of
        if getattr(self, "_tips", False) and tip_of(cells["name"]) is None:
            for name in ("badge", "name", "cash", "borrowed", "status"):
                add_tooltip(cells[name], lambda c=cells: c["row"].about if "row" in c else "",
                            400)

    def rows_shown(self) -> List[tuple]:
        """What each face shows: name, cash, (the loan), the mark (for tests)."""
        result = []
        for cells in self.cells:
            if not cells["card"].winfo_manager():
                continue
            values = [cells[n].cget("text") for n in ("name", "cash")]
            if cells["borrowed"].winfo_manager():
                values.append(" ".join(str(cells["borrowed"].cget("text")).split()))
            values.append(cells["status"].cget("text"))
            result.append(tuple(values))
        return result


def shorten(text: str, font: tkfont.Font, room: int) -> str:
    """``text`` as it fits ``room`` pixels in ``font``: whole, or cut with "…"."""
    if font.measure(text) <= room:
        return text
    while len(text) > 1 and font.measure(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


class PriceBoard(ttk.Frame):
    """The table of prices: the opening prices, then the latest months, newest in view.

    The opening row is always the first row shown; below it come as many
    months as fit, ending with the month being played (or the last one, once
    the game is over).  The scrollbar and the mouse wheel go back to earlier
    months; a new month brings the newest back into view.
    """

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        self._pad = theme.pad(0.3)
        super().__init__(master, padding=self._pad)
        em = theme.em
        columns = [("month", "Month")] + [(f"c{i}", name) for i, name in enumerate(P.PRICE_COLUMNS)]
        self.tree = _tree(self, columns, [em * 5] + [em * 7] * 6, height=3)
        bold = tkfont.Font(root=self, name="EDBold", exists=True)
        plain = tkfont.Font(root=self, name="EDBody", exists=True)
        # "Opening" is never in bold; the month being played is.
        month = max(plain.measure("Opening"), bold.measure("Jan Y2"))
        size = max(8, theme.line // 2)
        self._swatches = [swatch(self, T.COMMODITY_COLOURS[key], size) for key in COMMODITIES]
        # Wide enough for the heading with its colour and for "$888" in bold; where the
        # side panel is narrow (large text), "Standard" is shortened rather than cut, and
        # then the colour squares give way (the board above has the colours).
        self._layouts = []
        for names, squares in ((P.PRICE_COLUMNS, True), (SHORT_PRICE_COLUMNS, True),
                               (SHORT_PRICE_COLUMNS, False)):
            # the heading's words, its colour square and a gap on each side of both (at
            # the tightest, just the room a cell keeps on each side of its words)
            gap = em if squares else max(8, em // 2)
            widths = [max(bold.measure(name) + (size + em if squares else 0) + gap,
                          bold.measure("$888") + gap) for name in names]
            self._layouts.append((names, month + gap, widths, squares))
        self._layout = None
        self._fit_columns(0)
        self.tree.tag_configure("current", background=T.CURRENT, font="EDBold")
        self.tree.tag_configure("opening", foreground=T.MUTED)
        self.scroll = ttk.Scrollbar(self, orient="vertical", command=self.scrolled)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self.tree.xview)
        self.tree.configure(xscrollcommand=self._x_moved)
        # The tree is as tall as the whole rows that fit (``_fit_rows``): never a row cut.
        self.tree.grid(row=0, column=0, sticky="new")
        self.scroll.grid(row=0, column=1, sticky="ns")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.rows: List[Tuple[str, Tuple[str, ...]]] = []
        self.current: Optional[int] = None
        self.last = 0          # the newest month row shown
        self.newest = 0        # the month the board follows
        self.tree.bind("<Configure>", lambda e: (self._fit_columns(e.width), self._render()))
        self.bind("<Configure>", lambda e: self._fit_rows(e.height), add="+")
        for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
            self.tree.bind(sequence, self._wheel)

    def _fit_columns(self, width: int) -> None:
        """The full headings with their colours when every column fits ``width``, else the
        short ones, else the short ones without the colour squares."""
        layout = next((layout for layout in self._layouts
                       if not width or layout[1] + sum(layout[2]) <= width),
                      self._layouts[-1])
        if self._layout == layout:
            return
        self._layout = layout
        names, month_w, widths, squares = layout
        self.tree.column("month", width=month_w, minwidth=month_w, stretch=False)
        for index, (name, column_w) in enumerate(zip(names, widths)):
            self.tree.column(f"c{index}", width=column_w, minwidth=column_w, stretch=True)
            self.tree.heading(f"c{index}", text=name,
                              image=self._swatches[index] if squares else "")

    def _x_moved(self, first: str, last: str) -> None:
        """A scrollbar sideways only while some column would otherwise be cut."""
        self.xscroll.set(first, last)
        if float(first) > 0 or float(last) < 1:
            self.xscroll.grid(row=1, column=0, sticky="ew")
        else:
            self.xscroll.grid_remove()

    def show(self, rows, *, current: Optional[int]) -> None:
        """``rows`` from ``presenter.price_board_rows``; ``current`` is the month played now."""
        self.rows = list(rows)
        filled = [i for i, (_, cells) in enumerate(self.rows) if any(cells)]
        newest = current if current is not None else (filled[-1] if filled else 0)
        self.current = current
        if newest != self.newest or self.last == 0:
            self.newest = self.last = newest
        self._render()

    def _fit_rows(self, height: int) -> None:
        """As many whole rows as ``height`` (the frame's) holds, the headings and the
        scrollbar sideways (when shown) counted."""
        tree = self.tree
        rowheight = int(ttk.Style(self).lookup("Treeview", "rowheight") or 20)
        rows = int(tree.cget("height"))
        extra = tree.winfo_reqheight() - rows * rowheight    # the headings and the border
        room = height - 2 * self._pad
        if self.xscroll.winfo_ismapped():
            room -= self.xscroll.winfo_reqheight()
        fitting = max(2, (room - extra) // rowheight)
        if fitting != rows:
            tree.configure(height=fitting)
            self._render()

    def fitting_rows(self) -> int:
        """How many rows the tree has room for now (the opening row included)."""
        return int(self.tree.cget("height"))

    def _render(self) -> None:
        if not self.rows:
            return
        room = self.fitting_rows() - 1
        last = max(1, min(self.last, len(self.rows) - 1))
        first = max(1, last - room + 1)
        wanted = [0] + list(range(first, last + 1))
        tree = self.tree
        items = list(tree.get_children())
        while len(items) < len(wanted):
            items.append(tree.insert("", "end"))
        while len(items) > len(wanted):
            tree.delete(items.pop())
        for iid, index in zip(items, wanted):
            label, cells = self.rows[index]
            tag = ("opening",) if index == 0 else ("current",) if index == self.current else ()
            values = (label,) + tuple(cells)
            if tree.item(iid, "values") != values or tuple(tree.item(iid, "tags")) != tag:
                tree.item(iid, values=values, tags=tag)
        months = len(self.rows) - 1
        span = max(1, self.newest)
        self.scroll.set((first - 1) / span, last / span) if months else self.scroll.set(0, 1)

    def scrolled(self, *args) -> None:
        """The scrollbar moved: show earlier or later months (never past the newest)."""
        room = max(1, self.fitting_rows() - 1)
        if args[0] == "moveto":
            self.last = round(float(args[1]) * self.newest) + room
        elif args[0] == "scroll":
            step = int(args[1]) * (room if args[2] == "pages" else 1)
            self.last += step
        self.last = max(min(room, self.newest), min(self.newest, self.last))
        self._render()

    def _wheel(self, event) -> str:
        up = getattr(event, "num", 0) == 4 or getattr(event, "delta", 0) > 0
        self.scrolled("scroll", -1 if up else 1, "units")
        return "break"

    def rows_shown(self) -> List[tuple]:
        """The rows in the tree now: month label and six prices."""
        return [tuple(self.tree.item(i, "values")) for i in self.tree.get_children()]


class Reference:
    """The market calculator and the production chart, each a page that scrolls when the
    text is too large for the room it is given (``calculator(master)``, ``recipes(master)``
    build them; the recipes shown are the last given to ``show_recipes``)."""

    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.recipes = DEFAULT_RECIPES
        self.chart_label: Optional[ttk.Label] = None
        self.pages: List = []

    def _page(self, master: tk.Misc):
        from ..widgets.scroll import ScrolledFrame
        page = ScrolledFrame(master)
        page.inner.configure(padding=self.theme.pad(0.5))
        page.canvas.configure(width=self.theme.em * 30)
        self.pages.append(page)
        return page

    def calculator(self, master: tk.Misc):
        """The market calculator: how far a price moves for the units of all players."""
        page = self._page(master)
        calc, em = page.inner, self.theme.em
        raw, goods = P.calculator_rows()
        ttk.Label(calc, text="Price move for the total units of all players:",
                  style="Muted.TLabel").grid(row=0, column=0, columnspan=2, sticky="w")
        self._table(calc, "Raw materials (units ordered)", raw, 1)
        self._table(calc, "Finished goods (units offered)", goods, 3)
        ttk.Label(calc, text="Raw: move = units − 10.  Goods: move = 11 − 2 × units.  "
                  "A price never falls below $1.", style="Muted.TLabel",
                  wraplength=em * 40).grid(row=5, column=0, sticky="w")
        return page

    def recipes_page(self, master: tk.Misc):
        """The production chart: what each good is made of, and what may stand in."""
        page = self._page(master)
        chart, em = page.inner, self.theme.em
        self.chart_label = ttk.Label(chart, justify="left", font="EDBody")
        self.chart_label.grid(row=0, column=0, sticky="w")
        ttk.Label(chart, text=P.SUBSTITUTION, wraplength=em * 40, style="Muted.TLabel",
                  justify="left").grid(row=1, column=0, sticky="w",
                                       pady=(self.theme.pad(0.5), 0))
        self.show_recipes(self.recipes)
        return page

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
        self.recipes = recipes
        if self.chart_label is not None:
            lines = [f"{good}  =  {parts}" for good, parts in P.production_rows(recipes)]
            self.chart_label.configure(text="\n".join(lines))
