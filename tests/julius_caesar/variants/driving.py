"""Driving the real Julius Caesar game, with or without a variant, for the variant tests.

Every variant test compares the base game with a variant from the same hand-built
position: both games come from :func:`framework.testing.rules_game` (the rules file,
the variant applied to it, the plugin's procedures), so what differs is only what the
variant changes. A position is built on :meth:`Game.setup`'s state (every block moved to
its pool, then the given ones placed), the sequence of play begun, and the year's random
deal replaced by the hands a test names. :func:`advance` then answers the prompts a test
does not care about with the passive answer (end the moves, the levy, the disbanding...),
so a test can reach a later step, e.g. the winter, without scripting every prompt.

The fixture variants in this folder (``*.variant``) change one number each; they are
test data, not shipped with the game.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

from framework.engine.state import State
from framework.testing import GameUnderTest as Game
from framework.testing import rules_game
from games.julius_caesar.model import SIDES

GAME = "julius_caesar"
FIXTURES = Path(__file__).parent

#: What a side answers when a test lets the game run on: stop, end, pass.
PASSIVE = ("end_moves", "end_group", "end_levy", "end_disband", "end_regroup", "pass")

#: Blocks per location: ids (at full strength) or ``{id: strength}``.
Blocks = Mapping[str, Iterable[str] | Mapping[str, int]]


def playable(variant: str | None = None) -> Game:
    """The real game, with a shipped variant (by name) or a fixture (``fixture(name)``),
    played with a run of its own (its forced dice are the test's)."""
    return rules_game(GAME, variant=variant)


def fixture(name: str) -> str:
    """The path of a fixture variant of this folder."""
    return str(FIXTURES / f"{name}.variant")


def start(game: Game, blocks: Blocks, *, seed: int = 1) -> State:
    """The scenario with only ``blocks`` on the map, begun: the first deal's discard prompt."""
    state = game.setup(seed=seed)
    pieces = state["pieces"]
    for piece in pieces.values():
        piece["at"], piece["flags"] = "pool", []
    for space, found in blocks.items():
        strengths = (
            dict(found)
            if isinstance(found, Mapping)
            else {b: game.definition.pieces[b].strengths[-1] for b in found}
        )
        for block, strength in strengths.items():
            pieces[block]["at"], pieces[block]["strength"] = space, strength
    game.begin(state)
    return state


def deal(game: Game, state: State, caesar: Collection[str], pompey: Collection[str]) -> None:
    """Replace the year's deal: the hands become the cards given, the rest the deck.

    Called at the year's first discard prompt, which is then asked again of the new hand.
    """
    zones = state["zones"]
    rest = sorted(card for cards in zones.values() for card in cards)
    for card in [*caesar, *pompey]:
        rest.remove(card)
    for key in zones:
        zones[key] = []
    zones["hand:caesar"], zones["hand:pompey"] = sorted(caesar), sorted(pompey)
    zones["deck"] = rest
    game.settle(state)


def year(
    game: Game,
    state: State,
    caesar: Collection[str],
    pompey: Collection[str],
    discard: tuple[str, str] | None = None,
) -> None:
    """Deal the hands and answer the discards (each side's first card unless ``discard``)."""
    deal(game, state, caesar, pompey)
    for side, hand in zip(SIDES, (caesar, pompey), strict=True):
        prompt = game.prompt(state)
        if prompt is None or prompt.kind != "discard":
            return
        assert prompt.side == side
        card = discard[SIDES.index(side)] if discard else sorted(hand)[0]
        game.apply(state, f"discard({card})")


def cards(game: Game, state: State, caesar: str, pompey: str) -> None:
    """The card phase: Caesar then Pompeius play the cards given (JC 2.1)."""
    game.apply(state, f"play({caesar})")
    game.apply(state, f"play({pompey})")


def texts(game: Game, state: State) -> list[str]:
    """The legal actions now, as text, in the engine's canonical order."""
    return [action.text for action in game.legal_actions(state)]


def advance(game: Game, state: State, stop: Collection[str] = (), *, limit: int = 500) -> None:
    """Answer prompts passively until one of kind ``stop``, the game's end, or a prompt
    with no passive answer (a card to play or discard: the first one in canonical order).
    """
    for _ in range(limit):
        prompt = game.prompt(state)
        if prompt is None or prompt.kind in stop:
            return
        actions = [a.text for a in prompt.actions]
        chosen = next((a for a in actions if a in PASSIVE), None)
        if chosen is None and prompt.kind in ("play", "discard"):
            chosen = actions[0]
        if chosen is None:
            return
        game.apply(state, chosen)
    raise AssertionError(f"advance: still running after {limit} actions")


def at(state: State, block: str) -> str:
    location: str = state["pieces"][block]["at"]
    return location
