"""GBoJC 8.2 boarding, table 8.29 and depletion 8.28, with forced 2d6.

Each boarding is played in its activation's boarding segment (3.0 E/2): two ships that
board together are one squadron (phase E, a commander aboard one of them), a lone ship an
individual squadron (phase F, its crew check a 6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus.framework.engine.core import Game
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, sea, with_stats

NO_HEIGHT = {"height.sailing_over_galley": False}


def squadron_boards(
    play_from: PlayFrom,
    ships: Mapping[str, tuple[str, str]],
    attackers: tuple[str, str],
    target: str,
    roll: list[int],
    *,
    commander: str,
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
    params: Mapping[str, Any] | None = None,
) -> Kit:
    """``attackers``, ``commander``'s squadron, both grappled to ``target``, board it in
    phase E with all their marines; the boarding table's 2d6 roll ``roll``."""
    side = "veneti" if commander.startswith(("Chief", "Veneti")) else "romans"
    kit = play_from(
        NAVAL,
        sea(
            ships,
            step="activate_squadrons",
            aboard={commander: attackers[0]},
            grappled=[(a, target) for a in attackers],
            attrs=attrs,
            records={"first": side, "squadrons": {commander: sorted(attackers)}},
        ),
        params=params,
    )
    kit.act(f"activate({commander})", "end_moves")
    return kit.dice(roll).act(f"board({target})")


def two_biremes_against_belenos(play_from: PlayFrom, roll: list[int], **more: Any) -> Kit:
    """Aquila and Lupa (biremes, M2 each) board Belenos (a sailing ship, M2 depleted to M1)."""
    return squadron_boards(
        play_from,
        {"Aquila": ("2010", "N"), "Lupa": ("2210", "N"), "Belenos": ("2109", "S")},
        ("Aquila", "Lupa"),
        "Belenos",
        roll,
        commander="Legate of the Left",
        attrs={"Belenos": {"depletion": 1}},
        **more,
    )


def depletion(kit: Kit, *ships: str) -> list[int]:
    return [queries.ship(kit, ship).depletion for ship in ships]


def test_rule_8_23_example_two_m2_galleys_need_4_to_12_against_m1(play_from: PlayFrom) -> None:
    """8.23: two M2 galleys against an M1 sailing ship read column 4, row 1: 4-12."""
    kit = two_biremes_against_belenos(play_from, [2, 2], params=NO_HEIGHT)
    belenos = queries.ship(kit, "Belenos")
    assert (belenos.side, belenos.captured) == ("romans", True)
    # a capture on a modified 4 (not 9-12) costs the attackers nothing
    assert queries.ship(kit, "Aquila").marines == 2


def test_rule_8_23_example_roll_3_is_repelled_and_both_sides_deplete(play_from: PlayFrom) -> None:
    """8.23: "Jeśli atakujący wyrzuci na kościach sumę 3, to atak zostanie odparty i obie
    strony, atakujący i broniący, poniosą straty w postaci Wyczerpania." """
    kit = two_biremes_against_belenos(play_from, [1, 2], params=NO_HEIGHT)
    assert queries.ship(kit, "Belenos").side == "veneti"
    assert depletion(kit, "Aquila", "Lupa", "Belenos") == [1, 1, 2]
    assert "Belenos" in queries.this_turn(kit, "repelled_boarding")
    assert ["Aquila", "Belenos"] in queries.this_turn(kit, "repelled_by")


def test_rule_8_23_example_needs_5_to_12_under_the_default_height(play_from: PlayFrom) -> None:
    """The 8.23 example does not reproduce with ``height.sailing_over_galley`` (default
    true): the M1 sailing ship towers over the galleys (-1, 8.24), so the "4 do 12" of the
    example's cell needs 5-12 on the dice. A rolled 4 (modified 3) is repelled, both sides
    depleted; a rolled 5 (modified 4) takes the ship. The example's rolled 3 still repels."""
    kit = two_biremes_against_belenos(play_from, [2, 2])
    assert any("(M4 against M1, cell 4-12, roll 4-1): repelled" in t for t in kit.log())
    assert depletion(kit, "Aquila", "Lupa", "Belenos") == [1, 1, 2]
    kit = two_biremes_against_belenos(play_from, [2, 3])
    assert queries.ship(kit, "Belenos").side == "romans"
    assert any("(M4 against M1, cell 4-12, roll 5-1): captured" in t for t in kit.log())
    kit = two_biremes_against_belenos(play_from, [1, 2])
    assert queries.ship(kit, "Belenos").side == "veneti"
    assert depletion(kit, "Aquila", "Lupa", "Belenos") == [1, 1, 2]


