"""Manufacturing (RULES.md §1 and §4.2): makeability and which materials are used.

Stock and material counts are ``(xfine, fine, standard)`` triples; recipes are
the same triples counting *places* of each grade.  A unit of X-Fine may fill a
Fine place and a unit of Fine may fill a Standard place; nothing else
substitutes.  Pure functions, no state.
"""
from __future__ import annotations

import functools
from typing import Iterator, Mapping, Optional, Sequence, Tuple

from .rules import GOODS, NAMES
from .words import and_list

Triple = Tuple[int, int, int]


def places(recipes: Mapping[str, Triple], units: Sequence[int]) -> Triple:
    """The X-Fine, Fine and Standard places needed for ``units`` of A, B and C."""
    x = f = s = 0
    for good, n in zip(GOODS, units):
        if n:
            rx, rf, rs = recipes[good]
            x += rx * n
            f += rf * n
            s += rs * n
    return (x, f, s)


def can_fill(need: Triple, stock: Sequence[int]) -> bool:
    """RULES §1 substitution: whether ``stock`` can fill the places ``need``.

    The conditions are Hall's for this chain of substitutions: X-Fine places
    take only X-Fine; X-Fine and Fine places together take X-Fine and Fine;
    Standard places take Standard and Fine; and all places together take all
    the stock.
    """
    nx, nf, ns = need
    x, f, s = stock
    return nx <= x and nx + nf <= x + f and ns <= f + s and nx + nf + ns <= x + f + s


def is_makeable(recipes: Mapping[str, Triple], units: Sequence[int], stock: Sequence[int]) -> bool:
    """RULES §4.2.3: whether ``units`` of A, B and C can all be made together from ``stock``."""
    return can_fill(places(recipes, units), stock)


def can_make(recipes: Mapping[str, Triple], stock: Sequence[int]) -> bool:
    """Whether ``stock`` (X-Fine, Fine, Standard) makes at least one good of ``recipes``."""
    return any(can_fill(recipe, stock) for recipe in recipes.values())


def fill(need: Triple, stock: Sequence[int]) -> Triple:
    """RULES §4.2.7 (interpretation): the materials used to fill the places ``need``.

    Standard places take Standard as far as it goes, then Fine; Fine places
    take the Fine left, then X-Fine; X-Fine places take X-Fine.  Returns the
    units of (X-Fine, Fine, Standard) used.  The places must be fillable.
    """
    nx, nf, ns = need
    _, f, s = stock
    std = ns if ns < s else s
    fine_for_std = ns - std
    fine_left = f - fine_for_std
    fine = nf if nf < fine_left else fine_left
    return (nx + nf - fine, fine_for_std + fine, std)


def materials_used(recipes: Mapping[str, Triple], units: Sequence[int], stock: Sequence[int]) -> Triple:
    """RULES §4.2.6-7: the materials that ``units`` of A, B and C use up from ``stock``."""
    return fill(places(recipes, units), stock)


#: ``room_beside`` for a recipe of no places: no limit
UNLIMITED = 1 << 30


def room_beside(recipe: Sequence[int], need: Sequence[int], stock: Sequence[int]) -> int:
    """The most units of a good with places ``recipe`` makeable beside the places ``need``.

    Each condition of ``can_fill`` bounds the units: the places it counts
    cannot exceed the stock it counts.  -1 when ``need`` alone cannot be
    filled; ``UNLIMITED`` for a recipe of no places.
    """
    rx, rf, rs = recipe
    nx, nf, ns = need
    x, f, s = stock
    most = UNLIMITED
    for k, spare in ((rx, x - nx), (rx + rf, x + f - nx - nf), (rs, f + s - ns),
                     (rx + rf + rs, x + f + s - nx - nf - ns)):
        if spare < 0:
            return -1
        if k and spare // k < most:
            most = spare // k
    return most


def max_makeable(recipes: Mapping[str, Triple], stock: Sequence[int], good: str,
                 others: Sequence[int] = (0, 0, 0)) -> int:
    """The most units of ``good`` that can be made from ``stock`` alongside ``others``.

    ``others`` gives units of A, B and C already planned; its entry for
    ``good`` itself is ignored.  Returns 0 when ``others`` alone cannot be made.
    """
    planned = list(others)
    planned[GOODS.index(good)] = 0
    return max(0, room_beside(recipes[good], places(recipes, planned), stock))


