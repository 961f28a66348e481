"""A side's view as a fixed-size vector of numbers, for learning agents.

The layout depends only on the game's data (its pieces, spaces, zones,
cards, sides and the sequence of play's counters), never on the position,
so every observation of a game has the same length and meaning. It is built
from :func:`legatus.framework.engine.view.observe`, so it holds exactly what the
side may see:

* per piece, in data order: known (1) or not (0); where it stands
  (0 unknown, 1 + the space's index on the map, or 1 + the number of
  spaces for any place off the map such as a pool); its strength (0 unknown);
* per space and side: how many of that side's unidentified pieces stand there;
* per zone (one per side for per-side zones): how many cards it holds;
* per card: 0 if the side sees no copy of it, else 1 + the index of a zone
  where it sees one;
* the counters of the sequence of play's loops (a year, a turn);
* whether the side is to act, and how many legal actions it has.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from legatus.framework.engine import program as prog
from legatus.framework.engine.core import Game


def _loop_vars(block: prog.Block) -> Iterator[str]:
    if block.var:
        yield block.var
    for node in block.body:
        if isinstance(node, prog.Block):
            yield from _loop_vars(node)


class ViewEncoder:
    """Encodes ``observe(state, side)`` of one game as a list of floats of fixed length."""

    def __init__(self, game: Game) -> None:
        definition = game.definition
        self.sides = list(definition.side_ids)
        self.pieces = list(definition.pieces)
        self.spaces = {space: i for i, space in enumerate(definition.board.spaces)}
        self.zones = [
            f"{zone.id}:{side}" if zone.per_side else zone.id
            for zone in definition.zones.values()
            for side in (self.sides if zone.per_side else [""])
        ]
        self.zone_index = {key: i for i, key in enumerate(self.zones)}
        self.cards = {card: i for i, card in enumerate(definition.cards)}
        names = set(_loop_vars(game.rules.program.root))
        self.vars = sorted(names)
        self.off_map = len(self.spaces) + 1
        self.deck = max(definition.deck_size, len(self.cards), 1)
        self.max_strength = max(
            (max(p.strengths) for p in definition.pieces.values() if p.strengths), default=0
        )
        self.size = (
            3 * len(self.pieces)
            + len(self.spaces) * len(self.sides)
            + len(self.zones)
            + len(self.cards)
            + len(self.vars)
            + 2
        )

    def bounds(self) -> tuple[list[float], list[float]]:
        """Lowest and highest value of each position (for a gymnasium Box)."""
        many = float(max(len(self.pieces), len(self.cards), 1))
        high = [1.0, float(self.off_map), float(self.max_strength)] * len(self.pieces)
        high += [many] * (len(self.spaces) * len(self.sides))
        high += [float(self.deck)] * len(self.zones)
        high += [float(len(self.zones))] * len(self.cards)
        high += [float("inf")] * len(self.vars)
        high += [1.0, float("inf")]
        return [0.0] * self.size, high

    def encode(self, view: dict[str, Any], legal: int = 0) -> list[float]:
        """The vector of ``view``; ``legal`` is the number of legal actions if the side acts."""
        known = view["pieces"]["known"]
        vector: list[float] = []
        for pid in self.pieces:
            piece = known.get(pid)
            if piece is None:
                vector += [0.0, 0.0, 0.0]
                continue
            at = piece.get("at")
            where = 0 if at is None else self.spaces.get(at, self.off_map - 1) + 1
            vector += [1.0, float(where), float(piece.get("strength") or 0)]
        counts = [0.0] * (len(self.spaces) * len(self.sides))
        for piece in view["pieces"]["hidden"]:
            space = self.spaces.get(piece.get("at"))
            if space is not None and piece.get("side") in self.sides:
                counts[space * len(self.sides) + self.sides.index(piece["side"])] += 1
        vector += counts
        where_card = [0.0] * len(self.cards)
        sizes = [0.0] * len(self.zones)
        for key, content in view["zones"].items():
            index = self.zone_index.get(key)
            if index is None:
                continue
            if isinstance(content, list):
                sizes[index] = float(len(content))
                for card in content:
                    if card in self.cards:
                        where_card[self.cards[card]] = float(index + 1)
            else:
                sizes[index] = float(content)
        vector += sizes + where_card
        for name in self.vars:
            value = view["vars"].get(name, 0)
            vector.append(float(value) if isinstance(value, (int, float)) else 0.0)
        prompt = view.get("prompt")
        acting = prompt is not None and prompt.get("side") == view["side"]
        vector += [1.0 if acting else 0.0, float(legal if acting else 0)]
        return vector
