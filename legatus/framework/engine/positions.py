"""Positions: a game at any point, as a data file.

A position (``*.position.yaml``, schema ``position.schema.json``) starts from
one of the game's scenarios and changes what it lists: the set-up (in a
scenario's form) or single pieces, card zones (hands and the deck's order),
records (tracks, treasuries, trophies), the seats, and where the sequence of
play stands (``at``: the step about to run and the counter of every repeat
around it). Designers write mid-campaign starts with it, and rule tests the
situation a rule is about, then play on through the real sequence of play::

    game: julius_caesar
    title: Dyrrachium, 706 AUC
    at: {step: card_phase, counters: {year: 2, turn: 1}}
    pieces:
      Antonius: {at: pool, flags: [face_up]}
    zones:
      hand:caesar: [2/3, 3/1, 4/1, Mars, Pluto]

The steps of the sequence before ``at`` do not run, but the game's set-up steps
(:meth:`~legatus.framework.engine.core.Game.setup_steps`, the steps at the head of the
sequence that run once as a game starts) do, on the scenario's start with the position's
set-up, seats, records and pieces; what the position lists then holds over what they
did, and its cards are placed (:mod:`~legatus.framework.engine.positioncards`). A
position with nothing but ``game:`` is a new game of the default scenario.

A position is checked like every data file, each problem at its line: its
schema, then against the game's data (pieces, spaces, sides, zones, cards,
records and their schemas, scenario, options, the step and its repeats),
and once built, against the game's invariants (``legatus check-game``'s),
before play starts. ``legatus position export SAVE --at N`` writes the
position reached after N actions of a save, with the engine's exact state
(``engine``: the stack, the counters, the generator), so play goes on from
there exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from legatus.framework.engine import positioncards, records
from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.invariants import invariants_for
from legatus.framework.engine.state import State, clone, initial_state, note_moved, set_flag
from legatus.framework.model.data import crossref
from legatus.framework.model.data.schemas import validate
from legatus.framework.model.data.yamlfile import Document, child_path, parse_yaml
from legatus.framework.model.errors import DataError, DataProblem, LegatusError
from legatus.framework.model.gamedef import (
    GameDef,
    Placement,
    Scenario,
    Seat,
    SideSetup,
    frozen_map,
)
from legatus.framework.model.names import did_you_mean

#: Largest position file read.
MAX_POSITION_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class Position:
    """A checked position file: its text (saves carry it) and its parsed document."""

    text: str
    doc: Document

    @property
    def data(self) -> Mapping[str, Any]:
        value: Mapping[str, Any] = self.doc.value
        return value

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def name(self) -> str:
        return self.doc.file


def read_position(path: Path) -> Position:
    """Read a position file and check it against its schema (a DataError lists problems)."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_POSITION_BYTES + 1)
    except OSError as exc:
        raise DataError.single(str(path), 0, "$", f"cannot read file: {exc.strerror}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise DataError.single(
            str(path), 0, "$", f"position files may be at most {MAX_POSITION_BYTES} bytes"
        )
    return parse_position(raw, str(path))


def parse_position(raw: bytes | str, name: str, *, game: str | None = None) -> Position:
    """A position from its text (a save carries it); schema problems raise DataError.

    ``game``: the game the caller knows the text is a position of (the test
    kit's): the text may then leave ``game:`` out.
    """
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    doc = parse_yaml(data, name)
    text = data.decode("utf-8").lstrip("\ufeff")
    given = {} if doc.value is None else doc.value
    if game is not None and isinstance(given, dict) and "game" not in given:
        doc = Document(doc.file, {"game": game, **given}, doc.lines)
        text = yaml.safe_dump(doc.value, sort_keys=False, allow_unicode=True, width=100)
    problems = validate(doc, "position")
    if problems:
        raise DataError(problems)
    return Position(text, doc)


# -- checking against the game ----------------------------------------------------------------


def check(game: Game, position: Position) -> list[DataProblem]:
    """Every problem of ``position`` against ``game``'s data, each at its line (in order)."""
    return sorted(_problems(game.definition, game, position), key=lambda p: (p.line, p.path))


