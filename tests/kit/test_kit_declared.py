"""The kit's declared block game (:mod:`legatus.framework.kit.declared`): group moves and
retreats whose settings are rules parameters, no Python of the game's.

On the demo game, given the command records: Northtown - Midford - Southtown by road. Blue
Foot and Blue Guard stand in Southtown, Red Foot in Northtown; Blue Guard prints its own move
rating, 1, the others 2. A small rules file moves
Blue's group from Southtown on the declared queries and effects; each test changes one
parameter and reads the legal moves the rules file offers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.kit.declared import (
    NEEDS,
    declared_settings,
    register_declared,
    retreat_routes,
)
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from legatus.framework.tools.testing.kit import play_from
from tests.kit.helpers import COMMAND_RECORDS, compile_rules, demo_copy, kit_registry

#: The parameters the declared moves read, by name; a test replaces one.
PARAMS = {
    "move.distance": "int = 2",
    "move.attack_distance": "int = 1",
    "move.reinforce_distance": "int = 1",
    "move.borders": 'list[connection_kind] = ["road"]',
    "move.limits": "list[int] = [2]",
    "move.attack_limits": "list[int] = [2]",
    "move.stop_borders": "list[connection_kind] = []",
    "events.declinable": "list[card] = []",
}

RULES = """\
game demo_skirmish

{params}

sequence: @rule "KIT 0"
  step orders(side: "blue", origin: "Southtown") @rule "KIT 1"

procedure orders(side: side, origin: space): @rule "KIT 1"
  "The group at origin moves, one block at a time, on the declared settings."
  new_command_turn()
  begin_group(side, origin)
  let open = true
  while open and count(group_movers(side, origin, "card")) > 0:
    decide move by side:
      "{{side}}: move a block of the group"
      option move(block: piece from group_movers(side, origin, "card"), path: list[space] from block_routes(side, origin, "card", block)):
        move_group_block(side, block, path)
      option end_group:
        set open = false
  settle_attacks(side)
