"""Random Hannibal Barkas games for every scenario and number of players, with every check
of ``legatus check-game``: the generic and the game's own invariants after every action, no
decision without a legal action, every legal action one of the declared kinds, and at random
points save/replay, undo, the views and information sets against the hidden facts (gold,
hands, VP outside the nation), the frames' declared fields, the records' schemas. CI plays
one game per scenario under a one-year time limit (HB XI: the players may agree on one);
the report gives the full-length runs' figures (``legatus check-game hannibal_barkas``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.tools.checkgame import check_game

ONE_YEAR = str(Path(__file__).parent / "data" / "one_year.variant")


@pytest.mark.slow
def test_a_random_game_per_scenario_and_player_count_ends_soundly() -> None:
    summary = check_game(
        "hannibal_barkas", games=1, seed=500, workers=2, determinism=1, variant=ONE_YEAR
    )
    faults = [
        f"{r.scenario} seed {r.seed} action {f.action}: {f.kind}: {f.message}"
        for r, f in summary.faults
    ]
    faults += [f.message for f in summary.determinism]
    assert faults == []
    figures = summary.figures()
    assert figures["games"] == figures["finished"] == 13
    assert {r.scenario for r in summary.reports} == {
        "stop-hannibal-2p",
        *(f"{name}-{n}p" for name in ("gates", "campaign", "macedonia") for n in (2, 3, 4, 5)),
    }
    assert all(r.reason for r in summary.reports)
    assert figures["views"] >= 13 * 3 and figures["infosets"] >= 13 * 3
