"""Helpers for the naval module's rule tests.

Tests load the real game (data, the shipped tables and rules files, procedures)
through the test kit (:mod:`legatus.framework.tools.testing`): each starts from a position of a few
ships (:func:`sea`) at the step of the turn its rule lives in, plays the actions that
lead to the rule by their text through the real sequence of play, forces each roll's
dice and reads the outcome through the game's queries (:mod:`legatus.games.gbojc_naval.queries`).

Most positions stand in the last turn's phase F (``individual.activate_squadrons``):
the ships the position lists as individual squadrons are activated one by one, each
after the crew check of table 5.32 (a die: 6 moves normally, :func:`activate`); the
status phase and the end of the game follow with no roll, since nothing burns and no
next turn's wind is rolled. A galley stands on its bow hex and its stern trails behind
(GBoJC 4.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.model.gamedef import frozen_map
from legatus.framework.tools.testing import Kit, PlayFrom, load_game

NAVAL = "gbojc_naval"
#: The scenario's last turn (the parameter ``turns``): its status phase ends the game.
LAST_TURN = int(load_game(NAVAL).rules.param("turns"))

# Ships of the scenario by kind, with their counter values (legatus/games/gbojc_naval/data/ships.yaml).
TRIREMES = ("Concordia", "Victoria", "Fortuna", "Minerva")  # C3 M3 CR3 MX5
BIREMES = ("Aquila", "Lupa", "Delphinus", "Taurus", "Cygnus", "Ceres")  # C3 M2 CR4 MX6
GALLEYS = TRIREMES + BIREMES
SAILING_M3 = ("Taranis", "Lugus", "Cernunnos")  # C3 M3
SAILING_M2 = ("Belenos", "Epona", "Sucellus", "Nodens", "Esus", "Toutatis")  # C3 M2


def sea(
    ships: Mapping[str, tuple[str, str]],
    *,
    step: str = "individual.activate_squadrons",
    turn: int = LAST_TURN,
    wind: tuple[int, str] = (3, "S"),
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
    aboard: Mapping[str, str] | None = None,
    grappled: Iterable[tuple[str, str]] = (),
    pieces: Mapping[str, Mapping[str, Any]] | None = None,
    records: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A position (the file's form) with only ``ships`` on the map, each ``(bow hex,
    facing)``, every other ship and commander waiting off the map (in its pool: not sunk,
    so that no side has taken a ship, 9.0); galleys at cruise speed unless ``attrs`` says otherwise; commanders
    ``aboard`` their ships (commander -> ship); pairs of ships ``grappled``; ``pieces``
    changes single pieces (their side, flags); the wind ``(strength, direction)``, a
    strength 0 being a dead calm; play at ``step`` of ``turn``."""
    definition = load_game(NAVAL).definition
    given: dict[str, dict[str, Any]] = {ship: dict(found) for ship, found in (attrs or {}).items()}
    for a, b in grappled:
        for x, y in ((a, b), (b, a)):
            given.setdefault(x, {}).setdefault("grappled", []).append(y)
    setup: dict[str, dict[str, Any]] = {side: {"others": "pool"} for side in definition.side_ids}
    changes: dict[str, dict[str, Any]] = {name: dict(c) for name, c in (pieces or {}).items()}
    for ship, (bow, facing) in ships.items():
        found = given.get(ship, {})
        if ship in GALLEYS:
            found = {"speed": "cruise", **found}
        if found:  # attributes as a piece change: they may be lists (the ships grappled)
            changes.setdefault(ship, {})["attrs"] = found
        side = definition.pieces[ship].side
        item = {"piece": ship, "facing": facing}
        setup[side].setdefault("map", {}).setdefault(bow, []).append(item)
    for commander, ship in (aboard or {}).items():
        bow = ships[ship][0]
        item = {"piece": commander, "attrs": {"ship": ship}}
        side = definition.pieces[commander].side
        setup[side].setdefault("map", {}).setdefault(bow, []).append(item)
    strength, direction = wind
    position: dict[str, Any] = {
        "at": {"step": step, "counters": {"turn": turn}},
        "setup": setup,
        "records": {
            "wind": {"strength": strength, "direction": direction, "calm": strength == 0},
            **(records or {}),
        },
    }
    if changes:
        position["pieces"] = changes
    return position


def individual(
    play_from: PlayFrom,
    ships: Mapping[str, tuple[str, str]],
    activated: Sequence[str],
    *,
    first: str = "romans",
    records: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
    variant: str | None = None,
    **more: Any,
) -> Kit:
    """Phase F of the last turn (:func:`sea`): ``activated`` are the individual squadrons,
    ``first`` went first this turn (3.2)."""
    records = {"first": first, "individual": sorted(activated), **(records or {})}
    position = sea(ships, records=records, **more)
    return play_from(NAVAL, position, params=params, variant=variant)


def activate(kit: Kit, ship: str, crew_roll: int = 6) -> Kit:
    """Activate ``ship``'s individual squadron (5.31): the crew check of table 5.32 rolls
    ``crew_roll`` (6: the ship moves normally), then the ship's move begins (its speed is
    asked, or its ungrappling)."""
    kit.dice(crew_roll).act(f"activate({ship})")
    return kit.act(f"act({ship})")


def with_stats(ship: str, params: Mapping[str, Any] | None = None, **stats: int) -> Game:
    """The game (with ``params``) over data where one ship has other counter values: a test's
    odd counter. The data are frozen: this is a copy of the game over a changed definition,
    which a kit then plays (``play_from(game, position)``)."""
    game = load_game(NAVAL, params=params)
    definition = game.definition
    piece = definition.pieces[ship]
    changed = replace(piece, stats=frozen_map({**piece.stats, **stats}))
    pieces = frozen_map({**definition.pieces, ship: changed})
    return game.replace(definition=replace(definition, pieces=pieces))


def listed(kit: Kit) -> list[list[Any]]:
    """The legal actions of the prompt awaited, as JSON lists."""
    assert kit.prompt is not None
    return [action.to_json() for action in kit.prompt.actions]
