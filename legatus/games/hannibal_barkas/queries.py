"""Hannibal Barkas's documented queries: a point of play in the rulebook's words.

Rule tests (and anyone reading a game: a plugin's page, a script, an
analysis) ask these instead of the dictionaries the game keeps in its state,
so that a test reads like the rulebook and the game may change how it keeps
things. Each takes a :class:`~legatus.framework.engine.situation.Situation`: the test
kit's :class:`~legatus.framework.tools.testing.Kit`, a :class:`~legatus.framework.play.driver.Match` or a
procedure's :class:`~legatus.framework.engine.core.Context`::

    from legatus.games.hannibal_barkas import queries
    queries.units_at(kit, "Capua", "carthage_spain")   # {"Hannibal": 1, "heavy_infantry": 20}
    queries.siege(kit, "Capua")                        # Siege(city='Capua', level=3, ...)
    queries.attitude(kit, "Lingones", "rome")          # "hostile"

A *player* is the side that acts for a seat (HB 10.2): one player running a whole nation
acts as its first half (``rome_north``, ``carthage_spain``), which then holds the nation's IP,
gold, VP, counters and cities. What the queries answer is the truth of the state, secrets
included (a hand, a treasury); what a side may see of it is its view (``kit.view(side)``).
Section numbers are the Polish rulebook's (HB), B.13 the reconstruction's event texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from legatus import Frame, Situation, context_of, innermost, piece, zone_cards
from legatus.games.hannibal_barkas import gauls, model, sieges
from legatus.games.hannibal_barkas.actions import ActionsFrame
from legatus.games.hannibal_barkas.battle import BattleFrame
from legatus.games.hannibal_barkas.model import CITIES, HAND, LEADER, LEADERS, MOVED
from legatus.games.hannibal_barkas.movement import ActivationFrame
from legatus.games.hannibal_barkas.sieges import AssaultFrame

# -- players, the order of play and initiative (HB 3.3, 3.4, 10.2) ------------------------------


def players(at: Situation) -> list[str]:
    """HB 10.2: the players, one side for each seat (its first side), in the seats' order."""
    return model.players(at.state)


def seats(at: Situation) -> dict[str, list[str]]:
    """HB 10.2: each seat and the sides its player runs (``{"rome": ["rome_north",
    "rome_south"], ...}`` with one player a nation)."""
    return {seat: list(sides) for seat, sides in at.state["seats"].items()}


def player_of(at: Situation, side: str) -> str | None:
    """HB 10.2: the player who acts for ``side`` (its seat's first side); None for a state
    no player runs."""
    return model.player_of(at.state, side)


def order(at: Situation) -> list[str]:
    """HB 3.3, 1.2.15: this stage's order of play (the order markers 1 to 5)."""
    return list(model.records(at.state).order)


def passed(at: Situation) -> list[str]:
    """HB 3.4.7: the players who have passed this stage (their order markers turned over)."""
    return list(model.records(at.state).passed)


def ip(at: Situation, side: str) -> int:
    """HB 1.2.10, 3.3: the initiative points a player has left (public)."""
    return int(model.records(at.state).ip[side])


def to_act(at: Situation) -> str | None:
    """HB 3.4: the player whose action comes next in this stage's action phase (one action
    each in the order of play, skipping those who have passed); None outside the action
    phase or once all have passed."""
    frame = _innermost(at, "actions")
    records = model.records(at.state)
    order_, passed_ = records.order, records.passed
    if frame is None or not order_ or len(passed_) >= len(order_):
        return None
    turn = ActionsFrame(frame).turn
    while order_[turn % len(order_)] in passed_:
        turn += 1
    return str(order_[turn % len(order_)])


def first_stage(at: Situation) -> int:
    """HB III: the stage the current year starts in (the scenario's "Etap gry" in the first
    year, 1 afterwards)."""
    return int(model.records(at.state).first_stage)


def sphere(at: Situation, side: str) -> list[str]:
    """HB 10.1: the areas of the map (region tags) a half of a nation has as its sphere of
    influence, where the scenario lists them (empty: the nation's first half takes every
    region no other half lists)."""
    return list(model.records(at.state).spheres.get(side, []))


# -- victory points and treasuries (HB 1.2.11, 1.2.12, 10.3, XI) ---------------------------------


