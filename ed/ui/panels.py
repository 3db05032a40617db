"""The side panels: players (public facts only), the table of prices, the reference.

Widget tree::

    SeatPanel (ttk.LabelFrame)      a row per seat: picture, name, who, cash, stock,
                                    (borrowed), ✓ / waiting / thinking…
    PriceBoard (ttk.Frame)          the Prices tab, the board's exact history (the board
                                    itself is ``board.BoardCanvas``); tree: the opening
                                    prices, always first, then the latest months up to
                                    the one being played
    Reference                       "Market calculator", "Production chart" pages of a
                                    notebook (each scrolls when the text is too large)
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import List, Optional, Sequence, Tuple

from . import presenter as P
from . import theme as T
from ..rules import COMMODITIES, DEFAULT_RECIPES


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


class SeatPanel(ttk.LabelFrame):
    """Every seat's cash and stock and whether it has submitted (or is thinking)."""

    HEADINGS = ("Player", "Cash", "X·F·S", "Loans", "Entry")

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, text="Players", padding=theme.pad(0.4))
        self.theme = theme
        self.table = ttk.Frame(self)
        self.table.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.headings = []
        for column, text in zip((1, 3, 4, 5, 6), self.HEADINGS):
            label = ttk.Label(self.table, text=text, style="SeatHead.TLabel",
                              anchor="w" if column == 1 else "e")
            label.grid(row=0, column=column, sticky="ew", padx=(0, theme.pad(0.6)),
                       columnspan=2 if column == 1 else 1)
            self.headings.append(label)
        self.table.columnconfigure(2, weight=1)
        self.cells: List[dict] = []
        self._loans = True

    def _row(self, index: int) -> dict:
        from .portraits import Badge
        t, pad = self.table, self.theme.pad
        size = self.theme.line + 6
        cells = {"badge": Badge(t, size, background=T.PANEL)}
        for name, anchor in (("name", "w"), ("who", "w"), ("cash", "e"), ("stock", "e"),
                             ("borrowed", "e"), ("status", "e")):
            cells[name] = ttk.Label(t, text="", anchor=anchor, style="Seat.TLabel")
        row = index + 1
        cells["badge"].grid(row=row, column=0, padx=(0, pad(0.4)), pady=1)
        for column, name in enumerate(("name", "who", "cash", "stock", "borrowed", "status"), 1):
            cells[name].grid(row=row, column=column, sticky="ew", padx=(0, pad(0.6)))
        # "who" asks for no room of its own: it takes what the other columns leave and
        # says as much as fits there (``_fit_who``)
        cells["who"].configure(style="SeatWho.TLabel", width=1)
        # again whenever the room it is given changes (a column appearing, a resize)
        for event in ("<Configure>", "<Map>"):
            cells["who"].bind(event, lambda e: self._fit_who(), add="+")
        return cells

    def show(self, rows: List[P.SeatRow], *, loans: bool, computers: List[bool],
             personalities: Sequence = ()) -> None:
        """Show ``rows`` (``presenter.seat_rows``); ``personalities[i]`` draws seat i's face."""
        while len(self.cells) < len(rows):
            self.cells.append(self._row(len(self.cells)))
            self._tip_row(self.cells[-1])
        for index, cells in enumerate(self.cells):
            for widget in cells.values():
                if index < len(rows):
                    widget.grid()
                else:
                    widget.grid_remove()
        if loans != self._loans:
            self._loans = loans
            self.headings[3].grid() if loans else self.headings[3].grid_remove()
        for index, (row, computer) in enumerate(zip(rows, computers)):
            cells = self.cells[index]
            person = personalities[index] if index < len(personalities) else None
            cells["badge"].show(person if computer else None, initial=row.name)
            texts = {"name": row.name, "who": row.plays, "cash": row.cash, "stock": row.stock,
                     "borrowed": row.borrowed, "status": row.status}
            cells["name"].about = f"{row.name}: {row.who}."
            cells["who"].full = row.plays
            style = "SeatCurrent" if row.current else "Seat"
            for name, text in texts.items():
                label = cells[name]
                label.configure(text=text, style=f"{style}{'Who' if name == 'who' else ''}.TLabel")
            if loans:
                cells["borrowed"].grid()
            else:
                cells["borrowed"].grid_remove()
        self._fit_who()

    def _fit_who(self) -> None:
        """Where "computer, expert" does not fit beside the name, say only "expert" (the face
        already shows a computer character), or nothing; never a word cut in half."""
        import tkinter.font as tkfont
        for cells in self.cells:
            label = cells["who"]
            full = getattr(label, "full", "")
            if not full or not label.winfo_ismapped():
                continue
            room = label.winfo_width()
            font = tkfont.nametofont(str(ttk.Style(self).lookup(label.cget("style"), "font"))
                                     or "TkDefaultFont")
            # the whole, the last word, or nothing (the face and the name's tooltip say it)
            if room <= 1:
                continue        # not laid out yet: again once it is
            text = next((words for words in (full, full.split(", ")[-1])
                         if font.measure(words) + 4 <= room), "")
            if label.cget("text") != text:
                label.configure(text=text)

    def add_tips(self) -> None:
        """What each column is, on its heading; who each player is, on the name."""
        from . import tips
        from .tooltip import add_tooltip
        for heading, number in zip(self.headings, ("#1", "#2", "#3", "#4", "#5")):
            add_tooltip(heading, tips.SEAT_COLUMNS[number], 400)
        self._tips = True
        for cells in self.cells:
            self._tip_row(cells)

    def _tip_row(self, cells: dict) -> None:
        from .tooltip import add_tooltip
        if getattr(self, "_tips", False) and not hasattr(cells["name"], "_ed_tooltip"):
            for name in ("name", "who", "badge"):
                add_tooltip(cells[name], lambda c=cells: getattr(c["name"], "about", ""), 400)

    def rows_shown(self) -> List[tuple]:
        """What each row shows: name, cash, stock, (borrowed), entry (for tests)."""
        result = []
        for cells in self.cells:
            if not cells["name"].winfo_manager():
                continue
            values = [cells[n].cget("text") for n in ("name", "cash", "stock")]
            if cells["borrowed"].winfo_manager():
                values.append(cells["borrowed"].cget("text"))
            values.append(cells["status"].cget("text"))
            result.append(tuple(values))
        return result


