"""Replays: any match, running or over, or an uploaded save, seen step by step.

A replay rebuilds the game's states from its start and its actions (checked
one by one, as a save's replay is), then shows the state after any number of
actions from one seat's view or the public one, through the same
:func:`~legatus.framework.frontends.server.payloads.seat_view` as live play, so a replay shows
a seat exactly what it saw then and nothing more.

Who may see which view:

* a seat's link: its own seat's view and the public one while the match runs;
  every view once it is over (the secrets of a finished game are kept by nobody);
* the host's link: every view in a refereed match (its host may download the
  save, which holds all, and every seat is told); in any other match the
  public view while it runs, like a spectator's, so a creator who plays sees no
  more than his seat;
* a spectator's or hot-seat link: the public view while it runs, every view after;
* an uploaded save: every view (whoever has the file has everything in it).

Rebuilt matches are kept for a few replays at once (a slider asks for many
steps of the same one).
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from legatus.framework.engine.saves import check_save, with_server
from legatus.framework.frontends.server.links import HOST, PUBLIC, SEAT, new_token, token_hash
from legatus.framework.frontends.server.live import (
    Refused,
    clock_counter,
    match_terms,
    rebuild,
)
from legatus.framework.frontends.server.payloads import seat_view
from legatus.framework.frontends.server.storage import Link, Storage, Upload
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import Catalog
from legatus.framework.play.driver import Match

#: Rebuilt matches kept at once.
CACHE = 6
#: Uploaded saves kept (the oldest are forgotten first).
KEEP_UPLOADS = 200


@dataclass(frozen=True)
class Source:
    """A replay: its match (with history), its seats (seat -> sides), the views its link may see."""

    key: tuple[Any, ...]
    match: Match
    seats: dict[str, tuple[str, ...]]
    views: tuple[str, ...]
    title: str
    players: dict[str, str]
    #: What every seat is told of the match (:func:`~legatus.framework.frontends.server.live.
    #: match_terms`): refereed, the seed if fixed or the game over.
    terms: dict[str, Any]
    #: The result of a game the server ended (lost on time), shown with its last step.
    result: dict[str, Any] | None = None


class Replays:
    def __init__(self, storage: Storage, catalog: Catalog) -> None:
        self.storage = storage
        self.catalog = catalog
        self._matches: OrderedDict[tuple[Any, ...], Match] = OrderedDict()

    def _cached(self, key: tuple[Any, ...], build: Any) -> Match:
        found = self._matches.get(key)
        if found is None:
            found = build()
            self._matches[key] = found
            while len(self._matches) > CACHE:
                self._matches.popitem(last=False)
        else:
            self._matches.move_to_end(key)
        return found

    # -- sources ---------------------------------------------------------------------------------
    def of_match(self, link: Link) -> Source:
        record = self.storage.match(link.match)
        if record is None:
            raise Refused(f"no match {link.match}")
        moves = self.storage.moves(record.id)
        key = ("match", record.id, len(moves), tuple(moves[-1]) if moves else ())

        def build() -> Match:
            game = self.catalog.load_saved(record.game, record.variants)
            return rebuild(game, record, moves)

        found = self._cached(key, build)
        # Over by the rules, or lost on time (the server's result, not the rules').
        over = found.state["result"] is not None or record.result is not None
        seats = record.seats
        if over or (link.role == HOST and record.refereed):
            views = (PUBLIC, *seats)
        elif link.role == SEAT:
            views = (PUBLIC, link.seat)
        else:
            views = (PUBLIC,)
        title = found.game.definition.title
        terms = match_terms(record, over)
        # The server's result: lost on time, or the rules' with the seats out on time last.
        result = record.result if found.state["result"] is None or record.out else None
        return Source(key, found, seats, views, title, dict(record.players), terms, result)

    def upload(self, raw: bytes) -> str:
        """Check and keep an uploaded save; the token of its replay link."""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refused("this file is not a save file (corrupt or not JSON)") from None
        try:
            data = check_save(data, "uploaded save")
            found = Match.resume(data, self.catalog.load_saved, "uploaded save")
        except LegatusError as exc:
            raise Refused(str(exc)) from None
        token = new_token()
        key = token_hash(token)
        assert key is not None
        self.storage.add_upload(Upload(key, json.dumps(data), time.time()), KEEP_UPLOADS)
        self._matches[("upload", key)] = found
        return token

    def of_upload(self, token: str) -> Source:
        key = token_hash(token)
        upload = self.storage.upload(key) if key is not None else None
        if upload is None or key is None:
            raise Refused("this replay link is unknown or was mistyped")

        def build() -> Match:
            data = check_save(json.loads(upload.save), "uploaded save")
            return Match.resume(data, self.catalog.load_saved, "uploaded save")

        found = self._cached(("upload", key), build)
        assert found.states is not None
        start = found.states[0]
        seats: dict[str, tuple[str, ...]] = {
            seat: tuple(sides) for seat, sides in (start.get("seats") or {}).items()
        } or {s: (s,) for s in found.game.definition.side_ids}
        title = found.game.definition.title
        saved = json.loads(upload.save)
        players = dict(saved.get("players", {}))
        # Whoever has the file has the seed: nothing of it is kept from anyone.
        terms = {"refereed": False, "seed_fixed": True, "seed": start["seed"]}
        # The server's result when it gave one: lost on time, or the rules' with the seats
        # out on time ranked last (a save holds it only then).
        result = (saved.get("server") or {}).get("result")
        return Source(
            ("upload", key), found, seats, (PUBLIC, *seats), title, players, terms, result
        )

    # -- frames ----------------------------------------------------------------------------------
    def frame(self, source: Source, step: Any, view: Any) -> dict[str, Any]:
        """The state after ``step`` actions, from ``view`` (a seat, or "" for the public)."""
        played = source.match
        assert played.states is not None
        steps = len(played.states) - 1
        if isinstance(step, str) and step.strip().isdigit():
            step = int(step)
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= steps:
            raise Refused(f"step: expected a number from 0 to {steps}")
        view = view or PUBLIC
        if view not in source.views:
            raise Refused("this link may not see the replay from that seat's view")
        sides = source.seats[view] if view != PUBLIC else (PUBLIC,)
        match = Match(played.game, played.states[step])
        body = seat_view(match, sides)
        if step == steps and source.result is not None:
            body.update(result=source.result, prompts=[], waiting=[])  # lost on time
        last = played.moves[step - 1] if step else None
        return {
            **body,
            "type": "frame",
            "title": source.title,
            "step": step,
            "steps": steps,
            "view": view,
            "views": list(source.views),
            "seats": [
                {"seat": seat, "sides": list(s), "player": source.players.get(seat, "")}
                for seat, s in source.seats.items()
            ],
            # Whose action led here: the action itself only for a view of that side.
            "by": last.side if last else None,
            "action": last.action.text if last and last.side in sides else None,
            **source.terms,
        }


def save_of(
    storage: Storage, catalog: Catalog, link: Link, now: float | None = None
) -> dict[str, Any]:
    """The save file of a match: for anyone once it is over, before that only for the host
    of a refereed match (the save holds every secret, the seed included). What the server
    adds to the game goes in its ``server`` part (:func:`~legatus.framework.engine.saves.
    with_server`): a loss on time, the time control and each clock at ``now`` (default: the
    time), the computer takeover and the seats it plays, so a match continued from the save
    keeps them."""
    record = storage.match(link.match)
    if record is None:
        raise Refused(f"no match {link.match}")
    if record.result is None and not (link.role == HOST and record.refereed):
        raise Refused(
            "the save holds every secret of the game: before the game is over only the "
            "host of a refereed match may download it"
        )
    game = catalog.load_saved(record.game, record.variants)
    clocks, step = clock_counter(
        record, storage.move_times(record.id), storage.opened_seats(record.id)
    )
    match = rebuild(game, record, storage.moves(record.id), step)
    data = match.to_save(dict(record.players))
    server: dict[str, Any] = {}
    if record.result is not None and (not match.over or record.out):
        server["result"] = record.result  # lost on time, or ranked with the seats out
    if record.clock is not None and clocks is not None:
        server["clock"] = {k: record.clock[k] for k in ("seconds", "per", "at_zero")}
        humans = [seat for seat, player in record.players.items() if player == "human"]
        server["clocks"] = clocks.shown(humans, time.time() if now is None else now)
    if record.takeover is not None:
        server["takeover"] = record.takeover
    if record.taken:
        server["taken"] = list(record.taken)
    return with_server(data, server) if server else data
