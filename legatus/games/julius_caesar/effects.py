"""Primitive effects on blocks: step losses, elimination, defection, first fire.

Battles (JC 7.4-7.52) and the event cards share these, so a step lost to a hit
and a step lost to Vulcan follow the same rules:

- a block drops to the next lower strength its data lists (JC 7.4; the
  elephant's strengths are IV and II, so one hit drops it a whole level, JC
  7.41); below its lowest strength it is eliminated;
- an eliminated block goes to its owner's pool face up and cannot be levied
  this year (JC 7.5, 5.2, 8.6, the Spanish text), a defector to its *original*
  owner's pool (Jupiter). The Polish 7.5 puts it there face down (parameter
  ``eliminated.face_up`` false, variant ``eliminated_face_down``): it still
  waits for the year's end, but the enemy does not learn which block it is;
  the log names it to the enemy only if it fell fighting revealed in a battle;
- a killed leader is out for good, a trophy worth 1 VP to the enemy, and the
  counter ``leaders_lost`` unlocks the side's third leader (JC 7.51);
- Cleopatra eliminated *in battle* joins the other side at strength
  ``cleopatra_switch_strength`` and stays in the battle (JC 7.52). Eliminated
  outside a battle (Vulcan) she goes to her side's pool like any block: 7.52
  speaks of battles only. She is never levied (JC 3.27), but she is not out of
  the game: the next winter brings her home to Alexandria from the pool, at
  strength I (JC 7.52 "during each winter she must return to Alexandria", 8.1;
  :func:`legatus.games.julius_caesar.winter.cleopatra_home`). By analogy with
  7.52 (parameter ``cleopatra.switch_outside_battle``, variant
  ``cleopatra_switches_outside_battle``) she joins the other side where she
  stands instead, at the same strength.

The card effects: :func:`lose_step` (Vulcan, and Jupiter against leaders and
navis), :func:`defect` (Jupiter) and :func:`first_fire` (Mars, Neptune: who
fires first in round 1 of one battle). ``defect_targets`` and
``defect_cities`` are the queries a rules file needs to offer Jupiter's
choices.

State written: ``pieces`` (side, at, strength, flags ``revealed``, ``face_up`` or
``face_down``),
``public["trophies"]``, ``public["leaders_lost"]`` and ``public["defected"]``
(``{block: original side}`` for blocks that changed side through Jupiter).

Logging follows what the enemy may see: a block's name is public when it is
revealed in battle or goes face up to the pool; a hidden block's step loss is
told to its owner by name and to the enemy without it.
"""

from __future__ import annotations

from typing import Any

from legatus import Context, EngineError, kit, piece, pieces_of, rules_effect, rules_query, set_flag
from legatus.games.julius_caesar import command_record, model
from legatus.games.julius_caesar.model import (
    CAESAR,
    FACE_DOWN,
    FACE_UP,
    POMPEY,
    enemy,
    occupants,
    status_of,
)

LEADER = "leader"
NAVIS = "navis"
CLEOPATRA = "cleopatra"

#: Outcomes of a step loss, for the caller's log and checks.
REDUCED, UNCHANGED, ELIMINATED, KILLED, SWITCHED = (
    "reduced",
    "unchanged",
    "eliminated",
    "killed",
    "switched",
)