def test_rule_8_29_m4_against_m1_succeeds_on_4_to_12(play_from: PlayFrom) -> None:
    """Column 4, row 1: 4-12. Veneti attackers have the height over a galley (+1, 8.24):
    a rolled 3 is a modified 4 and takes the ship. Cernunnos (M3) and Taranis (M3 depleted
    to M1) board Aquila (a bireme, M2 depleted to M1)."""
    kit = squadron_boards(
        play_from,
        {"Cernunnos": ("2010", "S"), "Taranis": ("2210", "S"), "Aquila": ("2110", "N")},
        ("Cernunnos", "Taranis"),
        "Aquila",
        [1, 2],
        commander="Veneti Admiral",
        attrs={"Taranis": {"depletion": 2}, "Aquila": {"depletion": 1}},
    )
    assert queries.ship(kit, "Aquila").side == "veneti"
    assert any("(M4 against M1, cell 4-12, roll 3+1): captured" in t for t in kit.log())


def lone_boarding(
    play_from: PlayFrom,
    game: Game,
    ships: Mapping[str, tuple[str, str]],
    attacker: str,
    target: str,
    **more: Any,
) -> Kit:
    """``attacker`` alone, grappled to ``target``, boards it with all its marines (phase F)."""
    kit = play_from(
        game,
        sea(
            ships,
            grappled=[(attacker, target)],
            records={"first": "romans", "individual": [attacker]},
            **more,
        ),
    )
    return activate(kit, attacker).act("stay_grappled", "done")


def test_rule_8_29_m1_against_m6_is_nie_repelled_without_defender_loss(
    play_from: PlayFrom,
) -> None:
    """Row 6, column 1: NIE, automatically repelled even on a 12; the defenders lose
    nothing (no depletion on 2-5 either), the attacker is depleted. (Cernunnos with M6: a
    counter changed for the test.)"""
    game = with_stats("Cernunnos", NO_HEIGHT, marines=6)
    kit = lone_boarding(
        play_from,
        game,
        {"Aquila": ("2010", "N"), "Cernunnos": ("2109", "S")},
        "Aquila",
        "Cernunnos",
        attrs={"Aquila": {"depletion": 1}},  # M1
    )
    kit.dice([1, 1]).act("board(Cernunnos)")
    assert depletion(kit, "Aquila", "Cernunnos") == [2, 0]
    assert any("M1 against M6, cell NIE" in t for t in kit.log())


def test_rule_8_29_auto_captures_without_depletion(play_from: PlayFrom) -> None:
    """Row 0, column 5+: AUTO, no depletion for the attackers. (Concordia and Victoria, M3
    each, against Belenos depleted to M0.)"""
    kit = squadron_boards(
        play_from,
        {"Concordia": ("2010", "N"), "Victoria": ("2210", "N"), "Belenos": ("2109", "S")},
        ("Concordia", "Victoria"),
        "Belenos",
        [1, 1],
        commander="Legate of the Left",
        attrs={"Belenos": {"depletion": 3}},
        params=NO_HEIGHT,
    )
    assert queries.ship(kit, "Belenos").side == "romans"
    assert any("cell AUTO" in t for t in kit.log())
    assert depletion(kit, "Concordia", "Victoria") == [0, 0]


def test_rule_8_28_capture_on_9_to_12_depletes_every_attacker(play_from: PlayFrom) -> None:
    kit = two_biremes_against_belenos(play_from, [5, 4], params=NO_HEIGHT)
    assert queries.ship(kit, "Belenos").side == "romans"
    assert depletion(kit, "Aquila", "Lupa") == [1, 1]
