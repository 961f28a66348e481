"""GBoJC 5.5: commander transfer (table 5.54) and death (5.53); 8.25-8.26 capture and
recapture; 9.0 victory (INVENTED scenario rule).

Transfers are offered in the commander's own squadron's activation (phase E)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, individual, sea

#: Aquila and Lupa at maximum speed, Taurus: the Legate of the Left aboard Aquila.
GALLEYS = {"Aquila": ("2010", "N"), "Lupa": ("2410", "N"), "Taurus": ("3010", "N")}
AT_MAXIMUM = {"Aquila": {"speed": "max"}, "Lupa": {"speed": "max"}}


def legates_squadron(
    play_from: PlayFrom,
    turn: int = 12,
    *,
    ships: Mapping[str, tuple[str, str]] | None = None,
    grappled: Sequence[tuple[str, str]] = (),
) -> Kit:
    """Phase E: the Legate of the Left's squadron (Aquila) activated; the transfers are
    offered with its ships' moves."""
    kit = play_from(
        NAVAL,
        sea(
            {**GALLEYS, **(ships or {})},
            step="activate_squadrons",
            turn=turn,
            attrs=AT_MAXIMUM,
            aboard={"Legate of the Left": "Aquila"},
            grappled=grappled,
            records={"first": "romans", "squadrons": {"Legate of the Left": ["Aquila"]}},
        ),
    )
    return kit.act("activate(Legate of the Left)")


def transfers(kit: Kit) -> list[str]:
    return [a for a in kit.legal() if a.startswith("transfer")]


def test_rule_5_51_only_the_nearest_friendly_ships_are_offered(play_from: PlayFrom) -> None:
    kit = legates_squadron(play_from)
    assert queries.transfer_targets(kit, "Legate of the Left") == ["Lupa"]
    assert transfers(kit) == ["transfer(Legate of the Left, Lupa)"]
    # 5.51: never onto a ship grappled by an enemy
    kit = legates_squadron(
        play_from, ships={"Belenos": ("2510", "S")}, grappled=[("Lupa", "Belenos")]
    )
    assert queries.transfer_targets(kit, "Legate of the Left") == ["Taurus"]
    assert transfers(kit) == ["transfer(Legate of the Left, Taurus)"]


def test_rule_5_54_a_1_or_2_forbids_the_transfer(play_from: PlayFrom) -> None:
    kit = legates_squadron(play_from)
    kit.dice(2).act("transfer(Legate of the Left, Lupa)")
    assert queries.commander(kit, "Legate of the Left").ship == "Aquila"
    assert transfers(kit) == []  # once a turn


def test_rule_5_52_a_transfer_reduces_the_commander_and_slows_the_galley(
    play_from: PlayFrom,
) -> None:
    """Turn 3: a 3 lets the legate over to Lupa, on its reduced side (range 1); Lupa turns to
    cruise and may not go to maximum while the legate's counter shows that side. It turns
    back at the end of its squadron's activation in a later turn, not this one."""
    kit = legates_squadron(play_from, turn=3)
    kit.dice(3).act("transfer(Legate of the Left, Lupa)")
    legate = queries.commander(kit, "Legate of the Left")
    assert (legate.ship, legate.reduced, legate.range) == ("Lupa", True, 1)
    assert kit.at("Legate of the Left") == "2410"
    assert queries.ship(kit, "Lupa").speed == "cruise"
    assert not queries.may_use_maximum(kit, "Lupa")
    # The activation ends (Aquila, at maximum and unmoved, tests fatigue: a 1, no effect):
    # the legate stays reduced this turn. Turn 4: wind 3 + 3 (no change), initiative 6 - 1.
    kit.dice(1, [3, 3], 6, 1).act("end_moves")
    assert (queries.commander(kit, "Legate of the Left").reduced, kit.counters) == (
        True,
        {"turn": 4},
    )
    kit.act("go_first")
    if kit.step == "choose_speeds":
        kit.act("speeds_set")
    assert queries.squadrons(kit) == {"Legate of the Left": ["Lupa"]}
    kit.act("activate(Legate of the Left)", "end_moves")
    assert not queries.commander(kit, "Legate of the Left").reduced
    assert queries.may_use_maximum(kit, "Lupa")


