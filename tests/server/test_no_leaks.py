"""A seat's link gives exactly that seat's view (issue 18, item 6; issue 34).

Everything a seat receives over the WebSocket and HTTP is compared for two matches that
differ only in the other seat's hidden facts (which card it discarded face down, which
block is which, what it holds): the payloads must be the same, through undo, refusals,
replays and the lobby's list of matches, with clocks and a computer takeover allowed, for
the seats, the spectators and the host of a match that is not refereed.
The payloads themselves are compared so for every installed game, every shape of table and
the public view (Hannibal Barkas's treasuries, victory points and hands included). And at
the start of a game no payload to Caesar names a Pompeius block Caesar may not identify,
nor a line of Pompeius's private log.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.frontends.server.links import PUBLIC, seat_sides
from legatus.framework.frontends.server.payloads import seat_view
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.framework.tools.checkgame import perturb
from tests.server.harness import Message, Page, Server, actions_of

#: What differs between two matches by construction, not by what they hold.
VOLATILE = ("match", "changed_at")


def normal(messages: list[Message]) -> list[Message]:
    return [{k: v for k, v in m.items() if k not in VOLATILE} for m in messages]


def normal_entry(entry: Message) -> Message:
    """A lobby entry without what differs between two matches by construction."""
    return {k: v for k, v in entry.items() if k not in ("match", "token", "created", "touched")}


def tables() -> list[tuple[str, str]]:
    """Every installed game that loads, at each shape of table its scenarios set (how many
    seats, how many sides each): Hannibal Barkas at two players of two sides each, three,
    four and five."""
    catalog = default_catalog()
    found = []
    for name in catalog.games():
        try:
            definition = catalog.load(name).definition
        except Exception:
            continue
        shapes: set[tuple[int, ...]] = set()
        for scenario in definition.scenarios:
            shape = tuple(len(sides) for sides in seat_sides(definition, scenario).values())
            if shape not in shapes:
                shapes.add(shape)
                found.append((name, scenario))
    return found


@pytest.mark.parametrize(("game_name", "scenario"), tables())
def test_seat_payloads_ignore_what_the_seat_may_not_see(game_name: str, scenario: str) -> None:
    """Each seat's payload (and the public one) is the same for two states that differ only
    in what that seat may not see: other seats' pieces, hands, treasuries, victory points."""
    game = default_catalog().load(game_name)
    definition = game.definition
    seed = {"gbojc_naval": 2}.get(game_name, 5)
    players = {side: RandomAgent(seed + i) for i, side in enumerate(definition.side_ids)}
    match = Match.new(game, scenario, seed=seed, players=players)
    viewers = [*seat_sides(definition, scenario).values(), (PUBLIC,)]
    differed: set[str] = set()
    for stop in range(12):
        match.play(until=7 + stop * 3)
        for sides in viewers:
            state = perturb(definition, match.state, sides[0], salt=stop)
            other = Match(game, state)
            assert seat_view(match, sides) == seat_view(other, sides), (sides, stop)
            differed |= {
                f"{part}:{key}"
                for part in ("records", "zones")
                for key, value in state[part].items()
                if value != match.state[part][key]
            }
    if game_name == "hannibal_barkas":  # the test compared states that did differ in secrets
        assert {"records:gold", "records:vp", "zones:hand:rome_north"} <= differed, differed


class Pair:
    """The same match twice: same seed, same public moves, other hidden choices by pompey."""

    def __init__(self, server: Server, **terms: Any) -> None:
        players = {"caesar": "human", "pompey": "human"}
        self.links = [
            server.create(game="julius_caesar", seed=7, players=players, **terms) for _ in range(2)
        ]
        self.caesar = [server.socket(links[("seat", "caesar")]) for links in self.links]
        self.pompey = [server.socket(links[("seat", "pompey")]) for links in self.links]
        self.spectator = [server.socket(links[("spectator", "")]) for links in self.links]
        self.host = [server.socket(links[("host", "")]) for links in self.links]
        for page in (*self.caesar, *self.pompey, *self.spectator, *self.host):
            page.until(lambda m: m["type"] == "view")

    def settle(self, revision: int) -> None:
        """Every page has seen the view at ``revision``."""
        for page in (*self.caesar, *self.pompey, *self.spectator, *self.host):
            page.until(lambda m, r=revision: m["type"] == "view" and m["revision"] == r)