"""

SETUP = """
    setup:
      red: {map: {Northtown: [Red Foot]}, others: pool}
      blue: {map: {Southtown: [Blue Foot, Blue Guard]}, others: pool}
    """


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    # Blue Guard prints its own move rating, 1 (a piece's ``move`` stat).
    stats = [
        (
            "infantry: {stands_on: [land], levy: named}",
            "infantry: {stands_on: [land], levy: named, stats: [move]}",
        ),
        ("levy: Northtown}", "levy: Northtown, stats: {move: 2}}"),
        (
            "rating: C3, steps: 3, levy: Southtown}",
            "rating: C3, steps: 3, levy: Southtown, stats: {move: 2}}",
        ),
        (
            "rating: B2, steps: 2, levy: Southtown}",
            "rating: B2, steps: 2, levy: Southtown, stats: {move: 1}}",
        ),
    ]
    folder = demo_copy(
        tmp_path_factory,
        "declared",
        append={"game.yaml": COMMAND_RECORDS},
        replace={"pieces.yaml": stats},
    )
    return load_game(folder)


def _rules(**changed: str) -> str:
    given = {**PARAMS, **{name.replace("__", "."): v for name, v in changed.items()}}
    lines = [f'param {name}: {value} "{name}" @rule "KIT 0"' for name, value in given.items()]
    return RULES.format(params="\n".join(lines))


def _game(demo: GameDef, tmp_path: Path, rules: str) -> Game:
    registry = kit_registry(kit=False)
    register_declared(registry)
    return compile_rules(demo, tmp_path, "declared.rules", rules, registry)


def test_the_settings_are_the_parameters(demo: GameDef, tmp_path: Path) -> None:
    rules = _rules(move__stop_borders='list[connection_kind] = ["road"]')
    kit = play_from(_game(demo, tmp_path, rules), SETUP)
    settings = declared_settings(kit.context())
    assert (settings.distance, settings.attack_distance, settings.reinforce_distance) == (2, 1, 1)
    assert settings.moving_limits == {"road": 2} and settings.engaging_limits == {"road": 2}
    assert settings.stop_kinds == {"road"}


def test_a_block_moves_its_distance_and_attacks_only_at_its_attack_distance(
    demo: GameDef, tmp_path: Path
) -> None:
    kit = play_from(_game(demo, tmp_path, _rules()), SETUP)
    # Midford is one area away; Northtown, Red's, two: beyond the attack distance 1.
    assert "move(Blue Foot, Southtown, Midford)" in kit.legal()
    assert not any(a.endswith("Northtown)") for a in kit.legal())
    farther = _rules(move__attack_distance="int = 2")
    kit = play_from(_game(demo, tmp_path, farther), SETUP)
    assert "move(Blue Foot, Southtown, Midford, Northtown)" in kit.legal()


def test_a_block_with_its_own_move_rating_moves_that_far(demo: GameDef, tmp_path: Path) -> None:
    farther = _rules(move__attack_distance="int = 2")
    kit = play_from(_game(demo, tmp_path, farther), SETUP)
    assert "move(Blue Foot, Southtown, Midford, Northtown)" in kit.legal()
    assert [a for a in kit.legal() if a.startswith("move(Blue Guard")] == [
        "move(Blue Guard, Southtown, Midford)"
    ]
    assert demo.pieces["Blue Guard"].stats == {"move": 1}


def test_a_stop_border_ends_the_move(demo: GameDef, tmp_path: Path) -> None:
    rules = _rules(
        move__attack_distance="int = 2", move__stop_borders='list[connection_kind] = ["road"]'
    )
    kit = play_from(_game(demo, tmp_path, rules), SETUP)
    assert [a for a in kit.legal() if a.startswith("move(Blue Foot")] == [
        "move(Blue Foot, Southtown, Midford)"
    ]


def test_the_border_limit_counts_the_blocks_of_a_side_across_a_border(
    demo: GameDef, tmp_path: Path
) -> None:
    kit = play_from(_game(demo, tmp_path, _rules(move__limits="list[int] = [1]")), SETUP)
    kit.act("move(Blue Foot, Southtown, Midford)")
    # One block across Southtown-Midford this turn: Blue Guard may not follow, so the group
    # has no block left to move and the procedure (the whole fixture game) ends.
    assert kit.over and kit.at("Blue Guard") == "Southtown"
    kit = play_from(_game(demo, tmp_path, _rules()), SETUP)
    kit.act("move(Blue Foot, Southtown, Midford)")
    assert "move(Blue Guard, Southtown, Midford)" in kit.legal()


def test_an_attack_is_recorded_and_pins(demo: GameDef, tmp_path: Path) -> None:
    setup = """
        setup:
          red: {map: {Midford: [Red Foot]}, others: pool}
          blue: {map: {Southtown: [Blue Foot, Blue Guard]}, others: pool}
        """
    kit = play_from(_game(demo, tmp_path, _rules()), setup)
    kit.act("move(Blue Foot, Southtown, Midford)", "end_group")
    attack = kit.record("command")["attacks"]["Midford"]
    assert (attack["attacker"], attack["pinned"]) == ("blue", 1)
    assert "1 block(s) defending Midford are pinned" in kit.log()


def test_the_checker_names_a_missing_parameter_with_its_type(demo: GameDef, tmp_path: Path) -> None:
    rules = _rules().replace('param move.limits: list[int] = [2] "move.limits" @rule "KIT 0"', "")
    with pytest.raises(RulesErrors) as caught:
        _game(demo, tmp_path, rules)
    assert "move.limits" in str(caught.value)
    assert set(NEEDS) <= set(PARAMS)


def test_retreats_follow_the_borders_the_sides_came_by_within_the_round_limit(
    demo: GameDef, tmp_path: Path
) -> None:
    """Blue attacked Midford from Southtown: Blue may retreat only back across that border
    (Northtown is vacant but Blue did not come that way); Red, defending, never across it,
    and not across a border whose limit this round is used up."""
    setup = """
        setup:
          red: {map: {Midford: [Red Foot]}, others: pool}
          blue: {map: {Midford: [Blue Foot, Blue Guard]}, others: pool}
        """
    kit = play_from(_game(demo, tmp_path, _rules()), setup)
    ctx = kit.context()
    attack = {"entered": {"blue": ["Midford|Southtown"], "red": []}}
    assert retreat_routes(ctx, "Midford", "Blue Foot", "blue", attack, {}) == [["Southtown"]]
    assert retreat_routes(ctx, "Midford", "Red Foot", "blue", attack, {}) == [["Northtown"]]
    full = {"red": {"Midford|Northtown": 2}}
    assert retreat_routes(ctx, "Midford", "Red Foot", "blue", attack, full) == []
