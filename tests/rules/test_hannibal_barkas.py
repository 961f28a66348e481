"""Hannibal Barkas, from a rules excerpt run on the engine: the Gallic attitude test (HB 8.2,
Table 2) and the stage sequence (HB III). The game itself is still to be written; the
excerpt (fixtures/hannibal_barkas.rules) runs on a two-tribe test board
(fixtures/hb_board/), its procedures recorded and its queries reading the test's values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.engine.state import State
from legatus.framework.model.loader import load_game
from legatus.framework.rules.loading import load_rules
from legatus.framework.rules.registry import RuleRegistry

FIXTURES = Path(__file__).parent / "fixtures"

GALLIC_AS_PRINTED = [
    ("10-9", "Sojusz", "-"),
    ("8-7", "Przyjazne", "+4"),
    ("6-5", "Neutralne", "-"),
    ("4-3", "Nieprzyjazne", "-4"),
    ("2-1", "Wrogie", "-"),
]


def recorder(name: str) -> Any:
    def step(ctx: Context, **arguments: Any) -> None:
        calls = ctx.state["records"].setdefault("calls", [])
        calls.append({"p": name, "vars": dict(ctx.state["vars"])})
        if name == "economy" and ctx.state["vars"].get("stage") == 6:
            ctx.state["records"]["over"] = True  # the test ends the war after one year

    return step


def registry() -> RuleRegistry:
    found = RuleRegistry()
    register_engine_queries(found)
    for name in ("turn_units_face_up", "draw_cards", "draw_consuls", "initiative", "actions",
                 "resolve_sieges", "economy"):  # fmt: skip
        found.add_procedure(name, recorder(name), rule="HB III")
    found.add_query("game_over", lambda ctx: bool(ctx.state["records"].get("over")), returns="bool")
    found.add_query(
        "vp", lambda ctx, side: int(ctx.state["records"].get("vp", {}).get(side, 0)),
        returns="int", params={"side": "side"},
    )  # fmt: skip
    found.add_query(
        "captured_enemy_capital", lambda ctx, side: False, returns="bool", params={"side": "side"}
    )
    found.add_query(
        "attitude",
        lambda ctx, tribe, side: ctx.state["records"].get("attitudes", {}).get(tribe, {}).get(
            side, "neutral"
        ),
        returns="str", rule="HB 8.1", params={"tribe": "space", "side": "side"},
    )  # fmt: skip
    return found


@pytest.fixture(scope="module")
def game() -> Game:
    board = load_game(FIXTURES / "hb_board")
    rules = registry()
    ruleset = load_rules([FIXTURES / "hannibal_barkas.rules"], board.symbols(), rules)
    return compile_game(board, ruleset, rules)


def attitude_roll(game: Game, die: int, attitudes: dict[str, Any], **arguments: Any) -> Any:
    state: State = game.setup()
    state["records"]["attitudes"] = attitudes
    run = Run(dice=ForcedDice([die]))
    return Context(game, state, run).roll_on("gallic_attitude", column="attitude", **arguments)


def test_rule_8_2_table_2_reads_back_as_printed(game: Game) -> None:
    table = game.rules.ruleset.table("gallic_attitude")  # type: ignore[attr-defined]
    printed = [
        (key.label, cells[0].text, cells[1].text)
        for key, cells in zip(table.row_keys, table.cells, strict=True)
        if not isinstance(key, str)
    ]
    assert printed == GALLIC_AS_PRINTED


def test_rule_8_2_example_13_romans_among_lingones_friendly_to_carthage(game: Game) -> None:
    """Ex. 13: Rome has -4 (the tribe is friendly to Carthage), rolls 5: 1, hostile."""
    result = attitude_roll(game, 5, {"Lingones": {"rome": "unfriendly"}}, tribe="Lingones",
                           tester="rome")  # fmt: skip
    assert (result.roll, result.modifier, result.modified, result.cell.text) == (
        5, -4, 1, "Wrogie",
    )  # fmt: skip


def test_rule_8_1_friendly_tribe_gives_plus_4_and_rolls_clamp_at_10(game: Game) -> None:
    result = attitude_roll(game, 9, {"Boii": {"carthage": "friendly"}}, tribe="Boii",
                           tester="carthage")  # fmt: skip
    assert (result.modifier, result.modified, result.cell.text) == (4, 10, "Sojusz")


def test_rule_8_2_neutral_tribe_has_no_modifier(game: Game) -> None:
    result = attitude_roll(game, 5, {}, tribe="Boii", tester="rome")
    assert (result.modifier, result.cell.text) == (0, "Neutralne")
    table = game.rules.ruleset.table("gallic_attitude")  # type: ignore[attr-defined]
    assert table.lookup(7, "modifier").number == 4


def test_rule_iii_a_year_has_six_stages_with_consuls_in_2_and_economy_in_3_and_6(
    game: Game,
) -> None:
    state = game.new_state()
    calls = state["records"]["calls"]
    assert [c["vars"]["stage"] for c in calls if c["p"] == "draw_consuls"] == [2]
    assert [c["vars"]["stage"] for c in calls if c["p"] == "economy"] == [3, 6]
    assert len([c for c in calls if c["p"] == "draw_cards"]) == 6
    assert {c["vars"]["year"] for c in calls} == {1}
    assert state["result"] == {
        "winner": None,
        "reason": "the sequence of play ended without a winner",
        "rule": "",
    }


def test_rule_11_2_the_vp_target_is_checked_every_stage(game: Game) -> None:
    """HB 11.2: the first stage's check ends the war as soon as a side reaches the target."""
    state = game.setup()
    state["records"]["vp"] = {"carthage": 30, "rome": 12}
    game.begin(state)
    assert state["result"] == {"winner": "carthage", "reason": "Carthage wins (vp_target)",
                               "rule": "HB 11.2"}  # fmt: skip
    assert [c["p"] for c in state["records"]["calls"]][-1] == "resolve_sieges"
