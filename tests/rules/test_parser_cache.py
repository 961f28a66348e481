"""The rules parser's tables kept in the per-user cache (legatus.framework.model.diskcache): a
parser read from the cache parses every shipped rules and variant file into the same tree,
positions included, as one computed afresh; a damaged entry or an unsafe folder only means
the tables are computed again, silently."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from legatus.framework.model import diskcache
from legatus.framework.rules import parser

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [
        *ROOT.glob("legatus/games/*/data/rules/*.rules"),
        *ROOT.glob("legatus/games/*/data/variants/*.variant"),
    ]
)


def shape(tree: object) -> object:
    """A parse tree with every node's position, for comparing two parsers' results."""
    from lark import Tree

    assert isinstance(tree, Tree)
    return [
        (
            node.data,
            None
            if node.meta.empty
            else (node.meta.line, node.meta.column, node.meta.end_line, node.meta.end_column),
        )
        for node in tree.iter_subtrees()
    ]


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("rules-parser-*.marshal"))


def test_a_parser_read_from_the_cache_parses_every_file_as_one_computed_afresh(
    tmp_path: Path,
) -> None:
    fresh, _ = parser.build_parser(None)
    assert entries(tmp_path) == []
    parser.build_parser(tmp_path)  # computes and stores
    assert len(entries(tmp_path)) == 1
    cached, _ = parser.build_parser(tmp_path)  # reads
    assert len(SOURCES) > 10
    for source in SOURCES:
        text = source.read_text(encoding="utf-8")
        assert cached.parse(text) == fresh.parse(text), source.name
        assert shape(cached.parse(text)) == shape(fresh.parse(text)), source.name


def test_a_damaged_entry_is_computed_again(tmp_path: Path) -> None:
    parser.build_parser(tmp_path)
    [entry] = entries(tmp_path)
    for damage in (b"", b"not marshal", entry.read_bytes()[:1000]):
        entry.write_bytes(damage)
        lark, _ = parser.build_parser(tmp_path)
        assert lark.parse("game g\nparam n: int = 1\n") is not None
        assert len(entry.read_bytes()) > 1000  # stored again, whole


def test_the_cache_folder_is_used_only_when_it_is_the_users_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = tmp_path / "own"
    monkeypatch.setenv("LEGATUS_CACHE_DIR", str(own))
    assert diskcache.cache_dir() == own
    assert own.stat().st_mode & 0o777 == 0o700
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    monkeypatch.setenv("LEGATUS_CACHE_DIR", str(shared))
    assert diskcache.cache_dir() is None
    for off in ("off", ""):
        monkeypatch.setenv("LEGATUS_CACHE_DIR", off)
        assert diskcache.cache_dir() is None
    a_file = tmp_path / "file"
    a_file.write_text("x")
    monkeypatch.setenv("LEGATUS_CACHE_DIR", str(a_file))
    assert diskcache.cache_dir() is None


def test_only_plain_values_are_stored_and_names_follow_their_inputs(tmp_path: Path) -> None:
    assert diskcache.write("plain.marshal", {"a": [1, (2, "x")], 3: None}, tmp_path)
    assert diskcache.read("plain.marshal", tmp_path) == {"a": [1, (2, "x")], 3: None}
    assert not diskcache.write("object.marshal", {"a": object()}, tmp_path)
    assert diskcache.read("object.marshal", tmp_path) is None
    assert list(tmp_path.glob(".*.part")) == []  # no temporary file left behind
    assert diskcache.entry_name("k", "a", "b") != diskcache.entry_name("k", "ab", "")
    assert diskcache.entry_name("k", "a") == diskcache.entry_name("k", "a")
