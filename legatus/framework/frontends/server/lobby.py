"""Creating a match: checking what the creator asked for, and making its secret links.

A request names an installed game, a scenario, its options, a variant (one the
game ships, or the text of a variant file), a seed, who plays each seat
(``human`` or a player spec such as ``mcts:iterations=200``), whether the
human seats share one screen (hot seat), a time control (``clock``,
:mod:`legatus.framework.frontends.server.clocks`) and the computer player that
takes over a seat whose player leaves or runs out of time (``takeover``). Or it carries a save file (a
*position file*): the match then continues that game from where the save
stopped, with its game, scenario, variants, options, seed and actions.

Everything is checked before anything is stored, and each problem is one line
that says which field is wrong. The creator gets one link per seat, one for
spectators and one for the host; the server keeps only their hashes
(:mod:`legatus.framework.frontends.server.links`).

What the creator learns is no more than a player's share, unless every seat is
told otherwise:

* the host link watches the public view; only in a match created as
  *refereed* (``"refereed": true``) may it see every side's view and download
  the save while the game runs, and every seat's page says the match is
  refereed;
* the seed is drawn by the server and kept secret until the game is over (the
  deal and every die follow from it); a creator who fixes it (or continues a
  save, which holds it) fixes it for everyone: every seat is told its value.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.saves import check_save
from legatus.framework.frontends.server.clocks import BadClock, check_clock
from legatus.framework.frontends.server.links import (
    HOST,
    HOT_SEAT,
    SEAT,
    SPECTATOR,
    new_match_id,
    new_token,
    seat_sides,
    token_hash,
)
from legatus.framework.frontends.server.storage import Link, MatchRecord
from legatus.framework.model.errors import DataError, LegatusError
from legatus.framework.play.catalog import Catalog
from legatus.framework.play.driver import Match
from legatus.framework.rules.parser import parse_variant

#: The most characters of a variant file's text a request may carry.
MAX_VARIANT_TEXT = 200_000


class BadRequest(LegatusError):
    """A request the server refuses, with the reason in one line (shown in the page)."""


@dataclass(frozen=True)
class NewMatch:
    """A checked request: the record to store, its links (token -> link) and, for a match
    started from a save or a position file, the match it starts as."""

    record: MatchRecord
    tokens: dict[str, Link]
    started: Match | None = None


def _text(request: dict[str, Any], key: str, default: str = "", limit: int = 200) -> str:
    value = request.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise BadRequest(f"{key}: expected text")
    if len(value) > limit:
        raise BadRequest(f"{key}: longer than {limit} characters")
    return value.strip()


def _seed(request: dict[str, Any]) -> tuple[int, bool]:
    """The match's seed, and whether the creator fixed it (empty: drawn here, kept secret)."""
    value = request.get("seed")
    if value is None or (isinstance(value, str) and not value.strip()):
        return secrets.randbelow(2**31), False
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 19:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
        raise BadRequest("seed: expected a whole number from 0 to 2**63-1")
    return value, True


def _flag(request: dict[str, Any], key: str) -> bool:
    value = request.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"{key}: expected true or false")
    return value


def _variants(catalog: Catalog, game: str, request: dict[str, Any]) -> list[tuple[str, str]]:
    """The variant as (name, text): a shipped name with no text, or an uploaded file's text."""
    name = _text(request, "variant")
    text = _text(request, "variant_text", limit=MAX_VARIANT_TEXT)
    if name and text:
        raise BadRequest("give a variant's name or a variant file, not both")
    if text:
        try:
            parsed = parse_variant(text, "<variant file>")
        except LegatusError as exc:
            raise BadRequest(f"variant file: {exc}") from None
        return [(parsed.name, text)]
    return [(name, "")] if name else []


