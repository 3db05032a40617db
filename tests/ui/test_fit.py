"""Nothing cut, nothing off screen, no table scrolled sideways: every screen at every
text size offered, on screens of three sizes and three dpi.

The screens (pixels, dots per inch) are Xvfb servers of their own, started
with that size and dpi: 1366×768 at 96, 1920×1080 at 96 and 144, 2560×1600
at 144 and 192, and 1280×720 and 1280×800 at 96, the screens of the same
inches as 1920×1080 at 144 and 2560×1600 at 192.  The text sizes are those
the window offers on each (``settings.largest_scale``).

- The whole walk: the real window is brought to each screen in turn (the
  sheet in month 9, the pass-and-play cover, the question before an empty
  entry, the reveal whole and half-way through its scene, the end screen and
  its review, the sheets looked at after the game, the new-game dialog, the
  saves list, the replay and every extra window: ledger, price history, game
  log, statistics, rules, quick guide, About and preferences) at the size it
  takes and at its minimum size, and ``fitcheck.problems`` walks every widget
  on show.  On 1366×768 at 96 dpi for 6 seats (two people and every
  variation, so the loans and the pass-and-play cover are there) at every
  size offered and for 2 and 4 seats at the smallest, normal and largest;
  on every other screen for 6 seats at the largest size offered there.
- The main screen in month 9 on every screen, for 6 seats at every size
  offered and for 2 and 4 seats at normal and largest size: the window as
  it opens and at its minimum size, and each page of the drawer; one window
  per screen, its text size changed as a person changes it.  The board's
  track height and share of the window are printed for each, and the board
  is at least a third of the window, larger than anything else on it, its
  tracks at least 280 pixels of a 96-dpi screen tall.
- A sharp screen shows what its 96-dpi twin of the same inches shows: a
  window of the same inches, the same months of the sheet, the same names on
  the faces, the board's tracks
  as tall in inches (within a tenth: lines of text are not drawn exactly in
  proportion at every pixel size).

The usable area is the screen less 80 pixels (at 96 dpi) of height: a title
bar and a panel.
"""
from __future__ import annotations

import contextlib
import json
import os

import pytest

import ed
from ed.engine import Seat

from ed.saves import settings as S
from ed.ui.screens.drawer import PAGES
from ed.ui.widgets.placement import px, screen_scale

from . import fitcheck
from ..conftest import start_xvfb, stop_xvfb
from .conftest import options, seen_first_run

#: the screen's height kept for a title bar and a panel (as a laptop has them), at 96 dpi
TITLE_AND_PANEL = 80
#: The screens: name -> (width, height, dots per inch).
SCREENS = {"1366x768@96": (1366, 768, 96), "1280x720@96": (1280, 720, 96),
           "1280x800@96": (1280, 800, 96), "1920x1080@96": (1920, 1080, 96),
           "1920x1080@144": (1920, 1080, 144), "2560x1600@144": (2560, 1600, 144),
           "2560x1600@192": (2560, 1600, 192)}
#: A sharp screen and the 96-dpi screen of the same inches.
TWINS = {"1920x1080@144": "1280x720@96", "2560x1600@192": "1280x800@96"}
#: The board's tracks are at least this tall (pixels at 96 dpi) at every size offered.
LEAST_TRACKS = 280

TABLES = {
    2: (("Ann",), ("mabel",), {}),
    4: (("Ann",), ("rex", "iris", "otto"), {"partial_fills": True}),
    6: (("Ann", "Alexandra"), ("mabel", "rex", "cora", "felix"),
        {"loans": True, "partial_fills": True, "partial_sales": True}),
}


