"""The seven event cards: the Python side of their effects.

The effects are the rules file's (``effect vulcan on "Vulcan": ...``), their targets the
kit's queries (:mod:`legatus.framework.kit.events`) under the rules file's ``define``\\ s
(``vulcan_targets``, ``jupiter_locations``, ``jupiter_cities``); the step that runs the
effect of the card a side played is the kit's :class:`~legatus.framework.kit.events.PlayEvent`
(JC 2.1; a card ``events.declinable`` lists may be declined: variant
``jupiter_declinable``). Apollo is resolved in the card phase (JC 2.1): it becomes the
card it copies. What stays here names Jupiter: its defector, drawn blind, as the card
tells it (:func:`defect_one`) and as the rulebooks do (:func:`defect_in_place`, variant
``rulebook_events``; its group moves are ``rulebook_group_move`` of the rules file).
"""

from __future__ import annotations

from legatus import Context, EngineError, Procedure, kit, rules_effect
from legatus.games.julius_caesar.effects import defect


def _drawn(ctx: Context, side: str, location: str, away: list[str]) -> str:
    """The enemy block at ``location`` Jupiter draws blind (a block of the types ``away``
    only at sea: the rules file's ``jupiter_away``)."""
    candidates = kit.events.defectors(ctx, side, location, "land", away)
    return kit.events.draw_block(ctx, candidates, f"the block Jupiter draws at {location}")


@rules_effect(
    "defect_one(side: side, location: space, city: space, away: list[str])",
    rule="JC card Jupiter",
)
def defect_one(ctx: Context, side: str, location: str, city: str, away: list[str]) -> None:
    """Card Jupiter: one enemy block at ``location``, drawn blind (its owner's blocks stand
    face away), defects into the friendly ``city`` and fights for ``side``."""
    defect(ctx, _drawn(ctx, side, location, away), city)


@rules_effect(
    "defect_in_place(side: side, location: space, away: list[str])",
    rule="JC 2.1 rulebook Jupiter",
)
def defect_in_place(ctx: Context, side: str, location: str, away: list[str]) -> None:
    """Jupiter by the rulebooks: one enemy block at ``location``, drawn blind, goes over to
    ``side`` where it stands, for good; where other enemy blocks stand, the location is
    contested and fought over in the battle phase."""
    if location not in kit.events.defector_areas(ctx, side, "land", away):
        raise EngineError(f"Jupiter: no enemy block at {location} is next to a friendly city")
    defect(ctx, _drawn(ctx, side, location, away))


#: JC 2.1: Vulcan's and Jupiter's step losses eliminate blocks (JC 7.5) and Cleopatra may
#: change side (JC 7.52); some cards are declinable.
PROCEDURES: dict[str, Procedure] = {
    "play_event": kit.events.PlayEvent(
        declinable="events.declinable",
        rule="JC 2.1",
        needs={
            "eliminated.face_up": "bool",
            "cleopatra.switch_outside_battle": "bool",
        },
    )
}
