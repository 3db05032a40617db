"""Randomised games: every player count and variation, legal and illegal entries and
over-offers, with the engine's invariants checked after every phase."""
from __future__ import annotations

import itertools
import random

import pytest

import ed
from ed.ai.randomplay import random_entry

GAMES = 1200
OPTIONS = [dict(zip(("loans", "partial_fills", "partial_sales", "classic_recipes"), flags))
           for flags in itertools.product((False, True), repeat=4)]
MONTHS = (1, 2, 3, 4, 6, 8, 12, 12, 12, 36)
#: ``test_random_games_reach_the_odd_corners`` reads every game whose index is a multiple
#: of this; they are kept as the invariant test plays them (``_PLAYED``), so that a process
#: that runs both plays them once
CORNERS = 7
_PLAYED: dict = {}


def state(game: ed.Game) -> tuple:
    seats = range(game.players)
    return (game.month, game.phase, tuple(sorted(game.prices.items())),
            tuple(game.cash(s) for s in seats), tuple(tuple(game.stock(s).values()) for s in seats),
            tuple(game.borrowed(s) for s in seats), tuple(game.submitted(s) for s in seats))


def illegal_variant(entry: dict, phase: str, rng: random.Random) -> dict:
    """An entry that breaks some limit of RULES §4.1.2 or §4.2.2."""
    bad = dict(entry)
    key = rng.choice(("xfine", "fine", "standard") if phase == "purchasing" else ("A", "B", "C"))
    kind = rng.randrange(5)
    if kind == 0:
        bad[key] = (-1, 10)
    elif kind == 1:
        bad[key] = (rng.randint(1, 3), 0)
    elif kind == 2:
        bad[key] = (1, 10_001)
    elif kind == 3:
        bad["A" if phase == "purchasing" else "fine"] = (1, 50)
    else:
        bad[key] = (1, "50")
    return bad


def check_phase(game: ed.Game, before: tuple, report: ed.PhaseReport) -> None:
    """Prices >= 1, stock >= 0, cash >= 0 without loans, and money and stock conserved."""
    _, _, _, cash_before, stock_before, borrowed_before, _ = before
    assert all(price >= 1 for price in game.prices.values())
    for seat_result in report.seats:
        s = seat_result.seat
        lines = seat_result.lines
        money = sum(line.money for line in lines)
        assert money == seat_result.money
        assert all(line.money == line.done * line.price for line in lines)
        assert all(0 <= line.done <= line.units for line in lines)
        stock_after = tuple(seat_result.stock_after.values())
        assert all(n >= 0 for n in stock_after)
        if report.phase == "purchasing":
            assert seat_result.cash_after == cash_before[s] - money + seat_result.loan
            bought = tuple(line.done for line in lines)
            assert stock_after == tuple(a + b for a, b in zip(stock_before[s], bought))
            assert game.borrowed(s) == borrowed_before[s] + seat_result.loan
            if seat_result.loan:
                assert game.rules.loans and seat_result.loan % 100 == 0
                assert 0 <= seat_result.cash_after < 100
        else:
            assert seat_result.cash_after == cash_before[s] + money and seat_result.loan == 0
            used = tuple(seat_result.materials_used.values())
            assert stock_after == tuple(a - u for a, u in zip(stock_before[s], used))
            assert sum(used) == 3 * sum(line.done for line in lines)
        if not game.rules.loans:
            assert seat_result.cash_after >= 0
        if report.settlement is None:
            assert game.cash(s) == seat_result.cash_after
            assert tuple(game.stock(s).values()) == stock_after
    for c in report.commodities:
        counted = sum(line.units for seat in report.seats for line in seat.lines
                      if line.commodity == c.commodity and line.counted)
        assert c.units == counted
        assert c.new_price == max(1, c.old_price + c.move)
    if report.settlement is not None:
        raw = {k: game.prices[k] for k in ("xfine", "fine", "standard")}
        for line in report.settlement:
            assert line.materials_value == sum(n * raw[k] for k, n in line.materials.items())
            assert line.loan_repaid == line.borrowed // 100 * 125
            assert line.final_cash == line.cash_before + line.materials_value - line.loan_repaid
            assert game.cash(line.seat) == line.final_cash
            assert line.profit == line.final_cash - game.rules.starting_cash
        assert game.places() == [line.place for line in report.settlement]


