"""Matches played by seeded random players up to a moment worth showing, as saves a test
server starts from (``server.create(position=...)``): found by playing, never stored, so
they follow the rules as they are."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def played_until(
    game_name: str,
    scenario: str | None,
    seed: int,
    wanted: Callable[[Match], bool],
    limit: int = 1500,
) -> Match:
    """A match of seeded random players, stopped at the first state ``wanted`` accepts."""
    game = default_catalog().load(game_name)
    players = {side: RandomAgent(seed) for side in game.definition.side_ids}
    match = Match.new(game, scenario, seed=seed, players=players, history=True)
    while not wanted(match):
        assert not match.over and len(match.moves) < limit, "no such moment in this match"
        match.play(until=len(match.moves) + 1)
    return match


def battle_frame(match: Match) -> dict[str, Any] | None:
    return next((f for f in reversed(match.state["stack"]) if f.get("p") == "battle"), None)


@cache
def jc_battle_save() -> str:
    """Julius Caesar, seed 23: the battle at Tarraco in its second round."""

    def wanted(match: Match) -> bool:
        battle = match.state["records"].get("battle") or {}
        return battle.get("round") == 2 and battle_frame(match) is not None

    return json.dumps(played_until("julius_caesar", None, 23, wanted).to_save())


@cache
def hb_battle_save() -> str:
    """Hannibal Barkas (stop-hannibal-2p), seed 1: a battle in its first round."""

    def wanted(match: Match) -> bool:
        frame = battle_frame(match)
        return frame is not None and frame.get("round", 0) >= 1

    return json.dumps(played_until("hannibal_barkas", "stop-hannibal-2p", 1, wanted).to_save())
