"""What the board refuses even after schema checks, and documents checked against the schema."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from legatus.framework.model.board import Board

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA = Path(__file__).parents[2] / "legatus" / "schemas" / "map.schema.json"


def small_map(**changes: Any) -> dict[str, Any]:
    """Two cities on a road and a sea; ``changes`` replace top-level keys."""
    document: dict[str, Any] = {
        "space_kinds": {"city": {"category": "land"}, "sea": {"category": "sea"}},
        "connection_kinds": {
            "road": {"links": [["land", "land"]]},
            "ford": {"links": [["land", "land"]]},
            "sea_border": {"links": [["land", "sea"]]},
        },
        "spaces": [
            {"id": "Alpha", "kind": "city", "aliases": ["A"]},
            {"id": "Beta", "kind": "city"},
            {"id": "Gulf", "kind": "sea"},
        ],
        "connections": [{"kind": "road", "between": ["Alpha", "Beta"]}],
    }
    document.update(changes)
    return document


@pytest.mark.parametrize("name", sorted(p.stem for p in FIXTURES.glob("*.yaml")))
def test_fixtures_are_valid_map_documents(
    name: str, read_map: Callable[[str], dict[str, Any]]
) -> None:
    validator = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert [error.message for error in validator.iter_errors(read_map(name))] == []


def test_two_kinds_of_connection_between_the_same_spaces() -> None:
    board = Board.from_document(
        small_map(
            connections=[
                {"kind": "road", "between": ["Alpha", "Beta"]},
                {"kind": "ford", "between": ["Beta", "Alpha"]},
            ]
        )
    )
    assert board.connection_kinds_between("Alpha", "Beta") == {"road", "ford"}
    assert set(board.graph["Alpha"]["Beta"]) == {"road", "ford"}
    assert board.neighbours("Alpha", ["ford"]) == {"Beta"}
    assert board.neighbours("Gulf") == frozenset()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"spaces": [{"id": "Alpha", "kind": "city"}, {"id": "Alpha", "kind": "sea"}]},
            "two spaces are called 'Alpha'",
        ),
        (
            {"spaces": [{"id": "Alpha", "kind": "fort"}]},
            "space 'Alpha' has unknown kind 'fort'",
        ),
        (
            {
                "spaces": [
                    {"id": "Alpha", "kind": "city", "aliases": ["Beta"]},
                    {"id": "Beta", "kind": "city"},
                ]
            },
            "alias 'Beta' of 'Alpha' already names 'Beta'",
        ),
        (
            {"connections": [{"kind": "road", "between": ["Alpha", "Gulf"]}]},
            "road connection 'Alpha'-'Gulf' joins land to sea, which road does not link",
        ),
        (
            {"connections": [{"kind": "road", "between": ["Alpha", "Alpha"]}]},
            "road connection 'Alpha'-'Alpha' joins a space to itself",
        ),
        (
            {
                "connections": [
                    {"kind": "road", "between": ["Alpha", "Beta"]},
                    {"kind": "road", "between": ["Beta", "Alpha"]},
                ]
            },
            "road connection 'Beta'-'Alpha' is listed twice",
        ),
        (
            {"connections": [{"kind": "road", "between": ["Alpha", "Gamma"]}]},
            "road connection 'Alpha'-'Gamma': unknown space 'Gamma'",
        ),
        (
            {"connections": [{"kind": "bridge", "between": ["Alpha", "Beta"]}]},
            "bridge connection 'Alpha'-'Beta': unknown connection kind",
        ),
        (
            {"spaces": [{"id": "Alpha", "kind": "city", "within": "Alpha"}]},
            "regions lie within each other: Alpha within Alpha",
        ),
        (
            {
                "spaces": [
                    {"id": "Alpha", "kind": "city", "within": "Beta"},
                    {"id": "Beta", "kind": "city", "within": "Gulf"},
                    {"id": "Gulf", "kind": "sea", "within": "Beta"},
                ]
            },
            "regions lie within each other: Alpha within Beta within Gulf within Beta",
        ),
        (
            {"spaces": [{"id": "Alpha", "kind": "city", "within": "Nowhere"}]},
            "space 'Alpha' lies within unknown space 'Nowhere'",
        ),
    ],
)
def test_inconsistent_documents_are_refused(changes: dict[str, Any], message: str) -> None:
    changes.setdefault("connections", [])
    with pytest.raises(ValueError) as raised:
        Board.from_document(small_map(**changes))
    assert str(raised.value) == message


def test_grid_kinds_must_be_declared() -> None:
    grid = {"columns": [1, 2], "rows": [1, 2], "space_kind": "hex", "connection_kind": "side"}
    with pytest.raises(ValueError, match="the grid's space_kind 'hex' is not a space kind"):
        Board.from_document(small_map(grid=grid))


def test_hex_ids_may_not_clash_with_named_spaces() -> None:
    grid = {"columns": [1, 2], "rows": [1, 2], "space_kind": "sea", "connection_kind": "road"}
    document = small_map(
        spaces=[{"id": "0101", "kind": "sea"}],
        connections=[],
        connection_kinds={"road": {"links": [["sea", "sea"]]}},
    )
    with pytest.raises(ValueError, match="two spaces are called '0101'"):
        Board.from_document({**document, "grid": grid})
