"""``legatus check-game``: show that a game plugin is sound.

Random games are played to the end from every scenario; after every action
the generic and the game's own invariants are checked. Along the way, at
points chosen by the game's seed, the checker also verifies

* save and replay: a save of the game so far replays to the same state hash;
* undo: undoing an action the undo rule allows restores the exact earlier
  state, and undo after a die roll or a reveal is refused;
* views and information sets: changing what a side may not see (which of
  the other sides' hidden pieces is which, everywhere it is named, their
  strengths, cards, private data, the generator) never changes that side's
  view nor its information set (:mod:`legatus.framework.play.ai.infoset`), and every field
  on the stack is one its procedure declares (:mod:`legatus.framework.engine.frames`);
* listings: a copy of the state read afresh (as a loaded save or a search's
  sample is) lists the same legal actions as the match that reached it, and
  asking again changes nothing.

After every action, each legal action listed must also be one the game's
declared action kinds describe (:mod:`legatus.framework.engine.actionkinds`).

Every fault is reported with the seed and the action log that reproduce it,
written as a save file that ``legatus replay`` opens. Games run in parallel
worker processes; with an output file, an interrupted run resumes where it
stopped. The same functions serve a plugin's own pytest suite
(:func:`assert_game_sound`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Generator, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, closing
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from legatus.framework.engine import records, rng
from legatus.framework.engine.frames import undeclared
from legatus.framework.engine.invariants import Invariant, invariants_for
from legatus.framework.engine.records import sees_entry
from legatus.framework.engine.state import State, clone, note_moved, state_hash
from legatus.framework.engine.view import observe, viewer_of
from legatus.framework.model.errors import LegatusError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import MAX_ACTIONS, Match, UndoRefused
from legatus.framework.tools.resultsfile import append, locked, read_lines, shape_problem

#: Bound on a game's length when the manifest declares none.
DEFAULT_MAX_ACTIONS = MAX_ACTIONS
#: How many points of each game get the save, undo and view checks.
SPOT_CHECKS = 3


@dataclass
class Fault:
    # invariant, dead_end, too_long, exception, replay, undo, view_leak, listing,
    # undeclared_action, undeclared_field, record, infoset_leak, determinism
    kind: str
    message: str
    action: int
    save: str | None = None


@dataclass
class CheckReport:
    scenario: str
    seed: int
    actions: int = 0
    winner: str | None = None
    reason: str = ""
    #: Every side's rank, when the game ranks its sides (teams share a rank).
    ranks: dict[str, int] | None = None
    faults: list[Fault] = field(default_factory=list)
    replays: int = 0
    undos: int = 0
    views: int = 0
    infosets: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckReport:
        faults = [Fault(**f) for f in data.pop("faults")]
        return cls(**data, faults=faults)


def check_one(
    name: str, scenario: str, seed: int, variant: str | None = None, out_dir: str | None = None
) -> CheckReport:
    """Play one random game with every check; never raises for a game fault."""
    game = default_catalog().load(name, variant)
    definition = game.definition
    report = CheckReport(scenario, seed)
    checks = invariants_for(game)
    limit = definition.max_actions or DEFAULT_MAX_ACTIONS
    spots = _spots(seed, limit)
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(definition.side_ids)}
    match: Match | None = None
    try:
        match = Match.new(game, scenario, seed=seed, players=agents, history=True)
        while not match.over:
            count = len(match.moves)
            if count >= limit:
                report.faults.append(Fault("too_long", f"no end within {limit} actions", count))
                break
            # The undo check at a spot compares with the hash before the action.
            before = state_hash(match.state) if count in spots else ""
            match.step()
            for fault in _invariants(checks, definition, match.state, count + 1):
                report.faults.append(fault)
            report.faults.extend(_undeclared(match, count + 1))
            if count in spots:
                _spot_checks(report, match, before, seed + count)
                report.faults.extend(_listing(match, count + 1))
            if report.faults:
                break
    except LegatusError as exc:
        kind = "dead_end" if "no legal action" in str(exc) else "exception"
        at = len(match.moves) if match else 0
        report.faults.append(Fault(kind, f"{type(exc).__name__}: {exc}", at))
    except Exception as exc:  # a plugin bug of any kind is a finding, not a crash
        at = len(match.moves) if match else 0
        report.faults.append(Fault("exception", f"{type(exc).__name__}: {exc}", at))
    if match is not None:
        report.actions = len(match.moves)
        result = match.state["result"] or {}
        report.winner = result.get("winner")
        report.reason = result.get("reason", "")
        report.ranks = result.get("ranks")
        if report.faults and out_dir:
            path = Path(out_dir) / f"fault-{name}-{scenario}-{seed}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(match.to_save(), indent=1) + "\n", "utf-8")
            for fault in report.faults:
                fault.save = str(path)
    return report


def _first(ranks: dict[str, int] | None) -> str:
    """The sides ranked first together (a team's win), joined with '+'; '' if none or all."""
    if not ranks:
        return ""
    first = sorted(side for side, rank in ranks.items() if rank == 1)
    return "+".join(first) if len(first) < len(ranks) else ""


def _spots(seed: int, limit: int) -> set[int]:
    state = rng.seed_state(seed ^ 0x5EED)
    horizon = min(limit, 400)
    return {rng.below(state, horizon) for _ in range(SPOT_CHECKS)} | {0}


def _invariants(
    checks: dict[str, Invariant], definition: GameDef, state: State, at: int
) -> Iterator[Fault]:
    for name, check in checks.items():
        for problem in check(definition, state):
            yield Fault("invariant", f"{name}: {problem}", at)


def _undeclared(match: Match, at: int) -> Iterator[Fault]:
    """Legal actions that none of the game's declared action kinds describes."""
    kinds = match.game.actions
    if kinds is None:
        return
    for action in match.legal_actions():
        try:
            kinds.check(action)
        except LegatusError as exc:
            yield Fault("undeclared_action", str(exc), at)
            return


def _listing(match: Match, at: int) -> Iterator[Fault]:
    """A copy read afresh lists what the match lists, and listing changes nothing."""
    if match.over:
        return
    copy = clone(match.state)
    before = state_hash(copy)
    fresh = match.game.legal_actions(copy)
    if fresh != match.legal_actions():
        yield Fault("listing", "a copy of the state lists other legal actions", at)
    elif state_hash(copy) != before:
        yield Fault("listing", "listing the legal actions changed the state", at)


def _spot_checks(report: CheckReport, match: Match, before: str, salt: int) -> None:
    at = len(match.moves)
    # Save and replay.
    replayed = Match.resume(match.to_save(), default_catalog().load_saved)
    report.replays += 1
    if replayed.hash() != match.hash():
        report.faults.append(Fault("replay", "the replayed state differs", at))
    # Undo: allowed ones restore the earlier state exactly; the others are refused.
    side = match.moves[-1].side
    probe = match.branch()
    if match.state["actions"] > match.state["undo_floor"]:
        restored = probe.undo(side)
        report.undos += 1
        if state_hash(restored) != before:
            report.faults.append(Fault("undo", "undo did not restore the earlier state", at))
    else:
        try:
            probe.undo(side)
            report.faults.append(Fault("undo", "undo past a roll or reveal was allowed", at))
        except UndoRefused:
            report.undos += 1
    # Views and information sets: what a side reads ignores what it may not see.
    game = match.game
    definition = game.definition
    for side_id in definition.side_ids:
        perturbed = perturb(definition, match.state, side_id, salt, game.procedures)
        report.views += 1
        if observe(definition, match.state, side_id) != observe(definition, perturbed, side_id):
            report.faults.append(
                Fault("view_leak", f"{side_id}'s view changed with hidden facts", at)
            )
        report.infosets += 1
        truth = information_set(game, match.state, side_id)
        other = information_set(game, perturbed, side_id)
        if (truth.skeleton, truth.log, truth.tokens) != (other.skeleton, other.log, other.tokens):
            report.faults.append(
                Fault("infoset_leak", f"{side_id}'s information set changed with hidden facts", at)
            )
    for problem in records.problems(definition, match.state):
        report.faults.append(Fault("record", problem, at))
    for procedure, key in sorted(set(undeclared(game, match.state))):
        report.faults.append(
            Fault("undeclared_field", f"procedure {procedure!r} does not declare field {key!r}", at)
        )


def perturb(
    definition: GameDef,
    state: State,
    side: str,
    salt: int,
    procedures: Mapping[str, Any] | None = None,
) -> State:
    """A copy of the state that differs only in what ``side`` may not see.

    ``procedures`` (the game's, by name) say which values of a rules procedure's frame may
    be pieces: only those are renamed with the hidden pieces, as only those are hidden in a
    view (a space named like a piece, Hammer of the Scots' Moray, stays itself)."""
    other = clone(state)
    stream = rng.seed_state(salt)
    rules = definition.piece_visibility
    viewer = viewer_of(state, side)

    def hidden_from(pid: str, attribute: int) -> bool:
        rule = rules[pid][attribute]
        flags = other["pieces"][pid]["flags"]
        return rule.visible_to != "all" and not any(f in rule.revealed_by for f in flags)

    renamed: dict[str, str] = {}
    for owner in definition.side_ids:
        if owner in viewer:
            continue
        mine = [pid for pid, p in other["pieces"].items() if p["side"] == owner]
        # Rename the pieces whose identity is hidden, among themselves: each record goes
        # to another id, and so does every mention of the id on the stack and in the
        # private records (a fact only the owner may know: which piece is which).
        # Pieces are renamed only among those that began on the same side: a piece that
        # changed sides did so in front of both (Julius Caesar's Jupiter) ...
        hidden = [pid for pid in mine if hidden_from(pid, 0)]
        for printed in sorted({definition.pieces[pid].side for pid in hidden}):
            group = [pid for pid in hidden if definition.pieces[pid].side == printed]
            names = list(group)
            rng.shuffle(stream, names)
            entries = [other["pieces"][pid] for pid in group]
            for name, record in zip(names, entries, strict=True):
                other["pieces"][name] = record
            note_moved()  # each id has another entry: another place, maybe another side
            renamed.update((old, new) for old, new in zip(group, names, strict=True) if old != new)
        # ... and give each piece whose strength is hidden another strength it may have.
        for pid in mine:
            if hidden_from(pid, 1):
                levels = definition.pieces[pid].strengths
                strength = levels[rng.below(stream, len(levels))]
                other["pieces"][pid] = dict(other["pieces"][pid], strength=strength)
    hidden_zones = [
        key
        for key in other["zones"]
        if (zone := definition.zones.get(key.partition(":")[0])) is not None
        and zone.visible_to != "all"
        and not (zone.visible_to == "owner" and key.partition(":")[2] in viewer)
    ]
    pool = [card for key in hidden_zones for card in other["zones"][key]]
    rng.shuffle(stream, pool)
    for key in hidden_zones:
        size = len(other["zones"][key])
        other["zones"][key], pool = pool[:size], pool[size:]
    if renamed:
        _rename(definition, other, renamed, viewer, procedures)
    kept = other["records"]
    for name, decl in definition.records.items():
        if decl.per_side:
            for owner in kept[name]:
                if not sees_entry(definition, decl, owner, viewer):
                    kept[name][owner] = _scramble(kept[name][owner], salt)
        elif decl.visible_to == "none":
            kept[name] = _scramble(kept[name], salt)
    other["rng"] = rng.seed_state(salt + 1)
    if other["prompt"] is not None and other["prompt"]["side"] not in viewer:
        other["prompt"]["text"] = "perturbed"
    for event in other["log"]:
        if event.get("to") is not None and viewer.isdisjoint(event["to"]):
            event["text"] = "perturbed"
            event.pop("data", None)
    return other


def _rename(
    definition: GameDef,
    state: State,
    renamed: dict[str, str],
    viewer: frozenset[str],
    procedures: Mapping[str, Any] | None = None,
) -> None:
    """Every mention of a renamed piece on the stack and in the records the viewer may not
    read whole (another side's own, the hidden ones, those whose piece ids follow the
    pieces' visibility), in place.

    Records declared visible to all, the variables and the log are everyone's by
    declaration, and may rightly name a piece hidden now: history (a block revealed in
    an earlier battle, a leader killed, Julius Caesar's trophies) that every side saw.
    """

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            return renamed.get(value, value)
        if isinstance(value, list):
            return [swap(item) for item in value]
        if isinstance(value, dict):
            return {swap(key): swap(item) for key, item in value.items()}
        return value

    def swap_frame(frame: Any) -> Any:
        procedure = (procedures or {}).get(frame.get("p", "")) if isinstance(frame, dict) else None
        shown_pieces = getattr(procedure, "shown_pieces", None)
        if shown_pieces is None:
            return swap(frame)
        return {key: shown_pieces(key, value, swap) for key, value in frame.items()}

    state["stack"] = [swap_frame(frame) for frame in state["stack"]]
    kept = state["records"]
    for name, decl in definition.records.items():
        if decl.visible_to in ("pieces", "none"):
            kept[name] = swap(kept[name])
        elif decl.per_side:
            for owner in kept[name]:
                if not sees_entry(definition, decl, owner, viewer):
                    kept[name][owner] = swap(kept[name][owner])


def _scramble(value: Any, salt: int) -> Any:
    """Other values in the same shape: keys kept, numbers and texts changed, lists reversed."""
    if isinstance(value, dict):
        return {key: _scramble(item, salt) for key, item in value.items()}
    if isinstance(value, list):
        return [_scramble(item, salt) for item in reversed(value)]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + salt % 7 + 1
    if isinstance(value, str):
        return f"perturbed {salt}"
    return value


@dataclass
class Summary:
    game: str
    reports: list[CheckReport]
    determinism: list[Fault] = field(default_factory=list)

    @property
    def faults(self) -> list[tuple[CheckReport, Fault]]:
        return [(r, f) for r in self.reports for f in r.faults]

    def figures(self) -> dict[str, Any]:
        games = len(self.reports)
        kinds: dict[str, int] = {}
        for _, fault in self.faults:
            kinds[fault.kind] = kinds.get(fault.kind, 0) + 1
        for fault in self.determinism:
            kinds[fault.kind] = kinds.get(fault.kind, 0) + 1
        winners: dict[str, int] = {}
        for r in self.reports:
            key = r.winner or _first(r.ranks) or "draw"
            winners[key] = winners.get(key, 0) + 1
        return {
            "game": self.game,
            "games": games,
            "finished": sum(1 for r in self.reports if r.reason and not r.faults),
            "faults": kinds,
            "replays": sum(r.replays for r in self.reports),
            "undos": sum(r.undos for r in self.reports),
            "views": sum(r.views for r in self.reports),
            "infosets": sum(r.infosets for r in self.reports),
            "mean_actions": round(sum(r.actions for r in self.reports) / games, 1) if games else 0,
            "winners": dict(sorted(winners.items())),
        }


def _task(args: tuple[str, str, int, str | None, str | None]) -> dict[str, Any]:
    return check_one(*args).to_json()


def check_game(
    name: str,
    *,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    out: Path | None = None,
    variant: str | None = None,
    determinism: int = 2,
) -> Summary:
    game = default_catalog().load(name, variant)
    definition = game.definition
    tasks = [
        (
            definition.name,
            scenario,
            seed + i,
            variant,
            str(out.parent / (out.stem + "-faults")) if out else None,
        )
        for scenario in definition.scenarios
        for i in range(games)
    ]
    identity = {"game": definition.name, "variant": game.variant, "fingerprint": game.fingerprint}
    done: dict[tuple[str, int], CheckReport] = {}
    with ExitStack() as stack:
        sink = stack.enter_context(locked(out)) if out is not None else None
        if out is not None:
            # Read under the lock: another run cannot be adding lines meanwhile.
            seen: dict[tuple[str, int], dict[str, Any]] = {}

            def check(line: dict[str, Any]) -> str | None:
                problem = _line_problem(line, identity, definition.side_ids)
                if problem is None:
                    key = (line["scenario"], line["seed"])
                    if seen.setdefault(key, line) != line:
                        return (
                            f"seed {line['seed']} of scenario {line['scenario']} is already in "
                            "the file with another result"
                        )
                return problem

            for _, line in read_lines(out, check):
                fields = {k: v for k, v in line.items() if k not in identity}
                report = CheckReport.from_json(fields)
                done[(report.scenario, report.seed)] = report
        todo = [t for t in tasks if (t[1], t[2]) not in done]
        for data in stack.enter_context(closing(_run(todo, workers))):
            report = CheckReport.from_json(dict(data))
            done[(report.scenario, report.seed)] = report
            if sink is not None and out is not None:
                append(sink, out, json.dumps({**identity, **data}) + "\n", len(done) - 1)
    reports = [done[(t[1], t[2])] for t in tasks]
    summary = Summary(definition.name, reports)
    for task in tasks[:determinism]:
        summary.determinism.extend(check_determinism(definition.name, task[1], task[2], variant))
    return summary


#: The fields of a line of a check-game results file besides its identity, and their types.
_REPORT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "scenario": str,
    "seed": int,
    "actions": int,
    "winner": (str, type(None)),
    "reason": str,
    "faults": list,
    "replays": int,
    "undos": int,
    "views": int,
    "infosets": int,
    "ranks": (dict, type(None)),
}
_FAULT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "kind": str,
    "message": str,
    "action": int,
    "save": (str, type(None)),
}


