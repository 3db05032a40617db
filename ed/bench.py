"""``python3 -m ed.bench``: the benchmarks (``ed.tools.bench``), by the name people type."""
if __name__ == "__main__":
    import sys

    from .tools.bench import main
    sys.exit(main())
