"""``legatus new-game NAME``: the scaffold of a new game plugin."""

from __future__ import annotations

import argparse
from pathlib import Path

from legatus.framework.tools.newgame import KINDS, create


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "new-game",
        help="create a new game plugin",
        description="Create a new game plugin laid out as every Legatus game is: a "
        "distribution that installs, validates and plays a small whole game, with one rule "
        "test. Then: pip install -e NAME, legatus play NAME, python -m pytest NAME/tests.",
    )
    parser.add_argument("name", help="the game's name, a Python package name (border_war)")
    parser.add_argument(
        "--into",
        type=Path,
        default=Path("."),
        metavar="FOLDER",
        help="where to create the folder NAME",
    )
    parser.add_argument(
        "--kind",
        choices=KINDS,
        default="minimal",
        help="minimal: a tiny game with one procedure in Python (the default); block: a "
        "block wargame on the framework's kit (cards, group moves, battles, winter) whose "
        "rules are all data",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    target = create(args.name, args.into.expanduser(), args.kind)
    tests = "two rule tests" if args.kind == "block" else "one rule test"
    print(f"created {target}: the game {args.name}, with {tests}")
    print(f"next: pip install -e {target} && legatus validate {args.name} && ", end="")
    print(f"legatus play {args.name} --seed 1 --quiet && python -m pytest {target / 'tests'}")
    return 0
