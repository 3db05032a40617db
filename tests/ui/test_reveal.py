"""The reveal as the month's scene, through the real window.

Each seat's entry turns over in seat order, the column head adding up the
units; the price moves on the board; the rows show what came of it; the rows
settle with their money and faces.  Enter skips to the end (and a second
Enter, pressed at once, is not taken for Continue); "all at once" and a look
again show it whole; reduced motion moves the board's tokens at once.  The
scene is stepped by hand here (``_next``), never timed.
"""
from __future__ import annotations

import collections
import json

import pytest

import ed
from ed.report import prices_by_month
from ed.ui.presenter import scene as S
from ed.ui.widgets.tooltip import tip_of

from .test_table import begin, game_at, inside, keys, on_screen, play_to_reveal, settling


def scene_pacing(data_dir, **more) -> None:
    path = data_dir / "settings.json"
    settings = json.loads(path.read_text()) if path.exists() else {"first_run_done": True}
    settings.update({"reveal_pacing": "scene", **more})
    path.write_text(json.dumps(settings))


def sealed(row_cells, first: int) -> bool:
    return all(cell == ("?", "") for cell in row_cells[first:])


def held(app):
    """The reveal on screen, its scene held at the start for the test to step by hand."""
    play_to_reveal(app)
    app.layout.reveal.rewind()
    return app.layout.reveal


def step_to(reveal, kind: str, column: int = -1) -> None:
    """Play beats by hand until the beat of ``kind`` (for ``column``) is drawn."""
    while True:
        beat = reveal.beats[reveal.beat]
        if beat.kind == kind and (column < 0 or beat.column == column):
            return
        assert reveal.playing, f"no {kind} beat for column {column}"
        reveal.step()


# ------------------------------------------------------------------ the scene

