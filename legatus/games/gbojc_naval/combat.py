"""Combat between ships (7.1, 8.1-8.6): cutting sails, grappling, ungrappling, missile fire,
fire, boarding and depletion. Each function rolls through the rules-file tables."""

from __future__ import annotations

from dataclasses import dataclass

from legatus import FACINGS, Context, HexGrid, opposite, piece, set_flag
from legatus.games.gbojc_naval import fleet
from legatus.games.gbojc_naval.losses import capture

SUCCESS = "S"
FIRE_STARTS = "Cel płonie."


def deplete(ctx: Context, ship: str, levels: int = 1) -> None:
    """8.61-8.63: depletion lowers M# at once, level by level (M# never below 0)."""
    level = int(fleet.attr(ctx.state, ship, "depletion")) + levels
    fleet.set_attr(ctx.state, ship, "depletion", level)
    ctx.fired("GBoJC 8.62")


# -- firing arcs (8.41, 8.46) --------------------------------------------------------------


def _end_sides(ctx: Context, ship: str) -> dict[str, frozenset[str]]:
    """The two hex sides fire may not cross (8.41), by hex: the bow's and the stern's (both
    on the one hex of a sailing ship, one on each hex of a galley's two)."""
    d, state = ctx.definition, ctx.state
    cells = fleet.hexes(d, state, ship)
    facing = fleet.facing(state, ship)
    ends: dict[str, frozenset[str]] = {cells[0]: frozenset({facing})}
    ends[cells[-1]] = ends.get(cells[-1], frozenset()) | {opposite(facing)}
    return ends


def fire_range(
    ctx: Context,
    shooter: str,
    target: str,
    incendiary: bool,
    taken: dict[str, str] | None = None,
) -> int | None:
    """The range of a line of fire from ``shooter`` to ``target``, or None if there is none.

    8.41: one hex or two; a normal line leaves the shooter through a side
    hex edge, never the bow's or the stern's; an incendiary one through any
    edge, and only at one hex (8.52). 8.46: at two hexes the line is blocked
    when a ship stands on the hex between. A line at two hexes runs from a
    hex of the shooter through the side edge into the hex between, then on to
    the target; where two hexes lie between (the target off the straight
    line), one free of ships is enough.
    """
    d, state = ctx.definition, ctx.state
    grid = fleet.grid(d)
    longest = int(ctx.param("fire.incendiary_range" if incendiary else "fire.range"))
    ends = _end_sides(ctx, shooter)
    mine = fleet.hexes(d, state, shooter)
    theirs = set(fleet.hexes(d, state, target))
    if taken is None:
        taken = fleet.occupancy(d, state)
    best: int | None = None
    for cell in mine:
        for facing, first in zip(FACINGS, grid.neighbour_row(cell), strict=True):
            if first is None or (not incendiary and facing in ends.get(cell, ())):
                continue  # not through the bow's or the stern's edge
            if first in theirs:
                return 1
            if longest < 2 or first in mine or first in taken:
                continue  # 8.46: a ship on the hex between blocks the line
            if any(
                grid.hex_distance(cell, t) == 2 and first in _between(grid, cell, t) for t in theirs
            ):
                best = 2
    return best


def _between(grid: HexGrid, a: str, b: str) -> list[str]:
    """The hexes next to both ``a`` and ``b`` (two hexes apart): one on a straight line, two
    when ``b`` lies off the straight lines of ``a``'s sides."""
    near_b = set(grid.adjacent(b))
    return [h for h in grid.adjacent(a) if h in near_b]


def fire_targets(ctx: Context, shooter: str, incendiary: bool) -> list[str]:
    d, state = ctx.definition, ctx.state
    side = piece(state, shooter).side
    taken = fleet.occupancy(d, state)
    near = fleet.hexes(d, state, shooter)
    grid = fleet.grid(d)
    return [
        t
        for t in fleet.afloat(d, state)
        if piece(state, t).side != side
        and min(grid.hex_distance(a, b) for a in near for b in fleet.hexes(d, state, t)) <= 2
        and fire_range(ctx, shooter, t, incendiary, taken) is not None
    ]


def may_fire(ctx: Context, ship: str) -> bool:
    """May the ship fire at all? Any ship may, on the M0 column of table 8.47 if its M# is 0.

    8.25 takes a captured ship's M# to 0, and its note says the captor may use it
    "do prowadzenia ostrzału" (for missile fire) though not for boarding; table 8.47
    prints an M0 column; 8.21 and the summary in 8.64 list boarding as the one thing
    M0 forbids. Against them stands the end of 8.43, "nie można strzelać z siłą M0",
    which closes the paragraph on splitting fire: right after "Statki z siłą M1 nie
    mogą „rozdzielić” ostrzału" it gives the reason, that no part of a split may be
    M0. Read so, every text agrees, and the M0 column is reachable (a hit there needs
    a modified 7: a grappled target or the height). Split fire keeps each part at M1
    at least (``activation.ShipMove``). Read as a ban on any fire with M0, the note to
    8.25 and the column go unused: that reading is ``missile_fire.with_m0 = false``
    and ``variants/no_fire_at_m0.variant``.
    """
    if ctx.param("missile_fire.with_m0"):
        return True
    return fleet.marines(ctx.definition, ctx.state, ship) >= 1