def pompey_acts(pair: Pair, choose: Any) -> int:
    """Each pompey page acts (``choose(index, actions)`` picks); the new revision."""
    revision = 0
    for index, page in enumerate(pair.pompey):
        view = page.view
        assert view is not None and view["prompts"], view
        page.act(choose(index, actions_of(view)))
        revision = view["revision"] + 1
    return revision


#: A time control and a computer takeover, so that the pages' clocks are compared too.
CLOCKED = {"clock": {"seconds": 3600, "per": "game", "at_zero": "lose"}, "takeover": "random"}


@pytest.fixture
def frozen(tmp_path: Path) -> Iterator[Server]:
    """A server whose clock stands still: two matches' clocks read the same."""
    running = Server(tmp_path / "legatus.sqlite", clock=lambda: 1_000_000.0).start()
    try:
        yield running
    finally:
        running.stop()


def test_caesar_receives_the_same_whatever_pompey_hides(frozen: Server) -> None:
    server = frozen
    pair = Pair(server, **CLOCKED)
    # Pompeius discards another card face down in each match (JC 2.1), then takes it back.
    pair.settle(pompey_acts(pair, lambda i, actions: actions[i]))
    for page in pair.pompey:
        page.send(type="undo")
    pair.settle(3)
    # Caesar discards the same card in both; Pompeius discards again, other cards again.
    for page in pair.caesar:
        page.act(actions_of(page.view)[0])  # type: ignore[arg-type]
    pair.settle(4)
    pair.settle(pompey_acts(pair, lambda i, actions: actions[2 + i]))
    # Caesar's refusals quote nothing of Pompeius's hidden action.
    for page in pair.caesar:
        page.send(type="undo")
        page.error()
    # Both play; Pompeius plays a card both his hands hold, so the reveal is the same.
    hands = [set(p.view["zones"]["hand:pompey"]) for p in pair.pompey]  # type: ignore[index]
    common = sorted(hands[0] & hands[1])[0]
    for page in pair.caesar:
        page.act(actions_of(page.view)[0])  # type: ignore[arg-type]
    pair.settle(6)
    pompey_acts(pair, lambda i, actions: f"play({common})")
    pair.settle(7)
    for page in pair.caesar:
        page.send(type="act", action="play(Mars)", revision=7)
        page.error()
    assert pair.pompey[0].log != pair.pompey[1].log  # the matches did differ
    assert pair.caesar[0].view["clocks"]["caesar"]["left"] == 3600  # type: ignore[index]
    for pages in (pair.caesar, pair.spectator, pair.host):
        first, second = normal(pages[0].seen), normal(pages[1].seen)
        assert first == second
    # The replays from Caesar's link, the spectators' and the host's of a match that is not
    # refereed (a creator who plays sees no more than his seat): every step, every view
    # allowed; and the host may not download the save, which holds every secret.
    with server.http() as client:
        for role in (("seat", "caesar"), ("spectator", ""), ("host", "")):
            frames = []
            for links in pair.links:
                token = links[role]
                meta = client.get(f"/api/replay/{token}", params={"step": 0}).json()
                frames.append(
                    [
                        client.get(f"/api/replay/{token}", params={"step": s, "view": v}).json()
                        for s in range(meta["steps"] + 1)
                        for v in meta["views"]
                    ]
                )
            assert frames[0] == frames[1], role
            assert all("error" not in f for f in frames[0])
        refused = client.get(
            f"/api/replay/{pair.links[0][('seat', 'caesar')]}", params={"step": 1, "view": "pompey"}
        )
        assert refused.json() == {"error": "this link may not see the replay from that seat's view"}
        host = pair.links[0][("host", "")]
        assert client.get(f"/api/replay/{host}", params={"step": 0}).json()["views"] == [""]
        assert client.get(f"/api/save/{host}").status_code == 403
        # The lobby's list (issue 34, item 12) says the same of both matches to each link.
        for role in (("seat", "caesar"), ("spectator", ""), ("host", "")):
            entries = [
                client.post("/api/my-matches", json={"tokens": [links[role]]}).json()["matches"]
                for links in pair.links
            ]
            first, second = ([normal_entry(e) for e in found] for found in entries)
            assert first == second, role
            assert entries[0][0]["state"] == "running", entries[0]


