"""Positions checked against the step they name (issue 35, item 6).

A position starts play just before a step of the sequence; what holds there is the game's
to declare (:class:`legatus.StepInvariant`, through its plugin object's
``step_invariants``): no battle pending outside Julius Caesar's battle phase, hands dealt
where the step plays them, the order of play set before Hannibal Barkas's actions. A
position that breaks one is refused before play starts, one message per problem, at the
line of its ``at``; the generic mechanism (:mod:`legatus.framework.engine.positions`)
names no game. The declarations hold in play: random games check each one as its step
starts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.core import Context, Game
from legatus.framework.engine.positions import parse_position, start_state
from legatus.framework.model.errors import DataError
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match

#: A position of the brief: the card phase with blocks of both sides in Tarraco, no hands.
CONTESTED_CARD_PHASE = """\
game: julius_caesar
title: a battle pending at the card phase
at: {step: card_phase, counters: {year: 1, turn: 2}}
setup:
  caesar: {map: {Tarraco: [Legio 7]}, others: out}
  pompey: {map: {Tarraco: [Legio 5]}, others: out}
"""

EXPECTED = [
    "bad.position.yaml:3 $.at: at card_phase (year 1, turn 2), no location holds blocks of "
    "both sides: battles are fought in the battle phase (JC 2.3, 7.1); but Tarraco holds "
    "blocks of Caesar and Pompeius",
    "bad.position.yaml:3 $.at: at card_phase (year 1, turn 2), each hand holds cards, at "
    "most the year's deal less the discard and the cards of the turns before (JC 2.1); but "
    "Caesar's hand is empty; it holds up to 4 (6 dealt, 1 discarded, 1 played)",
    "bad.position.yaml:3 $.at: at card_phase (year 1, turn 2), each hand holds cards, at "
    "most the year's deal less the discard and the cards of the turns before (JC 2.1); but "
    "Pompeius's hand is empty; it holds up to 4 (6 dealt, 1 discarded, 1 played)",
]


@pytest.fixture(scope="module")
def jc() -> Game:
    return default_catalog().load("julius_caesar")


def refused(game: Game, text: str, name: str = "bad.position.yaml") -> list[str]:
    with pytest.raises(DataError) as caught:
        start_state(game, parse_position(text, name))
    return [str(problem) for problem in caught.value.problems]


def test_a_battle_pending_at_the_card_phase_is_refused(jc: Game) -> None:
    """The brief's position: Caesar's and Pompeius's blocks in Tarraco at the card phase,
    and no cards dealt. Each problem is one message at the line of ``at``: what the step
    expects and what the position has."""
    assert refused(jc, CONTESTED_CARD_PHASE) == EXPECTED


def test_the_same_blocks_at_the_battle_phase_are_a_battle_about_to_be_fought(jc: Game) -> None:
    """At the battle phase a contested location is what the step is for (with Player 1
    named, who picks the battles)."""
    text = CONTESTED_CARD_PHASE.replace(
        "at: {step: card_phase, counters: {year: 1, turn: 2}}",
        "at: {step: battle_phase, counters: {year: 1, turn: 2}}\nrecords: {player1: caesar}",
    )
    state = start_state(jc, parse_position(text, "ok.position.yaml"))
    assert state["records"]["battle"]["location"] == "Tarraco"


@pytest.mark.parametrize(
    ("at", "lines", "expected"),
    [
        (
            "command_phase, counters: {year: 1, turn: 1}",
            "setup:\n  caesar: {map: {Roma: [Legio 7]}, others: out}\n  pompey: {others: out}\n",
            [
                "no Player 1 is named (records: player1)",
                "Caesar has neither orders nor a card (records: orders, cards)",
                "Pompeius has neither orders nor a card (records: orders, cards)",
            ],
        ),
        (
            "winter_supply, counters: {year: 1}",
            "setup:\n  caesar: {map: {Mare Tyrrhenum: [C Navis 1]}, others: out}\n"
            "  pompey: {others: out}\n",
            ["C Navis 1 is at sea, in Mare Tyrrhenum"],
        ),
        (
            "deal_cards, counters: {year: 2}",
            "zones: {hand:caesar: [2/1]}\nremaining: deck\n",
            ["Caesar's hand holds 1 card, more than 0"],
        ),
        (
            "disband, counters: {year: 1}",
            "zones: {hand:pompey: [Mars]}\nremaining: deck\n",
            ["Pompeius's hand holds 1 card, more than 0 (6 dealt, 1 discarded, 5 played)"],
        ),
    ],
)
def test_each_step_checks_what_holds_before_it(
    jc: Game, at: str, lines: str, expected: list[str]
) -> None:
    """The command phase needs the card phase's records (Player 1, each side's orders or
    card); winter supply comes after the navis went to port; no hand holds a card before
    the deal, nor in winter once the year's turns are played."""
    text = f"game: julius_caesar\nat: {{step: {at}}}\n{lines}"
    found = [p.split("; but ", 1)[1] for p in refused(jc, text) if " $.at: " in p]
    assert found == expected


