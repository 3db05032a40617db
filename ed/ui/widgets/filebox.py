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
"""
from __future__ import annotations

import tkinter as tk
from tkinter import filedialog

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
    """The path to save to (``""``: cancelled); a folder that does not exist is the
    program's to explain."""
    take_names_as_typed(parent)
    return filedialog.asksaveasfilename(parent=parent, **options)


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
