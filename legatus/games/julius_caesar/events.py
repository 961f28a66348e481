"""The seven event cards: the Python side of their effects.

The effects themselves are written in the rules file (``effect vulcan on
"Vulcan": ...``); this module provides the step that starts the effect of
the card a side played (``play_event``, pushed by the command phase) and the
queries the effects choose from. Apollo is resolved in the card phase
(JC 2.1): it becomes the card it copies, so ``play_event`` never sees it.

The rulebooks' readings of the events (variant ``rulebook_events``; the
printed cards are the default, see julius-caesar-rule-differences.md) need
two more pieces of Python, used only by that variant:

``rulebook_group_move(side, mode)``
    Mars, Mercury, Pluto and Neptune as both rulebooks tell them ("Karty
    Zdarzeń" / "Cartas de evento"): the event replaces the player's moves
    and levies (JC 2.1, 2.2) and adds something to *one group move*; the
    rulebooks bar no block from that group, so navis move with it (the cards
    bar navis from Mars, Mercury and Pluto and move only navis for Neptune).
    Pluto raises the road limits of every move of the group, not only of its
    attacks ("for one group move, but not for regroups or retreats": those
    read ``road_limit.*`` in the battle phase). Mercury's extra city comes
    from the parameters ``mercury.distance`` / ``mercury.attack_distance``
    (the variant sets them to one more than a normal move). Mars's and
    Neptune's first fire are the battle phase's (:func:`first_fire`: the
    group's mode is recorded as usual). As with the cards, the group makes
    no sea (amphibious) move: those cost move points, which an event gives
    none of.
``defect_in_place(side, location)``
    Jupiter by the rulebooks: "one enemy block adjacent to a friendly city
    defects" (PL "przeciągnięcie na swoją stronę", ES "deserción"): it
    changes side where it stands and stays with its new side for good (the
    card moves it into the city and sends it back to its original owner's
    pool when eliminated). Leaders and navis do not defect and lose a step
    instead: both rulebooks say so, like the card.
"""

from __future__ import annotations

from typing import ClassVar

from legatus import (
    PUBLIC,
    Context,
    EngineError,
    Frame,
    Procedure,
    Prompt,
    declare,
    piece,
    pieces_at,
    rules_effect,
    rules_query,
)
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import enemy, occupants


class PlayEvent(Procedure):
    """``play_event(card, side)``: run the rules file's effect for an event card.

    An event takes effect (JC 2.1). A card the parameter ``events.declinable``
    lists (variant ``jupiter_declinable``: Jupiter, which the Polish text says
    "gives you the possibility" of a defector) runs as a declinable effect:
    its first choice also offers ``pass``, and its player may decline it then
    although it has a target.
    """

    fields = declare(args=PUBLIC)

    rule = "JC 2.1"
    #: The parameters the events' Python reads (Vulcan's and Jupiter's step losses
    #: eliminate blocks, JC 7.5, and Cleopatra's change of side, JC 7.52; Jupiter's
    #: draw, card Jupiter; the events that may be declined).
    needs: ClassVar[dict[str, str]] = {
        "eliminated.face_up": "bool",
        "jupiter.navis_in_port": "bool",
        "cleopatra.switch_outside_battle": "bool",
        "events.declinable": "list[card]",
    }

    def start(self, ctx: Context, frame: Frame) -> None:
        card, side = frame["args"]["card"], frame["args"]["side"]
        effect = ctx.game.rules.effect_for_card(card)
        if effect is None:
            raise EngineError(f"the rules have no effect for the event card {card!r}")
        env = {p.name: side for p in effect.params if p.type.name == "side"}
        ctx.log(f"Event {card} takes effect for {side}", card=card, side=side)
        if card in ctx.param("events.declinable"):
            ctx.push("run_effect", effect=effect.name, side=side, env=env, declinable=True)
            return
        ctx.push("run_effect", effect=effect.name, side=side, env=env)

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        return None


@rules_query("vulcan_targets(side: side) -> list[space]", rule="JC card Vulcan")
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


@rules_query("enemy_blocks_at(side: side, space: space) -> list[piece]")
def enemy_blocks_at(ctx: Context, side: str, space: str) -> list[str]:
    """The blocks of ``side``'s enemy at a location."""
    foe = enemy(side)
    return sorted(pieces_at(ctx.state, space, foe))


