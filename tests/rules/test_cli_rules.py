"""``legatus rules check`` and ``legatus variant check|diff``: output and exit codes."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.frontends.cli import rules_cmds
from legatus.framework.play.catalog import Catalog, reset_default_catalog
from legatus.framework.play.hookspecs import hookimpl
from legatus.framework.rules.registry import RuleRegistry

from .static import CASES, FIXTURES, NAVAL_TABLES, register_jc


class ExcerptJuliusCaesar(GamePlugin):
    """A game named julius_caesar whose plugin registers the excerpt's names (tests/rules/
    static.py) and whose data cannot be loaded: rules files are checked against the names
    the plugin registers even so."""

    name = "julius_caesar"
    data = Path("/nonexistent/julius_caesar")

    def register_rules(self, registry: RuleRegistry) -> None:
        register_jc(registry)


class ExcerptPlugin:
    @hookimpl
    def legatus_register_games(self, register: Any) -> None:
        register(ExcerptJuliusCaesar())


def catalog_of(*plugins: tuple[object, str]) -> Catalog:
    catalog = Catalog()
    for plugin, name in plugins:
        catalog.add(plugin, name)
    return catalog


@pytest.fixture(autouse=True)
def excerpt_catalog() -> Iterator[None]:
    reset_default_catalog(lambda: catalog_of((ExcerptPlugin(), "excerpt_julius_caesar")))
    yield
    reset_default_catalog()


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="legatus")
    rules_cmds.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def test_rules_check_a_standalone_tables_file(capsys: pytest.CaptureFixture[str]) -> None:
    """A tables file checked on its own, outside its game (the naval module's tables)."""
    path = str(NAVAL_TABLES)
    assert run("rules", "check", path) == 0
    out, err = capsys.readouterr()
    assert out == (
        f"{path}: ok (1 file(s), 3 parameter(s), 0 step(s), 0 victory check(s), 0 effect(s), "
        "10 table(s))\n"
    )
    assert err == (
        "note: game 'gbojc_naval' could not be loaded (no game folder or installed game named "
        "'gbojc_naval'; installed games: julius_caesar); its names are not checked\n"
    )


def test_rules_check_a_game_file_uses_the_plugins_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run("rules", "check", str(FIXTURES / "julius_caesar.rules")) == 0
    out, err = capsys.readouterr()
    assert out.endswith(
        "ok (1 file(s), 10 parameter(s), 11 step(s), 2 victory check(s), 2 effect(s), 0 table(s))\n"
    )
    assert "game 'julius_caesar' could not be loaded" in err


def test_rules_check_reports_errors_with_caret_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(CASES / "table_gap.rules")
    assert run("rules", "check", path) == 1
    out = capsys.readouterr().out
    assert out == (
        f'{path}:7:3: no row covers 4\n      5-6: "Cel płonie."\n      ^\n1 problem(s) found\n'
    )


def test_rules_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "unknown_procedure.rules")
    assert run("rules", "check", path, "--format", "json") == 1
    assert json.loads(capsys.readouterr().out) == [
        {
            "file": path,
            "line": 6,
            "column": 10,
            "message": "unknown procedure 'winter_suply'",
            "hint": "did you mean 'winter_supply'?",
            "source_line": "    step winter_suply(base: 3)",
        }
    ]
    assert run("rules", "check", str(NAVAL_TABLES), "--format", "json") == 0
    assert json.loads(capsys.readouterr().out) == []


def test_variant_check(capsys: pytest.CaptureFixture[str]) -> None:
    base = str(FIXTURES / "julius_caesar.rules")
    path = str(FIXTURES / "jc_polish_winter.variant")
    assert run("variant", "check", path, "--base", base) == 0
    assert capsys.readouterr().out == f"{path}: ok, 1 change(s) to {base}\n"


def test_variant_check_reports_errors(capsys: pytest.CaptureFixture[str]) -> None:
    base = str(FIXTURES / "julius_caesar.rules")
    path = str(CASES / "variant_unknown_param.variant")
    assert run("variant", "check", path, "--base", base) == 1
    assert capsys.readouterr().out == (
        f"{path}:5:1: the base game has no parameter 'road_limit.minr'\n"
        "    param road_limit.minr = 3\n"
        "    ^\n"
        "  hint: did you mean 'road_limit.minor'?\n"
        "1 problem(s) found\n"
    )


def test_variant_diff(capsys: pytest.CaptureFixture[str]) -> None:
    base = str(FIXTURES / "julius_caesar.rules")
    path = str(FIXTURES / "jc_minor_roads.variant")
    assert run("variant", "diff", path, "--base", base) == 0
    assert capsys.readouterr().out == (
        f"{path} changes {base}:\n"
        "  param road_limit.minor: 2 -> 3\n"
        "      @rule 'JC 6.11 (PL table)'\n"
    )
    assert run("variant", "diff", path, "--base", base, "--format", "json") == 0
    assert json.loads(capsys.readouterr().out) == [
        {
            "kind": "param",
            "name": "road_limit.minor",
            "summary": "2 -> 3",
            "detail": ["@rule 'JC 6.11 (PL table)'"],
        }
    ]


