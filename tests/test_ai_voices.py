"""What the computer characters say (ed.tuning.voices): six voices, never twice, never two at
once, no tics, silence allowed, and only what the record bears out: every line's claims
(ed.ai.claims) worked out again from the engine's record (ed.ai.hearing), not from its words."""
from __future__ import annotations

import os
import re
from collections import Counter, defaultdict

import pytest

import ed
from ed.ai import hearing, speech
from ed.ai.claims import END, MOST, ONLY, Claim
from ed.tuning import voices
from ed.ai.lines import LAST_WORDS, PHASE_LINES
from ed.engine import Seat

KEYS = tuple(ed.ai.PERSONALITIES)


def names_of(line_sets):
    return [t for lines in line_sets.values() for group in lines.values() for t in group]


def every_template():
    return [(key, t) for key in KEYS for t in names_of({key: PHASE_LINES[key]})
            + names_of({key: LAST_WORDS[key]})]


#: Stops between phrases, and a phrase said with its numbers, names and grades aside (the
#: tests' own reading of the words, apart from ``speech.phrases``).
STOPS = r"[.!?:;,\u2014]+"


def phrases_of(text, names=()):
    for name in names:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "#", text)
    text = re.sub(r"\$?\d[\d,]*(st|nd|rd|th)?\b", "#", text)
    text = re.sub(r"\{\?\w+\}", "", text)
    text = re.sub(r"\{\w+\}", "#", text)
    text = re.sub(r"(?<![\w-])(X-Fine|Fine|Standard|A|B|C)(?![\w-])", "#", text)
    found = [" ".join(p.split()).lower() for p in re.split(STOPS, text)]
    return [p for p in found if p.replace("#", "").strip()]


# ------------------------------------------------------------------ the line sets

def test_each_character_can_say_at_least_100_sentences():
    for key in KEYS:
        assert len(set(names_of({key: PHASE_LINES[key]}))) >= 60, key
        assert len(set(speech.templates(key))) >= voices.FEWEST_TEMPLATES, key


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


def test_no_phrase_of_three_words_is_shared_by_two_characters():
    """"Sold the lot" was said by three characters: a phrase of three words or more (numbers,
    names and grades aside) belongs to one character alone."""
    owner = {}
    shared = set()
    for key, template in every_template():
        for phrase in phrases_of(template):
            if len(phrase.replace("#", " ").replace(" units", " ").split()) < 3:
                continue
            if owner.setdefault(phrase, key) != key:
                shared.add((phrase, owner[phrase], key))
    assert not shared, sorted(shared)[:10]


def test_a_character_s_last_words_share_no_phrase_with_its_lines_after_a_phase():
    """So a phrase said twice in the game is not said a third time in the last word."""
    for key in KEYS:
        phase = {p for t in names_of({key: PHASE_LINES[key]}) for p in phrases_of(t)}
        end = {p for t in names_of({key: LAST_WORDS[key]}) for p in phrases_of(t)}
        assert not phase & end, (key, phase & end)


#: Words that speak of a month to come: a promise, a plan, a "next time".
FUTURE = re.compile(r"\b(will|shall|next|later|soon|again|tomorrow|for now|not for long|"
                    r"coming|going to|wait|someday|won't|rematch|yet|watch me|be back|"
                    r"until)\b|'ll\b", re.IGNORECASE)


def test_no_sentence_speaks_of_a_month_to_come():
    """"I shall not do that again" (and then she did): nothing is promised, ever."""
    promises = [(key, t) for key, t in every_template() if FUTURE.search(t)]
    assert promises == []


def test_every_sentence_fills_in_only_what_its_moment_knows():
    for key in KEYS:
        for moment, group in PHASE_LINES[key].items():
            allowed = set(speech.FIELDS[moment]) | set(speech.COMMON_FIELDS) | \
                set(speech.FACTS)
            for template in group:
                assert set(speech.template_fields(template)) <= allowed, (key, template)
                assert not re.search(r"\d", re.sub(r"\{[^}]*\}", "", template)), template
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


