"""Safe YAML loading: positions, refusals and limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.model.data import yamlfile
from legatus.framework.model.data.yamlfile import load_yaml, parse_yaml
from legatus.framework.model.errors import DataError


def only_problem(raw: bytes) -> str:
    with pytest.raises(DataError) as caught:
        parse_yaml(raw, "f.yaml")
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def test_values_and_lines_by_json_path() -> None:
    doc = parse_yaml(b"a: 1\nb:\n  - x\n  - {c: 2, 'd e': 3}\n", "f.yaml")
    assert doc.value == {"a": 1, "b": ["x", {"c": 2, "d e": 3}]}
    assert doc.lines["$.a"] == 1
    assert doc.lines["$.b"] == 2
    assert doc.lines["$.b[1].c"] == 4
    assert doc.lines["$.b[1]['d e']"] == 4
    assert doc.line_of("$.b[1].missing") == 4
    assert doc.line_of("$.nothing.here") == 1


def test_anchors_and_aliases_are_refused() -> None:
    assert only_problem(b"a: 1\nb: &x [1]\nc: *x\n") == (
        "f.yaml:2 $: YAML anchors and aliases (& and *) are not allowed in data files"
    )


def test_merge_keys_are_refused() -> None:
    assert "merge keys" in only_problem(b"a:\n  <<: {b: 1}\n")


def test_python_tags_never_run_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    raw = f"a: !!python/object/apply:os.system ['touch {marker}']\n".encode()
    message = only_problem(raw)
    assert message.startswith("f.yaml:1 $.a: unsupported YAML value")
    assert not marker.exists()


def test_syntax_error_names_the_line() -> None:
    assert only_problem(b"a: 1\nb: [1, 2\nc: 3\n").startswith("f.yaml:3 $: YAML syntax error")


def test_not_utf8_names_the_line_and_byte() -> None:
    assert only_problem(b"a: 1\nb: caf\xe9\n") == (
        "f.yaml:2 $: file is not UTF-8 text (byte 0xe9 at offset 11)"
    )


def test_duplicate_keys_are_refused() -> None:
    assert only_problem(b"a: 1\na: 2\n") == "f.yaml:2 $.a: duplicate key 'a'"


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (yamlfile.MAX_FILE_BYTES + 1))
    with pytest.raises(DataError) as caught:
        load_yaml(big, "big.yaml")
    assert "data files may be at most" in str(caught.value)


def test_deep_nesting_is_refused() -> None:
    raw = b"a: " + b"[" * 40 + b"]" * 40 + b"\n"
    assert "nesting deeper than" in only_problem(raw)


def test_dates_stay_text() -> None:
    assert parse_yaml(b"when: 2020-01-01\n", "f.yaml").value == {"when": "2020-01-01"}


def test_empty_file_is_none() -> None:
    assert parse_yaml(b"", "f.yaml").value is None
