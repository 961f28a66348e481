"""GBoJC 5.5: commander transfer (table 5.54) and death (5.53); 8.25-8.26 capture and
recapture; 9.0 victory (INVENTED scenario rule)."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import activation, fleet, phases
from games.gbojc_naval.losses import capture
from games.gbojc_naval.plugin import fleet_taken, ships_taken

from .conftest import board_commander, context, empty_sea, listed, put


def _two_galleys(game: Game) -> dict:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N", speed="max")
    put(state, "Lupa", "2410", "N", speed="max")
    put(state, "Taurus", "3010", "N")
    board_commander(state, "Legate of the Left", "Aquila")
    state["vars"]["turn"] = 3
    return state


def test_rule_5_51_only_the_nearest_friendly_ships_are_offered(game: Game) -> None:
    state = _two_galleys(game)
    ctx = context(game, state)
    assert activation.transfer_targets(ctx, "Legate of the Left") == ["Lupa"]
    put(state, "Belenos", "2510", "S")
    fleet.grapple(state, "Lupa", "Belenos")  # 5.51: never onto a ship grappled by an enemy
    assert activation.transfer_targets(ctx, "Legate of the Left") == ["Taurus"]


def test_rule_5_54_a_1_or_2_forbids_the_transfer(game: Game) -> None:
    state = _two_galleys(game)
    activation.transfer(context(game, state, [2]), "Legate of the Left", "Lupa")
    assert state["pieces"]["Legate of the Left"]["attrs"]["ship"] == "Aquila"
    assert activation.transfer_actions(context(game, state), "romans") == []  # once a turn


def test_rule_5_52_a_transfer_reduces_the_commander_and_slows_the_galley(game: Game) -> None:
    state = _two_galleys(game)
    ctx = context(game, state, [3])
    activation.transfer(ctx, "Legate of the Left", "Lupa")
    legate = state["pieces"]["Legate of the Left"]
    assert legate["attrs"]["ship"] == "Lupa" and legate["strength"] == 1
    assert legate["at"] == "2410"
    assert fleet.command_range(game.definition, state, "Legate of the Left") == 1
    assert fleet.attr(state, "Lupa", "speed") == "cruise"
    assert not phases.may_use_maximum(ctx, "Lupa")
    activation.restore_commanders(ctx, ["Legate of the Left"])  # same turn: stays reduced
    assert legate["strength"] == 1
    state["vars"]["turn"] = 4
    activation.restore_commanders(ctx, ["Legate of the Left"])
    assert legate["strength"] == 2 and phases.may_use_maximum(ctx, "Lupa")


def test_rule_8_25_capture_5_53_kills_the_commander_aboard(game: Game) -> None:
    state = _two_galleys(game)
    state["records"]["squadrons"] = {"Legate of the Left": ["Aquila", "Lupa", "Taurus"]}
    ctx = context(game, state)
    capture(ctx, "Aquila", "veneti")
    assert state["pieces"]["Aquila"]["side"] == "veneti"
    assert state["pieces"]["Aquila"]["flags"] == ["captured"]
    assert fleet.crew(game.definition, state, "Aquila") == 0
    assert fleet.marines(game.definition, state, "Aquila") == 0
    assert fleet.attr(state, "Aquila", "speed") == "cruise"
    legate = state["pieces"]["Legate of the Left"]
    assert legate["attrs"]["ship"] == "Lupa" and legate["strength"] == 1  # nearest in squadron
    activation.restore_commanders(ctx, ["Legate of the Left"])
    assert legate["strength"] == 1  # 5.53: reduced for the rest of the game


def test_rule_8_26_recapture_turns_the_marker_and_keeps_the_values(game: Game) -> None:
    state = _two_galleys(game)
    ctx = context(game, state)
    capture(ctx, "Lupa", "veneti")
    capture(ctx, "Lupa", "romans")
    assert state["pieces"]["Lupa"]["side"] == "romans"
    assert state["pieces"]["Lupa"]["flags"] == ["recaptured"]
    assert fleet.marines(game.definition, state, "Lupa") == 0


def test_rule_9_0_half_the_enemy_fleet_sunk_or_captured_wins(game: Game) -> None:
    """INVENTED scenario rule: 12 Veneti ships, so the Romans need 6; 10 galleys: 5."""
    state = game.setup(seed=0)
    ctx = context(game, state)
    assert ships_taken(ctx, "romans") == 0
    for ship in ("Taranis", "Belenos", "Lugus", "Epona", "Sucellus"):
        state["pieces"][ship]["side"] = "romans"
    assert not fleet_taken(ctx, "romans")
    state["pieces"]["Nodens"]["at"] = "out"
    assert fleet_taken(ctx, "romans") and ships_taken(ctx, "romans") == 6
    for ship in ("Aquila", "Lupa", "Delphinus", "Taurus"):
        state["pieces"][ship]["at"] = "out"
    assert not fleet_taken(ctx, "veneti")
    state["pieces"]["Cygnus"]["side"] = "veneti"
    assert fleet_taken(ctx, "veneti")


def test_rule_5_53_the_player_chooses_among_equally_near_ships(game: Game) -> None:
    """Belenos burns and sinks; Epona and Sucellus, of the admiral's squadron, are both two
    hexes away: the counter goes to the first at once, and the Veneti player may move it."""
    from .conftest import answer, finished, run

    state = empty_sea(game)
    put(state, "Belenos", "2010", "S")
    put(state, "Epona", "2012", "S")
    put(state, "Sucellus", "2008", "S")
    put(state, "Nodens", "3010", "S")
    board_commander(state, "Veneti Admiral", "Belenos")
    state["records"]["squadrons"] = {"Veneti Admiral": ["Belenos", "Epona", "Sucellus"]}
    state["pieces"]["Belenos"]["flags"] = ["burning"]
    run(game, state, "fight_fires", [6])
    admiral = state["pieces"]["Veneti Admiral"]
    assert admiral["attrs"]["ship"] == "Epona" and admiral["strength"] == 1
    assert listed(game, state) == [
        ["place", "Veneti Admiral", "Epona"],
        ["place", "Veneti Admiral", "Sucellus"],
    ]
    answer(game, state, "place(Veneti Admiral, Sucellus)")
    assert finished(state)
    assert admiral["attrs"]["ship"] == "Sucellus" and admiral["at"] == "2008"
