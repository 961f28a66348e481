"""A real ``legatus serve`` for the server's tests: uvicorn in a thread on a free port, an
SQLite file in the test's folder, and clients that read every payload a link receives.

Every read has a timeout, so a server that fails to answer fails the test instead of
hanging it: a generous one, for a busy machine, scaled by ``LEGATUS_TEST_SLOWNESS``
(``tests/waits.py``), and a read that runs out says what it waited for.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from legatus.framework.frontends.server.app import Settings, create_app, uvicorn_options
from legatus.framework.frontends.server.storage import SQLiteStorage
from legatus.framework.play.catalog import Catalog, default_catalog
from tests.waits import bound, ran_out, wait_until

Message = dict[str, Any]


class Server:
    """One server process's worth: the app on a free port, stopped and started at will."""

    def __init__(self, db: Path, catalog: Catalog | None = None, **settings: Any) -> None:
        self.db = db
        self.catalog = catalog
        self.settings = Settings(**{"ai_delay": 0.0, **settings})
        self.url = ""
        self.port = 0
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.storage: SQLiteStorage | None = None

    def start(self, port: int = 0) -> Server:
        """Serve on ``port`` (0: a free one; a restart passes the port it had)."""
        self.storage = SQLiteStorage(self.db)
        app = create_app(self.storage, self.catalog or default_catalog(), self.settings)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        port = sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            log_level="warning",
            lifespan="on",
            **uvicorn_options(),
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]})
        self._thread.start()
        server, thread = self._server, self._thread
        wait_until(
            lambda: server.started or not thread.is_alive(), 60, "the test server to start", 0.02
        )
        if not server.started:
            raise RuntimeError("the test server did not start: its thread ended")
        self.url = f"http://127.0.0.1:{port}"
        self.port = port
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(bound(60))
            self._server = None
        if self.storage is not None:
            self.storage.close()
            self.storage = None

    # -- clients ---------------------------------------------------------------------------
    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, trust_env=False, timeout=bound(60))

    def create(self, **request: Any) -> dict[tuple[str, str], str]:
        """Create a match; its links' tokens by (role, seat)."""
        with self.http() as client:
            response = client.post("/api/matches", json=request)
        assert response.status_code == 201, response.text
        return {
            (link["role"], link["seat"]): link["url"].rsplit("/", 1)[1]
            for link in response.json()["links"]
        }

    def socket(self, token: str) -> Page:
        address = f"{self.url.replace('http', 'ws')}/ws/{token}"
        return Page(connect(address, proxy=None, max_size=None).__enter__())


class Page:
    """What one open page receives, every message kept (for leak checks)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.seen: list[Message] = []
        self.raw: list[str] = []
        self.view: Message | None = None
        self.log: list[Message] = []

    def receive(self, timeout: float | None = None) -> Message:
        """The next message; ``timeout`` in seconds, already scaled (default: bound(60))."""
        limit = bound(60) if timeout is None else timeout
        try:
            text = self.connection.recv(timeout=limit)
        except TimeoutError:
            raise AssertionError(
                ran_out("a message from the server", limit) + f"; last: {self.seen[-3:]}"
            ) from None
        assert isinstance(text, str)
        self.raw.append(text)
        message: Message = json.loads(text)
        self.seen.append(message)
        if message["type"] == "view":
            self.view = message
            self.log = message["log"] if message["log_reset"] else self.log + message["log"]
        return message

    def until(
        self,
        wanted: Callable[[Message], bool],
        timeout: float = 60,
        what: str = "the message the test wants",
    ) -> Message:
        """The next message ``wanted`` accepts, within ``bound(timeout)`` seconds."""
        limit = bound(timeout)
        deadline = time.monotonic() + limit
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(ran_out(what, limit) + f"; last: {self.seen[-3:]}")
            try:
                message = self.receive(left)
            except AssertionError:
                raise AssertionError(ran_out(what, limit) + f"; last: {self.seen[-3:]}") from None
            if wanted(message):
                return message

    def asked(self, timeout: float = 60) -> Message:
        """The next view in which this page's seat is asked something."""
        return self.until(
            lambda m: m["type"] == "view" and bool(m["prompts"]),
            timeout,
            "a view that asks this page's seat something",
        )

    def error(self, timeout: float = 60) -> str:
        message = self.until(lambda m: m["type"] == "error", timeout, "an error message")
        return str(message["message"])

    def closed(self, timeout: float = 60) -> int:
        """Read until the server closes the connection; its close code."""
        limit = bound(timeout)
        deadline = time.monotonic() + limit
        while True:
            try:
                self.receive(max(0.1, deadline - time.monotonic()))
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else 1006
                return int(code)
            except AssertionError:  # no message in time
                pass
            if time.monotonic() > deadline:
                raise AssertionError(
                    ran_out("the server to close the connection", limit)
                    + f"; last: {self.seen[-3:]}"
                )

    def send(self, **message: Any) -> None:
        self.connection.send(json.dumps(message))

    def act(self, action: str, view: Message | None = None) -> None:
        view = view or self.view
        assert view is not None
        self.send(type="act", action=action, revision=view["revision"])

    def close(self) -> None:
        self.connection.close()


def actions_of(view: Message) -> list[str]:
    return [a["text"] for a in view["prompts"][0]["actions"]]