def _line_problem(
    line: dict[str, Any], identity: dict[str, Any], sides: Sequence[str]
) -> str | None:
    """What is wrong with one line of a check-game results file, or None."""
    theirs = {key: line.get(key) for key in identity}
    if theirs != identity:
        return (
            f"this results file holds another game or rules ({theirs['game']}, variant "
            f"{theirs['variant']}, files {theirs['fingerprint']}); use another --out file"
        )
    report = {k: v for k, v in line.items() if k not in identity}
    report.setdefault("ranks", None)  # lines written before results carried ranks
    problem = shape_problem(report, _REPORT_FIELDS, "the line")
    if problem is not None:
        return problem
    ranks = report["ranks"]
    if ranks is not None and (
        not ranks
        or not set(ranks) <= set(sides)
        or not all(
            isinstance(r, int) and not isinstance(r, bool) and r >= 1 for r in ranks.values()
        )
    ):
        return f"the ranks {json.dumps(ranks)} are not a rank from 1 for sides of the game ({', '.join(sides)})"
    if report["winner"] is not None and report["winner"] not in sides:
        return f"the winner {report['winner']!r} is not a side ({', '.join(sides)})"
    for number, fault in enumerate(report["faults"], 1):
        if not isinstance(fault, dict):
            return f"fault {number} of the line is not an object"
        problem = shape_problem(fault, _FAULT_FIELDS, f"fault {number} of the line")
        if problem is not None:
            return problem
    return None


