"""Regions that hold cities, Hannibal Barkas style (fixtures/regions.yaml).

In Hannibal Barkas armies stand in land regions and cities lie inside them;
the Boii region holds two cities, Placentia and Cremona (reference B.2 #2),
and a siege is declared in the city's region (HB 6.2).
"""

from __future__ import annotations

import pytest

from legatus.framework.model.board import Board


def test_contents_of_a_region_are_its_cities(regions: Board) -> None:
    assert regions.contents("Boii") == {"Placentia", "Cremona"}
    assert regions.contents("Campania") == {"Capua"}


def test_contents_include_the_cities_of_inner_regions(regions: Board) -> None:
    assert regions.contents("Gallia Transpadana") == {"Boii", "Taurini", "Placentia", "Cremona"}


def test_a_city_or_a_region_without_cities_holds_nothing(regions: Board) -> None:
    assert regions.contents("Capua") == frozenset()
    assert regions.contents("Volcae") == frozenset()


def test_region_of(regions: Board) -> None:
    assert regions.region_of("Placentia") == "Boii"
    assert regions.region_of("Capua") == "Campania"
    assert regions.region_of("Boii") == "Gallia Transpadana"
    assert regions.region_of("Volcae") is None


def test_unknown_region(regions: Board) -> None:
    with pytest.raises(KeyError, match="unknown space 'Boi'; did you mean 'Boii'"):
        regions.contents("Boi")
    with pytest.raises(KeyError, match="unknown space 'Capau'; did you mean 'Capua'"):
        regions.region_of("Capau")


def test_regions_cities_and_seas_by_category(regions: Board) -> None:
    assert regions.spaces_of(["city"]) == {"Placentia", "Cremona", "Capua"}
    assert regions.spaces_of(["region"]) == {"Boii", "Taurini", "Volcae", "Campania"}
    assert regions.adjacent_of_category("Campania", "sea") == {"Mare Tyrrhenum"}
    assert regions.adjacent_of_category("Mare Tyrrhenum", "region") == {"Campania"}
    assert regions.resolve("capua region") == "Campania"
    assert regions.total_vp == 4


def test_crossing_the_alps_is_its_own_kind_of_border(regions: Board) -> None:
    """HB 4.3: an Alpine crossing is a separate kind of border, so rules can tell it apart."""
    assert regions.distance("Volcae", "Boii") == 2
    assert regions.distance("Volcae", "Boii", ["border"]) is None
    assert regions.connection_kinds_between("Taurini", "Volcae") == {"alpine_pass"}
    assert regions.neighbours("Placentia") == frozenset()
