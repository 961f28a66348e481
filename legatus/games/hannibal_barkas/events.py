"""Event cards played as events (HB 3.4.3) and as effects (HB 1.3.1): the Python side.

A card's ``effects`` (cards.yaml) name the rules file's effects: one ending in ``_event``
is what the card does when played as a player's action, one ending in ``_effect`` what
it does when played at any moment. The rules file writes each with the queries and the
primitive effects of this module, and may declare when it can be played, a precondition
(``effect NAME(player: side) when CONDITION:``) that must hold (HB 3.4.3: an event that
moves an allied state one space, or brings in a leader already on the board, cannot be
played). A card played as an event goes to its discard pile, or out of the game for good
when its name carries an asterisk (HB 1.3.1).

Effects are played in *response windows* (:class:`EffectWindow`): every player is asked at
once whether he plays an effect, even after passing (HB 1.3.1, 5.7), and may answer an
effect with another ("in answer", Ex. 8); the chain then takes effect, the last first.
Part 1 opens a window after every army's move; the battles of part 2 open theirs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from legatus import (
    PUBLIC,
    Action,
    Context,
    EngineError,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    ResponseWindow,
    Slot,
    declare,
    innermost,
    make_prompt,
    piece,
    rules_effect,
    rules_query,
    zone_cards,
)
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.cards import discard, hand
from legatus.games.hannibal_barkas.model import LEADER
from legatus.games.hannibal_barkas.movement import eliminate

EVENT, EFFECT = "_event", "_effect"


# -- which cards may be played, and how ----------------------------------------------------------


if TYPE_CHECKING:
    from legatus.games.hannibal_barkas.battle import BattleFrame


def card_effect(ctx: Context, card: str, suffix: str) -> str | None:
    """The rules-file effect a card names for its event (``_event``) or effect (``_effect``)."""
    for effect in ctx.definition.cards[card].effects:
        if effect.name.endswith(suffix):
            return effect.name
    return None


def allowed(ctx: Context, effect: str, player: str) -> bool:
    """Whether the rules file lets ``player`` play ``effect`` now: its declared
    precondition (``effect E(player: side) when CONDITION:``) holds."""
    rules = ctx.game.rules
    if not hasattr(rules, "effect_allowed"):
        return False
    return bool(rules.effect_allowed(effect, ctx, {"player": player}))


def playable_events(ctx: Context, player: str) -> list[str]:
    """The cards in the player's hand he may play as an event now (HB 3.4.3)."""
    found = []
    for card in sorted(set(hand(ctx, player))):
        effect = card_effect(ctx, card, EVENT)
        if effect is not None and allowed(ctx, effect, player):
            found.append(card)
    return found


def one_time(card: str) -> bool:
    """HB 1.3.1: a card whose name carries an asterisk leaves the game when played as an
    event."""
    return "*" in card


class PlayEvent(Procedure):
    """``play_event(side, card)``: the card's event takes effect at once (HB 3.4.3)."""

    rule = "HB 3.4.3"
    fields = declare(args=PUBLIC)

    def start(self, ctx: Context, frame: Frame) -> None:
        side, card = frame["args"]["side"], frame["args"]["card"]
        effect = card_effect(ctx, card, EVENT)
        if effect is None:
            raise EngineError(f"card {card!r} has no event")
        hand(ctx, side).remove(card)
        if one_time(card):
            zone_cards(ctx.state, "removed").append(card)
            zone_cards(ctx.state, "removed").sort()
        else:
            zone_cards(ctx.state, model.discard_zone(ctx.definition.cards[card].deck)).append(card)
        ctx.reveal()
        ctx.log(
            f"{model.who(ctx, side)} plays {card} as an event: {ctx.definition.cards[card].text}",
            rule="HB 3.4.3",
            side=side,
            card=card,
        )
        ctx.push("run_effect", effect=effect, side=side, env={"player": side})


# -- the response window ---------------------------------------------------------------------------


def window(ctx: Context) -> Frame | None:
    """The innermost open effect window on the stack, if any."""
    return innermost(ctx.state, "effects")


