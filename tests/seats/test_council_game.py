"""A game of 3 to 5 seats through the public plugin interface only: The Council.

The fixture plugin ``tests/fixtures/plugins/council_game`` (installed like a
third party's) has two teams of two sides and a lone side, a scenario with
three seats (a player for each team, one for the lone side) and one with
five, a simultaneous bid, gold each side keeps secret, victory points shared
within a team and a ranked outcome. These tests show each of those works:
seats and their player counts, what each seat sees (and that nothing it may
not see reaches its view, its information set or its search), the bid, the
ranking, and that check-game, simulate and MCTS run on it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from legatus.framework.engine import outcome, rng
from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.render import render_result
from legatus.framework.engine.state import clone
from legatus.framework.engine.view import observe
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match, NotAsked
from legatus.framework.tools.checkgame import check_one

ROOT = Path(__file__).resolve().parents[2]
SIDES = ("optimates_a", "optimates_b", "populares_a", "populares_b", "equites")


@pytest.fixture(scope="module")
def council() -> Game:
    return default_catalog().load("council")


def test_seats_come_from_the_scenario_and_the_count_from_the_manifest(council: Game) -> None:
    definition = council.definition
    assert (definition.min_players, definition.max_players) == (3, 5)
    three = council.new_state("three", seed=1)
    assert three["seats"] == {
        "optimates": ["optimates_a", "optimates_b"],
        "populares": ["populares_a", "populares_b"],
        "equites": ["equites"],
    }
    five = council.new_state("five", seed=1)
    assert five["seats"] == {side: [side] for side in SIDES}
    assert [definition.team_of(side) for side in SIDES] == [
        "optimates",
        "optimates",
        "populares",
        "populares",
        "equites",
    ]


def test_the_scenario_gives_starting_records(council: Game) -> None:
    state = council.new_state("three", seed=1)
    assert state["records"]["gold"] == {side: 6 if side == "equites" else 4 for side in SIDES}
    assert state["records"]["vp"] == dict.fromkeys(SIDES, 0)


def test_the_bid_awaits_every_side_at_once(council: Game) -> None:
    match = Match.new(council, "five", seed=2, history=True)
    assert match.waiting_for() == SIDES
    assert [a.text for a in match.legal_actions("equites")][-1] == "bid(6)"
    assert match.prompt("populares_b") is not None
    match.answer("equites", "bid(5)")  # the last asked answers first
    match.answer("optimates_b", "bid(0)")
    assert match.waiting_for() == ("optimates_a", "populares_a", "populares_b")
    assert match.state["records"]["gold"]["equites"] == 6  # nothing paid before the reveal


def test_a_wrong_answer_to_the_bid_changes_nothing(council: Game) -> None:
    """An answer from a side not asked, a second answer from one side, an unknown seat,
    an action out of the list: each refused, the state unchanged."""
    match = Match.new(council, "five", seed=2, history=True)
    match.answer("equites", "bid(1)")
    before = match.hash()
    with pytest.raises(NotAsked, match="equites was not asked"):
        match.answer("equites", "bid(2)")
    with pytest.raises(NotAsked, match="senate was not asked"):
        match.answer("senate", "bid(1)")
    with pytest.raises(IllegalActionError, match=r"bid\(9\)"):
        match.answer("optimates_a", "bid(9)")
    assert match.hash() == before
    assert match.waiting_for() == SIDES[:4]


def test_the_bids_are_revealed_together_paid_and_order_the_moves(council: Game) -> None:
    match = Match.new(council, "five", seed=2)
    for side, amount in zip(SIDES, (1, 3, 0, 3, 2), strict=True):
        match.answer(side, f"bid({amount})")
    records = match.state["records"]
    assert records["bids"] == dict(zip(SIDES, (1, 3, 0, 3, 2), strict=True))
    assert records["gold"] == dict(zip(SIDES, (3, 1, 4, 1, 4), strict=True))
    # COUNCIL 2: highest first, ties to the side listed first in the manifest.
    assert records["order"] == [
        "optimates_b",
        "populares_b",
        "equites",
        "optimates_a",
        "populares_a",
    ]
    assert match.waiting_for() == ("optimates_b",)
    assert match.state["log"][-1]["text"].startswith("The bids are revealed:")


def test_a_seat_sees_what_any_of_its_sides_sees(council: Game) -> None:
    state = council.new_state("three", seed=3)
    for who in ("optimates", "optimates_a", "optimates_b"):
        view = observe(council.definition, state, who)
        assert view["records"]["gold"] == {"optimates_a": 4, "optimates_b": 4}
        assert {"Cato 1", "Cato 2", "Bibulus 1", "Bibulus 2"} <= set(view["pieces"]["known"])
        assert "Clodius 1" not in view["pieces"]["known"]
        assert view["sides"] == ["optimates_a", "optimates_b"]
    assert observe(council.definition, state, "optimates")["prompt"]["text"].startswith(
        "Optimates (Cato): bid gold"
    )


def test_team_mates_see_each_others_victory_points_but_not_their_gold(council: Game) -> None:
    state = council.new_state("five", seed=3)
    state["records"]["vp"] = dict(zip(SIDES, (1, 2, 3, 4, 5), strict=True))
    view = observe(council.definition, state, "optimates_a")
    assert view["records"]["vp"] == {"optimates_a": 1, "optimates_b": 2}
    assert view["records"]["gold"] == {"optimates_a": 4}
    assert "sides" not in view
    lone = observe(council.definition, state, "equites")
    assert lone["records"]["vp"] == {"equites": 5} and lone["records"]["gold"] == {"equites": 6}


def other_truth(council: Game, state: dict[str, object], salt: int) -> dict[str, object]:
    """The same position for optimates_a with every fact it may not see changed: the other
    sides' gold, the populares' victory points, the clients' identities and strengths."""
    other = clone(state)
    records = other["records"]
    assert isinstance(records, dict)
    for side in ("populares_a", "populares_b", "equites", "optimates_b"):
        records["gold"][side] += salt
    for side in ("populares_a", "populares_b", "equites"):
        records["vp"][side] += salt
    pieces = other["pieces"]
    assert isinstance(pieces, dict)
    pieces["Clodius 1"], pieces["Clodius 2"] = pieces["Clodius 2"], pieces["Clodius 1"]
    pieces["Milo 1"] = {**pieces["Milo 1"], "strength": 3}
    return other


