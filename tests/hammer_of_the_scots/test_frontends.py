"""Hammer of the Scots played everywhere (issue 33, item 4): at the terminal through the
real ``legatus play``, the browser page's parts and battle board from a side's view, the
computer players, and the OpenSpiel adapter. The browser itself: tests/browser/
test_hammer_of_the_scots.py."""

from __future__ import annotations

import json

import pytest

from legatus.framework.engine.view import observe
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.helpers import legatus_here

GAME = "hammer_of_the_scots"


def test_the_terminal_shows_the_year_phase_cards_and_border_limits() -> None:
    """Braveheart, seed 2, the English at the keyboard: the screen's first line dates the
    turn (1297) and names the phase (HotS 3.1); ``where Moray`` gives each border's limit
    (HotS 4.3); once the cards are revealed the cards played and the orders are in words."""
    typed = ["where Moray", "1", "quit"]
    result = legatus_here(
        "play", GAME, "--scenario", "braveheart", "--seed", "2", "--side", "english=human",
        "--side", "scots=random", "--no-autosave", stdin="\n".join(typed) + "\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert (
        "== Hammer of the Scots — you are English ==  (year 1297, phase card phase (HotS 3.1), "
        "nobles seen English 11 · Scots 0)" in out
    )
    assert "hand:english: 1 (moves 1), 1 (moves 1), 2 (moves 2), Sea Move, Truce" in out
    assert "Badenoch (Bad)    red, 2 blocks a turn — Comyn/E [4]" in out
    assert "Lochaber (Loc)    green, 6 blocks a turn — nothing seen" in out
    assert "   cards played: English: 1 (moves 1); Scots: 2 (moves 2)" in out
    assert "crossed this turn" not in out.split("cards played")[0]


def _first_battle(seed: int) -> Match:
    """A random Braveheart game at its first battle's first combat turn."""
    game = default_catalog().load(GAME)
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, "braveheart", seed=seed, players=agents)
    while not match.over:
        if match.state["records"].get("battle") and match.state["prompt"]["kind"] == "battle_turn":
            break
        match.step()
    return match


def test_the_battle_board_and_page_parts_come_from_the_view_alone() -> None:
    """The battle board (kit.battle_board with HotS's rounds) names the attacker and the
    defender and the round of 3; the page's status dates the turn and names the phase; a
    hidden enemy block's identity is in neither."""
    from legatus.framework.frontends.server.payloads import seat_view

    match = _first_battle(2)
    plugin, definition = match.game.plugin, match.game.definition
    assert plugin is not None
    for side in definition.side_ids:
        body = seat_view(match, [side])
        board = body["battle"]
        assert board is not None and board["rounds"] == 3
        roles = {s["side"]: s["role"] for s in board["sides"]}
        assert sorted(roles.values()) == ["attacker", "defender"]
        view = observe(definition, match.state, side)
        parts = plugin.page_parts(definition, view)
        assert parts["status"][0] == {"label": "year", "text": "1297"}
        assert parts["status"][1]["text"] == "battle phase (HotS 5.4)"
        hidden = [
            b
            for b, p in match.state["pieces"].items()
            if p["side"] != side and b not in view["pieces"]["known"]
        ]
        shown = json.dumps([board, parts])
        assert not [b for b in hidden if f'"{b}"' in shown]


def test_mcts_plays_against_greedy() -> None:
    """MCTS (the information-set search at a small budget) and greedy, on the game's
    evaluation, play Braveheart's first 250 actions without a fault (the search once
    stopped at action 27 on the area Moray taken for the hidden block Moray:
    tests/engine/test_frame_types.py); whole games: docs, "Hammer of the Scots"."""
    from legatus.framework.tools.simulate.play import Experiment, play_game

    players = {"english": "mcts:iterations=4", "scots": "greedy"}
    experiment = Experiment(GAME, players, scenario="braveheart", max_actions=250)
    record = play_game(experiment, 9000)
    assert record["length"] >= 250 or record["reason"] not in ("", "too long")


@pytest.mark.slow  # a whole random game, every state cloned and rebuilt: a long check
def test_openspiel_random_simulation_checks_pass() -> None:
    """OpenSpiel's RandomSimTest on Braveheart, as for the other games
    (tests/simulate/test_openspiel.py), its games cut at 300 actions (a game cut short
    is a draw) to keep the test short."""
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    from legatus.framework.tools.simulate import openspiel

    game = openspiel.load(
        GAME, scenario="braveheart", max_actions=300, name="legatus_hots_braveheart"
    )
    assert game.get_type().short_name == "legatus_hots_braveheart"
    assert game.num_players() == 2
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
