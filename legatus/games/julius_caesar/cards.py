"""The card phase of Julius Caesar: the year's deal and each turn's card play (JC 2.1).

Why this shape: the cards are the game's only simultaneous decision. Both
players choose a card face down, then both are shown together. The flow is
the rules file's (``julius_caesar.rules``: procedures ``deal_cards`` and
``card_phase``, each a decision asked ``together``), on the kit's card
primitives (:mod:`legatus.framework.kit.cards`: the deal, the hand, a card
discarded or played face down); this module gives what the revealed cards
decide in Julius Caesar. "Face down" is a card *zone*: a played card
moves from ``hand:<side>`` to ``committed:<side>``, which only its owner
sees (``cards.yaml`` declares the zones' visibility, and the observer in
:mod:`legatus.framework.engine.view` enforces it), and only when both have chosen do
the cards move to ``played:<side>`` (seen by all) and ``ctx.reveal()`` mark
the point before which no action can be undone.

Action decomposition (one decision per prompt):

``deal_cards`` (start of every year)
    the 27 cards are gathered and shuffled (a chance event: the undo floor
    moves), ``hand_size`` are dealt to each side, then both sides at once
    (Caesar asked first by players that answer in turn) answer
    ``discard(card)``, ``discards`` times; the discard goes face down to
    ``discarded:<side>``.
``card_phase`` (every turn)
    ``play(card)`` by both at once (Caesar first in turn); then the reveal.
    A side with no card left answers ``pass`` (it plays nothing: move 0,
    levy 0), so a variant with more turns than cards can never dead-end.

The reveal writes to ``state["records"]`` (everyone sees it):

``cards``
    ``{side: card id played}`` (``None`` for a side that passed).
``copied``
    ``{side: card id}`` for a side that played Apollo: the card it copies
    (``None`` if there was nothing to copy).
``event``
    ``{"card": event, "side": side}`` for the event in force, or ``None``;
    for Apollo copying an event, the copied event.
``cancelled``
    true when both played event cards: the turn ends at once (the command
    and battle phases do nothing).
``player1``
    the side that is Player 1 this turn (``None`` in a cancelled turn).
``orders``
    ``{side: {"move": n, "levy": n}}``: the command values each side may
    spend this turn (0 and 0 for an event; Apollo copying a command card
    gives that card's values). Unused values are lost (JC 2.1 note).
``previous_cards``
    ``{side: card id}``: the cards in effect last turn (Apollo's copy),
    ``{}`` in a year's first turn.

Parameter ``apollo.reading`` (JC 2.1 card Apollo) selects between the
printed card (``"card"``, default: the copied card decides Player 1 and
Apollo cannot be played in a year's first turn) and the rulebooks
(``"rulebook"``: the event player is always Player 1; Apollo is playable
in the first turn, where it has nothing to copy).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from legatus import Context, GameDef, reset_record, rules_effect, rules_query, zone_cards
from legatus.games.julius_caesar.model import CAESAR, SIDES, enemy

APOLLO = "Apollo"
EVENT = "event"
MOVE = "move"
LEVY = "levy"
#: Public records of the turn's cards, cleared each year (JC 2.1, 8.6).
TURN_RECORDS = ("cards", "copied", "event", "cancelled", "player1", "orders", "previous_cards")
READINGS = ("card", "rulebook")


def is_event(definition: GameDef, card: str | None) -> bool:
    return card is not None and definition.cards[card].kind == EVENT


def move_value(definition: GameDef, card: str | None) -> int:
    """The move value that decides Player 1 (JC 2.1); events and no card count 0."""
    if card is None or is_event(definition, card):
        return 0
    return int(definition.cards[card].values.get(MOVE, 0))


def card_orders(definition: GameDef, card: str | None) -> dict[str, int]:
    """Move and levy points a card gives (JC 2.1, 2.2); an event or no card gives none."""
    if card is None or is_event(definition, card):
        return {MOVE: 0, LEVY: 0}
    values = definition.cards[card].values
    return {MOVE: int(values.get(MOVE, 0)), LEVY: int(values.get(LEVY, 0))}


def clear_turn_records(ctx: Context) -> None:
    """Forget the turn's card records: each back to its declared start (JC 2.1, 8.6)."""
    for key in TURN_RECORDS:
        reset_record(ctx.definition, ctx.state, key)


def effective_cards(public: Mapping[str, Any]) -> dict[str, str | None]:
    """The card each side had in effect: the one played, or what its Apollo copied."""
    cards: dict[str, str | None] = dict(public.get("cards", {}))
    copied: dict[str, str | None] = public.get("copied", {})
    for side, card in copied.items():
        cards[side] = card
    return cards


# -- the year's deal: the kit's deal_hands and discard_face_down (legatus.framework.kit.cards)


@rules_effect("forget_turn_cards()", rule="JC 2.1")
def forget_turn_cards(ctx: Context) -> None:
    """JC 2.1, 8.6: a new deal starts with no card of an earlier turn on record (Apollo has
    nothing to copy in the year's first turn)."""
    clear_turn_records(ctx)


# -- the turn's card play ------------------------------------------------------------------


@dataclass(frozen=True)
class CardOutcome:
    """What the two revealed cards decide (JC 2.1)."""

    player1: str | None
    cancelled: bool = False
    event: dict[str, str] | None = None
    copied: dict[str, str | None] = field(default_factory=dict)
    orders: dict[str, dict[str, int]] = field(default_factory=dict)
    reason: str = ""


