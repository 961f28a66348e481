"""Group moves: where each block of a side may go this turn, by the border limits and pins.

The Columbia block games move blocks the same way (Julius Caesar 6.1-6.3, Hammer of
the Scots 4.0-4.6): a side moves the blocks of one location as a group, each block once
a turn, up to its move distance through friendly and vacant locations; entering a
location that holds enemy blocks stops it (it attacks, joins its side's attack, or
reinforces the defence); only so many blocks of a side may cross a border in a turn, by
the border's kind, sometimes fewer when they engage; a contested location pins as many
defenders as attackers came in, and the defenders left free may not leave across a
border the attacker used. This module says how, naming no game and no side:

- :class:`Occupancy`: the blocks on the map by location and side, and each location's
  status for a side (friendly, enemy, vacant, contested);
- :class:`BoardLinks`: a board's neighbours along chosen connection kinds, with border
  keys and the kinds between, built once per board;
- :class:`MoveSettings` and :class:`BlockClass`: what a game's rules parameters fix
  (distances, limits when moving and when engaging, which block classes travel which
  connection kinds, borders that end a move, whether a sea-going class may engage a land
  location), one frozen object per game and mode (an event card's move is a mode);
- :class:`GroupMoves`: the legal paths of one side's blocks as the state stands, and
  the sea moves of land blocks through friendly seas, port to port.

Why this shape: a game's prompt lists every legal move of every block, so this is the
hot path of simulation. :class:`Occupancy` indexes the blocks once per decision;
:class:`BoardLinks` holds each space's steps with their border keys once per process,
so the search builds no strings and looks nothing up per step; and the paths depend
only on a block's class and location, so they are found once per class and location
and shared by every block of that class there.

The record the moves read and write (border use, attacks, pins) is
:mod:`legatus.framework.kit.engagement`'s.
"""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from operator import itemgetter
from typing import Any, ClassVar

from legatus.framework.engine.state import PieceMoves, note_moved
from legatus.framework.kit import engagement
from legatus.framework.kit.borders import border_key
from legatus.framework.model.board import Board

#: A location's status for a side (Julius Caesar 4.2.1, 4.4; Hammer of the Scots 4.5).
FRIENDLY, ENEMY, VACANT, CONTESTED = "friendly", "enemy", "vacant", "contested"
#: Statuses a block entering stops in, engaging the enemy there.
ENGAGED = frozenset({ENEMY, CONTESTED})
#: Statuses a block may enter and move on from.
FREE = frozenset({FRIENDLY, VACANT})

#: A piece's place and side, read in C.
_AT, _SIDE = itemgetter("at"), itemgetter("side")
#: The indexes kept with the pieces they index (:meth:`Occupancy.of`), by the pieces'
#: ``id`` (each holds its pieces, so the id stays theirs); the oldest goes past
#: :data:`_KEEP` (a search keeps many copies of a state alive).
_KEPT: dict[int, Occupancy] = {}
_KEEP = 16

#: A path, its origin first.
Path = tuple[str, ...]
#: One step of a path: the space reached, the border key, the connection kinds between,
#: and whether crossing that border ends the move.
Link = tuple[str, str, frozenset[str], bool]


def path_text(path: Path) -> str:
    """The text a decision orders a path by: the list of its spaces as Python writes it
    (``"['A', 'B']"``; :func:`legatus.framework.engine.effects.listing_order`)."""
    return str(list(path))


def _plain(name: str) -> bool:
    """``name`` is written as it is between single quotes in a path's text."""
    return name.isprintable() and "'" not in name and "\\" not in name


def _step_key(name: str) -> str:
    """What orders the steps from one space, by the text of the paths they lead on."""
    return name + "'"


