"""The battle phase (JC 2.3, 7.0-7.8): battles one at a time, rounds, hits.

After all moves, Player 1 picks the contested locations one at a time (JC
7.1). In each battle every block has one battle turn per round, in initiative
order A, B, C, D, the defender first on equal letters (JC 7.2, 7.8); a turn
is to fire, to pass, or from round 2 to retreat. Reserves (blocks that came
along a second road or sea border, and Player 2's responses) sit out round 1
and arrive revealed at the start of round 2 (JC 7.3); if a side's main force
dies in round 1 its reserves are disrupted (JC 7.31). After at most four
rounds the attacker is gone: attacking blocks must retreat on their turn in
round 4, or are eliminated if they cannot (JC 7.2, 7.6). The winner may then
regroup (JC 7.7, :mod:`legatus.games.julius_caesar.retreat`). Naval and coastal
battles are the same procedure: navis are D blocks that retreat and regroup
by the navis rules (JC 7.8-7.83).

Action decomposition (what players, AIs and playthroughs answer):

``battle(location)``
    Player 1 picks the next battle; not asked when only one is left.
``fire(block)``, ``pass(block)``, ``retreat(block, to)``, ``retreat(block, sea, port)``
    a battle turn, asked of the owner. Blocks of one side with the same
    initiative share a turn slot: every one of them is offered and the owner
    picks which acts first. In round 1 there is no retreat; attacking blocks
    in the last round are offered only their retreats.
``hit(block)``
    the owner of the blocks hit picks which of his tied strongest blocks
    takes the next hit; asked only on a real tie (JC 7.4).
``regroup(block, to)``, ``end_regroup``
    the winner's regroup (JC 7.7).

Written in ``julius_caesar.rules`` (section "battles") on the framework's kit
(``legatus.kit``: ratings, firing order, the fire roll, the strongest block,
step losses, reserves, border limits; the battle rounds of ``kit.battle``, whose
queries the rules call by name: ``battle_blocks``, ``main_forces``,
``main_force_lost``, ``sides_in_battle``, ``reserves_alone``, ``battle_slot``,
``turn_side``, ``in_battle``, ``battle_winner``, ``no_retreats``; the retreat and
regroup destinations of ``kit.retreat``), as procedures: the battle phase
(``battle_phase``, JC 7.1: Player 1's choice of battle, ``battle_choice``, and
the choice of the battle Mars or Neptune favours, ``first_fire``), one battle
(``battle``, JC 7.2: the rounds, the turn slots, ``battle_turn``, the reserves'
arrival and disruption with the roles' swap, JC 7.3, 7.31, the attackers'
forced retreat in the last round, the end), a block's fire and the hits it
scores (``battle_fire``, ``take_hits``, JC 7.4), the disrupted reserves' step
losses (``disrupted``, JC 7.31) and the regroup (``regroup``, JC 7.7, 7.83).
What stays here is this game's own, marked ``rules_query``/``rules_effect``:
the attack record (:func:`read_attack`), the blocks Mars and Neptune put first
(:func:`first_fire_blocks`), retreat routes (the kit's, with the navis rules
and the road limits of JC 7.61, :mod:`legatus.games.julius_caesar.retreat`)
and their count per round, the reveal, the roll of a block's fire
(:func:`volley`), a hit's step loss (Cleopatra, leaders), and the battle's
public record and log lines.

State read: ``public["player1"]``, ``public["battles"]`` (contested
locations, in order), the command phase's record of each attack and of the
event group, public half and block ids (``private[side]["command"]``),
through :mod:`legatus.games.julius_caesar.command_record` (see :func:`read_attack`
and :func:`legatus.games.julius_caesar.effects.first_fire`). State written: pieces,
``public["battles"]`` (emptied as battles are fought), ``public["battle"]``
(the battle being fought: location, round, attacker, defender; None between
battles), the effects' keys (:mod:`legatus.games.julius_caesar.effects`) and the log:
every roll, hit, retreat and elimination, public, since fighting blocks are
revealed; reserves are named only to their owner until they arrive.

The battle's progress lives in the variables of the procedure ``battle``
(``blocks``, ``attack``, ``attacker``, ``defender``, ``reserves``, ``round``,
``acted``, ``used``, ``firing``, ``disrupted_sides``...), kept in its frame
whose variables follow their pieces' visibility (``env=PIECES``): a reserve's
id is a token to the enemy until it arrives, as in the Python frame before.
"""

