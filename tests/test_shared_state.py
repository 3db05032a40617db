"""State shared across threads or tools: kept in one place and bounded, never cleared under a
reader's feet."""
from __future__ import annotations

import ast
import pathlib
import threading

import ed
from ed import review
from ed.review import worth
from ed.engine import SERIES_STRIDE, series_seed

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_worth_memo_is_bounded_and_two_threads_fill_it_at_once(monkeypatch):
    monkeypatch.setattr(worth, "_WORTH_MEMO", {})
    monkeypatch.setattr(worth, "_WORTH_MEMO_SIZE", 64)
    recipes = ed.Rules().recipes
    errors = []

    def work(offset: int) -> None:
        try:
            for n in range(400):
                stock = (n % 7, (n + offset) % 5, n % 3)
                value, made = review.stock_worth(stock, (40, 30, 20), (120, 100, 60), recipes)
                assert value >= 0 and len(made) == 3
        except Exception as error:  # noqa: BLE001  (any failure of a thread is the finding)
            errors.append(error)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    assert 0 < len(worth._WORTH_MEMO) <= 64
    # the memo remembers: a known stock's worth is found, not worked out again
    assert review.stock_worth((0, 0, 0), (40, 30, 20), (120, 100, 60), recipes) == (0, (0, 0, 0))


def test_every_series_of_games_is_seeded_by_one_formula():
    assert series_seed(0, 5) == 5 and series_seed(3, 2) == 3 * SERIES_STRIDE + 2
    copies = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "ed").rglob("*.py"))
              if str(SERIES_STRIDE) in path.read_text(encoding="utf-8").replace("_", "")
              and path.name != "engine.py"]
    assert copies == []
