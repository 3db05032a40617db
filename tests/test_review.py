"""The review after the game (ed.review) and its command, python3 -m ed.review."""
from __future__ import annotations

import os
import random
import re
import subprocess
import types
import sys
from pathlib import Path

import pytest

import ed
from ed.ai import randomplay
from ed import review
from ed.ai import LEVELS, Avatar
from ed.engine import Game, Seat
from ed.production import is_makeable, materials_used
from ed.rules import GOODS, RAW, Rules
from ed.tools import review as tools_review
from tests.output import needs_shell, run_closed, run_unwritten

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ helpers

def brute_worth(stock, prices, recipes, *, final=False):
    """What the review counts a stock as, found by trying every mix of goods up to 12 each."""
    raw = [prices[k] for k in RAW]
    best = sum(n * p for n, p in zip(stock, raw))
    if final:
        return best
    for a in range(13):
        for b in range(13):
            for c in range(13):
                if is_makeable(recipes, (a, b, c), stock):
                    used = materials_used(recipes, (a, b, c), stock)
                    value = a * prices["A"] + b * prices["B"] + c * prices["C"] + \
                        sum((n - u) * p for n, u, p in zip(stock, used, raw))
                    best = max(best, value)
    return best


def net(game, seat):
    """The seat's worth at the end of the phase just resolved, counted from scratch."""
    report = game.history[-1]
    result = report.seats[seat]
    stock = [result.stock_after[k] for k in RAW]
    owed = game.borrowed(seat) // 100 * 125
    final = report.settlement is not None
    return result.cash_after + brute_worth(stock, game.prices, game.rules.recipes,
                                           final=final) - owed


def played_again(game, upto, seat, entry):
    """The game played again from its entries to phase ``upto``, resolved with ``seat``'s
    entry there changed to ``entry``."""
    again = Game(game.rules, game.names, game.seed, seats=game.seats)
    for index, entries in enumerate(game.log()[:upto + 1]):
        for s, e in enumerate(entries):
            again.submit(s, entry if (index, s) == (upto, seat) else e)
        again.resolve()
    return again


def expert_game(plant, seed=21):
    """A 3-player, 6-month game whose person (Ann) enters the expert's own entry in every
    phase, as ``plant(game, mine, theirs)`` leaves it (it may change Ann's, once)."""
    rules = Rules(players=3, months=6)
    seats = [Seat("human"), Seat("computer", "hard"), Seat("computer", "medium")]
    game = Game(rules, ["Ann", "Rex", "Iris"], seed=seed, seats=seats)
    others = {s: ed.ai.avatar_for(seed, s, seats[s].level) for s in (1, 2)}
    while not game.is_over:
        expert = Avatar("expert", seed=review.review_seed(seed, game.month, game.phase, 0))
        mine = dict(expert.decide(game.view(0)))
        theirs = {s: avatar.decide(game.view(s)) for s, avatar in others.items()}
        plant(game, mine, theirs)
        game.submit(0, mine)
        for s, entry in theirs.items():
            game.submit(s, entry)
        game.resolve()
    return game


def crafted(month=3, seed=21):
    """Ann enters the expert's own entry in every phase but one: in ``month``'s buying she
    bids a dollar under the new price for the grade the others order too, so she buys
    none of it."""
    mistake = []

    def plant(game, mine, theirs):
        if (game.month, game.phase) != (month, "purchasing"):
            return
        total = {k: mine.get(k, (0, 0))[0] + sum(e.get(k, (0, 0))[0]
                                                 for e in theirs.values()) for k in RAW}
        key = max((k for k in mine if mine[k][0] and total[k] > mine[k][0]),
                  key=lambda k: mine[k][0])
        new = max(1, game.prices[key] + total[key] - 10)
        mistake.append((key, mine[key][0], new))
        mine[key] = (mine[key][0], new - 1)

    return expert_game(plant, seed), mistake[0]


@pytest.fixture(scope="module")
def crafted_game():
    return crafted()


@pytest.fixture(scope="module")
def mixed_game():
    """A finished 4-player, 4-month game with Variation I: two people (played by random
    entries) and two computer players."""
    rules = Rules(players=4, months=4, loans=True)
    seats = [Seat("human"), Seat("computer", "hard"), Seat("human"), Seat("computer", "easy")]
    game = Game(rules, ["Ann", "Rex", "Bob", "Otto"], seed=8, seats=seats)
    rng = random.Random(8)
    while not game.is_over:
        for s in range(4):
            game.submit(s, randomplay.random_entry(game.view(s), rng, over_offer=0.2))
        game.resolve()
    return game


