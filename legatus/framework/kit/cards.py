"""Card-driven command: the year's deal and each turn's card played face down.

In the Columbia block games a year starts with a deal from the whole deck (Julius Caesar
deals six cards and each player discards one face down; Hammer of the Scots deals five),
and each turn both players choose a card face down at once, then reveal them together;
the cards decide who moves first and how many groups move and blocks are raised. How the
revealed cards decide is each game's (its events, its ties); where the cards are is the
same, and is this module's.

The zones are the cards file's (``zones``: their visibility is declared there and the
observer enforces it): ``deck``, and per side ``hand:<side>``, ``discarded:<side>`` (a
card discarded face down at the deal) and ``committed:<side>`` (a card played face down,
seen by its owner only until the reveal). A game that uses these primitives declares
those zones.
"""

from __future__ import annotations

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import zone_cards
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import rules_effect, rules_query

DECK = "deck"


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
    ctx.log(f"{ctx.definition.side_name(side)} has no card to play")


def _from_hand(ctx: Context, side: str, card: str, zone: str, seen: str, own: str) -> None:
    zones = ctx.state["zones"]
    zones[f"hand:{side}"].remove(card)
    zones[f"{zone}:{side}"].append(card)
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} {seen}")
    ctx.log(f"{name} {own.format(card=card)}", to=[side], card=card)
