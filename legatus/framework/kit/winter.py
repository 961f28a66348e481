"""Winter: blocks at sea make port, each space supplies so many blocks, sides disband.

The Columbia block games end each year the same way (Julius Caesar's winter, Hammer of
the Scots' wintering, Crusader Rex's winter supply): ships at sea go to a friendly port
on their sea or are lost; a space supports a number of blocks (a base, plus a value
printed on the space: its victory points, its castle rating), and its owner sends the
excess back to the pool; then each side may disband blocks to its pool. A block sent to
the pool drops its battle reveal: it stands up again, hidden.

Each primitive reads only the board, the pieces and its arguments, so a rules file
states the game's readings: the base of the supply, the space's printed value that adds
to it, the piece types that winter never removes.

A block that belongs to a space goes home each winter (a queen to her capital in Julius
Caesar, Hammer of the Scots' nobles to their home areas), and joins the side holding
its home if the enemy does (:func:`go_home`). The year ends by standing up the blocks
eliminated this year and gathering every card (:func:`reset_year`).

The log tells every side where a block left and tells its own side which block it was;
a block at sea is named by its type (``"a navis at Mare Internum"``), which every side
sees at sea.
"""

from __future__ import annotations

from collections.abc import Collection

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import OFF_MAP, State, note_moved, set_flag, sides_by_space
from legatus.framework.kit.cards import DECK, clear_turn_records, full_deck
from legatus.framework.kit.levy import ELIMINATED
from legatus.framework.kit.movement import place
from legatus.framework.kit.steps import swap_for_counterpart
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import rules_effect, rules_query

POOL = "pool"
#: Space categories: blocks winter supply counts stand on land; ships stand at sea and
#: make port across sea borders.
LAND, SEA = "land", "sea"
REVEALED = "revealed"


def to_pool(state: State, block: str) -> None:
    """The block leaves the map for its side's pool, hidden again."""
    place(state["pieces"], block, POOL)
    set_flag(state, block, REVEALED, False)


def leaves(ctx: Context, block: str, verb: str, what: str, **where: str) -> None:
    """``block`` goes to its pool, logged twice: every side reads ``what`` left (``"a
    block from Roma: winter supply"``), its own side which block."""
    entry = ctx.state["pieces"][block]
    at, side = entry["at"], entry["side"]
    to_pool(ctx.state, block)
    does = ctx.definition.side_does
    ctx.log(does(side, f"{verb} {what}"), **where)
    place = "from" if verb == "removes" else "at"
    ctx.log(does(side, f"{verb} {block} {place} {at}"), to=[side], piece=block)


def ports_on(game: GameDef, sides_at: dict[str, set[str]], sea: str, side: str) -> list[str]:
    """The ports on ``sea`` (land spaces across a sea border) friendly to ``side``: its
    blocks there and no enemy's. By name."""
    return sorted(
        port
        for port in game.board.adjacent_of_category(sea, LAND, kinds=(SEA,))
        if sides_at.get(port) == {side}
    )


def supply_limit(game: GameDef, space: str, base: int, value: str) -> int:
    """The blocks ``space`` supplies: ``base`` plus the number the space prints under
    ``value`` (``vp``: its victory points; another name: one of its ``values``)."""
    printed = game.board.spaces[space]
    extra = printed.vp if value == "vp" else int(printed.values.get(value, 0))
    return base + extra


def over_supplied(
    game: GameDef, state: State, side: str, base: int, value: str, kept: Collection[str] = ()
) -> list[str]:
    """The land spaces holding more of ``side``'s blocks than they supply, by name, among
    them a block winter may remove (one whose type is not in ``kept``: such blocks count
    towards the limit but stay)."""
    counts: dict[str, int] = {}
    removable: set[str] = set()
    land = game.board.spaces_of(LAND)
    for pid, entry in state["pieces"].items():
        at = entry["at"]
        if entry["side"] == side and at not in OFF_MAP and at in land:
            counts[at] = counts.get(at, 0) + 1
            if game.pieces[pid].type not in kept:
                removable.add(at)
    return sorted(
        space
        for space, held in counts.items()
        if space in removable and held > supply_limit(game, space, base, value)
    )


# -- what a rules file calls ---------------------------------------------------------------


@rules_query("at_sea(side: side) -> list[piece]")
def at_sea(ctx: Context, side: str) -> list[str]:
    """The side's blocks at sea, in the pieces file's order."""
    seas = ctx.definition.board.spaces_of(SEA)
    return [
        pid
        for pid, entry in ctx.state["pieces"].items()
        if entry["side"] == side and entry["at"] in seas
    ]


@rules_query("friendly_ports(side: side, block: piece) -> list[space]")
def friendly_ports(ctx: Context, side: str, block: str) -> list[str]:
    """The ports on the sea of a block at sea friendly to ``side``. A ship only enters
    ports already friendly, so moving one never changes another's choices."""
    sea = ctx.state["pieces"][block]["at"]
    return ports_on(ctx.definition, sides_by_space(ctx.state), sea, side)


@rules_effect("lost_at_sea(block: piece)")
def lost_at_sea(ctx: Context, block: str) -> None:
    """A block at sea with no friendly port on its sea goes to the pool."""
    at = ctx.state["pieces"][block]["at"]
    kind = ctx.definition.pieces[block].type
    leaves(ctx, block, "disbands", f"a {kind} at {at}: no friendly port", sea=at)


