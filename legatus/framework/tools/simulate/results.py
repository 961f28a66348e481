"""Running a simulation into a JSONL results file that an interrupted run resumes.

One line per finished game, written and flushed as soon as the game ends. On
a second run with the same file, the games already there are kept and only
the missing seeds are played; a last line cut short by an interruption is
dropped (and its game played again). A file written by a different
experiment (another game, scenario, variant or variant text, options or
players) is refused rather than mixed in, and so is a line that is not a
game's result; a second run on a file another run is writing is refused at
once (:mod:`legatus.framework.tools.resultsfile`).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import load
from legatus.framework.tools.resultsfile import append, locked, read_lines, shape_problem
from legatus.framework.tools.simulate.backends import Record, run_jobs
from legatus.framework.tools.simulate.play import (
    EXPERIMENT_FIELDS,
    Experiment,
    describe,
    make_agents,
    seating,
)

#: Called after each game with (games done, games asked for).
Progress = Callable[[int, int], None]


#: The fields every record has besides its experiment's identity, and their types.
RECORD_FIELDS: dict[str, type | tuple[type, ...]] = {
    "seed": int,
    "winner": (str, type(None)),
    "reason": str,
    "scores": (dict, type(None)),
    "length": int,
    "fired": dict,
}


def record_problem(
    record: dict[str, Any], identity: dict[str, Any] | None, sides: Sequence[str]
) -> str | None:
    """What is wrong with one line of a results file, or None."""
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"the seed {seed!r} is not an integer"
    if record.get("winner") is not None and record.get("winner") not in sides:
        return f"the winner {record.get('winner')!r} is not a side ({', '.join(sides)})"
    ranks = record.get("ranks")
    if ranks is not None and (
        not isinstance(ranks, dict)
        or not ranks
        or not set(ranks) <= set(sides)
        or not all(
            isinstance(r, int) and not isinstance(r, bool) and r >= 1 for r in ranks.values()
        )
    ):
        return (
            f"the ranks {ranks!r} are not a rank from 1 for sides of the game ({', '.join(sides)})"
        )
    if "scores" not in record:
        return "the line has no scores"
    if not isinstance(record.get("length"), int) or not isinstance(record.get("fired"), dict):
        return "the line has no length or no rule counts"
    shape = {name: record[name] for name in RECORD_FIELDS if name in record}
    problem = shape_problem(shape, RECORD_FIELDS, "the line")
    if problem is None:
        problem = _figures_problem(record, sides)
    if problem is not None:
        return problem
    if identity is not None:
        theirs = {key: record.get(key) for key in (*EXPERIMENT_FIELDS, "fingerprint")}
        theirs["players"] = record.get("players")
        theirs["teams"] = record.get("teams")
        ours = {key: identity.get(key) for key in (*EXPERIMENT_FIELDS, "fingerprint", "teams")}
        ours["players"] = seating(
            identity["players"],
            seed,
            identity["alternate"],
            identity.get("seats"),
            identity.get("teams"),
        )
        if theirs != ours:
            differ = ", ".join(f"{k} {theirs[k]!r}" for k in ours if theirs.get(k) != ours[k])
            return f"this results file holds another experiment ({differ}); use another --out file"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _figures_problem(record: dict[str, Any], sides: Sequence[str]) -> str | None:
    """The figures the summary adds up: scores per side, rule counts, decision times."""
    scores = record["scores"]
    if scores is not None and (
        set(scores) != set(sides) or not all(_number(v) for v in scores.values())
    ):
        return f"the scores {json.dumps(scores)} are not a number for each side"
    fired = record["fired"]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in fired.values()):
        return "the rule counts ('fired') are not whole numbers"
    thinking = record.get("thinking")
    if thinking is not None and (
        not isinstance(thinking, dict)
        or not set(thinking) <= set(sides)
        or not all(
            isinstance(t, dict)
            and all(_number(t.get(k)) for k in ("decisions", "seconds", "worst"))
            # CPU seconds: in records since they were measured, not in older files
            and all(_number(t[k]) for k in ("cpu", "worst_cpu") if k in t)
            for t in thinking.values()
        )
    ):
        return "the decision times ('thinking') are not figures for each side"
    return None


class Compactor:
    """Records kept in memory for a run's summary, sharing what games have in common.

    A run of a hundred thousand games keeps every record until its summary: as decoded
    each costs about 5.7 kB (its rule counts' names, players and seats are new objects in
    every record); with the names of rules interned and the players', seats', ranks' and
    scores' values shared between equal records, about 2.3 kB (5,000 Julius Caesar records,
    tracemalloc). A compacted record equals the record it was made from.
    """

    _SHARED = ("players", "seats", "options", "ranks", "scores")

    def __init__(self) -> None:
        self._seen: dict[str, Any] = {}

    def __call__(self, record: Record) -> Record:
        fired = record.get("fired")
        if isinstance(fired, dict):
            record["fired"] = {sys.intern(rule): n for rule, n in fired.items()}
        for name in self._SHARED:
            value = record.get(name)
            if isinstance(value, dict | list):
                key = name + json.dumps(value, sort_keys=True)
                record[name] = self._seen.setdefault(key, value)
        for name, value in record.items():
            if isinstance(value, str):
                record[name] = sys.intern(value)
        return record


def read_results(
    path: Path,
    identity: dict[str, Any] | None = None,
    sides: Sequence[str] = (),
    compact: Callable[[Record], Record] | None = None,
) -> dict[int, Record]:
    """The records of a results file by seed, repairing a truncated last line.

    With ``identity`` (see :func:`legatus.framework.tools.simulate.play.describe`), every record must
    belong to that experiment; every record must be a game's result, and a seed may
    appear twice only with the same result.
    """
    known_sides = list(sides) or (list(identity["players"]) if identity else [])
    records: dict[int, Record] = {}

    def check(record: dict[str, Any]) -> str | None:
        problem = record_problem(record, identity, known_sides or record.get("players", {}))
        if problem is None:
            earlier = records.get(record["seed"])
            if earlier is not None and earlier != record:
                return f"seed {record['seed']} is already in the file with another result"
            records[record["seed"]] = compact(record) if compact is not None else record
        return problem

    read_lines(path, check)
    return records


def simulate(
    experiment: Experiment,
    seeds: Sequence[int],
    *,
    out: Path | None = None,
    backend: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[Record]:
    """Play the experiment's games for ``seeds``; return their records in seed order."""
    (records,) = simulate_many(
        [(experiment, seeds, out)],
        backend=backend,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    return records


#: One experiment of a run: its seeds and its results file (None: keep no file).
Planned = tuple[Experiment, Sequence[int], Path | None]


def simulate_many(
    plan: Sequence[Planned],
    *,
    backend: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[list[Record]]:
    """Play the games of several experiments on one pool of workers, each into its own
    results file (resumed like :func:`simulate`'s); return each one's records in seed order.

    A study's base rules and variants run this way, so a worker that finished one
    experiment's games takes the next experiment's instead of waiting.
    """
    identities = []
    for experiment, _, _ in plan:
        identity = describe(experiment)
        # Bad player specs fail here, once, rather than in every worker.
        make_agents(load(experiment.game, experiment.variant), identity["players"], 0)
        identities.append(identity)
    outs = [out for _, _, out in plan if out is not None]
    if len({path.resolve() for path in outs}) < len(outs):
        raise LegatusError("two experiments of one run cannot share a results file")
    done: list[dict[int, Record]] = [{} for _ in plan]
    compact = Compactor()
    total = sum(len(seeds) for _, seeds, _ in plan)
    with ExitStack() as stack:
        sinks: list[IO[str] | None] = []
        for position, (_, seeds, out) in enumerate(plan):
            if out is None:
                sinks.append(None)
                continue
            sinks.append(stack.enter_context(locked(out)))
            # Read under the lock: another run cannot be adding lines meanwhile.
            wanted = set(seeds)
            done[position] = {
                s: r
                for s, r in read_results(out, identities[position], compact=compact).items()
                if s in wanted
            }
        jobs: list[tuple[Experiment, int]] = []
        owners: list[int] = []
        for position, (experiment, seeds, _) in enumerate(plan):
            for seed in seeds:
                if seed not in done[position]:
                    jobs.append((experiment, seed))
                    owners.append(position)
        count = sum(len(found) for found in done)
        if progress is not None:
            progress(count, total)
        for index, record in run_jobs(jobs, backend=backend, workers=workers, scheduler=scheduler):
            position = owners[index]
            sink, out = sinks[position], plan[position][2]
            if sink is not None and out is not None:
                kept = len(done[position])
                append(sink, out, json.dumps(record, sort_keys=True) + "\n", kept)
            done[position][record["seed"]] = compact(record)
            count += 1
            if progress is not None:
                progress(count, total)
    return [[done[p][seed] for seed in seeds] for p, (_, seeds, _) in enumerate(plan)]
