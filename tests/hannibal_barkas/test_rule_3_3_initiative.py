"""HB 3.3: the order of play by initiative points, ties settled by dice (Ex. 2); the order
markers (HB 1.2.15); initiative points are public (HB 1.2.10)."""

from __future__ import annotations

from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import hb_rules, seated, set_ip


def test_example_2_order_by_initiative_ties_rolled() -> None:
    """Ex. 2: A (Rome) 3 IP, B (Rome) 2, C (Carthage) 1, D (Carthage) 1; C and D roll and
    D rolls higher: the order is A, B, D, C."""
    kit = seated(hb_rules("initiative"), "campaign-4p")
    set_ip(kit, rome_north=3, rome_south=2, carthage_spain=1, carthage_africa=1)
    # one roll of a d10 for each tied player: C (Hannibal's Carthage) 4, D (Africa) 9
    kit.dice([4, 9]).begin()
    assert queries.order(kit) == [
        "rome_north",
        "rome_south",
        "carthage_africa",
        "carthage_spain",
    ]
    kit.close()
    texts = kit.log()
    assert "Tie for the order of play, rolled: Carthage (Hannibal) 4, Carthage (Africa) 9" in texts
    assert texts[-2] == (
        "Order of play: 1. Rome (north) (3 IP), 2. Rome (south) (2 IP), "
        "3. Carthage (Africa) (1 IP), 4. Carthage (Hannibal) (1 IP)"
    )


def test_a_tie_rolled_again_is_rolled_again() -> None:
    """HB 3.3: the players who tie again roll again."""
    kit = seated(hb_rules("initiative"), "campaign-5p")
    set_ip(kit, rome_north=0, rome_south=0, carthage_spain=0, carthage_africa=0, syracuse=0)
    # 5, 5, 2, 1, 1: north and south tie at 5, Africa and Syracuse at 1; north 3 / south 8,
    # then Africa 6 / Syracuse 4.
    kit.dice([5, 5, 2, 1, 1], [3, 8], [6, 4]).begin()
    assert queries.order(kit) == [
        "rome_south",
        "rome_north",
        "carthage_spain",
        "carthage_africa",
        "syracuse",
    ]


def test_no_roll_when_no_tie() -> None:
    kit = seated(hb_rules("initiative"), "campaign-2p")
    kit.begin()  # any roll would fail: no die is forced
    assert queries.order(kit) == ["carthage_spain", "rome_north"]  # 5 IP against 2


def test_initiative_points_are_public_gold_is_not() -> None:
    """HB 1.2.10: how many IP a player holds is public; HB 1.2.11: his talents are not."""
    kit = seated(hb_rules("initiative"), "campaign-4p")
    view = kit.view("rome_south")
    assert view["records"]["ip"] == {
        "rome_north": 2,
        "rome_south": 0,
        "carthage_spain": 4,
        "carthage_africa": 1,
        "syracuse": 0,
        "massilia": 0,
        "numidia": 0,
        "macedonia": 0,
        "gauls": 0,
    }
    assert view["records"]["gold"] == {"rome_south": 10}
