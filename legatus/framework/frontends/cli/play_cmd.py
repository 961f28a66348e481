"""``legatus play`` and ``legatus replay``: play a game, at the terminal or between agents.

At the terminal nothing is lost and nothing leaks: every action is saved at once (to
``--save``, or to an autosave file named at the start), ``--resume SAVE`` continues a saved
game with the same seats or new ones, a save path is checked before play starts (and typed
again after a refusal at the prompt), and when two people share the terminal each sees only
their own log, with a hand-over screen between them.

The terminal is a front end of the match driver like any other: the computer players are
the match's players, the people at the terminal answer through
:meth:`~legatus.framework.play.driver.Match.answer` (which parses and checks what they
type), undo and save are the match's operations, and what the screen shows comes from the
match's events (:class:`Terminal` listens to them).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.engine.language import DEFAULT_LANGUAGE
from legatus.framework.engine.positions import Position, read_position, scenario_of
from legatus.framework.engine.render import render_result
from legatus.framework.engine.saves import read_save
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.frontends.cli.terminal import QuitGame, Terminal
from legatus.framework.model.errors import LegatusError, SaveError
from legatus.framework.model.gamedef import Seat
from legatus.framework.play.agents import agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.play.seats import players_by_side, scenario_seats


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options every command that starts games shares."""
    parser.add_argument(
        "game",
        nargs="?",
        help="an installed game's name or a game folder (with --resume: the save's game)",
    )
    parser.add_argument("--scenario", help="scenario id (default: the game's default)")
    parser.add_argument(
        "--seed", type=int, default=None, help="the game's random seed (default: a fresh one)"
    )
    parser.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="ID=PLAYER",
        help="who plays a side: human or a player spec such as random, greedy, mcts or "
        "mcts:iterations=200 (default: random)",
    )
    parser.add_argument("--variant", help="a variant name shipped with the game, or a variant file")
    parser.add_argument("--option", action="append", default=[], help="a scenario option")
    parser.add_argument(
        "--position",
        type=Path,
        metavar="FILE",
        help="start from a position file (a game at any point) instead of a scenario's start",
    )


def shipped_position(game: str, given: Path) -> Path:
    """A position file: the path given, or a position the game ships, by its name."""
    path = given.expanduser()
    if path.exists() or path.suffix or len(path.parts) > 1:
        return path
    try:
        files = default_catalog().load(game).definition.position_files
    except LegatusError:
        return path
    for file in files:
        if file.name.split(".")[0] == str(given):
            return file
    return path


def load_position(args: argparse.Namespace, adopt_variant: bool = True) -> Position | None:
    """The position file given (``--position``), checked against its schema; ``--scenario``
    and ``--option`` are then the position's own business, and (``adopt_variant``) its
    variant becomes the game's."""
    if getattr(args, "position", None) is None:
        return None
    if args.scenario is not None or args.option:
        raise LegatusError("--position gives the scenario and options: drop --scenario/--option")
    position = read_position(shipped_position(args.game, args.position))
    if position.game != args.game:
        raise LegatusError(f"{args.position} is a position of {position.game}, not {args.game}")
    variant = position.data.get("variant")
    if variant is not None and args.variant is not None and variant != args.variant:
        raise LegatusError(
            f"{args.position} is played with variant {variant!r}, not {args.variant!r}"
        )
    if variant is not None and adopt_variant:
        args.variant = variant
    args.scenario = position.data.get("scenario")
    return position


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game",
        description="Play a game at the terminal or between computer players.",
    )
    add_game_options(parser)
    parser.add_argument(
        "--quiet", action="store_true", help="print only the result and the final hash"
    )
    parser.add_argument(
        "--save",
        type=Path,
        help="save the game here after every action (checked before play starts)",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="SAVE",
        help="continue a saved game (seats: --side, or the save's own; the game goes on "
        "saving to SAVE unless --save says otherwise)",
    )
    parser.add_argument(
        "--language",
        default=DEFAULT_LANGUAGE,
        metavar="LANG",
        help="the language names are shown in at the terminal, where the game's data give "
        "names in it (a two-letter code: en, pl)",
    )
    parser.add_argument(
        "--no-autosave",
        action="store_true",
        help="with a human seat and no --save, do not autosave (default: autosave to "
        "~/.local/state/legatus/)",
    )
    parser.set_defaults(func=run)
    replay_parser = subparsers.add_parser(
        "replay",
        help="replay a save and verify it",
        description="Replay a save file's actions and verify every state hash.",
    )
    replay_parser.add_argument("file", type=Path, help="a save file (legatus play --save)")
    replay_parser.set_defaults(func=run_replay)


