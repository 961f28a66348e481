"""``legatus validate``: check a game's data files and print every problem."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from legatus.framework.model.errors import DataError, DataProblem, LegatusError
from legatus.framework.play.catalog import default_catalog


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a game's data files",
        description="Validate every data file of a game against its schema and check the "
        "cross-references between files. Prints every problem as "
        "'file:LINE $.json.path: message'; exits 0 when clean, 1 otherwise.",
    )
    parser.add_argument("game", help="an installed game's name, a game folder, or its game.yaml")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people, json for programs",
    )
    parser.set_defaults(func=run)


def position_problems(name: str, files: tuple[Path, ...]) -> list[DataProblem]:
    """Every problem of the game's shipped position files (each checked against the game,
    built and checked against its invariants)."""
    if not files:
        return []
    from legatus.framework.engine.positions import read_position, start_state

    try:
        playable = default_catalog().load(name)
    except LegatusError as exc:
        return [DataProblem(str(files[0]), 0, "$", f"positions not checked: {exc}")]
    problems: list[DataProblem] = []
    for file in files:
        try:
            start_state(playable, read_position(file))
        except DataError as exc:
            problems.extend(exc.problems)
    return problems


def run(args: argparse.Namespace) -> int:
    try:
        game = default_catalog().definition(args.game)
        found = position_problems(args.game, game.position_files)
        if found:
            raise DataError(found)
    except DataError as exc:
        if args.format == "json":
            print(json.dumps([p.as_dict() for p in exc.problems], indent=2, ensure_ascii=False))
        else:
            for problem in exc.problems:
                print(problem)
            print(f"{len(exc.problems)} problem(s) found")
        return 1
    if args.format == "json":
        print("[]")
    else:
        print(
            f"{game.name} {game.version}: ok ({len(game.board.spaces)} spaces, "
            f"{len(game.pieces)} pieces, {game.deck_size} cards, {len(game.scenarios)} scenario(s)"
            + (f", {len(game.position_files)} position(s)" if game.position_files else "")
            + ")"
        )
    return 0
