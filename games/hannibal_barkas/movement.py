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

from collections.abc import Iterable
from typing import Any

from framework.engine.actions import Action, Prompt
from framework.engine.core import Context, EngineError, Frame, Procedure, make_prompt
from framework.engine.frames import PUBLIC, declare
from framework.gamedef import GameDef
from games.hannibal_barkas import model
from games.hannibal_barkas.model import LEADER, LEADERS, MOVED, UNITS, zone

LAND_EDGES = ("border", "alps")


# -- what a player may activate ------------------------------------------------------------------


def movable(ctx: Context, player: str, space: str) -> list[str]:
    """The units at ``space`` the player may move now: not moved this stage, commanded."""
    definition, state = ctx.definition, ctx.state
    return [
        pid
        for pid in model.pieces_at(state, space)
        if definition.pieces[pid].type != LEADER
        and MOVED not in state["pieces"][pid]["flags"]
        and model.commands(definition, state, player, pid)
    ]


def land_steps(ctx: Context, team: str, space: str) -> list[str]:
    """The regions a land group at ``space`` may step into (HB 4.2, 4.3)."""
    board = ctx.definition.board
    return sorted(n for n in board.neighbours(space, LAND_EDGES) if model.enterable(ctx, team, n))


def may_pay(ctx: Context, player: str, space: str, paid: Iterable[Any] = ()) -> bool:
    """Whether the player can activate ``space``: already activated this action, an 'A'
    leader of his there, or IP enough (HB 4.2)."""
    if [player, space] in list(paid):
        return True
    if model.has_active_leader(ctx.definition, ctx.state, player, space):
        return True
    return int(ctx.state["records"]["ip"][player]) >= int(ctx.param("activation.ip"))


def activatable(ctx: Context, player: str) -> list[str]:
    """Regions and sea zones the player may activate for a move: units of his that have
    not moved, able to move, and the IP to pay (HB 3.4.4, 4.2, 4.4)."""
    definition = ctx.definition
    team = definition.team_of(player)
    found = []
    for space in sorted(model.occupancy(ctx.state)):
        units = movable(ctx, player, space)
        if not units or not may_pay(ctx, player, space):
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


def reaches(ctx: Context, team: str, start: str, target: str, mp: int) -> bool:
    """Whether a land group at ``start`` with ``mp`` points can end its move at ``target``:
    over land borders through regions it may enter, an Alps crossing only as the last step
    (it ends the move, HB 4.3)."""
    if start == target:
        return True
    board = ctx.definition.board
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
                seen[near] = depth + 1
                following.append(near)
        frontier = following
    return False


# -- the activation ------------------------------------------------------------------------------


