"""RULES.md §1 and §2: the tables, and Rules validating itself."""
from __future__ import annotations

import pytest

import ed
from ed.rules import CLASSIC_RECIPES, DEFAULT_RECIPES, OPENING_PRICES, month_label


def test_opening_prices():
    assert OPENING_PRICES == {"xfine": 40, "fine": 30, "standard": 20, "A": 140, "B": 115, "C": 90}


def test_default_recipes():
    # A = X-Fine, X-Fine, Fine; B = Fine, Fine, Standard; C = Fine, Standard, Standard
    assert DEFAULT_RECIPES == {"A": (2, 1, 0), "B": (0, 2, 1), "C": (0, 1, 2)}
    assert ed.Rules().recipes == DEFAULT_RECIPES


def test_classic_production_chart_changes_only_b():
    assert CLASSIC_RECIPES == {"A": (2, 1, 0), "B": (1, 1, 1), "C": (0, 1, 2)}
    assert ed.Rules(classic_recipes=True).recipes == CLASSIC_RECIPES


@pytest.mark.parametrize("players, cash, limit, grade", [
    (2, 900, 18, 12), (3, 600, 12, 12), (4, 450, 9, 9), (5, 350, 7, 7), (6, 300, 6, 6),
])
def test_setup_table(players, cash, limit, grade):
    rules = ed.Rules(players=players)
    assert (rules.starting_cash, rules.order_limit, rules.grade_limit) == (cash, limit, grade)


def test_defaults():
    rules = ed.Rules()
    assert (rules.players, rules.months) == (4, 12)
    assert not (rules.loans or rules.partial_fills or rules.partial_sales or rules.classic_recipes)


@pytest.mark.parametrize("months", [1, 12, 36])
def test_months_allowed(months):
    assert ed.Rules(months=months).months == months


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 1}, "players must be from 2 to 6, not 1"),
    ({"players": 7}, "players must be from 2 to 6, not 7"),
    ({"months": 0}, "months must be from 1 to 36, not 0"),
    ({"months": 37}, "months must be from 1 to 36, not 37"),
    ({"months": 12.0}, "whole number"),
    ({"players": True}, "whole number"),
    ({"loans": 1}, "loans must be true or false"),
    ({"classic_recipes": "yes"}, "classic_recipes must be true or false"),
])
def test_invalid_rules_are_refused(kwargs, words):
    with pytest.raises(ed.RuleError, match=words):
        ed.Rules(**kwargs)


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        ed.Rules().players = 3  # type: ignore[misc]


def test_rule_error_is_a_value_error():
    assert issubclass(ed.RuleError, ValueError)
    assert issubclass(ed.SaveError, ValueError)


def test_month_labels():
    assert [month_label(m) for m in (1, 12, 13, 24, 36)] == ["Jan", "Dec", "Jan Y2", "Dec Y2", "Dec Y3"]