# ------------------------------------------------------------------ the review

def test_a_bid_a_dollar_under_the_new_price_is_the_costliest_decision(crafted_game):
    game, (key, units, new_price) = crafted_game
    found = review.review(game, 0)
    top = found.costliest[0]
    assert (top.month, top.phase) == (3, "purchasing")
    assert dict(top.entered)[key] == (units, new_price - 1)
    assert top.actual.done[RAW.index(key)] == 0                  # bought none of it
    expert_units, expert_bid = dict(top.suggested)[key]
    assert (expert_units, expert_bid >= new_price) == (units, True)
    # Every other entry was the expert's own: those differ by nothing.
    assert [d for d in found.decisions if d.difference != 0] == [top]
    assert [d for d in found.decisions if d.suggested != d.entered] == [top]
    # The sum: the phase played again with the expert's entry, counted from scratch.
    index = 4
    assert game.history[index].month == 3 and game.history[index].phase == "purchasing"
    before = played_again(game, index, 0, game.log()[index][0])
    after = played_again(game, index, 0, dict(top.suggested))
    assert top.difference == net(after, 0) - net(before, 0) > 0
    assert top.difference == (top.review.stock_worth - top.actual.stock_worth) \
        - expert_units * expert_bid
    assert top.sentence.startswith("Mar, buying: you bid ")
    assert f"${new_price - 1} for {units} {ed.rules.NAMES[key]}" in top.sentence
    assert f"${top.difference} more at the end of Mar's buying." in top.sentence
    assert found.total == top.difference


def test_the_phase_resolved_again_agrees_with_the_game_played_again(mixed_game):
    game = mixed_game
    changed = 0
    for found in review.review_seats(game, [0, 2]):
        for index, decision in enumerate(found.decisions):
            played = game.history[index].seats[found.seat]
            assert decision.actual.cash == played.cash_after
            assert decision.actual.stock == tuple(played.stock_after[k] for k in RAW)
            again = played_again(game, index, found.seat, dict(decision.suggested))
            result = again.history[-1].seats[found.seat]
            assert decision.review.cash == result.cash_after
            assert decision.review.stock == tuple(result.stock_after[k] for k in RAW)
            assert decision.review.prices == tuple(again.prices[k] for k in ed.COMMODITIES)
            assert decision.review.worth == net(again, found.seat)
            assert decision.actual.worth == net(played_again(game, index, found.seat,
                                                             game.log()[index][found.seat]),
                                                found.seat)
            changed += decision.suggested != decision.entered
    assert changed >= 8


def test_the_series_end_at_the_final_cash(mixed_game):
    game = mixed_game
    found = review.review(game, 2)
    assert found.labels == ("Start", "Jan", "Feb", "Mar", "Apr")
    assert found.actual[0] == found.estimate[0] == 450
    assert found.actual[-1] == game.final_cash()[2]
    assert found.estimate[-1] == found.actual[-1] + found.total
    sellings = [d for d in found.decisions if d.phase == "selling"]
    assert list(found.actual[1:]) == [d.actual.worth for d in sellings]


def test_the_expert_decides_as_a_fresh_expert_with_the_review_s_seed(mixed_game):
    game = mixed_game
    found = review.review(game, 0)
    replay = Game(game.rules, game.names, game.seed, seats=game.seats)
    for decision, entries in zip(found.decisions, game.log()):
        expert = Avatar("expert", seed=review.review_seed(game.seed, replay.month,
                                                          replay.phase, 0))
        entry = expert.decide(replay.view(0))
        assert decision.suggested == tuple((k, tuple(entry[k])) for k in RAW + GOODS
                                           if k in entry and entry[k][0] > 0)
        assert decision.reason == expert.explanation
        for s, e in enumerate(entries):
            replay.submit(s, e)
        replay.resolve()
    assert review.review(game, 0) == found                       # the same every time


