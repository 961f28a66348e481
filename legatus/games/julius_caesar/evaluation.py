"""How a Julius Caesar position looks to one side, for the greedy and MCTS players.

Four terms (the first three are the ones the AI issue asks for), all read
from a state the player sampled from its information set (never the true
state):

* VP (JC 1.2): the side's VP minus the enemy's, the measure of victory. A
  contested city (JC 4.2.1) is nobody's until its battle is fought (JC 7.0),
  so it counts for each side by that side's chance of winning the battle,
  estimated by the square law on expected hits per round (strength times
  firepower over six, JC 7.4): a lone auxilia walking into a held city gains
  little, a stack of legions gains most of the city;
* material in steps (JC 3.0: a block's strength is its steps): the steps of
  the side's blocks on the map minus the enemy's; in a contested space each
  side is expected to lose the hits the enemy fires in two battle rounds
  (the battle's likely length), capped at its steps;
* threatened friendly cities (JC 4.2.1, 6.1): the VP of the side's friendly
  cities next to a space holding enemy blocks, which the enemy may attack
  next turn, minus the same for the enemy;
* strength near the VP cities (JC 6.1: blocks move a few connections a
  turn): each VP city counts, for a part of its VP, for the side with more
  steps within three connections (nearer steps weigh more), so armies march
  towards the cities they can take or must defend, not at random.

A side holding the VP that win at a winter check (JC 1.2, 8.1) gets a
bonus on top: the step from nine VP to ten is worth far more than one VP.

The weighted sum is squashed into (-1, 1) with ``tanh``; ten VP (a winter
win) is worth about 0.9.
"""

from __future__ import annotations

import math
from typing import Any

from legatus import GameDef, State, pieces_of
from legatus.games.julius_caesar import model

#: Weights of the three terms, in VP: a step is worth a quarter VP, a threatened VP half.
STEP_VALUE = 0.25
THREAT_VALUE = 0.5
#: The VP lead that maps to tanh(1) (0.76).
SCALE = 6.0
#: JC 1.2: what holding the VP that win at a winter check (the rules' ``vp_to_win``) is
#: worth beyond their VP: the side holding them wins at the next winter unless the enemy
#: takes some back.
WIN_BONUS = 3.0
#: Strength near the VP cities: a step counts for the cities up to INFLUENCE_RANGE
#: connections away, halved per connection; each city adds its VP times
#: INFLUENCE_VALUE times tanh(strength lead there / INFLUENCE_SCALE).
INFLUENCE_RANGE = 3
INFLUENCE_VALUE = 0.3
INFLUENCE_SCALE = 4.0
#: Battle rounds of enemy fire a block in a contested space is expected to take (JC 7.2).
EXPECTED_ROUNDS = 2.0

#: Where a piece off the map stands: its pool, out of the game, or nowhere yet.
_OFF_MAP = frozenset({"pool", "out", None})

Tables = tuple[
    dict[str, int],
    dict[str, int],
    dict[str, frozenset[str]],
    dict[str, float],
    dict[str, list[tuple[str, float]]],
]


def _tables(definition: GameDef) -> Tables:
    """Per game definition: land spaces' VP, the VP cities' VP, every space's neighbours, each
    block's hits per step, and the VP cities near each space with the weight of a step there."""
    return definition.derived("julius_caesar.evaluation", _build_tables)


