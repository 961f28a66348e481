"""The text view (the plugin's ``render_view``): a turn rendered legibly from a side's view,
showing its own secrets and no other's."""

from __future__ import annotations

from legatus.framework.engine.core import Game
from tests.hannibal_barkas.conftest import relocate, started, turn_over


def test_a_turn_in_the_text_view(hb_game: Game) -> None:
    """The order of play with the IP, the player's treasury and hand, the nation's VP, the
    tracks, the cities with their income, the armies with their leaders ([command, A])
    and the decision awaited."""
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
    assert any(line.startswith("Your hand (2): ") for line in lines)
    assert (
        "  Carthage (Hannibal) (income 22): Carthago Nova, Castulo, Ebusus, Gades, Malaca, Saguntum, Tarraco"
        in lines
    )
    assert (
        "  Volcae: Carthage (Hannibal): Cartalon [1], Hannibal [3A], Hannon [1], Magon [1], "
        "Maharbal [1], 6 LI, 12 HI, 9 Cav, 5 GI, 4 El"
    ) in lines
    assert (
        "  Regium: Rome (south): Konsul I [1A], Pretor III [1], 4 LI, 8 HI, 2 Cav, 8 Sh in port"
        in lines
    )
    assert (
        lines[-1]
        == "Waiting for Carthage (Hannibal): Carthage (Hannibal): your action (4 IP, 2 cards)"
    )
    assert "talents" not in text.replace("Your treasury: 10 talents", "")


def test_moved_counters_and_fleets_at_sea_are_shown(hb_game: Game) -> None:
    kit = started(hb_game, "campaign-2p", seed=3)
    ships = [pid for pid in kit.pieces_at("Regium") if pid.startswith("Roman ships")]
    relocate(kit, "S13", *ships)
    turn_over(kit, *ships)
    text = hb_game.plugin.render_view(hb_game.definition, kit.view("rome"))
    assert "  S13 Sinus Tarentinus: Rome (north): 8 Sh (8 moved)" in text.splitlines()
    assert "Your treasury: 20 talents" in text.splitlines()  # both halves of Rome: one player
