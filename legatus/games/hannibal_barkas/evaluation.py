"""How a Hannibal Barkas position looks to one side, for the greedy and MCTS players.

The players of a nation win or lose together (HB 10.3), so the position is judged for the
side's nation (its *team*: Rome, Carthage, or Syracuse as a player in games of three and
five). Each seated nation gets a score, in VP, from seven terms read from the state the
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
  every state on the track leaning towards it, for the part of the way to an alliance it
  has come (one step of the two on the five-space track: half of what an alliance brings,
  ALLY_VALUE and the VP for making it, HB VII). A political action (2 IP and 10 talents,
  HB 3.4.5) that moves a state one step is then worth its price to a player who sees one
  action ahead, not only the one that completes the alliance;
* battles (HB V): where armies of two nations share a field (a battle about to be fought
  or being fought, HB 5.1; a tribe's levy too, from the moment an army enters a tribe
  hostile to it, before the levy takes the field, HB 8.1, 8.3), its
  likely outcome is counted before the dice: each army is expected to lose the hits the
  enemy fires in EXPECTED_ROUNDS rounds (a unit hits on its attack value or more on a d10,
  HB 1.2, 1.4; elephants always; at sea only ships fire, +1 for each infantry unit aboard,
  two a ship, HB 5.10; each point of command rerolls a failed die, HB 5.6), capped at its
  units; the side with the greater strength (hits a round times units, the square law) is
  likely to win, and the winner scores 1 VP for each 5 units eliminated (HB 5.11); an army
  that is likely to lose and to lose most of its units takes its leaders with it, whose
  VP the enemy scores (HB 5.6, 5.11). So a search player sees a leader with one cavalry
  marching into a tribe's levy of eleven for what it is;
* sieges (HB 6.2, 6.3): a city on the siege track counts for its besieger by the chance
  that it falls, 1 in (1 + its level + its extra defenders) - each stage of siege costs it
  a level or a defender - for the city's VP and its income.

A nation one capture away from the enemy's capital has already won (HB 11.1): the engine
ends the game, and a finished game scores its result instead of this. The side's value is
its nation's score less the best other nation's, squashed into (-1, 1) with ``tanh`` over
SCALE VP: a lead of 10 VP is worth about 0.76.
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import itemgetter, ne
from typing import Any, NamedTuple

from legatus import GameDef, PieceEntry, State, frames_of
from legatus.games.hannibal_barkas import gauls, model
from legatus.games.hannibal_barkas.combat import GAULS
from legatus.games.hannibal_barkas.economy import GALLIC
from legatus.games.hannibal_barkas.model import INFANTRY, LEADER, MAIN_TEAMS

#: Weights, in VP.
CITY_VALUE = 0.5
UNIT_VALUE = 0.25
GOLD_VALUE = 0.15
ALLY_VALUE = 3.0
#: The VP lead that maps to tanh(1).
SCALE = 10.0
#: The yardstick every nation's VP are scaled to: the small war's target (HB 11.2).
YARDSTICK = 30.0
#: Rounds of enemy fire an army in a battle is expected to take (HB 5.3, 5.4).
EXPECTED_ROUNDS = 2.0
#: HB 5.11: the winner's VP per this many enemy units eliminated.
UNITS_PER_VP = 5.0


def target(state: State, team: str, params: Mapping[str, Any]) -> float:
    """The VP that win the war for ``team`` (HB 11.2, 10.4; the scenario's own), or the
    large war's in the campaign (no VP target for the nations)."""
    records = model.records(state)
    war = records.war
    if war == "scenario":
        found = records.vp_targets.get(team)
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


@dataclass(frozen=True)
class Tables:
    """Per loaded game, what the evaluation reads of every piece and side."""

    #: Piece -> its recruiting price (None for a leader).
    prices: dict[str, int | None]
    #: Side -> its nation.
    teams: dict[str, str]
    #: Unit -> its chance to hit with one die (HB 1.2, 1.4: on its attack value or more on a
    #: d10, 0 counting as 10; elephants hit without a roll).
    hit: dict[str, float]
    #: Leader -> (his command, his card's VP).
    leaders: dict[str, tuple[int, int]]
    #: Tribe -> its levy printed on its region (HB 8.3): units and their hits a round.
    levies: dict[str, tuple[int, float]]
    #: Piece -> what :func:`survey` adds to its army (see :class:`Role`), read once.
    roles: dict[str, Role]
    #: Nation -> its sides, in the manifest's order (:func:`model.team_sides`).
    sides: dict[str, list[str]]
    #: City -> its printed income (HB 9.1).
    income: dict[str, int]


#: What a piece is to an army: a leader, a ship, or a land unit.
LEADS, SAILS, FIGHTS = 0, 1, 2


class Role(NamedTuple):
    """What a piece adds to its nation's army, the same in every state: its kind
    (:data:`LEADS`, :data:`SAILS` or :data:`FIGHTS`), its price, its chance to hit, whether
    it is infantry (which counts aboard ships, HB 5.10, and behind walls, HB VI), and a
    leader's command and VP."""

    kind: int
    price: int
    hit: float
    infantry: bool
    command: int
    vp: int


def _hit_chance(definition: GameDef, pid: str) -> float:
    attack = definition.pieces[pid].stats.get("attack")
    if isinstance(attack, str):  # 'auto': elephants (HB 1.2.6)
        return 1.0
    return max(0.0, min(1.0, (11 - int(attack or 11)) / 10))


def _levies(definition: GameDef) -> dict[str, tuple[int, float]]:
    # Each kind of levy unit's chance to hit, read from the first Gallic piece of the kind.
    chance: dict[str, float] = {}
    for pid, piece in definition.pieces.items():
        if piece.side == GAULS and piece.type in GALLIC:
            chance.setdefault(piece.type, _hit_chance(definition, pid))
    found: dict[str, tuple[int, float]] = {}
    for space in definition.board.spaces.values():
        if not model.is_tribe(definition, space.id):
            continue
        count, hits = 0, 0.0
        for kind, printed in GALLIC.items():
            number = int(space.values.get(printed, 0))
            count += number
            hits += number * chance.get(kind, 0.0)
        found[space.id] = (count, hits)
    return found


def tables(definition: GameDef) -> Tables:
    """The evaluation's tables of ``definition`` (made once per definition)."""
    return definition.derived("hannibal_barkas.evaluation", _tables)


def _tables(definition: GameDef) -> Tables:
    pieces = definition.pieces
    prices: dict[str, int | None] = {
        pid: None if piece.type == LEADER else model.stat(definition, pid, "cost")
        for pid, piece in pieces.items()
    }
    hit = {pid: _hit_chance(definition, pid) for pid, p in pieces.items() if p.type != LEADER}
    leaders = {
        pid: (
            model.stat(definition, pid, "command"),
            int(definition.cards[pid].values.get("vp", 0)) if pid in definition.cards else 0,
        )
        for pid, piece in pieces.items()
        if piece.type == LEADER
    }
    roles: dict[str, Role] = {}
    for pid, piece in pieces.items():
        infantry = piece.type in INFANTRY
        if piece.type == LEADER:
            roles[pid] = Role(LEADS, 0, 0.0, infantry, *leaders[pid])
        else:
            kind = SAILS if piece.type == "ships" else FIGHTS
            roles[pid] = Role(kind, prices[pid] or 0, hit[pid], infantry, 0, 0)
    return Tables(
        prices=prices,
        teams={side: definition.team_of(side) for side in definition.side_ids},
        hit=hit,
        leaders=leaders,
        levies=_levies(definition),
        roles=roles,
        sides={
            team: model.team_sides(definition, team)
            for team in dict.fromkeys(definition.team_of(side) for side in definition.side_ids)
        },
        income={
            card.id: int(card.values["income"])
            for card in definition.cards.values()
            if "income" in card.values
        },
    )


@dataclass(slots=True)
class Army:
    """A nation's pieces in the field of one space, as a battle estimate reads them."""

    units: int = 0
    ships: int = 0
    infantry: int = 0
    #: Hits a round from its land units' dice, and from its ships' (without cargo).
    land_hits: float = 0.0
    ship_hits: float = 0.0
    #: The recruiting price of its land units, and of its ships.
    land_price: int = 0
    ship_price: int = 0
    command: int = 0
    leader_vp: int = 0

    def enlist(
        self, kind: int, price: int, hit: float, infantry: bool, command: int, vp: int
    ) -> None:
        """Count one piece of the army, by its role (a leader, a ship or a land unit)."""
        if kind == LEADS:
            self.command += command
            self.leader_vp += vp
        elif kind == SAILS:
            self.ships += 1
            self.ship_hits += hit
            self.ship_price += price
        else:
            self.units += 1
            self.land_price += price
            self.land_hits += hit
            if infantry:
                self.infantry += 1


Survey = tuple[dict[str, int], dict[str, dict[str, Army]], dict[str, int]]

#: A piece's side and its place, read in C.
_SIDE, _AT = itemgetter("side"), itemgetter("at")


def _attrs(entries: Sequence[Any]) -> list[Any]:
    """The pieces' changing values (``attrs``; None where a piece has none), read in C:
    ``dict.get`` mapped over the entries, three times as fast as a ``methodcaller``."""
    return list(map(dict.get, entries, repeat("attrs")))


class _Surveyed(NamedTuple):
    """A survey made (:func:`survey`), with what it was made of."""

    definition: GameDef
    #: The pieces on the map (:func:`model.located`'s list: the same list, the same
    #: pieces in the same places), their entries read in C, their sides, values and places.
    on_map: list[str]
    entries: itemgetter[Any]
    sides: list[str]
    attrs: list[Any]
    ats: list[str]
    #: Space -> the position in ``on_map`` of the first piece in its field (the order of
    #: the survey's fields).
    firsts: dict[str, int]
    result: Survey


#: Surveys made lately, by the ``id`` of their list of the pieces on the map (each holds
#: it, so the id stays its); the oldest goes past :data:`_KEEP_SURVEYS`.
_SURVEYS: dict[int, _Surveyed] = {}
_KEEP_SURVEYS = 32
#: The survey :func:`survey` returned last.
_last_survey: list[_Surveyed] = []
#: At most this many pieces moved since the last survey of the same pieces (the same ones
#: on the map, with the same sides and values): the survey is that one with the fields of
#: the spaces they left and entered made again (:func:`_resurvey`).
_FEW_MOVED = 12


def survey(definition: GameDef, state: State) -> Survey:
    """In one pass over the pieces: nation -> the price of its units on the board,
    space -> nation -> its army in the field there (units inside a city's walls and ships
    in port stay out of the field, HB 4.4, VI), and city -> its extra defenders (the
    infantry inside its walls, HB VI). To read, never to change.

    Why it is kept: a search scores many positions that differ from the one before by an
    action that moved nothing (a unit taken into a group, a card played), and the pass over
    the pieces was a third of a score. A survey reads only the pieces on the map, their
    places, sides and changing values (``attrs``): one made of the same pieces in the same
    places (:func:`model.located` gives the same list) with the same sides and values,
    compared in C, is the same survey. One made of the same pieces on the map with the same
    sides and values, a few of them moved (most actions a search scores), is the last
    survey with the fields of the spaces those left and entered made again
    (:func:`_resurvey`): the same survey, its fields in the same order.
    """
    where, on_map = model.located(state)
    pieces: Mapping[str, PieceEntry] = state["pieces"]
    kept = _SURVEYS.get(id(on_map))
    if kept is not None and kept.on_map is on_map and kept.definition is definition:
        entries = kept.entries(pieces) if len(on_map) > 1 else (kept.entries(pieces),)
        if list(map(_SIDE, entries)) == kept.sides and _attrs(entries) == kept.attrs:
            _last_survey[:] = [kept]
            # Kept as the newest (the survey of a search's skeleton, read for every sample
            # it draws, outlives the surveys of the positions tried below it).
            _SURVEYS.pop(id(on_map), None)
            _SURVEYS[id(on_map)] = kept
            return kept.result
    if len(on_map) < 2:
        return _survey(definition, pieces, on_map)[0]
    last = _last_survey[0] if _last_survey else None
    if last is not None and (last.definition is not definition or last.on_map != on_map):
        last = None
    read: itemgetter[Any]
    if last is None:  # noqa: SIM108 (mypy 2.4.1 fails on this as a conditional expression)
        read = itemgetter(*on_map)
    else:
        read = last.entries
    entries = read(pieces)
    sides, attrs = list(map(_SIDE, entries)), _attrs(entries)
    ats = list(map(_AT, entries))
    made = None
    kept_attrs = attrs
    if last is not None and last.sides == sides and last.attrs == attrs:
        made = _resurvey(definition, pieces, where, last, ats)
        kept_attrs = last.attrs  # equal, and never changed
    if made is None:
        made = _survey(definition, pieces, on_map)
        kept_attrs = marshal.loads(marshal.dumps(attrs))
    found, firsts = made
    if kept is None and len(_SURVEYS) >= _KEEP_SURVEYS:
        _SURVEYS.pop(next(iter(_SURVEYS), 0), None)  # the oldest, unless another thread took it
    surveyed = _Surveyed(definition, on_map, read, sides, kept_attrs, ats, firsts, found)
    _SURVEYS[id(on_map)] = surveyed
    _last_survey[:] = [surveyed]
    return found


def _survey(
    definition: GameDef, pieces: Mapping[str, PieceEntry], on_map: list[str]
) -> tuple[Survey, dict[str, int]]:
    """:func:`survey`, made: one pass over the pieces ``on_map``, in their order; and where
    each space's field starts in it (:attr:`_Surveyed.firsts`)."""
    table = tables(definition)
    teams, roles = table.teams, table.roles
    found: dict[str, int] = {}
    fields: dict[str, dict[str, Army]] = {}
    firsts: dict[str, int] = {}
    walls: dict[str, int] = {}
    for position, pid in enumerate(on_map):  # the pieces on the map, in the pieces' order
        piece = pieces[pid]
        at = piece["at"]
        team = teams[piece["side"]]
        kind, price, hit, infantry, command, vp = roles[pid]
        if kind != LEADS:
            found[team] = found.get(team, 0) + price
        attrs = piece.get("attrs")
        if attrs and "city" in attrs:
            if infantry:
                walls[attrs["city"]] = walls.get(attrs["city"], 0) + 1
            continue
        armies = fields.get(at)
        if armies is None:
            armies = fields[at] = {}
            firsts[at] = position
        army = armies.get(team)
        if army is None:
            army = armies[team] = Army()
        army.enlist(kind, price, hit, infantry, command, vp)
    return (found, fields, walls), firsts


def _resurvey(
    definition: GameDef,
    pieces: Mapping[str, PieceEntry],
    where: Mapping[str, list[str]],
    last: _Surveyed,
    ats: list[str],
) -> tuple[Survey, dict[str, int]] | None:
    """:func:`survey` of pieces that are ``last``'s (the same on the map, in the same order,
    with the same sides and values) at the places ``ats``: ``last``'s survey with the fields
    of the spaces a moved piece left or entered made again from the pieces there (``where``,
    :func:`model.located`'s, in the pieces' order), as :func:`_survey` makes them, and the
    fields in the order it gives them; None when more than :data:`_FEW_MOVED` moved.

    The prices of the nations' units and the defenders inside the walls do not depend on
    where the pieces stand (a piece inside walls names its city in its values): they are
    ``last``'s. A field left as it was is ``last``'s (a survey is read, never changed)."""
    moved = list(compress(range(len(ats)), map(ne, ats, last.ats)))
    if not moved:
        return last.result, last.firsts
    if len(moved) > _FEW_MOVED:
        return None
    before = last.ats
    spaces = {before[i] for i in moved} | {ats[i] for i in moved}
    found, kept_fields, walls = last.result
    fields = {space: armies for space, armies in kept_fields.items() if space not in spaces}
    firsts = {space: first for space, first in last.firsts.items() if space not in spaces}
    table = tables(definition)
    teams, roles = table.teams, table.roles
    positions: dict[str, int] | None = None
    for space in spaces:
        armies: dict[str, Army] = {}
        for pid in where.get(space, ()):
            piece = pieces[pid]
            attrs = piece.get("attrs")
            if attrs and "city" in attrs:
                continue
            if not armies:
                if positions is None:
                    positions = {pid: i for i, pid in enumerate(last.on_map)}
                firsts[space] = positions[pid]
            team = teams[piece["side"]]
            kind, price, hit, infantry, command, vp = roles[pid]
            army = armies.get(team)
            if army is None:
                army = armies[team] = Army()
            army.enlist(kind, price, hit, infantry, command, vp)
        if armies:
            fields[space] = armies
    fields = {space: fields[space] for space in sorted(fields, key=firsts.__getitem__)}
    return (found, fields, walls), firsts


def _fighting(army: Army, naval: bool) -> tuple[int, float, int]:
    """An army's units that take losses, its hits a round (with its command's rerolls) and
    the price of what it stands to lose: at sea its ships, which fire (+1 for each infantry
    unit aboard, two a ship, HB 5.10) and sink with their cargo; on land its units (ships
    are in port)."""
    if naval:
        count = army.ships
        hits = army.ship_hits + 0.1 * min(2 * army.ships, army.infantry)
        price = army.ship_price + army.land_price
    else:
        count, hits, price = army.units, army.land_hits, army.land_price
    if count:
        mean = hits / count
        hits += min(army.command, count * (1 - mean)) * mean
    return count, hits, price


def battles(
    definition: GameDef,
    state: State,
    fields: Mapping[str, Mapping[str, Army]],
    seated: Sequence[str],
) -> dict[str, dict[str, float]]:
    """Nation -> its expected gains from the battles in the fields (see the module):
    ``vp`` (battle VP and enemy leaders' VP to score) and ``material`` (the price of the
    units it is expected to lose, as a negative number). Outside a battle already begun,
    a field is a battle only between the nations at war and the ``seated`` ones: a neutral
    state's garrison stands beside an army without fighting it."""
    attackers = {
        frame["args"]["space"]: frame["args"].get("attackers")
        for frame in frames_of(state, "battle")
        if isinstance(frame.get("args"), Mapping)
    }
    levies = tables(definition).levies
    found: dict[str, dict[str, float]] = {}
    for space, armies in fields.items():
        if len(armies) < 2 and space not in levies:
            continue  # one nation or none, and no tribe to rise against it: no battle
        naval = model.is_sea(definition, space)
        attacker = attackers.get(space)
        present = [
            t
            for t, a in armies.items()
            if ((a.ships if naval else a.units) or a.command)
            and (space in attackers or t in MAIN_TEAMS or t in seated)
        ]
        if space in levies and GAULS not in armies and present:
            # An army that has just entered the land of a tribe hostile to it: the tribe's
            # levy is about to take the field against it, beside any army already there
            # (HB 8.1, 8.3).
            movers = [t for t in present if gauls.hostile_in(state, space, t)]
            if len(movers) == 1:
                count, hits = levies[space]
                armies = {**armies, GAULS: Army(units=count, land_hits=hits)}
                present.append(GAULS)
                attacker = movers[0]
        if len(present) < 2:
            continue
        if attacker in present:
            groups = [[attacker], [t for t in present if t != attacker]]
        else:
            groups = [[t] for t in present]
        for group in groups:
            enemies = [t for t in present if t not in group]
            _one_side(armies, group, enemies, naval, found)
    return found


def _gains(found: dict[str, dict[str, float]], team: str) -> dict[str, float]:
    """``team``'s expected gains in ``found``, started at nothing."""
    return found.setdefault(team, {"vp": 0.0, "material": 0.0, "income": 0.0})


def _one_side(
    armies: Mapping[str, Army],
    group: list[str],
    enemies: list[str],
    naval: bool,
    found: dict[str, dict[str, float]],
) -> None:
    """Add ``group``'s expected gains in its battle against ``enemies`` to ``found``."""
    own = [_fighting(armies[t], naval) for t in group]
    foe = [_fighting(armies[t], naval) for t in enemies]
    count, hits = sum(c for c, _, _ in own), sum(h for _, h, _ in own)
    enemy_count, enemy_hits = sum(c for c, _, _ in foe), sum(h for _, h, _ in foe)
    strength, enemy_strength = hits * count, enemy_hits * enemy_count
    total = strength + enemy_strength
    wins = strength / total if total else 0.5
    lost = min(float(count), enemy_hits * EXPECTED_ROUNDS)
    share = lost / count if count else 1.0
    killed = min(float(enemy_count), hits * EXPECTED_ROUNDS)
    destroyed = (1.0 - wins) * share * share
    for team, (_, _, price) in zip(group, own, strict=True):
        gains = _gains(found, team)
        gains["material"] -= price * share
        gains["vp"] += wins * killed / UNITS_PER_VP
        gains["vp"] -= armies[team].leader_vp * destroyed


def sieges(
    definition: GameDef, state: State, walls: Mapping[str, int], found: dict[str, dict[str, float]]
) -> dict[str, dict[str, float]]:
    """Add to ``found`` (nation -> expected gains, as :func:`battles` gives) what each
    besieger expects of its sieges (see the module): ``vp`` and ``income``."""
    for city, siege in model.records(state).sieges.items():
        team = definition.team_of(siege["by"])
        falls = 1.0 / (1 + int(siege["level"]) + walls.get(city, 0))
        values = definition.cards[city].values
        gains = _gains(found, team)
        gains["vp"] += falls * int(values.get("vp", 0))
        gains["income"] += falls * int(values.get("income", 0))
    return found


def score(
    definition: GameDef,
    state: State,
    team: str,
    params: Mapping[str, Any],
    prices: Mapping[str, int] | None = None,
    expected: Mapping[str, float] | None = None,
) -> float:
    """The nation's standing in VP (see the module's description); ``prices`` are
    the first of :func:`survey`'s results when the caller has them already, ``expected`` its expected gains
    from :func:`battles` and :func:`sieges`."""
    records = model.records(state)
    table = tables(definition)
    sides = table.sides.get(team, [])
    vp: float = sum(int(records.vp.get(s, 0)) for s in sides)
    if expected:
        vp += expected["vp"]
    goal = target(state, team, params)
    total = vp * YARDSTICK / goal
    sieges = records.sieges
    zones, incomes = state["zones"], table.income
    income = 0
    for s in sides:
        for city in zones.get(f"cities:{s}", ()):
            if city not in sieges:
                income += incomes[city]
    total += CITY_VALUE * (income + (expected["income"] if expected else 0.0))
    if prices is None:
        prices = survey(definition, state)[0]
    total += UNIT_VALUE * (prices.get(team, 0) + (expected["material"] if expected else 0.0))
    total += GOLD_VALUE * sum(int(records.gold.get(s, 0)) for s in sides)
    if team in MAIN_TEAMS:
        lean = model.direction(team)
        step = _step_value(goal, params)
        for state_id, position in records.political.items():
            ally = records.allied_by.get(state_id)
            if ally is not None:
                total += ALLY_VALUE if definition.team_of(ally) == team else -ALLY_VALUE
            else:
                total += step * lean * int(position)
    return total


def step_value(state: State, team: str, params: Mapping[str, Any]) -> float:
    """What one step of a state towards ``team`` on the political track is worth: its share
    of an alliance (ALLY_VALUE and the alliance's VP, HB VII) over the steps to it."""
    return _step_value(target(state, team, params), params)


def _step_value(goal: float, params: Mapping[str, Any]) -> float:
    """:func:`step_value` for a nation whose :func:`target` is ``goal``."""
    vp = float(params["alliance.vp"]) * YARDSTICK / goal
    return (ALLY_VALUE + vp) / int(params["political.alliance"])


def evaluate(definition: GameDef, state: State, side: str, params: Mapping[str, Any]) -> float:
    """``side``'s nation's score less the best other seated nation's, in (-1, 1)."""
    team = definition.team_of(side)
    teams = seated_teams(definition, state)
    if team not in teams:
        return 0.0
    return _lead(_scores(definition, state, teams, params), team)


def evaluate_sides(
    definition: GameDef, state: State, params: Mapping[str, Any]
) -> dict[str, float]:
    """Every side's :func:`evaluate`, the nations scored once for all of them: a search
    scores each position for every side, and the players of a nation share its score."""
    teams = seated_teams(definition, state)
    scores = _scores(definition, state, teams, params)
    by_team = tables(definition).teams
    leads = {team: _lead(scores, team) for team in scores}  # once a nation, not a side
    return {side: leads.get(by_team[side], 0.0) for side in definition.side_ids}


def _city_zones(definition: GameDef, teams: Sequence[str]) -> list[str]:
    """The zones of the cities the players of ``teams`` hold (what :func:`score` reads),
    named once for each list of nations."""
    known: dict[tuple[str, ...], list[str]] = definition.derived(
        "hannibal_barkas.evaluation.city_zones", lambda _: {}
    )
    key = tuple(teams)
    found = known.get(key)
    if found is None:
        sides = tables(definition).sides
        found = known[key] = [f"cities:{s}" for t in teams for s in sides.get(t, ())]
    return found


class _Scored(NamedTuple):
    """Scores made (:func:`_scores`), with everything of the position they read."""

    definition: GameDef
    params: Mapping[str, Any]
    surveyed: Survey
    teams: list[str]
    attackers: list[Any]
    records: dict[str, Any]
    #: The cities each seated nation's players hold (the card zones a score reads).
    cities: list[list[str]]
    scores: dict[str, float]


#: The scores :func:`_scores` made last.
_last_scores: list[_Scored] = []


def _scores(
    definition: GameDef, state: State, teams: Sequence[str], params: Mapping[str, Any]
) -> dict[str, float]:
    """Each seated nation's :func:`score`, its expected battles and sieges counted; to read,
    never to change.

    Why the last are kept: a search scores in turn the actions of one decision, and many of
    them change nothing the scores read (a unit taken into a group: the frame of the move,
    not the pieces, records or cards). The scores read the survey (:func:`survey` gives the
    same one for the same pieces), the battles begun (their frames' arguments), the records
    and the cities the nations' players hold: the same survey and equal others, compared in
    C, give the same scores."""
    surveyed = survey(definition, state)
    attackers = [
        frame["args"]
        for frame in frames_of(state, "battle")
        if isinstance(frame.get("args"), Mapping)
    ]
    records, zones = state["records"], state["zones"]
    cities = [zones.get(key, ()) for key in _city_zones(definition, teams)]
    last = _last_scores[0] if _last_scores else None
    if (
        last is not None
        and last.surveyed is surveyed
        and last.definition is definition
        and last.params is params
        and last.teams == teams
        and last.attackers == attackers
        and last.records == records
        and last.cities == cities
    ):
        return last.scores
    prices, fields, walls = surveyed
    expected = sieges(definition, state, walls, battles(definition, state, fields, teams))
    found = {t: score(definition, state, t, params, prices, expected.get(t)) for t in teams}
    _last_scores[:] = [
        _Scored(
            definition,
            params,
            surveyed,
            list(teams),
            marshal.loads(marshal.dumps(attackers)),
            marshal.loads(marshal.dumps(records)),
            [list(held) for held in cities],
            found,
        )
    ]
    return found


def _lead(scores: Mapping[str, float], team: str) -> float:
    """``team``'s score less the best other nation's, squashed into (-1, 1)."""
    rival = max((v for t, v in scores.items() if t != team), default=0.0)
    return math.tanh((scores[team] - rival) / SCALE)


__all__ = ["battles", "evaluate", "evaluate_sides", "score", "sieges", "step_value", "survey"]
