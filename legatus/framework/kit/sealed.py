"""Sealed bids: a number each side chooses in secret, all shown at once.

Some Columbia block games open a tournament game with secret bids (Hammer of the Scots'
tournament bidding, reference 13: each player writes E1-E3 or S1-S3, a handicap for one
side or the other, and both bids are shown together). The bids are asked with a decision
every side answers at once (``decide NAME together by side in sides():``); an option's body
seals its side's bid with :func:`seal`, under a key of a per-side record the game declares
``visible_to: owner``, so no other side's view or search sample ever holds it.
:func:`sealed` reads a bid (the rules read them once every side has bid) and
:func:`open_sealed` shows them all at once (the point before which nothing can be undone)
and takes them out of the record, which is then as it was before the bids.

A bid is a signed number: its size, and its sign for the direction it goes in (one side's
handicap or the other's); the log writes it with the word of its direction (``E2``, ``S1``).
"""

from __future__ import annotations

from legatus.framework.engine.core import Context, EngineError
from legatus.framework.rules.registry import rules_effect, rules_query


def _entries(ctx: Context, record: str) -> dict[str, dict[str, int]]:
    """The per-side record the bids are sealed in (an error unless only its owner sees it)."""
    decl = ctx.definition.records.get(record)
    if decl is None or not decl.per_side or decl.visible_to != "owner":
        raise EngineError(
            f"bids are sealed in a per-side record visible to its owner, not {record!r}"
        )
    found: dict[str, dict[str, int]] = ctx.state["records"][record]
    return found


@rules_effect("seal(side: side, record: str, key: str, bid: int)")
def seal(ctx: Context, side: str, record: str, key: str, bid: int) -> None:
    """``side`` seals ``bid`` under ``key`` of its entry of ``record``: the others read only
    that it has bid."""
    _entries(ctx, record)[side][key] = bid
    ctx.log(ctx.definition.side_does(side, "has bid"), event="sealed", side=side)


@rules_query("sealed(side: side, record: str, key: str) -> int")
def sealed(ctx: Context, side: str, record: str, key: str) -> int:
    """The bid ``side`` sealed under ``key``, or 0 if it sealed none (a search's sample,
    which cannot know another side's bid, holds none)."""
    return int(_entries(ctx, record)[side].get(key, 0))


def shown(bid: int, up: str, down: str) -> str:
    """A bid as the players write it: its size after the word of its direction.

    >>> shown(2, "E", "S"), shown(-1, "E", "S"), shown(0, "E", "S")
    ('E2', 'S1', 'no bid')
    """
    return f"{up}{bid}" if bid > 0 else f"{down}{-bid}" if bid < 0 else "no bid"


@rules_effect("open_sealed(record: str, key: str, up: str, down: str)")
def open_sealed(ctx: Context, record: str, key: str, up: str, down: str) -> None:
    """Every side's bid under ``key`` shown at once (``up`` before a positive bid's size,
    ``down`` before a negative one's) and taken out of ``record``."""
    ctx.reveal()
    bids = []
    for side, entry in _entries(ctx, record).items():
        if key in entry:
            bids.append(f"{ctx.definition.side_name(side)} {shown(entry.pop(key), up, down)}")
    ctx.log(f"The bids: {', '.join(bids)}", event="bids")
