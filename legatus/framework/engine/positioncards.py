"""The cards of a position: its ``zones:`` and ``remaining:`` (which card lies where).

A card zone's cards are a list, bottom first: its **last card is its top**, the one a draw
takes (the games shipped draw with ``pop()``: Hannibal Barkas's draws from a nation's deck,
HB 3.1; Julius Caesar deals from the end of the shuffled deck, JC 2.1). A position lists a
zone's cards in the same order, so in ``zones: {deck_rome: [A, B]}`` B is drawn first.

The cards are placed once the scenario's start and its set-up steps have dealt theirs
(:func:`~legatus.framework.engine.positions.start_state`). A zone the position lists holds
exactly its cards; a card listed leaves the zone the start put it in. ``remaining:`` says
where the cards the position does not list go:

- left out, they stay where the start put them (nowhere, for a card dealt at a step that
  has not run: Julius Caesar's deal, inside the year);
- one zone (``remaining: deck``): every one of them goes there, from wherever the start put
  it;
- several zones (``remaining: [deck_rome, deck_carthage]``): each goes back to the one of
  them the start put it in (a card of Rome's deck to Rome's deck); those the start put in
  other zones stay there, and a card the start put in no zone fits none of them: an error.

The cards ``remaining`` sends to a zone are shuffled by the seed and lie under the cards the
position lists for it, if it lists it: ``zones: {deck: [Mars]}`` with ``remaining: deck``
puts Mars on top of the shuffled rest.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from legatus.framework.engine import rng
from legatus.framework.engine.state import State
from legatus.framework.model.data.yamlfile import Document, child_path
from legatus.framework.model.errors import DataProblem
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.names import did_you_mean

#: ``remaining:`` as written: one zone, several, or None (left out).
Remaining = str | Sequence[str] | None


def zone_keys(definition: GameDef) -> list[str]:
    """Every card zone of the state: a shared zone by its id, a zone held per side as
    ``ID:SIDE`` (``hand:caesar``)."""
    keys: list[str] = []
    for zone in definition.zones.values():
        if zone.per_side:
            keys.extend(f"{zone.id}:{side}" for side in definition.side_ids)
        else:
            keys.append(zone.id)
    return keys


def check(
    doc: Document, definition: GameDef, zones: Mapping[str, list[str]], remaining: Any
) -> Iterator[DataProblem]:
    """The problems of ``zones`` and ``remaining`` against the game's zones and cards."""
    keys = zone_keys(definition)
    listed: dict[str, int] = {}
    for key, cards in zones.items():
        path = child_path("$.zones", key)
        if key not in keys:
            yield doc.problem(path, f"unknown card zone {key!r}{did_you_mean(key, keys)}")
            continue
        for j, card in enumerate(cards):
            if card not in definition.cards:
                yield doc.problem(
                    f"{path}[{j}]", f"unknown card {card!r}{did_you_mean(card, definition.cards)}"
                )
                continue
            listed[card] = listed.get(card, 0) + 1
            if listed[card] > definition.cards[card].copies:
                copies = definition.cards[card].copies
                yield doc.problem(
                    f"{path}[{j}]",
                    f"card {card!r} is listed more often than its {copies} "
                    f"cop{'y' if copies == 1 else 'ies'}",
                )
    named = [("$.remaining", remaining)] if isinstance(remaining, str) else []
    if isinstance(remaining, list):
        named = [(f"$.remaining[{i}]", key) for i, key in enumerate(remaining)]
    for path, key in named:
        if key not in keys:
            yield doc.problem(path, f"unknown card zone {key!r}{did_you_mean(key, keys)}")


def place(
    doc: Document,
    definition: GameDef,
    state: State,
    zones: Mapping[str, list[str]],
    remaining: Remaining,
) -> list[DataProblem]:
    """Put the position's cards into ``state``'s zones (see the module's docstring), in
    place; the problems found (a card that fits none of several remaining zones), when
    nothing is changed."""
    listed: dict[str, int] = {}
    for cards in zones.values():
        for card in cards:
            listed[card] = listed.get(card, 0) + 1
    # The cards the position does not list, by the zone the start put them in.
    start: dict[str, list[str]] = {}
    for key, held in state["zones"].items():
        kept = start.setdefault(key, [])
        for card in held:
            if listed.get(card, 0) > 0:
                listed[card] -= 1
            else:
                kept.append(card)
    if isinstance(remaining, str):
        homes: dict[str, list[str]] = {key: [] for key in start}
        homes[remaining] = sorted(_not_listed(definition, zones))
        refilled = [remaining]
    else:
        refilled = list(remaining or ())
        nowhere = _placed_nowhere(definition, zones, start) if refilled else []
        if nowhere:
            it = len(nowhere) == 1
            return [
                doc.problem(
                    "$.remaining",
                    f"the start puts {_cards(nowhere)} in no zone, so {'it fits' if it else 'they fit'}"
                    f" none of these: list {'it' if it else 'them'} in zones, or give remaining "
                    "one zone (it takes every card not listed)",
                )
            ]
        # A zone the position lists holds its cards only, unless it is refilled too.
        homes = {
            key: cards if key not in zones or key in refilled else []
            for key, cards in start.items()
        }
    for key in refilled:
        pile = sorted(homes[key])
        rng.shuffle(state["rng"], pile)
        homes[key] = pile
    for key in state["zones"]:
        state["zones"][key] = [*homes[key], *zones.get(key, ())]
    return []


def _not_listed(definition: GameDef, zones: Mapping[str, list[str]]) -> list[str]:
    """Every copy of every card that ``zones`` does not list."""
    rest = {cid: card.copies for cid, card in definition.cards.items()}
    for cards in zones.values():
        for card in cards:
            rest[card] -= 1
    return [cid for cid, count in rest.items() for _ in range(max(count, 0))]


def _placed_nowhere(
    definition: GameDef, zones: Mapping[str, list[str]], homes: Mapping[str, list[str]]
) -> list[str]:
    """The cards neither listed nor put in a zone by the start."""
    rest = {cid: card.copies for cid, card in definition.cards.items()}
    for cards in [*zones.values(), *homes.values()]:
        for card in cards:
            rest[card] -= 1
    return sorted(cid for cid, count in rest.items() if count > 0)


def _cards(ids: Sequence[str]) -> str:
    shown = ", ".join(repr(card) for card in ids[:6])
    more = f" and {len(ids) - 6} more" if len(ids) > 6 else ""
    return f"card{'s' if len(ids) > 1 else ''} {shown}{more}"


__all__ = ["Remaining", "check", "place", "zone_keys"]
