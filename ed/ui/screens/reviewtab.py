"""The Review tab of the end screen: a person's entries beside the expert's, in dollars.

    ReviewTab (ttk.Frame)
    ├── top: whose_label, whose (Combobox: the people at the table; only when
    │        more than one), status (the total, in words), progress (Progressbar)
    ├── tops (Labels)            the three costliest decisions, a few words each;
    │                            a click or Enter opens one whole below the table
    ├── table (Treeview)         month and phase, your entry, the expert's (each line that
    │                            bought or sold nothing or part says so, and why), the
    │                            difference
    ├── detail (Label)           the chosen decision whole in short sentences, what the
    │                            expert expected and what the computers thought
    ├── chart (CashChart)        your worth month by month and the estimate: beside the
    │                            table where the width allows every column whole, else
    │                            under it (the table never scrolls sideways: an entry too
    │                            long for its column is broken after a comma, every row
    │                            then as tall as the tallest)
    └── note (Label)             what the dollars count

``show(game, explanations=None)`` sets the finished game; the review of the
person chosen (the first person by default; in pass and play each picks
their own) is computed when the tab is first seen, off the Tk thread
(``background.Courier``: ``ed.review`` is slow beside a frame, about half a
second a person).  Each person's review is computed once; ``where()`` and
``go_back(where)`` keep it, the person and the row chosen across the window
being built again (a new text size).
"""
from __future__ import annotations

import gc
import tkinter as tk
from tkinter import ttk
from typing import Dict, List, Optional, Tuple

from ... import review as _review
from ...words import signed_money
from ..widgets import theme as T
from ..widgets.background import Courier

#: the table's columns
COLUMNS = ("Month", "You entered", "The expert", "Difference")   # entries: "4 Fine $41"


