"""A grade or a good by index has a name: ``GRADE_INDEXES``, ``GOOD_INDEXES`` or, where one piece
of code serves both phases, ``ENTRY_INDEXES`` (``ed/rules.py``); no loop walks a bare ``range(3)``.

The gauntlet's players (``ed/ai/gauntlet/``) are written apart from the program's modules on
purpose and are not looked at.
"""
from __future__ import annotations

import ast
import pathlib
from typing import Dict, List, Tuple

import ed
from ed.rules import ENTRY_INDEXES, GOODS, GOOD_INDEXES, GRADE_INDEXES, RAW

ROOT = pathlib.Path(ed.__file__).parent
APART = ROOT / "ai" / "gauntlet"

#: The ``range(3)`` left where the 3 counts something else, by file and function.
NOT_AN_INDEX: Dict[Tuple[str, str], int] = {
    ("ai/optimiser.py", "Optimiser.tune"): 1,   # at most three rounds of moving the bids
}


def bare_ranges(source: str) -> List[str]:
    """The function (``Class.method``, or ``<module>``) around each ``range(3)`` in ``source``."""
    found: List[str] = []

    def visit(node: ast.AST, where: List[str]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            where = where + [node.name]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "range" and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.Constant) and node.args[0].value == 3):
            found.append(".".join(where) or "<module>")
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(ast.parse(source), [])
    return found


def test_the_indexes_walk_the_grades_and_the_goods():
    assert [RAW[g] for g in GRADE_INDEXES] == ["xfine", "fine", "standard"]
    assert [GOODS[h] for h in GOOD_INDEXES] == ["A", "B", "C"]
    assert len(GRADE_INDEXES) == len(RAW) and len(GOOD_INDEXES) == len(GOODS)
    # an entry's lines are an order's grades or an offer's goods: as many either way
    assert list(ENTRY_INDEXES) == list(GRADE_INDEXES) == list(GOOD_INDEXES)


def test_no_loop_walks_a_bare_range_of_three():
    found: Dict[Tuple[str, str], int] = {}
    for path in sorted(ROOT.rglob("*.py")):
        if APART in path.parents:
            continue
        for where in bare_ranges(path.read_text("utf-8")):
            key = (path.relative_to(ROOT).as_posix(), where)
            found[key] = found.get(key, 0) + 1
    assert found == NOT_AN_INDEX, ("range(3) in ed/: walk GRADE_INDEXES, GOOD_INDEXES or "
                                   "ENTRY_INDEXES from ed.rules instead")


def test_a_bare_range_of_three_would_be_found():
    source = ("X = [0 for _ in range(3)]\n"
              "class Seat:\n"
              "    def bids(self):\n"
              "        return [g for g in range(3) if g] + list(range(3, 6)) + list(range(n))\n"
              "def prices():\n"
              "    return sorted(range(3), key=abs)\n")
    assert bare_ranges(source) == ["<module>", "Seat.bids", "prices"]
