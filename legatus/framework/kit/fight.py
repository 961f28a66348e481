"""Fighting a battle, as the Columbia block games share it: what a rules file's battle asks.

The rounds and turn slots are :mod:`~legatus.framework.kit.battle`'s; this module is the rest
of a battle's procedure, named for no game (Julius Caesar 7.1-7.7; Hammer of the Scots 5.1-5.6):

- **the attack** at a location, read from the turn's record of moves
  (:mod:`~legatus.framework.kit.engagement`): who attacks, where each block came from, the
  borders each side entered by, the reserves (:func:`read_attack`);
- **the battles to fight**: the contested locations, in the order the record lists them,
  Player 1 picking the next (:func:`pending_battles`, :func:`player1`, :func:`take_battle`);
- **the battle's public record** (``records["battle"]``: location, round, attacker,
  defender) and its log: the battle opened, the fighting blocks **revealed** (reserves are
  counted to the enemy and named to their owner), each round, the reserves' arrival, a
  disrupted main force and the roles' swap, a turn passed, a retreat, the end;
- **fire**: a block rolls one die per step, each roll at or under its fire value in its role
  a hit (:func:`volley`), the hits taken one at a time by the strongest block.

The records a game declares for these: ``battles`` (the contested locations to fight, in
order), ``battle`` (the battle being fought) and ``player1``; the turn's record of moves under
the names the rules file gives :func:`read_attack`. Rule citations are the rules file's: an
effect that applies a clause only sometimes takes the clause's citation as an argument and
counts it only when it applies.

>>> roman_numeral(3), roman_numeral(4), roman_numeral(9)
('III', 'IV', 'IX')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import pieces_at, set_flag
from legatus.framework.kit import battle, combat, engagement
from legatus.framework.kit.borders import border_key
from legatus.framework.kit.movement import Occupancy, place
from legatus.framework.model.gamedef import Rating
from legatus.framework.rules.registry import rules_effect, rules_query

Attack = dict[str, Any]

_NUMERALS = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman_numeral(number: int) -> str:
    """A strength as the blocks print it, in Roman numerals (``str`` below 1)."""
    if number < 1:
        return str(number)
    text = ""
    for value, letters in _NUMERALS:
        while number >= value:
            text, number = text + letters, number - value
    return text


@rules_query("roman(strength: int) -> str")
def roman(ctx: Context, strength: int) -> str:
    """A strength as printed on the blocks: ``III``."""
    return roman_numeral(strength)


def other_side(ctx: Context, side: str) -> str:
    """The first side that is not ``side``: the enemy, in a two-sided battle."""
    return next(s for s in ctx.definition.side_ids if s != side)


# -- the attack ----------------------------------------------------------------------------


def _reserve_ids(detail: Mapping[str, Any]) -> list[str] | None:
    """Reserve block ids from the record; None when they must be derived. The record of
    moves gives ids in ``reserve_blocks`` and counts in ``reserves``; a hand-built record
    may give ids in ``reserves``. No ids but a positive (or no) count: the ids are unknown."""
    ids: list[str] = []
    counted = 0
    for key in ("reserve_blocks", "reserves"):
        raw = detail.get(key)
        values = raw.values() if isinstance(raw, dict) else [raw] if raw is not None else []
        for value in values:
            if isinstance(value, list):
                ids.extend(str(b) for b in value)
            elif isinstance(value, int):
                counted += value
    if ids or ("reserves" in detail and counted == 0):
        return ids
    return None


def guess_attacker(
    owner: Mapping[str, str], blocks: Sequence[str], moved: Collection[str], sides: Sequence[str]
) -> str | None:
    """Without a record: the side all of whose blocks there moved this turn while the
    enemy's did not all move (None when no side did)."""
    for side in sides:
        own = [b for b in blocks if owner[b] == side]
        other = [b for b in blocks if owner[b] != side]
        if own and all(b in moved for b in own) and not all(b in moved for b in other):
            return side
    return None


