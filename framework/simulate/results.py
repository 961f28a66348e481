"""Running a simulation into a JSONL results file that an interrupted run resumes.

One line per finished game, written and flushed as soon as the game ends. On
a second run with the same file, the games already there are kept and only
the missing seeds are played; a last line cut short by an interruption is
dropped (and its game played again). A file written by a different
experiment (another game, scenario, variant or variant text, options or
players) is refused rather than mixed in, and so is a line that is not a
game's result; a second run on a file another run is writing is refused at
once (:mod:`framework.resultsfile`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from framework.catalog import load
from framework.resultsfile import locked, read_lines, shape_problem
from framework.simulate.backends import Record, run_games
from framework.simulate.play import (
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
        ours = {key: identity.get(key) for key in (*EXPERIMENT_FIELDS, "fingerprint")}
        ours["players"] = seating(
            identity["players"], seed, identity["alternate"], identity.get("seats")
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
            for t in thinking.values()
        )
    ):
        return "the decision times ('thinking') are not figures for each side"
    return None


def read_results(
    path: Path, identity: dict[str, Any] | None = None, sides: Sequence[str] = ()
) -> dict[int, Record]:
    """The records of a results file by seed, repairing a truncated last line.

    With ``identity`` (see :func:`framework.simulate.play.describe`), every record must
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
            records[record["seed"]] = record
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
    identity = describe(experiment)
    # Bad player specs fail here, once, rather than in every worker.
    make_agents(load(experiment.game, experiment.variant), identity["players"], 0)
    done: dict[int, Record] = {}
    total = len(seeds)
    with ExitStack() as stack:
        sink = stack.enter_context(locked(out)) if out is not None else None
        if out is not None:
            # Read under the lock: another run cannot be adding lines meanwhile.
            wanted = set(seeds)
            done = {s: r for s, r in read_results(out, identity).items() if s in wanted}
        todo = [seed for seed in seeds if seed not in done]
        if progress is not None:
            progress(len(done), total)
        for record in run_games(
            experiment, todo, backend=backend, workers=workers, scheduler=scheduler
        ):
            done[record["seed"]] = record
            if sink is not None:
                sink.write(json.dumps(record, sort_keys=True) + "\n")
                sink.flush()
            if progress is not None:
                progress(len(done), total)
    return [done[seed] for seed in seeds]
