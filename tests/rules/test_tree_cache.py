"""A rules or variant file's syntax tree kept in the per-user cache
(legatus.framework.model.diskcache): read back, every shipped file's tree is the tree parsed
afresh, every position included (texts parsed from memory, such as the tests' and the fuzzers',
are not kept); the cache can only ever make the syntax tree's own classes;
a damaged entry means the file is parsed again, and a file with a syntax error is never kept."""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from pathlib import Path

import pytest

from legatus.framework.model.errors import RulesError
from legatus.framework.rules import parser

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [
        *ROOT.glob("legatus/games/*/data/rules/*.rules"),
        *ROOT.glob("legatus/games/*/data/variants/*.variant"),
    ]
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("LEGATUS_CACHE_DIR", str(folder))
    parser._parse_text.cache_clear()  # what this process keeps: each test reads the disk
    yield folder
    parser._parse_text.cache_clear()


def trees(folder: Path) -> list[Path]:
    return sorted(folder.glob("rules-tree-*.marshal"))


def test_every_shipped_file_reads_back_from_the_cache_as_parsed_afresh(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(SOURCES) > 20
    fresh = {path: parser.parse_path(path) for path in SOURCES}
    assert len(trees(cache)) == len(SOURCES)

    def no_parse(text: str, file: str) -> object:
        raise AssertionError(f"{file} parsed again")

    monkeypatch.setattr(parser, "_parse", no_parse)
    parser._parse_text.cache_clear()  # as a new process would: from the disk only
    for path in SOURCES:
        again = parser.parse_path(path)
        assert again == fresh[path]
        # Equality leaves positions out: the encodings hold every field, positions included.
        assert parser.encode_tree(again) == parser.encode_tree(fresh[path])
        assert again.span == fresh[path].span and again.span.line > 0


def test_a_cached_tree_makes_only_the_syntax_trees_classes() -> None:
    with pytest.raises(KeyError):
        parser.decode_tree({"@": "Path", "args": ("/",)})
    with pytest.raises(TypeError):
        parser.decode_tree([1, 2])
    with pytest.raises(TypeError):
        parser.encode_tree(Path("/"))


def test_a_damaged_entry_means_the_file_is_parsed_again(cache: Path) -> None:
    path = SOURCES[0]
    first = parser.parse_path(path)
    (entry,) = trees(cache)
    entry.write_bytes(marshal.dumps({"@": "NoSuchNode"}))
    parser._parse_text.cache_clear()
    assert parser.parse_path(path) == first
    entry.write_bytes(b"not marshal")
    parser._parse_text.cache_clear()
    assert parser.parse_path(path) == first


def test_a_file_with_a_syntax_error_is_not_kept(cache: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("game x\nphase (\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RulesError):
            parser.parse_path(bad)
    assert trees(cache) == []


def test_a_text_parsed_from_memory_is_not_kept(cache: Path) -> None:
    parser.parse(SOURCES[0].read_text(encoding="utf-8"), "memory.rules")
    assert trees(cache) == []
