"""Loading a game folder into a frozen :class:`~legatus.framework.model.gamedef.GameDef`.

Loading happens in three stages, each collecting every problem it finds:

1. read each YAML file safely (:mod:`legatus.framework.model.data.yamlfile`);
2. validate it against the JSON Schema of its kind (:mod:`legatus.framework.model.data.schemas`);
3. check cross-references between files (:mod:`legatus.framework.model.data.crossref`).

Only when all three pass is the ``GameDef`` built; otherwise a single
:class:`~legatus.framework.model.errors.DataError` lists every problem as
``file:LINE $.json.path: message``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from pathlib import Path
from typing import Any

from legatus.framework.model.data import crossref
from legatus.framework.model.data.schemas import validate
from legatus.framework.model.data.yamlfile import Document, load_yaml
from legatus.framework.model.errors import DataError, DataProblem
from legatus.framework.model.gamedef import (
    ActionDecl,
    Card,
    CardEffect,
    CardKind,
    GameDef,
    Piece,
    PieceType,
    Placement,
    Rating,
    RecordDecl,
    Scenario,
    ScenarioOption,
    Seat,
    Side,
    SideSetup,
    Visibility,
    Zone,
    frozen_map,
)

MANIFEST = "game.yaml"


def find_manifest(target: str | Path) -> Path | None:
    """The manifest of a folder or a manifest path, if ``target`` is one."""
    path = Path(target)
    if path.is_dir() and (path / MANIFEST).is_file():
        return path / MANIFEST
    if path.is_file() and path.suffix in (".yaml", ".yml"):
        return path
    return None


def load_game(path: str | Path) -> GameDef:
    """Load, validate and freeze the game in a folder (or at a manifest path).

    Raises :class:`DataError` listing every problem. Installed games are
    found by name through the catalog (:meth:`legatus.framework.play.catalog.Catalog.definition`).
    """
    manifest = find_manifest(path)
    if manifest is None:
        raise DataError.single(
            str(path), 0, "$", f"no game folder or manifest at {str(path)!r} (expected {MANIFEST})"
        )
    return _GameLoader(manifest).load()


class _GameLoader:
    def __init__(self, manifest_path: Path) -> None:
        self.manifest_path = manifest_path
        self.folder = manifest_path.parent
        self.problems: list[DataProblem] = []

    def display(self, path: Path) -> str:
        """File names in messages: relative to the working directory when possible."""
        try:
            return str(path.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def read(self, path: Path, kind: str) -> Document | None:
        try:
            doc = load_yaml(path, self.display(path))
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None
        problems = validate(doc, kind)
        self.problems.extend(problems)
        return None if problems else doc

    def checked(self, doc: Document, problems: Iterable[DataProblem]) -> Document | None:
        found = list(problems)
        self.problems.extend(found)
        return None if found else doc

    def file(self, manifest: Document, path: str, relative: str) -> Path | None:
        full = self.folder / relative
        try:
            exists = full.is_file()
        except OSError as exc:
            # is_file() only hides "no such file"; a name too long for the
            # file system (ENAMETOOLONG) or a forbidden folder raises.
            self.problems.append(
                manifest.problem(path, f"file {relative!r} cannot be read: {exc.strerror}")
            )
            return None
        if not exists:
            self.problems.append(manifest.problem(path, f"file {relative!r} does not exist"))
            return None
        return full

    def load(self) -> GameDef:
        manifest = self.read(self.manifest_path, "manifest")
        if manifest is None or self.checked(manifest, crossref.check_manifest(manifest)) is None:
            raise DataError(self.problems)
        files = manifest.value["files"]
        sides = [s["id"] for s in manifest.value["sides"]]
        docs = self.read_parts(manifest, files)
        map_doc = docs.get("map")
        board = None
        if map_doc is not None and self.checked(map_doc, crossref.check_map(map_doc)) is not None:
            from legatus.framework.model.board import Board

            board = Board.from_document(map_doc.value)
        pieces_doc = docs.get("pieces")
        if board is not None and pieces_doc is not None:
            kind_of = {s.id: s.kind for s in board.spaces.values()}
            pieces_doc = self.checked(
                pieces_doc,
                crossref.check_pieces(pieces_doc, sides, kind_of, dict(board.space_kinds)),
            )
        cards_doc = docs.get("cards")
        if cards_doc is not None:
            teams = [s.get("team", s["id"]) for s in manifest.value["sides"]]
            spaces = list(board.spaces) if board is not None else None
            cards_doc = self.checked(
                cards_doc, crossref.check_cards(cards_doc, decks=[*sides, *teams], spaces=spaces)
            )
        self.problems.extend(
            crossref.check_names(
                [(d, part) for part, d in (("map", map_doc), ("pieces", pieces_doc), ("cards",
                 cards_doc)) if d is not None]
            )
        )  # fmt: skip
        card_ids = [c["id"] for c in cards_doc.value["cards"]] if cards_doc is not None else []
        scenarios = self.check_scenarios(manifest, files, sides, board, pieces_doc, card_ids)
        if self.problems or board is None or pieces_doc is None:
            raise DataError(
                self.problems or [manifest.problem("$", "the game could not be loaded")]
            )
        return self.build(manifest, board, pieces_doc, cards_doc, scenarios)

    def read_parts(self, manifest: Document, files: Mapping[str, Any]) -> dict[str, Document]:
        docs: dict[str, Document] = {}
        for part in ("map", "pieces", "cards"):
            if part in files:
                path = self.file(manifest, f"$.files.{part}", files[part])
                doc = self.read(path, part) if path else None
                if doc is not None:
                    docs[part] = doc
        for key in ("rules", "variants", "positions"):
            for i, relative in enumerate(files.get(key, [])):
                self.file(manifest, f"$.files.{key}[{i}]", relative)
        return docs

    def check_scenarios(
        self,
        manifest: Document,
        files: Mapping[str, Any],
        sides: list[str],
        board: Any,
        pieces_doc: Document | None,
        card_ids: list[str] | None = None,
    ) -> list[Document]:
        result = []
        seen: dict[str, str] = {}
        for i, relative in enumerate(files["scenarios"]):
            path = self.file(manifest, f"$.files.scenarios[{i}]", relative)
            doc = self.read(path, "scenario") if path else None
            if doc is None:
                continue
            ident = doc.value["id"]
            if ident in seen:
                self.problems.append(
                    doc.problem("$.id", f"scenario id {ident!r} is also used by {seen[ident]}")
                )
                continue
            seen[ident] = doc.file
            if board is None or pieces_doc is None:
                continue
            pieces = {p["id"]: p for p in crossref.expand_pieces(pieces_doc.value["pieces"])}
            kind_of = {s.id: s.kind for s in board.spaces.values()}
            checked = self.checked(
                doc,
                chain(
                    crossref.check_scenario(
                        doc,
                        sides,
                        pieces,
                        pieces_doc.value["piece_types"],
                        kind_of,
                        dict(board.space_kinds),
                    ),
                    crossref.check_seats_and_records(
                        doc,
                        manifest.value,
                        {
                            "side": sides,
                            "team": [s.get("team", s["id"]) for s in manifest.value["sides"]],
                            "space": list(board.spaces),
                            "piece": list(pieces),
                            "card": card_ids or [],
                        },
                    ),
                ),
            )
            if checked is not None:
                result.append(checked)
        return result

    def build(
        self,
        manifest: Document,
        board: Any,
        pieces_doc: Document,
        cards_doc: Document | None,
        scenario_docs: list[Document],
    ) -> GameDef:
        m = manifest.value
        files = m["files"]
        players = m.get("players", {"min": len(m["sides"]), "max": len(m["sides"])})
        cards = cards_doc.value if cards_doc else {"card_kinds": {}, "cards": []}
        return GameDef(
            name=m["name"],
            title=m["title"],
            version=m["version"],
            folder=self.folder,
            sides=tuple(
                Side(s["id"], s["name"], s.get("colour"), s.get("team", ""), s.get("plural", False))
                for s in m["sides"]
            ),
            board=board,
            piece_types=frozen_map(
                {name: _piece_type(name, t) for name, t in pieces_doc.value["piece_types"].items()}
            ),
            pieces=frozen_map(
                {p["id"]: _piece(p) for p in crossref.expand_pieces(pieces_doc.value["pieces"])}
            ),
            card_kinds=frozen_map(
                {
                    name: CardKind(name, tuple(k.get("values", [])), k.get("description", ""))
                    for name, k in cards["card_kinds"].items()
                }
            ),
            cards=frozen_map(
                {
                    c["id"]: Card(
                        c["id"],
                        c["kind"],
                        c.get("copies", 1),
                        frozen_map(c.get("values", {})),
                        c.get("text", ""),
                        c.get("rule", ""),
                        c.get("deck", ""),
                        tuple(
                            CardEffect(e["name"], e.get("text", ""), e.get("rule", ""))
                            for e in c.get("effects", [])
                        ),
                        c.get("space", ""),
                        frozen_map(c.get("names", {})),
                    )
                    for c in cards["cards"]
                }
            ),
            scenarios=frozen_map({d.value["id"]: _scenario(d, pieces_doc) for d in scenario_docs}),
            visibility=_visibility(pieces_doc.value.get("visibility", {})),
            zones=frozen_map(
                {
                    name: Zone(name, z["visible_to"], bool(z.get("per_side", False)))
                    for name, z in cards.get("zones", {}).items()
                }
            ),
            rules_files=tuple(self.folder / f for f in files.get("rules", [])),
            variant_files=tuple(self.folder / f for f in files.get("variants", [])),
            position_files=tuple(self.folder / f for f in files.get("positions", [])),
            rulebook=m.get("rulebook", ""),
            description=m.get("description", ""),
            min_players=players["min"],
            max_players=players["max"],
            max_actions=m.get("max_actions", 0),
            player_defaults=frozen_map(
                {
                    name: frozen_map({key: _spec_value(v) for key, v in options.items()})
                    for name, options in m.get("computer_players", {}).items()
                }
            ),
            records=frozen_map(
                {name: _record(name, r) for name, r in m.get("records", {}).items()}
            ),
            actions=tuple(
                ActionDecl(a["name"], tuple(a.get("args", [])), a.get("doc", ""), a.get("rule", ""))
                for a in m.get("actions", [])
            ),
        )


def _spec_value(value: float) -> str:
    """A manifest's number as a player spec writes it (``200``, ``0.05``)."""
    return str(int(value)) if isinstance(value, int) or value == int(value) else repr(value)


