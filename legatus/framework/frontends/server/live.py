"""Matches in play: each one's driver, its open pages, its computer players, and the rules
of acting.

The :class:`Hub` holds the matches being played, each in a :class:`Room`:
the match (:class:`~legatus.framework.play.driver.Match`) rebuilt from the
stored actions, the pages open on it (:class:`Client`), and a task that lets
its computer players move. Every change goes the same way, under the room's
lock: the driver parses, checks and applies it (and refuses it with a reason
it gives), the storage commits it (or the driver takes it back), then every
open page is sent its seat's new payload
(:mod:`legatus.framework.frontends.server.payloads`).

What a page may do is decided here and only here:

* a seat acts only for its own sides, and only when the match asks one of
  them (the driver is the only judge of an action; the page merely offers
  the legal ones);
* an action chosen on a view older than the question it answers is *stale*
  and refused with a message (the driver knows at which revision each
  question was asked; another answer to the same simultaneous decision does
  not ask again);
* undo takes back the seat's own last action, by the driver's rule of undo;
* a spectator or host page only watches; a hot-seat page plays the human
  seat being asked, after a hand-over screen (:meth:`Hub.ready`).

And what keeps one match, or one link, from taking the server:

* a seat's, host's or hot-seat link always gets in: when one link has
  :data:`PAGES_PER_LINK` pages open, its oldest is closed; spectators have a
  cap of their own per match (``max_spectators``);
* a page whose view cannot be built is told so in one line and dropped, and
  the match goes on for every other page;
* a seat writes at most ``chat_per_minute`` chat lines a minute;
* computer players think in a pool of their own (``ai_workers`` threads, so
  the pages' requests never wait behind them), each decision within
  ``ai_time`` seconds (:func:`~legatus.framework.play.agents.time_limit`);
* a match with no action for ``expire_after`` seconds expires: it is no
  longer played and no longer counts against the server's limit.

And what the matches' own terms ask for: the human seats' clocks
(:mod:`legatus.framework.frontends.server.clocks`), which at zero hand the seat to the
match's computer player or lose the game, and that computer player taking over a seat whose
player leaves, or has had no page open for ``away_after`` seconds when the seat is asked
while another player waits, if the match allows it; the seat's player takes it back with
the seat's link, from its next decision.

The hub knows nothing of HTTP or WebSockets: a client is a queue of outgoing
messages that the web layer (:mod:`legatus.framework.frontends.server.app`) drains.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from legatus.framework.engine import outcome
from legatus.framework.engine.actions import Action, ActionSyntaxError
from legatus.framework.engine.core import Game, Run
from legatus.framework.frontends.server.clocks import Clocks
from legatus.framework.frontends.server.links import (
    HOST,
    HOT_SEAT,
    PUBLIC,
    SEAT,
    SPECTATOR,
    new_match_id,
    rematch_seats,
    rematch_token,
    token_hash,
)
from legatus.framework.frontends.server.payloads import seat_view
from legatus.framework.frontends.server.storage import ChatLine, Link, MatchRecord, Storage
from legatus.framework.model.errors import IllegalActionError, LegatusError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.agents import agent_seed, time_limit
from legatus.framework.play.catalog import Catalog
from legatus.framework.play.driver import Event, Match, NotAsked, StaleAnswer, Undone, UndoRefused

log = logging.getLogger("legatus.server")

#: The most pages one seat's (or the host's, or the hot seat's) link has open at once; a
#: page opened beyond it closes that link's oldest page.
PAGES_PER_LINK = 8
#: The most spectator pages open on one match at once (``legatus serve --max-spectators``).
MAX_SPECTATORS = 32
#: The most messages waiting for a slow page before it is disconnected.
MAX_QUEUED = 256
#: The longest chat line, in characters.
MAX_CHAT = 500
#: The most chat lines one seat writes in a minute (``--chat-per-minute``).
CHAT_PER_MINUTE = 20
#: The longest a computer player thinks over one decision, in seconds (``--ai-time``).
AI_TIME = 10.0
#: How many computer players think at once on one server (``--ai-workers``).
AI_WORKERS = 2
#: How long a match may go without an action before it expires, in seconds
#: (``--expire-after``, in hours): three days.
EXPIRE_AFTER = 72 * 3600.0
#: The most links the lobby asks about at once.
MAX_LISTED = 100
#: How long a seat's player may be away (no page of the seat open) before the match's
#: computer player takes the seat over at its decision, in seconds (``--away-after``): ten
#: minutes, so a network that blinks, a reload or a phone's app switch takes nothing away.
AWAY_AFTER = 600.0
#: A computer player still thinking this long after its limit (one that ignores it) is
#: given up on: the match waits and says why.
AI_GRACE = 5.0


class Refused(LegatusError):
    """Something a page asked for and may not have; the message is shown in the page."""


@dataclass(eq=False)
class Client:
    """One open page: its link, its outgoing messages, what it has been sent."""

    link: Link
    #: The link's secret token, kept in memory only (a rematch's link is made from it).
    token: str = field(default="", repr=False)
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(MAX_QUEUED)
    )
    #: The log position up to which this page has its seat's entries.
    log_position: int = 0
    #: How many undos this page has seen (after one, its log is sent again whole).
    undos_seen: int = 0
    #: Hot seat: the seat at the screen now, and whether its player said it is there.
    active: str | None = None
    ready: bool = False
    #: Close now, sending nothing more (a page too slow to follow, or gone).
    closed: bool = False
    #: Its last message is queued (:meth:`end`): nothing more is sent after it.
    ending: bool = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed or self.ending:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = True  # too slow to follow: the page reconnects and starts afresh
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)

    def end(self, message: dict[str, Any]) -> None:
        """Send ``message`` (a fatal error, which the page shows and does not reconnect
        after) and close the page."""
        if self.closed or self.ending:
            return
        self.send(message)
        self.ending = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.closed = True


class Room:
    """A match being served: its stored record, the match (whose players are its computer
    players), the pages open on it, and the task that lets the computers move."""

    def __init__(self, record: MatchRecord, match: Match) -> None:
        self.record = record
        self.match = match
        #: The pages open on the match, oldest first.
        self.clients: dict[Client, None] = {}
        self.lock = asyncio.Lock()
        #: The last actions applied: (the revision they made, side, action text), to tell a
        #: page that acts late whether another page of its seat answered first.
        self.recent: deque[tuple[int, str, str]] = deque(maxlen=32)
        #: When each seat (or host, or hot seat) wrote its last chat lines.
        self.chatted: dict[str, deque[float]] = {}
        #: How many undos the match has seen (a page that saw fewer is sent its log again).
        self.undos = 0
        match.listeners.append(self._heard)
        self.thinking: set[str] = set()
        self.worker: asyncio.Task[None] | None = None
        #: When the last change was applied (time.time()), sent to pages to measure delays.
        self.changed_at = time.time()
        self.failure = ""
        #: The human seats' clocks (None: no time control), and the task that acts when
        #: one reaches zero.
        self.clocks: Clocks | None = Clocks.of(record.clock)
        self.timer: asyncio.Task[None] | None = None
        #: With a time control: the time of each action, and the sides the match waited for
        #: after each (from none), to count the clocks again after an undo.
        self.times: list[float] = []
        self.waitings: list[tuple[str, ...]] = []
        #: The result of a game lost on time (the rules did not end it); None otherwise.
        self.forfeit: dict[str, Any] | None = None
        #: What the server did to the match that every page is told (a computer took a
        #: seat over, its person took it back).
        self.notice = ""
        #: The human seats whose player has no page open, each since when (or since the
        #: match was loaded), and the task that wakes up when the first has been away long
        #: enough to be taken over.
        self.away: dict[str, float] = {}
        self.away_timer: asyncio.Task[None] | None = None

    def _heard(self, event: Event) -> None:
        if isinstance(event, Undone):
            self.undos += 1

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def over(self) -> bool:
        """Over by the rules, or lost on time."""
        return self.match.over or self.forfeit is not None

    def seat_name(self, seat: str) -> str:
        definition = self.game.definition
        names = [definition.side_name(side) for side in self.sides_of(seat)]
        return ", ".join(names) or seat

    @property
    def revision(self) -> int:
        """The match's revision: a page acts on the revision it was shown."""
        return self.match.revision

    def humans(self) -> list[str]:
        return [seat for seat, player in self.record.players.items() if player == "human"]

    def human_sides(self) -> tuple[str, ...]:
        """The sides of every human seat (a hot seat's screen plays them all)."""
        return tuple(side for seat in self.humans() for side in self.sides_of(seat))

    def sides_of(self, seat: str) -> tuple[str, ...]:
        return self.record.seats.get(seat, ())

    def seat_of(self, side: str) -> str:
        return next(seat for seat, sides in self.record.seats.items() if side in sides)

    def asked_human(self) -> str | None:
        """The first human seat the match asks now (the one a hot-seat screen shows)."""
        waiting = self.match.waiting_for()
        for seat in self.humans():
            if any(side in waiting for side in self.sides_of(seat)):
                return seat
        return None


