"""How good a state looks for a side: the game's evaluation, through a hook.

Search players stop before the end of a game and need a number: the game
plugin's :meth:`~legatus.framework.engine.gameplugin.GamePlugin.evaluate` gives the game's
own (for Julius Caesar: VP, material in steps, threatened friendly cities). A finished game scores its
result. A game without an evaluation scores every unfinished state 0, so
greedy play is then random among the actions and MCTS relies on its
rollouts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from legatus.framework.engine import outcome
from legatus.framework.engine.state import State

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game

#: ``(state, side) -> value`` in [-1, 1], 1 best for ``side``.
Evaluator = Callable[[State, str], float]
#: ``state -> {side: value}``: every side's value at once, each in [-1, 1].
SidesEvaluator = Callable[[State], dict[str, float]]


def result_value(state: State, side: str, sides: Sequence[str] | None = None) -> float:
    """A finished game: what its result is worth to ``side`` (two sides: 1 won, -1 lost,
    0 drawn; more: :func:`legatus.framework.engine.outcome.value` of its rank)."""
    result = state["result"]
    if sides is None:
        winner = result["winner"]
        return 0.0 if winner is None else (1.0 if winner == side else -1.0)
    return outcome.value(result, side, sides)


def evaluator(game: Game) -> Evaluator:
    """The evaluation of ``game``'s states: its result when over, the game plugin's otherwise."""
    plugin = game.plugin
    definition = game.definition
    params = game.rules.values
    judge = plugin.evaluate if plugin is not None else None
    sides = definition.side_ids

    def evaluate(state: State, side: str) -> float:
        if state["result"] is not None:
            return result_value(state, side, sides)
        value = judge(definition, state, side, params) if judge is not None else None
        if value is None:
            return 0.0
        return max(-1.0, min(1.0, float(value)))

    return evaluate


def sides_evaluator(game: Game) -> SidesEvaluator:
    """Every side's value of a state at once, each what :func:`evaluator` gives it.

    A search scores each position for every side. A game whose sides' values
    share most of their work (one pass over the board scores every nation) may
    give its plugin an
    :meth:`~legatus.framework.engine.gameplugin.GamePlugin.evaluate_sides` that
    returns each side's value as its ``evaluate`` would; then the work is done once a
    state instead of once a side. Where it returns None (the default), each side is
    evaluated in turn.
    """
    one = evaluator(game)
    sides = game.definition.side_ids
    plugin = game.plugin
    definition = game.definition
    params = game.rules.values
    together: Callable[[Any, State, Mapping[str, Any]], Mapping[str, float] | None] | None
    together = plugin.evaluate_sides if plugin is not None else None

    def evaluate(state: State) -> dict[str, float]:
        if together is not None and state["result"] is None:
            values = together(definition, state, params)
            if values is not None:
                return {side: max(-1.0, min(1.0, float(values[side]))) for side in sides}
        return {side: one(state, side) for side in sides}

    return evaluate
