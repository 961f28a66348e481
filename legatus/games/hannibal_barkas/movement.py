"""Moving armies and fleets (HB IV): what the activation's steps share.

The activation action itself is :class:`legatus.games.hannibal_barkas.activation.Activation`, its
fleets' steps :mod:`legatus.games.hannibal_barkas.fleets`, its joint moves
:mod:`legatus.games.hannibal_barkas.joins`. Here: which units a player may move, which regions a
land group may enter and reach (HB 4.2, 4.3; part 1 enters no space another nation holds,
:func:`legatus.games.hannibal_barkas.model.enterable`), what a player may activate, the payment,
and a counter leaving play.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict

from legatus import (
    PUBLIC,
    Context,
    EngineError,
    FrameView,
    Procedure,
    Slot,
    piece,
    zone_cards,
)
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER, LEADERS, MOVED, zone

LAND_EDGES = ("border", "alps")


# -- what a player may activate ------------------------------------------------------------------


def movable(ctx: Context, player: str, space: str, where: model.Where | None = None) -> list[str]:
    """The units at ``space`` the player may move now: not moved this stage, commanded."""
    definition, state = ctx.definition, ctx.state
    here = model.pieces_at(state, space, where)
    where = {space: here}
    pieces = state["pieces"]  # read, not changed
    return [
        pid
        for pid in here
        if definition.pieces[pid].type != LEADER
        and MOVED not in pieces[pid]["flags"]
        and model.commands(definition, state, player, pid, where)
    ]


def land_steps(ctx: Context, team: str, space: str) -> list[str]:
    """The regions a land group at ``space`` may step into (HB 4.2, 4.3)."""
    board = ctx.definition.board
    return sorted(n for n in board.neighbours(space, LAND_EDGES) if model.enterable(ctx, team, n))


def may_pay(
    ctx: Context,
    player: str,
    space: str,
    paid: Iterable[Any] = (),
    where: model.Where | None = None,
) -> bool:
    """Whether the player can activate ``space``: already activated this action, an 'A'
    leader of his there, or IP enough (HB 4.2)."""
    if [player, space] in list(paid):
        return True
    if model.has_active_leader(ctx.definition, ctx.state, player, space, where):
        return True
    return int(model.records(ctx.state).ip[player]) >= int(ctx.param("activation.ip"))


def activatable(ctx: Context, player: str) -> list[str]:
    """Regions and sea zones the player may activate for a move: units of his that have
    not moved, able to move, and the IP to pay (HB 3.4.4, 4.2, 4.4)."""
    definition = ctx.definition
    team = definition.team_of(player)
    found = []
    where = model.occupancy(ctx.state)
    for space in sorted(where):
        units = movable(ctx, player, space, where)
        if not units or not may_pay(ctx, player, space, where=where):
            continue
        has_ships = any(model.unit_type(definition, pid) == "ships" for pid in units)
        if model.is_sea(definition, space):
            own = ctx.state["pieces"]
            if any(
                model.unit_type(definition, pid) == "ships" and own[pid]["side"] == player
                for pid in units
            ):
                found.append(space)
            continue
        if has_ships or (
            any(model.unit_type(definition, pid) != "ships" for pid in units)
            and land_steps(ctx, team, space)
        ):
            found.append(space)
    return found


def reaches(
    ctx: Context, team: str, start: str, target: str, mp: int, where: model.Where | None = None
) -> bool:
    """Whether a land group at ``start`` with ``mp`` points can end its move at ``target``:
    over land borders through regions it may enter, an Alps crossing only as the last step
    (it ends the move, HB 4.3)."""
    if start == target:
        return True
    board = ctx.definition.board
    if where is None:
        where = model.occupancy(ctx.state)
    seen = {start: 0}
    frontier = [start]
    for depth in range(mp):
        following = []
        for space in frontier:
            if target in board.neighbours(space, "alps") and model.enterable(ctx, team, target):
                return True
            for near in board.neighbours(space, "border"):
                if near in seen or not model.enterable(ctx, team, near):
                    continue
                if near == target:
                    return True
                if not model.passable(ctx, team, near, where):
                    continue  # it would stop there (a battle, a test, aggression)
                seen[near] = depth + 1
                following.append(near)
        frontier = following
    return False


# -- the activation ------------------------------------------------------------------------------


class ActivationArgs(TypedDict):
    side: str
    space: str


class ActivationFrame(FrameView):
    """One activation's progress (HB IV), shared by its parts (:class:`MoveSteps`); public:
    the armies that move are on the map for all to see."""

    args = Slot[ActivationArgs](PUBLIC)
    side = Slot[str](PUBLIC)  # the player whose action it is
    actor = Slot[str](PUBLIC)  # the player moving now (a team-mate joining, HB 4.6)
    phase = Slot[str](PUBLIC)
    origin = Slot[str](PUBLIC)  # the space activated
    origin_free = Slot[bool](PUBLIC)  # activated for free (an active leader there, HB 1.2.8)
    origin_moved = Slot[bool](PUBLIC)
    group = Slot[list[str]](PUBLIC)  # the units moving together
    at = Slot[str](PUBLIC)
    mp = Slot[int](PUBLIC)
    path = Slot[list[str]](PUBLIC)
    moves = Slot[list[dict[str, Any]]](PUBLIC)  # the moves made: side, from, to, distance, sea
    target = Slot["str | None"](PUBLIC)  # where the group is bound
    paid = Slot[list[list[str]]](PUBLIC)  # [player, space] activations paid for
    joiners = Slot[list[str]](PUBLIC)  # team-mates still to be asked to join
    spent = Slot[dict[str, int]](PUBLIC)  # unit -> movement points spent
    continuing = Slot[bool](PUBLIC)
    shore = Slot["str | None"](PUBLIC)  # the port a fleet's cargo lands at
    picked = Slot[list[str]](PUBLIC)  # the units picked to move (or to embark)
    contacts = Slot[list[dict[str, Any]]](PUBLIC)  # the tribes met on the way (HB 8.2)
    came_from = Slot[dict[str, str]](PUBLIC)  # unit -> the space it entered from
    resume = Slot[str](PUBLIC)  # what to do when the step pushed has finished
    won = Slot[list[str]](PUBLIC)  # the battles won on the way

    def bound_for(self) -> str:
        """The target, in the steps that have one (team-mates joining, HB 4.2)."""
        if self.target is None:
            raise EngineError("the activation has no target now")
        return self.target

    def landing_at(self) -> str:
        """The port region a fleet is loading or landing at (HB 4.4)."""
        if self.shore is None:
            raise EngineError("the fleet is at no shore now")
        return self.shore


class MoveSteps(Procedure):
    """What the parts of an activation share: paying for a region, moving a group, turning
    counters over; and the steps the activation itself provides."""

    def _pay(self, ctx: Context, move: ActivationFrame, actor: str, space: str) -> bool:
        """Pay for activating ``space`` unless it is free; True when it cost nothing."""
        name = model.who(ctx, actor)
        if [actor, space] in move.paid:
            return False
        move.paid.append([actor, space])
        if model.has_active_leader(ctx.definition, ctx.state, actor, space):
            ctx.fired("HB 1.2.8")
            ctx.log(f"{name} activates {space}, free: an active leader stands there", rule="HB 4.2")
            return True
        cost = int(ctx.param("activation.ip"))
        model.records(ctx.state).ip[actor] -= cost
        ctx.log(f"{name} activates {space} for {cost} IP", rule="HB 4.2", side=actor, space=space)
        return False

    def _move_group(self, ctx: Context, move: ActivationFrame, space: str) -> None:
        for pid in move.group:
            model.writable(ctx.state, pid).at = space
            model.set_city(model.writable(ctx.state, pid), None)
        move.at = space
        move.path.append(space)
        self._moved(ctx)

    def _moved(self, ctx: Context) -> None:
        """A group has left a space (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _ashore(self, ctx: Context, move: ActivationFrame, region: str) -> None:
        """A fleet's cargo has landed in a port's region (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _finish_pieces(self, ctx: Context, pids: Iterable[str], actor: str) -> None:
        """Counters that ended their move are turned over (HB 4.1)."""
        definition, state = ctx.definition, ctx.state
        once = bool(ctx.param("leaders.move_once"))
        for pid in pids:
            if definition.pieces[pid].type == LEADER and not once:
                continue
            if MOVED not in piece(state, pid).flags:
                flags = model.writable(state, pid).flags
                flags.append(MOVED)
                flags.sort()

    def _halt(self, ctx: Context, move: ActivationFrame) -> None:
        """The group's move ends (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _open(self, ctx: Context, move: ActivationFrame, actor: str, space: str) -> None:
        """Activate a region for ``actor`` (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _wrap_up(self, ctx: Context, move: ActivationFrame) -> None:
        """The activation's armies have all moved (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _arrive(self, ctx: Context, move: ActivationFrame, space: str) -> bool:
        """The group entered a space (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError

    def _contact(self, move: ActivationFrame, space: str, tribe: str | None) -> None:
        """An army must fight where it stands (:class:`~legatus.games.hannibal_barkas.activation.Activation`)."""
        raise NotImplementedError


def eliminate(ctx: Context, pid: str) -> None:
    """A counter leaves play: a unit back to the counter mix, a leader's card out of the
    game (an unnamed consul's back to the consuls, HB 3.2)."""
    definition, state = ctx.definition, ctx.state
    unit = model.writable(state, pid)
    if definition.pieces[pid].type == LEADER:
        cards = zone_cards(state, zone(LEADERS, unit.side))
        if pid in cards:
            cards.remove(pid)
        tags = definition.pieces[pid].tags
        target = "consuls" if "consul" in tags and "named" not in tags else "removed"
        zone_cards(state, target).append(pid)
        zone_cards(state, target).sort()
    unit.at = "out"
    unit.side = definition.pieces[pid].side
    model.set_city(unit, None)
    if MOVED in unit.flags:
        unit.flags.remove(MOVED)


__all__ = ["MoveSteps", "activatable", "eliminate", "movable"]
