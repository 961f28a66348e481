"""The schemas are valid draft 2020-12 schemas, and their messages read well."""

from __future__ import annotations

import pytest

from legatus.framework.model.data.schemas import KINDS, check_schema, schema, validate
from legatus.framework.model.data.yamlfile import parse_yaml


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_against_the_metaschema(kind: str) -> None:
    check_schema(kind)
    loaded = schema(kind)
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert loaded["$id"] == f"https://legatus.dev/schemas/{kind}.schema.json"
    assert loaded["description"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_is_described(kind: str) -> None:
    """The data reference is generated from the schemas: nothing may be undescribed."""
    loaded = schema(kind)
    top = loaded["properties"]
    assert all("description" in field for field in top.values()), kind


def messages(text: str, kind: str) -> list[str]:
    return [str(p) for p in validate(parse_yaml(text.encode(), "f.yaml"), kind)]


def test_every_error_is_reported_not_only_the_first() -> None:
    text = "card_kinds: {command: {}}\ncards:\n  - {id: A, kind: command, copies: 0}\n  - {kind: event}\n"
    assert messages(text, "cards") == [
        "f.yaml:3 $.cards[0].copies: 0: less than the minimum of 1",
        "f.yaml:4 $.cards[1]: missing required field 'id'",
    ]


def test_unknown_key_lists_the_expected_keys() -> None:
    text = "card_kinds: {command: {}}\ncards:\n  - {id: A, kind: command, colour: red}\n"
    assert messages(text, "cards") == [
        "f.yaml:3 $.cards[0].colour: unknown key 'colour'; expected one of: "
        "copies, deck, effects, id, kind, names, rule, source, space, text, values"
    ]


def test_best_match_inside_one_of() -> None:
    text = "piece_types: {foot: {stands_on: [land]}}\npieces:\n  - {id: A, side: a, type: foot, rating: A9X}\n"
    assert messages(text, "pieces") == [
        'f.yaml:3 $.pieces[0].rating: "A9X" does not match the expected form ^[A-Z][0-9]$'
    ]
