"""The one guard around a decision (``ed.players``): a player that fails, at the door or
inside, passes the phase, is counted once and logged, and the game goes on."""
from __future__ import annotations

import pytest

import ed
from ed import hints
from ed.ai import Avatar, gauntlet, levels
from ed.engine import play_out

AT_THE_DOOR = "ZeroDivisionError: planted at the door"


def raising_at_the_door(monkeypatch, level=None):
    """``Avatar.decide`` itself raises (for ``level`` only, when given)."""
    original = levels.Avatar.decide

    def decide(avatar, view):
        if level is None or avatar.level == level:
            raise ZeroDivisionError("planted at the door")
        return original(avatar, view)

    monkeypatch.setattr(levels.Avatar, "decide", decide)


def two_seats(months=2):
    return ed.Game(ed.Rules(players=2, months=months), ["Ann", "Rex"], seed=3)


def test_an_avatar_that_raises_at_the_door_passes_counted_and_logged(monkeypatch,
                                                                      ai_fallbacks):
    from ed import players
    raising_at_the_door(monkeypatch)
    avatar = Avatar("hard", seed=1)
    decided = players.decide(avatar, two_seats().view(1))
    assert decided == players.Decided({}, "passes this phase", True)
    assert avatar.fallbacks == 1 and avatar.last_error == AT_THE_DOOR
    assert avatar.explanation == "passes this phase"
    [record] = ai_fallbacks
    assert record.name == "ed.players" and record.exc_info[0] is ZeroDivisionError
    assert record.getMessage() == (f"Avatar('hard', None) in seat 1, month 1 purchasing, "
                                   f"passes the phase: {AT_THE_DOOR}")
    assert players.is_failure(record)
    ai_fallbacks.clear()


def test_a_game_played_out_goes_on_past_a_player_that_raises_at_the_door(monkeypatch,
                                                                          ai_fallbacks):
    raising_at_the_door(monkeypatch, "medium")
    failing, steady = Avatar("medium", seed=1), Avatar("easy", seed=2)
    game = play_out(two_seats(months=2), [failing, steady])
    assert game.is_over
    assert [entries[0] for entries in game.log()] == [{}] * 4       # seat 0 passed each phase
    assert (failing.fallbacks, steady.fallbacks) == (4, 0)
    assert len(ai_fallbacks) == 4
    ai_fallbacks.clear()


def test_a_fault_in_the_check_of_the_entry_is_a_failed_decision_counted_once(monkeypatch,
                                                                              ai_fallbacks):
    """``hints.problems`` raising escaped ``Avatar.decide``, which promises never to raise:
    its check of the entry was outside its guard."""
    def failing(view, entry):
        raise ZeroDivisionError("planted in the check")

    monkeypatch.setattr(hints, "problems", failing)
    game = two_seats(months=1)
    for level in levels.LEVELS:
        avatar = Avatar(level, seed=1)
        assert avatar.decide(game.view(0)) == {}
        assert avatar.fallbacks == 1 and avatar.explanation == "passes this phase"
        assert avatar.last_error == "ZeroDivisionError: planted in the check"
    assert [record.name for record in ai_fallbacks] == ["ed.ai.levels"] * len(levels.LEVELS)
    ai_fallbacks.clear()
    seated = [Avatar("expert", seed=1), gauntlet.make("ev", seed=2)]
    assert play_out(two_seats(months=1), seated).is_over
    assert [player.fallbacks for player in seated] == [2, 2]         # once a phase, not twice
    assert len(ai_fallbacks) == 4
    ai_fallbacks.clear()


def test_an_entry_the_rules_refuse_passes_the_phase_and_is_counted(ai_fallbacks):
    from ed import players

    class Careless:
        """Bids $1 for X-Fine, far under the minimum bid."""

        def decide(self, view):
            return {"xfine": (3, 1)}

    careless = Careless()
    game = play_out(two_seats(months=1), [careless, Avatar("easy", seed=2)])
    assert game.is_over and game.log()[0][0] == {}
    assert careless.fallbacks == 2 and careless.explanation == "passes this phase"
    said = [record.getMessage().split("passes the phase: ")[1] for record in ai_fallbacks]
    assert said == ["ValueError: an entry the rules refuse, {'xfine': (3, 1)}: X-Fine bid $1 "
                    "is below the minimum bid $33 (3 units at previous price $40)",
                    "ValueError: an entry the rules refuse, {'xfine': (3, 1)}: X-Fine belongs "
                    "in an order, and this is the selling phase (A, B, C)"]
    assert careless.last_error == said[1]
    assert all(players.is_failure(record) for record in ai_fallbacks)
    ai_fallbacks.clear()


def test_a_player_that_passes_on_its_own_is_counted_once(monkeypatch, ai_fallbacks):
    from ed import players

    def failing(avatar, view, pricer):
        raise ZeroDivisionError("planted inside")

    monkeypatch.setattr(levels.Avatar, "_order", failing)
    avatar = Avatar("medium", seed=1)
    assert players.decide(avatar, two_seats().view(0)) == \
        players.Decided({}, "passes this phase", True)
    assert avatar.fallbacks == 1
    [record] = ai_fallbacks
    assert record.name == "ed.ai.levels" and players.is_failure(record)
    ai_fallbacks.clear()


@pytest.mark.parametrize("level", levels.LEVELS)
def test_a_sound_decision_passes_the_guard_as_it_was(level):
    from ed import players
    game = two_seats()
    avatar, twin = Avatar(level, seed=5), Avatar(level, seed=5)
    decided = players.decide(avatar, game.view(0))
    assert decided == players.Decided(twin.decide(game.view(0)), twin.explanation, False)
    assert decided.said and avatar.fallbacks == 0
