"""Variant studies: every chosen variant against the base rules, paired, with sequential
stopping, into one JSON document a report is drawn from.

Each variant is a *pairing* with the base rules: seeds S, S+1, ... are played under
both with the same players (common random numbers, :mod:`legatus.framework.tools.simulate.compare`).
Pairings run in batches on one pool of workers and stop one by one
(:mod:`legatus.framework.tools.simulate.sequential`); the base rules play as many seeds as the
longest-running pairing needs. Every game goes to a results file in the study's
folder (``base.jsonl``, ``VARIANT.jsonl``), so an interrupted study run again with the
same command resumes where it stopped and takes the same decisions (a record depends
only on its experiment and seed).
"""

from __future__ import annotations

import dataclasses
import platform
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import default_catalog, load
from legatus.framework.rules.parser import parse_variant, read_source
from legatus.framework.tools.simulate.compare import compare
from legatus.framework.tools.simulate.play import Experiment, describe
from legatus.framework.tools.simulate.results import Progress, simulate_many
from legatus.framework.tools.simulate.rules_known import known_rules
from legatus.framework.tools.simulate.sequential import StoppingRule, verdict
from legatus.framework.tools.simulate.stats import coverage, summarise

Record = dict[str, Any]

#: Where games run (see :func:`legatus.framework.tools.simulate.results.simulate_many`).
Runner = Callable[..., list[list[Record]]]


@dataclass(frozen=True)
class Where:
    """Where the games run: the backend, its workers and a Dask scheduler's address."""

    backend: str = "local"
    workers: int = 1
    scheduler: str | None = None


#: One process, no workers: the default of every run.
LOCAL = Where()


def require_outcomes(experiment: Experiment, what: str = "a study") -> tuple[str, ...]:
    """The game's sides, if its results can say which side won; else a one-line error.

    A study or balance search (``what``) compares the sides' win rates: a game (or
    scenario) in which one player plays every side has no per-side outcome to compare,
    and players that move round the sides (``--alternate``) mix the sides' rates.
    """
    if experiment.alternate:
        raise LegatusError(
            f"{what} measures each side's win rate: --alternate would move the players "
            "round the sides"
        )
    game = load(experiment.game, experiment.variant)
    definition = game.definition
    sides = definition.side_ids
    if len(sides) < 2:
        raise LegatusError(
            f"{definition.name} has one side ({sides[0]}): a study compares the sides' win "
            "rates, which needs a game with two sides or more"
        )
    identity = describe(experiment)
    if len(identity["seats"]) < 2:
        raise LegatusError(
            f"{definition.name} scenario {identity['scenario']} has one seat playing every "
            "side: no side's result differs from another's, so there are no win rates to compare"
        )
    return sides


def make_folder(folder: Path) -> None:
    """``folder`` and its parents, or a one-line error (a read-only file system, a full disk)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LegatusError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None


def shipped_variants(game: str) -> list[str]:
    """The names of the variants ``game`` ships, in file order."""
    definition = default_catalog().definition(game)
    return [parse_variant(read_source(p), str(p)).name for p in definition.variant_files]


def variant_label(variant: str) -> str:
    """A variant's name: a shipped one's own, a file's from its header."""
    path = Path(variant)
    if path.suffix == ".variant" and path.is_file():
        return parse_variant(read_source(path), str(path)).name
    return variant


def absolute(variant: str) -> str:
    """A variant file by its absolute path (the workers of a cluster load it themselves),
    a shipped variant by its name."""
    path = Path(variant)
    return str(path.resolve()) if path.suffix == ".variant" and path.is_file() else variant


def results_name(label: str) -> str:
    """A results file name for a variant label (letters, digits, ``._-`` kept)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", label) + ".jsonl"


def figures(records: Sequence[Record], sides: Sequence[str]) -> dict[str, Any]:
    """Per game, in seed order: the seed, length and each side's score (for the report's
    distributions) and how it ended."""
    return {
        "seeds": [r["seed"] for r in records],
        "length": [r["length"] for r in records],
        "scores": {side: [r["scores"][side] for r in records if r.get("scores")] for side in sides},
        "winner": [r["winner"] for r in records],
    }


def change_intervals(comparison: Mapping[str, Any]) -> dict[str, tuple[float, float]]:
    """Each side's paired change in win rate as ``"SIDE's win rate" -> (low, high)``."""
    return {
        f"{side}'s win rate": (entry["ci95"][0], entry["ci95"][1])
        for side, entry in comparison["sides"].items()
    }


