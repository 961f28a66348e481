"""Ships lost and taken, and what happens to the commanders aboard (8.25-8.26, 8.53, 5.53)."""

from __future__ import annotations

from framework.engine.core import Context
from framework.engine.state import set_flag
from games.gbojc_naval import fleet


def sink(ctx: Context, ship: str) -> None:
    """A ship burns and sinks (8.54): off the map, its grapples gone, its commanders killed."""
    state = ctx.state
    for other in fleet.grappled_to(state, ship):
        fleet.ungrapple(state, ship, other)
    for commander in fleet.commanders_on(ctx.definition, state, ship):
        commander_killed(ctx, commander, ship)
    state["pieces"][ship]["at"] = "out"
    set_flag(state, ship, "burning", False)


def capture(ctx: Context, ship: str, captor: str) -> None:
    """8.25-8.26: the ship joins the captor's fleet marked Captured; taken back by its first
    owner it is Recaptured (and keeps C0, M0 and the reduced speeds). Commanders aboard are
    killed (5.52 sends a commander whose ship is captured to 5.53)."""
    state = ctx.state
    carried = fleet.commanders_on(ctx.definition, state, ship)
    state["pieces"][ship]["side"] = captor
    if fleet.has(state, ship, "captured"):
        set_flag(state, ship, "captured", False)
        set_flag(state, ship, "recaptured", True)
    else:
        set_flag(state, ship, "captured", True)
    if fleet.is_galley(ctx.definition, ship):
        fleet.set_attr(state, ship, "speed", "cruise")
    for commander in carried:
        commander_killed(ctx, commander, ship)


def commander_killed(ctx: Context, commander: str, ship: str) -> None:
    """5.53: the commander's counter turns to its reduced side for good and goes to the
    nearest ship of its squadron (the lowest id among the nearest, the players' choice being
    left to a later version); with no such ship left, to the nearest friendly ship; with
    none at all, out of play."""
    d, state = ctx.definition, ctx.state
    side = state["pieces"][commander]["side"]
    squadron = state["public"].get("squadrons", {}).get(commander, [])
    friends = [s for s in fleet.ships_of(d, state, side) if s != ship]
    candidates = [s for s in friends if s in squadron] or friends
    state["pieces"][commander]["strength"] = 1
    fleet.set_attr(state, commander, "killed", True)
    fleet.set_attr(state, commander, "transferred", False)
    if not candidates:
        state["pieces"][commander]["at"] = "out"
        ctx.log(f"{commander} is lost with {ship}")
        return
    origin = state["pieces"][ship]
    grid = fleet.grid(d)
    if origin["at"] in fleet.OFF_MAP:
        new = min(candidates)
    else:
        new = min(
            candidates,
            key=lambda s: (
                min(grid.hex_distance(origin["at"], h) for h in fleet.hexes(d, state, s)),
                s,
            ),
        )
    fleet.set_attr(state, commander, "ship", new)
    state["pieces"][commander]["at"] = state["pieces"][new]["at"]
    ctx.log(f"{commander} falls with {ship}; the reduced counter goes to {new}")