def _game(players: int, *, until_month: int = 0) -> ed.Game:
    """A game of ``players`` seats played by quick computer players to month ``until_month``
    (purchasing) or, with 0, to its end."""
    from ed.ai import Avatar
    people, computers, variations = TABLES[players]
    names = list(people) + [key.capitalize() for key in computers]
    seats = [Seat()] * len(people) + [Seat("computer", "expert", key) for key in computers]
    game = ed.Game(ed.Rules(players=players, **variations), names=names, seed=players,
                   seats=seats)
    avatars = [Avatar(level="medium", seed=seat) for seat in range(players)]
    while game.phase != "over" and not (game.month == until_month
                                        and game.phase == "purchasing"):
        for seat in range(players):
            game.submit(seat, avatars[seat].decide(game.view(seat)))
        game.resolve()
    return game


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """Per table size: a save in month 9 and a finished one."""
    folder = tmp_path_factory.mktemp("fit-saves")
    made = {}
    for players in TABLES:
        month9, over = folder / f"month9-{players}.json", folder / f"over-{players}.json"
        ed.save.save(_game(players, until_month=9), month9)
        ed.save.save(_game(players), over)
        made[players] = (month9, over)
    return made


class Walk:
    """Brings one app to each screen and collects what ``fitcheck`` finds."""

    def __init__(self, app) -> None:
        self.app = app
        self.found = []
        bottom = app.winfo_screenheight() - px(app, TITLE_AND_PANEL)
        self.usable = (0, 0, app.winfo_screenwidth(), bottom)

    def settle(self) -> None:
        for _ in range(3):
            self.app.update()

    def window(self, where: str, window) -> None:
        self.settle()
        self.found.extend(f"{where}: {line}" for line in fitcheck.problems(window, self.usable))

    def main(self, where: str) -> None:
        """The main window at its size, then at its minimum size."""
        app = self.app
        self.window(f"{where} (as opened)", app)
        shown = app.winfo_width(), app.winfo_height()
        least = app.wm_minsize()
        app.geometry(f"{least[0]}x{least[1]}")
        self.window(f"{where} (minimum size {least[0]}x{least[1]})", app)
        app.geometry(f"{shown[0]}x{shown[1]}")
        self.settle()


def _walk_everything(app, walk: Walk, players: int, over) -> None:
    flow, files, extras = app.flow, app.files, app.extras
    if app.mode == "cover":
        walk.main("pass-and-play cover")
        flow.cover_ready()
    assert app.mode == "enter"
    walk.main("sheet in month 9")
    flow.submit()                       # nothing typed: the question before an empty entry
    assert app.mode == "confirm"
    walk.main("the question before an empty entry")
    flow.confirm_no()
    flow.show_last_reveal()
    assert app.mode == "peek"
    walk.main("reveal")
    reveal = app.layout.reveal
    reveal.rewind()                     # half-way through its scene
    while reveal.beats[reveal.beat].kind != "move" or reveal.beats[reveal.beat].column != 1:
        reveal._next()
        reveal._cancel()
    reveal.board.finish()
    walk.main("reveal half-way through its scene")
    reveal.finish()
    flow.continue_after_reveal()
    for name, show in (("ledger", extras.show_ledger),
                       ("price history", extras.show_price_history),
                       ("game log", extras.show_game_log),
                       ("statistics", extras.show_statistics),
                       ("rules", extras.show_rules),
                       ("quick guide", extras.show_guide),
                       ("about", extras.show_about),
                       ("preferences", app.prefs.show_preferences)):
        before = set(app.windows)
        show()
        opened = [key for key in app.windows if key not in before]
        assert opened, f"{name} opened no window"
        window = app.windows[opened[0]]
        walk.window(name, window)
        window.destroy()
        app.windows.pop(opened[0], None)
    files.new_game()
    dialog = app.dialog
    dialog.players_var.set(str(players))
    dialog._players_changed()
    walk.window("new-game dialog", dialog)
    dialog.cancel()
    chooser = files.open_dialog() or files.chooser
    walk.window("saves list", chooser)
    chooser.cancel()
    replay = files.replay_file(str(over))
    walk.window("replay", replay)
    replay.destroy()
    assert files.open_file(str(over))
    assert app.mode == "over"
    walk.main("end screen")
    ending = app.layout.ending
    if ending.review_tab is not None:   # the review, once worked out
        ending.tabs.select(ending.review_tab)
        walk.settle()
        ending.review_tab.wait(60)
        ending.review_tab.deliver()
        walk.main("the review after the game")
        ending.tabs.select(ending.tabs.tabs()[0])
    flow.look_at_sheets()
    assert app.mode == "look"
    walk.main("the sheets after the game")


