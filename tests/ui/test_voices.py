"""What the computer players say, as the reveal and the end screen show it (the presenter's
part; the characters' words and their measures are tested in tests/test_ai_voices.py).
No display needed."""
from __future__ import annotations

import ed
from ed.ai import speech
from ed.tuning import voices
from ed.ui import presenter as P


def seats_info(characters):
    return {seat: ed.ai.PERSONALITIES[key] for seat, key in enumerate(characters) if key}


def test_each_reveal_row_shows_the_seat_s_line_in_quotes_and_a_person_says_nothing():
    game, characters = voices.play(3, 4)              # a person at seat 0
    assert characters[0] is None
    said = speech.phase_lines(game.history, characters, game.rules)
    spoken = 0
    for index, report in enumerate(game.history):
        data = P.reveal(report, seats_info=seats_info(characters),
                        history=game.history[:index + 1], rules=game.rules)
        for row, s in zip(data.rows, said[index]):
            if characters[row.seat] is None:
                assert (row.reaction, row.mood) == ("", "neutral")
                assert row.line == row.short           # a loan or a cancellation, in words
                continue
            assert row.mood == s.mood
            assert row.line == (f"“{s.text}”" if s.line else "")
            spoken += bool(s.line)
    assert spoken > 10


def test_a_look_again_at_an_earlier_reveal_says_what_was_said_then():
    game, characters = voices.play(5, 4)
    info = seats_info(characters)
    then = [P.reveal(report, seats_info=info, history=game.history[:i + 1], rules=game.rules)
            for i, report in enumerate(game.history)]
    later = [P.reveal(report, seats_info=info, history=game.history, rules=game.rules)
             for report in game.history]
    assert [[r.line for r in d.rows] for d in then] == [[r.line for r in d.rows] for d in later]


def test_a_line_is_shortened_at_a_sentence_then_at_a_word_never_inside_one():
    text = "Sold the lot: $363. Nothing left to waste."
    assert P.shorten(text, lambda t: True) == text
    assert P.shorten(text, lambda t: len(t) <= 25) == "Sold the lot: $363."
    assert P.shorten(text, lambda t: len(t) <= 14) == "Sold the lot…"
    assert P.shorten("Out in front! $879!", lambda t: len(t) <= 14) == "Out in front!"
    assert P.shorten("Unforgivable.", lambda t: len(t) <= 5) == ""
    words = {word.strip(".:") for word in text.split()}
    for room in range(6, len(text)):
        short = P.shorten(text, lambda t: len(t) <= room)
        assert len(short) <= room
        assert all(word.strip(".:") in words for word in short.rstrip("…").split()), short


def test_the_end_screen_quotes_each_computer_player_s_last_word():
    game, characters = voices.play(9, 4)
    settlement = game.history[-1].settlement
    data = P.ending(settlement, computers=seats_info(characters))
    words = speech.last_words(settlement, characters)
    assert [(q.seat, q.text, q.mood) for q in data.quotes] == [
        (seat, line.text, line.mood) for seat, line in sorted(words.items())]
    assert len(data.quotes) == sum(1 for c in characters if c)
