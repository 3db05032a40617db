"""What the computer characters say (ed.tools.voices): six voices, never twice, never two at
once, silence allowed, and only what the report bears out (ed.ai.hearing)."""
from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest

import ed
from ed.ai import hearing, speech
from ed.tools import voices
from ed.ai.lines import LAST_WORDS, PHASE_LINES
from ed.engine import Seat

KEYS = tuple(ed.ai.PERSONALITIES)


def names_of(line_sets):
    return [t for lines in line_sets.values() for group in lines.values() for t in group]


# ------------------------------------------------------------------ the line sets

def test_each_character_can_say_at_least_60_sentences_after_a_phase():
    for key in KEYS:
        assert len(set(names_of({key: PHASE_LINES[key]}))) >= 60, key


def test_every_character_has_words_for_every_moment_of_the_game():
    for key in KEYS:
        assert set(PHASE_LINES[key]) == set(speech.FIELDS), key
        assert set(LAST_WORDS[key]) == set(speech.PLACES), key


def test_no_sentence_is_shared_by_two_characters_or_said_twice_by_one():
    owner = {}
    for key in KEYS:
        for template in speech.templates(key):
            sentence = speech.sentence_key(template)
            assert sentence not in owner, (template, key, owner.get(sentence))
            owner[sentence] = key
    assert speech.shared_templates() == 0


def test_every_sentence_fills_in_only_what_its_moment_knows():
    for key in KEYS:
        for moment, group in PHASE_LINES[key].items():
            allowed = set(speech.FIELDS[moment]) | set(speech.COMMON_FIELDS) | \
                set(speech.FACTS)
            for template in group:
                assert set(speech.template_fields(template)) <= allowed, (key, template)
        for place, group in LAST_WORDS[key].items():
            for template in group:
                assert set(speech.template_fields(template)) <= set(speech.END_FIELDS)
            # two seats of one character in one place (a shared first) each have words
            plain = [t for t in group if set(speech.template_fields(t)) <= {"final"}]
            assert len(plain) >= 2, (key, place)


def test_each_place_has_words_of_its_own_in_each_voice():
    for key in KEYS:
        said = [speech.sentence_key(t) for group in LAST_WORDS[key].values() for t in group]
        assert len(said) == len(set(said)), key
    # the bold one and the careful one, winning, sound nothing alike
    assert not {w.split(".")[0] for w in LAST_WORDS["rex"]["won"]} & \
        {w.split(".")[0] for w in LAST_WORDS["iris"]["won"]}


def test_a_number_or_a_name_is_not_counted_in_what_makes_two_sentences_the_same():
    assert speech.sentence_key("Cash up to $729.") == speech.sentence_key("Cash up to $1,755.")
    assert speech.sentence_key("Up to 2nd from 4th.") == speech.sentence_key("Up to 3rd from 5th.")
    assert speech.sentence_key("B rose to $128.") != speech.sentence_key("A rose to $128.")


# ------------------------------------------------------------------ crafted phases

def two_player_month(buy0, buy1, sell0=None, sell1=None, *, months=12, names=("Ann", "Rex")):
    game = ed.Game(ed.Rules(players=2, months=months), list(names), seed=1)
    game.submit(0, buy0)
    game.submit(1, buy1)
    game.resolve()
    if sell0 is not None:
        game.submit(0, sell0)
        game.submit(1, sell1 or {})
        game.resolve()
    return game


def found(game, seat, index=-1):
    history = game.history
    index = index % len(history)
    before = [game.rules.starting_cash] * game.players
    for report in history[:index]:
        if report.phase == "selling":
            before = [r.cash_after for r in report.seats]
    return {m.name: m for m in speech.moments(history[index], seat, game.rules, before)}