def test_no_hidden_fact_reaches_a_side_or_its_search(council: Game) -> None:
    """Two true states that differ only in what optimates_a may not see (the others' gold,
    the populares' VP, the identity and strength of their clients, the bids they already
    gave): the same view, information set, samples and MCTS choice."""
    first = Match.new(council, "five", seed=4)
    first.answer("populares_a", "bid(4)")
    second = Match(council, other_truth(council, first.state, 2))
    stack = second.state["stack"]
    assert isinstance(stack, list)
    stack[-1]["answers"]["populares_a"] = ["bid", 0]  # another hidden answer
    assert first.state != second.state
    definition = council.definition
    assert observe(definition, first.state, "optimates_a") == observe(
        definition, second.state, "optimates_a"
    )
    one = information_set(council, first.state, "optimates_a")
    two = information_set(council, second.state, "optimates_a")
    assert (one.skeleton, one.log, one.tokens) == (two.skeleton, two.log, two.tokens)
    assert one.sample(rng.seed_state(9)) == two.sample(rng.seed_state(9))
    catalog = default_catalog()
    choices = [
        catalog.make_agent("mcts:iterations=20", "optimates_a", 5, game=council).choose_in(  # type: ignore[attr-defined]
            info, first.legal_actions("optimates_a")
        )
        for info in (one, two)
    ]
    assert choices[0] == choices[1]


def test_the_teams_are_ranked_and_share_their_rank(council: Game) -> None:
    """COUNCIL 6: the optimates (3 + 2) beat the equites (2, counted twice: 4), who beat
    the populares (1 + 1); each side gets its team's rank."""
    definition = council.definition
    state = Match.new(council, "five", seed=5).state
    state["records"]["vp"] = dict(zip(SIDES, (3, 2, 1, 1, 2), strict=True))
    final_ranking = council.procedures["final_ranking"]  # the step the rules file ends with
    frame = {"p": "final_ranking", "args": {"lone": 2}}
    final_ranking.start(Context(council, state, Run()), frame)
    result = state["result"]
    assert result["ranks"] == dict(zip(SIDES, (1, 1, 3, 3, 2), strict=True))
    assert result["winner"] is None
    assert outcome.won(result, "optimates_b", SIDES) and not outcome.won(result, "equites", SIDES)
    assert outcome.value(result, "optimates_a", SIDES) == 0.75  # beat 3 of 4, beaten by none
    assert render_result(definition, result).startswith(
        "optimates win (Optimates (Cato), Optimates (Bibulus)); ranks: 1. Optimates (Cato)"
    )


@pytest.mark.parametrize("scenario", ["three", "five"])
def test_check_game_finds_no_fault(scenario: str) -> None:
    for seed in range(3):
        report = check_one("council", scenario, seed)
        assert report.faults == [], report.faults
        assert report.actions == 30 and report.infosets > 0 and report.views > 0


def test_simulate_gives_each_seat_its_rate_and_mcts_plays(tmp_path: Path) -> None:
    """The real command: a seat played by MCTS, seats alternating; a rate per seat."""
    out = tmp_path / "council.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "simulate", "council", "--games", "3",
         "--side", "optimates=mcts:iterations=5", "--alternate", "--no-progress", "--json",
         "--out", str(out)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert set(summary["by_seat"]) == {"optimates", "populares", "equites"}
    assert sum(e["wins"] for e in summary["by_seat"].values()) >= 3
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    # Seats move as one: both optimates sides always have the same player.
    assert all(r["players"]["optimates_a"] == r["players"]["optimates_b"] for r in lines)
    assert {r["players"]["equites"] for r in lines} == {"random", "mcts:iterations=5"}
    assert summary["players"]["mcts:iterations=5"]["seats"] == 3
