"""The ``legatus`` command line.

Each command lives in its own module exposing ``register(subparsers)``; this
module only assembles them and maps errors to exit codes: 0 success, 1 the
input has problems (reported), 2 usage errors (argparse's own).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from framework.errors import LegatusError

#: Command modules, each with ``register(subparsers)``; commands set ``func``.
COMMAND_MODULES = (
    "framework.cli.games_cmd",
    "framework.cli.validate_cmd",
    "framework.cli.rules_cmds",
    "framework.cli.play_cmd",
    "framework.cli.check_cmd",
    "framework.cli.golden_cmd",
    "framework.cli.bench_cmd",
    "framework.cli.simulate_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="legatus",
        description="Legatus: a generic engine for block wargames.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except LegatusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
