"""HotS 7.0-7.8 (reference 9.3, 10): the Winter Turn played through the shipped rules file
on the public test kit, from positions at its steps, in the rulebook's order: nobles home
(the English first), the Scottish King, the English and then the Scots disbanding (forced
and by choice), the French knights, the builds, the Feudal Levy.

Each position puts only the blocks the rule is about on the map (the rest out of play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom

HOTS = "hammer_of_the_scots"


def winter_at(
    play_from: PlayFrom,
    step: str,
    english: Mapping[str, Sequence[Any]],
    scots: Mapping[str, Sequence[Any]],
    *,
    records: Mapping[str, Any] | None = None,
    pools: Mapping[str, Sequence[str]] | None = None,
    dice: Sequence[int | list[int]] = (),
) -> Kit:
    """The Winter Turn of 1297 from ``step``, with the blocks given by side and area (and
    those of ``pools`` in their side's pool), the rolls ``dice`` forced (a blind draw from
    a pool of N blocks rolls 1dN per block drawn). The scenario's opening draw is none."""
    setup = {
        side: {"map": dict(where), "pool": list((pools or {}).get(side, [])), "others": "out"}
        for side, where in (("english", english), ("scots", scots))
    }
    position = {
        "at": {"step": step, "counters": {"year": 1}},
        "records": {"opening_draw": 0, **(records or {})},
        "setup": setup,
    }
    return play_from(HOTS, position, dice=dice)


def test_hots_7_1_the_english_go_home_first_and_free_an_area(play_from: PlayFrom) -> None:
    """HotS 7.1 (reference 10.1): Atholl (red) stands in Mar, Mar (blue) in Fife. The
    English nobles go home first: Atholl leaves Mar for Atholl, so Mar (blue) then goes
    home to a vacant Mar and stays Scottish (had Atholl stayed, he would have turned)."""
    kit = winter_at(play_from, "english_home", {"Mar": ["Atholl/E"]}, {"Fife": ["Mar/S"]})
    assert (kit.at("Atholl/E"), kit.at("Mar/S"), kit.owner("Mar/S")) == ("Atholl", "Mar", "scots")
    assert "Atholl/E goes home to Atholl" in kit.log()
    assert "Mar/S goes home to Mar" in kit.log()


def test_hots_7_1_an_english_noble_going_home_to_a_scottish_area_turns(
    play_from: PlayFrom,
) -> None:
    """HotS 7.1: Mar (red) in Fife goes home to Mar, held by the Scots: his blue block
    replaces him there, at his strength."""
    kit = winter_at(
        play_from,
        "english_home",
        {"Fife": [{"piece": "Mar/E", "strength": 2}]},
        {"Mar": ["Douglas"]},
    )
    assert (kit.at("Mar/E"), kit.at("Mar/S"), kit.strength("Mar/S")) == ("out", "Mar", 2)
    assert "Mar/E goes home to Mar and joins Scots" in kit.log()


def test_hots_7_1_both_homes_enemy_held_the_new_side_places_him(play_from: PlayFrom) -> None:
    """HotS 7.1 (reference 10.1): Bruce (red) in Lanark, both his homes (Annan, Carrick)
    held by the Scots: he goes over, and the Scots, his new side, choose which home."""
    kit = winter_at(
        play_from,
        "english_home",
        {"Lanark": ["Bruce/E"]},
        {"Annan": ["Douglas"], "Carrick": ["Lindsay"]},
    )
    assert kit.asked == ("scots", "home")
    assert kit.legal() == ["home(Bruce/E, Annan)", "home(Bruce/E, Carrick)"]
    kit.act("home(Bruce/E, Carrick)")
    assert (kit.at("Bruce/S"), kit.owner("Bruce/S"), kit.at("Bruce/E")) == (
        "Carrick",
        "scots",
        "out",
    )


def test_hots_7_1_bruce_goes_to_a_free_home_and_keeps_his_side(play_from: PlayFrom) -> None:
    """HotS 7.1: Bruce (blue) with Annan English-held goes to Carrick, still Scottish; the
    English nobles' step asks nothing of him."""
    kit = winter_at(play_from, "scots_home", {"Annan": ["York Infantry"]}, {"Lanark": ["Bruce/S"]})
    assert (kit.at("Bruce/S"), kit.owner("Bruce/S")) == ("Carrick", "scots")


