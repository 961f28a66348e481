"""The map of a game: its spaces and the typed connections between them.

A map document (``legatus/schemas/map.schema.json``) lists named spaces and the
connections between them, may declare a hex grid whose hexes become spaces
joined across their sides, and may put spaces *within* regions (a city in
its province). The loader has already checked the document against the
schema and its cross-references; :class:`Board` turns it into a frozen
definition and still refuses what only makes sense as a whole: duplicate
names, a connection its kind does not allow, regions inside each other.

Why tables: AI search asks the board for neighbours millions of times, so
every question it answers on a hot path is a dict lookup into frozensets
built here once: adjacency per connection kind, unions of kinds made on
first use and kept, members of each kind and category, transitive region
contents. Breadth-first distances are cached per start space. The
:mod:`networkx` graph is built when first asked for and frozen, for users and
analysis; no method walks it.

Connection kinds matter to rules (a road limit counts blocks per road kind,
fleets move only across sea borders, a mountain pass costs extra), hence
every question takes an optional ``kinds`` filter: a connection kind, or
several.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from legatus.framework.model.hexgrid import HexGrid
from legatus.framework.model.names import did_you_mean

if TYPE_CHECKING:
    import networkx as nx

Adjacency = dict[str, frozenset[str]]
Link = tuple[str, str, str]
"""One connection: two space ids and the connection kind joining them."""

_EMPTY: Final[frozenset[str]] = frozenset()
_DISTANCE_CACHE_SIZE: Final = 1 << 14
# Filters usable as cache keys as they come; a tuple of types is the fastest isinstance test.
_HASHABLE_KINDS: Final = (str, tuple, frozenset)


@dataclass(frozen=True)
class Space:
    """One space of the map: an area, a sea zone, a hex or a region."""

    id: str
    kind: str
    category: str
    vp: int = 0
    within: str | None = None
    tags: frozenset[str] = frozenset()
    aliases: tuple[str, ...] = ()
    #: Where a board drawing puts the space, in the map's units (None: no geometry given).
    position: tuple[float, float] | None = None
    #: Other printed numbers of the space, by name (a Gallic territory's levy, say).
    values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: The space's name by language code, where a player may read another than its id.
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def _breadth_first(adjacency: Adjacency, start: str, max_distance: int | None) -> Mapping[str, int]:
    """Fewest connections from ``start`` to every space reached, up to ``max_distance``."""
    reached = {start: 0}
    frontier = [start]
    depth = 0
    while frontier and (max_distance is None or depth < max_distance):
        depth += 1
        next_frontier = []
        for space in frontier:
            for other in adjacency[space]:
                if other not in reached:
                    reached[other] = depth
                    next_frontier.append(other)
        frontier = next_frontier
    return MappingProxyType(reached)


class _KindView:
    """The board seen through some connection kinds, with caches of its own."""

    __slots__ = ("adjacency", "by_category", "distances")

    def __init__(self, adjacency: Adjacency) -> None:
        self.adjacency = adjacency
        self.by_category: dict[str, Adjacency] = {}
        self.distances = functools.lru_cache(maxsize=_DISTANCE_CACHE_SIZE)(
            functools.partial(_breadth_first, adjacency)
        )


class Board:
    """A loaded map, frozen: spaces, typed connections, regions and an optional hex grid.

    ``spaces`` keeps the document's order, named spaces first, then the
    grid's hexes column by column. Methods take space ids; turn a name a
    player typed into an id with :meth:`resolve`.
    """

    def __init__(
        self,
        space_kinds: Mapping[str, str],
        connection_kinds: Mapping[str, Iterable[Sequence[str]]],
        spaces: Iterable[Space],
        links: Iterable[Link] = (),
        *,
        hex_grid: HexGrid | None = None,
        space_draw: Mapping[str, Mapping[str, Any]] | None = None,
        connection_draw: Mapping[str, Mapping[str, Any]] | None = None,
        descriptions: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        """``space_draw``, ``connection_draw``: how a drawing of the board styles each space
        kind and connection kind (their ``draw`` in the map document); only pictures read them.
        ``descriptions``: the ``description`` of each space kind (under ``space``) and each
        connection kind (under ``connection``), by kind: what a player reads of a port or a
        road (a kind may be both: a sea and the border of a sea)."""
        self.space_kinds: Final[Mapping[str, str]] = MappingProxyType(dict(space_kinds))
        self.space_draw: Final = _frozen_styles(space_draw)
        self.connection_draw: Final = _frozen_styles(connection_draw)
        given = descriptions or {}
        self.space_descriptions: Final[Mapping[str, str]] = MappingProxyType(
            dict(given.get("space", {}))
        )
        self.connection_descriptions: Final[Mapping[str, str]] = MappingProxyType(
            dict(given.get("connection", {}))
        )
        self.connection_kinds: Final[Mapping[str, tuple[tuple[str, str], ...]]] = MappingProxyType(
            {kind: _pairs(kind, p) for kind, p in connection_kinds.items()}
        )
        self.hex_grid: Final = hex_grid
        all_spaces = [*spaces, *_hex_spaces(hex_grid, self.space_kinds)]
        self.spaces: Final[Mapping[str, Space]] = MappingProxyType(
            _index_spaces(all_spaces, self.space_kinds)
        )
        all_links = [*links, *_hex_links(hex_grid)]
        _check_links(all_links, self.spaces, self.connection_kinds)
        self._links: Final = tuple(all_links)
        self.total_vp: Final = sum(space.vp for space in self.spaces.values())
        self._names: Final = _names(self.spaces.values())
        self._folded_names: Final = _folded(self._names)
        self._by_kind: Final = _adjacency_by_kind(self.spaces, all_links, self.connection_kinds)
        self._between: Final = _kinds_between(all_links)
        self._members: Final = _members(self.spaces.values(), self.space_kinds)
        self._contents: Final = _region_contents(self.spaces)
        self._all: Final = _KindView(_union(self._by_kind.values(), self.spaces))
        self._views: Final[dict[object, _KindView]] = {frozenset(self._by_kind): self._all}
        self._spaces_of: Final[dict[frozenset[str], frozenset[str]]] = {}

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> Board:
        """Build a board from a parsed ``map.yaml`` that passed the loader's checks."""
        space_kinds = {kind: entry["category"] for kind, entry in doc["space_kinds"].items()}
        return cls(
            space_kinds,
            {kind: entry["links"] for kind, entry in doc["connection_kinds"].items()},
            [_read_space(entry, space_kinds) for entry in doc.get("spaces", ())],
            [_read_link(entry) for entry in doc.get("connections", ())],
            hex_grid=HexGrid.from_document(doc["grid"]) if "grid" in doc else None,
            space_draw=_styles(doc["space_kinds"]),
            connection_draw=_styles(doc["connection_kinds"]),
            descriptions={
                part: {k: e["description"] for k, e in kinds.items() if e.get("description")}
                for part, kinds in (
                    ("space", doc["space_kinds"]),
                    ("connection", doc["connection_kinds"]),
                )
            },
        )

    @functools.cached_property
    def graph(self) -> nx.MultiGraph:
        """The map as a frozen :mod:`networkx` multigraph, made when first asked for (no rule
        reads it: importing networkx alone costs a command a fifth of a second)."""
        return _frozen_graph(self.spaces.values(), self._links)

    def __repr__(self) -> str:
        grid = f", {self.hex_grid!r}" if self.hex_grid else ""
        edges = self.graph.number_of_edges()
        return f"<Board: {len(self.spaces)} spaces, {edges} connections{grid}>"

    # -- names ---------------------------------------------------------------

    def resolve(self, name: str) -> str:
        """The id of the space called ``name``: its id or an alias, in any letter case."""
        found = self._names.get(name) or self._folded_names.get(name.casefold())
        if found is None:
            raise self._unknown_space(name)
        return found

    def _unknown_space(self, name: str) -> KeyError:
        return KeyError(f"unknown space {name!r}{did_you_mean(name, self._names)}")

    def _check_space(self, space: str) -> None:
        if space not in self._all.adjacency:
            raise self._unknown_space(space)

    # -- adjacency -----------------------------------------------------------

    def _view(self, kinds: Iterable[str] | None) -> _KindView:
        if kinds is None:
            return self._all
        if not isinstance(kinds, _HASHABLE_KINDS):
            kinds = tuple(kinds)  # lists and sets cannot be dict keys
        view = self._views.get(kinds)
        return view if view is not None else self._add_view(kinds)

    def _add_view(self, kinds: str | tuple[str, ...] | frozenset[str]) -> _KindView:
        """Build (or find under another spelling) the view for ``kinds`` and keep it."""
        names = frozenset((kinds,) if isinstance(kinds, str) else kinds)
        view = self._views.get(names)
        if view is None:
            unknown = sorted(names - self._by_kind.keys())
            if unknown:
                hint = did_you_mean(unknown[0], self._by_kind)
                raise KeyError(f"unknown connection kind {unknown[0]!r}{hint}")
            view = _KindView(_union([self._by_kind[k] for k in sorted(names)], self.spaces))
            self._views[names] = view
        self._views[kinds] = view
        return view

    def neighbours(self, space: str, kinds: Iterable[str] | None = None) -> frozenset[str]:
        """Spaces one connection away from ``space``, over ``kinds`` (default: any kind)."""
        adjacency = self._all.adjacency if kinds is None else self._view(kinds).adjacency
        try:
            return adjacency[space]
        except KeyError:
            raise self._unknown_space(space) from None

    def connection_kinds_between(self, a: str, b: str) -> frozenset[str]:
        """The kinds of connection joining ``a`` and ``b``; empty if none."""
        self._check_space(a)
        self._check_space(b)
        return self._between.get((a, b), _EMPTY)

    def spaces_of(self, kinds_or_categories: Iterable[str]) -> frozenset[str]:
        """Spaces whose kind or category is one of the names given."""
        names = frozenset(
            (kinds_or_categories,) if isinstance(kinds_or_categories, str) else kinds_or_categories
        )
        found = self._spaces_of.get(names)
        if found is None:
            found = _EMPTY.union(*(self._members_of(name) for name in names))
            self._spaces_of[names] = found
        return found

    def _members_of(self, kind_or_category: str) -> frozenset[str]:
        try:
            return self._members[kind_or_category]
        except KeyError:
            hint = did_you_mean(kind_or_category, self._members)
            raise KeyError(f"unknown space kind or category {kind_or_category!r}{hint}") from None

    def adjacent_of_category(
        self, space: str, category: str, kinds: Iterable[str] | None = None
    ) -> frozenset[str]:
        """Neighbours of ``space`` in one category, or of one kind.

        The seas of a port are ``adjacent_of_category(port, "sea")``; the ports
        of a sea, ``adjacent_of_category(sea, "port")`` where ports are a kind.
        """
        view = self._view(kinds)
        table = view.by_category.get(category)
        if table is None:
            members = self._members_of(category)
            table = {s: near & members for s, near in view.adjacency.items()}
            view.by_category[category] = table
        try:
            return table[space]
        except KeyError:
            raise self._unknown_space(space) from None

    # -- distances -----------------------------------------------------------

    def distances_from(
        self, a: str, kinds: Iterable[str] | None = None, max_distance: int | None = None
    ) -> Mapping[str, int]:
        """Fewest connections from ``a`` to each space it reaches (``a`` itself: 0).

        With ``max_distance`` only spaces that near are listed. Results are
        cached and read-only.
        """
        if max_distance is not None and max_distance < 0:
            raise ValueError(f"max_distance must not be negative, not {max_distance}")
        view = self._view(kinds)
        self._check_space(a)
        return view.distances(a, max_distance)

    def distance(self, a: str, b: str, kinds: Iterable[str] | None = None) -> int | None:
        """Fewest connections from ``a`` to ``b`` over ``kinds``; None if unreachable."""
        self._check_space(b)
        return self.distances_from(a, kinds).get(b)

    # -- regions -------------------------------------------------------------

    def contents(self, region: str) -> frozenset[str]:
        """Every space within ``region``, directly or through smaller regions."""
        try:
            return self._contents[region]
        except KeyError:
            raise self._unknown_space(region) from None

    def region_of(self, space: str) -> str | None:
        """The region ``space`` lies directly within, if any."""
        try:
            return self.spaces[space].within
        except KeyError:
            raise self._unknown_space(space) from None