class Hub:
    """The matches a server plays, loaded on demand from storage."""

    def __init__(
        self,
        storage: Storage,
        catalog: Catalog,
        *,
        ai_delay: float = 0.3,
        clock: Callable[[], float] = time.time,
        ai_time: float | None = AI_TIME,
        ai_workers: int = AI_WORKERS,
        max_spectators: int = MAX_SPECTATORS,
        chat_per_minute: int = CHAT_PER_MINUTE,
        expire_after: float | None = EXPIRE_AFTER,
        away_after: float | None = AWAY_AFTER,
    ) -> None:
        """``ai_time``, ``expire_after``, ``away_after``: seconds (None: no limit)."""
        self.storage = storage
        self.catalog = catalog
        self.ai_delay = ai_delay
        self.clock = clock
        self.ai_time = ai_time
        self.max_spectators = max_spectators
        self.chat_per_minute = chat_per_minute
        self.expire_after = expire_after
        self.away_after = away_after
        self.live: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._thinkers = ThreadPoolExecutor(ai_workers, thread_name_prefix="legatus-ai")
        self._sweeper: asyncio.Task[None] | None = None

    # -- loading -----------------------------------------------------------------------------
    def resolve(self, token: str) -> Link:
        key = token_hash(token)
        link = self.storage.link(key) if key is not None else None
        if link is None:
            raise Refused("this link is unknown or was mistyped: ask the match's host for yours")
        return link

    async def get(self, match_id: str) -> Room:
        live = self.live.get(match_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            live = self.live.get(match_id)
            if live is None:
                live = await asyncio.to_thread(self._load, match_id)
                self.live[match_id] = live
                self._arm(live)
        self._schedule(live)
        return live

    def _load(self, match_id: str) -> Room:
        record = self.storage.match(match_id)
        if record is None:
            raise Refused(f"no match {match_id}")
        if record.expired:
            raise Refused(self._expired_text())
        game = self.catalog.load_saved(record.game, record.variants)
        times = self.storage.move_times(match_id)
        waitings: list[tuple[str, ...]] = []
        clocks, step = clock_counter(
            record,
            times,
            self.storage.opened_seats(match_id),
            waitings if record.clock is not None else None,
        )
        match = rebuild(game, record, self.storage.moves(match_id), step)
        match.forget_before_floor()
        for index, (seat, spec) in enumerate(record.players.items()):
            if spec != "human":
                for side in record.seats[seat]:
                    match.players[side] = self.catalog.make_agent(
                        spec, side, agent_seed(record.seed, index), game=game
                    )
        room = Room(record, match)
        room.clocks = clocks
        room.times, room.waitings = times, waitings
        if record.result is not None and (not match.over or record.out):
            room.forfeit = record.result  # lost on time, or ranked with the seats out
        return room

    async def resume(self) -> None:
        """Start the computer players of every running match that waits for one and the
        clocks of those with a time control (after a restart, the matches go on by
        themselves), and the sweep of idle matches."""
        self.sweep()
        if self.expire_after:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_often())
        for match_id in self.storage.running():
            record = self.storage.match(match_id)
            if record is not None and (
                record.clock is not None or any(p != "human" for p in record.players.values())
            ):
                try:
                    await self.get(match_id)
                except LegatusError as exc:
                    log.warning("match %s cannot be resumed: %s", match_id, exc)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
            if live.away_timer is not None:
                live.away_timer.cancel()
            if live.worker is not None:
                live.worker.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.worker
            for client in live.clients:
                client.send({"type": "closing"})
        self._thinkers.shutdown(wait=False, cancel_futures=True)

    # -- the lobby -------------------------------------------------------------------------------
    async def summaries(self, tokens: Any) -> list[dict[str, Any]]:
        """What the lobby shows the holder of ``tokens`` (links this browser keeps), one entry
        per token in order: see :meth:`summary`."""
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise Refused('expected {"tokens": [the tokens of your links]}')
        if len(tokens) > MAX_LISTED:
            raise Refused(f"at most {MAX_LISTED} links at once")
        found = []
        for token in tokens:
            try:
                found.append({"token": token, **await self.summary(token)})
            except LegatusError as exc:
                found.append({"token": token, "error": str(exc)})
            except Exception:  # a game plugin's fault: that match alone says so
                log.exception("the lobby could not summarise a match")
                found.append(
                    {
                        "token": token,
                        "error": "the server could not open this match (its log says why)",
                    }
                )
        return found

    async def summary(self, token: str) -> dict[str, Any]:
        """One match as its link's holder sees it in the lobby: the game, whether it is open
        (a human seat whose player has not come yet), running, over or expired, its seats
        (who plays each, whether they came, whether a page of theirs is open, whether the
        match waits for them) and whether it waits for this link. Nothing of the game's
        hidden facts, and no link but the one given."""
        link = self.resolve(token)
        record = self.storage.match(link.match)
        if record is None:
            raise Refused(f"no match {link.match}")
        waiting: set[str] = set()
        online: set[str] = set()
        clocks: dict[str, Any] = {}
        moves = 0
        if record.result is None and not record.expired:
            live = await self.get(record.id)
            definition = live.game.definition
            if live.clocks is not None:
                clocks = live.clocks.shown(live.humans(), self.clock())
            waiting = set(live.match.waiting_for())
            moves = len(live.match.moves)
            online = {c.link.seat for c in live.clients if c.link.role == SEAT}
            if any(c.link.role == HOT_SEAT for c in live.clients):
                online |= set(live.humans())
        else:  # the game as loaded once for every match (the catalog keeps it)
            definition = (await asyncio.to_thread(self.catalog.load, record.game)).definition
            moves = len(self.storage.moves(record.id))
        opened = self.storage.opened_seats(record.id)
        seats: list[dict[str, Any]] = []
        for seat in definition.seats_of(definition.scenarios[record.scenario]):
            if seat.id not in record.seats:
                continue
            human = record.players[seat.id] == "human"
            seats.append(
                {
                    "seat": seat.id,
                    "name": seat.name,
                    "sides": list(record.seats[seat.id]),
                    "player": record.players[seat.id],
                    "joined": not human or record.hot_seat or seat.id in opened,
                    "online": seat.id in online,
                    "turn": any(side in waiting for side in record.seats[seat.id]),
                    "clock": clocks.get(seat.id),
                    "taken_over": seat.id in record.taken,
                    "out": seat.id in record.out,
                }
            )
        if record.expired:
            state = "expired"
        elif record.result is not None:
            state = "over"
        elif not all(s["joined"] for s in seats):
            state = "open"
        else:
            state = "running"
        if link.role == SEAT:
            mine = {link.seat}
        elif link.role == HOT_SEAT:
            mine = {s["seat"] for s in seats if s["player"] == "human"}
        else:
            mine = set()
        scenario = definition.scenarios[record.scenario]
        return {
            "match": record.id,
            "role": link.role,
            "seat": link.seat,
            "game": record.game,
            "title": definition.title,
            "scenario": record.scenario,
            "scenario_title": scenario.title,
            "sides": {
                side: definition.side_name(side)
                for sides in record.seats.values()
                for side in sides
            },
            "wins": {
                side: definition.side_wins(side)
                for sides in record.seats.values()
                for side in sides
            },
            "state": state,
            "seats": seats,
            "moves": moves,
            "your_turn": any(s["turn"] for s in seats if s["seat"] in mine),
            "result": record.result,
            "created": record.created,
            "touched": record.touched,
            "rematch": self._rematch_url(record, link, token),
            "clock": record.clock,
        }

    # -- expiry ----------------------------------------------------------------------------------
    def _expired_text(self) -> str:
        if self.expire_after:
            hours = self.expire_after / 3600
            return (
                f"this match expired: no action for {hours:g} hour{'' if hours == 1 else 's'} "
                "(this server's --expire-after); its replay is still open at /r/ with your link"
            )
        return "this match expired; its replay is still open at /r/ with your link"

    def sweep(self) -> list[str]:
        """Expire the running matches idle for longer than ``expire_after``: they are no
        longer played, and their pages are told why. The ids expired."""
        if not self.expire_after:
            return []
        expired = self.storage.expire(self.clock() - self.expire_after)
        for match_id in expired:
            live = self.live.pop(match_id, None)
            if live is None:
                continue
            if live.worker is not None:
                live.worker.cancel()
                live.worker = None
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            if live.away_timer is not None:
                live.away_timer.cancel()
                live.away_timer = None
            for client in list(live.clients):
                self._drop(live, client, self._expired_text())
        if expired:
            log.info("expired %d idle matches", len(expired))
        return expired

    async def _sweep_often(self) -> None:
        assert self.expire_after
        period = min(max(self.expire_after / 10, 1.0), 600.0)
        while True:
            await asyncio.sleep(period)
            try:
                self.sweep()
            except Exception:  # a storage failure: try again at the next sweep
                log.exception("the sweep of idle matches failed")

    # -- pages -----------------------------------------------------------------------------------
    async def join(self, live: Room, client: Client) -> None:
        """Open a page: a spectator beyond the match's cap is refused; a seat's, host's or
        hot-seat link always gets in, closing its own oldest page beyond
        :data:`PAGES_PER_LINK`. A link's first page marks its seat as come (the lobby
        shows it)."""
        key = token_hash(client.token) if client.token else None
        if key is not None:
            self.storage.open_link(key, at=self.clock())
        async with live.lock:
            clocks = live.clocks
            if clocks is not None and clocks.start is None and not live.over:
                start = clock_start(live.record, self.storage.opened_seats(live.record.id))
                if start is not None:  # the last player came (a hot seat: at its creation)
                    # From when a restart counts them too (the last player's first page).
                    clocks.begin(start, waiting_humans(live.record, live.match))
                    self._broadcast(live)
            self._arm(live)  # and a clock at zero is seen to at once
            if client.link.role == SPECTATOR:
                watching = sum(1 for c in live.clients if c.link.role == SPECTATOR)
                if watching >= self.max_spectators:
                    raise Refused(
                        f"this match has {self.max_spectators} spectators already, this "
                        "server's limit: try again later"
                    )
            else:
                same = [c for c in live.clients if c.link == client.link]
                for oldest in same[: max(0, len(same) - PAGES_PER_LINK + 1)]:
                    self._drop(
                        live,
                        oldest,
                        f"this link is open in {PAGES_PER_LINK} other pages: this one, the "
                        "oldest, was closed (reload it to use it here again)",
                    )
            live.clients[client] = None
            self._note_away(live)
            self._send_view(live, client, fresh=True)
            self._check_away(live)
            url = self._rematch_url(live.record, client.link, client.token)
            if url is not None:
                client.send({"type": "rematch", "url": url})
            client.send(
                {"type": "chat", "lines": [_chat(c) for c in self.storage.chat(live.record.id)]}
            )

    def leave(self, live: Room, client: Client) -> None:
        """A page closed; a match nobody watches and no computer player moves is let go
        (it is loaded again from storage when a page opens it)."""
        live.clients.pop(client, None)
        client.closed = True
        if (
            not live.clients
            and live.worker is None
            and live.timer is None
            and self.live.get(live.record.id) is live
        ):
            self.live.pop(live.record.id, None)
            if live.away_timer is not None:
                live.away_timer.cancel()
                live.away_timer = None
        elif client.link.role == SEAT:
            try:  # a page closing must close whatever happens to the bookkeeping
                self._note_away(live)
                self._check_away(live, act=False)
            except Exception:
                log.exception("match %s: noting a player away failed", live.record.id)

    def _drop(self, live: Room, client: Client, message: str) -> None:
        """Close one page with a one-line reason; the others are not touched."""
        live.clients.pop(client, None)
        client.end({"type": "error", "message": message, "fatal": True})

    # -- acting ----------------------------------------------------------------------------------
    def _acting_sides(self, live: Room, client: Client) -> tuple[str, ...]:
        link = client.link
        if link.role == SEAT and live.record.players.get(link.seat) != "human":
            raise Refused(
                "a computer player plays this seat now: you can watch, or take your seat back"
            )
        if link.role == SEAT:
            return live.sides_of(link.seat)
        if link.role == HOT_SEAT and client.ready and client.active is not None:
            return live.sides_of(client.active)
        if link.role == HOT_SEAT:
            raise Refused("hand the screen over first: press the button when you are there")
        raise Refused("this link only watches the match; it cannot act")

    async def act(
        self, live: Room, client: Client, text: Any, revision: Any, side: Any = None
    ) -> None:
        if not isinstance(text, str) or not text or len(text) > 1000:
            raise Refused("expected an action")
        async with live.lock:
            sides = self._acting_sides(live, client)
            if live.over:
                raise Refused("the game is over: no more actions")
            waiting = live.match.waiting_for()
            asked = [s for s in sides if s in waiting]
            if side is not None:
                if side not in sides:
                    raise Refused("you can only act for your own seat")
                asked = [side] if side in waiting else []
            if not isinstance(revision, int) or isinstance(revision, bool):
                revision = 0
            if not asked:
                late = self._late(live, sides, revision)
                if late is None:
                    raise Refused("it is not your decision now: wait for your turn")
                self._send_view(live, client)
                raise Refused(late)
            actor = asked[0]
            try:
                self._apply(live, actor, text, revision)
            except StaleAnswer as exc:
                self._send_view(live, client)
                raise Refused(
                    self._late(live, sides, revision) or f"{exc}; here is the position now"
                ) from None
            except ActionSyntaxError as exc:
                raise Refused(f"not an action of this game: {exc}") from None
            except IllegalActionError as exc:
                raise Refused(f"{exc.action} is not a legal choice now") from None

    @staticmethod
    def _late(live: Room, sides: tuple[str, ...], seen: int) -> str | None:
        """Why an answer chosen at revision ``seen`` comes too late, if the match moved on
        since: the seat answered already (two pages of one seat racing, or a double click:
        its own action, quoted, nobody else's), or the game moved on."""
        if seen >= live.revision:
            return None
        mine = [text for made, side, text in live.recent if made > seen and side in sides]
        if mine:
            return (
                f"your seat has already answered ({mine[-1]}), perhaps in another page: "
                "here is the position now"
            )
        return (
            "that choice was made on an old view: the game moved on since; here is the position now"
        )

    def _apply(self, live: Room, side: str, action: Action | str, seen: int) -> None:
        """Answer for ``side`` through the driver, commit the action, tell every page (under
        the room's lock); the driver's refusals change nothing and are raised."""
        match = live.match
        before = waiting_humans(live.record, match)
        applied = match.answer(side, action, seen=seen)
        number = len(match.moves)
        now = self.clock()
        final = match.result
        if match.over and live.record.out:  # the seats out on time rank last all the same
            final = time_result(live.game.definition, live.record, match.result)
        try:
            self.storage.add_move(live.record.id, number, side, applied.text, at=now)
            if match.over:
                self.storage.finish(live.record.id, final)
        except Exception:
            match.retract()  # not recorded: not played
            raise
        if match.over and live.record.out:
            live.forfeit = final
            live.record = replace(live.record, result=final, touched=now)
        live.recent.append((match.revision, side, applied.text))
        match.forget_before_floor()
        if live.clocks is not None:
            live.clocks.change(now, before, waiting_humans(live.record, match))
            live.times.append(now)
            live.waitings.append(tuple(match.waiting_for()))
        self._changed(live)

    def _changed(self, live: Room) -> None:
        live.changed_at = self.clock()
        self._broadcast(live)
        self._schedule(live)
        self._arm(live)
        self._check_away(live)

    def _undo_sides(self, live: Room, client: Client) -> tuple[str, ...]:
        """Whose last decision a page's undo takes back: a seat's own; on a hot seat, the
        last decision of any human seat at the screen (its players share it), from a seat's
        view or from the hand-over screen."""
        if client.link.role == HOT_SEAT:
            return live.human_sides()
        return self._acting_sides(live, client)

    def _undo_refused(self, live: Room, sides: tuple[str, ...]) -> str | None:
        if live.over:
            return "the game is over: nothing can be undone"
        return live.match.undo_refused(sides, replies=set(live.match.players))

    async def undo(self, live: Room, client: Client) -> None:
        async with live.lock:
            sides = self._undo_sides(live, client)
            if live.over:
                raise Refused("the game is over: nothing can be undone")
            # The seat's last decision, with its computer players' replies to it; another
            # person's decisions are theirs to take back.
            try:
                live.match.undo(sides, replies=set(live.match.players))
            except UndoRefused as exc:
                if client.link.role == HOT_SEAT and str(exc).startswith("nothing to undo"):
                    raise Refused("nothing to undo: no move was made at this screen yet") from None
                raise Refused(str(exc)) from None
            keep = len(live.match.moves)
            self.storage.drop_moves(live.record.id, keep, at=self.clock())
            if live.clocks is not None:
                # As if the actions taken back had never been taken: the time they took is
                # given back, and the seats asked again were asked since the last action
                # kept (a restart counts them so too).
                del live.times[keep:]
                del live.waitings[keep + 1 :]
                live.clocks = count_clocks(
                    live.record,
                    live.times,
                    live.waitings,
                    self.storage.opened_seats(live.record.id),
                )
            live.recent.clear()
            self._changed(live)

    async def ready(self, live: Room, client: Client) -> None:
        """Hot seat: the player of the seat asked is at the screen; show them their view."""
        async with live.lock:
            if client.link.role != HOT_SEAT:
                raise Refused("only a hot-seat page hands the screen over")
            client.ready = True
            self._send_view(live, client, fresh=True)

    async def rematch(self, live: Room, client: Client, max_matches: int) -> None:
        """A new match of the same game, scenario, options and variants, a new secret seed,
        each player at the next seat (two swap sides; a computer player moves with its seat's
        player); every page of this match is sent its own link to it (made from its own,
        :func:`~legatus.framework.frontends.server.links.rematch_token`)."""
        async with live.lock:
            if client.link.role == SPECTATOR:
                raise Refused("spectators cannot ask for a rematch")
            if not live.over:
                raise Refused("a rematch is for a game that is over")
            if live.record.rematch is None:
                if self.storage.count_running() >= max_matches:
                    raise Refused(
                        f"this server already runs {max_matches} matches, its limit: "
                        "try the rematch later"
                    )
                old = live.record
                moved = rematch_seats(list(old.seats))
                # A seat a computer took over, or plays since it ran out of time, is its
                # person's again (a seat handed over was a person's: only those are).
                handed = {seat for _, seat, _ in old.handovers}
                players = {
                    s: "human" if s in old.taken or (s in old.out and s in handed) else p
                    for s, p in old.players.items()
                }
                new = replace(
                    old,
                    id=new_match_id(),
                    seed=secrets.randbelow(2**31),
                    seed_fixed=False,
                    players={moved[seat]: players[seat] for seat in old.seats},
                    taken=(),
                    handovers=(),
                    out=(),
                    # A fresh game: every clock starts whole (not with a save's time used).
                    clock=None
                    if old.clock is None
                    else {k: v for k, v in old.clock.items() if k != "spent"},
                    created=self.clock(),
                    touched=self.clock(),
                    result=None,
                    expired=False,
                    rematch=None,
                )
                self.storage.add_match(new, {})
                self.storage.set_rematch(old.id, new.id)
                live.record = replace(old, rematch=new.id)
            for other in list(live.clients):
                url = self._rematch_url(live.record, other.link, other.token)
                if url is not None:
                    other.send({"type": "rematch", "url": url})

    def _rematch_url(self, record: MatchRecord, link: Link, token: str) -> str | None:
        """The address of ``token``'s link in the match's rematch (None: no rematch yet),
        its link stored the first time it is asked for."""
        if record.rematch is None or not token:
            return None
        new = rematch_token(token, record.rematch)
        seat = rematch_seats(list(record.seats)).get(link.seat, "") if link.role == SEAT else ""
        key = token_hash(new)
        assert key is not None
        self.storage.add_link(key, Link(record.rematch, link.role, seat))
        return f"/m/{new}"

    async def chat(self, live: Room, client: Client, text: Any) -> None:
        if not isinstance(text, str) or not text.strip():
            raise Refused("type a message first")
        if len(text) > MAX_CHAT:
            raise Refused(f"a chat message has at most {MAX_CHAT} characters")
        link = client.link
        if link.role == SEAT:
            who = link.seat
        elif link.role == HOT_SEAT:
            who = "hot seat"
        elif link.role == HOST:
            who = "host"
        else:
            raise Refused("spectators cannot write in the chat")
        now = self.clock()
        written = live.chatted.setdefault(who, deque())
        while written and written[0] <= now - 60:
            written.popleft()
        if len(written) >= self.chat_per_minute:
            raise Refused(
                f"at most {self.chat_per_minute} chat lines a minute from one seat: "
                "wait a little before the next"
            )
        written.append(now)
        line = self.storage.add_chat(live.record.id, who, text.strip())
        for other in list(live.clients):
            other.send({"type": "chat", "lines": [_chat(line)]})

    # -- clocks and takeovers ------------------------------------------------------------------
    def _arm(self, live: Room) -> None:
        """Wake up when the first running clock reaches zero (a change re-arms it)."""
        if live.timer is not None and live.timer is not asyncio.current_task():
            live.timer.cancel()
        live.timer = None
        if live.clocks is None or live.over:
            return
        first = live.clocks.first_zero(self.clock())
        if first is not None:
            live.timer = asyncio.get_running_loop().create_task(self._ring(live, first[1]))

    async def _ring(self, live: Room, delay: float) -> None:
        await asyncio.sleep(delay + 0.05)
        try:
            async with live.lock:
                clocks = live.clocks
                first = clocks.first_zero(self.clock()) if clocks and not live.over else None
                if first is not None and first[1] <= 0:
                    self._at_zero(live, first[0])
                self._arm(live)
        except Exception:  # a storage or player fault: the match waits, and says why
            log.exception("match %s: the clock failed", live.record.id)
            live.failure = "the server could not act on a clock at zero (its log says why)"
            self._broadcast_status(live)

    def _at_zero(self, live: Room, seat: str) -> None:
        """``seat``'s clock reached zero: a computer takes the seat over, or its side loses
        (as the match was created)."""
        assert live.record.clock is not None
        name = live.seat_name(seat)
        if live.record.clock["at_zero"] == "computer":
            self._take_over(live, seat, f"{name} ran out of time")
            return
        record = live.record
        definition = live.game.definition
        falling = team_seats(definition, record, seat)
        staying = [s for s in record.seats if s not in record.out and s not in falling]
        now = self.clock()
        if len({seat_team(definition, record, s) for s in staying}) >= 2:
            self._put_out(live, falling, name, now)
            return
        result = time_result(
            definition,
            replace(record, out=(*record.out, *falling)),
            None,
            f"{name} ran out of time",
        )
        self.storage.finish(live.record.id, result, at=now)
        live.forfeit = result
        live.record = replace(live.record, result=result, touched=now)
        if live.clocks is not None:  # the game is over: every clock stops
            live.clocks.stop(now)
        if live.worker is not None:
            live.worker.cancel()
            live.worker = None
            live.thinking.clear()
        self._changed(live)

    def _put_out(self, live: Room, seats: list[str], name: str, now: float) -> None:
        """A team ran out of time while two teams or more stay in the game: its seats are
        out (they rank last) and the match's computer player plays on for them."""
        record = live.record
        spec = record.takeover
        assert spec is not None  # a match of three teams or more that loses on time has one
        before = waiting_humans(record, live.match)
        humans = [seat for seat in seats if record.players.get(seat) == "human"]
        self.storage.put_out(record.id, seats, spec, at=now)
        live.record = replace(
            record,
            players={**record.players, **dict.fromkeys(humans, spec)},
            taken=tuple(seat for seat in record.taken if seat not in seats),
            handovers=(*record.handovers, *((now, seat, spec) for seat in humans)),
            out=(*record.out, *seats),
        )
        for seat in humans:  # a computer's seat of the team plays on as it did
            index = list(record.seats).index(seat)
            for side in live.sides_of(seat):
                live.match.players[side] = self.catalog.make_agent(
                    spec, side, agent_seed(record.seed, index), game=live.game
                )
            live.away.pop(seat, None)
        if live.clocks is not None:
            live.clocks.change(now, before, waiting_humans(live.record, live.match))
        who = ", ".join(live.seat_name(seat) for seat in seats)
        live.notice = (
            f"{name} ran out of time: {who} {'is' if len(seats) == 1 else 'are'} out of the "
            f"game and rank{'s' if len(seats) == 1 else ''} last; the computer ({spec}) plays on "
            "for them"
        )
        self._changed(live)

    def _take_over(self, live: Room, seat: str, why: str) -> None:
        """The match's computer player (its ``takeover``) plays ``seat`` from now on."""
        record = live.record
        spec = record.takeover
        assert spec is not None
        index = list(record.seats).index(seat)
        agents = {
            side: self.catalog.make_agent(
                spec, side, agent_seed(record.seed, index), game=live.game
            )
            for side in live.sides_of(seat)
        }
        before = waiting_humans(record, live.match)
        now = self.clock()
        self.storage.take_over(record.id, seat, spec, at=now)
        live.record = replace(
            record,
            players={**record.players, seat: spec},
            taken=(*record.taken, seat),
            handovers=(*record.handovers, (now, seat, spec)),
        )
        live.match.players.update(agents)
        live.away.pop(seat, None)
        if live.clocks is not None:
            live.clocks.change(now, before, waiting_humans(live.record, live.match))
        live.notice = (
            f"{why}: the computer ({spec}) plays {live.seat_name(seat)} now, until its "
            "player takes the seat back"
        )
        self._changed(live)

    async def take_back(self, live: Room, client: Client) -> None:
        """A seat's player takes back the seat a computer player took over (they left, ran
        out of time or were away): theirs again from the decision the match asks of it now
        or next (a computer still thinking over it is not listened to); every page is
        told."""
        async with live.lock:
            link = client.link
            if link.role != SEAT:
                raise Refused("only a seat's player can take a seat back, with the seat's link")
            seat = link.seat
            if live.over:
                raise Refused("the game is over: there is no seat to take back")
            if live.record.players.get(seat) == "human":
                raise Refused("you play this seat already")
            if seat in live.record.out:
                raise Refused(
                    "this seat ran out of time and is out of the game: the computer plays on "
                    "for it to the end"
                )
            if seat not in live.record.taken:
                raise Refused("a computer player plays this seat from the start: it has no person")
            record = live.record
            before = waiting_humans(record, live.match)
            now = self.clock()
            self.storage.give_back(record.id, seat, at=now)
            live.record = replace(
                record,
                players={**record.players, seat: "human"},
                taken=tuple(s for s in record.taken if s != seat),
                handovers=(*record.handovers, (now, seat, "human")),
            )
            sides = live.sides_of(seat)
            for side in sides:
                live.match.players.pop(side, None)
            live.thinking -= set(sides)
            if live.clocks is not None:
                live.clocks.change(now, before, waiting_humans(live.record, live.match))
                live.clocks.give_back(seat)
            name = live.seat_name(seat)
            live.notice = f"{name}'s player is back and plays {name} again"
            self._changed(live)

    # -- players away --------------------------------------------------------------------------
    def _note_away(self, live: Room) -> None:
        """Keep ``live.away`` true: the human seats that came once (a hot seat has none) and
        have no page open now, each with when that began (or when the match was loaded)."""
        record = live.record
        if record.hot_seat or not self.away_after or record.takeover is None:
            return
        online = {c.link.seat for c in live.clients if c.link.role == SEAT}
        opened = self.storage.opened_seats(record.id)
        now = self.clock()
        for seat in live.humans():
            if seat in online or seat not in opened:
                live.away.pop(seat, None)
            else:
                live.away.setdefault(seat, now)

    def _check_away(self, live: Room, act: bool = True) -> None:
        """Take over a seat whose player has been away for ``away_after`` seconds once the
        match asks it and another human seat's player is there waiting (nobody is taken
        over while everyone is away); then wake up when the next may be. ``act`` False
        (outside the room's lock): only wake up later."""
        if live.away_timer is not None and live.away_timer is not asyncio.current_task():
            live.away_timer.cancel()
        live.away_timer = None
        if not live.away or not self.away_after or live.over or live.record.takeover is None:
            return
        now = self.clock()
        waiting = live.match.waiting_for()
        online = {c.link.seat for c in live.clients if c.link.role == SEAT}
        for seat, since in list(live.away.items()):
            if live.record.players.get(seat) != "human":
                live.away.pop(seat, None)
                continue
            due = now - since >= self.away_after
            asked = any(side in waiting for side in live.sides_of(seat))
            others = any(s in online for s in live.humans() if s != seat)
            if act and due and asked and others:
                live.away.pop(seat, None)
                self._take_over(
                    live,
                    seat,
                    f"{live.seat_name(seat)}'s player has been away for {_duration(self.away_after)}",
                )
                return  # the takeover's change checked the others again
        later = [since + self.away_after - now for since in live.away.values()]
        later = [max(delay, 0.0) for delay in later if delay > 0 or not act]
        if later:
            live.away_timer = asyncio.get_running_loop().create_task(
                self._away_ring(live, min(later))
            )

    async def _away_ring(self, live: Room, delay: float) -> None:
        await asyncio.sleep(delay + 0.05)
        try:
            async with live.lock:
                self._check_away(live)
        except Exception:  # a storage or player fault: the match waits, and says why
            log.exception("match %s: taking over a seat whose player is away failed",
                          live.record.id)  # fmt: skip
            live.failure = "the server could not take over a seat (its log says why)"
            self._broadcast_status(live)

    async def leave_seat(self, live: Room, client: Client) -> None:
        """A seat's player leaves the match: the match's computer player takes the seat
        over, if the match allows it."""
        async with live.lock:
            link = client.link
            if link.role != SEAT:
                raise Refused("only a seat's player can leave the match")
            if live.over:
                raise Refused("the game is over: nothing to leave")
            if live.record.players.get(link.seat) != "human":
                raise Refused("a computer player plays this seat already")
            if live.record.takeover is None:
                raise Refused(
                    "this match does not let a computer take over a seat (its creator did not "
                    "allow it): stay, or ask your opponent to end it"
                )
            self._take_over(live, link.seat, f"{live.seat_name(link.seat)}'s player left")

    # -- computer players ----------------------------------------------------------------------
    def _schedule(self, live: Room) -> None:
        if (
            live.worker is None
            and not live.failure
            and live.forfeit is None
            and any(side in live.match.players for side in live.match.waiting_for())
        ):
            live.worker = asyncio.get_running_loop().create_task(self._computers(live))

    async def _computers(self, live: Room) -> None:
        """Let the computer players answer while the match asks one of them."""
        try:
            while True:
                async with live.lock:
                    match = live.match
                    side = next((s for s in match.waiting_for() if s in match.players), None)
                    if live.forfeit is not None:
                        side = None
                    if side is None:
                        live.thinking.clear()
                        live.worker = None
                        self._broadcast_status(live)
                        return
                    question = match.ask(side)
                    assert question is not None
                    agent = match.players[side]
                    live.thinking = {side}
                    self._broadcast_status(live)
                started = self.clock()
                # The question's state is never changed by the match (it keeps history), so
                # the computer thinks outside the lock while pages may act.
                action = await self._decide(match, question)
                if action is None:
                    assert self.ai_time is not None
                    live.failure = (
                        f"the computer player of {live.game.definition.side_name(side)} did "
                        f"not answer within {self.ai_time:g} s, this server's limit "
                        "(--ai-time): the match waits"
                    )
                    log.warning("match %s: %s", live.record.id, live.failure)
                    live.worker = None
                    live.thinking.clear()
                    self._broadcast_status(live)
                    return
                pause = self.ai_delay - (self.clock() - started)
                if pause > 0:
                    await asyncio.sleep(pause)
                async with live.lock:
                    # An undo or another answer since makes the computer's choice stale; a
                    # seat taken back since is its person's to answer.
                    if match.players.get(side) is agent:
                        with contextlib.suppress(StaleAnswer, NotAsked):
                            self._apply(live, side, action, question.revision)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a player plugin's fault must not stop the server
            log.exception("computer player failed in match %s", live.record.id)
            live.failure = f"the computer player stopped: {exc}"
            live.worker = None
            live.thinking.clear()
            self._broadcast_status(live)

    async def _decide(self, match: Match, question: Any) -> Action | None:
        """The computer's answer, thought in the pool of computer players within the time
        limit; None if it went on thinking long past it (a player that ignores it)."""
        began: list[float] = []

        def think() -> Action:
            began.append(time.monotonic())
            with time_limit(self.ai_time):
                return match.decide(question)

        future = asyncio.get_running_loop().run_in_executor(self._thinkers, think)
        if self.ai_time is None:
            return await future
        give_up = self.ai_time + max(AI_GRACE, self.ai_time)
        while True:
            done, _ = await asyncio.wait([future], timeout=1.0)
            if done:
                return future.result()
            if began and time.monotonic() - began[0] > give_up:
                return None

    # -- telling the pages ---------------------------------------------------------------------
    def _broadcast(self, live: Room) -> None:
        for client in list(live.clients):
            self._send_view(live, client)

    def _broadcast_status(self, live: Room) -> None:
        status = {
            "type": "status",
            "revision": live.revision,
            "thinking": sorted(live.thinking),
            "failure": live.failure,
        }
        for client in list(live.clients):
            client.send(status)

    def _send_view(self, live: Room, client: Client, fresh: bool = False) -> None:
        """Send the page its view; a view that cannot be built drops that page alone (with a
        one-line reason), never the action that changed the match nor the other pages."""
        try:
            self._build_view(live, client, fresh)
        except Exception:
            log.exception(
                "match %s: the view of a %s page could not be built", live.record.id,
                client.link.role,
            )  # fmt: skip
            self._drop(
                live, client, "the server could not build this page's view (its log says why)"
            )

    def _handover(self, live: Room, seat: str) -> dict[str, Any]:
        """What a hot-seat page shows between two seats: who comes to the screen, and
        whether the last move may be taken back (before it is handed over)."""
        sides = live.human_sides()
        return {
            "type": "handover",
            "seat": seat,
            "sides": list(live.sides_of(seat)),
            "can_undo": self._undo_refused(live, sides) is None,
        }

    def _build_view(self, live: Room, client: Client, fresh: bool) -> None:
        link = client.link
        if link.role == HOT_SEAT:
            asked = live.asked_human()
            if live.over:
                client.active, client.ready = None, True
            elif asked is not None and asked != client.active:
                client.active, client.ready = asked, False
                client.log_position = 0
                client.send(self._handover(live, asked))
                return
            if not client.ready:
                if client.active is not None:  # the hand-over screen, as things are now
                    client.send(self._handover(live, client.active))
                return
            sides = live.sides_of(client.active) if client.active else (PUBLIC,)
        elif link.role == SEAT:
            sides = live.sides_of(link.seat)
        else:
            sides = (PUBLIC,)
        if fresh or client.undos_seen != live.undos:
            client.log_position = 0
            client.undos_seen = live.undos
        reset = client.log_position == 0
        body = seat_view(live.match, sides, log_from=client.log_position)
        if live.forfeit is not None:  # lost on time: nobody is asked anything more
            body.update(result=live.forfeit, prompts=[], waiting=[])
        client.log_position = len(live.match.state["log"])
        moves = live.match.moves
        client.send(
            {
                "type": "view",
                **body,
                "match": live.record.id,
                "game": live.record.game,
                "title": live.game.definition.title,
                "role": link.role,
                "seat": client.active if link.role == HOT_SEAT else link.seat,
                "seats": [
                    {
                        "seat": seat,
                        "sides": list(s),
                        "player": live.record.players[seat],
                        "taken_over": seat in live.record.taken,
                        "out": seat in live.record.out,
                    }
                    for seat, s in live.record.seats.items()
                ],
                "revision": live.revision,
                "moves": len(moves),
                "log_reset": reset,
                "thinking": sorted(live.thinking),
                "failure": live.failure,
                "can_undo": sides != (PUBLIC,)
                and (link.role != SEAT or live.record.players.get(link.seat) == "human")
                and self._undo_refused(live, live.human_sides() if link.role == HOT_SEAT else sides)
                is None,
                "changed_at": live.changed_at,
                "clock": live.record.clock,
                "clocks": None
                if live.clocks is None
                else live.clocks.shown(live.humans(), self.clock()),
                "takeover": live.record.takeover,
                "notice": live.notice,
                **match_terms(live.record, live.over),
            }
        )


