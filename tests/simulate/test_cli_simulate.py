"""End-to-end: the real ``legatus simulate`` and ``legatus variant compare`` commands.

Short games: the demo game fixture (a few actions a game) and two games of
Julius Caesar between random players. Runs with workers, on Dask, killed or streamed are
real processes; the reports' contents and the refusals are checked in this process
(``legatus_here``), where the game is loaded once.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import legatus_here
from tests.waits import bound, wait_until


def legatus(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=bound(600),
    )


def lines_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_simulate_streams_jsonl_prints_a_json_summary_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run = legatus(
        "simulate", "demo_skirmish", "--games", "12", "--seed", "100", "--side", "blue=first",
        "--out", str(out), "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    records = lines_of(out)
    assert sorted(r["seed"] for r in records) == list(range(100, 112))
    assert all(r["players"] == {"red": "random", "blue": "first"} for r in records)
    assert set(records[0]) >= {"seed", "players", "variant", "winner", "scores", "length", "fired"}
    assert summary["games"] == 12
    wins = {side: sum(r["winner"] == side for r in records) for side in ("red", "blue")}
    assert {s: summary["sides"][s]["wins"] for s in wins} == wins
    assert summary["draws"]["games"] == 12 - sum(wins.values())
    lo, hi = summary["sides"]["red"]["ci95"]
    assert lo <= summary["sides"]["red"]["win_rate"] <= hi
    assert summary["seats"] == {"red": "random", "blue": "first"}
    assert summary["players"]["first"]["wins"] == wins["blue"]
    assert summary["players"]["first"]["seats"] == 12
    rates = [summary["sides"][s]["win_rate"] for s in wins]
    assert summary["balance"] == pytest.approx(1 - abs(rates[0] - rates[1]))
    assert summary["length"]["mean"] == pytest.approx(
        sum(int(str(r["length"])) for r in records) / 12
    )
    # Kill the run's file mid-line, then resume: the same results, the same summary.
    text = out.read_text("utf-8")
    out.write_text(text[: len(text) - 30], "utf-8")
    again = legatus(
        "simulate", "demo_skirmish", "--games", "12", "--seed", "100", "--side", "blue=first",
        "--out", str(out), "--json",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    resumed = json.loads(again.stdout)
    assert (summary.pop("played"), resumed.pop("played")) == (12, 1)  # only the cut game
    summary.pop("seconds")
    resumed.pop("seconds")
    assert resumed == summary
    assert sorted(out.read_text("utf-8").splitlines()) == sorted(text.splitlines())


def test_simulate_julius_caesar_with_two_workers_text_summary_coverage_and_plot(
    tmp_path: Path,
) -> None:
    out, plot = tmp_path / "jc.jsonl", tmp_path / "jc.png"
    run = legatus(
        "simulate", "julius_caesar", "--scenario", "705", "--games", "2", "--workers", "2",
        "--out", str(out), "--plot", str(plot), "--coverage",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    text = run.stdout
    assert text.startswith("julius_caesar scenario 705: caesar=random, pompey=random")
    assert "95% CI" in text and "balance:" in text and "score caesar: mean" in text
    assert "rule coverage over 2 games:" in text
    assert "never fired (" in text
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    records = lines_of(out)
    assert sorted(r["seed"] for r in records) == [0, 1]


def test_simulate_on_a_dask_local_cluster_matches_local(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    local, dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    args = ("simulate", "demo_skirmish", "--games", "5", "--no-progress")
    assert legatus(*args, "--out", str(local)).returncode == 0
    run = legatus(*args, "--backend", "dask", "--workers", "1", "--out", str(dask))
    assert run.returncode == 0, run.stderr
    assert sorted(local.read_text("utf-8").splitlines()) == sorted(
        dask.read_text("utf-8").splitlines()
    )


def test_simulate_alternate_prints_each_players_record() -> None:
    run = legatus_here(
        "simulate", "demo_skirmish", "--games", "6", "--side", "blue=first", "--alternate",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "red=random, blue=first (seats alternate by seed)" in run.stdout
    assert "player first: wins" in run.stdout and "/6 seats" in run.stdout
    assert "(blue " in run.stdout and ", red " in run.stdout


def test_simulate_alternate_moves_whole_teams_in_a_game_of_four(tmp_path: Path) -> None:
    """Hannibal Barkas for four: Rome's two seats against Carthage's, the nations swapped on
    odd seeds, and a player's seat a team a game in the summary."""
    out = tmp_path / "four.jsonl"
    run = legatus_here(
        "simulate", "hannibal_barkas", "--scenario", "campaign-4p", "--games", "2",
        "--side", "rome_north=first", "--side", "rome_south=first", "--alternate",
        "--max-actions", "30", "--out", str(out), "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    records = sorted((json.loads(line) for line in out.read_text("utf-8").splitlines()),
                     key=lambda r: r["seed"])  # fmt: skip
    seated = [{side: r["players"][side] for side in r["teams"]} for r in records]
    assert seated == [
        {"rome_north": "first", "rome_south": "first",
         "carthage_spain": "random", "carthage_africa": "random"},
        {"rome_north": "random", "rome_south": "random",
         "carthage_spain": "first", "carthage_africa": "first"},
    ]  # fmt: skip
    summary = json.loads(run.stdout)
    assert summary["players"]["first"]["seats"] == 2
    assert summary["players"]["first"]["by_side"] == {
        "carthage": {"seats": 1, "wins": 0}, "rome": {"seats": 1, "wins": 0}
    }  # fmt: skip
    text = legatus_here(
        "simulate", "hannibal_barkas", "--scenario", "campaign-4p", "--games", "2",
        "--side", "rome_north=first", "--side", "rome_south=first", "--alternate",
        "--max-actions", "30", "--out", str(out),
    )  # fmt: skip
    assert "(teams alternate by seed)" in text.stdout, text.stderr


