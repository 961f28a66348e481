"""Ships lost and taken, and what happens to the commanders aboard (8.25-8.26, 8.53, 5.53)."""

from __future__ import annotations

from typing import TypedDict

from legatus import (
    OFF_MAP,
    PIECES,
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    Slot,
    make_prompt,
    piece,
    set_flag,
)
from legatus.games.gbojc_naval import fleet


def sink(ctx: Context, ship: str) -> None:
    """A ship burns and sinks (8.54): off the map, its grapples gone, its commanders killed."""
    state = ctx.state
    for other in fleet.grappled_to(state, ship):
        fleet.ungrapple(state, ship, other)
    for commander in fleet.commanders_on(ctx.definition, state, ship):
        commander_killed(ctx, commander, ship)
    piece(state, ship).at = "out"
    set_flag(state, ship, "burning", False)


def capture(ctx: Context, ship: str, captor: str) -> None:
    """8.25-8.26: the ship joins the captor's fleet marked Captured; taken back by its first
    owner it is Recaptured (and keeps C0, M0 and the reduced speeds). Commanders aboard are
    killed (5.52 sends a commander whose ship is captured to 5.53)."""
    state = ctx.state
    carried = fleet.commanders_on(ctx.definition, state, ship)
    piece(state, ship).side = captor
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
    nearest ship of its squadron (with no such ship left, to the nearest friendly ship; with
    none at all, out of play). Among equally near ships the player chooses: the counter goes
    to the first of them at once, so that it is always aboard a ship, and the player is
    asked (``PlaceCommander``) whether to move it to another of them."""
    d, state = ctx.definition, ctx.state
    side = piece(state, commander).side
    squadron = fleet.records(state).squadrons.get(commander, [])
    friends = [s for s in fleet.ships_of(d, state, side) if s != ship]
    candidates = [s for s in friends if s in squadron] or friends
    piece(state, commander).strength = 1
    fleet.set_attr(state, commander, "killed", True)
    fleet.set_attr(state, commander, "transferred", False)
    if not candidates:
        piece(state, commander).at = "out"
        ctx.log(f"{commander} is lost with {ship}")
        return

    def distance(other: str) -> int:
        return fleet.distance(d, state, ship, other)

    nearest = min(distance(s) for s in candidates)
    tied = sorted(s for s in candidates if distance(s) == nearest)
    place_commander(ctx, commander, tied[0])
    ctx.log(f"{commander} falls with {ship}; the reduced counter goes to {tied[0]}")
    if len(tied) > 1:
        ctx.push("place_commander", commander=commander, choices=tied)


def place_commander(ctx: Context, commander: str, ship: str) -> None:
    fleet.set_attr(ctx.state, commander, "ship", ship)
    piece(ctx.state, commander).at = piece(ctx.state, ship).at


class PlacingArgs(TypedDict):
    commander: str
    choices: list[str]  # the ships it may go to


class PlacingFrame(FrameView):
    args = Slot[PlacingArgs](PIECES)
    done = Slot[bool](PUBLIC, default=False)


class PlaceCommander(Procedure):
    """5.53: "w przypadku wielu takich okrętów gracz sam wybiera jeden z nich"."""

    fields = PlacingFrame.declaration()

    rule = "GBoJC 5.53"

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        placing = PlacingFrame(frame)
        if placing.done:
            return None
        args = placing.args
        state = ctx.state
        side = piece(state, args["commander"]).side
        live = [
            s
            for s in args["choices"]
            if piece(state, s).at not in OFF_MAP and piece(state, s).side == side
        ]
        if len(live) < 2 or piece(state, args["commander"]).at in OFF_MAP:
            return None
        actions = [Action("place", (args["commander"], s)) for s in live]
        return make_prompt(side, "commander", f"place {args['commander']} (5.53)", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        placing = PlacingFrame(frame)
        placing.done = True
        place_commander(ctx, str(action.args[0]), str(action.args[1]))