def attack_at(
    detail: Mapping[str, Any],
    location: str,
    blocks: Sequence[str],
    owner: Mapping[str, str],
    sides: Sequence[str],
    attacker: str,
    player1: str | None,
) -> Attack:
    """The attack on ``location`` normalised for the battle (pure: see :func:`read_attack`).

    ``detail`` is :func:`~legatus.framework.kit.engagement.attack_detail` (or a hand-built
    record giving ``origins`` and ``reserves`` by block id); ``owner`` each block's side.
    Without reserve ids they are derived: the attacker's blocks not on the main border, and
    the defender's responders when Player 1 attacks (Julius Caesar 7.3, Hammer of the Scots
    5.33). Returns ``{"attacker", "origins": {block: space}, "entered": {side: [border
    keys]}, "reserves": [ids]}``.
    """
    present = set(blocks)
    origins: dict[str, str] = {}
    for block, origin in (detail.get("origins_by_block") or {}).items():
        if block in present:
            origins[block] = origin
    for block, origin in (detail.get("origins") or {}).items():
        if block in present:  # keyed by block (hand-built), not by border key
            origins.setdefault(block, origin[-1] if isinstance(origin, list) else origin)
    roads = detail.get("roads") or []
    if isinstance(roads, dict):
        for key, ids in roads.items():
            end = engagement.other_end(key, location) if location in key.split("|") else None
            for block in ids:
                if block in present and end is not None:
                    origins.setdefault(block, end)
    entered: dict[str, set[str]] = {side: set() for side in sides}
    entered[attacker].update(roads)
    if detail.get("main"):
        entered[attacker].add(detail["main"])
    for block, origin in origins.items():
        entered[owner[block]].add(border_key(origin, location))
    listed = _reserve_ids(detail)
    if listed is None:
        main = detail.get("main")
        listed = [
            block
            for block, origin in origins.items()
            if (owner[block] == attacker and main and border_key(origin, location) != main)
            or (owner[block] != attacker and attacker == player1)
        ]
    return {
        "attacker": attacker,
        "origins": origins,
        "entered": {side: sorted(keys) for side, keys in entered.items()},
        "reserves": sorted(b for b in set(listed) if b in present),
    }


@rules_query("read_attack(location: space, blocks: list[piece], record: str, own: str) -> any")
def read_attack(ctx: Context, location: str, blocks: list[str], record: str, own: str) -> Attack:
    """The attack on ``location`` (:func:`attack_at`), from the turn's record of moves: the
    public half in ``records[record]``, each side's own half in ``records[own]``. Without
    an attacker recorded: the side all of whose blocks there moved, else Player 1."""
    records = ctx.state["records"]
    sides = ctx.definition.side_ids
    detail: Mapping[str, Any] = {}
    public = records.get(record, {})
    if public.get("attacks", {}).get(location):
        detail = engagement.attack_detail(public, records[own], location, sides) or {}
    owner = {b: ctx.state["pieces"][b]["side"] for b in blocks}
    first = records.get("player1") or sides[0]  # none after two events (HotS 3.12)
    attacker = detail.get("attacker")
    if not attacker:
        moved = {b for side in sides for b in records[own][side]["moved"]}
        attacker = guess_attacker(owner, blocks, moved, sides) or first
    return attack_at(detail, location, blocks, owner, sides, attacker, first)


def attacker_at(ctx: Context, location: str, record: str, own: str) -> str:
    """The side attacking at ``location`` (:func:`read_attack`)."""
    attacker: str = read_attack(ctx, location, pieces_at(ctx.state, location), record, own)[
        "attacker"
    ]
    return attacker


@rules_query("attack_side(attack: any) -> side")
def attack_side(ctx: Context, attack: Attack) -> str:
    """The attacking side of an attack (:func:`read_attack`)."""
    return str(attack["attacker"])


@rules_query("attack_reserves(attack: any) -> list[piece]")
def attack_reserves(ctx: Context, attack: Attack) -> list[str]:
    """The reserves of an attack: both sides' blocks that arrive later."""
    return list(attack["reserves"])


# -- the battles to fight ------------------------------------------------------------------


@rules_query("pending_battles() -> list[space]")
def pending_battles(ctx: Context) -> list[str]:
    """Contested locations still to fight: ``records["battles"]`` in order, then any other
    contested location (a battle is never skipped)."""
    contested = Occupancy.of(ctx.state["pieces"]).contested()
    listed = [b for b in ctx.state["records"].get("battles", []) if b in contested]
    return listed + sorted(contested - set(listed))


@rules_query("player1() -> side")
def player1(ctx: Context) -> str:
    """Player 1 of this turn (``records["player1"]``, else the first side), who picks the
    order of the battles."""
    found: str = ctx.state["records"].get("player1") or ctx.definition.side_ids[0]
    return found


@rules_query("granted(value: any) -> bool")
def granted(ctx: Context, value: Any) -> bool:
    """Whether a rule's grant is given (an event's first fire), not None."""
    return value is not None


@rules_effect("take_battle(location: space)")
def take_battle(ctx: Context, location: str) -> None:
    """The battle at ``location`` is fought now: off the list of battles to fight."""
    battles = ctx.state["records"].setdefault("battles", [])
    if location in battles:
        battles.remove(location)


@rules_effect("battles_over()")
def battles_over(ctx: Context) -> None:
    """No battle is left this turn: the list of battles and the battle record are emptied."""
    ctx.state["records"]["battles"] = []
    ctx.state["records"]["battle"] = None


# -- the battle's record, reveals and log ---------------------------------------------------


