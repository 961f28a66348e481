"""Events (HotS 3.12), kings (HotS 6.1-6.22), the Norse (HotS 4.7), Celtic Unity (HotS 5.2)
and Border Raids (HotS 5.9): what the rules file's effects ask about the position.

- Herald: the enemy nobles it may name (not Moray): :func:`herald_targets`;
- Pillage: the enemy groups next to one of the player's, the steps a side has in an area:
  :func:`pillage_targets`, :func:`side_steps`;
- Sea Move: coastal areas from and to (friendly, not vacant; England counts; never the
  Norse): :func:`sea_origins`, :func:`sea_destinations`, :func:`sea_movers`;
- Truce: the record ``truce`` (the enemy may not attack, the Scots not enter England; read
  by the Move Phase): :func:`declare_truce`;
- Victuals and Pillage's steps: blocks below their full strength: :func:`short_of_steps`;
- Coronation (6.21) and the Return of King Balliol (6.22): who may be crowned, and the
  nobles of the other faction going over to the English, whose battles are fought at once
  (record ``defections``): :func:`crown_choices`, :func:`crown_king`;
- the Norse: any other coastal area but England, alone, for ``norse.cost`` Group Moves:
  :func:`norse_destinations`, :func:`norse_move`;
- Celtic Unity: a revealed Welsh or Ulster block goes to the pool on ``celtic.leaves_on``
  or more: :func:`celtic_unity`; a Border Raid: the English disband a non-noble:
  :func:`raid_losses`.
"""

from __future__ import annotations

from legatus import Context, kit, note_moved, piece, rules_effect, rules_query, sides_by_space
from legatus.games.hammer_of_the_scots.movement import BORDERS, ENGLAND
from legatus.games.hammer_of_the_scots.winter import ON_MAP_NOT, blocks_of, nobles_on_map

NORSE, FIFE = "Norse", "Fife"


def _coastal(ctx: Context) -> list[str]:
    return sorted(s for s, space in ctx.definition.board.spaces.items() if "coastal" in space.tags)


def _friendly(ctx: Context, side: str) -> set[str]:
    return {a for a, sides in sides_by_space(ctx.state).items() if sides == {side}}


@rules_query("herald_targets(player: side) -> list[piece]", rule="HotS 3.12 card Herald")
def herald_targets(ctx: Context, player: str) -> list[str]:
    """Card Herald: the enemy nobles on the map but Moray (he never changes side)."""
    enemy = ctx.definition.other_sides(player)[0]
    return [b for b in nobles_on_map(ctx, enemy) if ctx.definition.pieces[b].counterpart]


@rules_effect("defect(block: piece, side: side)", rule="HotS 3.12 card Herald")
def defect(ctx: Context, block: str, side: str) -> None:
    """A noble goes over to ``side`` where he stands, at his strength (the kit's swap); an
    area now holding both sides' blocks is a defection battle to fight at once (6.21)."""
    kit.steps.go_over(ctx, block, side)
    area = ctx.state["pieces"][kit.steps.in_play_for(ctx, block)]["at"]
    if len(sides_by_space(ctx.state).get(area, ())) > 1:
        ctx.state["records"]["defections"].setdefault(area, side)


@rules_effect("pillage_fights(area: space, side: side)", rule="HotS 3.12 card Pillage")
def pillage_fights(ctx: Context, area: str, side: str) -> None:
    """AMB-4b, ``pillaged_noble.fights_now``: a noble Pillage turned to ``side`` among enemy
    blocks fights a defection battle at once (6.21), attacking."""
    if len(sides_by_space(ctx.state).get(area, ())) > 1:
        ctx.state["records"]["defections"].setdefault(area, side)


@rules_query("defection_areas() -> list[space]", rule="HotS 6.21")
def defection_areas(ctx: Context) -> list[str]:
    """The defection battles still to fight now (HotS 6.21, sidebar "Defection Battles")."""
    occupied = sides_by_space(ctx.state)
    return sorted(a for a in ctx.state["records"]["defections"] if len(occupied.get(a, ())) > 1)


@rules_query("defector_side(area: space) -> side", rule="HotS 6.21")
def defector_side(ctx: Context, area: str) -> str:
    """The side whose defecting noble attacks in the area's defection battle."""
    return str(ctx.state["records"]["defections"][area])


@rules_effect("defections_fought()", rule="HotS 6.21")
def defections_fought(ctx: Context) -> None:
    """The defection battles are over."""
    ctx.state["records"]["defections"] = {}


@rules_query("player_one() -> side", rule="HotS 3.12")
def player_one(ctx: Context) -> str:
    """Player 1, or the English after two events (AMB-1)."""
    return str(ctx.state["records"]["player1"] or "english")