def vp(at: Situation, side: str) -> int:
    """HB 1.2.12, 5.11, 6.3, VII: the VP a player has scored (told to his nation only)."""
    return int(model.records(at.state).vp[side])


def nation_vp(at: Situation, team: str) -> int:
    """HB 10.3: a nation's VP, its players' together (what the war's target is measured by)."""
    return sum(vp(at, side) for side in model.team_sides(at.game.definition, team))


def gold(at: Situation, side: str) -> int:
    """HB 1.2.11, IX: the talents in a player's treasury (his secret)."""
    return int(model.records(at.state).gold[side])


def war(at: Situation) -> str:
    """HB 11.2: the war played: ``small``, ``large``, ``campaign`` or ``scenario`` (a
    scenario's own targets)."""
    return str(model.records(at.state).war)


# -- cards (HB 1.3, 3.1, 3.2) -------------------------------------------------------------------


def hand(at: Situation, side: str) -> list[str]:
    """HB 3.1: the cards in a player's hand, in the order drawn (secret)."""
    return list(zone_cards(at.state, model.zone(HAND, side)))


def cities(at: Situation, side: str) -> list[str]:
    """HB 1.3.2, 6.3, 10.1: the city cards a player holds (his cities), in order."""
    return list(zone_cards(at.state, model.zone(CITIES, side)))


def leader_cards(at: Situation, side: str) -> list[str]:
    """HB 1.3.3, 3.4.6: the cards of the leaders a player commands."""
    return list(zone_cards(at.state, model.zone(LEADERS, side)))


def deck(at: Situation, nation: str) -> list[str]:
    """HB 1.3.1, II step 7: a nation's deck of event cards, top first (face down)."""
    return list(zone_cards(at.state, model.deck_zone(nation)))


def discards(at: Situation, nation: str) -> list[str]:
    """HB 1.3.1: a nation's discard pile, in the order discarded (made into a new deck when
    the deck runs out)."""
    return list(zone_cards(at.state, model.discard_zone(nation)))


def removed(at: Situation) -> list[str]:
    """HB 1.3.1, 3.2, 5.6: the cards out of the game: events marked * once played, the
    cards of leaders killed (but unnamed consuls')."""
    return list(zone_cards(at.state, "removed"))


def consuls(at: Situation) -> list[str]:
    """HB 3.2: the consuls' cards waiting to be drawn (not in office)."""
    return list(zone_cards(at.state, "consuls"))


def cards_of(at: Situation, card: str) -> list[str]:
    """HB 1.3: where a card is - the zone of each copy of it (one copy but for events
    printed several times), sorted."""
    return sorted(key for key, held in at.state["zones"].items() for c in held if c == card)


def holder(at: Situation, city: str) -> str | None:
    """HB 1.3.2, 6.3: the player (or state) whose cities hold the city's card."""
    return model.holder(at.state, city)


def captured(at: Situation) -> dict[str, str]:
    """HB 6.3: the enemy cities taken and scored, by the player who took them (a recapture
    takes them back)."""
    return dict(model.records(at.state).captured)


# -- the map: what stands where (HB 1.2, VI, 4.1) ------------------------------------------------


def _counted(at: Situation, pids: Iterable[str], side: str | None) -> dict[str, int]:
    definition, pieces = at.game.definition, at.state["pieces"]
    found: dict[str, int] = {}
    for pid in pids:
        if side is not None and pieces[pid]["side"] != side:
            continue
        kind = definition.pieces[pid].type
        key = pid if kind == LEADER else kind
        found[key] = found.get(key, 0) + 1
    return found


def units_at(at: Situation, space: str, side: str | None = None) -> dict[str, int]:
    """HB 1.2: what stands on a space (one player's, or a state's), in the field and inside
    its cities' walls: units counted by type (``{"heavy_infantry": 3}``), leaders by name
    (``{"Hannibal": 1}``); nothing: ``{}``."""
    return _counted(at, model.pieces_at(at.state, space), side)


def field(at: Situation, space: str, side: str | None = None) -> dict[str, int]:
    """HB V, VI: what stands in the field of a region (outside its cities' walls; ships in a
    port are not in the field) or at sea in a sea zone, as :func:`units_at` counts it."""
    definition, state = at.game.definition, at.state
    sea = model.is_sea(definition, space)
    here = [
        pid for pid in model.field_at(state, space) if sea or definition.pieces[pid].type != "ships"
    ]
    return _counted(at, here, side)


