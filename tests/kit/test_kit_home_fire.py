"""A block defending one of its home areas fires better (``kit.combat.rating_at``; Hammer of
the Scots 1.4: a noble at home fires B3 for his printed B2), and every place that shows a
block's rating says so: the battle turn's question (``turn_text``), the reveal's log line
(``begin_battle``, ``new_round``) and the battle board (``BoardRules.home_fire``). On the demo
game loaded from a copy whose Blue Guard (B2) has Midford as its home."""

from __future__ import annotations

from typing import Any

import pytest

from legatus.framework.kit import fight
from legatus.framework.kit.battle_board import BoardRules, battle_board
from legatus.framework.kit.combat import rating_at
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.kit.helpers import FakeCtx, demo_copy


@pytest.fixture(scope="module")
def homed(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    guard = "{id: Blue Guard, side: blue, type: infantry, rating: B2, steps: 2, levy: Southtown"
    home = [(guard, guard + ", homes: [Midford]")]
    return load_game(demo_copy(tmp_path_factory, "homed", replace={"pieces.yaml": home}))


def _ctx(definition: GameDef) -> FakeCtx:
    pieces = {
        "Red Foot": {"side": "red", "at": "Midford", "strength": 3, "flags": []},
        "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2, "flags": []},
    }
    return FakeCtx(definition, {"pieces": pieces, "records": {"battle": None}})


def test_a_block_defending_its_home_fires_at_the_home_fire(homed: GameDef) -> None:
    assert str(rating_at(homed, "Blue Guard", False, "Midford", 3)) == "B3"
    assert str(rating_at(homed, "Blue Guard", True, "Midford", 3)) == "B2"  # attacking
    assert str(rating_at(homed, "Blue Guard", False, "Southtown", 3)) == "B2"  # not home
    assert str(rating_at(homed, "Blue Guard", False, "Midford")) == "B2"  # no home fire
    assert str(rating_at(homed, "Red Foot", False, "Midford", 3)) == "C2"  # no home


def test_the_turn_and_the_reveals_show_the_rating_it_fires_with(homed: GameDef) -> None:
    ctx = _ctx(homed)
    turn = fight.turn_text(ctx, "Midford", ["Blue Guard"], "red", 1, 4, 1, 3)
    assert turn == "Battle at Midford, round 1: Blue Guard (B3) fire, pass or retreat"
    printed = fight.turn_text(ctx, "Midford", ["Blue Guard"], "red", 1, 4, 1)
    assert printed.startswith("Battle at Midford, round 1: Blue Guard (B2)")
    fight.open_battle(ctx, "Midford", ["Red Foot"], "red", ["Blue Guard"], None, 3)
    fight.new_round(ctx, "Midford", 2, "red", ["Blue Guard"], 3)
    assert ctx.lines[-1] == ("Blue reveals Blue Guard (B3, II)", None)


def _view() -> dict[str, Any]:
    known = {
        "Red Foot": {"side": "red", "at": "Midford", "strength": 3},
        "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2},
    }
    frame = {
        "location": "Midford",
        "attacker": "red",
        "round": 1,
        "blocks": ["Blue Guard", "Red Foot"],
        "acted": [],
    }
    opened = {"text": "Battle", "data": {"event": "battle", "at": "Midford"}}
    return {
        "stack": [{"p": "fight", "env": frame}],
        "pieces": {"known": known, "hidden": []},
        "log": [opened],
        "prompt": {"kind": "battle_turn"},
    }


def test_the_battle_board_shows_the_rating_it_fires_with(homed: GameDef) -> None:
    def shown(rules: BoardRules) -> list[tuple[str, str]]:
        board = battle_board(homed, _view(), rules)
        assert board is not None
        defender = next(s for s in board["sides"] if s["role"] == "defender")
        return [(line["label"], p["rating"]) for line in defender["lines"] for p in line["pieces"]]

    assert shown(BoardRules(procedure="fight", home_fire=3)) == [("B", "B3")]
    assert shown(BoardRules(procedure="fight")) == [("B", "B2")]