# -- reading a document ---------------------------------------------------------


def _read_space(entry: Mapping[str, Any], space_kinds: Mapping[str, str]) -> Space:
    kind = entry["kind"]
    if kind not in space_kinds:
        raise ValueError(f"space {entry['id']!r} has unknown kind {kind!r}")
    return Space(
        id=entry["id"],
        kind=kind,
        category=space_kinds[kind],
        vp=entry.get("vp", 0),
        within=entry.get("within"),
        tags=frozenset(entry.get("tags", ())),
        aliases=tuple(entry.get("aliases", ())),
        position=(float(position[0]), float(position[1]))
        if (position := entry.get("position")) is not None
        else None,
        values=MappingProxyType(dict(entry.get("values", {}))),
        names=MappingProxyType(dict(entry.get("names", {}))),
    )


def _styles(kinds: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {kind: entry["draw"] for kind, entry in kinds.items() if "draw" in entry}


def _frozen_styles(
    styles: Mapping[str, Mapping[str, Any]] | None,
) -> Mapping[str, Mapping[str, Any]]:
    return MappingProxyType({k: MappingProxyType(dict(v)) for k, v in (styles or {}).items()})


def _read_link(entry: Mapping[str, Any]) -> Link:
    between = entry["between"]
    if len(between) != 2:
        raise ValueError(f"a {entry['kind']!r} connection joins {between!r}, not two spaces")
    return between[0], between[1], entry["kind"]


def _pairs(kind: str, links: Iterable[Sequence[str]]) -> tuple[tuple[str, str], ...]:
    given = list(links)
    pairs = tuple((pair[0], pair[1]) for pair in given if len(pair) == 2)
    if not pairs or len(pairs) != len(given):
        raise ValueError(f"connection kind {kind!r} needs pairs of categories as its links")
    return pairs


def _hex_spaces(grid: HexGrid | None, space_kinds: Mapping[str, str]) -> list[Space]:
    if grid is None:
        return []
    kind = grid.space_kind
    if kind is None or kind not in space_kinds:
        raise ValueError(f"the grid's space_kind {kind!r} is not a space kind")
    return [Space(hex_id, kind, space_kinds[kind]) for hex_id in grid.hexes]


def _hex_links(grid: HexGrid | None) -> list[Link]:
    if grid is None:
        return []
    if grid.connection_kind is None:
        raise ValueError("the grid names no connection_kind")
    return [(a, b, grid.connection_kind) for a, b in grid.shared_sides()]


# -- consistency checks -------------------------------------------------------


def _index_spaces(spaces: Iterable[Space], space_kinds: Mapping[str, str]) -> dict[str, Space]:
    index: dict[str, Space] = {}
    for space in spaces:
        if space.id in index:
            raise ValueError(f"two spaces are called {space.id!r}")
        if space_kinds.get(space.kind) != space.category:
            raise ValueError(
                f"space {space.id!r}: kind {space.kind!r} does not have category {space.category!r}"
            )
        index[space.id] = space
    return index


def _check_links(
    links: Iterable[Link],
    spaces: Mapping[str, Space],
    connection_kinds: Mapping[str, tuple[tuple[str, str], ...]],
) -> None:
    seen: set[tuple[frozenset[str], str]] = set()
    for a, b, kind in links:
        where = f"{kind} connection {a!r}-{b!r}"
        if kind not in connection_kinds:
            raise ValueError(f"{where}: unknown connection kind")
        for end in (a, b):
            if end not in spaces:
                raise ValueError(f"{where}: unknown space {end!r}")
        if a == b:
            raise ValueError(f"{where} joins a space to itself")
        categories = {spaces[a].category, spaces[b].category}
        if all({x, y} != categories for x, y in connection_kinds[kind]):
            raise ValueError(
                f"{where} joins {spaces[a].category} to {spaces[b].category}, "
                f"which {kind} does not link"
            )
        key = (frozenset((a, b)), kind)
        if key in seen:
            raise ValueError(f"{where} is listed twice")
        seen.add(key)


def _enclosing_regions(space: Space, spaces: Mapping[str, Space]) -> list[str]:
    """The regions around ``space``, innermost first."""
    chain: list[str] = []
    region = space.within
    while region is not None:
        if region == space.id or region in chain:
            path = " within ".join([space.id, *chain, region])
            raise ValueError(f"regions lie within each other: {path}")
        if region not in spaces:
            raise ValueError(f"space {space.id!r} lies within unknown space {region!r}")
        chain.append(region)
        region = spaces[region].within
    return chain


# -- lookup tables ------------------------------------------------------------


def _frozen_graph(spaces: Iterable[Space], links: Iterable[Link]) -> nx.MultiGraph:
    import networkx as nx

    graph = nx.MultiGraph()
    for space in spaces:
        graph.add_node(
            space.id,
            kind=space.kind,
            category=space.category,
            vp=space.vp,
            within=space.within,
            tags=space.tags,
        )
    for a, b, kind in links:
        graph.add_edge(a, b, key=kind, kind=kind)
    return nx.freeze(graph)


def _names(spaces: Iterable[Space]) -> dict[str, str]:
    """Id or alias -> id; an alias may not be another space's name."""
    names: dict[str, str] = {}
    spaces = list(spaces)
    for space in spaces:
        names[space.id] = space.id
    for space in spaces:
        for alias in space.aliases:
            owner = names.setdefault(alias, space.id)
            if owner != space.id:
                raise ValueError(f"alias {alias!r} of {space.id!r} already names {owner!r}")
    return names


def _folded(names: Mapping[str, str]) -> dict[str, str]:
    """Case-folded name -> id, leaving out names that fold together for two spaces."""
    folded: dict[str, str | None] = {}
    for name, space in names.items():
        key = name.casefold()
        folded[key] = space if folded.get(key, space) == space else None
    return {key: space for key, space in folded.items() if space is not None}


def _adjacency_by_kind(
    spaces: Iterable[str], links: Iterable[Link], kinds: Iterable[str]
) -> dict[str, Adjacency]:
    found: dict[str, dict[str, set[str]]] = {kind: {} for kind in kinds}
    for a, b, kind in links:
        found[kind].setdefault(a, set()).add(b)
        found[kind].setdefault(b, set()).add(a)
    spaces = list(spaces)
    return {
        kind: {s: frozenset(near[s]) if s in near else _EMPTY for s in spaces}
        for kind, near in found.items()
    }


def _union(tables: Iterable[Adjacency], spaces: Iterable[str]) -> Adjacency:
    tables = list(tables)
    if len(tables) == 1:
        return tables[0]
    return {s: _EMPTY.union(*(table[s] for table in tables)) for s in spaces}


def _kinds_between(links: Iterable[Link]) -> dict[tuple[str, str], frozenset[str]]:
    between: dict[tuple[str, str], set[str]] = {}
    for a, b, kind in links:
        between.setdefault((a, b), set()).add(kind)
        between.setdefault((b, a), set()).add(kind)
    return {pair: frozenset(kinds) for pair, kinds in between.items()}


def _members(spaces: Iterable[Space], space_kinds: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Kind or category name -> its spaces (a name may be both: kind 'sea', category 'sea')."""
    members: dict[str, set[str]] = {name: set() for name in (*space_kinds, *space_kinds.values())}
    for space in spaces:
        members[space.kind].add(space.id)
        members[space.category].add(space.id)
    return {name: frozenset(ids) for name, ids in members.items()}


def _region_contents(spaces: Mapping[str, Space]) -> dict[str, frozenset[str]]:
    contents: dict[str, set[str]] = {space: set() for space in spaces}
    for space in spaces.values():
        for region in _enclosing_regions(space, spaces):
            contents[region].add(space.id)
    return {region: frozenset(inside) for region, inside in contents.items()}
