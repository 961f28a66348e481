"""What the kit's tests share: the demo game copied and edited, pieces placed by hand, a
stand-in for the engine's context, a rules file compiled on the kit, a tiny board.

Each test module says what its fixture game is (the demo game made coastal, given card
zones, hidden blocks, ...); these helpers only spare them writing the same scaffolding.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.queries import register_engine_queries
from legatus.framework.kit import register_kit
from legatus.framework.model.board import Board
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.loading import load_rules
from legatus.framework.rules.registry import RuleRegistry
from tests.conftest import DEMO_GAME

SIDES = ("red", "blue")

#: The card zones of a Columbia block game (JC 2.1, HotS 3.1), for the demo's cards file.
CARD_ZONES = """\
zones:
  deck: {visible_to: none}
  hand: {visible_to: owner, per_side: true}
  discarded: {visible_to: owner, per_side: true}
  committed: {visible_to: owner, per_side: true}
  played: {visible_to: all, per_side: true}
"""

ZONE_KINDS = ("hand", "discarded", "committed", "played")

#: The records of the kit's card-driven command (:mod:`legatus.framework.kit.command`), for
#: the demo's manifest: the cards revealed, the orders, the turn's public record of moves
#: and each side's own, the battles to fight.
COMMAND_RECORDS = """\
records:
  cards: {schema: {type: object}}
  copied: {schema: {type: object}}
  event: {schema: {type: [object, "null"]}, start: null}
  cancelled: {schema: {type: boolean}}
  player1: {schema: {type: [string, "null"]}, start: null}
  orders: {schema: {type: object}}
  previous_cards: {schema: {type: object}}
  command:
    schema: {type: object}
    start: {road_use: {red: {}, blue: {}}, attacks: {}, contested: [], sea_moves: [],
            held_seas: {red: [], blue: []}}
  own_command:
    per_side: true
    visible_to: owner
    schema: {type: object}
    start: {moved: [], levied: [], arrivals: {}, reserves: {}}
  battles: {schema: {type: array}}
"""


def hidden_blocks(*revealed_by: str) -> str:
    """The pieces file's visibility of hidden blocks: identity and strength seen by their
    owner, or by all while a block carries one of the flags ``revealed_by``."""
    flags = ", ".join(revealed_by)
    return f"""\
visibility:
  identity: {{visible_to: owner, revealed_by: [{flags}]}}
  strength: {{visible_to: owner, revealed_by: [{flags}]}}
  location: {{visible_to: all}}
  owner: {{visible_to: all}}
"""


def demo_copy(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    *,
    prepend: Mapping[str, str] | None = None,
    append: Mapping[str, str] | None = None,
    replace: Mapping[str, Sequence[tuple[str, str]]] | None = None,
    write: Mapping[str, str] | None = None,
) -> Path:
    """The demo game copied to a folder of its own, its files (by path in the game's
    folder) given text before or after theirs, text replaced, or written anew."""
    folder = tmp_path_factory.mktemp(name) / "game"
    shutil.copytree(DEMO_GAME, folder)
    for file, text in (write or {}).items():
        (folder / file).write_text(text, "utf-8")
    for file, pairs in (replace or {}).items():
        path = folder / file
        content = path.read_text("utf-8")
        for old, new in pairs:
            assert old in content, f"{file} has no {old!r}"
            content = content.replace(old, new)
        path.write_text(content, "utf-8")
    for file, text in (prepend or {}).items():
        path = folder / file
        path.write_text(text + path.read_text("utf-8"), "utf-8")
    for file, text in (append or {}).items():
        path = folder / file
        path.write_text(path.read_text("utf-8") + text, "utf-8")
    return folder


def placed(
    defaults: Mapping[str, tuple[str, str, int]], where: Mapping[str, tuple[str, str, int]]
) -> dict[str, dict[str, Any]]:
    """The state's pieces by id from ``(side, space, strength)``: ``defaults`` for every
    piece, ``where`` for those placed (``_`` in a keyword stands for a space in the id)."""
    pieces = dict(defaults)
    pieces.update({name.replace("_", " "): spec for name, spec in where.items()})
    return {
        pid: {"side": side, "at": at, "strength": strength, "flags": []}
        for pid, (side, at, strength) in pieces.items()
    }


def in_pools(definition: GameDef) -> dict[str, tuple[str, str, int]]:
    """Every piece of the game in its side's pool at its lowest strength."""
    return {pid: (spec.side, "pool", spec.min_strength) for pid, spec in definition.pieces.items()}