def parse_sides(
    specs: list[str],
    sides: tuple[str, ...],
    start: dict[str, str] | None = None,
    seats: Sequence[Seat] = (),
) -> dict[str, str]:
    """Each side's player: ``random`` unless ``start`` (a save's seats) or ``--side`` says.

    ``--side ID=PLAYER`` names a side or a seat (:mod:`legatus.framework.play.seats`): a seat's
    player plays every side of that seat.
    """
    seat_ids = [seat.id for seat in seats if seat.id not in sides]
    given: dict[str, str] = {}
    for spec in specs:
        name, sep, player = spec.partition("=")
        if not sep or not player or (name not in sides and name not in seat_ids):
            raise LegatusError(
                f"--side {spec!r}: expected ID=PLAYER with ID one of {', '.join(sides)}"
                + (f" or a seat: {', '.join(seat_ids)}" if seat_ids else "")
            )
        if name in given:
            raise LegatusError(f"--side {spec!r}: {name} is given a player twice")
        given[name] = player
    chosen = players_by_side(given, seats, sides)
    targeted = {side for name in given for side in seat_sides(seats, name)}
    for side, player in (start or {}).items():
        if side in chosen and side not in targeted:
            chosen[side] = player
    return chosen


def seat_sides(seats: Sequence[Seat], name: str) -> tuple[str, ...]:
    """The sides a ``--side`` name gives a player to: a seat's sides, or the side itself."""
    for seat in seats:
        if seat.id == name:
            return seat.sides
    return (name,)


def save_target(path: Path) -> Path:
    """A save path made usable (``~`` expanded), or a one-line error saying why it is not."""
    return writable_file(path, "save to")


def autosave_path(game: str, seed: int) -> Path:
    """Where a game at the terminal is autosaved: a new file, never another game's autosave
    (a second game with the same seed gets ``GAME-SEED-2.json``)."""
    state_home = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    folder = Path(state_home) / "legatus"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            f"cannot autosave to {folder}: {exc.strerror or exc}; give --save FILE or --no-autosave"
        ) from None
    path = folder / f"{game}-{seed}.json"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{game}-{seed}-{number}.json"
    return save_target(path)


