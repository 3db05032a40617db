"""RULES.md §3: the market calculator, the $1 floor, minimum bids and useful asks."""
from __future__ import annotations

import pytest

from ed import market

RAW_TABLE = {0: -10, 1: -9, 2: -8, 3: -7, 4: -6, 5: -5, 6: -4, 7: -3, 8: -2, 9: -1, 10: 0,
             11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 7, 18: 8, 19: 9, 20: 10,
             21: 11, 22: 12, 23: 13, 24: 14}
GOODS_TABLE = {0: 11, 1: 9, 2: 7, 3: 5, 4: 3, 5: 1, 6: -1, 7: -3, 8: -5, 9: -7, 10: -9,
               11: -11, 12: -13, 13: -15, 14: -17, 15: -19, 16: -21}


@pytest.mark.parametrize("units, change", sorted(RAW_TABLE.items()))
def test_raw_materials_table(units, change):
    assert market.raw_move(units) == change
    assert market.move("fine", units) == change


@pytest.mark.parametrize("units, change", sorted(GOODS_TABLE.items()))
def test_finished_goods_table(units, change):
    assert market.goods_move(units) == change
    assert market.move("B", units) == change


def test_raw_line_continues_past_24_units():
    # Interpretation: +1 per unit beyond the printed table.
    assert [market.raw_move(u) for u in (25, 30, 36)] == [15, 20, 26]


def test_goods_line_continues_past_16_units():
    # Interpretation: -2 per unit beyond the printed table.
    assert [market.goods_move(u) for u in (17, 20)] == [-23, -29]


def test_price_never_falls_below_one_dollar():
    assert market.new_price(5, -10) == 1
    assert market.new_price(1, -10) == 1
    assert market.new_price(11, -10) == 1
    assert market.new_price(12, -10) == 2


def test_from_one_dollar_the_price_moves_again():
    assert market.new_price(1, 3) == 4


def test_minimum_bid_is_the_price_if_alone():
    # RULES §7: Ann 6 X-Fine at previous 40 -> 36; 4 Fine at 30 -> 24; Bob 8 Standard at 20 -> 18.
    assert market.min_bid(40, 6) == 36
    assert market.min_bid(30, 4) == 24
    assert market.min_bid(20, 8) == 18
    assert market.min_bid(3, 1) == 1


def test_highest_useful_ask_is_the_price_if_alone():
    # RULES §7: A (1 unit) 149, C (2 units) 97, C (1 unit) 99.
    assert market.highest_useful_ask(140, 1) == 149
    assert market.highest_useful_ask(90, 2) == 97
    assert market.highest_useful_ask(90, 1) == 99
    assert market.highest_useful_ask(10, 16) == 1


def test_bid_at_or_above_market_buys_all():
    assert market.units_bought(6, 42, 42, False) == 6
    assert market.units_bought(6, 50, 42, False) == 6


def test_bid_below_market_buys_nothing():
    assert market.units_bought(6, 41, 42, False) == 0


def test_partial_fills_one_unit_fewer_per_dollar_below():
    assert market.units_bought(6, 40, 42, True) == 4
    assert market.units_bought(6, 36, 42, True) == 0
    assert market.units_bought(6, 30, 42, True) == 0


def test_ask_at_or_below_market_sells_all():
    assert market.units_sold(2, 95, 95, False) == 2
    assert market.units_sold(2, 88, 95, False) == 2


def test_ask_above_market_sells_nothing():
    assert market.units_sold(1, 97, 95, False) == 0


@pytest.mark.parametrize("ask, sold", [(95, 5), (96, 4), (97, 4), (98, 3), (99, 3), (104, 0), (120, 0)])
def test_partial_sales_one_unit_fewer_per_two_dollars_or_part(ask, sold):
    assert market.units_sold(5, ask, 95, True) == sold


@pytest.mark.parametrize("shortfall, loan", [(1, 100), (99, 100), (100, 100), (101, 200),
                                             (200, 200), (201, 300), (0, 0)])
def test_loan_is_smallest_multiple_of_100(shortfall, loan):
    assert market.loan_for(shortfall) == loan
