"""Settings: a small JSON file that never stops the app from starting, and the text size."""
from __future__ import annotations

import json
import tkinter as tk
import tkinter.font as tkfont

import pytest

from ed.saves import settings
from ed.saves.paths import settings_path
from ed.saves.settings import Settings, load_settings, save_settings
from ed.ui.widgets.theme import apply_text_scale


def test_no_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path) == (Settings(), None)


def test_saved_settings_load_back(tmp_path):
    chosen = Settings(text_scale=1.3, reveal_pacing="all", first_run_done=True,
                      instructions_dismissed=True)
    save_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == (chosen, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_unknown_settings_are_kept(tmp_path):
    settings_path(tmp_path).write_text(json.dumps({"text_scale": 1.1, "colour": "blue"}))
    loaded, message = load_settings(tmp_path)
    assert message is None and loaded.text_scale == 1.1 and loaded.extra == {"colour": "blue"}
    save_settings(tmp_path, loaded.replace(first_run_done=True))
    assert json.loads(settings_path(tmp_path).read_text())["colour"] == "blue"


@pytest.mark.parametrize("content", [
    "{not json", "[1, 2]", '{"text_scale": "big"}', '{"reveal_pacing": "slow"}',
    '{"first_run_done": 1}', '{"text_scale": true}', '{"instructions_dismissed": "yes"}',
    "\xff\xfe"])
def test_corrupt_file_is_set_aside_and_defaults_used(tmp_path, content):
    path = settings_path(tmp_path)
    path.write_bytes(content.encode("latin-1"))
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings()
    assert "could not be used" in message and "settings.json.corrupt" in message
    assert not path.exists()
    assert (tmp_path / "settings.json.corrupt").read_bytes() == content.encode("latin-1")
    # ... and the next start is quiet.
    assert load_settings(tmp_path) == (Settings(), None)


def test_text_scale_steps_stay_in_bounds():
    assert settings.larger(1.0) == 1.1
    assert settings.smaller(1.0) == 0.9
    assert settings.larger(settings.TEXT_SCALE_MAX) == settings.TEXT_SCALE_MAX
    assert settings.smaller(settings.TEXT_SCALE_MIN) == settings.TEXT_SCALE_MIN
    assert Settings().replace(text_scale=9).text_scale == settings.TEXT_SCALE_MAX
    scale = 1.0
    for _ in range(5):
        scale = settings.larger(scale)
    for _ in range(5):
        scale = settings.smaller(scale)
    assert scale == 1.0


def _sizes(root):
    return {name: tkfont.Font(root=root, name=name, exists=True).cget("size")
            for name in tkfont.names(root)}


def test_text_scale_changes_named_fonts_without_drift(display, tmp_path):
    root = tk.Tk()
    try:
        root.withdraw()
        base = _sizes(root)
        assert base["TkDefaultFont"] != 0
        apply_text_scale(root, 1.5)
        larger = _sizes(root)
        for name, size in base.items():
            assert abs(larger[name]) == round(abs(size) * 1.5)
        for _ in range(4):                      # larger, smaller, larger ...: no drift
            apply_text_scale(root, settings.larger(1.5))
            apply_text_scale(root, 1.5)
        assert _sizes(root) == larger
        apply_text_scale(root, 1.0)             # reset
        assert _sizes(root) == base
        # The choice survives a reload from the file into a fresh window.
        save_settings(tmp_path, Settings(text_scale=1.5))
        loaded, _ = load_settings(tmp_path)
    finally:
        root.destroy()
    fresh = tk.Tk()
    try:
        fresh.withdraw()
        apply_text_scale(fresh, loaded.text_scale)
        assert _sizes(fresh) == larger
    finally:
        fresh.destroy()