def may_fire_incendiary(ctx: Context, ship: str) -> bool:
    """8.51: Roman galleys carry fire arrows (every galley: only the Romans have galleys)."""
    return fleet.is_galley(ctx.definition, ship) and may_fire(ctx, ship)


@dataclass(frozen=True)
class Shot:
    """One resolved fire: what it does, applied later when fire is simultaneous (8.42)."""

    shooter: str
    target: str
    depletion: int
    sets_fire: bool
    text: str


def shoot(
    ctx: Context, shooter: str, target: str, incendiary: bool, strength: int | None = None
) -> Shot:
    """8.44-8.47, 8.51: roll 1d6 on the missile fire table in the column of the shooter's
    M# (or the part of it given to this target, 8.43); "W" depletes the target; "W/Poż"
    too, and incendiary fire at one hex then rolls on the fire table (4-6: it burns)."""
    d, state = ctx.definition, ctx.state
    reach = fire_range(ctx, shooter, target, incendiary)
    assert reach is not None
    if strength is None:
        strength = fleet.marines(d, state, shooter)
    strength = min(8, strength)
    result = ctx.roll_on(
        "missile_fire",
        column=strength,
        height_advantage=fleet.height_advantage(ctx, shooter, target),
        height_disadvantage=fleet.height_advantage(ctx, target, shooter),
        target_grappled=bool(fleet.grappled_to(state, target)),
        range_two=reach == 2,
        target_immobilised=fleet.immobile(state, target),
        sailing_target_in_dead_calm=(
            d.pieces[target].type == fleet.SAILING and fleet.dead_calm(state)
        ),
    )
    cell = result.cell.text
    depletion = 0 if cell == "-" else 1
    sets_fire = False
    if cell == "W/Poż" and incendiary and reach == 1:
        sets_fire = ctx.roll_on("fire").cell.text == FIRE_STARTS
    kind = "incendiary fire" if incendiary else "fire"
    text = f"{shooter} {kind} at {target}: roll {result.roll}{result.modifier:+d} -> {cell}"
    return Shot(shooter, target, depletion, sets_fire, text + (", fire!" if sets_fire else ""))


def land(ctx: Context, shot: Shot) -> None:
    ctx.log(shot.text)
    if shot.depletion:
        deplete(ctx, shot.target, shot.depletion)
    if shot.sets_fire:
        set_flag(ctx.state, shot.target, "burning", True)
        ctx.fired("GBoJC 8.53")


# -- grappling and cutting sails (8.1, 7.1) ---------------------------------------------


def may_grapple(ctx: Context, ship: str) -> bool:
    """8.11, 8.13: ships at cruise speed or under sail, one attempt a turn; galleys at
    maximum speed may not; a ship with C0 may (the table has a C0 column)."""
    state = ctx.state
    if fleet.is_galley(ctx.definition, ship) and fleet.attr(state, ship, "speed") == "max":
        return False
    return ship not in fleet.turn_list(state, "grapple_tried")


def grapple_targets(ctx: Context, ship: str) -> list[str]:
    """8.11: enemy ships across a hex side; not one whose sails this side cut this turn (7.1)."""
    state = ctx.state
    side = piece(state, ship).side
    barred = {t for s, t in fleet.turn_list(state, "sails_cut") if s == side}
    partners = set(fleet.grappled_to(state, ship))
    return [
        t
        for t in fleet.enemies_adjacent(ctx.definition, state, ship)
        if t not in barred and t not in partners
    ]


def try_grapple(ctx: Context, ship: str, target: str) -> bool:
    """8.12-8.14: roll 1d6 on the grappling table in the column of the ship's C#."""
    state = ctx.state
    fleet.mark(state, "grapple_tried", ship)
    result = ctx.roll_on(
        "grappling",
        column=fleet.crew(ctx.definition, state, ship),
        target_immobilised=fleet.immobile(state, target),
        target_grappled=bool(fleet.grappled_to(state, target)),
        dead_calm=fleet.dead_calm(state),
    )
    ok = bool(result.cell.text == SUCCESS)
    ctx.log(f"{ship} grapples {target}: roll {result.roll}{result.modifier:+d} -> {result.cell}")
    if ok:
        fleet.grapple(state, ship, target)
    return ok


