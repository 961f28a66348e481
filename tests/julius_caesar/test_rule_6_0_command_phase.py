"""JC 2.2, 6.0: the command phase: Player 1 moves then levies (or plays its event), then
Player 2; an event player gets no moves or levies; a cancelled turn does nothing.

Each test starts at a turn's command phase with what the card phase left (Player 1,
each side's move and levy points) and a few blocks on the map
(:func:`tests.julius_caesar.conftest.command_turn`), and plays on through the real
sequence of play.
"""

from __future__ import annotations

import random
import textwrap

import pytest

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries
from legatus.games.julius_caesar.model import SIDES

from .conftest import JC, command_phase, command_turn, group, placed

# -- JC 2.2: the order of the phase ---------------------------------------------------


def test_2_2_player1_moves_then_levies_then_player2(play_from: PlayFrom) -> None:
    """Pompeius is Player 1: his moves, then his levy, then Caesar's moves."""
    kit = command_turn(
        play_from,
        {"Neapolis": ["Legio 1"], "Narbo": ["Legio 7"]},
        player1="pompey",
        pompey=(1, 1),
        caesar=(1, 0),
        strengths={"Legio 1": 2},
    )
    assert kit.asked == ("pompey", "group")
    kit.act("end_moves")
    assert kit.asked == ("pompey", "levy")
    assert kit.legal() == ["end_levy", "step(Legio 1)"]
    kit.act("step(Legio 1)")
    assert kit.asked == ("caesar", "group")
    assert kit.strength("Legio 1") == 3


def test_2_2_event_replaces_the_event_players_moves_and_levies(play_from: PlayFrom) -> None:
    """Caesar played Mars: the event moves one group in his place; his orders (3 MP, 2 LP)
    are not used: after the event's group, Pompeius moves."""
    kit = command_turn(
        play_from,
        {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1"]},
        caesar=(3, 2),
        pompey=(1, 0),
        records={"event": {"card": "Mars", "side": "caesar"}},
    )
    assert "Caesar plays the event Mars" in kit.log()
    assert not any(text.startswith("Caesar: 3 move(s)") for text in kit.log())
    assert kit.asked == ("caesar", "group")
    assert kit.prompt is not None
    assert kit.prompt.text == "Caesar: choose the group the event Mars moves"
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)")
    assert kit.asked == ("pompey", "group")