def rebuild(
    game: Game,
    record: MatchRecord,
    moves: list[tuple[str, str]],
    step: Callable[[int, Match], None] | None = None,
) -> Match:
    """The match of a stored record, with its history: its start, then every stored action
    answered through the driver (each checked). ``step(n, match)``: called before action
    ``n`` (from 0) is answered, and once more after the last (the clocks count so)."""
    run = Run(count=False)
    if record.position is not None:
        from legatus.framework.engine.positions import parse_position

        position = parse_position(record.position, f"match {record.id}'s position")
        match = Match.from_position(game, position, run=run, seed=record.seed, history=True)
    else:
        match = Match.new(
            game, record.scenario, seed=record.seed, options=record.options, run=run,
            history=True,
        )  # fmt: skip
    for number, (side, text) in enumerate(moves, 1):
        if step is not None:
            step(number - 1, match)
        try:
            match.answer(side, Action.parse(text))
        except LegatusError as exc:
            raise Refused(
                f"match {record.id}: stored action {number} ({side}: {text}) no longer "
                f"applies (the game's files changed?): {exc}"
            ) from None
    if step is not None:
        step(len(moves), match)
    return match


def waiting_humans(record: MatchRecord, match: Match) -> list[str]:
    """The human seats the match waits for now (the seats whose clocks run)."""
    waiting = match.waiting_for()
    return [
        seat
        for seat, sides in record.seats.items()
        if record.players.get(seat) == "human" and any(side in waiting for side in sides)
    ]


