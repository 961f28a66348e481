"""The Winter Turn (HotS 7.0-7.8) and the count of nobles (HotS 9.0-9.1).

The rules file's ``winter`` phase runs the steps in the rulebook's order; this module gives
what they ask about the position:

- castle limits (HotS 1.2, 1.3): the area's printed value, plus ``cathedral_bonus`` for the
  Scots in a cathedral area: :func:`castle`;
- nobles going home (HotS 7.1): to a home not held by the enemy, or, when every home is,
  over to the enemy (the kit's ``go_home``); Moray may stay or disband: :func:`home_areas`;
- who must leave the map (HotS 7.3, 7.4, 7.5, 5.9): every block in England, the English
  knights, archers and Hobelars in Scotland unless they winter with Edward I, Edward when
  he may not winter in Scotland; the blocks over an area's castle limit (nobles never
  disband; Edward's companions and Wallace in Selkirk do not count):
  :func:`must_disband`, :func:`over_limit`, :func:`excess`, :func:`may_disband`;
- builds (HotS 7.6, 7.61-7.63): Replacement Points of each friendly area, a Scottish draw
  into it at strength 1 (the Norse and the French knights never for an inland area, AMB-16)
  or a step (English: only to infantry and nobles): :func:`build_areas`,
  :func:`may_draw`, :func:`build_draw`, :func:`steppable_in`;
- the French knights (HotS 7.61), the Feudal Levy (HotS 7.7), the next year and Edward II
  (HotS 6.1): :func:`next_year`;
- victory (HotS 9.0, 9.1): :func:`nobles`, :func:`nobles_in_play`, :func:`wallace_on_map`.
"""

from __future__ import annotations

from legatus import Context, kit, piece, rules_effect, rules_query, sides_by_space
from legatus.games.hammer_of_the_scots.movement import ENGLAND

ENGLISH, SCOTS = "english", "scots"
#: English types that disband in Scotland unless they winter with Edward I (HotS 7.31).
MOUNTED = frozenset({"knights", "archers", "hobelars"})
ON_MAP_NOT = frozenset({"pool", "out"})


def _at(ctx: Context, block: str) -> str:
    return str(ctx.state["pieces"][block]["at"])


def _side(ctx: Context, block: str) -> str:
    return str(ctx.state["pieces"][block]["side"])


def blocks_of(ctx: Context, side: str, area: str | None = None) -> list[str]:
    """The side's blocks on the map (in ``area`` when given), sorted."""
    return sorted(
        b
        for b, e in ctx.state["pieces"].items()
        if e["side"] == side and e["at"] not in ON_MAP_NOT and (area is None or e["at"] == area)
    )


def _noble(ctx: Context, block: str) -> bool:
    return ctx.definition.pieces[block].type == "noble"


@rules_query(
    "castle(side: side, area: space) -> int", rule="HotS 1.2", needs={"cathedral_bonus": "int"}
)
def castle(ctx: Context, side: str, area: str) -> int:
    """HotS 1.2, 1.3: the area's castle limit for the side (+1 for the Scots at a cathedral)."""
    space = ctx.definition.board.spaces[area]
    bonus = int(ctx.param("cathedral_bonus")) if side == SCOTS and "cathedral" in space.tags else 0
    return int(space.values.get("castle", 0)) + bonus


@rules_query("nobles_on_map(side: side) -> list[piece]", rule="HotS 7.1")
def nobles_on_map(ctx: Context, side: str) -> list[str]:
    """The side's nobles on the map, Moray included."""
    return [b for b in blocks_of(ctx, side) if _noble(ctx, b)]


@rules_query("home_areas(block: piece) -> list[space]", rule="HotS 7.1")
def home_areas(ctx: Context, block: str) -> list[str]:
    """HotS 7.1: the noble's homes not held by the enemy; every home if the enemy holds all
    (he goes over); Moray may also stay where he is."""
    side, homes = _side(ctx, block), ctx.definition.pieces[block].homes
    occupied = sides_by_space(ctx.state)
    free = [h for h in homes if not (occupied.get(h, set()) - {side})]
    if ctx.definition.pieces[block].counterpart is None and _at(ctx, block) not in free:
        free.append(_at(ctx, block))
    return free or list(homes)


