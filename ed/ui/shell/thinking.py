"""Computer players who think for longer than a frame do it off the Tk thread.

``Thinker(widget, on_decided=...)``: ``start(session, seats)`` hands the
seats' decisions to one worker thread and returns at once, so the window
goes on drawing and answering the keyboard; the players panel says
"thinking…" for ``thinker.seats`` meanwhile.  Each avatar decides from
``game.view(seat)``, a frozen snapshot taken on the Tk thread, so nothing the
worker reads can change under it.  Answers come back through
``background.Courier`` (a queue that the Tk thread polls with ``after``); only
the Tk thread calls ``on_decided(session, seat, entry, explanation, failed)``,
which submits to the game.

Every job carries a token.  ``cancel()`` (a new game, another game opened)
forgets the job: its answers, if they come, are dropped, so an old game's
decision can never land in the new one.  Each seat decides through
``session.decide``: a decision that fails is logged and passes the phase.
The worker is a daemon thread: closing the window never waits for it, and
loses nothing, since the autosave holds every entry made and the decision is
made again on resume.
Imports: threading and ``background``; no tkinter (``widget.after`` is all it needs).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Optional, Set, Tuple

from ..widgets.background import Courier


@dataclass
class Job:
    """One phase's slow decisions for one session."""

    token: int
    session: object
    phase: Tuple[int, str]          # (month, phase) the views were taken in
    seats: Set[int] = field(default_factory=set)
    thread: Optional[threading.Thread] = None


def _work(post: Callable[[object], None], token: int, tasks, decide) -> None:
    """The worker: decide each seat in turn and post the answer (never touches Tk)."""
    for seat, avatar, view in tasks:
        post((token, seat) + tuple(decide(avatar, view)))


class Thinker:
    """See the module docstring."""

    POLL_MS = 25

    def __init__(self, widget, *, on_decided: Callable[[object, int, dict, str], None]) -> None:
        self.widget = widget
        self.on_decided = on_decided
        self.job: Optional[Job] = None
        self._next_token = 0
        self.courier = Courier(widget, self._answer, poll_ms=self.POLL_MS,
                               pending=lambda: self.job is not None and bool(self.job.seats))

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
        token = job.token
        decide = session.decide
        job.thread = self.courier.send(lambda post: _work(post, token, tasks, decide),
                                       name="ed-computer-players")

    def cancel(self) -> None:
        """Forget the job: answers still to come are dropped."""
        self.job = None
        self.courier.stop()

    def wait(self, timeout: Optional[float] = None) -> None:
        """Block until the worker has posted its answers (tests, and nothing else)."""
        job = self.job
        if job is not None and job.thread is not None:
            job.thread.join(timeout)

    def deliver(self) -> None:
        """On the Tk thread: hand each answer come so far to ``on_decided`` (the poll does
        this every few milliseconds; a test may call it after ``wait``)."""
        self.courier.deliver_now()

    def _answer(self, answer) -> None:
        token, seat, entry, said, failed = answer
        job = self.job
        if job is None or token != job.token or seat not in job.seats:
            return              # a stale answer: another game, or a phase gone by
        job.seats.discard(seat)
        self.on_decided(job.session, seat, entry, said, failed)
