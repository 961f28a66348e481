"""Hannibal Barkas: what the rules ask of a position, in the game's own words.

Nations and players (HB 1.1, 10.2)
    The manifest's sides are the halves of Rome and Carthage (each a *team*), Syracuse, and
    the three neutral states. A *player* is the side that acts for a seat: the first side
    of the seat. One player running a whole nation sits at a seat of both halves; the
    first half acts and holds everything (:mod:`legatus.games.hannibal_barkas.setup` merges the
    halves' IP, gold, counters and cities at the start, HB 10.2). A side no seat plays is
    never asked anything.

Control (HB 10.1)
    A counter's *nation* is the team of its printed side (its colour); the side in the
    state is the player who *controls* it. Allied states' counters are controlled by a
    player of their ally (HB VII). An army without a leader of its controller is common to
    the controller's team: any player of the team may activate it (HB 10.1).

Cities (HB 1.3.2, VI)
    A city is its card; the card names the region the city lies in (``space``); the side
    whose ``cities`` zone holds it controls the city. Units inside a city's walls (its
    extra defenders, HB VI) stand in its region with the piece attribute ``city`` naming
    it; the other units of a region are *in the field*. Ships in a region are in its port.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Collection, Iterable, Mapping
from itertools import compress
from operator import itemgetter, ne
from typing import Any

import legatus
from legatus import (
    Card,
    Context,
    Field,
    GameDef,
    PieceEntry,
    PieceMoves,
    PieceView,
    RecordsView,
    State,
    note_moved,
    own_piece,
    piece,
    zone_cards,
)

#: The unit types (HB 1.2.1-1.2.7), in the order of the rulebook.
UNITS = (
    "light_infantry",
    "heavy_infantry",
    "cavalry",
    "gallic_infantry",
    "gallic_cavalry",
    "elephants",
    "ships",
)
#: Units that fight on land (every unit but ships).
LAND_UNITS = UNITS[:-1]
#: "Infantry of all kinds" (HB VI): light, heavy and Gallic infantry.
INFANTRY = ("light_infantry", "heavy_infantry", "gallic_infantry")
#: Short names for the text view and the log.
SHORT = {
    "light_infantry": "LI",
    "heavy_infantry": "HI",
    "cavalry": "Cav",
    "gallic_infantry": "GI",
    "gallic_cavalry": "GC",
    "elephants": "El",
    "ships": "Sh",
}
LEADER = "leader"
#: The two nations at war (HB 1.1) and the states on the political track (HB VII, 10.4).
MAIN_TEAMS = ("rome", "carthage")
STATES = ("massilia", "numidia", "macedonia", "syracuse")
#: Nations whose territory a region may be (its tag), HB 1.1.
NATIONS = ("rome", "carthage", "syracuse", "massilia", "numidia", "macedonia")
#: The flag of a counter that has moved (turned over) this stage (HB 4.1).
MOVED = "moved"
#: Zones of cards (cards.yaml).
HAND, CITIES, LEADERS = "hand", "cities", "leaders"


def zone(kind: str, side: str) -> str:
    return f"{kind}:{side}"


def deck_zone(nation: str) -> str:
    return f"deck_{nation}"


def discard_zone(nation: str) -> str:
    return f"discard_{nation}"


# -- nations, players, teams ------------------------------------------------------------------


def nation_of(definition: GameDef, pid: str) -> str:
    """The nation a counter belongs to (its printed colour): the team of its printed side."""
    return definition.team_of(definition.pieces[pid].side)


def players(state: State) -> list[str]:
    """The sides that act, one per seat (each seat's first side), in the seats' order."""
    return [sides[0] for sides in state["seats"].values() if sides]


def player_of(state: State, side: str) -> str | None:
    """The side that acts for ``side``'s seat (``side`` itself if it leads it); None if no
    seat plays it."""
    for sides in state["seats"].values():
        if side in sides:
            return str(sides[0])
    return None


def team_players(definition: GameDef, state: State, team: str) -> list[str]:
    """The players of a nation, in seat order."""
    return [p for p in players(state) if definition.team_of(p) == team]


def team_sides(definition: GameDef, team: str) -> list[str]:
    return [s for s in definition.side_ids if definition.team_of(s) == team]


def is_piece_unit(definition: GameDef, pid: str) -> bool:
    return definition.pieces[pid].type != LEADER


def unit_type(definition: GameDef, pid: str) -> str:
    return definition.pieces[pid].type


def stat(definition: GameDef, pid: str, name: str) -> int:
    value = definition.pieces[pid].stats[name]
    return int(value) if not isinstance(value, str) else 0


#: Where pieces not on the board stand.


def in_city(unit: PieceView | Mapping[str, Any]) -> str | None:
    """The city whose walls the piece (its view, or its entry) stands inside (HB VI), if any."""
    attrs = (unit.data if isinstance(unit, PieceView) else unit).get("attrs")
    return str(attrs["city"]) if attrs and "city" in attrs else None


def writable(state: State, pid: str) -> PieceView:
    """The view of piece ``pid`` to change it through: its entry is first replaced by a
    copy (:func:`legatus.own_piece`). Every change to a piece goes through one (never
    through :func:`legatus.piece`, never through a view or an entry read before), so a
    state's copies may share the entries it does not change
    (``HannibalBarkas.pieces_copied_on_write``: a search copies the state at every action it
    scores, and the 396 entries were most of that copy)."""
    pieces = state["pieces"]
    return _Writable(own_piece(state, pid), pieces, pid)


class _Moves(Field[str]):
    """A piece's place or side written through :func:`writable`: the change is noted with
    the pieces' dictionary it was made in (:func:`legatus.note_moved`), and a move is put
    in the account of the index :func:`located` keeps for those pieces (its ``pending``),
    so that its next read looks at the pieces moved, not at every piece."""

    __slots__ = ()

    def __set__(self, view: Any, value: str) -> None:
        assert isinstance(view, _Writable)
        view.data[self.key] = value
        self._noted(view)

    def __delete__(self, view: Any) -> None:
        assert isinstance(view, _Writable)
        view.data.pop(self.key, None)
        self._noted(view)

    def _noted(self, view: _Writable) -> None:
        pieces = view.pieces
        if self.key == "at":
            kept = _LOCATED.get(id(pieces))
            if kept is not None and kept.pieces is pieces:
                kept.pending.append(view.pid)
        note_moved(pieces)


class _Writable(PieceView):
    """:func:`writable`'s view: a piece's view that knows the pieces' dictionary it is in
    and its id, for :class:`_Moves` to say where a move was made."""

    __slots__ = ("pid", "pieces")
    side = _Moves()
    at = _Moves()

    def __init__(self, entry: dict[str, Any], pieces: dict[str, Any], pid: str) -> None:
        self.data, self.pieces, self.pid = entry, pieces, pid


def set_city(unit: PieceView | PieceEntry, city: str | None) -> None:
    """Put a piece (its view, or its entry) inside a city's walls, or out into the field
    (None); a piece with no changing values left keeps no ``attrs``."""
    piece = unit.data if isinstance(unit, PieceView) else unit
    if city is None:
        attrs = piece.get("attrs")
        if attrs is not None:
            attrs.pop("city", None)
            if not attrs:
                del piece["attrs"]
        return
    piece.setdefault("attrs", {})["city"] = city


def is_sea(definition: GameDef, space: str) -> bool:
    return definition.board.spaces[space].category == "sea"


def is_open_sea(definition: GameDef, space: str) -> bool:
    return definition.board.spaces[space].kind == "open_sea"


# -- where things stand ------------------------------------------------------------------------


#: Space -> the pieces on it, from :func:`occupancy`: a listing that asks about many spaces
#: of one unchanging state builds it once and passes it as ``where`` to the lookups below
#: instead of each lookup scanning every piece of the game.
Where = Mapping[str, list[str]]


#: A piece's place, read in C.
_AT = itemgetter("at")


class _Located:
    """An index of the pieces (:func:`located`): what it was made from, and when;
    ``order``: each id's position in ``ids`` (made when first wanted, shared by the
    indexes made from this one); ``pending``: the pieces :func:`writable` moved in these
    pieces since (:class:`_Moves`), in the order moved, maybe more than once."""

    __slots__ = ("ats", "ids", "on_map", "order", "pending", "pieces", "seen", "where")

    def __init__(
        self,
        pieces: dict[str, Any],
        seen: int,
        ids: list[str],
        ats: list[str],
        where: dict[str, list[str]],
        on_map: list[str],
        order: dict[str, int] | None = None,
    ) -> None:
        self.pieces, self.seen, self.ids, self.ats = pieces, seen, ids, ats
        self.where, self.on_map, self.order = where, on_map, order
        self.pending: list[str] = []


#: At most this many pieces moved since an index of the same pieces was made: the new index
#: is that one with the moves made (:func:`_moved`), not made afresh.
_FEW_MOVED = 12


#: The index kept with each pieces' dictionary recently read (:func:`located`), by its
#: ``id`` (each holds its pieces, so the id stays theirs); the oldest goes past
#: :data:`_KEEP_LOCATED` (a search reads many copies of a state in turn).
_LOCATED: dict[int, _Located] = {}
_KEEP_LOCATED = 16
#: The index :func:`located` returned last.
_last: list[_Located] = []


def located(state: State) -> tuple[dict[str, list[str]], list[str]]:
    """Space -> the pieces on it in the pieces' order (what :func:`legatus.occupancy`
    finds), and the ids of the pieces on the map in that order: to read, never to change.

    Why: the rules and the evaluation ask where the pieces stand many times for each
    position a search scores (396 pieces, most of them off the map), and each asking read
    every piece. Every change of a piece's place is noted
    (:func:`legatus.framework.engine.state.note_moved`, as the kit's
    :class:`~legatus.framework.kit.movement.Occupancy` relies on), so the index kept with
    the pieces is read unchecked while no change was noted since it was made or checked;
    after one, or for a copy of the pieces (a search's next position), it is checked
    against the pieces' ids and places, read in C, and the last index read serves too when
    they match it (a copy whose action moved nothing); else it is made afresh.
    """
    pieces = state["pieces"]
    key, now = id(pieces), PieceMoves.last
    kept = _LOCATED.get(key)
    if kept is not None and kept.pieces is not pieces:
        kept = None
    if kept is not None:
        if kept.seen == now:
            return kept.where, kept.on_map
        if PieceMoves.anonymous <= kept.seen:  # every move since is in its account
            found = _accounted(kept, pieces, now)
            if found is not kept:
                _LOCATED[key] = found
            _last[:] = [found]
            return found.where, found.on_map
    ats = list(map(_AT, pieces.values()))
    ids: list[str] | None = None
    for candidate in (kept, *_last):
        if candidate is not None and candidate.ats == ats:
            if ids is None:
                ids = list(pieces)
            if candidate.ids == ids:
                found = _Located(
                    pieces,
                    now,
                    candidate.ids,
                    candidate.ats,
                    candidate.where,
                    candidate.on_map,
                    candidate.order,
                )
                break
    else:
        ids = list(pieces) if ids is None else ids
        base = kept if kept is not None and kept.ids == ids else None
        if base is None and _last and _last[0].ids == ids:
            base = _last[0]
        moved = None if base is None else list(compress(range(len(ats)), map(ne, ats, base.ats)))
        if base is not None and moved is not None and len(moved) <= _FEW_MOVED:
            found = _moved(base, pieces, now, ats, moved)
        else:
            found = _made(pieces, now, ids, ats)
    if kept is None and len(_LOCATED) >= _KEEP_LOCATED:
        _LOCATED.pop(next(iter(_LOCATED), 0), None)  # the oldest, unless another thread took it
    _LOCATED[key] = found
    _last[:] = [found]
    return found.where, found.on_map


def _accounted(kept: _Located, pieces: dict[str, Any], now: int) -> _Located:
    """The index of :func:`located` for ``kept``'s pieces now, when every move made in them
    since ``kept`` was known current is in its account (``pending``, :class:`_Moves`):
    ``kept`` itself if none of those pieces stands elsewhere than it says, else ``kept``
    with their moves made (:func:`_moved`).

    Why: a search plays each action it scores on a copy of the position, and every move
    there was noted as a move anywhere: each index read next (the copy's, and the
    position's own for the next copy) compared every piece's place with it, though the
    moves were a few pieces of one copy."""
    pending = kept.pending
    if pending:
        ids, before = kept.ids, kept.ats
        order = kept.order
        if order is None:
            order = kept.order = {pid: i for i, pid in enumerate(ids)}
        moved = sorted({order[pid] for pid in pending if pieces[pid]["at"] != before[order[pid]]})
        if moved:
            ats = before[:]
            for i in moved:
                ats[i] = pieces[ids[i]]["at"]
            if len(moved) <= _FEW_MOVED:
                return _moved(kept, pieces, now, ats, moved)
            return _made(pieces, now, ids, ats)
        kept.pending = []
    kept.seen = now
    return kept


def _made(pieces: dict[str, Any], now: int, ids: list[str], ats: list[str]) -> _Located:
    """The index of :func:`located`, made afresh from the pieces' ids and places."""
    where: dict[str, list[str]] = {}
    on_map: list[str] = []
    for pid, at in zip(ids, ats, strict=True):
        if at == "pool" or at == "out":  # OFF_MAP, without a set lookup
            continue
        on_map.append(pid)
        there = where.get(at)
        if there is None:
            where[at] = [pid]
        else:
            there.append(pid)
    return _Located(pieces, now, ids, ats, where, on_map)


def _moved(
    base: _Located, pieces: dict[str, Any], now: int, ats: list[str], moved: list[int]
) -> _Located:
    """The index of :func:`located` for the same pieces as ``base`` (the same ids in the same
    order) where those at the positions ``moved`` changed place: ``base``'s, with those
    moves made in new lists (``base`` is left as it is: other states read it).

    Why: a search's action moves a few of the 396 pieces, and making the index afresh
    read every one of them in Python. Each space's list stays in the pieces' order, and
    the list of the pieces on the map too; the spaces' order in the index is not kept (no
    reader depends on it: each sorts them, or looks one up), and a space left empty leaves
    it, as if it were made afresh."""
    ids, before = base.ids, base.ats
    order = base.order
    if order is None:
        order = base.order = {pid: i for i, pid in enumerate(ids)}
    where = dict(base.where)
    copied: set[str] = set()  # the spaces whose list is already this index's own
    on_map = base.on_map[:]  # a new list: a survey kept for the old one is not this one's
    for i in moved:
        pid, old, new = ids[i], before[i], ats[i]
        if old == "pool" or old == "out":
            if new != "pool" and new != "out":
                insort(on_map, pid, key=order.__getitem__)  # enters the map
        else:
            there = where[old] if old in copied else where[old][:]
            there.remove(pid)
            if there:
                where[old] = there
                copied.add(old)
            else:
                del where[old]
                copied.discard(old)
            if new == "pool" or new == "out":
                on_map.remove(pid)  # leaves the map
        if new != "pool" and new != "out":
            there = where.get(new)  # type: ignore[assignment]
            if there is None:
                where[new] = [pid]
                copied.add(new)
            else:
                if new not in copied:
                    there = where[new] = there[:]
                    copied.add(new)
                insort(there, pid, key=order.__getitem__)
    return _Located(pieces, now, ids, ats, where, on_map, order)


def carry_located(state: State, copy: State) -> None:
    """Let ``copy`` (a :func:`~legatus.framework.engine.state.fork` of ``state`` sharing its
    pieces' entries, made just now) have the index :func:`located` keeps for ``state``
    while no piece has moved since it was read: its first read is then no check.

    Why: a search copies the position for every action it scores, and the rules read
    where the pieces stand before the action moves any; each such read compared every
    piece's place with the last index's."""
    pieces = state["pieces"]
    key, now = id(pieces), PieceMoves.last
    kept = _LOCATED.get(key)
    if kept is None or kept.pieces is not pieces:
        # Read now (a search's skeleton of the pieces, copied for every sample it draws;
        # the copy would read it afresh): what the copy finds then is the same.
        located(state)
        kept = _LOCATED[key]
    if kept.seen != now:
        if PieceMoves.anonymous > kept.seen:
            return
        kept = _accounted(kept, pieces, now)
    # Kept as the newest (a position copied again and again, the skeleton of a search's
    # samples, outlives the copies made of it).
    _LOCATED.pop(key, None)
    _LOCATED[key] = kept
    theirs = copy["pieces"]
    if len(_LOCATED) >= _KEEP_LOCATED:
        _LOCATED.pop(next(iter(_LOCATED), 0), None)  # the oldest, unless another thread took it
    _LOCATED[id(theirs)] = _Located(
        theirs, kept.seen, kept.ids, kept.ats, kept.where, kept.on_map, kept.order
    )


def occupancy(state: State) -> Where:
    """Space -> the ids of the pieces on it, in id order: :func:`legatus.occupancy`, kept
    (:func:`located`); to read, never to change."""
    return located(state)[0]


def pieces_at(state: State, space: str, where: Where | None = None) -> list[str]:
    if where is not None:
        return list(where.get(space, ()))
    if space == "pool" or space == "out":
        return legatus.pieces_at(state, space)
    return list(located(state)[0].get(space, ()))


def teams_at(definition: GameDef, state: State, space: str) -> set[str]:
    return {definition.team_of(piece(state, pid).side) for pid in pieces_at(state, space)}


def field_at(state: State, space: str, where: Where | None = None) -> list[str]:
    """The pieces in the field of a space: not inside a city's walls, not ships in port."""
    pieces = state["pieces"]
    return [pid for pid in pieces_at(state, space, where) if in_city(pieces[pid]) is None]


def field_units(
    definition: GameDef, state: State, space: str, where: Where | None = None
) -> list[str]:
    """The units (no leaders) in the field of a land region, or at sea in a sea zone; ships
    on land are in port, not in the field (HB 4.4)."""
    sea = is_sea(definition, space)
    return [
        pid
        for pid in field_at(state, space, where)
        if definition.pieces[pid].type != LEADER and (sea or definition.pieces[pid].type != "ships")
    ]


def enemy_field(
    definition: GameDef, state: State, team: str, space: str, where: Where | None = None
) -> list[str]:
    """Units of another nation in the field of ``space`` (a battle if ``team`` enters)."""
    # field_units read inline, on the entries themselves: listings ask this of many spaces.
    pieces, kinds = state["pieces"], definition.pieces
    sea = is_sea(definition, space)
    found = []
    for pid in pieces_at(state, space, where):
        entry = pieces[pid]
        attrs = entry.get("attrs")
        if attrs and "city" in attrs:
            continue  # inside a city's walls, not in the field
        kind = kinds[pid].type
        if kind == LEADER or (kind == "ships" and not sea):
            continue  # no unit, or a ship in port
        if definition.team_of(entry["side"]) != team:
            found.append(pid)
    return found


def at_war(definition: GameDef, state: State, pid: str) -> bool:
    """Whether a counter is at war: a player's, or Rome's or Carthage's (a neutral state's
    garrison and leaders are nobody's enemy, HB VII)."""
    side = piece(state, pid).side
    return side in players(state) or definition.team_of(side) in MAIN_TEAMS


def lone_leaders_at(
    definition: GameDef, state: State, space: str, aboard: Collection[str] = ()
) -> dict[str, list[str]]:
    """HB 5.6: the leaders at war on the field of a land region with no unit of their
    nation there, each with the nations at war whose units are there (empty: he is alone,
    but not with the enemy); ``aboard``: units aboard a fleet in the region's port, not in
    its field."""
    if is_sea(definition, space):
        return {}  # at sea a leader rides his ships and sinks with the last (HB 1.2.7)
    # The field read once, its leaders first: most fields a move reaches hold none, and
    # then there is nothing to ask of its units (every arrival asks this).
    field = field_at(state, space)
    kinds = definition.pieces
    leaders = [pid for pid in field if kinds[pid].type == LEADER and at_war(definition, state, pid)]
    if not leaders:
        return {}
    # field_units on land: no leaders, no ships (in port)
    units = [p for p in field if kinds[p].type not in (LEADER, "ships") and p not in aboard]
    present = {definition.team_of(piece(state, p).side) for p in units}
    warring = {
        definition.team_of(piece(state, p).side) for p in units if at_war(definition, state, p)
    }
    found = {}
    for pid in leaders:
        team = definition.team_of(piece(state, pid).side)
        if team not in present:
            found[pid] = sorted(t for t in warring if t != team)
    return found


def inside(state: State, city: str) -> list[str]:
    """The pieces inside a city's walls (units and leaders)."""
    # in_city read inline, on the pieces on the map only (a piece inside walls stands in
    # the city's region: invariants.walls_hold_their_garrisons), in the pieces' order.
    pieces: Mapping[str, PieceEntry] = state["pieces"]
    found = []
    for pid in located(state)[1]:
        entry = pieces[pid]
        attrs = entry.get("attrs")
        if attrs and "city" in attrs and str(attrs["city"]) == city:
            found.append(pid)
    return found


def room_in(definition: GameDef, state: State, city: str) -> int:
    """How many more units a city's walls hold: twice its printed defence (HB VI), less the
    units inside."""
    capacity = 2 * int(definition.cards[city].values["defence"])
    units = sum(1 for pid in inside(state, city) if definition.pieces[pid].type != LEADER)
    return max(0, capacity - units)


def count_units(definition: GameDef, pids: Iterable[str]) -> dict[str, int]:
    """How many units of each type are among ``pids`` (leaders left out)."""
    counts: dict[str, int] = {}
    for pid in pids:
        kind = definition.pieces[pid].type
        if kind != LEADER:
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def describe_units(definition: GameDef, pids: Iterable[str]) -> str:
    """'3 HI, 2 Cav, Hannibal' - a group as the log and the text view write it."""
    ids = list(pids)
    counts = count_units(definition, ids)
    parts = [f"{counts[kind]} {SHORT[kind]}" for kind in UNITS if counts.get(kind)]
    parts += sorted(pid for pid in ids if definition.pieces[pid].type == LEADER)
    return ", ".join(parts) if parts else "nothing"


# -- cities and territory --------------------------------------------------------------------


def city_cards(definition: GameDef) -> list[Card]:
    return [card for card in definition.cards.values() if card.kind == "city"]


def cities_in(definition: GameDef, region: str) -> list[str]:
    return [card.id for card in city_cards(definition) if card.space == region]


def holder(state: State, city: str) -> str | None:
    """The side whose ``cities`` zone holds the city's card."""
    for key, cards in state["zones"].items():
        if key.startswith("cities:") and city in cards:
            return str(key.partition(":")[2])
    return None


def held_cities(state: State, side: str) -> list[str]:
    return list(zone_cards(state, zone(CITIES, side)))


def territory(definition: GameDef, region: str) -> str | None:
    """The nation whose territory a region is (a Gallic tribe's region: None)."""
    return definition.derived("hannibal_barkas.territory", _territories)[region]


def _territories(definition: GameDef) -> dict[str, str | None]:
    """Space -> the nation whose territory it is (the first of NATIONS its tags name)."""
    return {
        space.id: next((nation for nation in NATIONS if nation in space.tags), None)
        for space in definition.board.spaces.values()
    }


def is_tribe(definition: GameDef, region: str) -> bool:
    return definition.board.spaces[region].kind == "tribe"


def capital_of(definition: GameDef, nation: str) -> str:
    """The region of a nation's capital (HB 11.1, VII): the one tagged ``capital``."""
    for space in definition.board.spaces.values():
        if "capital" in space.tags and nation in space.tags:
            return space.id
    raise KeyError(f"no capital of {nation}")


def capital_of_city(definition: GameDef, city: str) -> bool:
    """Whether a city is its nation's capital (HB 11.1, VII): the one city of a capital
    region of its nation."""
    card = definition.cards[city]
    tags = definition.board.spaces[card.space].tags
    return "capital" in tags and card.deck in tags


def area_of(definition: GameDef, region: str, areas: Iterable[str]) -> str | None:
    tags = definition.board.spaces[region].tags
    return next((area for area in areas if area in tags), None)


def sphere_player(definition: GameDef, state: State, team: str, region: str) -> str | None:
    """The player of ``team`` whose sphere of influence holds ``region`` (HB 10.1): the
    half whose listed areas include the region's, else the nation's first half; the player
    who acts for that half."""
    sides = team_sides(definition, team)
    spheres: Mapping[str, list[str]] = records(state).spheres
    tags = definition.board.spaces[region].tags if region in definition.board.spaces else ()
    chosen = sides[0] if sides else team
    for side in sides:
        if any(area in tags for area in spheres.get(side, ())):
            chosen = side
            break
    return player_of(state, chosen)


def port_city(definition: GameDef, region: str) -> str | None:
    """The region's city with a port (HB 1.3.2), if any."""
    for city in cities_in(definition, region):
        if definition.cards[city].values.get("port"):
            return city
    return None


def port_walled(definition: GameDef, state: State, team: str, region: str) -> bool:
    """Whether a fleet of ``team`` entering its port in ``region`` finds the enemy at the
    gates (the city besieged, or the enemy in the region's field): what it carries must then
    land inside the walls, and only as many units as the walls have room for (HB 4.4, 6.2)."""
    port = port_city(definition, region)
    if port is None:
        return False
    return port in records(state).sieges or bool(enemy_field(definition, state, team, region))


def port_takes(definition: GameDef, state: State, team: str, region: str, cargo: int) -> bool:
    """Whether ``team``'s port in ``region`` may take a fleet carrying ``cargo`` land units:
    with the enemy at the gates they must all fit inside the walls (:func:`port_walled`)."""
    port = port_city(definition, region)
    if port is None:
        return False
    return not port_walled(definition, state, team, region) or cargo <= room_in(
        definition, state, port
    )


def into_port(ctx: Context, team: str, region: str, ships: int, aboard: Iterable[str]) -> bool:
    """A fleet of ``team`` with ``ships`` ships has entered its own port in ``region``
    carrying ``aboard`` (land units and leaders, already standing in the region). With the
    enemy at the gates they stand inside the walls, not in the field, and each empty ship
    entering a besieged city raises its defence by one, up to the printed level (HB 6.2).
    Whether the fleet sails in or retreats in from a lost battle at sea (HB 5.4, A.23 #30)
    makes no difference. Returns whether the cargo went inside the walls."""
    definition, state = ctx.definition, ctx.state
    port = port_city(definition, region)
    if port is None or not port_walled(definition, state, team, region):
        return False
    aboard = list(aboard)
    for pid in aboard:
        set_city(writable(state, pid), port)
    siege = records(state).sieges.get(port)
    if siege is not None:
        cargo = sum(1 for p in aboard if definition.pieces[p].type != LEADER)
        capacity = int(ctx.param("fleet.capacity"))
        empty = ships - -(-cargo // capacity)
        top = int(definition.cards[port].values["defence"])
        raised = max(0, min(empty, top - int(siege["level"])))
        if raised:
            siege["level"] += raised
            ctx.log(
                f"{empty} ship(s) bring supplies into {port}: its defence rises to "
                f"{siege['level']} (HB 6.2)",
                rule="HB 6.2",
            )
    return True


# -- the political track (HB VII) --------------------------------------------------------------


def ally_team(ctx: Context, state_id: str) -> str | None:
    """The nation a state on the political track is allied with, if any."""
    position = records(ctx.state).political.get(state_id)
    if position is None:
        return None
    end = int(ctx.param("political.alliance"))
    if position >= end:
        return "carthage"
    if position <= -end:
        return "rome"
    return None


def direction(team: str) -> int:
    """+1 towards Carthage's end of the political track, -1 towards Rome's."""
    return 1 if team == "carthage" else -1


def allies_of(ctx: Context, team: str) -> list[str]:
    return [s for s in STATES if ally_team(ctx, s) == team]


# -- who may command what (HB 4.2, 10.1) -------------------------------------------------------


def leaders_of_at(
    definition: GameDef, state: State, side: str, space: str, where: Where | None = None
) -> list[str]:
    return [
        pid
        for pid in pieces_at(state, space, where)
        if definition.pieces[pid].type == LEADER and piece(state, pid).side == side
    ]


def commands(
    definition: GameDef, state: State, player: str, pid: str, where: Where | None = None
) -> bool:
    """Whether ``player`` may activate the piece: his own, or a unit of a team-mate's
    army without a leader (HB 10.1: such armies are common). ``where``: the occupancy of
    the piece's space at least (a listing asks this of every unit there)."""
    unit = state["pieces"][pid]  # read, not changed: the entry itself (a listing asks often)
    owner = unit["side"]
    if owner == player:
        return True
    if definition.pieces[pid].type == LEADER:
        return False
    if definition.team_of(owner) != definition.team_of(player) or player_of(state, owner) is None:
        return False
    return not leaders_of_at(definition, state, owner, unit["at"], where)


def has_active_leader(
    definition: GameDef, state: State, player: str, space: str, where: Where | None = None
) -> bool:
    """An 'A' leader of the player stands there (HB 1.2.8, 4.2); a dictator is always
    active (HB 12.4)."""
    dictator = records(state).dictator.get("leader")
    return any(
        stat(definition, pid, "active") or pid == dictator
        for pid in leaders_of_at(definition, state, player, space, where)
    )


def foreign_at(definition: GameDef, state: State, team: str, space: str) -> bool:
    """Pieces of another nation stand there (an enemy's, or a neutral state's)."""
    return any(
        definition.team_of(piece(state, pid).side) != team for pid in pieces_at(state, space)
    )


ITALY = ("italia_north", "italia_south", "transpadana")


def in_italy(definition: GameDef, space: str) -> bool:
    """Italy and Gallia Transpadana (Zdrada Capui's battles in Italy; HB 12.4)."""
    tags = definition.board.spaces[space].tags
    return any(area in tags for area in ITALY)


def in_play(ctx: Context, space: str) -> bool:
    """Whether a space is in the scenario's play area (Scenario I: Italy and Gallia
    Transpadana only, no sea zones); every space when the scenario names none."""
    area: list[str] = ctx.state["records"]["play_area"]  # the record itself (asked often)
    if not area:
        return True
    if is_sea(ctx.definition, space):
        return False
    tags = ctx.definition.board.spaces[space].tags
    return space in area or any(a in tags for a in area)


def neutral_land(ctx: Context, space: str) -> str | None:
    """The neutral state whose territory ``space`` is: one no player runs, allied with no
    one (HB VII); None otherwise."""
    if is_sea(ctx.definition, space):
        return None
    nation = territory(ctx.definition, space)
    if nation in STATES and player_of(ctx.state, nation) is None and ally_team(ctx, nation) is None:
        return nation
    return None


def enterable(ctx: Context, team: str, space: str) -> bool:
    """Whether an army of ``team`` may enter ``space`` at all (it may have to stop there).

    Anything in the play area: a space the enemy holds (a battle, HB V), a neutral state's
    territory (aggression, HB VII; not for the Syracusan player, who has no quarrel to pick
    there), a tribe's land (its attitude is tested, HB 8.2).
    """
    if not in_play(ctx, space):
        return False
    if neutral_land(ctx, space) is not None:
        return team in MAIN_TEAMS
    return True


def passable(ctx: Context, team: str, space: str, where: Where | None = None) -> bool:
    """Whether an army of ``team`` may enter ``space`` and go on moving: no enemy in the
    field there, not a neutral state's land, not a tribe that is not its nation's ally
    (each of these stops the army: a battle, aggression, an attitude test)."""
    if not enterable(ctx, team, space):
        return False
    if enemy_field(ctx.definition, ctx.state, team, space, where):
        return False
    if neutral_land(ctx, space) is not None:
        return False
    if is_tribe(ctx.definition, space):
        marker = records(ctx.state).gauls.get(space)
        return marker is not None and marker == {"team": team, "attitude": "allied"}
    return True


def retreat_target(ctx: Context, team: str, region: str) -> bool:
    """Whether an army of ``team`` may retreat into ``region`` (HB 5.4): on land, in play,
    free of the enemy, no neutral state's land and no tribe hostile to it."""
    definition = ctx.definition
    if is_sea(definition, region) or not in_play(ctx, region):
        return False
    if any(
        definition.team_of(piece(ctx.state, pid).side) != team
        for pid in field_units(definition, ctx.state, region)
    ):
        return False
    if neutral_land(ctx, region) is not None:
        return False
    marker = records(ctx.state).gauls.get(region)
    return not (marker is not None and marker["attitude"] == "allied" and marker["team"] != team)


def leader_in_play(state: State, leader: str) -> bool:
    return piece(state, leader).on_map


def _counters(definition: GameDef) -> dict[tuple[str, str], list[str]]:
    """(nation, type) -> its counters, in the data's order."""
    found: dict[tuple[str, str], list[str]] = {}
    for pid, kind in definition.pieces.items():
        found.setdefault((nation_of(definition, pid), kind.type), []).append(pid)
    return found


def free_counters(definition: GameDef, state: State, nation: str, kind: str) -> list[str]:
    """The counters of a nation and type not in play (off the board), in the data's order."""
    pieces = state["pieces"]
    counters = definition.derived("hannibal_barkas.counters", _counters)
    return [pid for pid in counters.get((nation, kind), ()) if pieces[pid]["at"] == "out"]


def first_free_counter(definition: GameDef, state: State, nation: str, kind: str) -> str | None:
    """The first of :func:`free_counters` (the one placed next), or None."""
    pieces = state["pieces"]
    counters = definition.derived("hannibal_barkas.counters", _counters)
    return next(
        (pid for pid in counters.get((nation, kind), ()) if pieces[pid]["at"] == "out"), None
    )


def who(ctx: Context, side: str) -> str:
    """A player as the log names him: his nation's name when he plays the whole of it
    (HB 10.2), else his side's ('Carthage' with two players, 'Carthage (Hannibal)' with
    four)."""
    for sides in ctx.state["seats"].values():
        if sides and sides[0] == side and len(sides) > 1:
            return ctx.definition.team_of(side).capitalize()
    return ctx.definition.side_name(side)


def place(ctx: Context, nation: str, kind: str, count: int, space: str, side: str) -> list[str]:
    """Put up to ``count`` free counters of a nation on ``space`` under ``side``."""
    definition, state = ctx.definition, ctx.state
    placed = free_counters(definition, state, nation, kind)[:count]
    for pid in placed:
        writable(state, pid).at = space
        writable(state, pid).side = side
    return placed


def place_in_city(
    ctx: Context, nation: str, kind: str, count: int, city: str, side: str
) -> list[str]:
    """New units in a city's region; inside its walls (as many as fit) when the enemy holds
    the region's field (HB 9.3)."""
    definition, state = ctx.definition, ctx.state
    region = definition.cards[city].space
    team = definition.team_of(side)
    if enemy_field(definition, state, team, region) and kind != "ships":
        count = min(count, room_in(definition, state, city))
        placed = place(ctx, nation, kind, count, region, side)
        for pid in placed:
            set_city(writable(state, pid), city)
        return placed
    return place(ctx, nation, kind, count, region, side)


# -- the records, typed ---------------------------------------------------------------------------


class Records(RecordsView):
    """Hannibal Barkas's records (``records:`` of its manifest), typed; a state holds every
    declared record from its start (:mod:`legatus.framework.engine.records`)."""

    ip = Field[dict[str, int]]()  # player -> initiative points (HB 1.2.10)
    gold = Field[dict[str, int]]()  # player -> its treasury (HB IX; its owner sees it)
    vp = Field[dict[str, int]]()  # player -> victory points (team-mates see each other's)
    first_stage = Field[int]()  # the first stage of the year (HB 3.1)
    order = Field[list[str]]()  # the players' order of play this stage (HB 3.2)
    passed = Field[list[str]]()  # the players who have passed this action phase (HB 3.4)
    political = Field[dict[str, Any]]()  # neutral state -> its political track (HB VII)
    allied_by = Field[dict[str, str]]()  # neutral state -> the player it allied with
    gauls = Field[dict[str, dict[str, Any]]]()  # tribe -> its attitudes (HB VIII)
    spheres = Field[dict[str, list[str]]]()  # player -> its spheres of influence
    captured = Field[dict[str, str]]()  # city -> the player who captured it
    italian_victories = Field[list[str]]()  # teams that won a battle in Italy this year
    held = Field[dict[str, str]]()  # city -> the player holding it
    armies = Field[dict[str, str]]()  # space -> the player whose army stands there
    sieges = Field[dict[str, dict[str, Any]]]()  # city -> its siege (HB 6.2)
    tested = Field[list[str]]()  # tribes that tested their attitude this action (HB 8.2)
    war = Field[str]()  # small, large, campaign or scenario (HB 2.0)
    vp_targets = Field[dict[str, int]]()  # team -> the VP that win
    army_floor = Field[dict[str, Any]]()  # a scenario's smallest army (team, units)
    play_area = Field[list[str]]()  # a scenario's regions in play
    fixed_income = Field[dict[str, int]]()  # player -> a scenario's income
    no_income = Field[list[str]]()  # cities that earn nothing in the scenario
    devastation = Field[dict[str, dict[str, int]]]()  # region -> player -> markers (HB 12.1)
    dictator = Field[dict[str, Any]]()  # Rome's dictator (HB 12.4)
    proconsuls = Field[list[str]]()  # leaders kept as proconsuls (HB 12.5)


def records(state: State) -> Records:
    """The typed view of ``state``'s records."""
    return Records(state["records"])  # Records.of(state), one call less (read very often)
