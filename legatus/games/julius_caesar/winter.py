"""The winter turn of Julius Caesar (JC 8.0-8.6), one procedure per step.

Why one procedure per step: the two rulebooks order the winter steps
differently (the Spanish checks victory right after Cleopatra goes home,
the Polish after winter supply), so the order belongs to the rules file's
sequence of play, where a variant can reorder it; the victory check itself
is a ``check`` there (see :mod:`legatus.games.julius_caesar.victory`).

The steps with decisions are the rules file's procedures on the kit's winter
primitives (:mod:`legatus.framework.kit.winter`); this module keeps the two steps
that are Julius Caesar's own, Cleopatra's homecoming and the year's reset.

Action decomposition (the engine asks only where the owner has a choice):

``cleopatra_home`` (JC 8.1)
    no decision; she comes home from the pool too (see :func:`cleopatra_home`).
``navis_to_port`` (JC 8.2)
    Caesar's navis first, then Pompey's, each navis at sea in id order:
    with one friendly port on its sea it moves there, with none it is
    disbanded, with several its owner answers ``to_port(navis, port)``.
``winter_supply(base)`` (JC 8.3)
    Caesar's cities first, each in name order: while a city holds more
    blocks than ``base`` + its VP, its owner answers ``remove(block)``.
``disband`` (JC 8.5)
    Caesar, then Pompey: ``disband(block)`` one block at a time, or
    ``end_disband``.
``year_reset`` (JC 8.6)
    no decision.

Parameter ``disband.cleopatra`` (JC 8.3, 8.5): ``false`` by the Spanish text
(any block but Cleopatra may be disbanded, and winter supply removes
another block of her city rather than her), ``true`` by the Polish (any
block, in both steps).

Enemy moves are logged to everyone without the blocks' identities (where a
block went is public, JC 3.0); the owner's log names them.
"""

from __future__ import annotations

from legatus import Context, Immediate, Procedure, kit, pieces_of, set_flag
from legatus.games.julius_caesar.cards import clear_turn_records
from legatus.games.julius_caesar.model import ELIMINATED_FLAGS, enemy, status_of

ALEXANDRIA = "Alexandria"
CLEOPATRA_TYPE = "cleopatra"


# -- JC 8.1 Cleopatra goes home --------------------------------------------------------------


def cleopatra_home(ctx: Context, home: str = ALEXANDRIA) -> None:
    """JC 8.1, 7.52: Cleopatra returns to Alexandria, and joins the side holding it.

    Both texts: move her to Alexandria; if the enemy occupies it (it is
    friendly to her enemy), she joins that side at once with her current
    strength. A vacant Alexandria (or one her own side holds) keeps her
    side, and she makes it friendly to that side (its VP count at a
    following victory check). Alexandria cannot be contested in winter
    (every battle has been fought); if it were, she would keep her side,
    as it is then not *enemy* (JC 4.2.1).

    Cleopatra in the pool comes home too, at strength I (a block in the pool
    has lost its steps, JC 8.3, 8.5), for the side whose pool she lies in
    unless the enemy holds Alexandria. She gets there by Vulcan (eliminated
    outside a battle, where JC 7.52's change of side does not apply) or, by
    the Polish 8.3 and 8.5 (variant ``disband_cleopatra``), removed by winter
    supply or disbanded. The reading: she is never levied (JC
    3.27), so the pool would take her out of the game for good, which no text
    says; both say she "must return to Alexandria during each winter" (JC
    7.52) and 8.1 moves her there with no exception. Leaving the pool, she
    drops the face up (or face down) flag of a block eliminated this year.
    """
    state, game = ctx.state, ctx.definition
    for pid, entry in pieces_of(state):
        if game.pieces[pid].type != CLEOPATRA_TYPE or entry["at"] == "out":
            continue
        side = entry["side"]
        sides_there = {
            p["side"] for other, p in pieces_of(state) if other != pid and p["at"] == home
        }
        origin = entry["at"]
        if origin == "pool":
            ctx.fired("JC 8.1 from the pool")
            entry["strength"] = game.pieces[pid].min_strength
            for flag in ELIMINATED_FLAGS:
                set_flag(state, pid, flag, False)
        entry["at"] = home
        set_flag(state, pid, "revealed", False)
        if status_of(sides_there, side) == "enemy":
            entry["side"] = enemy(side)
            ctx.fired("JC 8.1 joins the enemy")
            ctx.log(
                f"{pid} goes home to {home} and joins {game.side_name(enemy(side))}",
                piece=pid,
                side=enemy(side),
            )
        elif origin == "pool":
            ctx.log(
                f"{pid} comes back from {game.side_name(side)}'s pool to {home}",
                piece=pid,
                side=side,
            )
        elif origin != home:
            ctx.log(f"{pid} goes home to {home}", piece=pid)


# -- JC 8.6 year reset ------------------------------------------------------------------------------


def year_reset(ctx: Context) -> None:
    """JC 8.6: face-up (or face-down, PL 7.5) pool blocks stand up again; all cards
    return to the deck.

    The next year's ``deal_cards`` shuffles and deals them (JC 8.6 second
    paragraph is the same step as JC 2.1's deal); the year's card records
    are cleared so that Apollo has nothing to copy in the first turn.
    """
    state = ctx.state
    for pid in state["pieces"]:
        for flag in ELIMINATED_FLAGS:
            set_flag(state, pid, flag, False)
    zones = state["zones"]
    for key in zones:
        zones[key] = []
    zones["deck"] = sorted(kit.cards.full_deck(ctx.definition))
    clear_turn_records(ctx)
    ctx.log("Year reset: eliminated blocks may be levied again; the cards are gathered")


PROCEDURES: dict[str, Procedure] = {
    "cleopatra_home": Immediate(cleopatra_home, rule="JC 8.1"),
    "year_reset": Immediate(year_reset, rule="JC 8.6"),
}
