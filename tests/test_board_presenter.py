"""The Price Level Board's pure part: tokens, ghosts, scales, rungs, names and labels."""
from __future__ import annotations

import itertools
import random

import pytest

import ed
from ed.ui import presenter as P
from ed.ui.presenter import board as PB

OPENING = {"xfine": 40, "fine": 30, "standard": 20, "A": 140, "B": 115, "C": 90}


def worked_history():
    """RULES §7: the opening prices, then January (Ann and Bob, default rules)."""
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"], seed=1)
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    game.resolve()
    game.submit(0, {"C": (1, 97)})
    game.submit(1, {"A": (1, 149), "C": (2, 88)})
    game.resolve()
    return game.price_history()


def months(count: int):
    """The opening prices and ``count`` made-up months: Fine goes up $1 a month."""
    history = [dict(OPENING)]
    for month in range(1, count + 1):
        history.append({key: price + (month if key == "fine" else 0)
                        for key, price in OPENING.items()})
    return history


# ------------------------------------------------------------------ tokens and ghosts

def test_tokens_stand_at_the_latest_prices_and_ghosts_at_the_month_before():
    tracks = {t.key: t for t in P.board_tracks(worked_history())}
    assert [tracks[k].price for k in ed.COMMODITIES] == [42, 24, 18, 149, 126, 95]
    assert [tracks[k].ghost for k in ed.COMMODITIES] == [40, 30, 20, 140, 115, 90]
    assert {(t.month, t.ghost_month) for t in tracks.values()} == {(1, 0)}
    assert [tracks[k].opening for k in ed.COMMODITIES] == [40, 30, 20, 140, 115, 90]


def test_at_the_opening_there_is_no_ghost():
    tracks = P.board_tracks([dict(OPENING)])
    assert all(t.ghost is None and t.ghost_month is None and t.month == 0 for t in tracks)
    assert [t.price for t in tracks] == [40, 30, 20, 140, 115, 90]


def test_after_the_orders_are_revealed_the_goods_stay_at_last_month():
    history = months(8) + [{"xfine": 45, "fine": 33, "standard": 19}]
    tracks = {t.key: t for t in P.board_tracks(history)}
    assert (tracks["fine"].price, tracks["fine"].month) == (33, 9)
    assert (tracks["fine"].ghost, tracks["fine"].ghost_month) == (38, 8)
    assert (tracks["A"].price, tracks["A"].month) == (140, 8)
    assert (tracks["A"].ghost, tracks["A"].ghost_month) == (140, 7)


def test_an_empty_history_is_refused():
    with pytest.raises(ValueError, match="opening prices"):
        P.board_tracks([])


def test_a_token_that_moves_leaves_its_ghost_where_it_was():
    fine = {t.key: t for t in P.board_tracks(months(8))}["fine"]
    moved = fine.moved(33)
    assert (moved.price, moved.month, moved.ghost, moved.ghost_month, moved.opening) == \
        (33, 9, 38, 8, 30)


def test_the_tooltips_say_the_price_last_months_and_the_opening_one():
    fine = {t.key: t for t in P.board_tracks(months(8))}["fine"].moved(33)
    assert fine.tip == "Fine: $33, was $38 in Aug; opened at $30"
    assert fine.ghost_tip == "Fine was $38 in Aug."
    assert fine.opening_tip == "Fine opened at $30."
    january = {t.key: t for t in P.board_tracks(worked_history())}
    assert january["fine"].tip == "Fine: $24, was $30 at the opening"
    opening = P.board_tracks([dict(OPENING)])[5]
    assert opening.tip == "C: $90, the opening price"
    assert opening.ghost_tip == ""


def test_token_labels_are_whole_dollars():
    assert P.token_label(44) == "$44"
    assert P.token_label(43.6) == "$44"
    assert P.token_label(1234) == "$1,234"
    assert P.board_tracks(worked_history())[3].label == "$149"


