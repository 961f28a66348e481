"""Drawing cards (HB 3.1, 1.3.1) and Rome's consuls (HB 3.2).

Each player draws two cards from his nation's deck and one from the deck of each allied
state (HB 3.1, Ex. 1); with two players to a nation only the one whose sphere holds the
ally's capital draws the ally's card (reference A.23 #28; the variant
``allied_cards_every_player`` lets both draw). A player never holds more than seven
cards: the excess is discarded at once, the player choosing which (HB 3.1). All the
players over the limit choose at once (a simultaneous decision), and the discards are
shown together. A deck that runs out is made again from its shuffled discards (HB 1.3.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus import (
    Action,
    Context,
    Frame,
    Prompt,
    Simultaneous,
    make_prompt,
    piece,
    zone_cards,
)
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import HAND, LEADERS, zone


def draw(ctx: Context, nation: str, side: str, count: int) -> list[str]:
    """Draw up to ``count`` cards of a nation's deck into ``side``'s hand (HB 3.1); an
    empty deck is made again from its shuffled discard pile (HB 1.3.1)."""
    zones = ctx.state["zones"]
    deck, discard = zones[model.deck_zone(nation)], zones[model.discard_zone(nation)]
    drawn: list[str] = []
    for _ in range(count):
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            ctx.shuffle(deck)
            ctx.log(f"The {nation} deck is made again from its discards (HB 1.3.1)")
        if not deck:
            break
        drawn.append(deck.pop())
    zones[zone(HAND, side)].extend(drawn)
    return drawn


def draws(ctx: Context, player: str) -> list[tuple[str, int]]:
    """The decks a player draws from this stage and how many cards from each (HB 3.1)."""
    definition = ctx.definition
    team = definition.team_of(player)
    found = [(team, int(ctx.param("draw.base")))]
    every = bool(ctx.param("draw.allies_to_every_player"))
    for state_id in model.allies_of(ctx, team):
        capital = model.capital_of(definition, state_id)
        drawer = model.sphere_player(definition, ctx.state, team, capital)
        if every or drawer == player:
            found.append((state_id, int(ctx.param("draw.per_ally"))))
    return found


def draw_cards(ctx: Context) -> None:
    """HB 3.1: every player draws; those over the hand limit then discard."""
    for player in model.players(ctx.state):
        got = []
        for nation, count in draws(ctx, player):
            cards = draw(ctx, nation, player, count)
            got.append(f"{len(cards)} from {nation.capitalize()}'s deck")
            ctx.log(f"You draw {', '.join(cards) or 'nothing'}", to=[player], cards=cards)
        name = model.who(ctx, player)
        ctx.log(f"{name} draws {', '.join(got)}", rule="HB 3.1", side=player)
    if over_limit(ctx):
        ctx.push("hand_limit")


def over_limit(ctx: Context) -> list[str]:
    limit = int(ctx.param("hand_limit"))
    return [p for p in model.players(ctx.state) if len(hand(ctx, p)) > limit]


def hand(ctx: Context, side: str) -> list[str]:
    hand_cards: list[str] = zone_cards(ctx.state, zone(HAND, side))
    return hand_cards


def discard(ctx: Context, side: str, card: str) -> None:
    """A card leaves a hand for its nation's discard pile (HB 1.3.1)."""
    hand(ctx, side).remove(card)
    zone_cards(ctx.state, model.discard_zone(ctx.definition.cards[card].deck)).append(card)


class HandLimit(Simultaneous):
    """HB 3.1: every player over the hand limit discards one card at a time, all at once,
    until none is over it."""

    rule = "HB 3.1"

    def sides(self, ctx: Context, frame: Frame) -> Sequence[str]:
        return over_limit(ctx)

    def ask(self, ctx: Context, frame: Frame, side: str) -> Prompt:
        cards = hand(ctx, side)
        limit = int(ctx.param("hand_limit"))
        return make_prompt(
            side,
            "discard",
            f"{model.who(ctx, side)}: you hold {len(cards)} cards, {limit} at most: discard one",
            [Action("discard", (card,)) for card in cards],
        )

    def resolve(self, ctx: Context, frame: Frame, answers: Mapping[str, Action]) -> None:
        for side in frame["asked"]:
            card = str(answers[side].args[0])
            discard(ctx, side, card)
            ctx.log(
                f"{model.who(ctx, side)} discards {card} (hand limit)",
                rule="HB 3.1",
                side=side,
                card=card,
            )
        if over_limit(ctx):
            self.ask_again(ctx, frame)


