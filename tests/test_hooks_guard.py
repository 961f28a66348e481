"""Guard tests: every hook and every game plugin method is documented and tested
(as in datasette)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.play.catalog import hook_names

ROOT = Path(__file__).parent.parent
HOOKS = list(hook_names())
METHODS = sorted(
    name
    for name, member in inspect.getmembers(GamePlugin, inspect.isfunction)
    if not name.startswith("_")
)


def test_there_are_hooks_and_methods() -> None:
    assert HOOKS == ["legatus_register_agents", "legatus_register_games"]
    assert {"register_rules", "action_kinds", "evaluate", "invariants"} <= set(METHODS)


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_is_documented(hook: str) -> None:
    reference = (ROOT / "docs" / "hooks.md").read_text("utf-8")
    assert re.search(rf"^#+ .*{hook}\b", reference, re.MULTILINE), (
        f"{hook} has no section in docs/hooks.md"
    )


@pytest.mark.parametrize("method", METHODS)
def test_game_plugin_method_is_documented(method: str) -> None:
    reference = (ROOT / "docs" / "hooks.md").read_text("utf-8")
    assert re.search(rf"^#+ .*\b{method}\b", reference, re.MULTILINE), (
        f"GamePlugin.{method} has no section in docs/hooks.md"
    )


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_a_test(hook: str) -> None:
    pattern = re.compile(rf"def test_hook_{hook}\w*\(")
    found = any(pattern.search(p.read_text("utf-8")) for p in (ROOT / "tests").rglob("test_*.py"))
    assert found, f"no test named test_hook_{hook}... in tests/"