def makeable_plans(recipes: Mapping[str, Triple], stock: Sequence[int]) -> Iterator[Triple]:
    """Every (A, B, C) makeable together from ``stock``, in increasing order of A, B, then C."""
    ra, rb, rc = recipes["A"], recipes["B"], recipes["C"]
    for a in range(max(0, room_beside(ra, (0, 0, 0), stock)) + 1):
        need_a = (a * ra[0], a * ra[1], a * ra[2])
        for b in range(max(0, room_beside(rb, need_a, stock)) + 1):
            need = (need_a[0] + b * rb[0], need_a[1] + b * rb[1], need_a[2] + b * rb[2])
            for c in range(max(0, room_beside(rc, need, stock)) + 1):
                yield (a, b, c)


@functools.lru_cache(maxsize=4096)
def _largest(rows: Tuple[Triple, Triple, Triple], stock: Triple) -> Triple:
    # the first plan of the most goods in makeable_plans' order: the fewest A, then B
    return max(makeable_plans(dict(zip(GOODS, rows)), stock), key=sum)


def largest_plan(recipes: Mapping[str, Triple], stock: Sequence[int]) -> Triple:
    """The plan that makes the most goods from ``stock`` (the fewest A, then B, on ties)."""
    return _largest((recipes["A"], recipes["B"], recipes["C"]), tuple(stock))


def shortfall(need: Triple, stock: Sequence[int]) -> Optional[Tuple[str, int, int, str]]:
    """The first condition of ``can_fill`` that fails, or ``None`` when ``need`` can be filled.

    Returns (the grades that may fill the places short, places, units on
    hand, the substitution rule that limits them).
    """
    nx, nf, ns = need
    x, f, s = stock
    n = NAMES
    if nx > x:
        return n["xfine"], nx, x, f"nothing stands in for {n['xfine']}"
    if nx + nf > x + f:
        return f"{n['xfine']} or {n['fine']}", nx + nf, x + f, \
            f"only {n['xfine']} stands in for {n['fine']}"
    if ns > f + s:
        return f"{n['standard']} or {n['fine']}", ns, f + s, \
            f"only {n['fine']} stands in for {n['standard']}"
    if nx + nf + ns > x + f + s:
        return "raw units in all", nx + nf + ns, x + f + s, ""
    return None


def shortage(recipes: Mapping[str, Triple], units: Sequence[int], stock: Sequence[int]) -> Optional[str]:
    """Why ``units`` of A, B and C cannot be made from ``stock``, or ``None`` if they can.

    The sentence names the first condition of ``can_fill`` that fails, in
    the words of the substitution rule.
    """
    short = shortfall(places(recipes, units), stock)
    if short is None:
        return None
    grades, needed, have, rule = short
    return f"the offer needs {needed} {grades} and you have {have}" + (f" ({rule})" if rule else "")


def goods_text(units: Sequence[int]) -> str:
    """Units of A, B and C in words: ``"2 A and 1 C"`` (``"nothing"`` when all are 0)."""
    return and_list(f"{n} {NAMES[good]}" for good, n in zip(GOODS, units) if n > 0) or "nothing"


def combination_shortage(recipes: Mapping[str, Triple], stock: Sequence[int], good: str,
                         others: Sequence[int]) -> Optional[str]:
    """Why fewer of ``good`` can be made beside ``others`` than alone, or ``None``.

    Names the goods that together need more of a grade than ``stock`` holds:
    the rest of the offer with one unit of ``good`` more than can be made
    beside it (or the rest alone, when even that cannot be made), e.g.
    ``"2 A and 1 C together need 7 X-Fine or Fine and you have 6"``.
    """
    index = GOODS.index(good)
    beside = max_makeable(recipes, stock, good, others)
    if beside >= max_makeable(recipes, stock, good):
        return None
    combination = list(others)
    combination[index] = 0
    if is_makeable(recipes, combination, stock):
        combination[index] = beside + 1
    short = shortfall(places(recipes, combination), stock)
    if short is None:       # cannot happen: the combination is one too many
        return None
    grades, needed, have, _ = short
    kinds = sum(1 for n in combination if n > 0)
    verb = "together need" if kinds > 1 else ("need" if sum(combination) > 1 else "needs")
    return f"{goods_text(combination)} {verb} {needed} {grades} and you have {have}"
