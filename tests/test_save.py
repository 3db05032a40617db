"""Saves: round trips, atomic writes with a backup, plain refusals, and fuzzing."""
from __future__ import annotations

import base64
import copy
import json
import os
import random
import shutil

import pytest

import ed
from ed import save
from ed.ai.randomplay import random_entry
from tests.test_random_games import state


def played(months=12, players=4, upto=None, seed=1, **options) -> ed.Game:
    """A game of random entries, stopped after ``upto`` phases (default: the end)."""
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    seats = [ed.Seat()] + [ed.Seat("computer", "hard", "rex")] * (players - 1)
    game = ed.Game(ed.Rules(players=players, months=months, **options), names, seed=seed, seats=seats)
    phases = 0
    while not game.is_over and (upto is None or phases < upto):
        for s in range(players):
            game.submit(s, random_entry(game.view(s), rng))
        game.resolve()
        phases += 1
    return game


def continue_both(a: ed.Game, b: ed.Game, seed: int) -> None:
    rng = random.Random(seed)
    while not a.is_over:
        for s in range(a.players):
            if not a.submitted(s):
                entry = random_entry(a.view(s), rng)
                a.submit(s, entry)
                b.submit(s, entry)
        assert a.resolve() == b.resolve()
        assert state(a) == state(b)


def test_finished_game_round_trips():
    game = played()
    loaded = save.loads(save.dumps(game))
    assert state(loaded) == state(game)
    assert loaded.history == game.history and loaded.final_cash() == game.final_cash()
    assert (loaded.names, loaded.seats, loaded.seed, loaded.rules) == (
        game.names, game.seats, game.seed, game.rules)
    assert loaded.history[-1].settlement == game.history[-1].settlement


def test_unrevealed_entries_travel_and_play_continues_identically():
    game = played(upto=7, loans=True, partial_sales=True)
    game.submit(2, random_entry(game.view(2), random.Random(3)))
    loaded = save.loads(save.dumps(game))
    assert loaded.entry(2) == game.entry(2) and not loaded.submitted(0)
    assert loaded.view(2).entry == game.view(2).entry
    continue_both(game, loaded, seed=9)


def test_save_file_is_json_with_format_and_version(tmp_path):
    path = tmp_path / "game.json"
    save.save(played(upto=3), path)
    doc = json.loads(path.read_text("utf-8"))
    assert (doc["format"], doc["version"]) == ("executive-decision-save", 1)
    assert doc["rules"]["players"] == 4 and len(doc["log"]) == 3 and len(doc["pending"]) == 4
    assert doc["seats"][1] == {"name": "Bob", "kind": "computer", "level": "hard", "personality": "rex"}


#: a save written before pending entries were encoded (format 1): it must load forever
OLD_SAVE = (
    '{"format":"executive-decision-save","version":1,"rules":{"players":2,"months":2,'
    '"loans":false,"partial_fills":false,"partial_sales":false,"classic_recipes":false},'
    '"seats":[{"name":"Ann","kind":"human","level":null,"personality":null},'
    '{"name":"Bob","kind":"computer","level":"hard","personality":"rex"}],"seed":5,'
    '"log":[[{"xfine":[4,40]},{"fine":[3,30]}]],"pending":[{"A":[1,150]},{}]}')


def test_pending_entries_are_not_readable_at_a_glance(tmp_path):
    game = played(upto=5)
    game.submit(0, {"A": (1, 321)})
    game.submit(2, {"B": (2, 287)})
    path = tmp_path / "game.json"
    save.save(game, path)
    text = path.read_text("utf-8")
    assert "321" not in text.split('"pending"')[1] and '"B":[2,287]' not in text
    doc = json.loads(text)
    assert doc["version"] == 2 and isinstance(doc["pending"], str)
    assert json.loads(base64.b64decode(doc["pending"])) == [{"A": [1, 321]}, None, {"B": [2, 287]}, None]
    loaded = save.load(path)
    assert loaded.entry(0) == game.entry(0) and loaded.entry(2) == game.entry(2)
    assert not loaded.submitted(1) and state(loaded) == state(game)


def test_a_save_with_nothing_pending_keeps_format_1():
    doc = save.to_dict(played(upto=4))
    assert doc["version"] == 1 and doc["pending"] == [None] * 4
    finished = save.to_dict(played(months=2))
    assert finished["version"] == 1 and finished["pending"] == [None] * 4


def test_an_old_save_with_plain_pending_entries_loads():
    game = save.loads(OLD_SAVE)
    assert (game.month, game.phase) == (1, "selling")
    assert game.entry(0) == {"A": (1, 150)} and game.entry(1) == {}
    assert game.stock(0) == {"xfine": 4, "fine": 0, "standard": 0}
    again = json.loads(save.dumps(game))
    assert again["version"] == 2 and again["log"] == json.loads(OLD_SAVE)["log"]
    assert save.decode_pending(again["pending"]) == [{"A": [1, 150]}, {}]