@rules_query("blocks_in(space: space) -> list[piece]")
def blocks_in(ctx: Context, space: str) -> list[str]:
    """Every block at a location, of either side."""
    return sorted(pieces_at(ctx.state, space))


@rules_query("occupied_cities() -> list[space]")
def occupied_cities(ctx: Context) -> list[str]:
    """Land locations with at least one block (the rulebooks' Vulcan targets)."""
    board = ctx.definition.board
    land = board.space_kinds
    return sorted(
        space for space in occupants(ctx.state) if land[board.spaces[space].kind] == "land"
    )


@rules_query("jupiter_locations(side: side) -> list[space]", rule="JC card Jupiter")
def jupiter_locations(ctx: Context, side: str) -> list[str]:
    """Card Jupiter: locations holding an enemy block next to a city friendly to ``side``."""
    from legatus.games.julius_caesar.effects import defect_targets

    return sorted({piece(ctx.state, b).at for b in defect_targets(ctx, side)})


@rules_query("jupiter_cities(side: side, location: space) -> list[space]")
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


def jupiter_candidates(ctx: Context, side: str, location: str) -> list[str]:
    """The enemy blocks at ``location`` Jupiter draws from (a navis in a port only while
    ``jupiter.navis_in_port``: :func:`legatus.games.julius_caesar.effects.defect_targets`)."""
    from legatus.games.julius_caesar.effects import jupiter_may_take

    return [b for b in enemy_blocks_at(ctx, side, location) if jupiter_may_take(ctx, b)]


@rules_effect("defect_one(side: side, location: space, city: space)", rule="JC card Jupiter")
def defect_one(ctx: Context, side: str, location: str, city: str) -> None:
    """Card Jupiter: one enemy block at ``location``, drawn blind, defects into ``city``.

    Enemy blocks stand face away from the Jupiter player, so he points at one
    without knowing which it is: a random draw among them (choosing by name
    would reveal hidden identities in his prompt).
    """
    from legatus.games.julius_caesar.effects import defect

    candidates = jupiter_candidates(ctx, side, location)
    if not candidates:
        raise EngineError(f"no enemy block at {location} for Jupiter")
    (index,) = ctx.roll(1, len(candidates), what=f"the block Jupiter draws at {location}")
    defect(ctx, candidates[index - 1], city)


# -- the rulebooks' readings (variant rulebook_events) ---------------------------------


@rules_effect("defect_in_place(side: side, location: space)", rule="JC 2.1 rulebook Jupiter")
def defect_in_place(ctx: Context, side: str, location: str) -> None:
    """Jupiter by the rulebooks: one enemy block at ``location``, drawn blind, goes over to
    ``side`` where it stands, for good (JC 2.1 rulebook Jupiter).

    The block is drawn as in :func:`defect_one` (the enemy's blocks stand face
    away from the Jupiter player). A leader or navis loses one step instead
    (both rulebooks). A defector keeps no claim to its first owner: eliminated,
    it goes to its new side's pool. Where other enemy blocks stand, the
    location becomes contested and is fought over in the battle phase.
    """
    from legatus.games.julius_caesar.effects import LEADER, NAVIS, lose_step

    if location not in jupiter_locations(ctx, side):
        raise EngineError(f"Jupiter: no enemy block at {location} is next to a friendly city")
    candidates = jupiter_candidates(ctx, side, location)
    (index,) = ctx.roll(1, len(candidates), what=f"the block Jupiter draws at {location}")
    block = candidates[index - 1]
    ctx.fired("JC 2.1 rulebook Jupiter")
    if ctx.definition.pieces[block].type in (LEADER, NAVIS):
        ctx.log(f"Jupiter: {block} does not defect and loses a step instead", block=block)
        lose_step(ctx, block)
        return
    model.records(ctx.state).defected.pop(block, None)
    piece(ctx.state, block).side = side
    ctx.log(
        f"Jupiter: {block} in {location} goes over to {ctx.definition.side_name(side)}",
        event="defect",
        block=block,
        side=side,
        at=location,
    )


PROCEDURES: dict[str, Procedure] = {"play_event": PlayEvent()}
