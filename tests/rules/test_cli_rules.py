"""``legatus rules check`` and ``legatus variant check|diff``: output and exit codes."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

import pytest

from framework.cli import rules_cmds
from framework.hookspecs import hookimpl
from framework.plugins import Plugins, reset_default_plugins
from framework.rules.registry import RuleRegistry

from .fakes import CASES, FIXTURES, register_jc


class FakeJuliusCaesarPlugin:
    """Registers the fake Julius Caesar procedures, queries and effects, and no game data."""

    @hookimpl
    def legatus_register_rules(self, game: str, registry: RuleRegistry) -> None:
        if game == "julius_caesar":
            register_jc(registry)


@pytest.fixture(autouse=True)
def fake_plugins() -> Iterator[None]:
    def factory() -> Plugins:
        plugins = Plugins()
        plugins.add(FakeJuliusCaesarPlugin(), "fake_julius_caesar")
        return plugins

    reset_default_plugins(factory)
    yield
    reset_default_plugins()


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="legatus")
    rules_cmds.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def test_rules_check_a_standalone_tables_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "gbojc_naval_tables.rules")
    assert run("rules", "check", path) == 0
    out, err = capsys.readouterr()
    assert out == (
        f"{path}: ok (1 file(s), 0 parameter(s), 0 step(s), 0 victory check(s), 0 effect(s), "
        "9 table(s))\n"
    )
    assert err == "note: no game named: names are checked against the built-ins only\n"


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
    assert (
        run("rules", "check", str(FIXTURES / "gbojc_naval_tables.rules"), "--format", "json") == 0
    )
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