class EffectWindow(ResponseWindow):
    """``effects(trigger, move)``: the players may play effects (HB 1.3.1, 5.7, Ex. 8)."""

    rule = "HB 1.3.1"
    fields = declare(
        args=PUBLIC,
        asked=PUBLIC,
        pending=PUBLIC,
        answers=ResponseWindow.fields["answers"],
        chain=PUBLIC,
        resolving=PUBLIC,
        cancelled=PUBLIC,
    )

    def start(self, ctx: Context, frame: Frame) -> None:
        frame.setdefault("cancelled", [])
        super().start(ctx, frame)

    def eligible(self, ctx: Context, frame: Frame) -> Sequence[str]:
        """Every player, in the order of play; before a battle the defender's first (HB 5.2,
        5.7: when several play at once, the defender's effect comes first in the chain).

        After an army's move, the players of the mover's own nation are not asked while no
        effect has been played (a player is not asked to respond to his own move): no effect
        answers a move of one's own nation (march losses strike an enemy's army, the others
        a battle, an assault or an effect), so they could only decline. Who is asked follows
        from public facts alone, never from a hand. Once an enemy plays an effect, everyone
        is asked again (Uśmiech bogów may cancel it, Ex. 8)."""
        players = model.players(ctx.state)
        order = [p for p in model.records(ctx.state).order if p in players] or players
        first: list[str] = []
        for player in frame["args"].get("first", ()):
            lead = model.player_of(ctx.state, player)
            if lead is not None and lead in order and lead not in first:
                first.append(lead)
        asked = first + [p for p in order if p not in first]
        mover = (frame["args"].get("move") or {}).get("side")
        if mover is not None and not frame.get("chain"):
            nation = ctx.definition.team_of(mover)
            others = [p for p in asked if ctx.definition.team_of(p) != nation]
            if others:
                return others
        return asked

    def responses(self, ctx: Context, frame: Frame, side: str) -> Sequence[Action]:
        found = []
        for card in sorted(set(hand(ctx, side))):
            effect = card_effect(ctx, card, EFFECT)
            if effect is not None and allowed(ctx, effect, side):
                found.append(Action("effect", (card,)))
        return found

    def respond(self, ctx: Context, frame: Frame, side: str, action: Action) -> None:
        card = str(action.args[0])
        discard(ctx, side, card)
        ctx.log(
            f"{model.who(ctx, side)} plays the effect of {card}",
            rule="HB 1.3.1",
            side=side,
            card=card,
        )

    def resolve_response(self, ctx: Context, frame: Frame, entry: Mapping[str, Any]) -> None:
        index = len(frame["chain"])  # the entry was the chain's last; it has been taken off
        if index in frame["cancelled"]:
            ctx.log(f"The effect of {entry['action'][1]} is cancelled", rule="HB 5.7")
            return
        side, card = str(entry["side"]), str(entry["action"][1])
        effect = card_effect(ctx, card, EFFECT)
        if effect is None:
            return
        ctx.push("run_effect", effect=effect, side=side, env={"player": side})


def moved(ctx: Context) -> Mapping[str, Any]:
    """The move the open window answers (empty when it answers no move)."""
    frame = window(ctx)
    found: Mapping[str, Any] = frame["args"].get("move", {}) if frame is not None else {}
    return found


@rules_query("moved_enemy(player: side) -> bool", rule="HB 1.3.1")
def moved_enemy(ctx: Context, player: str) -> bool:
    """The move the window answers is an enemy's (another nation's player)."""
    mover = moved(ctx).get("side")
    return mover is not None and ctx.definition.team_of(mover) != ctx.definition.team_of(player)


@rules_query("moved_distance() -> int", rule="HB 1.3.1")
def moved_distance(ctx: Context) -> int:
    return int(moved(ctx).get("distance", 0))


@rules_query("moved_units() -> int", rule="HB 1.3.1")
def moved_units(ctx: Context) -> int:
    """The units of the moved army still where it ended its move."""
    move = moved(ctx)
    return sum(1 for pid in move.get("units", ()) if piece(ctx.state, pid).at == move.get("to"))