def in_text_order(paths: list[Path], plain: bool) -> list[Path]:
    """``paths``, found by :meth:`GroupMoves.paths`' search, in :func:`path_text` order.

    When every space's name is ``plain`` (written as it is between quotes), the search
    finds them so: the text of ``(A, B)`` is ``['A', 'B']``, and a path's texts compare
    as their spaces do one by one, each read with the quote after it (``B'`` against
    ``BC'``: ``'`` is before ``C``, and ``'`` after the shorter name ``Roma`` after the
    space of ``Roma Nova``), a path after its own extensions (``['A', 'B']`` after
    ``['A', 'B', 'C']``: ``]`` is after ``,``). So a search that takes each space's steps
    by their name and a quote (:class:`BoardLinks`), and lists a path after the ones that
    go on from it, lists them in that order; else they are sorted by their text here.
    """
    if not plain:
        paths.sort(key=path_text)
    return paths


class Occupancy:
    """The blocks on the map indexed by location and side.

    ``pieces`` is the state's ``{piece id: {"side", "at", ...}}``; pieces in their pool or
    out of play are not on the map. ``Occupancy(pieces)`` indexes them afresh;
    :meth:`of` gives the index kept with the pieces, the one the moves read: a game's
    prompt asks where the blocks stand at nearly every decision while few decisions move
    one, so the index is made again only when the pieces changed. Every change of a
    piece's place or side is noted (:func:`~legatus.framework.engine.state.note_moved`:
    :func:`place`, a piece's typed view, each writer of an entry's ``"at"`` or
    ``"side"``), so :meth:`of` trusts the kept index while no change was noted since it
    was checked, and checks it against every piece's place and side only after one; the
    kit's effects that move a block keep it in step as they do (:func:`place`), so the
    next decision finds it current without that check. An index is read, never changed,
    by those who ask: its lists are replaced, not altered, when it is kept in step.
    """

    __slots__ = (
        "_at",
        "_ats",
        "_contested",
        "_ids",
        "_locations",
        "_positions",
        "_seen",
        "_sides",
        "pieces",
    )

    def __init__(self, pieces: dict[str, dict[str, Any]]) -> None:
        self.pieces = pieces
        values = pieces.values()
        self._index(list(pieces), list(map(_AT, values)), list(map(_SIDE, values)))

    def _index(self, ids: list[str], ats: list[str], sides: list[str]) -> None:
        """Index the pieces ``ids`` at ``ats`` of ``sides`` (the pieces' order, kept)."""
        at: dict[str, dict[str, list[str]]] = {}
        for pid, where, side in zip(ids, ats, sides, strict=True):
            if where == "pool" or where == "out":  # OFF_MAP, tested without a set lookup
                continue
            by_side = at.get(where)
            if by_side is None:
                at[where] = {side: [pid]}
            else:
                found = by_side.get(side)
                if found is None:
                    by_side[side] = [pid]
                else:
                    found.append(pid)
        self._at = at
        # What the index was made from, to check it against the pieces (:meth:`of`).
        self._ids, self._ats, self._sides = ids, ats, sides
        self._locations: dict[str, list[str]] = {}
        self._contested: frozenset[str] | None = None
        self._positions: dict[str, int] | None = None
        #: The number of the last change of place or side when the index was last known
        #: current (:class:`~legatus.framework.engine.state.PieceMoves`); -1: never.
        self._seen = -1

    @classmethod
    def of(cls, pieces: dict[str, dict[str, Any]]) -> Occupancy:
        """The index of ``pieces`` as they stand now: the one kept with them when no piece
        changed place or side since it was last known current, or when none of these
        pieces did (checked: the same ids, places and sides), else made afresh."""
        key, now = id(pieces), PieceMoves.last
        kept = _KEPT.get(key)
        if kept is not None and kept._seen == now and kept.pieces is pieces:
            return kept
        values = pieces.values()
        ats, sides, ids = list(map(_AT, values)), list(map(_SIDE, values)), list(pieces)
        positions = None
        if kept is not None and kept.pieces is pieces:
            if ats == kept._ats and sides == kept._sides and ids == kept._ids:
                kept._seen = now
                return kept
            if ids == kept._ids:
                positions = kept._positions
        else:
            if len(_KEPT) >= _KEEP:
                _KEPT.pop(next(iter(_KEPT), 0), None)  # the oldest, unless another thread took it
        made = cls.__new__(cls)
        made.pieces = pieces
        made._index(ids, ats, sides)
        made._positions = positions
        made._seen = now
        _KEPT[key] = made
        return made

    @classmethod
    def trusted(cls, pieces: dict[str, dict[str, Any]]) -> Occupancy | None:
        """The index kept with ``pieces`` if :meth:`of` would read it unchecked now (no
        change of place or side noted since it was last known current), else None."""
        kept = _KEPT.get(id(pieces))
        if kept is not None and kept._seen == PieceMoves.last and kept.pieces is pieces:
            return kept
        return None

    def current(self) -> bool:
        """Whether the index says where the pieces stand now and which side each is on
        (read afresh: for tests and invariants, not for play)."""
        fresh = Occupancy(self.pieces)
        return (fresh._ids, fresh._ats, fresh._sides, fresh._at) == (
            self._ids,
            self._ats,
            self._sides,
            self._at,
        )

    def _moved(self, block: str, side: str, before: str, to: str) -> bool:
        """Keep the index in step with ``block`` of ``side`` moved from ``before`` to ``to``:
        if it stood in step with that block before the move (else False, and the next
        :meth:`of` finds the difference and makes it again)."""
        positions = self._positions
        if positions is None:
            positions = self._positions = {pid: n for n, pid in enumerate(self._ids)}
        n = positions.get(block)
        if n is None or self._ats[n] != before or self._sides[n] != side:
            return False
        self._ats[n] = to
        at = self._at
        if before != "pool" and before != "out":
            by_side = at[before]
            left = [pid for pid in by_side[side] if pid != block]
            if left:
                by_side[side] = left
            elif len(by_side) > 1:
                del by_side[side]
            else:
                del at[before]
        if to != "pool" and to != "out":
            there = at.get(to)
            if there is None:
                at[to] = {side: [block]}
            else:
                ids = there.get(side, [])
                k = bisect.bisect(ids, n, key=positions.__getitem__)  # in the pieces' order
                there[side] = [*ids[:k], block, *ids[k:]]
        self._locations = {}
        self._contested = None
        return True

    def index(self) -> dict[str, dict[str, list[str]]]:
        """Location -> side -> its blocks there, in the pieces' order (a copy)."""
        return {space: {s: list(ids) for s, ids in by.items()} for space, by in self._at.items()}

    def blocks(self, space: str, side: str) -> list[str]:
        """``side``'s blocks at ``space``."""
        return self._at.get(space, {}).get(side, [])

    def others(self, space: str, side: str) -> int:
        """How many blocks of the other sides stand at ``space``."""
        return sum(len(ids) for s, ids in self._at.get(space, {}).items() if s != side)

    def sides(self, space: str) -> set[str]:
        """The sides with blocks at ``space``."""
        return {side for side, ids in self._at.get(space, {}).items() if ids}

    def status(self, space: str, side: str) -> str:
        """:data:`FRIENDLY`, :data:`ENEMY`, :data:`VACANT` or :data:`CONTESTED`, for ``side``."""
        by_side = self._at.get(space)
        if not by_side:  # every list in the index holds at least one block
            return VACANT
        if len(by_side) > 1:
            return CONTESTED
        return FRIENDLY if side in by_side else ENEMY

    def locations(self, side: str) -> list[str]:
        """The locations where ``side`` has blocks, sorted."""
        found = self._locations.get(side)
        if found is None:
            found = sorted(space for space, by_side in self._at.items() if side in by_side)
            self._locations[side] = found
        return list(found)

    def contested(self) -> frozenset[str]:
        """The locations where two or more sides have blocks (found once per index)."""
        found = self._contested
        if found is None:
            # Every list in the index holds at least one block: a side listed stands there.
            found = frozenset(space for space, by_side in self._at.items() if len(by_side) > 1)
            self._contested = found
        return found

    def sides_by_space(self) -> Mapping[str, Collection[str]]:
        """Location -> the sides with blocks there (each a collection of sides), what
        :func:`legatus.framework.engine.state.sides_by_space` finds by reading every piece
        and :mod:`~legatus.framework.kit.retreat` reads as ``occupied``: the index itself,
        to read at once and never change."""
        return self._at


