"""How a Julius Caesar position looks to one side, for the greedy and MCTS players.

Three terms, as the AI issue asks, all read from a state the player sampled
from its information set (never the true state):

* VP (JC 1.2): the side's VP minus the enemy's, the measure of victory;
* material in steps (JC 3.0: a block's strength is its steps): the steps of
  the side's blocks on the map minus the enemy's;
* threatened friendly cities (JC 4.2.1, 6.1): the VP of the side's friendly
  cities next to a space holding enemy blocks, which the enemy may attack
  next turn, minus the same for the enemy.

The weighted sum is squashed into (-1, 1) with ``tanh``; ten VP (a winter
win) is worth about 0.9.
"""

from __future__ import annotations

import math

from framework.engine.state import State
from framework.gamedef import GameDef
from games.julius_caesar import model

#: Weights of the three terms, in VP: a step is worth a quarter VP, a threatened VP half.
STEP_VALUE = 0.25
THREAT_VALUE = 0.5
#: The VP lead that maps to tanh(1) (0.76).
SCALE = 6.0


def evaluate(game: GameDef, state: State, side: str) -> float:
    """The value of ``state`` for ``side``, in (-1, 1)."""
    enemy = model.enemy(side)
    found = model.occupants(state)
    spaces = game.board.spaces
    land = game.board.space_kinds
    vp = {s: 0 for s in model.SIDES}
    held: dict[str, list[str]] = {s: [] for s in model.SIDES}
    for space, sides in found.items():
        if len(sides) == 1 and land[spaces[space].kind] == "land":
            (owner,) = sides
            vp[owner] += spaces[space].vp
            held[owner].append(space)
    for s in model.SIDES:
        vp[s] += len(model.trophies(state, s))
    steps = {s: 0 for s in model.SIDES}
    for piece in state["pieces"].values():
        if piece["at"] not in ("pool", "out"):
            steps[piece["side"]] += piece["strength"]
    threatened = {s: 0 for s in model.SIDES}
    for s in model.SIDES:
        other = model.enemy(s)
        for city in held[s]:
            if any(other in found.get(n, ()) for n in game.board.neighbours(city)):
                threatened[s] += spaces[city].vp
    raw = (
        (vp[side] - vp[enemy])
        + STEP_VALUE * (steps[side] - steps[enemy])
        - THREAT_VALUE * (threatened[side] - threatened[enemy])
    )
    return math.tanh(raw / SCALE)
