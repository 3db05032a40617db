"""A save's text as editors write it: a UTF-8 byte-order mark in front is no damage."""
from __future__ import annotations

import codecs

import pytest

from ed import save
from tests.test_save import played


@pytest.fixture
def game():
    return played(months=3, players=3, upto=3)


def test_a_save_beginning_with_a_byte_order_mark_loads(tmp_path, game):
    path = tmp_path / "edited.json"
    path.write_bytes(codecs.BOM_UTF8 + save.dumps(game).encode("utf-8"))
    assert save.dumps(save.load(path)) == save.dumps(game)


def test_text_beginning_with_a_byte_order_mark_loads(game):
    assert save.dumps(save.loads("\ufeff" + save.dumps(game))) == save.dumps(game)


def test_the_saves_list_reads_a_save_with_a_byte_order_mark(tmp_path, game):
    from ed.saves.store import SaveStore
    store = SaveStore(tmp_path)
    (tmp_path / "saves").mkdir()
    path = tmp_path / "saves" / "2026-01-02_0304_edited.json"
    path.write_bytes(codecs.BOM_UTF8 + save.dumps(game).encode("utf-8"))
    [info] = store.listing()
    assert info.path == path and info.problem is None and info.names == tuple(game.names)


def test_a_byte_order_mark_inside_the_text_is_still_refused(game):
    text = save.dumps(game)
    with pytest.raises(save.SaveError, match="damaged or of another kind"):
        save.loads(text[:1] + "\ufeff" + text[1:])
