"""``legatus games``: the installed games, and the plugins that failed to load."""

from __future__ import annotations

import argparse
import json
from typing import Any

from legatus.framework.model.errors import DataError, PluginError
from legatus.framework.model.loader import MANIFEST, load_game
from legatus.framework.play.catalog import default_catalog


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list installed games",
        description="List the installed games (name, title, version, sides, scenarios) "
        "and name every plugin that could not be loaded, with the reason.",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people, json for programs",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    rows: list[dict[str, Any]] = []
    broken: list[PluginError] = []
    for name, entry in catalog.games().items():
        plugin_name = catalog.plugin_of(name)
        try:
            game = load_game(entry.data / MANIFEST)
        except DataError as exc:
            first = exc.problems[0]
            more = f" (and {len(exc.problems) - 1} more problems)" if len(exc.problems) > 1 else ""
            broken.append(
                PluginError(plugin_name, f"game {name!r} has invalid data: {first}{more}")
            )
            continue
        rows.append(
            {
                "name": game.name,
                "title": game.title,
                "version": game.version,
                "sides": list(game.side_ids),
                "players": [game.min_players, game.max_players],
                "scenarios": list(game.scenarios),
                "plugin": plugin_name,
            }
        )
    broken = catalog.broken + broken
    if args.format == "json":
        print(
            json.dumps(
                {
                    "games": rows,
                    "broken": [{"plugin": b.plugin, "reason": b.reason} for b in broken],
                },
                indent=2,
            )
        )
        return 0
    if rows:
        width = max(len(row["name"]) for row in rows)
        for row in rows:
            low, high = row["players"]
            players = f"{low}" if low == high else f"{low}-{high}"
            print(
                f"{row['name']:<{width}}  {row['title']} {row['version']}  players: {players}  "
                f"sides: {', '.join(row['sides'])}  scenarios: {', '.join(row['scenarios'])}"
            )
    else:
        print("no games installed")
    for b in broken:
        print(f"broken plugin {b.plugin}: {b.reason}")
    return 0