def test_a_phase_the_expert_cannot_decide_is_said_and_not_compared(crafted_game, monkeypatch,
                                                                    ai_fallbacks):
    """``Avatar.decide`` raising (the expert's, at the door) stopped the whole review; the
    phase is now said and left out of the comparison, and every other phase is as it was."""
    game, _ = crafted_game
    whole = review.review(game, 0)
    original = Avatar.decide

    def failing_in_may(avatar, view):
        if (view.month, view.phase) == (5, "selling"):
            raise ZeroDivisionError("planted at the door")
        return original(avatar, view)

    monkeypatch.setattr(Avatar, "decide", failing_in_may)
    found = review.review(game, 0)
    [record] = ai_fallbacks
    assert record.getMessage().endswith("month 5 selling, passes the phase: ZeroDivisionError: "
                                        "planted at the door")
    ai_fallbacks.clear()
    index = [(d.month, d.phase) for d in found.decisions].index((5, "selling"))
    failed = found.decisions[index]
    assert failed.failed and not failed.same and failed.difference == 0
    assert failed.entered == whole.decisions[index].entered and failed.suggested == ()
    assert failed.actual == failed.review == whole.decisions[index].actual
    assert (failed.suggested_text, failed.suggested_brief) == ("could not decide",) * 2
    assert failed.sentence == ("May, selling: the expert could not decide here, so this phase "
                               "is not compared.")
    assert found.failed == 1 and found.not_compared == (
        "The expert could not decide 1 of the 12 phases, so it is not compared.")
    others = [d for d in found.decisions if d is not failed]
    assert others == [d for d in whole.decisions if (d.month, d.phase) != (5, "selling")]
    assert found.total == whole.total - whole.decisions[index].difference
    assert whole.failed == 0 and whole.not_compared == ""


def test_a_review_whose_expert_decides_nothing_says_so(crafted_game, monkeypatch, ai_fallbacks):
    game, _ = crafted_game

    def failing(avatar, view):
        raise ZeroDivisionError("planted at the door")

    monkeypatch.setattr(Avatar, "decide", failing)
    found = review.review(game, 0)
    assert len(ai_fallbacks) == 12
    ai_fallbacks.clear()
    assert found.failed == 12 and found.total == 0 and found.costliest == ()
    assert found.total_text == "nothing compared"
    assert found.not_compared == "The expert could not decide any of the 12 phases, so none is " \
                                 "compared."
    assert found.summary == "No decision was compared."


def test_progress_counts_every_phase_of_every_seat(mixed_game):
    seen = []
    review.review_seats(mixed_game, [0, 2], progress=lambda done, total: seen.append((done,
                                                                                       total)))
    assert seen == [(n, 16) for n in range(1, 17)]


def test_the_costliest_come_first_and_cost_something(mixed_game):
    found = review.review(mixed_game, 0)
    expected = sorted((d for d in found.decisions if d.difference > 0),
                      key=lambda d: -d.difference)[:3]
    assert [d.difference for d in found.costliest] == [d.difference for d in expected]
    assert all(d.difference > 0 for d in found.costliest)
    assert found.summary == " ".join(d.sentence for d in found.costliest)