def place(pieces: dict[str, dict[str, Any]], block: str, to: str) -> None:
    """Put ``block`` at ``to`` (a location, ``pool`` or ``out``), noted
    (:func:`~legatus.framework.engine.state.note_moved`) and keeping the index kept with
    ``pieces`` (:meth:`Occupancy.of`) in step: the next decision reads it as it is,
    unchecked, if it was current before the move."""
    entry = pieces[block]
    before = entry["at"]
    if before == to:
        return
    kept = _KEPT.get(id(pieces))
    if kept is not None and kept.pieces is not pieces:
        kept = None
    current = kept is not None and kept._seen == PieceMoves.last
    entry["at"] = to
    number = note_moved()
    if kept is not None and kept._moved(block, entry["side"], before, to) and current:
        kept._seen = number


class BoardLinks:
    """A board's steps along chosen connection kinds, found once per board.

    ``table(kinds, stops)[space]`` lists the steps a block travelling ``kinds`` may take
    from ``space``, each as ``(there, border key, kinds between, ends the move)``: a
    border with a kind in ``stops`` ends the move of a block that crosses it. The steps
    come in the text order of the spaces reached (:func:`in_text_order`), so a search
    that takes them in turn finds its paths in the order a decision lists them.
    """

    __slots__ = ("__weakref__", "_tables", "board", "plain")

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, BoardLinks]] = weakref.WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        self.board = board
        self._tables: dict[tuple[tuple[str, ...], frozenset[str]], dict[str, tuple[Link, ...]]] = {}
        #: Every space's name is written as it is between quotes in a path's text (see
        #: :func:`in_text_order`).
        self.plain = all(_plain(space) for space in board.spaces)

    @classmethod
    def of(cls, board: Board) -> BoardLinks:
        """The links of ``board``, made once per board (a definition's board is frozen)."""
        found = cls._cache.get(board)
        if found is None:
            found = cls(board)
            cls._cache[board] = found
        return found

    def table(
        self, kinds: tuple[str, ...], stops: frozenset[str] = frozenset()
    ) -> dict[str, tuple[Link, ...]]:
        """Each space's steps along ``kinds`` (see the class)."""
        key = (kinds, stops)
        found = self._tables.get(key)
        if found is None:
            board = self.board
            found = {}
            for here in board.spaces:
                steps = []
                for there in sorted(board.neighbours(here, kinds), key=_step_key):
                    between = board.connection_kinds_between(here, there)
                    ends = not stops.isdisjoint(between)
                    steps.append((there, border_key(here, there), between, ends))
                found[here] = tuple(steps)
            self._tables[key] = found
        return found


