"""A unit printed once in each side's colour changes side by swapping blocks (Hammer of the
Scots 2.22, 5.7: a noble beaten in battle is replaced by his block of the other colour at
strength 1; 3.12's Herald turns him at his strength), on the demo game whose Red Foot and
Blue Foot are made each other's counterpart. Without a counterpart a block changes side as
it is (Julius Caesar's Cleopatra), as before.
"""

from __future__ import annotations

import shutil
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.kit import steps
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.conftest import DEMO_GAME


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    folder = tmp_path_factory.mktemp("twins") / "game"
    shutil.copytree(DEMO_GAME, folder)
    pieces = folder / "pieces.yaml"
    text = pieces.read_text("utf-8")
    text = text.replace("levy: Northtown}", "levy: Northtown, counterpart: Blue Foot}")
    text = text.replace(
        "C3, steps: 3, levy: Southtown}", "C3, steps: 3, levy: Southtown, counterpart: Red Foot}"
    )
    pieces.write_text(text, "utf-8")
    return load_game(folder)


class _Ctx(SimpleNamespace):
    def __init__(self, definition: GameDef, state: dict[str, Any]) -> None:
        super().__init__(definition=definition, state=state, lines=[], rules=[])

    def log(self, text: str, **fields: Any) -> None:
        self.lines.append(text)

    def fired(self, rule: str) -> None:
        self.rules.append(rule)


def _state() -> dict[str, Any]:
    return {
        "records": {},
        "pieces": {
            "Red Foot": {"side": "red", "at": "Midford", "strength": 1, "flags": ["revealed"]},
            "Blue Foot": {"side": "blue", "at": "out", "strength": 3, "flags": []},
            "Red Boat": {"side": "red", "at": "Midford", "strength": 1, "flags": []},
            "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2, "flags": []},
        },
    }


def test_a_switched_block_is_replaced_by_its_counterpart(twins: GameDef) -> None:
    """Red Foot at its last step is eliminated: Blue Foot stands in Midford at the switch
    strength, revealed as Red Foot was; Red Foot is out of play at full strength."""
    state = _state()
    ctx = _Ctx(twins, state)
    losses = steps.Losses(
        face_up=False, switch=("infantry",), switch_strength=1, cite={steps.SWITCHED: "5.7"}
    )
    assert steps.lose_step(ctx, "Red Foot", losses) == steps.SWITCHED
    assert state["pieces"]["Blue Foot"] == {
        "side": "blue",
        "at": "Midford",
        "strength": 1,
        "flags": ["revealed"],
    }
    assert state["pieces"]["Red Foot"] == {"side": "red", "at": "out", "strength": 3, "flags": []}
    assert steps.in_play_for(ctx, "Red Foot") == "Blue Foot"
    assert steps.in_play_for(ctx, "Blue Foot") == "Blue Foot"
    assert ctx.rules == ["5.7"]
    assert ctx.lines == ["Red Foot (Blue Foot) is eliminated and joins Blue at strength I"]


def test_an_event_turns_a_block_with_its_strength(twins: GameDef) -> None:
    """go_over: the counterpart takes the block's place and strength."""
    state = _state()
    state["pieces"]["Red Foot"]["strength"] = 2
    ctx = _Ctx(twins, state)
    steps.go_over(ctx, "Red Foot", "blue")
    assert state["pieces"]["Blue Foot"]["at"] == "Midford"
    assert state["pieces"]["Blue Foot"]["strength"] == 2
    assert state["pieces"]["Red Foot"]["at"] == "out"


def test_a_block_without_a_counterpart_changes_side_as_it_is(twins: GameDef) -> None:
    state = _state()
    ctx = _Ctx(twins, state)
    losses = steps.Losses(switch=("boat",))
    assert steps.lose_step(ctx, "Red Boat", losses) == steps.SWITCHED
    assert state["pieces"]["Red Boat"]["side"] == "blue"
    assert state["pieces"]["Red Boat"]["at"] == "Midford"
    assert steps.in_play_for(ctx, "Red Boat") == "Red Boat"


def test_going_home_to_an_enemy_held_home_swaps_blocks(twins: GameDef) -> None:
    """kit.winter.go_home (HotS 7.1): Red Foot goes home to Southtown, held by Blue Guard,
    and joins Blue as Blue Foot, at his strength."""
    from legatus.framework.kit import winter

    state = _state()
    state["pieces"]["Blue Guard"]["at"] = "Southtown"
    state["pieces"]["Red Foot"]["strength"] = 2
    ctx = _Ctx(twins, state)
    winter.go_home(ctx, "Red Foot", "Southtown", "7.1")
    assert state["pieces"]["Blue Foot"] == {
        "side": "blue",
        "at": "Southtown",
        "strength": 2,
        "flags": [],
    }
    assert state["pieces"]["Red Foot"]["at"] == "out"
    assert ctx.rules == ["7.1 joins the enemy"]
