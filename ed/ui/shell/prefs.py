"""Preferences: reveal pacing, text size and reduced motion, remembered in ``settings.json``.

``Preferences(app)`` changes a setting, saves it (a settings file that
cannot be written is said in the status bar; the change holds until the
window closes), and applies it: a new text size resizes the named fonts
and has the hub lay the window out again at the same moment of the game.
It opens the Preferences window (``dialogs.PreferencesWindow``, which
calls back here) and holds ``pacing_var``, shared by that window and the
View ▸ Reveal pacing menu, and ``motion_var`` (View ▸ Reduced motion: the
board reads the setting each time its tokens would slide).
Imports: tkinter and ``settings``; other parts of the window only through
the hub (``app.rebuild``, ``app.extras``, ``app.menus``, ``app.layout``).
"""
from __future__ import annotations

import tkinter as tk


class Preferences:
    """The settings a player can change (see the module docstring)."""

    def __init__(self, app) -> None:
        self.app = app
        self.pacing_var = tk.StringVar(app, value=app.settings.reveal_pacing)
        self.motion_var = tk.BooleanVar(app, value=app.settings.reduced_motion)

    def update_settings(self, **changes) -> bool:
        """Change the settings and save them; returns whether they were saved (else the
        status line says why, and the change holds until the window closes)."""
        from ...saves import settings
        app = self.app
        app.settings = app.settings.replace(**changes)
        try:
            settings.save_settings(app.folder, app.settings)
        except OSError as error:
            reason = error.strerror or str(error)
            app.show_message(f"Your settings could not be saved ({reason[:1].lower()}"
                             f"{reason[1:]}); they apply until you close the window.",
                             error=True)
            return False
        return True

    def show_preferences(self) -> None:
        """Preferences: reveal pacing and text size."""
        app = self.app
        window = app.extras.open_window("preferences")
        if window is None:
            from ..screens.dialogs import PreferencesWindow
            window = PreferencesWindow(app)
            app.windows["preferences"] = window
        app.extras.raise_window(window)
        window.focus_first()

    def pacing_changed(self) -> None:
        pacing = self.pacing_var.get()
        if pacing not in ("scene", "all"):
            return
        if self.update_settings(reveal_pacing=pacing):     # else why not is said
            self.app.show_message("Reveals are shown all at once." if pacing == "all" else
                                  "Reveals turn over entry by entry; Enter shows all.")

    def motion_changed(self) -> None:
        """View ▸ Reduced motion: the board's tokens jump to their new prices (or slide)."""
        still = bool(self.motion_var.get())
        saved = self.update_settings(reduced_motion=still)
        if still:
            self.app.layout.board.finish()
        if saved:                                           # else why not is said
            self.app.show_message("The board's tokens jump to their new prices." if still
                                  else "The board's tokens slide to their new prices.")

    def largest_scale(self) -> float:
        """The largest text size offered on this screen: the largest at which nothing is
        cut (a smaller screen, in inches, offers less)."""
        from ...saves import settings
        from ..widgets.placement import screen_inches
        return settings.largest_scale(*screen_inches(self.app))

    def text_scale(self) -> float:
        """The text size in use: the one chosen, or the largest this screen offers."""
        return min(self.app.settings.text_scale, self.largest_scale())

    def apply_text_scale(self, scale: float) -> None:
        """Resize the named fonts and measure the theme again."""
        from ..widgets.theme import apply_text_scale
        apply_text_scale(self.app, scale)
        self.app.theme.remeasure()

    def set_text_size(self, scale: float) -> bool:
        """Text at ``scale`` (one of the sizes offered): remembered, and the window laid
        out again at the same moment of the game; returns whether it was remembered."""
        self.apply_text_scale(scale)
        self.app.rebuild()
        return self.update_settings(text_scale=scale)      # said after the window is rebuilt

    def next_text_size(self, how: str) -> float:
        """The text size ``how`` ("larger", "smaller" or "reset") leads to among the sizes
        this screen offers: the size now where there is no step to take."""
        from ...saves import settings
        old = self.text_scale()
        if how == "larger":
            return min(self.largest_scale(), settings.larger(old))
        return settings.smaller(old) if how == "smaller" else settings.TEXT_SCALE_DEFAULT

    def change_text_size(self, how: str) -> None:
        """View ▸ Text size: larger, smaller or reset, among the sizes this screen offers;
        remembered, and the window laid out again."""
        app = self.app
        old = self.text_scale()
        scale = self.next_text_size(how)
        if scale == old:
            largest = " (the largest that fits this screen)" if how == "larger" else ""
            app.show_message(f"The text is already at {round(old * 100)}%{largest}.")
            return
        saved = self.set_text_size(scale)
        prefs = app.extras.open_window("preferences")
        if prefs is not None:
            prefs.refresh()
        if saved:                                           # else why not is said
            app.show_message(f"Text size {round(scale * 100)}% (View ▸ Text size; "
                             f"{app.menus.shown}+0 resets it).")
