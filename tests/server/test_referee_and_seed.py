"""A creator who also plays sees no more than his seat (issue 34, item 7).

The host link of an ordinary match watches the public view, in play and in replays, and
may not download the save before the end; a match created as refereed gives its host every
view and the save, and every seat is told. The seed is drawn by the server and told to
nobody until the game is over, unless the creator fixes it: then every seat is told it.
(That a host receives the same payloads whatever the other seats hide is compared in
``test_no_leaks.py``.)
"""

from __future__ import annotations

from tests.server.harness import Message, Server, actions_of

HUMANS = {"caesar": "human", "pompey": "human"}


def first_views(server: Server, links: dict[tuple[str, str], str]) -> dict[str, Message]:
    """The first view each link's page receives, by role or seat."""
    found = {}
    for (role, seat), token in links.items():
        page = server.socket(token)
        found[seat or role] = page.until(lambda m: m["type"] == "view")
        page.close()
    return found


def test_the_host_of_a_match_not_refereed_sees_what_a_spectator_sees(server: Server) -> None:
    links = server.create(game="julius_caesar", players=HUMANS)
    pompey = server.socket(links[("seat", "pompey")])
    pompey.act(actions_of(pompey.asked())[0])  # a card discarded face down
    pompey.until(lambda m: m["type"] == "view" and m["moves"] == 1)
    host = links[("host", "")]
    with server.http() as client:
        frame = client.get(f"/api/replay/{host}", params={"step": 1}).json()
        assert frame["views"] == [""] and frame["refereed"] is False
        hidden = client.get(f"/api/replay/{host}", params={"step": 1, "view": "pompey"})
        assert hidden.json() == {"error": "this link may not see the replay from that seat's view"}
        save = client.get(f"/api/save/{host}")
        assert save.status_code == 403
        assert save.json()["error"] == (
            "the save holds every secret of the game: before the game is over only the "
            "host of a refereed match may download it"
        )
    for view in first_views(server, links).values():
        assert view["refereed"] is False


def test_a_refereed_match_shows_its_host_every_view_and_every_seat_is_told(
    server: Server,
) -> None:
    with server.http() as client:
        answer = client.post(
            "/api/matches",
            json={"game": "julius_caesar", "players": HUMANS, "refereed": True},
        ).json()
        assert answer["refereed"] is True
        links = {(link["role"], link["seat"]): link["url"][3:] for link in answer["links"]}
        host = links[("host", "")]
        frame = client.get(f"/api/replay/{host}", params={"step": 0, "view": "pompey"}).json()
        assert frame["views"] == ["", "caesar", "pompey"] and frame["refereed"] is True
        assert isinstance(frame["zones"]["hand:pompey"], list)  # the referee sees the hand
        assert client.get(f"/api/save/{host}").status_code == 200
        seat = client.get(f"/api/replay/{links[('seat', 'caesar')]}", params={"step": 0}).json()
        assert seat["refereed"] is True and seat["views"] == ["", "caesar"]
        refused = client.post(
            "/api/matches", json={"game": "julius_caesar", "refereed": "yes please"}
        )
        assert refused.json() == {"error": "refereed: expected true or false"}
    views = first_views(server, links)
    assert set(views) == {"caesar", "pompey", "spectator", "host"}
    assert all(view["refereed"] is True for view in views.values())


def test_a_drawn_seed_is_told_to_nobody_until_the_game_is_over(server: Server) -> None:
    with server.http() as client:
        answer = client.post(
            "/api/matches",
            json={"game": "demo_skirmish", "players": {"red": "human", "blue": "random"}},
        ).json()
    assert answer["seed_fixed"] is False and "seed" not in answer
    links = {(link["role"], link["seat"]): link["url"][3:] for link in answer["links"]}
    assert server.storage is not None
    seed = server.storage.match(answer["match"]).seed  # type: ignore[union-attr]
    red = server.socket(links[("seat", "red")])
    view = red.asked()
    assert (view["seed"], view["seed_fixed"]) == (None, False)
    with server.http() as client:
        frame = client.get(f"/api/replay/{links[('host', '')]}", params={"step": 0}).json()
    assert frame["seed"] is None
    while view["result"] is None:  # red plays the skirmish to its end against random blue
        red.act(actions_of(view)[0], view)
        view = red.until(lambda m: m["type"] == "view" and (bool(m["prompts"]) or m["result"]))
    assert (view["seed"], view["seed_fixed"]) == (seed, False)
    with server.http() as client:
        frame = client.get(f"/api/replay/{links[('spectator', '')]}", params={"step": 0}).json()
        assert frame["seed"] == seed
        assert client.get(f"/api/save/{links[('seat', 'red')]}").json()["seed"] == seed


def test_a_seed_the_creator_fixes_is_told_to_every_seat(server: Server) -> None:
    links = server.create(game="julius_caesar", seed=49, players=HUMANS)
    views = first_views(server, links)
    assert {(v["seed"], v["seed_fixed"]) for v in views.values()} == {(49, True)}
    with server.http() as client:
        frame = client.get(f"/api/replay/{links[('seat', 'pompey')]}", params={"step": 0}).json()
    assert (frame["seed"], frame["seed_fixed"]) == (49, True)
