"""Printing a tally sheet: a PostScript file that fits the page, A4 or Letter.

The sheet is drawn for paper, not copied from the screen: an off-screen
canvas measured in PostScript points holds one landscape page per year of
the game (12 months), each with the game's name, the player's name, the
rules in short, the month headings and every row label, and fonts that
every PostScript printer has (Helvetica).  Only revealed months are printed.

- ``PAPERS``, ``default_paper(environ)``, ``remembered_paper(settings)``:
  the paper sizes, the one the locale suggests (Letter in the Americas'
  Letter countries, A4 elsewhere) and the one chosen last time.
- ``page_months(months)``: the months on each page.
- ``sheet_postscript(master, game, seat, paper=...)``: the whole document;
  ``SheetPages`` draws the pages (tests read its canvas); ``merge_pages``
  joins Tk's one-page documents into one document of several pages.
- ``print_sheet(app, path, paper=None, seat=None)``: Game ▸ Print tally sheet writes here,
  through the one writer of files for a person (``ed.saves.export``).
- ``PrintDialog(app)``: choose the paper, then the file (Enter, Escape); its file
  dialog opens outside the data folder.

Imports tkinter; the engine only through the presenter's words.
"""
from __future__ import annotations

import os
import tkinter as tk
import tkinter.font as tkfont
from dataclasses import dataclass
from tkinter import ttk
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ... import TITLE as GAME_NAME
from .. import presenter as P
from ..widgets import theme as T

#: Paper sizes in PostScript points (1/72 inch), portrait: width, height.
PAPERS: Dict[str, Tuple[int, int]] = {"A4": (595, 842), "Letter": (612, 792)}
PAPER_NAMES = {"A4": "A4 (210 × 297 mm)", "Letter": "Letter (8.5 × 11 in)"}
#: Countries whose printers hold Letter paper (ISO 3166 codes as in locale names).
LETTER_COUNTRIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "GT", "SV",
                              "NI", "CR", "PA", "DO", "BZ"})
MARGIN = 36                 # half an inch all round: inside every printer's printable area
MONTHS_PER_PAGE = 12
TITLE = f"{GAME_NAME} — tally sheet"
SETTING = "paper"           # the settings key remembering the last choice

#: Print fonts: Tk name -> (PostScript font, weight).  Sizes are set per page.
FONTS = {
    "EDPrintTitle": ("Helvetica-Bold", "bold"),
    "EDPrintName": ("Helvetica-Bold", "bold"),
    "EDPrintSmall": ("Helvetica", "normal"),
    "EDPrintCell": ("Helvetica", "normal"),
    "EDPrintBold": ("Helvetica-Bold", "bold"),
}


# ----------------------------------------------------------------- choices

def default_paper(environ: Optional[Mapping[str, str]] = None) -> str:
    """The paper the locale suggests: Letter for Letter countries, otherwise A4.

    The first of ``LC_ALL``, ``LC_PAPER`` and ``LANG`` that is set decides
    (``en_US.UTF-8``: Letter; ``C``: A4); when none is, as on Windows, the
    locale Python reports (``English_United States``).
    """
    environ = os.environ if environ is None else environ
    name = next((environ[key] for key in ("LC_ALL", "LC_PAPER", "LANG") if environ.get(key)),
                "")
    if not name and environ is os.environ:
        import locale
        try:
            name = locale.getlocale()[0] or ""
        except ValueError:
            name = ""
    if not name or name in ("C", "POSIX") or name.startswith("C."):
        return "A4"
    country = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[-1]
    if "United States" in name or "Canada" in name or country.upper() in LETTER_COUNTRIES:
        return "Letter"
    return "A4"


def remembered_paper(settings) -> str:
    """The paper chosen last time (kept in the settings), or the locale's."""
    extra = getattr(settings, "extra", None) or {}
    paper = extra.get(SETTING)
    return paper if paper in PAPERS else default_paper()


def page_months(months: int, per_page: int = MONTHS_PER_PAGE) -> List[Tuple[int, int]]:
    """The first and last month on each page: a year to a page."""
    return [(first, min(months, first + per_page - 1))
            for first in range(1, months + 1, per_page)]


def page_count_text(months: int) -> str:
    pages = len(page_months(months))
    return "1 page" if pages == 1 else f"{pages} pages, a year to a page"


