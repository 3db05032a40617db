"""Computer players who think for longer than a frame do it off the Tk thread.

``Thinker(widget, on_decided=...)``: ``start(session, seats)`` hands the
seats' decisions to one worker thread and returns at once, so the window
goes on drawing and answering the keyboard; the players panel says
"thinking…" for ``thinker.seats`` meanwhile.  Each avatar decides from
``game.view(seat)``, a frozen snapshot taken on the Tk thread, so nothing the
worker reads can change under it.  Answers come back through a queue that
the Tk thread polls with ``after``; only the Tk thread calls
``on_decided(session, seat, entry, explanation)``, which submits to the game.

Every job carries a token.  ``cancel()`` (a new game, another game opened)
forgets the job: its answers, if they come, are dropped, so an old game's
decision can never land in the new one.  A decision that raises is logged
and becomes an empty entry, as in the session.  The worker is a daemon
thread: closing the window never waits for it, and loses nothing, since the
autosave holds every entry made and the decision is made again on resume.
Imports: threading and queue; no tkinter (``widget.after`` is all it needs).
"""
from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass, field
from typing import Callable, Optional, Set, Tuple

log = logging.getLogger("ed.ui")


@dataclass
class Job:
    """One phase's slow decisions for one session."""

    token: int
    session: object
    phase: Tuple[int, str]          # (month, phase) the views were taken in
    seats: Set[int] = field(default_factory=set)
    thread: Optional[threading.Thread] = None


def _work(answers: "queue.Queue", token: int, tasks) -> None:
    """The worker: decide each seat in turn and post the answer (never touches Tk)."""
    for seat, avatar, view in tasks:
        try:
            entry = dict(avatar.decide(view))
            said = getattr(avatar, "explanation", "") or ""
        except Exception:  # a computer player's bug must not stop the game
            log.exception("computer seat %s failed to decide; it passes", seat)
            entry, said = {}, "passes this phase"
        answers.put((token, seat, entry, said))


class Thinker:
    """See the module docstring."""

    POLL_MS = 25

    def __init__(self, widget, *, on_decided: Callable[[object, int, dict, str], None]) -> None:
        self.widget = widget
        self.on_decided = on_decided
        self.answers: "queue.Queue" = queue.Queue()
        self.job: Optional[Job] = None
        self._next_token = 0
        self._after: Optional[str] = None

    @property
    def seats(self) -> Tuple[int, ...]:
        """The seats deciding now."""
        return tuple(sorted(self.job.seats)) if self.job is not None else ()

    def busy(self, session=None) -> bool:
        """Whether seats are still deciding (for ``session``, when given)."""
        job = self.job
        return job is not None and bool(job.seats) and (session is None or job.session is session)

    def start(self, session, seats) -> None:
        """Let ``seats`` of ``session`` decide the current phase on a worker thread.

        Seats already deciding for this phase are not asked twice.
        """
        game = session.game
        phase = (game.month, game.phase)
        job = self.job
        if job is None or job.session is not session or job.phase != phase:
            self.cancel()
            self._next_token += 1
            job = self.job = Job(self._next_token, session, phase)
        seats = [seat for seat in seats if seat not in job.seats]
        if not seats:
            return
        # The avatars and the frozen views are taken here, on the Tk thread.
        tasks = [(seat, session.avatar(seat), game.view(seat)) for seat in seats]
        job.seats.update(seats)
        job.thread = threading.Thread(target=_work, args=(self.answers, job.token, tasks),
                                      name="ed-computer-players", daemon=True)
        job.thread.start()
        self._schedule()

    def cancel(self) -> None:
        """Forget the job: answers still to come are dropped."""
        self.job = None
        if self._after is not None:
            try:
                self.widget.after_cancel(self._after)
            except Exception:  # the window is being destroyed
                pass
            self._after = None

    def wait(self, timeout: Optional[float] = None) -> None:
        """Block until the worker has posted its answers (tests, and nothing else)."""
        job = self.job
        if job is not None and job.thread is not None:
            job.thread.join(timeout)

    def _schedule(self) -> None:
        if self._after is None:
            self._after = self.widget.after(self.POLL_MS, self._poll)

    def _poll(self) -> None:
        self._after = None
        self.deliver()
        if self.job is not None and self.job.seats:
            self._schedule()

    def deliver(self) -> None:
        """On the Tk thread: hand each answer come so far to ``on_decided`` (the poll does
        this every few milliseconds; a test may call it after ``wait``)."""
        while True:
            try:
                token, seat, entry, said = self.answers.get_nowait()
            except queue.Empty:
                break
            job = self.job
            if job is None or token != job.token or seat not in job.seats:
                continue        # a stale answer: another game, or a phase gone by
            job.seats.discard(seat)
            self.on_decided(job.session, seat, entry, said)
