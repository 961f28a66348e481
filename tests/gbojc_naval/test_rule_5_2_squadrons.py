"""GBoJC 5.2: squadrons by command range (5.23-5.24) or line astern (5.22); 5.3 individual
squadrons and the crew check of table 5.32; 3.2 initiative; 6.12 the speed phase.

Squadrons are formed at the last turn's phase B (``form_squadrons``), then the initiative
is rolled (Romans 6, Veneti 1: no admiral is on the map)."""

from __future__ import annotations

from collections.abc import Mapping

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import fleet, queries

from .conftest import NAVAL, activate, individual, listed, sea

INITIATIVE = (6, 1)


def squadrons(
    play_from: PlayFrom,
    ships: Mapping[str, tuple[str, str]],
    aboard: Mapping[str, str],
    dice: tuple[int, ...] = INITIATIVE,
) -> Kit:
    return play_from(NAVAL, sea(ships, step="form_squadrons", aboard=aboard), dice=dice)


def test_rule_5_23_range_counts_through_friends_but_not_enemies(play_from: PlayFrom) -> None:
    """Range 2 from the command ship's hexes, its own hex not counted."""
    ships = {"Belenos": ("2010", "S"), "Epona": ("2012", "S"), "Sucellus": ("2013", "S")}
    aboard = {"Chief of the Osismii": "Belenos"}  # range 2
    kit = play_from(NAVAL, sea(ships, aboard=aboard))
    # Epona two hexes south: in range; Sucellus three: out of range
    assert queries.in_command(kit, "Chief of the Osismii") == ["Belenos", "Epona"]
    # an enemy ship on the one hex between cuts the line of command
    cut = play_from(NAVAL, sea({**ships, "Aquila": ("2011", "NE")}, aboard=aboard))
    assert queries.ship(cut, "Aquila").hexes == ("2011", "1911")
    assert queries.in_command(cut, "Chief of the Osismii") == ["Belenos"]


def test_rule_5_24_squadrons_and_individual_ships(play_from: PlayFrom) -> None:
    kit = squadrons(
        play_from,
        {"Belenos": ("2010", "S"), "Epona": ("2012", "S"), "Sucellus": ("3012", "S")},
        {"Chief of the Osismii": "Belenos"},
    )
    assert kit.asked == ("romans", "initiative")  # formed without a question
    assert queries.squadrons(kit) == {"Chief of the Osismii": ["Belenos", "Epona"]}
    assert queries.individual(kit) == ["Sucellus"]


def test_rule_5_24_a_ship_in_range_of_two_commanders_is_assigned_by_its_player(
    play_from: PlayFrom,
) -> None:
    kit = squadrons(
        play_from,
        {"Belenos": ("2010", "S"), "Epona": ("2014", "S"), "Sucellus": ("2012", "S")},
        {"Chief of the Osismii": "Belenos", "Chief of the Namnetes": "Epona"},
        dice=(),
    )
    assert kit.asked == ("veneti", "squadron")
    kit.dice(*INITIATIVE).act("assign(Sucellus, Chief of the Namnetes)")
    assert queries.squadrons(kit)["Chief of the Namnetes"] == ["Epona", "Sucellus"]


def test_rule_5_22_a_line_astern_led_by_the_command_ship_forms_its_squadron(
    play_from: PlayFrom,
) -> None:
    """Form 1: each bow points straight at the stern ahead. The fourth ship is out of range
    2, but in the line; choosing the line leaves the other ship in range out (5.22)."""
    kit = squadrons(
        play_from,
        {
            "Belenos": ("2010", "N"),
            "Epona": ("2011", "N"),
            "Sucellus": ("2012", "N"),
            "Nodens": ("2013", "N"),
            "Esus": ("1810", "N"),  # in range, not in the line
        },
        {"Chief of the Osismii": "Belenos"},
        dice=(),
    )
    assert queries.line_astern(kit, "Belenos") == ["Belenos", "Epona", "Sucellus", "Nodens"]
    assert kit.legal() == ["by_range(Chief of the Osismii)", "line_astern(Chief of the Osismii)"]
    kit.dice(*INITIATIVE).act("line_astern(Chief of the Osismii)")
    assert queries.squadrons(kit)["Chief of the Osismii"] == [
        "Belenos", "Epona", "Nodens", "Sucellus",
    ]  # fmt: skip
    assert queries.individual(kit) == ["Esus"]


