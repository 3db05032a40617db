"""Whether tkinter can be imported, asked before anything of the window is loaded."""
from __future__ import annotations

import importlib
from typing import Optional


def tk_problem() -> Optional[str]:
    """Why tkinter cannot be used here, or ``None`` when it can be imported."""
    try:
        importlib.import_module("tkinter")
    except ImportError as error:
        return str(error) or "tkinter is missing"
    return None
