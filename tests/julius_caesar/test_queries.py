"""Julius Caesar's documented queries, and the kit's block-game reads its rule tests ask,
beside those the rule tests show: card zones by name (JC 2.1), a location's status for a
side (JC 4.2.1), the move and levy points left (JC 6.1, 6.4); each query cites its rule and
is on the testing page."""

from __future__ import annotations

import inspect
from pathlib import Path

from legatus.framework.kit import reads
from legatus.framework.tools.testing import PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, command_turn, group

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_query_cites_its_rule() -> None:
    """Julius Caesar's own queries cite the rule they read; they and the kit's block-game
    reads the tests ask beside them are on the testing page."""
    for name, member in inspect.getmembers(queries, inspect.isfunction):
        if member.__module__ != queries.__name__ or name.startswith("_"):
            continue
        doc = inspect.getdoc(member) or ""
        assert "JC " in doc or "(JC" in doc, name
    page = (DOCS / "testing-rules.md").read_text("utf-8")
    assert ".. automodule:: legatus.games.julius_caesar.queries" in page
    assert ".. automodule:: legatus.framework.kit.reads" in page


def test_card_zones_by_name(play_from: PlayFrom) -> None:
    """JC 2.1: the deal, the discard face down, the card played face down, then revealed."""
    kit = play_from(JC, "at: {step: deal_cards, counters: {year: 1}}", seed=7)
    hand = reads.hand(kit, "caesar")
    assert (len(hand), len(reads.hand(kit, "pompey")), len(reads.deck(kit))) == (6, 6, 15)
    assert reads.discarded(kit, "caesar") == []
    kit.act(f"discard({hand[0]})")
    assert reads.discarded(kit, "caesar") == [hand[0]]
    kit.act(f"discard({reads.hand(kit, 'pompey')[0]})")
    assert kit.asked is not None and kit.asked[1] == "play"
    card = reads.hand(kit, "caesar")[0]
    kit.act(f"play({card})", side="caesar")
    assert reads.committed(kit, "caesar") == [card]
    assert reads.played(kit, "caesar") == []
    kit.act(f"play({reads.hand(kit, 'pompey')[0]})", side="pompey")
    assert reads.committed(kit, "caesar") == []
    assert reads.played(kit, "caesar")[-1] == card
    assert reads.hand(kit, "caesar") == kit.zone("hand:caesar")


def test_a_locations_status_for_a_side(play_from: PlayFrom) -> None:
    """JC 4.2.1: friendly, enemy, vacant, contested."""
    kit = command_turn(
        play_from, {"Narbo": ["Caesar"], "Tarraco": ["Legio 5"], "Massilia": ["Legio 7"]}
    )
    assert reads.status(kit, "Narbo", "caesar") == "friendly"
    assert reads.status(kit, "Narbo", "pompey") == "enemy"
    assert reads.status(kit, "Roma", "caesar") == "vacant"
    kit.act(*group("Narbo", "Tarraco", "Caesar"))
    assert reads.status(kit, "Tarraco", "caesar") == "contested"
    assert reads.status(kit, "Tarraco", "pompey") == "contested"


def test_move_and_levy_points_left(play_from: PlayFrom) -> None:
    """JC 6.1, 6.4: a group move spends a move point; the levy spends a levy point each."""
    kit = command_turn(
        play_from,
        {"Narbo": ["Caesar"], "Massilia": ["Legio 7"], "Roma": ["Legio 17"]},
        strengths={"Legio 17": 2},
        caesar=(2, 2),
    )
    assert queries.move_points(kit, "caesar") == 2
    assert queries.move_points(kit, "pompey") is None
    assert queries.levy_points(kit, "caesar") is None
    kit.act(*group("Narbo", "Massilia", "Caesar"))
    assert queries.move_points(kit, "caesar") == 1
    kit.act("end_moves")
    assert queries.move_points(kit, "caesar") is None
    assert kit.asked == ("caesar", "levy")
    assert queries.levy_points(kit, "caesar") == 2
    kit.act("step(Legio 17)")
    assert queries.levy_points(kit, "caesar") == 1
