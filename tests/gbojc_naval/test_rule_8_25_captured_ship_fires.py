"""GBoJC 8.25, 8.43, 8.47: a ship with M0 fires on the M0 column of the missile fire table.

8.25 takes a captured ship's M# to 0, and its note says the captor "może go używać do
prowadzenia ostrzału"; table 8.47 prints an M0 column. 8.43's last words, "nie można
strzelać z siłą M0", end its paragraph on split fire: no part of a split may be M0. Read
as a ban on all fire with M0 they are variants/no_fire_at_m0.variant.

The ships move as individual squadrons in phase F (each crew check a 6; a captured ship's
C0 passes on any roll above 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import activate, individual

#: Belenos, a Veneti sailing ship captured by the Romans (C0, M0), beside Epona, a Veneti
#: sailing ship (M2) grappled to the Roman bireme Aquila; a dead calm, so no one sails.
SHIPS = {"Belenos": ("2110", "S"), "Epona": ("2010", "N"), "Aquila": ("1910", "S")}
CAPTURED = {"Belenos": {"side": "romans", "flags": ["captured"]}}


def taken_belenos(
    play_from: PlayFrom,
    activated: str = "Belenos",
    first: str = "romans",
    *,
    ships: Mapping[str, tuple[str, str]] | None = None,
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
    variant: str | None = None,
) -> Kit:
    """Phase F, ``activated``'s move begun: in the calm, straight at its combat (or, for
    Epona, at its ungrappling)."""
    kit = individual(
        play_from,
        {**SHIPS, **(ships or {})},
        [activated],
        first=first,
        pieces=CAPTURED,
        grappled=[("Aquila", "Epona")],
        wind=(0, "S"),
        attrs=attrs,
        variant=variant,
    )
    return activate(kit, activated)


def test_rule_8_25_a_captured_ship_has_m0_and_may_fire(play_from: PlayFrom) -> None:
    kit = taken_belenos(play_from)
    belenos = queries.ship(kit, "Belenos")
    assert (belenos.side, belenos.captured, belenos.crew, belenos.marines) == ("romans", True, 0, 0)
    assert queries.may_fire(kit, "Belenos")
    assert [a for a in kit.legal() if a.startswith("fire")] == ["fire(Epona)"]


def test_rule_8_47_m0_column_a_7_depletes(play_from: PlayFrom) -> None:
    """M0 column: a rolled 6 +1 for the grappled target is "≥ 7": "W"."""
    kit = taken_belenos(play_from).act("fire(Epona)")
    kit.dice(6).act("hold_fire")
    assert "Belenos fire at Epona: roll 6+1 -> W" in kit.log()
    assert queries.ship(kit, "Epona").depletion == 1


def test_rule_8_47_m0_column_a_6_does_nothing(play_from: PlayFrom) -> None:
    """A rolled 5 +1 is a 6: "-" in the M0 column ("W" in the 1-2 column)."""
    kit = taken_belenos(play_from).act("fire(Epona)")
    kit.dice(5).act("hold_fire")
    assert "Belenos fire at Epona: roll 5+1 -> -" in kit.log()
    assert queries.ship(kit, "Epona").depletion == 0


def test_rule_8_43_an_m0_ship_fires_whole_and_never_splits(play_from: PlayFrom) -> None:
    """In the combat stage of its move the captured ship is offered fire at Epona (on the M0
    column) but no ``fire_part`` (8.43: no part of a split may be M0); Epona may fire back
    (8.42) and holds. The fire resolves on the M0 column: 6 +1, "W"."""
    kit = taken_belenos(play_from)
    assert sorted(kit.legal()) == ["done", "fire(Epona)", "grapple(Epona)"]
    kit.act("fire(Epona)").dice(6).act("hold_fire", "done")
    assert kit.over  # the last turn's status phase: the game is over
    assert queries.ship(kit, "Epona").depletion == 1


def test_rule_8_43_an_m0_ship_may_fire_back(play_from: PlayFrom) -> None:
    """8.42 reaction fire: Epona fires at the captured Belenos, which may answer on the M0
    column. The answer is rolled first: Belenos (M0) 6 +1 (Epona is grappled), "W"; then
    Epona (M2) 5, "-"."""
    kit = taken_belenos(play_from, "Epona", "veneti")
    kit.act("stay_grappled", "fire(Belenos)")
    assert kit.asked == ("romans", "reaction")
    kit.dice(6, 5).act("return_fire")
    assert queries.ship(kit, "Epona").depletion == 1
    assert queries.ship(kit, "Belenos").depletion == 0


def test_rule_8_43_no_fire_with_m0_in_the_variant(play_from: PlayFrom) -> None:
    """variants/no_fire_at_m0.variant: the captured ship, and a ship depleted to M0, may not
    fire; its move offers grappling only."""
    kit = taken_belenos(
        play_from,
        ships={"Lupa": ("2012", "N")},
        attrs={"Lupa": {"depletion": 2}},  # bireme M2, depleted to M0
        variant="no_fire_at_m0",
    )
    assert not queries.may_fire(kit, "Belenos")
    assert not queries.may_fire(kit, "Lupa")
    assert sorted(kit.legal()) == ["done", "grapple(Epona)"]


def test_rule_8_43_the_variant_differs_from_the_base(play_from: PlayFrom) -> None:
    offered = [taken_belenos(play_from, variant=v).legal() for v in (None, "no_fire_at_m0")]
    assert offered[0] != offered[1]
    assert "fire(Epona)" in offered[0] and "fire(Epona)" not in offered[1]


def test_rule_8_43_a_ship_depleted_to_m0_fires_on_the_m0_column(play_from: PlayFrom) -> None:
    """Any M0 is M0: Sucellus (a Veneti sailing ship, M2 with two depletion levels) fires at
    Aquila on the same column: 5 +1 (the height, 8.44) +1 (Aquila is grappled) is a 7, "W"."""
    kit = taken_belenos(
        play_from,
        "Sucellus",
        "veneti",
        ships={"Sucellus": ("1810", "N")},
        attrs={"Sucellus": {"depletion": 2}},
    )
    assert queries.may_fire(kit, "Sucellus")
    kit.act("fire(Aquila)").dice(5).act("hold_fire")
    assert "Sucellus fire at Aquila: roll 5+2 -> W" in kit.log()
    assert queries.ship(kit, "Aquila").depletion == 1