# -- the consuls (HB 3.2) ----------------------------------------------------------------------


def consuls_in_office(ctx: Context) -> list[str]:
    """The consuls (and a proconsul, HB 12.3) on the board."""
    definition = ctx.definition
    return [
        pid
        for pid in definition.pieces
        if "consul" in definition.pieces[pid].tags and piece(ctx.state, pid).on_map
    ]


def leave_office(ctx: Context, consul: str) -> None:
    """A consul's counter leaves the board and his card returns to the consuls."""
    state = ctx.state
    unit = model.writable(state, consul)
    cards = zone_cards(state, zone(LEADERS, unit.side))
    if consul in cards:
        cards.remove(consul)
    unit.at = "out"
    model.set_city(unit, None)
    if model.MOVED in unit.flags:
        unit.flags.remove(model.MOVED)
    zone_cards(state, "consuls").append(consul)
    zone_cards(state, "consuls").sort()


def take_office(ctx: Context, consul: str, space: str, side: str) -> None:
    state = ctx.state
    zone_cards(state, "consuls").remove(consul)
    model.writable(state, consul).at = space
    model.writable(state, consul).side = side
    zone_cards(state, zone(LEADERS, side)).append(consul)
    zone_cards(state, zone(LEADERS, side)).sort()


def draw_consuls(ctx: Context) -> None:
    """HB 3.2: in stage 2 of every year Rome draws two consuls at random from all the
    consuls' cards available; each new consul takes the place of one of last year's (in
    the order of the counters), or stands in Roma; the old consuls' cards go back to the
    pool, and so does a proconsul's (HB 12.3). (Who commands a new consul: the player who
    commanded the one he replaces, or the player whose sphere holds Roma.) With the advanced
    rule a Roman player may then try to keep one of last year's consuls (HB 12.3)."""
    definition, state = ctx.definition, ctx.state
    if not model.team_players(definition, state, "rome"):
        return
    old = [(c, piece(state, c).at, piece(state, c).side) for c in consuls_in_office(ctx)]
    for consul, _, _ in old:
        leave_office(ctx, consul)
    model.records(state).proconsuls = []
    pool = list(zone_cards(state, "consuls"))
    ctx.shuffle(pool)
    drawn = pool[: int(ctx.param("consuls"))]
    roma = model.capital_of(definition, "rome")
    placed = []
    for index, consul in enumerate(drawn):
        if index < len(old):
            _, space, side = old[index]
        else:
            space = roma
            side = model.sphere_player(definition, state, "rome", roma) or "rome_north"
        if model.enemy_field(definition, state, "rome", space):
            space = roma
        if model.enemy_field(definition, state, "rome", space):
            ctx.log(f"{consul} cannot take office: Roma is held by the enemy")
            continue
        take_office(ctx, consul, space, side)
        placed.append(f"{consul} in {space}")
    ctx.log(f"Rome draws its consuls: {', '.join(placed) or 'none'}", rule="HB 3.2")
    if bool(ctx.param("advanced.proconsul")):
        candidates = [[c, space, side] for c, space, side in old if c not in drawn]
        if candidates:
            ctx.push("proconsul", candidates=candidates)


def replace_consul(ctx: Context, side: str) -> None:
    """HB 3.2: a consul killed in battle is replaced at once by a new draw, placed in Roma
    (under the player who lost him)."""
    definition, state = ctx.definition, ctx.state
    roma = model.capital_of(definition, "rome")
    pool = list(zone_cards(state, "consuls"))
    if not pool or model.enemy_field(definition, state, "rome", roma):
        return
    ctx.shuffle(pool)
    consul = pool[0]
    player = model.player_of(state, side) or side
    if definition.team_of(player) != "rome":
        return
    take_office(ctx, consul, roma, player)
    ctx.log(f"Rome draws a new consul: {consul} in {roma}", rule="HB 3.2")
