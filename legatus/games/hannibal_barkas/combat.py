"""What battles, pursuits and assaults share (HB V, VI): the armies in a fight, the dice
with their rerolls, and losses.

An *army* in a battle is one player's units in the field of the battle's space (HB 5.5: a
battle of several armies - two players of one nation, or a player's army and the Gauls'
armed resistance - allocates each army's losses apart). Each army has a *director*, the
player who decides for it: its owner, or for the Gauls' levy the enemy of the army they
fight (HB 8.3).

Dice (HB 1.4): a d10, 0 counting as 10; a unit hits on its attack value or more (Table 1);
a failed die may be rerolled once, the reroll standing (HB 1.4), for one point of the
army's command (the sum of its leaders' command, HB 5.6), which comes back each round.
A 10 is a critical hit: the player who rolled it chooses the enemy unit lost (HB 5.5, in
the reading of its worked examples, reference A.23 #1); the owner chooses the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from legatus import Context, GameDef, on_map, piece, pieces_of
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER

#: The battle round's three steps (HB 5.3): who fires in each.
STEPS: tuple[tuple[str, ...], ...] = (
    ("light_infantry",),
    ("cavalry", "gallic_cavalry", "elephants"),
    ("heavy_infantry", "gallic_infantry"),
)
CAVALRY = ("cavalry", "gallic_cavalry")
#: The side whose pieces the Gallic levy are (HB 8.3), directed by a player.
GAULS = "gauls"


# -- who is where -------------------------------------------------------------------------------


def army(definition: GameDef, state: dict[str, Any], side: str, space: str) -> list[str]:
    """A side's units in the field of ``space`` (at sea: its ships and their cargo; on land
    no ship, they are in port)."""
    return [
        pid for pid in model.field_units(definition, state, space) if piece(state, pid).side == side
    ]


def leaders_in_field(
    definition: GameDef, state: dict[str, Any], side: str, space: str
) -> list[str]:
    return [
        pid
        for pid in model.field_at(state, space)
        if piece(state, pid).side == side and definition.pieces[pid].type == LEADER
    ]


def command(ctx: Context, side: str, space: str) -> int:
    """An army's command: its leaders' in the field, a dictator's +1 (HB 5.6, 12.4)."""
    definition, state = ctx.definition, ctx.state
    total = 0
    for pid in leaders_in_field(definition, state, side, space):
        total += model.stat(definition, pid, "command")
        if model.records(state).dictator.get("leader") == pid:
            total += int(ctx.param("dictator.command"))
    return total


def director(ctx: Context, side: str, directors: Mapping[str, str]) -> str:
    """The player who decides for an army."""
    if side in directors:
        return str(directors[side])
    return model.player_of(ctx.state, side) or side


# -- dice -----------------------------------------------------------------------------------------


def hits(die: Mapping[str, Any]) -> bool:
    return bool(die["need"] is not None and die["value"] >= die["need"])


def critical(ctx: Context, die: Mapping[str, Any]) -> bool:
    """A hit on a 10 (HB 5.5)."""
    return hits(die) and die["value"] >= int(ctx.param("battle.critical"))


def roll_dice(ctx: Context, entries: list[tuple[str, int]], what: str = "") -> list[dict[str, Any]]:
    """Roll one d10 for each (key, need) entry (HB 1.4), all in one roll; ``what`` says
    what the roll is for (a test that forces it reads it in an error)."""
    values = ctx.roll(len(entries), sides=10, what=what) if entries else []
    return [
        {"key": key, "need": need, "value": value, "rerolled": False}
        for (key, need), value in zip(entries, values, strict=True)
    ]


def rerollable(dice: Iterable[Mapping[str, Any]]) -> list[str]:
    """The keys of failed dice not yet rerolled (HB 1.4: once only)."""
    return sorted({d["key"] for d in dice if not d["rerolled"] and not hits(d) and d["need"]})


def reroll(ctx: Context, dice: list[dict[str, Any]], key: str, what: str = "") -> dict[str, Any]:
    """Reroll one failed die of ``key`` (a roll of its own); the new roll stands (HB 1.4)."""
    die = next(d for d in dice if d["key"] == key and not d["rerolled"] and not hits(d))
    die["value"] = ctx.roll(1, sides=10, what=what or f"a reroll of a failed die ({key})")[0]
    die["rerolled"] = True
    return die


def shown(dice: Iterable[Mapping[str, Any]]) -> list[int]:
    return [int(d["value"]) for d in dice if d["need"] is not None]


# -- losses ---------------------------------------------------------------------------------------


