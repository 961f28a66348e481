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

from legatus.framework.engine.actions import ActionSyntaxError
from legatus.framework.engine.core import Game
from legatus.framework.engine.positions import Position, read_position, scenario_of
from legatus.framework.engine.render import render_prompt, render_result
from legatus.framework.engine.saves import read_save
from legatus.framework.frontends.cli import screen
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.model.errors import IllegalActionError, LegatusError, SaveError, printable
from legatus.framework.model.gamedef import Seat
from legatus.framework.play.agents import agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import (
    ActionApplied,
    Event,
    LogAdded,
    Match,
    NotAsked,
    Undone,
    UndoRefused,
)
from legatus.framework.play.seats import players_by_side, scenario_seats

#: The longest line the prompt reads as a choice (an action's text is far shorter).
MAX_LINE = 200
#: The word that takes the terminal over at a hand-over between two players.
READY = "ready"

HELP = """Type the number of a choice or its text; also:
  undo        take back your last action (not past a die roll or a reveal)
  save FILE   save the game (~ is your home folder)
  view        show your view again
  log         show your whole log
  help        this text
  quit        stop the game (it stays saved: legatus play --resume continues it)"""


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
    terminal = Terminal(humans, quiet=args.quiet, seat_of=seat_of)
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
    print(f"replayed {len(match.moves)} actions of {data['game']}: hashes verified")
    print(f"result: {status}")
    print(f"state hash: {match.hash()}")
    return 0


class QuitGame(Exception):
    pass


