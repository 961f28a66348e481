"""One simulated game's record, the results file and its resume, the backends agree."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.catalog import load as load_playable
from legatus.framework.tools.simulate.backends import run_games
from legatus.framework.tools.simulate.play import Experiment, play_game
from legatus.framework.tools.simulate.results import Compactor, read_results, simulate
from legatus.framework.tools.simulate.rules_known import known_rules

DEMO = Experiment("demo_skirmish", {"red": "random", "blue": "first"})


def test_a_record_depends_only_on_the_experiment_and_the_seed() -> None:
    first = play_game(DEMO, 5)
    again = play_game(DEMO, 5)
    assert first == again
    assert first["game"] == "demo_skirmish"
    assert first["scenario"] == "meeting"
    assert first["players"] == {"red": "random", "blue": "first"}
    assert first["seed"] == 5
    assert first["winner"] in ("red", "blue", None)
    assert first["length"] > 0
    assert first["scores"] is None  # the demo game declares no scores
    # Rule counts are per game: playing the seed again does not add up.
    assert first["fired"]["DEMO 2"] == first["length"]
    assert sum(first["fired"].values()) > 0


def test_julius_caesar_record_has_vp_and_rule_counts() -> None:
    record = play_game(Experiment("julius_caesar", {}), 1)
    assert record["players"] == {"caesar": "random", "pompey": "random"}
    assert set(record["scores"]) == {"caesar", "pompey"}
    assert all(isinstance(v, float) for v in record["scores"].values())
    assert record["fired"]["JC 2.1"] > 0  # cards are played every turn
    assert record["winner"] in ("caesar", "pompey", None)


def test_unknown_side_player_and_human_are_refused() -> None:
    with pytest.raises(LegatusError, match="no side 'green'"):
        play_game(Experiment("demo_skirmish", {"green": "random"}), 0)
    with pytest.raises(LegatusError, match="unknown player 'nobody'"):
        play_game(Experiment("demo_skirmish", {"red": "nobody"}), 0)
    with pytest.raises(LegatusError, match="no human players"):
        play_game(Experiment("demo_skirmish", {"red": "human"}), 0)


def test_a_game_over_its_action_bound_is_recorded_as_too_long() -> None:
    record = play_game(
        Experiment("demo_skirmish", {"red": "random", "blue": "random"}, max_actions=1), 0
    )
    assert record["reason"] == "too long"
    assert record["winner"] is None
    assert record["length"] == 1


def test_known_rules_come_from_the_dsl_program_and_the_procedures() -> None:
    known = known_rules(load_playable("julius_caesar"))
    assert known["JC 8.3"] == "dsl"  # winter supply, a step of the sequence of play
    assert known["JC 6.1"] == "dsl"  # the group moves, a procedure of the rules file
    assert known["JC 7.2"] == "dsl"  # the battle's turns, a procedure of the rules file too
    assert known["JC 7.31"] == "dsl"  # a statement of that procedure citing its own section
    assert "python" not in known.values()  # no procedure of its own cites a rule in Python
    assert known_rules(load_playable("hannibal_barkas"))["HB V"] == "python"  # its battle
    assert "JC 8.0" not in known  # the winter phase itself is a block, never counted
    assert known_rules(load_playable("demo_skirmish")) == {
        "DEMO 2": "dsl",
        "DEMO 3": "dsl",
        "DEMO 4": "dsl",
    }


def test_results_stream_to_jsonl_and_a_truncated_run_resumes(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    full = simulate(DEMO, list(range(6)), out=out)
    lines = out.read_text("utf-8").splitlines()
    assert [json.loads(line) for line in lines] == full
    # Interrupted mid-line after four games: the cut line is dropped, its game replayed.
    text = "\n".join(lines[:4]) + "\n" + lines[4][:25]
    out.write_text(text, "utf-8")
    calls: list[tuple[int, int]] = []
    resumed = simulate(DEMO, list(range(6)), out=out, progress=lambda d, t: calls.append((d, t)))
    assert resumed == full
    assert calls == [(4, 6), (5, 6), (6, 6)]  # only seeds 4 and 5 were played
    assert sorted(out.read_text("utf-8").splitlines()) == sorted(lines)


def test_a_complete_last_line_without_newline_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0, 1], out=out)
    out.write_text(out.read_text("utf-8").rstrip("\n"), "utf-8")
    assert set(read_results(out)) == {0, 1}
    simulate(DEMO, [0, 1, 2], out=out)
    assert [json.loads(line)["seed"] for line in out.read_text("utf-8").splitlines()] == [0, 1, 2]


def test_a_results_file_of_another_experiment_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0], out=out)
    other = Experiment("demo_skirmish", {"red": "first", "blue": "first"})
    with pytest.raises(LegatusError, match="holds another experiment"):
        simulate(other, [0, 1], out=out)
    shorter = Experiment("demo_skirmish", DEMO.players, max_actions=3)
    with pytest.raises(LegatusError, match="holds another experiment"):
        simulate(shorter, [0, 1], out=out)


def test_a_corrupt_line_in_the_middle_is_an_error(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(DEMO, [0, 1], out=out)
    lines = out.read_text("utf-8").splitlines()
    out.write_text(lines[0] + "\n{oops\n" + lines[1] + "\n", "utf-8")
    with pytest.raises(LegatusError, match=r"results.jsonl:2: not a JSON line"):
        read_results(out)


def test_two_local_workers_give_the_same_records_as_one() -> None:
    seeds = list(range(8))
    one = sorted(run_games(DEMO, seeds, workers=1), key=lambda r: r["seed"])
    two = sorted(run_games(DEMO, seeds, workers=2), key=lambda r: r["seed"])
    assert one == two
    assert [r["seed"] for r in one] == seeds


def test_an_unknown_backend_is_an_error() -> None:
    with pytest.raises(LegatusError, match="unknown backend 'spark'"):
        list(run_games(DEMO, [0], backend="spark"))


def test_a_match_without_history_plays_exactly_the_game_one_with_history_plays() -> None:
    """Simulations keep no undo history (the state changes in place): same game."""
    from legatus.framework.engine.state import state_hash
    from legatus.framework.play.agents import RandomAgent
    from legatus.framework.play.driver import Match

    game = load_playable("julius_caesar")
    finals = []
    for history in (True, False):
        agents = {side: RandomAgent(i + 11) for i, side in enumerate(game.definition.side_ids)}
        match = Match.new(game, seed=4, players=agents, history=history).play()
        finals.append((state_hash(match.state), [m.to_json() for m in match.moves]))
    assert finals[0] == finals[1]
    assert len(finals[0][1]) > 100


def test_timing_records_each_sides_decisions_and_the_summary_each_players() -> None:
    """``--timing``: the seconds each decision with a choice took (measured, not asserted)."""
    from legatus.framework.tools.simulate.stats import summarise

    experiment = Experiment(
        "demo_skirmish", {"red": "greedy", "blue": "random"}, alternate=True, timing=True
    )
    records = [play_game(experiment, seed) for seed in (0, 1)]
    for record in records:
        assert set(record["thinking"]) == {"red", "blue"}
        for figures in record["thinking"].values():
            assert figures["decisions"] > 0 and figures["seconds"] >= figures["worst"] >= 0
            assert figures["cpu"] >= figures["worst_cpu"] >= 0
    players = summarise(records, ("red", "blue"))["players"]
    assert {"cpu_per_decision", "worst_cpu"} <= set(players["greedy"]["thinking"])
    # A record from before CPU time was measured: the summary gives the wall clock only.
    older = [
        {**r, "thinking": {side: {k: v for k, v in t.items() if "cpu" not in k}
                           for side, t in r["thinking"].items()}}
        for r in records[:1]
    ]  # fmt: skip
    mixed = summarise([*older, *records[1:]], ("red", "blue"))["players"]["greedy"]["thinking"]
    assert "cpu_per_decision" not in mixed and mixed["decisions"] > 0
    assert players["greedy"]["thinking"]["decisions"] == sum(
        r["thinking"][side]["decisions"]
        for r in records
        for side, spec in r["players"].items()
        if spec == "greedy"
    )
    untimed = play_game(dataclasses.replace(experiment, timing=False), 0)
    assert (
        "thinking" not in untimed
        and "thinking" not in summarise([untimed], ("red", "blue"))["players"]["greedy"]
    )


def test_dask_backend_runs_on_a_given_scheduler() -> None:
    distributed = pytest.importorskip("dask.distributed")
    seeds = list(range(5))
    local = sorted(run_games(DEMO, seeds), key=lambda r: r["seed"])
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # not 8787: tests run in parallel
    ) as cluster:
        remote = run_games(DEMO, seeds, backend="dask", scheduler=cluster.scheduler_address)
        assert sorted(remote, key=lambda r: r["seed"]) == local


def test_the_dask_backends_own_cluster_runs_workers_without_the_profiler() -> None:
    """The workers of the LocalCluster ``--backend dask`` starts keep no statistical profile
    (it grew a worker playing games for an hour by about 240 MB), a minute of the system
    monitor's samples (not an hour: about 1.8 MB) and log only critical faults; the
    parent's environment is left as it was."""
    distributed = pytest.importorskip("dask.distributed")
    import os

    from legatus.framework.tools.simulate.backends import WORKER_ENVIRONMENT, local_cluster

    before = {name: os.environ.get(name) for name in WORKER_ENVIRONMENT}
    with local_cluster(distributed, 1) as cluster, distributed.Client(cluster) as client:

        def settings(dask_worker: Any) -> tuple[object, object, set[object]]:
            import dask

            return (
                dask.config.get("distributed.worker.profile.enabled"),
                dask.config.get("logging.distributed"),
                {samples.maxlen for samples in dask_worker.monitor.quantities.values()},
            )

        assert list(client.run(settings).values()) == [(False, "critical", {120})]
    assert {name: os.environ.get(name) for name in WORKER_ENVIRONMENT} == before


