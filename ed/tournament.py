"""``python3 -m ed.tournament``: the tournament (``ed.tools.tournament``), by the name people type."""
if __name__ == "__main__":
    import sys

    from .tools.tournament import main
    sys.exit(main())
