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
step losses, reserves, border limits): a block's fire and the hits it scores
(``battle_fire``, ``take_hits``, JC 7.4: a ``fire`` answer pushes it), the
disrupted reserves' step losses (``disrupted``, JC 7.31) and the regroup
(``regroup``, JC 7.7, 7.83: pushed when the battle ends). What stays here is the
battle-turn loop: Player 1's choice of battle and the events' first fire, the
rounds and their turn slots, the reserves' arrival and the test for disruption
(JC 7.3, 7.31), retreats (JC 7.6-7.64, 7.82) and the attacker's forced retreat
in the last round. Its ``battle_turn`` prompt is asked from this Python frame:
the golden playthroughs stop at the first one and hash the state, stack included.

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

The battle's progress lives in its frame (the stack is never shown to a
player), so reserve identities stay hidden.
"""

from __future__ import annotations

from typing import Any

from legatus import (
    PIECES,
    PUBLIC,
    Action,
    Context,
    Frame,
    Procedure,
    Prompt,
    Rating,
    declare,
    kit,
    make_prompt,
    rules_effect,
    rules_query,
    set_flag,
)
from legatus.games.julius_caesar import command_record
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


# -- the attack record ------------------------------------------------------------


def _other_end(key: str, space: str) -> str | None:
    a, _, b = key.partition("|")
    return b if a == space else a if b == space else None


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
    pieces = state["pieces"]
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
        entered[pieces[block]["side"]].add(road_key(origin, location))
    listed = _reserve_ids(detail)
    if listed is None:
        main = detail.get("main")
        player1 = public.get("player1", CAESAR)
        listed = [
            block
            for block, origin in origins.items()
            if (pieces[block]["side"] == attacker and main and road_key(origin, location) != main)
            or (pieces[block]["side"] != attacker and attacker == player1)
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
        moved.update(state["records"]["own_command"][side]["moved"])
    pieces = state["pieces"]
    for side in SIDES:
        own = [b for b in blocks if pieces[b]["side"] == side]
        other = [b for b in blocks if pieces[b]["side"] != side]
        if own and all(b in moved for b in own) and not all(b in moved for b in other):
            return side
    player1: str = state["records"].get("player1", CAESAR)
    return player1


# -- the battle phase ------------------------------------------------------------


def pending_battles(ctx: Context) -> list[str]:
    """Contested locations still to fight: ``public["battles"]`` in order, then any
    other contested location (a battle is never skipped, JC 2.3)."""
    found = occupants(ctx.state)
    contested = {space for space, sides in found.items() if len(sides) > 1}
    listed = [b for b in ctx.state["records"].get("battles", []) if b in contested]
    return listed + sorted(contested - set(listed))


class BattlePhase(Procedure):
    """``battle_phase``: Player 1 picks the battles one at a time (JC 2.3, 7.1).

    Mars and Neptune favour "one battle" (the cards): by default the first of
    their group's battles that Player 1 picks to fight. With the parameter
    ``first_fire.by_event_player`` (variant ``first_fire_chosen``) the event's
    player names it before the first battle, ``choose(location)``, when his
    group is in more than one battle.
    """

    fields = declare(args=PUBLIC, first_fire_used=PUBLIC, favoured=PUBLIC)

    rule = "JC 7.1"
    needs = NEEDS

    def start(self, ctx: Context, frame: Frame) -> None:
        frame["first_fire_used"] = False

    def _first_fire_battles(self, ctx: Context, pending: list[str]) -> list[str]:
        """The pending battles an event's first fire could favour (Mars, Neptune)."""
        found = []
        for location in pending:
            blocks = [p for p, v in ctx.state["pieces"].items() if v["at"] == location]
            attacker = read_attack(ctx, location, blocks)["attacker"]
            if first_fire(ctx, location, attacker) is not None:
                found.append(location)
        return found

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        pending = pending_battles(ctx)
        if not pending:
            ctx.state["records"]["battles"] = []
            ctx.state["records"]["battle"] = None
            return None
        if ctx.param("first_fire.by_event_player") and "favoured" not in frame:
            choices = self._first_fire_battles(ctx, pending)
            if len(choices) > 1:
                group = ctx.state["records"]["command"]["event_group"]
                ctx.fired("JC 2.1 first fire chosen")
                return make_prompt(
                    group["side"],
                    "first_fire",
                    f"Which battle does {str(group['mode']).capitalize()} favour with the "
                    "first fire in round 1?",
                    [Action("choose", (space,)) for space in choices],
                )
            frame["favoured"] = choices[0] if choices else None
        if len(pending) == 1:
            self._begin(ctx, frame, pending[0])
            return None
        player1 = ctx.state["records"].get("player1", CAESAR)
        return make_prompt(
            player1,
            "battle_choice",
            "Choose the next battle",
            [Action("battle", (space,)) for space in pending],
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "choose":
            frame["favoured"] = str(action.args[0])
            ctx.log(
                f"The event's first fire will favour the battle in {frame['favoured']}",
                location=frame["favoured"],
            )
            return
        self._begin(ctx, frame, str(action.args[0]))

    def _begin(self, ctx: Context, frame: Frame, location: str) -> None:
        battles = ctx.state["records"].setdefault("battles", [])
        if location in battles:
            battles.remove(location)
        fire_first = None
        if frame.get("favoured", location) not in (None, location):
            pass  # the event's player named another battle
        elif not frame["first_fire_used"]:
            blocks = [p for p, v in ctx.state["pieces"].items() if v["at"] == location]
            fire_first = first_fire(ctx, location, read_attack(ctx, location, blocks)["attacker"])
            frame["first_fire_used"] = fire_first is not None
        ctx.push("battle", location=location, first_fire=fire_first)


# -- fire and hits (JC 7.4, 7.31): what the rules' procedures ask of Python --------


@rules_query("volley(block: piece, attacking: bool) -> int", rule="JC 7.4")
def volley(ctx: Context, block: str, attacking: bool) -> int:
    """A block's fire: one d6 per strength point, each roll <= its fire value a hit (JC
    7.4; the ballista's rating by its role, JC 7.42), logged with the dice; the hits."""
    rating = kit.combat_rating(ctx.definition, block, attacking)
    if ctx.definition.pieces[block].type == "ballista":
        ctx.fired("JC 7.42")
    fired = kit.fire_roll(
        ctx, ctx.state["pieces"][block]["strength"], rating.firepower, f"the fire of {block}"
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


# -- one battle ------------------------------------------------------------------


class Battle(Procedure):
    """``battle(location, first_fire=None)``: one battle, to its end and regroup."""

    fields = declare(
        args=PIECES,  # ``first_fire`` names the event's blocks, a reserve among them maybe
        blocks=PIECES,
        attacker=PUBLIC,
        defender=PUBLIC,
        reserves=PIECES,
        entered=PUBLIC,
        origins=PIECES,
        main=PUBLIC,
        disrupted=PUBLIC,
        round=PUBLIC,
        acted=PIECES,
        hits=PUBLIC,
        used=PUBLIC,
        stage=PUBLIC,
        winner=PUBLIC,
        first_fire=PIECES,
    )

    rule = "JC 7.2"

    # -- setting up ---------------------------------------------------------------
    def start(self, ctx: Context, frame: Frame) -> None:
        location = frame["args"]["location"]
        pieces = ctx.state["pieces"]
        blocks = sorted(pid for pid, p in pieces.items() if p["at"] == location)
        attack = read_attack(ctx, location, blocks)
        attacker = attack["attacker"]
        reserves = attack["reserves"]
        frame.update(
            blocks=blocks,
            attacker=attacker,
            defender=enemy(attacker),
            reserves=reserves,
            entered=attack["entered"],
            origins=attack["origins"],
            main={
                s: any(pieces[b]["side"] == s and b not in reserves for b in blocks) for s in SIDES
            },
            disrupted=[],
            round=1,
            acted=[],
            hits=None,
            used={},
            stage="fight",
            winner=None,
            first_fire=frame["args"].get("first_fire"),
        )
        self._publish(ctx, frame)
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
        self._reveal(ctx, frame, [b for b in blocks if b not in reserves])
        for side in SIDES:
            own = [b for b in reserves if pieces[b]["side"] == side]
            if own:
                ctx.fired("JC 7.3")
                name = ctx.definition.side_name(side)
                ctx.log(f"{name} has {len(own)} block(s) in reserve", event="reserves", side=side)
                ctx.log(f"{name}'s reserves: {', '.join(own)}", to=[side])
        if frame["first_fire"]:
            mode = frame["first_fire"]["mode"]
            ctx.fired(f"JC card {mode.capitalize()}")
            ctx.log(f"{mode.capitalize()}: the attack fires first in round 1", event=mode)

    def _reveal(self, ctx: Context, frame: Frame, blocks: list[str]) -> None:
        """Reveal fighting blocks to both sides (JC 7.1): the flag and a log line each."""
        pieces = ctx.state["pieces"]
        for block in blocks:
            set_flag(ctx.state, block, "revealed")
            piece = pieces[block]
            ctx.log(
                f"{ctx.definition.side_name(piece['side'])} reveals {block} "
                f"({self._rating(ctx, frame, block)}, {roman(piece['strength'])})",
                event="reveal",
                block=block,
                side=piece["side"],
                strength=piece["strength"],
            )
        if blocks:
            ctx.reveal()

    def _publish(self, ctx: Context, frame: Frame) -> None:
        ctx.state["records"]["battle"] = {
            "location": frame["args"]["location"],
            "round": frame["round"],
            "attacker": frame["attacker"],
            "defender": frame["defender"],
        }

    # -- queries on the frame -------------------------------------------------------
    def _present(self, ctx: Context, frame: Frame) -> list[str]:
        location = frame["args"]["location"]
        pieces = ctx.state["pieces"]
        return [b for b in frame["blocks"] if pieces[b]["at"] == location]

    def _in_reserve(self, ctx: Context, frame: Frame, block: str) -> bool:
        arrival = int(ctx.param("reserve_arrival_round"))
        return kit.in_reserve(block, frame["reserves"], frame["round"], arrival)

    def _rating(self, ctx: Context, frame: Frame, block: str) -> Rating:
        """The block's rating in its role: the ballista is B4 defending, D4 attacking (JC 7.42)."""
        attacking = ctx.state["pieces"][block]["side"] == frame["attacker"]
        return kit.combat_rating(ctx.definition, block, attacking)

    def _turn_key(self, ctx: Context, frame: Frame, block: str) -> tuple[int, str, int]:
        """Initiative letter, defender first (JC 7.2, 7.8); Mars and Neptune first in round 1."""
        attacking = ctx.state["pieces"][block]["side"] == frame["attacker"]
        letter = self._rating(ctx, frame, block).initiative
        special = frame["first_fire"]
        early = bool(
            special
            and frame["round"] == 1
            and attacking
            and (
                special["mode"] == "mars"
                or special.get("all_attackers", False)
                or block in special["blocks"]
            )
        )
        return kit.turn_key(letter, attacking, early)

    def _slot(self, ctx: Context, frame: Frame) -> list[str]:
        """The blocks whose battle turn comes next (one side, one initiative)."""
        order = self.turn_order(ctx, frame)
        return order[0] if order else []

    def turn_order(self, ctx: Context, frame: Frame) -> list[list[str]]:
        """The battle turns still to come this round, in order: the blocks of each turn slot
        (one side, one initiative), as the loop will offer them if no block is eliminated
        or retreats meanwhile (JC 7.2, 7.8; Mars and Neptune first in round 1)."""
        acted = set(frame["acted"])
        arrival = int(ctx.param("reserve_arrival_round"))
        fighting = kit.fighting(
            self._present(ctx, frame), frame["reserves"], frame["round"], arrival
        )
        waiting = [b for b in fighting if b not in acted]
        return kit.firing_order(waiting, lambda b: self._turn_key(ctx, frame, b))

    def _ground(self, frame: Frame) -> Ground:
        return Ground(
            location=frame["args"]["location"],
            attacker=frame["attacker"],
            entered={side: frozenset(keys) for side, keys in frame["entered"].items()},
            origins=frame["origins"],
        )

    def _routes(
        self, ctx: Context, frame: Frame, block: str, occupied: dict[str, set[str]]
    ) -> list[tuple[str, ...]]:
        side = ctx.state["pieces"][block]["side"]
        used = frame["used"].get(side, {})
        return retreat_routes(ctx, self._ground(frame), block, used, occupied)

    def _must_retreat(self, ctx: Context, frame: Frame, block: str) -> bool:
        last = int(ctx.param("battle_rounds"))
        attacking: bool = ctx.state["pieces"][block]["side"] == frame["attacker"]
        return frame["round"] >= last and attacking

    # -- the loop ---------------------------------------------------------------
    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        while True:
            if frame["stage"] == "done":
                return None
            if frame["stage"] == "regroup":
                frame["stage"] = "done"
                winner = frame["winner"]
                if winner is not None:
                    ctx.push("regroup", location=frame["args"]["location"], side=winner)
                    return None
                continue
            if frame["hits"]:
                frame["hits"] = None  # the rules' battle_fire has been resolved (JC 7.4)
                continue
            if self._check_disruption(ctx, frame):
                return None
            if len({ctx.state["pieces"][b]["side"] for b in self._present(ctx, frame)}) < 2:
                self._finish(ctx, frame)
                continue
            if self._only_reserves_left(ctx, frame):
                self._end_round(ctx, frame)
                continue
            slot = self._slot(ctx, frame)
            if not slot:
                self._end_round(ctx, frame)
                continue
            asked = self._turn_prompt(ctx, frame, slot)
            if asked is not None:
                return asked

    def _turn_prompt(self, ctx: Context, frame: Frame, slot: list[str]) -> Prompt | None:
        """The owner's choices for the blocks in the slot; None if a forced retreat
        eliminated someone instead (the loop looks again)."""
        location = frame["args"]["location"]
        retreat_ok = frame["round"] >= int(ctx.param("retreat_from_round"))
        actions: list[Action] = []
        occupied = occupants(ctx.state)
        for block in slot:
            must = self._must_retreat(ctx, frame, block)
            routes = self._routes(ctx, frame, block, occupied) if (retreat_ok or must) else []
            if must and not routes:
                ctx.log(f"{block} must retreat from {location} and cannot", block=block)
                eliminate_block(ctx, block, in_battle=True)
                frame["acted"].append(block)
                return None
            actions.extend(Action("retreat", (block, *route)) for route in routes)
            if not must:
                actions.extend((Action("fire", (block,)), Action("pass", (block,))))
        side = ctx.state["pieces"][slot[0]]["side"]
        listed = ", ".join(f"{b} ({self._rating(ctx, frame, b)})" for b in slot)
        if self._must_retreat(ctx, frame, slot[0]):
            verb = "must retreat"
        else:
            verb = "fire, pass or retreat" if retreat_ok else "fire or pass"
        return make_prompt(
            side,
            "battle_turn",
            f"Battle at {location}, round {frame['round']}: {listed} {verb}",
            actions,
        )

    # -- answers --------------------------------------------------------------------
    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        block = str(action.args[0])
        frame["acted"].append(block)
        if action.kind == "fire":
            self._fire(ctx, frame, block)
        elif action.kind == "pass":
            ctx.log(f"{block} passes", event="pass", block=block)
        else:
            self._retreat(ctx, frame, block, [str(a) for a in action.args[1:]])

    def _fire(self, ctx: Context, frame: Frame, block: str) -> None:
        """The block fires: the procedure ``battle_fire`` of julius_caesar.rules rolls and
        gives the hits to the enemy (JC 7.4). ``hits`` marks the fire being resolved (the
        battle board reads it) until the battle's loop goes on."""
        side = ctx.state["pieces"][block]["side"]
        frame["hits"] = {"side": enemy(side), "block": block}
        ctx.push(
            "battle_fire",
            block=block,
            location=frame["args"]["location"],
            attacking=side == frame["attacker"],
            reserves=frame["reserves"],
            round=frame["round"],
        )

    def _retreat(self, ctx: Context, frame: Frame, block: str, route: list[str]) -> None:
        """Move the block out (JC 7.6), count it against this round's limits, and
        stand it up again: it is no longer in the battle (its move is logged)."""
        location = frame["args"]["location"]
        side = ctx.state["pieces"][block]["side"]
        to = route[-1]
        if not is_navis(ctx, block):
            key = SEA_RETREAT if len(route) > 1 else road_key(location, to)
            used = frame["used"].setdefault(side, {})
            used[key] = used.get(key, 0) + 1
            ctx.fired("JC 7.64" if len(route) > 1 else "JC 7.6")
        else:
            ctx.fired("JC 7.82")
        move_block(ctx.state, block, to)
        set_flag(ctx.state, block, "revealed", False)
        ctx.log(
            f"{block} retreats: {' -> '.join([location, *route])}",
            event="retreat",
            block=block,
            at=to,
        )

    # -- rounds and the end ----------------------------------------------------------
    def _only_reserves_left(self, ctx: Context, frame: Frame) -> bool:
        """A side has no block in this round but reserves: the round ends (JC 7.3, 7.31).

        Reserves "cannot fire, retreat or take hits" before they arrive, so once a
        side's main force is gone in round 1 (its reserves disrupted, JC 7.31) the
        enemy's blocks still to act have nothing to fire at: their turns are void,
        and the round ends. The reserves arrive at the start of round 2 and the
        battle goes on; it ends at once only when a side has no block left at all.
        """
        if frame["round"] >= int(ctx.param("reserve_arrival_round")):
            return False
        pieces = ctx.state["pieces"]
        present = self._present(ctx, frame)
        for side in SIDES:
            own = [b for b in present if pieces[b]["side"] == side]
            if own and all(self._in_reserve(ctx, frame, b) for b in own):
                if any(b not in frame["acted"] for b in present if b not in own):
                    ctx.fired("JC 7.3")
                    ctx.log(
                        f"{ctx.definition.side_name(side)} has only reserves at "
                        f"{frame['args']['location']}: round {frame['round']} ends",
                        event="round_end",
                        side=side,
                    )
                return True
        return False

    def _check_disruption(self, ctx: Context, frame: Frame) -> bool:
        """JC 7.31: main force gone before the reserves arrive -> reserves disrupted; True
        when their step losses were pushed (the rules' ``disrupted`` runs first)."""
        if frame["round"] >= int(ctx.param("reserve_arrival_round")):
            return False
        pieces = ctx.state["pieces"]
        present = self._present(ctx, frame)
        for side in SIDES:
            if side in frame["disrupted"] or not frame["main"][side]:
                continue
            own = [b for b in present if pieces[b]["side"] == side]
            if not own or any(b not in frame["reserves"] for b in own):
                continue
            frame["disrupted"].append(side)
            ctx.fired("JC 7.31")
            name = ctx.definition.side_name(side)
            ctx.log(
                f"{name}'s main force is destroyed: its reserves are disrupted", event="disrupted"
            )
            was_defender = side == frame["defender"]
            if was_defender:
                frame["attacker"], frame["defender"] = frame["defender"], frame["attacker"]
                self._publish(ctx, frame)
                ctx.log(
                    f"{ctx.definition.side_name(frame['defender'])} now defends at {frame['args']['location']}",
                    event="roles",
                )
            # The reserves' step losses: the procedure disrupted of julius_caesar.rules.
            ctx.push("disrupted", at=frame["args"]["location"], side=side, defended=was_defender)
            return True
        return False

    def _end_round(self, ctx: Context, frame: Frame) -> None:
        last = int(ctx.param("battle_rounds"))
        if frame["round"] >= last:
            # Attackers retreat in the last round; none can remain, but never leave a battle open.
            for block in self._present(ctx, frame):
                if ctx.state["pieces"][block]["side"] == frame["attacker"]:
                    eliminate_block(ctx, block, in_battle=True)
            self._finish(ctx, frame)
            return
        frame["round"] += 1
        frame["acted"] = []
        frame["used"] = {}
        self._publish(ctx, frame)
        ctx.log(f"Round {frame['round']} at {frame['args']['location']}", event="round")
        if frame["round"] == int(ctx.param("reserve_arrival_round")):
            arriving = [b for b in self._present(ctx, frame) if b in frame["reserves"]]
            frame["reserves"] = []
            if arriving:
                ctx.log("The reserves arrive", event="arrive")
                self._reveal(ctx, frame, arriving)

    def _finish(self, ctx: Context, frame: Frame) -> None:
        """The battle is over: blocks stand up again (JC 7.1); the winner regroups (JC 7.7)."""
        location = frame["args"]["location"]
        pieces = ctx.state["pieces"]
        for block in frame["blocks"]:
            set_flag(ctx.state, block, "revealed", False)
        sides = {pieces[b]["side"] for b in self._present(ctx, frame)}
        winner = next(iter(sides)) if len(sides) == 1 else None
        frame["winner"] = winner
        frame["stage"] = "regroup"
        ctx.state["records"]["battle"] = None
        result = f"{ctx.definition.side_name(winner)} wins" if winner else "no one is left"
        ctx.log(
            f"Battle at {location} ends: {result}", event="battle_end", at=location, winner=winner
        )


#: The battle's procedures still written in Python; the regroup (JC 7.7) is the rules
#: file's ``procedure regroup``.
PROCEDURES: dict[str, Procedure] = {
    "battle_phase": BattlePhase(),
    "battle": Battle(),
}
