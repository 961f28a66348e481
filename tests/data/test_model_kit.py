"""The model kit on a game's definition: what every game's rules ask of its data (the other
sides, a side's printed name, pieces in the designer's order, tables made once)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from legatus.framework.play.catalog import default_catalog


def test_sides_by_name_and_opponent_in_a_two_sided_game() -> None:
    definition = default_catalog().load("julius_caesar").definition
    assert definition.side_name("pompey") == "Pompeius"
    assert definition.side_name("nobody") == "nobody"  # an unknown id reads as itself
    assert definition.opponent("caesar") == "pompey"
    assert definition.opponent("pompey") == "caesar"
    assert definition.other_sides("caesar") == ("pompey",)
    with pytest.raises(ValueError, match="'nobody' has no single opponent"):
        definition.opponent("nobody")


def test_a_game_of_several_sides_has_no_single_opponent() -> None:
    definition = default_catalog().load("hannibal_barkas").definition
    assert len(definition.other_sides("rome_north")) == len(definition.side_ids) - 1
    assert "rome_north" not in definition.other_sides("rome_north")
    with pytest.raises(ValueError, match="no single opponent among"):
        definition.opponent("rome_north")


def test_pieces_in_the_order_of_the_pieces_file() -> None:
    definition = default_catalog().load("hannibal_barkas").definition
    cavalry = [pid for pid in definition.pieces if pid.startswith("Roman cavalry ")]
    assert len(cavalry) >= 10
    # Text order puts 'cavalry 10' before 'cavalry 2'; the file's order does not.
    assert sorted(cavalry) != cavalry
    assert definition.in_data_order(sorted(cavalry)) == cavalry
    assert definition.in_data_order(reversed(cavalry)) == cavalry


def test_derived_tables_are_made_once_per_definition_and_not_shared_with_a_variant() -> None:
    definition = default_catalog().load("julius_caesar").definition
    made: list[object] = []

    def build(of: object) -> object:
        assert of is definition or of is changed
        made.append(of)
        return object()

    changed = replace(definition, title="changed")
    first = definition.derived("tests.table", build)
    assert definition.derived("tests.table", build) is first
    assert made == [definition]
    assert changed.derived("tests.table", build) is not first  # a changed definition remakes
    assert made == [definition, changed]
    # Another key is another table.
    assert definition.derived("tests.other", build) is not first
