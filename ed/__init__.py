"""Executive Decision: the rules engine of Sid Sackson's business game.

The public façade (see README.md, "The engine's API"): ``Rules``, ``Game``,
``Seat``, ``RuleError``, ``SaveError`` and the modules ``ed.save``,
``ed.ai`` and ``ed.hints``.  Nothing in this package outside ``ed.ui``
imports tkinter.
"""
from __future__ import annotations

from . import hints, save
from .engine import Game, Seat
from .report import PhaseReport
from .rules import COMMODITIES, GOODS, RAW, Rules, RuleError
from .save import SaveError
from .view import PlayerView

__version__ = "0.1.0"

__all__ = ["Game", "Rules", "RuleError", "Seat", "SaveError", "PlayerView", "PhaseReport",
           "COMMODITIES", "RAW", "GOODS", "hints", "save", "ai", "__version__"]


def __getattr__(name: str):
    # ed.ai is imported on first use, so the engine loads without it.
    if name == "ai":
        import importlib
        return importlib.import_module(".ai", __name__)
    raise AttributeError(f"module 'ed' has no attribute {name!r}")
