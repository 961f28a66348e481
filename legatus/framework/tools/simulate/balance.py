"""Balance search: the value of one rules parameter whose win rates are closest to even.

Every value of the parameter in the range asked for (within the range its declaration
allows) is a rule set: the base rules with ``param NAME = VALUE``, written as a variant
file. A *handicap* is a parameter too: a variant file may declare one (extra VP for a
side, say) and the search then varies it on top of that variant. All values play the
same seeds with the same players, in batches, each until it stops
(:mod:`legatus.framework.tools.simulate.sequential`): here the difference is the **gap**
between two sides' win rates in the same games (the first side's rate minus the second's;
with more than two sides, between the sides with the highest and the lowest win rate at
that value), with Newcombe's 95% interval for paired proportions
(:func:`legatus.framework.tools.simulate.stats.paired_proportions`: each game is a pair of
yes/no outcomes, "the first side won" and "the second side won"), which stays inside
-1..1. A value whose gap interval excludes zero is uneven and stops; one whose interval is
narrower than ``--precision`` stops as measured.

The recommended value is the one with the smallest gap (ties: the narrower interval, then
the value nearer the parameter's default); the search writes it as a variant file that
``legatus variant check`` accepts.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legatus.framework.engine import outcome
from legatus.framework.engine.dsl import DslRules
from legatus.framework.model.errors import LegatusError
from legatus.framework.model.names import did_you_mean
from legatus.framework.play.catalog import default_catalog, load
from legatus.framework.rules.parser import parse_variant, read_source
from legatus.framework.tools.simulate.play import Experiment, describe
from legatus.framework.tools.simulate.results import Progress, simulate_many
from legatus.framework.tools.simulate.sequential import StoppingRule, verdict
from legatus.framework.tools.simulate.stats import paired_proportions, summarise, wilson
from legatus.framework.tools.simulate.study import (
    LOCAL,
    Record,
    Runner,
    Where,
    absolute,
    figures,
    make_folder,
    require_outcomes,
)
from legatus.framework.tools.writing import write_text

#: The file a value's games go to when the value is the parameter's default on the base
#: rules: that rule set is the base rules, so a study's ``base.jsonl`` is reused.
BASE_RESULTS = "base.jsonl"


@dataclasses.dataclass(frozen=True)
class Parameter:
    """A rules parameter the search may vary: its name, default and declared bounds."""

    name: str
    default: int
    low: int | None
    high: int | None
    doc: str
    rule: str

    def bounds(self) -> str:
        if self.low is None or self.high is None:
            return "no declared range"
        return f"{self.low}..{self.high}"


def parameter(game: str, variant: str | None, name: str) -> Parameter:
    """The integer parameter ``name`` of the game's rules (with ``variant`` applied, so a
    handicap the variant declares is found), or a one-line error."""
    rules = load(game, variant).rules
    assert isinstance(rules, DslRules)  # the one implementation of the engine's Rules
    ruleset = rules.ruleset
    decl = ruleset.params.get(name)
    if decl is None:
        where = f"{game} (with {variant})" if variant else game
        ints = sorted(n for n, d in ruleset.params.items() if d.type.name == "int")
        raise LegatusError(
            f"{where} has no parameter {name!r}{did_you_mean(name, ruleset.params)}; "
            f"its int parameters: {', '.join(ints) or 'none'}"
        )
    if decl.type.name != "int":
        raise LegatusError(
            f"parameter {name!r} is a {decl.type.name}: a balance search varies an int "
            "(for a yes/no rule, study the two variants with `legatus study`)"
        )
    return Parameter(
        name=name,
        default=int(ruleset.values[name]),
        low=decl.low,
        high=decl.high,
        doc=decl.doc or "",
        rule=decl.rule or "",
    )


def parse_range(text: str) -> tuple[int, int]:
    """``A..B`` as two integers, A <= B, or a one-line error."""
    found = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", text)
    if found is None:
        raise LegatusError(f"--range {text!r}: expected A..B, two whole numbers (e.g. 8..12)")
    low, high = int(found.group(1)), int(found.group(2))
    if low > high:
        raise LegatusError(f"--range {text}: the first value is above the second")
    return low, high


def values_in(param: Parameter, low: int, high: int, step: int = 1) -> list[int]:
    """The values searched: ``low``, ``low + step``, ... up to ``high``, all inside the
    parameter's declared range."""
    if step < 1:
        raise LegatusError("--step must be at least 1")
    if param.low is not None and param.high is not None and (low < param.low or high > param.high):
        raise LegatusError(
            f"--range {low}..{high} is outside the declared range of parameter "
            f"{param.name}: {param.bounds()}"
        )
    found = list(range(low, high + 1, step))
    if len(found) < 2:
        raise LegatusError(f"--range {low}..{high} gives one value: a search needs two or more")
    return found