# ------------------------------------------------------------------ the screens

def offered(screen: str):
    """The text sizes the window offers on ``screen`` (as ``Preferences.largest_scale``)."""
    width, height, dpi = SCREENS[screen]
    return S.offered_scales(S.largest_scale(round(width * 96 / dpi), round(height * 96 / dpi)))


@pytest.fixture(scope="session")
def servers(display):
    """The screens' X servers, each started when first asked for and kept to the end of the
    tests (Tk keeps a display open once used: a server must outlive every window on it)."""
    started = {}

    def server(name: str) -> str:
        if name not in started:
            width, height, dpi = SCREENS[name]
            proc, found = start_xvfb(f"{width}x{height}", dpi)
            if proc is None:
                pytest.fail(f"the {name} screen could not be started: {found}")
            started[name] = (proc, found)
        return started[name][1]

    yield server
    for proc, _ in started.values():
        stop_xvfb(proc)


@contextlib.contextmanager
def on(display: str):
    """Windows made meanwhile open on ``display``."""
    before = os.environ["DISPLAY"]
    os.environ["DISPLAY"] = display
    try:
        yield
    finally:
        os.environ["DISPLAY"] = before


@pytest.fixture
def screen(request, servers):
    """The screen named by the test's parameter: the display of every window it makes."""
    with on(servers(request.param)):
        yield request.param


def _walks():
    """(screen, size, seats) of the whole walk (see the module docstring)."""
    sizes = offered("1366x768@96")
    made = [("1366x768@96", scale, 6) for scale in sizes]
    made += [("1366x768@96", scale, players) for players in (2, 4)
             for scale in (sizes[0], 1.0, sizes[-1])]
    made += [(name, offered(name)[-1], 6) for name in SCREENS if name != "1366x768@96"]
    return made


@pytest.mark.parametrize("screen, scale, players", _walks(), indirect=["screen"])
def test_no_text_is_cut_and_no_window_leaves_the_screen(make_app, data_dir, saves, screen,
                                                        scale, players):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                         "text_scale": scale}))
    month9, over = saves[players]
    app = make_app(str(month9))
    assert app.prefs.text_scale() == scale
    walk = Walk(app)
    _walk_everything(app, walk, players, over)
    assert not walk.found, f"{len(walk.found)} problems:\n" + "\n".join(walk.found[:60])


# ------------------------------------------------------------------ the main screen

class Table:
    """One window on one screen, brought to month 9 of a game at a text size."""

    def __init__(self, app, saves) -> None:
        self.app = app
        self.saves = saves

    def at(self, scale: float, players: int) -> None:
        """The window at text size ``scale`` with ``players``' game in month 9, its sheet on
        show and the drawer closed."""
        app = self.app
        if app.prefs.text_scale() != scale:
            app.prefs.set_text_size(scale)
        app.flow.begin(ed.save.load(str(self.saves[players][0])))
        app.update()
        if app.mode == "cover":
            app.flow.cover_ready()
        app.layout.drawer.close()
        for _ in range(3):
            app.update()
        assert app.mode == "enter"

    def figures(self) -> dict:
        """What the board and the sheet take of the window, and the faces' names."""
        app = self.app
        board = app.layout.board
        area = board.winfo_width() * board.winfo_height()
        return {"tracks": board.track_height(), "area": area,
                "window": (app.winfo_width(), app.winfo_height()),
                "share": area / (app.winfo_width() * app.winfo_height()),
                "months": len(app.layout.tally.whole_months()),
                "names": [row[0] for row in app.layout.seat_panel.rows_shown()],
                "scale": screen_scale(app)}


