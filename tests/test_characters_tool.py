"""``python3 -m ed.tuning.characters``: how often two characters enter the same, whether the
seed changes the game, and each character's style, counted from the games' own records."""
from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from ed.engine import series_seed
from ed.tuning import characters
from tests.output import ROOT, run_closed


def test_the_command_prints_the_shared_entries_the_seeds_and_each_style():
    out = io.StringIO()
    assert characters.main(["--games", "2", "--seeds", "2", "--level", "easy"], out=out) == 0
    text = out.getvalue()
    # two games of 12 months, two phases a month
    assert re.search(r"the very same non-empty entry: \d+ of 48 \(", text), text
    assert re.search(r"played with 2 seeds: [0-2] of 2 games", text), text
    # games 0 and 1 seat four of the six characters each, turned by one: five in all
    shown = [name for name in ("Mabel", "Rex", "Iris", "Otto", "Cora", "Felix")
             if re.search(rf"^ +{name} +-?\d", text, re.M)]
    assert len(shown) == 5, text


def test_each_style_figure_is_what_the_game_s_record_says():
    """Units ordered a month and the final cash, recounted from the game's own history."""
    found = characters.measure_game(("easy", 3, 5, ()))
    game = characters.play("easy", characters.cast(3), series_seed(5, 3), ())
    assert found["phases"] == len(game.history) == 24
    for seat, who in enumerate(characters.cast(3)):
        style = found["style"][who]
        ordered = sum(units for report in game.history if report.phase == "purchasing"
                      for units, _ in report.record.seats[seat].entry)
        assert style["units"] == ordered and style["buys"] == 12
        assert style["final"] == game.final_cash()[seat]
    same = 0
    for report in game.history:
        entries = [tuple(seat.entry) for seat in report.record.seats]
        same += any(entries[a] == entries[b] and any(u for u, _ in entries[a])
                    for a in range(4) for b in range(a + 1, 4))
    assert found["same"] == same


def test_the_four_characters_differ_in_their_entries_at_expert_level():
    """Four experts of four characters, one game: in most phases no two of them enter the
    very same non-empty entry, and the first table played with two seeds differs."""
    found = characters.measure_game(("expert", 0, 1, ()))
    assert found["same"] <= 2          # of 24 phases
    first = characters.play("expert", characters.cast(0), 1, ())
    other = characters.play("expert", characters.cast(0), 2, ())
    assert [r.record for r in first.history[:2]] != [r.record for r in other.history[:2]]


@pytest.mark.parametrize("argument", [["--games", "0"], ["--level", "wizard"],
                                      ["--variations", "bankrupt"]])
def test_a_mistake_on_the_command_line_is_one_sentence(argument):
    done = subprocess.run([sys.executable, "-m", "ed.tuning.characters", *argument], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_a_closed_output_ends_in_one_sentence():
    closed = run_closed([sys.executable, "-m", "ed.tuning.characters", "--games", "1",
                         "--seeds", "2", "--level", "easy"], "stdout")
    assert closed.returncode == 1 and "Traceback" not in closed.stderr
    assert closed.stderr.count("\n") == 1 and "could not be written" in closed.stderr
