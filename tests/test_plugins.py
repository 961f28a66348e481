"""The plugin system: discovery through entry points, isolation of failures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from framework.hookspecs import RegisterGame, hookimpl
from framework.plugins import Plugins

FIXTURE_DATA = (
    Path(__file__).parent / "fixtures" / "plugins" / "demo_game" / "legatus_demo_game" / "data"
)


class GoodPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        register("good_game", FIXTURE_DATA)


class RaisingPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        raise RuntimeError("cannot find my data")


class ClashingPlugin:
    @hookimpl
    def legatus_register_games(self, register: RegisterGame) -> None:
        register("good_game", FIXTURE_DATA)


def test_hook_legatus_register_games_collects_each_registered_game() -> None:
    plugins = Plugins()
    plugins.add(GoodPlugin(), "good")
    games = plugins.games()
    assert list(games) == ["good_game"]
    assert games["good_game"].data == FIXTURE_DATA
    assert games["good_game"].plugin == "good"
    assert plugins.broken == []


def test_a_raising_plugin_is_recorded_and_the_others_still_load() -> None:
    plugins = Plugins()
    plugins.add(RaisingPlugin(), "raising")
    plugins.add(GoodPlugin(), "good")
    assert list(plugins.games()) == ["good_game"]
    assert [(b.plugin, b.reason) for b in plugins.broken] == [
        ("raising", "RuntimeError: cannot find my data")
    ]


def test_a_game_registered_twice_blames_the_second_plugin() -> None:
    plugins = Plugins()
    plugins.add(GoodPlugin(), "first")
    plugins.add(ClashingPlugin(), "second")
    games = plugins.games()
    assert games["good_game"].plugin in {"first", "second"}
    assert len(plugins.broken) == 1
    assert "already registered" in plugins.broken[0].reason


def test_an_object_that_is_not_a_plugin_is_recorded() -> None:
    plugins = Plugins()
    bad = SimpleNamespace(legatus_register_games=lambda wrong_argument: None)
    bad.legatus_register_games.legatus_impl = {}  # type: ignore[attr-defined]
    plugins.add(bad, "bad")
    assert plugins.broken and plugins.broken[0].plugin == "bad"


def test_bundled_games_come_through_the_entry_point_group() -> None:
    plugins = Plugins.discover()
    games = plugins.games()
    assert games["julius_caesar"].plugin == "julius_caesar"
    assert (games["julius_caesar"].data / "game.yaml").is_file()


def test_fixture_plugins_installed_through_entry_points() -> None:
    """CI installs tests/fixtures/plugins/*; the README's test command does too."""
    plugins = Plugins.discover()
    games = plugins.games()
    assert "demo_skirmish" in games
    broken = {b.plugin: b.reason for b in plugins.broken}
    assert (
        broken["broken_import"] == "ModuleNotFoundError: No module named 'legatus_no_such_module'"
    )
    assert "broken_battle" in games  # registers fine; its data is what is broken


def test_legatus_games_lists_good_games_and_names_broken_plugins() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "framework.cli", "games"],
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
