"""HotS 5.0-5.8: what the battles call beyond the kit, and whole battles in random games.

Positions as in test_rule_4_movement: the Braveheart state with only the example's blocks
on the map.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from legatus.games.hammer_of_the_scots import battle
from tests.hammer_of_the_scots.test_rule_4_movement import GAME, _ctx


def test_a_noble_defending_a_home_area_fires_b3() -> None:
    """HotS 1.4: Bruce defends Annan or Carrick at B3; attacking there, or elsewhere, B2."""
    ctx = _ctx(Bruce__S="Carrick")
    assert battle.fire_at(ctx, "Bruce/S", "Carrick", False) == 3
    assert battle.fire_at(ctx, "Bruce/S", "Annan", False) == 3
    assert battle.fire_at(ctx, "Bruce/S", "Carrick", True) == 0
    assert battle.fire_at(ctx, "Bruce/S", "Lanark", False) == 0


def test_a_beaten_noble_changes_side_at_strength_1() -> None:
    """HotS 5.7: Comyn (red) at his last step is replaced by his blue block at strength 1
    where he stands; Moray, who has no red block, dies for good (5.8)."""
    ctx = _ctx(Comyn__E="Badenoch", Moray="Moray")
    ctx.state["records"]["battle"] = {"location": "Badenoch", "round": 1}
    ctx.state["pieces"]["Comyn/E"]["strength"] = 1
    battle.take_hit(ctx, "Comyn/E")
    pieces = ctx.state["pieces"]
    assert (pieces["Comyn/S"]["at"], pieces["Comyn/S"]["strength"]) == ("Badenoch", 1)
    assert pieces["Comyn/E"]["at"] == "out"
    ctx.state["pieces"]["Moray"]["strength"] = 1
    battle.take_hit(ctx, "Moray")
    assert pieces["Moray"]["at"] == "out"
    assert ctx.state["records"]["dead"] == ["Moray"]


def test_edward_i_killed_becomes_edward_ii_in_the_pool() -> None:
    """AMB-11 (default reading): Edward I killed in combat goes to the pool as Edward II."""
    ctx = _ctx(Edward="Annan")
    ctx.state["records"]["battle"] = {"location": "Annan", "round": 1}
    ctx.state["pieces"]["Edward"]["strength"] = 1
    battle.take_hit(ctx, "Edward")
    assert ctx.state["pieces"]["Edward"]["at"] == "pool"
    assert ctx.state["records"]["edward"] == 2


def test_retreats_not_across_a_border_the_enemy_entered_by() -> None:
    """HotS 5.5: the Scots defending Buchan, attacked from Angus, may retreat to Mar,
    Strathspey or Badenoch, not Angus (enemy-held, and the border the enemy used)."""
    ctx = _ctx(Douglas="Buchan", York_Infantry="Buchan")
    ctx.state["records"]["player1"] = "english"
    attack = {"entered": {"english": ["Angus|Buchan"], "scots": []}}
    assert battle.retreat_areas(ctx, "Buchan", "Douglas", attack, {}) == [
        "Badenoch",
        "Mar",
        "Strathspey",
    ]
    attack = {"entered": {"english": ["Buchan|Mar"], "scots": []}}
    assert "Mar" not in battle.retreat_areas(ctx, "Buchan", "Douglas", attack, {})


def test_red_border_limit_per_round_and_the_national_border() -> None:
    """HotS 5.5: two blocks a round across a red border; AMB-7: Scots never into England."""
    ctx = _ctx(Douglas="Teviot", Campbell="Teviot", York_Infantry="Teviot")
    ctx.state["records"]["player1"] = "english"
    attack = {"entered": {"english": ["Dunbar|Teviot"], "scots": []}}
    used = battle.retreat_counted(ctx, "Teviot", "Douglas", "Annan", {})
    used = battle.retreat_counted(ctx, "Teviot", "Campbell", "Annan", used)
    areas = battle.retreat_areas(ctx, "Teviot", "Douglas", attack, used)
    assert areas == ["Selkirk"]


def test_the_norse_retreats_to_a_friendly_coastal_area() -> None:
    """HotS 4.7: any friendly (not vacant) coastal area, never England."""
    ctx = _ctx(Norse="Buchan", York_Infantry="Buchan", Douglas="Galloway", Grant="Lanark")
    ctx.state["records"]["player1"] = "english"
    attack = {"entered": {"english": [], "scots": []}}
    assert battle.retreat_areas(ctx, "Buchan", "Norse", attack, {}) == ["Galloway"]


@pytest.mark.parametrize("scenario", ["braveheart", "bruce", "campaign"])
def test_random_games_play_to_the_end_with_one_block_per_noble(scenario: str) -> None:
    """Whole random games with battles end without a fault; at every step at most one of a
    noble's two blocks is in play (HotS 2.22)."""
    pairs = [(b, p.counterpart) for b, p in GAME.definition.pieces.items() if p.counterpart]
    for seed in range(2):
        state: Any = GAME.new_state(scenario, seed=seed)
        choose = random.Random(seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, choose.choice(GAME.legal_actions(state)))
            pieces = state["pieces"]
            assert all(pieces[a]["at"] == "out" or pieces[b]["at"] == "out" for a, b in pairs)


def test_schiltroms_option() -> None:
    """HotS sidebar "Schiltroms" (optional): Scottish infantry fire one better in a battle
    where the English have no archers."""
    ctx = _ctx(Douglas="Fife", York_Infantry="Fife")
    assert battle.fire_at(ctx, "Douglas", "Fife", True) == 0
    values = {**GAME.rules.values, "schiltroms": True}
    ctx.param = lambda name: values[name]
    assert battle.fire_at(ctx, "Douglas", "Fife", True) == 4
    ctx.state["pieces"]["Wales Archers"]["at"] = "Fife"
    assert battle.fire_at(ctx, "Douglas", "Fife", True) == 0