def test_rule_5_22_echelon_and_command_ship_second(play_from: PlayFrom) -> None:
    """Form 2: facing the same way, each bow touches the stern of the ship ahead across a
    bow-quarter edge. The command ship may be second in the line."""
    grid = fleet.grid(play_from(NAVAL, sea({})).definition)
    second = grid.neighbour("2010", "SE")  # Epona's stern is its own hex (one-hex ship)
    assert second is not None
    kit = play_from(NAVAL, sea({"Epona": ("2010", "N"), "Belenos": (second, "N")}))
    assert queries.line_astern(kit, "Belenos")[:2] == ["Epona", "Belenos"]


def test_rule_3_2_initiative_rolls_with_the_admirals_and_rerolls_ties(play_from: PlayFrom) -> None:
    """The scenario's fleets: Brutus +2, the Veneti admiral +1: 3+2 = 4+1 ties; then 6+2
    beats 1+1."""
    kit = play_from(NAVAL, "at: {step: initiative, counters: {turn: 1}}", dice=[3, 4, 6, 1])
    assert kit.asked == ("romans", "initiative")
    assert kit.log()[-2:] == ["Initiative: romans 5, veneti 5", "Initiative: romans 8, veneti 2"]
    kit.act("go_second")
    assert queries.first(kit) == "veneti"


def test_rule_6_12_speed_phase_offers_only_galleys_that_may_use_maximum(
    play_from: PlayFrom,
) -> None:
    """Lupa is fatigued, Taurus grappled: only Aquila may go to maximum speed."""
    kit = play_from(
        NAVAL,
        sea(
            {
                "Aquila": ("2010", "N"),
                "Lupa": ("2210", "N"),
                "Taurus": ("2410", "N"),
                "Belenos": ("2510", "S"),
            },
            step="choose_speeds",
            attrs={"Lupa": {"fatigue": 2}},
            grappled=[("Taurus", "Belenos")],
        ),
    )
    assert listed(kit) == [["maximum", "Aquila"], ["speeds_set"]]
    kit.act("maximum(Aquila)")
    assert queries.ship(kit, "Aquila").speed == "max"
    assert kit.step != "choose_speeds"  # no galley left to ask about


def restricted_check(play_from: PlayFrom, roll: int) -> Kit:
    """Aquila (C3) at maximum speed, an individual squadron, near Belenos on 2008: the crew
    check of table 5.32 rolls ``roll``."""
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": ("2008", "S")},
        ["Aquila"],
        attrs={"Aquila": {"speed": "max"}},
    )
    return activate(kit, "Aquila", crew_roll=roll)


def test_rule_5_32_the_table_restricts_a_ship_rolling_at_most_its_crew(
    play_from: PlayFrom,
) -> None:
    """Table 5.32 (the default): a roll <= C# sets a galley to cruise speed and bars hexes
    next to an enemy (2009 touches Belenos on 2008); a roll > C# moves normally."""
    kit = restricted_check(play_from, 3)
    assert "Aquila crew check: roll 3 against C3 -> restricted" in kit.log()
    assert queries.ship(kit, "Aquila").speed == "cruise"
    kit.act("speed(4)")
    assert [a for a in listed(kit) if a[0] == "row"] == [["row", "1909"], ["row", "2109"]]

    kit = restricted_check(play_from, 4)
    assert [a[1] for a in listed(kit)] == [0, 1, 2, 3, 4, 5, 6]
    kit.act("speed(4)")
    assert listed(kit) == [["row", "1909"], ["row", "2009"], ["row", "2109"]]


def test_rule_5_31_text_variant_restricts_on_a_roll_above_the_crew_at_half_cruise(
    play_from: PlayFrom,
) -> None:
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N")},
        ["Aquila"],
        attrs={"Aquila": {"speed": "max"}},
        params={"individual.text_limits": True},
    )
    activate(kit, "Aquila", crew_roll=3)
    assert [a[1] for a in listed(kit)] == [0, 1, 2]  # half of cruise 4


def test_rule_5_31_text_variant_a_restricted_ship_next_to_an_enemy_does_not_move(
    play_from: PlayFrom,
) -> None:
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")},
        ["Aquila"],
        params={"individual.text_limits": True},
    )
    activate(kit, "Aquila", crew_roll=3)
    assert kit.asked == ("romans", "combat")  # no speed to announce: straight to combat
    assert ["grapple", "Belenos"] in listed(kit)
