"""The app's settings: a small JSON file in the data folder, and the text size.

- ``Settings``: ``text_scale`` (1.0 is normal), ``reveal_pacing`` (``"scene"``
  turns a reveal over entry by entry, ``"all"`` shows it whole at once; an
  earlier version's ``"step"`` reads as ``"scene"``),
  ``first_run_done``, ``instructions_dismissed`` (the newcomer's lines above
  the tally sheet put away for good), ``reduced_motion`` (the board's tokens
  jump rather than slide), ``last_setup`` (the last game set up in
  the new-game dialog), ``more_options`` (the dialog's "More options" open),
  ``drawer`` (the page open in the drawer under the board, "" when it is
  closed) and ``extra`` (the settings other parts of the window keep, named in
  ``TEXT_EXTRAS``: the printing dialog's paper, and settings this version does
  not know, kept as they were so a newer version's file survives a round trip).
- ``load_settings(folder) -> (Settings, message)``: ``message`` is ``None``
  when all went well, or one plain sentence when the file could not be used;
  a file that will not parse or holds what this program never writes (a wrong
  type, no text size at all, NaN, a number of hundreds of digits, nesting
  ever deeper: ``paths.parse_json``) is renamed aside to
  ``settings.json.corrupt`` and the defaults are returned.
- ``save_settings(folder, settings)``: atomic write; raises ``OSError``.
- ``larger(scale)``, ``smaller(scale)``, ``clamp_scale(scale)``: text size steps.
- ``largest_scale(width, height)``: the largest text size offered on a screen
  of that size (in pixels at 96 dpi): the sizes at which nothing is cut.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from .paths import Damaged, NotUsable, parse_json, read_regular, set_aside, settings_path, shown

TEXT_SCALE_DEFAULT = 1.0
TEXT_SCALE_MIN = 0.8
#: The largest text size offered: nothing is cut at it on a 1366×768 screen with six
#: players (tests/ui/test_fit.py walks every screen at every size offered).
TEXT_SCALE_MAX = 1.5
TEXT_SCALE_STEP = 0.1
#: The screen (pixels at 96 dpi) on which every size up to ``TEXT_SCALE_MAX`` fits.
FITTING_SCREEN = (1366, 768)
#: The drawer's pages a setting may name (``ed.ui.screens.drawer.PAGES``).
DRAWER_PAGES = ("prices", "chart", "calculator", "recipes", "log")
REVEAL_PACINGS = ("scene", "all")
#: pacings of earlier versions, read as today's
OLD_PACINGS = {"step": "scene"}
#: Larger than any settings file this app writes; a bigger one is not ours.
MAX_BYTES = 100_000
#: the text sizes a settings file may hold: any from half the smallest offered to twice the
#: largest is read as the nearest offered (another version may offer others); anything
#: else is no text size
SCALE_READ = (TEXT_SCALE_MIN / 2, TEXT_SCALE_MAX * 2)
#: settings other parts of the window keep among the ``extra`` ones, each a text
#: (``ed.ui.screens.printing``: the paper); another value is dropped
TEXT_EXTRAS = ("paper",)


@dataclass(frozen=True)
class Settings:
    """What the player chose, remembered between sessions.  Change with ``replace``."""

    text_scale: float = TEXT_SCALE_DEFAULT
    reveal_pacing: str = "scene"
    first_run_done: bool = False
    extra: Dict[str, Any] = field(default_factory=dict)
    #: the last game set up in the new-game dialog (seats, months, options), shown again
    last_setup: Dict[str, Any] = field(default_factory=dict)
    #: the tips above the tally sheet were put away (the "Hide tips" button)
    instructions_dismissed: bool = False
    #: View ▸ Reduced motion: the board's tokens jump to their new prices, never slide
    reduced_motion: bool = False
    #: the new-game dialog's "More options" (the seed and the rules' options) left open
    more_options: bool = False
    #: the page open in the drawer under the board ("" when it is closed)
    drawer: str = ""
    #: the file could not be read just now (the system refused): these are the defaults,
    #: and they are not written over it (``save_settings`` raises ``OSError`` instead)
    unread: bool = field(default=False, compare=False, repr=False)

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied (``text_scale`` is kept within bounds)."""
        if "text_scale" in changes:
            changes["text_scale"] = clamp_scale(changes["text_scale"])
        return replace(self, **changes)

    def to_dict(self) -> Dict[str, Any]:
        """The settings as JSON-ready data (unknown settings kept alongside)."""
        data = dict(self.extra)
        known = asdict(self)
        known.pop("extra")
        known.pop("unread")
        if not known["last_setup"]:
            known.pop("last_setup")
        data.update(known)
        return data


def clamp_scale(scale: float) -> float:
    """``scale`` rounded to a step and kept between the smallest and largest text size
    (compared before it is made a float, so a whole number of any size is fine; NaN is
    normal size)."""
    if scale != scale:
        return TEXT_SCALE_DEFAULT
    if scale >= TEXT_SCALE_MAX:
        return TEXT_SCALE_MAX
    if scale <= TEXT_SCALE_MIN:
        return TEXT_SCALE_MIN
    return round(float(scale), 2)


def largest_scale(width: int, height: int) -> float:
    """The largest text size offered on a screen of ``width`` × ``height`` pixels at 96 dpi:
    ``TEXT_SCALE_MAX`` on ``FITTING_SCREEN`` or larger, less on a smaller one, in proportion
    (a step down at a time), never less than normal."""
    share = min(1.0, width / FITTING_SCREEN[0], height / FITTING_SCREEN[1])
    steps = int(round(TEXT_SCALE_MAX * share / TEXT_SCALE_STEP, 6))
    return max(TEXT_SCALE_DEFAULT, round(steps * TEXT_SCALE_STEP, 2))