def _problems(definition: GameDef, game: Game, position: Position) -> Iterator[DataProblem]:
    doc, data = position.doc, position.data
    if data["game"] != definition.name:
        yield doc.problem(
            "$.game", f"this is a position of {data['game']!r}, not of {definition.name!r}"
        )
        return
    scenario_id = data.get("scenario")
    if scenario_id is not None and scenario_id not in definition.scenarios:
        yield doc.problem(
            "$.scenario",
            f"unknown scenario {scenario_id!r}{did_you_mean(scenario_id, definition.scenarios)}; "
            f"its scenarios: {', '.join(definition.scenarios)}",
        )
        return
    scenario = _scenario(definition, scenario_id)
    for i, option in enumerate(data.get("options", [])):
        if option not in scenario.options:
            yield doc.problem(
                f"$.options[{i}]",
                f"scenario {scenario.id!r} has no option {option!r}"
                f"{did_you_mean(option, scenario.options)}; its options: "
                f"{', '.join(scenario.options) or 'none'}",
            )
    manifest = _manifest_view(definition)
    names = records.names_of(definition)
    seated = doc
    if "seats" not in data and scenario.seats:
        # A position that names no seats keeps its scenario's (scenario_of).
        inherited = [{"id": s.id, "sides": list(s.sides)} for s in scenario.seats]
        seated = Document(doc.file, {**data, "seats": inherited}, doc.lines)
    yield from crossref.check_seats_and_records(seated, manifest, names)
    if "setup" in data:
        yield from crossref.check_scenario(
            doc,
            list(definition.side_ids),
            _piece_entries(definition),
            _piece_types(definition),
            {space.id: space.kind for space in definition.board.spaces.values()},
            dict(definition.board.space_kinds),
            unlisted=[side for side, part in data["setup"].items() if "others" in part],
        )
    yield from _check_pieces(doc, definition, data.get("pieces", {}))
    yield from positioncards.check(doc, definition, data.get("zones", {}), data.get("remaining"))
    yield from _check_at(doc, game, data)


def _manifest_view(definition: GameDef) -> dict[str, Any]:
    """What the scenario checks read of a manifest, from the loaded definition."""
    return {
        "sides": [{"id": s.id, "team": s.team_id} for s in definition.sides],
        "players": {"min": definition.min_players, "max": definition.max_players},
        "records": {
            name: {"per_side": decl.per_side, "schema": dict(decl.schema)}
            for name, decl in definition.records.items()
        },
    }


def _piece_entries(definition: GameDef) -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = {}
    for pid, piece in definition.pieces.items():
        entry: dict[str, Any] = {
            "id": pid,
            "side": piece.side,
            "type": piece.type,
            "steps": piece.steps,
            "strengths": list(piece.strengths),
        }
        if piece.group:
            entry["group"] = piece.group
        entries[pid] = entry
    return entries


def _piece_types(definition: GameDef) -> dict[str, dict[str, Any]]:
    return {
        name: {"stands_on": sorted(t.stands_on), "length": t.length}
        for name, t in definition.piece_types.items()
    }


def _check_pieces(
    doc: Document, definition: GameDef, changes: Mapping[str, Mapping[str, Any]]
) -> Iterator[DataProblem]:
    spaces = definition.board.spaces
    places = [*spaces, "pool", "out"]
    for pid, change in changes.items():
        path = child_path("$.pieces", pid)
        piece = definition.pieces.get(pid)
        if piece is None:
            yield doc.problem(path, f"unknown piece {pid!r}{did_you_mean(pid, definition.pieces)}")
            continue
        at = change.get("at")
        if at is not None:
            if at not in places:
                yield doc.problem(
                    f"{path}.at",
                    f"unknown place {at!r}{did_you_mean(at, places)} (a space, pool or out)",
                )
            elif at in spaces:
                space = spaces[at]
                stands = definition.piece_types[piece.type].stands_on
                if space.kind not in stands and space.category not in stands:
                    yield doc.problem(
                        f"{path}.at",
                        f"{pid!r} cannot stand on {at!r} (a {space.kind}); it stands on: "
                        f"{', '.join(sorted(stands))}",
                    )
        side = change.get("side")
        if side is not None and side not in definition.side_ids:
            yield doc.problem(
                f"{path}.side", f"unknown side {side!r}{did_you_mean(side, definition.side_ids)}"
            )
        strength = change.get("strength")
        if strength is not None and strength not in piece.strengths:
            yield doc.problem(
                f"{path}.strength",
                f"{pid!r} cannot have strength {strength}; it may have {list(piece.strengths)}",
            )
        if change.get("facing") is not None and definition.board.hex_grid is None:
            yield doc.problem(f"{path}.facing", "a facing is for counters on a hex map")


