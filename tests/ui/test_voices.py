"""What the computer players say after each phase: true, varied, never the same line twice
running.  Checked over many seeded random games; no display needed."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import ed
from ed import randomplay
from ed.rules import NAMES
from ed.ui import presenter as P

PEOPLE = [None] + list(ed.ai.PERSONALITIES.values())


def random_game(seed: int, players: int, months: int, **variations) -> ed.Game:
    rng = random.Random(seed)
    game = ed.Game(ed.Rules(players=players, months=months, **variations),
                   [f"P{n}" for n in range(players)], seed=seed)
    while not game.is_over:
        for seat in range(players):
            game.submit(seat, randomplay.random_entry(game.view(seat), rng, over_offer=0.15))
        game.resolve()
    return game


def games():
    """Seeded random games of every size, length and variation."""
    made = []
    for seed in range(12):
        players = 2 + seed % 5
        months = (1, 2, 12, 12, 12, 24)[seed % 6]
        variations = {"loans": seed % 2 == 0, "partial_fills": seed % 3 == 0,
                      "partial_sales": seed % 4 < 2}
        made.append(random_game(seed, players, months, **variations))
    return made


GAMES = games()


def stock(result) -> int:
    return sum(result.stock_after.values())


def entered(result):
    return [line for line in result.lines if line.units]


def units(count: int) -> str:
    return P.units_text(count)


#: What each kind of line claims, as a test of the report: (pattern, claim holds).
CLAIMS = [
    (r"for later|can wait|wait for my price",
     lambda r, s, m: r.phase == "selling" and r.settlement is None and stock(s) > 0
     and not entered(s)),
    (r"Broker takes my last (.+)\.", lambda r, s, m: r.settlement is not None
     and m.group(1) == units(stock(s))),
    (r"goes to the Broker", lambda r, s, m: r.settlement is not None and stock(s) > 0),
    (r"Borrowed \$([\d,]+)", lambda r, s, m: s.loan == int(m.group(1).replace(",", ""))),
    (r"Cash up to (.+)\.", lambda r, s, m: r.phase == "selling" and s.money > 0
     and m.group(1).split(".")[0] == P.money(s.cash_after)),
    (r"Cash down to (.+)\.", lambda r, s, m: r.phase == "purchasing" and s.money > 0
     and m.group(1) == P.money(s.cash_after)),
    (r"^(Sold the lot|Every unit sold|Dear out|Sold the lot, and fast|Right on course: )",
     lambda r, s, m: r.phase == "selling" and not s.cancelled and entered(s)
     and all(line.done == line.units for line in entered(s))),
    (r"in the till|It will do|Some of it sold|Steady does it: \$|sell it cheap",
     lambda r, s, m: r.phase == "selling" and s.money > 0),
    (r"Some up, some down", lambda r, s, m: r.phase == "selling"
     and 0 < sum(l.done for l in entered(s)) < sum(l.units for l in entered(s))),
    (r"(\d+) of the (.+) sold: (.+)\.", lambda r, s, m: r.phase == "selling"
     and int(m.group(1)) == sum(line.done for line in entered(s)) > 0
     and m.group(2) == units(sum(line.units for line in entered(s)))
     and m.group(3) == P.money(s.money)),
    (r"No buyers|Not one sale|Asked too much|Nobody pays|off days|win in the end",
     lambda r, s, m: r.phase == "selling" and entered(s) and not s.cancelled
     and s.money == 0),
    (r"could not be made|more than I could make|could not make",
     lambda r, s, m: r.phase == "selling" and s.cancelled),
    (r"[Cc]ancelled|Too big an order", lambda r, s, m: r.phase == "purchasing" and s.cancelled),
    (r"Outbid|fell short|Not a unit bought|cash stays with me|will not overpay",
     lambda r, s, m: r.phase == "purchasing" and entered(s) and not s.cancelled
     and s.money == 0),
    (r"Bought all I bid for: (.+)\.|^(.+) bought for ", lambda r, s, m: r.phase == "purchasing"
     and not s.cancelled and entered(s) and all(l.done == l.units for l in entered(s))
     and (m.group(1) or m.group(2)) == units(sum(l.units for l in entered(s)))),
    (r"Every bid came good|in one go|Cheap in|Steady does it\.|right on course|Pile it high:",
     lambda r, s, m: r.phase == "purchasing" and not s.cancelled and entered(s)
     and all(line.done == line.units for line in entered(s))),
    (r"(\d+) of the (.+) came through|not: (\d+) of|Part of my order|^Swings and roundabouts",
     lambda r, s, m: r.phase == "purchasing"
     and 0 < sum(l.done for l in entered(s)) < sum(l.units for l in entered(s))),
    (r"No orders from me|bought nothing|Sitting out the buying|sit one out|safe than broke",
     lambda r, s, m: r.phase == "purchasing" and not entered(s)),
    (r"Nothing offered|No sales from me", lambda r, s, m: r.phase == "selling"
     and not entered(s)),
    (r"Nothing in stock|shelves are bare", lambda r, s, m: r.phase == "selling"
     and stock(s) == 0 and not entered(s)),
    (r"(?:Still |^)(\d+ units?) (?:left )?in stock", lambda r, s, m: r.phase == "selling"
     and r.settlement is None and m.group(1) == units(stock(s))),
    (r"^(.+) (went up|fell|rose|dropped) to (.+)\.", lambda r, s, m: any(
        NAMES[c.commodity] == m.group(1) and P.money(c.new_price) == m.group(3)
        and (c.new_price > c.old_price) == (m.group(2) in ("went up", "rose"))
        and c.new_price != c.old_price
        and any(l.commodity == c.commodity for l in entered(s)) for c in r.commodities)),
    (r"X-Fine for fine goods", lambda r, s, m: any(
        l.commodity == "xfine" and l.done for l in s.lines)),
    (r"My A sold", lambda r, s, m: any(l.commodity == "A" and l.done for l in s.lines)),
    (r"My C sold", lambda r, s, m: any(l.commodity == "C" and l.done for l in s.lines)),
]


def check_true(report, seat: int, line: str) -> None:
    result = report.seats[seat]
    matched = False
    for pattern, holds in CLAIMS:
        found = re.search(pattern, line)
        if found:
            matched = True
            assert holds(report, result, found), (report, seat, line)
    assert matched, f"a line no claim covers: {line!r}"


def test_every_line_is_true_and_none_says_keeping_stock_in_the_last_month():
    said = 0
    for game in GAMES:
        last = game.history[-1]
        for seat in range(game.players):
            for person in PEOPLE:
                for report in game.history:
                    for line, mood in P.candidates(report, seat, person):
                        check_true(report, seat, line)
                        said += 1
                for line, _ in P.candidates(last, seat, person):
                    assert "later" not in line and "wait" not in line
    assert said > 10_000


def test_no_player_says_the_same_line_two_phases_running():
    varied = 0
    for game in GAMES:
        for seat in range(game.players):
            for person in PEOPLE:
                alone = [P.reaction(report, seat, person)[0] for report in game.history]
                assert all(a != b for a, b in zip(alone, alone[1:])), (game.rules, seat)
                told = [line for line, _ in P.reactions(game.history, seat, person)]
                assert all(a != b for a, b in zip(told, told[1:]))
                # Knowing the game, not the month before either, when there is another line.
                for index in range(2, len(told)):
                    if len(P.candidates(game.history[index], seat, person)) > 2:
                        assert told[index] != told[index - 2]
                        varied += 1
    assert varied > 100


def test_the_reveal_and_the_history_say_the_same_for_the_last_phase():
    game = GAMES[3]
    mabel = ed.ai.PERSONALITIES["mabel"]
    for index, report in enumerate(game.history):
        line = P.reaction(report, 1, mabel, history=game.history[:index])
        assert line == P.reactions(game.history[:index + 1], 1, mabel)[-1]
        assert P.reaction(report, 1, mabel, history=game.history) == line
        assert line in P.candidates(report, 1, mabel)


def test_lines_vary_from_month_to_month():
    """No line is said in more than a quarter of a player's phases (it used to be most)."""
    for game in GAMES:
        if game.rules.months < 12:
            continue
        for seat in range(game.players):
            for person in PEOPLE:
                lines = Counter(P.reaction(report, seat, person)[0] for report in game.history)
                line, count = lines.most_common(1)[0]
                assert count <= len(game.history) // 4, (line, count)