def test_a_phrase_is_the_words_between_two_stops_numbers_and_names_aside():
    assert speech.phrases("Ha! 9 units!") == ["ha", "# units"]
    assert speech.phrases("Cora grabbed the Fine! Cheeky!", ["Cora"]) == \
        ["# grabbed the #", "cheeky"]
    assert speech.phrases("$40.") == []
    assert speech.phrases("1 unit in.") == speech.phrases("3 units in.") == ["# units in"]
    assert speech.template_phrases("{bought}! Now that is an order!{?kept}") == \
        ["# units", "now that is an order"]


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


def found(game, seat, index=-1):
    history = game.history
    index = index % len(history)
    before = [game.rules.starting_cash] * game.players
    for report in history[:index]:
        if report.phase == "selling":
            before = [r.cash_after for r in report.seats]
    return {m.name: m for m in speech.moments(history[index], seat, game.rules, before)}


def every_sayable(game, seat):
    """Every sentence any character may say in ``seat``'s place after the last phase."""
    said = []
    for moment in found(game, seat).values():
        for key in KEYS:
            said += [speech.fill(t, moment)[0] for _, t in speech.sayable(key, moment)]
    return said


def sayable(game, seat, character, moment):
    """Every sentence ``character`` may say of ``moment`` in ``seat``'s place, filled in."""
    held = found(game, seat)[moment]
    return [speech.fill(template, held)[0] for _, template in speech.sayable(character, held)]


def checked(game, seat, line, index=-1):
    index = index % len(game.history)
    return hearing.contradictions(line, game.history, index, seat, game.rules)


def line_of(*claims, text="words the checker never reads 123"):
    return speech.Line(text, "neutral", "t", tuple(claims))


def test_nobody_is_named_for_buying_what_others_bought_too():
    """"Nina got the Fine", where Rex and Iris bought it too at the same price: P0 bids $25
    for 3 Fine and gets none (Fine goes to $32); P1, P2 and P3 all bid $40 and buy 4, 3
    and 2.  Nobody may be named as having taken it; with P1 the only buyer, P1 may."""
    game = month_of([{"fine": (3, 25)}, {"fine": (4, 40)}, {"fine": (3, 40)},
                     {"fine": (2, 40)}])
    assert [line.done for r in game.history[-1].seats for line in r.lines if line.units] == \
        [0, 4, 3, 2]
    said = every_sayable(game, 0)
    assert said and not [s for s in said if re.search(r"\bP[123]\b", s)]
    alone = month_of([{"fine": (3, 25)}, {"fine": (4, 40)}, {}, {}])
    assert "P1 took the Fine. Fair play to them." in sayable(alone, 0, "felix", "took_mine")
    assert found(alone, 0)["took_mine"].claims[1] == Claim("done", 1, 1, "purchasing", "fine",
                                                           4, ONLY)


def test_nobody_is_named_for_selling_what_others_sold_too():
    """"Mabel grabbed the X-Fine!" where two others had as much: P0 asks $200 for an A and
    sells none; P1 sells 2 A and P2 one, both at $140.  Nobody is named."""
    buy = {"xfine": (4, 45), "fine": (2, 35)}
    game = month_of([buy, buy, buy], [{"A": (1, 200)}, {"A": (2, 140)}, {"A": (1, 140)}])
    assert [line.done for r in game.history[-1].seats for line in r.lines if line.units] == \
        [0, 2, 1]
    said = every_sayable(game, 0)
    assert said and not [s for s in said if re.search(r"\bP[12]\b", s)
                         and re.search(r"\bA\b", s)]         # P1 is named as the leader
    assert "sold_instead" not in found(game, 0)


