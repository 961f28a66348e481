"""Card-driven command: the year's deal and each turn's card played face down.

In the Columbia block games a year starts with a deal from the whole deck (Julius Caesar
deals six cards and each player discards one face down; Hammer of the Scots deals five),
and each turn both players choose a card face down at once, then reveal them together;
the cards decide who moves first and how many groups move and blocks are raised.

The zones are the cards file's (``zones``: their visibility is declared there and the
observer enforces it): ``deck``, and per side ``hand:<side>``, ``discarded:<side>`` (a
card discarded face down at the deal) and ``committed:<side>`` (a card played face down,
seen by its owner only until the reveal, then in ``played:<side>``, seen by all). A game
that uses these primitives declares those zones.

What the revealed cards decide (:func:`resolve_cards`) is the same in each game, with a few
readings given as arguments: a card's ``values`` (Julius Caesar's move and levy points,
Hammer of the Scots' group moves alone), the first of which decides who goes first; the
side that wins a tie (one side is named in each game); the cards that copy the card the
other side had in effect last turn (one in Julius Caesar; none in Hammer of the Scots), and
whether such a copy's value decides. An event card (``kind: event``) makes its player
the first player; two events end the turn at once (Hammer of the Scots then carries out
both, the tie side's first, and ends the year: its rules read the revealed ``cards``).
The public records the card phase writes are the kit's: :data:`TURN_RECORDS`, which a
game using :func:`reveal_cards` declares in its manifest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from legatus.framework.engine.core import Context
from legatus.framework.engine.records import reset_record
from legatus.framework.engine.state import State, zone_cards
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import rules_effect, rules_query

DECK = "deck"
#: The card kind of an event card: played instead of the card's values.
EVENT = "event"
#: The public records of a turn's cards: ``cards`` ({side: card played, or None}),
#: ``copied`` ({side: the card its copying card copies}), ``event`` ({"card", "side"} or
#: None), ``cancelled`` (two events), ``player1`` (who goes first), ``orders`` ({side:
#: {value: points}}) and ``previous_cards`` (last turn's cards in effect).
TURN_RECORDS = ("cards", "copied", "event", "cancelled", "player1", "orders", "previous_cards")


def full_deck(game: GameDef) -> list[str]:
    """Every card of the game, copies included, in the cards file's order."""
    return [card.id for card in game.cards.values() for _ in range(card.copies)]


@rules_effect("deal_hands(size: int)")
def deal_hands(ctx: Context, size: int) -> None:
    """Gather every card into the deck, shuffle it (a chance event: what came before can
    no longer be taken back) and deal ``size`` to each side, one card at a time in the
    sides' order; each hand is kept sorted."""
    zones: dict[str, list[str]] = ctx.state["zones"]
    for key in zones:
        zones[key] = []
    deck = full_deck(ctx.definition)
    ctx.shuffle(deck)
    sides = ctx.definition.side_ids
    for _ in range(size):
        for side in sides:
            if deck:
                zones[f"hand:{side}"].append(deck.pop())
    zones[DECK] = deck
    for side in sides:
        zones[f"hand:{side}"].sort()
    ctx.log(f"The cards are shuffled; {size} dealt to each side", hand_size=size)


@rules_query("hand(side: side) -> list[card]")
def hand(ctx: Context, side: str) -> list[str]:
    """The side's hand, in order (a card held twice is listed twice)."""
    return list(zone_cards(ctx.state, f"hand:{side}"))


@rules_effect("discard_face_down(side: side, card: card)")
def discard_face_down(ctx: Context, side: str, card: str) -> None:
    """The side discards a card from its hand face down: the others read only that it did."""
    _from_hand(ctx, side, card, "discarded", "discards a card face down", "discards {card}")


@rules_effect("play_face_down(side: side, card: card)")
def play_face_down(ctx: Context, side: str, card: str) -> None:
    """The side plays a card from its hand face down, until the cards are revealed: the
    others read only that it did."""
    _from_hand(ctx, side, card, "committed", "plays a card face down", "plays {card} face down")


