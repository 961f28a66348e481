"""Fixtures for Hannibal Barkas rule tests.

Rule tests run the shipped data, procedures and rules file
(``legatus/games/hannibal_barkas/data/rules/hannibal_barkas.rules``). A test that runs a few
steps from a position it builds replaces the sequence of play with them, and a test that
needs another value of a parameter sets it, both through a variant compiled like any other
(:func:`legatus.framework.tools.testing.rules_game`). Section numbers are the Polish rulebook's
(../shared/seeds/hannibal-barkas-rules-pl.txt).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
import yaml

from legatus.framework.engine.core import Game
from legatus.framework.engine.state import State
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import GameUnderTest, Kit, rules_game
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


def clear_board(state: State) -> State:
    """Every counter off the board, back with its printed side, face up."""
    hb = definition()
    for pid, piece in state["pieces"].items():
        piece["at"] = "out"
        piece["side"] = hb.pieces[pid].side
        piece["flags"] = []
    for key in state["zones"]:
        if key.startswith("leaders:"):
            state["zones"][key] = []
    return state


def put(
    state: State, side: str, space: str, *leaders: str, nation: str | None = None, **units: int
) -> list[str]:
    """Place leaders and ``units`` (type=count, free counters of the side's nation, or of
    ``nation``) on ``space`` for ``side``; the leaders' cards go to ``side``."""
    hb = definition()
    placed = []
    for leader in leaders:
        state["pieces"][leader]["at"] = space
        state["pieces"][leader]["side"] = side
        for cards in state["zones"].values():
            if leader in cards:
                cards.remove(leader)
        state["zones"][f"leaders:{side}"].append(leader)
        placed.append(leader)
    for kind, count in units.items():
        free = model.free_counters(hb, state, nation or hb.team_of(side), kind)
        assert len(free) >= count, f"only {len(free)} {kind} left"
        for pid in free[:count]:
            state["pieces"][pid]["at"] = space
            state["pieces"][pid]["side"] = side
            placed.append(pid)
    return placed


def give(state: State, side: str, *cards: str) -> None:
    """Put cards into a side's hand, taken from wherever they are."""
    for card in cards:
        for key, held in state["zones"].items():
            if card in held and not key.startswith("hand:"):
                held.remove(card)
                break
        state["zones"][f"hand:{side}"].append(card)


def hold(state: State, side: str, *cities: str) -> None:
    """Give a side the cards of some cities."""
    for city in cities:
        for held in state["zones"].values():
            if city in held:
                held.remove(city)
        state["zones"][f"cities:{side}"].append(city)


def units_at(state: State, space: str, side: str | None = None) -> dict[str, int]:
    """What stands on a space: counts by type, leaders by name."""
    hb = definition()
    found: dict[str, int] = {}
    for pid in model.pieces_at(state, space):
        if side is not None and state["pieces"][pid]["side"] != side:
            continue
        kind = hb.pieces[pid].type
        key = pid if kind == "leader" else kind
        found[key] = found.get(key, 0) + 1
    return found


_GAMES: dict[tuple[Any, ...], Game] = {}


def hb_rules(*steps: str, variant: str | None = None, **changes: Any) -> GameUnderTest:
    """The game whose sequence is ``steps`` (all of it if none), with parameters changed
    (a dot written ``__``), each with a fresh run; the compiled game is shared between
    tests that ask for the same (compiling takes seconds)."""
    params = {k.replace("__", "."): v for k, v in changes.items()}
    key = (steps, variant, tuple(sorted(params.items())))
    if key not in _GAMES:
        built = rules_game(
            "hannibal_barkas", steps=list(steps) or None, params=params, variant=variant
        )
        _GAMES[key] = built.game
    return GameUnderTest(_GAMES[key])


@pytest.fixture
def make_game() -> Callable[..., GameUnderTest]:
    """``make_game(*steps, **param_changes)``: see :func:`hb_rules`."""
    return hb_rules


def seated(game: GameUnderTest, scenario: str = "campaign-2p", seed: int = 0) -> State:
    """The scenario's position once the players have taken their seats (HB II, 10.2): the
    first step of the sequence run by hand, so a test can change the position and then
    start the steps it replaced the sequence with (``game.begin(state)``)."""
    from legatus.games.hannibal_barkas import setup

    state = game.setup(scenario, seed=seed)
    setup.take_seats(game.context(state))
    return state


def empty_board(
    *steps: str, variant: str | None = None, **changes: Any
) -> tuple[GameUnderTest, State]:
    """Scenario III for two players with every counter off the board and no card in any
    hand; Carthage's Spanish side acts first with 1 IP, Rome's northern side second.
    ``steps``, ``variant`` and ``changes`` as in :func:`hb_rules` (the actions step alone
    if no step is named)."""
    game = hb_rules(*(steps or ("actions",)), variant=variant, **changes)
    state = seated(game, "campaign-2p")
    clear_board(state)
    for key in state["zones"]:
        if key.startswith("hand:"):
            state["zones"][key] = []
    state["records"]["order"] = ["carthage_spain", "rome_north"]
    state["records"]["ip"]["carthage_spain"] = 1
    return game, state


def quietly(game: GameUnderTest | Game, state: State, limit: int = 5000) -> State:
    """Play on with the quietest answer at each decision (pass, decline, done, the first
    card to discard), to the end or until ``limit`` actions."""
    apply = game.apply
    legal = game.legal_actions
    for _ in range(limit):
        if state["result"] is not None or state["prompt"] is None:
            break
        texts = [a.text for a in legal(state)]
        for quiet in ("pass", "decline", "done", "halt"):
            if quiet in texts:
                apply(state, quiet)
                break
        else:
            apply(state, texts[0])
    return state


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