def hidden_names(page: Page) -> list[str]:
    """Pompeius's blocks Caesar may not identify now (their ids are not side names)."""
    definition = default_catalog().definition("julius_caesar")
    known = set(page.view["pieces"]["known"]) if page.view else set()
    names = {side.name for side in definition.sides}
    return [
        pid
        for pid, piece in definition.pieces.items()
        if piece.side == "pompey" and pid not in known and pid not in names
    ]


def test_no_payload_to_caesar_names_a_hidden_block_or_a_private_line(server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
    )
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    view = caesar.asked()
    pompey_view = pompey.asked()
    pompey.act(actions_of(pompey_view)[0])
    caesar.act(actions_of(view)[0])
    caesar.until(lambda m: m["type"] == "view" and m["moves"] == 2)
    pompey.until(lambda m: m["type"] == "view" and m["moves"] == 2)
    with server.http() as client:
        frames = [
            client.get(
                f"/api/replay/{links[('seat', 'caesar')]}", params={"step": s, "view": v}
            ).text
            for s in range(3)
            for v in ("", "caesar")
        ]
        board = client.get(f"/api/board/{links[('seat', 'caesar')]}").text
    received = [*caesar.raw, *frames, board]
    hidden = hidden_names(caesar)
    assert "Legio 37" in hidden and "Scipio" in hidden
    for pid in hidden:
        pattern = re.compile(rf"(?<![\w]){re.escape(pid)}(?![\w])")
        assert not any(pattern.search(text) for text in received), pid
    private = [e["text"] for e in pompey.log if e.get("to") == ["pompey"]]
    assert private and not any(line in text for line in private for text in received)
    hand = pompey.view["zones"]["hand:pompey"]  # type: ignore[index]
    assert isinstance(hand, list) and caesar.view["zones"]["hand:pompey"] == len(hand)  # type: ignore[index]


@pytest.mark.parametrize("which", ["julius_caesar", "hannibal_barkas", "gbojc_naval"])
def test_the_battle_board_ignores_what_the_seat_may_not_see(which: str) -> None:
    """Issue 34, item 8: the battle board (the battle frame as each seat may read it) is the
    same for two states that differ only in what that seat may not see, and names no
    piece the seat may not identify."""
    import json

    from legatus.framework.engine.saves import check_save
    from tests.browser.saves import hb_battle_save, jc_battle_save, naval_fire_save

    saves = {
        "julius_caesar": jc_battle_save,
        "hannibal_barkas": hb_battle_save,
        "gbojc_naval": naval_fire_save,
    }
    save = check_save(json.loads(saves[which]()))
    match = Match.resume(save, default_catalog().load_saved)
    definition = match.game.definition
    viewers = [*seat_sides(definition, match.state["scenario"]).values(), (PUBLIC,)]
    for sides in viewers:
        body = seat_view(match, sides)
        assert body["battle"] is not None, sides
        for salt in range(3):
            state = perturb(definition, match.state, sides[0], salt=salt)
            assert seat_view(Match(match.game, state), sides)["battle"] == body["battle"]
        known = set(body["pieces"]["known"])
        text = json.dumps(body["battle"])
        for pid in definition.pieces:
            if pid not in known and pid not in {s.name for s in definition.sides}:
                assert not re.search(rf'"{re.escape(pid)}"', text), (sides, pid)
