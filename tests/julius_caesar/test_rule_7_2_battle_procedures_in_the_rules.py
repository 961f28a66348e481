"""JC 7.1, 7.2 as procedures of ``julius_caesar.rules`` (``battle_phase``, ``battle``): a
variant replaces them like any other procedure, and the small queries and effects the
battle calls in Python (the turn slots, retreat counts, the first fire) do what their
rules say.
"""

from __future__ import annotations

from legatus.framework.engine.core import Game
from legatus.framework.engine.situation import context_of
from legatus.framework.kit import fight, reads
from legatus.framework.kit import rules as kit_rules
from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules.parser import parse_variant
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import battle, queries

from .conftest import JC, command_phase, group

#: Caesar's Legio 7 attacks Tarraco from Narbo; Pompeius's Legio 1 attacks Neapolis from Roma.
TWO_BATTLES = """
setup:
  caesar: {map: {Narbo: [Legio 7], Neapolis: [Legio 13]}, others: out}
  pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}], Roma: [{piece: Legio 1, strength: 1}]}, others: out}
"""
ATTACKS = [*group("Narbo", "Tarraco", "Legio 7"), *group("Roma", "Neapolis", "Legio 1")]

#: A designer's "what if the battles were fought in the order they were listed?": Player 1
#: is not asked; written in the rules language, no Python.
LISTED_ORDER = """\
variant listed_order of julius_caesar "Battles in the order of the list"
replace procedure battle_phase: @rule "JC 7.1 (test)"
  "The battles are fought in the order the command phase listed them."
  while count(pending_battles()) > 0:
    for location in pending_battles():
      if location in pending_battles():
        take_battle(location)
        battle(location, battle_first_fire(location, [], false))
  battles_over()
"""


def _game(text: str, name: str) -> Game:
    return default_catalog().load_variants(JC, [parse_variant(text, name)])


def two_battles(play_from: PlayFrom, game: Game | str = JC) -> Kit:
    kit = play_from(game, command_phase(TWO_BATTLES, pompey=(1, 0)))
    return kit.act(*ATTACKS)


def test_the_shipped_battle_phase_asks_player_1(play_from: PlayFrom) -> None:
    kit = two_battles(play_from)
    assert kit.asked == ("caesar", "battle_choice")


def test_a_variant_s_battle_phase_replaces_the_shipped_one(play_from: PlayFrom) -> None:
    kit = two_battles(play_from, _game(LISTED_ORDER, "listed_order.variant"))
    assert kit.asked == ("pompey", "battle_turn")  # Legio 5 defends: first on equal letters
    assert reads.battle(kit) == reads.BattleNow("Tarraco", 1, "caesar", "pompey")
    assert reads.battles(kit) == ["Neapolis"]


def test_the_battle_s_variables_are_its_frame(play_from: PlayFrom) -> None:
    """The board and the queries read the battle from its procedure's variables."""
    kit = two_battles(play_from).act("battle(Tarraco)")
    frame = next(f for f in kit.state["stack"] if f.get("p") == "battle")["env"]
    assert frame["location"] == "Tarraco" and frame["blocks"] == ["Legio 5", "Legio 7"]
    assert (frame["attacker"], frame["defender"], frame["round"]) == ("caesar", "pompey", 1)
    assert frame["reserves"] == [] and frame["acted"] == []
    assert queries.battle_order(kit) == [["Legio 5"], ["Legio 7"]]
    kit.act("pass(Legio 5)")
    assert queries.battle_order(kit) == [["Legio 7"]]


def test_retreat_counted_keeps_a_count_per_side_and_road(play_from: PlayFrom) -> None:
    """JC 7.61, 7.64, 7.82: a road retreat counts on its road, one by sea on ``sea``, a
    navis on nothing; the count given is not changed."""
    kit = two_battles(play_from).act("battle(Tarraco)")
    ctx = context_of(kit)
    used = kit_rules.no_retreats(ctx)
    one = battle.retreat_counted(ctx, "Tarraco", "Legio 5", ["Carthago Nova"], used)
    assert used == {}
    key = next(iter(one["pompey"]))
    assert one == {"pompey": {key: 1}} and "Tarraco" in key and "Carthago Nova" in key
    two = battle.retreat_counted(ctx, "Tarraco", "Legio 5", ["Mare Hispanum", "Massilia"], one)
    assert two == {"pompey": {key: 1, "sea": 1}}
    assert battle.retreat_counted(ctx, "Tarraco", "P Navis 1", ["Mare Hispanum"], two) == two


def test_the_first_fire_favours_one_battle_only(play_from: PlayFrom) -> None:
    """JC 2.1 Mars, Neptune: no first fire once a battle had it, nor in a battle other than
    the one the event's player named; without an event none at all."""
    kit = two_battles(play_from)
    ctx = context_of(kit)
    assert battle.battle_first_fire(ctx, "Tarraco", [], False) is None
    assert fight.granted(ctx, None) is False and fight.granted(ctx, {"mode": "mars"})
    assert battle.first_fire_battles(ctx) == []


def test_main_force_and_reserves_alone(play_from: PlayFrom) -> None:
    """JC 7.3, 7.31: a side whose blocks there are all reserves, in round 1: its main force is
    lost if it had one; either way it has only reserves left."""
    kit = two_battles(play_from).act("battle(Tarraco)")
    ctx = context_of(kit)
    blocks = ["Legio 5", "Legio 7"]
    assert kit_rules.main_forces(ctx, blocks, ["Legio 5"]) == ["caesar"]
    assert kit_rules.main_forces(ctx, blocks, []) == ["caesar", "pompey"]
    lost = kit_rules.main_force_lost(
        ctx, "Tarraco", blocks, ["Legio 5"], ["caesar", "pompey"], [], 1, 2
    )
    assert lost == ["pompey"]
    assert (
        kit_rules.main_force_lost(ctx, "Tarraco", blocks, ["Legio 5"], ["pompey"], ["pompey"], 1, 2)
        == []
    )
    assert (
        kit_rules.main_force_lost(ctx, "Tarraco", blocks, ["Legio 5"], ["pompey"], [], 2, 2) == []
    )
    assert kit_rules.reserves_alone(ctx, "Tarraco", blocks, ["Legio 5"], 1, 2) == ["pompey"]
    assert kit_rules.reserves_alone(ctx, "Tarraco", blocks, ["Legio 5"], 2, 2) == []
    assert kit_rules.with_side(ctx, ["caesar"], "pompey") == ["caesar", "pompey"]