# ------------------------------------------------------------------ content

@dataclass(frozen=True)
class Sheet:
    """What a printed sheet says, worked out from the game before anything is drawn."""

    player: str
    summary: str                            # the rules in short
    status: str                             # how far the game is
    months: int
    rows: Tuple[P.TallyRow, ...]
    columns: Mapping[int, Mapping[str, P.Cell]]


def sheet_of(game, seat: int) -> Sheet:
    """The printed sheet of ``seat``: revealed months only (public, RULES §4.3)."""
    columns = P.tally_columns(game.history, seat)
    if game.is_over:
        finals, places = game.final_cash(), game.places()
        status = (f"The game is over: final cash {P.money(finals[seat])}, "
                  f"place {places[seat]} of {game.rules.players}.")
    elif columns:
        last = max(columns)
        status = (f"Revealed up to {P.month_heading(last)} (month {last}); now "
                  f"{P.month_heading(game.month)}, {P.PHASE_TITLES[game.phase].lower()}.")
    else:
        status = "Nothing revealed yet."
    return Sheet(game.names[seat], P.setup_summary(game.rules), status, game.rules.months,
                 P.tally_rows(loans=game.rules.loans), columns)


# ------------------------------------------------------------------ drawing

@dataclass(frozen=True)
class Page:
    """One page on the canvas: its region (points) and its months."""

    top: float
    first: int
    last: int


