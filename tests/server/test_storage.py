"""The storage interface's SQLite implementation: everything a restart must keep."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest

from legatus.framework.frontends.server.storage import (
    Link,
    MatchRecord,
    SQLiteStorage,
    StorageError,
    Upload,
)


def record(match_id: str = "m1") -> MatchRecord:
    return MatchRecord(
        id=match_id,
        game="julius_caesar",
        scenario="705",
        seed=7,
        variants=(("minor_roads_3", ""),),
        options=("free_deployment",),
        seats={"caesar": ("caesar",), "pompey": ("pompey",)},
        players={"caesar": "human", "pompey": "mcts:iterations=20"},
        created=1.0,
    )


def test_a_match_its_links_moves_and_chat_survive_closing_the_file(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    storage = SQLiteStorage(path)
    storage.add_match(record(), {"h1": Link("m1", "seat", "caesar"), "h2": Link("m1", "host")})
    storage.add_move("m1", 1, "caesar", "discard(Mars)", at=2.0)
    storage.add_move("m1", 2, "pompey", "discard(2/1)", at=3.0)
    storage.add_chat("m1", "caesar", "Ave")
    storage.close()
    again = SQLiteStorage(path)
    assert again.match("m1") == replace(record(), touched=3.0)
    assert again.link("h1") == Link("m1", "seat", "caesar")
    assert again.link("nope") is None
    assert set(again.links("m1")) == {"h1", "h2"}
    assert again.moves("m1") == [("caesar", "discard(Mars)"), ("pompey", "discard(2/1)")]
    assert [(c.number, c.seat, c.text) for c in again.chat("m1")] == [(1, "caesar", "Ave")]
    assert again.running() == ["m1"] and again.count_running() == 1


def test_undo_drops_moves_and_a_result_ends_the_match(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "db.sqlite")
    storage.add_match(record(), {})
    for number in (1, 2, 3):
        storage.add_move("m1", number, "caesar", f"step{number}")
    storage.drop_moves("m1", 1)
    assert storage.moves("m1") == [("caesar", "step1")]
    storage.finish("m1", {"winner": "caesar", "reason": "test"})
    assert storage.count_running() == 0
    assert storage.match("m1").result == {"winner": "caesar", "reason": "test"}  # type: ignore[union-attr]


def test_a_move_number_taken_twice_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "db.sqlite")
    storage.add_match(record(), {})
    storage.add_move("m1", 1, "caesar", "a")
    with pytest.raises(Exception, match="UNIQUE"):
        storage.add_move("m1", 1, "caesar", "b")
    assert storage.moves("m1") == [("caesar", "a")]


def test_uploads_are_kept_up_to_a_bound(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "db.sqlite")
    for number in range(5):
        storage.add_upload(Upload(f"u{number}", "{}", float(number)), keep=3)
    assert storage.upload("u0") is None and storage.upload("u1") is None
    assert storage.upload("u4") == Upload("u4", "{}", 4.0)


def test_a_file_that_is_no_database_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are not the matches you are looking for\n" * 100)
    with pytest.raises(StorageError, match=r"notes.txt: not a Legatus server database"):
        SQLiteStorage(path)


def test_a_match_idle_since_a_time_expires_and_no_longer_runs(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "db.sqlite")
    storage.add_match(record("idle"), {})
    storage.add_match(record("busy"), {})
    storage.add_match(replace(record("over"), result={"winner": "caesar"}), {})
    storage.add_move("busy", 1, "caesar", "a", at=50.0)
    assert storage.expire(idle_since=10.0) == ["idle"]  # created at 1.0, never played
    assert storage.match("idle").expired  # type: ignore[union-attr]
    assert storage.running() == ["busy"] and storage.count_running() == 1
    assert storage.expire(idle_since=10.0) == []
    storage.drop_moves("busy", 0, at=60.0)  # an undo is an action too
    assert storage.expire(idle_since=55.0) == []


#: The matches table of layout 2, before refereed matches, fixed seeds and expiry.
LAYOUT_2 = """
create table meta (key text primary key, value text not null);
insert into meta values ('schema', '2');
create table matches (
    id text primary key, game text not null, scenario text not null, seed integer not null,
    variants text not null, options text not null, seats text not null,
    players text not null, hot_seat integer not null, created real not null, result text,
    position text
);
insert into matches values ('old', 'julius_caesar', '705', 7, '[]', '[]',
    '{"caesar": ["caesar"], "pompey": ["pompey"]}', '{"caesar": "human", "pompey": "human"}',
    0, 1.0, null, null);
"""


def test_a_file_of_layout_2_is_upgraded_and_its_matches_go_on(tmp_path: Path) -> None:
    """Its matches are not refereed, their seeds stay secret, and none expires before a
    whole idle period after the upgrade (layout 2 kept no time of an action)."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(LAYOUT_2)
    connection.close()
    before = time.time()
    storage = SQLiteStorage(path)
    old = storage.match("old")
    assert old is not None
    assert (old.refereed, old.seed_fixed, old.expired) == (False, False, False)
    assert old.touched >= before and storage.running() == ["old"]
    storage.close()
    assert SQLiteStorage(path).match("old") == old


