"""GBoJC 5.41 and 3.0 E-F: players alternate activating squadrons, starting with the one who
went first; a player with none left lets the other activate the rest; 8.42 reaction fire
against a galley trying to grapple."""

from __future__ import annotations

from framework.testing import GameUnderTest as Game
from games.gbojc_naval import fleet

from .conftest import answer, board_commander, empty_sea, finished, listed, put, run


def test_rule_5_41_alternating_activations(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "1020", "N")
    board_commander(state, "Legate of the Left", "Aquila")
    put(state, "Lupa", "3020", "N")
    board_commander(state, "Legate of the Right", "Lupa")
    put(state, "Belenos", "1005", "S")
    board_commander(state, "Chief of the Osismii", "Belenos")
    state["records"]["squadrons"] = {
        "Legate of the Left": ["Aquila"],
        "Legate of the Right": ["Lupa"],
        "Chief of the Osismii": ["Belenos"],
    }
    state["records"]["first"] = "veneti"
    run(game, state, "activate_squadrons", individual=False)
    order = []
    while not finished(state):
        prompt = state["prompt"]
        if prompt["kind"] == "activate":
            actions = listed(game, state)
            order.append((prompt["side"], [a[1] for a in actions]))
            answer(game, state, f"activate({actions[0][1]})")
        else:
            answer(game, state, "end_moves")
    assert order == [
        ("veneti", ["Chief of the Osismii"]),
        ("romans", ["Legate of the Left", "Legate of the Right"]),
        ("romans", ["Legate of the Right"]),  # the Veneti have none left
    ]


def test_rule_8_42_reaction_fire_against_a_galley_trying_to_grapple(game: Game) -> None:
    """Belenos (M2, height +1) fires at the grappling galley first: 5+1 = 6, "W"; then the
    grappling roll: Aquila C3 needs 3."""
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2110", "S")
    run(game, state, "reaction", [5, 3], shooter="Aquila", target="Belenos", incendiary=False,
        phase="E", grappling=True, strength=0)  # fmt: skip
    assert state["prompt"]["kind"] == "reaction" and state["prompt"]["side"] == "veneti"
    answer(game, state, "return_fire")
    assert finished(state)
    assert fleet.attr(state, "Aquila", "depletion") == 1
    assert fleet.grappled_to(state, "Aquila") == ["Belenos"]


def test_rule_8_42_no_reaction_against_a_sailing_ship_trying_to_grapple(game: Game) -> None:
    state = empty_sea(game)
    put(state, "Aquila", "2010", "N")
    put(state, "Belenos", "2110", "S")
    run(game, state, "reaction", [6], shooter="Belenos", target="Aquila", incendiary=False,
        phase="E", grappling=True, strength=0)  # fmt: skip
    assert finished(state)  # only galleys draw reaction fire when they grapple
    assert fleet.grappled_to(state, "Belenos") == ["Aquila"]