class ReviewTab(ttk.Frame):
    """See the module docstring."""

    POLL_MS = 50
    TOPS = 3
    #: the table's fewest rows; it takes more where the screen leaves the height
    ROWS = 6
    #: the lines kept under the table for a decision's sentences
    DETAIL_LINES = 6

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(0.5))
        self.theme = theme
        self.game = None
        self.explanations: Dict[Tuple[int, str, int], str] = {}
        self.people: Tuple[int, ...] = ()
        self.seat: Optional[int] = None
        #: finished reviews by seat, for the game shown
        self.results: Dict[int, _review.Review] = {}
        self.shown: Optional[_review.Review] = None
        self._job: Optional[Tuple[int, int]] = None        # (token, seat) being worked out
        self._token = 0
        self._done_box = [(0, 1)]          # written by the worker, read by the poll
        self.courier = Courier(self, self._answer, pending=lambda: self._job is not None,
                               poll_ms=self.POLL_MS, tick=self._tick)
        self._chart_beside: Optional[bool] = None
        #: the table's rows as told, unbroken (month, yours, the expert's, the difference)
        self._texts: List[Tuple[str, str, str, str]] = []
        self._broken_for: Optional[int] = -1      # the room the rows were last broken for
        ttk.Style(self).configure("ReviewTop.TLabel", background=T.CURRENT)   # with the keys
        self._build()
        self.bind("<Map>", lambda e: self._start())
        self.bind("<Destroy>", self._on_destroy)
        self.bind("<Configure>", lambda e: self._laid_out(e.width))

    def _build(self) -> None:
        from ..widgets.charts import CashChart
        em = self.theme.em
        self.columnconfigure(0, weight=1)
        top = ttk.Frame(self, style="Screen.TFrame")
        top.grid(row=0, column=0, columnspan=2, sticky="ew")
        top.columnconfigure(3, weight=1)
        self.whose_label = ttk.Label(top, text="Whose review:", style="Screen.TLabel")
        self.whose_var = tk.StringVar(self)
        self.whose = ttk.Combobox(top, textvariable=self.whose_var, state="readonly",
                                  width=12)
        self.whose.bind("<<ComboboxSelected>>", lambda e: self._chosen())
        self.status = ttk.Label(top, text="", style="Screen.TLabel")
        self.status.grid(row=0, column=2, sticky="w", padx=(em, 0))
        self.progress = ttk.Progressbar(top, mode="determinate", length=em * 20, maximum=1)
        self.progress.grid(row=0, column=3, sticky="w", padx=(em, 0))
        self._build_tops()
        left = ttk.Frame(self, style="Screen.TFrame")
        left.grid(row=2, column=0, sticky="nsew")
        left.bind("<Configure>", lambda e: self._wrap_column(e.width))
        left.columnconfigure(0, weight=1)
        left.rowconfigure(0, weight=1)
        self._build_table(left)
        self.chart = CashChart(self, width=em * 44, height=em * 22,
                               title="Worth month by month")
        self.detail = ttk.Label(self, text="", style="Screen.TLabel", justify="left",
                                wraplength=em * 60)
        self.detail.grid(row=3, column=0, sticky="new", pady=(em // 2, 0))
        self.note = ttk.Label(self, text="", style="Muted.TLabel", justify="left",
                              wraplength=em * 100, background=T.PANEL)
        self.note.grid(row=5, column=0, columnspan=2, sticky="ew", pady=(em // 2, 0))
        self._place_chart(beside=True)

    def _build_tops(self) -> None:
        """The three costliest decisions, each a label that opens it on a click or Enter."""
        em = self.theme.em
        box = ttk.Frame(self, style="Screen.TFrame")
        box.grid(row=1, column=0, sticky="new", pady=(em // 2, em // 2))
        box.columnconfigure(0, weight=1)
        self.summary = ttk.Label(box, text="", style="Screen.TLabel", justify="left")
        self.summary.grid(row=0, column=0, sticky="w")
        self.tops: List[ttk.Label] = []
        for number in range(self.TOPS):
            label = ttk.Label(box, text="", style="Screen.TLabel", justify="left",
                              takefocus=1, cursor="hand2")
            label.grid(row=1 + number, column=0, sticky="w")
            label.bind("<Button-1>", lambda e, n=number: self.open_top(n))
            for key in ("<Return>", "<KP_Enter>"):
                label.bind(key, lambda e, n=number: self.open_top(n) or "break")
            label.bind("<FocusIn>", lambda e: e.widget.configure(style="ReviewTop.TLabel"))
            label.bind("<FocusOut>", lambda e: e.widget.configure(style="Screen.TLabel"))
            self.tops.append(label)

    def _build_table(self, left: ttk.Frame) -> None:
        ttk.Style(self).configure("Review.Treeview", rowheight=self.theme.line + 4)
        self.table = ttk.Treeview(left, columns=COLUMNS, show="headings", height=self.ROWS,
                                  selectmode="browse", style="Review.Treeview")
        for column, anchor in zip(COLUMNS, ("w", "w", "w", "e")):
            self.table.heading(column, text=column)
            self.table.column(column, anchor=anchor, stretch=False)
        self._fit_columns([])
        self.table.grid(row=0, column=0, sticky="nsew")
        scroll = ttk.Scrollbar(left, orient="vertical", command=self.table.yview)
        self.table.configure(yscrollcommand=scroll.set)
        scroll.grid(row=0, column=1, sticky="ns")
        self.table_scroll = scroll
        self.table.bind("<<TreeviewSelect>>", lambda e: self._show_detail())

    # ------------------------------------------------------------ data

    def show(self, game, *, explanations=None) -> None:
        """Review ``game`` (finished) for its people; computed once the tab is seen."""
        self._token += 1                 # a review still coming for another game is dropped
        self._job = None
        self.game = game
        self.explanations = dict(explanations or {})
        self.people = tuple(_review.people(game))
        self.results = {}
        self.shown = None
        names = [game.names[seat] for seat in self.people]
        self.whose.configure(values=names, width=T.field_chars(self.whose, names))
        if len(names) > 1:          # pass and play: each person chooses their own
            self.whose_label.grid(row=0, column=0, sticky="w")
            self.whose.grid(row=0, column=1, sticky="w", padx=(self.theme.em // 2, 0))
        else:
            self.whose_label.grid_remove()
            self.whose.grid_remove()
        self.seat = self.people[0] if self.people else None
        self.whose_var.set(names[0] if names else "")
        self._clear()
        if self.seat is None:
            self._say("Every seat was a computer player: there is no person's game to "
                      "review.")
            self.progress.grid_remove()
        elif self.winfo_ismapped():
            self._start()

    def where(self) -> dict:
        """The reviews worked out, the person and the row chosen, for ``go_back``."""
        chosen = self.table.selection()
        return {"game": self.game, "results": dict(self.results), "seat": self.seat,
                "row": chosen[0] if chosen else None, "scroll": self.table.yview()[0]}

    def go_back(self, where: dict) -> None:
        """Show again what ``where`` (from ``where()``) kept, for the same game."""
        if where.get("game") is not self.game or self.game is None:
            return
        self.results.update(where["results"])
        if where["seat"] in self.people:
            self.seat = where["seat"]
            self.whose_var.set(self.game.names[self.seat])
        if self.seat in self.results:
            self._fill(self.results[self.seat])
            if where["row"] is not None and self.table.exists(where["row"]):
                self.table.selection_set(where["row"])
            self.table.yview_moveto(where["scroll"])

    def _chosen(self) -> None:
        names = [self.game.names[seat] for seat in self.people]
        name = self.whose_var.get()
        if name in names:
            self.seat = self.people[names.index(name)]
            self._clear()
            self._start()

    def _clear(self) -> None:
        self.shown = None
        self.summary.configure(text="")
        for label in self.tops:
            label.configure(text="")
            label.grid_remove()
        self.detail.configure(text="")
        self.note.configure(text="")
        self.table.delete(*self.table.get_children())
        self._texts = []
        self.chart.set_series([], [])

    # ------------------------------------------------------------ the worker

    def _start(self) -> None:
        """Show the chosen person's review, computing it first if need be."""
        seat = self.seat
        if self.game is None or seat is None:
            return
        if seat in self.results:
            if self.shown is not self.results[seat]:
                self._fill(self.results[seat])
            return
        name = self.game.names[seat]
        self._say(f"Reviewing {name}'s entries beside the expert's…")
        self.progress.grid()
        self.progress.configure(value=0)
        if self._job is None:
            self._launch(seat)
        self.courier.schedule()

    def _launch(self, seat: int) -> None:
        token, game, said = self._token, self.game, self.explanations
        # the worker holds no widget: were it to let go of the last reference to one, Tk
        # would be asked to tidy it up from the wrong thread
        done_box = self._done_box = [(0, 1)]

        def progress(done: int, total: int) -> None:
            done_box[0] = (done, total)      # one assignment: read whole by the poll

        def work(post) -> None:
            try:
                found = _review.review(game, seat, progress=progress, explanations=said)
                post((token, seat, found, None))
            except Exception as error:   # reported on the Tk thread, never lost
                post((token, seat, None, error))

        # Garbage left by closed windows is collected here, on the Tk thread: collected on
        # the worker, a Tk variable among it would be tidied up from the wrong thread.
        gc.collect()
        self._job = (token, seat)
        self.courier.send(work, name="ed-review")

    def wait(self, timeout: Optional[float] = None) -> None:
        """Block until the running review is done (tests, and nothing else)."""
        if self._job is not None:
            self.courier.join(timeout)

    def deliver(self) -> None:
        """On the Tk thread: take the reviews finished so far (the poll does this)."""
        self.courier.deliver_now()

    def _tick(self) -> None:
        if self._job is not None:
            done, total = self._done_box[0]
            self.progress.configure(value=done / max(1, total))

    def _answer(self, answer) -> None:
        token, seat, found, error = answer
        if token != self._token:
            return                                # another game's
        self._job = None
        if error is not None:
            self.progress.grid_remove()
            self._say("The review could not be made (an unexpected error, written to "
                      "errors.log).")
            raise error
        self.results[seat] = found
        if self.seat is not None and self.seat not in self.results and self.game is not None:
            self._launch(self.seat)               # the person chosen meanwhile
        elif self.seat in self.results and (self.shown is None or self.shown.seat != self.seat):
            self._fill(self.results[self.seat])

    def _on_destroy(self, event) -> None:
        if event.widget is self:
            self.courier.stop()

    # ------------------------------------------------------------ drawing

    def _fill(self, found: "_review.Review") -> None:
        from ..widgets.charts import PALETTE, Series
        self.shown = found
        self.progress.grid_remove()
        self._say(f"{found.name}: {found.total_text}, phase by phase.")
        said = [] if found.costliest else [found.summary]
        if found.failed:        # a phase the expert could not decide is said, never hidden
            said = [f"{found.not_compared} The details are in errors.log."] + \
                (said if found.failed < len(found.decisions) else [])
        self.summary.configure(text=" ".join(said))
        self.summary.grid() if said else self.summary.grid_remove()
        for number, label in enumerate(self.tops):
            if number < len(found.costliest):
                label.configure(text=f"{number + 1}. {found.costliest[number].short}")
                label.grid()
            else:
                label.grid_remove()
        self.table.delete(*self.table.get_children())
        self._texts = [(decision.label, decision.entered_told,
                        "the same" if decision.same else decision.suggested_told,
                        signed_money(-decision.difference))   # the person's side: -$45 is worse
                       for decision in found.decisions]
        for index, values in enumerate(self._texts):
            self.table.insert("", "end", iid=str(index), values=values)
        self._broken_for = -1
        if self.winfo_width() <= 1:               # not laid out yet: each entry on a line
            self._break_rows(None)
        # "yours", not the name: the status says whose, and a 40-letter name left the chart
        series = [Series("you", "yours", found.actual, PALETTE[0], "circle", True, ()),
                  Series("expert", "the expert's (estimate)", found.estimate,
                         PALETTE[1], "square", False, (6, 3))]
        self.chart.set_series(found.labels, series)
        self.note.configure(text=f"Dollars count {found.worth}. The second line is "
                                 f"{_review.ESTIMATE}.")
        self.detail.configure(text="Choose a decision, or a month, for the whole of it.")
        self._laid_out(self.winfo_width())
        self._grown()

    def open_top(self, number: int) -> None:
        """Open the ``number``-th costliest decision whole: its row chosen in the table."""
        found = self.shown
        if found is None or number >= len(found.costliest):
            return
        row = str(found.decisions.index(found.costliest[number]))
        self.table.selection_set(row)
        self.table.see(row)
        self._show_detail()

    def take_height(self, spare: int) -> None:
        """The table ``spare`` pixels taller (shorter where it is negative), by whole rows,
        never fewer than ``ROWS`` nor more than it has. The lines under it keep the room of
        ``DETAIL_LINES`` whatever they say now, so that choosing a row never moves the rest;
        the row chosen stays in sight."""
        row = int(ttk.Style(self).lookup("Review.Treeview", "rowheight") or 0)
        if row <= 0:
            return
        spare += self.detail.winfo_reqheight() - self.DETAIL_LINES * self.theme.line
        now = int(self.table.cget("height"))
        rows = max(self.ROWS, min(len(self._texts), now + spare // row))
        if rows != now:
            self.table.configure(height=rows)
            chosen = self.table.selection()
            if chosen:
                self.table.see(chosen[0])

    def _grown(self) -> None:
        """Tell the notebook's owner (``<<Grown>>``) and the scrolled area around the tab, if
        any, that its content grew (it hears of its own size only, which a notebook's new
        request does not change)."""
        from ..widgets.scroll import ScrolledFrame
        self.event_generate("<<Grown>>")
        widget = self.master
        while widget is not None and not isinstance(widget, ScrolledFrame):
            widget = widget.master
        if widget is not None:
            widget.fits()

    def _fit_columns(self, rows) -> None:
        """Each column as wide as its heading or its widest cell (its widest line)."""
        import tkinter.font as tkfont
        heading = tkfont.Font(root=self, name="EDBold", exists=True)
        body = tkfont.Font(root=self, name="EDBody", exists=True)
        em = self.theme.em
        for index, column in enumerate(COLUMNS):
            width = max([heading.measure(column)] + [body.measure(line) for row in rows
                                                      for line in str(row[index]).split("\n")]
                        ) + em * 2
            self.table.column(column, width=width, minwidth=width)

    def _break_rows(self, room: Optional[int]) -> None:
        """The rows in ``room`` pixels (``None``: each entry on one line): an entry wider than
        its share of what the month and the difference leave is broken after a comma, and
        every row made as tall as the one with the most lines (a tree's rows are all of one
        height)."""
        import tkinter.font as tkfont
        if room == self._broken_for:
            return
        self._broken_for = room
        body = tkfont.Font(root=self, name="EDBody", exists=True)
        shares = self._shares(room, body.measure)
        lines = 1
        for index, (label, mine, theirs, difference) in enumerate(self._texts):
            if not self.table.exists(str(index)):
                continue
            mine, theirs = (broken(text, share, body.measure)
                            for text, share in zip((mine, theirs), shares))
            lines = max(lines, mine.count("\n") + 1, theirs.count("\n") + 1)
            self.table.item(str(index), values=(label, mine, theirs, difference))
        style, height = ttk.Style(self), lines * self.theme.line + 4
        grown = int(style.lookup("Review.Treeview", "rowheight") or 0) != height
        style.configure("Review.Treeview", rowheight=height)
        self._fit_columns([self.table.item(row, "values") for row in self.table.get_children()])
        if grown:
            self._grown()             # taller rows: the notebook and the scrolled area hear

    def _whole_width(self) -> int:
        """The width ``columns_width`` would be with every entry on one line."""
        import tkinter.font as tkfont
        heading = tkfont.Font(root=self, name="EDBold", exists=True)
        body = tkfont.Font(root=self, name="EDBody", exists=True)
        return sum(max([heading.measure(column)] + [body.measure(row[index])
                                                     for row in self._texts])
                   + self.theme.em * 2 for index, column in enumerate(COLUMNS)) + \
            self.table_scroll.winfo_reqwidth()

    def columns_width(self) -> int:
        """The width every column of the table asks for, its scrollbar included."""
        return sum(int(self.table.column(c, "width")) for c in COLUMNS) + \
            self.table_scroll.winfo_reqwidth()

    def _shares(self, room: Optional[int], measure) -> Tuple[Optional[int], Optional[int]]:
        """The widths the two entries' columns may take of ``room`` (``None``: as wide as they
        like): what the month and the difference leave, each its own width where the other
        can have the rest, else half each."""
        if room is None or not self._texts:
            return None, None
        em = self.theme.em
        fixed = sum(max(measure(COLUMNS[i]), *(measure(t[i]) for t in self._texts)) + em * 2
                    for i in (0, 3))
        left = max(em * 24, room - fixed - em * 4)
        mine, theirs = (max(measure(t[i]) for t in self._texts) for i in (1, 2))
        if mine + theirs <= left:
            return None, None
        if mine <= left // 2:
            return mine, left - mine
        if theirs <= left // 2:
            return left - theirs, theirs
        return left // 2, left - left // 2

    def _laid_out(self, width: int) -> None:
        """The chart beside the table where the tab is wide enough for both, every entry on
        one line; else under it, the entries broken to the tab's width where they must be.
        The notes wrap to the tab."""
        em = self.theme.em
        width = self._within_window(width)
        room = max(em * 30, width - em * 2)
        self.note.configure(wraplength=room)
        self._wrap_status()
        if width > 1 and self._texts:
            beside = self._whole_width() + self.chart.winfo_reqwidth() + em * 3 <= width
            self._break_rows(None if beside else
                             width - em * 2 - self.table_scroll.winfo_reqwidth())
            self._place_chart(beside=beside)
        elif width > 1:
            need = self.columns_width() + self.chart.winfo_reqwidth() + em * 3
            self._place_chart(beside=need <= width)

    def _place_chart(self, *, beside: bool) -> None:
        if beside == self._chart_beside:
            return
        self._chart_beside = beside
        em = self.theme.em
        if beside:
            self.chart.grid(row=1, column=1, rowspan=3, columnspan=1, sticky="nsew",
                            padx=(em, 0), pady=(em // 2, 0))
        else:
            self.chart.grid(row=4, column=0, rowspan=1, columnspan=2, sticky="nsew",
                            padx=0, pady=(em // 2, 0))
        self._grown()

    def _show_detail(self) -> None:
        found = self.shown
        chosen = self.table.selection()
        if found is None or not chosen:
            return
        decision = found.decisions[int(chosen[0])]
        lines = [decision.sentence]
        if decision.reason and not decision.same:
            lines.append(expert_reason(decision.reason))
        lines += [f"{name} thought: {said}" for name, said in decision.table_talk]
        self.detail.configure(text="\n".join(lines))
        self._grown()

    def _within_window(self, width: int) -> int:
        """``width``, never more than the window's: the tab grows with what it holds (a long
        name's status once made it wider than the screen, and every wrap followed it)."""
        window = self.winfo_toplevel().winfo_width()
        return min(width, window - self.theme.em * 2) if window > 1 else width

    def _say(self, text: str) -> None:
        """The status, wrapped beside the chooser before it is shown."""
        self.status.configure(text=text)
        self._wrap_status()

    def _wrap_status(self) -> None:
        """The status wraps beside the chooser: "<a 40-letter name>: worth $1,854 less…"."""
        em = self.theme.em
        beside = sum(widget.winfo_reqwidth() for widget in (self.whose_label, self.whose)
                     if widget.winfo_manager())
        room = self._within_window(self.winfo_toplevel().winfo_width()) - em * 4
        if room > 0:
            self.status.configure(wraplength=max(em * 20, room - beside - em * 2))

    def _wrap_column(self, width: int) -> None:
        """The decisions and the detail wrap to the column they share with the table (its
        cell's width less the labels' own padding, heard whenever it changes, so a wrap never
        asks for more room), never wider than the window."""
        column = max(self.theme.em * 20, self._within_window(width) - self.theme.em)
        for label in self.tops + [self.summary, self.detail]:
            label.configure(wraplength=column)

    def sentences_shown(self) -> str:
        """The top decisions as shown, one a line (for tests)."""
        shown = [str(label.cget("text")) for label in self.tops if label.winfo_manager()]
        return "\n".join(shown) or str(self.summary.cget("text"))



def expert_reason(reason: str) -> str:
    """The expert's own sentence, short: what it expected and, for an order, what it meant to
    make (its entry is told just above): ``"The expert expects Fine near $35. Its order was
    to make 3 A and 1 C."``; a sentence of another shape whole."""
    head, dash, tail = reason.rstrip(".").partition(" — ")
    if not dash:
        return f"The expert {head}."
    _, to_make, made = tail.partition(" to make ")
    return f"The expert {head}." + (f" Its order was to make {made}." if to_make else "")


def broken(text: str, room: Optional[int], measure) -> str:
    """``text`` (an entry's lines, ", " between them) as few lines as fit ``room`` pixels
    (``measure`` gives a text's width), each broken after a comma; whole where it fits, or
    where ``room`` is ``None``."""
    if room is None or measure(text) <= room:
        return text
    parts = text.split(", ")
    lines = [parts[0]]
    for part in parts[1:]:
        if measure(f"{lines[-1]}, {part}") <= room:
            lines[-1] = f"{lines[-1]}, {part}"
        else:
            lines[-1] += ","
            lines.append(part)
    return "\n".join(lines)
