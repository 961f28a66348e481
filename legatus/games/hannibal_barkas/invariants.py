"""What must hold of every Hannibal Barkas position (``legatus check-game`` checks it), and
what holds just before a step of the sequence of play (a position is checked against the
step it names)."""

from __future__ import annotations

from typing import Any

from legatus import (
    Context,
    GameDef,
    Invariant,
    StepInvariant,
    frames_of,
    occupancy,
    on_map,
    piece,
    pieces_of,
    zone_cards,
)
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER


def ships_carry_their_cargo(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 1.2.7: land units at sea are aboard their nation's ships, two to a ship (the
    capacity a variant may change is not read here: 2 is the rulebook's); leaders at sea
    ride with ships. While a player chooses the cargo lost with sunk ships (a pending
    ``lose_units`` in that zone: Piraci, Sztorm) the zone is not checked."""
    problems = []
    at_sea: dict[tuple[str, str], list[str]] = {}
    sinking = {frame["args"].get("space") for frame in frames_of(state, "lose_units")}
    for pid, entry in pieces_of(state):
        if on_map(entry) and model.is_sea(definition, entry["at"]) and entry["at"] not in sinking:
            at_sea.setdefault((entry["at"], definition.team_of(entry["side"])), []).append(pid)
    for (zone_id, team), pids in sorted(at_sea.items()):
        ships = sum(1 for p in pids if definition.pieces[p].type == "ships")
        cargo = sum(1 for p in pids if definition.pieces[p].type not in ("ships", LEADER))
        if cargo > 2 * ships or (not ships and pids):
            problems.append(f"{team} has {cargo} land units and {ships} ships in {zone_id}")
    return problems


def ships_in_port_only(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 4.4: a ship on land is in the port of its region's city."""
    return [
        f"ship {pid} in {piece['at']}, which has no port"
        for pid, piece in pieces_of(state)
        if on_map(piece)
        and definition.pieces[pid].type == "ships"
        and not model.is_sea(definition, piece["at"])
        and model.port_city(definition, piece["at"]) is None
    ]


#: Procedures during which armies of two nations may share a field: a move not yet fought
#: out, a battle, an event or an effect that starts one.
FIGHTING = frozenset(
    {"activation", "battle", "assault", "play_event", "effects", "run_effect", "lose_units"}
)


def nations_apart(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """Between actions, no field holds units of two nations (they would have fought, HB
    5.1); units inside a city's walls and ships in port do not count, nor a neutral state's
    garrison."""
    if frames_of(state, *FIGHTING):
        return []
    players = set(model.players(state))
    problems = []
    for space in occupancy(state):
        teams = {
            definition.team_of(piece(state, pid).side)
            for pid in model.field_units(definition, state, space)
            if piece(state, pid).side in players
            or definition.team_of(piece(state, pid).side) in model.MAIN_TEAMS
        }
        if len(teams) > 1:
            problems.append(f"{space} holds armies of {', '.join(sorted(teams))} in its field")
    return problems


#: Procedures during which a leader may stand alone beside the enemy for a moment: a battle
#: or an assault whose losses are still being taken.
TAKING_LOSSES = frozenset({"battle", "assault", "lose_units"})


def no_leader_alone_with_the_enemy(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 5.6: a leader alone on a region's field with an enemy unit is eliminated at once,
    so none stands there once the losses being taken are taken."""
    if frames_of(state, *TAKING_LOSSES):
        return []
    # A fleet's cargo while it is in port, loading or about to sail, is aboard, not in the
    # field (HB 4.4).
    aboard = {
        pid
        for frame in frames_of(state, "activation")
        if frame.get("phase") in ("sail", "board", "land")
        for pid in frame.get("group", [])
    }
    problems = []
    for space in occupancy(state):
        if model.is_sea(definition, space):
            continue
        for pid, enemies in model.lone_leaders_at(definition, state, space, aboard).items():
            if enemies:
                problems.append(f"{pid} stands alone in {space} beside {', '.join(enemies)}")
    return problems


def walls_hold_their_garrisons(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB VI: units inside a city stand in its region, at most twice its defence."""
    problems = []
    counts: dict[str, int] = {}
    for pid, entry in pieces_of(state):
        city = model.in_city(entry)
        if city is None:
            continue
        if not on_map(entry) or definition.cards[city].space != entry["at"]:
            problems.append(f"{pid} is inside {city} but stands in {entry['at']}")
        if definition.pieces[pid].type != LEADER:
            counts[city] = counts.get(city, 0) + 1
    for city, count in sorted(counts.items()):
        if count > 2 * int(definition.cards[city].values["defence"]):
            problems.append(f"{city} holds {count} units")
    return problems


def sieges_are_of_enemy_cities(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 6.2: a city on the siege track is held by another nation than its besieger."""
    problems = []
    for city, siege in sorted(model.records(state).sieges.items()):
        keeper = model.holder(state, city)
        if keeper is None or definition.team_of(keeper) == definition.team_of(siege["by"]):
            problems.append(f"{city} is besieged by {siege['by']}, held by {keeper}")
    return problems


def sieges_are_held_by_their_besiegers(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 6.1, 6.2: a city is on the siege track only while its besiegers, the infantry of
    the besieging nation in its region's field, outnumber its defence (level and extra
    defenders); a card left there after an assault only while that nation's troops stay in
    the region. Losses being taken are waited for."""
    if frames_of(state, *TAKING_LOSSES):
        return []
    problems = []
    for city, siege in sorted(model.records(state).sieges.items()):
        team = definition.team_of(siege["by"])
        region = definition.cards[city].space
        field = [
            pid
            for pid in model.field_units(definition, state, region)
            if definition.team_of(piece(state, pid).side) == team
        ]
        if not siege.get("active", True):
            if not field:
                problems.append(f"{city} stays on the siege track with no troops of {team} left")
            continue
        infantry = sum(1 for pid in field if definition.pieces[pid].type in model.INFANTRY)
        inner = sum(
            1 for pid in model.inside(state, city) if definition.pieces[pid].type in model.INFANTRY
        )
        if infantry <= int(siege["level"]) + inner:
            problems.append(
                f"{city} is besieged by {infantry} infantry against a defence of "
                f"{siege['level']} and {inner} extra defenders"
            )
    return problems


def levy_only_in_battle(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 8.3: the Gallic levy stands on the board only while its tribe fights."""
    if frames_of(state, "battle"):
        return []
    return [
        f"{pid} stands in {piece['at']} outside a battle"
        for pid, piece in pieces_of(state)
        if definition.pieces[pid].side == "gauls" and on_map(piece)
    ]


def hands_within_limit(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 3.1: no hand holds more than 7 cards once the discards are made (the limit a
    variant may change is not read here)."""
    if frames_of(state, "hand_limit", "draw_cards"):
        return []
    return [
        f"{key} holds {len(cards)} cards"
        for key, cards in state["zones"].items()
        if key.startswith("hand:") and len(cards) > 7
    ]


def players_hold_their_leaders_cards(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 3.4.6: a leader's card is with the player who commands him."""
    problems = []
    for pid, entry in pieces_of(state):
        if definition.pieces[pid].type != LEADER or not on_map(entry):
            continue
        if pid not in zone_cards(state, f"leaders:{entry['side']}"):
            problems.append(f"{pid}'s card is not with {entry['side']}")
    return problems


def only_players_hold_things(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """A side no seat plays holds no card in hand, IP or gold (it is never asked)."""
    players = set(model.players(state))
    problems = []
    for side in definition.side_ids:
        if side in players:
            continue
        if zone_cards(state, f"hand:{side}"):
            problems.append(f"{side} plays no seat but holds cards")
        if model.records(state).ip[side] or model.records(state).gold[side]:
            problems.append(f"{side} plays no seat but holds IP or gold")
    return problems


INVARIANTS: dict[str, Invariant] = {
    "ships carry their cargo": ships_carry_their_cargo,
    "ships on land are in port": ships_in_port_only,
    "no two nations share a field between actions": nations_apart,
    "no leader alone with the enemy": no_leader_alone_with_the_enemy,
    "walls hold their garrisons": walls_hold_their_garrisons,
    "sieges are of enemy cities": sieges_are_of_enemy_cities,
    "sieges held by more besiegers than the defence": sieges_are_held_by_their_besiegers,
    "the Gallic levy only in battle": levy_only_in_battle,
    "hands within the limit": hands_within_limit,
    "leaders' cards with their players": players_hold_their_leaders_cards,
    "sides no seat plays hold nothing": only_players_hold_things,
}


# -- what holds just before a step (positions) ----------------------------------------------


def order_of_play_set(ctx: Context) -> list[str]:
    """The actions step plays in the order the initiative step set: every player once."""
    order = list(model.records(ctx.state).order)
    players = model.players(ctx.state)
    if sorted(order) == sorted(players):
        return []
    return [f"the order of play is {order or 'empty'}, the players {players}"]


STEP_INVARIANTS = (
    StepInvariant(
        frozenset({"actions"}),
        "the initiative step has set the order of play: every player once (records: order)",
        order_of_play_set,
        "HB 3.3",
    ),
)
