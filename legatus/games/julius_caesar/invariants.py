"""Julius Caesar's invariants, checked by ``legatus check-game`` after every action, and
what holds just before each step of the sequence of play (a position is checked against
the step it names).

The generic ones (each piece in one place it may stand, strengths within limits, every
card in exactly one zone) come from the framework, the block games' from the kit
(:mod:`legatus.framework.kit.invariants`), given Julius Caesar's numbers and names here.
"""

from __future__ import annotations

from legatus import Context, StepInvariant, kit
from legatus.games.julius_caesar.model import SIDES, vp

INVARIANTS = {
    "JC blocks indexed where they stand": kit.invariants.occupancy_kept,
    "JC trophies are killed enemy leaders": kit.invariants.trophies_are_killed_enemy_leaders(),
    "JC leaders lost match trophies": kit.invariants.losses_match_trophies(),
    "JC VP within bounds": kit.invariants.vp_within(vp),
    # JC 2.0: at most 10 years of 6 turns (the rules file bounds them), and a result.
    "JC calendar within the game": kit.invariants.calendar_within(
        {"year": (1, 10), "turn": (1, 6)}
    ),
}


def cards_revealed(ctx: Context) -> list[str]:
    """Before the command phase: Player 1, and each side's move and levy points or the
    card they come from."""
    records = ctx.state["records"]
    given = {**(records.get("cards") or {}), **(records.get("orders") or {})}
    return kit.invariants.player1_named(ctx) + [
        f"{ctx.definition.side_name(side)} has neither orders nor a card (records: orders, cards)"
        for side in SIDES
        if side not in given
    ]


#: The steps before which no battle is pending: all but the battle phase's (JC 2.0).
WINTER_STEPS = frozenset(
    ["cleopatra_home", "navis_to_port", "winter_supply", "disband", "year_reset"]
)
CALM_STEPS = WINTER_STEPS | {"free_deployment", "deal_cards", "card_phase", "command_phase"}

STEP_INVARIANTS = (
    kit.invariants.calm_steps(CALM_STEPS, "JC 2.3, 7.1"),
    *kit.invariants.card_steps(
        card_phase={"card_phase"},
        before_deal={"deal_cards", "free_deployment"},
        winter=WINTER_STEPS,
        rules=("JC 2.1", "JC 2.1, 8.6", "JC 2.0, 2.1"),
    ),
    StepInvariant(
        frozenset({"command_phase"}),
        "the card phase has revealed the cards: Player 1 and both sides' orders (or cards) "
        "are given",
        cards_revealed,
        "JC 2.1, 2.2",
    ),
    StepInvariant(
        frozenset({"battle_phase"}),
        "Player 1 is named: he picks the battles' order",
        kit.invariants.player1_named,
        "JC 2.1, 7.1",
    ),
    kit.invariants.ships_in_port(
        {"winter_supply", "disband", "year_reset"}, "JC 8.2", "every navis"
    ),
)