class SheetPages:
    """The pages of a printed sheet, drawn on ``canvas`` one below the other.

    Canvas units are PostScript points; ``width`` and ``height`` are the
    printable area of a landscape page of ``paper``.  ``pages`` lists where
    each page is; every item of a page lies inside its region.
    """

    GAP = 40        # between pages on the canvas

    def __init__(self, canvas: tk.Canvas, sheet: Sheet, paper: str) -> None:
        self.canvas = canvas
        self.sheet = sheet
        self.paper = paper
        short, long = PAPERS[paper]
        self.width, self.height = long - 2 * MARGIN, short - 2 * MARGIN
        self.fonts = _print_fonts(canvas)
        self.player_text = f"Player: {sheet.player}"
        self.pages: List[Page] = []
        self._layout()
        for index, (first, last) in enumerate(page_months(sheet.months)):
            page = Page(index * (self.height + self.GAP), first, last)
            self.pages.append(page)
            self._draw_page(page, index)

    # -------------------------------------------------------------- layout

    def _layout(self) -> None:
        """Row height, font sizes and column widths that fit the page."""
        rows = self.sheet.rows
        self._size_fonts(10)
        self.head_h = self._header_height()
        self.foot_h = 14.0
        blocks = len({row.block for row in rows})
        table_h = self.height - self.head_h - self.foot_h
        self.row_h = min(20.0, table_h / (len(rows) + 1 + 0.5 * blocks))
        self.gap = 0.5 * self.row_h
        size = max(6.0, min(10.0, round(self.row_h * 0.55, 1)))
        self._size_fonts(size)
        self.strip_w = size * 1.8
        groups = max(self._width("EDPrintBold", row.group) for row in rows)
        labels = max(self._width("EDPrintCell", row.label) for row in rows)
        self.label_w = self.strip_w + 4 + groups + 8 + labels + 4
        per_page = min(MONTHS_PER_PAGE, self.sheet.months)
        self.col_w = min(80.0, (self.width - self.label_w) / per_page)
        texts = {cell.text for column in self.sheet.columns.values() for cell in column.values()}
        texts.update(P.month_heading(m) for m in range(1, self.sheet.months + 1))
        longest = sorted(texts, key=len)[-12:]      # measuring each would be slow
        while size > 5 and max(self._width("EDPrintBold", t) for t in longest) > self.col_w - 6:
            size -= 0.5                             # shrink the cells' text to fit
            self._size_fonts(size, cells_only=True)
        self._fit_player()

    def _fit_player(self) -> None:
        """A long name is printed smaller, never over the title."""
        room = self.width - self._width("EDPrintTitle", TITLE) - 12
        name = self.fonts["EDPrintName"]
        while -int(name.cget("size")) > 7 and self._width("EDPrintName", self.player_text) > room:
            name.configure(size=int(name.cget("size")) + 1)
        self.font_points["EDPrintName"] = -int(name.cget("size"))

    def _size_fonts(self, size: float, *, cells_only: bool = False) -> None:
        sizes = {"EDPrintCell": size, "EDPrintBold": size}
        if not cells_only:
            sizes.update({"EDPrintTitle": 16, "EDPrintName": 14, "EDPrintSmall": 8})
        for name, points in sizes.items():
            self.fonts[name].configure(size=-max(1, round(points)))
        self.font_points = {name: -int(self.fonts[name].cget("size")) for name in self.fonts}

    def _width(self, font: str, text: str) -> float:
        return self.fonts[font].measure(text) if text else 0

    def _height(self, font: str, text: str, wrap: float) -> float:
        """The height of ``text`` wrapped at ``wrap`` points."""
        item = self.canvas.create_text(0, 0, text=text, font=font, width=wrap, anchor="nw")
        height = self.canvas.bbox(item)[3] - self.canvas.bbox(item)[1]
        self.canvas.delete(item)
        return height

    def _page_name(self, page_index: int, first: int, last: int) -> str:
        months = (f"Months {P.month_heading(first)}–{P.month_heading(last)}" if last > first
                  else f"Month {P.month_heading(first)}")
        return f"{months}, page {page_index + 1} of {len(page_months(self.sheet.months))}"

    def _header_height(self) -> float:
        """Room for the title line, the rules in short (wrapped beside the page's months)
        and how far the game is."""
        widest = max(self._width("EDPrintSmall", self._page_name(i, first, last))
                     for i, (first, last) in enumerate(page_months(self.sheet.months)))
        self.summary_w = self.width - widest - 12
        self.summary_h = self._height("EDPrintSmall", self.sheet.summary, self.summary_w)
        status_h = self._height("EDPrintSmall", self.sheet.status, self.width)
        return 24 + self.summary_h + 2 + status_h + 8

    # -------------------------------------------------------------- drawing

    def _draw_page(self, page: Page, index: int) -> None:
        c, top, width = self.canvas, page.top, self.width
        sheet = self.sheet
        c.create_rectangle(0, top, width, top + self.height, fill="#ffffff", outline="")
        c.create_text(0, top, text=TITLE, anchor="nw", font="EDPrintTitle", fill=T.INK,
                      tags=("title",))
        c.create_text(width, top, text=self.player_text, anchor="ne",
                      font="EDPrintName", fill=T.INK, tags=("player",))
        c.create_text(0, top + 24, text=sheet.summary, anchor="nw", font="EDPrintSmall",
                      width=self.summary_w, fill=T.INK, tags=("summary",))
        c.create_text(width, top + 24, text=self._page_name(index, page.first, page.last),
                      anchor="ne", font="EDPrintSmall", fill=T.INK, tags=("pagename",))
        c.create_text(0, top + 24 + self.summary_h + 2, text=sheet.status, anchor="nw",
                      font="EDPrintSmall", width=self.width, fill=T.MUTED, tags=("status",))
        self._draw_table(page)
        c.create_text(0, top + self.height, anchor="sw", font="EDPrintSmall", fill=T.MUTED,
                      text="Struck through: a bid that bought nothing or an offer that sold "
                           "nothing. Stock X · F · S: X-Fine · Fine · Standard.",
                      tags=("footnote",))

    def _row_tops(self, top: float) -> Dict[str, float]:
        y = top + self.head_h + self.row_h
        tops: Dict[str, float] = {}
        previous = None
        for row in self.sheet.rows:
            if previous is not None and row.block != previous:
                y += self.gap
            tops[row.id] = y
            y += self.row_h
            previous = row.block
        return tops

    def _draw_table(self, page: Page) -> None:
        c, h = self.canvas, self.row_h
        tops = self._row_tops(page.top)
        header = page.top + self.head_h
        right = self.label_w + (page.last - page.first + 1) * self.col_w
        c.create_rectangle(0, header, right, header + h, fill=T.PANEL, outline=T.GRID)
        c.create_text(self.strip_w + 4, header + h / 2, text="Month", anchor="w",
                      font="EDPrintBold", fill=T.INK, tags=("heading",))
        for m in range(page.first, page.last + 1):
            x = self.label_w + (m - page.first) * self.col_w
            c.create_text(x + self.col_w / 2, header + h / 2, text=P.month_heading(m),
                          font="EDPrintBold", fill=T.INK, tags=("heading", f"m{m}"))
        self._draw_blocks(tops, right)
        for row in self.sheet.rows:
            y = tops[row.id]
            if row.group:
                c.create_text(self.strip_w + 4, y + h / 2, text=row.group, anchor="w",
                              font="EDPrintBold", fill=T.INK, tags=("label",))
            c.create_text(self.label_w - 4, y + h / 2, text=row.label, anchor="e",
                          font="EDPrintCell", fill=T.MUTED, tags=("label",))
            c.create_line(self.strip_w, y + h, right, y + h, fill=T.GRID)
            for m in range(page.first, page.last + 1):
                cell = self.sheet.columns.get(m, {}).get(row.id)
                if cell is not None and cell.text:
                    self._draw_cell(cell, self.label_w + (m - page.first + 1) * self.col_w - 3,
                                    y + h / 2)
        for m in range(page.first, page.last + 2):
            x = self.label_w + (m - page.first) * self.col_w
            c.create_line(x, header, x, tops[self.sheet.rows[-1].id] + h, fill=T.BLOCK_LINE)

    def _draw_blocks(self, tops: Mapping[str, float], right: float) -> None:
        """The blocks down the side (ORDERS, SALES) and a rule above each."""
        c, h = self.canvas, self.row_h
        for block, title in (("orders", "ORDERS"), ("sales", "SALES"), ("month", "")):
            ids = [row.id for row in self.sheet.rows if row.block == block]
            if not ids:
                continue
            top, bottom = tops[ids[0]], tops[ids[-1]] + h
            c.create_line(0, top, right, top, fill=T.BLOCK_LINE)
            c.create_rectangle(0, top, self.strip_w, bottom, fill=T.PANEL, outline=T.BLOCK_LINE)
            if title:
                c.create_text(self.strip_w / 2, (top + bottom) / 2, text=title, angle=90,
                              font="EDPrintBold", fill=T.INK, tags=("block",))

    def _draw_cell(self, cell: P.Cell, x: float, y: float) -> None:
        c = self.canvas
        font = "EDPrintBold" if cell.tone == "total" else "EDPrintCell"
        fill = T.RED if cell.tone == "bad" else (T.MUTED if cell.struck else T.INK)
        item = c.create_text(x, y, text=cell.text, anchor="e", font=font, fill=fill,
                             tags=("cell",))
        if cell.struck and cell.text != "—":    # drawn: PostScript has no overstrike
            x1, _, x2, _ = c.bbox(item)
            c.create_line(x1, y, x2, y, fill=T.MUTED, tags=("strike",))