def inside(at: Situation, city: str, side: str | None = None) -> dict[str, int]:
    """HB VI: the units and leaders inside a city's walls, as :func:`units_at` counts them
    (extra defenders, at most twice the printed defence)."""
    return _counted(at, model.inside(at.state, city), side)


def pieces_inside(at: Situation, city: str) -> list[str]:
    """HB VI: the counters inside a city's walls, by id, sorted."""
    return sorted(model.inside(at.state, city))


def room_in(at: Situation, city: str) -> int:
    """HB VI: how many more units a city's walls hold (twice its printed defence, less the
    units inside)."""
    return model.room_in(at.game.definition, at.state, city)


def has_moved(at: Situation, piece: str) -> bool:
    """HB 4.1: the counter is turned over: it has been activated and moved this stage."""
    return MOVED in at.state["pieces"][piece]["flags"]


def status(at: Situation, space: str, side: str) -> str:
    """HB V, VI, 10.1: a space as ``side``'s nation finds it - ``besieged`` (a city of it is
    on the siege track, HB 6.2: the besiegers in the field, the defenders inside the walls),
    ``contested`` (its nation's counters and another nation's or state's both stand there:
    in the field, a battle is due, HB 5.1), ``friendly`` (only its nation's counters),
    ``enemy`` (only another nation's or a state's), or ``vacant`` (no counter)."""
    definition, state = at.game.definition, at.state
    ctx = context_of(at)
    if any(sieges.besieged(ctx, city) for city in model.cities_in(definition, space)):
        return "besieged"
    here = {definition.team_of(piece(state, p).side) for p in model.pieces_at(state, space)}
    team = definition.team_of(side)
    if not here:
        return "vacant"
    if team not in here:
        return "enemy"
    return "friendly" if here == {team} else "contested"


# -- cities and sieges (HB VI, 6.1, 6.2) ------------------------------------------------------------


@dataclass(frozen=True)
class Siege:
    """A city on the siege track (HB 6.2)."""

    city: str
    #: Its defence level on the track (the card's printed level when the siege began,
    #: lowered by assaults and by every stage of the siege).
    level: int
    #: The player besieging it.
    by: str
    #: False while the card is on the track after an assault without a siege declared (the
    #: variant ``siege_declared_after_assault``, A.23 #9).
    declared: bool


def siege_track(at: Situation) -> dict[str, Siege]:
    """HB 6.2: the siege track: every city on it, by name."""
    found: Mapping[str, Mapping[str, Any]] = model.records(at.state).sieges
    return {city: _siege(city, s) for city, s in sorted(found.items())}


def siege(at: Situation, city: str) -> Siege | None:
    """HB 6.2: the city's place on the siege track, None when it is not on it."""
    found = model.records(at.state).sieges.get(city)
    return None if found is None else _siege(city, found)


def _siege(city: str, found: Mapping[str, Any]) -> Siege:
    return Siege(city, int(found["level"]), str(found["by"]), bool(found.get("active", True)))


def defence(at: Situation, city: str) -> int:
    """HB VI, 6.2: the city's defence level: on the siege track, or its card's."""
    return sieges.level(context_of(at), city)


def extra_defenders(at: Situation, city: str) -> int:
    """HB VI: the city's extra defenders: the infantry inside its walls."""
    return len(sieges.defenders(context_of(at), city))


# -- the political track (HB VII, 10.4) --------------------------------------------------------------


def political_track(at: Situation) -> dict[str, int]:
    """HB VII: each state on the political track and where its marker stands, from
    -alliance (allied with Rome) through 0 (neutral) to +alliance (allied with Carthage);
    Syracuse only when no player runs it (HB 10.4)."""
    return {s: int(v) for s, v in model.records(at.state).political.items()}


def lean(at: Situation, state_id: str) -> int | None:
    """HB VII: where a state's marker stands on the political track (negative: towards Rome,
    positive: towards Carthage); None for a state not on it (Syracuse as a player)."""
    found = model.records(at.state).political.get(state_id)
    return None if found is None else int(found)


def ally(at: Situation, state_id: str) -> str | None:
    """HB VII: the nation a state is allied with (its marker at an end of the track)."""
    return model.ally_team(context_of(at), state_id)