@pytest.fixture(scope="module")
def tables(servers, saves, tmp_path_factory):
    """One window per screen, made when first asked for (``tables(name)``)."""
    from ed.ui.shell.app import App
    made = {}

    def table(name: str) -> Table:
        if name not in made:
            folder = tmp_path_factory.mktemp("table")
            seen_first_run(folder)
            with on(servers(name)):
                app = App(options(folder))
            app.callback_errors = []
            app.flow.settle_s = 0
            app.start()
            app.update()
            if app.dialog is not None:
                app.dialog.cancel()
            made[name] = Table(app, saves)
        return made[name]

    yield table
    for made_table in made.values():
        made_table.app.destroy()


def _tables():
    """(screen, size, seats) of the main screen's checks (see the module docstring), a
    screen's sizes in turn, so that its window changes size once for each."""
    made = []
    for name in SCREENS:
        sizes = offered(name)
        for scale in sizes:
            made += [(name, scale, players) for players in (2, 4, 6)
                     if players == 6 or scale in (1.0, sizes[-1])]
    return made


#: What the main screen's checks saw: (screen, size, seats) -> ``Table.figures()``.
SEEN = {}


@pytest.mark.parametrize("screen, scale, players", _tables())
def test_the_board_is_the_table_at_every_size(tables, screen, scale, players, capsys):
    table = tables(screen)
    app = table.app
    table.at(scale, players)
    walk = Walk(app)
    walk.main("main screen")
    for name, _ in PAGES:
        app.layout.drawer.open(name)
        walk.window(f"the drawer's {name}", app)
    app.layout.drawer.close()
    walk.settle()
    figures = SEEN[screen, scale, players] = table.figures()
    with capsys.disabled():
        print(f"\n{screen} {round(scale * 100)}% {players} seats: tracks {figures['tracks']} px,"
              f" board {figures['share']:.0%} of the window, {figures['months']} months of "
              f"the sheet", end="")
    assert not walk.found, f"{len(walk.found)} problems:\n" + "\n".join(walk.found[:60])
    assert app.callback_errors == []
    assert figures["share"] >= 1 / 3
    assert figures["tracks"] >= px(app, LEAST_TRACKS)
    for part in (app.layout.tally, app.layout.seat_panel, app.layout.drawer, app.layout.progress):
        assert figures["area"] > part.winfo_width() * part.winfo_height(), part


@pytest.mark.parametrize("sharp", sorted(TWINS))
def test_a_sharp_screen_shows_what_the_screen_of_the_same_inches_shows(tables, sharp):
    seen = {}
    for name in (sharp, TWINS[sharp]):
        seen[name] = {}
        for scale in offered(name):
            if (name, scale, 6) not in SEEN:       # (the checks above were not run)
                tables(name).at(scale, 6)
                SEEN[name, scale, 6] = tables(name).figures()
            seen[name][scale] = SEEN[name, scale, 6]
    assert list(seen[sharp]) == list(seen[TWINS[sharp]])        # the same sizes offered
    for scale, there in seen[sharp].items():
        here = seen[TWINS[sharp]][scale]
        assert there["months"] == here["months"], scale
        assert there["names"] == here["names"], scale
        for size, twin in zip(there["window"], here["window"]):     # the window's inches
            assert abs(size / there["scale"] - twin) <= 0.03 * twin, (scale, there, here)
        # as tall in inches, but for the few per cent by which a line of text is drawn
        # taller or shorter at one pixel size than at another
        inches = there["tracks"] / there["scale"]
        assert abs(inches - here["tracks"]) <= 0.1 * here["tracks"], (scale, inches, here)


# ------------------------------------------------------------------ the suite's processes

def shard_group(item):
    """How the suite's processes share this file's tests (``tests/shards.py``): a whole walk
    alone (it makes a window of its own); the main screen's checks on a screen and on its
    twin of the same inches together with their comparison, so that each screen's window is
    made once and the comparison finds every figure already seen."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    if item.originalname == "test_no_text_is_cut_and_no_window_leaves_the_screen":
        return item.name
    screen = params.get("sharp", params.get("screen"))
    if screen is None:
        return None
    sharp_of = {twin: sharp for sharp, twin in TWINS.items()}
    return f"the main screen on {sharp_of.get(screen, screen)}"
