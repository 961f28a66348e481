"""How a Hannibal Barkas position looks to one side, for the greedy and MCTS players.

The players of a nation win or lose together (HB 10.3), so the position is judged for the
side's nation (its *team*: Rome, Carthage, or Syracuse as a player in games of three and
five). Each seated nation gets a score, in VP, from five terms read from the state the
player sampled from its information set (never the true state: the other nations' VP and
treasuries there are the sample's):

* VP (HB 10.3, XI): the nation's players' VP together, scaled to the small war's target
  (30) by the nation's own target, so Syracuse's 20 of 20 weighs as a nation's 30 of 30;
  in the campaign, whose nations have no VP target, the large war's 50 stands in;
* cities (HB 9.1): the income of the cities its players hold, not besieged (a besieged
  city yields nothing, HB 6.2), at CITY_VALUE a talent;
* armies (HB 9.3): the recruiting price of its units on the board (a heavy infantry costs
  2, a cavalry 3, a ship 5), at UNIT_VALUE a talent, so a unit is worth what it costs;
* treasury (HB IX): its players' talents, at GOLD_VALUE each - gold buys units later, so it
  is worth a little less than units already raised;
* politics (HB VII): every allied state (ALLY_VALUE: its cities, its army and its deck) and
  every step a state on the track leans towards it (STEP_VALUE).

A nation one capture away from the enemy's capital has already won (HB 11.1): the engine
ends the game, and a finished game scores its result instead of this. The side's value is
its nation's score less the best other nation's, squashed into (-1, 1) with ``tanh`` over
SCALE VP: a lead of 10 VP is worth about 0.76.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from framework.engine.state import State
from framework.gamedef import GameDef
from games.hannibal_barkas import model
from games.hannibal_barkas.model import LEADER, MAIN_TEAMS, OFF_BOARD

#: Weights, in VP.
CITY_VALUE = 0.5
UNIT_VALUE = 0.25
GOLD_VALUE = 0.15
ALLY_VALUE = 3.0
STEP_VALUE = 0.75
#: The VP lead that maps to tanh(1).
SCALE = 10.0
#: The yardstick every nation's VP are scaled to: the small war's target (HB 11.2).
YARDSTICK = 30.0


def target(state: State, team: str, params: Mapping[str, Any]) -> float:
    """The VP that win the war for ``team`` (HB 11.2, 10.4; the scenario's own), or the
    large war's in the campaign (no VP target for the nations)."""
    records = state["records"]
    war = records["war"]
    if war == "scenario":
        found = records["vp_targets"].get(team)
        return float(found) if found else float(params["victory.large_war"])
    suffix = "_syracuse" if team == "syracuse" else ""
    if war == "campaign":
        return float(params["victory.campaign_syracuse"] if suffix else params["victory.large_war"])
    return float(params[f"victory.{war}_war{suffix}"])


def seated_teams(definition: GameDef, state: State) -> list[str]:
    found: list[str] = []
    for player in model.players(state):
        team = definition.team_of(player)
        if team not in found:
            found.append(team)
    return found


#: Per loaded game: each piece's recruiting price (None for leaders) and each side's nation.
_TABLES: dict[int, tuple[GameDef, dict[str, int | None], dict[str, str]]] = {}


def _tables(definition: GameDef) -> tuple[dict[str, int | None], dict[str, str]]:
    found = _TABLES.get(id(definition))
    if found is None or found[0] is not definition:
        prices = {
            pid: None if piece.type == LEADER else model.stat(definition, pid, "cost")
            for pid, piece in definition.pieces.items()
        }
        teams = {side: definition.team_of(side) for side in definition.side_ids}
        found = _TABLES[id(definition)] = (definition, prices, teams)
    return found[1], found[2]


def army_prices(definition: GameDef, state: State) -> dict[str, int]:
    """Nation -> the recruiting price of its units on the board, in one pass over the pieces."""
    prices, teams = _tables(definition)
    found: dict[str, int] = {}
    for pid, piece in state["pieces"].items():
        price = prices[pid]
        if price is None or piece["at"] in OFF_BOARD:
            continue
        team = teams[piece["side"]]
        found[team] = found.get(team, 0) + price
    return found


def score(
    definition: GameDef,
    state: State,
    team: str,
    params: Mapping[str, Any],
    prices: Mapping[str, int] | None = None,
) -> float:
    """The nation's standing in VP (see the module's description); ``prices`` are
    :func:`army_prices` when the caller has them already."""
    records = state["records"]
    sides = model.team_sides(definition, team)
    vp = sum(int(records["vp"].get(s, 0)) for s in sides)
    total = vp * YARDSTICK / target(state, team, params)
    sieges = records["sieges"]
    income = sum(
        int(definition.cards[city].values["income"])
        for s in sides
        for city in state["zones"].get(f"cities:{s}", [])
        if city not in sieges
    )
    total += CITY_VALUE * income
    if prices is None:
        prices = army_prices(definition, state)
    total += UNIT_VALUE * prices.get(team, 0)
    total += GOLD_VALUE * sum(int(records["gold"].get(s, 0)) for s in sides)
    if team in MAIN_TEAMS:
        lean = model.direction(team)
        for state_id, position in records["political"].items():
            ally = records["allied_by"].get(state_id)
            if ally is not None:
                total += ALLY_VALUE if definition.team_of(ally) == team else -ALLY_VALUE
            else:
                total += STEP_VALUE * lean * int(position)
    return total


def evaluate(definition: GameDef, state: State, side: str, params: Mapping[str, Any]) -> float:
    """``side``'s nation's score less the best other seated nation's, in (-1, 1)."""
    team = definition.team_of(side)
    teams = seated_teams(definition, state)
    if team not in teams:
        return 0.0
    prices = army_prices(definition, state)
    scores = {t: score(definition, state, t, params, prices) for t in teams}
    rival = max((v for t, v in scores.items() if t != team), default=0.0)
    return math.tanh((scores[team] - rival) / SCALE)


__all__ = ["army_prices", "evaluate", "score"]