def allied_by(at: Situation, state_id: str) -> str | None:
    """HB VII, 10.4: the player who brought the state into its alliance (and scored 2 VP)."""
    found = model.records(at.state).allied_by.get(state_id)
    return None if found is None else str(found)


def alliances(at: Situation) -> dict[str, str]:
    """HB VII: every state allied by a player's doing, and the player who brought it in."""
    return {s: str(by) for s, by in model.records(at.state).allied_by.items()}


# -- the Gallic tribes (HB VIII) -----------------------------------------------------------------------


def attitude(at: Situation, tribe: str, team: str) -> str:
    """HB 8.1: a tribe's attitude towards a nation: ``allied``, ``friendly``, ``neutral``,
    ``unfriendly`` (friendly to the other nation) or ``hostile`` (allied with the other)."""
    return gauls.NAMES[gauls.attitude_in(at.state, tribe, team)]


def marker(at: Situation, tribe: str) -> tuple[str, str] | None:
    """HB 1.2.14, 8.1: the attitude marker on a tribe: (nation, ``friendly`` or
    ``allied``); None for a neutral tribe (no marker)."""
    found = model.records(at.state).gauls.get(tribe)
    return None if found is None else (str(found["team"]), str(found["attitude"]))


def tested(at: Situation) -> list[str]:
    """HB 8.2: the tribes whose attitude was tested this stage (once a stage each)."""
    return list(model.records(at.state).tested)


# -- a move in progress (HB 4.2, 4.4) -------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """The group being moved in an activation (HB 4.2, 4.4)."""

    #: The player moving it, and the region or zone activated.
    player: str
    origin: str
    #: Where the group stands now, its counters, and the movement points it has left
    #: (its slowest unit's, HB 1.2; a fleet's 8, HB 4.4).
    at: str
    group: tuple[str, ...]
    mp: int


def move(at: Situation) -> Move | None:
    """HB 4.2, 4.4: the activation being played and its group's movement points left; None
    outside an activation."""
    frame = _innermost(at, "activation")
    if frame is None or "actor" not in frame:
        return None
    move = ActivationFrame(frame)
    return Move(
        player=str(move.actor),
        origin=str(move.origin),
        at=str(move.at),
        group=tuple(move.group),
        mp=int(move.mp),
    )


# -- battles (HB V) ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    """One die of a battle, an ambush or an assault (HB 1.4, 5.5)."""

    #: What rolled it: a unit type (land), a ship's id (sea), ``walls`` or ``ambush``.
    key: str
    #: The roll it hits on (None: an elephant, which hits without a roll, HB 1.2.6).
    need: int | None
    value: int
    rerolled: bool
    #: It hits; a critical is a hit on a 10 (HB 5.5).
    hit: bool
    critical: bool
    automatic: bool


def _die(found: Mapping[str, Any], critical_roll: int) -> Die:
    automatic = bool(found.get("auto"))
    need = found["need"]
    hit = automatic or (need is not None and int(found["value"]) >= int(need))
    return Die(
        key=str(found["key"]),
        need=None if need is None else int(need),
        value=int(found["value"]),
        rerolled=bool(found["rerolled"]),
        hit=hit,
        critical=hit and not automatic and int(found["value"]) >= critical_roll,
        automatic=automatic,
    )


@dataclass(frozen=True)
class BattleNow:
    """The battle being fought (HB V)."""

    space: str
    #: At sea (HB 5.10).
    naval: bool
    #: The round (1 the first; 0 before it) and its step: 1 light infantry, 2 cavalry and
    #: elephants, 3 heavy infantry (HB 5.3).
    round: int
    step: int
    #: The armies (each a player's, or ``gauls`` for a tribe's levy) on each side, in the
    #: order they fire.
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    #: The dice each army rolled this step (or, in a pursuit, the pursuers' dice).
    dice: Mapping[str, tuple[Die, ...]]
    #: Hits still to be taken, by role (``attack`` / ``defend``): the losses of the step.
    hits: Mapping[str, int]
    #: Units eliminated so far, by role.
    lost: Mapping[str, int]
    #: Hits still to be cancelled against a role this round (Dogodny teren, HB 5.7).
    cancelled: Mapping[str, int]
    #: At sea, each ship's cargo (HB 5.10): ship -> the land units and leaders aboard.
    stowage: Mapping[str, tuple[str, ...]]
    #: The winning role once decided (``attack`` / ``defend``).
    winner: str | None