def _build_tables(definition: GameDef) -> Tables:
    board = definition.board
    land = board.space_kinds
    city_vp = {sid: space.vp for sid, space in board.spaces.items() if land[space.kind] == "land"}
    near = {sid: board.neighbours(sid) for sid in board.spaces}
    per_step: dict[str, float] = {}
    for pid, spec in definition.pieces.items():
        rating: Any = spec.defending or spec.attacking
        per_step[pid] = rating.firepower / 6.0 if rating is not None else 0.0
    # Every space -> the VP cities within INFLUENCE_RANGE connections, with the weight of a
    # step there (halved per connection), by breadth-first search over the board.
    reach: dict[str, list[tuple[str, float]]] = {}
    for start in board.spaces:
        seen = {start: 0}
        frontier = [start]
        for distance in range(1, INFLUENCE_RANGE + 1):
            frontier = [n for f in frontier for n in near[f] if n not in seen]
            for n in frontier:
                seen.setdefault(n, distance)
        reach[start] = [
            (city, 0.5**distance) for city, distance in sorted(seen.items()) if city_vp.get(city)
        ]
    vp_cities = {city: vp for city, vp in city_vp.items() if vp}
    return (city_vp, vp_cities, near, per_step, reach)


def evaluate(definition: GameDef, state: State, side: str, vp_to_win: int) -> float:
    """The value of ``state`` for ``side``, in (-1, 1); ``vp_to_win`` is the rules' JC 1.2 target."""
    enemy = model.enemy(side)
    city_vp, vp_cities, near, per_step, reach = _tables(definition)
    # space -> side -> [steps, expected hits per round], in the order the pieces are met
    present: dict[str, dict[str, list[float]]] = {}
    for pid, piece in pieces_of(state):
        at = piece["at"]
        if at in _OFF_MAP:
            continue
        owner = piece["side"]
        strength = piece["strength"]
        hits = strength * per_step.get(pid, 0.0)
        here = present.get(at)
        if here is None:
            present[at] = {owner: [strength, hits]}
            continue
        force = here.get(owner)
        if force is None:
            here[owner] = [strength, hits]
        else:
            force[0] += strength
            force[1] += hits
    # Steps, and each VP city's lead in steps near it (the side's pull minus the enemy's),
    # a side's steps of a space at a time: steps are whole numbers and the weights powers
    # of a half, so these sums are exact in any order.
    lead = dict.fromkeys(vp_cities, 0.0)
    steps = {side: 0.0, enemy: 0.0}
    for at, forces in present.items():
        cities = reach[at]
        for owner, force in forces.items():
            count = force[0]
            steps[owner] += count
            pulled = count if owner == side else -count
            for city, weight in cities:
                lead[city] += pulled * weight
    vp = {
        side: float(len(model.trophies(state, side))),
        enemy: float(len(model.trophies(state, enemy))),
    }
    held: dict[str, list[str]] = {side: [], enemy: []}
    for space, forces in present.items():
        worth = city_vp.get(space)
        if len(forces) == 1:
            if worth is not None:
                (owner,) = forces
                vp[owner] += worth
                held[owner].append(space)
            continue
        mine, theirs = forces[side], forces[enemy]
        square_mine, square_theirs = mine[1] * mine[1], theirs[1] * theirs[1]
        total = square_mine + square_theirs
        chance = square_mine / total if total else 0.5
        if worth:
            vp[side] += worth * chance
            vp[enemy] += worth * (1.0 - chance)
        steps[side] -= min(mine[0], EXPECTED_ROUNDS * theirs[1])
        steps[enemy] -= min(theirs[0], EXPECTED_ROUNDS * mine[1])
    threatened = {side: 0, enemy: 0}
    for owner in (side, enemy):
        other = enemy if owner == side else side
        for city in held[owner]:
            for n in near[city]:
                around = present.get(n)
                if around is not None and other in around:
                    threatened[owner] += city_vp[city]
                    break
    pressure = 0.0
    for city, worth in vp_cities.items():
        pressure += worth * math.tanh(lead[city] / INFLUENCE_SCALE)
    raw = (
        (vp[side] - vp[enemy])
        + INFLUENCE_VALUE * pressure
        + WIN_BONUS * ((vp[side] >= vp_to_win) - (vp[enemy] >= vp_to_win))
        + STEP_VALUE * (steps[side] - steps[enemy])
        - THREAT_VALUE * (threatened[side] - threatened[enemy])
    )
    return math.tanh(raw / SCALE)
