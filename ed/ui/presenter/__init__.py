"""What the widgets show, worked out without tkinter.

Every function here turns engine objects (a ``PlayerView``, ``PhaseReport``
or the hints of ``ed.hints``) into plain strings, flags and rows.  No rule
is computed here: the numbers come from the engine, its reports and its
hints; this package only chooses the words.  It is unit-tested without a
display (``tests/ui/test_presenter.py``).  A module per thing shown:

- ``common``   the phases; money, stock and counts as words; lines broken evenly
- ``sheet``    the tally sheet: rows, cells (the month being typed pencilled in), title,
               instructions, the empty-entry question
- ``entry``    live help for the entry being typed
- ``table``    around the sheet: players, price table, reference charts, progress, cover
- ``board``    the Price Level Board: tracks, tokens, ghosts, scales and rungs
- ``reveal``   the reveal of a resolved phase
- ``voices``   what the computer players say
- ``ending``   the end of the game

and, each imported by name where it is needed: ``scene`` (the reveal's beats),
``setup`` (what the new-game dialog decides), ``tips`` (what every number is),
``rules_text`` (the rules in this program's words), ``gamelog`` (the log in
sentences), ``ledger`` (a seat's month by month) and ``record`` (the record of
play as rows).  May import the game, the computer players' words (``ed.ai``)
and the saves, never tkinter or another part of the window.

The names of the first list are gathered here, so ``from ed.ui import presenter
as P`` and ``P.entry_help(...)`` reach every one of them.
"""
from __future__ import annotations

from ...words import and_list as and_names
from .board import (BOARD_GROUPS, Scale, Track, board_tracks, continues_history,
                    fit_scale, group_prices, names_fit, ruled_scale, scale_ticks, spread_labels,
                    token_label, track_names)
from .common import (OVER, PHASE_TITLES, PURCHASING, SELLING, even_lines, money, ordinal,
                     sentence, signed, stock_text, units_text)
from .ending import ENDING_COLUMNS, Ending, Quote, ending
from .entry import EntryHelp, Hint, entry_help, parse_number
from .reveal import Reveal, RevealBlock, RevealCell, RevealColumn, RevealRow, reveal
from .sheet import (GOAL, GOAL_LINES, Cell, TallyRow, draft_cells, empty_entry_question,
                    instructions, is_newcomer, last_month_reminder, line_guide, month_heading,
                    newcomer_instructions, over_cash_question, report_cells, sheet_title,
                    tally_columns, tally_rows)
from .table import (PRICE_COLUMNS, SUBSTITUTION, Progress, SeatRow, calculator_rows,
                    cover_text, needs_cover, price_board_rows, production_rows, progress,
                    seat_rows, setup_summary, variations_summary)
from .voices import characters, last_said, said_after, shorten

__all__ = [
    "BOARD_GROUPS", "Scale", "Track", "board_tracks", "continues_history",
    "fit_scale", "group_prices", "names_fit", "ruled_scale", "scale_ticks", "spread_labels", "token_label",
    "track_names",
    "OVER", "PHASE_TITLES", "PURCHASING", "SELLING", "and_names", "even_lines", "money",
    "ordinal",
    "sentence", "signed", "stock_text", "units_text",
    "ENDING_COLUMNS", "Ending", "Quote", "ending",
    "EntryHelp", "Hint", "entry_help", "parse_number",
    "Reveal", "RevealBlock", "RevealCell", "RevealColumn", "RevealRow", "reveal",
    "GOAL", "GOAL_LINES", "Cell", "TallyRow", "draft_cells", "empty_entry_question",
    "instructions",
    "is_newcomer", "last_month_reminder", "line_guide", "month_heading", "newcomer_instructions",
    "over_cash_question", "report_cells",
    "sheet_title", "tally_columns", "tally_rows",
    "PRICE_COLUMNS", "SUBSTITUTION", "Progress", "SeatRow", "calculator_rows", "cover_text",
    "needs_cover", "price_board_rows", "production_rows", "progress", "seat_rows",
    "setup_summary", "variations_summary",
    "characters", "last_said", "said_after", "shorten",
]