def rules_of_game(index: int) -> ed.Rules:
    """The rules the ``index``-th random game is played under: the schedule itself."""
    return ed.Rules(players=2 + index % 5, months=MONTHS[index // 5 % len(MONTHS)],
                    **OPTIONS[index // 50 % len(OPTIONS)])


def play_random_game(index: int) -> ed.Game:
    rng = random.Random(index)
    rules = rules_of_game(index)
    players = rules.players
    names = [f"P{i}" for i in range(players)]
    game = ed.Game(rules, names, seed=index)
    twin = ed.Game(rules, names, seed=index)     # same entries, another submission order
    swap_at = rng.randrange(2 * rules.months)    # where the twin is replaced by a reloaded save
    phase_no = 0
    while not game.is_over:
        entries = [random_entry(game.view(s), rng, over_offer=0.15) for s in range(players)]
        order = list(range(players))
        rng.shuffle(order)
        for count, seat in enumerate(order):
            if rng.random() < 0.2:
                before = state(game)
                with pytest.raises(ed.RuleError):
                    game.submit(seat, illegal_variant(entries[seat], game.phase, rng))
                assert state(game) == before
            game.submit(seat, entries[seat])
            if phase_no == swap_at and count == players // 2:
                twin = ed.save.loads(ed.save.dumps(game))   # saved mid-phase, secrets included
                assert state(twin) == state(game)
                for other in order[count + 1:]:
                    assert not twin.submitted(other)
        for seat in reversed(order):
            if not twin.submitted(seat):
                twin.submit(seat, entries[seat])
        before = state(game)
        report = game.resolve()
        twin_report = twin.resolve()
        assert report == twin_report
        assert state(twin) == state(game)
        check_phase(game, before, report)
        phase_no += 1
    assert len(game.history) == 2 * game.rules.months
    assert game.final_cash() == twin.final_cash()
    if index % CORNERS == 0:
        _PLAYED[index] = game
    return game


@pytest.mark.parametrize("block", range(12))
def test_random_games_keep_every_invariant(block):
    per_block = GAMES // 12
    for index in range(block * per_block, (block + 1) * per_block):
        play_random_game(index)


def test_random_games_cover_every_setting():
    """Every player count meets every combination of variations, and every length is played,
    read from the rules the games are played under."""
    played = [rules_of_game(index) for index in range(GAMES)]
    flags = tuple(OPTIONS[0])
    covered = {(r.players, tuple(getattr(r, flag) for flag in flags)) for r in played}
    assert covered == {(p, o) for p in range(2, 7)
                       for o in itertools.product((False, True), repeat=len(flags))}
    assert {r.months for r in played} == set(MONTHS)


def test_random_games_reach_the_odd_corners():
    """The random entries do reach cancellations, over-offers, loans and partial results."""
    seen = set()
    for index in range(0, GAMES, CORNERS):
        game = _PLAYED[index] if index in _PLAYED else play_random_game(index)
        for report in game.history:
            for seat in report.seats:
                if seat.cancelled:
                    seen.add(f"{report.phase} cancelled")
                if seat.loan:
                    seen.add("loan")
                for line in seat.lines:
                    if 0 < line.done < line.units:
                        seen.add(f"{report.phase} partial")
            if any(p == 1 for p in report.prices.values()):
                seen.add("price floor")
    assert seen >= {"purchasing cancelled", "selling cancelled", "loan",
                    "purchasing partial", "selling partial", "price floor"}
