"""The game log: plain sentences from resolved reports only (RULES §4.3)."""
from __future__ import annotations

import tkinter as tk

from ed.ui.presenter import gamelog
from ed.ui.presenter.gamelog import log_lines, month_lines
from ed.ui.screens.gamelog import GameLogPanel

from .conftest import play, pump, worked_example


def test_worked_example_purchasing_is_told_in_sentences():
    game = worked_example()
    lines = log_lines(game.history, game.names)
    assert ("Jan buying \u2014 X-Fine: 12 units ordered, price moves +2 from $40 to $42. "
            "Ann bid $40 for 6: too low. Bob bought 6 at $44.") in lines
    assert ("Jan buying \u2014 Fine: 4 units ordered, price moves -6 from $30 to $24. "
            "Ann bought 4 at $28.") in lines
    assert "Jan buying \u2014 Ann paid $112. Bob paid $408." in lines


def test_worked_example_selling_and_settlement():
    game = worked_example()
    lines = log_lines(game.history, game.names)
    assert ("Jan selling \u2014 C: 3 units offered, price moves +5 from $90 to $95. "
            "Ann asked $97 for 1: too high. Bob sold 2 at $88.") in lines
    assert "Jan selling \u2014 Bob received $325 and used 5 X-Fine and 4 Standard." in lines
    assert ("Jan selling \u2014 Afterwards: Ann $788 with 4 Fine; "
            "Bob $817 with 1 X-Fine and 4 Standard.") in lines
    assert lines[-1] == "End of game \u2014 Bob wins."
    assert any("Ann finishes with $884 (profit -$16), 2nd place." in line for line in lines)


def test_log_never_holds_an_unrevealed_entry():
    game = play(players=3, months=2, stop_before_end=True)
    before = log_lines(game.history, game.names)
    # Distinctive, legal selling entries; nothing of them may show before the reveal.
    game.submit(0, {})
    game.submit(1, {"A": (0, 0)})
    game.submit(2, {"B": (1, 9999)})
    assert log_lines(game.history, game.names) == before
    assert not any("9,999" in line or "9999" in line for line in before)
    game.resolve()
    after = log_lines(game.history, game.names)
    assert any("asked $9,999 for 1: too high" in line for line in after)


def test_explanations_only_for_resolved_phases():
    game = play(players=2, months=2, stop_before_end=True)
    said = {(1, "purchasing", 1): "bids a little over the minimum",
            (2, "selling", 1): "SECRET pending plan"}
    game.submit(1, {})   # a pending entry for month 2 selling
    lines = log_lines(game.history, game.names, said)
    assert "Jan buying \u2014 Bob (computer): bids a little over the minimum" in lines
    assert not any("SECRET" in line for line in lines)


def test_over_offer_is_said_not_to_count():
    game = worked_example(months=2)
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    game.submit(0, {"A": (1, 150)})     # Ann holds 4 Fine: no A can be made
    game.submit(1, {})
    game.resolve()
    feb = month_lines(game.history, game.names, 2)
    assert any("Ann offered 1 at $150: not counted" in line for line in feb)
    assert any("Ann's offer could not be made from stock" in line for line in feb)
    assert all(line.startswith(("Feb", "End of game")) for line in feb)


def test_panel_shows_lines_read_only_and_scrollable(root):
    top = tk.Toplevel(root)
    panel = GameLogPanel(top, height=5)
    panel.pack(fill="both", expand=True)
    lines = [f"Jan purchasing \u2014 line {i}" for i in range(40)]
    panel.set_lines(lines)
    pump(root)
    assert panel.get_text().split("\n") == lines
    assert panel.text.cget("state") == "disabled"
    assert int(panel.text.cget("takefocus")) == 1
    assert panel.text.yview()[1] < 1.0          # more than fits: it scrolls
    panel.text.focus_force()
    pump(root)
    panel.text.event_generate("<End>")
    pump(root)
    assert panel.text.yview()[1] == 1.0
    panel.append("Feb selling \u2014 the last line")
    pump(root)
    assert panel.lines[-1] == "Feb selling \u2014 the last line"
    assert panel.text.yview()[1] == 1.0          # followed the end
    heading = panel.text.tag_ranges("heading")
    assert panel.text.get(heading[0], heading[1]) == "Jan purchasing"