def empty_zones(sides: Iterable[str] = SIDES, **held: list[str]) -> dict[str, list[str]]:
    """The card zones, all empty but those ``held`` (``hand_red=[...]`` for ``hand:red``)."""
    zones: dict[str, list[str]] = {"deck": []}
    zones.update({f"{zone}:{side}": [] for zone in ZONE_KINDS for side in sides})
    zones.update({key.replace("_", ":"): cards for key, cards in held.items()})
    return zones


class FakeCtx(SimpleNamespace):
    """What a primitive reads and writes of the engine's context: the game, the state, a
    memo, the log lines with whom they are for, the rule clauses fired, forced dice, a
    shuffle the test foresees (the items reversed), and whether the cards were revealed."""

    def __init__(
        self, definition: GameDef, state: dict[str, Any], dice: Sequence[int] = ()
    ) -> None:
        super().__init__(
            definition=definition,
            state=state,
            memo={},
            lines=[],
            rules=[],
            dice=list(dice),
            revealed=False,
        )

    def log(self, text: str, to: list[str] | None = None, **fields: Any) -> None:
        self.lines.append((text, to))

    def fired(self, rule: str) -> None:
        if rule:  # as the engine's Context: an empty citation counts nothing
            self.rules.append(rule)

    def roll(self, count: int, sides: int = 6, *, what: str = "") -> list[int]:
        return [self.dice.pop(0) for _ in range(count)]

    def shuffle(self, items: list[str]) -> None:
        items.reverse()

    def reveal(self) -> None:
        self.revealed = True


def kit_registry(*, kit: bool = True) -> RuleRegistry:
    """A registry with the engine's queries and (unless ``kit`` is false) the kit's."""
    registry = RuleRegistry()
    register_engine_queries(registry)
    if kit:
        register_kit(registry)
    return registry


def compile_rules(
    definition: GameDef, folder: Path, name: str, text: str, registry: RuleRegistry
) -> Game:
    """The game compiled with the rules ``text``, written to ``folder/name``."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return compile_game(definition, load_rules([path], definition.symbols(), registry), registry)


def asked(game: Game, state: dict[str, Any]) -> tuple[str, str, str, list[str]]:
    """The question the game asks now: the side asked, the prompt's kind and text, and
    the legal actions' texts (a question there must be)."""
    prompt = game.prompt(state)
    assert prompt is not None
    return prompt.side, prompt.kind, prompt.text, [a.text for a in prompt.actions]


def tiny_board(
    categories: Mapping[str, str],
    links: Mapping[str, Sequence[tuple[str, str]]],
    spaces: Mapping[str, Iterable[str]],
    connections: Iterable[tuple[str, str, str]],
) -> Board:
    """A board built in a test: space kinds by their category, connection kinds by the
    categories they link, the spaces by kind, the connections as ``(kind, one, other)``."""
    return Board.from_document(
        {
            "space_kinds": {kind: {"category": c} for kind, c in categories.items()},
            "connection_kinds": {
                kind: {"links": [list(pair) for pair in pairs]} for kind, pairs in links.items()
            },
            "spaces": [{"id": s, "kind": kind} for kind, ids in spaces.items() for s in ids],
            "connections": [{"kind": k, "between": [a, b]} for k, a, b in connections],
        }
    )