from __future__ import annotations

from typing import Any

from legatus import (
    Context,
    Rating,
    kit,
    piece,
    pieces_at,
    rules_effect,
    rules_query,
    set_flag,
)
from legatus.games.julius_caesar import command_record, model
from legatus.games.julius_caesar.effects import (
    eliminate_block,
    first_fire,
    lose_step,
    roman,
)
from legatus.games.julius_caesar.model import CAESAR, SIDES, enemy, occupants, road_key
from legatus.games.julius_caesar.retreat import (
    SEA_RETREAT,
    Ground,
    is_navis,
    is_sea,
    move_block,
    retreat_routes,
)

#: The rules parameters the battle phase reads, with their types (the registry's
#: ``needs``: the checker refuses rules or variants that drop or retype one). Their
#: values, defaults included, are the rules file's (``julius_caesar.rules``).
NEEDS: dict[str, str] = {
    "battle_rounds": "int",  # JC 7.2
    "retreat_from_round": "int",  # JC 7.2, 7.6
    "reserve_arrival_round": "int",  # JC 7.3
    "eliminated.face_up": "bool",  # JC 7.5
    "cleopatra_switch_strength": "int",  # JC 7.52
    "neptune.land_attack": "bool",  # JC 2.1 card Neptune (first fire)
    "first_fire.by_event_player": "bool",  # JC 2.1 cards Mars, Neptune ("one battle")
    "retreat_limit.strait": "int",  # JC 7.61
    "retreat_limit.sea": "int",  # JC 7.64
    "road_limit.major": "int",  # JC 6.11, 7.61, 7.7
    "road_limit.minor": "int",  # JC 6.11, 7.61, 7.7
    "road_limit.strait": "int",  # JC 6.11, 7.7
}

ATTACKER, DEFENDER = "attacker", "defender"

# The kit's queries the rules file calls, under the names this module has always offered.
main_forces = kit.rules.main_forces  # JC 7.31
with_side = kit.rules.with_side
no_retreats = kit.rules.no_retreats  # JC 7.61


# -- the attack record ------------------------------------------------------------


def _other_end(key: str, space: str) -> str | None:
    a, _, b = key.partition("|")
    return b if a == space else a if b == space else None


@rules_query("read_attack(location: space, blocks: list[piece]) -> any", rule="JC 7.3")
def read_attack(ctx: Context, location: str, blocks: list[str]) -> dict[str, Any]:
    """The command phase's record of the attack on ``location``, normalised.

    Reads :func:`legatus.games.julius_caesar.command_record.attack_detail` (the public
    ``public["command"]["attacks"][location]`` plus the block ids each side
    keeps privately): ``attacker``; ``main`` (road key of the main attack);
    ``roads`` (the attacker's road keys, roads and sea borders);
    ``origins_by_block`` (``{block: space it entered from}``, both sides);
    ``reserve_blocks`` (``{side: [ids]}``). A record written by hand may
    instead give ``origins`` and ``reserves`` by block id (``reserves`` a list
    or ``{side: [ids]}``). Without reserve ids they are derived: attackers
    not on the main road, and Player 2's responders when Player 1 attacks
    (JC 7.3). Without an attacker: the side all of whose blocks there moved
    this turn, else Player 1.

    Returns ``{"attacker", "origins", "entered": {side: [road keys]},
    "reserves": [ids]}``.
    """
    state = ctx.state
    public = state["records"]
    present = set(blocks)
    detail: dict[str, Any] = {}
    if public.get("command", {}).get("attacks", {}).get(location):
        detail = command_record.attack_detail(state, location) or {}
    attacker = detail.get("attacker") or _guess_attacker(ctx, blocks)
    origins: dict[str, str] = {}
    for block, origin in (detail.get("origins_by_block") or {}).items():
        if block in present:
            origins[block] = origin
    for block, origin in (detail.get("origins") or {}).items():
        if block in present:  # keyed by block (hand-built), not by road key
            origins.setdefault(block, origin[-1] if isinstance(origin, list) else origin)
    roads = detail.get("roads") or []
    if isinstance(roads, dict):
        for key, ids in roads.items():
            end = _other_end(key, location)
            for block in ids:
                if block in present and end is not None:
                    origins.setdefault(block, end)
    entered: dict[str, set[str]] = {side: set() for side in SIDES}
    entered[attacker].update(roads)
    if detail.get("main"):
        entered[attacker].add(detail["main"])
    for block, origin in origins.items():
        entered[piece(state, block).side].add(road_key(origin, location))
    listed = _reserve_ids(detail)
    if listed is None:
        main = detail.get("main")
        player1 = public.get("player1", CAESAR)
        listed = [
            block
            for block, origin in origins.items()
            if (
                piece(state, block).side == attacker and main and road_key(origin, location) != main
            )
            or (piece(state, block).side != attacker and attacker == player1)
        ]
    return {
        "attacker": attacker,
        "origins": origins,
        "entered": {side: sorted(keys) for side, keys in entered.items()},
        "reserves": sorted(b for b in set(listed) if b in present),
    }


