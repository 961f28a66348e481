"""The advanced rules (HB XII), each switched on by a parameter (the shipped variants
``devastation``, ``cut_off``, ``proconsul``, ``dictator``, and ``advanced_rules`` for all).

Devastation (HB 12.1)
    An army standing in or entering an enemy's region may devastate it, for 1 movement
    point of its infantry, 2 of its cavalry: it takes 1 talent from the bank for each full 5
    units (1 for fewer), at most the region's income, and lays as many devastation markers.
    Not in a Gallic tribe's land. At the economy phase the region's owner loses the markers
    from his income, the devastator scores 1 VP for every 5 markers he laid (counted per
    devastating player, reference A.23 #45), and the markers are removed.
Cut-off cities (HB 12.2)
    A city whose region holds an enemy army that does not besiege it yields half its income
    and recruits half as many units, rounding up (A.23 #46).
Proconsul (HB 12.3)
    At the consuls' election, once the new consuls are drawn, a Roman player may try to keep
    one of last year's consuls: on a d10 of 6 or more he stays where he is, a leader like any
    other, until the next election; killed, he is not replaced.
Dictator (HB 12.4)
    When a Roman army is beaten in Italy at a cost of 5 VP or more (the battle's VP and the
    leaders', A.23 #47), Rome may make one of the sitting consuls dictator for 3 stages: always
    active, +1 command, +2 VP more to the enemy who kills him; a new consular army of 8 heavy
    infantry, 4 light infantry and 1 cavalry appears in Roma and stays.
"""

from __future__ import annotations

from collections.abc import Iterable

from legatus import (
    PUBLIC,
    Action,
    Context,
    Frame,
    Procedure,
    Prompt,
    declare,
    make_prompt,
    on_map,
    piece,
    pieces_of,
    rules_effect,
    rules_query,
    zone_cards,
)
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.combat import CAVALRY
from legatus.games.hannibal_barkas.model import LEADER

# -- devastation (HB 12.1) ---------------------------------------------------------------------


def region_income(ctx: Context, region: str) -> int:
    definition = ctx.definition
    return sum(
        int(definition.cards[c].values["income"]) for c in model.cities_in(definition, region)
    )


def region_owner(ctx: Context, region: str) -> str | None:
    """The player holding the region's city (its first, for Boii's two)."""
    for city in model.cities_in(ctx.definition, region):
        keeper = model.holder(ctx.state, city)
        if keeper is not None:
            return model.player_of(ctx.state, keeper)
    return None


def devastable(ctx: Context, player: str, region: str) -> bool:
    """An enemy player's region with some income, not a tribe's (HB 12.1)."""
    if not bool(ctx.param("advanced.devastation")):
        return False
    definition = ctx.definition
    if model.is_sea(definition, region) or model.is_tribe(definition, region):
        return False
    owner = region_owner(ctx, region)
    if owner is None or definition.team_of(owner) == definition.team_of(player):
        return False
    return region_income(ctx, region) > 0


def devastation_cost(ctx: Context, group: Iterable[str]) -> int:
    """1 movement point for infantry, 2 when cavalry devastates (HB 12.1)."""
    definition = ctx.definition
    kinds = {definition.pieces[p].type for p in group}
    if kinds & set(CAVALRY):
        return int(ctx.param("devastation.cavalry_mp"))
    return int(ctx.param("devastation.infantry_mp"))


def may_devastate(ctx: Context, player: str, region: str, group: list[str], mp: int) -> bool:
    units = [p for p in group if ctx.definition.pieces[p].type != LEADER]
    return (
        bool(units)
        and devastable(ctx, player, region)
        and mp >= devastation_cost(ctx, units)
        and not model.enemy_field(ctx.definition, ctx.state, ctx.definition.team_of(player), region)
    )


