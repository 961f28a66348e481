"""The hooks through which games and extensions plug into Legatus.

Every built-in game registers through these hooks exactly like a third-party
game does: the distribution declares a module in the ``legatus`` entry-point
group, and that module implements some of the hooks below with
``@framework.hookspecs.hookimpl``. Contribution hooks receive a callback or a
registry to fill rather than returning values, so one plugin may contribute
several things (as in pytest, datasette and llm).

Hooks are grouped by lifecycle: discovery (what games exist), then game
loading (what a loaded game provides to the engine).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    from pathlib import Path

    from framework.agents import RegisterAgent
    from framework.ai.infoset import Sampler
    from framework.engine.actions import ActionCodec
    from framework.engine.state import State
    from framework.gamedef import GameDef
    from framework.rules.registry import RuleRegistry

PROJECT = "legatus"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class RegisterGame(Protocol):
    """The callback given to :func:`legatus_register_games`."""

    def __call__(self, name: str, data: Path) -> None: ...


# -- Discovery ---------------------------------------------------------------


@hookspec
def legatus_register_games(register: RegisterGame) -> None:
    """Register the games this plugin provides.

    Call ``register(name, data)`` once per game, where ``name`` is the game's
    identifier (it must equal the ``name`` in its manifest) and ``data`` the
    folder holding its ``game.yaml`` manifest::

        @hookimpl
        def legatus_register_games(register):
            register("julius_caesar", Path(__file__).parent / "data")
    """


# -- Game loading -----------------------------------------------------------


@hookspec
def legatus_register_rules(game: str, registry: RuleRegistry) -> None:
    """Register the procedures, queries and effects a game's rules files use.

    Called when the rules of ``game`` are checked or compiled; a plugin adds
    only what belongs to games it knows (it must ignore other game names).
    Everything registered carries its parameter types, so the rules checker
    can verify every call in a ``.rules`` file before a game is played, and
    its rulebook section, so tools can count which rules fired.
    """


class RegisterInvariant(Protocol):
    """The callback given to :func:`legatus_register_invariants`."""

    def __call__(
        self, name: str, check: Callable[[GameDef, dict[str, Any]], list[str]]
    ) -> None: ...


@hookspec(firstresult=True)
def legatus_action_codec(game: str, definition: GameDef) -> ActionCodec | None:
    """Return the stable integer encoding of ``game``'s actions, or None for other games.

    Learning agents and action masks need every action of a game as an
    integer that does not change between runs: build a
    :class:`~framework.engine.actions.ActionCodec` from the action kinds the
    game's procedures offer and the ids of its data (pieces, spaces, cards).
    """


@hookspec(firstresult=True)
def legatus_scores(
    game: str, definition: GameDef, state: dict[str, Any]
) -> dict[str, float] | None:
    """Return each side's score in ``state`` (victory points, say), or None for other games.

    Simulation reports a score distribution per side and variant experiments
    compare it, but what a score is belongs to the game (Julius Caesar counts
    VP, JC 1.2), so the engine asks the game's plugin. Games without scores
    return None (simulation then reports wins and lengths only).
    """


# -- Checking ------------------------------------------------------------------


@hookspec
def legatus_register_invariants(game: str, register: RegisterInvariant) -> None:
    """Register the invariants of ``game``, checked after every action by ``legatus check-game``.

    Call ``register(name, check)`` per invariant; ``check(definition, state)``
    returns a list of violations (empty when the state is sound), e.g. "block
    'Legio 7' has strength 5 above its maximum 3". A plugin registers only for
    games it knows and ignores other names.
    """


# -- Players -------------------------------------------------------------------


@hookspec
def legatus_register_agents(register: RegisterAgent) -> None:
    """Register computer players, by name, for ``--side ID=NAME`` and ``make_agent``.

    Call ``register(name, factory)`` per player; ``factory(request)`` gets an
    :class:`~framework.agents.AgentRequest` (side, seed, game, the spec's
    ``key=value`` options) and returns the agent. The built-in players
    (``random``, ``first``, ``greedy``, ``mcts``) come from ``plugins/agents.py``
    through this same hook. A name registered twice is an error of the later
    plugin.
    """


@hookspec(firstresult=True)
def legatus_evaluate(
    game: str, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
) -> float | None:
    """Return how good ``state`` looks for ``side``, from -1 (lost) to 1 (won); None for other games.

    ``params`` holds the rules' parameter values, a variant's changes
    included (an implementation may leave the argument out if it needs none).

    The greedy player picks the action whose result scores best, and MCTS
    scores the positions where it stops searching. The state given is always
    a sample of the player's information set (:mod:`framework.ai.infoset`),
    never the true state, so an evaluation may read any part of it.
    """


@hookspec(firstresult=True)
def legatus_sample_hidden(game: str, definition: GameDef) -> Sampler | None:
    """Return ``game``'s own sampler of hidden facts, or None to use the generic one.

    A sampler is ``sampler(information_set, stream) -> state``: a full state
    consistent with ``information_set.view``, drawn from the generator words
    ``stream``. The generic sampler, derived from the visibility
    declarations, serves any game; override it when a game keeps hidden
    facts where the declarations do not say, or knows a better prior.
    """
