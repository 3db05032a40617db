"""The program's own files under hostile values: ``settings.json``, ``statistics.json``,
``saves-index.json`` and the saves' locks, fuzzed as the saves are
(``tests/test_hostile_saves.py``).

Each hostile value (a number of 400 or 5,000 digits, 1e400, NaN, Infinity, nesting 600
and 20,000 deep, a text of 20,000 characters, text with a line break and a direction
mark, a value of the wrong type) is planted in every place of every file in turn, and
the program reads the file in a child process whose memory is limited to
``MEMORY_LIMIT`` (where ``resource`` exists) and which must answer within
``TIME_LIMIT``.  Whatever the value, it gives the defaults: a file it cannot use is set
aside (settings and the record of play, each with one short sentence), or counts as
knowing nothing (the index: the saves are read again) or as held (a lock); and what it
gives is used as the program uses it (saved again, counted in, listed, shown), without
an error.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 300 * 1024 * 1024
#: generous: each case takes milliseconds; this only catches a hang
TIME_LIMIT = 60

#: JSON text of each hostile value
HOSTILE = {
    "an integer of 400 digits": "9" * 400,
    "a negative integer of 400 digits": "-" + "9" * 400,
    "an integer of 5,000 digits": "9" * 5000,
    "a fraction of 400 digits": "0." + "9" * 400,
    "1e400": "1e400",
    "-1e400": "-1e400",
    "1e-400": "1e-400",
    "NaN": "NaN",
    "Infinity": "Infinity",
    "-Infinity": "-Infinity",
    "nested 600 deep": "[" * 600 + "]" * 600,
    "nested 20,000 deep": "[" * 20_000 + "]" * 20_000,
    "objects nested 600 deep": '{"a":' * 600 + "1" + "}" * 600,
    "a text of 20,000 characters": json.dumps("x" * 20_000),
    "a text with a line break and a direction mark": json.dumps("Ann\n\u202eboB"),
    "a text": json.dumps("1.2"),
    "a list": "[1, 2]",
    "an object": '{"a": 1}',
    "null": "null",
    "true": "true",
    "-1": "-1",
    "0": "0",
}

#: one valid file of each kind; the places a value is planted, by their keys
SETTINGS = {"text_scale": 1.2, "reveal_pacing": "all", "first_run_done": True,
            "instructions_dismissed": True, "reduced_motion": True, "more_options": True,
            "drawer": "prices", "paper": "A4", "colour": "blue",
            "last_setup": {"players": 3, "months": 6, "loans": True,
                           "seats": [{"name": "Ann", "computer": False},
                                     {"name": "Mabel", "computer": True, "level": "easy",
                                      "personality": "mabel"},
                                     {"name": "Rex", "computer": True, "level": "hard",
                                      "personality": "rex"}]}}
SETTINGS_PLACES = [[], ["text_scale"], ["reveal_pacing"], ["first_run_done"],
                   ["instructions_dismissed"], ["reduced_motion"], ["more_options"], ["drawer"],
                   ["paper"], ["colour"], ["last_setup"], ["last_setup", "players"],
                   ["last_setup", "months"], ["last_setup", "loans"], ["last_setup", "seats"],
                   ["last_setup", "seats", 0], ["last_setup", "seats", 1, "name"],
                   ["last_setup", "seats", 1, "computer"], ["last_setup", "seats", 1, "level"],
                   ["last_setup", "seats", 1, "personality"]]

STATS = {"format": "executive-decision-statistics", "version": 1, "games_played": 3,
         "recorded": ["0123456789abcdef"],
         "players": {"Ann": {"games": 3, "wins": 2, "best_profit": 120, "total_profit": 150,
                             "by_level": {"easy": {"games": 3, "wins": 2}},
                             "by_players": {"2": {"games": 3, "wins": 2}}}}}
ANN = ["players", "Ann"]
STATS_PLACES = [[], ["version"], ["games_played"], ["recorded"], ["recorded", 0], ["players"],
                ANN, ANN + ["games"], ANN + ["wins"], ANN + ["best_profit"],
                ANN + ["total_profit"], ANN + ["by_level"], ANN + ["by_level", "easy"],
                ANN + ["by_level", "easy", "wins"], ANN + ["by_players"],
                ANN + ["by_players", "2", "games"]]

INDEX_PLACES = [[], ["version"], ["written_by"], ["files"], ["files", "*"],
                ["files", "*", 0], ["files", "*", 1], ["files", "*", 2], ["files", "*", 3],
                ["files", "*", 3, "names"], ["files", "*", 3, "names", 0],
                ["files", "*", 3, "month"], ["files", "*", 3, "months"],
                ["files", "*", 3, "phase"], ["files", "*", 3, "problem"],
                ["files", "*", 3, "reason"]]

#: the lines of a lock file; each one's value replaced in turn
LOCK_LINES = ["pid", "start", "nonce"]
#: a process id no process has (the largest a lock may name)
NO_PROCESS = 2 ** 31 - 2

CHILD = """\
import json, sys
try:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
except (ImportError, ValueError, OSError):
    pass
