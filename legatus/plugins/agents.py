"""The built-in players, registered through ``legatus_register_agents`` like a third party's.

``random`` (uniform), ``first`` (always the first legal action), ``greedy``
(one ply on the game's evaluation; option ``samples``) and ``mcts``
(information-set MCTS; options ``iterations``, ``actions`` (a budget in actions
tried), ``time`` in seconds for interactive play, ``c``, ``priors``, ``width``,
``rollout``, ``depth``). Options follow the player
spec syntax: ``mcts:iterations=200,c=1.0``. A game's manifest may give its own defaults
(``computer_players``: Hannibal Barkas's ``mcts`` searches 200 actions tried a decision);
a spec's options win over them, and a budget in the spec replaces the default budget.
"""

from __future__ import annotations

from typing import Any

from legatus import (
    Agent,
    AgentRequest,
    FirstAgent,
    Game,
    GreedyAgent,
    LegatusError,
    MctsAgent,
    RandomAgent,
    RegisterAgent,
    hookimpl,
)


def _game(request: AgentRequest, player: str) -> Game:
    if request.game is None:
        raise LegatusError(f"the {player} player needs the game it plays (make_agent(..., game=))")
    return request.game


def random_player(request: AgentRequest) -> Agent:
    request.only("random")
    return RandomAgent(request.seed)


def first_player(request: AgentRequest) -> Agent:
    request.only("first")
    return FirstAgent()


def greedy_player(request: AgentRequest) -> Agent:
    request.only("greedy", "samples")
    request.take_defaults("greedy", ("samples",))
    try:
        return GreedyAgent(
            _game(request, "greedy"), request.seed, samples=request.number("samples", 1, int)
        )
    except LegatusError as error:
        raise LegatusError(f"{error}{request.source('greedy')}") from None


#: The options of the mcts player, and those that set its budget (one at most).
MCTS_OPTIONS = ("iterations", "actions", "time", "c", "rollout", "depth", "priors", "width")
MCTS_BUDGETS = ("iterations", "actions", "time")


def mcts_player(request: AgentRequest) -> Agent:
    """The mcts player: the spec's options over the game's defaults (its manifest's
    ``computer_players.mcts``); a budget in the spec replaces the default budget."""
    request.only("mcts", *MCTS_OPTIONS)
    request.take_defaults("mcts", MCTS_OPTIONS, MCTS_BUDGETS)
    try:
        return _mcts(request)
    except LegatusError as error:
        raise LegatusError(f"{error}{request.source('mcts')}") from None


def _mcts(request: AgentRequest) -> Agent:
    budgets = [key for key in MCTS_BUDGETS if key in request.options]
    if len(budgets) > 1:
        raise LegatusError(
            f"mcts takes one budget, got {' and '.join(budgets)}: iterations, actions or time"
        )
    options: dict[str, Any] = {}
    for key, kind in (("iterations", int), ("actions", int), ("c", float), ("rollout", int),
                      ("depth", int), ("width", int)):  # fmt: skip
        if key in request.options:
            options[key] = request.number(key, 0, kind)
    if "time" in request.options:
        options["seconds"] = request.number("time", 0.0)
    if "priors" in request.options:
        options["priors"] = _flag(request, "priors")
    return MctsAgent(_game(request, "mcts"), request.seed, **options)


def _flag(request: AgentRequest, key: str) -> bool:
    value = request.number(key, 0, int)
    if value not in (0, 1):
        raise LegatusError(f"player option {key}={value}: expected 0 or 1")
    return bool(value)


@hookimpl
def legatus_register_agents(register: RegisterAgent) -> None:
    register("random", random_player)
    register("first", first_player)
    register("greedy", greedy_player)
    register("mcts", mcts_player)
