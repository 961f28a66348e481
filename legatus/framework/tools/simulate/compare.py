"""Paired variant experiments: the same seeds and players under two rule sets.

Each seed is played once under the base rules (the game's own, or a first
variant) and once under the variant, with the same players and agent seeds:
common random numbers. Where the rules do not matter, both games start
alike, so the per-seed differences isolate what the variant changes. For
each side the change in win rate (and the change in the draw rate) is a
difference of paired proportions, with Newcombe's 95% interval for paired data
(:func:`legatus.framework.tools.simulate.stats.paired_proportions`); each side's
score, the game length and every rule clause's firings per game are compared by
the mean per-seed difference with a normal-approximation interval
(:func:`legatus.framework.tools.simulate.stats.paired_difference`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.engine import outcome
from legatus.framework.tools.simulate.stats import (
    paired_difference,
    paired_proportions,
    sign_test,
)

Record = Mapping[str, Any]


def _pairs(base: Sequence[Record], variant: Sequence[Record]) -> list[tuple[Record, Record]]:
    by_seed = {r["seed"]: r for r in variant}
    return [(b, by_seed[b["seed"]]) for b in base if b["seed"] in by_seed]


def compare(
    base: Sequence[Record], variant: Sequence[Record], sides: Sequence[str]
) -> dict[str, Any]:
    """Per-seed paired changes from ``base`` to ``variant`` (records of the same seeds)."""
    pairs = _pairs(base, variant)
    n = len(pairs)
    result: dict[str, Any] = {
        "pairs": n,
        "base": base[0]["variant"] if base else None,
        "variant": variant[0]["variant"] if variant else None,
        "same_outcome": sum(
            1 for b, v in pairs if outcome.ranks(b, sides) == outcome.ranks(v, sides)
        ),
        "sides": {},
    }
    for side in sides:
        base_won = [outcome.won(b, side, sides) for b, _ in pairs]
        variant_won = [outcome.won(v, side, sides) for _, v in pairs]
        entry = paired_proportions(variant_won, base_won)
        entry["base_rate"] = sum(base_won) / n if n else 0.0
        entry["variant_rate"] = sum(variant_won) / n if n else 0.0
        if all(b.get("scores") and v.get("scores") for b, v in pairs) and n:
            entry["score"] = paired_difference(
                [v["scores"][side] - b["scores"][side] for b, v in pairs]
            )
        result["sides"][side] = entry

    def drawn(record: Record) -> bool:
        return not any(outcome.won(record, s, sides) for s in sides)

    result["draws"] = paired_proportions([drawn(v) for _, v in pairs], [drawn(b) for b, _ in pairs])
    result["length"] = paired_difference([float(v["length"] - b["length"]) for b, v in pairs])
    result["rules"] = _rule_changes(pairs)
    return result


def _rule_changes(pairs: Sequence[tuple[Record, Record]]) -> list[dict[str, Any]]:
    """Every rule's firings per game under both rule sets, largest change first."""
    n = len(pairs)
    rules = sorted({r for b, v in pairs for r in (*b["fired"], *v["fired"])})
    changes = []
    for rule in rules:
        diffs = [float(v["fired"].get(rule, 0) - b["fired"].get(rule, 0)) for b, v in pairs]
        entry = paired_difference(diffs)
        base_mean = sum(b["fired"].get(rule, 0) for b, _ in pairs) / n if n else 0.0
        variant_mean = sum(v["fired"].get(rule, 0) for _, v in pairs) / n if n else 0.0
        lo, hi = entry["ci95"]
        # The normal approximation alone would call four games that each differ by one
        # firing a sure change (an interval of width zero): the sign test must agree.
        clear = (lo > 0 or hi < 0) and sign_test(diffs) < 0.05
        changes.append(
            {
                "rule": rule,
                "base_per_game": base_mean,
                "variant_per_game": variant_mean,
                "change": entry["change"],
                "ci95": entry["ci95"],
                "direction": "same" if not clear else "more" if lo > 0 else "less",
            }
        )
    changes.sort(key=lambda c: (-abs(c["change"]), c["rule"]))
    return changes