def battle(at: Situation) -> BattleNow | None:
    """HB V: the battle being fought (the innermost, if a battle waits on another), None
    between battles."""
    frame = _innermost(at, "battle")
    if frame is None or "roles" not in frame:
        return None
    fight = BattleFrame(frame)
    critical_roll = int(at.game.rules.param("battle.critical"))
    roles: Mapping[str, str] = fight.roles
    hits: dict[str, int] = {}
    for loss in fight.losses:
        hits[loss["role"]] = hits.get(loss["role"], 0) + int(loss["count"])
    return BattleNow(
        space=str(fight.args["space"]),
        naval=bool(fight.naval),
        round=int(fight.round),
        step=int(fight.step) + 1 if fight.round else 0,
        attackers=tuple(s for s, r in roles.items() if r == "attack"),
        defenders=tuple(s for s, r in roles.items() if r == "defend"),
        dice={
            side: tuple(_die(d, critical_roll) for d in dice) for side, dice in fight.dice.items()
        },
        hits=hits,
        lost={role: int(n) for role, n in fight.lost.items()},
        cancelled={role: int(n) for role, n in fight.cancel.items() if n},
        stowage={ship: tuple(aboard) for ship, aboard in fight.stowage.items()},
        winner=fight.winner,
    )


@dataclass(frozen=True)
class AssaultNow:
    """An assault on a city's walls being fought (HB 6.1)."""

    city: str
    #: The player assaulting.
    attacker: str
    #: The dice of each side so far: ``attack`` (one per infantry unit, hitting on a 10)
    #: and ``defend`` (one per level, then one per extra defender).
    dice: Mapping[str, tuple[Die, ...]]


def assault(at: Situation) -> AssaultNow | None:
    """HB 6.1: the assault being fought, None when none is."""
    frame = _innermost(at, "assault")
    if frame is None or "dice" not in frame:
        return None
    assault = AssaultFrame(frame)
    critical_roll = int(at.game.rules.param("battle.critical"))
    return AssaultNow(
        city=str(assault.args["city"]),
        attacker=str(assault.args["side"]),
        dice={
            role: tuple(_die(d, critical_roll) for d in dice) for role, dice in assault.dice.items()
        },
    )


def _innermost(at: Situation, procedure: str) -> Frame | None:
    return innermost(at.state, procedure)


# -- the advanced rules (HB XII) --------------------------------------------------------------------------


def devastation(at: Situation) -> dict[str, dict[str, int]]:
    """HB 12.1: the devastation markers on each region, by the player who laid them."""
    found: Mapping[str, Mapping[str, int]] = model.records(at.state).devastation
    return {region: dict(by) for region, by in found.items()}


@dataclass(frozen=True)
class Dictator:
    """HB 12.4: Rome's dictator and the stages left of his office."""

    leader: str
    stages: int


def dictator(at: Situation) -> Dictator | None:
    """HB 12.4: Rome's dictator, None when Rome has none."""
    found = model.records(at.state).dictator
    if not found.get("leader"):
        return None
    return Dictator(str(found["leader"]), int(found.get("stages", 0)))


def proconsuls(at: Situation) -> list[str]:
    """HB 12.3: the consuls kept in command for a year."""
    return list(model.records(at.state).proconsuls)


__all__ = [
    "AssaultNow",
    "BattleNow",
    "Dictator",
    "Die",
    "Move",
    "Siege",
    "alliances",
    "allied_by",
    "ally",
    "assault",
    "attitude",
    "battle",
    "captured",
    "cards_of",
    "cities",
    "consuls",
    "deck",
    "defence",
    "devastation",
    "dictator",
    "discards",
    "extra_defenders",
    "field",
    "first_stage",
    "gold",
    "hand",
    "has_moved",
    "holder",
    "inside",
    "ip",
    "leader_cards",
    "lean",
    "marker",
    "move",
    "nation_vp",
    "order",
    "passed",
    "pieces_inside",
    "player_of",
    "players",
    "political_track",
    "proconsuls",
    "removed",
    "room_in",
    "seats",
    "siege",
    "siege_track",
    "sphere",
    "status",
    "tested",
    "to_act",
    "units_at",
    "vp",
    "war",
]
