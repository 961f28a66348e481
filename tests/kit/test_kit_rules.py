"""The kit's primitives called from a rules file: a small battle on the demo game.

Red attacks Midford with Red Foot (C2, strength 3) and Red Boat (D2, 2); Blue defends
with Blue Foot (C3, 3) and holds Blue Guard (B2, 2) in reserve until round 2. The
battle is a ``procedure`` written on the kit alone (``firing_order``, ``fighting``,
``roll_hits``, ``strongest``, ``step_loss``), so these tests check each primitive as a
rules file uses it: typed by the checker, run by the engine, with forced dice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.engine.state import State
from legatus.framework.engine.view import observe
from legatus.framework.model.errors import RulesErrors
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import RuleRegistry
from tests.kit.helpers import asked, compile_rules, kit_registry

RULES = """\
game demo_skirmish

param rounds: int in 1..9 = 2 "Battle rounds at most" @rule "KIT 1"
param arrival: int in 1..9 = 2 "The round at whose start reserves arrive" @rule "KIT 3"

sequence: @rule "KIT 0"
  step muster @rule "KIT 0"
  step battle(at: "Midford", attacker: "red") @rule "KIT 1"

procedure battle(at: space, attacker: side): @rule "KIT 1"
  "Rounds of fire in initiative order, the defender first on a tie; each hit takes a step from the strongest enemy block, its owner choosing among equals."
  let reserves = held_back()
  repeat round in 1..rounds:
    for block in firing_order(fighting(pieces_at(at), reserves, round, arrival), attacker):
      if location(block) == at:
        decide turn by owner(block):
          "{block}: fire or pass, round {round}"
          option fire(shooter: piece from [block]): @rule "KIT 2"
            let hits = roll_hits(strength(block), fire_value(block, owner(block) == attacker))
            for enemy in other_sides(owner(block)):
              let targets = fighting(side_pieces_at(enemy, at), reserves, round, arrival)
              while hits > 0 and count(targets) > 0:
                let tied = strongest(targets)
                if count(tied) == 1:
                  for target in tied:
                    step_loss(target)
                else:
                  decide hit by enemy:
                    "{enemy}: which of the strongest takes the hit?"
                    option hit(target: piece from tied):
                      step_loss(target)
                set hits = hits - 1
                set targets = fighting(side_pieces_at(enemy, at), reserves, round, arrival)
          option pass(shooter: piece from [block])
"""


def _muster(ctx: Context) -> None:
    """Every piece to Midford: the battle's ground."""
    for piece in ctx.state["pieces"].values():
        piece["at"] = "Midford"


def _registry() -> RuleRegistry:
    registry = kit_registry()
    registry.add_query("held_back", lambda ctx: ["Blue Guard"], returns="list[piece]")
    registry.add_procedure("muster", _muster, rule="KIT 0")
    return registry


def kit_game(demo: GameDef, tmp_path: Path, rules: str = RULES) -> Game:
    return compile_rules(demo, tmp_path, "kit.rules", rules, _registry())


def _strengths(state: State) -> dict[str, tuple[str, int]]:
    return {pid: (p["at"], p["strength"]) for pid, p in sorted(state["pieces"].items())}


def test_the_defender_fires_first_on_an_equal_letter(demo: GameDef, tmp_path: Path) -> None:
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    # Round 1: Blue Foot (C, defending) before Red Foot (C, attacking); the reserve waits.
    assert asked(game, state) == (
        "blue",
        "turn",
        "Blue Foot: fire or pass, round 1",
        ["fire(Blue Foot)", "pass(Blue Foot)"],
    )


