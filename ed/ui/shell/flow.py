"""The game flow: whose sheet, cover, reveal or ending the window shows, and when.

``Flow(app)`` drives one ``session.Session`` through the main window:
begin a game, ask the session what happens next and show it (the
pass-and-play cover, a seat's sheet with its entry fields, the wait while
computer players think, the reveal of a phase, the end of the game), check
and submit an entry, take one back, look again at the last reveal, look at
every sheet once the game is over.  Enter and Escape on the window mean
"go on" in every screen.

Nothing is lost to a key pressed twice: a key press that comes within
``settle_s`` of a screen change was meant for the screen before and is
ignored; an entirely empty entry from a seat that could act is only sent
after "Submit no order this month?" (Enter = No); and a person may take an
entry back until the last seat is in, where the screen names them (the
cover after their entry, the wait), asked first when several people play.
The take-back is offered only to the person whose entry has just gone in,
never to one before (a cover after a take-back offers none).  Taken back on
the next person's cover, where that person may hold the laptop already, the
entry comes back empty, and the reveal tells the table it was taken back.
No key acts on another seat's entry: Ctrl+Z in a field is the field's own.

Computer players of the quick levels decide at once; the others think on a
worker thread (``thinking.Thinker``) while people enter, and the players
panel says "thinking…" for them.  Their answers come back on the Tk thread;
an answer for a game no longer shown is dropped.  A player whose decision
failed passes the phase, and the status line says so while that phase is
played and revealed (the error itself goes to errors.log).

It draws nothing itself: it fills the widgets of ``app.layout`` with what
the presenter and the session answer, and holds no rule (the presenter
checks an entry, the engine has the last word).  The app's ``mode``
(``modes.Mode``) says what is on screen: starting, welcome, resume, cover,
enter, confirm (the question before an empty entry), wait (computer players
thinking), busy, reveal, peek (the last reveal looked at again), over, look;
the flow changes it only through ``app.change_mode``.
Imports: tkinter, the presenter, the session, ``thinking`` and ``ed.rules``;
other parts of the window only through the hub (``app.layout``,
``app.files``, ``app.extras``).
"""
from __future__ import annotations

import time
import tkinter as tk
from typing import Dict, List, Optional, Tuple

from ...rules import Phase
from ...words import and_list
from ... import TITLE
from .entering import Entering
from .modes import Mode
from ..widgets.tooltip import focused


