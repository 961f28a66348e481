"""Views: a side sees only what the declarations allow (property tests)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from legatus.framework.engine.state import clone, set_flag
from legatus.framework.engine.view import observe
from legatus.framework.model.gamedef import GameDef, Visibility
from legatus.framework.play.catalog import default_catalog
from tests.engine.toy import toy_game

JC = default_catalog().definition("julius_caesar")


def test_own_blocks_known_enemy_blocks_anonymous() -> None:
    from legatus.framework.engine.state import initial_state

    state = initial_state(JC, JC.default_scenario(), seed=1)
    view = observe(JC, state, "caesar")
    known = view["pieces"]["known"]
    assert known["Legio 13"] == {"side": "caesar", "at": "Ravenna", "strength": 3, "flags": []}
    assert "Legio 1" not in known
    assert {"side": "pompey", "at": "Neapolis"} in view["pieces"]["hidden"]
    assert all("strength" not in e for e in view["pieces"]["hidden"])
    assert "rng" not in view and "secret" not in view


def test_revealed_flag_shows_identity_and_strength() -> None:
    from legatus.framework.engine.state import initial_state

    state = initial_state(JC, JC.default_scenario(), seed=1)
    set_flag(state, "Legio 1", "revealed")
    view = observe(JC, state, "caesar")
    assert view["pieces"]["known"]["Legio 1"]["strength"] == 4


def test_zones_hide_other_hands_but_not_their_size() -> None:
    from legatus.framework.engine.state import initial_state

    state = initial_state(JC, JC.default_scenario(), seed=1)
    state["zones"]["hand:pompey"] = ["Vulcan", "3/1"]
    state["zones"]["hand:caesar"] = ["2/2"]
    state["zones"]["deck"] = ["1/2", "4/1"]
    view = observe(JC, state, "caesar")
    assert view["zones"]["hand:caesar"] == ["2/2"]
    assert view["zones"]["hand:pompey"] == 2
    assert view["zones"]["deck"] == 2


def test_prompt_shown_in_full_only_to_its_side(demo: GameDef) -> None:
    """The side asked sees the question; the others only who decides and what kind of
    decision. Neither view lists the legal actions: the side asked gets them from the
    game (the state records no list of them)."""
    game = toy_game(demo)
    state = game.new_state(seed=1)
    assert observe(demo, state, "red")["prompt"] == {
        "side": "red",
        "kind": "march",
        "text": "red: move a piece or pass",
    }
    assert observe(demo, state, "blue")["prompt"] == {"side": "red", "kind": "march"}


def test_a_view_reads_the_log_from_a_position(demo: GameDef) -> None:
    """A client that has read the log up to position n asks only for what follows."""
    game = toy_game(demo)
    state = game.new_state(seed=1)
    game.apply(state, "move(Red Foot, Midford)")
    whole = observe(demo, state, "blue")["log"]
    later = observe(demo, state, "blue", log_since=len(state["log"]) - 1)["log"]
    assert later == whole[-1:] and later[0]["text"] == "red moves a piece to Midford"


def test_declarations_default_to_open(demo: GameDef) -> None:
    assert demo.visibility_of("identity") == Visibility("all")


hidden_pompey = [
    p
    for p in JC.pieces
    if JC.pieces[p].side == "pompey" and JC.piece_visibility[p][0].visible_to == "owner"
]


def test_cleopatras_block_is_known_to_all_but_not_her_strength() -> None:
    """Her block is blue (JC 1.3): the type's visibility override shows who she is."""
    from legatus.framework.engine.state import initial_state

    state = initial_state(JC, JC.default_scenario(), seed=1)
    view = observe(JC, state, "caesar")
    assert view["pieces"]["known"]["Cleopatra"] == {
        "side": "pompey",
        "at": "Alexandria",
        "flags": [],
    }
    assert "Cleopatra" not in hidden_pompey


@given(
    st.permutations(hidden_pompey),
    st.lists(st.integers(1, 4), min_size=len(hidden_pompey), max_size=len(hidden_pompey)),
    st.lists(st.sampled_from(sorted(JC.cards)), max_size=6),
)
def test_caesars_view_ignores_pompeys_hidden_facts(
    order: list[str], strengths: list[int], hand: list[str]
) -> None:
    """Swap identities and strengths of hidden Pompey blocks, change his hand and
    committed card: Caesar's view stays identical."""
    from legatus.framework.engine.state import initial_state

    truth = initial_state(JC, JC.default_scenario(), seed=1)
    other = clone(truth)
    spots = [truth["pieces"][p]["at"] for p in hidden_pompey]
    for piece, spot, strength in zip(order, spots, strengths, strict=True):
        other["pieces"][piece]["at"] = spot
        other["pieces"][piece]["strength"] = strength
    other["zones"]["hand:pompey"] = list(hand)
    other["zones"]["committed:pompey"] = hand[:1]
    other["zones"]["discarded:pompey"] = hand[1:2]
    truth["zones"]["hand:pompey"] = list(reversed(hand))
    truth["zones"]["committed:pompey"] = list(reversed(hand))[:1]
    truth["zones"]["discarded:pompey"] = list(reversed(hand))[1:2]
    assert observe(JC, truth, "caesar") == observe(JC, other, "caesar")