def clock_start(record: MatchRecord, opened: dict[str, float]) -> float | None:
    """When the clocks start: once every human seat's player has come (a hot seat: at
    once); None: not yet."""
    if record.hot_seat:
        return record.created
    humans = [seat for seat, player in record.players.items() if player == "human"]
    if not all(seat in opened for seat in humans):
        return None
    return max([opened[seat] for seat in humans], default=record.created)


class ClockCount:
    """The clocks of a stored match counted from its history: each action's time, the sides
    the match waited for after each action, when every player came, and each seat's
    handovers (a computer taking it over, its person taking it back). Call :meth:`step`
    with the sides waited for before the first action (``number`` 0) and after each action
    in turn; the clocks are then as they were, running since the last action."""

    def __init__(
        self, record: MatchRecord, times: Sequence[float], opened: dict[str, float]
    ) -> None:
        self.record = record
        self.times = times
        self.clocks = Clocks.of(record.clock)
        self.start = clock_start(record, opened)
        self.players = dict(record.players)
        for _, seat, _ in record.handovers:  # only a person's seat is ever taken over
            self.players[seat] = "human"
        self.pending = list(record.handovers)  # in the order they happened
        self.before: list[str] = []  # the sides the match waited for since the last action

    def humans(self, waiting: Sequence[str]) -> list[str]:
        return [
            seat
            for seat, sides in self.record.seats.items()
            if self.players.get(seat) == "human" and any(side in waiting for side in sides)
        ]

    def hand_over(self, upto: float) -> None:
        clocks = self.clocks
        assert clocks is not None
        while self.pending and self.pending[0][0] <= upto:
            when, seat, player = self.pending.pop(0)
            was = self.humans(self.before)
            self.players[seat] = player
            clocks.change(when, was, self.humans(self.before))
            if player == "human":
                clocks.give_back(seat)

    def step(self, number: int, waiting: Sequence[str], over: bool = False) -> None:
        """The match waits for ``waiting`` after ``number`` actions (``over``: the rules
        ended it, after the last)."""
        clocks, times, record = self.clocks, self.times, self.record
        assert clocks is not None
        at = times[number - 1] if number else record.created
        if number:
            self.hand_over(at)
        now = self.humans(waiting)
        if clocks.start is None and self.start is not None:
            upto = times[number] if number < len(times) else float("inf")
            if self.start <= upto:
                clocks.begin(max(self.start, at), now)
        if number:
            clocks.change(at, self.humans(self.before), now)
        self.before = list(waiting)
        if number == len(times):
            self.hand_over(float("inf"))
            if record.result is not None and not over:  # lost on time: they stopped
                clocks.stop(record.touched)


