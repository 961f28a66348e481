"""One simulated game: from an experiment and a seed to one JSON record.

A game's record depends only on the experiment (game, scenario, variant,
options, player specs, action bound) and the game's seed: the game is
set up with that seed and each side's agent gets the seed
:func:`legatus.framework.play.agents.agent_seed` derives from it. So the same seed gives the
same record in any process, on any worker, under any backend, which is what
lets an interrupted run resume and a paired variant experiment use common
random numbers.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from legatus.framework.engine import outcome
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.positions import parse_position, scenario_of
from legatus.framework.engine.state import State
from legatus.framework.model.errors import LegatusError
from legatus.framework.model.gamedef import GameDef, Seat
from legatus.framework.play.agents import Agent, agent_seed
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.play.driver import MAX_ACTIONS, GameTooLong, Match

#: The fields of a record that identify its experiment (checked on resume, with the
#: players, which depend on the seed when seats alternate).
EXPERIMENT_FIELDS = (
    "game",
    "scenario",
    "variant",
    "options",
    "alternate",
    "max_actions",
    "position",
)


@dataclass(frozen=True)
class Experiment:
    """What every game of a simulation shares; only the seed varies.

    ``variant`` is a variant name shipped with the game or a variant file;
    ``players`` maps every side to a player spec (``NAME`` or
    ``NAME:key=value,...``, see :meth:`legatus.framework.play.catalog.Catalog.make_agent`);
    ``alternate`` moves the players round the sides from one seed to the
    next (see :func:`seating`); ``timing`` records each side's seconds per
    decision (records then differ from run to run in those figures only).
    """

    game: str
    players: Mapping[str, str]
    scenario: str | None = None
    variant: str | None = None
    options: tuple[str, ...] = ()
    max_actions: int | None = None
    alternate: bool = False
    timing: bool = False
    #: The text of a position file every game starts from (each with its own seed).
    position: str | None = None

    def with_variant(self, variant: str | None) -> Experiment:
        return dataclasses.replace(self, variant=variant)


def seating(
    players: Mapping[str, str],
    seed: int,
    alternate: bool,
    seats: Mapping[str, Sequence[str]] | None = None,
    teams: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Who plays which side in the game with ``seed``.

    With ``alternate``, the players move one seat round the table per seed:
    with two seats, odd seeds swap them, so over an even number of seeds each
    player plays each seat equally often. Sides of a historical wargame are
    rarely balanced, so comparing two players' strength needs this. A seat
    that plays several sides (``seats``: seat -> its sides) moves as one.

    When teams hold several seats each (``teams``: seat -> its team, see
    :func:`seat_teams`), whole teams move instead, seat by seat in their
    order: with two teams of two, odd seeds give the first team's players to
    the second team's seats and the other way round, so the players never mix
    the teams. Teams of different sizes cannot trade places; their seats move
    one at a time as above.

    >>> seating({"caesar": "mcts", "pompey": "random"}, 7, alternate=True)
    {'caesar': 'random', 'pompey': 'mcts'}
    >>> seating({"n": "mcts", "s": "mcts", "e": "greedy", "w": "greedy"}, 1, alternate=True,
    ...         seats={"n": ["n"], "s": ["s"], "e": ["e"], "w": ["w"]},
    ...         teams={"n": "north", "s": "north", "e": "east", "w": "east"})
    {'n': 'greedy', 's': 'greedy', 'e': 'mcts', 'w': 'mcts'}
    """
    if not alternate:
        return dict(players)
    groups = (
        {seat: list(sides) for seat, sides in seats.items()}
        if seats
        else {side: [side] for side in players}
    )
    # What moves round the table: each unit is a list of seats (their sides), in order.
    units = [[sides] for sides in groups.values()]
    if teams and teams_move(teams):
        members: dict[str, list[list[str]]] = {}
        for seat, sides in groups.items():
            members.setdefault(teams[seat], []).append(sides)
        units = list(members.values())
    shift = seed % len(units)
    seated: dict[str, str] = {}
    for i, unit in enumerate(units):
        source = units[(i - shift) % len(units)]
        for sides, taken_from in zip(unit, source, strict=True):
            for side in sides:
                seated[side] = players[taken_from[0]]
    return {side: seated.get(side, players[side]) for side in players}


def teams_move(teams: Mapping[str, str] | None) -> bool:
    """Whether :func:`seating` moves whole teams: every team holds the same number of seats
    (``teams``: seat -> its team)."""
    if not teams:
        return False
    return len(set(Counter(teams.values()).values())) == 1


def seat_teams(definition: GameDef, seats: Sequence[Seat]) -> dict[str, str] | None:
    """Seat -> its team, when a team of the game holds more than one of the seats (None
    when every seat is a team of its own, as in a two-player game)."""
    teams = {seat.id: definition.team_of(seat.sides[0]) for seat in seats}
    if len(set(teams.values())) == len(teams):
        return None
    return teams


