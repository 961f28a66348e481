"""Cross-reference checks between a game's data files.

Run after every file has passed its schema: they check what a schema cannot,
that names refer to things that exist and that totals add up. Each check
returns problems instead of raising, so an author sees all of them at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from legatus.framework.model.data.schemas import format_checker
from legatus.framework.model.data.yamlfile import Document, child_path
from legatus.framework.model.errors import DataProblem
from legatus.framework.model.names import article, did_you_mean
from legatus.framework.model.signatures import SignatureError, parse_args


def check_manifest(doc: Document) -> Iterator[DataProblem]:
    manifest = doc.value
    yield from _duplicates(doc, "$.sides", [s["id"] for s in manifest["sides"]], "side id")
    players = manifest.get("players")
    if players and players["min"] > players["max"]:
        yield doc.problem("$.players", "min players is greater than max players")
    for name, record in manifest.get("records", {}).items():
        yield from _check_record(doc, f"$.records.{name}", record)
    actions = manifest.get("actions", [])
    for index, action in enumerate(actions):
        yield from _check_action(doc, f"$.actions[{index}]", action)
    yield from _duplicates(doc, "$.actions", [a["name"] for a in actions], "action kind", "name")


def _check_action(doc: Document, path: str, action: Mapping[str, Any]) -> Iterator[DataProblem]:
    """A declared action kind's argument signatures, each as the engine will read it."""
    try:
        parse_args(action.get("args", []))
    except SignatureError as exc:
        yield doc.problem(f"{path}.args[{exc.position}]", f"action {action['name']}: {exc}")


def _check_record(doc: Document, path: str, record: Mapping[str, Any]) -> Iterator[DataProblem]:
    """A record's declaration: a valid schema, a visibility that fits, a start it accepts."""
    visible_to = record.get("visible_to", "all")
    if visible_to in ("owner", "team") and not record.get("per_side", False):
        yield doc.problem(
            f"{path}.visible_to",
            f"'{visible_to}' is for a per-side record: add 'per_side: true' or choose all, "
            "pieces or none",
        )
    try:
        Draft202012Validator.check_schema(record["schema"])
    except SchemaError as exc:
        yield doc.problem(f"{path}.schema", f"not a valid JSON Schema: {exc.message}")
        return
    if "start" in record:
        yield from _check_value(doc, f"{path}.start", record["schema"], record["start"])


def _check_value(
    doc: Document,
    path: str,
    schema: Mapping[str, Any],
    value: Any,
    names: Mapping[str, Iterable[str]] | None = None,
) -> Iterator[DataProblem]:
    """A value against a record's schema, each problem at its place in the file; with
    ``names``, ids in formats such as ``space`` must name one of the game's."""
    checker = None
    if names is not None:
        checker = format_checker({kind: list(known) for kind, known in names.items()})
    for error in Draft202012Validator(schema, format_checker=checker).iter_errors(value):
        where = path
        for part in error.absolute_path:
            where = child_path(where, part)
        yield doc.problem(where, f"{error.message} (the record's schema)")


