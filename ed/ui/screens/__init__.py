"""What a player looks at: a module a screen, a panel or a window.

``tally`` (the sheet), ``board`` (the Price Level Board), ``reveal``, ``ending``
and ``reviewtab`` (the end and its Review), ``covers`` (welcome, resume, pass and
play), ``panels`` and ``drawer`` (the faces, the tabs under the board),
``dialogs`` and ``chooser`` (new game, open), ``ledger``, ``replay``, ``stats``,
``gamelog``, ``tour``, ``rules_help`` and ``printing``.

May import the widgets, the presenter, the saves, the computer players, the
review and the game, and one another; never the shell.
"""
