"""The Review tab of the end screen: each person's entries beside the expert's.

Each test drives the real window under Xvfb and reads what its widgets show.
"""
from __future__ import annotations

import threading

import re

from ed import review

from . import fitcheck
from .test_table import begin, game_at, play_to_reveal
from .test_window import keys


def finish(app, game):
    """Play the people's last entries and go on to the end screen."""
    play_to_reveal(app)
    keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over" and game.is_over


def test_the_review_tab_shows_the_top_sentence_once_its_thread_ends(make_app, monkeypatch):
    held = threading.Event()            # the worker waits until the test has seen it working
    worked_out = review.review

    def slow_review(*args, **kwargs):
        held.wait(60)
        return worked_out(*args, **kwargs)

    monkeypatch.setattr(review, "review", slow_review)
    app = make_app()
    game = begin(app, game_at(4, 2, months=2, humans=2))
    finish(app, game)
    ending = app.layout.ending
    tab = ending.review_tab
    assert ending.tabs.tab(tab, "text") == "Review"
    assert tab.sentences_shown() == "" and not tab.table.get_children()   # not before it is seen
    ending.tabs.focus_set()                                # reached with the keyboard
    for _ in ending.tabs.tabs()[1:]:                        # to the last tab, the Review
        keys(app, ending.tabs, "Right")
    assert ending.tabs.select() == str(tab)
    assert tab.status.cget("text") == "Reviewing Ann's entries beside the expert's…"
    assert tab.progress.winfo_ismapped()
    held.set()
    tab.wait(60)
    tab.deliver()
    app.update()
    expected = worked_out(game, 0, explanations=app.session.revealed_explanations)
    assert expected.costliest                  # random entries cost something somewhere
    assert tab.sentences_shown() == "\n".join(f"{n}. {d.short}"
                                              for n, d in enumerate(expected.costliest, 1))
    assert tab.status.cget("text") == f"Ann: {expected.total_text}, phase by phase."
    assert not tab.progress.winfo_ismapped()
    rows = [tab.table.item(row, "values") for row in tab.table.get_children()]
    assert [row[0] for row in rows] == ["Jan, buying", "Jan, selling", "Feb, buying",
                                        "Feb, selling"]
    costliest = expected.decisions.index(expected.costliest[0])   # the person's side: worse is -$
    assert rows[costliest][3] == f"-${expected.costliest[0].difference:,}"
    assert [s.values for s in tab.chart.series] == [expected.actual, expected.estimate]
    assert expected.actual[-1] == game.final_cash()[0]
    index, chosen = next((i, d) for i, d in enumerate(expected.decisions)
                         if d.suggested != d.entered)
    tab.table.selection_set(str(index))
    app.update()
    from ed.ui.screens.reviewtab import expert_reason
    assert tab.detail.cget("text") == "\n".join(
        [chosen.sentence, expert_reason(chosen.reason)]
        + [f"{name} thought: {said}" for name, said in chosen.table_talk])
    last = expected.decisions[-1]                 # played in the window: the computers spoke
    assert [name for name, _ in last.table_talk] == ["Rex", "Iris"]
    tab.table.selection_set("3")
    app.update()
    assert tab.detail.cget("text").endswith(f"Iris thought: {last.table_talk[1][1]}")
    assert fitcheck.problems(tab, (0, 0, 1366, 768)) == []      # nothing cut
    # Pass and play: the other person chooses their own review.
    assert tab.whose.winfo_ismapped() and list(tab.whose.cget("values")) == ["Ann", "Bob"]
    tab.whose_var.set("Bob")
    tab.whose.event_generate("<<ComboboxSelected>>")
    app.update()
    tab.wait(60)
    tab.deliver()
    app.update()
    theirs = review.review(game, 1)
    assert tab.shown.seat == 1
    assert tab.sentences_shown() == ("\n".join(f"{n}. {d.short}" for n, d in
                                               enumerate(theirs.costliest, 1))
                                     or theirs.summary)


def test_a_solo_game_s_review_has_no_choice_of_person(make_app):
    app = make_app()
    game = begin(app, game_at(3, 1, months=1, humans=1))
    finish(app, game)
    tab = app.layout.ending.review_tab
    app.layout.ending.tabs.select(tab)
    app.update()
    assert not tab.whose.winfo_ismapped()
    tab.wait(60)
    tab.deliver()
    app.update()
    assert tab.shown is not None and tab.shown.name == "Ann"
    assert len(tab.table.get_children()) == 2


