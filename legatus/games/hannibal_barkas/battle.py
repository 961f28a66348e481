"""Battles on land and at sea (HB V).

A battle is fought whenever enemy armies or fleets meet (HB 5.1): the player already there
defends, the one entering attacks. :class:`Battle` is one battle, from its first question
to its VP:

1. *Shelter* (reference A.23 #11): a defender whose nation holds a city in the region may
   put units inside its walls (at most twice its defence, HB VI) before the field battle;
   the others fight.
2. *Effects before the battle* (HB 5.2, 5.7): every player may play battle effects, the
   defender's first when several are played at once, each answerable (Ex. 8).
3. An army of cavalry only may retreat at once, with no battle (HB 5.1; A.23 #52).
4. At sea each player puts his land units aboard his ships, two to a ship (HB 5.10).
5. *Rounds* (HB 5.3): light infantry fire, then cavalry and elephants, then heavy and
   Gallic infantry; both sides fire at once in each step (the attacker rolls first, HB 5.5)
   and the losses are taken before the next step. Elephants hit without a roll, and as many
   enemy horsemen as there are elephants sit the step out (HB 1.2.6, Ex. 9). At sea every
   ship fires, hitting on 7+ with +1 for each infantry unit aboard, two at most (HB 5.10).
   Leaders' command rerolls failed dice, once each (HB 5.6).
6. After each round the defender, then the attacker, fights on or retreats (HB 5.3, 5.4).
7. *Pursuit* (HB 5.9): the winner's cavalry fire at the units that retreated; command does
   not apply, but a leader with the pursuit gift rerolls failed dice up to his command.
   None at sea.
8. The winner scores 1 VP for each full 5 enemy units eliminated, ships and their cargo
   counted (HB 5.11); leaders' VP are scored as they die.

Several armies may fight on one side (two players of a nation, or a player's army and the
Gauls, HB 5.5): each hit that is not a critical falls on the army of its side with the most
units left, whose director chooses the unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from legatus import (
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    Procedure,
    Prompt,
    Slot,
    innermost,
    make_prompt,
    piece,
)
from legatus.games.hannibal_barkas import combat, model
from legatus.games.hannibal_barkas.combat import CAVALRY, GAULS, STEPS
from legatus.games.hannibal_barkas.model import INFANTRY, SHORT, UNITS

ATTACK, DEFEND = "attack", "defend"


def other(role: str) -> str:
    return DEFEND if role == ATTACK else ATTACK


def battle_frame(ctx: Context) -> BattleFrame | None:
    """The innermost battle on the stack, if any."""
    frame = innermost(ctx.state, "battle")
    return BattleFrame(frame) if frame is not None else None


class BattleArgs(TypedDict):
    space: str
    attackers: str  # the attacking team
    origins: dict[str, str]  # unit -> the space it attacked from
    actor: str
    tribe: NotRequired[str | None]  # a Gallic tribe's battle (HB 5.5)
    director: NotRequired[str | None]  # who directs the tribe


class BattleFrame(FrameView):
    """The battle's progress (everything public: a battle is fought in the open, HB V)."""

    args = Slot[BattleArgs](PUBLIC)
    roles = Slot[dict[str, str]](PUBLIC)  # side -> ATTACK or DEFEND, in army order
    directors = Slot[dict[str, str]](PUBLIC)  # GAULS -> the player directing the tribe
    naval = Slot[bool](PUBLIC)
    phase = Slot[str](PUBLIC)  # shelter, effects, stow, round, roll, allocate, decide, ...
    after = Slot[str](PUBLIC)  # what follows the losses being allocated
    queue = Slot[list[str]](PUBLIC)  # the sides still to answer the phase's question
    round = Slot[int](PUBLIC)
    step = Slot[int](PUBLIC)  # the firing step of the round (by unit class, HB 5.6)
    command = Slot[dict[str, int]](PUBLIC)  # side -> its leader's command this round
    dice = Slot[dict[str, list[dict[str, Any]]]](PUBLIC)  # side -> this step's dice
    firing = Slot[list[str]](PUBLIC)  # the sides whose dice are still to be scored
    losses = Slot[list[dict[str, Any]]](PUBLIC)  # hits to allocate, in order
    lost = Slot[dict[str, int]](PUBLIC)  # role -> units it lost (VP, HB 5.11)
    retreated = Slot[dict[str, list[str]]](PUBLIC)  # side -> its units that retreated
    cancel = Slot[dict[str, Any]](PUBLIC)  # the events that cancel hits (Ex. 8)
    stowage = Slot[dict[str, list[str]]](PUBLIC)  # ship -> the units aboard (HB 5.10)
    winner = Slot["str | None"](PUBLIC)  # the winning role
    fought = Slot[bool](PUBLIC)
    fled = Slot[dict[str, list[str]]](PUBLIC)  # side -> the spaces its units fled to
    vp_before = Slot[dict[str, int]](PUBLIC)  # team -> its VP when the battle began