def _record(name: str, data: Mapping[str, Any]) -> RecordDecl:
    return RecordDecl(
        name=name,
        schema=data["schema"],
        start=data.get("start"),
        per_side=bool(data.get("per_side", False)),
        visible_to=data.get("visible_to", "all"),
        description=data.get("description", ""),
        rule=data.get("rule", ""),
    )


def _visibility(data: Mapping[str, Any]) -> Mapping[str, Visibility]:
    return frozen_map(
        {
            attribute: Visibility(v["visible_to"], frozenset(v.get("revealed_by", [])))
            for attribute, v in data.items()
        }
    )


def _piece_type(name: str, data: Mapping[str, Any]) -> PieceType:
    levy = data.get("levy", "none")
    return PieceType(
        visibility=_visibility(data.get("visibility", {})),
        id=name,
        stands_on=frozenset(data["stands_on"]),
        levy=frozenset(levy["kinds"]) if isinstance(levy, dict) else levy,
        stats=tuple(data.get("stats", [])),
        description=data.get("description", ""),
        length=data.get("length", 1),
    )


def _piece(data: Mapping[str, Any]) -> Piece:
    rating = data.get("rating")
    attacking: Rating | None
    defending: Rating | None
    if isinstance(rating, dict):
        attacking, defending = Rating.parse(rating["attacking"]), Rating.parse(rating["defending"])
    elif rating is None:
        attacking = defending = None
    else:
        attacking = defending = Rating.parse(rating)
    steps = data.get("steps", 1)
    return Piece(
        id=data["id"],
        side=data["side"],
        type=data["type"],
        title=data.get("title", data["id"]),
        attacking=attacking,
        defending=defending,
        steps=steps,
        strengths=tuple(data.get("strengths") or range(1, steps + 1)),
        levy=data.get("levy"),
        stats=frozen_map(data.get("stats", {})),
        tags=frozenset(data.get("tags", [])),
        group=data.get("group", ""),
        names=frozen_map(data.get("names", {})),
        homes=tuple(data.get("homes", ())),
        counterpart=data.get("counterpart"),
    )


