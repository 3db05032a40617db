"""Where the app keeps its files: the saves folder, settings, statistics and error logs.

Linux ``$XDG_DATA_HOME/executive-decision`` (or ``~/.local/share/...``), macOS
``~/Library/Application Support/Executive Decision``, Windows
``%APPDATA%\\Executive Decision``; ``$ED_DATA_DIR`` or ``--data-dir`` overrides
them all.  No tkinter here, so it is tested without a display.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Mapping, Optional, Tuple

CORRUPT_SUFFIX = ".corrupt"

APP_FOLDER = "Executive Decision"
XDG_FOLDER = "executive-decision"


def data_dir(override: Optional[str] = None, *, environ: Optional[Mapping[str, str]] = None,
             platform: Optional[str] = None) -> Path:
    """The data folder, created if needed.  ``override`` wins, then ``$ED_DATA_DIR``.

    Raises ``OSError`` when it cannot be made (say, ``$ED_DATA_DIR`` names a file).
    """
    folder = wanted_data_dir(override, environ=environ, platform=platform)
    folder.mkdir(parents=True, exist_ok=True)
    if not folder.is_dir():
        raise NotADirectoryError(20, "it is a file, not a folder", str(folder))
    return folder


def wanted_data_dir(override: Optional[str] = None, *, environ: Optional[Mapping[str, str]] = None,
                    platform: Optional[str] = None) -> Path:
    """Where the data folder should be (nothing is created)."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if override:
        return Path(override).expanduser()
    if env.get("ED_DATA_DIR"):
        return Path(env["ED_DATA_DIR"]).expanduser()
    if plat.startswith("win"):
        base = env.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP_FOLDER
    if plat == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / XDG_FOLDER


def usable_data_dir(override: Optional[str] = None, *,
                    environ: Optional[Mapping[str, str]] = None) -> Tuple[Path, Optional[str]]:
    """The data folder and ``None``; or, when it cannot be made, a stand-in and a sentence.

    The stand-in is a folder in the temporary directory, so games are still
    saved somewhere; the sentence says where they could not be kept and why.
    """
    try:
        return data_dir(override, environ=environ), None
    except OSError as error:
        wanted = wanted_data_dir(override, environ=environ)
        reason = "it is a file, not a folder" if wanted.is_file() else \
            (error.strerror or str(error)).lower()
    fallback = Path(tempfile.gettempdir()) / XDG_FOLDER
    try:
        fallback.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass   # saving will say so in its turn
    return fallback, (f"Games cannot be kept in {wanted} ({reason}), so they are kept in "
                      f"{fallback} for now.")


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
