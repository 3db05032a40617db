"""Build the one-file copy: ``python3 -m ed.tools.pyz [--output PATH]``.

The result is a zip application (PEP 441, the standard library's ``zipapp``)
holding the ``ed`` package and a ``__main__`` that starts it, behind a
``#!/usr/bin/env python3`` line, with the executable bit set.  Copied alone
anywhere, ``python3 executive_decision.pyz`` opens the window and
``python3 executive_decision.pyz tournament ...`` plays the tournament.

Only source files go in (no tests, no ``__pycache__``), so the archive runs on
any Python 3.9 or newer.  Every file is stamped with one fixed date
(``$SOURCE_DATE_EPOCH`` when set), so the same sources build the same bytes.

``--output`` names a new file or an existing regular file (replaced all at
once); a folder, or a path ending in a separator, gets ``executive_decision.pyz``
inside it.  Anything else (a device such as ``/dev/null``, a pipe, a socket) is
refused with a sentence, and so is an empty path.  The folder it goes in must
exist: only the one folder named with a separator at the end (``new/``) or the
default ``dist`` is made, and the output says so; a path through folders that
do not exist is refused with a sentence, never made.

The archive is written by the one writer of files for a person
(``ed.saves.export``): never in the game's data folder, over a saved game or a
file of the game's own.  An earlier one-file copy is replaced without a word;
any other file only when the person says so at the terminal (never when no one
is there to ask).
"""
from __future__ import annotations

import argparse
import io
import os
import shutil
import stat
import sys
import tempfile
import zipapp
import zipfile
from pathlib import Path
from typing import Callable, List, Optional, Tuple

from ..saves import export

ARCHIVE_NAME = "executive_decision.pyz"
DEFAULT_OUTPUT = os.path.join("dist", ARCHIVE_NAME)
INTERPRETER = "/usr/bin/env python3"
#: 2020-01-01 00:00 UTC, the date every file in the archive carries by default
FIXED_DATE = 1577836800

# Checks the Python version in syntax an old Python can read, then hands over
# to the command line; the program name shown in --help is the archive's.
MAIN = '''\
"""Executive Decision, the one-file copy: python3 executive_decision.pyz [--help]"""
import os
import sys

if sys.version_info < (3, 9):
    sys.stderr.write(
        "Executive Decision needs Python 3.9 or newer; this is Python %d.%d.\\n"
        "Install a newer Python from python.org (or your package manager) and run\\n"
        "    python3 %s\\n" % (sys.version_info[0], sys.version_info[1],
                               os.path.basename(sys.argv[0])))
    sys.exit(1)

from ed.tools.cli import main  # noqa: E402  (after the version check on purpose)

if __name__ == "__main__":   # not again in a worker process of tournament --jobs
    sys.exit(main())
'''


def package_folder() -> Path:
    """The folder of the ``ed`` package being run; raises ``OSError`` if it is not a folder."""
    folder = Path(__file__).resolve().parents[1]
    if not (folder / "__init__.py").is_file():
        raise OSError(f"the ed package at {folder} is not a folder of source files "
                      f"(a one-file copy cannot build another)")
    return folder


def source_files(package: Path) -> List[Path]:
    """The package's ``.py`` files, relative to its parent, sorted; nothing compiled or hidden."""
    found = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent)
        if any(part.startswith((".", "__pycache__")) for part in relative.parts):
            continue
        found.append(relative)
    return found


class OutputError(ValueError):
    """An ``--output`` the archive may not be written to; the message is one plain sentence."""


class WriteFailed(OSError):
    """The archive could not be written where it may be (a full disk); one plain sentence."""


def output_path(given: "os.PathLike[str] | str") -> Tuple[Path, Path]:
    """Where ``--output given`` writes: ``(as named, the file really written)``.

    A folder, or a path ending in a separator, gets ``ARCHIVE_NAME`` inside
    it; a link is followed to the file it names.  Raises ``OutputError`` for
    an empty path, one naming anything but a new or a regular file, or one in
    the game's data folder.
    """
    given = os.fspath(given)
    if not given:
        raise OutputError("--output needs the name of a file or a folder, and it was empty.")
    named_folder = given.endswith(tuple(s for s in (os.sep, os.altsep) if s))
    may_make = named_folder or given == DEFAULT_OUTPUT
    if named_folder or os.path.isdir(given):
        given = os.path.join(given, ARCHIVE_NAME)
    real = os.path.realpath(given) if os.path.islink(given) else given
    _check_folder(os.path.dirname(real) or os.curdir, may_make=may_make)
    for place in (real, os.path.dirname(given) or os.curdir):   # before a folder is made
        inside = export.within(os.path.realpath(place), export.data_folders())
        if inside is not None:
            raise OutputError(f"{given} would be in the game's data folder ({inside}); "
                              f"choose another place.")
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return Path(given), Path(real)
    except OSError as error:
        raise OutputError(f"{given} cannot be written to ({error.strerror or error}).") from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{given} is a folder, so the archive cannot take its name; "
                          f"choose another place.")
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{given} is not a regular file (it is a device, a pipe or a socket), "
                          f"so the archive is not written over it; give a new file's name, a "
                          f"file to replace or a folder.")
    return Path(given), Path(real)