def leaders_lost(ctx: Context, side: str, space: str, scorer: str | None, why: str) -> None:
    """A side's leaders in the field of ``space`` die when none of its units is left there
    (HB 5.6); the enemy player ``scorer`` scores their VP at once (HB 5.11, 10.4)."""
    definition, state = ctx.definition, ctx.state
    if army(definition, state, side, space):  # at sea its ships count, with their cargo
        return
    for leader in leaders_in_field(definition, state, side, space):
        kill_leader(ctx, leader, scorer, why)


def kill_leader(ctx: Context, leader: str, scorer: str | None, why: str) -> None:
    """A leader dies (HB 5.6): the enemy scores his card's VP (HB 5.11; a dictator's +2,
    HB 12.4); a consul is replaced from the pool in Roma (HB 3.2)."""
    from legatus.games.hannibal_barkas import victory
    from legatus.games.hannibal_barkas.movement import eliminate

    definition, state = ctx.definition, ctx.state
    vp = int(definition.cards[leader].values["vp"])
    dictator = model.records(state).dictator
    if dictator.get("leader") == leader:
        vp += int(ctx.param("dictator.vp"))
        model.records(state).dictator = {}
    side = piece(state, leader).side
    consul = (
        "consul" in definition.pieces[leader].tags and leader not in model.records(state).proconsuls
    )
    if leader in model.records(state).proconsuls:
        model.records(state).proconsuls.remove(leader)
    eliminate(ctx, leader)
    ctx.log(f"{leader} dies ({why})", rule="HB 5.6", leader=leader)
    if scorer is not None and model.player_of(state, scorer) is not None:
        victory.score(ctx, scorer, vp, f"{leader} killed", rule="HB 5.11")
    if consul and model.team_players(definition, state, "rome"):
        from legatus.games.hannibal_barkas.cards import replace_consul

        replace_consul(ctx, side)


def lone_leaders(ctx: Context, space: str) -> None:
    """HB 5.6: a leader alone in a region with an enemy unit is eliminated at once."""
    definition, state = ctx.definition, ctx.state
    units = model.field_units(definition, state, space)
    teams = {definition.team_of(piece(state, p).side) for p in units}
    for leader in [p for p in model.field_at(state, space) if definition.pieces[p].type == LEADER]:
        side = piece(state, leader).side
        team = definition.team_of(side)
        if army(definition, state, side, space):
            continue
        enemies = [t for t in teams if t != team]
        if enemies:
            scorer = best_player(ctx, space, enemies[0])
            kill_leader(ctx, leader, scorer, "alone with the enemy")


def isolated_leaders(ctx: Context, space: str, by: str | None = None) -> None:
    """HB 5.6: a leader alone on a region's field - no unit of his nation there - with at
    least one enemy unit is eliminated at once, and the enemy scores him then (HB 5.11):
    the player of ``by`` (the nation whose units just came) with the most units there, or
    of the first enemy nation present. Inside a city's walls he is not alone."""
    for leader, enemies in model.lone_leaders_at(ctx.definition, ctx.state, space).items():
        if enemies:
            scorer = best_player(ctx, space, by if by in enemies else enemies[0])
            kill_leader(ctx, leader, scorer, "alone with the enemy")


def isolated_leaders_everywhere(ctx: Context, by: str | None = None) -> None:
    """:func:`isolated_leaders` in every region where a leader stands (after counters were
    placed or changed hands: recruits, reinforcements, a leader entering play, an alliance
    made or broken)."""
    definition, state = ctx.definition, ctx.state
    regions = sorted(
        {
            piece["at"]
            for pid, piece in pieces_of(state)
            if definition.pieces[pid].type == LEADER and on_map(piece)
        }
    )
    for region in regions:
        isolated_leaders(ctx, region, by)


def best_player(ctx: Context, space: str, team: str) -> str | None:
    """The player of ``team`` with the most units in the field of ``space`` (ties: the first
    in the order of play); else the nation's first player."""
    definition, state = ctx.definition, ctx.state
    order = model.records(state).order or model.players(state)
    counts: dict[str, int] = {}
    for pid in model.field_units(definition, state, space):
        side = piece(state, pid).side
        if definition.team_of(side) == team:
            player = model.player_of(state, side)
            if player is not None:
                counts[player] = counts.get(player, 0) + 1
    if counts:
        rank = {p: i for i, p in enumerate(order)}
        return max(sorted(counts), key=lambda p: (counts[p], -rank.get(p, 99)))
    mates = model.team_players(definition, state, team)
    return mates[0] if mates else None


__all__ = ["CAVALRY", "GAULS", "STEPS", "army", "command", "roll_dice"]
