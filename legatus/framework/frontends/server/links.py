"""Seats and links: who plays which sides, and the secret links that say so.

A *seat* is a place at the table: one person or one computer player. Every
payload the server sends a seat is built from the sides that seat plays, and
nothing else, so what a seat may see is decided in one place:
:func:`seat_sides` (which sides a seat plays) and
:mod:`legatus.framework.frontends.server.payloads` (what those sides see).

Today a scenario has one seat per side, named like the side; when scenarios
map seats to several sides, :func:`seat_sides` is the one function to change.

A link is a random token (:func:`new_token`, 192 bits) given once to the
match's creator (a rematch's links are made from the old ones, :func:`rematch_token`); the server keeps only its SHA-256 (:func:`token_hash`), so
the database cannot give the links away, and a token that was tampered with
simply names nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
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


def rematch_token(token: str, rematch_id: str) -> str:
    """The token of the link that ``token``'s holder gets in the rematch ``rematch_id``: made
    from the old token itself, so only its holder can have it (the server keeps neither in
    the clear, and the database's hash of the old token does not give it)."""
    digest = hmac.new(token.encode("ascii"), f"rematch:{rematch_id}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode("ascii")


def rematch_seats(seats: list[str]) -> dict[str, str]:
    """Each seat's player's seat in a rematch: the next one, the last's the first (two
    players swap sides)."""
    return {seat: seats[(index + 1) % len(seats)] for index, seat in enumerate(seats)}


def new_match_id() -> str:
    return secrets.token_hex(6)
