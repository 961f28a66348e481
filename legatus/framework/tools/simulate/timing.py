"""Timing a player's decisions, for ``legatus simulate --timing``.

A :class:`TimedAgent` wraps a player and adds each decision's time to a side's figures:
decisions with more than one legal action (a decision with one is no decision), their
seconds in all and the longest, both on the wall clock (``seconds``, ``worst``) and in CPU
time of the process (``cpu``, ``worst_cpu``). The summary turns them into each player's
seconds per decision, on average and at worst, which is how a computer player's budget is
chosen.

On a machine shared with other jobs the two differ: the wall clock counts the time the
process waited for a core, CPU time does not: with twenty runnable processes on two cores,
each gets a tenth of a core, and a decision takes about ten times its CPU time on the wall
clock (figures in docs/simulation.md).
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
    """A player whose decisions are timed into ``figures`` (decisions, seconds, worst, cpu,
    worst_cpu)."""

    def __init__(self, agent: Agent, figures: MutableMapping[str, float]) -> None:
        self.agent = agent
        self.figures = figures
        self.reads_view = getattr(agent, "reads_view", True)

    def _count(self, actions: Sequence[Action], started: float, cpu: float) -> None:
        if len(actions) > 1:
            took = time.perf_counter() - started
            used = time.process_time() - cpu
            figures = self.figures
            figures["decisions"] += 1
            figures["seconds"] += took
            figures["worst"] = max(figures["worst"], took)
            figures["cpu"] += used
            figures["worst_cpu"] = max(figures["worst_cpu"], used)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        started, cpu = time.perf_counter(), time.process_time()
        action = self.agent.choose(view, actions)
        self._count(actions, started, cpu)
        return action


class TimedSearchAgent(TimedAgent):
    """A timed player that searches its information set."""

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        started, cpu = time.perf_counter(), time.process_time()
        assert isinstance(self.agent, InformationSetAgent)
        action = self.agent.choose_in(info, actions)
        self._count(actions, started, cpu)
        return action


def timed(agent: Agent, figures: MutableMapping[str, float]) -> Agent:
    """``agent`` with its decisions timed into ``figures``."""
    if isinstance(agent, InformationSetAgent):
        return TimedSearchAgent(agent, figures)
    return TimedAgent(agent, figures)
