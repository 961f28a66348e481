"""A document found valid is remembered in the per-user cache (legatus.framework.model
.diskcache), so a second process skips validating the same files; a faulty document is
validated, and reported, every time, and a changed document or schema is validated anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.model.data import schemas, yamlfile

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    made: list[str] = []
    real = schemas.validator

    def counting(kind: str) -> object:
        made.append(kind)
        return real(kind)

    monkeypatch.setattr(schemas, "validator", counting)
    return made


def test_a_valid_document_is_validated_once(cache: Path, validations: list[str]) -> None:
    document = yamlfile.load_yaml(ROOT / "legatus/games/julius_caesar/data/map.yaml")
    assert schemas.validate(document, "map") == []
    assert schemas.validate(document, "map") == []
    assert validations == ["map"]
    assert len(list(cache.glob("valid-*"))) == 1


def test_a_changed_document_or_another_kind_is_validated_anew(
    cache: Path, validations: list[str]
) -> None:
    document = yamlfile.parse_yaml(b"id: x\nname: X\n", "m.yaml")
    schemas.validate(document, "map")
    changed = yamlfile.parse_yaml(b"id: y\nname: X\n", "m.yaml")
    schemas.validate(changed, "map")
    schemas.validate(document, "cards")
    assert validations == ["map", "map", "cards"]


def test_a_faulty_document_is_reported_every_time(cache: Path, validations: list[str]) -> None:
    document = yamlfile.parse_yaml(b"spaces: 3\n", "map.yaml")
    first = schemas.validate(document, "map")
    assert first and first == schemas.validate(document, "map")
    assert validations == ["map", "map"]
    assert list(cache.glob("valid-*")) == []


def test_without_a_cache_every_document_is_validated(
    monkeypatch: pytest.MonkeyPatch, validations: list[str]
) -> None:
    monkeypatch.setenv("LEGATUS_CACHE_DIR", "off")
    document = yamlfile.load_yaml(ROOT / "legatus/games/julius_caesar/data/map.yaml")
    assert schemas.validate(document, "map") == schemas.validate(document, "map") == []
    assert validations == ["map", "map"]