def test_the_lot_only_when_no_raw_stock_at_all_is_left():
    """P0 buys 2 X-Fine and 3 Fine and sells one A: every unit offered sold, 2 Fine left (too
    few to make anything, but not nothing).  "Sold the lot" is not so; P1, who sells an A
    and keeps nothing, sold the lot."""
    game = month_of([{"xfine": (2, 45), "fine": (3, 35)}, {"xfine": (2, 45), "fine": (1, 35)}],
                    [{"A": (1, 140)}, {"A": (1, 140)}])
    stock = [tuple(r.stock_after.values()) for r in game.history[-1].seats]
    assert stock == [(0, 2, 0), (0, 0, 0)]
    assert "sold_lot" not in found(game, 0) and "sold_all" in found(game, 0)
    assert not [s for s in every_sayable(game, 0) if re.search(
        r"\bthe lot\b|nothing left|cleared out|every last unit|bare\b|empty\b|sold out",
        s, re.IGNORECASE)]
    assert "Sold the lot: $140. A tidy sum." in sayable(game, 1, "mabel", "sold_lot")
    assert Claim("stock", 1, 1, "selling", quantity=0) in found(game, 1)["sold_lot"].claims


def test_a_count_said_of_the_stock_is_the_stock():
    """"7 units in the cupboard" where she held 9: P0 buys 2 Fine in January and 7 Standard in
    February.  Every sentence that speaks of what is held gives 9, never the 7 bought."""
    game = ed.Game(ed.Rules(players=2), ["P0", "P1"], seed=1)
    for entries in ([{"fine": (2, 30)}, {}], [{}, {}], [{"standard": (7, 30)}, {}]):
        for seat, entry in enumerate(entries):
            game.submit(seat, entry)
        game.resolve()
    assert sum(game.history[-1].seats[0].stock_after.values()) == 9
    held = re.compile(r"cupboard|cellar|\bhold\b|holding|keeping|stacking|in stock|pile|"
                      r"in reserve|kept back", re.IGNORECASE)
    said = every_sayable(game, 0)
    counted = [s for s in said if held.search(s) and re.search(r"\d+ units?", s)]
    assert counted, said
    for sentence in said:
        for part in re.split(STOPS, sentence):
            if held.search(part):
                assert set(re.findall(r"(\d+) units?", part)) <= {"9"}, sentence
    assert "9 units in the cupboard now, and the order filled to the unit." in \
        sayable(game, 0, "mabel", "bought_all")


def test_no_tic_more_than_twice_a_game():
    """Rex said "Ha!" four times and "9 units!" twice in one game: over whole games, no seat
    says a phrase (numbers and names aside) more than twice, its last word included."""
    tics = []
    for index in (0, 1, 3, 6, 7, 12):
        game, characters = voices.play(index, 1)
        said = speech.phase_lines(game.history, characters, game.rules)
        last = speech.last_words(game.history[-1].settlement, characters)
        for seat, character in enumerate(characters):
            if character is None:
                continue
            texts = [row[seat].text for row in said if row[seat].line]
            texts += [last[seat].text] if seat in last else []
            counted = Counter(p for text in texts for p in phrases_of(text, game.names))
            tics += [(index, game.names[seat], p, n) for p, n in counted.items() if n > 2]
    assert tics == []


def test_cheap_only_when_the_price_paid_was_at_or_under_the_market():
    """Ann bids $45 for 4 Fine, Rex $30 for 6: 10 units, so Fine stays at $30; Ann paid $15
    over the market on each (not cheap), Rex the market price (cheap)."""
    game = two_player_month({"fine": (4, 45)}, {"fine": (6, 30)})
    ann, rex = found(game, 0), found(game, 1)
    assert "bought_cheap" not in ann
    assert ann["paid_over"].claims == (Claim("over_market", 0, 1, "purchasing", quantity=60),)
    assert speech.fill("Hmph. {over} over the market in all.", ann["paid_over"])[0] == \
        "Hmph. $60 over the market in all."
    assert "bought_cheap" in rex and "paid_over" not in rex
    assert speech.fill("Cheap in: {bought} for {paid}.", rex["bought_cheap"])[0] == \
        "Cheap in: 6 units for $180."