def _check_folder(folder: str, *, may_make: bool) -> None:
    """Refuse (``OutputError``) a folder to write in that is not one, or that does not exist
    and may not be made: only one missing folder is ever made, and only when asked for."""
    if os.path.isdir(folder):
        return
    if os.path.lexists(folder):
        raise OutputError(f"{folder} is not a folder, so the archive cannot be written in it; "
                          f"choose another place.")
    if not may_make or not os.path.isdir(os.path.dirname(os.path.abspath(folder))):
        raise OutputError(f"The folder {folder} does not exist; make it first, or choose "
                          f"another place.")


def build(output: "os.PathLike[str] | str" = DEFAULT_OUTPUT, *,
          replace: Optional[Callable[[export.Target], bool]] = None) -> Path:
    """Write the zip application to ``output`` (see ``output_path``) and return its path.

    An earlier one-file copy there is replaced; any other file only when
    ``replace(target)`` says yes.  Raises ``OutputError`` for an output that
    may not be written to, and ``OSError`` when the sources cannot be read or
    the file cannot be written (the previous file, if any, is then left as it was).
    """
    named, real = output_path(output)
    package = package_folder()
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH") or FIXED_DATE)
    with tempfile.TemporaryDirectory(prefix="ed-pyz-") as staging:
        root = Path(staging) / "app"
        for relative in source_files(package):
            target = root / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(package.parent / relative, target)
            os.utime(target, (stamp, stamp))
        (root / "__main__.py").write_text(MAIN, encoding="utf-8")
        for path in [root / "__main__.py", *(p for p in root.rglob("*") if p.is_dir())]:
            os.utime(path, (stamp, stamp))
        archive = io.BytesIO()
        zipapp.create_archive(root, archive, interpreter=INTERPRETER, compressed=True)
    real.parent.mkdir(exist_ok=True)          # one folder, allowed by output_path
    _write_archive(archive.getvalue(), named, replace)
    return named


def _write_archive(data: bytes, output: Path,
                   replace: Optional[Callable[[export.Target], bool]]) -> None:
    """Put ``data`` at ``output`` through the one writer, executable, all at once."""
    try:
        target = export.check(output, folders=export.data_folders(), kind=export.FILE)
        if target.found is not None and not is_archive(target.path) and \
                not (replace is not None and replace(target)):
            raise OutputError(f"{output} is already there ({target.holds}) and is not a "
                              f"one-file copy, so it is left as it is; remove it first or "
                              f"choose another name.")
        mask = os.umask(0)
        os.umask(mask)
        export.write(target, data,
                     mode=(0o666 & ~mask) | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except export.ExportError as error:
        if isinstance(error.__cause__, OSError):
            raise WriteFailed(str(error)) from None
        raise OutputError(str(error)) from None


def is_archive(path: "os.PathLike[str] | str") -> bool:
    """Whether ``path`` is a one-file copy this tool built: its interpreter line, then a zip
    holding ``__main__.py`` and the ``ed`` package."""
    try:
        with open(path, "rb") as handle:
            if handle.read(len(INTERPRETER) + 3) != f"#!{INTERPRETER}\n".encode("ascii"):
                return False
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return False
    return {"__main__.py", "ed/__init__.py"} <= names


def _ask_at_terminal(target: export.Target) -> bool:
    """Ask at the terminal whether to replace the file ``target`` found; no terminal, no."""
    if not (sys.stdin and sys.stdin.isatty()):
        return False
    try:
        answer = input(f"{target.question()} [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m ed.tools.pyz",
        description="Build the one-file copy of Executive Decision: a zip application "
                    "that runs with 'python3 executive_decision.pyz'.")
    parser.add_argument("--output", "-o", metavar="PATH", default=DEFAULT_OUTPUT,
                        help=f"where to write it: a file, or a folder to write {ARCHIVE_NAME} "
                             f"in (default: {DEFAULT_OUTPUT})")
    options = parser.parse_args(argv)
    try:
        folder = output_path(options.output)[1].parent
        made = not folder.is_dir()
        path = build(options.output, replace=_ask_at_terminal)
    except OutputError as error:
        print(f"The one-file copy was not built: {error}", file=sys.stderr)
        return 2
    except WriteFailed as error:
        print(f"The one-file copy could not be built: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"The one-file copy could not be built: {error.strerror or error}"
              f"{f' ({error.filename})' if error.filename else ''}.", file=sys.stderr)
        return 1
    size = path.stat().st_size
    note = f", in the folder {folder} made for it" if made else ""
    print(f"Built {path} ({size / 1024:.0f} kB{note}). Run it with: python3 {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
