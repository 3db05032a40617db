"""The Price Level Board drawn as the 1971 board: six price tracks and their tokens.

``BoardCanvas(master, theme, reduced_motion=lambda: False)`` is a canvas
that draws, side by side, a track per commodity (X-Fine, Fine, Standard on
the raw materials' scale at the left, A, B, C on the finished goods' scale
at the right, each scale with its $ rungs), and on each track::

    token   a pill in the commodity's colour at its latest price, showing it ("$44")
    ghost   a faint wedge at last month's price, pointing at the track from the left
    notch   a short bar at the opening price, at the right of the track
    name    under the track ("Standard" said "Std" where it does not fit)

The ghost and the notch stand beside the tokens' column, so no token ever
hides them, wherever it stands.

``show(history)`` draws the prices by month at once; ``slide(prices, keys,
on_done)`` moves tokens to new prices in about half a second, eased (the
place each leaves becomes its ghost); ``finish()`` or a click ends a slide
at once; with reduced motion a slide is drawn at its end straight away.
``token_price(key)``, ``token_y(key)`` and ``track_height()`` read back what is drawn;
``set_groups((0,))`` draws the raw materials' tracks alone (``(1,)`` the
goods'), as the reveal of a phase does.  What
the tracks show and on what scale comes from ``presenter.board``; this
module measures and draws.
"""
from __future__ import annotations

import time
from types import MappingProxyType
import tkinter as tk
import tkinter.font as tkfont
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ..widgets import theme as T
from ..widgets.chartkit import darker
from ..presenter import board as PB

#: How long a slide takes, and the time between its frames (about 60 a second).
SLIDE_S = 0.5
FRAME_MS = 16
GROOVE = "#ddd3bd"
#: Rungs stand at least this many lines of the scales' small print apart.
RUNG_LINES = 1.6
RUNG = "#ece5d4"


def ease(t: float) -> float:
    """Cubic ease in and out: slow to start, slow to stop."""
    t = min(1.0, max(0.0, t))
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def tint(colour: str, share: float) -> str:
    """``colour`` laid thinly (``share`` of it) on the board's paper."""
    paper = [int(T.PAPER[i:i + 2], 16) for i in (1, 3, 5)]
    ink = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(p + (c - p) * share) for p, c in zip(paper, ink))


def ink_on(colour: str) -> str:
    """White or the window's ink, whichever reads better on ``colour`` (WCAG contrast)."""
    def luminance(hex_colour: str) -> float:
        parts = []
        for i in (1, 3, 5):
            c = int(hex_colour[i:i + 2], 16) / 255
            parts.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]
    back = luminance(colour)
    white = 1.05 / (back + 0.05)
    ink = (back + 0.05) / (luminance(T.INK) + 0.05)
    return "#ffffff" if white >= ink else T.INK


class _Plan:
    """Where everything goes at the canvas's present size (see ``BoardCanvas._plan``)."""

    def __init__(self, **parts) -> None:
        self.__dict__.update(parts)


