"""The game in progress: whose turn it is, computer seats, autosaves.  No tkinter.

A ``Session`` wraps one ``ed.Game`` and answers the window's one question,
"what now?", with a ``Step``: a person must enter (and perhaps first be
handed the laptop), a phase was just revealed, or the game is over.  It
saves the game after every submitted entry and every resolved phase, in its
own file of the saves folder (``store.Slot``, locked while the window plays
it), so closing the window at any moment loses nothing and no other game is
ever written over.  A save that fails leaves the game in memory, the
previous save as it was, and one sentence in ``save_problem`` (the fault
itself in ``save_fault``).  What a person has typed but not submitted is
kept with the save when the window closes (``keep_draft``), marked as not
submitted, and given back on resume (``draft``).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ... import players
from ...engine import Game
from ...saves.format import DRAFT_TEXT, Draft, Explanations
from ...saves.store import SaveFault, SaveStore, Slot
from ..presenter.setup import DEFAULT_LEVEL

log = logging.getLogger("ed.ui")

#: Levels whose decisions take well under a frame (``python3 -m ed.bench``): the
#: window lets them decide at once.  Any other level (``expert``, and any level
#: added later) decides off the Tk thread, so the window never freezes.
QUICK_LEVELS = ("easy", "medium", "hard")


#: what a computer player who could not decide says it does
PASSES = players.PASSES


def decide(avatar, view) -> players.Decided:
    """A computer player's decision from ``view`` alone, through the guard of every decision
    (``ed.players.decide``): its entry, its sentence, and whether it failed (the player then
    passes the phase, counted in its ``fallbacks`` and logged for ``errors.log``).

    Safe on a worker thread: it reads nothing but the avatar and the frozen view.
    """
    return players.decide(avatar, view)


@dataclass(frozen=True)
class Step:
    """What the window shows next.

    ``kind`` is ``"enter"`` (``seat`` must enter; ``cover`` says whether to
    hand the laptop over first), ``"wait"`` (only computer players who think
    slowly are still to decide: ``seats``), ``"reveal"`` (``report`` was
    just resolved) or ``"over"``.
    """

    kind: str
    seat: Optional[int] = None
    cover: bool = False
    report: object = None
    seats: Tuple[int, ...] = ()


class Session:
    """One game being played in the window, with its autosave.

    ``folder`` is the data folder (``None``: nothing is saved); ``slot`` the
    save file and lock of a game opened from the saves folder, or ``None``
    for a new game, which gets a file of its own at its first save.
    """

    def __init__(self, game: Game, folder: Optional[Path] = None, *,
                 slot: Optional[Slot] = None, draft: Optional[Draft] = None,
                 explanations: Optional[Explanations] = None) -> None:
        self.game = game
        self.folder = folder
        self.store = SaveStore(folder) if folder is not None else None
        self.slot = slot
        #: an opened save already holds the game as it stands: no need to write it at once
        self._unchanged = slot is not None
        self._avatars: Dict[int, object] = {}
        #: computer seats' explanations for the phase not yet revealed (secret until then)
        self._pending_explanations: Dict[int, str] = {}
        #: explanations for the last revealed phase
        self.explanations: Dict[int, str] = {}
        #: every revealed explanation, (month, phase, seat) -> sentence, for the game log
        self.revealed_explanations: Dict[Tuple[int, str, int], str] = {}
        #: the human seat whose sheet was last shown, for the pass-and-play cover
        self.shown_seat: Optional[int] = None
        #: (month, phase, seat) of each computer seat whose decision failed and passed
        self.failures: List[Tuple[int, str, int]] = []
        self.save_problem: Optional[str] = None
        self.save_fault: Optional[SaveFault] = None
        #: what a person had typed but not submitted, kept with the save
        self.draft: Optional[Draft] = draft
        #: the people's part of the game as a file holds it (``_people_s_part``): as it was
        #: read, or last saved; a new game's is its beginning, where nothing can be lost
        self._kept = self._people_s_part()
        if explanations is not None:        # kept in the save: the reveal to come finds them
            self._pending_explanations = explanations.pending_map()
            self.revealed_explanations = explanations.revealed_map()
            last = game.history[-1] if game.history else None
            self.explanations = {seat: said for (month, phase, seat), said
                                 in self.revealed_explanations.items()
                                 if last is not None and (month, phase) == (last.month, last.phase)}

    # ----------------------------------------------------------- who plays

    #: a computer player's decision, on any thread (the module's ``decide``)
    decide = staticmethod(decide)

    @property
    def pending_explanations(self) -> Mapping[int, str]:
        """The computer seats' explanations for the phase not yet revealed, read-only
        (secret until the reveal)."""
        return MappingProxyType(self._pending_explanations)

    @property
    def humans(self) -> List[int]:
        return [i for i, seat in enumerate(self.game.seats) if not seat.is_computer]

    def avatar(self, seat: int):
        """The computer player of ``seat`` (made on first use, kept for the game)."""
        avatar = self._avatars.get(seat)
        if avatar is None:
            from ... import ai
            info = self.game.seats[seat]
            try:
                avatar = ai.avatar_for(self.game.seed, seat, info.level or DEFAULT_LEVEL,
                                       info.personality)
            except ValueError:
                # A save from another version may name a level or personality we lack.
                avatar = ai.avatar_for(self.game.seed, seat, DEFAULT_LEVEL, None)
            # A person is waiting: a decision on a slow or busy machine cuts its search short.
            avatar.time_budget = ai.TIME_BUDGET
            self._avatars[seat] = avatar
        return avatar

    def is_quick(self, seat: int) -> bool:
        """Whether ``seat`` is a computer player who decides well within a frame."""
        return (self.game.seats[seat].level or DEFAULT_LEVEL) in QUICK_LEVELS

    def computers_waiting(self) -> List[int]:
        """The computer seats that have not decided this phase yet."""
        return [s for s in self.game.waiting_for() if self.game.seats[s].is_computer]

    def play_computers(self, *, quick_only: bool = False) -> List[int]:
        """Computer seats still waiting decide now, each from its own view only.

        With ``quick_only``, only the quick levels do; returns the seats left.
        """
        game = self.game
        for seat in self.computers_waiting():
            if quick_only and not self.is_quick(seat):
                continue
            entry, said, failed = decide(self.avatar(seat), game.view(seat))
            self.record(seat, entry, said, failed=failed)
        return self.computers_waiting()

    def record(self, seat: int, entry: Mapping[str, Sequence[int]], explanation: str, *,
               failed: bool = False) -> bool:
        """Submit a computer seat's decision (made here or on a worker thread).

        An entry the engine refuses (a computer player's bug) becomes an empty
        one; it and a decision that ``failed`` are noted in ``failures``.
        Returns ``False`` when the seat is no longer waiting (the answer came
        for a phase gone by).
        """
        game = self.game
        if game.is_over or game.submitted(seat):
            return False
        try:
            game.submit(seat, dict(entry))
        except Exception as error:      # counted and logged as any failed decision
            players.failed(self.avatar(seat), game.view(seat),
                           f"{type(error).__name__}: {error}", error, logger=log)
            game.submit(seat, {})
            explanation, failed = PASSES, True
        if failed:
            self.failures.append((game.month, game.phase, seat))
        self._pending_explanations[seat] = explanation
        return True

    def withdraw(self, seat: int) -> Dict[str, Tuple[int, int]]:
        """Take back a person's entry for this phase (then autosave); returns what it was."""
        entry = dict(self.game.entry(seat) or {})
        self.game.withdraw(seat)
        self.autosave()
        return entry

    def step(self, *, play: bool = True) -> Step:
        """What happens next; resolves the phase when every seat is in.

        With ``play`` every computer seat decides here; without it only the
        quick ones do, and ``"wait"`` says the slow ones are still to decide
        (the window has them think on a worker thread meanwhile).
        """
        game = self.game
        if game.is_over:
            return Step("over")
        left = self.play_computers(quick_only=not play)
        waiting = game.waiting_for()
        if waiting and len(left) == len(waiting):
            return Step("wait", seats=tuple(left))
        if not waiting:
            report = game.resolve()
            self.explanations = self._pending_explanations
            for seat, said in self.explanations.items():
                self.revealed_explanations[(report.month, report.phase, seat)] = said
            self._pending_explanations = {}
            self.shown_seat = None
            self.autosave()
            return Step("reveal", report=report)
        seat = [s for s in waiting if s not in left][0]
        humans = self.humans
        cover = len(humans) > 1 and self.shown_seat != seat
        return Step("enter", seat=seat, cover=cover)

    def submit(self, seat: int, entry: Mapping[str, Sequence[int]]) -> None:
        """Record a person's entry (raises ``RuleError`` like ``Game.submit``), then autosave."""
        self.game.submit(seat, dict(entry))
        self.autosave()

    # --------------------------------------------------------------- saves

    @property
    def autosave_path(self) -> Optional[Path]:
        """The file this game is saved in (``None`` until its first save)."""
        return None if self.slot is None else self.slot.path

    def current_draft(self) -> Optional[Draft]:
        """The draft, while it still belongs to the phase on (``None`` once submitted)."""
        draft, game = self.draft, self.game
        if draft is not None and (game.is_over or game.submitted(draft.seat)
                                  or (draft.month, draft.phase) != (game.month, game.phase)):
            self.draft = draft = None
        return draft

    def keep_draft(self, seat: Optional[int], texts: Mapping[str, Sequence[str]]) -> Optional[str]:
        """Save the game with what ``seat`` has typed in ``texts`` (key -> units, price text),
        not submitted; returns a sentence when it could not be saved."""
        fields = tuple((key, str(units).strip()[:DRAFT_TEXT], str(price).strip()[:DRAFT_TEXT])
                       for key, (units, price) in texts.items()
                       if str(units).strip() or str(price).strip())
        game = self.game
        if seat is None or not fields or game.is_over or game.seats[seat].is_computer:
            draft = None
        else:
            draft = Draft(seat, game.month, game.phase, fields)
        if draft != self.draft:
            self.draft = draft
            self._unchanged = False
        return self.autosave()

    def kept_explanations(self) -> Explanations:
        """The computer players' sentences to keep with the save: revealed, and pending."""
        return Explanations.of(self.revealed_explanations, self._pending_explanations)

    def autosave(self) -> Optional[str]:
        """Save the game in its file; returns a plain sentence when it could not be saved."""
        if self.store is None:
            return None
        if self._unchanged:
            self._unchanged = False
            return None
        try:
            if self.slot is None:
                self.slot = self.store.new_slot(self.game)
            self.store.write(self.game, self.slot, draft=self.current_draft(),
                             explanations=self.kept_explanations())
            self.save_problem = self.save_fault = None
            self._kept = self._people_s_part()
        except SaveFault as fault:
            log.error("autosave failed: %s", fault)
            self.save_fault = fault
            if self.game.is_over:
                self.save_problem = (f"The finished game could not be saved in {fault.where} "
                                     f"({fault.reason}); Game ▸ Save As… can keep it elsewhere.")
            else:
                self.save_problem = (f"The game could not be saved in {fault.where} "
                                     f"({fault.reason}); play goes on, and Game ▸ Save As… can "
                                     f"keep it elsewhere.")
        return self.save_problem

    def _people_s_part(self) -> tuple:
        """What the people have done in this game: the phases revealed, the entries of
        people's seats in, and the entry being typed.  (Computer players' entries not yet
        revealed are theirs alone: they decide again.)"""
        game = self.game
        entries = tuple(sorted((seat, tuple(sorted((game.entry(seat) or {}).items())))
                               for seat in self.humans if game.submitted(seat)))
        return len(game.history), entries, self.current_draft()

    def loses_nothing(self) -> bool:
        """Whether closing now loses nothing the people did: the game is as it was read
        from its file or last saved, or, a new game, as it began (nobody has entered or
        typed anything yet)."""
        return self._people_s_part() == self._kept

    def close(self) -> None:
        """The window is done with this game: give up its lock (the save stays)."""
        if self.slot is not None:
            self.slot.release()
