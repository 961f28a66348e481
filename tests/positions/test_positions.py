"""Positions: a game at any point as a data file (issue 16, item 1).

A position starts from a scenario and changes what it lists; it is checked like every data
file (each problem at its line), then against the game's invariants, before play starts.
An exported position goes on exactly where its save stood. Saves and simulations started
from a position carry it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.positions import export, parse_position, read_position, start_state
from legatus.framework.model.errors import DataError
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match

ROOT = Path(__file__).resolve().parents[2]
DYRRACHIUM = (
    ROOT
    / "legatus"
    / "games"
    / "julius_caesar"
    / "data"
    / "positions"
    / "dyrrachium_706.position.yaml"
)


@pytest.fixture(scope="module")
def jc() -> Game:
    return default_catalog().load("julius_caesar")


def problems(game: Game, text: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        start_state(game, parse_position(text, "p.yaml"))
    return [str(p) for p in caught.value.problems]


def test_the_shipped_dyrrachium_position_starts_at_the_deal_of_706(jc: Game) -> None:
    """JC 2.0: the year's deal of the second year (706 AUC), the map as the file places it."""
    state = start_state(jc, read_position(DYRRACHIUM))
    assert state["vars"] == {"year": 2}
    assert state["prompt"]["kind"] == "discard" and state["prompt"]["sides"] == ["caesar", "pompey"]
    pieces = state["pieces"]
    assert pieces["Caesar"]["at"] == "Salona"
    assert pieces["Legio 9"] == {"side": "caesar", "at": "Salona", "strength": 2, "flags": []}
    assert pieces["Legio 7"]["at"] == pieces["Legio 2"]["at"] == "out"  # Spain: no part
    assert [len(state["zones"][f"hand:{side}"]) for side in ("caesar", "pompey")] == [6, 6]
    # Four years remain: the game ends after the fifth (JC 1.2), not the sixth.
    match = Match(
        jc, state, players={s: RandomAgent(i) for i, s in enumerate(("caesar", "pompey"))}
    )
    match.play()
    assert match.over and match.state["vars"].get("year") in (None, 2, 3, 4, 5)


def test_a_position_gives_hands_records_and_pieces_and_starts_at_its_step(jc: Game) -> None:
    """JC 2.1: a card phase in year 2, turn 3, with the hands the file gives."""
    text = """
game: julius_caesar
at: {step: card_phase, counters: {year: 2, turn: 3}}
pieces:
  Antonius: {at: pool}
zones:
  hand:caesar: [2/3, Mars]
  hand:pompey: [3/1, 4/1]
remaining: deck
records:
  trophies: {caesar: [], pompey: []}
"""
    state = start_state(jc, parse_position(text, "p.yaml"))
    assert state["vars"] == {"year": 2, "turn": 3}
    assert state["zones"]["hand:caesar"] == ["2/3", "Mars"]
    assert state["pieces"]["Antonius"]["at"] == "pool"
    assert sum(len(cards) for cards in state["zones"].values()) == 27  # every card somewhere
    match = Match(jc, state)
    assert [a.text for a in match.legal_actions("caesar")] == ["play(2/3)", "play(Mars)"]
    assert [a.text for a in match.legal_actions("pompey")] == ["play(3/1)", "play(4/1)"]


def test_every_problem_is_at_its_line_with_a_suggestion(jc: Game) -> None:
    text = """game: julius_caesar
at: {step: card_phse, counters: {year: 2, turn: 3}}
pieces:
  Legio 77: {at: Roma}
  Antonius: {at: Mare Nostrum}
zones:
  hand:cesar: [2/3]
  hand:pompey: [Jupiterr]
records:
  trophies: {caesar: 3}
"""
    assert problems(jc, text) == [
        "p.yaml:2 $.at: the sequence of play has no step 'card_phse'; did you mean 'card_phase'?; "
        "its steps: battle_phase, card_phase, cleopatra_home, command_phase, deal_cards, disband, "
        "free_deployment, navis_to_port, winter_supply, year_reset",
        "p.yaml:4 $.pieces['Legio 77']: unknown piece 'Legio 77'; did you mean 'Legio 7'?",
        "p.yaml:5 $.pieces.Antonius.at: unknown place 'Mare Nostrum'; did you mean "
        "'Mare Internum'? (a space, pool or out)",
        "p.yaml:7 $.zones['hand:cesar']: unknown card zone 'hand:cesar'; did you mean "
        "'hand:caesar'?",
        "p.yaml:8 $.zones['hand:pompey'][0]: unknown card 'Jupiterr'; did you mean 'Jupiter'?",
        "p.yaml:10 $.records.trophies.caesar: 3 is not of type 'array' (the record's schema)",
    ]


def test_the_counters_of_the_repeats_around_the_step_are_needed(jc: Game) -> None:
    found = problems(jc, "game: julius_caesar\nat: {step: card_phase, counters: {year: 2}}\n")
    assert found == [
        "p.yaml:2 $.at: step 'card_phase' lies in repeats counting year, turn: give turn too"
    ]
    found = problems(
        jc, "game: julius_caesar\nat: {step: card_phase, counters: {year: 9, turn: 1}}\n"
    )
    assert found == ["p.yaml $.at: cannot start play here: year 9 is outside its repeat, 1 to 5"]


