"""The one-file copy: built by ``python3 -m ed.tools.pyz``, copied alone, run from elsewhere."""
from __future__ import annotations

import ast
import os
import pathlib
import shutil
import stat
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAME = "executive_decision.pyz"

#: a tkinter that fails to import the way it does where python3-tk is not installed
NO_TK_SHIM = 'raise ImportError("No module named \'_tkinter\'")\n'


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> pathlib.Path:
    """The archive as ``python3 -m ed.tools.pyz --output`` writes it."""
    target = tmp_path_factory.mktemp("build") / "out" / NAME
    target.parent.mkdir()                     # a folder that does not exist is refused
    result = subprocess.run([sys.executable, "-m", "ed.tools.pyz", "--output", str(target)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert f"Built {target}" in result.stdout
    return target


@pytest.fixture(scope="module")
def alone(built, tmp_path_factory) -> pathlib.Path:
    """The archive copied alone into an empty folder far from the sources."""
    folder = tmp_path_factory.mktemp("friend")
    copy = folder / NAME
    shutil.copy2(built, copy)
    assert os.listdir(folder) == [NAME]
    return copy


def clean_env(**extra: str) -> dict:
    """The environment without anything that would find the sources instead of the archive."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "ED_"))}
    env.update(extra)
    return env


def run_pyz(copy: pathlib.Path, *args: str, env=None, timeout: float = 120
            ) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, NAME, *args], cwd=copy.parent,
                          env=env or clean_env(), capture_output=True, text=True, timeout=timeout)


def test_archive_holds_the_package_and_a_main_only(built):
    names = [n for n in zipfile.ZipFile(built).namelist() if not n.endswith("/")]
    assert "__main__.py" in names and "ed/__init__.py" in names and "ed/ui/shell/app.py" in names
    assert all(n == "__main__.py" or (n.startswith("ed/") and n.endswith(".py")) for n in names)
    assert not any("__pycache__" in n or n.startswith("tests") for n in names)
    expected = sorted(str(p.relative_to(ROOT)).replace(os.sep, "/") for p in (ROOT / "ed").rglob("*.py")
                      if "__pycache__" not in p.parts)
    assert sorted(n for n in names if n != "__main__.py") == expected


def test_archive_is_small_executable_with_a_shebang(built):
    assert built.stat().st_size < 1_000_000
    assert built.read_bytes().startswith(b"#!/usr/bin/env python3\n")
    assert built.stat().st_mode & stat.S_IXUSR


def test_same_sources_build_the_same_bytes(built, tmp_path):
    again = tmp_path / NAME
    subprocess.run([sys.executable, "-m", "ed.tools.pyz", "-o", str(again)], cwd=ROOT, check=True,
                   capture_output=True, timeout=120)
    assert again.read_bytes() == built.read_bytes()


def test_version_from_a_folder_of_its_own(alone):
    from ed import __version__
    result = run_pyz(alone, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Executive Decision {__version__}"


def test_help_names_the_archive_and_its_commands(alone):
    result = run_pyz(alone, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: {NAME} [-h]")
    assert f"{NAME} tournament [options]" in result.stdout
    assert f"python3 {NAME} tournament --games" in result.stdout
    assert "Traceback" not in result.stderr


def test_tournament_runs_from_the_archive(alone):
    result = run_pyz(alone, "tournament", "--games", "2", "--seats", "easy,medium",
                     "--months", "2", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("2 games, 2 players, 2 months")
    assert "easy" in result.stdout and "medium" in result.stdout
    assert os.listdir(alone.parent) == [NAME]   # wrote nothing beside itself


def test_tournament_help_names_the_archive(alone):
    result = run_pyz(alone, "tournament", "--help")
    assert result.returncode == 0 and result.stdout.startswith(f"usage: {NAME} tournament")


def test_without_tkinter_the_archive_says_what_the_launcher_says(alone, tmp_path):
    shim = tmp_path / "shim" / "tkinter"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text(NO_TK_SHIM)
    env = clean_env(PYTHONPATH=str(shim.parent))
    from_pyz = run_pyz(alone, env=env)
    from_launcher = subprocess.run([sys.executable, "executive_decision.py"], cwd=ROOT, env=env,
                                   capture_output=True, text=True, timeout=60)
    assert from_pyz.returncode == from_launcher.returncode == 1
    assert "needs Tkinter" in from_launcher.stderr and "Traceback" not in from_pyz.stderr
    assert "No module named '_tkinter'" in from_pyz.stderr
    assert "start the game again with: python3 executive_decision.py\n" in from_launcher.stderr
    assert from_pyz.stderr == from_launcher.stderr.replace("executive_decision.py",
                                                           "executive_decision.pyz")


def test_archive_opens_the_window(alone, display, tmp_path):
    env = clean_env(DISPLAY=display, ED_BENCH_EXIT_ON_MAP="1", ED_DATA_DIR=str(tmp_path))
    result = run_pyz(alone, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "mapped"


def test_the_package_reads_nothing_beside_its_own_files():
    """Module data or importlib.resources, never a path next to __file__ (it is in a zip)."""
    allowed = {ROOT / "ed" / "tools" / "pyz.py",   # builds from the sources, never run from the zip
               ROOT / "ed" / "ui" / "shell" / "bench_gui.py"}  # the package's home on a child's path
    users = set()
    for path in (ROOT / "ed").rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        if any(isinstance(n, ast.Name) and n.id == "__file__" for n in ast.walk(tree)):
            users.add(path)
    assert users <= allowed
