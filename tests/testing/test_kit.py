"""The test kit (legatus.framework.tools.testing): a position from a few lines checked like a file, dice
forced per roll with errors that name the roll, actions and prompts by text, and the
pytest fixture that fails a test leaving forced rolls unused."""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from legatus.framework.engine.positions import parse_position
from legatus.framework.kit import reads
from legatus.framework.model.errors import DataError, IllegalActionError
from legatus.framework.tools.testing import (
    DiceError,
    ForcedDice,
    Kit,
    PlayFrom,
    load_game,
    play_from,
)
from legatus.games.julius_caesar import queries

#: Caesar (A3, III) attacks Tarraco from Narbo; Pompeius's Legio 5 and 6 (C2, III) defend.
TARRACO = """
    at: {step: command_phase, counters: {year: 1, turn: 2}}
    records: {player1: caesar, orders: {caesar: {move: 1, levy: 0}, pompey: {move: 0, levy: 0}}}
    setup:
      caesar: {map: {Narbo: [Caesar]}, others: out}
      pompey: {map: {Tarraco: [Legio 5, Legio 6]}, others: out}
"""


def battle(play_from: PlayFrom) -> Kit:
    kit = play_from("julius_caesar", TARRACO)
    return kit.act("group(Narbo)", "move(Caesar, Narbo, Tarraco)")


# -- positions from a few lines ------------------------------------------------------------


