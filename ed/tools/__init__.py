"""The commands: each runs as ``python3 -m ed.tools.NAME``.

- ``cli``          the command line: play (the window) or a command by name
- ``tournament``   computer players against each other (``python3 -m ed.tournament``)
- ``bench``        the benchmarks (``python3 -m ed.bench``)
- ``review``       a finished game's review in a terminal (``python3 -m ed.review``)
- ``pyz``          builds the one-file copy
- ``parallel``     the worker processes the commands play in
- ``search``, ``learn``, ``calibration``, ``voices``   the computer players' offline
                   measures: the exploiter's search, the worth of stock, the forecasts'
                   calibration and the characters' lines

May import anything of ``ed`` but the window's insides: the window is started
through ``ed.ui`` alone.  Nothing else imports a command.
"""