def _reserve_ids(detail: dict[str, Any]) -> list[str] | None:
    """Reserve block ids from the record; None when they must be derived.

    The command record gives ids in ``reserve_blocks`` and counts in
    ``reserves``; a hand-built record may give ids in ``reserves``. No ids
    but a positive (or no) count means the ids are unknown.
    """
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


def _guess_attacker(ctx: Context, blocks: list[str]) -> str:
    state = ctx.state
    moved: set[str] = set()
    for side in SIDES:
        moved.update(model.records(state).own_command[side]["moved"])
    for side in SIDES:
        own = [b for b in blocks if piece(state, b).side == side]
        other = [b for b in blocks if piece(state, b).side != side]
        if own and all(b in moved for b in own) and not all(b in moved for b in other):
            return side
    player1: str = state["records"].get("player1", CAESAR)
    return player1


# -- the battle phase (JC 2.3, 7.1): what the rules' battle_phase asks of Python ----------


@rules_query("pending_battles() -> list[space]", rule="JC 7.1", needs=NEEDS)
def pending_battles(ctx: Context) -> list[str]:
    """Contested locations still to fight: ``public["battles"]`` in order, then any
    other contested location (a battle is never skipped, JC 2.3)."""
    found = occupants(ctx.state)
    contested = {space for space, sides in found.items() if len(sides) > 1}
    listed = [b for b in model.records(ctx.state).battles if b in contested]
    return listed + sorted(contested - set(listed))


@rules_query("player1() -> side", rule="JC 7.1")
def player1(ctx: Context) -> str:
    """Player 1 of this turn, who picks the order of the battles."""
    found: str = ctx.state["records"].get("player1", CAESAR)
    return found


def _attacker_at(ctx: Context, location: str) -> str:
    blocks = pieces_at(ctx.state, location)
    attacker: str = read_attack(ctx, location, blocks)["attacker"]
    return attacker


@rules_query("first_fire_battles() -> list[space]", rule="JC 2.1 cards Mars, Neptune")
def first_fire_battles(ctx: Context) -> list[str]:
    """The pending battles an event's first fire could favour (Mars, Neptune)."""
    return [
        location
        for location in pending_battles(ctx)
        if first_fire(ctx, location, _attacker_at(ctx, location)) is not None
    ]


@rules_query("event_player() -> side", rule="JC 2.1 cards Mars, Neptune")
def event_player(ctx: Context) -> str:
    """The side that played this turn's event (whose group moved)."""
    side: str = model.records(ctx.state).command["event_group"]["side"]
    return side


@rules_query("first_fire_event() -> str", rule="JC 2.1 cards Mars, Neptune")
def first_fire_event(ctx: Context) -> str:
    """The event's name as printed, ``Mars``, for the question of the favoured battle."""
    return str(model.records(ctx.state).command["event_group"]["mode"]).capitalize()


@rules_effect("favour_battle(location: space)", rule="JC 2.1 cards Mars, Neptune")
def favour_battle(ctx: Context, location: str) -> None:
    """Tell both sides which battle the event's first fire favours."""
    ctx.log(f"The event's first fire will favour the battle in {location}", location=location)


@rules_query(
    "battle_first_fire(location: space, favoured: list[space], used: bool) -> any",
    rule="JC 2.1 cards Mars, Neptune",
    needs={"neptune.land_attack": "bool"},
)
def battle_first_fire(
    ctx: Context, location: str, favoured: list[str], used: bool
) -> dict[str, Any] | None:
    """The first fire an event grants in the battle at ``location``
    (:func:`legatus.games.julius_caesar.effects.first_fire`), or None: none once one battle
    had it (``used``), none in a battle other than the one the event's player named."""
    if used or (favoured and location not in favoured):
        return None
    return first_fire(ctx, location, _attacker_at(ctx, location))


