"""Fixtures for Hannibal Barkas rule tests.

Rule tests run the shipped data, procedures and rules file
(``legatus/games/hannibal_barkas/data/rules/hannibal_barkas.rules``). A test that runs a few
steps from a position it builds replaces the sequence of play with them, and a test that
needs another value of a parameter sets it, both through a variant compiled like any other
(:func:`legatus.framework.tools.testing.load_game`). Section numbers are the Polish rulebook's
(../shared/seeds/hannibal-barkas-rules-pl.txt).

A test builds its position by hand on a kit not begun yet (:func:`empty_board`,
:func:`seated`, :func:`laid_out`) with the helpers below, then begins it
(``kit.dice(...).begin()``), plays by text (``kit.act``) and reads the outcome through the
game's queries (:mod:`legatus.games.hannibal_barkas.queries`). Every kit made here is closed
when the test has passed: rolls forced and never made fail it then.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
import yaml

import tests.hannibal_barkas
from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.dice import Roll
from legatus.framework.engine.state import State, note_moved
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import Kit, load_game
from legatus.games.hannibal_barkas import model

SIDES = (
    "rome_north",
    "rome_south",
    "carthage_spain",
    "carthage_africa",
    "syracuse",
    "massilia",
    "numidia",
    "macedonia",
)


@pytest.fixture(scope="session")
def hb_game() -> Game:
    return default_catalog().load("hannibal_barkas")


@pytest.fixture(scope="session")
def hb(hb_game: Game) -> GameDef:
    return hb_game.definition


def definition() -> GameDef:
    """The game's definition (the catalog keeps the loaded game)."""
    return default_catalog().load("hannibal_barkas").definition


# -- games and kits --------------------------------------------------------------------------


def hb_rules(*steps: str, variant: str | None = None, **changes: Any) -> Game:
    """The game whose sequence is ``steps`` (all of it if none), with parameters changed
    (a dot written ``__``); loaded once per process for the same changes."""
    params = {k.replace("__", "."): v for k, v in changes.items()}
    return load_game(
        "hannibal_barkas", variant=variant, params=params or None, steps=list(steps) or None
    )


