"""HotS 7.0-7.8 and 9.0-9.1: the Winter Turn's queries and the count of nobles."""

from __future__ import annotations

from legatus.games.hammer_of_the_scots import winter
from tests.hammer_of_the_scots.test_rule_4_movement import _ctx


def test_castle_limits_with_the_cathedral_bonus() -> None:
    """HotS 1.3, 7.6: Fife is 2 for the English and 3 for the Scots; Angus 2 for both."""
    ctx = _ctx()
    assert (winter.castle(ctx, "english", "Fife"), winter.castle(ctx, "scots", "Fife")) == (2, 3)
    assert winter.castle(ctx, "scots", "Angus") == winter.castle(ctx, "english", "Angus") == 2


def test_two_home_nobles_change_side_only_if_both_homes_are_enemy_held() -> None:
    """HotS 7.1: Bruce (blue) goes to Carrick while only Annan is English; with both homes
    English he goes over, to either."""
    ctx = _ctx(Bruce__S="Lanark", York_Infantry="Annan")
    assert winter.home_areas(ctx, "Bruce/S") == ["Carrick"]
    ctx = _ctx(Bruce__S="Lanark", York_Infantry="Annan", Lancaster_Infantry="Carrick")
    assert winter.home_areas(ctx, "Bruce/S") == ["Annan", "Carrick"]


def test_moray_may_stay_away_from_home() -> None:
    """HotS 7.1, 7.5: Moray may go home or stay where he is."""
    assert winter.home_areas(_ctx(Moray="Fife"), "Moray") == ["Moray", "Fife"]


def test_english_who_cannot_winter_in_scotland() -> None:
    """HotS 7.3, 7.31, 7.32: all in England, knights and archers in Scotland disband;
    infantry over the castle limit (Lothian 2) must thin out; nobles never disband."""
    ctx = _ctx(
        York_Knights="Lothian",
        York_Infantry="Lothian",
        Lancaster_Infantry="Lothian",
        Durham_Infantry="Lothian",
        Dunbar__E="Lothian",
        Hobelars="England",
    )
    ctx.state["records"]["edward_winters"] = False
    assert winter.must_disband(ctx, "english") == ["Hobelars", "York Knights"]
    assert winter.over_limit(ctx, "english") == ["England", "Lothian"]  # before 7.3 empties England
    assert "Dunbar/E" not in winter.excess(ctx, "english", "Lothian")


def test_edward_i_never_winters_two_years_running() -> None:
    """HotS 7.4: Edward I in Scotland may winter there, but not two winters in a row."""
    ctx = _ctx(Edward="Lothian")
    ctx.state["records"]["year"] = 1298
    assert winter.edward_may_winter(ctx)
    ctx.state["records"]["edward_wintered"] = 1297
    assert not winter.edward_may_winter(ctx)


def test_the_feudal_levy_takes_half_the_pool_rounded_up() -> None:
    """HotS 7.7: five English blocks in the pool: three enter England at full strength."""
    pool = {
        "Edward": "pool",
        "Hobelars": "pool",
        "York_Knights": "pool",
        "York_Infantry": "pool",
        "Wales_Infantry": "pool",
    }
    ctx = _ctx(**pool)
    ctx.roll = lambda count, sides, what="": [1] * count
    ctx.state["records"]["edward_winters"] = False
    winter.next_year(ctx)
    in_england = [b for b, e in ctx.state["pieces"].items() if e["at"] == "England"]
    assert len(in_england) == 3
    assert ctx.state["records"]["year"] == 1298


def test_the_count_of_nobles() -> None:
    """HotS 9.0, 9.1: nobles on the map count; Wallace on the map breaks a tie for the Scots."""
    ctx = _ctx(Bruce__S="Annan", Moray="Moray", Comyn__E="Badenoch", Wallace="England")
    assert (winter.nobles(ctx, "scots"), winter.nobles(ctx, "english")) == (2, 1)
    assert winter.nobles_in_play(ctx) == 3
    assert (winter.wallace_on_map(ctx, "scots"), winter.wallace_on_map(ctx, "english")) == (1, 0)


def test_scores_and_evaluation() -> None:
    """HotS 9.0: the scores are the nobles; the evaluation favours the side ahead, in (-1, 1)."""
    from legatus.games.hammer_of_the_scots.plugin import HammerOfTheScots
    from tests.hammer_of_the_scots.test_rule_4_movement import GAME

    state = GAME.new_state("braveheart", seed=1)
    plugin = HammerOfTheScots()
    assert plugin.scores(GAME.definition, state) == {"english": 11.0, "scots": 3.0}
    english = plugin.evaluate(GAME.definition, state, "english", {})
    assert 0 < english < 1
    assert plugin.evaluate(GAME.definition, state, "scots", {}) == -english
