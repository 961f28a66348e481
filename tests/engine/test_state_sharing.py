"""``fork`` shares the log's entries (immutable once written: ``Context.log`` copies what it
is given) and ``state_hash`` keeps their texts, with results identical to the whole-state
marshal copy and JSON hash they replace; ``clone`` stays a whole copy (speed issue)."""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legatus.framework.engine.core import Context, Run
from legatus.framework.engine.state import (
    State,
    clone,
    fork,
    own_piece,
    state_hash,
    state_json,
)
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import load as load_playable
from legatus.framework.play.driver import Match
from tests.helpers import answer


def reference_json(state: State) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def reference_hash(state: State) -> str:
    return hashlib.sha256(reference_json(state).encode("ascii")).hexdigest()[:16]


def reference_clone(state: State) -> State:
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def small_state() -> State:
    return {
        "actions": 0,
        "game": "toy",
        "log": [],
        "records": {"battles": []},
        "result": None,
        "v": 1,
    }


def log(state: State, text: str, **data: Any) -> None:
    """What Context.log appends: the entry's "data" is its own copy of the values given."""
    event: dict[str, Any] = {"n": len(state["log"]), "text": text}
    if data:
        event["data"] = marshal.loads(marshal.dumps(data))
    state["log"].append(event)


def test_context_log_copies_what_it_is_given() -> None:
    game = load_playable("julius_caesar")
    state = game.new_state(seed=1)
    ctx = Context(game, state, Run())
    battles = ["Roma", "Narbo"]
    state["records"]["battles"] = battles
    ctx.log("Battles to fight", battles=battles)  # the very list the state keeps
    battles.pop(0)
    assert state["log"][-1]["data"]["battles"] == ["Roma", "Narbo"]  # as it was when logged


def test_a_fork_shares_the_log_entries_and_copies_the_rest() -> None:
    state = small_state()
    state["records"]["battles"] = ["Roma", "Narbo"]
    log(state, "Battles to fight", battles=state["records"]["battles"])
    log(state, "A block moves", path=["Roma", "Capua"])
    copy = fork(state)
    assert copy == reference_clone(state)
    assert list(copy) == list(state)
    assert copy["log"] is not state["log"]
    assert all(a is b for a, b in zip(copy["log"], state["log"], strict=True))
    copy["records"]["battles"].pop(0)
    log(copy, "Battle at Narbo")
    assert state["records"]["battles"] == ["Roma", "Narbo"]  # the original is untouched
    assert len(state["log"]) == 2
    assert state_hash(copy) == reference_hash(copy)
    assert state_hash(state) == reference_hash(state)


def test_a_log_rebuilt_or_cut_is_read_again() -> None:
    state = small_state()
    for number in range(5):
        log(state, f"event {number}", number=number)
    assert state_hash(state) == reference_hash(state)
    del state["log"][2:]
    log(state, "another")
    assert state_hash(state) == reference_hash(state)
    state["log"] = [{"n": 0, "text": "new"}]
    assert state_hash(state) == reference_hash(state)
    assert fork(state) == reference_clone(state)


def test_a_clone_is_a_whole_copy_whose_log_may_be_changed() -> None:
    state = small_state()
    log(state, "Caesar levies Legio 7", to=["caesar"])
    copy = clone(state)
    copy["log"][0]["text"] = "perturbed"  # what check-game's view-leak probe does
    assert state["log"][0]["text"] == "Caesar levies Legio 7"
    assert state_hash(state) == reference_hash(state)


def test_states_without_a_log_list_fall_back_to_the_whole_copy() -> None:
    state = {"b": [1, 2], "a": {"x": None}}
    assert fork(state) == state
    assert state_json(state) == reference_json(state)
    state = {"log": "not a list", "z": 1}
    assert fork(state) == state
    assert state_hash(state) == reference_hash(state)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None)
@given(
    entries=st.lists(st.dictionaries(st.sampled_from(["a", "b", "c"]), json_values), max_size=6),
    rest=st.dictionaries(st.sampled_from(["actions", "game", "lot", "records", "zz"]), json_values),
)
def test_copy_and_hash_equal_the_whole_state_ones(
    entries: list[dict[str, Any]], rest: dict[str, Any]
) -> None:
    state: State = dict(rest)
    state["log"] = []
    for entry in entries:
        log(state, "event", **entry)
    assert state_json(state) == reference_json(state)
    copy = fork(state)
    assert copy == reference_clone(state)
    assert list(copy) == list(state)  # the same key order
    assert state_hash(copy) == reference_hash(state)