def _players(
    catalog: Catalog, game: Game, seats: dict[str, tuple[str, ...]], request: dict[str, Any]
) -> dict[str, str]:
    given = request.get("players") or {}
    if not isinstance(given, dict):
        raise BadRequest("players: expected seat -> player")
    unknown = sorted(set(given) - set(seats))
    if unknown:
        raise BadRequest(f"players: no seat {unknown[0]!r}; seats: {', '.join(seats)}")
    players: dict[str, str] = {}
    for index, seat in enumerate(seats):
        spec = given.get(seat, "human")
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 200:
            raise BadRequest(f"players: {seat}: expected human or a player such as mcts")
        spec = spec.strip()
        if spec != "human":
            try:  # made once here so a bad player is refused before the match exists
                catalog.make_agent(spec, seats[seat][0], index, game=game)
            except LegatusError as exc:
                raise BadRequest(f"players: {seat}: {exc}") from None
        players[seat] = spec
    return players


def _takeover(
    catalog: Catalog, game: Game, seats: dict[str, tuple[str, ...]], request: dict[str, Any]
) -> str | None:
    """The computer player that takes over a seat whose player leaves or runs out of time
    (None: the match does not allow it)."""
    spec = _text(request, "takeover")
    if not spec:
        return None
    if spec == "human":
        raise BadRequest("takeover: expected a computer player such as greedy")
    first = next(iter(seats.values()))[0]
    try:
        catalog.make_agent(spec, first, 0, game=game)
    except LegatusError as exc:
        raise BadRequest(f"takeover: {exc}") from None
    return spec


def check_request(catalog: Catalog, request: Any, now: float | None = None) -> NewMatch:
    """Check a creation request in full; BadRequest names the first problem. ``now``: the
    time of creation (default: the clock's)."""
    if not isinstance(request, dict):
        raise BadRequest("expected a JSON object describing the match")
    position = request.get("position")
    started: Match | None = None
    saved: dict[str, Any] = {}  # what the server that made a save added to its game
    if position not in (None, ""):
        started, saved = _position(catalog, position)
        assert started.states is not None
        first = started.states[0]
        game = started.game
        name, scenario, seed = first["game"], first["scenario"], int(first["seed"])
        options = tuple(first["options"])
        variants = list(started.game.sources.variants)
        seed_fixed = True  # the save or position file holds it: its creator knows it
    else:
        name = _text(request, "game")
        if not name:
            raise BadRequest("game: choose a game")
        if name not in catalog.games():
            raise BadRequest(f"game: no installed game {name!r}")
        variants = _variants(catalog, name, request)
        try:
            game = catalog.load_saved(name, variants)
        except LegatusError as exc:
            raise BadRequest(f"cannot load {name}: {exc}") from None
        scenario = _text(request, "scenario") or game.definition.default_scenario().id
        if scenario not in game.definition.scenarios:
            raise BadRequest(
                f"scenario: {name} has no scenario {scenario!r}; "
                f"scenarios: {', '.join(game.definition.scenarios)}"
            )
        raw_options = request.get("options") or []
        if not isinstance(raw_options, list) or not all(isinstance(o, str) for o in raw_options):
            raise BadRequest("options: expected a list of option ids")
        known = game.definition.scenarios[scenario].options
        for option in raw_options:
            if option not in known:
                raise BadRequest(
                    f"options: scenario {scenario} has no option {option!r}; "
                    f"options: {', '.join(known) or 'none'}"
                )
        options = tuple(sorted(set(raw_options)))
        seed, seed_fixed = _seed(request)
        try:  # the start must be playable before the match is stored
            game.new_state(scenario, seed=seed, options=options, run=Run(count=False))
        except LegatusError as exc:
            raise BadRequest(f"cannot start {name}: {exc}") from None
    if started is not None:  # a save or a position file: its own seats
        assert started.states is not None
        seats = {seat: tuple(sides) for seat, sides in started.states[0]["seats"].items()}
    else:
        seats = seat_sides(game.definition, scenario)
    players = _players(catalog, game, seats, request)
    clock = check_clock(request.get("clock"))
    takeover = _takeover(catalog, game, seats, request)
    result: dict[str, Any] | None = None
    if saved:
        clock, takeover, result = _saved_terms(catalog, game, seats, saved, clock, takeover)
        assert started is not None
        if started.over:  # the rules ended it: theirs is the result
            result = None
    if clock is not None and clock["at_zero"] == "computer" and takeover is None:
        raise BadRequest(
            "clock: at_zero computer needs the computer player that takes a seat over: "
            "give takeover, e.g. greedy"
        )
    teams = {game.definition.team_of(sides[0]) for sides in seats.values() if sides}
    if clock is not None and clock["at_zero"] == "lose" and len(teams) > 2 and takeover is None:
        raise BadRequest(
            "clock: at_zero lose in a match of three teams or more needs the computer player "
            "that plays on for a team out of the game: give takeover, e.g. greedy"
        )
    hot_seat = _flag(request, "hot_seat")
    refereed = _flag(request, "refereed")
    humans = [seat for seat, player in players.items() if player == "human"]
    if hot_seat and len(humans) < 2:
        raise BadRequest("hot seat: it needs at least two human seats")
    record = MatchRecord(
        id=new_match_id(),
        game=name,
        scenario=scenario,
        seed=seed,
        variants=tuple((n, t) for n, t in variants),
        options=options,
        seats=seats,
        players=players,
        hot_seat=hot_seat,
        created=time.time() if now is None else now,
        position=started.position if started is not None else None,
        refereed=refereed,
        seed_fixed=seed_fixed,
        clock=clock,
        takeover=takeover,
        result=result,
    )
    tokens: dict[str, Link] = {new_token(): Link(record.id, HOST)}
    tokens[new_token()] = Link(record.id, SPECTATOR)
    if hot_seat:
        tokens[new_token()] = Link(record.id, HOT_SEAT)
    for seat in seats:
        if players[seat] == "human" and not hot_seat:
            tokens[new_token()] = Link(record.id, SEAT, seat)
    return NewMatch(record, tokens, started)