def check_seats_and_records(
    doc: Document, manifest: Mapping[str, Any], names: Mapping[str, Iterable[str]] | None = None
) -> Iterator[DataProblem]:
    """A scenario's seats (known sides, each in one seat, a count the manifest allows) and
    its records' starting values (declared names, values their schema accepts; ``names``:
    the ids each format such as ``space`` or ``piece`` accepts)."""
    sides = [s["id"] for s in manifest["sides"]]
    seats = doc.value.get("seats")
    if seats is not None:
        yield from _duplicates(doc, "$.seats", [seat["id"] for seat in seats], "seat id")
        seated: dict[str, str] = {}
        for i, seat in enumerate(seats):
            for j, side in enumerate(seat["sides"]):
                where = f"$.seats[{i}].sides[{j}]"
                if side not in sides:
                    yield doc.problem(where, f"unknown side {side!r}{did_you_mean(side, sides)}")
                elif side in seated:
                    yield doc.problem(
                        where, f"side {side!r} is already played from seat {seated[side]!r}"
                    )
                else:
                    seated[side] = seat["id"]
    count = len(seats) if seats is not None else len(sides)
    players = manifest.get("players", {"min": len(sides), "max": len(sides)})
    if not players["min"] <= count <= players["max"]:
        allowed = (
            f"{players['min']}"
            if players["min"] == players["max"]
            else f"{players['min']} to {players['max']}"
        )
        yield doc.problem(
            "$.seats" if seats is not None else "$",
            f"{count} seat{'' if count == 1 else 's'}, but the game is for {allowed} players (manifest players:)",
        )
    declared: Mapping[str, Any] = manifest.get("records", {})
    for name, value in doc.value.get("records", {}).items():
        where = f"$.records.{name}"
        record = declared.get(name)
        if record is None:
            yield doc.problem(
                where,
                f"unknown record {name!r}{did_you_mean(name, declared)} "
                "(the manifest declares records under records:)",
            )
            continue
        if record.get("per_side", False):
            if not isinstance(value, dict):
                yield doc.problem(where, "a per-side record's start is a mapping {side: value}")
                continue
            for side, item in value.items():
                if side not in sides:
                    yield doc.problem(
                        child_path(where, side), f"unknown side {side!r}{did_you_mean(side, sides)}"
                    )
                else:
                    yield from _check_value(
                        doc, child_path(where, side), record["schema"], item, names
                    )
        else:
            yield from _check_value(doc, where, record["schema"], value, names)


def check_map(doc: Document) -> Iterator[DataProblem]:
    data = doc.value
    kinds: Mapping[str, Any] = data["space_kinds"]
    categories = {k["category"] for k in kinds.values()}
    spaces = data.get("spaces", [])
    ids = [s["id"] for s in spaces]
    yield from _duplicates(doc, "$.spaces", ids, "space id")
    known = set(ids)
    aliases: dict[str, str] = {}
    for i, space in enumerate(spaces):
        path = f"$.spaces[{i}]"
        if space["kind"] not in kinds:
            yield doc.problem(
                f"{path}.kind",
                f"unknown space kind {space['kind']!r} (expected one of: {', '.join(kinds)})"
                f"{did_you_mean(space['kind'], kinds)}",
            )
        within = space.get("within")
        if within is not None and within not in known:
            yield doc.problem(
                f"{path}.within", f"unknown region {within!r}{did_you_mean(within, known)}"
            )
        for j, alias in enumerate(space.get("aliases", [])):
            if alias in known or alias in aliases:
                other = aliases.get(alias, alias)
                yield doc.problem(
                    f"{path}.aliases[{j}]", f"alias {alias!r} already names {other!r}"
                )
            aliases[alias] = space["id"]
    yield from _region_cycles(doc, spaces)
    yield from _positions(doc, spaces)
    connection_kinds: Mapping[str, Any] = data["connection_kinds"]
    for name, kind in connection_kinds.items():
        for j, pair in enumerate(kind["links"]):
            for category in pair:
                if category not in categories:
                    yield doc.problem(
                        f"$.connection_kinds.{name}.links[{j}]",
                        f"unknown space category {category!r}{did_you_mean(category, categories)}; "
                        f"the space kinds have: {', '.join(sorted(categories))}",
                    )
    grid = data.get("grid")
    if grid:
        if grid["space_kind"] not in kinds:
            yield doc.problem("$.grid.space_kind", f"unknown space kind {grid['space_kind']!r}")
        if grid["connection_kind"] not in connection_kinds:
            yield doc.problem(
                "$.grid.connection_kind", f"unknown connection kind {grid['connection_kind']!r}"
            )
        for axis in ("columns", "rows"):
            low, high = grid[axis]
            if low > high:
                yield doc.problem(
                    f"$.grid.{axis}", f"first {axis[:-1]} {low} is after the last {high}"
                )
    category_of = {s["id"]: kinds.get(s["kind"], {}).get("category") for s in spaces}
    seen_links: set[tuple[str, frozenset[str]]] = set()
    for i, connection in enumerate(data.get("connections", [])):
        yield from _check_connection(doc, i, connection, connection_kinds, category_of, seen_links)