def test_a_history_played_further_continues_the_one_before():
    history = months(3)
    assert P.continues_history(history, months(5))
    assert P.continues_history(history[:-1] + [{"xfine": 40, "fine": 33, "standard": 20}],
                               history)
    assert not P.continues_history(months(5), history)
    assert not P.continues_history(history, worked_history() + [{}, {}])


def test_group_prices_are_every_price_seen():
    assert sorted(P.group_prices(worked_history(), ed.rules.RAW)) == [18, 20, 24, 30, 40, 42]


# ------------------------------------------------------------------ scales

def test_the_opening_scales_cover_the_opening_prices_with_a_margin():
    assert P.fit_scale([40, 30, 20]) == P.Scale(15, 45)
    assert P.fit_scale([140, 115, 90]) == P.Scale(80, 150)


@pytest.mark.parametrize("prices, scale", [
    ([13, 52], P.Scale(5, 60)),           # a margin of 12% of the spread, ends on $5
    ([1, 5], P.Scale(0, 20)),             # never below $0, still $20 wide
    ([20, 300], P.Scale(0, 350)),         # a wide spread: ends on $25
    ([140, 260], P.Scale(120, 280)),      # ends on $10
])
def test_a_scale_covers_every_price_with_a_margin(prices, scale):
    assert P.fit_scale(prices) == scale


def test_every_price_seen_is_on_its_scale_with_room_to_move():
    rng = random.Random(3)
    for _ in range(200):
        prices = [rng.randint(1, 600) for _ in range(rng.randint(1, 30))]
        scale = P.fit_scale(prices)
        assert scale.high - scale.low >= PB.MIN_SPAN
        assert scale.high >= max(prices) + PB.MIN_MARGIN
        assert scale.low <= max(0, min(prices) - PB.MIN_MARGIN)
        assert scale.low >= 0


def test_a_scale_is_kept_while_it_covers_the_prices_and_refitted_when_one_leaves_it():
    current = P.Scale(15, 45)
    assert P.fit_scale([40, 30, 20, 44], current=current) is current
    assert P.fit_scale([40, 30, 20, 47], current=current) == P.Scale(15, 55)
    assert P.fit_scale([40, 30, 20, 12], current=current) == P.Scale(5, 45)


def test_a_scale_needs_a_price():
    with pytest.raises(ValueError, match="at least one price"):
        P.fit_scale([])


def test_a_price_stands_as_far_up_the_track_as_its_share_of_the_scale():
    scale = P.Scale(80, 150)
    assert scale.fraction(80) == 0 and scale.fraction(150) == 1
    assert scale.fraction(115) == 0.5
    assert scale.covers(150) and not scale.covers(151) and not scale.covers(79)


def test_rungs_fall_on_round_prices_far_enough_apart():
    # 5 px a dollar: $5 rungs are 25 px apart, the first step that is at least 20
    assert P.scale_ticks(P.Scale(15, 45), 150, 20) == (15, 20, 25, 30, 35, 40, 45)
    # 1 px a dollar: $20 rungs
    assert P.scale_ticks(P.Scale(80, 150), 70, 20) == (80, 100, 120, 140)
    assert P.scale_ticks(P.Scale(0, 350), 100, 20) == (0, 100, 200, 300)
    assert P.scale_ticks(P.Scale(80, 150), 5, 20) == ()
    assert P.scale_ticks(P.Scale(80, 150), 0, 20) == ()