@rules_query("granted(value: any) -> bool")
def granted(ctx: Context, value: Any) -> bool:
    """Whether a rule's grant is given (a first fire), not None."""
    return value is not None


@rules_effect("take_battle(location: space)", rule="JC 7.1")
def take_battle(ctx: Context, location: str) -> None:
    """The battle at ``location`` is fought now: off the list of battles to fight."""
    battles = ctx.state["records"].setdefault("battles", [])
    if location in battles:
        battles.remove(location)


@rules_effect("battles_over()", rule="JC 7.1")
def battles_over(ctx: Context) -> None:
    """No battle is left this turn: the public record of battles is emptied."""
    model.records(ctx.state).battles = []
    model.records(ctx.state).battle = None


# -- fire and hits (JC 7.4, 7.31): what the rules' procedures ask of Python --------


@rules_query("volley(block: piece, attacking: bool) -> int", rule="JC 7.4")
def volley(ctx: Context, block: str, attacking: bool) -> int:
    """A block's fire: one d6 per strength point, each roll <= its fire value a hit (JC
    7.4; the ballista's rating by its role, JC 7.42), logged with the dice; the hits."""
    rating = kit.combat_rating(ctx.definition, block, attacking)
    if ctx.definition.pieces[block].type == "ballista":
        ctx.fired("JC 7.42")
    fired = kit.fire_roll(
        ctx, piece(ctx.state, block).strength, rating.firepower, f"the fire of {block}"
    )
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


@rules_effect("disrupted_step(block: piece)", rule="JC 7.31")
def disrupted_step(ctx: Context, block: str) -> None:
    """A disrupted reserve block loses a step (JC 7.31), by the battle's rules (7.52)."""
    lose_step(ctx, block, in_battle=True)


@rules_effect("take_hit(block: piece)", rule="JC 7.4")
def take_hit(ctx: Context, block: str) -> None:
    """A hit on ``block`` in battle: one step lost at once (JC 7.4), Cleopatra's switch
    and a leader's death included (JC 7.51, 7.52, :func:`lose_step`)."""
    ctx.log(f"Hit on {block}", event="hit", block=block)
    lose_step(ctx, block, in_battle=True)


@rules_effect("hits_lost(count: int)", rule="JC 7.4")
def hits_lost(ctx: Context, count: int) -> None:
    """Hits left over when the enemy has no block left to take them."""
    ctx.log(f"{count} hit(s) find no target", event="lost_hits")


@rules_query("roman(strength: int) -> str")
def roman_strength(ctx: Context, strength: int) -> str:
    """A strength as printed on the blocks: ``III``."""
    return roman(strength)


# -- one battle (JC 7.1-7.8): what the rules' procedure battle asks of Python ------------


def _rating(ctx: Context, block: str, attacker: str) -> Rating:
    """The block's rating in its role: the ballista is B4 defending, D4 attacking (JC 7.42)."""
    attacking = piece(ctx.state, block).side == attacker
    return kit.combat_rating(ctx.definition, block, attacking)


def _publish(ctx: Context, location: str, round_: int, attacker: str) -> None:
    model.records(ctx.state).battle = {
        "location": location,
        "round": round_,
        "attacker": attacker,
        "defender": enemy(attacker),
    }


def _reveal(ctx: Context, blocks: list[str], attacker: str) -> None:
    """Reveal fighting blocks to both sides (JC 7.1): the flag and a log line each."""
    pieces = ctx.state["pieces"]
    for block in blocks:
        set_flag(ctx.state, block, "revealed")
        piece = pieces[block]
        ctx.log(
            f"{ctx.definition.side_name(piece['side'])} reveals {block} "
            f"({_rating(ctx, block, attacker)}, {roman(piece['strength'])})",
            event="reveal",
            block=block,
            side=piece["side"],
            strength=piece["strength"],
        )
    if blocks:
        ctx.reveal()


@rules_query("attack_side(attack: any) -> side", rule="JC 7.1")
def attack_side(ctx: Context, attack: dict[str, Any]) -> str:
    """The attacking side of an attack record."""
    return str(attack["attacker"])


