"""HB III: the seven phases of a stage, six stages a year; HB 4.1: counters face up at the
start of a stage; HB XI: the players' time limit after the last year."""

from __future__ import annotations

from legatus.framework.engine import outcome
from legatus.framework.engine.core import Game
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import rules_game
from tests.hannibal_barkas.conftest import quietly


def stage_lines(state: dict[str, object]) -> list[str]:
    log = state["log"]
    assert isinstance(log, list)
    return [
        e["text"]
        for e in log
        if e["text"].startswith(("Year ", "Rome draws its consuls", "The year ends"))
    ]


def economy_stages(state: dict[str, object]) -> list[int]:
    """The stages after which an economy phase ran (its first log line names HB 9.1)."""
    log = state["log"]
    assert isinstance(log, list)
    stage, found = 0, []
    for entry in log:
        data = entry.get("data", {})
        if "stage" in data and "year" in data:
            stage = data["stage"]
        if "income" in entry["text"] and "(HB 9.1)" in entry["text"] and stage not in found:
            found.append(stage)
    return found


def test_a_campaign_year_runs_stages_3_to_6_and_the_next_year_from_stage_1(
    hb_game: Game,
) -> None:
    """Scenario III starts in stage III ("Etap gry: III"); the economy comes in stages 3
    and 6 (HB IX, the coin on the stage track); the consuls are drawn in stage 2 only
    (HB 3.2), so not in this first year; the second year starts in stage 1."""
    state = quietly(hb_game, hb_game.new_state("campaign-2p", seed=3), limit=400)
    assert stage_lines(state)[:8] == [
        "Year 1, stage 3 (May-Jun)",
        "Year 1, stage 4 (Jul-Aug)",
        "Year 1, stage 5 (Sep-Oct)",
        "Year 1, stage 6 (Nov-Dec)",
        "The year ends",
        "Year 2, stage 1 (Jan-Feb)",
        "Year 2, stage 2 (Mar-Apr)",
        stage_lines(state)[7],
    ]
    assert stage_lines(state)[7].startswith("Rome draws its consuls: ")
    assert economy_stages(state)[:2] == [3, 6]


def test_a_year_from_stage_1_draws_the_consuls_in_stage_2_only() -> None:
    """HB 3.2: Rome draws its consuls in the second stage of each year."""
    game = rules_game("hannibal_barkas")
    state = game.setup("campaign-2p", seed=5)
    state["records"]["first_stage"] = 1
    game.begin(state)
    quietly(game, state, limit=600)
    lines = stage_lines(state)
    assert lines[:3] == [
        "Year 1, stage 1 (Jan-Feb)",
        "Year 1, stage 2 (Mar-Apr)",
        lines[2],
    ]
    assert lines[2].startswith("Rome draws its consuls: ")
    first_year = lines[: lines.index("The year ends")]
    assert sum(line.startswith("Rome draws its consuls") for line in first_year) == 1
    assert economy_stages(state)[:2] == [3, 6]


def test_every_phase_runs_in_order_within_a_stage(hb_game: Game) -> None:
    """HB III: cards, (consuls), initiative, actions, sieges, (economy), stage marker: the
    rules each step cites fire in that order in stage 3."""
    game = rules_game("hannibal_barkas")
    state = game.new_state("campaign-2p", seed=4)
    quietly(game, state, limit=40)
    texts = [e["text"] for e in state["log"]]
    first = {
        "cards": next(i for i, t in enumerate(texts) if " draws " in t),
        "initiative": next(i for i, t in enumerate(texts) if t.startswith("Order of play")),
        "actions": next(i for i, t in enumerate(texts) if t.endswith(" passes")),
        "economy": next(i for i, t in enumerate(texts) if "(HB 9.1)" in t),
    }
    assert first["cards"] < first["initiative"] < first["actions"] < first["economy"]


def test_counters_are_turned_face_up_at_the_start_of_a_stage() -> None:
    """HB 4.1: every counter, ships too, face up at the start of each stage."""
    game = rules_game("hannibal_barkas", steps=["new_stage"])
    state = game.setup("campaign-2p")
    moved = [pid for pid, p in state["pieces"].items() if p["at"] != "out"][:5]
    for pid in moved:
        state["pieces"][pid]["flags"] = ["moved"]
    game.begin(state)
    assert all("moved" not in state["pieces"][pid]["flags"] for pid in moved)


def test_rule_11_the_time_limit_ranks_the_nations_by_their_share_of_the_target() -> None:
    """HB XI: at the players' time limit the VP are counted; each nation's players' VP
    together (HB 10.3) measured against its target (the small war: 30, Syracuse 20,
    HB 11.2, 10.4); a nation's sides share its rank unless it won; sides no player runs take
    no part in the outcome (they are not ranked), so a draw between the nations is a draw."""
    game = rules_game("hannibal_barkas", steps=["time_limit"])
    state = game.setup("campaign-5p")
    state["records"]["vp"].update(rome_north=2, rome_south=1, carthage_spain=1, syracuse=3)
    game.begin(state)
    result = state["result"]
    assert result["winner"] == "syracuse"  # 3/20 against Rome's 3/30 and Carthage's 1/30
    assert result["reason"] == "the time limit: Rome 3 VP, Carthage 1 VP, Syracuse 3 VP"
    assert result["ranks"] == {
        "rome_north": 2,
        "rome_south": 2,
        "carthage_spain": 4,
        "carthage_africa": 4,
        "syracuse": 1,
    }
    two = rules_game("hannibal_barkas", steps=["time_limit"])
    state = two.setup("campaign-2p")
    state["records"]["vp"].update(carthage_spain=2)
    two.begin(state)
    assert state["result"]["winner"] == "carthage_spain"
    assert state["result"]["ranks"]["carthage_africa"] == 1  # the same player
    assert "syracuse" not in state["result"]["ranks"]  # on the political track: no player
    drawn = rules_game("hannibal_barkas", steps=["time_limit"])
    state = drawn.setup("campaign-2p")
    drawn.begin(state)
    assert state["result"]["winner"] is None
    assert set(state["result"]["ranks"].values()) == {1}
    sides = drawn.definition.side_ids
    assert not any(outcome.won(state["result"], side, sides) for side in sides)
    assert all(outcome.value(state["result"], side, sides) == 0 for side in sides)


def test_the_game_is_installed_through_the_entry_point_group() -> None:
    catalog = default_catalog()
    assert catalog.plugin_of("hannibal_barkas") == "hannibal_barkas"
    assert type(catalog.games()["hannibal_barkas"]).__name__ == "HannibalBarkas"
