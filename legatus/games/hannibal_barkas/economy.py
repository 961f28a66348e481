"""The economy phase, in stages 3 and 6 (HB IX).

Each player, in turn:

1. collects the income of the cities he holds that are not besieged (HB 9.1);
2. pays 1 talent for each land or sea unit he controls (HB 9.2; allied states' and Gallic
   units too, reference A.23 #26). Short of gold, he pays what he can and disbands the
   units he cannot pay, choosing which;
3. recruits with what is left (HB 9.3), in the reverse of the last stage's order of play:
   in each city he holds, not besieged, at most as many units as its income, ships only
   in a port, elephants only where the card shows the elephant symbol; Gallic units in
   the region of a tribe allied with his nation, at most its printed levy in each phase
   (A.23 #19). A unit raised in an allied state's city is that state's (A.23 #27).

Treasuries are secret (HB 1.2.11): the log tells every player the income and the upkeep
(which anyone can count from the board), and only the owner his treasury.
"""

from __future__ import annotations

from typing import Any

from legatus import (
    PUBLIC,
    Action,
    Context,
    Frame,
    FrameView,
    GameDef,
    Procedure,
    Prompt,
    Slot,
    make_prompt,
    on_map,
    piece,
    pieces_of,
)
from legatus.games.hannibal_barkas import advanced, combat, model, sieges
from legatus.games.hannibal_barkas.model import LEADER, STATES
from legatus.games.hannibal_barkas.movement import eliminate

CITY_UNITS = ("light_infantry", "heavy_infantry", "cavalry", "elephants", "ships")
GALLIC = {"gallic_infantry": "levy_infantry", "gallic_cavalry": "levy_cavalry"}


def city_income(ctx: Context, city: str) -> int:
    """A city's income this phase (HB 9.1): nothing under siege, or when the scenario says
    so (Scenario I's southern cities); half, rounding up, when cut off (HB 12.2)."""
    records = model.records(ctx.state)
    if city in records.sieges or city in records.no_income:
        return 0
    if not model.in_play(ctx, ctx.definition.cards[city].space):
        return 0
    value = int(ctx.definition.cards[city].values["income"])
    return advanced.halved(value) if advanced.cut_off(ctx, city) else value


def income(ctx: Context, player: str) -> int:
    """HB 9.1: the income of the player's cities, or the scenario's fixed income (Scenario
    I's Carthage: 20 talents)."""
    fixed = model.records(ctx.state).fixed_income
    if player in fixed:
        return int(fixed[player])
    return sum(city_income(ctx, c) for c in model.held_cities(ctx.state, player))


def recruit_limit(ctx: Context, city: str) -> int:
    """HB 9.3: as many units as the city's income; half when cut off (HB 12.2); none in a
    besieged city."""
    if city in model.records(ctx.state).sieges:
        return 0
    value = int(ctx.definition.cards[city].values["income"])
    return advanced.halved(value) if advanced.cut_off(ctx, city) else value


def units_of(ctx: Context, player: str) -> list[str]:
    """The land and sea units a player controls (HB 9.2)."""
    definition = ctx.definition
    return [
        pid
        for pid, piece in pieces_of(ctx.state)
        if piece["side"] == player and on_map(piece) and definition.pieces[pid].type != LEADER
    ]


def counter_nation(ctx: Context, player: str, city: str) -> str:
    """Whose counters a city raises: an allied state's for its own cities (A.23 #27), else
    the player's nation's."""
    deck = ctx.definition.cards[city].deck
    team = ctx.definition.team_of(player)
    return deck if deck in STATES and deck != team else team


def unit_cost(
    ctx: Context, nation: str, kind: str, known: dict[tuple[str, str], int | None] | None = None
) -> int | None:
    """The price of the nation's next counter of ``kind`` (None: none is free); ``known``
    remembers the prices found during one listing."""
    if known is not None:
        if (nation, kind) not in known:
            known[nation, kind] = unit_cost(ctx, nation, kind)
        return known[nation, kind]
    free = model.first_free_counter(ctx.definition, ctx.state, nation, kind)
    return model.stat(ctx.definition, free, "cost") if free is not None else None


def cheapest_recruit(definition: GameDef) -> int:
    """The lowest price of any counter a city or an allied tribe raises (HB 9.3): a treasury
    below it recruits nothing, which a listing can tell before it looks at any city (the
    players who disband at a winter have next to nothing left)."""
    kinds = {*CITY_UNITS, *GALLIC}
    return min(
        (
            model.stat(definition, pid, "cost")
            for pid, p in definition.pieces.items()
            if p.type in kinds
        ),
        default=0,
    )


class EconomyFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    disband = Slot[list[list[Any]]](PUBLIC)  # [player, units it must still disband] (HB 9.2)
    recruiters = Slot[list[str]](PUBLIC)  # the players still to recruit, in order
    raised = Slot[dict[str, Any]](PUBLIC)  # what the current recruiter has raised


class Economy(Procedure):
    """``economy``: income, upkeep and recruitment (HB IX)."""

    rule = "HB IX"
    fields = EconomyFrame.declaration()

    def start(self, ctx: Context, frame: Frame) -> None:
        economy = EconomyFrame(frame)
        state = ctx.state
        records = model.records(state)
        order = [p for p in records.order if p in model.players(state)] or model.players(state)
        upkeep = int(ctx.param("upkeep"))
        economy.disband = []
        ravaged = advanced.devastation_economy(ctx)
        for player in order:
            earned = max(0, income(ctx, player) - ravaged.get(player, 0))
            units = len(units_of(ctx, player))
            gold = records.gold[player] + earned
            paid = min(units, gold // upkeep) if upkeep else units
            gold -= paid * upkeep
            records.gold[player] = gold
            name = model.who(ctx, player)
            ctx.log(
                f"{name}: income {earned} talents (HB 9.1); upkeep of {units} units "
                f"(HB 9.2){'' if paid == units else f', {units - paid} of them unpaid'}",
                rule="HB 9.1",
                side=player,
            )
            ctx.log(f"Your treasury: {gold} talents", to=[player])
            if paid < units:
                economy.disband.append([player, units - paid])
        economy.recruiters = list(reversed(order))
        economy.raised = {}

    # -- the questions ---------------------------------------------------------------------------
    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        economy = EconomyFrame(frame)
        if economy.disband:
            player, left = economy.disband[0]
            return make_prompt(
                player,
                "disband",
                f"{model.who(ctx, player)}: disband {left} unpaid unit(s) (HB 9.2)",
                self._disbands(ctx, player),
            )
        while economy.recruiters:
            player = economy.recruiters[0]
            actions = self._recruits(ctx, economy, player)
            if actions:
                gold = model.records(ctx.state).gold[player]
                return make_prompt(
                    player,
                    "recruit",
                    f"{model.who(ctx, player)}: recruit units (HB 9.3); "
                    f"{gold} talents in your treasury",
                    [Action("done"), *actions],
                )
            economy.recruiters.pop(0)
            economy.raised = {}
        return None

    def asks(self, ctx: Context, frame: Frame) -> tuple[str, str, str] | None:
        """The recruiter asked by :meth:`prompt`, found by looking only for its first
        recruit (the frame normalised as :meth:`prompt` does: a player with none is passed
        over); a disbanding, or no recruiter left: None, :meth:`prompt` says.

        Why: a search scores each recruit by the position it reaches, whose listing of
        every recruit left (each city's limit, its field, each counter's price) was about
        a fifteenth of a Hannibal Barkas decision, for an answer only the recruiter needs."""
        economy = EconomyFrame(frame)
        if economy.disband:
            return None
        while economy.recruiters:
            player = economy.recruiters[0]
            if self._recruits(ctx, economy, player, first=True):
                gold = model.records(ctx.state).gold[player]
                return (
                    player,
                    "recruit",
                    f"{model.who(ctx, player)}: recruit units (HB 9.3); "
                    f"{gold} talents in your treasury",
                )
            economy.recruiters.pop(0)
            economy.raised = {}
        return None

    def _disbands(self, ctx: Context, player: str) -> list[Action]:
        """Any unit the player controls; at sea a ship only if those left can still carry
        the cargo (HB 1.2.7)."""
        definition, state = ctx.definition, ctx.state
        capacity = int(ctx.param("fleet.capacity"))
        found = set()
        for pid in units_of(ctx, player):
            space, kind = piece(state, pid).at, definition.pieces[pid].type
            if kind == "ships" and model.is_sea(definition, space):
                here = [p for p in model.pieces_at(state, space) if piece(state, p).side == player]
                ships = sum(1 for p in here if definition.pieces[p].type == "ships")
                cargo = sum(1 for p in here if definition.pieces[p].type not in ("ships", LEADER))
                if cargo > (ships - 1) * capacity:
                    continue
            found.add((space, kind))
        return [Action("disband", (space, kind)) for space, kind in sorted(found)]

    def _recruits(
        self, ctx: Context, economy: EconomyFrame, player: str, *, first: bool = False
    ) -> list[Action]:
        """The player's recruits; ``first``: only the first found (whether there is one)."""
        definition, state = ctx.definition, ctx.state
        team = definition.team_of(player)
        gold = int(model.records(state).gold[player])
        if gold < definition.derived("hannibal_barkas.cheapest_recruit", cheapest_recruit):
            return []
        raised: dict[str, int] = economy.raised
        actions: list[Action] = []
        where = model.occupancy(state)
        known: dict[tuple[str, str], int | None] = {}
        for city in model.held_cities(state, player):
            card = definition.cards[city]
            if raised.get(city, 0) >= recruit_limit(ctx, city):
                continue
            if not model.in_play(ctx, card.space):
                continue
            walled = bool(model.enemy_field(definition, state, team, card.space, where))
            if walled and not model.room_in(definition, state, city):
                continue  # recruits stand inside the walls when the enemy holds the field
            nation = counter_nation(ctx, player, city)
            for kind in CITY_UNITS:
                if kind == "ships" and (walled or not card.values.get("port")):
                    continue
                if kind == "elephants" and not card.values.get("elephants"):
                    continue
                cost = unit_cost(ctx, nation, kind, known)
                if cost is not None and cost <= gold:
                    actions.append(Action("recruit", (city, kind)))
                    if first:
                        return actions
        for tribe, marker in sorted(model.records(state).gauls.items()):
            if marker["team"] != team or marker["attitude"] != "allied":
                continue
            if model.enemy_field(definition, state, team, tribe, where) or not model.in_play(
                ctx, tribe
            ):
                continue
            levy = definition.board.spaces[tribe].values
            for kind, value in GALLIC.items():
                if raised.get(f"{tribe}:{kind}", 0) >= int(levy.get(value, 0)):
                    continue
                cost = unit_cost(ctx, team, kind, known)
                if cost is not None and cost <= gold:
                    actions.append(Action("recruit", (tribe, kind)))
                    if first:
                        return actions
        return actions

    # -- the answers -----------------------------------------------------------------------------
    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        economy = EconomyFrame(frame)
        if action.kind == "disband":
            self._disband(ctx, economy, str(action.args[0]), str(action.args[1]))
        elif action.kind == "recruit":
            self._recruit(ctx, economy, str(action.args[0]), str(action.args[1]))
        else:
            economy.recruiters.pop(0)
            economy.raised = {}

    def _disband(self, ctx: Context, economy: EconomyFrame, space: str, kind: str) -> None:
        player = economy.disband[0][0]
        pid = [
            p
            for p in ctx.definition.in_data_order(units_of(ctx, player))
            if piece(ctx.state, p).at == space and ctx.definition.pieces[p].type == kind
        ][-1]
        eliminate(ctx, pid)
        economy.disband[0][1] -= 1
        if economy.disband[0][1] <= 0:
            economy.disband.pop(0)
        ctx.log(
            f"{model.who(ctx, player)} disbands one {kind.replace('_', ' ')} in {space} (HB 9.2)",
            rule="HB 9.2",
        )
        sieges.verify(ctx)
        definition, state = ctx.definition, ctx.state
        if model.is_sea(definition, space) and not any(
            definition.pieces[p].type == "ships" and piece(state, p).side == player
            for p in model.pieces_at(state, space)
        ):
            for leader in model.leaders_of_at(definition, state, player, space):
                eliminate(ctx, leader)
                ctx.log(f"{leader} is lost with the last of his ships", rule="HB 1.2.7")

    def _recruit(self, ctx: Context, economy: EconomyFrame, where: str, kind: str) -> None:
        definition, state = ctx.definition, ctx.state
        player = economy.recruiters[0]
        raised: dict[str, Any] = economy.raised
        if where in definition.cards:
            nation = counter_nation(ctx, player, where)
            space = definition.cards[where].space
            raised[where] = raised.get(where, 0) + 1
        else:
            nation = definition.team_of(player)
            space = where
            raised[f"{where}:{kind}"] = raised.get(f"{where}:{kind}", 0) + 1
        pid = model.free_counters(definition, state, nation, kind)[0]
        cost = model.stat(definition, pid, "cost")
        model.records(state).gold[player] -= cost
        model.writable(state, pid).at = space
        model.writable(state, pid).side = player
        team = definition.team_of(player)
        if where in definition.cards and model.enemy_field(definition, state, team, space):
            model.set_city(model.writable(state, pid), where)
        ctx.log(
            f"{model.who(ctx, player)} recruits one {kind.replace('_', ' ')} in {where}",
            rule="HB 9.3",
            side=player,
        )
        combat.isolated_leaders(ctx, space, team)  # an enemy leader alone there (HB 5.6)


__all__ = ["Economy", "income", "units_of"]
