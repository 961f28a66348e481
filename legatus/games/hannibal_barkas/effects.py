"""The queries and primitive effects the rules file's events are written with.

The event cards' texts are the reference's placeholders (B.13); the rules file writes
each as an effect (``effect new_legions_event(player: side): ...``) from these: free
reinforcements (HB 9.3) and leaders entering play (HB 1.2.8), the political track
(:mod:`legatus.games.hannibal_barkas.politics`), the Gauls' attitudes (HB 8.1), cities changing
hands (HB 6.3), fleets lost at sea and armies wasting away. Each is registered by the
plugin with its parameters' types, so ``legatus rules check`` checks every call.
"""

from __future__ import annotations

from legatus import (
    PUBLIC,
    Context,
    Frame,
    Procedure,
    declare,
    on_map,
    piece,
    pieces_of,
    rules_effect,
    rules_query,
    zone_cards,
)
from legatus.games.hannibal_barkas import combat, gauls, model, politics, sieges
from legatus.games.hannibal_barkas.model import LEADER
from legatus.games.hannibal_barkas.movement import eliminate


@rules_query("sick_armies(player: side) -> list[space]", rule="B.13")
def sick_armies(ctx: Context, player: str) -> list[str]:
    """B.13 Choroby w armii: regions where an enemy player has an army of 10 or more units
    that have not moved this stage."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    least = int(ctx.param("events.disease_army"))
    found = []
    for space, pids in sorted(model.occupancy(state).items()):
        armies: dict[str, int] = {}
        for pid in pids:
            unit = piece(state, pid)
            side = unit.side
            if (
                definition.pieces[pid].type != LEADER
                and model.MOVED not in unit.flags
                and definition.team_of(side) != team
                and model.player_of(state, side) is not None
            ):
                armies[side] = armies.get(side, 0) + 1
        if armies and max(armies.values()) >= least:
            found.append(space)
    return found


@rules_effect("disease(player: side, region: space)", rule="B.13")
def disease(ctx: Context, player: str, region: str) -> None:
    """B.13 Choroby w armii: the largest unmoved enemy army there loses one unit in five."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    armies: dict[str, list[str]] = {}
    for pid in model.pieces_at(state, region):
        unit = piece(state, pid)
        if (
            definition.pieces[pid].type != LEADER
            and model.MOVED not in unit.flags
            and definition.team_of(unit.side) != team
        ):
            armies.setdefault(unit.side, []).append(pid)
    if not armies:
        return
    victim = max(sorted(armies), key=lambda side: len(armies[side]))
    count = len(armies[victim]) // int(ctx.param("events.losses_per"))
    ctx.push(
        "lose_units",
        side=victim,
        space=region,
        count=count,
        among=armies[victim],
        reason="disease",
    )


