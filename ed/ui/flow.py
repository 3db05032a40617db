"""The game flow: whose sheet, cover, reveal or ending the window shows, and when.

``Flow(app)`` drives one ``session.Session`` through the main window:
begin a game, ask the session what happens next and show it (the
pass-and-play cover, a seat's sheet with its entry fields, the reveal of
a phase, the end of the game), check and submit an entry, look again at
the last reveal, look at every sheet once the game is over.  Enter and
Escape on the window mean "go on" in every screen.

It draws nothing itself: it fills the widgets of ``app.layout`` with what
the presenter and the session answer, and holds no rule (the presenter
checks an entry, the engine has the last word).  The app's ``mode`` says
what is on screen: starting, welcome, resume, cover, enter, busy, reveal,
peek (the last reveal looked at again), over, look.
Imports: tkinter, the presenter, the session and ``ed.rules``; other parts
of the window only through the hub (``app.layout``, ``app.files``,
``app.extras``).
"""
from __future__ import annotations

import tkinter as tk
from typing import Optional

from . import TITLE


class Flow:
    """The game flow controller (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.view = None                         # the PlayerView of the sheet shown
        self.current_seat: Optional[int] = None  # whose sheet is shown
        self.cover_seat: Optional[int] = None    # whom the cover asks for
        self._tried = False                      # Submit was pressed on this sheet
        self._peek_return = None                 # the mode to go back to after a peek

    def bind_keys(self) -> None:
        """Enter and Escape on the whole window."""
        for key in ("<Return>", "<KP_Enter>"):
            self.app.bind(key, self.on_return)
        self.app.bind("<Escape>", self.on_escape)

    def on_return(self, event=None) -> str:
        from tkinter import ttk
        app = self.app
        focus = app.focus_get()
        if isinstance(focus, (ttk.Button, tk.Button)):
            focus.invoke()
            return "break"
        files = app.files
        actions = {"welcome": files.new_game, "resume": files.resume_game,
                   "cover": self.cover_ready, "reveal": self.continue_after_reveal,
                   "over": files.new_game, "enter": self.submit,
                   "peek": self.continue_after_reveal}
        action = actions.get(app.mode)
        if action is not None:
            action()
        return "break"

    def on_escape(self, event=None) -> str:
        if self.app.mode == "resume":
            self.app.files.resume_game()
        elif self.app.mode == "peek":
            self.continue_after_reveal()
        return "break"

    # --------------------------------------------------------------- game

    def begin(self, game, *, slot=None) -> None:
        """Play ``game`` in the window from where it stands (``slot``: its save, if it has one)."""
        from .session import Session
        app, ui = self.app, self.app.layout
        if app.session is not None:
            app.session.close()      # the game left behind stays in its own save
        app.session = Session(game, app.folder, slot=slot)
        ui.show_setup(game.rules)
        ui.refusal_label.configure(text="")
        ui.look_choice.grid_remove()
        problem = app.session.autosave()
        if problem:
            app.show_message(problem, error=True)
        app.extras.refresh_log()
        self.advance()

    def advance(self) -> None:
        """Ask the session what happens next and show it."""
        app = self.app
        step = app.session.step()
        if app.session.save_problem:
            app.show_message(app.session.save_problem, error=True)
        self.refresh_public(step.seat if step.kind == "enter" else None)
        if step.kind == "reveal":
            app.extras.refresh_log()
            app.extras.refresh_windows()
            self._show_reveal(step.report)
        elif step.kind == "over":
            self._show_ending()
        elif step.cover:
            self._show_cover(step.seat)
        else:
            self.show_sheet(step.seat)

    def refresh_public(self, current: Optional[int] = None) -> None:
        """Redraw what everyone may see: the players panel and the Price Level Board."""
        self.app.layout.show_public(self.app.session.game, current)

    def _show_cover(self, seat: int) -> None:
        app, ui = self.app, self.app.layout
        name = app.session.game.names[seat]
        self.cover_seat = seat
        ui.tally.clear_entries()
        ui.cover.set_name(name)
        ui.show_screen(ui.cover, "cover")
        app.title(f"{TITLE}: pass to {name}")

    def cover_ready(self) -> None:
        if self.app.mode != "cover":
            return
        self.show_sheet(self.cover_seat)

    # -------------------------------------------------------------- sheet

    def show_sheet(self, seat: int, *, entry: bool = True) -> None:
        """Draw ``seat``'s tally sheet; with ``entry``, open the current month's fields."""
        from . import presenter as P
        app, ui = self.app, self.app.layout
        game = app.session.game
        app.mode = "busy"
        app.session.shown_seat = seat
        self.current_seat = seat
        view = game.view(seat)
        self.view = view
        entry = entry and not view.is_over
        block = ("orders" if view.phase == "purchasing" else "sales") if entry else None
        ui.tally.clear_entries()
        ui.tally.draw(P.tally_columns(game.history, seat),
                      month=view.month if entry else game.rules.months, entry_block=block)
        ui.sheet_title.configure(text=P.sheet_title(view))
        ui.instructions.configure(text=P.instructions(view) if entry else
                                  "The game is over: every sheet is public now.")
        ui.refusal_label.configure(text="")
        self._tried = False
        if entry:
            ui.submit_button.configure(text="Submit orders" if block == "orders"
                                       else "Submit offers", state="normal")
            ui.submit_button.grid()
            app.title(f"{TITLE}: {view.name}, {P.month_heading(view.month)} "
                      f"({'buying' if block == 'orders' else 'selling'})")
            ui.show_screen(None, "enter")
            app.extras.offer_tour()
            self.refresh_public(seat)
            self.entry_changed()
            self.focus_entry()
        else:
            ui.submit_button.grid_remove()
            app.title(f"{TITLE}: game over")
            ui.show_screen(None, "look")

    def focus_entry(self) -> None:
        """The keyboard to the first field of the sheet being entered."""
        self.app.layout.tally.focus_field(self.view.keys[0])

    def entry_changed(self) -> None:
        """Live help as the fields are typed in."""
        if self.app.mode != "enter":
            return
        from . import presenter as P
        ui = self.app.layout
        view = self.view
        keys = view.keys
        help_ = P.entry_help(view, ui.tally.texts(keys), tried=self._tried)
        ui.tally.show_help(help_, keys, "orders" if view.phase == "purchasing" else "sales")
        if self._tried and help_.ok:
            ui.refusal_label.configure(text="")

    def submit(self) -> None:
        """Submit the current seat's entry, or refuse it with the reason next to the field."""
        app, ui = self.app, self.app.layout
        if app.mode != "enter":
            return
        from . import presenter as P
        from ..rules import RuleError
        view = self.view
        keys = view.keys
        self._tried = True
        texts = ui.tally.texts(keys)
        help_ = P.entry_help(view, texts, tried=True)
        block = "orders" if view.phase == "purchasing" else "sales"
        ui.tally.show_help(help_, keys, block)
        if not help_.ok:
            self._refuse(help_.refusal, help_.first_bad, help_.bad_field == "price")
            return
        try:
            app.session.submit(view.seat, help_.entry)
        except RuleError as error:  # the engine has the last word
            ui.tally.totals[block].configure(text=str(error), style="HintError.TLabel")
            self._refuse(str(error), None, False)
            return
        app.mode = "busy"
        ui.tally.clear_entries()
        ui.refusal_label.configure(text="")
        what = "orders are" if block == "orders" else "offers are"
        app.show_message(f"{view.name}'s {what} in." + (
            f" {app.session.save_problem}" if app.session.save_problem else ""),
            error=bool(app.session.save_problem))
        self.advance()

    def _refuse(self, text: str, key: Optional[str], price: bool) -> None:
        ui = self.app.layout
        ui.refusal_label.configure(text=f"Not submitted: {text}")
        if key is not None:
            ui.tally.focus_field(key, price=price)

    # ------------------------------------------------------------- reveal

    def _show_reveal(self, report) -> None:
        from . import presenter as P
        app, ui = self.app, self.app.layout
        ui.tally.clear_entries()
        data = P.reveal(report, app.session.explanations)
        ui.reveal.fill(data, buying=report.phase == "purchasing",
                       step=app.settings.reveal_pacing == "step")
        ui.show_screen(ui.reveal, "reveal")
        app.title(f"{TITLE}: {data.title}")

    def continue_after_reveal(self) -> None:
        app, ui = self.app, self.app.layout
        if app.mode in ("reveal", "peek") and ui.reveal.more:
            ui.reveal.show_next()      # pacing "step": the next commodity
            return
        if app.mode == "peek":
            ui.reveal.hide()
            app.mode = self._peek_return
            if app.mode == "enter":
                self.focus_entry()
            elif app.mode == "over":
                ui.show_screen(ui.ending, "over")
            return
        if app.mode != "reveal":
            return
        ui.reveal.hide()
        self.advance()

    def show_last_reveal(self) -> None:
        """Look again at the last phase's reveal (public), then come back."""
        from . import presenter as P
        app, ui = self.app, self.app.layout
        if app.session is None or not app.session.game.history or \
                app.mode not in ("enter", "over", "look"):
            app.show_message("There is no reveal to show just now.")
            return
        report = app.session.game.history[-1]
        ui.reveal.fill(P.reveal(report, app.session.explanations),
                       buying=report.phase == "purchasing", continue_text="Back  (Enter)")
        self._peek_return = app.mode
        ui.show_screen(ui.reveal, "peek")

    # ------------------------------------------------------------- ending

    def _show_ending(self) -> None:
        from . import presenter as P
        app, ui = self.app, self.app.layout
        game = app.session.game
        report = game.history[-1]
        ui.ending.fill(P.ending(report.settlement, loans=game.rules.loans), game)
        ui.show_screen(ui.ending, "over")
        app.title(f"{TITLE}: game over")
        app.show_message("The game is over: New game (Enter), look at the sheets, or quit.")
        app.extras.record_statistics(game)  # may replace the line with a problem to report

    def look_at_sheets(self) -> None:
        """After the game: every seat's sheet is public; choose whose to look at."""
        ui = self.app.layout
        game = self.app.session.game
        ui.look_choice.configure(values=list(game.names))
        ui.look_choice.current(0)
        ui.look_choice.grid(row=0, column=1, sticky="e", padx=self.app.theme.pad(0.5))
        self.show_sheet(0, entry=False)
        ui.look_choice.focus_set()

    def look_changed(self) -> None:
        session = self.app.session
        if session is not None and session.game.is_over:
            self.show_sheet(max(0, self.app.layout.look_choice.current()), entry=False)

    # ------------------------------------------------- laying out again

    def moment(self) -> dict:
        """What is on screen now, for ``restore`` after the window is built again."""
        from ..rules import GOODS, RAW
        app, ui = self.app, self.app.layout
        mode = app.mode
        return {"mode": mode,
                "texts": ui.tally.texts(RAW + GOODS) if mode == "enter" else None,
                "look": ui.look_choice.current() if mode == "look" else 0,
                "peek_return": self._peek_return}

    def restore(self, moment: dict) -> None:
        """Show the same moment of the game again in freshly built widgets."""
        app, ui = self.app, self.app.layout
        mode = moment["mode"]
        if app.session is None:
            if mode == "resume":
                ui.show_screen(ui.resume, "resume")
            else:
                ui.show_screen(ui.welcome, "welcome")
            return
        game = app.session.game
        ui.show_setup(game.rules)
        ui.look_choice.grid_remove()
        if mode == "peek":
            mode = moment["peek_return"]
        if mode in ("enter", "cover", "busy"):
            self.advance()
            texts = moment["texts"]
            if texts is not None and app.mode == "enter":
                for key, (units, price) in texts.items():
                    ui.tally.vars[key][0].set(units)
                    ui.tally.vars[key][1].set(price)
        elif mode == "reveal":
            self.refresh_public()
            self._show_reveal(game.history[-1])
        elif mode == "look":
            self.refresh_public()
            self.look_at_sheets()
            ui.look_choice.current(moment["look"])
            self.look_changed()
        else:
            self.refresh_public()
            self._show_ending()