def test_entries_turn_over_in_seat_order_and_the_head_adds_up_the_units(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    game = begin(app, game_at(4, 9, "purchasing"))
    reveal, report = held(app), game.history[-1]
    assert reveal.playing and reveal.continue_button.cget("text").startswith("Show all")
    # face down at first: every cell "?", no money, no price move, neutral faces
    assert all(sealed(row[1:4], 0) and row[4:7] == ("", "", "") for row in reveal.rows_shown())
    assert [h.move.cget("text").strip() for h in reveal.heads] == ["", "", ""]
    for turned in range(1, 5):
        step_to(reveal, "turn", 0)
        while reveal.beats[reveal.beat].row != turned - 1:
            reveal.step()
        rows = reveal.rows_shown()
        counted = sum(line.units for seat in report.seats[:turned]
                      for line in seat.lines[:1] if line.counted)
        assert reveal.heads[0].units.cget("text") == \
            f"{ed.ui.presenter.units_text(counted)} ordered"
        for index, row in enumerate(rows):
            assert (row[1][0] == "?") == (index >= turned)     # turned in seat order
            assert row[1][1] == ""                             # no result before the move
            assert sealed(row[1:4], 1)                         # later columns still down
    total = report.commodities[0]
    assert reveal.heads[0].units.cget("text") == \
        f"{ed.ui.presenter.units_text(total.units)} ordered"


def test_the_price_moves_on_the_board_then_the_rows_show_their_results(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    game = begin(app, game_at(4, 9, "purchasing"))
    reveal, report = held(app), game.history[-1]
    board = reveal.board
    old = report.commodities[0]
    assert board.token_price("xfine") == old.old_price
    step_to(reveal, "move", 0)
    assert reveal.heads[0].move.cget("text") == \
        f"{ed.ui.presenter.signed(old.move)}: ${old.old_price} → ${old.new_price}"
    assert board.animating or board.token_price("xfine") == old.new_price
    board.finish()
    assert board.token_price("xfine") == old.new_price
    assert board.token_price("fine") == report.commodities[1].old_price     # not yet moved
    assert all(row[1][1] == "" for row in reveal.rows_shown())
    step_to(reveal, "result", 0)
    data = reveal.data
    for row, seat in zip(reveal.rows_shown(), data.rows):
        assert row[1] == (seat.cells[0].entered, seat.cells[0].result)


def test_faces_react_and_money_shows_as_each_row_settles(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    game = begin(app, game_at(4, 5))
    reveal = held(app)
    step_to(reveal, "settle")
    data = reveal.data
    checked = collections.Counter()
    for settled in range(1, len(data.rows) + 1):
        while reveal.beats[reveal.beat].row != settled - 1:
            reveal.step()
        for index, (widgets, seat) in enumerate(zip(reveal.rows, data.rows)):
            tags = {t for item in widgets.badge.find_all() for t in widgets.badge.gettags(item)}
            settled_row = index < settled
            if settled_row:
                assert widgets.cash.cget("text") == seat.cash
                assert widgets.line.cget("text") == seat.line
            else:
                assert widgets.cash.cget("text") == "" and widgets.line.cget("text").strip() == ""
            if game.seats[seat.seat].is_computer:
                assert f"mood:{seat.mood if settled_row else 'neutral'}" in tags
                if settled_row:
                    assert seat.line == (f"“{seat.reaction}”" if seat.reaction else "")
                checked["settled computer" if settled_row else "waiting computer"] += 1
    # the computer players' faces, checked both before and after their rows settle
    assert checked["settled computer"] > 0 and checked["waiting computer"] > 0, checked
    assert not reveal.playing
    assert reveal.continue_button.cget("text") == "Continue  (Enter)"


class StepTime:
    """Stands in for Tk's ``after`` on the widgets given, and for their clocks: the time
    passes only as the test runs the callbacks due, in the order they fall due."""

    def __init__(self, *widgets) -> None:
        self.now_ms = 0
        self.due: dict = {}
        self.made = 0
        for widget in widgets:
            widget.after = self.after
            widget.after_cancel = lambda key: self.due.pop(key, None)
            widget.clock = lambda: self.now_ms / 1000

    def after(self, ms, func, *args) -> str:
        self.made += 1
        key = f"test-time-{self.made}"
        self.due[key] = (self.now_ms + ms, self.made, func, args)
        return key

    def run(self, most: int = 10_000) -> int:
        """Run every callback as it falls due, those they schedule too; returns how many."""
        for count in range(most):
            if not self.due:
                return count
            key = min(self.due, key=lambda k: self.due[k][:2])
            self.now_ms, _, func, args = self.due.pop(key)
            func(*args)
        raise AssertionError(f"still running after {most} callbacks")


def test_the_scene_plays_by_itself_to_the_end(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    begin(app, game_at(2, 3))
    reveal = held(app)                  # at the start, nothing pending on Tk's own clock
    clock = StepTime(reveal, reveal.board)
    reveal.play()
    assert clock.run() > len(reveal.beats) - 1      # every beat, and the tokens' slides
    assert not reveal.playing and not reveal.board.animating
    # at its own pace: the last beat when the scene's length has passed, the last slide after
    assert clock.now_ms >= S.length_ms(reveal.beats)
    assert all(row[5] for row in reveal.rows_shown())          # every cash shown


# ------------------------------------------------------------------- the keys

def test_enter_skips_to_the_end_and_a_second_enter_at_once_does_not_continue(make_app,
                                                                             data_dir):
    scene_pacing(data_dir)
    app = make_app()
    game = begin(app, game_at(4, 9, "purchasing"))
    clock = settling(app)
    play_to_reveal(app)
    reveal = app.layout.reveal
    report = game.history[-1]
    clock.later()
    assert reveal.playing
    keys(app, reveal.continue_button, "Return")
    assert app.mode == "reveal" and not reveal.playing and not reveal.board.animating
    for key, result in zip(("xfine", "fine", "standard"), report.commodities):
        assert reveal.board.token_price(key) == result.new_price
    keys(app, app.focus_get(), "Return")              # the same hand, a moment later
    assert app.mode == "reveal"
    clock.later()
    keys(app, reveal.continue_button, "Return")
    assert app.mode == "enter" and game.phase == "selling"


def test_down_from_the_button_or_a_column_head_goes_to_the_first_name(make_app):
    """Up from the first name goes to the button; Down from the button comes back, and so
    does Down from a column's head, where Tab from the button goes first (for its tip):
    the keys never leave a person where nothing moves and Enter then goes on."""
    app = make_app()
    begin(app, game_at(4, 5))
    play_to_reveal(app)
    reveal = app.layout.reveal
    keys(app, reveal.continue_button, "Down")
    assert app.focus_get() is reveal.rows[0].name
    keys(app, reveal.rows[0].name, "Up")
    assert app.focus_get() is reveal.continue_button
    keys(app, reveal.continue_button, "Tab")
    head = app.focus_get()
    assert head in reveal.heads
    keys(app, head, "Down")
    assert app.focus_get() is reveal.rows[0].name
    keys(app, reveal.rows[0].name, "Return")
    assert app.mode == "reveal" and reveal.rows[0].opened


def test_a_head_s_tip_keeps_clear_of_a_still_pointer_where_it_would_have_come_up(make_app):
    """Tab to a column's head with the pointer resting where its tip comes up: the tip
    goes beside the pointer.  Under the pointer, with no window manager holding the focus,
    the tip took the focus, went, gave it back and came again without end (the window
    stopped answering)."""
    import time
    from ed.ui.widgets import tooltip as T
    app = make_app()
    begin(app, game_at(4, 5))
    play_to_reveal(app)
    reveal = app.layout.reveal
    head = reveal.heads[0]
    x = head.winfo_rootx() + 18 - app.winfo_rootx()       # where its tip's first line goes
    y = head.winfo_rooty() + head.winfo_height() + 10 - app.winfo_rooty()
    app.event_generate("<Motion>", warp=True, x=x, y=y)
    app.update()
    shown = collections.Counter()
    show = T.Tooltip.show

    def counted(tip):
        shown[tip.widget] += 1
        show(tip)

    T.Tooltip.show = counted
    try:
        reveal.continue_button.focus_force()
        app.update()
        reveal.continue_button.event_generate("<Tab>")
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and shown[head] < 20:
            app.tk.dooneevent(2)                     # what there is, without waiting
    finally:
        T.Tooltip.show = show
    tip = tip_of(head)
    assert app.focus_get() is head and tip.is_shown() and shown[head] < 20
    px, py = app.winfo_pointerxy()
    box = tip.tip
    assert not (box.winfo_rootx() <= px < box.winfo_rootx() + box.winfo_width()
                and box.winfo_rooty() <= py < box.winfo_rooty() + box.winfo_height())


def test_a_row_opens_its_reasoning_on_a_click_or_enter_and_up_down_move_between_rows(
        make_app):
    app = make_app()
    game = begin(app, game_at(4, 5))
    play_to_reveal(app)
    reveal = app.layout.reveal
    computer = next(i for i, s in enumerate(game.seats) if s.is_computer)
    row = reveal.rows[computer]
    assert not row.detail.winfo_ismapped()
    row.name.focus_set()
    keys(app, row.name, "Return")
    assert row.detail.winfo_ismapped() and app.mode == "reveal"
    seat = reveal.data.rows[computer]
    assert row.detail.cget("text") == seat.reasoning(line_whole=row.line_shown == seat.line)
    assert "Thinking:" in row.detail.cget("text")
    assert inside(row.detail, reveal)
    keys(app, row.name, "Return")
    assert not row.detail.winfo_ismapped()
    keys(app, row.name, "Down")
    assert app.focus_get() is reveal.rows[computer + 1].name
    keys(app, reveal.rows[0].name, "Up")
    assert app.focus_get() is reveal.continue_button
    x, y = row.badge.winfo_rootx() + 2, row.badge.winfo_rooty() + 2
    row.badge.event_generate("<Button-1>", x=2, y=2, rootx=x, rooty=y)
    app.update()
    assert row.detail.winfo_ismapped()
    # anywhere on the row: each card, its words, the money, the cash, the stock
    for widget in [w for cell in row.cells for w in (cell.frame, cell.entered, cell.result)] \
            + [row.money, row.cash, row.stock]:
        opened = row.opened
        widget.event_generate("<Button-1>", x=1, y=1)
        app.update()
        assert row.opened != opened and row.detail.winfo_ismapped() == row.opened, widget


# --------------------------------------------------------- pacing and motion

def test_all_at_once_shows_the_whole_reveal_and_is_remembered(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    app.menus.pacing_menu.invoke(1)
    app.update()
    assert json.loads((data_dir / "settings.json").read_text())["reveal_pacing"] == "all"
    game = begin(app, game_at(4, 9, "purchasing"))
    play_to_reveal(app)
    reveal = app.layout.reveal
    assert not reveal.playing and reveal.stage == S.final_stage(reveal.data)
    assert all(row[5] for row in reveal.rows_shown())
    for key, result in zip(("xfine", "fine", "standard"), game.history[-1].commodities):
        assert reveal.board.token_price(key) == result.new_price
    again = make_app()
    assert again.settings.reveal_pacing == "all" and again.prefs.pacing_var.get() == "all"


def test_an_old_step_pacing_reads_as_the_scene(make_app, data_dir):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                        "reveal_pacing": "step"}))
    app = make_app()
    assert app.settings.reveal_pacing == "scene"


def test_with_reduced_motion_the_cards_do_not_turn_one_by_one(make_app, data_dir):
    """Reduced motion reduces all of it: the reveal shows whole at once, the board at the
    new prices, as with "all at once"; turned off, the scene plays again."""
    scene_pacing(data_dir)
    app = make_app()
    app.prefs.motion_var.set(True)
    app.prefs.motion_changed()
    game = begin(app, game_at(4, 9, "purchasing"))
    play_to_reveal(app)
    reveal = app.layout.reveal
    assert not reveal.playing and reveal.stage == S.final_stage(reveal.data)
    assert not reveal.waiting and not reveal.board.animating
    for key, result in zip(("xfine", "fine", "standard"), game.history[-1].commodities):
        assert reveal.board.token_price(key) == result.new_price
    assert reveal.continue_button.cget("text") == "Continue  (Enter)"
    app.prefs.motion_var.set(False)
    app.prefs.motion_changed()
    reveal.rewind()
    reveal.play()
    assert reveal.playing and reveal.waiting


def test_a_look_again_shows_the_reveal_whole(make_app, data_dir):
    scene_pacing(data_dir)
    app = make_app()
    game = begin(app, game_at(4, 9, "purchasing"))
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")       # skip
    keys(app, app.layout.reveal.continue_button, "Return")       # continue
    assert app.mode == "enter"
    app.flow.show_last_reveal()
    app.update()
    reveal = app.layout.reveal
    assert app.mode == "peek" and not reveal.playing
    assert reveal.continue_button.cget("text") == "Back  (Enter)"
    after = prices_by_month(game.history)[-1]
    assert all(reveal.board.token_price(k) == after[k] for k in ("xfine", "fine", "standard"))


# ------------------------------------------------------------- room on screen

@pytest.mark.parametrize("players", [4, 6])
def test_the_reveal_shows_every_seat_for_every_commodity_without_scrolling(make_app, players):
    app = make_app()
    game = begin(app, game_at(players, 9))
    play_to_reveal(app)
    reveal = app.layout.reveal
    assert reveal.area.fits() and not reveal.area.yscroll.winfo_ismapped()
    report = game.history[-1]
    assert len(reveal.rows_shown()) == players
    lines = 0
    for widgets, seat in zip(reveal.rows, report.seats):
        assert widgets.name.cget("text") == seat.name
        for cell in widgets.cells:
            assert cell.frame.winfo_viewable() and inside(cell.frame, reveal)
        assert inside(widgets.cash, reveal)
        if widgets.line.winfo_ismapped():
            assert inside(widgets.line, reveal)
            lines += 1
    # a line under each computer player's row that speaks, and none under a person's
    assert lines == sum(bool(row.line) for row in reveal.data.rows)
    assert all(not row.line for row in reveal.data.rows if not game.seats[row.seat].is_computer)
    assert inside(reveal.continue_button, reveal) and on_screen(reveal.continue_button)
    assert reveal.board.winfo_ismapped() and inside(reveal.board, reveal)
    for head, result in zip(reveal.heads, report.commodities):
        assert head.name.cget("text").strip() == ed.rules.NAMES[result.commodity]
        assert inside(head, reveal)


def test_at_large_text_every_seat_is_in_sight_and_the_words_a_click_away(make_app, data_dir):
    from .test_table import with_text_size
    with_text_size(data_dir, 1.5)
    app = make_app()
    begin(app, game_at(6, 9))
    play_to_reveal(app)
    reveal = app.layout.reveal
    assert not reveal.area.yscroll.winfo_ismapped()
    for row in reveal.rows[:6]:
        for widget in [c.entered for c in row.cells] + [c.result for c in row.cells] + [
                row.name, row.money, row.cash, row.stock]:
            assert inside(widget, reveal)
    assert on_screen(reveal.continue_button)
    spoken = [row for row, seat in zip(reveal.rows, reveal.data.rows) if seat.thought]
    assert spoken and reveal.note.cget("text")
    reveal.toggle(spoken[0].index)
    app.update()
    assert spoken[0].detail.winfo_ismapped()



@pytest.mark.parametrize("phase, keys", [("purchasing", ("xfine", "fine", "standard")),
                                         ("selling", ("A", "B", "C"))])
def test_the_board_beside_the_reveal_shows_the_phase_s_three_tracks(make_app, phase, keys):
    app = make_app()
    begin(app, game_at(4, 9, phase))
    play_to_reveal(app)
    board = app.layout.reveal.board
    assert board.shown_keys() == keys
    drawn = {tag[2:] for item in board.find_withtag("token") for tag in board.gettags(item)
             if tag.startswith("k:")}
    assert drawn == set(keys)
    names = {board.itemcget(item, "text") for item in board.find_withtag("name")}
    assert len(names) == 3


@pytest.mark.parametrize("players, scale", [(4, 1.0), (6, 1.5)])
def test_the_rows_keep_their_height_from_the_first_card_to_the_last(make_app, data_dir,
                                                                      players, scale):
    """Nothing jumps as the scene plays: a card, a result or a line still to come keeps its
    room; and the lines stay only where every row's line fits."""
    from .test_table import with_text_size
    scene_pacing(data_dir)
    with_text_size(data_dir, scale)
    app = make_app()
    begin(app, game_at(players, 9, loans=True))
    reveal = held(app)
    app.update()

    def heights():
        return [(row.name.winfo_rooty(), row.cells[0].frame.winfo_height())
                for row in reveal.rows[:players]]

    first = heights()
    reveal.finish()
    app.update()
    assert heights() == first
    assert reveal.area.fits()
    assert reveal.compact == (scale > 1)
    shown = [row.line.winfo_ismapped() for row in reveal.rows[:players]]
    assert shown == [bool(seat.line) for seat in reveal.data.rows]
    assert [row.beside for row in reveal.rows[:players]] == [reveal.compact] * players


def hold_warm_up(app, held: list) -> None:
    """The reveal's warm-up kept from its timer: its (ms, args) go into ``held``, to be run
    when the test says (``app.flow.warm_reveal(*args)``)."""
    real_after = app.after

    def after(ms, func=None, *args):
        if func == app.flow.warm_reveal:
            held.append((ms, args))
            return "warm-up"
        return real_after(ms, func, *args)

    app.after = after


def test_the_reveal_is_made_ready_out_of_sight_while_the_first_sheet_is_read(make_app):
    """Tk makes a widget's window the first time it is shown; the first reveal of a game
    took three times as long as the others until its rows were put on the display once,
    out of sight, soon after the game began."""
    app = make_app()
    later = []
    hold_warm_up(app, later)
    begin(app, game_at(6, 2, "purchasing"))
    reveal = app.layout.reveal
    [(ms, args)] = later
    assert ms == app.flow.WARM_REVEAL_MS and not reveal.warmed   # the sheet is drawn first
    app.update()
    app.flow.warm_reveal(*args)
    assert reveal.warmed and len(reveal.rows) >= 6
    assert not reveal.shown and app.mode == "enter"          # never seen
    assert not any(row.badge.winfo_viewable() for row in reveal.rows)
    play_to_reveal(app)
    assert reveal.shown and app.mode == "reveal"
    assert inside(reveal.rows[5].name, reveal)


#: The text sizes the window offers at 1366×768 with six seats (up to 150%).
OFFERED = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5)


def shown_in_full_words(shown: str, full: str) -> bool:
    """Whether ``shown`` is ``full``, or its first whole words (or sentences) and "…"."""
    inner, whole = shown.strip("“”"), full.strip("“”")
    if inner == whole:
        return True
    kept = inner[:-1] if inner.endswith("…") else inner
    return whole.startswith(kept) and (len(kept) == len(whole) or whole[len(kept)] in " ,;:")


@pytest.mark.parametrize("scale", OFFERED)
def test_every_line_shows_beside_its_row_at_every_size_and_seat_count(make_app, data_dir,
                                                                       scale):
    """At every size offered and with 2 to 6 seats, each row's line is on screen, under the
    row or beside its numbers, in whole words; nothing needs scrolling."""
    import tkinter.font as tkfont
    from .test_table import with_text_size
    with_text_size(data_dir, scale)
    scene_pacing(data_dir, reveal_pacing="all")
    app = make_app()
    app.dialog.cancel()
    said = 0
    for players in range(2, 7):
        app.flow.begin(game_at(players, 9, humans=1 + (players > 4)))
        app.update()
        play_to_reveal(app)
        reveal = app.layout.reveal
        app.update()
        assert reveal.area.fits() and not reveal.area.yscroll.winfo_ismapped()
        for row, seat in zip(reveal.rows, reveal.data.rows):
            shown = row.line.cget("text")
            if not seat.line:
                assert not row.line.winfo_ismapped()
                continue
            said += 1
            assert row.line.winfo_ismapped() and inside(row.line, reveal.area), (players, shown)
            assert shown and shown_in_full_words(shown, seat.line), (shown, seat.line)
            font = tkfont.Font(root=app, name=str(app.tk.call(
                "ttk::style", "lookup", row.line.cget("style"), "-font")), exists=True)
            assert font.measure(shown) <= row.line.winfo_width()
        keys(app, reveal.continue_button, "Return")
    assert said >= 5


def test_the_reveal_is_measured_out_of_sight_before_its_first_frame(make_app, data_dir,
                                                                      monkeypatch):
    """Laying the reveal out draws it whole for a moment (to measure it); done on screen,
    that moment showed as a frame of half-drawn heads before the first card turned."""
    from ed.ui.screens.reveal import RevealScreen
    scene_pacing(data_dir)
    app = make_app()
    begin(app, game_at(4, 9, "purchasing"))
    seen = []
    measure = RevealScreen._fit_board
    monkeypatch.setattr(RevealScreen, "_fit_board", lambda self: (
        seen.append((int(self.place_info().get("x", 0)), self.beat)), measure(self))[1])
    play_to_reveal(app)
    assert seen and all(x < 0 for x, _ in seen)          # off to the side, never at x=0
    assert app.layout.reveal.beat <= 1 and app.layout.reveal.shown


def test_a_tip_never_covers_the_head_it_explains(make_app):
    app = make_app()
    begin(app, game_at(4, 9, "purchasing"))
    play_to_reveal(app)
    app.layout.add_tips()
    head = app.layout.reveal.heads[1]
    tip = tip_of(head)
    head.event_generate("<Motion>", warp=True, x=10, y=5)      # the pointer on "Fine"
    app.update()
    tip.show_rested()
    app.update()
    assert tip.is_shown()
    top = tip.tip.winfo_rooty()
    assert top >= head.winfo_rooty() + head.winfo_height()
    tip.hide()


def shown_whole(make_app, data_dir, players: int, scale: float = 1.0, *, held=None):
    """(app, reveal): the reveal of month 9 with ``players`` seats, shown whole at once.
    ``held``: a list that takes the warm-up instead of its timer (``hold_warm_up``)."""
    from .test_table import with_text_size
    with_text_size(data_dir, scale)
    scene_pacing(data_dir, reveal_pacing="all")
    app = make_app()
    if held is not None:
        hold_warm_up(app, held)
    begin(app, game_at(players, 9))
    play_to_reveal(app)
    app.update()
    return app, app.layout.reveal


def test_a_shortened_line_is_whole_on_the_pointer(make_app, data_dir):
    app, reveal = shown_whole(make_app, data_dir, 6, 1.5)
    assert reveal.compact
    for row, seat in zip(reveal.rows, reveal.data.rows):
        tip = tip_of(row.line)
        shortened = row.line.cget("text") != seat.line
        assert tip.current_text() == (seat.line if shortened else "")


def test_a_look_again_keeps_each_line_where_the_reveal_put_it(make_app, data_dir):
    """Ctrl+L after the window was made shorter: the lines stay under the rows, whole, as
    the reveal showed them (they moved beside the numbers, shortened, before), even when
    the reveal was made ready out of sight only after it was seen (a slow start)."""
    held = []
    app, reveal = shown_whole(make_app, data_dir, 4, 1.5, held=held)
    for _ in range(3):                                      # every layout pass it set off
        app.update_idletasks()
        app.update()
    played = [(row.beside, row.line.cget("text")) for row in reveal.rows[:4]]
    said = [seat.line for seat in reveal.data.rows]
    assert not reveal.compact and any(said)
    assert [text for _, text in played] == said                  # each whole, under its row
    keys(app, reveal.continue_button, "Return")
    assert app.mode == "enter" and not reveal.winfo_viewable()
    # as the reveal last stood when it went: a late resize from a slow X server may have
    # laid it out once more after the look above
    played = [(row.beside, row.line.cget("text")) for row in reveal.rows[:4]]
    app.minsize(1, 1)
    app.geometry(f"{app.winfo_width()}x{app.winfo_height() // 2}")
    app.update()
    [(_, args)] = held
    app.flow.warm_reveal(*args)             # its timer, late: measured out of sight, short
    assert reveal.warmed and not reveal.winfo_viewable()
    app.flow.show_last_reveal()
    app.update()
    assert app.mode == "peek"
    assert [(row.beside, row.line.cget("text")) for row in reveal.rows[:4]] == played


def test_the_reasoning_under_a_row_does_not_say_its_line_again(make_app, data_dir):
    app, reveal = shown_whole(make_app, data_dir, 4)
    index, seat = next((i, s) for i, s in enumerate(reveal.data.rows) if s.reaction)
    row = reveal.rows[index]
    assert row.line.cget("text") == seat.line == f"“{seat.reaction}”"     # whole, in grey
    row.name.event_generate("<Button-1>", x=1, y=1)
    app.update()
    detail = row.detail.cget("text")
    assert row.detail.winfo_ismapped() and detail.startswith("Thinking: ")
    assert seat.reaction not in detail


def test_a_look_again_keeps_the_lines_where_they_stood_though_no_pass_ran_while_on_show(
        make_app, data_dir, monkeypatch):
    """Where every layout pass of the reveal ran while it was not yet on show (out of sight,
    before the X server had mapped it), the look again still puts the lines where the
    reveal came up with them: noted as it comes up, not only by a pass made on show."""
    from ed.ui.screens import reveal as R
    monkeypatch.setattr(R.RevealScreen, "winfo_viewable", lambda self: 0)
    test_a_look_again_keeps_each_line_where_the_reveal_put_it(make_app, data_dir)