@rules_effect("no_card(side: side)")
def no_card(ctx: Context, side: str) -> None:
    """A side with no card left plays none this turn."""
    ctx.log(ctx.definition.side_does(side, "has no card to play"))


def _from_hand(ctx: Context, side: str, card: str, zone: str, seen: str, own: str) -> None:
    zones = ctx.state["zones"]
    zones[f"hand:{side}"].remove(card)
    zones[f"{zone}:{side}"].append(card)
    does = ctx.definition.side_does
    ctx.log(does(side, seen))
    ctx.log(does(side, own.format(card=card)), to=[side], card=card)


# -- what the revealed cards decide ----------------------------------------------------


def is_event(game: GameDef, card: str | None) -> bool:
    """Whether ``card`` is an event card (None, no card, is not)."""
    return card is not None and game.cards[card].kind == EVENT


def card_values(game: GameDef, card: str | None, values: Sequence[str]) -> dict[str, int]:
    """The points a card gives, by value name (``move``, ``levy``); an event or no card
    gives none."""
    printed = {} if card is None or is_event(game, card) else game.cards[card].values
    return {value: int(printed.get(value, 0)) for value in values}


@dataclass(frozen=True)
class CardOutcome:
    """What the revealed cards decide: the first player (None when two events cancel the
    turn), the event in force, what each copying card copied, each side's points and why
    the first player goes first (``"higher move"``, ``"tie: <side>"``, ``"event player"``)."""

    player1: str | None
    cancelled: bool = False
    event: dict[str, str] | None = None
    copied: dict[str, str | None] = field(default_factory=dict)
    orders: dict[str, dict[str, int]] = field(default_factory=dict)
    reason: str = ""


def resolve_cards(
    game: GameDef,
    played: Mapping[str, str | None],
    previous: Mapping[str, str | None],
    *,
    tie: str,
    values: Sequence[str],
    copiers: Sequence[str] = (),
    copy_decides: bool = True,
) -> CardOutcome:
    """Decide the first player, the event and the points from the revealed cards.

    ``played`` maps each side to its card (None: none); ``previous`` to the card it had
    in effect last turn, which a card of ``copiers`` played by the other side becomes (a
    copying card stays an event card whatever it copies). Two event cards cancel the
    turn. One event: its player goes first, unless it is a copying card that copied a
    card with values and ``copy_decides``. Otherwise the higher first value of
    ``values`` goes first, ``tie`` on equal values.
    """
    sides = list(played)
    copied = {
        side: previous.get(next(s for s in sides if s != side))
        for side, card in played.items()
        if card in copiers
    }
    effective = {side: copied.get(side, card) for side, card in played.items()}
    orders = {side: card_values(game, effective[side], values) for side in sides}
    eventful = [side for side in sides if is_event(game, played[side])]
    if len(eventful) == len(sides):
        nothing = {side: card_values(game, None, values) for side in sides}
        return CardOutcome(None, True, None, copied, nothing, "both played events: cancelled")
    event: dict[str, str] | None = None
    if eventful:
        side = eventful[0]
        in_effect = effective[side]
        if in_effect is not None and is_event(game, in_effect):
            event = {"card": in_effect, "side": side}
        by_copy = side in copied and copy_decides and in_effect is not None and event is None
        if not by_copy:
            return CardOutcome(side, False, event, copied, orders, "event player")
    first = {side: orders[side][values[0]] if values else 0 for side in sides}
    best = max(first.values())
    leaders = [side for side in sides if first[side] == best]
    player1 = tie if tie in leaders else leaders[0]
    reason = "higher move" if len(leaders) == 1 else f"tie: {game.side_name(tie)}"
    return CardOutcome(player1, False, event, copied, orders, reason)