#: Games a worker plays per batch sent back to the parent process.
CHUNK_GAMES = 4


def _run(
    tasks: list[tuple[str, str, int, str | None, str | None]], workers: int
) -> Generator[dict[str, Any], None, None]:
    if workers <= 1:
        for task in tasks:
            yield _task(task)
        return
    # Small chunks: results reach the JSONL file (and a resumed run) a few games at a time,
    # not 1/16 of a long run at a time (625 games of 10,000: an hour lost when interrupted).
    chunk = max(1, min(CHUNK_GAMES, len(tasks) // (workers * 8)))
    from legatus.framework.tools.simulate.backends import ignore_interrupts, stop_workers

    pool = ProcessPoolExecutor(max_workers=workers, initializer=ignore_interrupts)
    finished = False
    try:
        yield from pool.map(_task, tasks, chunksize=chunk)
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # Ctrl-C, SIGTERM, a failed write: the workers stop now
            stop_workers(pool)


_PLAY_SCRIPT = """
import sys
from legatus.framework.tools.checkgame import play_hash
print(play_hash(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] or None))
"""


def play_hash(name: str, scenario: str, seed: int, variant: str | None) -> str:
    """The final state hash of a random game (for the cross-process check)."""
    game = default_catalog().load(name, variant)
    agents = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    limit = game.definition.max_actions or DEFAULT_MAX_ACTIONS
    match = Match.new(game, scenario, seed=seed, players=agents)
    match.play(until=limit)
    return state_hash(match.state)


def check_determinism(name: str, scenario: str, seed: int, variant: str | None) -> list[Fault]:
    """The same game in processes with different hash seeds ends in the same state."""
    hashes = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = subprocess.run(
            [sys.executable, "-c", _PLAY_SCRIPT, name, scenario, str(seed), variant or ""],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=600,
        )
        if result.returncode != 0:
            return [Fault("determinism", f"subprocess failed: {result.stderr.strip()[-300:]}", 0)]
        hashes.add(result.stdout.strip())
    hashes.add(play_hash(name, scenario, seed, variant))
    if len(hashes) != 1:
        return [
            Fault(
                "determinism",
                f"seed {seed}: different final states across processes: {sorted(hashes)}",
                0,
            )
        ]
    return []


def assert_game_sound(
    name: str, *, games: int = 10, seed: int = 0, variant: str | None = None
) -> Summary:
    """For a plugin's own tests: check the game and fail with every fault found."""
    summary = check_game(name, games=games, seed=seed, variant=variant, determinism=1)
    problems = [
        f"{r.scenario} seed {r.seed}: {f.kind} at action {f.action}: {f.message}"
        for r, f in summary.faults
    ]
    problems += [f.message for f in summary.determinism]
    assert not problems, "\n".join(problems)
    return summary
