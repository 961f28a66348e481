"""``legatus variants GAME``: the variants a game ships and its scenarios' options."""

from __future__ import annotations

import argparse
import json

from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules.parser import parse_variant, read_source


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "variants",
        help="list a game's variants and scenario options",
        description="List the rule variants a game ships (name, what it changes, the rule it "
        "cites) and each scenario's options, as --variant and --option take them.",
    )
    parser.add_argument("game", help="an installed game's name, a game folder or its game.yaml")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people, json for programs",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    definition = default_catalog().definition(args.game)
    variants = []
    for path in definition.variant_files:
        parsed = parse_variant(read_source(path), str(path))
        variants.append({"name": parsed.name, "doc": parsed.doc or "", "rule": parsed.rule or ""})
    options = {
        scenario.id: [
            {"id": o.id, "title": o.title, "rule": o.rule} for o in scenario.options.values()
        ]
        for scenario in definition.scenarios.values()
    }
    if args.format == "json":
        print(json.dumps({"game": definition.name, "variants": variants, "options": options},
                         indent=2, ensure_ascii=False))  # fmt: skip
        return 0
    print(f"{definition.name}: {len(variants)} variant(s) (--variant NAME)")
    for variant in variants:
        rule = f" [{variant['rule']}]" if variant["rule"] else ""
        print(f"  {variant['name']:<34} {variant['doc']}{rule}")
    for scenario, listed in options.items():
        print(f"scenario {scenario}: {len(listed)} option(s) (--option ID)")
        for option in listed:
            rule = f" [{option['rule']}]" if option["rule"] else ""
            print(f"  {option['id']:<34} {option['title']}{rule}")
    return 0
