"""The frozen definition of a loaded game.

A :class:`GameDef` is what the loader builds from a game folder after every
data file has passed its schema and cross-reference checks. It never changes
after loading; game state refers to its pieces, spaces and cards by id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from legatus.framework.model.board import Board


K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def frozen_map(items: Mapping[K, V] | None = None) -> Mapping[K, V]:
    """A read-only view of a fresh dict, for frozen definitions."""
    return MappingProxyType(dict(items or {}))


_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}


def plural_verb(verb: str) -> str:
    """A verb's form after a plural subject, given its third person singular: ``has`` ->
    ``have``, ``draws`` -> ``draw``, ``passes`` -> ``pass``, ``carries`` -> ``carry``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


@dataclass(frozen=True)
class Side:
    """A side of the game. ``team``: sides of one team win together and may share records
    declared ``team`` (Hannibal Barkas's two Romans); by default each side is its own team.
    ``plural``: the side's name is a plural noun (``Scots``), so its results read "the Scots
    win" rather than "Scots wins"."""

    id: str
    name: str
    colour: str | None = None
    team: str = ""
    plural: bool = False

    @property
    def team_id(self) -> str:
        return self.team or self.id


@dataclass(frozen=True)
class Seat:
    """A player's place at the table: the sides that player plays (one or several).

    A scenario names its seats; by default each side is a seat of its own,
    named like the side. Whoever sits at a seat sees what any of its sides
    may see and answers every decision addressed to one of them.
    """

    id: str
    name: str
    sides: tuple[str, ...]


#: Who may see a declared record (:class:`RecordDecl`) or a frame's field.
RECORD_VISIBILITIES = ("all", "pieces", "owner", "team", "none")


@dataclass(frozen=True)
class RecordDecl:
    """One declared part of the game state beyond pieces and cards: a track, a treasury,
    a turn's record (``records:`` in the manifest).

    ``per_side``: the record holds one value per side (``{side: value}``).
    ``visible_to``: ``all``; ``pieces`` (public, but piece ids inside follow
    each piece's identity visibility); ``owner`` (a per-side record: each side
    sees its own value); ``team`` (a per-side record: each side sees the
    values of its team); ``none`` (no side). ``schema`` is the JSON Schema of
    one value; ``start`` the value a game starts with (each side's, for a
    per-side record), unless the scenario gives another.
    """

    name: str
    schema: Mapping[str, Any]
    start: Any = None
    per_side: bool = False
    visible_to: str = "all"
    description: str = ""
    rule: str = ""


@dataclass(frozen=True)
class ActionDecl:
    """One kind of action a game's manifest declares (``actions:`` in ``game.yaml``), as
    written: its name, its argument signatures (``"block: piece"``, ``"path: space*2..4"``;
    the grammar is :mod:`~legatus.framework.model.signatures`'s, checked on loading), what
    it does and its rule. The engine makes an
    :class:`~legatus.framework.engine.actionkinds.ActionKind` of each, so that a game
    declares its actions as data rather than in its plugin's Python."""

    name: str
    args: tuple[str, ...] = ()
    doc: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Rating:
    """Initiative letter and firepower (hits on a d6 roll <= firepower)."""

    initiative: str
    firepower: int

    @classmethod
    def parse(cls, text: str) -> Rating:
        return cls(text[0], int(text[1:]))

    def __str__(self) -> str:
        return f"{self.initiative}{self.firepower}"


@dataclass(frozen=True)
class Visibility:
    """Who sees one attribute of a piece: 'all', 'owner' or 'none', unless a
    flag in ``revealed_by`` is set on the piece, which shows it to everyone."""

    visible_to: str
    revealed_by: frozenset[str] = frozenset()


#: Attributes of a piece whose visibility a game declares.
PIECE_ATTRIBUTES = ("identity", "strength", "location", "owner")
#: What a game that declares nothing gets: everything visible to everyone.
OPEN = Visibility("all")