def test_rule_8_25_capture_5_53_kills_the_commander_aboard(play_from: PlayFrom) -> None:
    """Belenos, grappled to Aquila, boards it (12: captured). Aquila is the Veneti's, marked
    Captured, C0 and M0, and at cruise speed; the legate aboard dies (5.53): his counter,
    reduced for the rest of the game, goes to the nearest ship of his squadron, Lupa."""
    kit = individual(
        play_from,
        {**GALLEYS, "Belenos": ("2110", "S")},
        ["Belenos"],
        first="veneti",
        attrs=AT_MAXIMUM,
        aboard={"Legate of the Left": "Aquila"},
        grappled=[("Aquila", "Belenos")],
        records={"squadrons": {"Legate of the Left": ["Aquila", "Lupa", "Taurus"]}},
    )
    activate(kit, "Belenos").act("stay_grappled", "done")
    kit.dice([6, 6]).act("board(Aquila)")
    aquila = queries.ship(kit, "Aquila")
    assert (aquila.side, aquila.captured, aquila.crew, aquila.marines) == ("veneti", True, 0, 0)
    assert aquila.speed == "cruise"
    legate = queries.commander(kit, "Legate of the Left")
    assert (legate.ship, legate.reduced, legate.killed) == ("Lupa", True, True)


def test_rule_8_26_recapture_turns_the_marker_and_keeps_the_values(play_from: PlayFrom) -> None:
    """Lupa, captured by the Veneti earlier (the position), is boarded back by Aquila (M2
    against its M0: row 0, column 2, 5-12; a 6): Recaptured, still M0."""
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Lupa": ("2110", "N")},
        ["Aquila"],
        pieces={"Lupa": {"side": "veneti", "flags": ["captured"]}},
        grappled=[("Aquila", "Lupa")],
    )
    activate(kit, "Aquila").act("stay_grappled", "done")
    kit.dice([3, 3]).act("board(Lupa)")
    lupa = queries.ship(kit, "Lupa")
    assert (lupa.side, lupa.captured, lupa.recaptured, lupa.marines) == ("romans", False, True, 0)


def test_rule_9_0_half_the_enemy_fleet_sunk_or_captured_wins(play_from: PlayFrom) -> None:
    """INVENTED scenario rule: 12 Veneti ships, so the Romans need 6; 10 galleys: 5. The
    check closes each turn (phase H): here the last turn's. (Ships without a commander
    aboard change hands or sink: a commander rides only a friendly ship, 5.1.)"""
    five = {
        ship: {"side": "romans"} for ship in ("Taranis", "Belenos", "Epona", "Sucellus", "Nodens")
    }
    position: dict[str, Any] = {"at": {"step": "recover_fatigue", "counters": {"turn": 12}}}
    kit = play_from(NAVAL, {**position, "pieces": five})
    assert queries.ships_taken(kit, "romans") == 5 and not queries.fleet_taken(kit, "romans")
    assert kit.result is not None and kit.result["reason"] == "the Romans win (final)"
    six = {**five, "Esus": {"at": "out"}}
    kit = play_from(NAVAL, {**position, "pieces": six})
    assert queries.fleet_taken(kit, "romans") and queries.ships_taken(kit, "romans") == 6
    assert kit.result is not None and kit.result["reason"] == "the Romans win (fleet_taken)"
    lost = {ship: {"at": "out"} for ship in ("Aquila", "Lupa", "Fortuna", "Minerva")}
    kit = play_from(NAVAL, {**position, "pieces": {**six, **lost}})
    assert not queries.fleet_taken(kit, "veneti")
    kit = play_from(NAVAL, {**position, "pieces": {**six, **lost, "Cygnus": {"side": "veneti"}}})
    assert queries.fleet_taken(kit, "veneti")


def test_rule_5_53_the_player_chooses_among_equally_near_ships(play_from: PlayFrom) -> None:
    """Belenos burns and sinks (a 6); Epona and Sucellus, of the admiral's squadron, are both
    two hexes away: the counter goes to the first at once, and the Veneti player may move it."""
    kit = play_from(
        NAVAL,
        sea(
            {
                "Belenos": ("2010", "S"),
                "Epona": ("2012", "S"),
                "Sucellus": ("2008", "S"),
                "Nodens": ("3010", "S"),
            },
            step="fight_fires",
            aboard={"Veneti Admiral": "Belenos"},
            pieces={"Belenos": {"flags": ["burning"]}},
            records={"squadrons": {"Veneti Admiral": ["Belenos", "Epona", "Sucellus"]}},
        ),
        dice=[6],
    )
    admiral = queries.commander(kit, "Veneti Admiral")
    assert (admiral.ship, admiral.reduced) == ("Epona", True)
    assert kit.legal() == ["place(Veneti Admiral, Epona)", "place(Veneti Admiral, Sucellus)"]
    kit.act("place(Veneti Admiral, Sucellus)")
    assert queries.commander(kit, "Veneti Admiral").ship == "Sucellus"
    assert kit.at("Veneti Admiral") == "2008"
