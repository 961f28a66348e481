"""The naval game end to end: registered, valid, playable to the end through the real CLI,
sound under the check-game checks, with a stable action encoding."""

from __future__ import annotations

from pathlib import Path

from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.checkgame import check_one
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import fleet, queries
from tests.helpers import legatus_here

from .conftest import NAVAL


def scenario_start(play_from: PlayFrom, seed: int) -> Kit:
    """The scenario's start, its rolls from the seeded generator."""
    return play_from(NAVAL, seed=seed, random_dice=True)


def test_validate_and_scenario_sizes() -> None:
    """The scenario (INVENTED set-up): at least 8 ships a side, commanders and an admiral."""
    definition = default_catalog().definition("gbojc_naval")
    assert fleet.fleet_size(definition, "romans") == 10
    assert fleet.fleet_size(definition, "veneti") == 12
    state = definition  # the loaded, cross-checked data
    assert {p.id for p in state.pieces.values() if p.type == "commander"} >= {
        "Decimus Brutus", "Veneti Admiral",
    }  # fmt: skip
    assert definition.piece_types["galley"].length == 2


def test_the_scenario_starts_with_galleys_on_two_hexes(play_from: PlayFrom) -> None:
    kit = scenario_start(play_from, 1)
    assert queries.ship(kit, "Delphinus").hexes == ("2117", "2118")
    assert queries.commander(kit, "Decimus Brutus").ship == "Delphinus"
    assert queries.wind(kit) == queries.Wind(strength=3, direction="S", calm=False)


def test_a_random_game_is_sound() -> None:
    """check-game's checks on one random game: the generic and the game's invariants after
    every action, save/replay, undo and view checks at random points (determinism across
    processes is left to ``legatus check-game``)."""
    report = check_one("gbojc_naval", "veneti_56bc", 3)
    assert report.faults == []
    assert report.reason and report.replays > 0 and report.undos > 0 and report.views > 0


def test_cli_plays_a_random_game_to_the_end() -> None:
    result = legatus_here("play", "gbojc_naval", "--seed", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "result:" in result.stdout and "state hash:" in result.stdout


def test_every_legal_action_is_declared_and_has_a_code(play_from: PlayFrom) -> None:
    kit = scenario_start(play_from, 2)
    kinds = kit.game.actions
    assert kinds is not None
    codec = kinds.codec()
    seen = 0
    while not kit.over and seen < 300:
        assert kit.prompt is not None
        actions = kit.prompt.actions
        for action in actions:
            kinds.check(action)
            assert codec.decode(codec.encode(action)) == action
        kit.act(actions[seen % len(actions)])
        seen += 1


def test_cli_save_and_replay(tmp_path: Path) -> None:
    """A saved naval game replays through ``legatus replay`` with every state hash checked."""
    save = tmp_path / "naval.json"
    played = legatus_here("play", "gbojc_naval", "--seed", "2", "--quiet", "--save", str(save))
    assert played.returncode == 0, played.stderr
    replayed = legatus_here("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    assert played.stdout.split("state hash: ")[1].split()[0] in replayed.stdout


def test_the_text_view_shows_facing_and_the_hexes_a_galley_covers(play_from: PlayFrom) -> None:
    from legatus.framework.engine.render import render_view

    kit = scenario_start(play_from, 1)
    text = render_view(kit.definition, kit.view("veneti"))
    # A long line wraps under its own indentation, never cut.
    text = text.replace("\n      ", " ")
    assert "2117: Decimus Brutus [2] (Romans) {ship Delphinus}; " in text
    assert "Delphinus [1] (Romans) {facing N, covers 2117-2118, speed cruise}" in text
    assert "1207: Taranis [1] {facing S}" in text
