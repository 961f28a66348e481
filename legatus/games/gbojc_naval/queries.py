"""The naval module's documented queries: a point of play in the rulebook's words.

Rule tests (and anyone reading a game) ask these instead of the dictionaries
the game keeps in its state. Each takes a
:class:`~legatus.framework.engine.situation.Situation`: the test kit's
:class:`~legatus.framework.tools.testing.Kit`, a :class:`~legatus.framework.play.driver.Match` or a
procedure's :class:`~legatus.framework.engine.core.Context`::

    from legatus.games.gbojc_naval import queries
    queries.wind(kit)                       # Wind(strength=3, direction='S', calm=False)
    queries.ship(kit, "Aquila").fatigue     # 2: Fatigued-2 (6.43)

Section numbers are the Polish naval rules' (GBoJC).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from legatus import OFF_MAP, Situation, context_of, piece
from legatus.games.gbojc_naval import activation, combat, fleet, movement, phases, plugin

# -- the wind (6.21-6.24) -----------------------------------------------------------------


@dataclass(frozen=True)
class Wind:
    """6.21: the wind's strength and the hex side it blows towards; a dead calm (6.24) is
    strength 0 (or, under ``wind.calm_keeps_strength``, a calm over a kept strength)."""

    strength: int
    direction: str
    calm: bool


def wind(at: Situation) -> Wind:
    found = fleet.wind(at.state)
    return Wind(int(found["strength"]), str(found["direction"]), bool(found["calm"]))


# -- ships --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ship:
    """A ship as the table shows it (4.0-8.6)."""

    name: str
    side: str
    #: Its bow hex (``out`` when sunk) and every hex it covers, bow first (4.2).
    at: str
    hexes: tuple[str, ...]
    facing: str | None
    #: A galley's speed setting (6.11): ``cruise`` or ``max``; None for a sailing ship.
    speed: str | None
    #: Turns of fatigue left: Fatigued-# (6.43); 0 rested.
    fatigue: int
    #: Depletion levels (8.61).
    depletion: int
    #: C# and M# now (a captured ship's are 0, 8.25; depletion lowers M#, 8.62).
    crew: int
    marines: int
    #: The ships it is grappled to (8.1).
    grappled_to: tuple[str, ...]
    captured: bool
    recaptured: bool
    #: Sails cut (7.1).
    immobilised: bool
    burning: bool
    #: The commanders aboard (5.1).
    commanders: tuple[str, ...]


def ship(at: Situation, name: str) -> Ship:
    """A ship's state (4.0-8.6)."""
    d, state = at.game.definition, at.state
    piece = state["pieces"][name]
    afloat = piece["at"] not in OFF_MAP
    return Ship(
        name=name,
        side=str(piece["side"]),
        at=str(piece["at"]),
        hexes=fleet.hexes(d, state, name) if afloat else (),
        facing=piece.get("facing"),
        speed=fleet.attr(state, name, "speed", "cruise") if fleet.is_galley(d, name) else None,
        fatigue=int(fleet.attr(state, name, "fatigue")),
        depletion=int(fleet.attr(state, name, "depletion")),
        crew=fleet.crew(d, state, name),
        marines=fleet.marines(d, state, name),
        grappled_to=tuple(fleet.grappled_to(state, name)),
        captured=fleet.has(state, name, "captured"),
        recaptured=fleet.has(state, name, "recaptured"),
        immobilised=fleet.immobile(state, name),
        burning=fleet.has(state, name, "burning"),
        commanders=tuple(fleet.commanders_on(d, state, name)) if afloat else (),
    )


def speed_limit(at: Situation, name: str) -> int:
    """6.11-6.23, 6.44, 7.1, 8.25: the most movement points the ship may announce now."""
    return movement.speed_limit(context_of(at), name)


def fire_range(at: Situation, shooter: str, target: str, incendiary: bool = False) -> int | None:
    """8.41, 8.46, 8.52: the range (1 or 2 hexes) at which ``shooter`` may fire at ``target``
    (``incendiary``: with incendiary missiles), through the side hex edges and hexes free
    of ships; None when it may not."""
    return combat.fire_range(context_of(at), shooter, target, incendiary)


