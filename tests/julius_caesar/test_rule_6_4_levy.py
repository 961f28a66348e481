"""JC 6.4: levy points add one step to a block, or bring a new block from the pool at its
minimum strength, in a friendly city only (never vacant or contested, ES reading): legions,
equitatus and the elephant in their named city, leaders, auxilia and the ballista anywhere
friendly, navis in a friendly major port; steps to navis in port, never at sea.

JC 3.21: each side starts with two leaders; the third (the one the scenario starts in the
pool) enters play only once a leader has been killed (JC 7.51). A leader who went back to
the pool alive, removed by winter supply (JC 8.3) or disbanded (JC 8.5), is levied again
like any other block."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from framework.engine.state import State, set_flag
from framework.testing import GameUnderTest as Game
from games.julius_caesar import command_record

from .test_rule_6_0_command_phase import at, command_game, play, position, texts
from .variants.driving import advance, cards, playable, start, year


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return command_game(make_game)


def levy_position(game: Game, levy: int = 1, **kwargs: object) -> State:
    state = position(
        game,
        {
            "Roma": ["Legio 17"],
            "Massilia": ["C Navis 1"],
            "Genua": ["Legio 11"],
            "Lugdunum": ["Legio 16"],
            "Neapolis": ["Legio 1"],
        },
        caesar=(0, levy),
        strengths={"Legio 17": 2, "C Navis 1": 1, "Legio 11": 3, "Legio 16": 3},
        pool=[
            "Legio 12",
            "Legio 18",
            "C Auxilia 1",
            "C Navis 3",
            "Octavian",
            "C Equitatus 1",
        ],
        begin=False,
        **kwargs,  # type: ignore[arg-type]
    )
    set_flag(state, "C Equitatus 1", "face_up")
    return game.begin(state)


def test_6_4_levy_choices(game: Game) -> None:
    """Friendly cities: Roma, Massilia (major port), Genua, Lugdunum; Neapolis is enemy.
    Legio 12 -> Genua (1); Legio 18 -> Neapolis is enemy (0); C Auxilia 1 -> any of the 4
    (4); C Navis 3 -> Massilia, the only friendly major port (1); Octavian: no leader lost
    yet (0); C Equitatus 1 -> Lugdunum, but eliminated this year, face up (0). Steps:
    Legio 17 (II of IV) and C Navis 1 in port (I of II); Legio 11 and 16 are full (0).
    1 + 4 + 1 + 2 + end_levy = 9."""
    state = levy_position(game)
    assert texts(game, state) == [
        "end_levy",
        "levy(C Auxilia 1, Genua)",
        "levy(C Auxilia 1, Lugdunum)",
        "levy(C Auxilia 1, Massilia)",
        "levy(C Auxilia 1, Roma)",
        "levy(C Navis 3, Massilia)",
        "levy(Legio 12, Genua)",
        "step(C Navis 1)",
        "step(Legio 17)",
    ]


def test_6_4_new_block_at_minimum_then_steps_at_once(game: Game) -> None:
    state = levy_position(game, levy=3)
    play(game, state, "levy(Legio 12, Genua)")
    assert (at(state, "Legio 12"), state["pieces"]["Legio 12"]["strength"]) == ("Genua", 1)
    play(game, state, "step(Legio 12)", "step(Legio 12)")
    assert state["pieces"]["Legio 12"]["strength"] == 3
    assert game.is_over(state)
    assert command_record.private(state, "caesar")["levied"] == ["Legio 12"]


def test_6_4_third_leader_after_a_leader_is_killed(game: Game) -> None:
    state = levy_position(game, leaders_lost={"caesar": 1, "pompey": 0})
    assert [a for a in texts(game, state) if "Octavian" in a] == [
        "levy(Octavian, Genua)",
        "levy(Octavian, Lugdunum)",
        "levy(Octavian, Massilia)",
        "levy(Octavian, Roma)",
    ]


def test_6_4_elephant_enters_at_two(game: Game) -> None:
    state = position(
        game,
        {"Utica": ["Legio 39"]},
        player1="pompey",
        pompey=(0, 2),
        pool=["P Elephant"],
    )
    play(game, state, "levy(P Elephant, Utica)")
    assert state["pieces"]["P Elephant"]["strength"] == 2
    play(game, state, "step(P Elephant)")
    assert state["pieces"]["P Elephant"]["strength"] == 4


def test_6_4_polish_reading_new_blocks_at_one(make_game: Callable[..., Game]) -> None:
    game = command_game(make_game, levy__new_strength="one")
    state = position(
        game, {"Utica": ["Legio 39"]}, player1="pompey", pompey=(0, 2), pool=["P Elephant"]
    )
    play(game, state, "levy(P Elephant, Utica)")
    assert state["pieces"]["P Elephant"]["strength"] == 1
    play(game, state, "step(P Elephant)")
    assert state["pieces"]["P Elephant"]["strength"] == 2


def test_6_4_no_steps_to_navis_at_sea(game: Game) -> None:
    state = position(
        game,
        {"Mare Hispanum": ["C Navis 2"], "Massilia": ["C Navis 1"]},
        caesar=(0, 1),
        strengths={"C Navis 1": 1, "C Navis 2": 1},
    )
    assert texts(game, state) == ["end_levy", "step(C Navis 1)"]


def contested_tarraco(game: Game) -> State:
    state = position(
        game,
        {"Narbo": ["Legio 7", "Legio 9"], "Tarraco": ["Legio 5"]},
        caesar=(1, 2),
        strengths={"Legio 7": 1, "Legio 9": 1},
        pool=["Legio 8"],
    )
    play(game, state, "group(Narbo)", "move(Legio 7, Narbo, Tarraco)", "end_group")
    return state


def test_6_4_never_in_contested_cities(game: Game) -> None:
    """Tarraco is contested: no step for Legio 7 there, no new Legio 8 (named Tarraco)."""
    state = contested_tarraco(game)
    assert texts(game, state) == ["end_levy", "step(Legio 9)"]


def test_6_4_polish_reading_steps_in_contested_cities(make_game: Callable[..., Game]) -> None:
    game = command_game(make_game, levy__steps_in_contested=True)
    state = contested_tarraco(game)
    assert texts(game, state) == ["end_levy", "step(Legio 7)", "step(Legio 9)"]


def test_6_4_levy_public_log_hides_the_block(game: Game) -> None:
    state = levy_position(game)
    play(game, state, "levy(Legio 12, Genua)")
    levies = [e for e in state["log"] if "levies" in e["text"]]
    assert [(e["text"], e.get("to")) for e in levies] == [
        ("Caesar levies a new block in Genua", None),
        ("Caesar levies Legio 12 in Genua at 1", ["caesar"]),
    ]


# -- JC 3.21: leaders back in the pool ---------------------------------------------------


def test_3_21_a_leader_back_in_the_pool_alive_is_levied_like_any_block(game: Game) -> None:
    """JC 3.21, 8.3, 8.5: only the third leader waits for a leader's death. Antonius, who
    began on the map and went back to the pool alive (winter supply or disbanding: "it
    may be rebuilt in the coming year"), may be levied in any friendly city though no
    leader has died; Octavian, the third, whom the scenario starts in the pool, may not."""
    state = position(
        game,
        {"Roma": ["Legio 17"], "Genua": ["Legio 11"], "Neapolis": ["Legio 1"]},
        caesar=(0, 1),
        strengths={"Legio 17": 2},
        pool=["Antonius", "Octavian"],
    )
    assert texts(game, state) == [
        "end_levy",
        "levy(Antonius, Genua)",
        "levy(Antonius, Roma)",
        "step(Legio 17)",
    ]


def test_3_21_the_third_leader_after_a_death_joins_the_others(game: Game) -> None:
    """JC 7.51: once a Caesarian leader has died, Octavian may be levied too."""
    state = position(
        game,
        {"Genua": ["Legio 11"]},
        caesar=(0, 1),
        pool=["Antonius", "Octavian"],
        leaders_lost={"caesar": 1, "pompey": 0},
    )
    assert texts(game, state) == ["end_levy", "levy(Antonius, Genua)", "levy(Octavian, Genua)"]


def test_3_21_a_leader_disbanded_in_winter_returns_next_year() -> None:
    """The real game over a winter: Caesar disbands Antonius (JC 8.5); the year resets
    (JC 8.6); in the next year's first turn Caesar's 2/3 levies Antonius back in Genua.
    Octavian, the third leader, is still held back: no leader has died."""
    game = playable()
    state = start(
        game,
        {"Genua": ["Antonius", "Legio 8"], "Ravenna": ["Caesar"], "Neapolis": ["Legio 1"]},
    )
    hand = ["1/2", "2/1", "2/2", "2/3", "3/1", "4/1"]
    year(game, state, hand, ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"])
    advance(game, state, stop=("disband",))
    game.apply(state, "disband(Antonius)")
    assert (at(state, "Antonius"), state["pieces"]["Antonius"]["flags"]) == ("pool", [])
    advance(game, state, stop=("discard",))
    assert state["vars"]["year"] == 2
    year(game, state, hand, ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"])
    cards(game, state, "2/3", "2/2")
    game.apply(state, "end_moves")
    pieces = game.definition.pieces
    leaders = [
        a.text
        for a in game.legal_actions(state)
        if a.kind == "levy" and pieces[str(a.args[0])].type == "leader"
    ]
    assert leaders == ["levy(Antonius, Genua)", "levy(Antonius, Ravenna)"]
    game.apply(state, "levy(Antonius, Genua)")
    assert (at(state, "Antonius"), state["pieces"]["Antonius"]["strength"]) == ("Genua", 1)


def test_6_4_a_block_eliminated_face_down_waits_for_the_year_end(
    make_game: Callable[..., Game],
) -> None:
    """JC 7.5 (PL, ``eliminated.face_up`` false): face down instead of face up, an
    eliminated block still cannot be levied this year: C Equitatus 1 is not offered."""
    game = command_game(make_game, eliminated__face_up=False)
    state = position(
        game,
        {"Lugdunum": ["Legio 16"]},
        caesar=(0, 1),
        pool=["C Equitatus 1", "C Auxilia 1"],
        begin=False,
    )
    set_flag(state, "C Equitatus 1", "face_down")
    game.begin(state)
    assert texts(game, state) == ["end_levy", "levy(C Auxilia 1, Lugdunum)"]
