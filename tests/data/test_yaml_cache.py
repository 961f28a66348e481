"""A data file parsed once is read from the per-user cache afterwards (legatus.framework.model
.diskcache): the same value and the same line for every path as a fresh parse, whatever the
file is called; a file that does not parse is never kept, so its error is reported every
time, from the parser that gives the messages."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from legatus.framework.model.data import yamlfile
from legatus.framework.model.errors import DataError

ROOT = Path(__file__).resolve().parents[2]


def test_a_file_read_from_the_cache_is_the_file_parsed_afresh(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = (ROOT / "legatus/games/julius_caesar/data/map.yaml").read_bytes()
    first = yamlfile.parse_yaml(raw, "map.yaml")
    assert len(list(cache.glob("yaml-*"))) == 1

    def no_parse(text: str, name: str) -> yamlfile.Document:
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlfile, "_parse_text", no_parse)
    again = yamlfile.parse_yaml(raw, "elsewhere/map.yaml")
    assert again.file == "elsewhere/map.yaml"
    assert again.value == first.value
    assert dict(again.lines) == dict(first.lines)
    again.value["spaces"].clear()  # a caller's changes reach no other reader
    assert yamlfile.parse_yaml(raw, "map.yaml").value == first.value


def test_a_file_that_does_not_parse_is_not_kept(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(DataError, match="anchors and aliases"):
            yamlfile.parse_yaml(b"a: &x 1\nb: *x\n", "bad.yaml")
    assert list(cache.glob("yaml-*")) == []


def test_without_a_cache_every_file_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEGATUS_CACHE_DIR", "off")
    assert yamlfile.parse_yaml(b"a: [1, 2]\n", "f.yaml").value == {"a": [1, 2]}


def test_an_overfull_cache_keeps_the_entries_most_recently_used(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from legatus.framework.model import diskcache

    monkeypatch.setattr(diskcache, "MAX_ENTRIES", 10)
    for i in range(10):
        assert diskcache.write(f"t-{i}.marshal", i)
    stamp = 1_000_000_000
    for i in range(10):  # t-0 the oldest ... t-9 the newest
        os.utime(cache / f"t-{i}.marshal", (stamp + i, stamp + i))
    assert diskcache.read("t-0.marshal") == 0  # read: now the most recently used
    assert diskcache.write("t-10.marshal", 10)  # eleven entries: trimmed to nine
    kept = sorted(int(p.stem[2:]) for p in cache.glob("t-*.marshal"))
    assert kept == [0, 3, 4, 5, 6, 7, 8, 9, 10]  # the two least recently used went
