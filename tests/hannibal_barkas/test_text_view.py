"""The text view (the plugin's ``render_view``): a turn rendered legibly from a side's view,
showing its own secrets and no other's."""

from __future__ import annotations

from legatus.framework.engine.core import Game
from tests.hannibal_barkas.conftest import relocate, started, turn_over


def test_a_turn_in_the_text_view(hb_game: Game) -> None:
    """The order of play with the IP, the player's treasury and hand (each card with what it
    gives and its event), the nation's VP, the tracks, the cities with their income, the
    armies with their leaders ((command, A)) and the unit abbreviations explained; the
    decision awaited is the player's own, so it is left to the prompt."""
    kit = started(hb_game, "campaign-4p", seed=2)
    text = hb_game.plugin.render_view(hb_game.definition, kit.view("carthage_spain"))
    lines = text.splitlines()
    assert lines[0] == "Hannibal Barkas - year 1, stage 3   (you: Carthage (Hannibal))"
    assert lines[1] == (
        "Order of play: 1. Carthage (Hannibal) 4 IP; 2. Rome (north) 2 IP; "
        "3. Carthage (Africa) 1 IP; 4. Rome (south) 0 IP"
    )
    assert "Your treasury: 10 talents" in lines
    assert "Victory points: Carthage (Hannibal) 0, Carthage (Africa) 0" in lines
    assert (
        "Political track: Massilia allied with Carthage, Numidia neutral, Macedonia neutral, Syracuse neutral"
        in lines
    )
    hand = lines.index("Your hand (2):")
    assert lines[hand + 1 : hand + 3] == [
        "  Najemnicy: 1 IP or 6 talents; two light infantry, free, in a city you hold that is "
        "not besieged.",
        "  Sztorm [Carthage]: 0 IP or 8 talents; one enemy fleet on the open sea rolls 1d10 "
        "per ship; each 8 to 10 sinks a ship with its cargo.",
    ]
    assert any(line.startswith("Armies (LI light infantry, HI heavy infantry,") for line in lines)
    assert (
        "  Carthage (Hannibal) (income 22): Carthago Nova, Castulo, Ebusus, Gades, Malaca, Saguntum, Tarraco"
        in lines
    )
    assert (
        "  Volcae: Carthage (Hannibal): Cartalon (1), Hannibal (3A), Hannon (1), Magon (1), "
        "Maharbal (1), 6 LI, 12 HI, 9 Cav, 5 GI, 4 El"
    ) in lines
    assert (
        "  Regium: Rome (south): Konsul I (1A), Pretor III (1), 4 LI, 8 HI, 2 Cav, 8 Sh in port"
        in lines
    )
    assert not any(line.startswith("Waiting for") for line in lines)  # the prompt asks it
    # No treasury but one's own (the cards in the hand say what they give in talents).
    assert "talents" not in "\n".join(lines[:hand]).replace("Your treasury: 10 talents", "")
    rome = hb_game.plugin.render_view(hb_game.definition, kit.view("rome_north"))
    assert rome.splitlines()[-1] == "Waiting for Carthage (Hannibal): action"


def test_moved_counters_and_fleets_at_sea_are_shown(hb_game: Game) -> None:
    kit = started(hb_game, "campaign-2p", seed=3)
    ships = [pid for pid in kit.pieces_at("Regium") if pid.startswith("Roman ships")]
    relocate(kit, "S13", *ships)
    turn_over(kit, *ships)
    text = hb_game.plugin.render_view(hb_game.definition, kit.view("rome"))
    assert "  S13 Sinus Tarentinus: Rome (north): 8 Sh (8 moved)" in text.splitlines()
    assert "Your treasury: 20 talents" in text.splitlines()  # both halves of Rome: one player