def test_simulate_refuses_humans_and_unknown_sides() -> None:
    human = legatus_here("simulate", "demo_skirmish", "--games", "1", "--side", "red=human")
    assert human.returncode == 1
    assert "simulations need computer players" in human.stderr
    wrong = legatus_here("simulate", "demo_skirmish", "--games", "1", "--side", "green=random")
    assert wrong.returncode == 1
    assert "expected ID=PLAYER with ID one of red, blue" in wrong.stderr


def demo_variant(tmp_path: Path) -> Path:
    path = tmp_path / "long_war.variant"
    path.write_text(
        'variant long_war of demo_skirmish "Six turns"\n\nparam turns = 6   @rule "house"\n',
        "utf-8",
    )
    return path


def test_variant_compare_reports_paired_changes_and_rule_clauses(tmp_path: Path) -> None:
    variant = demo_variant(tmp_path)
    run = legatus_here(
        "variant", "compare", "demo_skirmish", str(variant), "--games", "20", "--json",
        "--coverage", "--out", str(tmp_path / "cmp"), "--plot", str(tmp_path / "cmp.png"),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "cmp.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = json.loads(run.stdout)
    base = lines_of(tmp_path / "cmp.base.jsonl")
    changed = lines_of(tmp_path / "cmp.variant.jsonl")
    assert {r["variant"] for r in base} == {None}
    assert {r["variant"] for r in changed} == {"long_war"}
    assert sorted(r["seed"] for r in base) == sorted(r["seed"] for r in changed) == list(range(20))
    assert report["pairs"] == 20
    by_seed = {r["seed"]: r for r in changed}
    expected = sum((by_seed[b["seed"]]["winner"] == "red") - (b["winner"] == "red") for b in base)
    assert report["sides"]["red"]["change"] == pytest.approx(expected / 20)
    lo, hi = report["sides"]["red"]["ci95"]
    assert lo <= report["sides"]["red"]["change"] <= hi
    # Twice the turns: the march step (DEMO 2) fires more often per game.
    march = next(r for r in report["rules"] if r["rule"] == "DEMO 2")
    assert march["variant_per_game"] > march["base_per_game"]
    assert march["direction"] == "more"
    assert report["coverage"]["variant"]["games"] == 20


def test_variant_compare_text_output(tmp_path: Path) -> None:
    variant = demo_variant(tmp_path)
    run = legatus_here("variant", "compare", "demo_skirmish", str(variant), "--games", "10")
    assert run.returncode == 0, run.stderr
    assert "demo_skirmish scenario meeting: base rules -> long_war" in run.stdout
    assert "10 paired games (seeds 0..9)" in run.stdout
    assert "rule clauses per game" in run.stdout
    assert "DEMO 2" in run.stdout


def test_variant_compare_needs_to_know_the_game() -> None:
    run = legatus_here("variant", "compare", "nothing_a", "nothing_b", "--games", "1")
    assert run.returncode == 1
    assert "cannot tell the game" in run.stderr


def test_compare_arguments_resolve_to_a_game_and_two_rule_sets(tmp_path: Path) -> None:
    from legatus.framework.frontends.cli.compare_cmd import resolve_compare

    variant = demo_variant(tmp_path)
    assert resolve_compare("demo_skirmish", str(variant), None) == (
        "demo_skirmish",
        None,
        str(variant),
    )
    # A variant file as the base: its header names the game.
    assert resolve_compare(str(variant), "other", None) == ("demo_skirmish", str(variant), "other")
    # Two shipped variants by name need the game.
    assert resolve_compare("minor_roads_3", "polish_winter", "julius_caesar") == (
        "julius_caesar",
        "minor_roads_3",
        "polish_winter",
    )


def test_a_killed_run_resumes_with_the_missing_seeds_only(tmp_path: Path) -> None:
    import signal

    out = tmp_path / "killed.jsonl"
    args = ["simulate", "demo_skirmish", "--games", "400", "--out", str(out), "--json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until(
        lambda: (
            process.poll() is not None
            or (out.exists() and out.read_text("utf-8").count("\n") >= 20)
        ),
        120,
        "20 games in the results file",
        0.01,
    )
    process.send_signal(signal.SIGKILL)
    process.wait()
    kept = out.read_text("utf-8").count("\n")
    assert kept >= 20
    run = legatus_here(*args)  # the resumed run: the same command in this process
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["games"] == 400
    assert summary["played"] == 400 - kept
    seeds = [r["seed"] for r in lines_of(out)]
    assert sorted(seeds) == list(range(400))


def test_timing_prints_each_players_wall_clock_and_cpu_seconds(tmp_path: Path) -> None:
    """``--timing``: the text summary gives each player's seconds per decision on the wall
    clock and in CPU time (the figures are measured, so only their form is checked)."""
    run = legatus(
        "simulate", "demo_skirmish", "--games", "2", "--seed", "5", "--side", "red=greedy",
        "--timing", "--no-progress", "--out", str(tmp_path / "timed.jsonl"),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if "per decision" in line]
    assert len(lines) == 2, run.stdout  # greedy and random
    for line in lines:
        assert re.fullmatch(
            r"  player \w+: [\d.]+ s per decision on average, [\d.]+ s at worst \(\d+ decisions "
            r"with a choice\); CPU [\d.]+ s on average, [\d.]+ s at worst",
            line,
        ), line
