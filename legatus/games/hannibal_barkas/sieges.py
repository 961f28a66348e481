"""Cities: their walls, sieges, assaults and capture (HB VI, 6.1-6.3).

A city's *defence level* is its standing garrison of heavy infantry; up to twice its printed
level of other units may stand inside its walls, and only infantry among them are its
*extra defenders* (HB VI). The record ``sieges`` is the siege track: each city on it, its
current level and the player besieging it.

Siege (HB 6.2): an army of infantry ending its move in the city's region spends 1 movement
point to besiege it; the besiegers (the infantry of its nation in the region's field) must
always outnumber the defence (level and extra defenders), or the siege is broken and the
card goes back to its owner. At the end of every stage (phase 5) the defence drops by one
(an extra defender dies, or the level falls a space) and the besieger loses one infantry;
then on a space with a flag a d10 as high as the flag makes the city surrender. A city whose
level reaches 0 falls. A besieged city yields no income, raises no troops and takes no
reinforcements; empty ships of its own side entering its port raise its level, up to the
printed one.

Assault (HB 6.1): 1 movement point, the army's infantry against the walls. The attacker hits
only on a 10; each hit kills an extra defender or lowers the level. The defender rolls one
die per level at 7+ and one per extra defender at its own value. Leaders reroll as in
battle. A 10 of the attacker chooses nothing; a 10 of the defender chooses the attacker's
loss (Ex. 11; reference A.23 #2). One assault is one exchange of fire (A.23 #8); a city not
taken stays on the siege track at its lowered level and the siege begins at once (A.23 #9),
if the besiegers outnumber the defence.

Capture (HB 6.3): the captor takes the card and scores its VP, or, retaking a city of his
own nation, takes away the VP the enemy scored for it; the leaders inside die and the
captor scores their VP; ships in its port burn (HB 4.4). A nation's capital taken wins the
war for its taker (HB 11.1); a neutral state's capital taken makes the state the captor's
ally (HB VII).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from legatus import (
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    Slot,
    innermost,
    make_prompt,
    piece,
    zone_cards,
)
from legatus.games.hannibal_barkas import combat, model
from legatus.games.hannibal_barkas.model import CITIES, INFANTRY, LEADER, zone


def printed_defence(ctx: Context, city: str) -> int:
    return int(ctx.definition.cards[city].values["defence"])


def level(ctx: Context, city: str) -> int:
    """The city's defence level: on the siege track, or its card's."""
    siege = model.records(ctx.state).sieges.get(city)
    return int(siege["level"]) if siege is not None else printed_defence(ctx, city)


def defenders(ctx: Context, city: str) -> list[str]:
    """The city's extra defenders: the infantry inside its walls (HB VI)."""
    return [
        pid for pid in model.inside(ctx.state, city) if ctx.definition.pieces[pid].type in INFANTRY
    ]


def strength(ctx: Context, city: str) -> int:
    """The city's defence against a siege: its level and its extra defenders (HB 6.2)."""
    return level(ctx, city) + len(defenders(ctx, city))


def besiegers(ctx: Context, city: str, team: str) -> list[str]:
    """The infantry of ``team`` in the field of the city's region (HB 6.2)."""
    definition, state = ctx.definition, ctx.state
    region = definition.cards[city].space
    return [
        pid
        for pid in model.field_units(definition, state, region)
        if definition.pieces[pid].type in INFANTRY
        and definition.team_of(piece(state, pid).side) == team
    ]


def enemy_city(ctx: Context, team: str, city: str) -> bool:
    keeper = model.holder(ctx.state, city)
    return keeper is not None and ctx.definition.team_of(keeper) != team


def besieged(ctx: Context, city: str) -> bool:
    """The city is under siege: on the track, and not only there after an assault with
    the siege still to declare (the variant of A.23 #9)."""
    siege = model.records(ctx.state).sieges.get(city)
    return siege is not None and siege.get("active", True)


def besiegeable(ctx: Context, player: str, city: str) -> bool:
    """HB 6.2: an enemy city not yet besieged whose defence the player's nation's infantry in
    the region outnumber, no enemy in the field there."""
    definition = ctx.definition
    team = definition.team_of(player)
    if not enemy_city(ctx, team, city) or besieged(ctx, city):
        return False
    region = definition.cards[city].space
    if model.enemy_field(definition, ctx.state, team, region):
        return False
    return len(besiegers(ctx, city, team)) > strength(ctx, city)


