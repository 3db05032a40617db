"""The tally sheet: months as columns, an Orders block and a Sales block.

Widget tree::

    TallySheet (ttk.Frame)
    ├── corner   (Canvas, fixed)        "Month" above the row labels
    ├── top      (Canvas, sideways)     the month headings, frozen above the cells
    ├── heads    (Canvas, up and down)  row labels, frozen beside the cells; ORDERS / SALES
    ├── body     (Canvas, both ways)    one column per month; the current month's
    │   │                               column holds the entry fields, and the
    │   │                               live help sits right beside them
    │   ├── entries[key] = (units Entry, price Entry)   for all six commodities
    │   ├── hints[key]   (Label)    one short line of help or the refusal next to
    │   │                           those fields; the full sentence on hover
    │   └── totals["orders"|"sales"] (Label)  cost, cash left, makeability, likewise
    ├── xscroll, yscroll

The help speaks only where the person is: the line of the field with the
keyboard's focus, and a refused value's red line (a total that warns or
refuses, likewise); every other line is quiet (``shown_hints``).  The
labels the paper repeats on every grade ("units", "price", "paid") are
said once, beside the first grade of the block being entered (X-Fine while
buying and between phases, A with "received" while selling, where the orders
may be scrolled out of sight).  A field holds no more characters than
it shows, so what it shows is what the help talks about.

Like the paper sheet, the row labels and the month headings never move and
no cell can draw over them.  The sheet scrolls sideways a whole month at a
time, and a month only partly in sight shows no numbers at all, so every
number on screen is whole; the month being played is always fully in view.
Each hint stands beside the rows of its commodity, and runs on down the
empty column beside the sheet rather than be cut.

Past cells are canvas text items created once per game and only
reconfigured when their text changes, so a redraw after a phase is cheap.

The module is longer than most: the sheet's four canvases scroll together a
whole month and a whole row at a time, and its fields and their help live
on those canvases, so they are one widget and are kept in one place.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Dict, List, Mapping, Optional, Tuple

from ...rules import GOODS, RAW
from .. import presenter as P
from ..widgets import theme as T


class TallySheet(ttk.Frame):
    """One seat's tally sheet with the current month's entry fields."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *,
                 on_change: Callable[[], None], on_submit: Callable[[], None],
                 on_typed: Optional[Callable[[], None]] = None) -> None:
        super().__init__(master)
        self.theme = theme
        self.on_change = on_change
        self.on_submit = on_submit
        self.on_typed = on_typed      # a person typed in a field (not the program)
        em = theme.em
        self.col_w = em * 9
        self.head_w = em * 18
        #: the room kept beside the month being played for its line of help: at least
        #: ``hint_least`` (the window gives more where it has it: ``room_for_help``)
        self.hint_least = self.hint_w = em * 11
        self.months = 0
        self.rows: Tuple[P.TallyRow, ...] = ()
        self.row_y: Dict[str, int] = {}
        self.height = 0
        self._items: Dict[Tuple[int, str], int] = {}
        self._drawn: Dict[Tuple[int, str], P.Cell] = {}
        self._written: Dict[str, P.Cell] = {}   # the month being played's cells, as drawn
        self._col_lines: List[int] = []
        self._row_lines: List[int] = []
        self._current_month = 0
        self._entry_block: Optional[str] = None
        self._visible_months = 0
        self._whole: Dict[int, bool] = {}
        self._rows_cut: Tuple[int, ...] = ()
        self.block_span: Dict[str, Tuple[int, int]] = {}
        self._focus_key: Optional[str] = None     # the commodity whose field has the focus
        self._last_field: Optional[ttk.Entry] = None   # the field last in use on this sheet
        self._refocused: Optional[ttk.Entry] = None    # given the focus back: cursor kept
        #: a field just given the focus, kept in sight until a key is pressed in it
        self._seek: Optional[ttk.Entry] = None
        #: the person has pressed a key or clicked in a field of this sheet: from then on
        #: the sheet stays where it is until the next sheet (``_fit_hints``)
        self.touched = False
        self._kept_top = 0.0      # where the view's top stands while ``touched``
        self._levels: Dict[str, str] = {}         # each hint's level: info, warn or error
        self._bands: Dict[str, Tuple[int, int]] = {}  # where each line on show stands

        self.entries: Dict[str, Tuple[ttk.Entry, ttk.Entry]] = {}
        self.vars: Dict[str, Tuple[tk.StringVar, tk.StringVar]] = {}
        self.hints: Dict[str, ttk.Label] = {}
        self.totals: Dict[str, ttk.Label] = {}
        self._windows: Dict[str, int] = {}
        self._build_canvases()
        self._make_fields()
        self.row_h = max(theme.line + 4, self.entries["xfine"][0].winfo_reqheight())
        for canvas in (self.corner, self.top):
            canvas.configure(height=self.row_h)
        # the sheet asks for no width of its own: the window gives it whole months
        self.body.configure(width=1)
        self.top.configure(width=1)

    # ----------------------------------------------------------- building

    def _build_canvases(self) -> None:
        options = dict(background=T.PAPER, highlightthickness=0, takefocus=0)
        self.corner = tk.Canvas(self, width=self.head_w, **options)
        self.top = tk.Canvas(self, xscrollincrement=self.col_w, **options)
        self.heads = tk.Canvas(self, width=self.head_w, **options)
        self.body = tk.Canvas(self, xscrollincrement=self.col_w, **options)
        self.top.configure(background=T.HEAD)
        self.corner.configure(background=T.HEAD)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self._xview)
        self.yscroll = ttk.Scrollbar(self, orient="vertical", command=self._yview)
        self.body.configure(xscrollcommand=self._x_moved, yscrollcommand=self._y_moved)
        self.corner.grid(row=0, column=0, sticky="nsew")
        self.top.grid(row=0, column=1, sticky="ew")
        self.heads.grid(row=1, column=0, sticky="ns")
        self.body.grid(row=1, column=1, sticky="nsew")
        self.yscroll.grid(row=1, column=2, sticky="ns")
        self.xscroll.grid(row=2, column=1, sticky="ew")
        self.columnconfigure(1, weight=1)
        self.rowconfigure(1, weight=1)
        self.body.bind("<Configure>", lambda e: self._resized())
        for canvas in (self.body, self.heads, self.top):
            for sequence in ("<MouseWheel>", "<Shift-MouseWheel>", "<Button-4>", "<Button-5>",
                             "<Shift-Button-4>", "<Shift-Button-5>"):
                canvas.bind(sequence, self._wheel)

    def _make_fields(self) -> None:
        """Entry fields and hint labels, created in Tab order, placed later."""
        width = max(4, self.col_w // self.theme.em - 2)
        #: the most characters a field holds: as many as it shows
        self.field_chars = width
        for key in RAW + GOODS:
            units_var, price_var = tk.StringVar(self), tk.StringVar(self)
            pair = []
            for var, what in ((units_var, "units"), (price_var, "price")):
                entry = ttk.Entry(self.body, textvariable=var, width=width, justify="right",
                                  style="Tally.TEntry", font="EDTally")
                entry.bind("<FocusIn>", lambda e, k=key: self._focused(e.widget, k))
                entry.bind("<KeyPress>", self._typed, add="+")
                entry.bind("<ButtonPress>", self._touch, add="+")
                pair.append(entry)
                var.trace_add("write", lambda *a, v=var: self._changed(v))
            self.entries[key] = (pair[0], pair[1])
            self.vars[key] = (units_var, price_var)
        # The lines of help never take the keyboard: their tooltips' Escape would make Tab
        # stop on them after the last field (and a tip shown on focus there came and went
        # without end).
        for key in RAW + GOODS:
            self.hints[key] = ttk.Label(self.body, style="Hint.TLabel", wraplength=self.hint_w,
                                        justify="left", anchor="nw", takefocus=0)
        for block in ("orders", "sales"):
            self.totals[block] = ttk.Label(self.body, style="Hint.TLabel", wraplength=self.hint_w,
                                           justify="left", anchor="nw", takefocus=0)

    def _changed(self, var: tk.StringVar) -> None:
        """A field's text changed: kept to what the field shows, then the help follows."""
        text = var.get()
        if len(text) > self.field_chars:
            var.set(text[:self.field_chars])      # (a variable's trace is not run again)
        self.on_change()

    def _focused(self, entry: ttk.Entry, key: str) -> None:
        """A field took the keyboard's focus: its text selected (unless it is given back
        after a question or the guide: then the cursor stays where it was), its line of
        help shown."""
        self._last_field = entry
        if entry is self._refocused:    # back where it was, and so is the sheet
            self._refocused = None
        else:
            entry.select_range(0, "end")
            self._seek = entry          # brought into sight, if it is not
        if key != self._focus_key:
            self._focus_key = key
            self._show_hints()
        elif self._seek is entry and self.touched:
            self._fit_hints()

    def _touch(self, _event=None) -> None:
        """The person has begun on this sheet: it stands where it is now (``_hold_still``)."""
        if not self.touched:
            self.touched = True
            self._kept_top = self.body.canvasy(0)

    def _typed(self, event) -> None:
        """A key was pressed in a field; one that writes or rubs out (not Tab, Enter or an
        arrow) is said to ``on_typed``."""
        self._touch()
        self._seek = None
        if self.on_typed is not None and (
                (event.char and event.char.isprintable())
                or event.keysym in ("BackSpace", "Delete")):
            self.on_typed()

    def _submit(self, _event=None) -> str:
        self.on_submit()
        return "break"

    # ------------------------------------------------------------ scrolling

    def _xview(self, *args) -> None:
        self.body.xview(*args)

    def _yview(self, *args) -> None:
        self.body.yview(*args)
        self._kept_top = self.body.canvasy(0)

    def _x_moved(self, first: str, last: str) -> None:
        """The body moved sideways: the headings follow, part-shown months go blank."""
        self.xscroll.set(first, last)
        region = self._region_width()
        if region > 0:
            self.top.xview_moveto(self.body.canvasx(0) / region)
        self._clip_columns()

    def _y_moved(self, first: str, last: str) -> None:
        """The body moved up or down: the row labels follow, part-shown rows go blank."""
        self.yscroll.set(first, last)
        height = self._region_height()
        if height > 0:
            self.heads.yview_moveto(self.body.canvasy(0) / height)
        self._clip_columns()

    def _wheel(self, event) -> str:
        delta = -1 if getattr(event, "num", 0) == 4 or getattr(event, "delta", 0) > 0 else 1
        sideways = bool(event.state & 0x1)     # Shift
        if sideways:
            self.body.xview_scroll(delta, "units")
        else:
            self.body.yview_scroll(delta * 2, "units")
            self._kept_top = self.body.canvasy(0)
        return "break"

    def _region_width(self) -> float:
        try:
            return float(str(self.body.cget("scrollregion")).split()[2])
        except (IndexError, ValueError, tk.TclError):
            return 0.0

    def _region_height(self) -> float:
        try:
            return float(str(self.body.cget("scrollregion")).split()[3])
        except (IndexError, ValueError, tk.TclError):
            return 0.0

    def _set_region(self, width: float, height: float) -> None:
        width, height = int(width), int(height)
        self.body.configure(scrollregion=(0, 0, width, height))
        self.top.configure(scrollregion=(0, 0, width, self.row_h))
        self.heads.configure(scrollregion=(0, 0, self.head_w, height))

    def _resized(self) -> None:
        self.scroll_to_current()
        self._fit_hints()

    def shown_span(self) -> Tuple[float, float]:
        """The x range of the body in sight, in canvas coordinates."""
        left = self.body.canvasx(0)
        return left, left + max(1, self.body.winfo_width())

    def whole_months(self) -> List[int]:
        """The months whose numbers are on screen now (wholly in sight)."""
        return [m for m in range(1, self.months + 1) if self._whole.get(m)]

    def _clip_columns(self) -> None:
        """Show a number only when its whole month column and its whole row are in sight."""
        left, right = self.shown_span()
        c, top = self.body, self.top
        seen_top = c.canvasy(0)
        seen_bottom = seen_top + max(1, c.winfo_height())
        cut = tuple(index for index, row in enumerate(self.rows)
                    if self.row_y[row.id] < seen_top - 1
                    or self.row_y[row.id] + self.row_h > seen_bottom + 1)
        changed = cut != self._rows_cut
        for month in range(1, self.months + 1):
            x0, x1 = (month - 1) * self.col_w, month * self.col_w
            whole = x0 >= left - 1 and x1 <= right + 1 and month <= self._visible_months
            if self._whole.get(month) == whole and not (changed and whole):
                continue
            self._whole[month] = whole
            state = "normal" if whole else "hidden"
            c.itemconfigure(f"c{month}", state=state)
            top.itemconfigure(f"m{month}", state=state)
        if changed:
            for index in self._rows_cut:
                self.heads.itemconfigure(f"r{index}", state="normal")
            self._show_briefs(self._entry_block)   # the other block's labels stay hidden
            self._rows_cut = cut
        for index in cut:
            c.itemconfigure(f"r{index}", state="hidden")
            self.heads.itemconfigure(f"r{index}", state="hidden")
        self._place_block_titles(seen_top, seen_bottom)

    def _place_block_titles(self, seen_top: float, seen_bottom: float) -> None:
        """ORDERS and SALES stand in the middle of the part of their block in sight, or
        not at all where too little of it is in sight to hold the whole word."""
        import tkinter.font as tkfont
        bold = tkfont.Font(root=self, name="EDTallyBold", exists=True)
        for block, title in (("orders", "ORDERS"), ("sales", "SALES")):
            if block not in self.block_span:
                continue            # no game laid out yet
            top, bottom = self.block_span[block]
            top, bottom = max(top, seen_top), min(bottom, seen_bottom)
            fits = bottom - top >= bold.measure(title) + 4
            for item in self.heads.find_withtag(f"block:{block}"):
                self.heads.coords(item, self.theme.em, (top + bottom) / 2)
                self.heads.itemconfigure(item, state="normal" if fits else "hidden")

    # ------------------------------------------------------------- layout

    def width_for(self, months: int) -> int:
        """The width that shows the row labels, ``months`` whole months, the help beside
        the month being played and the scrollbar."""
        return (self.head_w + months * self.col_w + self.hint_least
                + self.yscroll.winfo_reqwidth())

    def room_for_help(self, width: int) -> None:
        """Keep ``width`` pixels (``hint_least`` at least) beside the month being played
        for its line of help."""
        width = max(self.hint_least, width)
        if width != self.hint_w:
            self.hint_w = width
            self.scroll_to_current()

    def setup(self, months: int, *, loans: bool) -> None:
        """Lay out a sheet for a game of ``months`` months (once per game)."""
        self.months = months
        self.rows = P.tally_rows(loans=loans)
        self._fit_heads()
        for canvas in (self.body, self.heads, self.top, self.corner):
            canvas.delete("all")
        self._items.clear()
        self._cells_by_item = None
        self._drawn.clear()
        self._windows.clear()
        self._whole.clear()
        self._rows_cut = ()
        self._entry_block = None
        self._current_month = 0
        self._visible_months = 0
        self._layout_rows()
        self._draw_heads()
        self._draw_grid()
        self._make_items()
        self._place_fields()

    def _fit_heads(self) -> None:
        """Make the label column as wide as its longest group name beside its longest label."""
        import tkinter.font as tkfont
        em = self.theme.em
        bold = tkfont.Font(root=self, name="EDTallyBold", exists=True)
        plain = tkfont.Font(root=self, name="EDTally", exists=True)
        need = max(em * 3.3 + (bold.measure(row.group) + em if row.group else 0)
                   + plain.measure(row.brief) + em * 1.2 for row in self.rows)
        self.head_w = int(max(em * 12, need))
        for canvas in (self.heads, self.corner):
            canvas.configure(width=self.head_w)

    def _layout_rows(self) -> None:
        y = self.theme.pad(0.3)
        gap = self.theme.pad(0.6)
        previous = None
        for row in self.rows:
            if previous is not None and row.block != previous:
                y += gap
            self.row_y[row.id] = y
            y += self.row_h
            previous = row.block
        self.height = y + gap
        self.block_span = {}
        for block in ("orders", "sales", "month"):
            ys = [self.row_y[r.id] for r in self.rows if r.block == block]
            self.block_span[block] = (min(ys), max(ys) + self.row_h)

    def _draw_heads(self) -> None:
        c, em, h = self.heads, self.theme.em, self.row_h
        for canvas, height in ((self.corner, h), (self.heads, self.height)):
            # The paper sheet's red double rule between the labels and the figures.
            for x in (self.head_w - 4, self.head_w - 1):
                canvas.create_line(x, 0, x, height, fill=T.MARGIN)
        self.corner.create_line(0, h - 1, self.head_w, h - 1, fill=T.BLOCK_LINE)
        for block, title in (("orders", "ORDERS"), ("sales", "SALES")):
            top, bottom = self.block_span[block]
            c.create_rectangle(0, top, em * 2, bottom, fill=T.HEAD, outline=T.BLOCK_LINE)
            c.create_text(em, (top + bottom) // 2, text=title, angle=90, font="EDTallyBold",
                          fill=T.INK, tags=(f"block:{block}",))
        for index, row in enumerate(self.rows):
            y = self.row_y[row.id]
            tags = (f"r{index}",)
            if row.group:
                if row.key:
                    # The commodity's colour as a small swatch; its name says the same.
                    c.create_rectangle(em * 2.4, y + h * 0.3, em * 2.4 + em * 0.6, y + h * 0.7,
                                       fill=T.COMMODITY_COLOURS[row.key], outline="", tags=tags)
                c.create_text(em * 3.3, y + h // 2, text=row.group, anchor="w",
                              font="EDTallyBold", fill=T.INK, tags=tags)
            if row.brief:
                c.create_text(self.head_w - em * 0.8, y + h // 2, text=row.brief, anchor="e",
                              font="EDTally", fill=T.MUTED, tags=tags + (f"brief:{row.block}",))
            c.create_line(em * 2, y + h, self.head_w - 4, y + h, fill=T.RULE)
        c.configure(scrollregion=(0, 0, self.head_w, self.height))
        self._show_briefs(self._entry_block)

    def _show_briefs(self, entry_block: Optional[str]) -> None:
        """The labels of the block being entered (the orders' when none is), the other
        block's hidden: said once on screen, where the typing is."""
        shown = "sales" if entry_block == "sales" else "orders"
        for block in ("orders", "sales"):
            self.heads.itemconfigure(f"brief:{block}",
                                     state="normal" if block == shown else "hidden")

    def _draw_grid(self) -> None:
        c, h = self.body, self.row_h
        width = self.months * self.col_w
        self.current_band = c.create_rectangle(0, 0, 0, 0, fill=T.CURRENT, outline="")
        self._row_lines = [c.create_line(0, self.row_y[r.id] + h, width, self.row_y[r.id] + h,
                                         fill=T.RULE) for r in self.rows]
        self._col_lines = []
        for month in range(1, self.months + 1):
            x = month * self.col_w
            self._col_lines.append(c.create_line(x, 0, x, self.height, fill=T.RULE))
            self.top.create_text(x - self.col_w // 2, h // 2, text=P.month_heading(month),
                                 font="EDTallyBold", fill=T.INK, tags=(f"m{month}",))
            self.top.create_line(x, 0, x, h, fill=T.RULE, tags=(f"m{month}",))
        self.top_rule = self.top.create_line(0, h - 1, width, h - 1, fill=T.BLOCK_LINE)
        self._set_region(width, self.height)

    def _make_items(self) -> None:
        c, h = self.body, self.row_h
        pad = self.theme.pad(0.4)
        self._chips: Dict[int, List[int]] = {}
        for month in range(1, self.months + 1):
            x = month * self.col_w - pad
            for index, row in enumerate(self.rows):
                self._items[(month, row.id)] = c.create_text(
                    x, self.row_y[row.id] + h // 2, text="", anchor="e", font="EDTally",
                    fill=T.INK, tags=(f"c{month}", f"r{index}"))
                if row.id == "stock":
                    # the grades' colours above the counts, drawn once there are counts
                    self._chips[month] = [
                        c.create_rectangle(0, 0, 0, 0, fill=T.COMMODITY_COLOURS[key],
                                           outline="", tags=(f"c{month}", f"r{index}"))
                        for key in RAW]

    def _place_chips(self, month: int, text: str) -> None:
        """The chips of ``month``'s stock above its counts (``text``: "0·0·3"), or none."""
        import tkinter.font as tkfont
        from ..widgets.chips import count_spans
        font = tkfont.Font(root=self, name="EDTally", exists=True)
        right = month * self.col_w - self.theme.pad(0.4)
        top = self.row_y["stock"] + 2
        bottom = top + max(2, self.theme.em // 3)
        spans = count_spans(font, text) or [(0, 0)] * len(RAW)
        for item, (left, end) in zip(self._chips[month], spans):
            if left == end:
                self.body.coords(item, 0, 0, 0, 0)
            else:
                self.body.coords(item, right - left, top, right - end, bottom)

    def cell(self, month: int, row_id: str) -> int:
        """The canvas item of the sheet's cell in ``month``'s column and row ``row_id``."""
        return self._items[(month, row_id)]

    def hint_item(self, name: str) -> int:
        """The canvas item that holds the words beside ``name`` (a commodity, or a block's
        total: ``"orders"``, ``"sales"``)."""
        return self._windows[f"{name}.hint"]

    def chips_shown(self, month: int) -> List[Tuple[str, Tuple[float, ...]]]:
        """Each chip above ``month``'s stock: its colour and where it stands (for tests)."""
        return [(self.body.itemcget(item, "fill"), tuple(self.body.coords(item)))
                for item in self._chips.get(month, ())
                if self.body.itemcget(item, "state") != "hidden"
                and self.body.coords(item)[2] > self.body.coords(item)[0]]

    def _place_fields(self) -> None:
        c = self.body
        for key, (units, price) in self.entries.items():
            for name, entry in (("units", units), ("price", price)):
                self._windows[f"{key}.{name}"] = c.create_window(
                    0, 0, window=entry, anchor="w", state="hidden", height=self.row_h - 1)
            self._windows[f"{key}.hint"] = c.create_window(0, 0, window=self.hints[key],
                                                           anchor="nw", state="hidden")
        for block, label in self.totals.items():
            self._windows[f"{block}.hint"] = c.create_window(0, 0, window=label, anchor="nw",
                                                             state="hidden")

    def hint_band(self, name: str) -> Tuple[int, int]:
        """The y range a hint may fill: a commodity's line from where it stands beside its
        rows down to the next line on show (or the block's end), or from a total to the
        sheet's end (``_place_lines``).

        A line on show may run on beside the quiet fields below it; the orders total
        beside the (still empty) sales block; the sales total beside the cash and
        stock rows, whose current cells are empty.
        """
        if name in ("orders", "sales"):
            return self._bands.get(name, (self.row_y[f"{name}.total"], self.height))
        return self._bands.get(name, (self.row_y[f"{name}.units"],
                                      self.row_y[f"{name}.money"] + self.row_h))

    def _place_lines(self, keys, block: str) -> Dict[str, Tuple[int, int]]:
        """Where each line on show stands (``keys``, top to bottom, then the total's):
        beside its own rows, as far down them as the line above it needs, and down to the
        next line; the last commodity's down to the sheet's end, and the total's below it
        where the last line runs on past the total's row (the column beside the sheet is
        empty, so a line is never cut for the total's)."""
        tops: List[int] = []
        for index, key in enumerate(keys):
            top = self.row_y[f"{key}.units"]
            if tops:
                above = tops[-1] + self.hints[keys[index - 1]].winfo_reqheight() + 2
                top = min(max(top, above), self.row_y[f"{key}.money"])
            tops.append(top)
        end = max(self.height, self._region_height())
        bands = {key: (top, tops[index + 1] if index + 1 < len(tops) else end)
                 for index, (key, top) in enumerate(zip(keys, tops))}
        total = self.row_y[f"{block}.total"]
        if keys:
            total = max(total, tops[-1] + self.hints[keys[-1]].winfo_reqheight() + 2)
        bands[block] = (total, end)
        return bands

    # ------------------------------------------------------------ drawing

    def draw(self, columns: Mapping[int, Mapping[str, P.Cell]], *, month: int,
             entry_block: Optional[str]) -> None:
        """Show ``columns`` (month -> row id -> cell); months after ``month`` stay blank.

        ``entry_block`` is ``"orders"`` or ``"sales"`` when the current month's
        fields of that block are to be typed in, or ``None`` (no entry).
        """
        blank = P.Cell("")
        self.touched = False                  # a new sheet: nothing begun on it yet
        self._last_field = self._refocused = self._seek = None
        self._written = dict(columns.get(month, {}))   # what pencilling leaves in place
        items, drawn, body = self._items, self._drawn, self.body
        # Hundreds of cells change when the next seat's sheet is shown: the Tcl
        # command is called directly, without tkinter's option handling.
        call, path = body.tk.call, body._w
        for (m, row_id), item in items.items():
            cell = columns.get(m, {}).get(row_id, blank) if m <= month else blank
            if drawn.get((m, row_id)) == cell:
                continue
            drawn[(m, row_id)] = cell
            font, fill = _cell_look(cell)
            call(path, "itemconfigure", item, "-text", cell.text, "-font", font, "-fill", fill)
            if row_id == "stock":
                self._place_chips(m, cell.text)
        self._show_month(month, entry_block)

    def pencil(self, cells: Mapping[str, P.Cell]) -> None:
        """Pencil ``cells`` (row id -> cell, ``P.draft_cells``) into the month being typed:
        what the entry would pay or bring, its total and the cash; every other such cell
        of the month shows what the month's column holds (the cash in hand while selling),
        or is blank."""
        month, block = self._current_month, self._entry_block
        if not month or not block:
            return
        blank = P.Cell("")
        written = self._written
        for row in self.rows:
            if not (row.block == block and row.field in ("money", "total") or row.id == "cash"):
                continue
            cell = cells.get(row.id, written.get(row.id, blank))
            if self._drawn.get((month, row.id)) != cell:
                self._drawn[(month, row.id)] = cell
                font, fill = _cell_look(cell)
                self.body.itemconfigure(self._items[(month, row.id)], text=cell.text,
                                        font=font, fill=fill)

    def pencilled(self, row_id: str) -> bool:
        """Whether the cell of ``row_id`` in the month being typed is pencilled in."""
        cell = self._drawn.get((self._current_month, row_id))
        return cell is not None and cell.tone == "draft" and bool(cell.text)

    def _show_month(self, month: int, entry_block: Optional[str]) -> None:
        """Move the highlight, the fields and the help to ``month``'s column."""
        if month == self._current_month and entry_block == self._entry_block:
            self.scroll_to_current()
            return
        self._current_month, self._entry_block = month, entry_block
        self._show_briefs(entry_block)
        self._levels.clear()                      # the help of another phase is gone
        c, h = self.body, self.row_h
        x0 = (month - 1) * self.col_w
        visible_months = month if entry_block else self.months
        self._visible_months = visible_months
        self._whole.clear()
        right = visible_months * self.col_w
        if entry_block:
            top, bottom = self.block_span[entry_block]
            c.coords(self.current_band, x0, top, x0 + self.col_w, bottom)
            right += self.hint_w
        else:
            c.coords(self.current_band, 0, 0, 0, 0)
        for index, line in enumerate(self._col_lines):
            c.itemconfigure(line, state="normal" if index < visible_months else "hidden")
        for line, row in zip(self._row_lines, self.rows):
            y = self.row_y[row.id] + h
            c.coords(line, 0, y, visible_months * self.col_w, y)
        self.top.coords(self.top_rule, 0, h - 1, visible_months * self.col_w, h - 1)
        keys = RAW if entry_block == "orders" else GOODS if entry_block == "sales" else ()
        ex = x0 + 2
        hx = month * self.col_w + self.theme.pad(0.3)
        for key in RAW + GOODS:
            on = key in keys
            state = "normal" if on else "hidden"
            uy = self.row_y[f"{key}.units"] + h // 2
            py = self.row_y[f"{key}.price"] + h // 2
            c.coords(self._windows[f"{key}.units"], ex, uy)
            c.coords(self._windows[f"{key}.price"], ex, py)
            c.coords(self._windows[f"{key}.hint"], hx, self.row_y[f"{key}.units"] + 1)
            for suffix in ("units", "price"):
                c.itemconfigure(self._windows[f"{key}.{suffix}"], state=state)
            for entry in self.entries[key]:
                entry.configure(takefocus=1 if on else 0)
        for block in ("orders", "sales"):
            c.coords(self._windows[f"{block}.hint"], hx, self.row_y[f"{block}.total"] + 1)
        self._show_hints()
        self._set_region(right + self.theme.pad(1), max(self.height, self._region_height()))
        self.scroll_to_current()
        self.after_idle(self.scroll_to_current)

    def scroll_to_current(self) -> None:
        """Scroll so that the current month is wholly in sight, with as much help as fits.

        The view moves a whole month at a time (``xscrollincrement``), so the
        left edge is always a column's edge.
        """
        region = self._region_width()
        if region <= 0 or not self._current_month:
            return
        shown = max(1, self.body.winfo_width())
        month = self._current_month
        right = month * self.col_w + (self.hint_w if self._entry_block else 0)
        # The current column itself matters most; its help may be cut on a narrow window.
        first = max(0, -(-(right - shown) // self.col_w))      # whole months scrolled off
        first = min(first, month - 1)
        self.body.xview_moveto(first * self.col_w / region)
        self._clip_columns()
        self._fit_hints()

    # ------------------------------------------------------------- entries

    def clear_entries(self) -> None:
        """Empty every field and what was pencilled in beside them (the entry just submitted
        is hidden from the next person)."""
        for units_var, price_var in self.vars.values():
            units_var.set("")
            price_var.set("")
        self.pencil({})

    def texts(self, keys) -> Dict[str, Tuple[str, str]]:
        """What is typed in the fields of ``keys``."""
        return {key: (self.vars[key][0].get(), self.vars[key][1].get()) for key in keys}

    def show_help(self, help_: P.EntryHelp, keys, block: str) -> None:
        """Put the live help (or the refusal) next to each field: its short line, with the
        full sentence kept for the tooltips (``full_text``); only the lines that speak
        where the person is are on show (``shown_hints``)."""
        styles = {"info": "Hint.TLabel", "warn": "HintWarn.TLabel", "error": "HintError.TLabel"}
        for name, label, hint in [(key, self.hints[key], help_.lines[key]) for key in keys] + [
                (block, self.totals[block], help_.total)]:
            label.full_text = hint.text
            label.short_text = hint.line
            self._levels[name] = hint.level
            if label.cget("text") != hint.line:
                label.configure(text=hint.line)
            label.configure(style=styles[hint.level])
        self._show_hints()

    def shown_hints(self) -> Tuple[str, ...]:
        """The lines of help on show (commodity keys, or the block for its total): the line
        of the field with the focus, and every line that refuses; a total's that warns."""
        block = self._entry_block
        if not block:
            return ()
        keys = RAW if block == "orders" else GOODS
        focus = self._focus_key if self._focus_key in keys else keys[0]
        shown = [key for key in keys
                 if key == focus or self._levels.get(key) == "error"]
        if self._levels.get(block) in ("warn", "error"):
            shown.append(block)
        return tuple(shown)

    def _show_hints(self) -> None:
        """Show the lines of ``shown_hints`` beside their fields; the others are quiet."""
        if not self._windows:
            return
        shown = self.shown_hints()
        for name in RAW + GOODS + ("orders", "sales"):
            self.body.itemconfigure(self._windows[f"{name}.hint"],
                                    state="normal" if name in shown else "hidden")
        self._fit_hints()

    def _fit_hints(self) -> None:
        """Give each line on show the width in sight and the height of its band; keep the
        block in view until the person begins on the sheet (``_hold_still`` after).

        A hint is as wide as the sheet allows right of the current month and may
        run on beside the quiet fields below it, so it is rarely cut; a long
        refusal under the Sales block makes the sheet taller rather than run
        off its foot.  Once the sheet stands still, a line ends at the foot of the
        part in sight, shortened at a word there if it must (whole on hover).
        """
        block = self._entry_block
        if not block or not self._windows:
            return
        c, pad = self.body, self.theme.pad
        hx = self._current_month * self.col_w + pad(0.3)
        width = max(self.hint_w, int(self.shown_span()[1] - hx - pad(0.5)))
        wrap = width - 2 * (self.theme.em // 2) - 6       # its padding and border
        shown = self.shown_hints()
        keys = [key for key in (RAW if block == "orders" else GOODS) if key in shown]
        for label in [self.hints[key] for key in keys] + [self.totals[block]]:
            if int(str(label.cget("wraplength")) or 0) != wrap:
                label.configure(wraplength=wrap)
            whole = getattr(label, "short_text", None)
            if whole and label.cget("text") != whole:
                label.configure(text=whole)     # cut for less room before: whole again
        self._bands = self._place_lines(keys, block)
        seen = None                 # once begun, the sheet's foot in sight: lines end there
        if self.touched:
            self._see_focus()
            seen = int(self._kept_top) + max(1, c.winfo_height())
        for key in keys:            # (a quiet line is fitted when it comes to be shown)
            label, (top, bottom) = self.hints[key], self._bands[key]
            room = bottom - top - 2
            if seen is not None:
                room = min(room, max(self.row_h, seen - top - 2))
            self._fit_in_band(label, room)
            window = self._windows[f"{key}.hint"]
            c.coords(window, hx, top + 1)
            # beside its own rows at least, and no taller than its words beyond them
            rows = self.row_y[f"{key}.money"] + self.row_h - top - 2
            c.itemconfigure(window, width=width, height=min(
                bottom - top - 2, max(label.winfo_reqheight(), rows)))
        total_top = self._bands[block][0]
        if block in shown:
            if seen is not None:
                self._fit_in_band(self.totals[block], max(self.row_h, seen - total_top - 2))
            c.coords(self._windows[f"{block}.hint"], hx, total_top + 1)
            c.itemconfigure(self._windows[f"{block}.hint"], width=width,
                            height=self.totals[block].winfo_reqheight())
        total_bottom = total_top + 1 + self.totals[block].winfo_reqheight()
        height = max(self.height, total_bottom + pad(0.5))
        if self.touched:
            self._hold_still(height)
            return
        if int(self._region_height()) != height:
            self._set_region(self._region_width(), height)
        if block == "sales":            # and what there is to sell, just under it
            total_bottom = max(total_bottom, self.block_span["month"][1])
        self._keep_block_in_view(block, total_bottom)

    def _hold_still(self, height: int) -> None:
        """Once the person has begun on a sheet, it stands still until the next sheet: a line
        of help that grows, the bar below the sheet coming or going, the guide's strip
        opening or closing never scroll it (the fields would move under the eyes and the
        pointer); only a field given the keyboard's focus out of sight is scrolled to.

        The sheet is never made shorter meanwhile (a canvas shows no space past its end, so
        a shorter sheet would scroll itself), and where the canvas scrolled itself as it
        grew taller (Tk keeps its view within the sheet), its top is put back before
        anything is drawn.
        """
        c = self.body
        self._see_focus()
        shown = max(1, c.winfo_height())
        height = max(height, int(self._region_height()), int(self._kept_top) + shown)
        if int(self._region_height()) != height:
            self._set_region(self._region_width(), height)
        if abs(c.canvasy(0) - self._kept_top) >= 1:
            c.yview_moveto(self._kept_top / height)

    def _see_focus(self) -> None:
        """Move ``_kept_top`` just enough that a field just given the keyboard's focus is
        wholly in sight (a Tab to a field out of sight, a refused field under the bar),
        until a key is pressed in it."""
        focus = self._seek
        if focus is None or self.focus_get() is not focus:
            return
        for key, pair in self.entries.items():
            if focus in pair:
                top = self.row_y[f"{key}.{'units' if focus is pair[0] else 'price'}"]
                break
        else:
            return
        shown = self.body.winfo_height()
        if shown <= 1:
            return
        bottom = top + self.row_h
        if top < self._kept_top:
            self._kept_top = float(top)
        elif bottom > self._kept_top + shown:
            self._kept_top = float(min(bottom - shown, top))

    @staticmethod
    def _fit_in_band(label: ttk.Label, room: int) -> None:
        """Keep a commodity's hint within its rows: in the small font if it needs more lines,
        and, as a last resort, cut at a word with "…" (the whole sentence in its tooltip)."""
        shown = getattr(label, "short_text", None) or str(label.cget("text"))
        style = str(label.cget("style"))
        if label.winfo_reqheight() > room and not style.endswith("Compact.TLabel"):
            label.configure(style=style.replace(".TLabel", "Compact.TLabel"))
        words = shown.split(" ")
        while label.winfo_reqheight() > room and len(words) > 1:
            words.pop()
            label.configure(text=" ".join(words).rstrip(",:;·") + "…")

    def _keep_block_in_view(self, block: str, bottom: int) -> None:
        """Scroll up or down so the block being entered is in sight down to ``bottom`` (its
        total's help; while selling, the cash and stock under it), its top first where
        not all of it fits."""
        c = self.body
        shown = c.winfo_height()
        height = self._region_height()
        if shown <= 1 or height <= 0:
            return
        top = self.block_span[block][0] - self.theme.pad(0.3)
        seen_top = c.canvasy(0)
        if top >= seen_top and bottom <= seen_top + shown:
            return
        want = min(top, max(0, bottom - shown))
        c.yview_moveto(max(0.0, want / height))

    def focus_field(self, key: str, *, price: bool = False) -> None:
        entry = self.entries[key][1 if price else 0]
        entry.focus_set()
        self._focused(entry, key)

    def select_in_use(self) -> None:
        """The text of the field last in use chosen, as a field taking the keyboard has it,
        so what is typed next replaces it (its text put back after it took the keyboard, as
        when the window is laid out again for a new text size, left the cursor before it)."""
        entry = self._last_field
        if entry is not None:
            entry.select_range(0, "end")
            entry.icursor("end")

    def fields(self) -> list:
        """Every entry field of the sheet, units and prices."""
        return [entry for pair in self.entries.values() for entry in pair]

    def give_back(self, entry: ttk.Entry) -> None:
        """The keyboard back to ``entry``, its text and cursor as they were (it left for a
        moment: a question, the guide, a tab of the drawer clicked)."""
        if self.focus_get() is not entry:
            self._refocused = entry      # its FocusIn keeps the cursor and the text as they are
        entry.focus_set()

    def refocus(self, key: str) -> None:
        """The keyboard back to the field last in use on this sheet, its cursor where it was
        (after a question, the guide, a look at the last reveal), or to ``key``'s units when
        none has been used yet."""
        entry = self._last_field
        if entry is None or str(entry.cget("takefocus")) != "1":
            self.focus_field(key)
            return
        self.give_back(entry)

    # ------------------------------------------------------------ extras

    def add_tips(self) -> None:
        """Tooltips on every field and every number of the sheet (built once, on first need)."""
        if getattr(self, "_tips", None):
            return
        from ..presenter import tips
        from ..widgets.tooltip import Tooltip, add_tooltip, canvas_tip

        class FieldTip(Tooltip):
            # The live help beside the field already speaks to keyboard users;
            # a tip popping up on focus would cover the field below.
            def _on_focus_in(self, _event=None) -> None:
                pass

            # shown by the pointer only, so it goes with the pointer (a field being typed
            # in kept a tip that covered the line beside it until the focus moved on)
            def _on_leave(self, _event=None) -> None:
                self._cancel()
                self.hide()

        self._tips = []
        for key, pair in self.entries.items():
            for entry, what in zip(pair, ("units", "price")):
                tip = FieldTip(entry, self._field_tip_text(key, what), 400)
                entry._ed_tooltip = tip
                self._tips.append(tip)
        # Beside each field a few words; the whole sentence when the pointer rests on them.
        for label in list(self.hints.values()) + list(self.totals.values()):
            self._tips.append(add_tooltip(label, lambda label=label: getattr(
                label, "full_text", ""), 300))

        def body_text(item: int) -> str:
            found = self._item_cells().get(item)
            if found is None:
                return ""
            month, row_id = found
            if not self.body.itemcget(item, "text"):
                return ""
            if month == self._current_month and self.pencilled(row_id):
                key = row_id.partition(".")[0]
                units = self.vars[key][0].get().strip() if key in self.vars else ""
                return tips.draft_cell_tip(row_id, self._entry_block or "", units)
            return tips.tally_cell_tip(row_id, P.month_heading(month))

        self._tips.append(canvas_tip(self.body, body_text))
        def head_text(item: int) -> str:
            coords = self.heads.coords(item)
            if not coords or self.heads.type(item) != "text":
                return ""
            y = coords[-1]
            for row in self.rows:
                top = self.row_y[row.id]
                if top <= y <= top + self.row_h:
                    return tips.tally_cell_tip(row.id, "Each month")
            return ""

        self._tips.append(canvas_tip(self.heads, head_text))

    def _field_tip_text(self, key: str, what: str) -> Callable[[], str]:
        """A field's tooltip: the live help's full sentence, then what the field is for."""
        from ..presenter import tips

        def text() -> str:
            about = tips.field_tip(key, what)
            help_ = getattr(self.hints[key], "full_text", "")
            return f"{help_}\n\n{about}" if help_ else about
        return text

    def _item_cells(self) -> Dict[int, Tuple[int, str]]:
        cells = getattr(self, "_cells_by_item", None)
        if cells is None or len(cells) != len(self._items):
            cells = {item: key for key, item in self._items.items()}
            self._cells_by_item = cells
        return cells


def _cell_look(cell: P.Cell) -> Tuple[str, str]:
    """The font and the colour a cell is drawn in: struck through for what came
    to nothing, bold for a total, red for a cancelled one, pencil for an entry being typed."""
    font = ("EDTallyStrike" if cell.struck else "EDTallyDraft" if cell.tone == "draft" else
            "EDTallyBold" if cell.tone == "total" else "EDTally")
    fill = (T.RED if cell.tone == "bad" else T.PENCIL if cell.tone == "draft" else
            T.MUTED if cell.struck else T.INK)
    return font, fill
