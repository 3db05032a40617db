"""Commands run with an output that cannot be written: a pipe closed by its reader, a full
disk, or standard output or error closed by the shell (``>&-``, ``2>&-``)."""
from __future__ import annotations

import os
import subprocess
from typing import List, Optional, Tuple

import pytest

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


#: the shell's redirections that close standard output, standard error, or both
CLOSING = {"stdout": ">&-", "stderr": "2>&-", "both": ">&- 2>&-"}
SHELL = "/bin/sh"
needs_shell = pytest.mark.skipif(not os.path.exists(SHELL),
                                 reason="closing a stream the shell's way needs /bin/sh")


def run_closed(command: List[str], closed: str,
               timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``command`` from the project's folder with ``closed`` ("stdout", "stderr" or
    "both") closed by the shell, as ``command >&-`` does; a stream left open is captured."""
    shell = [SHELL, "-c", f'exec "$@" {CLOSING[closed]}', "sh", *command]
    return subprocess.run(shell, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
