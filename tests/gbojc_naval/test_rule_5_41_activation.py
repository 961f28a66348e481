"""GBoJC 5.41 and 3.0 E-F: players alternate activating squadrons, starting with the one who
went first; a player with none left lets the other activate the rest; 8.42 reaction fire
against a galley trying to grapple."""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, individual, sea


def test_rule_5_41_alternating_activations(play_from: PlayFrom) -> None:
    """Phase E of the last turn: the Veneti went first; they have one squadron, the Romans
    two. Every squadron ends its moves at once."""
    kit = play_from(
        NAVAL,
        sea(
            {"Aquila": ("1020", "N"), "Lupa": ("3020", "N"), "Belenos": ("1005", "S")},
            step="activate_squadrons",
            aboard={
                "Legate of the Left": "Aquila",
                "Legate of the Right": "Lupa",
                "Chief of the Osismii": "Belenos",
            },
            records={
                "first": "veneti",
                "squadrons": {
                    "Legate of the Left": ["Aquila"],
                    "Legate of the Right": ["Lupa"],
                    "Chief of the Osismii": ["Belenos"],
                },
            },
        ),
    )
    order = []
    while not kit.over:
        assert kit.prompt is not None
        if kit.prompt.kind == "activate":
            units = [str(a.args[0]) for a in kit.prompt.actions]
            order.append((kit.prompt.side, units))
            kit.act(f"activate({units[0]})")
        else:
            kit.act("end_moves")
    assert order == [
        ("veneti", ["Chief of the Osismii"]),
        ("romans", ["Legate of the Left", "Legate of the Right"]),
        ("romans", ["Legate of the Right"]),  # the Veneti have none left
    ]


def test_rule_8_42_reaction_fire_against_a_galley_trying_to_grapple(play_from: PlayFrom) -> None:
    """Belenos (M2, height +1) fires at the grappling galley first: 5+1 = 6, "W"; then the
    grappling roll: Aquila C3 needs 3."""
    kit = individual(play_from, {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")}, ["Aquila"])
    activate(kit, "Aquila").act("speed(0)", "grapple(Belenos)")
    assert kit.asked == ("veneti", "reaction")
    kit.dice(5, 3).act("return_fire")
    assert queries.ship(kit, "Aquila").depletion == 1
    assert queries.ship(kit, "Aquila").grappled_to == ("Belenos",)


def test_rule_8_42_no_reaction_against_a_sailing_ship_trying_to_grapple(
    play_from: PlayFrom,
) -> None:
    """Only galleys draw reaction fire when they grapple: Belenos's attempt is rolled at once."""
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")},
        ["Belenos"],
        first="veneti",
    )
    activate(kit, "Belenos").act("speed(0)")
    kit.dice(6).act("grapple(Aquila)")
    assert kit.asked != ("romans", "reaction")
    assert queries.ship(kit, "Belenos").grappled_to == ("Aquila",)