def offered_scales(largest: float = TEXT_SCALE_MAX) -> Tuple[float, ...]:
    """Every text size offered, smallest first, up to ``largest``."""
    count = int(round((largest - TEXT_SCALE_MIN) / TEXT_SCALE_STEP)) + 1
    return tuple(round(TEXT_SCALE_MIN + step * TEXT_SCALE_STEP, 2) for step in range(count))


def larger(scale: float) -> float:
    """One step larger text (no larger than the maximum)."""
    return clamp_scale(round(scale / TEXT_SCALE_STEP) * TEXT_SCALE_STEP + TEXT_SCALE_STEP)


def smaller(scale: float) -> float:
    """One step smaller text (no smaller than the minimum)."""
    return clamp_scale(round(scale / TEXT_SCALE_STEP) * TEXT_SCALE_STEP - TEXT_SCALE_STEP)


class _BadSettings(ValueError):
    pass


def from_dict(data: Any) -> Settings:
    """Settings from parsed JSON.  Raises ``ValueError`` naming the first bad value."""
    if not isinstance(data, dict):
        raise _BadSettings("the file does not hold a set of named settings")
    defaults = Settings()
    scale = data.get("text_scale", defaults.text_scale)
    # compared as it is (never made a float first: a whole number of 400 digits is fine
    # to compare, and NaN and the infinities fail the comparison)
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or \
            not SCALE_READ[0] <= scale <= SCALE_READ[1]:
        raise _BadSettings(f"text_scale should be a text size ({TEXT_SCALE_MIN} to "
                           f"{TEXT_SCALE_MAX}), not {shown(scale)}")
    pacing = data.get("reveal_pacing", defaults.reveal_pacing)
    pacing = OLD_PACINGS.get(pacing, pacing) if isinstance(pacing, str) else pacing
    if not isinstance(pacing, str) or pacing not in REVEAL_PACINGS:
        raise _BadSettings(f"reveal_pacing should be \"scene\" or \"all\", not {shown(pacing)}")
    done, dismissed, still, more = (
        _flag(data, name, getattr(defaults, name))
        for name in ("first_run_done", "instructions_dismissed", "reduced_motion",
                     "more_options"))
    # The last setup is only a convenience: one that is not a set of named values is
    # dropped (the dialog checks every value it shows again), never the whole file.
    last = data.get("last_setup")
    last = dict(last) if isinstance(last, dict) else {}
    # So is the drawer's page: one this version does not know leaves the drawer closed.
    drawer = data.get("drawer", "")
    drawer = drawer if isinstance(drawer, str) and drawer in DRAWER_PAGES else ""
    # Settings other parts keep here are text; any other value is dropped, as above.
    extra = {k: v for k, v in data.items()
             if k not in ("text_scale", "reveal_pacing", "first_run_done", "last_setup",
                          "instructions_dismissed", "reduced_motion", "more_options",
                          "drawer")
             and (k not in TEXT_EXTRAS or isinstance(v, str))}
    return Settings(clamp_scale(scale), pacing, done, extra, last, dismissed,
                    reduced_motion=still, more_options=more, drawer=drawer)


def _flag(data: Dict[str, Any], name: str, default: bool) -> bool:
    """The true-or-false setting ``name``; any other value makes the file unusable."""
    value = data.get(name, default)
    if type(value) is not bool:
        raise _BadSettings(f"{name} should be true or false, not {shown(value)}")
    return value


def load_settings(folder: "os.PathLike[str] | str") -> Tuple[Settings, Optional[str]]:
    """The saved settings, or the defaults when there are none or they cannot be used.

    Returns ``(settings, message)``; ``message`` is ``None`` when the file was
    read (or there was none), else a sentence for the player.  A file that
    will not parse, or holds values of the wrong type, is renamed to
    ``settings.json.corrupt`` so that it is neither lost nor read again.
    Never raises for a bad file.
    """
    path = settings_path(Path(folder))
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except NotUsable as error:      # a folder, a pipe, a device or far too large: not ours
        why = error.why
    except OSError as error:        # the system refused it just now: left as it is
        return Settings(unread=True), (f"Your settings could not be read ({_reason(error)}); "
                                       f"the defaults are used until you close the window.")
    else:
        try:
            # a byte-order mark that an editor put in front is not damage
            return from_dict(parse_json(raw)), None
        except (ValueError, RecursionError) as error:
            why = str(error) if isinstance(error, (_BadSettings, Damaged)) else "it is damaged"
    aside = set_aside(path)
    where = f" The old file was kept as {aside.name}." if aside else ""
    return Settings(), (f"Your settings file could not be used ({why}), so the "
                        f"defaults are used.{where}")


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` all at once (``ed.save.write_atomic``).  Raises ``OSError``."""
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    from ed.saves.format import write_atomic  # on first use: the engine is not needed at start-up
    write_atomic(path, text.encode("utf-8"))


def save_settings(folder: "os.PathLike[str] | str", settings: Settings) -> None:
    """Write the settings to the data folder atomically.  Raises ``OSError`` on failure,
    and when ``settings`` were not read from a file the system would not let be read: the
    player's own settings may still be in it."""
    if settings.unread:
        raise OSError(0, "the file could not be read, so it is left as it was")
    write_json_atomic(settings_path(Path(folder)), settings.to_dict())


def _reason(error: OSError) -> str:
    text = error.strerror or str(error)
    return text[:1].lower() + text[1:]
