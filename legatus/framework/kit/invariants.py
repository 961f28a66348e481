"""Block-game invariants: what holds in every state of a Columbia block game, by its data.

``legatus check-game`` checks a game's invariants after every action (``(definition,
state) -> problems``), and a position is checked against what holds just before the step
it names (:class:`~legatus.framework.engine.invariants.StepInvariant`, ``(ctx) ->
problems``). The block games share most of them; a game picks those it needs and gives
the names and numbers that are its own (a piece type, a record, a rules parameter):

- after every action: the index of the blocks on the map the moves read unchecked is
  right (:func:`occupancy_kept`); trophies (enemy leaders killed, a VP each) are enemy leaders out
  of the game, as many as each side has lost (:func:`trophies_are_killed_enemy_leaders`,
  :func:`losses_match_trophies`); a side's VP within the map's and the trophies'
  (:func:`vp_within`); the calendar within the game, a result at its end
  (:func:`calendar_within`);
- before a step: no area holds two sides' blocks outside the battle phase
  (:func:`no_contested_area`, :func:`calm_steps`); the hands hold what the year's deal,
  the discards and the turns played leave (:func:`hands_of_the_turn`,
  :func:`hands_played_out`, :func:`no_hand`, :func:`card_steps`); Player 1 is named once
  the cards are revealed (:func:`player1_named`); in winter every sea-going block has
  made port (:func:`in_port`, :func:`ships_in_port`).

Hammer of the Scots deals five cards and discards none (``discards=None``), has no
trophies (its nobles change side) and no seas; Julius Caesar uses them all.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import partial

from legatus.framework.engine.core import Context
from legatus.framework.engine.invariants import StepInvariant
from legatus.framework.engine.state import OFF_MAP, State, pieces_of, sides_by_space
from legatus.framework.kit.movement import Occupancy
from legatus.framework.model.gamedef import GameDef

#: ``(definition, state) -> problems``: checked after every action.
Invariant = Callable[[GameDef, State], list[str]]
#: ``(ctx) -> problems``: checked just before a step.
StepCheck = Callable[[Context], list[str]]

# -- after every action ----------------------------------------------------------------------


def trophies_are_killed_enemy_leaders(
    leader: str = "leader", *, record: str = "trophies"
) -> Invariant:
    """A trophy (``record``: side -> the leaders it killed) is a piece of type ``leader``
    of another side, out of the game for good (Julius Caesar 7.51)."""

    def check(definition: GameDef, state: State) -> list[str]:
        problems, held = [], state["records"].get(record, {})
        for side in definition.side_ids:
            for block in held.get(side, []):
                piece = definition.pieces.get(block)
                if piece is None or piece.type != leader or piece.side == side:
                    problems.append(f"{side}'s trophy {block!r} is not an enemy leader")
                elif state["pieces"][block]["at"] != "out":
                    problems.append(f"{side}'s trophy {block!r} is still in play")
        return problems

    return check


def occupancy_kept(definition: GameDef, state: State) -> list[str]:
    """The index of where the blocks stand that the moves read unchecked
    (:meth:`~legatus.framework.kit.movement.Occupancy.of`, trusted while no change of a
    piece's place or side is noted) says where they stand and for whom: every writer of
    a piece's place or side noted it
    (:func:`~legatus.framework.engine.state.note_moved`)."""
    kept = Occupancy.trusted(state["pieces"])
    if kept is None or kept.current():
        return []
    return ["the kept index of the blocks on the map is stale: a change of place or side unnoted"]


def losses_match_trophies(*, lost: str = "leaders_lost", trophies: str = "trophies") -> Invariant:
    """Each side's count of leaders lost (``lost``: side -> number, what brings its next
    leader, Julius Caesar 3.21) equals the trophies the other sides hold."""

    def check(definition: GameDef, state: State) -> list[str]:
        losses, held = state["records"].get(lost, {}), state["records"].get(trophies, {})
        problems = []
        for side in definition.side_ids:
            others = definition.other_sides(side)
            count = sum(len(held.get(other, [])) for other in others)
            if losses.get(side, 0) != count:
                problems.append(
                    f"{side} has lost {losses.get(side, 0)} leaders but {' and '.join(others)} "
                    f"holds {count} trophies"
                )
        return problems

    return check


def vp_within(
    score: Callable[[GameDef, State, str], int], leader: str | None = "leader"
) -> Invariant:
    """Each side's VP (``score``) lies within 0 and the map's VP plus one per enemy piece of
    type ``leader`` (a trophy each, Julius Caesar 1.2; None for no trophies)."""

    def check(definition: GameDef, state: State) -> list[str]:
        problems = []
        for side in definition.side_ids:
            leaders = [p for p in definition.pieces.values() if p.type == leader]
            ceiling = definition.board.total_vp + sum(1 for p in leaders if p.side != side)
            if not 0 <= (points := score(definition, state, side)) <= ceiling:
                problems.append(f"{side} has {points} VP, outside 0..{ceiling}")
        return problems

    return check


def calendar_within(bounds: Mapping[str, tuple[int, int]]) -> Invariant:
    """Each counter of the sequence of play (``bounds``: name -> lowest, highest; 1 before
    it is set) within its bounds, and a result once the sequence has ended."""

    def check(definition: GameDef, state: State) -> list[str]:
        problems = []
        for name, (low, high) in bounds.items():
            value = state["vars"].get(name, 1)
            if not low <= value <= high:
                problems.append(f"{name} {value} outside {low}..{high}")
        if not state["stack"] and state["result"] is None:
            problems.append("the sequence of play ended without a result")
        return problems

    return check


# -- just before a step ----------------------------------------------------------------------


def no_contested_area(ctx: Context) -> list[str]:
    """Areas holding blocks of two sides or more (a battle is pending)."""
    sides, name = ctx.definition.side_ids, ctx.definition.side_name
    return [
        f"{space} holds blocks of {' and '.join(name(s) for s in sides if s in there)}"
        for space, there in sorted(sides_by_space(ctx.state).items())
        if len(there) > 1
    ]


def hands_within(ctx: Context, most: int, why: str = "") -> list[str]:
    """Hands of at most ``most`` cards, and none empty while the turns leave cards: a
    position may leave out cards that play no part, not deal none."""
    found = []
    for side in ctx.definition.side_ids:
        held = len(ctx.state["zones"].get(f"hand:{side}", []))
        name, cards = ctx.definition.side_name(side), f"{held} card{'' if held == 1 else 's'}"
        if held > most:
            found.append(f"{name}'s hand holds {cards}, more than {most}{why}")
        elif held == 0 and most > 0:
            found.append(f"{name}'s hand is empty; it holds up to {most}{why}")
    return found


def no_hand(ctx: Context) -> list[str]:
    """No hand holds a card (before the year's deal)."""
    return hands_within(ctx, 0)


def _left(ctx: Context, turn: int, deal: str, discards: str | None) -> tuple[int, str]:
    """The cards a hand holds before the card phase of ``turn``, and why."""
    dealt, dropped = int(ctx.param(deal)), int(ctx.param(discards)) if discards else 0
    return dealt - dropped - (turn - 1), f" ({dealt} dealt, {dropped} discarded, {turn - 1} played)"


def hands_of_the_turn(
    *, deal: str = "hand_size", discards: str | None = "discards", counter: str = "turn"
) -> StepCheck:
    """Each hand at a card phase: the year's deal (the rules parameter ``deal``) less the
    discards (``discards``, None for none) and one card a turn already played (the
    sequence's counter ``counter``)."""

    def check(ctx: Context) -> list[str]:
        turn = int(ctx.state["vars"].get(counter, 1))
        return hands_within(ctx, *_left(ctx, turn, deal, discards))

    return check


def hands_played_out(
    *, deal: str = "hand_size", discards: str | None = "discards", turns: str = "turns_per_year"
) -> StepCheck:
    """Each hand in winter: what the year's turns (the rules parameter ``turns``) left."""

    def check(ctx: Context) -> list[str]:
        return hands_within(ctx, *_left(ctx, int(ctx.param(turns)) + 1, deal, discards))

    return check


def player1_named(ctx: Context, record: str = "player1") -> list[str]:
    """The revealed cards named Player 1 (the record ``player1``)."""
    if ctx.state["records"].get(record) in ctx.definition.side_ids:
        return []
    return [f"no Player 1 is named (records: {record})"]


def in_port(ctx: Context, land: str = "land") -> list[str]:
    """No block stands on the map outside the ``land`` category (a sea-going block at
    sea has made port or been lost: Julius Caesar 8.2)."""
    board = ctx.definition.board
    return [
        f"{pid} is at sea, in {piece['at']}"
        for pid, piece in sorted(pieces_of(ctx.state))
        if piece["at"] not in OFF_MAP and board.space_kinds[board.spaces[piece["at"]].kind] != land
    ]


# -- the declarations, in the kit's words --------------------------------------------------


def calm_steps(steps: Collection[str], rule: str) -> StepInvariant:
    """Before ``steps`` (every step but a battle phase's) no battle is pending."""
    return StepInvariant(
        frozenset(steps),
        "no location holds blocks of both sides: battles are fought in the battle phase",
        no_contested_area,
        rule,
    )


def card_steps(
    *,
    card_phase: Collection[str],
    before_deal: Collection[str],
    winter: Collection[str],
    rules: tuple[str, str, str],
    deal: str = "hand_size",
    discards: str | None = "discards",
    counter: str = "turn",
    turns: str = "turns_per_year",
) -> tuple[StepInvariant, StepInvariant, StepInvariant]:
    """The hands before ``card_phase`` (:func:`hands_of_the_turn`), ``before_deal``
    (:func:`no_hand`) and the ``winter`` steps (:func:`hands_played_out`), citing
    ``rules`` in that order; the other arguments are those functions'."""
    less = "less the discard and the cards" if discards else "less the cards"
    return (
        StepInvariant(
            frozenset(card_phase),
            f"each hand holds cards, at most the year's deal {less} of the turns before",
            hands_of_the_turn(deal=deal, discards=discards, counter=counter),
            rules[0],
        ),
        StepInvariant(
            frozenset(before_deal), "no hand holds a card before the year's deal", no_hand, rules[1]
        ),
        StepInvariant(
            frozenset(winter),
            "the year's cards are played out: each hand holds at most what the turns left "
            "(none with the rulebook's numbers)",
            hands_played_out(deal=deal, discards=discards, turns=turns),
            rules[2],
        ),
    )


def ships_in_port(
    steps: Collection[str], rule: str, ships: str = "every sea-going block", land: str = "land"
) -> StepInvariant:
    """Before ``steps`` (winter's after the ships made port) no block is at sea
    (:func:`in_port`); ``ships`` names them in the game's words."""
    return StepInvariant(
        frozenset(steps), f"{ships} has gone to port", partial(in_port, land=land), rule
    )
