"""A fleet's move (HB 4.4, 1.2.7): the sea steps of an activation.

A fleet in port puts to sea for free (``put_to_sea``), then ``sail``\\s zone by zone
(8 movement points), ``load``\\s units from a coastal region (1 point; the region is
activated and paid for), ``unload``\\s them into one (1 point; they count as moved), and
ends at sea (``halt``) or in a port of its nation (``in_port``; any cargo lands there,
1 point). A ship carries 2 land units and any number of leaders. At sea a player's fleet
moves whole; in port its ships may be split.
"""

from __future__ import annotations

from legatus import Action, Context, piece
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import LEADER, MOVED
from legatus.games.hannibal_barkas.movement import ActivationFrame, MoveSteps, may_pay, movable


class FleetMoves(MoveSteps):
    """The fleet's questions and answers of :class:`~legatus.games.hannibal_barkas.activation.Activation`."""

    def _fleet_at_sea(self, ctx: Context, move: ActivationFrame) -> list[str]:
        """At sea a player's fleet moves whole: his own ships, cargo and leaders there
        that have not moved (a fleet in port may be split)."""
        state = ctx.state
        actor = move.actor
        once = bool(ctx.param("leaders.move_once"))
        return [
            pid
            for pid in model.pieces_at(state, move.origin)
            if piece(state, pid).side == actor
            and not (
                MOVED in piece(state, pid).flags
                and (once or ctx.definition.pieces[pid].type != LEADER)
            )
        ]

    def _select_at_sea(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition = ctx.definition
        if move.group:
            return [Action("march")]
        fleet = self._fleet_at_sea(ctx, move)
        ships = [p for p in fleet if definition.pieces[p].type == "ships"]
        if ships:
            return [Action("take", ("ships", len(ships)))]
        return [Action("done")]

    def _cargo_room(self, ctx: Context, move: ActivationFrame) -> int | None:
        """At sea: how many more land units the ships taken can carry (None on land)."""
        definition = ctx.definition
        if not model.is_sea(definition, move.origin):
            return None
        group = move.group
        ships = sum(1 for p in group if definition.pieces[p].type == "ships")
        cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
        return max(0, ships * int(ctx.param("fleet.capacity")) - cargo)

    def _fleet_fits(self, ctx: Context, move: ActivationFrame) -> bool:
        """At sea, the ships leaving and those staying can each carry their cargo."""
        definition, state = ctx.definition, ctx.state
        origin = move.origin
        if not model.is_sea(definition, origin):
            return True
        capacity = int(ctx.param("fleet.capacity"))
        team = definition.team_of(move.actor)
        left = [
            p
            for p in model.pieces_at(state, origin)
            if p not in move.group and definition.team_of(piece(state, p).side) == team
        ]
        left_ships = sum(1 for p in left if definition.pieces[p].type == "ships")
        left_cargo = sum(1 for p in left if definition.pieces[p].type not in ("ships", LEADER))
        left_leaders = any(definition.pieces[p].type == LEADER for p in left)
        if left_cargo > left_ships * capacity or (left_leaders and not left_ships):
            return False
        group = move.group
        ships = sum(1 for p in group if definition.pieces[p].type == "ships")
        cargo = sum(1 for p in group if definition.pieces[p].type not in ("ships", LEADER))
        return cargo <= ships * capacity

    def _sail_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition, state = ctx.definition, ctx.state
        board = definition.board
        actor = move.actor
        team = definition.team_of(actor)
        at, mp = move.at, move.mp
        cargo = self._cargo(ctx, move)
        load_mp = int(ctx.param("fleet.load_mp"))
        unload_mp = int(ctx.param("fleet.unload_mp"))
        actions: list[Action] = [Action("halt")]
        if not model.is_sea(definition, at):  # in port
            for sea in sorted(board.neighbours(at, "coast")):
                if model.enterable(ctx, team, sea):
                    actions.append(Action("put_to_sea", (sea,)))
            if mp >= load_mp and self._loadable(ctx, move, at):
                actions.append(Action("load", (at,)))
            return actions
        if mp >= 1:
            for sea in sorted(board.neighbours(at, "sea")):
                if model.enterable(ctx, team, sea):
                    actions.append(Action("sail", (sea,)))
        for region in sorted(board.neighbours(at, "coast")):
            if mp >= load_mp and self._loadable(ctx, move, region):
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

    def _cargo(self, ctx: Context, move: ActivationFrame) -> list[str]:
        definition = ctx.definition
        return [p for p in move.group if definition.pieces[p].type not in ("ships", LEADER)]

    def _room(self, ctx: Context, move: ActivationFrame) -> int:
        definition = ctx.definition
        ships = sum(1 for p in move.group if definition.pieces[p].type == "ships")
        return ships * int(ctx.param("fleet.capacity")) - len(self._cargo(ctx, move))

    def _loadable(self, ctx: Context, move: ActivationFrame, region: str) -> bool:
        """Units the fleet may load from ``region``: room aboard, an unmoved unit the
        actor commands there, and the region paid for or payable (HB 4.4)."""
        actor = move.actor
        if self._room(ctx, move) <= 0:
            return False
        land = [
            p
            for p in movable(ctx, actor, region)
            if p not in move.group and model.unit_type(ctx.definition, p) != "ships"
        ]
        return bool(land) and may_pay(ctx, actor, region, move.paid)

    def _board_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition = ctx.definition
        room = self._room(ctx, move) - len(
            [p for p in move.picked if definition.pieces[p].type != LEADER]
        )
        counts: dict[str, int] = {}
        actions: list[Action] = [Action("done")]
        shore = move.landing_at()
        for pid in movable(ctx, move.actor, shore):
            kind = definition.pieces[pid].type
            if pid in move.group or pid in move.picked or kind == "ships":
                continue
            counts[kind] = counts.get(kind, 0) + 1
        for kind, n in counts.items():
            actions.extend(Action("take", (kind, k)) for k in range(1, min(n, room) + 1))
        once = bool(ctx.param("leaders.move_once"))
        for pid in model.leaders_of_at(definition, ctx.state, move.actor, shore):
            flags = piece(ctx.state, pid).flags
            fresh = not (once and MOVED in flags)
            if fresh and pid not in move.picked and pid not in move.group:
                actions.append(Action("take", (pid,)))
        return actions

    def _land_actions(self, ctx: Context, move: ActivationFrame) -> list[Action]:
        definition = ctx.definition
        actions: list[Action] = [Action("done")]
        counts: dict[str, int] = {}
        for pid in move.group:
            kind = definition.pieces[pid].type
            if pid in move.picked or kind == "ships":
                continue
            if kind == LEADER:
                actions.append(Action("take", (pid,)))
            else:
                counts[kind] = counts.get(kind, 0) + 1
        for kind, n in counts.items():
            actions.extend(Action("take", (kind, k)) for k in range(1, n + 1))
        return actions

    def _do_sail(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        definition = ctx.definition
        kind = action.kind
        if kind == "halt":
            self._end_fleet(ctx, move)
        elif kind == "put_to_sea":
            self._sail_to(ctx, move, str(action.args[0]))
        elif kind == "sail":
            move.mp -= 1
            self._sail_to(ctx, move, str(action.args[0]))
        elif kind == "load":
            region = str(action.args[0])
            move.mp -= int(ctx.param("fleet.load_mp"))
            self._pay(ctx, move, move.actor, region)  # free if activated already
            move.start(phase="board", shore=region, picked=[])
        elif kind == "unload":
            move.mp -= int(ctx.param("fleet.unload_mp"))
            move.start(phase="land", shore=str(action.args[0]), picked=[])
        elif kind == "in_port":
            region = str(action.args[0])
            cargo = self._cargo(ctx, move)
            leaders = [p for p in move.group if definition.pieces[p].type == LEADER]
            if cargo:
                move.mp -= int(ctx.param("fleet.unload_mp"))
            self._move_group(ctx, move, region)
            if cargo or leaders:
                ctx.log(
                    f"{model.describe_units(definition, cargo + leaders)} land in {region}",
                    rule="HB 4.4",
                )
            self._end_fleet(ctx, move)

    def _do_board(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        definition = ctx.definition
        if action.kind == "take":
            shore = move.landing_at()
            if len(action.args) == 1:
                move.picked.append(str(action.args[0]))
                return
            kind, count = str(action.args[0]), int(action.args[1])
            free = [
                p
                for p in definition.in_data_order(movable(ctx, move.actor, shore))
                if definition.pieces[p].type == kind and p not in move.picked
            ]
            move.picked.extend(free[:count])
            return
        picked = move.picked
        for pid in picked:
            model.writable(ctx.state, pid).side = move.actor
            model.writable(ctx.state, pid).at = move.at
            model.set_city(model.writable(ctx.state, pid), None)
        self._finish_pieces(ctx, picked, move.actor)
        move.group.extend(picked)
        ctx.log(
            f"{model.who(ctx, move.actor)} loads "
            f"{model.describe_units(definition, picked)} from {move.shore}",
            rule="HB 4.4",
        )
        self._moved(ctx)  # besiegers sailing away end their siege (HB 6.2)
        move.start(phase="sail", shore=None, picked=[])

    def _do_land(self, ctx: Context, move: ActivationFrame, action: Action) -> None:
        definition = ctx.definition
        if action.kind == "take":
            if len(action.args) == 1:
                move.picked.append(str(action.args[0]))
                return
            kind, count = str(action.args[0]), int(action.args[1])
            aboard = [
                p
                for p in definition.in_data_order(move.group)
                if definition.pieces[p].type == kind and p not in move.picked
            ]
            move.picked.extend(aboard[:count])
            return
        picked, shore = move.picked, move.landing_at()
        for pid in picked:
            move.group.remove(pid)
            model.writable(ctx.state, pid).at = shore
            model.set_city(model.writable(ctx.state, pid), None)
            move.came_from[pid] = move.at
        self._finish_pieces(ctx, picked, move.actor)
        ctx.log(
            f"{model.who(ctx, move.actor)} lands "
            f"{model.describe_units(definition, picked)} in {shore}",
            rule="HB 4.4",
        )
        move.start(phase="sail", shore=None, picked=[])
        self._landing(ctx, move, shore, picked)

    def _end_fleet(self, ctx: Context, move: ActivationFrame) -> None:
        """The fleet's move ends at sea or in port (HB 4.4); cargo landing in the field of a
        port's region meets any enemy leader standing alone there (HB 5.6)."""
        definition = ctx.definition
        if not model.is_sea(definition, move.at):
            aboard = [p for p in move.group if definition.pieces[p].type != "ships"]
            self._into_port(ctx, move, move.at, aboard)
            self._ashore(ctx, move, move.at)
        self._halt(ctx, move)

    def _sail_to(self, ctx: Context, move: ActivationFrame, zone_id: str) -> None:
        """The fleet enters a sea zone; enemy ships at sea there fight it at once (HB 4.4,
        5.10): the fleet attacks, and if it wins it may sail on."""
        definition, state = ctx.definition, ctx.state
        before = move.at
        self._move_group(ctx, move, zone_id)
        team = definition.team_of(move.actor)
        if model.enemy_field(definition, state, team, zone_id):
            move.resume = "naval"
            ctx.push(
                "battle",
                space=zone_id,
                attackers=team,
                origins=dict.fromkeys(move.group, before),
                actor=move.side,
            )

    def _landing(self, ctx: Context, move: ActivationFrame, shore: str, landed: list[str]) -> None:
        """Units landed where they must fight (the enemy in the field, a hostile tribe) fight
        when the activation's armies have all arrived; they cannot retreat onto the ships
        (HB 5.4)."""
        group, at = move.group, move.at
        move.group, move.at = list(landed), shore
        try:
            self._arrive(ctx, move, shore)
        finally:
            move.group, move.at = group, at

    def _into_port(
        self, ctx: Context, move: ActivationFrame, region: str, aboard: list[str]
    ) -> None:
        """A fleet entering its own port: with the enemy at the gates its cargo lands inside
        the walls, and empty ships entering a besieged city raise its defence (HB 6.2;
        :func:`model.into_port`)."""
        definition = ctx.definition
        ships = sum(1 for p in move.group if definition.pieces[p].type == "ships")
        model.into_port(ctx, definition.team_of(move.actor), region, ships, aboard)