def test_hots_7_1_moray_may_go_home_or_stay(play_from: PlayFrom) -> None:
    """HotS 7.1, 7.5 (reference 8.3): Moray in Fife may go home to Moray or stay."""
    kit = winter_at(play_from, "scots_home", {}, {"Fife": ["Moray"]})
    assert kit.asked == ("scots", "home")
    assert kit.legal() == ["home(Moray, Fife)", "home(Moray, Moray)"]


def test_hots_7_2_the_king_winters_in_a_friendly_or_vacant_cathedral(
    play_from: PlayFrom,
) -> None:
    """HotS 7.2 (reference 9.3): the King in Angus may move to Fife (vacant) or Strathspey
    (Scottish), not Lennox (English-held); or stay, or disband. He goes to Fife."""
    kit = winter_at(
        play_from,
        "king_winter",
        {"Lennox": ["Lennox/E"]},
        {"Angus": ["King"], "Strathspey": ["Grant"]},
        records={"crowned": True},
    )
    assert kit.asked == ("scots", "king_winter")
    assert kit.legal() == [
        "disband(King)",
        "pass",
        "winter_at(King, Fife)",
        "winter_at(King, Strathspey)",
    ]
    kit.act("winter_at(King, Fife)")
    assert kit.at("King") == "Fife"
    assert "The Scottish King winters in Fife" in kit.log()


def test_hots_7_2_the_king_counts_against_the_cathedrals_castle_limit(
    play_from: PlayFrom,
) -> None:
    """AMB-22 (reference 9.3): the King joins Grant and Keith in Strathspey (1, +1 for the
    Scots' cathedral = 2): three blocks, so the Scots must disband one of them (7.5)."""
    kit = winter_at(
        play_from,
        "king_winter",
        {},
        {"Fife": ["King"], "Strathspey": ["Grant", "Keith"]},
        records={"crowned": True},
    )
    kit.act("winter_at(King, Strathspey)", "end_disband")
    assert kit.asked == ("scots", "winter_disband")
    assert kit.legal() == ["disband(Grant)", "disband(Keith)", "disband(King)"]
    kit.act("disband(Keith)")
    assert (kit.at("King"), kit.at("Keith")) == ("Strathspey", "pool")


def test_hots_7_2_a_king_who_disbands_goes_to_the_pool(play_from: PlayFrom) -> None:
    """AMB-21: the King disbanded goes to the Scottish pool; no new coronation (the record
    ``crowned`` stays set)."""
    kit = winter_at(play_from, "king_winter", {}, {"Fife": ["King"]}, records={"crowned": True})
    kit.act("disband(King)")
    assert (kit.at("King"), kit.record("crowned")) == ("pool", True)


def test_hots_7_31_english_knights_archers_and_hobelars_disband(play_from: PlayFrom) -> None:
    """HotS 7.3, 7.31: every block in England and the knights, archers and Hobelars in
    Scotland disband to the pool; then the English may disband infantry by choice (7.32),
    never a noble."""
    kit = winter_at(
        play_from,
        "english_winter",
        {
            "England": ["Durham Infantry"],
            "Lothian": ["York Knights", "Wales Archers", "Hobelars", "York Infantry", "Dunbar/E"],
        },
        {},
    )
    assert [kit.at(b) for b in ("Durham Infantry", "York Knights", "Wales Archers")] == [
        "pool",
        "pool",
        "pool",
    ]
    assert kit.at("Hobelars") == "pool"
    assert kit.asked == ("english", "disband_by_choice")
    assert kit.legal() == ["disband(York Infantry)", "end_disband"]


def test_hots_7_32_infantry_may_stay_within_the_castle_limit_or_disband(
    play_from: PlayFrom,
) -> None:
    """HotS 7.32 (reference 10.3): three English infantry in Lothian (castle 2): the English
    may first disband any by choice; one must go anyway, the English choosing which."""
    infantry = ["York Infantry", "Lancaster Infantry", "Durham Infantry"]
    kit = winter_at(play_from, "english_winter", {"Lothian": infantry}, {})
    assert kit.asked == ("english", "disband_by_choice")
    kit.act("end_disband")
    assert kit.asked == ("english", "winter_disband")
    assert kit.legal() == [f"disband({b})" for b in sorted(infantry)]
    kit.dice(1).act("disband(York Infantry)")  # the Feudal Levy then draws him back
    assert kit.pieces_at("Lothian") == ["Durham Infantry", "Lancaster Infantry"]