@dataclass(frozen=True)
class PieceType:
    id: str
    stands_on: frozenset[str]
    levy: str | frozenset[str]  # "named", "none", or the kinds/categories where it may be levied
    stats: tuple[str, ...] = ()
    description: str = ""
    visibility: Mapping[str, Visibility] = field(default_factory=frozen_map)
    #: Hexes a counter of this type covers on a hex map, lying along its facing
    #: (a two-hex galley: 2). Pieces longer than one hex must have a facing.
    length: int = 1


@dataclass(frozen=True)
class Piece:
    id: str
    side: str
    type: str
    title: str
    attacking: Rating | None
    defending: Rating | None
    steps: int
    strengths: tuple[int, ...]
    levy: str | None = None
    stats: Mapping[str, int | str] = field(default_factory=frozen_map)
    tags: frozenset[str] = frozenset()
    #: The pieces entry it was made from when that entry stands for identical counters.
    group: str = ""
    #: The piece's name by language code, where a player may read another than its id.
    names: Mapping[str, str] = field(default_factory=frozen_map)
    #: The spaces the piece calls home (a noble's home areas; two for some).
    homes: tuple[str, ...] = ()
    #: The piece of another side standing for the same unit when it changes side.
    counterpart: str | None = None

    @property
    def min_strength(self) -> int:
        return self.strengths[0]


@dataclass(frozen=True)
class Zone:
    """A place cards can be, and who may see the cards in it."""

    id: str
    visible_to: str
    per_side: bool = False


@dataclass(frozen=True)
class CardKind:
    id: str
    values: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True)
class CardEffect:
    """One of a card's several effects: its name (bound by ``effect NAME on "Card"`` in a
    rules file), text and rule."""

    name: str
    text: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    copies: int
    values: Mapping[str, int] = field(default_factory=frozen_map)
    text: str = ""
    rule: str = ""
    #: The deck the card belongs to when sides or teams have their own ('' for the one deck).
    deck: str = ""
    effects: tuple[CardEffect, ...] = ()
    #: The map space the card stands for ('' for none): a city card names its city's region.
    space: str = ""
    #: The card's name by language code, where a player may read another than its id.
    names: Mapping[str, str] = field(default_factory=frozen_map)


@dataclass(frozen=True)
class Placement:
    """A piece's starting position in a scenario.

    ``facing`` (a hex side, for games on a hex grid whose counters face a side)
    and ``attrs`` (the piece's starting attributes, see ``state.py``) are
    copied into the piece's state when given.
    """

    piece: str
    strength: int
    facing: str | None = None
    attrs: Mapping[str, int | str] = field(default_factory=frozen_map)


@dataclass(frozen=True)
class ScenarioOption:
    id: str
    title: str
    rule: str = ""
    description: str = ""


@dataclass(frozen=True)
class SideSetup:
    on_map: Mapping[str, tuple[Placement, ...]]
    pool: tuple[Placement, ...]
    out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    file: Path
    setup: Mapping[str, SideSetup]
    options: Mapping[str, ScenarioOption] = field(default_factory=frozen_map)
    description: str = ""
    rule: str = ""
    default: bool = False
    #: The seats, in order; empty: one seat per side (:meth:`GameDef.seats_of`).
    seats: tuple[Seat, ...] = ()
    #: Starting values of declared records that differ from their ``start``.
    records: Mapping[str, Any] = field(default_factory=frozen_map)


