"""Data files are read by libyaml where PyYAML has it and by PyYAML's pure-Python parser
where it has not, or to report a fault: both must give every shipped data file the same
value and the same line for every path, and a faulty file the pure-Python parser's error."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from legatus.framework.model.data import yamlfile
from legatus.framework.model.errors import DataError

ROOT = Path(__file__).resolve().parents[2]
DATA_FILES = sorted(
    path
    for folder in ("legatus/games", "tests/fixtures")
    for path in (ROOT / folder).rglob("*.yaml")
    if "broken" not in path.parts
)

needs_libyaml = pytest.mark.skipif(
    yamlfile._FAST_LOADER is None, reason="this PyYAML was built without libyaml"
)


@pytest.fixture
def no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEGATUS_CACHE_DIR", "off")


def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlfile, "_FAST_LOADER", None)


@needs_libyaml
@pytest.mark.usefixtures("no_cache")
def test_every_shipped_data_file_reads_the_same_with_both_parsers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert len(DATA_FILES) > 40
    fast = {path: yamlfile.load_yaml(path) for path in DATA_FILES}
    pure_python(monkeypatch)
    for path in DATA_FILES:
        slow = yamlfile.load_yaml(path)
        assert (fast[path].value, dict(fast[path].lines)) == (slow.value, dict(slow.lines)), path


@needs_libyaml
@pytest.mark.usefixtures("no_cache")
@pytest.mark.parametrize(
    "text",
    [
        b"a: &x 1\nb: *x\n",  # an anchor
        b"a: [1, 2\nb: 3\n",  # a flow sequence left open
        b"a: 1\na: 2\n",  # a key twice
        b"a:\n  b: 1\n c: 2\n",  # bad indentation
        b"x: " + b"[" * 40 + b"]" * 40 + b"\n",  # too deep
        b"a: !!python/object:os.system ls\n",  # a tag that would run code
        b"a: !!int x\n",
        b"a: b\x00c\n",  # a control character
        b"a: 1\n\tb: 2\n",  # a tab as indentation
    ],
)
def test_a_faulty_file_gets_the_pure_python_parsers_error(
    text: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(DataError) as fast:
        yamlfile.parse_yaml(text, "bad.yaml")
    pure_python(monkeypatch)
    with pytest.raises(DataError) as slow:
        yamlfile.parse_yaml(text, "bad.yaml")
    assert str(fast.value) == str(slow.value)
    assert fast.value.problems[0].line > 0


@pytest.mark.usefixtures("no_cache")
def test_the_pure_python_parser_reads_each_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pure_python(monkeypatch)
    text = b"a: [1, 2]\nb: {c: 3}\n"
    tokens = len(list(yaml.scan(text, Loader=yaml.SafeLoader)))
    scanned = 0
    real = yaml.SafeLoader.get_token

    def counting(self: yaml.SafeLoader) -> object:
        nonlocal scanned
        scanned += 1
        return real(self)

    monkeypatch.setattr(yaml.SafeLoader, "get_token", counting)
    document = yamlfile.parse_yaml(text, "f.yaml")
    assert document.value == {"a": [1, 2], "b": {"c": 3}}
    assert document.lines == {"$": 1, "$.a": 1, "$.a[0]": 1, "$.a[1]": 1, "$.b": 2, "$.b.c": 2}
    assert tokens == 21  # stream, collections, keys, values, entries and scalars
    assert scanned == tokens  # each scanned once: the file is parsed once