def test_a_position_of_a_few_lines_starts_at_its_step(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar", TARRACO)
    assert kit.asked == ("caesar", "group")
    assert kit.step == "command_phase"
    assert kit.counters == {"year": 1, "turn": 2}
    assert kit.legal() == ["end_moves", "group(Narbo)"]
    assert kit.prompt is not None and kit.prompt.text.startswith("Caesar: 1 move(s) left")
    # others: out took every block not listed off the map.
    assert reads.blocks_at(kit, "Tarraco") == ["Legio 5", "Legio 6"]
    assert kit.at("Pompeius") == "out" and kit.at("Antonius") == "out"


def test_others_pool_puts_the_blocks_not_listed_in_the_pool(play_from: PlayFrom) -> None:
    kit = play_from(
        "julius_caesar",
        """
        at: {step: deal_cards, counters: {year: 1}}
        setup:
          caesar: {map: {Massilia: [Legio 8]}, others: pool}
          pompey: {pool: [Legio 1], others: out}
        """,
    )
    assert kit.at("Legio 8") == "Massilia"
    assert kit.at("Antonius") == "pool" and kit.at("Legio 1") == "pool"
    assert kit.at("Legio 2") == "out"


def test_a_position_may_be_a_dict_and_may_leave_game_out() -> None:
    kit = play_from(
        "julius_caesar",
        {"at": {"step": "deal_cards", "counters": {"year": 1}}},
    )
    assert kit.asked == ("caesar", "discard")
    assert parse_position("seed: 3\n", "p", game="julius_caesar").game == "julius_caesar"


def test_an_empty_position_is_the_scenarios_start(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar")
    assert kit.step == "deal_cards" and kit.asked == ("caesar", "discard")
    assert queries.vp(kit, "pompey") == 7


def test_problems_of_a_position_are_reported_at_their_line() -> None:
    with pytest.raises(DataError) as caught:
        play_from(
            "julius_caesar",
            """
            at: {step: command_phse, counters: {year: 1, turn: 1}}
            pieces: {Legio 77: {at: Narbo}}
            setup:
              caesar: {map: {Narb: [Legio 7]}, others: out}
              pompey: {others: out}
            """,
            name="hand.position",
        )
    assert str(caught.value).splitlines() == [
        "hand.position:1 $.at: the sequence of play has no step 'command_phse'; did you mean "
        "'command_phase'?; its steps: battle_phase, card_phase, cleopatra_home, command_phase, "
        "deal_cards, disband, free_deployment, navis_to_port, winter_supply, year_reset",
        "hand.position:2 $.pieces['Legio 77']: unknown piece 'Legio 77'; did you mean 'Legio 7'?",
        "hand.position:4 $.setup.caesar.map.Narb: unknown space 'Narb'; did you mean 'Narbo'?",
    ]


def test_a_position_is_named_after_the_test_that_wrote_it() -> None:
    with pytest.raises(DataError, match=r"^test_kit\.py:\d+ \(position\):1 \$\.seed"):
        play_from("julius_caesar", "seed: -1")


def test_a_step_that_occurs_twice_is_named_by_its_path(play_from: PlayFrom) -> None:
    """The naval module activates squadrons in phase E and individual ships in phase F with
    one procedure: ``individual.activate_squadrons`` is the one in phase F."""
    kit = play_from(
        "gbojc_naval",
        """
        at: {step: individual.activate_squadrons, counters: {turn: 1}}
        records: {first: romans, individual: [Aquila]}
        """,
    )
    assert kit.asked == ("romans", "activate")
    assert kit.legal() == ["activate(Aquila)"]


def test_parameters_and_variants_are_the_tests_to_change(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar", params={"vp_to_win": 7})
    assert kit.game.rules.param("vp_to_win") == 7
    kit = play_from("julius_caesar", variant="minor_roads_3")
    assert kit.game.rules.param("road_limit.minor") == 3


# -- actions by text --------------------------------------------------------------------------


def test_an_illegal_action_is_refused_and_changes_nothing(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar", TARRACO)
    before = kit.export()
    with pytest.raises(IllegalActionError):
        kit.act("group(Roma)")
    assert kit.export() == before


def test_a_fork_plays_on_from_a_copy(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    one = kit.fork(dice=[[6, 6, 6]]).act("fire(Caesar)")
    assert kit.asked == ("caesar", "battle_turn") and one.asked == ("pompey", "battle_turn")
    one.close()


# -- dice per roll ------------------------------------------------------------------------------


def test_each_roll_takes_its_own_list(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    kit.dice([1, 3, 6]).act("fire(Caesar)")
    assert kit.log()[-1] == "Caesar (A3) fires 3 dice: 1, 3, 6 -> 2 hits"
    assert kit.asked == ("pompey", "battle_hit")  # two blocks at III: Pompeius chooses
    assert kit.rolls is not None and kit.rolls.rolled == 1


def test_a_roll_of_another_number_of_dice_names_the_roll(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    kit.dice([1, 3])
    with pytest.raises(DiceError) as caught:
        kit.act("fire(Caesar)")
    assert str(caught.value) == (
        "roll 1 is 3d6 for the fire of Caesar (in battle_fire, year 1, turn 2, after 'Pompeius "
        "reveals Legio 6 (C2, III)'), but the test forced [1, 3] (2 dice)"
    )


def test_a_roll_with_no_dice_left_names_the_roll(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    with pytest.raises(DiceError, match=r"^the forced dice ran out: roll 1, 3d6 for the fire"):
        kit.act("fire(Caesar)")


def test_the_kit_tells_which_rolls_an_action_made(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    kit.dice([1, 3, 6]).act("fire(Caesar)")
    (made,) = kit.rolled
    assert (made.number, made.count, made.sides, made.dice) == (1, 3, 6, (1, 3, 6))
    assert made.what == "the fire of Caesar" and made.step == "battle_fire"
    kit.act("hit(Legio 5)")
    assert kit.rolled == [] and len(kit.rolls_made) == 1


def test_a_roll_inserted_ahead_is_rolled_first(play_from: PlayFrom) -> None:
    kit = battle(play_from)
    kit.dice([5, 5, 5]).dice_next([4, 4, 4]).act("fire(Caesar)")
    assert kit.log()[-1] == "Caesar (A3) fires 3 dice: 4, 4, 4 -> 0 hits"
    assert kit.rolls is not None and kit.rolls.waiting == [[5, 5, 5]]
    kit.rolls.waiting.clear()


def test_dice_on_demand_answer_the_roll_the_game_asks_for(play_from: PlayFrom) -> None:
    """A test need not know the rolls ahead: the game asks, the test answers, seeing what
    the roll is for."""
    kit = battle(play_from)
    asked = []

    def answer(roll):  # type: ignore[no-untyped-def]
        asked.append((roll.count, roll.sides, roll.what))
        return [3] * roll.count

    kit.on_roll(answer).act("fire(Caesar)")
    assert asked == [(3, 6, "the fire of Caesar")]
    assert kit.log()[-1] == "Caesar (A3) fires 3 dice: 3, 3, 3 -> 3 hits"


def test_refuses_checks_not_offered_refused_and_unchanged(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar", TARRACO)
    before = kit.export()
    assert kit.refuses("group(Roma)").startswith("illegal action group(Roma) at prompt")
    assert kit.export() == before
    with pytest.raises(AssertionError, match="is offered"):
        kit.refuses("group(Narbo)")


def test_a_fork_carries_the_rolls_still_queued_and_closes_with_its_kit(
    play_from: PlayFrom,
) -> None:
    kit = battle(play_from)
    kit.dice([1, 3, 6])
    branch = kit.fork()
    assert branch.rolls is not None and branch.rolls.waiting == [[1, 3, 6]]
    branch.act("fire(Caesar)")
    assert branch.log()[-1] == "Caesar (A3) fires 3 dice: 1, 3, 6 -> 2 hits"
    unused = kit.fork(dice=[[2, 2, 2]])
    kit.act("fire(Caesar)")
    with pytest.raises(DiceError, match=r"never rolled: \[2, 2, 2\]"):
        kit.close()  # the fork's roll was never made
    assert unused.closed


def test_play_from_keeps_a_game_changed_with_replace(play_from: PlayFrom) -> None:
    """A definition changed by the test stays when parameters are changed too."""
    base = load_game("julius_caesar")
    pieces = dict(base.definition.pieces)
    pieces["Caesar"] = replace(pieces["Caesar"], title="Gaius Julius Caesar")
    changed = base.replace(definition=replace(base.definition, pieces=pieces))
    kit = play_from(changed, TARRACO, params={"battle_rounds": 2})
    assert kit.game.definition.pieces["Caesar"].title == "Gaius Julius Caesar"
    assert kit.game.rules.param("battle_rounds") == 2


def test_a_kit_on_a_state_built_by_hand_runs_one_procedure() -> None:
    game = load_game("julius_caesar")
    state = game.setup(seed=3)
    kit = Kit.on(game, state)
    kit.run_procedure("deal_cards")
    assert not kit.finished
    while not kit.finished:
        kit.act(kit.legal()[0], side=kit.waiting[0])
    assert [len(kit.zone(f"hand:{side}")) for side in ("caesar", "pompey")] == [5, 5]
    assert kit.state is state  # the test's own reference follows play


def test_a_kit_begins_a_hand_built_state_after_the_test_changed_it() -> None:
    """``Kit.on`` without ``begin``: the test changes the position (through the kit's state,
    the same dict), queues the rolls the first steps make, then begins."""
    game = load_game("julius_caesar")
    state = game.setup(seed=3)
    kit = Kit.on(game, state)
    assert kit.asked is None and kit.step is None  # not begun
    assert not kit.running("deal_cards")
    kit.begin()
    assert kit.state is state
    assert kit.asked is not None
    assert kit.running(kit.step or "")
    assert not kit.running("battle")


def test_a_face_the_die_does_not_have_is_an_error() -> None:
    rolls = ForcedDice([[7]])
    with pytest.raises(DiceError, match="7 is not a face of a d6"):
        rolls.roll(1, 6)


def test_a_bare_number_is_a_roll_of_one_die() -> None:
    rolls = ForcedDice([4, (1, 2)])
    assert rolls.waiting == [[4], [1, 2]]
    assert rolls.roll(1, 6) == [4]
    assert rolls.waiting == [[1, 2]]
    with pytest.raises(TypeError):
        ForcedDice(["6"])  # type: ignore[list-item]


def test_rolls_never_made_fail_when_the_kit_closes() -> None:
    kit = play_from("julius_caesar", TARRACO, dice=[[2, 2], 5])
    with pytest.raises(DiceError) as caught:
        kit.close()
    assert str(caught.value) == (
        "2 forced roll(s) never rolled: [2, 2], [5] (after the 0 roll(s) the game made)"
    )


def test_a_kit_in_a_with_block_checks_its_dice_at_the_end() -> None:
    with (
        pytest.raises(DiceError, match="never rolled: \\[6\\]"),
        play_from("julius_caesar", TARRACO) as kit,
    ):
        kit.dice(6)
    with play_from("julius_caesar", TARRACO) as kit:
        pass  # nothing forced, nothing owed


def test_random_dice_come_from_the_seeded_generator() -> None:
    kit = play_from("julius_caesar", TARRACO, random_dice=True)
    kit.act("group(Narbo)", "move(Caesar, Narbo, Tarraco)", "fire(Caesar)")
    assert any(text.startswith("Caesar (A3) fires 3 dice") for text in kit.log())
    with pytest.raises(TypeError):
        kit.dice(6)


# -- the pytest fixture -------------------------------------------------------------------------

FIXTURE_TESTS = '''
from legatus.framework.tools.testing import PlayFrom

POSITION = """
at: {step: command_phase, counters: {year: 1, turn: 2}}
records: {player1: caesar, orders: {caesar: {move: 1, levy: 0}, pompey: {move: 0, levy: 0}}}
setup:
  caesar: {map: {Narbo: [Caesar]}, others: out}
  pompey: {map: {Tarraco: [Legio 5]}, others: out}
"""


def test_unused(play_from: PlayFrom) -> None:
    play_from("julius_caesar", POSITION).dice([6, 6, 6])


def test_used(play_from: PlayFrom) -> None:
    kit = play_from("julius_caesar", POSITION).dice([6, 6, 6])
    kit.act("group(Narbo)", "move(Caesar, Narbo, Tarraco)", "fire(Caesar)")


def test_failing(play_from: PlayFrom) -> None:
    play_from("julius_caesar", POSITION).dice([6, 6, 6])
    assert False, "the test's own failure"
'''


def test_the_fixture_fails_a_test_that_leaves_rolls_unused(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_dice=textwrap.dedent(FIXTURE_TESTS))
    result = pytester.runpytest("-p", "legatus.framework.tools.testing.pytest_plugin", "-q", "-ra")
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at teardown of test_unused*",
            "E *DiceError: 1 forced roll(s) never rolled: [[]6, 6, 6[]] (after the 0 roll(s)*",
        ]
    )
    # The failing test is reported for its own failure only, not for the dice it left.
    result.stdout.fnmatch_lines(["FAILED test_dice.py::test_failing - AssertionError*"])
