"""Work done off the Tk thread, its answers handed back to the Tk thread by an ``after`` poll.

Tk is not thread-safe: a worker thread may compute, never touch a widget.
``Courier(widget, deliver, pending=...)``: ``send(work, name=...)`` runs
``work(post)`` on a daemon thread (closing the window never waits for it);
whatever ``work`` hands to ``post(answer)`` goes into a queue that a poll on
the Tk thread (``widget.after`` every ``poll_ms``) empties, calling
``deliver(answer)`` for each, then ``tick()`` (a progress bar, say).  The poll
goes on while ``pending()`` says there is more to come.  ``deliver_now()``
empties the queue at once (a test, after ``join``); ``stop()`` cancels the
poll.  Dropping answers that come too late (another game) is the caller's
part: it tags each job with a token it can check in ``deliver``.

The computer players' decisions (``thinking.Thinker``) and the review after
the game (``reviewtab.ReviewTab``) use it.  Imports threading and queue; no
tkinter (the widget's ``after`` is all it needs).
"""
from __future__ import annotations

import queue
import threading
from typing import Callable, Optional


class Courier:
    """See the module docstring."""

    def __init__(self, widget, deliver: Callable[[object], None], *,
                 pending: Callable[[], bool], poll_ms: int = 25,
                 tick: Optional[Callable[[], None]] = None) -> None:
        self.widget = widget
        self.deliver = deliver
        self.pending = pending
        self.poll_ms = poll_ms
        self.tick = tick
        self.answers: "queue.Queue" = queue.Queue()
        #: the thread last started (``join`` waits for it)
        self.thread: Optional[threading.Thread] = None
        self._after: Optional[str] = None

    def send(self, work: Callable[[Callable[[object], None]], None], *,
             name: str) -> threading.Thread:
        """Run ``work(post)`` on a new daemon thread and poll for what it posts."""
        self.thread = threading.Thread(target=work, args=(self.answers.put,), name=name,
                                       daemon=True)
        self.thread.start()
        self.schedule()
        return self.thread

    def join(self, timeout: Optional[float] = None) -> None:
        """Block until the last thread sent has ended (tests, and nothing else)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def schedule(self) -> None:
        """Poll in ``poll_ms``, unless a poll is due already."""
        if self._after is None:
            self._after = self.widget.after(self.poll_ms, self._poll)

    def stop(self) -> None:
        """Cancel the poll (answers already queued stay for ``deliver_now``)."""
        if self._after is not None:
            try:
                self.widget.after_cancel(self._after)
            except Exception:  # the window is being destroyed
                pass
            self._after = None

    def deliver_now(self) -> None:
        """On the Tk thread: hand each answer come so far to ``deliver``."""
        while True:
            try:
                answer = self.answers.get_nowait()
            except queue.Empty:
                return
            self.deliver(answer)

    def _poll(self) -> None:
        self._after = None
        self.deliver_now()
        if self.tick is not None:
            self.tick()
        if self.pending():
            self.schedule()
