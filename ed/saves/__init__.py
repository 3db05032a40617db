"""Where games and the window's small files are kept, and how: no tkinter.

- ``format``   the save format: a game as one JSON document, written atomically and
               loaded by replaying it (the API's ``ed.save`` is this module)
- ``store``    the saves folder: a file a game, its list and its index
- ``locks``    a lock file beside a save, so two windows never play one game
- ``paths``    the data folder, its small files and errors.log
- ``settings`` the window's settings (``settings.json``)
- ``record``   the record of play (``statistics.json``)
- ``export``   the one writer of the files written for a person (Save As…, the
               tally sheet, the ledger's CSV, the one-file copy)

May import the game (``ed.engine``, ``ed.rules``, ``ed.report``…) and each
other; never the computer players, the commands or the window.
"""