def test_a_game_not_over_is_refused():
    game = Game(Rules(players=2, months=2), ["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError, match="^The game is not over yet; its review comes after "
                                         "the last month.$"):
        review.review(game, 0)


def test_a_computer_seat_or_no_seat_is_refused(mixed_game):
    with pytest.raises(ValueError, match="^Rex is a computer player; the review is for the "
                                         "people at the table.$"):
        review.review(mixed_game, 1)
    with pytest.raises(ValueError, match="^There is no seat 4; seats are numbered 0 to 3.$"):
        review.review(mixed_game, 4)


def test_the_computer_players_reasons_are_kept_beside_each_phase(mixed_game):
    said = {(1, "purchasing", 1): "orders X-Fine", (1, "purchasing", 2): "not a computer",
            (2, "selling", 3): "keeps the stock"}
    found = review.review(mixed_game, 0, explanations=said)
    talk = {(d.month, d.phase): d.table_talk for d in found.decisions}
    assert talk[(1, "purchasing")] == (("Rex", "orders X-Fine"),)
    assert talk[(2, "selling")] == (("Otto", "keeps the stock"),)
    assert talk[(1, "selling")] == ()


def test_a_save_from_before_explanations_were_kept_is_reviewed(crafted_game):
    game, _ = crafted_game
    old = ed.save.dumps(game)
    assert "explanations" not in old
    saved = ed.save.loads_saved(old)
    assert saved.explanations == ed.save.Explanations()
    assert review.review(saved.game, 0) == review.review(game, 0)


def test_stock_is_worth_the_best_mix_of_goods_and_the_rest_at_raw_prices():
    rng = random.Random(3)
    for classic in (False, True):
        recipes = Rules(classic_recipes=classic).recipes
        for _ in range(150):
            stock = tuple(rng.randint(0, 9) for _ in RAW)
            prices = {"xfine": rng.randint(1, 60), "fine": rng.randint(1, 50),
                      "standard": rng.randint(1, 40), "A": rng.randint(1, 250),
                      "B": rng.randint(1, 220), "C": rng.randint(1, 200)}
            value, made = review.stock_worth(stock, [prices[k] for k in RAW],
                                             [prices[g] for g in GOODS], recipes)
            assert value == brute_worth(stock, prices, recipes)
            assert is_makeable(recipes, made, stock)
    # Worked: 2 X-Fine and 1 Fine make an A ($140), worth more than $40 + $40 + $30 or a B
    # (the X-Fine standing in for Fine, the Fine for Standard) at $115; with A at $100 and
    # B at $105 they are worth most as they are.
    assert review.stock_worth((2, 1, 0), (40, 30, 20), (140, 115, 90),
                              Rules().recipes) == (140, (1, 0, 0))
    assert review.stock_worth((2, 1, 0), (40, 30, 20), (100, 115, 90),
                              Rules().recipes) == (115, (0, 1, 0))
    assert review.stock_worth((2, 1, 0), (40, 30, 20), (100, 105, 90),
                              Rules().recipes) == (110, (0, 0, 0))


def test_the_review_of_every_person_in_50_random_games_runs():
    rng = random.Random(50)
    reviewed = agreed = paid = 0
    for number in range(50):
        players = rng.randint(2, 6)
        variations = {name: rng.random() < 0.4 for name in ("loans", "partial_fills",
                                                            "partial_sales", "classic_recipes")}
        rules = Rules(players=players, months=rng.randint(1, 3), **variations)
        people = rng.sample(range(players), rng.randint(1, players))
        seats = [Seat("human") if s in people else Seat("computer", rng.choice(LEVELS))
                 for s in range(players)]
        game = Game(rules, [f"P{s}" for s in range(players)], seed=number, seats=seats)
        # People are played by computer players of random levels, or by random entries.
        players_of = {s: Avatar(rng.choice(LEVELS), seed=number * 10 + s)
                      if rng.random() < 0.5 else None for s in range(players)}
        while not game.is_over:
            for s, avatar in players_of.items():
                view = game.view(s)
                game.submit(s, avatar.decide(view) if avatar else
                            randomplay.random_entry(view, rng, over_offer=0.1))
            game.resolve()
        for found in review.review_seats(game, review.people(game)):
            reviewed += 1
            assert len(found.decisions) == 2 * rules.months
            assert found.actual[-1] == game.final_cash()[found.seat]
            for decision in found.decisions:
                assert decision.difference == decision.review.worth - decision.actual.worth
                if decision.suggested == decision.entered:
                    assert decision.difference == 0 and decision.review == decision.actual
                    agreed += 1
                assert decision.sentence.startswith(decision.label + ": you ")
                for said in sentences(decision.sentence):    # a few short sentences
                    assert len(said.split()) <= 25, said
                for units in re.findall(r"you paid \$\d+ (?:each )?for (\d+) ", decision.short):
                    paid += 1       # a price paid is a unit's, and says so for several
                    assert (" each for " in decision.short) == (int(units) > 1), \
                        decision.short
                assert decision.sentence.endswith(".")
                short = decision.short
                assert short.startswith(decision.label + ": you") and short.endswith(".")
                assert len(short.split()) <= 30, short
                assert len(re.findall(r"\d[\d,]*", short)) <= 6, short
                assert _money_in(short) == [decision.difference] or \
                    decision.difference == 0, short
                final = decision.month == rules.months and decision.phase == "selling"
                cash_alone = final or decision.review.worth - decision.review.cash == \
                    decision.actual.worth - decision.actual.cash
                assert ("left on the table" in short or "better than" in short) == \
                    (cash_alone and decision.difference != 0), short
    assert reviewed >= 100
    assert agreed > 50          # the review agreeing with the entry is checked too
    assert paid > 5


def sentences(text: str) -> list:
    """``text`` cut into its sentences."""
    return re.split(r"(?<=\.) (?=[A-Z])", text)


def _money_in(short: str) -> list:
    """The difference a short sentence ends with, positive where the expert's entry did
    better: "left on the table" and "worth $N less than the expert's entry" are positive,
    "better than the expert" and "worth $N more than the expert's entry" negative."""
    found = re.search(r"— (?:worth )?\$([\d,]+) (left on the table|better than the expert"
                      r"|less than the expert's, stock at the new prices"
                      r"|more than the expert's, stock at the new prices)\.$", short)
    if not found:
        return []
    sign = 1 if found.group(2).startswith(("left", "less")) else -1
    return [sign * int(found.group(1).replace(",", ""))]


def test_the_costliest_decision_in_a_few_words_with_what_the_money_is(crafted_game):
    """Ann bid a dollar under the new price: a few words of what she did, the market, and the
    money, which is stock she did not buy, counted at the phase's closing prices."""
    game, (key, units, new_price) = crafted_game
    top = review.review(game, 0).costliest[0]
    name = ed.rules.NAMES[key]
    assert top.short == (f"Mar, buying: you bid ${new_price - 1} for {units} {name}, which "
                         f"closed at ${new_price} — worth ${top.difference} less than the "
                         f"expert's, stock at the new prices.")
    assert len(top.short.split()) <= 30 and len(re.findall(r"\d[\d,]*", top.short)) <= 6


def crafted_x_fine(seed=25):
    """As ``crafted``, but in Jun's buying, the last month's, Ann bids $50 for 12 X-Fine and
    nothing else; in Jun's selling she enters the expert's own entry again."""
    def plant(game, mine, theirs):
        if (game.month, game.phase) == (6, "purchasing"):
            mine.clear()
            mine["xfine"] = (12, 50)

    return expert_game(plant, seed)


def test_a_purchase_that_sold_at_a_profit_is_told_as_worth_less_at_closing_prices():
    """Ann, holding no stock, pays $600 for 12 X-Fine and sells them as 4 A for more than
    that; the expert's cheaper mix is worth more at the end of Jun's buying, stock counted at
    its closing prices, which is what the review counts and says (not money left on the
    table), and its detail names no stock Ann did not have."""
    game = crafted_x_fine()
    buying, selling = game.history[10], game.history[11]
    assert (buying.month, buying.phase) == (6, "purchasing")
    assert [line.done for line in buying.seats[0].lines] == [12, 0, 0]
    assert buying.seats[0].stock_after == {"xfine": 12, "fine": 0, "standard": 0}  # none before
    assert selling.seats[0].lines[0].done == 4 and selling.seats[0].money > 600   # a profit
    top = review.review(game, 0).costliest[0]
    assert top.label == "Jun, buying" and not top.cash_alone
    assert review.review(game, 0).total_text == \
        f"worth ${top.difference} less than the expert's entries"
    # By the rule (README "The review"): each counted at the end of Jun's buying, from scratch.
    again = played_again(game, 10, 0, dict(top.suggested))
    as_played = played_again(game, 10, 0, game.log()[10][0])
    assert top.difference == net(again, 0) - net(as_played, 0) > 0
    expert = again.history[-1].seats[0]
    bought = [line.done for line in expert.lines]
    assert bought[0] < 12 and top.review.made != (0, 0, 0)
    assert is_makeable(game.rules.recipes, top.review.made, bought)   # from its purchase alone
    assert top.short == (f"Jun, buying: you bought 12 X-Fine at $50; the expert would have "
                         f"bought {bought[0]} — worth ${top.difference} less than the expert's, "
                         f"stock at the new prices.")
    assert "your other stock" not in top.sentence
    assert " That is enough for " in top.sentence
    assert top.sentence.endswith(f" The expert's entry: worth ${top.difference} more at the end "
                                 f"of Jun's buying.")


def outcome(cash, stock, stock_worth, made=(0, 0, 0), done=(0, 0, 0), owed=0,
            prices=(40, 44, 21, 149, 130, 113), final=False):
    return review.Outcome(cash, stock, stock_worth, made, owed, cash + stock_worth - owed, done,
                          0, False, prices, final)


def test_left_on_the_table_only_where_the_difference_is_cash_alone():
    same = outcome(300, (0, 2, 0), 60)
    assert review.difference_told(same, outcome(712, (0, 2, 0), 60)) == \
        "$412 left on the table"
    assert review.difference_told(same, outcome(294, (0, 2, 0), 60)) == \
        "$6 better than the expert"
    assert review.difference_told(outcome(383, (12, 0, 0), 604),
                                   outcome(511, (6, 4, 2), 570)) == \
        "worth $94 less than the expert's, stock at the new prices"
    assert review.difference_told(outcome(151, (12, 4, 2), 914),
                                   outcome(625, (0, 7, 2), 402)) == \
        "worth $38 more than the expert's, stock at the new prices"
    loan = outcome(712, (0, 2, 0), 60, owed=125)           # the same stock, but a loan to repay
    assert review.difference_told(same, loan) == \
        "worth $287 less than the expert's, stock at the new prices"
    assert review.difference_told(same, same) == "no more and no less than the expert's"
    # After the last month the stock is sold to the Broker: the worth is the final cash.
    assert review.difference_told(outcome(700, (2, 0, 0), 80, final=True),
                                   outcome(923, (0, 0, 0), 0, final=True)) == \
        "$143 left on the table"


def test_the_detail_names_the_stock_held_only_where_the_goods_counted_need_it():
    recipes = Rules().recipes
    mine = outcome(322, (12, 0, 0), 596, made=(4, 0, 0), done=(12, 0, 0))
    alone = outcome(446, (4, 5, 3), 541, made=(2, 1, 1), done=(4, 5, 3))
    assert review.goods_clause(mine, alone, recipes) == \
        "That is enough for 1 more B and 1 more C (B $130, C $113)."
    held = outcome(446, (4, 5, 3), 541, made=(2, 1, 1), done=(3, 5, 3))  # 1 X-Fine held before
    assert review.goods_clause(outcome(269, (13, 0, 0), 650, done=(12, 0, 0)), held,
                                recipes) == \
        ("With your other stock, that is enough for 2 more A, 1 more B and 1 more C (A $149, "
         "B $130, C $113).")


def crafted_ask(month=4, seed=21):
    """As ``crafted``, but in ``month``'s selling (or the first after it with an A offered)
    Ann asks $17 for the A the expert offers."""
    planted = []

    def plant(game, mine, theirs):
        if game.month >= month and game.phase == "selling" and not planted and "A" in mine:
            mine["A"] = (mine["A"][0], 17)
            planted.append(game.month)

    game = expert_game(plant, seed)
    assert planted
    return game


def test_an_ask_far_under_the_market_is_told_with_the_price_it_fetched():
    """The planted typo of a person's review: an A offered at $17."""
    game = crafted_ask()
    found = review.review(game, 0)
    top = found.costliest[0]
    assert top.phase == "selling" and dict(top.entered)["A"][1] == 17
    report = next(r for r in game.history if (r.month, r.phase) == (top.month, "selling"))
    market = report.prices["A"]
    sold = report.seats[0].lines[0].done
    what = "an A that fetched" if sold == 1 else f"{sold} A that fetched"
    each = "" if sold == 1 else " each"
    assert top.short == (f"{ed.rules.month_label(top.month)}, selling: you asked $17 for "
                         f"{what} ${market:,}{each} — ${top.difference:,} left on the table.")
    assert all(d.cash_alone for d in found.decisions if d.difference)
    assert found.total_text == f"${found.total:,} left on the table against the expert's " \
                               f"entries"


def test_the_total_says_what_it_is():
    def total(differences, cash_alone=True):
        decisions = tuple(types.SimpleNamespace(difference=d, cash_alone=cash_alone or not i,
                                                failed=False)
                          for i, d in enumerate(differences))
        return review.Review(0, "Tess", decisions, (), (), (), ()).total_text
    assert total([412, 22]) == "$434 left on the table against the expert's entries"
    assert total([10, -16]) == "$6 better than the expert"
    assert total([0]) == "the same as the expert's entries, in all"
    # where stock counted at the closing prices is in a difference, the sum is a worth
    assert total([412, 22], cash_alone=False) == "worth $434 less than the expert's entries"
    assert total([10, -16], cash_alone=False) == "worth $6 more than the expert's entries"
    assert total([0, 0], cash_alone=False) == "the same as the expert's entries, in all"


# ------------------------------------------------------------------ the command

def run(*args):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_the_command_prints_the_review(tmp_path, crafted_game):
    game, _ = crafted_game
    path = tmp_path / "game.json"
    ed.save.save(game, path)
    done = run("-m", "ed.review", str(path))
    assert done.returncode == 0, done.stderr
    found = review.review(game, 0)
    top = found.costliest[0]
    text = done.stdout
    assert text.startswith("Review of Ann's game against the expert computer player\n")
    first = text.split("1. ", 1)[1].split("\n\n")[0].split("\n")
    short = [line for line in first if not line.startswith("      ")]
    assert " ".join(" ".join(short).split()) == top.short
    assert " ".join(" ".join(first[len(short):]).split()) == top.sentence
    assert f"In all: {found.total_text}.\n" in text
    assert "  Mar, buying" in text and f"-${top.difference}" in text
    assert text.endswith(f"  Jun     {'$' + format(found.actual[-1], ','):>10}"
                         f"{'$' + format(found.estimate[-1], ','):>10}\n")
    assert done.stderr == ""
    same = run("executive_decision.py", "review", str(path), "--seat", "ann")
    assert same.returncode == 0 and same.stdout == text


@pytest.mark.parametrize("case, sentence", [
    ("missing", "The file {dir}/missing.json could not be opened: No such file or directory."),
    ("not a save", "This file is not a saved game of Executive Decision (it is damaged or of "
                   "another kind)."),
    ("not over", "This game is not over yet (Ann, Rex: Jan (purchasing), month 1 of 2); its "
                 "review comes after the last month."),
    ("unknown seat", "Nobody called 'Zed' played this game; its players are Ann, Rex, Iris."),
    ("computer seat", "Rex is a computer player; the review is for the people at the table "
                      "(Ann)."),
    ("no person", "Every seat of this game was a computer player, so there is no person's "
                  "game to review."),
])
def test_bad_input_gets_one_plain_sentence_and_status_2(tmp_path, crafted_game, case, sentence):
    game, _ = crafted_game
    args = []
    path = tmp_path / ("missing.json" if case == "missing" else "game.json")
    if case == "not a save":
        path.write_text("hello")
    elif case == "not over":
        ed.save.save(Game(Rules(players=2, months=2), ["Ann", "Rex"], seed=1,
                          seats=[Seat(), Seat("computer", "easy")]), path)
    elif case == "no person":
        robots = Game(Rules(players=2, months=1), ["Rex", "Iris"], seed=1,
                      seats=[Seat("computer", "easy")] * 2)
        for _ in range(2):
            robots.submit(0, {})
            robots.submit(1, {})
            robots.resolve()
        ed.save.save(robots, path)
    elif case != "missing":
        ed.save.save(game, path)
        args = ["--seat", "Zed" if case == "unknown seat" else "rex"]
    done = run("-m", "ed.review", str(path), *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "python3 -m ed.review: " + sentence.format(dir=tmp_path) + "\n"


def test_output_that_cannot_be_written_ends_in_silence_or_one_sentence(tmp_path, crafted_game):
    """A reader that has gone (``| head -1``) gets silence, a full disk one sentence; both
    exit with status 1, never a traceback."""
    game, _ = crafted_game
    path = tmp_path / "game.json"
    ed.save.save(game, path)
    closed, full = run_unwritten([sys.executable, "-m", "ed.review", str(path)])
    assert (closed.returncode, closed.stderr) == (1, "")
    if full is None:
        pytest.skip("this platform has no /dev/full to make a full disk of")
    assert (full.returncode, full.stderr) == (1, "python3 -m ed.review: the output could not "
                                                 "be written (no space left on device).\n")


def test_the_command_says_a_review_with_phases_the_expert_could_not_decide_is_not_complete(
        tmp_path, crafted_game):
    game, _ = crafted_game
    path = tmp_path / "game.json"
    ed.save.save(game, path)
    plants = tmp_path / "plants"
    plants.mkdir()
    (plants / "sitecustomize.py").write_text(
        "from ed.ai import levels\n"
        "decide = levels.Avatar.decide\n\n\n"
        "def failing(avatar, view):\n"
        "    if view.month == 2:\n"
        "        raise ZeroDivisionError('planted at the door')\n"
        "    return decide(avatar, view)\n\n\n"
        "levels.Avatar.decide = failing\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(plants), str(ROOT)]))
    done = subprocess.run([sys.executable, "-m", "ed.tools.review", str(path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == ("python3 -m ed.review: the expert computer player failed to decide "
                           "some phases, so this review is not complete.\n")
    text = done.stdout
    assert "The expert could not decide 2 of the 12 phases, so they are not compared.\n" in text
    for phase, after in (("Feb, buying", "Feb, selling"), ("Feb, selling", "Mar, buying")):
        told = text.split(f"  {phase}")[1].split(f"  {after}")[0].splitlines()
        assert told[0].split() == ["$0"] and told[2] == "      expert   could not decide"
    assert text.count("could not decide\n") == 2


@needs_shell
@pytest.mark.parametrize("command, prog", [
    (["-m", "ed.tools.review"], "python3 -m ed.review"),
    (["-m", "ed.review"], "python3 -m ed.review"),
    (["executive_decision.py", "review"], "executive_decision.py review")],
    ids=["tools", "module", "launcher"])
def test_a_review_with_a_stream_closed_ends_in_one_sentence_or_none(tmp_path, crafted_game,
                                                                    command, prog):
    """Standard output closed (``>&-``) raised AttributeError on flush."""
    game, _ = crafted_game
    path = tmp_path / "game.json"
    ed.save.save(game, path)
    command = [sys.executable, *command]
    closed = run_closed(command + [str(path)], "stdout")
    assert (closed.returncode, closed.stderr) == (1, f"{prog}: the output could not be written "
                                                     f"(standard output is closed).\n")
    quiet = run_closed(command + [str(path)], "stderr")
    assert quiet.returncode == 0
    assert quiet.stdout == "\n".join(tools_review.review_lines(review.review(game, 0))) + "\n"
    both = run_closed(command + [str(path)], "both")
    assert (both.returncode, both.stdout, both.stderr) == (1, "", "")
    missing = run_closed(command + [str(tmp_path / "missing.json")], "stderr")
    assert (missing.returncode, missing.stdout) == (2, "")


def test_a_mistake_on_the_command_line_is_one_sentence():
    done = run("-m", "ed.review")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == ("python3 -m ed.review: The following arguments are required: SAVE. "
                           "See python3 -m ed.review --help.\n")


# ------------------------------------------------------------------ short and true of the game

def test_a_game_without_loans_is_never_told_of_loans(crafted_game, mixed_game, tmp_path):
    """"less what loans will cost to repay", said of a game without loans."""
    game, _ = crafted_game
    assert not game.rules.loans
    plain = review.review(game, 0)
    assert "loan" not in plain.worth
    assert plain.worth == ("cash, plus stock at the new prices the phase set (made into the "
                           "goods that pay most; after the last month, sold to the Broker)")
    assert mixed_game.rules.loans
    assert review.review(mixed_game, 0).worth == \
        plain.worth + ", less loans at what they cost to repay"
    path = tmp_path / "game.json"
    ed.save.save(game, path)
    done = run("-m", "ed.review", str(path))
    assert done.returncode == 0 and "Dollars count cash" in done.stdout
    assert "loan" not in done.stdout


def told_lines(text: str) -> list:
    """A table's entry cut at its lines, each (units, name, price, mark, what): ``"4 Fine $37,
    2 Standard $18 ✗ under $20"``, ``"4 A $150 ◐ 2 of 4"``."""
    money = r"\$(\d+(?:,\d{3})*)"
    return re.findall(r"(\d+) (X-Fine|Fine|Standard|A|B|C) " + money +
                      r"(?: (✗|◐) ((?:under|over) \$\d+(?:,\d{3})*|\d+ of \d+))?", text)


def test_an_entry_s_line_that_came_to_nothing_says_so_and_why(mixed_game, crafted_game):
    """The table showed the expert's "2 Standard $19" where Standard closed at $20 with that
    entry in: an order that bought nothing, the reason only in a footnote.  Each line that
    bought or sold nothing, or part, now says so beside it in the reveal's marks, against the
    price it met: "2 Standard $19 ✗ under $20"."""
    failed = 0
    for game in (mixed_game, crafted_game[0]):
        for found in review.review_seats(game, review.people(game)):
            for decision in found.decisions:
                buying = decision.phase == "purchasing"
                keys = RAW if buying else GOODS
                for entry, outcome, told in ((decision.entered, decision.actual,
                                              decision.entered_told),
                                             (decision.suggested, decision.review,
                                              decision.suggested_told)):
                    if not entry:
                        assert told == "nothing"
                        continue
                    if outcome.cancelled:
                        assert told.endswith(" ✗ cancelled" if buying else " ✗ not made"), told
                        continue
                    shown = told_lines(told)
                    assert len(shown) == len(entry), told
                    for (key, (units, price)), line in zip(entry, shown):
                        done = outcome.done[keys.index(key)]
                        market = outcome.prices[ed.COMMODITIES.index(key)]
                        assert line[:3] == (str(units), ed.rules.NAMES[key], f"{price:,}")
                        if done == units:
                            assert line[3:] == ("", ""), told
                            continue
                        assert (price < market) if buying else (price > market)
                        if done:
                            assert line[3:] == ("◐", f"{done} of {units}"), told
                            continue
                        failed += decision.suggested == entry
                        assert line[3:] == ("✗", f"{'under' if buying else 'over'} "
                                                 f"${market:,}"), told
    assert failed > 0            # an expert's line that bought or sold nothing was seen