def test_keeping_stock_is_never_said_in_the_last_month():
    for months, kept in ((2, True), (1, False)):
        game = two_player_month({"xfine": (6, 50)}, {}, {}, {}, months=months)
        ann = found(game, 0)
        assert ("keeping" in ann) == kept
        assert ("to_broker" in ann) != kept
        if not kept:
            assert Claim("to_broker", 0, 1, "selling", quantity=6) in ann["to_broker"].claims


def test_stock_is_kept_back_only_where_it_could_make_a_good():
    """Offering nothing, a seat "keeps" stock only where that stock could make a good (one
    Fine alone makes none, RULES §1); the claim says so, and the record bears it out."""
    for order, kept in (({"fine": (1, 50)}, False), ({"xfine": (3, 50)}, True)):
        game = two_player_month(order, {}, {}, {})
        ann = found(game, 0)
        assert ("keeping" in ann) == kept, order
        assert "empty" not in ann
        if kept:
            claim = Claim("can_make", 0, 1, "selling")
            assert claim in ann["keeping"].claims
            assert checked(game, 0, line_of(claim)) == []
        else:
            assert checked(game, 0, line_of(Claim("can_make", 0, 1, "selling"))) != []


def test_no_line_says_a_player_took_units_that_were_another_s():
    """Supply is not limited (RULES §4.1.4): a player who got none of a grade did not have it
    taken by the one who bought it, and no good's buyers went to another seller."""
    untrue = re.compile(r"\bmy \{good\}|\bthere was\b|\bgoing!|\bevery \{good\}|"
                        r"\{good\} buyers|\bbeat me to\b", re.IGNORECASE)
    for key, lines in PHASE_LINES.items():
        for moment in ("took_mine", "sold_instead"):
            for template in lines.get(moment, ()):
                assert not untrue.search(template), (key, template)


def test_the_standings_after_selling_the_lead_taken_and_who_leads():
    game = two_player_month({"xfine": (2, 40), "fine": (1, 30)}, {},
                            {"A": (1, 140)}, {})
    ann, rex = found(game, 0), found(game, 1)
    # Ann: 900 - 110 + 140 = 930 against Rex's 900 (one A offered: A rises to $149)
    assert ann["lead_taken"].claims == (Claim("leads", 0, 1, "selling", quantity=30),
                                        Claim("not_leading", 0, 0, "selling"))
    assert rex["behind"].claims == (Claim("leads", 0, 1, "selling", quantity=30),
                                    Claim("ahead", 0, 1, "selling", quantity=30, other=1))
    assert speech.fill("{gap} behind {other}.", rex["behind"])[0] == "$30 behind Ann."


def test_a_part_fill_only_for_variation_two_s_part_fill_of_a_bid():
    """P0 bids $31 for 3 Fine, which P1's 9 units send to $32, and $20 for 4 Standard: with
    Variation II off the Fine fails whole (4 of 7 bought), with it on 2 of the 3 are bought."""
    buys = [{"fine": (3, 31), "standard": (4, 20)}, {"fine": (9, 40)}]
    whole = month_of(buys)
    said = [s for key in KEYS for s in sayable(whole, 0, key, "bought_part")]
    assert "Only 4 of my 7 units. The rest stays in my purse." in said
    assert not [s for s in said if re.search("part(ial)? fill", s, re.IGNORECASE)], said
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
    part = month_of(buys, sells, partial_sales=True)
    assert "A part sale, $239. Acceptable." in sayable(part, 0, "iris", "sold_part")


def test_the_x_fine_is_mine_only_for_the_one_who_bought_it_all():
    game = month_of([{"xfine": (3, 40)}, {"xfine": (4, 40)}])
    said = sayable(game, 1, "otto", "bought_xfine")
    assert "The X-Fine is mine, every unit: 4 units." not in said
    assert "4 units of X-Fine, the lion's share." in said           # more than P0's 3
    alone = month_of([{}, {"xfine": (4, 40)}])
    assert "The X-Fine is mine, every unit: 4 units." in sayable(alone, 1, "otto",
                                                                 "bought_xfine")


