"""The web application: pages, a small JSON API and one WebSocket per open match page.

Routes (every game fact a page receives comes from :mod:`legatus.framework.frontends.server.payloads`):

=============================  =================================================================
``GET /``                      the lobby: create a match
``GET /api/games``             installed games, their scenarios, options, variants and players
``POST /api/matches``          create a match; answers its secret links (shown once)
``POST /api/my-matches``       the lobby's list: the matches of the links a browser holds
``GET /m/{token}``             a match page (seat, spectator, host or hot seat)
``GET /api/board/{token}``     how to draw the match's board (the same for every seat)
``WS /ws/{token}``             live play: views, prompts, chat, errors
``GET /r/{token}``             a replay page (a match link, or an uploaded save's link)
``GET /api/replay/{token}``    one step of a replay, ``?step=N&view=SEAT``
``POST /api/replays``          upload a save file to replay
``GET /api/save/{token}``      a match's save file (its host; anyone once it is over)
``GET /static/...``            the page's modules, styles and pictures
=============================  =================================================================

Every refusal is a JSON ``{"error": "..."}`` (HTTP) or ``{"type": "error", "message": "..."}``
(WebSocket) that the page shows; nothing a client sends can stop the server. Request bodies
are limited (:data:`MAX_BODY`, :data:`MAX_UPLOAD`), as are WebSocket messages
(:data:`MAX_MESSAGE`; a binary one is refused with a message too) and the number of running
matches. The lobby's list of games is built once, from games loaded once, and served from
memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from legatus.framework.engine.language import DEFAULT_LANGUAGE
from legatus.framework.frontends.server.drawing import board_drawing
from legatus.framework.frontends.server.links import HOST, HOT_SEAT, SEAT, SPECTATOR
from legatus.framework.frontends.server.live import (
    AI_TIME,
    AI_WORKERS,
    AWAY_AFTER,
    CHAT_PER_MINUTE,
    EXPIRE_AFTER,
    MAX_SPECTATORS,
    Client,
    Hub,
    Refused,
)
from legatus.framework.frontends.server.lobby import check_request, stored_links
from legatus.framework.frontends.server.replays import Replays, save_of
from legatus.framework.frontends.server.storage import Storage
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.catalog import Catalog

log = logging.getLogger("legatus.server")

STATIC = Path(__file__).parent / "static"
#: The largest request body, but for uploads (a match request, a chat line).
MAX_BODY = 256 * 1024
#: The largest uploaded save file or position file.
MAX_UPLOAD = 4 * 1024 * 1024
#: The largest WebSocket message a page may send; a larger one is refused with a message.
MAX_MESSAGE = 16 * 1024
#: The largest WebSocket frame the protocol reads at all: beyond it the connection is closed
#: (code 1009), and the page says why.
MAX_FRAME = 1024 * 1024
#: The most matches running at once on one server (finished and expired ones do not count).
MAX_MATCHES = 200


@dataclass
class Settings:
    """What ``legatus serve`` lets its user set (times in seconds; None: no limit)."""

    max_matches: int = MAX_MATCHES
    ai_delay: float = 0.3
    max_upload: int = MAX_UPLOAD
    ai_time: float | None = AI_TIME
    ai_workers: int = AI_WORKERS
    max_spectators: int = MAX_SPECTATORS
    chat_per_minute: int = CHAT_PER_MINUTE
    expire_after: float | None = EXPIRE_AFTER
    #: A seat's player with no page open this long is taken over at the seat's decision,
    #: in a match that allows takeovers (None: never).
    away_after: float | None = AWAY_AFTER
    #: The clock of chat limits, expiry and the computers' pauses (tests set their own).
    clock: Callable[[], float] = time.time


def uvicorn_options() -> dict[str, Any]:
    """How uvicorn must run the app: its WebSocket implementation and frame bound."""
    return {"ws": "websockets-sansio", "ws_max_size": MAX_FRAME}


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class BodyLimit:
    """Refuse request bodies over a limit (413), counting what arrives, not what is claimed."""

    def __init__(self, app: ASGIApp, limit: int, upload_limit: int) -> None:
        self.app = app
        self.limit = limit
        self.upload_limit = upload_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT"):
            await self.app(scope, receive, send)
            return
        big = scope["path"] in ("/api/replays", "/api/matches")
        limit = self.upload_limit if big else self.limit
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _too_large(scope, receive, send, limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await _too_large(scope, receive, send, limit)


class _TooLarge(Exception):
    pass


#: Headers on every answer: pages run only this server's scripts, send no Referer (a link's
#: token is in its address), and no answer is read as another type than it says.
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; "
        b"style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    ),
]


class Headers:
    """Add :data:`HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = error(f"too large: a request here may hold at most {limit} bytes", 413)
    await response(scope, receive, send)


def create_app(storage: Storage, catalog: Catalog, settings: Settings | None = None) -> ASGIApp:
    """The application serving ``storage``'s matches with ``catalog``'s games and players."""
    settings = settings or Settings()
    hub = Hub(
        storage,
        catalog,
        ai_delay=settings.ai_delay,
        clock=settings.clock,
        ai_time=settings.ai_time,
        ai_workers=settings.ai_workers,
        max_spectators=settings.max_spectators,
        chat_per_minute=settings.chat_per_minute,
        expire_after=settings.expire_after,
        away_after=settings.away_after,
    )
    replays = Replays(storage, catalog)
    lobby = Lobby(catalog)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        warming = asyncio.get_running_loop().create_task(lobby.games())
        await hub.resume()
        yield
        warming.cancel()
        await hub.close()

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})

        return serve

    async def games(request: Request) -> Response:
        return Response(await lobby.games(), media_type="application/json")

    async def create(request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except (ValueError, RecursionError):
            return error("expected a JSON object describing the match")
        hub.sweep()
        if storage.count_running() >= settings.max_matches:
            return error(
                f"this server already runs {settings.max_matches} matches, its limit: "
                "finish one, wait for an idle one to expire, or ask its host to raise "
                "--max-matches",
                429,
            )
        try:
            new = await asyncio.to_thread(check_request, catalog, body, settings.clock())
        except LegatusError as exc:
            return error(str(exc))
        storage.add_match(new.record, stored_links(new.tokens))
        if new.started is not None:
            for number, move in enumerate(new.started.moves, 1):
                storage.add_move(
                    new.record.id, number, move.side, move.action.text, at=new.record.created
                )
            if new.started.over:
                storage.finish(new.record.id, new.started.state["result"])
        links = [
            {"role": link.role, "seat": link.seat, "url": f"/m/{token}"}
            for token, link in new.tokens.items()
        ]
        return JSONResponse(
            {
                "match": new.record.id,
                "links": links,
                "refereed": new.record.refereed,
                "seed_fixed": new.record.seed_fixed,
            },
            status_code=201,
        )

    async def my_matches(request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except (ValueError, RecursionError):
            return error('expected {"tokens": [the tokens of your links]}')
        try:
            found = await hub.summaries(body.get("tokens") if isinstance(body, dict) else None)
        except LegatusError as exc:
            return error(str(exc))
        return JSONResponse({"matches": found})

    async def board(request: Request) -> Response:
        try:
            link = hub.resolve(request.path_params["token"])
            live = await hub.get(link.match)
        except LegatusError as exc:
            return error(str(exc), 404)
        return JSONResponse(board_drawing(live.game.definition))

    async def replay_board(request: Request) -> Response:
        try:
            source = await asyncio.to_thread(_source, request.path_params["token"])
        except LegatusError as exc:
            return error(str(exc), 404)
        return JSONResponse(board_drawing(source.match.game.definition))

    def _source(token: str) -> Any:
        if token.startswith("u-"):
            return replays.of_upload(token[2:])
        return replays.of_match(hub.resolve(token))

    async def replay_frame(request: Request) -> Response:
        try:
            source = await asyncio.to_thread(_source, request.path_params["token"])
            frame = await asyncio.to_thread(
                replays.frame,
                source,
                request.query_params.get("step", "0"),
                request.query_params.get("view", ""),
            )
        except Refused as exc:
            return error(str(exc), 404 if "unknown" in str(exc) else 400)
        except LegatusError as exc:
            return error(str(exc), 400)
        return JSONResponse(frame)

    async def upload(request: Request) -> Response:
        raw = await request.body()
        if not raw:
            return error("choose a save file to upload")
        try:
            token = await asyncio.to_thread(replays.upload, raw)
        except LegatusError as exc:
            return error(str(exc))
        return JSONResponse({"url": f"/r/u-{token}"}, status_code=201)

    async def save(request: Request) -> Response:
        try:
            link = hub.resolve(request.path_params["token"])
            data = await asyncio.to_thread(save_of, storage, catalog, link, settings.clock())
        except LegatusError as exc:
            return error(str(exc), 403)
        return JSONResponse(
            data,
            headers={
                "Content-Disposition": f'attachment; filename="{data["game"]}-{link.match}.json"'
            },
        )

    async def websocket(socket: WebSocket) -> None:
        await socket.accept()
        try:
            link = hub.resolve(socket.path_params["token"])
            live = await hub.get(link.match)
        except LegatusError as exc:
            await socket.send_json({"type": "error", "message": str(exc), "fatal": True})
            await socket.close(code=4404)
            return
        except Exception:  # the match cannot be rebuilt (a game plugin's fault): one line
            log.exception("match of a %s link could not be opened", socket.path_params["token"][:4])
            reason = "the server could not open this match (its log says why)"
            await socket.send_json({"type": "error", "message": reason, "fatal": True})
            await socket.close(code=1011)
            return
        client = Client(link, socket.path_params["token"])
        try:
            await hub.join(live, client)
        except Refused as exc:
            await socket.send_json({"type": "error", "message": str(exc), "fatal": True})
            await socket.close(code=4429)
            return
        writer = asyncio.create_task(_write(socket, client))
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    client.send(
                        {
                            "type": "error",
                            "message": "binary messages are not understood here: send JSON text",
                        }
                    )
                    continue
                await _handle(hub, live, client, text, settings.max_matches)
                # Let the page's writer send the answers before the next message is read: a
                # page that sends fast does not fill its own queue with them.
                await asyncio.sleep(0)
        except WebSocketDisconnect:
            pass
        except Exception:  # the page's connection failed in some other way: close it
            log.exception("websocket failed")
        finally:
            hub.leave(live, client)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    routes = [
        Route("/", page("lobby.html")),
        Route("/m/{token}", page("match.html")),
        Route("/r/{token}", page("replay.html")),
        Route("/api/games", games),
        Route("/api/matches", create, methods=["POST"]),
        Route("/api/my-matches", my_matches, methods=["POST"]),
        Route("/api/board/{token}", board),
        Route("/api/replay/{token}", replay_frame),
        Route("/api/replay-board/{token}", replay_board),
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/save/{token}", save),
        WebSocketRoute("/ws/{token}", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return error("no such page", 404)

    async def failed(request: Request, exc: Exception) -> Response:
        log.exception("request failed", exc_info=exc)
        return error("the server could not do that (its log says why)", 500)

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={404: not_found, 500: failed},
    )
    app.state.hub = hub
    return Headers(BodyLimit(app, MAX_BODY, settings.max_upload))


async def _write(socket: WebSocket, client: Client) -> None:
    """Send the client's messages in order; None (or a closed client) ends it."""
    while True:
        message = await client.queue.get()
        if message is None or client.closed:
            await socket.close(code=4000 if client.closed else 1000)
            return
        await socket.send_text(json.dumps(message, separators=(",", ":")))


async def _handle(hub: Hub, live: Any, client: Client, text: str, max_matches: int) -> None:
    """One message from a page; every problem becomes an error message to that page."""
    try:
        if len(text) > MAX_MESSAGE:
            raise Refused(f"message too large: at most {MAX_MESSAGE} characters")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            raise Refused("malformed message: not JSON") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise Refused('malformed message: expected {"type": ...}')
        kind = message["type"]
        if kind == "act":
            await hub.act(
                live, client, message.get("action"), message.get("revision"), message.get("side")
            )
        elif kind == "undo":
            await hub.undo(live, client)
        elif kind == "chat":
            await hub.chat(live, client, message.get("text"))
        elif kind == "ready":
            await hub.ready(live, client)
        elif kind == "rematch":
            await hub.rematch(live, client, max_matches)
        elif kind == "leave":
            await hub.leave_seat(live, client)
        elif kind == "take_back":
            await hub.take_back(live, client)
        elif kind == "ping":
            client.send({"type": "pong"})
        else:
            raise Refused(f"unknown message type {kind[:40]!r}")
    except LegatusError as exc:
        client.send({"type": "error", "message": str(exc)})
    except Exception:  # a fault of the server or a game's plugin: one line, logged
        log.exception("match %s: a %s message failed", live.record.id, client.link.role)
        client.send({"type": "error", "message": "the server could not do that (its log says why)"})


class Lobby:
    """The lobby's choices, built once (each game loaded once, as matches will use it) and
    served from memory: the catalog's games do not change while the server runs."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._answer: bytes | None = None
        self._lock = asyncio.Lock()

    async def games(self) -> bytes:
        if self._answer is None:
            async with self._lock:
                if self._answer is None:
                    found = await asyncio.to_thread(lobby_games, self.catalog)
                    self._answer = json.dumps(found, separators=(",", ":")).encode()
        return self._answer


def lobby_games(catalog: Catalog) -> dict[str, Any]:
    """The lobby's choices: each game with its scenarios (each with its options and its
    seats, each seat with the sides it plays), its variants; the players."""
    found = []
    for name in catalog.games():
        try:
            definition = catalog.load(name).definition
        except Exception as exc:  # a game that does not load cannot be played
            log.warning("the lobby leaves out %s: %s", name, exc)
            continue
        found.append(
            {
                "name": name,
                "title": definition.title,
                "description": definition.description,
                "sides": [{"id": s.id, "name": s.name} for s in definition.sides],
                "scenarios": [
                    {
                        "id": s.id,
                        "title": s.title,
                        "default": s.id == definition.default_scenario().id,
                        "options": [{"id": o.id, "title": o.title} for o in s.options.values()],
                        "seats": [
                            {"id": seat.id, "name": seat.name, "sides": list(seat.sides)}
                            for seat in definition.seats_of(s)
                        ],
                    }
                    for s in definition.scenarios.values()
                ],
                "variants": [p.stem for p in definition.variant_files],
                "languages": sorted({DEFAULT_LANGUAGE, *definition.languages}),
            }
        )
    return {"games": found, "players": ["human", *catalog.agents()]}


__all__ = [
    "HOST",
    "HOT_SEAT",
    "SEAT",
    "SPECTATOR",
    "Lobby",
    "Settings",
    "create_app",
    "lobby_games",
    "uvicorn_options",
]
