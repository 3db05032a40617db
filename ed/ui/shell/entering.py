"""A seat's sheet in the game flow: showing it, typing the entry, submitting it, taking it back.

``Entering`` is a part of ``flow.Flow`` (a mixin: it shares the flow's state,
``self.app``, ``self.view``, ``self.current_seat``, ``self._refill``): it
shows a seat's tally sheet with the month's fields open, puts back an entry
taken back or a draft kept with the save, keeps the help beside the fields
current as the person types, checks and submits the entry (asking first
about an entirely empty one, or an order that could cost more than the
cash), and takes a submitted entry back until the last seat is in, only
where the screen names its owner (the cover after it, or the wait for
computer players).  Like the rest of the flow it draws nothing itself and holds no rule.
"""
from __future__ import annotations

from typing import Optional

from ... import TITLE
from ...rules import Phase
from .modes import Mode


class Entering:
    """The sheet and the entry: a part of ``flow.Flow`` (see the module docstring)."""

    # -------------------------------------------------------------- sheet

    def show_sheet(self, seat: int, *, entry: bool = True, waiting: bool = False) -> None:
        """Draw ``seat``'s tally sheet; with ``entry``, open the current month's fields."""
        from .. import presenter as P
        app, ui = self.app, self.app.layout
        game = app.session.game
        app.change_mode(Mode.BUSY)
        app.session.shown_seat = seat
        self.current_seat = seat
        view = game.view(seat)
        self.view = view
        entry = entry and not view.is_over
        block = ("orders" if view.phase == Phase.PURCHASING else "sales") if entry else None
        ui.tally.clear_entries()
        month = view.month if (entry or waiting) and not view.is_over else game.rules.months
        ui.tally.draw(P.tally_columns(game.history, seat), month=month, entry_block=block)
        ui.sheet_title.configure(text=P.sheet_title(view))
        ui.show_instructions(P.newcomer_instructions(
            view, games_finished=app.games_finished(),
            dismissed=app.settings.instructions_dismissed) if entry else "")
        ui.show_bar(None)
        self._tried = False
        self.screen_changed()
        if entry:
            ui.submit_button.configure(text="Submit orders" if block == "orders"
                                       else "Submit offers", state="normal")
            ui.submit_button.grid()
            ui.show_look(False)
            app.title(f"{TITLE}: {view.name}, {P.month_heading(view.month)} "
                      f"({'buying' if block == 'orders' else 'selling'})")
            ui.show_screen(None, Mode.ENTER)
            app.extras.offer_tour()
            self.refresh_public(seat)
            self._refill_entry(seat)
            self.entry_changed()
            self.focus_entry()
        elif waiting:
            ui.submit_button.grid_remove()
            ui.show_look(False)
            ui.show_screen(None, Mode.WAIT)
            self.refresh_public(seat)
        else:
            ui.submit_button.grid_remove()
            app.title(f"{TITLE}: game over")
            ui.show_screen(None, Mode.LOOK)

    def draft(self):
        """``(seat, texts)`` of the sheet being entered (what is typed, not submitted), or
        ``(None, {})`` when no sheet is open for entry."""
        if self.app.mode not in (Mode.ENTER, Mode.CONFIRM) or self.view is None:
            return None, {}
        return self.current_seat, self.app.layout.tally.texts(self.view.keys)

    def _refill_entry(self, seat: int) -> None:
        """Type in again an entry the seat took back, or a draft kept with the save."""
        entry = self._refill.pop(seat, None)
        if not entry:
            return
        tally = self.app.layout.tally
        for key, (units, price) in entry.items():
            if key not in tally.vars:
                continue
            if isinstance(units, str):          # a draft: each field's text as typed
                tally.vars[key][0].set(units)
                tally.vars[key][1].set(price)
            elif units:                          # an entry taken back
                tally.vars[key][0].set(str(units))
                tally.vars[key][1].set(str(price))

    def focus_entry(self) -> None:
        """The keyboard to the sheet being entered: back to the field last in use on it
        (after a question, the guide, a look at the last reveal), or its first field."""
        self.app.layout.tally.refocus(self.view.keys[0])

    def entry_changed(self) -> None:
        """Live help as the fields are typed in; a refusal or a question goes once changed."""
        app = self.app
        if app.mode == Mode.CONFIRM:
            self.confirm_no(focus=False)
        if app.mode != Mode.ENTER:
            return
        from .. import presenter as P
        ui = app.layout
        view = self.view
        keys = view.keys
        help_ = P.entry_help(view, ui.tally.texts(keys), tried=self._tried,
                             newcomer=P.is_newcomer(app.games_finished()))
        ui.tally.show_help(help_, keys, "orders" if view.phase == Phase.PURCHASING else "sales")
        ui.tally.pencil(P.draft_cells(view, help_))
        if ui.refusal_label.cget("text"):
            ui.show_bar(None)     # the refusal was about what has just been changed

    def submit(self, *, confirmed: bool = False) -> None:
        """Submit the current seat's entry, or refuse it with the reason next to the field.

        An entirely empty entry from a seat that could act, and an order that costs more
        than the cash if all of it is bought, are asked about first (Enter means No).
        """
        app, ui = self.app, self.app.layout
        if app.mode != Mode.ENTER:
            return
        from .. import presenter as P
        from ...rules import RuleError
        view = self.view
        keys = view.keys
        self._tried = True
        texts = ui.tally.texts(keys)
        help_ = P.entry_help(view, texts, tried=True,
                             newcomer=P.is_newcomer(app.games_finished()))
        block = "orders" if view.phase == Phase.PURCHASING else "sales"
        ui.tally.show_help(help_, keys, block)
        if not help_.ok:
            self._refuse(help_.refusal, help_.first_bad, help_.bad_field == "price")
            return
        if not confirmed:
            if not any(units for units, _ in help_.entry.values()):
                question, yes = P.empty_entry_question(view), "Yes, submit nothing"
            else:
                question, yes = P.over_cash_question(view, help_.entry), "Yes, submit it"
            if question:
                self._ask(question, yes)
                return
        try:
            app.session.submit(view.seat, help_.entry)
        except RuleError as error:  # the engine has the last word
            ui.tally.totals[block].configure(text=str(error), style="HintError.TLabel")
            self._refuse(str(error), None, False)
            return
        app.change_mode(Mode.BUSY)
        ui.tally.clear_entries()
        ui.show_bar(None)
        what = "orders are" if block == "orders" else "offers are"
        self.say(f"{view.name}'s {what} in." + (
            f" {app.session.save_problem}" if app.session.save_problem else ""),
            error=bool(app.session.save_problem))
        self.advance()

    def _refuse(self, text: str, key: Optional[str], price: bool) -> None:
        ui = self.app.layout
        ui.show_bar("refusal", f"Not submitted. {text}")
        if key is not None:
            ui.tally.focus_field(key, price=price)

    def _ask(self, question: str, yes: str) -> None:
        """The question before an empty entry or an order over the cash: No is the default
        (Enter, Escape); ``yes`` is what the other button says."""
        ui = self.app.layout
        ui.yes_button.configure(text=yes)
        ui.show_bar("question", question)
        self.app.change_mode(Mode.CONFIRM)
        ui.no_button.focus_set()
        self.screen_changed()

    def confirm_no(self, *, focus: bool = True) -> None:
        if self.app.mode != Mode.CONFIRM:
            return
        self.app.layout.show_bar(None)
        self.app.change_mode(Mode.ENTER)
        self._tried = False     # nothing was refused: a price still to type is a reminder
        if focus:
            self.focus_entry()

    def confirm_yes(self) -> None:
        if self.app.mode != Mode.CONFIRM:
            return
        self.app.layout.show_bar(None)
        self.app.change_mode(Mode.ENTER)
        self.submit(confirmed=True)

    # ----------------------------------------------------------- take back

    def _last_human_in(self) -> Optional[int]:
        """The person who submitted last this phase and may still take it back."""
        session = self.app.session
        if session is None or session.game.is_over:
            return None
        game = session.game
        shown = session.shown_seat
        if shown is not None and not game.seats[shown].is_computer and game.submitted(shown):
            return shown
        done = [s for s in session.humans if game.submitted(s)]
        return done[-1] if done else None

    def take_back_last(self) -> None:
        """Take back the entry of the person the screen names (the cover's button, the wait's,
        Game ▸ Take back my entry); with several people at the table, ask that person first.

        Only the cover and the wait name someone who has submitted: on a sheet being
        entered it is that person's own sheet, with nothing submitted to take back, so
        nothing typed there is ever touched.
        """
        app = self.app
        seat = self.take_back_seat if app.mode in (Mode.COVER, Mode.WAIT) else None
        if seat is None or not app.session.game.submitted(seat):
            app.show_message(self._nothing_to_take_back())
            return
        if len(app.session.humans) == 1:
            self.take_back(seat)
            return
        name = app.session.game.names[seat]
        moment = (app.session, app.session.game.month, app.session.game.phase)
        app.files.ask(f"Take back {name}'s entry?",
                      f"Take back {name}'s entry, for {name} to enter again behind a cover? "
                      f"Only {name} should answer.",
                      [("Take it back", lambda: self._take_back_if_still(seat, moment)),
                       ("Keep it", self._entry_kept)], default=1, cancel=1)

    def _entry_kept(self) -> None:
        """The entry stays in: the cover's Enter means its own button again, not the
        question once more."""
        if self.app.mode == Mode.COVER:
            self.app.layout.cover.ready_button.focus_set()

    def _nothing_to_take_back(self) -> str:
        """Why Game ▸ Take back my entry takes nothing back now, in words true of this
        moment: no game, a game over, a sheet being typed, or a phase revealed."""
        app = self.app
        if app.session is None:
            return "There is no entry to take back: no game is being played."
        if app.session.game.is_over:
            return "There is no entry to take back: the game is over."
        if app.mode in (Mode.ENTER, Mode.CONFIRM) and self.view is not None:
            return (f"Nothing to take back: {self.view.name} has not submitted yet. An entry "
                    f"is taken back on the cover that follows it.")
        return ("There is no entry to take back just now: a phase is revealed as soon as "
                "the last seat is in.")

    def _take_back_if_still(self, seat: int, moment: tuple) -> None:
        """The answer came: take the entry back if the phase it was asked in is still on."""
        session = self.app.session
        if (session, session.game.month, session.game.phase) != moment or \
                self.app.mode not in (Mode.COVER, Mode.WAIT):
            self.app.show_message("Too late to take that entry back: the phase has moved on.")
            return
        self.take_back(seat)

    def take_back(self, seat: int) -> None:
        """Withdraw ``seat``'s entry and open its sheet again (behind a cover if others play)."""
        app = self.app
        session = app.session
        if session is None or not session.game.submitted(seat) or \
                session.game.seats[seat].is_computer:
            return
        self._refill[seat] = session.withdraw(seat)
        name = session.game.names[seat]
        self.say(f"{name}'s entry was taken back: change it and submit again.")
        if len(session.humans) > 1:
            # The entry comes back behind the cover: only its owner should see it.
            session.shown_seat = None
            self.refresh_public()
            self._show_cover(seat)
        else:
            self.show_sheet(seat)
