"""Where the app keeps its files: autosaves, settings, statistics and error logs.

Linux ``$XDG_DATA_HOME/executive-decision`` (or ``~/.local/share/...``), macOS
``~/Library/Application Support/Executive Decision``, Windows
``%APPDATA%\\Executive Decision``; ``$ED_DATA_DIR`` or ``--data-dir`` overrides
them all.  No tkinter here, so it is tested without a display.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Mapping, Optional

CORRUPT_SUFFIX = ".corrupt"

APP_FOLDER = "Executive Decision"
XDG_FOLDER = "executive-decision"


def data_dir(override: Optional[str] = None, *, environ: Optional[Mapping[str, str]] = None,
             platform: Optional[str] = None) -> Path:
    """The data folder, created if needed.  ``override`` wins, then ``$ED_DATA_DIR``."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if override:
        folder = Path(override).expanduser()
    elif env.get("ED_DATA_DIR"):
        folder = Path(env["ED_DATA_DIR"]).expanduser()
    elif plat.startswith("win"):
        base = env.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        folder = Path(base) / APP_FOLDER
    elif plat == "darwin":
        folder = Path.home() / "Library" / "Application Support" / APP_FOLDER
    else:
        base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = Path(base) / XDG_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def autosave_path(folder: Path) -> Path:
    """The game in progress, written after every entry and every reveal."""
    return folder / "autosave.json"


def settings_path(folder: Path) -> Path:
    return folder / "settings.json"


def stats_path(folder: Path) -> Path:
    return folder / "statistics.json"


def error_log_path(folder: Path) -> Path:
    return folder / "errors.log"


def set_aside(path: Path) -> Optional[Path]:
    """Rename a file that cannot be used to ``<name>.corrupt``, replacing an older one.

    The file is neither lost nor read again.  Returns the new path, or
    ``None`` when it could not be renamed.
    """
    aside = path.with_name(path.name + CORRUPT_SUFFIX)
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside
