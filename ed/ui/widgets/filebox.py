"""Tk's file dialogs, taking the name a person types as typed.

``ask_open(parent, **options)`` and ``ask_save(parent, **options)`` are
``tkinter.filedialog.askopenfilename`` and ``asksaveasfilename`` (same options,
same result: a path, or ``""`` when cancelled), except on X11, where Tk draws
the dialog itself and, left alone, speaks for the program:

- Open adds the first filter's extension to a name typed without one
  ("/etc/passwd" is looked for as "/etc/passwd.json"), so a file that exists
  is said not to.  Here a typed name is taken as typed; only when no such file
  exists is the extension tried.
- A name that leads nowhere (a folder that does not exist, one that may not
  be entered) is refused in Tk's own box, which breaks a long path mid-word.
  Here the dialog returns the name, and the program says what is wrong with
  it in its own sentence, as it does for every other file it cannot use.

Windows and macOS use their own dialogs, which need none of this.  The change
is made once per interpreter, to Tk's ``VerifyFileName`` (kept under another
name and called for everything else), and only where Tk 8.6's file dialog has it.

``ask_save`` never asks about a file that is there already: the program does,
once it knows it may write there at all (``write_for_person``: the one writer,
``ed.saves.export``, checks the name; a file to be replaced is asked about in
the program's own words, and Enter keeps it).
"""
from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog
from typing import Any, Callable, Optional, Sequence

#: Tcl: ``VerifyFileName`` as Tk has it, but a name typed is taken as typed on Open,
#: and a name that leads nowhere goes back to the program to be explained.
_AS_TYPED = r"""
namespace eval ::tk::dialog::file {}
proc ::tk::dialog::file::VerifyFileName {w filename} {
    upvar ::tk::dialog::file::[winfo name $w] data
    if {$data(-multiple)} {
        return [TkVerifyFileName $w $filename]
    }
    set ext $data(-defaultextension)
    if {$data(type) eq "open"} {
        lassign [ResolveFile $data(selectPath) $filename ""] flag dir file
        if {$flag in {OK PATTERN}} {
            set data(-defaultextension) ""
            try {
                return [TkVerifyFileName $w $filename]
            } finally {
                set data(-defaultextension) $ext
            }
        }
        if {[lindex [ResolveFile $data(selectPath) $filename $ext] 0] eq "OK"} {
            return [TkVerifyFileName $w $filename]
        }
    } else {
        lassign [ResolveFile $data(selectPath) $filename $ext] flag dir file
        if {$flag in {OK PATTERN FILE}} {
            return [TkVerifyFileName $w $filename]
        }
    }
    if {$file eq ""} {
        Done $w [JoinFile $data(selectPath) $filename]
    } else {
        Done $w [JoinFile $dir $file]
    }
}
"""


def ask_open(parent: tk.Misc, **options) -> str:
    """The path of a file to open, as the person typed or chose it (``""``: cancelled)."""
    take_names_as_typed(parent)
    return filedialog.askopenfilename(parent=parent, **options)


def ask_save(parent: tk.Misc, **options) -> str:
    """The path to save to (``""``: cancelled); a folder that does not exist, or a file
    there already, is the program's to explain (``write_for_person``)."""
    take_names_as_typed(parent)
    options.setdefault("confirmoverwrite", False)
    return filedialog.asksaveasfilename(parent=parent, **options)


def write_for_person(parent: tk.Misc, path: str, *, folders: Sequence[Path], kind: str,
                     write: Callable[[Any], Any], refused: Callable[[str], Any],
                     theme: Any = None) -> Optional[Any]:
    """Write a file for a person at ``path``, the one writer's way (``ed.saves.export``).

    ``refused(sentence)`` when nothing may be written there; ``write(target)``
    at once for a new file; for a file there already, a question first
    ("Replace" or "Cancel", Enter and Escape on Cancel), and ``write(target)``
    only on Replace.  Returns the ``Question`` asked, if any.
    """
    from ...saves import export
    from .question import Question
    try:
        target = export.check(path, folders=folders, kind=kind)
    except export.ExportError as error:
        refused(str(error))
        return None
    if target.found is None:
        write(target)
        return None
    widget = parent
    while theme is None and widget is not None:     # the window's own, from its hub
        theme, widget = getattr(widget, "theme", None), widget.master
    if theme is None:
        from .theme import Theme
        theme = Theme(parent)
    return Question(parent, theme, title="Replace the file?", text=target.question(),
                    answers=[("Replace", lambda: write(target)), ("Cancel", None)],
                    default=1, cancel=1)


def take_names_as_typed(widget: tk.Misc) -> bool:
    """Make Tk's own file dialog (X11) take typed names as typed; returns whether it does."""
    tcl = widget.tk
    try:
        if tcl.call("tk", "windowingsystem") != "x11":
            return False
        if tcl.eval("info procs ::tk::dialog::file::TkVerifyFileName"):
            return True
        tcl.eval("auto_load ::tk::dialog::file::")
        if not tcl.eval("info procs ::tk::dialog::file::VerifyFileName"):
            return False            # a Tk whose dialog is made otherwise: left as it is
        tcl.eval("rename ::tk::dialog::file::VerifyFileName "
                 "::tk::dialog::file::TkVerifyFileName")
        tcl.eval(_AS_TYPED)
        return True
    except tk.TclError:
        return False
