"""Worker processes for the command-line tools: started as they are needed, all stopped on failure.

``ordered_map(function, tasks, jobs)`` calls ``function(task)`` for each task
of an iterable in at most ``jobs`` worker processes and yields the results in
the order of the tasks.  Tasks are taken from the iterable only as workers
are free for them (a few ahead, never all at once), and a worker is started
only when a task is ready and every worker started so far is busy.  When
anything goes wrong (a worker cannot be started or stops on its own, a task
raises, the caller stops reading or Ctrl+C is pressed), every worker is
stopped before the error goes on, so none is left behind.  Workers ignore
Ctrl+C themselves: the parent alone decides, and stops them.

``capped_jobs(jobs)`` keeps a number of processes within ``MAX_JOBS_PER_CORE``
times the cores, with a sentence when it had to lower it.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import traceback
from multiprocessing.connection import wait
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple

#: more processes than this many per core only queue for the cores
MAX_JOBS_PER_CORE = 4
#: how long a stopped worker is given to go before it is killed
STOP_WAIT_S = 5.0


class WorkerError(RuntimeError):
    """A worker process could not be started, stopped on its own, or its task failed.

    The message is one plain sentence.
    """


def most_jobs() -> int:
    """The most worker processes worth starting on this computer."""
    return MAX_JOBS_PER_CORE * (os.cpu_count() or 1)


def capped_jobs(jobs: int, *, option: str = "--jobs") -> Tuple[int, Optional[str]]:
    """``jobs`` kept to ``most_jobs()``; and a sentence saying so when it was more, else ``None``."""
    most = most_jobs()
    if jobs <= most:
        return jobs, None
    cores = os.cpu_count() or 1
    return most, (f"{option} {jobs} is more than this computer can use ({cores} "
                  f"core{'s' if cores != 1 else ''}), so {most} processes are used.")


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, process: Any, connection: Any) -> None:
        self.process = process
        self.connection = connection
        self.task: Optional[int] = None     # the index of the task it is working on


def _serve(connection: Any, function: Callable[[Any], Any]) -> None:
    """A worker's life: take a task, send back ``("ok", result)`` or ``("error", text)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return                              # the parent has gone
        if task is None:
            return
        try:
            reply: Tuple[str, Any] = ("ok", function(task))
        except BaseException:                   # sent to the parent, which stops everything
            reply = ("error", traceback.format_exc())
        connection.send(reply)


def _start(context: Any, function: Callable[[Any], Any]) -> _Worker:
    """Start one worker.  Raises ``OSError`` when the system refuses a process or a pipe."""
    ours, theirs = context.Pipe()
    process = context.Process(target=_serve, args=(theirs, function), daemon=True)
    try:
        process.start()
    except BaseException:
        ours.close()
        theirs.close()
        raise
    theirs.close()
    return _Worker(process, ours)


def _stop(workers: List[_Worker], *, politely: bool) -> None:
    """Stop every worker and wait for it; ``politely`` asks first, else they are terminated."""
    for worker in workers:
        if politely:
            try:
                worker.connection.send(None)
            except (OSError, ValueError):
                pass
        elif worker.process.is_alive():
            worker.process.terminate()
    for worker in workers:
        worker.process.join(STOP_WAIT_S)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.connection.close()


def _failure(text: str) -> str:
    """The last line of a worker's traceback: what went wrong, in its own words."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no reason was given"


def ordered_map(function: Callable[[Any], Any], tasks: Iterable[Any], jobs: int, *,
                ahead: int = 2) -> Iterator[Any]:
    """``function(task)`` for each task, in up to ``jobs`` worker processes, yielded in order.

    At most ``ahead * jobs`` tasks are out (working or waiting for their turn
    to be yielded) at any time.  ``function`` must be a module-level function
    and the tasks and results picklable.  Raises ``WorkerError`` (every worker
    stopped first) when a worker cannot be started or stops on its own, or a
    task raises; ``KeyboardInterrupt`` and anything the caller raises while
    reading stop every worker too.  Close the iterator (``contextlib.closing``)
    when stopping early.
    """
    context = multiprocessing.get_context()
    workers: List[_Worker] = []
    idle: List[_Worker] = []
    done: Dict[int, Any] = {}
    source = iter(tasks)
    handed = yielded = 0
    exhausted = finished = False
    try:
        while True:
            while not exhausted and handed < yielded + ahead * jobs \
                    and (idle or len(workers) < jobs):
                try:
                    task = next(source)
                except StopIteration:
                    exhausted = True
                    break
                if idle:
                    worker = idle.pop()
                else:
                    try:
                        worker = _start(context, function)
                    except OSError as error:
                        raise WorkerError(
                            f"Worker process {len(workers) + 1} of {jobs} could not be started "
                            f"({error.strerror or error}); try fewer processes.") from None
                    workers.append(worker)
                try:
                    worker.connection.send(task)
                except OSError:
                    raise _stopped(worker) from None
                worker.task = handed
                handed += 1
            if yielded in done:
                result = done.pop(yielded)
                yielded += 1
                yield result
                continue
            busy = [w for w in workers if w.task is not None]
            if not busy:
                finished = True
                return
            _collect(busy, done, idle)
    finally:
        _stop(workers, politely=finished)


def _collect(busy: List[_Worker], done: Dict[int, Any], idle: List[_Worker]) -> None:
    """Wait for at least one busy worker's result; raises ``WorkerError`` if one died or failed."""
    by_connection = {w.connection: w for w in busy}
    by_sentinel = {w.process.sentinel: w for w in busy}
    ready = wait(list(by_connection) + list(by_sentinel))
    replied = [by_connection[r] for r in ready if r in by_connection]
    for worker in replied:
        try:
            kind, value = worker.connection.recv()
        except (EOFError, OSError):
            raise _stopped(worker) from None
        if kind == "error":
            raise WorkerError(f"A worker process failed: {_failure(value)}.")
        done[worker.task] = value
        worker.task = None
        idle.append(worker)
    for sentinel in ready:
        worker = by_sentinel.get(sentinel)
        if worker is not None and worker not in replied:
            raise _stopped(worker)


def _stopped(worker: _Worker) -> WorkerError:
    """The error for a worker that went away in the middle of a task."""
    worker.process.join(STOP_WAIT_S)
    return WorkerError(f"A worker process stopped unexpectedly (exit status "
                       f"{worker.process.exitcode}).")
