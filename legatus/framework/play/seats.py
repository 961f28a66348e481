"""Seats: who sits at the table, and which sides each player plays.

A scenario names its seats (:class:`legatus.framework.model.gamedef.Seat`); by default each
side is a seat of its own with the side's id. Players are given to seats or
to sides (``--side optimates=mcts`` gives the seat ``optimates`` and so both
its sides; ``--side caesar=human`` gives the side, which is also its seat),
and :func:`players_by_side` turns that into one player spec per side, which
is what the match driver asks. A seat's results are its sides' (a seat wins
when one of its sides ranks first), so statistics can be read per seat.

    >>> from legatus.framework.model.gamedef import Seat
    >>> seats = (Seat("north", "North", ("n1", "n2")), Seat("s", "South", ("s",)))
    >>> players_by_side({"north": "mcts"}, seats, ("n1", "n2", "s"))
    {'n1': 'mcts', 'n2': 'mcts', 's': 'random'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus.framework.model.errors import LegatusError
from legatus.framework.model.gamedef import GameDef, Seat
from legatus.framework.model.names import did_you_mean


def scenario_seats(definition: GameDef, scenario: str | None) -> tuple[Seat, ...]:
    """The seats of a scenario (the default scenario's when ``scenario`` is None)."""
    chosen = (
        definition.scenarios.get(scenario)
        if scenario is not None
        else definition.default_scenario()
    )
    if chosen is None:
        raise LegatusError(
            f"game {definition.name!r} has no scenario {scenario!r}; "
            f"its scenarios: {', '.join(definition.scenarios)}"
        )
    return definition.seats_of(chosen)


def players_by_side(
    players: Mapping[str, str],
    seats: Sequence[Seat],
    sides: Sequence[str],
    default: str = "random",
) -> dict[str, str]:
    """Each side's player spec, from specs given by seat or by side (``default`` elsewhere).

    A name that is neither a seat nor a side, or a side given a player twice
    (by itself and through its seat), is a one-line error.
    """
    chosen = dict.fromkeys(sides, default)
    given: dict[str, str] = {}
    by_seat = {seat.id: seat for seat in seats}
    for name, spec in players.items():
        if name in by_seat:
            targets: Sequence[str] = by_seat[name].sides
        elif name in chosen:
            targets = (name,)
        else:
            known = sorted(set(by_seat) | set(sides))
            raise LegatusError(
                f"no seat or side {name!r}{did_you_mean(name, known)}; "
                f"seats: {', '.join(by_seat)}; sides: {', '.join(sides)}"
            )
        for side in targets:
            if side in given:
                raise LegatusError(f"{side} is given a player twice ({given[side]} and {name})")
            given[side] = name
            chosen[side] = spec
    return chosen


def seat_of(seats: Sequence[Seat], side: str) -> str:
    """The id of the seat that plays ``side`` (the side itself if no seat does)."""
    for seat in seats:
        if side in seat.sides:
            return seat.id
    return side