def value_name(base_name: str, param: str, value: int) -> str:
    """The variant name of one value: ``GAME_PARAM_VALUE`` (dots and signs spelt out)."""
    spelt = f"m{-value}" if value < 0 else str(value)
    return f"{base_name}_{param.replace('.', '_')}_{spelt}"


def value_variant_text(
    game: str, variant_file: Path | None, param: Parameter, value: int, name: str
) -> str:
    """A variant file setting ``param`` to ``value``, on the base rules or on
    ``variant_file`` (its text with the new name and the value appended)."""
    line = f'param {param.name} = {value}   @rule "legatus balance"\n'
    if variant_file is None:
        return f'variant {name} of {game} "{param.name} = {value} (legatus balance)"\n\n{line}'
    text = read_source(variant_file)
    renamed, count = re.subn(
        r"^(\s*variant\s+)(\S+)(\s+of\b)", rf"\g<1>{name}\g<3>", text, count=1, flags=re.M
    )
    if count != 1:  # pragma: no cover - a parsed variant file has its header
        raise LegatusError(f"{variant_file}: no 'variant NAME of GAME' header")
    return renamed.rstrip("\n") + f"\n\n{line}"


def _variant_file(game: str, variant: str | None) -> Path | None:
    """The variant file a balance search builds on (a shipped variant's file too)."""
    if variant is None:
        return None
    path = Path(variant)
    if path.suffix == ".variant" and path.is_file():
        return path
    for file in default_catalog().definition(game).variant_files:
        if parse_variant(read_source(file), str(file)).name == variant:
            return file
    raise LegatusError(f"{game} has no variant {variant!r}: give its name or a .variant file")


def gap_of(records: Sequence[Record], sides: Sequence[str]) -> dict[str, Any]:
    """The gap between two sides' win rates in these games (see the module): the sides
    compared (``between``), the gap (``change``), its 95% interval and the counts."""
    if len(sides) == 2:
        first, second = sides
    else:
        rates = {s: sum(outcome.won(r, s, sides) for r in records) for s in sides}
        ordered = sorted(sides, key=lambda s: (-rates[s], sides.index(s)))
        first, second = ordered[0], ordered[-1]
    found = paired_proportions(
        [outcome.won(r, first, sides) for r in records],
        [outcome.won(r, second, sides) for r in records],
    )
    return {"between": [first, second], **found}