def _edward_stays(ctx: Context) -> bool:
    """Edward I in Scotland, allowed to winter there (HotS 7.4)."""
    records = ctx.state["records"]
    at = _at(ctx, "Edward")
    if at in ON_MAP_NOT or at == ENGLAND or records["edward"] != 1:
        return False
    year, last = records["year"], records["edward_wintered"]
    allowed = year <= int(ctx.param("edward_i.last_scottish_winter"))
    return bool(allowed and last != year - 1)


@rules_query(
    "edward_may_winter() -> bool", rule="HotS 7.4", needs={"edward_i.last_scottish_winter": "int"}
)
def edward_may_winter(ctx: Context) -> bool:
    """HotS 7.4: Edward I stands in Scotland and may winter there this year."""
    return _edward_stays(ctx)


def _with_edward(ctx: Context, block: str) -> bool:
    """A red non-noble wintering with Edward I in his area (HotS 7.4, AMB-18)."""
    return (
        ctx.state["records"]["edward_winters"]
        and _side(ctx, block) == ENGLISH
        and not _noble(ctx, block)
        and _at(ctx, block) == _at(ctx, "Edward")
    )


@rules_query("must_disband(side: side) -> list[piece]", rule="HotS 7.3")
def must_disband(ctx: Context, side: str) -> list[str]:
    """HotS 7.3, 7.31, 7.4, 5.9: the side's blocks that cannot winter where they stand."""
    found = []
    for block in blocks_of(ctx, side):
        if _noble(ctx, block) or _with_edward(ctx, block):
            continue
        piece = ctx.definition.pieces[block]
        mounted = side == ENGLISH and piece.type in MOUNTED
        edward = block == "Edward" and not ctx.state["records"]["edward_winters"]
        if _at(ctx, block) == ENGLAND or mounted or edward:
            found.append(block)
    return found


def _counted(ctx: Context, side: str, area: str) -> list[str]:
    """Blocks counted against the castle limit (not Edward's party, not Wallace in Selkirk)."""
    return [
        b
        for b in blocks_of(ctx, side, area)
        if not _with_edward(ctx, b) and b != "Edward" and not (b == "Wallace" and area == "Selkirk")
    ]


@rules_query("over_limit(side: side) -> list[space]", rule="HotS 7.3")
def over_limit(ctx: Context, side: str) -> list[str]:
    """HotS 7.32, 7.5: the areas where the side has more blocks than the castle limit and
    some it may disband (nobles never disband: they stay, side "Noble Home Areas")."""
    areas = {_at(ctx, b) for b in blocks_of(ctx, side)}
    return sorted(
        a
        for a in areas
        if len(_counted(ctx, side, a)) > castle(ctx, side, a) and excess(ctx, side, a)
    )


@rules_query("excess(side: side, area: space) -> list[piece]", rule="HotS 7.3")
def excess(ctx: Context, side: str, area: str) -> list[str]:
    """The blocks the side may disband from an area over its limit: never nobles but Moray."""
    pieces = ctx.definition.pieces
    return [
        b for b in _counted(ctx, side, area) if not _noble(ctx, b) or pieces[b].counterpart is None
    ]


@rules_query("may_disband(side: side) -> list[piece]", rule="HotS 7.32, 7.5")
def may_disband(ctx: Context, side: str) -> list[str]:
    """HotS 7.32, 7.5: blocks the side may disband by choice: any but the nobles (Moray
    may) and the kings, whose winters are steps of their own (7.2, 7.4)."""
    pieces = ctx.definition.pieces
    return [
        b
        for b in blocks_of(ctx, side)
        if (not _noble(ctx, b) or pieces[b].counterpart is None) and pieces[b].type != "king"
    ]