def besiege(ctx: Context, player: str, city: str, at: int | None = None) -> None:
    """The city goes on the siege track at its level (HB 6.2)."""
    sieges = model.records(ctx.state).sieges
    sieges[city] = {"level": level(ctx, city) if at is None else at, "by": player}  # active
    ctx.log(
        f"{model.who(ctx, player)} besieges {city} (defence {sieges[city]['level']}, "
        f"{len(defenders(ctx, city))} extra defenders)",
        rule="HB 6.2",
        city=city,
    )


def verify(ctx: Context) -> None:
    """HB 6.2: a siege whose besiegers no longer outnumber the defence, or whose city changed
    hands, is broken; the card leaves the track."""
    definition = ctx.definition
    sieges: dict[str, Any] = model.records(ctx.state).sieges
    for city in sorted(sieges):
        siege = sieges[city]
        team = definition.team_of(siege["by"])
        if not siege.get("active", True):
            region = definition.cards[city].space
            if enemy_city(ctx, team, city) and any(
                definition.team_of(piece(ctx.state, p).side) == team
                for p in model.field_units(definition, ctx.state, region)
            ):
                continue  # the card stays on the track while the enemy is in the region
            del sieges[city]
            ctx.log(f"{city}'s card leaves the siege track", rule="HB 6.1", city=city)
            continue
        if enemy_city(ctx, team, city) and len(besiegers(ctx, city, team)) > strength(ctx, city):
            continue
        del sieges[city]
        ctx.log(f"The siege of {city} is broken", rule="HB 6.2", city=city)


def weakest(ctx: Context, pids: list[str]) -> str:
    """The unit a loss without a choice takes: the cheapest, the last in the data's order."""
    definition = ctx.definition
    ordered = definition.in_data_order(pids)
    return min(reversed(ordered), key=lambda p: model.stat(definition, p, "cost"))


def resolve_sieges(ctx: Context) -> None:
    """HB 6.2, phase 5: every siege costs both sides a unit; a city on a flag may surrender;
    one whose level reaches 0 falls (Ex. 12). Each loses its cheapest infantry (the owners'
    choice, made for them: the only difference is the unit's price)."""
    from legatus.games.hannibal_barkas.movement import eliminate

    definition, state = ctx.definition, ctx.state
    sieges: dict[str, Any] = model.records(state).sieges
    table = getattr(ctx.game.rules, "ruleset").table("siege_track")  # noqa: B009
    verify(ctx)  # a siege already broken costs nobody anything
    for city in sorted(sieges):
        if city not in sieges or state["result"] is not None or not besieged(ctx, city):
            continue
        siege = sieges[city]
        team = definition.team_of(siege["by"])
        inner = defenders(ctx, city)
        if inner:
            victim = weakest(ctx, inner)
            eliminate(ctx, victim)
            lost = f"an extra defender ({definition.pieces[victim].type.replace('_', ' ')})"
        else:
            siege["level"] -= 1
            lost = f"a level (now {siege['level']})"
        outside = besiegers(ctx, city, team)
        if outside:
            victim = weakest(ctx, outside)
            owner = piece(state, victim).side
            eliminate(ctx, victim)
            combat.leaders_lost(ctx, owner, definition.cards[city].space, None, "his army is gone")
        ctx.log(
            f"The siege of {city}: the city loses {lost}, the besiegers one infantry",
            rule="HB 6.2",
            city=city,
        )
        if siege["level"] <= 0:
            if besiegers(ctx, city, team):
                capture(ctx, siege["by"], city, "starved into surrender")
            else:
                del sieges[city]
            continue
        verify(ctx)  # the losses may have broken it: then no surrender roll (HB 6.2)
        if city not in sieges:
            continue
        flag = table.lookup(siege["level"], "flag").text
        if flag.isdigit():
            roll = ctx.roll(1, sides=10, what=f"{city}'s surrender on the flag {flag} (HB 6.2)")[0]
            ctx.log(
                f"{city} on the flag {flag} of the siege track: d10 {roll}",
                rule="HB 6.2",
                roll=roll,
            )
            if roll >= int(flag) and besiegers(ctx, city, team):
                for pid in defenders(ctx, city):
                    eliminate(ctx, pid)
                capture(ctx, siege["by"], city, "surrenders")