@rules_query("enemy_fleets_at_sea(player: side, open_sea: bool) -> list[space]", rule="HB 4.4")
def enemy_fleets_at_sea(ctx: Context, player: str, open_sea: bool) -> list[str]:
    """Sea zones (open sea only, if asked) holding an enemy player's ships."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    found = set()
    for pid, entry in pieces_of(state):
        at = entry["at"]
        if (
            on_map(entry)
            and definition.pieces[pid].type == "ships"
            and model.is_sea(definition, at)
            and definition.team_of(entry["side"]) != team
            and (not open_sea or model.is_open_sea(definition, at))
        ):
            found.add(at)
    return sorted(found)


class SinkShips(Procedure):
    """``sink_ships(player, zone, at_least)``: every enemy ship in the zone rolls a d10 and
    sinks on ``at_least`` or more; the cargo the ships left cannot carry is lost, its owner
    choosing which (Piraci, Sztorm: B.13)."""

    rule = "HB 1.2.7"
    fields = declare(args=PUBLIC)

    def start(self, ctx: Context, frame: Frame) -> None:
        definition, state = ctx.definition, ctx.state
        args = frame["args"]
        team = definition.team_of(args["player"])
        zone_id = args["zone"]
        ships = [
            pid
            for pid in definition.in_data_order(model.pieces_at(state, zone_id))
            if definition.pieces[pid].type == "ships"
            and definition.team_of(piece(state, pid).side) != team
        ]
        rolls = ctx.roll(len(ships), sides=10, what=f"the ships in {zone_id} (B.13)")
        sunk = [
            pid for pid, roll in zip(ships, rolls, strict=True) if roll >= int(args["at_least"])
        ]
        owners = sorted({piece(state, pid).side for pid in ships})
        for pid in sunk:
            eliminate(ctx, pid)
        ctx.log(
            f"The ships in {zone_id} roll {rolls}: {len(sunk)} sink",
            rule="B.13",
            rolls=rolls,
        )
        capacity = int(ctx.param("fleet.capacity"))
        for owner in owners:
            here = [p for p in model.pieces_at(state, zone_id) if piece(state, p).side == owner]
            afloat = sum(1 for p in here if definition.pieces[p].type == "ships")
            cargo = [p for p in here if definition.pieces[p].type not in ("ships", LEADER)]
            excess = len(cargo) - afloat * capacity
            if excess > 0:
                ctx.push(
                    "lose_units",
                    side=owner,
                    space=zone_id,
                    count=excess,
                    among=cargo,
                    reason="sunk with their ships",
                )
            if not afloat:
                for leader in model.leaders_of_at(definition, state, owner, zone_id):
                    eliminate(ctx, leader)
                    ctx.log(f"{leader} drowns with his fleet", rule="HB 1.2.7")


# -- reinforcements and leaders --------------------------------------------------------------------


@rules_query("reinforcement_cities(player: side, kind: piece_type) -> list[card]", rule="HB 9.3")
def reinforcement_cities(ctx: Context, player: str, kind: str) -> list[str]:
    """Cities the player holds where ``kind`` may appear: not besieged (HB 6.2), a port
    for ships, the elephant symbol for elephants (HB 1.2.6, 1.3.2), a counter of the
    player's nation free, and, when the enemy stands in the region's field, room inside the
    walls (the new units stand inside, as recruits do, HB 9.3)."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    if model.first_free_counter(definition, state, team, kind) is None:
        return []
    found = []
    where = model.occupancy(state)
    for city in model.held_cities(state, player):
        card = definition.cards[city]
        if kind == "ships" and not card.values.get("port"):
            continue
        if kind == "elephants" and not card.values.get("elephants"):
            continue
        if city in model.records(state).sieges or not model.in_play(ctx, card.space):
            continue
        if model.enemy_field(definition, state, team, card.space, where) and not model.room_in(
            definition, state, city
        ):
            continue
        found.append(city)
    return sorted(found)


@rules_effect("reinforce(player: side, city: card, kind: piece_type, count: int)", rule="HB 9.3")
def reinforce(ctx: Context, player: str, city: str, kind: str, count: int) -> None:
    """Free reinforcements of the player's nation in a city's region (HB 9.3)."""
    definition = ctx.definition
    placed = model.place_in_city(ctx, definition.team_of(player), kind, count, city, player)
    ctx.log(
        f"{model.who(ctx, player)} receives {model.describe_units(definition, placed)} in {city}",
        rule="HB 9.3",
    )
    combat.isolated_leaders_everywhere(ctx, definition.team_of(player))


@rules_query("may_reinforce_state(player: side, state_id: side) -> bool", rule="HB VII")
def may_reinforce_state(ctx: Context, player: str, state_id: str) -> bool:
    """An allied state's reinforcements appear in its capital: not while the enemy stands
    in its field or besieges it."""
    definition = ctx.definition
    capital = model.capital_of(definition, state_id)
    if model.enemy_field(definition, ctx.state, definition.team_of(player), capital):
        return False
    return not any(
        c in model.records(ctx.state).sieges for c in model.cities_in(definition, capital)
    )