@rules_query("effect_to_cancel(player: side) -> bool", rule="HB 5.7")
def effect_to_cancel(ctx: Context, player: str) -> bool:
    """The last effect played in the open window is an opponent's (Uśmiech bogów, Ex. 8)."""
    frame = window(ctx)
    if frame is None or not frame.get("chain") or frame.get("resolving"):
        return False
    last = frame["chain"][-1]
    return bool(ctx.definition.team_of(last["side"]) != ctx.definition.team_of(player))


@rules_effect("cancel_effect(player: side)", rule="HB 5.7")
def cancel_effect(ctx: Context, player: str) -> None:
    """Cancel the effect played just before this one in the open window (HB 5.7, Ex. 8)."""
    frame = window(ctx)
    if frame is None or not frame["chain"]:
        return
    target = len(frame["chain"]) - 1
    frame["cancelled"].append(target)
    ctx.log(
        f"{model.who(ctx, player)} cancels the effect of {frame['chain'][target]['action'][1]}",
        rule="HB 5.7",
    )


# -- losing units: the owner chooses ------------------------------------------------------------


class LosingFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)  # side, space, count, among, reason
    left = Slot[int](PUBLIC)  # units still to lose


class LoseUnits(Procedure):
    """``lose_units(side, space, count, among, reason)``: ``side`` loses ``count`` units at
    ``space`` (among ``among``, if given), choosing which (HB 5.5, B.13)."""

    rule = "HB 5.5"
    fields = LosingFrame.declaration()

    def start(self, ctx: Context, frame: Frame) -> None:
        losing = LosingFrame(frame)
        losing.left = int(losing.args["count"])
        self._auto(ctx, losing)

    def _choices(self, ctx: Context, losing: LosingFrame) -> dict[str, list[str]]:
        args = losing.args
        among = args.get("among")
        found: dict[str, list[str]] = {}
        for pid in ctx.definition.in_data_order(model.pieces_at(ctx.state, args["space"])):
            unit = piece(ctx.state, pid)
            if unit.side != args["side"] or ctx.definition.pieces[pid].type == LEADER:
                continue
            if among is not None and pid not in among:
                continue
            found.setdefault(ctx.definition.pieces[pid].type, []).append(pid)
        return found

    def _auto(self, ctx: Context, losing: LosingFrame) -> None:
        """Losses with only one kind of unit to lose are taken without asking."""
        while losing.left > 0:
            choices = self._choices(ctx, losing)
            if not choices:
                losing.left = 0
                return
            if len(choices) > 1:
                return
            self._lose(ctx, losing, next(iter(choices)))

    def _lose(self, ctx: Context, losing: LosingFrame, kind: str) -> None:
        pid = self._choices(ctx, losing)[kind][-1]
        eliminate(ctx, pid)
        losing.left -= 1
        args = losing.args
        ctx.log(
            f"{model.who(ctx, args['side'])} loses one {kind.replace('_', ' ')} in "
            f"{args['space']} ({args.get('reason', '')})",
            rule=self.rule,
        )
        if not any(
            piece(ctx.state, p).side == args["side"] and ctx.definition.pieces[p].type != LEADER
            for p in model.pieces_at(ctx.state, args["space"])
        ):
            for leader in model.leaders_of_at(
                ctx.definition, ctx.state, args["side"], args["space"]
            ):
                eliminate(ctx, leader)
                ctx.log(f"{leader} is lost with his army (HB 5.6)", rule="HB 5.6")

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        losing = LosingFrame(frame)
        if losing.left <= 0:
            return None
        args = losing.args
        choices = self._choices(ctx, losing)
        return make_prompt(
            args["side"],
            "lose",
            f"{model.who(ctx, args['side'])}: lose {losing.left} more unit(s) in "
            f"{args['space']} ({args.get('reason', '')})",
            [Action("lose", (kind,)) for kind in choices],
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        losing = LosingFrame(frame)
        self._lose(ctx, losing, str(action.args[0]))
        self._auto(ctx, losing)


@rules_effect("march_losses(player: side)", rule="B.13")
def march_losses(ctx: Context, player: str) -> None:
    """B.13 Straty marszowe: the army just moved loses one unit per full 5."""
    move = moved(ctx)
    units = [pid for pid in move.get("units", ()) if piece(ctx.state, pid).at == move["to"]]
    count = len(units) // int(ctx.param("events.losses_per"))
    if count:
        ctx.push(
            "lose_units",
            side=move["side"],
            space=move["to"],
            count=count,
            among=units,
            reason="march losses",
        )


# -- battle and assault effects (HB 5.2, 5.7, Ex. 8) ------------------------------------------


def _battle_role(ctx: Context, player: str) -> tuple[BattleFrame, str] | None:
    """The battle about to begin and the side of it the player's nation is on."""
    from legatus.games.hannibal_barkas.battle import ATTACK, DEFEND, battle_frame

    fight = battle_frame(ctx)
    if fight is None:
        return None
    team = ctx.definition.team_of(player)
    if team == fight.args["attackers"]:
        return fight, ATTACK
    if any(ctx.definition.team_of(side) == team for side in fight.roles):
        return fight, DEFEND
    return None


@rules_query("before_battle(player: side) -> bool", rule="HB 5.2")
def before_battle(ctx: Context, player: str) -> bool:
    """A battle effect may be played: the window before a battle on land is open and the
    player's nation fights in it (HB 5.2, 5.7: any player of it, even one with no units
    there). Zasadzka and Dogodny teren are ambushes and ground: not at sea."""
    current = window(ctx)
    if current is None or not current["args"].get("battle") or current.get("resolving"):
        return False
    found = _battle_role(ctx, player)
    return found is not None and not found[0].naval


@rules_effect("ambush(player: side, dice: int, hit: int)", rule="HB Ex. 8")
def ambush(ctx: Context, player: str, dice: int, hit: int) -> None:
    """Zasadzka (Ex. 8): the player's side makes to-hit rolls at once, before the battle;
    the hits are taken like a battle's (a 10 chosen by the roller), no command."""
    from legatus.games.hannibal_barkas import combat
    from legatus.games.hannibal_barkas.battle import Battle, other

    found = _battle_role(ctx, player)
    if found is None:
        return
    fight, role = found
    rolled = combat.roll_dice(
        ctx, [("ambush", hit)] * dice, f"the ambush of {model.who(ctx, player)} (HB Ex. 8)"
    )
    ctx.log(
        f"{model.who(ctx, player)}'s ambush: {combat.shown(rolled)}",
        rule="HB Ex. 8",
        rolls=combat.shown(rolled),
    )
    Battle().add_hits(ctx, fight, player, other(role), rolled)


@rules_effect("favourable_ground(player: side, hits: int)", rule="HB Ex. 8")
def favourable_ground(ctx: Context, player: str, hits: int) -> None:
    """Dogodny teren (Ex. 8): the first hits the enemy scores against the player's side this
    round are cancelled."""
    found = _battle_role(ctx, player)
    if found is None:
        return
    fight, role = found
    fight.cancel[role] = fight.cancel.get(role, 0) + hits
    ctx.log(
        f"{model.who(ctx, player)} holds favourable ground: the first {hits} enemy hits "
        "this round are cancelled",
        rule="HB Ex. 8",
    )


@rules_query("defending_assault(player: side, city: card) -> bool", rule="HB 6.1")
def defending_assault(ctx: Context, player: str, city: str) -> bool:
    """The window before an assault on ``city`` is open and the player's nation holds it."""
    current = window(ctx)
    if current is None or current["args"].get("assault") != city or current.get("resolving"):
        return False
    keeper = model.holder(ctx.state, city)
    return keeper is not None and ctx.definition.team_of(keeper) == ctx.definition.team_of(player)


@rules_effect("machines(player: side)", rule="HB history page")
def machines(ctx: Context, player: str) -> None:
    """Archimedes (B.13): the defence's city dice of this assault hit on 5+."""
    from legatus.games.hannibal_barkas.sieges import assault_frame

    assault = assault_frame(ctx)
    if assault is not None:
        assault.machines = True
        ctx.log("Archimedes' machines man the walls", rule="HB history page")


__all__ = ["EffectWindow", "LoseUnits", "PlayEvent", "playable_events"]
