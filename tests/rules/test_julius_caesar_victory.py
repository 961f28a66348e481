"""JC 1.2 as the shipped rules file's ``victory`` declarations state it, decided by the
engine: ``require`` keeps the sides meeting the condition, ``most`` the best, ``else
continue`` goes on, ``else draw`` ends drawn. Each test starts a winter (the step before
its checks) from a position where each side holds cities worth the VP it needs, one block
in each, and reads the decision.

The map's 13 city VP and six leaders cannot give both sides 10 VP at once, so the winter
check's cases use a target of 5 VP (the parameter ``vp_to_win``): the declarations read
the target, not the number. (VP are read before the winter's Cleopatra goes home: her
Alexandria is held by a block, or vacant with her out of play.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules.trace import tracing
from legatus.framework.tools.testing import Kit, PlayFrom, play_from
from legatus.games.julius_caesar import queries
from tests.julius_caesar.conftest import JC, placed

#: Caesar's and Pompeius's legions, one for each city a side holds; the enemy leaders each
#: may have killed (a trophy: 1 VP, JC 1.2, 7.51).
BLOCKS = {
    "caesar": [f"Legio {n}" for n in (7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20)],
    "pompey": [f"Legio {n}" for n in (1, 2, 3, 4, 5, 6, 32, 33, 34, 35, 36, 37, 38)],
}
LEADERS = {"caesar": ["Pompeius", "Scipio", "Brutus"], "pompey": ["Caesar", "Antonius", "Octavian"]}


def vp_lines(vp: dict[str, int], roma: str | None) -> str:
    """Position lines giving each side ``vp``: Roma (2) to ``roma``, Alexandria (2) to the
    side that needs more, cities of 1 VP (one block each, to each side in turn), then
    killed enemy leaders."""
    spaces = default_catalog().definition(JC).board.spaces
    worth_one = sorted(s for s, space in spaces.items() if space.vp == 1)
    need = dict(vp)
    held: dict[str, list[str]] = {}
    blocks = {side: list(found) for side, found in BLOCKS.items()}
    if roma is not None:
        held["Roma"] = [blocks[roma].pop(0)]
        need[roma] -= 2
    rich = max(need, key=lambda side: need[side])
    if need[rich] >= 2:
        held["Alexandria"] = [blocks[rich].pop(0)]
        need[rich] -= 2
    while worth_one and any(need[side] > 0 for side in need):
        for side in ("caesar", "pompey"):  # in turn, so that both may need trophies
            if need[side] > 0 and worth_one:
                held[worth_one.pop(0)] = [blocks[side].pop(0)]
                need[side] -= 1
    trophies = {side: LEADERS[side][: need[side]] for side in need}
    lost = {"caesar": len(trophies["pompey"]), "pompey": len(trophies["caesar"])}
    records = f"records: {{trophies: {json.dumps(trophies)}, leaders_lost: {json.dumps(lost)}}}\n"
    return placed(held) + records


def winter(
    play_from: PlayFrom,
    caesar: int,
    pompey: int,
    roma: str | None = None,
    year: int = 1,
    **params: int,
) -> Kit:
    position = f"at: {{step: cleopatra_home, counters: {{year: {year}}}}}\n"
    kit = play_from(
        JC, position + vp_lines({"caesar": caesar, "pompey": pompey}, roma), params=params or None
    )
    assert (queries.vp(kit, "caesar"), queries.vp(kit, "pompey")) == (caesar, pompey)
    return kit


def won(side: str, victory: str) -> dict[str, str]:
    name = {"caesar": "Caesar", "pompey": "Pompeius"}[side]
    return {"winner": side, "reason": f"{name} wins ({victory})", "rule": "JC 1.2"}


@pytest.mark.parametrize(
    ("caesar", "pompey", "outcome"),
    [
        (5, 3, won("caesar", "winter_victory")),
        (2, 6, won("pompey", "winter_victory")),
        (4, 4, None),  # require: nobody has 5
        (6, 5, won("caesar", "winter_victory")),  # both have 5: most VP
        (5, 5, None),  # both, equal: else continue
    ],
)
def test_rule_1_2_winter_check(
    play_from: PlayFrom, caesar: int, pompey: int, outcome: dict[str, Any] | None
) -> None:
    kit = winter(play_from, caesar, pompey, vp_to_win=5)
    assert kit.result == outcome
    if outcome is None:  # the winter goes on
        assert kit.step in ("navis_to_port", "winter_supply", "disband")


def test_rule_1_2_after_year_5_more_vp_wins(play_from: PlayFrom) -> None:
    assert winter(play_from, 8, 9, roma="caesar", year=5).result == won("pompey", "final_victory")


def test_rule_1_2_equal_vp_the_holder_of_roma_wins(play_from: PlayFrom) -> None:
    assert winter(play_from, 6, 6, roma="caesar", year=5).result == won("caesar", "final_victory")


def test_rule_1_2_equal_vp_and_roma_vacant_is_a_draw(play_from: PlayFrom) -> None:
    assert winter(play_from, 6, 6, year=5).result == {
        "winner": None,
        "reason": "draw (final_victory)",
        "rule": "JC 1.2",
    }


def test_rule_1_2_the_deciding_clause_and_the_vp_query_fire_their_rule() -> None:
    with tracing() as trace:
        kit = winter(play_from, 10, 0)
    assert kit.result == won("caesar", "winter_victory")
    assert trace.by_origin[("dsl", "JC 1.2")] == 1  # the clause that decided
    assert trace.by_origin[("python", "JC 1.2")] == 2  # the vp query, once per side
    # The sequence's check (@rule "JC 1.2") and the end of the game, under the deciding
    # clause's rule.
    assert kit.fired["JC 1.2"] == 2
