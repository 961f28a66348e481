"""Sequential stopping: play paired games in batches and stop a pairing once it has said
what it can.

A study (``legatus study``) compares each variant with the base rules on the same
seeds; a balance search (``legatus balance``) compares each side's wins at each value of
a parameter. Both play in **batches** of paired games and, after each batch, ask of every
pairing still running:

1. **decided**: does the 95% interval of a paired difference exclude zero? For a study,
   the change in some side's win rate (variant minus base, per seed); for a balance
   search, the gap between the sides' win rates at that value. Then the pairing has
   shown a difference and stops.
2. **precise**: is every such interval narrower (upper minus lower bound) than the
   ``--precision`` asked for? Then the pairing has measured the difference as closely as
   wanted (it may be near zero) and stops.
3. **budget**: has it played ``--games`` pairs? Then it stops whatever its intervals say.

The intervals are Newcombe's for paired proportions
(:func:`legatus.framework.tools.simulate.stats.paired_proportions`): valid for a handful
of pairs, inside -1..1, and never of width zero, so pairs that all end alike do not look
like certainty. As a guard besides, an interval of width zero (a degenerate one, which
no method here gives) never stops a pairing as decided or precise: only the budget does.
No pairing stops before ``min_pairs`` pairs (20 by default), which also bounds how many
looks a run takes.

Looking after every batch is several looks at the same data: a variant that changes
nothing still shows an interval excluding zero at *some* look more often than 5% of the
time (for five looks, about 14% instead of 5%, by the classic results on repeated
significance tests). A pairing that stopped as *decided* early is evidence to confirm
with more games, and the report says after how many pairs each pairing stopped and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from legatus.framework.model.errors import LegatusError

#: Why a pairing stopped.
DECIDED = "decided"
PRECISE = "precise"
BUDGET = "budget"


@dataclass(frozen=True)
class StoppingRule:
    """When pairings stop: ``batch`` pairs at a time, at least ``min_pairs``, at most
    ``most``; ``precision`` is the interval width that is close enough (None: none is)."""

    most: int
    batch: int = 10
    min_pairs: int = 20
    precision: float | None = None

    def __post_init__(self) -> None:
        if self.most < 1:
            raise LegatusError("--games must be at least 1")
        if self.batch < 1:
            raise LegatusError("--batch must be at least 1")
        if self.min_pairs < 1:
            raise LegatusError("--min-games must be at least 1")
        if self.precision is not None and not 0 < self.precision <= 2:
            raise LegatusError(
                f"--precision must be an interval width above 0 and at most 2 (a change in "
                f"a win rate lies in -1..1), not {self.precision:g}"
            )

    @property
    def first_look(self) -> int:
        """The pairs a pairing plays before its first look (``--games`` when it is below
        ``--min-games``)."""
        return min(self.min_pairs, self.most)

    def next_size(self, pairs: int) -> int:
        """How many pairs a pairing that has ``pairs`` should have after the next batch."""
        return min(self.most, max(self.min_pairs if pairs == 0 else 0, pairs + self.batch))

    def as_json(self) -> dict[str, Any]:
        return {
            "batch": self.batch,
            "min_pairs": self.min_pairs,
            "first_look": self.first_look,
            "most": self.most,
            "precision": self.precision,
            "confidence": 0.95,
        }


def verdict(
    intervals: Mapping[str, tuple[float, float]], pairs: int, rule: StoppingRule
) -> dict[str, Any] | None:
    """Whether a pairing with these 95% intervals (name -> (low, high)) after ``pairs``
    pairs stops, and why: ``{"reason", "pairs", "detail"}``, or None to play on."""
    degenerate = any(hi <= lo for lo, hi in intervals.values())
    if pairs >= rule.min_pairs and not degenerate:
        apart = [(name, lo, hi) for name, (lo, hi) in intervals.items() if lo > 0 or hi < 0]
        if apart:
            name, lo, hi = apart[0]
            return {
                "reason": DECIDED,
                "pairs": pairs,
                "detail": f"the 95% interval for {name} ({_signed(lo)} to {_signed(hi)} "
                f"points) excludes zero after {pairs} pairs",
            }
        if rule.precision is not None and intervals:
            widest = max(hi - lo for lo, hi in intervals.values())
            if widest < rule.precision:
                return {
                    "reason": PRECISE,
                    "pairs": pairs,
                    "detail": f"every 95% interval is narrower than {100 * rule.precision:g} "
                    f"points (the widest {100 * widest:.1f}) after {pairs} pairs",
                }
    if pairs >= rule.most:
        return {
            "reason": BUDGET,
            "pairs": pairs,
            "detail": f"reached --games {rule.most} without an interval that excludes zero"
            + (
                f" or is narrower than {100 * rule.precision:g} points"
                if rule.precision is not None
                else ""
            ),
        }
    return None


def _signed(value: float) -> str:
    return f"{100 * value:+.1f}"
