"""Fuzzing the data loader: whatever a YAML file holds, only a positioned DataError escapes.

Two entry points are fed: :func:`legatus.framework.model.data.yamlfile.parse_yaml` with
bytes, and :func:`legatus.framework.model.loader.load_game` with a copy of a real game
folder (the demo game and Julius Caesar) in which one file was damaged
(:mod:`tests.fuzz.mutations`). The promise (DESIGN: data errors,
``file:LINE $.path: message``) is that either the data loads or a
:class:`~legatus.framework.model.errors.DataError` lists problems, each with a file, a line
``>= 0`` no further than the file's end, and a JSON path from ``$``; never
another exception, never a hang, and never code run from a tag such as
``!!python/object/apply`` (the marker file those payloads would create must not
appear).

Run long: ``python -m pytest tests/fuzz/test_fuzz_yaml.py --hypothesis-profile=long``
(see ``tests/fuzz/conftest.py``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from legatus.framework.model.data.yamlfile import parse_yaml
from legatus.framework.model.errors import DataError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.fuzz.mutations import (
    AWKWARD_SCALARS,
    MARKER,
    PAYLOADS,
    TAG_DIRECTIVE,
    mutated_bytes,
    mutated_tree,
    mutated_yaml_text,
)
from tests.fuzz.support import (
    assert_positioned_data_error,
    budget,
    line_count,
    time_limit,
)

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "demo": ROOT / "tests" / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data",
    "julius_caesar": ROOT / "legatus" / "games" / "julius_caesar" / "data",
}
#: (game, path inside its data folder, bytes) of every YAML file of both games.
YAML_FILES = [
    (game, path.relative_to(folder).as_posix(), path.read_bytes())
    for game, folder in GAMES.items()
    for path in sorted(folder.rglob("*.yaml"))
]
STRUCTURE = (
    ":",
    ": ",
    "- ",
    "\n",
    "\n  ",
    "\n    ",
    "key",
    "id",
    "[",
    "]",
    "{",
    "}",
    ",",
    "'",
    '"',
)


@pytest.fixture(autouse=True, scope="module")
def no_code_ran() -> Iterator[None]:
    MARKER.unlink(missing_ok=True)
    yield
    assert not MARKER.exists(), "a YAML tag ran code"


def parse_only_documented(raw: bytes) -> None:
    """``parse_yaml`` accepts ``raw`` or raises a positioned DataError, and runs no code."""
    try:
        with time_limit("parse_yaml"):
            parse_yaml(raw, "fuzz.yaml")
    except DataError as error:
        assert_positioned_data_error(error, {"fuzz.yaml": line_count(raw)})
    assert not MARKER.exists(), f"a YAML tag ran code: {raw[:200]!r}"


def test_the_payloads_would_run_code_under_an_unsafe_loader() -> None:
    """The marker check can fail: PyYAML's unsafe loader does run the ``open`` payload."""
    yaml.unsafe_load(f"x: {PAYLOADS[1]}\n")
    assert MARKER.exists()
    MARKER.unlink()


@pytest.mark.parametrize(
    "payload",
    [*PAYLOADS, TAG_DIRECTIVE],
    ids=[f"payload{i}" for i in range(len(PAYLOADS) + 1)],  # the marker path varies by run
)
def test_every_payload_is_refused_without_running(payload: str) -> None:
    raw = (payload if payload.startswith("%") else f"x: {payload}\n").encode()
    with pytest.raises(DataError) as caught:
        parse_yaml(raw, "fuzz.yaml")
    assert_positioned_data_error(caught.value, {"fuzz.yaml": line_count(raw)})
    assert not MARKER.exists()


@budget(100)
@given(st.binary(max_size=2048))
def test_random_bytes(raw: bytes) -> None:
    parse_only_documented(raw)


@budget(100)
@given(st.lists(st.sampled_from(STRUCTURE + AWKWARD_SCALARS), max_size=40).map("".join))
def test_yaml_token_soup(text: str) -> None:
    parse_only_documented(text.encode("utf-8"))


@st.composite
def damaged(draw: st.DrawFn, game: str | None = None) -> tuple[str, str, bytes]:
    """A real YAML file (of ``game``, or of either game) and damaged bytes to put in its place."""
    files = [f for f in YAML_FILES if game is None or f[0] == game]
    owner, relative, raw = draw(st.sampled_from(files))
    how = draw(st.sampled_from(["text", "text", "tree", "bytes", "random"]))
    if how == "text":
        new = draw(mutated_yaml_text(raw.decode("utf-8"))).encode("utf-8")
    elif how == "tree":
        new = draw(mutated_tree(raw.decode("utf-8"))).encode("utf-8")
    elif how == "bytes":
        new = draw(mutated_bytes(raw))
    else:
        new = draw(st.binary(max_size=512))
    return owner, relative, new


@budget(150)
@given(damaged())
def test_damaged_real_files(case: tuple[str, str, bytes]) -> None:
    parse_only_documented(case[2])


@pytest.fixture(scope="module")
def game_copies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One writable copy of each game folder; each example damages one file, then restores it."""
    return {
        game: Path(shutil.copytree(folder, tmp_path_factory.mktemp(game) / "data"))
        for game, folder in GAMES.items()
    }


def load_damaged(folder: Path, relative: str, new: bytes) -> None:
    """Load ``folder`` with ``relative`` replaced by ``new``; only a positioned DataError escapes."""
    target = folder / relative
    original = target.read_bytes()
    target.write_bytes(new)
    try:
        with time_limit(f"load_game with a damaged {relative}"):
            game = load_game(folder)
        assert isinstance(game, GameDef)
        assert game.symbols()["side"]
    except DataError as error:
        assert_positioned_data_error(error, {str(target): line_count(new)})
    finally:
        target.write_bytes(original)
    assert not MARKER.exists(), f"a YAML tag ran code: {new[:200]!r}"


@budget(60)
@given(damaged("demo"))
def test_demo_game_with_a_damaged_file(
    game_copies: dict[str, Path], case: tuple[str, str, bytes]
) -> None:
    load_damaged(game_copies["demo"], case[1], case[2])


@budget(40)
@given(damaged("julius_caesar"))
def test_julius_caesar_with_a_damaged_file(
    game_copies: dict[str, Path], case: tuple[str, str, bytes]
) -> None:
    load_damaged(game_copies["julius_caesar"], case[1], case[2])


def test_the_copies_are_intact_after_fuzzing(game_copies: dict[str, Path]) -> None:
    """Each example restores the file it damaged, so every example starts from the real game."""
    for game, folder in GAMES.items():
        for path in folder.rglob("*.yaml"):
            copy = game_copies[game] / path.relative_to(folder)
            assert copy.read_bytes() == path.read_bytes(), copy