#: The kits made by the helpers below during the current test (closed when it passes).
#: Kept on the package: pytest (``--import-mode=importlib``) loads this file as a module of
#: its own, and the tests import it again as ``tests.hannibal_barkas.conftest``.
_KITS: list[Kit] = vars(tests.hannibal_barkas).setdefault("open_kits", [])
_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if call.when == "call" and report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture(autouse=True)
def _close_kits(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every kit the test made once it has passed: forced rolls never made fail it."""
    _KITS.clear()
    yield
    made, _KITS[:] = list(_KITS), []
    if not request.node.stash.get(_FAILED, False):
        for kit in made:
            kit.close()


def kit_on(game: Game, state: State, *rolls: Roll, random_dice: bool = False) -> Kit:
    """A kit on a state built by hand, not begun (``kit.begin()``), with ``rolls`` forced
    (``random_dice``: the state's seeded dice instead)."""
    kit = Kit.on(game, state, dice=rolls, random_dice=random_dice)
    _KITS.append(kit)
    return kit


def laid_out(game: Game, scenario: str, *, seed: int = 0, options: tuple[str, ...] = ()) -> Kit:
    """The scenario laid out (HB II), before the players take their seats; not begun."""
    return kit_on(game, game.setup(scenario, seed=seed, options=options))


def seated(
    game: Game,
    scenario: str = "campaign-2p",
    seed: int = 0,
    *,
    options: tuple[str, ...] = (),
    random_dice: bool = False,
) -> Kit:
    """The scenario's position (with its ``options``) once the players have taken their
    seats (HB II, 10.2): the first step of the sequence run by hand, so a test can change
    the position and then start the steps it replaced the sequence with (``kit.begin()``)."""
    from legatus.games.hannibal_barkas import setup

    state = game.setup(scenario, seed=seed, options=options)
    setup.take_seats(Context(game, state, Run()))
    return kit_on(game, state, random_dice=random_dice)


def started(game: Game, scenario: str, seed: int = 1) -> Kit:
    """The scenario begun as ``legatus play`` begins it, to its first decision, playing on
    with the state's seeded dice."""
    return kit_on(game, game.new_state(scenario, seed=seed), random_dice=True)


def empty_board(*steps: str, variant: str | None = None, **changes: Any) -> Kit:
    """Scenario III for two players with every counter off the board and no card in any
    hand; Carthage's Spanish side acts first with 1 IP, Rome's northern side second.
    ``steps``, ``variant`` and ``changes`` as in :func:`hb_rules` (the actions step alone
    if no step is named). Not begun."""
    kit = seated(hb_rules(*(steps or ("actions",)), variant=variant, **changes), "campaign-2p")
    clear_board(kit)
    empty_hands(kit)
    set_order(kit, "carthage_spain", "rome_north")
    set_ip(kit, carthage_spain=1)
    return kit


def quietly(kit: Kit, limit: int = 5000) -> Kit:
    """Play on with the quietest answer at each decision (pass, decline, done, halt, the
    first card to discard), to the end or until ``limit`` actions."""
    for _ in range(limit):
        if kit.asked is None:
            break
        texts = kit.legal()
        quiet = next((q for q in ("pass", "decline", "done", "halt") if q in texts), texts[0])
        kit.act(quiet)
    return kit


# -- building a position by hand -------------------------------------------------------------


def _state(at: Kit | State) -> State:
    return at.state if isinstance(at, Kit) else at


def clear_board(at: Kit | State) -> None:
    """Every counter off the board, back with its printed side, face up; no leader's card
    with a player."""
    state, hb = _state(at), definition()
    for pid, piece in state["pieces"].items():
        piece.update(at="out", side=hb.pieces[pid].side, flags=[])
    note_moved()  # written by hand: the index of where the pieces stand reads them again
    for key in state["zones"]:
        if key.startswith("leaders:"):
            state["zones"][key] = []


def empty_hands(at: Kit | State) -> None:
    """No card in any player's hand."""
    zones = _state(at)["zones"]
    for key in zones:
        if key.startswith("hand:"):
            zones[key] = []


def no_cities(at: Kit | State) -> None:
    """No city card with anyone (the cities a test needs are given with :func:`hold`)."""
    zones = _state(at)["zones"]
    for key in zones:
        if key.startswith("cities:"):
            zones[key] = []


def empty_treasuries(at: Kit | State) -> None:
    """Every treasury empty (HB 1.2.11)."""
    gold = _records(at)["gold"]
    for side in gold:
        gold[side] = 0


def put(
    at: Kit | State, side: str, space: str, *leaders: str, nation: str | None = None, **units: int
) -> list[str]:
    """Place leaders and ``units`` (type=count, free counters of the side's nation, or of
    ``nation``) on ``space`` for ``side``; the leaders' cards go to ``side``."""
    state, hb = _state(at), definition()
    pieces, zones = state["pieces"], state["zones"]
    placed = []
    for leader in leaders:
        pieces[leader].update(at=space, side=side)
        for cards in zones.values():
            if leader in cards:
                cards.remove(leader)
        zones[model.zone(model.LEADERS, side)].append(leader)
        placed.append(leader)
    for kind, count in units.items():
        free = model.free_counters(hb, state, nation or hb.team_of(side), kind)
        assert len(free) >= count, f"only {len(free)} {kind} left"
        for pid in free[:count]:
            pieces[pid].update(at=space, side=side)
            placed.append(pid)
    note_moved()
    return placed


def put_inside(at: Kit | State, side: str, city: str, *leaders: str, **units: int) -> list[str]:
    """Place leaders and units of ``side`` inside ``city``'s walls (HB VI)."""
    state = _state(at)
    placed = put(state, side, definition().cards[city].space, *leaders, **units)
    for pid in placed:
        model.set_city(state["pieces"][pid], city)
    return placed


def take_off(at: Kit | State, *pieces: str) -> None:
    """Counters taken off the board by hand (no rule: a loss the test does not play)."""
    found = _state(at)["pieces"]
    for pid in pieces:
        found[pid]["at"] = "out"
    note_moved()


def relocate(at: Kit | State, space: str, *pieces: str) -> None:
    """Counters moved to ``space`` by hand (no move of the rules)."""
    found = _state(at)["pieces"]
    for pid in pieces:
        found[pid]["at"] = space
    note_moved()


def turn_over(at: Kit | State, *pieces: str) -> None:
    """Counters turned over by hand, as if they had moved this stage (HB 4.1)."""
    found = _state(at)["pieces"]
    for pid in pieces:
        found[pid]["flags"] = [model.MOVED]


def move_card(at: Kit | State, card: str, zone: str) -> None:
    """A card taken from wherever it is to the end of ``zone``."""
    zones = _state(at)["zones"]
    for held in zones.values():
        if card in held:
            held.remove(card)
    zones[zone].append(card)


def give(at: Kit | State, side: str, *cards: str) -> None:
    """Put cards into a side's hand, taken from wherever they are (not another hand)."""
    zones = _state(at)["zones"]
    for card in cards:
        for key, held in zones.items():
            if card in held and not key.startswith("hand:"):
                held.remove(card)
                break
        zones[model.zone(model.HAND, side)].append(card)


def hold(at: Kit | State, side: str, *cities: str) -> None:
    """Give a side the cards of some cities."""
    for city in cities:
        move_card(at, city, model.zone(model.CITIES, side))


def set_zone(at: Kit | State, zone: str, cards: list[str]) -> None:
    """A card zone's cards, in order, set by hand: the cards it held leave the game unless
    the test puts them elsewhere, and cards put here are not taken from their zones."""
    _state(at)["zones"][zone] = list(cards)


def _records(at: Kit | State) -> dict[str, Any]:
    found: dict[str, Any] = _state(at)["records"]
    return found


def set_order(at: Kit | State, *sides: str) -> None:
    """This stage's order of play (HB 3.3)."""
    _records(at)["order"] = list(sides)


def set_ip(at: Kit | State, **points: int) -> None:
    _records(at)["ip"].update(points)


def set_gold(at: Kit | State, **talents: int) -> None:
    _records(at)["gold"].update(talents)


def set_vp(at: Kit | State, **vp: int) -> None:
    _records(at)["vp"].update(vp)


def gain(at: Kit | State, record: str, **amounts: int) -> None:
    """Add to a per-player record (``ip``, ``gold``, ``vp``)."""
    found = _records(at)[record]
    for side, amount in amounts.items():
        found[side] += amount


def set_lean(at: Kit | State, state_id: str, position: int, allied_by: str | None = None) -> None:
    """A state's marker on the political track (HB VII), and the player who brought it into
    its alliance (none: no one scored it)."""
    records = _records(at)
    records["political"][state_id] = position
    if allied_by is None:
        records["allied_by"].pop(state_id, None)
    else:
        records["allied_by"][state_id] = allied_by


def set_tribe(at: Kit | State, tribe: str, team: str | None, attitude: str = "allied") -> None:
    """A tribe's attitude marker (HB 8.1): ``friendly`` or ``allied`` towards ``team``;
    ``team`` None takes the marker off (neutral)."""
    markers = _records(at)["gauls"]
    if team is None:
        markers.pop(tribe, None)
    else:
        markers[tribe] = {"team": team, "attitude": attitude}


def clear_tribes(at: Kit | State) -> None:
    """Every tribe neutral: no attitude marker on the board."""
    _records(at)["gauls"].clear()


def besiege(at: Kit | State, city: str, by: str, level: int) -> None:
    """A city on the siege track at ``level``, besieged by ``by`` (HB 6.2)."""
    _records(at)["sieges"][city] = {"level": level, "by": by}


def set_record(at: Kit | State, name: str, value: Any) -> None:
    """A record the manifest declares, set by hand."""
    _records(at)[name] = value


def give_counters(at: Kit | State, space: str, owner: str, to: str) -> None:
    """Every counter of ``owner`` on ``space`` controlled by ``to`` instead (set by hand)."""
    for piece in _state(at)["pieces"].values():
        if piece["at"] == space and piece["side"] == owner:
            piece["side"] = to
    note_moved()


def reseed(at: Kit | State, seed: int) -> None:
    """The state's generator seeded anew (the dice and shuffles still to come)."""
    from legatus.framework.engine import rng

    _state(at)["rng"] = rng.seed_state(seed)


# -- positions for the test kit (play_from) --------------------------------------------------

#: The players of Scenario III for two: each runs both halves of his nation (HB 10.2).
ROME, CARTHAGE = "rome_north", "carthage_spain"


def stage_position(
    armies: Mapping[str, Mapping[str, Sequence[str]]],
    *,
    inside: Mapping[str, Sequence[str]] | None = None,
    cities: Mapping[str, Sequence[str]] | None = None,
    records: Mapping[str, Any] | None = None,
    ip: Mapping[str, int] | None = None,
    step: str = "actions",
    year: int = 1,
    stage: int = 3,
) -> str:
    """A position's text in Scenario III for two, at ``step`` of a stage (the players have
    taken their seats; Carthage acts first): ``armies`` gives each player's counters by
    region (``"Hannibal"``, or ``"10 heavy_infantry"``: that many free counters of his
    nation's type), ``inside`` the counters (by the same words, in the order ``armies`` gave
    them) standing inside a city's walls, ``cities`` the city cards each player holds; every
    other counter is out of play, every other card out of the game, the hands empty. IP:
    Carthage 1, Rome 0, unless ``ip`` says otherwise."""
    hb = definition()
    taken: set[str] = set()
    setup: dict[str, dict[str, Any]] = {side: {"others": "out"} for side in hb.side_ids}
    named: dict[str, list[str]] = {}
    zones: dict[str, list[str]] = {}
    for side, regions in armies.items():
        printed = model.team_sides(hb, hb.team_of(side))[0]  # the nation's counters
        for region, items in regions.items():
            counters: list[str] = []
            for item in items:
                count, _, kind = item.partition(" ")
                if not count.isdigit():  # a leader, under his own printed side
                    own = setup[hb.pieces[item].side].setdefault("map", {})
                    own.setdefault(region, []).append(item)
                    zones.setdefault(f"leaders:{side}", []).append(item)
                    named.setdefault(item, []).append(item)
                    continue
                free = [
                    pid
                    for pid, piece in hb.pieces.items()
                    if piece.side == printed and piece.type == kind and pid not in taken
                ][: int(count)]
                assert len(free) == int(count), f"only {len(free)} {kind} of {printed}"
                taken.update(free)
                counters.extend(free)
                named.setdefault(f"{region}: {item}", []).extend(free)
            if counters:
                setup[printed].setdefault("map", {}).setdefault(region, []).extend(counters)
    pieces: dict[str, Any] = {}
    for side, regions in armies.items():
        for pid in [p for r in regions.values() for p in r if p in hb.pieces]:
            if hb.pieces[pid].side != side:
                pieces.setdefault(pid, {})["side"] = side
    for city, items in (inside or {}).items():
        for item in items:
            for pid in named.get(item, named.get(f"{hb.cards[city].space}: {item}", [])):
                pieces.setdefault(pid, {})["attrs"] = {"city": city}
    for side, held in (cities or {}).items():
        zones[f"cities:{side}"] = list(held)
    given = {"order": [CARTHAGE, ROME], "ip": {CARTHAGE: 1, ROME: 0, "carthage_africa": 0}}
    given["gold"] = {"rome_south": 0, "carthage_africa": 0}
    given["ip"].update(ip or {})
    given.update(records or {})
    body: dict[str, Any] = {
        "scenario": "campaign-2p",
        "at": {"step": step, "counters": {"year": year, "stage": stage}},
        "records": given,
        "setup": setup,
    }
    if pieces:
        body["pieces"] = pieces
    body["zones"] = zones
    body["remaining"] = "removed"
    return yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=100)


def decline_effects(kit: Kit) -> Kit:
    """Every player declines to play an effect (HB 5.7) while the game asks."""
    while kit.asked is not None and kit.asked[1] == "respond":
        kit.act("decline")
    return kit
