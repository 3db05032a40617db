"""Executive Decision: the rules engine of Sid Sackson's business game.

The public façade (see README.md, "The engine's API"): ``Rules``, ``Game``,
``Seat``, ``RuleError``, ``SaveError``, ``PlayerView``, ``PhaseReport`` and
the modules ``ed.save``, ``ed.ai`` and ``ed.hints``.  Nothing in this package
outside ``ed.ui`` imports tkinter.

The names load on first use (PEP 562), so the launcher can put a window on
the screen before the engine is read from disk; ``import ed`` then
``ed.Game`` and ``from ed import Game`` work as usual.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Dict, List

__version__ = "0.1.0"
#: The game's name, as the window's title and the messages say it (the window adds what is
#: on show: "Executive Decision: pass to Ann").
TITLE = "Executive Decision"

#: public name -> the submodule that defines it (or the submodule itself)
_FACADE: Dict[str, str] = {
    "Game": "engine", "Seat": "rules",
    "Rules": "rules", "RuleError": "rules", "COMMODITIES": "rules", "RAW": "rules", "GOODS": "rules",
    "Phase": "rules",
    "SaveError": "save", "PlayerView": "view", "PhaseReport": "report",
    "save": "", "ai": "", "hints": "",
}

__all__ = sorted(_FACADE) + ["TITLE", "__version__"]


def __getattr__(name: str) -> Any:
    module_name = _FACADE.get(name)
    if module_name is None:
        raise AttributeError(f"module 'ed' has no attribute {name!r}")
    if module_name == "":
        value = importlib.import_module(f".{name}", __name__)
    else:
        value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_FACADE))