def cut_sails_targets(ctx: Context, ship: str) -> list[str]:
    """7.1: a galley next to an enemy sailing ship not yet immobilised, instead of grappling."""
    d, state = ctx.definition, ctx.state
    if not fleet.is_galley(d, ship) or not may_grapple(ctx, ship):
        return []
    return [
        t
        for t in fleet.enemies_adjacent(d, state, ship)
        if d.pieces[t].type == fleet.SAILING and not fleet.immobile(state, t)
    ]


def cut_sails(ctx: Context, ship: str, target: str) -> bool:
    """7.1: 1d6, 1-4 (``cut_sails.success``): the sailing ship is immobilised for good, and
    the Roman player may grapple it only from the next turn."""
    state = ctx.state
    fleet.mark(state, "grapple_tried", ship)
    roll = ctx.roll(1, what=f"{ship} cuts the sails of {target}")[0]
    ok = roll <= int(ctx.param("cut_sails.success"))
    ctx.log(f"{ship} cuts the sails of {target}: roll {roll} -> {'cut' if ok else 'missed'}")
    if ok:
        set_flag(state, target, "immobilised", True)
        fleet.mark(state, "sails_cut", [piece(state, ship).side, target])
    return ok


def try_ungrapple(ctx: Context, ship: str) -> bool:
    """8.31-8.34: one roll on the ungrappling table per ship grappled to it (8.33: from
    several at once, without the better-crew modifier); true when it is free of all."""
    d, state = ctx.definition, ctx.state
    partners = fleet.grappled_to(state, ship)
    side = piece(state, ship).side
    repelled = ship in fleet.turn_list(state, "repelled_boarding")
    for other in partners:
        result = ctx.roll_on(
            "ungrappling",
            column=fleet.crew(d, state, ship),
            same_owner=piece(state, other).side == side,
            better_crew=len(partners) == 1
            and fleet.crew(d, state, ship) > fleet.crew(d, state, other),
            repelled_boarding=repelled,
        )
        ctx.log(
            f"{ship} ungrapples from {other}: roll {result.roll}{result.modifier:+d} -> {result.cell}"
        )
        if result.cell.text == SUCCESS:
            fleet.ungrapple(state, ship, other)
    return not fleet.grappled_to(state, ship)


# -- boarding (8.2) ------------------------------------------------------------------------


def marines_left(ctx: Context, ship: str) -> int:
    """8.22: marines a ship has not yet sent aboard an enemy this turn (it may split them)."""
    used = fleet.turn_data(ctx.state).get("marines_used", {}).get(ship, 0)
    return max(0, fleet.marines(ctx.definition, ctx.state, ship) - int(used))


def board(ctx: Context, attackers: list[tuple[str, int]], target: str) -> bool:
    """8.21-8.29: the attacking ships' committed marines together against the target's M#.

    ``attackers`` are (ship, marines committed); the sum is the column of the
    boarding table (at most 8) and the defender's M# the row. The height
    modifier applies when every attacker towers over the defender (+1) or
    the defender over every attacker (-1). Captured: the target changes
    sides (8.25), attackers lose a level on a modified 9-12 unless the cell
    was AUTO; repelled: every attacker loses a level, and the defender too
    on a modified 2-5 unless the cell was NIE (8.28). Repelled attackers may
    not board that target again this turn (8.27).
    """
    d, state = ctx.definition, ctx.state
    ships = [s for s, _ in attackers]
    side = piece(state, ships[0]).side
    column = min(8, sum(m for _, m in attackers))
    row = min(8, fleet.marines(d, state, target))
    result = ctx.roll_on(
        "boarding",
        row=row,
        column=column,
        height_advantage=all(fleet.height_advantage(ctx, s, target) for s in ships),
        height_disadvantage=all(fleet.height_advantage(ctx, target, s) for s in ships),
    )
    cell = result.cell.text
    words = f"M{column} against M{row}, cell {cell}, roll {result.roll}{result.modifier:+d}"
    used = fleet.turn_data(state).setdefault("marines_used", {})
    for ship, committed in attackers:
        used[ship] = used.get(ship, 0) + committed
    if result.passed:
        ctx.log(f"{', '.join(ships)} board {target} ({words}): captured")
        if cell != "AUTO" and result.modified >= 9:
            for ship in ships:
                deplete(ctx, ship)
        capture(ctx, target, side)
        ctx.fired("GBoJC 8.25")
        return True
    ctx.log(f"{', '.join(ships)} board {target} ({words}): repelled")
    for ship in ships:
        deplete(ctx, ship)
        fleet.mark(state, "repelled_by", [ship, target])
    if cell != "NIE" and result.modified <= 5:
        deplete(ctx, target)
    fleet.mark(state, "repelled_boarding", target)
    ctx.fired("GBoJC 8.27")
    return False
