"""The winter turn of Julius Caesar (JC 8.0-8.6), one procedure per step.

Why one procedure per step: the two rulebooks order the winter steps
differently (the Spanish checks victory right after Cleopatra goes home,
the Polish after winter supply), so the order belongs to the rules file's
sequence of play, where a variant can reorder it; the victory check itself
is a ``check`` there (see :mod:`legatus.games.julius_caesar.victory`).

Action decomposition (the engine asks only where the owner has a choice):

``cleopatra_home`` (JC 8.1)
    no decision; she comes home from the pool too (see :func:`cleopatra_home`).
``navis_to_port`` (JC 8.2)
    Caesar's navis first, then Pompey's, each navis at sea in id order:
    with one friendly port on its sea it moves there, with none it is
    disbanded, with several its owner answers ``to_port(navis, port)``.
``winter_supply(base)`` (JC 8.3)
    Caesar's cities first, each in name order: while a city holds more
    blocks than ``base`` + its VP, its owner answers ``remove(block)``.
``disband`` (JC 8.5)
    Caesar, then Pompey: ``disband(block)`` one block at a time, or
    ``end_disband``.
``year_reset`` (JC 8.6)
    no decision.

Parameter ``disband.cleopatra`` (JC 8.3, 8.5): ``false`` by the Spanish text
(any block but Cleopatra may be disbanded, and winter supply removes
another block of her city rather than her), ``true`` by the Polish (any
block, in both steps).

Enemy moves are logged to everyone without the blocks' identities (where a
block went is public, JC 3.0); the owner's log names them.
"""

from __future__ import annotations

from legatus import (
    Context,
    GameDef,
    Immediate,
    Procedure,
    State,
    piece,
    pieces_of,
    rules_effect,
    rules_query,
    set_flag,
)
from legatus.games.julius_caesar.cards import clear_turn_records, full_deck
from legatus.games.julius_caesar.model import ELIMINATED_FLAGS, enemy, occupants, status_of

ALEXANDRIA = "Alexandria"
CLEOPATRA_TYPE = "cleopatra"
NAVIS_TYPE = "navis"
SEA = "sea"
LAND = "land"
OFF_MAP = ("pool", "out")


def category(definition: GameDef, space: str) -> str:
    return definition.board.spaces[space].category


def to_pool(state: State, piece: str) -> None:
    """Take a block off the map into its side's levy pool (JC 5.2, 8.2, 8.3, 8.5)."""
    state["pieces"][piece]["at"] = "pool"
    set_flag(state, piece, "revealed", False)


def leaves_in_winter(ctx: Context, block: str, verb: str, what: str, **where: str) -> None:
    """``block`` goes to its pool in winter, logged twice: everyone reads ``what`` left
    (``"a navis at Mare Internum: no friendly port"``), its own side which block."""
    piece = ctx.state["pieces"][block]
    at, side = piece["at"], piece["side"]
    to_pool(ctx.state, block)
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} {verb} {what}", **where)
    place = "from" if verb == "removes" else "at"
    ctx.log(f"{name} {verb} {block} {place} {at}", to=[side], piece=block)


# -- JC 8.1 Cleopatra goes home --------------------------------------------------------------


def cleopatra_home(ctx: Context, home: str = ALEXANDRIA) -> None:
    """JC 8.1, 7.52: Cleopatra returns to Alexandria, and joins the side holding it.

    Both texts: move her to Alexandria; if the enemy occupies it (it is
    friendly to her enemy), she joins that side at once with her current
    strength. A vacant Alexandria (or one her own side holds) keeps her
    side, and she makes it friendly to that side (its VP count at a
    following victory check). Alexandria cannot be contested in winter
    (every battle has been fought); if it were, she would keep her side,
    as it is then not *enemy* (JC 4.2.1).

    Cleopatra in the pool comes home too, at strength I (a block in the pool
    has lost its steps, JC 8.3, 8.5), for the side whose pool she lies in
    unless the enemy holds Alexandria. She gets there by Vulcan (eliminated
    outside a battle, where JC 7.52's change of side does not apply) or, by
    the Polish 8.3 and 8.5 (variant ``disband_cleopatra``), removed by winter
    supply or disbanded. The reading: she is never levied (JC
    3.27), so the pool would take her out of the game for good, which no text
    says; both say she "must return to Alexandria during each winter" (JC
    7.52) and 8.1 moves her there with no exception. Leaving the pool, she
    drops the face up (or face down) flag of a block eliminated this year.
    """
    state, game = ctx.state, ctx.definition
    for pid, entry in pieces_of(state):
        if game.pieces[pid].type != CLEOPATRA_TYPE or entry["at"] == "out":
            continue
        side = entry["side"]
        sides_there = {
            p["side"] for other, p in pieces_of(state) if other != pid and p["at"] == home
        }
        origin = entry["at"]
        if origin == "pool":
            ctx.fired("JC 8.1 from the pool")
            entry["strength"] = game.pieces[pid].min_strength
            for flag in ELIMINATED_FLAGS:
                set_flag(state, pid, flag, False)
        entry["at"] = home
        set_flag(state, pid, "revealed", False)
        if status_of(sides_there, side) == "enemy":
            entry["side"] = enemy(side)
            ctx.fired("JC 8.1 joins the enemy")
            ctx.log(
                f"{pid} goes home to {home} and joins {game.side_name(enemy(side))}",
                piece=pid,
                side=enemy(side),
            )
        elif origin == "pool":
            ctx.log(
                f"{pid} comes back from {game.side_name(side)}'s pool to {home}",
                piece=pid,
                side=side,
            )
        elif origin != home:
            ctx.log(f"{pid} goes home to {home}", piece=pid)