#: Layout 3: no rematches, no note of which links were opened.
LAYOUT_3 = """
create table meta (key text primary key, value text not null);
insert into meta values ('schema', '3');
create table matches (
    id text primary key, game text not null, scenario text not null, seed integer not null,
    variants text not null, options text not null, seats text not null,
    players text not null, hot_seat integer not null, created real not null, result text,
    position text, refereed integer not null default 0, seed_fixed integer not null default 0,
    touched real not null default 0, expired integer not null default 0
);
create table links (
    token_hash text primary key, match text not null references matches(id),
    role text not null, seat text not null
);
insert into matches values ('old', 'julius_caesar', '705', 7, '[]', '[]',
    '{"caesar": ["caesar"], "pompey": ["pompey"]}', '{"caesar": "human", "pompey": "human"}',
    0, 1.0, null, null, 0, 0, 5.0, 0);
insert into links values ('h1', 'old', 'seat', 'caesar');
"""


def test_a_file_of_layout_3_is_upgraded_its_links_counted_as_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(LAYOUT_3)
    connection.close()
    storage = SQLiteStorage(path)
    old = storage.match("old")
    assert old is not None and old.rematch is None and old.touched == 5.0
    assert storage.opened_seats("old") == {"caesar": 0.0}
    storage.add_match(replace(old, id="new"), {"h2": Link("new", "seat", "pompey")})
    storage.set_rematch("old", "new")
    storage.close()
    again = SQLiteStorage(path)
    assert again.match("old").rematch == "new"  # type: ignore[union-attr]
    assert again.opened_seats("new") == {}
    again.open_link("h2", at=9.0)
    again.open_link("h2", at=10.0)
    again.add_link("h3", Link("new", "seat", "caesar"))
    again.add_link("h3", Link("new", "seat", "caesar"))  # kept once
    assert again.opened_seats("new") == {"pompey": 9.0}
    assert again.link("h3") == Link("new", "seat", "caesar")


def test_a_file_of_layout_4_is_upgraded_and_keeps_each_seats_handovers(tmp_path: Path) -> None:
    """Layout 5 adds the handovers (a computer taking a seat over, its person taking it
    back, each with its time); a layout 4 match's seat taken over keeps its computer."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(LAYOUT_3)
    connection.close()
    SQLiteStorage(path).close()  # to layout 5 through 4
    with sqlite3.connect(path) as connection:  # a layout 4 file: no handovers column
        connection.execute("alter table matches drop column handovers")
        connection.execute("update matches set players=?, taken=? where id='old'",
                           ('{"caesar": "random", "pompey": "human"}', '["caesar"]'))  # fmt: skip
        connection.execute("update meta set value='4' where key='schema'")
    connection.close()
    storage = SQLiteStorage(path)
    old = storage.match("old")
    assert old is not None and old.taken == ("caesar",) and old.handovers == ()
    storage.give_back("old", "caesar", at=20.0)
    storage.take_over("old", "caesar", "greedy", at=30.0)
    storage.give_back("old", "caesar", at=40.0)
    storage.close()
    again = SQLiteStorage(path).match("old")
    assert again is not None
    assert again.players == {"caesar": "human", "pompey": "human"} and again.taken == ()
    assert again.handovers == (
        (20.0, "caesar", "human"),
        (30.0, "caesar", "greedy"),
        (40.0, "caesar", "human"),
    )


def test_a_file_of_layout_5_is_upgraded_and_seats_go_out_on_time(tmp_path: Path) -> None:
    """Layout 6 adds the seats out of the game on time (a team whose clock ran out in a
    match of three teams or more); a layout 5 match has none."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript(LAYOUT_3)
    connection.close()
    SQLiteStorage(path).close()  # to layout 6
    with sqlite3.connect(path) as connection:  # a layout 5 file: no out column
        connection.execute("alter table matches drop column out")
        connection.execute("update meta set value='5' where key='schema'")
    connection.close()
    storage = SQLiteStorage(path)
    old = storage.match("old")
    assert old is not None and old.out == ()
    storage.take_over("old", "pompey", "random", at=10.0)
    storage.put_out("old", ["caesar", "pompey"], "greedy", at=20.0)
    storage.close()
    again = SQLiteStorage(path).match("old")
    assert again is not None and again.out == ("caesar", "pompey") and again.taken == ()
    # Only a person's seat changes hands; a computer's plays on as it did.
    assert again.players == {"caesar": "greedy", "pompey": "random"}
    assert again.handovers == ((10.0, "pompey", "random"), (20.0, "caesar", "greedy"))