def test_variant_of_a_broken_base_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    base = str(CASES / "duplicate_definition.rules")
    path = str(FIXTURES / "jc_minor_roads.variant")
    assert run("variant", "check", path, "--base", base) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{base}:6:1: the base rules ({base}) have problems; fix them first\n")


DEMO_RULES = """\
game demo_skirmish
param river_limit: int in 1..4 = 2  "Blocks that may cross the river in a turn"
define first_side: side = "red"
table morale:
  rows roll: roll 1d6
  1-3: holds
  4-6: breaks
"""


def _install_rules(folder: Path, variant: str) -> None:
    (folder / "demo.rules").write_text(DEMO_RULES, encoding="utf-8")
    (folder / "wide.variant").write_text(variant, encoding="utf-8")
    manifest = (folder / "game.yaml").read_text(encoding="utf-8")
    manifest = manifest.replace(
        "  rules: [rules/skirmish.rules]\n", "  rules: [demo.rules]\n  variants: [wide.variant]\n"
    )
    (folder / "game.yaml").write_text(manifest, encoding="utf-8")


def test_rules_check_a_game_folder_checks_its_rules_and_variants(
    demo_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _install_rules(demo_game, "variant wide of demo_skirmish\nparam river_limit = 3\n")
    assert run("rules", "check", str(demo_game)) == 0
    assert capsys.readouterr().out == (
        "demo_skirmish: ok (1 file(s), 1 parameter(s), 0 step(s), 0 victory check(s), "
        "0 effect(s), 1 table(s)); 1 variant(s) ok\n"
    )


def test_rules_check_a_game_reports_its_broken_variant(
    demo_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _install_rules(demo_game, "variant wide of demo_skirmish\nparam river_limit = 5\n")
    assert run("rules", "check", str(demo_game)) == 1
    variant = demo_game / "wide.variant"
    assert capsys.readouterr().out == (
        f"{variant}:2:21: 'river_limit' must be in 1..4, not 5\n"
        "    param river_limit = 5\n"
        "                        ^\n"
        "1 problem(s) found\n"
    )


def test_game_names_in_texts_are_checked_against_the_game_data(
    demo_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _install_rules(demo_game, "variant wide of demo_skirmish\nparam river_limit = 3\n")
    (demo_game / "demo.rules").write_text(DEMO_RULES.replace('"red"', '"redd"'))
    assert run("rules", "check", str(demo_game), "--format", "json") == 1
    [error] = json.loads(capsys.readouterr().out)
    assert (error["line"], error["column"], error["message"], error["hint"]) == (
        3,
        27,
        "unknown side 'redd'",
        "did you mean 'red'?",
    )


def test_a_game_plugins_register_rules_fills_the_registry_the_checker_uses() -> None:
    """The game's own object fills it; another name gets the built-ins and engine queries."""
    catalog = Catalog.discover()
    registry, failures = catalog.registry_for("julius_caesar")
    assert failures == ()
    assert registry.procedures["play_event"].rule == "JC 2.1"
    assert registry.queries["vp"].returns == "int"
    other, _ = catalog.registry_for("hannibal_barkas")
    assert "vp" not in other.queries
    assert {"abs", "min", "max", "count", "clamp", "option", "pieces_at"} <= set(other.queries)


class BrokenRules(ExcerptJuliusCaesar):
    def register_rules(self, registry: RuleRegistry) -> None:
        registry.add_query("vp", lambda ctx: 0, returns="integer")


class BrokenRulesPlugin:
    @hookimpl
    def legatus_register_games(self, register: Any) -> None:
        register(BrokenRules())


def test_hook_legatus_register_rules_failure_is_reported_not_raised(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reset_default_catalog(lambda: catalog_of((BrokenRulesPlugin(), "broken_rules")))
    assert run("rules", "check", str(FIXTURES / "julius_caesar.rules")) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (
        f"note: plugin broken_rules: PluginError: plugin '{__name__}': vp: unknown type 'integer'"
    )


def test_a_rules_file_of_an_installed_game_is_checked_with_the_whole_game(
    demo_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _install_rules(demo_game, "variant wide of demo_skirmish\nparam river_limit = 3\n")

    class Demo(GamePlugin):
        name = "demo_skirmish"
        data = demo_game

    class DemoGame:
        @hookimpl
        def legatus_register_games(self, register: Any) -> None:
            register(Demo())

    reset_default_catalog(lambda: catalog_of((DemoGame(), "demo")))
    assert run("rules", "check", str(demo_game / "demo.rules")) == 0
    assert capsys.readouterr().out.endswith("1 table(s)); 1 variant(s) ok\n")
