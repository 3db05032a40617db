"""Worker processes for the command-line tools: started as they are needed, all stopped on failure.

``ordered_map(function, tasks, jobs)`` calls ``function(task)`` for each task
of an iterable in at most ``jobs`` worker processes and yields the results in
the order of the tasks.  Tasks are taken from the iterable only as workers
are free for them (a few ahead, never all at once), and a worker is started
only when a task is ready and every worker started so far is busy.  When
anything goes wrong (a worker cannot be started or stops on its own, a task
raises, the caller stops reading or Ctrl+C is pressed), every worker is
stopped before the error goes on, so none is left behind.  Workers ignore
Ctrl+C themselves: the parent alone decides, and stops them.  ``Pool(jobs)``
keeps its workers from one ``map`` to the next (a search that plays round
after round); ``ordered_map`` is one round of a pool of its own.

A worker also ends by itself as soon as its parent ends, however the parent
ends (SIGTERM, SIGHUP, even SIGKILL, when no ``finally`` runs): it watches a
pipe whose only writing end the parent holds, and the system closes that end
with the parent.  Once a pool has started a worker, SIGTERM and SIGHUP end the
parent as an exit with status 128 + the signal's number (``SystemExit``), not
at once, unless the program has a handler of its own for them: every worker
is stopped and the ``pymp-…`` folder that ``multiprocessing`` makes in the
temporary folder (for the forkserver's socket) is removed on the way out.  A
second such signal ends it at once.  Under the ``fork`` start method each worker first closes
the parent's pipe ends it was born with (its own and its siblings'), so no
worker keeps another's pipe open.  The pool runs under ``fork``,
``forkserver`` and ``spawn``; it uses ``forkserver`` where the platform has
it (a process with threads is never forked, which can deadlock the child),
else ``spawn``.

``capped_jobs(jobs)`` keeps a number of processes within ``MAX_JOBS_PER_CORE``
times the cores, with a sentence when it had to lower it.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
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


def default_method() -> str:
    """The start method of the workers: ``forkserver`` where the platform has it, else ``spawn``."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, process: Any, connection: Any) -> None:
        self.process = process
        self.connection = connection
        self.task: Optional[int] = None     # the index of the task it is working on


