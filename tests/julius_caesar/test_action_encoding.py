"""Every Julius Caesar action is one of the game's declared action kinds, with typed
arguments, and has a stable integer code (from the declaration) that decodes back to it."""

from __future__ import annotations

import pytest

from legatus.framework.engine.actionkinds import ActionKinds, ActionTypeError
from legatus.framework.engine.actions import Action
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def kinds() -> ActionKinds:
    found = default_catalog().load("julius_caesar").actions
    assert found is not None
    return found


def test_every_legal_action_of_random_games_is_declared_and_round_trips() -> None:
    game = default_catalog().load("julius_caesar")
    declared = kinds()
    codec = declared.codec()
    seen, used = 0, set()
    for seed in range(3):
        agents = {"caesar": RandomAgent(seed * 2 + 1), "pompey": RandomAgent(seed * 2 + 2)}
        match = Match.new(game, seed=seed, players=agents)
        while not match.over:
            legal = match.legal_actions()
            for action in legal:
                declared.check(action)  # raises if no declared kind describes it
                used.add(action.kind)
            codes = [codec.encode(a) for a in legal]
            assert len(set(codes)) == len(codes)
            assert all(0 <= c < codec.size for c in codes)
            assert [codec.decode(c) for c in codes] == list(legal)
            seen += len(legal)
            match.step()
    assert seen > 1000
    assert {"discard", "play", "group", "move", "levy", "battle", "fire", "hit"} <= used


def test_codes_are_stable() -> None:
    """The encoding depends only on the declaration and the data: these codes change only
    if one of them does."""
    codec = kinds().codec()
    expected = {
        "battle(Aenos)": 0,
        "choose(Roma)": 196,
        "end_moves": 5084,
        "move(Legio 7, Narbo, Tarraco)": 36516,
        "pass": 2129852316,
        "pass(Legio 7)": 2129852320,
        "play(Vulcan)": 2129852394,
    }
    assert {text: codec.encode(Action.parse(text)) for text in expected} == expected
    assert all(codec.decode(code).text == text for text, code in expected.items())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move(Legio 77, Roma, Genua)", r"argument 1 \(block\) is no piece: 'Legio 77'; "
         r"did you mean 'Legio 7'\?"),
        ("move(Legio 7, Rome, Genua)", r"argument 2 \(path\) is no space: 'Rome'; "
         r"did you mean 'Roma'\?"),
        ("levy(Legio 7)", r"levy takes 2 argument\(s\), got 1 \(levy\(block: piece, city: "
         r"space\)\)"),
        ("play(Venus)", r"argument 1 \(card\) is no card: 'Venus'"),
        ("attack(Roma)", r"no action 'attack' in this game"),
    ],
)  # fmt: skip
def test_typed_text_is_read_with_clear_errors(text: str, message: str) -> None:
    with pytest.raises(ActionTypeError, match=message):
        kinds().parse(text)
