"""Where a block may go this turn: group moves, navis moves and sea moves (JC 6.1-6.3).

Why this shape: the command prompt lists every legal move of every block, so
this is the hot path of simulation. A :class:`Position` indexes the blocks by
location once per decision; :class:`Links` holds, per board and once for the
whole process, each space's road and sea neighbours with their road keys and
connection kinds, so the path search does no string building or set lookups
per step; and the legal paths depend only on a block's class (land block or
navis), its location and the mode, so they are found once per class and
location and shared by every block of that class there.

The rules enforced (section numbers of the Polish rulebook):

- a move goes 1 to ``move.distance`` locations (JC 2.2, 6.1): land blocks
  along roads, navis across sea borders: port to sea, sea to sea, sea to
  port, never port to port (JC 6.2); never twice through one location;
- entering a location with enemy blocks stops the block (JC 2.2); it attacks
  if the location was enemy, else it joins the battle there (reinforces its
  own attack, or responds as the defender, JC 6.14);
- attacking is allowed only from an adjacent location (``move.attack_distance``,
  JC 6.12), joining a battle likewise (``move.reinforce_distance``, JC 2.2;
  2 is the PL 6.1 reading); navis attack ports only while
  ``navis.attack_ports`` (JC 6.2, ES reading; false: seas only);
- road limits per side per turn, both directions together (JC 6.11, 4.3.2):
  ``road_limit.major``, ``road_limit.minor``, ``road_limit.strait``, or
  ``road_limit.strait_attack`` when the city across holds enemy blocks;
  Pluto raises the limits of attacking moves (``pluto.*``); sea borders
  have no limit;
- pinning (JC 6.13): a defender may move blocks out of a contested location
  only while more of its unmoved blocks stand there than are pinned, and
  never along a road or sea border the attacker used;
- a navis may not leave the last ``amphibious.navis_kept`` of its side's
  navis in a sea its side crossed by sea this turn (JC 6.3);
- sea moves (JC 6.3): a land block goes from a port through one or more
  friendly seas to a friendly or vacant port; from a contested port only if
  unpinned and not through a sea border the attacker used.

Mercury lets one group go ``mercury.distance`` locations, or
``mercury.attack_distance`` and attack (card Mercury).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from legatus import Board, Context, GameDef, State
from legatus.games.julius_caesar import command_record as record
from legatus.games.julius_caesar.model import enemy, road_key

#: Connection kinds of map.yaml: the roads land blocks use, the borders navis cross.
ROADS = ("major", "minor", "strait")
SEA = "sea"
ENGAGED = frozenset({"enemy", "contested"})
FREE = frozenset({"friendly", "vacant"})
OFF_MAP = frozenset({"pool", "out"})

#: Event modes of ``group_move`` (cards Mars, Mercury, Pluto, Neptune) and the card's own.
CARD = "card"
MARS, MERCURY, PLUTO, NEPTUNE = "mars", "mercury", "pluto", "neptune"
EVENT_MODES = (MARS, MERCURY, PLUTO, NEPTUNE)

Path = tuple[str, ...]


class Position:
    """The blocks on the map indexed by location and side, for one decision."""

    __slots__ = ("_at", "_locations", "pieces")

    def __init__(self, state: State) -> None:
        self.pieces: dict[str, dict[str, Any]] = state["pieces"]
        at: dict[str, dict[str, list[str]]] = {}
        for pid, piece in self.pieces.items():
            where = piece["at"]
            if where == "pool" or where == "out":  # OFF_MAP, tested without a set lookup
                continue
            by_side = at.get(where)
            if by_side is None:
                at[where] = {piece["side"]: [pid]}
            else:
                ids = by_side.get(piece["side"])
                if ids is None:
                    by_side[piece["side"]] = [pid]
                else:
                    ids.append(pid)
        self._at = at
        self._locations: dict[str, list[str]] = {}

    def blocks(self, space: str, side: str) -> list[str]:
        return self._at.get(space, {}).get(side, [])

    def sides(self, space: str) -> set[str]:
        return {side for side, ids in self._at.get(space, {}).items() if ids}

    def status(self, space: str, side: str) -> str:
        """JC 4.2.1, 4.4: friendly, enemy, vacant or contested, as ``side`` sees it."""
        by_side = self._at.get(space)
        if not by_side:  # every list in the index holds at least one block
            return "vacant"
        if len(by_side) > 1:
            return "contested"
        return "friendly" if side in by_side else "enemy"

    def locations(self, side: str) -> list[str]:
        found = self._locations.get(side)
        if found is None:
            found = sorted(space for space, by_side in self._at.items() if side in by_side)
            self._locations[side] = found
        return list(found)

    def contested(self) -> set[str]:
        return {space for space in self._at if len(self.sides(space)) > 1}


#: One step of a path: the space reached, the road key, the connection kinds between.
Link = tuple[str, str, frozenset[str]]


class Links:
    """A board's road and sea neighbours, with road keys and kinds, found once per board.

    ``roads[space]`` lists the steps a land block may take from ``space``
    (JC 6.1: major and minor roads and straits), ``seas[space]`` those of a
    navis (JC 6.2: sea borders), each as ``(there, road key, kinds between)``.
    """

    __slots__ = ("roads", "seas")

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, Links]] = weakref.WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        def table(kinds: str | tuple[str, ...]) -> dict[str, tuple[Link, ...]]:
            return {
                here: tuple(
                    (there, road_key(here, there), board.connection_kinds_between(here, there))
                    for there in sorted(board.neighbours(here, kinds))
                )
                for here in board.spaces
            }

        self.roads = table(ROADS)
        self.seas = table(SEA)

    @classmethod
    def of(cls, board: Board) -> Links:
        found = cls._cache.get(board)
        if found is None:
            found = cls(board)
            cls._cache[board] = found
        return found


@dataclass(frozen=True)
class Reach:
    """How far one move point takes a block (JC 6.1, 6.12; card Mercury)."""

    distance: int
    attack_distance: int
    reinforce_distance: int

    @classmethod
    def of(cls, ctx: Context, mode: str) -> Reach:
        if mode == MERCURY:
            distance = int(ctx.param("mercury.distance"))
            attack = int(ctx.param("mercury.attack_distance"))
        else:
            distance = int(ctx.param("move.distance"))
            attack = int(ctx.param("move.attack_distance"))
        reinforce = max(attack, int(ctx.param("move.reinforce_distance")))
        return cls(distance, attack, reinforce)


@dataclass(frozen=True)
class RoadLimits:
    """Blocks per side per turn along each kind of road (JC 6.11, 4.3.2; card Pluto)."""

    moving: dict[str, int]
    engaged: dict[str, int]

    @classmethod
    def of(cls, ctx: Context, mode: str) -> RoadLimits:
        moving = {kind: int(ctx.param(f"road_limit.{kind}")) for kind in ROADS}
        if mode == PLUTO:
            engaged = {kind: int(ctx.param(f"pluto.{kind}")) for kind in ROADS}
        else:
            engaged = dict(moving)
            engaged["strait"] = int(ctx.param("road_limit.strait_attack"))
        return cls(moving, engaged)

    def limit(self, kind: str, engaged: bool) -> int | None:
        """The limit of a road kind; None for sea borders (no limit)."""
        table = self.engaged if engaged else self.moving
        return table.get(kind)


def is_navis(definition: GameDef, block: str) -> bool:
    """A block that stands at sea moves across sea borders (JC 6.2)."""
    return "sea" in definition.piece_types[definition.pieces[block].type].stands_on


@dataclass(frozen=True)
class _Settings:
    """What a game's rules parameters and pieces fix for every decision in one mode."""

    reach: Reach
    limits: RoadLimits
    navis_attack_ports: bool
    navis_kept: int
    navis: frozenset[str]


