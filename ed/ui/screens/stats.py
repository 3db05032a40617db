"""The statistics window: the record of play in a table, a row a person."""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ...saves.record import Stats
from ..widgets.tables import fit_tree
from ..presenter.record import money_or_dash, player_rows, rate


class StatisticsWindow(tk.Toplevel):
    """The record of play in a table: one row per person, breakdowns beneath.

    ``StatisticsWindow(parent, stats)``; ``set_stats(stats)`` shows a new
    record.  Escape or Close shuts it.

        StatisticsWindow (tk.Toplevel)
        +-- summary (ttk.Label)    games played in all
        +-- tree (ttk.Treeview)    name / games / wins / best / average
        +-- button_close
    """

    COLUMNS = (("games", "Games", 70), ("wins", "Wins", 70), ("rate", "Won", 70),
               ("best", "Best profit", 100), ("average", "Average profit", 110))

    def __init__(self, parent: tk.Misc, stats: Stats) -> None:
        super().__init__(parent)
        self.title("Statistics")      # as the menu names it
        frame = ttk.Frame(self, padding=10)
        frame.pack(fill="both", expand=True)
        self.summary = ttk.Label(frame, text="")
        self.summary.pack(anchor="w", pady=(0, 6))
        self.tree = ttk.Treeview(frame, columns=[c for c, _, _ in self.COLUMNS], height=10,
                                 selectmode="browse")
        self.tree.heading("#0", text="Player", anchor="w")
        self.tree.column("#0", width=230, minwidth=120, anchor="w")
        for key, text, width in self.COLUMNS:
            self.tree.heading(key, text=text, anchor="e")
            self.tree.column(key, width=width, minwidth=50, anchor="e", stretch=False)
        self.tree.pack(fill="both", expand=True)
        self.note = ttk.Label(frame, text="A win is a first place, shared or not. "
                                          "Profit is final cash minus starting cash.",
                              foreground="#555555")
        self.note.pack(anchor="w", pady=(6, 0))
        self.button_close = ttk.Button(frame, text="Close", command=self.destroy)
        self.button_close.pack(anchor="e", pady=(8, 0))
        self.bind("<Escape>", lambda e: self.destroy())
        self.set_stats(stats)
        self.tree.focus_set()

    def set_stats(self, stats: Stats) -> None:
        """Show ``stats``."""
        played = stats.get("games_played", 0)
        if not played:
            self.summary.configure(text="No finished games yet. Finish a game and it "
                                        "will be counted here.")
        else:
            self.summary.configure(
                text=f"Finished games: {played}" if played != 1 else "Finished games: 1")
        self.tree.delete(*self.tree.get_children())
        for row in player_rows(stats):
            iid = self.tree.insert("", "end", text=row.name, open=True, values=(
                row.games, row.wins, rate(row.games, row.wins),
                money_or_dash(row.best_profit), money_or_dash(row.average_profit)))
            for label, games, wins in row.details:
                self.tree.insert(iid, "end", text=label,
                                 values=(games, wins, rate(games, wins), "", ""))
        fit_tree(self.tree, "Statistics.Treeview")