class Exploding:
    def choose(self, view: object, actions: object) -> object:
        raise RuntimeError("boom")


def test_a_failing_game_names_its_seed_and_action() -> None:
    from types import SimpleNamespace

    from legatus.framework.play.hookspecs import hookimpl
    from legatus.framework.tools.simulate.play import GameFault

    @hookimpl
    def legatus_register_agents(register: Any) -> None:
        register("exploding", lambda request: Exploding())

    plugin = SimpleNamespace(legatus_register_agents=legatus_register_agents)
    default_catalog().add(plugin, "test_exploding_player")
    try:
        experiment = Experiment("demo_skirmish", {"red": "exploding", "blue": "exploding"})
        with pytest.raises(GameFault, match=r"demo_skirmish seed 3, action 1: RuntimeError: boom"):
            play_game(experiment, 3)
    finally:
        default_catalog().remove("test_exploding_player")


def test_bad_player_specs_fail_before_any_game(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with pytest.raises(LegatusError, match="unknown player 'nobody'"):
        simulate(Experiment("demo_skirmish", {"red": "nobody"}), [0, 1], out=out, workers=2)
    assert not out.exists()


def test_alternating_seats_swap_the_players_on_odd_seeds(tmp_path: Path) -> None:
    from legatus.framework.tools.simulate.play import seating

    fixed = {"red": "random", "blue": "first"}
    assert seating(fixed, 4, alternate=True) == fixed
    assert seating(fixed, 5, alternate=True) == {"red": "first", "blue": "random"}
    assert seating(fixed, 5, alternate=False) == fixed
    three = {"a": "x", "b": "y", "c": "z"}
    assert [seating(three, s, alternate=True)["a"] for s in range(3)] == ["x", "z", "y"]
    experiment = Experiment("demo_skirmish", fixed, alternate=True)
    out = tmp_path / "results.jsonl"
    records = simulate(experiment, [0, 1, 2, 3], out=out)
    assert [r["players"]["red"] for r in records] == ["random", "first", "random", "first"]
    assert all(r["alternate"] for r in records)
    # The same seed is the same game whoever's seat it is in the experiment's file.
    assert records[1] == play_game(experiment, 1)
    # Resuming checks each line's seating against its seed.
    assert simulate(experiment, [0, 1, 2, 3, 4], out=out)[:4] == records
    with pytest.raises(LegatusError, match="holds another experiment"):
        simulate(Experiment("demo_skirmish", fixed), [0, 1], out=out)


def test_alternating_teams_move_whole_teams_and_never_mix_them() -> None:
    from legatus.framework.tools.simulate.play import seating

    players = {"n": "mcts", "s": "mcts", "e": "greedy", "w": "greedy", "neutral": "random"}
    seats = {"n": ["n"], "s": ["s"], "e": ["e"], "w": ["w"]}
    teams = {"n": "north", "s": "north", "e": "east", "w": "east"}
    assert seating(players, 2, True, seats, teams) == players
    # Odd seeds: the first team's players take the second team's seats, seat by seat; a
    # side no seat plays (a neutral state) keeps its player.
    swapped = {"n": "greedy", "s": "greedy", "e": "mcts", "w": "mcts", "neutral": "random"}
    assert seating(players, 3, True, seats, teams) == swapped
    assert seating(players, 3, False, seats, teams) == players
    # Without teams the players go round the four seats, one seat a seed, mixing the teams.
    round_the_table = {"n": "greedy", "s": "mcts", "e": "mcts", "w": "greedy", "neutral": "random"}
    assert seating(players, 1, True, seats) == round_the_table
    # Teams of different sizes cannot trade places: their seats go round one at a time.
    three = {"n": "north", "s": "north", "e": "east", "w": "west"}
    assert seating(players, 1, True, seats, three) == seating(players, 1, True, seats)


def test_a_results_line_says_which_team_each_seat_is_in_when_teams_hold_several_seats() -> None:
    from legatus.framework.tools.simulate.play import describe

    four = describe(Experiment("hannibal_barkas", {}, scenario="campaign-4p"))
    assert four["teams"] == {
        "rome_north": "rome", "rome_south": "rome",
        "carthage_spain": "carthage", "carthage_africa": "carthage",
    }  # fmt: skip
    # Each seat its own team: no teams in the line, which reads as before.
    assert "teams" not in describe(Experiment("hannibal_barkas", {}, scenario="campaign-2p"))
    assert "teams" not in describe(Experiment("julius_caesar", {}))


def test_a_line_whose_teams_were_changed_is_another_experiments(tmp_path: Path) -> None:
    """The summary counts a team's seats as one from the line's ``teams``: resuming checks
    them against the game's, so an edited line is refused in one line, not miscounted."""
    experiment = Experiment(
        "hannibal_barkas",
        {"rome_north": "first", "rome_south": "first"},
        scenario="campaign-4p",
        max_actions=30,
        alternate=True,
    )
    out = tmp_path / "four.jsonl"
    records = simulate(experiment, [0, 1], out=out)
    assert [r["players"]["carthage_spain"] for r in records] == ["random", "first"]
    lines = out.read_text("utf-8").splitlines()
    edited = json.loads(lines[1])
    edited["teams"]["rome_south"] = "carthage"
    out.write_text(lines[0] + "\n" + json.dumps(edited) + "\n", "utf-8")
    with pytest.raises(LegatusError, match=r"four.jsonl:2: this results file holds another "
                       r"experiment \(teams \{.*'rome_south': 'carthage'"):  # fmt: skip
        simulate(experiment, [0, 1, 2], out=out)


def test_the_module_examples_run() -> None:
    import doctest

    from legatus.framework.tools.simulate import play

    result = doctest.testmod(play)
    assert result.attempted > 0 and result.failed == 0


def test_compacted_records_equal_their_originals_and_share_what_games_have_in_common() -> None:
    """A long run keeps every record for its summary: the compactor shares the players,
    seats, ranks and scores of equal records and interns rule names, changing no value."""

    def record(seed: int, winner: str) -> dict[str, Any]:
        return json.loads(
            json.dumps(
                {"seed": seed, "winner": winner, "reason": f"{winner} wins", "length": 40 + seed,
                 "players": {"red": "random", "blue": "first"},
                 "seats": {"red": ["red"], "blue": ["blue"]}, "options": [],
                 "ranks": {winner: 1, "red" if winner == "blue" else "blue": 2},
                 "scores": {"red": 1.0, "blue": 2.0}, "fired": {"DS 1.1": seed, "DS 2": 3}}
            )
        )  # fmt: skip

    compact = Compactor()
    originals = [record(seed, "red" if seed % 2 else "blue") for seed in range(6)]
    kept = [compact(copy.deepcopy(r)) for r in originals]
    assert kept == originals
    assert kept[0]["players"] is kept[5]["players"] and kept[0]["seats"] is kept[3]["seats"]
    assert kept[0]["ranks"] is kept[2]["ranks"] and kept[0]["ranks"] is not kept[1]["ranks"]
    assert next(iter(kept[0]["fired"])) is next(iter(kept[4]["fired"]))
