"""The presenter turns engine objects into what the widgets show; no display needed."""
from __future__ import annotations

import ed
from ed.ui import presenter as P
from ed.ui.presenter.setup import SeatSetup, Setup
from ed.ui.shell.session import Session, Step
from ed.saves.store import SaveStore


def worked_example():
    """RULES §7: Ann and Bob, month 1, default rules."""
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"], seed=1)
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    buying = game.resolve()
    game.submit(0, {"C": (1, 97)})
    game.submit(1, {"A": (1, 149), "C": (2, 88)})
    selling = game.resolve()
    return game, buying, selling


def test_tally_cells_of_the_worked_example():
    game, buying, selling = worked_example()
    ann = P.tally_columns(game.history, 0)[1]
    assert ann["xfine.units"] == P.Cell("6", True)
    assert ann["xfine.price"] == P.Cell("$40", True)
    assert ann["fine.units"] == P.Cell("4", False)
    assert ann["fine.money"] == P.Cell("$112", False)
    assert ann["orders.total"].text == "$112"
    assert ann["C.price"] == P.Cell("$97", True)
    assert ann["cash"].text == "$788"
    assert ann["stock"].text == "0·4·0"
    bob = P.tally_columns(game.history, 1)[1]
    assert bob["orders.total"].text == "$408"
    assert bob["A.money"].text == "$149"
    assert bob["C.money"].text == "$176"
    assert bob["sales.total"].text == "$325"
    assert bob["cash"].text == "$817"
    assert bob["stock"].text == "1·0·4"


def test_cancelled_order_is_struck_and_marked():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {"xfine": (12, 80), "fine": (6, 80)})   # $1,440 > $900
    game.submit(1, {})
    report = game.resolve()
    cells = P.report_cells(report, 0)
    assert cells["xfine.units"].struck and cells["fine.price"].struck
    assert cells["orders.total"] == P.Cell("cancelled", False, "bad")


def test_price_board_rows():
    game, _, _ = worked_example()
    rows = P.price_board_rows(game.price_history(), 12)
    assert len(rows) == 13
    assert rows[0] == ("Opening", ("$40", "$30", "$20", "$140", "$115", "$90"))
    assert rows[1] == ("Jan", ("$42", "$24", "$18", "$149", "$126", "$95"))
    assert rows[2] == ("Feb", ("", "", "", "", "", ""))


def test_seat_rows_show_public_facts_and_submitted_only():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    game.submit(0, {"xfine": (6, 40)})
    rows = P.seat_rows(game.view(1), current=1)
    assert [r.status for r in rows] == ["✓", "waiting"]
    assert rows[0].cash == "$900" and rows[0].stock == "0·0·0"
    assert "40" not in repr(rows[0]) and "6" not in rows[0].stock
    assert rows[1].current and not rows[0].current


def texts(**pairs):
    return {key: tuple(value) for key, value in pairs.items()}


def test_entry_help_minimum_bid_cost_and_units_left():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    view = game.view(0)
    help_ = P.entry_help(view, texts(xfine=("6", "40"), fine=("4", "28")))
    assert help_.ok and help_.entry == {"xfine": (6, 40), "fine": (4, 28)}
    assert "Minimum bid for 6 X-Fine: $36" in help_.lines["xfine"].text
    assert "$352" in help_.total.text and "cash left $548" in help_.total.text
    assert "8 more units allowed" in help_.total.text


def test_entry_help_refuses_a_bid_below_the_minimum_naming_the_rule():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    help_ = P.entry_help(view, texts(xfine=("6", "35")), tried=True)
    assert not help_.ok and help_.first_bad == "xfine" and help_.bad_field == "price"
    assert help_.lines["xfine"].level == "error"
    assert "below the minimum bid $36" in help_.lines["xfine"].text


def test_entry_help_warns_when_everything_would_be_cancelled():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    help_ = P.entry_help(view, texts(xfine=("12", "80")))
    assert help_.ok and help_.total.level == "warn"
    assert "cancelled" in help_.total.text


