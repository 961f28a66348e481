"""The shape of the framework: no import cycles, no game or top-level plugin imported.

Every ``import`` in ``framework/`` counts, wherever it is written: at the
top of a module, inside a function (a deferred import hides a cycle from
Python, not from a reader) and under ``TYPE_CHECKING``. The graph joins
modules, with ``from package import submodule`` counting as an import of the
submodule. ``python tests/test_architecture.py`` prints the modules by layer.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "framework"


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``module`` imports (framework modules, or the top-level package name)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if path.name != "__init__.py":
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            submodules = {f"{source}.{alias.name}" for alias in node.names}
            found = {name for name in submodules if name in known}
            names.update(found or {source})
    result: set[str] = set()
    for name in names:
        top = name.split(".")[0]
        if top != PACKAGE:
            result.add(top)
            continue
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module and name != PACKAGE:
            result.add(name)
    return result


def import_graph() -> nx.DiGraph:
    known = modules()
    graph = nx.DiGraph()
    for module, path in known.items():
        graph.add_node(module)
        for target in _imported(module, path, known):
            if target.startswith(PACKAGE) or target in ("games", "plugins", "tests"):
                graph.add_edge(module, target)
    return graph


def test_no_import_cycle_among_framework_modules() -> None:
    graph = import_graph()
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_framework_never_imports_games_plugins_or_tests() -> None:
    graph = import_graph()
    wrong = sorted((a, b) for a, b in graph.edges if b in ("games", "plugins", "tests"))
    assert not wrong, f"framework imports outside itself: {wrong}"


def test_only_the_catalog_discovers_plugins() -> None:
    """Name resolution lives in one module: nothing else reads entry points or the hooks."""
    readers = sorted(
        module
        for module, path in modules().items()
        if "entry_points" in path.read_text("utf-8") or ".hook." in path.read_text("utf-8")
    )
    assert readers == ["framework.catalog"], readers
    users = sorted(
        module
        for module in import_graph().predecessors("framework.catalog")
        if not module.startswith(("framework.cli", "framework.simulate", "framework.server"))
    )
    # Tools at the top (the command line, simulation, the web server, check-game, golden,
    # bench, the test kit) resolve names; the engine, the rules, the loader and the AI never do.
    assert users == [
        "framework.bench",
        "framework.checkgame",
        "framework.golden",
        "framework.testing.kit",
        "framework.testing.rules",
    ], users


def layers(graph: nx.DiGraph) -> list[list[str]]:
    """Modules by layer: each imports only modules of the layers before it."""
    depth: dict[str, int] = {}
    for module in reversed(list(nx.topological_sort(graph))):
        below = [depth[m] for m in graph.successors(module) if m in depth]
        depth[module] = 1 + max(below, default=-1)
    found: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for module, level in depth.items():
        found[level].append(module)
    return [sorted(level) for level in found]


if __name__ == "__main__":
    graph = import_graph()
    print(
        f"{graph.number_of_nodes()} modules, {graph.number_of_edges()} imports, "
        f"{len(list(nx.simple_cycles(graph)))} cycles",
        file=sys.stdout,
    )
    for number, level in enumerate(layers(graph)):
        print(f"layer {number}: {', '.join(m.removeprefix('framework.') for m in level)}")