def test_the_cushion_holds_only_with_half_the_starting_cash_in_hand():
    """Six players start with $300: P0 spends $223 and keeps $77, P1 spends $30."""
    game = month_of([{"xfine": (5, 40), "standard": (1, 23)}, {"fine": (1, 30)}] + [{}] * 4)
    assert [r.cash_after for r in game.history[-1].seats[:2]] == [77, 270]
    words = "Everything I ordered arrived, and the cushion holds."
    assert words not in sayable(game, 0, "iris", "bought_all")
    assert words in sayable(game, 1, "iris", "bought_all")


def test_outbid_only_when_another_player_bought_at_a_higher_bid():
    """Both bid under Fine's new $31: nobody outbid P0.  Then P1 bids $40 for 9 and buys."""
    nobody = month_of([{"fine": (3, 23)}, {"fine": (8, 28)}])
    assert "Outbid on Fine. It happens." not in sayable(nobody, 0, "felix", "outbid")
    beaten = month_of([{"fine": (3, 31)}, {"fine": (9, 40)}])
    assert "Outbid on Fine. It happens." in sayable(beaten, 0, "felix", "outbid")
    assert "P1 bid higher for Fine. Good luck to them." in sayable(beaten, 0, "felix",
                                                                  "took_mine")


# ------------------------------------------------------------------ the checker

def test_the_checker_reads_the_record_not_the_words():
    """Ann bids $45 for 4 Fine, Rex $30 for 6: each claim is worked out again from the
    record, exactly; the words are never read."""
    game = two_player_month({"fine": (4, 45)}, {"fine": (6, 30)})

    def rex(kind, **rest):
        return Claim(kind, 1, 1, "purchasing", **rest)

    assert checked(game, 1, line_of(rex("money", quantity=180), text="Sold the lot!")) == []
    wrong = rex("money", quantity=190)
    assert checked(game, 1, line_of(wrong, text="Paid $180.")) == [f"{wrong} is not so"]
    assert checked(game, 1, line_of(rex("done", quantity=6, among=MOST), rex("not_over"),
                                    rex("at_market"), rex("stock", quantity=6),
                                    rex("stock", commodity="fine", quantity=6))) == []
    for false in (rex("done", quantity=7), rex("stock", quantity=7), rex("over_market",
                                                                         quantity=1),
                  rex("done", commodity="fine", quantity=6, among=ONLY),
                  Claim("done", 0, 1, "purchasing", quantity=4, among=MOST), rex("cancelled")):
        assert checked(game, 1, line_of(false)) == [f"{false} is not so"], false
    assert checked(game, 0, line_of(Claim("over_market", 0, 1, "purchasing",
                                          quantity=60))) == []
    assert checked(game, 0, line_of()) == ["the line claims nothing"]
    unplayed = Claim("money", 1, 1, "selling", quantity=180)
    assert checked(game, 1, line_of(unplayed)) == [f"{unplayed} is not so",
                                                   f"{unplayed} is about a phase to come"]


def test_a_claim_about_a_phase_to_come_is_a_promise_and_not_so():
    game = two_player_month({"fine": (4, 45)}, {"fine": (6, 30)}, {}, {})
    later = Claim("cash", 0, 1, "selling", quantity=game.cash(0))
    assert hearing.contradictions(line_of(later), game.history, 0, 0, game.rules) == \
        [f"{later} is about a phase to come"]
    assert hearing.contradictions(line_of(later), game.history, 1, 0, game.rules) == []


def test_the_checker_finds_a_player_singled_out_of_several():
    """P1, P2 and P3 all bought Fine: a line naming P1 for buying it singles P1 out."""
    game = month_of([{"fine": (3, 25)}, {"fine": (4, 40)}, {"fine": (3, 40)},
                     {"fine": (2, 40)}])
    named = Claim("done", 1, 1, "purchasing", "fine", 4)
    assert checked(game, 0, line_of(named)) == []                    # so, but selective:
    assert hearing.selective(line_of(named), game.history, 0, 0, game.rules) == [
        f"seat 1 is named for what seat 2 did too: {named}"]
    only = Claim("done", 1, 1, "purchasing", "fine", 4, ONLY)
    assert checked(game, 0, line_of(only)) == [f"{only} is not so"]
    alone = month_of([{"fine": (3, 25)}, {"fine": (4, 40)}, {}, {}])
    assert checked(alone, 0, line_of(only)) == []
    assert hearing.selective(line_of(only), alone.history, 0, 0, alone.rules) == []