def test_entry_help_non_number_is_named_next_to_its_field():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    help_ = P.entry_help(view, texts(fine=("four", "")))
    assert not help_.ok and help_.lines["fine"].level == "error"
    assert "whole number" in help_.lines["fine"].text


def test_entry_help_missing_price_is_a_reminder_then_a_refusal():
    view = ed.Game(ed.Rules(players=2), ["Ann", "Bob"]).view(0)
    assert P.entry_help(view, texts(fine=("4", ""))).lines["fine"].level == "info"
    tried = P.entry_help(view, texts(fine=("4", "")), tried=True)
    assert not tried.ok and tried.lines["fine"].level == "error"
    assert "at least $24" in tried.lines["fine"].text


def test_entry_help_refuses_an_offer_that_cannot_be_made():
    game, _, _ = worked_example()
    game.submit(0, {})
    game.submit(1, {})
    game.resolve()
    view = game.view(0)     # Ann: 4 Fine, nothing else
    help_ = P.entry_help(view, texts(A=("1", "150")), tried=True)
    assert not help_.ok and help_.first_bad == "A"
    assert "Cannot make 1 A" in help_.lines["A"].text
    assert "over-offering rule" in help_.total.text
    fine = P.entry_help(view, texts(C=("1", "90")))
    assert fine.ok and "You can make 1" in fine.lines["C"].text
    assert "Highest useful ask for 1: $" in fine.lines["C"].text


def test_parse_number_accepts_dollars_and_commas():
    assert P.parse_number(" $1,200 ") == 1200
    assert P.parse_number("") == 0
    assert P.parse_number("4.5") is None
    assert P.parse_number("four") is None


def test_parse_number_leaves_size_and_sign_to_the_rules():
    # A negative or huge number is a number; the rules then say what is wrong with it.
    assert P.parse_number("-3") == -3
    assert P.parse_number("99999999999") == 99999999999
    assert P.parse_number("9" * 50) == 10 ** 30
    assert P.parse_number("-" + "9" * 5000) == -10 ** 30


def test_reveal_rows_come_from_the_report():
    _, buying, selling = worked_example()
    data = P.reveal(buying, {1: "bids high"})
    xfine = data.blocks[0]
    assert xfine.name == "X-Fine" and "12 units ordered" in xfine.summary
    assert "$40 → $42" in xfine.summary and "+2" in xfine.summary
    assert xfine.rows[0] == ("Ann", "6", "$40", buying.seats[0].lines[0].outcome)
    assert xfine.failed == (True, False)
    assert data.seats[1][:4] == ("Bob", "$408", "$492", "6·0·8")
    assert data.thoughts == ("Bob: bids high",)
    sold = P.reveal(selling)
    assert sold.blocks[2].summary.startswith("3 units offered")


def one_month_game(other: str = "Bob"):
    """A month of two players, to its end: the game and the selling's report."""
    game = ed.Game(ed.Rules(players=2, months=1), ["Ann", other])
    game.submit(0, {"xfine": (6, 40), "fine": (4, 28)})
    game.submit(1, {"xfine": (6, 44), "standard": (8, 18)})
    game.resolve()
    game.submit(0, {"C": (1, 97)})
    game.submit(1, {"A": (1, 149), "C": (2, 88)})
    return game, game.resolve()


def test_ending_names_the_winner():
    game, report = one_month_game()
    data = P.ending(report.settlement)
    winner = game.names[game.places().index(1)]
    assert data.headline.startswith(f"{winner} wins")
    assert data.rows[0][0] == "1st" and data.rows[0][1] == winner


def test_tally_rows_follow_the_paper_sheet():
    ids = [r.id for r in P.tally_rows()]
    assert ids[:4] == ["xfine.units", "xfine.price", "xfine.money", "fine.units"]
    assert "orders.total" in ids and "sales.total" in ids and "loan" not in ids
    assert "loan" in [r.id for r in P.tally_rows(loans=True)]