class BoardCanvas(tk.Canvas):
    """The Price Level Board (see the module docstring)."""

    def __init__(self, master: tk.Misc, theme: T.Theme, *,
                 reduced_motion: Callable[[], bool] = lambda: False) -> None:
        self.theme = theme
        self.reduced_motion = reduced_motion
        self.fonts = {name: tkfont.Font(root=master, name=name, exists=True)
                      for name in ("EDBold", "EDBody", "EDSmall")}
        super().__init__(master, background=T.PAPER, highlightthickness=0, borderwidth=0,
                         takefocus=0, width=theme.em * 30, height=self.min_height())
        self.clock = time.monotonic
        self.history: List[Dict[str, int]] = []
        self.tracks: Dict[str, PB.Track] = {}
        self.scales: Optional[Tuple[PB.Scale, PB.Scale]] = None
        self._shown: Dict[str, float] = {}        # the price each token stands at now
        self._items: Dict[str, Dict[str, int]] = {}
        self._plan: Optional[_Plan] = None
        self._slide: Optional[dict] = None
        self._after: Optional[str] = None
        self._drawn = False                 # the board shows ``history`` as ``show`` drew it
        #: which of ``BOARD_GROUPS`` are drawn: both, or the raw materials' or goods' alone
        self.groups: Tuple[int, ...] = (0, 1)
        self.bind("<Configure>", lambda e: self._draw(), add="+")
        self.bind("<ButtonPress-1>", lambda e: self.finish(), add="+")
        self.bind("<Destroy>", self._destroyed, add="+")

    # ------------------------------------------------------------ sizes

    def _metrics(self) -> Tuple[int, int, int, int]:
        """The token's height, a name's line, a rung label's line and the padding."""
        bold = self.fonts["EDBold"].metrics("linespace")
        small = self.fonts["EDSmall"].metrics("linespace")
        return bold + 2, bold, small, self.theme.pad(0.4)

    def min_height(self) -> int:
        """The least height that keeps the names, the tokens and three rungs readable."""
        token, name, small, pad = self._metrics()
        return pad * 4 + token + name + small * 5

    def track_height(self) -> int:
        """How tall the tracks are drawn now, in pixels (the span of their scales)."""
        plan = self._plan or self._make_plan()
        return int(plan.bottom - plan.top)

    # ------------------------------------------------------------ showing

    def set_groups(self, groups: Sequence[int]) -> None:
        """Draw the tracks of these ``BOARD_GROUPS`` only (0: raw materials, 1: goods)."""
        groups = tuple(sorted(set(groups)))
        if groups != self.groups:
            self.groups = groups
            self._draw()

    def shown_keys(self) -> Tuple[str, ...]:
        """The commodities whose tracks are drawn, left to right."""
        return tuple(key for group in self.groups for key in PB.BOARD_GROUPS[group])

    def show(self, history: Sequence[Mapping[str, int]]) -> None:
        """Draw ``history`` (prices by month, index 0 the opening) at once: the tokens at the
        latest prices, the ghosts at the month before.  A slide under way ends first."""
        self.finish()
        history = [dict(prices) for prices in history]
        if history == self.history and self._drawn:
            return                          # already on the board (a refresh of the panels)
        same_game = bool(self.history) and PB.continues_history(self.history, history)
        self.history = history
        self._drawn = True
        self.tracks = {track.key: track for track in PB.board_tracks(history)}
        self._shown = {key: float(track.price) for key, track in self.tracks.items()}
        self.scales = self._fit(self.scales if same_game else None, ())
        self._draw()

    def _fit(self, current: Optional[Tuple[PB.Scale, PB.Scale]],
             more: Sequence[Tuple[str, int]]) -> Tuple[PB.Scale, PB.Scale]:
        """Each scale, kept while it covers every price seen (and ``more``), else fitted."""
        made = []
        for group, keys in enumerate(PB.BOARD_GROUPS):
            prices = PB.group_prices(self.history, keys) + [p for k, p in more if k in keys]
            prices += [self.tracks[k].price for k in keys]
            made.append(PB.fit_scale(prices, current=current[group] if current else None))
        return made[0], made[1]

    def slide(self, prices: Mapping[str, int], keys: Optional[Sequence[str]] = None,
              on_done: Optional[Callable[[], None]] = None) -> None:
        """Move the tokens of ``keys`` (every key of ``prices`` if ``None``) to ``prices``.

        The place each token leaves becomes its ghost; a price off the scale refits
        the scale first.  The move takes about half a second, eased; ``on_done`` runs
        when it ends (at once with reduced motion, or when nothing moves).
        """
        self.finish()
        if not self.tracks:
            raise ValueError("the board has no prices yet: show a price history first")
        keys = [key for key in (prices if keys is None else keys) if key in prices]
        self._drawn = False                 # the board no longer shows ``history`` alone
        start = {key: self._shown[key] for key in keys}
        for key in keys:
            self.tracks[key] = self.tracks[key].moved(int(prices[key]))
        self.scales = self._fit(self.scales, [(key, int(prices[key])) for key in keys])
        self._slide = {"from": start, "to": {key: float(prices[key]) for key in keys},
                       "began": self.clock(), "on_done": on_done}
        self._draw()
        if not keys or self.reduced_motion():
            self.finish()
        else:
            self._after = self.after(FRAME_MS, self._frame)

    @property
    def animating(self) -> bool:
        return self._slide is not None

    def finish(self) -> None:
        """End a slide at once: the final state drawn, its ``on_done`` run."""
        slide, self._slide = self._slide, None
        self._cancel()
        if slide is None:
            return
        self._shown.update(slide["to"])
        if self.winfo_exists():
            self._place_tokens()
        if slide["on_done"] is not None:
            slide["on_done"]()

    def _frame(self) -> None:
        self._after = None
        slide = self._slide
        if slide is None or not self.winfo_exists():
            return
        done = (self.clock() - slide["began"]) / SLIDE_S
        if done >= 1:
            self.finish()
            return
        step = ease(done)
        for key, start in slide["from"].items():
            self._shown[key] = start + (slide["to"][key] - start) * step
        self._place_tokens()
        self._after = self.after(FRAME_MS, self._frame)

    def _cancel(self) -> None:
        from ..widgets.tooltip import cancel_after
        self._after = cancel_after(self, self._after)

    def _destroyed(self, event) -> None:
        if event.widget is self:
            self._slide = None
            self._cancel()

    # ------------------------------------------------------------ reading back

    def token_price(self, key: str) -> int:
        """The price the token of ``key`` shows now."""
        return int(round(self._shown[key]))

    def token_y(self, key: str) -> float:
        """The centre of the token of ``key`` on the canvas (its price's place on the track)."""
        plan = self._plan or self._make_plan()
        return self._y(plan, key, self._shown[key])

    @property
    def drawn_items(self) -> Mapping[str, Mapping[str, int]]:
        """Each token's canvas items by part (``"pill"``, ``"ghost"``, ``"notch"``…), as drawn."""
        return MappingProxyType(self._items)

    @property
    def plan(self) -> Optional[_Plan]:
        """How the board is laid out now (its columns and lines of names), once drawn."""
        return self._plan

    def label_boxes(self) -> Dict[str, Tuple[int, int, int, int]]:
        """Each token's pill as drawn (for tests)."""
        return {key: tuple(int(v) for v in self.bbox(items["pill"]))
                for key, items in self._items.items()}

    # ------------------------------------------------------------ drawing

    def _make_plan(self) -> _Plan:
        """Measure the board at its present size: the columns, the track's ends, the scales
        as ruled, the fonts and the marks beside the tokens."""
        width = max(self.winfo_width(), int(self.cget("width")) if self.winfo_width() <= 1 else 0)
        height = max(self.winfo_height(), self.min_height()) if self.winfo_height() > 1 \
            else int(self.cget("height"))
        token_h, name_h, small_h, pad = self._metrics()
        rim = pad * 2                   # between the canvas's top and the highest token
        axis = self._axis_widths(height - rim - pad * 2 - token_h, name_h)
        keys = self.shown_keys()
        gap = self.theme.pad(1.2) if len(self.groups) > 1 else 0
        left = pad + axis[0] + pad
        right = width - pad - (axis[1] + pad if len(self.groups) > 1 else 0)
        pitch = max(1.0, (right - left - gap) / len(keys))
        xs = {key: left + pitch * (i + 0.5) + (gap if i >= 3 else 0)
              for i, key in enumerate(keys)}
        plan = _Plan(width=width, height=height, pad=pad, axis=axis, left=left, right=right,
                     gap=gap, pitch=pitch, xs=xs, token_h=token_h, name_h=name_h,
                     small_h=small_h, mark_w=max(4.0, token_h * 0.45),
                     mark_gap=max(3.0, token_h * 0.2))
        plan.name_font, plan.names, plan.name_lines = self._names(plan)
        plan.top = rim + token_h / 2
        plan.bottom = max(plan.top + 1,
                          height - pad * 2 - name_h * plan.name_lines - token_h / 2)
        ruled = {group: PB.ruled_scale(self.scales[group], plan.bottom - plan.top,
                                       small_h * RUNG_LINES) for group in self.groups}
        plan.ruled = {group: scale for group, (scale, _) in ruled.items()}
        plan.rungs = {group: rungs for group, (_, rungs) in ruled.items()}
        plan.token_font, plan.token_w = self._token_font(plan)
        self._fit_marks(plan)
        return plan

    def _axis_widths(self, tracks: float, name_h: int) -> List[float]:
        """Each group's $ labels' width, at its outer side (the first group's at the left, a
        second's at the right, then 0): the widest end of its scale as ruled on tracks
        ``tracks`` pixels tall less one line of names, or two."""
        small = self.fonts["EDSmall"]
        widths = []
        for group in self.groups:
            ends = [self.scales[group].low, self.scales[group].high]
            for lines in (1, 2):
                ruled, _ = PB.ruled_scale(self.scales[group], tracks - name_h * lines,
                                          self._metrics()[2] * RUNG_LINES)
                ends += [ruled.low, ruled.high]
            widths.append(max(small.measure(PB.token_label(end)) for end in ends))
        return widths + [0]

    def _fit_marks(self, plan: _Plan) -> None:
        """The ghost and the notch made smaller where the column beside a token is short of
        room for them, never smaller than can be seen: on a board narrower than a token
        and its marks they stand at the column's edges, behind the token only while it
        stands at their price (``_draw_track``)."""
        room = plan.pitch / 2 - plan.token_w / 2 - 1
        if plan.mark_gap + plan.mark_w > room:
            plan.mark_gap = max(1.0, min(plan.mark_gap, room * 0.3))
            plan.mark_w = max(plan.token_h * 0.3, room - plan.mark_gap)

    def _token_font(self, plan: _Plan) -> Tuple[str, float]:
        """The largest font in which the widest label a token may show fits its column, the
        ghost and the notch beside it."""
        widest = max(PB.token_label(plan.ruled[group].high) for group in self.groups)
        beside = 2 * (plan.mark_gap + plan.mark_w)
        width = 0.0
        for name in ("EDBold", "EDBody", "EDSmall"):
            # the words, and room for the rounded corners; a gap between neighbours
            width = self.fonts[name].measure(widest) + plan.token_h * 0.6
            if width + beside <= plan.pitch - self.theme.pad(0.5):
                return name, width
        return "EDSmall", width

    def _names(self, plan: _Plan) -> Tuple[str, Dict[str, str], int]:
        """The tracks' names, their font and lines: whole in bold, or whole in the body
        font, and only then with "Standard" shortened; on a narrow board, on two lines
        taking turns, so that no name ever runs into another."""
        keys = self.shown_keys()
        xs = [plan.xs[key] for key in keys]
        gap = self.theme.pad(1)
        tries = [(False, "EDBold", 1), (False, "EDBody", 1), (True, "EDBold", 1),
                 (True, "EDBody", 1), (True, "EDSmall", 1), (True, "EDBody", 2),
                 (True, "EDSmall", 2)]
        for short, font_name, lines in tries:
            names = PB.track_names(short)
            widths = [self.fonts[font_name].measure(names[key]) for key in keys]
            if PB.names_fit(xs, widths, plan.pad, plan.width - plan.pad, gap, lines=lines):
                return font_name, names, lines
        return "EDSmall", PB.track_names(True), 2

    def _y(self, plan: _Plan, key: str, price: float) -> float:
        """Where ``price`` stands on the track of ``key``: on its scale as ruled."""
        group = 0 if key in PB.BOARD_GROUPS[0] else 1
        scale = plan.ruled.get(group, self.scales[group])
        return plan.bottom - scale.fraction(price) * (plan.bottom - plan.top)

    def _draw(self) -> None:
        """Draw the whole board anew at the canvas's size."""
        if not self.tracks or not self.winfo_exists():
            return
        self.delete("all")
        self._items = {}
        plan = self._plan = self._make_plan()
        self._draw_scales(plan)
        for key in self.shown_keys():
            self._draw_track(plan, key)
        self._place_tokens()

    def _draw_scales(self, plan: _Plan) -> None:
        """The rungs at round prices across each group's tracks, their $ at the side; the
        scale ruled so that its ends are rungs."""
        for place, group in enumerate(self.groups):
            keys = PB.BOARD_GROUPS[group]
            first, last = plan.xs[keys[0]] - plan.pitch / 2, plan.xs[keys[-1]] + plan.pitch / 2
            for value in plan.rungs[group]:
                y = self._y(plan, keys[0], value)
                self.create_line(first, y, last, y, fill=RUNG, tags=("rung",))
                x, anchor = (first - plan.pad, "e") if place == 0 else (last + plan.pad, "w")
                self.create_text(x, y, text=PB.token_label(value), anchor=anchor,
                                 font="EDSmall", fill=T.MUTED, tags=("tick",))

    def _draw_track(self, plan: _Plan, key: str) -> None:
        track = self.tracks[key]
        colour = T.COMMODITY_COLOURS[key]
        x = plan.xs[key]
        items: Dict[str, int] = {}
        width = max(3, plan.token_h // 5)
        self.create_line(x, plan.top, x, plan.bottom, fill=GROOVE, width=width,
                         capstyle="round", tags=("groove", f"k:{key}"))
        # beside the tokens' column, where no token can stand: the opening price, a short
        # bar at the right like a start line; last month's price, a wedge at the left;
        # both within the track's own column, clear of the scales' prices
        side = min(plan.token_w / 2 + plan.mark_gap, plan.pitch / 2 - plan.mark_w - 1)
        y = self._y(plan, key, track.opening)
        items["notch"] = self.create_line(x + side, y, x + side + plan.mark_w, y,
                                          fill=darker(colour), width=max(2, width - 1),
                                          capstyle="butt", tags=("notch", f"k:{key}"))
        items["ghost"] = self.create_polygon(0, 0, 0, 0, fill=tint(colour, 0.45),
                                             outline=tint(colour, 0.8),
                                             tags=("ghost", f"k:{key}"))
        if track.ghost is not None:
            y = self._y(plan, key, track.ghost)
            half = plan.mark_w / 2
            self.coords(items["ghost"], x - side - plan.mark_w, y - half, x - side, y,
                        x - side - plan.mark_w, y + half)
        else:
            self.itemconfigure(items["ghost"], state="hidden")
        items["leader"] = self.create_line(0, 0, 0, 0, fill=darker(colour), state="hidden",
                                           tags=("leader", f"k:{key}"))
        radius = max(3, plan.token_h / 6)
        items["disc"] = self.create_oval(x - radius, -radius, x + radius, radius, fill=colour,
                                         outline=darker(colour), tags=("disc", f"k:{key}"))
        items["pill"] = self.create_polygon(0, 0, 0, 0, fill=colour, outline=darker(colour),
                                            smooth=True, tags=("token", f"k:{key}"))
        items["label"] = self.create_text(x, 0, text="", font=plan.token_font,
                                          fill=ink_on(colour), tags=("token", f"k:{key}"))
        line = self.shown_keys().index(key) % plan.name_lines
        below = plan.name_lines - 1 - line            # lines of names under this one
        items["name"] = self.create_text(x, plan.height - plan.pad - plan.name_h * (below + 0.5),
                                         text=plan.names[key], font=plan.name_font,
                                         fill=darker(colour), tags=("name", f"k:{key}"))
        self._items[key] = items

    def _pill(self, item: int, plan: _Plan, x: float, y: float) -> None:
        """Shape ``item`` as a token's rounded pill centred on (``x``, ``y``)."""
        half_w, half_h = plan.token_w / 2, plan.token_h / 2
        x0, x1, y0, y1 = x - half_w, x + half_w, y - half_h, y + half_h
        r = plan.token_h * 0.35
        self.coords(item, x0 + r, y0, x0 + r, y0, x1 - r, y0, x1 - r, y0, x1, y0, x1, y0 + r,
                    x1, y0 + r, x1, y1 - r, x1, y1 - r, x1, y1, x1 - r, y1, x1 - r, y1,
                    x0 + r, y1, x0 + r, y1, x0, y1, x0, y1 - r, x0, y1 - r, x0, y0 + r,
                    x0, y0 + r, x0, y0)

    def _place_tokens(self) -> None:
        """Put every token at the price it stands at now, its label clear of its neighbours'."""
        plan = self._plan
        if plan is None or not self._items:
            return
        # a pill wider than its column stays within the tracks' area, clear of the scales
        least, most = plan.left + plan.token_w / 2, plan.right - plan.token_w / 2
        for group in self.groups:
            keys = PB.BOARD_GROUPS[group]
            xs = [min(max(plan.xs[key], least), most) for key in keys]
            ys = [self._y(plan, key, self._shown[key]) for key in keys]
            placed = PB.spread_labels(xs, ys, plan.token_w + 2, plan.token_h,
                                      plan.top - plan.token_h / 2,
                                      plan.bottom + plan.token_h / 2)
            for key, pill_x, y, label_y in zip(keys, xs, ys, placed):
                items, x = self._items[key], plan.xs[key]
                self._pill(items["pill"], plan, pill_x, label_y)
                self.coords(items["label"], pill_x, label_y)
                self.itemconfigure(items["label"], text=PB.token_label(self._shown[key]))
                radius = max(3, plan.token_h / 6)
                self.coords(items["disc"], x - radius, y - radius, x + radius, y + radius)
                if abs(label_y - y) > 1:
                    edge = label_y + (plan.token_h / 2 if label_y < y else -plan.token_h / 2)
                    self.coords(items["leader"], x, y, x, edge)
                    self.itemconfigure(items["leader"], state="normal")
                else:
                    self.itemconfigure(items["leader"], state="hidden")

    # ------------------------------------------------------------ tooltips

    def describe(self, item: int) -> str:
        """The tooltip of a canvas item: a token, a ghost, a notch or a scale's price (not a
        rung: the rungs cross the whole board, and a pointer resting anywhere on it would
        bring up the scales' tip)."""
        from ..presenter import tips
        tags = self.gettags(item)
        key = next((tag[2:] for tag in tags if tag.startswith("k:")), None)
        if "tick" in tags:
            return tips.BOARD_SCALES
        if key is None or key not in self.tracks:
            return ""
        track = self.tracks[key]
        if "ghost" in tags:
            return track.ghost_tip
        if "notch" in tags:
            return track.opening_tip
        if "token" in tags or "disc" in tags or "name" in tags:
            return track.tip
        return ""

    def add_tips(self) -> None:
        """A tooltip on each token, ghost, notch and scale's price."""
        from ..widgets.tooltip import canvas_tip
        canvas_tip(self, lambda item: self.describe(item))