@dataclass(frozen=True)
class BlockClass:
    """How one class of blocks moves: land blocks along roads, sea-going blocks by sea.

    ``kinds``: the connection kinds it travels. ``sea_going``: it moves by sea itself
    (so it never takes a sea move as cargo, :meth:`GroupMoves.sea_movers`).
    ``engages_land``: it may end a move engaging the enemy in a land location (a
    sea-going block attacking a port). ``moves``: it may move at all in this mode (an
    event card may move only one class). ``distance``: its own move distance where
    classes differ (Hammer of the Scots' move ratings 2 and 3), else the settings'.
    """

    kinds: tuple[str, ...]
    sea_going: bool = False
    engages_land: bool = True
    moves: bool = True
    distance: int | None = None


@dataclass(frozen=True)
class MoveSettings:
    """What a game's rules parameters fix for every group move in one mode.

    ``distance``: locations a block may go; ``attack_distance``: the farthest step at
    which it may enter an enemy location; ``reinforce_distance``: a contested one (Julius
    Caesar 6.1, 6.12, 6.14; Hammer of the Scots moves 2 or 3 and attacks as far).
    ``moving_limits`` and ``engaging_limits``: blocks per side per turn across a border
    of each kind, moving on or stopping to engage (Julius Caesar 6.11: a strait 2, 1
    into a defended city; Hammer of the Scots 4.3: green 6, red 2, the same either way);
    a kind with no limit is left out. ``stop_kinds``: borders that end a move (Hammer of
    the Scots' red borders). ``reopened_by_defence``: a border the attacker used is open
    again to the defenders who leave once their side crossed it to join the defence there
    (Hammer of the Scots 4.6 and 5.5: the border is controlled by whoever used it last to
    enter the battle; Julius Caesar keeps it closed). ``classes``: the block classes by name; ``class_of``: each
    block's class. ``land_category``, ``sea_category`` and ``sea_kind``: the board's
    names for the sea moves of :meth:`GroupMoves.sea_routes`.
    """

    distance: int
    attack_distance: int
    reinforce_distance: int
    moving_limits: Mapping[str, int]
    engaging_limits: Mapping[str, int]
    classes: Mapping[str, BlockClass]
    class_of: Mapping[str, str]
    stop_kinds: frozenset[str] = frozenset()
    reopened_by_defence: bool = False
    land_category: str = "land"
    sea_category: str = "sea"
    sea_kind: str = "sea"

    @cached_property
    def sea_going(self) -> frozenset[str]:
        """The blocks of the sea-going classes."""
        sea = {name for name, found in self.classes.items() if found.sea_going}
        return frozenset(block for block, name in self.class_of.items() if name in sea)

    @cached_property
    def _tables(self) -> weakref.WeakKeyDictionary[Board, dict[str, dict[str, tuple[Link, ...]]]]:
        return weakref.WeakKeyDictionary()

    def link_tables(self, board: Board) -> dict[str, dict[str, tuple[Link, ...]]]:
        """Each class's steps on ``board`` (:meth:`BoardLinks.table`), by class name: made
        once per board, so a search reads its class's table without building a key."""
        found = self._tables.get(board)
        if found is None:
            links = BoardLinks.of(board)
            found = {
                name: links.table(block_class.kinds, self.stop_kinds)
                for name, block_class in self.classes.items()
            }
            self._tables[board] = found
        return found

    @cached_property
    def limited_kinds(self) -> frozenset[str]:
        """The connection kinds with a limit: crossing one counts toward it."""
        return frozenset(self.moving_limits) | frozenset(self.engaging_limits)