def _check_at(doc: Document, game: Game, data: Mapping[str, Any]) -> Iterator[DataProblem]:
    at = data.get("at")
    if at is not None:
        loops = dict(at.get("counters", {}))
        try:
            game.path_to(at["step"], loops)
        except LegatusError as exc:
            yield doc.problem("$.at", str(exc))
    engine = data.get("engine")
    if engine is not None:
        if at is not None:
            yield doc.problem("$.engine", "give either at (where play resumes) or engine, not both")
        blocks = len(game.rules.program.blocks)
        for i, frame in enumerate(engine["stack"]):
            if "b" in frame and not (isinstance(frame["b"], int) and 0 <= frame["b"] < blocks):
                yield doc.problem(
                    f"$.engine.stack[{i}].b", f"no block {frame['b']!r} in the sequence"
                )
            elif "p" in frame and frame["p"] not in game.procedures:
                yield doc.problem(
                    f"$.engine.stack[{i}].p",
                    f"no procedure {frame['p']!r}{did_you_mean(str(frame['p']), game.procedures)}",
                )
            elif "b" not in frame and "p" not in frame:
                yield doc.problem(
                    f"$.engine.stack[{i}]", "a frame names a block (b) or a procedure (p)"
                )


# -- building the state -----------------------------------------------------------------------


def _scenario(definition: GameDef, scenario_id: str | None) -> Scenario:
    return (
        definition.scenarios[scenario_id]
        if scenario_id is not None
        else definition.default_scenario()
    )


def scenario_of(definition: GameDef, position: Position) -> Scenario:
    """The scenario a position starts from, with the position's seats, records and set-up."""
    data = position.data
    scenario = _scenario(definition, data.get("scenario"))
    changes: dict[str, Any] = {}
    if "seats" in data:
        changes["seats"] = tuple(
            Seat(s["id"], s.get("name", s["id"]), tuple(s["sides"])) for s in data["seats"]
        )
    if "records" in data:
        changes["records"] = frozen_map({**scenario.records, **data["records"]})
    if "setup" in data:
        changes["setup"] = _setup(definition, data["setup"])
    return replace(scenario, **changes) if changes else scenario


def _setup(definition: GameDef, setup: Mapping[str, Any]) -> Mapping[str, SideSetup]:
    pieces = _piece_entries(definition)
    groups = crossref.groups_of(pieces)
    taken: set[str] = set()

    def placement(item: Any) -> Placement:
        if isinstance(item, str):
            return Placement(item, definition.pieces[item].steps)
        return Placement(
            item["piece"],
            item.get("strength", definition.pieces[item["piece"]].steps),
            item.get("facing"),
            frozen_map(item.get("attrs", {})),
        )

    def concrete(items: list[Any], whole_groups: bool = False) -> list[Any]:
        return [
            item
            for _, item, _ in crossref.expand_items(items, groups, taken, whole_groups=whole_groups)
            if item is not None
        ]

    built: dict[str, SideSetup] = {}
    for side, part in setup.items():
        on_map = {
            space: tuple(placement(i) for i in concrete(items))
            for space, items in part.get("map", {}).items()
        }
        pool = tuple(placement(i) for i in concrete(part.get("pool", [])))
        out = tuple(concrete(part.get("out", []), whole_groups=True))
        others = part.get("others")
        if others is not None:
            placed = {p.piece for ps in on_map.values() for p in ps} | {p.piece for p in pool}
            placed.update(out)
            rest = [p for p, piece in definition.pieces.items() if piece.side == side]
            rest = [p for p in rest if p not in placed]
            if others == "pool":
                pool += tuple(Placement(p, definition.pieces[p].steps) for p in rest)
            else:
                out += tuple(rest)
        built[side] = SideSetup(frozen_map(on_map), pool, out)
    return frozen_map(built)


