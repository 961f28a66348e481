"""Players: anything that answers prompts from a side's view.

An agent sees only ``observe(state, side)`` and the legal actions of the
prompt addressed to it, never the state itself, so a hidden-information
game cannot be won by peeking. Agents draw randomness from their own seeded
generator (:mod:`legatus.framework.engine.rng`), so a game between agents is fully
reproducible from its seeds.

Search players (greedy, MCTS) need more than the view: full states to try
actions on. They implement :class:`InformationSetAgent` and receive an
:class:`~legatus.framework.play.ai.infoset.InformationSet` instead, which holds the view
and samples full states consistent with it, never the true state.
:func:`decide` is the one place that asks an agent for its action; the
runner, ``legatus play`` and simulations go through it.

Players are registered by name through the ``legatus_register_agents`` hook
and made by the catalog (:meth:`legatus.framework.play.catalog.Catalog.make_agent`); the
built-in ones come from :mod:`legatus.plugins.agents` like a third party's.

A front end may bound how long a player thinks: inside :func:`time_limit`, the
search players stop at the limit (after at least one iteration or sample) and
answer with the best action found so far, whatever their own budget; any
player may read :func:`out_of_time`. Outside it nothing changes, so a budget in
iterations stays deterministic.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from legatus.framework.engine import rng
from legatus.framework.engine.actions import Action
from legatus.framework.model.errors import LegatusError

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game
    from legatus.framework.engine.state import State
    from legatus.framework.play.ai.infoset import InformationSet


class Agent(Protocol):
    """Chooses one of the legal actions for its side."""

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action: ...


@runtime_checkable
class InformationSetAgent(Protocol):
    """A player that searches: it chooses from its information set, not just its view."""

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action: ...


def decide(agent: Agent, game: Game, state: State, side: str, actions: Sequence[Action]) -> Action:
    """Ask ``agent`` (playing ``side``) for one of ``actions`` at ``state``'s prompt.

    Plain agents get the side's view (or an empty one if they say they read
    none: ``reads_view = False``); :class:`InformationSetAgent` ones get the
    side's information set. Neither ever gets ``state`` itself.
    """
    # Attribute lookups, not ``isinstance`` on the runtime protocol: this runs at every
    # decision of every simulated game, and a protocol check costs more than the decision.
    choose_in = getattr(agent, "choose_in", None)
    if choose_in is not None:
        from legatus.framework.play.ai.infoset import information_set

        found: Action = choose_in(information_set(game, state, side), actions)
        return found
    if not getattr(agent, "reads_view", True):
        return agent.choose({}, actions)
    from legatus.framework.engine.view import observe

    return agent.choose(observe(game.definition, state, side), actions)


#: The time.perf_counter() at which players should stop thinking (None: no limit).
_deadline: ContextVar[float | None] = ContextVar("legatus_deadline", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Within it, players stop thinking after ``seconds`` (None: no limit; a limit already
    set further out is shortened, never lengthened)."""
    if seconds is None:
        yield
        return
    end = time.perf_counter() + seconds
    current = _deadline.get()
    token = _deadline.set(end if current is None else min(end, current))
    try:
        yield
    finally:
        _deadline.reset(token)


def deadline() -> float | None:
    """The time.perf_counter() at which to stop thinking, if :func:`time_limit` set one."""
    return _deadline.get()


def out_of_time() -> bool:
    """Whether the :func:`time_limit` around this decision has passed."""
    end = _deadline.get()
    return end is not None and time.perf_counter() >= end


class RandomAgent:
    """Uniform over the legal actions."""

    #: It never looks at the view: the driver need not build one.
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[rng.below(self.rng, len(actions))]


class FirstAgent:
    """Always the first legal action (in canonical order): a deterministic baseline."""

    reads_view = False

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[0]


#: A factory builds an agent for one side of one game from its options.
AgentFactory = Callable[["AgentRequest"], Agent]


class AgentRequest:
    """What a factory gets: the side, the agent's seed, the game, the spec's options."""

    __slots__ = ("defaulted", "game", "options", "seed", "side")

    def __init__(self, side: str, seed: int, game: Game | None, options: Mapping[str, str]) -> None:
        self.side = side
        self.seed = seed
        self.game = game
        self.options = dict(options)
        #: The options taken from the game's defaults (:meth:`take_defaults`).
        self.defaulted: set[str] = set()

    def take_defaults(self, player: str, known: Sequence[str], *groups: Sequence[str]) -> None:
        """Fill in the options the spec leaves out from the game's defaults for ``player``.

        The defaults are the manifest's ``computer_players`` entry for the player (none
        without a game). Within each of ``groups`` (a budget: iterations, actions or time)
        an option the spec gives replaces every default of the group, so a spec's
        ``iterations=40`` is not added to a game's default ``actions=200``. A default the
        player does not know (one of ``known``) is refused, naming the manifest.
        """
        if self.game is None:
            return
        defaults = self.game.definition.player_defaults.get(player, {})
        unknown = sorted(set(defaults) - set(known))
        if unknown:
            raise LegatusError(
                f"{self.game.definition.name}'s manifest (computer_players.{player}) gives "
                f"player {player!r} the option {unknown[0]!r}; its options: {', '.join(known)}"
            )
        given = set(self.options)
        for group in groups:
            if given & set(group):
                given |= set(group)
        for key, value in defaults.items():
            if key not in given:
                self.options[key] = value
                self.defaulted.add(key)

    def source(self, player: str) -> str:
        """Where the options came from, for an error about them (empty: the spec alone)."""
        if not self.defaulted or self.game is None:
            return ""
        keys = ", ".join(sorted(self.defaulted))
        return (
            f" ({keys} from {self.game.definition.name}'s defaults: "
            f"computer_players.{player} in its manifest)"
        )

    def number(self, key: str, default: float, kind: type[int] | type[float] = float) -> Any:
        """The option ``key`` as a number (``kind``), or ``default``; a clear error otherwise."""
        text = self.options.get(key)
        if text is None:
            return kind(default)
        try:
            value = kind(text)
        except ValueError:
            raise LegatusError(
                f"player option {key}={text!r}: expected {'an integer' if kind is int else 'a number'}"
            ) from None
        if value != value or value in (float("inf"), float("-inf")):
            raise LegatusError(f"player option {key}={text!r}: expected a finite number")
        return value

    def only(self, player: str, *known: str) -> None:
        """Refuse options the player does not know, naming the ones it does."""
        unknown = sorted(set(self.options) - set(known))
        if unknown:
            raise LegatusError(
                f"player {player!r} has no option {unknown[0]!r}; "
                f"its options: {', '.join(known) or 'none'}"
            )


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
