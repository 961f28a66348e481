"""Julius Caesar's step losses, eliminations, Jupiter's defector and first fire.

The mechanics are the kit's (:mod:`legatus.framework.kit.steps`); this module gives them
Julius Caesar's blocks and readings (:func:`losses`): a leader is killed, a trophy worth
1 VP to the enemy, and the count ``leaders_lost`` unlocks the side's third leader (JC
7.51); Cleopatra eliminated in a battle joins the other side at
``cleopatra_switch_strength`` and fights on (JC 7.52), outside a battle (Vulcan) only
under ``cleopatra.switch_outside_battle`` (else she goes to the pool like any block and
comes home in winter, JC 8.1); every other block goes to its owner's pool face up (JC
7.5) or face down (``eliminated.face_up`` false, the Polish 7.5), a Jupiter defector to
its original owner's (record ``defected``). The elephant's IV -> II is JC 7.41.
"""

from __future__ import annotations

from typing import Any

from legatus import Context, EngineError, kit, piece, rules_effect
from legatus.games.julius_caesar import command_record

LEADER, NAVIS, CLEOPATRA = "leader", "navis", "cleopatra"
REDUCED, UNCHANGED, ELIMINATED, KILLED, SWITCHED = (
    kit.steps.REDUCED,
    kit.steps.UNCHANGED,
    kit.steps.ELIMINATED,
    kit.steps.KILLED,
    kit.steps.SWITCHED,
)
roman = kit.steps.roman


def losses(ctx: Context, in_battle: bool) -> kit.Losses:
    """Where Julius Caesar's eliminated blocks go, in a battle or not (JC 7.5-7.52)."""
    switch = in_battle or bool(ctx.param("cleopatra.switch_outside_battle"))
    return kit.Losses(
        face_up=bool(ctx.param("eliminated.face_up")),
        for_good=(LEADER,),
        switch=(CLEOPATRA,) if switch else (),
        switch_strength=int(ctx.param("cleopatra_switch_strength")),
        trophies="trophies",
        lost="leaders_lost",
        returns="defected",
        cite={
            kit.steps.SKIPPED: "JC 7.41",
            SWITCHED: "JC 7.52" if in_battle else "JC 7.52 outside a battle",
            KILLED: "JC 7.51",
            ELIMINATED: "JC 7.5",
        },
    )


@rules_effect("lose_step(block: piece)", rule="JC 7.4")
def lose_step(ctx: Context, block: str, eliminate: bool = True, *, in_battle: bool = False) -> str:
    """``block`` loses one step (JC 7.4); at its lowest strength it is eliminated, unless
    not ``eliminate``. ``in_battle`` selects Cleopatra's battle rule (JC 7.52)."""
    return kit.steps.lose_step(ctx, block, losses(ctx, in_battle), spare_last=not eliminate)


def eliminate_block(ctx: Context, block: str, *, in_battle: bool = False) -> str:
    """Remove ``block`` from the map (JC 7.5, 7.51, 7.52); returns the outcome."""
    return kit.steps.eliminate(ctx, block, losses(ctx, in_battle))


def defect(ctx: Context, block: str, city: str | None = None) -> None:
    """Card Jupiter: ``block`` goes over to the enemy, into the adjacent friendly ``city``
    (eliminated, it returns to its original owner's pool), or where it stands for good
    (``city`` None: the rulebooks). A leader or navis loses a step instead (both texts);
    Cleopatra may defect, then simply belongs to the new side (JC 3.27)."""
    unit = piece(ctx.state, block)
    new_side, origin = kit.steps.enemy_of(ctx, unit.side), unit.at
    if city is not None and city not in kit.events.friendly_neighbours(
        ctx, new_side, origin, "land"
    ):
        raise EngineError(f"{block} in {origin} cannot defect to {city}")
    ctx.fired("JC card Jupiter" if city else "JC 2.1 rulebook Jupiter")
    if ctx.definition.pieces[block].type in (LEADER, NAVIS):
        ctx.log(f"Jupiter: {block} does not defect and loses a step instead", block=block)
        lose_step(ctx, block)
        return
    side = ctx.definition.side_name(new_side)
    if city is None:
        ctx.state["records"].get("defected", {}).pop(block, None)
        unit.side = new_side
        text = f"Jupiter: {block} in {origin} goes over to {side}"
    else:
        keep = "defected" if ctx.definition.pieces[block].type != CLEOPATRA else None
        kit.steps.change_side(ctx, block, new_side, returns=keep)
        unit.at = city
        text = f"Jupiter: {block} defects from {origin} to {city} and now fights for {side}"
    ctx.log(text, event="defect", block=block, side=new_side, at=city or origin)


# -- Mars and Neptune -------------------------------------------------------------


def first_fire(ctx: Context, location: str, attacker: str) -> dict[str, Any] | None:
    """The first fire an event grants in the battle at ``location``, or None (cards Mars,
    Neptune): ``{"mode", "blocks"}``. Mars: the group's attackers there fire before any
    defender in round 1; Neptune: its navis, in a naval or coastal battle, or under
    ``neptune.land_attack`` (the Spanish text) every attacker, with ``all_attackers``.
    "One battle": the group's location, or the battles it attacked (the caller applies
    the rule once). Reads ``public["command"]["event_group"]`` (``mode``, ``side``,
    ``location``, ``attacked``) and its block ids (a hand-built record may list
    ``blocks``)."""
    group = ctx.state["records"].get("command", {}).get("event_group")
    if not group:
        return None
    mode = str(group.get("mode", "")).lower()
    if mode not in ("mars", "neptune") or group.get("side", attacker) != attacker:
        return None
    if "side" in group:
        blocks = (command_record.event_group_detail(ctx.state) or {}).get("blocks", ())
    else:
        blocks = group.get("blocks", ())
    units = ctx.state["pieces"]
    there = [b for b in blocks if units[b]["at"] == location and units[b]["side"] == attacker]
    wanted, attacked = group.get("location"), group.get("attacked")
    if wanted is not None:
        if wanted != location:
            return None
    elif (location not in attacked) if attacked is not None else not there:
        return None
    if mode == "mars":
        return {"mode": mode, "blocks": sorted(there)}
    navis = sorted(b for b in there if ctx.definition.pieces[b].type == NAVIS)
    if ctx.param("neptune.land_attack"):
        return {"mode": mode, "blocks": navis, "all_attackers": True}
    return {"mode": mode, "blocks": navis} if navis else None
