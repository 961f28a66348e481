"""Players: anything that answers prompts from a side's view.

An agent sees only ``observe(state, side)`` and the legal actions of the
prompt addressed to it, never the state itself, so a hidden-information
game cannot be won by peeking. Agents draw randomness from their own seeded
generator (:mod:`framework.engine.rng`), so a game between agents is fully
reproducible from its seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from framework.engine import rng
from framework.engine.actions import Action
from framework.errors import LegatusError


class Agent(Protocol):
    """Chooses one of the legal actions for its side."""

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[rng.below(self.rng, len(actions))]


class FirstAgent:
    """Always the first legal action (in canonical order): a deterministic baseline."""

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[0]


AgentFactory = Callable[[str, int], Agent]

#: Built-in agents by name; factories take (side, seed).
AGENTS: dict[str, AgentFactory] = {
    "random": lambda side, seed: RandomAgent(seed),
    "first": lambda side, seed: FirstAgent(),
}


def agent_seed(game_seed: int, side_index: int) -> int:
    """Each side's agent gets its own stream, derived from the game's seed."""
    return game_seed * 1_000_003 + 7919 * (side_index + 1)


def make_agent(name: str, side: str, seed: int) -> Agent:
    factory = AGENTS.get(name)
    if factory is None:
        raise LegatusError(
            f"unknown player {name!r}; known players: {', '.join(['human', *AGENTS])}"
        )
    return factory(side, seed)
