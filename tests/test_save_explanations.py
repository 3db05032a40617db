"""The computer players' explanations kept in the save, beside the entries they explain."""
from __future__ import annotations

import base64
import json

import pytest

import ed
from ed import save
from ed.engine import Game, Seat
from ed.rules import Rules
from ed.ui.presenter.setup import SeatSetup, Setup
from ed.ui.shell.session import Session


def playing(tmp_path):
    """A session of Ann against Rex (hard) and Iris (medium): January's buying revealed,
    its selling entered by the computer players only."""
    seats = (SeatSetup("Ann"), SeatSetup("Rex", True, "hard", "rex"),
             SeatSetup("Iris", True, "medium", "iris"))
    session = Session(Setup(seats, months=2, seed=6).game(), tmp_path)
    assert session.step().kind == "enter"
    session.submit(0, {"fine": (3, 40)})
    assert session.step().kind == "reveal"
    assert session.step().kind == "enter"               # Rex and Iris have offered
    session.autosave()
    return session


def test_a_saved_and_loaded_session_has_the_same_explanations(tmp_path):
    session = playing(tmp_path)
    revealed = dict(session.revealed_explanations)
    pending = dict(session.pending_explanations)
    assert set(revealed) == {(1, "purchasing", 1), (1, "purchasing", 2)} and all(
        revealed.values())
    assert set(pending) == {1, 2} and all(pending.values())
    saved = save.load_saved(session.autosave_path)
    assert saved.explanations.revealed_map() == revealed
    assert saved.explanations.pending_map() == pending
    again = Session(saved.game, tmp_path / "again", explanations=saved.explanations)
    assert again.revealed_explanations == revealed
    assert again.pending_explanations == pending
    assert again.explanations == session.explanations == {1: revealed[(1, "purchasing", 1)],
                                                          2: revealed[(1, "purchasing", 2)]}
    again.submit(0, {})
    step = again.step()
    assert step.kind == "reveal" and step.report.phase == "selling"
    assert again.explanations == pending                # the reveal after the resume has them
    assert again.revealed_explanations[(1, "selling", 1)] == pending[1]


def test_pending_explanations_are_not_in_plain_sight(tmp_path):
    session = playing(tmp_path)
    text = session.autosave_path.read_text("utf-8")
    doc = json.loads(text)
    for said in session.pending_explanations.values():
        assert said not in text
    for said in session.revealed_explanations.values():
        assert said in text
    assert doc["explanations"] == [[None, session.revealed_explanations[(1, "purchasing", 1)],
                                    session.revealed_explanations[(1, "purchasing", 2)]]]
    decoded = json.loads(base64.b64decode(doc["pending_explanations"]))
    assert decoded == [None, session.pending_explanations[1], session.pending_explanations[2]]


def test_a_save_without_explanations_loads_as_before(tmp_path):
    session = playing(tmp_path)
    old = save.dumps(session.game)                       # as saves were written before
    assert "explanations" not in old
    saved = save.loads_saved(old)
    assert saved.explanations == save.Explanations()
    assert saved.game.log() == session.game.log()
    assert Session(saved.game, explanations=saved.explanations).explanations == {}


def good_doc():
    """A finished 1-month game of Ann and Rex with Rex's January reasons kept."""
    game = Game(Rules(players=2, months=1), ["Ann", "Rex"], seed=2,
                seats=[Seat(), Seat("computer", "easy")])
    for entry in ({"fine": (2, 30)}, {}):
        game.submit(0, entry)
        game.submit(1, {})
        game.resolve()
    said = save.Explanations.of({(1, "purchasing", 1): "orders nothing",
                                 (1, "selling", 1): "has nothing to sell"})
    return game, json.loads(save.dumps(game, explanations=said))


HOSTILE = {
    "a string": "orders nothing",
    "an object": {"1": "orders nothing"},
    "a number where a sentence goes": [[None, 5]],
    "a sentence too long": [[None, "x" * (save.EXPLANATION_TEXT + 1)]],
    "a huge sentence": [[None, "x" * 600_000]],
    "a line break": [[None, "orders\nnothing"]],
    "a text-direction mark": [[None, "\u202eorders nothing"]],
    "an empty sentence": [[None, ""]],
    "a person's seat": [["Ann thinks", None]],
    "a row that is not a list": ["orders nothing"],
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_damaged_explanation_is_left_out_and_the_game_loads(case):
    game, doc = good_doc()
    doc["explanations"] = HOSTILE[case]
    saved = save.loads_saved(json.dumps(doc))
    assert saved.explanations == save.Explanations()
    assert saved.game.log() == game.log() and saved.game.final_cash() == game.final_cash()


def test_only_the_damaged_sentences_are_left_out():
    game, doc = good_doc()
    doc["explanations"] = [[None, "orders nothing"], [None, 7], [None, "extra phase"]]
    saved = save.loads_saved(json.dumps(doc))
    assert saved.explanations.revealed_map() == {(1, "purchasing", 1): "orders nothing"}


@pytest.mark.parametrize("value", ["!!! not base64 !!!", 12, ["not encoded"],
                                   save.encode_pending({"1": "a mapping"}),
                                   save.encode_pending([None, None, "a third seat"])])
def test_damaged_pending_explanations_are_left_out(value):
    game = Game(Rules(players=2, months=1), ["Ann", "Rex"], seed=2,
                seats=[Seat(), Seat("computer", "easy")])
    game.submit(1, {})
    doc = json.loads(save.dumps(game, explanations=save.Explanations.of(pending={1: "waits"})))
    assert save.loads_saved(json.dumps(doc)).explanations.pending_map() == {1: "waits"}
    doc["pending_explanations"] = value
    saved = save.loads_saved(json.dumps(doc))
    assert saved.explanations == save.Explanations()
    assert saved.game.submitted(1) and saved.game.waiting_for() == (0,)


def test_a_pending_explanation_without_its_entry_is_left_out():
    game = Game(Rules(players=2, months=1), ["Ann", "Rex"], seed=2,
                seats=[Seat(), Seat("computer", "easy")])
    said = save.Explanations.of(pending={1: "waits"})
    assert "pending_explanations" not in save.dumps(game, explanations=said)   # not written
    doc = json.loads(save.dumps(game))
    doc["pending_explanations"] = save.encode_pending([None, "waits"])
    assert save.loads_saved(json.dumps(doc)).explanations == save.Explanations()


def test_a_sentence_is_cut_to_the_longest_kept_when_written():
    game, _ = good_doc()
    long = "y" * (save.EXPLANATION_TEXT + 50)
    text = save.dumps(game, explanations=save.Explanations.of({(1, "selling", 1): long}))
    kept = save.loads_saved(text).explanations.revealed_map()
    assert kept == {(1, "selling", 1): long[:save.EXPLANATION_TEXT]}


def test_save_as_keeps_the_explanations(tmp_path):
    session = playing(tmp_path)
    path = tmp_path / "copy.json"
    save.save(session.game, path, explanations=session.kept_explanations())
    saved = save.load_saved(path)
    assert saved.explanations == session.kept_explanations()
    assert isinstance(saved.game, ed.Game)
