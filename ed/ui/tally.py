"""The tally sheet: months as columns, an Orders block and a Sales block.

Widget tree::

    TallySheet (ttk.Frame)
    ├── heads    (Canvas, fixed)    row headings; ORDERS / SALES down the side
    ├── body     (Canvas, scrolls)  one column per month; the current month's
    │   │                           column holds the entry fields, and the
    │   │                           live help sits right beside them
    │   ├── entries[key] = (units Entry, price Entry)   for all six commodities
    │   ├── hints[key]   (Label)    help or the refusal next to those fields
    │   └── totals["orders"|"sales"] (Label)  cost, cash left, makeability
    ├── xscroll, yscroll

Past cells are canvas text items created once per game and only
reconfigured when their text changes, so a redraw after a phase is cheap.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, Dict, List, Mapping, Optional, Tuple

from ..rules import GOODS, RAW
from . import presenter as P
from . import theme as T


class TallySheet(ttk.Frame):
    """One seat's tally sheet with the current month's entry fields."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *,
                 on_change: Callable[[], None], on_submit: Callable[[], None]) -> None:
        super().__init__(master)
        self.theme = theme
        self.on_change = on_change
        self.on_submit = on_submit
        em = theme.em
        self.col_w = em * 9
        self.head_w = em * 17
        self.hint_w = em * 36
        self.months = 0
        self.rows: Tuple[P.TallyRow, ...] = ()
        self.row_y: Dict[str, int] = {}
        self._items: Dict[Tuple[int, str], int] = {}
        self._drawn: Dict[Tuple[int, str], P.Cell] = {}
        self._col_lines: List[int] = []
        self._row_lines: List[int] = []
        self._current_month = 0
        self._entry_block: Optional[str] = None

        self.heads = tk.Canvas(self, width=self.head_w, background=T.PAPER,
                               highlightthickness=0, takefocus=0)
        self.body = tk.Canvas(self, background=T.PAPER, highlightthickness=0, takefocus=0)
        self.xscroll = ttk.Scrollbar(self, orient="horizontal", command=self.body.xview)
        self.yscroll = ttk.Scrollbar(self, orient="vertical", command=self._yview)
        self.body.configure(xscrollcommand=self.xscroll.set, yscrollcommand=self.yscroll.set)
        self.heads.grid(row=0, column=0, sticky="ns")
        self.body.grid(row=0, column=1, sticky="nsew")
        self.yscroll.grid(row=0, column=2, sticky="ns")
        self.xscroll.grid(row=1, column=1, sticky="ew")
        self.columnconfigure(1, weight=1)
        self.rowconfigure(0, weight=1)

        self.entries: Dict[str, Tuple[ttk.Entry, ttk.Entry]] = {}
        self.vars: Dict[str, Tuple[tk.StringVar, tk.StringVar]] = {}
        self.hints: Dict[str, ttk.Label] = {}
        self.totals: Dict[str, ttk.Label] = {}
        self._windows: Dict[str, int] = {}
        self._make_fields()
        self.row_h = max(theme.line + 6, self.entries["xfine"][0].winfo_reqheight() + 2)

    # ----------------------------------------------------------- building

    def _make_fields(self) -> None:
        """Entry fields and hint labels, created in Tab order, placed later."""
        width = max(4, self.col_w // self.theme.em - 2)
        for key in RAW + GOODS:
            units_var, price_var = tk.StringVar(self), tk.StringVar(self)
            pair = []
            for var, what in ((units_var, "units"), (price_var, "price")):
                entry = ttk.Entry(self.body, textvariable=var, width=width, justify="right",
                                  style="Tally.TEntry", font="EDTally")
                entry.bind("<FocusIn>", lambda e: e.widget.select_range(0, "end"))
                pair.append(entry)
                var.trace_add("write", self._changed)
            self.entries[key] = (pair[0], pair[1])
            self.vars[key] = (units_var, price_var)
        for key in RAW + GOODS:
            self.hints[key] = ttk.Label(self.body, style="Hint.TLabel", wraplength=self.hint_w,
                                        justify="left", anchor="nw")
        for block in ("orders", "sales"):
            self.totals[block] = ttk.Label(self.body, style="Hint.TLabel", wraplength=self.hint_w,
                                           justify="left", anchor="nw")

    def _changed(self, *_args) -> None:
        self.on_change()

    def _submit(self, _event=None) -> str:
        self.on_submit()
        return "break"

    def _yview(self, *args) -> None:
        self.heads.yview(*args)
        self.body.yview(*args)

    def setup(self, months: int, *, loans: bool) -> None:
        """Lay out a sheet for a game of ``months`` months (once per game)."""
        self.months = months
        self.rows = P.tally_rows(loans=loans)
        self.body.delete("all")
        self.heads.delete("all")
        self._items.clear()
        self._cells_by_item = None
        self._drawn.clear()
        self._windows.clear()
        self._entry_block = None
        self._current_month = 0
        self._layout_rows()
        self._draw_heads()
        self._draw_grid()
        self._make_items()
        self._place_fields()

    def _layout_rows(self) -> None:
        y = self.row_h + self.theme.pad(0.3)
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
        c.create_text(em, h // 2, text="Month", anchor="w", font="EDTallyBold", fill=T.INK)
        for block, title in (("orders", "ORDERS"), ("sales", "SALES")):
            top, bottom = self.block_span[block]
            c.create_rectangle(0, top, em * 2, bottom, fill=T.PANEL, outline=T.BLOCK_LINE)
            c.create_text(em, (top + bottom) // 2, text=title, angle=90, font="EDTallyBold",
                          fill=T.INK)
        for row in self.rows:
            y = self.row_y[row.id]
            if row.group:
                c.create_text(em * 2.6, y + h // 2, text=row.group, anchor="w",
                              font="EDTallyBold", fill=T.INK)
            c.create_text(self.head_w - em // 2, y + h // 2, text=row.label, anchor="e",
                          font="EDTally", fill=T.MUTED)
            c.create_line(em * 2, y + h, self.head_w, y + h, fill=T.GRID)
        c.configure(scrollregion=(0, 0, self.head_w, self.height), height=self.height)

    def _draw_grid(self) -> None:
        c, h = self.body, self.row_h
        width = self.months * self.col_w + self.hint_w + self.theme.pad(2)
        self.current_band = c.create_rectangle(0, 0, 0, 0, fill=T.CURRENT, outline="")
        self._row_lines = [c.create_line(0, self.row_y[r.id] + h, width, self.row_y[r.id] + h,
                                         fill=T.GRID) for r in self.rows]
        self._col_lines = []
        for month in range(1, self.months + 1):
            x = month * self.col_w
            self._col_lines.append(c.create_line(x, 0, x, self.height, fill=T.GRID))
            c.create_text(x - self.col_w // 2, h // 2, text=P.month_heading(month),
                          font="EDTallyBold", fill=T.INK, tags=(f"m{month}",))
        c.configure(scrollregion=(0, 0, width, self.height), height=self.height)

    def _make_items(self) -> None:
        c, h = self.body, self.row_h
        pad = self.theme.pad(0.4)
        for month in range(1, self.months + 1):
            x = month * self.col_w - pad
            for row in self.rows:
                self._items[(month, row.id)] = c.create_text(
                    x, self.row_y[row.id] + h // 2, text="", anchor="e", font="EDTally",
                    fill=T.INK)

    def _place_fields(self) -> None:
        c = self.body
        for key, (units, price) in self.entries.items():
            self._windows[f"{key}.units"] = c.create_window(0, 0, window=units, anchor="w",
                                                            state="hidden")
            self._windows[f"{key}.price"] = c.create_window(0, 0, window=price, anchor="w",
                                                            state="hidden")
            self._windows[f"{key}.hint"] = c.create_window(0, 0, window=self.hints[key],
                                                           anchor="nw", state="hidden")
        for block, label in self.totals.items():
            self._windows[f"{block}.hint"] = c.create_window(0, 0, window=label, anchor="nw",
                                                             state="hidden")

    # ------------------------------------------------------------ drawing

    def draw(self, columns: Mapping[int, Mapping[str, P.Cell]], *, month: int,
             entry_block: Optional[str]) -> None:
        """Show ``columns`` (month -> row id -> cell); months after ``month`` stay blank.

        ``entry_block`` is ``"orders"`` or ``"sales"`` when the current month's
        fields of that block are to be typed in, or ``None`` (no entry).
        """
        blank = P.Cell("")
        items, drawn, body = self._items, self._drawn, self.body
        for (m, row_id), item in items.items():
            cell = columns.get(m, {}).get(row_id, blank) if m <= month else blank
            if drawn.get((m, row_id)) == cell:
                continue
            drawn[(m, row_id)] = cell
            font = ("EDTallyStrike" if cell.struck else
                    "EDTallyBold" if cell.tone == "total" else "EDTally")
            fill = T.RED if cell.tone == "bad" else (T.MUTED if cell.struck else T.INK)
            body.itemconfigure(item, text=cell.text, font=font, fill=fill)
        self._show_month(month, entry_block)

    def _show_month(self, month: int, entry_block: Optional[str]) -> None:
        """Move the highlight, the fields and the help to ``month``'s column."""
        if month == self._current_month and entry_block == self._entry_block:
            return
        self._current_month, self._entry_block = month, entry_block
        c, h = self.body, self.row_h
        x0 = (month - 1) * self.col_w
        visible_months = month if entry_block else self.months
        right = visible_months * self.col_w
        if entry_block:
            top, bottom = self.block_span[entry_block]
            c.coords(self.current_band, x0, top, right + self.hint_w, bottom)
            right += self.hint_w
        else:
            c.coords(self.current_band, 0, 0, 0, 0)
        for index, line in enumerate(self._col_lines):
            c.itemconfigure(line, state="normal" if index < visible_months else "hidden")
        for m in range(1, self.months + 1):
            c.itemconfigure(f"m{m}", state="normal" if m <= visible_months else "hidden")
        for line, row in zip(self._row_lines, self.rows):
            y = self.row_y[row.id] + h
            c.coords(line, 0, y, right, y)
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
            c.coords(self._windows[f"{key}.hint"], hx, self.row_y[f"{key}.units"] + 2)
            for suffix in ("units", "price", "hint"):
                c.itemconfigure(self._windows[f"{key}.{suffix}"], state=state)
            for entry in self.entries[key]:
                entry.configure(takefocus=1 if on else 0)
        for block in ("orders", "sales"):
            on = block == entry_block
            c.coords(self._windows[f"{block}.hint"], hx, self.row_y[f"{block}.total"] + 2)
            c.itemconfigure(self._windows[f"{block}.hint"], state="normal" if on else "hidden")
        width = max(right, self.months * self.col_w) + self.theme.pad(2)
        c.configure(scrollregion=(0, 0, width, self.height))
        self.after_idle(self.scroll_to_current)

    def scroll_to_current(self) -> None:
        """Scroll so that the current column and its help are in sight."""
        try:
            region = float(self.body.cget("scrollregion").split()[2])
        except (IndexError, ValueError, tk.TclError):
            return
        if region <= 0:
            return
        shown = self.body.winfo_width()
        right = self._current_month * self.col_w + (self.hint_w if self._entry_block else 0)
        # The current column itself matters most; its help may be cut on a narrow window.
        left = min(max(0, right - shown + self.theme.pad(1)),
                   max(0, (self._current_month - 1) * self.col_w))
        left = -(-left // self.col_w) * self.col_w    # never show half a column
        self.body.xview_moveto(left / region)

    # ------------------------------------------------------------- entries

    def clear_entries(self) -> None:
        """Empty every field (the entry just submitted is hidden from the next person)."""
        for units_var, price_var in self.vars.values():
            units_var.set("")
            price_var.set("")

    def texts(self, keys) -> Dict[str, Tuple[str, str]]:
        """What is typed in the fields of ``keys``."""
        return {key: (self.vars[key][0].get(), self.vars[key][1].get()) for key in keys}

    def show_help(self, help_: P.EntryHelp, keys, block: str) -> None:
        """Put the live help (or the refusal) next to each field."""
        styles = {"info": "Hint.TLabel", "warn": "HintWarn.TLabel", "error": "HintError.TLabel"}
        for key in keys:
            hint = help_.lines[key]
            label = self.hints[key]
            if label.cget("text") != hint.text:
                label.configure(text=hint.text)
            label.configure(style=styles[hint.level])
        label = self.totals[block]
        label.configure(text=help_.total.text, style=styles[help_.total.level])
        self._fit_total(block)

    def _fit_total(self, block: str) -> None:
        """Let the total's message use the width in sight, and scroll to its last line.

        A long refusal under the Sales block would otherwise run off the foot of
        the sheet on a 768-pixel screen.
        """
        c = self.body
        label = self.totals[block]
        hx = self._current_month * self.col_w + self.theme.pad(0.3)
        shown_right = c.canvasx(0) + c.winfo_width()
        wrap = max(self.hint_w, int(shown_right - hx - self.theme.pad(1)))
        if int(str(label.cget("wraplength")) or 0) != wrap:
            label.configure(wraplength=wrap)
        bottom = self.row_y[f"{block}.total"] + 2 + label.winfo_reqheight()
        height = max(self.height, bottom + self.theme.pad(0.5))
        region = c.cget("scrollregion").split()
        if len(region) == 4 and int(float(region[3])) != height:
            c.configure(scrollregion=(0, 0, int(float(region[2])), height))
            self.heads.configure(scrollregion=(0, 0, self.head_w, height))
        if bottom > c.canvasy(0) + c.winfo_height() and c.winfo_height() > 1:
            c.yview_moveto(max(0.0, (bottom - c.winfo_height()) / height))
            self.heads.yview_moveto(max(0.0, (bottom - c.winfo_height()) / height))

    def focus_field(self, key: str, *, price: bool = False) -> None:
        entry = self.entries[key][1 if price else 0]
        entry.focus_set()
        entry.select_range(0, "end")

    # ------------------------------------------------------------ extras

    def add_tips(self) -> None:
        """Tooltips on every field and every number of the sheet (built once, on first need)."""
        if getattr(self, "_tips", None):
            return
        from . import tips
        from .tooltip import Tooltip

        class FieldTip(Tooltip):
            # The live help beside the field already speaks to keyboard users;
            # a tip popping up on focus would cover the field below.
            def _on_focus_in(self, _event=None) -> None:
                pass

        self._tips = []
        for key, pair in self.entries.items():
            for entry, what in zip(pair, ("units", "price")):
                tip = FieldTip(entry, tips.field_tip(key, what), 400)
                entry._ed_tooltip = tip
                self._tips.append(tip)

        def body_text(item: int) -> str:
            found = self._item_cells().get(item)
            if found is None:
                return ""
            month, row_id = found
            if not self.body.itemcget(item, "text"):
                return ""
            return tips.tally_cell_tip(row_id, P.month_heading(month))

        self._tips.append(tips.canvas_tip(self.body, body_text))
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

        self._tips.append(tips.canvas_tip(self.heads, head_text))

    def _item_cells(self) -> Dict[int, Tuple[int, str]]:
        cells = getattr(self, "_cells_by_item", None)
        if cells is None or len(cells) != len(self._items):
            cells = {item: key for key, item in self._items.items()}
            self._cells_by_item = cells
        return cells

    def print_canvas(self) -> tk.Canvas:
        """A plain canvas holding the whole sheet (headings and every month) for PostScript.

        The caller destroys it.  Entry fields are left out: only what was revealed
        is printed.
        """
        self.update_idletasks()
        top = tk.Toplevel(self)
        top.withdraw()
        width = self.head_w + self.months * self.col_w + self.theme.pad(1)
        canvas = tk.Canvas(top, width=width, height=self.height, background="#ffffff",
                           highlightthickness=0)
        canvas.pack()
        for source, dx in ((self.heads, 0), (self.body, self.head_w)):
            for item in source.find_all():
                kind = source.type(item)
                if kind == "window" or source.itemcget(item, "state") == "hidden":
                    continue
                coords = source.coords(item)
                if not coords or (kind == "rectangle" and coords[0] == coords[2]):
                    continue
                shifted = [c + (dx if i % 2 == 0 else 0) for i, c in enumerate(coords)]
                options = {name: source.itemcget(item, name)
                           for name in source.itemconfigure(item) if name != "tags"}
                if item == getattr(self, "current_band", None):
                    continue
                canvas._create(kind, shifted, options)
        return canvas