def _scenario(doc: Document, pieces_doc: Document) -> Scenario:
    expanded = {p["id"]: p for p in crossref.expand_pieces(pieces_doc.value["pieces"])}
    full = {pid: p.get("steps", 1) for pid, p in expanded.items()}
    groups = crossref.groups_of(expanded)
    taken: set[str] = set()

    def concrete(items: list[Any], *, whole_groups: bool = False) -> list[Any]:
        """The items with group placements made concrete (checked already)."""
        return [
            item
            for _, item, _ in crossref.expand_items(items, groups, taken, whole_groups=whole_groups)
            if item is not None
        ]

    def placement(item: str | Mapping[str, Any]) -> Placement:
        if isinstance(item, str):
            return Placement(item, full[item])
        return Placement(
            item["piece"],
            item.get("strength", full[item["piece"]]),
            item.get("facing"),
            frozen_map(item.get("attrs", {})),
        )

    data = doc.value
    setup = {}
    for side, s in data["setup"].items():
        # The same order as the check: the map, then the pool, then the pieces left out.
        on_map = {
            space: tuple(placement(i) for i in concrete(items))
            for space, items in s.get("map", {}).items()
        }
        pool = tuple(placement(i) for i in concrete(s.get("pool", [])))
        out = tuple(concrete(s.get("out", []), whole_groups=True))
        setup[side] = SideSetup(on_map=frozen_map(on_map), pool=pool, out=out)
    return Scenario(
        id=data["id"],
        title=data["title"],
        file=Path(doc.file),
        setup=frozen_map(setup),
        options=frozen_map(
            {
                o["id"]: ScenarioOption(
                    o["id"], o["title"], o.get("rule", ""), o.get("description", "")
                )
                for o in data.get("options", [])
            }
        ),
        description=data.get("description", ""),
        rule=data.get("rule", ""),
        default=bool(data.get("default", False)),
        seats=tuple(
            Seat(seat["id"], seat.get("name", seat["id"]), tuple(seat["sides"]))
            for seat in data.get("seats", [])
        ),
        records=frozen_map(data.get("records", {})),
    )