@rules_query("pillage_targets(player: side) -> list[space]", rule="HotS 3.12 card Pillage")
def pillage_targets(ctx: Context, player: str) -> list[str]:
    """Card Pillage: areas holding only enemy blocks next to an area holding only the
    player's (AMB-4c: England too)."""
    enemy = ctx.definition.other_sides(player)[0]
    own, board = _friendly(ctx, player), ctx.definition.board
    return sorted(a for a in _friendly(ctx, enemy) if board.neighbours(a, BORDERS) & own)


@rules_query("side_steps(side: side, area: space) -> int", rule="HotS 3.12 card Pillage")
def side_steps(ctx: Context, side: str, area: str) -> int:
    """The steps of the side's blocks in an area (what Pillage counts as taken, AMB-4a)."""
    return sum(int(ctx.state["pieces"][b]["strength"]) for b in blocks_of(ctx, side, area))


@rules_query("short_of_steps(side: side, area: space) -> list[piece]", rule="HotS 3.12")
def short_of_steps(ctx: Context, side: str, area: str) -> list[str]:
    """The side's blocks in an area below full strength (Victuals, Pillage)."""
    pieces = ctx.state["pieces"]
    return [
        b
        for b in blocks_of(ctx, side, area)
        if pieces[b]["strength"] < ctx.definition.pieces[b].steps
    ]


@rules_query("victual_areas(player: side) -> list[space]", rule="HotS 3.12 card Victuals")
def victual_areas(ctx: Context, player: str) -> list[str]:
    """Card Victuals: the player's areas with a block below full strength."""
    areas = {ctx.state["pieces"][b]["at"] for b in blocks_of(ctx, player)}
    return sorted(a for a in areas if short_of_steps(ctx, player, a))


@rules_query("sea_origins(player: side) -> list[space]", rule="HotS 3.12 card Sea Move")
def sea_origins(ctx: Context, player: str) -> list[str]:
    """Card Sea Move: the player's friendly coastal areas with a block other than the Norse,
    when another friendly coastal area exists."""
    friendly = _friendly(ctx, player) & set(_coastal(ctx))
    if len(friendly) < 2:
        return []
    return sorted(a for a in friendly if sea_movers(ctx, player, a))


@rules_query(
    "sea_destinations(player: side, origin: space) -> list[space]", rule="HotS 3.12 card Sea Move"
)
def sea_destinations(ctx: Context, player: str, origin: str) -> list[str]:
    """Card Sea Move: another friendly (not vacant) coastal area, England included (AMB-27)
    but for the Scots under an English Truce (card Truce)."""
    truce = player == "scots" and ctx.state["records"]["truce"] not in (None, player)
    barred = {origin, ENGLAND} if truce else {origin}
    return sorted((_friendly(ctx, player) & set(_coastal(ctx))) - barred)


@rules_query(
    "sea_movers(player: side, origin: space) -> list[piece]", rule="HotS 3.12 card Sea Move"
)
def sea_movers(ctx: Context, player: str, origin: str) -> list[str]:
    """Card Sea Move: the player's blocks at the origin that may go by sea (not the Norse)."""
    moved = set(kit.command.private(ctx.state, player)["moved"])
    return [b for b in blocks_of(ctx, player, origin) if b != NORSE and b not in moved]


@rules_effect(
    "sea_move_block(player: side, block: piece, origin: space, to: space)",
    rule="HotS 3.12 card Sea Move",
)
def sea_move_block(ctx: Context, player: str, block: str, origin: str, to: str) -> None:
    """One block by sea: no border crossed, nothing closed (HotS 4.7 by analogy)."""
    piece(ctx.state, block).at = to
    kit.command.private(ctx.state, player)["moved"].append(block)
    does = ctx.definition.side_does
    ctx.log(does(player, f"moves a block by sea from {origin} to {to}"), side=player)
    ctx.log(does(player, f"moves {block} by sea from {origin} to {to}"), to=[player])


@rules_effect("declare_truce(player: side)", rule="HotS 3.12 card Truce")
def declare_truce(ctx: Context, player: str) -> None:
    """Card Truce: this turn the enemy may not attack, nor the Scots enter England."""
    ctx.state["records"]["truce"] = player
    ctx.log(ctx.definition.side_does(player, "calls a Truce"), event="truce")


@rules_effect("end_truce()", rule="HotS 3.12 card Truce")
def end_truce(ctx: Context) -> None:
    """A new Move Phase: no Truce in force until one is played."""
    ctx.state["records"]["truce"] = None