def count_clocks(
    record: MatchRecord,
    times: Sequence[float],
    waitings: Sequence[Sequence[str]],
    opened: dict[str, float],
) -> Clocks | None:
    """The clocks of a match (None: no time control) counted from its history alone
    (:class:`ClockCount`): ``waitings[n]`` the sides it waited for after ``n`` actions. An
    undo counts them so, as a restart does: as if the actions taken back had never been
    taken."""
    count = ClockCount(record, times, opened)
    if count.clocks is None:
        return None
    for number, waiting in enumerate(waitings[: len(times) + 1]):
        count.step(number, waiting)
    return count.clocks


def clock_counter(
    record: MatchRecord,
    times: list[float],
    opened: dict[str, float],
    waitings: list[tuple[str, ...]] | None = None,
) -> tuple[Clocks | None, Callable[[int, Match], None] | None]:
    """The clocks of a stored match (None: no time control) and the ``step`` that counts
    them while :func:`rebuild` replays its actions (:class:`ClockCount`), so a restart shows
    the clocks as they were. ``waitings``, if given, is filled with the sides the match
    waited for after each action (from none), for :func:`count_clocks` later."""
    count = ClockCount(record, times, opened)

    def step(number: int, match: Match) -> None:
        waiting = match.waiting_for()
        if waitings is not None:
            waitings.append(tuple(waiting))
        if count.clocks is not None:
            count.step(number, waiting, match.over)

    if count.clocks is None and waitings is None:
        return None, None
    return count.clocks, step


