"""The house's plan: every import of ``ed`` runs one way, and no two modules import each other.

The layers, each allowed to import those after its arrow (and itself)::

    game      ed.rules, market, production, entries, engine, view, report, hints, words, players
    saves     → game                      (ed.saves, and ed.save: the API's name for its format)
    ai        → game                      (the computer players and their sparring partners)
    review    → game, ai                  (the review after the game)
    presenter → game, ai, saves           (no tkinter: ed.ui.presenter)
    widgets   → presenter, game, ai, saves
    screens   → widgets, presenter, game, ai, saves, review
    shell     → screens, widgets, presenter, game, ai, saves, review
    tools     → anything but the window's insides: the window through ``ed.ui`` alone
    tuning    → the game, the computer players and the process pool of the tools; nothing
              imports it (the computer players' offline search, learning and measures)

``ed`` (the façade) may also load ``ed.ai`` and ``ed.save``, as API.md says; ``ed.ui``
opens the shell.  Imports inside functions count.
"""
from __future__ import annotations

import ast
import pathlib
from typing import Dict, Iterable, List, Optional

import ed

ROOT = pathlib.Path(ed.__file__).parent
GAME = ("rules", "market", "production", "entries", "engine", "view", "report", "hints", "words",
        "players")
ALLOWED = {
    "game": {"game"},
    "saves": {"game", "saves"},
    "ai": {"game", "ai"},
    "review": {"game", "ai", "review"},
    "presenter": {"game", "ai", "saves", "presenter"},
    "widgets": {"game", "ai", "saves", "presenter", "widgets"},
    "screens": {"game", "ai", "saves", "review", "presenter", "widgets", "screens"},
    "shell": {"game", "ai", "saves", "review", "presenter", "widgets", "screens", "shell"},
    "window": {"shell"},
    "tools": {"game", "ai", "saves", "review", "tools", "window"},
    "tuning": {"game", "ai", "tools", "tuning"},
}


def imports(root: pathlib.Path) -> Dict[str, List[str]]:
    """Each module of the package at ``root`` -> the modules of it that it imports, anywhere
    in its code (a ``from . import x`` of a module imports that module, not the package)."""
    modules = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")
                base = base[:len(base) - node.level + 1] if node.level else []
                stem = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    found.add(f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in modules else stem)
        graph[name] = sorted(m for m in found if m in modules and m != name)
    return graph


def circle(graph: Dict[str, List[str]], start: str) -> Optional[List[str]]:
    """A list of modules that import each other round back to ``start``, or ``None``."""
    path, seen = [start], set()

    def walk(node: str) -> bool:
        for nxt in graph[node]:
            if nxt == start:
                return True
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if walk(nxt):
                    return True
                path.pop()
        return False

    return path + [start] if walk(start) else None


def layer(module: str) -> str:
    """The layer ``module`` belongs to (see the module docstring)."""
    parts = module.split(".")
    if module in ("ed.ui",):
        return "window"
    if parts[-1] == "__main__" or module in ("ed.tournament", "ed.bench") or parts[1:2] == ["tools"]:
        return "tools"
    if parts[1:2] == ["tuning"]:
        return "tuning"
    if module == "ed" or (len(parts) == 2 and parts[1] in GAME):
        return "game"
    if parts[1] in ("saves", "save"):
        return "saves"
    if parts[1] in ("ai", "review"):
        return parts[1]
    if parts[1] == "ui" and len(parts) > 2 and parts[2] in ("presenter", "widgets", "screens",
                                                            "shell"):
        return parts[2]
    raise AssertionError(f"{module} belongs to no layer: give it a folder of the plan")


def broken_arrows(graph: Dict[str, Iterable[str]]) -> List[str]:
    """Each import that goes against the layers, as "importer -> imported"."""
    return [f"{importer} -> {imported}" for importer, targets in sorted(graph.items())
            for imported in targets if layer(imported) not in ALLOWED[layer(importer)]]


def test_no_two_modules_import_each_other():
    graph = imports(ROOT)
    assert {"ed.engine", "ed.view", "ed.tools.cli", "ed.tools.tournament"} <= set(graph)
    assert "ed.view" in graph["ed.engine"] and "ed.tools.console" in graph["ed.tools.tournament"]
    for module in graph:
        found = circle(graph, module)
        assert found is None, " imports ".join(found)


def test_every_import_runs_with_the_layers():
    graph = imports(ROOT)
    assert "ed.saves.format" in graph["ed.save"] and "ed.ui.shell.app" in graph["ed.ui"]
    assert broken_arrows(graph) == []


def test_a_circle_of_imports_would_be_found():
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": []}
    assert circle(graph, "a") == ["a", "b", "c", "a"]
    assert circle(graph, "d") is None


def test_an_import_against_the_layers_would_be_found():
    graph = {"ed.saves.store": ["ed.ui.shell.app", "ed.engine"],
             "ed.ai.gauntlet.ev": ["ed.tools.tournament"], "ed.engine": ["ed.ai.levels"],
             "ed.tools.bench": ["ed.ui", "ed.ui.shell.bench_gui"],
             "ed.ui.widgets.question": ["ed.ui.screens.dialogs"]}
    assert broken_arrows(graph) == ["ed.ai.gauntlet.ev -> ed.tools.tournament",
                                    "ed.engine -> ed.ai.levels",
                                    "ed.saves.store -> ed.ui.shell.app",
                                    "ed.tools.bench -> ed.ui.shell.bench_gui",
                                    "ed.ui.widgets.question -> ed.ui.screens.dialogs"]
