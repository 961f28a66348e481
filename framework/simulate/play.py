"""One simulated game: from an experiment and a seed to one JSON record.

A game's record depends only on the experiment (game, scenario, variant,
options, player specs, action bound) and the game's seed: the game is
set up with that seed and each side's agent gets the seed
:func:`framework.agents.agent_seed` derives from it. So the same seed gives the
same record in any process, on any worker, under any backend, which is what
lets an interrupted run resume and a paired variant experiment use common
random numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from framework.agents import Agent, agent_seed, make_agent
from framework.engine.actions import Action
from framework.engine.core import Game
from framework.engine.session import Move, Session
from framework.engine.state import State
from framework.errors import LegatusError
from framework.playable import load_playable
from framework.plugins import default_plugins
from framework.runner import MAX_ACTIONS, GameTooLong, play_out

#: The fields of a record that identify its experiment (checked on resume, with the
#: players, which depend on the seed when seats alternate).
EXPERIMENT_FIELDS = ("game", "scenario", "variant", "options", "alternate", "max_actions")


@dataclass(frozen=True)
class Experiment:
    """What every game of a simulation shares; only the seed varies.

    ``variant`` is a variant name shipped with the game or a variant file;
    ``players`` maps every side to a player spec (``NAME`` or
    ``NAME:key=value,...``, see :func:`framework.agents.make_agent`);
    ``alternate`` moves the players round the sides from one seed to the
    next (see :func:`seating`).
    """

    game: str
    players: Mapping[str, str]
    scenario: str | None = None
    variant: str | None = None
    options: tuple[str, ...] = ()
    max_actions: int | None = None
    alternate: bool = False

    def with_variant(self, variant: str | None) -> Experiment:
        return dataclasses.replace(self, variant=variant)


def seating(players: Mapping[str, str], seed: int, alternate: bool) -> dict[str, str]:
    """Who plays which side in the game with ``seed``.

    With ``alternate``, the players move one seat round the sides per seed:
    with two sides, odd seeds swap them, so over an even number of seeds each
    player plays each side equally often. Sides of a historical wargame are
    rarely balanced, so comparing two players' strength needs this.

    >>> seating({"caesar": "mcts", "pompey": "random"}, 7, alternate=True)
    {'caesar': 'random', 'pompey': 'mcts'}
    """
    if not alternate:
        return dict(players)
    sides = list(players)
    specs = [players[side] for side in sides]
    shift = seed % len(sides)
    return {side: specs[(i - shift) % len(sides)] for i, side in enumerate(sides)}


class ForwardSession(Session):
    """A session that applies actions in place and keeps no undo history.

    Nobody undoes in a simulation, and copying the whole state after every
    action (what :meth:`Session.apply` does so that undo and saves work) was
    about two thirds of a simulated game's time. The engine's ``apply``
    already leaves the state unchanged when an action is illegal.
    """

    def apply(self, action: Action | str) -> State:
        if isinstance(action, str):
            action = Action.parse(action)
        prompt = self.state["prompt"]
        side = prompt["side"] if prompt else ""
        state = self.game.apply(self.state, action)
        self.moves.append(Move(side, action))
        return state


class GameFault(LegatusError):
    """A simulated game failed (a rules, plugin or player fault), with its seed."""


def make_agents(
    game: Game, players: Mapping[str, str], seed: int, for_agents: Game | None = None
) -> dict[str, Agent]:
    """Each side's agent for the game with ``seed`` (agent seeds derived from it)."""
    agents: dict[str, Agent] = {}
    for index, side in enumerate(game.definition.side_ids):
        spec = players[side]
        if spec == "human":
            raise LegatusError("simulations have no human players: choose a computer player")
        agents[side] = make_agent(spec, side, agent_seed(seed, index), game=for_agents or game)
    return agents


def describe(experiment: Experiment) -> dict[str, Any]:
    """The experiment's identity as it appears in each record (names resolved)."""
    game = load_playable(experiment.game, experiment.variant)
    definition = game.definition
    unknown = sorted(set(experiment.players) - set(definition.side_ids))
    if unknown:
        raise LegatusError(
            f"{definition.name} has no side {unknown[0]!r}; its sides: "
            f"{', '.join(definition.side_ids)}"
        )
    scenario = experiment.scenario or definition.default_scenario().id
    if scenario not in definition.scenarios:
        raise LegatusError(
            f"game {definition.name!r} has no scenario {scenario!r}; "
            f"its scenarios: {', '.join(definition.scenarios)}"
        )
    return {
        "game": definition.name,
        "scenario": scenario,
        "variant": game.variant,
        "options": sorted(experiment.options),
        "players": {side: experiment.players.get(side, "random") for side in definition.side_ids},
        "alternate": experiment.alternate,
        "max_actions": experiment.max_actions or definition.max_actions or MAX_ACTIONS,
    }


def scores(game: Game, state: dict[str, Any]) -> dict[str, float] | None:
    """Each side's score from the game's ``legatus_scores`` hook, if it has one."""
    found = default_plugins().manager.hook.legatus_scores(
        game=game.definition.name, definition=game.definition, state=state
    )
    return None if found is None else {str(k): float(v) for k, v in found.items()}


def play_game(experiment: Experiment, seed: int) -> dict[str, Any]:
    """Play one game of the experiment with ``seed``; return its record.

    The record: the experiment's identity, the seed, the winner (None for a
    draw), the reason, each side's score, the length in actions and how often
    each rule clause fired in this game. A game that exceeds its action bound
    is recorded with ``reason`` "too long" and no winner rather than aborting
    the run.
    """
    identity = describe(experiment)
    game = load_playable(experiment.game, experiment.variant)
    # Agents that search get their own Game: their look-ahead applies actions
    # too, and must not count as rule firings of the game being played.
    for_agents = load_playable(experiment.game, experiment.variant)
    players = seating(identity["players"], seed, experiment.alternate)
    agents = make_agents(game, players, seed, for_agents)
    state = game.new_state(identity["scenario"], seed=seed, options=identity["options"])
    session = ForwardSession.start(game, state)
    limit = identity["max_actions"]
    too_long = False
    try:
        play_out(session, agents, max_actions=limit)
    except GameTooLong:
        too_long = True
    except Exception as exc:  # a plugin or player fault: say which game reproduces it
        raise GameFault(
            f"{identity['game']} seed {seed}, action {len(session.moves) + 1}: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    result = session.state["result"] or {}
    return {
        **identity,
        "players": players,
        "seed": seed,
        "winner": None if too_long else result.get("winner"),
        "reason": "too long" if too_long else result.get("reason", ""),
        "scores": scores(game, session.state),
        "length": len(session.moves),
        "fired": dict(sorted(game.fired.items())),
    }
