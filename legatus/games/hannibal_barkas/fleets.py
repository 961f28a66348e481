"""A fleet's move (HB 4.4, 1.2.7): the sea steps of an activation.

A fleet in port puts to sea for free (``put_to_sea``), then ``sail``\\s zone by zone
(8 movement points), ``load``\\s units from a coastal region (1 point; the region is
activated and paid for), ``unload``\\s them into one (1 point; they count as moved), and
ends at sea (``halt``) or in a port of its nation (``in_port``; any cargo lands there,
1 point). A ship carries 2 land units and any number of leaders. At sea a player's fleet
moves whole; in port its ships may be split.
"""

from __future__ import annotations

from legatus import Action, Context, Frame
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER, MOVED
from legatus.games.hannibal_barkas.movement import MoveSteps, may_pay, movable


class FleetMoves(MoveSteps):
    """The fleet's questions and answers of :class:`~legatus.games.hannibal_barkas.activation.Activation`."""

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
            if (
                ours
                and (not cargo or mp >= unload_mp)
                and model.port_takes(definition, state, team, region, len(cargo))
            ):
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

    def _do_sail(self, ctx: Context, frame: Frame, action: Action) -> None:
        definition = ctx.definition
        kind = action.kind
        if kind == "halt":
            self._end_fleet(ctx, frame)
        elif kind == "put_to_sea":
            self._sail_to(ctx, frame, str(action.args[0]))
        elif kind == "sail":
            frame["mp"] -= 1
            self._sail_to(ctx, frame, str(action.args[0]))
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
                for p in definition.in_data_order(movable(ctx, frame["actor"], shore))
                if definition.pieces[p].type == kind and p not in frame["picked"]
            ]
            frame["picked"].extend(free[:count])
            return
        picked = frame["picked"]
        for pid in picked:
            ctx.state["pieces"][pid]["side"] = frame["actor"]
            ctx.state["pieces"][pid]["at"] = frame["at"]
            model.set_city(ctx.state["pieces"][pid], None)
        self._finish_pieces(ctx, picked, frame["actor"])
        frame["group"].extend(picked)
        ctx.log(
            f"{model.who(ctx, frame['actor'])} loads "
            f"{model.describe_units(definition, picked)} from {frame['shore']}",
            rule="HB 4.4",
        )
        self._moved(ctx)  # besiegers sailing away end their siege (HB 6.2)
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
                for p in definition.in_data_order(frame["group"])
                if definition.pieces[p].type == kind and p not in frame["picked"]
            ]
            frame["picked"].extend(aboard[:count])
            return
        picked, shore = frame["picked"], frame["shore"]
        for pid in picked:
            frame["group"].remove(pid)
            ctx.state["pieces"][pid]["at"] = shore
            model.set_city(ctx.state["pieces"][pid], None)
            frame["came_from"][pid] = frame["at"]
        self._finish_pieces(ctx, picked, frame["actor"])
        ctx.log(
            f"{model.who(ctx, frame['actor'])} lands "
            f"{model.describe_units(definition, picked)} in {shore}",
            rule="HB 4.4",
        )
        frame.update(phase="sail", shore=None, picked=[])
        self._landing(ctx, frame, shore, picked)

    def _end_fleet(self, ctx: Context, frame: Frame) -> None:
        """The fleet's move ends at sea or in port (HB 4.4); cargo landing in the field of a
        port's region meets any enemy leader standing alone there (HB 5.6)."""
        definition = ctx.definition
        if not model.is_sea(definition, frame["at"]):
            aboard = [p for p in frame["group"] if definition.pieces[p].type != "ships"]
            self._into_port(ctx, frame, frame["at"], aboard)
            self._ashore(ctx, frame, frame["at"])
        self._halt(ctx, frame)

    def _sail_to(self, ctx: Context, frame: Frame, zone_id: str) -> None:
        """The fleet enters a sea zone; enemy ships at sea there fight it at once (HB 4.4,
        5.10): the fleet attacks, and if it wins it may sail on."""
        definition, state = ctx.definition, ctx.state
        before = frame["at"]
        self._move_group(ctx, frame, zone_id)
        team = definition.team_of(frame["actor"])
        if model.enemy_field(definition, state, team, zone_id):
            frame["resume"] = "naval"
            ctx.push(
                "battle",
                space=zone_id,
                attackers=team,
                origins=dict.fromkeys(frame["group"], before),
                actor=frame["side"],
            )

    def _landing(self, ctx: Context, frame: Frame, shore: str, landed: list[str]) -> None:
        """Units landed where they must fight (the enemy in the field, a hostile tribe) fight
        when the activation's armies have all arrived; they cannot retreat onto the ships
        (HB 5.4)."""
        group, at = frame["group"], frame["at"]
        frame["group"], frame["at"] = list(landed), shore
        try:
            self._arrive(ctx, frame, shore)
        finally:
            frame["group"], frame["at"] = group, at

    def _into_port(self, ctx: Context, frame: Frame, region: str, aboard: list[str]) -> None:
        """A fleet entering its own port: with the enemy at the gates its cargo lands inside
        the walls, and empty ships entering a besieged city raise its defence (HB 6.2;
        :func:`model.into_port`)."""
        definition = ctx.definition
        ships = sum(1 for p in frame["group"] if definition.pieces[p].type == "ships")
        model.into_port(ctx, definition.team_of(frame["actor"]), region, ships, aboard)
