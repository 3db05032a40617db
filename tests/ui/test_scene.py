"""The reveal's scene, worked out without a display: the order of its beats and their sums."""
from __future__ import annotations

import random

import ed
from ed.ai import randomplay
from ed.ui import presenter as P
from ed.ui.presenter import scene as S


def worked_example():
    """RULES §7: Ann and Bob, month 1, buying."""
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    return P.reveal(game.resolve())


def test_each_commodity_turns_in_seat_order_then_moves_then_shows_results():
    data = worked_example()
    beats = S.scene(data)
    kinds = [(b.kind, b.column, b.row) for b in beats]
    assert kinds == [("start", -1, -1),
                     ("turn", 0, 0), ("turn", 0, 1), ("move", 0, -1), ("result", 0, -1),
                     ("turn", 1, 0), ("turn", 1, 1), ("move", 1, -1), ("result", 1, -1),
                     ("turn", 2, 0), ("turn", 2, 1), ("move", 2, -1), ("result", 2, -1),
                     ("settle", -1, 0), ("settle", -1, 1)]
    assert beats[-1].stage == S.final_stage(data)
    assert beats[0].stage == S.start_stage(3)


def test_a_blank_entry_turns_quickly_and_the_scene_lasts_a_few_seconds():
    data = worked_example()
    beats = S.scene(data)
    blank = [b for b in beats if b.kind == "turn" and b.column == 1 and b.row == 1]
    assert blank[0].ms == S.BLANK_MS                       # Bob ordered no Fine
    full = [b for b in beats if b.kind == "turn" and b.column == 0]
    assert all(b.ms == S.TURN_MS for b in full)
    assert S.length_ms(beats) == (S.START_MS + 4 * S.TURN_MS + 2 * S.BLANK_MS
                                  + 3 * (S.MOVE_MS + S.RESULT_MS) + S.SETTLE_MS)


def test_the_head_adds_up_the_units_that_count_as_they_turn():
    data = worked_example()
    beats = S.scene(data)
    after_ann = next(b.stage for b in beats if (b.kind, b.column, b.row) == ("turn", 0, 0))
    after_bob = next(b.stage for b in beats if (b.kind, b.column, b.row) == ("turn", 0, 1))
    assert S.head_units(data, S.start_stage(3), 0) == ""
    assert S.head_units(data, after_ann, 0) == "6 units ordered"
    assert S.head_units(data, after_bob, 0) == "12 units ordered"
    assert S.head_units(data, after_bob, 1) == ""          # Fine not turned yet


def test_an_offer_that_cannot_be_made_adds_nothing_to_the_count():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {"fine": (3, 30)})
    game.submit(1, {"fine": (3, 30)})
    game.resolve()
    game.submit(0, {"C": (1, 90)})            # 3 Fine make one C
    game.submit(1, {"C": (2, 90)})            # but not two: the offer is not makeable
    data = P.reveal(game.resolve())
    final = S.final_stage(data)
    assert [row.cells[2].counted for row in data.rows] == [1, 0]
    assert S.running_total(data, final, 2) == data.columns[2].total == 1


def test_at_the_end_every_running_total_is_the_price_setting_total():
    rng = random.Random(4)
    for players in (2, 4, 6):
        game = ed.Game(ed.Rules(players=players), [f"P{i}" for i in range(players)], seed=9)
        for _ in range(8):
            for seat in range(players):
                game.submit(seat, randomplay.random_entry(game.view(seat), rng, over_offer=0.3))
            data = P.reveal(game.resolve())
            final = S.final_stage(data)
            for column, result in enumerate(game.history[-1].commodities):
                assert S.running_total(data, final, column) == result.units
            assert [b.kind for b in S.scene(data)].count("settle") == players


def test_one_short_line_per_seat_and_the_reasoning_in_the_detail():
    data = P.reveal(worked_example_report(), {1: "bids high"},
                    seats_info={1: ed.ai.PERSONALITIES["rex"]})
    ann, bob = data.rows
    assert ann.line == "" and "\n" not in bob.line and bob.line.startswith("“")
    assert "Thinking: bids high." in bob.detail and bob.line in bob.detail


def worked_example_report():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    return game.resolve()