@dataclass(frozen=True)
class GameDef:
    """Everything a game's data files say, validated and frozen."""

    name: str
    title: str
    version: str
    folder: Path
    sides: tuple[Side, ...]
    board: Board
    piece_types: Mapping[str, PieceType]
    pieces: Mapping[str, Piece]
    card_kinds: Mapping[str, CardKind]
    cards: Mapping[str, Card]
    scenarios: Mapping[str, Scenario]
    visibility: Mapping[str, Visibility] = field(default_factory=frozen_map)
    zones: Mapping[str, Zone] = field(default_factory=frozen_map)
    rules_files: tuple[Path, ...] = ()
    variant_files: tuple[Path, ...] = ()
    #: Position files shipped with the game (:mod:`legatus.framework.engine.positions`).
    position_files: tuple[Path, ...] = ()
    rulebook: str = ""
    description: str = ""
    min_players: int = 0
    max_players: int = 0
    #: The most actions a complete game may take; 0 when the manifest declares none.
    max_actions: int = 0
    #: The game's defaults for its computer players' options, by player name (the
    #: manifest's ``computer_players``; values as a player spec writes them).
    player_defaults: Mapping[str, Mapping[str, str]] = field(default_factory=frozen_map)
    #: The declared records (tracks, treasuries, turn records), by name.
    records: Mapping[str, RecordDecl] = field(default_factory=frozen_map)
    #: The declared kinds of action, in the manifest's order (none: the plugin may declare
    #: them in Python, or the game's actions stay untyped).
    actions: tuple[ActionDecl, ...] = ()

    @cached_property
    def side_ids(self) -> tuple[str, ...]:
        """The sides' ids in the manifest's order (made once: rules read them at every turn)."""
        return tuple(s.id for s in self.sides)

    def team_of(self, side: str) -> str:
        """The team ``side`` belongs to (its own id if the manifest gives none)."""
        return self._teams[side]

    def side_name(self, side: str) -> str:
        """A side's name as players read it (``Pompeius`` for ``pompey``); an unknown id as
        it is."""
        return self._side_names.get(side, side)

    def side_wins(self, side: str) -> str:
        """A side's win in words, for the log and results: ``Pompeius wins``, or ``the Scots
        win`` for a side whose name is plural (the manifest's ``plural``)."""
        if any(s.id == side and s.plural for s in self.sides):
            return f"the {self.side_name(side)} win"
        return f"{self.side_name(side)} wins"

    def side_does(self, side: str, words: str) -> str:
        """The side's name as the subject of ``words``, a phrase whose first word is a verb
        in the singular: ``Pompeius has 3 block(s)``, or ``Scots have 3 block(s)`` for a
        side whose name is plural (the manifest's ``plural``), the verb agreeing."""
        if any(s.id == side and s.plural for s in self.sides):
            verb, _, rest = words.partition(" ")
            words = " ".join(w for w in (plural_verb(verb), rest) if w)
        return f"{self.side_name(side)} {words}"

    @cached_property
    def _side_names(self) -> Mapping[str, str]:
        return frozen_map({s.id: s.name for s in self.sides})

    def other_sides(self, side: str) -> tuple[str, ...]:
        """Every side but ``side``, in the manifest's order."""
        return tuple(s for s in self.side_ids if s != side)

    def opponent(self, side: str) -> str:
        """The other side of a two-sided game (``pompey`` for ``caesar``). A game of more
        sides has no single opponent: ask :meth:`other_sides` or the teams there."""
        found = self._opponents.get(side)
        if found is None:
            raise ValueError(
                f"{self.name}: {side!r} has no single opponent among {list(self.side_ids)}"
            )
        return found

    @cached_property
    def _opponents(self) -> Mapping[str, str]:
        ids = self.side_ids
        return frozen_map({ids[0]: ids[1], ids[1]: ids[0]} if len(ids) == 2 else {})

    def in_data_order(self, pieces: Iterable[str]) -> list[str]:
        """Piece ids in the order of the pieces file ('cavalry 2' before 'cavalry 10', as
        the designer listed them), not in the order of their text."""
        index = self._piece_index
        return sorted(pieces, key=index.__getitem__)

    @cached_property
    def _piece_index(self) -> Mapping[str, int]:
        return frozen_map({pid: i for i, pid in enumerate(self.pieces)})

    def derived(self, key: str, build: Callable[[GameDef], T]) -> T:
        """What ``build`` makes of this definition, made once and kept with it: the tables a
        game's rules or players compute from its data (distances, ratings by piece). A
        definition is frozen, so what is derived from it never goes stale; a definition
        changed with :func:`dataclasses.replace` (a variant) starts with none. ``key`` names
        the table, unique within the game (a module's name and the table's)."""
        cache = self._derived
        try:
            return cache[key]  # type: ignore[no-any-return]
        except KeyError:
            found = cache[key] = build(self)
            return found

    @cached_property
    def _derived(self) -> dict[str, Any]:
        return {}

    @cached_property
    def _teams(self) -> Mapping[str, str]:
        return frozen_map({s.id: s.team_id for s in self.sides})

    def names_in(self, language: str) -> Mapping[str, str]:
        """Id -> the name a player reading ``language`` sees, for the spaces, pieces and
        cards whose data give one in that language (the ``names`` of their entries); an id
        missing here reads as itself. One id names one thing whatever its kind (a leader's
        counter and his card), and the loader refuses two names for it."""
        found = self._names.get(language)
        if found is None:
            named: dict[str, str] = {}
            for ident, names in self._named_entries:
                name = names.get(language)
                if name is not None and name != ident:
                    named[ident] = name
            found = self._names[language] = frozen_map(named)
        return found

    @cached_property
    def _named_entries(self) -> tuple[tuple[str, Mapping[str, str]], ...]:
        """(id, names) of every space, piece and card whose data give names."""
        entries: list[tuple[str, Mapping[str, str]]] = []
        entries += [(s.id, s.names) for s in self.board.spaces.values() if s.names]
        entries += [(p.id, p.names) for p in self.pieces.values() if p.names]
        entries += [(c.id, c.names) for c in self.cards.values() if c.names]
        return tuple(entries)

    @cached_property
    def _names(self) -> dict[str, Mapping[str, str]]:
        return {}

    @cached_property
    def languages(self) -> tuple[str, ...]:
        """The languages some entry of the data gives a name in, sorted."""
        return tuple(sorted({lang for _, names in self._named_entries for lang in names}))

    def seats_of(self, scenario: Scenario) -> tuple[Seat, ...]:
        """The scenario's seats; one per side, named like it, if the scenario names none."""
        if scenario.seats:
            return scenario.seats
        return tuple(Seat(s.id, s.name, (s.id,)) for s in self.sides)

    @property
    def deck_size(self) -> int:
        return sum(c.copies for c in self.cards.values())

    def visibility_of(self, attribute: str, piece: str | None = None) -> Visibility:
        """Who sees an attribute: of one piece (its type may override), or by default."""
        if piece is not None:
            override = self.piece_types[self.pieces[piece].type].visibility.get(attribute)
            if override is not None:
                return override
        return self.visibility.get(attribute, OPEN)

    @cached_property
    def piece_visibility(
        self,
    ) -> Mapping[str, tuple[Visibility, Visibility, Visibility, Visibility]]:
        """Per piece: the rules for (identity, strength, location, owner), computed once;
        pieces with equal rules share one tuple (views decide once per tuple)."""
        shared: dict[tuple[Visibility, ...], tuple[Visibility, ...]] = {}
        found: dict[str, tuple[Visibility, ...]] = {}
        for pid in self.pieces:
            rules = tuple(self.visibility_of(a, pid) for a in PIECE_ATTRIBUTES)
            found[pid] = shared.setdefault(rules, rules)
        return frozen_map(found)  # type: ignore[arg-type]

    def default_scenario(self) -> Scenario:
        for scenario in self.scenarios.values():
            if scenario.default:
                return scenario
        return next(iter(self.scenarios.values()))

    def symbols(self) -> Mapping[str, frozenset[str]]:
        """Every name the rules may refer to, by category.

        The rules checker resolves names in ``.rules`` files against these
        sets: ``side``, ``space``, ``space_kind``, ``space_category``,
        ``connection_kind``, ``piece``, ``piece_type``, ``card``, ``card_kind``,
        ``scenario``.
        """
        board = self.board
        return {
            "side": frozenset(self.side_ids),
            "space": frozenset(board.spaces),
            "space_kind": frozenset(board.space_kinds),
            "space_category": frozenset(board.space_kinds.values()),
            "connection_kind": frozenset(board.connection_kinds),
            "piece": frozenset(self.pieces),
            "piece_type": frozenset(self.piece_types),
            "card": frozenset(self.cards),
            "card_kind": frozenset(self.card_kinds),
            "scenario": frozenset(self.scenarios),
        }
