"""Moves from several regions into one (HB 4.2, Ex. 4; HB 10.1): the joint steps of an
activation.

When every group moved so far has ended in the same region, the player may activate more
regions (``join``), each paid for, whose groups must end there too; then each team-mate
may join with his own armies, paying his own IP; when armies from two regions or more have
met, the activating player may move them on together (``continue``) with the movement
points all of them have left.
"""

from __future__ import annotations

from legatus import Action, Context, piece
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER
from legatus.games.hannibal_barkas.movement import (
    ActivationFrame,
    MoveSteps,
    may_pay,
    movable,
    reaches,
)


class JointMoves(MoveSteps):
    """The joint moves' questions and answers of :class:`~legatus.games.hannibal_barkas.activation.Activation`."""

    def _join_regions(self, ctx: Context, move: ActivationFrame, actor: str) -> list[str]:
        """Regions ``actor`` may activate to send an army into the target (HB 4.2, 10.1)."""
        definition = ctx.definition
        team = definition.team_of(actor)
        target = move.target
        if target is None:
            return []  # nothing to join
        found = []
        where = model.occupancy(ctx.state)
        for space in sorted(where):
            if space == target or model.is_sea(definition, space):
                continue
            if [actor, space] in move.paid:
                continue  # a region joins once per action
            units = [
                p
                for p in movable(ctx, actor, space, where)
                if model.unit_type(definition, p) != "ships"
            ]
            if not units or not may_pay(ctx, actor, space, where=where):
                continue
            # A group reaches with more movement points whatever it reaches with fewer:
            # the fastest unit's allowance says whether any unit reaches the target.
            fastest = max(model.stat(definition, p, "move") for p in units)
            if reaches(ctx, team, space, target, fastest, where):
                found.append(space)
        return found

    def _joining_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        regions = self._join_regions(ctx, move, move.actor)
        return [Action("done"), *(Action("join", (r,)) for r in regions)]

    def _teammate_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        regions = self._join_regions(ctx, move, move.actor)
        return [Action("decline"), *(Action("join", (r,)) for r in regions)]

    def _continue_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        return [Action("done"), Action("continue")]

    def _origin_done(self, ctx: Context, move: ActivationFrame) -> None:
        """The region's groups have moved: join more regions, ask the team-mates, or end."""
        if move.target is None:
            target = self._common_end(move)
            if target is None:
                self._wrap_up(ctx, move)
                return
            move.target = target
        if move.actor != move.side:
            if self._join_regions(ctx, move, move.actor):
                move.phase = "teammate"
            else:
                move.joiners.pop(0)
                self._next_teammate(ctx, move)
        elif self._join_regions(ctx, move, move.side):
            move.phase = "joining"
        else:
            self._do_joining(ctx, move, Action("done"))

    def _common_end(self, move: ActivationFrame) -> str | None:
        """The region every group of this action ended in, if they all went by land to one."""
        moves = move.moves
        ends = {m["to"] for m in moves}
        if not moves or len(ends) != 1 or any(m["sea"] for m in moves):
            return None
        return str(next(iter(ends)))

    def _do_joining(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        if action.kind == "join":
            self._open(ctx, move, move.side, str(action.args[0]))
            return
        definition = ctx.definition
        side = move.side
        move.joiners = [
            p
            for p in model.team_players(definition, ctx.state, definition.team_of(side))
            if p != side
        ]
        self._next_teammate(ctx, move)

    def _next_teammate(self, ctx: Context, move: ActivationFrame) -> None:
        while move.joiners:
            mate = move.joiners[0]
            if self._join_regions(ctx, move, mate):
                move.start(actor=mate, phase="teammate")
                return
            move.joiners.pop(0)
        if len({m["from"] for m in move.moves}) >= 2 and move.target is not None:
            move.won.append(move.target)  # the armies gathered may move on (HB 10.1)
        move.actor = move.side
        self._wrap_up(ctx, move)

    def _do_teammate(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        if action.kind == "join":
            ctx.fired("HB 10.1")
            self._open(ctx, move, move.actor, str(action.args[0]))
            return
        move.joiners.pop(0)
        self._next_teammate(ctx, move)

    def _gathered(self, ctx: Context, move: ActivationFrame, space: str) -> list[str]:
        """The units that moved in this action and stand in the field of ``space``."""
        state = ctx.state
        return [
            pid
            for pid in move.spent
            if piece(state, pid).at == space
            and model.in_city(piece(state, pid)) is None
            and ctx.definition.pieces[pid].type != LEADER
        ]

    def _maybe_continue(self, ctx: Context, move: ActivationFrame) -> None:
        """Armies that gathered from several regions (HB 10.1) or won a battle (HB 4.2) may
        move on together with the points all of them have left."""
        definition = ctx.definition
        move.actor = move.side
        while move.won:
            space = move.won.pop(0)
            if space in move.won:
                continue
            units = self._gathered(ctx, move, space)
            if not units:
                continue
            left = min(model.stat(definition, p, "move") - move.spent[p] for p in units)
            if left < 1:
                continue
            move.target = space
            move.phase = "continue"
            return
        move.phase = "over"

    def _do_continue(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        if action.kind == "done":
            self._maybe_continue(ctx, move)
            return
        definition = ctx.definition
        target = move.bound_for()
        units = self._gathered(ctx, move, target)
        leaders = [
            pid
            for pid in model.field_at(ctx.state, target)
            if definition.pieces[pid].type == LEADER and pid in move.spent
        ]
        move.group = units + leaders
        move.mp = min(model.stat(definition, p, "move") - move.spent[p] for p in units)
        move.continuing = True
        move.at = target
        move.path = [target]
        move.phase = "march"
