"""The political track and alliances (HB VII, 3.4.5): what part 1 needs of them.

A state on the track (Massilia, Numidia, Macedonia; Syracuse when no player runs it)
moves one space towards a nation for a political action (2 IP and 10 talents, HB 3.4.5)
or an event. On the end space it allies with that nation (HB VII): the player who moved
it there scores 2 VP, 2 heavy infantry join its garrison in the capital (the 2 a neutral
capital holds become the ally's too, reference A.23 #23), and its cities, counters and
leaders pass to the players of the nation, each to the player whose sphere holds them
(HB 10.1); a player of the nation draws from its deck (HB 3.1). An event that moves an
allied state away from its ally (a "powerful" event, A.23 #25) breaks the alliance: the
player who made it loses the 2 VP, the state's cards leave the hands, its leaders' cards
are set aside, and its counters go home to its capital (HB VII).

Taking a state's capital makes it the captor's ally; entering a neutral state's land is an
act of aggression that allies it with the other nation (HB VII).

A state the track moves into an alliance may find the other nation's army in the field
with its own: an army of its former ally left on its land when it turned neutral (the
rulebook sends only the state's own units home, HB VII), or the former ally's army in its
capital when a powerful event turns it to the other side at once. Reading: the state's
army, now the ally's, attacks that army at once (:func:`fight_on_its_land`): armies of the
two nations in one field fight (HB 5.1), and the state is at war with the enemy's army on
its land as with an aggressor's (HB VII). The battle has no origins, so each side retreats
as a defender does (HB 5.4).
"""

from __future__ import annotations

from legatus import Context, on_map, piece, pieces_of, rules_effect, rules_query, zone_cards
from legatus.games.hannibal_barkas import combat, model
from legatus.games.hannibal_barkas.model import CITIES, HAND, LEADER, LEADERS, zone


@rules_query("courted_states(player: side) -> list[side]", rule="HB 3.4.5")
def courted_states(ctx: Context, player: str) -> list[str]:
    """States a player may court: on the track, not allied (HB 3.4.3, 3.4.5); the Syracuse
    player courts none (HB 10.4)."""
    if ctx.definition.team_of(player) not in model.MAIN_TEAMS:
        return []
    return [s for s in model.records(ctx.state).political if model.ally_team(ctx, s) is None]


@rules_effect("shift_state(player: side, state_id: side, spaces: int)", rule="HB VII")
def shift(ctx: Context, player: str, state_id: str, spaces: int) -> None:
    """Move a state's marker ``spaces`` towards the player's nation (HB VII)."""
    records = model.records(ctx.state)
    team = ctx.definition.team_of(player)
    end = int(ctx.param("political.alliance"))
    before_ally = model.ally_team(ctx, state_id)
    before = int(records.political[state_id])
    after = max(-end, min(end, before + model.direction(team) * spaces))
    records.political[state_id] = after
    ctx.log(
        f"{model.who(ctx, state_id)} moves on the political track from "
        f"{before} to {after} ({model.who(ctx, player)})",
        rule="HB VII",
        state=state_id,
        position=after,
    )
    now = model.ally_team(ctx, state_id)
    if before_ally is not None and now != before_ally:
        break_alliance(ctx, state_id, before_ally)
    if now is not None and now != before_ally:
        ally(ctx, state_id, now, player)
        fight_on_its_land(ctx, state_id, now)


def fight_on_its_land(ctx: Context, state_id: str, team: str) -> None:
    """A state just allied with ``team`` by the track (a political action or an event):
    where its army stands in a field with the other nation's army, it attacks it at once
    (HB 5.1, HB VII; the reading is in this module's docstring)."""
    definition, state = ctx.definition, ctx.state
    enemy = rival(team)
    spaces = sorted(
        {
            piece["at"]
            for pid, piece in pieces_of(state)
            if on_map(piece)
            and model.in_city(piece) is None
            and model.nation_of(definition, pid) == state_id
            and definition.team_of(piece["side"]) == team
        }
    )
    for space in spaces:
        if model.is_sea(definition, space):
            continue
        if not any(
            definition.team_of(state["pieces"][pid]["side"]) == enemy
            for pid in model.field_units(definition, state, space)
        ):
            continue
        ctx.log(
            f"{model.who(ctx, state_id)} is at war with {enemy.capitalize()}'s army in "
            f"{space}: its army attacks",
            rule="HB VII",
            state=state_id,
            space=space,
        )
        ctx.push(
            "battle",
            space=space,
            attackers=team,
            origins={},
            actor=controller(ctx, team, space),
            tribe=None,
            director=None,
        )


def controller(ctx: Context, team: str, space: str) -> str:
    found = model.sphere_player(ctx.definition, ctx.state, team, space)
    return found if found is not None else model.team_sides(ctx.definition, team)[0]


def ally(ctx: Context, state_id: str, team: str, player: str) -> None:
    """HB VII: a state allies with ``team``; ``player`` brought it in."""
    definition, state = ctx.definition, ctx.state
    records = model.records(state)
    vp = int(ctx.param("alliance.vp"))
    records.allied_by[state_id] = player
    capital = model.capital_of(definition, state_id)
    keeper = controller(ctx, team, capital)
    fresh = model.free_counters(definition, state, state_id, "heavy_infantry")
    for pid in fresh[: int(ctx.param("alliance.heavy_infantry"))]:
        model.writable(state, pid).at = capital
    for pid, entry in pieces_of(state):
        if on_map(entry) and model.nation_of(definition, pid) == state_id:
            keeper_here = controller(ctx, team, entry["at"])
            model.writable(state, pid).side = keeper_here
            if definition.pieces[pid].type == LEADER:
                move_card(ctx, pid, keeper_here)
    for city in list(zone_cards(state, zone(CITIES, state_id))):
        zone_cards(state, zone(CITIES, state_id)).remove(city)
        holder = controller(ctx, team, definition.cards[city].space)
        zone_cards(state, zone(CITIES, holder)).append(city)
        zone_cards(state, zone(CITIES, holder)).sort()
    ctx.log(
        f"{model.who(ctx, state_id)} allies with {team.capitalize()}, brought in by "
        f"{model.who(ctx, player)}; its army in {capital} is {model.who(ctx, keeper)}'s",
        rule="HB VII",
        state=state_id,
        team=team,
    )
    from legatus.games.hannibal_barkas import victory

    victory.score(ctx, player, vp, f"the alliance with {model.who(ctx, state_id)}", "HB VII")
    combat.isolated_leaders_everywhere(ctx, team)  # its counters changed sides (HB 5.6)