class Flow(Entering):
    """The game flow controller (see the module docstring; a seat's sheet, its entry and
    taking it back are in ``entering.Entering``)."""

    #: How long after a screen change a key press is taken as meant for the screen before.
    SETTLE_S = 0.4
    #: How long after a game begins its reveal is made ready out of sight (``warm_reveal``):
    #: after the first sheet is drawn, while it is read.
    WARM_REVEAL_MS = 200

    def __init__(self, app) -> None:
        from .thinking import Thinker
        self.app = app
        self.view = None                         # the PlayerView of the sheet shown
        self.current_seat: Optional[int] = None  # whose sheet is shown
        self.cover_seat: Optional[int] = None    # whom the cover asks for
        self.take_back_seat: Optional[int] = None  # who the cover or the wait offers to take back
        #: entries taken back on the next person's cover: (month, phase, owner, cover's seat)
        self.taken_back_on_cover: List[Tuple[int, str, int, int]] = []
        self._tried = False                      # Submit was pressed on this sheet
        self._peek_return = None                 # the mode to go back to after a peek
        self.settle_s = self.SETTLE_S
        self.clock = time.monotonic
        self._changed_at = float("-inf")
        self._refill: Dict[int, dict] = {}       # entries taken back, to type in again
        self.reveal_drawn_at = 0.0               # when the last reveal's first frame was drawn
        self._message_phase: Optional[Tuple[int, str]] = None
        self._failures_said = 0                  # the session's failed decisions said so far
        self.thinker = Thinker(app, on_decided=self._decided)

    def bind_keys(self) -> None:
        """Enter, Escape and Ctrl+A on the whole window."""
        app = self.app
        for key in ("<Return>", "<KP_Enter>"):
            app.bind(key, self.on_return)
        app.bind("<Escape>", self.on_escape)
        app.bind_all("<<NextWindow>>", lambda e: self.on_tab(e, "tk_focusNext"))
        app.bind_all("<<PrevWindow>>", lambda e: self.on_tab(e, "tk_focusPrev"))
        mod = "Command" if app.tk.call("tk", "windowingsystem") == "aqua" else "Control"
        for widget_class in ("TEntry", "Entry", "TSpinbox", "TCombobox"):
            app.bind_class(widget_class, f"<{mod}-a>", select_all)
            app.bind_class(widget_class, f"<{mod}-A>", select_all)

    # ------------------------------------------------------------ keys

    def on_tab(self, event, step: str) -> str:
        """Tab and Shift+Tab as Tk has them, save that a screen laid over the game keeps
        the keyboard to itself: the faces, the sheet's fields and the drawer beneath the
        cover, the reveal or the end are out of sight and out of reach."""
        app = self.app
        start = candidate = str(event.widget)
        reachable = app.layout.keyboard_reaches
        for _ in range(2000):
            candidate = str(app.tk.call(step, candidate))
            if not candidate or candidate == start or reachable(candidate):
                break
        if candidate:
            app.tk.call("tk::TabToWindow", candidate)
        return "break"

    def screen_changed(self) -> None:
        """A new screen is on show: key presses already on their way are not for it."""
        self._changed_at = self.clock()

    def keys_back(self) -> None:
        """A window over the main one has closed (Preferences): the keyboard goes back to
        where the person was, the field last in use on a sheet being entered, else what the
        screen on show takes Enter with. The window manager, or none, may hand it back to
        nothing, and after a new text size the widget that had it is gone."""
        app, ui = self.app, self.app.layout
        app.focus_force()
        if app.mode == Mode.ENTER:
            self.focus_entry()
        elif app.mode == Mode.CONFIRM:
            ui.no_button.focus_set()
        elif app.mode == Mode.LOOK:
            ui.look_choice.focus_set()
        else:
            for screen in ui.screens:
                if screen.shown and screen.default_button is not None:
                    screen.default_button.focus_set()

    def settled(self) -> bool:
        """Whether the screen has been up long enough for a key press to be meant for it."""
        return self.clock() - self._changed_at >= self.settle_s

    def on_return(self, event=None) -> str:
        from tkinter import ttk
        app = self.app
        if not self.settled():
            return "break"
        focus = focused(app)
        if isinstance(focus, (ttk.Button, tk.Button)):
            focus.invoke()
            return "break"
        files = app.files
        actions = {Mode.WELCOME: files.new_game, Mode.RESUME: files.resume_game,
                   Mode.COVER: self.cover_ready, Mode.REVEAL: self.continue_after_reveal,
                   Mode.OVER: files.new_game, Mode.ENTER: self.submit,
                   Mode.CONFIRM: self.confirm_no, Mode.PEEK: self.continue_after_reveal}
        action = actions.get(app.mode)
        if action is not None:
            action()
        return "break"

    def on_escape(self, event=None) -> str:
        mode = self.app.mode
        if mode == Mode.RESUME:
            self.app.files.resume_game()
        elif mode == Mode.PEEK:
            self.continue_after_reveal()
        elif mode == Mode.CONFIRM:
            self.confirm_no()
        elif mode == Mode.LOOK:
            self.back_to_standings()
        return "break"

    # --------------------------------------------------------------- game

    def begin(self, game, *, slot=None, draft=None, explanations=None) -> None:
        """Play ``game`` in the window from where it stands (``slot``: its save, if it has one;
        ``draft``: what a person had typed, put back in the fields when their sheet comes up;
        ``explanations``: the computer players' sentences kept in the save)."""
        from .session import Session
        app, ui = self.app, self.app.layout
        self.thinker.cancel()       # answers still coming for another game are dropped
        self._refill.clear()
        self.taken_back_on_cover = []
        if draft is not None:
            self._refill[draft.seat] = {key: (units, price) for key, units, price in draft.fields}
        if app.session is not None:
            app.session.close()      # the game left behind stays in its own save
        app.session = Session(game, app.folder, slot=slot, draft=draft,
                              explanations=explanations)
        self._failures_said = 0
        ui.show_setup(game.rules)
        ui.show_bar(None)
        ui.show_look(False)
        problem = app.session.autosave()
        if problem:
            app.show_message(problem, error=True)
        app.extras.refresh_log()
        self.advance()
        app.after(self.WARM_REVEAL_MS, self.warm_reveal, game)

    def warm_reveal(self, game) -> None:
        """Make the reveal ready out of sight for ``game``, if it is still the one played."""
        app = self.app
        if app.session is not None and app.session.game is game:
            app.layout.reveal.warm(len(game.names))

    def advance(self) -> None:
        """Ask the session what happens next and show it."""
        app = self.app
        session = app.session
        step = session.step(play=False)
        slow = [seat for seat in session.computers_waiting() if not session.is_quick(seat)]
        if slow:
            self.thinker.start(session, slow)
        self.expire_message()
        self._say_failures()
        if session.save_problem:
            app.show_message(session.save_problem, error=True)
        if step.kind == "reveal":
            # the moment everyone waits for comes first; what it covers follows
            self._show_reveal(step.report)
            self._tell_taken_back(step.report)
            app.after_idle(lambda: self._behind_reveal(session))
            return
        if step.kind != "enter" or step.cover:      # a sheet shown refreshes it itself
            self.refresh_public(step.seat if step.kind == "enter" else None)
        if step.kind == "over":
            self._show_ending()
        elif step.kind == "wait":
            self._show_wait(step.seats)
        elif step.cover:
            self._show_cover(step.seat)
        else:
            self.show_sheet(step.seat)

    def _behind_reveal(self, session) -> None:
        """Once the reveal's first frame is drawn: the players, the board, the log and the
        other windows brought up to date behind it (the strip still says what is shown)."""
        from .. import presenter as P
        app = self.app
        self.reveal_drawn_at = time.perf_counter()
        if session is not app.session:
            return                  # another game began meanwhile
        self.refresh_public(None)
        app.extras.refresh_log()
        app.extras.refresh_windows()
        if app.mode == Mode.REVEAL and session.game.history:
            report = session.game.history[-1]
            app.layout.progress.show(P.progress(session.game.rules.months, report.month,
                                                report.phase, revealed=True))

    def refresh_public(self, current: Optional[int] = None) -> None:
        """Redraw what everyone may see: the players panel, the board and the progress."""
        self.app.layout.show_public(self.app.session.game, current,
                                    thinking=self.thinker.seats)

    def _decided(self, session, seat: int, entry: dict, said: str, failed: bool) -> None:
        """A computer player thinking on the worker thread has decided (on the Tk thread)."""
        app = self.app
        if session is not app.session or not session.record(seat, entry, said, failed=failed):
            return
        if app.mode == Mode.WAIT:
            self.advance()
        else:
            if app.mode not in (Mode.REVEAL, Mode.PEEK):    # not while a phase before is shown
                self._say_failures()
            self.refresh_public(self.current_seat if app.mode in (Mode.ENTER, Mode.CONFIRM)
                                else None)

    def _show_cover(self, seat: int) -> None:
        app, ui = self.app, self.app.layout
        session = app.session
        name = session.game.names[seat]
        self.cover_seat = seat
        ui.tally.clear_entries()
        back = self.take_back_seat = self._just_in()
        ui.cover.set_name(name, take_back=session.game.names[back] if back is not None else None)
        ui.show_screen(ui.cover, Mode.COVER)
        self.screen_changed()
        app.title(f"{TITLE}: pass to {name}")

    # --------------------------------------------------------- taking back

    def _just_in(self) -> Optional[int]:
        """The person whose entry has just gone in (the sheet the screen showed last, now
        submitted): the one a take-back is offered to.  Nobody after a take-back, a resume or
        a reveal, so a cover never offers the entry of a person before: the laptop may have
        passed on since."""
        session = self.app.session
        if session is None or session.game.is_over or session.shown_seat is None:
            return None
        game, seat = session.game, session.shown_seat
        return seat if not game.seats[seat].is_computer and game.submitted(seat) else None

    def take_back(self, seat: int) -> None:
        """Take back ``seat``'s entry (``Entering.take_back``).  On the next person's cover,
        who may hold the laptop already, the entry comes back empty, to be entered again: none
        of it is shown to whoever says they are its owner; and the reveal tells the table."""
        app = self.app
        passed_to = self.cover_seat if app.mode == Mode.COVER else None
        super().take_back(seat)
        session = app.session
        if passed_to is None or passed_to == seat or session is None or \
                session.game.submitted(seat):
            return
        game = session.game
        self._refill.pop(seat, None)
        self.taken_back_on_cover.append((game.month, game.phase, seat, passed_to))
        name = game.names[seat]
        self.say(f"{name}'s entry was taken back on {game.names[passed_to]}'s cover: {name} "
                 f"enters it again, and the reveal will say so.")

    def _tell_taken_back(self, report) -> None:
        """At the reveal, tell the table of each entry of the phase taken back on the next
        person's cover (anyone there could have pressed it): one sentence each."""
        names = self.app.session.game.names
        here = [(seat, passed_to) for month, phase, seat, passed_to in self.taken_back_on_cover
                if (month, phase) == (report.month, report.phase)]
        self.taken_back_on_cover = [late for late in self.taken_back_on_cover
                                    if (late[0], late[1]) != (report.month, report.phase)]
        if here:
            self.app.show_message(" ".join(f"{names[seat]}'s entry was taken back on "
                                           f"{names[passed_to]}'s cover and entered again."
                                           for seat, passed_to in here), until="entry")

    def cover_ready(self) -> None:
        if self.app.mode != Mode.COVER:
            return
        self.show_sheet(self.cover_seat)

    def _show_wait(self, seats) -> None:
        """Only computer players are still to decide: say so, and let a person take back."""
        app, ui = self.app, self.app.layout
        game = app.session.game
        names = [game.names[s] for s in seats]
        who = and_list(names)
        seat = self.current_seat if self.current_seat is not None and \
            not game.seats[self.current_seat].is_computer else self._last_human_in()
        back = self.take_back_seat = self._just_in()
        if seat is not None and app.mode in (Mode.BUSY, Mode.ENTER, Mode.CONFIRM, Mode.COVER,
                                             Mode.WAIT):
            self.show_sheet(seat, entry=False, waiting=True)
        else:
            ui.show_screen(None, Mode.WAIT)
        if back is None:
            ui.takeback_button.grid_remove()
        else:
            solo = len(app.session.humans) == 1
            ui.takeback_button.configure(text="Take back my entry" if solo else
                                         f"{game.names[back]}: take back my entry")
            ui.takeback_button.grid()
        ui.show_bar("waiting", f"Waiting for {who}: thinking… The reveal follows as soon as "
                               f"{'they have' if len(names) > 1 else 'it has'} decided.")
        app.change_mode(Mode.WAIT)
        self.screen_changed()
        app.title(f"{TITLE}: waiting for {who}")

    # ------------------------------------------------------------- reveal

    def _personalities(self) -> list:
        """Each seat's ``Personality`` if it is a computer player with one, else ``None``."""
        from ... import ai
        return [ai.PERSONALITIES.get(s.personality or "") if s.is_computer else None
                for s in self.app.session.game.seats]

    def _reveal_data(self, report):
        from .. import presenter as P
        game = self.app.session.game
        people = self._personalities()
        computers = {seat: people[seat] for seat, info in enumerate(game.seats)
                     if info.is_computer}
        return P.reveal(report, self.app.session.explanations, seats_info=computers,
                        history=game.history, rules=game.rules)

    def _show_reveal(self, report) -> None:
        from .. import presenter as P
        app, ui = self.app, self.app.layout
        game = app.session.game
        ui.tally.clear_entries()
        ui.show_bar(None)
        app.message_over("reveal")
        data = self._fill_reveal(report)
        ui.progress.show(P.progress(game.rules.months, report.month, report.phase,
                                    revealed=True))
        ui.show_screen(ui.reveal, Mode.REVEAL)
        if app.settings.reveal_pacing == "all":
            ui.reveal.finish()
        else:
            ui.reveal.play()
        self.screen_changed()
        app.title(f"{TITLE}: {data.title}")

    def _fill_reveal(self, report, continue_text: str = "Continue  (Enter)", *,
                     again: bool = False):
        """Lay ``report`` (the last phase resolved) out on the reveal, face down (``again``:
        a look again at it)."""
        from ...report import prices_by_month
        history = self.app.session.game.history
        data = self._reveal_data(report)
        self.app.layout.reveal.fill(
            data, buying=report.phase == Phase.PURCHASING,
            before=prices_by_month(history[:-1]), after=prices_by_month(history),
            continue_text=continue_text, personalities=self._personalities(), again=again)
        return data

    def continue_after_reveal(self) -> None:
        app, ui = self.app, self.app.layout
        if app.mode in (Mode.REVEAL, Mode.PEEK) and ui.reveal.playing:
            ui.reveal.finish()         # the scene skipped to its end; the next Enter goes on
            self.screen_changed()
            return
        if app.mode == Mode.PEEK:
            ui.reveal.hide()
            app.change_mode(self._peek_return)
            self.screen_changed()
            self._say_failures()
            self.refresh_public(self.current_seat if app.mode == Mode.ENTER else None)
            if app.mode == Mode.ENTER:
                self.focus_entry()
            elif app.mode == Mode.OVER:
                ui.show_screen(ui.ending, Mode.OVER)
            elif app.mode == Mode.WAIT and not app.session.computers_waiting():
                self.advance()       # the last computer player decided during the look
            return
        if app.mode != Mode.REVEAL:
            return
        ui.reveal.hide()
        self.advance()

    def show_last_reveal(self) -> None:
        """Look again at the last phase's reveal (public), then come back.

        While a reveal is on screen it is the last one: nothing more is said.  The question
        before an entry goes (Enter asks it again); where no reveal can be shown, the
        status line says why until one is.
        """
        app, ui = self.app, self.app.layout
        if app.mode in (Mode.REVEAL, Mode.PEEK):
            return
        if app.mode == Mode.CONFIRM:
            self.confirm_no(focus=False)
        if app.session is None or not app.session.game.history or \
                app.mode not in (Mode.ENTER, Mode.OVER, Mode.LOOK, Mode.WAIT):
            app.show_message(self._no_reveal_to_show(), until="reveal")
            return
        app.message_over("reveal")
        self._fill_reveal(app.session.game.history[-1], "Back  (Enter)", again=True)
        ui.reveal.finish()              # a look again shows it whole at once
        self._peek_return = app.mode
        ui.show_screen(ui.reveal, Mode.PEEK)
        self.screen_changed()

    def _no_reveal_to_show(self) -> str:
        """Why View ▸ Last reveal shows nothing now, in words true of this moment (never
        asked on a pass-and-play cover: there the item does nothing)."""
        session = self.app.session
        if session is None:
            return "There is no reveal to show: no game is being played."
        if not session.game.history:
            return ("There is no reveal yet: the first comes once everyone's January orders "
                    "are in.")
        return "The last reveal can be seen again in a moment, once this screen is up."

    # ------------------------------------------------------------- ending

    def _fill_ending(self) -> None:
        from .. import presenter as P
        app = self.app
        game = app.session.game
        people = self._personalities()
        computers = {seat: people[seat] for seat, info in enumerate(game.seats)
                     if info.is_computer}
        app.layout.ending.fill(P.ending(game.history[-1].settlement, loans=game.rules.loans,
                                        computers=computers),
                               game, personalities=people,
                               explanations=app.session.revealed_explanations)

    def _show_ending(self) -> None:
        app, ui = self.app, self.app.layout
        game = app.session.game
        self._fill_ending()
        ui.show_screen(ui.ending, Mode.OVER)
        ui.show_look(False)
        self.screen_changed()
        app.title(f"{TITLE}: game over")
        self.say("The game is over.")
        app.extras.record_statistics(game)  # may replace the line with a problem to report

    def look_at_sheets(self) -> None:
        """After the game: every seat's sheet is public; choose whose to look at."""
        ui = self.app.layout
        game = self.app.session.game
        ui.look_choice.configure(values=list(game.names))
        ui.look_choice.current(0)
        ui.show_look(True)
        self.show_sheet(0, entry=False)
        ui.look_choice.focus_set()

    def look_changed(self) -> None:
        session = self.app.session
        if session is not None and session.game.is_over:
            self.show_sheet(max(0, self.app.layout.look_choice.current()), entry=False)

    def back_to_standings(self) -> None:
        """From the sheets after the game, back to the final standings."""
        app, ui = self.app, self.app.layout
        if app.mode != Mode.LOOK:
            return
        ui.show_look(False)
        ui.show_screen(ui.ending, Mode.OVER)
        self.screen_changed()

    # ----------------------------------------------------------- messages

    def say(self, text: str, *, error: bool = False) -> None:
        """A status line about this moment of the game: it goes when the phase changes."""
        self.app.show_message(text, error=error)

    def _say_failures(self) -> None:
        """Computer players whose decision failed passed the phase: one sentence says so until
        that phase is over and revealed (the error and its traceback are in errors.log)."""
        failures = self.app.session.failures
        if len(failures) <= self._failures_said:
            return
        self._failures_said = len(failures)
        month, phase, _ = failures[-1]
        names = [self.app.session.game.names[seat] for m, p, seat in failures
                 if (m, p) == (month, phase)]
        self.say(f"{and_list(names)} could not decide and pass{'es' if len(names) == 1 else ''} "
                 f"this phase; the details are in errors.log.", error=True)
        self._message_phase = (month, phase)    # said for that phase, even once it is revealed

    def message_said(self) -> None:
        """Note the phase a status line was said in (``app.show_message`` calls this)."""
        game = self.app.session.game if self.app.session is not None else None
        self._message_phase = (game.month, game.phase) if game is not None else None

    def expire_message(self) -> None:
        """Clear a status line said in an earlier phase (e.g. "Dana's orders are in.")."""
        game = self.app.session.game
        if self._message_phase is not None and self._message_phase != (game.month, game.phase):
            self.app.layout.show_message("")
            self._message_phase = None

    # ------------------------------------------------- laying out again

    def moment(self) -> dict:
        """What is on screen now, for ``restore`` after the window is built again."""
        from ...rules import GOODS, RAW
        app, ui = self.app, self.app.layout
        mode = app.mode
        return {"mode": mode,
                "texts": ui.tally.texts(RAW + GOODS) if mode in (Mode.ENTER, Mode.CONFIRM) else None,
                "look": ui.look_choice.current() if mode == Mode.LOOK else 0,
                "peek_return": self._peek_return,
                "ending": ui.ending.where() if mode in (Mode.OVER, Mode.LOOK, Mode.PEEK) else None}

    def restore(self, moment: dict) -> None:
        """Show the same moment of the game again in freshly built widgets."""
        app, ui = self.app, self.app.layout
        mode = moment["mode"]
        if app.session is None:
            if mode == Mode.RESUME:
                ui.show_screen(ui.resume, Mode.RESUME)
            else:
                ui.show_screen(ui.welcome, Mode.WELCOME)
            return
        game = app.session.game
        ui.show_setup(game.rules)
        ui.show_look(False)
        if mode == Mode.PEEK:
            mode = moment["peek_return"]
        if mode in (Mode.ENTER, Mode.CONFIRM, Mode.COVER, Mode.BUSY, Mode.WAIT):
            if mode == Mode.WAIT:
                app.change_mode(Mode.BUSY)
            self.advance()
            texts = moment["texts"]
            if texts is not None and app.mode == Mode.ENTER:
                for key, (units, price) in texts.items():
                    ui.tally.vars[key][0].set(units)
                    ui.tally.vars[key][1].set(price)
                ui.tally.select_in_use()
        elif mode == Mode.REVEAL:
            self.refresh_public()
            self._show_reveal(game.history[-1])
        elif mode == Mode.LOOK:
            self.refresh_public()
            self._fill_ending()                         # behind the sheets, as it was
            if moment.get("ending"):
                ui.ending.go_back(moment["ending"])
            self.look_at_sheets()
            ui.look_choice.current(moment["look"])
            self.look_changed()
        else:
            self.refresh_public()
            self._show_ending()
            if moment.get("ending"):
                ui.ending.go_back(moment["ending"])     # the same tab, scrolled as it was


def select_all(event) -> str:
    """Ctrl+A (Cmd+A) in a field selects all of its text."""
    widget = event.widget
    try:
        widget.select_range(0, "end")
        widget.icursor("end")
    except (AttributeError, tk.TclError):
        return ""
    return "break"
