"""Each rule variant changes what it says: base and variant readings side by side, on the
positions of test_rule_4_movement (reference 14, 3.0/4.0 differences; 15, ambiguities)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.hammer_of_the_scots import battle, events
from tests.hammer_of_the_scots.test_rule_4_movement import GAME, _ctx


def _reading(ctx: SimpleNamespace, **changed: Any) -> SimpleNamespace:
    """The context with parameters changed (``__`` for ``.`` in a name)."""
    values = {**GAME.rules.values, **{k.replace("__", "."): v for k, v in changed.items()}}
    ctx.param = lambda name: values[name]
    return ctx


def _in_battle(ctx: SimpleNamespace, area: str) -> None:
    ctx.state["records"]["battle"] = {"location": area, "round": 1}


def test_a_noble_beaten_by_pillage_turns_in_4_0_goes_to_the_pool_in_3_0() -> None:
    """HotS 5.7 (4.0: in combat or via Pillage) against 3.0 5.7 (combat only; V-4,
    variant pillage_nobles_3_0): Comyn (red) at strength 1 loses his last step to Pillage."""
    for turns, comyn_s, comyn_e in ((True, "Badenoch", "out"), (False, "out", "pool")):
        ctx = _reading(_ctx(Comyn__E="Badenoch"), pillage__turns_nobles=turns)
        ctx.state["pieces"]["Comyn/E"]["strength"] = 1
        battle.take_hit(ctx, "Comyn/E")
        pieces = ctx.state["pieces"]
        assert (pieces["Comyn/S"]["at"], pieces["Comyn/E"]["at"]) == (comyn_s, comyn_e)
    ctx = _reading(_ctx(Comyn__E="Badenoch"), pillage__turns_nobles=False)
    _in_battle(ctx, "Badenoch")
    ctx.state["pieces"]["Comyn/E"]["strength"] = 1
    battle.take_hit(ctx, "Comyn/E")
    assert ctx.state["pieces"]["Comyn/S"]["at"] == "Badenoch"


def test_black_cross_blocks_die_for_good_only_in_combat() -> None:
    """Reference 2 (HotS 5.8): Wallace eliminated by Pillage goes to the pool; in battle he
    is gone for good."""
    ctx = _ctx(Wallace="Selkirk")
    ctx.state["pieces"]["Wallace"]["strength"] = 1
    battle.take_hit(ctx, "Wallace")
    assert ctx.state["pieces"]["Wallace"]["at"] == "pool"
    _in_battle(ctx, "Selkirk")
    ctx.state["pieces"]["Wallace"].update(at="Selkirk", strength=1)
    battle.take_hit(ctx, "Wallace")
    assert ctx.state["pieces"]["Wallace"]["at"] == "out"


def test_the_king_killed_by_pillage_wins_in_4_0_not_in_the_9_1_reading() -> None:
    """HotS 6.2 "killed" (default) against 9.1 "eliminated in battle" (AMB-12, variant
    king_killed_in_battle): the King at strength 1 pillaged; in battle both readings win."""
    for any_way, lost in ((True, "scots"), (False, None)):
        ctx = _reading(_ctx(King="Fife"), king__killed_any_way=any_way)
        ctx.state["pieces"]["King"]["strength"] = 1
        battle.take_hit(ctx, "King")
        assert ctx.state["records"]["king_lost"] == lost
        assert ctx.state["pieces"]["King"]["at"] == "pool"
    ctx = _reading(_ctx(King="Fife"), king__killed_any_way=False)
    _in_battle(ctx, "Fife")
    ctx.state["pieces"]["King"]["strength"] = 1
    battle.take_hit(ctx, "King")
    assert ctx.state["records"]["king_lost"] == "scots"


def test_a_noble_turned_by_pillage_fights_now_only_in_the_variant() -> None:
    """AMB-4b: Comyn turned by a Scottish Pillage among English blocks; the default leaves
    Badenoch contested for the Battle Phase; variant pillage_battle_now makes it a
    defection battle fought at once, the Scots attacking (HotS 6.21)."""
    ctx = _ctx(Comyn__S="Badenoch", York_Infantry="Badenoch")
    ctx.state["records"]["defections"] = {}
    events.pillage_fights(ctx, "Badenoch", "scots")
    assert events.defection_areas(ctx) == ["Badenoch"]
    assert events.defector_side(ctx, "Badenoch") == "scots"
    ctx = _ctx(Comyn__S="Badenoch")
    ctx.state["records"]["defections"] = {}
    events.pillage_fights(ctx, "Badenoch", "scots")
    assert events.defection_areas(ctx) == []


def test_a_border_both_sides_entered_by_is_open_to_player_2_in_4_0_only() -> None:
    """HotS 5.5 (4.0: closed when the enemy was the last to use it; Player 2 moved last)
    against 3.0 5.5 (closed when the enemy used it; V-1, variant border_control_3_0): the
    English (Player 1) and the Scots both entered Buchan from Angus."""
    attack = {"entered": {"english": ["Angus|Buchan"], "scots": ["Angus|Buchan"]}}
    for latest, angus in ((True, True), (False, False)):
        ctx = _reading(
            _ctx(Douglas="Buchan", York_Infantry="Buchan"),
            border_control__last_battle_entry=latest,
        )
        ctx.state["records"]["player1"] = "english"
        assert ("Angus" in battle.retreat_areas(ctx, "Buchan", "Douglas", attack, {})) is angus
        assert "Angus" not in battle.retreat_areas(ctx, "Buchan", "York Infantry", attack, {})


def test_border_control_limits_regroups_only_in_the_variant() -> None:
    """HotS 5.6 and AMB-8 (3.0 5.6: border control does not apply; the default) against
    variant regroup_border_control: the Scots won in Buchan, which the English entered
    from Angus."""
    attack = {"entered": {"english": ["Angus|Buchan"], "scots": []}}
    ctx = _ctx(Douglas="Buchan")
    ctx.state["records"]["player1"] = "english"
    assert battle.regroup_to(ctx, "Buchan", "Douglas", attack) == [
        "Angus",
        "Badenoch",
        "Mar",
        "Strathspey",
    ]
    _reading(ctx, border_control__regroups=True)
    assert battle.regroup_to(ctx, "Buchan", "Douglas", attack) == ["Badenoch", "Mar", "Strathspey"]


def test_border_control_is_the_latest_use_across_the_turns_battles() -> None:
    """Reference 6.7 (HotS 5.5): the English (Player 1) attacked Buchan from Angus, then the
    Scots (Player 2) attacked Angus from Buchan and won there. Fighting in Buchan, the Scots
    may retreat to Angus: the latest use of that border to enter a battle was theirs. 3.0
    (V-1, variant border_control_3_0): the English used it to enter this battle: closed."""
    attack = {"entered": {"english": ["Angus|Buchan"], "scots": []}}
    public = {
        "Buchan": {"attacker": "english", "defender": "scots", "roads": ["Angus|Buchan"]},
        "Angus": {"attacker": "scots", "defender": "english", "roads": ["Angus|Buchan"]},
    }
    for latest, angus in ((True, True), (False, False)):
        ctx = _reading(
            _ctx(Douglas="Buchan", York_Infantry="Buchan", Campbell="Angus"),
            border_control__last_battle_entry=latest,
        )
        ctx.state["records"].update(player1="english", command={"attacks": public})
        assert ("Angus" in battle.retreat_areas(ctx, "Buchan", "Douglas", attack, {})) is angus


PILLAGED = """
at: {step: battle_phase, counters: {year: 1, turn: 1}}
records: {player1: english}
setup:
  english:
    map: {Badenoch: [{piece: Comyn/E, strength: 2}, {piece: York Infantry, strength: 1}]}
    others: out
  scots: {map: {Atholl: [Wallace], Mar: [Mar/S]}, others: out}