def start_state(
    game: Game, position: Position, run: Run | None = None, *, seed: int | None = None
) -> State:
    """The state a position describes, played on to its first decision; ``seed`` replaces
    the position's own (a simulation plays many games from one position).

    The scenario's start, with the position's seats, set-up, records and pieces, is
    played through the game's set-up steps before the position's step; then what the
    position lists is laid over what they did: its pieces and records hold, its cards are
    placed (:mod:`~legatus.framework.engine.positioncards`). A position with nothing but
    ``game:`` starts exactly as a new game of the default scenario.

    Raises :class:`DataError` with every problem: against the game's data (at
    their lines), then against the game's invariants once built.
    """
    found = check(game, position)
    if found:
        raise DataError(found)
    definition = game.definition
    data = position.data
    scenario = scenario_of(definition, position)
    state = initial_state(
        definition,
        scenario,
        seed=int(data.get("seed", 0)) if seed is None else seed,
        variant=game.variant,
        options=data.get("options", []),
    )
    run = run if run is not None else Run(count=False)
    engine = data.get("engine")
    at = data.get("at")
    loops = {key: int(value) for key, value in (at or {}).get("counters", {}).items()}
    pieces = data.get("pieces", {})
    _apply_pieces(state, pieces)
    set_up = True
    if engine is None:
        # An exported position holds the state after its set-up steps: they run for the others.
        before = game.path_to(at["step"], loops)[0][1] if at is not None else None
        try:
            set_up = _run_setup(game, state, run, before=before)
        except LegatusError as exc:
            raise DataError.single(
                position.name, 0, "$", f"cannot start play here: {exc}"
            ) from None
        _apply_pieces(state, pieces)
        _apply_records(definition, state, data.get("records", {}))
    found = positioncards.place(
        position.doc, definition, state, data.get("zones", {}), data.get("remaining")
    )
    if found:
        raise DataError(found)
    try:
        # Where the sequence of play stands, first, so that the invariants see its counters.
        if engine is not None:
            state["stack"] = json.loads(json.dumps(engine["stack"]))
            state["vars"] = dict(engine["vars"])
            if seed is None or seed == int(data.get("seed", 0)):
                state["rng"] = list(engine["rng"])  # exactly where the exported game stood
        elif at is not None:
            state["stack"] = []
            game.place_at(state, at["step"], loops, run)
    except LegatusError as exc:
        raise DataError.single(position.name, 0, "$.at", f"cannot start play here: {exc}") from None
    # The game's invariants hold once its set-up steps have run: not before one play runs.
    problems = _state_problems(game, state, position, before_play=True) if set_up else []
    if at is not None and engine is None:
        problems = _step_problems(game, state, position, at["step"], loops, run) + problems
    if problems:
        raise DataError(problems)
    try:
        if at is not None and engine is None:
            game.resume_at(state, at["step"], loops, run)
        else:
            game.settle(state, run)
    except LegatusError as exc:
        raise DataError.single(position.name, 0, "$", f"cannot start play here: {exc}") from None
    problems = _state_problems(game, state, position, before_play=False)
    if problems:
        raise DataError(problems)
    return state


def _run_setup(game: Game, state: State, run: Run, *, before: int | None = None) -> bool:
    """Put the sequence of play at its start and run its set-up steps
    (:meth:`~legatus.framework.engine.core.Game.setup_steps`) on ``state``, as a new game
    runs them: those before the step at index ``before`` of the sequence, or all of them
    (None: the position starts at the beginning). A set-up step that asks the players a
    decision (Julius Caesar's free deployment, JC 5.3) is not run: a position starting at
    the beginning starts at that decision; one starting later says with its pieces what the
    players chose, and the set-up steps after it run. True when play goes on past every
    set-up step."""
    game.place_at_start(state)
    count = len(game.setup_steps())
    last = count if before is None else min(before, count)
    for index in range(last):
        kept = clone(state)
        if game.run_setup_step(state, run):
            continue
        state.clear()
        state.update(kept)
        if before is None:
            return False
        state["stack"][0]["i"] = index + 1  # passed over
    return last == count


def _apply_pieces(state: State, changes: Mapping[str, Mapping[str, Any]]) -> None:
    for pid, change in changes.items():
        piece = state["pieces"][pid]
        for key in ("at", "side", "strength", "facing"):
            if key in change:
                piece[key] = change[key]
        if "flags" in change:
            piece["flags"] = []
            for flag in change["flags"]:
                set_flag(state, pid, flag)
        if "attrs" in change:
            piece["attrs"] = dict(change["attrs"])
    note_moved()


def _apply_records(definition: GameDef, state: State, given: Mapping[str, Any]) -> None:
    """The records the position gives, over what the set-up steps made of them (a per-side
    record: the sides it names)."""
    for name, value in given.items():
        copied = json.loads(json.dumps(value))
        if definition.records[name].per_side and isinstance(copied, dict):
            state["records"][name].update(copied)
        else:
            state["records"][name] = copied


