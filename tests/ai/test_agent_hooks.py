"""Players registered by plugins, and a game plugin's own sampler of hidden facts."""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.actions import Action
from legatus.framework.engine.state import State
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.agents import AgentRequest, decide
from legatus.framework.play.ai.infoset import InformationSet, information_set, sample_generic
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.hookspecs import hookimpl
from legatus.games.julius_caesar.plugin import JuliusCaesar

from .conftest import jc_game, random_positions


class LastAgent:
    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        return actions[-1]


@pytest.fixture
def plugin() -> Iterator[SimpleNamespace]:
    """A third-party plugin added to the process's plugins for one test."""
    namespace = SimpleNamespace()
    yield namespace
    default_catalog().remove("test_ai_plugin")


def test_hook_legatus_register_agents_adds_a_player(plugin: SimpleNamespace) -> None:
    seen: list[AgentRequest] = []

    def last(request: AgentRequest) -> LastAgent:
        seen.append(request)
        return LastAgent()

    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("last", last)

    plugin.legatus_register_agents = legatus_register_agents
    catalog = default_catalog()
    catalog.add(plugin, "test_ai_plugin")
    assert {"random", "first", "greedy", "mcts", "last"} <= set(catalog.agents())
    game = jc_game()
    agent = catalog.make_agent("last:style=bold", "pompey", 5, game=game)
    state = game.new_state(seed=1)
    legal = game.legal_actions(state)
    assert decide(agent, game, state, state["prompt"]["side"], legal) == legal[-1]
    assert (seen[0].side, seen[0].seed, seen[0].options) == ("pompey", 5, {"style": "bold"})


def test_hook_legatus_register_agents_refuses_a_second_mcts(plugin: SimpleNamespace) -> None:
    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("mcts", lambda request: LastAgent())

    plugin.legatus_register_agents = legatus_register_agents
    default_catalog().add(plugin, "test_ai_plugin")
    with pytest.raises(LegatusError, match="'mcts' is already registered"):
        default_catalog().agents()


def test_unknown_player_lists_the_registered_ones() -> None:
    with pytest.raises(LegatusError, match="unknown player 'deep_blue'") as caught:
        default_catalog().make_agent("deep_blue", "caesar", 1)
    listed = str(caught.value).split("known players: ")[1].split(", ")
    assert listed[0] == "human" and {"first", "greedy", "mcts", "random"} <= set(listed)


def test_a_game_plugins_own_sampler_replaces_the_generic_one() -> None:
    """A game plugin that overrides ``sample_hidden`` samples its own game's information
    sets; here it wraps the generic sampler and marks its samples."""
    calls: list[str] = []

    class Marked(JuliusCaesar):
        def sample_hidden(self, info: InformationSet, stream: MutableSequence[int]) -> State:
            calls.append(info.side)
            sample = sample_generic(info, stream)
            sample["records"] = dict(sample["records"], sampled_by="plugin")
            return sample

    game = jc_game().replace(plugin=Marked())
    truth = next(random_positions(game, 4, every=50))
    sample = information_set(game, truth, "caesar").sample([1, 2, 3, 4])
    assert calls == ["caesar"] and sample["records"]["sampled_by"] == "plugin"
    plain = information_set(jc_game(), truth, "caesar").sample([1, 2, 3, 4])
    assert "sampled_by" not in plain["records"] and calls == ["caesar"]