"""


def _pillage_comyn(play_from: PlayFrom, variant: str | None) -> Kit:
    """The Scots play Pillage on Badenoch from Atholl: the first hit takes Comyn (red) to 1;
    the English give him the second (he ties with the infantry) (HotS 3.12 card Pillage)."""
    kit = play_from("hammer_of_the_scots", PILLAGED, variant=variant)
    kit.run_procedure("event_or_crown", side="scots", event="Pillage")
    kit.act("choose(Badenoch)", "choose(Atholl)")
    assert kit.legal() == ["hit(Comyn/E)", "hit(York Infantry)"]
    return kit.act("hit(Comyn/E)")


def test_pillage_in_the_rules_file_each_reading(play_from: PlayFrom) -> None:
    """Through the shipped rules file: 4.0 5.7 turns Comyn blue in Badenoch, a contested
    area left to the Battle Phase (AMB-4b, the default); variant pillage_battle_now fights
    it at once, the Scots attacking (6.21); pillage_nobles_3_0 sends him to the pool (V-4)."""
    kit = _pillage_comyn(play_from, None)
    assert (kit.at("Comyn/S"), kit.strength("Comyn/S"), kit.finished) == ("Badenoch", 1, True)
    kit = _pillage_comyn(play_from, "pillage_battle_now")
    assert kit.asked == ("scots", "battle_turn")
    assert "Battle at Badenoch: Scots attack English" in kit.log()
    kit = _pillage_comyn(play_from, "pillage_nobles_3_0")
    assert (kit.at("Comyn/S"), kit.at("Comyn/E"), kit.finished) == ("out", "pool", True)