# -- JC 8.2 navis to port ------------------------------------------------------------------------


def friendly_ports(
    definition: GameDef, sides_at: dict[str, set[str]], sea: str, side: str
) -> list[str]:
    """Ports on ``sea`` friendly to ``side`` (JC 4.2.1, 8.2)."""
    return sorted(
        port
        for port in definition.board.adjacent_of_category(sea, LAND, kinds=(SEA,))
        if sides_at.get(port) == {side}
    )


@rules_query("navis_at_sea(side: side) -> list[piece]", rule="JC 8.2")
def navis_at_sea(ctx: Context, side: str) -> list[str]:
    """JC 8.2: ``side``'s navis at sea, in the order of the blocks file."""
    definition = ctx.definition
    return [
        pid
        for pid, piece in pieces_of(ctx.state)
        if piece["side"] == side
        and definition.pieces[pid].type == NAVIS_TYPE
        and piece["at"] not in OFF_MAP
        and category(definition, piece["at"]) == SEA
    ]


@rules_query("friendly_ports(side: side, navis: piece) -> list[space]", rule="JC 8.2")
def ports_for(ctx: Context, side: str, navis: str) -> list[str]:
    """JC 8.2: the ports on the sea of ``navis`` friendly to ``side`` (JC 4.2.1): its own
    blocks stand there. A navis only enters ports already friendly, so moving one never
    changes another's choices."""
    sea = piece(ctx.state, navis).at
    return friendly_ports(ctx.definition, occupants(ctx.state), sea, side)


@rules_effect("disband_navis(navis: piece)", rule="JC 8.2")
def disband_navis(ctx: Context, navis: str) -> None:
    """JC 8.2: a navis at sea with no friendly port on its sea goes to the pool."""
    at = piece(ctx.state, navis).at
    leaves_in_winter(ctx, navis, "disbands", f"a navis at {at}: no friendly port", sea=at)


@rules_effect("navis_to(block: piece, port: space)", rule="JC 8.2")
def navis_to(ctx: Context, block: str, port: str) -> None:
    """JC 8.2: a navis at sea goes to a friendly port on its sea."""
    move_navis(ctx, block, port)


def move_navis(ctx: Context, pid: str, port: str) -> None:
    piece = ctx.state["pieces"][pid]
    sea, side = piece["at"], piece["side"]
    piece["at"] = port
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} moves a navis {sea} -> {port}", sea=sea, port=port)
    ctx.log(f"{name} moves {pid} {sea} -> {port}", to=[side], piece=pid)


# -- JC 8.3 winter supply ----------------------------------------------------------------------------


def supply_limit(definition: GameDef, city: str, base: int) -> int:
    """JC 8.3: a city supplies ``base`` blocks plus its VP (Genua 3, Massilia 4, Roma 5)."""
    return base + definition.board.spaces[city].vp


