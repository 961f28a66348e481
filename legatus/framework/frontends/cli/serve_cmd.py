"""``legatus serve``: play in the browser, with a drawn board, a seat per player.

Starts the web server of :mod:`legatus.framework.frontends.server` with uvicorn. Matches, seats, actions
and chat are kept in an SQLite file (``--db``), so stopping the server and starting it
again with the same file loses nothing: every match goes on where it was, computer
players included.
"""

from __future__ import annotations

import argparse
import logging
import socket
from pathlib import Path

from legatus.framework.model.errors import LegatusError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser",
        description="Start a web server to play installed games in the browser: a lobby to "
        "create matches, a drawn board, one secret link per seat, computer players, replays.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on")
    parser.add_argument(
        "--db",
        type=Path,
        default=Path("legatus.sqlite"),
        help="the SQLite file keeping matches, seats, actions and chat",
    )
    parser.add_argument(
        "--max-matches",
        type=int,
        default=200,
        help="the most matches running at once; creating another is refused",
    )
    parser.add_argument(
        "--ai-delay",
        type=float,
        default=0.3,
        help="the least seconds a computer player takes per action, so people can follow",
    )
    parser.add_argument(
        "--ai-time",
        type=float,
        default=10.0,
        help="the most seconds a computer player thinks over one decision, whatever its own "
        "options (mcts:time=20 is cut to it); 0: no limit",
    )
    parser.add_argument(
        "--ai-workers",
        type=int,
        default=2,
        help="how many computer players think at once (the others wait their turn), so that "
        "pages and the lobby stay quick",
    )
    parser.add_argument(
        "--max-spectators",
        type=int,
        default=32,
        help="the most spectator pages open on one match; seats and the host always get in",
    )
    parser.add_argument(
        "--chat-per-minute",
        type=int,
        default=20,
        help="the most chat lines one seat writes in a minute",
    )
    parser.add_argument(
        "--expire-after",
        type=float,
        default=72.0,
        metavar="HOURS",
        help="a match with no action for this long expires: it is no longer played and no "
        "longer counts against --max-matches (its replay stays); 0: never",
    )
    parser.add_argument(
        "--away-after",
        type=float,
        default=10.0,
        metavar="MINUTES",
        help="in a match that lets a computer take over a seat, a seat whose player has had "
        "no page open for this long is taken over at its decision, while another player "
        "waits; its player may take it back; 0: never",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise LegatusError(f"--port {args.port}: expected a port from 1 to 65535")
    if args.max_matches < 1:
        raise LegatusError(f"--max-matches {args.max_matches}: expected at least 1")
    if not 0 <= args.ai_delay <= 60:
        raise LegatusError(f"--ai-delay {args.ai_delay}: expected 0 to 60 seconds")
    if not 0 <= args.ai_time <= 3600:
        raise LegatusError(f"--ai-time {args.ai_time}: expected 0 (no limit) to 3600 seconds")
    if not 1 <= args.ai_workers <= 64:
        raise LegatusError(f"--ai-workers {args.ai_workers}: expected 1 to 64")
    if not 0 <= args.max_spectators <= 10_000:
        raise LegatusError(f"--max-spectators {args.max_spectators}: expected 0 to 10000")
    if not 1 <= args.chat_per_minute <= 10_000:
        raise LegatusError(f"--chat-per-minute {args.chat_per_minute}: expected 1 to 10000")
    if not 0 <= args.expire_after <= 24 * 365 * 10:
        raise LegatusError(f"--expire-after {args.expire_after}: expected 0 (never) to 87600 hours")
    if not 0 <= args.away_after <= 60 * 24 * 30:
        raise LegatusError(f"--away-after {args.away_after}: expected 0 (never) to 43200 minutes")
    db = args.db.expanduser()
    if db.is_dir():
        raise LegatusError(f"--db {args.db}: it is a folder; give a file name")
    if not db.parent.is_dir():
        raise LegatusError(f"--db {args.db}: the folder {db.parent} does not exist")
    _check_port(args.host, args.port)

    import uvicorn

    from legatus.framework.frontends.server.app import Settings, create_app, uvicorn_options
    from legatus.framework.frontends.server.storage import SQLiteStorage
    from legatus.framework.play.catalog import default_catalog

    storage = SQLiteStorage(db)
    settings = Settings(
        max_matches=args.max_matches,
        ai_delay=args.ai_delay,
        ai_time=args.ai_time or None,
        ai_workers=args.ai_workers,
        max_spectators=args.max_spectators,
        chat_per_minute=args.chat_per_minute,
        expire_after=args.expire_after * 3600 or None,
        away_after=args.away_after * 60 or None,
    )
    app = create_app(storage, default_catalog(), settings)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    print(f"Legatus serving on http://{args.host}:{args.port}/ (matches in {db})", flush=True)
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level="warning",
            **uvicorn_options(),
        )
    finally:
        storage.close()
    return 0


def _check_port(host: str, port: int) -> None:
    """A one-line error for a port in use or an address that is not this machine's."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise LegatusError(f"--host {host}: {exc.strerror or exc}") from None
    family, _, _, _, address = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise LegatusError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
