"""Julius Caesar's invariants, checked by ``legatus check-game`` after every action, and
what holds just before each step of the sequence of play (a position is checked against
the step it names).

The generic ones (each piece in one place it may stand, strengths within
limits, every card in exactly one zone) come from the framework; these are
the game's own.
"""

from __future__ import annotations

from typing import Any

from legatus import Context, GameDef, StepInvariant, pieces_of
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES, enemy, occupants, vp

LEADER = "leader"


def trophies_are_killed_enemy_leaders(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 7.51: a trophy is an enemy leader who is out of the game for good."""
    problems = []
    trophies = model.records(state).trophies
    for side in SIDES:
        for leader in trophies.get(side, []):
            piece = definition.pieces.get(leader)
            if piece is None or piece.type != LEADER or piece.side != enemy(side):
                problems.append(f"{side}'s trophy {leader!r} is not an enemy leader")
            elif state["pieces"][leader]["at"] != "out":
                problems.append(f"{side}'s trophy {leader!r} is still in play")
    return problems


def leaders_lost_match_trophies(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 3.21, 7.51: the count that unlocks the third leader equals the leaders killed."""
    trophies = model.records(state).trophies
    lost = model.records(state).leaders_lost
    return [
        f"{side} has lost {lost.get(side, 0)} leaders but {enemy(side)} holds {len(trophies.get(enemy(side), []))} trophies"
        for side in SIDES
        if lost.get(side, 0) != len(trophies.get(enemy(side), []))
    ]


def vp_within_bounds(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 1.2: VP are friendly city VP plus trophies, never more than the map's 13 plus 3."""
    ceiling = (
        definition.board.total_vp
        + sum(1 for p in definition.pieces.values() if p.type == LEADER) // 2
    )
    problems = []
    for side in SIDES:
        points = vp(definition, state, side)
        if not 0 <= points <= ceiling:
            problems.append(f"{side} has {points} VP, outside 0..{ceiling}")
    return problems


def calendar_within_the_game(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 2.0: years of turns counted from 1 (the rules file bounds them: at most 10
    years of 6 turns); every game ends with a result by the winter of the last year."""
    year, turn = state["vars"].get("year", 1), state["vars"].get("turn", 1)
    problems = []
    if not 1 <= year <= 10:
        problems.append(f"year {year} outside 1..10")
    if not 1 <= turn <= 6:
        problems.append(f"turn {turn} outside 1..6")
    if not state["stack"] and state["result"] is None:
        problems.append("the sequence of play ended without a result")
    return problems


INVARIANTS = {
    "JC trophies are killed enemy leaders": trophies_are_killed_enemy_leaders,
    "JC leaders lost match trophies": leaders_lost_match_trophies,
    "JC VP within bounds": vp_within_bounds,
    "JC calendar within the game": calendar_within_the_game,
}


# -- what holds just before a step (positions: JC 2.0-2.3, 8.0) ----------------------------

#: The steps before which no battle is pending: all but the battle phase's.
CALM_STEPS = frozenset(
    {
        "free_deployment",
        "deal_cards",
        "card_phase",
        "command_phase",
        "cleopatra_home",
        "navis_to_port",
        "winter_supply",
        "disband",
        "year_reset",
    }
)
WINTER_STEPS = frozenset(
    {"cleopatra_home", "navis_to_port", "winter_supply", "disband", "year_reset"}
)


def no_contested_location(ctx: Context) -> list[str]:
    """Locations holding blocks of both sides."""
    names = " and ".join(ctx.definition.side_name(side) for side in SIDES)
    return [
        f"{space} holds blocks of {names}"
        for space, sides in sorted(occupants(ctx.state).items())
        if len(sides) > 1
    ]


def _hands(ctx: Context, most: int, why: str = "") -> list[str]:
    """Hands of at most ``most`` cards, and none empty while the turns leave cards: a
    position may leave out cards that play no part, not deal none."""
    found = []
    for side in SIDES:
        held = len(ctx.state["zones"].get(f"hand:{side}", []))
        cards = f"{held} card{'' if held == 1 else 's'}"
        if held > most:
            found.append(
                f"{ctx.definition.side_name(side)}'s hand holds {cards}, more than {most}{why}"
            )
        elif held == 0 and most > 0:
            found.append(
                f"{ctx.definition.side_name(side)}'s hand is empty; it holds up to {most}{why}"
            )
    return found


def _left_before_turn(ctx: Context, turn: int) -> tuple[int, str]:
    """The cards a hand holds before the card phase of ``turn``, and why."""
    dealt, discards = int(ctx.param("hand_size")), int(ctx.param("discards"))
    left = dealt - discards - (turn - 1)
    return left, f" ({dealt} dealt, {discards} discarded, {turn - 1} played)"


def hands_of_the_turn(ctx: Context) -> list[str]:
    """Each hand at a card phase: the year's deal less the discards and one card a turn
    already played."""
    return _hands(ctx, *_left_before_turn(ctx, int(ctx.state["vars"].get("turn", 1))))


def no_hand_before_the_deal(ctx: Context) -> list[str]:
    return _hands(ctx, 0)


def hands_played_out(ctx: Context) -> list[str]:
    """Each hand in winter: what the year's turns left (none, with the rulebook's numbers)."""
    return _hands(ctx, *_left_before_turn(ctx, int(ctx.param("turns_per_year")) + 1))


def cards_revealed(ctx: Context) -> list[str]:
    """Before the command phase: Player 1, and each side's move and levy points or the
    card they come from."""
    records = ctx.state["records"]
    found = []
    if records.get("player1") not in SIDES:
        found.append("no Player 1 is named (records: player1)")
    given = {**(records.get("cards") or {}), **(records.get("orders") or {})}
    found.extend(
        f"{ctx.definition.side_name(side)} has neither orders nor a card (records: orders, cards)"
        for side in SIDES
        if side not in given
    )
    return found


def player1_named(ctx: Context) -> list[str]:
    if model.records(ctx.state).player1 in SIDES:
        return []
    return ["no Player 1 is named (records: player1)"]


def navis_in_port(ctx: Context) -> list[str]:
    """After navis to port: no navis at sea."""
    definition = ctx.definition
    board = definition.board
    return [
        f"{pid} is at sea, in {piece['at']}"
        for pid, piece in sorted(pieces_of(ctx.state))
        if piece["at"] not in ("pool", "out")
        and board.space_kinds[board.spaces[piece["at"]].kind] != "land"
    ]


STEP_INVARIANTS = (
    StepInvariant(
        CALM_STEPS,
        "no location holds blocks of both sides: battles are fought in the battle phase",
        no_contested_location,
        "JC 2.3, 7.1",
    ),
    StepInvariant(
        frozenset({"card_phase"}),
        "each hand holds cards, at most the year's deal less the discard and the cards of "
        "the turns before",
        hands_of_the_turn,
        "JC 2.1",
    ),
    StepInvariant(
        frozenset({"deal_cards", "free_deployment"}),
        "no hand holds a card before the year's deal",
        no_hand_before_the_deal,
        "JC 2.1, 8.6",
    ),
    StepInvariant(
        WINTER_STEPS,
        "the year's cards are played out: each hand holds at most what the turns left (none "
        "with the rulebook's numbers)",
        hands_played_out,
        "JC 2.0, 2.1",
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
        player1_named,
        "JC 2.1, 7.1",
    ),
    StepInvariant(
        frozenset({"winter_supply", "disband", "year_reset"}),
        "every navis has gone to port",
        navis_in_port,
        "JC 8.2",
    ),
)
