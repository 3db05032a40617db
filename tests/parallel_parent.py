"""A parent of worker processes for the tests that kill it.

``python3 -c "import sys; from tests.parallel_parent import run; run(sys.argv[1])" METHOD``
works ``spin`` over many tasks in three workers of ``ed.tools.parallel``, started with
``METHOD``: the first task never ends (a worker at full CPU), the next few end
at once, so the other two workers are left waiting for work on their pipes.
Each worker says ``busy PID`` or ``idle PID`` on stderr as it takes a task.
"""
from __future__ import annotations

import os
import sys

from ed.tools import parallel

WORKERS = 3


def spin(task: int) -> int:
    sys.stderr.write(f"{'busy' if task == 0 else 'idle'} {os.getpid()}\n")
    sys.stderr.flush()
    while task == 0:
        pass
    return task


def run(method: str) -> None:
    for _ in parallel.ordered_map(spin, range(1000), WORKERS, method=method):
        pass
