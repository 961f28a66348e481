"""Seats and links: who plays which sides, and the secret links that say so.

A *seat* is a place at the table: one person or one computer player. Every
payload the server sends a seat is built from the sides that seat plays, and
nothing else, so what a seat may see is decided in one place:
:func:`seat_sides` (which sides a seat plays) and
:mod:`legatus.framework.frontends.server.payloads` (what those sides see).

Today a scenario has one seat per side, named like the side; when scenarios
map seats to several sides, :func:`seat_sides` is the one function to change.

A link is a random token (:func:`new_token`, 192 bits) given once to the
match's creator; the server keeps only its SHA-256 (:func:`token_hash`), so
the database cannot give the links away, and a token that was tampered with
simply names nothing.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from legatus.framework.model.gamedef import GameDef
from legatus.framework.play.seats import scenario_seats

#: The roles a link gives: play a seat, watch, run the match, play every human seat on
#: one screen.
SEAT, SPECTATOR, HOST, HOT_SEAT = "seat", "spectator", "host", "hot-seat"

#: The side id a spectator's view is built for: no side has it, so it sees what all may.
PUBLIC = ""

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")


def seat_sides(definition: GameDef, scenario: str) -> dict[str, tuple[str, ...]]:
    """Each seat of ``scenario`` and the sides it plays (:mod:`legatus.framework.play.seats`: the
    scenario's seats, one per side when it names none)."""
    return {seat.id: seat.sides for seat in scenario_seats(definition, scenario)}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str | None:
    """The key a link's token is stored under; None for text that is no token at all."""
    if not _TOKEN.match(token):
        return None
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_match_id() -> str:
    return secrets.token_hex(6)