def test_position_check_on_the_command_line_prints_one_line_per_problem(tmp_path: Path) -> None:
    """``legatus position check FILE``: each problem on a line of its own (the first after
    ``error:``), exit status 1, no traceback."""
    path = tmp_path / "bad.position.yaml"
    path.write_text(CONTESTED_CARD_PHASE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "legatus.framework.frontends.cli", "position", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines == [f"error: {tmp_path}/{EXPECTED[0]}", *(f"{tmp_path}/{e}" for e in EXPECTED[1:])]


def test_the_order_of_play_is_set_before_hannibal_barkas_actions() -> None:
    """Hannibal Barkas declares its own: before the actions step the initiative step has
    set the order of play, every player once (HB 3.3)."""
    hb = default_catalog().load("hannibal_barkas")
    text = (
        "game: hannibal_barkas\nscenario: campaign-2p\n"
        "at: {step: actions, counters: {year: 1, stage: 3}}\n"
        "records: {gold: {rome_south: 0, carthage_africa: 0}, ip: {carthage_africa: 0}}\n"
    )
    assert [p for p in refused(hb, text, "p.yaml") if " $.at: " in p] == [
        "p.yaml:3 $.at: at actions (year 1, stage 3), the initiative step has set the order of "
        "play: every player once (records: order) (HB 3.3); but the order of play is empty, "
        "the players ['rome_north', 'carthage_spain']"
    ]


def checked_in_play(game: Game, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Make every step a game declares invariants for check them as it starts; the count
    of checks made per step."""
    assert game.plugin is not None
    invariants = game.plugin.step_invariants()
    counts: dict[str, int] = {}
    push = Game.push_procedure

    def checking(self: Game, ctx: Context, name: str, args: Any) -> Any:
        for invariant in invariants if self is game else ():
            if name in invariant.steps:
                assert invariant.check(ctx) == [], (name, invariant.expected)
                counts[name] = counts.get(name, 0) + 1
        return push(self, ctx, name, args)

    monkeypatch.setattr(Game, "push_procedure", checking)
    return counts


def play(game: Game, seed: int, scenario: str | None = None) -> None:
    agents = {side: RandomAgent(seed * 10 + i) for i, side in enumerate(game.definition.side_ids)}
    match = Match.new(game, scenario, seed=seed, players=agents).play()
    assert match.over


def test_julius_caesars_step_invariants_hold_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three random games of Julius Caesar: every step's declared invariants hold as it
    starts (none of them refuses a position play can reach)."""
    game = default_catalog().load("julius_caesar")
    counts = checked_in_play(game, monkeypatch)
    for seed in (1, 2, 3):
        play(game, seed)
    assert {"card_phase", "command_phase", "battle_phase", "deal_cards", "disband"} <= set(counts)


def test_hannibal_barkas_step_invariants_hold_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    game = default_catalog().load("hannibal_barkas")
    counts = checked_in_play(game, monkeypatch)
    play(game, 4, "stop-hannibal-2p")
    assert counts["actions"] > 5
