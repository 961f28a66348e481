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
(:func:`legatus.games.hannibal_barkas.model.enterable`). After every group's move the players may
play effects (:mod:`legatus.games.hannibal_barkas.events`).
"""

from __future__ import annotations

from typing import Any

from legatus import (
    Action,
    Context,
    EngineError,
    Frame,
    Prompt,
    make_prompt,
    piece,
)
from legatus.games.hannibal_barkas import (
    advanced,
    combat,
    gauls,
    model,
    politics,
    sieges,
    victory,
)
from legatus.games.hannibal_barkas.fleets import FleetMoves
from legatus.games.hannibal_barkas.joins import JointMoves
from legatus.games.hannibal_barkas.model import INFANTRY, LEADER, MOVED
from legatus.games.hannibal_barkas.movement import (
    LAND_EDGES,
    ActivationFrame,
    eliminate,
    land_steps,
    movable,
    reaches,
)


class Activation(FleetMoves, JointMoves):
    """``activation(side, space)``: one activation action of ``side`` (HB 3.4.4, IV)."""

    rule = "HB 4.2"
    fields = ActivationFrame.declaration()
    resumes = True

    def start(self, ctx: Context, frame: Frame) -> None:
        move = ActivationFrame(frame)
        side, space = move.args["side"], move.args["space"]
        move.start(
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
            contacts=[],
            came_from={},
            resume="",
            won=[],
        )
        self._open(ctx, move, side, space)

    def _open(self, ctx: Context, move: ActivationFrame, actor: str, space: str) -> None:
        """Activate ``space`` for ``actor`` and pay for it (HB 4.2); in a tribe's region the
        tribe tests its attitude to the army activated there (HB 8.2) and may fight it."""
        free = self._pay(ctx, move, actor, space)
        move.start(actor=actor, origin=space, origin_free=free, origin_moved=False)
        move.phase = "select"
        move.group = []
        team = ctx.definition.team_of(actor)
        in_field = [
            p for p in movable(ctx, actor, space) if model.in_city(piece(ctx.state, p)) is None
        ]
        if (
            gauls.must_test(ctx, space, team)
            and in_field
            and gauls.test(ctx, actor, space)
            and gauls.resist(ctx, actor, space, {})
        ):
            move.resume = "select"

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        move = ActivationFrame(frame)
        phase = move.phase
        if phase == "over":
            return None
        actor = move.actor
        actions = getattr(self, f"_{phase}_actions")(ctx, move)
        return make_prompt(actor, phase, self._text(ctx, move), actions)

    def asks(self, ctx: Context, frame: Frame) -> tuple[str, str, str] | None:
        """The group's mover is asked the phase's question until the move is over (a phase
        with no action to offer is a fault, which ``legatus check-game`` looks for)."""
        move = ActivationFrame(frame)
        if move.phase == "over":
            return None
        return move.actor, move.phase, self._text(ctx, move)

    def _text(self, ctx: Context, move: ActivationFrame) -> str:
        definition = ctx.definition
        name = model.who(ctx, move.actor)
        phase = move.phase
        group = model.describe_units(definition, move.group)
        if phase == "select":
            goal = f", to end in {move.target}" if move.target else ""
            return f"{name}: form a group in {move.origin}{goal} (taken: {group})"
        if phase == "march":
            return f"{name}: the group ({group}) is in {move.at}, {move.mp} MP left"
        if phase == "sail":
            return f"{name}: the fleet ({group}) is at {move.at}, {move.mp} MP left"
        if phase == "board":
            return f"{name}: load units from {move.shore} (aboard: {group})"
        if phase == "land":
            landing = model.describe_units(definition, move.picked)
            return f"{name}: land units in {move.shore} (landing: {landing})"
        if phase == "joining":
            return f"{name}: activate another region whose armies end in {move.target}, or done"
        if phase == "teammate":
            return f"{name}: join the move into {move.target} with an army of yours?"
        return f"{name}: move the armies gathered in {move.target} on together?"

    def _candidates(self, ctx: Context, move: ActivationFrame) -> list[str]:
        """Pieces at the origin the actor may still add to the group."""
        definition, state = ctx.definition, ctx.state
        actor, origin = move.actor, move.origin
        once = bool(ctx.param("leaders.move_once"))
        found = []
        here = model.pieces_at(state, origin)
        where = {origin: here}
        group, pieces = move.group, state["pieces"]  # read, not changed
        for pid in here:
            if pid in group:
                continue
            unit = pieces[pid]
            if definition.pieces[pid].type == LEADER:
                if unit["side"] == actor and not (once and MOVED in unit["flags"]):
                    found.append(pid)
            elif MOVED not in unit["flags"] and model.commands(
                definition, state, actor, pid, where
            ):
                found.append(pid)
        return found

    def _may_take(
        self,
        ctx: Context,
        move: ActivationFrame,
        pid: str,
        reached: dict[int | str, bool] | None = None,
    ) -> bool:
        """Whether the actor may add ``pid`` to the group; ``reached`` remembers, for one
        listing, whether units of each movement allowance reach the target, and whether a
        land group at the origin has a region to step into."""
        definition = ctx.definition
        kind = definition.pieces[pid].type
        group = move.group
        at_sea = model.is_sea(definition, move.origin)
        fleet = any(definition.pieces[p].type == "ships" for p in group)
        land = any(definition.pieces[p].type not in ("ships", LEADER) for p in group)
        if kind == LEADER:
            return True
        if move.target is not None:
            if kind == "ships":
                return False
            team = definition.team_of(move.actor)
            mp = model.stat(definition, pid, "move")
            if reached is None:
                return reaches(ctx, team, move.origin, move.target, mp)
            if mp not in reached:
                reached[mp] = reaches(ctx, team, move.origin, move.target, mp)
            return reached[mp]
        if at_sea:
            if kind == "ships":
                return True
            ships = sum(1 for p in group if definition.pieces[p].type == "ships")
            cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
            return cargo < ships * int(ctx.param("fleet.capacity"))
        if kind == "ships":
            return not land
        if fleet:
            return False
        if reached is not None and "steps" in reached:
            return reached["steps"]
        team = definition.team_of(move.actor)
        steps = bool(land_steps(ctx, team, move.origin))
        if reached is not None:
            reached["steps"] = steps
        return steps

    def _select_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition = ctx.definition
        if model.is_sea(definition, move.origin):
            return self._select_at_sea(ctx, move)
        actions: list[Action] = []
        leaders: list[Action] = []
        by_kind: dict[str, int] = {}
        reached: dict[int | str, bool] = {}
        for pid in self._candidates(ctx, move):
            if not self._may_take(ctx, move, pid, reached):
                continue
            kind = definition.pieces[pid].type
            if kind == LEADER:
                leaders.append(Action("take", (pid,)))
            else:
                by_kind[kind] = by_kind.get(kind, 0) + 1
        units = [p for p in move.group if definition.pieces[p].type != LEADER]
        if units or by_kind:
            # A leader is no unit: he moves only with an army, never alone (HB 1.2.8).
            actions.extend(leaders)
        limit = self._cargo_room(ctx, move)
        for kind, available in by_kind.items():
            most = available if kind == "ships" or limit is None else min(available, limit)
            actions.extend(Action("take", (kind, n)) for n in range(1, most + 1))
        if units and self._may_march(ctx, move):
            actions.append(Action("march"))
        if not units and (not move.origin_free or move.origin_moved or not by_kind):
            # A region activated free must move a group, unless no unit is left to move
            # (a tribe's battle, HB 8.3, may have destroyed them all).
            actions.append(Action("done"))
        return actions

    def _may_march(self, ctx: Context, move: ActivationFrame) -> bool:
        definition = ctx.definition
        group = move.group
        if any(definition.pieces[p].type == "ships" for p in group):
            return self._fleet_fits(ctx, move)
        if model.is_sea(definition, move.origin):
            return False  # land units at sea move only aboard ships
        team = definition.team_of(move.actor)
        if move.target is not None:
            return True  # every unit taken can reach the target
        return bool(land_steps(ctx, team, move.origin))

    def _march_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition = ctx.definition
        team = definition.team_of(move.actor)
        at, mp, target = move.at, move.mp, move.target
        board = definition.board
        actions: list[Action] = []
        walled = self._walled(ctx, move)
        if walled is not None:
            # Units inside the walls with the enemy in the field: they sally out and fight,
            # or stay (HB 9.3; reference: a sortie).
            return [Action("halt"), Action("sortie")] if move.mp > 0 else [Action("halt")]
        if mp > 0:
            where = model.occupancy(ctx.state)
            for near in sorted(board.neighbours(at, LAND_EDGES)):
                if not model.enterable(ctx, team, near):
                    continue
                alps = "alps" in board.connection_kinds_between(at, near)
                aiming = target is not None and not move.continuing
                if (
                    aiming
                    and target is not None
                    and near != target
                    and (
                        alps
                        or not model.passable(ctx, team, near, where)
                        or not reaches(ctx, team, near, target, mp - 1, where)
                    )
                ):
                    continue
                actions.append(Action("step", (near,)))
        moved = len(move.path) > 1
        if (moved or move.continuing or self._spent_any(ctx, move)) and (
            target is None or move.continuing or at == target
        ):
            # Movement points are a most (HB 1.2): a group that has stepped, assaulted or
            # devastated may stop where it stands, a city it has just taken included.
            actions.append(Action("halt"))
        if moved and target is None and not move.continuing:
            counts = model.count_units(definition, move.group)
            for kind, n in counts.items():
                most = n - 1  # the group keeps at least one unit to move on
                actions.extend(Action("drop", (kind, k)) for k in range(1, most + 1))
            for pid in move.group:
                if definition.pieces[pid].type == LEADER:
                    actions.append(Action("drop", (pid,)))
        if target is None or move.continuing or at == target:
            actions.extend(self._city_actions(ctx, move))
        return actions

    def _spent_any(self, ctx: Context, move: ActivationFrame) -> bool:
        """Whether the group has used movement points where it stands (an assault, a
        devastation): fewer left than its slowest unit's allowance."""
        definition = ctx.definition
        allowances = [
            model.stat(definition, p, "move")
            for p in move.group
            if definition.pieces[p].type != LEADER
        ]
        return bool(allowances) and move.mp < min(allowances)

    def _walled(self, ctx: Context, move: ActivationFrame) -> str | None:
        """The city whose walls the group stands inside while the enemy holds the field."""
        state = ctx.state
        cities = {model.in_city(piece(state, p)) for p in move.group}
        if len(cities) != 1 or None in cities or len(move.path) > 1:
            return None
        team = ctx.definition.team_of(move.actor)
        if not model.enemy_field(ctx.definition, state, team, move.at):
            return None
        return next(iter(cities))

    def _city_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        """Besiege (HB 6.2) or assault (HB 6.1) an enemy city of the region, each for 1
        movement point and with infantry; go inside the walls of one of the player's own
        (HB VI); devastate the enemy's land (HB 12.1, advanced)."""
        definition, state = ctx.definition, ctx.state
        actor, at, mp = move.actor, move.at, move.mp
        team = definition.team_of(actor)
        if model.is_sea(definition, at):
            return []
        units = [p for p in move.group if definition.pieces[p].type != LEADER]
        infantry = [p for p in units if definition.pieces[p].type in INFANTRY]
        field_enemy = model.enemy_field(definition, state, team, at)
        actions: list[Action] = []
        for city in model.cities_in(definition, at):
            if field_enemy:
                break
            if sieges.enemy_city(ctx, team, city):
                if infantry and mp >= 1:
                    actions.append(Action("assault", (city,)))
                    if sieges.besiegeable(ctx, actor, city):
                        actions.append(Action("besiege", (city,)))
            elif (
                city not in model.records(state).sieges
                and units
                and model.room_in(definition, state, city) >= len(units)
                and any(model.in_city(piece(state, p)) != city for p in units)
            ):
                actions.append(Action("garrison", (city,)))
        if units and advanced.may_devastate(ctx, actor, at, move.group, mp):
            actions.append(Action("devastate"))
        return actions

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        move = ActivationFrame(frame)
        handler = getattr(self, f"_do_{move.phase}")
        handler(ctx, move, action)

    def _do_select(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        if action.kind == "take":
            self._take(ctx, move, action.args)
        elif action.kind == "march":
            self._start_moving(ctx, move)
        elif action.kind == "done":
            move.group = []
            self._origin_done(ctx, move)

    def _take(self, ctx: Context, move: ActivationFrame, args: tuple[Any, ...]) -> None:
        definition, state = ctx.definition, ctx.state
        if model.is_sea(definition, move.origin):
            move.group = definition.in_data_order(self._fleet_at_sea(ctx, move))
            return
        if len(args) == 1:
            move.group.append(str(args[0]))
            return
        kind, count = str(args[0]), int(args[1])
        chosen = [
            p
            for p in definition.in_data_order(self._candidates(ctx, move))
            if definition.pieces[p].type == kind
        ][:count]
        for pid in chosen:
            model.writable(state, pid).side = move.actor  # a common army follows its mover
        move.group.extend(chosen)

    def _start_moving(self, ctx: Context, move: ActivationFrame) -> None:
        definition = ctx.definition
        group = move.group
        move.at = move.origin
        move.path = [move.origin]
        if any(definition.pieces[p].type == "ships" for p in group):
            move.phase = "sail"
            move.mp = min(
                model.stat(definition, p, "move")
                for p in group
                if definition.pieces[p].type == "ships"
            )
            return
        move.phase = "march"
        move.mp = min(
            model.stat(definition, p, "move") for p in group if definition.pieces[p].type != LEADER
        )

    def _do_march(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        definition = ctx.definition
        kind = action.kind
        if kind == "step":
            to = str(action.args[0])
            alps = "alps" in definition.board.connection_kinds_between(move.at, to)
            move.mp -= 1
            for pid in move.group:
                move.spent[pid] = move.spent.get(pid, 0) + 1
                move.came_from[pid] = move.at
            self._move_group(ctx, move, to)
            if alps:
                self._cross_alps(ctx, move)
            stop = self._arrive(ctx, move, to)
            if alps or stop or not move.group:
                self._halt(ctx, move)
                return
            if move.mp == 0 or self._march_actions(ctx, move) in ([], [Action("halt")]):
                self._halt(ctx, move)  # nothing but stopping is left to choose
        elif kind == "drop":
            self._drop(ctx, move, action.args)
        elif kind == "halt":
            self._halt(ctx, move)
        elif kind == "besiege":
            self._spend(move, 1)
            sieges.besiege(ctx, move.actor, str(action.args[0]))
            self._halt(ctx, move)
        elif kind == "assault":
            self._spend(move, 1)
            move.resume = "assaulted"
            ctx.push("assault", side=move.actor, city=str(action.args[0]), group=list(move.group))
        elif kind == "garrison":
            city = str(action.args[0])
            for pid in move.group:
                model.set_city(model.writable(ctx.state, pid), city)
            ctx.log(
                f"{model.who(ctx, move.actor)} puts "
                f"{model.describe_units(definition, move.group)} inside the walls of {city}",
                rule="HB VI",
            )
            self._halt(ctx, move)
        elif kind == "sortie":
            walled = self._walled(ctx, move)
            for pid in move.group:
                model.set_city(model.writable(ctx.state, pid), None)
                move.came_from[pid] = str(walled)
            self._contact(move, move.at, None)
            ctx.log(
                f"{model.who(ctx, move.actor)} sallies out of {walled} against the enemy",
                rule="HB 9.3",
            )
            self._halt(ctx, move)
        elif kind == "devastate":
            move.mp -= advanced.devastation_cost(ctx, move.group)
            advanced.devastate(ctx, move.actor, move.at, move.group)
            if move.mp == 0 or self._march_actions(ctx, move) in ([], [Action("halt")]):
                self._halt(ctx, move)

    def _spend(self, move: ActivationFrame, mp: int) -> None:
        move.mp -= mp
        for pid in move.group:
            move.spent[pid] = move.spent.get(pid, 0) + mp

    def _ashore(self, ctx: Context, move: ActivationFrame, region: str) -> None:
        """HB 5.6: an enemy leader alone in the region dies as the cargo lands."""
        combat.isolated_leaders(ctx, region, ctx.definition.team_of(move.actor))

    def _moved(self, ctx: Context) -> None:
        """A siege ends the moment its besiegers leave, or no longer outnumber the defence
        (HB 6.1, 6.2): the city's card comes off the siege track then."""
        sieges.verify(ctx)

    def _contact(self, move: ActivationFrame, space: str, tribe: str | None) -> None:
        """An army stopped where it must fight; the battle comes when the activation's
        armies have all arrived (HB 4.2: armies entering together fight one battle)."""
        for contact in move.contacts:
            if contact["space"] == space:
                contact["tribe"] = contact["tribe"] or tribe
                return
        move.contacts.append({"space": space, "tribe": tribe})

    def _arrive(self, ctx: Context, move: ActivationFrame, space: str) -> bool:
        """The group has entered ``space``: aggression against a neutral state (HB VII), a
        tribe's attitude (HB 8.1, 8.2), the enemy in the field (HB 4.2). True when it must
        stop there to fight."""
        definition, state = ctx.definition, ctx.state
        actor = move.actor
        team = definition.team_of(actor)
        combat.isolated_leaders(ctx, space, team)  # HB 5.6: at once, not after the move
        neutral = model.neutral_land(ctx, space)
        if neutral is not None:
            politics.aggression(ctx, neutral, actor)
        tribe = None
        if (
            model.is_tribe(definition, space)
            and move.group
            and (
                gauls.hostile(ctx, space, team)
                or (gauls.must_test(ctx, space, team) and gauls.test(ctx, actor, space))
            )
        ):
            tribe = space
        enemy = model.enemy_field(definition, state, team, space)
        if tribe is None and not enemy:
            return False
        self._contact(move, space, tribe)
        return True

    def _drop(self, ctx: Context, move: ActivationFrame, args: tuple[Any, ...]) -> None:
        """HB 4.2: part of a moving army stops here and ends its move."""
        definition = ctx.definition
        if len(args) == 1:
            dropped = [str(args[0])]
        else:
            kind, count = str(args[0]), int(args[1])
            dropped = [
                p for p in definition.in_data_order(move.group) if definition.pieces[p].type == kind
            ][-count:]
        for pid in dropped:
            move.group.remove(pid)
        self._finish_pieces(ctx, dropped, move.actor)
        ctx.log(
            f"{model.who(ctx, move.actor)} leaves "
            f"{model.describe_units(definition, dropped)} in {move.at}",
            rule="HB 4.2",
        )

    def _cross_alps(self, ctx: Context, move: ActivationFrame) -> None:
        """HB 4.3: a d10 for every unit crossing the Alps; on 8 or more it dies."""
        definition = ctx.definition
        units = [
            p for p in definition.in_data_order(move.group) if definition.pieces[p].type != LEADER
        ]
        deadly = int(ctx.param("alps.deadly_roll"))
        rolls = ctx.roll(len(units), sides=10, what=f"crossing the Alps into {move.at} (HB 4.3)")
        dead = [pid for pid, roll in zip(units, rolls, strict=True) if roll >= deadly]
        for pid in dead:
            move.group.remove(pid)
            eliminate(ctx, pid)
        ctx.log(
            f"Crossing the Alps into {move.at}: rolls {rolls}; "
            f"{model.describe_units(definition, dead)} lost",
            rule="HB 4.3",
            rolls=rolls,
        )
        if not any(definition.pieces[p].type != LEADER for p in move.group):
            for leader in list(move.group):
                move.group.remove(leader)
                eliminate(ctx, leader)
                ctx.log(f"{leader} dies with his army in the Alps", rule="HB 4.3; A.23 #32")
        victory.check(ctx)

    def _halt(self, ctx: Context, move: ActivationFrame) -> None:
        """The group's move ends where it stands (HB 4.2): its counters are turned over,
        the move is recorded, and the players may answer it with effects (HB 1.3.1); then
        the next group, or the activation's battles."""
        definition = ctx.definition
        group = list(move.group)
        actor = move.actor
        self._finish_pieces(ctx, group, actor)
        origin, at = move.path[0] if move.path else move.origin, move.at
        distance = len(move.path) - 1
        sea = move.phase in ("sail", "board", "land")
        move.moves.append(
            {"side": actor, "from": origin, "to": at, "distance": distance, "sea": sea}
        )
        move.origin_moved = True
        move.group = []
        units = [p for p in group if definition.pieces[p].type != LEADER]
        if distance and group:
            ctx.log(
                f"{model.who(ctx, actor)} moves {model.describe_units(definition, group)}"
                f" from {origin} to {at}"
                + (f" ({distance} region{'s' if distance != 1 else ''})" if not sea else ""),
                rule="HB 4.4" if sea else ("HB 10.1" if move.continuing else "HB 4.2"),
                side=actor,
                path=move.path,
            )
        if move.continuing:
            move.continuing = False
            move.phase = "select"
            following = "wrap_up"
        else:
            move.phase = "select"
            following = "origin_done" if self._select_actions(ctx, move) == [Action("done")] else ""
        if units and not sea and distance:
            move.resume = following
            ctx.push(
                "effects",
                trigger=f"{model.who(ctx, actor)} moved an army from {origin} to {at}",
                move={"side": actor, "to": at, "distance": distance, "units": units},
            )
        elif following == "wrap_up":
            self._wrap_up(ctx, move)
        elif following == "origin_done":
            self._origin_done(ctx, move)

    # -- what comes after a pushed step ----------------------------------------------------------
    def resumed(self, ctx: Context, frame: Frame) -> None:
        move = ActivationFrame(frame)
        todo, move.resume = move.resume, ""
        if todo == "origin_done":
            self._origin_done(ctx, move)
        elif todo == "wrap_up":
            self._wrap_up(ctx, move)
        elif todo.startswith("battle:"):
            self._after_battle(ctx, move, todo.partition(":")[2])
        elif todo == "naval":
            self._after_naval(ctx, move)
        elif todo == "assaulted":
            self._after_assault(ctx, move)
        elif todo == "select" and not any(
            a.kind != "done" for a in self._select_actions(ctx, move)
        ):
            move.origin_moved = True  # the tribe's battle left nothing to move

    def _wrap_up(self, ctx: Context, move: ActivationFrame) -> None:
        """Every army of the action has arrived: the battles where they met the enemy
        (HB 4.2, one battle a region with every army that entered it), then armies that won
        or gathered may move on (HB 4.2, 10.1)."""
        politics.cityless_capitals(ctx)
        victory.check(ctx)
        while move.contacts:
            contact = move.contacts.pop(0)
            if self._fight(ctx, move, contact):
                return
        self._maybe_continue(ctx, move)

    def _fight(self, ctx: Context, move: ActivationFrame, contact: dict[str, Any]) -> bool:
        """Push the battle of one contact; False when there is nobody left to fight."""
        definition, state = ctx.definition, ctx.state
        space = contact["space"]
        team = definition.team_of(move.side)
        mine = [
            p
            for p in model.field_at(state, space)
            if definition.team_of(piece(state, p).side) == team
        ]
        if not any(definition.pieces[p].type != LEADER for p in mine):
            return False
        tribe = contact["tribe"]
        director = gauls.director(ctx, team) if tribe else None
        if not model.enemy_field(definition, state, team, space) and director is None:
            return False
        origins = {p: move.came_from[p] for p in mine if p in move.came_from}
        move.resume = f"battle:{space}"
        ctx.push(
            "battle",
            space=space,
            attackers=team,
            origins=origins,
            actor=move.side,
            tribe=tribe if director else None,
            director=director,
        )
        return True

    def _after_battle(self, ctx: Context, move: ActivationFrame, space: str) -> None:
        definition, state = ctx.definition, ctx.state
        team = definition.team_of(move.side)
        ours = [
            p
            for p in model.field_units(definition, state, space)
            if definition.team_of(piece(state, p).side) == team
        ]
        if ours and not model.enemy_field(definition, state, team, space):
            move.won.append(space)
        self._wrap_up(ctx, move)

    def _after_assault(self, ctx: Context, move: ActivationFrame) -> None:
        """The assault is over: the group's survivors may go on (another assault, a step)."""
        state = ctx.state
        move.group = [
            p for p in move.group if piece(state, p).on_map and piece(state, p).at == move.at
        ]
        units = [p for p in move.group if ctx.definition.pieces[p].type != LEADER]
        if not units or move.mp <= 0 or self._march_actions(ctx, move) == [Action("halt")]:
            self._halt(ctx, move)

    def _after_naval(self, ctx: Context, move: ActivationFrame) -> None:
        """The sea battle is over: a fleet that won sails on (HB 4.4); one that withdrew or
        sank ends its move."""
        state = ctx.state
        move.group = [p for p in move.group if piece(state, p).on_map]
        where = {piece(state, p).at for p in move.group}
        if not any(ctx.definition.pieces[p].type == "ships" for p in move.group):
            move.group = []
            self._halt(ctx, move)
        elif where != {move.at}:
            move.at = next(iter(where))
            move.path.append(move.at)
            self._halt(ctx, move)

    def _do_over(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        raise EngineError("the activation is over")
