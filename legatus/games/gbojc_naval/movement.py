"""Speeds and movement (6.1-6.5): where a ship may go with its next movement point.

A ship's position is its bow hex and facing; a galley's stern trails behind
(4.2). Each function here returns the positions reachable with one action of
the movement segment and what it costs; ``activation.ShipMove`` asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from legatus import Action, Context, opposite, piece, rotate
from legatus.games.gbojc_naval import fleet


@dataclass(frozen=True)
class Step:
    """One movement action: the action, its cost, where the ship ends and how."""

    action: Action
    cost: int
    bow: str
    facing: str
    kind: str  # "forward", "back", "turn"


def wind_modifier(ctx: Context, facing: str) -> int:
    """6.23: the wind astern changes nothing; on a stern quarter +1; on a bow quarter -1;
    on the bow -2. The wind blows towards ``direction``: a ship facing it has it astern."""
    direction = fleet.wind(ctx.state)["direction"]
    if facing == direction:
        return 0
    if facing in (rotate(direction, 1), rotate(direction, -1)):
        return int(ctx.param("wind.stern_quarter_bonus"))
    if facing in (rotate(direction, 2), rotate(direction, -2)):
        return -int(ctx.param("wind.bow_quarter_penalty"))
    return -int(ctx.param("wind.bow_penalty"))


def speed_limit(ctx: Context, ship: str) -> int:
    """The most movement points the ship may announce this turn.

    Galleys (6.11, 6.44, 8.25): the side of the counter shown, the maximum
    speed or the cruise speed; fatigue lowers cruise speed by its turns, but
    never below 1. Sailing ships (6.22-6.23, 7.1, 8.25): the wind's strength
    adjusted for the facing; nothing in a dead calm or with the sails cut; a
    captured one at most half the wind's strength, rounded up.
    """
    d, state = ctx.definition, ctx.state
    stats = d.pieces[ship].stats
    if fleet.is_galley(d, ship):
        if fleet.attr(state, ship, "speed", "cruise") == "max":
            return int(stats["maximum"])
        fatigue = int(fleet.attr(state, ship, "fatigue"))
        cruise = int(stats["cruise"])
        return cruise if fatigue == 0 else max(1, cruise - fatigue)
    wind = fleet.wind(state)
    if fleet.immobile(state, ship) or wind["calm"]:
        return 0
    strength = int(wind["strength"])
    if fleet.taken_ship(state, ship):
        return (strength + 1) // 2
    return max(0, strength + wind_modifier(ctx, fleet.facing(state, ship)))


def fits(ctx: Context, ship: str, bow: str, facing: str) -> bool:
    """6.5, 6.31: every hex of the ship's new position is open sea on the map and free of
    other ships."""
    d = ctx.definition
    grid = fleet.grid(d)
    length = d.piece_types[d.pieces[ship].type].length
    cells = grid.footprint(bow, facing, length)
    if any(c is None for c in cells):
        return False
    taken = fleet.occupancy(d, ctx.state)
    return all(taken.get(c, ship) == ship for c in cells if c is not None)


def near_enemy(ctx: Context, ship: str, bow: str, facing: str) -> bool:
    """Would the ship at this position lie next to an enemy ship? (5.31-5.32)."""
    d, state = ctx.definition, ctx.state
    grid = fleet.grid(d)
    length = d.piece_types[d.pieces[ship].type].length
    cells = [c for c in grid.footprint(bow, facing, length) if c is not None]
    side = piece(state, ship).side
    taken = fleet.occupancy(d, state)
    for cell in cells:
        for other_hex in grid.adjacent(cell):
            holder = taken.get(other_hex)
            if holder is not None and holder != ship and piece(state, holder).side != side:
                return True
    return False


def steps(ctx: Context, ship: str, left: int, moved: dict[str, bool]) -> tuple[list[Step], bool]:
    """The movement actions open to the ship with ``left`` points, and whether it is blocked
    ahead (a ship or the map's edge in a hex it would enter: 6.13 lets it stop there).

    ``moved`` says what it did this turn: ``forward`` (no backing after, 6.33), ``back``
    (no forward move or turning in place after, 6.33).
    """
    d, state = ctx.definition, ctx.state
    grid = fleet.grid(d)
    counter = piece(state, ship)
    bow, facing = counter.at, fleet.facing(state, ship)
    galley = fleet.is_galley(d, ship)
    cruise = galley and fleet.attr(state, ship, "speed", "cruise") == "cruise"
    found: list[Step] = []
    blocked = False
    if left >= 1 and not moved.get("back"):
        for direction in (facing, rotate(facing, -1), rotate(facing, 1)):
            target = grid.neighbour(bow, direction)
            if target is None or not fits(ctx, ship, target, direction):
                blocked = True
                continue
            if galley:
                found.append(Step(Action("row", (target,)), 1, target, direction, "forward"))
                continue
            # 6.32: a sailing ship may turn one hex side on entering a hex, free.
            for turned in (direction, rotate(direction, -1), rotate(direction, 1)):
                found.append(Step(Action("sail", (target, turned)), 1, target, turned, "forward"))
    if cruise and not moved.get("forward"):
        stern = grid.neighbour(bow, opposite(facing))
        if stern is not None and left >= 2:
            # 6.33: back water onto the stern or a stern-quarter hex, 2 MP each.
            for direction in (opposite(facing), rotate(facing, 2), rotate(facing, -2)):
                target = grid.neighbour(stern, direction)
                new_facing = opposite(direction)
                if target is not None and fits(ctx, ship, stern, new_facing):
                    found.append(Step(Action("back", (target,)), 2, stern, new_facing, "back"))
        if not moved.get("back") and left >= 1 and stern is not None:
            # 6.34: swing the bow or the stern one hex side, 1 MP.
            for turn in (-1, 1):
                new_facing = rotate(facing, turn)
                if fits(ctx, ship, bow, new_facing):
                    found.append(
                        Step(Action("pivot", (bow, new_facing)), 1, bow, new_facing, "turn")
                    )
                new_bow = grid.neighbour(stern, new_facing)
                if new_bow is not None and fits(ctx, ship, new_bow, new_facing):
                    found.append(
                        Step(Action("pivot", (new_bow, new_facing)), 1, new_bow, new_facing, "turn")
                    )
            # 6.35: turn about, 2 MP, never next to an enemy.
            if left >= 2 and not fleet.enemies_adjacent(d, state, ship):
                found.append(Step(Action("about"), 2, stern, opposite(facing), "turn"))
    return found, blocked


def place(ctx: Context, ship: str, bow: str, facing: str) -> None:
    counter = piece(ctx.state, ship)
    counter.at, counter.facing = bow, facing
    fleet.move_commanders(ctx.definition, ctx.state, ship)
