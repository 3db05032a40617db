"""The computer players' quick draws (ed.ai.randoms): the standard generator's own values."""
from __future__ import annotations

import random

from ed.ai import randoms


def _pair(seed, half_used):
    ours, theirs = random.Random(seed), random.Random(seed)
    if half_used:               # a pair of normals half used: gauss keeps its second value
        ours.gauss(0.0, 1.0)
        theirs.gauss(0.0, 1.0)
    return ours, theirs


def test_normals_are_the_values_gauss_gives_and_leave_the_generator_where_gauss_would():
    for seed in range(60):
        for k in (0, 1, 2, 3, 7, 48):
            ours, theirs = _pair(seed, half_used=seed % 2 == 1)
            assert randoms.normals(ours, k) == [theirs.gauss(0.0, 1.0) for _ in range(k)]
            assert ours.getstate() == theirs.getstate()
            # and the next normal and the next plain draw agree too
            assert ours.gauss(0.0, 1.0) == theirs.gauss(0.0, 1.0)
            assert ours.random() == theirs.random()


def test_shuffle_orders_a_list_as_the_generator_s_own_shuffle_does():
    for seed in range(60):
        for n in (0, 1, 2, 3, 5, 16, 17, 40, 48, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, standard = list(range(n)), list(range(n))
            randoms.shuffle(ours, mine)
            theirs.shuffle(standard)
            assert mine == standard
            assert sorted(mine) == list(range(n))
            assert ours.getstate() == theirs.getstate()
