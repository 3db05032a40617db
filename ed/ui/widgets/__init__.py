"""Reusable Tk pieces, each knowing nothing of the game's screens.

``tooltip``, ``scroll``, the charts (``chartkit``, ``linechart``, ``bars``,
``charts``), ``portraits`` (the characters' faces), ``theme`` (fonts, styles,
the one palette), ``chips`` (the grades' colours above a stock's counts), ``progress`` (the strip of months), ``question`` (a small
modal question), ``placement`` (windows kept within the screen),
``filebox`` (Tk's file dialogs, taking a typed name as typed) and
``background`` (work off the Tk thread).

May import the presenter, the saves and the game, and one another; never a
screen or the shell.
"""