@rules_effect("make_port(block: piece, port: space)")
def make_port(ctx: Context, block: str, port: str) -> None:
    """A block at sea goes to a port on its sea (every side reads which sea and port)."""
    entry = ctx.state["pieces"][block]
    sea, side = entry["at"], entry["side"]
    place(ctx.state["pieces"], block, port)
    does = ctx.definition.side_does
    kind = ctx.definition.pieces[block].type
    ctx.log(does(side, f"moves a {kind} {sea} -> {port}"), sea=sea, port=port)
    ctx.log(does(side, f"moves {block} {sea} -> {port}"), to=[side], piece=block)


@rules_query("over_supplied(side: side, base: int, value: str, kept: list[str]) -> list[space]")
def over_supplied_query(
    ctx: Context, side: str, base: int, value: str, kept: list[str]
) -> list[str]:
    """The side's land spaces holding more of its blocks than they supply in winter (base
    plus the space's printed ``value``), by name, among them a block winter may remove
    (types in ``kept`` count but stay)."""
    return over_supplied(ctx.definition, ctx.state, side, base, value, kept)


@rules_query("supplied(space: space, base: int, value: str) -> int")
def supplied(ctx: Context, space: str, base: int, value: str) -> int:
    """The blocks a space supplies in winter: ``base`` plus its printed ``value``."""
    return supply_limit(ctx.definition, space, base, value)


@rules_query("removable(side: side, space: space, kept: list[str]) -> list[piece]")
def removable(ctx: Context, side: str, space: str, kept: list[str]) -> list[str]:
    """The side's blocks at ``space`` winter may remove: any whose type is not kept."""
    pieces = ctx.definition.pieces
    return [
        pid
        for pid, entry in ctx.state["pieces"].items()
        if entry["at"] == space and entry["side"] == side and pieces[pid].type not in kept
    ]


@rules_effect("unsupplied(block: piece)")
def unsupplied(ctx: Context, block: str) -> None:
    """A block its space cannot supply goes to the pool (every side reads which space;
    its own side which block)."""
    space = ctx.state["pieces"][block]["at"]
    leaves(ctx, block, "removes", f"a block from {space}: winter supply", city=space)


@rules_query("disbandable(side: side, kept: list[str]) -> list[piece]")
def disbandable(ctx: Context, side: str, kept: list[str]) -> list[str]:
    """The side's blocks on the map it may disband: any whose type is not kept."""
    pieces = ctx.definition.pieces
    return [
        pid
        for pid, entry in ctx.state["pieces"].items()
        if entry["side"] == side and entry["at"] not in OFF_MAP and pieces[pid].type not in kept
    ]


@rules_effect("disband_block(side: side, block: piece)")
def disband_block(ctx: Context, side: str, block: str) -> None:
    """The side disbands one of its blocks to the pool (the enemy reads only where)."""
    at = ctx.state["pieces"][block]["at"]
    leaves(ctx, block, "disbands", f"a block at {at}", at=at)


@rules_query("home_comers(types: list[str]) -> list[piece]")
def home_comers(ctx: Context, types: list[str]) -> list[str]:
    """The blocks of ``types`` still in the game (on the map or in a pool), which go home
    in winter, in the pieces file's order."""
    pieces = ctx.definition.pieces
    return [
        pid
        for pid, entry in ctx.state["pieces"].items()
        if pieces[pid].type in types and entry["at"] != "out"
    ]


@rules_effect("go_home(block: piece, home: space, rule: str)")
def go_home(ctx: Context, block: str, home: str, rule: str) -> None:
    """``block`` goes home, hidden again, and joins the side holding ``home`` if another
    side does (its blocks alone there); from its pool it comes back at its lowest
    strength, no longer eliminated this year. ``rule`` is the caller's section: its
    clauses ``from the pool`` and ``joins the enemy`` are counted when they apply."""
    state, game = ctx.state, ctx.definition
    entry = state["pieces"][block]
    side, origin = entry["side"], entry["at"]
    there = {p["side"] for pid, p in state["pieces"].items() if pid != block and p["at"] == home}
    if origin == POOL:
        ctx.fired(f"{rule} from the pool")
        entry["strength"] = game.pieces[block].min_strength
        for flag in ELIMINATED:
            set_flag(state, block, flag, False)
    place(state["pieces"], block, home)
    set_flag(state, block, REVEALED, False)
    if len(there) == 1 and side not in there:
        (holder,) = there
        # A unit printed in both colours changes block (steps.swap_for_counterpart).
        entry = state["pieces"][swap_for_counterpart(ctx, block)]
        entry["side"] = holder
        note_moved()
        ctx.fired(f"{rule} joins the enemy")
        text = f"{block} goes home to {home} and joins {game.side_name(holder)}"
        ctx.log(text, piece=block, side=holder)
    elif origin == POOL:
        text = f"{block} comes back from {game.side_name(side)}'s pool to {home}"
        ctx.log(text, piece=block, side=side)
    elif origin != home:
        ctx.log(f"{block} goes home to {home}", piece=block)


@rules_effect("reset_year()")
def reset_year(ctx: Context) -> None:
    """The year ends: the blocks eliminated this year stand up in their pools (they may be
    raised again), every card returns to the deck, in the cards file's order, for the
    next deal, and the turn's card records are cleared (nothing to copy next turn)."""
    state = ctx.state
    for pid in state["pieces"]:
        for flag in ELIMINATED:
            set_flag(state, pid, flag, False)
    zones = state["zones"]
    for key in zones:
        zones[key] = []
    zones[DECK] = sorted(full_deck(ctx.definition))
    clear_turn_records(ctx)
    ctx.log("Year reset: eliminated blocks may be levied again; the cards are gathered")