@pytest.mark.parametrize("seed", [1, 27])  # both choose between two battles early
def test_every_position_of_a_julius_caesar_game_copies_and_hashes_as_before(seed: int) -> None:
    game = load_playable("julius_caesar")
    state = game.new_state(seed=seed)
    sides = game.definition.side_ids
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(sides)}
    copies: list[tuple[State, str]] = []
    twin = reference_clone(state)  # played alongside with whole-state marshal copies
    while state["prompt"] is not None and state["actions"] < 200:
        legal = game.legal_actions(state)
        action = agents[state["prompt"]["side"]].choose({}, legal)
        state = game.applied(state, action)
        twin = game.apply(reference_clone(twin), action)
        copies.append((state, reference_hash(state)))
        assert state == twin
        assert state_hash(state) == copies[-1][1] == reference_hash(twin)
    # Older positions are unchanged by the play that followed them from their copies.
    for position, then in copies:
        assert reference_hash(position) == then
    for position, then in copies[::25]:
        assert fork(position) == reference_clone(position)
        assert state_hash(position) == then


def test_a_session_keeps_the_hashes_of_earlier_states_only() -> None:
    game = load_playable("julius_caesar")
    session = Match(game, game.new_state(seed=3), history=True)
    for _ in range(6):
        answer(session, game.legal_actions(session.state)[0])
    first = [session.hash_of(n) for n in range(len(session.states))]
    assert first == [reference_hash(s) for s in session.states]
    session.state["records"]["changed"] = True  # the current state is hashed afresh
    assert session.hash_of(-1) == session.hash() == reference_hash(session.state)
    session.states.pop()  # a different state at an earlier number is not taken for the old one
    session.states[-1] = fork(session.states[-1])
    session.states[-1]["records"]["changed"] = True
    session.states.append(fork(session.states[-1]))
    assert session.hash_of(len(session.states) - 2) == reference_hash(session.states[-2])
    assert session.to_save()["hashes"] == [reference_hash(s) for s in session.states[1:]]


def test_fork_copies_every_piece_entry_deeply() -> None:
    """fork copies the pieces' plain entries by hand and the others through marshal: the
    copy equals the whole copy, in the same key order, and shares no container."""
    state = small_state()
    state["pieces"] = {
        "plain": {"side": "a", "at": "Roma", "strength": 3, "flags": ["moved"]},
        "facing": {"side": "a", "at": "h1", "strength": 1, "flags": [], "facing": "N"},
        "attrs": {
            "side": "b",
            "at": "Narbo",
            "strength": 2,
            "flags": ["revealed"],
            "attrs": {"city": "Narbo", "cargo": ["x", ["y"]]},
        },
        "unset": {"side": "b", "at": None, "strength": None, "attrs": {"speed": [1]}},
    }
    copied = fork(state)
    assert copied == reference_clone(state)
    assert json.dumps(copied) == json.dumps(state)
    for pid, entry in state["pieces"].items():
        twin = copied["pieces"][pid]
        assert twin is not entry
        for key, value in entry.items():
            if isinstance(value, list | dict):
                assert twin[key] is not value
    assert (
        copied["pieces"]["attrs"]["attrs"]["cargo"][1]
        is not (state["pieces"]["attrs"]["attrs"]["cargo"][1])
    )
    copied["pieces"]["plain"]["flags"].append("x")
    copied["pieces"]["attrs"]["attrs"]["cargo"][1].append("z")
    assert state["pieces"]["plain"]["flags"] == ["moved"]
    assert state["pieces"]["attrs"]["attrs"]["cargo"] == ["x", ["y"]]


def test_own_piece_puts_a_copy_in_place_and_a_sharing_fork_keeps_the_original() -> None:
    """``own_piece`` replaces the entry by a copy (same keys and order, lists and dictionaries
    new) before it is changed, so a ``fork(share_pieces=True)`` that shares the entries
    leaves the state it was copied from as it was."""
    state = {
        **small_state(),
        "pieces": {
            "a": {"side": "x", "at": "P", "strength": 2, "flags": ["moved"]},
            "b": {
                "side": "y",
                "at": "Q",
                "strength": 1,
                "flags": [],
                "attrs": {"city": "C", "marks": [1, 2]},
            },
        },
    }
    before = reference_json(state)
    copy = fork(state, share_pieces=True)
    assert copy == reference_clone(state)
    assert copy["pieces"] is not state["pieces"]
    assert copy["pieces"]["a"] is state["pieces"]["a"]  # shared until changed
    owned = own_piece(copy, "a")
    assert owned is copy["pieces"]["a"] and owned is not state["pieces"]["a"]
    owned["at"] = "R"
    owned["flags"].remove("moved")
    other = own_piece(copy, "b")
    assert list(other) == ["side", "at", "strength", "flags", "attrs"]
    other["attrs"]["marks"].append(3)
    del other["attrs"]["city"]
    assert reference_json(state) == before
    assert copy["pieces"]["a"] == {"side": "x", "at": "R", "strength": 2, "flags": []}
    assert copy["pieces"]["b"]["attrs"] == {"marks": [1, 2, 3]}
    unshared = fork(state)
    assert unshared["pieces"]["a"] is not state["pieces"]["a"]