def test_the_games_invariants_are_checked_before_play(jc: Game) -> None:
    """JC 1.2: a trophy is an enemy leader killed; Pompeius alive in Dyrrachium is none."""
    found = problems(
        jc, "game: julius_caesar\nrecords:\n  trophies: {caesar: [Pompeius], pompey: []}\n"
    )
    assert found == [
        "p.yaml $: the position breaks JC trophies are killed enemy leaders: caesar's trophy "
        "'Pompeius' is still in play",
        "p.yaml $: the position breaks JC leaders lost match trophies: pompey has lost 0 "
        "leaders but caesar holds 1 trophies",
    ]


def test_a_position_of_another_game_is_refused(jc: Game) -> None:
    assert problems(jc, "game: gbojc_naval\n") == [
        "p.yaml:1 $.game: this is a position of 'gbojc_naval', not of 'julius_caesar'"
    ]


def test_an_exported_position_goes_on_exactly_where_the_save_stood(jc: Game) -> None:
    """Export after 150 actions (mid-game, in whatever procedure it stood), start from it,
    play the save's remaining actions: the same states, the same end."""
    players = {s: RandomAgent(7 + i) for i, s in enumerate(("caesar", "pompey"))}
    match = Match.new(jc, seed=11, players=players, history=True).play()
    session = match
    assert session is not None and match.over
    at = 150
    text = export(jc, session.states[at])
    state = start_state(jc, parse_position(text, "exported.yaml"))
    truth = session.states[at]
    for key in ("pieces", "zones", "records", "seats", "vars", "stack", "rng", "prompt", "result"):
        assert state[key] == truth[key], key
    follow = Match(jc, state, history=True)
    for move in session.moves[at:]:
        follow.answer(move.side, move.action)
    assert follow.state["result"] == session.state["result"]
    assert follow.state["pieces"] == session.state["pieces"]


def test_a_save_of_a_game_from_a_position_carries_it_and_replays(jc: Game) -> None:
    position = read_position(DYRRACHIUM)
    players = {s: RandomAgent(i) for i, s in enumerate(("caesar", "pompey"))}
    match = Match.from_position(jc, position, history=True, players=players, seed=5).play(until=60)
    save = match.to_save()
    assert save["position"] == position.text and save["seed"] == 5
    again = Match.resume(json.loads(json.dumps(save)), default_catalog().load_saved)
    assert again.hash() == match.hash()


def run(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", *argv],
        capture_output=True, text=True, check=False, cwd=cwd,
    )  # fmt: skip


def test_play_simulate_check_and_export_on_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    played = run("play", "julius_caesar", "--position", "dyrrachium_706", "--seed", "3",
                 "--quiet", "--save", str(save))  # fmt: skip
    assert played.returncode == 0, played.stderr
    replayed = run("replay", str(save))
    assert replayed.returncode == 0 and "hashes verified" in replayed.stdout
    exported = tmp_path / "p.yaml"
    done = run("position", "export", str(save), "--at", "40", "--out", str(exported))
    assert done.returncode == 0, done.stderr
    checked = run("position", "check", str(exported))
    assert checked.returncode == 0 and checked.stdout.startswith(f"{exported}: ok (julius_caesar")
    simulated = run("simulate", "julius_caesar", "--position", str(exported), "--games", "3",
                    "--no-progress", "--json")  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    summary = json.loads(simulated.stdout)
    assert summary["games"] == 3 and summary["position"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "julius_caesar", "--position", "/nonexistent.yaml"], "cannot read file"),
        (["play", "julius_caesar", "--position", "dyrrachium_706", "--scenario", "705"],
         "--position gives the scenario and options"),
        (["play", "gbojc_naval", "--position", "dyrrachium_706"], "cannot read file"),
        (["position", "check", "/dev/zero"], "position files may be at most"),
        (["position", "export", "/nonexistent.json", "--at", "3"], "cannot read save"),
    ],
)  # fmt: skip
def test_bad_position_input_is_a_one_line_error(argv: list[str], message: str) -> None:
    done = run(*argv)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_exporting_past_the_end_of_a_save_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert (
        run("play", "demo_skirmish", "--seed", "1", "--quiet", "--save", str(save)).returncode == 0
    )
    done = run("position", "export", str(save), "--at", "999")
    assert done.returncode != 0 and "--at 999: the save has only" in done.stderr


def test_a_position_that_names_no_seats_keeps_its_scenarios() -> None:
    """A position without ``seats:`` plays its scenario's seats (Hannibal Barkas for two:
    two seats of two sides each), and the count its game allows is checked on those, not
    on one seat per side (nine sides, a game for 2 to 5). The seats taken (HB 10.2), only
    the order of play the actions step needs is missing."""
    hb = default_catalog().load("hannibal_barkas")
    text = "game: hannibal_barkas\nscenario: campaign-2p\nat: {step: actions, counters: {year: 1, stage: 3}}\n"
    found = problems(hb, text)
    assert not any("seats" in problem for problem in found), found
    assert [p.split("; but ")[0] for p in found] == [
        "p.yaml:3 $.at: at actions (year 1, stage 3), the initiative step has set the order of "
        "play: every player once (records: order) (HB 3.3)"
    ]
