"""Phases E and F (3.0, 5.3-5.4): squadrons activate in turn; each ship moves, then fires,
grapples or cuts sails; then the squadron boards.

Decisions stay small: a squadron, then one ship at a time (its announced
speed, then one movement point's action at a time, then its combat
actions), then the boarding attempts one target at a time.
"""

from __future__ import annotations

from typing import TypedDict

from legatus import (
    OFF_MAP,
    PIECES,
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
from legatus.games.gbojc_naval import combat, fleet, movement

#: Table 5.32's result that leaves a ship free (the other restricts it).
MOVES_NORMALLY = "Okręt porusza się normalnie."
#: Table 5.54's result that forbids the transfer.
NO_TRANSFER = "Transfer niedozwolony."


class ActivationArgs(TypedDict):
    individual: bool  # phase F: the squadrons are the individual ships (5.31)


class Activations(FrameView):
    args = Slot[ActivationArgs](PUBLIC)
    done = Slot[list[str]](PIECES)  # the squadrons (or ships) activated
    next = Slot[str](PIECES)  # the side to activate next


class ActivateSquadrons(Procedure):
    """5.41 (phase E) and 5.31 (phase F): the players alternate, starting with the one who
    went first (3.2), each activating one squadron; a player with none left lets the other
    activate the rest one by one. In phase F the squadrons are the individual ships."""

    fields = Activations.declaration()

    rule = "GBoJC 5.41"

    def start(self, ctx: Context, frame: Frame) -> None:
        turn = Activations(frame)
        # A position that starts here with no initiative decided: the first side listed.
        turn.next = fleet.records(ctx.state).first or ctx.definition.side_ids[0]
        turn.done = []

    def _units(self, ctx: Context, turn: Activations, side: str) -> list[str]:
        state = ctx.state
        records = fleet.records(state)
        if turn.args["individual"]:
            return [
                s
                for s in records.individual
                if s not in turn.done
                and piece(state, s).at not in OFF_MAP
                and piece(state, s).side == side
            ]
        return [
            c
            for c, ships in records.squadrons.items()
            if c not in turn.done
            and piece(state, c).side == side
            and piece(state, c).at not in OFF_MAP
            and self._members(ctx, side, ships)
        ]

    def _members(self, ctx: Context, side: str, ships: list[str]) -> list[str]:
        state = ctx.state
        return [
            s for s in ships if piece(state, s).at not in OFF_MAP and piece(state, s).side == side
        ]

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        turn = Activations(frame)
        side = turn.next
        units = self._units(ctx, turn, side)
        if not units:
            side = ctx.definition.opponent(side)
            units = self._units(ctx, turn, side)
            if not units:
                return None
            turn.next = side
        what = "an individual ship" if turn.args["individual"] else "a squadron"
        actions = [Action("activate", (u,)) for u in units]
        return make_prompt(side, "activate", f"activate {what}", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        turn = Activations(frame)
        unit = str(action.args[0])
        side = turn.next
        turn.done.append(unit)
        turn.next = ctx.definition.opponent(side)
        individual = bool(turn.args["individual"])
        if individual:
            ships = [unit]
        else:
            ships = self._members(ctx, side, fleet.records(ctx.state).squadrons[unit])
        ctx.log(f"{side} activates {unit}")
        leader = "" if individual else unit
        ctx.push("squadron_turn", side=side, ships=ships, individual=individual, leader=leader)


class SquadronArgs(TypedDict):
    side: str
    ships: list[str]
    individual: bool
    leader: str  # the squadron's commander ("" for an individual ship)


class SquadronFrame(FrameView):
    args = Slot[SquadronArgs](PIECES)
    boarding = Slot[bool](PIECES)  # the boarding segment has begun
    pending = Slot[list[str]](PIECES)  # the ships still to move
    restricted = Slot[bool](PIECES)  # table 5.32's crew check restricted the ship
    closed = Slot[bool](PUBLIC, default=False)  # the player ended the boarding segment


class SquadronTurn(Procedure):
    """One activation (3.0 E/1-E/2): the movement segment ship by ship, then the boarding
    segment. An individual ship first takes the crew check of table 5.32."""

    fields = SquadronFrame.declaration()

    rule = "GBoJC 5.4"

    def start(self, ctx: Context, frame: Frame) -> None:
        turn = SquadronFrame(frame)
        args = turn.args
        turn.pending = sorted(args["ships"])
        turn.boarding = False
        turn.restricted = False
        if args["individual"]:
            ship = args["ships"][0]
            crew = fleet.crew(ctx.definition, ctx.state, ship)
            result = ctx.roll_on("individual_squadron", crew=crew)
            turn.restricted = result.cell.text != MOVES_NORMALLY
            ctx.log(
                f"{ship} crew check: roll {result.roll} against C{crew} -> "
                + ("restricted" if turn.restricted else "moves normally")
            )
            ctx.fired("GBoJC 5.32")

    def _active(self, ctx: Context, turn: SquadronFrame) -> list[str]:
        state = ctx.state
        side = turn.args["side"]
        return [
            s
            for s in turn.args["ships"]
            if piece(state, s).at not in OFF_MAP and piece(state, s).side == side
        ]

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        turn = SquadronFrame(frame)
        side = turn.args["side"]
        active = self._active(ctx, turn)
        if not turn.boarding:
            pending = [s for s in turn.pending if s in active]
            turn.pending = pending
            if pending:
                actions = [Action("act", (s,)) for s in pending]
                actions.append(Action("end_moves"))
                actions += transfer_actions(ctx, side)
                return make_prompt(side, "ship", "choose a ship to move", actions)
            turn.boarding = True
        actions = [] if turn.closed else boarding_actions(ctx, active)
        if not actions:
            leader = turn.args["leader"]
            restore_commanders(ctx, [leader] if leader else [])
            return None
        actions.append(Action("end_boarding"))
        return make_prompt(side, "board", "boarding segment: board a grappled ship", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        turn = SquadronFrame(frame)
        if action.kind == "end_moves":
            for ship in turn.pending:
                unmoved_fatigue(ctx, ship)
            turn.pending = []
            turn.boarding = True
        elif action.kind == "transfer":
            transfer(ctx, str(action.args[0]), str(action.args[1]))
        elif action.kind == "act":
            ship = str(action.args[0])
            turn.pending.remove(ship)
            ctx.push(
                "ship_move",
                ship=ship,
                restricted=turn.restricted,
                phase="F" if turn.args["individual"] else "E",
            )
        elif action.kind == "end_boarding":
            turn.closed = True
        elif action.kind == "board":
            target = str(action.args[0])
            attackers = boarding_options(ctx, self._active(ctx, turn))[target]
            combat.board(ctx, [(s, combat.marines_left(ctx, s)) for s in attackers], target)
        else:
            target, ship, part = str(action.args[0]), str(action.args[1]), int(action.args[2])
            combat.board(ctx, [(ship, part)], target)


def fatigue_test(ctx: Context, ship: str, spent: int) -> None:
    """6.42-6.43: 1d6 plus the points spent over cruise speed, on the ship's C# column of the
    fatigue table; "Z#" marks the galley Fatigued-# (its counter goes to cruise speed in the
    next speed phase, 6.12; this turn it is still a galley at maximum speed, 8.11), and
    records it in the turn's ``fatigued`` so that this turn's status phase leaves the new
    marker alone (6.43-6.45, ``phases.recover_fatigue``)."""
    d, state = ctx.definition, ctx.state
    over = max(0, spent - int(d.pieces[ship].stats["cruise"]))
    result = ctx.roll_on("fatigue", column=fleet.crew(d, state, ship), mp_over_cruise=over)
    text = result.cell.text
    ctx.log(f"{ship} fatigue test: roll {result.roll}+{over} -> {text}")
    if text.startswith("Z"):
        fleet.set_attr(state, ship, "fatigue", int(text[1:]))
        fleet.mark(state, "fatigued", ship)


def unmoved_fatigue(ctx: Context, ship: str) -> None:
    """6.14: a galley that begins the movement segment at maximum speed tests fatigue
    whatever the points it uses, so also when its player moves it not at all."""
    d, state = ctx.definition, ctx.state
    if fleet.is_galley(d, ship) and fleet.attr(state, ship, "speed", "cruise") == "max":
        fatigue_test(ctx, ship, 0)


def transfer_targets(ctx: Context, commander: str) -> list[str]:
    """5.51: the nearest friendly ships (captured ones too) the commander's boat can reach by
    hexes free of enemy ships, not grappled by an enemy: a search ring by ring from the
    command ship that stops at the first ring with such a ship."""
    d, state = ctx.definition, ctx.state
    ship = fleet.attr(state, commander, "ship", None)
    if ship is None:
        return []
    side = piece(state, commander).side
    grid = fleet.grid(d)
    taken = fleet.occupancy(d, state)
    seen = set(fleet.hexes(d, state, ship))
    ring = list(seen)
    while ring:
        found: set[str] = set()
        after: list[str] = []
        for here in ring:
            for there in grid.adjacent(here):
                if there in seen:
                    continue
                seen.add(there)
                holder = taken.get(there)
                if holder is None:
                    after.append(there)
                elif piece(state, holder).side == side:
                    if not fleet.grappled_by_enemy(state, holder):
                        found.add(holder)
                    after.append(there)
        if found:
            return sorted(found)
        ring = after
    return []


def transfer_actions(ctx: Context, side: str) -> list[Action]:
    """5.51: once a turn per commander, during its side's activations."""
    tried = fleet.turn_list(ctx.state, "transfer_tried")
    return [
        Action("transfer", (c, s))
        for c in fleet.commanders(ctx.definition, ctx.state, side)
        if c not in tried
        for s in transfer_targets(ctx, c)
    ]


def transfer(ctx: Context, commander: str, ship: str) -> None:
    """5.52, 5.54: roll 1d6 on the commander transfer table. Allowed: the commander moves to
    the ship on its reduced side and a galley receiving it turns to cruise speed (and stays
    there until the commander's counter turns back, at the end of its squadron's next
    activation in a later turn)."""
    state = ctx.state
    fleet.mark(state, "transfer_tried", commander)
    result = ctx.roll_on("command_transfer")
    if result.cell.text == NO_TRANSFER:
        ctx.log(f"{commander} cannot transfer to {ship} (roll {result.roll})")
        return
    fleet.set_attr(state, commander, "ship", ship)
    fleet.set_attr(state, commander, "transferred", True)
    fleet.set_attr(state, commander, "transferred_turn", int(state["vars"].get("turn", 0)))
    piece(state, commander).strength = 1
    piece(state, commander).at = piece(state, ship).at
    if fleet.is_galley(ctx.definition, ship):
        fleet.set_attr(state, ship, "speed", "cruise")
    ctx.log(f"{commander} transfers to {ship} (roll {result.roll}), reduced side up")


def restore_commanders(ctx: Context, commanders: list[str]) -> None:
    """5.52: a transferred commander's counter turns back at the end of the first activation
    in which it could use its normal side: its squadron's activation in a later turn. A
    commander killed (5.53) stays reduced."""
    state = ctx.state
    turn = int(state["vars"].get("turn", 0))
    for commander in commanders:
        if not fleet.attr(state, commander, "transferred", False):
            continue
        if fleet.attr(state, commander, "killed", False):
            continue
        if int(fleet.attr(state, commander, "transferred_turn")) < turn:
            fleet.set_attr(state, commander, "transferred", False)
            piece(state, commander).strength = 2
            ctx.log(f"{commander} turns back to its front side")


def boarding_options(ctx: Context, active: list[str]) -> dict[str, list[str]]:
    """8.21-8.22, 8.27: each enemy ship grappled to active ships that still have marines to
    send (M1 at least) and have not been repelled by it this turn, with those ships."""
    state = ctx.state
    repelled = {(a, t) for a, t in fleet.turn_list(state, "repelled_by")}
    options: dict[str, list[str]] = {}
    for ship in active:
        if combat.marines_left(ctx, ship) < 1:
            continue
        side = piece(state, ship).side
        for target in fleet.grappled_to(state, ship):
            if piece(state, target).side == side or (ship, target) in repelled:
                continue
            options.setdefault(target, []).append(ship)
    return options


def boarding_actions(ctx: Context, active: list[str]) -> list[Action]:
    """``board(T)``: every ship able to board T goes with all its marines left (8.22, first
    case); ``board_with(T, S, m)``: ship S alone sends m of its marines, keeping the rest for
    another grappled enemy (8.22, second case; each part at least M1)."""
    actions = []
    for target, ships in boarding_options(ctx, active).items():
        actions.append(Action("board", (target,)))
        for ship in ships:
            for part in range(1, combat.marines_left(ctx, ship) + 1):
                actions.append(Action("board_with", (target, ship, part)))
    return actions


class ShipMoveArgs(TypedDict):
    ship: str
    restricted: bool
    phase: str  # "E" (squadrons) or "F" (individual ships)


class ShipMoveFrame(FrameView):
    args = Slot[ShipMoveArgs](PIECES)
    stage = Slot[str](PUBLIC)  # grappled, announce, move or combat
    limit = Slot[int](PUBLIC)  # the most movement points it may announce
    mp = Slot[int](PUBLIC)  # the movement points announced
    spent = Slot[int](PUBLIC)
    moved = Slot[dict[str, bool]](PUBLIC)  # the kinds of step taken (6.3)
    started_max = Slot[bool](PUBLIC, default=False)  # a galley at maximum speed (6.42)
    started_near = Slot[bool](PUBLIC)  # began next to an enemy (5.31)
    fired = Slot[bool](PIECES)
    fire_left = Slot["int | None"](PUBLIC, default=None)  # marines left to fire (8.43)
    fired_at = Slot[list[str]](PIECES, default=[])
    over = Slot[bool](PUBLIC, default=False)  # the player is done with the ship


class ShipMove(Procedure):
    """One ship's part of the movement segment (3.0 E/1).

    Stages: ``grappled`` (8.31: try to ungrapple, or stay), ``announce``
    (6.13, 6.22: announce the movement points, all to be spent), ``move``
    (6.32-6.35, one action per step; 6.5: a ship blocked ahead may stop),
    then the fatigue test of a galley that began at maximum speed (6.42),
    then ``combat`` (8.4 fire once, 8.1 grapple or 7.1 cut sails once).
    """

    fields = ShipMoveFrame.declaration()

    rule = "GBoJC 6.3"

    def start(self, ctx: Context, frame: Frame) -> None:
        move = ShipMoveFrame(frame)
        d, state = ctx.definition, ctx.state
        ship = move.args["ship"]
        if move.args["restricted"] and fleet.is_galley(d, ship):
            fleet.set_attr(state, ship, "speed", "cruise")
        move.started_max = (
            fleet.is_galley(d, ship) and fleet.attr(state, ship, "speed", "cruise") == "max"
        )
        move.started_near = bool(fleet.enemies_adjacent(d, state, ship))
        move.moved = {}
        move.mp = 0
        move.spent = 0
        move.fired = False
        move.limit = movement.speed_limit(ctx, ship)
        if move.args["restricted"] and ctx.param("individual.text_limits"):
            # 5.31's text: half cruise speed, rounded up; no movement at all for a ship
            # that began next to an enemy (it may still grapple, board and fire)
            if move.started_near:
                move.limit = 0
            elif fleet.is_galley(d, ship):
                half = (int(d.pieces[ship].stats["cruise"]) + 1) // 2
                move.limit = min(move.limit, half)
        move.stage = "grappled" if fleet.grappled_to(state, ship) else "announce"

    # -- asking ----------------------------------------------------------------------
    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        move = ShipMoveFrame(frame)
        ship = move.args["ship"]
        state = ctx.state
        if move.over or piece(state, ship).at in OFF_MAP:
            return None
        side = piece(state, ship).side
        stage = move.stage
        if stage == "grappled":
            actions = [Action("ungrapple"), Action("stay_grappled")]
            return make_prompt(side, "ungrapple", f"{ship} is grappled", actions)
        if stage == "announce":
            limit = int(move.limit)
            if limit <= 0:
                move.stage = "combat"
                return self.prompt(ctx, move.data)
            actions = [Action("speed", (n,)) for n in range(limit + 1)]
            return make_prompt(side, "speed", f"{ship}: announce its movement points", actions)
        if stage == "move":
            options = self._moves(ctx, move)
            if options is None:
                self._end_movement(ctx, move)
                return self.prompt(ctx, move.data)
            return make_prompt(
                side,
                "move",
                f"{ship}: {move.mp - move.spent} movement point(s) left",
                options,
            )
        actions = self._combat_actions(ctx, move)
        if not actions:
            return None
        actions.append(Action("done"))
        return make_prompt(side, "combat", f"{ship}: fire, grapple or cut sails", actions)

    def _moves(self, ctx: Context, move: ShipMoveFrame) -> list[Action] | None:
        left = move.mp - move.spent
        if left <= 0:
            return None
        ship = move.args["ship"]
        found, blocked = movement.steps(ctx, ship, left, move.moved)
        if move.args["restricted"] and not move.started_near:
            found = [s for s in found if not movement.near_enemy(ctx, ship, s.bow, s.facing)]
        actions = [s.action for s in found]
        if blocked or not actions:
            actions.append(Action("stop"))
        if not move.fired and combat.may_fire(ctx, ship):
            # 8.41: a ship may fire while it moves (with its whole M#: only fire at the end
            # of the move may be split, 8.43)
            actions += self._fire_actions(ctx, ship, split=False, left=None, done=[])
        return actions

    def _fire_actions(
        self, ctx: Context, ship: str, split: bool, left: int | None, done: list[str]
    ) -> list[Action]:
        """8.41-8.43, 8.51: fire at each target in range; at the end of the move the M# may
        be divided among several targets (``fire_part``, each part at least 1); incendiary
        fire takes the whole M#."""
        whole = fleet.marines(ctx.definition, ctx.state, ship) if left is None else left
        actions: list[Action] = []
        for target in combat.fire_targets(ctx, ship, False):
            if target in done:
                continue
            actions.append(Action("fire", (target,)))
            if split:
                actions += [Action("fire_part", (target, m)) for m in range(1, whole)]
        if left is None and combat.may_fire_incendiary(ctx, ship):
            actions += [
                Action("fire_incendiary", (t,)) for t in combat.fire_targets(ctx, ship, True)
            ]
        return actions

    def _combat_actions(self, ctx: Context, move: ShipMoveFrame) -> list[Action]:
        ship = move.args["ship"]
        actions: list[Action] = []
        if not move.fired and combat.may_fire(ctx, ship):
            actions += self._fire_actions(
                ctx, ship, split=True, left=move.fire_left, done=move.fired_at
            )
        if combat.may_grapple(ctx, ship):
            actions += [Action("grapple", (t,)) for t in combat.grapple_targets(ctx, ship)]
            actions += [Action("cut_sails", (t,)) for t in combat.cut_sails_targets(ctx, ship)]
        return actions

    # -- answering -------------------------------------------------------------------
    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        move = ShipMoveFrame(frame)
        ship = move.args["ship"]
        kind = action.kind
        if kind == "ungrapple":
            if combat.try_ungrapple(ctx, ship):
                cost = int(ctx.param("ungrapple.cost"))
                move.limit = max(0, int(move.limit) - cost)
                move.stage = "announce"
            else:
                move.stage = "combat"
        elif kind == "stay_grappled":
            move.stage = "combat"
        elif kind == "speed":
            move.mp = int(action.args[0])
            move.stage = "move"
            ctx.log(f"{ship} announces {move.mp} movement point(s)")
        elif kind == "stop":
            ctx.log(f"{ship} stops, blocked ahead (6.5)")
            self._end_movement(ctx, move)
        elif kind in ("fire", "fire_incendiary", "fire_part") and move.stage == "move":
            self._combat(ctx, move, action)
        elif kind in ("row", "sail", "back", "pivot", "about"):
            self._step(ctx, move, action)
        elif kind == "done":
            move.over = True
        else:
            self._combat(ctx, move, action)

    def _step(self, ctx: Context, move: ShipMoveFrame, action: Action) -> None:
        ship = move.args["ship"]
        left = move.mp - move.spent
        found, _ = movement.steps(ctx, ship, left, move.moved)
        step = next(s for s in found if s.action == action)
        movement.place(ctx, ship, step.bow, step.facing)
        move.spent += step.cost
        move.moved[step.kind] = True
        if move.spent >= move.mp:
            self._end_movement(ctx, move)

    def _end_movement(self, ctx: Context, move: ShipMoveFrame) -> None:
        """6.42: a galley that began the segment at maximum speed tests fatigue now."""
        move.stage = "combat"
        ship = move.args["ship"]
        started_max = move.started_max
        del move.started_max
        if not started_max:
            return
        fatigue_test(ctx, ship, int(move.spent))

    def _combat(self, ctx: Context, move: ShipMoveFrame, action: Action) -> None:
        ship = move.args["ship"]
        target = str(action.args[0])
        if action.kind in ("fire", "fire_incendiary", "fire_part"):
            left = move.fire_left
            whole = fleet.marines(ctx.definition, ctx.state, ship) if left is None else left
            strength = int(action.args[1]) if action.kind == "fire_part" else whole
            move.fire_left = whole - strength
            move.fired_at = [*move.fired_at, target]  # the default is not written
            move.fired = move.fire_left <= 0
            ctx.push(
                "reaction",
                shooter=ship,
                target=target,
                incendiary=action.kind == "fire_incendiary",
                phase=move.args["phase"],
                grappling=False,
                strength=strength,
            )
        elif action.kind == "grapple":
            ctx.push(
                "reaction",
                shooter=ship,
                target=target,
                incendiary=False,
                phase=move.args["phase"],
                grappling=True,
                strength=0,
            )
        elif action.kind == "cut_sails":
            combat.cut_sails(ctx, ship, target)


class ReactionArgs(TypedDict):
    shooter: str
    target: str
    incendiary: bool
    phase: str
    grappling: bool
    strength: int


class ReactionFrame(FrameView):
    args = Slot[ReactionArgs](PIECES)
    asked = Slot[bool](PUBLIC)


class Reaction(Procedure):
    """8.42: the ship fired upon (or an enemy galley trying to grapple next to it) may fire
    back once per phase; against a shooter both fires are resolved, then applied together
    (8.63). Then the shot or the grappling attempt is resolved."""

    fields = ReactionFrame.declaration()

    rule = "GBoJC 8.42"

    def start(self, ctx: Context, frame: Frame) -> None:
        reaction = ReactionFrame(frame)
        args = reaction.args
        reaction.asked = not self._may_react(ctx, args)
        if reaction.asked:
            self._resolve(ctx, args, react=False)

    def _may_react(self, ctx: Context, args: ReactionArgs) -> bool:
        d, state = ctx.definition, ctx.state
        target, shooter = args["target"], args["shooter"]
        if [target, args["phase"]] in fleet.turn_list(state, "reacted"):
            return False
        if not combat.may_fire(ctx, target):
            return False
        if args["grappling"] and not (
            fleet.is_galley(d, shooter) and fleet.adjacent(d, state, target, shooter)
        ):
            return False
        return combat.fire_range(ctx, target, shooter, False) is not None

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        reaction = ReactionFrame(frame)
        if reaction.asked:
            return None
        args = reaction.args
        side = piece(ctx.state, args["target"]).side
        what = "tries to grapple" if args["grappling"] else "fires at"
        actions = [Action("return_fire"), Action("hold_fire")]
        return make_prompt(side, "reaction", f"{args['shooter']} {what} {args['target']}", actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        reaction = ReactionFrame(frame)
        reaction.asked = True
        self._resolve(ctx, reaction.args, react=action.kind == "return_fire")

    def _resolve(self, ctx: Context, args: ReactionArgs, react: bool) -> None:
        state = ctx.state
        shooter, target = args["shooter"], args["target"]
        answer = None
        if react:
            fleet.mark(state, "reacted", [target, args["phase"]])
            answer = combat.shoot(ctx, target, shooter, False)
            ctx.fired("GBoJC 8.42")
        if args["grappling"]:
            if answer is not None:
                combat.land(ctx, answer)
            combat.try_grapple(ctx, shooter, target)
            return
        shot = combat.shoot(ctx, shooter, target, bool(args["incendiary"]), args["strength"])
        combat.land(ctx, shot)
        if answer is not None:
            combat.land(ctx, answer)
