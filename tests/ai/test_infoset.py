"""Information sets: samples agree with the side's view and never carry hidden facts.

The sampler is derived from the visibility declarations alone (no Julius
Caesar code); these tests run it on Julius Caesar, the game with the most
hidden information we have, and on the naval module, whose pieces carry a
facing and attributes.
"""

from __future__ import annotations

import json
from itertools import islice

from legatus.framework.engine import rng
from legatus.framework.engine.invariants import GENERIC
from legatus.framework.engine.state import fork
from legatus.framework.engine.view import observe
from legatus.framework.play.ai.infoset import (
    CANONICAL,
    KnownText,
    blank,
    information_set,
    known_state,
)
from legatus.framework.play.catalog import default_catalog

from .conftest import jc_game, other_truth, random_positions


def test_a_thousand_samples_give_the_side_the_true_view() -> None:
    """observe(sample, me) == observe(truth, me) at 250 points of 5 random games,
    both sides, two samples each; every sample is also a sound state (pieces on
    spaces their type may stand on, strengths among their levels, every card in
    one zone) with a generator that is not the true one."""
    game = jc_game()
    definition = game.definition
    stream = rng.seed_state(2026)
    checked = 0
    for seed in range(1, 6):
        for truth in islice(random_positions(game, seed, every=5), 50):
            for side in definition.side_ids:
                info = information_set(game, truth, side)
                true_view = observe(definition, truth, side)
                for _ in range(2):
                    sample = info.sample(stream)
                    assert observe(definition, sample, side) == true_view
                    for name, check in GENERIC.items():
                        assert check(definition, sample) == [], name
                    assert sample["rng"] != truth["rng"]
                    checked += 1
    assert checked >= 1000


def test_same_view_gives_the_same_skeleton_and_the_same_samples() -> None:
    """Two true states that differ only in what a side may not see give it the same
    information set: nothing hidden reaches a player through it."""
    game = jc_game()
    for n, truth in enumerate(islice(random_positions(game, 7, every=23), 12)):
        for side in game.definition.side_ids:
            other = other_truth(game, truth, side, salt=100 + n)
            assert other["pieces"] != truth["pieces"] or n == 0
            first, second = information_set(game, truth, side), information_set(game, other, side)
            assert first.view == second.view
            assert first.skeleton == second.skeleton
            assert first.sample(rng.seed_state(n)) == second.sample(rng.seed_state(n))


def test_the_skeleton_holds_no_hidden_fact() -> None:
    game = jc_game()
    truth = next(islice(random_positions(game, 3, every=40), 3, None))
    info = information_set(game, truth, "caesar")
    skeleton = info.skeleton
    unseen = [pid for pid in truth["pieces"] if pid not in info.view["pieces"]["known"]]
    assert unseen, "Pompeius's blocks are hidden from Caesar"
    assert all(skeleton["pieces"][pid]["at"] is None for pid in unseen)
    assert all(skeleton["pieces"][pid]["strength"] is None for pid in unseen)
    assert skeleton["zones"]["deck"] == [] and skeleton["zones"]["hand:pompey"] == []
    # Pompey's own records (declared visible to their owner: his record of the turn's
    # moves) keep their shape, but not the keys that name his blocks (which of his blocks
    # arrived where is his secret).
    owned = [n for n, d in game.definition.records.items() if d.visible_to == "owner"]
    assert owned, "Julius Caesar keeps records only their owner sees"
    pompey_blocks = [pid for pid, p in truth["pieces"].items() if p["side"] == "pompey"]
    for name in owned:
        theirs = truth["records"][name].get("pompey")
        if theirs is None:
            continue
        assert skeleton["records"][name]["pompey"] == blank(theirs, truth["pieces"]), name
        hidden = json.dumps(skeleton["records"][name]["pompey"])
        assert not any(f'"{pid}"' in hidden for pid in pompey_blocks), name
    assert skeleton["rng"] != truth["rng"] and skeleton["seed"] == 0
    assert all(e.get("to") in (None, ["caesar"]) or "caesar" in e["to"] for e in info.log)


def test_samples_spread_over_the_possibilities() -> None:
    """Different draws give different identities and hands: the sampler does not
    just return one fixed guess (or the truth)."""
    game = jc_game()
    truth = next(islice(random_positions(game, 5, every=30), 2, None))
    info = information_set(game, truth, "pompey")
    stream = rng.seed_state(9)
    samples = [info.sample(stream) for _ in range(20)]
    hands = {tuple(s["zones"]["hand:caesar"]) for s in samples}
    placements = {tuple(sorted((p["at"], pid) for pid, p in s["pieces"].items())) for s in samples}
    assert len(hands) > 1 or len(truth["zones"]["hand:caesar"]) == 0
    assert len(placements) > 1


def test_blank_keeps_keys_and_empties_values() -> None:
    data = {"command": {"moved": ["Legio 7"], "points": 3, "who": "x", "done": True}}
    assert blank(data) == {"command": {"moved": [], "points": 0, "who": "", "done": False}}


def test_blank_leaves_out_keys_that_name_pieces() -> None:
    data = {"arrivals": {"Narbo": {"Legio 7": "Narbo|Tarraco"}}}
    assert blank(data, {"Legio 7"}) == {"arrivals": {"Narbo": {}}}


def test_naval_samples_keep_facing_and_attributes_and_can_be_played() -> None:
    """The naval module (GBoJC) gives its ships a facing and attributes (fatigue,
    marines, grapples): a sample must keep them, show the side the true view and be
    playable, or a searching player cannot move a ship (a KeyError on 'facing')."""
    from legatus.framework.play.catalog import default_catalog

    game = default_catalog().load("gbojc_naval")
    definition = game.definition
    stream = rng.seed_state(7)
    checked = 0
    for truth in islice(random_positions(game, 3, every=25), 30):
        side = truth["prompt"]["side"]
        info = information_set(game, truth, side)
        sample = info.sample(stream)
        assert observe(definition, sample, side) == observe(definition, truth, side)
        for pid, piece in truth["pieces"].items():
            if "facing" in piece:
                assert sample["pieces"][pid]["facing"] == piece["facing"]
        for action in game.legal_actions(sample):
            game.apply(fork(sample), action)
        checked += 1
    assert checked >= 20


def test_known_text_is_the_skeleton_written_out() -> None:
    """KnownText, which writes what a side knows straight from the state (OpenSpiel's key
    digests it), gives exactly the canonical JSON of known_state(log=False) without its
    log: on Julius Caesar, the naval module (facing, attributes) and Hannibal Barkas (more
    sides than two), for every side, at true states, at states with the same views and
    other hidden facts, and at samples, its kept piece entries reused across them all."""
    checked = 0
    for name in ("julius_caesar", "gbojc_naval", "hannibal_barkas"):
        game = default_catalog().load(name)
        text = KnownText(game)
        for n, truth in enumerate(islice(random_positions(game, 3, every=23), 12)):
            states = [truth]
            if truth["prompt"] is not None:
                asked = truth["prompt"]["side"]
                states.append(other_truth(game, truth, asked, salt=n))
                info = information_set(game, truth, asked, log=False)
                states.append(info.sample(rng.seed_state(n), log=False))
            for state in states:
                for side in game.definition.side_ids:
                    known = known_state(game, state, side, log=False)
                    del known["log"]
                    assert text(state, side) == CANONICAL.encode(known)
                    checked += 1
    assert checked > 150