def test_the_checker_of_last_words_reads_the_settlement():
    game, characters = voices.play(9, 4)
    settlement = game.history[-1].settlement
    winner = next(s for s in settlement if s.place == 1)
    others = [s for s in settlement if s.seat != winner.seat]
    me = others[0]
    said = line_of(Claim("place", winner.seat, None, END, quantity=1, among=ONLY),
                   Claim("ahead", winner.seat, None, END, quantity=winner.final_cash
                         - me.final_cash, other=me.seat))
    assert hearing.end_contradictions(said, settlement, me.seat) == []
    assert hearing.end_selective(said, settlement, me.seat) == []
    # the gap alone, without who won, names the winner for what every player above did
    gap = line_of(said.claims[1])
    above = [s for s in others if s.final_cash > me.final_cash]
    assert bool(hearing.end_selective(gap, settlement, me.seat)) == bool(above)
    lie = Claim("final", me.seat, None, END, quantity=me.final_cash + 1)
    assert hearing.end_contradictions(line_of(lie), settlement, me.seat) == [f"{lie} is not so"]


# ------------------------------------------------------------------ the words and their claims

#: Words that state a fact, and what must be among the line's claims for them: each a test
#: of (the seat, the claims) that holds when they stand behind the words.
WORDS = (
    (r"\bthe lot\b|nothing left|cleared out|every last unit|every piece gone|not a unit left|"
     r"\bbare\b|hold is empty|cellar empty|whole stock|stock and all|sold out",
     lambda seat, c: any(x.kind == "stock" and x.quantity == 0 and not x.commodity
                         for x in c)),
    (r"kept (some )?back|in reserve|more in the back|still in the cupboard|held back",
     lambda seat, c: any(x.kind == "stock" and (x.quantity or 0) > 0 for x in c)),
    (r"every bid|all my bids|full order|everything I ordered|whole order(?! cancel)|filled entire|"
     r"order came in whole|each bid landed|all of it",
     lambda seat, c: _whole(seat, c)),
    (r"all (I )?offered|whole offer|every unit (I )?offered|everything (I )?(offered|put out)|"
     r"(?<!not )all sold|all shifted",
     lambda seat, c: _whole(seat, c)),
    (r"cheap in|not a (penny|cent) (more|over)|no more than the market|not one penny over|"
     r"nothing paid over|no premium|at the market|market price|going rate|bang on the market",
     lambda seat, c: any(x.kind in ("not_over", "at_market", "not_under") for x in c)),
    (r"part(ial)?[ -]fill|part filled|partial filling|part(ial)? sale|in part",
     lambda seat, c: any(x.kind == "partly" for x in c)),
    (r"outbid|bid higher|bid over me|went bigger|undercut|under my ask|asked under me|"
     r"went lower|asked less|cheapened the",
     lambda seat, c: any(x.kind == "outbid" for x in c)),
    (r"is mine|nobody else|all the .+ at the table|lion's share|more than anyone",
     lambda seat, c: any(x.among in (ONLY, MOST) for x in c)),
    (r"nobody (at this table )?bought as|biggest haul|largest purchase|the most bought|"
     r"most units|top buyer|the most at the table",
     lambda seat, c: any(x.kind == "done" and x.among == MOST for x in c)),
    (r"cushion (holds|is untouched|grows)|kept my cushion|comfortable|safe and sound|"
     r"kept \$[\d,]+ safe|I feel safe|slow and safe",
     lambda seat, c: any(x.kind == "cushion" for x in c)),
    (r"cancel", lambda seat, c: any(x.kind == "cancelled" for x in c)),
    (r"first (orders|order|acquisitions)|opening orders",
     lambda seat, c: any(x.kind == "first_month" for x in c)),
    (r"last orders|final (orders|buying|sale|round|stall)|last (buying|sale)|closing sale|"
     r"at the last|very end|at the end",
     lambda seat, c: any(x.kind == "last_month" for x in c)),
    (r"\bBroker\b", lambda seat, c: any(x.kind in ("to_broker", "loan") for x in c)),
)


