"""Players: anything that answers prompts from a side's view.

An agent sees only ``observe(state, side)`` and the legal actions of the
prompt addressed to it, never the state itself, so a hidden-information
game cannot be won by peeking. Agents draw randomness from their own seeded
generator (:mod:`framework.engine.rng`), so a game between agents is fully
reproducible from its seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from framework.engine import rng
from framework.engine.actions import Action
from framework.errors import LegatusError

if TYPE_CHECKING:
    from framework.engine.core import Game


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


#: A factory builds an agent for one side of one game from its options.
AgentFactory = Callable[["AgentRequest"], Agent]


class AgentRequest:
    """What a factory gets: the side, the agent's seed, the game, the spec's options."""

    __slots__ = ("game", "options", "seed", "side")

    def __init__(self, side: str, seed: int, game: Game | None, options: Mapping[str, str]) -> None:
        self.side = side
        self.seed = seed
        self.game = game
        self.options = dict(options)


#: Built-in agents by name.
AGENTS: dict[str, AgentFactory] = {
    "random": lambda request: RandomAgent(request.seed),
    "first": lambda request: FirstAgent(),
}


def agent_seed(game_seed: int, side_index: int) -> int:
    """Each side's agent gets its own stream, derived from the game's seed."""
    return game_seed * 1_000_003 + 7919 * (side_index + 1)


def parse_player_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iterations=200,c=1.4"`` -> ``("mcts", {"iterations": "200", "c": "1.4"})``."""
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise LegatusError(f"bad player option {item!r} in {spec!r}: expected key=value")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_agent(spec: str, side: str, seed: int, *, game: Game | None = None) -> Agent:
    """The agent named by ``spec`` (``NAME`` or ``NAME:key=value,...``) for ``side``."""
    name, options = parse_player_spec(spec)
    factory = AGENTS.get(name)
    if factory is None:
        raise LegatusError(
            f"unknown player {name!r}; known players: {', '.join(['human', *AGENTS])}"
        )
    return factory(AgentRequest(side, seed, game, options))