def test_the_lot_only_when_every_unit_offered_sold_and_nothing_could_be_made():
    """Ann buys 2 X-Fine, 1 Fine and 2 Standard: enough for one A and, with the rest, one C?
    No: A takes both X-Fine and the Fine.  Selling that A sells the lot; Rex, who keeps
    Fine and Standard enough for a C, sold all he offered but not the lot."""
    game = two_player_month({"xfine": (2, 40), "fine": (1, 30), "standard": (2, 20)},
                            {"fine": (3, 30), "standard": (4, 20)},
                            {"A": (1, 100)}, {"C": (1, 60)})
    ann, rex = found(game, 0), found(game, 1)
    assert "sold_lot" in ann and "sold_all" in ann
    assert ann["sold_lot"].claims == (("sold_all",), ("none_makeable",))
    assert "sold_all" in rex and "sold_lot" not in rex         # 2 Fine, 2 Standard left
    text, claims = speech.fill("Sold the lot: {money}.", ann["sold_lot"])
    assert text == "Sold the lot: $100." and ("received", 100) in claims


def test_cheap_only_when_the_price_paid_was_at_or_under_the_market():
    """Ann bids $45 for 4 Fine, Rex $30 for 6: 10 units, so Fine stays at $30; Ann paid $15
    over the market on each (not cheap), Rex the market price (cheap)."""
    game = two_player_month({"fine": (4, 45)}, {"fine": (6, 30)})
    ann, rex = found(game, 0), found(game, 1)
    assert "bought_cheap" not in ann and ann["paid_over"].claims == (("over_market", 60),)
    assert speech.fill("Hmph. {over} over the market in all.", ann["paid_over"])[0] == \
        "Hmph. $60 over the market in all."
    assert "bought_cheap" in rex and "paid_over" not in rex
    assert speech.fill("Cheap in: {units} for {money}.", rex["bought_cheap"])[0] == \
        "Cheap in: 6 units for $180."


def test_a_player_who_took_what_i_missed_is_named_only_when_so():
    """Ann bids $31 for 3 Fine and Rex $40 for 9: 12 units, Fine to $32; Ann buys none and
    Rex took the Fine.  When nobody bought, nobody is named."""
    game = two_player_month({"fine": (3, 31)}, {"fine": (9, 40)})
    ann = found(game, 0)
    assert ann["took_mine"].claims == (("took", 1, "fine"),)
    assert speech.fill("{other} took the {good} I wanted.", ann["took_mine"])[0] == \
        "Rex took the Fine I wanted."
    assert "outbid" in ann
    nobody = two_player_month({"fine": (3, 23)}, {"fine": (8, 28)})   # 11 units: Fine $31
    assert "took_mine" not in found(nobody, 0) and "outbid" in found(nobody, 0)


def test_keeping_stock_for_later_is_never_said_in_the_last_month():
    for months, kept in ((2, True), (1, False)):
        game = two_player_month({"xfine": (6, 50)}, {}, {}, {}, months=months)
        ann = found(game, 0)
        assert ("keeping" in ann) == kept
        assert ("to_broker" in ann) != kept
        if not kept:
            assert ann["to_broker"].claims == (("to_broker", 6), ("last_month",))


def test_the_standings_after_selling_the_lead_taken_and_who_leads():
    game = two_player_month({"xfine": (2, 40), "fine": (1, 30)}, {},
                            {"A": (1, 140)}, {})
    ann, rex = found(game, 0), found(game, 1)
    # Ann: 900 - 110 + 140 = 930 against Rex's 900 (one A offered: A rises to $149)
    assert ann["lead_taken"].claims == (("leads",), ("led_before", 0))
    assert rex["behind"].claims == (("leader", 0), ("behind_by", 30))
    assert speech.fill("{gap} behind {other}.", rex["behind"])[0] == "$30 behind Ann."


# ------------------------------------------------------------------ the checker

def checked(game, seat, line):
    return hearing.contradictions(line, game.history, len(game.history) - 1, seat, game.rules)


