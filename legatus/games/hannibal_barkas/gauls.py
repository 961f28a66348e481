"""The Gallic tribes (HB VIII): attitude markers, the attitude test, armed resistance.

A tribe holds one region, with its levy (infantry-cavalry) printed on it. Its attitude to a
nation is one of five, read from its marker (HB 1.2.14, 8.1): *allied* with the nation
(hostile to the other), *friendly* (unfriendly to the other), or *neutral* (no marker).

The test (HB 8.2, Tabela 2): whenever an army of a nation not allied with the tribe is
activated in or enters its region, a d10 is rolled for the tribe, +4 if it is friendly to
that nation, -4 if unfriendly, at most once per tribe a stage (reference A.23 #17). The
results, read for the nation tested (A.23 #16): 9-10 an alliance (and 2 Gallic infantry
volunteers join it in the tribe's region, HB 8.2), 7-8 friendly, 5-6 nothing changes, 3-4
friendly to the other nation, 1-2 allied with the other nation - and hostile, so the army
stops and the tribe fights it (HB 8.3). An enemy army entering an allied tribe's region
faces armed resistance at once, without a test (HB 8.1). A Syracusan army alone finds every
tribe hostile (the scenarios' Syracuse notes).

Armed resistance (HB 8.3) is a normal battle (:mod:`legatus.games.hannibal_barkas.battle`) against
the tribe's whole levy, led by a player of the nation the army is fighting (for a Syracusan
army, the first Roman or Carthaginian player in the order of play; A.23 #18). Beaten, the
tribe turns friendly to the winner; victorious, it stays as it was and the army has
retreated. The levy's survivors go home (they are the printed levy, not counters on the
map; A.23 #18).
"""

from __future__ import annotations

from legatus import Context, State, rules_query
from legatus.games.hannibal_barkas import model
from legatus.games.hannibal_barkas.model import MAIN_TEAMS

#: A tribe's attitude towards a nation, as steps: -2 allied with the other (hostile), -1
#: friendly to the other (unfriendly), 0 neutral, +1 friendly, +2 allied (HB 8.1).
STEPS = {"friendly": 1, "allied": 2}
NAMES = {2: "allied", 1: "friendly", 0: "neutral", -1: "unfriendly", -2: "hostile"}
#: What each result of Tabela 2 makes the tribe, for the nation tested (A.23 #16).
RESULTS = {"Sojusz": 2, "Przyjazne": 1, "Neutralne": None, "Nieprzyjazne": -1, "Wrogie": -2}


def attitude(ctx: Context, tribe: str, team: str) -> int:
    return attitude_in(ctx.state, tribe, team)


def attitude_in(state: State, tribe: str, team: str) -> int:
    """The tribe's attitude towards ``team`` in ``state``, as steps (see STEPS)."""
    marker = model.records(state).gauls.get(tribe)
    if marker is None:
        return 0
    value = STEPS[marker["attitude"]]
    return value if marker["team"] == team else -value


@rules_query("attitude(tribe: space, tester: side) -> str", rule="HB 8.1")
def attitude_name(ctx: Context, tribe: str, tester: str) -> str:
    """The query ``attitude(tribe, tester)`` of the rules file's Tabela 2."""
    return NAMES[attitude(ctx, tribe, ctx.definition.team_of(tester))]


def set_attitude(ctx: Context, tribe: str, team: str, value: int) -> None:
    gauls = model.records(ctx.state).gauls
    if value == 0:
        gauls.pop(tribe, None)
        return
    rival = next((t for t in MAIN_TEAMS if t != team), team)
    owner = team if value > 0 else rival
    gauls[tribe] = {"team": owner, "attitude": "allied" if abs(value) == 2 else "friendly"}


def hostile(ctx: Context, tribe: str, team: str) -> bool:
    """The tribe fights an army of ``team`` that enters: allied with another nation, or
    any tribe for a Syracusan army."""
    return hostile_in(ctx.state, tribe, team)


def hostile_in(state: State, tribe: str, team: str) -> bool:
    """:func:`hostile` read from a state (the evaluation has no context)."""
    if team not in MAIN_TEAMS:
        return True
    return attitude_in(state, tribe, team) == -2


def must_test(ctx: Context, tribe: str, team: str) -> bool:
    """HB 8.2: an army of a nation not allied with the tribe, once a stage per tribe."""
    if not model.is_tribe(ctx.definition, tribe) or team not in MAIN_TEAMS:
        return False
    if abs(attitude(ctx, tribe, team)) == 2:
        return False
    return tribe not in model.records(ctx.state).tested


def volunteers(ctx: Context, tribe: str, player: str) -> None:
    """HB 8.2, A.23 #51: on every alliance with a tribe, 2 Gallic infantry volunteers join
    the player in the tribe's region."""
    from legatus.games.hannibal_barkas.model import place

    definition = ctx.definition
    team = definition.team_of(player)
    placed = place(ctx, team, "gallic_infantry", int(ctx.param("gauls.volunteers")), tribe, player)
    ctx.log(
        f"{tribe} allies with {team.capitalize()}: {model.describe_units(definition, placed)} volunteer "
        f"for {model.who(ctx, player)}",
        rule="HB 8.2",
        tribe=tribe,
    )


def test(ctx: Context, player: str, tribe: str) -> bool:
    """Roll the tribe's attitude test for ``player``'s nation (HB 8.2, Tabela 2); True when
    the tribe turns hostile."""
    definition = ctx.definition
    team = definition.team_of(player)
    model.records(ctx.state).tested.append(tribe)
    model.records(ctx.state).tested.sort()
    result = ctx.roll_on("gallic_attitude", column="attitude", tribe=tribe, tester=player)
    word = str(result.cell.text)
    after = RESULTS[word]
    ctx.log(
        f"{tribe} test their attitude to {team}: d10 {result.roll}"
        + (f" {result.modifier:+d}" if result.modifier else "")
        + f" = {result.modified}, {word}",
        rule="HB 8.2",
        tribe=tribe,
        roll=result.roll,
    )
    if after is None:
        return False
    set_attitude(ctx, tribe, team, after)
    if after == 2:
        volunteers(ctx, tribe, player)
    return after == -2


def director(ctx: Context, team: str) -> str | None:
    """Who leads a tribe's levy against an army of ``team`` (HB 8.3; A.23 #18): the first
    player in the order of play of the main nation that is not ``team``."""
    order = list(model.records(ctx.state).order) or model.players(ctx.state)
    for player in order + model.players(ctx.state):
        other = ctx.definition.team_of(player)
        if other in MAIN_TEAMS and other != team:
            return player
    return None


def resist(ctx: Context, player: str, tribe: str, origins: dict[str, str]) -> bool:
    """Armed resistance (HB 8.3): push the battle of the tribe's levy against the army of
    ``player``'s nation in its region. False when no player can lead the levy."""
    team = ctx.definition.team_of(player)
    leader = director(ctx, team)
    if leader is None:
        return False
    ctx.push(
        "battle",
        space=tribe,
        attackers=team,
        origins=origins,
        tribe=tribe,
        director=leader,
        actor=player,
    )
    return True


__all__ = [
    "attitude",
    "attitude_in",
    "hostile",
    "hostile_in",
    "must_test",
    "resist",
    "set_attitude",
    "test",
]