def capture(ctx: Context, player: str, city: str, how: str, leader_vp: bool = True) -> None:
    """HB 6.3: the city falls to ``player``."""
    from legatus.games.hannibal_barkas import politics, victory
    from legatus.games.hannibal_barkas.movement import eliminate

    definition, state = ctx.definition, ctx.state
    model.records(state).sieges.pop(city, None)
    keeper = model.holder(state, city)
    for pid in definition.in_data_order(model.inside(state, city)):
        if definition.pieces[pid].type == LEADER:
            combat.kill_leader(ctx, pid, player if leader_vp else None, f"{city} falls")
        else:
            eliminate(ctx, pid)
    ctx.log(f"{city} {how}", rule="HB 6.3", city=city)
    capture_city(ctx, player, city)
    nation = definition.cards[city].deck
    capital = model.capital_of_city(definition, city)
    if capital and nation in model.STATES and model.player_of(state, nation) is None:
        politics.capital_taken(ctx, nation, player)
    elif capital and keeper is not None:
        victory.capital_captured(ctx, player, nation)
    verify(ctx)
    victory.check(ctx)


# -- the assault (HB 6.1) ------------------------------------------------------------------------


def assault_dice(ctx: Context, city: str, archimedes: bool) -> list[tuple[str, int]]:
    """The defender's dice: one per level at the heavy infantry's 7+ (5+ with Archimedes'
    machines), one per extra defender at its own value (HB 6.1)."""
    definition = ctx.definition
    need = int(ctx.param("assault.machines" if archimedes else "assault.city_attack"))
    levels = (
        printed_defence(ctx, city) if ctx.param("assault.printed_defence") else level(ctx, city)
    )
    entries = [("walls", need)] * levels
    for pid in definition.in_data_order(defenders(ctx, city)):
        entries.append((definition.pieces[pid].type, model.stat(definition, pid, "attack")))
    return entries


class AssaultArgs(TypedDict):
    side: str
    city: str
    group: list[str]  # the units that assault


class AssaultFrame(FrameView):
    """An assault's progress (public: fought in the open, HB 6.1)."""

    args = Slot[AssaultArgs](PUBLIC)
    phase = Slot[str](PUBLIC)
    dice = Slot[dict[str, list[dict[str, Any]]]](PUBLIC)  # role -> its dice
    command = Slot[dict[str, int]](PUBLIC)  # role -> rerolls left (a leader's command)
    losses = Slot[list[dict[str, Any]]](PUBLIC)  # hits to allocate, in order
    machines = Slot[bool](PUBLIC)  # Archimedes' machines man the walls (B.13)


