"""Inputs the fuzzers found that once crashed or hung a loader, each with its exact refusal.

Every file here made the loader raise something other than its documented
error before the fix named in its case (see ``README.md`` in this folder):
``yaml/`` for :func:`legatus.framework.model.data.yamlfile.parse_yaml`, ``saves/`` for
:func:`legatus.framework.engine.saves.read_save`. Two inputs are too large to keep as
files and are built here instead.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from legatus.framework.engine.saves import read_save
from legatus.framework.model.data.yamlfile import parse_yaml
from legatus.framework.model.errors import DataError, SaveError
from legatus.framework.model.loader import load_game
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.fuzz.support import time_limit

HERE = Path(__file__).parent
DEMO_GAME = HERE.parents[1] / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data"
MAX_INT = "±9223372036854775807"

YAML_CASES = {
    # yaml.reader.ReaderError escaped from the anchor check (only MarkedYAMLError was caught).
    "nul_character.yaml": "nul_character.yaml:1 $: YAML does not allow the character U+0000 in a file",
    # ValueError from PyYAML's constructors escaped (only ConstructorError was caught).
    "impossible_timestamp.yaml": (
        "impossible_timestamp.yaml:2 $.card_kinds.order: '2020-99-99' is not a valid timestamp: "
        "month must be in 1..12"
    ),
    "float_tag_on_text.yaml": (
        "float_tag_on_text.yaml:1 $.a: 'x' is not a valid float: could not convert string to "
        "float: 'x'"
    ),
    "int_5000_digits.yaml": (
        "int_5000_digits.yaml:1 $.max_actions: '9999999999999999999999999999999999999...' is not "
        "a valid int: Exceeds the limit (4300 digits) for integer string conversion: value has "
        "5000 digits"
    ),
    # Parsed to a 20000-bit int, then the schema's message printed it: ValueError in validate().
    "huge_hex_title.yaml": (
        "huge_hex_title.yaml:2 $.title: '0xfffffffffffffffffffffffffffffffffff...' is too large: "
        f"numbers must lie within {MAX_INT}"
    ),
    # KeyError, IndexError and AttributeError from PyYAML's constructors escaped the same way.
    "bool_tag_on_text.yaml": "bool_tag_on_text.yaml:1 $.a: 'maybe' is not a valid bool",
    "tags_on_empty_text.yaml": "tags_on_empty_text.yaml:1 $.a: '' is not a valid int",
    # RecursionError in yaml.compose (recursive composer).
    "flow_nesting_3000.yaml": "flow_nesting_3000.yaml:1 $: nesting deeper than 32 levels",
}


@pytest.mark.parametrize("name", sorted(YAML_CASES))
def test_yaml_regression(name: str) -> None:
    raw = (HERE / "yaml" / name).read_bytes()
    with pytest.raises(DataError) as caught:
        parse_yaml(raw, name)
    assert [str(p) for p in caught.value.problems] == [YAML_CASES[name]]


def test_yaml_deep_flow_nesting_is_refused_at_once() -> None:
    """100 000 ``[`` took PyYAML's scanner over two minutes (quadratic); now refused at level 33."""
    raw = b"a: " + b"[" * 100_000 + b"]" * 100_000 + b"\n"
    started = time.perf_counter()
    with time_limit("parse_yaml of deep nesting"), pytest.raises(DataError) as caught:
        parse_yaml(raw, "deep.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "deep.yaml:1 $: nesting deeper than 32 levels"
    ]
    assert time.perf_counter() - started < 5


def test_manifest_naming_a_file_too_long_for_the_file_system(tmp_path: Path) -> None:
    """``Path.is_file`` raised OSError (ENAMETOOLONG) out of ``_GameLoader.file``."""
    folder = Path(shutil.copytree(DEMO_GAME, tmp_path / "data"))
    shutil.copy(HERE / "yaml" / "manifest_file_name_too_long.yaml", folder / "game.yaml")
    with pytest.raises(DataError) as caught:
        load_game(folder)
    name = "0o" + "7" * 5000
    assert [(p.file, p.line, p.path, p.message) for p in caught.value.problems] == [
        (
            str(folder / "game.yaml"),
            12,
            "$.files.map",
            f"file {name!r} cannot be read: File name too long",
        )
    ]


SAVE_CASES = {
    # TypeError (unhashable list) in Game.new_state, called by Match.resume(); checksum valid.
    "options_not_names.json": "{path}: the save's 'options' field has the wrong type",
    # ValueError from json.loads (int longer than 4300 digits) escaped read_save().
    "seed_4301_digits.json": (
        "{path}: not a save file (truncated or corrupt JSON: Exceeds the limit (4300 digits) for "
        "integer string conversion: value has 4301 digits)"
    ),
    # RecursionError from json.loads escaped read_save().
    "format_nested_2000.json": "{path}: not a save file (JSON nested too deep)",
}


@pytest.mark.parametrize("name", sorted(SAVE_CASES))
def test_save_regression(name: str) -> None:
    path = HERE / "saves" / name
    with pytest.raises(SaveError) as caught:
        Match.resume(read_save(path), default_catalog().load_saved)
    assert str(caught.value) == SAVE_CASES[name].format(path=path)