@rules_query("attack_reserves(attack: any) -> list[piece]", rule="JC 7.3")
def attack_reserves(ctx: Context, attack: dict[str, Any]) -> list[str]:
    """The reserves of an attack record: both sides' blocks that arrive in round 2."""
    return list(attack["reserves"])


@rules_effect(
    "open_battle(location: space, blocks: list[piece], attacker: side, reserves: list[piece], "
    "first_fire: any)",
    rule="JC 7.1",
)
def open_battle(
    ctx: Context,
    location: str,
    blocks: list[str],
    attacker: str,
    reserves: list[str],
    first_fire: dict[str, Any] | None,
) -> None:
    """The battle begins: its public record, the log line, the fighting blocks revealed
    (JC 7.1), each side's count of reserves (their names to their owner alone, JC 7.3) and
    the event's first fire (Mars, Neptune)."""
    _publish(ctx, location, 1, attacker)
    ctx.fired("JC 7.8" if is_sea(ctx, location) else "JC 7.1")
    if not is_sea(ctx, location) and any(is_navis(ctx, b) for b in blocks):
        ctx.fired("JC 7.81")
    ctx.log(
        f"Battle at {location}: {ctx.definition.side_name(attacker)} attacks "
        f"{ctx.definition.side_name(enemy(attacker))}",
        event="battle",
        at=location,
        attacker=attacker,
    )
    _reveal(ctx, [b for b in blocks if b not in reserves], attacker)
    for side in SIDES:
        own = [b for b in reserves if piece(ctx.state, b).side == side]
        if own:
            ctx.fired("JC 7.3")
            name = ctx.definition.side_name(side)
            ctx.log(f"{name} has {len(own)} block(s) in reserve", event="reserves", side=side)
            ctx.log(f"{name}'s reserves: {', '.join(own)}", to=[side])
    if first_fire:
        mode = first_fire["mode"]
        ctx.fired(f"JC card {mode.capitalize()}")
        ctx.log(f"{mode.capitalize()}: the attack fires first in round 1", event=mode)


def main_force_lost(
    ctx: Context,
    location: str,
    blocks: list[str],
    reserves: list[str],
    main: list[str],
    disrupted: list[str],
    round: int,
) -> list[str]:
    """The side (one at most) whose main force is gone before its reserves arrive, its
    reserves still there and not yet disrupted (JC 7.31): the kit's query of the rules
    file (``main_force_lost``) with this game's ``reserve_arrival_round``."""
    return kit.rules.main_force_lost(
        ctx, location, blocks, reserves, main, disrupted, round, _arrival(ctx)
    )


def _arrival(ctx: Context) -> int:
    """The round reserves arrive in (JC 7.3)."""
    return int(ctx.param("reserve_arrival_round"))


@rules_effect(
    "reserves_disrupted(location: space, side: side, defended: bool, attacker: side, round: int)",
    rule="JC 7.31",
)
def reserves_disrupted(
    ctx: Context, location: str, side: str, defended: bool, attacker: str, round: int
) -> None:
    """Tell that ``side``'s reserves are disrupted; a disrupted defender becomes the
    attacker (``attacker`` names the attacking side now) and the record says so."""
    name = ctx.definition.side_name(side)
    ctx.log(f"{name}'s main force is destroyed: its reserves are disrupted", event="disrupted")
    if defended:
        _publish(ctx, location, round, attacker)
        ctx.log(
            f"{ctx.definition.side_name(enemy(attacker))} now defends at {location}",
            event="roles",
        )


def reserves_alone(
    ctx: Context, location: str, blocks: list[str], reserves: list[str], round: int
) -> list[str]:
    """The side (one at most) with nothing but reserves in the battle before they arrive:
    the enemy has nothing to fire at and the round ends (JC 7.3, 7.31): the kit's query of
    the rules file (``reserves_alone``) with this game's ``reserve_arrival_round``.

    Reserves "cannot fire, retreat or take hits" before they arrive, so once a side's main
    force is gone in round 1 (its reserves disrupted, JC 7.31) the enemy's blocks still to
    act have nothing to fire at: their turns are void. The reserves arrive at the start of
    round 2 and the battle goes on; it ends at once only when a side has no block left."""
    return kit.rules.reserves_alone(ctx, location, blocks, reserves, round, _arrival(ctx))