def roman(strength: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(strength, str(strength))


@rules_effect("lose_step(block: piece)", rule="JC 7.4")
def lose_step(ctx: Context, block: str, eliminate: bool = True, *, in_battle: bool = False) -> str:
    """``block`` loses one step (JC 7.4); at its lowest strength it is eliminated.

    With ``eliminate`` false a block already at its lowest strength is spared
    (an effect that reduces but never kills). ``in_battle`` selects
    Cleopatra's battle rule (JC 7.52). Returns one of ``reduced``,
    ``unchanged``, ``eliminated``, ``killed`` (a leader) or ``switched``
    (Cleopatra changed side).
    """
    piece = ctx.state["pieces"][block]
    spec = ctx.definition.pieces[block]
    before = piece["strength"]
    lower = kit.step_below(spec.strengths, before)  # the elephant: IV -> II (JC 7.41)
    if lower is not None:
        piece["strength"] = lower
        if spec.type == "elephant":
            ctx.fired("JC 7.41")
        _log_block(
            ctx,
            block,
            f"{block} loses a step: {roman(before)} -> {roman(lower)}",
            f"a {ctx.definition.side_name(piece['side'])} block in {piece['at']} loses a step",
            event="step",
            strength=lower,
        )
        return REDUCED
    if not eliminate:
        return UNCHANGED
    return eliminate_block(ctx, block, in_battle=in_battle)


def eliminate_block(ctx: Context, block: str, *, in_battle: bool = False) -> str:
    """Remove ``block`` from the map (JC 7.5, 7.51, 7.52); returns the outcome."""
    state = ctx.state
    piece = state["pieces"][block]
    spec = ctx.definition.pieces[block]
    side = piece["side"]
    at = piece["at"]
    if spec.type == CLEOPATRA and (in_battle or ctx.param("cleopatra.switch_outside_battle")):
        ctx.fired("JC 7.52" if in_battle else "JC 7.52 outside a battle")
        new_side = enemy(side)
        piece["side"] = new_side
        piece["strength"] = max(int(ctx.param("cleopatra_switch_strength")), spec.min_strength)
        ctx.log(
            f"{block} is eliminated and joins {ctx.definition.side_name(new_side)} at strength "
            f"{roman(piece['strength'])}",
            event="switch",
            block=block,
            side=new_side,
            at=at,
        )
        return SWITCHED
    was_revealed = "revealed" in piece["flags"]
    set_flag(state, block, "revealed", False)
    if spec.type == LEADER:
        ctx.fired("JC 7.51")
        public = state["records"]
        trophies = public.setdefault("trophies", {CAESAR: [], POMPEY: []})
        trophies.setdefault(enemy(side), []).append(block)
        lost = public.setdefault("leaders_lost", {CAESAR: 0, POMPEY: 0})
        lost[side] = lost.get(side, 0) + 1
        piece["at"] = "out"
        ctx.log(
            f"{block} is killed in {at}: a trophy for {ctx.definition.side_name(enemy(side))}",
            event="killed",
            block=block,
            side=side,
            at=at,
        )
        return KILLED
    ctx.fired("JC 7.5")
    original = model.records(state).defected.pop(block, None)
    if original is not None:
        piece["side"] = original
    piece["at"] = "pool"
    piece["strength"] = spec.min_strength
    owner = piece["side"]
    pool = f"{ctx.definition.side_name(owner)}'s pool"
    if ctx.param("eliminated.face_up"):
        set_flag(state, block, FACE_UP)
        text = f"{block} is eliminated in {at} and goes face up to {pool}"
        ctx.log(text, event="eliminated", block=block, side=owner, at=at)
        return ELIMINATED
    # PL 7.5: face down in the pool. Who the block is stays its owner's, unless the
    # enemy saw it fall (it was fighting revealed in a battle) or knows it anyway
    # (Cleopatra's blue block).
    set_flag(state, block, FACE_DOWN)
    text = f"{block} is eliminated in {at} and goes face down to {pool}"
    if was_revealed or ctx.definition.piece_visibility[block][0].visible_to == "all":
        ctx.log(text, event="eliminated", block=block, side=owner, at=at)
        return ELIMINATED
    ctx.log(text, to=[owner], event="eliminated", block=block, side=owner, at=at)
    ctx.log(
        f"a {ctx.definition.side_name(owner)} block is eliminated in {at} and goes face down to {pool}",
        to=[enemy(owner)],
        event="eliminated",
        side=owner,
        at=at,
    )
    return ELIMINATED


def _log_block(ctx: Context, block: str, named: str, anonymous: str, **data: Any) -> None:
    """Log a change to a block: by name to all when it is revealed, else split."""
    unit = piece(ctx.state, block)
    if "revealed" in unit.flags:
        ctx.log(named, block=block, **data)
        return
    owner = unit.side
    ctx.log(named, to=[owner], block=block, **data)
    ctx.log(anonymous, to=[enemy(owner)], at=unit.at, event=data.get("event"))


# -- Jupiter --------------------------------------------------------------------


@rules_query("defect_cities(block: piece) -> list[space]", rule="JC card Jupiter")
def defect_cities(ctx: Context, block: str) -> list[str]:
    """Cities friendly to ``block``'s enemy next to it, where it may defect (card Jupiter)."""
    unit = piece(ctx.state, block)
    at = unit.at
    if at in ("pool", "out"):
        return []
    board = ctx.definition.board
    land = board.space_kinds
    found = occupants(ctx.state)
    new_side = enemy(unit.side)
    return sorted(
        city
        for city in board.neighbours(at)
        if land[board.spaces[city].kind] == "land"
        and status_of(found.get(city, set()), new_side) == "friendly"
    )


@rules_query("defect_targets(side: side) -> list[piece]", rule="JC card Jupiter")
def defect_targets(ctx: Context, side: str) -> list[str]:
    """Enemy blocks on the map next to a city friendly to ``side`` (card Jupiter).

    A navis in a port is one of them by the card ("any navis adjacent to a
    friendly city") and the Polish text ("navis may be chosen"); the Spanish
    text says "navis *at sea* could be chosen" (parameter
    ``jupiter.navis_in_port`` false, variant ``jupiter_navis_at_sea``): then a
    navis standing in a port is not.
    """
    board = ctx.definition.board
    land = board.space_kinds
    found = occupants(ctx.state)
    friendly = {
        space
        for space, sides in found.items()
        if sides == {side} and land[board.spaces[space].kind] == "land"
    }
    near = {space for space in found if board.neighbours(space) & friendly}
    return sorted(
        pid
        for pid, piece in pieces_of(ctx.state)
        if piece["side"] == enemy(side) and piece["at"] in near and jupiter_may_take(ctx, pid)
    )


def jupiter_may_take(ctx: Context, block: str) -> bool:
    """Whether Jupiter may draw ``block`` where it stands: not a navis in a port while
    ``jupiter.navis_in_port`` is false (see :func:`defect_targets`)."""
    if ctx.definition.pieces[block].type != NAVIS or ctx.param("jupiter.navis_in_port"):
        return True
    board = ctx.definition.board
    at = piece(ctx.state, block).at
    return bool(board.space_kinds[board.spaces[at].kind] != "land")


@rules_effect("defect(block: piece, city: space)", rule="JC card Jupiter")
def defect(ctx: Context, block: str, city: str) -> None:
    """Card Jupiter: ``block`` defects into the adjacent friendly ``city``.

    It changes side, moves there and fights for its new side; eliminated, it
    returns to its original owner's pool (recorded in ``public["defected"]``).
    A leader or navis cannot defect and loses one step instead, even if that
    eliminates it; Cleopatra is not a leader and may defect (then she simply
    belongs to the new side, JC 3.27).
    """
    piece = ctx.state["pieces"][block]
    spec = ctx.definition.pieces[block]
    if city not in defect_cities(ctx, block):
        raise EngineError(f"{block} in {piece['at']} cannot defect to {city}")
    ctx.fired("JC card Jupiter")
    if spec.type in (LEADER, NAVIS):
        ctx.log(f"Jupiter: {block} does not defect and loses a step instead", block=block)
        lose_step(ctx, block, eliminate=True)
        return
    old_side, origin = piece["side"], piece["at"]
    new_side = enemy(old_side)
    if spec.type != CLEOPATRA:
        defected = ctx.state["records"].setdefault("defected", {})
        if defected.get(block) == new_side:
            del defected[block]  # back to its original owner
        else:
            defected[block] = old_side
    piece["side"] = new_side
    piece["at"] = city
    ctx.log(
        f"Jupiter: {block} defects from {origin} to {city} and now fights for "
        f"{ctx.definition.side_name(new_side)}",
        event="defect",
        block=block,
        side=new_side,
        at=city,
    )


# -- Mars and Neptune -------------------------------------------------------------

FIRST_FIRE_MODES = ("mars", "neptune")


def first_fire(ctx: Context, location: str, attacker: str) -> dict[str, Any] | None:
    """The first-fire rule for the battle at ``location``, if an event grants one.

    Reads the command phase's ``public["command"]["event_group"]`` (``mode``,
    ``side``, ``attacked``: the locations the group attacked, ``location``:
    the one it attacked, if only one) and the group's block ids
    (:func:`legatus.games.julius_caesar.command_record.event_group_detail`; a
    hand-built record may give ``blocks`` itself). Mars: every attacking
    block fires before any defender in round 1 (card Mars). Neptune: the
    event's navis fire before all defenders in round 1 of one naval or coastal
    battle (card Neptune). "One battle": the group's location, or when it
    attacked several, the first of them that Player 1 picks (the caller
    applies the rule once). Returns ``{"mode", "blocks"}`` (the navis there,
    for Neptune) or None.

    The Spanish rulebook's Neptune "favours your naval battle or land attack:
    essentially a Mars card for ships" (parameter ``neptune.land_attack``
    true, variant ``neptune_land_attack``): in its group's battle, on land or
    at sea, with navis there or not, every attacking block fires first, as
    with Mars (``"all_attackers": True``). The card and the Polish text
    ("naval or coastal battles") give the first fire to the navis only.
    """
    group = ctx.state["records"].get("command", {}).get("event_group")
    if not group:
        return None
    mode = str(group.get("mode", "")).lower()
    if mode not in FIRST_FIRE_MODES or group.get("side", attacker) != attacker:
        return None
    if "side" in group:
        detail = command_record.event_group_detail(ctx.state) or {}
        blocks = list(detail.get("blocks", ()))
    else:
        blocks = list(group.get("blocks", ()))
    pieces = ctx.state["pieces"]
    there = [b for b in blocks if pieces[b]["at"] == location and pieces[b]["side"] == attacker]
    wanted = group.get("location")
    attacked = group.get("attacked")
    if wanted is not None:
        if wanted != location:
            return None
    elif attacked is not None:
        if location not in attacked:
            return None
    elif not there:
        return None
    if mode == "neptune":
        navis = sorted(b for b in there if ctx.definition.pieces[b].type == NAVIS)
        if ctx.param("neptune.land_attack"):
            return {"mode": mode, "blocks": navis, "all_attackers": True}
        if not navis:
            return None
        return {"mode": mode, "blocks": navis}
    return {"mode": mode, "blocks": sorted(there)}