def _check_connection(
    doc: Document,
    i: int,
    connection: Mapping[str, Any],
    connection_kinds: Mapping[str, Any],
    category_of: Mapping[str, str | None],
    seen: set[tuple[str, frozenset[str]]],
) -> Iterator[DataProblem]:
    path = f"$.connections[{i}]"
    kind = connection["kind"]
    a, b = connection["between"]
    bad_end = False
    for j, end in enumerate((a, b)):
        if end not in category_of:
            bad_end = True
            yield doc.problem(
                f"{path}.between[{j}]", f"unknown space {end!r}{did_you_mean(end, category_of)}"
            )
    if kind not in connection_kinds:
        yield doc.problem(
            f"{path}.kind",
            f"unknown connection kind {kind!r} (expected one of: {', '.join(connection_kinds)})"
            f"{did_you_mean(kind, connection_kinds)}",
        )
        return
    if a == b:
        yield doc.problem(f"{path}.between", f"a connection cannot join {a!r} to itself")
        return
    key = (kind, frozenset((a, b)))
    if key in seen:
        yield doc.problem(f"{path}.between", f"duplicate {kind} connection between {a!r} and {b!r}")
    seen.add(key)
    if bad_end:
        return
    pair = {category_of[a], category_of[b]}
    allowed = [set(p) for p in connection_kinds[kind]["links"]]
    if pair not in allowed:
        shown = " or ".join("-".join(p) for p in connection_kinds[kind]["links"])
        yield doc.problem(
            f"{path}.between",
            f"a {kind} connection joins {shown} spaces, not {category_of[a]} {a!r} "
            f"and {category_of[b]} {b!r}",
        )


def _positions(doc: Document, spaces: list[Mapping[str, Any]]) -> Iterator[DataProblem]:
    """Board geometry is all or nothing: a map gives every named space a position, or none
    (and is then laid out automatically); a half-drawn map would put the rest anywhere."""
    placed = sum(1 for space in spaces if "position" in space)
    if not placed or placed == len(spaces):
        return
    for i, space in enumerate(spaces):
        if "position" not in space:
            yield doc.problem(
                f"$.spaces[{i}]",
                f"space {space['id']!r} has no position, but {placed} of the {len(spaces)} "
                "spaces have one: give every space a position or none",
            )


def _region_cycles(doc: Document, spaces: list[Mapping[str, Any]]) -> Iterator[DataProblem]:
    parent = {s["id"]: s.get("within") for s in spaces}
    for i, space in enumerate(spaces):
        seen = {space["id"]}
        current = parent.get(space["id"])
        while current is not None:
            if current in seen:
                yield doc.problem(
                    f"$.spaces[{i}].within", f"regions of {space['id']!r} form a cycle"
                )
                break
            seen.add(current)
            current = parent.get(current)


def check_pieces(
    doc: Document,
    sides: Iterable[str],
    space_kind_of: Mapping[str, str],
    categories: Mapping[str, str],
) -> Iterator[DataProblem]:
    """Pieces against the manifest's sides and the map's spaces.

    ``space_kind_of`` maps space id -> kind, ``categories`` kind -> category.
    """
    data = doc.value
    side_ids = list(sides)
    types: Mapping[str, Any] = data["piece_types"]
    kind_names = set(categories) | set(categories.values())
    for name, ptype in types.items():
        for j, where in enumerate(ptype["stands_on"]):
            if where not in kind_names:
                yield doc.problem(
                    f"$.piece_types.{name}.stands_on[{j}]",
                    f"unknown space kind or category {where!r}{did_you_mean(where, kind_names)}",
                )
        levy = ptype.get("levy", "none")
        if isinstance(levy, dict):
            for j, where in enumerate(levy["kinds"]):
                if where not in kind_names:
                    yield doc.problem(
                        f"$.piece_types.{name}.levy.kinds[{j}]",
                        f"unknown space kind or category {where!r}{did_you_mean(where, kind_names)}",
                    )
    entries = data["pieces"]
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        for piece in expand_entry(entry):
            if piece["id"] in seen:
                where = (
                    ""
                    if seen[piece["id"]] == i
                    else f" (also made by $.pieces[{seen[piece['id']]}])"
                )
                yield doc.problem(f"$.pieces[{i}].id", f"duplicate piece id {piece['id']!r}{where}")
            seen.setdefault(piece["id"], i)
    for i, piece in enumerate(entries):
        yield from _check_piece(doc, i, piece, side_ids, types, space_kind_of, categories)
    yield from _check_homes_and_counterparts(doc, entries, space_kind_of)
    yield from _check_counts(doc, expand_pieces(entries), side_ids, types)