def test_hots_7_5_scots_disband_by_choice_nobles_never_moray_may(play_from: PlayFrom) -> None:
    """HotS 7.5, 7.1 (reference 10.5, 8.3): the Scots may disband any block by choice but
    their nobles; Moray may. Two choices, then the rest winter."""
    kit = winter_at(
        play_from,
        "scots_winter",
        {},
        {"Moray": ["Moray", "Fraser"], "Fife": ["Douglas", "Mar/S"]},
    )
    assert kit.asked == ("scots", "disband_by_choice")
    assert kit.legal() == ["disband(Douglas)", "disband(Fraser)", "disband(Moray)", "end_disband"]
    kit.act("disband(Moray)", "disband(Douglas)", "end_disband")
    assert [kit.at(b) for b in ("Moray", "Douglas", "Fraser", "Mar/S")] == [
        "pool",
        "pool",
        "Moray",
        "Fife",
    ]


def test_hots_7_5_scots_in_england_cannot_winter_there(play_from: PlayFrom) -> None:
    """HotS 5.9, 7.5: Scottish raiders in England disband to their pool."""
    kit = winter_at(play_from, "scots_winter", {}, {"England": ["Keith"], "Fife": ["Douglas"]})
    assert kit.at("Keith") == "pool"


def test_hots_7_5_wallace_winters_in_selkirk_and_gains_two_steps(play_from: PlayFrom) -> None:
    """HotS 7.5 (reference 10.5, AMB-17): Wallace at 1 in Fife winters in Selkirk Forest
    (castle 0, not counted) and rises to 3."""
    kit = winter_at(play_from, "scots_winter", {}, {"Fife": [{"piece": "Wallace", "strength": 1}]})
    assert kit.asked == ("scots", "wallace_winter")
    kit.act("selkirk", "end_disband")
    assert (kit.at("Wallace"), kit.strength("Wallace")) == ("Selkirk", 3)


def test_hots_7_5_wallace_may_not_winter_where_the_english_are(play_from: PlayFrom) -> None:
    """HotS 7.5: no Selkirk winter with English blocks in Selkirk."""
    kit = winter_at(
        play_from, "scots_winter", {"Selkirk": ["York Infantry"]}, {"Fife": ["Wallace"]}
    )
    assert kit.asked == ("scots", "disband_by_choice")


def test_hots_7_4_edward_i_winters_with_his_companions_no_levy(play_from: PlayFrom) -> None:
    """HotS 7.4, 7.7 (reference 10.4, AMB-18): Edward I in Lothian winters in Scotland;
    the knights in his area stay with him whatever the castle limit, and the Feudal Levy
    is cancelled: England stays empty with blocks in the pool."""
    kit = winter_at(
        play_from,
        "english_winter",
        {"Lothian": ["Edward", "York Knights", "Lancaster Knights", "Durham Knights"]},
        {},
        pools={"english": ["Hobelars", "York Infantry"]},
    )
    assert kit.asked == ("english", "edward_winter")
    kit.act("winter")
    assert kit.pieces_at("Lothian") == [
        "Durham Knights",
        "Edward",
        "Lancaster Knights",
        "York Knights",
    ]
    kit.act("end_disband")  # the companions may still disband by choice
    assert kit.record("year") == 1298  # no more questions: the next year's cards
    assert kit.pieces_at("England") == []
    assert (kit.at("Hobelars"), kit.at("York Infantry")) == ("pool", "pool")
    assert kit.record("edward_wintered") == 1297


def test_hots_7_4_edward_i_may_not_winter_in_scotland_two_years_running(
    play_from: PlayFrom,
) -> None:
    """HotS 7.4: Edward I, who wintered in Scotland in 1297, disbands in 1298."""
    kit = winter_at(
        play_from,
        "english_winter",
        {"Lothian": ["Edward", "York Infantry"]},
        {},
        records={"year": 1298, "edward_wintered": 1297},
    )
    assert kit.at("Edward") == "pool"


def test_hots_7_4_edward_ii_never_winters_in_scotland(play_from: PlayFrom) -> None:
    """HotS 6.1, 7.4 (reference 9.1): Edward II in Scotland disbands."""
    kit = winter_at(
        play_from,
        "english_winter",
        {"Lothian": ["Edward", "York Infantry"]},
        {},
        records={"year": 1308, "edward": 2},
    )
    assert kit.at("Edward") == "pool"


