"""Activating regions and moving armies and fleets (HB 3.4.4, IV).

One *activation* action (``activate(SPACE)`` in the action phase) is one frame of the
procedure :class:`Activation`. Its player pays 1 IP for the region or sea zone he
activates, nothing where one of his 'A' leaders stands (HB 4.2), and then moves groups out
of it, one at a time:

``take(TYPE, N)`` / ``take(LEADER)``
    picks units that have not moved this stage (a unit is activated once a stage, HB 4.2),
    his own or of a team-mate's army without a leader (common, HB 10.1), and his leaders;
``march``
    starts the group's move: region by region (``step``), each costing a movement point
    (the slowest unit's, HB 1.2), dropping units on the way (``drop``: the army splits,
    HB 4.2), until ``halt``. Crossing the Alps (a dashed border) costs each unit a d10 roll
    (8 or more: it dies) and ends the move (HB 4.3). The group's counters are then turned
    over: they moved this stage (HB 4.1);
``done``
    ends the region's activation (units left behind stay unactivated, HB 4.2). A region
    activated free must move at least one group: activating costs nothing then, and an
    action must do something.

A fleet is a group of ships (HB 4.4): in port it puts to sea for free (``put_to_sea``),
then ``sail``\\s zone by zone (8 movement points), ``load``\\s units from a coastal region
(1 point; the region is activated and paid for), ``unload``\\s them into one (1 point; they
count as moved), and ends at sea (``halt``) or in a port of its nation (``in_port``; any
cargo lands there, 1 point). A ship carries 2 land units and any number of leaders
(HB 1.2.7).

Moves from several regions into one (HB 4.2, Ex. 4): when every group moved so far has
ended in the same region, the player may activate more regions (``join``), each paid for,
whose groups must end there too; then each team-mate may join with his own armies, paying
his own IP (HB 10.1); when armies from two regions or more have met, the activating player
may move them on together (``continue``) with the movement points all of them have left.

Part 1 has no battles (HB V) and no aggression against neutral states (HB VII): no move
enters a space where another nation's pieces stand, nor a neutral state's territory
(:func:`games.hannibal_barkas.model.enterable`). After every group's move the players may
play effects (:mod:`games.hannibal_barkas.events`).
"""

from __future__ import annotations

from typing import Any

from framework.engine.actions import Action, Prompt
from framework.engine.core import Context, EngineError, Frame, make_prompt
from framework.engine.frames import PUBLIC, declare
from games.hannibal_barkas import model
from games.hannibal_barkas.fleets import FleetMoves
from games.hannibal_barkas.joins import JointMoves
from games.hannibal_barkas.model import LEADER, MOVED
from games.hannibal_barkas.movement import LAND_EDGES, eliminate, land_steps, reaches