class Battle(Procedure):
    """``battle(space, attackers, origins, actor, tribe, director)``: one battle (HB V)."""

    rule = "HB V"
    resumes = True
    fields = BattleFrame.declaration()

    # -- the start ---------------------------------------------------------------------------
    def start(self, ctx: Context, frame: Frame) -> None:
        fight = BattleFrame(frame)
        definition, state = ctx.definition, ctx.state
        args = fight.args
        space = args["space"]
        fight.start(
            naval=model.is_sea(definition, space),
            directors={},
            phase="shelter",
            after="",
            queue=[],
            round=0,
            step=0,
            command={},
            dice={},
            firing=[],
            losses=[],
            lost={ATTACK: 0, DEFEND: 0},
            retreated={},
            cancel={},
            stowage={},
            winner=None,
            fought=False,
            fled={},
            vp_before={},
        )
        tribe, director = args.get("tribe"), args.get("director")
        if tribe and director:
            self._levy(ctx, fight, tribe, director)
        roles: dict[str, str] = {}
        for pid in model.field_units(definition, state, space):
            side = piece(state, pid).side
            team = definition.team_of(side)
            roles[side] = ATTACK if team == args["attackers"] else DEFEND
        fight.roles = {side: roles[side] for side in sorted(roles, key=self._army_order(ctx))}
        attackers = self.armies(fight, ATTACK)
        defenders = self.armies(fight, DEFEND)
        if not attackers or not defenders:
            for pid in combat.army(definition, state, GAULS, space):
                model.writable(state, pid).at = "out"  # nobody for the tribe to fight
            fight.phase = "over"
            return
        ctx.log(
            f"Battle {'at sea ' if fight.naval else ''}in {space}: "
            + " and ".join(self._describe(ctx, fight, s) for s in attackers)
            + (" attacks " if attackers[1:] == [] and attackers[0] != GAULS else " attack ")
            + " and ".join(self._describe(ctx, fight, s) for s in defenders),
            rule="HB 5.1",
            space=space,
        )
        vp = model.records(state).vp
        fight.vp_before = {
            team: sum(vp[s] for s in model.team_sides(definition, team))
            for team in model.MAIN_TEAMS
        }
        fight.queue = [] if fight.naval else list(defenders)
        self._advance(ctx, fight)

    def _army_order(self, ctx: Context) -> Any:
        order = list(model.records(ctx.state).order) or model.players(ctx.state)
        sides = ctx.definition.side_ids

        def key(side: str) -> tuple[int, int]:
            player = model.player_of(ctx.state, side)
            found = order.index(player) if player is not None and player in order else 99
            return (found, sides.index(side))

        return key

    def _levy(self, ctx: Context, fight: BattleFrame, tribe: str, director: str) -> None:
        """HB 8.3: the tribe's levy, printed on its region, takes the field."""
        definition, state = ctx.definition, ctx.state
        values = definition.board.spaces[tribe].values
        placed = []
        for kind, value in (
            ("gallic_infantry", "levy_infantry"),
            ("gallic_cavalry", "levy_cavalry"),
        ):
            free = model.free_counters(definition, state, GAULS, kind)
            for pid in free[: int(values.get(value, 0))]:
                model.writable(state, pid).at = tribe
                model.writable(state, pid).side = GAULS
                placed.append(pid)
        fight.directors[GAULS] = director
        ctx.log(
            f"The {tribe} take up arms: {model.describe_units(definition, placed)}, "
            f"led by {model.who(ctx, director)} (HB 8.3)",
            rule="HB 8.3",
        )

    # -- who fights ------------------------------------------------------------------------------
    def armies(self, fight: BattleFrame, role: str) -> list[str]:
        return [side for side, r in fight.roles.items() if r == role]

    def units(self, ctx: Context, fight: BattleFrame, side: str) -> list[str]:
        return combat.army(ctx.definition, ctx.state, side, fight.args["space"])

    def present(self, ctx: Context, fight: BattleFrame, role: str) -> list[str]:
        """The armies of a role that still have units in the battle."""
        return [s for s in self.armies(fight, role) if self.units(ctx, fight, s)]

    def director(self, ctx: Context, fight: BattleFrame, side: str) -> str:
        return combat.director(ctx, side, fight.directors)

    def team_of_role(self, ctx: Context, fight: BattleFrame, role: str) -> str | None:
        """The nation (a player's) on a side of the battle; None for the Gauls alone."""
        for side in self.armies(fight, role):
            if side != GAULS:
                return ctx.definition.team_of(side)
        return None

    def _describe(self, ctx: Context, fight: BattleFrame, side: str) -> str:
        pieces = self.units(ctx, fight, side) + combat.leaders_in_field(
            ctx.definition, ctx.state, side, fight.args["space"]
        )
        name = "the Gauls" if side == GAULS else model.who(ctx, side)
        return f"{name} ({model.describe_units(ctx.definition, pieces)})"

    # -- the flow --------------------------------------------------------------------------------
    def _advance(self, ctx: Context, fight: BattleFrame) -> None:
        """Play on until a decision is needed (or the battle is over)."""
        while True:
            phase = fight.phase
            if phase == "shelter":
                queue = fight.queue
                while queue and not self._shelter_actions(ctx, fight, queue[0]):
                    queue.pop(0)
                if queue:
                    return
                if not self.present(ctx, fight, DEFEND):
                    ctx.log(
                        f"The defenders of {fight.args['space']} are all behind the walls: "
                        "no battle in the field",
                        rule="A.23 #11",
                    )
                    fight.winner = ATTACK
                    fight.phase = "finish"
                    continue
                fight.phase = "effects"
                defenders = [self.director(ctx, fight, s) for s in self.armies(fight, DEFEND)]
                ctx.push(
                    "effects",
                    trigger=f"the battle in {fight.args['space']} is about to begin",
                    battle=True,
                    first=[p for p in defenders if p != GAULS],
                )
                return
            if phase == "effects":  # the window closed (see resumed)
                fight.after = "escape"
                fight.phase = "allocate"  # an ambush's hits (HB 5.2, Ex. 8)
                fight.queue = []
                continue
            if phase == "escape":
                queue = fight.queue
                while queue and not self._escapes(ctx, fight, queue[0]):
                    queue.pop(0)
                if queue:
                    return
                if self._decided(ctx, fight):
                    fight.phase = "finish"
                    continue
                fight.fought = True
                fight.phase = "stow" if fight.naval else "round"
                fight.queue = [s for s in fight.roles if self._cargo(ctx, fight, s)]
                continue
            if phase == "stow":
                queue = fight.queue
                while queue:
                    options = self._stow_options(ctx, fight, queue[0])
                    if len(options) > 1:
                        return
                    if options:
                        self._stow(ctx, fight, queue[0], options[0])
                    else:
                        queue.pop(0)
                fight.phase = "round"
                continue
            if phase == "round":
                fight.round += 1
                if fight.round > 1:
                    fight.cancel = {}  # Dogodny teren lasts the first round (Ex. 8)
                fight.command = {
                    s: combat.command(ctx, s, fight.args["space"])
                    for s in fight.roles
                    if s != GAULS
                }
                fight.step = 0
                self._begin_step(ctx, fight)
                continue
            if phase == "roll":
                firing = fight.firing
                while firing:
                    side = firing[0]
                    if side not in fight.dice:
                        fight.dice[side] = self._roll(ctx, fight, side)
                    if self._reroll_actions(ctx, fight, side):
                        return
                    firing.pop(0)
                self._score_hits(ctx, fight)
                fight.after = "step"
                fight.phase = "allocate"
                continue
            if phase == "allocate":
                if self._allocate(ctx, fight):
                    return
                self._after_losses(ctx, fight)
                after = fight.after
                if after == "escape":
                    fight.phase = "escape"
                    fight.queue = [
                        s
                        for s in self.present(ctx, fight, DEFEND) + self.present(ctx, fight, ATTACK)
                        if not fight.naval and self._cavalry_only(ctx, fight, s)
                    ]
                elif after == "finish":
                    fight.phase = "finish"
                    fight.after = "done"
                elif after == "done":
                    fight.phase = "over"
                    self._conclude(ctx, fight)
                    return
                elif self._decided(ctx, fight):
                    fight.phase = "finish"
                elif fight.step + 1 < self._steps(fight):
                    fight.step += 1
                    self._begin_step(ctx, fight)
                else:
                    fight.phase = "decide"
                    fight.queue = list(self.present(ctx, fight, DEFEND))
                continue
            if phase == "decide":
                queue = fight.queue
                while queue and not self.units(ctx, fight, queue[0]):
                    queue.pop(0)
                if queue:
                    return
                if self._decided(ctx, fight):
                    fight.phase = "finish"
                elif fight.after != "attackers":
                    fight.after = "attackers"
                    fight.queue = list(self.present(ctx, fight, ATTACK))
                    continue
                else:
                    fight.after = ""
                    fight.phase = "round"
                continue
            if phase == "finish":
                self._settle_winner(ctx, fight)
                if fight.after != "done" and self._pursuit(ctx, fight):
                    fight.after = "done"
                    fight.phase = "allocate"
                    continue
                fight.phase = "over"
                self._conclude(ctx, fight)
                return
            return  # over

    def resumed(self, ctx: Context, frame: Frame) -> None:
        fight = BattleFrame(frame)
        if fight.phase == "effects":
            self._advance(ctx, fight)

    def _decided(self, ctx: Context, fight: BattleFrame) -> bool:
        return not self.present(ctx, fight, ATTACK) or not self.present(ctx, fight, DEFEND)

    def _steps(self, fight: BattleFrame) -> int:
        return 1 if fight.naval else len(STEPS)

    # -- questions ---------------------------------------------------------------------------------
    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        fight = BattleFrame(frame)
        phase = fight.phase
        space = fight.args["space"]
        if phase == "shelter":
            side = fight.queue[0]
            return make_prompt(
                self.director(ctx, fight, side),
                "shelter",
                f"The enemy enters {space}: put units inside the walls before the battle?",
                [Action("done"), *self._shelter_actions(ctx, fight, side)],
            )
        if phase == "escape":
            side = fight.queue[0]
            return make_prompt(
                self.director(ctx, fight, side),
                "escape",
                f"Battle in {space}: your army of cavalry only may retreat at once (HB 5.1)",
                [Action("stand"), *self._escapes(ctx, fight, side)],
            )
        if phase == "stow":
            side = fight.queue[0]
            return make_prompt(
                self.director(ctx, fight, side),
                "stow",
                f"Battle at sea in {space}: what does your next ship carry (HB 5.10)?",
                [Action("stow", tuple(o)) for o in self._stow_options(ctx, fight, side)],
            )
        if phase == "roll":
            side = fight.firing[0]
            dice = fight.dice[side]
            return make_prompt(
                self.director(ctx, fight, side),
                "reroll",
                f"Battle in {space}, round {fight.round}: you rolled {combat.shown(dice)}; "
                f"reroll a failed die ({fight.command.get(side, 0)} command left)?",
                [Action("done"), *self._reroll_actions(ctx, fight, side)],
            )
        if phase == "allocate":
            entry = fight.losses[0]
            chooser, actions = self._loss_question(ctx, fight, entry)
            what = "the unit your 10 kills" if entry["critical"] else "a unit to lose"
            return make_prompt(
                chooser,
                "strike" if entry["critical"] else "lose",
                f"Battle in {space}: choose {what} ({entry['count']} to go)",
                actions,
            )
        if phase == "decide":
            side = fight.queue[0]
            return make_prompt(
                self.director(ctx, fight, side),
                "retreat",
                f"Battle in {space} after round {fight.round}: fight on or retreat?",
                [Action("stand"), *self._retreats(ctx, fight, side)],
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        fight = BattleFrame(frame)
        phase = fight.phase
        if phase == "shelter":
            if action.kind == "done":
                fight.queue.pop(0)
            else:
                self._shelter(ctx, fight, fight.queue[0], str(action.args[0]), str(action.args[1]))
        elif phase == "escape":
            side = fight.queue.pop(0)
            if action.kind != "stand":
                self._retreat(ctx, fight, side, action)
        elif phase == "stow":
            self._stow(ctx, fight, fight.queue[0], [str(a) for a in action.args])
        elif phase == "roll":
            side = fight.firing[0]
            if action.kind == "done":
                fight.firing.pop(0)
            else:
                self._reroll(ctx, fight, side, str(action.args[0]))
        elif phase == "allocate":
            self._take_loss(ctx, fight, action)
        elif phase == "decide":
            side = fight.queue.pop(0)
            if action.kind != "stand":
                self._retreat(ctx, fight, side, action)
        self._advance(ctx, fight)

    # -- shelter behind the walls (A.23 #11) ---------------------------------------------------------
    def _cities(self, ctx: Context, fight: BattleFrame, side: str) -> list[str]:
        """Cities of the army's nation in the battle's region, not besieged."""
        if fight.naval or side == GAULS:
            return []
        team = ctx.definition.team_of(side)
        found = []
        for city in model.cities_in(ctx.definition, fight.args["space"]):
            keeper = model.holder(ctx.state, city)
            if (
                keeper is not None
                and ctx.definition.team_of(keeper) == team
                and city not in model.records(ctx.state).sieges
            ):
                found.append(city)
        return found

    def _shelter_actions(self, ctx: Context, fight: BattleFrame, side: str) -> list[Action]:
        counts = model.count_units(ctx.definition, self.units(ctx, fight, side))
        return [
            Action("shelter", (city, kind))
            for city in self._cities(ctx, fight, side)
            if model.room_in(ctx.definition, ctx.state, city) > 0
            for kind in counts
            if kind != "ships"
        ]

    def _shelter(self, ctx: Context, fight: BattleFrame, side: str, city: str, kind: str) -> None:
        definition, state = ctx.definition, ctx.state
        space = fight.args["space"]
        pid = [
            p
            for p in definition.in_data_order(self.units(ctx, fight, side))
            if definition.pieces[p].type == kind
        ][-1]
        model.set_city(model.writable(state, pid), city)
        if not self.units(ctx, fight, side):
            for leader in combat.leaders_in_field(definition, state, side, space):
                model.set_city(model.writable(state, leader), city)
        ctx.log(
            f"{model.who(ctx, side)} puts one {kind.replace('_', ' ')} inside the walls of {city}",
            rule="A.23 #11",
        )

    # -- retreats (HB 5.4) ------------------------------------------------------------------------
    def _cavalry_only(self, ctx: Context, fight: BattleFrame, side: str) -> bool:
        kinds = {ctx.definition.pieces[p].type for p in self.units(ctx, fight, side)}
        return bool(kinds) and kinds <= set(CAVALRY)

    def _escapes(self, ctx: Context, fight: BattleFrame, side: str) -> list[Action]:
        if not self._cavalry_only(ctx, fight, side):
            return []
        return self._retreats(ctx, fight, side)

    def _retreats(self, ctx: Context, fight: BattleFrame, side: str) -> list[Action]:
        """Where an army may retreat (HB 5.4): the attacker whence it came, the defender to a
        neighbouring region free of the enemy, not whence the attack came, or into its city;
        at sea to a neighbouring zone free of enemy ships or a port of its nation (A.23 #30).
        A fleet retreating into its port is a fleet entering it (HB 4.4, 6.2): with the enemy
        at the gates (the city besieged or the enemy in the field) what it carries lands
        inside the walls, so that port is open to it only when they have room for all."""
        if side == GAULS:
            return [Action("withdraw")]
        definition, state = ctx.definition, ctx.state
        space = fight.args["space"]
        origins: Mapping[str, str] = fight.args.get("origins", {})
        role = fight.roles[side]
        units = self.units(ctx, fight, side)
        if role == ATTACK and units and all(p in origins for p in units):
            if all(self._may_withdraw_to(ctx, fight, side, origins[p]) for p in units):
                return [Action("withdraw")]
            return []
        team = definition.team_of(side)
        came_from = set(origins.values())
        found: list[Action] = []
        if fight.naval:
            cargo = sum(1 for p in units if definition.pieces[p].type != "ships")
            for zone in sorted(definition.board.neighbours(space, "sea")):
                if zone in came_from or not model.in_play(ctx, zone):
                    continue
                if model.enemy_field(definition, state, team, zone):
                    continue
                found.append(Action("retreat", (zone,)))
            for region in sorted(definition.board.neighbours(space, "coast")):
                port = model.port_city(definition, region)
                keeper = model.holder(state, port) if port else None
                if keeper is None or definition.team_of(keeper) != team:
                    continue
                if region in came_from or not model.in_play(ctx, region):
                    continue
                if not model.port_takes(definition, state, team, region, cargo):
                    continue
                found.append(Action("retreat", (region,)))
            return found
        for region in sorted(definition.board.neighbours(space, "border")):
            if region in came_from or not model.retreat_target(ctx, team, region):
                continue
            found.append(Action("retreat", (region,)))
        size = len(units)
        for city in self._cities(ctx, fight, side):
            if model.room_in(definition, state, city) >= size:
                found.append(Action("retreat", (city,)))
        return found

    def _may_withdraw_to(self, ctx: Context, fight: BattleFrame, side: str, origin: str) -> bool:
        """An attacker withdraws whence it came (HB 5.4): not onto ships (a landing has no
        way back), not into a region the enemy holds since."""
        definition = ctx.definition
        if origin in model.cities_in(definition, fight.args["space"]):
            return True  # back inside the walls (a sortie)
        if model.is_sea(definition, origin) and not fight.naval:
            return False
        team = definition.team_of(side)
        return not model.enemy_field(definition, ctx.state, team, origin)

    def _retreat(self, ctx: Context, fight: BattleFrame, side: str, action: Action) -> None:
        """The army leaves the battle with its leaders (HB 5.4)."""
        definition, state = ctx.definition, ctx.state
        space = fight.args["space"]
        units = self.units(ctx, fight, side)
        leaders = combat.leaders_in_field(definition, state, side, space)
        cargo_ships = units + leaders
        if side == GAULS:
            for pid in units:
                model.writable(state, pid).at = "out"
            ctx.log(f"The Gauls of {space} scatter", rule="HB 8.3")
            return
        origins: Mapping[str, str] = fight.args.get("origins", {})
        moved: dict[str, list[str]] = {}
        if action.kind == "withdraw":
            first = origins[units[0]] if units else space
            for pid in cargo_ships:
                target = origins.get(pid, first)
                self._place(ctx, pid, target, space)
                moved.setdefault(target, []).append(pid)
        else:
            target = str(action.args[0])
            for pid in cargo_ships:
                self._place(ctx, pid, target, space)
                moved.setdefault(target, []).append(pid)
        walls = model.cities_in(definition, space)
        into_city = {t for t in moved if t in walls}
        pursued = [p for t, ps in moved.items() if t not in into_city for p in ps]
        fight.retreated[side] = sorted(
            set(fight.retreated.get(side, [])) | {p for p in pursued if p in units}
        )
        fight.fled[side] = sorted(set(fight.fled.get(side, [])) | set(moved))
        team = definition.team_of(side)
        for target in sorted(t for t in moved if t not in into_city):
            combat.isolated_leaders(ctx, target, team)  # an enemy leader alone there (HB 5.6)
        for target, pids in sorted(moved.items()):
            ships = [p for p in pids if definition.pieces[p].type == "ships"]
            aboard = [p for p in pids if p not in ships]
            in_port = fight.naval and not model.is_sea(definition, target)
            walled = in_port and aboard and model.port_walled(definition, state, team, target)
            ctx.log(
                f"{model.who(ctx, side)} retreats {model.describe_units(definition, pids)} "
                f"from {space} to {target}"
                + (
                    f", its troops inside the walls of {model.port_city(definition, target)}"
                    if walled
                    else ""
                ),
                rule="HB 5.4",
                side=side,
            )
            if in_port:  # a fleet entering its port (HB 4.4, 6.2)
                model.into_port(ctx, team, target, len(ships), aboard)

    def _place(self, ctx: Context, pid: str, target: str, space: str) -> None:
        unit = model.writable(ctx.state, pid)
        if target in model.cities_in(ctx.definition, space):
            unit.at = space
            model.set_city(unit, target)
        else:
            unit.at = target
            model.set_city(unit, None)

    # -- stowing at sea (HB 5.10) -----------------------------------------------------------------
    def _cargo(self, ctx: Context, fight: BattleFrame, side: str) -> list[str]:
        definition = ctx.definition
        if not fight.naval:
            return []
        stowed = {p for ps in fight.stowage.values() for p in ps}
        return [
            p
            for p in self.units(ctx, fight, side)
            if definition.pieces[p].type != "ships" and p not in stowed
        ]

    def _ships(self, ctx: Context, fight: BattleFrame, side: str) -> list[str]:
        return [
            p
            for p in ctx.definition.in_data_order(self.units(ctx, fight, side))
            if ctx.definition.pieces[p].type == "ships"
        ]

    def _stow_options(self, ctx: Context, fight: BattleFrame, side: str) -> list[list[str]]:
        """The loads the army's next unloaded ship may take: at most two land units, and the
        rest must still fit on its other ships."""
        definition = ctx.definition
        cargo = self._cargo(ctx, fight, side)
        if not cargo:
            return []
        empty = [s for s in self._ships(ctx, fight, side) if s not in fight.stowage]
        if not empty:
            return []
        capacity = int(ctx.param("fleet.capacity"))
        counts = model.count_units(definition, cargo)
        kinds = [k for k in UNITS if counts.get(k)]
        loads: list[list[str]] = [[]]
        for i, first in enumerate(kinds):
            loads.append([first])
            for second in kinds[i:]:
                if second != first or counts[first] >= 2:
                    loads.append([first, second])
        rest = (len(empty) - 1) * capacity
        return [load for load in loads if len(load) <= capacity and len(cargo) - len(load) <= rest]

    def _stow(self, ctx: Context, fight: BattleFrame, side: str, load: list[str]) -> None:
        definition = ctx.definition
        ship = next(s for s in self._ships(ctx, fight, side) if s not in fight.stowage)
        aboard: list[str] = []
        cargo = definition.in_data_order(self._cargo(ctx, fight, side))
        for kind in load:
            pid = next(p for p in cargo if definition.pieces[p].type == kind and p not in aboard)
            aboard.append(pid)
        fight.stowage[ship] = aboard
        if not self._cargo(ctx, fight, side):
            fight.queue.pop(0)
        ctx.log(
            f"{model.who(ctx, side)}: {ship} carries {model.describe_units(definition, aboard)}",
            rule="HB 5.10",
        )

    def _marines(self, ctx: Context, fight: BattleFrame, ship: str) -> int:
        aboard = fight.stowage.get(ship, [])
        infantry = sum(1 for p in aboard if ctx.definition.pieces[p].type in INFANTRY)
        return min(infantry, int(ctx.param("naval.marines_max")))

    # -- fire (HB 5.3, 5.5) ------------------------------------------------------------------------
    def _begin_step(self, ctx: Context, fight: BattleFrame) -> None:
        fight.dice = {}
        fight.firing = list(self.present(ctx, fight, ATTACK)) + list(
            self.present(ctx, fight, DEFEND)
        )
        fight.phase = "roll"

    def _roll(self, ctx: Context, fight: BattleFrame, side: str) -> list[dict[str, Any]]:
        """One army's dice this step."""
        definition = ctx.definition
        units = definition.in_data_order(self.units(ctx, fight, side))
        entries: list[tuple[str, int]] = []
        auto = 0
        if fight.naval:
            ships = [p for p in units if definition.pieces[p].type == "ships"]
            bonus = int(ctx.param("naval.marine_bonus"))
            needs = {
                s: model.stat(definition, s, "attack") - bonus * self._marines(ctx, fight, s)
                for s in ships
            }
            for ship in sorted(ships, key=lambda s: (needs[s], ships.index(s))):
                entries.append((ship, needs[ship]))
        else:
            kinds = STEPS[fight.step]
            aside = self._horse_fear(ctx, fight, side) if fight.step == 1 else 0
            for kind in kinds:
                of_kind = [p for p in units if definition.pieces[p].type == kind]
                if kind == "elephants":
                    auto += len(of_kind)
                    continue
                if kind in self._frightened(ctx):
                    skip = min(aside, len(of_kind))
                    aside -= skip
                    of_kind = of_kind[skip:]
                entries.extend((kind, model.stat(definition, p, "attack")) for p in of_kind)
        step = (
            "the naval battle" if fight.naval else f"step {fight.step + 1} of round {fight.round}"
        )
        dice = combat.roll_dice(
            ctx,
            entries,
            f"the fire of {self._name(ctx, side)} ({step} in {fight.args['space']}, HB 5.5)",
        )
        dice.extend(
            {"key": "elephants", "need": None, "value": 0, "rerolled": True, "auto": True}
            for _ in range(auto)
        )
        if dice:
            shown = combat.shown(dice)
            extra = f", {auto} elephant hit(s)" if auto else ""
            ctx.log(
                f"{self._name(ctx, side)} {self._verb(side, 'rolls', 'roll')} {shown}{extra}",
                rule="HB 5.5",
                rolls=shown,
                side=side,
            )
        return dice

    def _frightened(self, ctx: Context) -> tuple[str, ...]:
        """The horsemen that fear elephants (HB 1.2.6; Gallic cavalry too, A.23 #14)."""
        if bool(ctx.param("battle.horse_fear_gallic")):
            return CAVALRY
        return ("cavalry",)

    def _horse_fear(self, ctx: Context, fight: BattleFrame, side: str) -> int:
        """How many of this army's horsemen sit the step out: as many as the enemy's
        elephants, shared among the armies of its side in order (HB 1.2.6, Ex. 9)."""
        definition = ctx.definition
        role = fight.roles[side]
        elephants = sum(
            1
            for s in self.present(ctx, fight, other(role))
            for p in self.units(ctx, fight, s)
            if definition.pieces[p].type == "elephants"
        )
        frightened = self._frightened(ctx)
        for s in self.present(ctx, fight, role):
            horses = sum(
                1 for p in self.units(ctx, fight, s) if definition.pieces[p].type in frightened
            )
            if s == side:
                if elephants and horses:
                    ctx.log(
                        f"{self._name(ctx, side)}: {min(horses, elephants)} horsemen shy away "
                        "from the elephants this round (HB 1.2.6)",
                        rule="HB 1.2.6",
                    )
                return min(horses, elephants)
            elephants = max(0, elephants - horses)
        return 0

    def _reroll_actions(self, ctx: Context, fight: BattleFrame, side: str) -> list[Action]:
        if fight.command.get(side, 0) <= 0:
            return []
        keys = combat.rerollable(fight.dice.get(side, []))
        if fight.naval:
            dice = fight.dice[side]
            needs: dict[int, str] = {}
            for die in dice:
                if die["key"] in keys:
                    needs.setdefault(int(die["need"]), die["key"])
            keys = sorted(needs.values())
        return [Action("reroll", (key,)) for key in keys]

    def _reroll(self, ctx: Context, fight: BattleFrame, side: str, key: str) -> None:
        die = combat.reroll(
            ctx,
            fight.dice[side],
            key,
            f"{self._name(ctx, side)}'s reroll of a {key} die (HB 5.6)",
        )
        fight.command[side] -= 1
        ctx.log(
            f"{self._name(ctx, side)} {self._verb(side, 'rerolls', 'reroll')} a failed die ({key}): {die['value']}",
            rule="HB 5.6",
            rolls=[die["value"]],
        )

    def _score_hits(self, ctx: Context, fight: BattleFrame) -> None:
        """The step's hits become losses to take: each critical chosen by its roller, the
        others by the owners (HB 5.5); Dogodny teren's cancelled hits first (Ex. 8)."""
        for role in (ATTACK, DEFEND):
            for side in self.armies(fight, role):
                dice = fight.dice.get(side, [])
                self.add_hits(ctx, fight, side, other(role), dice)

    def add_hits(
        self, ctx: Context, fight: BattleFrame, roller: str, target: str, dice: list[dict[str, Any]]
    ) -> None:
        """Queue the losses ``roller``'s dice inflict on the armies of role ``target``."""
        critical = normal = 0
        for die in dice:
            if not (die.get("auto") or combat.hits(die)):
                continue
            if fight.cancel.get(target, 0) > 0:
                fight.cancel[target] -= 1
                ctx.log(f"A hit on {target}ers is cancelled (Dogodny teren)", rule="HB 5.7")
                continue
            if not die.get("auto") and combat.critical(ctx, die):
                critical += 1
            else:
                normal += 1
        chooser = self.director(ctx, fight, roller)
        if critical and self._critical_chooser(ctx, fight, roller) is not None:
            fight.losses.append(
                {"role": target, "critical": True, "chooser": chooser, "count": critical}
            )
        else:
            normal += critical
        if normal:
            fight.losses.append(
                {"role": target, "critical": False, "chooser": None, "count": normal}
            )

    def _critical_chooser(self, ctx: Context, fight: BattleFrame, roller: str) -> str | None:
        """Who chooses the unit a 10 kills: its roller (the worked examples' reading, A.23 #1),
        or in the variant only the battle's attacker."""
        if bool(ctx.param("battle.critical_roller_chooses")):
            return roller
        return roller if fight.roles.get(roller) == ATTACK else None

    # -- losses -----------------------------------------------------------------------------------
    def _pool(self, ctx: Context, fight: BattleFrame, role: str) -> dict[str, list[str]]:
        """The units of a role that may be lost: in the battle, or in pursuit those that
        retreated (HB 5.9)."""
        if fight.after == "done":  # pursuit
            state = ctx.state
            found: dict[str, list[str]] = {}
            for side, pids in fight.retreated.items():
                if fight.roles.get(side) != role:
                    continue
                alive = [
                    p
                    for p in pids
                    if piece(state, p).on_map
                    and model.in_city(piece(state, p)) is None
                    and piece(state, p).side == side
                ]
                if alive:
                    found[side] = alive
            return found
        return {
            side: self.units(ctx, fight, side)
            for side in self.armies(fight, role)
            if self.units(ctx, fight, side)
        }

    def _classes(self, ctx: Context, fight: BattleFrame, pids: list[str]) -> dict[str, str]:
        """Representative -> class: a unit type on land, a ship's load at sea."""
        definition = ctx.definition
        found: dict[str, str] = {}
        for pid in definition.in_data_order(pids):
            kind = definition.pieces[pid].type
            if fight.naval and fight.after != "done":
                if kind != "ships":
                    continue
                load = sorted(definition.pieces[p].type for p in fight.stowage.get(pid, []))
                label = "+".join(SHORT[k] for k in load) or "empty"
                if label not in found.values():
                    found[pid] = label
            elif kind not in found.values():
                found[kind] = kind
        return found

    def _loss_question(
        self, ctx: Context, fight: BattleFrame, entry: Mapping[str, Any]
    ) -> tuple[str, list[Action]]:
        pool = self._pool(ctx, fight, entry["role"])
        if entry["critical"]:
            actions = []
            for side, pids in pool.items():
                for rep in self._classes(ctx, fight, pids):
                    if fight.naval and fight.after != "done":
                        actions.append(Action("sink", (rep,)))
                    else:
                        actions.append(Action("strike", (side, rep)))
            return str(entry["chooser"]), actions
        side = self._taker(fight, pool)
        reps = self._classes(ctx, fight, pool[side])
        kind = "sink" if fight.naval and fight.after != "done" else "lose"
        return self.director(ctx, fight, side), [Action(kind, (rep,)) for rep in reps]

    def _taker(self, fight: BattleFrame, pool: Mapping[str, list[str]]) -> str:
        """The army an ordinary hit falls on: the one with the most units left."""
        order = list(fight.roles)
        return max(pool, key=lambda s: (len(pool[s]), -order.index(s)))

    def _allocate(self, ctx: Context, fight: BattleFrame) -> bool:
        """Take the queued losses that need no choice; True when one needs a choice."""
        losses = fight.losses
        while losses:
            entry = losses[0]
            if entry["count"] <= 0 or not self._pool(ctx, fight, entry["role"]):
                losses.pop(0)
                continue
            _, actions = self._loss_question(ctx, fight, entry)
            if len(actions) > 1:
                return True
            self._take_loss(ctx, fight, actions[0], auto=True)
        return False

    def _take_loss(
        self, ctx: Context, fight: BattleFrame, action: Action, auto: bool = False
    ) -> None:
        definition, state = ctx.definition, ctx.state
        entry = fight.losses[0]
        pool = self._pool(ctx, fight, entry["role"])
        if action.kind == "strike":
            side, kind = str(action.args[0]), str(action.args[1])
            victim = [
                p for p in definition.in_data_order(pool[side]) if definition.pieces[p].type == kind
            ][-1]
        elif action.kind == "sink":
            victim = str(action.args[0])
        else:
            side = self._taker(fight, pool)
            kind = str(action.args[0])
            victim = [
                p for p in definition.in_data_order(pool[side]) if definition.pieces[p].type == kind
            ][-1]
        owner = piece(state, victim).side
        dead = [victim, *fight.stowage.pop(victim, [])] if fight.naval else [victim]
        from legatus.games.hannibal_barkas.movement import eliminate

        for pid in dead:
            eliminate(ctx, pid)
        fight.lost[entry["role"]] += len(dead)
        entry["count"] -= 1
        if entry["count"] <= 0:
            fight.losses.pop(0)
        how = "a 10: chosen by the roller" if entry["critical"] else "chosen by its owner"
        ctx.log(
            f"{self._name(ctx, owner)} {self._verb(owner, 'loses', 'lose')} {model.describe_units(definition, dead)} ({how})",
            rule="HB 5.5",
        )
        if fight.naval and owner in fight.roles:
            # HB 1.2.7: leaders at sea ride with their ships; when an army's last ship
            # sinks, its leaders go down with it at once (their VP scored as they die,
            # HB 5.11), not when the step's other losses have been taken.
            scorer = self.scorer(ctx, fight, other(fight.roles[owner]))
            combat.leaders_lost(ctx, owner, fight.args["space"], scorer, "he drowns with his fleet")

    def _after_losses(self, ctx: Context, fight: BattleFrame) -> None:
        """Leaders whose army is gone die (HB 5.6), in the battle or where it fled."""
        space = fight.args["space"]
        for side, role in fight.roles.items():
            if side == GAULS:
                continue
            scorer = self.scorer(ctx, fight, other(role))
            combat.leaders_lost(ctx, side, space, scorer, "his army is destroyed")
            if fight.after == "done":
                for target in fight.fled.get(side, []):
                    if target not in model.cities_in(ctx.definition, space):
                        combat.leaders_lost(ctx, side, target, scorer, "his army is destroyed")

    def scorer(self, ctx: Context, fight: BattleFrame, role: str) -> str | None:
        """The player who scores for a side of the battle: its player with the most units in
        the battle (ties: the first in the order of play)."""
        team = self.team_of_role(ctx, fight, role)
        if team is None:
            return None
        return combat.best_player(ctx, fight.args["space"], team)

    def _name(self, ctx: Context, side: str) -> str:
        return "The Gauls" if side == GAULS else model.who(ctx, side)

    @staticmethod
    def _verb(side: str, one: str, many: str) -> str:
        """The verb after :meth:`_name`: plural for the Gauls."""
        return many if side == GAULS else one

    # -- the end --------------------------------------------------------------------------------
    def _settle_winner(self, ctx: Context, fight: BattleFrame) -> None:
        if fight.winner is not None:
            return
        attackers = self.present(ctx, fight, ATTACK)
        defenders = self.present(ctx, fight, DEFEND)
        if attackers and not defenders:
            fight.winner = ATTACK
        elif defenders and not attackers:
            fight.winner = DEFEND

    def _pursuit(self, ctx: Context, fight: BattleFrame) -> bool:
        """HB 5.9: the winner's cavalry fire at the units that retreated; no command, but a
        leader with the pursuit gift rerolls failed dice up to his command. True when there
        are losses to take."""
        winner = fight.winner
        if fight.naval or winner is None:
            return False
        definition, state = ctx.definition, ctx.state
        space = fight.args["space"]
        fight.after = "done"
        if not self._pool(ctx, fight, other(winner)):
            return False
        for side in self.present(ctx, fight, winner):
            riders = [
                p
                for p in definition.in_data_order(self.units(ctx, fight, side))
                if definition.pieces[p].type in CAVALRY
            ]
            if not riders:
                continue
            dice = combat.roll_dice(
                ctx,
                [(definition.pieces[p].type, model.stat(definition, p, "attack")) for p in riders],
                f"the pursuit by {self._name(ctx, side)} (HB 5.9)",
            )
            gifted = sum(
                model.stat(definition, p, "command")
                for p in combat.leaders_in_field(definition, state, side, space)
                if "pursuer" in definition.pieces[p].tags
            )
            while gifted > 0 and combat.rerollable(dice):
                combat.reroll(ctx, dice, combat.rerollable(dice)[0], "a pursuer's reroll (HB 5.9)")
                gifted -= 1
            ctx.log(
                f"{self._name(ctx, side)} {self._verb(side, 'pursues', 'pursue')} with {len(riders)} horsemen: {combat.shown(dice)}",
                rule="HB 5.9",
                rolls=combat.shown(dice),
            )
            self.add_hits(ctx, fight, side, other(winner), dice)
        return bool(fight.losses)

    def _conclude(self, ctx: Context, fight: BattleFrame) -> None:
        """VP (HB 5.11), the Gauls' attitude (HB 8.3), the victories in Italy, a dictator
        (HB 12.4), sieges that no longer hold (HB 6.2), victory (HB XI)."""
        from legatus.games.hannibal_barkas import advanced, gauls, sieges, victory

        definition, state = ctx.definition, ctx.state
        space = fight.args["space"]
        winner = fight.winner
        per = int(ctx.param("battle.units_per_vp"))
        given: dict[str, int] = {}
        if fight.fought:
            roles = [winner] if winner is not None else [ATTACK, DEFEND]
            for role in roles:
                scorer = self.scorer(ctx, fight, role)
                vp = fight.lost[other(role)] // per
                if scorer is not None and vp:
                    victory.score(ctx, scorer, vp, f"the battle in {space}", rule="HB 5.11")
                    given[role] = vp
        team = self.team_of_role(ctx, fight, winner) if winner else None
        if fight.fought:
            text = (
                f"The battle in {space} is over: {team.capitalize() if team else 'the Gauls'} "
                f"{'win' if winner else ''}"
                if winner
                else f"The battle in {space} is over: no army is left standing"
            )
            ctx.log(
                f"{text} ({fight.lost[ATTACK]} attacking and {fight.lost[DEFEND]} "
                "defending units eliminated)",
                rule="HB 5.11",
                space=space,
            )
        tribe = fight.args.get("tribe")
        if tribe:
            if winner == ATTACK and team is not None:
                gauls.set_attitude(ctx, tribe, team, 1)
                ctx.log(f"The {tribe} are beaten: friendly to {team} (HB 8.3)", rule="HB 8.3")
            for pid in combat.army(definition, state, GAULS, space):
                model.writable(state, pid).at = "out"
                model.writable(state, pid).side = GAULS
        if fight.fought and team in model.MAIN_TEAMS and model.in_italy(definition, space):
            victories: list[str] = model.records(state).italian_victories
            if team not in victories:
                victories.append(team)
                victories.sort()
        if fight.fought and winner is not None and team in model.MAIN_TEAMS:
            loser = self.team_of_role(ctx, fight, other(winner))
            points = model.records(state).vp
            now = sum(points[s] for s in model.team_sides(definition, team))
            if loser == "rome":
                advanced.defeat(ctx, space, now - fight.vp_before.get(team, 0))
        combat.lone_leaders(ctx, space)
        sieges.verify(ctx)
        victory.check(ctx)
