"""The players' hooks: players registered by plugins, a game's own sampler of hidden facts."""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from framework.agents import AgentRequest, decide, make_agent, registered_agents
from framework.ai.infoset import InformationSet, information_set, sample_generic
from framework.engine.actions import Action
from framework.engine.state import State
from framework.errors import LegatusError
from framework.hookspecs import hookimpl
from framework.plugins import default_plugins

from .conftest import jc_game, random_positions


class LastAgent:
    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[-1]


@pytest.fixture
def plugin() -> Iterator[SimpleNamespace]:
    """A third-party plugin added to the process's plugins for one test."""
    namespace = SimpleNamespace()
    yield namespace
    manager = default_plugins().manager
    if manager.get_plugin("test_ai_plugin") is not None:
        manager.unregister(name="test_ai_plugin")


def test_hook_legatus_register_agents_adds_a_player(plugin: SimpleNamespace) -> None:
    seen: list[AgentRequest] = []

    def last(request: AgentRequest) -> LastAgent:
        seen.append(request)
        return LastAgent()

    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("last", last)

    plugin.legatus_register_agents = legatus_register_agents
    default_plugins().add(plugin, "test_ai_plugin")
    assert {"random", "first", "greedy", "mcts", "last"} <= set(registered_agents())
    game = jc_game()
    agent = make_agent("last:style=bold", "pompey", 5, game=game)
    state = game.new_state(seed=1)
    assert decide(agent, game, state, state["prompt"]["side"]) == game.legal_actions(state)[-1]
    assert (seen[0].side, seen[0].seed, seen[0].options) == ("pompey", 5, {"style": "bold"})


def test_hook_legatus_register_agents_refuses_a_second_mcts(plugin: SimpleNamespace) -> None:
    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("mcts", lambda request: LastAgent())

    plugin.legatus_register_agents = legatus_register_agents
    default_plugins().add(plugin, "test_ai_plugin")
    with pytest.raises(LegatusError, match="'mcts' is already registered"):
        registered_agents()


def test_unknown_player_lists_the_registered_ones() -> None:
    with pytest.raises(LegatusError, match="unknown player 'deep_blue'") as caught:
        make_agent("deep_blue", "caesar", 1)
    listed = str(caught.value).split("known players: ")[1].split(", ")
    assert listed[0] == "human" and {"first", "greedy", "mcts", "random"} <= set(listed)


def test_hook_legatus_sample_hidden_replaces_the_generic_sampler(plugin: SimpleNamespace) -> None:
    """A game's own sampler is used for its games only; here it wraps the generic one
    and marks its samples."""
    calls: list[str] = []

    def sampler(info: InformationSet, stream: MutableSequence[int]) -> State:
        calls.append(info.side)
        sample = sample_generic(info, stream)
        sample["public"] = dict(sample["public"], sampled_by="plugin")
        return sample

    @hookimpl
    def legatus_sample_hidden(game: str, definition: Any) -> Any:
        return sampler if game == "julius_caesar" else None

    plugin.legatus_sample_hidden = legatus_sample_hidden
    default_plugins().add(plugin, "test_ai_plugin")
    game = jc_game()
    truth = next(random_positions(game, 4, every=50))
    sample = information_set(game, truth, "caesar").sample([1, 2, 3, 4])
    assert calls == ["caesar"] and sample["public"]["sampled_by"] == "plugin"
