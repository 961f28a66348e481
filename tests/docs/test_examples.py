"""The examples of "How to write a scenario" (docs/how-to-write-a-scenario.md) are real.

The page shows a Julius Caesar scenario, ``docs/examples/dyrrachium.yaml``, added to the
game, and what ``legatus validate`` prints for it and for two broken copies. These tests
copy the game's data folder to a temporary directory, add the example to the manifest's
``files.scenarios`` exactly as the page says, and check that the good scenario loads with
the set-up the page describes and that the command prints, byte for byte, the outputs the
page includes from ``docs/examples/*.out`` and ``*.json``. When the loader's messages or
the game data change, these tests say which example to regenerate.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
import yaml

from legatus.framework.frontends.cli import main
from legatus.framework.model.gamedef import Placement
from legatus.framework.model.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
GAME_DATA = ROOT / "legatus" / "games" / "julius_caesar" / "data"
EXAMPLES = ROOT / "docs" / "examples"
#: Where the page puts the scenario inside the game folder.
SCENARIO = "scenarios/dyrrachium.yaml"


@pytest.fixture
def game_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of Julius Caesar in ``my_caesar/`` with the example scenario added.

    The working directory is the copy's parent, as on the page, so the file names in
    messages read ``my_caesar/scenarios/dyrrachium.yaml``.
    """
    folder = tmp_path / "my_caesar"
    shutil.copytree(GAME_DATA, folder)
    shutil.copyfile(EXAMPLES / "dyrrachium.yaml", folder / SCENARIO)
    manifest_path = folder / "game.yaml"
    manifest = yaml.safe_load(manifest_path.read_text("utf-8"))
    assert SCENARIO not in manifest["files"]["scenarios"]
    manifest["files"]["scenarios"].append(SCENARIO)
    manifest_path.write_text(yaml.safe_dump(manifest, sort_keys=False), "utf-8")
    monkeypatch.chdir(tmp_path)
    return folder


def _validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["validate", "my_caesar/", *args])
    return code, capsys.readouterr().out


def test_example_scenario_loads_with_the_described_setup(game_copy: Path) -> None:
    game = load_game(game_copy)
    assert list(game.scenarios) == ["705", "dyrrachium"]
    scenario = game.scenarios["dyrrachium"]
    assert scenario.title == "Dyrrachium, 706 AUC (48 BC)"
    assert scenario.default is False
    assert game.default_scenario().id == "705"
    caesar, pompey = scenario.setup["caesar"], scenario.setup["pompey"]
    assert caesar.on_map["Salona"][3] == Placement("Legio 9", 2)
    assert pompey.on_map["Thessalonica"][2] == Placement("Legio 35", 2)
    assert caesar.on_map["Salona"][0] == Placement("Caesar", 3)
    assert len(caesar.pool) == 6
    assert [p.piece for p in pompey.pool] == [
        "Brutus",
        "Legio 33",
        "Legio 36",
        "P Auxilia 3",
        "P Navis 3",
    ]


def test_example_scenario_accounts_for_every_block_once(game_copy: Path) -> None:
    """The page's rules 2, 3 and 6: each block placed once, by its side, none forgotten."""
    game = load_game(game_copy)
    scenario = game.scenarios["dyrrachium"]
    for side in game.side_ids:
        setup = scenario.setup[side]
        placed = [p.piece for group in setup.on_map.values() for p in group]
        placed += [p.piece for p in setup.pool] + list(setup.out)
        own = sorted(pid for pid, piece in game.pieces.items() if piece.side == side)
        assert sorted(placed) == own
    assert (len(scenario.setup["caesar"].out), len(scenario.setup["pompey"].out)) == (14, 16)


def test_example_scenario_stands_where_its_blocks_may(game_copy: Path) -> None:
    """The page's rule 4: the example puts navis at sea and in ports, legions on land."""
    game = load_game(game_copy)
    scenario = game.scenarios["dyrrachium"]
    for side in game.side_ids:
        for space, group in scenario.setup[side].on_map.items():
            kind = game.board.spaces[space].kind
            category = game.board.space_kinds[kind]
            for placement in group:
                allowed = game.piece_types[game.pieces[placement.piece].type].stands_on
                assert kind in allowed or category in allowed, (placement, space)


def test_validate_output_of_the_good_copy_is_the_page_example(
    game_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _validate(capsys) == (0, (EXAMPLES / "dyrrachium-ok.out").read_text("utf-8"))


@pytest.mark.parametrize(
    ("broken", "args", "expected"),
    [
        ("dyrrachium-broken.yaml", (), "dyrrachium-broken.out"),
        ("dyrrachium-typo.yaml", (), "dyrrachium-typo.out"),
        ("dyrrachium-typo.yaml", ("--format", "json"), "dyrrachium-typo.json"),
    ],
)
def test_validate_output_of_a_broken_copy_is_the_page_example(
    game_copy: Path,
    capsys: pytest.CaptureFixture[str],
    broken: str,
    args: tuple[str, ...],
    expected: str,
) -> None:
    shutil.copyfile(EXAMPLES / broken, game_copy / SCENARIO)
    assert _validate(capsys, *args) == (1, (EXAMPLES / expected).read_text("utf-8"))


def test_broken_copy_makes_each_mistake_the_page_lists() -> None:
    """The page describes five mistakes; the diff it shows must contain exactly those."""
    good = (EXAMPLES / "dyrrachium.yaml").read_text("utf-8").splitlines()
    broken = (EXAMPLES / "dyrrachium-broken.yaml").read_text("utf-8").splitlines()
    removed = sorted(set(good) - set(broken))
    added = sorted(set(broken) - set(good))
    assert removed == [
        "      - P Elephant",
        "      - P Navis 5",
        "      Dyrrachium: [Pompeius, Legio 1, Legio 3, P Equitatus 1]",
        "      Mare Hadriaticum: [C Navis 3]",
        "      Ravenna: [Legio 14, C Navis 2]",
        "    pool: [Brutus, Legio 33, Legio 36, P Auxilia 3, P Navis 3]",
    ]
    assert added == [
        "      - Legio 8",
        "      Dyrachium: [Pompeius, Legio 1, Legio 3, P Equitatus 1]",
        "      Mare Hadriaticum: [Legio 14, C Navis 3]",
        "      Ravenna: [C Navis 2]",
        "    pool: [Brutus, Legio 33, Legio 36, P Auxilia 3, P Navis 3, {piece: P Elephant, strength: 3}]",
    ]


def test_diff_on_the_page_is_the_diff_of_the_two_files() -> None:
    good = (EXAMPLES / "dyrrachium.yaml").read_text("utf-8").splitlines(keepends=True)
    broken = (EXAMPLES / "dyrrachium-broken.yaml").read_text("utf-8").splitlines(keepends=True)
    diff = difflib.unified_diff(good, broken, "dyrrachium.yaml", "dyrrachium-broken.yaml")
    assert "".join(diff) == (EXAMPLES / "dyrrachium-broken.diff").read_text("utf-8")