class Activation(Procedure):
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

    # -- opening a region ----------------------------------------------------------------------
    def _open(self, ctx: Context, frame: Frame, actor: str, space: str) -> None:
        """Activate ``space`` for ``actor`` and pay for it (HB 4.2)."""
        free = self._pay(ctx, frame, actor, space)
        frame.update(actor=actor, origin=space, origin_free=free, origin_moved=False)
        frame["phase"] = "select"
        frame["group"] = []

    def _pay(self, ctx: Context, frame: Frame, actor: str, space: str) -> bool:
        """Pay for activating ``space`` unless it is free; True when it cost nothing."""
        name = model.who(ctx, actor)
        if [actor, space] in frame["paid"]:
            return False
        frame["paid"].append([actor, space])
        if model.has_active_leader(ctx.definition, ctx.state, actor, space):
            ctx.fired("HB 1.2.8")
            ctx.log(f"{name} activates {space}, free: an active leader stands there", rule="HB 4.2")
            return True
        cost = int(ctx.param("activation.ip"))
        ctx.state["records"]["ip"][actor] -= cost
        ctx.log(f"{name} activates {space} for {cost} IP", rule="HB 4.2", side=actor, space=space)
        return False

    # -- the questions -------------------------------------------------------------------------
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

    # select ------------------------------------------------------------------------------------
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

    def _fleet_at_sea(self, ctx: Context, frame: Frame) -> list[str]:
        """At sea a player's fleet moves whole: his own ships, cargo and leaders there
        that have not moved (a fleet in port may be split)."""
        state = ctx.state
        actor = frame["actor"]
        once = bool(ctx.param("leaders.move_once"))
        return [
            pid
            for pid in model.pieces_at(state, frame["origin"])
            if state["pieces"][pid]["side"] == actor
            and not (
                MOVED in state["pieces"][pid]["flags"]
                and (once or ctx.definition.pieces[pid].type != LEADER)
            )
        ]

    def _select_at_sea(self, ctx: Context, frame: Frame) -> list[Action]:
        definition = ctx.definition
        if frame["group"]:
            return [Action("march")]
        fleet = self._fleet_at_sea(ctx, frame)
        ships = [p for p in fleet if definition.pieces[p].type == "ships"]
        if ships:
            return [Action("take", ("ships", len(ships)))]
        return [Action("done")]

    def _cargo_room(self, ctx: Context, frame: Frame) -> int | None:
        """At sea: how many more land units the ships taken can carry (None on land)."""
        definition = ctx.definition
        if not model.is_sea(definition, frame["origin"]):
            return None
        group = frame["group"]
        ships = sum(1 for p in group if definition.pieces[p].type == "ships")
        cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
        return max(0, ships * int(ctx.param("fleet.capacity")) - cargo)

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

    def _fleet_fits(self, ctx: Context, frame: Frame) -> bool:
        """At sea, the ships leaving and those staying can each carry their cargo."""
        definition, state = ctx.definition, ctx.state
        origin = frame["origin"]
        if not model.is_sea(definition, origin):
            return True
        capacity = int(ctx.param("fleet.capacity"))
        team = definition.team_of(frame["actor"])
        left = [
            p
            for p in model.pieces_at(state, origin)
            if p not in frame["group"] and definition.team_of(state["pieces"][p]["side"]) == team
        ]
        left_ships = sum(1 for p in left if definition.pieces[p].type == "ships")
        left_cargo = sum(1 for p in left if definition.pieces[p].type not in ("ships", LEADER))
        left_leaders = any(definition.pieces[p].type == LEADER for p in left)
        if left_cargo > left_ships * capacity or (left_leaders and not left_ships):
            return False
        group = frame["group"]
        ships = sum(1 for p in group if definition.pieces[p].type == "ships")
        cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
        return cargo <= ships * capacity

    # march -------------------------------------------------------------------------------------
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

    # sail --------------------------------------------------------------------------------------
    def _sail_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        definition, state = ctx.definition, ctx.state
        board = definition.board
        actor = frame["actor"]
        team = definition.team_of(actor)
        at, mp = frame["at"], frame["mp"]
        cargo = self._cargo(ctx, frame)
        load_mp = int(ctx.param("fleet.load_mp"))
        unload_mp = int(ctx.param("fleet.unload_mp"))
        actions: list[Action] = [Action("halt")]
        if not model.is_sea(definition, at):  # in port
            for sea in sorted(board.neighbours(at, "coast")):
                if model.enterable(ctx, team, sea):
                    actions.append(Action("put_to_sea", (sea,)))
            if mp >= load_mp and self._loadable(ctx, frame, at):
                actions.append(Action("load", (at,)))
            return actions
        if mp >= 1:
            for sea in sorted(board.neighbours(at, "sea")):
                if model.enterable(ctx, team, sea):
                    actions.append(Action("sail", (sea,)))
        for region in sorted(board.neighbours(at, "coast")):
            if mp >= load_mp and self._loadable(ctx, frame, region):
                actions.append(Action("load", (region,)))
            if not model.enterable(ctx, team, region):
                continue
            if cargo and mp >= unload_mp:
                actions.append(Action("unload", (region,)))
            port = model.port_city(definition, region)
            keeper = model.holder(state, port) if port is not None else None
            ours = keeper is not None and definition.team_of(keeper) == team
            if ours and (not cargo or mp >= unload_mp):
                actions.append(Action("in_port", (region,)))
        return actions

    def _cargo(self, ctx: Context, frame: Frame) -> list[str]:
        definition = ctx.definition
        return [p for p in frame["group"] if definition.pieces[p].type not in ("ships", LEADER)]

    def _room(self, ctx: Context, frame: Frame) -> int:
        definition = ctx.definition
        ships = sum(1 for p in frame["group"] if definition.pieces[p].type == "ships")
        return ships * int(ctx.param("fleet.capacity")) - len(self._cargo(ctx, frame))

    def _loadable(self, ctx: Context, frame: Frame, region: str) -> bool:
        """Units the fleet may load from ``region``: room aboard, an unmoved unit the
        actor commands there, and the region paid for or payable (HB 4.4)."""
        actor = frame["actor"]
        if self._room(ctx, frame) <= 0:
            return False
        land = [
            p
            for p in movable(ctx, actor, region)
            if p not in frame["group"] and model.unit_type(ctx.definition, p) != "ships"
        ]
        return bool(land) and may_pay(ctx, actor, region, frame["paid"])

    def _board_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        definition = ctx.definition
        room = self._room(ctx, frame) - len(
            [p for p in frame["picked"] if definition.pieces[p].type != LEADER]
        )
        counts: dict[str, int] = {}
        actions: list[Action] = [Action("done")]
        shore = frame["shore"]
        for pid in movable(ctx, frame["actor"], shore):
            kind = definition.pieces[pid].type
            if pid in frame["group"] or pid in frame["picked"] or kind == "ships":
                continue
            counts[kind] = counts.get(kind, 0) + 1
        for kind, n in counts.items():
            actions.extend(Action("take", (kind, k)) for k in range(1, min(n, room) + 1))
        once = bool(ctx.param("leaders.move_once"))
        for pid in model.leaders_of_at(definition, ctx.state, frame["actor"], shore):
            flags = ctx.state["pieces"][pid]["flags"]
            fresh = not (once and MOVED in flags)
            if fresh and pid not in frame["picked"] and pid not in frame["group"]:
                actions.append(Action("take", (pid,)))
        return actions

    def _land_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        definition = ctx.definition
        actions: list[Action] = [Action("done")]
        counts: dict[str, int] = {}
        for pid in frame["group"]:
            kind = definition.pieces[pid].type
            if pid in frame["picked"] or kind == "ships":
                continue
            if kind == LEADER:
                actions.append(Action("take", (pid,)))
            else:
                counts[kind] = counts.get(kind, 0) + 1
        for kind, n in counts.items():
            actions.extend(Action("take", (kind, k)) for k in range(1, n + 1))
        return actions

    # joining -----------------------------------------------------------------------------------
    def _join_regions(self, ctx: Context, frame: Frame, actor: str) -> list[str]:
        """Regions ``actor`` may activate to send an army into the target (HB 4.2, 10.1)."""
        definition = ctx.definition
        team = definition.team_of(actor)
        target = frame["target"]
        found = []
        for space in sorted(model.occupancy(ctx.state)):
            if space == target or model.is_sea(definition, space):
                continue
            if [actor, space] in frame["paid"]:
                continue  # a region joins once per action
            units = [
                p for p in movable(ctx, actor, space) if model.unit_type(definition, p) != "ships"
            ]
            if not units or not may_pay(ctx, actor, space):
                continue
            if any(
                reaches(ctx, team, space, target, model.stat(definition, p, "move")) for p in units
            ):
                found.append(space)
        return found

    def _joining_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        regions = self._join_regions(ctx, frame, frame["actor"])
        return [Action("done"), *(Action("join", (r,)) for r in regions)]

    def _teammate_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        regions = self._join_regions(ctx, frame, frame["actor"])
        return [Action("decline"), *(Action("join", (r,)) for r in regions)]

    def _continue_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Action("done"), Action("continue")]

    # -- the answers -----------------------------------------------------------------------------
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

    def _move_group(self, ctx: Context, frame: Frame, space: str) -> None:
        for pid in frame["group"]:
            ctx.state["pieces"][pid]["at"] = space
        frame["at"] = space
        frame["path"].append(space)

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
        definition, state = ctx.definition, ctx.state
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
        del state  # the state changed in place

    def _finish_pieces(self, ctx: Context, pids: Iterable[str], actor: str) -> None:
        """Counters that ended their move are turned over (HB 4.1)."""
        definition, state = ctx.definition, ctx.state
        once = bool(ctx.param("leaders.move_once"))
        for pid in pids:
            if definition.pieces[pid].type == LEADER and not once:
                continue
            flags = state["pieces"][pid]["flags"]
            if MOVED not in flags:
                flags.append(MOVED)
                flags.sort()

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

    def _do_sail(self, ctx: Context, frame: Frame, action: Action) -> None:
        definition = ctx.definition
        kind = action.kind
        if kind == "halt":
            self._end_fleet(ctx, frame)
        elif kind == "put_to_sea":
            self._move_group(ctx, frame, str(action.args[0]))
        elif kind == "sail":
            frame["mp"] -= 1
            self._move_group(ctx, frame, str(action.args[0]))
        elif kind == "load":
            region = str(action.args[0])
            frame["mp"] -= int(ctx.param("fleet.load_mp"))
            self._pay(ctx, frame, frame["actor"], region)  # free if activated already
            frame.update(phase="board", shore=region, picked=[])
        elif kind == "unload":
            frame["mp"] -= int(ctx.param("fleet.unload_mp"))
            frame.update(phase="land", shore=str(action.args[0]), picked=[])
        elif kind == "in_port":
            region = str(action.args[0])
            cargo = self._cargo(ctx, frame)
            leaders = [p for p in frame["group"] if definition.pieces[p].type == LEADER]
            if cargo:
                frame["mp"] -= int(ctx.param("fleet.unload_mp"))
            self._move_group(ctx, frame, region)
            if cargo or leaders:
                ctx.log(
                    f"{model.describe_units(definition, cargo + leaders)} land in {region}",
                    rule="HB 4.4",
                )
            self._end_fleet(ctx, frame)

    def _do_board(self, ctx: Context, frame: Frame, action: Action) -> None:
        definition = ctx.definition
        if action.kind == "take":
            shore = frame["shore"]
            if len(action.args) == 1:
                frame["picked"].append(str(action.args[0]))
                return
            kind, count = str(action.args[0]), int(action.args[1])
            free = [
                p
                for p in model.in_data_order(definition, movable(ctx, frame["actor"], shore))
                if definition.pieces[p].type == kind and p not in frame["picked"]
            ]
            frame["picked"].extend(free[:count])
            return
        picked = frame["picked"]
        for pid in picked:
            ctx.state["pieces"][pid]["side"] = frame["actor"]
            ctx.state["pieces"][pid]["at"] = frame["at"]
        self._finish_pieces(ctx, picked, frame["actor"])
        frame["group"].extend(picked)
        ctx.log(
            f"{model.who(ctx, frame['actor'])} loads "
            f"{model.describe_units(definition, picked)} from {frame['shore']}",
            rule="HB 4.4",
        )
        frame.update(phase="sail", shore=None, picked=[])

    def _do_land(self, ctx: Context, frame: Frame, action: Action) -> None:
        definition = ctx.definition
        if action.kind == "take":
            if len(action.args) == 1:
                frame["picked"].append(str(action.args[0]))
                return
            kind, count = str(action.args[0]), int(action.args[1])
            aboard = [
                p
                for p in model.in_data_order(definition, frame["group"])
                if definition.pieces[p].type == kind and p not in frame["picked"]
            ]
            frame["picked"].extend(aboard[:count])
            return
        picked, shore = frame["picked"], frame["shore"]
        for pid in picked:
            frame["group"].remove(pid)
            ctx.state["pieces"][pid]["at"] = shore
        self._finish_pieces(ctx, picked, frame["actor"])
        ctx.log(
            f"{model.who(ctx, frame['actor'])} lands "
            f"{model.describe_units(definition, picked)} in {shore}",
            rule="HB 4.4",
        )
        frame.update(phase="sail", shore=None, picked=[])

    def _end_fleet(self, ctx: Context, frame: Frame) -> None:
        """The fleet's move ends at sea or in port (HB 4.4)."""
        self._halt(ctx, frame)

    def _origin_done(self, ctx: Context, frame: Frame) -> None:
        """The region's groups have moved: join more regions, ask the team-mates, or end."""
        if frame["target"] is None:
            target = self._common_end(frame)
            if target is None:
                frame["phase"] = "over"
                return
            frame["target"] = target
        if frame["actor"] != frame["side"]:
            if self._join_regions(ctx, frame, frame["actor"]):
                frame["phase"] = "teammate"
            else:
                frame["joiners"].pop(0)
                self._next_teammate(ctx, frame)
        elif self._join_regions(ctx, frame, frame["side"]):
            frame["phase"] = "joining"
        else:
            self._do_joining(ctx, frame, Action("done"))

    def _common_end(self, frame: Frame) -> str | None:
        """The region every group of this action ended in, if they all went by land to one."""
        moves = frame["moves"]
        ends = {m["to"] for m in moves}
        if not moves or len(ends) != 1 or any(m["sea"] for m in moves):
            return None
        return str(next(iter(ends)))

    def _do_joining(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "join":
            self._open(ctx, frame, frame["side"], str(action.args[0]))
            return
        definition = ctx.definition
        side = frame["side"]
        frame["joiners"] = [
            p
            for p in model.team_players(definition, ctx.state, definition.team_of(side))
            if p != side
        ]
        self._next_teammate(ctx, frame)

    def _next_teammate(self, ctx: Context, frame: Frame) -> None:
        while frame["joiners"]:
            mate = frame["joiners"][0]
            if self._join_regions(ctx, frame, mate):
                frame.update(actor=mate, phase="teammate")
                return
            frame["joiners"].pop(0)
        self._maybe_continue(ctx, frame)

    def _do_teammate(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "join":
            ctx.fired("HB 10.1")
            self._open(ctx, frame, frame["actor"], str(action.args[0]))
            return
        frame["joiners"].pop(0)
        self._next_teammate(ctx, frame)

    def _gathered(self, ctx: Context, frame: Frame) -> list[str]:
        """The units that moved into the target in this action and are still there."""
        state = ctx.state
        target = frame["target"]
        return [
            pid
            for pid in frame["spent"]
            if state["pieces"][pid]["at"] == target and ctx.definition.pieces[pid].type != LEADER
        ]

    def _maybe_continue(self, ctx: Context, frame: Frame) -> None:
        """HB 10.1: armies that met may go on together with the points all have left."""
        definition = ctx.definition
        origins = {m["from"] for m in frame["moves"]}
        units = self._gathered(ctx, frame)
        frame["actor"] = frame["side"]
        if len(origins) < 2 or not units:
            frame["phase"] = "over"
            return
        left = min(model.stat(definition, p, "move") - frame["spent"][p] for p in units)
        team = definition.team_of(frame["side"])
        if left < 1 or not land_steps(ctx, team, frame["target"]):
            frame["phase"] = "over"
            return
        frame["phase"] = "continue"

    def _do_continue(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "done":
            frame["phase"] = "over"
            return
        definition = ctx.definition
        units = self._gathered(ctx, frame)
        leaders = [
            pid
            for pid in model.pieces_at(ctx.state, frame["target"])
            if definition.pieces[pid].type == LEADER and pid in frame["spent"]
        ]
        frame["group"] = units + leaders
        frame["mp"] = min(model.stat(definition, p, "move") - frame["spent"][p] for p in units)
        frame["continuing"] = True
        frame["at"] = frame["target"]
        frame["path"] = [frame["target"]]
        frame["phase"] = "march"

    def _do_over(self, ctx: Context, frame: Frame, action: Action) -> None:
        raise EngineError("the activation is over")


def eliminate(ctx: Context, pid: str) -> None:
    """A counter leaves play: a unit back to the counter mix, a leader's card out of the
    game (an unnamed consul's back to the consuls, HB 3.2)."""
    definition, state = ctx.definition, ctx.state
    piece = state["pieces"][pid]
    if definition.pieces[pid].type == LEADER:
        cards = state["zones"][zone(LEADERS, piece["side"])]
        if pid in cards:
            cards.remove(pid)
        tags = definition.pieces[pid].tags
        target = "consuls" if "consul" in tags and "named" not in tags else "removed"
        state["zones"][target].append(pid)
        state["zones"][target].sort()
    piece["at"] = "out"
    piece["side"] = definition.pieces[pid].side
    if MOVED in piece["flags"]:
        piece["flags"].remove(MOVED)


def spaces_of_type(definition: GameDef, kind: str) -> list[str]:
    return [s for s, space in definition.board.spaces.items() if space.kind == kind]


__all__ = ["UNITS", "Activation", "activatable", "eliminate", "movable"]