@pytest.mark.parametrize("pending", ["not base64!", base64.b64encode(b"\xff\xfe").decode(),
                                     base64.b64encode(b"[1, 2").decode(),
                                     base64.b64encode(b'{"a": 1, "a": 2}').decode(),
                                     base64.b64encode(b'"a"').decode()])
def test_damaged_encoded_pending_entries_are_refused(pending):
    doc = json.loads(OLD_SAVE)
    doc.update(version=2, pending=pending)
    with pytest.raises(ed.SaveError, match="pending entries are damaged|pending is missing or damaged"):
        save.loads(json.dumps(doc))


def test_save_keeps_previous_file_as_bak(tmp_path):
    path = tmp_path / "game.json"
    first, second = played(upto=2), played(upto=5)
    save.save(first, path)
    save.save(second, path)
    assert state(save.load(path)) == state(second)
    assert state(save.load(str(path) + ".bak")) == state(first)
    assert sorted(os.listdir(tmp_path)) == ["game.json", "game.json.bak"]


def test_a_backup_is_replaced_only_where_this_program_wrote_it(tmp_path):
    """Save As… over another game's ``k.json`` replaced ``k.json.bak``, a copy of a third
    game kept by hand: a save of the program too, but not a backup it wrote."""
    k, kept = tmp_path / "k.json", tmp_path / "k.json.bak"
    save.save(played(upto=2, seed=1), k)                    # another game's save
    third = tmp_path / "third.json"
    save.save(played(upto=7, seed=2), third)
    shutil.copyfile(third, kept)                            # a third game, kept by hand
    by_hand = kept.read_bytes()
    save.save(played(upto=4, seed=3), k)
    assert kept.read_bytes() == by_hand
    assert state(save.load(k)) == state(played(upto=4, seed=3))
    assert sorted(os.listdir(tmp_path)) == ["k.json", "k.json.bak", "third.json"]