def seat_team(definition: GameDef, record: MatchRecord, seat: str) -> str:
    """The team a seat plays for (the team of its first side; a side without a team is one
    of its own)."""
    sides = record.seats.get(seat, ())
    return definition.team_of(sides[0]) if sides else seat


def team_seats(definition: GameDef, record: MatchRecord, seat: str) -> list[str]:
    """The seats still in the game on ``seat``'s team, ``seat`` among them: a clock at zero
    with ``at_zero`` lose loses the game for the whole team."""
    team = seat_team(definition, record, seat)
    return [
        s for s in record.seats if s not in record.out and seat_team(definition, record, s) == team
    ]


def time_result(
    definition: GameDef, record: MatchRecord, rules: dict[str, Any] | None, reason: str = ""
) -> dict[str, Any]:
    """The result of a match some of whose seats ran out of time (``record.out``, in the
    order they went out): the seats still in the game rank first (among themselves as the
    rules' result ``rules`` ranks them; None: the game ended on time, the one team left
    winning), then the seats out, the last out first. Ranks are given when more than two
    sides are seated (two sides: the winner says it all)."""
    seated = [side for sides in record.seats.values() for side in sides]
    out_sides = [side for seat in record.out for side in record.seats[seat]]
    staying = [side for side in seated if side not in out_sides]
    if rules is None:
        placed = dict.fromkeys(staying, 1)
        winner = staying[0] if staying else None
        why = reason
    else:
        placed = outcome.ranks(rules, staying)
        placed.update({side: len(seated) for side in staying if side not in placed})
        winner = rules.get("winner")
        if winner not in placed:  # the rules' winner was out: the best of those left
            best = [side for side in staying if placed.get(side) == min(placed.values())]
            teams = {definition.team_of(side) for side in best}
            winner = best[0] if best and len(teams) == 1 else None
        gone = ", ".join(definition.side_name(side) for side in out_sides)
        why = f"{rules.get('reason', '')}; {gone} ran out of time and rank last".lstrip("; ")
    ranks: dict[str, int] = {}
    order = sorted(placed.values())
    for side, rank in placed.items():  # 1 + the sides placed better
        ranks[side] = 1 + sum(1 for other in order if other < rank)
    groups: list[list[str]] = []  # the seats that went out together: one team each time
    for seat in record.out:
        team = seat_team(definition, record, seat)
        if groups and seat_team(definition, record, groups[-1][0]) == team:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    better = len(placed)
    for group in reversed(groups):  # the last out ranks best of those out
        sides = [side for seat in group for side in record.seats[seat]]
        ranks.update(dict.fromkeys(sides, better + 1))
        better += len(sides)
    result: dict[str, Any] = {"winner": winner, "reason": why}
    if len(seated) > 2:
        result["ranks"] = ranks
    return result


def match_terms(record: MatchRecord, over: bool) -> dict[str, Any]:
    """What every seat is told of how the match was made: whether it is refereed (its host
    sees every side), whether its creator fixed the seed, and the seed itself when it was
    fixed (the creator knows it: so may everyone) or once the game is over."""
    return {
        "refereed": record.refereed,
        "seed_fixed": record.seed_fixed,
        "seed": record.seed if record.seed_fixed or over else None,
    }


def _duration(seconds: float) -> str:
    """``seconds`` in words: "90 seconds", "10 minutes", "1 minute"."""
    if seconds < 120:
        return f"{seconds:g} second{'' if seconds == 1 else 's'}"
    minutes = seconds / 60
    return f"{minutes:g} minute{'' if minutes == 1 else 's'}"


def _chat(line: ChatLine) -> dict[str, Any]:
    return {"n": line.number, "seat": line.seat, "text": line.text, "at": line.at}


__all__ = ["HOST", "SPECTATOR", "Client", "Hub", "Refused", "Room", "match_terms", "rebuild"]
