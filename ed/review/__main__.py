"""``python3 -m ed.review SAVE``: the review in a terminal (``ed.tools.review``), by the name people type."""
import sys

from ..tools.review import main

sys.exit(main())
