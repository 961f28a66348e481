"""Victory (HB XI, 10.3, 10.4): victory points, the wars' targets, capitals, the time limit.

VP are scored individually and kept secret from the other nations (HB 1.2.12, 10.3): every
VP a player scores goes through :func:`score`, which tells only his nation's players. The
war ends when the players of one nation together reach the target of the war chosen
(HB 11.2: the small war 30 VP, the large war 50; the campaign has none), or Syracuse alone
reaches its own (20, 30, 40: HB 10.4), or a nation takes the enemy's capital (HB 11.1; the
Syracusan player wins by taking Roma or Carthago). A scenario may set other targets
(Scenario I: 15 each, and Rome wins when Carthage's army in Italy falls below 5 units).

The rulebook also lets the players agree on a time limit and count VP then (HB XI, the
advice); the game plays at most ``years`` years (a parameter) and then ranks the nations by
their share of their target. Inside the winning nation the player who scored more VP alone
is the individual winner (HB 10.3): the result ranks him first, his team-mate second, the
other nations after them (each nation's players sharing its rank); the sides no player runs
take no part and are not ranked (:mod:`legatus.framework.engine.outcome`), so equal shares at the top
are a draw for every player.
"""

from __future__ import annotations

from legatus import Context, on_map, pieces_of
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import MAIN_TEAMS


def team_vp(ctx: Context, team: str) -> int:
    vp = model.records(ctx.state).vp
    return sum(int(vp[s]) for s in model.team_sides(ctx.definition, team))


def target(ctx: Context, team: str) -> int | None:
    """The VP that win the war for ``team`` (HB 11.2, 10.4; a scenario's own), or None."""
    records = model.records(ctx.state)
    war = records.war
    if war == "scenario":
        found = records.vp_targets.get(team)
        return None if found is None else int(found)
    suffix = "_syracuse" if team == "syracuse" else ""
    if war == "campaign":
        return int(ctx.param("victory.campaign_syracuse")) if suffix else None
    return int(ctx.param(f"victory.{war}_war{suffix}"))


def yardstick(ctx: Context, team: str) -> int:
    """What a nation's VP are measured against at the time limit: its target, or in the
    campaign the large war's."""
    found = target(ctx, team)
    if found:
        return found
    return int(ctx.param("victory.large_war"))


def seated_teams(ctx: Context) -> list[str]:
    found: list[str] = []
    for player in model.players(ctx.state):
        team = ctx.definition.team_of(player)
        if team not in found:
            found.append(team)
    return found


def score(ctx: Context, player: str, vp: int, reason: str, rule: str = "HB 10.3") -> None:
    """``player`` scores (or, negative, loses) VP; only his nation is told (HB 1.2.12)."""
    if not vp:
        return
    definition, state = ctx.definition, ctx.state
    lead = model.player_of(state, player) or player
    model.records(state).vp[lead] += vp
    team = definition.team_of(lead)
    verb = "scores" if vp > 0 else "loses"
    ctx.log(
        f"{model.who(ctx, lead)} {verb} {abs(vp)} VP ({reason})",
        to=model.team_sides(definition, team),
        rule=rule,
    )
    if vp > 0:
        check(ctx)


def check(ctx: Context) -> None:
    """End the war if a nation has reached its target, or a scenario's condition holds."""
    state = ctx.state
    if state["result"] is not None:
        return
    for team in seated_teams(ctx):
        goal = target(ctx, team)
        if goal is not None and team_vp(ctx, team) >= goal:
            rule = "HB 10.4" if team == "syracuse" else "HB 10.3, 11.2"
            finish(ctx, team, f"{team.capitalize()} reach {goal} VP", rule)
            return
    floor = model.records(state).army_floor
    if floor:
        team = floor["team"]
        units = [
            pid
            for pid, piece in pieces_of(state)
            if on_map(piece)
            and ctx.definition.team_of(piece["side"]) == team
            and ctx.definition.pieces[pid].type != model.LEADER
            and not model.is_sea(ctx.definition, piece["at"])
            and any(a in ctx.definition.board.spaces[piece["at"]].tags for a in floor["areas"])
        ]
        if len(units) < int(floor["units"]):
            finish(
                ctx,
                floor["winner"],
                f"{team.capitalize()} have fewer than {floor['units']} units left in Italy",
                "HB Scenario I",
            )


def capital_captured(ctx: Context, player: str, nation: str) -> None:
    """HB 11.1: taking the enemy's capital wins; the Syracusan player wins by taking Roma or
    Carthago."""
    team = ctx.definition.team_of(player)
    if nation in MAIN_TEAMS and team != nation and ctx.state["result"] is None:
        capital = model.capital_of(ctx.definition, nation)
        finish(ctx, team, f"{team.capitalize()} take {capital}", "HB 11.1")


def standing(ctx: Context, team: str) -> float:
    return team_vp(ctx, team) / yardstick(ctx, team)


def time_limit(ctx: Context) -> None:
    """After the last year (HB XI, the players' time limit): the nation with the largest
    share of its target wins; equal shares at the top are a draw."""
    teams = seated_teams(ctx)
    best = max(standing(ctx, t) for t in teams)
    top = [t for t in teams if standing(ctx, t) == best]
    shown = ", ".join(f"{t.capitalize()} {team_vp(ctx, t)} VP" for t in teams)
    if len(top) == 1:
        finish(ctx, top[0], f"the time limit: {shown}", "HB XI")
    else:
        finish(ctx, None, f"the time limit, undecided: {shown}", "HB XI")


def finish(ctx: Context, winner: str | None, reason: str, rule: str) -> None:
    """End the game with every played side's rank (see the module's description)."""
    definition, state = ctx.definition, ctx.state
    vp = model.records(state).vp
    teams = seated_teams(ctx)
    others = [t for t in teams if t != winner]
    others.sort(key=lambda t: -standing(ctx, t))
    groups: list[list[str]] = [[winner]] if winner is not None else []
    for team in others:
        if (
            groups
            and groups[-1][0] != winner
            and standing(ctx, groups[-1][0]) == standing(ctx, team)
        ):
            groups[-1].append(team)
        else:
            groups.append([team])
    rank_of: dict[str, int] = {}
    rank = 1
    for group in groups:
        members = [p for t in group for p in model.team_players(definition, state, t)]
        if group == [winner]:
            for player in members:
                rank_of[player] = rank + sum(1 for p in members if vp[p] > vp[player])
        else:
            for player in members:
                rank_of[player] = rank
        rank += len(members)
    ranks = {  # the sides no seat plays (neutral states, a Syracuse on the track) take no part
        side: rank_of.get(leader, rank)
        for side in definition.side_ids
        if (leader := model.player_of(state, side)) is not None
    }
    first = [p for p in model.players(state) if rank_of.get(p) == 1]
    champion = first[0] if winner is not None and first else None
    if champion is not None and len(model.team_players(definition, state, winner or "")) > 1:
        reason += f"; {model.who(ctx, champion)} scored the most VP of his nation"
    ctx.end(champion, reason, rule, ranks=ranks)


__all__ = ["capital_captured", "check", "finish", "score", "target", "time_limit"]