def _whole(seat, claims):
    """The whole entry bought (sold): as many units got as entered, over the phase."""
    got = {x.quantity for x in claims if x.kind == "done" and x.seat == seat and not
           x.commodity and not x.among}
    wanted = {x.quantity for x in claims if x.kind == "entered" and x.seat == seat}
    return bool(got & wanted - {0})


def simulated_moments(games=(0, 1, 2, 3, 4, 7)):
    """Each moment met in a few simulated games, and two crafted (a purchase cancelled, an
    offer not made): (seat, moment)."""
    met = {}
    for index in games:
        game, _ = voices.play(index, 1)
        before = [game.rules.starting_cash] * game.players
        for report in game.history:
            for seat in range(game.players):
                for moment in speech.moments(report, seat, game.rules, before):
                    met.setdefault(moment.name, []).append((seat, moment))
            if report.phase == "selling":
                before = [r.cash_after for r in report.seats]
    cancelled = two_player_month({"xfine": (12, 80), "fine": (6, 80)}, {}, {"A": (1, 100)})
    for report in cancelled.history:
        for moment in speech.moments(report, 0, cancelled.rules, [900, 900]):
            met.setdefault(moment.name, []).append((0, moment))
    return met


def test_every_sentence_s_words_have_the_claims_behind_them():
    """Every sentence of every character, filled in wherever a simulated game has its moment
    with every field it needs: each of its words that state something has the claim behind
    it; and every claim holds in the record."""
    met = simulated_moments()
    assert set(met) == set(speech.FIELDS)
    tried = 0
    for key in KEYS:
        for name, group in PHASE_LINES[key].items():
            for template in group:
                for seat, moment in met[name]:
                    if not set(speech.template_fields(template)) <= \
                            {f for f, _, _ in moment.values}:
                        continue
                    text, claims = speech.fill(template, moment)
                    tried += 1
                    for pattern, holds in WORDS:
                        if re.search(pattern, text, re.IGNORECASE):
                            assert holds(seat, claims), (key, template, pattern, claims)
                    break
    assert tried > 500


# ------------------------------------------------------------------ whole games

@pytest.fixture(scope="module")
def measured():
    return voices.measure(games=10, seed=3)


def test_the_measures_over_simulated_games(measured):
    assert measured["repeats"] == 0
    assert measured["together"] == 0
    assert measured["false"] == [] and measured["selective"] == []
    assert measured["tics"] == []
    assert measured["shared"] == 0 and measured["shared_said"] == 0
    assert measured["shared_phrases"] == []
    assert min(measured["templates"].values()) >= 100
    assert measured["lines"] > 300 and measured["claims"] > measured["lines"]
    assert voices.met(measured)


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


def test_in_a_longer_game_no_sentence_comes_back_within_12_phases_nor_a_tic():
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
    phrases = defaultdict(list)
    for phase, row in enumerate(said):
        for seat, s in enumerate(row):
            if s.line:
                when[(seat, speech.sentence_key(s.text))].append(phase)
                for p in phrases_of(s.text, game.names):
                    phrases[(seat, p)].append(phase)
    again = [phases for phases in when.values() if len(phases) > 1]
    assert again                                     # a long game does come back to some
    assert all(b - a >= speech.REPEAT_PHASES for phases in again
               for a, b in zip(phases, phases[1:]))
    for phases in phrases.values():                  # never three within 12 months
        assert all(c - a >= speech.TIC_PHASES for a, c in zip(phases, phases[2:]))