def expand_entry(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The pieces one entry of a pieces file stands for: itself, or with ``count: N`` the N
    identical counters ``ID 1`` to ``ID N``, each remembering its ``group``."""
    count = entry.get("count")
    if count is None:
        return [dict(entry)]
    base = {key: value for key, value in entry.items() if key != "count"}
    names = entry.get("names", {})
    return [
        {
            **base,
            "id": f"{entry['id']} {n}",
            "group": entry["id"],
            **({"names": {lang: f"{name} {n}" for lang, name in names.items()}} if names else {}),
        }
        for n in range(1, count + 1)
    ]


def expand_pieces(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every piece of a pieces file, counters of a group one by one."""
    return [piece for entry in entries for piece in expand_entry(entry)]


def groups_of(pieces: Mapping[str, Mapping[str, Any]]) -> dict[str, list[str]]:
    """Group id -> its counters' ids, in order."""
    groups: dict[str, list[str]] = {}
    for pid, piece in pieces.items():
        if "group" in piece:
            groups.setdefault(piece["group"], []).append(pid)
    return groups


def expand_items(
    items: Iterable[Any], groups: Mapping[str, list[str]], taken: set[str], *, whole_groups: bool
) -> Iterator[tuple[int, Any, int]]:
    """A scenario list's items with group placements made concrete: ``(index, item, short)``
    for each piece placed, ``short`` the counters a group placement lacked (0 otherwise).

    ``{group, count}`` takes that many of the group's counters not taken yet,
    in order; with ``whole_groups`` (the ``out`` list) a group's id names all the rest.
    """
    for index, item in enumerate(items):
        if isinstance(item, Mapping) and "group" in item:
            free = [pid for pid in groups.get(item["group"], []) if pid not in taken]
            chosen = free[: item["count"]]
            taken.update(chosen)
            short = item["count"] - len(chosen)
            for pid in chosen:
                yield index, pid, 0
            if short or item["group"] not in groups:
                yield index, None, short
        elif whole_groups and isinstance(item, str) and item in groups:
            free = [pid for pid in groups[item] if pid not in taken]
            taken.update(free)
            for pid in free:
                yield index, pid, 0
        else:
            taken.add(item if isinstance(item, str) else item["piece"])
            yield index, item, 0


def _check_piece(
    doc: Document,
    i: int,
    piece: Mapping[str, Any],
    sides: list[str],
    types: Mapping[str, Any],
    space_kind_of: Mapping[str, str],
    categories: Mapping[str, str],
) -> Iterator[DataProblem]:
    path = f"$.pieces[{i}]"
    if piece["side"] not in sides:
        yield doc.problem(
            f"{path}.side",
            f"unknown side {piece['side']!r} (the manifest's sides are: {', '.join(sides)})"
            f"{did_you_mean(piece['side'], sides)}",
        )
    ptype = types.get(piece["type"])
    if ptype is None:
        yield doc.problem(
            f"{path}.type",
            f"unknown piece type {piece['type']!r}{did_you_mean(piece['type'], types)}",
        )
        return
    steps = piece.get("steps", 1)
    strengths = piece.get("strengths")
    if strengths is not None and (strengths != sorted(strengths) or strengths[-1] != steps):
        yield doc.problem(
            f"{path}.strengths", f"strengths must rise and end at steps ({steps}), got {strengths}"
        )
    levy_rule = ptype.get("levy", "none")
    levy = piece.get("levy")
    if levy_rule == "named" and levy is None:
        yield doc.problem(
            path,
            f"missing required field 'levy' ({article(piece['type'])} is levied at a named space)",
        )
    if levy is not None:
        if levy_rule != "named":
            yield doc.problem(f"{path}.levy", f"{article(piece['type'])} has no named levy space")
        elif levy not in space_kind_of:
            yield doc.problem(
                f"{path}.levy", f"unknown space {levy!r}{did_you_mean(levy, space_kind_of)}"
            )
        elif not _may_stand(ptype, space_kind_of[levy], categories):
            kind = space_kind_of[levy]
            yield doc.problem(
                f"{path}.levy",
                f"{article(piece['type'])} cannot stand on {levy!r} (a {kind}); "
                f"it stands on: {', '.join(ptype['stands_on'])}",
            )
    declared = ptype.get("stats", [])
    given = piece.get("stats", {})
    for stat in declared:
        if stat not in given:
            yield doc.problem(
                path, f"missing stat {stat!r} required by piece type {piece['type']!r}"
            )
    for stat in given:
        if stat not in declared:
            yield doc.problem(
                f"{path}.stats.{stat}", f"piece type {piece['type']!r} declares no stat {stat!r}"
            )


def _check_homes_and_counterparts(
    doc: Document, entries: Sequence[Mapping[str, Any]], space_kind_of: Mapping[str, str]
) -> Iterator[DataProblem]:
    """A piece's home spaces exist; its counterpart exists, is another side's and names it
    back (a unit printed once in each side's colour, e.g. Hammer of the Scots 2.22's nobles)."""
    by_id = {entry["id"]: entry for entry in entries}
    for i, piece in enumerate(entries):
        for j, home in enumerate(piece.get("homes", [])):
            if home not in space_kind_of:
                yield doc.problem(
                    f"$.pieces[{i}].homes[{j}]",
                    f"unknown space {home!r}{did_you_mean(home, space_kind_of)}",
                )
        other_id = piece.get("counterpart")
        if other_id is None:
            continue
        other = by_id.get(other_id)
        path = f"$.pieces[{i}].counterpart"
        if other is None:
            yield doc.problem(path, f"unknown piece {other_id!r}{did_you_mean(other_id, by_id)}")
        elif other["side"] == piece["side"]:
            yield doc.problem(
                path, f"the counterpart {other_id!r} is on the same side ({piece['side']!r})"
            )
        elif other.get("counterpart") != piece["id"]:
            yield doc.problem(
                path, f"the counterpart {other_id!r} does not name {piece['id']!r} as its own"
            )


def _may_stand(ptype: Mapping[str, Any], kind: str, categories: Mapping[str, str]) -> bool:
    allowed = set(ptype["stands_on"])
    return kind in allowed or categories.get(kind) in allowed


def _check_counts(
    doc: Document, pieces: Sequence[Mapping[str, Any]], sides: list[str], types: Mapping[str, Any]
) -> Iterator[DataProblem]:
    counts = doc.value.get("counts")
    if not counts:
        return
    if "total" in counts and counts["total"] != len(pieces):
        yield doc.problem(
            "$.counts.total", f"counts say {counts['total']} pieces, the file has {len(pieces)}"
        )
    for field, key, known in (("by_side", "side", sides), ("by_type", "type", list(types))):
        actual = Counter(p[key] for p in pieces)
        for name, expected in counts.get(field, {}).items():
            if name not in known:
                yield doc.problem(f"$.counts.{field}.{name}", f"unknown {key} {name!r}")
            elif actual[name] != expected:
                yield doc.problem(
                    f"$.counts.{field}.{name}",
                    f"counts say {expected} pieces of {key} {name!r}, the file has {actual[name]}",
                )


def check_cards(
    doc: Document, decks: Sequence[str] = (), spaces: Sequence[str] | None = None
) -> Iterator[DataProblem]:
    """Cards against their kinds; ``decks``: the names a card's ``deck`` may give (the
    sides and teams); ``spaces``: the map's spaces a card's ``space`` may name (None: the
    map could not be read, so no card's space is checked)."""
    data = doc.value
    kinds: Mapping[str, Any] = data["card_kinds"]
    cards = data["cards"]
    yield from _duplicates(doc, "$.cards", [c["id"] for c in cards], "card id")
    known_decks = sorted(set(decks))
    for i, card in enumerate(cards):
        deck = card.get("deck")
        if deck is not None and deck not in known_decks:
            yield doc.problem(
                f"$.cards[{i}].deck",
                f"unknown deck {deck!r}{did_you_mean(deck, known_decks)} (a side or team: "
                f"{', '.join(known_decks)})",
            )
        space = card.get("space")
        if space is not None and spaces is not None and space not in spaces:
            yield doc.problem(
                f"$.cards[{i}].space", f"unknown space {space!r}{did_you_mean(space, spaces)}"
            )
        names = [e["name"] for e in card.get("effects", [])]
        for j, name in enumerate(names):
            if name in names[:j]:
                yield doc.problem(f"$.cards[{i}].effects[{j}].name", f"duplicate effect {name!r}")
        kind = kinds.get(card["kind"])
        if kind is None:
            yield doc.problem(
                f"$.cards[{i}].kind",
                f"unknown card kind {card['kind']!r}{did_you_mean(card['kind'], kinds)}",
            )
            continue
        wanted = list(kind.get("values", []))
        given = card.get("values", {})
        for name in wanted:
            if name not in given:
                yield doc.problem(
                    f"$.cards[{i}]",
                    f"missing value {name!r} required by card kind {card['kind']!r}",
                )
        for name in given:
            if name not in wanted:
                yield doc.problem(
                    f"$.cards[{i}].values.{name}",
                    f"card kind {card['kind']!r} has no value {name!r}",
                )
    deck = data.get("deck_size")
    total = sum(c.get("copies", 1) for c in cards)
    if deck is not None and deck != total:
        yield doc.problem("$.deck_size", f"deck_size is {deck} but the copies add up to {total}")


def check_scenario(
    doc: Document,
    sides: list[str],
    pieces: Mapping[str, Mapping[str, Any]],
    types: Mapping[str, Any],
    space_kind_of: Mapping[str, str],
    categories: Mapping[str, str],
    unlisted: Collection[str] = (),
) -> Iterator[DataProblem]:
    """Each piece placed once, by its own side, only where it may stand; every piece of a
    side placed, but for the sides in ``unlisted`` (a position's ``others`` places the rest)."""
    setup = doc.value["setup"]
    placed_at: dict[str, str] = {}
    groups = groups_of(pieces)
    taken: set[str] = set()
    for side, side_setup in setup.items():
        base = f"$.setup.{side}"
        if side not in sides:
            yield doc.problem(base, f"unknown side {side!r}{did_you_mean(side, sides)}")
            continue
        for space, placements in side_setup.get("map", {}).items():
            where = f"{base}.map" + ("." + space if space.isidentifier() else f"['{space}']")
            if space not in space_kind_of:
                yield doc.problem(
                    where, f"unknown space {space!r}{did_you_mean(space, space_kind_of)}"
                )
                space_kind = None
            else:
                space_kind = space_kind_of[space]
            for j, item, short in expand_items(placements, groups, taken, whole_groups=False):
                if item is None:
                    yield _group_shortfall(doc, f"{where}[{j}]", placements[j], short, groups)
                    continue
                yield from _check_placement(
                    doc,
                    f"{where}[{j}]",
                    item,
                    side,
                    space,
                    space_kind,
                    pieces,
                    types,
                    categories,
                    placed_at,
                )
        for listname in ("pool", "out"):
            listed = side_setup.get(listname, [])
            for j, item, short in expand_items(
                listed, groups, taken, whole_groups=listname == "out"
            ):
                if item is None:
                    yield _group_shortfall(doc, f"{base}.{listname}[{j}]", listed[j], short, groups)
                    continue
                yield from _check_placement(
                    doc,
                    f"{base}.{listname}[{j}]",
                    item,
                    side,
                    listname,
                    None,
                    pieces,
                    types,
                    categories,
                    placed_at,
                )
    for side in sides:
        if side not in setup:
            yield doc.problem(
                "$.setup",
                f"side {side!r} has no set-up (list its pieces on the map, in the pool or out)",
            )
    for side in setup:
        if side not in sides or side in unlisted:
            continue
        missing = [p for p, piece in pieces.items() if piece["side"] == side and p not in placed_at]
        if missing:
            shown = ", ".join(repr(m) for m in missing[:8]) + (" ..." if len(missing) > 8 else "")
            yield doc.problem(
                f"$.setup.{side}",
                f"{len(missing)} piece(s) of side {side!r} are neither on the map, in the pool "
                f"nor out: {shown}",
            )


def _group_shortfall(
    doc: Document, path: str, item: Mapping[str, Any], short: int, groups: Mapping[str, Any]
) -> DataProblem:
    name = item["group"]
    if name not in groups:
        return doc.problem(
            f"{path}.group",
            f"unknown group {name!r}{did_you_mean(name, groups)} (a pieces entry with a count)",
        )
    return doc.problem(
        f"{path}.count",
        f"{item['count']} counters of {name!r} asked, only {item['count'] - short} left unplaced",
    )


def _check_placement(
    doc: Document,
    path: str,
    item: str | Mapping[str, Any],
    side: str,
    where: str,
    space_kind: str | None,
    pieces: Mapping[str, Mapping[str, Any]],
    types: Mapping[str, Any],
    categories: Mapping[str, str],
    placed_at: dict[str, str],
) -> Iterator[DataProblem]:
    name = item if isinstance(item, str) else item["piece"]
    piece = pieces.get(name)
    if piece is None:
        yield doc.problem(path, f"unknown piece {name!r}{did_you_mean(name, pieces)}")
        return
    if name in placed_at:
        yield doc.problem(path, f"piece {name!r} is placed twice (also in {placed_at[name]!r})")
        return
    placed_at[name] = where
    if piece["side"] != side:
        yield doc.problem(path, f"piece {name!r} belongs to side {piece['side']!r}, not {side!r}")
    ptype = types.get(piece["type"])
    if (
        space_kind is not None
        and ptype is not None
        and not _may_stand(ptype, space_kind, categories)
    ):
        yield doc.problem(
            path,
            f"{article(piece['type'])} cannot stand on {where!r} (a {space_kind}); "
            f"it stands on: {', '.join(ptype['stands_on'])}",
        )
    length = ptype.get("length", 1) if ptype is not None else 1
    if length > 1 and space_kind is not None and (isinstance(item, str) or "facing" not in item):
        yield doc.problem(
            path,
            f"{name!r} is a counter {length} hexes long: give its facing "
            f"({{piece: {name}, facing: N}}) so the hexes it covers are known",
        )
    if not isinstance(item, str) and "strength" in item:
        strengths = piece.get("strengths") or list(range(1, piece.get("steps", 1) + 1))
        if item["strength"] not in strengths:
            yield doc.problem(
                f"{path}.strength",
                f"{name!r} cannot have strength {item['strength']}; it may have {strengths}",
            )


#: Where each data file lists the entries that may carry ``names``.
_NAMED_ENTRIES = {"map": "spaces", "pieces": "pieces", "cards": "cards"}


def check_names(parts: Iterable[tuple[Document, str]]) -> Iterator[DataProblem]:
    """The ``names`` of spaces, pieces and cards (``parts``: each file with its kind): an id
    has one name in a language, whatever its kind (a leader's counter and his card share
    an id), and no name in a language is another entry's id or another id's name there,
    so a name typed reads as one id."""
    ids: set[str] = set()
    given: list[tuple[Document, str, str, str, str]] = []
    for doc, part in parts:
        key = _NAMED_ENTRIES[part]
        for i, entry in enumerate(doc.value.get(key, [])):
            ids.add(entry["id"])
            for expanded in expand_entry(entry) if part == "pieces" else [entry]:
                ids.add(expanded["id"])
            for language, name in entry.get("names", {}).items():
                given.append((doc, f"$.{key}[{i}].names.{language}", entry["id"], language, name))
    named: dict[tuple[str, str], str] = {}
    owner: dict[tuple[str, str], str] = {}
    for doc, path, ident, language, name in given:
        known = named.setdefault((ident, language), name)
        if known != name:
            yield doc.problem(path, f"{ident!r} is already named {known!r} in {language!r}")
            continue
        if name != ident and name in ids:
            yield doc.problem(path, f"the name {name!r} is the id of another entry")
            continue
        holder = owner.setdefault((name, language), ident)
        if holder != ident:
            yield doc.problem(path, f"{holder!r} already has the name {name!r} in {language!r}")


def _duplicates(
    doc: Document, path: str, ids: list[str], what: str, key: str = "id"
) -> Iterator[DataProblem]:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            yield doc.problem(f"{path}[{i}].{key}", f"duplicate {what} {ident!r}")
        seen.add(ident)
