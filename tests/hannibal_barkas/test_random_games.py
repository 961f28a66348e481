"""Random Hannibal Barkas games over part 1's span (the first year), for every number of
players, with every check of ``legatus check-game``: the generic and the game's own
invariants after every action, no decision without a legal action, every legal action one
of the declared kinds, and at random points save/replay, undo, the views and information
sets against the hidden facts (gold, hands, VP outside the nation), the frames' declared
fields, the records' schemas. CI plays two games per scenario; the report gives the longer
runs' figures."""

from __future__ import annotations

from framework.checkgame import check_game


def test_two_random_games_per_player_count_end_soundly() -> None:
    summary = check_game("hannibal_barkas", games=2, seed=500, workers=2, determinism=1)
    faults = [
        f"{r.scenario} seed {r.seed} action {f.action}: {f.kind}: {f.message}"
        for r, f in summary.faults
    ]
    faults += [f.message for f in summary.determinism]
    assert faults == []
    figures = summary.figures()
    assert figures["games"] == figures["finished"] == 8
    assert {r.scenario for r in summary.reports} == {
        "campaign-2p",
        "campaign-3p",
        "campaign-4p",
        "campaign-5p",
    }
    assert all(r.reason.startswith("interim result after the first year") for r in summary.reports)
    assert figures["views"] >= 8 * 3 and figures["infosets"] >= 8 * 3
