"""Driving the real Julius Caesar game, with or without a variant, for the variant tests.

Every variant test compares the base game with a variant from the same position: both
games are the shipped rules file with the variant applied (or a fixture variant of this
folder), and the position is the same, so what differs is only what the variant changes.
A position (:func:`start`) is the first card phase of the first year, with the hands a
test names after each side's discard, the given blocks on the map and every other block
in its pool. :func:`tests.julius_caesar.conftest.advance` then answers the prompts a
test does not care about with the passive answer (end the moves, the levy, the
disbanding...), so a test can reach a later step, e.g. the winter, without scripting every
prompt.

The fixture variants in this folder (``*.variant``) change one number each; they are
test data, not shipped with the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom, load_game

FIXTURES = Path(__file__).parent
GAME = "julius_caesar"

#: Two command-card hands (JC 2.1) dealt for the year: the first card in canonical order
#: is discarded.
CAESAR_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "4/1"]
POMPEY_HAND = ["1/2", "2/1", "2/2", "2/3", "3/1", "3/2"]

#: Blocks per location: ids (at full strength) or ``{id: strength}``.
Blocks = Mapping[str, Iterable[str] | Mapping[str, int]]


def fixture(name: str) -> str:
    """The path of a fixture variant of this folder."""
    return str(FIXTURES / f"{name}.variant")


def setup(blocks: Blocks) -> dict[str, Any]:
    """A position's ``setup``: ``blocks`` on the map, every other block in its pool."""
    pieces = load_game(GAME).definition.pieces
    found: dict[str, dict[str, Any]] = {"caesar": {"others": "pool"}, "pompey": {"others": "pool"}}
    for space, listed in blocks.items():
        strengths = dict(listed) if isinstance(listed, Mapping) else dict.fromkeys(listed)
        for block, strength in strengths.items():
            item = block if strength is None else {"piece": block, "strength": strength}
            part = found[pieces[block].side].setdefault("map", {})
            part.setdefault(space, []).append(item)
    return found


def start(
    play_from: PlayFrom,
    blocks: Blocks,
    caesar: Sequence[str] = CAESAR_HAND,
    pompey: Sequence[str] = POMPEY_HAND,
    *,
    discard: tuple[str, str] | None = None,
    variant: str | None = None,
) -> Kit:
    """The year's first card play, Caesar to play: ``blocks`` on the map and the hands
    dealt, less each side's discard (its first card in canonical order unless
    ``discard``); the rest of the cards in the deck."""
    kept: dict[str, list[str]] = {}
    thrown: dict[str, list[str]] = {}
    for index, (side, hand) in enumerate((("caesar", caesar), ("pompey", pompey))):
        card = discard[index] if discard else sorted(hand)[0]
        rest = list(hand)
        rest.remove(card)
        kept[side], thrown[side] = sorted(rest), [card]
    zones = {
        **{f"hand:{side}": cards for side, cards in kept.items()},
        **{f"discarded:{side}": cards for side, cards in thrown.items()},
    }
    position = {
        "at": {"step": "card_phase", "counters": {"year": 1, "turn": 1}},
        "seed": 1,
        "setup": setup(blocks),
        "zones": zones,
        "remaining": "deck",
    }
    return play_from(GAME, json.loads(json.dumps(position)), variant=variant)


def cards(kit: Kit, caesar: str, pompey: str) -> Kit:
    """The card phase: Caesar then Pompeius play the cards given (JC 2.1)."""
    return kit.act(f"play({caesar})", f"play({pompey})")
