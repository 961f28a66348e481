"""Random Julius Caesar games to the end, with every invariant after every action.

``legatus check-game`` plays them: the generic invariants (each block in
exactly one place it may stand, strengths within limits, every card in one
zone), the game's own (trophies, leaders lost, VP bounds, the calendar), a
prompt never without a legal action (the engine refuses one), every game
ending with a result within the manifest's bound (the last winter), and at
random points save/replay, undo and view-leak checks. CI runs 20 seeds; the
issue notes report 1,000.
"""

from __future__ import annotations

import pytest

from legatus.framework.tools.checkgame import check_game


@pytest.mark.slow
def test_twenty_random_games_end_soundly() -> None:
    summary = check_game("julius_caesar", games=20, seed=1000, workers=2, determinism=1)
    faults = [f"seed {r.seed} action {f.action}: {f.kind}: {f.message}" for r, f in summary.faults]
    faults += [f.message for f in summary.determinism]
    assert faults == []
    figures = summary.figures()
    assert figures["finished"] == 20
    assert all(r.reason for r in summary.reports)
    assert figures["replays"] >= 20 and figures["views"] >= 40