def test_session_turns_cover_only_between_people(tmp_path):
    setup = Setup((SeatSetup("Ann"), SeatSetup("Bob"), SeatSetup("Mabel", True, "easy", "mabel")),
                  seed=5)
    session = Session(setup.game(), tmp_path)
    step = session.step()
    assert step.kind == "enter" and step.seat == 0 and step.cover
    assert session.game.submitted(2)          # the computer decided at once
    session.shown_seat = 0
    session.submit(0, {})
    step = session.step()
    assert step.seat == 1 and step.cover
    session.shown_seat = 1
    session.submit(1, {})
    assert session.step().kind == "reveal"
    assert session.autosave_path.parent == tmp_path / "saves"
    game = ed.save.load(session.autosave_path)
    assert ed.save.dumps(game) == ed.save.dumps(session.game)
    session.close()


def test_solo_session_needs_no_cover(tmp_path):
    setup = Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "medium", "rex")))
    session = Session(setup.game(), tmp_path)
    assert session.game.seed is not None
    step = session.step()
    assert step.kind == "enter" and not step.cover


def test_corrupt_old_autosave_is_set_aside(tmp_path):
    (tmp_path / "autosave.json").write_text("{")
    problems = SaveStore(tmp_path).migrate()
    assert len(problems) == 1 and "set aside" in problems[0]
    assert (tmp_path / "autosave.json.corrupt").exists()


def test_old_autosave_that_cannot_be_moved_is_not_said_to_be_set_aside(tmp_path, monkeypatch):
    from ed.saves import paths
    (tmp_path / "autosave.json").write_text("{")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths.os, "replace", refuse)
    problems = SaveStore(tmp_path).migrate()
    assert len(problems) == 1 and "was left where it is" in problems[0]
    assert "set aside" not in problems[0] and not (tmp_path / "autosave.json.corrupt").exists()


def test_each_new_session_saves_in_a_file_of_its_own(tmp_path):
    first = Session(Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "easy", "rex"))).game(), tmp_path)
    second = Session(Setup((SeatSetup("Bo"), SeatSetup("Cora", True, "easy", "cora"))).game(), tmp_path)
    assert first.autosave() is None and second.autosave() is None
    assert first.autosave_path != second.autosave_path
    assert [i.names for i in SaveStore(tmp_path).unfinished()] in (
        [("Bo", "Cora"), ("Ann", "Rex")], [("Ann", "Rex"), ("Bo", "Cora")])
    assert ed.save.load(first.autosave_path).names == ("Ann", "Rex")
    first.close()
    second.close()