@rules_effect(
    "round_cut_short(location: space, side: side, blocks: list[piece], acted: list[piece], "
    "round: int)",
    rule="JC 7.3",
)
def round_cut_short(
    ctx: Context, location: str, side: str, blocks: list[str], acted: list[str], round: int
) -> None:
    """Tell that the round ends for want of targets, if the enemy had turns left."""
    present = kit.battle.still_in(ctx.state["pieces"], location, blocks)
    if any(b not in acted for b in present if piece(ctx.state, b).side != side):
        ctx.fired("JC 7.3")
        ctx.log(
            f"{ctx.definition.side_name(side)} has only reserves at {location}: round {round} ends",
            event="round_end",
            side=side,
        )


@rules_query(
    "first_fire_blocks(first_fire: any, blocks: list[piece], attacker: side, round: int) "
    "-> list[piece]",
    rule="JC 7.2",
)
def first_fire_blocks(
    ctx: Context, first_fire: dict[str, Any] | None, blocks: list[str], attacker: str, round: int
) -> list[str]:
    """The attacking blocks an event's first fire puts before every other in round 1 (JC
    7.2 with Mars, Neptune): all of them with Mars (or Neptune's land attack), else the
    event group's; none after round 1 or without the event."""
    if not first_fire or round != 1:
        return []
    every = first_fire["mode"] == "mars" or first_fire.get("all_attackers", False)
    listed = () if every else first_fire["blocks"]
    pieces = ctx.state["pieces"]
    return [b for b in blocks if pieces[b]["side"] == attacker and (every or b in listed)]


def turn_order(
    ctx: Context,
    location: str,
    blocks: list[str],
    reserves: list[str],
    acted: list[str],
    round_: int,
    attacker: str,
    special: dict[str, Any] | None,
) -> list[list[str]]:
    """The battle turns still to come this round, in order: the blocks of each turn slot
    (one side, one initiative), as the battle will offer them if no block is eliminated
    or retreats meanwhile (JC 7.2, 7.8; Mars and Neptune first in round 1): the kit's
    turn slots with this game's arrival round and first fire."""
    first = first_fire_blocks(ctx, special, blocks, attacker, round_)
    return kit.rules.battle_turns(
        ctx, location, blocks, reserves, acted, round_, _arrival(ctx), attacker, first
    )


@rules_query(
    "turn_text(location: space, slot: list[piece], attacker: side, round: int) -> str",
    rule="JC 7.2",
    needs=NEEDS,
)
def turn_text(ctx: Context, location: str, slot: list[str], attacker: str, round: int) -> str:
    """The question of a battle turn: the blocks with their ratings and what they may do."""
    listed = ", ".join(f"{b} ({_rating(ctx, b, attacker)})" for b in slot)
    side = kit.battle.slot_side(ctx.state["pieces"], slot)
    if kit.battle.must_retreat(round, int(ctx.param("battle_rounds")), side, attacker):
        verb = "must retreat"
    elif round >= int(ctx.param("retreat_from_round")):
        verb = "fire, pass or retreat"
    else:
        verb = "fire or pass"
    return f"Battle at {location}, round {round}: {listed} {verb}"


def _ground(location: str, attacker: str, attack: dict[str, Any]) -> Ground:
    return Ground(
        location=location,
        attacker=attacker,
        entered={side: frozenset(keys) for side, keys in attack["entered"].items()},
        origins=attack["origins"],
    )


@rules_query(
    "battle_routes(location: space, block: piece, attacker: side, attack: any, used: any) "
    "-> list[list[space]]",
    rule="JC 7.6",
    needs=NEEDS,
)
def battle_routes(
    ctx: Context,
    location: str,
    block: str,
    attacker: str,
    attack: dict[str, Any],
    used: dict[str, dict[str, int]],
) -> list[list[str]]:
    """Every legal retreat of ``block`` from the battle now (JC 7.6-7.64, 7.82): the route's
    spaces; ``used`` counts this round's retreats by side and road key (``sea`` by sea)."""
    side = piece(ctx.state, block).side
    ground = _ground(location, attacker, attack)
    routes = retreat_routes(ctx, ground, block, used.get(side, {}), occupants(ctx.state))
    return [list(route) for route in routes]