def _print_fonts(widget: tk.Misc) -> Dict[str, tkfont.Font]:
    """The named print fonts (Helvetica, sized in points = canvas units)."""
    fonts = {}
    for name, (_, weight) in FONTS.items():
        try:
            font = tkfont.Font(root=widget, name=name, exists=True)
        except tk.TclError:
            font = tkfont.Font(root=widget, name=name, family="Helvetica", size=-10,
                               weight=weight)
        font.configure(family="Helvetica", weight=weight)
        fonts[name] = font
    return fonts


# ------------------------------------------------------------ PostScript

FONTMAP = "ed_print_fontmap"


def _page_postscript(pages: SheetPages, page: Page) -> str:
    """Tk's PostScript of one page: landscape, centred on the paper, one point to a unit."""
    canvas = pages.canvas
    for name, (ps_name, _) in FONTS.items():
        canvas.tk.call("set", f"{FONTMAP}({name})", (ps_name, pages.font_points[name]))
    short, long = PAPERS[pages.paper]
    return canvas.postscript(colormode="color", x=0, y=page.top, width=pages.width,
                             height=pages.height, rotate=True, pagewidth=f"{pages.width}p",
                             pagex=f"{short / 2}p", pagey=f"{long / 2}p", pageanchor="center",
                             fontmap=FONTMAP)


def _part(doc: str, start: str, end: str) -> str:
    first = doc.index(start)
    return doc[first:doc.index(end, first)]


