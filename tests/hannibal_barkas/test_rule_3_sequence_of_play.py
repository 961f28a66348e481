"""HB III: the seven phases of a stage, six stages a year; HB 4.1: counters face up at the
start of a stage; HB XI: the players' time limit after the last year."""

from __future__ import annotations

from legatus.framework.engine import outcome
from legatus.framework.engine.core import Game
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit
from legatus.games.hannibal_barkas import queries
from tests.hannibal_barkas.conftest import (
    hb_rules,
    kit_on,
    laid_out,
    quietly,
    set_record,
    set_vp,
    started,
    turn_over,
)


def stage_lines(kit: Kit) -> list[str]:
    return [
        t for t in kit.log() if t.startswith(("Year ", "Rome draws its consuls", "The year ends"))
    ]


def economy_stages(kit: Kit) -> list[int]:
    """The stages after which an economy phase ran (its first log line names HB 9.1)."""
    stage, found = 0, []
    for text in kit.log():
        if text.startswith("Year "):  # "Year 1, stage 3 (May-Jun)"
            stage = int(text.split(", stage ")[1].split()[0])
        if "income" in text and "(HB 9.1)" in text and stage not in found:
            found.append(stage)
    return found


def test_a_campaign_year_runs_stages_3_to_6_and_the_next_year_from_stage_1(
    hb_game: Game,
) -> None:
    """Scenario III starts in stage III ("Etap gry: III"); the economy comes in stages 3
    and 6 (HB IX, the coin on the stage track); the consuls are drawn in stage 2 only
    (HB 3.2), so not in this first year; the second year starts in stage 1."""
    kit = quietly(started(hb_game, "campaign-2p", seed=3), limit=400)
    assert stage_lines(kit)[:8] == [
        "Year 1, stage 3 (May-Jun)",
        "Year 1, stage 4 (Jul-Aug)",
        "Year 1, stage 5 (Sep-Oct)",
        "Year 1, stage 6 (Nov-Dec)",
        "The year ends",
        "Year 2, stage 1 (Jan-Feb)",
        "Year 2, stage 2 (Mar-Apr)",
        stage_lines(kit)[7],
    ]
    assert stage_lines(kit)[7].startswith("Rome draws its consuls: ")
    assert economy_stages(kit)[:2] == [3, 6]


def test_a_year_from_stage_1_draws_the_consuls_in_stage_2_only() -> None:
    """HB 3.2: Rome draws its consuls in the second stage of each year."""
    game = hb_rules()
    kit = kit_on(game, game.setup("campaign-2p", seed=5), random_dice=True)
    set_record(kit, "first_stage", 1)
    kit.begin()
    assert queries.first_stage(kit) == 1
    quietly(kit, limit=600)
    lines = stage_lines(kit)
    assert lines[:3] == [
        "Year 1, stage 1 (Jan-Feb)",
        "Year 1, stage 2 (Mar-Apr)",
        lines[2],
    ]
    assert lines[2].startswith("Rome draws its consuls: ")
    first_year = lines[: lines.index("The year ends")]
    assert sum(line.startswith("Rome draws its consuls") for line in first_year) == 1
    assert economy_stages(kit)[:2] == [3, 6]


def test_every_phase_runs_in_order_within_a_stage() -> None:
    """HB III: cards, (consuls), initiative, actions, sieges, (economy), stage marker: the
    rules each step cites fire in that order in stage 3."""
    kit = quietly(started(hb_rules(), "campaign-2p", seed=4), limit=40)
    texts = kit.log()
    first = {
        "cards": next(i for i, t in enumerate(texts) if " draws " in t),
        "initiative": next(i for i, t in enumerate(texts) if t.startswith("Order of play")),
        "actions": next(i for i, t in enumerate(texts) if t.endswith(" passes")),
        "economy": next(i for i, t in enumerate(texts) if "(HB 9.1)" in t),
    }
    assert first["cards"] < first["initiative"] < first["actions"] < first["economy"]


def test_counters_are_turned_face_up_at_the_start_of_a_stage() -> None:
    """HB 4.1: every counter, ships too, face up at the start of each stage."""
    kit = laid_out(hb_rules("new_stage"), "campaign-2p")
    moved = [pid for pid in kit.definition.pieces if kit.at(pid) != "out"][:5]
    turn_over(kit, *moved)
    assert all(queries.has_moved(kit, pid) for pid in moved)
    kit.begin()
    assert not any(queries.has_moved(kit, pid) for pid in moved)


def test_rule_11_the_time_limit_ranks_the_nations_by_their_share_of_the_target() -> None:
    """HB XI: at the players' time limit the VP are counted; each nation's players' VP
    together (HB 10.3) measured against its target (the small war: 30, Syracuse 20,
    HB 11.2, 10.4); a nation's sides share its rank unless it won; sides no player runs take
    no part in the outcome (they are not ranked), so a draw between the nations is a draw."""
    kit = laid_out(hb_rules("time_limit"), "campaign-5p")
    set_vp(kit, rome_north=2, rome_south=1, carthage_spain=1, syracuse=3)
    kit.begin()
    result = kit.result
    assert result is not None
    assert result["winner"] == "syracuse"  # 3/20 against Rome's 3/30 and Carthage's 1/30
    assert result["reason"] == "the time limit: Rome 3 VP, Carthage 1 VP, Syracuse 3 VP"
    assert result["ranks"] == {
        "rome_north": 2,
        "rome_south": 2,
        "carthage_spain": 4,
        "carthage_africa": 4,
        "syracuse": 1,
    }
    assert queries.nation_vp(kit, "rome") == 3
    kit = laid_out(hb_rules("time_limit"), "campaign-2p")
    set_vp(kit, carthage_spain=2)
    kit.begin()
    result = kit.result
    assert result is not None
    assert result["winner"] == "carthage_spain"
    assert result["ranks"]["carthage_africa"] == 1  # the same player
    assert "syracuse" not in result["ranks"]  # on the political track: no player
    kit = laid_out(hb_rules("time_limit"), "campaign-2p")
    kit.begin()
    result = kit.result
    assert result is not None
    assert result["winner"] is None
    assert set(result["ranks"].values()) == {1}
    sides = kit.definition.side_ids
    assert not any(outcome.won(result, side, sides) for side in sides)
    assert all(outcome.value(result, side, sides) == 0 for side in sides)


def test_the_game_is_installed_through_the_entry_point_group() -> None:
    catalog = default_catalog()
    assert catalog.plugin_of("hannibal_barkas") == "hannibal_barkas"
    assert type(catalog.games()["hannibal_barkas"]).__name__ == "HannibalBarkas"