def run(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    resumed = read_save(args.resume.expanduser()) if args.resume else None
    position: Position | None = None
    if resumed is not None:
        fixed = [flag for flag, given in (
            ("--seed", args.seed is not None), ("--scenario", args.scenario),
            ("--variant", args.variant), ("--option", args.option)) if given]  # fmt: skip
        if fixed:
            raise LegatusError(
                f"{' and '.join(fixed)} cannot change a resumed game: the save {args.resume} "
                "fixes its game, scenario, variant, options and seed"
            )
        if args.game is not None and args.game != resumed["game"]:
            raise LegatusError(
                f"{args.resume} is a save of {resumed['game']}, not {args.game} "
                f"(legatus play --resume {args.resume} is enough)"
            )
        resumed_match = Match.resume(resumed, catalog.load_saved, str(args.resume))
        ended = (resumed.get("server") or {}).get("result")
        if ended is not None and not resumed_match.over:
            raise LegatusError(
                f"{args.resume}: this game is over: {ended.get('reason') or 'the server ended it'}"
                " (legatus replay shows it)"
            )
        for note in resumed_match.notes:
            print(f"warning: {note}", file=sys.stderr)
        game = resumed_match.game
        seed = int(resumed["seed"])
        saved_seats = dict(resumed.get("players", {}))
    elif args.game is None:
        raise LegatusError("play what? give a game (legatus games lists them) or --resume SAVE")
    else:
        position = load_position(args)
        game = catalog.load(args.game, args.variant)
        if position is not None and args.seed is None:
            args.seed = int(position.data.get("seed", 0))
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        saved_seats = {}
    if resumed is not None:
        seats = tuple(
            Seat(seat, seat, tuple(members))
            for seat, members in resumed_match.state["seats"].items()
        )
    elif position is not None:
        seats = game.definition.seats_of(scenario_of(game.definition, position))
    else:
        seats = scenario_seats(game.definition, args.scenario)
    sides = parse_sides(args.side, game.definition.side_ids, saved_seats, seats)
    humans = [s for s, p in sides.items() if p == "human"]
    save_to = save_target(args.save) if args.save else None
    if save_to is None and resumed is not None:
        save_to = save_target(args.resume)  # a resumed game goes on saving where it was
    elif save_to is None and humans and not args.no_autosave:
        save_to = autosave_path(game.definition.name, seed)
    seat_of = {side: seat.id for seat in seats for side in seat.sides}
    terminal = Terminal(humans, quiet=args.quiet, seat_of=seat_of, language=language_of(args, game))
    if resumed is not None:
        match = resumed_match
        match.listeners.append(terminal)
        print(f"resumed {len(match.moves)} actions of {game.definition.name} (seed {seed})")
    elif position is not None:
        match = Match.from_position(game, position, history=True, listeners=[terminal], seed=seed)
    else:
        match = Match.new(
            game, args.scenario, seed=seed, options=args.option, history=True,
            listeners=[terminal],
        )  # fmt: skip
    terminal.match = match
    for index, (side, player) in enumerate(sides.items()):
        if player != "human":
            match.players[side] = catalog.make_agent(
                player, side, agent_seed(seed, index), game=game
            )
    if save_to is not None:
        terminal.keep(match, save_to, sides)
        if humans and args.save is None and resumed is None:
            print(f"autosaving to {save_to} (legatus play --resume {save_to} continues)")
    if args.seed is None and resumed is None:
        print(f"seed: {seed}")  # drawn afresh: said, so the game can be played again
    try:
        match.open()
        if not humans:
            match.play()  # computer players only: the driver's own loop
        while not match.over:
            # The side asked first answers first: a computer player through the match, a
            # person at the terminal.
            first = match.waiting_for()[0]
            if first in match.players:
                match.step()
            else:
                terminal.turn(match, first)
    except QuitGame:
        terminal.save_now()
        saved = terminal.save_to is not None and not terminal.save_failed
        where = f" (saved to {terminal.save_to})" if saved else ""
        print(f"game stopped{where}.")
        return 0
    finally:
        terminal.save_now()
    terminal.finish(match)
    result = match.state["result"]
    print(f"result: {render_result(game.definition, result, explain(game, result))}")
    print(f"actions: {len(match.moves)}  state hash: {match.hash()}")
    return 0


def language_of(args: argparse.Namespace, game: Game) -> str:
    """The language asked for (``--language``), checked: a two-letter code; one the game's
    data give no names in is said, and the ids are shown."""
    language = str(getattr(args, "language", DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE)
    if not (len(language) == 2 and language.isascii() and language.isalpha()):
        raise LegatusError(f"--language {language!r}: expected a two-letter code such as en or pl")
    language = language.lower()
    known = game.definition.languages
    if language != DEFAULT_LANGUAGE and language not in known:
        offered = f" (it has: {', '.join(known)})" if known else ""
        print(
            f"warning: {game.definition.name} gives no names in {language!r}{offered}: "
            "its own names are shown",
            file=sys.stderr,
        )
    return language


def explain(game: Game, result: dict[str, Any]) -> str:
    """Why the game ended, in the words of the victory declaration that decided it, with the
    values of the parameters it names (``vp_to_win`` reads ``10``)."""
    reason = str(result.get("reason", ""))
    name = reason.rpartition("(")[2].rstrip(")") if reason.endswith(")") else ""
    declaration = getattr(game.rules, "ruleset", None)
    victory = declaration.victories.get(name) if declaration is not None else None
    if victory is None or not victory.doc:
        return reason
    assert declaration is not None

    def value(found: re.Match[str]) -> str:
        word = found.group(0)
        return str(declaration.param(word)) if word in declaration.params else word

    doc = re.sub(r"\b[a-z_][a-z0-9_.]*[a-z0-9_]\b", value, victory.doc.rstrip("."))
    return f"{doc} ({name}, {result.get('rule') or victory.rule})"


def run_replay(args: argparse.Namespace) -> int:
    data = read_save(args.file)
    match = Match.resume(data, default_catalog().load_saved, str(args.file))
    for note in match.notes:
        print(f"warning: {note}", file=sys.stderr)
    result = match.state["result"]
    game = match.game
    status = (
        "in progress"
        if result is None
        else render_result(game.definition, result, explain(game, result))
    )
    ended = (data.get("server") or {}).get("result")
    if ended is not None:  # the match's result as the server stored it: a loss on time, or
        # the rules' result ranked again with the seats that ran out of time last
        status = render_result(game.definition, ended, str(ended.get("reason", "")))
    print(f"replayed {len(match.moves)} actions of {data['game']}: hashes verified")
    print(f"result: {status}")
    print(f"state hash: {match.hash()}")
    return 0