def records(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state["records"]
    return found


def clear_turn_records(ctx: Context) -> None:
    """Forget the turn's card records: each back to its declared start."""
    for key in TURN_RECORDS:
        reset_record(ctx.definition, ctx.state, key)


@rules_effect("forget_turn_cards()")
def forget_turn_cards(ctx: Context) -> None:
    """A new deal starts with no card of an earlier turn on record (a copying card has
    nothing to copy in the year's first turn)."""
    clear_turn_records(ctx)


@rules_effect("new_card_turn()")
def new_card_turn(ctx: Context) -> None:
    """A turn's cards begin: last turn's cards in effect (what a copying card copied, else
    the card played) are kept as ``previous_cards``, the rest of the records cleared."""
    public = records(ctx.state)
    previous: dict[str, str | None] = dict(public.get("cards", {}))
    previous.update(public.get("copied", {}))
    clear_turn_records(ctx)
    public["previous_cards"] = previous


@rules_query(
    "playable(side: side, first_turn_barred: list[card], barring: bool, rule: str) -> list[card]"
)
def playable(
    ctx: Context, side: str, first_turn_barred: list[str], barring: bool, rule: str
) -> list[str]:
    """The cards ``side`` may play now: its hand, each card once; while ``barring``, the
    cards ``first_turn_barred`` are withheld in a year's first turn, but only while the
    side holds another card (a side must always be able to play). ``rule`` is the
    caller's section: ``"<rule> card <card>: not in the first turn"`` counts each card
    withheld."""
    cards = sorted(set(zone_cards(ctx.state, f"hand:{side}")))
    if barring and not records(ctx.state).get("previous_cards"):
        for card in first_turn_barred:
            if card in cards and len(cards) > 1:
                ctx.fired(f"{rule} card {card}: not in the first turn")
                cards.remove(card)
    return cards


@rules_effect(
    "reveal_cards(tie: side, values: list[str], copiers: list[card], copy_decides: bool, rule: str)"
)
def reveal_cards(
    ctx: Context,
    tie: str,
    values: list[str],
    copiers: list[str],
    copy_decides: bool,
    rule: str,
) -> None:
    """Show every committed card at once (nothing before can be undone) and record what
    they decide (:func:`resolve_cards`) in :data:`TURN_RECORDS`, logged. ``rule`` is the
    caller's section: its clauses ``card <copier>``, ``events cancel`` and ``ties:
    <side>`` are counted when they apply."""
    game, zones, public = ctx.definition, ctx.state["zones"], records(ctx.state)
    played: dict[str, str | None] = {}
    for side in game.side_ids:
        committed = zones[f"committed:{side}"]
        card = committed.pop() if committed else None
        if card is not None:
            zones[f"played:{side}"].append(card)
        played[side] = card
    ctx.reveal()
    outcome = resolve_cards(
        game,
        played,
        public.get("previous_cards", {}),
        tie=tie,
        values=values,
        copiers=copiers,
        copy_decides=copy_decides,
    )
    public.update(
        cards=played,
        copied=outcome.copied,
        event=outcome.event,
        cancelled=outcome.cancelled,
        player1=outcome.player1,
        orders=outcome.orders,
    )
    for card in sorted({played[side] or "" for side in outcome.copied}):
        ctx.fired(f"{rule} card {card}")
    if outcome.cancelled:
        ctx.fired(f"{rule} events cancel")
    elif outcome.reason.startswith("tie"):
        ctx.fired(f"{rule} ties: {game.side_name(tie)}")

    def shown(side: str) -> str:
        card = played[side]
        if card is None:
            return "no card"
        if side in outcome.copied:
            return f"{card} (copying {outcome.copied[side] or 'nothing'})"
        return card

    cards = ", ".join(f"{game.side_name(side)} {shown(side)}" for side in game.side_ids)
    if outcome.player1 is None:
        verdict = "both events are cancelled; the turn ends"
    else:
        verdict = game.side_does(outcome.player1, f"is Player 1 ({outcome.reason})")
    ctx.log(
        f"Cards revealed: {cards}; {verdict}",
        cards=played,
        copied=outcome.copied,
        player1=outcome.player1,
        cancelled=outcome.cancelled,
    )
