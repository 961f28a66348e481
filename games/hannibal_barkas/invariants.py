"""What must hold of every Hannibal Barkas position (``legatus check-game`` checks it)."""

from __future__ import annotations

from typing import Any

from framework.gamedef import GameDef
from framework.invariants import Invariant
from games.hannibal_barkas import model
from games.hannibal_barkas.model import LEADER


def ships_carry_their_cargo(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 1.2.7: land units at sea are aboard their nation's ships, two to a ship (the
    capacity a variant may change is not read here: 2 is the rulebook's); leaders at sea
    ride with ships."""
    problems = []
    at_sea: dict[tuple[str, str], list[str]] = {}
    for pid, piece in state["pieces"].items():
        if model.on_board(piece) and model.is_sea(definition, piece["at"]):
            at_sea.setdefault((piece["at"], definition.team_of(piece["side"])), []).append(pid)
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
        for pid, piece in state["pieces"].items()
        if model.on_board(piece)
        and definition.pieces[pid].type == "ships"
        and not model.is_sea(definition, piece["at"])
        and model.port_city(definition, piece["at"]) is None
    ]


def nations_apart(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """Part 1 has no battles: no space holds pieces of two nations."""
    return [
        f"{space} holds pieces of {', '.join(sorted(teams))}"
        for space in model.occupancy(state)
        if len(teams := model.teams_at(definition, state, space)) > 1
    ]


def hands_within_limit(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 3.1: no hand holds more than 7 cards once the discards are made (the limit a
    variant may change is not read here)."""
    if any(frame.get("p") in ("hand_limit", "draw_cards") for frame in state["stack"]):
        return []
    return [
        f"{key} holds {len(cards)} cards"
        for key, cards in state["zones"].items()
        if key.startswith("hand:") and len(cards) > 7
    ]


def players_hold_their_leaders_cards(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """HB 3.4.6: a leader's card is with the player who commands him."""
    problems = []
    for pid, piece in state["pieces"].items():
        if definition.pieces[pid].type != LEADER or not model.on_board(piece):
            continue
        if pid not in state["zones"][f"leaders:{piece['side']}"]:
            problems.append(f"{pid}'s card is not with {piece['side']}")
    return problems


def only_players_hold_things(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """A side no seat plays holds no card in hand, IP or gold (it is never asked)."""
    players = set(model.players(state))
    problems = []
    for side in definition.side_ids:
        if side in players:
            continue
        if state["zones"][f"hand:{side}"]:
            problems.append(f"{side} plays no seat but holds cards")
        if state["records"]["ip"][side] or state["records"]["gold"][side]:
            problems.append(f"{side} plays no seat but holds IP or gold")
    return problems


INVARIANTS: dict[str, Invariant] = {
    "ships carry their cargo": ships_carry_their_cargo,
    "ships on land are in port": ships_in_port_only,
    "no two nations share a space (part 1)": nations_apart,
    "hands within the limit": hands_within_limit,
    "leaders' cards with their players": players_hold_their_leaders_cards,
    "sides no seat plays hold nothing": only_players_hold_things,
}