def _serve(connection: Any, parent_alive: Any, inherited: List[Any]) -> None:
    """A worker's life: take ``(function, task)``, send back ``("ok", result)`` or
    ``("error", text)``; end when told (``None``) or when the parent has gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _ending_signals():    # a forked worker is born with the parent's handler
        signal.signal(signum, signal.SIG_DFL)
    for end in inherited:       # the parent's pipe ends a forked worker was born with
        end.close()
    _end_with_parent(parent_alive)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return                              # the parent has gone
        except Exception:                       # a function or task that cannot be unpickled
            reply: Tuple[str, Any] = ("error", traceback.format_exc())
        else:
            if message is None:
                return
            reply = _work(*message)
        try:
            connection.send(reply)
        except (OSError, ValueError):
            return                              # the parent has gone
        except Exception:                       # a result that cannot be pickled
            connection.send(("error", traceback.format_exc()))


def _work(function: Callable[[Any], Any], task: Any) -> Tuple[str, Any]:
    try:
        return "ok", function(task)
    except BaseException:                       # sent to the parent, which stops everything
        return "error", traceback.format_exc()


def _end_with_parent(parent_alive: Any) -> None:
    """End this process the moment ``parent_alive`` reads end-of-file: the parent holds its
    only writing end and never writes, so that happens when the parent ends, however."""
    def watch() -> None:
        try:
            parent_alive.recv_bytes()
        except (EOFError, OSError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


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


class Pool:
    """Up to ``jobs`` worker processes, started as tasks need them and kept between maps.

    Use it as a context manager (or call ``close``): every worker is stopped
    at the end, and at once when anything goes wrong during a map.
    ``method`` is the start method (``default_method()`` when not given).
    """

    def __init__(self, jobs: int, *, method: Optional[str] = None) -> None:
        self.jobs = jobs
        self.method = method or default_method()
        self.context = multiprocessing.get_context(self.method)
        self.workers: List[_Worker] = []
        self._alive: Optional[Tuple[Any, Any]] = None   # the pipe the workers watch

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, kind, value, tb) -> None:
        self.close(politely=kind is None)

    def map(self, function: Callable[[Any], Any], tasks: Iterable[Any]) -> List[Any]:
        """``[function(task) for task in tasks]``, worked out in the pool."""
        return list(self.ordered(function, tasks))

    def ordered(self, function: Callable[[Any], Any], tasks: Iterable[Any], *,
                ahead: int = 2) -> Iterator[Any]:
        """``function(task)`` for each task, yielded in order (see ``ordered_map``)."""
        idle = list(self.workers)
        done: Dict[int, Any] = {}
        source = iter(tasks)
        handed = yielded = 0
        exhausted = False
        try:
            while True:
                while not exhausted and handed < yielded + ahead * self.jobs \
                        and (idle or len(self.workers) < self.jobs):
                    try:
                        task = next(source)
                    except StopIteration:
                        exhausted = True
                        break
                    worker = idle.pop() if idle else self._start()
                    try:
                        worker.connection.send((function, task))
                    except OSError:
                        raise _stopped(worker) from None
                    worker.task = handed
                    handed += 1
                if yielded in done:
                    result = done.pop(yielded)
                    yielded += 1
                    yield result
                    continue
                busy = [w for w in self.workers if w.task is not None]
                if not busy:
                    return
                _collect(busy, done, idle)
        except BaseException:       # a failure, Ctrl+C, or the caller stopped reading
            self.close(politely=False)
            raise

    def _start(self) -> _Worker:
        """Start one more worker.  Raises ``WorkerError`` when the system refuses it."""
        try:
            worker = _start(self)
        except OSError as error:
            raise WorkerError(
                f"Worker process {len(self.workers) + 1} of {self.jobs} could not be started "
                f"({error.strerror or error}); try fewer processes.") from None
        self.workers.append(worker)
        return worker

    def close(self, *, politely: bool = True) -> None:
        """Stop every worker (``politely``: once it is done, else at once) and wait for it."""
        workers, self.workers = self.workers, []
        _stop(workers, politely=politely)
        if self._alive is not None:
            for end in self._alive:
                end.close()
            self._alive = None


def _ending_signals() -> List[int]:
    """SIGTERM and SIGHUP, where the platform has them."""
    return [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]


def _exit_on_signal(signum: int, frame: Any) -> None:
    """SIGTERM or SIGHUP: end as an exit, so every ``finally`` and exit handler runs (the
    workers stopped, the temporary folders removed); a second one ends the process at once."""
    signal.signal(signum, signal.SIG_DFL)
    raise SystemExit(128 + signum)


def end_tidily_on_signals() -> None:
    """From now on SIGTERM and SIGHUP end this process as an exit (``_exit_on_signal``),
    where they still have the system's default action (a handler of the program's own is
    left as it is).  Only the main thread can set a handler; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in _ending_signals():
        try:
            if signal.getsignal(signum) == signal.SIG_DFL:
                signal.signal(signum, _exit_on_signal)
        except (OSError, ValueError):
            pass


def _start(pool: Pool) -> _Worker:
    """Start one worker of ``pool``.  Raises ``OSError`` when the system refuses a process
    or a pipe."""
    end_tidily_on_signals()     # the forkserver's socket folder goes with this process
    context = pool.context
    if pool._alive is None:
        pool._alive = context.Pipe(duplex=False)     # (read end, write end)
    watched, held = pool._alive
    ours, theirs = context.Pipe()
    # A forked worker starts with copies of every pipe end the parent holds: it closes them.
    inherited = [ours, held] + [w.connection for w in pool.workers] \
        if pool.method == "fork" else []
    process = context.Process(target=_serve, args=(theirs, watched, inherited), daemon=True)
    try:
        process.start()
    except BaseException:
        ours.close()
        theirs.close()
        raise
    theirs.close()
    return _Worker(process, ours)


def ordered_map(function: Callable[[Any], Any], tasks: Iterable[Any], jobs: int, *,
                ahead: int = 2, method: Optional[str] = None) -> Iterator[Any]:
    """``function(task)`` for each task, in up to ``jobs`` worker processes, yielded in order.

    At most ``ahead * jobs`` tasks are out (working or waiting for their turn
    to be yielded) at any time.  ``function`` must be a module-level function
    and the tasks and results picklable.  Raises ``WorkerError`` (every worker
    stopped first) when a worker cannot be started or stops on its own, or a
    task raises; ``KeyboardInterrupt`` and anything the caller raises while
    reading stop every worker too.  Close the iterator (``contextlib.closing``)
    when stopping early.  ``method``: the start method (``default_method()``).
    """
    pool = Pool(jobs, method=method)
    yield from pool.ordered(function, tasks, ahead=ahead)
    pool.close()


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