def merge_pages(docs: Sequence[str], *, paper: str, title: str) -> str:
    """One PostScript document of several pages from Tk's one-page documents.

    The prolog is Tk's (the same in each); the header says the pages, the
    fonts and the paper, which the set-up also asks the printer for.
    """
    first = docs[0]
    header = first[:first.index("%%EndComments")]
    keep = [line for line in header.splitlines()
            if line.startswith(("%%Creator", "%%CreationDate", "%%BoundingBox",
                                "%%DocumentData", "%%Orientation"))]
    fonts: List[str] = []
    for doc in docs:
        for line in _part(doc, "%%BeginSetup", "%%EndSetup").splitlines():
            if line.startswith("%%IncludeResource: font ") and line[24:] not in fonts:
                fonts.append(line[24:])
    width, height = PAPERS[paper]
    safe_title = title.encode("ascii", "replace").decode("ascii").replace("\n", " ")
    lines = ["%!PS-Adobe-3.0", f"%%Title: {safe_title}"] + keep + [
        f"%%DocumentMedia: {paper} {width} {height} 0 () ()",
        f"%%Pages: {len(docs)}"]
    for index, font in enumerate(fonts):
        lines.append(("%%DocumentNeededResources: font " if index == 0 else "%%+ font ") + font)
    lines.append("%%EndComments")
    out = ["\n".join(lines), "", _part(first, "%%BeginProlog", "%%BeginSetup").rstrip(),
           "%%BeginSetup", "/CL 2 def",
           "[{", f"%%BeginFeature: *PageSize {paper}",
           f"<< /PageSize [{width} {height}] >> setpagedevice", "%%EndFeature",
           "} stopped cleartomark"]
    out += [f"%%IncludeResource: font {font}" for font in fonts]
    out.append("%%EndSetup")
    for number, doc in enumerate(docs, 1):
        body = _part(doc, "%%Page: 1 1\n", "%%Trailer")[len("%%Page: 1 1\n"):]
        out += ["", f"%%Page: {number} {number}", body.rstrip()]
    out += ["", "%%Trailer", "end", "%%EOF", ""]
    return "\n".join(out)


def sheet_postscript(master: tk.Misc, game, seat: int, *, paper: str = "A4") -> str:
    """``seat``'s tally sheet as a PostScript document for ``paper`` ("A4" or "Letter")."""
    top = tk.Toplevel(master)
    top.withdraw()
    try:
        canvas = tk.Canvas(top, background="#ffffff", highlightthickness=0)
        pages = SheetPages(canvas, sheet_of(game, seat), paper)
        docs = [_page_postscript(pages, page) for page in pages.pages]
    finally:
        top.destroy()
    return merge_pages(docs, paper=paper, title=f"{GAME_NAME} tally sheet: {game.names[seat]}")


# ------------------------------------------------------------ the window

def print_sheet(app, path: str, *, paper: str = "", seat: Optional[int] = None,
                target=None, folders=None) -> bool:
    """Write ``seat``'s sheet (the one shown now if ``None``) to ``path``, through the one
    writer (``ed.saves.export``: over the file there, or the one ``target`` found, and
    never in ``folders``, the data folders, by default the window's and the platform's);
    say what happened in the status bar."""
    from ...saves import export
    if folders is None:
        folders = export.data_folders(app.folder)
    if app.session is None:
        app.show_message("There is no tally sheet to print yet.")
        return False
    paper = paper if paper in PAPERS else remembered_paper(app.settings)
    game = app.session.game
    if seat is None:
        seat = app.flow.current_seat or 0
    try:
        if target is None:
            target = export.check(path, folders=folders, kind=export.FILE)
        text = sheet_postscript(app, game, seat, paper=paper)
        export.write(target, text.encode("latin-1", "replace"))
    except export.ExportError as error:
        app.show_message(f"The tally sheet could not be printed. {error}", error=True)
        return False
    except tk.TclError as error:
        app.show_message(f"The tally sheet could not be printed: {error}", error=True)
        return False
    pages = len(page_months(game.rules.months))
    app.show_message(f"{game.names[seat]}'s tally sheet ({pages} {paper} page"
                     f"{'s' if pages > 1 else ''}) was written to {path}; open or print it "
                     f"with any PostScript viewer.")
    return True


