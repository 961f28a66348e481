"""Card-driven command: the first player's moves and levies, then the second's.

In the Columbia block games the revealed cards (:mod:`.cards`) give each side its orders
for the turn: so many group moves and, in Julius Caesar, levy points, spent in the
command (move) phase, the first player all of his, then the other; an event card is
played instead (Julius Caesar 2.2, Hammer of the Scots 4.0). What is left is lost. The
queries here read the card records a game keeps (:data:`.cards.TURN_RECORDS`); the
effects keep the turn's record of moves (:mod:`.engagement`), which a game declares as two
records: ``command`` (public: border use, attacks, ``contested``, and the sea moves:
``sea_moves``, one ``{"side", "from", "seas", "to"}`` each, and ``held_seas``, ``{side:
[seas crossed]}``) and ``own_command`` (per side, ``visible_to: owner``: ``moved``,
``arrivals``, ``reserves`` and ``levied``, the blocks raised this turn); and ``battles``,
the contested locations in the order they arose, for the battle phase.

A block moved or raised is logged twice: every side reads where it went, its own side
which block it was (the blocks' fog of war).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from legatus.framework.engine.core import Context
from legatus.framework.engine.records import reset_record
from legatus.framework.engine.state import State
from legatus.framework.kit import cards, engagement
from legatus.framework.kit.movement import ENGAGED, Occupancy, Path, count_crossings, place
from legatus.framework.rules.registry import rules_effect, rules_query

Record = dict[str, Any]


def public(state: State) -> Record:
    """The turn's public record of moves (the ``command`` record)."""
    found: Record = state["records"]["command"]
    return found


def private(state: State, side: str) -> Record:
    """What only ``side`` knows of its moves this turn (its ``own_command`` record)."""
    found: Record = state["records"]["own_command"][side]
    return found


def held_seas(state: State, side: str) -> list[str]:
    """The seas ``side``'s sea moves crossed this turn."""
    seas: list[str] = public(state)["held_seas"].setdefault(side, [])
    return seas


# -- the orders ----------------------------------------------------------------------------


def points(ctx: Context, side: str, value: str) -> int:
    """``side``'s points of ``value`` this turn: the card phase's ``orders`` (they know what
    a copying card copied), else the card it played; no card gives none."""
    found = ctx.state["records"]
    given = found.get("orders", {}).get(side)
    if given is not None:
        return int(given.get(value, 0))
    card = found.get("cards", {}).get(side)
    return 0 if card is None else int(ctx.definition.cards[card].values.get(value, 0))


def event_in_force(state: State) -> tuple[str, str] | None:
    """(card, side) of the event in force this turn, if any."""
    event = state["records"].get("event")
    return (str(event["card"]), str(event["side"])) if event else None


@rules_query("turn_order() -> list[side]")
def turn_order(ctx: Context) -> list[str]:
    """The first player, then the others in the sides' order."""
    first = str(ctx.state["records"]["player1"])
    return [first, *ctx.definition.other_sides(first)]


@rules_query("plays_event(side: side) -> bool")
def plays_event(ctx: Context, side: str) -> bool:
    """Whether ``side`` plays this turn's event instead of its orders."""
    event = event_in_force(ctx.state)
    return event is not None and event[1] == side


@rules_query("event_card() -> card")
def event_card(ctx: Context) -> str:
    """The event card in force this turn (what a copying card copied, if it did)."""
    event = event_in_force(ctx.state)
    if event is None:
        raise ValueError("no event is in force this turn")
    return event[0]


@rules_query("event_players(first: side) -> list[side]")
def event_players(ctx: Context, first: str) -> list[str]:
    """The sides whose revealed card is an event, ``first`` first, then the sides' order.
    Where two events do not simply cancel each other (Hammer of the Scots carries both
    out, the English first, and ends the year), a rules file reads them here."""
    played = ctx.state["records"].get("cards", {})
    order = [first, *ctx.definition.other_sides(first)]
    return [side for side in order if cards.is_event(ctx.definition, played.get(side))]


@rules_query("revealed_card(side: side) -> card")
def revealed_card(ctx: Context, side: str) -> str:
    """The card ``side`` revealed this turn (an error if it played none)."""
    card = ctx.state["records"].get("cards", {}).get(side)
    if card is None:
        raise ValueError(f"{side} revealed no card this turn")
    return str(card)


