"""The kit's reference in docs/dsl.md matches the kit, so it cannot go stale.

The section "The block-wargame kit" has one subsection per module of
:mod:`legatus.framework.kit`, each with a table whose rows are ``| `SIGNATURE` | KIND | what
it does | JC |``. A *procedure*, *query* or *effect* row's signature is the registry's own
(:meth:`~legatus.framework.rules.registry.QueryEntry.signature`: names and types of the
arguments, the result); a *Python* row names a function or class of its subsection's module
with its parameters' names. Every procedure, query and effect the kit registers
(``register_kit``, ``register_movement``, ``register_declared``) has a row, and every module a subsection with an example the docs'
tests run (``tests/docs/test_every_example.py``).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from legatus.framework import kit
from legatus.framework.kit.declared import register_declared
from legatus.framework.rules.registry import RuleRegistry

DSL = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
KIT = Path(kit.__file__).parent
#: The kit's modules a designer reads about; ``rules`` is only their registration.
MODULES = sorted(p.stem for p in KIT.glob("*.py") if p.stem not in ("__init__", "rules"))
ROW = re.compile(
    r"^\| `(?P<signature>[^`]+)` \| (?P<kind>procedure|query|effect|Python) \| .+ \| .* \|$"
)
RUNS = re.compile(r"^% check: (rules \w+|rules-file \S+|python)\s*$", re.M)


def kit_registry() -> RuleRegistry:
    """Everything the kit registers, and nothing else: ``register_declared`` registers the
    whole kit (``register_kit``, ``register_movement``) and the declared game's entries."""
    registry = RuleRegistry(builtins=False)
    register_declared(registry)
    return registry


def sections() -> dict[str, str]:
    """The kit section's subsections, by module name."""
    text = DSL.read_text("utf-8")
    start = text.index("\n## The block-wargame kit\n")
    end = text.index("\n## ", start + 1)
    parts = re.split(r"^### (\w+)\n", text[start:end], flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def rows() -> list[tuple[str, str, str]]:
    """Every table row: (module, kind, signature)."""
    found = []
    for module, body in sections().items():
        for line in body.splitlines():
            row = ROW.match(line)
            if row:
                found.append((module, row["kind"], row["signature"]))
            else:
                assert not line.startswith("| `"), f"### {module}: a row not of the form: {line}"
    return found


def test_every_module_has_a_subsection_with_a_table_and_a_run_example() -> None:
    found = sections()
    assert sorted(found) == MODULES
    for module, body in found.items():
        assert any(m == module for m, _, _ in rows()), f"### {module} has no table"
        assert RUNS.search(body), f"### {module} has no example the docs' tests run"


def test_every_registered_query_and_effect_has_its_row() -> None:
    registry = kit_registry()
    documented = {signature for _, kind, signature in rows() if kind != "Python"}
    missing = [e.signature() for e in registry.entries() if e.signature() not in documented]
    assert missing == [], "registered but not in docs/dsl.md's kit tables: " + ", ".join(missing)


@pytest.mark.parametrize(
    ("module", "kind", "signature"),
    [r for r in rows() if r[1] != "Python"],
    ids=[r[2].split("(")[0] for r in rows() if r[1] != "Python"],
)
def test_every_rules_row_is_a_registered_entry_as_written(
    module: str, kind: str, signature: str
) -> None:
    name = signature.split("(", 1)[0]
    entry = kit_registry().get(name)
    assert entry is not None, f"### {module}: {name} is not registered by the kit"
    assert (entry.kind, entry.signature()) == (kind, signature)


@pytest.mark.parametrize(
    ("module", "kind", "signature"),
    [r for r in rows() if r[1] == "Python"],
    ids=[f"{r[0]}.{r[2].split('(')[0]}" for r in rows() if r[1] == "Python"],
)
def test_every_python_row_is_the_modules_with_its_parameters(
    module: str, kind: str, signature: str
) -> None:
    found = re.fullmatch(r"(\w+(?:\.\w+)?)\((.*)\)", signature)
    assert found, f"### {module}: {signature} is not NAME(PARAMETER, ...) or Class.NAME(...)"
    name, written = found[1], [p.strip() for p in found[2].split(",") if p.strip()]
    value: object = importlib.import_module(f"legatus.framework.kit.{module}")
    for part in name.split("."):  # a function, a class, or a class's method (Class.method)
        value = getattr(value, part, None)
    assert value is not None, f"### {module}: the module has no {name}"
    assert callable(value)
    parameters = [
        p.name
        for p in inspect.signature(value).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    assert written == parameters, f"### {module}: {name}{inspect.signature(value)}"
