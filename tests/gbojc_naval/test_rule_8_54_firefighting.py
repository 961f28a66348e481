"""GBoJC 8.53-8.54: firefighting in the status phase, sinking, and fire spreading.

Each test starts at the last turn's status phase (G/1): Belenos burns, grappled to the
Roman galley Aquila."""

from __future__ import annotations

from collections.abc import Mapping

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, sea


def burning(
    play_from: PlayFrom,
    *rolls: int,
    ships: Mapping[str, tuple[str, str]] | None = None,
    aboard: Mapping[str, str] | None = None,
) -> Kit:
    """The status phase with the firefighting's ``rolls`` forced."""
    position = sea(
        {"Belenos": ("2110", "S"), "Aquila": ("2010", "N"), **(ships or {})},
        step="fight_fires",
        pieces={"Belenos": {"flags": ["burning"]}},
        grappled=[("Aquila", "Belenos")],
        aboard=aboard,
    )
    return play_from(NAVAL, position, dice=rolls)


def test_rule_8_54_1_to_2_puts_the_fire_out(play_from: PlayFrom) -> None:
    kit = burning(play_from, 2)
    assert not queries.ship(kit, "Belenos").burning
    assert "Belenos: fire put out (2)" in kit.log()


def test_rule_8_54_3_still_burns(play_from: PlayFrom) -> None:
    kit = burning(play_from, 3)
    assert queries.ship(kit, "Belenos").burning
    assert not queries.ship(kit, "Aquila").burning


def test_rule_8_54_4_and_a_5_spreads_to_the_grappled_ship(play_from: PlayFrom) -> None:
    assert queries.ship(burning(play_from, 4, 5), "Aquila").burning
    assert not queries.ship(burning(play_from, 4, 4), "Aquila").burning


def test_rule_8_53_a_ship_set_alight_by_spreading_fights_it_next_turn(play_from: PlayFrom) -> None:
    """The fire jumps to Aquila during the segment; Aquila rolls no die for it this turn
    (no third die is forced: a roll would fail the test)."""
    kit = burning(play_from, 4, 6)
    assert queries.ship(kit, "Aquila").burning


def test_rule_8_54_5_to_6_sinks_and_5_53_the_commander_moves_reduced(play_from: PlayFrom) -> None:
    kit = burning(
        play_from, 6, ships={"Lugus": ("2410", "S")}, aboard={"Veneti Admiral": "Belenos"}
    )
    assert queries.ship(kit, "Belenos").at == "out"
    assert queries.ship(kit, "Aquila").grappled_to == ()
    admiral = queries.commander(kit, "Veneti Admiral")
    assert (admiral.reduced, admiral.ship, admiral.killed) == (True, "Lugus", True)
    assert kit.at("Veneti Admiral") == "2410"
