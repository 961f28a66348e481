"""JC 1.2 victory (checked in winter, JC 8.4): VP of friendly cities plus one per enemy
leader killed; 10 VP at a winter check wins; after the fifth year more VP wins, then the
holder of Roma, else a draw.

The VP are the game's queries (``queries.vp``, ``reads.holds``); the decisions are the
rules file's own ``victory`` declarations, run by the engine at the winter's checks: each
test starts at a winter (``cleopatra_home``, the step before the checks) from a position.
"""

from __future__ import annotations

import pytest

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import JC, placed

RULE = "JC 1.2"


def winter(play_from: PlayFrom, year: int = 1, lines: str = "", **params: int) -> Kit:
    """The winter of ``year``, from the 705 set-up changed by ``lines`` (position lines)."""
    position = f"at: {{step: cleopatra_home, counters: {{year: {year}}}}}\n" + lines
    return play_from(JC, position, params=params or None)


def one_block_each(caesar: list[str], pompey: list[str]) -> str:
    """Position lines: one block in each listed city (Caesar's Legio 7..., Pompey's Legio
    1...), every other block out of play."""
    ours = ["Legio 7", "Legio 8", "Legio 9", "Legio 10", "Legio 11"]
    theirs = ["Legio 1", "Legio 2", "Legio 3", "Legio 4", "Legio 5"]
    where: dict[str, list[str]] = {}
    for city, block in [*zip(caesar, ours, strict=False), *zip(pompey, theirs, strict=False)]:
        where.setdefault(city, []).append(block)
    return placed(where)


def goes_on(kit: Kit) -> bool:
    """No decision: the winter goes on to its next steps."""
    return kit.result is None and kit.step in ("navis_to_port", "winter_supply", "disband")


def test_starting_vp_pompey_7_caesar_1(play_from: PlayFrom) -> None:
    """JC 1.2 sidebar: Pompey starts with 7 VP, Caesar with 1 (Massilia); Roma is vacant."""
    kit = play_from(JC)
    assert (queries.vp(kit, "caesar"), queries.vp(kit, "pompey")) == (1, 7)
    assert reads.holds(kit, "caesar", "Massilia")
    assert not reads.holds(kit, "pompey", "Roma")
    assert not reads.holds(kit, "caesar", "Roma")


def test_killed_leaders_are_1_vp_each(play_from: PlayFrom) -> None:
    """JC 1.2, 7.51: Caesar has killed Pompeius and Scipio: 2 trophies, 1 + 2 = 3 VP."""
    kit = play_from(
        JC,
        """
        pieces: {Pompeius: {at: out}, Scipio: {at: out}}
        records:
          trophies: {caesar: [Pompeius, Scipio]}
          leaders_lost: {pompey: 2}
        """,
    )
    assert reads.trophies(kit, "caesar") == ["Pompeius", "Scipio"]
    assert reads.trophies(kit, "pompey") == []
    assert queries.vp(kit, "caesar") == 3


def test_contested_city_counts_for_nobody(play_from: PlayFrom) -> None:
    """JC 4.2.1: a city with both sides' blocks is contested, friendly to neither. A city is
    contested only until its battle (JC 2.3), so the position is the battle phase's, Roma's
    battle about to be fought."""
    position = (
        "at: {step: battle_phase, counters: {year: 1, turn: 1}}\nrecords: {player1: caesar}\n"
    )
    kit = play_from(JC, position + one_block_each(["Roma"], ["Roma"]))
    assert kit.step == "battle_phase"
    assert (queries.vp(kit, "caesar"), queries.vp(kit, "pompey")) == (0, 0)


def test_ten_vp_win_at_a_winter_check(play_from: PlayFrom) -> None:
    """JC 1.2: Pompey adds Roma (2) and Athenae (1) to his 7: 10 VP wins."""
    kit = winter(play_from, lines="pieces: {Legio 32: {at: Roma}, Legio 33: {at: Athenae}}")
    assert kit.result == {
        "winner": "pompey",
        "reason": "Pompeius wins (winter_victory)",
        "rule": RULE,
    }
    assert kit.log()[-1] == "Game over: Pompeius wins (winter_victory)"


def test_nine_vp_do_not_win(play_from: PlayFrom) -> None:
    """JC 1.2: 9 VP (7 + Roma) is not enough; the game goes on."""
    kit = winter(play_from, lines="pieces: {Legio 32: {at: Roma}}")
    assert queries.vp(kit, "pompey") == 9
    assert goes_on(kit)


def test_vp_to_win_is_a_parameter(play_from: PlayFrom) -> None:
    """Variant vp_to_win = 7: Pompey wins with his starting 7 VP."""
    kit = winter(play_from, vp_to_win=7)
    assert kit.result is not None and kit.result["winner"] == "pompey"


@pytest.mark.parametrize(
    ("caesar", "pompey", "winner"),
    [(["Massilia", "Roma"], ["Utica"], "caesar"), (["Massilia"], ["Utica"], None)],
)
def test_both_reaching_the_target(
    play_from: PlayFrom, caesar: list[str], pompey: list[str], winner: str | None
) -> None:
    """Both at or above the target (vp_to_win = 1 here; impossible at 10 with 13 city VP
    and 3 trophies each): more VP wins; equal VP decide nothing yet."""
    kit = winter(play_from, lines=one_block_each(caesar, pompey), vp_to_win=1)
    if winner is None:
        assert goes_on(kit)
    else:
        assert kit.result is not None and kit.result["winner"] == winner


def test_final_more_vp_wins(play_from: PlayFrom) -> None:
    """JC 1.2: no one reached 10 by the end of year 5: Pompey's 7 beat Caesar's 1."""
    kit = winter(play_from, year=5)
    assert kit.result == {
        "winner": "pompey",
        "reason": "Pompeius wins (final_victory)",
        "rule": RULE,
    }


def test_final_tie_goes_to_the_holder_of_roma(play_from: PlayFrom) -> None:
    """JC 1.2: 3 VP each (Caesar Massilia + Roma; Pompey Alexandria + Utica): Caesar
    holds Roma and wins."""
    kit = winter(
        play_from, year=5, lines=one_block_each(["Massilia", "Roma"], ["Alexandria", "Utica"])
    )
    assert (queries.vp(kit, "caesar"), queries.vp(kit, "pompey")) == (3, 3)
    assert kit.result is not None and kit.result["winner"] == "caesar"


def test_final_tie_without_roma_is_a_draw(play_from: PlayFrom) -> None:
    """JC 1.2: 3 VP each, Roma vacant: a draw."""
    kit = winter(
        play_from,
        year=5,
        lines=one_block_each(["Massilia", "Athenae", "Tarraco"], ["Alexandria", "Utica"]),
    )
    assert kit.result == {"winner": None, "reason": "draw (final_victory)", "rule": RULE}


def test_winter_check_in_the_last_year_always_decides(play_from: PlayFrom) -> None:
    """JC 1.2, 8.0: the rules file checks the final victory after the winter check only in
    the last year: before it the game goes on, in it the final count decides."""
    kit = winter(play_from, year=4)
    winter_block = next(b for b in kit.game.rules.program.blocks if b.name == "winter")
    final = next(n for n in winter_block.body if getattr(n, "victory", "") == "final_victory")
    assert final.when is not None  # "when year == years"
    assert goes_on(kit)
    kit = winter(play_from, year=5)
    assert kit.result is not None and kit.result["winner"] == "pompey"
