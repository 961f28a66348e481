"""``legatus position``: check a position file, or export the position a save reached."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from legatus.framework.engine.positions import export, read_position, start_state
from legatus.framework.engine.saves import read_save
from legatus.framework.frontends.cli.numbers import NON_NEGATIVE
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.tools.writing import write_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "position",
        help="check a position file, or export the position a save reached",
        description="Positions are games at any point, as data files: a mid-campaign start, "
        "the situation of a rule test. 'check' checks one against its game (schema, data, "
        "invariants) and shows whose decision it starts at; 'export' writes the position "
        "reached after N actions of a save.",
    )
    commands = parser.add_subparsers(dest="position_command", metavar="COMMAND", required=True)
    check = commands.add_parser(
        "check",
        help="check a position file against its game",
        description="Check a position file: its schema, then against its game's data, then "
        "the game's invariants once it is built; print whose decision it starts at.",
    )
    check.add_argument("file", type=Path, help="the position file (*.position.yaml)")
    check.set_defaults(func=run_check)
    exported = commands.add_parser(
        "export",
        help="write the position a save reached after N actions",
        description="Replay a save to its Nth action and write that position (YAML) to "
        "--out or the standard output; legatus play GAME --position FILE goes on from it.",
    )
    exported.add_argument("save", type=Path, help="the save file the position comes from")
    exported.add_argument(
        "--at",
        type=NON_NEGATIVE,
        required=True,
        metavar="N",
        help="how many of the save's actions to play before the position",
    )
    exported.add_argument("--out", type=Path, help="the file to write (default: standard output)")
    exported.set_defaults(func=run_export)


def run_check(args: argparse.Namespace) -> int:
    position = read_position(args.file.expanduser())
    game = default_catalog().load(position.game, position.data.get("variant"))
    state = start_state(game, position)
    prompt = state["prompt"]
    where = ", ".join(f"{k} {v}" for k, v in state["vars"].items()) or "the start"
    if prompt is None:
        print(f"{args.file}: ok ({game.definition.name}, {where}; the game is over)")
    else:
        asked = ", ".join(prompt.get("sides") or [prompt["side"]])
        print(
            f"{args.file}: ok ({game.definition.name}, {where}; {asked} to decide: {prompt['kind']})"
        )
    return 0


def run_export(args: argparse.Namespace) -> int:
    # Where the position goes is checked before the save is replayed: a folder, a
    # read-only file system or a folder without write permission is said at once.
    target = writable_file(args.out, "write the position to") if args.out is not None else None
    data = read_save(args.save.expanduser())
    moves = len(data["moves"])
    if args.at > moves:
        raise LegatusError(f"--at {args.at}: the save has only {moves} actions")
    match = Match.resume(data, default_catalog().load_saved, str(args.save))
    assert match.states is not None
    state = match.states[args.at]
    text = export(
        match.game,
        state,
        title=f"{match.game.definition.title}: {args.save.name} after {args.at} actions",
        note=f"Exported from {args.save.name} after {args.at} of its {moves} actions.",
    )
    if target is None:
        sys.stdout.write(text)
        return 0
    write_text(target, text, "write the position to")
    print(f"{args.out}: the position after {args.at} actions of {args.save}")
    return 0