def resolve_cards(
    definition: GameDef,
    played: Mapping[str, str | None],
    previous: Mapping[str, str | None],
    reading: str = "card",
) -> CardOutcome:
    """Decide Player 1, the event and the orders from the revealed cards (JC 2.1).

    ``played`` maps each side to the card it played (``None``: none);
    ``previous`` to the card in effect for it last turn (Apollo copies the
    opponent's). Both printed event cards cancel each other (Apollo is an
    event card whatever it copies). One event: its player is Player 1,
    except that by the card reading an Apollo copying a command card lets
    that card's move value decide. Otherwise the higher move value wins,
    Caesar on ties.
    """
    copied = {side: previous.get(enemy(side)) for side, card in played.items() if card == APOLLO}
    effective = {side: copied.get(side, card) for side, card in played.items()}
    orders = {side: card_orders(definition, effective[side]) for side in SIDES}
    eventful = [side for side in SIDES if is_event(definition, played.get(side))]
    if len(eventful) == len(SIDES):
        return CardOutcome(
            None,
            cancelled=True,
            copied=copied,
            orders={side: card_orders(definition, None) for side in SIDES},
            reason="both played events: cancelled",
        )
    event: dict[str, str] | None = None
    if eventful:
        side = eventful[0]
        in_effect = effective[side]
        if is_event(definition, in_effect):
            assert in_effect is not None
            event = {"card": in_effect, "side": side}
        decides_by_copy = (
            played[side] == APOLLO
            and reading == "card"
            and in_effect is not None
            and not is_event(definition, in_effect)
        )
        if not decides_by_copy:
            return CardOutcome(
                side, event=event, copied=copied, orders=orders, reason="event player"
            )
    moves = {side: move_value(definition, effective.get(side)) for side in SIDES}
    best = max(moves.values())
    leaders = [side for side in SIDES if moves[side] == best]
    player1 = CAESAR if CAESAR in leaders else leaders[0]
    reason = "higher move" if len(leaders) == 1 else "tie: Caesar"
    return CardOutcome(player1, event=event, copied=copied, orders=orders, reason=reason)


@rules_effect("new_card_turn()", rule="JC 2.1")
def new_card_turn(ctx: Context) -> None:
    """JC 2.1: a turn's cards begin: last turn's cards in effect are kept for Apollo, the
    rest of the turn's records cleared."""
    public = ctx.state["records"]
    previous = effective_cards(public)
    clear_turn_records(ctx)
    public["previous_cards"] = previous


@rules_query("playable(side: side) -> list[card]", rule="JC 2.1")
def playable(ctx: Context, side: str) -> list[str]:
    """The cards ``side`` may play now (JC 2.1; Apollo's first-turn ban by the card).

    Apollo is withheld in a year's first turn only while the side holds
    another card: a side must always be able to play.
    """
    cards = sorted(set(zone_cards(ctx.state, f"hand:{side}")))
    first_turn = not ctx.state["records"].get("previous_cards")
    if first_turn and APOLLO in cards and len(cards) > 1 and apollo_reading(ctx) == "card":
        ctx.fired("JC 2.1 card Apollo: not in the first turn")
        cards.remove(APOLLO)
    return cards


def apollo_reading(ctx: Context) -> str:
    reading = str(ctx.param("apollo.reading"))
    if reading not in READINGS:
        raise ValueError(f"apollo.reading must be one of {READINGS}, not {reading!r}")
    return reading


@rules_effect("reveal_cards()", rule="JC 2.1")
def reveal_cards(ctx: Context) -> None:
    """Show both committed cards at once and record what they decide (JC 2.1)."""
    game, state = ctx.definition, ctx.state
    zones, public = state["zones"], state["records"]
    played: dict[str, str | None] = {}
    for side in SIDES:
        committed = zones[f"committed:{side}"]
        card = committed.pop() if committed else None
        if card is not None:
            zones[f"played:{side}"].append(card)
        played[side] = card
    ctx.reveal()
    outcome = resolve_cards(game, played, public.get("previous_cards", {}), apollo_reading(ctx))
    public["cards"] = played
    public["copied"] = outcome.copied
    public["event"] = outcome.event
    public["cancelled"] = outcome.cancelled
    public["player1"] = outcome.player1
    public["orders"] = outcome.orders
    if outcome.copied:
        ctx.fired("JC 2.1 card Apollo")
    if outcome.cancelled:
        ctx.fired("JC 2.1 events cancel")
    elif outcome.reason == "tie: Caesar":
        ctx.fired("JC 2.1 ties: Caesar")
    shown = ", ".join(
        f"{game.side_name(s)} {_shown(played[s], outcome.copied.get(s, ''))}" for s in SIDES
    )
    if outcome.player1 is None:
        verdict = "both events are cancelled; the turn ends"
    else:
        verdict = f"{game.side_name(outcome.player1)} is Player 1 ({outcome.reason})"
    ctx.log(
        f"Cards revealed: {shown}; {verdict}",
        cards=played,
        copied=outcome.copied,
        player1=outcome.player1,
        cancelled=outcome.cancelled,
    )


def _shown(card: str | None, copied: str | None) -> str:
    if card is None:
        return "no card"
    if card == APOLLO:
        return f"Apollo (copying {copied or 'nothing'})"
    return card