def test_last_words_are_true_and_name_the_winner_only_where_so():
    for index in range(6):
        game, characters = voices.play(index, 5)
        settlement = game.history[-1].settlement
        words = speech.last_words(settlement, characters)
        assert set(words) == {s for s, c in enumerate(characters) if c}
        for seat, line in words.items():
            assert hearing.end_contradictions(line, settlement, seat) == []
            assert hearing.end_selective(line, settlement, seat) == []
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


# ------------------------------------------------------------------ the command

def test_the_command_prints_the_measures(capsys):
    assert voices.main(["--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for words in ("repeats of a sentence by one seat in one game (numbers aside): 0",
                  "the same sentence from two seats in one reveal: 0",
                  "false claims (not so in the record, or about a phase to come): in 0 of ",
                  "selective claims (a player named for what another did too): in 0 of ",
                  "tics (a phrase said more than 2 times by one seat in one game): 0",
                  "sentences shared between two characters' line sets: 0",
                  "phrases of 3 words or more shared between two characters' line sets: 0",
                  "sentences each character can say: fewest "):
        assert words in out


def test_the_command_writes_one_game_s_lines_with_their_claims(tmp_path, capsys):
    path = tmp_path / "voices.txt"
    assert voices.main(["--games", "1", "--transcript-file", str(path)]) == 0
    assert f"One game's lines, with their claims: {path}" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[0].startswith(voices.TRANSCRIPT_HEADER + ": game 4, seed 1, ")
    assert text[1] == "Jan buying" and "Dec selling" in text and "Last words" in text
    assert "NOT SO" not in "\n".join(text)
    said = [i for i, line in enumerate(text) if line.startswith("  ") and "“" in line]
    assert len(said) > 20
    for i in said:                    # each line said, its claims as data, the record's word
        assert re.match(r"      \w+: ", text[i + 1]), text[i:i + 3]
    assert re.fullmatch(r"(\d+) of \1 lines borne out by the record in every claim\.",
                        text[-1])
    # written again over its own file, the same game, the same words
    assert voices.main(["--games", "1", "--transcript-file", str(path)]) == 0
    assert path.read_text(encoding="utf-8").splitlines() == text


def test_the_transcript_file_is_never_written_over_what_the_command_did_not_write(
        tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes\n", encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link.txt"
    link.symlink_to(notes)
    for path, why in ((notes, "was not written by this command"),
                      (fifo, "is not a regular file"), (link, "is not a regular file"),
                      (tmp_path / "no" / "t.txt", "does not exist")):
        assert voices.main(["--games", "1", "--transcript-file", str(path)]) == 1
        assert why in capsys.readouterr().out
    assert notes.read_text(encoding="utf-8") == "my own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "notes.txt", "pipe"]


def test_a_transcript_file_that_cannot_be_written_is_a_sentence_and_leaves_nothing(
        tmp_path, capsys, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    assert voices.main(["--games", "1", "--transcript-file", str(tmp_path / "t.txt")]) == 1
    assert "The transcript could not be written (No space left on device)." in \
        capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_the_transcript_follows_one_character_through_a_whole_game(capsys):
    assert voices.main(["--transcript", "rex", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Rex in a 12-month game with ")
    assert len(lines) == 1 + 24 + 1 and lines[-1].startswith("  Last word (")


def test_a_mistake_on_the_command_line_is_one_sentence(capsys):
    with pytest.raises(SystemExit) as stop:
        voices.main(["--games", "0"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == ("python3 -m ed.tuning.voices: Argument --games: 0 is not "
                                       "from 1 to 5000. See python3 -m ed.tuning.voices --help.\n")


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
    assert err.getvalue() == ("python3 -m ed.tuning.voices: the output could not be written (no "
                              "space left on device).\n")
    quiet = io.StringIO()
    assert voices.main(["--transcript", "iris"], out=Full(BrokenPipeError()), err=quiet) == 1
    assert quiet.getvalue() == ""
