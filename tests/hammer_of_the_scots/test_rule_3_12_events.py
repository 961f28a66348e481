"""HotS 3.12 (the events), 4.7 (the Norse), 5.2 (Celtic Unity), 5.9 (Border Raids) and 6.2
(Coronation, Return of the King): their queries and effects on example positions."""

from __future__ import annotations

from legatus.games.hammer_of_the_scots import events, movement
from tests.hammer_of_the_scots.test_rule_4_movement import _ctx, _ends


def test_herald_names_any_enemy_noble_but_moray() -> None:
    ctx = _ctx(Moray="Moray", Bruce__S="Annan", Comyn__E="Badenoch")
    assert events.herald_targets(ctx, "english") == ["Bruce/S"]
    assert events.herald_targets(ctx, "scots") == ["Comyn/E"]


def test_a_defection_among_former_friends_is_a_battle_now() -> None:
    """Card Herald, HotS 6.21: Angus (red) turned in Angus beside English infantry: a battle
    there, the Scots attacking."""
    ctx = _ctx(Angus__E="Angus", York_Infantry="Angus")
    events.defect(ctx, "Angus/E", "scots")
    assert ctx.state["pieces"]["Angus/S"]["at"] == "Angus"
    assert events.defection_areas(ctx) == ["Angus"]
    assert events.defector_side(ctx, "Angus") == "scots"


def test_pillage_targets_enemy_groups_next_to_a_friendly_one() -> None:
    ctx = _ctx(Douglas="Fife", York_Infantry="Angus", Lancaster_Infantry="Lanark")
    assert events.pillage_targets(ctx, "scots") == ["Angus"]
    assert events.side_steps(ctx, "english", "Angus") == 4


def test_sea_move_between_friendly_coastal_areas() -> None:
    """Card Sea Move: not the Norse, to a friendly (not vacant) coastal area."""
    ctx = _ctx(Douglas="Fife", Norse="Fife", Grant="Moray", Fraser="Lanark")
    assert events.sea_origins(ctx, "scots") == ["Fife", "Moray"]
    assert events.sea_destinations(ctx, "scots", "Fife") == ["Moray"]
    assert events.sea_movers(ctx, "scots", "Fife") == ["Douglas"]


def test_under_an_enemy_truce_no_attack_and_no_raid() -> None:
    """Card Truce: the enemy may move but not attack; the Scots may not enter England."""
    ctx = _ctx(Wallace="Annan", Galloway__E="Galloway")
    assert {"Galloway", "England"} <= _ends(ctx, "scots", "Wallace")
    events.declare_truce(ctx, "english")
    ends = _ends(ctx, "scots", "Wallace")
    assert "Galloway" not in ends and "England" not in ends and "Carrick" in ends


def test_the_norse_goes_by_sea_to_any_coastal_area_but_england() -> None:
    """HotS 4.7."""
    ctx = _ctx(Norse="Ross")
    assert events.norse_movers(ctx, "scots") == ["Norse"]
    found = events.norse_destinations(ctx, "scots", "Norse")
    assert "England" not in found and "Ross" not in found and "Lanark" not in found
    assert len(found) == 15


def test_coronation_and_return_of_the_king() -> None:
    """HotS 6.21: Bruce in Fife once Wallace is dead; the Comyn nobles go over to the
    English. 6.22: the French knights on the map from 1301."""
    ctx = _ctx(Bruce__S="Fife", Argyll__S="Argyll", Mar__S="Mar", Moray="Moray")
    assert events.crown_choices(ctx) == []
    ctx.state["records"]["dead"] = ["Wallace"]
    assert events.crown_choices(ctx) == ["Bruce/S"]
    events.crown_king(ctx, "Bruce/S")
    pieces = ctx.state["pieces"]
    assert pieces["King"]["at"] == "Fife" and pieces["King"]["strength"] == 4
    assert pieces["Argyll/E"]["at"] == "Argyll" and pieces["Argyll/S"]["at"] == "out"
    assert pieces["Mar/S"]["at"] == "Mar" and pieces["Moray"]["side"] == "scots"
    assert events.crown_choices(ctx) == []
    ctx = _ctx(French_Knights="Lothian")
    ctx.state["records"]["year"] = 1301
    assert events.crown_choices(ctx) == ["French Knights"]


def test_celtic_unity_sends_a_welsh_block_home_on_5_or_6() -> None:
    ctx = _ctx(Wales_Archers="Annan", Ulster_Infantry="Annan", York_Infantry="Annan")
    rolls = iter([6, 4])
    ctx.roll = lambda count, sides, what="": [next(rolls)]
    events.celtic_unity(ctx, "Annan", ["Ulster Infantry", "Wales Archers", "York Infantry"])
    pieces = ctx.state["pieces"]
    assert (pieces["Ulster Infantry"]["at"], pieces["Wales Archers"]["at"]) == ("pool", "Annan")


def test_a_border_raid_costs_the_english_a_non_noble() -> None:
    """HotS 5.9: Scots in England: any English non-noble on the map may be disbanded."""
    ctx = _ctx(Douglas="England", York_Infantry="Lothian", Angus__E="Angus")
    assert events.raid_losses(ctx) == ["York Infantry"]
    ctx = _ctx(Douglas="Annan", York_Infantry="Lothian")
    assert events.raid_losses(ctx) == []


def test_moves_are_unchanged_without_a_truce() -> None:
    ctx = _ctx(Wallace="Annan")
    assert not movement.Movement(ctx, "scots").truce
