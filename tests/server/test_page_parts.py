"""The game's parts of a browser page (GamePlugin.page_parts): made from one side's view,
identical for two states that differ only in what that side may not see."""

from __future__ import annotations

import json

from legatus.framework.engine.gameplugin import GamePlugin
from legatus.framework.engine.view import observe
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.tools.checkgame import perturb


def played(game_name: str, seed: int, actions: int) -> Match:
    game = default_catalog().load(game_name)
    sides = game.definition.side_ids
    players = {side: RandomAgent(seed + i) for i, side in enumerate(sides)}
    return Match.new(game, seed=seed, players=players).play(until=actions)


def test_julius_caesar_page_shows_calendar_phase_vp_and_card_words() -> None:
    match = played("julius_caesar", 3, 6)
    game = match.game
    parts = game.plugin.page_parts(game.definition, match.view("caesar"))
    status = {item["label"]: item["text"] for item in parts["status"]}
    assert status["year"] == "1"
    assert status["phase"] == "command phase: moves (JC 6.1)"
    assert status["VP"].startswith("Caesar ")
    assert parts["cards"]["2/1"] == "2/1 (2 moves, 1 levy)"
    titles = [panel["title"] for panel in parts["panels"]]
    assert "Cards played" in titles and "Orders" in titles
    json.dumps(parts)  # plain data, ready for the page


def test_naval_page_shows_wind_and_squadrons() -> None:
    match = played("gbojc_naval", 3, 10)
    game = match.game
    parts = game.plugin.page_parts(game.definition, match.view("romans"))
    labels = [item["label"] for item in parts["status"]]
    assert "wind" in labels and "ships taken" in labels
    assert any(panel["title"] == "Squadrons" for panel in parts["panels"])


def test_default_page_parts_show_counters_and_public_records() -> None:
    match = played("julius_caesar", 3, 6)
    parts = GamePlugin().page_parts(match.game.definition, match.view("caesar"))
    assert {"label": "year", "text": "1"} in parts["status"]
    assert parts["panels"][0]["title"] == "Records"
    assert parts["cards"] == {}


def test_page_parts_ignore_what_the_side_may_not_see() -> None:
    for game_name in ("julius_caesar", "gbojc_naval"):
        for actions in (2, 8, 40):
            match = played(game_name, 11, actions)
            definition = match.game.definition
            for side in definition.side_ids:
                other = perturb(definition, match.state, side, salt=actions)
                parts = match.game.plugin.page_parts
                assert parts(definition, observe(definition, match.state, side)) == parts(
                    definition, observe(definition, other, side)
                )