@rules_effect(
    "reinforce_state(player: side, state_id: side, kind: piece_type, count: int)", rule="HB VII"
)
def reinforce_state(ctx: Context, player: str, state_id: str, kind: str, count: int) -> None:
    """Free reinforcements of an allied state in its capital, for its ally (B.13)."""
    definition = ctx.definition
    capital = model.capital_of(definition, state_id)
    keeper = politics.controller(ctx, definition.team_of(player), capital)
    placed = model.place(ctx, state_id, kind, count, capital, keeper)
    ctx.log(
        f"{model.who(ctx, keeper)} receives {model.describe_units(definition, placed)} "
        f"of {model.who(ctx, state_id)} in {capital}",
        rule="HB VII",
    )
    combat.isolated_leaders_everywhere(ctx, definition.team_of(keeper))


@rules_effect("enter_leader(player: side, leader: piece, region: space)", rule="HB 1.2.8")
def enter_leader(ctx: Context, player: str, leader: str, region: str) -> None:
    """A leader enters play (HB 1.2.8): his counter in the region, his card to the player."""
    unit = model.writable(ctx.state, leader)
    unit.at = region
    unit.side = player
    politics.move_card(ctx, leader, player)
    ctx.log(
        f"{leader} enters play in {region} for {model.who(ctx, player)}",
        rule="HB 1.2.8",
    )
    combat.isolated_leaders(ctx, region)  # alone beside the enemy, he dies at once (HB 5.6)


@rules_query("may_enter(player: side, region: space) -> bool", rule="HB IV")
def may_enter(ctx: Context, player: str, region: str) -> bool:
    return model.enterable(ctx, ctx.definition.team_of(player), region)


@rules_effect("gain_vp(player: side, vp: int)", rule="HB 10.4")
def gain_vp(ctx: Context, player: str, vp: int) -> None:
    from legatus.games.hannibal_barkas import victory

    victory.score(ctx, player, vp, "an event", "HB 10.4")


# -- the Gauls -----------------------------------------------------------------------------------


@rules_query("rising_tribes(player: side) -> list[space]", rule="HB 8.1")
def rising_tribes(ctx: Context, player: str) -> list[str]:
    """Tribes of Gallia Transpadana not yet allied with the player's nation."""
    definition = ctx.definition
    team = definition.team_of(player)
    return sorted(
        space.id
        for space in definition.board.spaces.values()
        if space.kind == "tribe"
        and "transpadana" in space.tags
        and gauls.attitude(ctx, space.id, team) < 2
        and model.in_play(ctx, space.id)
    )


@rules_effect("gallic_step(player: side, tribe: space)", rule="HB 8.1")
def gallic_step(ctx: Context, player: str, tribe: str) -> None:
    """A tribe moves one attitude step towards the player's nation (HB 8.1); on an alliance
    the player gains 2 Gallic infantry volunteers in its region (HB 8.2, A.23 #51); an army
    of the other nation standing in a tribe that turns hostile to it faces armed resistance
    (HB 8.3)."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    value = min(2, gauls.attitude(ctx, tribe, team) + 1)
    gauls.set_attitude(ctx, tribe, team, value)
    ctx.log(f"{tribe} moves towards {team}", rule="HB 8.1", tribe=tribe)
    if value != 2:
        return
    gauls.volunteers(ctx, tribe, player)
    enemies = [
        piece(state, p).side
        for p in model.field_units(definition, state, tribe)
        if definition.team_of(piece(state, p).side) != team
    ]
    if enemies:
        target = model.player_of(state, enemies[0]) or enemies[0]
        gauls.resist(ctx, target, tribe, {})


# -- cities --------------------------------------------------------------------------------------


@rules_query("enemy_city(player: side, city: card) -> bool", rule="HB VI")
def enemy_city(ctx: Context, player: str, city: str) -> bool:
    """The city is held by a player of another nation."""
    keeper = model.holder(ctx.state, city)
    return (
        keeper is not None
        and model.player_of(ctx.state, keeper) is not None
        and ctx.definition.team_of(keeper) != ctx.definition.team_of(player)
    )


@rules_query("army_in(player: side, city: card) -> bool", rule="HB VI")
def army_in(ctx: Context, player: str, city: str) -> bool:
    """Units of the player's nation stand in the city's region."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    region = definition.cards[city].space
    return any(
        definition.team_of(piece(state, p).side) == team and definition.pieces[p].type != LEADER
        for p in model.pieces_at(state, region)
    )


