"""The commands: each runs as ``python3 -m ed.tools.NAME``.

- ``cli``          the command line: play (the window) or a command by name
- ``tournament``   computer players against each other (``python3 -m ed.tournament``)
- ``bench``        the benchmarks (``python3 -m ed.bench``)
- ``review``       a finished game's review in a terminal (``python3 -m ed.review``)
- ``pyz``          builds the one-file copy
- ``parallel``     the worker processes the commands play in
- ``console``, ``parser``   the terminal: names, output that cannot be written, argparse

The computer players' offline tuning and measures (search, learn, calibration, voices)
are in ``ed.tuning``.

May import anything of ``ed`` but the window's insides: the window is started
through ``ed.ui`` alone.  Nothing else imports a command.
"""
