"""``legatus new-game NAME --kind block``: a block wargame on the kit whose rules are all
data. Generated into a temporary folder and loaded from there (its plugin added to the
catalog, as an installed game would be), it loads, passes check-game for a few dozen
random games and plays each to a result, and its own rule tests (a battle with forced
dice) pass. ``tests/test_new_game.py`` installs it into a fresh environment (slow)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.checkgame import check_game
from legatus.framework.tools.newgame import create
from legatus.framework.tools.testing import PlayFrom

NAME = "vale_war"


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The block scaffold, its plugin in the process's catalog for the module's tests."""
    target = create(NAME, tmp_path_factory.mktemp("block"), "block")
    sys.path.insert(0, str(target))
    catalog = default_catalog()
    catalog.add(importlib.import_module(f"{NAME}.plugin"), NAME)
    try:
        yield target
    finally:
        catalog.remove(NAME)
        sys.path.remove(str(target))
        for module in [m for m in sys.modules if m == NAME or m.startswith(f"{NAME}.")]:
            del sys.modules[module]


def test_the_block_game_has_no_python_but_the_plugin_naming_its_data(scaffold: Path) -> None:
    package = scaffold / NAME
    assert sorted(p.name for p in package.rglob("*.py")) == ["__init__.py", "plugin.py"]
    plugin = (package / "plugin.py").read_text("utf-8")
    assert "DeclaredBlockGame" in plugin and plugin.count("def ") == 1  # the hook only
    rules = (package / "data" / "rules" / f"{NAME}.rules").read_text("utf-8")
    assert f"game {NAME}\n" in rules and '@rule "VW 5.4"' in rules


def test_the_block_game_passes_check_game_and_plays_to_a_result(scaffold: Path) -> None:
    summary = check_game(NAME, games=24, determinism=0)
    assert [r.faults for r in summary.reports] == [[]] * 24
    for report in summary.reports:
        assert report.reason.endswith(("(conquest)", "(final_victory)")), report.reason


def _rule_tests(scaffold: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"{NAME}_rules", scaffold / "tests" / "test_rules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_block_games_rule_tests_pass(scaffold: Path, play_from: PlayFrom) -> None:
    """Its two rule tests: a battle, initiative order, fire and hits with forced dice, the
    defender destroyed and the victor asked to regroup."""
    module = _rule_tests(scaffold)
    found = [name for name in dir(module) if name.startswith("test_rule_")]
    assert len(found) == 2
    for name in found:
        getattr(module, name)(play_from)