def test_buying_and_selling_lines_never_coincide():
    buying, selling = set(), set()
    for game in GAMES:
        for report in game.history:
            for seat in range(game.players):
                for person in PEOPLE:
                    lines = {line for line, _ in P.candidates(report, seat, person)}
                    (buying if report.phase == "purchasing" else selling).update(lines)
    assert buying and selling and not buying & selling


def test_each_character_speaks_in_its_own_voice():
    heard = {key: set() for key in ed.ai.PERSONALITIES}
    for game in GAMES:
        for report in game.history:
            for seat in range(game.players):
                for key, person in ed.ai.PERSONALITIES.items():
                    heard[key].update(line for line, _ in P.candidates(report, seat, person))
    plain = set()
    for game in GAMES:
        for report in game.history:
            for seat in range(game.players):
                plain.update(line for line, _ in P.candidates(report, seat, None))
    for key, lines in heard.items():
        assert len(lines - plain) >= 3, key


@pytest.mark.parametrize("last", [False, True])
def test_stock_kept_is_for_later_only_before_the_last_month(last):
    """Ann buys in January and offers nothing: her stock waits, unless the game ends."""
    game = ed.Game(ed.Rules(players=2, months=1 if last else 2), ["Ann", "Mabel"], seed=1)
    game.submit(0, {"xfine": (6, 50)})
    game.submit(1, {})
    game.resolve()
    game.submit(0, {})
    game.submit(1, {})
    report = game.resolve()
    lines = [line for line, _ in P.candidates(report, 0, ed.ai.PERSONALITIES["mabel"])]
    assert any("later" in line or "wait" in line for line in lines) == (not last)
    assert ("Keeping my stock for later." in lines) == (not last)
    assert ("The Broker takes my last 6 units." in lines) == last
    assert any("Broker" in line for line in lines) == last
