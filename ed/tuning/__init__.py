"""The computer players' offline tuning and measures: each runs as
``python3 -m ed.tuning.NAME``.  Not a player's command (those are in ``ed.tools``).

- ``search``        the exploiter's search for a strategy that beats a level
- ``learn``         the worth of stock kept, learned from self-play against the gauntlet
- ``calibration``   the forecasts' stated spread against the errors they made
- ``voices``        the characters' lines measured over simulated games, claims checked

May import anything of ``ed`` but the window (and the process pool and the terminal's
helpers of ``ed.tools``); nothing imports these.
"""