def publish(ctx: Context, location: str, round_: int, attacker: str) -> None:
    """The battle's public record: where, which round, who attacks and who defends."""
    ctx.state["records"]["battle"] = {
        "location": location,
        "round": round_,
        "attacker": attacker,
        "defender": other_side(ctx, attacker),
    }


def reveal(ctx: Context, blocks: Sequence[str], attacker: str, home_fire: int = 0) -> None:
    """Reveal fighting blocks to every side: the ``revealed`` flag and a log line each, with
    the rating each fires with (``home_fire``: :func:`~legatus.framework.kit.combat.rating_at`)."""
    pieces = ctx.state["pieces"]
    for block in blocks:
        set_flag(ctx.state, block, "revealed")
        piece = pieces[block]
        attacking = piece["side"] == attacker
        rating = combat.rating_at(ctx.definition, block, attacking, piece["at"], home_fire)
        ctx.log(
            ctx.definition.side_does(
                piece["side"], f"reveals {block} ({rating}, {roman_numeral(piece['strength'])})"
            ),
            event="reveal",
            block=block,
            side=piece["side"],
            strength=piece["strength"],
        )
    if blocks:
        ctx.reveal()


@rules_effect(
    "begin_battle(location: space, blocks: list[piece], attacker: side, reserves: list[piece], "
    "first_fire: any, home_fire: int?)"
)
def open_battle(
    ctx: Context,
    location: str,
    blocks: Sequence[str],
    attacker: str,
    reserves: Collection[str],
    first_fire: Mapping[str, Any] | None,
    home_fire: int = 0,
) -> None:
    """The battle begins: its public record, the log line, the fighting blocks revealed
    (with the rating they fire with: ``home_fire``, :func:`reveal`), each side's count of
    reserves (their names to their owner alone) and an event's first fire (a grant naming
    its ``mode``)."""
    publish(ctx, location, 1, attacker)
    name, does = ctx.definition.side_name, ctx.definition.side_does
    ctx.log(
        f"Battle at {location}: {does(attacker, 'attacks')} {name(other_side(ctx, attacker))}",
        event="battle",
        at=location,
        attacker=attacker,
    )
    reveal(ctx, [b for b in blocks if b not in reserves], attacker, home_fire)
    pieces = ctx.state["pieces"]
    for side in ctx.definition.side_ids:
        own = [b for b in reserves if pieces[b]["side"] == side]
        if own:
            ctx.log(does(side, f"has {len(own)} block(s) in reserve"), event="reserves", side=side)
            ctx.log(f"{name(side)}'s reserves: {', '.join(own)}", to=[side])
    if first_fire:
        mode = str(first_fire["mode"])
        ctx.log(f"{mode.capitalize()}: the attack fires first in round 1", event=mode)


@rules_effect(
    "new_round(location: space, round: int, attacker: side, arriving: list[piece], home_fire: int?)"
)
def new_round(
    ctx: Context, location: str, round: int, attacker: str, arriving: list[str], home_fire: int = 0
) -> None:
    """A new round: the public record and the log; the reserves arriving are revealed (with
    the rating they fire with: ``home_fire``, :func:`reveal`)."""
    publish(ctx, location, round, attacker)
    ctx.log(f"Round {round} at {location}", event="round")
    if arriving:
        ctx.log("The reserves arrive", event="arrive")
        reveal(ctx, arriving, attacker, home_fire)


@rules_effect(
    "reserves_disrupted(location: space, side: side, defended: bool, attacker: side, round: int)"
)
def reserves_disrupted(
    ctx: Context, location: str, side: str, defended: bool, attacker: str, round: int
) -> None:
    """Tell that ``side``'s main force is gone and its reserves disrupted; a disrupted
    defender becomes the attacker (``attacker`` names the attacking side now) and the
    record says so (Julius Caesar 7.31; Hammer of the Scots 5.32 swaps the roles alone)."""
    name, does = ctx.definition.side_name, ctx.definition.side_does
    ctx.log(
        f"{name(side)}'s main force is destroyed: its reserves are disrupted", event="disrupted"
    )
    if defended:
        publish(ctx, location, round, attacker)
        ctx.log(does(other_side(ctx, attacker), f"now defends at {location}"), event="roles")


@rules_effect(
    "round_cut_short(location: space, side: side, blocks: list[piece], acted: list[piece], "
    "round: int, rule: str?)"
)
def round_cut_short(
    ctx: Context,
    location: str,
    side: str,
    blocks: list[str],
    acted: list[str],
    round: int,
    rule: str = "",
) -> None:
    """Tell that the round ends for want of targets (``side`` has only reserves not yet
    arrived), if the enemy had turns left; ``rule`` is counted then."""
    pieces = ctx.state["pieces"]
    present = battle.still_in(pieces, location, blocks)
    if any(b not in acted for b in present if pieces[b]["side"] != side):
        ctx.fired(rule)
        ctx.log(
            ctx.definition.side_does(side, f"has only reserves at {location}: round {round} ends"),
            event="round_end",
            side=side,
        )


