"""The command line's help: the program named as it was started, and every command listed."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from ed.tools import cli, console

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: what pip writes for the console script ``executive-decision`` (pyproject.toml)
CONSOLE_SCRIPT = """\
import re
import sys
from ed.tools.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def run(args, *, cwd=ROOT, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env)


@pytest.mark.parametrize("argv0, name", [
    ("/home/ann/.local/bin/executive-decision", "executive-decision"),
    ("C:\\Python39\\Scripts\\executive-decision.exe".replace("\\", os.sep), "executive-decision"),
    ("executive_decision.py", "executive_decision.py"),
    ("./games/executive_decision.py", "executive_decision.py"),
    (str(ROOT / "ed" / "__main__.py"), "python3 -m ed"),
    ("-c", "python3 -m ed"),
    ("", "python3 -m ed"),
    ("Downloads/executive_decision.pyz", "executive_decision.pyz"),
])
def test_program_is_named_as_it_was_started(argv0, name):
    assert console.program_name(argv0) == name


def test_help_lists_every_command_with_a_summary():
    text = cli.build_parser("executive-decision").format_help()
    assert text.startswith("usage: executive-decision [-h] [--version] [--data-dir FOLDER] [SAVE_FILE]\n"
                           "       executive-decision tournament [options]\n"
                           "       executive-decision bench [options]\n")
    for name, summary in cli.COMMANDS:
        assert f"  {name:<12} {summary}\n" in text
    assert "executive-decision tournament --help" in text
    assert "executive_decision.py" not in text
    assert all(len(line) <= 79 for line in text.splitlines())


def test_launcher_help_names_the_launcher():
    result = run(["executive_decision.py", "--help"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: executive_decision.py [-h]")
    assert "  python3 executive_decision.py tournament --games" in result.stdout
    assert "tournament   computer players against each other" in result.stdout


def test_module_help_names_python_m_ed():
    result = run(["-m", "ed", "--help"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python3 -m ed [-h]")
    assert "python3 -m ed tournament [options]" in result.stdout


def test_installed_command_help_names_the_command(tmp_path):
    script = tmp_path / "bin" / "executive-decision"
    script.parent.mkdir()
    script.write_text(CONSOLE_SCRIPT)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = run([str(script), "--help"], cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: executive-decision [-h]")
    assert "\n  executive-decision tournament --games 200" in result.stdout
    tournament = run([str(script), "tournament", "--help"], cwd=tmp_path, env=env)
    assert tournament.stdout.startswith("usage: executive-decision tournament [-h]")


def test_a_tournament_mistake_points_at_its_help_as_typed(tmp_path):
    result = run(["executive_decision.py", "tournament", "--games", "0"])
    assert result.returncode == 2
    assert result.stderr.endswith("Try: python3 executive_decision.py tournament --help\n")
    result = run(["-m", "ed", "tournament", "--months", "99"])
    assert result.stderr.endswith("Try: python3 -m ed tournament --help\n")


def test_bench_help_is_reached_from_the_command_line():
    result = run(["-m", "ed", "bench", "--help"])
    assert result.returncode == 0 and result.stdout.startswith("usage: python3 -m ed bench")
