"""The shape of the code: floors that import only downwards, no import cycles, games that
use only the public API.

Every ``import`` counts, wherever it is written: at the top of a module,
inside a function (a deferred import hides a cycle from Python, not from a
reader) and under ``TYPE_CHECKING``. The graph joins modules, with ``from
package import submodule`` counting as an import of the submodule.
``python tests/test_architecture.py`` prints the framework's modules floor by
floor.

The framework (:mod:`legatus.framework`) is built in floors, each a
sub-package that imports only itself and the floors below it:

    model -> rules -> engine -> kit -> play -> tools -> frontends

A game (:mod:`legatus.games`) and a plugin (:mod:`legatus.plugins`, the
fixture plugins a third party would write) import from Legatus only the
public API, the names of the top-level ``legatus`` module.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "legatus"
FRAMEWORK = "legatus.framework"
#: The framework's floors, bottom first.
FLOORS = ("model", "rules", "engine", "kit", "play", "tools", "frontends")
FIXTURE_PLUGINS = ROOT / "tests" / "fixtures" / "plugins"


def modules() -> dict[str, Path]:
    """Every module of the ``legatus`` package, by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``module`` imports: a known module, or else the name as written."""
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
        if name.split(".")[0] != PACKAGE:
            if name.split(".")[0] in ("framework", "games", "plugins", "schemas", "tests"):
                result.add(name)  # an old top-level name: always wrong
            continue
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            result.add(name)
    return result


def import_graph() -> nx.DiGraph:
    """Modules of ``legatus`` and what each imports of ``legatus`` (or of old top-level names):
    a copy of the graph read once per test process (the sources do not change while the
    tests run; reading them is most of these tests' time)."""
    return _import_graph().copy()


@functools.cache
def _import_graph() -> nx.DiGraph:
    known = modules()
    graph = nx.DiGraph()
    for module, path in known.items():
        graph.add_node(module)
        for target in imported(module, path, known):
            graph.add_edge(module, target)
    return graph


def floor(module: str) -> int | None:
    """The floor of a framework module (None: not in the framework's floors)."""
    parts = module.split(".")
    if parts[:2] != ["legatus", "framework"] or len(parts) < 3:
        return None
    return FLOORS.index(parts[2]) if parts[2] in FLOORS else None


def framework_graph() -> nx.DiGraph:
    graph = import_graph()
    return graph.subgraph(m for m in graph if m.startswith(FRAMEWORK)).copy()


def test_every_framework_module_is_on_a_floor() -> None:
    loose = sorted(m for m in modules() if m.startswith(FRAMEWORK + ".") and floor(m) is None)
    assert not loose, f"framework modules outside the floors {FLOORS}: {loose}"


def test_no_floor_imports_a_floor_above_it() -> None:
    graph = import_graph()
    upward = sorted(
        f"{a} -> {b}"
        for a, b in graph.edges
        if floor(a) is not None and floor(b) is not None and floor(b) > floor(a)  # type: ignore[operator]
    )
    assert not upward, "imports of a higher floor: " + "; ".join(upward)


def test_no_import_cycle_among_framework_modules() -> None:
    cycles = list(nx.simple_cycles(framework_graph()))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_framework_never_imports_games_plugins_tests_or_the_public_api() -> None:
    graph = import_graph()
    wrong = sorted(
        (a, b)
        for a, b in graph.edges
        if a.startswith(FRAMEWORK) and not b.startswith(FRAMEWORK + ".") and b != FRAMEWORK
    )
    assert not wrong, f"framework imports outside itself: {wrong}"


def test_the_public_api_imports_only_the_framework() -> None:
    graph = import_graph()
    wrong = sorted(b for b in graph.successors(PACKAGE) if not b.startswith(FRAMEWORK + "."))
    assert not wrong, wrong


def _own_package(module: str) -> str:
    return ".".join(module.split(".")[:3])  # legatus.games.NAME, legatus.plugins.NAME


def test_games_and_plugins_import_only_the_public_api_and_themselves() -> None:
    graph = import_graph()
    wrong = sorted(
        f"{a} -> {b}"
        for a, b in graph.edges
        if a.startswith(("legatus.games.", "legatus.plugins."))
        and b != PACKAGE
        and _own_package(b) != _own_package(a)
    )
    assert not wrong, "imports past the public API: " + "; ".join(wrong)


def test_no_import_cycle_inside_a_game() -> None:
    graph = import_graph()
    games = graph.subgraph(m for m in graph if m.startswith("legatus.games."))
    cycles = list(nx.simple_cycles(games))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_fixture_plugins_import_only_the_public_api() -> None:
    """A third party's plugin needs nothing deeper than ``legatus``."""
    wrong = []
    for path in sorted(FIXTURE_PLUGINS.rglob("*.py")):
        if "build" in path.parts:
            continue
        for name in imported("fixture", path, {}):
            if name != PACKAGE:
                wrong.append(f"{path.relative_to(ROOT)}: {name}")
    assert not wrong, wrong


def test_every_public_name_exists() -> None:
    import legatus

    for name in legatus.__all__:
        assert getattr(legatus, name) is not None, name


def test_only_the_catalog_discovers_plugins() -> None:
    """Name resolution lives in one module: nothing else reads entry points or the hooks."""
    readers = sorted(
        module
        for module, path in modules().items()
        if module.startswith(FRAMEWORK)
        and ("entry_points" in path.read_text("utf-8") or ".hook." in path.read_text("utf-8"))
    )
    assert readers == ["legatus.framework.play.catalog"], readers
    users = sorted(
        module
        for module in import_graph().predecessors("legatus.framework.play.catalog")
        if floor(module) is not None and floor(module) < FLOORS.index("tools")  # type: ignore[operator]
    )
    # Tools and front ends (the command line, simulation, the web server, check-game, golden,
    # bench, the test kit) resolve names; the engine, the rules, the loader and the players
    # never do.
    assert users == [], users


def floors(graph: nx.DiGraph) -> dict[str, list[str]]:
    """The framework's modules, floor by floor."""
    found: dict[str, list[str]] = {name: [] for name in FLOORS}
    for module in sorted(graph):
        level = floor(module)
        if level is not None:
            found[FLOORS[level]].append(module.removeprefix(f"{FRAMEWORK}.{FLOORS[level]}."))
    return found


if __name__ == "__main__":
    graph = framework_graph()
    print(
        f"{graph.number_of_nodes()} modules, {graph.number_of_edges()} imports, "
        f"{len(list(nx.simple_cycles(graph)))} cycles",
        file=sys.stdout,
    )
    for name, members in floors(graph).items():
        print(f"{name} ({len(members)}): {', '.join(members)}")
