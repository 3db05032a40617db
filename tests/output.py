"""Commands run with an output that cannot be written: a pipe closed by its reader, a full disk."""
from __future__ import annotations

import os
import subprocess
from typing import List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_unwritten(command: List[str], timeout: float = 120
                  ) -> Tuple[subprocess.CompletedProcess, Optional[subprocess.CompletedProcess]]:
    """Run ``command`` from the project's folder twice: its output a pipe whose reader has
    gone before a byte is written (``| head -1``), then ``/dev/full`` (``None`` where the
    platform has no such device)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        closed = subprocess.run(command, cwd=ROOT, stdout=writer, stderr=subprocess.PIPE,
                                text=True, timeout=timeout)
    finally:
        os.close(writer)
    if not os.path.exists("/dev/full"):
        return closed, None
    with open("/dev/full", "w") as full:
        return closed, subprocess.run(command, cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                                      text=True, timeout=timeout)