class PriceBoard(ttk.Frame):
    """The table of prices: the opening prices, then the latest months, newest in view.

    The opening row is always the first row shown; below it come as many
    months as fit, ending with the month being played (or the last one, once
    the game is over).  The scrollbar and the mouse wheel go back to earlier
    months; a new month brings the newest back into view.
    """

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, padding=theme.pad(0.3))
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
        self.scroll = ttk.Scrollbar(self, orient="vertical", command=self._scrolled)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self.tree.xview)
        self.tree.configure(xscrollcommand=self._x_moved)
        self.tree.grid(row=0, column=0, sticky="nsew")
        self.scroll.grid(row=0, column=1, sticky="ns")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        self.rows: List[Tuple[str, Tuple[str, ...]]] = []
        self.current: Optional[int] = None
        self.last = 0          # the newest month row shown
        self.newest = 0        # the month the board follows
        self.tree.bind("<Configure>", lambda e: (self._fit_columns(e.width), self._render()))
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

    def fitting_rows(self) -> int:
        """How many rows the tree has room for now (the opening row included)."""
        tree = self.tree
        rowheight = int(ttk.Style(self).lookup("Treeview", "rowheight") or 20)
        height = tree.winfo_height()
        if height <= 1:
            return int(tree.cget("height"))
        heading = rowheight + 4
        items = tree.get_children()
        if items:
            box = tree.bbox(items[0])
            if box:
                heading = box[1]
        return max(2, (height - heading - 2) // rowheight)

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

    def _scrolled(self, *args) -> None:
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
        self._scrolled("scroll", -1 if up else 1, "units")
        return "break"

    def rows_shown(self) -> List[tuple]:
        """The rows in the tree now: month label and six prices."""
        return [tuple(self.tree.item(i, "values")) for i in self.tree.get_children()]


class Reference:
    """The market calculator and the production chart, as pages of ``notebook``.

    The pages scroll when the text is too large for the room they are given.
    ``titles`` are the two tabs' names; with ``lines`` the pages ask for no more
    than that many lines of text.
    """

    def __init__(self, notebook: ttk.Notebook, theme: T.Theme, *,
                 titles: Tuple[str, str] = ("Market calculator", "Production chart"),
                 lines: Optional[int] = None) -> None:
        from .scroll import ScrolledFrame
        self.notebook = notebook
        self.theme = theme
        em = theme.em
        self.pages = []
        page = ScrolledFrame(notebook)
        self.pages.append(page)
        calc = page.inner
        calc.configure(padding=theme.pad(0.5))
        raw, goods = P.calculator_rows()
        ttk.Label(calc, text="Price move for the total units of all players:",
                  style="Muted.TLabel").grid(row=0, column=0, columnspan=2, sticky="w")
        self.raw_text = self._table(calc, "Raw materials (units ordered)", raw, 1)
        self.goods_text = self._table(calc, "Finished goods (units offered)", goods, 3)
        ttk.Label(calc, text="Raw: move = units − 10.  Goods: move = 11 − 2 × units.  "
                  "A price never falls below $1.", style="Muted.TLabel",
                  wraplength=em * 40).grid(row=5, column=0, sticky="w")
        notebook.add(page, text=titles[0])
        page = ScrolledFrame(notebook)
        self.pages.append(page)
        chart = page.inner
        chart.configure(padding=theme.pad(0.5))
        self.chart_label = ttk.Label(chart, justify="left", font="EDBody")
        self.chart_label.grid(row=0, column=0, sticky="w")
        ttk.Label(chart, text=P.SUBSTITUTION, wraplength=em * 40, style="Muted.TLabel",
                  justify="left").grid(row=1, column=0, sticky="w", pady=(theme.pad(0.5), 0))
        notebook.add(page, text=titles[1])
        self.show_recipes(DEFAULT_RECIPES)
        notebook.update_idletasks()
        # Ask for room for the calculator in full, or for ``lines`` of it; given less, the
        # pages scroll.
        natural = max(p.inner.winfo_reqheight() for p in self.pages)
        if lines is not None:
            natural = min(natural, theme.line * lines)
        for page in self.pages:
            page.canvas.configure(height=natural, width=em * 30)

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