@rules_query("norse_movers(side: side) -> list[piece]", rule="HotS 4.7")
def norse_movers(ctx: Context, side: str) -> list[str]:
    """HotS 4.7: the Norse, on a coastal area, not moved this turn, not held by a pin."""
    pieces = ctx.state["pieces"]
    entry = pieces[NORSE]
    moved = kit.command.private(ctx.state, side)["moved"] if side in ctx.definition.side_ids else []
    if entry["side"] != side or entry["at"] in ON_MAP_NOT or NORSE in moved:
        return []
    return [] if len(sides_by_space(ctx.state).get(entry["at"], ())) > 1 else [NORSE]


@rules_query("norse_destinations(side: side, block: piece) -> list[space]", rule="HotS 4.7")
def norse_destinations(ctx: Context, side: str, block: str) -> list[str]:
    """HotS 4.7: any other coastal area but England (no attack under an enemy Truce)."""
    here = ctx.state["pieces"][block]["at"]
    truce = ctx.state["records"]["truce"] not in (None, side)
    occupied = sides_by_space(ctx.state)
    return [
        a
        for a in _coastal(ctx)
        if a not in (here, ENGLAND) and not (truce and occupied.get(a, set()) - {side})
    ]


@rules_effect("norse_move(side: side, block: piece, to: space)", rule="HotS 4.7")
def norse_move(ctx: Context, side: str, block: str, to: str) -> None:
    """HotS 4.7: the Norse goes by sea, alone; it crosses no border and may attack there."""
    origin = ctx.state["pieces"][block]["at"]
    kit.command.move_block(ctx, side, block, (origin, to), BORDERS)


@rules_query("crown_choices() -> list[piece]", rule="HotS 6.2")
def crown_choices(ctx: Context) -> list[str]:
    """HotS 6.21, 6.22: no King yet; Bruce or Comyn (blue) in Fife once Wallace is dead
    (Coronation), or the French knights on the map from 1301 (Return of King Balliol)."""
    records, pieces = ctx.state["records"], ctx.state["pieces"]
    if records["crowned"]:
        return []
    found = []
    if "Wallace" in records["dead"]:
        found = [b for b in ("Bruce/S", "Comyn/S") if pieces[b]["at"] == FIFE]
    knights = pieces["French Knights"]
    if records["year"] >= 1301 and knights["at"] not in ON_MAP_NOT and knights["side"] == "scots":
        found.append("French Knights")
    return found


@rules_effect("crown_king(by: piece)", rule="HotS 6.2")
def crown_king(ctx: Context, by: str) -> None:
    """HotS 6.21, 6.22: the King enters at full strength in Fife (or the French knights'
    area); the other faction's nobles (Bruce's for Comyn and for Balliol) go over to the
    English where they stand, Moray excepted, their battles fought at once."""
    records, pieces = ctx.state["records"], ctx.state["pieces"]
    records["crowned"] = True
    king = pieces["King"]
    king["at"], king["side"], king["strength"] = (
        pieces[by]["at"],
        "scots",
        ctx.definition.pieces["King"].steps,
    )
    note_moved()
    crowned = "comyn" if by == "Comyn/S" else "bruce"
    turned = "bruce" if crowned == "comyn" or by == "French Knights" else "comyn"
    what = (
        "King John Balliol returns" if by == "French Knights" else f"{by.split('/')[0]} is crowned"
    )
    ctx.log(f"{what}: the King enters {king['at']}", event="crown")
    for block in nobles_on_map(ctx, "scots"):
        if ctx.definition.pieces[block].stats.get("faction") == turned:
            defect(ctx, block, "english")


@rules_effect(
    "celtic_unity(location: space, blocks: list[piece])",
    rule="HotS 5.2",
    needs={"celtic.leaves_on": "int"},
)
def celtic_unity(ctx: Context, location: str, blocks: list[str]) -> None:
    """HotS 5.2: each Welsh or Ulster block revealed rolls a die; at ``celtic.leaves_on`` or
    more it goes home to the English pool (not eliminated)."""
    pieces = ctx.state["pieces"]
    for block in blocks:
        if "celtic" in ctx.definition.pieces[block].tags and pieces[block]["at"] == location:
            (die,) = ctx.roll(1, 6, what=f"Celtic Unity of {block}")
            if die >= int(ctx.param("celtic.leaves_on")):
                kit.place(pieces, block, "pool")
                pieces[block]["flags"] = []
                ctx.log(
                    f"Celtic Unity: {block} rolls {die} and goes home", event="celtic", block=block
                )


@rules_query("raid_losses() -> list[piece]", rule="HotS 5.9")
def raid_losses(ctx: Context) -> list[str]:
    """HotS 5.9: with Scots in England, the English non-nobles on the map (one disbands);
    none otherwise (AMB-32: none if the English have no non-noble)."""
    if not blocks_of(ctx, "scots", ENGLAND):
        return []
    return [b for b in blocks_of(ctx, "english") if ctx.definition.pieces[b].type != "noble"]
