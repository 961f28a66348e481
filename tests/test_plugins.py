"""The plugin system: the catalog finds games (one object each) and players through entry
points, and isolates failures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.model.errors import DataError
from legatus.framework.model.loader import load_game
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.play.hookspecs import RegisterGame, hookimpl

FIXTURE_DATA = (
    Path(__file__).parent / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data"
)


class GoodGame(GamePlugin):
    name = "good_game"
    data = FIXTURE_DATA


class GoodPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        register(GoodGame())


class RaisingPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        raise RuntimeError("cannot find my data")


class ClashingPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        register(GoodGame())


class NotAGamePlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        register("good_game", FIXTURE_DATA)  # type: ignore[call-arg]  # the old hook's form


def test_hook_legatus_register_games_collects_each_registered_game_object() -> None:
    catalog = Catalog()
    catalog.add(GoodPlugin(), "good")
    games = catalog.games()
    assert list(games) == ["good_game"]
    assert isinstance(games["good_game"], GoodGame) and games["good_game"].data == FIXTURE_DATA
    assert catalog.plugin_of("good_game") == "good"
    assert catalog.broken == []


def test_a_raising_plugin_is_recorded_and_the_others_still_load() -> None:
    catalog = Catalog()
    catalog.add(RaisingPlugin(), "raising")
    catalog.add(GoodPlugin(), "good")
    assert list(catalog.games()) == ["good_game"]
    assert [(b.plugin, b.reason) for b in catalog.broken] == [
        ("raising", "RuntimeError: cannot find my data")
    ]


def test_a_game_registered_twice_blames_the_second_plugin() -> None:
    catalog = Catalog()
    catalog.add(GoodPlugin(), "first")
    catalog.add(ClashingPlugin(), "second")
    games = catalog.games()
    assert catalog.plugin_of("good_game") in {"first", "second"} and list(games) == ["good_game"]
    assert len(catalog.broken) == 1
    assert "already registered" in catalog.broken[0].reason


def test_registering_something_else_than_a_game_object_is_recorded() -> None:
    catalog = Catalog()
    catalog.add(NotAGamePlugin(), "old_style")
    assert catalog.games() == {}
    assert [b.plugin for b in catalog.broken] == ["old_style"]
    assert "TypeError" in catalog.broken[0].reason or "GamePlugin" in catalog.broken[0].reason


def test_an_object_that_is_not_a_plugin_is_recorded() -> None:
    catalog = Catalog()
    bad = SimpleNamespace(legatus_register_games=lambda wrong_argument: None)
    bad.legatus_register_games.legatus_impl = {}  # type: ignore[attr-defined]
    catalog.add(bad, "bad")
    assert catalog.broken and catalog.broken[0].plugin == "bad"


def test_bundled_games_come_through_the_entry_point_group() -> None:
    catalog = Catalog.discover()
    games = catalog.games()
    assert catalog.plugin_of("julius_caesar") == "julius_caesar"
    assert (Path(games["julius_caesar"].data) / "game.yaml").is_file()
    assert type(games["gbojc_naval"]).__name__ == "GbojcNaval"


def test_fixture_plugins_installed_through_entry_points() -> None:
    """CI installs tests/fixtures/plugins/*; the README's test command does too."""
    catalog = Catalog.discover()
    games = catalog.games()
    assert "demo_skirmish" in games
    broken = {b.plugin: b.reason for b in catalog.broken}
    assert (
        broken["broken_import"] == "ModuleNotFoundError: No module named 'legatus_no_such_module'"
    )
    assert "broken_battle" in games  # registers fine; its data is what is broken


def test_a_loaded_game_is_shared_and_carries_its_plugin_object() -> None:
    """The Game is immutable, so the catalog loads each (game, variant) once."""
    catalog = default_catalog()
    game = catalog.load("julius_caesar")
    assert catalog.load("julius_caesar") is game
    assert catalog.load("julius_caesar", "polish_winter") is not game
    assert game.plugin is catalog.games()["julius_caesar"]
    assert game.actions is not None and "move" in game.actions
    assert len(game.fingerprint) == 16


def test_the_loader_reads_folders_only_names_are_the_catalogs() -> None:
    """Nothing below the catalog looks plugins up: the loader takes a folder or manifest."""
    assert load_game(FIXTURE_DATA).name == "demo_skirmish"
    with pytest.raises(DataError, match="no game folder or manifest at 'julius_caesar'"):
        load_game("julius_caesar")
    assert default_catalog().definition("julius_caesar").name == "julius_caesar"
    with pytest.raises(DataError, match="did you mean 'julius_caesar'"):
        default_catalog().definition("julius_ceasar")


def test_legatus_games_lists_good_games_and_names_broken_plugins() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "games"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(
        line.startswith("julius_caesar ")
        and "Julius Caesar 1.0.0" in line
        and "caesar, pompey" in line
        and "scenarios: 705" in line
        for line in lines
    ), lines
    assert any(line.startswith("demo_skirmish ") and "sides: red, blue" in line for line in lines)
    assert (
        "broken plugin broken_import: ModuleNotFoundError: No module named 'legatus_no_such_module'"
        in lines
    )
    assert any(
        line.startswith("broken plugin broken_data: game 'broken_battle' has invalid data: ")
        and "unknown space 'Nowhere'" in line
        for line in lines
    ), lines