def test_hots_7_61_the_french_knights_join_before_the_builds(play_from: PlayFrom) -> None:
    """HotS 7.61, 7.62 (reference 10.6): with eight Scottish nobles the French knights join
    the Scottish pool, and the Scottish builds may draw them the same winter: Angus's first
    Replacement Point draws from Graham and the French knights (1d2: 2, the knights)."""
    nobles = {
        "Angus": ["Angus/S"],
        "Argyll": ["Argyll/S"],
        "Carrick": ["Bruce/S"],
        "Mar": ["Mar/S"],
        "Atholl": ["Atholl/S"],
        "Dunbar": ["Dunbar/S"],
        "Galloway": ["Galloway/S"],
        "Lanark": ["Steward/S"],
    }
    kit = winter_at(play_from, "french_knights", {}, nobles, pools={"scots": ["Graham"]})
    assert kit.record("french_knights") is True
    assert "The French knights join the Scottish pool" in kit.log()
    assert kit.asked == ("scots", "build")
    assert kit.legal() == ["build(Angus)", "end_builds"]
    kit.dice(2).act("build(Angus)")
    assert (kit.at("French Knights"), kit.strength("French Knights")) == ("Angus", 1)


def test_hots_7_62_no_norse_or_french_knights_for_an_inland_area(play_from: PlayFrom) -> None:
    """HotS 7.62, AMB-16: with only the Norse and the French knights in the pool, Lanark
    (inland) may spend its points on steps, never on a draw."""
    kit = winter_at(
        play_from,
        "scots_builds",
        {},
        {"Lanark": [{"piece": "Steward/S", "strength": 2}]},
        pools={"scots": ["Norse", "French Knights"]},
    )
    assert kit.asked == ("scots", "build")
    assert kit.legal() == ["end_builds", "step(Steward/S)"]


def test_hots_7_61_seven_nobles_bring_no_french_knights(play_from: PlayFrom) -> None:
    """HotS 7.61: with seven Scottish nobles the French knights stay off the map."""
    kit = winter_at(play_from, "french_knights", {}, {"Mar": ["Mar/S"], "Fife": ["Douglas"]})
    assert (kit.at("French Knights"), kit.record("french_knights")) == ("out", False)


def test_hots_7_63_english_steps_only_for_infantry_and_nobles(play_from: PlayFrom) -> None:
    """HotS 7.6, 7.63 (reference 10.6): Mentieth (castle 3) gives the English three
    Replacement Points for steps on infantry and nobles, never a knight, never a draw."""
    kit = winter_at(
        play_from,
        "english_builds",
        {
            "Mentieth": [
                {"piece": "Mentieth/E", "strength": 1},
                {"piece": "Northumber Infantry", "strength": 2},
                {"piece": "York Knights", "strength": 1},
            ]
        },
        {},
    )
    assert kit.asked == ("english", "build")
    assert kit.legal() == ["end_builds", "step(Mentieth/E)", "step(Northumber Infantry)"]
    kit.act("step(Mentieth/E)", "step(Mentieth/E)", "step(Northumber Infantry)")
    assert [kit.strength(b) for b in ("Mentieth/E", "Northumber Infantry", "York Knights")] == [
        3,
        3,
        1,
    ]


def test_hots_7_62_a_scottish_draw_comes_in_at_strength_1(play_from: PlayFrom) -> None:
    """HotS 7.62: Angus (castle 2) with one Scottish block: a draw from the pool (one block
    there, Graham) enters at strength 1, then the second point adds a step to him."""
    kit = winter_at(
        play_from, "scots_builds", {}, {"Angus": ["Douglas"]}, pools={"scots": ["Graham"]}
    )
    assert kit.asked == ("scots", "build")
    kit.dice(1).act("build(Angus)")
    assert (kit.at("Graham"), kit.strength("Graham")) == ("Angus", 1)
    kit.act("step(Graham)")
    assert kit.strength("Graham") == 2


def test_hots_7_7_the_feudal_levy_takes_half_the_pool_rounded_up(play_from: PlayFrom) -> None:
    """HotS 7.7 (reference 10.7, AMB-34): the winter's disbanding fills the pool first;
    three blocks in it, two enter England at full strength (1d3, then 1d2)."""
    kit = winter_at(
        play_from,
        "english_winter",
        {"England": ["Hobelars", "York Infantry", "York Knights"]},
        {},
        dice=[3, 1],
    )
    assert [r.what for r in kit.rolls_made] == ["English draws from the pool"] * 2
    # the pool in the pieces file's order: York Knights, Hobelars, York Infantry; 3, then 1
    assert kit.pieces_at("England") == ["York Infantry", "York Knights"]
    assert all(kit.strength(b) == kit.definition.pieces[b].steps for b in kit.pieces_at("England"))
