"""The guided first game: offered at the very first start, a key pressed as a step comes
up is not taken for it, and its window stays put unless it would cover what it frames."""
from __future__ import annotations

import json

import pytest

import ed
from ed.ui.flow import Flow
from ed.ui.tour import Tour, _rect_of

from .test_table import Clock, game_at, with_text_size
from .test_window import keys


def guide(app) -> Tour:
    """The guide over a sheet being entered (the new-game dialog started, if open)."""
    if app.dialog is not None:
        keys(app, app.dialog.start_button, "Return")
    app.extras.start_tour()
    app.update()
    assert app.tour is not None and app.tour.shown
    return app.tour


def test_a_fast_second_enter_skips_no_step(make_app):
    app = make_app()
    tour = guide(app)
    clock = Clock()
    tour.clock, tour.settle_s = clock, Flow.SETTLE_S
    clock.later()
    keys(app, tour.next_button, "Return")
    assert tour.step_label.cget("text") == "Step 2 of 8"
    keys(app, tour.next_button, "Return")            # pressed as step 2 came up
    assert tour.step_label.cget("text") == "Step 2 of 8"
    keys(app, tour.next_button, "Right")
    assert tour.step_label.cget("text") == "Step 2 of 8"
    clock.later()
    keys(app, tour.next_button, "Return")
    assert tour.step_label.cget("text") == "Step 3 of 8"
    keys(app, tour.next_button, "Left")              # Back, too fast: not taken either
    assert tour.step_label.cget("text") == "Step 3 of 8"
    clock.later()
    keys(app, tour.next_button, "Escape")
    assert app.tour is None


@pytest.mark.parametrize("scale, players", [(1.0, 4), (1.5, 6)])
def test_the_guide_stays_put_unless_it_would_cover_what_it_frames(make_app, data_dir,
                                                                  scale, players):
    with_text_size(data_dir, scale)
    app = make_app()
    app.dialog.cancel()
    app.update()
    app.flow.begin(game_at(players, 1, "purchasing"))
    app.update()
    tour = guide(app)
    tour.glide_frames = 1                    # the glide's last frame at once
    seen = []
    for step in range(len(tour.steps)):
        app.update()
        rect = _rect_of(tour.target())
        place = (tour.window.winfo_rootx(), tour.window.winfo_rooty())
        size = (tour.window.winfo_width(), tour.window.winfo_height())
        assert place == tour.position and size == tour.size, step
        assert tour.covers(place, rect) == 0, (step, tour.title_label.cget("text"))
        if seen:
            before, _ = seen[-1]
            # it moved only because it would have covered the area framed now
            assert place == before or tour.covers(before, rect) > 0, step
        seen.append((place, rect))
        if step < len(tour.steps) - 1:
            keys(app, tour.next_button, "Return")
    assert len(seen) == len(tour.steps) > 1     # every step after the first was compared
    moves = sum(1 for (a, _), (b, _) in zip(seen, seen[1:]) if a != b)
    assert moves <= 2
    sizes = {tour.size}
    assert len(sizes) == 1


def test_the_very_first_start_offers_the_guide_whatever_opens_first(make_app, data_dir,
                                                                   tmp_path):
    """No settings file, and a save named on the command line: the guide is offered on
    its sheet (not only after the new-game dialog's Start), once."""
    path = tmp_path / "game.json"
    ed.save.save(game_at(4, 2, "purchasing"), str(path))
    assert not (data_dir / "settings.json").exists()
    app = make_app(save=str(path), first_run=True)
    app.update()
    assert app.mode == "enter" and app.tour is not None and app.tour.shown
    assert json.loads((data_dir / "settings.json").read_text())["first_run_done"] is True
    keys(app, app.tour.skip_button, "Escape")
    app.files.quit_app()
    again = make_app(save=str(path), first_run=True)
    again.update()
    assert again.tour is None