class PrintDialog(tk.Toplevel):
    """Game ▸ Print tally sheet…: the paper, then the file.

        PrintDialog (tk.Toplevel)
        +-- about (ttk.Label)       whose sheet, which months, how many pages
        +-- paper_buttons["A4"|"Letter"] (ttk.Radiobutton on paper_var)
        +-- save_button (Enter), cancel_button (Escape)

    The paper chosen is remembered in the settings.
    """

    def __init__(self, app, *, ask_path=None) -> None:
        super().__init__(app)
        self.app = app
        self.ask_path = ask_path or self._ask_path
        self.title("Print tally sheet")
        self.transient(app)
        em = app.theme.em
        game = app.session.game
        self.seat = app.flow.current_seat or 0
        outer = ttk.Frame(self, padding=em)
        outer.pack(fill="both", expand=True)
        self.about = ttk.Label(outer, wraplength=em * 44, justify="left", text=(
            f"{game.names[self.seat]}'s tally sheet, the months revealed so far, as a PostScript "
            f"file to print or to open in any PostScript viewer: "
            f"{page_count_text(game.rules.months)}, landscape."))
        self.about.grid(row=0, column=0, columnspan=2, sticky="w", pady=(0, em))
        ttk.Label(outer, text="Paper", style="Bold.TLabel").grid(row=1, column=0, sticky="w")
        self.paper_var = tk.StringVar(self, value=remembered_paper(app.settings))
        self.paper_buttons = {}
        for row, paper in enumerate(PAPERS, 2):
            button = ttk.Radiobutton(outer, text=PAPER_NAMES[paper], value=paper,
                                     variable=self.paper_var, underline=0)
            button.grid(row=row, column=0, columnspan=2, sticky="w")
            for key in ("<Up>", "<Down>", "<Left>", "<Right>"):
                button.bind(key, self._other_paper)
            self.paper_buttons[paper] = button
        buttons = ttk.Frame(outer)
        buttons.grid(row=4, column=0, columnspan=2, sticky="e", pady=(em, 0))
        self.save_button = ttk.Button(buttons, text="Save PostScript…", default="active",
                                      command=self.save)
        self.cancel_button = ttk.Button(buttons, text="Cancel", command=self.destroy)
        self.save_button.pack(side="left", padx=(0, em // 2))
        self.cancel_button.pack(side="left")
        self.bind("<Return>", lambda e: self.save())
        self.bind("<KP_Enter>", lambda e: self.save())
        self.bind("<Escape>", lambda e: self.destroy())
        self.bind("<Alt-a>", lambda e: self.paper_var.set("A4"))
        self.bind("<Alt-l>", lambda e: self.paper_var.set("Letter"))
        self._place_over(app)

    def _place_over(self, app) -> None:
        """Centred over the main window, within the usable screen, as the other dialogs are."""
        from ..widgets.placement import place_over
        try:
            place_over(self, app)
        except tk.TclError:
            pass

    @classmethod
    def show(cls, app) -> "PrintDialog":
        """The dialog, opened or brought to the front if it is open already."""
        window = app.extras.open_window("print")
        if window is None:
            window = app.windows["print"] = cls(app)
        window.lift()
        window.paper_buttons[window.paper_var.get()].focus_set()
        return window

    def _other_paper(self, _event=None) -> str:
        papers = list(PAPERS)
        self.paper_var.set(papers[(papers.index(self.paper_var.get()) + 1) % len(papers)])
        self.paper_buttons[self.paper_var.get()].focus_set()
        return "break"

    def _ask_path(self) -> str:
        from ..widgets.filebox import ask_save
        app = self.app
        name = app.session.game.names[self.seat]
        return ask_save(
            app, title="Print the tally sheet to a PostScript file",
            initialdir=app.files.start_folder(), initialfile=f"tally-{name}.ps",
            defaultextension=".ps", filetypes=[("PostScript", "*.ps")])

    def save(self) -> None:
        """Remember the paper, close, ask where to write the file, and write it (asking
        first when it would replace a file)."""
        app, paper = self.app, self.paper_var.get()
        if paper != (app.settings.extra or {}).get(SETTING):
            app.prefs.update_settings(extra={**app.settings.extra, SETTING: paper})
        self.destroy()
        path = self.ask_path()
        if path:
            app.files.print_chosen(path, paper=paper, seat=self.seat)
