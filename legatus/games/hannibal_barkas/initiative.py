"""The initiative phase (HB 3.3): the order of play for a stage.

The players show their initiative points; more points play earlier, and players with as
many points roll a d10 each, the higher first (rolling again among those who tie again).
The order holds for the whole stage whatever the points become (HB 3.3, second Ex. 2);
the order markers 1 to 5 are the record ``order`` (HB 1.2.15).

How many points a player holds is public at every moment (HB 1.2.10), so showing them
hides nothing: the phase asks no one anything.
"""

from __future__ import annotations

from legatus import Context
from legatus.games.hannibal_barkas import model


def roll_off(ctx: Context, tied: list[str]) -> list[str]:
    """Players with as many IP, in the order their d10 rolls give (HB 3.3, Ex. 2)."""
    if len(tied) < 2:
        return list(tied)
    what = "the tie for the order of play of " + ", ".join(model.who(ctx, p) for p in tied)
    rolls = dict(zip(tied, ctx.roll(len(tied), sides=10, what=f"{what} (HB 3.3)"), strict=True))
    shown = ", ".join(f"{model.who(ctx, p)} {rolls[p]}" for p in tied)
    ctx.log(f"Tie for the order of play, rolled: {shown}", rule="HB 3.3", rolls=rolls)
    ordered: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        ordered.extend(roll_off(ctx, [p for p in tied if rolls[p] == value]))
    return ordered


def initiative(ctx: Context) -> None:
    """HB 3.3: the order of play, by initiative points, ties rolled."""
    ip = model.records(ctx.state).ip
    players = model.players(ctx.state)
    order: list[str] = []
    for points in sorted({ip[p] for p in players}, reverse=True):
        order.extend(roll_off(ctx, [p for p in players if ip[p] == points]))
    model.records(ctx.state).order = order
    shown = ", ".join(f"{n}. {model.who(ctx, p)} ({ip[p]} IP)" for n, p in enumerate(order, 1))
    ctx.log(f"Order of play: {shown}", rule="HB 3.3", order=order)