@rules_effect("edward_winters(stays: bool)", rule="HotS 7.4")
def edward_winters(ctx: Context, stays: bool) -> None:
    """HotS 7.4: Edward I winters in Scotland (this year's Feudal Levy is cancelled) or not."""
    records = ctx.state["records"]
    records["edward_winters"] = stays
    if stays:
        records["edward_wintered"] = records["year"]
        ctx.log(f"Edward I winters in {_at(ctx, 'Edward')}: no Feudal Levy", event="edward_winters")


@rules_query("king_on_map() -> list[piece]", rule="HotS 7.2")
def king_on_map(ctx: Context) -> list[str]:
    """HotS 7.2: the Scottish King, when he is on the map."""
    return [] if _at(ctx, "King") in ON_MAP_NOT else ["King"]


@rules_query("king_cathedrals() -> list[space]", rule="HotS 7.2")
def king_cathedrals(ctx: Context) -> list[str]:
    """HotS 1.3, 7.2: the cathedral areas, friendly to the Scots or vacant, where the King
    may spend the winter (AMB-22: counted there against the castle limit, 7.5)."""
    held, spaces = sides_by_space(ctx.state), ctx.definition.board.spaces
    cathedrals = [a for a in sorted(spaces) if "cathedral" in spaces[a].tags]
    return [a for a in cathedrals if a != _at(ctx, "King") and held.get(a, {SCOTS}) == {SCOTS}]


@rules_effect("king_winters(area: space)", rule="HotS 7.2")
def king_winters(ctx: Context, area: str) -> None:
    """HotS 7.2: the King moves to a cathedral area for the winter."""
    piece(ctx.state, "King").at = area
    ctx.log(f"The Scottish King winters in {area}", event="king_winter", at=area)


@rules_query("wallace_to_selkirk() -> bool", rule="HotS 7.5")
def wallace_to_selkirk(ctx: Context) -> bool:
    """HotS 7.5: Wallace is on the map and no English block is in Selkirk."""
    return _at(ctx, "Wallace") not in ON_MAP_NOT and not blocks_of(ctx, ENGLISH, "Selkirk")


@rules_effect("wallace_winters(steps: int)", rule="HotS 7.5")
def wallace_winters(ctx: Context, steps: int) -> None:
    """HotS 7.5: Wallace goes to Selkirk and gains ``steps`` steps (AMB-17: also if there)."""
    entry = ctx.state["pieces"]["Wallace"]
    piece(ctx.state, "Wallace").at = "Selkirk"
    entry["strength"] = min(entry["strength"] + steps, ctx.definition.pieces["Wallace"].steps)
    ctx.log(f"Wallace winters in Selkirk Forest at {entry['strength']}", event="wallace")


@rules_query("build_areas(side: side) -> list[space]", rule="HotS 7.6")
def build_areas(ctx: Context, side: str) -> list[str]:
    """HotS 7.6: the side's friendly areas that give Replacement Points."""
    occupied = sides_by_space(ctx.state)
    return sorted(a for a, s in occupied.items() if s == {side} and castle(ctx, side, a) > 0)


def _drawable(ctx: Context, area: str) -> list[str]:
    """AMB-16: the Norse and the French knights are never drawn for an inland area."""
    inland = "coastal" not in ctx.definition.board.spaces[area].tags
    pool = kit.levy.pool_blocks(ctx, SCOTS, [])
    return [b for b in pool if not (inland and b in ("Norse", "French Knights"))]


@rules_query("may_draw(side: side, area: space) -> bool", rule="HotS 7.62")
def may_draw(ctx: Context, side: str, area: str) -> bool:
    """HotS 7.62, 7.63: the Scots may draw a block into the area below its castle limit."""
    below = len(blocks_of(ctx, side, area)) < castle(ctx, side, area)
    return side == SCOTS and below and bool(_drawable(ctx, area))