@rules_effect("battle_pass(block: piece)")
def battle_pass(ctx: Context, block: str) -> None:
    """A block passes its battle turn."""
    ctx.log(f"{block} passes", event="pass", block=block)


@rules_effect("retreat_block(location: space, block: piece, route: list[space])")
def retreat_block(ctx: Context, location: str, block: str, route: list[str]) -> None:
    """Move the block out along ``route`` and stand it up again: it is no longer in the
    battle (its move is logged)."""
    to = route[-1]
    place(ctx.state["pieces"], block, to)
    set_flag(ctx.state, block, "revealed", False)
    ctx.log(
        f"{block} retreats: {' -> '.join([location, *route])}", event="retreat", block=block, at=to
    )


@rules_effect("end_battle(location: space, blocks: list[piece], winner: list[side])")
def end_battle(ctx: Context, location: str, blocks: list[str], winner: list[str]) -> None:
    """The battle is over: blocks stand up again, the record is cleared, the log names the
    winner (who may regroup)."""
    for block in blocks:
        set_flag(ctx.state, block, "revealed", False)
    ctx.state["records"]["battle"] = None
    won = winner[0] if winner else None
    result = ctx.definition.side_wins(won) if won else "no one is left"
    ctx.log(f"Battle at {location} ends: {result}", event="battle_end", at=location, winner=won)


# -- fire and hits ---------------------------------------------------------------------------


@rules_query("volley(block: piece, attacking: bool, role_rule: str?, fire: int?) -> int")
def volley(ctx: Context, block: str, attacking: bool, role_rule: str = "", fire: int = 0) -> int:
    """A block's fire: one die per step of strength, each roll at or under its fire value in
    its role a hit, logged with the dice; the hits. ``role_rule`` is counted when the block
    has two ratings (Julius Caesar 7.42: the ballista); ``fire``, when given, is the fire
    value the game's rules make it (Hammer of the Scots 5.4: a noble at home fires B3)."""
    spec = ctx.definition.pieces[block]
    if spec.attacking and spec.defending and spec.attacking != spec.defending:
        ctx.fired(role_rule)
    rating = combat.combat_rating(ctx.definition, block, attacking)
    if fire:
        rating = Rating(rating.initiative, fire)
    strength = ctx.state["pieces"][block]["strength"]
    fired = combat.fire_roll(ctx, strength, rating.firepower, f"the fire of {block}")
    dice, hits = list(fired.dice), fired.hits
    ctx.log(
        f"{block} ({rating}) fires {len(dice)} dice: "
        f"{', '.join(map(str, dice))} -> {hits} hit{'s' if hits != 1 else ''}",
        event="fire",
        block=block,
        dice=dice,
        hits=hits,
    )
    return hits


@rules_effect("hits_lost(count: int)")
def hits_lost(ctx: Context, count: int) -> None:
    """Hits left over when the enemy has no block left to take them."""
    ctx.log(f"{count} hit(s) find no target", event="lost_hits")


def hit_logged(ctx: Context, block: str) -> None:
    """Log a hit on ``block`` (the game then takes its step, by its own rules)."""
    ctx.log(f"Hit on {block}", event="hit", block=block)


# -- the turn --------------------------------------------------------------------------------


@rules_query(
    "turn_text(location: space, slot: list[piece], attacker: side, round: int, "
    "last_round: int, retreat_from: int, home_fire: int?) -> str"
)
def turn_text(
    ctx: Context,
    location: str,
    slot: list[str],
    attacker: str,
    round: int,
    last_round: int,
    retreat_from: int,
    home_fire: int = 0,
) -> str:
    """The question of a battle turn: the blocks with the ratings they fire with and what
    they may do (the attacker must retreat in ``last_round``; a block may retreat from
    ``retreat_from``; a block defending one of its homes fires at ``home_fire`` when given:
    :func:`~legatus.framework.kit.combat.rating_at`)."""
    pieces, game = ctx.state["pieces"], ctx.definition
    listed = ", ".join(
        f"{b} ({combat.rating_at(game, b, pieces[b]['side'] == attacker, location, home_fire)})"
        for b in slot
    )
    side = battle.slot_side(ctx.state["pieces"], slot)
    if battle.must_retreat(round, last_round, side, attacker):
        verb = "must retreat"
    elif round >= retreat_from:
        verb = "fire, pass or retreat"
    else:
        verb = "fire or pass"
    return f"Battle at {location}, round {round}: {listed} {verb}"
