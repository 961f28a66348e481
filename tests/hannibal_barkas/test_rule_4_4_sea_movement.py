"""HB 4.4 and 1.2.7: fleets move 8 sea zones, put to sea and enter port for free, load and
land units for 1 point each, carry 2 land units a ship; Ex. 5, a landing in Campania."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import empty_board, put, set_ip


def sea_position() -> Kit:
    return empty_board()


def mp(kit: Kit) -> int:
    """The movement points the group being moved has left."""
    move = queries.move(kit)
    assert move is not None
    return move.mp


def test_example_5_infantry_from_sicily_to_capua() -> None:
    """Ex. 5: the player activates the fleet in Carthago's port (1 IP) and sails 2 zones;
    on move 3 he pays 1 IP and loads the infantry in Sicily; moves 4 and 5 bring it to the
    coast of Italy; on move 6 the infantry lands, activated for the stage; the ship ends
    on the open sea, all 8 points spent. Leaving port is free (reference A.23 #7: the
    route Carthago, S18, O4, S10, load, O3, S08, land in Capua, O3, O4)."""
    kit = sea_position()
    put(kit, "carthage_spain", "Carthago", ships=1)
    put(kit, "carthage_spain", "Lilybaeum", heavy_infantry=1)
    set_ip(kit, carthage_spain=2)
    kit.begin()
    kit.act("activate(Carthago)")  # 1 IP
    kit.act("take(ships, 1)", "march", "put_to_sea(S18)")  # leaving port: free
    assert mp(kit) == 8
    kit.act("sail(O4)", "sail(S10)")  # moves 1 and 2
    assert "load(Lilybaeum)" in kit.legal()
    kit.act("load(Lilybaeum)")  # move 3: 1 IP for the region
    assert queries.ip(kit, "carthage_spain") == 0
    kit.act("take(heavy_infantry, 1)", "done")
    kit.act("sail(O3)", "sail(S08)")  # moves 4 and 5
    kit.act("unload(Capua)", "take(heavy_infantry, 1)", "done")  # move 6
    kit.act("sail(O3)", "sail(O4)")  # moves 7 and 8
    assert mp(kit) == 0
    assert kit.legal() == ["halt"]  # nothing left but to stay on the open sea
    kit.act("halt")
    assert queries.units_at(kit, "Capua") == {"heavy_infantry": 1}
    assert queries.units_at(kit, "O4") == {"ships": 1}
    (landed,) = kit.pieces_at("Capua")
    assert kit.flags(landed) == ["moved"]  # it cannot move again this stage
    kit.act("pass")  # Rome
    assert not [a for a in kit.legal() if a.startswith("activate")]


def test_a_ship_carries_two_land_units_and_any_leaders() -> None:
    """HB 1.2.7: two land units of any kind a ship, and leaders free."""
    kit = sea_position()
    put(
        kit,
        "carthage_spain",
        "Carthago",
        "Hannon Magnus",
        "Magon",
        ships=2,
        heavy_infantry=5,
        cavalry=2,
    )
    kit.begin()
    kit.act("activate(Carthago)", "take(ships, 2)", "march", "load(Carthago)")
    assert "take(heavy_infantry, 4)" in kit.legal()
    assert "take(heavy_infantry, 5)" not in kit.legal()
    kit.act("take(heavy_infantry, 3)")
    assert kit.legal() == [
        "done",
        "take(Hannon Magnus)",
        "take(Magon)",
        "take(cavalry, 1)",
        "take(heavy_infantry, 1)",
    ]
    kit.act("take(Hannon Magnus)", "take(Magon)", "take(cavalry, 1)", "done")
    kit.act("put_to_sea(S18)", "sail(O2)", "halt")
    assert queries.units_at(kit, "O2") == {
        "Hannon Magnus": 1,
        "Magon": 1,
        "ships": 2,
        "heavy_infantry": 3,
        "cavalry": 1,
    }


def test_a_fleet_at_sea_moves_when_its_zone_is_activated_and_ends_in_a_port() -> None:
    """HB 4.4: a fleet at sea moves when its sea zone is activated; ending where a port
    is, the player says whether it enters the port (free; its cargo lands, 1 point)."""
    kit = sea_position()
    put(kit, "carthage_spain", "S18", ships=1, light_infantry=2)
    set_ip(kit, carthage_spain=1)
    kit.begin()
    assert "activate(S18)" in kit.legal()
    kit.act("activate(S18)", "take(ships, 1)", "march", "sail(S19)")
    assert "in_port(Hadrumetum)" in kit.legal() and "in_port(Leptis)" in kit.legal()
    kit.act("in_port(Hadrumetum)")
    assert queries.units_at(kit, "Hadrumetum") == {"ships": 1, "light_infantry": 2}
    assert queries.ip(kit, "carthage_spain") == 0


def test_no_port_of_the_enemy_but_a_zone_with_enemy_ships() -> None:
    """A fleet enters only its nation's ports (HB 4.4); it may sail into a zone where enemy
    ships are, and a naval battle follows (HB 5.10)."""
    kit = sea_position()
    put(kit, "carthage_spain", "S10", ships=1)
    put(kit, "rome_north", "O3", ships=1)
    set_ip(kit, carthage_spain=1)
    kit.begin()
    kit.act("activate(S10)", "take(ships, 1)", "march")
    legal = kit.legal()
    assert "sail(O3)" in legal and "sail(O4)" in legal
    assert not [a for a in legal if a.startswith("in_port")]  # Panormus, Messana, Lilybaeum: Roman


def test_units_loaded_are_activated_and_paid_for() -> None:
    """HB 4.4: to load land units the player activates them (pays their region's IP); a
    region with one of his 'A' leaders costs nothing; without IP, no loading elsewhere."""
    kit = sea_position()
    put(kit, "carthage_spain", "Carthago", ships=2)
    put(kit, "carthage_spain", "Utica", "Hannibal", heavy_infantry=1)
    put(kit, "carthage_spain", "Hadrumetum", heavy_infantry=1)
    set_ip(kit, carthage_spain=2)
    kit.begin()
    kit.act("activate(Carthago)", "take(ships, 2)", "march", "put_to_sea(S18)")
    assert queries.ip(kit, "carthage_spain") == 1
    kit.act("load(Utica)")  # free: Hannibal is there
    assert queries.ip(kit, "carthage_spain") == 1
    kit.act("take(heavy_infantry, 1)", "done", "sail(S19)", "load(Hadrumetum)")
    assert queries.ip(kit, "carthage_spain") == 0
    kit.act("take(heavy_infantry, 1)", "done", "halt")
    assert queries.units_at(kit, "S19") == {"ships": 2, "heavy_infantry": 2}


def test_no_loading_without_the_ip_to_activate_the_units() -> None:
    kit = sea_position()
    put(kit, "carthage_spain", "Carthago", "Hannon Magnus", ships=1)
    put(kit, "carthage_spain", "Utica", heavy_infantry=1)
    set_ip(kit, carthage_spain=0)
    kit.begin()
    kit.act("activate(Carthago)", "take(ships, 1)", "march", "put_to_sea(S18)")
    assert "load(Utica)" not in kit.legal()
