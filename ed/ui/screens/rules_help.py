"""The rules help window: the rules in this app's words, with search and sections.

``RulesHelpWindow(parent)`` is a non-modal Toplevel; ``show(parent)`` opens
one, or raises the one already open in the same application.

    RulesHelpWindow (tk.Toplevel)
    +-- top: search_entry (ttk.Entry), button_next, match_label ("3 matches")
    +-- sections (tk.Listbox)  | text (tk.Text, read-only) + scrollbar
    +-- button_close

Search: typing highlights every match (tag ``match``); Enter (or "Next")
moves to the next one (tag ``current_match``), wrapping round.  Picking a
section scrolls to it.  Escape closes the window.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Any, List, Optional

from ..presenter.rules_text import SECTIONS

_OPEN_ATTR = "_ed_rules_help_window"


class RulesHelpWindow(tk.Toplevel):
    """The rules, searchable, in sections.  See the module docstring."""

    def __init__(self, parent: tk.Misc) -> None:
        super().__init__(parent)
        self.title("Rules of Executive Decision")
        from ..widgets.placement import px
        self.geometry(f"{px(self, 900)}x{px(self, 620)}")     # 900×620 at 96 dpi
        self.minsize(px(self, 520), px(self, 320))
        self.matches: List[str] = []      # start indices of the matches, in order
        self.current: int = -1
        self._init_top()
        self._init_body()
        self._fill()
        close = ttk.Frame(self, padding=(8, 0, 8, 8))
        close.grid(row=2, column=0, sticky="ew")
        self.button_close = ttk.Button(close, text="Close", command=self.close)
        self.button_close.pack(side="right")
        ttk.Label(close, text="Escape closes this window; the game stays as it is.",
                  foreground="#555555").pack(side="left")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(1, weight=1)
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.search_entry.focus_set()

    def _init_top(self) -> None:
        top = ttk.Frame(self, padding=(8, 8, 8, 4))
        top.grid(row=0, column=0, sticky="ew")
        ttk.Label(top, text="Search:").pack(side="left")
        self.search_var = tk.StringVar(self)
        self.search_entry = ttk.Entry(top, textvariable=self.search_var, width=30)
        self.search_entry.pack(side="left", padx=(4, 6))
        self.search_entry.bind("<Return>", lambda e: self.next_match())
        self.search_entry.bind("<KP_Enter>", lambda e: self.next_match())
        self.search_var.trace_add("write", lambda *a: self.search(self.search_var.get()))
        self.button_next = ttk.Button(top, text="Next", command=self.next_match)
        self.button_next.pack(side="left")
        self.match_label = ttk.Label(top, text="")
        self.match_label.pack(side="left", padx=(10, 0))

    def _init_body(self) -> None:
        body = ttk.Frame(self, padding=(8, 0, 8, 8))
        body.grid(row=1, column=0, sticky="nsew")
        self.sections = tk.Listbox(body, exportselection=False, activestyle="dotbox",
                                   width=30)
        for s in SECTIONS:
            self.sections.insert("end", s.title)
        self.sections.bind("<<ListboxSelect>>", self._on_section)
        self.sections.grid(row=0, column=0, sticky="nsw", padx=(0, 8))
        self.text = tk.Text(body, wrap="word", padx=12, pady=8, takefocus=1, cursor="arrow",
                            font="TkTextFont",
                            spacing1=2, spacing3=2, highlightthickness=1)
        scroll = ttk.Scrollbar(body, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set)
        self.text.grid(row=0, column=1, sticky="nsew")
        scroll.grid(row=0, column=2, sticky="ns")
        body.columnconfigure(1, weight=1)
        body.rowconfigure(0, weight=1)
        # Named fonts only, so that a change of text size reaches this window too.
        self.text.tag_configure("title", font="TkCaptionFont", spacing1=14, spacing3=6)
        self.text.tag_configure("table", font="TkFixedFont", lmargin1=16, lmargin2=16)
        self.text.tag_configure("bullet", lmargin1=10, lmargin2=24)
        self.text.tag_configure("match", background="#ffe066")
        self.text.tag_configure("current_match", background="#ff9f1c")
        self.text.tag_raise("match")
        self.text.tag_raise("current_match")
        for key, how in (("<Prior>", (-1, "pages")), ("<Next>", (1, "pages")),
                         ("<Up>", (-1, "units")), ("<Down>", (1, "units"))):
            self.text.bind(key, lambda e, h=how: (self.text.yview_scroll(*h), "break")[1])

    def _fill(self) -> None:
        t = self.text
        for s in SECTIONS:
            t.mark_set(f"section:{s.key}", "end-1c")
            t.mark_gravity(f"section:{s.key}", "left")
            t.insert("end", s.title + "\n", ("title",))
            for paragraph in s.text.split("\n\n"):
                self._insert_paragraph(paragraph)
        t.configure(state="disabled")

    def _insert_paragraph(self, paragraph: str) -> None:
        t = self.text
        for line in paragraph.split("\n"):
            if line.startswith("  "):
                t.insert("end", line + "\n", ("table",))
            else:
                tags = ("bullet",) if line.startswith("\u2022") or line[:2] in (
                    "1.", "2.", "3.") else ()
                t.insert("end", line + "\n", tags)
        t.insert("end", "\n")

    # ------------------------------------------------------------ sections

    def _on_section(self, _event: Any = None) -> None:
        chosen = self.sections.curselection()
        if chosen:
            self.show_section(SECTIONS[chosen[0]].key)

    def show_section(self, key: str) -> None:
        """Scroll so that section ``key`` starts at the top."""
        self.text.yview(f"section:{key}")

    # ------------------------------------------------------------ search

    def search(self, term: str) -> int:
        """Highlight every match of ``term`` (ignoring case); returns how many there are."""
        t = self.text
        t.tag_remove("match", "1.0", "end")
        t.tag_remove("current_match", "1.0", "end")
        self.matches, self.current = [], -1
        term = term.strip()
        if term:
            start = "1.0"
            count = tk.IntVar(self)
            while True:
                found = t.search(term, start, stopindex="end", nocase=True, count=count)
                if not found or not count.get():
                    break
                end = f"{found}+{count.get()}c"
                t.tag_add("match", found, end)
                self.matches.append(found)
                start = end
        self._show_count(term)
        return len(self.matches)

    def _show_count(self, term: str) -> None:
        n = len(self.matches)
        if not term:
            text = ""
        elif n == 0:
            text = "no matches"
        elif self.current >= 0:
            text = f"{self.current + 1} of {n} matches" if n > 1 else "1 match"
        else:
            text = f"{n} matches" if n != 1 else "1 match"
        self.match_label.configure(text=text)

    def next_match(self) -> Optional[str]:
        """Move to the next match (wrapping round) and show it; returns its index or ``None``."""
        if self.search_var.get().strip() and not self.matches:
            self.search(self.search_var.get())
        if not self.matches:
            return None
        self.current = (self.current + 1) % len(self.matches)
        start = self.matches[self.current]
        t = self.text
        t.tag_remove("current_match", "1.0", "end")
        ranges = t.tag_nextrange("match", start)
        if ranges:
            t.tag_add("current_match", *ranges)
        t.see(start)
        self._show_count(self.search_var.get().strip())
        return start

    def close(self) -> None:
        """Close the window (the game underneath is not touched)."""
        root = self._root()
        if getattr(root, _OPEN_ATTR, None) is self:
            setattr(root, _OPEN_ATTR, None)
        self.destroy()


def show(parent: tk.Misc) -> RulesHelpWindow:
    """Open the rules help, or bring forward the one already open in ``parent``'s application."""
    root = parent._root()
    existing = getattr(root, _OPEN_ATTR, None)
    if existing is not None:
        try:
            if existing.winfo_exists():
                existing.deiconify()
                existing.lift()
                existing.search_entry.focus_set()
                return existing
        except tk.TclError:
            pass
    window = RulesHelpWindow(parent)
    setattr(root, _OPEN_ATTR, window)
    return window
