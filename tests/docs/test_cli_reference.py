"""The CLI reference (docs/cli.md) is generated from ``legatus.framework.frontends.cli.build_parser()``.

``docs/_ext/clireference.py`` reads the subcommands off the parser; these tests check it
finds every command module's command with its real usage and options, so a command added
to ``legatus.framework.frontends.cli.COMMAND_MODULES`` appears on the page.
"""

from __future__ import annotations

import argparse

import pytest
from clireference import Argument, commands, usage

from legatus.framework.frontends.cli import COMMAND_MODULES, build_parser


def test_every_command_module_has_a_section() -> None:
    """Every top-level command (a module may add several, with subcommands) is documented."""
    names = {c.name for c in commands(build_parser())}
    top = {" ".join(n.split()[:2]) for n in names}
    parser_commands = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert top == {f"legatus {c}" for c in parser_commands}
    assert len(COMMAND_MODULES) <= len(top)
    assert {"legatus games", "legatus validate", "legatus rules check", "legatus play"} <= names


def test_validate_is_documented_from_its_parser() -> None:
    validate = {c.name: c for c in commands(build_parser())}["legatus validate"]
    assert validate.help == "check a game's data files"
    assert validate.usage == "legatus validate [-h] [--format {text,json}] game"
    assert validate.description.startswith("Validate every data file of a game")
    assert validate.arguments == (
        Argument(
            names=("game",),
            metavar="game",
            help="an installed game's name, a game folder, or its game.yaml",
            required=True,
        ),
        Argument(
            names=("--format",),
            metavar="{text,json}",
            help="text for people, json for programs",
            required=False,
            choices=("text", "json"),
            default="text",
        ),
    )


def test_usage_does_not_depend_on_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "20")
    parser = build_parser()
    assert usage(parser) == "legatus [-h] [--version] COMMAND ..."
    validate = {c.name: c for c in commands(parser)}["legatus validate"]
    assert validate.usage == "legatus validate [-h] [--format {text,json}] game"


def test_nested_subcommands_and_aliases() -> None:
    """A command with subcommands of its own lists them after it, aliases once."""
    parser = argparse.ArgumentParser(prog="tool")
    sub = parser.add_subparsers()
    group = sub.add_parser("rules", help="work with rules", aliases=["r"])
    inner = group.add_subparsers()
    check = inner.add_parser("check", help="check a rules file")
    check.add_argument("path", help="the %(prog)s file")
    check.add_argument("--strict", action="store_true", help="fail on warnings")
    found = commands(parser)
    assert [(c.name, c.help) for c in found] == [
        ("tool rules", "work with rules"),
        ("tool rules check", "check a rules file"),
    ]
    assert found[1].arguments == (
        Argument(names=("path",), metavar="path", help="the tool rules check file", required=True),
        Argument(names=("--strict",), metavar="", help="fail on warnings", required=False),
    )