#: Per playable game (its parameters never change), per mode: read once, not at every decision.
_settings: weakref.WeakKeyDictionary[Any, dict[str, _Settings]] = weakref.WeakKeyDictionary()


def settings(ctx: Context, mode: str) -> _Settings:
    by_mode = _settings.setdefault(ctx.game, {})
    found = by_mode.get(mode)
    if found is None:
        game = ctx.definition
        found = _Settings(
            Reach.of(ctx, mode),
            RoadLimits.of(ctx, mode),
            bool(ctx.param("navis.attack_ports")),
            int(ctx.param("amphibious.navis_kept")),
            frozenset(block for block in game.pieces if is_navis(game, block)),
        )
        by_mode[mode] = found
    return found


class Movement:
    """The legal moves of one side in one mode, from the state as it is now."""

    def __init__(self, ctx: Context, side: str, mode: str = CARD) -> None:
        self.game = ctx.definition
        self.board = ctx.definition.board
        self.state = ctx.state
        self.side = side
        self.mode = mode
        self.position = Position(ctx.state)
        self.moved = set(record.moved(ctx.state, side))
        fixed = settings(ctx, mode)
        self.reach = fixed.reach
        self.limits = fixed.limits
        self.navis_attack_ports = fixed.navis_attack_ports
        self.navis_kept = fixed.navis_kept
        self._navis = fixed.navis
        self._paths: dict[tuple[str, bool], list[Path]] = {}
        self._links = Links.of(self.board)
        self._road_use: dict[str, int] | None = None

    # -- which blocks may move ---------------------------------------------------------

    def allows(self, naval: bool) -> bool:
        """Mars, Mercury, Pluto move no navis; Neptune moves only navis (the cards)."""
        if self.mode == NEPTUNE:
            return naval
        return self.mode == CARD or not naval

    def movers(self, location: str) -> list[str]:
        """The side's blocks at ``location`` that have not moved this turn (JC 6.1)."""
        return [b for b in self.position.blocks(location, self.side) if b not in self.moved]

    def pinned(self, location: str) -> int:
        """Blocks of the side held at ``location`` by the attack there (JC 6.13)."""
        found = record.attack(self.state, location)
        if found is None:  # contested before this turn: every enemy block there pins one
            return len(self.position.blocks(location, enemy(self.side)))
        if found["attacker"] == self.side:
            return 0
        return int(found["pinned"])

    def may_leave(self, location: str) -> bool:
        """JC 6.13: unpinned blocks may leave; the defender chooses by moving them."""
        if self.position.status(location, self.side) != "contested":
            return True
        return len(self.movers(location)) > self.pinned(location)

    def barred(self, location: str) -> frozenset[str]:
        """Roads and sea borders the attacker used into a location the side defends (JC 6.13)."""
        found = record.attack(self.state, location)
        if found is None or found["attacker"] == self.side:
            return frozenset()
        return frozenset(found["roads"])

    def navis_may_leave(self, location: str) -> bool:
        """JC 6.3: one navis stays in each sea the side's sea moves crossed."""
        if location not in record.held_seas(self.state, self.side):
            return True
        navis = [b for b in self.position.blocks(location, self.side) if b in self._navis]
        return len(navis) > self.navis_kept

    # -- group moves --------------------------------------------------------------------

    def paths(self, origin: str, naval: bool) -> list[Path]:
        """Every legal path (origin first) of a block of one class from ``origin``."""
        key = (origin, naval)
        found = self._paths.get(key)
        if found is None:
            found = self._find_paths(origin, naval)
            self._paths[key] = found
        return found

    def _find_paths(self, origin: str, naval: bool) -> list[Path]:
        if not self.allows(naval) or not self.may_leave(origin):
            return []
        if naval and not self.navis_may_leave(origin):
            return []
        links = self._links.seas if naval else self._links.roads
        barred = self.barred(origin)
        status_at, side, distance = self.position.status, self.side, self.reach.distance
        found: list[Path] = []
        stack: list[Path] = [(origin,)]
        while stack:
            path = stack.pop()
            here, step = path[-1], len(path)
            for there, key, kinds in links[here]:
                if there in path:
                    continue
                if step == 1 and key in barred:
                    continue
                status = status_at(there, side)
                engaged = status in ENGAGED
                if engaged and not self._may_engage(there, status, step, naval):
                    continue
                if not self._fits(kinds, key, engaged):
                    continue
                found.append((*path, there))
                if not engaged and step < distance:
                    stack.append((*path, there))
        found.sort()
        return found

    def _may_engage(self, there: str, status: str, step: int, naval: bool) -> bool:
        farthest = (
            self.reach.attack_distance if status == "enemy" else self.reach.reinforce_distance
        )
        if step > farthest:
            return False
        if naval and self.board.spaces[there].category == "land":
            return self.navis_attack_ports
        return True

    def _room(self, here: str, there: str, key: str, engaged: bool) -> bool:
        """JC 6.11: one more block fits the road's limit for this side this turn."""
        return self._fits(self.board.connection_kinds_between(here, there), key, engaged)

    def _fits(self, kinds: frozenset[str], key: str, engaged: bool) -> bool:
        """:meth:`_room` with the connection kinds already looked up (the path search's)."""
        for kind in kinds:
            limit = self.limits.limit(kind, engaged)
            if limit is not None:
                if self._road_use is None:
                    self._road_use = record.public(self.state)["road_use"].get(self.side, {})
                if int(self._road_use.get(key, 0)) >= limit:
                    return False
        return True

    def block_paths(self, block: str) -> list[Path]:
        piece = self.position.pieces[block]
        if block in self.moved or piece["side"] != self.side or piece["at"] in OFF_MAP:
            return []
        return self.paths(piece["at"], block in self._navis)

    def group_paths(self, origin: str) -> dict[str, list[Path]]:
        """Each unmoved block at ``origin`` with its legal paths (only those with one)."""
        found: dict[str, list[Path]] = {}
        for block in self.movers(origin):
            paths = self.paths(origin, block in self._navis)
            if paths:
                found[block] = paths
        return found

    def group_origins(self) -> list[str]:
        """Locations from which a group could move at least one block now."""
        return [loc for loc in self.position.locations(self.side) if self._group_may_move(loc)]

    def _group_may_move(self, origin: str) -> bool:
        """``group_paths(origin)`` is not empty, found without listing the paths."""
        classes = {block in self._navis for block in self.movers(origin)}
        return any(self._has_path(origin, naval) for naval in sorted(classes))

    def _has_path(self, origin: str, naval: bool) -> bool:
        """``paths(origin, naval)`` is not empty: every path starts with a legal first step."""
        found = self._paths.get((origin, naval))
        if found is not None:
            return bool(found)
        if not self.allows(naval) or not self.may_leave(origin):
            return False
        if naval and not self.navis_may_leave(origin):
            return False
        links = self._links.seas if naval else self._links.roads
        barred = self.barred(origin)
        for there, key, kinds in links[origin]:
            if key in barred:
                continue
            status = self.position.status(there, self.side)
            engaged = status in ENGAGED
            if engaged and not self._may_engage(there, status, 1, naval):
                continue
            if self._fits(kinds, key, engaged):
                return True
        return False

    # -- sea moves ----------------------------------------------------------------------

    def sea_routes(self, origin: str) -> list[Path]:
        """JC 6.3: ``(sea, ..., port)`` routes through friendly seas to a friendly or vacant port."""
        if self.board.spaces[origin].category != "land" or not self.may_leave(origin):
            return []
        barred = self.barred(origin)
        found: list[Path] = []
        stack: list[Path] = [
            (sea,)
            for sea in self._friendly_seas(self.board.adjacent_of_category(origin, "sea", SEA))
            if road_key(origin, sea) not in barred
        ]
        while stack:
            seas = stack.pop()
            here = seas[-1]
            for port in self.board.adjacent_of_category(here, "land", SEA):
                if port != origin and self.position.status(port, self.side) in FREE:
                    found.append((*seas, port))
            for sea in self._friendly_seas(self.board.adjacent_of_category(here, "sea", SEA)):
                if sea not in seas:
                    stack.append((*seas, sea))
        found.sort()
        return found

    def _friendly_seas(self, seas: Iterable[str]) -> list[str]:
        return [sea for sea in seas if self.position.status(sea, self.side) == "friendly"]

    def sailors(self) -> dict[str, list[Path]]:
        """Each unmoved land block with its sea routes (only those with one)."""
        found: dict[str, list[Path]] = {}
        routes: dict[str, list[Path]] = {}
        for location in self.position.locations(self.side):
            if self.board.spaces[location].category != "land":
                continue
            for block in self.movers(location):
                if block in self._navis:
                    continue
                if location not in routes:
                    routes[location] = self.sea_routes(location)
                if routes[location]:
                    found[block] = routes[location]
        return found