def test_2_2_event_of_player2_comes_after_player1s_command(play_from: PlayFrom) -> None:
    """Caesar (Player 1) moves first; Pompeius's Neptune takes effect after Caesar's moves
    and levy: then his navis's group is chosen."""
    kit = command_turn(
        play_from,
        {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1", "P Navis 1"]},
        caesar=(1, 0),
        records={"event": {"card": "Neptune", "side": "pompey"}},
    )
    assert kit.asked == ("caesar", "group")
    kit.act("end_moves")
    assert kit.asked == ("pompey", "group")
    assert kit.prompt is not None
    assert kit.prompt.text == "Pompeius: choose the group the event Neptune moves"
    kit.act("end_moves")
    assert kit.step == "card_phase"  # nothing to fight: the next turn's cards


def test_2_1_cancelled_turn_has_no_command_phase(play_from: PlayFrom) -> None:
    """Both events cancelled: the command and battle phases are skipped; the next turn's
    cards are played with everything where it stood."""
    kit = command_turn(
        play_from,
        {"Massilia": ["Legio 11"], "Genua": ["Legio 1"]},
        caesar=(3, 1),
        records={"cancelled": True},
    )
    assert (kit.step, kit.counters) == ("card_phase", {"year": 1, "turn": 2})
    assert (kit.at("Legio 11"), kit.at("Legio 1")) == ("Massilia", "Genua")
    assert reads.attacks(kit) == {}  # as it started: nothing moved
    assert reads.moved(kit, "caesar") == []


def test_2_1_unused_moves_are_lost(play_from: PlayFrom) -> None:
    """Ending the moves with 2 MP left goes on to the levy: the MP are gone."""
    kit = command_turn(
        play_from,
        {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"], "Utica": ["Legio 39"]},
        caesar=(3, 1),
        pompey=(1, 0),
        strengths={"Legio 11": 2},
    )
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)", "end_moves")
    assert kit.asked == ("caesar", "levy")
    kit.act("end_levy")
    assert kit.asked is not None and kit.asked[0] == "pompey"


def test_2_2_orders_from_the_cards_when_no_orders_are_recorded(play_from: PlayFrom) -> None:
    """Without ``orders`` the command values are the played cards' (3/1: 3 MP)."""
    position = textwrap.dedent("""
        at: {step: command_phase, counters: {year: 1, turn: 1}}
        records: {player1: caesar, cards: {caesar: 3/1, pompey: 2/2}}
    """)
    kit = play_from(JC, position + placed({"Massilia": ["Legio 11", "Legio 14"]}))
    assert kit.prompt is not None
    assert kit.prompt.text == "Caesar: 3 move(s) left: choose a group or a sea move"


def test_7_1_battles_listed_in_the_order_they_became_contested(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {
            "Narbo": ["Legio 7"],
            "Massilia": ["Legio 11"],
            "Tarraco": ["Legio 5"],
            "Genua": ["Legio 1"],
        },
        caesar=(2, 0),
    )
    kit.act(*group("Narbo", "Tarraco", "Legio 7"), *group("Massilia", "Genua", "Legio 11"))
    # The command phase is over: Player 1 picks the first battle.
    assert (kit.step, kit.asked) == ("battle_phase", ("caesar", "battle_choice"))
    assert reads.battles(kit) == ["Tarraco", "Genua"]
    assert reads.contested(kit) == ["Tarraco", "Genua"]


# -- hidden information -----------------------------------------------------------


def test_3_0_log_names_blocks_only_to_their_owner(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Narbo": ["Legio 7", "Legio 9"]})
    kit.act("group(Narbo)", "move(Legio 7, Narbo, Tarraco)")
    assert "Caesar moves a block Narbo -> Tarraco" in kit.log()
    assert "Caesar moves Legio 7 Narbo -> Tarraco" in kit.log("caesar")
    assert "Caesar moves Legio 7 Narbo -> Tarraco" not in kit.log("pompey")
    assert not any("Legio" in text for text in kit.log())


def test_3_0_enemy_view_does_not_depend_on_which_block_moved(play_from: PlayFrom) -> None:
    """Moving Legio 7 or Legio 9 (same strength) looks the same to Pompeius (while the
    group is still moving: the battle would reveal the block)."""
    views = []
    for block in ("Legio 7", "Legio 9"):
        kit = command_turn(play_from, {"Narbo": ["Legio 7", "Legio 9"], "Tarraco": ["Legio 5"]})
        kit.act("group(Narbo)", f"move({block}, Narbo, Tarraco)")
        assert kit.asked == ("caesar", "move")
        views.append(kit.view("pompey"))
        found = reads.attack(kit, "Tarraco")
        assert found is not None and found.arrivals == {"Narbo|Tarraco": 1}
    assert views[0] == views[1]


# -- invariants over random play -------------------------------------------------------


def road_limit(kit: Kit, kind: str) -> int:
    return int(kit.game.rules.param(f"road_limit.{kind}"))


@pytest.mark.parametrize("seed", range(40))
def test_6_0_random_command_phases_keep_the_rules(play_from: PlayFrom, seed: int) -> None:
    """From the 705 deployment, random orders and random legal actions: land blocks stay on
    land (JC 4.1), no road carries more than its limit (JC 6.11), no block moves twice
    (JC 6.1), a navis stays in each sea crossed by sea (JC 6.3), and every contested
    location is an attack to fight in the battle phase (JC 7.1)."""
    chooser = random.Random(seed)
    caesar = (chooser.randint(1, 4), chooser.randint(1, 3))
    pompey = (chooser.randint(1, 4), chooser.randint(1, 3))
    kit = play_from(
        JC,
        command_phase(
            "scenario: '705'", player1=chooser.choice(SIDES), caesar=caesar, pompey=pompey
        ),
        seed=seed,
    )
    while kit.step == "command_phase":
        kit.act(chooser.choice(kit.legal()))
    jc, board = kit.definition, kit.definition.board
    for block in jc.pieces:
        if kit.at(block) not in ("pool", "out"):
            space = board.spaces[kit.at(block)]
            stands_on = jc.piece_types[jc.pieces[block].type].stands_on
            assert space.category in stands_on or space.kind in stands_on, block
    for side in SIDES:
        moved = reads.moved(kit, side)
        assert len(moved) == len(set(moved))
        for key, used in reads.borders_used(kit, side).items():
            (kind,) = board.connection_kinds_between(*key.split("|"))
            assert used <= road_limit(kit, kind), key
        for sea in queries.held_seas(kit, side):
            assert reads.blocks_at(kit, sea, side), f"{side} left {sea}"
    contested = {
        space
        for space in board.spaces
        if len({kit.owner(b) for b in reads.blocks_at(kit, space)}) > 1
    }
    fighting = reads.battle(kit)
    pending = set(reads.battles(kit)) | ({fighting.location} if fighting else set())
    assert pending == contested
    assert contested <= set(reads.attacks(kit))
