"""``legatus golden``: record a golden playthrough (tests compare them line by line)."""

from __future__ import annotations

import argparse
from pathlib import Path

from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.model.errors import LegatusError
from legatus.framework.tools import golden


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "golden",
        help="record a golden playthrough",
        description="Play a seeded game between random players and record every prompt, its "
        "legal actions, each side's view (hashed) and log, as JSON Lines. The tests compare "
        "the files in tests/golden/ with a fresh recording, so any change of behaviour shows.",
    )
    parser.add_argument("game", nargs="?", help="the game to record (not with --regenerate)")
    parser.add_argument(
        "--regenerate",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="record these files again with the settings in their header lines",
    )
    parser.add_argument("--scenario", help="scenario id (default: the game's default)")
    parser.add_argument("--seed", type=int, default=0, help="the game's random seed")
    parser.add_argument("--variant", help="a variant name shipped with the game, or a variant file")
    parser.add_argument("--option", action="append", default=[], help="a scenario option")
    parser.add_argument(
        "--stop-at",
        metavar="KIND",
        help="stop at the first prompt of this kind (e.g. battle_turn); a kind the game "
        "never asks is an error, and nothing is recorded",
    )
    parser.add_argument("--out", type=Path, help="where to write the recording")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.regenerate:
        for path in args.regenerate:
            header = golden.read(path)[0]
            writable_file(path, "write the recording to")
            lines = golden.regenerate(header)
            golden.write(lines, path)
            print(f"{path}: {len(lines) - 2} decisions, final hash {lines[-1]['hash']}")
        return 0
    if args.game is None or args.out is None:
        raise LegatusError("legatus golden needs GAME and --out FILE, or --regenerate FILE...")
    out = writable_file(args.out, "write the recording to")
    lines = golden.record(
        args.game,
        scenario=args.scenario,
        seed=args.seed,
        variant=args.variant,
        options=tuple(args.option),
        stop_at=args.stop_at,
    )
    golden.write(lines, out)
    print(f"{args.out}: {len(lines) - 2} decisions, final hash {lines[-1]['hash']}")
    return 0
