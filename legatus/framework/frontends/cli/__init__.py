"""The ``legatus`` command line.

Each command lives in its own module exposing ``register(subparsers)``; this
module only assembles them and maps errors to exit codes: 0 success, 1 the
input has problems (reported), 2 usage errors (argparse's own).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn

from legatus.framework.model.errors import LegatusError
from legatus.framework.play import collector

#: Command modules, each with ``register(subparsers)``; commands set ``func``.
COMMAND_MODULES = (
    "legatus.framework.frontends.cli.games_cmd",
    "legatus.framework.frontends.cli.validate_cmd",
    "legatus.framework.frontends.cli.rules_cmds",
    "legatus.framework.frontends.cli.variants_cmd",
    "legatus.framework.frontends.cli.play_cmd",
    "legatus.framework.frontends.cli.check_cmd",
    "legatus.framework.frontends.cli.golden_cmd",
    "legatus.framework.frontends.cli.bench_cmd",
    "legatus.framework.frontends.cli.simulate_cmd",
    "legatus.framework.frontends.cli.workbench_cmd",
    "legatus.framework.frontends.cli.position_cmd",
    "legatus.framework.frontends.cli.serve_cmd",
    "legatus.framework.frontends.cli.newgame_cmd",
)


class DefaultsFormatter(argparse.HelpFormatter):
    """Each option's default in its help, where there is one worth saying."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "(default" in text
            or default is None
            or default is False
            or default == []
            or default is argparse.SUPPRESS
            or action.option_strings == []
        ):
            return text
        return f"{text} (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (what is wrong, and where the usage is), and each
    option's default shown in ``--help``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        print(f"error: {self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="legatus",
        description="Legatus: a generic engine for block wargames.",
    )
    parser.add_argument("--version", action="version", version=f"legatus {_version()}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=Parser
    )
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        module.register(subparsers)
    return parser


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    print(f"warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    warnings.showwarning = _show_warning
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except LegatusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C: what was done is kept (a game at the terminal is saved after every action,
        # simulate and check-game write each finished game to their results file at once).
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return code


def console() -> int:
    """The ``legatus`` program: :func:`main` in a process of its own, whose garbage
    collector is set for playing many moves (:mod:`legatus.framework.play.collector`)."""
    collector.tune()
    return main()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("legatus")
    except PackageNotFoundError:
        return "(not installed)"


if __name__ == "__main__":
    sys.exit(main())