def test_hits_go_to_the_strongest_and_the_owner_breaks_a_tie(demo: GameDef, tmp_path: Path) -> None:
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    # Blue Foot (C3, strength 3) rolls 3 dice: 3 and 2 hit, 4 misses.
    game.apply(state, "fire(Blue Foot)", run=Run(dice=ForcedDice([[3, 4, 2]])))
    # The first hit takes Red Foot (3, the one strongest) to 2 without asking ...
    assert state["pieces"]["Red Foot"]["strength"] == 2
    # ... the second finds Red Foot and Red Boat at 2: Red picks.
    assert asked(game, state) == (
        "red",
        "hit",
        "Red: which of the strongest takes the hit?",
        ["hit(Red Boat)", "hit(Red Foot)"],
    )
    game.apply(state, "hit(Red Boat)")
    assert _strengths(state)["Red Boat"] == ("Midford", 1)
    texts = [e["text"] for e in state["log"]]
    assert "3 dice hitting on 3 or less: 3, 4, 2 -> 2" in texts
    assert "Red Foot loses a step in Midford: 3 -> 2" in texts
    assert texts[-1] == "Red Boat loses a step in Midford: 2 -> 1"


def test_a_block_below_its_lowest_step_goes_to_its_pool(demo: GameDef, tmp_path: Path) -> None:
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "fire(Blue Foot)", run=Run(dice=ForcedDice([[1, 1, 1]])))
    game.apply(state, "hit(Red Boat)")  # Red Foot 3 -> 2, then Red Boat 2 -> 1
    # The third hit: Red Foot (2) is now the one strongest.
    assert _strengths(state)["Red Foot"] == ("Midford", 1)
    # Red Foot fires (C2, strength 1): a miss; Red Boat (D) last, and passes.
    game.apply(state, "fire(Red Foot)", run=Run(dice=ForcedDice([[5]])))
    assert asked(game, state)[2] == "Red Boat: fire or pass, round 1"
    game.apply(state, "pass(Red Boat)")
    # Round 2: the reserve has arrived, and fires first (B).
    assert asked(game, state)[2:] == (
        "Blue Guard: fire or pass, round 2",
        ["fire(Blue Guard)", "pass(Blue Guard)"],
    )
    game.apply(state, "fire(Blue Guard)", run=Run(dice=ForcedDice([[2, 1]])))
    game.apply(state, "hit(Red Boat)")  # both at 1: Red picks; Red Boat goes to the pool
    assert _strengths(state)["Red Boat"] == ("pool", 1)  # at its lowest strength
    assert _strengths(state)["Red Foot"] == ("pool", 1)


def test_reserves_do_not_fight_before_they_arrive(demo: GameDef, tmp_path: Path) -> None:
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "pass(Blue Foot)")
    # Red Foot's two hits find only Blue Foot: Blue Guard is held back in round 1.
    game.apply(state, "fire(Red Foot)", run=Run(dice=ForcedDice([[1, 2, 6]])))
    assert _strengths(state)["Blue Foot"] == ("Midford", 1)
    assert _strengths(state)["Blue Guard"] == ("Midford", 2)


def test_a_step_loss_is_logged_by_name_to_the_sides_that_see_the_block(
    demo: GameDef, tmp_path: Path
) -> None:
    game = kit_game(demo, tmp_path)
    state = game.new_state(seed=1)
    game.apply(state, "pass(Blue Foot)")
    game.apply(state, "fire(Red Foot)", run=Run(dice=ForcedDice([[1, 6, 6]])))
    # The demo game shows every piece to everyone: the step loss is named to both.
    for side in ("red", "blue"):
        assert observe(demo, state, side)["log"][-1]["text"] == (
            "Blue Foot loses a step in Midford: 3 -> 2"
        )


def test_the_checker_types_the_kit_s_calls(demo: GameDef, tmp_path: Path) -> None:
    wrong = RULES.replace("strongest(targets)", "strongest(enemy)")
    with pytest.raises(RulesErrors, match="strongest"):
        kit_game(demo, tmp_path, wrong)


def test_a_border_s_limit_is_read_by_kind_from_the_rules(demo: GameDef, tmp_path: Path) -> None:
    rules = RULES.replace(
        'step muster @rule "KIT 0"',
        'step muster when border_limit("Northtown", "Midford", ["road", "shore"], [3, 1]) '
        '== 3 and border_limit("Midford", "Still Lake", ["road", "shore"], [3, 1]) == 1 '
        '@rule "KIT 0"',
    )
    game = kit_game(demo, tmp_path, rules)
    state = game.new_state(seed=1)
    assert state["pieces"]["Red Boat"]["at"] == "Midford"  # the muster ran: both limits held
