"""Running a simulation into a JSONL results file that an interrupted run resumes.

One line per finished game, written and flushed as soon as the game ends. On
a second run with the same file, the games already there are kept and only
the missing seeds are played; a last line cut short by an interruption is
dropped (and its game played again). A file written by a different
experiment (another game, scenario, variant, options or players) is refused
rather than mixed in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from framework.errors import LegatusError
from framework.playable import load_playable
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


def read_results(path: Path, identity: dict[str, Any] | None = None) -> dict[int, Record]:
    """The records of a results file by seed, repairing a truncated last line.

    With ``identity`` (see :func:`framework.simulate.play.describe`), every
    record must belong to that experiment.
    """
    records: dict[int, Record] = {}
    if not path.exists():
        return records
    text = path.read_text("utf-8")
    lines = text.split("\n")
    good = 0  # characters of the file that hold complete, valid lines
    for number, line in enumerate(lines, 1):
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines) or all(not rest.strip() for rest in lines[number:]):
                break  # the interrupted last line: dropped, its game replayed
            raise LegatusError(f"{path}:{number}: not a JSON line of results") from None
        if identity is not None:
            theirs = {key: record.get(key) for key in EXPERIMENT_FIELDS}
            theirs["players"] = record.get("players")
            ours = {key: identity[key] for key in EXPERIMENT_FIELDS}
            ours["players"] = seating(
                identity["players"], int(record.get("seed", 0)), identity["alternate"]
            )
            if theirs != ours:
                raise LegatusError(
                    f"{path}:{number}: this results file holds another experiment "
                    f"({theirs}); use another --out file"
                )
        records[int(record["seed"])] = record
        good += len(line) + 1
    if good < len(text):
        with path.open("r+", encoding="utf-8") as handle:
            handle.truncate(len(text[:good].encode("utf-8")))
    elif text and not text.endswith("\n"):
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n")  # a complete last line whose newline was cut off
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
    make_agents(load_playable(experiment.game, experiment.variant), identity["players"], 0)
    done: dict[int, Record] = {}
    if out is not None:
        wanted = set(seeds)
        done = {s: r for s, r in read_results(out, identity).items() if s in wanted}
    todo = [seed for seed in seeds if seed not in done]
    total = len(seeds)
    if progress is not None:
        progress(len(done), total)
    sink = None
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        sink = out.open("a", encoding="utf-8")
    try:
        for record in run_games(
            experiment, todo, backend=backend, workers=workers, scheduler=scheduler
        ):
            done[record["seed"]] = record
            if sink is not None:
                sink.write(json.dumps(record, sort_keys=True) + "\n")
                sink.flush()
            if progress is not None:
                progress(len(done), total)
    finally:
        if sink is not None:
            sink.close()
    return [done[seed] for seed in seeds]
