"""The Review tab of the end screen: a person's entries beside the expert's, in dollars.

    ReviewTab (ttk.Frame)
    ├── top: whose_label, whose (Combobox: the people at the table; only when
    │        more than one), status (what is being done), progress (Progressbar)
    ├── sentences (Label)        the three costliest decisions, one sentence each
    ├── table (Treeview)         month and phase, your entry, the expert's, the difference
    ├── detail (Label)           the chosen row's sentence and what the computers said
    ├── chart (CashChart)        beside them: your worth month by month and the estimate
    └── note (Label)             what the dollars count

``show(game, explanations=None)`` sets the finished game; the review of the
person chosen (the first person by default; in pass and play each picks
their own) is computed when the tab is first seen, on a worker thread
(``ed.review`` is slow beside a frame: about half a second a person), its
progress handed back through plain attributes that ``after`` polls read,
since Tk is not thread-safe.  Each person's review is computed once.
"""
from __future__ import annotations

import gc
import queue
import threading
import tkinter as tk
from tkinter import ttk
from typing import Dict, Optional, Tuple

from .. import review as _review
from . import theme as T

#: the table's columns
COLUMNS = ("Month", "You entered", "The expert", "Difference")


class ReviewTab(ttk.Frame):
    """See the module docstring."""

    POLL_MS = 50

    def __init__(self, master: tk.Misc, theme: T.Theme) -> None:
        super().__init__(master, style="Screen.TFrame", padding=theme.pad(0.5))
        from .charts import CashChart
        em = theme.em
        self.theme = theme
        self.game = None
        self.explanations: Dict[Tuple[int, str, int], str] = {}
        self.people: Tuple[int, ...] = ()
        self.seat: Optional[int] = None
        #: finished reviews by seat, for the game shown
        self.results: Dict[int, _review.Review] = {}
        self.shown: Optional[_review.Review] = None
        self._job: Optional[Tuple[int, int, threading.Thread]] = None   # (token, seat, thread)
        self._token = 0
        self._done_box = [(0, 1)]          # written by the worker, read by the poll
        self._answers: "queue.Queue" = queue.Queue()
        self._after: Optional[str] = None
        self.columnconfigure(0, weight=3)
        self.columnconfigure(1, weight=2)
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
        self.sentences = ttk.Label(self, text="", style="Screen.TLabel", justify="left",
                                   wraplength=em * 100)
        self.sentences.grid(row=1, column=0, sticky="new", pady=(em // 2, em // 2))
        left = ttk.Frame(self, style="Screen.TFrame")
        left.grid(row=2, column=0, sticky="nsew")
        left.bind("<Configure>", lambda e: self._wrap_column(e.width))
        left.columnconfigure(0, weight=1)
        left.rowconfigure(0, weight=1)
        self.table = ttk.Treeview(left, columns=COLUMNS, show="headings", height=6,
                                  selectmode="browse")
        for column, anchor in zip(COLUMNS, ("w", "w", "w", "e")):
            self.table.heading(column, text=column)
            self.table.column(column, anchor=anchor, stretch=False)
        self._fit_columns([])
        self.table.grid(row=0, column=0, sticky="nsew")
        scroll = ttk.Scrollbar(left, orient="vertical", command=self.table.yview)
        sideways = ttk.Scrollbar(left, orient="horizontal", command=self.table.xview)
        self.table.configure(yscrollcommand=scroll.set, xscrollcommand=sideways.set)
        scroll.grid(row=0, column=1, sticky="ns")
        sideways.grid(row=1, column=0, sticky="ew")
        self.table.bind("<<TreeviewSelect>>", lambda e: self._show_detail())
        self.chart = CashChart(self, width=em * 44, height=em * 22,
                               title="Worth month by month")
        self.chart.grid(row=1, column=1, rowspan=3, sticky="nsew", padx=(em, 0), pady=(em // 2, 0))
        self.detail = ttk.Label(self, text="", style="Screen.TLabel", justify="left",
                                wraplength=em * 60)
        self.detail.grid(row=3, column=0, sticky="new", pady=(em // 2, 0))
        self.note = ttk.Label(self, text="", style="Muted.TLabel", justify="left",
                              wraplength=em * 100, background=T.PANEL)
        self.note.grid(row=4, column=0, columnspan=2, sticky="ew", pady=(em // 2, 0))
        self.bind("<Map>", lambda e: self._start())
        self.bind("<Destroy>", self._on_destroy)
        self.bind("<Configure>", lambda e: self._wrap(e.width))

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
        self.whose.configure(values=names, width=max([12] + [len(n) + 2 for n in names]))
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
            self.status.configure(text="Every seat was a computer player: there is no "
                                       "person's game to review.")
            self.progress.grid_remove()
        elif self.winfo_ismapped():
            self._start()

    def _chosen(self) -> None:
        names = [self.game.names[seat] for seat in self.people]
        name = self.whose_var.get()
        if name in names:
            self.seat = self.people[names.index(name)]
            self._clear()
            self._start()

    def _clear(self) -> None:
        self.sentences.configure(text="")
        self.detail.configure(text="")
        self.note.configure(text="")
        self.table.delete(*self.table.get_children())
        self.chart.set_series([], [])

    # ------------------------------------------------------------ the worker

    def _start(self) -> None:
        """Show the chosen person's review, computing it first if need be."""
        seat = self.seat
        if self.game is None or seat is None:
            return
        if seat in self.results:
            self._fill(self.results[seat])
            return
        name = self.game.names[seat]
        self.status.configure(text=f"Reviewing {name}'s entries beside the expert's…")
        self.progress.grid()
        self.progress.configure(value=0)
        if self._job is None:
            self._launch(seat)
        self._schedule()

    def _launch(self, seat: int) -> None:
        token, game, said = self._token, self.game, self.explanations
        answers = self._answers
        # the worker holds no widget: were it to let go of the last reference to one, Tk
        # would be asked to tidy it up from the wrong thread
        done_box = self._done_box = [(0, 1)]

        def progress(done: int, total: int) -> None:
            done_box[0] = (done, total)      # one assignment: read whole by the poll

        def work() -> None:
            try:
                found = _review.review(game, seat, progress=progress, explanations=said)
                answers.put((token, seat, found, None))
            except Exception as error:   # reported on the Tk thread, never lost
                answers.put((token, seat, None, error))

        # Garbage left by closed windows is collected here, on the Tk thread: collected on
        # the worker, a Tk variable among it would be tidied up from the wrong thread.
        gc.collect()
        thread = threading.Thread(target=work, name="ed-review", daemon=True)
        self._job = (token, seat, thread)
        thread.start()

    def wait(self, timeout: Optional[float] = None) -> None:
        """Block until the running review is done (tests, and nothing else)."""
        if self._job is not None:
            self._job[2].join(timeout)

    def _schedule(self) -> None:
        if self._after is None:
            self._after = self.after(self.POLL_MS, self._poll)

    def _poll(self) -> None:
        self._after = None
        self.deliver()
        if self._job is not None:
            done, total = self._done_box[0]
            self.progress.configure(value=done / max(1, total))
            self._schedule()

    def deliver(self) -> None:
        """On the Tk thread: take the reviews finished so far (the poll does this)."""
        while True:
            try:
                token, seat, found, error = self._answers.get_nowait()
            except queue.Empty:
                break
            if token != self._token:
                continue                          # another game's
            self._job = None
            if error is not None:
                self.progress.grid_remove()
                self.status.configure(text="The review could not be made (an unexpected "
                                           "error, written to errors.log).")
                raise error
            self.results[seat] = found
        if self._job is None and self.seat is not None and self.seat not in self.results \
                and self.game is not None:
            self._launch(self.seat)               # the person chosen meanwhile
        elif self.seat in self.results and (self.shown is None or self.shown.seat != self.seat):
            self._fill(self.results[self.seat])

    def _on_destroy(self, event) -> None:
        if event.widget is self:
            from .tooltip import cancel_after
            self._after = cancel_after(self, self._after)

    # ------------------------------------------------------------ drawing

    def _fill(self, found: "_review.Review") -> None:
        from .charts import PALETTE, Series
        self.shown = found
        self.progress.grid_remove()
        self.status.configure(text=f"{found.name}: {_signed(found.total)} in all against "
                                   f"the expert's entries, phase by phase.")
        if found.costliest:
            self.sentences.configure(text="\n".join(f"{n}. {d.sentence}"
                                                    for n, d in enumerate(found.costliest, 1)))
        else:
            self.sentences.configure(text=found.summary)
        self.table.delete(*self.table.get_children())
        for index, decision in enumerate(found.decisions):
            same = decision.suggested == decision.entered
            self.table.insert("", "end", iid=str(index), values=(
                decision.label, decision.entered_text,
                "the same" if same else decision.suggested_text, _signed(decision.difference)))
        self._fit_columns([self.table.item(row, "values") for row in self.table.get_children()])
        series = [Series("you", found.name, found.actual, PALETTE[0], "circle", True, ()),
                  Series("expert", "the expert's (estimate)", found.estimate,
                         PALETTE[1], "square", False, (6, 3))]
        self.chart.set_series(found.labels, series)
        self.note.configure(text=f"Dollars count {_review.WORTH}. The second line is "
                                 f"{_review.ESTIMATE}.")
        self.detail.configure(text="Choose a month for its sentence.")
        self._grown()

    def _grown(self) -> None:
        """Tell the scrolled area around the tab, if any, that its content grew (it hears of
        its own size only, which a notebook's new request does not change)."""
        from .scroll import ScrolledFrame
        widget = self.master
        while widget is not None and not isinstance(widget, ScrolledFrame):
            widget = widget.master
        if widget is not None:
            widget.fits()

    def _fit_columns(self, rows) -> None:
        """Each column as wide as its heading or its widest cell (the table scrolls sideways
        when they need more room than it has)."""
        import tkinter.font as tkfont
        heading = tkfont.Font(root=self, name="EDBold", exists=True)
        body = tkfont.Font(root=self, name="EDBody", exists=True)
        em = self.theme.em
        for index, column in enumerate(COLUMNS):
            width = max([heading.measure(column)] + [body.measure(str(row[index]))
                                                      for row in rows]) + em * 2
            self.table.column(column, width=width, minwidth=width)

    def _show_detail(self) -> None:
        found = self.shown
        chosen = self.table.selection()
        if found is None or not chosen:
            return
        decision = found.decisions[int(chosen[0])]
        lines = [decision.sentence]
        if decision.reason and decision.suggested != decision.entered:
            lines.append(f"The expert {decision.reason.rstrip('.')}.")
        lines += [f"{name} said: {said}" for name, said in decision.table_talk]
        self.detail.configure(text="\n".join(lines))
        self._grown()

    def _wrap(self, width: int) -> None:
        room = max(self.theme.em * 30, width - self.theme.em * 2)
        self.note.configure(wraplength=room)

    def _wrap_column(self, width: int) -> None:
        """The sentences and the detail wrap to the column they share with the table (its
        cell's width less the labels' own padding, heard whenever it changes, so a wrap never
        asks for more room)."""
        column = max(self.theme.em * 20, width - self.theme.em)
        self.sentences.configure(wraplength=column)
        self.detail.configure(wraplength=column)

    def sentences_shown(self) -> str:
        """The top sentences as shown (for tests)."""
        return str(self.sentences.cget("text"))


def _signed(amount: int) -> str:
    money = f"-${-amount:,}" if amount < 0 else f"${amount:,}"
    return "+" + money if amount > 0 else money
