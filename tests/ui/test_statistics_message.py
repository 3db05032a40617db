"""A record of play that cannot be written is said in a plain sentence; the game is not lost."""
from __future__ import annotations

import errno

from ed.saves import record as stats


def test_a_full_disk_for_the_record_of_play_is_said_plainly(make_app, monkeypatch):
    app = make_app()

    def full(folder, game):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(stats, "record_finished_game", full)
    app.extras.record_statistics(object())
    app.update()
    said = app.layout.message.cget("text")
    assert said == ("The record of play could not be saved (no space left on device); "
                    "the game itself is kept in its save.")
    assert "Errno" not in said
