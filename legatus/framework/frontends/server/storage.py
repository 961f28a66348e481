"""Where the server keeps its matches: a small storage interface and its SQLite implementation.

Everything a restart must not lose goes through :class:`Storage`: each match
(its game, scenario, variants, options and seed: enough to rebuild its start),
its seats and who plays them, every action in order, the chat, and the
secret tokens of its links (kept only as hashes, so a copy of the database
does not hand out the links). The live state is never stored: replaying the
actions from the start rebuilds it exactly (same seed, same actions, same
state), which is also how a save file works.

Another database plugs in by implementing the :class:`Storage` protocol;
:class:`SQLiteStorage` is the one ``legatus serve --db FILE`` uses. Every
write is committed before the server tells anyone about it, so an action
that a player saw applied survives a crash.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from legatus.framework.model.errors import LegatusError

#: The layout of the tables below; bumped when it changes (an older file is upgraded).
SCHEMA_VERSION = 6


@dataclass(frozen=True)
class MatchRecord:
    """What rebuilds a match's start: the game and how it was set up.

    ``variants`` are (name, text) pairs as a save keeps them (an empty text: the
    variant the game ships under that name); ``seats`` maps each seat to the sides
    it plays; ``players`` each seat to ``human`` or a player spec such as ``mcts``.
    """

    id: str
    game: str
    scenario: str
    seed: int
    variants: tuple[tuple[str, str], ...] = ()
    options: tuple[str, ...] = ()
    seats: dict[str, tuple[str, ...]] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    hot_seat: bool = False
    created: float = 0.0
    #: None while the match runs; the result once it is over.
    result: dict[str, Any] | None = None
    #: The text of the position file the match started from (None: the scenario's start).
    position: str | None = None
    #: Created as refereed: its host may see every side's view and the save during play.
    refereed: bool = False
    #: The creator chose the seed (or brought it in a save): every seat is told it.
    seed_fixed: bool = False
    #: When an action was last taken (or the match created): idle matches expire.
    touched: float = 0.0
    #: Expired: no action for longer than the server allows; it is no longer played.
    expired: bool = False
    #: The id of the rematch made of it (its sides swapped), once one was asked for.
    rematch: str | None = None
    #: Its time control (None: none): ``{"seconds": N, "per": "move" or "game",
    #: "at_zero": "computer" or "lose"}``, for each human seat.
    clock: dict[str, Any] | None = None
    #: The computer player (a spec) that takes over a seat whose player leaves or runs out of
    #: time (None: the match does not allow it).
    takeover: str | None = None
    #: The seats a computer player took over (their people's, at the start).
    taken: tuple[str, ...] = ()
    #: Every change of a seat's player during play, in order: (when, seat, the player from
    #: then on: a computer's spec when it took the seat over, ``human`` when its person took
    #: it back). The clocks are counted again from them when the match is loaded.
    handovers: tuple[tuple[float, str, str], ...] = ()
    #: The seats out of the game on time, in the order they went out (a team whose clock
    #: ran out in a match of three teams or more, with ``at_zero`` lose): the match's
    #: computer player plays on for them, nobody takes them back, and they rank last.
    out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Link:
    """A secret link's meaning: its match, its role (seat, spectator, host, hot-seat) and
    the seat it plays (for a seat link)."""

    match: str
    role: str
    seat: str = ""


@dataclass(frozen=True)
class ChatLine:
    number: int
    seat: str
    text: str
    at: float


@dataclass(frozen=True)
class Upload:
    """A save file uploaded for replay, as its checked JSON text."""

    id: str
    save: str
    created: float


class Storage(Protocol):
    """The server's memory; every method is one short transaction."""

    def add_match(self, match: MatchRecord, links: dict[str, Link]) -> None:
        """A new match with its links (token hash -> link)."""

    def match(self, match_id: str) -> MatchRecord | None: ...

    def link(self, token_hash: str) -> Link | None: ...

    def links(self, match_id: str) -> dict[str, Link]:
        """Every link of a match, by token hash."""

    def add_link(self, token_hash: str, link: Link) -> None:
        """One more link (a rematch's, made when its holder comes); a hash kept already is
        left as it is."""

    def open_link(self, token_hash: str, at: float | None = None) -> None:
        """The link's page was opened (the first time counts; default: now)."""

    def opened_seats(self, match_id: str) -> dict[str, float]:
        """The seats whose link has been opened, each with when it first was (the others are
        still open for their players to join)."""

    def move_times(self, match_id: str) -> list[float]:
        """When each action was taken, in order (0.0 for an action of an older layout)."""

    def take_over(self, match_id: str, seat: str, player: str, at: float | None = None) -> None:
        """The computer player ``player`` plays ``seat`` from ``at`` on (default: now; a
        person's seat)."""

    def give_back(self, match_id: str, seat: str, at: float | None = None) -> None:
        """``seat``, which a computer player took over, is its person's again from ``at``
        (default: now)."""

    def put_out(
        self, match_id: str, seats: Sequence[str], player: str, at: float | None = None
    ) -> None:
        """``seats`` are out of the game on time from ``at`` on (default: now): the computer
        player ``player`` plays on for those a person played (a handover each), for good."""

    def set_rematch(self, match_id: str, rematch_id: str) -> None:
        """The match ``rematch_id`` is the rematch of ``match_id``."""

    def running(self) -> list[str]:
        """The ids of the matches neither over nor expired, oldest first."""

    def count_running(self) -> int: ...

    def expire(self, idle_since: float) -> list[str]:
        """Mark expired every running match whose last action (or creation) is older than
        ``idle_since``; their ids."""

    def add_move(
        self, match_id: str, number: int, side: str, action: str, at: float | None = None
    ) -> None:
        """Action ``number`` (from 1) of a match, taken at ``at`` (default: now); a number
        already taken is an error."""

    def drop_moves(self, match_id: str, keep: int, at: float | None = None) -> None:
        """Forget every action after the first ``keep`` (an undo, at ``at``)."""

    def moves(self, match_id: str) -> list[tuple[str, str]]:
        """The actions in order, as (side, action text)."""

    def finish(self, match_id: str, result: dict[str, Any] | None, at: float | None = None) -> None:
        """Record the result (None: the match runs again, after an undo); ``at``: when the
        server ended it (a loss on time), kept as its last activity."""

    def add_chat(self, match_id: str, seat: str, text: str) -> ChatLine: ...

    def chat(self, match_id: str, limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` lines, oldest first."""

    def add_upload(self, upload: Upload, keep: int) -> None:
        """Keep an uploaded save, forgetting the oldest beyond ``keep``."""

    def upload(self, upload_id: str) -> Upload | None: ...

    def close(self) -> None: ...


_TABLES = """
create table if not exists meta (key text primary key, value text not null);
create table if not exists matches (
    id text primary key,
    game text not null,
    scenario text not null,
    seed integer not null,
    variants text not null,
    options text not null,
    seats text not null,
    players text not null,
    hot_seat integer not null,
    created real not null,
    result text,
    position text,
    refereed integer not null default 0,
    seed_fixed integer not null default 0,
    touched real not null default 0,
    expired integer not null default 0,
    rematch text,
    clock text,
    takeover text,
    taken text not null default '[]',
    handovers text not null default '[]',
    out text not null default '[]'
);
create table if not exists links (
    token_hash text primary key,
    match text not null references matches(id),
    role text not null,
    seat text not null,
    opened real
);
create index if not exists links_by_match on links(match);
create table if not exists moves (
    match text not null references matches(id),
    number integer not null,
    side text not null,
    action text not null,
    at real,
    primary key (match, number)
);
create table if not exists chat (
    match text not null references matches(id),
    number integer not null,
    seat text not null,
    text text not null,
    at real not null,
    primary key (match, number)
);
create table if not exists uploads (id text primary key, save text not null, created real not null);
"""


#: The columns of a match, in the order :meth:`SQLiteStorage.match` reads them (by name: a file
#: upgraded from an older layout may have them in another order).
_COLUMNS = (
    "id, game, scenario, seed, variants, options, seats, players, hot_seat, created, result, "
    "position, refereed, seed_fixed, touched, expired, rematch, clock, takeover, taken, "
    "handovers, out"
)


class SQLiteStorage:
    """:class:`Storage` in one SQLite file (``:memory:`` for tests).

    One connection serves every thread, behind a lock: the server writes a
    few short rows per action, far below what SQLite does in a millisecond.
    Write-ahead logging keeps a reader from waiting on a writer, and each
    change is committed at once.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("pragma journal_mode=wal")
            self._db.execute("pragma synchronous=normal")
            self._db.execute("pragma foreign_keys=on")
            self._db.executescript(_TABLES)
            self._check_version()
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"{self.path}: not a Legatus server database ({exc})") from None

    def _check_version(self) -> None:
        row = self._db.execute("select value from meta where key='schema'").fetchone()
        if row is None:
            self._db.execute("insert into meta values ('schema', ?)", (str(SCHEMA_VERSION),))
        elif row[0] == "2":
            self._upgrade_from_2()
            self._upgrade_from_3()
            self._upgrade_from_4()
            self._upgrade_from_5()
        elif row[0] == "3":
            self._upgrade_from_3()
            self._upgrade_from_4()
            self._upgrade_from_5()
        elif row[0] == "4":
            self._upgrade_from_4()
            self._upgrade_from_5()
        elif row[0] == "5":
            self._upgrade_from_5()
        elif row[0] != str(SCHEMA_VERSION):
            raise StorageError(
                f"{self.path}: database layout {row[0]}, this Legatus reads {SCHEMA_VERSION}"
            )

    def _upgrade_from_2(self) -> None:
        """Layout 2 had no refereed matches, no fixed seeds and no expiry: its matches are
        not refereed (their hosts no longer see hidden views during play), their seeds stay
        secret, and their last activity is taken to be the upgrade (the layout kept no time
        of an action, so none expires before a whole idle period has passed)."""
        with self._transaction() as db:
            for column in (
                "refereed integer not null default 0",
                "seed_fixed integer not null default 0",
                "touched real not null default 0",
                "expired integer not null default 0",
            ):
                db.execute(f"alter table matches add column {column}")
            db.execute("update matches set touched=?", (time.time(),))
            db.execute("update meta set value='3' where key='schema'")

    def _upgrade_from_3(self) -> None:
        """Layout 3 had no rematches, time controls nor computer takeovers, kept no time of
        an action and did not note which links were opened: its links count as opened
        (their players were given them long ago)."""
        with self._transaction() as db:
            for table, column in (
                ("matches", "rematch text"),
                ("matches", "clock text"),
                ("matches", "takeover text"),
                ("matches", "taken text not null default '[]'"),
                ("links", "opened real"),
                ("moves", "at real"),
            ):
                have = {row[1] for row in db.execute(f"pragma table_info({table})")}
                if column.split()[0] not in have:
                    db.execute(f"alter table {table} add column {column}")
            db.execute("update links set opened=0 where opened is null")
            db.execute("update meta set value='4' where key='schema'")

    def _upgrade_from_4(self) -> None:
        """Layout 4 kept no time of a seat's takeover: its seats taken over count as taken
        from the start (their clocks are not shown; a person may take such a seat back)."""
        with self._transaction() as db:
            have = {row[1] for row in db.execute("pragma table_info(matches)")}
            if "handovers" not in have:
                db.execute("alter table matches add column handovers text not null default '[]'")
            db.execute("update meta set value='5' where key='schema'")

    def _upgrade_from_5(self) -> None:
        """Layout 5 had no seats out of the game on time (a team whose clock ran out lost
        only in a match of two seats): none of its matches has any."""
        with self._transaction() as db:
            have = {row[1] for row in db.execute("pragma table_info(matches)")}
            if "out" not in have:
                db.execute("alter table matches add column out text not null default '[]'")
            db.execute("update meta set value=? where key='schema'", (str(SCHEMA_VERSION),))

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("begin immediate")
            try:
                yield self._db
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # -- matches ---------------------------------------------------------------------------
    def add_match(self, match: MatchRecord, links: dict[str, Link]) -> None:
        with self._transaction() as db:
            db.execute(
                f"insert into matches ({_COLUMNS}) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    match.id,
                    match.game,
                    match.scenario,
                    match.seed,
                    json.dumps([list(v) for v in match.variants]),
                    json.dumps(list(match.options)),
                    json.dumps({seat: list(sides) for seat, sides in match.seats.items()}),
                    json.dumps(match.players),
                    int(match.hot_seat),
                    match.created or time.time(),
                    None if match.result is None else json.dumps(match.result),
                    match.position,
                    int(match.refereed),
                    int(match.seed_fixed),
                    match.touched or match.created or time.time(),
                    int(match.expired),
                    match.rematch,
                    None if match.clock is None else json.dumps(match.clock),
                    match.takeover,
                    json.dumps(list(match.taken)),
                    json.dumps([list(h) for h in match.handovers]),
                    json.dumps(list(match.out)),
                ),
            )
            db.executemany(
                "insert into links values (?,?,?,?,null)",
                [(token, link.match, link.role, link.seat) for token, link in links.items()],
            )

    def match(self, match_id: str) -> MatchRecord | None:
        rows = self._query(f"select {_COLUMNS} from matches where id=?", (match_id,))
        if not rows:
            return None
        (id_, game, scenario, seed, variants, options, seats, players, hot, created, result) = rows[
            0
        ][:11]
        position, refereed, seed_fixed, touched, expired, rematch, clock, takeover, taken = rows[0][
            11:20
        ]
        handovers, out = rows[0][20:22]
        return MatchRecord(
            id=id_,
            game=game,
            scenario=scenario,
            seed=seed,
            variants=tuple((name, text) for name, text in json.loads(variants)),
            options=tuple(json.loads(options)),
            seats={seat: tuple(sides) for seat, sides in json.loads(seats).items()},
            players=json.loads(players),
            hot_seat=bool(hot),
            created=created,
            result=None if result is None else json.loads(result),
            position=position,
            refereed=bool(refereed),
            seed_fixed=bool(seed_fixed),
            touched=touched,
            expired=bool(expired),
            rematch=rematch,
            clock=None if clock is None else json.loads(clock),
            takeover=takeover,
            taken=tuple(json.loads(taken)),
            handovers=tuple((float(a), str(s), str(p)) for a, s, p in json.loads(handovers)),
            out=tuple(json.loads(out)),
        )

    def link(self, token_hash: str) -> Link | None:
        rows = self._query("select match, role, seat from links where token_hash=?", (token_hash,))
        return Link(*rows[0]) if rows else None

    def links(self, match_id: str) -> dict[str, Link]:
        rows = self._query(
            "select token_hash, match, role, seat from links where match=?", (match_id,)
        )
        return {token: Link(match, role, seat) for token, match, role, seat in rows}

    def add_link(self, token_hash: str, link: Link) -> None:
        with self._transaction() as db:
            db.execute(
                "insert or ignore into links values (?,?,?,?,null)",
                (token_hash, link.match, link.role, link.seat),
            )

    def open_link(self, token_hash: str, at: float | None = None) -> None:
        with self._transaction() as db:
            db.execute(
                "update links set opened=? where token_hash=? and opened is null",
                (time.time() if at is None else at, token_hash),
            )

    def opened_seats(self, match_id: str) -> dict[str, float]:
        rows = self._query(
            "select seat, min(opened) from links where match=? and role='seat' "
            "and opened is not null group by seat",
            (match_id,),
        )
        return {seat: at for seat, at in rows}

    def move_times(self, match_id: str) -> list[float]:
        rows = self._query("select at from moves where match=? order by number", (match_id,))
        return [0.0 if at is None else at for (at,) in rows]

    def take_over(self, match_id: str, seat: str, player: str, at: float | None = None) -> None:
        self._hand_over(match_id, seat, player, at)

    def give_back(self, match_id: str, seat: str, at: float | None = None) -> None:
        self._hand_over(match_id, seat, "human", at)

    def _hand_over(self, match_id: str, seat: str, player: str, at: float | None) -> None:
        with self._transaction() as db:
            row = db.execute(
                "select players, taken, handovers from matches where id=?", (match_id,)
            ).fetchone()
            if row is None:
                return
            players, taken, handovers = (json.loads(x) for x in row)
            players[seat] = player
            taken = [s for s in taken if s != seat]
            if player != "human":
                taken.append(seat)
            handovers.append([time.time() if at is None else at, seat, player])
            db.execute(
                "update matches set players=?, taken=?, handovers=? where id=?",
                (json.dumps(players), json.dumps(taken), json.dumps(handovers), match_id),
            )

    def put_out(
        self, match_id: str, seats: Sequence[str], player: str, at: float | None = None
    ) -> None:
        with self._transaction() as db:
            row = db.execute(
                "select players, taken, handovers, out from matches where id=?", (match_id,)
            ).fetchone()
            if row is None:
                return
            players, taken, handovers, out = (json.loads(x) for x in row)
            when = time.time() if at is None else at
            for seat in seats:
                if players.get(seat) == "human":  # a computer's seat plays on as it did
                    players[seat] = player
                    handovers.append([when, seat, player])
                if seat not in out:
                    out.append(seat)
            taken = [seat for seat in taken if seat not in seats]
            db.execute(
                "update matches set players=?, taken=?, handovers=?, out=? where id=?",
                (
                    json.dumps(players),
                    json.dumps(taken),
                    json.dumps(handovers),
                    json.dumps(out),
                    match_id,
                ),
            )

    def set_rematch(self, match_id: str, rematch_id: str) -> None:
        with self._transaction() as db:
            db.execute("update matches set rematch=? where id=?", (rematch_id, match_id))

    def running(self) -> list[str]:
        return [
            r[0]
            for r in self._query(
                "select id from matches where result is null and not expired order by created"
            )
        ]

    def count_running(self) -> int:
        found: int = self._query(
            "select count(*) from matches where result is null and not expired"
        )[0][0]
        return found

    def expire(self, idle_since: float) -> list[str]:
        with self._transaction() as db:
            ids = [
                row[0]
                for row in db.execute(
                    "select id from matches where result is null and not expired and touched < ?",
                    (idle_since,),
                ).fetchall()
            ]
            db.executemany("update matches set expired=1 where id=?", [(i,) for i in ids])
        return ids

    def finish(self, match_id: str, result: dict[str, Any] | None, at: float | None = None) -> None:
        with self._transaction() as db:
            db.execute(
                "update matches set result=? where id=?",
                (None if result is None else json.dumps(result), match_id),
            )
            if at is not None:
                db.execute("update matches set touched=? where id=?", (at, match_id))

    # -- moves -----------------------------------------------------------------------------
    def add_move(
        self, match_id: str, number: int, side: str, action: str, at: float | None = None
    ) -> None:
        at = time.time() if at is None else at
        with self._transaction() as db:
            db.execute("insert into moves values (?,?,?,?,?)", (match_id, number, side, action, at))
            db.execute("update matches set touched=? where id=?", (at, match_id))

    def drop_moves(self, match_id: str, keep: int, at: float | None = None) -> None:
        with self._transaction() as db:
            db.execute("delete from moves where match=? and number>?", (match_id, keep))
            db.execute(
                "update matches set touched=? where id=?",
                (time.time() if at is None else at, match_id),
            )

    def moves(self, match_id: str) -> list[tuple[str, str]]:
        rows = self._query(
            "select side, action from moves where match=? order by number", (match_id,)
        )
        return [(side, action) for side, action in rows]

    # -- chat --------------------------------------------------------------------------------
    def add_chat(self, match_id: str, seat: str, text: str) -> ChatLine:
        at = time.time()
        with self._transaction() as db:
            row = db.execute(
                "select coalesce(max(number), 0) + 1 from chat where match=?", (match_id,)
            ).fetchone()
            number = int(row[0])
            db.execute("insert into chat values (?,?,?,?,?)", (match_id, number, seat, text, at))
        return ChatLine(number, seat, text, at)

    def chat(self, match_id: str, limit: int = 100) -> list[ChatLine]:
        rows = self._query(
            "select number, seat, text, at from chat where match=? order by number desc limit ?",
            (match_id, limit),
        )
        return [ChatLine(*row) for row in reversed(rows)]

    # -- uploads -----------------------------------------------------------------------------
    def add_upload(self, upload: Upload, keep: int) -> None:
        with self._transaction() as db:
            db.execute(
                "insert into uploads values (?,?,?)", (upload.id, upload.save, upload.created)
            )
            db.execute(
                "delete from uploads where id not in "
                "(select id from uploads order by created desc limit ?)",
                (keep,),
            )

    def upload(self, upload_id: str) -> Upload | None:
        rows = self._query("select id, save, created from uploads where id=?", (upload_id,))
        return Upload(*rows[0]) if rows else None

    def close(self) -> None:
        with self._lock:
            self._db.close()


class StorageError(LegatusError):
    """The database cannot be used (not ours, another layout, unreadable)."""
