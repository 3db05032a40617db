"""Nothing cut, nothing off screen: every screen at three text sizes and three table sizes.

For 2, 4 and 6 seats (the 6 with two people and every variation, so the
loans column and the pass-and-play cover are there) at 100%, 130% and 150%
text, the real window is brought to each screen in turn (the sheet in
month 9, the pass-and-play cover, the question before an empty entry, the
reveal whole and half-way through its scene, the end screen and its review,
the sheets looked at after the game, the new-game dialog, the saves list,
the replay and every extra window: ledger, price history, game log,
statistics, rules, quick guide, About and preferences) at the size
it takes on a 1366×768 screen and at its minimum size, and
``fitcheck.problems`` walks every widget on show.  The usable area is the
screen less 80 pixels of height: a title bar and a panel.
"""
from __future__ import annotations

import json

import pytest

import ed
from ed.engine import Seat

from . import fitcheck

#: the screen's height kept for a title bar and a panel (as a laptop has them)
TITLE_AND_PANEL = 80
SCALES = (1.0, 1.3, 1.5)
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
        bottom = app.winfo_screenheight() - TITLE_AND_PANEL
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
    reveal = app.reveal
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


@pytest.mark.parametrize("players", sorted(TABLES))
@pytest.mark.parametrize("scale", SCALES)
def test_no_text_is_cut_and_no_window_leaves_the_screen(make_app, data_dir, saves, scale,
                                                        players):
    (data_dir / "settings.json").write_text(json.dumps({"first_run_done": True,
                                                         "text_scale": scale}))
    month9, over = saves[players]
    app = make_app(str(month9))
    walk = Walk(app)
    _walk_everything(app, walk, players, over)
    assert not walk.found, f"{len(walk.found)} problems:\n" + "\n".join(walk.found[:60])