def run_study(
    base: Experiment,
    variants: Sequence[str],
    *,
    first_seed: int,
    rule: StoppingRule,
    out: Path,
    where: Where = LOCAL,
    progress: Progress | None = None,
    runner: Runner = simulate_many,
) -> dict[str, Any]:
    """Play the study and return its document (see :func:`legatus.framework.tools.simulate.report`)."""
    sides = require_outcomes(base)
    if not variants:
        raise LegatusError(f"{base.game} ships no variants: name variant files with --variants")
    labels = [variant_label(v) for v in variants]
    if len(set(labels)) < len(labels):
        twice = sorted({label for label in labels if labels.count(label) > 1})
        raise LegatusError(f"variant {twice[0]!r} is named twice")
    arms = {
        label: dataclasses.replace(base, variant=absolute(v))
        for label, v in zip(labels, variants, strict=True)
    }
    for arm in arms.values():
        describe(arm)  # a variant that does not load fails now, before any game
        require_outcomes(arm)
    make_folder(out)
    pairs = dict.fromkeys(labels, 0)
    stopped: dict[str, dict[str, Any]] = {}
    history: dict[str, list[dict[str, Any]]] = {label: [] for label in labels}
    base_records: list[Record] = []
    variant_records: dict[str, list[Record]] = {}
    while len(stopped) < len(labels):
        running = [label for label in labels if label not in stopped]
        target = {label: rule.next_size(pairs[label]) for label in running}
        base_seeds = range(first_seed, first_seed + max(target.values()))
        plan: list[tuple[Experiment, Sequence[int], Path | None]] = [
            (base, base_seeds, out / "base.jsonl")
        ]
        plan.extend(
            (arms[label], range(first_seed, first_seed + target[label]), out / results_name(label))
            for label in running
        )
        found = runner(
            plan,
            backend=where.backend,
            workers=where.workers,
            scheduler=where.scheduler,
            progress=progress,
        )
        if len(found[0]) > len(base_records):
            base_records = found[0]
        for label, records in zip(running, found[1:], strict=True):
            variant_records[label] = records
            pairs[label] = len(records)
            comparison = compare(base_records[: len(records)], records, sides)
            intervals = change_intervals(comparison)
            history[label].append(
                {
                    "pairs": len(records),
                    "sides": {
                        side: {"change": e["change"], "ci95": e["ci95"]}
                        for side, e in comparison["sides"].items()
                    },
                }
            )
            decided = verdict(intervals, len(records), rule)
            if decided is not None:
                stopped[label] = decided
    return _document(base, arms, labels, base_records, variant_records, stopped, history, sides)


def _document(
    base: Experiment,
    arms: Mapping[str, Experiment],
    labels: Sequence[str],
    base_records: Sequence[Record],
    variant_records: Mapping[str, Sequence[Record]],
    stopped: Mapping[str, dict[str, Any]],
    history: Mapping[str, list[dict[str, Any]]],
    sides: Sequence[str],
) -> dict[str, Any]:
    base_game = load(base.game, base.variant)
    identity = describe(base)
    entries = []
    for label in labels:
        records = variant_records[label]
        arm_game = load(base.game, arms[label].variant)
        paired = base_records[: len(records)]
        comparison = compare(paired, records, sides)
        entries.append(
            {
                "name": label,
                "given": arms[label].variant,
                "doc": _variant_doc(base.game, arms[label].variant),
                "fingerprint": arm_game.fingerprint,
                "results": results_name(label),
                "pairs": len(records),
                "stopped": stopped[label],
                "history": history[label],
                "comparison": comparison,
                "summary": summarise(records, sides),
                "coverage": coverage(records, known_rules(arm_game)),
                "games": figures(records, sides),
            }
        )
    return {
        "kind": "study",
        "game": identity["game"],
        "scenario": identity["scenario"],
        "options": identity["options"],
        "sides": list(sides),
        "players": identity["players"],
        "max_actions": identity["max_actions"],
        "base": {
            "name": base.variant or "base rules",
            "fingerprint": base_game.fingerprint,
            "results": "base.jsonl",
            "pairs": len(base_records),
            "summary": summarise(base_records, sides),
            "coverage": coverage(base_records, known_rules(base_game)),
            "games": figures(base_records, sides),
        },
        "variants": entries,
    }


def _variant_doc(game: str, variant: str | None) -> str:
    if variant is None:
        return ""
    path = Path(variant)
    if not (path.suffix == ".variant" and path.is_file()):
        definition = default_catalog().definition(game)
        matches = [
            p
            for p in definition.variant_files
            if parse_variant(read_source(p), str(p)).name == variant
        ]
        if not matches:
            return ""
        path = matches[0]
    return parse_variant(read_source(path), str(path)).doc or ""


def versions(packages: Sequence[str] = ()) -> dict[str, str]:
    """The versions that reproduce a run: Python, Legatus and the named packages."""
    from importlib.metadata import PackageNotFoundError, version

    found = {"python": platform.python_version(), "platform": platform.platform(terse=True)}
    for name in ("legatus", *packages):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found
