"""The computer players' reasoning kept in the save: the reveal after a resume and the
replay of a save still tell it.

Each test drives the real window under Xvfb and reads what its widgets show.
"""
from __future__ import annotations

import ed
from ed.ui.presenter.setup import SeatSetup, Setup
from ed.saves.store import SaveStore

from .test_table import begin
from .test_window import fill, keys


def test_the_reveal_after_a_resume_shows_what_the_computer_players_thought(make_app, data_dir):
    app = make_app()
    seats = (SeatSetup("Ann"), SeatSetup("Rex", True, "hard", "rex"),
             SeatSetup("Iris", True, "medium", "iris"))
    game = begin(app, Setup(seats, months=3, seed=4).game())
    assert app.mode == "enter" and game.submitted(1) and game.submitted(2)
    thought = dict(app.session.pending_explanations)
    assert thought[1] and thought[2]
    app.files.quit_app()                        # closed before Ann's entry: the reasons wait
    [info] = SaveStore(data_dir).unfinished()
    saved = ed.save.load_saved(info.path)
    assert saved.explanations.pending_map() == thought
    again = make_app()
    keys(again, again.layout.resume.resume_button, "Return")
    assert again.mode == "enter"
    fill(again, {"fine": (2, 40)})
    keys(again, again.layout.tally.entries["fine"][1], "Return")
    assert again.mode == "reveal"
    for seat in (1, 2):                         # the reveal: each row's words
        row = again.layout.reveal.rows[seat]
        words = row.said if hasattr(row, "said") else row.detail.cget("text")
        assert f"Thinking: {thought[seat].rstrip('.')}." in words
    log = "\n".join(again.extras.log_lines())   # the game log
    assert thought[1] in log and thought[2] in log


def test_the_replay_of_a_save_tells_what_the_computer_players_thought(make_app, tmp_path):
    from ed.ui.screens.replay import open_replay
    app = make_app()
    game = ed.Game(ed.Rules(players=2, months=1), ["Ann", "Rex"], seed=2,
                   seats=[ed.Seat(), ed.Seat("computer", "easy")])
    for entry in ({"fine": (2, 30)}, {}):
        game.submit(0, entry)
        game.submit(1, {})
        game.resolve()
    path = tmp_path / "game.json"
    said = ed.save.Explanations.of({(1, "purchasing", 1): "orders nothing at these prices"})
    ed.save.save(game, path, explanations=said)
    window = open_replay(app, path)
    app.update()
    assert any("orders nothing at these prices" in line for line in window.lines)
    window.destroy()
