"""Time controls: each human seat's clock, per move or per game.

A match created with a time control (``{"seconds": N, "per": "move" or "game",
"at_zero": "computer" or "lose"}``) gives every human seat a clock:

* **per move**: a seat has N seconds for each decision, from the moment it is asked;
* **per game**: a seat has N seconds for all its decisions together; its clock runs while
  the match waits for it (two seats asked at once both run).

The clocks start when every human seat's player has come (opened their link; on a hot
seat, at once), and they are never stored: the time of each action is, and the clocks are
counted again from those times when a match is loaded, so they survive a restart. What
happens when a clock reaches zero (a computer player takes the seat over, or the seat's
side loses) is the hub's (:mod:`legatus.framework.frontends.server.live`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from legatus.framework.model.errors import LegatusError

#: The longest time control, in seconds (a week).
MAX_SECONDS = 7 * 24 * 3600
PER = ("move", "game")
AT_ZERO = ("computer", "lose")
#: Per game: the share of the time control a person comes back with when they take back a
#: seat whose clock ran out (a seat with more time left keeps it).
RETURN_SHARE = 0.1


class BadClock(LegatusError):
    """A time control the server refuses, with the reason in one line."""


def check_clock(value: Any) -> dict[str, Any] | None:
    """A creation request's ``clock`` checked: None for none."""
    if value is None or value == {}:
        return None
    if not isinstance(value, dict):
        raise BadClock('clock: expected {"seconds": N, "per": "move" or "game", "at_zero": ...}')
    unknown = sorted(set(value) - {"seconds", "per", "at_zero"})
    if unknown:
        raise BadClock(f"clock: no field {unknown[0]!r}; fields: seconds, per, at_zero")
    seconds = value.get("seconds")
    if (
        not isinstance(seconds, (int, float))
        or isinstance(seconds, bool)
        or not 1 <= seconds <= MAX_SECONDS
    ):
        raise BadClock(f"clock: seconds: expected a number from 1 to {MAX_SECONDS}")
    per = value.get("per", "move")
    if per not in PER:
        raise BadClock("clock: per: expected move or game")
    at_zero = value.get("at_zero", "lose")
    if at_zero not in AT_ZERO:
        raise BadClock("clock: at_zero: expected computer (it takes the seat over) or lose")
    return {"seconds": float(seconds), "per": per, "at_zero": at_zero}


@dataclass
class Clocks:
    """The human seats' clocks of one match (times: the server's clock, in seconds)."""

    seconds: float
    per: str
    #: When the clocks started (every human seat's player came); None: not yet.
    start: float | None = None
    #: Per game: each seat's time used before ``since``.
    used: dict[str, float] = field(default_factory=dict)
    #: When the current stretch began (the last change).
    since: float = 0.0
    #: Per move: when each seat asked now was asked.
    asked_at: dict[str, float] = field(default_factory=dict)

    #: When the game ended on time (a side lost): every clock shows what it had then.
    stopped: float | None = None
    #: Time each seat had used when the match began (a match continued from a save):
    #: per game, of its whole time; per move, of the decision it was asked then.
    spent: dict[str, float] = field(default_factory=dict)

    @classmethod
    def of(cls, clock: dict[str, Any] | None) -> Clocks | None:
        if clock is None:
            return None
        spent = {str(k): float(v) for k, v in (clock.get("spent") or {}).items()}
        found = cls(float(clock["seconds"]), str(clock["per"]), spent=spent)
        if found.per == "game":
            found.used = dict(spent)
        return found

    def begin(self, now: float, waiting: Iterable[str]) -> None:
        """Start the clocks (every player came) with ``waiting`` asked."""
        if self.start is None:
            self.start = self.since = now
            spent = self.spent if self.per == "move" else {}
            self.asked_at = {seat: now - spent.get(seat, 0.0) for seat in waiting}

    def give_back(self, seat: str) -> None:
        """``seat``'s person takes it back from the computer (after :meth:`change` at that
        moment): per game, a clock that ran out (or nearly) starts again from
        :data:`RETURN_SHARE` of the time control; per move, each decision has its full time
        as always."""
        if self.per == "game":
            floor = self.seconds * (1 - RETURN_SHARE)
            self.used[seat] = min(self.used.get(seat, 0.0), floor)

    def change(self, now: float, before: Iterable[str], after: Iterable[str]) -> None:
        """The match changed at ``now``: ``before`` were the seats asked until then,
        ``after`` those asked from then on."""
        if self.start is None:
            return
        now = max(now, self.since)
        for seat in before:
            self.used[seat] = self.used.get(seat, 0.0) + now - self.since
        self.since = now
        waiting = set(after)
        self.asked_at = {s: t for s, t in self.asked_at.items() if s in waiting}
        for seat in waiting:
            self.asked_at.setdefault(seat, now)

    def stop(self, now: float) -> None:
        """The game ended at ``now``: the clocks stand still from then on."""
        if self.stopped is None:
            self.stopped = now

    def left(self, seat: str, now: float) -> float:
        """The seconds ``seat`` has left (negative: past zero)."""
        if self.stopped is not None:
            now = min(now, self.stopped)
        if self.start is None:  # what a save left it (per move: of the decision under way)
            return self.seconds - (self.used if self.per == "game" else self.spent).get(seat, 0.0)
        running = seat in self.asked_at
        if self.per == "move":
            return self.seconds - (now - self.asked_at[seat]) if running else self.seconds
        spent = self.used.get(seat, 0.0) + (now - self.since if running else 0.0)
        return self.seconds - spent

    def shown(self, seats: Iterable[str], now: float) -> dict[str, dict[str, Any]]:
        """What every page is told of the clocks: each seat's time left and whether it runs
        (a clock is public, as on a table)."""
        return {
            seat: {
                "left": round(max(0.0, self.left(seat, now)), 2),
                "running": self.start is not None
                and self.stopped is None
                and seat in self.asked_at,
            }
            for seat in seats
        }

    def first_zero(self, now: float) -> tuple[str, float] | None:
        """The running clock that reaches zero first, and in how many seconds."""
        found = [(self.left(seat, now), seat) for seat in self.asked_at]
        if self.start is None or self.stopped is not None or not found:
            return None
        left, seat = min(found)
        return seat, max(0.0, left)
