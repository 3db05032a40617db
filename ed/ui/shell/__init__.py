"""The window's shell: the ``App`` hub and the parts it wires together.

``app`` (the hub), ``layout`` (the main window's widgets), ``flow`` and
``entering`` (the game's flow, a seat's entry), ``files`` (start, open, save,
quit), ``menus``, ``windows`` (the extra windows), ``prefs``, ``modes`` (what
the window shows), ``session`` and ``thinking`` (the game in progress, its
autosave, computer players off the Tk thread) and ``bench_gui`` (the
window's benchmark).

May import the screens, the widgets, the presenter, the saves, the computer
players, the review and the game; nothing imports the shell but ``ed.ui``
itself.
"""