def test_the_checker_reads_the_report_not_the_line():
    game = two_player_month({"fine": (4, 45)}, {"fine": (6, 30)})
    ok = speech.Line("Rex paid $180.", "pleased", "t", (("paid", 180),))
    assert checked(game, 1, ok) == []
    wrong_amount = speech.Line("Paid $190.", "pleased", "t", (("paid", 190),))
    assert checked(game, 1, wrong_amount) == ["('paid', 190) is not so"]
    unclaimed = speech.Line("Paid $180 for 6 units.", "pleased", "t", (("paid", 180),))
    assert checked(game, 1, unclaimed) == ["the number 6 stands for no claim"]
    lot = speech.Line("Bought the lot.", "pleased", "t", (("bought_all",),))
    assert checked(game, 1, lot) == [
        "'\\\\bthe lot\\\\b|\\\\bnothing left to make\\\\b' needs one of ('none_makeable',)"]
    named = speech.Line("Ann overpaid.", "pleased", "t", (("bought_all",),))
    assert checked(game, 1, named) == ["Ann is named with no claim about them"]
    cheap = speech.Line("Cheap in.", "pleased", "t", (("bought_all",),))
    assert checked(game, 0, cheap) == [
        "'\\\\bcheap' needs one of ('paid_at_most_market', 'under_market')"]
    assert checked(game, 0, speech.Line("x", "glum", "t", ())) == ["the line claims nothing"]


# ------------------------------------------------------------------ words that claim more

def month_of(buys, sells=None, *, months=12, **variations):
    """One month of a game of ``len(buys)`` players, P0, P1..., each entering its own."""
    players = len(buys)
    game = ed.Game(ed.Rules(players=players, months=months, **variations),
                   [f"P{s}" for s in range(players)], seed=1)
    for entries in (buys, sells) if sells is not None else (buys,):
        for seat, entry in enumerate(entries):
            game.submit(seat, entry)
        game.resolve()
    return game


def sayable(game, seat, character, moment):
    """Every sentence ``character`` may say of ``moment`` in ``seat``'s place, filled in."""
    held = found(game, seat)[moment]
    return [speech.fill(template, held)[0] for _, template in speech.sayable(character, held)]


def heard_bare(game, seat, words, moment):
    """What the checker says of ``words`` (a template) said with only its moment's claims,
    the facts it claims beyond them left off."""
    held = found(game, seat)[moment]
    text, claims = speech.fill(re.sub(r"\{\?\w+\}", "", words), held)
    return checked(game, seat, speech.Line(text, "neutral", "t", claims))


def needs(kinds):
    """The checker's sentence for the words that need one of ``kinds``."""
    pattern = next(p for p, n in hearing.WORDS if n == kinds)
    return f"{pattern!r} needs one of {kinds}"


def test_nothing_left_only_when_no_raw_stock_at_all_is_left():
    """Four sellers of the lot: P0 sells a C and keeps 0·0·2, P1 and P2 an A each and keep
    2·0·0 and 1·0·0 (none of it makes anything), P3 an A and keeps nothing at all."""
    game = month_of([{"fine": (1, 30), "standard": (4, 20)}, {"xfine": (4, 40), "fine": (1, 30)},
                     {"xfine": (3, 40), "fine": (1, 30)}, {"xfine": (2, 40), "fine": (1, 30)}],
                    [{"C": (1, 90)}, {"A": (1, 140)}, {"A": (1, 140)}, {"A": (1, 140)}])
    stock = [tuple(r.stock_after.values()) for r in game.history[-1].seats]
    assert stock == [(0, 0, 2), (2, 0, 0), (1, 0, 0), (0, 0, 0)]
    cases = [(0, "mabel", "Every last unit gone for $90. Not a crumb wasted."),
             (1, "iris", "Everything sold, nothing left: $140. Tidy."),
             (2, "rex", "Every last unit gone, $140! Boom!")]
    for seat, character, words in cases:
        assert words not in sayable(game, seat, character, "sold_lot")
        template = next(t for t in PHASE_LINES[character]["sold_lot"]
                        if speech.fill(t.split("{?")[0], found(game, seat)["sold_lot"])[0]
                        == words)
        assert heard_bare(game, seat, template, "sold_lot") == [needs(("no_stock",))]
    assert "Sold the lot: $90. A tidy sum." in sayable(game, 0, "mabel", "sold_lot")
    assert "Everything sold, nothing left: $140. Tidy." in sayable(game, 3, "iris", "sold_lot")


