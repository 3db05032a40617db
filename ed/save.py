"""``ed.save`` is ``ed.saves.format``, the save format, by the name the API gives it: this
module puts that one module in its own place, so ``import ed.save`` and a patch of
``ed.save.X`` reach the module the program uses."""
import sys

from .saves import format as _format

sys.modules[__name__] = _format