def oversupplied(
    definition: GameDef, state: State, side: str, base: int, cleopatra: bool = True
) -> list[str]:
    """``side``'s cities holding more of its blocks than they supply, by name (JC 8.3),
    among them a block that may go (Cleopatra only if ``cleopatra``: she counts, but the
    reading that she is never disbanded keeps her, JC 8.5)."""
    counts: dict[str, int] = {}
    removable: set[str] = set()
    for pid, entry in pieces_of(state):
        at = entry["at"]
        if entry["side"] == side and at not in OFF_MAP and category(definition, at) == LAND:
            counts[at] = counts.get(at, 0) + 1
            if cleopatra or definition.pieces[pid].type != CLEOPATRA_TYPE:
                removable.add(at)
    return sorted(
        c for c, n in counts.items() if n > supply_limit(definition, c, base) and c in removable
    )


@rules_query("cities_to_supply(side: side, base: int) -> list[space]", rule="JC 8.3")
def cities_to_supply(ctx: Context, side: str, base: int) -> list[str]:
    """JC 8.3: ``side``'s cities holding more of its blocks than they supply in winter, by
    name, among them a block that may go (Cleopatra counts towards the limit; she goes only
    under ``disband.cleopatra``, the reading of JC 8.5's verb)."""
    cleopatra = bool(ctx.param("disband.cleopatra"))
    return oversupplied(ctx.definition, ctx.state, side, base, cleopatra)


@rules_query("supplied(city: space, base: int) -> int", rule="JC 8.3")
def supplied(ctx: Context, city: str, base: int) -> int:
    """JC 8.3: the blocks ``city`` supplies in winter: ``base`` plus its VP."""
    return supply_limit(ctx.definition, city, base)


@rules_query("removable_blocks(side: side, city: space) -> list[piece]", rule="JC 8.3")
def removable_blocks(ctx: Context, side: str, city: str) -> list[str]:
    """JC 8.3: ``side``'s blocks in ``city`` that winter supply may remove."""
    cleopatra = bool(ctx.param("disband.cleopatra"))
    definition = ctx.definition
    return [
        pid
        for pid, p in pieces_of(ctx.state)
        if p["at"] == city
        and p["side"] == side
        and (cleopatra or definition.pieces[pid].type != CLEOPATRA_TYPE)
    ]


@rules_effect("unsupplied(block: piece)", rule="JC 8.3")
def unsupplied(ctx: Context, block: str) -> None:
    """JC 8.3: a block its city cannot supply goes to the levy pool (everyone reads which
    city; its side reads which block)."""
    city = piece(ctx.state, block).at
    leaves_in_winter(ctx, block, "removes", f"a block from {city}: winter supply", city=city)


# -- JC 8.5 disbanding ----------------------------------------------------------------------------


@rules_effect("disband_block(side: side, block: piece)", rule="JC 8.5")
def disband_block(ctx: Context, side: str, block: str) -> None:
    """JC 8.5: ``side`` disbands one of its blocks to the pool (the enemy reads only where;
    never merged). The choice is the rules' procedure ``disband``, which calls this."""
    at = piece(ctx.state, block).at
    leaves_in_winter(ctx, block, "disbands", f"a block at {at}", at=at)


@rules_query("disbandable(side: side) -> list[piece]", rule="JC 8.5")
def disbandable(ctx: Context, side: str) -> list[str]:
    """``side``'s blocks on the map that may be disbanded (JC 8.5)."""
    game = ctx.definition
    allow_cleopatra = bool(ctx.param("disband.cleopatra"))
    return [
        pid
        for pid, p in pieces_of(ctx.state)
        if p["side"] == side
        and p["at"] not in OFF_MAP
        and (allow_cleopatra or game.pieces[pid].type != CLEOPATRA_TYPE)
    ]


# -- JC 8.6 year reset ------------------------------------------------------------------------------


def year_reset(ctx: Context) -> None:
    """JC 8.6: face-up (or face-down, PL 7.5) pool blocks stand up again; all cards
    return to the deck.

    The next year's ``deal_cards`` shuffles and deals them (JC 8.6 second
    paragraph is the same step as JC 2.1's deal); the year's card records
    are cleared so that Apollo has nothing to copy in the first turn.
    """
    state = ctx.state
    for pid in state["pieces"]:
        for flag in ELIMINATED_FLAGS:
            set_flag(state, pid, flag, False)
    zones = state["zones"]
    for key in zones:
        zones[key] = []
    zones["deck"] = sorted(full_deck(ctx.definition))
    clear_turn_records(ctx)
    ctx.log("Year reset: eliminated blocks may be levied again; the cards are gathered")


PROCEDURES: dict[str, Procedure] = {
    "cleopatra_home": Immediate(cleopatra_home, rule="JC 8.1"),
    "year_reset": Immediate(year_reset, rule="JC 8.6"),
}