def count_crossings(
    board: Board, public: engagement.Record, side: str, path: Path, limited: Collection[str]
) -> None:
    """Count every border of ``path`` with a kind in ``limited`` toward ``side``'s limit."""
    for here, there in pairwise(path):
        if not board.connection_kinds_between(here, there).isdisjoint(limited):
            engagement.use_border(public, side, border_key(here, there))


class GroupMoves:
    """The legal moves of one side in one mode, from the state as it is now.

    ``public`` is the turn's public record and ``moved`` the side's blocks that moved
    this turn (:mod:`~legatus.framework.kit.engagement`). A game adds a rule of its own
    by overriding :meth:`departs` (whether a class of blocks may leave a location).
    """

    def __init__(
        self,
        board: Board,
        position: Occupancy,
        side: str,
        settings: MoveSettings,
        public: engagement.Record,
        moved: Iterable[str],
    ) -> None:
        self.board = board
        self.position = position
        self.side = side
        self.settings = settings
        self.public = public
        self.moved = set(moved)
        self._classes = settings.classes
        self._class_of = settings.class_of
        self._paths: dict[tuple[str, str], list[Path]] = {}
        self._links = settings.link_tables(board)
        self._plain = BoardLinks.of(board).plain
        self._border_use: dict[str, int] | None = None
        self._movers: dict[str, list[str]] = {}

    # -- which blocks may move -------------------------------------------------------------

    def movers(self, location: str) -> list[str]:
        """The side's blocks at ``location`` that have not moved this turn (found once per
        location: the origins, the pins and the sea moves of one decision all ask)."""
        found = self._movers.get(location)
        if found is None:
            moved = self.moved
            found = [b for b in self.position.blocks(location, self.side) if b not in moved]
            self._movers[location] = found
        return found

    def pinned(self, location: str) -> int:
        """Blocks of the side held at ``location`` by the attack there.

        Contested since before this turn, every enemy block there pins one; attacked this
        turn, the attack's pins (none of the attacker's own blocks are pinned).
        """
        found = self.public["attacks"].get(location)
        if found is None:
            return self.position.others(location, self.side)
        if found["attacker"] == self.side:
            return 0
        return int(found["pinned"])

    def may_leave(self, location: str) -> bool:
        """Unpinned blocks may leave a contested location (the defender chooses which by
        moving them); from anywhere else every block may."""
        if self.position.status(location, self.side) != CONTESTED:
            return True
        return len(self.movers(location)) > self.pinned(location)

    def barred(self, location: str) -> frozenset[str]:
        """The borders the attacker used into a location the side defends: no block of the
        side leaves across them (with ``reopened_by_defence``, unless its side came in
        across one since, as a reserve)."""
        found = self.public["attacks"].get(location)
        if found is None or found["attacker"] == self.side:
            return frozenset()
        if self.settings.reopened_by_defence:
            return frozenset(found["roads"]).difference(found.get("responses", ()))
        return frozenset(found["roads"])

    def departs(self, origin: str, block_class: BlockClass) -> bool:
        """Whether blocks of ``block_class`` may move from ``origin`` at all."""
        return block_class.moves and self.may_leave(origin)

    # -- group moves -------------------------------------------------------------------------

    def paths(self, origin: str, class_name: str) -> list[Path]:
        """Every legal path (origin first) of a block of one class from ``origin``, in the
        order a decision lists them (:func:`in_text_order`)."""
        key = (origin, class_name)
        found = self._paths.get(key)
        if found is None:
            found = self._find_paths(origin, class_name)
            self._paths[key] = found
        return found

    def _find_paths(self, origin: str, class_name: str) -> list[Path]:
        block_class = self._classes[class_name]
        if not self.departs(origin, block_class):
            return []
        links = self._links[class_name]
        barred = self.barred(origin)
        status_at, side = self.position.status, self.side
        may_engage, fits = self._may_engage, self._fits
        distance = block_class.distance or self.settings.distance
        found: list[Path] = []

        def extend(path: Path) -> None:
            """The paths that go on from ``path``, each after those that go on from it."""
            step = len(path)
            for there, key, kinds, ends in links[path[-1]]:
                if there in path:
                    continue
                if step == 1 and key in barred:
                    continue
                status = status_at(there, side)
                engaged = status in ENGAGED
                if engaged and not may_engage(there, status, step, block_class):
                    continue
                if not fits(kinds, key, engaged):
                    continue
                longer = (*path, there)
                if not engaged and step < distance and not ends:
                    extend(longer)
                found.append(longer)

        extend((origin,))
        return in_text_order(found, self._plain)

    def _may_engage(self, there: str, status: str, step: int, block_class: BlockClass) -> bool:
        settings = self.settings
        farthest = settings.attack_distance if status == ENEMY else settings.reinforce_distance
        if step > farthest:
            return False
        if not block_class.engages_land:
            return self.board.spaces[there].category != settings.land_category
        return True

    def _fits(self, kinds: frozenset[str], key: str, engaged: bool) -> bool:
        """One more block fits every limit of the border ``key`` for the side this turn."""
        table = self.settings.engaging_limits if engaged else self.settings.moving_limits
        for kind in kinds:
            limit = table.get(kind)
            if limit is not None:
                if self._border_use is None:
                    self._border_use = self.public["road_use"].get(self.side, {})
                if int(self._border_use.get(key, 0)) >= limit:
                    return False
        return True

    def block_paths(self, block: str) -> list[Path]:
        """Every legal path of ``block`` (none if it moved, is not the side's or is off
        the map)."""
        piece = self.position.pieces[block]
        if block in self.moved or piece["side"] != self.side or piece["at"] in ("pool", "out"):
            return []
        return self.paths(piece["at"], self._class_of[block])

    def group_paths(self, origin: str) -> dict[str, list[Path]]:
        """Each unmoved block at ``origin`` with its legal paths (only those with one)."""
        found: dict[str, list[Path]] = {}
        class_of = self._class_of
        for block in self.movers(origin):
            paths = self.paths(origin, class_of[block])
            if paths:
                found[block] = paths
        return found

    def group_origins(self) -> list[str]:
        """Locations from which a group could move at least one block now."""
        return [loc for loc in self.position.locations(self.side) if self._group_may_move(loc)]

    def _group_may_move(self, origin: str) -> bool:
        """``group_paths(origin)`` is not empty, found without listing the paths."""
        class_of = self._class_of
        classes = {class_of[block] for block in self.movers(origin)}
        # Any class will do, in any order: asking changes nothing.
        return any(self._has_path(origin, name) for name in classes)

    def _has_path(self, origin: str, class_name: str) -> bool:
        """``paths(origin, class_name)`` is not empty: every path starts with a legal
        first step."""
        found = self._paths.get((origin, class_name))
        if found is not None:
            return bool(found)
        block_class = self._classes[class_name]
        if not self.departs(origin, block_class):
            return False
        links = self._links[class_name]
        barred = self.barred(origin)
        for there, key, kinds, _ends in links[origin]:
            if key in barred:
                continue
            status = self.position.status(there, self.side)
            engaged = status in ENGAGED
            if engaged and not self._may_engage(there, status, 1, block_class):
                continue
            if self._fits(kinds, key, engaged):
                return True
        return False

    # -- sea moves ---------------------------------------------------------------------------

    def sea_routes(self, origin: str) -> list[Path]:
        """``(sea, ..., port)``: the routes of a land block from the port ``origin`` through
        one or more friendly seas to a friendly or vacant port (Julius Caesar 6.3); from a
        contested port only if unpinned, and not across a border the attacker used. They
        come in the order a decision lists the moves ``(origin, sea, ..., port)``
        (:func:`path_text`: the same origin before each, so the routes' own texts order
        them), found once per location and decision, not sorted again per block listed."""
        settings, board = self.settings, self.board
        land, sea, kind = settings.land_category, settings.sea_category, settings.sea_kind
        if board.spaces[origin].category != land:
            return []
        shore = board.adjacent_of_category(origin, sea, kind)
        # Most land locations touch no sea: found so before the pins are read.
        if not shore or not self.may_leave(origin):
            return []
        barred = self.barred(origin)
        found: list[Path] = []
        stack: list[Path] = [
            (first,) for first in self._friendly(shore) if border_key(origin, first) not in barred
        ]
        while stack:
            seas = stack.pop()
            here = seas[-1]
            for port in board.adjacent_of_category(here, land, kind):
                if port != origin and self.position.status(port, self.side) in FREE:
                    found.append((*seas, port))
            for there in self._friendly(board.adjacent_of_category(here, sea, kind)):
                if there not in seas:
                    stack.append((*seas, there))
        found.sort(key=path_text)
        return found

    def _friendly(self, spaces: Iterable[str]) -> list[str]:
        return [s for s in spaces if self.position.status(s, self.side) == FRIENDLY]

    def sea_movers(self) -> dict[str, list[Path]]:
        """Each unmoved block of a class that is not sea-going, in a land location, with
        its sea routes (only those with one)."""
        found: dict[str, list[Path]] = {}
        routes: dict[str, list[Path]] = {}
        land, sea_going = self.settings.land_category, self.settings.sea_going
        for location in self.position.locations(self.side):
            if self.board.spaces[location].category != land:
                continue
            for block in self.movers(location):
                if block in sea_going:
                    continue
                if location not in routes:
                    routes[location] = self.sea_routes(location)
                if routes[location]:
                    found[block] = routes[location]
        return found