def devastate(ctx: Context, player: str, region: str, group: Iterable[str]) -> None:
    """HB 12.1: loot and markers."""
    definition, state = ctx.definition, ctx.state
    units = sum(1 for p in group if definition.pieces[p].type != LEADER)
    per = int(ctx.param("devastation.units_per_talent"))
    loot = min(max(1, units // per), region_income(ctx, region))
    model.records(state).gold[player] += loot
    markers = model.records(state).devastation.setdefault(region, {})
    markers[player] = markers.get(player, 0) + loot
    ctx.log(
        f"{model.who(ctx, player)} devastates {region} with {units} units: {loot} talent(s) "
        "of loot, as many devastation markers",
        rule="HB 12.1",
        region=region,
    )


@rules_query("devastation_targets(player: side) -> list[space]", rule="HB 12.1")
def devastation_targets(ctx: Context, player: str) -> list[str]:
    """Regions where the player's army stands and may devastate (Fala spustoszeń)."""
    definition, state = ctx.definition, ctx.state
    found = set()
    for pid, entry in pieces_of(state):
        if (
            entry["side"] == player
            and on_map(entry)
            and definition.pieces[pid].type != LEADER
            and devastable(ctx, player, entry["at"])
            and not model.enemy_field(definition, state, definition.team_of(player), entry["at"])
        ):
            found.add(entry["at"])
    return sorted(found)


@rules_query("neighbours_to_devastate(player: side, region: space) -> list[space]", rule="HB 12.1")
def neighbours_to_devastate(ctx: Context, player: str, region: str) -> list[str]:
    board = ctx.definition.board
    return sorted(r for r in board.neighbours(region, "border") if devastable(ctx, player, r))


@rules_effect("devastate_twice(player: side, region: space, other: space)", rule="HB 12.1")
def wave(ctx: Context, player: str, region: str, other: str) -> None:
    """Fala spustoszeń (B.13): the player's army in ``region`` devastates it and ``other``
    at no cost."""
    army = [
        p
        for p in model.field_units(ctx.definition, ctx.state, region)
        if piece(ctx.state, p).side == player
    ]
    devastate(ctx, player, region, army)
    if other:
        devastate(ctx, player, other, army)


def devastation_economy(ctx: Context) -> dict[str, int]:
    """HB 12.1 at the economy phase: what each owner loses from his income; the devastators
    score their VP; the markers go. Returns the talents each player loses."""
    from legatus.games.hannibal_barkas import victory

    state = ctx.state
    markers = model.records(state).devastation
    losses: dict[str, int] = {}
    laid: dict[str, int] = {}
    for region, by in sorted(markers.items()):
        owner = region_owner(ctx, region)
        total = sum(by.values())
        if owner is not None:
            losses[owner] = losses.get(owner, 0) + total
        for player, count in by.items():
            laid[player] = laid.get(player, 0) + count
    per = int(ctx.param("devastation.markers_per_vp"))
    for player, count in sorted(laid.items()):
        if count // per:
            victory.score(ctx, player, count // per, "devastation", "HB 12.1")
    model.records(state).devastation = {}
    return losses


# -- cut-off cities (HB 12.2) -------------------------------------------------------------------


def cut_off(ctx: Context, city: str) -> bool:
    """HB 12.2: an enemy army in the city's region that does not besiege it."""
    if not bool(ctx.param("advanced.cut_off")):
        return False
    definition, state = ctx.definition, ctx.state
    if city in model.records(state).sieges:
        return False
    keeper = model.holder(state, city)
    if keeper is None:
        return False
    return bool(
        model.enemy_field(
            definition, state, definition.team_of(keeper), definition.cards[city].space
        )
    )


def halved(value: int) -> int:
    return -(-value // 2)


# -- the dictator (HB 12.4) ---------------------------------------------------------------------


def defeat(ctx: Context, space: str, vp: int) -> None:
    """A Roman army beaten in Italy: at a cost of 5 VP or more Rome may name a dictator."""
    state = ctx.state
    if not bool(ctx.param("advanced.dictator")) or state["result"] is not None:
        return
    if not model.in_italy(ctx.definition, space) or vp < int(ctx.param("dictator.defeat_vp")):
        return
    if model.records(state).dictator or not sitting_consuls(ctx):
        return
    ctx.push("dictator")


def sitting_consuls(ctx: Context) -> list[str]:
    definition, state = ctx.definition, ctx.state
    return [
        pid
        for pid in definition.pieces
        if "consul" in definition.pieces[pid].tags
        and piece(state, pid).on_map
        and pid not in model.records(state).proconsuls
    ]


def roman_chief(ctx: Context) -> str | None:
    definition, state = ctx.definition, ctx.state
    roma = model.capital_of(definition, "rome")
    return model.sphere_player(definition, state, "rome", roma)


class Dictator(Procedure):
    """``dictator``: Rome may name one of its consuls dictator (HB 12.4)."""

    rule = "HB 12.4"
    fields = declare(args=PUBLIC)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        chief = roman_chief(ctx)
        if chief is None or model.records(ctx.state).dictator:
            return None
        actions = [Action("decline"), *(Action("appoint", (c,)) for c in sitting_consuls(ctx))]
        return make_prompt(
            chief,
            "dictator",
            "Rome is beaten in Italy: name a consul dictator for 3 stages (HB 12.4)?",
            actions,
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        from legatus.games.hannibal_barkas.model import place

        definition, state = ctx.definition, ctx.state
        if action.kind == "decline":
            model.records(state).dictator = {"declined": True}
            return
        consul = str(action.args[0])
        model.records(state).dictator = {
            "leader": consul,
            "stages": int(ctx.param("dictator.stages")),
        }
        roma = model.capital_of(definition, "rome")
        chief = roman_chief(ctx) or "rome_north"
        army = []
        for kind, count in (
            ("heavy_infantry", int(ctx.param("dictator.heavy_infantry"))),
            ("light_infantry", int(ctx.param("dictator.light_infantry"))),
            ("cavalry", int(ctx.param("dictator.cavalry"))),
        ):
            army += place(ctx, "rome", kind, count, roma, chief)
        if model.enemy_field(definition, state, "rome", roma):
            city = model.cities_in(definition, roma)[0]
            room = model.room_in(definition, state, city)
            for pid in army:
                if room > 0:
                    model.set_city(model.writable(state, pid), city)
                    room -= 1
                else:
                    model.writable(state, pid).at = "out"
        ctx.log(
            f"Rome names {consul} dictator; a new consular army stands in {roma}: "
            f"{model.describe_units(definition, army)}",
            rule="HB 12.4",
        )


def dictatorship_passes(ctx: Context) -> None:
    """At the end of each stage the dictatorship runs down (3 stages, HB 12.4); a declined
    offer lapses."""
    record = model.records(ctx.state).dictator
    if record.get("declined"):
        model.records(ctx.state).dictator = {}
        return
    if "stages" in record:
        record["stages"] -= 1
        if record["stages"] <= 0:
            ctx.log(f"{record['leader']}'s dictatorship ends", rule="HB 12.4")
            model.records(ctx.state).dictator = {}


# -- the proconsul (HB 12.3) ----------------------------------------------------------------------


class Proconsul(Procedure):
    """``proconsul(candidates)``: a Roman player may try to keep one of last year's consuls
    (HB 12.3): ``candidates`` are [consul, region, side] of those not elected again."""

    rule = "HB 12.3"
    fields = declare(args=PUBLIC, done=PUBLIC)

    def _candidates(self, ctx: Context, frame: Frame) -> list[list[str]]:
        state = ctx.state
        return [
            c
            for c in frame["args"]["candidates"]
            if not piece(state, c[0]).on_map and c[0] in zone_cards(state, "consuls")
        ]

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if frame.get("done") or not self._candidates(ctx, frame):
            return None
        chief = roman_chief(ctx)
        if chief is None:
            return None
        actions = [Action("decline")] + [
            Action("extend", (c[0],)) for c in self._candidates(ctx, frame)
        ]
        return make_prompt(
            chief,
            "proconsul",
            "Extend a consul's command for a year (HB 12.3: a d10 of 6 or more)?",
            actions,
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        from legatus.games.hannibal_barkas.cards import take_office

        frame["done"] = True
        if action.kind == "decline":
            return
        consul = str(action.args[0])
        entry = next(c for c in self._candidates(ctx, frame) if c[0] == consul)
        roll = ctx.roll(1, sides=10, what=f"the Senate keeping {consul} in command (HB 12.3)")[0]
        need = int(ctx.param("proconsul.roll"))
        kept = roll >= need and not model.enemy_field(ctx.definition, ctx.state, "rome", entry[1])
        ctx.log(
            f"Rome asks the Senate to keep {consul} in command: d10 {roll} - "
            + ("he stays, a proconsul" if kept else "refused"),
            rule="HB 12.3",
            roll=roll,
        )
        if kept:
            take_office(ctx, consul, entry[1], entry[2])
            model.records(ctx.state).proconsuls.append(consul)
            model.records(ctx.state).proconsuls.sort()


__all__ = [
    "Dictator",
    "Proconsul",
    "cut_off",
    "defeat",
    "devastate",
    "devastation_economy",
    "may_devastate",
]