def test_failed_write_leaves_previous_save_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save.save(played(upto=2), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save.os, "replace", broken_replace)
    with pytest.raises(ed.SaveError, match="could not be saved.*No space left on device"):
        save.save(played(upto=6), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


def test_save_into_missing_folder_is_a_plain_error(tmp_path):
    with pytest.raises(ed.SaveError, match="could not be saved"):
        save.save(played(upto=1), tmp_path / "no" / "such" / "game.json")


def doc_of(game=None) -> dict:
    return save.to_dict(game or played(upto=4))


def edited(change) -> str:
    doc = doc_of()
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize("text, words", [
    ("", "not a saved game"),
    ("{not json", "not a saved game"),
    ("[1, 2, 3]", "not a saved game of Executive Decision"),
    ('{"format": "chess"}', "not a saved game of Executive Decision"),
    ("[" * 100000, "not a saved game"),
    (edited(lambda d: d.update(version=99)), "newer version of Executive Decision"),
    (edited(lambda d: d.update(version="1")), "no valid format version"),
    (edited(lambda d: d.pop("rules")), "rules are missing or damaged"),
    (edited(lambda d: d["rules"].update(months=40)), "months must be from 1 to 36"),
    (edited(lambda d: d["rules"].update(players="4")), "whole number"),
    (edited(lambda d: d["rules"].update(extra=1)), "rules are missing or damaged"),
    (edited(lambda d: d["seats"].append(d["seats"][0])), "should have 4 seats"),
    (edited(lambda d: d.update(seats=d["seats"] * 2)), "should have 4 seats"),
    (edited(lambda d: d["seats"][0].update(name="x" * 41)), "longer than 40 characters"),
    (edited(lambda d: d["seats"][0].update(name=7)), "needs a name; 7 is not one"),
    (edited(lambda d: d["seats"][0].update(kind="alien")), "seats are not valid"),
    (edited(lambda d: d["seats"][1].update(name="Ann")), "seats are not valid"),
    (edited(lambda d: d.update(seed="7")), "seed is not a whole number"),
    (edited(lambda d: d.update(log=d["log"] * 7)), "log is longer than the rules allow"),
    (edited(lambda d: d.update(log="none")), "log is missing or damaged"),
    (edited(lambda d: d["log"][0].pop()), "one entry per seat"),
    (edited(lambda d: d["log"][0].__setitem__(0, {"xfine": [99, 40]})), "entry the rules do not allow in the purchasing phase of Jan"),
    (edited(lambda d: d["log"][1].__setitem__(0, {"xfine": [1, 40]})), "entry the rules do not allow in the selling phase of Jan"),
    (edited(lambda d: d["log"][2].__setitem__(1, [])), "damaged entry in the purchasing phase of Feb"),
    (edited(lambda d: d["pending"].__setitem__(0, {"A": [1, 50]})), "entry the rules do not allow"),
    (edited(lambda d: d.update(pending=[None])), "pending entries do not have one place per seat"),
])
def test_bad_saves_are_refused_with_a_sentence(text, words):
    with pytest.raises(ed.SaveError) as caught:
        save.loads(text)
    message = str(caught.value)
    assert words in message
    assert message.endswith(".") and "\n" not in message


def test_finished_save_with_pending_entries_is_refused():
    doc = doc_of(played(months=1))
    doc["pending"][0] = {}
    with pytest.raises(ed.SaveError, match="over but still holds entries"):
        save.loads(json.dumps(doc))


def test_files_that_are_not_saves(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (save.MAX_BYTES + 1))
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    for path, words in ((big, "too large"), (binary, "not text"),
                        (tmp_path / "missing.json", "could not be opened")):
        with pytest.raises(ed.SaveError, match=words):
            save.load(path)


JUNK = [None, True, -1, 0, 10**30, 1.5, "", "x" * 50, [], {}, [[]], {"a": 1}, [1, 2], [-5, 10**6]]


def mutate(doc, rng: random.Random, base: dict):
    """Replace, delete or add one thing somewhere in the document."""
    doc = copy.deepcopy(doc)
    node, trail = doc, []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        trail.append((node, key))
        node = node[key]
    if not trail:
        return rng.choice(JUNK)
    parent, key = trail[-1]
    roll = rng.random()
    if roll < 0.6:
        parent[key] = copy.deepcopy(rng.choice(JUNK + [node, base["seats"], base["log"][:1]]))
    elif roll < 0.8:
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif isinstance(parent, list):
        parent.insert(key, copy.deepcopy(node))
    else:
        parent[rng.choice(["extra", "units", "A", "fine"])] = copy.deepcopy(node)
    return doc


def test_fuzzed_saves_load_or_raise_save_error():
    rng = random.Random(2026)
    bases = [doc_of(played(months=3, players=p, upto=u, seed=p + u)) for p, u in
             ((2, 0), (3, 3), (4, 6), (6, 5), (5, 2))]
    texts = []
    for i in range(1500):
        base = bases[i % len(bases)]
        kind = i % 3
        if kind == 0:
            text = json.dumps(base)
            texts.append(text[:rng.randrange(len(text))])
        elif kind == 1:
            text = json.dumps(base)
            pos = rng.randrange(len(text))
            texts.append(text[:pos] + rng.choice('{}[],:"0123456789-ex ') + text[pos + 1:])
        else:
            doc = base
            for _ in range(rng.randint(1, 3)):
                doc = mutate(doc, rng, base)
            texts.append(json.dumps(doc))
    loaded = refused = 0
    for text in texts:
        try:
            game = save.loads(text)
        except ed.SaveError as error:
            assert str(error) and "\n" not in str(error)
            refused += 1
            continue
        loaded += 1
        # A save that loads is a legal game that plays on to its end.
        rng2 = random.Random(loaded)
        while not game.is_over:
            for s in range(game.players):
                game.submit(s, random_entry(game.view(s), rng2))
            game.resolve()
    assert loaded + refused == 1500 and loaded > 50 and refused > 500


def test_a_draft_is_kept_encoded_and_never_submitted():
    game = played(months=3, players=2, upto=2)
    game.submit(1, {})
    draft = save.Draft(0, game.month, game.phase, (("fine", "6", "36"), ("xfine", "", "4x")))
    text = save.dumps(game, draft=draft)
    assert '"36"' not in text and '"fine"' not in text.split('"draft"')[1]   # not at a glance
    again, kept = save.loads_with_draft(text)
    assert kept == draft and not again.submitted(0) and again.submitted(1)
    assert save.dumps(save.loads(text)) == save.dumps(game)          # the game alone, as always
    assert save.loads_with_draft(save.dumps(game))[1] is None


@pytest.mark.parametrize("change", ["seat", "computer", "phase", "submitted", "damaged", "long"])
def test_a_draft_that_does_not_fit_the_game_is_left_out_without_a_fuss(change):
    game = played(months=3, players=2, upto=2)
    seat, month, phase, fields = 0, game.month, game.phase, (("fine", "6", "36"),)
    if change == "seat":
        seat = 5
    elif change == "computer":
        seat = 1                      # ``played`` makes every seat but the first a computer
    elif change == "phase":
        phase = "selling"
    elif change == "submitted":
        game.submit(0, {})
    elif change == "long":
        fields = (("fine", "6" * (save.DRAFT_TEXT + 1), "36"),)
    doc = json.loads(save.dumps(game, draft=save.Draft(seat, month, phase, fields)))
    if change == "damaged":
        doc["draft"] = "not base64 at all!"
    loaded, draft = save.loads_with_draft(json.dumps(doc))
    assert draft is None and save.dumps(loaded) == save.dumps(game)