@rules_query("card_points(side: side, value: str) -> int")
def card_points(ctx: Context, side: str, value: str) -> int:
    """``side``'s points of ``value`` (``move``, ``levy``) to spend this turn."""
    return points(ctx, side, value)


@rules_effect("announce_orders(side: side, values: list[str], words: list[str])")
def announce_orders(ctx: Context, side: str, values: list[str], words: list[str]) -> None:
    """Everyone reads what ``side`` does this turn: its event, or its points of each of
    ``values`` named by ``words`` (``"Red: 2 move(s), then 1 levy"``)."""
    does = ctx.definition.side_does
    event = event_in_force(ctx.state)
    if event is not None and event[1] == side:
        ctx.log(does(side, f"plays the event {event[0]}"), side=side, event=event[0])
        return
    found: dict[str, Any] = {value: points(ctx, side, value) for value in values}
    text = ", then ".join(f"{n} {word}" for n, word in zip(found.values(), words, strict=True))
    ctx.log(f"{ctx.definition.side_name(side)}: {text}", side=side, **found)


# -- the turn's record -----------------------------------------------------------------------


@rules_effect("new_command_turn()")
def new_command_turn(ctx: Context) -> None:
    """Forget last turn's record of moves: every block may move again. Both halves go back
    to their declared starts."""
    reset_record(ctx.definition, ctx.state, "command")
    reset_record(ctx.definition, ctx.state, "own_command")


@rules_effect("list_battles()")
def list_battles(ctx: Context) -> None:
    """The contested locations, in the order they became contested, for the battle phase
    (the ``battles`` record)."""
    contested = Occupancy.of(ctx.state["pieces"]).contested()
    battles = engagement.battles(public(ctx.state), contested)
    ctx.state["records"]["battles"] = battles
    if battles:
        ctx.log(f"Battles to fight: {', '.join(battles)}", battles=battles)


@rules_effect("note_levied(side: side, block: piece)")
def note_levied(ctx: Context, side: str, block: str) -> None:
    """The turn's record of the side's blocks raised (only the side reads it): they do
    not move this turn."""
    private(ctx.state, side)["levied"].append(block)


def move_block(ctx: Context, side: str, block: str, path: Path, kinds: Collection[str]) -> str:
    """Move one block along a legal path, its origin first, counting the borders of
    ``kinds`` it crosses (those with a limit) and the attack, reinforcement or response it
    makes (:func:`.engagement.note_engagement`); logged. What it did (``attack``,
    ``reinforce``, ``respond`` or ``""``) is returned, for the game's own record."""
    state, final, came_from = ctx.state, path[-1], path[-2]
    status = Occupancy.of(state["pieces"]).status(final, side)
    record, own = public(state), private(state, side)
    count_crossings(ctx.definition.board, record, side, path, kinds)
    place(state["pieces"], block, final)
    own["moved"].append(block)
    what = ""
    if status in ENGAGED:
        others = ctx.definition.other_sides(side)
        what = engagement.note_engagement(
            record, own, side, others[0], ctx.definition.side_ids, block, final, came_from
        )
    does, route = ctx.definition.side_does, " -> ".join(path)
    tail = {
        "attack": f": attacks {final}",
        "reinforce": f": joins the attack on {final}",
        "respond": f": reinforces the defence of {final} (reserve)",
    }.get(what, "")
    ctx.log(does(side, f"moves a block {route}{tail}"), side=side, path=list(path), engaged=what)
    ctx.log(does(side, f"moves {block} {route}{tail}"), to=[side], block=block)
    return what


def sail_block(ctx: Context, side: str, block: str, route: Sequence[str]) -> None:
    """One land block by sea: ``route`` is its port, the seas crossed and the port reached;
    the seas are recorded as held by the side (its ships must stay there), logged."""
    state = ctx.state
    origin, seas, to = route[0], list(route[1:-1]), route[-1]
    place(state["pieces"], block, to)
    private(state, side)["moved"].append(block)
    public(state)["sea_moves"].append({"side": side, "from": origin, "seas": seas, "to": to})
    held = held_seas(state, side)
    for sea in seas:
        if sea not in held:
            held.append(sea)
    does, crossing = ctx.definition.side_does, ", ".join(seas)
    text = does(side, f"moves a block by sea {origin} -> {to} across {crossing}")
    ctx.log(text, side=side, path=list(route))
    ctx.log(does(side, f"moves {block} by sea {origin} -> {to} across {crossing}"), to=[side])