class Activation(FleetMoves, JointMoves):
    """``activation(side, space)``: one activation action of ``side`` (HB 3.4.4, IV)."""

    rule = "HB 4.2"
    fields = declare(
        args=PUBLIC,
        side=PUBLIC,
        actor=PUBLIC,
        phase=PUBLIC,
        origin=PUBLIC,
        origin_free=PUBLIC,
        origin_moved=PUBLIC,
        group=PUBLIC,
        at=PUBLIC,
        mp=PUBLIC,
        path=PUBLIC,
        moves=PUBLIC,
        target=PUBLIC,
        paid=PUBLIC,
        joiners=PUBLIC,
        spent=PUBLIC,
        continuing=PUBLIC,
        shore=PUBLIC,
        picked=PUBLIC,
    )

    def start(self, ctx: Context, frame: Frame) -> None:
        side, space = frame["args"]["side"], frame["args"]["space"]
        frame.update(
            side=side,
            actor=side,
            phase="select",
            group=[],
            at=space,
            mp=0,
            path=[],
            moves=[],
            target=None,
            paid=[],
            joiners=[],
            spent={},
            continuing=False,
            shore=None,
            picked=[],
        )
        self._open(ctx, frame, side, space)

    def _open(self, ctx: Context, frame: Frame, actor: str, space: str) -> None:
        """Activate ``space`` for ``actor`` and pay for it (HB 4.2)."""
        free = self._pay(ctx, frame, actor, space)
        frame.update(actor=actor, origin=space, origin_free=free, origin_moved=False)
        frame["phase"] = "select"
        frame["group"] = []

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        phase = frame["phase"]
        if phase == "over":
            return None
        actor = frame["actor"]
        actions = getattr(self, f"_{phase}_actions")(ctx, frame)
        return make_prompt(actor, phase, self._text(ctx, frame), actions)

    def _text(self, ctx: Context, frame: Frame) -> str:
        definition = ctx.definition
        name = model.who(ctx, frame["actor"])
        phase = frame["phase"]
        group = model.describe_units(definition, frame["group"])
        if phase == "select":
            goal = f", to end in {frame['target']}" if frame["target"] else ""
            return f"{name}: form a group in {frame['origin']}{goal} (taken: {group})"
        if phase == "march":
            return f"{name}: the group ({group}) is in {frame['at']}, {frame['mp']} MP left"
        if phase == "sail":
            return f"{name}: the fleet ({group}) is at {frame['at']}, {frame['mp']} MP left"
        if phase == "board":
            return f"{name}: load units from {frame['shore']} (aboard: {group})"
        if phase == "land":
            landing = model.describe_units(definition, frame["picked"])
            return f"{name}: land units in {frame['shore']} (landing: {landing})"
        if phase == "joining":
            return f"{name}: activate another region whose armies end in {frame['target']}, or done"
        if phase == "teammate":
            return f"{name}: join the move into {frame['target']} with an army of yours?"
        return f"{name}: move the armies gathered in {frame['target']} on together?"

    def _candidates(self, ctx: Context, frame: Frame) -> list[str]:
        """Pieces at the origin the actor may still add to the group."""
        definition, state = ctx.definition, ctx.state
        actor, origin = frame["actor"], frame["origin"]
        once = bool(ctx.param("leaders.move_once"))
        found = []
        for pid in model.pieces_at(state, origin):
            if pid in frame["group"]:
                continue
            piece = state["pieces"][pid]
            if definition.pieces[pid].type == LEADER:
                if piece["side"] == actor and not (once and MOVED in piece["flags"]):
                    found.append(pid)
            elif MOVED not in piece["flags"] and model.commands(definition, state, actor, pid):
                found.append(pid)
        return found

    def _may_take(self, ctx: Context, frame: Frame, pid: str) -> bool:
        definition = ctx.definition
        kind = definition.pieces[pid].type
        group = frame["group"]
        at_sea = model.is_sea(definition, frame["origin"])
        fleet = any(definition.pieces[p].type == "ships" for p in group)
        land = any(definition.pieces[p].type not in ("ships", LEADER) for p in group)
        if kind == LEADER:
            return True
        if frame["target"] is not None:
            if kind == "ships":
                return False
            team = definition.team_of(frame["actor"])
            mp = model.stat(definition, pid, "move")
            return reaches(ctx, team, frame["origin"], frame["target"], mp)
        if at_sea:
            if kind == "ships":
                return True
            ships = sum(1 for p in group if definition.pieces[p].type == "ships")
            cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
            return cargo < ships * int(ctx.param("fleet.capacity"))
        if kind == "ships":
            return not land
        team = definition.team_of(frame["actor"])
        return not fleet and bool(land_steps(ctx, team, frame["origin"]))

    def _select_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        definition = ctx.definition
        if model.is_sea(definition, frame["origin"]):
            return self._select_at_sea(ctx, frame)
        actions: list[Action] = []
        by_kind: dict[str, int] = {}
        for pid in self._candidates(ctx, frame):
            if not self._may_take(ctx, frame, pid):
                continue
            kind = definition.pieces[pid].type
            if kind == LEADER:
                actions.append(Action("take", (pid,)))
            else:
                by_kind[kind] = by_kind.get(kind, 0) + 1
        limit = self._cargo_room(ctx, frame)
        for kind, available in by_kind.items():
            most = available if kind == "ships" or limit is None else min(available, limit)
            actions.extend(Action("take", (kind, n)) for n in range(1, most + 1))
        units = [p for p in frame["group"] if definition.pieces[p].type != LEADER]
        if units and self._may_march(ctx, frame):
            actions.append(Action("march"))
        if not units and (not frame["origin_free"] or frame["origin_moved"]):
            actions.append(Action("done"))
        return actions

    def _may_march(self, ctx: Context, frame: Frame) -> bool:
        definition = ctx.definition
        group = frame["group"]
        if any(definition.pieces[p].type == "ships" for p in group):
            return self._fleet_fits(ctx, frame)
        if model.is_sea(definition, frame["origin"]):
            return False  # land units at sea move only aboard ships
        team = definition.team_of(frame["actor"])
        if frame["target"] is not None:
            return True  # every unit taken can reach the target
        return bool(land_steps(ctx, team, frame["origin"]))

    def _march_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        definition = ctx.definition
        team = definition.team_of(frame["actor"])
        at, mp, target = frame["at"], frame["mp"], frame["target"]
        board = definition.board
        actions: list[Action] = []
        if mp > 0:
            for near in sorted(board.neighbours(at, LAND_EDGES)):
                if not model.enterable(ctx, team, near):
                    continue
                alps = "alps" in board.connection_kinds_between(at, near)
                aiming = target is not None and not frame["continuing"]
                if (
                    aiming
                    and near != target
                    and (alps or not reaches(ctx, team, near, target, mp - 1))
                ):
                    continue
                actions.append(Action("step", (near,)))
        moved = len(frame["path"]) > 1
        if moved and (target is None or frame["continuing"] or at == target):
            actions.append(Action("halt"))
        if moved and target is None and not frame["continuing"]:
            counts = model.count_units(definition, frame["group"])
            for kind, n in counts.items():
                most = n - 1  # the group keeps at least one unit to move on
                actions.extend(Action("drop", (kind, k)) for k in range(1, most + 1))
            for pid in frame["group"]:
                if definition.pieces[pid].type == LEADER:
                    actions.append(Action("drop", (pid,)))
        return actions

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        handler = getattr(self, f"_do_{frame['phase']}")
        handler(ctx, frame, action)

    def _do_select(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "take":
            self._take(ctx, frame, action.args)
        elif action.kind == "march":
            self._start_moving(ctx, frame)
        elif action.kind == "done":
            frame["group"] = []
            self._origin_done(ctx, frame)

    def _take(self, ctx: Context, frame: Frame, args: tuple[Any, ...]) -> None:
        definition, state = ctx.definition, ctx.state
        if model.is_sea(definition, frame["origin"]):
            frame["group"] = model.in_data_order(definition, self._fleet_at_sea(ctx, frame))
            return
        if len(args) == 1:
            frame["group"].append(str(args[0]))
            return
        kind, count = str(args[0]), int(args[1])
        chosen = [
            p
            for p in model.in_data_order(definition, self._candidates(ctx, frame))
            if definition.pieces[p].type == kind
        ][:count]
        for pid in chosen:
            state["pieces"][pid]["side"] = frame["actor"]  # a common army follows its mover
        frame["group"].extend(chosen)

    def _start_moving(self, ctx: Context, frame: Frame) -> None:
        definition = ctx.definition
        group = frame["group"]
        frame["at"] = frame["origin"]
        frame["path"] = [frame["origin"]]
        if any(definition.pieces[p].type == "ships" for p in group):
            frame["phase"] = "sail"
            frame["mp"] = min(
                model.stat(definition, p, "move")
                for p in group
                if definition.pieces[p].type == "ships"
            )
            return
        frame["phase"] = "march"
        frame["mp"] = min(
            model.stat(definition, p, "move") for p in group if definition.pieces[p].type != LEADER
        )

    def _do_march(self, ctx: Context, frame: Frame, action: Action) -> None:
        definition = ctx.definition
        if action.kind == "step":
            to = str(action.args[0])
            alps = "alps" in definition.board.connection_kinds_between(frame["at"], to)
            frame["mp"] -= 1
            for pid in frame["group"]:
                frame["spent"][pid] = frame["spent"].get(pid, 0) + 1
            self._move_group(ctx, frame, to)
            if alps:
                self._cross_alps(ctx, frame)
                self._halt(ctx, frame)
                return
            if frame["mp"] == 0 or self._march_actions(ctx, frame) in ([], [Action("halt")]):
                self._halt(ctx, frame)  # nothing but stopping is left to choose
        elif action.kind == "drop":
            self._drop(ctx, frame, action.args)
        elif action.kind == "halt":
            self._halt(ctx, frame)

    def _drop(self, ctx: Context, frame: Frame, args: tuple[Any, ...]) -> None:
        """HB 4.2: part of a moving army stops here and ends its move."""
        definition = ctx.definition
        if len(args) == 1:
            dropped = [str(args[0])]
        else:
            kind, count = str(args[0]), int(args[1])
            dropped = [
                p
                for p in model.in_data_order(definition, frame["group"])
                if definition.pieces[p].type == kind
            ][-count:]
        for pid in dropped:
            frame["group"].remove(pid)
        self._finish_pieces(ctx, dropped, frame["actor"])
        ctx.log(
            f"{model.who(ctx, frame['actor'])} leaves "
            f"{model.describe_units(definition, dropped)} in {frame['at']}",
            rule="HB 4.2",
        )

    def _cross_alps(self, ctx: Context, frame: Frame) -> None:
        """HB 4.3: a d10 for every unit crossing the Alps; on 8 or more it dies."""
        definition = ctx.definition
        units = [
            p
            for p in model.in_data_order(definition, frame["group"])
            if definition.pieces[p].type != LEADER
        ]
        deadly = int(ctx.param("alps.deadly_roll"))
        rolls = ctx.roll(len(units), sides=10)
        dead = [pid for pid, roll in zip(units, rolls, strict=True) if roll >= deadly]
        for pid in dead:
            frame["group"].remove(pid)
            eliminate(ctx, pid)
        ctx.log(
            f"Crossing the Alps into {frame['at']}: rolls {rolls}; "
            f"{model.describe_units(definition, dead)} lost",
            rule="HB 4.3",
            rolls=rolls,
        )
        if not any(definition.pieces[p].type != LEADER for p in frame["group"]):
            for leader in list(frame["group"]):
                frame["group"].remove(leader)
                eliminate(ctx, leader)
                ctx.log(f"{leader} dies with his army in the Alps", rule="HB 4.3; A.23 #32")

    def _halt(self, ctx: Context, frame: Frame) -> None:
        """The group's move ends where it stands (HB 4.2): its counters are turned over,
        the move is recorded, and the players may answer it with effects (HB 1.3.1)."""
        definition = ctx.definition
        group = list(frame["group"])
        actor = frame["actor"]
        self._finish_pieces(ctx, group, actor)
        origin, at = frame["path"][0] if frame["path"] else frame["origin"], frame["at"]
        distance = len(frame["path"]) - 1
        sea = frame["phase"] in ("sail", "board", "land")
        frame["moves"].append(
            {"side": actor, "from": origin, "to": at, "distance": distance, "sea": sea}
        )
        frame["origin_moved"] = True
        frame["group"] = []
        units = [p for p in group if definition.pieces[p].type != LEADER]
        if not frame["continuing"]:
            ctx.log(
                f"{model.who(ctx, actor)} moves {model.describe_units(definition, group)}"
                f" from {origin} to {at}"
                + (f" ({distance} region{'s' if distance != 1 else ''})" if not sea else ""),
                rule="HB 4.4" if sea else "HB 4.2",
                side=actor,
                path=frame["path"],
            )
        if frame["continuing"]:
            frame["phase"] = "over"
            ctx.log(
                f"The armies gathered in {frame['target']} move on together to {at}",
                rule="HB 10.1",
            )
        else:
            frame["phase"] = "select"
        if units and not sea:
            ctx.push(
                "effects",
                trigger=f"{model.who(ctx, actor)} moved an army from {origin} to {at}",
                move={"side": actor, "to": at, "distance": distance, "units": units},
            )
        if not frame["continuing"] and self._select_actions(ctx, frame) == [Action("done")]:
            self._origin_done(ctx, frame)  # nothing more can move from here

    def _do_over(self, ctx: Context, frame: Frame, action: Action) -> None:
        raise EngineError("the activation is over")
