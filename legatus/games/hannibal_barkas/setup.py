"""The start of a game (HB II, 10.2) and of each stage (HB III, 4.1), and the interim result.

``take_seats`` is the first step of the sequence of play. The scenario has placed every
counter under its nation's first half and given each half its starting IP and gold
(the scenarios split each nation between two players, HB 10.2); the step then

1. adds the halves of a nation one player runs: their starting IP and gold (HB 10.2,
   "startowe Punkty Inicjatywy oraz Złoto są sumowane");
2. gives each counter of Rome, Carthage, a seated Syracuse, or a state allied with one of
   them to the player whose sphere of influence holds its region (HB 10.1, VII);
3. deals the city cards the same way (a neutral state keeps its own), the leader cards to
   the leaders' players, and shuffles the six decks (HB II step 7).
"""

from __future__ import annotations

from legatus import Context, on_map, pieces_of, zone_cards
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import CITIES, LEADERS, MAIN_TEAMS, MOVED, zone


def team_of_nation(ctx: Context, nation: str) -> str | None:
    """The nation whose players control a nation's counters and cities: Rome and Carthage
    their own, Syracuse its own when a player runs it, a state its ally's (None: nobody)."""
    if nation in MAIN_TEAMS:
        return nation
    if model.player_of(ctx.state, nation) is not None:
        return nation
    return model.ally_team(ctx, nation)


def take_seats(ctx: Context) -> None:
    """HB II, 10.1, 10.2: the players take their nations, counters, cities and cards."""
    definition, state = ctx.definition, ctx.state
    records = model.records(state)
    for sides in state["seats"].values():
        lead = sides[0]
        for other in sides[1:]:
            for name in ("ip", "gold", "vp"):
                records.data[name][lead] += records.data[name][other]
                records.data[name][other] = 0
    armies: dict[str, str] = records.armies
    for pid, piece in pieces_of(state):
        if not on_map(piece):
            continue
        team = team_of_nation(ctx, model.nation_of(definition, pid))
        if team is None:
            continue
        chosen = armies.get(piece["at"])
        if chosen is not None and definition.team_of(chosen) == team:
            controller = model.player_of(state, chosen)
        else:
            controller = model.sphere_player(definition, state, team, piece["at"])
        if controller is not None:
            model.writable(state, pid).side = controller
    captured: dict[str, str] = {**records.held, **records.captured}
    for card in model.city_cards(definition):
        team = team_of_nation(ctx, card.deck)
        if card.id in captured:
            keeper = model.player_of(state, captured[card.id]) or captured[card.id]
        elif team is not None:
            keeper = model.sphere_player(definition, state, team, card.space) or card.deck
        else:
            keeper = card.deck
        zone_cards(state, zone(CITIES, keeper)).append(card.id)
    for card in definition.cards.values():
        if card.kind != "leader":
            continue
        piece = state["pieces"][card.id]
        if on_map(piece):
            zone_cards(state, zone(LEADERS, piece["side"])).append(card.id)
        elif "consul" in definition.pieces[card.id].tags:
            zone_cards(state, "consuls").append(card.id)
        else:
            zone_cards(state, "reserve").append(card.id)
    for nation in model.NATIONS:
        deck = [
            card.id
            for card in definition.cards.values()
            if card.kind == "event" and card.deck == nation
            for _ in range(card.copies)
        ]
        ctx.shuffle(deck)
        state["zones"][model.deck_zone(nation)] = deck
    for key in state["zones"]:
        if key.startswith(("cities:", "leaders:")) or key in ("consuls", "reserve"):
            zone_cards(state, key).sort()
    shown = "; ".join(
        f"{model.who(ctx, sides[0])} (the whole nation: its starting IP and gold added, HB 10.2)"
        if len(sides) > 1
        else model.who(ctx, sides[0])
        for sides in state["seats"].values()
    )
    ctx.log(f"The players take their seats: {shown}", rule="HB II")
    options = set(state["options"])
    if "large_war" in options:
        records.war = "large"
    elif "campaign" in options:
        records.war = "campaign"
    ctx.log(f"The war: {war_name(ctx)}", rule="HB 11.2")


def war_name(ctx: Context) -> str:
    """The war played and its targets (HB 11.2, 10.4)."""
    from legatus.games.hannibal_barkas import victory

    war = model.records(ctx.state).war
    names = {
        "small": "the small war",
        "large": "the large war",
        "campaign": "the campaign",
        "scenario": "the scenario's",
    }
    targets = [
        f"{team.capitalize()} {goal} VP"
        for team in victory.seated_teams(ctx)
        if (goal := victory.target(ctx, team)) is not None
    ]
    return f"{names[war]} ({', '.join(targets) or 'until a capital falls'})"


def new_stage(ctx: Context) -> None:
    """HB 4.1: at the start of every stage all counters are turned face up; the order of
    the last stage is cleared."""
    state = ctx.state
    for pid, piece in state["pieces"].items():
        if MOVED in piece["flags"]:
            model.writable(state, pid).flags.remove(MOVED)
    records = model.records(ctx.state)
    records.passed = []
    records.order = []
    records.tested = []
    year, stage = ctx.state["vars"].get("year", 1), ctx.state["vars"].get("stage", 1)
    months = stage_label(ctx, int(stage))
    ctx.log(f"Year {year}, stage {stage} ({months})", rule="HB III", year=year, stage=stage)


def stage_label(ctx: Context, stage: int) -> str:
    """The stage's months, from the rules file's stage track (HB III; GUESS, B.11)."""
    ruleset = getattr(ctx.game.rules, "ruleset", None)
    if ruleset is None or "stage_track" not in ruleset.tables:
        return ""
    return str(ruleset.table("stage_track").lookup(stage, "months").text)


def end_stage(ctx: Context) -> None:
    """HB III, phase 7: the stage marker moves on; after stage 6 a new year starts in
    stage 1. A dictatorship runs down (HB 12.4); a scenario's own victory is checked."""
    from legatus.games.hannibal_barkas import advanced, victory

    advanced.dictatorship_passes(ctx)
    victory.check(ctx)
    stage = int(ctx.state["vars"].get("stage", 1))
    if stage >= int(ctx.param("stages")):
        model.records(ctx.state).first_stage = 1
        model.records(ctx.state).italian_victories = []
        ctx.log("The year ends", rule="HB III")


def time_limit(ctx: Context) -> None:
    """HB XI: the agreed time is up; the VP are counted."""
    from legatus.games.hannibal_barkas import victory

    victory.time_limit(ctx)
