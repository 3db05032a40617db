"""RULES.md §4.3: a view holds public information and its own seat's entry only."""
from __future__ import annotations

import dataclasses
import gc

import pytest

import ed


def reachable(root, limit=20000):
    """Every object reachable from ``root`` through references."""
    seen, stack, out = set(), [root], []
    while stack and len(out) < limit:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


def game_with_secrets():
    game = ed.Game(ed.Rules(players=3), ["Ann", "Bob", "Cy"])
    game.submit(0, {"fine": (4, 30)})
    game.submit(1, {"xfine": (7, 77)})
    game.submit(2, {})
    game.resolve()  # purchasing phase revealed; now selling is secret
    return game


def test_view_shows_own_entry_only():
    game = ed.Game(ed.Rules(players=3), ["Ann", "Bob", "Cy"])
    game.submit(0, {"fine": (4, 30)})
    game.submit(1, {"xfine": (7, 77)})
    view = game.view(0)
    assert dict(view.entry) == {"fine": (4, 30)}
    assert view.submitted == (True, True, False)
    assert game.view(2).entry is None


def test_no_other_seat_entry_is_reachable_from_a_view():
    game = ed.Game(ed.Rules(players=3), ["Ann", "Bob", "Cy"])
    game.submit(1, {"xfine": (7, 77), "standard": (3, 1234)})
    view = game.view(0)
    objects = reachable(view)
    assert not any(isinstance(obj, ed.Game) for obj in objects)
    assert 1234 not in [obj for obj in objects if type(obj) is int]
    assert game._pending[1] not in [obj for obj in objects if type(obj) is tuple]


def test_another_seats_entry_never_changes_a_view():
    first = ed.Game(ed.Rules(players=3), ["Ann", "Bob", "Cy"])
    second = ed.Game(ed.Rules(players=3), ["Ann", "Bob", "Cy"])
    first.submit(1, {"xfine": (7, 77)})
    second.submit(1, {"fine": (2, 99)})
    a, b = first.view(0), second.view(0)
    for field in dataclasses.fields(a):
        assert getattr(a, field.name) == getattr(b, field.name), field.name


def test_revealed_phases_are_public_in_history():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(1)
    assert view.history == ()
    game = game_with_secrets()
    history = game.view(2).history
    assert history[0].seats[1].lines[0].units == 7


def test_view_is_a_snapshot():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    view = game.view(0)
    game.submit(0, {"fine": (4, 30)})
    game.submit(1, {})
    game.resolve()
    assert view.phase == "purchasing" and view.cash == (900, 900) and view.entry is None
    with pytest.raises(TypeError):
        view.prices["fine"] = 1  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.month = 3  # type: ignore[misc]


def test_view_helpers():
    game = ed.Game(ed.Rules(players=2, months=3), ["Ann", "Bob"])
    view = game.view(1)
    assert (view.name, view.players, view.months_left, view.is_last_month) == ("Bob", 2, 3, False)
    assert view.keys == ("xfine", "fine", "standard") and view.previous_prices() == (40, 30, 20)
    assert view.price_history()[0]["A"] == 140
