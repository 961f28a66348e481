"""How a naval position looks to one side, for the greedy and MCTS players.

The score is a weighted sum, in "ships", of what decides the battle (GBoJC 9.0: the side
that sinks or captures ``victory.share_taken`` per cent of the enemy's ships wins at once;
after the last turn, the side that took more):

* ships taken (8.25, 8.54, 9.0): enemy ships sunk or captured minus own ships lost, one
  ship each; a side that has taken the share that wins gets a bonus on top, and each side
  is credited for how near it is to that share;
* burning and immobilised ships (8.53-8.54, 7.1): a burning ship is likely lost, a ship
  whose sails are cut cannot escape a boarding; each counts as part of a ship lost;
* marines (8.2, 8.62): the marines left afloat (after depletion, none on a captured
  ship), own minus the enemy's: boarding is won with marines, and missile fire depletes
  them;
* fatigue (6.43-6.45): a fatigued galley rows slower for its fatigue turns; own fatigue
  turns minus the enemy's count against the side;
* position (4.0, 8.1, 8.2): every own ship near an enemy ship (within ``REACH`` hexes,
  nearer weighs more, grappled most) scores the difference of their boarding strength
  (marines, and the height of a sailing ship over a galley, 8.24), so a stronger ship
  seeks contact and a weaker one avoids it; and every ship is drawn a little towards the
  nearest enemy ship, so fleets that are even do not wait out the game.

The sum is squashed into (-1, 1) with ``tanh``: a lead of ``SCALE`` ships maps to
tanh(1) (0.76). The evaluation reads the state it is given, which the players sample
from their information set (a naval state hides nothing), never the true state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from legatus import GameDef, State, piece
from legatus.games.gbojc_naval import fleet

#: A ship taken (sunk or captured) is the unit.
TAKEN_VALUE = 1.0
#: A side that has taken the share that wins: the game is over, or will be.
WIN_BONUS = 3.0
#: Progress towards the winning share: taken / needed, times this.
PROGRESS_VALUE = 1.0
#: A burning ship: most burn on and sink (8.54).
BURNING_VALUE = 0.4
#: A ship whose sails are cut: it cannot manoeuvre away from galleys (7.1).
IMMOBILE_VALUE = 0.2
#: One marine point afloat.
MARINE_VALUE = 0.15
#: One turn of fatigue on a galley.
FATIGUE_VALUE = 0.05
#: Boarding strength difference of two ships in contact (distance 1), per point.
CONTACT_VALUE = 0.12
#: Grappled ships fight at once: their strength difference counts this many times.
GRAPPLED_WEIGHT = 1.5
#: Hexes within which two ships count as engaged (the weight halves per hex beyond 1).
REACH = 3
#: The pull towards the nearest enemy ship, per ship, at distance 1 (decaying with range).
APPROACH_VALUE = 0.03
#: The lead in ships that maps to tanh(1).
SCALE = 3.0


def _distance_table(definition: GameDef) -> dict[tuple[str, str], int]:
    """Hex distances already measured on ``definition``'s grid (filled as they are asked)."""
    return definition.derived("gbojc_naval.evaluation.distances", _no_distances)


def _no_distances(definition: GameDef) -> dict[tuple[str, str], int]:
    return {}


class _Ship:
    """What the evaluation reads of one ship afloat, read once per state."""

    __slots__ = (
        "burning",
        "fatigue",
        "galley",
        "grappled",
        "hexes",
        "immobile",
        "marines",
        "sailing",
    )

    def __init__(self, definition: GameDef, state: State, pid: str) -> None:
        kind = definition.pieces[pid].type
        self.hexes = fleet.hexes(definition, state, pid)
        self.marines = fleet.marines(definition, state, pid)
        self.galley = kind == fleet.GALLEY
        self.sailing = kind == fleet.SAILING
        self.burning = fleet.has(state, pid, "burning")
        self.immobile = fleet.immobile(state, pid)
        self.fatigue = int(fleet.attr(state, pid, "fatigue")) if self.galley else 0
        self.grappled = fleet.grappled_to(state, pid)


def evaluate(definition: GameDef, state: State, side: str, params: Mapping[str, Any]) -> float:
    """The value of ``state`` for ``side``, in (-1, 1)."""
    enemy = definition.opponent(side)
    share = int(params.get("victory.share_taken", 50))
    height = bool(params.get("height.sailing_over_galley", True))
    ships: dict[str, dict[str, _Ship]] = {side: {}, enemy: {}}
    for pid in fleet.afloat(definition, state):
        ships[piece(state, pid).side][pid] = _Ship(definition, state, pid)
    raw = 0.0
    for owner, sign in ((side, 1.0), (enemy, -1.0)):
        other = enemy if owner == side else side
        taken = fleet.ships_taken(definition, state, owner)
        needed = max(1, math.ceil(share * fleet.fleet_size(definition, other) / 100))
        score = TAKEN_VALUE * taken + PROGRESS_VALUE * min(1.0, taken / needed)
        if taken >= needed:
            score += WIN_BONUS
        for ship in ships[owner].values():
            score += MARINE_VALUE * ship.marines - FATIGUE_VALUE * ship.fatigue
            if ship.burning:
                score -= BURNING_VALUE
            if ship.immobile:
                score -= IMMOBILE_VALUE
        raw += sign * score
    raw += _position(definition, ships[side], ships[enemy], height)
    return math.tanh(raw / SCALE)


def _strength(ship: _Ship, against: _Ship, height: bool) -> float:
    """A ship's boarding strength against another: its marines, plus one for the height of a
    sailing ship over a galley (8.24, the rules' ``height.sailing_over_galley``)."""
    if height and ship.sailing and against.galley:
        return ship.marines + 1.0
    return float(ship.marines)


def _hexes_apart(grid: Any, known: dict[tuple[str, str], int], a: str, b: str) -> int:
    key = (a, b) if a < b else (b, a)
    found = known.get(key)
    if found is None:
        found = known[key] = grid.hex_distance(a, b)
    return found


def _position(
    definition: GameDef, mine: Mapping[str, _Ship], theirs: Mapping[str, _Ship], height: bool
) -> float:
    """Contact between ships by their boarding strength, and the pull towards the enemy."""
    if not mine or not theirs:
        return 0.0
    grid = fleet.grid(definition)
    known = _distance_table(definition)
    value = 0.0
    pull = 0.0
    for ship in mine.values():
        nearest = math.inf
        for pid, enemy in theirs.items():
            # Bow to bow first; a galley's stern is one hex behind its bow, so ships whose
            # bows are far apart are far apart whichever hexes are counted.
            d = _hexes_apart(grid, known, ship.hexes[0], enemy.hexes[0])
            if d <= REACH + 2:
                for x in ship.hexes:
                    for y in enemy.hexes:
                        d = min(d, _hexes_apart(grid, known, x, y))
            nearest = min(nearest, d)
            if d > REACH:
                continue
            weight = GRAPPLED_WEIGHT if pid in ship.grappled else 0.5 ** (d - 1)
            edge = _strength(ship, enemy, height) - _strength(enemy, ship, height)
            value += CONTACT_VALUE * weight * edge
        if 0 < nearest < math.inf:
            pull += 1.0 / nearest
    # Each side is drawn towards the enemy: its own pull counts and the enemy's does not
    # count against it (closing in is what both fleets came to do), so this term alone is
    # not zero-sum.
    return value + APPROACH_VALUE * pull