@rules_query(
    "trapped_blocks(location: space, slot: list[piece], must: bool, attacker: side, "
    "attack: any, used: any) -> list[piece]",
    rule="JC 7.2",
    needs=NEEDS,
)
def trapped_blocks(
    ctx: Context,
    location: str,
    slot: list[str],
    must: bool,
    attacker: str,
    attack: dict[str, Any],
    used: dict[str, dict[str, int]],
) -> list[str]:
    """The first block of the slot that must retreat (an attacker in the last round) and
    has no retreat: it is eliminated instead (JC 7.2, 7.6); empty otherwise."""
    return kit.battle.first_trapped(
        slot, must, lambda block: bool(battle_routes(ctx, location, block, attacker, attack, used))
    )


@rules_effect("cannot_retreat(location: space, block: piece)", rule="JC 7.6")
def cannot_retreat(ctx: Context, location: str, block: str) -> None:
    """A block that must retreat and cannot is eliminated (JC 7.2, 7.6)."""
    ctx.log(f"{block} must retreat from {location} and cannot", block=block)
    eliminate_block(ctx, block, in_battle=True)


@rules_effect("battle_pass(block: piece)", rule="JC 7.2")
def battle_pass(ctx: Context, block: str) -> None:
    """A block passes its battle turn."""
    ctx.log(f"{block} passes", event="pass", block=block)


def _retreat_key(ctx: Context, location: str, block: str, route: list[str]) -> str | None:
    if is_navis(ctx, block):
        return None
    return SEA_RETREAT if len(route) > 1 else road_key(location, route[-1])


@rules_query(
    "retreat_counted(location: space, block: piece, route: list[space], used: any) -> any",
    rule="JC 7.61",
)
def retreat_counted(
    ctx: Context, location: str, block: str, route: list[str], used: dict[str, dict[str, int]]
) -> dict[str, dict[str, int]]:
    """This round's count of retreats with ``block``'s along ``route`` added (navis have no
    limit, JC 7.82)."""
    key = _retreat_key(ctx, location, block, route)
    if key is None:
        return used
    return kit.battle.count_crossing(used, ctx.state["pieces"][block]["side"], key)


@rules_effect("retreat_block(location: space, block: piece, route: list[space])", rule="JC 7.6")
def retreat_block(ctx: Context, location: str, block: str, route: list[str]) -> None:
    """Move the block out (JC 7.6) and stand it up again: it is no longer in the battle
    (its move is logged)."""
    if _retreat_key(ctx, location, block, route) is None:
        ctx.fired("JC 7.82")
    else:
        ctx.fired("JC 7.64" if len(route) > 1 else "JC 7.6")
    to = route[-1]
    move_block(ctx.state, block, to)
    set_flag(ctx.state, block, "revealed", False)
    ctx.log(
        f"{block} retreats: {' -> '.join([location, *route])}",
        event="retreat",
        block=block,
        at=to,
    )


@rules_effect(
    "new_round(location: space, round: int, attacker: side, arriving: list[piece])",
    rule="JC 7.2",
)
def new_round(ctx: Context, location: str, round: int, attacker: str, arriving: list[str]) -> None:
    """A new round: the public record and the log; the reserves arriving are revealed
    (JC 7.3)."""
    _publish(ctx, location, round, attacker)
    ctx.log(f"Round {round} at {location}", event="round")
    if arriving:
        ctx.log("The reserves arrive", event="arrive")
        _reveal(ctx, arriving, attacker)


@rules_effect(
    "last_round_over(location: space, blocks: list[piece], attacker: side)", rule="JC 7.2"
)
def last_round_over(ctx: Context, location: str, blocks: list[str], attacker: str) -> None:
    """The last round is over: attackers must have retreated; none can remain, but a battle
    is never left open (JC 7.2)."""
    for block in kit.battle.left_in(ctx.state["pieces"], location, blocks, attacker):
        eliminate_block(ctx, block, in_battle=True)


@rules_effect("end_battle(location: space, blocks: list[piece], winner: list[side])", rule="JC 7.1")
def end_battle(ctx: Context, location: str, blocks: list[str], winner: list[str]) -> None:
    """The battle is over: blocks stand up again (JC 7.1), the record is cleared, the log
    names the winner (who may regroup, JC 7.7)."""
    for block in blocks:
        set_flag(ctx.state, block, "revealed", False)
    model.records(ctx.state).battle = None
    won = winner[0] if winner else None
    result = f"{ctx.definition.side_name(won)} wins" if won else "no one is left"
    ctx.log(f"Battle at {location} ends: {result}", event="battle_end", at=location, winner=won)
