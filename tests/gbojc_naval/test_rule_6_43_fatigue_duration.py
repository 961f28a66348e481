"""GBoJC 6.43-6.45: how long a fatigue marker tires a galley.

6.43: "Z-3 oznacza, że załoga będzie zmęczona przez następne 3 tury"; 6.44's example: the
Fatigued-2 galley of 6.43 (cruise 4) "najwyższą prędkością, jaką w następnej turze może
osiągnąć, jest 2". So the status phase (G) of the turn of the test leaves a new marker as
it is, and each later one lowers it (6.45). The other reading, after the note to 6.43 on
the missing F-1, lowers it that same turn: variants/fatigue_same_turn.variant.

Each test plays the turns through the real sequence of play from turn 1's phase F: the
galley's move and fatigue test, the status phase's recovery (G), then each next turn's
wind (a roll of 6: no change), squadrons, initiative (Romans 6, Veneti 1), speed phase
(D) and, in phase F, the galley's crew check and announced speed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import activate, individual

#: The next turn's rolls: the wind (3 + 3: no change, no new direction), the initiative.
NEXT_TURN = ([3, 3], 6, 1)


def fatigue_test_turn(
    play_from: PlayFrom,
    roll: int,
    variant: str | None = None,
    *,
    ships: Mapping[str, tuple[str, str]] | None = None,
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
) -> Kit:
    """Turn 1, phases F and G: Aquila (bireme C3, cruise 4, maximum 6, as the galley of the
    6.43 example) rows 6 points at maximum speed (+2 on the fatigue table) and rolls
    ``roll``, beside ``ships``; turn 2 then begins, up to its initiative."""
    kit = individual(
        play_from,
        {"Aquila": ("2020", "N"), **(ships or {})},
        ["Aquila"],
        turn=1,
        attrs={"Aquila": {"speed": "max"}, **(attrs or {})},
        variant=variant,
    )
    activate(kit, "Aquila").act("speed(6)")
    kit.dice(roll, *NEXT_TURN)
    kit.act(*(f'row("20{row:02d}")' for row in range(19, 13, -1)))
    assert kit.asked == ("romans", "initiative") and kit.counters == {"turn": 2}
    return kit


def top_speed_this_turn(kit: Kit) -> int:
    """This turn's phases C and D, then the most points Aquila may announce (phase F)."""
    fatigued = queries.ship(kit, "Aquila").fatigue > 0
    kit.act("go_first")
    # 6.12, 6.44: a fatigued galley is turned to cruise and not asked about; a rested one
    # may go to maximum, and stays at cruise here
    assert (kit.step == "choose_speeds") == (not fatigued)
    if not fatigued:
        kit.act("speeds_set")
    assert queries.ship(kit, "Aquila").speed == "cruise"
    activate(kit, "Aquila")
    speeds = [int(text[6:-1]) for text in kit.legal()]
    assert speeds == list(range(max(speeds) + 1))
    return max(speeds)


def speeds_over_turns(
    play_from: PlayFrom, roll: int, turns: int, variant: str | None = None
) -> list[int]:
    """Aquila's top speed in each of the ``turns`` turns after its fatigue test."""
    kit = fatigue_test_turn(play_from, roll, variant)
    found = []
    for n in range(turns):
        found.append(top_speed_this_turn(kit))
        if n < turns - 1:
            kit.dice(*NEXT_TURN).act("speed(0)")  # the turn ends; the next one begins
    return found


def test_rule_6_44_example_the_fatigued_2_galley_makes_2_in_the_next_turn(
    play_from: PlayFrom,
) -> None:
    """6.43: 6 points (+2) and a 5 on C3: Fatigued-2; phase G of that turn leaves it at 2;
    6.44: next turn cruise 4 - 2 = 2, announced as speed(0), speed(1) or speed(2)."""
    kit = fatigue_test_turn(play_from, 5)
    assert "Aquila fatigue test: roll 5+2 -> Z2" in kit.log()
    assert queries.ship(kit, "Aquila").fatigue == 2
    assert top_speed_this_turn(kit) == 2
    assert kit.legal() == ["speed(0)", "speed(1)", "speed(2)"]


def test_rule_6_43_fatigued_2_tires_the_galley_for_the_next_2_turns(play_from: PlayFrom) -> None:
    """Turn 2: 4 - 2; turn 3: 4 - 1; turn 4: rested, cruise 4 (and maximum allowed again)."""
    assert speeds_over_turns(play_from, 5, 3) == [2, 3, 4]


def test_rule_6_43_z3_tires_the_galley_for_the_next_3_turns(play_from: PlayFrom) -> None:
    """6 points (+2) and a 6 on C3: 8, "Z3"; 4 - 3, 4 - 2, 4 - 1, then 4."""
    assert speeds_over_turns(play_from, 6, 4) == [1, 2, 3, 4]


def test_rule_6_45_a_marker_from_an_earlier_turn_is_still_lowered(play_from: PlayFrom) -> None:
    """Only the marker placed this turn waits: Lupa's Fatigued-3 of an earlier turn goes to 2
    in the same status phase that leaves Aquila's new Fatigued-2 alone."""
    kit = fatigue_test_turn(
        play_from, 5, ships={"Lupa": ("2220", "N")}, attrs={"Lupa": {"fatigue": 3}}
    )
    assert queries.ship(kit, "Aquila").fatigue == 2
    assert queries.ship(kit, "Lupa").fatigue == 2


def test_rule_6_45_the_variant_lowers_the_marker_the_same_turn(play_from: PlayFrom) -> None:
    """variants/fatigue_same_turn.variant, same dice: Fatigued-2 is Fatigued-1 by the end of
    the turn of the test, the galley makes 3 the next turn (not the example's 2) and is
    rested the turn after; a Z3 tires it for 2 turns, not 3."""
    kit = fatigue_test_turn(play_from, 5, "fatigue_same_turn")
    assert queries.ship(kit, "Aquila").fatigue == 1
    assert speeds_over_turns(play_from, 5, 2, "fatigue_same_turn") == [3, 4]
    assert speeds_over_turns(play_from, 6, 3, "fatigue_same_turn") == [2, 3, 4]


def test_rule_6_43_the_variant_differs_from_the_base(play_from: PlayFrom) -> None:
    base = speeds_over_turns(play_from, 5, 3)
    assert base != speeds_over_turns(play_from, 5, 3, "fatigue_same_turn")
