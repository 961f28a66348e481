"""The data-file reference (docs/data-reference.md) is generated from the schemas.

``docs/_ext/schemafields.py`` walks each schema into the rows of the reference tables;
these tests pin rows that exercise each feature of the walk ($ref into $defs, oneOf
forms, free-key mappings, defaults, constraints) and check that no property of any
schema is left out, so a schema change shows up on the page.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from schemafields import KEY, Field, schema_fields

from legatus.framework.model.data.schemas import KINDS, schema


def _rows(kind: str) -> dict[str, Field]:
    rows = {f.path: f for f in schema_fields(schema(kind))}
    assert len(rows) == len(schema_fields(schema(kind))), "a path appears twice"
    return rows


def _property_names(node: Any) -> Iterator[str]:
    """Every property name anywhere in a schema, $defs included."""
    if isinstance(node, Mapping):
        for name, child in node.get("properties", {}).items():
            yield name
            yield from _property_names(child)
        for key, child in node.items():
            if key != "properties":
                yield from _property_names(child)
    elif isinstance(node, list):
        for child in node:
            yield from _property_names(child)


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_of_the_schema_has_a_row(kind: str) -> None:
    documented = {path.rsplit(".", 1)[-1].removesuffix("[]") for path in _rows(kind)}
    assert set(_property_names(schema(kind))) <= documented


@pytest.mark.parametrize("kind", KINDS)
def test_top_level_rows_follow_the_schema_order(kind: str) -> None:
    top = [path for path in _rows(kind) if "." not in path and "[" not in path]
    assert top == list(schema(kind)["properties"])


@pytest.mark.parametrize("kind", KINDS)
def test_fixed_mappings_refuse_unknown_keys(kind: str) -> None:
    """The page says a mapping with named fields accepts no other keys: keep it true."""

    def check(node: Any) -> None:
        if isinstance(node, Mapping):
            if "properties" in node:
                assert node.get("additionalProperties") is False, sorted(node["properties"])
            for child in node.values():
                check(child)
        elif isinstance(node, list):
            for child in node:
                check(child)

    check(schema(kind))


def test_required_field_through_a_ref_keeps_its_own_description() -> None:
    row = _rows("map")["spaces[].kind"]
    assert row == Field(
        path="spaces[].kind",
        type="string",
        required=True,
        default=None,
        description="One of the map's space_kinds.",
        constraints=("matches ^[a-z][a-z0-9_-]*$",),
    )


def test_defaults_enums_and_refs_on_a_small_schema() -> None:
    small = {
        "type": "object",
        "additionalProperties": False,
        "required": ["size"],
        "properties": {
            "size": {"description": "How big.", "$ref": "#/$defs/count", "default": 2},
            "colour": {"enum": ["red", "blue"], "default": "red"},
            "tags": {"type": "array", "items": {"$ref": "#/$defs/count"}, "uniqueItems": True},
        },
        "$defs": {"count": {"description": "A count.", "type": "integer", "minimum": 1}},
    }
    assert schema_fields(small) == [
        Field("size", "whole number", True, "2", "How big.", ("≥ 1",)),
        Field("colour", '"red" or "blue"', False, '"red"', ""),
        Field("tags", "list of whole numbers", False, None, "", ("no repeated items",)),
        Field("tags[]", "whole number", None, None, "A count.", ("≥ 1",)),
    ]


def test_defaults_come_from_the_real_schemas() -> None:
    assert _rows("cards")["cards[].copies"].default == "1"
    assert _rows("cards")["cards[].copies"].constraints == ("≥ 1",)
    grid = schema("map")["properties"]["grid"]["properties"]
    row = _rows("map")["grid.shifted_columns"]
    assert row.default == f'"{grid["shifted_columns"]["default"]}"'
    assert row.type == '"even" or "odd"'


def test_free_key_mappings_use_the_key_placeholder() -> None:
    rows = _rows("map")
    assert KEY == "<key>"
    assert rows["space_kinds"].type == "mapping of <key> to mapping"
    assert rows["space_kinds"].constraints == (
        "at least 1 entry",
        "keys: matches ^[a-z][a-z0-9_-]*$",
    )
    assert rows["space_kinds.<key>.category"].required is True
    assert rows["space_kinds.<key>"].required is None


def test_one_of_forms_are_walked() -> None:
    rows = _rows("pieces")
    assert rows["pieces[].rating"].type == "string or mapping"
    assert rows["pieces[].rating"].constraints == ("string form: matches ^[A-Z][0-9]$",)
    assert rows["pieces[].rating.attacking"].form == "mapping form"
    assert rows["pieces[].rating.attacking"].constraints == ("matches ^[A-Z][0-9]$",)
    assert rows["piece_types.<key>.levy"].type == '"named" or "none" or mapping'
    assert rows["piece_types.<key>.levy.kinds"].form == "mapping form"


def test_list_items_with_a_description_get_their_own_row() -> None:
    rows = _rows("scenario")
    item = rows["setup.<key>.pool[]"]
    assert item.type == "string or mapping"
    assert item.description.startswith("A piece id (at full strength)")
    assert rows["setup.<key>.pool[].strength"].constraints == ("≥ 1",)
    assert rows["setup.<key>.map.<key>[].piece"].form == "mapping form"


def test_nested_lists_describe_their_items() -> None:
    row = _rows("map")["connection_kinds.<key>.links"]
    assert row.type == "list of lists of 2 strings"
    assert row.constraints == ("at least 1 item", "each inner item: matches ^[a-z][a-z0-9_-]*$")
