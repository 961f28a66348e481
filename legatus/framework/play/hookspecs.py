"""The hooks through which games and extensions plug into Legatus.

Every built-in game and player registers through these hooks exactly like a
third-party one does: the distribution declares a module in the ``legatus``
entry-point group, and that module implements some of the hooks below with
``@legatus.framework.play.hookspecs.hookimpl``. Both hooks receive a callback to call
once per thing contributed, so one plugin may contribute several games or
players (as in pytest, datasette and llm).

A game is one object (:class:`legatus.framework.engine.gameplugin.GamePlugin`) that carries
everything about it; the catalog (:mod:`legatus.framework.play.catalog`) is the only
module that calls these hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pluggy

if TYPE_CHECKING:
    from legatus.framework.engine.gameplugin import GamePlugin
    from legatus.framework.play.agents import AgentFactory

PROJECT = "legatus"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class RegisterGame(Protocol):
    """The callback given to :func:`legatus_register_games`."""

    def __call__(self, game: GamePlugin) -> None: ...


class RegisterAgent(Protocol):
    """The callback given to :func:`legatus_register_agents`."""

    def __call__(self, name: str, factory: AgentFactory) -> None: ...


# -- Games -------------------------------------------------------------------------------


@hookspec
def legatus_register_games(register: RegisterGame) -> None:
    """Register the games this plugin provides, one :class:`~legatus.framework.engine.gameplugin.GamePlugin` each.

    ``register(game)`` once per game; the object's ``name`` must equal the
    ``name`` in the manifest of its ``data`` folder::

        @hookimpl
        def legatus_register_games(register):
            register(JuliusCaesar())

    A name registered twice is an error of the later plugin.
    """


# -- Players -------------------------------------------------------------------------------


@hookspec
def legatus_register_agents(register: RegisterAgent) -> None:
    """Register computer players, by name, for ``--side ID=NAME``.

    Call ``register(name, factory)`` per player; ``factory(request)`` gets an
    :class:`~legatus.framework.play.agents.AgentRequest` (side, seed, game, the spec's
    ``key=value`` options) and returns the agent. The built-in players
    (``random``, ``first``, ``greedy``, ``mcts``) come from :mod:`legatus.plugins.agents`
    through this same hook. A name registered twice is an error of the later
    plugin.
    """
