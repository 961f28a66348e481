"""A side's win in words (``GameDef.side_wins``): "Red wins", or "the Scouts win" for a side
whose manifest marks its name plural, in the battle log (the kit's ``end_battle``) and the
game's result (``render_result``). On the demo game loaded from a copy whose blue side is
renamed Scouts and marked ``plural``."""

from __future__ import annotations

import pytest

from legatus.framework.engine.render import render_result
from legatus.framework.kit import fight
from legatus.framework.model.gamedef import GameDef, plural_verb
from legatus.framework.model.loader import load_game
from tests.kit.helpers import FakeCtx, demo_copy


@pytest.fixture(scope="module")
def scouts(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    plural = [("  - id: blue\n    name: Blue", "  - id: blue\n    name: Scouts\n    plural: true")]
    return load_game(demo_copy(tmp_path_factory, "scouts", replace={"game.yaml": plural}))


def test_a_plural_side_wins_in_the_plural(scouts: GameDef) -> None:
    assert scouts.side_wins("red") == "Red wins"
    assert scouts.side_wins("blue") == "the Scouts win"


def test_the_battle_log_and_the_result_read_naturally(scouts: GameDef) -> None:
    ctx = FakeCtx(scouts, {"pieces": {}, "records": {"battle": None}})
    fight.end_battle(ctx, "Midford", [], ["blue"])
    assert ctx.lines[-1] == ("Battle at Midford ends: the Scouts win", None)
    result = {"winner": "blue", "reason": "blue wins (x)"}
    assert render_result(scouts, result, "they held the ford") == (
        "The Scouts win — they held the ford"
    )
    assert render_result(scouts, {"winner": "red", "reason": ""}) == "Red wins"


def test_a_plural_side_s_verbs_agree_with_it(scouts: GameDef) -> None:
    """``GameDef.side_does``: the side's name with the phrase's first verb in its number."""
    assert scouts.side_does("red", "has 3 block(s) in reserve") == "Red has 3 block(s) in reserve"
    assert scouts.side_does("blue", "has 3 block(s) in reserve") == (
        "Scouts have 3 block(s) in reserve"
    )
    assert scouts.side_does("blue", "is Player 1") == "Scouts are Player 1"
    assert scouts.side_does("blue", "ends") == "Scouts end"
    assert [plural_verb(v) for v in ("draws", "passes", "levies", "goes", "does", "reach")] == [
        "draw",
        "pass",
        "levy",
        "go",
        "do",
        "reach",
    ]


def test_the_kit_s_log_lines_agree_with_a_plural_side(scouts: GameDef) -> None:
    pieces = {
        "Red Foot": {"side": "red", "at": "Midford", "strength": 3, "flags": []},
        "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2, "flags": []},
    }
    ctx = FakeCtx(scouts, {"pieces": pieces, "records": {"battle": None}})
    fight.open_battle(ctx, "Midford", ["Blue Guard"], "blue", ["Red Foot"], None)
    assert [line for line, _ in ctx.lines] == [
        "Battle at Midford: Scouts attack Red",
        "Scouts reveal Blue Guard (B2, II)",
        "Red has 1 block(s) in reserve",
        "Red's reserves: Red Foot",
    ]