class Terminal:
    """The screen and the save file of a game at the terminal.

    What a person reads is their own seat's log (``LogAdded`` events addressed to the
    seat's sides); with no person at the table, only the entries every side may read.
    When two people share the terminal, each sees their log just before their own
    prompt, after a hand-over screen that clears what the other saw. A person who plays
    several sides (a seat of several sides) is one person: no hand-over between them.
    """

    def __init__(
        self, humans: Sequence[str], quiet: bool, seat_of: dict[str, str] | None = None
    ) -> None:
        #: side -> the seat that plays it (by default each side its own seat).
        self.seat_of = dict(seat_of or {})
        self.humans = list(dict.fromkeys(self.seat_of.get(side, side) for side in humans))
        self.quiet = quiet
        self.pending: dict[str, list[dict[str, Any]]] = {seat: [] for seat in self.humans}
        self.shown: dict[str, set[int]] = {seat: set() for seat in self.humans}
        self.last: str | None = None
        self.match: Match | None = None
        self.save_to: Path | None = None
        self.seats: dict[str, str] = {}
        self.save_failed = False

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def __call__(self, event: Event) -> None:
        if self.save_to is not None and isinstance(event, ActionApplied | Undone):
            self.save_now()
        if self.quiet or not isinstance(event, LogAdded):
            return
        if self.humans:
            seat = self.seat_of.get(event.to or "", event.to)
            if seat in self.pending:
                # A seat of several sides reads an entry for all of them once.
                fresh = [e for e in event.entries if e["n"] not in self.shown[seat]]
                self.shown[seat].update(e["n"] for e in fresh)
                if self.hot_seat:
                    self.pending[seat].extend(fresh)
                else:
                    self.show(fresh)
        elif event.to == (self.match.game.definition.side_ids[0] if self.match else None):
            # Spectators of computer players read what every side may read.
            self.show([e for e in event.entries if e.get("to") is None])

    def show(self, entries: Sequence[dict[str, Any]]) -> None:
        for entry in entries:
            print(f"  . {entry['text']}")

    def keep(self, match: Match, path: Path, seats: dict[str, str]) -> None:
        """Save the match to ``path`` after every action."""
        self.match, self.save_to, self.seats = match, path, dict(seats)
        self.save_now()

    def save_now(self) -> None:
        """Save the game; a save that fails (the disk is full, the folder went away) is said
        once and play goes on: ``save FILE`` at the prompt saves it elsewhere."""
        if self.match is None or self.save_to is None:
            return
        try:
            self.match.save(self.save_to, self.seats)
        except OSError as exc:
            if not self.save_failed:
                print(
                    f"warning: cannot save to {self.save_to}: {exc.strerror or exc}; "
                    "type save FILE to save the game elsewhere",
                    file=sys.stderr,
                )
            self.save_failed = True
        else:
            self.save_failed = False

    def before_prompt(self, side: str) -> None:
        """Hand the terminal over between two people (the first screen of the game too), then
        show the new entries of the seat."""
        seat = self.seat_of.get(side, side)
        if self.hot_seat and self.last != seat:
            self.hand_over(seat)
        self.last = seat
        if self.hot_seat and not self.quiet:
            self.show(self.pending[seat])
            self.pending[seat] = []

    def hand_over(self, seat: str) -> None:
        """Clear the screen and its scrollback, then wait for the word ``ready``: nothing else
        typed here acts (an ``undo`` or an Enter meant for the other player's prompt would
        show this seat's view to whoever sits there); ``quit`` stops the game."""
        screen.clear()
        print(f"== Hand the terminal to {seat}: type {READY} when only {seat} sees the screen ==")
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                raise QuitGame from None
            if line.lower() == READY:
                return
            if line in ("quit", "exit"):
                raise QuitGame
            print(f"type {READY} when only {seat} sees the screen (or quit to stop the game)")

    # -- a person's turn ---------------------------------------------------------------------
    def turn(self, match: Match, side: str) -> None:
        """The person playing ``side`` answers the decision awaited from it: lines are read
        until one is an action the match takes (or the game is quit)."""
        game = match.game
        self.before_prompt(side)
        print(game.plugin.render_view(game.definition, match.view(side)))
        while True:
            # After an undo the position (and so the choices) may have changed.
            prompt = match.prompt(side if side != match.waiting_for()[0] else None)
            if prompt is None or side not in match.waiting_for():
                return  # an undo handed the decision to another side
            print(render_prompt(prompt))
            try:
                line = input(f"{side}> ").strip()
            except EOFError:
                raise QuitGame from None
            if len(line) > MAX_LINE:
                print(f"not understood: a line of {len(line):,} characters (type help)")
                continue
            if self.command(match, side, line):
                continue
            try:
                if line.isascii() and line.isdigit():
                    number = int(line)
                    if not 1 <= number <= len(prompt.actions):
                        print(f"no choice {number}: choose 1 to {len(prompt.actions)}")
                        continue
                    match.answer(side, prompt.actions[number - 1])
                else:
                    match.answer(side, line)
            except ActionSyntaxError as exc:
                print(f"not understood: {printable(str(exc))} (type help)")
                continue
            except IllegalActionError as exc:
                print(f"{printable(str(exc.action))} is not a legal choice here")
                continue
            except NotAsked as exc:
                print(exc)
            return

    def command(self, match: Match, side: str, line: str) -> bool:
        """Run one of the terminal's commands (help, view, log, undo, save, quit); False if
        the line is none of them (an action, then)."""
        game = match.game
        if line in ("quit", "exit"):
            raise QuitGame
        if line in ("help", "?", ""):
            print(HELP)
        elif line == "view":
            print(game.plugin.render_view(game.definition, match.view(side)))
        elif line == "log":
            for entry in match.view(side)["log"]:
                print(f"  . {entry['text']}")
        elif line == "undo":
            try:
                match.undo(side)
            except UndoRefused as exc:
                print(f"cannot undo: {str(exc).removeprefix(f'{side} cannot undo: ')}")
            else:
                print("undone.")
                print(game.plugin.render_view(game.definition, match.view(side)))
        elif line == "save" or line.startswith("save "):
            given = line[5:].strip()
            if not given:
                print("save where? type save FILE")
                return True
            try:
                target = save_target(Path(given))
                match.save(target, self.seats)
            except (LegatusError, OSError) as exc:
                print(exc if isinstance(exc, LegatusError) else f"cannot save to {given}: {exc}")
                return True
            print(f"saved to {target}.")
        else:
            return False
        return True

    def finish(self, match: Match) -> None:
        """At the end of a hot-seat game, show what everyone may read of the rest."""
        if self.hot_seat and not self.quiet:
            seen: set[int] = set()
            for seat in self.humans:
                for entry in self.pending[seat]:
                    if entry.get("to") is None and entry["n"] not in seen:
                        seen.add(entry["n"])
                        print(f"  . {entry['text']}")
