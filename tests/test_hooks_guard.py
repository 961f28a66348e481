"""Guard tests: every hook is documented and tested (as in datasette)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from framework.plugins import hook_names

ROOT = Path(__file__).parent.parent
HOOKS = list(hook_names())


def test_there_are_hooks() -> None:
    assert "legatus_register_games" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_is_documented(hook: str) -> None:
    reference = (ROOT / "docs" / "hooks.md").read_text("utf-8")
    assert re.search(rf"^#+ .*{hook}\b", reference, re.MULTILINE), (
        f"{hook} has no section in docs/hooks.md"
    )


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_a_test(hook: str) -> None:
    pattern = re.compile(rf"def test_hook_{hook}\w*\(")
    found = any(pattern.search(p.read_text("utf-8")) for p in (ROOT / "tests").rglob("test_*.py"))
    assert found, f"no test named test_hook_{hook}... in tests/"