def test_a_ruled_scale_ends_on_labelled_rungs():
    """A scale of $15 to $55 ruled every $2 ended at the $54 rung: a token at $55 stood
    above the highest price written on the board."""
    scale = P.Scale(15, 55)
    assert P.scale_ticks(scale, 700, 32)[-1] == 54                  # the old drawing
    assert P.ruled_scale(scale, 700, 32) == (P.Scale(14, 56), tuple(range(14, 57, 2)))
    # a wider span may want sparser rungs: $80-$150 on 70 px is ruled every $20, but
    # $80-$160 would want $25 rungs, and $75-$150 keeps them
    assert P.ruled_scale(P.Scale(80, 150), 70, 20) == (P.Scale(75, 150), (75, 100, 125, 150))
    # a scale already on its rungs is kept; one with no room for two rungs has none
    assert P.ruled_scale(P.Scale(15, 45), 150, 20) == (P.Scale(15, 45),
                                                       (15, 20, 25, 30, 35, 40, 45))
    assert P.ruled_scale(P.Scale(80, 150), 5, 20) == (P.Scale(80, 150), ())
    for low, high in ((0, 55), (70, 230), (15, 55), (140, 660), (5, 25), (80, 150)):
        for room in range(40, 800, 7):
            ruled, ticks = P.ruled_scale(P.Scale(low, high), room, 24)
            assert ruled.low <= low and ruled.high >= high
            if ticks:
                assert (ticks[0], ticks[-1]) == (ruled.low, ruled.high), (low, high, room)
                assert (ticks[1] - ticks[0]) * room / (ruled.high - ruled.low) >= 24


# ------------------------------------------------------------------ names and labels

def test_standard_is_shortened_only_in_the_short_names():
    assert P.track_names(False) == {"xfine": "X-Fine", "fine": "Fine", "standard": "Standard",
                                    "A": "A", "B": "B", "C": "C"}
    assert P.track_names(True)["standard"] == "Std"
    assert P.track_names(True)["xfine"] == "X-Fine"


def test_names_fit_only_apart_and_inside():
    assert P.names_fit([10, 50], [20, 20], 0, 100, 10)          # 0..20 and 40..60
    assert not P.names_fit([10, 50], [20, 20], 0, 100, 25)      # too close
    assert not P.names_fit([10, 50], [20, 20], 1, 100, 10)      # out at the left
    assert not P.names_fit([10, 50], [20, 20], 0, 59, 10)       # out at the right


def test_on_two_lines_names_take_turns_and_need_room_only_from_their_own_lines():
    xs, widths = [10, 30, 50, 70], [18, 18, 18, 18]
    assert not P.names_fit(xs, widths, 0, 100, 4)               # side by side: 2 apart
    assert P.names_fit(xs, widths, 0, 100, 4, lines=2)          # 10 and 50; 30 and 70
    assert not P.names_fit(xs, widths, 0, 100, 23, lines=2)


def test_labels_side_by_side_with_room_between_them_never_move():
    assert P.spread_labels([10, 60, 110], [100, 100, 100], 45, 20, 0, 300) == [100, 100, 100]


def test_labels_that_would_cover_each_other_move_just_clear():
    # the middle label overlaps both neighbours; those two are far enough apart
    assert P.spread_labels([10, 50, 90], [100, 100, 100], 45, 20, 0, 300) == [100, 79, 100]
    # at the head of the track the clear place is below
    assert P.spread_labels([10, 50, 90], [5, 5, 5], 45, 20, 0, 300) == [10, 31, 10]
    # already clear: no move
    assert P.spread_labels([10, 50, 90], [100, 121, 100], 45, 20, 0, 300) == [100, 121, 100]


def test_labels_of_one_scale_never_cover_each_other():
    rng = random.Random(11)
    side_by_side = 0
    for _ in range(300):
        width, height = rng.uniform(20, 80), rng.uniform(10, 30)
        xs = [rng.uniform(0, 200) for _ in range(3)]
        ys = [rng.uniform(0, 400) for _ in range(3)]
        placed = P.spread_labels(xs, ys, width, height, 0, 400)
        for a, b in itertools.combinations(range(3), 2):
            if abs(xs[a] - xs[b]) < width:
                assert abs(placed[a] - placed[b]) >= height
                side_by_side += 1
        assert all(height / 2 <= y <= 400 - height / 2 for y in placed)
    assert side_by_side > 100       # labels that could cover each other, many times over


def test_the_board_is_part_of_the_presenter():
    assert P.board_tracks is PB.board_tracks and P.BOARD_GROUPS == (ed.rules.RAW,
                                                                     ed.rules.GOODS)
