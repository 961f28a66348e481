"""Every Julius Caesar action has a stable integer code that decodes back to it."""

from __future__ import annotations

from framework.agents import RandomAgent
from framework.playable import action_codec, load_playable


def test_hook_legatus_action_codec_round_trips_every_legal_action_of_random_games() -> None:
    codec = action_codec("julius_caesar")
    game = load_playable("julius_caesar")
    seen = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        agents = {"caesar": RandomAgent(seed * 2 + 1), "pompey": RandomAgent(seed * 2 + 2)}
        while state["prompt"] is not None:
            legal = game.legal_actions(state)
            codes = [codec.encode(a) for a in legal]
            assert len(set(codes)) == len(codes)
            assert all(0 <= c < codec.size for c in codes)
            assert [codec.decode(c) for c in codes] == list(legal)
            seen += len(legal)
            game.apply(state, agents[state["prompt"]["side"]].choose({}, legal))
    assert seen > 1000


def test_codes_are_stable() -> None:
    """The encoding depends only on the data: these codes change only if the data does."""
    from framework.engine.actions import Action

    codec = action_codec("julius_caesar")
    expected = {
        "battle(Aenos)": 0,
        "choose(Roma)": 195,
        "end_moves": 5084,
        "move(Legio 7, Narbo, Tarraco)": 36516,
        "pass": 2129852316,
        "play(Vulcan)": 2129852394,
    }
    assert {text: codec.encode(Action.parse(text)) for text in expected} == expected
    assert all(codec.decode(code).text == text for text, code in expected.items())