def run_balance(
    base: Experiment,
    param: Parameter,
    values: Sequence[int],
    *,
    first_seed: int,
    rule: StoppingRule,
    out: Path,
    where: Where = LOCAL,
    progress: Progress | None = None,
    runner: Runner = simulate_many,
) -> dict[str, Any]:
    """Play the search and return its document (see :mod:`legatus.framework.tools.simulate.report`)."""
    sides = require_outcomes(base, "a balance search")
    if base.variant is not None:
        base = dataclasses.replace(base, variant=absolute(base.variant))
    folder = out / "variants"
    make_folder(folder)
    base_file = _variant_file(base.game, base.variant)
    base_name = load(base.game, base.variant).variant or base.game
    arms: dict[int, Experiment] = {}
    files: dict[int, str] = {}
    for value in values:
        if base.variant is None and value == param.default:
            arms[value] = base
            files[value] = BASE_RESULTS
            continue
        name = value_name(base_name, param.name, value)
        path = folder / f"{name}.variant"
        text = value_variant_text(base.game, base_file, param, value, name)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            write_text(path, text, "write the value's variant to")
        # By its absolute path: the workers of a cluster load it themselves.
        arms[value] = dataclasses.replace(base, variant=str(path.resolve()))
        files[value] = f"{name}.jsonl"
    for arm in arms.values():
        describe(arm)
    pairs = dict.fromkeys(values, 0)
    stopped: dict[int, dict[str, Any]] = {}
    history: dict[int, list[dict[str, Any]]] = {v: [] for v in values}
    records: dict[int, list[Record]] = {}
    while len(stopped) < len(values):
        running = [v for v in values if v not in stopped]
        plan: list[tuple[Experiment, Sequence[int], Path | None]] = [
            (arms[v], range(first_seed, first_seed + rule.next_size(pairs[v])), out / files[v])
            for v in running
        ]
        found = runner(
            plan,
            backend=where.backend,
            workers=where.workers,
            scheduler=where.scheduler,
            progress=progress,
        )
        for value, played in zip(running, found, strict=True):
            records[value] = played
            pairs[value] = len(played)
            gap = gap_of(played, sides)
            history[value].append({"pairs": len(played), "gap": gap["change"], "ci95": gap["ci95"]})
            label = f"the gap {gap['between'][0]} - {gap['between'][1]}"
            decided = verdict({label: (gap["ci95"][0], gap["ci95"][1])}, len(played), rule)
            if decided is not None:
                stopped[value] = decided
    return _document(base, param, values, arms, files, records, stopped, history, sides)


def _document(
    base: Experiment,
    param: Parameter,
    values: Sequence[int],
    arms: dict[int, Experiment],
    files: dict[int, str],
    records: dict[int, list[Record]],
    stopped: dict[int, dict[str, Any]],
    history: dict[int, list[dict[str, Any]]],
    sides: Sequence[str],
) -> dict[str, Any]:
    identity = describe(base)
    points = []
    for value in values:
        played = records[value]
        gap = gap_of(played, sides)
        summary = summarise(played, sides)
        points.append(
            {
                "value": value,
                "variant": arms[value].variant,
                "results": files[value],
                "pairs": len(played),
                "stopped": stopped[value],
                "history": history[value],
                "gap": gap,
                "sides": {
                    side: {
                        "wins": summary["sides"][side]["wins"],
                        "win_rate": summary["sides"][side]["win_rate"],
                        "ci95": list(wilson(summary["sides"][side]["wins"], len(played))),
                    }
                    for side in sides
                },
                "draws": summary["draws"],
                "summary": summary,
                "games": figures(played, sides),
            }
        )
    best = min(
        points,
        key=lambda p: (
            abs(p["gap"]["change"]),
            p["gap"]["ci95"][1] - p["gap"]["ci95"][0],
            abs(p["value"] - param.default),
            p["value"],
        ),
    )
    lo, hi = best["gap"]["ci95"]
    return {
        "kind": "balance",
        "game": identity["game"],
        "scenario": identity["scenario"],
        "options": identity["options"],
        "variant": base.variant,
        "sides": list(sides),
        "players": identity["players"],
        "max_actions": identity["max_actions"],
        "parameter": dataclasses.asdict(param),
        "values": list(values),
        "points": points,
        "recommended": {
            "value": best["value"],
            "gap": best["gap"],
            "even": lo <= 0 <= hi,
        },
    }


def recommended_variant(document: dict[str, Any], out: Path) -> Path:
    """Write the recommended value as a variant file in ``out``; return its path."""
    param = Parameter(**document["parameter"])
    value = int(document["recommended"]["value"])
    base_file = _variant_file(document["game"], document["variant"])
    base_name = load(document["game"], document["variant"]).variant or document["game"]
    name = f"balanced_{value_name(base_name, param.name, value)}"
    gap = document["recommended"]["gap"]
    text = value_variant_text(document["game"], base_file, param, value, name)
    header = (
        f"# Written by legatus balance: {param.name} = {value} gave the win rates closest to\n"
        f"# even (the gap {gap['between'][0]} - {gap['between'][1]} in win rate "
        f"{gap['change']:+.3f}, 95% CI {gap['ci95'][0]:+.3f} to {gap['ci95'][1]:+.3f}, "
        f"{gap['pairs']} games).\n"
    )
    path = out / f"{name}.variant"
    write_text(path, header + text, "write the recommended variant to")
    return path
