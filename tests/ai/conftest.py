"""Positions from random Julius Caesar games, and another truth with the same view."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State, clone
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.tools.checkgame import perturb


def jc_game() -> Game:
    return default_catalog().load("julius_caesar")


def random_positions(
    game: Game, seed: int, every: int, where: Callable[[State], bool] | None = None
) -> Iterator[State]:
    """Every ``every``-th state of a random game (a copy), to its end; with ``where``, only
    those it accepts (it reads the game's own state, which it must not change: copying
    every state of a game to keep a few took most of a search's time)."""
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=seed, players=agents)
    count = 0
    while not match.over:
        if count % every == 0 and (where is None or where(match.state)):
            yield clone(match.state)
        match.step()
        count += 1


def scramble(value: Any, salt: int) -> Any:
    """Other values of the same shape: what another true state could hold privately."""
    if isinstance(value, dict):
        return {key: scramble(item, salt) for key, item in value.items()}
    if isinstance(value, list):
        return [f"hidden-{salt}"] * (salt % 3)
    if isinstance(value, bool):
        return bool(salt % 2)
    if isinstance(value, int | float):
        return salt
    if isinstance(value, str):
        return f"hidden-{salt}"
    return value


def other_truth(game: Game, state: State, side: str, salt: int) -> State:
    """A state that gives ``side`` the same view but differs in everything it may not see:
    the other sides' hidden blocks and strengths, hidden cards, the records it may not see,
    the generator, the seed, the log entries addressed to others."""
    other = perturb(game.definition, state, side, salt)
    for name, decl in game.definition.records.items():
        if decl.per_side and decl.visible_to == "owner":
            for owner, data in state["records"][name].items():
                if owner != side:
                    other["records"][name][owner] = scramble(data, salt)
        elif decl.visible_to == "none":
            other["records"][name] = scramble(state["records"][name], salt)
    other["seed"] = state["seed"] + salt
    return other
