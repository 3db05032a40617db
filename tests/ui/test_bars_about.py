"""The final cash bars use their whole width; Help ▸ About is a small window of its own."""
from __future__ import annotations

import pytest

import ed

from .fitcheck import problems
from .test_table import game_at, with_text_size
from .test_window import focus_of, keys


def test_the_final_cash_bars_use_the_whole_width(make_app, tmp_path):
    path = tmp_path / "over.json"
    game = game_at(4, 99)
    assert game.is_over
    ed.save.save(game, str(path))
    app = make_app(save=str(path))
    assert app.mode == "over"
    ending = app.layout.ending
    ending.tabs.select(ending.standings)
    app.update()
    canvas = ending.standings.canvas
    width = canvas.winfo_width()
    assert width > 600
    [best] = canvas.find_withtag("winner")
    x0, _, x1, _ = canvas.coords(best)
    assert x1 - x0 >= (width - 40) * 0.95         # the highest final cash spans the width
    for item in canvas.find_withtag("bar"):
        value = int(next(t for t in canvas.gettags(item) if t.startswith("v:"))[2:])
        bx0, _, bx1, _ = canvas.coords(item)
        # every bar in proportion to its final cash
        assert abs((bx1 - bx0) / (x1 - x0) - value / max(game.final_cash())) < 0.01


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_about_is_a_small_window_that_enter_and_escape_close(make_app, data_dir, scale):
    with_text_size(data_dir, scale)
    app = make_app()
    app.dialog.cancel()
    app.update()
    app.menus.help_menu.invoke("About Executive Decision")
    app.update()
    about = app.windows["about"]
    assert about.winfo_ismapped() and about.title() == "About Executive Decision"
    name, version, origin, licence = about.texts()
    assert name == "Executive Decision" and version == f"Version {ed.__version__}"
    assert "Sid Sackson" in origin and "1971" in origin and "unofficial fan version" in origin
    assert "MIT licence" in licence
    assert focus_of(app) is about.close_button
    usable = (0, 0, app.winfo_screenwidth(), app.winfo_screenheight() - 80)
    assert problems(about, usable) == []
    keys(app, about.close_button, "Return")
    assert app.extras.open_window("about") is None
    app.menus.help_menu.invoke("About Executive Decision")
    app.update()
    again = app.windows["about"]
    keys(app, again.close_button, "Escape")
    assert app.extras.open_window("about") is None
    app.menus.help_menu.invoke("About Executive Decision")
    app.update()
    keys(app, app.windows["about"].close_button, "space")     # the button itself
    assert app.extras.open_window("about") is None
