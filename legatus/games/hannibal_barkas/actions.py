"""The action phase (HB 3.4): one action each, in the order of play, until all have passed.

The players act in the order the initiative phase set (HB 3.3), one action at a time,
round after round; a player who passes turns his order marker over and takes no more
actions this stage (he may still play effects, HB 3.4, 1.3.1). The actions:

``ip(CARD)`` / ``gold(CARD)``
    a card for its initiative points or its talents (HB 3.4.1, 3.4.2);
``event(CARD)``
    a card's event (HB 3.4.3; :mod:`legatus.games.hannibal_barkas.events`);
``activate(SPACE)``
    activate a region or sea zone and move from it (HB 3.4.4, IV;
    :mod:`legatus.games.hannibal_barkas.movement`);
``politics(STATE)``
    2 IP and 10 talents move a state one space towards the player's nation (HB 3.4.5);
    the Syracuse player may not (HB 10.4);
``hand_over(SPACE, PLAYER)``
    1 IP gives the player's army with its leaders there, and the leaders' cards, to a
    team-mate (HB 3.4.6);
``pass``
    no more actions this stage (HB 3.4.7).
"""

from __future__ import annotations

from typing import Any

from legatus import (
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    Slot,
    make_prompt,
    piece,
)
from legatus.games.hannibal_barkas import model, politics
from legatus.games.hannibal_barkas.cards import discard, hand
from legatus.games.hannibal_barkas.events import playable_events
from legatus.games.hannibal_barkas.model import LEADER
from legatus.games.hannibal_barkas.movement import activatable


def hand_overs(ctx: Context, player: str) -> list[Action]:
    """HB 3.4.6: the spaces where the player has a leader, to each team-mate."""
    definition, state = ctx.definition, ctx.state
    if int(model.records(state).ip[player]) < int(ctx.param("hand_over.ip")):
        return []
    mates = [
        p for p in model.team_players(definition, state, definition.team_of(player)) if p != player
    ]
    if not mates:
        return []
    spaces = sorted(
        {
            piece(state, pid).at
            for pid in definition.pieces
            if definition.pieces[pid].type == LEADER
            and piece(state, pid).side == player
            and piece(state, pid).on_map
        }
    )
    return [Action("hand_over", (space, mate)) for space in spaces for mate in mates]


def political_actions(ctx: Context, player: str) -> list[Action]:
    """HB 3.4.5: 2 IP and 10 talents move a state that is not allied one space."""
    records = model.records(ctx.state)
    if int(records.ip[player]) < int(ctx.param("politics.ip")):
        return []
    if int(records.gold[player]) < int(ctx.param("politics.gold")):
        return []
    return [Action("politics", (s,)) for s in politics.courted_states(ctx, player)]


class ActionsFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    turn = Slot[int](PUBLIC)  # actions taken: the next player is order[turn % players]


class ActionPhase(Procedure):
    """``actions``: the players act in turn until all have passed (HB 3.4)."""

    rule = "HB 3.4"
    fields = ActionsFrame.declaration()

    def start(self, ctx: Context, frame: Frame) -> None:
        phase = ActionsFrame(frame)
        phase.turn = 0
        model.records(ctx.state).passed = []

    def _current(self, ctx: Context, phase: ActionsFrame) -> str | None:
        records = model.records(ctx.state)
        order, passed = records.order, records.passed
        if len(passed) >= len(order):
            return None
        while order[phase.turn % len(order)] in passed:
            phase.turn += 1
        return str(order[phase.turn % len(order)])

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        phase = ActionsFrame(frame)
        player = self._current(ctx, phase)
        if player is None:
            return None
        actions: list[Action] = [Action("pass")]
        for card in sorted(set(hand(ctx, player))):
            actions.append(Action("ip", (card,)))
            actions.append(Action("gold", (card,)))
        actions.extend(Action("event", (card,)) for card in playable_events(ctx, player))
        actions.extend(Action("activate", (space,)) for space in activatable(ctx, player))
        actions.extend(political_actions(ctx, player))
        actions.extend(hand_overs(ctx, player))
        return make_prompt(player, "action", self._text(ctx, player), actions)

    def asks(self, ctx: Context, frame: Frame) -> tuple[str, str, str] | None:
        """The player whose turn it is chooses an action (passing is always one, HB 3.4)."""
        player = self._current(ctx, ActionsFrame(frame))
        return None if player is None else (player, "action", self._text(ctx, player))

    def _text(self, ctx: Context, player: str) -> str:
        ip = model.records(ctx.state).ip[player]
        return f"{model.who(ctx, player)}: your action ({ip} IP, {len(hand(ctx, player))} cards)"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        phase = ActionsFrame(frame)
        player = self._current(ctx, phase)
        assert player is not None
        phase.turn += 1  # the next player acts once this action is done
        getattr(self, f"_{action.kind}")(ctx, player, action)

    # -- the actions ---------------------------------------------------------------------------
    def _pass(self, ctx: Context, player: str, action: Action) -> None:
        model.records(ctx.state).passed.append(player)
        ctx.log(f"{model.who(ctx, player)} passes", rule="HB 3.4.7", side=player)

    def _ip(self, ctx: Context, player: str, action: Action) -> None:
        card = str(action.args[0])
        points = int(ctx.definition.cards[card].values["ip"])
        discard(ctx, player, card)
        model.records(ctx.state).ip[player] += points
        ctx.reveal()
        ctx.log(
            f"{model.who(ctx, player)} plays {card} for {points} IP",
            rule="HB 3.4.1",
            side=player,
            card=card,
        )

    def _gold(self, ctx: Context, player: str, action: Action) -> None:
        card = str(action.args[0])
        talents = int(ctx.definition.cards[card].values["gold"])
        discard(ctx, player, card)
        model.records(ctx.state).gold[player] += talents
        ctx.reveal()
        ctx.log(
            f"{model.who(ctx, player)} plays {card} for {talents} talents",
            rule="HB 3.4.2",
            side=player,
            card=card,
        )

    def _event(self, ctx: Context, player: str, action: Action) -> None:
        ctx.push("play_event", side=player, card=str(action.args[0]))

    def _activate(self, ctx: Context, player: str, action: Action) -> None:
        ctx.push("activation", side=player, space=str(action.args[0]))

    def _politics(self, ctx: Context, player: str, action: Action) -> None:
        state_id = str(action.args[0])
        records = model.records(ctx.state)
        records.ip[player] -= int(ctx.param("politics.ip"))
        records.gold[player] -= int(ctx.param("politics.gold"))
        ctx.log(
            f"{model.who(ctx, player)} takes a political action: "
            f"{ctx.param('politics.ip')} IP and {ctx.param('politics.gold')} talents",
            rule="HB 3.4.5",
            side=player,
        )
        politics.shift(ctx, player, state_id, 1)

    def _hand_over(self, ctx: Context, player: str, action: Action) -> None:
        """HB 3.4.6: the army with its leaders, and the leaders' cards, to a team-mate."""
        definition, state = ctx.definition, ctx.state
        space, mate = str(action.args[0]), str(action.args[1])
        model.records(state).ip[player] -= int(ctx.param("hand_over.ip"))
        given = [pid for pid in model.pieces_at(state, space) if piece(state, pid).side == player]
        for pid in given:
            model.writable(state, pid).side = mate
            if definition.pieces[pid].type == LEADER:
                politics.move_card(ctx, pid, mate)
        ctx.log(
            f"{model.who(ctx, player)} hands {model.describe_units(definition, given)} "
            f"in {space} over to {model.who(ctx, mate)}",
            rule="HB 3.4.6",
        )