def test_a_session_that_cannot_save_says_where_and_plays_on(tmp_path, monkeypatch):
    import errno
    import os
    session = Session(Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "easy", "rex"))).game(),
                      tmp_path)
    session.step()
    assert session.autosave() is None
    before = session.autosave_path.read_bytes()

    def full(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    session.submit(0, {"xfine": (2, 40)})
    assert session.save_problem == (
        f"The game could not be saved in {tmp_path / 'saves'} (no space left on device); "
        f"play goes on, and Game ▸ Save As… can keep it elsewhere.")
    assert session.autosave_path.read_bytes() == before and session.game.submitted(0)
    monkeypatch.undo()
    assert session.autosave() is None and session.save_problem is None
    session.close()


# --------------------------------------------------- the table at a glance

def test_reveal_cells_say_what_came_of_each_entry_with_a_mark():
    _, buying, selling = worked_example()
    data = P.reveal(buying)
    ann, bob = data.rows
    assert ann.cells[0] == P.RevealCell("6 at $40", "✗ bid under $42",
                                        buying.seats[0].lines[0].outcome, "failed", 6)
    assert ann.cells[1].result == "✓ 4 for $112" and ann.cells[1].state == "done"
    assert ann.cells[2] == P.RevealCell("—", "", "no order", "none")
    assert bob.money == "$408" and bob.cash == "$492" and bob.stock == "6·0·8"
    assert [c.units for c in data.columns] == ["12 units ordered", "4 units ordered",
                                               "8 units ordered"]
    assert data.columns[0].move == "+2: $40 → $42"
    sold = P.reveal(selling)
    assert sold.columns[0].units == "1 unit offered"          # not "1 units"
    assert sold.blocks[0].summary.startswith("1 unit offered in all")


def test_a_computer_player_reacts_to_what_happened_and_a_person_does_not():
    """Ann's $1,440 of bids against $900 are cancelled; Mabel bids $40 for 4 Fine, which
    stays at $30 (10 units ordered): $40 over the market, a moment Mabel cares about."""
    import ed.ai
    from ed.ai import speech
    game = ed.Game(ed.Rules(players=2), ["Ann", "Mabel"])
    game.submit(0, {"xfine": (12, 80), "fine": (6, 80)})   # $1,440 > $900: cancelled
    game.submit(1, {"fine": (4, 40)})
    report = game.resolve()
    mabel = ed.ai.PERSONALITIES["mabel"]
    data = P.reveal(report, {1: "bids high"}, seats_info={1: mabel})
    said = speech.phase_lines([report], (None, "mabel"), game.rules)[0]
    assert data.rows[0].reaction == "" and data.rows[0].mood == "neutral"
    assert data.rows[0].note.startswith("Purchases cancelled:")
    assert data.rows[1].thought == "bids high"
    assert (data.rows[1].reaction, data.rows[1].mood) == (said[1].text, said[1].mood)
    found = {m.name for m in speech.moments(report, 1, game.rules, [900, 900])}
    assert {"bought_all", "paid_over", "bought_most", "first_orders"} <= found
    assert "bought_cheap" not in found
    if said[1].line is not None:                      # a line is one of Mabel's, for a moment
        moment = said[1].line.template.split(":")[1]  # that holds
        assert said[1].line.template.startswith("mabel:") and moment in found
    # a person is seated where the character would be: nothing said, the same face
    assert P.reveal(report, seats_info={1: None}).rows[1].reaction == ""
    assert P.reveal(report, {1: "bids high"}, seats_info={1: mabel}) == data


def test_last_words_and_the_table_follow_the_settlement():
    import ed.ai
    game, report = one_month_game("Rex")
    data = P.ending(report.settlement, computers={1: ed.ai.PERSONALITIES["rex"]})
    assert "Loans repaid" not in data.columns and all(len(r) == 6 for r in data.rows)
    assert "loan" not in data.text
    assert [q.name for q in data.quotes] == ["Rex"]
    winner = game.places().index(1)
    assert data.winners == (winner,) and data.headline.startswith(game.names[winner])
    from ed.ai import speech
    assert data.quotes[0].text == speech.last_words(report.settlement, (None, "rex"))[1].text
    with_loans = P.ending(report.settlement, loans=True)
    assert "Loans repaid" in with_loans.columns and "$125 for each $100" in with_loans.text


def test_the_materials_sold_to_the_broker_are_said_in_words():
    """The end table said "0·3·0 sold for $129": the grades are named, and a seat with
    nothing left says nothing was sold."""
    from dataclasses import replace
    _, report = one_month_game("Rex")
    column = P.ENDING_COLUMNS.index("Materials to the Broker")
    rows = {row[1]: row[column] for row in P.ending(report.settlement).rows}
    assert rows == {"Ann": "4 Fine for $96", "Rex": "1 X-Fine, 4 Standard for $114"}
    empty = replace(report.settlement[0], materials={"xfine": 0, "fine": 0, "standard": 0},
                    materials_value=0)
    rows = {row[1]: row[column] for row in P.ending((empty, report.settlement[1])).rows}
    assert rows[empty.name] == "—"


def test_progress_counts_the_phases_played():
    progress = P.progress(12, 3, "selling")
    assert progress.label == "Mar: month 3 of 12, selling finished goods"
    assert progress.done == 5 and progress.current == 5 and len(progress.months) == 12
    revealed = P.progress(12, 3, "selling", revealed=True)
    assert revealed.label.endswith("offers revealed") and revealed.done == 6
    over = P.progress(2, 2, "over")
    assert over.current is None and over.done == 4 and over.label.startswith("Game over")


def test_an_empty_entry_is_questioned_only_when_the_seat_could_act():
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    assert P.empty_entry_question(game.view(0)).startswith("Submit no order this month?")
    game.submit(0, {})
    game.submit(1, {"fine": (3, 30)})
    game.resolve()
    assert P.empty_entry_question(game.view(0)) is None        # nothing to make
    assert P.empty_entry_question(game.view(1)).startswith("Submit no offer this month?")


def test_seat_rows_say_who_is_thinking():
    setup = Setup((SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel")), seed=3)
    game = setup.game()
    rows = P.seat_rows(game.view(0), thinking=(1,))
    assert [r.status for r in rows] == ["waiting", "thinking…"]
    assert [r.plays for r in rows] == ["person", "computer, expert"]


def test_a_slow_level_is_left_to_think_and_a_quick_one_decides_at_once(tmp_path):
    setup = Setup((SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel"),
                   SeatSetup("Rex", True, "easy", "rex")), seed=3)
    session = Session(setup.game(), tmp_path)
    step = session.step(play=False)
    assert step.kind == "enter" and step.seat == 0
    assert session.game.submitted(2) and not session.game.submitted(1)
    session.submit(0, {})
    assert session.step(play=False) == Step("wait", seats=(1,))
    avatar = session.avatar(1)
    entry = avatar.decide(session.game.view(1))
    assert session.record(1, entry, avatar.explanation)
    assert not session.record(1, entry, "again")               # a second answer is dropped
    assert session.step(play=False).kind == "reveal"


def test_an_answer_the_rules_refuse_passes_and_is_counted_as_a_failed_decision(tmp_path,
                                                                               ai_fallbacks):
    setup = Setup((SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel")), seed=3)
    session = Session(setup.game(), tmp_path)
    assert session.record(1, {"xfine": (3, 1)}, "bids far too low")
    assert session.game.entry(1) == {} and session.failures == [(1, "purchasing", 1)]
    assert session.avatar(1).fallbacks == 1
    [record] = ai_fallbacks
    assert record.name == "ed.ui" and record.getMessage().endswith(
        "passes the phase: RuleError: Mabel: X-Fine bid $1 is below the minimum bid $33 (3 "
        "units at previous price $40).")
    ai_fallbacks.clear()


def test_the_thinker_drops_an_answer_for_a_game_gone_by(tmp_path):
    from ed.ui.shell.thinking import Thinker

    class Clockless:
        """Stands in for the window: ``after`` only notes the poll."""

        def after(self, ms, callback):
            return "poll"

        def after_cancel(self, ident):
            pass

    got = []
    thinker = Thinker(Clockless(), on_decided=lambda *answer: got.append(answer))
    setup = Setup((SeatSetup("Ann"), SeatSetup("Mabel", True, "expert", "mabel")), seed=3)
    old = Session(setup.game(), tmp_path)
    thinker.start(old, [1])
    assert thinker.seats == (1,) and thinker.busy(old)
    thinker.wait(10)
    thinker.cancel()                                           # a new game begins
    thinker.deliver()
    assert got == [] and thinker.seats == ()
    new = Session(setup.game(), tmp_path)
    thinker.start(new, [1])
    thinker.wait(10)
    thinker.deliver()
    assert len(got) == 1 and got[0][0] is new and got[0][1] == 1


def test_the_windows_computer_players_keep_to_the_time_budget(tmp_path):
    setup = Setup((SeatSetup("Ann"), SeatSetup("Rex", True, "expert", "rex")))
    session = Session(setup.game(), tmp_path)
    assert session.avatar(1).time_budget == ed.ai.TIME_BUDGET > 0


def test_even_lines_breaks_evenly_and_measures_each_text_once():
    asked = []

    def measure(text):          # a letter is 10 pixels wide, a space 5
        asked.append(text)
        return sum(5 if ch == " " else 10 for ch in text)

    words = "one two three four five six seven eight nine ten"
    text = P.even_lines((words,), measure, 400)
    # the first nine words fill 400 pixels, and "ten" would be alone on the last line
    assert text == "one two three four five\nsix seven eight nine ten"
    assert len(asked) == len(set(asked))
    assert P.even_lines(("short",), measure, 400) == "short"