def test_a_phase_the_expert_could_not_decide_is_said_and_not_compared(make_app, monkeypatch,
                                                                      ai_fallbacks):
    from ed.ai import levels
    from ed.saves import paths
    original = levels.Avatar.decide

    def failing(avatar, view):
        if avatar.level == "expert" and view.phase == "selling":
            raise ZeroDivisionError("planted at the door")
        return original(avatar, view)

    monkeypatch.setattr(levels.Avatar, "decide", failing)       # the review's expert only
    app = make_app()
    game = begin(app, game_at(3, 1, months=1, humans=1))
    finish(app, game)
    tab = app.layout.ending.review_tab
    app.layout.ending.tabs.select(tab)
    app.update()
    tab.wait(60)
    tab.deliver()
    app.update()
    found = tab.shown
    assert found.failed == 1 and found.decisions[1].failed
    assert tab.summary.winfo_ismapped()
    assert tab.summary.cget("text").startswith("The expert could not decide 1 of the 2 phases, "
                                               "so it is not compared. The details are in "
                                               "errors.log.")
    rows = [tab.table.item(row, "values") for row in tab.table.get_children()]
    assert [row[0] for row in rows] == ["Jan, buying", "Jan, selling"]
    assert (rows[1][2], rows[1][3]) == ("could not decide", "$0")
    tab.table.selection_set("1")
    app.update()
    assert tab.detail.cget("text") == ("Jan, selling: the expert could not decide here, so "
                                       "this phase is not compared.")
    assert fitcheck.problems(tab, (0, 0, 1366, 768)) == []      # nothing cut
    log = paths.error_log_path(app.folder).read_text()
    assert "month 1 selling, passes the phase: ZeroDivisionError: planted at the door" in log
    [record] = ai_fallbacks
    assert record.name == "ed.players"
    ai_fallbacks.clear()


def test_a_point_opens_short_sentences_true_of_the_game(make_app):
    """A point of the review, clicked, opened one sentence of 90 words; the table showed the
    expert's "2 Standard $19" where Standard closed at $20, the reason only in a footnote;
    and a game without loans was told of "what loans will cost to repay"."""
    app = make_app()
    game = begin(app, game_at(3, 2, months=3, humans=1))
    assert not game.rules.loans
    finish_all(app, game)
    tab = app.layout.ending.review_tab
    app.layout.ending.tabs.select(tab)
    app.update()
    tab.wait(60)
    tab.deliver()
    app.update()
    found = tab.shown
    assert found.costliest
    tab.tops[0].event_generate("<Button-1>")                  # the first point, clicked
    app.update()
    shown = tab.detail.cget("text")
    assert shown.startswith(found.costliest[0].sentence)
    said = [s for line in shown.split("\n") for s in re.split(r"(?<=\.) (?=[A-Z])", line)]
    assert len(said) >= 4
    assert all(len(sentence.split()) <= 25 for sentence in said), said
    note = tab.note.cget("text")
    assert "loan" not in note and note.startswith("Dollars count cash, plus stock at the "
                                                   "new prices the phase set")
    rows = [tab.table.item(row, "values") for row in tab.table.get_children()]
    failed = 0
    for row, decision in zip(rows, found.decisions):
        assert row[1] == decision.entered_told
        same = decision.same
        assert row[2] == ("the same" if same else decision.suggested_told)
        buying = decision.phase == "purchasing"
        keys = ("xfine", "fine", "standard") if buying else ("A", "B", "C")
        for key, (units, price) in decision.suggested:
            done = decision.review.done[keys.index(key)]
            if not same and done == 0 and not decision.review.cancelled:
                failed += 1
                market = decision.review.prices[("xfine", "fine", "standard", "A", "B",
                                                 "C").index(key)]
                assert f"{units} " in row[2] and \
                    f" ✗ {'under' if buying else 'over'} ${market:,}" in row[2]


def finish_all(app, game):
    """Play the people's entries to the end of the game and go on to the end screen."""
    for _ in range(12):
        if app.mode == "over":
            break
        play_to_reveal(app)
        keys(app, app.layout.reveal.continue_button, "Return")
    assert app.mode == "over" and game.is_over
