"""``python3 -m ed``: the same as ``python3 executive_decision.py``."""
import sys

from .tools.cli import main

sys.exit(main())