def _step_problems(
    game: Game, state: State, position: Position, step: str, loops: Mapping[str, int], run: Run
) -> list[DataProblem]:
    """What the game declares must hold just before the step the position names
    (:class:`~legatus.framework.engine.invariants.StepInvariant`), each thing found against
    it a problem at the line of ``at``."""
    if game.plugin is None:
        return []
    blocks = game.path_to(step, loops)
    block, index = blocks[-1]
    procedure = getattr(block.body[index], "procedure", step)
    where = ", ".join(f"{name} {value}" for name, value in loops.items())
    named = f"{step} ({where})" if where else step
    ctx = Context(game, state, run)
    problems = []
    for invariant in game.plugin.step_invariants():
        if procedure not in invariant.steps:
            continue
        cited = f" ({invariant.rule})" if invariant.rule else ""
        for found in invariant.check(ctx):
            problems.append(
                position.doc.problem(
                    "$.at", f"at {named}, {invariant.expected}{cited}; but {found}"
                )
            )
    return problems


def _state_problems(
    game: Game, state: State, position: Position, *, before_play: bool
) -> list[DataProblem]:
    """The game's invariants and the records' schemas on the built state, as problems of
    the position file."""
    definition = game.definition
    name = position.name
    when = "the position" if before_play else "the position, once play starts,"
    problems = [
        DataProblem(name, 0, "$", f"{when} breaks {check_name}: {problem}")
        for check_name, check in invariants_for(game).items()
        for problem in check(definition, state)
    ]
    problems.extend(
        DataProblem(name, 0, "$.records", f"{when} breaks a record's schema: {problem}")
        for problem in records.problems(definition, state)
    )
    return problems


# -- exporting --------------------------------------------------------------------------------


def export(game: Game, state: State, *, title: str = "", note: str = "") -> str:
    """A position file (YAML text) for ``state``: everything it holds, the engine's exact
    frames included, so that play goes on from it exactly."""
    definition = game.definition
    body: dict[str, Any] = {
        "game": definition.name,
        "title": title or f"{definition.title}, after {state['actions']} actions",
    }
    if note:
        body["description"] = note
    body["scenario"] = state["scenario"]
    if state["variant"]:
        body["variant"] = state["variant"]
    if state["options"]:
        body["options"] = list(state["options"])
    body["seed"] = int(state["seed"])
    body["seats"] = [{"id": seat, "sides": list(sides)} for seat, sides in state["seats"].items()]
    body["setup"] = _placed(definition, state)
    flagged: dict[str, dict[str, Any]] = {
        pid: {"flags": list(piece["flags"])}
        for pid, piece in state["pieces"].items()
        if piece["flags"]
    }
    for pid, piece in state["pieces"].items():
        if piece["side"] != definition.pieces[pid].side:
            flagged.setdefault(pid, {})["side"] = piece["side"]
        if piece["at"] == "out" and piece["strength"] != definition.pieces[pid].steps:
            flagged.setdefault(pid, {})["strength"] = piece["strength"]
    if flagged:
        body["pieces"] = flagged
    body["zones"] = {key: list(cards) for key, cards in state["zones"].items()}
    body["records"] = json.loads(json.dumps(state["records"]))
    body["engine"] = {
        "stack": json.loads(json.dumps(state["stack"])),
        "vars": dict(state["vars"]),
        "rng": list(state["rng"]),
    }
    header = (
        f"# A position of {definition.title}, exported by legatus position export.\n"
        "# 'engine' holds the engine's exact state: edit the rest, not it.\n"
    )
    return header + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=100)


def _placed(definition: GameDef, state: State) -> dict[str, Any]:
    """The pieces of ``state`` in a scenario set-up's form (by the side that owns each now)."""
    setup: dict[str, Any] = {side: {} for side in definition.side_ids}
    for pid, piece in state["pieces"].items():
        owner = definition.pieces[pid].side
        part = setup[owner]
        full = piece["strength"] == definition.pieces[pid].steps
        extra = {k: piece[k] for k in ("facing",) if k in piece}
        if "attrs" in piece:
            extra["attrs"] = dict(piece["attrs"])
        item: Any = (
            pid if full and not extra else {"piece": pid, "strength": piece["strength"], **extra}
        )
        if piece["at"] == "out":
            part.setdefault("out", []).append(pid)
        elif piece["at"] == "pool":
            part.setdefault("pool", []).append(item)
        else:
            part.setdefault("map", {}).setdefault(piece["at"], []).append(item)
    return setup


__all__ = [
    "Position",
    "check",
    "export",
    "parse_position",
    "read_position",
    "scenario_of",
    "start_state",
]