@rules_effect("build_draw(side: side, area: space)", rule="HotS 7.62")
def build_draw(ctx: Context, side: str, area: str) -> None:
    """HotS 7.62: a random block from the Scottish pool into the area at strength 1 (the
    Norse and French knights held back for an inland area: drawn from the others)."""
    held = [b for b in kit.levy.pool_blocks(ctx, side, []) if b not in _drawable(ctx, area)]
    kit.levy.draw_from_pool(ctx, side, 1, area, held, 1)


@rules_query("steppable_in(side: side, area: space) -> list[piece]", rule="HotS 7.62")
def steppable_in(ctx: Context, side: str, area: str) -> list[str]:
    """HotS 7.62, 7.63: the side's blocks in the area below full strength (the English:
    infantry and nobles only)."""
    pieces = ctx.state["pieces"]
    return [
        b
        for b in blocks_of(ctx, side, area)
        if pieces[b]["strength"] < ctx.definition.pieces[b].steps
        and (side == SCOTS or ctx.definition.pieces[b].type in ("infantry", "noble"))
    ]


@rules_query("nobles(side: side) -> int", rule="HotS 9.0")
def nobles(ctx: Context, side: str) -> int:
    """HotS 9.0: the nobles the side controls (on the map)."""
    return len(nobles_on_map(ctx, side))


@rules_query("nobles_in_play() -> int", rule="HotS 9.1")
def nobles_in_play(ctx: Context) -> int:
    """HotS 9.1: every noble on the map (Moray dead or in the pool is not in play)."""
    return sum(nobles(ctx, side) for side in ctx.definition.side_ids)


@rules_query("wallace_on_map(side: side) -> int", rule="HotS 9.0")
def wallace_on_map(ctx: Context, side: str) -> int:
    """HotS 9.0's tie-break: Wallace on the map (England too, AMB-35) gives it to the Scots."""
    on_map = _at(ctx, "Wallace") not in ON_MAP_NOT
    return int(on_map == (side == SCOTS))


@rules_query("king_lost(side: side) -> bool", rule="HotS 9.1")
def king_lost(ctx: Context, side: str) -> bool:
    """HotS 9.1: the enemy's king fell: the crowned Scottish King, or Edward II, in battle."""
    return bool(ctx.state["records"]["king_lost"] not in (None, side))


@rules_effect("winter_begins()", rule="HotS 7.0")
def winter_begins(ctx: Context) -> None:
    """The Winter Turn begins: Edward's choice is still to make."""
    ctx.state["records"]["edward_winters"] = False
    ctx.log(f"Winter {ctx.state['records']['year']}", event="winter")


@rules_effect("french_knights_join()", rule="HotS 7.61", needs={"french_knights.nobles": "int"})
def french_knights_join(ctx: Context) -> None:
    """HotS 7.61: the French knights join the Scottish pool, before the Scottish builds
    (7.62) may draw them, once the Scots control ``french_knights.nobles`` nobles."""
    records = ctx.state["records"]
    if not records["french_knights"] and nobles(ctx, SCOTS) >= int(
        ctx.param("french_knights.nobles")
    ):
        records["french_knights"] = True
        piece(ctx.state, "French Knights").at = "pool"
        ctx.log("The French knights join the Scottish pool", event="french_knights")


@rules_effect("next_year()", rule="HotS 7.7", needs={"edward_ii.from_year": "int"})
def next_year(ctx: Context) -> None:
    """HotS 7.7 (the Feudal Levy: half the English pool, rounded up, into England unless
    Edward I winters in Scotland), 6.1 (Edward II from ``edward_ii.from_year``)."""
    records = ctx.state["records"]
    if not records["edward_winters"]:
        size = len(kit.levy.pool_blocks(ctx, ENGLISH, []))
        held = kit.held.held_in_pool(ctx, ENGLISH)  # Edward after a tournament bid (p. 8)
        kit.levy.draw_from_pool(ctx, ENGLISH, (size + 1) // 2, ENGLAND, held)
    records["year"] += 1
    if records["year"] >= int(ctx.param("edward_ii.from_year")) and records["edward"] == 1:
        records["edward"] = 2
        ctx.log("Edward I dies: the English king is Edward II", event="edward_ii")