def test_some_stock_kept_only_when_some_is_left():
    game = month_of([{"xfine": (4, 40), "fine": (1, 30)}, {"xfine": (2, 40), "fine": (1, 30)}],
                    [{"A": (1, 140)}, {"A": (1, 140)}])
    words = "My whole offer went. Some stock kept in reserve."
    assert words in sayable(game, 0, "iris", "sold_all")            # 2 X-Fine kept
    assert words not in sayable(game, 1, "iris", "sold_all")        # nothing at all
    assert heard_bare(game, 1, words, "sold_all") == [needs(("stock_kept",))]


def test_not_a_penny_more_only_when_every_unit_was_bought_at_the_market_price():
    """P0 bids $31 for 4 Fine and P1 $30 for 6: Fine stays at $30, P0 $4 over it."""
    game = month_of([{"fine": (4, 31)}, {"fine": (6, 30)}])
    assert "4 units in, and I paid $124. Not a penny more." not in \
        sayable(game, 0, "mabel", "bought_all")
    assert heard_bare(game, 0, "{units} in, and I paid {money}. Not a penny more.",
                      "bought_all") == [needs(("paid_at_most_market", "paid_market"))]
    assert "6 units in, and I paid $180. Not a penny more." in \
        sayable(game, 1, "mabel", "bought_all")


def test_a_part_fill_only_for_variation_two_s_part_fill_of_a_bid():
    """P0 bids $31 for 3 Fine, which P1's 9 units send to $32, and $20 for 4 Standard: with
    Variation II off the Fine fails whole (4 of 7 bought), with it on 2 of the 3 are bought."""
    buys = [{"fine": (3, 31), "standard": (4, 20)}, {"fine": (9, 40)}]
    whole = month_of(buys)
    said = sayable(whole, 0, "mabel", "bought_part") + sayable(whole, 0, "iris", "bought_part")
    assert "Only 4 of my 7 units. I will not chase the rest." in said
    assert not [s for s in said if re.search("part(ial)? fill", s, re.IGNORECASE)], said
    for words in ("Part filled: {done} of {units}, {money}.", "A partial fill, {money}."):
        assert heard_bare(whole, 0, words, "bought_part") == [needs(("part_filled",))]
    part = month_of(buys, partial_fills=True)
    assert [line.done for line in part.history[-1].seats[0].lines] == [0, 2, 4]
    assert "Part filled: 6 of 7 units, $142." in sayable(part, 0, "mabel", "bought_part")


def test_a_part_sale_only_for_variation_three_s_part_sale_of_an_offer():
    """P0 offers an A at $140 (it sells) and 2 C at $99 where C goes to $97: with Variation
    III off the C fail whole, with it on one of the two sells."""
    buys = [{"xfine": (2, 40), "fine": (3, 30), "standard": (4, 20)}, {}]
    sells = [{"A": (1, 140), "C": (2, 99)}, {}]
    whole = month_of(buys, sells)
    assert "A part sale, $140. Acceptable." not in sayable(whole, 0, "iris", "sold_part")
    assert heard_bare(whole, 0, "A part sale, {money}. Acceptable.", "sold_part") == \
        [needs(("part_sold",))]
    part = month_of(buys, sells, partial_sales=True)
    assert "A part sale, $239. Acceptable." in sayable(part, 0, "iris", "sold_part")