class GameFault(LegatusError):
    """A simulated game failed (a rules, plugin or player fault), with its seed."""


def make_agents(
    game: Game, players: Mapping[str, str], seed: int, catalog: Catalog | None = None
) -> dict[str, Agent]:
    """Each side's agent for the game with ``seed`` (agent seeds derived from it)."""
    catalog = catalog or default_catalog()
    agents: dict[str, Agent] = {}
    for index, side in enumerate(game.definition.side_ids):
        spec = players[side]
        if spec == "human":
            raise LegatusError("simulations have no human players: choose a computer player")
        agents[side] = catalog.make_agent(spec, side, agent_seed(seed, index), game=game)
    return agents


def describe(experiment: Experiment, catalog: Catalog | None = None) -> dict[str, Any]:
    """The experiment's identity as it appears in each record (names resolved)."""
    game = (catalog or default_catalog()).load(experiment.game, experiment.variant)
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
    position = (
        parse_position(experiment.position, "the simulation's position")
        if experiment.position is not None
        else None
    )
    chosen = (
        scenario_of(definition, position)
        if position is not None
        else definition.scenarios[scenario]
    )
    seats = definition.seats_of(chosen)
    identity = {
        "game": definition.name,
        "scenario": scenario,
        "seats": {seat.id: list(seat.sides) for seat in seats},
        **({"teams": teams} if (teams := seat_teams(definition, seats)) else {}),
        "variant": game.variant,
        "options": sorted(experiment.options),
        "players": {side: experiment.players.get(side, "random") for side in definition.side_ids},
        "fingerprint": game.fingerprint,
        "alternate": experiment.alternate,
        "max_actions": experiment.max_actions or definition.max_actions or MAX_ACTIONS,
    }
    if experiment.position is not None:
        # Which position: a short hash of its text (a results file holds one experiment).
        identity["position"] = hashlib.sha256(experiment.position.encode()).hexdigest()[:16]
    return identity


def scores(game: Game, state: State) -> dict[str, float] | None:
    """Each side's score from the game plugin, if the game has scores."""
    found = game.plugin.scores(game.definition, state) if game.plugin is not None else None
    return None if found is None else {str(k): float(v) for k, v in found.items()}


def play_game(experiment: Experiment, seed: int) -> dict[str, Any]:
    """Play one game of the experiment with ``seed``; return its record.

    The record: the experiment's identity, the seed, the winner (None for a
    draw), the reason, each side's score, the length in actions and how often
    each rule clause fired in this game (and with ``timing``, each side's
    decisions with a choice and the seconds they took). A game that exceeds
    its action bound is recorded with ``reason`` "too long" and no winner
    rather than aborting the run.
    """
    catalog = default_catalog()
    identity = describe(experiment, catalog)
    game = catalog.load(experiment.game, experiment.variant)
    players = seating(
        identity["players"], seed, experiment.alternate, identity["seats"], identity.get("teams")
    )
    agents = make_agents(game, players, seed, catalog)
    thinking: dict[str, dict[str, float]] = {}
    if experiment.timing:
        from legatus.framework.tools.simulate.timing import timed

        for side, agent in list(agents.items()):
            thinking[side] = {
                "decisions": 0, "seconds": 0.0, "worst": 0.0, "cpu": 0.0, "worst_cpu": 0.0
            }  # fmt: skip
            agents[side] = timed(agent, thinking[side])
    run = Run()
    if experiment.position is not None:
        match = Match.from_position(
            game,
            parse_position(experiment.position, "the simulation's position"),
            seed=seed,
            players=agents,
            run=run,
            max_actions=identity["max_actions"],
        )
    else:
        match = Match.new(
            game,
            identity["scenario"],
            seed=seed,
            options=identity["options"],
            players=agents,
            run=run,
            max_actions=identity["max_actions"],
        )
    too_long = False
    try:
        match.play()
    except GameTooLong:
        too_long = True
    except Exception as exc:  # a plugin or player fault: say which game reproduces it
        raise GameFault(
            f"{identity['game']} seed {seed}, action {len(match.moves) + 1}: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    result = match.result or {}
    record = {
        **identity,
        "players": players,
        "seed": seed,
        "winner": None if too_long else result.get("winner"),
        "ranks": outcome.ranks({} if too_long else result, game.definition.side_ids),
        "reason": "too long" if too_long else result.get("reason", ""),
        "scores": scores(game, match.state),
        "length": len(match.moves),
        "fired": dict(sorted(run.fired.items())),
    }
    if experiment.timing:
        record["thinking"] = {
            side: {k: round(v, 6) if isinstance(v, float) else v for k, v in figures.items()}
            for side, figures in thinking.items()
        }
    return record
