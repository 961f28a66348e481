"""Players: anything that answers prompts from a side's view.

An agent sees only ``observe(state, side)`` and the legal actions of the
prompt addressed to it, never the state itself, so a hidden-information
game cannot be won by peeking. Agents draw randomness from their own seeded
generator (:mod:`framework.engine.rng`), so a game between agents is fully
reproducible from its seeds.

Search players (greedy, MCTS) need more than the view: full states to try
actions on. They implement :class:`InformationSetAgent` and receive an
:class:`~framework.ai.infoset.InformationSet` instead, which holds the view
and samples full states consistent with it, never the true state.
:func:`decide` is the one place that asks an agent for its action; the
runner, ``legatus play`` and simulations go through it.

Players are registered by name through the ``legatus_register_agents`` hook;
the built-in ones come from ``plugins/agents.py`` like a third party's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from framework.engine import rng
from framework.engine.actions import Action
from framework.errors import LegatusError

if TYPE_CHECKING:
    from framework.ai.infoset import InformationSet
    from framework.engine.core import Game
    from framework.engine.state import State


class Agent(Protocol):
    """Chooses one of the legal actions for its side."""

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action: ...


@runtime_checkable
class InformationSetAgent(Protocol):
    """A player that searches: it chooses from its information set, not just its view."""

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action: ...


def decide(agent: Agent, game: Game, state: State, side: str) -> Action:
    """Ask ``agent`` (playing ``side``) for its action at ``state``'s prompt.

    Plain agents get the side's view; :class:`InformationSetAgent` ones get
    the side's information set. Neither ever gets ``state`` itself.
    """
    actions = game.legal_actions(state)
    if isinstance(agent, InformationSetAgent):
        from framework.ai.infoset import information_set

        return agent.choose_in(information_set(game, state, side), actions)
    from framework.engine.view import observe

    return agent.choose(observe(game.definition, state, side), actions)


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

    def number(self, key: str, default: float, kind: type[int] | type[float] = float) -> Any:
        """The option ``key`` as a number (``kind``), or ``default``; a clear error otherwise."""
        text = self.options.get(key)
        if text is None:
            return kind(default)
        try:
            return kind(text)
        except ValueError:
            raise LegatusError(
                f"player option {key}={text!r}: expected {'an integer' if kind is int else 'a number'}"
            ) from None

    def only(self, player: str, *known: str) -> None:
        """Refuse options the player does not know, naming the ones it does."""
        unknown = sorted(set(self.options) - set(known))
        if unknown:
            raise LegatusError(
                f"player {player!r} has no option {unknown[0]!r}; "
                f"its options: {', '.join(known) or 'none'}"
            )


class RegisterAgent(Protocol):
    """The callback given to the ``legatus_register_agents`` hook."""

    def __call__(self, name: str, factory: AgentFactory) -> None: ...


#: The plugin holding the built-in players (also declared as an entry point).
BUILTIN_PLUGIN = "legatus_agents"


def registered_agents() -> dict[str, AgentFactory]:
    """Every player the plugins register, by name (the built-in ones included)."""
    from framework.plugins import default_plugins

    plugins = default_plugins()
    if plugins.manager.get_plugin(BUILTIN_PLUGIN) is None:
        # An installation whose entry points predate the built-in players' plugin.
        from plugins import agents as builtin

        plugins.add(builtin, BUILTIN_PLUGIN)
    found: dict[str, AgentFactory] = {}
    for impl in plugins.manager.hook.legatus_register_agents.get_hookimpls():

        def register(name: str, factory: AgentFactory, _plugin: str = impl.plugin_name) -> None:
            if name in found or name == "human":
                raise LegatusError(f"plugin {_plugin!r}: player {name!r} is already registered")
            found[name] = factory

        impl.function(register=register)
    return dict(sorted(found.items()))


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
    agents = registered_agents()
    factory = agents.get(name)
    if factory is None:
        raise LegatusError(
            f"unknown player {name!r}; known players: {', '.join(['human', *agents])}"
        )
    return factory(AgentRequest(side, seed, game, options))