def test_money_over_the_market_over_several_grades_is_called_a_sum():
    """P0 pays $6 over X-Fine's $44 on 2 units, $8 over Fine's $22 and Standard's $12 on 2
    each: $44 in all, which beside X-Fine's $44 must not read as a bid $44 too high."""
    game = month_of([{"xfine": (2, 50), "fine": (2, 30), "standard": (2, 20)},
                     {"xfine": (12, 44)}])
    assert found(game, 0)["paid_over"].claims == (("over_market", 44),)
    assert sayable(game, 0, "mabel", "paid_over") == [
        "Hmph. $44 over the market in all. I shall not do that again.",
        "I paid $44 more than I needed to, all told. Careless."]
    assert heard_bare(game, 0, "Hmph. {over} over the market.", "paid_over") == [
        "a sum over the units (over_market or under_market) needs "
        "'\\\\bin all\\\\b|\\\\ball told\\\\b'"]
    for key in KEYS:
        for moment in ("paid_over", "sold_cheap"):
            for template in PHASE_LINES[key][moment]:
                sum_said = "{over}" in template or "{under}" in template
                assert not sum_said or re.search(r"in all|all told", template), template


def test_the_x_fine_is_mine_only_for_the_one_who_bought_the_most_of_it():
    game = month_of([{"xfine": (3, 40)}, {"xfine": (4, 40)}])
    assert "The X-Fine is mine: 3 units." not in sayable(game, 0, "otto", "bought_xfine")
    assert heard_bare(game, 0, "The X-Fine is mine: {units}.", "bought_xfine") == \
        [needs(("most_of",))]
    assert "The X-Fine is mine: 4 units." in sayable(game, 1, "otto", "bought_xfine")


def test_the_cushion_holds_only_with_half_the_starting_cash_in_hand():
    """Six players start with $300: P0 spends $223 and keeps $77, P1 spends $30."""
    game = month_of([{"xfine": (5, 40), "standard": (1, 23)}, {"fine": (1, 30)}] + [{}] * 4)
    assert [r.cash_after for r in game.history[-1].seats[:2]] == [77, 270]
    assert ("?cushion", "", ("cushion", 150)) in speech.facts(game.history[-1], 1, game.rules)
    words = "Everything I ordered arrived, and the cushion holds."
    assert words not in sayable(game, 0, "iris", "bought_all")
    assert heard_bare(game, 0, words, "bought_all") == [needs(("cushion",))]
    assert words in sayable(game, 1, "iris", "bought_all")


def test_outbid_only_when_another_player_bought_at_a_higher_bid():
    """Both bid under Fine's new $31: nobody outbid P0.  Then P1 bids $40 for 9 and buys."""
    nobody = month_of([{"fine": (3, 23)}, {"fine": (8, 28)}])
    assert "Outbid on Fine. It happens." not in sayable(nobody, 0, "felix", "outbid")
    assert heard_bare(nobody, 0, "Outbid on {good}. It happens.", "outbid") == \
        [needs(("outbid", "outbid_by"))]
    beaten = month_of([{"fine": (3, 31)}, {"fine": (9, 40)}])
    assert "Outbid on Fine. It happens." in sayable(beaten, 0, "felix", "outbid")
    assert "P1 outbid me on Fine. Good luck to them." in sayable(beaten, 0, "felix",
                                                                 "took_mine")


def test_next_month_is_never_said_in_the_last_month():
    words = "No orders. Saving up for a big one!"
    assert words in sayable(month_of([{}, {"fine": (1, 30)}]), 0, "rex", "no_order")
    last = month_of([{}, {"fine": (1, 30)}], months=1)
    assert words not in sayable(last, 0, "rex", "no_order")
    assert heard_bare(last, 0, words, "no_order") == [needs(("not_last_month",))]


#: The claims each field that writes no words stands for (``speech.FACTS`` and the moments'
#: own), as the checker knows them.
FACT_KINDS = {"?no_stock": {"no_stock"}, "?kept": {"stock_kept"}, "?cushion": {"cushion"},
              "?later": {"not_last_month"}, "?at_market": {"paid_market", "sold_market"},
              "?not_over": {"paid_at_most_market"}, "?part_fill": {"part_filled"},
              "?part_sale": {"part_sold"}, "?outbid": {"outbid"}, "?outbid_by": {"outbid_by"},
              "?undercut_by": {"undercut_by"}, "?most_of": {"most_of"}}