@rules_query("led_army_near(player: side, city: card) -> bool", rule="HB VI")
def led_army_near(ctx: Context, player: str, city: str) -> bool:
    """An army of the player's nation with a leader stands in or next to the city's region."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    region = definition.cards[city].space
    for space in {region, *definition.board.neighbours(region, ("border", "alps"))}:
        here = [
            p
            for p in model.pieces_at(state, space)
            if definition.team_of(piece(state, p).side) == team
        ]
        kinds = {definition.pieces[p].type for p in here}
        if LEADER in kinds and len(kinds) > 1:
            return True
    return False


@rules_query("won_in_italy(player: side) -> bool", rule="HB V")
def won_in_italy(ctx: Context, player: str) -> bool:
    return ctx.definition.team_of(player) in model.records(ctx.state).italian_victories


@rules_query("betrayed_cities(player: side) -> list[card]", rule="HB 6.2")
def betrayed_cities(ctx: Context, player: str) -> list[str]:
    """Enemy cities besieged by the player's nation with a defence of 2 or less (B.13)."""
    definition = ctx.definition
    team = definition.team_of(player)
    most = int(ctx.param("events.traitors_level"))
    return sorted(
        city
        for city, siege in model.records(ctx.state).sieges.items()
        if definition.team_of(siege["by"]) == team and int(siege["level"]) <= most
    )


@rules_effect("betray(player: side, city: card)", rule="HB 6.3")
def betray(ctx: Context, player: str, city: str) -> None:
    """Zdrajcy w mieście (B.13): the besieged city opens its gates to the besieger."""
    besieger = model.records(ctx.state).sieges[city]["by"]
    sieges.capture(ctx, besieger, city, "is betrayed by traitors")


@rules_effect("ships_put_to_sea(player: side, city: card, zone_id: space)", rule="HB 4.4")
def ships_put_to_sea(ctx: Context, player: str, city: str, zone_id: str) -> None:
    """Enemy ships in the city's port leave for a sea zone instead of burning (B.13)."""
    definition, state = ctx.definition, ctx.state
    team = definition.team_of(player)
    region = definition.cards[city].space
    for pid in model.pieces_at(state, region):
        if (
            definition.pieces[pid].type == "ships"
            and definition.team_of(piece(state, pid).side) != team
        ):
            model.writable(state, pid).at = zone_id


@rules_effect("capture_city(player: side, city: card)", rule="HB 6.3")
def treason(ctx: Context, player: str, city: str) -> None:
    """A city changes sides by treason (Zdrada Capui, Zdrada Tarentu: B.13): as if captured,
    but its leaders inside are taken without VP."""
    sieges.capture(ctx, player, city, "changes sides by treason", leader_vp=False)


# -- leaders on the board ---------------------------------------------------------------------------


@rules_query("leader_in_play(leader: piece) -> bool", rule="HB 3.4.3")
def leader_on_board(ctx: Context, leader: str) -> bool:
    return model.leader_in_play(ctx.state, leader)


@rules_query("leader_dead(leader: piece) -> bool", rule="HB 5.6")
def leader_dead(ctx: Context, leader: str) -> bool:
    """A leader killed in battle (HB 5.6): his card is out of the game; no event brings him
    back."""
    return leader in zone_cards(ctx.state, "removed")


@rules_query("allied_with(state_id: side, player: side) -> bool", rule="HB VII")
def allied_with(ctx: Context, state_id: str, player: str) -> bool:
    return model.ally_team(ctx, state_id) == ctx.definition.team_of(player)


@rules_query("allied(state_id: side) -> bool", rule="HB VII")
def is_allied(ctx: Context, state_id: str) -> bool:
    return model.ally_team(ctx, state_id) is not None


@rules_query("on_track(state_id: side) -> bool", rule="HB 10.4")
def on_track(ctx: Context, state_id: str) -> bool:
    return state_id in model.records(ctx.state).political