class Assault(Procedure):
    """``assault(side, city, group)``: one assault of ``side``'s infantry in ``group`` on
    ``city`` (HB 6.1)."""

    rule = "HB 6.1"
    resumes = True
    fields = AssaultFrame.declaration()

    def start(self, ctx: Context, frame: Frame) -> None:
        assault = AssaultFrame(frame)
        args = assault.args
        city = args["city"]
        keeper = model.holder(ctx.state, city)
        assault.start(phase="effects", dice={}, command={}, losses=[], machines=False)
        ctx.log(
            f"{model.who(ctx, args['side'])} assaults {city} with "
            f"{model.describe_units(ctx.definition, self._attackers(ctx, assault))} "
            f"(defence {level(ctx, city)}, {len(defenders(ctx, city))} extra defenders)",
            rule="HB 6.1",
            city=city,
        )
        first = [keeper] if keeper is not None and model.player_of(ctx.state, keeper) else []
        ctx.push("effects", trigger=f"the assault on {city}", assault=city, first=first)

    def _attackers(self, ctx: Context, assault: AssaultFrame) -> list[str]:
        state = ctx.state
        region = ctx.definition.cards[assault.args["city"]].space
        return [
            pid
            for pid in assault.args["group"]
            if piece(state, pid).at == region
            and piece(state, pid).on_map
            and ctx.definition.pieces[pid].type in INFANTRY
        ]

    def _keeper(self, ctx: Context, assault: AssaultFrame) -> str:
        """The player defending the city ('' when no player holds it)."""
        keeper = model.holder(ctx.state, assault.args["city"])
        player = model.player_of(ctx.state, keeper) if keeper else None
        return player or ""

    def resumed(self, ctx: Context, frame: Frame) -> None:
        assault = AssaultFrame(frame)
        if assault.phase != "effects":
            return
        definition, state = ctx.definition, ctx.state
        args = assault.args
        city, side = args["city"], args["side"]
        region = definition.cards[city].space
        if not self._attackers(ctx, assault):
            assault.phase = "over"
            return
        if city not in model.records(state).sieges:
            model.records(state).sieges[city] = {"level": printed_defence(ctx, city), "by": side}
            if not ctx.param("assault.siege_follows"):
                model.records(state).sieges[city]["active"] = False
        assault.command = {
            "attack": combat.command(ctx, side, region),
            "defend": sum(
                model.stat(definition, p, "command")
                for p in model.inside(state, city)
                if definition.pieces[p].type == LEADER
            )
            if self._keeper(ctx, assault)
            else 0,
        }
        hit = int(ctx.param("assault.hit"))
        attack = [
            (definition.pieces[p].type, hit)
            for p in definition.in_data_order(self._attackers(ctx, assault))
        ]
        assault.dice["attack"] = combat.roll_dice(ctx, attack, f"the assault on {city} (HB 6.1)")
        ctx.log(
            f"The assault on {city}: the attackers roll {combat.shown(assault.dice['attack'])}",
            rule="HB 6.1",
            rolls=combat.shown(assault.dice["attack"]),
        )
        assault.phase = "attack"
        self._advance(ctx, assault)

    def _advance(self, ctx: Context, assault: AssaultFrame) -> None:
        city = assault.args["city"]
        if assault.phase == "attack":
            if self._rerolls(assault, "attack"):
                return
            assault.dice["defend"] = combat.roll_dice(
                ctx,
                assault_dice(ctx, city, bool(assault.machines)),
                f"the defenders of {city} (HB 6.1)",
            )
            ctx.log(
                f"The defenders of {city} roll {combat.shown(assault.dice['defend'])}",
                rule="HB 6.1",
                rolls=combat.shown(assault.dice["defend"]),
            )
            assault.phase = "defend"
        if assault.phase == "defend":
            if self._rerolls(assault, "defend"):
                return
            self._hit_walls(ctx, assault)
            assault.phase = "losses"
        if assault.phase == "losses":
            while assault.losses:
                entry = assault.losses[0]
                actions = self._loss_actions(ctx, assault, entry)
                if not actions:
                    assault.losses.pop(0)
                    continue
                if len(actions) > 1:
                    return
                self._lose(ctx, assault, actions[0])
            self._finish(ctx, assault)

    def _rerolls(self, assault: AssaultFrame, role: str) -> list[Action]:
        if assault.command.get(role, 0) <= 0 or role not in assault.dice:
            return []
        return [Action("reroll", (k,)) for k in combat.rerollable(assault.dice[role])]

    def _hit_walls(self, ctx: Context, assault: AssaultFrame) -> None:
        """The attackers' hits: extra defenders first, then the level (HB 6.1; the cheapest
        defender goes first, the owner's choice made for him)."""
        from legatus.games.hannibal_barkas.movement import eliminate

        city = assault.args["city"]
        siege = model.records(ctx.state).sieges[city]
        hits = sum(1 for d in assault.dice["attack"] if combat.hits(d))
        killed = walls = 0
        for _ in range(hits):
            inner = defenders(ctx, city)
            if inner:
                eliminate(ctx, weakest(ctx, inner))
                killed += 1
            elif siege["level"] > 0:
                siege["level"] -= 1
                walls += 1
        ctx.log(
            f"{city}: {killed} extra defender(s) fall, the level drops by {walls} "
            f"(now {siege['level']})",
            rule="HB 6.1",
            city=city,
        )
        defend = assault.dice["defend"]
        crit = sum(1 for d in defend if combat.critical(ctx, d))
        normal = sum(1 for d in defend if combat.hits(d)) - crit
        keeper = self._keeper(ctx, assault)
        if not bool(ctx.param("battle.critical_roller_chooses")):
            normal, crit = normal + crit, 0  # the variant: only the battle's attacker chooses
        if crit and keeper:
            assault.losses.append({"critical": True, "count": crit, "chooser": keeper})
        else:
            normal += crit
        if normal:
            assault.losses.append(
                {"critical": False, "count": normal, "chooser": assault.args["side"]}
            )

    def _loss_actions(
        self, ctx: Context, assault: AssaultFrame, entry: Mapping[str, Any]
    ) -> list[Action]:
        pids = self._attackers(ctx, assault)
        kinds = sorted({ctx.definition.pieces[p].type for p in pids})
        side = assault.args["side"]
        if entry["critical"]:
            return [Action("strike", (side, k)) for k in kinds]
        return [Action("lose", (k,)) for k in kinds]

    def _lose(self, ctx: Context, assault: AssaultFrame, action: Action) -> None:
        from legatus.games.hannibal_barkas.movement import eliminate

        definition = ctx.definition
        kind = str(action.args[-1])
        pid = [
            p
            for p in definition.in_data_order(self._attackers(ctx, assault))
            if definition.pieces[p].type == kind
        ][-1]
        eliminate(ctx, pid)
        entry = assault.losses[0]
        entry["count"] -= 1
        if entry["count"] <= 0:
            assault.losses.pop(0)
        ctx.log(
            f"{model.who(ctx, assault.args['side'])} loses one {kind.replace('_', ' ')} "
            "under the walls",
            rule="HB 6.1",
        )

    def _finish(self, ctx: Context, assault: AssaultFrame) -> None:
        city, side = assault.args["city"], assault.args["side"]
        region = ctx.definition.cards[city].space
        assault.phase = "over"
        combat.leaders_lost(
            ctx, side, region, self._keeper(ctx, assault) or None, "under the walls"
        )
        siege = model.records(ctx.state).sieges.get(city)
        if siege is not None and siege["level"] <= 0:
            capture(ctx, side, city, "is taken by assault")
            return
        if siege is not None:
            siege["by"] = side
            if siege.get("active", True):
                ctx.log(
                    f"{city} holds; it stays on the siege track at {siege['level']} and the "
                    "siege begins (A.23 #9)",
                    rule="HB 6.1",
                )
            else:
                ctx.log(
                    f"{city} holds; its card stays on the siege track at {siege['level']}",
                    rule="HB 6.1",
                )
        verify(ctx)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        assault = AssaultFrame(frame)
        phase = assault.phase
        city = assault.args["city"]
        if phase in ("attack", "defend"):
            player = assault.args["side"] if phase == "attack" else self._keeper(ctx, assault)
            return make_prompt(
                player,
                "reroll",
                f"The assault on {city}: you rolled {combat.shown(assault.dice[phase])}; "
                f"reroll a failed die ({assault.command[phase]} command left)?",
                [Action("done"), *self._rerolls(assault, phase)],
            )
        if phase == "losses":
            entry = assault.losses[0]
            chooser = entry["chooser"]
            return make_prompt(
                chooser,
                "strike" if entry["critical"] else "lose",
                f"The assault on {city}: "
                + ("choose the attacker your 10 kills" if entry["critical"] else "lose a unit")
                + f" ({entry['count']} to go)",
                self._loss_actions(ctx, assault, entry),
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assault = AssaultFrame(frame)
        phase = assault.phase
        if phase in ("attack", "defend"):
            if action.kind == "done":
                assault.command[phase] = 0
            else:
                key = str(action.args[0])
                die = combat.reroll(
                    ctx,
                    assault.dice[phase],
                    key,
                    f"the {phase}er's reroll of a {key} die (HB 6.1)",
                )
                assault.command[phase] -= 1
                ctx.log(f"A failed die is rerolled: {die['value']}", rule="HB 5.6")
        elif phase == "losses":
            self._lose(ctx, assault, action)
        self._advance(ctx, assault)


def assault_frame(ctx: Context) -> AssaultFrame | None:
    """The innermost assault on the stack, if any."""
    frame = innermost(ctx.state, "assault")
    return AssaultFrame(frame) if frame is not None else None


__all__ = ["Assault", "besiege", "capture", "resolve_sieges", "verify"]


def capture_city(ctx: Context, player: str, city: str) -> None:
    """A city changes hands (HB VI, 6.3): its card goes to the captor, who scores its VP,
    unless he retakes a city of his own nation, when the enemy loses what he scored for it;
    enemy ships in its port are destroyed (HB 4.4)."""
    from legatus.games.hannibal_barkas.movement import eliminate

    definition, state = ctx.definition, ctx.state
    records = model.records(state)
    card = definition.cards[city]
    keeper = model.holder(state, city)
    if keeper is not None:
        zone_cards(state, zone(CITIES, keeper)).remove(city)
    zone_cards(state, zone(CITIES, player)).append(city)
    zone_cards(state, zone(CITIES, player)).sort()
    team = definition.team_of(player)
    from legatus.games.hannibal_barkas import victory

    earlier = records.captured.pop(city, None)
    if card.deck == team:
        if earlier is not None:
            victory.score(ctx, earlier, -int(card.values["vp"]), f"{city} retaken", "HB 6.3")
    else:
        records.captured[city] = player
        victory.score(ctx, player, int(card.values["vp"]), f"{city} taken", "HB 6.3")
    for pid in model.pieces_at(state, card.space):
        if (
            definition.pieces[pid].type == "ships"
            and definition.team_of(piece(state, pid).side) != team
        ):
            eliminate(ctx, pid)
    ctx.log(f"{model.who(ctx, player)} takes {city}", rule="HB 6.3", city=city)