def moment_kinds():
    """Each moment's claims, and each of its fields' claim, by kind: every moment met in
    four simulated games, and two crafted (a purchase cancelled, an offer not made)."""
    found = {}

    def note(report, seat, rules, before):
        for moment in speech.moments(report, seat, rules, before):
            kinds = found.setdefault(moment.name, ({c[0] for c in moment.claims}, {}))
            for field, _, claim in moment.values:
                kinds[1][field] = claim[0]

    for index in range(4):
        game, _ = voices.play(index, 1)
        before = [game.rules.starting_cash] * game.players
        for report in game.history:
            for seat in range(game.players):
                note(report, seat, game.rules, before)
            if report.phase == "selling":
                before = [r.cash_after for r in report.seats]
    cancelled = two_player_month({"xfine": (12, 80), "fine": (6, 80)}, {}, {"A": (1, 100)})
    for report in cancelled.history:
        note(report, 0, cancelled.rules, [900, 900])
    return found


def test_every_sentence_s_words_have_the_claims_behind_them():
    """Every sentence of every character, not only those a simulated game happens to say:
    each of its words that claim something (``hearing.WORDS``) has a claim behind it, from
    its moment, its fields or the facts it says only where they hold."""
    kinds = moment_kinds()
    assert set(kinds) == set(speech.FIELDS)
    for key in KEYS:
        for moment, group in PHASE_LINES[key].items():
            claims, of_field = kinds[moment]
            for template in group:
                have = set(claims)
                for field in speech.template_fields(template):
                    have |= FACT_KINDS.get(field) or {of_field[field]}
                words = re.sub(r"\{\w+\}", "1", re.sub(r"\{\?\w+\}", "", template))
                for pattern, needs in hearing.WORDS:
                    if re.search(pattern, words, re.IGNORECASE):
                        assert have & set(needs), (key, template, needs)


# ------------------------------------------------------------------ whole games

@pytest.fixture(scope="module")
def measured():
    return voices.measure(games=10, seed=3)


def test_the_five_measures_over_simulated_games(measured):
    assert measured["repeats"] == 0
    assert measured["together"] == 0
    assert measured["contradicted"] == []
    assert measured["shared"] == 0 and measured["shared_said"] == 0
    assert min(measured["templates"].values()) >= 60
    assert measured["lines"] > 300


def test_silence_is_allowed_and_each_character_speaks(measured):
    """Less than always and more than never, each character in its own measure: the bold
    one talks most, the careful one least."""
    assert 0.3 < measured["spoken"] / measured["phases"] < 0.8
    share = {key: spoke / (quiet + spoke)
             for key, (quiet, spoke) in measured["by_character"].items()}
    assert all(0.1 < part < 0.95 for part in share.values()), share
    assert share["rex"] > share["iris"]


def test_two_seats_of_one_character_never_say_the_same_sentence_at_once():
    index = next(i for i in range(30) if voices.table(i)[2].count(
        voices.table(i)[2][0]) == 2 and voices.table(i)[2][0])
    game, characters = voices.play(index, 1)
    twins = [s for s, c in enumerate(characters) if c == characters[0]]
    both = 0
    for row in speech.phase_lines(game.history, characters, game.rules):
        a, b = (row[s] for s in twins)
        if a.line and b.line:
            both += 1
            assert a.line.template != b.line.template
    assert both > 0


def test_a_phase_s_lines_depend_only_on_the_phases_before_it():
    game, characters = voices.play(4, 2)
    whole = speech.phase_lines(game.history, characters, game.rules)
    for upto in (1, 7, 15, len(game.history)):
        speech._last_run.clear()                # worked out afresh, not from the kept run
        assert speech.phase_lines(game.history[:upto], characters, game.rules) == whole[:upto]
    # and from the kept run, going on phase by phase as the window asks
    speech._last_run.clear()
    for upto in range(1, len(game.history) + 1):
        assert speech.phase_lines(game.history[:upto], characters, game.rules)[-1] == \
            whole[upto - 1]


