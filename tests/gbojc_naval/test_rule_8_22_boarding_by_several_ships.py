"""GBoJC 8.22: several activated ships board one target together; one ship grappled to two
enemies may split its marines between them (each part at least M1); 8.27 repelled.

Boarding is the boarding segment of an activation, after its moves (3.0 E/2): a lone ship
boards as an individual squadron in phase F (its crew check a 6), two ships together as a
squadron in phase E."""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, individual, sea


def test_rule_8_22_example_m3_galley_boards_two_ships_with_1_and_2(play_from: PlayFrom) -> None:
    """8.22: "Galera z siłą M3 jest zahaczona do dwóch wrogich okrętów ... M1 musi
    przydzielić do jednego, a M2 do drugiego." """
    kit = individual(
        play_from,
        {"Concordia": ("2010", "N"), "Belenos": ("2110", "S"), "Epona": ("1910", "S")},  # M3
        ["Concordia"],
        grappled=[("Concordia", "Belenos"), ("Concordia", "Epona")],
    )
    activate(kit, "Concordia").act("stay_grappled", "done")
    assert kit.asked == ("romans", "board")  # the moves are over: the boarding segment
    assert {
        "board(Belenos)",
        "board_with(Belenos, Concordia, 1)",
        "board_with(Epona, Concordia, 3)",
    } <= set(kit.legal())
    kit.dice([6, 5]).act("board_with(Epona, Concordia, 1)")  # M1 vs M2 (row 2): 10-12; 11 -1
    assert queries.ship(kit, "Epona").side == "romans"
    # a capture on a modified 9-12 depletes the attacker (8.28): M3 -> M2, one sent: one left
    assert queries.ship(kit, "Concordia").depletion == 1
    assert "board_with(Belenos, Concordia, 1)" in kit.legal()
    assert "board_with(Belenos, Concordia, 2)" not in kit.legal()
    kit.dice([6, 6]).act("board(Belenos)")  # the M1 left vs M2: 10-12; 12 -1 = 11
    assert queries.ship(kit, "Belenos").side == "romans"
    assert kit.over  # no boarding left; the last turn's status phase ends the game


def test_rule_8_22_two_galleys_board_together_with_their_summed_marines(
    play_from: PlayFrom,
) -> None:
    """Aquila and Lupa (M2 each), the Legate of the Left's squadron, both grappled to
    Belenos (M2), board it together in phase E: M4 against M2."""
    kit = play_from(
        NAVAL,
        sea(
            {"Aquila": ("2010", "N"), "Lupa": ("2210", "N"), "Belenos": ("2110", "S")},
            step="activate_squadrons",
            aboard={"Legate of the Left": "Aquila"},
            grappled=[("Aquila", "Belenos"), ("Lupa", "Belenos")],
            records={"first": "romans", "squadrons": {"Legate of the Left": ["Aquila", "Lupa"]}},
        ),
    )
    kit.act("activate(Legate of the Left)", "end_moves")
    kit.dice([3, 4]).act("board(Belenos)")  # M4 vs M2: 6-12; 7 -1 = 6
    assert queries.ship(kit, "Belenos").side == "romans"
    assert any("Aquila, Lupa board Belenos (M4 against M2" in text for text in kit.log())


def test_rule_8_27_repelled_ships_may_not_board_that_target_again_this_turn(
    play_from: PlayFrom,
) -> None:
    kit = individual(
        play_from,
        {"Concordia": ("2010", "N"), "Belenos": ("2110", "S")},  # M3 against M2
        ["Concordia"],
        grappled=[("Concordia", "Belenos")],
    )
    activate(kit, "Concordia").act("stay_grappled", "done")
    kit.dice([1, 1]).act("board_with(Belenos, Concordia, 1)")
    assert queries.ship(kit, "Belenos").side == "veneti"
    assert ["Concordia", "Belenos"] in queries.this_turn(kit, "repelled_by")
    assert kit.over  # M2 left, but Belenos repelled it: no more boarding
