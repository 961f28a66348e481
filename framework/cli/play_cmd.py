"""``legatus play`` and ``legatus replay``: play a game, at the terminal or between agents."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from framework.agents import Agent, agent_seed, make_agent
from framework.engine.actions import Action, ActionSyntaxError
from framework.engine.saves import read_save, replay, write_save
from framework.engine.session import Session, UndoRefused
from framework.engine.view import observe
from framework.errors import LegatusError
from framework.playable import load_playable
from framework.render import render_prompt, render_view
from framework.runner import play_out

HELP = """Type the number of a choice or its text; also:
  undo        take back your last action (not past a die roll or a reveal)
  save FILE   save the game
  view        show your view again
  log         show your whole log
  help        this text
  quit        stop the game"""


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options every command that starts games shares."""
    parser.add_argument("game", help="an installed game's name")
    parser.add_argument("--scenario", help="scenario id (default: the game's default)")
    parser.add_argument("--seed", type=int, default=0, help="the game's random seed")
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
    parser.add_argument("--save", type=Path, help="write the save file here at the end")
    parser.set_defaults(func=run)
    replay_parser = subparsers.add_parser(
        "replay",
        help="replay a save and verify it",
        description="Replay a save file's actions and verify every state hash.",
    )
    replay_parser.add_argument("file", type=Path)
    replay_parser.set_defaults(func=run_replay)


def parse_sides(specs: list[str], sides: tuple[str, ...]) -> dict[str, str]:
    chosen = dict.fromkeys(sides, "random")
    for spec in specs:
        side, sep, player = spec.partition("=")
        if not sep or side not in chosen:
            raise LegatusError(
                f"--side {spec!r}: expected ID=PLAYER with ID one of {', '.join(sides)}"
            )
        chosen[side] = player
    return chosen


def run(args: argparse.Namespace) -> int:
    game = load_playable(args.game, args.variant)
    sides = parse_sides(args.side, game.definition.side_ids)
    state = game.new_state(args.scenario, seed=args.seed, options=args.option)
    session = Session.start(game, state)
    agents: dict[str, Agent] = {}
    for index, (side, player) in enumerate(sides.items()):
        if player == "human":
            agents[side] = Human(side, session)
        else:
            agents[side] = make_agent(player, side, agent_seed(args.seed, index), game=game)
    humans = [s for s, p in sides.items() if p == "human"]
    printer = LogPrinter(game.definition.side_ids[0] if not humans else humans[0], quiet=args.quiet)
    try:
        play_out(session, agents, on_move=lambda s, m: printer.show(s))
    except QuitGame:
        print("game stopped.")
        return 0
    finally:
        if args.save:
            write_save(session, args.save)
    result = session.state["result"]
    winner = result["winner"] or "nobody (draw)"
    print(f"result: {winner} — {result['reason']}")
    print(f"actions: {len(session.moves)}  state hash: {session.hash()}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    data = read_save(args.file)
    session = replay(data, load_playable, str(args.file))
    result = session.state["result"]
    status = (
        "in progress" if result is None else f"{result['winner'] or 'draw'} — {result['reason']}"
    )
    print(f"replayed {len(session.moves)} actions of {data['game']}: hashes verified")
    print(f"result: {status}")
    print(f"state hash: {session.hash()}")
    return 0


class QuitGame(Exception):
    pass


class LogPrinter:
    """Prints new log events visible to one side as the game unfolds."""

    def __init__(self, side: str, quiet: bool) -> None:
        self.side = side
        self.quiet = quiet
        self.shown = 0

    def show(self, session: Session) -> None:
        log = session.state["log"]
        if not self.quiet:
            for event in log[self.shown :]:
                if event.get("to") is None or self.side in event["to"]:
                    print(f"  . {event['text']}")
        self.shown = len(log)


class Human:
    """A person at the terminal, seeing only their side's view."""

    def __init__(self, side: str, session: Session) -> None:
        self.side = side
        self.session = session

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        session = self.session
        game = session.game
        print(render_view(game.definition, view))
        while True:
            # After an undo the position (and so the choices) may have changed.
            view = observe(game.definition, session.state, self.side)
            actions = game.legal_actions(session.state)
            print(render_prompt(view["prompt"]))
            try:
                line = input(f"{self.side}> ").strip()
            except EOFError:
                raise QuitGame from None
            chosen = self.interpret(line, actions, session)
            if chosen is not None:
                return chosen

    def interpret(self, line: str, actions: Sequence[Action], session: Session) -> Action | None:
        if line in ("quit", "exit"):
            raise QuitGame
        if line in ("help", "?", ""):
            print(HELP)
            return None
        if line == "view":
            return None
        if line == "log":
            for event in observe(session.game.definition, session.state, self.side)["log"]:
                print(f"  . {event['text']}")
            return None
        if line == "undo":
            try:
                session.undo(self.side)
                print("undone.")
            except UndoRefused as exc:
                print(f"cannot undo: {str(exc).removeprefix(f'{self.side} cannot undo: ')}")
            return None
        if line.startswith("save "):
            write_save(session, Path(line[5:].strip()))
            print("saved.")
            return None
        if line.isdigit():
            number = int(line)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            print(f"no choice {number}: choose 1 to {len(actions)}")
            return None
        try:
            action = Action.parse(line)
        except ActionSyntaxError:
            print(f"not understood: {line!r} (type help)")
            return None
        if action in actions:
            return action
        print(f"{action} is not a legal choice here")
        return None