def test_in_a_longer_game_no_sentence_comes_back_within_12_phases():
    seats = [Seat("computer", "medium", key) for key in ("rex", "cora", "mabel")]
    game = ed.Game(ed.Rules(players=3, months=24), ["Rex", "Cora", "Mabel"], seed=9,
                   seats=seats)
    avatars = [ed.ai.avatar_for(9, s, "medium", seats[s].personality) for s in range(3)]
    while not game.is_over:
        for s in range(3):
            game.submit(s, avatars[s].decide(game.view(s)))
        game.resolve()
    said = speech.phase_lines(game.history, ("rex", "cora", "mabel"), game.rules)
    when = defaultdict(list)
    for phase, row in enumerate(said):
        for seat, s in enumerate(row):
            if s.line:
                when[(seat, speech.sentence_key(s.text))].append(phase)
    again = [phases for phases in when.values() if len(phases) > 1]
    assert again                                     # a long game does come back to some
    assert all(b - a >= speech.REPEAT_PHASES for phases in again
               for a, b in zip(phases, phases[1:]))


def test_last_words_are_true_and_name_the_winner_only_where_so():
    for index in range(6):
        game, characters = voices.play(index, 5)
        settlement = game.history[-1].settlement
        words = speech.last_words(settlement, characters)
        assert set(words) == {s for s, c in enumerate(characters) if c}
        for seat, line in words.items():
            assert hearing.end_contradictions(line, settlement, seat) == []
            place = next(s.place for s in settlement if s.seat == seat)
            shared = sum(s.place == 1 for s in settlement) > 1
            key = speech.place_key(place, game.players, shared)
            character, said_key, index = line.template.split(":")
            assert (character, said_key) == (characters[seat], key)
            template = LAST_WORDS[character][key][int(index)]
            pattern = re.escape(template)
            for field in speech.template_fields(template):
                pattern = pattern.replace(re.escape("{" + field + "}"), ".+")
            assert re.fullmatch(pattern, line.text), (template, line.text)


def test_the_command_prints_the_five_measures(capsys):
    assert voices.main(["--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for words in ("repeats of a sentence by one seat in one game (numbers aside): 0",
                  "the same sentence from two seats in one reveal: 0",
                  "lines whose claims the report contradicts: 0 of ",
                  "sentences shared between two characters' line sets: 0",
                  "sentences each character can say: fewest "):
        assert words in out


def test_the_transcript_follows_one_character_through_a_whole_game(capsys):
    assert voices.main(["--transcript", "rex", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Rex in a 12-month game with ")
    assert len(lines) == 1 + 24 + 1 and lines[-1].startswith("  Last word (")


def test_a_mistake_on_the_command_line_is_one_sentence(capsys):
    with pytest.raises(SystemExit) as stop:
        voices.main(["--games", "0"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == ("python3 -m ed.tools.voices: Argument --games: 0 is not "
                                       "from 1 to 5000. See python3 -m ed.tools.voices --help.\n")


def test_output_that_cannot_be_written_ends_in_a_sentence_or_in_silence():
    import io

    class Full(io.StringIO):
        def __init__(self, error):
            super().__init__()
            self.error = error

        def write(self, text):
            raise self.error

    err = io.StringIO()
    assert voices.main(["--transcript", "iris"], out=Full(OSError(28, "No space left on "
                                                                    "device")), err=err) == 1
    assert err.getvalue() == ("python3 -m ed.tools.voices: the output could not be written (no "
                              "space left on device).\n")
    quiet = io.StringIO()
    assert voices.main(["--transcript", "iris"], out=Full(BrokenPipeError()), err=quiet) == 1
    assert quiet.getvalue() == ""
