"""The seven event cards: the Python side of their effects.

The effects themselves are written in the rules file (``effect vulcan on
"Vulcan": ...``); this module provides the step that starts the effect of
the card a side played (``play_event``, pushed by the command phase) and the
queries the effects choose from. Apollo is resolved in the card phase
(JC 2.1): it becomes the card it copies, so ``play_event`` never sees it.
"""

from __future__ import annotations

from framework.engine.actions import Prompt
from framework.engine.core import Context, EngineError, Frame, Procedure
from framework.rules.ruleset import Ruleset
from games.julius_caesar.model import enemy, occupants


def ruleset_of(ctx: Context) -> Ruleset:
    rules = ctx.game.rules
    found = getattr(rules, "ruleset", None)
    if not isinstance(found, Ruleset):
        raise EngineError("event cards need the game's rules file (a Ruleset)")
    return found


class PlayEvent(Procedure):
    """``play_event(card, side)``: run the rules file's effect for an event card."""

    rule = "JC 2.1"

    def start(self, ctx: Context, frame: Frame) -> None:
        card, side = frame["args"]["card"], frame["args"]["side"]
        effect = ruleset_of(ctx).effect_for_card(card)
        if effect is None:
            raise EngineError(f"the rules have no effect for the event card {card!r}")
        env = {p.name: side for p in effect.params if p.type.name == "side"}
        ctx.log(f"Event {card} takes effect for {side}", card=card, side=side)
        ctx.push("run_effect", effect=effect.name, side=side, env=env)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        return None


def vulcan_targets(ctx: Context, side: str) -> list[str]:
    """Card Vulcan: the land locations holding an enemy group (navis at sea are immune)."""
    board = ctx.definition.board
    land = board.space_kinds
    foe = enemy(side)
    return sorted(
        space
        for space, sides in occupants(ctx.state).items()
        if foe in sides and land[board.spaces[space].kind] == "land"
    )


def enemy_blocks_at(ctx: Context, side: str, space: str) -> list[str]:
    """The blocks of ``side``'s enemy at a location."""
    foe = enemy(side)
    return sorted(pid for pid, p in ctx.state["pieces"].items() if p["at"] == space and p["side"] == foe)


def blocks_in(ctx: Context, space: str) -> list[str]:
    """Every block at a location, of either side."""
    return sorted(pid for pid, p in ctx.state["pieces"].items() if p["at"] == space)


def occupied_cities(ctx: Context) -> list[str]:
    """Land locations with at least one block (the rulebooks' Vulcan targets)."""
    board = ctx.definition.board
    land = board.space_kinds
    return sorted(space for space in occupants(ctx.state) if land[board.spaces[space].kind] == "land")


def jupiter_locations(ctx: Context, side: str) -> list[str]:
    """Card Jupiter: locations holding an enemy block next to a city friendly to ``side``."""
    from games.julius_caesar.effects import defect_targets

    return sorted({ctx.state["pieces"][b]["at"] for b in defect_targets(ctx, side)})


def jupiter_cities(ctx: Context, side: str, location: str) -> list[str]:
    """Card Jupiter: the cities friendly to ``side`` next to ``location``."""
    board = ctx.definition.board
    land = board.space_kinds
    found = occupants(ctx.state)
    return sorted(
        city
        for city in board.neighbours(location)
        if land[board.spaces[city].kind] == "land" and found.get(city) == {side}
    )


def defect_one(ctx: Context, side: str, location: str, city: str) -> None:
    """Card Jupiter: one enemy block at ``location``, drawn blind, defects into ``city``.

    Enemy blocks stand face away from the Jupiter player, so he points at one
    without knowing which it is: a random draw among them (choosing by name
    would reveal hidden identities in his prompt).
    """
    from games.julius_caesar.effects import defect

    candidates = enemy_blocks_at(ctx, side, location)
    if not candidates:
        raise EngineError(f"no enemy block at {location} for Jupiter")
    (index,) = ctx.roll(1, len(candidates))
    defect(ctx, candidates[index - 1], city)


PROCEDURES: dict[str, Procedure] = {"play_event": PlayEvent()}