from tests.test_hostile_own_files import run_case
print(json.dumps(run_case(sys.argv[1], sys.argv[2])))
""".format(limit=MEMORY_LIMIT)


def plant(doc: Any, place: List[Any], marker: str) -> Any:
    """``doc`` with ``marker`` in ``place`` (``"*"``: the first key there)."""
    if not place:
        return marker
    doc = json.loads(json.dumps(doc))
    inner = doc
    for step in place[:-1]:
        inner = inner[next(iter(inner)) if step == "*" else step]
    last = place[-1]
    inner[next(iter(inner)) if last == "*" else last] = marker
    return doc


def planted_text(doc: Any, place: List[Any], value: str) -> str:
    marker = "@@HOSTILE@@"
    return json.dumps(plant(doc, place, marker), ensure_ascii=False).replace(
        json.dumps(marker), value)


# ---------------------------------------------------------------- in the child

def run_case(value_name: str, folder: str) -> Dict[str, List[Dict[str, Any]]]:
    """Every place of every kind of file with one hostile value: what the program made of it."""
    value = HOSTILE[value_name]
    found: Dict[str, List[Dict[str, Any]]] = {}
    for kind, places in PLACES.items():
        found[kind] = []
        for index, place in enumerate(places):
            where = Path(folder) / f"{kind}-{index}"
            where.mkdir()
            try:
                outcome = CHECKS[kind](where, place, value)
            except BaseException as error:          # the test shows what it was
                import traceback
                outcome = {"crashed": traceback.format_exc()[-1500:], "error": repr(error)[:300]}
            outcome["place"] = place
            found[kind].append(outcome)
    return found


@functools.lru_cache(maxsize=None)
def a_game(months: int, phases: int):
    """A game of two players, ``phases`` phases played (made once)."""
    from tests.test_save import played
    return played(months=months, players=2, upto=phases)


def check_settings(folder: Path, place: List[Any], value: str) -> Dict[str, Any]:
    from ed.saves import settings as S
    path = folder / "settings.json"
    planted = planted_text(SETTINGS, place, value).encode("utf-8")
    path.write_bytes(planted)
    loaded, message = S.load_settings(folder)
    aside = folder / "settings.json.corrupt"
    outcome = {"message": message, "default": loaded == S.Settings(),
               "aside_kept": aside.is_file() and aside.read_bytes() == planted,
               "left": path.is_file() and path.read_bytes() == planted}
    S.save_settings(folder, loaded.replace(first_run_done=True))      # used as the window does
    again, said = S.load_settings(folder)
    outcome["again"] = said is None and again == loaded.replace(first_run_done=True)
    outcome["scale_ok"] = S.TEXT_SCALE_MIN <= loaded.text_scale <= S.TEXT_SCALE_MAX
    paper = loaded.extra.get("paper", "A4")
    outcome["paper_is_text"] = isinstance(paper, str)
    return outcome


def check_stats(folder: Path, place: List[Any], value: str) -> Dict[str, Any]:
    from ed.saves import record as R
    from ed.ui.presenter.record import money_or_dash, player_rows, rate
    path = folder / "statistics.json"
    planted = planted_text(STATS, place, value).encode("utf-8")
    path.write_bytes(planted)
    stats, message = R.load_stats(folder)
    aside = folder / "statistics.json.corrupt"
    outcome = {"message": message, "default": stats == R.empty_stats(),
               "aside_kept": aside.is_file() and aside.read_bytes() == planted,
               "valid": R.validate(stats) is None}
    rows = player_rows(stats)                   # as the statistics window shows them
    shown = [row.name for row in rows] + [money_or_dash(row.best_profit) for row in rows] + \
        [rate(row.games, row.wins) for row in rows] + \
        [label for row in rows for label, _, _ in row.details]
    outcome["shown_plain"] = all(text.isprintable() and len(text) <= 60 for text in shown)
    R.save_stats(folder, R.record_game(stats, a_game(1, 2)))    # a game finished: counted in
    again, said = R.load_stats(folder)
    outcome["again"] = said is None and again["games_played"] == stats["games_played"] + 1
    return outcome


def check_index(folder: Path, place: List[Any], value: str) -> Dict[str, Any]:
    from ed import save as _save
    from ed.saves.store import SaveStore
    st = SaveStore(folder)
    slot = st.new_slot(a_game(3, 2))
    st.write(a_game(3, 2), slot)
    slot.release()
    truth = st.listing()
    index = json.loads(st.index_path.read_text("utf-8"))
    st.index_path.write_text(planted_text(index, place, value), "utf-8")
    listing = st.listing()
    lines = [info.describe() for info in listing]
    outcome = {"same": listing == truth,
               "plain": all(line.isprintable() and len(line) < 200 for line in lines),
               "resumable": [info.path for info in st.unfinished()] == [slot.path]}
    rewritten = json.loads(st.index_path.read_text("utf-8"))
    outcome["rewritten"] = rewritten == index and st.listing() == truth
    assert _save.load(slot.path).month == 2
    return outcome


def check_lock(folder: Path, place: List[Any], value: str) -> Dict[str, Any]:
    from ed.saves import locks
    target = folder / "game.json"
    target.write_text("{}")
    fields = {"pid": str(NO_PROCESS), "start": "-", "nonce": "5be3c2f09a1d7e44"}
    fields[place[0]] = value
    lock = locks.lock_path(target)
    lock.write_bytes("".join(f"{key} {text}\n" for key, text in fields.items())
                     .encode("utf-8")[:8192])
    old = os.path.getmtime(lock) - 3600         # written an hour ago: not being written now
    os.utime(lock, (old, old))
    held_by = locks.holder(target)
    try:
        taken = locks.acquire(target)
    except locks.Locked:
        outcome = {"held_by": held_by, "taken": False}
    else:
        outcome = {"held_by": held_by, "taken": True, "ours": taken.held()}
        taken.release()
    return outcome


PLACES = {"settings": SETTINGS_PLACES, "statistics": STATS_PLACES, "index": INDEX_PLACES,
          "lock": [[line] for line in LOCK_LINES]}
CHECKS = {"settings": check_settings, "statistics": check_stats, "index": check_index,
          "lock": check_lock}


# ---------------------------------------------------------------- in the test

def outcomes(value_name: str, tmp_path: Path) -> Dict[str, List[Dict[str, Any]]]:
    """What the program made of the value ``value_name`` in every place, from the child."""
    try:
        result = subprocess.run([sys.executable, "-c", CHILD, value_name, str(tmp_path)],
                                cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the files holding {value_name} were not read within {TIME_LIMIT} s")
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout)
    crashed = [(kind, o["place"], o["crashed"]) for kind, kind_outcomes in found.items()
               for o in kind_outcomes if "crashed" in o]
    assert crashed == [], f"{crashed[0][0]} at {crashed[0][1]}:\n{crashed[0][2]}"
    return found


def a_sentence(message: str) -> bool:
    return message.endswith(".") and len(message) < 300 and message.isprintable()


#: values a file of ours may well hold in some places (each case says where)
PLAIN = ("true", "0", "-1", "null", "an object")


def check_settings_outcome(outcome: Dict[str, Any], value_name: str) -> None:
    place, message = outcome["place"], outcome["message"]
    assert outcome["again"] and outcome["scale_ok"] and outcome["paper_is_text"], outcome
    if message is None:
        # kept (a setting this version does not know), dropped (the last set-up, the
        # drawer's page and the paper are conveniences: never a reason to lose the rest)
        # or a true-or-false setting given true
        assert (place and place[0] in ("colour", "last_setup", "drawer", "paper")) or \
            (value_name == "true" and place[0].endswith(("_done", "_dismissed", "_motion",
                                                         "_options"))) or \
            (not place and value_name == "an object"), outcome
        assert outcome["left"] and not outcome["aside_kept"], outcome
        return
    assert a_sentence(message), message
    assert message.startswith("Your settings file could not be used (") and \
        message.endswith("so the defaults are used. The old file was kept as "
                         "settings.json.corrupt."), message
    assert outcome["default"] and outcome["aside_kept"] and not outcome["left"], outcome


def check_stats_outcome(outcome: Dict[str, Any], value_name: str) -> None:
    message = outcome["message"]
    assert outcome["again"] and outcome["shown_plain"] and outcome["valid"], outcome
    if message is None:
        assert value_name in PLAIN, outcome        # a count, a profit or no best profit yet
        return
    assert a_sentence(message), message
    assert message.startswith("The record of play could not be used (") and \
        message.endswith("so it starts afresh. The old file was kept as "
                         "statistics.json.corrupt."), message
    assert outcome["default"] and outcome["aside_kept"], outcome


def check_index_outcome(outcome: Dict[str, Any], value_name: str) -> None:
    # the saves read again (or the index, where it still holds what they hold): the same
    # listing, on plain lines, the game offered to resume, and the index written afresh;
    # only a name a game may give is taken from the index as it is (it is not read again)
    assert outcome["plain"] and outcome["resumable"], outcome
    if value_name == "a text" and outcome["place"][-2:] == ["names", 0]:
        assert not outcome["same"], outcome          # "1.2" is listed among the players
        return
    assert outcome["same"] and outcome["rewritten"], outcome


def check_lock_outcome(outcome: Dict[str, Any], value_name: str) -> None:
    # no live process holds it (it names none, or it is an hour old and incomplete): it is
    # free, and taken; nothing else may come of it
    assert outcome["held_by"] is None and outcome["taken"] and outcome["ours"], outcome


@pytest.mark.parametrize("value_name", list(HOSTILE))
def test_every_file_of_the_program_s_own_holding_a_hostile_value_gives_the_defaults(
        value_name, tmp_path):
    found = outcomes(value_name, tmp_path)
    for kind, check in (("settings", check_settings_outcome), ("statistics", check_stats_outcome),
                        ("index", check_index_outcome), ("lock", check_lock_outcome)):
        assert len(found[kind]) == len(PLACES[kind])
        for outcome in found[kind]:
            check(outcome, value_name)


def test_the_first_reported_value_is_said_in_a_sentence(tmp_path):
    """A text size of 400 digits raised OverflowError at every start."""
    from ed.saves import settings as S
    (tmp_path / "settings.json").write_text('{"text_scale": ' + "9" * 400 + "}")
    assert S.load_settings(tmp_path) == (S.Settings(), (
        "Your settings file could not be used (it holds a number of 400 digits), so the "
        "defaults are used. The old file was kept as settings.json.corrupt."))
    (tmp_path / "settings.json").write_text('{"text_scale": 1e300}')
    assert S.load_settings(tmp_path)[1] == (
        "Your settings file could not be used (text_scale should be a text size (0.8 to "
        "1.5), not 1e+300), so the defaults are used. The old file was kept as "
        "settings.json.corrupt.")
    (tmp_path / "settings.json").write_text('{"text_scale": 2.0}')    # another version's
    assert S.load_settings(tmp_path) == (S.Settings(text_scale=1.5), None)