def may_fire(at: Situation, name: str) -> bool:
    """8.41, 8.25, 8.43: whether the ship may fire missiles at all (not if it has fired this
    turn; with M0 only by the M0 column's reading, parameter ``missile_fire.with_m0``)."""
    return combat.may_fire(context_of(at), name)


def may_use_maximum(at: Situation, name: str) -> bool:
    """6.12, 6.44, 8.64, 5.52: whether the galley may be set to maximum speed."""
    return phases.may_use_maximum(context_of(at), name)


# -- commanders and squadrons (5.1-5.5) -------------------------------------------------------


@dataclass(frozen=True)
class Commander:
    """5.1-5.5: a commander, its ship and the side its counter shows."""

    name: str
    side: str
    #: The ship carrying it (None once it left the game).
    ship: str | None
    #: Its counter shows the reduced side (after a transfer or its death, 5.52-5.53).
    reduced: bool
    #: Command range on the side shown (5.23).
    range: int
    #: It died with its ship (5.53): its counter stays reduced for the rest of the game.
    killed: bool


def commander(at: Situation, name: str) -> Commander:
    d, state = at.game.definition, at.state
    unit = piece(state, name)
    aboard = unit.at not in OFF_MAP
    return Commander(
        name=name,
        side=str(unit.side),
        ship=fleet.attr(state, name, "ship", None) if aboard else None,
        reduced=int(unit.strength) < 2,
        range=fleet.command_range(d, state, name),
        killed=bool(fleet.attr(state, name, "killed", False)),
    )


def in_command(at: Situation, name: str) -> list[str]:
    """5.21, 5.23: the ships within the commander's command range (its own ship included)."""
    return phases.in_command(context_of(at), name)


def line_astern(at: Situation, name: str) -> list[str]:
    """5.22: the line astern the ship leads or is second in, front to back."""
    return phases.line_astern(context_of(at), name)


def squadrons(at: Situation) -> dict[str, list[str]]:
    """5.24: this turn's squadrons, commander -> its ships (once formed in phase B)."""
    found = fleet.records(at.state).squadrons
    return {c: list(ships) for c, ships in found.items()}


def individual(at: Situation) -> list[str]:
    """5.3: this turn's ships outside any squadron, activated one by one in phase F."""
    return list(fleet.records(at.state).individual)


def first(at: Situation) -> str | None:
    """3.2: the side that goes first this turn (None before the initiative)."""
    return fleet.records(at.state).first


def transfer_targets(at: Situation, name: str) -> list[str]:
    """5.51: the ships the commander's boat may reach this turn (the nearest friendly ones)."""
    return activation.transfer_targets(context_of(at), name)


# -- the turn and the game ----------------------------------------------------------------------


def this_turn(at: Situation, what: str) -> list[Any]:
    """3.0: what happened this turn, by kind: ``fatigued`` (galleys tested tired, 6.45),
    ``grapple_tried`` (8.13, 7.1), ``transfer_tried`` (5.51), ``repelled_boarding`` (ships
    that repelled a boarding, 8.27, 8.34), ``repelled_by`` ([ship, target] pairs, 8.27),
    ``reacted`` ([ship, phase] pairs: it fired back this phase, 8.42)."""
    return copy.deepcopy(fleet.turn_list(at.state, what))


def ships_taken(at: Situation, side: str) -> int:
    """9.0: the enemy ships the side has sunk or captured."""
    return fleet.ships_taken(at.game.definition, at.state, side)


def fleet_taken(at: Situation, side: str) -> bool:
    """9.0 (INVENTED scenario rule): the side has sunk or captured ``victory.share_taken``
    per cent of the enemy's ships, and wins."""
    return plugin.fleet_taken(context_of(at), side)


__all__ = [
    "Commander",
    "Ship",
    "Wind",
    "commander",
    "fire_range",
    "first",
    "fleet_taken",
    "in_command",
    "individual",
    "line_astern",
    "may_fire",
    "may_use_maximum",
    "ship",
    "ships_taken",
    "speed_limit",
    "squadrons",
    "this_turn",
    "transfer_targets",
    "wind",
]
