"""Project-wide promises: Python 3.9 syntax, a tkinter-free engine, a friendly launcher."""
from __future__ import annotations

import ast
import re
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = sorted(p for p in ROOT.rglob("*.py") if ".git" not in p.parts)


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, **kwargs)


def test_every_module_parses_as_python_3_9():
    assert len(SOURCES) > 20
    for path in SOURCES:
        ast.parse(path.read_text("utf-8"), filename=str(path), feature_version=(3, 9))


def test_every_module_uses_postponed_annotations():
    annotated = 0
    for path in SOURCES:
        if path.name == "executive_decision.py" or path.stat().st_size == 0:
            continue
        tree = ast.parse(path.read_text("utf-8"))
        if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and (n.returns or any(
                a.annotation for a in n.args.args)) for n in ast.walk(tree)):
            assert "from __future__ import annotations" in path.read_text("utf-8"), path
            annotated += 1
    assert annotated > 100          # nearly every module annotates its functions


def test_engine_modules_do_not_import_tkinter():
    engine = [p for p in (ROOT / "ed").rglob("*.py") if "ui" not in p.relative_to(ROOT / "ed").parts]
    assert any(p.parent.name == "ai" for p in engine)
    for path in engine:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in ("tkinter", "_tkinter") for n in names), path


def test_importing_the_engine_loads_no_tkinter():
    code = ("import sys, ed, ed.ai, ed.save, ed.hints, ed.bench, ed.tournament; "
            "print(sorted(m for m in sys.modules if 'tkinter' in m))")
    result = run("-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_first_window_waits_for_nothing_of_the_game():
    """The window is on the screen before the game, its presenter or its players are read
    (the window's title came from the presenter, whose package loads them all: the first
    window took 1.7 times a bare Tk window's time instead of 1.2)."""
    code = ("import sys, ed.tools.cli, ed.ui.shell.app; "
            "print(sorted(m for m in sys.modules if m.startswith('ed')))")
    result = run("-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(["ed", "ed.tools", "ed.tools.cli", "ed.tools.console",
                                         "ed.ui", "ed.ui.shell", "ed.ui.shell.app",
                                         "ed.ui.shell.modes"])


def test_the_first_window_waits_for_no_library_a_bare_tk_window_does_without():
    """Started without arguments, the window's first frame needs no argument parser (nor the
    translations and locale it looks up), no logging and no zip reader: each is loaded after
    the window is up, or only for the commands that use it (with them the first window took
    1.2 times a bare Tk window's instructions instead of 1.1)."""
    late = ("argparse", "gettext", "locale", "logging", "zipfile")
    code = ("import sys; before = set(sys.modules); import tkinter; bare = set(sys.modules); "
            "from ed.tools import cli; from ed import ui; import ed.ui.shell.app as app; "
            "app.App._init_window; "
            f"print(sorted(m for m in {late!r} if m in sys.modules and m not in before))")
    result = run("-S", "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_launcher_without_tkinter_explains_the_fix():
    code = ("import sys; sys.modules['tkinter'] = None; sys.argv = ['executive_decision.py']; "
            "import runpy; runpy.run_path('executive_decision.py', run_name='__main__')")
    result = run("-c", code)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    for words in ("needs Tkinter", "sudo apt install python3-tk", "python3-tkinter",
                  "brew install python-tk", "tcl/tk and IDLE"):
        assert words in result.stderr


def test_launcher_on_an_old_python_says_so():
    code = ("import sys; sys.version_info = (3, 8, 10, 'final', 0); "
            "import runpy; runpy.run_path('executive_decision.py', run_name='__main__')")
    result = run("-c", code)
    assert result.returncode == 1
    assert "needs Python 3.9 or newer; this is Python 3.8" in result.stderr
    assert "Traceback" not in result.stderr


def test_python_m_ed_help():
    result = run("-m", "ed", "--help")
    assert result.returncode == 0 and "Executive Decision" in result.stdout


def test_bad_command_line_is_a_plain_message():
    result = run("executive_decision.py", "--no-such-option")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_public_facade():
    import ed
    for name in ("Rules", "Game", "Seat", "RuleError", "SaveError", "PlayerView", "PhaseReport"):
        assert hasattr(ed, name)
    assert callable(ed.save.save) and callable(ed.save.load)
    assert callable(ed.save.dumps) and callable(ed.save.loads)
    assert ed.ai.LEVELS[0] == "easy" and callable(ed.ai.Avatar)
    assert [p.value for p in ed.Phase] == ["purchasing", "selling", "over"]
    game = ed.Game(ed.Rules(players=2), ["Ann", "Bob"])
    assert game.phase is ed.Phase.PURCHASING and game.phase == "purchasing"
    assert f"{game.phase}" == str(game.phase) == "purchasing"


def test_bench_reports_its_figures():
    from ed.tools import bench
    lines = bench.bench_engine(games=3, repeat=1, jobs=1) + bench.bench_saves(repeat=2)
    assert "complete 12-month 6-player games per second" in lines[0]
    assert "resolve(): median" in lines[1]
    assert lines[2].startswith("saves (finished 12-month 6-player game")


def _documents() -> list:
    return sorted(p for p in ROOT.rglob("*.md") if ".git" not in p.parts)


def test_every_link_in_the_documents_leads_to_a_file_of_the_repository():
    """A clone holds every file a document links to or names as a path beside it."""
    link = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
    missing = []
    for doc in _documents():
        text = doc.read_text(encoding="utf-8")
        for target in link.findall(text):
            if re.match(r"[a-z]+:", target):          # an address, not a file
                continue
            path = (doc.parent / target).resolve()
            if not path.exists() or ROOT.resolve() not in path.parents:
                missing.append(f"{doc.relative_to(ROOT)}: {target}")
        if "../shared" in text:
            missing.append(f"{doc.relative_to(ROOT)}: ../shared (not in a clone)")
    assert _documents() and not missing, missing


def test_the_readme_gives_its_test_command_once():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("python3 -m pip install --quiet pytest && python3 -m pytest") == 1