def _saved_terms(
    catalog: Catalog,
    game: Game,
    seats: dict[str, tuple[str, ...]],
    saved: dict[str, Any],
    clock: dict[str, Any] | None,
    takeover: str | None,
) -> tuple[dict[str, Any] | None, str | None, dict[str, Any] | None]:
    """The time control, takeover and result of a match continued from a save made by a
    server: a game it ended on time stays ended; without a time control in the request the
    save's goes on, each clock with the time it had left (and the save's takeover, unless
    the request names one)."""
    result = saved.get("result")
    if clock is None and saved.get("clock"):
        try:
            clock = check_clock(saved["clock"])
        except BadClock as exc:
            raise BadRequest(f"position file: the save's {exc}") from None
        assert clock is not None
        spent = {
            seat: max(0.0, clock["seconds"] - float(shown["left"]))
            for seat, shown in (saved.get("clocks") or {}).items()
            if seat in seats
        }
        if spent:
            clock["spent"] = spent
        if takeover is None and saved.get("takeover"):
            takeover = _takeover(catalog, game, seats, {"takeover": saved["takeover"]})
    return clock, takeover, result


def _position(catalog: Catalog, position: Any) -> tuple[Match, dict[str, Any]]:
    """The match a save (given as its JSON text or object) replays to, or the start of a
    position file (its YAML text, :mod:`legatus.framework.engine.positions`); and what the
    server that made the save added to it (its ``server`` part; empty for a position
    file)."""
    if isinstance(position, str):
        if not position.lstrip().startswith(("{", "[")):
            return _position_file(catalog, position), {}  # YAML: a position file
        try:
            position = json.loads(position)
        except (ValueError, RecursionError):
            raise BadRequest("position file: not a save file (corrupt JSON)") from None
    try:
        data = check_save(position, "position file")
        return Match.resume(data, catalog.load_saved, "position file"), dict(
            data.get("server") or {}
        )
    except LegatusError as exc:
        raise BadRequest(str(exc)) from None


def _position_file(catalog: Catalog, text: str) -> Match:
    from legatus.framework.engine.positions import parse_position

    try:
        position = parse_position(text, "position file")
        game = catalog.load(position.game, position.data.get("variant"))
        match = Match.from_position(game, position, run=Run(count=False), history=True)
    except DataError as exc:
        first = exc.problems[0]
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        raise BadRequest(f"{first}{more}") from None
    except LegatusError as exc:
        raise BadRequest(f"position file: {exc}") from None
    return match


def stored_links(tokens: dict[str, Link]) -> dict[str, Link]:
    """The links as the storage keeps them: by the hash of each token."""
    found: dict[str, Link] = {}
    for token, link in tokens.items():
        key = token_hash(token)
        assert key is not None
        found[key] = link
    return found
