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

from legatus import PUBLIC, Action, Context, EngineError, Frame, Prompt, declare, make_prompt
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
    eliminate,
    land_steps,
    movable,
    reaches,
)


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
        contacts=PUBLIC,
        came_from=PUBLIC,
        resume=PUBLIC,
        won=PUBLIC,
    )
    resumes = True

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
            contacts=[],
            came_from={},
            resume="",
            won=[],
        )
        self._open(ctx, frame, side, space)

    def _open(self, ctx: Context, frame: Frame, actor: str, space: str) -> None:
        """Activate ``space`` for ``actor`` and pay for it (HB 4.2); in a tribe's region the
        tribe tests its attitude to the army activated there (HB 8.2) and may fight it."""
        free = self._pay(ctx, frame, actor, space)
        frame.update(actor=actor, origin=space, origin_free=free, origin_moved=False)
        frame["phase"] = "select"
        frame["group"] = []
        team = ctx.definition.team_of(actor)
        in_field = [
            p for p in movable(ctx, actor, space) if model.in_city(ctx.state["pieces"][p]) is None
        ]
        if (
            gauls.must_test(ctx, space, team)
            and in_field
            and gauls.test(ctx, actor, space)
            and gauls.resist(ctx, actor, space, {})
        ):
            frame["resume"] = "select"

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

    def _may_take(
        self, ctx: Context, frame: Frame, pid: str, reached: dict[int, bool] | None = None
    ) -> bool:
        """Whether the actor may add ``pid`` to the group; ``reached`` remembers, for one
        listing, whether units of each movement allowance reach the target."""
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
            if reached is None:
                return reaches(ctx, team, frame["origin"], frame["target"], mp)
            if mp not in reached:
                reached[mp] = reaches(ctx, team, frame["origin"], frame["target"], mp)
            return reached[mp]
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
        leaders: list[Action] = []
        by_kind: dict[str, int] = {}
        reached: dict[int, bool] = {}
        for pid in self._candidates(ctx, frame):
            if not self._may_take(ctx, frame, pid, reached):
                continue
            kind = definition.pieces[pid].type
            if kind == LEADER:
                leaders.append(Action("take", (pid,)))
            else:
                by_kind[kind] = by_kind.get(kind, 0) + 1
        units = [p for p in frame["group"] if definition.pieces[p].type != LEADER]
        if units or by_kind:
            # A leader is no unit: he moves only with an army, never alone (HB 1.2.8).
            actions.extend(leaders)
        limit = self._cargo_room(ctx, frame)
        for kind, available in by_kind.items():
            most = available if kind == "ships" or limit is None else min(available, limit)
            actions.extend(Action("take", (kind, n)) for n in range(1, most + 1))
        if units and self._may_march(ctx, frame):
            actions.append(Action("march"))
        if not units and (not frame["origin_free"] or frame["origin_moved"] or not by_kind):
            # A region activated free must move a group, unless no unit is left to move
            # (a tribe's battle, HB 8.3, may have destroyed them all).
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
        walled = self._walled(ctx, frame)
        if walled is not None:
            # Units inside the walls with the enemy in the field: they sally out and fight,
            # or stay (HB 9.3; reference: a sortie).
            return [Action("halt"), Action("sortie")] if frame["mp"] > 0 else [Action("halt")]
        if mp > 0:
            where = model.occupancy(ctx.state)
            for near in sorted(board.neighbours(at, LAND_EDGES)):
                if not model.enterable(ctx, team, near):
                    continue
                alps = "alps" in board.connection_kinds_between(at, near)
                aiming = target is not None and not frame["continuing"]
                if (
                    aiming
                    and near != target
                    and (
                        alps
                        or not model.passable(ctx, team, near, where)
                        or not reaches(ctx, team, near, target, mp - 1, where)
                    )
                ):
                    continue
                actions.append(Action("step", (near,)))
        moved = len(frame["path"]) > 1
        if (moved or frame["continuing"] or self._spent_any(ctx, frame)) and (
            target is None or frame["continuing"] or at == target
        ):
            # Movement points are a most (HB 1.2): a group that has stepped, assaulted or
            # devastated may stop where it stands, a city it has just taken included.
            actions.append(Action("halt"))
        if moved and target is None and not frame["continuing"]:
            counts = model.count_units(definition, frame["group"])
            for kind, n in counts.items():
                most = n - 1  # the group keeps at least one unit to move on
                actions.extend(Action("drop", (kind, k)) for k in range(1, most + 1))
            for pid in frame["group"]:
                if definition.pieces[pid].type == LEADER:
                    actions.append(Action("drop", (pid,)))
        if target is None or frame["continuing"] or at == target:
            actions.extend(self._city_actions(ctx, frame))
        return actions

    def _spent_any(self, ctx: Context, frame: Frame) -> bool:
        """Whether the group has used movement points where it stands (an assault, a
        devastation): fewer left than its slowest unit's allowance."""
        definition = ctx.definition
        allowances = [
            model.stat(definition, p, "move")
            for p in frame["group"]
            if definition.pieces[p].type != LEADER
        ]
        return bool(allowances) and frame["mp"] < min(allowances)

    def _walled(self, ctx: Context, frame: Frame) -> str | None:
        """The city whose walls the group stands inside while the enemy holds the field."""
        state = ctx.state
        cities = {model.in_city(state["pieces"][p]) for p in frame["group"]}
        if len(cities) != 1 or None in cities or len(frame["path"]) > 1:
            return None
        team = ctx.definition.team_of(frame["actor"])
        if not model.enemy_field(ctx.definition, state, team, frame["at"]):
            return None
        return next(iter(cities))

    def _city_actions(self, ctx: Context, frame: Frame) -> list[Action]:
        """Besiege (HB 6.2) or assault (HB 6.1) an enemy city of the region, each for 1
        movement point and with infantry; go inside the walls of one of the player's own
        (HB VI); devastate the enemy's land (HB 12.1, advanced)."""
        definition, state = ctx.definition, ctx.state
        actor, at, mp = frame["actor"], frame["at"], frame["mp"]
        team = definition.team_of(actor)
        if model.is_sea(definition, at):
            return []
        units = [p for p in frame["group"] if definition.pieces[p].type != LEADER]
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
                city not in state["records"]["sieges"]
                and units
                and model.room_in(definition, state, city) >= len(units)
                and any(model.in_city(state["pieces"][p]) != city for p in units)
            ):
                actions.append(Action("garrison", (city,)))
        if units and advanced.may_devastate(ctx, actor, at, frame["group"], mp):
            actions.append(Action("devastate"))
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
            frame["group"] = definition.in_data_order(self._fleet_at_sea(ctx, frame))
            return
        if len(args) == 1:
            frame["group"].append(str(args[0]))
            return
        kind, count = str(args[0]), int(args[1])
        chosen = [
            p
            for p in definition.in_data_order(self._candidates(ctx, frame))
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
        kind = action.kind
        if kind == "step":
            to = str(action.args[0])
            alps = "alps" in definition.board.connection_kinds_between(frame["at"], to)
            frame["mp"] -= 1
            for pid in frame["group"]:
                frame["spent"][pid] = frame["spent"].get(pid, 0) + 1
                frame["came_from"][pid] = frame["at"]
            self._move_group(ctx, frame, to)
            if alps:
                self._cross_alps(ctx, frame)
            stop = self._arrive(ctx, frame, to)
            if alps or stop or not frame["group"]:
                self._halt(ctx, frame)
                return
            if frame["mp"] == 0 or self._march_actions(ctx, frame) in ([], [Action("halt")]):
                self._halt(ctx, frame)  # nothing but stopping is left to choose
        elif kind == "drop":
            self._drop(ctx, frame, action.args)
        elif kind == "halt":
            self._halt(ctx, frame)
        elif kind == "besiege":
            self._spend(frame, 1)
            sieges.besiege(ctx, frame["actor"], str(action.args[0]))
            self._halt(ctx, frame)
        elif kind == "assault":
            self._spend(frame, 1)
            frame["resume"] = "assaulted"
            ctx.push(
                "assault", side=frame["actor"], city=str(action.args[0]), group=list(frame["group"])
            )
        elif kind == "garrison":
            city = str(action.args[0])
            for pid in frame["group"]:
                model.set_city(ctx.state["pieces"][pid], city)
            ctx.log(
                f"{model.who(ctx, frame['actor'])} puts "
                f"{model.describe_units(definition, frame['group'])} inside the walls of {city}",
                rule="HB VI",
            )
            self._halt(ctx, frame)
        elif kind == "sortie":
            walled = self._walled(ctx, frame)
            for pid in frame["group"]:
                model.set_city(ctx.state["pieces"][pid], None)
                frame["came_from"][pid] = str(walled)
            self._contact(frame, frame["at"], None)
            ctx.log(
                f"{model.who(ctx, frame['actor'])} sallies out of {walled} against the enemy",
                rule="HB 9.3",
            )
            self._halt(ctx, frame)
        elif kind == "devastate":
            frame["mp"] -= advanced.devastation_cost(ctx, frame["group"])
            advanced.devastate(ctx, frame["actor"], frame["at"], frame["group"])
            if frame["mp"] == 0 or self._march_actions(ctx, frame) in ([], [Action("halt")]):
                self._halt(ctx, frame)

    def _spend(self, frame: Frame, mp: int) -> None:
        frame["mp"] -= mp
        for pid in frame["group"]:
            frame["spent"][pid] = frame["spent"].get(pid, 0) + mp

    def _ashore(self, ctx: Context, frame: Frame, region: str) -> None:
        """HB 5.6: an enemy leader alone in the region dies as the cargo lands."""
        combat.isolated_leaders(ctx, region, ctx.definition.team_of(frame["actor"]))

    def _moved(self, ctx: Context) -> None:
        """A siege ends the moment its besiegers leave, or no longer outnumber the defence
        (HB 6.1, 6.2): the city's card comes off the siege track then."""
        sieges.verify(ctx)

    def _contact(self, frame: Frame, space: str, tribe: str | None) -> None:
        """An army stopped where it must fight; the battle comes when the activation's
        armies have all arrived (HB 4.2: armies entering together fight one battle)."""
        for contact in frame["contacts"]:
            if contact["space"] == space:
                contact["tribe"] = contact["tribe"] or tribe
                return
        frame["contacts"].append({"space": space, "tribe": tribe})

    def _arrive(self, ctx: Context, frame: Frame, space: str) -> bool:
        """The group has entered ``space``: aggression against a neutral state (HB VII), a
        tribe's attitude (HB 8.1, 8.2), the enemy in the field (HB 4.2). True when it must
        stop there to fight."""
        definition, state = ctx.definition, ctx.state
        actor = frame["actor"]
        team = definition.team_of(actor)
        combat.isolated_leaders(ctx, space, team)  # HB 5.6: at once, not after the move
        neutral = model.neutral_land(ctx, space)
        if neutral is not None:
            politics.aggression(ctx, neutral, actor)
        tribe = None
        if (
            model.is_tribe(definition, space)
            and frame["group"]
            and (
                gauls.hostile(ctx, space, team)
                or (gauls.must_test(ctx, space, team) and gauls.test(ctx, actor, space))
            )
        ):
            tribe = space
        enemy = model.enemy_field(definition, state, team, space)
        if tribe is None and not enemy:
            return False
        self._contact(frame, space, tribe)
        return True

    def _drop(self, ctx: Context, frame: Frame, args: tuple[Any, ...]) -> None:
        """HB 4.2: part of a moving army stops here and ends its move."""
        definition = ctx.definition
        if len(args) == 1:
            dropped = [str(args[0])]
        else:
            kind, count = str(args[0]), int(args[1])
            dropped = [
                p
                for p in definition.in_data_order(frame["group"])
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
            for p in definition.in_data_order(frame["group"])
            if definition.pieces[p].type != LEADER
        ]
        deadly = int(ctx.param("alps.deadly_roll"))
        rolls = ctx.roll(
            len(units), sides=10, what=f"crossing the Alps into {frame['at']} (HB 4.3)"
        )
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
        victory.check(ctx)

    def _halt(self, ctx: Context, frame: Frame) -> None:
        """The group's move ends where it stands (HB 4.2): its counters are turned over,
        the move is recorded, and the players may answer it with effects (HB 1.3.1); then
        the next group, or the activation's battles."""
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
        if distance and group:
            ctx.log(
                f"{model.who(ctx, actor)} moves {model.describe_units(definition, group)}"
                f" from {origin} to {at}"
                + (f" ({distance} region{'s' if distance != 1 else ''})" if not sea else ""),
                rule="HB 4.4" if sea else ("HB 10.1" if frame["continuing"] else "HB 4.2"),
                side=actor,
                path=frame["path"],
            )
        if frame["continuing"]:
            frame["continuing"] = False
            frame["phase"] = "select"
            following = "wrap_up"
        else:
            frame["phase"] = "select"
            following = (
                "origin_done" if self._select_actions(ctx, frame) == [Action("done")] else ""
            )
        if units and not sea and distance:
            frame["resume"] = following
            ctx.push(
                "effects",
                trigger=f"{model.who(ctx, actor)} moved an army from {origin} to {at}",
                move={"side": actor, "to": at, "distance": distance, "units": units},
            )
        elif following == "wrap_up":
            self._wrap_up(ctx, frame)
        elif following == "origin_done":
            self._origin_done(ctx, frame)

    # -- what comes after a pushed step ----------------------------------------------------------
    def resumed(self, ctx: Context, frame: Frame) -> None:
        todo, frame["resume"] = frame["resume"], ""
        if todo == "origin_done":
            self._origin_done(ctx, frame)
        elif todo == "wrap_up":
            self._wrap_up(ctx, frame)
        elif todo.startswith("battle:"):
            self._after_battle(ctx, frame, todo.partition(":")[2])
        elif todo == "naval":
            self._after_naval(ctx, frame)
        elif todo == "assaulted":
            self._after_assault(ctx, frame)
        elif todo == "select" and not any(
            a.kind != "done" for a in self._select_actions(ctx, frame)
        ):
            frame["origin_moved"] = True  # the tribe's battle left nothing to move

    def _wrap_up(self, ctx: Context, frame: Frame) -> None:
        """Every army of the action has arrived: the battles where they met the enemy
        (HB 4.2, one battle a region with every army that entered it), then armies that won
        or gathered may move on (HB 4.2, 10.1)."""
        politics.cityless_capitals(ctx)
        victory.check(ctx)
        while frame["contacts"]:
            contact = frame["contacts"].pop(0)
            if self._fight(ctx, frame, contact):
                return
        self._maybe_continue(ctx, frame)

    def _fight(self, ctx: Context, frame: Frame, contact: dict[str, Any]) -> bool:
        """Push the battle of one contact; False when there is nobody left to fight."""
        definition, state = ctx.definition, ctx.state
        space = contact["space"]
        team = definition.team_of(frame["side"])
        mine = [
            p
            for p in model.field_at(state, space)
            if definition.team_of(state["pieces"][p]["side"]) == team
        ]
        if not any(definition.pieces[p].type != LEADER for p in mine):
            return False
        tribe = contact["tribe"]
        director = gauls.director(ctx, team) if tribe else None
        if not model.enemy_field(definition, state, team, space) and director is None:
            return False
        origins = {p: frame["came_from"][p] for p in mine if p in frame["came_from"]}
        frame["resume"] = f"battle:{space}"
        ctx.push(
            "battle",
            space=space,
            attackers=team,
            origins=origins,
            actor=frame["side"],
            tribe=tribe if director else None,
            director=director,
        )
        return True

    def _after_battle(self, ctx: Context, frame: Frame, space: str) -> None:
        definition, state = ctx.definition, ctx.state
        team = definition.team_of(frame["side"])
        ours = [
            p
            for p in model.field_units(definition, state, space)
            if definition.team_of(state["pieces"][p]["side"]) == team
        ]
        if ours and not model.enemy_field(definition, state, team, space):
            frame["won"].append(space)
        self._wrap_up(ctx, frame)

    def _after_assault(self, ctx: Context, frame: Frame) -> None:
        """The assault is over: the group's survivors may go on (another assault, a step)."""
        state = ctx.state
        frame["group"] = [
            p
            for p in frame["group"]
            if model.on_board(state["pieces"][p]) and state["pieces"][p]["at"] == frame["at"]
        ]
        units = [p for p in frame["group"] if ctx.definition.pieces[p].type != LEADER]
        if not units or frame["mp"] <= 0 or self._march_actions(ctx, frame) == [Action("halt")]:
            self._halt(ctx, frame)

    def _after_naval(self, ctx: Context, frame: Frame) -> None:
        """The sea battle is over: a fleet that won sails on (HB 4.4); one that withdrew or
        sank ends its move."""
        state = ctx.state
        frame["group"] = [p for p in frame["group"] if model.on_board(state["pieces"][p])]
        where = {state["pieces"][p]["at"] for p in frame["group"]}
        if not any(ctx.definition.pieces[p].type == "ships" for p in frame["group"]):
            frame["group"] = []
            self._halt(ctx, frame)
        elif where != {frame["at"]}:
            frame["at"] = next(iter(where))
            frame["path"].append(frame["at"])
            self._halt(ctx, frame)

    def _do_over(self, ctx: Context, frame: Frame, action: Action) -> None:
        raise EngineError("the activation is over")