def move_card(ctx: Context, leader: str, side: str) -> None:
    """A leader's card follows the leader to the player who commands him (HB 3.4.6)."""
    zones = ctx.state["zones"]
    for key, cards in zones.items():
        if leader in cards and (key.startswith("leaders:") or key == "reserve"):
            cards.remove(leader)
    zones[zone(LEADERS, side)].append(leader)
    zones[zone(LEADERS, side)].sort()


def break_alliance(ctx: Context, state_id: str, team: str) -> None:
    """HB VII: an allied state leaves its ally."""
    definition, state = ctx.definition, ctx.state
    records = model.records(state)
    loser = records.allied_by.pop(state_id, None)
    if loser is not None:
        from legatus.games.hannibal_barkas import victory

        victory.score(
            ctx, loser, -int(ctx.param("alliance.vp")), f"{model.who(ctx, state_id)} lost", "HB VII"
        )
    for player in model.team_players(definition, state, team):
        hand = zone_cards(state, zone(HAND, player))
        for card in [c for c in hand if definition.cards[c].deck == state_id]:
            hand.remove(card)
            zone_cards(state, model.discard_zone(state_id)).append(card)
    capital = model.capital_of(definition, state_id)
    for pid, entry in pieces_of(state):
        if on_map(entry) and model.nation_of(definition, pid) == state_id:
            unit = model.writable(state, pid)
            unit.at = capital
            unit.side = state_id
            model.set_city(unit, None)
            if definition.pieces[pid].type == LEADER:
                for key, cards in state["zones"].items():
                    if pid in cards and key.startswith("leaders:"):
                        cards.remove(pid)
                zone_cards(state, "reserve").append(pid)
                zone_cards(state, "reserve").sort()
    for key in list(state["zones"]):
        if not key.startswith("cities:"):
            continue
        for city in [c for c in zone_cards(state, key) if definition.cards[c].deck == state_id]:
            zone_cards(state, key).remove(city)
            zone_cards(state, zone(CITIES, state_id)).append(city)
    zone_cards(state, zone(CITIES, state_id)).sort()
    ctx.log(
        f"{model.who(ctx, state_id)} leaves its alliance with {team.capitalize()}",
        rule="HB VII",
        state=state_id,
    )


def rival(team: str) -> str:
    return "rome" if team == "carthage" else "carthage"


def seize(ctx: Context, state_id: str, team: str, player: str, why: str) -> None:
    """The state moves to the alliance end of ``team`` at once (HB VII: its capital taken,
    or aggression against it), leaving any other alliance first."""
    records = model.records(ctx.state)
    if state_id not in records.political or model.ally_team(ctx, state_id) == team:
        return
    end = int(ctx.param("political.alliance"))
    before_ally = model.ally_team(ctx, state_id)
    records.political[state_id] = end * model.direction(team)
    ctx.log(f"{model.who(ctx, state_id)}: {why}", rule="HB VII", state=state_id)
    if before_ally is not None:
        break_alliance(ctx, state_id, before_ally)
    ally(ctx, state_id, team, player)


def capital_taken(ctx: Context, state_id: str, player: str) -> None:
    """HB VII: taking a state's capital makes it the captor's ally."""
    team = ctx.definition.team_of(player)
    if team in model.MAIN_TEAMS:
        seize(ctx, state_id, team, player, f"its capital taken, it allies with {team.capitalize()}")


def aggression(ctx: Context, state_id: str, aggressor: str) -> None:
    """HB VII: an army entering a neutral state's territory is an act of aggression: the
    state goes to war with the aggressor and allies at once with the other nation, which
    scores and garrisons as for any alliance (reference A.23 #24)."""
    definition = ctx.definition
    team = rival(definition.team_of(aggressor))
    capital = model.capital_of(definition, state_id)
    player = controller(ctx, team, capital)
    ctx.fired("HB VII")
    seize(
        ctx,
        state_id,
        team,
        player,
        f"{model.who(ctx, aggressor)} invades its land: it allies with {team.capitalize()}",
    )


def cityless_capitals(ctx: Context) -> None:
    """A state whose capital has no city (Macedonia's Iliria, HB VII) has it taken when an
    army of a nation holds it with no unit of the state left there (reference A.23 #22)."""
    definition, state = ctx.definition, ctx.state
    for state_id in list(model.records(state).political):
        capital = model.capital_of(definition, state_id)
        if model.cities_in(definition, capital):
            continue
        units = model.field_units(definition, state, capital)
        if any(model.nation_of(definition, p) == state_id for p in units):
            continue
        teams = {definition.team_of(piece(state, p).side) for p in units}
        if len(teams) != 1:
            continue
        team = next(iter(teams))
        if team in model.MAIN_TEAMS and model.ally_team(ctx, state_id) != team:
            holder = piece(state, units[0]).side
            capital_taken(ctx, state_id, model.player_of(state, holder) or holder)
