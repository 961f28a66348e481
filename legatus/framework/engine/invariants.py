"""Invariants every game's state must keep, whatever the game.

``legatus check-game`` checks these after every action, together with the
game's own invariants (its plugin object's ``invariants``).
Each check returns a list of violations, empty when the state is sound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.state import OFF_MAP
from legatus.framework.model.gamedef import GameDef

if TYPE_CHECKING:
    from legatus.framework.engine.core import Context

Invariant = Callable[[GameDef, dict[str, Any]], list[str]]


@dataclass(frozen=True)
class StepInvariant:
    """What holds whenever play stands just before one of a game's steps.

    A game declares these through its plugin object
    (:meth:`~legatus.framework.engine.gameplugin.GamePlugin.step_invariants`); a
    position that names one of ``steps`` in its ``at`` is checked against them
    (:func:`legatus.framework.engine.positions.start_state`), so that a position no
    game could reach is refused before play starts: blocks of both sides in one
    location before the card phase, hands not dealt where the step plays them.

    ``steps``: the steps' procedure names; ``expected``: what must hold, in words
    (the message of each problem starts with it); ``check(ctx)``: each thing found
    against it, in words (the context gives the game, the state and the rules'
    parameters, a variant's included); ``rule``: its rulebook section.
    """

    steps: frozenset[str]
    expected: str
    check: Callable[[Context], list[str]]
    rule: str = ""


def pieces_stand_where_they_may(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """Each piece is in exactly one known place, one its type may stand on."""
    problems = []
    board = definition.board
    if set(state["pieces"]) != set(definition.pieces):
        problems.append("the state's pieces differ from the game's pieces")
    for pid, piece in state["pieces"].items():
        at = piece["at"]
        if at in OFF_MAP:
            continue
        space = board.spaces.get(at)
        if space is None:
            problems.append(f"piece {pid!r} stands on unknown space {at!r}")
            continue
        stands = definition.piece_types[definition.pieces[pid].type].stands_on
        if space.kind not in stands and space.category not in stands:
            problems.append(f"piece {pid!r} stands on {at!r}, a {space.kind} it may not stand on")
    return problems


def long_counters_fit(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """A counter longer than one hex faces a hex side and all its hexes are on the map,
    on spaces its type may stand on (the trailing hexes of a two-hex galley too)."""
    from legatus.framework.engine.state import footprint

    problems = []
    board = definition.board
    for pid, piece in state["pieces"].items():
        ptype = definition.piece_types[definition.pieces[pid].type]
        if ptype.length == 1 or piece["at"] in OFF_MAP:
            continue
        if "facing" not in piece:
            problems.append(f"piece {pid!r} is {ptype.length} hexes long but faces no hex side")
            continue
        for hex_id in footprint(definition, state, pid)[1:]:
            space = None if hex_id is None else board.spaces.get(hex_id)
            if space is None:
                problems.append(f"piece {pid!r} at {piece['at']!r} trails off the map")
            elif space.kind not in ptype.stands_on and space.category not in ptype.stands_on:
                problems.append(f"piece {pid!r} trails onto {hex_id!r}, where it may not stand")
    return problems


def strengths_within_limits(definition: GameDef, state: dict[str, Any]) -> list[str]:
    problems = []
    for pid, piece in state["pieces"].items():
        if piece["at"] in OFF_MAP:
            continue
        allowed = definition.pieces[pid].strengths
        if piece["strength"] not in allowed:
            problems.append(
                f"piece {pid!r} has strength {piece['strength']}, not one of {list(allowed)}"
            )
    return problems


def cards_add_up(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """Every copy of every card is in exactly one zone (once cards are dealt)."""
    held = Counter(card for cards in state["zones"].values() for card in cards)
    if not held:
        return []
    expected = Counter({card.id: card.copies for card in definition.cards.values()})
    if held != expected:
        extra = held - expected
        missing = expected - held
        return [f"cards do not add up: extra {dict(extra)}, missing {dict(missing)}"]
    return []


GENERIC: dict[str, Invariant] = {
    "pieces stand where they may": pieces_stand_where_they_may,
    "long counters fit": long_counters_fit,
    "strengths within limits": strengths_within_limits,
    "cards add up": cards_add_up,
}


def invariants_for(game: Any) -> dict[str, Invariant]:
    """The generic invariants and the game plugin's own (``game``: a
    :class:`legatus.framework.engine.core.Game`)."""
    found: dict[str, Invariant] = dict(GENERIC)
    if game.plugin is not None:
        found.update(game.plugin.invariants())
    return found
