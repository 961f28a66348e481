"""Timing a player's decisions, for ``legatus simulate --timing``.

A :class:`TimedAgent` wraps a player and adds each decision's wall-clock
time to a side's figures: decisions with more than one legal action (a
decision with one is no decision), their seconds in all and the longest.
The summary turns them into each player's seconds per decision, on average
and at worst, which is how a computer player's budget is chosen.
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping, Sequence
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.actions import Action
from legatus.framework.play.agents import Agent, InformationSetAgent

if TYPE_CHECKING:
    from legatus.framework.play.ai.infoset import InformationSet


class TimedAgent:
    """A player whose decisions are timed into ``figures`` (decisions, seconds, worst)."""

    def __init__(self, agent: Agent, figures: MutableMapping[str, float]) -> None:
        self.agent = agent
        self.figures = figures
        self.reads_view = getattr(agent, "reads_view", True)

    def _count(self, actions: Sequence[Action], started: float) -> None:
        if len(actions) > 1:
            took = time.perf_counter() - started
            self.figures["decisions"] += 1
            self.figures["seconds"] += took
            self.figures["worst"] = max(self.figures["worst"], took)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        started = time.perf_counter()
        action = self.agent.choose(view, actions)
        self._count(actions, started)
        return action


class TimedSearchAgent(TimedAgent):
    """A timed player that searches its information set."""

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        started = time.perf_counter()
        assert isinstance(self.agent, InformationSetAgent)
        action = self.agent.choose_in(info, actions)
        self._count(actions, started)
        return action


def timed(agent: Agent, figures: MutableMapping[str, float]) -> Agent:
    """``agent`` with its decisions timed into ``figures``."""
    if isinstance(agent, InformationSetAgent):
        return TimedSearchAgent(agent, figures)
    return TimedAgent(agent, figures)
